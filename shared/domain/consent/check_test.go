package consent_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/value/phone"
)

// noonPacific is a time no quiet hours of the tests' customers hold a text back.
var noonPacific = at("2026-11-20T20:00:00Z")

// customer returns a textable customer with mobile 503-555-0134, living in state (none for "").
func customer(state string) contact.Contact {
	c := contact.Contact{ID: 42, AccountPlatformID: storeUS, SMSOptInStatusID: contact.SMSOptedIn,
		Phones: []contact.Phone{
			{ID: 1, Phone: "5035550134", IsMobile: true, PhoneTypeID: phone.TypeCell},
			{ID: 2, Phone: "5035550100", PhoneTypeID: phone.TypeHome},
		}}
	if state != "" {
		c.Addresses = []contact.Address{{AddressLine1: "1 Main St", City: "Somewhere", StateProvince: state, IsPrimary: true}}
	}
	return c
}

func TestCheckContactRule(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	st := f.rules(t, portland)
	tests := []struct {
		name   string
		edit   func(*contact.Contact)
		number string
		reason consent.Reason
	}{
		{"a textable customer", func(*contact.Contact) {}, "(503) 555-0134", consent.ReasonNone},
		{"the number in international form", func(*contact.Contact) {}, "+1 503 555 0134", consent.ReasonNone},
		{"marked do not text", func(c *contact.Contact) { c.IsDoNotText = true }, number, consent.ReasonDoNotText},
		{"opted out of everything", func(c *contact.Contact) { c.OptOutAll = true }, number, consent.ReasonContactOptedOut},
		{"SMS opt-in opted out", func(c *contact.Contact) { c.SMSOptInStatusID = contact.SMSOptedOut }, number, consent.ReasonContactOptedOut},
		{"SMS opt-in not requested is no bar", func(c *contact.Contact) { c.SMSOptInStatusID = contact.SMSNotRequested }, number, consent.ReasonNone},
		{"the mobile number opted out", func(c *contact.Contact) { c.Phones[0].OptOutSMS = true }, number, consent.ReasonNumberOptedOut},
		{"the mobile number opted out of everything", func(c *contact.Contact) { c.Phones[0].OptOut = true }, number, consent.ReasonNumberOptedOut},
		{"a home number", func(*contact.Contact) {}, "503-555-0100", consent.ReasonNotMobile},
		{"a number the customer does not have", func(*contact.Contact) {}, "503-555-0999", consent.ReasonNotCustomerNumber},
		{"not a number", func(*contact.Contact) {}, "555-0134", consent.ReasonInvalidNumber},
		{"a thread of a number no customer has", func(c *contact.Contact) { *c = contact.Contact{} }, "503-555-0999", consent.ReasonNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := customer("OR")
			tt.edit(&c)
			d, err := f.repo.Check(context.Background(), st, c, tt.number, noonPacific)
			if err != nil {
				t.Fatal(err)
			}
			if d.Reason != tt.reason || d.Allowed != (tt.reason == consent.ReasonNone) || (d.Allowed != (d.Message == "")) {
				t.Errorf("Check = %+v, want reason %q", d, tt.reason)
			}
		})
	}
}

