package dealers

import (
	"context"
	"net/http"
	"strings"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// AccountPlatform is a store (account platform) as the store lists show it.
type AccountPlatform struct {
	AccountPlatformID int64  `json:"AccountPlatformID"`
	AccountID         int64  `json:"AccountID"`
	Name              string `json:"Name"`
	CXMDealerID       string `json:"CXMDealerID"`
	Country           string `json:"Country" enum:"US,CA"`
	City              string `json:"City"`
	Province          string `json:"Province"`
	TimeZone          string `json:"TimeZone"`
	Active            bool   `json:"Active"`
}

// NewAccountPlatform returns the list entry of st.
func NewAccountPlatform(st account.Store) AccountPlatform {
	return AccountPlatform{
		AccountPlatformID: st.AccountPlatformID, AccountID: st.AccountID, Name: st.Name, CXMDealerID: st.DealerID,
		Country: st.Country, City: st.City, Province: st.Province, TimeZone: st.TimeZone, Active: st.Active,
	}
}

// AccountPlatformsInput is the path of GET /account/platforms/{viewAccountId}.
type AccountPlatformsInput struct {
	ViewAccountID int64 `path:"viewAccountId" minimum:"1" doc:"The signed-in user's view account."`
}

// AllPlatformsInput is the path of GET /account/allplatforms/{id}.
type AllPlatformsInput struct {
	ID int64 `path:"id" minimum:"1" doc:"The signed-in user's account."`
}

// SearchDealersInput is the query of GET /platform/searchdealers.
type SearchDealersInput struct {
	Query string `query:"query" maxLength:"100" doc:"Text the store's name, dealer id, city or province contains; empty lists every store."`
}

// viewable returns the stores of the session the user may view, active ones only unless all.
func viewable(sess user.Session, all bool) []AccountPlatform {
	out := []AccountPlatform{}
	for _, st := range sess.Stores {
		if sess.Principal.CanView(st.AccountPlatformID) && (all || st.Active) {
			out = append(out, NewAccountPlatform(st))
		}
	}
	return out
}

func (a *area) registerStores(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "listAccountPlatforms",
		Method:      http.MethodGet,
		Path:        "/account/platforms/{viewAccountId}",
		Summary:     "The active stores of the view account the user may view, by name",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *AccountPlatformsInput) (*httpapi.Body[httpapi.Legacy[[]AccountPlatform]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := sess.RequireAccount(in.ViewAccountID); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(viewable(sess, false))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listAllAccountPlatforms",
		Method:      http.MethodGet,
		Path:        "/account/allplatforms/{id}",
		Summary:     "Every store of the account the user may view, active or not, by name",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *AllPlatformsInput) (*httpapi.Body[httpapi.Legacy[[]AccountPlatform]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := sess.RequireAccount(in.ID); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(viewable(sess, true))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchDealers",
		Method:      http.MethodGet,
		Path:        "/platform/searchdealers",
		Summary:     "Search the stores the user may view",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *SearchDealersInput) (*httpapi.Body[httpapi.Legacy[[]AccountPlatform]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		q := strings.ToLower(strings.TrimSpace(in.Query))
		out := []AccountPlatform{}
		for _, p := range viewable(sess, true) {
			text := strings.ToLower(strings.Join([]string{p.Name, p.CXMDealerID, p.City, p.Province}, "\x00"))
			if strings.Contains(text, q) {
				out = append(out, p)
			}
		}
		return httpapi.Reply(httpapi.LegacyOK(out)), nil
	})
}
