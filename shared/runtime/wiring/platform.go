// Package wiring builds, once per process, the clients every API area uses: the store over
// the table, the repositories on it, the event publisher and the logger.
package wiring

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge"
	"github.com/aws/aws-sdk-go-v2/service/kms"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/authz"
	"github.com/cxm/cxm/shared/runtime/blob"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/fieldcrypt"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Services are the clients an area's handlers use.
type Services struct {
	Store    *store.Store
	Users    *user.Repo
	Accounts *account.Repo
	// Events publishes straight to the bus (EventBridge in AWS, in-process locally). Domain
	// changes do not use it: they write their events to the outbox in their own transaction
	// (eventbus.OutboxOp) and the relay publishes them.
	Events eventbus.Publisher
	Log    *slog.Logger
	// Issuer issues CXM's own access tokens (impersonation, embedded partners); nil where no
	// signing key is configured, and only the token service uses it.
	Issuer *issuer.Issuer
	// Guard enforces the authorization matrix on every area's operations.
	Guard httpapi.Guard
	// Encrypter encrypts sensitive contact fields with a key kept outside the table: the KMS
	// key of CONTACT_KEY_ID in AWS, the gateway's key file locally; nil where none is
	// configured.
	Encrypter fieldcrypt.Encrypter
	// Blobs keeps files outside the table (scanned licences, avatars): the bucket of
	// BUCKET_NAME in AWS, a folder locally; nil where none is configured.
	Blobs blob.Store
}

// NewAPI returns an empty API for an area, guarded by the authorization matrix.
func (s Services) NewAPI() *httpapi.API {
	api := httpapi.New(s.Log)
	if s.Guard != nil {
		api.UseGuard(s.Guard)
	}
	return api
}

// Config is what Connect needs.
type Config struct {
	// Table is the DynamoDB table name.
	Table string
	// DynamoEndpoint is a local DynamoDB endpoint; empty for AWS.
	DynamoEndpoint string
	// CursorKey signs pagination cursors (at least 32 bytes).
	CursorKey []byte
	// EventBus is the EventBridge bus name; empty uses Events (or a new in-process bus).
	EventBus string
	// Events is the publisher to use when EventBus is empty.
	Events eventbus.Publisher
	// ContactKeyID is the KMS key that encrypts sensitive contact fields; empty for none.
	ContactKeyID string
	// Bucket is the S3 bucket of files (scanned licences, avatars); empty for none.
	Bucket string
	Log    *slog.Logger
}

// ConfigFromEnv reads TABLE_NAME, EVENT_BUS_NAME, DYNAMODB_ENDPOINT, CONTACT_KEY_ID, BUCKET_NAME and the
// cursor key: the value of the Secrets Manager secret named by CURSOR_KEY_SECRET_ARN when it is
// set (as in AWS), else CURSOR_KEY decoded from base64.
func ConfigFromEnv(ctx context.Context) (Config, error) {
	c := Config{
		Table:          os.Getenv("TABLE_NAME"),
		DynamoEndpoint: os.Getenv("DYNAMODB_ENDPOINT"),
		EventBus:       os.Getenv("EVENT_BUS_NAME"),
		ContactKeyID:   os.Getenv("CONTACT_KEY_ID"),
		Bucket:         os.Getenv("BUCKET_NAME"),
		Log:            slog.New(slog.NewJSONHandler(os.Stdout, nil)),
	}
	if c.Table == "" {
		return Config{}, errors.New("TABLE_NAME is not set")
	}
	if arn := os.Getenv("CURSOR_KEY_SECRET_ARN"); arn != "" {
		cfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			return Config{}, fmt.Errorf("load aws config: %w", err)
		}
		out, err := secretsmanager.NewFromConfig(cfg).GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: &arn})
		if err != nil {
			return Config{}, fmt.Errorf("read cursor key secret: %w", err)
		}
		c.CursorKey = []byte(aws.ToString(out.SecretString))
	} else {
		c.CursorKey, _ = base64.StdEncoding.DecodeString(os.Getenv("CURSOR_KEY"))
	}
	if len(c.CursorKey) < 32 {
		return Config{}, errors.New("the cursor key must be at least 32 bytes")
	}
	return c, nil
}

// Connect builds the services of c.
func Connect(ctx context.Context, c Config) (Services, error) {
	db, err := store.Connect(ctx, c.DynamoEndpoint)
	if err != nil {
		return Services{}, err
	}
	s, err := store.New(db, c.Table, c.CursorKey)
	if err != nil {
		return Services{}, err
	}
	events := c.Events
	if c.EventBus != "" {
		cfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			return Services{}, fmt.Errorf("load aws config: %w", err)
		}
		events = eventbus.NewEventBridge(eventbridge.NewFromConfig(cfg), c.EventBus)
	}
	if events == nil {
		events = eventbus.NewMemory()
	}
	log := c.Log
	if log == nil {
		log = slog.Default()
	}
	svc := New(s, events, log)
	if c.ContactKeyID != "" {
		cfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			return Services{}, fmt.Errorf("load aws config: %w", err)
		}
		if svc.Encrypter, err = fieldcrypt.NewKMS(kms.NewFromConfig(cfg), c.ContactKeyID); err != nil {
			return Services{}, err
		}
	}
	if c.Bucket != "" {
		cfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			return Services{}, fmt.Errorf("load aws config: %w", err)
		}
		if svc.Blobs, err = blob.NewS3(s3.NewFromConfig(cfg), c.Bucket); err != nil {
			return Services{}, err
		}
	}
	return svc, nil
}

// New builds the services over an existing store.
func New(s *store.Store, events eventbus.Publisher, log *slog.Logger) Services {
	users := user.NewRepo(s)
	return Services{
		Store:    s,
		Users:    users,
		Accounts: account.NewRepo(s),
		Events:   events,
		Log:      log,
		Guard:    authz.Guard(users, log),
	}
}
