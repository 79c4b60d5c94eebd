package desk_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/desk"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// TestTermsReuse: a process reuses a store's terms it read for TermsReuse on its clock, a save
// elsewhere reaches it after that, and a save through its own repository at once.
func TestTermsReuse(t *testing.T) {
	ctx := context.Background()
	tenant, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	at := dynamotest.Epoch()
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return at
	}
	pass := func(d time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		at = at.Add(d)
	}
	s := dynamotest.Store(t).WithClock(now)
	here, elsewhere := desk.NewTermsRepo(s), desk.NewTermsRepo(s)
	const storeID = 3001
	terms := func(middle int) desk.DealerTerms {
		d := desk.StandardDealerTerms(storeID)
		d.Finance.Terms = [3]int{36, middle, 72}
		return d
	}
	get := func() int {
		t.Helper()
		d, err := here.Get(ctx, tenant, storeID)
		if err != nil {
			t.Fatal(err)
		}
		return d.Finance.Terms[1]
	}
	standard := payment.StandardTerms(payment.SalePurchase).Terms[1]
	if got := get(); got != standard {
		t.Fatalf("before any save: %d", got)
	}
	if _, err := elsewhere.Save(ctx, tenant, terms(48), 0, "100008", "Taylor Brooks"); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		do   func()
		want int
	}{
		{"a save elsewhere waits while the terms are reused", func() { pass(desk.TermsReuse - time.Second) }, standard},
		{"and is read once they are not", func() { pass(time.Second) }, 48},
		{"a save here is reused at once", func() {
			if _, err := here.Save(ctx, tenant, terms(39), 1, "100008", "Taylor Brooks"); err != nil {
				t.Fatal(err)
			}
		}, 39},
	}
	for _, st := range steps {
		st.do()
		if got := get(); got != st.want {
			t.Errorf("%s: middle term %d, want %d", st.name, got, st.want)
		}
	}
}
