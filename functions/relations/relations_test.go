package relations_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/cxm/cxm/events/bulkjobs"
	"github.com/cxm/cxm/events/notifications"
	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/relations"
	"github.com/cxm/cxm/functions/users"
	"github.com/cxm/cxm/shared/domain/assignment"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/google/go-cmp/cmp"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales     = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager   = "100002" // Morgan Reyes: sales manager of every store
	bdc       = "100003" // Bailey Chen: BDC agent of Toyota
	marketing = "100011" // Quinn Harper: marketing manager, views customers only
	parts     = "100013" // Parker Lee: parts manager of Hyundai
)

func householdPath(id int64) string { return fmt.Sprintf("/crm/contacts/%d/household", id) }

func household(t *testing.T, srv *areatest.Server, as string, id int64) []relations.HouseholdMember {
	t.Helper()
	var got httpapi.Result[[]relations.HouseholdMember]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: householdPath(id), As: as}, &got); status != 200 {
		t.Fatalf("GET household of %d as %s: status %d", id, as, status)
	}
	return got.Data
}

func memberIDs(ms []relations.HouseholdMember) map[int64]bool {
	out := map[int64]bool{}
	for _, m := range ms {
		out[m.MemberID] = m.IsCoBuyer
	}
	return out
}

// only reports whether members holds id and nothing else.
func only(members map[int64]bool, id int64) bool {
	_, ok := members[id]
	return ok && len(members) == 1
}

func TestHousehold(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	add := func(as string, id int64, body string) int {
		return srv.Do(t, areatest.Request{Method: "POST", Path: householdPath(id), As: as, Body: body}, nil)
	}
	body := func(members ...int64) string {
		s := `{"members":[`
		for i, m := range members {
			if i > 0 {
				s += ","
			}
			s += fmt.Sprintf(`{"contactId":%d,"isCoBuyer":%v,"relationship":"Spouse"}`, m, i == 0)
		}
		return s + "]}"
	}
	tests := []struct {
		name string
		as   string
		id   int64
		body string
		want int
	}{
		{"the contact itself", sales, demo.ContactToyota, body(demo.ContactToyota), 400},
		{"a member of another dealer group", sales, demo.ContactToyota, body(demo.OtherContactID), 400},
		{"a member the caller may not view", sales, demo.ContactToyota, body(demo.ContactHyundai), 400},
		{"a contact the caller may not view", sales, demo.ContactHyundai, body(demo.ContactToyota), 404},
		{"a user who may not edit customers", marketing, demo.ContactToyota, body(demo.ContactHonda), 403},
		{"a valid and an invalid member add nothing", sales, demo.ContactToyota, body(demo.ContactHonda, demo.ContactHyundai), 400},
		{"two members, the first a co-buyer", sales, demo.ContactToyota, body(demo.ContactHonda, demo.ContactToyotaSamePhone), 200},
		{"a member already there", sales, demo.ContactToyota, body(demo.ContactHonda), 409},
		{"the same membership from the other side", sales, demo.ContactHonda, body(demo.ContactToyota), 409},
	}
	for _, tt := range tests {
		if got := add(tt.as, tt.id, tt.body); got != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, got, tt.want)
		}
	}

	ms := household(t, srv, sales, demo.ContactToyota)
	if got := memberIDs(ms); len(got) != 2 || !got[demo.ContactHonda] || got[demo.ContactToyotaSamePhone] {
		t.Fatalf("household of Maria = %v, want James (co-buyer) and Marcus", got)
	}
	for _, m := range ms {
		if m.MemberID == demo.ContactHonda && (m.Contact.LastName != "Carter" || m.Contact.AccountPlatformID != demo.StoreHonda) {
			t.Errorf("member summary = %+v, want James Carter of Honda", m.Contact)
		}
	}
	// Symmetric: Maria is in James's household, as a co-buyer.
	if got := memberIDs(household(t, srv, sales, demo.ContactHonda)); len(got) != 1 || !got[demo.ContactToyota] {
		t.Errorf("household of James = %v, want Maria as co-buyer", got)
	}
	// A caller who may not view Honda does not see James.
	if got := memberIDs(household(t, srv, bdc, demo.ContactToyota)); !only(got, demo.ContactToyotaSamePhone) {
		t.Errorf("household of Maria as the BDC agent of Toyota = %v, want only Marcus", got)
	}
	// Another dealer group's user cannot read it.
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: householdPath(demo.ContactToyota), As: demo.OtherUserID}, nil); status != 404 {
		t.Errorf("household as another group's user: status %d, want 404", status)
	}

	del := func(as string, id, member int64) int {
		return srv.Do(t, areatest.Request{Method: "DELETE", Path: fmt.Sprintf("%s/%d", householdPath(id), member), As: as}, nil)
	}
	if got := del(marketing, demo.ContactToyota, demo.ContactHonda); got != 403 {
		t.Errorf("remove as marketing: status %d, want 403", got)
	}
	if got := del(bdc, demo.ContactToyota, demo.ContactHonda); got != 404 {
		t.Errorf("remove a member the caller may not view: status %d, want 404", got)
	}
	if got := del(sales, demo.ContactHonda, demo.ContactToyota); got != 200 {
		t.Errorf("remove from the other side: status %d, want 200", got)
	}
	if got := del(sales, demo.ContactHonda, demo.ContactToyota); got != 200 {
		t.Errorf("remove again: status %d, want 200", got)
	}
	if got := memberIDs(household(t, srv, sales, demo.ContactToyota)); !only(got, demo.ContactToyotaSamePhone) {
		t.Errorf("household of Maria after removing James = %v, want only Marcus", got)
	}
	if got := household(t, srv, sales, demo.ContactHonda); len(got) != 0 {
		t.Errorf("household of James after removal = %v, want empty", got)
	}
}

