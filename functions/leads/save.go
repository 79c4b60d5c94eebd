package leads

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// CustomerLeadsInput is the request of POST /api/Lead/getLeads.
type CustomerLeadsInput struct {
	Body struct {
		ContactID          int64   `json:"contactId" minimum:"1" doc:"The customer."`
		AccountPlatformIDs []int64 `json:"accountPlatformIds" required:"false" maxItems:"200" doc:"Only the leads of these stores, each one the caller may view; none means every store the caller may view."`
	}
}

// SaveInput is the request of POST /api/CrmLead/save.
type SaveInput struct {
	Body struct {
		CrmLeadID          int64                    `json:"crmLeadId" required:"false" doc:"The lead to update; 0 or absent adds a lead."`
		Version            int64                    `json:"version" required:"false" doc:"For an update: the version of the lead the user edited."`
		ContactID          int64                    `json:"contactId" required:"false" doc:"For a new lead: the customer."`
		AccountPlatformID  int64                    `json:"accountPlatformId" required:"false" doc:"For a new lead: its store, one the caller may view."`
		LeadTypeID         int                      `json:"leadTypeId" required:"false" doc:"0 or absent means the default type, 1."`
		LeadSourceID       int64                    `json:"leadSourceId" required:"false" doc:"A source of the lead's store; 0 for none."`
		Comments           string                   `json:"comments" required:"false" maxLength:"4000" text:"multiline"`
		VehiclesOfInterest []lead.VehicleOfInterest `json:"vehiclesOfInterest" required:"false" maxItems:"10" doc:"For a new lead only; later through the vehicle calls."`
		TradeIns           []lead.TradeIn           `json:"tradeIns" required:"false" maxItems:"10" doc:"For a new lead only; later through the trade-in calls."`
		IsCanadianStore    bool                     `json:"isCanadianStore" required:"false" doc:"For a new lead: whether its store is in Canada; must agree with the store."`
		CaslConsent        string                   `json:"caslConsent" required:"false" doc:"For a new lead of a Canadian store: the customer's consent under Canada's anti-spam law, express or implied."`
	}
}

// create adds l (a customer, a store, and optionally a type, a source, comments and vehicles)
// for the session's user, who holds it (as BDC agent for a BDC user without a sales role, else
// as sales person). A store the user may not view is Forbidden, a customer of such a store
// NotFound, a bad type, source or vehicle an Invalid error; nothing is written then.
// The repository records the creation in the customer's activity and publishes LeadCreated.
func (a *area) create(ctx context.Context, sess user.Session, l lead.Lead) (lead.Lead, error) {
	if _, err := sess.Store(l.AccountPlatformID); err != nil {
		return lead.Lead{}, err
	}
	c, err := a.contacts.Get(ctx, sess.Principal.Tenant, l.ContactID)
	if err != nil {
		return lead.Lead{}, err
	}
	if !sess.Principal.CanView(c.AccountPlatformID) {
		return lead.Lead{}, apperr.Errorf(apperr.NotFound, "The customer does not exist.")
	}
	l.ContactID, l.Status = c.ID, lead.StatusActive
	if l.LeadTypeID == 0 {
		l.LeadTypeID = lead.TypeInternet
	}
	if id := l.LeadSourceID; id != 0 {
		src, err := a.leads.Sources(ctx, sess.Principal.Tenant, l.AccountPlatformID)
		if err != nil {
			return lead.Lead{}, err
		}
		i := slices.IndexFunc(src, func(s lead.Source) bool { return s.LeadSourceID == id })
		if i < 0 {
			return lead.Lead{}, apperr.InvalidFields("The lead source is not valid.", map[string]string{"leadSourceId": "The source is not one of the store's."})
		}
		l.LeadSourceName = src[i].Name
	}
	if bdcOnly(sess.Profile.Roles) {
		l.BDCAgentID = sess.Principal.UserID
	} else {
		l.SalesPersonID = sess.Principal.UserID
	}
	return a.leads.Create(ctx, sess.Principal.Tenant, l, sess.Principal.UserID)
}

