package activity_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	areaactivity "github.com/cxm/cxm/functions/activity"
	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/local/clocktest"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/eventbus"
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

func feed(t *testing.T, srv *areatest.Server, as string, id int64, body map[string]any) httpapi.Result[areaactivity.ActivityFeed] {
	t.Helper()
	var got httpapi.Result[areaactivity.ActivityFeed]
	if body == nil {
		body = map[string]any{}
	}
	if status := post(t, srv, as, fmt.Sprintf("/crm/contacts/%d/activity/feed/paged", id), body, &got); status != 200 {
		t.Fatalf("feed of %d: status %d", id, status)
	}
	return got
}

func counts(t *testing.T, srv *areatest.Server, as string, id int64) activity.Summary {
	t.Helper()
	var got httpapi.Result[activity.Summary]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/activity/counts", id), As: as}, &got); status != 200 {
		t.Fatalf("counts of %d: status %d", id, status)
	}
	return got.Data
}

func TestLogValidation(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	call := func(id int64) string { return fmt.Sprintf("/crm/contacts/%d/actions/log_phone_call", id) }
	note := func(id int64) string { return fmt.Sprintf("/crm/contacts/%d/actions/log_note", id) }
	customer := func(id int64) string { return fmt.Sprintf("/crm/contacts/%d/log_customer_note", id) }
	long := strings.Repeat("a", activity.MaxTextLength+1)
	tests := []struct {
		name   string
		as     string
		path   string
		body   string
		status int
		field  string
	}{
		{"call without direction", sales, call(demo.ContactToyota), `{"outcome":"contacted"}`, 400, "direction"},
		{"call with a bad outcome", sales, call(demo.ContactToyota), `{"direction":"inbound","outcome":"great"}`, 400, "outcome"},
		{"call too long", sales, call(demo.ContactToyota), `{"direction":"inbound","outcome":"contacted","durationSeconds":90000}`, 400, "durationSeconds"},
		{"call notes too long", sales, call(demo.ContactToyota), `{"direction":"inbound","outcome":"contacted","notes":"` + long + `"}`, 400, "notes"},
		{"call on an unknown phone", sales, call(demo.ContactToyota), `{"direction":"inbound","outcome":"contacted","phoneId":99}`, 400, "phoneId"},
		{"empty note", sales, note(demo.ContactToyota), `{"text":"   "}`, 400, "text"},
		{"note too long", sales, note(demo.ContactToyota), `{"text":"` + long + `"}`, 400, "text"},
		{"empty customer note", sales, customer(demo.ContactToyota), `{"text":""}`, 400, "text"},
		{"viewer may not log", marketing, note(demo.ContactToyota), `{"text":"hello"}`, 403, ""},
		{"store the user may not view", sales, note(demo.ContactHyundai), `{"text":"hello"}`, 404, ""},
		{"another dealer group's customer", admin, note(demo.OtherContactID), `{"text":"hello"}`, 404, ""},
		{"another dealer group's customer, call", admin, call(demo.OtherContactID), `{"direction":"inbound","outcome":"contacted"}`, 404, ""},
		{"no such customer", admin, note(demo.ContactToyota + 999_000), `{"text":"hello"}`, 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, e := srv.Error(t, areatest.Request{Method: "POST", Path: tt.path, As: tt.as, Body: tt.body})
			if status != tt.status {
				t.Fatalf("status = %d, want %d (%v)", status, tt.status, e.ErrorMessages)
			}
			if tt.field != "" && e.FieldErrors[tt.field] == "" {
				t.Errorf("field errors = %v, want one for %s", e.FieldErrors, tt.field)
			}
		})
	}
	if s := counts(t, srv, admin, demo.ContactToyota); s.Total != 0 {
		t.Errorf("refused logs recorded %d entries", s.Total)
	}
}

