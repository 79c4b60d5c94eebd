package wiring

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/credit"
	"github.com/cxm/cxm/shared/provider/appraisal"
	appraisalsandbox "github.com/cxm/cxm/shared/provider/appraisal/sandbox"
	"github.com/cxm/cxm/shared/provider/appraisal/vauto"
	assistantsandbox "github.com/cxm/cxm/shared/provider/assistant/sandbox"
	"github.com/cxm/cxm/shared/provider/bureau/sandbox"
	"github.com/cxm/cxm/shared/provider/bureau/sevenhundred"
	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/provider/calltrack/callrail"
	callsandbox "github.com/cxm/cxm/shared/provider/calltrack/sandbox"
	"github.com/cxm/cxm/shared/provider/latency"
	"github.com/cxm/cxm/shared/provider/mail"
	mailsandbox "github.com/cxm/cxm/shared/provider/mail/sandbox"
	"github.com/cxm/cxm/shared/provider/mail/ses"
	"github.com/cxm/cxm/shared/provider/mfrtag"
	"github.com/cxm/cxm/shared/provider/mfrtag/oasis"
	tagsandbox "github.com/cxm/cxm/shared/provider/mfrtag/sandbox"
	"github.com/cxm/cxm/shared/provider/model/bedrock"
	draftsandbox "github.com/cxm/cxm/shared/provider/model/sandbox"
	"github.com/cxm/cxm/shared/provider/recall"
	"github.com/cxm/cxm/shared/provider/recall/nhtsa"
	recallsandbox "github.com/cxm/cxm/shared/provider/recall/sandbox"
	"github.com/cxm/cxm/shared/provider/smartvincent"
	vincentsandbox "github.com/cxm/cxm/shared/provider/smartvincent/sandbox"
	"github.com/cxm/cxm/shared/provider/smartvincent/vincent"
	"github.com/cxm/cxm/shared/provider/sms"
	"github.com/cxm/cxm/shared/provider/sms/endusermessaging"
	smssandbox "github.com/cxm/cxm/shared/provider/sms/sandbox"
	"github.com/cxm/cxm/shared/provider/vehiclehistory"
	"github.com/cxm/cxm/shared/provider/vehiclehistory/carfaxca"
	historysandbox "github.com/cxm/cxm/shared/provider/vehiclehistory/sandbox"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Messages of a store whose provider is not configured.
const (
	MessageCreditNotConfigured       = "Credit reports are not configured for this store. Ask your dealer administrator to set up the store's credit bureau account."
	MessageCallTrackingNotConfigured = "Click-to-call is not configured for this store. Ask your dealer administrator to set up the store's call-tracking account."
	MessageAppraisalNotConfigured    = "Appraisals are not configured for this store. Ask your dealer administrator to set up the store's vAuto account."
	MessageVinCueNotConfigured       = "VinCue appraisals are not available for this store. Appraise the vehicle with vAuto."
	MessageHistoryNotConfigured      = "Vehicle history reports are not configured for this store. Ask your dealer administrator to set up the store's CARFAX Canada account."
	MessageTagNotConfigured          = "The manufacturer tag service is not configured for this store. Ask your dealer administrator to set up the store's OASIS access."
	MessageVincentNotConfigured      = "Smart Vincent is not configured for this store. Ask your dealer administrator to set up the store's Smart Vincent account."
	MessageMailNotConfigured         = "E-mail is not configured for this store. Ask your dealer administrator to set up the store's sender address."
	MessageSMSNotConfigured          = "Texting is not configured for this store. Ask your dealer administrator to set up the store's texting number."
)

// Sandboxes are the local providers and their simulated answer times.
type Sandboxes struct {
	Credit sandbox.Config
	Calls  callsandbox.Config
	// Recalls is the recall sandbox's latency.
	Recalls time.Duration
	// Appraisal, History and Tags are the latencies of the appraisal, vehicle history and
	// manufacturer tag sandboxes.
	Appraisal, History, Tags time.Duration
	// SMS is the text-message sandbox's latency.
	SMS time.Duration
	// Now is the sandboxes' clock (nil for the wall clock).
	Now func() time.Time
}

