package leads

import (
	"context"
	"fmt"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/adf"
	"github.com/cxm/cxm/shared/value/phone"
)

// Phone types of a contact (phoneTypeId).
const (
	phoneCell    = 1
	phoneHome    = 2
	phoneWork    = 3
	phoneUnknown = 4
)

// truncate returns s cut to at most n bytes on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// contactFrom returns the customer of prospect p as a new contact of store st: e-mail
// addresses of a valid shape, phones read by the generic rule (fax and pager numbers left
// out), and the address.
func contactFrom(p adf.Prospect, st account.Store) contact.Contact {
	cu := p.Customer
	c := contact.Contact{
		AccountPlatformID: st.AccountPlatformID, DealerID: st.DealerID,
		FirstName: truncate(cu.FirstName, contact.MaxName), MiddleName: truncate(cu.MiddleName, contact.MaxName),
		LastName: truncate(cu.LastName, contact.MaxName),
	}
	if c.FirstName == "" && c.LastName == "" {
		c.LastName = "Unknown"
		if len(cu.Emails) > 0 {
			if local, _, ok := strings.Cut(cu.Emails[0], "@"); ok && local != "" {
				c.LastName = truncate(local, contact.MaxName)
			}
		}
	}
	for _, e := range cu.Emails {
		if a, err := mail.ParseAddress(e); err == nil && a.Address == strings.TrimSpace(e) {
			c.Emails = append(c.Emails, contact.Email{Email: a.Address, IsPreferred: len(c.Emails) == 0})
		}
	}
	for _, ph := range cu.Phones {
		typeID := phoneUnknown
		switch ph.Type {
		case "fax", "pager":
			continue
		case "cellphone", "cell", "mobile":
			typeID = phoneCell
		case "home":
			typeID = phoneHome
		case "work", "business", "office":
			typeID = phoneWork
		}
		digits, ok := phone.ParseGeneric(ph.Number)
		if !ok {
			continue
		}
		c.Phones = append(c.Phones, contact.Phone{Phone: digits, PhoneTypeID: typeID, IsMobile: typeID == phoneCell, IsPreferred: ph.Preferred})
	}
	if ad := cu.Address; ad.City != "" || len(ad.Lines) > 0 || ad.PostalCode != "" {
		addr := contact.Address{City: ad.City, StateProvince: ad.RegionCode, PostalCode: ad.PostalCode, Country: ad.Country, IsPrimary: true}
		if len(ad.Lines) > 0 {
			addr.AddressLine1 = ad.Lines[0]
		}
		if len(ad.Lines) > 1 {
			addr.AddressLine2 = strings.Join(ad.Lines[1:], " ")
		}
		c.Addresses = []contact.Address{addr}
	}
	return c
}

// fieldIndex matches the path of a bad list entry in a contact's field errors: emails[2].email.
var fieldIndex = regexp.MustCompile(`^(emails|phones|addresses)\[(\d+)\]`)

// createContact creates c with the writes with returns (contact.Repo.CreateWith). Providers
// send what their forms took: when the contact store refuses an e-mail address, phone or
// address, the contact is created without it; any other refusal is returned.
func (a *area) createContact(ctx context.Context, t store.Tenant, c contact.Contact, with func(contact.Contact) ([]store.Op, error)) error {
	for attempt := 0; ; attempt++ {
		_, err := a.contacts.CreateWith(ctx, t, c, IntakeUser, with)
		if err == nil {
			return nil
		}
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.Invalid || len(e.Fields) == 0 || attempt == 2 {
			return err
		}
		drop := map[string]map[int]bool{}
		for f := range e.Fields {
			m := fieldIndex.FindStringSubmatch(f)
			if m == nil {
				return err
			}
			i, _ := strconv.Atoi(m[2])
			if drop[m[1]] == nil {
				drop[m[1]] = map[int]bool{}
			}
			drop[m[1]][i] = true
		}
		c.Emails = dropIndexes(c.Emails, drop["emails"])
		c.Phones = dropIndexes(c.Phones, drop["phones"])
		c.Addresses = dropIndexes(c.Addresses, drop["addresses"])
	}
}

func dropIndexes[T any](list []T, drop map[int]bool) []T {
	var out []T
	for i, v := range list {
		if !drop[i] {
			out = append(out, v)
		}
	}
	return out
}

