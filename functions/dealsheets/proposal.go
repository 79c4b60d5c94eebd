package dealsheets

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/provider/mail"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
	"github.com/go-pdf/fpdf"
)

// Paper sizes of the proposal.
const (
	PaperLetter = "letter"
	PaperLegal  = "legal"
)

// Section is one titled block of the proposal: lines of label and value.
type Section struct {
	Title string
	Lines [][2]string
}

// Proposal is what the PDF proposal shows.
type Proposal struct {
	StoreName    string
	CustomerName string
	Date         time.Time
	Sections     []Section
	// Grid is the payment grid: its header row, then one row per term.
	Grid [][]string
	// Terms are the fine print of the last page.
	Terms []string
}

// ProposalOf is the proposal of a deal sheet view at time now.
func ProposalOf(vw DealsheetView, now time.Time) Proposal {
	p := Proposal{StoreName: vw.StoreName, CustomerName: vw.CustomerName, Date: now}
	cv := vw.Vehicle.CurrentVehicle
	cur := Section{Title: "Current vehicle", Lines: [][2]string{
		{"Vehicle", strings.TrimSpace(fmt.Sprintf("%d %s %s %s", cv.Year, cv.Make, cv.Model, cv.Trim))},
		{"VIN", cv.VIN},
		{"Mileage", strconv.Itoa(cv.Mileage)},
	}}
	if vw.Current.SaleType != "" {
		cur.Lines = append(cur.Lines, [2]string{"Contract", saleTypeName(vw.Current.SaleType) + " with " + orDash(vw.Current.Lender)},
			[2]string{"Payment", vw.Current.Payment.String()}, [2]string{"Payments left", strconv.Itoa(vw.Current.PaymentsLeft)},
			[2]string{"Payoff", vw.Current.Payoff.String()})
	}
	cur.Lines = append(cur.Lines, [2]string{"Trade value", vw.Current.TradeValue.String()}, [2]string{"Equity", vw.Current.Equity.String()})
	p.Sections = append(p.Sections, cur)
	s := vw.Sheet.Structure
	r := vw.Sheet.Replacement
	deal := Section{Title: "Proposed vehicle and deal", Lines: [][2]string{
		{"Vehicle", r.Label()},
		{"MSRP", r.MSRP.String()},
		{"Selling price", s.Price.String()},
		{"Deal type", string(s.DealType)},
		{"Rate", vw.RateDisplay},
		{"Down payment", s.Down.String()},
		{"Rebates", s.Rebates.String()},
		{"Fees", s.Fees.String()},
		{"Trade allowance", s.TradeAllowance.String()},
		{"Payoff", s.Payoff.String()},
	}}
	if q := vw.Quote; q != nil {
		deal.Lines = append(deal.Lines, [2]string{"Taxes", q.TaxTotal.String()})
		switch q.SaleType {
		case payment.SaleCash:
			deal.Lines = append(deal.Lines, [2]string{"Balance due", q.CashDue.String()})
		case payment.SaleLease:
			deal.Lines = append(deal.Lines, [2]string{"Residual", q.Residual.String()}, [2]string{"Term", strconv.Itoa(q.Term) + " months"},
				[2]string{"Payment", q.Payment.String()})
		default:
			deal.Lines = append(deal.Lines, [2]string{"Amount financed", q.AmountFinanced.String()}, [2]string{"Term", strconv.Itoa(q.Term) + " months"},
				[2]string{"Payment", q.Payment.String()})
			if q.Balloon > 0 {
				deal.Lines = append(deal.Lines, [2]string{"Balloon", q.Balloon.String()})
			}
		}
	} else {
		deal.Lines = append(deal.Lines, [2]string{"Payment", vw.QuoteError})
	}
	if o := vw.Sheet.Offer; o != nil {
		deal.Lines = append(deal.Lines, [2]string{"Offer", o.Payment.String() + " (" + o.Status + ")"})
	}
	p.Sections = append(p.Sections, deal)
	if g := vw.Grid; g != nil {
		head := []string{"Term"}
		for _, d := range g.Downs {
			head = append(head, d.String()+" down")
		}
		p.Grid = append(p.Grid, head)
		for i, t := range g.Terms {
			row := []string{strconv.Itoa(t) + " months"}
			for j := range g.Downs {
				row = append(row, dealsheet.PaymentOf(g.Cells[i][j]).String())
			}
			p.Grid = append(p.Grid, row)
		}
	}
	p.Terms = []string{
		"Payments are estimates computed from the numbers shown, rounded to the cent, and are subject to credit approval.",
		"Taxes are computed at the store's rates; title, registration and license fees may be extra.",
		"A lease's residual and rate are set by the lessor; mileage over the allowance is charged at lease end.",
		"This proposal is not a contract. Prices and programs may change without notice.",
	}
	return p
}

