package merge_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	areamerge "github.com/cxm/cxm/functions/merge"
	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/merge"
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
	sales     = "100001" // Sam Ortega: Toyota and Honda
	manager   = "100002" // Morgan Reyes: every store
	marketing = "100011" // Quinn Harper: views contacts, may not edit them
)

type sessionBody = httpapi.Result[areamerge.MergeSession]

type resultBody = httpapi.Result[areamerge.MergeResult]

func add(id int64, store int64) string {
	return fmt.Sprintf(`{"accountPlatformId":%d,"contactId":%d}`, store, id)
}

func members(s areamerge.MergeSession) []int64 {
	var out []int64
	for _, m := range s.Contacts {
		out = append(out, m.ContactID)
	}
	return out
}

func wantMessage(t *testing.T, srv *areatest.Server, r areatest.Request, status int, message string) {
	t.Helper()
	got, e := srv.Error(t, r)
	if got != status || (message != "" && (len(e.ErrorMessages) == 0 || e.ErrorMessages[0] != message)) {
		t.Errorf("%s %s = %d %q, want %d %q", r.Path, r.Body, got, e.ErrorMessages, status, message)
	}
}

func TestMergeSession(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	req := func(as, op, body string) areatest.Request {
		return areatest.Request{Method: "POST", Path: "/api/contact/merge/" + op, As: as, Body: body}
	}

	wantMessage(t, srv, req(sales, "get_current_session", ""), 404, merge.MessageNoSession)

	var s sessionBody
	if status := srv.Do(t, req(sales, "create_session", add(demo.ContactToyota, demo.StoreToyota)), &s); status != 200 {
		t.Fatalf("create_session = %d", status)
	}
	if s.Data.AccountPlatformID != demo.StoreToyota || fmt.Sprint(members(s.Data)) != fmt.Sprint([]int64{demo.ContactToyota}) || s.Data.UserID != sales || s.Data.ID == "" {
		t.Errorf("created session = %+v", s.Data)
	}
	var cur sessionBody
	if status := srv.Do(t, req(sales, "get_current_session", ""), &cur); status != 200 || cur.Data.ID != s.Data.ID {
		t.Errorf("get_current_session = %d %+v", status, cur.Data)
	}
	wantMessage(t, srv, req(manager, "get_current_session", ""), 404, merge.MessageNoSession)

	wantMessage(t, srv, req(sales, "create_session", add(demo.ContactToyota, demo.StoreToyota)), 409, merge.MessageDuplicate)
	wantMessage(t, srv, req(sales, "add_contact_to_session", add(demo.ContactToyota, demo.StoreToyota)), 409, merge.MessageDuplicate)
	wantMessage(t, srv, req(sales, "add_contact_to_session", add(demo.ContactHonda, demo.StoreHonda)), 409, merge.MessageOtherStore)
	wantMessage(t, srv, req(sales, "add_contact_to_session", add(demo.ContactHonda, demo.StoreToyota)), 404, merge.MessageNoContact)
	wantMessage(t, srv, req(sales, "simulate", ""), 409, merge.MessageNeedTwo)

	if status := srv.Do(t, req(sales, "add_contact_to_session", add(demo.ContactToyotaSameEmail, demo.StoreToyota)), &s); status != 200 ||
		fmt.Sprint(members(s.Data)) != fmt.Sprint([]int64{demo.ContactToyota, demo.ContactToyotaSameEmail}) {
		t.Fatalf("add_contact_to_session = %d %+v", status, s.Data)
	}
	wantMessage(t, srv, req(sales, "add_contact_to_session", add(demo.ContactToyotaSamePhone, demo.StoreToyota)), 409, merge.MessageTwoSelected)

	var sim resultBody
	if status := srv.Do(t, req(sales, "simulate", ""), &sim); status != 200 {
		t.Fatalf("simulate = %d", status)
	}
	if got := sim.Data; got.Survivor.ContactID != demo.ContactToyota || got.Merged.ContactID != demo.ContactToyotaSameEmail ||
		len(got.Survivor.Emails) != 1 || len(got.Survivor.Phones) != 3 || got.Survivor.MiddleName != "Elena" {
		t.Errorf("simulate = %+v, want Maria Gonzales merged into Maria Gonzalez: one e-mail address, three phones", got.Survivor)
	}
	if status := srv.Do(t, req(sales, "simulate", fmt.Sprintf(`{"survivorContactId":%d}`, demo.ContactToyotaSameEmail)), &sim); status != 200 ||
		sim.Data.Survivor.ContactID != demo.ContactToyotaSameEmail || sim.Data.Survivor.MiddleName != "Elena" {
		t.Errorf("simulate with the other survivor = %d %+v", status, sim.Data.Survivor)
	}
	wantMessage(t, srv, req(sales, "simulate", `{"survivorContactId":42}`), 400, "")

	if status := srv.Do(t, req(sales, "remove_contact_from_session", fmt.Sprintf(`{"contactId":%d}`, demo.ContactToyota)), &s); status != 200 ||
		fmt.Sprint(members(s.Data)) != fmt.Sprint([]int64{demo.ContactToyotaSameEmail}) {
		t.Errorf("remove_contact_from_session = %d %+v", status, s.Data)
	}
	wantMessage(t, srv, req(sales, "remove_contact_from_session", fmt.Sprintf(`{"contactId":%d}`, demo.ContactToyota)), 404, merge.MessageNotInSession)

	var deleted httpapi.Result[areamerge.MergeDeleted]
	if status := srv.Do(t, req(sales, "delete_session", fmt.Sprintf(`{"accountPlatformId":%d}`, demo.StoreHonda)), &deleted); status != 200 ||
		!deleted.Successful || deleted.Data.Message != merge.MessageDeleted {
		t.Errorf("delete_session = %d %+v", status, deleted)
	}
	wantMessage(t, srv, req(sales, "delete_session", fmt.Sprintf(`{"accountPlatformId":%d}`, demo.StoreToyota)), 404, merge.MessageNoSession)
	wantMessage(t, srv, req(sales, "get_current_session", ""), 404, merge.MessageNoSession)

	// With the old session gone, a session can start at another store.
	if status := srv.Do(t, req(sales, "create_session", add(demo.ContactHonda, demo.StoreHonda)), &s); status != 200 || s.Data.AccountPlatformID != demo.StoreHonda {
		t.Errorf("create_session at Honda = %d %+v", status, s.Data)
	}
}

