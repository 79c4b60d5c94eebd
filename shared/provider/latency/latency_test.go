package latency_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/provider/latency"
)

func TestFromEnv(t *testing.T) {
	const name = "LATENCY_TEST_DELAY"
	tests := []struct {
		name    string
		value   string
		want    time.Duration
		wantErr bool
	}{
		{name: "unset", value: "", want: 0},
		{name: "duration", value: "250ms", want: 250 * time.Millisecond},
		{name: "zero", value: "0s", want: 0},
		{name: "not a duration", value: "soon", wantErr: true},
		{name: "negative", value: "-1s", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(name, tt.value)
			got, err := latency.FromEnv(name)
			if (err != nil) != tt.wantErr {
				t.Fatalf("FromEnv error = %v, want error %v", err, tt.wantErr)
			}
			if got != tt.want {
				t.Errorf("FromEnv = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestWait(t *testing.T) {
	t.Parallel()
	done, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		d    time.Duration
		want error
	}{
		{name: "no delay", ctx: context.Background(), d: 0, want: nil},
		{name: "no delay, given up", ctx: done, d: 0, want: context.Canceled},
		{name: "delay, given up", ctx: done, d: time.Hour, want: context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := latency.Wait(tt.ctx, tt.d); !errors.Is(got, tt.want) {
				t.Errorf("Wait = %v, want %v", got, tt.want)
			}
		})
	}
}
