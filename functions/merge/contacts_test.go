package merge_test

import (
	"context"
	"testing"
	"time"

	areamerge "github.com/cxm/cxm/functions/merge"
	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/merge"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/phone"
	"github.com/google/go-cmp/cmp"
)

func pair() (contact.Contact, contact.Contact) {
	us, _ := phone.CountryByAbbr("US")
	noteTime := time.Date(2025, 11, 3, 10, 0, 0, 0, time.UTC)
	updated := time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)
	a := contact.Contact{
		ID: 101, Version: 3, AccountPlatformID: 2001, FirstName: "Dana", LastName: "Whitfield",
		Emails: []contact.Email{{Email: "dana.w@example.com", IsPreferred: true}},
		Phones: []contact.Phone{{ID: 1, Phone: "5035550142", CC: &us, PhoneTypeID: 4, IsPreferred: true, UpdatedAt: &updated}},
		Addresses: []contact.Address{{AddressTypeID: 1, AddressLine1: "1200 SW Main St", City: "Portland", StateProvince: "OR",
			PostalCode: "97205", Country: "US", County: "Multnomah", IsPrimary: true, YearsAtAddress: 4}},
		Tags:             []contact.Tag{{TagID: 7, Name: "VIP", TagTypeID: 1}},
		Vehicles:         []contact.Vehicle{{VIN: "1HGCM82633A004352", Year: 2021, Make: "Toyota", Model: "RAV4"}},
		Notes:            []contact.Note{{NoteID: 1, Text: "Prefers mornings", CreatedAt: noteTime, CreatedBy: "100001"}},
		SMSOptInStatusID: contact.SMSOptedIn, SSN: "512-44-7781",
	}
	b := contact.Contact{
		ID: 202, Version: 8, AccountPlatformID: 2001, FirstName: "Dana", MiddleName: "J", LastName: "Whitfield",
		Emails: []contact.Email{{Email: "dana.w@example.com", OptOut: true}, {Email: "dj@work.example"}},
		Phones: []contact.Phone{
			{ID: 1, Phone: "5035550142", PhoneTypeID: 1, IsMobile: true, OptOutSMS: true},
			{ID: 2, Phone: "5035550199", PhoneTypeID: 3, UpdatedAt: &updated},
		},
		Addresses: []contact.Address{
			{AddressLine1: "1200 Southwest Main Street", City: "Portland", StateProvince: "OR", PostalCode: "97205-1234"},
			{AddressTypeID: 2, AddressLine1: "9 Oak Ave", City: "Salem", StateProvince: "OR", PostalCode: "97301", MonthsAtAddress: 5},
		},
		Tags: []contact.Tag{{TagID: 7, Name: "VIP", TagTypeID: 1}, {TagID: 9, Name: "Service", TagTypeID: 2}},
		Vehicles: []contact.Vehicle{
			{VIN: "1HGCM82633A004352", Year: 2021, Make: "Toyota", Model: "RAV4"},
			{StockNumber: "T1234", Year: 2015, Make: "Honda", Model: "Civic"},
		},
		Notes:            []contact.Note{{NoteID: 1, Text: "Called about service", CreatedAt: noteTime, CreatedBy: "100003"}},
		SMSOptInStatusID: contact.SMSOptedOut, IsDoNotCall: true,
	}
	return a, b
}

