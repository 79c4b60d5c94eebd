package process

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// The events of processes; their detail is a Changed.
const (
	EventStarted       = "ProcessStarted"
	EventStepSaved     = "ProcessStepSaved"
	EventStepSubmitted = "ProcessStepSubmitted"
	EventCompleted     = "ProcessCompleted"
)

// Outcomes of a start and of a submit, as the form taker reads them.
const (
	// OutcomeOK is a process started, or a step submitted with a further step open: the
	// process's group (GroupId) joins the user's open processes.
	OutcomeOK = 0
	// OutcomeCompleted is the last step submitted: the process is done, and its group is not
	// added to the open ones.
	OutcomeCompleted = 100
	// OutcomeNotStartable is a start of a template that is not ready or not offered at the
	// store: nothing is started.
	OutcomeNotStartable = 200
)

// Messages of processes.
const (
	MsgNotFound      = "The process does not exist."
	MsgStepNotFound  = "The process step does not exist."
	MsgStale         = "The process was changed by someone else. Reload the form and try again."
	MsgStepClosed    = "This step was submitted already."
	MsgStepNotOpen   = "This step is not open yet: the steps before it come first."
	MsgProcessClosed = "The process is closed."
)

// StepInstance is one step of a process: its form and the answers given to it.
type StepInstance struct {
	StepInstanceID string     `json:"StepInstanceId"`
	StepID         int64      `json:"StepId"`
	Name           string     `json:"Name"`
	Status         int        `json:"Status" doc:"10 New (not open yet), 100 InProgress (open), 150 Overdue, 1000 Success (submitted)."`
	Form           Form       `json:"Form"`
	Answers        []Answer   `json:"Answers"`
	IsSubmitted    bool       `json:"IsSubmitted"`
	DueAt          *time.Time `json:"DueAt,omitempty"`
	OpenedAt       *time.Time `json:"OpenedAt,omitempty"`
	SavedAt        *time.Time `json:"SavedAt,omitempty"`
	SubmittedAt    *time.Time `json:"SubmittedAt,omitempty"`
	UserID         string     `json:"UserId,omitempty" doc:"Who last saved or submitted the answers."`
}

// Process is a workflow template started for a customer, or for one of the customer's deals.
type Process struct {
	ID                 string         `json:"ProcessId"`
	GroupID            string         `json:"GroupId" doc:"The process's group: what joins the user's open processes while it runs."`
	WorkflowTemplateID int64          `json:"WorkflowTemplateId"`
	TemplateName       string         `json:"TemplateName"`
	Title              string         `json:"Title"`
	AccountPlatformID  int64          `json:"AccountPlatformId"`
	ContactID          int64          `json:"ContactId"`
	EntityID           int64          `json:"EntityId,omitempty" doc:"The deal (lead) it was started for; 0 for the customer."`
	Status             int            `json:"Status"`
	Steps              []StepInstance `json:"Steps"`
	StartedAt          time.Time      `json:"StartedAt"`
	StartedBy          string         `json:"StartedBy"`
	CompletedAt        *time.Time     `json:"CompletedAt,omitempty"`
	Version            int64          `json:"Version" doc:"The version the process was read at; a save or submit may send it back, and a stale one is refused with 409."`
}

// Current returns the index of the open step, or -1 when none is open.
func (p Process) Current() int {
	return slices.IndexFunc(p.Steps, func(s StepInstance) bool { return s.Status == StatusInProgress || s.Status == StatusOverdue })
}

// At returns p as seen at now: an open step past its due time, and its process, are Overdue.
func (p Process) At(now time.Time) Process {
	p.Steps = slices.Clone(p.Steps)
	if i := p.Current(); i >= 0 && p.Status == StatusInProgress {
		if d := p.Steps[i].DueAt; d != nil && d.Before(now) {
			p.Steps[i].Status, p.Status = StatusOverdue, StatusOverdue
		}
	}
	return p
}

// Open reports whether p still has a step to fill in.
func (p Process) Open() bool { return p.Status == StatusInProgress || p.Status == StatusOverdue }

