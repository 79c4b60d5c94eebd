package merge

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// EventMerged is the type of the event published when two contacts were merged. Its detail is
// a Merged value.
const EventMerged = "ContactsMerged"

// Actor is who merges: the signed-in user and, under impersonation, the real actor.
type Actor struct {
	UserID      string
	ActorUserID string
}

// Contacts reads and writes the contacts a merge is about. The contacts area owns contacts and
// implements it.
type Contacts interface {
	// Load returns the merge view of contact id of tenant t with the version it was read at. A
	// contact that does not exist, or was merged into another, is an apperr NotFound error.
	Load(ctx context.Context, t store.Tenant, id int64) (Contact, error)
	// Merge writes m in one transaction together with ops: m.Survivor over the survivor (at
	// m.Survivor.Version) with the merged contact's lists, m.Merged retired and pointing at the
	// survivor (at m.Merged.Version), and the change-log entry of m.Changes by by. Records keyed
	// under the merged contact (activity, notes, tasks, leads) are not rewritten: the survivor
	// lists the merged contact among its MergedContactIDs, and readers read all its owners. Either contact at another version is an apperr Conflict error, and so is any failed
	// condition of ops; nothing is written then.
	Merge(ctx context.Context, t store.Tenant, m Merge, by Actor, ops ...store.Op) error
}