func TestCallOutcomeMessageNamesLabels(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	for _, body := range []string{`{"direction":"outbound"}`, `{"direction":"outbound","outcome":"great"}`} {
		status, e := srv.Error(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/actions/log_phone_call", demo.ContactToyota), As: sales, Body: body})
		if got := e.FieldErrors["outcome"]; status != 400 || got != areaactivity.MsgOutcome {
			t.Errorf("%s: status %d, outcome error %q, want 400 and %q", body, status, got, areaactivity.MsgOutcome)
		}
	}
	for _, o := range areaactivity.CallOutcomes() {
		label := areaactivity.OutcomeLabel(o)
		if label == o || !strings.Contains(areaactivity.MsgOutcome, label) {
			t.Errorf("outcome %q: label %q, message %q, want the label in the message", o, label, areaactivity.MsgOutcome)
		}
		if strings.Contains(areaactivity.MsgOutcome, o) {
			t.Errorf("message %q shows the code %q", areaactivity.MsgOutcome, o)
		}
	}
}

func TestLogFeedAndCounts(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	id := int64(demo.ContactToyota)
	var entry httpapi.Result[activity.Entry]
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/actions/log_phone_call", id), map[string]any{
		"direction": "outbound", "outcome": "left_message", "notes": "Left a voicemail about the Camry", "durationSeconds": 45, "phoneId": 1,
	}, &entry); status != 200 {
		t.Fatalf("log call: status %d", status)
	}
	if e := entry.Data; e.Kind != activity.KindPhoneCall || e.Direction != activity.Outbound || e.Details["outcome"] != "left_message" || e.UserID != sales || e.UserName == "" || e.Details["phone"] == "" {
		t.Errorf("logged call = %+v", e)
	}
	for i := 0; i < 26; i++ {
		path := fmt.Sprintf("/crm/contacts/%d/actions/log_note", id)
		if i%2 == 1 {
			path = fmt.Sprintf("/crm/contacts/%d/log_customer_note", id)
		}
		if status := post(t, srv, sales, path, map[string]any{"text": fmt.Sprintf("note %d", i)}, nil); status != 200 {
			t.Fatalf("log note %d: status %d", i, status)
		}
	}
	// The manager sees what the sales person logged.
	s := counts(t, srv, manager, id)
	if s.Total != 27 || s.Count(activity.CategoryNote) != 26 || s.Count(activity.CategoryPhone) != 1 {
		t.Errorf("counts = %+v, want 26 notes and 1 call", s)
	}
	if len(s.Categories) != len(activity.Categories()) {
		t.Errorf("counts list %d categories, want every one", len(s.Categories))
	}

	first := feed(t, srv, manager, id, nil)
	if len(first.Data.Entries) != 25 || first.Data.NextCursor == "" || first.PageData == nil || first.PageData.TotalRecords != 27 || first.PageData.PageTotal != 2 {
		t.Fatalf("first page: %d entries, next %q, page data %+v", len(first.Data.Entries), first.Data.NextCursor, first.PageData)
	}
	if got := first.Data.Entries[0].Text; got != "note 25" {
		t.Errorf("newest entry = %q, want note 25", got)
	}
	second := feed(t, srv, manager, id, map[string]any{"cursor": first.Data.NextCursor, "pageNumber": 2})
	if len(second.Data.Entries) != 2 || second.Data.NextCursor != "" || second.PageData.PageNumber != 2 {
		t.Fatalf("second page: %d entries, next %q", len(second.Data.Entries), second.Data.NextCursor)
	}
	if last := second.Data.Entries[1]; last.ID != entry.Data.ID {
		t.Errorf("oldest entry = %+v, want the call", last)
	}

	calls := feed(t, srv, manager, id, map[string]any{"category": "phone"})
	if len(calls.Data.Entries) != 1 || calls.PageData.TotalRecords != 1 {
		t.Errorf("phone feed = %d entries, total %d; want the call", len(calls.Data.Entries), calls.PageData.TotalRecords)
	}
	status, e := srv.Error(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/activity/feed/paged", id), As: manager, Body: `{"category":"fax"}`})
	if status != 400 || e.FieldErrors["category"] == "" {
		t.Errorf("bad category: %d %v", status, e.FieldErrors)
	}

	// The notes list and one note.
	var notes httpapi.Result[areaactivity.LoggedNotes]
	if status := post(t, srv, manager, "/api/notes/get", map[string]any{"contactId": id, "pageSize": 10}, &notes); status != 200 {
		t.Fatalf("notes: status %d", status)
	}
	if len(notes.Data.Notes) != 10 || notes.PageData.TotalRecords != 26 || notes.Data.NextCursor == "" {
		t.Fatalf("notes page: %d notes, page data %+v", len(notes.Data.Notes), notes.PageData)
	}
	n := notes.Data.Notes[0]
	if n.Text != "note 25" || n.Kind != string(activity.KindCustomerNote) || n.CreatedBy != sales {
		t.Errorf("newest note = %+v", n)
	}
	var one httpapi.Result[areaactivity.LoggedNote]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/notes/%d", n.NoteID), As: manager}, &one); status != 200 || one.Data != n {
		t.Errorf("GET note = %d %+v, want %+v", status, one.Data, n)
	}
	tests := []struct {
		name string
		as   string
		id   int64
	}{
		{"a call is not a note", manager, entry.Data.ID},
		{"no such note", manager, 123},
		{"another dealer group", demo.OtherUserID, n.NoteID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/notes/%d", tt.id), As: tt.as}); status != 404 {
				t.Errorf("status = %d, want 404", status)
			}
		})
	}
}

