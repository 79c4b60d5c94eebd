package merge

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/merge"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// ContactReader reads contacts with their sensitive fields in plaintext; *contact.Repo is one.
type ContactReader interface {
	// Get returns contact id of tenant t. A missing contact is an apperr NotFound error.
	Get(ctx context.Context, t store.Tenant, id int64) (contact.Contact, error)
}

// ContactMergeWriter is the write of a merge, which only the contacts repository can make: it
// owns the contact items, their search entries and the change log.
type ContactMergeWriter interface {
	// SaveMerge writes, in one transaction with ops:
	//   - survivor over the stored survivor, which must be at survivor.Version, with its search
	//     entries; moved phones and notes have id 0 and are numbered after the survivor's own
	//     (a moved note keeps its author and time);
	//   - contact merged retired, pointing at the survivor, which must be at merged.Version: it
	//     leaves the searches and reads of it are NotFound;
	//   - the change-log entry of changes, made by user by (actor: the real user under
	//     impersonation, or "").
	// A contact at another version, or a failed condition of ops, is an apperr Conflict error;
	// nothing is written then.
	SaveMerge(ctx context.Context, t store.Tenant, survivor, merged contact.Contact, changes []changelog.Change, by, actor string, ops ...store.Op) error
}

// FromContacts returns the merge's Contacts over the contacts repository r. Simulating needs
// only reads. Executing needs r to implement ContactMergeWriter too (*contact.Repo does); a
// reader that does not makes Merge an error and nothing is written.
func FromContacts(r ContactReader) merge.Contacts { return contactsAdapter{r: r} }

type contactsAdapter struct {
	r ContactReader
}

// Load returns the merge view of contact id.
func (a contactsAdapter) Load(ctx context.Context, t store.Tenant, id int64) (merge.Contact, error) {
	c, err := a.r.Get(ctx, t, id)
	if err != nil {
		return merge.Contact{}, err
	}
	return View(c), nil
}

// Merge reads both contacts again, refuses a contact changed since m was planned, applies m to
// the stored survivor and has the repository write it.
func (a contactsAdapter) Merge(ctx context.Context, t store.Tenant, m merge.Merge, by merge.Actor, ops ...store.Op) error {
	w, ok := a.r.(ContactMergeWriter)
	if !ok {
		return fmt.Errorf("merge contacts %d and %d: the contacts repository cannot write merges", m.Survivor.ContactID, m.Merged.ContactID)
	}
	survivor, err := a.r.Get(ctx, t, m.Survivor.ContactID)
	if err != nil {
		return err
	}
	merged, err := a.r.Get(ctx, t, m.Merged.ContactID)
	if err != nil {
		return err
	}
	if survivor.Version != m.Survivor.Version || merged.Version != m.Merged.Version {
		return apperr.Errorf(apperr.Conflict, "The customers changed since the merge was planned.")
	}
	changes := make([]changelog.Change, 0, len(m.Changes)+1)
	for _, c := range m.Changes {
		changes = append(changes, changelog.Change{Field: c.Field, OldValue: c.OldValue, NewValue: c.NewValue})
	}
	return w.SaveMerge(ctx, t, Apply(survivor, merged, m), merged, changes, by.UserID, by.ActorUserID, ops...)
}

// View returns the merge view of contact c. Vehicles are named by VIN (or stock number) so
// one vehicle on both contacts moves once; notes by contact and note id.
func View(c contact.Contact) merge.Contact {
	v := merge.Contact{
		ContactID: c.ID, AccountPlatformID: c.AccountPlatformID, Version: c.Version,
		FirstName: c.FirstName, MiddleName: c.MiddleName, LastName: c.LastName, NickName: c.NickName,
		BusinessName: c.BusinessName, Suffix: c.Suffix,
		BirthMonth: c.BirthMonth, BirthDay: c.BirthDay, BirthYear: c.BirthYear, Gender: c.Gender,
		IsDoNotCall: c.IsDoNotCall, IsDoNotEmail: c.IsDoNotEmail, IsDoNotText: c.IsDoNotText, IsDoNotMail: c.IsDoNotMail,
		OptOutAll: c.OptOutAll, SMSOptedOut: c.SMSOptInStatusID == contact.SMSOptedOut, IsMarkedHot: c.IsMarkedHot,
		Emails: []merge.Email{}, Phones: []merge.Phone{}, Addresses: []merge.Address{}, Tags: []string{},
		Vehicles: []merge.Ref{}, Leads: []merge.Ref{}, Notes: []merge.Ref{}, Tasks: []merge.Ref{}, Activities: []merge.Ref{},
	}
	for i, e := range c.Emails {
		v.Emails = append(v.Emails, merge.Email{Email: e.Email, IsPreferred: e.IsPreferred, OptOut: e.OptOut, Origin: merge.Origin{ContactID: c.ID, Index: i}})
	}
	for i, p := range c.Phones {
		cc := ""
		if p.CC != nil {
			cc = p.CC.Code
		}
		v.Phones = append(v.Phones, merge.Phone{
			Phone: p.Phone, Ext: p.Ext, CountryCode: cc, PhoneTypeID: p.PhoneTypeID, IsMobile: p.IsMobile,
			IsPreferred: p.IsPreferred, OptOut: p.OptOut, OptOutSMS: p.OptOutSMS, Origin: merge.Origin{ContactID: c.ID, Index: i},
		})
	}
	for i, ad := range c.Addresses {
		v.Addresses = append(v.Addresses, merge.Address{
			Line1: ad.AddressLine1, Line2: ad.AddressLine2, City: ad.City, State: ad.StateProvince, Zip: ad.PostalCode,
			Country: ad.Country, IsPreferred: ad.IsPrimary, Origin: merge.Origin{ContactID: c.ID, Index: i},
		})
	}
	for _, tag := range c.Tags {
		v.Tags = append(v.Tags, strconv.FormatInt(tag.TagID, 10))
	}
	for i, x := range c.Vehicles {
		v.Vehicles = append(v.Vehicles, merge.Ref{ID: vehicleRef(c.ID, i, x), Label: strings.Join(strings.Fields(fmt.Sprintf("%s %s %s", yearText(x.Year), x.Make, x.Model)), " ")})
	}
	for _, n := range c.Notes {
		v.Notes = append(v.Notes, merge.Ref{ID: noteRef(c.ID, n.NoteID), Label: n.CreatedAt.Format("2006-01-02")})
	}
	return v
}

