package contacts_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"sync"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/contacts"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestSnapshot(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name        string
		as          string
		id          int64
		body        string
		status      int
		leadTasks   int
		nextTask    string
		lastRO      string
		hasActivity bool
	}{
		{"every lead's tasks", sales, demo.ContactToyota, `{}`, 200, 2, "T-1001-1", "T-66840", false},
		{"one lead's tasks", sales, demo.ContactToyota, fmt.Sprintf(`{"entityIds":[%d]}`, demo.ContactToyota), 200, 2, "T-1001-1", "T-66840", false},
		{"a lead without tasks", sales, demo.ContactToyota, `{"entityIds":[9999]}`, 200, 0, "T-1001-1", "T-66840", false},
		{"no body", sales, demo.ContactHonda, ``, 200, 1, "T-1002-1", "H-20931", false},
		{"a customer with no records", sales, demo.ContactToyotaSamePhone, `{}`, 200, 0, "", "", false},
		{"store the user may not view", sales, demo.ContactHyundai, `{}`, 404, 0, "", "", false},
		{"another dealer group", demo.OtherUserID, demo.ContactToyota, `{}`, 404, 0, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: contactPath(tt.id) + "/snapshot", As: tt.as, Body: tt.body}
			if tt.status != 200 {
				if status, _ := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
				return
			}
			var got httpapi.Result[contacts.Snapshot]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			s := got.Data
			if s.ActiveLeadTasks != tt.leadTasks {
				t.Errorf("activeLeadTasks = %d, want %d", s.ActiveLeadTasks, tt.leadTasks)
			}
			next := ""
			if s.NextScheduledActivity != nil {
				next = s.NextScheduledActivity.TaskID
			}
			if next != tt.nextTask {
				t.Errorf("nextScheduledActivity = %q, want %q", next, tt.nextTask)
			}
			ro := ""
			if s.LastServiceVisit != nil {
				ro = s.LastServiceVisit.RONumber
			}
			if ro != tt.lastRO {
				t.Errorf("lastServiceVisit = %q, want %q", ro, tt.lastRO)
			}
			if s.ActiveProcesses != 0 || s.LastContact != nil || s.LastCustomerEngagement != nil {
				t.Errorf("parts without records = %d, %v, %v; want 0, nil, nil", s.ActiveProcesses, s.LastContact, s.LastCustomerEngagement)
			}
		})
	}
}

func TestSnapshotConversation(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	snapshot := func(t *testing.T) contacts.Snapshot {
		t.Helper()
		var got httpapi.Result[contacts.Snapshot]
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: contactPath(demo.ContactToyotaSamePhone) + "/snapshot", As: sales, Body: `{}`}, &got); status != 200 {
			t.Fatalf("snapshot = %d", status)
		}
		return got.Data
	}
	logCall := func(t *testing.T, direction string) {
		t.Helper()
		body := fmt.Sprintf(`{"direction":%q,"outcome":"contacted"}`, direction)
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: contactPath(demo.ContactToyotaSamePhone) + "/actions/log_phone_call", As: sales, Body: body}, nil); status != 200 {
			t.Fatalf("log %s call = %d", direction, status)
		}
	}

	logCall(t, "outbound")
	s := snapshot(t)
	if s.LastContact == nil || s.LastContact.Type != "phone" || s.LastContact.Description != "outbound phone" {
		t.Errorf("lastContact after an outbound call = %+v, want the outbound phone call", s.LastContact)
	}
	if s.LastCustomerEngagement != nil {
		t.Errorf("lastCustomerEngagement after an outbound call only = %+v, want none", s.LastCustomerEngagement)
	}

	logCall(t, "inbound")
	s = snapshot(t)
	if s.LastCustomerEngagement == nil || s.LastCustomerEngagement.Description != "inbound phone" {
		t.Errorf("lastCustomerEngagement after an inbound call = %+v, want the inbound phone call", s.LastCustomerEngagement)
	}
	if s.LastContact == nil || s.LastContact.Date.Before(s.LastCustomerEngagement.Date) {
		t.Errorf("lastContact = %+v, want the latest call", s.LastContact)
	}
}

