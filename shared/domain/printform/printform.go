// Package printform keeps a dealer group's print forms and packets, and renders a form with a
// deal's data as a PDF. A form is a titled page of sections, each a list of labelled lines whose
// values are text with fields in double braces ({{customer.name}}, {{payment.monthly}}: see
// Fields) filled from the deal when it is rendered. A form or packet belongs to one store, or to
// every store of the dealer group (store 0). A packet is a named list of forms printed together.
//
// Access patterns (a dealer group's forms and packets are few: one partition):
//
//	pattern                     index  key condition
//	a group's forms and packets table  PK = A#{acct}#PRINT, begins_with(SK, "FORM#") / "PACKET#"
//	a form by id                table  PK = A#{acct}#PRINT, SK = FORM#{id}
//	a packet by id              table  PK = A#{acct}#PRINT, SK = PACKET#{id}
package printform

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Paper sizes (US letter 8.5×11 in, legal 8.5×14 in).
const (
	PaperLetter = "letter"
	PaperLegal  = "legal"
)

// Categories of forms.
func Categories() []string { return []string{"Sales", "F&I", "Delivery", "Credit", "Trade"} }

// Limits.
const (
	MaxSections    = 20
	MaxLines       = 40
	MaxNameLength  = 100
	MaxValueLength = 500
	MaxPacketForms = 30
)

// Messages.
const (
	MsgNotFound       = "The form does not exist."
	MsgPacketNotFound = "The packet does not exist."
	MsgPacketStale    = "The packet was changed by someone else. Reload it and try again."
	MsgInvalid        = "The form is not valid."
)

// Fields are the fields a form's lines may name, with what each is.
var Fields = map[string]string{
	"date":                   "Today's date",
	"dealer.name":            "The store's name",
	"customer.name":          "The customer's full name",
	"customer.address":       "The customer's primary address",
	"customer.phone":         "The customer's first phone",
	"customer.email":         "The customer's first e-mail",
	"vehicle.name":           "The vehicle sold: year, make, model and trim",
	"vehicle.vin":            "The vehicle's VIN",
	"vehicle.stockNumber":    "The vehicle's stock number",
	"vehicle.price":          "The selling price",
	"trade.name":             "The first trade's year, make and model",
	"trade.vin":              "The first trade's VIN",
	"trade.allowance":        "The trades' allowance",
	"trade.payoff":           "The trades' payoff",
	"payment.dealType":       "The deal type",
	"payment.term":           "The term in months",
	"payment.rate":           "The APR or lease rate as the store shows it",
	"payment.down":           "The cash down",
	"payment.monthly":        "The monthly payment",
	"payment.amountFinanced": "The amount financed (a lease's adjusted cap cost)",
	"payment.taxes":          "The taxes",
	"payment.cashDue":        "The cash due at signing",
	"salesPerson.name":       "The sales person",
}

var fieldRE = regexp.MustCompile(`\{\{\s*([A-Za-z.]+)\s*\}\}`)

// Line is one labelled line of a form.
type Line struct {
	Label string `json:"label" maxLength:"100"`
	Value string `json:"value" maxLength:"500" doc:"Text with fields in double braces, for example \"{{customer.name}}\"."`
}

// Section is a titled group of lines.
type Section struct {
	Title string `json:"title" maxLength:"100"`
	Lines []Line `json:"lines" nullable:"false"`
}

// Form is a print form.
type Form struct {
	FormID            int64     `json:"formId" readOnly:"true"`
	AccountPlatformID int64     `json:"accountPlatformId" doc:"The store; 0 for every store of the dealer group."`
	Name              string    `json:"name"`
	Category          string    `json:"category" enum:"Sales,F&I,Delivery,Credit,Trade"`
	PaperSize         string    `json:"paperSize" enum:"letter,legal"`
	Sections          []Section `json:"sections" nullable:"false"`
	Version           int64     `json:"version" readOnly:"true"`
	CreatedAt         time.Time `json:"createdAt" readOnly:"true"`
	CreatedBy         string    `json:"createdBy" readOnly:"true"`
}

// Packet is forms printed together.
type Packet struct {
	PacketID          int64     `json:"packetId" readOnly:"true"`
	AccountPlatformID int64     `json:"accountPlatformId" doc:"The store; 0 for every store of the dealer group."`
	Name              string    `json:"name"`
	FormIDs           []int64   `json:"formIds" nullable:"false"`
	Version           int64     `json:"version" readOnly:"true"`
	CreatedAt         time.Time `json:"createdAt" readOnly:"true"`
}

