package desking

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/desk"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/domain/printform"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// PrintSearchInput is the request of POST /api/form/search and /api/packet/search.
type PrintSearchInput struct {
	Body struct {
		DealerID int64  `json:"dealerId" minimum:"1" doc:"The store (account platform) whose forms to search."`
		Query    string `json:"query,omitempty" required:"false" maxLength:"100" doc:"Names holding this text (any case)."`
		Category string `json:"category,omitempty" required:"false" enum:"Sales,F&I,Delivery,Credit,Trade" doc:"Only forms of this category (forms only)."`
	}
}

// PacketView is a packet with its forms.
type PacketView struct {
	printform.Packet
	Forms []printform.Form `json:"forms" nullable:"false"`
}

// FormPath is the path of GET /api/form/{id}.
type FormPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The form's id."`
}

// CreateFormInput is the request of POST /api/form/create.
type CreateFormInput struct {
	Body struct {
		AccountPlatformID int64               `json:"accountPlatformId" minimum:"0" doc:"The store; 0 for every store of the dealer group (dealer admins only)."`
		Name              string              `json:"name" maxLength:"100"`
		Category          string              `json:"category"`
		PaperSize         string              `json:"paperSize"`
		Sections          []printform.Section `json:"sections" maxItems:"20"`
	}
}

// PacketInput is the request of POST /api/packet/create and PUT /api/packet/{id}.
type PacketInput struct {
	Body struct {
		AccountPlatformID int64   `json:"accountPlatformId" minimum:"0" doc:"The store; 0 for every store of the dealer group (dealer admins only). A packet's store does not change."`
		Name              string  `json:"name" maxLength:"100"`
		FormIDs           []int64 `json:"formIds" maxItems:"30" doc:"The forms in the order they print."`
		Version           int64   `json:"version,omitempty" required:"false" minimum:"0" doc:"The version the user saw (a change only)."`
	}
}

// PacketPath names a packet.
type PacketPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The packet's id."`
}

// UpdatePacketInput is the request of PUT /api/packet/{id}.
type UpdatePacketInput struct {
	PacketPath
	PacketInput
}

// DeletePacketInput is the request of DELETE /api/packet/{id}.
type DeletePacketInput struct {
	PacketPath
	Version int64 `query:"version" minimum:"1" required:"true" doc:"The version the user saw."`
}

// RenderInput is the request of POST /api/form/render.
type RenderInput struct {
	Body struct {
		FormID    int64   `json:"formId,omitempty" required:"false" minimum:"0" doc:"One form to print."`
		FormIDs   []int64 `json:"formIds,omitempty" required:"false" maxItems:"30" doc:"Forms to print together, in this order (the forms of a chosen packet, or any the user chose)."`
		PacketID  int64   `json:"packetId,omitempty" required:"false" minimum:"0" doc:"A packet to print: every form of it, in its order."`
		DeskID    int64   `json:"deskId,omitempty" required:"false" minimum:"0" doc:"The desk whose deal fills the form: its customer, vehicle, trades and payment."`
		ContactID int64   `json:"contactId,omitempty" required:"false" minimum:"0" doc:"The customer, when no desk is named: the form shows the customer only."`
	}
}

// PDFOutput is a rendered PDF.
type PDFOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               []byte
}

const (
	msgNeedsDeal = "Name the desk or the customer whose data fills the form."
	msgNeedsForm = "Choose the forms or the packet to print."
)

// usableForm returns form id when the caller may print it at a store they may view.
func (x *area) usableForm(ctx context.Context, sess user.Session, id int64) (printform.Form, error) {
	f, err := x.forms.Form(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return printform.Form{}, err
	}
	if f.AccountPlatformID != 0 && !sess.Principal.CanView(f.AccountPlatformID) {
		return printform.Form{}, apperr.Errorf(apperr.NotFound, printform.MsgNotFound)
	}
	return f, nil
}

// formsToPrint returns the forms a render names (a form, forms, or a packet's) and the PDF's title.
func (x *area) formsToPrint(ctx context.Context, sess user.Session, formID int64, formIDs []int64, packetID int64) (string, []printform.Form, error) {
	title := ""
	ids := formIDs
	switch {
	case packetID > 0:
		p, err := x.usablePacket(ctx, sess, packetID)
		if err != nil {
			return "", nil, err
		}
		title, ids = p.Name, p.FormIDs
	case formID > 0:
		ids = []int64{formID}
	}
	if len(ids) == 0 {
		return "", nil, apperr.InvalidFields(msgNeedsForm, map[string]string{"formId": msgNeedsForm})
	}
	var forms []printform.Form
	for _, id := range ids {
		f, err := x.usableForm(ctx, sess, id)
		if err != nil {
			return "", nil, err
		}
		forms = append(forms, f)
	}
	if title == "" {
		title = forms[0].Name
		if len(forms) > 1 {
			title = "Forms"
		}
	}
	return title, forms, nil
}

