package credit

import (
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// DefaultApplicants returns the applicant data the area reads by default: the contacts.
func DefaultApplicants(s wiring.Services) credit.Applicants {
	return credit.FromContacts(contact.NewRepo(s.Store, s.Encrypter, s.Events, s.Log))
}
