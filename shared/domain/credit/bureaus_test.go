package credit_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/provider/bureau/sandbox"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// storeBureaus is a fake Bureaus: the stores in configured have the sandbox bureau, any other
// store is refused as not configured.
type storeBureaus struct {
	configured map[int64]bool
	asked      atomic.Int64
}

var _ credit.Bureaus = (*storeBureaus)(nil)

const notConfigured = "Credit reports are not configured for this store."

func (b *storeBureaus) Bureau(_ context.Context, _ store.Tenant, storeID int64) (credit.Bureau, error) {
	b.asked.Add(1)
	if !b.configured[storeID] {
		return nil, apperr.Errorf(apperr.Conflict, notConfigured)
	}
	return sandbox.New(sandbox.Config{}), nil
}

// TestStoreWithoutBureau checks that the service asks the applicant's store for its bureau: a
// store without one refuses the request and records nothing, and a pending request of a store
// whose bureau was removed is not brought up to date.
func TestStoreWithoutBureau(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := &storeBureaus{configured: map[int64]bool{}}
	svc := credit.NewService(dynamotest.Store(t), b, directory(t), nil, nil)
	p := principal(t)

	tests := []struct {
		name    string
		call    func() ([]credit.Request, error)
		wantErr bool
		want    int
	}{
		{name: "request at a store without a bureau", call: func() ([]credit.Request, error) {
			return svc.Request(ctx, p, credit.Order{ApplicantContactID: dana, Product: credit.PreScreen})
		}, wantErr: true},
		{name: "nothing was recorded", call: func() ([]credit.Request, error) { return svc.History(ctx, p, dana) }},
		{name: "the store gets a bureau", call: func() ([]credit.Request, error) {
			b.configured[2001] = true
			return svc.Request(ctx, p, credit.Order{ApplicantContactID: pending, Product: credit.PreScreen, Agencies: []credit.Agency{credit.Experian}})
		}, want: 1},
		{name: "its bureau is removed while a request is pending", call: func() ([]credit.Request, error) {
			b.configured[2001] = false
			return svc.History(ctx, p, pending)
		}, wantErr: true},
	}
	for _, tt := range tests {
		got, err := tt.call()
		if tt.wantErr {
			if e, ok := apperr.As(err); !ok || e.Code != apperr.Conflict || e.Message != notConfigured {
				t.Errorf("%s: error = %v, want the not-configured Conflict", tt.name, err)
			}
			continue
		}
		if err != nil || len(got) != tt.want {
			t.Errorf("%s = %+v, %v; want %d requests", tt.name, got, err, tt.want)
		}
	}
	if b.asked.Load() == 0 {
		t.Error("the service never asked for the store's bureau")
	}
}
