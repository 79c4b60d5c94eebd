package desking

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/desk"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/useractivity"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// DealerSettingsInput is the request of POST /api/desking/settings/get_dealer_settings.
type DealerSettingsInput struct {
	Body struct {
		AccountPlatformID int64 `json:"accountPlatformId" minimum:"1" doc:"The store."`
	}
}

// DealerSettings are a store's desking settings.
type DealerSettings struct {
	AccountPlatformID int64                                     `json:"accountPlatformId"`
	IsDeskingEnabled  bool                                      `json:"isDeskingEnabled"`
	DeskingProvider   string                                    `json:"deskingProvider" doc:"The product providing desking; empty when desking is not enabled."`
	Country           string                                    `json:"country" enum:"US,CA"`
	Province          string                                    `json:"province"`
	IsCanada          bool                                      `json:"isCanada" doc:"Lease rates show as money factor × 2400 with 2 decimals."`
	DealTypes         []payment.DealType                        `json:"dealTypes" nullable:"false" doc:"The deal types a desk is priced as."`
	DefaultTerms      map[payment.SaleType]payment.DefaultTerms `json:"defaultTerms" doc:"The payment scan's terms and down payments per sale type (B, P, L, C)."`
	Tax               payment.Tax                               `json:"tax" doc:"How the store's deals are taxed."`
}

// DeskInput is the request of POST /api/desking/desk/get_desk.
type DeskInput struct {
	Body struct {
		DeskID int64 `json:"deskId" minimum:"1"`
	}
}

// GroupedSearchInput is the request of POST /api/desking/desk/grouped_search.
type GroupedSearchInput struct {
	httpapi.ScopeHeader
	Body *struct {
		AccountPlatformIDs []int64  `json:"accountPlatformIds,omitempty" required:"false" maxItems:"500" doc:"Stores searched; absent for the Scope header's stores."`
		ContactID          int64    `json:"contactId,omitempty" required:"false" minimum:"0" doc:"Only this customer's desks."`
		From               string   `json:"from,omitempty" required:"false" doc:"Created on or after this day (YYYY-MM-DD)."`
		To                 string   `json:"to,omitempty" required:"false" doc:"Created on or before this day (YYYY-MM-DD)."`
		Statuses           []string `json:"statuses,omitempty" required:"false" maxItems:"4" doc:"New, Working, Sold, Lost; absent for all."`
		Text               string   `json:"text,omitempty" required:"false" maxLength:"100" doc:"In the customer's name, the vehicle or the stock number."`
		GroupBy            string   `json:"groupBy,omitempty" required:"false" enum:"status,salesPerson,store" doc:"Default status."`
	}
}

// DeskGroup is one group of a grouped search.
type DeskGroup struct {
	Key   string      `json:"key"`
	Label string      `json:"label"`
	Count int         `json:"count"`
	Desks []desk.Desk `json:"desks" nullable:"false"`
}

// PinnedInput is the request of POST /api/desking/deal/scan/get_pinned_scan_summaries.
type PinnedInput struct {
	Body struct {
		DeskIDs []int64 `json:"deskIds" minItems:"1" maxItems:"100"`
	}
}

// CreateDeskInput is the request of POST /api/desking/desk/create.
type CreateDeskInput struct {
	Body struct {
		Source    string        `json:"source" enum:"dealsheet,lead" doc:"What the desk is made from: a garage vehicle's deal sheet (entityId) or a lead (crmLeadId)."`
		EntityID  int64         `json:"entityId,omitempty" required:"false" minimum:"0" doc:"The garage vehicle whose deal sheet is desked."`
		CrmLeadID int64         `json:"crmLeadId,omitempty" required:"false" minimum:"0" doc:"The lead desked."`
		Terms     *desk.Terms   `json:"terms,omitempty" required:"false" doc:"The deal's terms; absent for a retail deal at the store's middle default purchase term and middle down payment."`
		Vehicle   *desk.Vehicle `json:"vehicle,omitempty" required:"false" doc:"The vehicle sold; absent for the deal sheet's replacement vehicle or the lead's chosen vehicle."`
		Notes     string        `json:"notes,omitempty" required:"false" text:"multiline" doc:"What the desk should know; at most 4000 characters."`
		RequestID string        `json:"requestId,omitempty" required:"false" maxLength:"64" doc:"The client's id of this request: a retry with the same id creates nothing more and answers the first desk."`
	}
}

