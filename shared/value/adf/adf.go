// Package adf reads leads in the Auto-lead Data Format (ADF 1.0), the XML lead providers send
// dealers (`<?adf version="1.0"?><adf><prospect>...`), and its e-mail variant: an RFC 822
// message whose body (or one of whose parts) is the ADF document.
//
// Parsing is lenient the way real providers need: element and attribute names in any case,
// the processing instructions in any case (or missing), Latin-1 documents, HTML entities,
// unquoted attributes, request dates with odd time-zone offsets (-5:00, -0500, -05, none), and
// every optional part missing. A document that is not ADF (no adf element with a prospect) is
// refused with ErrNotADF, naming what was wrong.
package adf

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// ErrNotADF is the error of a document that is not an ADF lead. Parse wraps it with the reason.
var ErrNotADF = errors.New("not an ADF lead document")

// MaxSize is the largest document Parse reads, in bytes.
const MaxSize = 1 << 20

// Document is a parsed ADF document: one or more prospects.
type Document struct {
	Prospects []Prospect
}

// Prospect is one lead.
type Prospect struct {
	// ID is the provider's id of the lead, Sequence its sequence attribute and IDSource its
	// source attribute (the system that issued the id).
	ID, Sequence, IDSource string
	// Status is the prospect's status attribute (new, resend), lower case.
	Status string
	// RequestDate is when the customer made the request; zero when absent or unreadable.
	RequestDate time.Time
	Vehicles    []Vehicle
	Customer    Customer
	Vendor      Vendor
	Provider    Provider
}

// Vehicle is a vehicle of a prospect. Interest is buy, lease, sell, trade-in or test-drive
// (lower case; "" is buy); Status new or used.
type Vehicle struct {
	Interest, Status                     string
	Year                                 int
	Make, Model, Trim, VIN, Stock, Doors string
	BodyStyle, Transmission              string
	Odometer                             int
	OdometerUnits                        string
	ExteriorColor, InteriorColor         string
	Price                                float64
	PriceType, Currency                  string
	Comments                             string
}

// IsTrade reports whether the vehicle is one the customer trades in (or sells).
func (v Vehicle) IsTrade() bool { return v.Interest == "trade-in" || v.Interest == "sell" }

// Phone is a customer phone: Type is voice, cellphone, fax or pager (lower case; "" is voice),
// Time the preferred time to call.
type Phone struct {
	Number, Type, Time string
	Preferred          bool
}

// Address is a postal address.
type Address struct {
	Type                                  string
	Lines                                 []string
	City, RegionCode, PostalCode, Country string
}

// Customer is the person the lead is about.
type Customer struct {
	FirstName, MiddleName, LastName, FullName string
	Emails                                    []string
	Phones                                    []Phone
	Address                                   Address
	Comments                                  string
	// Timeframe is the customer's purchase timeframe description.
	Timeframe string
}

// Vendor is the dealer the lead was sent to, as the provider names it.
type Vendor struct {
	ID, Name, ContactName string
}

// Provider is the service that generated the lead.
type Provider struct {
	ID, Name, Service, URL, Email, Phone string
}

