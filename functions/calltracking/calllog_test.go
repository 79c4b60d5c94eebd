package calltracking_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/events/callarchive"
	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/calltracking"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/calllog"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/provider/calltrack/sandbox"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

// deliver posts body to the webhook of store storeID of account acct signed with key.
func deliver(t *testing.T, srv *areatest.Server, acct, storeID int64, key []byte, body []byte) (int, httpapi.Result[calllog.Call], httpapi.ErrorBody) {
	t.Helper()
	req := httptest.NewRequest("POST", fmt.Sprintf("%s?accountId=%d&accountPlatformId=%d", calltracking.WebhookPath, acct, storeID), strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	if key != nil {
		req.Header.Set(calltrack.SignatureHeader, calltrack.Sign(key, body))
	}
	rec := httptest.NewRecorder()
	calltracking.New(srv.Services).ServeHTTP(rec, req)
	var ok httpapi.Result[calllog.Call]
	var bad httpapi.ErrorBody
	if rec.Code == 200 {
		if err := json.Unmarshal(rec.Body.Bytes(), &ok); err != nil {
			t.Fatal(err)
		}
	} else {
		_ = json.Unmarshal(rec.Body.Bytes(), &bad)
	}
	return rec.Code, ok, bad
}

func record(id, phone string, answered bool, at time.Time) []byte {
	b, _ := calltrack.Encode(calltrack.Record{ProviderCallID: id, Direction: "inbound", CustomerPhone: phone, CustomerName: "=HYPERLINK(\"x\")",
		TrackingPhone: "+15035553001", Source: "Google Ads", Answered: answered, DurationSeconds: 95, RecordingURL: "https://app.callrail.com/calls/" + id + "/recording", StartedAt: at})
	return b
}

func TestPostCallWebhook(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tenant := mustTenant(t)
	repo := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil)
	c, err := repo.Create(ctx, tenant, contact.Contact{AccountPlatformID: demo.StoreToyota, FirstName: "Cal", LastName: "Webhook",
		Phones: []contact.Phone{{Phone: "5035550911", PhoneTypeID: 1}}}, sales)
	if err != nil {
		t.Fatal(err)
	}
	key := calltracking.SandboxKey(srv.Services.Store, tenant, demo.StoreToyota)
	at := srv.Now().Add(-time.Hour).UTC().Truncate(time.Second)
	matched := record("CALwebhook1", "+15035550911", true, at)
	tests := []struct {
		name    string
		acct    int64
		store   int64
		key     []byte
		body    []byte
		status  int
		field   string
		contact int64
		calls   int // the customer's phone entries after the delivery
	}{
		{"matched by phone", demo.AccountID, demo.StoreToyota, key, matched, 200, "", c.ID, 1},
		{"retried delivery has no second effect", demo.AccountID, demo.StoreToyota, key, matched, 200, "", c.ID, 1},
		{"unknown caller stays unmatched", demo.AccountID, demo.StoreToyota, key, record("CALwebhook2", "+15035550912", false, at), 200, "", 0, 1},
		{"no signature", demo.AccountID, demo.StoreToyota, nil, record("CALwebhook3", "+15035550911", true, at), 401, "", 0, 1},
		{"wrong key", demo.AccountID, demo.StoreToyota, []byte("guess"), record("CALwebhook4", "+15035550911", true, at), 401, "", 0, 1},
		{"another store's key", demo.AccountID, demo.StoreHonda, key, record("CALwebhook5", "+15035550911", true, at), 401, "", 0, 1},
		{"another group's store", demo.AccountID, demo.OtherStore, key, record("CALwebhook6", "+15035550911", true, at), 404, "", 0, 1},
		{"not a call record", demo.AccountID, demo.StoreToyota, key, []byte(`{"resource_id":"CALbad","direction":"sideways","start_time":"2026-01-01T00:00:00Z"}`), 400, "direction", 0, 1},
	}
	for _, tc := range tests {
		status, ok, bad := deliver(t, srv, tc.acct, tc.store, tc.key, tc.body)
		if status != tc.status {
			t.Fatalf("%s: status %d, want %d (%+v)", tc.name, status, tc.status, bad)
		}
		if tc.field != "" && bad.FieldErrors[tc.field] == "" {
			t.Errorf("%s: no error on %s: %+v", tc.name, tc.field, bad)
		}
		if status == 200 && ok.Data.ContactID != tc.contact {
			t.Errorf("%s: contact %d, want %d", tc.name, ok.Data.ContactID, tc.contact)
		}
		if got := counts(t, srv, manager, c.ID).Count(activity.CategoryPhone); got != tc.calls {
			t.Errorf("%s: %d phone entries, want %d", tc.name, got, tc.calls)
		}
	}
}

