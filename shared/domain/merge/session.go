// Package merge merges duplicate contacts. A user collects the two contacts in a merge session
// (one per user, tied to one store), simulates the merge to see the merged contact, and executes
// it: the survivor receives the other contact's phones, emails and addresses (deduplicated) and
// its vehicles, leads, notes, tasks and activity, and the other contact is retired, in one
// transaction that also ends the session.
//
// The session's rules are the methods of Session (pure); the merge's rules are Plan (pure);
// Service stores sessions with versioned writes and reads and writes contacts through the
// Contacts interface, which the contacts area implements.
package merge

import (
	"crypto/rand"
	"encoding/hex"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// MaxContacts is the most contacts a session holds.
const MaxContacts = 2

// The messages of the merge session, as the spec words them.
const (
	// MessageOtherStore refuses a contact of another store than the session's; the web app
	// answers it with the 'Delete existing active session' confirmation.
	MessageOtherStore = "Your user account already has a merge session in progress for another store."
	// MessageDuplicate refuses a contact the session holds already.
	MessageDuplicate = "Merge session already contains the same customer. Please try adding a new customer."
	// MessageTwoSelected refuses a third contact.
	MessageTwoSelected = "You have already selected two customers for merge"
	// MessageDeleted confirms the deletion of the session.
	MessageDeleted = "Contact merge session has been deleted successfully"
	// MessageNoSession is the NotFound message when the user has no session.
	MessageNoSession = "There is no contact merge session in progress."
	// MessageNotInSession is the NotFound message for removing a contact the session lacks.
	MessageNotInSession = "The customer is not in the merge session."
	// MessageNeedTwo refuses a simulation or an execution without two contacts.
	MessageNeedTwo = "Select two customers to merge."
	// MessageNoContact is the NotFound message for a contact that does not exist at the store.
	MessageNoContact = "The customer does not exist."
)

// Member is a contact in a session.
type Member struct {
	ContactID int64
	Added     time.Time
}

// Session is a user's merge session.
type Session struct {
	ID                string
	UserID            string
	AccountPlatformID int64
	Contacts          []Member
	Created           time.Time
	Updated           time.Time
}

// Start returns a new session of userID at store holding contactID: sessions are created by
// adding their first contact.
func Start(userID string, store, contactID int64, now time.Time) Session {
	var b [8]byte
	rand.Read(b[:])
	return Session{
		ID: hex.EncodeToString(b[:]), UserID: userID, AccountPlatformID: store,
		Contacts: []Member{{ContactID: contactID, Added: now}}, Created: now, Updated: now,
	}
}

// Has reports whether the session holds contactID.
func (s Session) Has(contactID int64) bool {
	return slices.ContainsFunc(s.Contacts, func(m Member) bool { return m.ContactID == contactID })
}

// Add returns the session with contactID of store added. A contact of another store is a
// Conflict error with MessageOtherStore, a contact held already one with MessageDuplicate, and
// a third contact one with MessageTwoSelected — checked in that order.
func (s Session) Add(store, contactID int64, now time.Time) (Session, error) {
	if store != s.AccountPlatformID {
		return Session{}, apperr.Errorf(apperr.Conflict, MessageOtherStore)
	}
	if s.Has(contactID) {
		return Session{}, apperr.Errorf(apperr.Conflict, MessageDuplicate)
	}
	if len(s.Contacts) >= MaxContacts {
		return Session{}, apperr.Errorf(apperr.Conflict, MessageTwoSelected)
	}
	s.Contacts = append(slices.Clone(s.Contacts), Member{ContactID: contactID, Added: now})
	s.Updated = now
	return s, nil
}

// Remove returns the session without contactID. A contact the session does not hold is a
// NotFound error. A session left without contacts is empty: Service deletes it.
func (s Session) Remove(contactID int64, now time.Time) (Session, error) {
	if !s.Has(contactID) {
		return Session{}, apperr.Errorf(apperr.NotFound, MessageNotInSession)
	}
	s.Contacts = slices.DeleteFunc(slices.Clone(s.Contacts), func(m Member) bool { return m.ContactID == contactID })
	s.Updated = now
	return s, nil
}

// Pair returns the survivor and the contact merged into it. survivor 0 picks the contact added
// first. A session without two contacts is a Conflict error with MessageNeedTwo; a survivor
// the session does not hold is an Invalid error.
func (s Session) Pair(survivor int64) (int64, int64, error) {
	if len(s.Contacts) != MaxContacts {
		return 0, 0, apperr.Errorf(apperr.Conflict, MessageNeedTwo)
	}
	a, b := s.Contacts[0].ContactID, s.Contacts[1].ContactID
	switch survivor {
	case 0, a:
		return a, b, nil
	case b:
		return b, a, nil
	}
	return 0, 0, apperr.InvalidFields("The surviving customer must be one of the session's customers.",
		map[string]string{"survivorContactId": "Choose one of the two customers of the merge session."})
}