func TestAssignments(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	path := fmt.Sprintf("/api/contacts/%d/assignments", demo.ContactToyota)
	put := func(as, body string) int {
		return srv.Do(t, areatest.Request{Method: "PUT", Path: path, As: as, Body: body}, nil)
	}
	tests := []struct {
		name string
		as   string
		body string
		want int
	}{
		{"a user of the store", manager, `{"assignments":[{"role":"SalesPerson","userId":"100001"},{"role":"BDCAgent","userId":"100003"}]}`, 200},
		{"a user not of the store", manager, `{"assignments":[{"role":"SalesPerson","userId":"100013"}]}`, 400},
		{"a user of another dealer group", manager, `{"assignments":[{"role":"SalesPerson","userId":"` + demo.OtherUserID + `"}]}`, 400},
		{"an unknown role", manager, `{"assignments":[{"role":"Janitor","userId":"100001"}]}`, 400},
		{"a user who may not edit customers", marketing, `{"assignments":[{"role":"SalesPerson","userId":"100002"}]}`, 403},
		{"a caller who may not view the store", parts, `{"assignments":[{"role":"SalesPerson","userId":"100002"}]}`, 403},
	}
	for _, tt := range tests {
		if got := put(tt.as, tt.body); got != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, got, tt.want)
		}
	}
	var got httpapi.Result[relations.ContactAssignments]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: path, As: sales}, &got); status != 200 {
		t.Fatalf("GET assignments: status %d", status)
	}
	users := map[string]string{}
	for _, a := range got.Data.Assignments {
		users[a.Role] = a.UserID
	}
	if len(got.Data.Assignments) != len(assignment.Roles()) || users[role.SalesPerson] != sales || users[role.BDCAgent] != bdc || users[role.ServiceAdvisor] != "" {
		t.Errorf("assignments = %+v, want Sam as sales person and Bailey as BDC agent", got.Data.Assignments)
	}
	if got.Data.Assignments[0].UserName != "Sam Ortega" {
		t.Errorf("sales person's name = %q, want Sam Ortega", got.Data.Assignments[0].UserName)
	}
}

