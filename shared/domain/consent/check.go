package consent

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/value/phone"
)

// Reason names why a text may not be sent.
type Reason string

// Reasons a text may not be sent.
const (
	ReasonNone              Reason = ""
	ReasonInvalidNumber     Reason = "InvalidNumber"
	ReasonDoNotText         Reason = "DoNotText"
	ReasonContactOptedOut   Reason = "ContactOptedOut"
	ReasonNotCustomerNumber Reason = "NotCustomerNumber"
	ReasonNotMobile         Reason = "NotMobile"
	ReasonNumberOptedOut    Reason = "NumberOptedOut"
	ReasonLedgerOptedOut    Reason = "OptedOut"
	ReasonNoCASLConsent     Reason = "NoCASLConsent"
	ReasonQuietHours        Reason = "QuietHours"
)

// CASL's implied consent lasts two years after a purchase and six months after an inquiry.
const (
	PurchaseYears  = 2
	InquiryMonths  = 6
	whenLayout     = "Jan 2, 2006 at 3:04 PM"
	dateLayout     = "Jan 2, 2006"
	clockLayout    = "3:04 PM"
	zoneAbbrLayout = "MST"
)

// Decision says whether a text may be sent to a number now, and if not, why.
type Decision struct {
	Allowed bool
	Reason  Reason
	// Message says why, in words for the sales person; "" when allowed.
	Message string
	// NotBefore is when the quiet hours end, for a text held back by them.
	NotBefore time.Time
	// Phone is the number in E.164 form.
	Phone string
}

