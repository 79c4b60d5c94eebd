package relations

import (
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/enterprise"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// LinkedContact is the same customer at another store of the group.
type LinkedContact struct {
	Contact           HouseholdContact `json:"contact"`
	StoreSalesValue   float64          `json:"storeSalesValue"`
	StoreServiceValue float64          `json:"storeServiceValue"`
	LinkedAt          time.Time        `json:"linkedAt"`
	LinkedBy          string           `json:"linkedBy"`
}

// PotentialLink is a customer of another store who may be the same person: they share an
// e-mail address or a phone number.
type PotentialLink struct {
	Contact      HouseholdContact `json:"contact"`
	MatchedOn    string           `json:"matchedOn" enum:"email,phone"`
	MatchedValue string           `json:"matchedValue"`
}

// LinkInput is the request of POST /crm/contacts/enterprise/link_customer and unlink_customer.
type LinkInput struct {
	Body struct {
		ContactID       int64 `json:"contactId" minimum:"1" doc:"The customer."`
		LinkedContactID int64 `json:"linkedContactId" minimum:"1" doc:"The same customer at another store."`
	}
}

// EnterpriseValue is a customer's value across the group: their own store values plus those of
// every linked record the caller may view.
type EnterpriseValue struct {
	ContactID    int64   `json:"contactId"`
	SalesValue   float64 `json:"salesValue"`
	ServiceValue float64 `json:"serviceValue"`
	TotalValue   float64 `json:"totalValue"`
	Contacts     int     `json:"contacts" doc:"How many customer records the sums cover."`
}

// ContactValue is one customer record's lifetime value at its store and across the group
// (the record and every linked record the caller may view), computed from their repair orders,
// sold leads and deal sheets when read.
type ContactValue struct {
	ContactID              int64   `json:"contactId"`
	StoreSalesValue        float64 `json:"storeSalesValue"`
	StoreServiceValue      float64 `json:"storeServiceValue"`
	StoreTotalValue        float64 `json:"storeTotalValue"`
	EnterpriseSalesValue   float64 `json:"enterpriseSalesValue"`
	EnterpriseServiceValue float64 `json:"enterpriseServiceValue"`
	EnterpriseTotalValue   float64 `json:"enterpriseTotalValue"`
}

// maxPotential bounds the candidates one search value reads.
const maxPotential = 25

func (a *area) registerEnterprise(api *httpapi.API) {
	registerRead(a, api, huma.Operation{
		OperationID: "getLinkedContacts",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/enterprise/{id}/linkedcontacts",
		Summary:     "The same customer's records at other stores",
		Description: "Records linked to this customer, with their summaries and store values. Records of stores the caller may not view are left out.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, sess user.Session, c contact.Contact) ([]LinkedContact, error) {
		return a.linked(ctx, sess, c)
	})

	registerRead(a, api, huma.Operation{
		OperationID: "getPotentialCustomerLinks",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/enterprise/{id}/potentialcustomerlinks",
		Summary:     "Customers of other stores who may be the same person",
		Description: "Customers of the other stores the caller may view who share an e-mail address or a phone number with this customer, found through the search entries (no scan). Records already linked are left out.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, sess user.Session, c contact.Contact) ([]PotentialLink, error) {
		return a.potential(ctx, sess, c)
	})

	registerRead(a, api, huma.Operation{
		OperationID: "getEnterpriseLifetimeValue",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/enterprise/{id}/lifetime_value",
		Summary:     "A customer's lifetime value across the group",
		Description: "The sums of the store sales and service values of this customer and of every linked record the caller may view, computed when read: " + valueDoc,
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, sess user.Session, c contact.Contact) (EnterpriseValue, error) {
		_, group, n, err := a.lifetimeValue(ctx, sess, c)
		if err != nil {
			return EnterpriseValue{}, err
		}
		return EnterpriseValue{ContactID: c.ID, SalesValue: group.Sales, ServiceValue: group.Service, TotalValue: group.Total(), Contacts: n}, nil
	})

	registerRead(a, api, huma.Operation{
		OperationID: "getContactLifetimeValue",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/contact/{id}/lifetime_value",
		Summary:     "A customer record's lifetime value",
		Description: "The record's store values and its enterprise values (the record and every linked record the caller may view), with their totals, computed when read: " + valueDoc,
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, sess user.Session, c contact.Contact) (ContactValue, error) {
		own, group, _, err := a.lifetimeValue(ctx, sess, c)
		if err != nil {
			return ContactValue{}, err
		}
		return ContactValue{
			ContactID:       c.ID,
			StoreSalesValue: own.Sales, StoreServiceValue: own.Service, StoreTotalValue: own.Total(),
			EnterpriseSalesValue: group.Sales, EnterpriseServiceValue: group.Service, EnterpriseTotalValue: group.Total(),
		}, nil
	})

	change := func(link bool) func(context.Context, *LinkInput) (*httpapi.Body[httpapi.Result[[]LinkedContact]], error) {
		return func(ctx context.Context, in *LinkInput) (*httpapi.Body[httpapi.Result[[]LinkedContact]], error) {
			sess, c, err := a.editContact(ctx, in.Body.ContactID)
			if err != nil {
				return nil, err
			}
			t := sess.Principal.Tenant
			other, err := a.visibleContact(ctx, sess, in.Body.LinkedContactID)
			if apperr.CodeOf(err) == apperr.NotFound {
				return nil, apperr.InvalidFields("The link is not valid.", map[string]string{"linkedContactId": "The customer does not exist."})
			}
			if err != nil {
				return nil, err
			}
			if link {
				if other.AccountPlatformID == c.AccountPlatformID {
					return nil, apperr.InvalidFields("The link is not valid.", map[string]string{"linkedContactId": "Link records of other stores; records of one store are merged, not linked."})
				}
				err = a.enterprise.Link(ctx, t, c.ID, other.ID, sess.Principal.UserID)
			} else {
				err = a.unlink(ctx, t, c, other.ID)
			}
			if err != nil {
				return nil, err
			}
			out, err := a.linked(ctx, sess, c)
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(out)), nil
		}
	}
	httpapi.Register(api, huma.Operation{
		OperationID: "linkCustomer",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/enterprise/link_customer",
		Summary:     "Link a customer's records at two stores",
		Description: "Both records must be customers the caller may view, of different stores; both sides of the link are written in one transaction. Records already linked are 409. Returns the customer's linked records.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, change(true))
	httpapi.Register(api, huma.Operation{
		OperationID: "unlinkCustomer",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/enterprise/unlink_customer",
		Summary:     "Unlink a customer's records",
		Description: "Both sides of the link are removed in one transaction; records that are not linked stay so and the call succeeds. Returns the customer's linked records.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, change(false))
}

// unlink removes the link between c (or a record merged into it) and other.
func (a *area) unlink(ctx context.Context, t store.Tenant, c contact.Contact, other int64) error {
	links, err := a.enterprise.Linked(ctx, t, c.Owners())
	if err != nil {
		return err
	}
	for _, l := range links {
		if l.LinkedID == other {
			return a.enterprise.Unlink(ctx, t, l.ContactID, other)
		}
	}
	return nil
}

// linked returns the records linked to c that the session's user may view.
func (a *area) linked(ctx context.Context, sess user.Session, c contact.Contact) ([]LinkedContact, error) {
	t := sess.Principal.Tenant
	links, err := a.enterprise.Linked(ctx, t, c.Owners())
	if err != nil {
		return nil, err
	}
	out := make([]LinkedContact, 0, len(links))
	for _, l := range links {
		o, err := a.contacts.Get(ctx, t, l.LinkedID)
		if apperr.CodeOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return nil, err
		}
		if !sess.Principal.CanView(o.AccountPlatformID) {
			continue
		}
		v, err := a.values.Value(ctx, t, o.Owners())
		if err != nil {
			return nil, err
		}
		out = append(out, LinkedContact{Contact: HouseholdContact(contact.SummaryOf(o)), StoreSalesValue: v.Sales, StoreServiceValue: v.Service, LinkedAt: l.LinkedAt, LinkedBy: l.LinkedBy})
	}
	return out, nil
}

// valueDoc says how lifetime values are computed.
const valueDoc = "sales are the prices of sold and delivered deal sheets and of sold leads' chosen vehicles that no deal sheet covers (same VIN or stock number); service is the customer-pay and warranty lines of repair orders. A record's value includes the records merged into it."

// lifetimeValue returns c's own value, its value with every linked record the session's user
// may view, and how many records that covers.
func (a *area) lifetimeValue(ctx context.Context, sess user.Session, c contact.Contact) (own, group enterprise.Value, records int, err error) {
	own, err = a.values.Value(ctx, sess.Principal.Tenant, c.Owners())
	if err != nil {
		return enterprise.Value{}, enterprise.Value{}, 0, err
	}
	linked, err := a.linked(ctx, sess, c)
	if err != nil {
		return enterprise.Value{}, enterprise.Value{}, 0, err
	}
	group = own
	for _, l := range linked {
		group = group.Add(enterprise.Value{Sales: l.StoreSalesValue, Service: l.StoreServiceValue})
	}
	return own, group, 1 + len(linked), nil
}

// potential returns the customers of the other stores the session's user may view who share an
// e-mail address or phone with c, not linked to it yet.
func (a *area) potential(ctx context.Context, sess user.Session, c contact.Contact) ([]PotentialLink, error) {
	t := sess.Principal.Tenant
	stores := slices.DeleteFunc(slices.Clone(sess.Principal.ViewStores), func(s int64) bool { return s == c.AccountPlatformID })
	out := []PotentialLink{}
	if len(stores) == 0 {
		return out, nil
	}
	links, err := a.enterprise.Linked(ctx, t, c.Owners())
	if err != nil {
		return nil, err
	}
	skip := map[int64]bool{}
	for _, id := range c.Owners() {
		skip[id] = true
	}
	for _, l := range links {
		skip[l.LinkedID] = true
	}
	var queries []struct {
		on, value string
		crit      contact.Criteria
	}
	for _, e := range c.Emails {
		queries = append(queries, struct {
			on, value string
			crit      contact.Criteria
		}{"email", e.Email, contact.Criteria{Email: e.Email}})
	}
	for _, p := range c.Phones {
		queries = append(queries, struct {
			on, value string
			crit      contact.Criteria
		}{"phone", p.Phone, contact.Criteria{Phone: p.Phone}})
	}
	for _, q := range queries {
		page, err := a.contacts.AdvancedSearch(ctx, t, stores, q.crit, maxPotential, "")
		if apperr.CodeOf(err) == apperr.Invalid {
			continue // a stored value the search does not take (an old, malformed phone)
		}
		if err != nil {
			return nil, err
		}
		for _, m := range page.Matches {
			if skip[m.ContactID] {
				continue
			}
			skip[m.ContactID] = true
			out = append(out, PotentialLink{Contact: HouseholdContact(m.Summary), MatchedOn: q.on, MatchedValue: q.value})
		}
	}
	return out, nil
}
