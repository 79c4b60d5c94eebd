package contact

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"

	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/fieldcrypt"
	"github.com/cxm/cxm/shared/runtime/store"
)

// skContact is the sort key of the contact item in its partition (package contactkey).
const skContact = "CONTACT"

// Types of the events a contact's saves publish. Their detail is a Changed value.
const (
	EventCreated = "ContactCreated"
	EventUpdated = "ContactUpdated"
)

// Changed is the detail of EventCreated and EventUpdated.
type Changed struct {
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	Version           int64  `json:"version"`
	UserID            string `json:"userId"`
	// Fields are the JSON names of the fields the save changed (every field set, for a new
	// contact). Values are not carried: some are sensitive.
	Fields []string `json:"fields"`
}

// MsgNotFound is the message for a contact that does not exist or that the caller may not see.
const MsgNotFound = "The customer does not exist."

// MsgMergedInto is the message (a format taking the survivor's id) for a contact that was merged
// into another: it reads as not found, and the message names the contact to open instead.
const MsgMergedInto = "The customer was merged into customer %d."

// MsgVersion asks for the version of a contact being saved.
const MsgVersion = "Send the version the customer was read at."

// msgConflict is the message for a save of a stale version.
const msgConflict = "The customer was changed by someone else. Reload the customer and try again."

// Repo reads and writes contacts with their search entries; each save writes its event to the
// outbox in its own transaction.
type Repo struct {
	s   *store.Store
	enc fieldcrypt.Encrypter
	log *slog.Logger
	now func() time.Time
}

// NewRepo returns a repository over s that encrypts sensitive fields with enc. enc may be nil
// where no key is configured: contacts with sensitive values can then be neither saved nor read
// (an Internal error). The publisher is not used (events go through the outbox and the relay)
// and is kept so that existing callers build.
func NewRepo(s *store.Store, enc fieldcrypt.Encrypter, _ eventbus.Publisher, log *slog.Logger) *Repo {
	if log == nil {
		log = slog.Default()
	}
	return &Repo{s: s, enc: enc, log: log, now: s.Now}
}

// record is the stored contact: sensitive fields hold ciphertexts; Entries are the sort keys of
// its search entries and EntryDigest the digest of their content. LogSeq counts its change-log
// entries and MergedLogs those of the contacts merged into it (in MergedContactIDs order).
// MergedInto, once set, retires the contact: it was merged into that contact.
type record struct {
	Contact
	Entries     []string
	EntryDigest string
	LogSeq      int64
	MergedLogs  []logCount
	MergedInto  int64
}

// logCount is the number of change-log entries of a contact merged into another.
type logCount struct {
	ContactID int64
	Count     int64
}

// save is what a write records in the change log besides the contact: who saved it and, when
// the save changed fields, the entry's kind and changes.
type save struct {
	by, actor string
	kind      string
	changes   []changelog.Change
	// event is the type of the event the save announces ("" for none) and fields the
	// fields it names as changed.
	event  string
	fields []string
}

func contactKey(t store.Tenant, id int64) (store.Key, error) {
	return contactkey.Key(t, id, skContact)
}

// newID returns a random id in [1, 2^53): unique in practice across every tenant, and exact
// in JavaScript numbers.
func newID() int64 {
	for {
		var b [8]byte
		rand.Read(b[:])
		if id := int64(binary.BigEndian.Uint64(b[:]) >> 11); id > 0 {
			return id
		}
	}
}

func (r *Repo) read(ctx context.Context, t store.Tenant, id int64) (record, int64, error) {
	if id < 1 {
		return record{}, 0, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	k, err := contactKey(t, id)
	if err != nil {
		return record{}, 0, err
	}
	var rec record
	v, err := r.s.Get(ctx, k, &rec)
	if apperr.CodeOf(err) == apperr.NotFound {
		return record{}, 0, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return record{}, 0, fmt.Errorf("get contact %d: %w", id, err)
	}
	if rec.MergedInto != 0 {
		return record{}, 0, apperr.Errorf(apperr.NotFound, MsgMergedInto, rec.MergedInto)
	}
	return rec, v, nil
}

// Get returns contact id of tenant t with its sensitive fields in plaintext and its derived
// fields set. A missing contact is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, id int64) (Contact, error) {
	rec, v, err := r.read(ctx, t, id)
	if err != nil {
		return Contact{}, err
	}
	c, err := r.decrypt(ctx, t, rec.Contact)
	if err != nil {
		return Contact{}, err
	}
	c.Version = v
	return c.Decorate(), nil
}

// Create validates and stores in as a new contact of tenant t made by user by, and returns it
// with its id and version 1. An invalid contact is an Invalid error naming every bad field;
// nothing is written then.
func (r *Repo) Create(ctx context.Context, t store.Tenant, in Contact, by string) (Contact, error) {
	return r.CreateActing(ctx, t, in, by, "")
}

