package dealsheets

import (
	"context"
	"net/http"
	"strconv"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// IDPath names a garage vehicle, a lead or a customer by id.
type IDPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The id the path names."`
}

// TaskPath names a task of a customer.
type TaskPath struct {
	ID        string `path:"id" maxLength:"64" doc:"The task's id."`
	ContactID int64  `query:"contactId" minimum:"1" required:"true" doc:"The customer the task is about."`
}

func (x *area) registerReads(api *httpapi.API) {
	errs := []int{400, 401, 403, 404}
	httpapi.Register(api, huma.Operation{
		OperationID: "getDealsheetOfEntity", Method: http.MethodGet, Path: "/api/Dealsheet/entity/{id}",
		Summary:     "The deal sheet of a garage vehicle",
		Description: "The garage vehicle (its entity id) with its contract, the deal being built on it (created with the garage's replacement vehicle, trade value and payoff the first time it is opened), its payment and 3 × 3 payment grid at the dealer's default terms, the offer and where the deal stands. The caller's view is recorded in the customer's activity (dealsheet_viewed), once a day per user and deal sheet.",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *IDPath) (*httpapi.Body[httpapi.Result[DealsheetView]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		v, c, canEdit, err := x.vehicleOf(ctx, sess, in.ID, false)
		if err != nil {
			return nil, err
		}
		out, err := x.open(ctx, sess, v, c, canEdit)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealsheetsOfLead", Method: http.MethodGet, Path: "/api/Dealsheet/lead/{id}",
		Summary:     "The deal sheets of a lead's customer",
		Description: "One deal sheet per currently owned garage vehicle of the lead's customer, as GET /api/Dealsheet/entity/{id} gives each; empty when the customer has no vehicle in the garage.",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *IDPath) (*httpapi.Body[httpapi.Result[DealsheetList]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := x.leads.Get(ctx, sess.Principal.Tenant, in.ID)
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil, apperr.Errorf(apperr.NotFound, "The lead does not exist.")
		}
		if err != nil {
			return nil, err
		}
		out, err := x.list(ctx, sess, l.ContactID)
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil, apperr.Errorf(apperr.NotFound, "The lead does not exist.")
		}
		out.LeadID = in.ID
		return reply(out, err)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealsheetsOfTask", Method: http.MethodGet, Path: "/api/Dealsheet/task/{id}",
		Summary:     "The deal sheets of a task's customer",
		Description: "The deal sheets of the customer the task is about (contactId), as GET /api/Dealsheet/lead/{id} gives them.",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *TaskPath) (*httpapi.Body[httpapi.Result[DealsheetList]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if _, _, err := x.contact(ctx, sess, in.ContactID, false); err != nil {
			return nil, err
		}
		tk, err := x.tasks.Get(ctx, sess.Principal.Tenant, in.ContactID, in.ID)
		if err != nil {
			return nil, err
		}
		out, err := x.list(ctx, sess, tk.ContactID)
		out.TaskID = in.ID
		return reply(out, err)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealsheetsOfCustomer", Method: http.MethodGet, Path: "/api/Dealsheet/customer/{id}",
		Summary:     "The deal sheets of a customer",
		Description: "One deal sheet per currently owned garage vehicle of the customer and the customers merged into it, as GET /api/Dealsheet/entity/{id} gives each.",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *IDPath) (*httpapi.Body[httpapi.Result[DealsheetList]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		return reply(x.list(ctx, sess, in.ID))
	})
}

func reply[T any](v T, err error) (*httpapi.Body[httpapi.Result[T]], error) {
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(v)), nil
}

// list returns the deal sheets of customer id's current garage vehicles.
func (x *area) list(ctx context.Context, sess user.Session, id int64) (DealsheetList, error) {
	c, canEdit, err := x.contact(ctx, sess, id, false)
	if err != nil {
		return DealsheetList{}, err
	}
	vs, err := x.garage.List(ctx, sess.Principal.Tenant, c.Owners())
	if err != nil {
		return DealsheetList{}, err
	}
	out := DealsheetList{ContactID: c.ID, Items: []DealsheetView{}}
	for _, v := range vs {
		if v.Status != garage.StatusCurrent {
			continue
		}
		vw, err := x.open(ctx, sess, v, c, canEdit)
		if err != nil {
			return DealsheetList{}, err
		}
		out.Items = append(out.Items, vw)
	}
	return out, nil
}

// open returns the view of v's deal sheet, creating the sheet the first time, and records the
// caller's view of it.
func (x *area) open(ctx context.Context, sess user.Session, v garage.Vehicle, c contact.Contact, canEdit bool) (DealsheetView, error) {
	t := sess.Principal.Tenant
	sh, err := x.sheetOf(ctx, t, v)
	if err != nil {
		return DealsheetView{}, err
	}
	entity := strconv.FormatInt(v.EntityID, 10)
	if _, _, err := x.activity.Record(ctx, t, activity.New{
		ContactID: v.ContactID, AccountPlatformID: v.AccountPlatformID, Kind: activity.KindDealsheetViewed,
		Text:   "Viewed the deal sheet of the " + vehicleLabel(v),
		UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID,
		Details: map[string]string{"entityId": entity}, Key: viewedKey(sess, v.EntityID, x.d.Store.Now()),
	}); err != nil {
		return DealsheetView{}, err
	}
	return x.view(ctx, sess, v, c, sh, canEdit)
}

// vehicleLabel names a garage vehicle ("2020 Honda Accord").
func vehicleLabel(v garage.Vehicle) string {
	cv := v.CurrentVehicle
	s := strconv.Itoa(cv.Year) + " " + cv.Make + " " + cv.Model
	if cv.Year == 0 {
		s = cv.Make + " " + cv.Model
	}
	return s
}
