package timer

import (
	"time"

	"github.com/cxm/cxm/shared/runtime/store"
)

// UnshardedOp is Op as timers were written before the schedule had shards.
func UnshardedOp(t store.Tenant, tm Timer, now time.Time) (store.Op, error) {
	return op(t, tm, now, false)
}
