// Command gateway runs the whole product locally: it supervises DynamoDB Local and
// cognito-local as child processes, creates the table and the user pool when missing, seeds the
// demo dealer group and a second one (Southside Motors) (their 90 days of history while it
// serves), and serves every API area behind the
// same JWT checks as the API Gateway authorizer, the contract and the built web app, all on
// loopback. It trusts two token issuers:
// cognito-local, and CXM's own token service (impersonation and embedded partners), whose
// signing key is created in {data}/keys/issuer.pem on first start and whose issuer URL is the
// gateway's own address followed by /auth. Sensitive contact fields are encrypted with the key
// in {data}/keys/contacts.key, also created on first start. Files (scanned licences, avatars)
// are kept under {data}/blobs. Ctrl-C stops everything.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/cxm/cxm/events/consumers"
	"github.com/cxm/cxm/events/timers"
	"github.com/cxm/cxm/functions/messages"
	"github.com/cxm/cxm/functions/mount"
	"github.com/cxm/cxm/functions/socket"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/cxm/cxm/shared/domain/realtime"
	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/gateway"
	"github.com/cxm/cxm/shared/local/localaws"
	"github.com/cxm/cxm/shared/provider/push/hub"
	"github.com/cxm/cxm/shared/runtime/authorizer"
	"github.com/cxm/cxm/shared/runtime/blob"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/fieldcrypt"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

type options struct {
	addr         string
	dataDir      string
	dynamoPort   int
	cognitoPort  int
	s3Port       int
	sesPort      int
	webDir       string
	table        string
	seed         bool
	contacts     int
	historyLeads int
}

