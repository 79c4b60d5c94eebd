package consent_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

const (
	accountID = 1001
	storeUS   = 2001
	storeCA   = 2003
	number    = "+15035550134"
)

var (
	portland  = account.Store{AccountPlatformID: storeUS, AccountID: accountID, Name: "Northwind Toyota", Country: "US", TimeZone: "America/Los_Angeles"}
	vancouver = account.Store{AccountPlatformID: storeCA, AccountID: accountID, Name: "Northwind Hyundai", Country: "CA", TimeZone: "America/Vancouver"}
)

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// fixture is a repository over a fresh table, its events as they commit, and its store rules.
type fixture struct {
	s      *store.Store
	repo   *consent.Repo
	tenant store.Tenant
	mu     sync.Mutex
	events []eventbus.Event
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	s := dynamotest.Store(t)
	tn, err := store.NewTenant(fmt.Sprint(accountID))
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{s: s, repo: consent.NewRepo(s), tenant: tn}
	s.OnCommit(func(_ context.Context, created []store.Record) {
		for _, r := range created {
			if e, ok := eventbus.OutboxEvent(r); ok {
				f.mu.Lock()
				f.events = append(f.events, e)
				f.mu.Unlock()
			}
		}
	})
	return f
}

func (f *fixture) rules(t testing.TB, st account.Store) consent.StoreRules {
	t.Helper()
	r, err := f.repo.Rules(context.Background(), f.tenant, st)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (f *fixture) record(t testing.TB, st consent.StoreRules, n string, c consent.Change) consent.Entry {
	t.Helper()
	e, _, err := f.repo.Record(context.Background(), st, n, c)
	if err != nil {
		t.Fatalf("Record(%+v): %v", c, err)
	}
	return e
}

func (f *fixture) inbound(t testing.TB, st consent.StoreRules, n, text string) consent.Inbound {
	t.Helper()
	in, err := f.repo.HandleInbound(context.Background(), st, n, text)
	if err != nil {
		t.Fatalf("HandleInbound(%q): %v", text, err)
	}
	return in
}

func history(t testing.TB, f *fixture, st consent.StoreRules, n string) []consent.Entry {
	t.Helper()
	var all []consent.Entry
	cursor := ""
	for {
		p, err := f.repo.History(context.Background(), st, n, 2, cursor)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, p.Entries...)
		if p.Next == "" {
			return all
		}
		cursor = p.Next
	}
}

// TestLedgerHistory appends changes of every kind and reads them back: newest first, numbered
// without gaps, each as it was written (a later change edits no earlier entry), the status
// derived from them, and one ConsentChanged event per entry.
func TestLedgerHistory(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	st := f.rules(t, portland)
	steps := []struct {
		change consent.Change
		state  consent.State
	}{
		{consent.Change{Kind: consent.KindImplied, How: consent.HowPurchase, Who: consent.WhoSystem, ContactID: 42, On: at("2025-06-01T17:00:00Z")}, consent.StateNone},
		{consent.Change{Kind: consent.KindExpress, How: consent.HowExpress, Who: "100001", Message: "Said yes to texts at delivery", ContactID: 42}, consent.StateOptedIn},
		{consent.Change{Kind: consent.KindOptOut, How: consent.HowKeyword, Who: consent.WhoCustomer, Message: "STOP"}, consent.StateOptedOut},
		{consent.Change{Kind: consent.KindExpress, How: consent.HowImport, Who: "100002", Message: "DMS consent list"}, consent.StateOptedOut},
		{consent.Change{Kind: consent.KindOptIn, How: consent.HowKeyword, Who: consent.WhoCustomer, Message: "START"}, consent.StateOptedIn},
		{consent.Change{Kind: consent.KindOptOut, How: consent.HowImport, Who: "100002", Message: "DMS do-not-text list"}, consent.StateOptedOut},
		{consent.Change{Kind: consent.KindExpress, How: consent.HowWebForm, Who: consent.WhoCustomer, Message: "Text me about my order: checked"}, consent.StateOptedIn},
	}
	var written []consent.Entry
	for i, step := range steps {
		// One number written three ways is one ledger.
		n := []string{number, "(503) 555-0134", "1 503.555.0134"}[i%3]
		e, status, err := f.repo.Record(ctx, st, n, step.change)
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if e.Seq != int64(i+1) || status.Entries != int64(i+1) || e.Phone != number {
			t.Errorf("step %d: entry %d of %s, status of %d entries, want %d of %s", i, e.Seq, e.Phone, status.Entries, i+1, number)
		}
		if status.State != step.state {
			t.Errorf("step %d (%s by %s): state %q, want %q", i, step.change.Kind, step.change.Who, status.State, step.state)
		}
		written = append(written, e)
	}
	got := history(t, f, st, number)
	if len(got) != len(written) {
		t.Fatalf("history has %d entries, want %d", len(got), len(written))
	}
	for i, e := range got {
		want := written[len(written)-1-i]
		if !e.At.Equal(want.At) || e.Seq != want.Seq || e.Who != want.Who || e.How != want.How || e.Kind != want.Kind || e.Message != want.Message || !e.On.Equal(want.On) {
			t.Errorf("history[%d] = %+v, want %+v", i, e, want)
		}
	}
	status, err := f.repo.Status(ctx, st, number)
	if err != nil {
		t.Fatal(err)
	}
	if !status.LastPurchase.Equal(at("2025-06-01T17:00:00Z")) || status.ExpressConsent.IsZero() || status.ContactID != 42 || status.ChangedHow != consent.HowWebForm {
		t.Errorf("status = %+v", status)
	}

	// Every entry wrote its event, naming the number, the store, the customer, the state and how.
	if len(f.events) != len(steps) {
		t.Fatalf("%d events, want %d", len(f.events), len(steps))
	}
	var d consent.EventDetail
	if err := json.Unmarshal(f.events[2].Detail, &d); err != nil {
		t.Fatal(err)
	}
	if f.events[2].Type != consent.EventType || d.Phone != number || d.AccountPlatformID != storeUS || d.ContactID != 42 || d.State != consent.StateOptedOut || d.How != consent.HowKeyword {
		t.Errorf("event = %s %s", f.events[2].Type, f.events[2].Detail)
	}

	// Another store's ledger of the same number is its own.
	other, err := f.repo.Status(ctx, f.rules(t, account.Store{AccountPlatformID: 2002, AccountID: accountID, Country: "US"}), number)
	if err != nil || other.Entries != 0 || other.State != consent.StateNone {
		t.Errorf("another store's status = %+v, %v, want none", other, err)
	}
}