// VehicleSearchInput is the request of the desking vehicle searches.
type VehicleSearchInput struct {
	Body *struct {
		Query     string `json:"query,omitempty" required:"false" maxLength:"80" doc:"Names holding this text (any case)."`
		MakeName  string `json:"makeName,omitempty" required:"false" maxLength:"80"`
		ModelName string `json:"modelName,omitempty" required:"false" maxLength:"80"`
		Year      int    `json:"year,omitempty" required:"false" minimum:"0" maximum:"2100"`
	}
}

// DecodeVINInput is the request of POST /api/desking/vehicle/decode_vin.
type DecodeVINInput struct {
	Body struct {
		VIN string `json:"vin" maxLength:"40" doc:"The VIN; spaces are ignored, any case."`
	}
}

// Messages of the desks.
const (
	msgNeedsSource = "Name the deal sheet or the lead to desk."
	msgDate        = "Enter a day as YYYY-MM-DD."
)

// storeOf answers store id when the caller may view it; a store the caller may not view does
// not exist for them.
func storeOf(sess user.Session, id int64) (account.Store, error) {
	st, err := sess.Store(id)
	if apperr.CodeOf(err) == apperr.Forbidden {
		return account.Store{}, apperr.Errorf(apperr.NotFound, desk.MsgNotFound)
	}
	return st, err
}

// taxOf is how store st taxes a deal: its province's levies in Canada, none known elsewhere.
func taxOf(st account.Store) payment.Tax {
	if st.Country == "CA" {
		if t, ok := payment.CanadaTax(payment.Province(st.Province)); ok {
			t.TradeCredit = true
			return t
		}
	}
	return payment.Tax{}
}

func (x *area) provider(ctx context.Context, sess user.Session, storeID int64) (string, error) {
	on, err := x.hasFeature(ctx, sess, storeID, product.FeatureDesking)
	if err != nil || !on {
		return "", err
	}
	p, _ := product.Lookup(product.Pando)
	return p.Name, nil
}

// defaultTerms are the terms of a desk of a store with default terms dt whose request names
// none: a retail deal at the store's middle purchase term and middle down payment.
func defaultTerms(dt desk.DealerTerms) desk.Terms {
	t := dt.Finance
	return desk.Terms{DealType: payment.Retail, Term: t.Terms[1], Down: t.Downs[1], Rate: payment.MustPercent("6.99")}
}

func money(f float64) payment.Money { return payment.Money(int64(f*100 + 0.5)) }

// fromVehicle is the desk of garage vehicle v's deal sheet: its replacement vehicle sold, the
// vehicle itself traded at its trade value and payoff.
func fromVehicle(v garage.Vehicle) (desk.Vehicle, []desk.Trade) {
	rv := v.ReplacementVehicle
	cv := v.CurrentVehicle
	tr := desk.Trade{VIN: cv.VIN, Year: cv.Year, Make: cv.Make, Model: cv.Model, Mileage: cv.Mileage}
	if v.TradeValue != nil {
		tr.Allowance = money(v.TradeValue.Value)
	}
	if c, ok := v.DefaultContract(); ok {
		tr.Payoff = money(c.Payoff)
	}
	return desk.Vehicle{Year: rv.Year, Make: rv.Make, Model: rv.Model, Trim: rv.Trim, IsNew: true, Price: money(rv.Price)}, []desk.Trade{tr}
}

// fromLead is the desk of lead l: its chosen vehicle sold and its trade-ins traded.
func fromLead(l lead.Lead) (desk.Vehicle, []desk.Trade) {
	var out desk.Vehicle
	if v, ok := l.ChosenVehicle(); ok {
		out = desk.Vehicle{VIN: v.VIN, StockNumber: v.StockNumber, Year: v.Year, Make: v.Make, Model: v.Model, Trim: v.Trim, IsNew: v.IsNew, Price: money(v.Price)}
	}
	trades := []desk.Trade{}
	for i, t := range l.TradeIns {
		if i == desk.MaxTrades {
			break
		}
		trades = append(trades, desk.Trade{VIN: t.VIN, Year: t.Year, Make: t.Make, Model: t.Model, Mileage: t.Odometer, Allowance: money(t.AppraisedValue), Payoff: money(t.Payoff)})
	}
	return out, trades
}

// createDesk creates the desk of contact contactID (which the caller must be able to edit)
// from n, refused with 409 when the customer's store has no desking. The desk's payment scan is
// over the store's default terms, and n without terms is a retail deal at their middle purchase
// term and middle down payment.
func (x *area) createDesk(ctx context.Context, contactID int64, n desk.New, requestID, op string) (desk.Desk, activity.Entry, error) {
	sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, contactID)
	if err != nil {
		return desk.Desk{}, activity.Entry{}, err
	}
	prov, err := x.provider(ctx, sess, c.AccountPlatformID)
	if err != nil {
		return desk.Desk{}, activity.Entry{}, err
	}
	if prov == "" {
		return desk.Desk{}, activity.Entry{}, apperr.Errorf(apperr.Conflict, msgDeskingOff)
	}
	st, err := sess.Store(c.AccountPlatformID)
	if err != nil {
		return desk.Desk{}, activity.Entry{}, err
	}
	dt, err := x.terms.Get(ctx, sess.Principal.Tenant, c.AccountPlatformID)
	if err != nil {
		return desk.Desk{}, activity.Entry{}, err
	}
	if n.Terms.DealType == "" {
		n.Terms = defaultTerms(dt)
	}
	n.AccountPlatformID, n.ContactID, n.CustomerName, n.Provider, n.Tax, n.Scan = c.AccountPlatformID, c.ID, c.FullName(), prov, taxOf(st), dt
	n.SalesPersonID, n.SalesPersonName = sess.Principal.UserID, sess.Profile.DisplayName()
	key := useractivity.ClientKey(op, sess, requestID)
	n.Key = key
	entry := useractivity.Entry(sess, c, activity.KindSentToDesking, key)
	entry.Text = n.Notes
	d, e, _, err := x.desks.Create(ctx, sess.Principal.Tenant, n, entry)
	return d, e, err
}