// usablePacket returns packet id when the caller may print it at a store they may view.
func (x *area) usablePacket(ctx context.Context, sess user.Session, id int64) (printform.Packet, error) {
	p, err := x.forms.Packet(ctx, sess.Principal.Tenant, id)
	if err != nil {
		return printform.Packet{}, err
	}
	if p.AccountPlatformID != 0 && !sess.Principal.CanView(p.AccountPlatformID) {
		return printform.Packet{}, apperr.Errorf(apperr.NotFound, printform.MsgPacketNotFound)
	}
	return p, nil
}

// packetView is p with its forms.
func (x *area) packetView(ctx context.Context, sess user.Session, p printform.Packet) PacketView {
	v := PacketView{Packet: p, Forms: []printform.Form{}}
	for _, id := range p.FormIDs {
		if f, err := x.forms.Form(ctx, sess.Principal.Tenant, id); err == nil {
			v.Forms = append(v.Forms, f)
		}
	}
	return v
}

// mayManagePacket refuses a packet of every store (store 0) to all but a dealer admin, and a
// store the caller may not view.
// managedPacket returns the caller's session when the caller may see packet id and manage
// the packets of its store.
func (x *area) managedPacket(ctx context.Context, id int64) (user.Session, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, err
	}
	old, err := x.usablePacket(ctx, sess, id)
	if err != nil {
		return user.Session{}, err
	}
	return sess, mayManagePacket(sess, old.AccountPlatformID)
}

func mayManagePacket(sess user.Session, storeID int64) error {
	if storeID == 0 {
		if !sess.HasRole("DealerAdmin") {
			return apperr.Errorf(apperr.Forbidden, "Only a dealer admin manages packets for every store.")
		}
		return nil
	}
	_, err := sess.Store(storeID)
	return err
}

func (x *area) registerPackets(api *httpapi.API) {
	tags := []string{"printing"}
	errs := []int{400, 401, 403, 404, 409}

	httpapi.Register(api, huma.Operation{
		OperationID: "createPrintPacket", Method: http.MethodPost, Path: "/api/packet/create",
		Summary:     "Create a print packet",
		Description: "Adds a named packet of forms printed together for a store (or, for a dealer admin, every store of the dealer group: store 0): 1 to 30 of the forms the store prints, each once, in their printing order. A bad name or form is a 400 naming the field. Needs a manager's or dealer admin's role.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *PacketInput) (*httpapi.Body[httpapi.Result[PacketView]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		b := in.Body
		if err := mayManagePacket(sess, b.AccountPlatformID); err != nil {
			return nil, err
		}
		p, err := x.forms.CreatePacket(ctx, sess.Principal.Tenant, printform.Packet{AccountPlatformID: b.AccountPlatformID, Name: b.Name, FormIDs: b.FormIDs})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(x.packetView(ctx, sess, p))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "updatePrintPacket", Method: http.MethodPut, Path: "/api/packet/{id}",
		Summary:     "Change a print packet",
		Description: "Renames the packet and replaces its forms, sent with the version the user saw: a stale version is refused with 409 and changes nothing. The packet's store stays.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *UpdatePacketInput) (*httpapi.Body[httpapi.Result[PacketView]], error) {
		sess, err := x.managedPacket(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		b := in.Body
		p, err := x.forms.UpdatePacket(ctx, sess.Principal.Tenant, printform.Packet{PacketID: in.ID, Name: b.Name, FormIDs: b.FormIDs, Version: b.Version})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(x.packetView(ctx, sess, p))), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "deletePrintPacket", Method: http.MethodDelete, Path: "/api/packet/{id}",
		Summary:     "Delete a print packet",
		Description: "Deletes the packet (its forms stay), at the version the user saw: a stale version is refused with 409.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *DeletePacketInput) (*httpapi.Body[httpapi.Result[bool]], error) {
		sess, err := x.managedPacket(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		if err := x.forms.DeletePacket(ctx, sess.Principal.Tenant, in.ID, in.Version); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(true)), nil
	})
}

