// Package visit keeps the showroom and delivery visits (touchpoints) of a store's customers: a
// visit is one customer at the store with a sales person, for a showroom visit or a delivery,
// and walks the steps (items) the store's touchpoint settings list for its kind.
//
// States. A visit is New 0, Started 1, Restarted 2, Completed 3 or Canceled 4; its steps are
// New 0, Started 1, Completed 3 or Canceled 4. Only the moves of Move and ItemMove are legal:
// a New visit starts or is canceled, a started (or restarted) visit completes or is canceled,
// a completed visit may be restarted, and a canceled visit stays as it is. Steps change only
// while their visit is in progress. Any other move is a Conflict error that names the state.
//
// Changes. Each change is a versioned write of the visit item (a caller's stale version is a
// Conflict error), the customer's activity entry and the change's event (VisitStarted,
// VisitCompleted, VisitCanceled, VisitItemChanged or VisitUpdated) in one transaction; the
// event's id names the visit and the version the change wrote, so a redelivery is
// recognisably the same event.
//
// Access patterns:
//
//	pattern                          index  key condition
//	a contact's visits               table  PK = A#{acct}#C#{contact}, begins_with(SK, "VISIT#")
//	one visit                        table  PK = A#{acct}#C#{contact}, SK = VISIT#{id}
//	a store's visits by start time   GSI1   GSI1PK = A#{acct}#VS#{store}, GSI1SK BETWEEN {from} AND {to}
//	a store's visits in progress     GSI2   GSI2PK = A#{acct}#VO#{store}
//	a store's touchpoint settings    table  PK = A#{acct}#TPSET#{store}, SK = TPSET
//
// Only a visit that is not over (new, started or restarted) has a GSI2 entry: the index of
// the visits in progress is sparse.
package visit

