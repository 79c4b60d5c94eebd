// Package timers is the scheduled function that fires due timers (package timer): in AWS an
// EventBridge Scheduler schedule invokes it every minute and each invocation fires what is due
// every ten seconds of its minute; locally the gateway runs the same firer's Loop on its clock,
// as often.
package timers

import (
	"context"
	"errors"
	"time"

	"github.com/cxm/cxm/shared/provider/latency"
	"github.com/cxm/cxm/shared/runtime/timer"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// Name is the function's name: its directory under events/ and its Lambda's.
const Name = "timers"

// Workers is how many timers the function fires at once.
//
// In AWS a fire is a GetItem of the timer and a transaction of two items (the timer's delete
// and its event's outbox entry), about 15 ms together, so 64 at once fire about 4,000 timers a
// second: 100,000 tasks falling due in one minute have all fired within about 25 seconds of
// the pass that finds them, inside the 60-second goal with a pass every Every. Their schedule
// entries are spread over timer.Shards index partitions, so no partition takes more than the
// 1,000 writes a second DynamoDB gives one. (DynamoDB Local fires about 150 a second on a
// 2-core machine, whatever the count: `make bench` prints the local figure.)
const Workers = 64

// NewFirer returns the firer of svc's timers on clock now. Each timer's event is written to the
// outbox in the transaction that deletes the timer (timer.ThroughOutbox), so a timer fires once
// in effect.
func NewFirer(svc wiring.Services, now func() time.Time) *timer.Firer {
	return &timer.Firer{Store: svc.Store, Now: now, Fire: timer.ThroughOutbox(svc.Store), Log: svc.Log, Workers: Workers}
}

// An invocation fires what is due Passes times, Every apart, so a timer waits for at most
// Every past its due time (and its firing), not for the schedule's next minute.
const (
	Passes = 6
	Every  = time.Minute / Passes
)

// Result is what one invocation did.
type Result struct {
	Fired  int `json:"fired"`
	Passes int `json:"passes"`
}

// Wait returns when the clock reaches until or ctx ends, with ctx's error then.
type Wait func(ctx context.Context, until time.Time) error

// Handler returns the function's handler: each invocation fires every timer due by then, then
// waits (wait) and fires again Every until it has made Passes passes, so the invocations of the
// every-minute schedule cover the whole minute. A pass left fewer than Every before ctx's
// deadline is not begun; the next invocation fires what it would have. An error makes the
// invocation fail, and the timers it could not fire stay for the next pass or invocation.
func Handler(f *timer.Firer, wait Wait) func(ctx context.Context) (Result, error) {
	return func(ctx context.Context) (Result, error) {
		var res Result
		start := f.Now()
		var errs []error
		for i := range Passes {
			at := start.Add(time.Duration(i) * Every)
			if i > 0 {
				if d, ok := ctx.Deadline(); ok && d.Sub(f.Now()) < Every {
					break
				}
				if err := wait(ctx, at); err != nil {
					break
				}
			}
			n, err := f.FireDue(ctx)
			res.Fired += n
			res.Passes++
			if err != nil {
				errs = append(errs, err)
			}
		}
		return res, errors.Join(errs...)
	}
}

// Sleep is the Wait of a function on the real clock.
func Sleep(ctx context.Context, until time.Time) error {
	return latency.Wait(ctx, time.Until(until))
}
