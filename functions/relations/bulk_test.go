package relations_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/relations"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/google/go-cmp/cmp"
)

// Every demo user of the Northwind group, the inactive one included.
var demoUsers = []string{
	"100001", "100002", "100003", "100004", "100005", "100006", "100007", "100008", "100009",
	"100010", "100011", "100012", "100013", "100099", "9999999",
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func bulkUsers(t *testing.T, srv *areatest.Server, role string, stores ...int64) relations.BulkUsers {
	t.Helper()
	q := make([]string, 0, len(stores))
	for _, st := range stores {
		q = append(q, fmt.Sprint(st))
	}
	var got httpapi.Result[relations.BulkUsers]
	path := fmt.Sprintf("/api/contacts/bulk/assignments/users?role=%s&accountPlatformIds=%s", role, strings.Join(q, ","))
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: path, As: manager}, &got); status != 200 {
		t.Fatalf("GET %s: status %d", path, status)
	}
	return got.Data
}

func names(us []relations.BulkUser) []string {
	out := []string{}
	for _, u := range us {
		name := u.Name
		if !u.Active {
			name += " (inactive)"
		}
		out = append(out, name)
	}
	return out
}

// TestBulkReassignmentUsers lists the users a reassignment offers: from, the role's users of
// the stores, active or not; to, only those who may take the customers.
func TestBulkReassignmentUsers(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		role     string
		stores   []int64
		from, to []string
	}{
		// Sam Ortega works at both stores; the staff at one only may not take customers of both.
		{"SalesPerson", []int64{demo.StoreToyota, demo.StoreHonda},
			[]string{"Sofia Dawson", "Nadia Larsen", "Kofi Nakamura", "Marcus O'Neil", "Sam Ortega", "Dev Bennett (inactive)", "Pat Former (inactive)"},
			[]string{"Sam Ortega", "Morgan Reyes", "Drew Sullivan"}},
		{"SalesPerson", []int64{demo.StoreHyundai}, []string{"Elena Alvarez", "Ingrid Mendes"}, []string{"Elena Alvarez", "Ingrid Mendes", "Morgan Reyes", "Drew Sullivan"}},
		{"BDCAgent", []int64{demo.StoreToyota}, []string{"Bailey Chen", "Rafael Ellis"}, []string{"Bailey Chen", "Rafael Ellis", "Jordan Patel"}},
		// Nobody advises at both Toyota and Hyundai: the service manager takes the customers.
		{"ServiceAdvisor", []int64{demo.StoreToyota, demo.StoreHyundai}, []string{"Hiro Jensen", "Tomas Kowalski", "Riley Novak"}, []string{"Casey Dubois"}},
		// A pending user is offered as a holder to move customers from, never to.
		{"FIManager", []int64{demo.StoreHonda}, []string{"Avery Kim", "Lucia Quinto (inactive)"}, []string{"Avery Kim"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.role, tt.stores), func(t *testing.T) {
			got := bulkUsers(t, srv, tt.role, tt.stores...)
			if diff := cmp.Diff(tt.from, names(got.From)); diff != "" { // active users first
				t.Errorf("from (-want +got):\n%s", diff)
			}
			gotTo := names(got.To)
			slices.Sort(gotTo)
			slices.Sort(tt.to)
			if diff := cmp.Diff(tt.to, gotTo); diff != "" {
				t.Errorf("to (-want +got):\n%s", diff)
			}
		})
	}
	req := areatest.Request{Method: "GET", Path: "/api/contacts/bulk/assignments/users?role=Janitor", As: manager}
	if status, e := srv.Error(t, req); status != 400 || e.FieldErrors["role"] == "" {
		t.Errorf("an unknown role: %d %v", status, e.FieldErrors)
	}
	req = areatest.Request{Method: "GET", Path: "/api/contacts/bulk/assignments/users?role=SalesPerson", As: sales}
	if status, _ := srv.Error(t, req); status != 403 {
		t.Errorf("as a sales person: %d, want 403", status)
	}
}

// TestBulkPreviewChecksWhatTheStartChecks previews (counts with the new holder) and starts the
// same reassignment for every demo user as the new holder: the two agree on every one, the
// users offered are exactly those both accept, and no refusal shows an internal id.
func TestBulkPreviewChecksWhatTheStartChecks(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	for _, tc := range []struct {
		role, from string
		stores     []int64
	}{
		{"SalesPerson", "100099", []int64{demo.StoreToyota, demo.StoreHonda}},
		{"SalesPerson", "100001", []int64{demo.StoreHonda}},
		{"BDCAgent", "100003", []int64{demo.StoreToyota}},
		{"ServiceAdvisor", "100005", []int64{demo.StoreToyota, demo.StoreHyundai}},
	} {
		offered := map[string]bool{}
		for _, u := range bulkUsers(t, srv, tc.role, tc.stores...).To {
			offered[u.UserID] = true
		}
		for _, to := range demoUsers {
			body := mustJSON(map[string]any{"role": tc.role, "fromUserId": tc.from, "toUserId": to, "accountPlatformIds": tc.stores})
			preview, previewErr, _ := srv.Raw(t, areatest.Request{Method: "PUT", Path: "/api/contacts/bulk/assignments/count", As: manager, Body: body})
			start, startErr, _ := srv.Raw(t, areatest.Request{Method: "PUT", Path: "/api/contacts/bulk/assignments", As: manager, Body: body})
			name := fmt.Sprintf("%s from %s to %s", tc.role, tc.from, to)
			if preview != start {
				t.Errorf("%s: preview %d, start %d", name, preview, start)
			}
			if preview >= 400 && string(previewErr) != string(startErr) {
				t.Errorf("%s: preview says %s, start says %s", name, previewErr, startErr)
			}
			if accepted := preview == 200; to != tc.from && accepted != offered[to] {
				t.Errorf("%s: accepted %v, offered %v", name, accepted, offered[to])
			}
			for _, st := range tc.stores {
				if strings.Contains(string(previewErr), fmt.Sprint(st)) {
					t.Errorf("%s: the refusal shows a store id: %s", name, previewErr)
				}
			}
		}
	}
	// The refusal of the issue: a user of Toyota only, for customers of Toyota and Honda.
	body := `{"role":"BDCAgent","fromUserId":"100003","toUserId":"100003","accountPlatformIds":[2001]}`
	if status, e := srv.Error(t, areatest.Request{Method: "PUT", Path: "/api/contacts/bulk/assignments/count", As: manager, Body: body}); status != 400 || e.FieldErrors["toUserId"] == "" {
		t.Errorf("preview to the same user: %d %v", status, e.FieldErrors)
	}
	body = fmt.Sprintf(`{"role":"BDCAgent","fromUserId":"100004","toUserId":"100003","accountPlatformIds":[%d,%d]}`, demo.StoreToyota, demo.StoreHonda)
	if status, e := srv.Error(t, areatest.Request{Method: "PUT", Path: "/api/contacts/bulk/assignments/count", As: manager, Body: body}); status != 400 || e.FieldErrors["toUserId"] != "Bailey Chen does not work at Northwind Honda." {
		t.Errorf("preview to a user of one store: %d %v", status, e.FieldErrors)
	}
}