// TestRecordRefuses checks that an invalid change is refused with its field and records
// nothing.
func TestRecordRefuses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	st := f.rules(t, portland)
	tests := []struct {
		name   string
		number string
		change consent.Change
		field  string
	}{
		{"a user cannot opt a customer back in", number, consent.Change{Kind: consent.KindOptIn, How: consent.HowKeyword, Who: "100001"}, "who"},
		{"a texted opt-out is the customer's", number, consent.Change{Kind: consent.KindOptOut, How: consent.HowKeyword, Who: "100001"}, "who"},
		{"nobody", number, consent.Change{Kind: consent.KindOptOut, How: consent.HowWebForm}, "who"},
		{"an unknown way", number, consent.Change{Kind: consent.KindOptOut, How: "Pigeon", Who: consent.WhoCustomer}, "how"},
		{"an unknown kind", number, consent.Change{Kind: "Maybe", How: consent.HowWebForm, Who: consent.WhoCustomer}, "kind"},
		{"implied consent from a form", number, consent.Change{Kind: consent.KindImplied, How: consent.HowWebForm, Who: consent.WhoSystem}, "how"},
		{"a purchase in the future", number, consent.Change{Kind: consent.KindImplied, How: consent.HowPurchase, Who: consent.WhoSystem, On: at("2030-01-01T00:00:00Z")}, "on"},
		{"a dated opt-out", number, consent.Change{Kind: consent.KindOptOut, How: consent.HowWebForm, Who: consent.WhoCustomer, On: at("2026-01-01T00:00:00Z")}, "on"},
		{"a bad number", "555-0134", consent.Change{Kind: consent.KindOptOut, How: consent.HowWebForm, Who: consent.WhoCustomer}, "phone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := f.repo.Record(ctx, st, tt.number, tt.change)
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("Record = %v, want an Invalid error", err)
			}
			var ae *apperr.Error
			if !errors.As(err, &ae) || ae.Fields[tt.field] == "" {
				t.Errorf("Record = %v, want a message for field %q", err, tt.field)
			}
		})
	}
	if got := history(t, f, st, number); len(got) != 0 || len(f.events) != 0 {
		t.Errorf("refused changes recorded %d entries and %d events", len(got), len(f.events))
	}
}

