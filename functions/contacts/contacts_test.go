package contacts_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/contacts"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/google/go-cmp/cmp"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales     = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager   = "100002" // Morgan Reyes: sales manager of every store
	admin     = "100008" // Taylor Brooks: dealer admin, every store
	marketing = "100011" // Quinn Harper: marketing manager of every store, views customers only
	parts     = "100013" // Parker Lee: parts manager of Hyundai
)

func contactPath(id int64) string { return fmt.Sprintf("/crm/contacts/%d", id) }

func get(t *testing.T, srv *areatest.Server, as string, id int64) contact.Contact {
	t.Helper()
	var got httpapi.Result[contact.Contact]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: contactPath(id), As: as}, &got); status != 200 {
		t.Fatalf("GET contact %d as %s: status %d", id, as, status)
	}
	return got.Data
}

func save(t *testing.T, srv *areatest.Server, as string, c any) (int, contact.Contact) {
	t.Helper()
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var got httpapi.Result[contact.Contact]
	status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts", As: as, Body: string(b)}, &got)
	return status, got.Data
}

func TestGetContact(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		id     int64
		status int
		masked bool
	}{
		{"sales person of the store gets masked values", sales, demo.ContactToyota, 200, true},
		{"viewer who may not edit gets masked values", marketing, demo.ContactToyota, 200, true},
		{"dealer admin gets masked values too", admin, demo.ContactToyota, 200, true},
		{"store the user may not view", sales, demo.ContactHyundai, 404, false},
		{"another dealer group's customer", admin, demo.OtherContactID, 404, false},
		{"no such customer", admin, demo.ContactToyota + 999_000, 404, false},
		{"id below 1", admin, 0, 400, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "GET", Path: contactPath(tt.id), As: tt.as}
			if tt.status != 200 {
				if status, _ := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
				return
			}
			c := get(t, srv, tt.as, tt.id)
			wantSSN, wantDL, wantAcct := "123-45-6789", "D1234567", "000123456789"
			if tt.masked {
				wantSSN, wantDL, wantAcct = "***-**-6789", "****4567", "********6789"
			}
			if c.SSN != wantSSN || c.DriverLicense.Number != wantDL || c.Banks[0].AccountNumber != wantAcct || c.SensitiveMasked != tt.masked {
				t.Errorf("sensitive = %q, %q, %q, masked %v; want %q, %q, %q, %v", c.SSN, c.DriverLicense.Number, c.Banks[0].AccountNumber, c.SensitiveMasked, wantSSN, wantDL, wantAcct, tt.masked)
			}
			if c.DealerID != "NWT-01" || c.AccountID != demo.AccountID || c.Version != 1 {
				t.Errorf("dealer %q, account %d, version %d", c.DealerID, c.AccountID, c.Version)
			}
			var displays, labels []string
			for _, p := range c.Phones {
				displays, labels = append(displays, p.PhoneDisplay), append(labels, p.Label)
			}
			if diff := cmp.Diff([]string{"+1 (503) 555-0134", "(503) 555-0178 x12"}, displays); diff != "" {
				t.Errorf("phone displays (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]string{"Cell", "Work"}, labels); diff != "" {
				t.Errorf("phone labels (-want +got):\n%s", diff)
			}
			if !c.IsTextable || !c.IsEmailable {
				t.Errorf("textable %v, emailable %v; want both", c.IsTextable, c.IsEmailable)
			}
		})
	}
}

