// Package timers is the scheduled function that fires due timers (package timer): in AWS an
// EventBridge Scheduler schedule invokes it every minute; locally the gateway runs the same
// firer's Loop on its clock.
package timers

import (
	"context"
	"time"

	"github.com/cxm/cxm/shared/runtime/timer"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Name is the function's name: its directory under events/ and its Lambda's.
const Name = "timers"

// NewFirer returns the firer of svc's timers on clock now. Each timer's event is written to the
// outbox in the transaction that deletes the timer (timer.ThroughOutbox), so a timer fires once
// in effect.
func NewFirer(svc wiring.Services, now func() time.Time) *timer.Firer {
	return &timer.Firer{Store: svc.Store, Now: now, Fire: timer.ThroughOutbox(svc.Store), Log: svc.Log}
}

// Result is what one invocation did.
type Result struct {
	Fired int `json:"fired"`
}

// Handler returns the function's handler: each invocation fires every timer due by then. An
// error makes the invocation fail, and the timers it could not fire stay for the next one.
func Handler(f *timer.Firer) func(ctx context.Context) (Result, error) {
	return func(ctx context.Context) (Result, error) {
		n, err := f.FireDue(ctx)
		return Result{Fired: n}, err
	}
}