func saleTypeName(s string) string {
	switch payment.SaleType(s) {
	case payment.SaleLease:
		return "Lease"
	case payment.SalePurchase:
		return "Finance"
	case payment.SaleBalloon:
		return "Balloon"
	case payment.SaleCash:
		return "Cash"
	}
	return s
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

// Text is the proposal as plain text, the body of its e-mail copy.
func (p Proposal) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Proposal for %s from %s, %s\n", p.CustomerName, p.StoreName, p.Date.Format("January 2, 2006"))
	for _, s := range p.Sections {
		fmt.Fprintf(&b, "\n%s\n", s.Title)
		for _, l := range s.Lines {
			fmt.Fprintf(&b, "  %s: %s\n", l[0], l[1])
		}
	}
	if len(p.Grid) > 0 {
		b.WriteString("\nPayment options\n")
		for _, row := range p.Grid {
			b.WriteString("  " + strings.Join(row, " | ") + "\n")
		}
	}
	b.WriteString("\n")
	for _, t := range p.Terms {
		b.WriteString(t + "\n")
	}
	return b.String()
}

// PDF writes the proposal as a two-page PDF on paper (letter or legal), uncompressed so its
// text reads back as written.
func (p Proposal) PDF(paper string) ([]byte, error) {
	size := "Letter"
	if paper == PaperLegal {
		size = "Legal"
	}
	f := fpdf.New("P", "in", size, "")
	f.SetCompression(false)
	f.SetCreationDate(p.Date)
	f.SetModificationDate(p.Date)
	f.SetTitle("Proposal for "+p.CustomerName, false)
	f.SetAuthor(p.StoreName, false)
	f.SetMargins(0.75, 0.75, 0.75)
	f.SetAutoPageBreak(true, 0.75)
	tr := f.UnicodeTranslatorFromDescriptor("")
	header := func(title string) {
		f.AddPage()
		f.SetFont("Helvetica", "B", 18)
		f.CellFormat(0, 0.35, tr(p.StoreName), "", 1, "L", false, 0, "")
		f.SetFont("Helvetica", "", 11)
		f.CellFormat(0, 0.25, tr(title+" for "+p.CustomerName), "", 1, "L", false, 0, "")
		f.CellFormat(0, 0.25, p.Date.Format("January 2, 2006"), "", 1, "L", false, 0, "")
		f.Ln(0.15)
	}
	header("Vehicle proposal")
	for _, s := range p.Sections {
		f.SetFont("Helvetica", "B", 13)
		f.CellFormat(0, 0.3, tr(s.Title), "B", 1, "L", false, 0, "")
		f.SetFont("Helvetica", "", 10.5)
		for _, l := range s.Lines {
			f.CellFormat(2.2, 0.22, tr(l[0]), "", 0, "L", false, 0, "")
			f.CellFormat(0, 0.22, tr(l[1]), "", 1, "L", false, 0, "")
		}
		f.Ln(0.15)
	}
	header("Payment options and terms")
	if len(p.Grid) > 0 {
		f.SetFont("Helvetica", "B", 13)
		f.CellFormat(0, 0.3, "Payment options", "B", 1, "L", false, 0, "")
		f.Ln(0.1)
		w := 7.0 / float64(len(p.Grid[0]))
		for i, row := range p.Grid {
			style := ""
			if i == 0 {
				style = "B"
			}
			f.SetFont("Helvetica", style, 10.5)
			for j, c := range row {
				align := "R"
				if j == 0 {
					align = "L"
				}
				f.CellFormat(w, 0.3, tr(c), "1", 0, align, false, 0, "")
			}
			f.Ln(-1)
		}
		f.Ln(0.3)
	}
	f.SetFont("Helvetica", "", 9)
	for _, t := range p.Terms {
		f.MultiCell(0, 0.2, tr(t), "", "L", false)
		f.Ln(0.05)
	}
	f.Ln(0.6)
	f.SetFont("Helvetica", "", 10)
	f.CellFormat(3.2, 0.25, "Customer signature", "T", 0, "L", false, 0, "")
	f.CellFormat(0.4, 0.25, "", "", 0, "L", false, 0, "")
	f.CellFormat(3.2, 0.25, "Sales person signature", "T", 1, "L", false, 0, "")
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		return nil, fmt.Errorf("write proposal: %w", err)
	}
	return buf.Bytes(), nil
}