// SandboxesFromEnv reads the sandboxes' latencies (sandbox.LatencyEnv, callsandbox.LatencyEnv,
// recallsandbox.LatencyEnv, appraisalsandbox.LatencyEnv, historysandbox.LatencyEnv and
// tagsandbox.LatencyEnv); unset is none, and a value that is not a duration is an error.
func SandboxesFromEnv() (Sandboxes, error) {
	c, err := sandbox.ConfigFromEnv()
	if err != nil {
		return Sandboxes{}, err
	}
	k, err := callsandbox.ConfigFromEnv()
	if err != nil {
		return Sandboxes{}, err
	}
	sb := Sandboxes{Credit: c, Calls: k}
	for _, l := range []struct {
		env string
		to  *time.Duration
	}{
		{recallsandbox.LatencyEnv, &sb.Recalls}, {appraisalsandbox.LatencyEnv, &sb.Appraisal},
		{historysandbox.LatencyEnv, &sb.History}, {tagsandbox.LatencyEnv, &sb.Tags}, {smssandbox.LatencyEnv, &sb.SMS},
	} {
		if *l.to, err = latency.FromEnv(l.env); err != nil {
			return Sandboxes{}, err
		}
	}
	return sb, nil
}

// Stores reads a store's flags and provider configuration (account.Repo does).
type Stores interface {
	// Store returns the store; a missing one is an apperr NotFound error.
	Store(ctx context.Context, t store.Tenant, id int64) (account.Store, error)
}

// Secrets reads a provider's credentials (secret.Cache does).
type Secrets interface {
	JSON(ctx context.Context, name string, out any) error
}

// Providers chooses each store's adapter for every outside system. The rule: a local run
// serves every store with the sandboxes; in AWS a store marked as a demo store gets the
// sandboxes, a store with a configured provider the provider's real adapter (credentials from
// its secret), and any other store a Conflict error saying the provider is not configured —
// never made-up data. A configured secret must be one of the store's dealer group
// (account.OwnsSecret); any other is treated as no configuration.
type Providers struct {
	local   bool
	stores  Stores
	secrets Secrets
	client  *http.Client
	bureau  *sandbox.Bureau
	calls   *callsandbox.Provider
	recalls *recallsandbox.Provider
	apprais *appraisalsandbox.Sandbox
	vincue  *appraisalsandbox.Sandbox
	history *historysandbox.Provider
	tags    *tagsandbox.Provider
	vincent *vincentsandbox.Provider
	mail    *mailsandbox.Sink
	// ses sends the e-mail of configured stores in AWS.
	ses ses.API
	// localSES, when set, is the local SES stand-in that the e-mail of a local run goes to
	// instead of the sandbox sink, from the sandbox's sender address.
	localSES ses.API
	// assistant and drafter are the automated assistant's and the reply drafter's sandboxes;
	// bedrock drafts the replies of configured stores in AWS.
	assistant *assistantsandbox.Provider
	drafter   draftsandbox.Drafter
	bedrock   bedrock.API
	sms       *smssandbox.Provider
	// texts sends the texts of configured stores in AWS.
	texts endusermessaging.API
}

var (
	_ credit.Bureaus     = (*Providers)(nil)
	_ calltrack.Trackers = (*Providers)(nil)
	_ mail.Senders       = (*Providers)(nil)
	_ sms.Senders        = (*Providers)(nil)
)

// LocalProviders returns the providers of a local run: the sandboxes of sb for every store.
func LocalProviders(sb Sandboxes) *Providers {
	p := sandboxes(sb)
	p.local = true
	return p
}

// AWSProviders returns the providers of a run in AWS: stores are read from stores, credentials
// from secrets, and the real adapters send their requests with client (nil for each adapter's
// default, which has a timeout).
func AWSProviders(sb Sandboxes, stores Stores, secrets Secrets, client *http.Client) *Providers {
	p := sandboxes(sb)
	p.stores, p.secrets, p.client = stores, secrets, client
	return p
}

// sandboxes returns the providers with the sandboxes of sb.
func sandboxes(sb Sandboxes) *Providers {
	return &Providers{bureau: sandbox.New(sb.Credit), calls: callsandbox.New(sb.Calls), recalls: recallsandbox.New(sb.Recalls),
		apprais: appraisalsandbox.New(sb.Appraisal, sb.Now), vincue: appraisalsandbox.New(sb.Appraisal, sb.Now), history: historysandbox.New(sb.History, sb.Now), tags: tagsandbox.New(sb.Tags, sb.Now),
		vincent: vincentsandbox.New(sb.Tags, sb.Now), mail: mailsandbox.New(sb.Now), assistant: assistantsandbox.New(sb.Now),
		sms: smssandbox.New(sb.SMS, sb.Now)}
}

// WithSES returns p sending the e-mail of configured stores with api (a *sesv2.Client).
func (p *Providers) WithSES(api ses.API) *Providers {
	p.ses = api
	return p
}

// WithLocalSES returns p sending the e-mail of a local run through the SES adapter to api, the
// local SES stand-in (a *sesv2.Client of aws-ses-v2-local), instead of keeping it in the sink.
func (p *Providers) WithLocalSES(api ses.API) *Providers {
	p.localSES = api
	return p
}