// match finds the existing customer of store storeID that c is: one with the same e-mail
// address; else one with the same first and last name and a same phone; else one with the
// same last name, a close first name and a same phone. It returns 0 when none matches. The
// searches run in parallel; their answers are weighed in that order.
func (a *area) match(ctx context.Context, t store.Tenant, storeID int64, c contact.Contact) (int64, string, error) {
	stores := []int64{storeID}
	last, first := contact.NormName(c.LastName), contact.NormName(c.FirstName)
	criteria := make([]contact.Criteria, 0, len(c.Emails)+len(c.Phones))
	for _, e := range c.Emails {
		criteria = append(criteria, contact.Criteria{Email: e.Email})
	}
	if last != "" {
		for _, ph := range c.Phones {
			criteria = append(criteria, contact.Criteria{Phone: ph.Phone, LastName: c.LastName})
		}
	}
	pages := make([]contact.Page, len(criteria))
	errs := make([]error, len(criteria))
	var wg sync.WaitGroup
	for i, cr := range criteria {
		size := contact.MaxPageSize
		if cr.Email != "" {
			size = contact.DefaultPageSize
		}
		wg.Go(func() { pages[i], errs[i] = a.contacts.AdvancedSearch(ctx, t, stores, cr, size, "") })
	}
	wg.Wait()
	for i := range c.Emails {
		page, err := pages[i], errs[i]
		if apperr.CodeOf(err) == apperr.Invalid {
			continue
		}
		if err != nil {
			return 0, "", err
		}
		if len(page.Matches) > 0 {
			return page.Matches[0].ContactID, "email", nil
		}
	}
	if last == "" {
		return 0, "", nil
	}
	var similar int64
	for i := len(c.Emails); i < len(criteria); i++ {
		page, err := pages[i], errs[i]
		if apperr.CodeOf(err) == apperr.Invalid {
			continue
		}
		if err != nil {
			return 0, "", err
		}
		for _, m := range page.Matches {
			if contact.NormName(m.LastName) != last {
				continue
			}
			candidate := contact.NormName(m.FirstName)
			if candidate == first {
				return m.ContactID, "namePhone", nil
			}
			if similar == 0 && closeNames(first, candidate) {
				similar = m.ContactID
			}
		}
	}
	if similar != 0 {
		return similar, "similarNamePhone", nil
	}
	return 0, "", nil
}

// closeNames reports whether two normalised first names may be the same person's: one starts
// with the other (JIM, JIMMY), or they start alike and differ by at most two edits (JAMES,
// JAMIE).
func closeNames(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	short, long := a, b
	if len(short) > len(long) {
		short, long = long, short
	}
	if len(short) >= 2 && strings.HasPrefix(long, short) {
		return true
	}
	return len(short) >= 3 && a[0] == b[0] && editDistance(a, b) <= 2
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// leadFrom returns the lead of prospect p: type Internet, the customer's comments and
// timeframe, and the vehicles (a vehicle the lead rules refuse loses the refused values, or
// is described in the comments when nothing usable is left).
func leadFrom(p adf.Prospect) lead.Lead {
	l := lead.Lead{LeadTypeID: lead.TypeInternet}
	var notes []string
	if s := strings.TrimSpace(p.Customer.Comments); s != "" {
		notes = append(notes, s)
	}
	if s := strings.TrimSpace(p.Customer.Timeframe); s != "" {
		notes = append(notes, "Timeframe: "+s)
	}
	for _, v := range p.Vehicles {
		lv := lead.Vehicle{
			VIN: v.VIN, StockNumber: truncate(v.Stock, 20), Year: v.Year, Make: truncate(v.Make, 50), Model: truncate(v.Model, 50),
			Trim: truncate(v.Trim, 50), Color: truncate(v.ExteriorColor, 50), Odometer: v.Odometer, IsNew: v.Status == "new",
			Comments: truncate(v.Comments, 1000),
		}
		if v.IsTrade() {
			if len(l.TradeIns) >= lead.MaxVehicles {
				continue
			}
			t := lead.TradeIn{Vehicle: lv}
			if v.PriceType == "appraisal" || v.PriceType == "offer" {
				t.AppraisedValue = v.Price
			} else {
				t.Price = v.Price
			}
			got, err := lead.ValidateTradeIn(t)
			if err != nil {
				t.Vehicle, notes = salvage(t.Vehicle, err, notes)
				if got, err = lead.ValidateTradeIn(t); err != nil {
					notes = append(notes, "Trade-in: "+describe(v))
					continue
				}
			}
			l.TradeIns = append(l.TradeIns, got)
			continue
		}
		if len(l.Vehicles) >= lead.MaxVehicles {
			continue
		}
		lv.Price = v.Price
		voi := lead.VehicleOfInterest{Vehicle: lv}
		got, err := lead.ValidateVehicleOfInterest(voi)
		if err != nil {
			voi.Vehicle, notes = salvage(voi.Vehicle, err, notes)
			if got, err = lead.ValidateVehicleOfInterest(voi); err != nil {
				notes = append(notes, "Vehicle of interest: "+describe(v))
				continue
			}
		}
		l.Vehicles = append(l.Vehicles, got)
	}
	l.Comments = truncate(strings.Join(notes, "\n"), lead.MaxCommentsLen)
	return l
}

// salvage clears the values err refuses in v, noting a refused VIN in the comments.
func salvage(v lead.Vehicle, err error, notes []string) (lead.Vehicle, []string) {
	e, ok := apperr.As(err)
	if !ok {
		return v, notes
	}
	for f := range e.Fields {
		switch f {
		case "vin":
			if v.VIN != "" {
				notes = append(notes, "Unreadable VIN from the provider: "+truncate(v.VIN, 40))
			}
			v.VIN = ""
		case "year":
			v.Year = 0
		case "odometer":
			v.Odometer = 0
		case "price":
			v.Price = 0
		}
	}
	return v, notes
}

func describe(v adf.Vehicle) string {
	s := strings.TrimSpace(fmt.Sprintf("%d %s %s %s %s", v.Year, v.Make, v.Model, v.Trim, v.VIN))
	return truncate(strings.TrimPrefix(s, "0 "), 200)
}