// Step returns the index of step instance id in p, or -1.
func (p Process) Step(id string) int {
	return slices.IndexFunc(p.Steps, func(s StepInstance) bool { return s.StepInstanceID == id })
}

var idPattern = regexp.MustCompile(`^P-[0-9a-f]{20}$`)

// newProcessID returns a new process id.
func newProcessID() string {
	var b [10]byte
	_, _ = rand.Read(b[:])
	return "P-" + hex.EncodeToString(b[:])
}

// StepInstanceID returns the id of step i (from 0) of process id.
func StepInstanceID(processID string, i int) string { return processID + "-" + strconv.Itoa(i+1) }

// ParseStepInstanceID returns the process of a step instance id; ok false for no such id.
func ParseStepInstanceID(id string) (string, bool) {
	i := strings.LastIndex(id, "-")
	if i < 0 || !idPattern.MatchString(id[:i]) {
		return "", false
	}
	if n, err := strconv.Atoi(id[i+1:]); err != nil || n < 1 || n > 20 {
		return "", false
	}
	return id[:i], true
}

func processKey(t store.Tenant, contactID int64, id string) (store.Key, error) {
	return contactkey.Key(t, contactID, "PROC#"+id)
}

func pointerKey(t store.Tenant, id string) (store.Key, error) { return t.Key(id, "PROCID") }

func recentKey(t store.Tenant, userID string) (store.Key, error) {
	return t.Key("PROCRECENT", "U", userID)
}

// startLayout writes a start time in a sort key: fixed width, so keys sort as the times do.
const startLayout = "2006-01-02T15:04:05.000Z"

func storeIndexKey(t store.Tenant, p Process) (store.IndexKey, error) {
	return t.IndexKey("GSI1", p.StartedAt.UTC().Format(startLayout)+"#"+p.ID, "PS", strconv.FormatInt(p.AccountPlatformID, 10))
}

// pointer is the record from a process id to its customer.
type pointer struct {
	ContactID int64
}

// recent is a user's most recently started templates, the latest first.
type recent struct {
	TemplateIDs []int64
}

// Start is what starting a process takes.
type Start struct {
	Template          Template
	Title             string
	AccountPlatformID int64
	ContactID         int64
	EntityID          int64
	// Answers, when given, are submitted to the first step as the process starts.
	Answers []Answer
	By      string
	Actor   string
	Now     time.Time
}

// Changed is the detail of every process event: the process as the change left it, the step
// changed (none for a start without answers), and who made the change.
type Changed struct {
	Process        Process `json:"process"`
	StepInstanceID string  `json:"stepInstanceId,omitempty"`
	UserID         string  `json:"userId"`
	ActorUserID    string  `json:"actorUserId,omitempty"`
}