// WithSMS returns p sending the texts of configured stores with api (a
// *pinpointsmsvoicev2.Client).
func (p *Providers) WithSMS(api endusermessaging.API) *Providers {
	p.texts = api
	return p
}

// choice is what serves a store: the sandbox, or the real adapter with cfg.
type choice struct {
	sandbox bool
	cfg     account.ProviderConfig
}

// choose applies the rule to store storeID of t for the provider pick selects; notConfigured
// is the message of a store without one.
func (p *Providers) choose(ctx context.Context, t store.Tenant, storeID int64, pick func(account.Providers) account.ProviderConfig, notConfigured string) (choice, error) {
	if p == nil {
		return choice{}, apperr.Errorf(apperr.Conflict, "%s", notConfigured)
	}
	if p.local {
		return choice{sandbox: true}, nil
	}
	st, err := p.stores.Store(ctx, t, storeID)
	if err != nil {
		return choice{}, fmt.Errorf("choose the provider of store %d: %w", storeID, err)
	}
	if st.Demo {
		return choice{sandbox: true}, nil
	}
	cfg := pick(st.Providers)
	if !cfg.Configured() {
		return choice{}, apperr.Errorf(apperr.Conflict, "%s", notConfigured)
	}
	if !account.OwnsSecret(t.Account(), cfg.Secret) {
		// Another dealer group's credentials are never used, whatever the item says.
		return choice{}, apperr.Wrap(apperr.Conflict, fmt.Errorf("store %d names the secret %s outside %s", storeID, cfg.Secret, account.SecretPrefix(t.Account())), notConfigured)
	}
	return choice{cfg: cfg}, nil
}

// Bureau returns the credit bureau of store storeID of tenant t by the rule of Providers.
func (p *Providers) Bureau(ctx context.Context, t store.Tenant, storeID int64) (credit.Bureau, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.Credit }, MessageCreditNotConfigured)
	if err != nil {
		return nil, err
	}
	if c.sandbox {
		return p.bureau, nil
	}
	return sevenhundred.New(sevenhundred.Config{BaseURL: c.cfg.BaseURL, Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.client}), nil
}

// Tracker returns the click-to-call provider of store storeID of tenant t by the rule of
// Providers.
func (p *Providers) Tracker(ctx context.Context, t store.Tenant, storeID int64) (calltrack.Tracker, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.CallTracking }, MessageCallTrackingNotConfigured)
	if err != nil {
		return nil, err
	}
	if c.sandbox {
		return p.calls, nil
	}
	return callrail.New(callrail.Config{BaseURL: c.cfg.BaseURL, Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.client}), nil
}

// CallReceiver returns the receiver of store storeID's post-call webhook deliveries by the rule
// of Providers, and whether it is the sandbox's: the sandbox's deliveries are signed with
// sandboxKey, a configured store's with the webhook key of its call-tracking secret.
func (p *Providers) CallReceiver(ctx context.Context, t store.Tenant, storeID int64, sandboxKey []byte) (calltrack.Receiver, bool, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.CallTracking }, MessageCallTrackingNotConfigured)
	if err != nil {
		return nil, false, err
	}
	if c.sandbox {
		return calltrack.KeyedReceiver{Key: sandboxKey}, true, nil
	}
	return callrail.New(callrail.Config{BaseURL: c.cfg.BaseURL, Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.client}), false, nil
}

// CallSandbox returns the call-tracking sandbox, which makes up the calls of the stores it
// serves.
func (p *Providers) CallSandbox() *callsandbox.Provider { return p.calls }

// Recalls returns the recall provider of store storeID of t: the sandbox locally and for a demo
// store, NHTSA's public recalls API (which needs no credentials) for any other store in AWS.
func (p *Providers) Recalls(ctx context.Context, t store.Tenant, storeID int64) (recall.Provider, error) {
	if p == nil {
		return nil, apperr.Errorf(apperr.Internal, "no providers")
	}
	if p.local {
		return p.recalls, nil
	}
	st, err := p.stores.Store(ctx, t, storeID)
	if err != nil {
		return nil, fmt.Errorf("choose the recall provider of store %d: %w", storeID, err)
	}
	if st.Demo {
		return p.recalls, nil
	}
	return nhtsa.New("", p.client), nil
}

// Appraiser returns the appraisal provider of store storeID of t by the rule of Providers: the
// sandbox (which keeps each store's appraisals apart) or vAuto.
func (p *Providers) Appraiser(ctx context.Context, t store.Tenant, storeID int64) (appraisal.Provider, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.Appraisal }, MessageAppraisalNotConfigured)
	if err != nil {
		return nil, err
	}
	if c.sandbox {
		return p.apprais.Store(t.Account(), storeID), nil
	}
	return vauto.New(vauto.Config{BaseURL: c.cfg.BaseURL, Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.client}), nil
}

