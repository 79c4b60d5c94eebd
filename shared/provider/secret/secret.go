// Package secret reads providers' credentials from AWS Secrets Manager and keeps each for a
// short while, so a burst of calls reads a secret once and a rotated secret is picked up within
// minutes.
package secret

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager/types"
)

// DefaultTTL is how long a secret is kept when no other time is given.
const DefaultTTL = 5 * time.Minute

// Client is the part of the Secrets Manager client the cache uses.
type Client interface {
	GetSecretValue(ctx context.Context, in *secretsmanager.GetSecretValueInput, opts ...func(*secretsmanager.Options)) (*secretsmanager.GetSecretValueOutput, error)
}

var _ Client = (*secretsmanager.Client)(nil)

// ErrNotFound is returned for a secret that does not exist.
var ErrNotFound = errors.New("secret not found")

// Cache reads secrets through a Client and keeps each one for its TTL.
type Cache struct {
	client Client
	ttl    time.Duration
	now    func() time.Time

	mu      sync.Mutex
	entries map[string]entry
}

type entry struct {
	value   string
	expires time.Time
}

// NewCache returns a cache over client keeping secrets for ttl (DefaultTTL when 0), reading the
// time from now (time.Now when nil).
func NewCache(client Client, ttl time.Duration, now func() time.Time) *Cache {
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	if now == nil {
		now = time.Now
	}
	return &Cache{client: client, ttl: ttl, now: now, entries: map[string]entry{}}
}

// String returns the string value of the secret name (a name or an ARN). A secret that does not
// exist is ErrNotFound; other failures are Secrets Manager's errors.
func (c *Cache) String(ctx context.Context, name string) (string, error) {
	now := c.now()
	c.mu.Lock()
	e, ok := c.entries[name]
	c.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.value, nil
	}
	out, err := c.client.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String(name)})
	var nf *types.ResourceNotFoundException
	if errors.As(err, &nf) {
		return "", fmt.Errorf("read secret %s: %w", name, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("read secret %s: %w", name, err)
	}
	v := aws.ToString(out.SecretString)
	c.mu.Lock()
	c.entries[name] = entry{value: v, expires: now.Add(c.ttl)}
	c.mu.Unlock()
	return v, nil
}

// JSON decodes the secret name, a JSON object, into out, with the errors of String.
func (c *Cache) JSON(ctx context.Context, name string, out any) error {
	v, err := c.String(ctx, name)
	if err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(v), out); err != nil {
		return fmt.Errorf("secret %s is not the expected JSON object: %w", name, err)
	}
	return nil
}