// Apply returns the stored survivor with the merge m applied: the merged view's names, dates,
// flags and lists, each list entry taken whole from the contact it came from.
func Apply(survivor, merged contact.Contact, m merge.Merge) contact.Contact {
	out := survivor
	s := m.Survivor
	out.FirstName, out.MiddleName, out.LastName, out.NickName = s.FirstName, s.MiddleName, s.LastName, s.NickName
	out.BusinessName, out.Suffix, out.Gender = s.BusinessName, s.Suffix, s.Gender
	out.BirthMonth, out.BirthDay, out.BirthYear = s.BirthMonth, s.BirthDay, s.BirthYear
	out.IsDoNotCall, out.IsDoNotEmail, out.IsDoNotText, out.IsDoNotMail = s.IsDoNotCall, s.IsDoNotEmail, s.IsDoNotText, s.IsDoNotMail
	out.OptOutAll, out.IsMarkedHot = s.OptOutAll, s.IsMarkedHot
	if s.SMSOptedOut {
		out.SMSOptInStatusID = contact.SMSOptedOut
	}
	from := func(o merge.Origin) contact.Contact {
		if o.ContactID == merged.ID {
			return merged
		}
		return survivor
	}

	out.Emails = make([]contact.Email, 0, len(s.Emails))
	for _, e := range s.Emails {
		out.Emails = append(out.Emails, contact.Email{Email: e.Email, IsPreferred: e.IsPreferred, OptOut: e.OptOut})
	}
	out.Phones = make([]contact.Phone, 0, len(s.Phones))
	for _, p := range s.Phones {
		src := from(p.Origin)
		if p.Origin.Index < 0 || p.Origin.Index >= len(src.Phones) {
			continue
		}
		q := src.Phones[p.Origin.Index]
		q.IsPreferred, q.OptOut, q.OptOutSMS, q.IsMobile, q.PhoneTypeID = p.IsPreferred, p.OptOut, p.OptOutSMS, p.IsMobile, p.PhoneTypeID
		if src.ID != survivor.ID {
			q.ID, q.UpdatedAt = 0, nil
		}
		out.Phones = append(out.Phones, q)
	}
	out.Addresses = make([]contact.Address, 0, len(s.Addresses))
	for _, ad := range s.Addresses {
		src := from(ad.Origin)
		if ad.Origin.Index < 0 || ad.Origin.Index >= len(src.Addresses) {
			continue
		}
		q := src.Addresses[ad.Origin.Index]
		q.IsPrimary = ad.IsPreferred
		out.Addresses = append(out.Addresses, q)
	}
	tags := map[string]contact.Tag{}
	for _, c := range []contact.Contact{merged, survivor} {
		for _, tag := range c.Tags {
			tags[strconv.FormatInt(tag.TagID, 10)] = tag
		}
	}
	out.Tags = make([]contact.Tag, 0, len(s.Tags))
	for _, id := range s.Tags {
		if tag, ok := tags[id]; ok {
			out.Tags = append(out.Tags, tag)
		}
	}
	vehicles := map[string]contact.Vehicle{}
	for _, c := range []contact.Contact{merged, survivor} {
		for i, x := range c.Vehicles {
			vehicles[vehicleRef(c.ID, i, x)] = x
		}
	}
	out.Vehicles = make([]contact.Vehicle, 0, len(s.Vehicles))
	for _, r := range s.Vehicles {
		if x, ok := vehicles[r.ID]; ok {
			out.Vehicles = append(out.Vehicles, x)
		}
	}
	notes := map[string]contact.Note{}
	for _, n := range merged.Notes {
		n2 := n
		n2.NoteID = 0
		notes[noteRef(merged.ID, n.NoteID)] = n2
	}
	for _, n := range survivor.Notes {
		notes[noteRef(survivor.ID, n.NoteID)] = n
	}
	out.Notes = make([]contact.Note, 0, len(s.Notes))
	for _, r := range s.Notes {
		if n, ok := notes[r.ID]; ok {
			out.Notes = append(out.Notes, n)
		}
	}
	return out
}

func vehicleRef(contactID int64, i int, x contact.Vehicle) string {
	switch {
	case x.VIN != "":
		return "VIN:" + strings.ToUpper(x.VIN)
	case x.StockNumber != "":
		return "STOCK:" + strings.ToUpper(x.StockNumber)
	}
	return fmt.Sprintf("C%d:%d", contactID, i)
}

func noteRef(contactID, noteID int64) string { return fmt.Sprintf("C%d:N%d", contactID, noteID) }

func yearText(y int) string {
	if y == 0 {
		return ""
	}
	return strconv.Itoa(y)
}

// DefaultContacts returns the contacts the area merges by default: the contacts repository.
func DefaultContacts(s wiring.Services) merge.Contacts {
	return FromContacts(contact.NewRepo(s.Store, s.Encrypter, s.Events, s.Log))
}
