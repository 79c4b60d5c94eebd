// Package credit is the credit API area: a contact's credit history, the 700Credit base request
// (a hard pull) and pre-screen (a soft pull) at Experian, TransUnion and Equifax, and the
// status of requests. Calls about a contact id below 1 are skipped: they answer an empty list
// and reach no bureau.
package credit

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// Options are the adapters the area uses; zero fields take the defaults.
type Options struct {
	// Bureau, when set, serves every store (tests); the default is each store's bureau as
	// the services' Providers choose it.
	Bureau credit.Bureau
	// Applicants reads the applicant data of contacts; the default reads contact items.
	Applicants credit.Applicants
}

// New returns the area's HTTP handler with the default adapters: the one the Lambda function
// and the local gateway serve.
func New(s wiring.Services) http.Handler { return NewWith(s, Options{}) }

// NewWith returns the area's HTTP handler with the adapters of o.
func NewWith(s wiring.Services, o Options) http.Handler {
	api := s.NewAPI()
	RegisterWith(api, s, o)
	return api
}

// Register adds the area's operations to api with the default adapters.
func Register(api *httpapi.API, s wiring.Services) { RegisterWith(api, s, Options{}) }

// RegisterWith adds the area's operations to api with the adapters of o.
func RegisterWith(api *httpapi.API, s wiring.Services, o Options) {
	var bureaus credit.Bureaus = s.Providers
	if o.Bureau != nil {
		bureaus = credit.One(o.Bureau)
	}
	if o.Applicants == nil {
		o.Applicants = DefaultApplicants(s)
	}
	svc := credit.NewService(s.Store, bureaus, o.Applicants, s.Events, s.Log)
	a := &area{d: s, svc: svc}
	a.register(api)
}

// area holds what the area's handlers use.
type area struct {
	d   wiring.Services
	svc *credit.Service
}

// CreditHistoryInput is the request of POST /api/credit/contact_credit_requests.
type CreditHistoryInput struct {
	Body struct {
		ContactID int64 `json:"contactId" doc:"The contact whose credit requests are listed; below 1 lists none."`
	}
}

// CreditOrderInput is the request of POST /api/credit/sevenhundredcredit/create_base_request and
// /pre_screen.
type CreditOrderInput struct {
	Body struct {
		ApplicantContactID int64           `json:"applicantContactId" doc:"The contact the inquiry is about; below 1 makes none."`
		Bureaus            []credit.Agency `json:"bureaus,omitempty" maxItems:"3" enum:"Experian,TransUnion,Equifax" doc:"The bureaus to ask (Experian, TransUnion, Equifax); none asks all three."`
		RequestID          string          `json:"requestId,omitempty" maxLength:"64" pattern:"^[A-Za-z0-9._-]+$" doc:"The client's id of this request: a retry with the same id has no second effect. Without one, an applicant is asked about at most once a day per product and bureau."`
	}
}

// CreditStatusInput is the request of POST /api/credit/credit_request_status.
type CreditStatusInput struct {
	Body struct {
		ApplicantContactID int64  `json:"applicantContactId" doc:"The applicant contact; below 1 answers none."`
		CreditRequestID    string `json:"creditRequestId,omitempty" maxLength:"64" doc:"One request of the applicant; none answers the latest request at each bureau."`
	}
}

// CreditRequest is one inquiry at one bureau, as the area's calls answer it.
type CreditRequest credit.Request

// Requests is the response of the area's calls.
type Requests = httpapi.Body[httpapi.Result[[]CreditRequest]]

// reply returns the response of list.
func reply(list []credit.Request) *Requests {
	out := make([]CreditRequest, 0, len(list))
	for _, r := range list {
		out = append(out, CreditRequest(r))
	}
	return httpapi.Reply(httpapi.OK(out))
}

func (a *area) register(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	httpapi.Register(api, huma.Operation{
		OperationID: "listContactCreditRequests",
		Method:      http.MethodPost,
		Path:        "/api/credit/contact_credit_requests",
		Summary:     "The credit requests of a contact, newest first",
		Description: "The 100 most recent requests; pending ones are brought up to date with the bureau. When the bureau cannot be asked the error (409) says 'There was an error loading the credit history details. Please try again later.'",
		Tags:        []string{"credit"},
		Errors:      errs,
	}, func(ctx context.Context, in *CreditHistoryInput) (*Requests, error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		list, err := a.svc.History(ctx, sess.Principal, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		return reply(list), nil
	})

	orderOp := httpapi.Ops(http.MethodPost, []string{"credit"}, errs...)
	order := func(id, path, summary string, product credit.Product) {
		httpapi.Register(api, orderOp(id, path, summary,
			"One request per bureau. A retry with the same idempotency key returns the requests it made, attempting again only those that failed. Refused applicant data is a 400 naming the field; a bureau that cannot run the inquiry a 409; a store without a configured credit bureau a 409 saying so, with no request recorded."), func(ctx context.Context, in *CreditOrderInput) (*Requests, error) {
			sess, err := a.d.Users.Session(ctx)
			if err != nil {
				return nil, err
			}
			list, err := a.svc.Request(ctx, sess.Principal, credit.Order{
				ApplicantContactID: in.Body.ApplicantContactID, Product: product,
				Agencies: in.Body.Bureaus, ClientRequestID: in.Body.RequestID,
			})
			if err != nil {
				return nil, err
			}
			return reply(list), nil
		})
	}
	order("createCreditBaseRequest", "/api/credit/sevenhundredcredit/create_base_request", "Request a credit report (hard pull) about a contact", credit.BaseRequest)
	order("createCreditPreScreen", "/api/credit/sevenhundredcredit/pre_screen", "Pre-screen a contact's credit (soft pull)", credit.PreScreen)

	httpapi.Register(api, huma.Operation{
		OperationID: "getCreditRequestStatus",
		Method:      http.MethodPost,
		Path:        "/api/credit/credit_request_status",
		Summary:     "The status of a contact's credit requests",
		Description: "The named request, or the latest request at each bureau, brought up to date with the bureau.",
		Tags:        []string{"credit"},
		Errors:      errs,
	}, func(ctx context.Context, in *CreditStatusInput) (*Requests, error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		list, err := a.svc.Status(ctx, sess.Principal, in.Body.ApplicantContactID, in.Body.CreditRequestID)
		if err != nil {
			return nil, err
		}
		return reply(list), nil
	})
}