// Merged is the detail of EventMerged.
type Merged struct {
	SessionID         string `json:"sessionId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	SurvivorContactID int64  `json:"survivorContactId"`
	MergedContactID   int64  `json:"mergedContactId"`
	UserID            string `json:"userId"`
}

// maxAttempts bounds the re-reads of a session another request changed meanwhile.
const maxAttempts = 8

// Service keeps merge sessions and merges contacts.
type Service struct {
	repo     repo
	contacts Contacts
	log      *slog.Logger
	now      func() time.Time
}

// Option changes a Service.
type Option func(*Service)

// WithClock makes the service read the time from now.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// NewService returns a service storing sessions in st, reading and writing contacts through
// contacts. A merge's event is written to the outbox in the merge's own transaction; the
// publisher is not used (the relay publishes) and is kept so that existing callers build.
func NewService(st *store.Store, contacts Contacts, _ eventbus.Publisher, log *slog.Logger, opts ...Option) *Service {
	if log == nil {
		log = slog.Default()
	}
	s := &Service{repo: repo{s: st}, contacts: contacts, log: log, now: st.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Current returns the principal's session. No session is a NotFound error with
// MessageNoSession: the web app then creates one.
func (s *Service) Current(ctx context.Context, p auth.Principal) (Session, error) {
	sess, _, err := s.repo.get(ctx, p.Tenant, p.UserID)
	return sess, err
}

// Add adds contact contactID of store to the principal's session, creating the session when
// the principal has none. The contact must exist at store and the principal must be able to
// view store (NotFound otherwise). The session's rules are those of Session.Add; concurrent
// adds are serialised by the session's version, so a session never holds more than two
// contacts.
func (s *Service) Add(ctx context.Context, p auth.Principal, store, contactID int64) (Session, error) {
	if !p.CanView(store) {
		return Session{}, apperr.Errorf(apperr.NotFound, "The store %d does not exist.", store)
	}
	if err := s.checkContact(ctx, p, store, contactID); err != nil {
		return Session{}, err
	}
	for range maxAttempts {
		now := s.now()
		cur, version, err := s.repo.get(ctx, p.Tenant, p.UserID)
		if apperr.CodeOf(err) == apperr.NotFound {
			sess := Start(p.UserID, store, contactID, now)
			err := s.repo.create(ctx, p.Tenant, sess)
			if apperr.CodeOf(err) == apperr.Conflict {
				continue // created meanwhile: apply the rules to it
			}
			return sess, err
		}
		if err != nil {
			return Session{}, err
		}
		next, err := cur.Add(store, contactID, now)
		if err != nil {
			return Session{}, err
		}
		err = s.repo.update(ctx, p.Tenant, next, version)
		if apperr.CodeOf(err) == apperr.Conflict {
			continue
		}
		return next, err
	}
	return Session{}, busy()
}

// Remove removes contactID from the principal's session and returns what is left. A session
// left without contacts is deleted. No session, or a contact the session does not hold, is a
// NotFound error.
func (s *Service) Remove(ctx context.Context, p auth.Principal, contactID int64) (Session, error) {
	for range maxAttempts {
		cur, version, err := s.repo.get(ctx, p.Tenant, p.UserID)
		if err != nil {
			return Session{}, err
		}
		next, err := cur.Remove(contactID, s.now())
		if err != nil {
			return Session{}, err
		}
		if len(next.Contacts) == 0 {
			err = s.repo.delete(ctx, p.Tenant, p.UserID, version)
		} else {
			err = s.repo.update(ctx, p.Tenant, next, version)
		}
		if apperr.CodeOf(err) == apperr.Conflict {
			continue
		}
		return next, err
	}
	return Session{}, busy()
}

// Delete deletes the principal's session, whichever store it is at: a user has one session,
// and deleting it is how the web app replaces a session of another store. No session is a
// NotFound error, which the web app counts as deleted.
func (s *Service) Delete(ctx context.Context, p auth.Principal) error {
	for range maxAttempts {
		_, version, err := s.repo.get(ctx, p.Tenant, p.UserID)
		if err != nil {
			return err
		}
		err = s.repo.delete(ctx, p.Tenant, p.UserID, version)
		if apperr.CodeOf(err) == apperr.Conflict {
			continue
		}
		return err
	}
	return busy()
}

// Simulate returns the merge of the principal's session's two contacts into survivor (0 for
// the contact added first) without writing anything. The errors are those of Session.Pair, a
// NotFound error when there is no session or a contact no longer exists at the session's store.
func (s *Service) Simulate(ctx context.Context, p auth.Principal, survivor int64) (Merge, error) {
	_, m, _, err := s.plan(ctx, p, survivor)
	return m, err
}

// Execute merges the principal's session's two contacts into survivor (0 for the contact added
// first) and ends the session, in one transaction, and returns the merge. The errors are those
// of Simulate, and a Conflict error when a contact or the session changed meanwhile.
func (s *Service) Execute(ctx context.Context, p auth.Principal, survivor int64) (Merge, error) {
	sess, m, version, err := s.plan(ctx, p, survivor)
	if err != nil {
		return Merge{}, err
	}
	end, err := s.repo.deleteOp(p.Tenant, p.UserID, version)
	if err != nil {
		return Merge{}, err
	}
	detail, err := json.Marshal(Merged{
		SessionID: sess.ID, AccountPlatformID: sess.AccountPlatformID, SurvivorContactID: m.Survivor.ContactID,
		MergedContactID: m.Merged.ContactID, UserID: p.UserID,
	})
	if err != nil {
		return Merge{}, fmt.Errorf("marshal merge event: %w", err)
	}
	announce, err := eventbus.OutboxOp(p.Tenant, eventbus.Event{ID: "merge-" + sess.ID, Type: EventMerged, Account: p.Tenant.Account(), Time: s.now().UTC(), Detail: detail})
	if err != nil {
		return Merge{}, err
	}
	err = s.contacts.Merge(ctx, p.Tenant, m, Actor{UserID: p.UserID, ActorUserID: p.ActorUserID}, end, announce)
	if apperr.CodeOf(err) == apperr.Conflict {
		return Merge{}, apperr.Wrap(apperr.Conflict, err, "The customers or the merge session changed meanwhile. Simulate the merge again.")
	}
	if err != nil {
		return Merge{}, fmt.Errorf("merge contacts %d and %d: %w", m.Survivor.ContactID, m.Merged.ContactID, err)
	}
	return m, nil
}

// plan loads the principal's session and its contacts and plans their merge.
func (s *Service) plan(ctx context.Context, p auth.Principal, survivor int64) (Session, Merge, int64, error) {
	sess, version, err := s.repo.get(ctx, p.Tenant, p.UserID)
	if err != nil {
		return Session{}, Merge{}, 0, err
	}
	if !p.CanView(sess.AccountPlatformID) {
		return Session{}, Merge{}, 0, apperr.Errorf(apperr.NotFound, "The store %d does not exist.", sess.AccountPlatformID)
	}
	keep, drop, err := sess.Pair(survivor)
	if err != nil {
		return Session{}, Merge{}, 0, err
	}
	a, err := s.load(ctx, p, sess.AccountPlatformID, keep)
	if err != nil {
		return Session{}, Merge{}, 0, err
	}
	b, err := s.load(ctx, p, sess.AccountPlatformID, drop)
	if err != nil {
		return Session{}, Merge{}, 0, err
	}
	return sess, Plan(a, b), version, nil
}

// checkContact checks that contactID exists at store.
func (s *Service) checkContact(ctx context.Context, p auth.Principal, store, contactID int64) error {
	_, err := s.load(ctx, p, store, contactID)
	return err
}

// load returns contact id, which must exist at store.
func (s *Service) load(ctx context.Context, p auth.Principal, store, id int64) (Contact, error) {
	if s.contacts == nil {
		return Contact{}, apperr.Errorf(apperr.NotFound, MessageNoContact)
	}
	c, err := s.contacts.Load(ctx, p.Tenant, id)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Contact{}, apperr.Wrap(apperr.NotFound, err, MessageNoContact)
	}
	if err != nil {
		return Contact{}, fmt.Errorf("load contact %d: %w", id, err)
	}
	if c.AccountPlatformID != store {
		return Contact{}, apperr.Errorf(apperr.NotFound, MessageNoContact)
	}
	return c, nil
}

func busy() error {
	return apperr.Errorf(apperr.Conflict, "The merge session is being changed by another request. Try again.")
}