func (x *area) registerDesks(api *httpapi.API) {
	tags := []string{"desking"}
	read := []int{400, 401, 403, 404}

	httpapi.Register(api, huma.Operation{
		OperationID: "getDeskingDealerSettings", Method: http.MethodPost, Path: "/api/desking/settings/get_dealer_settings",
		Summary:     "A store's desking settings",
		Description: "Whether the store desks (the Pando product Live with its Desking feature active) and with which product, its country (a Canadian store shows lease rates as money factor × 2400 with 2 decimals), the deal types a desk is priced as, the store's default terms and down payments per sale type (see /api/dealsheet/settings/get_default_terms), and how its deals are taxed.",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *DealerSettingsInput) (*httpapi.Body[httpapi.Result[DealerSettings]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		st, err := sess.Store(in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		prov, err := x.provider(ctx, sess, st.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		out := DealerSettings{AccountPlatformID: st.AccountPlatformID, IsDeskingEnabled: prov != "", DeskingProvider: prov,
			Country: st.Country, Province: st.Province, IsCanada: st.Country == "CA",
			DealTypes:    []payment.DealType{payment.Retail, payment.Lease, payment.Balloon, payment.Cash, payment.OnePayLease},
			DefaultTerms: map[payment.SaleType]payment.DefaultTerms{}, Tax: taxOf(st)}
		dt, err := x.terms.Get(ctx, sess.Principal.Tenant, st.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		for _, s := range payment.SaleTypes() {
			out.DefaultTerms[s] = dt.Finance
			if s == payment.SaleLease {
				out.DefaultTerms[s] = dt.Lease
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchDesksGrouped", Method: http.MethodPost, Path: "/api/desking/desk/grouped_search",
		Summary:     "Search desks, grouped",
		Description: "The desks of the stores asked about (the body's, each of which the caller must be able to view, or the Scope header's stores the caller may view), newest first, narrowed by customer, creation days, statuses and text, in groups by status (New, Working, Sold, Lost, each listed), sales person or store.",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *GroupedSearchInput) (*httpapi.Body[httpapi.Result[[]DeskGroup]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		var ids []int64
		var q desk.Query
		var groupBy string
		var contactID int64
		if b := in.Body; b != nil {
			ids, q.Statuses, q.Text, groupBy, contactID = b.AccountPlatformIDs, b.Statuses, b.Text, b.GroupBy, b.ContactID
			fields := map[string]string{}
			for _, s := range b.Statuses {
				if !slices.Contains(desk.Statuses(), s) {
					fields["statuses"] = "Choose " + strings.Join(desk.Statuses(), ", ") + "."
				}
			}
			if b.From != "" {
				if q.From, err = time.Parse(time.DateOnly, b.From); err != nil {
					fields["from"] = msgDate
				}
			}
			if b.To != "" {
				if t, err := time.Parse(time.DateOnly, b.To); err != nil {
					fields["to"] = msgDate
				} else {
					q.To = t.AddDate(0, 0, 1)
				}
			}
			if len(fields) > 0 {
				return nil, apperr.InvalidFields("The search is not valid.", fields)
			}
		}
		stores, err := sess.SelectStores(ids, in.Scope)
		if err != nil {
			return nil, err
		}
		var all []desk.Desk
		for _, st := range sess.StoresOf(stores) {
			ds, err := x.desks.Search(ctx, sess.Principal.Tenant, st.AccountPlatformID, q)
			if err != nil {
				return nil, err
			}
			for _, d := range ds {
				if contactID == 0 || d.ContactID == contactID {
					all = append(all, d)
				}
			}
		}
		slices.SortStableFunc(all, func(a, b desk.Desk) int { return b.CreatedAt.Compare(a.CreatedAt) })
		return httpapi.Reply(httpapi.OK(group(all, groupBy, sess))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDesk", Method: http.MethodPost, Path: "/api/desking/desk/get_desk",
		Summary:     "A desk",
		Description: "One desk with its vehicle, trades, terms, quote and payment scan. A desk of a store the caller may not view does not exist for the caller (404).",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *DeskInput) (*httpapi.Body[httpapi.Result[desk.Desk]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		d, err := x.desks.Get(ctx, sess.Principal.Tenant, in.Body.DeskID)
		if err != nil {
			return nil, err
		}
		if _, err := storeOf(sess, d.AccountPlatformID); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(d)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getPinnedScanSummaries", Method: http.MethodPost, Path: "/api/desking/deal/scan/get_pinned_scan_summaries",
		Summary:     "The pinned payment scans of desks",
		Description: "For each desk asked about, in order, the pinned cells of its payment scan (term, down payment, payment, cash due) with its deal type and vehicle. A desk of a store the caller may not view does not exist for the caller (404).",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *PinnedInput) (*httpapi.Body[httpapi.Result[[]desk.PinnedScans]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		out := make([]desk.PinnedScans, 0, len(in.Body.DeskIDs))
		for _, id := range in.Body.DeskIDs {
			d, err := x.desks.Get(ctx, sess.Principal.Tenant, id)
			if err != nil {
				return nil, err
			}
			if _, err := storeOf(sess, d.AccountPlatformID); err != nil {
				return nil, err
			}
			out = append(out, d.Pinned())
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "createDesk", Method: http.MethodPost, Path: "/api/desking/desk/create",
		Summary:     "Desk a deal sheet or a lead",
		Description: "Creates a desk of a garage vehicle's deal sheet (its replacement vehicle sold, the vehicle traded at its trade value and payoff) or of a lead (its chosen vehicle sold, its trade-ins traded), priced at the terms given by the payment engine with the payment scan over the dealer's terms, and records in the customer's activity that the customer was sent to desking. The customer's store must desk: 409 'Desking is not enabled for the customer's store.' otherwise. A retry with the same requestId answers the first desk. Needs a role that edits customers.",
		Tags:        tags, Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *CreateDeskInput) (*httpapi.Body[httpapi.Result[desk.Desk]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		b := in.Body
		n := desk.New{Source: b.Source, Notes: b.Notes}
		if b.Terms != nil {
			n.Terms = *b.Terms
		}
		var contactID int64
		switch {
		case b.Source == desk.SourceDealSheet && b.EntityID > 0:
			v, err := x.garage.Get(ctx, sess.Principal.Tenant, b.EntityID)
			if err != nil {
				return nil, err
			}
			contactID, n.SourceID = v.ContactID, v.EntityID
			n.Vehicle, n.Trades = fromVehicle(v)
		case b.Source == desk.SourceLead && b.CrmLeadID > 0:
			l, err := x.leads.Get(ctx, sess.Principal.Tenant, b.CrmLeadID)
			if err != nil {
				return nil, err
			}
			contactID, n.SourceID = l.ContactID, l.ID
			n.Vehicle, n.Trades = fromLead(l)
		case b.Source == desk.SourceLead:
			return nil, apperr.InvalidFields(msgNeedsSource, map[string]string{"crmLeadId": "Choose the lead to desk."})
		default:
			return nil, apperr.InvalidFields(msgNeedsSource, map[string]string{"entityId": "Choose the deal sheet to desk."})
		}
		if b.Vehicle != nil {
			n.Vehicle = *b.Vehicle
		}
		d, _, err := x.createDesk(ctx, contactID, n, b.RequestID, "desk_create")
		if apperr.CodeOf(err) == apperr.NotFound && contactID > 0 {
			return nil, apperr.Errorf(apperr.NotFound, desk.MsgNotFound)
		}
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(d)), nil
	})

	x.registerVehicles(api, tags)
}

// group groups ds by groupBy (status when empty), in the order of their first desk, except
// statuses, which are all listed in their order.
func group(ds []desk.Desk, groupBy string, sess user.Session) []DeskGroup {
	out := []DeskGroup{}
	idx := map[string]int{}
	add := func(key, label string) {
		if _, ok := idx[key]; !ok {
			idx[key] = len(out)
			out = append(out, DeskGroup{Key: key, Label: label, Desks: []desk.Desk{}})
		}
	}
	if groupBy == "" || groupBy == "status" {
		for _, s := range desk.Statuses() {
			add(s, s)
		}
	}
	names := map[int64]string{}
	for _, st := range sess.Stores {
		names[st.AccountPlatformID] = st.Name
	}
	for _, d := range ds {
		var key, label string
		switch groupBy {
		case "salesPerson":
			key, label = d.SalesPersonID, d.SalesPersonName
		case "store":
			key, label = strconv.FormatInt(d.AccountPlatformID, 10), names[d.AccountPlatformID]
		default:
			key, label = d.Status, d.Status
		}
		add(key, label)
		g := &out[idx[key]]
		g.Desks = append(g.Desks, d)
		g.Count++
	}
	return out
}

func (x *area) registerVehicles(api *httpapi.API, tags []string) {
	errs := []int{400, 401}
	type names = httpapi.Body[httpapi.Result[[]string]]
	text := func(in *VehicleSearchInput) (q, mk, mo string, year int) {
		if in.Body == nil {
			return
		}
		return strings.ToLower(strings.TrimSpace(in.Body.Query)), strings.TrimSpace(in.Body.MakeName), strings.TrimSpace(in.Body.ModelName), in.Body.Year
	}
	makeOf := func(name string) (vehicle.Make, error) {
		if name == "" {
			return vehicle.Make{}, apperr.InvalidFields("Choose a make.", map[string]string{"makeName": "Choose a make."})
		}
		m, ok := x.cat.MakeByName(name)
		if !ok {
			return vehicle.Make{}, apperr.InvalidFields("The make is not in the catalogue.", map[string]string{"makeName": "The make is not in the catalogue."})
		}
		return m, nil
	}
	modelOf := func(mkName, moName string) (vehicle.Model, error) {
		m, err := makeOf(mkName)
		if err != nil {
			return vehicle.Model{}, err
		}
		if moName == "" {
			return vehicle.Model{}, apperr.InvalidFields("Choose a model.", map[string]string{"modelName": "Choose a model."})
		}
		mo, ok := m.Model(moName)
		if !ok {
			return vehicle.Model{}, apperr.InvalidFields("The model is not one of the make's.", map[string]string{"modelName": "The model is not one of the make's."})
		}
		return mo, nil
	}
	has := func(name, q string) bool { return q == "" || strings.Contains(strings.ToLower(name), q) }

	httpapi.Register(api, huma.Operation{
		OperationID: "searchDeskingMakes", Method: http.MethodPost, Path: "/api/desking/vehicle/make/search",
		Summary: "Desking: search makes", Description: "The catalogue's make names holding the query, of the model year when one is given.", Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *VehicleSearchInput) (*names, error) {
		if _, err := x.d.Users.Session(ctx); err != nil {
			return nil, err
		}
		q, _, _, year := text(in)
		out := []string{}
		for _, m := range x.cat.Makes() {
			if has(m.Name, q) && (year == 0 || m.HasYear(year)) {
				out = append(out, m.Name)
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchDeskingModels", Method: http.MethodPost, Path: "/api/desking/vehicle/model/search",
		Summary: "Desking: search models", Description: "The model names of the make holding the query, of the model year when one is given. A make the catalogue lacks is a 400 naming makeName.", Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *VehicleSearchInput) (*names, error) {
		if _, err := x.d.Users.Session(ctx); err != nil {
			return nil, err
		}
		q, mk, _, year := text(in)
		m, err := makeOf(mk)
		if err != nil {
			return nil, err
		}
		out := []string{}
		for _, mo := range m.Models {
			if has(mo.Name, q) && (year == 0 || mo.HasYear(year)) {
				out = append(out, mo.Name)
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchDeskingYears", Method: http.MethodPost, Path: "/api/desking/vehicle/year/search",
		Summary: "Desking: model years", Description: "The model years of the make and model, newest first. A make or model the catalogue lacks is a 400 naming it.", Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *VehicleSearchInput) (*httpapi.Body[httpapi.Result[[]int]], error) {
		if _, err := x.d.Users.Session(ctx); err != nil {
			return nil, err
		}
		_, mk, moName, _ := text(in)
		mo, err := modelOf(mk, moName)
		if err != nil {
			return nil, err
		}
		out := []int{}
		for i := len(mo.Years) - 1; i >= 0; i-- {
			out = append(out, mo.Years[i].Year)
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchDeskingTrims", Method: http.MethodPost, Path: "/api/desking/vehicle/trim/search",
		Summary: "Desking: trims", Description: "The trim names of the make, model and model year holding the query. A make, model or year the catalogue lacks is a 400 naming it.", Tags: tags, Errors: errs,
	}, func(ctx context.Context, in *VehicleSearchInput) (*names, error) {
		if _, err := x.d.Users.Session(ctx); err != nil {
			return nil, err
		}
		q, mk, moName, year := text(in)
		mo, err := modelOf(mk, moName)
		if err != nil {
			return nil, err
		}
		y, ok := mo.Year(year)
		if !ok {
			return nil, apperr.InvalidFields("The model was not made that year.", map[string]string{"year": "Choose a model year of the model."})
		}
		out := []string{}
		for _, t := range y.Trims {
			if has(t, q) {
				out = append(out, t)
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "decodeDeskingVin", Method: http.MethodPost, Path: "/api/desking/vehicle/decode_vin",
		Summary:     "Desking: decode a VIN",
		Description: "Decodes a VIN from the catalogue (NHTSA vPIC): model year, make, model, trim. A VIN whose check digit is wrong is decoded but flagged; text that is not a VIN is a 400 naming vin.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *DecodeVINInput) (*httpapi.Body[httpapi.Result[vehicle.Decoded]], error) {
		if _, err := x.d.Users.Session(ctx); err != nil {
			return nil, err
		}
		d, err := x.cat.Decode(in.Body.VIN, x.d.Store.Now())
		var nv vehicle.ErrNotVIN
		if errors.As(err, &nv) {
			return nil, apperr.InvalidFields(nv.Reason, map[string]string{"vin": nv.Reason})
		}
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(d)), nil
	})
}
