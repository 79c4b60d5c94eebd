package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/texting"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// bulkRecipients is how many customers the bulk text bench texts.
const bulkRecipients = 1000

// benchBulkTexts measures a bulk text to 1,000 customers of a US store of its own of dealer
// group accountID through the SMS
// sandbox (at its latency from SMS_SANDBOX_LATENCY, none when unset): each text is checked
// against the consent ledger, sent, and recorded with its activity entry and thread.
func benchBulkTexts(ctx context.Context, s *store.Store, accountID int64) error {
	st := account.Store{AccountPlatformID: 2990, AccountID: accountID, Name: "Bench Motors", Country: "US", TimeZone: "America/Los_Angeles", Active: true}
	// Noon in the store's zone, so no quiet hours hold a text back.
	noon := time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)
	s = s.WithClock(func() time.Time { return noon })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := wiring.New(s, nil, log)
	tn, err := store.NewTenant(strconv.FormatInt(st.AccountID, 10))
	if err != nil {
		return err
	}
	if err := svc.Accounts.CreateStore(ctx, st); err != nil {
		return fmt.Errorf("create bench store: %w", err)
	}
	contacts := contact.NewRepo(s, nil, nil, log)
	people := make([]contact.Contact, bulkRecipients)
	msgs := make([]texting.Message, bulkRecipients)
	for i := range people {
		id := int64(950_000 + i)
		people[i] = contact.Contact{ID: id, AccountPlatformID: st.AccountPlatformID, FirstName: "Bench", LastName: strconv.Itoa(i),
			SMSOptInStatusID: contact.SMSOptedIn,
			Phones:           []contact.Phone{{ID: 1, Phone: fmt.Sprintf("503%07d", 5_000_000+i), IsMobile: true, PhoneTypeID: 1, IsPreferred: true}}}
		msgs[i] = texting.Message{ContactID: id, Text: "Our winter service special ends Friday. Reply STOP to opt out.", UserID: "bench", UserName: "Bench"}
	}
	if err := contacts.Import(ctx, tn, people, "bench"); err != nil {
		return err
	}
	stores := &countedStores{Stores: svc.Accounts}
	texts := texting.New(s, contacts, activity.NewRepo(s, nil, log).WithClock(s.Now), stores, svc.Providers)
	fmt.Printf("\nBulk text to %d customers through the SMS sandbox (consent check, send, activity entry)\n", bulkRecipients)
	start := time.Now()
	out, err := texts.Bulk(ctx, tn, msgs)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	sent := 0
	for _, o := range out {
		if o.Err != nil {
			return o.Err
		}
		if o.Result.Sent {
			sent++
		}
	}
	fmt.Printf("  %-34s %d of %d in %.2f s: %.0f texts/s, %d reads of the store's texting rules\n", "bulk send", sent, bulkRecipients, elapsed.Seconds(), float64(sent)/elapsed.Seconds(), stores.reads.Load())
	return nil
}

// countedStores counts the reads of the store (each with its texting settings) a send makes.
type countedStores struct {
	texting.Stores
	reads atomic.Int64
}

func (c *countedStores) Store(ctx context.Context, t store.Tenant, id int64) (account.Store, error) {
	c.reads.Add(1)
	return c.Stores.Store(ctx, t, id)
}
