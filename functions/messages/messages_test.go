package messages_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/messages"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales = "100001" // Sam Ortega: sales person of Toyota and Honda
	admin = "100008" // Taylor Brooks: dealer admin, every store
)

func post(t *testing.T, srv *areatest.Server, as, path string, body any, out any) int {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return srv.Do(t, areatest.Request{Method: "POST", Path: path, As: as, Body: string(b)}, out)
}

func canText(t *testing.T, srv *areatest.Server, as string, id int64) (int, messages.CanText) {
	t.Helper()
	var res httpapi.Result[messages.CanText]
	status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/%d/actions/sms/can_text", id), As: as}, &res)
	return status, res.Data
}

func TestCanText(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name    string
		as      string
		id      int64
		status  int
		canText bool
		reason  string
	}{
		{"opted in with a cell phone", sales, demo.ContactToyota, 200, true, ""},
		{"do not text", admin, demo.ContactHyundai, 200, false, "DoNotText"},
		{"opted out of texts", sales, demo.ContactHondaOptedOut, 200, false, "ContactOptedOut"},
		{"no mobile phone", sales, demo.ContactToyotaSamePhone, 200, false, "NotMobile"},
		{"a store the user may not view", sales, demo.ContactHyundai, 404, false, ""},
	}
	for _, tt := range tests {
		status, got := canText(t, srv, tt.as, tt.id)
		if status != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, status, tt.status)
			continue
		}
		if status == 200 && (got.CanText != tt.canText || got.ReasonCode != tt.reason || (got.Reason == "") != tt.canText) {
			t.Errorf("%s: can_text = %+v, want %v %q", tt.name, got, tt.canText, tt.reason)
		}
	}
}

// TestSendReplyStop: a sales person texts a customer, the customer replies STOP through the
// sandbox, can_text says so, and neither a text nor a bulk text reaches them after.
func TestSendReplyStop(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	send := fmt.Sprintf("/crm/contacts/%d/actions/sms/send", demo.ContactToyota)
	tests := []struct {
		name   string
		body   any
		status int
	}{
		{"empty text", map[string]any{"text": " "}, 400},
		{"a phone the customer does not have", map[string]any{"text": "Hi", "phoneId": 99}, 400},
		{"a text", map[string]any{"text": "Hi {FirstName}, your car is ready."}, 200},
	}
	for _, tt := range tests {
		var res httpapi.Result[messages.SentText]
		if status := post(t, srv, sales, send, tt.body, &res); status != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, status, tt.status)
		} else if status == 200 && (res.Data.Entry.Kind != "text" || res.Data.Entry.Direction != "outbound" || strings.Contains(res.Data.Entry.Text, "{FirstName}")) {
			t.Errorf("%s: entry %+v", tt.name, res.Data.Entry)
		}
	}
	var reply httpapi.Result[messages.Reply]
	if status := post(t, srv, sales, "/api/sms/sandbox/reply", map[string]any{"accountPlatformId": demo.StoreToyota, "from": "503-555-0134", "text": "Stop texting me please"}, &reply); status != 200 {
		t.Fatalf("sandbox reply: status %d", status)
	}
	if reply.Data.ContactID != demo.ContactToyota || reply.Data.Keyword != "Stop" || reply.Data.State != "OptedOut" || reply.Data.Answer == "" {
		t.Errorf("reply = %+v, want an opt-out threaded onto the customer and confirmed", reply.Data)
	}
	if _, got := canText(t, srv, sales, demo.ContactToyota); got.CanText || !got.OptedOut || !strings.Contains(got.Reason, "Stop texting me please") {
		t.Errorf("can_text after STOP = %+v", got)
	}
	status, msgs := srv.Error(t, areatest.Request{Method: "POST", Path: send, As: sales, Body: `{"text":"One more thing"}`})
	if status != 409 || !strings.Contains(strings.Join(msgs.ErrorMessages, " "), "opted out") {
		t.Errorf("send after STOP: %d %v, want 409 saying opted out", status, msgs)
	}
	var bulk httpapi.Result[messages.BulkResult]
	if status := post(t, srv, sales, "/api/sms/bulk", map[string]any{"contactIds": []int64{demo.ContactToyota, demo.ContactHyundai}, "text": "Sale this weekend"}, &bulk); status != 200 {
		t.Fatalf("bulk: status %d", status)
	}
	if bulk.Data.Sent != 0 || bulk.Data.NotSent != 2 || bulk.Data.Outcomes[0].ReasonCode != "OptedOut" || bulk.Data.Outcomes[1].ReasonCode != "NotFound" {
		t.Errorf("bulk = %+v", bulk.Data)
	}
}

func TestInboundWebhookRefusesUnknownStores(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/sms/inbound?account=%d&store=%d&token=guess", demo.AccountID, demo.StoreToyota), Body: `{"Type":"Notification"}`})
	if status != 401 {
		t.Errorf("status %d, want 401", status)
	}
}
