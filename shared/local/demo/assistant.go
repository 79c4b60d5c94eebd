package demo

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/autoassistant"
	"github.com/cxm/cxm/shared/domain/video"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// demoVideos are the videos each store's library starts with.
var demoVideos = []struct {
	subcategory        int
	title, description string
}{
	{1, "Welcome to the dealership", "Meet the team and see what to expect on your first visit."},
	{2, "Walkaround: what to look for", "A sales consultant walks around a new arrival and shows its features."},
	{5, "Your first service visit", "How drop-off, the multi-point inspection and pick-up work."},
	{6, "Tire pressure in two minutes", "Why tire pressure matters and how to check it at home."},
}

// seedAssistant seeds each store's video library (VD-demo-{store}-{n}) and, for the group's
// first hand-written customers, an assistant conversation that is being prepared
// (AA-demo-{contact}), without messages. The videos' files are uploaded by users (POST
// /cxp/video); the seeded ones are the library's entries.
func seedAssistant(ctx context.Context, svc wiring.Services, g Group) error {
	t, err := store.NewTenant(strconv.FormatInt(g.Account.ID, 10))
	if err != nil {
		return err
	}
	at := time.Date(2026, 1, 5, 15, 0, 0, 0, time.UTC)
	videos := video.NewRepo(svc.Store)
	for _, st := range g.Stores {
		for i, v := range demoVideos {
			_, err := videos.Add(ctx, t, video.Video{ID: fmt.Sprintf("VD-demo-%d-%d", st.AccountPlatformID, i+1), AccountPlatformID: st.AccountPlatformID,
				SubcategoryID: v.subcategory, Title: v.title, Description: v.description, ContentType: "video/webm",
				CreatedAt: at.Add(time.Duration(i) * time.Hour), CreatedBy: "system", CreatedByName: "CXM"})
			if err := ignoreExists(err); err != nil {
				return fmt.Errorf("seed video of store %d: %w", st.AccountPlatformID, err)
			}
		}
	}
	convs := autoassistant.NewRepo(svc.Store, activity.NewRepo(svc.Store, svc.Events, svc.Log))
	type seed struct {
		store int64
		to    string
	}
	seeds := map[int64]seed{ContactToyota: {StoreToyota, "maria.gonzalez@example.com"}, ContactHyundai: {StoreHyundai, "li.wei@example.ca"}}
	if g.Account.ID != AccountID {
		seeds = map[int64]seed{OtherContactID: {OtherStore, ""}}
	}
	for contactID, sd := range seeds {
		id := fmt.Sprintf("AA-demo-%d", contactID)
		if _, err := convs.Get(ctx, t, id); err == nil {
			continue
		}
		_, err := convs.Start(ctx, t, autoassistant.Conversation{ID: id, ContactID: contactID, AccountPlatformID: sd.store, Name: "Sales follow-up", To: sd.to,
			Kind: "Sales", Channel: autoassistant.ChannelEmail, Stage: autoassistant.StagePreparing, Status: autoassistant.StatusPreparingLead,
			Active: true, Messages: []autoassistant.Message{}, StartedAt: at, StartedBy: "system", StartedByName: "CXM"})
		if err := ignoreExists(err); err != nil {
			return fmt.Errorf("seed assistant conversation of %d: %w", contactID, err)
		}
	}
	return nil
}
