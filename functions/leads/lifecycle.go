package leads

import (
	"context"
	"net/http"
	"slices"

	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// LeadPath names a lead.
type LeadPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The lead's id (crmLeadId)."`
}

// GetLeadPath names a lead in GET /api/CrmLead/{leadId}.
type GetLeadPath struct {
	LeadID int64 `path:"leadId" minimum:"1" doc:"The lead's id (crmLeadId)."`
}

// TransitionBody is the optional body of the status calls.
type TransitionBody struct {
	Reason string `json:"reason,omitempty" maxLength:"500" text:"multiline" doc:"Why the status changes (a lost reason, a note)."`
}

// TransitionInput is the request of the status calls.
type TransitionInput struct {
	LeadPath
	Body *TransitionBody
}

// TypeAndSourceInput is the request of PUT /api/CrmLead/{id}/update_type_and_source.
type TypeAndSourceInput struct {
	LeadPath
	Body struct {
		LeadTypeID   int   `json:"leadTypeId" doc:"The lead type; 0 means the default type, 1."`
		LeadSourceID int64 `json:"leadSourceId" required:"false" doc:"A source of the lead's store; 0 for none."`
	}
}

// StoresInput is a request naming stores; none means the stores of the Scope header.
type StoresInput struct {
	Scope string `header:"Scope" doc:"The selected stores, when the body names none."`
	Body  struct {
		AccountPlatformIDs []int64 `json:"accountPlatformIds" required:"false" maxItems:"200" doc:"The stores; every one must be a store the caller may view."`
	}
}

// StoreSources are the lead types and sources of one store.
type StoreSources struct {
	AccountPlatformID int64         `json:"accountPlatformId"`
	LeadSources       []lead.Source `json:"leadSources" doc:"Sorted by name."`
	LeadTypes         []lead.Type   `json:"leadTypes" doc:"Sorted by name."`
}

// LeadSettings are one store's lead settings.
type LeadSettings struct {
	AccountPlatformID   int64 `json:"accountPlatformId"`
	LeadManagement      bool  `json:"leadManagement" doc:"The Leads Log is shown for the store."`
	ShowroomLog         bool  `json:"showroomLog"`
	DeliveryLog         bool  `json:"deliveryLog"`
	AutoAssign          bool  `json:"autoAssign"`
	RoundRobin          bool  `json:"roundRobin"`
	ResponseTimeMinutes int   `json:"responseTimeMinutes" doc:"The store's first-response target in minutes (15 when the store sets none)."`
	ClaimLeadsEnabled   bool  `json:"claimLeadsEnabled" doc:"Leads that arrive unassigned are open to claims (the store does not auto-assign)."`
	DefaultLeadTypeID   int   `json:"defaultLeadTypeId"`
}

// transitionOp is one status call.
type transitionOp struct {
	suffix, id, summary string
	action              lead.Action
}

// transitionOps returns the status calls.
func transitionOps() []transitionOp {
	return []transitionOp{
		{"mark_lost", "markLeadLost", "Mark a lead lost", lead.MarkLost},
		{"mark_bad", "markLeadBad", "Mark a lead bad", lead.MarkBad},
		{"mark_duplicate", "markLeadDuplicate", "Mark a lead duplicate", lead.MarkDuplicate},
		{"mark_sold_pending", "markLeadSoldPending", "Mark a lead sold, pending delivery", lead.MarkSoldPending},
		{"mark_sold_delivered", "markLeadSoldDelivered", "Mark a lead sold and delivered", lead.MarkSoldDelivered},
		{"reactivate", "reactivateLead", "Reactivate a lead", lead.Reactivate},
	}
}

const transitionRules = "Transitions: an active lead may be marked lost, bad, duplicate, sold pending or sold delivered; a sold-pending lead may be delivered, lost or reactivated; a lost, bad or duplicate lead may only be reactivated; a delivered sale is final. " +
	"Any other change is refused with 409 and a message saying why, and nothing changes. Each transition publishes a LeadStatusChanged event carrying the activity type (Lost, Bad, Duplicate, SoldPending, SoldDelivered, Reactivate)."

