package secret_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager/types"
	"github.com/cxm/cxm/shared/provider/secret"
)

// fakeClient answers from values and counts the reads.
type fakeClient struct {
	values map[string]string
	reads  int
}

var _ secret.Client = (*fakeClient)(nil)

func (f *fakeClient) GetSecretValue(_ context.Context, in *secretsmanager.GetSecretValueInput, _ ...func(*secretsmanager.Options)) (*secretsmanager.GetSecretValueOutput, error) {
	f.reads++
	v, ok := f.values[aws.ToString(in.SecretId)]
	if !ok {
		return nil, &types.ResourceNotFoundException{Message: aws.String("Secrets Manager can't find the specified secret.")}
	}
	return &secretsmanager.GetSecretValueOutput{SecretString: aws.String(v)}, nil
}

func TestCache(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		later     time.Duration
		rotate    bool
		want      string
		wantReads int
	}{
		{name: "kept within the TTL", later: time.Minute, rotate: true, want: `{"apiKey":"one"}`, wantReads: 1},
		{name: "read again after the TTL", later: 5 * time.Minute, rotate: true, want: `{"apiKey":"two"}`, wantReads: 2},
		{name: "same value read again after the TTL", later: 6 * time.Minute, want: `{"apiKey":"one"}`, wantReads: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := &fakeClient{values: map[string]string{"cxm/providers/2001/calltracking": `{"apiKey":"one"}`}}
			now := start
			c := secret.NewCache(f, 5*time.Minute, func() time.Time { return now })
			ctx := context.Background()
			if _, err := c.String(ctx, "cxm/providers/2001/calltracking"); err != nil {
				t.Fatal(err)
			}
			if tt.rotate {
				f.values["cxm/providers/2001/calltracking"] = `{"apiKey":"two"}`
			}
			now = start.Add(tt.later)
			got, err := c.String(ctx, "cxm/providers/2001/calltracking")
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("String = %s, want %s", got, tt.want)
			}
			if f.reads != tt.wantReads {
				t.Errorf("reads = %d, want %d", f.reads, tt.wantReads)
			}
		})
	}
}

func TestCacheErrors(t *testing.T) {
	t.Parallel()
	f := &fakeClient{values: map[string]string{"bad": "not json"}}
	c := secret.NewCache(f, 0, nil)
	ctx := context.Background()
	if _, err := c.String(ctx, "missing"); !errors.Is(err, secret.ErrNotFound) {
		t.Errorf("String(missing) = %v, want ErrNotFound", err)
	}
	var out struct{ APIKey string }
	if err := c.JSON(ctx, "bad", &out); err == nil || errors.Is(err, secret.ErrNotFound) {
		t.Errorf("JSON(bad) = %v, want a decoding error", err)
	}
	if _, err := c.String(ctx, "missing"); err == nil {
		t.Error("a missing secret was kept")
	}
}
