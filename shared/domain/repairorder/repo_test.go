package repairorder_test

import (
	"context"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// TestInStore creates repair orders through the repository and reads a store's by the time
// they were opened: only that store's, only that dealer group's, the range's end left out.
func TestInStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	repo := repairorder.NewRepo(s)
	mine, _ := store.NewTenant("1001")
	other, _ := store.NewTenant("1002")
	now := dynamotest.Epoch()
	ro := func(number string, contact, storeID int64, opened time.Duration, closed bool) repairorder.RepairOrder {
		r := repairorder.RepairOrder{RONumber: number, ContactID: contact, AccountPlatformID: storeID, VIN: "4T1B11HK5KU123456",
			Year: 2019, Make: "Toyota", Model: "Camry", OpenedAt: now.Add(opened), Advisor: "Riley Novak",
			Lines: []repairorder.Line{{Description: "Oil change", PayType: repairorder.PayCustomer, Amount: 89.95}}}
		if closed {
			r.ClosedAt = r.OpenedAt.Add(4 * time.Hour)
		}
		return r
	}
	for _, r := range []repairorder.RepairOrder{
		ro("A-1", 11, 2001, -72*time.Hour, true),
		ro("A-2", 12, 2001, -24*time.Hour, false),
		ro("A-3", 11, 2001, -2*time.Hour, false),
		ro("B-1", 13, 2002, -24*time.Hour, true),
	} {
		if err := repo.Create(ctx, mine, r); err != nil {
			t.Fatalf("create %s: %v", r.RONumber, err)
		}
	}
	if err := repo.Create(ctx, other, ro("X-1", 11, 2001, -24*time.Hour, true)); err != nil {
		t.Fatal(err)
	}
	if err := repo.Create(ctx, mine, ro("A-1", 11, 2001, -72*time.Hour, true)); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("the same RO again = %v, want Conflict", err)
	}

	tests := []struct {
		name     string
		tenant   store.Tenant
		store    int64
		from, to time.Duration
		want     []string
	}{
		{"the last four days", mine, 2001, -96 * time.Hour, 0, []string{"A-1", "A-2", "A-3"}},
		{"the last two days", mine, 2001, -48 * time.Hour, 0, []string{"A-2", "A-3"}},
		{"the end is left out", mine, 2001, -96 * time.Hour, -24 * time.Hour, []string{"A-1"}},
		{"another store", mine, 2002, -96 * time.Hour, 0, []string{"B-1"}},
		{"another dealer group's store", other, 2001, -96 * time.Hour, 0, []string{"X-1"}},
		{"nothing opened", mine, 2001, -200 * time.Hour, -100 * time.Hour, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := repo.InStore(ctx, tt.tenant, tt.store, now.Add(tt.from), now.Add(tt.to))
			if err != nil {
				t.Fatal(err)
			}
			var numbers []string
			for _, r := range got {
				numbers = append(numbers, r.RONumber)
			}
			if len(numbers) != len(tt.want) {
				t.Fatalf("InStore = %v, want %v", numbers, tt.want)
			}
			for i := range numbers {
				if numbers[i] != tt.want[i] {
					t.Errorf("InStore = %v, want %v", numbers, tt.want)
				}
			}
		})
	}
}
