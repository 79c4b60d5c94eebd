package messages_test

import (
	"fmt"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/messages"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

// TestSandboxPageReply: a sales person texts a customer, the text shows on the SMS sandbox's
// page, and STOP then HELP replied there are received as the provider's would be: the number
// is opted out, the store answers, and both replies are on the customer's thread.
func TestSandboxPageReply(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	page := messages.SandboxPage(srv.Services, "/sandbox/sms")
	if page == nil {
		t.Fatal("no sandbox page in a local run")
	}
	var sent httpapi.Result[messages.SentText]
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/actions/sms/send", demo.ContactToyota), map[string]any{"text": "Your Camry is ready for pick-up"}, &sent); status != 200 {
		t.Fatalf("send: status %d", status)
	}
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/sandbox/sms/", nil)
	r.RemoteAddr = "127.0.0.1:40000"
	page.ServeHTTP(w, r)
	if !strings.Contains(w.Body.String(), "Your Camry is ready for pick-up") || !strings.Contains(w.Body.String(), strings.TrimPrefix(sent.Data.To, "+")) {
		t.Fatalf("page lacks the text sent to %s: %s", sent.Data.To, w.Body.String())
	}
	tests := []struct {
		text    string
		keyword string
		answer  string
	}{
		{"Stop texting me", "Stop", "unsubscribed"},
		{"HELP", "Help", "STOP"},
	}
	for _, tt := range tests {
		form := url.Values{"account": {fmt.Sprint(demo.AccountID)}, "store": {fmt.Sprint(demo.StoreToyota)}, "from": {sent.Data.To}, "text": {tt.text}}
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "/sandbox/sms/reply", strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.RemoteAddr = "127.0.0.1:40000"
		page.ServeHTTP(w, r)
		loc, _ := url.Parse(w.Header().Get("Location"))
		if w.Code != 303 || loc.Query().Get("keyword") != tt.keyword || !strings.Contains(loc.Query().Get("answer"), tt.answer) || loc.Query().Get("unmatched") != "" {
			t.Errorf("%s: %d %s, want the customer's %s answered", tt.text, w.Code, w.Header().Get("Location"), tt.keyword)
		}
	}
	if _, got := canText(t, srv, sales, demo.ContactToyota); got.CanText || !got.OptedOut {
		t.Errorf("can_text after STOP on the sandbox page = %+v, want opted out", got)
	}
}
