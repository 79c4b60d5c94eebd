package mount_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/contacts"
	"github.com/cxm/cxm/functions/leads"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/availability"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

// TestDealerGroupsAreIsolated checks over the HTTP API that the users of the second dealer
// group (Southside Motors) can neither read, find nor change the demo group's customers, leads
// and users by their ids, and that every attempt leaves them as they were.
func TestDealerGroupsAreIsolated(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	const owner = "100001" // the demo group's sales person, who holds the customer
	var customer int64 = demo.ContactToyota
	var leadID int64 = demo.ContactToyota // the customer's demo lead has the customer's id

	readCustomer := func(t *testing.T) contact.Contact {
		t.Helper()
		var got httpapi.Result[contact.Contact]
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/%d", customer), As: owner}, &got); status != 200 {
			t.Fatalf("the owner's GET of the customer = %d", status)
		}
		return got.Data
	}
	readLead := func(t *testing.T) leads.View {
		t.Helper()
		var got httpapi.Result[leads.View]
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/CrmLead/%d", leadID), As: owner}, &got); status != 200 {
			t.Fatalf("the owner's GET of the lead = %d", status)
		}
		return got.Data
	}
	readAvailability := func(t *testing.T) availability.Availability {
		t.Helper()
		tn, err := account.Tenant(demo.AccountID)
		if err != nil {
			t.Fatal(err)
		}
		a, err := availability.NewRepo(srv.Services.Store).Get(t.Context(), tn, owner)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	beforeCustomer, beforeLead, beforeAvailability := readCustomer(t), readLead(t), readAvailability(t)
	if beforeLead.ContactID != customer {
		t.Fatalf("lead %d is of customer %d, want %d", leadID, beforeLead.ContactID, customer)
	}
	save := fmt.Sprintf(`{"id":%d,"version":%d,"accountPlatformId":%d,"firstName":"Taken","lastName":"Over"}`,
		customer, beforeCustomer.Version, demo.StoreToyota)

	tests := []struct {
		name   string
		method string
		path   string
		body   string
		scope  string
	}{
		{"read the customer", "GET", fmt.Sprintf("/crm/contacts/%d", customer), "", ""},
		{"read the customer's snapshot", "POST", fmt.Sprintf("/crm/contacts/%d/snapshot", customer), `{}`, ""},
		{"read the customer's change log", "POST", fmt.Sprintf("/crm/contacts/%d/change_log", customer), "", ""},
		{"save over the customer", "POST", "/crm/contacts", save, ""},
		{"mark the customer hot", "POST", fmt.Sprintf("/crm/contacts/%d/actions/mark_as_hot", customer), `true`, ""},
		{"read the lead", "GET", fmt.Sprintf("/api/CrmLead/%d", leadID), "", ""},
		{"mark the lead lost", "PUT", fmt.Sprintf("/api/CrmLead/%d/mark_lost", leadID), `{"reason":"taken"}`, ""},
		{"read the lead's document", "GET", fmt.Sprintf("/api/CrmRawLead/%d/raw_adf_xml", leadID), "", ""},
		{"read a user", "GET", "/core/users/wizarduser/" + owner, "", ""},
		{"change a user's availability", "PUT", "/users/" + owner + "/availability", `{"Available":false,"ReasonId":1}`, ""},
		{"scope the demo group's store", "GET", "/core/users", "", fmt.Sprint(demo.StoreToyota)},
	}
	for _, as := range []string{demo.OtherSalesID, demo.OtherManagerID, demo.OtherUserID} {
		for _, tt := range tests {
			t.Run(as+" "+tt.name, func(t *testing.T) {
				status, _ := srv.Error(t, areatest.Request{Method: tt.method, Path: tt.path, As: as, Body: tt.body, Scope: tt.scope})
				if status != 403 && status != 404 {
					t.Errorf("%s %s as %s = %d, want 403 or 404", tt.method, tt.path, as, status)
				}
			})
		}

		t.Run(as+" search", func(t *testing.T) {
			// The same name, e-mail address and cell phone are customers of both groups: each
			// group finds its own only.
			for _, term := range []string{"maria.gonzalez@example.com", "(503) 555-0134", "Gonzalez"} {
				var res httpapi.Result[contacts.SearchResults]
				if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/search", As: as, Body: fmt.Sprintf(`{"term":%q}`, term)}, &res); status != 200 {
					t.Fatalf("search %q = %d", term, status)
				}
				var ids []int64
				for _, m := range res.Data.Results {
					ids = append(ids, m.ContactID)
				}
				if slices.Contains(ids, customer) || !slices.Contains(ids, demo.OtherContactID) {
					t.Errorf("search %q as %s = %v, want its own customer %d and not %d", term, as, ids, demo.OtherContactID, customer)
				}
			}
		})
	}

	afterCustomer, afterLead, afterAvailability := readCustomer(t), readLead(t), readAvailability(t)
	if afterCustomer.Version != beforeCustomer.Version || afterCustomer.FirstName != beforeCustomer.FirstName || afterCustomer.IsMarkedHot != beforeCustomer.IsMarkedHot {
		t.Errorf("customer after = version %d %q hot %v, want version %d %q hot %v", afterCustomer.Version, afterCustomer.FirstName, afterCustomer.IsMarkedHot,
			beforeCustomer.Version, beforeCustomer.FirstName, beforeCustomer.IsMarkedHot)
	}
	if afterLead.Version != beforeLead.Version || afterLead.Status != beforeLead.Status {
		t.Errorf("lead after = version %d status %v, want version %d status %v", afterLead.Version, afterLead.Status, beforeLead.Version, beforeLead.Status)
	}
	if afterAvailability.Available != beforeAvailability.Available || afterAvailability.ReasonID != beforeAvailability.ReasonID {
		t.Errorf("availability after = %+v, want %+v", afterAvailability, beforeAvailability)
	}
}