// TestSaveRejectsInvalidContacts sends invalid saves, new and of an existing contact: each is
// refused with every bad field named, and nothing changes.
func TestSaveRejectsInvalidContacts(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	before := get(t, srv, admin, demo.ContactToyota)
	base := func(id, version int64) map[string]any {
		return map[string]any{"id": id, "version": version, "accountPlatformId": demo.StoreToyota, "firstName": "Zed", "lastName": "Quixote"}
	}
	with := func(m map[string]any, kv ...any) map[string]any {
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	tests := []struct {
		name   string
		body   map[string]any
		fields map[string]string
	}{
		{"US phone of nine digits", with(base(0, 0), "phones", []any{map[string]any{"phone": "503-555-013"}}),
			map[string]string{"phones[0].phone": "Invalid number"}},
		{"no country, eleven digits", with(base(0, 0), "phones", []any{map[string]any{"phone": "1 (503) 555-0134"}}),
			map[string]string{"phones[0].phone": "Invalid number"}},
		{"other country, three digits", with(base(0, 0), "phones", []any{map[string]any{"phone": "123", "cc": map[string]any{"abbr": "GB"}}}),
			map[string]string{"phones[0].phone": "Invalid number"}},
		{"extension of five digits", with(base(0, 0), "phones", []any{map[string]any{"phone": "5035550100", "ext": "x12345"}}),
			map[string]string{"phones[0].ext": "Invalid extension"}},
		{"country not offered", with(base(0, 0), "phones", []any{map[string]any{"phone": "030123456", "cc": map[string]any{"abbr": "DE"}}}),
			map[string]string{"phones[0].cc": contact.MsgCountry}},
		{"every bad field of a list, indexed as sent", with(base(0, 0),
			"phones", []any{map[string]any{"phone": "  "}, map[string]any{"phone": "555-CALL-NOW"}, map[string]any{"phone": "5035550100", "extension": "ext 9"}},
			"emails", []any{map[string]any{"email": "ok@example.com"}, map[string]any{"email": "not-an-email"}},
			"ssn", "12-345",
			"vehicles", []any{map[string]any{"vin": "1HGCM82633AO04352"}},
			"driverLicense", map[string]any{"expirationDate": "13/45/2027"}),
			map[string]string{
				"phones[1].phone": "Invalid number", "phones[2].ext": "Invalid extension",
				"emails[1].email": "Invalid email. Please enter a valid email address.",
				"ssn":             contact.MsgSSN, "vehicles[0].vin": contact.MsgVIN, "driverLicense.expirationDate": contact.MsgDate,
			}},
		{"no name", map[string]any{"accountPlatformId": demo.StoreToyota}, map[string]string{"lastName": contact.MsgName}},
		{"no store", map[string]any{"lastName": "Quixote"}, map[string]string{"accountPlatformId": contact.MsgStore}},
		{"invalid update changes nothing", with(base(demo.ContactToyota, before.Version), "phones", []any{map[string]any{"phone": "503555"}}),
			map[string]string{"phones[0].phone": "Invalid number"}},
		{"masked value on a new contact", with(base(0, 0), "ssn", "***-**-6789"), map[string]string{"ssn": "Enter the whole value."}},
		{"update without a version", with(base(demo.ContactToyota, 0), "emails", []any{map[string]any{"email": "x@"}}),
			map[string]string{"version": contact.MsgVersion, "emails[0].email": "Invalid email. Please enter a valid email address."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, _ := json.Marshal(tt.body)
			status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/crm/contacts", As: admin, Body: string(b)})
			if status != 400 {
				t.Fatalf("status = %d, want 400 (%v)", status, e.ErrorMessages)
			}
			if diff := cmp.Diff(tt.fields, e.FieldErrors); diff != "" {
				t.Errorf("field errors (-want +got):\n%s", diff)
			}
		})
	}
	var found httpapi.Result[contacts.SearchResults]
	srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/search", As: admin, Body: `{"term":"Quixote"}`}, &found)
	if len(found.Data.Results) != 0 {
		t.Errorf("a rejected save created %d contacts", len(found.Data.Results))
	}
	after := get(t, srv, admin, demo.ContactToyota)
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("a rejected update changed the contact (-before +after):\n%s", diff)
	}
}