func (a *area) registerLifecycle(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "getLead",
		Method:      http.MethodGet,
		Path:        "/api/CrmLead/{leadId}",
		Summary:     "A lead",
		Description: "A lead of a store the caller may not view is 404.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *GetLeadPath) (*httpapi.Body[httpapi.Result[View]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := a.load(ctx, sess, in.LeadID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(view(l))), nil
	})

	for _, op := range transitionOps() {
		description := transitionRules
		if op.action == lead.MarkDuplicate || op.action == lead.Reactivate {
			description = "The spec gives no path for this transition; this one follows the other status calls. " + description
		}
		httpapi.Register(api, huma.Operation{
			OperationID: op.id,
			Method:      http.MethodPut,
			Path:        "/api/CrmLead/{id}/" + op.suffix,
			Summary:     op.summary,
			Description: description,
			Tags:        []string{"leads"},
			Errors:      []int{400, 401, 403, 404, 409},
		}, func(ctx context.Context, in *TransitionInput) (*httpapi.Body[httpapi.Result[View]], error) {
			sess, err := d.Users.Session(ctx)
			if err != nil {
				return nil, err
			}
			reason := ""
			if in.Body != nil {
				reason = in.Body.Reason
			}
			l, err := a.leads.Transition(ctx, sess.Principal.Tenant, in.ID, op.action, reason, sess.Principal.UserID, visible(sess))
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(httpapi.OK(view(l))), nil
		})
	}

	httpapi.Register(api, huma.Operation{
		OperationID: "updateLeadTypeAndSource",
		Method:      http.MethodPut,
		Path:        "/api/CrmLead/{id}/update_type_and_source",
		Summary:     "Change a lead's type and source",
		Description: "The type must be a lead type (0 is the default, 1); the source one of the lead's store (0 for none). A bad value is a 400 naming the field, and nothing changes.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *TypeAndSourceInput) (*httpapi.Body[httpapi.Result[View]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		typeID := in.Body.LeadTypeID
		if typeID == 0 {
			typeID = lead.TypeInternet
		}
		l, err := a.leads.SetTypeAndSource(ctx, sess.Principal.Tenant, in.ID, typeID, in.Body.LeadSourceID, sess.Principal.UserID, visible(sess))
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(view(l))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getLeadSources",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/leadsource/get",
		Summary:     "The lead types and sources of stores",
		Description: "Also called as /api/crmlead/leadsource/get. Sources are sorted by name; a store gets a source the first time a lead arrives from it.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StoresInput) (*httpapi.Body[httpapi.Result[[]StoreSources]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		out := make([]StoreSources, 0, len(stores))
		for _, id := range stores {
			src, err := a.leads.Sources(ctx, sess.Principal.Tenant, id)
			if err != nil {
				return nil, err
			}
			out = append(out, StoreSources{AccountPlatformID: id, LeadSources: src, LeadTypes: lead.Types()})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getLeadSettings",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/leadsettings/get",
		Summary:     "The lead settings of stores",
		Description: "The lead flags of each store's dealer settings (defaults for a store that saved none), whether unassigned leads are open to claims, and the default lead type (1).",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *StoresInput) (*httpapi.Body[httpapi.Result[[]LeadSettings]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		stores, err := sess.SelectStores(in.Body.AccountPlatformIDs, in.Scope)
		if err != nil {
			return nil, err
		}
		if len(stores) == 0 {
			return nil, apperr.InvalidFields("Choose a store.", map[string]string{"accountPlatformIds": "Choose at least one store you may view."})
		}
		all, err := a.dealers.List(ctx, sess.Principal.Tenant, stores)
		if err != nil {
			return nil, err
		}
		out := make([]LeadSettings, 0, len(all))
		for _, s := range all {
			if !slices.Contains(stores, s.AccountPlatformID) {
				continue
			}
			f := s.LeadSettings
			out = append(out, LeadSettings{
				AccountPlatformID: s.AccountPlatformID, LeadManagement: f.LeadManagement, ShowroomLog: f.ShowroomLog,
				DeliveryLog: f.DeliveryLog, AutoAssign: f.AutoAssign, RoundRobin: f.RoundRobin,
				ResponseTimeMinutes: f.ResponseTarget(), ClaimLeadsEnabled: !f.AutoAssign, DefaultLeadTypeID: lead.TypeInternet,
			})
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})
}
