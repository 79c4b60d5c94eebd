package lead

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Types of the events leads publish. Their detail is a Changed value.
const (
	EventCreated       = "LeadCreated"
	EventStatusChanged = "LeadStatusChanged"
	EventAssigned      = "LeadAssigned"
	EventClaimed       = "LeadClaimed"
	EventUpdated       = "LeadUpdated"
)

// Changed is the detail of every lead event.
type Changed struct {
	LeadID            int64  `json:"crmLeadId"`
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	Version           int64  `json:"version"`
	UserID            string `json:"userId"`
	LeadTypeID        int    `json:"leadTypeId"`
	LeadSourceID      int64  `json:"leadSourceId"`
	Status            Status `json:"leadStatusId"`
	// FromStatus, Action and ActivityType are set for status changes.
	FromStatus    Status `json:"fromLeadStatusId,omitempty"`
	Action        Action `json:"action,omitempty"`
	ActivityType  string `json:"activityType,omitempty"`
	SalesPersonID string `json:"salesPersonId"`
	BDCAgentID    string `json:"bdcAgentId"`
	// Fields names what an update changed.
	Fields []string `json:"fields,omitempty"`
}

// MsgNotFound is the message for a lead that does not exist or that the caller may not see.
const MsgNotFound = "The lead does not exist."

// maxAttempts bounds the re-reads of a change that keeps losing races.
const maxAttempts = 5

// Repo reads and writes leads; each change writes its event to the outbox in its own
// transaction.
type Repo struct {
	s   *store.Store
	log *slog.Logger
	now func() time.Time
	// activity and names record changes in the contacts' activity (see WithActivity).
	activity ActivityLog
	names    UserNames
}

// NewRepo returns a repository over s. The publisher is not used (events go through the
// outbox and the relay) and is kept so that existing callers build.
func NewRepo(s *store.Store, _ eventbus.Publisher, log *slog.Logger) *Repo {
	if log == nil {
		log = slog.Default()
	}
	return &Repo{s: s, log: log, now: s.Now}
}

// pointer maps a lead id or a vehicle id to where the lead is stored.
type pointer struct {
	LeadID    int64
	ContactID int64
}

func idPart(id int64) string { return strconv.FormatInt(id, 10) }

func leadKey(t store.Tenant, contactID, id int64) (store.Key, error) {
	return contactkey.Key(t, contactID, "LEAD#"+idPart(id))
}

func pointerKey(t store.Tenant, id int64) (store.Key, error) { return t.Key("LEAD", "L", idPart(id)) }

func rawKey(t store.Tenant, id int64) (store.Key, error) { return t.Key("RAW", "L", idPart(id)) }

// vehicleKey is the pointer of vehicle id of kind: ids are unique within a kind.
func vehicleKey(t store.Tenant, kind VehicleKind, id int64) (store.Key, error) {
	part := "LV"
	if kind == KindTrade {
		part = "LT"
	}
	return t.Key("LEADVEHICLE", part, idPart(id))
}

// newID returns a random id in [1, 2^53): unique in practice, and exact in JavaScript numbers.
func newID() int64 {
	for {
		var b [8]byte
		rand.Read(b[:])
		if id := int64(binary.BigEndian.Uint64(b[:]) >> 11); id > 0 {
			return id
		}
	}
}

func sortTime(at time.Time, id int64) string {
	return at.UTC().Format("2006-01-02T15:04:05.000000000Z") + "#" + fmt.Sprintf("%016d", id)
}

// record returns the stored item of l at version (the version read, for an update).
func record(t store.Tenant, l Lead, version int64) (store.Record, error) {
	k, err := leadKey(t, l.ContactID, l.ID)
	if err != nil {
		return store.Record{}, err
	}
	sk := sortTime(l.CreatedAt, l.ID)
	byStatus, err := t.IndexKey("GSI1", sk, "LS", idPart(l.AccountPlatformID), strconv.Itoa(int(l.Status)))
	if err != nil {
		return store.Record{}, err
	}
	idx := []store.IndexKey{byStatus}
	if l.unclaimed() {
		claimable, err := t.IndexKey("GSI2", sk, "LC", idPart(l.AccountPlatformID))
		if err != nil {
			return store.Record{}, err
		}
		idx = append(idx, claimable)
	} else if sold, ok, err := soldIndex(t, l); err != nil {
		return store.Record{}, err
	} else if ok {
		idx = append(idx, sold)
	}
	l.Version = 0
	return store.Record{Key: k, Indexes: idx, Type: "Lead", Value: l, Version: version}, nil
}