func TestCallLogMatchHideAssign(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tenant := mustTenant(t)
	repo := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil)
	c, err := repo.Create(ctx, tenant, contact.Contact{AccountPlatformID: demo.StoreToyota, FirstName: "Una", LastName: "Matched",
		Phones: []contact.Phone{{Phone: "5035550921", PhoneTypeID: 1}}}, sales)
	if err != nil {
		t.Fatal(err)
	}
	var sent httpapi.Result[calllog.Call]
	if status := post(t, srv, manager, "/api/calltracking/sandbox/send_call", map[string]any{"accountPlatformId": demo.StoreToyota, "customerPhone": "5035550929", "customerName": "UNKNOWN CALLER"}, &sent); status != 200 {
		t.Fatalf("send_call: status %d", status)
	}
	if sent.Data.Matched() {
		t.Fatalf("the sandbox call is matched: %+v", sent.Data)
	}
	var unmatched httpapi.Result[[]calltracking.CallLogRow]
	if status := post(t, srv, manager, "/api/calltracking/dashboard/get_unmatched_calls_data", map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}}, &unmatched); status != 200 {
		t.Fatalf("unmatched: status %d", status)
	}
	i := slices.IndexFunc(unmatched.Data, func(r calltracking.CallLogRow) bool { return r.ID == sent.Data.ID })
	if i < 0 {
		t.Fatalf("the call is not among the unmatched: %+v", unmatched.Data)
	}
	call := unmatched.Data[i]
	match := func(version, contactID int64) map[string]any {
		return map[string]any{"accountPlatformId": demo.StoreToyota, "callId": call.ID, "version": version, "contactId": contactID}
	}
	tests := []struct {
		name   string
		as     string
		path   string
		body   map[string]any
		status int
	}{
		{"sales person may not use the Call Log", sales, "/api/calltracking/dashboard/match_call_log_entry", match(1, c.ID), 403},
		{"another group's manager", demo.OtherManagerID, "/api/calltracking/dashboard/match_call_log_entry", match(1, c.ID), 403},
		{"stale version", manager, "/api/calltracking/dashboard/match_call_log_entry", match(7, c.ID), 409},
		{"match", manager, "/api/calltracking/dashboard/match_call_log_entry", match(1, c.ID), 200},
		{"matched already", manager, "/api/calltracking/dashboard/match_call_log_entry", match(2, c.ID), 409},
		{"assign logged by", manager, "/api/calltracking/dashboard/assign_logged_by_user", map[string]any{"accountPlatformId": demo.StoreToyota, "callId": call.ID, "version": 2, "userId": sales}, 200},
		{"assign through the other spelling", manager, "/api/call_tracking/dashboard/assign_logged_by_user", map[string]any{"accountPlatformId": demo.StoreToyota, "callId": call.ID, "version": 3, "userId": manager}, 200},
		{"assign another group's user", manager, "/api/calltracking/dashboard/assign_logged_by_user", map[string]any{"accountPlatformId": demo.StoreToyota, "callId": call.ID, "version": 4, "userId": demo.OtherManagerID}, 400},
		{"hide", manager, "/api/calltracking/dashboard/hide_or_show_call", map[string]any{"accountPlatformId": demo.StoreToyota, "callId": call.ID, "version": 4, "hidden": true}, 200},
	}
	for _, tc := range tests {
		if status := post(t, srv, tc.as, tc.path, tc.body, nil); status != tc.status {
			t.Fatalf("%s: status %d, want %d", tc.name, status, tc.status)
		}
	}
	if got := counts(t, srv, manager, c.ID).Count(activity.CategoryPhone); got != 1 {
		t.Errorf("phone entries after the match = %d, want 1", got)
	}
	var search httpapi.Result[[]calltracking.CallLogRow]
	post(t, srv, manager, "/api/calltracking/dashboard/search", map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}}, &search)
	if slices.ContainsFunc(search.Data, func(r calltracking.CallLogRow) bool { return r.ID == call.ID }) {
		t.Errorf("a hidden call is listed: %+v", search.Data)
	}
	post(t, srv, manager, "/api/calltracking/dashboard/search", map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}, "showHidden": true, "text": "una"}, &search)
	if len(search.Data) != 1 || search.Data[0].ContactID != c.ID || search.Data[0].LoggedByUserID != manager || !search.Data[0].Hidden {
		t.Errorf("search = %+v", search.Data)
	}
	var cnt httpapi.Result[calltracking.CallCounts]
	post(t, srv, manager, "/api/calltracking/dashboard/get_call_tracking_counts", map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}, "showHidden": true, "text": "una"}, &cnt)
	if cnt.Data.Total != 1 || cnt.Data.Matched != 1 || cnt.Data.Hidden != 1 {
		t.Errorf("counts = %+v", cnt.Data)
	}
	status, raw, _ := srv.Raw(t, areatest.Request{Method: "POST", Path: "/api/calltracking/dashboard/export", As: manager, Body: `{"accountPlatformIds":[2001],"showHidden":true,"text":"una"}`})
	if status != 200 || !strings.Contains(string(raw), `,Yes,`) || !strings.Contains(string(raw), `"=""+15035550929"""`) {
		t.Errorf("export: status %d\n%s", status, raw)
	}
	if status := post(t, srv, demo.OtherManagerID, "/api/calltracking/dashboard/search", map[string]any{"accountPlatformIds": []int64{demo.StoreToyota}}, nil); status != 403 {
		t.Errorf("another group's search: status %d, want 403", status)
	}
}

func TestExportNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	row := calltracking.ExportRecord(calltracking.CallLogRow{Call: calllog.Call{ID: "CAL1", CustomerName: "=HYPERLINK(\"x\")", CustomerPhone: "+15035550100", Answered: true, Source: "@source"}})
	for i, want := range map[int]string{4: `'=HYPERLINK("x")`, 5: `="+15035550100"`, 8: "No", 9: "'@source", 11: "Yes", 12: "No"} {
		if row[i] != want {
			t.Errorf("%s = %q, want %q", calltracking.ExportHeader[i], row[i], want)
		}
	}
}

func TestAutoArchive(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tenant := mustTenant(t)
	now := srv.Now()
	for i, age := range []time.Duration{72 * time.Hour, time.Hour} {
		if _, err := calltracking.SendSandboxCall(ctx, srv.Services, tenant, sandbox.Inbound{AccountPlatformID: demo.StoreHonda, At: now.Add(-age), Seed: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	var saved httpapi.Result[calllog.ArchiveSettings]
	tests := []struct {
		name   string
		body   map[string]any
		status int
	}{
		{"days out of range", map[string]any{"accountPlatformId": demo.StoreHonda, "enabled": true, "days": 0, "version": 0}, 400},
		{"stale version", map[string]any{"accountPlatformId": demo.StoreHonda, "enabled": true, "days": 2, "version": 3}, 409},
		{"enable", map[string]any{"accountPlatformId": demo.StoreHonda, "enabled": true, "days": 2, "version": 0}, 200},
	}
	for _, tc := range tests {
		if status := post(t, srv, manager, "/api/calltracking/dashboard/save_auto_archive_settings", tc.body, &saved); status != tc.status {
			t.Fatalf("%s: status %d, want %d", tc.name, status, tc.status)
		}
	}
	repo := calllog.NewRepo(srv.Services.Store, nil)
	due := calllog.ArchiveDue{AccountPlatformID: demo.StoreHonda, Version: saved.Data.Version}
	detail, _ := json.Marshal(due)
	h := callarchive.Handler(srv.Services, nil)
	for i := range 2 {
		// The event delivered twice archives once.
		if err := h(ctx, eventbus.Event{ID: "archive-1", Type: calllog.EventArchiveDue, Account: tenant.Account(), Time: now, Detail: detail}); err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
	}
	_ = repo.Each(ctx, tenant, demo.StoreHonda, time.Time{}, time.Time{}, func(c calllog.Call) error {
		if old := c.StartedAt.Before(now.AddDate(0, 0, -2)); c.Archived != old {
			t.Errorf("call of %v archived = %t, want %t", c.StartedAt, c.Archived, old)
		}
		return nil
	})
	s, err := repo.ArchiveSettings(ctx, tenant, demo.StoreHonda)
	if err != nil || s.LastRunAt == nil || s.Version != due.Version+1 {
		t.Errorf("settings after the run = %+v, %v", s, err)
	}
}
