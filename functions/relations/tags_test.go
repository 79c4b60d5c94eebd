package relations_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/relations"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/tag"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

const tagVIP = 7 // a demo tag of type 1 (customer)

// setTags saves contact id of account acct with tags, through the contact's save.
func setTags(t *testing.T, srv *areatest.Server, acct, id int64, tags ...int64) error {
	t.Helper()
	ctx := context.Background()
	tn, err := account.Tenant(acct)
	if err != nil {
		t.Fatal(err)
	}
	repo := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil)
	c, err := repo.Get(ctx, tn, id)
	if err != nil {
		t.Fatal(err)
	}
	c.Tags = nil
	for _, tg := range tags {
		c.Tags = append(c.Tags, contact.Tag{TagID: tg})
	}
	_, err = repo.Update(ctx, tn, c, "100002", func(contact.Contact) error { return nil })
	return err
}

// tagged puts the VIP tag on four customers of the demo group (one per store, and a second of
// Toyota) and on the other group's customer, which also carries tag 1.
func tagged(t *testing.T) *areatest.Server {
	t.Helper()
	srv := areatest.New(t)
	for _, id := range []int64{demo.ContactHonda, demo.ContactHyundai, demo.ContactToyotaBusiness} {
		if err := setTags(t, srv, demo.AccountID, id, tagVIP); err != nil {
			t.Fatal(err)
		}
	}
	if err := setTags(t, srv, demo.AccountID, demo.ContactToyota, 1, tagVIP); err != nil {
		t.Fatal(err)
	}
	if err := setTags(t, srv, demo.OtherAccountID, demo.OtherContactID, 1, tagVIP); err != nil {
		t.Fatal(err)
	}
	return srv
}

func TestGetTagByTagTypeIds(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tn, _ := account.Tenant(demo.OtherAccountID)
	if _, err := tag.NewRepo(srv.Services.Store).Create(context.Background(), tn, tag.Definition{TagID: 40, Name: "Southside only", TagTypeID: 1}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		as     string
		body   string
		status int
		want   []int64
	}{
		{"customer tags", sales, `{"tagTypeIds":[1]}`, 200, []int64{1, 2, 3, 7}},
		{"service and marketing tags", marketing, `{"tagTypeIds":[2,4]}`, 200, []int64{8, 9, 10, 11}},
		{"another group's own tags", demo.OtherUserID, `{"tagTypeIds":[1]}`, 200, []int64{1, 2, 3, 7, 40}},
		{"no type", sales, `{"tagTypeIds":[]}`, 400, nil},
		{"unknown type", sales, `{"tagTypeIds":[9]}`, 400, nil},
		{"signed out", "", `{"tagTypeIds":[1]}`, 401, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got httpapi.Result[[]tag.Definition]
			status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/GetTagByTagTypeIds", As: tt.as, Body: tt.body}, &got)
			if status != tt.status {
				t.Fatalf("status = %d, want %d", status, tt.status)
			}
			if status != 200 {
				return
			}
			var ids []int64
			for _, d := range got.Data {
				ids = append(ids, d.TagID)
				if d.Name == "" {
					t.Errorf("tag %d has no name", d.TagID)
				}
			}
			if !slices.Equal(ids, tt.want) {
				t.Errorf("tags = %v, want %v", ids, tt.want)
			}
		})
	}
}

func countTags(t *testing.T, srv *areatest.Server, r areatest.Request) (int, map[int64]int) {
	t.Helper()
	r.Method, r.Path = "POST", "/crm/GetContactTagCounts"
	var got httpapi.Result[[]relations.TagCount]
	status := srv.Do(t, r, &got)
	out := map[int64]int{}
	for _, c := range got.Data {
		out[c.TagID] = c.Count
	}
	return status, out
}

