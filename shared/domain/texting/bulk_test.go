package texting_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/texting"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/cxm/cxm/shared/value/phone"
)

// countingStores counts the store reads of the texting service.
type countingStores struct {
	texting.Stores
	reads atomic.Int64
}

func (c *countingStores) Store(ctx context.Context, t store.Tenant, id int64) (account.Store, error) {
	c.reads.Add(1)
	return c.Stores.Store(ctx, t, id)
}

var _ texting.Stores = (*countingStores)(nil)

// TestBulkReadsEachStoreOnce sends bulk texts to customers of one, two or three stores (one
// store unknown): each store's rules are read once per send, whatever the number of customers.
func TestBulkReadsEachStoreOnce(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		perStore  map[int64]int
		wantReads int64
		wantSent  int
	}{
		{name: "one store", perStore: map[int64]int{storeID: 12}, wantReads: 1, wantSent: 12},
		{name: "two stores", perStore: map[int64]int{storeID: 9, storeID + 1: 7}, wantReads: 2, wantSent: 16},
		// A store that cannot be read sends nothing; the others send.
		{name: "a store gone", perStore: map[int64]int{storeID: 3, storeID + 2: 1}, wantReads: 2, wantSent: 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			s := dynamotest.Store(t).WithClock(func() time.Time { return noonPacific })
			log := slog.New(slog.NewTextHandler(io.Discard, nil))
			w := wiring.New(s, nil, log)
			tn, err := account.Tenant(accountID)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range []int64{storeID, storeID + 1} {
				if err := w.Accounts.CreateStore(ctx, account.Store{AccountPlatformID: id, AccountID: accountID, Name: fmt.Sprint("Store ", id), Country: "US", TimeZone: "America/Los_Angeles", Active: true}); err != nil {
					t.Fatal(err)
				}
			}
			contacts := contact.NewRepo(s, nil, nil, log)
			var msgs []texting.Message
			n := 0
			for st, count := range tc.perStore {
				for range count {
					n++
					create := st
					if st == storeID+2 {
						create = storeID + 1
					}
					c, err := contacts.Create(ctx, tn, contact.Contact{AccountPlatformID: create, FirstName: "Bulk", LastName: fmt.Sprint(n), SMSOptInStatusID: contact.SMSOptedIn,
						Phones: []contact.Phone{{Phone: fmt.Sprintf("503%07d", 5_550_000+n), IsMobile: true, PhoneTypeID: phone.TypeCell, IsPreferred: true}}}, "sp-a")
					if err != nil {
						t.Fatal(err)
					}
					msgs = append(msgs, texting.Message{ContactID: c.ID, AccountPlatformID: st, Text: "Winter service special", UserID: "sp-a", UserName: "Sam Seller"})
				}
			}
			stores := &countingStores{Stores: w.Accounts}
			svc := texting.New(s, contacts, activity.NewRepo(s, nil, log).WithClock(s.Now), stores, w.Providers)
			out, err := svc.Bulk(ctx, tn, msgs)
			if err != nil {
				t.Fatal(err)
			}
			sent := 0
			for _, o := range out {
				if o.Result.Sent {
					sent++
				}
			}
			if got, want := stores.reads.Load(), tc.wantReads; got != want {
				t.Errorf("store reads = %d, want %d", got, want)
			}
			if sent != tc.wantSent {
				t.Errorf("sent = %d, want %d", sent, tc.wantSent)
			}
		})
	}
}