// TestQuietHours checks the quiet hours in the customer's time zone, across zones and the
// days the clocks change.
func TestQuietHours(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	defaults := f.rules(t, portland)
	custom := func(id int64, start, end string) consent.StoreRules {
		st := portland
		st.AccountPlatformID = id
		r, err := f.repo.SaveSettings(ctx, f.rules(t, st), consent.Settings{QuietStart: start, QuietEnd: end})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	evenings := custom(2011, "20:00", "09:00")
	lunch := custom(2012, "12:00", "13:00")
	never := custom(2013, "00:00", "00:00")
	tests := []struct {
		name      string
		st        consent.StoreRules
		state     string
		now       string
		notBefore string // "" when allowed
	}{
		{"8:59 PM in New York", defaults, "NY", "2026-11-20T01:59:00Z", ""},
		{"9 PM in New York", defaults, "NY", "2026-11-20T02:00:00Z", "2026-11-20T13:00:00Z"},
		{"the same moment is 6 PM in Oregon", defaults, "OR", "2026-11-20T02:00:00Z", ""},
		{"no address: the store's zone, 9:30 PM in Portland", defaults, "", "2026-11-20T05:30:00Z", "2026-11-20T16:00:00Z"},
		{"11:59 PM waits for the next morning", defaults, "NY", "2026-11-21T04:59:00Z", "2026-11-21T13:00:00Z"},
		{"7:59 AM waits a minute", defaults, "NY", "2026-11-20T12:59:00Z", "2026-11-20T13:00:00Z"},
		{"8 AM", defaults, "ny", "2026-11-20T13:00:00Z", ""},
		{"the day before clocks go forward, 7:30 AM EST", defaults, "NY", "2026-03-07T12:30:00Z", "2026-03-07T13:00:00Z"},
		{"the morning clocks went forward, 8:30 AM EDT", defaults, "NY", "2026-03-08T12:30:00Z", ""},
		{"the night clocks go forward waits for 8 AM EDT", defaults, "NY", "2026-03-08T06:30:00Z", "2026-03-08T12:00:00Z"},
		{"the day before clocks go back, 8:30 AM EDT", defaults, "NY", "2026-10-31T12:30:00Z", ""},
		{"the morning clocks went back, 7:30 AM EST", defaults, "NY", "2026-11-01T12:30:00Z", "2026-11-01T13:00:00Z"},
		{"the repeated hour the night clocks go back", defaults, "NY", "2026-11-01T05:30:00Z", "2026-11-01T13:00:00Z"},
		{"Arizona keeps standard time: 8:30 PM in Phoenix", defaults, "AZ", "2026-07-01T03:30:00Z", ""},
		{"while it is 9:30 PM in Denver", defaults, "CO", "2026-07-01T03:30:00Z", "2026-07-01T14:00:00Z"},
		{"8:30 PM in Newfoundland", defaults, "NL", "2026-11-20T00:00:00Z", ""},
		{"9 PM in Newfoundland", defaults, "NL", "2026-11-20T00:30:00Z", "2026-11-20T11:30:00Z"},
		{"a store's own quiet hours from 8 PM", evenings, "NY", "2026-11-20T01:30:00Z", "2026-11-20T14:00:00Z"},
		{"a store's own quiet hours until 9 AM", evenings, "NY", "2026-11-20T13:30:00Z", "2026-11-20T14:00:00Z"},
		{"a store's own quiet hours allow 9 AM", evenings, "NY", "2026-11-20T14:00:00Z", ""},
		{"quiet hours inside a day", lunch, "NY", "2026-11-20T17:30:00Z", "2026-11-20T18:00:00Z"},
		{"no quiet hours", never, "NY", "2026-11-20T08:00:00Z", ""},
	}
	// A thread with a British number no customer has: London's time, not the store's.
	if d, err := f.repo.Check(ctx, defaults, contact.Contact{}, "+44 7700 900123", at("2026-11-20T21:30:00Z")); err != nil || d.Reason != consent.ReasonQuietHours || !d.NotBefore.Equal(at("2026-11-21T08:00:00Z")) {
		t.Errorf("9:30 PM in London: %+v, %v, want quiet hours until 8 AM GMT", d, err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := f.repo.Check(ctx, tt.st, customer(tt.state), number, at(tt.now))
			if err != nil {
				t.Fatal(err)
			}
			if tt.notBefore == "" {
				if !d.Allowed {
					t.Errorf("Check = %+v, want allowed", d)
				}
				return
			}
			if d.Allowed || d.Reason != consent.ReasonQuietHours || !d.NotBefore.Equal(at(tt.notBefore)) {
				t.Errorf("Check = %+v, want quiet hours until %s", d, tt.notBefore)
			}
			if !strings.Contains(d.Message, "for the customer") || !strings.Contains(d.Message, "Send it after") {
				t.Errorf("message %q does not say why and until when", d.Message)
			}
		})
	}
}

