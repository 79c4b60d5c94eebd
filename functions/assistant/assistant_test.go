package assistant_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/assistant"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/autoassistant"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/domain/video"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales   = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager = "100002" // Morgan Reyes: sales manager of every store
)

func body(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func conversations(t *testing.T, srv *areatest.Server, as string, contactID int64) []autoassistant.Conversation {
	t.Helper()
	var got httpapi.Result[[]autoassistant.Conversation]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/auto_assistant/full_conversation", As: as, Body: body(map[string]any{"contactId": contactID})}, &got); status != 200 {
		t.Fatalf("full_conversation of %d as %s: %d", contactID, as, status)
	}
	return got.Data
}

func TestConversationStates(t *testing.T) {
	srv := areatest.New(t)
	seeded := fmt.Sprintf("AA-demo-%d", demo.ContactToyota)
	ref := func(version int64) map[string]any {
		return map[string]any{"contactId": demo.ContactToyota, "conversationId": seeded, "version": version}
	}
	with := func(m map[string]any, k string, v any) map[string]any { m[k] = v; return m }
	steps := []struct {
		name        string
		path        string
		as          string
		body        any
		wantStatus  int
		wantStatus2 string
		wantError   string
	}{
		{"a second conversation at the store is refused", "/api/auto_assistant/new_request", sales, map[string]any{"contactId": demo.ContactToyota, "conversationType": "Sales", "channel": "email"}, 409, "", autoassistant.MsgAlreadyActive},
		{"an unknown conversation type", "/api/auto_assistant/new_request", sales, map[string]any{"contactId": demo.ContactToyota, "conversationType": "Parts", "channel": "email"}, 400, "", "conversationType"},
		{"a stale version", "/api/auto_assistant/end_conversation", sales, ref(7), 409, "", autoassistant.MsgStale},
		{"an empty name", "/api/auto_assistant/conversation_name", sales, with(ref(1), "name", " "), 400, "", "name"},
		{"rename", "/api/auto_assistant/conversation_name", sales, with(ref(1), "name", "Camry trade-in"), 200, autoassistant.StatusPreparingLead, ""},
		{"end by the sales person", "/api/auto_assistant/end_conversation", sales, ref(2), 200, autoassistant.StatusRepStopped, ""},
		{"end again", "/api/auto_assistant/end_conversation", sales, ref(3), 409, "", autoassistant.MsgEnded},
		{"an ended conversation is still renamed", "/api/auto_assistant/conversation_name", sales, with(ref(3), "name", "Closed"), 200, autoassistant.StatusRepStopped, ""},
		{"another dealer group's conversation", "/api/auto_assistant/end_conversation", sales, map[string]any{"contactId": demo.ContactToyota, "conversationId": fmt.Sprintf("AA-demo-%d", demo.OtherContactID), "version": 1}, 404, "", ""},
	}
	for _, s := range steps {
		status, raw, _ := srv.Raw(t, areatest.Request{Method: "POST", Path: s.path, As: s.as, Body: body(s.body)})
		if status != s.wantStatus {
			t.Fatalf("%s: status %d (%s), want %d", s.name, status, raw, s.wantStatus)
		}
		if s.wantError != "" && !strings.Contains(string(raw), s.wantError) {
			t.Errorf("%s: %s does not say %q", s.name, raw, s.wantError)
		}
		if s.wantStatus2 != "" {
			var got httpapi.Result[autoassistant.Conversation]
			json.Unmarshal(raw, &got)
			if got.Data.Status != s.wantStatus2 {
				t.Errorf("%s: status %q, want %q", s.name, got.Data.Status, s.wantStatus2)
			}
		}
	}
	// Ended, the customer may be handed to the assistant again: by e-mail, with a first message
	// recorded as automated activity.
	var started httpapi.Result[autoassistant.Conversation]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/auto_assistant/new_request", As: sales,
		Body: body(map[string]any{"contactId": demo.ContactToyota, "conversationType": "Sales", "channel": "email", "vehicle": "2025 Toyota RAV4"})}, &started); status != 200 {
		t.Fatalf("new_request after the end: %d", status)
	}
	c := started.Data
	if !c.Active || c.Status != autoassistant.StatusSentMessage || len(c.Messages) != 1 || c.To != "maria.gonzalez@example.com" {
		t.Fatalf("started = %+v", c)
	}
	if !strings.Contains(c.Messages[0].Body, "2025 Toyota RAV4") || c.Messages[0].ActivityID == 0 {
		t.Errorf("first message = %+v", c.Messages[0])
	}
	tn, _ := store.NewTenant(fmt.Sprint(demo.AccountID))
	page, err := activity.NewRepo(srv.Services.Store, nil, nil).Feed(context.Background(), tn, []int64{demo.ContactToyota}, activity.FeedQuery{Category: ""})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range page.Entries {
		if e.ID == c.Messages[0].ActivityID {
			found = e.Details["automated"] == "true" && e.Kind == activity.KindEmail && e.Direction == activity.Outbound && e.Details["assistantConversationId"] == c.ID
		}
	}
	if !found {
		t.Errorf("no automated e-mail entry %d in the customer's activity", c.Messages[0].ActivityID)
	}
	if got := conversations(t, srv, sales, demo.ContactToyota); len(got) != 2 || got[0].ID != c.ID {
		t.Errorf("full_conversation = %d conversations, newest %v", len(got), got)
	}
}