func deny(reason Reason, format string, args ...any) Decision {
	return Decision{Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// Check decides whether a text may be sent now to number (E.164, or national in the store's
// country) of customer c at store st. Every path that sends a text asks it first: a person, a
// template, an automated workflow task, the assistant, a bulk send and a reply in a thread.
// In order:
//
//   - the rule of the contact (section 5): not marked do-not-text, not opted out of SMS nor
//     of everything; the number is one of the customer's phones, a mobile one, not opted out.
//     A zero c (a thread with a number no customer has) skips these;
//   - the number's ledger at the store: not opted out (by a keyword, a request in words, a
//     form, an import or a person);
//   - for a Canadian store, CASL: express consent recorded, or a purchase in the last two
//     years, or an inquiry in the last six months;
//   - the store's quiet hours in the customer's time zone (the customer's address, else the
//     number's country, else the store's zone).
//
// It reads one item, the ledger's head, and that only when the contact's rule allows.
// Confirmations of STOP and START are sent by HandleInbound's caller without a Check.
func (r *Repo) Check(ctx context.Context, st StoreRules, c contact.Contact, number string, now time.Time) (Decision, error) {
	n, err := phone.E164(number, st.Store.Country)
	if err != nil {
		return deny(ReasonInvalidNumber, "%s is not a mobile number a text can be sent to.", number), nil
	}
	if d, ok := contactRule(st, c, n); !ok {
		d.Phone = n
		return d, nil
	}
	status, err := r.status(ctx, st, n)
	if err != nil {
		return Decision{}, err
	}
	d := r.decide(st, c, status, now)
	d.Phone = n
	return d, nil
}

// contactRule applies section 5's rule to c and number e164; ok is true when it allows.
func contactRule(st StoreRules, c contact.Contact, e164 string) (Decision, bool) {
	if c.ID == 0 {
		return Decision{}, true
	}
	switch {
	case c.IsDoNotText:
		return deny(ReasonDoNotText, "The customer is marked Do Not Text."), false
	case c.OptOutAll:
		return deny(ReasonContactOptedOut, "The customer has opted out of all messages."), false
	case c.SMSOptInStatusID == contact.SMSOptedOut:
		return deny(ReasonContactOptedOut, "The customer has opted out of texts."), false
	}
	display := phone.Format(strings.TrimPrefix(e164, "+1"), "", "")
	if !strings.HasPrefix(e164, "+1") {
		display = e164
	}
	for _, p := range c.Phones {
		country := st.Store.Country
		if p.CC != nil && p.CC.Abbr != "" {
			country = p.CC.Abbr
		}
		if pn, err := phone.E164(p.Phone, country); err != nil || pn != e164 {
			continue
		}
		switch {
		case !p.IsMobile && p.PhoneTypeID != phone.TypeCell:
			return deny(ReasonNotMobile, "%s is the customer's %s number, not a mobile: texts go to mobile numbers only.", display, strings.ToLower(phone.Label(p.PhoneTypeID))), false
		case p.OptOut || p.OptOutSMS:
			return deny(ReasonNumberOptedOut, "%s is opted out of texts on the customer's profile.", display), false
		}
		return Decision{}, true
	}
	return deny(ReasonNotCustomerNumber, "%s is not one of the customer's phone numbers. Add it to the profile as a mobile number first.", display), false
}

// decide applies the ledger, CASL and the quiet hours to a send at now.
func (r *Repo) decide(st StoreRules, c contact.Contact, s Status, now time.Time) Decision {
	storeZone := r.zones.load(st.Store.TimeZone)
	if storeZone == nil {
		storeZone = time.UTC
	}
	if s.State == StateOptedOut {
		when := s.ChangedAt.In(storeZone).Format(whenLayout)
		msg := "Only the customer can opt back in, by texting START."
		switch s.ChangedHow {
		case HowKeyword:
			return deny(ReasonLedgerOptedOut, "The customer texted %q on %s and is opted out. %s", strings.TrimSpace(s.Message), when, msg)
		case HowFreeText:
			return deny(ReasonLedgerOptedOut, "The customer asked not to be texted (%q) on %s and is opted out. %s", strings.TrimSpace(s.Message), when, msg)
		case HowWebForm:
			return deny(ReasonLedgerOptedOut, "The customer opted out of texts on a form on %s. %s", when, msg)
		case HowImport:
			return deny(ReasonLedgerOptedOut, "This number was opted out of texts by an import on %s. %s", when, msg)
		}
		return deny(ReasonLedgerOptedOut, "The customer asked not to be texted on %s (recorded by user %s). %s", when, s.ChangedBy, msg)
	}
	if st.Store.Canadian() {
		if d, ok := casl(s, now, storeZone); !ok {
			return d
		}
	}
	return r.quietHours(st, c, s.Phone, now)
}

// casl applies Canada's anti-spam law: express consent, or implied consent that has not
// expired. ok is true when it allows.
func casl(s Status, now time.Time, zone *time.Location) (Decision, bool) {
	if !s.ExpressConsent.IsZero() {
		return Decision{}, true
	}
	purchaseEnds := s.LastPurchase.AddDate(PurchaseYears, 0, 0)
	inquiryEnds := s.LastInquiry.AddDate(0, InquiryMonths, 0)
	if !s.LastPurchase.IsZero() && now.Before(purchaseEnds) || !s.LastInquiry.IsZero() && now.Before(inquiryEnds) {
		return Decision{}, true
	}
	const law = "Canada's anti-spam law (CASL): there is no consent to text this customer."
	const ask = "Record the customer's express consent before texting."
	date := func(t time.Time) string { return t.In(zone).Format(dateLayout) }
	switch {
	case !s.LastPurchase.IsZero() && (s.LastInquiry.IsZero() || purchaseEnds.After(inquiryEnds)):
		return deny(ReasonNoCASLConsent, "%s The implied consent of the purchase on %s ended on %s. %s", law, date(s.LastPurchase), date(purchaseEnds), ask), false
	case !s.LastInquiry.IsZero():
		return deny(ReasonNoCASLConsent, "%s The implied consent of the inquiry on %s ended on %s. %s", law, date(s.LastInquiry), date(inquiryEnds), ask), false
	}
	return deny(ReasonNoCASLConsent, "%s No purchase, inquiry or express consent is on record. %s", law, ask), false
}

// quietHours holds back a text sent in the store's quiet hours in the customer's time zone.
func (r *Repo) quietHours(st StoreRules, c contact.Contact, e164 string, now time.Time) Decision {
	start, okStart := clockMinutes(st.Settings.QuietStart)
	end, okEnd := clockMinutes(st.Settings.QuietEnd)
	if !okStart || !okEnd {
		start, _ = clockMinutes(DefaultQuietStart)
		end, _ = clockMinutes(DefaultQuietEnd)
	}
	if start == end {
		return Decision{Allowed: true}
	}
	loc := r.customerZone(st, c, e164)
	local := now.In(loc)
	m := local.Hour()*60 + local.Minute()
	quiet := start < end && m >= start && m < end || start > end && (m >= start || m < end)
	if !quiet {
		return Decision{Allowed: true}
	}
	resume := time.Date(local.Year(), local.Month(), local.Day(), end/60, end%60, 0, 0, loc)
	if !resume.After(now) {
		resume = time.Date(local.Year(), local.Month(), local.Day()+1, end/60, end%60, 0, 0, loc)
	}
	clock := func(min int) string { return time.Date(2000, 1, 1, min/60, min%60, 0, 0, time.UTC).Format(clockLayout) }
	d := deny(ReasonQuietHours, "It is %s %s for the customer: no texts between %s and %s their time. Send it after %s.",
		local.Format(clockLayout), local.Format(zoneAbbrLayout), clock(start), clock(end), resume.Format(clockLayout+" "+zoneAbbrLayout))
	d.NotBefore = resume.UTC()
	return d
}

// customerZone returns the customer's time zone: that of the state or province of their
// primary address (else their first address with one), else that of the country of number
// e164 when it has one zone, else the store's. Where a state spans zones, most of its
// people's zone.
func (r *Repo) customerZone(st StoreRules, c contact.Contact, e164 string) *time.Location {
	var addr *contact.Address
	for i, a := range c.Addresses {
		if a.StateProvince == "" {
			continue
		}
		if addr == nil || a.IsPrimary && !addr.IsPrimary {
			addr = &c.Addresses[i]
		}
	}
	if addr != nil {
		if l := r.zones.load(regionZones[strings.ToUpper(strings.TrimSpace(addr.StateProvince))]); l != nil {
			return l
		}
	}
	for code, zone := range countryZones {
		if strings.HasPrefix(e164, code) {
			if l := r.zones.load(zone); l != nil {
				return l
			}
		}
	}
	if l := r.zones.load(st.Store.TimeZone); l != nil {
		return l
	}
	return time.UTC
}

// countryZones are the time zones of the countries of one zone that the product's phones may
// be in, by their E.164 prefix.
var countryZones = map[string]string{"+44": "Europe/London", "+33": "Europe/Paris"}

// regionZones are the time zones of US states and Canadian provinces by their abbreviation.
var regionZones = map[string]string{
	"AL": "America/Chicago", "AK": "America/Anchorage", "AZ": "America/Phoenix", "AR": "America/Chicago",
	"CA": "America/Los_Angeles", "CO": "America/Denver", "CT": "America/New_York", "DE": "America/New_York",
	"DC": "America/New_York", "FL": "America/New_York", "GA": "America/New_York", "HI": "Pacific/Honolulu",
	"ID": "America/Boise", "IL": "America/Chicago", "IN": "America/Indiana/Indianapolis", "IA": "America/Chicago",
	"KS": "America/Chicago", "KY": "America/New_York", "LA": "America/Chicago", "ME": "America/New_York",
	"MD": "America/New_York", "MA": "America/New_York", "MI": "America/Detroit", "MN": "America/Chicago",
	"MS": "America/Chicago", "MO": "America/Chicago", "MT": "America/Denver", "NE": "America/Chicago",
	"NV": "America/Los_Angeles", "NH": "America/New_York", "NJ": "America/New_York", "NM": "America/Denver",
	"NY": "America/New_York", "NC": "America/New_York", "ND": "America/Chicago", "OH": "America/New_York",
	"OK": "America/Chicago", "OR": "America/Los_Angeles", "PA": "America/New_York", "RI": "America/New_York",
	"SC": "America/New_York", "SD": "America/Chicago", "TN": "America/Chicago", "TX": "America/Chicago",
	"UT": "America/Denver", "VT": "America/New_York", "VA": "America/New_York", "WA": "America/Los_Angeles",
	"WV": "America/New_York", "WI": "America/Chicago", "WY": "America/Denver", "PR": "America/Puerto_Rico",
	"BC": "America/Vancouver", "AB": "America/Edmonton", "SK": "America/Regina", "MB": "America/Winnipeg",
	"ON": "America/Toronto", "QC": "America/Toronto", "NB": "America/Moncton", "NS": "America/Halifax",
	"PE": "America/Halifax", "NL": "America/St_Johns", "YT": "America/Whitehorse", "NT": "America/Yellowknife",
	"NU": "America/Iqaluit",
}