// consent checks the Canadian-store flag and the CASL consent of a new lead of store id: the
// flag must say what the store's country says, and a lead of a Canadian store needs the
// customer's consent (express or implied) while one of any other store takes none.
func consent(sess user.Session, storeID int64, canadian bool, c string) (string, error) {
	st, err := sess.Store(storeID)
	if err != nil {
		return "", err
	}
	c = strings.ToLower(strings.TrimSpace(c))
	switch {
	case st.Canadian() && !canadian:
		return "", apperr.InvalidFields("The store is in Canada.", map[string]string{"isCanadianStore": st.Name + " is in Canada: a lead of it needs the customer's consent under Canada's anti-spam law (CASL)."})
	case !st.Canadian() && canadian:
		return "", apperr.InvalidFields("The store is not in Canada.", map[string]string{"isCanadianStore": st.Name + " is not in Canada."})
	case st.Canadian() && !lead.ValidConsent(c):
		return "", apperr.InvalidFields("Choose the customer's consent.", map[string]string{"caslConsent": "Choose how the customer consented to messages under CASL: express or implied."})
	case !st.Canadian() && c != "":
		return "", apperr.InvalidFields("The store is not in Canada.", map[string]string{"caslConsent": "CASL consent is recorded only for stores in Canada."})
	}
	return c, nil
}

func (a *area) registerSave(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "getCustomerLeads",
		Method:      http.MethodPost,
		Path:        "/api/Lead/getLeads",
		Summary:     "A customer's leads",
		Description: "The leads of the customer and of the customers merged into it, in the stores the caller may view (or those of them the body names), newest first, with their display status, type, source, holders' names, vehicles of interest, trade-ins and version. " +
			"A customer of a store the caller may not view, or of another dealer group, is 404; a named store the caller may not view is 403.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *CustomerLeadsInput) (*httpapi.Body[httpapi.Result[[]LogRow]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		var stores []int64
		if len(in.Body.AccountPlatformIDs) > 0 {
			if stores, err = sess.SelectStores(in.Body.AccountPlatformIDs, ""); err != nil {
				return nil, err
			}
		}
		c, err := a.contacts.Get(ctx, sess.Principal.Tenant, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		if !sess.Principal.CanView(c.AccountPlatformID) {
			return nil, apperr.Errorf(apperr.NotFound, "The customer does not exist.")
		}
		ls, err := a.leads.ForContact(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		names := a.rows(sess)
		out := []LogRow{}
		for _, l := range ls {
			if !sess.Principal.CanView(l.AccountPlatformID) || (stores != nil && !slices.Contains(stores, l.AccountPlatformID)) {
				continue
			}
			out = append(out, names.row(ctx, l))
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "saveLead",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/save",
		Summary:     "Add a lead, or change its comments, type and source",
		Description: "Without crmLeadId: adds an active lead of the customer at a store the caller may view, held by the caller, with optional vehicles of interest and trade-ins, as /api/Lead/adhoc/create does. " +
			"isCanadianStore must agree with the store's country; a lead of a store in Canada carries caslConsent (express or implied), recorded on the lead. " +
			"With crmLeadId: sets the lead's comments, type and source at the version sent; a lead changed since is 409 and nothing is written. Status, assignment and vehicles change only through their own calls. " +
			"Publishes LeadCreated or LeadUpdated and records creation, type and source changes in the customer's activity.",
		Tags:   []string{"leads"},
		Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SaveInput) (*httpapi.Body[httpapi.Result[LogRow]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		b := in.Body
		var l lead.Lead
		if b.CrmLeadID != 0 {
			if len(b.VehiclesOfInterest) > 0 || len(b.TradeIns) > 0 {
				return nil, apperr.InvalidFields("The lead's vehicles change through their own calls.", map[string]string{"vehiclesOfInterest": "Add, change or remove vehicles of an existing lead one at a time."})
			}
			l, err = a.leads.Update(ctx, sess.Principal.Tenant, b.CrmLeadID, b.Version, lead.Edit{Comments: b.Comments, TypeID: b.LeadTypeID, SourceID: b.LeadSourceID}, sess.Principal.UserID, visible(sess))
		} else {
			fields := map[string]string{}
			if b.ContactID < 1 {
				fields["contactId"] = "Choose the customer of the lead."
			}
			if b.AccountPlatformID < 1 {
				fields["accountPlatformId"] = "Choose the store of the lead."
			}
			if len(fields) > 0 {
				return nil, apperr.InvalidFields("The lead is not valid.", fields)
			}
			var casl string
			if casl, err = consent(sess, b.AccountPlatformID, b.IsCanadianStore, b.CaslConsent); err != nil {
				return nil, err
			}
			l, err = a.create(ctx, sess, lead.Lead{
				ContactID: b.ContactID, AccountPlatformID: b.AccountPlatformID, LeadTypeID: b.LeadTypeID, LeadSourceID: b.LeadSourceID,
				Comments: b.Comments, Vehicles: b.VehiclesOfInterest, TradeIns: b.TradeIns, CaslConsent: casl,
			})
		}
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(a.rows(sess).row(ctx, l))), nil
	})
}