func TestAssistantObeysConsent(t *testing.T) {
	srv := areatest.New(t)
	ctx := context.Background()
	tn, _ := store.NewTenant(fmt.Sprint(demo.AccountID))
	honda, err := srv.Services.Accounts.Store(ctx, tn, demo.StoreHonda)
	if err != nil {
		t.Fatal(err)
	}
	ledger := consent.NewRepo(srv.Services.Store)
	rules, err := ledger.Rules(ctx, tn, honda)
	if err != nil {
		t.Fatal(err)
	}
	start := func(as string, contactID int64, channel string) (int, string) {
		status, raw, _ := srv.Raw(t, areatest.Request{Method: "POST", Path: "/api/auto_assistant/new_request", As: as,
			Body: body(map[string]any{"contactId": contactID, "conversationType": "Sales", "channel": channel})})
		return status, string(raw)
	}
	if status, raw := start(manager, demo.ContactHyundai, "text"); status != 409 || !strings.Contains(raw, "Do Not Text") {
		t.Errorf("texting a Do Not Text customer: %d %s", status, raw)
	}
	if _, _, err := ledger.Record(ctx, rules, "+19715550112", consent.Change{Kind: consent.KindOptOut, How: consent.HowKeyword, Who: consent.WhoCustomer, Message: "STOP", ContactID: demo.ContactHonda}); err != nil {
		t.Fatal(err)
	}
	if status, raw := start(sales, demo.ContactHonda, "text"); status != 409 || !strings.Contains(raw, "may not text") {
		t.Errorf("texting an opted-out number: %d %s", status, raw)
	}
	if got := conversations(t, srv, sales, demo.ContactHonda); len(got) != 0 {
		t.Errorf("a refused start left %d conversations", len(got))
	}
	// E-mail does not need the texting consent.
	if status, raw := start(sales, demo.ContactHonda, "email"); status != 200 {
		t.Errorf("e-mail start: %d %s", status, raw)
	}
}