func TestBulkReassignment(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tn, err := store.NewTenant(fmt.Sprint(demo.AccountID))
	if err != nil {
		t.Fatal(err)
	}
	repo := assignment.NewRepo(srv.Services.Store)
	const n = 250
	var seed []assignment.Assignment
	for i := range n {
		st := []int64{demo.StoreToyota, demo.StoreHonda}[i%2]
		seed = append(seed, assignment.Assignment{ContactID: int64(5000 + i), AccountPlatformID: st, Role: role.SalesPerson, UserID: sales})
	}
	seed = append(seed, assignment.Assignment{ContactID: 9999, AccountPlatformID: demo.StoreToyota, Role: role.BDCAgent, UserID: sales})
	if err := repo.Import(ctx, tn, seed); err != nil {
		t.Fatal(err)
	}

	var count httpapi.Result[relations.BulkCount]
	req := areatest.Request{Method: "PUT", Path: "/api/contacts/bulk/assignments/count", As: manager, Body: `{"role":"SalesPerson","fromUserId":"100001"}`}
	if status := srv.Do(t, req, &count); status != 200 || count.Data.Count != n {
		t.Fatalf("count: status %d, %+v; want %d", status, count, n)
	}
	req.Body, req.Scope = `{"role":"SalesPerson","fromUserId":"100001"}`, fmt.Sprint(demo.StoreHonda)
	if status := srv.Do(t, req, &count); status != 200 || count.Data.Count != n/2 {
		t.Fatalf("count in Honda: status %d, %+v; want %d", status, count, n/2)
	}

	bad := []struct {
		name, as, body string
		want           int
	}{
		{"a sales person", sales, `{"role":"SalesPerson","fromUserId":"100001","toUserId":"100002"}`, 403},
		{"the same user", manager, `{"role":"SalesPerson","fromUserId":"100001","toUserId":"100001"}`, 400},
		{"a user not of every store", manager, `{"role":"SalesPerson","fromUserId":"100001","toUserId":"100003","accountPlatformIds":[2001,2002]}`, 400},
		{"no target", manager, `{"role":"SalesPerson","fromUserId":"100001"}`, 400},
		{"a store of another group", manager, `{"role":"SalesPerson","fromUserId":"100001","toUserId":"100002","accountPlatformIds":[` + fmt.Sprint(demo.OtherStore) + `]}`, 404},
	}
	for _, tt := range bad {
		if got := srv.Do(t, areatest.Request{Method: "PUT", Path: "/api/contacts/bulk/assignments", As: tt.as, Body: tt.body}, nil); got != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, got, tt.want)
		}
	}

	// The job runs on its events: the consumer gets them from the in-process bus, as the relay
	// delivers them locally and EventBridge in AWS.
	for _, c := range append(bulkjobs.Consumers(srv.Services), notifications.Consumers(srv.Services)...) {
		for _, typ := range c.Types {
			srv.Events.Subscribe(typ, c.Handle)
		}
	}
	var started httpapi.Result[assignment.BulkJob]
	req = areatest.Request{Method: "POST", Path: "/crm/contacts/bulkReassignRole", As: manager, Body: `{"role":"SalesPerson","fromUserId":"100001","toUserId":"100002","accountPlatformIds":[2001,2002]}`}
	if status := srv.Do(t, req, &started); status != 200 || started.Data.Total != n {
		t.Fatalf("start: status %d, %+v; want %d customers", status, started, n)
	}
	// Running it here too (as a second worker would) must still move each customer once.
	if _, err := repo.Run(ctx, tn, started.Data.ID); err != nil {
		t.Fatal(err)
	}
	var job httpapi.Result[assignment.BulkJob]
	jobPath := "/api/contacts/bulk/assignments/jobs/" + started.Data.ID
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: jobPath, As: manager}, &job); status != 200 {
		t.Fatalf("job: status %d", status)
	}
	if j := job.Data; j.Status != assignment.StatusDone || j.Done != n || j.Skipped != 0 || j.Failed != 0 {
		t.Fatalf("job = %+v, want done with %d moved", j, n)
	}
	// The manager who started it is told in their notifications.
	var unread httpapi.Result[users.NotificationCount]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/users/notifications/unread_count", As: manager}, &unread); status != 200 || unread.Data.Count != 1 {
		t.Errorf("manager's unread notifications: status %d, %+v; want 1", status, unread.Data)
	}
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: jobPath, As: demo.OtherUserID}, nil); status != 404 {
		t.Errorf("job as another group's manager: status %d, want 404", status)
	}
	req = areatest.Request{Method: "PUT", Path: "/api/contacts/bulk/assignments/count", As: manager, Body: `{"role":"SalesPerson","fromUserId":"100002"}`}
	if status := srv.Do(t, req, &count); status != 200 || count.Data.Count != n {
		t.Errorf("count of the new user: status %d, %+v; want %d", status, count, n)
	}
	left, err := repo.Holders(ctx, tn, demo.StoreToyota, role.BDCAgent, sales)
	if err != nil || len(left) != 1 {
		t.Errorf("BDC assignment of the old user = %v, %v; want kept", left, err)
	}
}

