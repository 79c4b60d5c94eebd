package credit_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/provider/bureau/sandbox"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// fakeBureau is a Bureau of function fields.
type fakeBureau struct {
	PullFunc   func(context.Context, credit.Inquiry) (credit.Report, error)
	StatusFunc func(context.Context, credit.Agency, string) (credit.Report, error)
}

var _ credit.Bureau = (*fakeBureau)(nil)

func (f *fakeBureau) Pull(ctx context.Context, in credit.Inquiry) (credit.Report, error) {
	return f.PullFunc(ctx, in)
}

func (f *fakeBureau) Status(ctx context.Context, a credit.Agency, ref string) (credit.Report, error) {
	return f.StatusFunc(ctx, a, ref)
}

// counting returns a bureau that answers as the sandbox does and counts the pulls.
func counting(pulls *atomic.Int64) *fakeBureau {
	sb := sandbox.New(sandbox.Config{})
	return &fakeBureau{
		PullFunc: func(ctx context.Context, in credit.Inquiry) (credit.Report, error) {
			pulls.Add(1)
			return sb.Pull(ctx, in)
		},
		StatusFunc: sb.Status,
	}
}

// applicantsFunc is an Applicants of one function.
type applicantsFunc func(context.Context, store.Tenant, int64) (credit.Applicant, error)

func (f applicantsFunc) Applicant(ctx context.Context, t store.Tenant, id int64) (credit.Applicant, error) {
	return f(ctx, t, id)
}

var _ credit.Applicants = applicantsFunc(nil)

// The applicants of the tests, by contact id.
const (
	dana     = 11 // a complete applicant at store 2001
	nohit    = 12 // "Nohit"
	outage   = 13 // "Outage"
	pending  = 14 // "Pending"
	noIdent  = 15 // neither SSN nor date of birth
	canadian = 21 // at store 2003, which the principal may not view
)

func people() map[int64]credit.Applicant {
	base := credit.Applicant{
		AccountPlatformID: 2001, FirstName: "Dana", LastName: "Whitfield",
		Address: credit.Address{Line1: "1200 SW Main St", City: "Portland", State: "OR", Zip: "97205"},
		SSN:     "512-44-7781", BirthDate: credit.Date{Year: 1984, Month: 6, Day: 12},
	}
	with := func(id int64, f func(*credit.Applicant)) credit.Applicant {
		a := base
		a.ContactID = id
		f(&a)
		return a
	}
	m := map[int64]credit.Applicant{
		dana:     with(dana, func(*credit.Applicant) {}),
		nohit:    with(nohit, func(a *credit.Applicant) { a.LastName = "Nohit" }),
		outage:   with(outage, func(a *credit.Applicant) { a.LastName = "Outage" }),
		pending:  with(pending, func(a *credit.Applicant) { a.LastName = "Pending" }),
		noIdent:  with(noIdent, func(a *credit.Applicant) { a.SSN = ""; a.BirthDate = credit.Date{} }),
		canadian: with(canadian, func(a *credit.Applicant) { a.AccountPlatformID = 2003 }),
	}
	return m
}

func directory(t *testing.T) credit.Applicants {
	m := people()
	return applicantsFunc(func(_ context.Context, _ store.Tenant, id int64) (credit.Applicant, error) {
		if id < 1 {
			t.Errorf("applicant %d read for a contact id below 1", id)
		}
		a, ok := m[id]
		if !ok {
			return credit.Applicant{}, apperr.Errorf(apperr.NotFound, "no contact %d", id)
		}
		return a, nil
	})
}

func principal(t *testing.T) auth.Principal {
	t.Helper()
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	return auth.Principal{Tenant: tn, AccountID: 1001, UserID: "100001", ViewStores: []int64{2001, 2002}}
}

// clock is a settable clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

func newClock() *clock { return &clock{t: time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC)} }

func ids(rs []credit.Request) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.CreditRequestID)
	}
	slices.Sort(out)
	return out
}