// vehicleRef is a vehicle of a lead by kind and id.
type vehicleRef struct {
	kind VehicleKind
	id   int64
}

// vehicleRefs returns l's vehicles of interest and trade-ins.
func vehicleRefs(l Lead) []vehicleRef {
	var refs []vehicleRef
	for _, v := range l.Vehicles {
		refs = append(refs, vehicleRef{KindInterest, v.CrmLeadVoiID})
	}
	for _, v := range l.TradeIns {
		refs = append(refs, vehicleRef{KindTrade, v.CrmLeadTradeID})
	}
	return refs
}

// vehicleOps returns the pointer items of the vehicles l has and old (nil for a new lead) had
// not. A removed vehicle keeps its pointer, so removing it again finds its lead and changes
// nothing.
func vehicleOps(t store.Tenant, old *Lead, l Lead) ([]store.Op, error) {
	var before []vehicleRef
	if old != nil {
		before = vehicleRefs(*old)
	}
	// Vehicles of interest have index items of their own (see voiOps).
	ops, err := voiOps(t, old, l)
	if err != nil {
		return nil, err
	}
	for _, ref := range vehicleRefs(l) {
		if ref.kind == KindInterest || slices.Contains(before, ref) {
			continue
		}
		k, err := vehicleKey(t, ref.kind, ref.id)
		if err != nil {
			return nil, err
		}
		ops = append(ops, store.CreateOp(store.Record{Key: k, Type: "LeadVehicle", Value: pointer{LeadID: l.ID, ContactID: l.ContactID}}))
	}
	return ops, nil
}

// Create validates l and stores it as a new lead of tenant t made by user by, and returns it at
// version 1. A lead without an id gets a new one, and so do its vehicles; a lead with an id
// (seeded data) keeps it and the ids its vehicles have. An invalid lead is
// an Invalid error naming its bad fields; nothing is written then.
func (r *Repo) Create(ctx context.Context, t store.Tenant, l Lead, by string) (Lead, error) {
	return r.create(ctx, t, l, by, nil)
}

func (r *Repo) create(ctx context.Context, t store.Tenant, l Lead, by string, extra func(Lead) ([]store.Op, error)) (Lead, error) {
	fixedID := l.ID > 0
	l, err := r.prepare(t, l, by)
	if err != nil {
		return Lead{}, err
	}
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			newIDs(&l, fixedID)
		}
		err = r.insert(ctx, t, l, extra)
		if apperr.CodeOf(err) != apperr.Conflict || fixedID || attempt == 2 {
			break
		}
	}
	if err != nil {
		return Lead{}, err
	}
	l.Version = 1
	r.announced(ctx, t, EventCreated, l, by, nil)
	return l, nil
}

// prepare validates new lead l of tenant t made by by, stamps it and gives it and its vehicles
// ids (a lead with an id keeps it, and its vehicles theirs).
func (r *Repo) prepare(t store.Tenant, l Lead, by string) (Lead, error) {
	if err := validateNew(&l); err != nil {
		return Lead{}, err
	}
	acct, err := strconv.ParseInt(t.Account(), 10, 64)
	if err != nil {
		return Lead{}, apperr.Wrap(apperr.Internal, err, "the tenant is not an account id")
	}
	now := r.now().UTC()
	l.AccountID, l.CreatedAt, l.CreatedBy, l.UpdatedAt, l.UpdatedBy, l.StatusChangedAt = acct, now, by, now, by, now
	l.Vehicles, l.TradeIns = slices.Clone(l.Vehicles), slices.Clone(l.TradeIns)
	if l.Vehicles == nil {
		l.Vehicles = []VehicleOfInterest{}
	}
	choose(l.Vehicles, -1)
	if l.TradeIns == nil {
		l.TradeIns = []TradeIn{}
	}
	newIDs(&l, l.ID > 0)
	return l, nil
}

