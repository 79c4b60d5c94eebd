package dealsheets

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/desk"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// Roles that set a store's default terms.
var termsAdmins = []string{"DealerAdmin", "GeneralManager"}

// MsgMayNotSetTerms refuses a save by a user who is no store admin.
const MsgMayNotSetTerms = "Only a dealer admin or general manager sets the store's default terms."

// TermsStoreInput names the store of POST /api/dealsheet/settings/get_default_terms.
type TermsStoreInput struct {
	Body struct {
		AccountPlatformID int64 `json:"accountPlatformId" minimum:"1" doc:"The store."`
	}
}

// SaveTermsInput is the request of POST /api/dealsheet/settings/save_default_terms.
type SaveTermsInput struct {
	Body struct {
		AccountPlatformID int64                `json:"accountPlatformId" minimum:"1" doc:"The store."`
		Version           int64                `json:"version" minimum:"0" doc:"The version of the terms the user saw; 0 while the store had set none."`
		Lease             payment.DefaultTerms `json:"lease"`
		Finance           payment.DefaultTerms `json:"finance"`
	}
}

// TermsView is a store's default terms and whether the caller may change them.
type TermsView struct {
	desk.DealerTerms
	CanEdit bool `json:"canEdit" doc:"The caller is a dealer admin or general manager of the store."`
}

func (x *area) registerSettings(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "getDealsheetDefaultTerms", Method: http.MethodPost, Path: "/api/dealsheet/settings/get_default_terms",
		Summary:     "A store's default terms and down payments",
		Description: "The three terms and three down payments of a lease and of a purchase that the store's deal sheets' payment grids and payment_recalc use: the store's own once set (versioned), else the standard ones (24/36/48 months for a lease, 48/60/72 for a purchase, $0/$1,000/$2,500 down).",
		Tags:        []string{"dealsheets"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *TermsStoreInput) (*httpapi.Body[httpapi.Result[TermsView]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		st, err := sess.Store(in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		dt, err := x.terms.Read(ctx, sess.Principal.Tenant, st.AccountPlatformID)
		return reply(TermsView{DealerTerms: dt, CanEdit: canSetTerms(sess.HasRole)}, err)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "saveDealsheetDefaultTerms", Method: http.MethodPost, Path: "/api/dealsheet/settings/save_default_terms",
		Summary:     "Set a store's default terms and down payments",
		Description: "Sets the store's three lease and three purchase terms (12 to 96 months, different, shortest first) and down payments ($0 or more, different, smallest first), sent with the version the user saw. Bad values are refused with 400 naming the field (lease.terms[1], finance.downs[0]…), a stale version with 409; neither changes anything. Needs a dealer admin's or general manager's role.",
		Tags:        []string{"dealsheets"}, Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SaveTermsInput) (*httpapi.Body[httpapi.Result[TermsView]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		b := in.Body
		st, err := sess.Store(b.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		if !canSetTerms(sess.HasRole) {
			return nil, apperr.Errorf(apperr.Forbidden, MsgMayNotSetTerms)
		}
		dt, err := x.terms.Save(ctx, sess.Principal.Tenant, desk.DealerTerms{AccountPlatformID: st.AccountPlatformID, Lease: b.Lease, Finance: b.Finance},
			b.Version, sess.Principal.UserID, sess.Profile.DisplayName())
		return reply(TermsView{DealerTerms: dt, CanEdit: true}, err)
	})
}

func canSetTerms(hasRole func(string) bool) bool {
	for _, r := range termsAdmins {
		if hasRole(r) {
			return true
		}
	}
	return false
}