// Validate checks f; field errors name its fields.
func (f Form) Validate() error {
	fields := map[string]string{}
	if n := utf8.RuneCountInString(strings.TrimSpace(f.Name)); n == 0 || n > MaxNameLength {
		fields["name"] = fmt.Sprintf("Enter the form's name, at most %d characters.", MaxNameLength)
	}
	if !slices.Contains(Categories(), f.Category) {
		fields["category"] = "Choose " + strings.Join(Categories(), ", ") + "."
	}
	if f.PaperSize != PaperLetter && f.PaperSize != PaperLegal {
		fields["paperSize"] = "Choose letter (8.5×11 in) or legal (8.5×14 in)."
	}
	if len(f.Sections) == 0 || len(f.Sections) > MaxSections {
		fields["sections"] = fmt.Sprintf("A form has 1 to %d sections.", MaxSections)
	}
	for i, s := range f.Sections {
		at := "sections[" + strconv.Itoa(i) + "]"
		if strings.TrimSpace(s.Title) == "" {
			fields[at+".title"] = "Enter the section's title."
		}
		if len(s.Lines) == 0 || len(s.Lines) > MaxLines {
			fields[at+".lines"] = fmt.Sprintf("A section has 1 to %d lines.", MaxLines)
		}
		for j, l := range s.Lines {
			lat := at + ".lines[" + strconv.Itoa(j) + "]"
			if strings.TrimSpace(l.Label) == "" && strings.TrimSpace(l.Value) == "" {
				fields[lat+".label"] = "Enter the line's label or value."
			}
			for _, m := range fieldRE.FindAllStringSubmatch(l.Value, -1) {
				if _, ok := Fields[m[1]]; !ok {
					fields[lat+".value"] = fmt.Sprintf("{{%s}} is not a field a form may show.", m[1])
				}
			}
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(MsgInvalid, fields)
	}
	return nil
}

// Fill returns value with each field replaced by its value in data (empty when data lacks it).
func Fill(value string, data map[string]string) string {
	return fieldRE.ReplaceAllStringFunc(value, func(m string) string {
		return data[fieldRE.FindStringSubmatch(m)[1]]
	})
}

// Repo reads and writes a dealer group's forms and packets.
type Repo struct {
	s *store.Store
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

const (
	typeForm   = "PrintForm"
	typePacket = "PrintPacket"
)

func formKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key("FORM#"+strconv.FormatInt(id, 10), "PRINT")
}

func packetKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key("PACKET#"+strconv.FormatInt(id, 10), "PRINT")
}

// newID returns a random id in [1, 2^53).
func newID() int64 {
	for {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			panic(err)
		}
		if id := int64(binary.BigEndian.Uint64(b[:]) >> 11); id > 0 {
			return id
		}
	}
}

// CreateForm stores f for tenant t, with f.FormID when set (a seed's), else a new id. An
// invalid form is an Invalid error naming its fields; a form id in use a Conflict error.
func (r *Repo) CreateForm(ctx context.Context, t store.Tenant, f Form, by string) (Form, error) {
	f.Name = strings.TrimSpace(f.Name)
	if err := f.Validate(); err != nil {
		return Form{}, err
	}
	if f.FormID == 0 {
		f.FormID = newID()
	}
	f.Version, f.CreatedAt, f.CreatedBy = 1, r.s.Now().UTC(), by
	k, err := formKey(t, f.FormID)
	if err != nil {
		return Form{}, err
	}
	if err := r.s.Create(ctx, store.Record{Key: k, Type: typeForm, Value: f}); err != nil {
		return Form{}, err
	}
	return f, nil
}

// checkPacket cleans p's name and checks it: a name, 1 to MaxPacketForms forms, each a form of
// the group that the packet's store may use, none twice.
func (r *Repo) checkPacket(ctx context.Context, t store.Tenant, p *Packet) error {
	p.Name = strings.TrimSpace(p.Name)
	fields := map[string]string{}
	if n := utf8.RuneCountInString(p.Name); n == 0 || n > MaxNameLength {
		fields["name"] = fmt.Sprintf("Enter the packet's name, at most %d characters.", MaxNameLength)
	}
	if len(p.FormIDs) == 0 || len(p.FormIDs) > MaxPacketForms {
		fields["formIds"] = fmt.Sprintf("A packet has 1 to %d forms.", MaxPacketForms)
	}
	seen := map[int64]bool{}
	for _, id := range p.FormIDs {
		if seen[id] {
			fields["formIds"] = "A packet holds each form once."
			continue
		}
		seen[id] = true
		f, err := r.Form(ctx, t, id)
		if apperr.CodeOf(err) == apperr.NotFound || (err == nil && f.AccountPlatformID != 0 && f.AccountPlatformID != p.AccountPlatformID) {
			fields["formIds"] = fmt.Sprintf("The form %d is not one the store may print.", id)
		} else if err != nil {
			return err
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The packet is not valid.", fields)
	}
	return nil
}

// CreatePacket stores p for tenant t; its forms must be forms of the group that the packet's
// store may use.
func (r *Repo) CreatePacket(ctx context.Context, t store.Tenant, p Packet) (Packet, error) {
	if err := r.checkPacket(ctx, t, &p); err != nil {
		return Packet{}, err
	}
	if p.PacketID == 0 {
		p.PacketID = newID()
	}
	p.Version, p.CreatedAt = 1, r.s.Now().UTC()
	k, err := packetKey(t, p.PacketID)
	if err != nil {
		return Packet{}, err
	}
	if err := r.s.Create(ctx, store.Record{Key: k, Type: typePacket, Value: p}); err != nil {
		return Packet{}, err
	}
	return p, nil
}

// Packet returns packet id of tenant t.
func (r *Repo) Packet(ctx context.Context, t store.Tenant, id int64) (Packet, error) {
	k, err := packetKey(t, id)
	if err != nil {
		return Packet{}, err
	}
	var p Packet
	v, err := r.s.Get(ctx, k, &p)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Packet{}, apperr.Errorf(apperr.NotFound, MsgPacketNotFound)
	}
	if err != nil {
		return Packet{}, err
	}
	p.Version = v
	return p, nil
}