// newIDs gives l and its vehicles new ids; with fixed, only the vehicles without one.
func newIDs(l *Lead, fixed bool) {
	if !fixed {
		l.ID = newID()
	}
	for i := range l.Vehicles {
		if !fixed || l.Vehicles[i].CrmLeadVoiID < 1 {
			l.Vehicles[i].CrmLeadVoiID = newID()
		}
	}
	for i := range l.TradeIns {
		if !fixed || l.TradeIns[i].CrmLeadTradeID < 1 {
			l.TradeIns[i].CrmLeadTradeID = newID()
		}
	}
}

func (r *Repo) insert(ctx context.Context, t store.Tenant, l Lead, extra func(Lead) ([]store.Op, error)) error {
	ops, err := insertOps(t, l, extra)
	if err != nil {
		return err
	}
	if err := r.s.Transact(ctx, ops...); err != nil {
		if apperr.CodeOf(err) == apperr.Conflict {
			return err
		}
		return fmt.Errorf("create lead %d: %w", l.ID, err)
	}
	return nil
}

// insertOps returns the writes that create prepared lead l: the lead, its pointer items, its
// first change-log entry and extra's.
func insertOps(t store.Tenant, l Lead, extra func(Lead) ([]store.Op, error)) ([]store.Op, error) {
	logged, err := logOps(t, nil, &l, l.CreatedBy)
	if err != nil {
		return nil, err
	}
	created := l
	created.Version = 1
	e, err := event(t, EventCreated, created, l.CreatedBy, nil)
	if err != nil {
		return nil, err
	}
	announce, err := eventbus.OutboxOp(t, e)
	if err != nil {
		return nil, err
	}
	logged = append(logged, announce)
	rec, err := record(t, l, 0)
	if err != nil {
		return nil, err
	}
	pk, err := pointerKey(t, l.ID)
	if err != nil {
		return nil, err
	}
	ops := []store.Op{
		store.CreateOp(rec),
		store.CreateOp(store.Record{Key: pk, Type: "LeadPointer", Value: pointer{LeadID: l.ID, ContactID: l.ContactID}}),
	}
	vops, err := vehicleOps(t, nil, l)
	if err != nil {
		return nil, err
	}
	ops = append(ops, vops...)
	ops = append(ops, logged...)
	if extra != nil {
		more, err := extra(l)
		if err != nil {
			return nil, err
		}
		ops = append(ops, more...)
	}
	return ops, nil
}

// read returns lead id and the version it is at.
func (r *Repo) read(ctx context.Context, t store.Tenant, id int64) (Lead, int64, error) {
	if id < 1 {
		return Lead{}, 0, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	pk, err := pointerKey(t, id)
	if err != nil {
		return Lead{}, 0, err
	}
	var p pointer
	if _, err := r.s.Get(ctx, pk, &p); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Lead{}, 0, apperr.Errorf(apperr.NotFound, MsgNotFound)
		}
		return Lead{}, 0, fmt.Errorf("get lead pointer %d: %w", id, err)
	}
	return r.readAt(ctx, t, p.ContactID, id)
}

func (r *Repo) readAt(ctx context.Context, t store.Tenant, contactID, id int64) (Lead, int64, error) {
	k, err := leadKey(t, contactID, id)
	if err != nil {
		return Lead{}, 0, err
	}
	var l Lead
	v, err := r.s.Get(ctx, k, &l)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Lead{}, 0, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return Lead{}, 0, fmt.Errorf("get lead %d: %w", id, err)
	}
	l.Version = v
	if l.Vehicles == nil {
		l.Vehicles = []VehicleOfInterest{}
	}
	if l.TradeIns == nil {
		l.TradeIns = []TradeIn{}
	}
	return l, v, nil
}

// Get returns lead id of tenant t. A missing lead is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, id int64) (Lead, error) {
	l, _, err := r.read(ctx, t, id)
	return l, err
}

// ForContact returns the leads of the contacts owners (a contact's Owners()), newest first.
func (r *Repo) ForContact(ctx context.Context, t store.Tenant, owners []int64) ([]Lead, error) {
	var all []Lead
	for _, id := range owners {
		part, err := contactkey.Of(t, id)
		if err != nil {
			return nil, err
		}
		ls, err := store.QueryAll[Lead](ctx, r.s, store.Query{Partition: part, SortPrefix: "LEAD#"})
		if err != nil {
			return nil, fmt.Errorf("leads of contact %d: %w", id, err)
		}
		all = append(all, ls...)
	}
	slices.SortFunc(all, func(a, b Lead) int { return b.CreatedAt.Compare(a.CreatedAt) })
	for i := range all {
		if all[i].Vehicles == nil {
			all[i].Vehicles = []VehicleOfInterest{}
		}
		if all[i].TradeIns == nil {
			all[i].TradeIns = []TradeIn{}
		}
	}
	return all, nil
}