// SourceName is the name of the lead's source: the provider's name, else its service, else
// the id's source attribute; "" when the document names none.
func (p Prospect) SourceName() string {
	for _, s := range []string{p.Provider.Name, p.Provider.Service, p.IDSource} {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}

// Parse reads an ADF document, or an e-mail message whose body is one. Anything else is an
// error wrapping ErrNotADF.
func Parse(data []byte) (Document, error) {
	if len(data) > MaxSize {
		return Document{}, fmt.Errorf("%w: the document is larger than %d KB", ErrNotADF, MaxSize>>10)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return Document{}, fmt.Errorf("%w: the document is empty", ErrNotADF)
	}
	if trimmed[0] != '<' && looksLikeMessage(trimmed) {
		body, err := messageBody(trimmed)
		if err != nil {
			return Document{}, err
		}
		trimmed = bytes.TrimSpace(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")))
	}
	root, err := parseTree(trimmed)
	if err != nil {
		return Document{}, err
	}
	adf := root.find("adf")
	if adf == nil {
		return Document{}, fmt.Errorf("%w: it has no adf element", ErrNotADF)
	}
	var doc Document
	for _, p := range adf.all("prospect") {
		doc.Prospects = append(doc.Prospects, prospect(p))
	}
	if len(doc.Prospects) == 0 {
		return Document{}, fmt.Errorf("%w: the adf element has no prospect", ErrNotADF)
	}
	return doc, nil
}

func prospect(n *node) Prospect {
	p := Prospect{Status: strings.ToLower(n.attr("status"))}
	if id := n.child("id"); id != nil {
		p.ID, p.Sequence, p.IDSource = id.text(), id.attr("sequence"), id.attr("source")
	}
	p.RequestDate = ParseTime(n.childText("requestdate"))
	for _, v := range n.all("vehicle") {
		p.Vehicles = append(p.Vehicles, vehicle(v))
	}
	if c := n.child("customer"); c != nil {
		p.Customer = customer(c)
	}
	if v := n.child("vendor"); v != nil {
		p.Vendor = Vendor{ID: v.childText("id"), Name: v.childText("vendorname")}
		if c := v.child("contact"); c != nil {
			p.Vendor.ContactName = fullName(c)
		}
	}
	if pr := n.child("provider"); pr != nil {
		p.Provider = Provider{ID: pr.childText("id"), Service: pr.childText("service"), URL: pr.childText("url"),
			Email: pr.childText("email"), Phone: pr.childText("phone")}
		if name := pr.child("name"); name != nil {
			p.Provider.Name = name.text()
		}
		if c := pr.child("contact"); c != nil && p.Provider.Email == "" {
			p.Provider.Email = c.childText("email")
		}
	}
	return p
}

func vehicle(n *node) Vehicle {
	v := Vehicle{
		Interest: strings.ToLower(n.attr("interest")), Status: strings.ToLower(n.attr("status")),
		Make: n.childText("make"), Model: n.childText("model"), Trim: n.childText("trim"),
		VIN: n.childText("vin"), Stock: n.childText("stock"), Doors: n.childText("doors"),
		BodyStyle: n.childText("bodystyle"), Transmission: n.childText("transmission"),
		Comments: n.childText("comments"),
	}
	if v.Interest == "trade" || v.Interest == "tradein" || v.Interest == "trade in" {
		v.Interest = "trade-in"
	}
	v.Year, _ = strconv.Atoi(digits(n.childText("year"), false))
	if o := n.child("odometer"); o != nil {
		v.Odometer, _ = strconv.Atoi(digits(o.text(), false))
		v.OdometerUnits = strings.ToLower(o.attr("units"))
	}
	if cc := n.child("colorcombination"); cc != nil {
		v.ExteriorColor, v.InteriorColor = cc.childText("exteriorcolor"), cc.childText("interiorcolor")
	}
	if pr := n.child("price"); pr != nil {
		v.Price, _ = strconv.ParseFloat(digits(pr.text(), true), 64)
		v.PriceType, v.Currency = strings.ToLower(pr.attr("type")), strings.ToUpper(pr.attr("currency"))
	}
	return v
}

// digits keeps the digits of s (and its first decimal point when decimal is set): "$31,500.00"
// is 31500.00, "12,000 mi" is 12000.
func digits(s string, decimal bool) string {
	var b strings.Builder
	dot := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '.' && decimal && !dot:
			dot = true
			b.WriteRune(r)
		}
	}
	return b.String()
}