func TestNoteOfAnUnviewableStore(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var e httpapi.Result[activity.Entry]
	if status := post(t, srv, manager, fmt.Sprintf("/crm/contacts/%d/actions/log_note", demo.ContactHyundai), map[string]any{"text": "Hyundai note"}, &e); status != 200 {
		t.Fatalf("log: status %d", status)
	}
	// The sales person may not view Hyundai: the note, its feed and counts do not exist.
	for _, r := range []areatest.Request{
		{Method: "GET", Path: fmt.Sprintf("/api/notes/%d", e.Data.ID), As: sales},
		{Method: "POST", Path: "/api/notes/get", As: sales, Body: fmt.Sprintf(`{"contactId":%d}`, demo.ContactHyundai)},
		{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/activity/feed/paged", demo.ContactHyundai), As: sales, Body: `{}`},
		{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/activity/counts", demo.ContactHyundai), As: sales},
		{Method: "POST", Path: "/api/Activity/conversation/overview/", As: sales, Body: fmt.Sprintf(`{"contactId":%d}`, demo.ContactHyundai)},
	} {
		if status, _ := srv.Error(t, r); status != 404 {
			t.Errorf("%s %s as the sales person = %d, want 404", r.Method, r.Path, status)
		}
	}
}

func TestIdempotentLog(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var mu sync.Mutex
	var events []eventbus.Event
	srv.Events.Subscribe(activity.EventLogged, func(_ context.Context, e eventbus.Event) error {
		mu.Lock()
		defer mu.Unlock()
		events = append(events, e)
		return nil
	})
	path := fmt.Sprintf("/crm/contacts/%d/actions/log_note", demo.ContactHonda)
	var a, b httpapi.Result[activity.Entry]
	post(t, srv, sales, path, map[string]any{"text": "once", "requestId": "r-1"}, &a)
	post(t, srv, sales, path, map[string]any{"text": "once", "requestId": "r-1"}, &b)
	if a.Data.ID == 0 || a.Data.ID != b.Data.ID {
		t.Errorf("retry answered entry %d, first %d", b.Data.ID, a.Data.ID)
	}
	if s := counts(t, srv, sales, demo.ContactHonda); s.Total != 1 {
		t.Errorf("total = %d after a retry, want 1", s.Total)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(events) != 1 || events[0].ID != fmt.Sprintf("activity-%d", a.Data.ID) || events[0].Account != fmt.Sprint(demo.AccountID) {
		t.Errorf("events = %+v, want one ActivityLogged for entry %d", events, a.Data.ID)
	}
}

func TestOwnersFeed(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tenant := mustTenant(t)
	// A survivor that merged Marcus Reed (ContactToyotaSamePhone).
	repo := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil)
	survivor, err := repo.Create(ctx, tenant, contact.Contact{AccountPlatformID: demo.StoreToyota, FirstName: "Marcus", LastName: "Reed",
		MergedContactIDs: []int64{demo.ContactToyotaSamePhone}}, sales)
	if err != nil {
		t.Fatal(err)
	}
	if len(survivor.Owners()) != 2 {
		t.Skipf("contacts are created without their merged ids: %v", survivor.Owners())
	}
	post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/actions/log_note", demo.ContactToyotaSamePhone), map[string]any{"text": "before the merge"}, nil)
	post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/actions/log_note", survivor.ID), map[string]any{"text": "after the merge"}, nil)
	got := feed(t, srv, sales, survivor.ID, nil)
	if len(got.Data.Entries) != 2 || got.Data.Entries[0].Text != "after the merge" || got.Data.Entries[1].Text != "before the merge" {
		t.Errorf("survivor's feed = %+v, want both notes", got.Data.Entries)
	}
	if s := counts(t, srv, sales, survivor.ID); s.Count(activity.CategoryNote) != 2 {
		t.Errorf("survivor's notes = %d, want 2", s.Count(activity.CategoryNote))
	}
	if s := counts(t, srv, sales, demo.ContactToyotaSamePhone); s.Total != 1 {
		t.Errorf("merged contact's own total = %d, want 1", s.Total)
	}
}

func TestViewSubmissions(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	clk := clocktest.New(time.Date(2026, 3, 2, 10, 5, 0, 0, time.UTC))
	h := areaactivity.NewWith(srv.Services, areaactivity.Options{Now: clk.Now})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		claims := auth.ClaimsFromMap(map[string]string{"sub": "sub-" + r.Header.Get("X-User"), "token_use": "access"})
		h.ServeHTTP(w, r.WithContext(auth.WithClaims(r.Context(), claims)))
	}))
	t.Cleanup(ts.Close)
	view := func(as, path, body string) (int, httpapi.Result[areaactivity.ActivityView], httpapi.ErrorBody) {
		t.Helper()
		req, err := http.NewRequest("POST", ts.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-User", as)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out httpapi.Result[areaactivity.ActivityView]
		var e httpapi.ErrorBody
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode < 300 {
			err = json.Unmarshal(b, &out)
		} else {
			err = json.Unmarshal(b, &e)
		}
		if err != nil {
			t.Fatalf("%s: %s: %v", path, b, err)
		}
		return res.StatusCode, out, e
	}
	const section = "/user_activity_submission/view_profile_section"
	garage := fmt.Sprintf(`{"ContactId":%d,"Section":"garage"}`, demo.ContactHonda)
	tests := []struct {
		name     string
		at       time.Time
		as       string
		path     string
		body     string
		recorded bool
	}{
		{"first view", time.Date(2026, 3, 2, 10, 5, 0, 0, time.UTC), sales, section, garage, true},
		{"same view within the hour", time.Date(2026, 3, 2, 10, 55, 0, 0, time.UTC), sales, section, garage, false},
		{"another user's view", time.Date(2026, 3, 2, 10, 56, 0, 0, time.UTC), manager, section, garage, true},
		{"same view the next hour", time.Date(2026, 3, 2, 11, 1, 0, 0, time.UTC), sales, section, garage, true},
		{"deal sheet view", time.Date(2026, 3, 2, 11, 2, 0, 0, time.UTC), manager, "/user_activity_submission/view_dealsheet", fmt.Sprintf(`{"ContactId":%d,"EntityId":5}`, demo.ContactHonda), true},
	}
	for _, tt := range tests {
		clk.Set(tt.at)
		status, got, _ := view(tt.as, tt.path, tt.body)
		if status != 200 || got.Data.Recorded != tt.recorded {
			t.Errorf("%s: status %d, recorded %v; want 200, %v", tt.name, status, got.Data.Recorded, tt.recorded)
		}
		if tt.recorded && got.Data.Entry.Details["section"] == "" && got.Data.Entry.Details["entityId"] == "" {
			t.Errorf("%s: entry %+v names no section or deal sheet", tt.name, got.Data.Entry)
		}
	}
	if s := counts(t, srv, sales, demo.ContactHonda); s.Count(activity.CategoryView) != 4 {
		t.Errorf("views counted = %d, want 4", s.Count(activity.CategoryView))
	}
	if status, _, e := view(sales, section, fmt.Sprintf(`{"ContactId":%d,"Section":"Basement"}`, demo.ContactHonda)); status != 400 || e.FieldErrors["Section"] == "" {
		t.Errorf("bad section: %d %v", status, e.FieldErrors)
	}
	if status, _, _ := view(admin, "/user_activity_submission/view_dealsheet", fmt.Sprintf(`{"ContactId":%d,"EntityId":1}`, demo.OtherContactID)); status != 404 {
		t.Errorf("other group's deal sheet view: %d, want 404", status)
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