func TestGetContactTagCounts(t *testing.T) {
	t.Parallel()
	srv := tagged(t)
	many := make([]string, contact.MaxTagFilter+1)
	for i := range many {
		many[i] = fmt.Sprint(i + 1)
	}
	tests := []struct {
		name   string
		req    areatest.Request
		status int
		want   map[int64]int
	}{
		{"every store of a manager", areatest.Request{As: manager, Body: `{"tagIds":[7,1,2]}`}, 200, map[int64]int{7: 4, 1: 1, 2: 0}},
		{"the stores a sales person may view", areatest.Request{As: sales, Body: `{"tagIds":[7]}`}, 200, map[int64]int{7: 3}},
		{"a Scope header of one store", areatest.Request{As: manager, Scope: "2001", Body: `{"tagIds":[7,1]}`}, 200, map[int64]int{7: 2, 1: 1}},
		{"stores named in the body", areatest.Request{As: manager, Body: `{"tagIds":[7],"accountPlatformIds":[2002,2003]}`}, 200, map[int64]int{7: 2}},
		{"a scope with a store the user may not view", areatest.Request{As: sales, Scope: "2001,2003", Body: `{"tagIds":[7]}`}, 200, map[int64]int{7: 2}},
		{"another dealer group counts its own", areatest.Request{As: demo.OtherUserID, Body: `{"tagIds":[7,1]}`}, 200, map[int64]int{7: 1, 1: 1}},
		{"only a store the user may not view", areatest.Request{As: sales, Scope: "2003", Body: `{"tagIds":[7]}`}, 403, nil},
		{"a store named that the user may not view", areatest.Request{As: sales, Body: `{"tagIds":[7],"accountPlatformIds":[2003]}`}, 403, nil},
		{"another group's store", areatest.Request{As: sales, Body: `{"tagIds":[7],"accountPlatformIds":[3001]}`}, 404, nil},
		{"no tag", areatest.Request{As: sales, Body: `{"tagIds":[]}`}, 400, nil},
		{"a tag id of 0", areatest.Request{As: sales, Body: `{"tagIds":[0]}`}, 400, nil},
		{"too many tags", areatest.Request{As: sales, Body: `{"tagIds":[` + strings.Join(many, ",") + `]}`}, 400, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			status, got := countTags(t, srv, tt.req)
			if status != tt.status {
				t.Fatalf("status = %d, want %d", status, tt.status)
			}
			if status == 200 && !mapsEqual(got, tt.want) {
				t.Errorf("counts = %v, want %v", got, tt.want)
			}
		})
	}
}

func mapsEqual(a, b map[int64]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestTagCountsFollowSaves adds and removes tags through customer saves and RemoveContactTag
// and reads the counts after each.
func TestTagCountsFollowSaves(t *testing.T) {
	t.Parallel()
	srv := tagged(t)
	count := func() map[int64]int {
		t.Helper()
		status, got := countTags(t, srv, areatest.Request{As: manager, Body: `{"tagIds":[7,2]}`})
		if status != 200 {
			t.Fatalf("count: status %d", status)
		}
		return got
	}
	if got, want := count(), (map[int64]int{7: 4, 2: 0}); !mapsEqual(got, want) {
		t.Fatalf("counts at start = %v, want %v", got, want)
	}
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/RemoveContactTag?contactId=%d&tagId=7", demo.ContactHonda), As: sales}, nil); status != 200 {
		t.Fatalf("remove tag: status %d", status)
	}
	if got, want := count(), (map[int64]int{7: 3, 2: 0}); !mapsEqual(got, want) {
		t.Errorf("counts after RemoveContactTag = %v, want %v", got, want)
	}
	if err := setTags(t, srv, demo.AccountID, demo.ContactHonda, 2, tagVIP); err != nil {
		t.Fatal(err)
	}
	if err := setTags(t, srv, demo.AccountID, demo.ContactHyundai, 2); err != nil {
		t.Fatal(err)
	}
	if got, want := count(), (map[int64]int{7: 3, 2: 2}); !mapsEqual(got, want) {
		t.Errorf("counts after saves = %v, want %v", got, want)
	}
	err := setTags(t, srv, demo.AccountID, demo.ContactHyundai, 2, 99)
	if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || e.Fields["tags[1].tagId"] != contact.MsgUnknownTag {
		t.Errorf("save with an undefined tag: %v, want the field error %q", err, contact.MsgUnknownTag)
	}
	if got, want := count(), (map[int64]int{7: 3, 2: 2}); !mapsEqual(got, want) {
		t.Errorf("counts after a rejected save = %v, want %v", got, want)
	}
}