func TestViewAndApply(t *testing.T) {
	t.Parallel()
	a, b := pair()
	m := merge.Plan(areamerge.View(a), areamerge.View(b))
	got := areamerge.Apply(a, b, m)

	us, _ := phone.CountryByAbbr("US")
	updated := time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)
	want := a
	want.MiddleName = "J"
	want.IsDoNotCall = true
	want.SMSOptInStatusID = contact.SMSOptedOut
	want.Emails = []contact.Email{{Email: "dana.w@example.com", IsPreferred: true, OptOut: true}, {Email: "dj@work.example"}}
	want.Phones = []contact.Phone{
		{ID: 1, Phone: "5035550142", CC: &us, PhoneTypeID: 1, IsMobile: true, OptOutSMS: true, IsPreferred: true, UpdatedAt: &updated},
		{ID: 0, Phone: "5035550199", PhoneTypeID: 3},
	}
	want.Addresses = []contact.Address{a.Addresses[0], b.Addresses[1]}
	want.Tags = []contact.Tag{{TagID: 7, Name: "VIP", TagTypeID: 1}, {TagID: 9, Name: "Service", TagTypeID: 2}}
	want.Vehicles = []contact.Vehicle{a.Vehicles[0], b.Vehicles[1]}
	moved := b.Notes[0]
	moved.NoteID = 0
	want.Notes = []contact.Note{a.Notes[0], moved}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("applied survivor (-want +got):\n%s", diff)
	}
	if len(m.Moved.Vehicles) != 1 || m.Moved.Vehicles[0].Label != "2015 Honda Civic" || len(m.Moved.Notes) != 1 {
		t.Errorf("moved = %+v, want the Civic and the note (the RAV4 is on both)", m.Moved)
	}
}

// fakeRepo is a ContactReader with an optional merge write.
type fakeRepo struct {
	byID map[int64]contact.Contact
}

func (f *fakeRepo) Get(_ context.Context, _ store.Tenant, id int64) (contact.Contact, error) {
	c, ok := f.byID[id]
	if !ok {
		return contact.Contact{}, apperr.Errorf(apperr.NotFound, contact.MsgNotFound)
	}
	return c, nil
}

// writingRepo is a fakeRepo that records the merge it is asked to write.
type writingRepo struct {
	fakeRepo
	survivor, merged contact.Contact
	changes          []changelog.Change
	ops              int
}

func (w *writingRepo) SaveMerge(_ context.Context, _ store.Tenant, survivor, merged contact.Contact, changes []changelog.Change, _, _ string, ops ...store.Op) error {
	w.survivor, w.merged, w.changes, w.ops = survivor, merged, changes, len(ops)
	return nil
}

var _ areamerge.ContactMergeWriter = (*writingRepo)(nil)

func TestFromContacts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tn, _ := store.NewTenant("1001")
	a, b := pair()

	reader := areamerge.FromContacts(&fakeRepo{byID: map[int64]contact.Contact{a.ID: a, b.ID: b}})
	va, err := reader.Load(ctx, tn, a.ID)
	if err != nil || va.ContactID != a.ID || va.Version != 3 || len(va.Phones) != 1 {
		t.Fatalf("Load = %+v, %v", va, err)
	}
	if _, err := reader.Load(ctx, tn, 999); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("Load of a missing contact: %v, want NotFound", err)
	}
	vb, _ := reader.Load(ctx, tn, b.ID)
	m := merge.Plan(va, vb)
	if err := reader.Merge(ctx, tn, m, merge.Actor{UserID: "100001"}); err == nil {
		t.Error("a repository that cannot write merges wrote one")
	}

	w := &writingRepo{fakeRepo: fakeRepo{byID: map[int64]contact.Contact{a.ID: a, b.ID: b}}}
	writer := areamerge.FromContacts(w)
	if err := writer.Merge(ctx, tn, m, merge.Actor{UserID: "100001"}, store.Op{}, store.Op{}); err != nil {
		t.Fatal(err)
	}
	if w.survivor.ID != a.ID || w.merged.ID != b.ID || len(w.survivor.Phones) != 2 || len(w.changes) == 0 || w.ops != 2 {
		t.Errorf("written: survivor %d with %d phones, merged %d, %d changes, %d ops", w.survivor.ID, len(w.survivor.Phones), w.merged.ID, len(w.changes), w.ops)
	}

	b.Version++
	w.byID[b.ID] = b
	if err := writer.Merge(ctx, tn, m, merge.Actor{UserID: "100001"}); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("merge of a contact changed since planned: %v, want Conflict", err)
	}
}
