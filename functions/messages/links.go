package messages

import (
	"context"
	"net/http"
	"os"

	"github.com/cxm/cxm/shared/domain/internallink"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// LinkVerificationInput is the request of POST /internalLinkVerification (C7.17-021).
type LinkVerificationInput struct {
	Body struct {
		URL      string `json:"url" maxLength:"2048" doc:"The link the user opens: one of CXM's own pages (an origin and path of the environment's allow-list, or a path of the app)."`
		DealerID int64  `json:"dealerId" minimum:"1" doc:"The store the link is opened for."`
	}
}

// VerifiedLink is a link the user may open.
type VerifiedLink struct {
	// URL is the link with a short-lived access token appended.
	URL string `json:"url"`
	// ExpiresAt is when the token stops opening the link.
	ExpiresAt int64 `json:"expiresAt" doc:"Unix seconds."`
}

// linkSigner returns the signer of internal links: the allow-list of INTERNAL_LINK_ORIGINS
// (the local run's loopback origins when unset; the stack sets the web app's origins), signing
// with the store's derived key. A bad allow-list is an error.
func (a *area) linkSigner() (*internallink.Signer, error) {
	allow, err := internallink.ParseAllowList(os.Getenv(internallink.OriginsEnv))
	if err != nil {
		return nil, err
	}
	return internallink.NewSigner(a.d.Store.DeriveKey(internallink.KeyPurpose), allow, a.d.Store.Now), nil
}

func (a *area) registerLinks(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "verifyInternalLink",
		Method:      http.MethodPost,
		Path:        "/internalLinkVerification",
		Summary:     "Verify an internal link before it opens",
		Description: "C7.17-021; the spec does not show the path. The user must be able to view the store (dealerId) and the link must be one of CXM's own pages; the answer is the link with a short-lived signed access token appended. An empty link is 400 'Selected link is no longer accessible'; a link to another site 400 naming url.",
		Tags:        []string{"messages"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *LinkVerificationInput) (*httpapi.Body[httpapi.Result[VerifiedLink]], error) {
		sess, st, err := a.d.Users.StoreSession(ctx, in.Body.DealerID)
		if err != nil {
			return nil, err
		}
		signer, err := a.linkSigner()
		if err != nil {
			return nil, apperr.Wrap(apperr.Internal, err, internallink.MsgFailed)
		}
		g := internallink.Grant{Account: sess.Principal.Tenant.Account(), AccountPlatformID: st.AccountPlatformID, UserID: sess.Principal.UserID}
		link, err := signer.Sign(in.Body.URL, g)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(VerifiedLink{URL: link, ExpiresAt: a.d.Store.Now().Add(internallink.TTL).Unix()})), nil
	})
}