func TestSkippedBelowOne(t *testing.T) {
	t.Parallel()
	var pulls atomic.Int64
	svc := credit.NewService(dynamotest.Store(t), credit.One(counting(&pulls)), directory(t), nil, nil)
	p := principal(t)
	ctx := context.Background()
	for _, id := range []int64{0, -1, -250} {
		for name, call := range map[string]func() ([]credit.Request, error){
			"history": func() ([]credit.Request, error) { return svc.History(ctx, p, id) },
			"base": func() ([]credit.Request, error) {
				return svc.Request(ctx, p, credit.Order{ApplicantContactID: id, Product: credit.BaseRequest})
			},
			"prescreen": func() ([]credit.Request, error) {
				return svc.Request(ctx, p, credit.Order{ApplicantContactID: id, Product: credit.PreScreen})
			},
			"status": func() ([]credit.Request, error) { return svc.Status(ctx, p, id, "") },
		} {
			got, err := call()
			if err != nil || got == nil || len(got) != 0 {
				t.Errorf("%s of contact %d = %v, %v; want an empty list", name, id, got, err)
			}
		}
	}
	if n := pulls.Load(); n != 0 {
		t.Errorf("%d bureau calls, want none", n)
	}
}

func TestRequestAndHistory(t *testing.T) {
	t.Parallel()
	var pulls atomic.Int64
	events := eventbus.NewMemory()
	var published atomic.Int64
	events.Subscribe(credit.EventCompleted, func(context.Context, eventbus.Event) error { published.Add(1); return nil })
	c := newClock()
	st := dynamotest.Store(t)
	outbox := dynamotest.NewOutbox(t, st, events)
	svc := credit.NewService(st, credit.One(counting(&pulls)), directory(t), events, nil, credit.WithClock(c.now))
	p := principal(t)
	ctx := context.Background()

	got, err := svc.Request(ctx, p, credit.Order{ApplicantContactID: dana, Product: credit.BaseRequest})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("base request made %d requests, want one per bureau", len(got))
	}
	seed := sandbox.Seed(people()[dana])
	for i, r := range got {
		if r.Bureau != credit.Agencies()[i] || r.Status != credit.StatusCompleted || r.Score != sandbox.Score(seed, r.Bureau) ||
			r.ApplicantContactID != dana || r.ContactID != dana || r.AccountPlatformID != 2001 || r.SSNLast4 != "7781" ||
			r.RequestedBy != "100001" || r.Provider != credit.Provider || r.Product != credit.BaseRequest || r.Attempts != 1 {
			t.Errorf("request %d = %+v", i, r)
		}
	}
	outbox.Flush(t)
	if published.Load() != 3 {
		t.Errorf("%d completion events, want 3", published.Load())
	}

	c.add(time.Minute)
	pre, err := svc.Request(ctx, p, credit.Order{ApplicantContactID: dana, Product: credit.PreScreen, Agencies: []credit.Agency{credit.Equifax, credit.Equifax}})
	if err != nil {
		t.Fatal(err)
	}
	if len(pre) != 1 || pre[0].Bureau != credit.Equifax || pre[0].ScoreModel != sandbox.ModelPreScreen || pre[0].SSNLast4 != "" {
		t.Errorf("pre-screen = %+v, want one Equifax pre-screen made without the SSN", pre)
	}

	history, err := svc.History(ctx, p, dana)
	if err != nil {
		t.Fatal(err)
	}
	if len(history) != 4 || history[0].CreditRequestID != pre[0].CreditRequestID {
		t.Errorf("history = %+v, want the pre-screen first, then the three base requests", history)
	}
	if diff := slices.Compare(ids(history[1:]), ids(got)); diff != 0 {
		t.Errorf("history's base requests %v, want %v", ids(history[1:]), ids(got))
	}

	status, err := svc.Status(ctx, p, dana, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(status) != 3 || status[0].CreditRequestID != pre[0].CreditRequestID {
		t.Errorf("status = %+v, want the latest request at each of the three bureaus, the Equifax pre-screen first", status)
	}
	one, err := svc.Status(ctx, p, dana, got[1].CreditRequestID)
	if err != nil || len(one) != 1 || one[0] != got[1] {
		t.Errorf("status of one request = %+v, %v; want %+v", one, err, got[1])
	}
	if _, err := svc.Status(ctx, p, nohit, got[1].CreditRequestID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("status of a request of another contact: %v, want NotFound", err)
	}
	if _, err := svc.Request(ctx, p, credit.Order{ApplicantContactID: dana, Product: "HardPull"}); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("unknown product: %v, want Invalid", err)
	}
	if _, err := svc.Request(ctx, p, credit.Order{ApplicantContactID: dana, Product: credit.BaseRequest, Agencies: []credit.Agency{"Innovis"}}); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("unknown bureau: %v, want Invalid", err)
	}
}