func (x *area) registerPrinting(api *httpapi.API) {
	x.registerPackets(api)
	tags := []string{"printing"}
	read := []int{400, 401, 403, 404}

	httpapi.Register(api, huma.Operation{
		OperationID: "searchPrintPackets", Method: http.MethodPost, Path: "/api/packet/search",
		Summary:     "Search a store's print packets",
		Description: "The packets the store prints (its own and its dealer group's) whose name holds the query, by name, each with its forms.",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *PrintSearchInput) (*httpapi.Body[httpapi.Result[[]PacketView]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if _, err := sess.Store(in.Body.DealerID); err != nil {
			return nil, err
		}
		ps, err := x.forms.Packets(ctx, sess.Principal.Tenant, in.Body.DealerID, in.Body.Query)
		if err != nil {
			return nil, err
		}
		out := make([]PacketView, 0, len(ps))
		for _, p := range ps {
			out = append(out, x.packetView(ctx, sess, p))
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchPrintForms", Method: http.MethodPost, Path: "/api/form/search",
		Summary:     "Search a store's print forms",
		Description: "The forms the store prints (its own and its dealer group's) whose name holds the query, of the category when one is given, by name.",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *PrintSearchInput) (*httpapi.Body[httpapi.Result[[]printform.Form]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if _, err := sess.Store(in.Body.DealerID); err != nil {
			return nil, err
		}
		fs, err := x.forms.Search(ctx, sess.Principal.Tenant, in.Body.DealerID, in.Body.Query, in.Body.Category)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(fs)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getPrintForm", Method: http.MethodGet, Path: "/api/form/{id}",
		Summary:     "A print form",
		Description: "One form with its sections and lines. A form of a store the caller may not view does not exist for the caller (404).",
		Tags:        tags, Errors: read,
	}, func(ctx context.Context, in *FormPath) (*httpapi.Body[httpapi.Result[printform.Form]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		f, err := x.usableForm(ctx, sess, in.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(f)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "createPrintForm", Method: http.MethodPost, Path: "/api/form/create",
		Summary:     "Create a print form",
		Description: "Adds a form for a store (or, for a dealer admin, every store of the dealer group: store 0): its name, category, paper size (letter 8.5×11 in, legal 8.5×14 in) and sections of labelled lines, whose values may show the deal's fields in double braces. A field a form may not show is a 400 naming the line. Needs a manager's or dealer admin's role.",
		Tags:        tags, Errors: []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *CreateFormInput) (*httpapi.Body[httpapi.Result[printform.Form]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		b := in.Body
		if b.AccountPlatformID == 0 && !sess.HasRole("DealerAdmin") {
			return nil, apperr.Errorf(apperr.Forbidden, "Only a dealer admin adds forms for every store.")
		}
		if b.AccountPlatformID != 0 {
			if _, err := sess.Store(b.AccountPlatformID); err != nil {
				return nil, err
			}
		}
		f, err := x.forms.CreateForm(ctx, sess.Principal.Tenant, printform.Form{AccountPlatformID: b.AccountPlatformID, Name: b.Name, Category: b.Category, PaperSize: b.PaperSize, Sections: b.Sections}, sess.Principal.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(f)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "renderPrintForm", Method: http.MethodPost, Path: "/api/form/render",
		Summary:     "Print a form with a deal's data",
		Description: "The form (formId), the forms (formIds) or every form of the packet (packetId) as one PDF, each form on its own pages and paper size, filled with the desk's deal (its customer, vehicle, trades and payment, the rate shown as the store shows it) or, with a customer and no desk, the customer's data only. Every form must be one the desk's or customer's store prints.",
		Tags:        tags, Errors: read,
		Responses: map[string]*huma.Response{"200": {
			Description: "The PDF.",
			Content:     map[string]*huma.MediaType{"application/pdf": {Schema: &huma.Schema{Type: "string", Format: "binary"}}},
		}},
	}, func(ctx context.Context, in *RenderInput) (*PDFOutput, error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		title, forms, err := x.formsToPrint(ctx, sess, in.Body.FormID, in.Body.FormIDs, in.Body.PacketID)
		if err != nil {
			return nil, err
		}
		var d *desk.Desk
		contactID := in.Body.ContactID
		if in.Body.DeskID > 0 {
			got, err := x.desks.Get(ctx, sess.Principal.Tenant, in.Body.DeskID)
			if err != nil {
				return nil, err
			}
			d, contactID = &got, got.ContactID
		}
		if contactID == 0 {
			return nil, apperr.InvalidFields(msgNeedsDeal, map[string]string{"deskId": msgNeedsDeal})
		}
		c, _, err := x.contacts.ForSession(ctx, sess, contactID)
		if err != nil {
			if d != nil && apperr.CodeOf(err) == apperr.NotFound {
				return nil, apperr.Errorf(apperr.NotFound, desk.MsgNotFound)
			}
			return nil, err
		}
		for _, f := range forms {
			if f.AccountPlatformID != 0 && f.AccountPlatformID != c.AccountPlatformID {
				return nil, apperr.InvalidFields("The form is not one the customer's store prints.", map[string]string{"formId": fmt.Sprintf("Choose forms of the customer's store: %s is not.", f.Name)})
			}
		}
		st, err := sess.Store(c.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		data := formData(st, c, d, x.d.Store.Now().In(storeZone(st)).Format("January 2, 2006"))
		pdf, err := printform.RenderAll(title, forms, data)
		if err != nil {
			return nil, err
		}
		name := strings.NewReplacer(" ", "-", "'", "", "/", "-").Replace(strings.ToLower(title))
		return &PDFOutput{ContentType: "application/pdf", ContentDisposition: fmt.Sprintf(`inline; filename="%s.pdf"`, name), CacheControl: "no-store", Body: pdf}, nil
	})
}

// formData is the fields of a form for customer c of store st, with desk d's deal when given.
func formData(st account.Store, c contact.Contact, d *desk.Desk, date string) map[string]string {
	data := map[string]string{"date": date, "dealer.name": st.Name, "customer.name": c.FullName()}
	for _, a := range c.Addresses {
		data["customer.address"] = strings.Join(nonEmpty(a.AddressLine1, a.AddressLine2, a.City, a.StateProvince, a.PostalCode), ", ")
		if a.IsPrimary {
			break
		}
	}
	if len(c.Phones) > 0 {
		data["customer.phone"] = c.Phones[0].Phone
	}
	if len(c.Emails) > 0 {
		data["customer.email"] = c.Emails[0].Email
	}
	if d == nil {
		return data
	}
	money := func(m payment.Money) string { return m.String() }
	data["salesPerson.name"] = d.SalesPersonName
	data["vehicle.name"], data["vehicle.vin"], data["vehicle.stockNumber"] = d.Vehicle.Name(), d.Vehicle.VIN, d.Vehicle.StockNumber
	data["vehicle.price"] = money(d.Vehicle.Price)
	if len(d.Trades) > 0 {
		tr := d.Trades[0]
		data["trade.name"] = strings.Join(nonEmpty(strconv.Itoa(tr.Year), tr.Make, tr.Model), " ")
		data["trade.vin"] = tr.VIN
		var allowance, payoff payment.Money
		for _, t := range d.Trades {
			allowance += t.Allowance
			payoff += t.Payoff
		}
		data["trade.allowance"], data["trade.payoff"] = money(allowance), money(payoff)
	}
	q := d.Quote
	data["payment.dealType"] = string(d.Terms.DealType)
	data["payment.term"] = strconv.Itoa(d.Terms.Term)
	data["payment.down"] = money(d.Terms.Down)
	if rate, err := strconv.ParseFloat(d.Terms.Rate.String(), 64); err == nil {
		sale, _ := d.Terms.DealType.SaleType()
		data["payment.rate"] = payment.DisplayRate(rate, sale, st.Country == "CA")
	}
	if q.Payment != 0 || q.CashDue != 0 {
		data["payment.monthly"], data["payment.taxes"], data["payment.cashDue"] = money(q.Payment), money(q.TaxTotal), money(q.CashDue)
		data["payment.amountFinanced"] = money(q.AmountFinanced)
		if q.SaleType == payment.SaleLease {
			data["payment.amountFinanced"] = money(q.AdjustedCapCost)
		}
	}
	return data
}

// storeZone is the store's time zone; UTC when it has none the system knows.
func storeZone(st account.Store) *time.Location {
	if loc, err := time.LoadLocation(st.TimeZone); err == nil && st.TimeZone != "" {
		return loc
	}
	return time.UTC
}

func nonEmpty(parts ...string) []string {
	out := []string{}
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" && p != "0" {
			out = append(out, p)
		}
	}
	return out
}