// CreateActing is Create by user by under impersonation by the real user actor ("" for none):
// the change log records both.
func (r *Repo) CreateActing(ctx context.Context, t store.Tenant, in Contact, by, actor string) (Contact, error) {
	c, err := Normalize(in)
	if err != nil {
		return Contact{}, err
	}
	if fields := maskedFields(c); len(fields) > 0 {
		return Contact{}, apperr.InvalidFields(NotValid, fields)
	}
	if err := r.defineTags(ctx, t, &c, nil); err != nil {
		return Contact{}, err
	}
	if c, err = stampNew(t, c, r.now().UTC(), by); err != nil {
		return Contact{}, err
	}
	for attempt := 0; ; attempt++ {
		c.ID = newID()
		err = r.write(ctx, t, c, 0, nil, save{by: by, actor: actor, kind: changelog.KindCreated, changes: logChanges(Contact{}, c), event: EventCreated, fields: changedFields(Contact{}, c)})
		if apperr.CodeOf(err) != apperr.Conflict || attempt == 2 {
			break
		}
	}
	if err != nil {
		return Contact{}, err
	}
	c.Version = 1
	return c.Decorate(), nil
}

// stampNew sets what a new contact's creation sets: its account, creation and update stamps,
// and the ids of its notes and phones.
func stampNew(t store.Tenant, c Contact, now time.Time, by string) (Contact, error) {
	acct, err := strconv.ParseInt(t.Account(), 10, 64)
	if err != nil {
		return Contact{}, apperr.Wrap(apperr.Internal, err, "the tenant is not an account id")
	}
	c.AccountID, c.CreatedAt, c.CreatedBy, c.UpdatedAt, c.UpdatedBy = acct, now, by, now, by
	c.Notes, c.Phones = slices.Clone(c.Notes), slices.Clone(c.Phones)
	for i := range c.Notes {
		c.Notes[i].NoteID, c.Notes[i].CreatedAt, c.Notes[i].CreatedBy = int64(i+1), now, by
	}
	for i := range c.Phones {
		c.Phones[i].ID, c.Phones[i].UpdatedAt = int64(i+1), &now
	}
	return c, nil
}

// Update validates in and replaces the stored contact in.ID with it, if the stored contact is
// at in.Version and allow accepts it (allow sees the stored contact, in plaintext, before
// anything is written; its error is returned as it is). Masked sensitive values keep the stored
// ones. It returns the saved contact. An invalid contact is an Invalid error, a missing one
// NotFound, and a stale version a Conflict: nothing is written then.
func (r *Repo) Update(ctx context.Context, t store.Tenant, in Contact, by string, allow func(Contact) error) (Contact, error) {
	return r.UpdateActing(ctx, t, in, by, "", allow)
}

// UpdateActing is Update by user by under impersonation by the real user actor ("" for none):
// the change log records both.
func (r *Repo) UpdateActing(ctx context.Context, t store.Tenant, in Contact, by, actor string, allow func(Contact) error) (Contact, error) {
	c, err := Normalize(in)
	if in.Version < 1 {
		fields := map[string]string{"version": MsgVersion}
		if e, ok := apperr.As(err); ok && e.Code == apperr.Invalid {
			maps.Copy(fields, e.Fields)
		}
		return Contact{}, apperr.InvalidFields(NotValid, fields)
	}
	if err != nil {
		return Contact{}, err
	}
	rec, v, err := r.read(ctx, t, in.ID)
	if err != nil {
		return Contact{}, err
	}
	old, err := r.decrypt(ctx, t, rec.Contact)
	if err != nil {
		return Contact{}, err
	}
	if err := allow(old.Decorate()); err != nil {
		return Contact{}, err
	}
	if in.Version != v {
		return Contact{}, apperr.Errorf(apperr.Conflict, msgConflict)
	}
	if fields := unmask(&c, old); len(fields) > 0 {
		return Contact{}, apperr.InvalidFields(NotValid, fields)
	}
	if err := r.defineTags(ctx, t, &c, old.Tags); err != nil {
		return Contact{}, err
	}
	now := r.now().UTC()
	c.ID, c.AccountID, c.CreatedAt, c.CreatedBy, c.UpdatedAt, c.UpdatedBy = old.ID, old.AccountID, old.CreatedAt, old.CreatedBy, now, by
	c.MergedContactIDs = old.MergedContactIDs
	keepNotes(&c, old, now, by)
	keepPhones(&c, old, now)
	if err := r.write(ctx, t, c, v, &rec, save{by: by, actor: actor, kind: changelog.KindUpdated, changes: logChanges(old, c), event: EventUpdated, fields: changedFields(old, c)}); err != nil {
		return Contact{}, err
	}
	c.Version = v + 1
	return c.Decorate(), nil
}

