package demo_test

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/google/go-cmp/cmp"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func TestBuildIsDeterministic(t *testing.T) {
	t.Parallel()
	if diff := cmp.Diff(demo.Build(), demo.Build()); diff != "" {
		t.Errorf("two builds differ (-first +second):\n%s", diff)
	}
}

// TestSeedTwiceKeepsChanges seeds, changes a seeded item as a user would, and seeds again:
// the second seed succeeds and keeps the change.
func TestSeedTwiceKeepsChanges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc := wiring.New(dynamotest.Store(t), eventbus.NewMemory(), slog.New(slog.NewJSONHandler(io.Discard, nil)))
	subjects := func(_ context.Context, l demo.Login) (string, error) { return "sub-" + l.Profile.UserID, nil }
	g := demo.Build()
	if err := demo.Seed(ctx, svc, g, subjects); err != nil {
		t.Fatal(err)
	}
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	dealers := dealer.NewRepo(svc.Store)
	s, err := dealers.Get(ctx, tn, demo.StoreHyundai)
	if err != nil {
		t.Fatal(err)
	}
	s.IsBdcEnabled = true
	if _, err := dealers.Save(ctx, tn, s.Settings, s.Version, "100008"); err != nil {
		t.Fatal(err)
	}
	if err := demo.Seed(ctx, svc, g, subjects); err != nil {
		t.Fatalf("second seed: %v", err)
	}
	after, err := dealers.Get(ctx, tn, demo.StoreHyundai)
	if err != nil {
		t.Fatal(err)
	}
	if !after.IsBdcEnabled || after.Version != 2 {
		t.Errorf("settings after the second seed = %+v, want the user's change at version 2", after)
	}
	users, err := svc.Users.List(ctx, tn)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(users), len(g.Logins)+len(g.Others)+len(g.Staff); got != want {
		t.Errorf("%d users, want %d", got, want)
	}
	subs, err := product.NewRepo(svc.Store).List(ctx, tn)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(subs), len(g.Setup.Products); got != want {
		t.Errorf("%d product subscriptions, want %d", got, want)
	}
}