// Start starts template st.Template for the customer and returns the process at version 1, the
// outcome (OutcomeOK when started, whether or not the answers given completed it) and the
// events written. A template not ready or not offered at the store is
// OutcomeNotStartable and nothing is written. Answers given are checked as a submit of the
// first step (Invalid errors, nothing written) and submit it.
func (r *Repo) Start(ctx context.Context, t store.Tenant, st Start) (Process, int, []eventbus.Event, error) {
	tp := st.Template
	if !tp.OfferedAt(st.AccountPlatformID) {
		return Process{}, OutcomeNotStartable, nil, nil
	}
	at := st.Now.UTC()
	p := Process{
		ID: newProcessID(), WorkflowTemplateID: tp.ID, TemplateName: tp.Name, Title: strings.TrimSpace(st.Title),
		AccountPlatformID: st.AccountPlatformID, ContactID: st.ContactID, EntityID: st.EntityID,
		Status: StatusInProgress, StartedAt: at, StartedBy: st.By,
	}
	if p.Title == "" {
		p.Title = tp.Name
	}
	p.GroupID = p.ID
	for i, s := range tp.Steps {
		p.Steps = append(p.Steps, StepInstance{StepInstanceID: StepInstanceID(p.ID, i), StepID: s.StepID, Name: s.Name, Status: StatusNew, Form: s.Form, Answers: []Answer{}})
	}
	open(&p, 0, tp, at)
	var changes []change
	changes = append(changes, change{typ: EventStarted})
	if len(st.Answers) > 0 {
		kept, err := Check(p.Steps[0].Form, st.Answers, true)
		if err != nil {
			return Process{}, 0, nil, err
		}
		typ := submitStep(&p, 0, kept, tp, st.By, at)
		changes = append(changes, change{typ: typ, step: p.Steps[0].StepInstanceID})
	}
	k, err := processKey(t, p.ContactID, p.ID)
	if err != nil {
		return Process{}, 0, nil, err
	}
	pk, err := pointerKey(t, p.ID)
	if err != nil {
		return Process{}, 0, nil, err
	}
	ik, err := storeIndexKey(t, p)
	if err != nil {
		return Process{}, 0, nil, err
	}
	rk, err := recentKey(t, st.By)
	if err != nil {
		return Process{}, 0, nil, err
	}
	var rec recent
	if _, err := r.s.Get(ctx, rk, &rec); err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return Process{}, 0, nil, fmt.Errorf("read recent templates: %w", err)
	}
	rec.TemplateIDs = append([]int64{tp.ID}, slices.DeleteFunc(rec.TemplateIDs, func(id int64) bool { return id == tp.ID })...)
	if len(rec.TemplateIDs) > 5 {
		rec.TemplateIDs = rec.TemplateIDs[:5]
	}
	saved := p
	saved.Version = 1
	ops := []store.Op{
		store.CreateOp(store.Record{Key: k, Indexes: []store.IndexKey{ik}, Type: "Process", Value: p}),
		store.CreateOp(store.Record{Key: pk, Type: "ProcessPointer", Value: pointer{ContactID: p.ContactID}}),
		store.PutOp(store.Record{Key: rk, Type: "ProcessRecent", Value: rec}),
	}
	events, eops, err := eventOps(t, saved, changes, st.By, st.Actor, at)
	if err != nil {
		return Process{}, 0, nil, err
	}
	if err := r.s.Transact(ctx, append(ops, eops...)...); err != nil {
		return Process{}, 0, nil, fmt.Errorf("start process: %w", err)
	}
	return saved, OutcomeOK, events, nil
}

// open opens step i of p at time at, with its due time.
func open(p *Process, i int, tp Template, at time.Time) {
	s := &p.Steps[i]
	s.Status, s.OpenedAt = StatusInProgress, &at
	if i < len(tp.Steps) && tp.Steps[i].DueHours > 0 {
		due := at.Add(time.Duration(tp.Steps[i].DueHours) * time.Hour)
		s.DueAt = &due
	}
}

// submitStep submits answers to step i of p and opens the next step, or completes p. It returns
// the event type of the change.
func submitStep(p *Process, i int, answers []Answer, tp Template, by string, at time.Time) string {
	s := &p.Steps[i]
	s.Answers, s.IsSubmitted, s.Status, s.SubmittedAt, s.SavedAt, s.UserID = answers, true, StatusSuccess, &at, &at, by
	if i+1 < len(p.Steps) {
		open(p, i+1, tp, at)
		return EventStepSubmitted
	}
	p.Status, p.CompletedAt = StatusSuccess, &at
	return EventCompleted
}

// change is one event a write announces.
type change struct {
	typ, step string
}

// eventOps returns the events of changes to p (as saved) and their outbox writes. Their ids
// name the process, the version the change wrote and the event's type, so a redelivery is
// recognisably the same event.
func eventOps(t store.Tenant, p Process, changes []change, by, actor string, at time.Time) ([]eventbus.Event, []store.Op, error) {
	var events []eventbus.Event
	var ops []store.Op
	for _, c := range changes {
		detail, err := json.Marshal(Changed{Process: p, StepInstanceID: c.step, UserID: by, ActorUserID: actor})
		if err != nil {
			return nil, nil, fmt.Errorf("marshal process event: %w", err)
		}
		e := eventbus.Event{
			ID:   fmt.Sprintf("process-%s-v%d-%s", p.ID, p.Version, c.typ),
			Type: c.typ, Account: t.Account(), Time: at, Detail: detail,
		}
		op, err := eventbus.OutboxOp(t, e)
		if err != nil {
			return nil, nil, err
		}
		events, ops = append(events, e), append(ops, op)
	}
	return events, ops, nil
}