func TestCreateAndUpdate(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var events []eventbus.Event
	var mu sync.Mutex
	srv.Events.Subscribe("*", func(_ context.Context, e eventbus.Event) error {
		mu.Lock()
		defer mu.Unlock()
		if strings.HasPrefix(e.Type, "Contact") {
			events = append(events, e)
		}
		return nil
	})
	status, c := save(t, srv, sales, map[string]any{
		"accountPlatformId": demo.StoreHonda, "firstName": " Ada ", "lastName": "Lovelace",
		"phones": []any{
			map[string]any{"phone": ""},
			map[string]any{"phone": "(971) 555.01,23", "ext": "* 77", "phoneTypeId": 1, "isPreferred": true},
			map[string]any{"phone": "2079460958", "cc": map[string]any{"abbr": "GB"}, "phoneTypeId": 3},
		},
		"emails": []any{map[string]any{"email": " Ada@Example.COM "}},
		"notes":  []any{map[string]any{"text": "Walk-in, asked about hybrids."}},
		"ssn":    "078051120",
	})
	if status != 200 {
		t.Fatalf("create: status %d", status)
	}
	if c.ID < 1 || c.Version != 1 || c.FirstName != "Ada" || c.CreatedBy != sales || c.DealerID != "NWH-02" || c.SSN != "***-**-1120" || !c.SensitiveMasked {
		t.Errorf("created %+v", c)
	}
	var phones []string
	for _, p := range c.Phones {
		phones = append(phones, fmt.Sprintf("%d %s %s %s", p.ID, p.Phone, p.Ext, p.PhoneDisplay))
	}
	if diff := cmp.Diff([]string{"1 9715550123 77 (971) 555-0123 x77", "2 2079460958  +44 20 7946 0958"}, phones); diff != "" {
		t.Errorf("phones (-want +got):\n%s", diff)
	}
	if len(c.Emails) != 1 || c.Emails[0].Email != "ada@example.com" {
		t.Errorf("emails %+v", c.Emails)
	}

	c.NickName = "Countess"
	c.Phones = c.Phones[:1]
	status, updated := save(t, srv, sales, c)
	if status != 200 || updated.Version != 2 || updated.NickName != "Countess" || len(updated.Phones) != 1 || updated.Phones[0].ID != 1 {
		t.Fatalf("update: status %d, %+v", status, updated)
	}
	if updated.Notes[0].CreatedBy != sales || !updated.Notes[0].CreatedAt.Equal(c.Notes[0].CreatedAt) {
		t.Errorf("the note's creation changed: %+v", updated.Notes[0])
	}
	c.NickName = "Stale"
	if status, _ := save(t, srv, sales, c); status != 409 {
		t.Errorf("save of a stale version: status %d, want 409", status)
	}
	if got := get(t, srv, sales, c.ID); got.NickName != "Countess" || got.Version != 2 {
		t.Errorf("after the stale save: %q at version %d", got.NickName, got.Version)
	}
	// Found by the new phone, no longer by the removed one.
	for term, want := range map[string]int{"971 555 0123": 1, "+1 (207) 946-0958": 0, "ada@example.com": 1} {
		var res httpapi.Result[contacts.SearchResults]
		srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/search", As: sales, Body: fmt.Sprintf(`{"term":%q}`, term)}, &res)
		if len(res.Data.Results) != want {
			t.Errorf("search %q: %d results, want %d", term, len(res.Data.Results), want)
		}
	}

	// Moving the customer to a store the user may not view is refused; so is editing a
	// customer of such a store.
	moved := updated
	moved.AccountPlatformID = demo.StoreHyundai
	if status, _ := save(t, srv, sales, moved); status != 403 {
		t.Errorf("move to a store the user may not view: %d, want 403", status)
	}
	hyundai := get(t, srv, admin, demo.ContactHyundai)
	hyundai.AccountPlatformID = demo.StoreToyota
	if status, _ := save(t, srv, sales, hyundai); status != 404 {
		t.Errorf("edit of a customer of a store the user may not view: %d, want 404", status)
	}
	if status, _ := save(t, srv, marketing, updated); status != 403 {
		t.Errorf("save by a user who may not edit: %d, want 403", status)
	}

	mu.Lock()
	defer mu.Unlock()
	var got []string
	for _, e := range events {
		var d contact.Changed
		json.Unmarshal(e.Detail, &d)
		got = append(got, fmt.Sprintf("%s %s %s", e.Type, e.ID, strings.Join(d.Fields, ",")))
	}
	want := []string{
		fmt.Sprintf("ContactCreated contact-%d-v1 %s", c.ID, strings.Join(changedOnCreate, ",")),
		fmt.Sprintf("ContactUpdated contact-%d-v2 nickName,phones", c.ID),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

var changedOnCreate = []string{"accountPlatformId", "contactTypeId", "emails", "firstName", "lastName", "notes", "phones", "smsOptInStatusId", "ssn"}

// TestConcurrentSaves races saves of one contact read at one version: exactly one succeeds,
// the others are refused, and marks made meanwhile are kept.
func TestConcurrentSaves(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	c := get(t, srv, admin, demo.ContactHonda)
	const n = 6
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			mine := c
			mine.NickName = fmt.Sprintf("writer %d", i)
			statuses[i], _ = save(t, srv, admin, mine)
		})
	}
	wg.Go(func() {
		srv.Do(t, areatest.Request{Method: "POST", Path: contactPath(c.ID) + "/actions/mark_as_hot", As: admin, Body: "false"}, nil)
	})
	wg.Wait()
	var ok, conflicts int
	winner := ""
	for i, s := range statuses {
		switch s {
		case 200:
			ok++
			winner = fmt.Sprintf("writer %d", i)
		case 409:
			conflicts++
		default:
			t.Errorf("writer %d: status %d", i, s)
		}
	}
	after := get(t, srv, admin, c.ID)
	// The mark may land before every save (then all of them are stale) or after one of them.
	switch {
	case ok == 1 && conflicts == n-1:
		if after.NickName != winner || after.Version != 3 {
			t.Errorf("after the race: %q at version %d, want %q at 3", after.NickName, after.Version, winner)
		}
	case ok == 0 && conflicts == n:
		if after.NickName != c.NickName || after.Version != 2 {
			t.Errorf("after the race: %q at version %d, want the mark only", after.NickName, after.Version)
		}
	default:
		t.Fatalf("%d saves succeeded and %d conflicted, want at most one success and the rest conflicts", ok, conflicts)
	}
	if after.IsMarkedHot {
		t.Error("the concurrent mark was lost")
	}
}

