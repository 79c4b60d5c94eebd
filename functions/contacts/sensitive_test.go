package contacts_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/contacts"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/audit"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/authz"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/google/go-cmp/cmp"
)

// More demo users.
const (
	bdc            = "100003" // Bailey Chen: BDC agent of Toyota
	bdcManager     = "100004"
	serviceAdvisor = "100005"
	serviceManager = "100006"
	fi             = "100007" // Avery Kim: F&I manager of every store
	gm             = "100009" // Alex Morgan: general manager
	usedCar        = "100010"
	gsm            = "100012"
)

// The demo Toyota customer's whole sensitive values.
var toyotaSecrets = map[string]string{
	"ssn":                    "123-45-6789",
	"driverLicense.number":   "D1234567",
	"banks[0].accountNumber": "000123456789",
	"banks[0].routingNumber": "123103729",
}

func revealPath(id int64) string { return fmt.Sprintf("/crm/contacts/%d/sensitive/reveal", id) }

func reveal(t *testing.T, srv *areatest.Server, as string, id int64, field string) string {
	t.Helper()
	var got httpapi.Result[contacts.Revealed]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: revealPath(id), As: as, Body: fmt.Sprintf(`{"field":%q}`, field)}, &got); status != 200 {
		t.Fatalf("reveal %s of %d as %s: status %d", field, id, as, status)
	}
	return got.Data.Value
}

func reveals(t *testing.T, srv *areatest.Server) []audit.Entry {
	t.Helper()
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	entries, _, err := audit.NewLog(srv.Services.Store).List(context.Background(), tn, 100, "")
	if err != nil {
		t.Fatal(err)
	}
	var out []audit.Entry
	for _, e := range entries {
		if e.Event == audit.EventSensitiveRevealed {
			out = append(out, e)
		}
	}
	return out
}

// TestRevealRoles reveals the SSN of a Toyota customer as every demo role: the F&I manager,
// sales manager, general manager and dealer admin get it, with Cache-Control: no-store; every
// other role is refused with a message naming the roles that may, and nothing is audited for
// them.
func TestRevealRoles(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		status int
	}{
		{"F&I manager", fi, 200},
		{"sales manager", manager, 200},
		{"general manager", gm, 200},
		{"dealer admin", admin, 200},
		{"sales person", sales, 403},
		{"BDC agent", bdc, 403},
		{"BDC manager", bdcManager, 403},
		{"service advisor", serviceAdvisor, 403},
		{"service manager", serviceManager, 403},
		{"used car manager", usedCar, 403},
		{"general sales manager", gsm, 403},
		{"marketing manager", marketing, 403},
		{"parts manager of another store", parts, 403},
	}
	var wantAudited []string
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: revealPath(demo.ContactToyota), As: tt.as, Body: `{"field":"ssn"}`}
			if tt.status != 200 {
				status, e := srv.Error(t, req)
				if status != tt.status || !strings.Contains(strings.Join(e.ErrorMessages, " "), "F&I manager") {
					t.Errorf("status %d %v, want %d naming the roles that may", status, e.ErrorMessages, tt.status)
				}
				return
			}
			wantAudited = append(wantAudited, tt.as)
			status, body, h := srv.Raw(t, req)
			if status != 200 || !strings.Contains(string(body), `"value":"123-45-6789"`) {
				t.Errorf("status %d %s, want the whole SSN", status, body)
			}
			if got := h.Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control = %q, want no-store", got)
			}
		})
	}
	var audited []string
	for _, e := range reveals(t, srv) {
		audited = append(audited, e.ActorUserID)
	}
	slices.Sort(audited)
	slices.Sort(wantAudited)
	if diff := cmp.Diff(wantAudited, audited); diff != "" {
		t.Errorf("reveals audited (-want +got):\n%s", diff)
	}
}

// TestRevealRolesMatchTheMatrix checks that the guard's rule for the reveal names exactly the
// roles contact.RevealRoles gives the profile's permission.
func TestRevealRolesMatchTheMatrix(t *testing.T) {
	t.Parallel()
	for _, r := range authz.Rules() {
		if r.Pattern != "/crm/contacts/{id}/sensitive/reveal" {
			continue
		}
		for _, name := range role.SystemNames() {
			allowed := r.Allows(nil, []string{name})
			if want := slices.Contains(contact.RevealRoles(), name); allowed != want {
				t.Errorf("%s: matrix allows %v, RevealRoles %v", name, allowed, want)
			}
		}
		if !strings.HasPrefix(r.Refusal(), "Only an F&I manager, a sales manager, a general manager or a dealer admin") {
			t.Errorf("refusal %q", r.Refusal())
		}
		return
	}
	t.Fatal("no matrix rule for the reveal")
}