func TestIdempotency(t *testing.T) {
	t.Parallel()
	var pulls atomic.Int64
	c := newClock()
	svc := credit.NewService(dynamotest.Store(t), credit.One(counting(&pulls)), directory(t), nil, nil, credit.WithClock(c.now))
	p := principal(t)
	ctx := context.Background()
	order := credit.Order{ApplicantContactID: dana, Product: credit.BaseRequest, Agencies: []credit.Agency{credit.Experian}}

	first, err := svc.Request(ctx, p, order)
	if err != nil {
		t.Fatal(err)
	}
	c.add(3 * time.Hour)
	again, err := svc.Request(ctx, p, order)
	if err != nil {
		t.Fatal(err)
	}
	if again[0] != first[0] || pulls.Load() != 1 {
		t.Errorf("a second request the same day = %+v after %d pulls, want the first request after 1 pull", again[0], pulls.Load())
	}
	pre, err := svc.Request(ctx, p, credit.Order{ApplicantContactID: dana, Product: credit.PreScreen, Agencies: []credit.Agency{credit.Experian}})
	if err != nil || pre[0].CreditRequestID == first[0].CreditRequestID || pulls.Load() != 2 {
		t.Errorf("a pre-screen after a base request = %+v, %v after %d pulls; want a new request", pre, err, pulls.Load())
	}
	c.add(24 * time.Hour)
	next, err := svc.Request(ctx, p, order)
	if err != nil || next[0].CreditRequestID == first[0].CreditRequestID || pulls.Load() != 3 {
		t.Errorf("a request the next day = %+v, %v after %d pulls; want a new request", next, err, pulls.Load())
	}

	// Concurrent retries of one client request: one pull per bureau.
	pulls.Store(0)
	withID := credit.Order{ApplicantContactID: dana, Product: credit.BaseRequest, ClientRequestID: "desk-7f3a"}
	var wg sync.WaitGroup
	results := make([][]credit.Request, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := svc.Request(ctx, p, withID)
			if err != nil {
				t.Errorf("concurrent request %d: %v", i, err)
			}
			results[i] = r
		}()
	}
	wg.Wait()
	if n := pulls.Load(); n != 3 {
		t.Errorf("8 concurrent requests with one client request id made %d pulls, want 3", n)
	}
	for i := range results {
		if slices.Compare(ids(results[i]), ids(results[0])) != 0 {
			t.Errorf("concurrent request %d returned %v, request 0 %v", i, ids(results[i]), ids(results[0]))
		}
	}
	history, err := svc.History(ctx, p, dana)
	if err != nil {
		t.Fatal(err)
	}
	if len(history) != 6 {
		t.Errorf("history has %d requests, want 6 (1 + 1 + 1 + 3)", len(history))
	}
}