import (
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Status is the state of a visit or of one of its steps.
type Status int

// The statuses (section 4). Steps use New, Started, Completed and Canceled.
const (
	StatusNew       Status = 0
	StatusStarted   Status = 1
	StatusRestarted Status = 2
	StatusCompleted Status = 3
	StatusCanceled  Status = 4
)

// String returns the status' name.
func (s Status) String() string {
	switch s {
	case StatusNew:
		return "New"
	case StatusStarted:
		return "Started"
	case StatusRestarted:
		return "Restarted"
	case StatusCompleted:
		return "Completed"
	case StatusCanceled:
		return "Canceled"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Statuses returns every visit status.
func Statuses() []Status {
	return []Status{StatusNew, StatusStarted, StatusRestarted, StatusCompleted, StatusCanceled}
}

// ItemStatuses returns every step status.
func ItemStatuses() []Status {
	return []Status{StatusNew, StatusStarted, StatusCompleted, StatusCanceled}
}

// The kinds of visit (touchpoint slugs).
const (
	KindShowroom = "showroom"
	KindDelivery = "delivery"
)

// Kinds returns the kinds of visit.
func Kinds() []string { return []string{KindShowroom, KindDelivery} }

// KindName returns how screens name kind.
func KindName(kind string) string {
	switch kind {
	case KindShowroom:
		return "Showroom"
	case KindDelivery:
		return "Delivery"
	}
	return kind
}

// Visit is one showroom or delivery visit of a customer.
type Visit struct {
	ID                string `json:"touchpointInstanceId" readOnly:"true"`
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	Kind              string `json:"touchpointSlug" enum:"showroom,delivery"`
	Status            Status `json:"status" readOnly:"true" doc:"New 0, Started 1, Restarted 2, Completed 3, Canceled 4."`
	// UserID is the sales person who looks after the customer during the visit.
	UserID    string     `json:"userId" doc:"The sales person who looks after the customer."`
	StartedAt *time.Time `json:"startedAt,omitempty" readOnly:"true"`
	EndedAt   *time.Time `json:"endedAt,omitempty" readOnly:"true" doc:"When the visit was completed or canceled."`
	Sold      bool       `json:"sold" doc:"Whether the customer bought during the visit."`
	Result    string     `json:"result,omitempty" required:"false" doc:"How the visit ended: a touchpoint result code (sold, not_sold, be_back)."`
	Reason    string     `json:"reason,omitempty" required:"false" doc:"Why: a touchpoint result reason code, or why the visit was canceled."`
	Notes     string     `json:"notes,omitempty" required:"false"`
	Items     []Item     `json:"items" readOnly:"true"`
	CreatedAt time.Time  `json:"createdAt" readOnly:"true"`
	CreatedBy string     `json:"createdBy,omitempty" readOnly:"true"`
	Version   int64      `json:"version" doc:"The version the visit was read at; a change sends it back, and a stale version is refused with 409."`
}

// Item is one step of a visit.
type Item struct {
	Slug        string     `json:"itemSlug"`
	Name        string     `json:"name"`
	Status      Status     `json:"status" doc:"New 0, Started 1, Completed 3, Canceled 4."`
	StartedAt   *time.Time `json:"startedAt,omitempty"`
	CompletedAt *time.Time `json:"completedAt,omitempty"`
	CanceledAt  *time.Time `json:"canceledAt,omitempty"`
	UserID      string     `json:"userId,omitempty" doc:"Who last changed the step."`
}

// Open reports whether v is in progress: started or restarted.
func (v Visit) Open() bool { return v.Status == StatusStarted || v.Status == StatusRestarted }

// Active reports whether v is not over yet: new, started or restarted.
func (v Visit) Active() bool { return v.Status == StatusNew || v.Open() }

// Item returns v's step slug and its index; -1 when v has none.
func (v Visit) Item(slug string) (Item, int) {
	i := slices.IndexFunc(v.Items, func(it Item) bool { return it.Slug == slug })
	if i < 0 {
		return Item{}, -1
	}
	return v.Items[i], i
}

// Duration returns how long v has lasted at now: from its start to its end, or to now while
// it is in progress; zero for a visit never started.
func (v Visit) Duration(now time.Time) time.Duration {
	if v.StartedAt == nil {
		return 0
	}
	end := now
	if v.EndedAt != nil && !v.Open() {
		end = *v.EndedAt
	}
	if end.Before(*v.StartedAt) {
		return 0
	}
	return end.Sub(*v.StartedAt)
}

// Action is a change of a visit.
type Action string

// The visit actions.
const (
	Start    Action = "start"
	Complete Action = "complete"
	Cancel   Action = "cancel"
	Restart  Action = "restart"
	Update   Action = "update"
)

// ItemAction is a change of a step.
type ItemAction string

// The step actions (the request types of the item calls).
const (
	ItemStart    ItemAction = "start"
	ItemComplete ItemAction = "complete"
	ItemCancel   ItemAction = "cancel"
)

// ItemActions returns the step actions.
func ItemActions() []ItemAction { return []ItemAction{ItemStart, ItemComplete, ItemCancel} }

// Move returns the status a visit in status from reaches by action a; false when the move is
// not legal. Update keeps the status and is legal while the visit is not canceled.
func Move(from Status, a Action) (Status, bool) {
	switch a {
	case Start:
		return StatusStarted, from == StatusNew
	case Complete:
		return StatusCompleted, from == StatusStarted || from == StatusRestarted
	case Cancel:
		return StatusCanceled, from == StatusNew || from == StatusStarted || from == StatusRestarted
	case Restart:
		return StatusRestarted, from == StatusCompleted
	case Update:
		return from, slices.Contains(Statuses(), from) && from != StatusCanceled
	}
	return from, false
}

// ItemMove returns the status a step in status from reaches by action a; false when the move
// is not legal.
func ItemMove(from Status, a ItemAction) (Status, bool) {
	switch a {
	case ItemStart:
		return StatusStarted, from == StatusNew
	case ItemComplete:
		return StatusCompleted, from == StatusNew || from == StatusStarted
	case ItemCancel:
		return StatusCanceled, from == StatusNew || from == StatusStarted
	}
	return from, false
}

// pastTense is how a message names action a done.
func pastTense(a string) string {
	switch a {
	case "start":
		return "started"
	case "complete":
		return "completed"
	case "cancel":
		return "canceled"
	case "restart":
		return "restarted"
	case "update":
		return "changed"
	}
	return a
}

// illegal returns the Conflict error of a move that is not legal.
func illegal(what string, from Status, a string) error {
	return apperr.Errorf(apperr.Conflict, "The %s is %s: it cannot be %s.", what, from, pastTense(a))
}

// Limits of what a user writes on a visit.
const (
	MaxNotes  = 2000
	MaxResult = 200
)

var idPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)

// ValidID reports whether id can be a visit's id.
func ValidID(id string) bool { return idPattern.MatchString(id) }

// Validate checks v: an id, a customer, a store, a kind, a sales person, a known status and
// short notes.
func Validate(v Visit) error {
	fields := map[string]string{}
	if !idPattern.MatchString(v.ID) {
		fields["touchpointInstanceId"] = "Enter the visit id (letters, digits and hyphens)."
	}
	if v.ContactID < 1 {
		fields["contactId"] = "Choose the customer."
	}
	if v.AccountPlatformID < 1 {
		fields["accountPlatformId"] = "Choose the store."
	}
	if !slices.Contains(Kinds(), v.Kind) {
		fields["touchpointSlug"] = "Choose the touchpoint: showroom or delivery."
	}
	if v.UserID == "" {
		fields["userId"] = "Choose the sales person."
	}
	if !slices.Contains(Statuses(), v.Status) {
		fields["status"] = "Choose a visit status."
	}
	if len([]rune(v.Notes)) > MaxNotes {
		fields["notes"] = fmt.Sprintf("The notes must be at most %d characters.", MaxNotes)
	}
	if len([]rune(v.Result)) > MaxResult {
		fields["result"] = fmt.Sprintf("The result must be at most %d characters.", MaxResult)
	}
	if len([]rune(v.Reason)) > MaxResult {
		fields["reason"] = fmt.Sprintf("The reason must be at most %d characters.", MaxResult)
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The visit is not valid.", fields)
	}
	return nil
}

// Change is one change of a visit, or of one of its steps (ItemSlug set).
type Change struct {
	Action Action
	// ItemSlug and ItemAction name a step's change; Action is then "".
	ItemSlug   string
	ItemAction ItemAction
	// Version is the version of the visit the caller read.
	Version int64
	// UserID, Sold, Result and Notes are what the change sets, when not nil.
	UserID *string
	Sold   *bool
	Result *string
	Reason *string
	Notes  *string
	// By is the user who makes the change; Actor the real user under impersonation ("").
	By, Actor string
}

// Next returns visit v after change ch at time now. A move that is not legal, or a version
// other than v's, is a Conflict error and nothing changes.
func Next(v Visit, ch Change, now time.Time) (Visit, error) {
	if ch.Version != v.Version {
		return Visit{}, apperr.Errorf(apperr.Conflict, MsgStale)
	}
	at := now.UTC()
	v.Items = slices.Clone(v.Items)
	if ch.ItemSlug != "" {
		if !v.Open() {
			return Visit{}, apperr.Errorf(apperr.Conflict, "The visit is %s: its steps cannot be %s.", v.Status, pastTense(string(ch.ItemAction)))
		}
		it, i := v.Item(ch.ItemSlug)
		if i < 0 {
			return Visit{}, apperr.Errorf(apperr.NotFound, "The visit has no step %q.", ch.ItemSlug)
		}
		to, ok := ItemMove(it.Status, ch.ItemAction)
		if !ok {
			if !slices.Contains(ItemActions(), ch.ItemAction) {
				return Visit{}, apperr.InvalidFields("The step request is not valid.", map[string]string{"requestType": "Choose start, complete or cancel."})
			}
			return Visit{}, illegal("step "+it.Name, it.Status, string(ch.ItemAction))
		}
		it.Status, it.UserID = to, ch.By
		switch to {
		case StatusStarted:
			it.StartedAt = &at
		case StatusCompleted:
			it.CompletedAt = &at
			if it.StartedAt == nil {
				it.StartedAt = &at
			}
		case StatusCanceled:
			it.CanceledAt = &at
		}
		v.Items[i] = it
		return v, nil
	}
	to, ok := Move(v.Status, ch.Action)
	if !ok {
		if !slices.Contains([]Action{Start, Complete, Cancel, Restart, Update}, ch.Action) {
			return Visit{}, apperr.Errorf(apperr.Invalid, "Unknown visit action %q.", ch.Action)
		}
		return Visit{}, illegal("visit", v.Status, string(ch.Action))
	}
	v.Status = to
	switch ch.Action {
	case Start:
		v.StartedAt, v.EndedAt = &at, nil
	case Complete, Cancel:
		v.EndedAt = &at
	case Restart:
		v.EndedAt = nil
	}
	if ch.UserID != nil {
		v.UserID = *ch.UserID
	}
	if ch.Sold != nil {
		v.Sold = *ch.Sold
	}
	if ch.Result != nil {
		v.Result = *ch.Result
	}
	if ch.Reason != nil {
		v.Reason = *ch.Reason
	}
	if ch.Notes != nil {
		v.Notes = *ch.Notes
	}
	if err := Validate(v); err != nil {
		return Visit{}, err
	}
	return v, nil
}