// Page is one page of a store's leads.
type Page struct {
	Leads []Lead
	// Next continues the list; "" on the last page.
	Next string
}

// ByStatus returns one page of the leads of store storeID in status (a stored status, or
// StatusUnclaimed for the leads open to claims), newest first.
func (r *Repo) ByStatus(ctx context.Context, t store.Tenant, storeID int64, status Status, limit int, cursor string) (Page, error) {
	q := store.Query{Limit: limit, Cursor: cursor, Descending: true}
	var err error
	switch {
	case status == StatusUnclaimed:
		q.Index = "GSI2"
		q.Partition, err = t.Partition("LC", idPart(storeID))
	case slices.Contains(Statuses(), status):
		q.Index = "GSI1"
		q.Partition, err = t.Partition("LS", idPart(storeID), strconv.Itoa(int(status)))
	default:
		return Page{}, apperr.InvalidFields("The lead status is not valid.", map[string]string{"status": fmt.Sprintf("%d is not a lead status that can be listed.", int(status))})
	}
	if err != nil {
		return Page{}, err
	}
	page, err := r.s.Query(ctx, q)
	if err != nil {
		return Page{}, err
	}
	var ls []Lead
	if err := page.Decode(&ls); err != nil {
		return Page{}, err
	}
	for i := range ls {
		if ls[i].Vehicles == nil {
			ls[i].Vehicles = []VehicleOfInterest{}
		}
		if ls[i].TradeIns == nil {
			ls[i].TradeIns = []TradeIn{}
		}
	}
	return Page{Leads: ls, Next: page.Next}, nil
}

// mutate applies change to lead id, if allow accepts the stored lead, and stores the result
// with its vehicle pointers. When another write got in between it re-reads the lead and
// applies change again, so change checks its rules against the latest state. It returns the
// saved lead and publishes the event change names.
func (r *Repo) mutate(ctx context.Context, t store.Tenant, id int64, by string, allow func(Lead) error, change func(*Lead) (string, Changed, error)) (Lead, error) {
	return r.mutateWith(ctx, t, id, by, maxAttempts, allow, func(l *Lead) (string, Changed, []store.Op, error) {
		typ, d, err := change(l)
		return typ, d, nil, err
	})
}

// mutateWith is mutate whose change also returns writes of its own for the lead's
// transaction, making up to attempts tries.
func (r *Repo) mutateWith(ctx context.Context, t store.Tenant, id int64, by string, attempts int, allow func(Lead) error, change func(*Lead) (string, Changed, []store.Op, error)) (Lead, error) {
	for attempt := 1; ; attempt++ {
		old, v, err := r.read(ctx, t, id)
		if err != nil {
			return Lead{}, err
		}
		if allow != nil {
			if err := allow(old); err != nil {
				return Lead{}, err
			}
		}
		l := old
		l.Vehicles, l.TradeIns = slices.Clone(old.Vehicles), slices.Clone(old.TradeIns)
		typ, detail, extra, err := change(&l)
		if err != nil {
			return Lead{}, err
		}
		l.UpdatedAt, l.UpdatedBy = r.now().UTC(), by
		if typ != EventAssigned && typ != EventClaimed {
			// Holding a lead is not working it: it stays New until its holder acts on it.
			l.Worked = true
		}
		logged, err := logOps(t, &old, &l, by)
		if err != nil {
			return Lead{}, err
		}
		cancel, err := reassignCancelOps(t, old, &l)
		if err != nil {
			return Lead{}, err
		}
		rec, err := record(t, l, v)
		if err != nil {
			return Lead{}, err
		}
		changed := l
		changed.Version = v + 1
		e, err := event(t, typ, changed, by, &detail)
		if err != nil {
			return Lead{}, err
		}
		announce, err := eventbus.OutboxOp(t, e)
		if err != nil {
			return Lead{}, err
		}
		ops := []store.Op{store.UpdateOp(rec), announce}
		vops, err := vehicleOps(t, &old, l)
		if err != nil {
			return Lead{}, err
		}
		ops = append(ops, vops...)
		ops = append(ops, logged...)
		ops = append(ops, cancel...)
		ops = append(ops, extra...)
		err = r.s.Transact(ctx, ops...)
		if (apperr.CodeOf(err) == apperr.Conflict || transactionConflict(err)) && attempt < attempts {
			continue
		}
		if apperr.CodeOf(err) == apperr.Conflict {
			return Lead{}, apperr.Wrap(apperr.Conflict, err, "The lead was changed by someone else. Reload it and try again.")
		}
		if err != nil {
			return Lead{}, fmt.Errorf("save lead %d: %w", id, err)
		}
		l.Version = v + 1
		r.recordActivity(ctx, t, e)
		return l, nil
	}
}

