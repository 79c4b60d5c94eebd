package contact

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/contactkey"

	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// logChanges returns the change-log changes from old to c: every field by its JSON path, with
// sensitive values masked. A sensitive value that changed keeps a change even when its mask did
// not (a new SSN with the same last four digits).
func logChanges(old, c Contact) []changelog.Change {
	changes := changelog.Diff(logMap(old.Masked()), logMap(c.Masked()), skipInLog)
	olds, news := secrets(&old), secrets(&c)
	plain := func(list []secret, path string) (secret, bool) {
		i := slices.IndexFunc(list, func(s secret) bool { return s.path == path })
		if i < 0 {
			return secret{value: new(string)}, false
		}
		return list[i], true
	}
	paths := map[string]string{}
	for _, s := range append(slices.Clone(olds), news...) {
		paths[s.path] = s.name
	}
	for i := range changes {
		if _, ok := paths[changes[i].Field]; ok {
			changes[i].Masked = true
		}
	}
	for path, name := range paths {
		o, _ := plain(olds, path)
		n, _ := plain(news, path)
		if *o.value == *n.value || slices.ContainsFunc(changes, func(ch changelog.Change) bool { return ch.Field == path }) {
			continue
		}
		changes = append(changes, changelog.Change{Field: path, OldValue: maskOf(name, *o.value), NewValue: maskOf(name, *n.value), Masked: true})
	}
	slices.SortStableFunc(changes, func(a, b changelog.Change) int { return strings.Compare(a.Field, b.Field) })
	return changes
}

// skipInLog leaves out of the log the fields every save sets and the derived ones.
func skipInLog(path string) bool {
	switch path {
	case "id", "version", "accountId", "dealerId", "createdAt", "createdBy", "updatedAt", "updatedBy",
		"isTextable", "isEmailable", "sensitiveMasked", "mergedContactIds":
		return true
	}
	if strings.HasPrefix(path, "notes[") {
		return strings.HasSuffix(path, ".createdAt") || strings.HasSuffix(path, ".createdBy") || strings.HasSuffix(path, ".noteId")
	}
	if strings.HasPrefix(path, "phones[") {
		return strings.HasSuffix(path, ".id")
	}
	return false
}

// logMap is c as the log compares it: decoded JSON with each phone as the user entered it.
func logMap(c Contact) any {
	c.Phones = slices.Clone(c.Phones)
	for i := range c.Phones {
		id := c.Phones[i].ID
		c.Phones[i] = phoneCore(c.Phones[i])
		c.Phones[i].ID = id
	}
	b, _ := json.Marshal(c)
	var m any
	_ = json.Unmarshal(b, &m)
	return m
}

// LogSegments returns contact id of tenant t (as Get does) and the change logs its history is
// made of: its own, then those of the contacts merged into it, with their entry counts.
func (r *Repo) LogSegments(ctx context.Context, t store.Tenant, id int64) (Contact, []changelog.Segment, error) {
	rec, v, err := r.read(ctx, t, id)
	if err != nil {
		return Contact{}, nil, err
	}
	c, err := r.decrypt(ctx, t, rec.Contact)
	if err != nil {
		return Contact{}, nil, err
	}
	c.Version = v
	segs := []changelog.Segment{{ContactID: c.ID, Count: rec.LogSeq}}
	counts := map[int64]int64{}
	for _, l := range rec.MergedLogs {
		counts[l.ContactID] = l.Count
	}
	for _, m := range c.MergedContactIDs {
		segs = append(segs, changelog.Segment{ContactID: m, Count: counts[m]})
	}
	return c.Decorate(), segs, nil
}