func main() {
	var o options
	flag.StringVar(&o.addr, "addr", "127.0.0.1:8080", "loopback address the gateway listens on")
	flag.StringVar(&o.dataDir, "data", ".data", "folder for DynamoDB Local, cognito-local and keys; kept across runs")
	flag.IntVar(&o.dynamoPort, "dynamodb-port", 8000, "loopback port for DynamoDB Local")
	flag.IntVar(&o.cognitoPort, "cognito-port", 9229, "loopback port for cognito-local")
	flag.IntVar(&o.s3Port, "s3-port", 4569, "loopback port for the S3 stand-in (s3rver) holding the attachments")
	flag.IntVar(&o.sesPort, "ses-port", 8005, "loopback port for the SES stand-in (aws-ses-v2-local); its page lists the e-mail sent")
	flag.StringVar(&o.webDir, "web", "web/dist", "built web app to serve; empty serves none")
	flag.StringVar(&o.table, "table", "cxm", "DynamoDB table name")
	flag.BoolVar(&o.seed, "seed", true, "seed the demo dealer groups (existing items are kept)")
	flag.IntVar(&o.contacts, "contacts", demo.DefaultGeneratedContacts, "generated customers the seed writes besides the hand-written ones")
	flag.IntVar(&o.historyLeads, "history-leads", demo.DefaultHistoryLeads, "leads a store of average size received over the generated history's 90 days before the first seed (0 for none)")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "gateway:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options) error {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	host, _, err := net.SplitHostPort(o.addr)
	if err != nil {
		return fmt.Errorf("bad -addr: %w", err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("-addr must be a loopback address, not %s", o.addr)
	}
	root, err := localaws.Root()
	if err != nil {
		return err
	}
	dataDir, err := filepath.Abs(o.dataDir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dataDir, "logs"), 0o755); err != nil {
		return err
	}
	webDir := o.webDir
	if webDir != "" {
		if _, err := os.Stat(filepath.Join(webDir, "index.html")); err != nil {
			log.Warn("no built web app; run make run to build it", "dir", webDir)
		}
	}

	dynamoLog, err := os.OpenFile(filepath.Join(dataDir, "logs", "dynamodb.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer dynamoLog.Close()
	cognitoLog, err := os.OpenFile(filepath.Join(dataDir, "logs", "cognito.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer cognitoLog.Close()

	dynamo, err := localaws.DynamoDB(ctx, root, filepath.Join(dataDir, "dynamodb"), o.dynamoPort, dynamoLog)
	if err != nil {
		return err
	}
	defer dynamo.Stop(10 * time.Second)
	cognito, err := localaws.Cognito(ctx, root, filepath.Join(dataDir, "cognito"), o.cognitoPort, cognitoLog)
	if err != nil {
		return err
	}
	defer cognito.Stop(10 * time.Second)
	standInLog, err := os.OpenFile(filepath.Join(dataDir, "logs", "s3-ses.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer standInLog.Close()
	s3rver, err := localaws.S3(ctx, root, filepath.Join(dataDir, "s3"), o.s3Port, standInLog)
	if err != nil {
		return err
	}
	defer s3rver.Stop(10 * time.Second)
	sesLocal, err := localaws.SES(ctx, root, o.sesPort, standInLog)
	if err != nil {
		return err
	}
	defer sesLocal.Stop(10 * time.Second)
	sesURL := "http://127.0.0.1:" + strconv.Itoa(o.sesPort)

	dynamoURL := "http://127.0.0.1:" + strconv.Itoa(o.dynamoPort)
	cognitoURL := localaws.CognitoIssuerDomain(o.cognitoPort)
	db, err := store.Connect(ctx, dynamoURL)
	if err != nil {
		return err
	}
	if err := store.CreateTable(ctx, db, o.table); err != nil {
		return err
	}
	cursorKey, err := gateway.ReadOrCreateKey(filepath.Join(dataDir, "keys", "cursor.key"))
	if err != nil {
		return err
	}
	s, err := store.New(db, o.table, cursorKey)
	if err != nil {
		return err
	}
	// The sandboxes' latencies (see the Makefile's run target): refuse a bad one at start-up.
	if _, err := wiring.SandboxesFromEnv(); err != nil {
		return err
	}
	// Data kept from before the customers' running workflows were kept in one item gets it
	// before any event is delivered.
	if kept, err := rule.NewRepo(s).KeepRunning(ctx); err != nil {
		return err
	} else if kept > 0 {
		log.InfoContext(ctx, "kept the running workflows of stored customers", "customers", kept)
	}
	svc := wiring.New(s, eventbus.NewMemory(), log)
	// Real-time messages go to the WebSocket connections the gateway holds, as the Management
	// API posts to the WebSocket API's connections in AWS.
	sockets := hub.New(realtime.ConnectionTTL)
	svc.Push = sockets
	// The relay delivers the outbox's events from DynamoDB Local's stream to every consumer,
	// as the stream, the relay Lambda and EventBridge do in AWS.
	streams, err := eventbus.ConnectStreams(ctx, dynamoURL)
	if err != nil {
		return err
	}
	cs := consumers.All(svc)
	if err := consumers.Check(cs); err != nil {
		return err
	}
	deliver := eventbus.Dispatch(cs, 3, func(ctx context.Context, c eventbus.Consumer, e eventbus.Event, err error) {
		log.ErrorContext(ctx, "event dead-lettered", "consumer", c.Name, "event", e.ID, "type", e.Type, "err", err)
	})
	go eventbus.NewStream(streams, s, "gateway").Run(ctx, 250*time.Millisecond, deliver, func(err error) {
		log.ErrorContext(ctx, "event relay", "err", err)
	})
	contactKey, err := fieldcrypt.LoadOrCreateKeyFile(filepath.Join(dataDir, "keys", "contacts.key"))
	if err != nil {
		return err
	}
	if svc.Encrypter, err = fieldcrypt.NewLocal(contactKey); err != nil {
		return err
	}
	// Files go to the S3 stand-in and e-mail to the SES stand-in, through the same SDK calls
	// as in AWS.
	if svc.Blobs, err = blob.NewS3(localaws.S3Client("http://127.0.0.1:"+strconv.Itoa(o.s3Port)), localaws.S3Bucket); err != nil {
		return err
	}
	svc.Providers = svc.Providers.WithLocalSES(localaws.SESClient(sesURL))
	// Videos play through links the gateway signs and serves below /media, as presigned S3
	// links do in AWS.
	media, err := blob.NewSigner(s.DeriveKey("media links"), gateway.MediaPath, nil)
	if err != nil {
		return err
	}
	svc.Links = media
	pool, err := localaws.EnsureUserPool(ctx, cognitoURL, "cxm-local", "cxm-web")
	if err != nil {
		return err
	}
	// The demo dealer group, and a second one (Southside Motors) to try what one dealer group
	// sees of another.
	group := demo.Build()
	group.GeneratedContacts = o.contacts
	groups := []demo.Group{group, demo.OtherGroup()}
	if o.seed {
		for _, g := range groups {
			err := demo.Seed(ctx, svc, g, func(ctx context.Context, l demo.Login) (string, error) {
				return pool.EnsureUser(ctx, l.Username, demo.Password)
			})
			if err != nil {
				return err
			}
		}
	}

	// The listener comes first: CXM's token service names the gateway's own address as its
	// issuer, and the authorizer fetches its keys from there.
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	origin := "http://" + ln.Addr().String()
	issuerKey, err := issuer.LoadOrCreateKey(filepath.Join(dataDir, "keys", "issuer.pem"))
	if err != nil {
		return err
	}
	svc.Issuer, err = issuer.New(origin+"/auth", issuer.NewRSASigner(issuerKey))
	if err != nil {
		return err
	}
	cognitoIssuer := cognitoURL + "/" + pool.ID
	trusted, err := authorizer.NewSet(
		authorizer.New(authorizer.Config{
			Issuer:    cognitoIssuer,
			Audiences: []string{pool.ClientID},
			JWKSURL:   cognitoIssuer + "/.well-known/jwks.json",
		}),
		authorizer.New(svc.Issuer.AuthorizerConfig()),
	)
	if err != nil {
		return err
	}
	cognitoAddr, _ := url.Parse(cognitoURL)
	handler := gateway.New(gateway.Config{Areas: mount.Handlers(),
		Services:   svc,
		Authorizer: trusted,
		Web:        gateway.WebConfig{Region: "us-east-1", UserPoolID: pool.ID, UserPoolClientID: pool.ClientID},
		CognitoURL: cognitoAddr,
		WebDir:     webDir,
		Media:      media.Handler(svc.Blobs),
		SMSSandbox: messages.SandboxPage(svc, gateway.SMSSandboxPath),
		Realtime:   socket.Local(realtime.NewRegistry(svc.Store, svc.Users), sockets, log),
		Log:        log,
	})
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	// Timers fire on the gateway's clock, as the scheduled timer function fires them in AWS.
	// The groups' history of the last 90 days before the first seed (the wall clock's now) is
	// written while the gateway serves: it is thousands of items, which a loaded machine takes
	// a while to write, and nothing the sign-ins need waits for it.
	if o.seed && o.historyLeads > 0 {
		go func() {
			for _, g := range groups {
				g.History = demo.DefaultHistory()
				g.History.Leads = o.historyLeads
				if err := demo.SeedHistory(ctx, svc, g, 2); err != nil {
					log.ErrorContext(ctx, "seed the demo history", "account", g.Account.ID, "err", err)
					return
				}
			}
		}()
	}
	ticks := time.NewTicker(timerPeriod)
	defer ticks.Stop()
	go timers.NewFirer(svc, time.Now).Loop(ctx, ticks.C)
	printBanner(os.Stderr, origin, groups, o.seed)
	fmt.Fprintf(os.Stderr, "E-mail sent locally: %s\n", sesURL)
	fmt.Fprintf(os.Stderr, "Texts sent locally (reply as the customer): %s%s/\n", origin, gateway.SMSSandboxPath)

	select {
	case <-ctx.Done():
	case err := <-serveErr:
		return err
	case <-dynamo.Done():
		return errors.New("DynamoDB Local stopped; see " + filepath.Join(dataDir, "logs", "dynamodb.log"))
	case <-cognito.Done():
		return errors.New("cognito-local stopped; see " + filepath.Join(dataDir, "logs", "cognito.log"))
	}
	fmt.Fprintln(os.Stderr, "\nStopping CXM ...")
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}

// timerPeriod is how often the gateway fires due timers: as often as the timer function's
// passes in AWS.
const timerPeriod = timers.Every

func printBanner(w io.Writer, url string, groups []demo.Group, seeded bool) {
	fmt.Fprintf(w, "\nCXM is ready at %s\n", url)
	if seeded {
		for _, g := range groups {
			fmt.Fprintf(w, "\nDemo sign-ins for %s (password %s):\n", g.Account.Name, demo.Password)
			for _, l := range g.Logins {
				fmt.Fprintf(w, "  %-32s %-18s %s\n", l.Username, l.Profile.DisplayName(), l.Profile.PrimaryUserRole)
			}
		}
		fmt.Fprintf(w, "\nEmbedded partner %s: go run ./scripts/partnertoken -gateway %s -user 100001\n", demo.PartnerDealerVault, url)
	}
	fmt.Fprintln(w, "\nPress Ctrl-C to stop.")
}
