// Command storeproviders shows or sets a store's outside-system providers: the Secrets Manager
// secrets with the store's credit bureau (700Credit), click-to-call (CallRail), appraisal
// (vAuto), vehicle history (CARFAX Canada) and manufacturer tag (Ford OASIS) credentials, and
// optionally their endpoints. Operators create the secrets under cxm/providers/{account}/
// and then point the store at them; a store with no provider configured answers "not
// configured" in AWS (unless it is a demo store).
//
//	TABLE_NAME=... go run ./scripts/storeproviders -account 1000 -store 2001 \
//	    -credit-secret cxm/providers/1000/credit -calls-secret cxm/providers/1000/2001/calltracking
//
// Without a -credit-*, -calls-*, -appraisal-*, -history-* or -tag-* flag it prints the store's configuration. DYNAMODB_ENDPOINT
// points it at a local table.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/runtime/store"
)

type options struct {
	account, store                int64
	creditSecret, creditURL       string
	callsSecret, callsURL         string
	clearCredit, clearCalls       bool
	appraisalSecret, appraisalURL string
	historySecret, historyURL     string
	tagSecret, tagURL             string
	vincentSecret, vincentURL     string
	clearVincent                  bool
	clearAppraisal, clearHistory  bool
	clearTag                      bool
	table, endpoint               string
}

func main() {
	var o options
	flag.Int64Var(&o.account, "account", 0, "the dealer group (account) id")
	flag.Int64Var(&o.store, "store", 0, "the store (account platform) id")
	flag.StringVar(&o.creditSecret, "credit-secret", "", "the secret with the store's 700Credit credentials")
	flag.StringVar(&o.creditURL, "credit-url", "", "700Credit's endpoint; empty for production")
	flag.StringVar(&o.callsSecret, "calls-secret", "", "the secret with the store's CallRail credentials")
	flag.StringVar(&o.callsURL, "calls-url", "", "CallRail's endpoint; empty for production")
	flag.BoolVar(&o.clearCredit, "clear-credit", false, "remove the store's credit bureau")
	flag.BoolVar(&o.clearCalls, "clear-calls", false, "remove the store's click-to-call provider")
	flag.StringVar(&o.appraisalSecret, "appraisal-secret", "", "the secret with the store's vAuto credentials")
	flag.StringVar(&o.appraisalURL, "appraisal-url", "", "vAuto's endpoint; empty for production")
	flag.BoolVar(&o.clearAppraisal, "clear-appraisal", false, "remove the store's appraisal provider")
	flag.StringVar(&o.historySecret, "history-secret", "", "the secret with the store's CARFAX Canada credentials")
	flag.StringVar(&o.historyURL, "history-url", "", "CARFAX Canada's endpoint; empty for production")
	flag.BoolVar(&o.clearHistory, "clear-history", false, "remove the store's vehicle history provider")
	flag.StringVar(&o.tagSecret, "tag-secret", "", "the secret with the store's Ford OASIS credentials")
	flag.StringVar(&o.tagURL, "tag-url", "", "OASIS's endpoint; empty for production")
	flag.BoolVar(&o.clearTag, "clear-tag", false, "remove the store's manufacturer tag service")
	flag.StringVar(&o.vincentSecret, "vincent-secret", "", "the secret with the store's Smart Vincent credentials")
	flag.StringVar(&o.vincentURL, "vincent-url", "", "Smart Vincent's endpoint; empty for production")
	flag.BoolVar(&o.clearVincent, "clear-vincent", false, "remove the store's Smart Vincent service")
	flag.Parse()
	o.table, o.endpoint = os.Getenv("TABLE_NAME"), os.Getenv("DYNAMODB_ENDPOINT")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := run(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "storeproviders:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options) error {
	if o.table == "" || o.account < 1 || o.store < 1 {
		return errors.New("set TABLE_NAME, -account and -store")
	}
	db, err := store.Connect(ctx, o.endpoint)
	if err != nil {
		return err
	}
	// The tool reads and writes one item by key: no cursors are signed.
	s, err := store.New(db, o.table, make([]byte, 32))
	if err != nil {
		return err
	}
	repo := account.NewRepo(s)
	t, err := account.Tenant(o.account)
	if err != nil {
		return err
	}
	st, err := repo.Store(ctx, t, o.store)
	if err != nil {
		return err
	}
	p := st.Providers
	changed := false
	set := func(cfg *account.ProviderConfig, secret, url string, clear bool) {
		switch {
		case clear:
			*cfg, changed = account.ProviderConfig{}, true
		case secret != "" || url != "":
			if secret != "" {
				cfg.Secret = secret
			}
			cfg.BaseURL, changed = url, true
		}
	}
	set(&p.Credit, o.creditSecret, o.creditURL, o.clearCredit)
	set(&p.CallTracking, o.callsSecret, o.callsURL, o.clearCalls)
	set(&p.Appraisal, o.appraisalSecret, o.appraisalURL, o.clearAppraisal)
	set(&p.VehicleHistory, o.historySecret, o.historyURL, o.clearHistory)
	set(&p.ManufacturerTag, o.tagSecret, o.tagURL, o.clearTag)
	set(&p.SmartVincent, o.vincentSecret, o.vincentURL, o.clearVincent)
	if changed {
		if err := repo.SetProviders(ctx, t, o.store, p); err != nil {
			return err
		}
	}
	out, err := json.MarshalIndent(map[string]any{"store": st.Name, "demo": st.Demo, "providers": p}, "", "  ")
	if err != nil {
		return err
	}
	fmt.Println(string(out))
	return nil
}
