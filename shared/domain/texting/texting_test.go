package texting_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/texting"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/provider/sms"
	smssandbox "github.com/cxm/cxm/shared/provider/sms/sandbox"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/cxm/cxm/shared/value/phone"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

const (
	accountID = 1001
	storeID   = 2001
	mobile    = "+15035550134"
)

// noonPacific is a time outside every customer's quiet hours.
var noonPacific = time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)

type fixture struct {
	ctx      context.Context
	t        store.Tenant
	svc      *texting.Service
	sandbox  *smssandbox.Provider
	activity *activity.Repo
	contact  contact.Contact
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	s := dynamotest.Store(t).WithClock(func() time.Time { return noonPacific })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	w := wiring.New(s, nil, log)
	tn, err := account.Tenant(accountID)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Accounts.CreateStore(ctx, account.Store{AccountPlatformID: storeID, AccountID: accountID, Name: "Northwind Toyota", Country: "US", TimeZone: "America/Los_Angeles", Active: true}); err != nil {
		t.Fatal(err)
	}
	contacts := contact.NewRepo(s, nil, nil, log)
	c, err := contacts.Create(ctx, tn, contact.Contact{AccountPlatformID: storeID, FirstName: "Dana", LastName: "Reyes", SMSOptInStatusID: contact.SMSOptedIn,
		Phones: []contact.Phone{{Phone: "5035550134", IsMobile: true, PhoneTypeID: phone.TypeCell, IsPreferred: true}}}, "sp-a")
	if err != nil {
		t.Fatal(err)
	}
	acts := activity.NewRepo(s, nil, log).WithClock(s.Now)
	return &fixture{ctx: ctx, t: tn, svc: texting.New(s, contacts, acts, w.Accounts, w.Providers), sandbox: w.Providers.SMSSandbox(), activity: acts, contact: c}
}

func (f *fixture) message(path texting.Path, text string) texting.Message {
	return texting.Message{ContactID: f.contact.ID, Text: text, Path: path, UserID: "sp-a", UserName: "Sam Seller"}
}