// SetHot marks contact id hot or not, re-reading it when another save got in between (no
// update is lost), if allow accepts the stored contact. It returns the contact.
func (r *Repo) SetHot(ctx context.Context, t store.Tenant, id int64, hot bool, by string, allow func(Contact) error) (Contact, error) {
	for attempt := 0; ; attempt++ {
		rec, v, err := r.read(ctx, t, id)
		if err != nil {
			return Contact{}, err
		}
		c, err := r.decrypt(ctx, t, rec.Contact)
		if err != nil {
			return Contact{}, err
		}
		if err := allow(c.Decorate()); err != nil {
			return Contact{}, err
		}
		if c.IsMarkedHot == hot {
			c.Version = v
			return c.Decorate(), nil
		}
		c.IsMarkedHot, c.UpdatedAt, c.UpdatedBy = hot, r.now().UTC(), by
		changes := []changelog.Change{{Field: "isMarkedHot", OldValue: strconv.FormatBool(!hot), NewValue: strconv.FormatBool(hot)}}
		err = r.write(ctx, t, c, v, &rec, save{by: by, kind: changelog.KindUpdated, changes: changes, event: EventUpdated, fields: []string{"isMarkedHot"}})
		if apperr.CodeOf(err) == apperr.Conflict && attempt < 4 {
			continue
		}
		if err != nil {
			return Contact{}, err
		}
		c.Version = v + 1
		return c.Decorate(), nil
	}
}

// stored is a contact's items as they are written: the contact item and its search entries by
// sort key.
type stored struct {
	main    store.Record
	entries map[string]store.Record
	sks     []string
	digest  string
}

// items returns the items of c (plaintext) at version: sensitive values encrypted, derived
// fields left out; log holds the change-log counters the contact item carries.
func (r *Repo) items(ctx context.Context, t store.Tenant, c Contact, version int64, log record) (stored, error) {
	enc, err := r.encrypt(ctx, t, c)
	if err != nil {
		return stored{}, err
	}
	enc.Version, enc.IsTextable, enc.IsEmailable, enc.SensitiveMasked = 0, false, false, false
	for i := range enc.Phones {
		updated := enc.Phones[i].UpdatedAt
		enc.Phones[i] = phoneCore(enc.Phones[i])
		enc.Phones[i].UpdatedAt = updated
	}
	entries, digest, err := entryRecords(t, c)
	if err != nil {
		return stored{}, err
	}
	sks := make([]string, 0, len(entries))
	for sk := range entries {
		sks = append(sks, sk)
	}
	slices.Sort(sks)
	k, err := contactKey(t, c.ID)
	if err != nil {
		return stored{}, err
	}
	value, err := compactOf(record{Contact: enc, Entries: sks, EntryDigest: digest, LogSeq: log.LogSeq, MergedLogs: log.MergedLogs})
	if err != nil {
		return stored{}, err
	}
	main := store.Record{Key: k, Type: "Contact", Value: value, Version: version}
	return stored{main: main, entries: entries, sks: sks, digest: digest}, nil
}

// write stores c (plaintext), its search entries and the change-log entry of sv in one
// transaction: created when version is 0, else replacing old, which is at version.
func (r *Repo) write(ctx context.Context, t store.Tenant, c Contact, version int64, old *record, sv save, extra ...store.Op) error {
	ops, err := r.writeOps(ctx, t, c, version, old, sv)
	if err != nil {
		return err
	}
	ops = append(ops, extra...)
	if len(ops) > maxWrites {
		return apperr.Errorf(apperr.Invalid, "The customer has too many phones, e-mail addresses, vehicles and tags to change at once. Save fewer changes at a time.")
	}
	err = r.s.Transact(ctx, ops...)
	if apperr.CodeOf(err) == apperr.Conflict {
		return apperr.Wrap(apperr.Conflict, err, msgConflict)
	}
	if err != nil {
		return fmt.Errorf("save contact %d: %w", c.ID, err)
	}
	return nil
}

// maxWrites is DynamoDB's limit of writes in one transaction.
const maxWrites = 100

