package sandbox_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/provider/calltrack/sandbox"
)

func TestStartOutbound(t *testing.T) {
	t.Parallel()
	p := sandbox.New(sandbox.Config{})
	tests := []struct {
		name      string
		req       calltrack.Request
		code      string
		field     string
		invalid   bool
		retryable bool
	}{
		{"a call", calltrack.Request{From: "+15035550101", To: "+15035550134", Reference: "r-1"}, "", "", false, false},
		{"an international call", calltrack.Request{From: "+15035550101", To: "+441632960961"}, "", "", false, false},
		{"caller not E.164", calltrack.Request{From: "5035550101", To: "+15035550134"}, calltrack.CodeInvalidFrom, "from", true, false},
		{"caller with a bad area code", calltrack.Request{From: "+11035550101", To: "+15035550134"}, calltrack.CodeInvalidFrom, "from", true, false},
		{"called too short", calltrack.Request{From: "+15035550101", To: "+1503555"}, calltrack.CodeInvalidTo, "to", true, false},
		{"called with a bad exchange", calltrack.Request{From: "+15035550101", To: "+15031550134"}, calltrack.CodeInvalidTo, "to", true, false},
		{"same number", calltrack.Request{From: "+15035550101", To: "+15035550101"}, calltrack.CodeSameNumber, "to", true, false},
		{"bad reference", calltrack.Request{From: "+15035550101", To: "+15035550134", Reference: "a b"}, calltrack.CodeInvalidReference, "reference", true, false},
		{"blocked number", calltrack.Request{From: "+15035550101", To: sandbox.BlockedNumber}, calltrack.CodeBlocked, "", false, false},
		{"provider down", calltrack.Request{From: "+15035550101", To: sandbox.UnavailableNumber}, calltrack.CodeUnavailable, "", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			call, err := p.StartOutbound(context.Background(), tt.req)
			if tt.code == "" {
				if err != nil {
					t.Fatalf("StartOutbound: %v", err)
				}
				if call.CallID == "" || call.Status != "queued" || call.From != tt.req.From || call.To != tt.req.To {
					t.Errorf("call = %+v", call)
				}
				return
			}
			var e *calltrack.Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want a *calltrack.Error", err)
			}
			if e.Code != tt.code || e.Field != tt.field || e.Invalid != tt.invalid || e.Retryable != tt.retryable || e.Message == "" {
				t.Errorf("err = %+v, want code %s field %q invalid %v retryable %v", e, tt.code, tt.field, tt.invalid, tt.retryable)
			}
		})
	}
}

func TestSameReferenceIsTheSameCall(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	p := sandbox.New(sandbox.Config{Now: func() time.Time { now = now.Add(time.Second); return now }})
	req := calltrack.Request{From: "+15035550101", To: "+15035550134", AccountPlatformID: 2001, Reference: "k1"}
	a, err := p.StartOutbound(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.StartOutbound(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if a.CallID != b.CallID {
		t.Errorf("call ids %s and %s differ for the same reference", a.CallID, b.CallID)
	}
	req.Reference = ""
	c, _ := p.StartOutbound(context.Background(), req)
	d, _ := p.StartOutbound(context.Background(), req)
	if c.CallID == d.CallID {
		t.Errorf("two calls without a reference share the id %s", c.CallID)
	}
}

func TestCancelledWhileWaiting(t *testing.T) {
	t.Parallel()
	p := sandbox.New(sandbox.Config{Latency: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.StartOutbound(ctx, calltrack.Request{From: "+15035550101", To: "+15035550134"}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}