func TestMergePermissions(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		op     string
		body   string
		status int
	}{
		{"a user who may not edit contacts", marketing, "create_session", add(demo.ContactToyota, demo.StoreToyota), 403},
		{"a store the user may not view", sales, "create_session", add(demo.ContactHyundai, demo.StoreHyundai), 403},
		{"a store of another dealer group", sales, "create_session", add(demo.OtherContactID, demo.OtherStore), 404},
		{"a contact of another dealer group", manager, "create_session", add(demo.OtherContactID, demo.StoreToyota), 404},
		{"a contact that does not exist", manager, "add_contact_to_session", add(4242, demo.StoreToyota), 404},
		{"no contact id", manager, "create_session", fmt.Sprintf(`{"accountPlatformId":%d,"contactId":0}`, demo.StoreToyota), 400},
		{"no token", "", "get_current_session", "", 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, srv, areatest.Request{Method: "POST", Path: "/api/contact/merge/" + tt.op, As: tt.as, Body: tt.body}, tt.status, "")
		})
	}
	var s sessionBody
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/contact/merge/create_session", As: manager, Body: add(demo.ContactHyundai, demo.StoreHyundai)}, &s); status != 200 {
		t.Errorf("the manager's session at Hyundai = %d", status)
	}
}

// savingRepo is the contacts repository with a merge write that records the merge and applies
// the transaction's other writes (the end of the session).
type savingRepo struct {
	*contact.Repo
	st       *store.Store
	mu       sync.Mutex
	survivor contact.Contact
	merged   contact.Contact
}

func (r *savingRepo) SaveMerge(ctx context.Context, _ store.Tenant, survivor, merged contact.Contact, _ []changelog.Change, _, _ string, ops ...store.Op) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.survivor, r.merged = survivor, merged
	return r.st.Transact(ctx, ops...)
}

func TestExecute(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	svc := srv.Services
	repo := &savingRepo{Repo: contact.NewRepo(svc.Store, svc.Encrypter, nil, nil), st: svc.Store}
	h := areamerge.NewWith(svc, areamerge.Options{Contacts: areamerge.FromContacts(repo)})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		claims := auth.ClaimsFromMap(map[string]string{"sub": "sub-" + r.Header.Get("X-User"), "token_use": "access"})
		h.ServeHTTP(w, r.WithContext(auth.WithClaims(r.Context(), claims)))
	}))
	defer ts.Close()
	var events []merge.Merged
	srv.Events.Subscribe(merge.EventMerged, func(_ context.Context, e eventbus.Event) error {
		var d merge.Merged
		err := json.Unmarshal(e.Detail, &d)
		events = append(events, d)
		return err
	})
	call := func(op, body string, out any) int {
		t.Helper()
		r, _ := http.NewRequest("POST", ts.URL+"/api/contact/merge/"+op, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-User", sales)
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if out != nil && res.StatusCode < 300 {
			if err := json.NewDecoder(res.Body).Decode(out); err != nil {
				t.Fatal(err)
			}
		}
		return res.StatusCode
	}

	for _, id := range []int64{demo.ContactToyota, demo.ContactToyotaSamePhone} {
		if status := call("add_contact_to_session", add(id, demo.StoreToyota), nil); status != 200 {
			t.Fatalf("add %d = %d", id, status)
		}
	}
	var done resultBody
	if status := call("execute", fmt.Sprintf(`{"survivorContactId":%d}`, demo.ContactToyota), &done); status != 200 {
		t.Fatalf("execute = %d", status)
	}
	if got := done.Data; got.Survivor.ContactID != demo.ContactToyota || got.Merged.ContactID != demo.ContactToyotaSamePhone || len(got.Survivor.Phones) != 2 || len(got.Survivor.Emails) != 2 {
		t.Errorf("execute = %+v, want Marcus Reed merged into Maria Gonzalez: the shared phone once, both e-mail addresses", got.Survivor)
	}
	if repo.survivor.ID != demo.ContactToyota || repo.merged.ID != demo.ContactToyotaSamePhone || len(repo.survivor.Phones) != 2 {
		t.Errorf("written survivor %d with %d phones, merged %d", repo.survivor.ID, len(repo.survivor.Phones), repo.merged.ID)
	}
	srv.Flush(t)
	if len(events) != 1 || events[0].SurvivorContactID != demo.ContactToyota || events[0].MergedContactID != demo.ContactToyotaSamePhone {
		t.Errorf("events = %+v", events)
	}
	if status := call("get_current_session", "", nil); status != 404 {
		t.Errorf("get_current_session after execute = %d, want 404: execute ends the session", status)
	}
}