// PDFOutput is a PDF as the proposal calls return it.
type PDFOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               []byte
}

// ProposalInput is the request of POST /api/Dealsheet/entity/{id}/pdf_proposal_extended.
type ProposalInput struct {
	EntityPath
	Body *struct {
		Paper string `json:"paper,omitempty" required:"false" enum:"letter,legal" doc:"US letter (8.5 × 11 in, the default) or legal (8.5 × 14 in)."`
	}
}

// EmailProposalInput is the request of POST /api/Dealsheet/contact/{id}/email/printtopdf.
type EmailProposalInput struct {
	IDPath
	Body struct {
		EntityID int64  `json:"entityId" minimum:"1" doc:"The garage vehicle whose deal sheet is printed."`
		Paper    string `json:"paper,omitempty" required:"false" enum:"letter,legal"`
		To       string `json:"to,omitempty" required:"false" maxLength:"254" doc:"The address to send the copy to; the customer's preferred address when absent."`
	}
}

var pdfResponse = map[string]*huma.Response{"200": {
	Description: "The proposal as a PDF.",
	Content:     map[string]*huma.MediaType{"application/pdf": {Schema: &huma.Schema{Type: "string", Format: "binary"}}},
}}

func pdfOut(data []byte, entity int64) *PDFOutput {
	return &PDFOutput{ContentType: "application/pdf", CacheControl: "private, no-store",
		ContentDisposition: fmt.Sprintf("attachment; filename=\"proposal-%d.pdf\"", entity), Body: data}
}