// TestCASL checks the consent Canada's anti-spam law asks of a Canadian store: express
// consent, or a purchase in the last two years, or an inquiry in the last six months.
func TestCASL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	ca := f.rules(t, vancouver)
	us := f.rules(t, portland)
	implied := func(how consent.How, on string) consent.Change {
		return consent.Change{Kind: consent.KindImplied, How: how, Who: consent.WhoSystem, On: at(on)}
	}
	express := func(on string) consent.Change {
		return consent.Change{Kind: consent.KindExpress, How: consent.HowExpress, Who: "100001", Message: "Agreed at the desk", On: at(on)}
	}
	tests := []struct {
		name    string
		st      consent.StoreRules
		changes []consent.Change
		inbound string
		reason  consent.Reason
		says    string
	}{
		{"nothing on record", ca, nil, "", consent.ReasonNoCASLConsent, "No purchase, inquiry or express consent"},
		{"a US store asks for none", us, nil, "", consent.ReasonNone, ""},
		{"a purchase a day short of two years ago", ca, []consent.Change{implied(consent.HowPurchase, "2024-11-21T20:00:00Z")}, "", consent.ReasonNone, ""},
		{"a purchase over two years ago", ca, []consent.Change{implied(consent.HowPurchase, "2024-11-20T19:00:00Z")}, "", consent.ReasonNoCASLConsent, "purchase on Nov 20, 2024 ended on Nov 20, 2026"},
		{"an inquiry five months ago", ca, []consent.Change{implied(consent.HowInquiry, "2026-06-20T20:00:00Z")}, "", consent.ReasonNone, ""},
		{"an inquiry seven months ago", ca, []consent.Change{implied(consent.HowInquiry, "2026-04-20T20:00:00Z")}, "", consent.ReasonNoCASLConsent, "inquiry on Apr 20, 2026 ended on Oct 20, 2026"},
		{"an old purchase and a newer expired inquiry", ca, []consent.Change{implied(consent.HowPurchase, "2023-01-10T20:00:00Z"), implied(consent.HowInquiry, "2026-05-01T20:00:00Z")}, "", consent.ReasonNoCASLConsent, "inquiry on May 1, 2026"},
		{"an expired purchase and a recent inquiry", ca, []consent.Change{implied(consent.HowPurchase, "2023-01-10T20:00:00Z"), implied(consent.HowInquiry, "2026-10-01T20:00:00Z")}, "", consent.ReasonNone, ""},
		{"express consent years ago", ca, []consent.Change{implied(consent.HowPurchase, "2019-01-10T20:00:00Z"), express("2019-01-10T20:00:00Z")}, "", consent.ReasonNone, ""},
		{"express consent, then STOP", ca, []consent.Change{express("2026-01-10T20:00:00Z")}, "STOP", consent.ReasonLedgerOptedOut, "texted \"STOP\""},
		{"express consent, STOP, then START", ca, []consent.Change{express("2026-01-10T20:00:00Z")}, "STOP\nSTART", consent.ReasonNone, ""},
		{"a recent purchase, then STOP", ca, []consent.Change{implied(consent.HowPurchase, "2026-10-01T20:00:00Z")}, "STOP", consent.ReasonLedgerOptedOut, ""},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			n := "+1604555" + string(rune('0'+i/10)) + string(rune('0'+i%10)) + "00"
			for _, c := range tt.changes {
				f.record(t, tt.st, n, c)
			}
			if tt.inbound != "" {
				for _, text := range strings.Split(tt.inbound, "\n") {
					f.inbound(t, tt.st, n, text)
				}
			}
			d, err := f.repo.Check(ctx, tt.st, contact.Contact{}, n, noonPacific)
			if err != nil {
				t.Fatal(err)
			}
			if d.Reason != tt.reason || d.Allowed != (tt.reason == consent.ReasonNone) || !strings.Contains(d.Message, tt.says) {
				t.Errorf("Check = %+v, want reason %q saying %q", d, tt.reason, tt.says)
			}
		})
	}
}