func TestBureauFailures(t *testing.T) {
	t.Parallel()
	var pulls atomic.Int64
	c := newClock()
	svc := credit.NewService(dynamotest.Store(t), credit.One(counting(&pulls)), directory(t), nil, nil, credit.WithClock(c.now))
	p := principal(t)
	ctx := context.Background()
	one := func(id int64) credit.Order {
		return credit.Order{ApplicantContactID: id, Product: credit.BaseRequest, Agencies: []credit.Agency{credit.TransUnion}}
	}

	t.Run("outage", func(t *testing.T) {
		_, err := svc.Request(ctx, p, one(outage))
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.Conflict || e.Message != credit.MessageRequestFailed || credit.CodeOf(err) != credit.CodeServiceUnavailable {
			t.Fatalf("request during an outage: %v, want a Conflict with the bureau's code in its cause", err)
		}
		h, err := svc.History(ctx, p, outage)
		if err != nil || len(h) != 1 || h[0].Status != credit.StatusFailed || h[0].ErrorCode != credit.CodeServiceUnavailable {
			t.Errorf("history after an outage = %+v, %v; want one failed request", h, err)
		}
	})

	t.Run("no file", func(t *testing.T) {
		got, err := svc.Request(ctx, p, one(nohit))
		if err != nil || len(got) != 1 || got[0].Status != credit.StatusNoHit || got[0].Score != 0 || got[0].ErrorCode != credit.CodeNoHit {
			t.Errorf("request without a file = %+v, %v; want a no-hit request", got, err)
		}
		before := pulls.Load()
		again, err := svc.Request(ctx, p, one(nohit))
		if err != nil || again[0].CreditRequestID != got[0].CreditRequestID || pulls.Load() != before {
			t.Errorf("a no-hit is an answer: a retry = %+v, %v must not pull again", again, err)
		}
	})

	t.Run("invalid applicant", func(t *testing.T) {
		_, err := svc.Request(ctx, p, one(noIdent))
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.Invalid || e.Fields["ssn"] == "" || credit.CodeOf(err) != credit.CodeMissingSSNOrDOB {
			t.Fatalf("request without SSN or date of birth: %v, want Invalid naming ssn", err)
		}
		if _, err := svc.Request(ctx, p, credit.Order{ApplicantContactID: noIdent, Product: credit.PreScreen}); err != nil {
			t.Errorf("a pre-screen needs no SSN or date of birth: %v", err)
		}
	})

	t.Run("permission", func(t *testing.T) {
		for _, id := range []int64{canadian, 999} {
			if _, err := svc.History(ctx, p, id); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("history of contact %d: %v, want NotFound", id, err)
			}
			if _, err := svc.Request(ctx, p, one(id)); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("request about contact %d: %v, want NotFound", id, err)
			}
		}
	})
}

func TestRetryAfterFailureHasOneEffect(t *testing.T) {
	t.Parallel()
	sb := sandbox.New(sandbox.Config{})
	var down atomic.Bool
	var pulls atomic.Int64
	down.Store(true)
	b := &fakeBureau{
		PullFunc: func(ctx context.Context, in credit.Inquiry) (credit.Report, error) {
			if down.Load() {
				return credit.Report{}, &credit.BureauError{Code: credit.CodeServiceUnavailable, Message: "down", Retryable: true}
			}
			pulls.Add(1)
			return sb.Pull(ctx, in)
		},
		StatusFunc: sb.Status,
	}
	svc := credit.NewService(dynamotest.Store(t), credit.One(b), directory(t), nil, nil)
	p := principal(t)
	ctx := context.Background()
	order := credit.Order{ApplicantContactID: dana, Product: credit.BaseRequest, ClientRequestID: "r-1"}
	if _, err := svc.Request(ctx, p, order); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("request while down: %v, want Conflict", err)
	}
	down.Store(false)
	got, err := svc.Request(ctx, p, order)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range got {
		if r.Status != credit.StatusCompleted || r.Attempts != 2 {
			t.Errorf("retried request = %+v, want completed at the second attempt", r)
		}
	}
	again, err := svc.Request(ctx, p, order)
	if err != nil || slices.Compare(ids(again), ids(got)) != 0 || pulls.Load() != 3 {
		t.Errorf("a third call = %v, %v after %d pulls; want the same requests after 3 pulls", ids(again), err, pulls.Load())
	}
	h, err := svc.History(ctx, p, dana)
	if err != nil || len(h) != 3 {
		t.Errorf("history = %d requests, %v; want 3", len(h), err)
	}
}

