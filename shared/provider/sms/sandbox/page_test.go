package sandbox_test

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/provider/sms"
	"github.com/cxm/cxm/shared/provider/sms/sandbox"
	"github.com/cxm/cxm/shared/runtime/store"
)

var at = time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)

// received is what the fake receiver was given.
type received struct {
	tenant string
	store  int64
	in     sms.Inbound
}

func TestPageReply(t *testing.T) {
	t.Parallel()
	p := sandbox.New(0, func() time.Time { return at })
	tn, _ := store.NewTenant("1001")
	for _, to := range []string{"+15035550134", "+15035550135"} {
		if _, err := p.Send(context.Background(), sms.Message{Tenant: tn, AccountPlatformID: 2001, To: to, Text: "Your truck is ready"}); err != nil {
			t.Fatal(err)
		}
	}
	var got []received
	receive := func(ctx context.Context, t store.Tenant, storeID int64, in sms.Inbound) (sandbox.Receipt, error) {
		got = append(got, received{t.Account(), storeID, in})
		switch strings.ToUpper(in.Text) {
		case "STOP":
			return sandbox.Receipt{ContactID: 7, Keyword: "Stop", Answer: "You are unsubscribed."}, nil
		case "BROKEN":
			return sandbox.Receipt{}, errors.New("the store does not exist")
		}
		return sandbox.Receipt{ContactID: 7}, nil
	}
	h := p.Handler("/sandbox/sms", receive)
	do := func(method, target, remote, origin string, form url.Values) *httptest.ResponseRecorder {
		var body io.Reader
		if form != nil {
			body = strings.NewReader(form.Encode())
		}
		r := httptest.NewRequest(method, target, body)
		r.RemoteAddr = remote
		if form != nil {
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	const local = "127.0.0.1:50000"
	reply := func(from, text string) url.Values {
		return url.Values{"account": {"1001"}, "store": {"2001"}, "from": {from}, "text": {text}}
	}

	page := do("GET", "/sandbox/sms/", local, "", nil)
	if page.Code != 200 || !strings.Contains(page.Body.String(), "15035550134") || !strings.Contains(page.Body.String(), "Your truck is ready") ||
		strings.Count(page.Body.String(), "Reply as the customer</button>") != 2 {
		t.Fatalf("page = %d %s, want both conversations with a reply box", page.Code, page.Body.String())
	}

	tests := []struct {
		name     string
		remote   string
		origin   string
		form     url.Values
		status   int
		location string
		body     string
		received int
	}{
		{name: "not loopback", remote: "192.0.2.10:4000", form: reply("+15035550134", "STOP"), status: 403},
		{name: "posted from another site", remote: local, origin: "https://evil.example", form: reply("+15035550134", "STOP"), status: 403},
		{name: "empty text", remote: local, form: reply("+15035550134", "  "), status: 400, body: "Enter the text the customer sends"},
		{name: "number not E.164", remote: local, form: reply("5035550134", "Hi"), status: 400, body: "E.164"},
		{name: "no store", remote: local, form: url.Values{"account": {"1001"}, "from": {"+15035550134"}, "text": {"Hi"}}, status: 400, body: "Choose a conversation"},
		{name: "receiver refuses", remote: local, form: reply("+15035550134", "broken"), status: 400, body: "was not received", received: 1},
		{name: "STOP", remote: local, origin: "http://example.com", form: reply("+15035550134", "STOP"), status: 303, received: 1,
			location: "/sandbox/sms/?answer=You+are+unsubscribed.&keyword=Stop&replied=%2B15035550134#c-1001-2001-15035550134"},
	}
	for _, tc := range tests {
		got = nil
		w := do("POST", "/sandbox/sms/reply", tc.remote, tc.origin, tc.form)
		if w.Code != tc.status {
			t.Errorf("%s: status %d, want %d (%s)", tc.name, w.Code, tc.status, w.Body.String())
			continue
		}
		if tc.location != "" && w.Header().Get("Location") != tc.location {
			t.Errorf("%s: Location %q, want %q", tc.name, w.Header().Get("Location"), tc.location)
		}
		if tc.body != "" && !strings.Contains(w.Body.String(), tc.body) {
			t.Errorf("%s: body lacks %q", tc.name, tc.body)
		}
		if len(got) != tc.received {
			t.Errorf("%s: received %d replies, want %d", tc.name, len(got), tc.received)
		}
	}
	// httptest's requests are for example.com: the STOP's origin above was the page's own.
	if len(got) != 1 || got[0].tenant != "1001" || got[0].store != 2001 || got[0].in.From != "+15035550134" || got[0].in.To != sandbox.Number(2001) || got[0].in.MessageID == "" {
		t.Errorf("received %+v, want the STOP from the customer to the store's number", got)
	}
	page = do("GET", "/sandbox/sms/?replied=%2B15035550134&keyword=Stop&answer=You+are+unsubscribed.", local, "", nil)
	if b := page.Body.String(); !strings.Contains(b, "received as Stop") || !strings.Contains(b, "You are unsubscribed.") || !strings.Contains(b, ">STOP</li>") && !strings.Contains(b, "<br>STOP</li>") {
		t.Errorf("page after the reply lacks the notice or the customer's text: %s", b)
	}
}
