// Package wiring builds, once per process, the clients every API area uses: the store over
// the table, the repositories on it, the event publisher, the logger and the outside systems'
// adapters of each store (see Providers).
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
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge"
	"github.com/aws/aws-sdk-go-v2/service/kms"
	"github.com/aws/aws-sdk-go-v2/service/pinpointsmsvoicev2"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/partner"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/provider/push"
	"github.com/cxm/cxm/shared/provider/push/apigw"
	"github.com/cxm/cxm/shared/provider/secret"
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
	// Links hands out expiring links to Blobs' objects (videos): presigned S3 links in AWS,
	// links signed by the gateway's key and served by it locally; nil where none is configured.
	Links blob.Linker
	// Providers chooses each store's credit bureau and click-to-call provider: the sandboxes
	// locally (New), by the store's demo flag and provider configuration in AWS (Connect).
	Providers *Providers
	// Partners is the registry of embedded partners. In AWS it does not trust a partner key
	// whose private half ships in the repository (see RefuseShippedPartnerKeys).
	Partners *partner.Repo
	// Push posts real-time messages to open browsers' WebSocket connections: the API Gateway
	// Management API of REALTIME_ENDPOINT in AWS, the gateway's hub locally; nil where none is
	// configured, and then nothing is pushed.
	Push push.Poster
}

// RefuseShippedPartnerKeys makes s distrust every partner key whose private half is committed
// to the repository (the demo partner's), as a stack configured for AWS must: the registry
// refuses to register or return such a partner, and the call fails when the demo partner is
// registered with its committed key, so that the stack does not start.
func (s *Services) RefuseShippedPartnerKeys(ctx context.Context) error {
	if s.Partners == nil {
		s.Partners = partner.NewRepo(s.Store)
	}
	s.Partners = s.Partners.RefusingShippedKeys()
	return s.Partners.CheckShippedKeys(ctx)
}

// Logger is the services' logger, or slog's default when they were built without one.
func (s Services) Logger() *slog.Logger {
	if s.Log == nil {
		return slog.Default()
	}
	return s.Log
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
	// DynamoEndpoint is a local DynamoDB endpoint; empty for AWS. A stack configured for AWS
	// does not trust the partner keys that ship in the repository.
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
	// RealtimeEndpoint is the WebSocket API stage's Management API endpoint
	// (https://{api}.execute-api.{region}.amazonaws.com/{stage}); empty pushes nothing.
	RealtimeEndpoint string
	// Sandboxes configure the providers' sandboxes, which serve demo stores.
	Sandboxes Sandboxes
	Log       *slog.Logger
}

// ConfigFromEnv reads TABLE_NAME, EVENT_BUS_NAME, DYNAMODB_ENDPOINT, CONTACT_KEY_ID, BUCKET_NAME,
// REALTIME_ENDPOINT,
// the sandboxes' latencies (SandboxesFromEnv) and the cursor key: the value of the Secrets
// Manager secret named by CURSOR_KEY_SECRET_ARN when it is set (as in AWS), else CURSOR_KEY
// decoded from base64.
func ConfigFromEnv(ctx context.Context) (Config, error) {
	c := Config{
		Table:            os.Getenv("TABLE_NAME"),
		DynamoEndpoint:   os.Getenv("DYNAMODB_ENDPOINT"),
		EventBus:         os.Getenv("EVENT_BUS_NAME"),
		ContactKeyID:     os.Getenv("CONTACT_KEY_ID"),
		Bucket:           os.Getenv("BUCKET_NAME"),
		RealtimeEndpoint: os.Getenv("REALTIME_ENDPOINT"),
		Log:              slog.New(slog.NewJSONHandler(os.Stdout, nil)),
	}
	if c.Table == "" {
		return Config{}, errors.New("TABLE_NAME is not set")
	}
	sb, err := SandboxesFromEnv()
	if err != nil {
		return Config{}, err
	}
	c.Sandboxes = sb
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

// Connect builds the services of c for a run in AWS: each store's providers are chosen by
// AWSProviders, with credentials from Secrets Manager.
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
	if c.DynamoEndpoint == "" {
		if err := svc.RefuseShippedPartnerKeys(ctx); err != nil {
			return Services{}, fmt.Errorf("refusing to start: %w", err)
		}
	}
	awsCfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return Services{}, fmt.Errorf("load aws config: %w", err)
	}
	secrets := secret.NewCache(secretsmanager.NewFromConfig(awsCfg), secret.DefaultTTL, nil)
	svc.Providers = AWSProviders(c.Sandboxes, svc.Accounts, secrets, nil).WithSES(sesv2.NewFromConfig(awsCfg)).WithBedrock(bedrockruntime.NewFromConfig(awsCfg)).WithSMS(pinpointsmsvoicev2.NewFromConfig(awsCfg))
	if c.RealtimeEndpoint != "" {
		if svc.Push, err = apigw.New(awsCfg, c.RealtimeEndpoint, nil); err != nil {
			return Services{}, err
		}
	}
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
		client := s3.NewFromConfig(cfg)
		if svc.Blobs, err = blob.NewS3(client, c.Bucket); err != nil {
			return Services{}, err
		}
		if svc.Links, err = blob.NewPresigner(client, c.Bucket, nil); err != nil {
			return Services{}, err
		}
	}
	return svc, nil
}

// New builds the services of a local run over an existing store: every store's providers are
// the sandboxes, with the latencies of SandboxesFromEnv (none when unset or not valid; the
// local gateway refuses an invalid one at start-up).
func New(s *store.Store, events eventbus.Publisher, log *slog.Logger) Services {
	users := user.NewRepo(s)
	if log == nil {
		log = slog.Default()
	}
	sb, err := SandboxesFromEnv()
	if err != nil {
		log.Error("sandbox latency ignored", "err", err)
	}
	// The sandboxes keep the store's clock, so tests that inject one get dates from it.
	sb.Credit.Now, sb.Calls.Now, sb.Now = s.Now, s.Now, s.Now
	return Services{
		Providers: LocalProviders(sb),
		Store:     s,
		Users:     users,
		Accounts:  account.NewRepo(s),
		Events:    events,
		Log:       log,
		Guard:     authz.Guard(users, log),
		Partners:  partner.NewRepo(s),
	}
}