// TestConcurrentAppends appends changes to one ledger at the same moment: every entry is
// kept, numbered without gaps.
func TestConcurrentAppends(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	st := f.rules(t, portland)
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kind, how, who := consent.KindOptOut, consent.HowKeyword, consent.WhoCustomer
			if i%2 == 1 {
				kind, how, who = consent.KindImplied, consent.HowInquiry, consent.WhoSystem
			}
			_, _, errs[i] = f.repo.Record(ctx, st, number, consent.Change{Kind: kind, How: how, Who: who, Message: fmt.Sprintf("change %d", i)})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("change %d: %v", i, err)
		}
	}
	got := history(t, f, st, number)
	seen := map[string]bool{}
	for i, e := range got {
		if want := int64(n - i); e.Seq != want {
			t.Errorf("entry %d has number %d, want %d", i, e.Seq, want)
		}
		seen[e.Message] = true
	}
	if len(got) != n || len(seen) != n {
		t.Errorf("%d entries (%d distinct), want %d", len(got), len(seen), n)
	}
	status, err := f.repo.Status(ctx, st, number)
	if err != nil || status.Entries != n || status.State != consent.StateOptedOut {
		t.Errorf("status = %+v, %v, want %d entries, opted out", status, err, n)
	}
}

// TestHandleInbound texts the store as a customer would: each opt-out is recorded and the
// first confirmed once, START is recorded and confirmed, YES counts only when opted out, HELP
// answers the store's help text.
func TestHandleInbound(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	st := f.rules(t, portland)
	steps := []struct {
		text     string
		keyword  consent.Keyword
		recorded bool
		reply    string
		state    consent.State
	}{
		{"Is the RAV4 still there?", consent.KeywordNone, false, "", consent.StateNone},
		{"YES", consent.KeywordNone, false, "", consent.StateNone},
		{"HELP", consent.KeywordHelp, false, st.Help(), consent.StateNone},
		{"please stop texting me", consent.KeywordStop, true, st.OptOutConfirmation(), consent.StateOptedOut},
		{"STOP", consent.KeywordStop, true, "", consent.StateOptedOut},
		{"stop!!", consent.KeywordStop, true, "", consent.StateOptedOut},
		{"info", consent.KeywordHelp, false, st.Help(), consent.StateOptedOut},
		{"yes", consent.KeywordStart, true, st.OptInConfirmation(), consent.StateOptedIn},
		{"START", consent.KeywordStart, true, st.OptInConfirmation(), consent.StateOptedIn},
		{"Unsubscribe", consent.KeywordStop, true, st.OptOutConfirmation(), consent.StateOptedOut},
		{"unsubscribe", consent.KeywordStop, true, "", consent.StateOptedOut},
	}
	entries := 0
	for i, s := range steps {
		in := f.inbound(t, st, "503-555-0134", s.text)
		if in.Keyword != s.keyword || in.Recorded != s.recorded || in.Reply != s.reply || in.Status.State != s.state {
			t.Errorf("step %d %q: keyword %s, recorded %v, reply %q, state %q; want %s, %v, %q, %q",
				i, s.text, in.Keyword, in.Recorded, in.Reply, in.Status.State, s.keyword, s.recorded, s.reply, s.state)
		}
		if s.recorded {
			entries++
			if in.Entry.Who != consent.WhoCustomer || in.Entry.Message != s.text {
				t.Errorf("step %d: entry %+v, want the customer's %q", i, in.Entry, s.text)
			}
		}
	}
	if got := history(t, f, st, number); len(got) != entries {
		t.Errorf("%d entries, want %d", len(got), entries)
	}
	// An opt-out a user recorded has not been confirmed to the customer: their STOP is.
	f.record(t, st, "+15035550199", consent.Change{Kind: consent.KindOptOut, How: consent.HowExpress, Who: "100001", Message: "Asked on the phone"})
	if in := f.inbound(t, st, "+15035550199", "STOP"); in.Reply != st.OptOutConfirmation() {
		t.Errorf("STOP after a recorded opt-out: reply %q, want the confirmation", in.Reply)
	}
	if in := f.inbound(t, st, "+15035550199", "STOP"); in.Reply != "" || !in.Recorded {
		t.Errorf("second STOP: reply %q, recorded %v, want recorded without a reply", in.Reply, in.Recorded)
	}
	// Two STOPs at the same moment: both recorded, one confirmation.
	var wg sync.WaitGroup
	replies := make([]string, 2)
	for i := range replies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in, err := f.repo.HandleInbound(ctx, st, "+15035550177", "STOP")
			if err != nil {
				t.Error(err)
			}
			replies[i] = in.Reply
		}()
	}
	wg.Wait()
	if confirmations := btoi(replies[0] != "") + btoi(replies[1] != ""); confirmations != 1 {
		t.Errorf("two STOPs at once sent %d confirmations, want 1", confirmations)
	}
	if got := history(t, f, st, "+15035550177"); len(got) != 2 {
		t.Errorf("two STOPs at once recorded %d entries, want 2", len(got))
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
