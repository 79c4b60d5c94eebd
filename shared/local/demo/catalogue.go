package demo

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// catalogueFeed is the demo group's catalogue feed: made-up colours, pictures, plan prices,
// features and fuel economy for a few trims of the makes it sells.
//
//go:embed catalogue-feed.json
var catalogueFeed []byte

// seedCatalogueFeed imports the demo catalogue feed for the demo group (the second group has
// none).
func seedCatalogueFeed(ctx context.Context, svc wiring.Services, g Group) error {
	if g.Account.ID != AccountID {
		return nil
	}
	cat, err := vehicle.Load()
	if err != nil {
		return err
	}
	f, err := vehicle.ParseFeed(bytes.NewReader(catalogueFeed), cat)
	if err != nil {
		return fmt.Errorf("demo catalogue feed: %w", err)
	}
	t, err := account.Tenant(g.Account.ID)
	if err != nil {
		return err
	}
	return vehicle.NewFeeds(svc.Store).Import(ctx, t, f)
}
