package credit

import (
	"github.com/cxm/cxm/shared/contact"
	"github.com/cxm/cxm/shared/credit"
	"github.com/cxm/cxm/shared/platform"
)

// DefaultApplicants returns the applicant data the area reads by default: the contacts.
func DefaultApplicants(s platform.Services) credit.Applicants {
	return credit.FromContacts(contact.NewRepo(s.Store, s.Encrypter, s.Events, s.Log))
}
