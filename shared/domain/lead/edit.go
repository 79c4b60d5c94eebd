package lead

import (
	"context"
	"fmt"
	"slices"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// CASL consents: how a customer of a Canadian store agreed to commercial messages (Canada's
// anti-spam law). Express consent is asked for and given; implied consent follows from an
// existing business relationship or an inquiry.
const (
	ConsentExpress = "express"
	ConsentImplied = "implied"
)

// ValidConsent reports whether c is a CASL consent.
func ValidConsent(c string) bool { return c == ConsentExpress || c == ConsentImplied }

// MsgStale is the message of a save made at a version of the lead that is not the latest.
const MsgStale = "The lead was changed by someone else since you opened it. Reload it and try again."

// Edit is what a lead's save changes: the fields a user edits on the lead itself. Its status,
// assignment and vehicles change through their own calls.
type Edit struct {
	Comments string
	TypeID   int
	SourceID int64
}

// Update applies e to lead id as the user by, if the lead is at version and allow accepts it.
// A lead changed since version (by anyone, even while this change is being written) is a
// Conflict error with MsgStale and nothing is written. An unknown type or a source that is not
// one of the lead's store (0 keeps none) is an Invalid error naming the field. An edit that
// changes nothing writes nothing and returns the lead as it is.
func (r *Repo) Update(ctx context.Context, t store.Tenant, id, version int64, e Edit, by string, allow func(Lead) error) (Lead, error) {
	fields := map[string]string{}
	if version < 1 {
		fields["version"] = "Send the version of the lead you edited."
	}
	if e.TypeID == 0 {
		e.TypeID = TypeInternet
	}
	if !ValidType(e.TypeID) {
		fields["leadTypeId"] = fmt.Sprintf("%d is not a lead type.", e.TypeID)
	}
	if len(e.Comments) > MaxCommentsLen {
		fields["comments"] = fmt.Sprintf("The comments are longer than %d characters.", MaxCommentsLen)
	}
	if len(fields) > 0 {
		return Lead{}, apperr.InvalidFields("The lead is not valid.", fields)
	}
	cur, _, err := r.read(ctx, t, id)
	if err != nil {
		return Lead{}, err
	}
	if allow != nil {
		if err := allow(cur); err != nil {
			return Lead{}, err
		}
	}
	if cur.Version != version {
		return Lead{}, apperr.Errorf(apperr.Conflict, MsgStale)
	}
	if cur.Comments == e.Comments && cur.LeadTypeID == e.TypeID && cur.LeadSourceID == e.SourceID {
		return cur, nil
	}
	sourceName := ""
	if e.SourceID != 0 {
		sources, err := r.Sources(ctx, t, cur.AccountPlatformID)
		if err != nil {
			return Lead{}, err
		}
		i := slices.IndexFunc(sources, func(s Source) bool { return s.LeadSourceID == e.SourceID })
		if i < 0 {
			return Lead{}, apperr.InvalidFields("The lead source is not valid.", map[string]string{"leadSourceId": "The source is not one of the lead's store."})
		}
		sourceName = sources[i].Name
	}
	return r.mutate(ctx, t, id, by, allow, func(l *Lead) (string, Changed, error) {
		// A retry after a lost race finds the lead at a later version: the edit was made
		// against what the other writer replaced, so it is refused rather than applied over it.
		if l.Version != version {
			return "", Changed{}, apperr.Errorf(apperr.Conflict, MsgStale)
		}
		var changed []string
		if l.LeadTypeID != e.TypeID {
			changed = append(changed, "leadTypeId")
		}
		if l.LeadSourceID != e.SourceID {
			changed = append(changed, "leadSourceId")
		}
		if l.Comments != e.Comments {
			changed = append(changed, "comments")
		}
		l.Comments, l.LeadTypeID, l.LeadSourceID, l.LeadSourceName = e.Comments, e.TypeID, e.SourceID, sourceName
		return EventUpdated, Changed{Fields: changed}, nil
	})
}