func TestSearchClassifiesTheTerm(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		term  string
		stock *bool
		kind  string
		want  []int64
	}{
		{"Maria.Gonzalez@example.com", nil, "email", []int64{demo.ContactToyota, demo.ContactToyotaSameEmail}},
		{"(503) 555-0134", nil, "phone", []int64{demo.ContactToyota, demo.ContactToyotaSamePhone}},
		{"503.555.0134", nil, "phone", []int64{demo.ContactToyota, demo.ContactToyotaSamePhone}},
		{"+1 503 555 0134", nil, "phone", []int64{demo.ContactToyota, demo.ContactToyotaSamePhone}},
		{"4t1b11hk5ku123456", nil, "vin", []int64{demo.ContactToyota}},
		{"I4T1B11HK5KU123456", nil, "vin", []int64{demo.ContactToyota}},
		{"4T1B11HK5KU123456Z", nil, "vin", []int64{demo.ContactToyota}},
		{"xx4T1B11HK5KU123456z", nil, "vin", []int64{demo.ContactToyota}},
		{"4T1B11HK5KU12345", nil, "stockNumber", nil},
		{"t24817a", nil, "stockNumber", []int64{demo.ContactToyota}},
		{"T24817A", ptr(false), "lastName", nil},
		{"Maria Gonzalez", nil, "fullName", []int64{demo.ContactToyota}},
		{"maria gonz", nil, "fullName", nil},
		{"Whitfield", nil, "lastName", []int64{demo.ContactToyotaBusiness}},
		{"whitf", nil, "lastName", []int64{demo.ContactToyotaBusiness}},
		{"Rose City Plumbing", nil, "businessName", []int64{demo.ContactToyotaBusiness}},
		{"rose city", nil, "fullName", nil},
		{"5TFAX5GN4MX654321", nil, "vin", []int64{demo.ContactToyotaBusiness}},
	}
	for _, tt := range tests {
		t.Run(tt.term, func(t *testing.T) {
			body, _ := json.Marshal(map[string]any{"term": tt.term, "allowStockNumber": tt.stock})
			var res httpapi.Result[contacts.SearchResults]
			if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/search", As: admin, Scope: fmt.Sprint(demo.StoreToyota), Body: string(body)}, &res); status != 200 {
				t.Fatalf("status %d", status)
			}
			if got := string(res.Data.Classification.Kind); got != tt.kind {
				t.Errorf("classified as %q, want %q", got, tt.kind)
			}
			if diff := cmp.Diff(tt.want, ids(res.Data.Results)); diff != "" {
				t.Errorf("results (-want +got):\n%s", diff)
			}
		})
	}
	if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/crm/contacts/search", As: admin, Body: `{"term":"   "}`}); status != 400 || e.FieldErrors["term"] == "" {
		t.Errorf("blank term: %d %v", status, e)
	}
}

func ptr[T any](v T) *T { return &v }

func ids(ms []contact.Match) []int64 {
	var out []int64
	for _, m := range ms {
		out = append(out, m.ContactID)
	}
	slices.Sort(out)
	return out
}