func TestEnterpriseLinks(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tn, err := store.NewTenant(fmt.Sprint(demo.AccountID))
	if err != nil {
		t.Fatal(err)
	}
	contacts := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil)
	maria, err := contacts.Get(ctx, tn, demo.ContactToyota)
	if err != nil {
		t.Fatal(err)
	}
	// Maria at the Honda store, with her e-mail address. The values stored on the record are
	// not what she brought: those are computed from her repair orders, deals and leads.
	hondaMaria, err := contacts.Create(ctx, tn, contact.Contact{
		AccountPlatformID: demo.StoreHonda, FirstName: "Maria", LastName: "Gonzalez",
		Emails: []contact.Email{{Email: maria.Emails[0].Email}}, StoreSalesValue: 999999, StoreServiceValue: 999999,
	}, "test")
	if err != nil {
		t.Fatal(err)
	}
	// At Honda: a repair order of 250 paid by her and the manufacturer (and 999 by the dealer), a
	// sold deal sheet of 1000, the sold lead that deal sheet covers (same VIN) and an open lead.
	if err := repairorder.NewRepo(srv.Services.Store).Create(ctx, tn, repairorder.RepairOrder{
		RONumber: "H-1", ContactID: hondaMaria.ID, AccountPlatformID: demo.StoreHonda, VIN: "1HGCM82633A004352", OpenedAt: time.Date(2026, 1, 5, 15, 0, 0, 0, time.UTC),
		Lines: []repairorder.Line{{PayType: repairorder.PayCustomer, Amount: 200}, {PayType: repairorder.PayWarranty, Amount: 50}, {PayType: repairorder.PayInternal, Amount: 999}},
	}); err != nil {
		t.Fatal(err)
	}
	if err := dealsheet.NewRepo(srv.Services.Store).Create(ctx, tn, dealsheet.Dealsheet{
		ID: 777001, AccountPlatformID: demo.StoreHonda, ContactID: hondaMaria.ID, Status: dealsheet.StatusSold,
		Vehicle: dealsheet.DealVehicle{VIN: "1HGCM82633A004352", Price: 1000},
	}); err != nil {
		t.Fatal(err)
	}
	leads := lead.NewRepo(srv.Services.Store, nil, nil)
	newLead := func(vin string, price float64, status lead.Status) lead.Lead {
		l, err := leads.Create(ctx, tn, lead.Lead{AccountPlatformID: demo.StoreHonda, ContactID: hondaMaria.ID, Status: status,
			Vehicles: []lead.VehicleOfInterest{{Vehicle: lead.Vehicle{VIN: vin, Price: price}}}}, "test")
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	newLead("1HGCM82633A004352", 1200, lead.StatusSoldDelivered)
	openLead := newLead("1HGCM82633A004353", 500, lead.StatusActive)

	var potential httpapi.Result[[]relations.PotentialLink]
	path := fmt.Sprintf("/crm/contacts/enterprise/%d/potentialcustomerlinks", demo.ContactToyota)
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: path, As: manager}, &potential); status != 200 {
		t.Fatalf("potential links: status %d", status)
	}
	if len(potential.Data) != 1 || potential.Data[0].Contact.ContactID != hondaMaria.ID || potential.Data[0].MatchedOn != "email" {
		t.Fatalf("potential links = %+v, want Maria at Honda by e-mail", potential.Data)
	}
	// The BDC agent of Toyota views no other store: no candidates.
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: path, As: bdc}, &potential); status != 200 || len(potential.Data) != 0 {
		t.Errorf("potential links as the BDC agent: status %d, %+v; want none", status, potential.Data)
	}

	link := func(as, op string, a, b int64) int {
		return srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/enterprise/" + op, As: as, Body: fmt.Sprintf(`{"contactId":%d,"linkedContactId":%d}`, a, b)}, nil)
	}
	tests := []struct {
		name   string
		as, op string
		a, b   int64
		want   int
	}{
		{"a record of the same store", manager, "link_customer", demo.ContactToyota, demo.ContactToyotaSameEmail, 400},
		{"a record of another group", manager, "link_customer", demo.ContactToyota, demo.OtherContactID, 400},
		{"a user who may not edit", marketing, "link_customer", demo.ContactToyota, hondaMaria.ID, 403},
		{"the same person at Honda", manager, "link_customer", demo.ContactToyota, hondaMaria.ID, 200},
		{"again, from the other side", manager, "link_customer", hondaMaria.ID, demo.ContactToyota, 409},
	}
	for _, tt := range tests {
		if got := link(tt.as, tt.op, tt.a, tt.b); got != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, got, tt.want)
		}
	}
	var linked httpapi.Result[[]relations.LinkedContact]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/enterprise/%d/linkedcontacts", hondaMaria.ID), As: sales}, &linked); status != 200 || len(linked.Data) != 1 || linked.Data[0].Contact.ContactID != demo.ContactToyota {
		t.Errorf("linked records of Maria at Honda: status %d, %+v; want Maria at Toyota", status, linked.Data)
	}
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: path, As: manager}, &potential); status != 200 || len(potential.Data) != 0 {
		t.Errorf("potential links once linked: %+v, want none", potential.Data)
	}
	var value httpapi.Result[relations.EnterpriseValue]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/enterprise/%d/lifetime_value", demo.ContactToyota), As: manager}, &value); status != 200 {
		t.Fatalf("lifetime value: status %d", status)
	}
	// Maria at Toyota (demo data): a delivered deal of 24,100 and four repair orders of 1,587.70
	// paid by her or the manufacturer.
	if diff := cmp.Diff(relations.EnterpriseValue{ContactID: demo.ContactToyota, SalesValue: 25100, ServiceValue: 1837.7, TotalValue: 26937.7, Contacts: 2}, value.Data); diff != "" {
		t.Errorf("enterprise value (-want +got):\n%s", diff)
	}
	contactValue := func(id int64) relations.ContactValue {
		t.Helper()
		var v httpapi.Result[relations.ContactValue]
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/contact/%d/lifetime_value", id), As: manager}, &v); status != 200 {
			t.Fatalf("record value of %d: status %d", id, status)
		}
		return v.Data
	}
	if diff := cmp.Diff(relations.ContactValue{ContactID: hondaMaria.ID, StoreSalesValue: 1000, StoreServiceValue: 250, StoreTotalValue: 1250,
		EnterpriseSalesValue: 25100, EnterpriseServiceValue: 1837.7, EnterpriseTotalValue: 26937.7}, contactValue(hondaMaria.ID)); diff != "" {
		t.Errorf("record value at Honda (-want +got):\n%s", diff)
	}
	// The open lead is sold: both records' values count it at once.
	if _, err := leads.Transition(ctx, tn, openLead.ID, lead.MarkSoldPending, "", "test", nil); err != nil {
		t.Fatal(err)
	}
	if got := contactValue(hondaMaria.ID); got.StoreSalesValue != 1500 || got.EnterpriseSalesValue != 25600 {
		t.Errorf("record value after a sale = %+v, want store sales 1500 and enterprise sales 25600", got)
	}
	if got := contactValue(demo.ContactToyota); got.StoreSalesValue != 24100 || got.EnterpriseSalesValue != 25600 {
		t.Errorf("Toyota record value after the Honda sale = %+v, want store sales 24100 and enterprise sales 25600", got)
	}

	if got := link(manager, "unlink_customer", hondaMaria.ID, demo.ContactToyota); got != 200 {
		t.Errorf("unlink: status %d, want 200", got)
	}
	if got := link(manager, "unlink_customer", hondaMaria.ID, demo.ContactToyota); got != 200 {
		t.Errorf("unlink again: status %d, want 200", got)
	}
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/enterprise/%d/linkedcontacts", demo.ContactToyota), As: manager}, &linked); status != 200 || len(linked.Data) != 0 {
		t.Errorf("linked records after unlinking: %+v, want none", linked.Data)
	}
}

