package credit

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// EventCompleted is the type of the event published when a bureau answers an inquiry
// (completed or no hit). Its detail is the Request; it never carries the applicant's data.
const EventCompleted = "CreditRequestCompleted"

// StaleAfter is how long a pending request without the bureau's reference is waited for before
// it counts as interrupted: its process stopped before the bureau answered.
const StaleAfter = 2 * time.Minute

// Service runs inquiries and reads credit histories.
type Service struct {
	repo       repo
	bureaus    Bureaus
	applicants Applicants
	log        *slog.Logger
	now        func() time.Time
}

// Option changes a Service.
type Option func(*Service)

// WithClock makes the service read the time from now.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// NewService returns a service storing requests in st, asking each store's bureau of bureaus,
// reading applicants from applicants. A completed request's event is written to the outbox
// with it; the publisher is not used (the relay publishes) and is kept so that existing callers
// build.
func NewService(st *store.Store, bureaus Bureaus, applicants Applicants, _ eventbus.Publisher, log *slog.Logger, opts ...Option) *Service {
	if log == nil {
		log = slog.Default()
	}
	s := &Service{repo: repo{s: st}, bureaus: bureaus, applicants: applicants, log: log, now: st.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Order is a request for inquiries about one applicant.
type Order struct {
	ApplicantContactID int64
	Product            Product
	// Agencies are the bureaus to ask; none means every bureau.
	Agencies []Agency
	// ClientRequestID is the client's id of the request: a retry with the same id has no second
	// effect. Without one, the applicant is asked about once a day per product and bureau.
	ClientRequestID string
}

// applicant returns the applicant data of a contact the principal may view. A contact that
// does not exist and one of a store the principal may not view are the same NotFound error.
func (s *Service) applicant(ctx context.Context, p auth.Principal, contactID int64) (Applicant, error) {
	if s.applicants == nil {
		return Applicant{}, apperr.Errorf(apperr.NotFound, MessageContactNotFound)
	}
	a, err := s.applicants.Applicant(ctx, p.Tenant, contactID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Applicant{}, apperr.Wrap(apperr.NotFound, err, MessageContactNotFound)
	}
	if err != nil {
		return Applicant{}, fmt.Errorf("read applicant %d: %w", contactID, err)
	}
	if !p.CanView(a.AccountPlatformID) {
		return Applicant{}, apperr.Errorf(apperr.NotFound, MessageContactNotFound)
	}
	return a, nil
}

// Request runs the inquiries of o, one per bureau, and returns them. A contact id below 1
// makes no inquiry and returns none. Bureaus that answered are kept even when another failed;
// the error is then that of the first failure: an Invalid error naming the applicant field the
// bureau refused, or a Conflict error (MessageRequestFailed) when the bureau could not run the
// inquiry. Retrying with the same idempotency key attempts only the failed inquiries again. A
// store without a bureau (see Bureaus) is refused with Bureaus' error before anything is
// recorded.
func (s *Service) Request(ctx context.Context, p auth.Principal, o Order) ([]Request, error) {
	if o.ApplicantContactID < 1 {
		return []Request{}, nil
	}
	if o.Product != BaseRequest && o.Product != PreScreen {
		return nil, apperr.Errorf(apperr.Invalid, "The credit product %q is not offered.", o.Product)
	}
	agencies := o.Agencies
	if len(agencies) == 0 {
		agencies = Agencies()
	}
	var seen []Agency
	for _, a := range agencies {
		if !a.Valid() {
			return nil, apperr.InvalidFields("The credit request is not valid.", map[string]string{"bureaus": fmt.Sprintf("%q is not a credit bureau.", a)})
		}
		if !slices.Contains(seen, a) {
			seen = append(seen, a)
		}
	}
	app, err := s.applicant(ctx, p, o.ApplicantContactID)
	if err != nil {
		return nil, err
	}
	// A store without a bureau records no request: nothing was asked.
	bureau, err := s.bureaus.Bureau(ctx, p.Tenant, app.AccountPlatformID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]Request, 0, len(seen))
	var first error
	for _, a := range seen {
		r, err := s.requestOne(ctx, p, bureau, app, o, a, now)
		if r.CreditRequestID != "" {
			out = append(out, r)
		}
		if err != nil && first == nil {
			first = err
		}
	}
	if first != nil {
		return nil, first
	}
	return out, nil
}

// requestOne runs the inquiry of o at bureau a, or returns the request its idempotency key
// made already.
func (s *Service) requestOne(ctx context.Context, p auth.Principal, bureau Bureau, app Applicant, o Order, a Agency, now time.Time) (Request, error) {
	t := p.Tenant
	key := IdempotencyKey(o.ClientRequestID, o.Product, a, now)
	req := Request{
		CreditRequestID: newID(now), ContactID: app.ContactID, ApplicantContactID: app.ContactID,
		AccountPlatformID: app.AccountPlatformID, Provider: Provider, Product: o.Product, Bureau: a,
		Status: StatusPending, RequestedBy: p.UserID, Attempts: 1, Created: now, Updated: now,
	}
	if o.Product == BaseRequest {
		req.SSNLast4 = app.SSNLast4()
	}
	version := int64(1)
	err := s.repo.claim(ctx, t, key, req, p.ActorUserID)
	if apperr.CodeOf(err) == apperr.Conflict {
		existing, v, err := s.repo.byKey(ctx, t, app.ContactID, key)
		if err != nil {
			return Request{}, err
		}
		if !attemptAgain(existing, now) {
			return existing, nil
		}
		existing.Status, existing.ErrorCode, existing.Reference = StatusPending, "", ""
		existing.Attempts++
		existing.Updated = now
		existing.RequestedBy = p.UserID
		existing.SSNLast4 = req.SSNLast4
		v, err = s.repo.update(ctx, t, existing, v, p.ActorUserID)
		if apperr.CodeOf(err) == apperr.Conflict {
			// Another retry of the same key took the attempt over: it has the one effect.
			current, _, err := s.repo.byKey(ctx, t, app.ContactID, key)
			return current, err
		}
		if err != nil {
			return Request{}, err
		}
		req, version = existing, v
	} else if err != nil {
		return Request{}, fmt.Errorf("claim credit request: %w", err)
	}
	in := Inquiry{RequestID: req.CreditRequestID, Product: o.Product, Agency: a, Applicant: app}
	if o.Product == PreScreen {
		// A pre-screen is made from the name and the address only.
		in.Applicant.SSN, in.Applicant.BirthDate = "", Date{}
	}
	report, pullErr := bureau.Pull(ctx, in)
	req = apply(req, report, pullErr, s.now())
	// The outcome is recorded even when the caller went away while the bureau answered.
	if _, err := s.repo.update(context.WithoutCancel(ctx), t, req, version, p.ActorUserID); err != nil {
		return req, fmt.Errorf("record credit request %s: %w", req.CreditRequestID, err)
	}
	return req, requestError(pullErr)
}

// attemptAgain reports whether a request found at its idempotency key is attempted again: it
// failed (so it had no effect at the bureau), or its attempt was interrupted.
func attemptAgain(r Request, now time.Time) bool {
	return r.Status == StatusFailed || interrupted(r, now)
}

// interrupted reports whether r is pending without the bureau's reference for longer than
// StaleAfter: the process waiting for the bureau stopped.
func interrupted(r Request, now time.Time) bool {
	return r.Status == StatusPending && r.Reference == "" && now.Sub(r.Updated) > StaleAfter
}

// apply records the bureau's answer (report or err) on r.
func apply(r Request, report Report, err error, now time.Time) Request {
	r.Updated = now
	var be *BureauError
	switch {
	case err == nil:
		r.Status, r.Score, r.ScoreModel, r.Reference, r.ErrorCode = report.Status, report.Score, report.ScoreModel, report.Reference, ""
		if r.Status != StatusPending && r.Status != StatusCompleted {
			r.Status = StatusCompleted
		}
	case errors.As(err, &be) && be.Code == CodeNoHit:
		r.Status, r.Score, r.ErrorCode = StatusNoHit, 0, CodeNoHit
	case errors.As(err, &be):
		r.Status, r.Score, r.ErrorCode = StatusFailed, 0, be.Code
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		r.Status, r.Score, r.ErrorCode = StatusFailed, 0, CodeInterrupted
	default:
		r.Status, r.Score, r.ErrorCode = StatusFailed, 0, CodeServiceUnavailable
	}
	return r
}

// requestError is the error a client sees for the bureau's answer err of an inquiry: none for
// an answer (a no-hit is one), an Invalid error for refused applicant data, otherwise a
// Conflict error with MessageRequestFailed. The bureau's code stays in the logged cause.
func requestError(err error) error {
	if err == nil || CodeOf(err) == CodeNoHit {
		return nil
	}
	var be *BureauError
	if errors.As(err, &be) && be.Invalid {
		field := be.Field
		if field == "" {
			field = "applicant"
		}
		return &apperr.Error{
			Code: apperr.Invalid, Message: "The credit bureau refused the customer's details. Correct them and try again.",
			Fields: map[string]string{field: be.Message}, Err: err,
		}
	}
	return apperr.Wrap(apperr.Conflict, err, MessageRequestFailed)
}

// loadError is the error a client sees when a credit history cannot be brought up to date.
func loadError(err error) error { return apperr.Wrap(apperr.Conflict, err, MessageLoadFailed) }

// History returns the most recent credit requests of a contact (at most HistoryLimit), newest
// first, asking the bureau about pending ones. A contact id below 1 returns none and reads
// nothing. A contact the principal may not view is a NotFound error; a bureau that cannot be
// asked is a Conflict error with MessageLoadFailed, and a pending request of a store that no
// longer has a bureau Bureaus' error.
func (s *Service) History(ctx context.Context, p auth.Principal, contactID int64) ([]Request, error) {
	if contactID < 1 {
		return []Request{}, nil
	}
	if _, err := s.applicant(ctx, p, contactID); err != nil {
		return nil, err
	}
	list, err := s.repo.list(ctx, p.Tenant, contactID)
	if err != nil {
		return nil, err
	}
	out := make([]Request, 0, len(list))
	for _, v := range list {
		r, err := s.refresh(ctx, p, v)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// Status returns the request id of the applicant, or, when id is "", the latest request at each
// bureau, after asking the bureau about pending ones; with the errors of History. A request of
// another contact is a NotFound error.
func (s *Service) Status(ctx context.Context, p auth.Principal, applicantContactID int64, id string) ([]Request, error) {
	if applicantContactID < 1 {
		return []Request{}, nil
	}
	if _, err := s.applicant(ctx, p, applicantContactID); err != nil {
		return nil, err
	}
	if id != "" {
		r, v, err := s.repo.get(ctx, p.Tenant, applicantContactID, id)
		if err != nil {
			return nil, err
		}
		r, err = s.refresh(ctx, p, versioned{Request: r, version: v})
		if err != nil {
			return nil, err
		}
		return []Request{r}, nil
	}
	list, err := s.repo.list(ctx, p.Tenant, applicantContactID)
	if err != nil {
		return nil, err
	}
	out := []Request{}
	var seen []Agency
	for _, v := range list {
		if slices.Contains(seen, v.Bureau) {
			continue
		}
		seen = append(seen, v.Bureau)
		r, err := s.refresh(ctx, p, v)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// refresh brings a pending request up to date: it asks the bureau about one with a reference
// and marks an interrupted one failed, recording the change. A concurrent change wins: the
// stored request is returned instead.
func (s *Service) refresh(ctx context.Context, p auth.Principal, v versioned) (Request, error) {
	now := s.now()
	r := v.Request
	switch {
	case r.Status != StatusPending:
		return r, nil
	case interrupted(r, now):
		r = apply(r, Report{}, &BureauError{Code: CodeInterrupted, Message: "The inquiry was interrupted."}, now)
	case r.Reference != "":
		bureau, err := s.bureaus.Bureau(ctx, p.Tenant, r.AccountPlatformID)
		if err != nil {
			return Request{}, err
		}
		report, err := bureau.Status(ctx, r.Bureau, r.Reference)
		var be *BureauError
		if err != nil && (!errors.As(err, &be) || be.Retryable) {
			return Request{}, loadError(err)
		}
		r = apply(r, report, err, now)
		if r.Status == StatusPending {
			return r, nil
		}
	default:
		return r, nil
	}
	_, err := s.repo.update(context.WithoutCancel(ctx), p.Tenant, r, v.version, p.ActorUserID)
	if apperr.CodeOf(err) == apperr.Conflict {
		current, _, err := s.repo.get(ctx, p.Tenant, r.ContactID, r.CreditRequestID)
		return current, err
	}
	if err != nil {
		return Request{}, fmt.Errorf("record credit request %s: %w", r.CreditRequestID, err)
	}
	return r, nil
}
