package relations

import (
	"context"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/contactkey"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// Company is the company a customer works for or buys for: a business customer of the group,
// or only a name.
type Company struct {
	ContactID        int64      `json:"contactId"`
	CompanyContactID int64      `json:"companyContactId" doc:"The business customer that is the company; 0 when only a name is kept."`
	CompanyName      string     `json:"companyName"`
	JobTitle         string     `json:"jobTitle"`
	UpdatedAt        *time.Time `json:"updatedAt,omitempty"`
	UpdatedBy        string     `json:"updatedBy"`
	Version          int64      `json:"version" doc:"0 when no company was saved."`
}

// companyItem is the stored company.
type companyItem struct {
	CompanyContactID int64
	CompanyName      string
	JobTitle         string
	UpdatedAt        time.Time
	UpdatedBy        string
}

// SetCompanyInput is the request of PUT /crm/contacts/{id}/company.
type SetCompanyInput struct {
	ContactPath
	Body struct {
		CompanyContactID int64  `json:"companyContactId" required:"false" minimum:"0" doc:"A business customer the caller may view; its business name becomes the company name."`
		CompanyName      string `json:"companyName" required:"false" maxLength:"200"`
		JobTitle         string `json:"jobTitle" required:"false" maxLength:"100"`
		Version          int64  `json:"version" required:"false" minimum:"0" doc:"The version the company was read at; a stale one is 409 and nothing changes. 0 (or absent) when none was saved."`
	}
}

// msgCompanyConflict is the message of a company saved by someone else meanwhile.
const msgCompanyConflict = "The customer's company was changed by someone else. Reload it and try again."

func (a *area) registerCompanies(api *httpapi.API) {
	d := a.d
	registerRead(a, api, huma.Operation{
		OperationID: "getContactCompanies",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/{id}/companies",
		Summary:     "The company a customer belongs to",
		Description: "The saved company, with version 0 and empty fields when none is saved.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, sess user.Session, c contact.Contact) (Company, error) {
		return a.company(ctx, sess.Principal.Tenant, c.ID)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "setContactCompany",
		Method:      http.MethodPut,
		Path:        "/crm/contacts/{id}/company",
		Summary:     "Save the company a customer belongs to",
		Description: "Either a business customer (companyContactId) or a company name is needed. The write is versioned: send the version the company was read at (409 when someone saved it since). A successful save gives true.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SetCompanyInput) (*httpapi.Body[httpapi.Result[bool]], error) {
		sess, c, err := a.editContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		t := sess.Principal.Tenant
		b := in.Body
		it := companyItem{CompanyName: b.CompanyName, JobTitle: b.JobTitle, UpdatedAt: a.d.Store.Now().UTC(), UpdatedBy: sess.Principal.UserID}
		if b.CompanyContactID > 0 {
			co, err := a.visibleContact(ctx, sess, b.CompanyContactID)
			if apperr.CodeOf(err) == apperr.NotFound || (err == nil && co.ContactTypeID != contact.TypeBusiness) {
				return nil, apperr.InvalidFields("The company is not valid.", map[string]string{"companyContactId": "Choose a business customer."})
			}
			if err != nil {
				return nil, err
			}
			it.CompanyContactID, it.CompanyName = co.ID, co.BusinessName
		}
		if it.CompanyName == "" {
			return nil, apperr.InvalidFields("The company is not valid.", map[string]string{"companyName": "Enter the company's name or choose a business customer."})
		}
		k, err := companyKey(t, c.ID)
		if err != nil {
			return nil, err
		}
		rec := store.Record{Key: k, Type: "ContactCompany", Value: it, Version: b.Version}
		if b.Version == 0 {
			err = d.Store.Create(ctx, rec)
		} else {
			_, err = d.Store.Update(ctx, rec)
		}
		if apperr.CodeOf(err) == apperr.Conflict {
			return nil, apperr.Wrap(apperr.Conflict, err, msgCompanyConflict)
		}
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(true)), nil
	})
}

// companyKey is the key of contact id's company, in the customer's partition (package
// contactkey):
//
//	pattern                    index  key condition
//	a customer's company       table  PK = A#{acct}#C#{id}, SK = COMPANY
func companyKey(t store.Tenant, id int64) (store.Key, error) {
	return contactkey.Key(t, id, "COMPANY")
}

// company returns the saved company of contact id, or an empty one.
func (a *area) company(ctx context.Context, t store.Tenant, id int64) (Company, error) {
	k, err := companyKey(t, id)
	if err != nil {
		return Company{}, err
	}
	var it companyItem
	v, err := a.d.Store.Get(ctx, k, &it)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Company{ContactID: id}, nil
	}
	if err != nil {
		return Company{}, err
	}
	at := it.UpdatedAt
	return Company{ContactID: id, CompanyContactID: it.CompanyContactID, CompanyName: it.CompanyName, JobTitle: it.JobTitle, UpdatedAt: &at, UpdatedBy: it.UpdatedBy, Version: v}, nil
}
