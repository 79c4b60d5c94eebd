package wiring

import (
	"context"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/provider/assistant"
	"github.com/cxm/cxm/shared/provider/assistant/conversica"
	"github.com/cxm/cxm/shared/provider/model"
	"github.com/cxm/cxm/shared/provider/model/bedrock"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Messages of a store whose assistant or reply drafter is not configured.
const (
	MessageAssistantNotConfigured = "The automated assistant is not configured for this store. Ask your dealer administrator to set up the store's Conversica account."
	MessageModelNotConfigured     = "Suggested replies are not configured for this store. Ask your dealer administrator to set up the store's Amazon Bedrock model."
)

// Assistant returns the automated assistant of store storeID of tenant t by the rule of
// Providers: the sandbox, or Conversica.
func (p *Providers) Assistant(ctx context.Context, t store.Tenant, storeID int64) (assistant.Assistant, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.Assistant }, MessageAssistantNotConfigured)
	if err != nil {
		return nil, err
	}
	if c.sandbox {
		return p.assistant, nil
	}
	return conversica.New(conversica.Config{BaseURL: c.cfg.BaseURL, Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.client}), nil
}

// AssistantWebhookSecret returns the secret that signs the assistant's webhook deliveries of
// store storeID of t, and whether the store converses through the sandbox: sandboxKey locally
// and for demo stores, else the webhookSecret of the store's Conversica secret.
func (p *Providers) AssistantWebhookSecret(ctx context.Context, t store.Tenant, storeID int64, sandboxKey []byte) ([]byte, bool, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.Assistant }, MessageAssistantNotConfigured)
	if err != nil {
		return nil, false, err
	}
	if c.sandbox {
		return sandboxKey, true, nil
	}
	key, err := conversica.WebhookSecret(ctx, conversica.Config{BaseURL: c.cfg.BaseURL, Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.client})
	return key, false, err
}

// Drafter returns the reply drafter of store storeID of tenant t by the rule of Providers: the
// sandbox, or Amazon Bedrock with the model the store's secret names.
func (p *Providers) Drafter(ctx context.Context, t store.Tenant, storeID int64) (model.Drafter, error) {
	c, err := p.choose(ctx, t, storeID, func(ps account.Providers) account.ProviderConfig { return ps.Model }, MessageModelNotConfigured)
	if err != nil {
		return nil, err
	}
	if c.sandbox {
		return p.drafter, nil
	}
	if p.bedrock == nil {
		return nil, apperr.Errorf(apperr.Conflict, "%s", MessageModelNotConfigured)
	}
	return bedrock.New(bedrock.Config{Secret: c.cfg.Secret, Secrets: p.secrets, Client: p.bedrock}), nil
}

// WithBedrock returns p drafting the replies of configured stores with api (a
// *bedrockruntime.Client).
func (p *Providers) WithBedrock(api bedrock.API) *Providers {
	p.bedrock = api
	return p
}