// SaveMerge writes a merge in one transaction with ops:
//   - survivor (plaintext) over the stored survivor, which must be at survivor.Version, with its
//     search entries and a change-log entry of kind merged holding changes; its phones and notes
//     with id 0 are numbered after its own (a note keeps its author and time when it has them),
//     and its MergedContactIDs become its own, merged's id and merged's own;
//   - merged retired, which must be at merged.Version: its item records the survivor
//     (MergedInto), so reads of it are NotFound with MsgMergedInto, and its search entries are
//     removed, so searches find the survivor only.
//
// by made the merge (actor is the real user under impersonation, or ""). Both contacts must be
// of one store. A contact at another version, a contact already merged, or a failed condition
// of ops is a Conflict error; an invalid survivor is an Invalid error; nothing is written then.
func (r *Repo) SaveMerge(ctx context.Context, t store.Tenant, survivor, merged Contact, changes []changelog.Change, by, actor string, ops ...store.Op) error {
	if survivor.ID == merged.ID {
		return apperr.Errorf(apperr.Invalid, "A customer cannot be merged into itself.")
	}
	srec, sv, err := r.read(ctx, t, survivor.ID)
	if err != nil {
		return conflictIfGone(err)
	}
	mrec, mv, err := r.read(ctx, t, merged.ID)
	if err != nil {
		return conflictIfGone(err)
	}
	if sv != survivor.Version || mv != merged.Version {
		return apperr.Errorf(apperr.Conflict, msgConflict)
	}
	if srec.AccountPlatformID != mrec.AccountPlatformID {
		return apperr.Errorf(apperr.Invalid, "Only customers of one store can be merged.")
	}
	old, err := r.decrypt(ctx, t, srec.Contact)
	if err != nil {
		return err
	}
	c, err := Normalize(survivor)
	if err != nil {
		return err
	}
	if err := r.defineTags(ctx, t, &c, append(slices.Clone(old.Tags), mrec.Tags...)); err != nil {
		return err
	}
	now := r.now().UTC()
	c.ID, c.AccountID, c.AccountPlatformID, c.CreatedAt, c.CreatedBy, c.UpdatedAt, c.UpdatedBy = old.ID, old.AccountID, old.AccountPlatformID, old.CreatedAt, old.CreatedBy, now, by
	c.MergedContactIDs = mergedIDs(old.MergedContactIDs, append([]int64{mrec.ID}, mrec.MergedContactIDs...))
	keepMovedNotes(&c, old, now, by)
	keepPhones(&c, old, now)

	log := append(slices.Clone(changes), changelog.Change{Field: "mergedContactIds", OldValue: idsText(old.MergedContactIDs), NewValue: idsText(c.MergedContactIDs)})
	next := srec
	next.MergedLogs = append(slices.Clone(srec.MergedLogs), logCount{ContactID: mrec.ID, Count: mrec.LogSeq})
	next.MergedLogs = append(next.MergedLogs, mrec.MergedLogs...)
	writes, err := r.writeOps(ctx, t, c, sv, &next, save{by: by, actor: actor, kind: changelog.KindMerged, changes: log, event: EventUpdated, fields: changedFields(old, c)})
	if err != nil {
		return err
	}

	// The retired contact keeps its (encrypted) fields for the record, without search entries.
	retired := mrec
	retired.MergedInto, retired.Entries, retired.EntryDigest = survivor.ID, nil, ""
	k, err := contactKey(t, mrec.ID)
	if err != nil {
		return err
	}
	value, err := compactOf(retired)
	if err != nil {
		return err
	}
	writes = append(writes, store.UpdateOp(store.Record{Key: k, Type: "Contact", Value: value, Version: mv}))
	for _, sk := range mrec.Entries {
		ek, err := contactkey.Key(t, mrec.ID, sk)
		if err != nil {
			return err
		}
		writes = append(writes, store.RemoveOp(ek))
	}
	writes = append(writes, ops...)
	if len(writes) > maxWrites {
		return apperr.Errorf(apperr.Invalid, "These customers have too many phones, e-mail addresses, vehicles and tags to merge at once.")
	}
	err = r.s.Transact(ctx, writes...)
	if apperr.CodeOf(err) == apperr.Conflict {
		return apperr.Wrap(apperr.Conflict, err, msgConflict)
	}
	if err != nil {
		return fmt.Errorf("merge contact %d into %d: %w", mrec.ID, survivor.ID, err)
	}
	return nil
}

// conflictIfGone turns the NotFound of a contact merged or deleted meanwhile into a Conflict:
// the merge was planned over contacts that existed.
func conflictIfGone(err error) error {
	if e, ok := apperr.As(err); ok && e.Code == apperr.NotFound {
		return apperr.Wrap(apperr.Conflict, err, e.Message)
	}
	return err
}

// keepMovedNotes numbers the notes of c that have no id after old's, keeping the author and
// time they carry (a note moved from a merged contact) and stamping the others.
func keepMovedNotes(c *Contact, old Contact, now time.Time, by string) {
	var maxID int64
	for _, n := range old.Notes {
		maxID = max(maxID, n.NoteID)
	}
	for i := range c.Notes {
		n := &c.Notes[i]
		if n.NoteID > 0 {
			continue
		}
		maxID++
		n.NoteID = maxID
		if n.CreatedAt.IsZero() {
			n.CreatedAt, n.CreatedBy = now, by
		}
	}
}

// mergedIDs returns a followed by the ids of b it does not hold.
func mergedIDs(a, b []int64) []int64 {
	out := slices.Clone(a)
	for _, id := range b {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func idsText(ids []int64) string {
	parts := make([]string, 0, len(ids))
	for _, id := range ids {
		parts = append(parts, strconv.FormatInt(id, 10))
	}
	return strings.Join(parts, ", ")
}
