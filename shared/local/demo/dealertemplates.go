package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/template"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// dealerTemplates are the e-mail and text templates every demo store starts with (users add
// more with createDealerTemplate).
func dealerTemplates() []template.Template {
	return []template.Template{
		{TemplateName: "Thank you for visiting", CategoryID: 1, ChannelID: template.ChannelEmail, Subject: "Thank you for visiting {StoreName}",
			Body: "Hi {CustomerFirstName},\n\nThank you for stopping by {StoreName} today. If you have any questions about the vehicles you saw, reply to this e-mail and I will get right back to you.\n\nBest regards,\n{SalesPersonName}\n{StoreName}"},
		{TemplateName: "Follow-up after test drive", CategoryID: 2, ChannelID: template.ChannelEmail, Subject: "How did you like the test drive, {CustomerFirstName}?",
			Body: "Hi {CustomerFirstName},\n\nIt was great meeting you. I would be glad to put numbers together for you or set up another drive.\n\n{SalesPersonName}\n{StoreName}"},
		{TemplateName: "Service reminder", CategoryID: 5, ChannelID: template.ChannelEmail, Subject: "Your vehicle is due for service at {StoreName}",
			Body: "Hello {CustomerName},\n\nOur records show your vehicle is due for its next service. Reply to this e-mail to choose a time that suits you.\n\n{StoreName} Service"},
		{TemplateName: "Appointment reminder (text)", CategoryID: 3, ChannelID: template.ChannelSMS,
			Body: "Hi {CustomerFirstName}, this is {SalesPersonFirstName} from {StoreName} confirming your appointment. Reply C to confirm."},
	}
}

// seedDealerTemplates gives each store of g the demo templates, with fixed ids so a repeated
// seed keeps them once.
func seedDealerTemplates(ctx context.Context, svc wiring.Services, g Group) error {
	t, err := account.Tenant(g.Account.ID)
	if err != nil {
		return err
	}
	repo := template.NewRepo(svc.Store)
	created := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	for _, st := range g.Stores {
		for i, tpl := range dealerTemplates() {
			tpl.TemplateID = st.AccountPlatformID*100 + int64(i+1)
			tpl.AccountPlatformID, tpl.TemplateTypeID, tpl.Status, tpl.CreatedAt = st.AccountPlatformID, template.TypeDealer, true, created
			if err := repo.Put(ctx, t, tpl); err != nil {
				return fmt.Errorf("seed template %s of store %d: %w", tpl.TemplateName, st.AccountPlatformID, err)
			}
		}
	}
	return nil
}