// Transition applies action to lead id, if allow accepts it, recording reason (optional). An
// action the transition table does not allow from the lead's status is a Conflict error and
// changes nothing.
func (r *Repo) Transition(ctx context.Context, t store.Tenant, id int64, action Action, reason, by string, allow func(Lead) error) (Lead, error) {
	if len(reason) > MaxReasonLength {
		return Lead{}, apperr.InvalidFields("The reason is too long.", map[string]string{"reason": fmt.Sprintf("The reason is longer than %d characters.", MaxReasonLength)})
	}
	return r.mutate(ctx, t, id, by, allow, func(l *Lead) (string, Changed, error) {
		return transition(l, action, reason, r.now().UTC())
	})
}

// transition applies action to l at now, recording reason.
func transition(l *Lead, action Action, reason string, now time.Time) (string, Changed, error) {
	to, err := Next(l.Status, action)
	if err != nil {
		return "", Changed{}, err
	}
	from := l.Status
	l.Status, l.StatusChangedAt, l.Reason = to, now, reason
	return EventStatusChanged, Changed{FromStatus: from, Action: action, ActivityType: action.ActivityType()}, nil
}

// Assignment is who holds a lead.
type Assignment struct {
	SalesPersonID string `json:"salesPersonId" required:"false" maxLength:"64" doc:"The sales person holding the lead; empty for none."`
	BDCAgentID    string `json:"bdcAgentId" required:"false" maxLength:"64" doc:"The BDC agent holding the lead; empty for none."`
}

// Assign sets who holds lead id, if allow accepts it. A closed lead (not active nor sold
// pending) is a Conflict error.
func (r *Repo) Assign(ctx context.Context, t store.Tenant, id int64, a Assignment, by string, allow func(Lead) error) (Lead, error) {
	return r.mutate(ctx, t, id, by, allow, func(l *Lead) (string, Changed, error) { return assign(l, a) })
}

// assign gives l to the holders of a.
func assign(l *Lead, a Assignment) (string, Changed, error) {
	if l.Status != StatusActive && l.Status != StatusSoldPending {
		return "", Changed{}, apperr.Errorf(apperr.Conflict, "A %s lead cannot be reassigned. Reactivate it first.", l.Status.label())
	}
	if l.SalesPersonID == a.SalesPersonID && l.BDCAgentID == a.BDCAgentID {
		return "", Changed{}, apperr.Errorf(apperr.Conflict, "The lead is assigned to them already.")
	}
	l.SalesPersonID, l.BDCAgentID = a.SalesPersonID, a.BDCAgentID
	return EventAssigned, Changed{Fields: []string{"salesPersonId", "bdcAgentId"}}, nil
}

// MsgClaimedFirst is the message of a claim that lost to another: the lead is held already.
const MsgClaimedFirst = "Someone else claimed this lead first."

// Claim gives lead id to userID (as its BDC agent when bdc is set, else its sales person), if
// the lead is open to claims and allow accepts it. Of two claims at the same moment exactly one
// wins; the other is a Conflict error with MsgClaimedFirst.
func (r *Repo) Claim(ctx context.Context, t store.Tenant, id int64, userID string, bdc bool, allow func(Lead) error) (Lead, error) {
	return r.mutate(ctx, t, id, userID, allow, func(l *Lead) (string, Changed, error) {
		return claim(l, userID, bdc, r.now().UTC())
	})
}