func TestCompany(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	path := fmt.Sprintf("/crm/contacts/%d", demo.ContactToyota)
	get := func() relations.Company {
		t.Helper()
		var got httpapi.Result[relations.Company]
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: path + "/companies", As: sales}, &got); status != 200 {
			t.Fatalf("GET companies: status %d", status)
		}
		return got.Data
	}
	if got := get(); got.Version != 0 || got.CompanyName != "" {
		t.Fatalf("company before any save = %+v, want none", got)
	}
	put := func(as, body string) int {
		return srv.Do(t, areatest.Request{Method: "PUT", Path: path + "/company", As: as, Body: body}, nil)
	}
	tests := []struct {
		name, as, body string
		want           int
	}{
		{"no name and no business", sales, `{"jobTitle":"Owner"}`, 400},
		{"a person as the company", sales, fmt.Sprintf(`{"companyContactId":%d}`, demo.ContactHonda), 400},
		{"a user who may not edit", marketing, `{"companyName":"Acme"}`, 403},
		{"a business customer", sales, fmt.Sprintf(`{"companyContactId":%d,"jobTitle":"Owner"}`, demo.ContactToyotaBusiness), 200},
		{"a stale version", sales, `{"companyName":"Acme","version":0}`, 409},
		{"the version read", sales, `{"companyName":"Acme","jobTitle":"Buyer","version":1}`, 200},
	}
	for _, tt := range tests {
		if got := put(tt.as, tt.body); got != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, got, tt.want)
		}
		if tt.name == "a business customer" {
			if got := get(); got.CompanyContactID != demo.ContactToyotaBusiness || got.CompanyName != "Rose City Plumbing LLC" || got.Version != 1 {
				t.Errorf("company = %+v, want Rose City Plumbing LLC at version 1", got)
			}
		}
	}
	if got := get(); got.CompanyName != "Acme" || got.JobTitle != "Buyer" || got.CompanyContactID != 0 || got.Version != 2 {
		t.Errorf("company = %+v, want Acme, Buyer, version 2", got)
	}
}