// Get returns process id at its version; a missing one is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, id string) (Process, error) {
	if !idPattern.MatchString(id) {
		return Process{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	pk, err := pointerKey(t, id)
	if err != nil {
		return Process{}, err
	}
	var ptr pointer
	if _, err := r.s.Get(ctx, pk, &ptr); apperr.CodeOf(err) == apperr.NotFound {
		return Process{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	} else if err != nil {
		return Process{}, fmt.Errorf("get process %s: %w", id, err)
	}
	k, err := processKey(t, ptr.ContactID, id)
	if err != nil {
		return Process{}, err
	}
	var p Process
	if _, err := r.s.Get(ctx, k, &p); apperr.CodeOf(err) == apperr.NotFound {
		return Process{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	} else if err != nil {
		return Process{}, fmt.Errorf("get process %s: %w", id, err)
	}
	return p, nil
}

// ForContacts returns the processes of contacts ids (a customer and those merged into it), the
// latest started first.
func (r *Repo) ForContacts(ctx context.Context, t store.Tenant, ids []int64) ([]Process, error) {
	var out []Process
	for _, id := range ids {
		part, err := contactkey.Of(t, id)
		if err != nil {
			return nil, err
		}
		ps, err := store.QueryAll[Process](ctx, r.s, store.Query{Partition: part, SortPrefix: "PROC#", Limit: 500})
		if err != nil {
			return nil, fmt.Errorf("read processes of %d: %w", id, err)
		}
		out = append(out, ps...)
	}
	slices.SortStableFunc(out, func(a, b Process) int { return b.StartedAt.Compare(a.StartedAt) })
	return out, nil
}

// InStore calls fn with every process of store storeID, the latest started first, reading the
// store's index a page at a time. fn returning an error stops and returns it.
func (r *Repo) InStore(ctx context.Context, t store.Tenant, storeID int64, fn func(Process) error) error {
	part, err := t.Partition("PS", strconv.FormatInt(storeID, 10))
	if err != nil {
		return err
	}
	q := store.Query{Index: "GSI1", Partition: part, Limit: 500, Descending: true}
	for {
		page, err := r.s.Query(ctx, q)
		if err != nil {
			return fmt.Errorf("processes of store %d: %w", storeID, err)
		}
		var ps []Process
		if err := page.Decode(&ps); err != nil {
			return err
		}
		for _, p := range ps {
			if err := fn(p); err != nil {
				return err
			}
		}
		if page.Next == "" {
			return nil
		}
		q.Cursor = page.Next
	}
}

// Recent returns the templates user userID started most recently, the latest first (at most 5).
func (r *Repo) Recent(ctx context.Context, t store.Tenant, userID string) ([]int64, error) {
	rk, err := recentKey(t, userID)
	if err != nil {
		return nil, err
	}
	var rec recent
	if _, err := r.s.Get(ctx, rk, &rec); err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return nil, fmt.Errorf("read recent templates: %w", err)
	}
	return rec.TemplateIDs, nil
}

// Answers is a save or submit of a step's answers.
type Answers struct {
	StepInstanceID string
	Answers        []Answer
	// Version is the version of the process the caller read; 0 for the one read here.
	Version int64
	By      string
	Actor   string
	Now     time.Time
}

// Save keeps answers a of an open step of p (as read by Get) without submitting it. The save
// checks of Check apply (Invalid errors); a step submitted already or not open yet, a closed
// process, or a stale version is a Conflict error; nothing is written then.
func (r *Repo) Save(ctx context.Context, t store.Tenant, p Process, a Answers) (Process, eventbus.Event, error) {
	i, err := writable(p, a)
	if err != nil {
		return Process{}, eventbus.Event{}, err
	}
	kept, err := Check(p.Steps[i].Form, a.Answers, false)
	if err != nil {
		return Process{}, eventbus.Event{}, err
	}
	at := a.Now.UTC()
	next := p
	next.Steps = slices.Clone(p.Steps)
	s := &next.Steps[i]
	s.Answers, s.SavedAt, s.UserID = kept, &at, a.By
	if s.Answers == nil {
		s.Answers = []Answer{}
	}
	saved, events, err := r.write(ctx, t, p, next, []change{{typ: EventStepSaved, step: s.StepInstanceID}}, a, at)
	if err != nil {
		return Process{}, eventbus.Event{}, err
	}
	return saved, events[0], nil
}

// Submit submits answers a to an open step of p (as read by Get): every check of Check, then
// the step is done and the next one opens (OutcomeOK) or the process completes
// (OutcomeCompleted). Errors as Save's.
func (r *Repo) Submit(ctx context.Context, t store.Tenant, p Process, tp Template, a Answers) (Process, int, eventbus.Event, error) {
	i, err := writable(p, a)
	if err != nil {
		return Process{}, 0, eventbus.Event{}, err
	}
	kept, err := Check(p.Steps[i].Form, a.Answers, true)
	if err != nil {
		return Process{}, 0, eventbus.Event{}, err
	}
	at := a.Now.UTC()
	next := p
	next.Steps = slices.Clone(p.Steps)
	if kept == nil {
		kept = []Answer{}
	}
	// The process's own steps are what it started with; a template edited since changes only
	// the due hours of steps still to open, which come from tp when it still has them.
	typ := submitStep(&next, i, kept, tp, a.By, at)
	saved, events, err := r.write(ctx, t, p, next, []change{{typ: typ, step: next.Steps[i].StepInstanceID}}, a, at)
	if err != nil {
		return Process{}, 0, eventbus.Event{}, err
	}
	outcome := OutcomeOK
	if !saved.Open() {
		outcome = OutcomeCompleted
	}
	return saved, outcome, events[0], nil
}

// writable returns the index of a's step in p when it may take answers.
func writable(p Process, a Answers) (int, error) {
	i := p.Step(a.StepInstanceID)
	if i < 0 {
		return 0, apperr.Errorf(apperr.NotFound, MsgStepNotFound)
	}
	if a.Version != 0 && a.Version != p.Version {
		return 0, apperr.Errorf(apperr.Conflict, MsgStale)
	}
	switch st := p.Steps[i].Status; {
	case st == StatusSuccess:
		return 0, apperr.Errorf(apperr.Conflict, MsgStepClosed)
	case !p.Open():
		return 0, apperr.Errorf(apperr.Conflict, MsgProcessClosed)
	case st == StatusNew:
		return 0, apperr.Errorf(apperr.Conflict, MsgStepNotOpen)
	}
	return i, nil
}

// write replaces p (as read) with next at the next version, with the events of changes.
func (r *Repo) write(ctx context.Context, t store.Tenant, p, next Process, changes []change, a Answers, at time.Time) (Process, []eventbus.Event, error) {
	k, err := processKey(t, p.ContactID, p.ID)
	if err != nil {
		return Process{}, nil, err
	}
	ik, err := storeIndexKey(t, p)
	if err != nil {
		return Process{}, nil, err
	}
	saved := next
	saved.Version = p.Version + 1
	events, eops, err := eventOps(t, saved, changes, a.By, a.Actor, at)
	if err != nil {
		return Process{}, nil, err
	}
	next.Version = 0
	err = r.s.Transact(ctx, append([]store.Op{store.UpdateOp(store.Record{Key: k, Indexes: []store.IndexKey{ik}, Type: "Process", Value: next, Version: p.Version})}, eops...)...)
	if apperr.CodeOf(err) == apperr.Conflict {
		return Process{}, nil, apperr.Errorf(apperr.Conflict, MsgStale)
	}
	if err != nil {
		return Process{}, nil, fmt.Errorf("write process %s: %w", p.ID, err)
	}
	return saved, events, nil
}
