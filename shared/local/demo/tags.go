package demo

import (
	"context"
	"fmt"

	"github.com/cxm/cxm/shared/domain/tag"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// TagDefinitions returns the demo group's tags, in id order.
func TagDefinitions() []tag.Definition {
	return []tag.Definition{
		{TagID: 1, Name: "Service customer", TagTypeID: tag.TypeCustomer, Color: "#228BE6", Description: "Services a vehicle with us."},
		{TagID: 2, Name: "Repeat buyer", TagTypeID: tag.TypeCustomer, Color: "#40C057", Description: "Bought two or more vehicles from the group."},
		{TagID: 3, Name: "Fleet", TagTypeID: tag.TypeCustomer, Color: "#868E96", Description: "Buys for a business fleet."},
		{TagID: 4, Name: "Lease return", TagTypeID: tag.TypeSales, Color: "#FAB005", Description: "Lease ends within six months."},
		{TagID: 5, Name: "First-time buyer", TagTypeID: tag.TypeSales, Color: "#15AABF"},
		{TagID: 6, Name: "Trade-in ready", TagTypeID: tag.TypeSales, Color: "#FD7E14"},
		{TagID: 7, Name: "VIP", TagTypeID: tag.TypeCustomer, Color: "#BE4BDB", Description: "Gets the general manager's attention."},
		{TagID: 8, Name: "Warranty expiring", TagTypeID: tag.TypeService, Color: "#FA5252"},
		{TagID: 9, Name: "Service", TagTypeID: tag.TypeService, Color: "#4C6EF5"},
		{TagID: 10, Name: "Newsletter", TagTypeID: tag.TypeMarketing, Color: "#12B886", Description: "Subscribed to the monthly newsletter."},
		{TagID: 11, Name: "Event invitee", TagTypeID: tag.TypeMarketing, Color: "#E64980"},
	}
}

// SeedTags writes the demo group's tag definitions (tenant t) that are missing; existing ones
// are kept, so seeding again changes nothing.
func SeedTags(ctx context.Context, svc wiring.Services, t store.Tenant) error {
	tags := tag.NewRepo(svc.Store)
	for _, d := range TagDefinitions() {
		if _, err := tags.Create(ctx, t, d); ignoreExists(err) != nil {
			return fmt.Errorf("seed tag %d: %w", d.TagID, err)
		}
	}
	return nil
}
