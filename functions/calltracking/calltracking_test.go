package calltracking_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/calltracking"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales     = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager   = "100002" // Morgan Reyes: sales manager of every store
	admin     = "100008" // Taylor Brooks: dealer admin, every store
	marketing = "100011" // Quinn Harper: marketing manager of every store, views customers only
)

func post(t *testing.T, srv *areatest.Server, as, path string, body any, out any) int {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return srv.Do(t, areatest.Request{Method: "POST", Path: path, As: as, Body: string(b)}, out)
}

func counts(t *testing.T, srv *areatest.Server, as string, id int64) activity.Summary {
	t.Helper()
	var got httpapi.Result[activity.Summary]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/activity/counts", id), As: as}, &got); status != 200 {
		t.Fatalf("counts of %d: status %d", id, status)
	}
	return got.Data
}

func TestStartOutboundCall(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tenant := mustTenant(t)
	repo := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil)
	dnc, err := repo.Create(ctx, tenant, contact.Contact{AccountPlatformID: demo.StoreToyota, FirstName: "Dee", LastName: "Nocall", IsDoNotCall: true,
		Phones: []contact.Phone{{Phone: "5035550177", PhoneTypeID: 1}}}, sales)
	if err != nil {
		t.Fatal(err)
	}
	blocked, err := repo.Create(ctx, tenant, contact.Contact{AccountPlatformID: demo.StoreToyota, FirstName: "Bea", LastName: "Blocked",
		Phones: []contact.Phone{{Phone: "5005550001", PhoneTypeID: 1}}}, sales)
	if err != nil {
		t.Fatal(err)
	}
	down, err := repo.Create(ctx, tenant, contact.Contact{AccountPlatformID: demo.StoreToyota, FirstName: "Dan", LastName: "Down",
		Phones: []contact.Phone{{Phone: "5005550003", PhoneTypeID: 1}}}, sales)
	if err != nil {
		t.Fatal(err)
	}
	path := func(id int64) string { return fmt.Sprintf("/crm/contacts/%d/actions/start_outbound_call", id) }
	tests := []struct {
		name    string
		as      string
		id      int64
		body    string
		status  int
		field   string
		message string
	}{
		{"bad user phone", sales, demo.ContactToyota, `{"userPhone":"12"}`, 400, "userPhone", ""},
		{"same number as the customer", sales, demo.ContactToyota, `{"userPhone":"(503) 555-0134"}`, 400, "phoneId", ""},
		{"unknown customer phone", sales, demo.ContactToyota, `{"userPhone":"5035550101","phoneId":9}`, 400, "phoneId", ""},
		{"do not call", sales, dnc.ID, `{"userPhone":"5035550101"}`, 409, "", "do not call"},
		{"blocked by the carrier", sales, blocked.ID, `{"userPhone":"5035550101"}`, 409, "", "blocked"},
		{"provider unavailable", sales, down.ID, `{"userPhone":"5035550101"}`, 409, "", "try again"},
		{"store without call tracking", manager, demo.ContactHyundai, `{"userPhone":"5035550101"}`, 409, "", "Call tracking is not enabled"},
		{"store the user may not view", sales, demo.ContactHyundai, `{"userPhone":"5035550101"}`, 404, "", ""},
		{"another dealer group", admin, demo.OtherContactID, `{"userPhone":"5035550101"}`, 404, "", ""},
		{"viewer", marketing, demo.ContactToyota, `{"userPhone":"5035550101"}`, 403, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, e := srv.Error(t, areatest.Request{Method: "POST", Path: path(tt.id), As: tt.as, Body: tt.body})
			if status != tt.status {
				t.Fatalf("status = %d, want %d (%v)", status, tt.status, e.ErrorMessages)
			}
			if tt.field != "" && e.FieldErrors[tt.field] == "" {
				t.Errorf("field errors = %v, want one for %s", e.FieldErrors, tt.field)
			}
			if tt.message != "" && !strings.Contains(strings.ToLower(strings.Join(e.ErrorMessages, " ")), strings.ToLower(tt.message)) {
				t.Errorf("messages = %v, want %q", e.ErrorMessages, tt.message)
			}
		})
	}
	if s := counts(t, srv, sales, dnc.ID); s.Total != 0 {
		t.Errorf("refused call recorded %d entries", s.Total)
	}
	// Logging a call with a do-not-call customer records what happened.
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/actions/log_phone_call", dnc.ID), map[string]any{"direction": "inbound", "outcome": "contacted"}, nil); status != 200 {
		t.Errorf("log call with a do-not-call customer: %d", status)
	}

	var a, b httpapi.Result[calltracking.OutboundCall]
	body := map[string]any{"userPhone": "503-555-0101", "requestId": "call-1"}
	if status := post(t, srv, sales, path(demo.ContactToyota), body, &a); status != 200 {
		t.Fatalf("start: %d", status)
	}
	if a.Data.CallID == "" || a.Data.Entry.Kind != activity.KindOutboundCall || a.Data.Entry.Details["callId"] != a.Data.CallID || a.Data.Entry.Direction != activity.Outbound {
		t.Errorf("call = %+v", a.Data)
	}
	post(t, srv, sales, path(demo.ContactToyota), body, &b)
	if b.Data.CallID != a.Data.CallID || b.Data.Entry.ID != a.Data.Entry.ID {
		t.Errorf("retry = %+v, want the first call %+v", b.Data, a.Data)
	}
	// The call answers the customer's open lead (the seeded lead has the customer's id).
	var answered httpapi.Result[struct {
		FirstRespondedAt *time.Time `json:"firstRespondedAt"`
	}]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/CrmLead/%d", demo.ContactToyota), As: sales}, &answered); status != 200 ||
		answered.Data.FirstRespondedAt == nil || !answered.Data.FirstRespondedAt.Equal(a.Data.Entry.At) {
		t.Errorf("lead after the call: status %d, first response %v, want %v", status, answered.Data.FirstRespondedAt, a.Data.Entry.At)
	}
	var ov httpapi.Result[conversationOverview]
	if status := post(t, srv, sales, "/api/Activity/conversation/overview/", map[string]any{"contactId": demo.ContactToyota}, &ov); status != 200 {
		t.Fatalf("overview: %d", status)
	}
	if ph := ov.Data.Channels[0]; ph.Channel != activity.ChannelPhone || ph.Outbound != 1 || ph.Inbound != 0 || ov.Data.LastOutboundAt == nil || ov.Data.LastInboundAt != nil {
		t.Errorf("overview = %+v", ov.Data)
	}
}

func mustTenant(t *testing.T) store.Tenant {
	t.Helper()
	tenant, err := store.NewTenant(fmt.Sprint(demo.AccountID))
	if err != nil {
		t.Fatal(err)
	}
	return tenant
}

// conversationOverview is what the activity area's conversation overview answers, as far as
// a started call changes it.
type conversationOverview struct {
	Channels       []activity.ChannelStats `json:"channels"`
	LastInboundAt  *time.Time              `json:"lastInboundAt"`
	LastOutboundAt *time.Time              `json:"lastOutboundAt"`
}