func TestServiceSummaryAndVehicles(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var sum httpapi.Result[repairorder.Totals]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: contactPath(demo.ContactToyota) + "/service", As: sales}, &sum); status != 200 {
		t.Fatalf("GET service = %d", status)
	}
	want := repairorder.Totals{ROCount: 4, CustomerPayTotal: 875.70, WarrantyPayTotal: 712, DealerPaidTotal: 45, TotalServiceValue: 1632.70}
	if sum.Data != want {
		t.Errorf("summary = %+v, want %+v", sum.Data, want)
	}

	var veh httpapi.Result[contacts.ServiceVehicles]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: contactPath(demo.ContactToyotaBusiness) + "/service/vehicle", As: sales}, &veh); status != 200 {
		t.Fatalf("GET service/vehicle = %d", status)
	}
	vs := veh.Data.Data
	if len(vs) != 2 || vs[0].VIN != "5TFAX5GN2MX123456" || vs[0].VisitCount != 1 || vs[1].VisitCount != 0 || vs[1].LastVisit != nil {
		t.Errorf("vehicles = %+v, want the serviced Tacoma first and the other without visits", vs)
	}

	var toyota httpapi.Result[contacts.ServiceVehicles]
	srv.Do(t, areatest.Request{Method: "GET", Path: contactPath(demo.ContactToyota) + "/service/vehicle", As: sales}, &toyota)
	if v := toyota.Data.Data; len(v) != 1 || len(v[0].Visits) != 4 || v[0].Visits[0].RONumber != "T-66840" || v[0].Visits[3].RONumber != "T-58112" {
		t.Errorf("Camry visits = %+v, want 4 visits, the latest first", v)
	}

	for _, path := range []string{"/service", "/service/vehicle"} {
		if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: contactPath(demo.ContactHyundai) + path, As: sales}); status != 404 {
			t.Errorf("GET %s of a store the user may not view = %d, want 404", path, status)
		}
		if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: contactPath(demo.ContactToyota) + path, As: demo.OtherUserID}); status != 404 {
			t.Errorf("GET %s of another group's customer = %d, want 404", path, status)
		}
	}
}

func pngOf(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func imageBody(contentType string, data []byte) string {
	b, _ := json.Marshal(map[string]any{"contentType": contentType, "data": base64.StdEncoding.EncodeToString(data)})
	return string(b)
}

func TestLicenceImages(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	front := contactPath(demo.ContactToyota) + "/driver_license_front"

	// The scan shows the licence number: it is read as the number is revealed.
	status, body, header := srv.Raw(t, areatest.Request{Method: "GET", Path: front, As: manager})
	if status != 200 || header.Get("Content-Type") != "image/png" || header.Get("Cache-Control") != "private, no-store" || !bytes.HasPrefix(body, []byte("\x89PNG")) {
		t.Fatalf("GET seeded front = %d %s %q, want an uncached PNG", status, header.Get("Content-Type"), header.Get("Cache-Control"))
	}
	if got := reveals(t, srv); len(got) != 1 || got[0].SubjectUserID != manager || got[0].ContactID != demo.ContactToyota || got[0].Field != "driverLicense.front" {
		t.Fatalf("audit after reading the scan = %+v, want one reveal of driverLicense.front by the manager", got)
	}

	upload := pngOf(40, 25)
	var saved httpapi.Result[contacts.ImageSaved]
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: front, As: sales, Body: imageBody("image/png", upload)}, &saved); status != 200 {
		t.Fatalf("PUT front = %d", status)
	}
	if _, body, _ := srv.Raw(t, areatest.Request{Method: "GET", Path: front, As: manager}); !bytes.Equal(body, upload) {
		t.Errorf("GET after PUT returned %d bytes, want the %d uploaded", len(body), len(upload))
	}

	huge := append(pngOf(1, 1), make([]byte, 4<<20)...)
	tests := []struct {
		name   string
		as     string
		method string
		path   string
		body   string
		status int
	}{
		{"not an image type", sales, "PUT", front, imageBody("application/pdf", []byte("%PDF-1.7")), 400},
		{"bytes of another type", sales, "PUT", front, imageBody("image/jpeg", upload), 400},
		{"not an image at all", sales, "PUT", front, imageBody("image/png", []byte("hello")), 400},
		{"empty", sales, "PUT", front, imageBody("image/png", nil), 400},
		{"larger than 4 MB", sales, "PUT", front, imageBody("image/png", huge), 400},
		{"viewer who may not edit uploads", marketing, "PUT", front, imageBody("image/png", upload), 403},
		{"viewer who may not edit reads the licence", marketing, "GET", front, "", 403},
		{"sales person who uploads it may not read it", sales, "GET", front, "", 403},
		{"store the user may not view", sales, "PUT", contactPath(demo.ContactHyundai) + "/driver_license_front", imageBody("image/png", upload), 404},
		{"another dealer group", demo.OtherUserID, "GET", front, "", 404},
		{"no image uploaded", manager, "GET", contactPath(demo.ContactToyotaSamePhone) + "/driver_license_back", "", 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _ := srv.Error(t, areatest.Request{Method: tt.method, Path: tt.path, As: tt.as, Body: tt.body})
			if status != tt.status {
				t.Errorf("status = %d, want %d", status, tt.status)
			}
		})
	}
	if _, body, _ := srv.Raw(t, areatest.Request{Method: "GET", Path: front, As: manager}); !bytes.Equal(body, upload) {
		t.Errorf("a refused upload changed the stored image")
	}
	if got := len(reveals(t, srv)); got != 3 {
		t.Errorf("%d reveals audited, want 3 (one per scan read, none for a refused or missing one)", got)
	}
	if status, _, header := srv.Raw(t, areatest.Request{Method: "GET", Path: contactPath(demo.ContactToyota) + "/driver_license_avatar", As: marketing}); status != 200 || header.Get("Content-Type") != "image/png" {
		t.Errorf("viewer reads the avatar = %d, want 200", status)
	}
}