type detailsPage struct {
	httpapi.Result[relations.TagDetails]
	PageData httpapi.PageData `json:"pageData"`
}

func details(t *testing.T, srv *areatest.Server, r areatest.Request) (int, detailsPage) {
	t.Helper()
	r.Method, r.Path = "POST", "/crm/GetContactTagDetails"
	var got detailsPage
	status := srv.Do(t, r, &got)
	return status, got
}

func TestGetContactTagDetails(t *testing.T) {
	t.Parallel()
	srv := tagged(t)
	tests := []struct {
		name   string
		req    areatest.Request
		status int
		want   []int64
	}{
		{"every store of a manager, in name order", areatest.Request{As: manager, Body: `{"tagIds":[7]}`}, 200,
			[]int64{demo.ContactHonda, demo.ContactToyota, demo.ContactHyundai, demo.ContactToyotaBusiness}},
		{"the stores a sales person may view", areatest.Request{As: sales, Body: `{"tagIds":[7]}`}, 200,
			[]int64{demo.ContactHonda, demo.ContactToyota, demo.ContactToyotaBusiness}},
		{"every tag", areatest.Request{As: manager, Body: `{"tagIds":[7,1]}`}, 200, []int64{demo.ContactToyota}},
		{"a Scope header", areatest.Request{As: manager, Scope: "2003", Body: `{"tagIds":[7]}`}, 200, []int64{demo.ContactHyundai}},
		{"another dealer group lists its own", areatest.Request{As: demo.OtherUserID, Body: `{"tagIds":[7]}`}, 200, []int64{demo.OtherContactID}},
		{"a tag nobody carries", areatest.Request{As: manager, Body: `{"tagIds":[3]}`}, 200, nil},
		{"only a store the user may not view", areatest.Request{As: sales, Scope: "2003", Body: `{"tagIds":[7]}`}, 403, nil},
		{"no tag", areatest.Request{As: sales, Body: `{"tagIds":[]}`}, 400, nil},
		{"a bad page size", areatest.Request{As: sales, Body: `{"tagIds":[7],"pageSize":101}`}, 400, nil},
		{"a forged cursor", areatest.Request{As: sales, Body: `{"tagIds":[7],"cursor":"abc"}`}, 400, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			status, got := details(t, srv, tt.req)
			if status != tt.status {
				t.Fatalf("status = %d, want %d", status, tt.status)
			}
			if status != 200 {
				return
			}
			var ids []int64
			for _, c := range got.Data.Results {
				ids = append(ids, c.ContactID)
				if c.FullName == "" {
					t.Errorf("contact %d has no name", c.ContactID)
				}
			}
			if !slices.Equal(ids, tt.want) {
				t.Errorf("contacts = %v, want %v", ids, tt.want)
			}
			if got.Data.NextCursor != "" {
				t.Errorf("nextCursor = %q, want none", got.Data.NextCursor)
			}
		})
	}
}

