package demo_test

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/fieldcrypt"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/cxm/cxm/shared/value/searchterm"
	"github.com/google/go-cmp/cmp"
)

// TestGeneratedContacts checks that generated customers are valid, deterministic, spread over
// the stores, and include the near-duplicates merge work needs.
func TestGeneratedContacts(t *testing.T) {
	t.Parallel()
	g := demo.Build()
	const n = 2000
	emails, phones, stores := map[string]int{}, map[string]int{}, map[int64]int{}
	ids := map[int64]bool{}
	for _, c := range g.Contacts {
		ids[c.ID] = true
		if _, err := contact.Normalize(c); err != nil {
			t.Errorf("hand-written contact %d: %v", c.ID, err)
		}
	}
	for i := range n {
		c := demo.GenerateContact(demo.AccountID, g.Stores, i)
		if diff := cmp.Diff(c, demo.GenerateContact(demo.AccountID, g.Stores, i)); diff != "" {
			t.Fatalf("contact %d differs between two generations:\n%s", i, diff)
		}
		if ids[c.ID] {
			t.Fatalf("contact %d: id %d used twice", i, c.ID)
		}
		ids[c.ID] = true
		norm, err := contact.Normalize(c)
		if err != nil {
			t.Fatalf("contact %d is not valid: %v", i, err)
		}
		stores[c.AccountPlatformID]++
		emails[norm.Emails[0].Email]++
		for _, p := range norm.Phones {
			phones[p.Phone]++
		}
	}
	dupEmails, dupPhones := 0, 0
	for _, k := range emails {
		if k > 1 {
			dupEmails++
		}
	}
	for _, k := range phones {
		if k > 1 {
			dupPhones++
		}
	}
	if dupEmails < n/50 || dupPhones < n/50 {
		t.Errorf("%d shared e-mail addresses and %d shared phones among %d customers, want at least %d each", dupEmails, dupPhones, n, n/50)
	}
	for _, st := range g.Stores {
		if got := stores[st.AccountPlatformID]; got < n/4 {
			t.Errorf("store %d has %d of %d customers", st.AccountPlatformID, got, n)
		}
	}
}

// TestSeedContactsAddsWhatIsMissing seeds a few customers, changes one, and seeds more: the
// second seed writes only the new ones and keeps the change.
func TestSeedContactsAddsWhatIsMissing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc := wiring.New(dynamotest.Store(t), eventbus.NewMemory(), slog.New(slog.NewJSONHandler(io.Discard, nil)))
	svc.Encrypter = fieldcrypt.NewRandom()
	g := demo.Build()
	g.GeneratedContacts = 10
	if err := demo.SeedContacts(ctx, svc, g, 2, nil); err != nil {
		t.Fatal(err)
	}
	tn, _ := account.Tenant(demo.AccountID)
	repo := contact.NewRepo(svc.Store, svc.Encrypter, nil, nil)
	c, err := repo.Get(ctx, tn, demo.ContactToyota)
	if err != nil {
		t.Fatal(err)
	}
	if c.SSN != "123-45-6789" || c.DealerID != "NWT-01" {
		t.Errorf("seeded contact: SSN %q, dealer %q", c.SSN, c.DealerID)
	}
	c.NickName = "Changed"
	if _, err := repo.Update(ctx, tn, c, "100001", func(contact.Contact) error { return nil }); err != nil {
		t.Fatal(err)
	}
	g.GeneratedContacts = 30
	if err := demo.SeedContacts(ctx, svc, g, 2, nil); err != nil {
		t.Fatal(err)
	}
	if c, _ := repo.Get(ctx, tn, demo.ContactToyota); c.NickName != "Changed" {
		t.Errorf("the second seed overwrote a change: nickname %q", c.NickName)
	}
	last := demo.GenerateContact(demo.AccountID, g.Stores, 29)
	page, err := repo.Search(ctx, tn, []int64{last.AccountPlatformID}, searchterm.Classify(last.FirstName+" "+last.LastName, true), 25, "")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range page.Matches {
		found = found || m.ContactID == last.ID
	}
	if !found {
		t.Errorf("generated contact 29 (%s %s) not found after the second seed", last.FirstName, last.LastName)
	}
}
