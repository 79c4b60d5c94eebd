// Package audit records what is done under impersonation: every write made with a token that
// carries a real actor (RFC 8693 act), and the start and end of each impersonation, each entry
// naming both identities. One middleware records the writes; the local gateway and the Lambda
// entry both put it in front of every area. It also records every reveal of a customer's
// sensitive field (who, which customer, which field), impersonated or not.
//
// Access patterns:
//
//	pattern                          index  key condition
//	entries of a dealer group        table  PK = A#{acct}#AUDIT, SK = {time, UTC, fixed width}#{request id}#{event}
//	newest first                     table  PK = A#{acct}#AUDIT, descending
package audit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/store"
)

// The events an entry records.
const (
	// EventWrite is a write (any method but GET and HEAD) made under impersonation.
	EventWrite = "Write"
	// EventImpersonationStarted is an actor starting to impersonate a user.
	EventImpersonationStarted = "ImpersonationStarted"
	// EventImpersonationEnded is an actor ending an impersonation.
	EventImpersonationEnded = "ImpersonationEnded"
	// EventSensitiveRevealed is a user reading the whole value of a customer's sensitive field
	// (ContactID and Field name it). Without impersonation the actor is the user.
	EventSensitiveRevealed = "SensitiveRevealed"
)

// Entry is one audited action.
type Entry struct {
	Event     string
	AccountID int64
	// ActorUserID and ActorSubject are the real actor's; SubjectUserID and Subject the
	// impersonated user's.
	ActorUserID   string
	ActorSubject  string
	SubjectUserID string
	Subject       string
	Method        string
	Path          string
	Status        int
	At            time.Time
	RequestID     string
	// ContactID and Field name the customer and the field of a reveal; zero otherwise.
	ContactID int64
	Field     string
}

// Log reads and writes audit entries.
type Log struct {
	s *store.Store
}

// NewLog returns the audit log over s.
func NewLog(s *store.Store) *Log { return &Log{s: s} }

// sortTime formats times with a fixed width, so sort keys order as times do.
const sortTime = "2006-01-02T15:04:05.000000000Z"

// Record writes e in its account's log. An entry without a request id gets a random one.
func (l *Log) Record(ctx context.Context, e Entry) error {
	t, err := account.Tenant(e.AccountID)
	if err != nil {
		return err
	}
	if e.RequestID == "" {
		b := make([]byte, 8)
		rand.Read(b)
		e.RequestID = hex.EncodeToString(b)
	}
	e.At = e.At.UTC()
	k, err := t.Key(e.At.Format(sortTime)+"#"+e.RequestID+"#"+e.Event, "AUDIT")
	if err != nil {
		return err
	}
	if err := l.s.Create(ctx, store.Record{Key: k, Type: "AuditEntry", Value: e}); err != nil {
		return fmt.Errorf("record audit entry: %w", err)
	}
	return nil
}

// List returns up to size entries of tenant t, newest first, from cursor ("" for the newest),
// and the cursor of the next page ("" on the last page). A cursor of another list is an
// Invalid error.
func (l *Log) List(ctx context.Context, t store.Tenant, size int, cursor string) ([]Entry, string, error) {
	part, err := t.Partition("AUDIT")
	if err != nil {
		return nil, "", err
	}
	page, err := l.s.Query(ctx, store.Query{Partition: part, Limit: size, Descending: true, Cursor: cursor})
	if err != nil {
		return nil, "", err
	}
	entries := []Entry{}
	if err := page.Decode(&entries); err != nil {
		return nil, "", err
	}
	return entries, page.Next, nil
}

// Identities resolves sign-in subjects to users; *user.Repo implements it.
type Identities interface {
	// Identify returns the account and user id of subject, or an error (NotFound for a
	// subject without a user).
	Identify(ctx context.Context, subject string) (accountID int64, userID string, err error)
}

// pending is the entry the middleware will write for the current request.
type pending struct {
	event string
}

type pendingKey struct{}

// SetEvent names the event of the request's entry (EventWrite unless set), for handlers whose
// request is itself an audited event, such as ending an impersonation. It reports false when
// the request is not being audited (no middleware, or no actor).
func SetEvent(ctx context.Context, event string) bool {
	p, ok := ctx.Value(pendingKey{}).(*pending)
	if ok {
		p.event = event
	}
	return ok
}

// Middleware records every request but GET and HEAD whose verified claims carry an actor, after
// the handler has answered it, with the response's status. requestID names the request as the
// logs do. A failure to record is logged; the response is already written.
func Middleware(l *Log, ids Identities, requestID func(*http.Request) string, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			claims, ok := auth.ClaimsFrom(r.Context())
			if !ok || claims.ActorSubject == "" || r.Method == http.MethodGet || r.Method == http.MethodHead {
				next.ServeHTTP(w, r)
				return
			}
			at := l.s.Now()
			p := &pending{event: EventWrite}
			rec := &statusRecorder{ResponseWriter: w}
			next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), pendingKey{}, p)))
			e := Entry{
				Event: p.event, ActorSubject: claims.ActorSubject, Subject: claims.Subject,
				Method: r.Method, Path: r.URL.Path, Status: rec.status, At: at, RequestID: requestID(r),
			}
			if e.Status == 0 {
				e.Status = http.StatusOK
			}
			// The record must not depend on the request's context, which ends with the response.
			ctx := context.WithoutCancel(r.Context())
			if err := record(ctx, l, ids, e); err != nil {
				log.ErrorContext(ctx, "audit record failed", "err", err, "actor", e.ActorSubject, "subject", e.Subject,
					"method", e.Method, "path", e.Path, "status", e.Status, "request_id", e.RequestID)
			}
		})
	}
}

func record(ctx context.Context, l *Log, ids Identities, e Entry) error {
	acct, subjectUser, err := ids.Identify(ctx, e.Subject)
	if err != nil {
		return fmt.Errorf("identify subject: %w", err)
	}
	actorAcct, actorUser, err := ids.Identify(ctx, e.ActorSubject)
	if err != nil {
		return fmt.Errorf("identify actor: %w", err)
	}
	if actorAcct != acct {
		return fmt.Errorf("actor of account %d impersonates a user of account %d", actorAcct, acct)
	}
	e.AccountID, e.SubjectUserID, e.ActorUserID = acct, subjectUser, actorUser
	return l.Record(ctx, e)
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }
