package merge

import (
	"context"
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/domain/user"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Storage of sessions: one item per user, beside the user's profile and settings, written
// with its version so concurrent changes never overwrite each other.
//
//	pattern             index  key condition
//	a user's session    table  PK = A#{acct}#USER#{user}, SK = MERGESESSION
const typeSession = "MergeSession"

// SessionRetention is how long an untouched session is kept before it expires.
const SessionRetention = 30 * 24 * time.Hour

// sessionItem is a Session as stored.
type sessionItem struct {
	ID                string
	UserID            string
	AccountPlatformID int64
	Contacts          []memberItem
	Created           time.Time
	Updated           time.Time
}

type memberItem struct {
	ContactID int64
	Added     time.Time
}

func toItem(s Session) sessionItem {
	it := sessionItem{ID: s.ID, UserID: s.UserID, AccountPlatformID: s.AccountPlatformID, Created: s.Created.UTC(), Updated: s.Updated.UTC()}
	for _, m := range s.Contacts {
		it.Contacts = append(it.Contacts, memberItem{ContactID: m.ContactID, Added: m.Added.UTC()})
	}
	return it
}

func fromItem(it sessionItem) Session {
	s := Session{ID: it.ID, UserID: it.UserID, AccountPlatformID: it.AccountPlatformID, Contacts: []Member{}, Created: it.Created, Updated: it.Updated}
	for _, m := range it.Contacts {
		s.Contacts = append(s.Contacts, Member{ContactID: m.ContactID, Added: m.Added})
	}
	return s
}

func sessionKey(t store.Tenant, userID string) (store.Key, error) {
	return user.Key(t, userID, "MERGESESSION")
}

// repo reads and writes sessions.
type repo struct {
	s *store.Store
}

func (r repo) record(t store.Tenant, s Session, version int64) (store.Record, error) {
	k, err := sessionKey(t, s.UserID)
	if err != nil {
		return store.Record{}, err
	}
	return store.Record{Key: k, Type: typeSession, Value: toItem(s), Version: version, ExpiresAt: s.Updated.Add(SessionRetention).Unix()}, nil
}

// get returns the user's session and its version. No session is a NotFound error with
// MessageNoSession.
func (r repo) get(ctx context.Context, t store.Tenant, userID string) (Session, int64, error) {
	k, err := sessionKey(t, userID)
	if err != nil {
		return Session{}, 0, err
	}
	var it sessionItem
	v, err := r.s.Get(ctx, k, &it)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Session{}, 0, apperr.Errorf(apperr.NotFound, MessageNoSession)
	}
	if err != nil {
		return Session{}, 0, fmt.Errorf("get merge session of %s: %w", userID, err)
	}
	return fromItem(it), v, nil
}

// create stores a new session. An existing session is a Conflict error.
func (r repo) create(ctx context.Context, t store.Tenant, s Session) error {
	rec, err := r.record(t, s, 0)
	if err != nil {
		return err
	}
	return r.s.Create(ctx, rec)
}

// update replaces the session stored at version. Another version, or no session, is a Conflict
// error.
func (r repo) update(ctx context.Context, t store.Tenant, s Session, version int64) error {
	rec, err := r.record(t, s, version)
	if err != nil {
		return err
	}
	_, err = r.s.Update(ctx, rec)
	return err
}

// delete removes the session stored at version. Another version, or no session, is a Conflict
// error.
func (r repo) delete(ctx context.Context, t store.Tenant, userID string, version int64) error {
	k, err := sessionKey(t, userID)
	if err != nil {
		return err
	}
	return r.s.Delete(ctx, k, version)
}

// deleteOp is delete as a transaction's write.
func (r repo) deleteOp(t store.Tenant, userID string, version int64) (store.Op, error) {
	k, err := sessionKey(t, userID)
	if err != nil {
		return store.Op{}, err
	}
	return store.DeleteOp(k, version), nil
}
