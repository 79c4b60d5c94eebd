package workflows_test

import (
	"strings"
	"testing"
	"time"

	acct "github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/texting"
	"github.com/cxm/cxm/shared/value/phone"
)

// TestAutomatedText: an automated text task texts its template through the consent ledger at
// its due time. A customer who texted STOP inside the store's thread gets nothing (the task
// becomes Overdue with the reason in the activity), nor does one marked do not text; a
// customer in their quiet hours gets the text when they end. A replayed timer sends nothing
// more.
func TestAutomatedText(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if err := f.svc.Accounts.CreateStore(f.ctx, acct.Store{AccountPlatformID: shop, AccountID: account, Name: "Northwind Toyota", Country: "US", TimeZone: "America/Los_Angeles", Active: true}); err != nil {
		t.Fatal(err)
	}
	r := callRule(shop)
	r.Name = "Welcome text"
	r.TriggerSetTasks = []rule.Task{{Name: "Welcome text", Description: "thanks for your interest in {StoreName}.", ActionTypeID: 3,
		DueUnit: rule.UnitHours, DueDuration: 1, AutomatedTask: true, EmailTemplate: "Welcome"}}
	r.TriggerSetNotifications = nil
	f.activeRule(t, r)
	mobile := func(n string) []contact.Phone {
		return []contact.Phone{{Phone: n, IsMobile: true, PhoneTypeID: phone.TypeCell, IsPreferred: true}}
	}
	customers := []contact.Contact{
		{ID: 901, AccountPlatformID: shop, FirstName: "Ana", LastName: "Lee", Phones: mobile("5035550901")},
		{ID: 902, AccountPlatformID: shop, FirstName: "Ben", LastName: "Ortiz", Phones: mobile("5035550902")},
		{ID: 903, AccountPlatformID: shop, FirstName: "Cy", LastName: "Park", IsDoNotText: true, Phones: mobile("5035550903")},
		{ID: 904, AccountPlatformID: shop, FirstName: "Di", LastName: "Ng", Phones: mobile("8085550904"),
			Addresses: []contact.Address{{AddressLine1: "1 Beach Rd", City: "Honolulu", StateProvince: "HI", IsPrimary: true}}},
	}
	contacts := contact.NewRepo(f.s, nil, nil, nil)
	if err := contacts.Import(f.ctx, f.t, customers, "test"); err != nil {
		t.Fatal(err)
	}
	// Ben is texted by his sales person and answers STOP inside the thread.
	acts := activity.NewRepo(f.s, nil, nil).WithClock(f.clock.Now)
	texts := texting.New(f.s, contacts, acts, f.svc.Accounts, f.svc.Providers)
	if res, err := texts.Send(f.ctx, f.t, texting.Message{ContactID: 902, Text: "Hi Ben, the Tacoma is in.", Path: texting.PathPerson, UserID: "sp-a", UserName: "Sam"}); err != nil || !res.Sent {
		t.Fatalf("Send = %+v, %v", res, err)
	}
	sb := f.svc.Providers.SMSSandbox()
	in, err := sb.Reply(f.t, shop, "+15035550902", "Please stop texting me")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := texts.Receive(f.ctx, f.t, shop, in); err != nil {
		t.Fatal(err)
	}
	sentTo := func(n string) int { return len(sb.SentTo(f.t, n)) }
	benBefore := sentTo("+15035550902")

	for _, c := range customers {
		f.newLead(t, shop, c.ID, lead.TypeInternet)
	}
	// 9:01 in Portland, 7:01 in Honolulu.
	f.clock.Advance(61 * time.Minute)
	f.fire(t)
	tests := []struct {
		contact int64
		number  string
		sent    int
		task    string
		reason  string
	}{
		{901, "+15035550901", 1, task.StatusCompleted, ""},
		{902, "+15035550902", 0, task.StatusOverdue, "opted out"},
		{903, "+15035550903", 0, task.StatusOverdue, "Do Not Text"},
		{904, "+18085550904", 0, task.StatusPending, ""},
	}
	check := func(when string) {
		t.Helper()
		for _, tt := range tests {
			is := f.workflows(t, tt.contact)
			w := f.task(t, tt.contact, is[0].TaskIDs[0])
			if w.Status != tt.task {
				t.Errorf("%s: %d: task %s, want %s", when, tt.contact, w.Status, tt.task)
			}
			n := sentTo(tt.number)
			if tt.contact == 902 {
				n -= benBefore
			}
			if n != tt.sent {
				t.Errorf("%s: %d: %d texts sent by the workflow, want %d", when, tt.contact, n, tt.sent)
			}
			if tt.reason != "" {
				e, err := acts.ByKey(f.ctx, f.t, tt.contact, "wf-auto-"+w.ID)
				if err != nil || e.Kind != activity.KindTask || !strings.Contains(e.Text, tt.reason) {
					t.Errorf("%s: %d: activity = %+v, %v; want the reason %q", when, tt.contact, e, err, tt.reason)
				}
			}
		}
	}
	check("at the due time")
	if got := sb.SentTo(f.t, "+15035550901"); len(got) != 1 || got[0].Text != "Hi Ana, thanks for your interest in Northwind Toyota. - Northwind Toyota" {
		t.Errorf("Ana's text = %+v", got)
	}
	// Honolulu's quiet hours end at 8:00 there (18:00 UTC).
	f.clock.Advance(time.Hour)
	f.fire(t)
	tests[3].sent, tests[3].task = 1, task.StatusCompleted
	check("after Honolulu's quiet hours")

	// The timers' events again: nothing more is sent.
	for _, e := range f.seen {
		if e.Type == rule.EventTaskDue {
			if err := f.bus.Publish(f.ctx, e); err != nil {
				t.Fatal(err)
			}
		}
	}
	f.settle(t)
	check("after the replay")
}
