package email

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/template"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// DealerTemplatesInput is the request of POST /templatemanager/getDealerTemplates.
type DealerTemplatesInput struct {
	httpapi.ScopeHeader
	Body struct {
		CategoryIDs        []int   `json:"CategoryIds,omitempty" required:"false" doc:"Categories 1 to 14; none for all."`
		ChannelIDs         []int   `json:"ChannelIds,omitempty" required:"false" doc:"[1] e-mail or [3] text; none for both."`
		Statuses           []bool  `json:"Statuses,omitempty" required:"false" doc:"[true] for the active templates."`
		TemplateTypeID     int     `json:"TemplateTypeId,omitempty" required:"false" doc:"1, the dealer templates."`
		AccountPlatformIDs []int64 `json:"AccountPlatformIds,omitempty" required:"false" doc:"The stores; none for the Scope header's."`
	}
}

// CreateTemplateInput is the request of POST /templatemanager/createDealerTemplate.
type CreateTemplateInput struct {
	Body template.Template
}

func (x *area) registerTemplates(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "getDealerTemplates",
		Method:      http.MethodPost,
		Path:        "/templatemanager/getDealerTemplates",
		Summary:     "List the dealer templates of stores",
		Description: "The e-mail (channel 1) and text (channel 3) templates of the stores named (each one the caller may view) or of the Scope header's stores, filtered by category, channel, status and template type; by store, then name.",
		Tags:        []string{"email"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DealerTemplatesInput) (*httpapi.Body[httpapi.Legacy[[]template.Template]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		list, err := x.templates.List(ctx, sess.Principal.Tenant, stores, template.Filter{CategoryIDs: in.Body.CategoryIDs,
			ChannelIDs: in.Body.ChannelIDs, Statuses: in.Body.Statuses, TemplateTypeID: in.Body.TemplateTypeID})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(list)), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "createDealerTemplate",
		Method:      http.MethodPost,
		Path:        "/templatemanager/createDealerTemplate",
		Summary:     "Add a dealer template to a store",
		Description: "An e-mail (ChannelId 1, with a Subject) or text (ChannelId 3) template of category 1 to 14 and template type 1 for a store the caller may view; its Body may hold tokens such as {CustomerFirstName}, {StoreName} and {SalesPersonName}. Attachments name files uploaded with create_email_template_attachment.",
		Tags:        []string{"email"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *CreateTemplateInput) (*httpapi.Body[httpapi.Legacy[template.Template]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if in.Body.AccountPlatformID > 0 {
			if _, err := sess.Store(in.Body.AccountPlatformID); err != nil {
				return nil, err
			}
		}
		for i, a := range in.Body.Attachments {
			if _, err := x.fileKey(sess.Principal.Tenant, a.FileURL); err != nil {
				return nil, apperr.InvalidFields("The template is not valid.", map[string]string{"Attachments": "Attachment " + a.FileName + " is not a file of the store."})
			}
			in.Body.Attachments[i].FileName, _, _ = CleanFileName(a.FileName)
		}
		tpl, err := x.templates.Create(ctx, sess.Principal.Tenant, in.Body)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(tpl)), nil
	})
}