// TestNoSendAfterOptOut proves that once the customer opts out, no path that sends a text is
// allowed to: a person, a template, an automated workflow task, the assistant, a bulk send and
// a reply in the thread, whatever the time, whatever the contact's own flags still say, and
// whatever a user records, until the customer opts back in.
func TestNoSendAfterOptOut(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	st := f.rules(t, portland)
	c := customer("OR")
	type send struct {
		path    string
		contact contact.Contact
		number  string
	}
	paths := []send{
		{"a person from the profile", c, "(503) 555-0134"},
		{"a template", c, c.Phones[0].Phone},
		{"an automated workflow task", c, "503.555.0134"},
		{"the assistant", c, "+15035550134"},
		{"a reply in the thread with the customer", c, "+15035550134"},
		{"a reply in a thread no customer is matched to", contact.Contact{}, "+1 (503) 555-0134"},
	}
	for i := range 50 {
		other := customer("OR")
		other.ID = int64(1000 + i)
		other.Phones[0].Phone = "503555" + string(rune('1'+i/10)) + string(rune('0'+i%10)) + "00"
		paths = append(paths, send{"a bulk send to another customer", other, other.Phones[0].Phone})
	}
	paths = append(paths, send{"a bulk send to the customer", c, "5035550134"})
	count := func(from, to time.Time, step time.Duration) (allowed int, reasons map[consent.Reason]int) {
		reasons = map[consent.Reason]int{}
		for now := from; now.Before(to); now = now.Add(step) {
			for _, p := range paths {
				if p.contact.ID != c.ID && p.contact.ID != 0 {
					// The bulk send's other customers: read once below.
					continue
				}
				d, err := f.repo.Check(ctx, st, p.contact, p.number, now)
				if err != nil {
					t.Fatal(err)
				}
				if d.Allowed {
					allowed++
				}
				reasons[d.Reason]++
			}
		}
		return allowed, reasons
	}
	if allowed, _ := count(noonPacific, noonPacific.Add(time.Minute), time.Hour); allowed != 7 {
		t.Fatalf("before the opt-out %d of 7 paths may text, want all", allowed)
	}

	in, err := f.repo.HandleInboundFrom(ctx, st, c.ID, "+15035550134", "Please stop texting me, I bought elsewhere")
	if err != nil || in.Reply == "" || in.Status.State != consent.StateOptedOut || in.Entry.ContactID != c.ID {
		t.Fatalf("the opt-out was not applied: %+v, %v", in, err)
	}
	var detail consent.EventDetail
	if err := json.Unmarshal(f.events[len(f.events)-1].Detail, &detail); err != nil || detail.ContactID != c.ID || detail.State != consent.StateOptedOut || detail.How != consent.HowFreeText {
		t.Errorf("the opt-out's event: %+v, %v", detail, err)
	}
	// A user records express consent: it does not take back the customer's opt-out.
	f.record(t, st, number, consent.Change{Kind: consent.KindExpress, How: consent.HowExpress, Who: "100001", Message: "Said OK on the phone"})

	// Every 5.5 hours for a week: every hour of the day, quiet hours too.
	step := 5*time.Hour + 30*time.Minute
	allowed, reasons := count(noonPacific, noonPacific.Add(7*24*time.Hour), step)
	if sends := 7 * int((7*24*time.Hour+step-1)/step); allowed != 0 || reasons[consent.ReasonLedgerOptedOut] != sends {
		t.Errorf("after the opt-out, a week of sends: %d allowed, reasons %v; want none allowed, all opted out", allowed, reasons)
	}
	d, err := f.repo.Check(ctx, st, c, number, noonPacific)
	if err != nil {
		t.Fatal(err)
	}
	if want := `The customer asked not to be texted ("Please stop texting me, I bought elsewhere") on Nov 20, 2026`; !strings.HasPrefix(d.Message, want) {
		t.Errorf("message %q, want it to start %q", d.Message, want)
	}
	// The other customers of the bulk send are still texted.
	other := paths[6]
	if d, err := f.repo.Check(ctx, st, other.contact, other.number, noonPacific); err != nil || !d.Allowed {
		t.Errorf("another customer: %+v, %v, want allowed", d, err)
	}
	// The customer opts back in.
	f.inbound(t, st, number, "START")
	if allowed, _ := count(noonPacific, noonPacific.Add(time.Minute), time.Hour); allowed != 7 {
		t.Errorf("after START %d of 7 paths may text, want all", allowed)
	}
}

func TestSettings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	st := f.rules(t, portland)
	if st.Version != 0 || st.Settings != consent.DefaultSettings() || !strings.Contains(st.Help(), "Northwind Toyota") {
		t.Errorf("a new store's rules = %+v, help %q", st, st.Help())
	}
	if _, err := f.repo.SaveSettings(ctx, st, consent.Settings{QuietStart: "9pm", QuietEnd: "24:00", HelpText: strings.Repeat("x", consent.MaxHelpText+1)}); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("bad settings: %v, want Invalid", err)
	}
	saved, err := f.repo.SaveSettings(ctx, st, consent.Settings{QuietStart: "20:30", QuietEnd: "08:30", HelpText: "Northwind Toyota texting: call 503-555-0100. Reply STOP to opt out."})
	if err != nil {
		t.Fatal(err)
	}
	again := f.rules(t, portland)
	if again.Version != 1 || again.Settings != saved.Settings || again.Help() != saved.Settings.HelpText {
		t.Errorf("read back %+v, want %+v", again, saved)
	}
	if _, err := f.repo.SaveSettings(ctx, st, consent.DefaultSettings()); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("a save from a stale read: %v, want Conflict", err)
	}
	if _, err := f.repo.Rules(ctx, f.tenant, account.Store{AccountPlatformID: 9001, AccountID: 7777}); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("another dealer group's store: %v, want NotFound", err)
	}
}