func TestAddProspect(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	type result = httpapi.Result[contacts.ProspectResult]
	prospect := func(c string, skip bool) string {
		return fmt.Sprintf(`{"contact":%s,"skipContactProposal":%v}`, c, skip)
	}
	tests := []struct {
		name   string
		scope  string
		body   string
		status int
		dups   []int64
	}{
		{"same e-mail address", "2001", prospect(`{"firstName":"Ana","lastName":"Lopez","emails":[{"email":"MARIA.GONZALEZ@example.com"}]}`, false), 200,
			[]int64{demo.ContactToyotaSameEmail, demo.ContactToyota}},
		{"same phone", "2001", prospect(`{"firstName":"Ana","lastName":"Lopez","phones":[{"phone":"(503) 555-0190","phoneTypeId":1}]}`, false), 200,
			[]int64{demo.ContactToyotaSameEmail}},
		{"same last name and a close first name", "2002", prospect(`{"firstName":"Jamey","lastName":"Carter"}`, false), 200,
			[]int64{demo.ContactHonda, demo.ContactHondaSimilar}},
		{"same last name, another first name", "2002", prospect(`{"firstName":"Olga","lastName":"Carter"}`, false), 200, nil},
		{"duplicates of other stores are not proposed", "2002", prospect(`{"firstName":"Ana","lastName":"Lopez","emails":[{"email":"maria.gonzalez@example.com"}]}`, false), 200, nil},
		{"store in the contact", "", prospect(fmt.Sprintf(`{"accountPlatformId":%d,"firstName":"Ana","lastName":"Lopez","emails":[{"email":"maria.gonzalez@example.com"}]}`, demo.StoreToyota), false), 200,
			[]int64{demo.ContactToyotaSameEmail, demo.ContactToyota}},
		{"invalid phone", "2001", prospect(`{"firstName":"Ana","lastName":"Lopez","phones":[{"phone":"555","phoneTypeId":1}]}`, false), 400, nil},
		{"no store", "", prospect(`{"firstName":"Ana","lastName":"Lopez"}`, false), 400, nil},
		{"two stores", "2001,2002", prospect(`{"firstName":"Ana","lastName":"Lopez"}`, false), 400, nil},
		{"store the user may not view", "2003", prospect(`{"firstName":"Ana","lastName":"Lopez"}`, true), 403, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: "/crm/prospect/add", As: sales, Scope: tt.scope, Body: tt.body}
			if tt.status != 200 {
				if status, _ := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
				return
			}
			var got result
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			var ids []int64
			for _, d := range got.Data.ExistingContacts {
				ids = append(ids, d.ContactID)
			}
			if got.Data.Created || got.Data.Contact != nil || fmt.Sprint(ids) != fmt.Sprint(tt.dups) {
				t.Errorf("result = created %v, duplicates %v; want nothing created, duplicates %v", got.Data.Created, ids, tt.dups)
			}
		})
	}

	var created result
	body := prospect(`{"firstName":"Ana","lastName":"Lopez","emails":[{"email":"maria.gonzalez@example.com"}]}`, true)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/prospect/add", As: sales, Scope: "2001", Body: body}, &created); status != 200 {
		t.Fatalf("add anyway = %d", status)
	}
	c := created.Data.Contact
	if !created.Data.Created || c == nil || c.ID == 0 || c.AccountPlatformID != demo.StoreToyota {
		t.Fatalf("add anyway = %+v, want the created customer of Toyota", created.Data)
	}
	if got := get(t, srv, sales, c.ID); got.FirstName != "Ana" || got.Emails[0].Email != "maria.gonzalez@example.com" {
		t.Errorf("created customer = %+v", got)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/crm/prospect/add", As: marketing, Scope: "2001", Body: body}); status != 403 {
		t.Errorf("a user who may not edit customers adds one: %d, want 403", status)
	}
}

func TestCloseFirstNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b string
		want bool
	}{
		{"Maria", "maria", true},
		{"J", "James", true},
		{"J.", "Kim", false},
		{"Chris", "Christopher", true},
		{"Sara", "Sarah", true},
		{"Al", "Alan", false},
		{"Jon", "John", true},
		{"Jon", "Joan", true},
		{"Mark", "Mike", false},
		{"Jamie", "James", true},
		{"Steven", "Stephen", true},
		{"Brian", "Bryan", true},
		{"Micheal", "Michael", true},
		{"Wei", "Mei", false},
		{"Ann", "Anne", true},
		{"Olga", "James", false},
		{"Robert", "Roberta", true},
		{"Maria", "Mario", true},
		{"Elizabeth", "Elisabeth", true},
		{"Catherine", "Kathryn", false},
		{"", "James", false},
		{"O'Neil", "ONEIL", true},
	}
	for _, tt := range tests {
		if got := contact.CloseFirstNames(tt.a, tt.b); got != tt.want {
			t.Errorf("CloseFirstNames(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := contact.CloseFirstNames(tt.b, tt.a); got != tt.want {
			t.Errorf("CloseFirstNames(%q, %q) = %v, want %v", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestDealsheets(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	unmatched := func(scope string) []int64 {
		t.Helper()
		var got httpapi.Result[[]dealsheet.Dealsheet]
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/Dealsheet/entity/get_unmatched_dealsheet", As: sales, Scope: scope}, &got); status != 200 {
			t.Fatalf("unmatched = %d", status)
		}
		var ids []int64
		for _, d := range got.Data {
			ids = append(ids, d.ID)
		}
		return ids
	}
	if got, want := fmt.Sprint(unmatched("2001")), "[2001003 2001002 2001001]"; got != want {
		t.Errorf("unmatched of Toyota = %s, want %s", got, want)
	}
	if got := len(unmatched("")); got != 6 {
		t.Errorf("unmatched of every store the user views = %d, want 6 (Toyota and Honda)", got)
	}

	assign := func(as string, entity, contactID int64) areatest.Request {
		return areatest.Request{Method: "POST", Path: "/crm/contacts/assign_dealsheet_to_contact", As: as, Body: fmt.Sprintf(`{"entityId":%d,"contactId":%d}`, entity, contactID)}
	}
	if status := srv.Do(t, assign(sales, 2001001, demo.ContactToyotaSameEmail), nil); status != 200 {
		t.Fatalf("assign = %d", status)
	}
	tests := []struct {
		name   string
		req    areatest.Request
		status int
	}{
		{"matched already", assign(sales, 2001001, demo.ContactToyota), 409},
		{"customer of another store", assign(sales, 2002001, demo.ContactToyota), 400},
		{"deal sheet of a store the user may not view", assign(manager, 2003001, demo.ContactToyota), 400},
		{"deal sheet the user may not view", assign(sales, 2003001, demo.ContactToyota), 404},
		{"another dealer group", assign(demo.OtherUserID, 2001002, demo.ContactToyota), 404},
		{"no such deal sheet", assign(sales, 2001999, demo.ContactToyota), 404},
		{"viewer who may not edit", assign(marketing, 2001002, demo.ContactToyota), 403},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if status, _ := srv.Error(t, tt.req); status != tt.status {
				t.Errorf("status = %d, want %d", status, tt.status)
			}
		})
	}
	if got, want := fmt.Sprint(unmatched("2001")), "[2001003 2001002]"; got != want {
		t.Errorf("unmatched after assigning = %s, want %s", got, want)
	}

	// Creating from a deal sheet: retries and concurrent requests create one customer.
	create := areatest.Request{Method: "POST", Path: "/crm/contacts/create_contact_from_dealsheet", As: sales, Body: `{"entityId":2001002}`}
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		ids = map[int64]bool{}
	)
	for range 3 {
		wg.Go(func() {
			var got httpapi.Result[contacts.DealsheetMatch]
			if status := srv.Do(t, create, &got); status != 200 {
				t.Errorf("create from deal sheet = %d", status)
				return
			}
			mu.Lock()
			ids[got.Data.Contact.ID] = true
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(ids) != 1 {
		t.Fatalf("concurrent creates made %d customers, want 1", len(ids))
	}
	var retry httpapi.Result[contacts.DealsheetMatch]
	srv.Do(t, create, &retry)
	if !ids[retry.Data.Contact.ID] || retry.Data.Contact.FirstName != "Olivia" || retry.Data.Dealsheet.ContactID != retry.Data.Contact.ID {
		t.Errorf("retry = %+v, want the customer created first", retry.Data)
	}
	var search httpapi.Result[contacts.SearchResults]
	srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/search", As: sales, Scope: "2001", Body: `{"term":"olivia.nguyen@example.net"}`}, &search)
	if len(search.Data.Results) != 1 {
		t.Errorf("customers with the buyer's e-mail = %d, want 1", len(search.Data.Results))
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/crm/contacts/create_contact_from_dealsheet", As: sales, Body: `{"entityId":2001001}`}); status != 409 {
		t.Errorf("create from an assigned deal sheet = %d, want 409", status)
	}
	if status, _ := srv.Error(t, assign(sales, 2001002, demo.ContactToyota)); status != 409 {
		t.Errorf("assign a deal sheet a customer was created from = %d, want 409", status)
	}
}

func TestDealHistory(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name  string
		body  string
		ids   []int64
		pages httpapi.PageData
	}{
		{"everything", `{}`, []int64{2001011, 2001010}, httpapi.PageData{PageTotal: 1, PageNumber: 1, PageSize: 25, TotalRecords: 2}},
		{"by status", `{"filter":{"status":"Delivered"}}`, []int64{2001010}, httpapi.PageData{PageTotal: 1, PageNumber: 1, PageSize: 25, TotalRecords: 1}},
		{"by search", `{"filter":{"search":"rav4"}}`, []int64{2001011}, httpapi.PageData{PageTotal: 1, PageNumber: 1, PageSize: 25, TotalRecords: 1}},
		{"second page", `{"pageNumber":2,"pageSize":1}`, []int64{2001010}, httpapi.PageData{PageTotal: 2, PageNumber: 2, PageSize: 1, TotalRecords: 2}},
		{"past the end", `{"pageNumber":5}`, nil, httpapi.PageData{PageTotal: 1, PageNumber: 5, PageSize: 25, TotalRecords: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got httpapi.Result[[]dealsheet.Dealsheet]
			if status := srv.Do(t, areatest.Request{Method: "POST", Path: contactPath(demo.ContactToyota) + "/dealsheet_history", As: sales, Body: tt.body}, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			var ids []int64
			for _, d := range got.Data {
				ids = append(ids, d.ID)
			}
			if fmt.Sprint(ids) != fmt.Sprint(tt.ids) || got.PageData == nil || *got.PageData != tt.pages {
				t.Errorf("history = %v %+v, want %v %+v", ids, got.PageData, tt.ids, tt.pages)
			}
		})
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: contactPath(demo.ContactToyota) + "/dealsheet_history", As: demo.OtherUserID, Body: `{}`}); status != 404 {
		t.Errorf("another group's history = %d, want 404", status)
	}
}

// TestMergedContactsRecords checks that a contact's summaries read the records kept under the
// contacts merged into it.
func TestMergedContactsRecords(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	survivor := contact.Contact{
		ID: demo.ContactID(demo.AccountID, 900), AccountPlatformID: demo.StoreToyota, FirstName: "Maria", LastName: "Gonzalez-Reed",
		MergedContactIDs: []int64{demo.ContactToyota},
	}
	repo := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil)
	if err := repo.Import(context.Background(), tn, []contact.Contact{survivor}, "100001"); err != nil {
		t.Fatal(err)
	}
	path := contactPath(survivor.ID)

	var sum httpapi.Result[repairorder.Totals]
	srv.Do(t, areatest.Request{Method: "GET", Path: path + "/service", As: sales}, &sum)
	if sum.Data.ROCount != 4 {
		t.Errorf("repair orders of the survivor = %d, want the merged contact's 4", sum.Data.ROCount)
	}
	var tasks httpapi.Result[[]task.Task]
	srv.Do(t, areatest.Request{Method: "POST", Path: path + "/task/search", As: sales, Body: fmt.Sprintf(`{"contactId":%d}`, demo.ContactToyota)}, &tasks)
	if len(tasks.Data) != 3 {
		t.Errorf("tasks kept under the merged contact = %d, want 3", len(tasks.Data))
	}
	var history httpapi.Result[[]dealsheet.Dealsheet]
	srv.Do(t, areatest.Request{Method: "POST", Path: path + "/dealsheet_history", As: sales, Body: `{}`}, &history)
	if len(history.Data) != 2 {
		t.Errorf("deal history of the survivor = %d, want the merged contact's 2", len(history.Data))
	}
}
