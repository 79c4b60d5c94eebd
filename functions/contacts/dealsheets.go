package contacts

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/phone"
	"github.com/danielgtaylor/huma/v2"
)

// Page size of a customer's deal history (section 9).
const (
	dealHistoryPageSize    = 25
	maxUnmatchedDealsheets = 100
)

// UnmatchedInput is the request of POST /api/Dealsheet/entity/get_unmatched_dealsheet.
type UnmatchedInput struct {
	httpapi.ScopeHeader
}

// AssignDealsheetInput is the request of POST /crm/contacts/assign_dealsheet_to_contact.
type AssignDealsheetInput struct {
	Body struct {
		EntityID  int64 `json:"entityId" minimum:"1" doc:"The deal sheet."`
		ContactID int64 `json:"contactId" minimum:"1" doc:"The customer it is matched to, of the deal sheet's store."`
	}
}

// CreateFromDealsheetInput is the request of POST /crm/contacts/create_contact_from_dealsheet.
type CreateFromDealsheetInput struct {
	Body struct {
		EntityID int64 `json:"entityId" minimum:"1" doc:"The deal sheet whose buyer becomes the customer."`
	}
}

// DealsheetMatch is a matched deal sheet and its customer.
type DealsheetMatch struct {
	Dealsheet dealsheet.Dealsheet `json:"dealsheet"`
	Contact   contact.Contact     `json:"contact"`
}

// DealHistoryInput is the request of POST /crm/contacts/{id}/dealsheet_history.
type DealHistoryInput struct {
	ContactPath
	Body *struct {
		Filter *struct {
			Status string `json:"status,omitempty" enum:"Pending,Sold,Delivered,Lost" doc:"Only deal sheets of this status."`
			Search string `json:"search,omitempty" maxLength:"100" doc:"Only deal sheets whose deal number, stock number, VIN, make or model contains this (any case)."`
		} `json:"filter,omitempty"`
		PageNumber int `json:"pageNumber,omitempty" minimum:"0" doc:"The page, from 1; absent for the first."`
		PageSize   int `json:"pageSize,omitempty" minimum:"0" maximum:"100" doc:"Deal sheets a page; 25 when absent."`
	}
}

// dealsheetFor returns deal sheet id when the session's user may view its store; another
// store's deal sheet does not exist for them.
func (s *summaries) dealsheetFor(ctx context.Context, sess user.Session, id int64) (dealsheet.Dealsheet, error) {
	ds, err := s.dealsheets.Get(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return dealsheet.Dealsheet{}, err
	}
	if !sess.Principal.CanView(ds.AccountPlatformID) {
		return dealsheet.Dealsheet{}, apperr.Errorf(apperr.NotFound, dealsheet.MsgNotFound)
	}
	return ds, nil
}

// buyerContact returns the customer a deal sheet's buyer makes.
func buyerContact(ds dealsheet.Dealsheet) contact.Contact {
	c := contact.Contact{AccountPlatformID: ds.AccountPlatformID, FirstName: ds.BuyerFirstName, LastName: ds.BuyerLastName}
	if ds.BuyerEmail != "" {
		c.Emails = []contact.Email{{Email: ds.BuyerEmail, IsPreferred: true}}
	}
	if ds.BuyerPhone != "" {
		c.Phones = []contact.Phone{{Phone: ds.BuyerPhone, PhoneTypeID: phone.TypeCell, IsMobile: true, IsPreferred: true}}
	}
	v := ds.Vehicle
	if v.VIN != "" || v.StockNumber != "" {
		c.Vehicles = []contact.Vehicle{{VIN: v.VIN, StockNumber: v.StockNumber, Year: v.Year, Make: v.Make, Model: v.Model}}
	}
	return c
}

