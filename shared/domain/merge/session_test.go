package merge_test

import (
	"slices"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/merge"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func TestSessionAdd(t *testing.T) {
	t.Parallel()
	one := merge.Start("100001", 2001, 11, t0)
	two, err := one.Add(2001, 12, t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		session merge.Session
		store   int64
		contact int64
		code    apperr.Code
		message string
		want    []int64
	}{
		{"second contact", one, 2001, 12, "", "", []int64{11, 12}},
		{"same contact again", one, 2001, 11, apperr.Conflict, merge.MessageDuplicate, nil},
		{"contact of another store", one, 2002, 31, apperr.Conflict, merge.MessageOtherStore, nil},
		{"third contact", two, 2001, 13, apperr.Conflict, merge.MessageTwoSelected, nil},
		{"a contact of the full session again", two, 2001, 12, apperr.Conflict, merge.MessageDuplicate, nil},
		{"another store is told before the duplicate", two, 2002, 12, apperr.Conflict, merge.MessageOtherStore, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := tt.session.Add(tt.store, tt.contact, t0.Add(time.Hour))
			if tt.code != "" {
				e, ok := apperr.As(err)
				if !ok || e.Code != tt.code || e.Message != tt.message {
					t.Fatalf("Add = %v, want %s %q", err, tt.code, tt.message)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if ids := contactIDs(got); !slices.Equal(ids, tt.want) {
				t.Errorf("contacts = %v, want %v", ids, tt.want)
			}
			if !got.Updated.Equal(t0.Add(time.Hour)) || got.AccountPlatformID != 2001 || got.ID != tt.session.ID {
				t.Errorf("session = %+v", got)
			}
		})
	}
	if len(one.Contacts) != 1 {
		t.Errorf("Add changed the session it was called on: %+v", one)
	}
}

func TestSessionRemoveAndPair(t *testing.T) {
	t.Parallel()
	one := merge.Start("100001", 2001, 11, t0)
	two, _ := one.Add(2001, 12, t0)

	left, err := two.Remove(11, t0)
	if err != nil || !slices.Equal(contactIDs(left), []int64{12}) {
		t.Errorf("Remove(11) = %v, %v; want [12]", contactIDs(left), err)
	}
	empty, err := one.Remove(11, t0)
	if err != nil || len(empty.Contacts) != 0 {
		t.Errorf("Remove of the last contact = %v, %v; want none", contactIDs(empty), err)
	}
	if _, err := two.Remove(13, t0); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("Remove of a contact not in the session: %v, want NotFound", err)
	}

	tests := []struct {
		name        string
		session     merge.Session
		survivor    int64
		keep, merge int64
		code        apperr.Code
	}{
		{"the first added survives by default", two, 0, 11, 12, ""},
		{"the first chosen", two, 11, 11, 12, ""},
		{"the second chosen", two, 12, 12, 11, ""},
		{"a survivor not in the session", two, 13, 0, 0, apperr.Invalid},
		{"one contact", one, 0, 0, 0, apperr.Conflict},
		{"no contact", empty, 0, 0, 0, apperr.Conflict},
	}
	for _, tt := range tests {
		keep, drop, err := tt.session.Pair(tt.survivor)
		if apperr.CodeOf(err) != tt.code || keep != tt.keep || drop != tt.merge {
			t.Errorf("%s: Pair(%d) = %d, %d, %v; want %d, %d, %q", tt.name, tt.survivor, keep, drop, err, tt.keep, tt.merge, tt.code)
		}
	}
	if _, _, err := one.Pair(0); err == nil || err.(*apperr.Error).Message != merge.MessageNeedTwo {
		t.Errorf("Pair of one contact: %v, want %q", err, merge.MessageNeedTwo)
	}
}

func contactIDs(s merge.Session) []int64 {
	var out []int64
	for _, m := range s.Contacts {
		out = append(out, m.ContactID)
	}
	return out
}