func (f *fixture) reply(t *testing.T, text string) texting.Received {
	t.Helper()
	in, err := f.sandbox.Reply(f.t, storeID, mobile, text)
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.svc.Receive(f.ctx, f.t, storeID, in)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func (f *fixture) texts(t *testing.T) []activity.Entry {
	t.Helper()
	page, err := f.activity.Feed(f.ctx, f.t, []int64{f.contact.ID}, activity.FeedQuery{Category: activity.CategoryText, PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	return page.Entries
}

// TestEveryPathSendsNothingAfterAnOptOut sends by every path, then the customer texts STOP
// inside the thread, then every path again: nothing more reaches the provider.
func TestEveryPathSendsNothingAfterAnOptOut(t *testing.T) {
	t.Parallel()
	opts := []string{"STOP", "please stop texting me", "Unsubscribe", "quit", "End", "cancel", "STOPALL", "remove me from your list"}
	for _, stop := range opts {
		t.Run(stop, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			send := func(path texting.Path) texting.Result {
				t.Helper()
				if path == texting.PathBulk {
					out, err := f.svc.Bulk(f.ctx, f.t, []texting.Message{f.message(path, "Your truck is ready")})
					if err != nil || out[0].Err != nil {
						t.Fatalf("Bulk = %v, %v", out, err)
					}
					return out[0].Result
				}
				m := f.message(path, "Your truck is ready")
				if path == texting.PathTemplate {
					m.Template = "Service ready"
				}
				res, err := f.svc.Send(f.ctx, f.t, m)
				if err != nil {
					t.Fatalf("Send(%s) error = %v", path, err)
				}
				return res
			}
			for _, p := range texting.Paths() {
				if res := send(p); !res.Sent {
					t.Fatalf("Send(%s) before the opt-out = %+v, want sent", p, res)
				}
			}
			before := len(f.sandbox.SentTo(f.t, mobile))
			got := f.reply(t, stop)
			if got.Keyword != consent.KeywordStop || got.Status.State != consent.StateOptedOut || got.Reply == nil {
				t.Fatalf("Receive(%q) = %+v, want an opt-out confirmed", stop, got)
			}
			if got.ContactID != f.contact.ID {
				t.Errorf("the reply was threaded onto %d, want %d", got.ContactID, f.contact.ID)
			}
			for _, p := range texting.Paths() {
				res := send(p)
				if res.Sent || res.Decision.Reason != consent.ReasonLedgerOptedOut || !strings.Contains(res.Decision.Message, "opted out") {
					t.Errorf("Send(%s) after %q = %+v, want refused as opted out", p, stop, res)
				}
			}
			if after := len(f.sandbox.SentTo(f.t, mobile)); after != before+1 {
				t.Errorf("texts sent after the opt-out = %d, want 1 (the confirmation)", after-before)
			}
			// A second STOP is recorded but not confirmed again.
			if again := f.reply(t, "STOP"); again.Reply != nil {
				t.Errorf("a second STOP was confirmed again: %+v", again.Reply)
			}
			if after := len(f.sandbox.SentTo(f.t, mobile)); after != before+1 {
				t.Errorf("texts sent after the second STOP = %d, want 1", after-before)
			}
		})
	}
}

func TestStartHelpAndOrdinaryReplies(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if _, err := f.svc.Send(f.ctx, f.t, f.message(texting.PathPerson, "Hi Dana, the Tacoma is in.")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		text      string
		keyword   consent.Keyword
		state     consent.State
		reply     string
		canSendTo bool
	}{
		{"Great, can I come by at 5?", consent.KeywordNone, consent.StateNone, "", true},
		{"HELP", consent.KeywordHelp, consent.StateNone, "Northwind Toyota: texts about your vehicle", true},
		{"Stop please", consent.KeywordStop, consent.StateOptedOut, "you are unsubscribed", false},
		{"START", consent.KeywordStart, consent.StateOptedIn, "subscribed to our texts again", true},
	}
	for _, tt := range tests {
		got := f.reply(t, tt.text)
		if got.Keyword != tt.keyword || got.Status.State != tt.state {
			t.Errorf("Receive(%q) = keyword %v state %q, want %v %q", tt.text, got.Keyword, got.Status.State, tt.keyword, tt.state)
		}
		if (tt.reply == "") != (got.Reply == nil) || got.Reply != nil && !strings.Contains(got.Reply.Text, tt.reply) {
			t.Errorf("Receive(%q) answered %+v, want %q", tt.text, got.Reply, tt.reply)
		}
		res, err := f.svc.Send(f.ctx, f.t, f.message(texting.PathReply, "Thanks!"))
		if err != nil {
			t.Fatal(err)
		}
		if res.Sent != tt.canSendTo {
			t.Errorf("a reply in the thread after %q sent = %v, want %v (%s)", tt.text, res.Sent, tt.canSendTo, res.Decision.Message)
		}
	}
	var in, out int
	for _, e := range f.texts(t) {
		switch e.Direction {
		case activity.Inbound:
			in++
		case activity.Outbound:
			out++
		}
	}
	// Sent: the first text, HELP's answer, the STOP confirmation, START's; and three replies.
	if in != 4 || out != 7 {
		t.Errorf("text entries = %d in, %d out; want 4 and 7", in, out)
	}
}

func TestReceiveIsOnceByMessageID(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if _, err := f.svc.Send(f.ctx, f.t, f.message(texting.PathPerson, "Hello")); err != nil {
		t.Fatal(err)
	}
	in, err := f.sandbox.Reply(f.t, storeID, mobile, "STOP")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		got, err := f.svc.Receive(f.ctx, f.t, storeID, in)
		if err != nil {
			t.Fatal(err)
		}
		if got.Repeated != (i > 0) {
			t.Errorf("delivery %d Repeated = %v", i+1, got.Repeated)
		}
	}
	if n := len(f.sandbox.SentTo(f.t, mobile)); n != 2 {
		t.Errorf("texts sent = %d, want the first and one confirmation", n)
	}
	if n := len(f.texts(t)); n != 3 {
		t.Errorf("text entries = %d, want 3", n)
	}
}

func TestSendRefusals(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tests := []struct {
		name   string
		edit   func(*texting.Message)
		code   apperr.Code
		field  string
		reason consent.Reason
	}{
		{"empty text", func(m *texting.Message) { m.Text = "  " }, apperr.Invalid, "text", ""},
		{"too long", func(m *texting.Message) { m.Text = strings.Repeat("a", texting.MaxText+1) }, apperr.Invalid, "text", ""},
		{"unknown path", func(m *texting.Message) { m.Path = "pigeon" }, apperr.Invalid, "path", ""},
		{"a number not the customer's", func(m *texting.Message) { m.Phone = "503-555-0999" }, "", "", consent.ReasonNotCustomerNumber},
		{"unknown customer", func(m *texting.Message) { m.ContactID = 999999 }, apperr.NotFound, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := f.message(texting.PathPerson, "Hello")
			tt.edit(&m)
			res, err := f.svc.Send(f.ctx, f.t, m)
			if apperr.CodeOf(err) != tt.code && !(tt.code == "" && err == nil) {
				t.Fatalf("Send error = %v, want %q", err, tt.code)
			}
			if tt.field != "" {
				if e, _ := apperr.As(err); e.Fields[tt.field] == "" {
					t.Errorf("fields = %v, want %s", e.Fields, tt.field)
				}
			}
			if res.Sent || res.Decision.Reason != tt.reason {
				t.Errorf("Send = %+v, want reason %q", res, tt.reason)
			}
		})
	}
	if n := len(f.sandbox.SentTo(f.t, mobile)); n != 0 {
		t.Errorf("texts sent = %d, want none", n)
	}
}

func TestSendOnceByKey(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	m := f.message(texting.PathWorkflow, "Reminder")
	m.Key = "wf-auto-1"
	for range 2 {
		res, err := f.svc.Send(f.ctx, f.t, m)
		if err != nil || !res.Sent || res.Entry.Details[texting.DetailAutomated] != "true" {
			t.Fatalf("Send = %+v, %v", res, err)
		}
	}
	if n := len(f.sandbox.SentTo(f.t, mobile)); n != 1 {
		t.Errorf("texts sent = %d, want 1", n)
	}
}

var _ sms.Senders = (*wiring.Providers)(nil)
