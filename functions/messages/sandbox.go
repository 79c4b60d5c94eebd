package messages

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/texting"
	"github.com/cxm/cxm/shared/provider/sms"
	smssandbox "github.com/cxm/cxm/shared/provider/sms/sandbox"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// SandboxPage returns the SMS sandbox's page of a local run, served below prefix (see smssandbox.Provider.Handler):
// the texts sent per customer number, and a reply made there received by the texting service
// as a reply from the provider's topic is. Nil when d has no SMS sandbox or is not a local run:
// the page is never served in AWS.
func SandboxPage(d wiring.Services, prefix string) http.Handler {
	sb := d.Providers.SMSSandbox()
	if sb == nil || !d.Providers.Local() {
		return nil
	}
	contacts := contact.NewRepo(d.Store, d.Encrypter, d.Events, d.Log)
	acts := activity.NewRepo(d.Store, d.Events, d.Log).WithClock(d.Store.Now)
	texts := texting.New(d.Store, contacts, acts, d.Accounts, d.Providers)
	return sb.Handler(prefix, func(ctx context.Context, t store.Tenant, storeID int64, in sms.Inbound) (smssandbox.Receipt, error) {
		got, err := texts.Receive(ctx, t, storeID, in)
		if err != nil {
			return smssandbox.Receipt{}, err
		}
		out := smssandbox.Receipt{ContactID: got.ContactID}
		if got.Keyword != consent.KeywordNone {
			out.Keyword = got.Keyword.String()
		}
		if got.Reply != nil {
			out.Answer = got.Reply.Text
		}
		return out, nil
	})
}