// UpdatePacket replaces the name and forms of packet p.PacketID, read at p.Version (its store
// stays). A packet changed since is a Conflict error; an invalid one an Invalid error; neither
// writes anything.
func (r *Repo) UpdatePacket(ctx context.Context, t store.Tenant, p Packet) (Packet, error) {
	old, err := r.Packet(ctx, t, p.PacketID)
	if err != nil {
		return Packet{}, err
	}
	if old.Version != p.Version {
		return Packet{}, apperr.Errorf(apperr.Conflict, MsgPacketStale)
	}
	old.Name, old.FormIDs = p.Name, p.FormIDs
	if err := r.checkPacket(ctx, t, &old); err != nil {
		return Packet{}, err
	}
	k, err := packetKey(t, old.PacketID)
	if err != nil {
		return Packet{}, err
	}
	v, err := r.s.Update(ctx, store.Record{Key: k, Type: typePacket, Value: old, Version: old.Version})
	if apperr.CodeOf(err) == apperr.Conflict {
		return Packet{}, apperr.Wrap(apperr.Conflict, err, MsgPacketStale)
	}
	if err != nil {
		return Packet{}, err
	}
	old.Version = v
	return old, nil
}

// DeletePacket deletes packet id read at version; a packet changed since is a Conflict error.
func (r *Repo) DeletePacket(ctx context.Context, t store.Tenant, id, version int64) error {
	k, err := packetKey(t, id)
	if err != nil {
		return err
	}
	err = r.s.Transact(ctx, store.DeleteOp(k, version))
	if apperr.CodeOf(err) == apperr.Conflict {
		if _, gerr := r.Packet(ctx, t, id); apperr.CodeOf(gerr) == apperr.NotFound {
			return gerr
		}
		return apperr.Wrap(apperr.Conflict, err, MsgPacketStale)
	}
	return err
}

// Form returns form id of tenant t.
func (r *Repo) Form(ctx context.Context, t store.Tenant, id int64) (Form, error) {
	k, err := formKey(t, id)
	if err != nil {
		return Form{}, err
	}
	var f Form
	v, err := r.s.Get(ctx, k, &f)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Form{}, apperr.Errorf(apperr.NotFound, MsgNotFound)
	}
	if err != nil {
		return Form{}, err
	}
	f.Version = v
	return f, nil
}

func (r *Repo) list(ctx context.Context, t store.Tenant, prefix string, out any) error {
	part, err := t.Partition("PRINT")
	if err != nil {
		return err
	}
	page, err := r.s.Query(ctx, store.Query{Partition: part, SortPrefix: prefix, Limit: 1000})
	if err != nil {
		return err
	}
	return page.Decode(out)
}

// Search returns the forms store storeID may print (its own and the group's) whose name holds
// text, of category when one is given, by name.
func (r *Repo) Search(ctx context.Context, t store.Tenant, storeID int64, text, category string) ([]Form, error) {
	var all []Form
	if err := r.list(ctx, t, "FORM#", &all); err != nil {
		return nil, fmt.Errorf("search forms: %w", err)
	}
	text = strings.ToLower(strings.TrimSpace(text))
	out := []Form{}
	for _, f := range all {
		if (f.AccountPlatformID == 0 || f.AccountPlatformID == storeID) && strings.Contains(strings.ToLower(f.Name), text) && (category == "" || f.Category == category) {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b Form) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// Packets returns the packets store storeID may print whose name holds text, by name.
func (r *Repo) Packets(ctx context.Context, t store.Tenant, storeID int64, text string) ([]Packet, error) {
	var all []Packet
	if err := r.list(ctx, t, "PACKET#", &all); err != nil {
		return nil, fmt.Errorf("search packets: %w", err)
	}
	text = strings.ToLower(strings.TrimSpace(text))
	out := []Packet{}
	for _, p := range all {
		if (p.AccountPlatformID == 0 || p.AccountPlatformID == storeID) && strings.Contains(strings.ToLower(p.Name), text) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b Packet) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}