// TestRevealFields reveals each sensitive field and refuses what is not one; each reveal is
// audited with who, whom and which field, and under impersonation with the real actor too.
func TestRevealFields(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	for field, want := range toyotaSecrets {
		if got := reveal(t, srv, fi, demo.ContactToyota, field); got != want {
			t.Errorf("reveal %s = %q, want %q", field, got, want)
		}
	}
	for _, field := range []string{"firstName", "banks[1].accountNumber", "ssn.x", "banks[-1].routingNumber"} {
		req := areatest.Request{Method: "POST", Path: revealPath(demo.ContactToyota), As: fi, Body: fmt.Sprintf(`{"field":%q}`, field)}
		if status, e := srv.Error(t, req); status != 400 || e.FieldErrors["field"] == "" {
			t.Errorf("reveal %q: status %d %v, want 400 on the field", field, status, e.FieldErrors)
		}
	}
	// A customer of a store the user may not view, or of another dealer group, does not exist.
	for _, tt := range []struct {
		as string
		id int64
	}{{manager, demo.OtherContactID}, {demo.OtherUserID, demo.ContactToyota}} {
		req := areatest.Request{Method: "POST", Path: revealPath(tt.id), As: tt.as, Body: `{"field":"ssn"}`}
		if status, _ := srv.Error(t, req); status != 404 {
			t.Errorf("reveal of %d as %s: status %d, want 404", tt.id, tt.as, status)
		}
	}
	// The dealer admin acting as the F&I manager.
	req := areatest.Request{Method: "POST", Path: revealPath(demo.ContactToyota), As: fi, Actor: admin, Body: `{"field":"driverLicense.number"}`}
	if status := srv.Do(t, req, nil); status != 200 {
		t.Fatalf("reveal under impersonation: status %d", status)
	}

	var got []string
	for _, e := range reveals(t, srv) {
		if e.ContactID != demo.ContactToyota || e.Method != "POST" || e.At.IsZero() || e.AccountID != demo.AccountID {
			t.Errorf("entry %+v", e)
		}
		got = append(got, fmt.Sprintf("%s as %s: %d %s", e.ActorUserID, e.SubjectUserID, e.ContactID, e.Field))
	}
	want := []string{fmt.Sprintf("%s as %s: %d driverLicense.number", admin, fi, demo.ContactToyota)}
	for field := range toyotaSecrets {
		want = append(want, fmt.Sprintf("%s as %s: %d %s", fi, fi, demo.ContactToyota, field))
	}
	slices.Sort(got)
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("audited reveals (-want +got):\n%s", diff)
	}
}

// TestNoWholeSensitiveValueInReads reads and saves the customer as every role that may view
// it: no response carries a whole sensitive value.
func TestNoWholeSensitiveValueInReads(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	for _, as := range []string{sales, manager, bdc, bdcManager, serviceAdvisor, serviceManager, fi, admin, gm, usedCar, marketing, gsm} {
		reads := []areatest.Request{
			{Method: "GET", Path: contactPath(demo.ContactToyota), As: as},
			{Method: "POST", Path: "/crm/contacts/search", As: as, Body: `{"term":"Gonzalez"}`},
			{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/snapshot", demo.ContactToyota), As: as},
		}
		for _, req := range reads {
			status, body, _ := srv.Raw(t, req)
			if status != 200 {
				t.Errorf("%s %s as %s: status %d", req.Method, req.Path, as, status)
			}
			for field, secret := range toyotaSecrets {
				if strings.Contains(string(body), secret) {
					t.Errorf("%s %s as %s carries the whole %s", req.Method, req.Path, as, field)
				}
			}
		}
	}
	// The save's answer is masked too, and a masked round trip keeps every stored value.
	c := get(t, srv, sales, demo.ContactToyota)
	c.NickName = "Mari"
	status, body, _ := srv.Raw(t, areatest.Request{Method: "POST", Path: "/crm/contacts", As: sales, Body: mustJSON(c)})
	if status != 200 {
		t.Fatalf("save with masked values: status %d %s", status, body)
	}
	for field, secret := range toyotaSecrets {
		if strings.Contains(string(body), secret) {
			t.Errorf("the save's answer carries the whole %s", field)
		}
		if got := reveal(t, srv, admin, demo.ContactToyota, field); got != secret {
			t.Errorf("%s after a masked round trip = %q, want %q", field, got, secret)
		}
	}
}