func customer(n *node) Customer {
	var c Customer
	if ct := n.child("contact"); ct != nil {
		for _, name := range ct.all("name") {
			switch strings.ToLower(name.attr("part")) {
			case "first":
				c.FirstName = name.text()
			case "middle":
				c.MiddleName = name.text()
			case "last":
				c.LastName = name.text()
			default:
				c.FullName = name.text()
			}
		}
		if c.FirstName == "" && c.LastName == "" && c.FullName != "" {
			c.FirstName, c.LastName = splitFull(c.FullName)
		}
		for _, e := range ct.all("email") {
			if v := e.text(); v != "" {
				c.Emails = append(c.Emails, v)
			}
		}
		for _, ph := range ct.all("phone") {
			num := ph.text()
			if num == "" {
				continue
			}
			c.Phones = append(c.Phones, Phone{
				Number: num, Type: strings.ToLower(ph.attr("type")), Time: strings.ToLower(ph.attr("time")),
				Preferred: ph.attr("preferredcontact") == "1",
			})
		}
		if a := ct.child("address"); a != nil {
			c.Address = Address{Type: strings.ToLower(a.attr("type")), City: a.childText("city"),
				RegionCode: a.childText("regioncode"), PostalCode: a.childText("postalcode"), Country: a.childText("country")}
			for _, l := range a.all("street") {
				if v := l.text(); v != "" {
					c.Address.Lines = append(c.Address.Lines, v)
				}
			}
		}
	}
	c.Comments = n.childText("comments")
	if tf := n.child("timeframe"); tf != nil {
		c.Timeframe = tf.childText("description")
	}
	return c
}

func fullName(n *node) string {
	var parts []string
	for _, name := range n.all("name") {
		if v := name.text(); v != "" {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, " ")
}

// splitFull splits a full name into first and last: "Smith, John" and "John Q Smith" are
// John and Smith.
func splitFull(full string) (first, last string) {
	if l, f, ok := strings.Cut(full, ","); ok {
		if fs := strings.Fields(f); len(fs) > 0 {
			return fs[0], strings.TrimSpace(l)
		}
		return "", strings.TrimSpace(l)
	}
	fields := strings.Fields(full)
	switch len(fields) {
	case 0:
		return "", ""
	case 1:
		return "", fields[0]
	}
	return fields[0], fields[len(fields)-1]
}

var (
	zoneName   = regexp.MustCompile(`\s*\([A-Za-z ]+\)\s*$|\s+[A-Z]{2,5}$`)
	zoneOffset = regexp.MustCompile(`([+-])(\d{1,2})(?::?(\d{2}))?$`)
)

// ParseTime reads an ADF date: ISO 8601 with or without seconds, fractions or a zone; a zone
// written as Z, +hh:mm, +hhmm, +hh or +h:mm (or followed by a zone name, which is ignored); a
// space instead of the T; a date alone; or a US date (11/20/2026 10:15 AM). A time without a
// zone is taken as UTC. Anything unreadable is the zero time.
func ParseTime(s string) time.Time {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 64 {
		return time.Time{}
	}
	for _, layout := range []string{"01/02/2006 15:04:05", "1/2/2006 3:04 PM", "1/2/2006 3:04:05 PM", "1/2/2006 15:04", "1/2/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC()
		}
	}
	s = zoneName.ReplaceAllString(s, "")
	if len(s) > 10 && s[10] == ' ' {
		s = s[:10] + "T" + s[11:]
	}
	s = strings.ReplaceAll(s, " ", "")
	zone := "Z"
	if len(s) > 10 {
		date, clock := s[:10], s[10:]
		if c, ok := strings.CutSuffix(strings.ToUpper(clock), "Z"); ok {
			clock = c
		} else if m := zoneOffset.FindStringSubmatchIndex(clock); m != nil && m[0] > 0 {
			sm := zoneOffset.FindStringSubmatch(clock)
			h, _ := strconv.Atoi(sm[2])
			mm := 0
			if sm[3] != "" {
				mm, _ = strconv.Atoi(sm[3])
			}
			if h > 14 || mm > 59 {
				return time.Time{}
			}
			zone = fmt.Sprintf("%s%02d:%02d", sm[1], h, mm)
			clock = clock[:m[0]]
		}
		s = date + clock
	}
	for _, layout := range []string{"2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout+"Z07:00", s+zone); err == nil {
			return t
		}
	}
	return time.Time{}
}

// latin1 converts ISO-8859-1 (and the printable part of Windows-1252) to UTF-8.
func latin1(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	var out bytes.Buffer
	out.Grow(len(b) + len(b)/8)
	for _, c := range b {
		out.WriteRune(rune(c))
	}
	return out.Bytes()
}