func TestPendingRequests(t *testing.T) {
	t.Parallel()
	sb := sandbox.New(sandbox.Config{})
	var statusDown, noAnswer atomic.Bool
	b := &fakeBureau{
		PullFunc: func(ctx context.Context, in credit.Inquiry) (credit.Report, error) {
			if noAnswer.Load() {
				return credit.Report{Status: credit.StatusPending}, nil
			}
			return sb.Pull(ctx, in)
		},
		StatusFunc: func(ctx context.Context, a credit.Agency, ref string) (credit.Report, error) {
			if statusDown.Load() {
				return credit.Report{}, &credit.BureauError{Code: credit.CodeServiceUnavailable, Message: "down", Retryable: true}
			}
			return sb.Status(ctx, a, ref)
		},
	}
	c := newClock()
	svc := credit.NewService(dynamotest.Store(t), credit.One(b), directory(t), nil, nil, credit.WithClock(c.now))
	p := principal(t)
	ctx := context.Background()

	got, err := svc.Request(ctx, p, credit.Order{ApplicantContactID: pending, Product: credit.BaseRequest, Agencies: []credit.Agency{credit.Experian}})
	if err != nil || got[0].Status != credit.StatusPending || got[0].Reference == "" {
		t.Fatalf("request of a pending applicant = %+v, %v; want pending with a reference", got, err)
	}

	statusDown.Store(true)
	_, err = svc.History(ctx, p, pending)
	if e, ok := apperr.As(err); !ok || e.Message != credit.MessageLoadFailed || credit.CodeOf(err) != credit.CodeServiceUnavailable {
		t.Fatalf("history while the bureau is down: %v, want the spec's message with the bureau's code in the cause", err)
	}
	statusDown.Store(false)
	h, err := svc.History(ctx, p, pending)
	if err != nil || h[0].Status != credit.StatusCompleted || h[0].Score != sandbox.Score(sandbox.Seed(people()[pending]), credit.Experian) {
		t.Fatalf("history when the bureau answers = %+v, %v; want the completed request", h, err)
	}
	stored, err := svc.Status(ctx, p, pending, got[0].CreditRequestID)
	if err != nil || stored[0].Status != credit.StatusCompleted {
		t.Errorf("the completed answer was not kept: %+v, %v", stored, err)
	}

	// An attempt that never got its answer counts as interrupted after StaleAfter, and a retry
	// attempts it again.
	noAnswer.Store(true)
	order := credit.Order{ApplicantContactID: dana, Product: credit.PreScreen, Agencies: []credit.Agency{credit.Equifax}}
	stuck, err := svc.Request(ctx, p, order)
	if err != nil || stuck[0].Status != credit.StatusPending {
		t.Fatalf("request without an answer = %+v, %v", stuck, err)
	}
	noAnswer.Store(false)
	if again, err := svc.Request(ctx, p, order); err != nil || again[0].Status != credit.StatusPending || again[0].Attempts != 1 {
		t.Errorf("a retry while the attempt may still run = %+v, %v; want it untouched", again, err)
	}
	c.add(credit.StaleAfter + time.Second)
	h, err = svc.History(ctx, p, dana)
	if err != nil || h[0].Status != credit.StatusFailed || h[0].ErrorCode != credit.CodeInterrupted {
		t.Fatalf("history after the attempt went stale = %+v, %v; want it failed as interrupted", h, err)
	}
	done, err := svc.Request(ctx, p, order)
	if err != nil || done[0].CreditRequestID != stuck[0].CreditRequestID || done[0].Status != credit.StatusCompleted || done[0].Attempts != 2 {
		t.Errorf("retry of the interrupted request = %+v, %v; want it completed at the second attempt", done, err)
	}
}

func TestCancelledCallerStillRecordsTheOutcome(t *testing.T) {
	t.Parallel()
	b := &fakeBureau{
		PullFunc: func(ctx context.Context, in credit.Inquiry) (credit.Report, error) {
			return credit.Report{}, context.Canceled
		},
		StatusFunc: func(context.Context, credit.Agency, string) (credit.Report, error) {
			return credit.Report{}, errors.New("unused")
		},
	}
	svc := credit.NewService(dynamotest.Store(t), credit.One(b), directory(t), nil, nil)
	p := principal(t)
	_, err := svc.Request(context.Background(), p, credit.Order{ApplicantContactID: dana, Product: credit.BaseRequest, Agencies: []credit.Agency{credit.Experian}})
	if apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("request the caller abandoned: %v, want Conflict", err)
	}
	h, err := svc.History(context.Background(), p, dana)
	if err != nil || len(h) != 1 || h[0].ErrorCode != credit.CodeInterrupted {
		t.Errorf("history = %+v, %v; want the interrupted attempt recorded", h, err)
	}
}