func (x *area) registerProposal(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "dealsheetProposalPdf", Method: http.MethodPost, Path: "/api/Dealsheet/entity/{id}/pdf_proposal_extended",
		Summary:     "The PDF proposal",
		Description: "The deal sheet as a two-page PDF proposal on US letter or legal paper: the current vehicle and contract, the proposed vehicle and deal with its payment, the payment grid, the terms and signature lines.",
		Tags:        []string{"dealsheets"}, Errors: []int{400, 401, 403, 404}, Responses: pdfResponse,
	}, func(ctx context.Context, in *ProposalInput) (*PDFOutput, error) {
		o, err := x.openEntity(ctx, in.ID, false)
		if err != nil {
			return nil, err
		}
		paper := PaperLetter
		if in.Body != nil && in.Body.Paper != "" {
			paper = in.Body.Paper
		}
		vw, err := x.view(ctx, o.sess, o.v, o.c, o.sh, o.canEdit)
		if err != nil {
			return nil, err
		}
		data, err := ProposalOf(vw, x.d.Store.Now()).PDF(paper)
		if err != nil {
			return nil, err
		}
		return pdfOut(data, in.ID), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "emailDealsheetProposal", Method: http.MethodPost, Path: "/api/Dealsheet/contact/{id}/email/printtopdf",
		Summary:     "Print the proposal and e-mail the customer a copy",
		Description: "Answers the PDF proposal of the customer's deal sheet and e-mails the customer its copy through the store's mail provider (the sandbox locally and for demo stores). The e-mail's text is the proposal's summary and its attachment the same PDF as pdf_proposal_extended; the send is recorded in the customer's activity as an outbound e-mail. A customer without an e-mail address, or who may not be e-mailed, is refused (409), as is a store without a mail provider.",
		Tags:        []string{"dealsheets"}, Errors: []int{400, 401, 403, 404, 409}, Responses: pdfResponse,
	}, func(ctx context.Context, in *EmailProposalInput) (*PDFOutput, error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		v, c, _, err := x.vehicleOf(ctx, sess, in.Body.EntityID, true)
		if err != nil {
			return nil, err
		}
		if v.ContactID != in.ID && !containsID(c.Owners(), in.ID) {
			return nil, apperr.Errorf(apperr.NotFound, "The customer has no such vehicle.")
		}
		to := strings.TrimSpace(in.Body.To)
		if to == "" {
			to = preferredEmail(c.Emails, c.IsDoNotEmail || c.OptOutAll)
		}
		if to == "" {
			return nil, apperr.Errorf(apperr.Conflict, MsgNoEmail)
		}
		sh, err := x.sheetOf(ctx, sess.Principal.Tenant, v)
		if err != nil {
			return nil, err
		}
		paper := PaperLetter
		if in.Body.Paper != "" {
			paper = in.Body.Paper
		}
		now := x.d.Store.Now()
		vw, err := x.view(ctx, sess, v, c, sh, true)
		if err != nil {
			return nil, err
		}
		prop := ProposalOf(vw, now)
		data, err := prop.PDF(paper)
		if err != nil {
			return nil, err
		}
		sender, err := x.d.Providers.Mailer(ctx, sess.Principal.Tenant, v.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		subject := "Your vehicle proposal from " + vw.StoreName
		ref := fmt.Sprintf("dealsheet-%d-proposal-%d", v.EntityID, now.UnixNano())
		sent, err := sender.Send(ctx, mail.Message{Tenant: sess.Principal.Tenant, AccountPlatformID: v.AccountPlatformID, To: to,
			FromName: vw.StoreName, Subject: subject, Text: prop.Text(), Reference: ref,
			Attachments: []mail.Attachment{{Name: fmt.Sprintf("proposal-%d.pdf", v.EntityID), ContentType: "application/pdf", Data: data}}})
		if me, ok := err.(*mail.Error); ok {
			if me.Invalid {
				return nil, apperr.InvalidFields("The e-mail cannot be sent.", map[string]string{"to": me.Message})
			}
			return nil, apperr.Errorf(apperr.Conflict, "The e-mail was not sent: %s", me.Message)
		}
		if err != nil {
			return nil, err
		}
		if _, _, err := x.activity.Record(ctx, sess.Principal.Tenant, activity.New{
			ContactID: v.ContactID, AccountPlatformID: v.AccountPlatformID, Kind: activity.KindEmail, Direction: activity.Outbound,
			Text: subject + " (" + sh.Replacement.Label() + ")", UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(),
			ActorUserID: sess.Principal.ActorUserID, Key: ref,
			Details: map[string]string{"entityId": strconv.FormatInt(v.EntityID, 10), "to": to, "messageId": sent.MessageID, "proposal": "true"},
		}); err != nil {
			return nil, err
		}
		return pdfOut(data, v.EntityID), nil
	})
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// preferredEmail is the customer's preferred address not opted out, else the first one not
// opted out; "" when the customer may not be e-mailed.
func preferredEmail(es []contact.Email, doNotEmail bool) string {
	if doNotEmail {
		return ""
	}
	first := ""
	for _, e := range es {
		if e.OptOut {
			continue
		}
		if e.IsPreferred {
			return e.Email
		}
		if first == "" {
			first = e.Email
		}
	}
	return first
}