// TestTagDetailsPages reads the tagged customers two at a time and checks a cursor works only
// for the request that issued it.
func TestTagDetailsPages(t *testing.T) {
	t.Parallel()
	srv := tagged(t)
	var ids []int64
	cursor := ""
	for page := 1; ; page++ {
		body, _ := json.Marshal(map[string]any{"tagIds": []int64{tagVIP}, "pageSize": 2, "cursor": cursor})
		status, got := details(t, srv, areatest.Request{As: manager, Body: string(body)})
		if status != 200 {
			t.Fatalf("page %d: status %d", page, status)
		}
		if got.PageData.PageNumber != page || len(got.Data.Results) > 2 {
			t.Errorf("page %d: pageData %+v with %d results", page, got.PageData, len(got.Data.Results))
		}
		for _, c := range got.Data.Results {
			ids = append(ids, c.ContactID)
		}
		if cursor = got.Data.NextCursor; cursor == "" || page > 5 {
			break
		}
		if page == 1 {
			other, _ := json.Marshal(map[string]any{"tagIds": []int64{1}, "pageSize": 2, "cursor": cursor})
			if status, _ := details(t, srv, areatest.Request{As: manager, Body: string(other)}); status != 400 {
				t.Errorf("cursor of another tag: status %d, want 400", status)
			}
		}
	}
	want := []int64{demo.ContactHonda, demo.ContactToyota, demo.ContactHyundai, demo.ContactToyotaBusiness}
	if !slices.Equal(ids, want) {
		t.Errorf("contacts over the pages = %v, want %v", ids, want)
	}
}

// TestTagSaveWriteLimit saves a customer with every list full: a save that adds a tag fits one
// transaction; one that replaces every searchable value and tag at once is refused with a clear
// message and changes nothing.
func TestTagSaveWriteLimit(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	tn, _ := account.Tenant(demo.AccountID)
	for id := int64(100); id < 100+2*contact.MaxTags+1; id++ {
		if _, err := tag.NewRepo(srv.Services.Store).Create(ctx, tn, tag.Definition{TagID: id, Name: fmt.Sprintf("Campaign %d", id), TagTypeID: 4}); err != nil {
			t.Fatal(err)
		}
	}
	full := func(c contact.Contact, from int64, n int) contact.Contact {
		c.FirstName, c.LastName, c.BusinessName = fmt.Sprintf("F%d", n), fmt.Sprintf("Full%d", n), fmt.Sprintf("Biz %d", n)
		c.Emails, c.Phones, c.Vehicles, c.Tags = nil, nil, nil, nil
		for i := range contact.MaxEmails {
			c.Emails = append(c.Emails, contact.Email{Email: fmt.Sprintf("p%d.%d@example.com", n, i)})
		}
		for i := range contact.MaxPhones {
			c.Phones = append(c.Phones, contact.Phone{Phone: fmt.Sprintf("503555%02d%02d", n, i), PhoneTypeID: 1})
		}
		for i := range contact.MaxVehicles {
			c.Vehicles = append(c.Vehicles, contact.Vehicle{StockNumber: fmt.Sprintf("S%d-%d", n, i)})
		}
		for i := range contact.MaxTags {
			c.Tags = append(c.Tags, contact.Tag{TagID: from + int64(i)})
		}
		return c
	}
	repo := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil)
	c, err := repo.Create(ctx, tn, full(contact.Contact{AccountPlatformID: demo.StoreHonda}, 100, 1), "100002")
	if err != nil {
		t.Fatalf("create a full customer: %v", err)
	}
	allow := func(contact.Contact) error { return nil }
	c.Tags = c.Tags[1:]
	if c, err = repo.Update(ctx, tn, c, "100002", allow); err != nil {
		t.Fatalf("take a tag off a full customer: %v", err)
	}
	_, err = repo.Update(ctx, tn, full(c, 100+contact.MaxTags, 2), "100002", allow)
	if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || !strings.Contains(e.Message, "too many") {
		t.Errorf("replace everything at once: %v, want an Invalid error saying too many", err)
	}
	status, got := countTags(t, srv, areatest.Request{As: manager, Body: `{"tagIds":[100,101,125]}`})
	if want := (map[int64]int{100: 0, 101: 1, 125: 0}); status != 200 || !mapsEqual(got, want) {
		t.Errorf("counts = %d %v, want %v", status, got, want)
	}
}
