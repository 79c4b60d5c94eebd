package demo

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/cxm/cxm/functions/calltracking"
	"github.com/cxm/cxm/shared/provider/calltrack/sandbox"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// demoCalls are the calls (from numbers no demo customer has, so they wait in the unmatched
// list to be matched) the call-tracking sandbox delivers to each store of a group: how long ago, the caller (none for one of the sandbox's) and whether nobody
// answered.
var demoCalls = []struct {
	ago    time.Duration
	phone  string
	missed bool
	out    bool
}{
	{50 * time.Minute, "", false, false},
	{3 * time.Hour, "+15035550871", false, false},
	{5 * time.Hour, "+15035550874", true, false},
	{26 * time.Hour, "", false, true},
	{30 * time.Hour, "+12065550845", false, false},
	{52 * time.Hour, "", true, false},
}

// seedCalls has the call-tracking sandbox deliver the demo calls of g's stores through the
// post-call webhook's path; each has a fixed id (CALdemo{store}{n}), so a second seed delivers
// them again with no effect.
func seedCalls(ctx context.Context, svc wiring.Services, g Group) error {
	if svc.Providers == nil {
		// No call-tracking provider serves the stores: they have no calls.
		return nil
	}
	t, err := store.NewTenant(strconv.FormatInt(g.Account.ID, 10))
	if err != nil {
		return err
	}
	now := svc.Store.Now()
	for _, st := range g.Stores {
		for i, c := range demoCalls {
			in := sandbox.Inbound{ID: fmt.Sprintf("CALdemo%d%02d", st.AccountPlatformID, i+1), AccountPlatformID: st.AccountPlatformID,
				CustomerPhone: c.phone, Missed: c.missed, At: now.Add(-c.ago).Truncate(time.Second), Seed: strconv.Itoa(i)}
			if c.out {
				in.Direction = "outbound"
			}
			if _, err := calltracking.SendSandboxCall(ctx, svc, t, in); err != nil {
				return fmt.Errorf("seed call %s: %w", in.ID, err)
			}
		}
	}
	return nil
}
