package workflows_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/cxm/cxm/events/workflows"
	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/domain/visit"
	"github.com/cxm/cxm/shared/runtime/eventbus"
)

// TestVisitSubjects checks which visit events rules can start and end on: a showroom visit
// started, and any visit completed.
func TestVisitSubjects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		typ    string
		kind   string
		want   int64
		wantOK bool
	}{
		{"showroom visit started", visit.EventStarted, visit.KindShowroom, rule.ActivityShowroomVisit, true},
		{"delivery started", visit.EventStarted, visit.KindDelivery, 0, false},
		{"showroom visit completed", visit.EventCompleted, visit.KindShowroom, rule.ActivityVisitCompleted, true},
		{"delivery completed", visit.EventCompleted, visit.KindDelivery, rule.ActivityVisitCompleted, true},
		{"visit canceled", visit.EventCanceled, visit.KindShowroom, 0, false},
		{"step changed", visit.EventItemChanged, visit.KindShowroom, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, _ := json.Marshal(visit.Changed{VisitID: "V-1", ContactID: 7001, AccountPlatformID: 5001, UserID: "100001", ByUserID: "100002", Kind: tc.kind})
			s, ok, err := workflows.SubjectOf(eventbus.Event{ID: "e", Type: tc.typ, Account: "1001", Time: time.Unix(0, 0), Detail: d})
			if err != nil {
				t.Fatal(err)
			}
			if ok != tc.wantOK || (ok && (s.ActivityTypeID != tc.want || s.ContactID != 7001 || s.StoreID != 5001 || s.SalesPersonID != "100001")) {
				t.Errorf("SubjectOf = %+v, %v; want activity %d, %v", s, ok, tc.want, tc.wantOK)
			}
		})
	}
	if _, ok := rule.ActivityTypeOf(rule.ActivityShowroomVisit); !ok {
		t.Error("the showroom visit is no activity type")
	}
}
