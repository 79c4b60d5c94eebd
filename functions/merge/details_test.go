package merge_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	areamerge "github.com/cxm/cxm/functions/merge"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestMergeSessionDetails puts two customers of the same name in a merge session: the session
// tells them apart by their phones, e-mail addresses, address, creation, last activity and
// leads.
func TestMergeSessionDetails(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	contacts := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil)
	create := func(c contact.Contact, by string) contact.Contact {
		c.AccountPlatformID, c.FirstName, c.LastName = demo.StoreToyota, "Jordan", "Blake"
		saved, err := contacts.Create(ctx, tn, c, by)
		if err != nil {
			t.Fatal(err)
		}
		return saved
	}
	older := create(contact.Contact{
		Phones: []contact.Phone{{Phone: "5035550111", PhoneTypeID: 2}, {Phone: "5035550112", PhoneTypeID: 1, IsMobile: true, IsPreferred: true}},
		Emails: []contact.Email{{Email: "jordan@example.com", IsPreferred: true}},
		Addresses: []contact.Address{
			{AddressLine1: "9 Old Rd", City: "Salem", StateProvince: "OR", PostalCode: "97301"},
			{AddressLine1: "12 Oak St", City: "Portland", StateProvince: "OR", PostalCode: "97214", IsPrimary: true},
		},
	}, sales)
	newer := create(contact.Contact{Emails: []contact.Email{{Email: "jb@example.net"}}}, "")

	leads := lead.NewRepo(srv.Services.Store, nil, nil)
	for _, status := range []lead.Status{lead.StatusActive, lead.StatusActive, lead.StatusSoldDelivered} {
		if _, err := leads.Create(ctx, tn, lead.Lead{AccountPlatformID: demo.StoreToyota, ContactID: older.ID, Status: status}, sales); err != nil {
			t.Fatal(err)
		}
	}
	srv.Flush(t) // the leads' own entries in the activity come first
	logged, _, err := activity.NewRepo(srv.Services.Store, nil, nil).Record(ctx, tn, activity.New{
		ContactID: older.ID, AccountPlatformID: demo.StoreToyota, Kind: activity.KindText, Direction: activity.Inbound, Text: "Still looking", UserID: sales,
	})
	if err != nil {
		t.Fatal(err)
	}

	req := func(op, body string) areatest.Request {
		return areatest.Request{Method: "POST", Path: "/api/contact/merge/" + op, As: manager, Body: body}
	}
	if status := srv.Do(t, req("create_session", add(older.ID, demo.StoreToyota)), nil); status != 200 {
		t.Fatalf("create_session = %d", status)
	}
	var s sessionBody
	if status := srv.Do(t, req("add_contact_to_session", add(newer.ID, demo.StoreToyota)), &s); status != 200 {
		t.Fatalf("add_contact_to_session = %d", status)
	}
	var cur sessionBody
	if status := srv.Do(t, req("get_current_session", ""), &cur); status != 200 {
		t.Fatalf("get_current_session = %d", status)
	}
	if diff := cmp.Diff(s.Data, cur.Data); diff != "" {
		t.Errorf("the add and the read disagree (-add +read):\n%s", diff)
	}
	at := logged.At
	want := []*areamerge.MergeMemberDetails{
		{
			Name: "Jordan Blake", StoreName: "Northwind Toyota",
			Phones: []string{"(503) 555-0112", "(503) 555-0111"}, Emails: []string{"jordan@example.com"},
			Address: "12 Oak St, Portland, OR 97214", Created: older.CreatedAt, CreatedBy: "Sam Ortega",
			LastActivity: &at, OpenLeads: 2, Leads: 3,
		},
		{
			Name: "Jordan Blake", StoreName: "Northwind Toyota",
			Phones: []string{}, Emails: []string{"jb@example.net"}, Created: newer.CreatedAt,
		},
	}
	var got []*areamerge.MergeMemberDetails
	for _, m := range cur.Data.Contacts {
		got = append(got, m.Details)
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateApproxTime(0)); diff != "" {
		t.Errorf("details (-want +got):\n%s", diff)
	}
	if fmt.Sprint(members(cur.Data)) != fmt.Sprint([]int64{older.ID, newer.ID}) {
		t.Errorf("members %v", members(cur.Data))
	}
}