// writeOps returns the writes of write.
func (r *Repo) writeOps(ctx context.Context, t store.Tenant, c Contact, version int64, old *record, sv save) ([]store.Op, error) {
	var counters record
	if old != nil {
		counters.LogSeq, counters.MergedLogs = old.LogSeq, old.MergedLogs
	}
	var entry []store.Op
	if len(sv.changes) > 0 {
		counters.LogSeq++
		op, err := changelog.Op(t, changelog.Revision{
			ContactID: c.ID, Seq: counters.LogSeq, At: c.UpdatedAt, UserID: sv.by, ActorUserID: sv.actor, Kind: sv.kind, Changes: sv.changes,
		})
		if err != nil {
			return nil, err
		}
		entry = append(entry, op)
	}
	st, err := r.items(ctx, t, c, version, counters)
	if err != nil {
		return nil, err
	}
	var ops []store.Op
	if version == 0 {
		ops = append(ops, store.CreateOp(st.main))
	} else {
		ops = append(ops, store.UpdateOp(st.main))
	}
	ops = append(ops, entry...)
	if sv.event != "" {
		op, err := eventOp(t, sv.event, c, version+1, sv.by, sv.fields)
		if err != nil {
			return nil, err
		}
		ops = append(ops, op)
	}
	if old == nil || old.EntryDigest != st.digest {
		for _, sk := range st.sks {
			ops = append(ops, store.PutOp(st.entries[sk]))
		}
	}
	if old != nil {
		for _, sk := range old.Entries {
			if _, ok := st.entries[sk]; ok {
				continue
			}
			ek, err := contactkey.Key(t, c.ID, sk)
			if err != nil {
				return nil, err
			}
			ops = append(ops, store.RemoveOp(ek))
		}
	}
	return ops, nil
}

// eventOp returns the outbox write of the event of type typ announcing contact c's save at
// version by user by, made in the save's own transaction.
func eventOp(t store.Tenant, typ string, c Contact, version int64, by string, fields []string) (store.Op, error) {
	detail, err := json.Marshal(Changed{ContactID: c.ID, AccountPlatformID: c.AccountPlatformID, Version: version, UserID: by, Fields: fields})
	if err != nil {
		return store.Op{}, fmt.Errorf("marshal contact event: %w", err)
	}
	return eventbus.OutboxOp(t, eventbus.Event{
		ID:      fmt.Sprintf("contact-%d-v%d", c.ID, version),
		Type:    typ,
		Account: t.Account(),
		Time:    c.UpdatedAt,
		Detail:  detail,
	})
}

// keepNotes keeps the creation of the notes c shares with old (by note id) and stamps the new
// ones.
func keepNotes(c *Contact, old Contact, now time.Time, by string) {
	var maxID int64
	byID := map[int64]Note{}
	for _, n := range old.Notes {
		byID[n.NoteID] = n
		maxID = max(maxID, n.NoteID)
	}
	for i := range c.Notes {
		n := &c.Notes[i]
		if o, ok := byID[n.NoteID]; ok && n.NoteID > 0 {
			n.CreatedAt, n.CreatedBy = o.CreatedAt, o.CreatedBy
			delete(byID, n.NoteID)
			continue
		}
		maxID++
		n.NoteID, n.CreatedAt, n.CreatedBy = maxID, now, by
	}
}

// keepPhones keeps the ids of the phones c shares with old and their update times when they
// did not change, and numbers the new ones.
func keepPhones(c *Contact, old Contact, now time.Time) {
	var maxID int64
	byID := map[int64]Phone{}
	for _, p := range old.Phones {
		byID[p.ID] = p
		maxID = max(maxID, p.ID)
	}
	for i := range c.Phones {
		p := &c.Phones[i]
		if o, ok := byID[p.ID]; ok && p.ID > 0 {
			delete(byID, p.ID)
			p.UpdatedAt = o.UpdatedAt
			if !reflect.DeepEqual(phoneCore(o), phoneCore(*p)) {
				p.UpdatedAt = &now
			}
			continue
		}
		maxID++
		p.ID, p.UpdatedAt = maxID, &now
	}
}

// phoneCore returns p without its derived fields, to compare what a user entered.
func phoneCore(p Phone) Phone {
	p.PhoneDisplay, p.Label, p.Extension, p.UpdatedAt = "", "", "", nil
	p.ContactPhoneID, p.ContactID, p.AccountID, p.AccountPlatformID = 0, 0, 0, 0
	return p
}

// changedFields returns the JSON names of the fields whose values differ between a and b,
// leaving out the fields every save changes.
func changedFields(a, b Contact) []string {
	ma, mb := asMap(a), asMap(b)
	var out []string
	for k, vb := range mb {
		switch k {
		case "id", "version", "accountId", "dealerId", "createdAt", "createdBy", "updatedAt", "updatedBy",
			"isTextable", "isEmailable", "sensitiveMasked":
			continue
		}
		if !reflect.DeepEqual(ma[k], vb) && !(isEmpty(ma[k]) && isEmpty(vb)) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// isEmpty reports whether a decoded JSON value is absent or empty (null, "", 0, false, [] or
// {}): an empty list and no list are the same to a user.
func isEmpty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case float64:
		return v == 0
	case bool:
		return !v
	case []any:
		return len(v) == 0
	case map[string]any:
		for _, x := range v {
			if !isEmpty(x) {
				return false
			}
		}
		return true
	}
	return false
}

func asMap(c Contact) map[string]any {
	b, _ := json.Marshal(c.Decorate())
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return m
}
