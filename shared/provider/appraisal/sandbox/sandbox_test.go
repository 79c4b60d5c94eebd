package sandbox

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/provider/appraisal"
)

func TestCreate(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)
	sb := New(0, func() time.Time { return now })
	store := sb.Store("1000", 2001)
	ok := appraisal.Request{VIN: "4T1BF1FK8CU512345", Odometer: 60000, Year: 2019, Make: "Toyota", Model: "Camry", Condition: appraisal.ConditionGood, AppraiserID: "va-2001-1"}
	with := func(f func(*appraisal.Request)) appraisal.Request { r := ok; f(&r); return r }
	tests := []struct {
		name  string
		req   appraisal.Request
		field string
	}{
		{name: "appraised", req: ok},
		{name: "short VIN", req: with(func(r *appraisal.Request) { r.VIN = "4T1BF1FK5CU5123" }), field: "vin"},
		{name: "VIN with an O", req: with(func(r *appraisal.Request) { r.VIN = "4T1BF1FK5CUO12345" }), field: "vin"},
		{name: "no odometer", req: with(func(r *appraisal.Request) { r.Odometer = 0 }), field: "odometer"},
		{name: "unknown condition", req: with(func(r *appraisal.Request) { r.Condition = "mint" }), field: "condition"},
		{name: "no appraiser", req: with(func(r *appraisal.Request) { r.AppraiserID = "" }), field: "appraiserId"},
		{name: "another store's appraiser", req: with(func(r *appraisal.Request) { r.AppraiserID = "va-2002-1" }), field: "appraiserId"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := store.Create(context.Background(), tt.req)
			if tt.field != "" {
				var e *appraisal.Error
				if !errors.As(err, &e) || !e.Invalid || e.Field != tt.field {
					t.Fatalf("err = %v, want Invalid on %s", err, tt.field)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.ID == "" || a.Value <= 0 || a.Value >= a.MarketValue || a.Appraiser.ID != "va-2001-1" || !a.CreatedAt.Equal(now) {
				t.Errorf("appraisal = %+v", a)
			}
		})
	}
}

func TestValueModel(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	base := appraisal.Request{Make: "Honda", Model: "Civic", Year: 2020, Odometer: 70000, Condition: appraisal.ConditionGood}
	_, good, _, _ := Value(base, now)
	worse := base
	worse.Condition = appraisal.ConditionPoor
	_, poor, _, _ := Value(worse, now)
	older := base
	older.Year = 2015
	_, old, _, _ := Value(older, now)
	higher := base
	higher.Odometer = 140000
	_, far, _, _ := Value(higher, now)
	if !(poor < good && old < good && far < good) {
		t.Errorf("good %v, poor %v, older %v, more miles %v: each should be below good", good, poor, old, far)
	}
	if _, again, _, _ := Value(base, now); again != good {
		t.Errorf("the same request valued %v then %v", good, again)
	}
}

func TestLatestByVINPerStore(t *testing.T) {
	t.Parallel()
	sb := New(0, nil)
	ctx := context.Background()
	a := sb.Store("1000", 2001)
	r := appraisal.Request{VIN: "4t1bf1fk8cu512345", Odometer: 1000, Year: 2024, Make: "Toyota", Model: "Camry", Condition: appraisal.ConditionExcellent, AppraiserID: "va-2001-2"}
	first, err := a.Create(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	second, err := a.Create(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	got, err := a.LatestByVIN(ctx, "4T1BF1FK8CU512345")
	if err != nil || got == nil || got.ID != second.ID || got.ID == first.ID {
		t.Fatalf("latest = %+v, %v; want %s", got, err, second.ID)
	}
	for _, other := range []appraisal.Provider{sb.Store("1000", 2002), sb.Store("2000", 2001)} {
		if got, err := other.LatestByVIN(ctx, r.VIN); err != nil || got != nil {
			t.Errorf("another store sees %+v, %v", got, err)
		}
	}
	if _, err := New(time.Hour, nil).Store("1000", 1).Users(canceled()); err == nil {
		t.Error("a cancelled call answered")
	}
}

func canceled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}