// claim gives l to userID at now, if it is open to claims.
func claim(l *Lead, userID string, bdc bool, now time.Time) (string, Changed, error) {
	switch {
	case l.Status != StatusActive:
		return "", Changed{}, apperr.Errorf(apperr.Conflict, "A %s lead cannot be claimed.", l.Status.label())
	case l.SalesPersonID == userID || l.BDCAgentID == userID:
		return "", Changed{}, apperr.Errorf(apperr.Conflict, "You hold this lead already.")
	case l.SalesPersonID != "" || l.BDCAgentID != "":
		return "", Changed{}, apperr.Errorf(apperr.Conflict, MsgClaimedFirst)
	case !l.Claimable:
		return "", Changed{}, apperr.Errorf(apperr.Conflict, "This lead is not open to claims: a manager assigns it.")
	}
	if bdc {
		l.BDCAgentID = userID
	} else {
		l.SalesPersonID = userID
	}
	l.ClaimedAt = &now
	return EventClaimed, Changed{}, nil
}

// SetTypeAndSource changes the type and the source of lead id, if allow accepts it. The source
// must be one of the lead's store (0 keeps none); an unknown type or source is an Invalid error.
func (r *Repo) SetTypeAndSource(ctx context.Context, t store.Tenant, id int64, typeID int, sourceID int64, by string, allow func(Lead) error) (Lead, error) {
	if !ValidType(typeID) {
		return Lead{}, apperr.InvalidFields("The lead type is not valid.", map[string]string{"leadTypeId": fmt.Sprintf("%d is not a lead type.", typeID)})
	}
	var sources []Source
	return r.mutate(ctx, t, id, by, allow, func(l *Lead) (string, Changed, error) {
		name := ""
		if sourceID != 0 {
			if sources == nil {
				var err error
				if sources, err = r.Sources(ctx, t, l.AccountPlatformID); err != nil {
					return "", Changed{}, err
				}
			}
			i := slices.IndexFunc(sources, func(s Source) bool { return s.LeadSourceID == sourceID })
			if i < 0 {
				return "", Changed{}, apperr.InvalidFields("The lead source is not valid.", map[string]string{"leadSourceId": "The source is not one of the lead's store."})
			}
			name = sources[i].Name
		}
		var fields []string
		if l.LeadTypeID != typeID {
			fields = append(fields, "leadTypeId")
		}
		if l.LeadSourceID != sourceID {
			fields = append(fields, "leadSourceId")
		}
		l.LeadTypeID, l.LeadSourceID, l.LeadSourceName = typeID, sourceID, name
		return EventUpdated, Changed{Fields: fields}, nil
	})
}

// transactionConflict reports whether err is a transaction DynamoDB cancelled because another
// transaction was writing the same item at that moment: the change is retried like a lost race.
func transactionConflict(err error) bool {
	var canceled *types.TransactionCanceledException
	if !errors.As(err, &canceled) {
		return false
	}
	for _, reason := range canceled.CancellationReasons {
		if aws.ToString(reason.Code) == "TransactionConflict" {
			return true
		}
	}
	return false
}

// event returns the event of type typ announcing lead l's change by user by, l at its new
// version.
func event(t store.Tenant, typ string, l Lead, by string, detail *Changed) (eventbus.Event, error) {
	var d Changed
	if detail != nil {
		d = *detail
	}
	d.LeadID, d.ContactID, d.AccountPlatformID, d.Version, d.UserID = l.ID, l.ContactID, l.AccountPlatformID, l.Version, by
	d.LeadTypeID, d.LeadSourceID, d.Status, d.SalesPersonID, d.BDCAgentID = l.LeadTypeID, l.LeadSourceID, l.Status, l.SalesPersonID, l.BDCAgentID
	body, err := json.Marshal(d)
	if err != nil {
		return eventbus.Event{}, fmt.Errorf("marshal lead event: %w", err)
	}
	return eventbus.Event{
		ID:      fmt.Sprintf("lead-%d-v%d", l.ID, l.Version),
		Type:    typ,
		Account: t.Account(),
		Time:    l.UpdatedAt,
		Detail:  body,
	}, nil
}

// announced records the committed change of lead l (its event already in the outbox) in its
// contact's activity.
func (r *Repo) announced(ctx context.Context, t store.Tenant, typ string, l Lead, by string, detail *Changed) {
	if r.activity == nil {
		return
	}
	e, err := event(t, typ, l, by, detail)
	if err != nil {
		r.log.ErrorContext(ctx, "lead activity", "lead", l.ID, "err", err)
		return
	}
	r.recordActivity(ctx, t, e)
}