func TestTenancy(t *testing.T) {
	srv := areatest.New(t)
	other := demo.OtherUserID
	tests := []struct {
		name, method, path, body string
		want                     int
	}{
		{"another group's customer's conversations", "POST", "/api/auto_assistant/full_conversation", body(map[string]any{"contactId": demo.ContactToyota}), 404},
		{"another group's store's videos", "POST", "/cxp/video/search", body(map[string]any{"accountPlatformId": demo.StoreToyota}), 404},
		{"another group's video link", "POST", "/cxp/video/internalauthlink", body(map[string]any{"accountPlatformId": demo.StoreToyota, "videoId": fmt.Sprintf("VD-demo-%d-1", demo.StoreToyota)}), 404},
		{"a reply to another group's customer", "POST", "/generate/sms/response", body(map[string]any{"contactId": demo.ContactToyota}), 404},
	}
	for _, tt := range tests {
		if got := srv.Do(t, areatest.Request{Method: tt.method, Path: tt.path, As: other, Body: tt.body}, nil); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestVideosAndReplies(t *testing.T) {
	srv := areatest.New(t)
	var found httpapi.Result[[]video.Video]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/cxp/video/search", As: sales, Body: body(map[string]any{"accountPlatformId": demo.StoreToyota, "searchText": "walkaround"})}, &found); status != 200 {
		t.Fatalf("search: %d", status)
	}
	if len(found.Data) != 1 || found.PageData == nil || found.PageData.TotalRecords != 1 {
		t.Fatalf("search = %+v", found)
	}
	var link httpapi.Result[assistant.VideoLink]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/cxp/video/internalauthlink", As: sales,
		Body: body(map[string]any{"accountPlatformId": demo.StoreToyota, "videoId": found.Data[0].ID, "contactId": demo.ContactToyota})}, &link); status != 200 {
		t.Fatalf("link: %d", status)
	}
	if !strings.HasPrefix(link.Data.URL, "/media/accounts/1001/videos/") || !strings.Contains(link.Data.URL, "signature=") {
		t.Errorf("link = %q", link.Data.URL)
	}
	if got, want := link.Data.ExpiresAt.Sub(srv.Services.Store.Now()), assistant.CustomerTTL; got < want-2e9 || got > want {
		t.Errorf("link valid for %s, want %s", got, want)
	}
	var counts httpapi.Result[assistant.DashboardCount]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/cxp/video/dashboard/count", As: sales, Body: body(map[string]any{"accountPlatformId": demo.StoreToyota})}, &counts); status != 200 {
		t.Fatalf("count: %d", status)
	}
	if counts.Data.Sent != 1 || counts.Data.SentByMe != 1 || counts.Data.Videos != 4 {
		t.Errorf("counts = %+v", counts.Data)
	}
	var reply httpapi.Result[assistant.GeneratedReply]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/generate/email/response", As: sales, Body: body(map[string]any{"contactId": demo.ContactToyota, "instructions": "offer Saturday morning"})}, &reply); status != 200 {
		t.Fatalf("generate: %d", status)
	}
	if !reply.Data.Draft || !strings.HasPrefix(reply.Data.Body, "Hi Maria") || !strings.Contains(reply.Data.Body, "Offer Saturday morning.") || reply.Data.Subject == "" {
		t.Errorf("reply = %+v", reply.Data)
	}
	status, raw, _ := srv.Raw(t, areatest.Request{Method: "POST", Path: "/cxp/video", As: sales, Body: body(map[string]any{"accountPlatformId": demo.StoreToyota, "subcategoryId": 1, "title": "Mine", "contentType": "video/webm", "data": []byte("webm")})})
	if status != 403 {
		t.Errorf("a sales person adding a video: %d %s", status, raw)
	}
	status, raw, _ = srv.Raw(t, areatest.Request{Method: "POST", Path: "/cxp/video", As: manager, Body: body(map[string]any{"accountPlatformId": demo.StoreToyota, "subcategoryId": 0, "title": "", "contentType": "text/html", "data": []byte("x")})})
	if status != 400 || !strings.Contains(string(raw), "subcategoryId") || !strings.Contains(string(raw), "title") || !strings.Contains(string(raw), "file") {
		t.Errorf("a bad video: %d %s", status, raw)
	}
}
