package credit

import (
	"context"
	"strings"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/runtime/store"
)

// ContactReader reads contacts with their sensitive fields in plaintext; *contact.Repo is one.
type ContactReader interface {
	// Get returns contact id of tenant t. A missing contact is an apperr NotFound error.
	Get(ctx context.Context, t store.Tenant, id int64) (contact.Contact, error)
}

// FromContacts returns the Applicants that read applicants from the contacts of r.
func FromContacts(r ContactReader) Applicants { return contactApplicants{r: r} }

type contactApplicants struct {
	r ContactReader
}

// Applicant returns the applicant data of contact id: the names, the primary address (or else
// the first with a street), the SSN, the date of birth when it is complete, and the store.
func (a contactApplicants) Applicant(ctx context.Context, t store.Tenant, id int64) (Applicant, error) {
	c, err := a.r.Get(ctx, t, id)
	if err != nil {
		return Applicant{}, err
	}
	return ApplicantOf(c), nil
}

// ApplicantOf returns the applicant data of contact c.
func ApplicantOf(c contact.Contact) Applicant {
	out := Applicant{
		ContactID: c.ID, AccountPlatformID: c.AccountPlatformID,
		FirstName: c.FirstName, MiddleName: c.MiddleName, LastName: c.LastName, Suffix: c.Suffix,
	}
	if !contact.IsMasked(c.SSN) {
		out.SSN = c.SSN
	}
	if c.BirthYear > 0 && c.BirthMonth > 0 && c.BirthDay > 0 {
		out.BirthDate = Date{Year: c.BirthYear, Month: c.BirthMonth, Day: c.BirthDay}
	}
	var chosen *contact.Address
	for i := range c.Addresses {
		ad := &c.Addresses[i]
		if strings.TrimSpace(ad.AddressLine1) == "" {
			continue
		}
		if chosen == nil || (ad.IsPrimary && !chosen.IsPrimary) {
			chosen = ad
		}
	}
	if chosen != nil {
		out.Address = Address{
			Line1: chosen.AddressLine1, Line2: chosen.AddressLine2, City: chosen.City,
			State: chosen.StateProvince, Zip: chosen.PostalCode, Country: chosen.Country,
		}
	}
	return out
}