// TestSearchOnlyShowsViewableStores checks that searches return only customers of stores the
// user may view (and of the Scope header's stores), never another dealer group's, and that
// pages read by cursors return every match once, in name order.
func TestSearchOnlyShowsViewableStores(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	search := func(as, scope, body string) (int, httpapi.Result[contacts.SearchResults]) {
		var res httpapi.Result[contacts.SearchResults]
		status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/search", As: as, Scope: scope, Body: body}, &res)
		return status, res
	}
	tests := []struct {
		name   string
		as     string
		scope  string
		term   string
		status int
		want   []int64
	}{
		{"the other group's twin is not found", admin, "", "maria.gonzalez@example.com", 200, []int64{demo.ContactToyota, demo.ContactToyotaSameEmail}},
		{"a Hyundai phone is not found by a Toyota and Honda user", sales, "", "604-555-0199", 200, nil},
		{"nor by a user of every store who selected Toyota", admin, fmt.Sprint(demo.StoreToyota), "604-555-0199", 200, nil},
		{"but by a user of every store", admin, "", "604-555-0199", 200, []int64{demo.ContactHyundai}},
		{"a Honda customer for a Toyota and Honda user", sales, "", "James Carter", 200, []int64{demo.ContactHonda}},
		{"a Scope of stores the user may not view", sales, fmt.Sprint(demo.StoreHyundai), "Carter", 403, nil},
		{"a Scope of another group's store", admin, fmt.Sprint(demo.OtherStore), "Carter", 403, nil},
		{"the other group finds its own", demo.OtherUserID, "", "5035550134", 200, []int64{demo.OtherContactID}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, res := search(tt.as, tt.scope, fmt.Sprintf(`{"term":%q}`, tt.term))
			if status != tt.status {
				t.Fatalf("status %d, want %d", status, tt.status)
			}
			if diff := cmp.Diff(tt.want, ids(res.Data.Results)); tt.status == 200 && diff != "" {
				t.Errorf("results (-want +got):\n%s", diff)
			}
		})
	}

	// Every customer whose last name starts with a letter, page by page: the generated
	// customers and the hand-written ones of the stores the user may view, merged in name order.
	g := demo.Build()
	all := append([]contact.Contact{}, g.Contacts...)
	for i := range areatest.GeneratedContacts {
		all = append(all, demo.GenerateContact(demo.AccountID, g.Stores, i))
	}
	for _, tc := range []struct {
		as     string
		views  []int64
		letter string
		size   int
	}{
		{sales, []int64{demo.StoreToyota, demo.StoreHonda}, "C", 4},
		{sales, []int64{demo.StoreToyota, demo.StoreHonda}, "R", 3},
		{admin, []int64{demo.StoreToyota, demo.StoreHonda, demo.StoreHyundai}, "G", 3},
		{admin, []int64{demo.StoreToyota, demo.StoreHonda, demo.StoreHyundai}, "T", 2},
		{admin, []int64{demo.StoreToyota, demo.StoreHonda, demo.StoreHyundai}, "C", 25},
	} {
		var want []string
		for _, c := range all {
			if slices.Contains(tc.views, c.AccountPlatformID) && strings.HasPrefix(contact.NormName(c.LastName), tc.letter) {
				want = append(want, fmt.Sprintf("%s#%s#%016d", contact.NormName(c.LastName), contact.NormName(c.FirstName), c.ID))
			}
		}
		slices.Sort(want)
		var got []string
		cursor, pages := "", 0
		for {
			status, res := search(tc.as, "", fmt.Sprintf(`{"term":%q,"pageSize":%d,"cursor":%q}`, tc.letter, tc.size, cursor))
			if status != 200 {
				t.Fatalf("%s page %d: status %d", tc.letter, pages+1, status)
			}
			pages++
			if res.PageData.PageNumber != pages || len(res.Data.Results) > tc.size {
				t.Errorf("%s page %d: pageData %+v, %d results", tc.letter, pages, res.PageData, len(res.Data.Results))
			}
			for _, m := range res.Data.Results {
				if !slices.Contains(tc.views, m.AccountPlatformID) {
					t.Errorf("result %d of a store the user may not view", m.ContactID)
				}
				got = append(got, fmt.Sprintf("%s#%s#%016d", contact.NormName(m.LastName), contact.NormName(m.FirstName), m.ContactID))
			}
			if cursor = res.Data.NextCursor; cursor == "" || pages > 100 {
				break
			}
		}
		if len(want) < 2*tc.size && tc.size < 25 {
			t.Errorf("only %d customers start with %s: the case pages too little", len(want), tc.letter)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s's customers whose last name starts with %s, in pages of %d (-want +got):\n%s", tc.as, tc.letter, tc.size, diff)
		}
	}

	// A cursor is good for its own search only.
	_, first := search(sales, "", `{"term":"C","pageSize":2}`)
	for name, body := range map[string]string{
		"another term":        fmt.Sprintf(`{"term":"M","pageSize":2,"cursor":%q}`, first.Data.NextCursor),
		"altered":             fmt.Sprintf(`{"term":"C","pageSize":2,"cursor":%q}`, first.Data.NextCursor+"x"),
		"other stores":        fmt.Sprintf(`{"term":"C","pageSize":2,"cursor":%q,"accountPlatformIds":[%d]}`, first.Data.NextCursor, demo.StoreToyota),
		"not a cursor at all": `{"term":"C","cursor":"abc"}`,
	} {
		if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/crm/contacts/search", As: sales, Body: body}); status != 400 {
			t.Errorf("%s cursor: status %d, want 400", name, status)
		}
	}
}