func (s *summaries) registerDealsheets(api *httpapi.API) {
	d := s.d
	httpapi.Register(api, huma.Operation{
		OperationID: "getUnmatchedDealsheets",
		Method:      http.MethodPost,
		Path:        "/api/Dealsheet/entity/get_unmatched_dealsheet",
		Summary:     "Deal sheets not matched to a customer",
		Description: "The newest 100 deal sheets of the Scope header's stores that no customer is matched to, the newest first.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403},
	}, func(ctx context.Context, in *UnmatchedInput) (*httpapi.Body[httpapi.Result[[]dealsheet.Dealsheet]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.Principal.ScopeStores(in.Scope)
		if err != nil {
			return nil, err
		}
		ds, err := s.dealsheets.Unmatched(ctx, sess.Principal.Tenant, stores, maxUnmatchedDealsheets)
		if err != nil {
			return nil, err
		}
		if ds == nil {
			ds = []dealsheet.Dealsheet{}
		}
		return httpapi.Reply(httpapi.OK(ds)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "assignDealsheetToContact",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/assign_dealsheet_to_contact",
		Summary:     "Match a deal sheet to a customer",
		Description: "The customer must be of the deal sheet's store and the caller must be allowed to edit it. A deal sheet matched already (or changed meanwhile) is refused with 409 and nothing changes.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *AssignDealsheetInput) (*httpapi.Body[httpapi.Result[DealsheetMatch]], error) {
		sess, c, err := s.editContact(ctx, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		ds, err := s.dealsheetFor(ctx, sess, in.Body.EntityID)
		if err != nil {
			return nil, err
		}
		if ds.AccountPlatformID != c.AccountPlatformID {
			return nil, apperr.InvalidFields(dealsheet.MsgOtherStore, map[string]string{"contactId": dealsheet.MsgOtherStore})
		}
		matched, op, err := s.dealsheets.Match(sess.Principal.Tenant, ds, c.ID, dealsheet.MatchedAssigned, sess.Principal.UserID)
		if err != nil {
			return nil, err
		}
		if err := s.dealsheets.Apply(ctx, op); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(DealsheetMatch{Dealsheet: matched, Contact: c})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "createContactFromDealsheet",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/create_contact_from_dealsheet",
		Summary:     "Create the customer of a deal sheet's buyer",
		Description: "Creates a customer of the deal sheet's store from its buyer (name, e-mail address, phone, vehicle) and matches the deal sheet to it, in one transaction. Sending the same request again (a retry) returns the customer it created instead of creating another. A deal sheet matched to a customer by assignment is refused with 409; a buyer that fails the customer rules is 400 and nothing changes.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *CreateFromDealsheetInput) (*httpapi.Body[httpapi.Result[DealsheetMatch]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(sess.Profile.Roles, func(r string) bool { return slices.Contains(contact.EditRoles(), r) }) {
			return nil, apperr.Errorf(apperr.Forbidden, "You may not add customers.")
		}
		for attempt := 0; ; attempt++ {
			ds, err := s.dealsheetFor(ctx, sess, in.Body.EntityID)
			if err != nil {
				return nil, err
			}
			if ds.Matched() {
				if ds.MatchedHow != dealsheet.MatchedCreated {
					return nil, apperr.Errorf(apperr.Conflict, dealsheet.MsgMatchedAlready)
				}
				c, _, err := s.load(ctx, sess, ds.ContactID)
				if err != nil {
					return nil, err
				}
				return httpapi.Reply(httpapi.OK(DealsheetMatch{Dealsheet: ds, Contact: c})), nil
			}
			st, err := sess.Store(ds.AccountPlatformID)
			if err != nil {
				return nil, err
			}
			buyer := buyerContact(ds)
			buyer.DealerID = st.DealerID
			var matched dealsheet.Dealsheet
			c, err := s.contacts.CreateWith(ctx, sess.Principal.Tenant, buyer, sess.Principal.UserID, func(c contact.Contact) ([]store.Op, error) {
				m, op, err := s.dealsheets.Match(sess.Principal.Tenant, ds, c.ID, dealsheet.MatchedCreated, sess.Principal.UserID)
				matched = m
				return []store.Op{op}, err
			})
			if apperr.CodeOf(err) == apperr.Conflict && attempt < 2 {
				// The deal sheet changed since it was read: a concurrent request matched it.
				continue
			}
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(DealsheetMatch{Dealsheet: matched, Contact: c})), nil
		}
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getContactDealHistory",
		Method:      http.MethodPost,
		Path:        "/crm/contacts/{id}/dealsheet_history",
		Summary:     "A customer's deal history",
		Description: "The deal sheets matched to the customer and to the customers merged into it, of the stores the caller may view, the newest first, 25 a page; filter.status and filter.search (deal number, stock number, VIN, make or model) narrow it.",
		Tags:        []string{"contacts"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DealHistoryInput) (*httpapi.Body[httpapi.Result[[]dealsheet.Dealsheet]], error) {
		sess, c, err := s.viewContact(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		all, err := s.dealsheets.ForContacts(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		number, size := 1, dealHistoryPageSize
		var status, search string
		if b := in.Body; b != nil {
			if b.PageNumber > 0 {
				number = b.PageNumber
			}
			if b.PageSize > 0 {
				size = b.PageSize
			}
			if b.Filter != nil {
				status, search = b.Filter.Status, strings.ToUpper(strings.TrimSpace(b.Filter.Search))
			}
		}
		all = slices.DeleteFunc(all, func(ds dealsheet.Dealsheet) bool {
			if !sess.Principal.CanView(ds.AccountPlatformID) || (status != "" && ds.Status != status) {
				return true
			}
			if search == "" {
				return false
			}
			v := ds.Vehicle
			hay := strings.ToUpper(strings.Join([]string{ds.DealNumber, v.StockNumber, v.VIN, v.Make, v.Model}, " "))
			return !strings.Contains(hay, search)
		})
		from := min((number-1)*size, len(all))
		page := append([]dealsheet.Dealsheet{}, all[from:min(from+size, len(all))]...)
		return httpapi.Reply(httpapi.Paged(page, httpapi.NewPageData(number, size, len(all)))), nil
	})
}
