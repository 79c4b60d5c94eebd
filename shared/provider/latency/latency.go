// Package latency gives a sandbox provider the answer time of the real one: a delay read from
// the environment, waited out on every call unless the caller gives up first.
package latency

import (
	"context"
	"fmt"
	"os"
	"time"
)

// FromEnv reads the delay in the environment variable name, a Go duration such as "250ms".
// Unset is no delay; a value that is not a duration, or a negative one, is an error.
func FromEnv(name string) (time.Duration, error) {
	v := os.Getenv(name)
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%s=%q is not a duration", name, v)
	}
	return d, nil
}

// Wait returns after d, or with ctx's error as soon as ctx is done. A d of 0 or less does not
// wait: Wait then returns ctx's error, if any.
func Wait(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