func TestAdvancedSearch(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		body   string
		status int
		want   []int64
	}{
		{"last name and first name prefix", sales, `{"lastName":"carter","firstName":"jam"}`, 200, []int64{demo.ContactHonda, demo.ContactHondaSimilar}},
		{"last name, first name and phone", sales, `{"lastName":"carter","firstName":"jam","phone":"971.555.0163"}`, 200, []int64{demo.ContactHondaSimilar}},
		{"e-mail and city", admin, `{"email":"maria.gonzalez@example.com","city":"portland"}`, 200, []int64{demo.ContactToyota}},
		{"hot customers named Carter", sales, `{"lastName":"Carter","isMarkedHot":true}`, 200, []int64{demo.ContactHonda}},
		{"VIN", admin, `{"vin":"KM8J3CA46NU123456"}`, 200, []int64{demo.ContactHyundai}},
		{"VIN of a store the user may not view", sales, `{"vin":"KM8J3CA46NU123456"}`, 200, nil},
		{"business name", admin, `{"businessName":"rose city"}`, 200, []int64{demo.ContactToyotaBusiness}},
		{"first name only", admin, `{"firstName":"Maria"}`, 400, nil},
		{"malformed e-mail", admin, `{"email":"maria@"}`, 400, nil},
		{"malformed phone", admin, `{"phone":"555"}`, 400, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var res httpapi.Result[contacts.SearchResults]
			status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/advanced_search", As: tt.as, Body: tt.body}, &res)
			if status != tt.status {
				t.Fatalf("status %d, want %d", status, tt.status)
			}
			if tt.status == 200 {
				if diff := cmp.Diff(tt.want, ids(res.Data.Results)); diff != "" {
					t.Errorf("results (-want +got):\n%s", diff)
				}
				if res.PageData == nil || res.PageData.PageSize != 25 {
					t.Errorf("pageData %+v, want page size 25", res.PageData)
				}
			}
		})
	}
}