func TestRemoveContactTag(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	remove := func(as string, contactID, tagID int64) (int, []contact.Tag) {
		var got httpapi.Result[[]contact.Tag]
		status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/RemoveContactTag?contactId=%d&tagId=%d", contactID, tagID), As: as}, &got)
		return status, got.Data
	}
	if status, _ := remove(marketing, demo.ContactToyota, 1); status != 403 {
		t.Errorf("remove as marketing: status %d, want 403", status)
	}
	if status, _ := remove(demo.OtherUserID, demo.ContactToyota, 1); status != 404 {
		t.Errorf("remove as another group's user: status %d, want 404", status)
	}
	if status, _ := remove(sales, demo.ContactHyundai, 1); status != 404 {
		t.Errorf("remove on a store the caller may not view: status %d, want 404", status)
	}
	status, tags := remove(sales, demo.ContactToyota, 1)
	if status != 200 || len(tags) != 0 {
		t.Fatalf("remove the Service customer tag: status %d, tags %+v; want none left", status, tags)
	}
	if status, tags := remove(sales, demo.ContactToyota, 1); status != 200 || len(tags) != 0 {
		t.Errorf("remove it again: status %d, tags %+v; want 200 and none", status, tags)
	}
	var got httpapi.Result[contact.Contact]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/%d", demo.ContactToyota), As: sales}, &got); status != 200 || len(got.Data.Tags) != 0 || got.Data.Version != 2 {
		t.Errorf("customer after removal: status %d, tags %+v, version %d; want no tags at version 2", status, got.Data.Tags, got.Data.Version)
	}
}