// VinCueAppraiser returns the VinCue appraisal provider of store storeID of t: the sandbox
// (its appraisals apart from the vAuto sandbox's) locally and for a demo store. No VinCue
// adapter exists, so any other store gets a Conflict error saying VinCue is not available.
func (p *Providers) VinCueAppraiser(ctx context.Context, t store.Tenant, storeID int64) (appraisal.Provider, error) {
	c, err := p.choose(ctx, t, storeID, func(account.Providers) account.ProviderConfig { return account.ProviderConfig{} }, MessageVinCueNotConfigured)
	if err != nil {
		return nil, err
	}
	if !c.sandbox {
		return nil, apperr.Errorf(apperr.Conflict, "%s", MessageVinCueNotConfigured)
	}
	return p.vincue.Store(t.Account(), storeID), nil
}

// Mailer returns the e-mail provider of store storeID of tenant t by the rule of Providers: the
// sandbox sink locally and for demo stores, Amazon SES from the store's sender identity for a
// store whose mail provider is configured in AWS.
func (p *Providers) Mailer(ctx context.Context, t store.Tenant, storeID int64) (mail.Sender, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.Mail }, MessageMailNotConfigured)
	if err != nil {
		return nil, err
	}
	if c.sandbox {
		if p.local && p.localSES != nil {
			return ses.New(ses.Config{Identity: &ses.Identity{From: mailsandbox.From}, Client: p.localSES}), nil
		}
		return p.mail, nil
	}
	if p.ses == nil {
		return nil, apperr.Errorf(apperr.Conflict, "%s", MessageMailNotConfigured)
	}
	return ses.New(ses.Config{Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.ses}), nil
}

// History returns the vehicle history provider of store storeID of t by the rule of Providers:
// the sandbox or CARFAX Canada.
func (p *Providers) History(ctx context.Context, t store.Tenant, storeID int64) (vehiclehistory.Provider, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.VehicleHistory }, MessageHistoryNotConfigured)
	if err != nil {
		return nil, err
	}
	if c.sandbox {
		return p.history, nil
	}
	return carfaxca.New(carfaxca.Config{BaseURL: c.cfg.BaseURL, Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.client}), nil
}

// Tags returns the manufacturer tag service of store storeID of t by the rule of Providers:
// the sandbox or Ford's OASIS.
func (p *Providers) Tags(ctx context.Context, t store.Tenant, storeID int64) (mfrtag.Provider, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.ManufacturerTag }, MessageTagNotConfigured)
	if err != nil {
		return nil, err
	}
	if c.sandbox {
		return p.tags, nil
	}
	return oasis.New(oasis.Config{BaseURL: c.cfg.BaseURL, Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.client}), nil
}

// SmartVincent returns the Smart Vincent service of store storeID of t by the rule of
// Providers: the sandbox or Smart Vincent.
func (p *Providers) SmartVincent(ctx context.Context, t store.Tenant, storeID int64) (smartvincent.Provider, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.SmartVincent }, MessageVincentNotConfigured)
	if err != nil {
		return nil, err
	}
	if c.sandbox {
		return p.vincent, nil
	}
	return vincent.New(vincent.Config{BaseURL: c.cfg.BaseURL, Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.client}), nil
}

// MailSandbox returns the sandbox sink: the messages sent locally and for demo stores.
func (p *Providers) MailSandbox() *mailsandbox.Sink {
	if p == nil {
		return nil
	}
	return p.mail
}

// Texter returns the text-message provider of store storeID of tenant t by the rule of
// Providers: the sandbox locally and for demo stores, AWS End User Messaging SMS from the
// store's origination number for a store whose texting is configured in AWS.
func (p *Providers) Texter(ctx context.Context, t store.Tenant, storeID int64) (sms.Sender, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.SMS }, MessageSMSNotConfigured)
	if err != nil {
		return nil, err
	}
	if c.sandbox {
		return p.sms, nil
	}
	if p.texts == nil {
		return nil, apperr.Errorf(apperr.Conflict, "%s", MessageSMSNotConfigured)
	}
	return endusermessaging.New(endusermessaging.Config{Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.texts}), nil
}

// SMSSandbox returns the text-message sandbox: the texts sent locally and for demo stores, and
// the replies made as customers.
func (p *Providers) SMSSandbox() *smssandbox.Provider {
	if p == nil {
		return nil
	}
	return p.sms
}

// SMSSecrets returns the reader of the providers' secrets (nil locally).
func (p *Providers) SMSSecrets() Secrets {
	if p == nil {
		return nil
	}
	return p.secrets
}

// Local reports whether p serves a local run: every store gets the sandboxes.
func (p *Providers) Local() bool { return p != nil && p.local }