// TestSensitiveFieldsAtRest reads the stored items: the SSN, licence and bank numbers are
// ciphertexts, no search entry holds them, and search results never carry them.
func TestSensitiveFieldsAtRest(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	part, err := tn.Partition("C", fmt.Sprint(demo.ContactToyota))
	if err != nil {
		t.Fatal(err)
	}
	page, err := srv.Services.Store.Query(context.Background(), storeQuery(part))
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Items) < 5 {
		t.Fatalf("%d items in the contact's partition, want the contact and its entries", len(page.Items))
	}
	raw, _ := json.Marshal(page.Items)
	for _, secret := range []string{"123-45-6789", "123456789", "D1234567", "000123456789", "123103729"} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("the stored items hold %q in plain text", secret)
		}
	}
	var rec struct {
		SSN           string
		DriverLicense struct{ Number string }
	}
	for i := range page.Items {
		if page.Type(i) == "Contact" {
			if err := page.DecodeItem(i, &rec); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !strings.HasPrefix(rec.SSN, "l1:") || !strings.HasPrefix(rec.DriverLicense.Number, "l1:") {
		t.Errorf("stored SSN %q and licence %q, want ciphertexts", rec.SSN, rec.DriverLicense.Number)
	}

	var res json.RawMessage
	srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/search", As: admin, Body: `{"term":"Maria Gonzalez"}`}, &res)
	if strings.Contains(string(res), `"ssn"`) || strings.Contains(string(res), "6789") || strings.Contains(string(res), "l1:") {
		t.Errorf("search results carry sensitive fields: %s", res)
	}

	// An editor who sends back masked values keeps the stored ones.
	c := get(t, srv, admin, demo.ContactToyota)
	c.SSN, c.Banks[0].AccountNumber, c.NickName = "***-**-6789", "********6789", "Mari"
	if status, saved := save(t, srv, admin, c); status != 200 || saved.SSN != "***-**-6789" || saved.Banks[0].AccountNumber != "********6789" {
		t.Errorf("save with masked values: %d, %q, %q", status, saved.SSN, saved.Banks[0].AccountNumber)
	}
	if got := reveal(t, srv, admin, demo.ContactToyota, "ssn"); got != "123-45-6789" {
		t.Errorf("SSN after a save with masked values = %q, want the stored one", got)
	}
	c = get(t, srv, admin, demo.ContactToyota)
	c.SSN = "***-**-0000"
	if status, e := srv.Error(t, areatest.Request{Method: "POST", Path: "/crm/contacts", As: admin, Body: mustJSON(c)}); status != 400 || e.FieldErrors["ssn"] == "" {
		t.Errorf("a masked value of another SSN: %d %v", status, e.FieldErrors)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestMarkAsHot(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		id     int64
		body   string
		status int
		hot    bool
	}{
		{"mark", sales, demo.ContactToyota, "true", 200, true},
		{"again", sales, demo.ContactToyota, "TRUE", 200, true},
		{"unmark, quoted", sales, demo.ContactToyota, `"false"`, 200, false},
		{"not a boolean", sales, demo.ContactToyota, "maybe", 400, false},
		{"a viewer who may not edit", marketing, demo.ContactToyota, "true", 403, false},
		{"a store the user may not view", sales, demo.ContactHyundai, "true", 404, false},
		{"another group's customer", admin, demo.OtherContactID, "true", 404, false},
	}
	for _, tt := range tests {
		req := areatest.Request{Method: "POST", Path: contactPath(tt.id) + "/actions/mark_as_hot", As: tt.as, Body: tt.body}
		if tt.status != 200 {
			if status, _ := srv.Error(t, req); status != tt.status {
				t.Errorf("%s: status %d, want %d", tt.name, status, tt.status)
			}
			continue
		}
		var res httpapi.Result[contacts.HotState]
		if status := srv.Do(t, req, &res); status != 200 || res.Data.IsMarkedHot != tt.hot {
			t.Errorf("%s: status %d, %+v", tt.name, status, res.Data)
		}
	}
	if c := get(t, srv, sales, demo.ContactToyota); c.IsMarkedHot || c.Version != 3 {
		t.Errorf("after marking and unmarking: hot %v at version %d, want false at 3", c.IsMarkedHot, c.Version)
	}
}

func TestUserPermissions(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		id     int64
		user   string
		status int
		want   contact.Permission
	}{
		{"sales person, own store", sales, demo.ContactToyota, sales, 200, contact.Permission{CanView: true, CanEdit: true}},
		{"sales person, a store not viewed", sales, demo.ContactHyundai, sales, 200, contact.Permission{}},
		{"manager", manager, demo.ContactHyundai, manager, 200, contact.Permission{CanView: true, CanEdit: true, CanReactivate: true, CanRevealSensitive: true}},
		{"marketing views only", marketing, demo.ContactToyota, marketing, 200, contact.Permission{CanView: true}},
		{"parts manager of Hyundai asked about by a manager", manager, demo.ContactHyundai, parts, 200, contact.Permission{CanView: true}},
		{"an admin asks about the sales person", admin, demo.ContactHyundai, sales, 200, contact.Permission{}},
		{"another group's customer", admin, demo.OtherContactID, admin, 404, contact.Permission{}},
		{"another group's user", admin, demo.ContactToyota, demo.OtherUserID, 404, contact.Permission{}},
	}
	for _, tt := range tests {
		var res httpapi.Result[contact.Permission]
		status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/contacts/%d/user_permissions/%s", tt.id, tt.user), As: tt.as}, &res)
		if status != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, status, tt.status)
			continue
		}
		if tt.status != 200 {
			continue
		}
		tt.want.ContactID, tt.want.UserID = tt.id, tt.user
		if diff := cmp.Diff(tt.want, res.Data); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestRecentlyViewed(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	for _, id := range []int64{demo.ContactToyota, demo.ContactHonda, demo.ContactToyotaBusiness, demo.ContactToyota} {
		get(t, srv, sales, id)
	}
	get(t, srv, manager, demo.ContactHyundai)
	tests := []struct {
		name  string
		as    string
		scope string
		want  []int64
	}{
		{"latest first, each once", sales, "", []int64{demo.ContactToyota, demo.ContactToyotaBusiness, demo.ContactHonda}},
		{"the selected store only", sales, fmt.Sprint(demo.StoreHonda), []int64{demo.ContactHonda}},
		{"each user their own", manager, "", []int64{demo.ContactHyundai}},
		{"nothing viewed", admin, "", nil},
	}
	for _, tt := range tests {
		var res httpapi.Result[[]contact.Viewed]
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/recently_viewed_contacts", As: tt.as, Scope: tt.scope, Body: "{}"}, &res); status != 200 {
			t.Fatalf("%s: status %d", tt.name, status)
		}
		var got []int64
		for _, v := range res.Data {
			got = append(got, v.ContactID)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestSearchByTheEndOfAVIN checks that the last 6 to 8 characters of a VIN find the customer
// whose vehicle it is, after the word found nobody as a stock number or a last name, in the
// quick and the advanced search, and never another store's or group's customer.
func TestSearchByTheEndOfAVIN(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name    string
		as      string
		path    string
		body    string
		status  int
		want    []int64
		matched string
	}{
		{"eight characters, not a stock number", sales, "/crm/contacts/search", `{"term":"mh612345"}`, 200, []int64{demo.ContactHonda}, "vin"},
		{"seven characters", sales, "/crm/contacts/search", `{"term":"H612345"}`, 200, []int64{demo.ContactHonda}, "vin"},
		{"six digits, not a last name", sales, "/crm/contacts/search", `{"term":"612345"}`, 200, []int64{demo.ContactHonda}, "vin"},
		{"a stock number stays a stock number", sales, "/crm/contacts/search", `{"term":"T24817A"}`, 200, []int64{demo.ContactToyota}, "stockNumber"},
		{"an end no VIN has", sales, "/crm/contacts/search", `{"term":"XH612345"}`, 200, nil, ""},
		{"not another store's customer", sales, "/crm/contacts/search", `{"term":"NU123456"}`, 200, nil, ""},
		{"the other group's customer only for its users", demo.OtherUserID, "/crm/contacts/search", `{"term":"KU123456"}`, 200, []int64{demo.OtherContactID}, "vin"},
		{"advanced search by the end of a VIN", sales, "/crm/contacts/advanced_search", `{"vin":"MH612345"}`, 200, []int64{demo.ContactHonda}, "vin"},
		{"advanced search narrows it by name", sales, "/crm/contacts/advanced_search", `{"vin":"612345","lastName":"Nobody"}`, 200, nil, ""},
		{"advanced search refuses five characters", sales, "/crm/contacts/advanced_search", `{"vin":"23456"}`, 400, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var res httpapi.Result[contacts.SearchResults]
			status := srv.Do(t, areatest.Request{Method: "POST", Path: tt.path, As: tt.as, Body: tt.body}, &res)
			if status != tt.status {
				t.Fatalf("status %d, want %d", status, tt.status)
			}
			if tt.status != 200 {
				_, e := srv.Error(t, areatest.Request{Method: "POST", Path: tt.path, As: tt.as, Body: tt.body})
				if got := e.FieldErrors["vin"]; got != contact.MsgVINSearch {
					t.Errorf("vin error %q, want %q", got, contact.MsgVINSearch)
				}
				return
			}
			if diff := cmp.Diff(tt.want, ids(res.Data.Results)); diff != "" {
				t.Errorf("results (-want +got):\n%s", diff)
			}
			for _, m := range res.Data.Results {
				if m.MatchedOn != tt.matched {
					t.Errorf("matchedOn %q, want %q", m.MatchedOn, tt.matched)
				}
			}
			// The quick search says how it found them.
			if c := res.Data.Classification; c != nil && tt.matched != "" && string(c.Kind) != tt.matched {
				t.Errorf("classified as %q, want %q", c.Kind, tt.matched)
			}
		})
	}
}
