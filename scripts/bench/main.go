// Command bench measures request paths against the bare DynamoDB calls they stand on, in one
// process and one run, and prints the ratios. It needs DYNAMODB_ENDPOINT (make bench starts a
// DynamoDB Local for it) and sends traffic only to loopback addresses.
//
// The vehicle catalogue's VIN decoding and make, model and trim searches are measured against
// the same bare GetItem, and a batch call decoding 10,000 VINs by the VINs it decodes per second
// (-vehicles-only measures only these and the session).
//
// Domain events are measured from commit to consumer through the outbox relay, with the events
// it delivers per second, against a bare read of the same stream.
//
// The consent check of a text send is measured against the bare GetItem of the ledger head it
// reads.
//
// The workflow engine is measured by the events it matches against a store's 50 enabled rules,
// against the writes it performs for them, and with BENCH_MAX pending workflow tasks by the lag
// from their due time to their Overdue state, checking that no task fires twice
// (-workflows-only measures only these).
//
// The ADF lead intake is measured through the gateway's public route, with the leads it
// accepts per second. The manager dashboard's calls are measured against a bare Query of the
// counters they add up, after 10,000 counter-producing events and, with BENCH_MAX set to 50,000
// or more, after 50,000 (-dashboard-only measures only these and the session). The contact search is measured at 1,000, 10,000, 100,000 and 1,000,000 seeded customers, up
// to BENCH_MAX customers (100,000 when unset, so a run takes minutes; seeding a million into
// DynamoDB Local takes much longer).
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"errors"
	"flag"
	"fmt"
	"github.com/cxm/cxm/functions/mount"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/pprof"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/local/gateway"
	"github.com/cxm/cxm/shared/runtime/authorizer"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/fieldcrypt"
	"github.com/cxm/cxm/shared/runtime/issuer"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/golang-jwt/jwt/v5"
)

func main() {
	n := flag.Int("n", 2000, "measured iterations of each path")
	searchN := flag.Int("search-n", 1000, "measured iterations of each contact search path at each size")
	eventsOnly := flag.Bool("events-only", false, "measure only the domain event relay")
	vehiclesOnly := flag.Bool("vehicles-only", false, "measure only the session and the vehicle catalogue")
	searchOnly := flag.Bool("search-only", false, "measure only the session and the contact search")
	consentOnly := flag.Bool("consent-only", false, "measure only the consent check of a text send")
	dashboardOnly := flag.Bool("dashboard-only", false, "measure only the session and the manager dashboard")
	workflowsOnly := flag.Bool("workflows-only", false, "measure only the workflow engine: rule matching and task timers")
	dealsheetsOnly := flag.Bool("dealsheets-only", false, "measure only the deal sheets: the payment grid, payment_recalc and the PDF proposal")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the run to this file")
	flag.Parse()
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		defer stop()
	}
	var err error
	switch {
	case *eventsOnly:
		err = runEvents(context.Background(), *n)
	case *consentOnly:
		err = runConsent(context.Background(), *n)
	case *workflowsOnly:
		err = runWorkflows(context.Background(), *n)
	default:
		err = run(context.Background(), *n, *searchN, only{vehicles: *vehiclesOnly, search: *searchOnly, dashboard: *dashboardOnly, dealsheets: *dealsheetsOnly})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// only names the one part of the run to measure, besides the session; none measures everything.
type only struct{ vehicles, search, dashboard, dealsheets bool }

// startProfile writes a CPU profile to path until the returned function is called.
func startProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// runWorkflows measures the workflow engine alone.
func runWorkflows(ctx context.Context, n int) error {
	endpoint := os.Getenv(dynamotest.EndpointEnv)
	if endpoint == "" {
		return errors.New(dynamotest.EndpointEnv + " is not set; run make bench")
	}
	db, err := store.Connect(ctx, endpoint)
	if err != nil {
		return err
	}
	return workflowsOn(ctx, db, n)
}

// workflowsOn creates a table of its own on db's endpoint and measures the workflow engine on it.
func workflowsOn(ctx context.Context, db *dynamodb.Client, n int) error {
	capture := &writeCapture{}
	db = dynamodb.New(db.Options(), capture.attach)
	table := fmt.Sprintf("bench-wf-%d", time.Now().UnixNano())
	if err := store.CreateTable(ctx, db, table); err != nil {
		return err
	}
	defer db.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: &table})
	pending, err := benchMax()
	if err != nil {
		return err
	}
	return benchWorkflows(ctx, workflowsBench{db: db, capture: capture, table: table, n: n / 4, pending: pending})
}

// runConsent measures the consent check alone, on a table of its own.
func runConsent(ctx context.Context, n int) error {
	endpoint := os.Getenv(dynamotest.EndpointEnv)
	if endpoint == "" {
		return errors.New(dynamotest.EndpointEnv + " is not set; run make bench")
	}
	db, err := store.Connect(ctx, endpoint)
	if err != nil {
		return err
	}
	table := fmt.Sprintf("bench-consent-%d", time.Now().UnixNano())
	if err := store.CreateTable(ctx, db, table); err != nil {
		return err
	}
	defer db.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: &table})
	cursorKey := make([]byte, 32)
	rand.Read(cursorKey)
	s, err := store.New(db, table, cursorKey)
	if err != nil {
		return err
	}
	st := demo.Build().Stores[2]
	if err := benchConsent(ctx, consentBench{db: db, table: table, s: s, st: st, n: n / 2}); err != nil {
		return err
	}
	return benchBulkTexts(ctx, s, st.AccountID)
}

// runEvents measures the domain event relay alone.
func runEvents(ctx context.Context, n int) error {
	endpoint := os.Getenv(dynamotest.EndpointEnv)
	if endpoint == "" {
		return errors.New(dynamotest.EndpointEnv + " is not set; run make bench")
	}
	db, err := store.Connect(ctx, endpoint)
	if err != nil {
		return err
	}
	return benchEvents(ctx, eventsBench{db: db, endpoint: endpoint, n: n / 4})
}

func run(ctx context.Context, n, searchN int, parts only) error {
	endpoint := os.Getenv(dynamotest.EndpointEnv)
	if endpoint == "" {
		return errors.New(dynamotest.EndpointEnv + " is not set; run make bench")
	}
	db, err := store.Connect(ctx, endpoint)
	if err != nil {
		return err
	}
	// The product's client records the transactions it sends when asked: the intake bench
	// replays a delivery's own writes as its baseline.
	capture := &writeCapture{}
	db = dynamodb.New(db.Options(), capture.attach)
	table := fmt.Sprintf("bench-%d", time.Now().UnixNano())
	if err := store.CreateTable(ctx, db, table); err != nil {
		return err
	}
	defer db.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: &table})
	cursorKey := make([]byte, 32)
	rand.Read(cursorKey)
	s, err := store.New(db, table, cursorKey)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	svc := wiring.New(s, eventbus.NewMemory(), log)
	svc.Encrypter = fieldcrypt.NewRandom()
	group := demo.Build()
	// The contact bench seeds its customers itself, size by size.
	group.GeneratedContacts = 0
	if err := demo.Seed(ctx, svc, group, func(_ context.Context, l demo.Login) (string, error) {
		return "sub-" + l.Profile.UserID, nil
	}); err != nil {
		return err
	}

	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return err
	}
	jwks := httptest.NewServer(issuer.KeySet("bench", &key.PublicKey))
	defer jwks.Close()
	const issuer, client = "http://127.0.0.1/bench", "bench-client"
	handler := gateway.New(gateway.Config{Areas: mount.Handlers(),
		Services:   svc,
		Authorizer: authorizer.New(authorizer.Config{Issuer: issuer, Audiences: []string{client}, JWKSURL: jwks.URL}),
		Log:        log,
	})
	gw := httptest.NewServer(handler)
	defer gw.Close()

	sales := group.Logins[0].Profile
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
		"sub": "sub-" + sales.UserID, "iss": issuer, "client_id": client, "token_use": "access",
		"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix(),
	})
	tok.Header["kid"] = "bench"
	bearer, err := tok.SignedString(key)
	if err != nil {
		return err
	}
	httpClient := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	currentUser := func() error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, gw.URL+"/users/currentUser", nil)
		req.Header.Set("Authorization", "Bearer "+bearer)
		res, err := httpClient.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		io.Copy(io.Discard, res.Body)
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("currentUser status %d", res.StatusCode)
		}
		return nil
	}
	// The bare call: one GetItem of the user's profile item, as the store keys it.
	getItem := func() error {
		out, err := db.GetItem(ctx, &dynamodb.GetItemInput{
			TableName: &table,
			Key: map[string]types.AttributeValue{
				"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("A#%d#USER#%s", sales.AccountID, sales.UserID)},
				"SK": &types.AttributeValueMemberS{Value: "PROFILE"},
			},
			ConsistentRead: aws.Bool(true),
		})
		if err == nil && out.Item == nil {
			err = errors.New("profile item missing")
		}
		return err
	}

	fmt.Printf("GET /users/currentUser through the gateway vs a bare GetItem of the profile (n=%d)\n", n)
	base, path, err := measure(n, getItem, currentUser)
	if err != nil {
		return err
	}
	report("bare GetItem", base, nil)
	report("GET /users/currentUser", path, base)

	// The manager's token, for the dashboard: the manager dashboard permission reads every user's counts.
	managerTok := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
		"sub": "sub-100002", "iss": issuer, "client_id": client, "token_use": "access",
		"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix(),
	})
	managerTok.Header["kid"] = "bench"
	managerBearer, err := managerTok.SignedString(key)
	if err != nil {
		return err
	}
	limit, err := benchMax()
	if err != nil {
		return err
	}
	dash := dashboardBench{db: db, table: table, svc: svc, gateway: gw.URL, bearer: managerBearer, client: httpClient, n: n / 4}
	if parts.dashboard {
		return benchDashboard(ctx, dash, limit, os.Getenv("BENCH_MAX") != "")
	}
	deals := dealsheetBench{db: db, table: table, s: s, gateway: gw.URL, bearer: bearer, client: httpClient, n: n / 2}
	if parts.dealsheets {
		return benchDealsheets(ctx, deals)
	}

	contacts := contactBench{
		db: db, table: table, svc: svc, group: group, n: searchN,
		gateway: gw.URL, handler: handler, bearer: bearer, client: httpClient,
	}
	if parts.search {
		return benchContacts(ctx, contacts)
	}
	if err := benchVehicles(ctx, vehicleBench{gateway: gw.URL, bearer: bearer, client: httpClient, bare: getItem, n: n / 2}); err != nil {
		return err
	}
	if parts.vehicles {
		return nil
	}

	if err := benchIntake(ctx, leadKeys{repo: lead.NewRepo(s, nil, log)}, intakeBench{
		db: db, table: table, gateway: gw.URL, client: httpClient, n: n / 4, capture: capture,
	}); err != nil {
		return err
	}

	if err := benchInventory(ctx, inventoryBench{
		db: db, table: table, repo: lead.NewRepo(s, nil, log), gateway: gw.URL, bearer: bearer, client: httpClient, n: n / 4,
	}); err != nil {
		return err
	}

	if err := benchEvents(ctx, eventsBench{db: db, endpoint: endpoint, n: n / 4}); err != nil {
		return err
	}

	if err := benchConsent(ctx, consentBench{db: db, table: table, s: s, st: group.Stores[2], n: n / 2}); err != nil {
		return err
	}
	if err := benchBulkTexts(ctx, s, group.Stores[2].AccountID); err != nil {
		return err
	}

	if err := benchDashboard(ctx, dash, limit, os.Getenv("BENCH_MAX") != ""); err != nil {
		return err
	}

	if err := workflowsOn(ctx, db, n); err != nil {
		return err
	}

	if err := benchDealsheets(ctx, deals); err != nil {
		return err
	}

	return benchContacts(ctx, contacts)
}

// measure runs both functions alternately, after a warm-up, and returns their latencies.
func measure(n int, baseline, subject func() error) ([]time.Duration, []time.Duration, error) {
	for i := 0; i < n/10; i++ {
		if err := baseline(); err != nil {
			return nil, nil, err
		}
		if err := subject(); err != nil {
			return nil, nil, err
		}
	}
	base, subj := make([]time.Duration, 0, n), make([]time.Duration, 0, n)
	for i := 0; i < n; i++ {
		t0 := time.Now()
		if err := baseline(); err != nil {
			return nil, nil, err
		}
		t1 := time.Now()
		if err := subject(); err != nil {
			return nil, nil, err
		}
		base, subj = append(base, t1.Sub(t0)), append(subj, time.Since(t1))
	}
	return base, subj, nil
}

func percentile(d []time.Duration, p float64) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[int(p*float64(len(s)-1))]
}

func report(name string, d, base []time.Duration) {
	p50, p99 := percentile(d, 0.50), percentile(d, 0.99)
	line := fmt.Sprintf("  %-34s p50 %8.3f ms   p99 %8.3f ms", name, ms(p50), ms(p99))
	if base != nil {
		line += fmt.Sprintf("   ratio p50 %.2f   p99 %.2f", ms(p50)/ms(percentile(base, 0.50)), ms(p99)/ms(percentile(base, 0.99)))
	}
	fmt.Println(line)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// callGateway makes a call of the API through the gateway at url as bearer and returns its
// answer; a status other than 200 is an error.
func callGateway(ctx context.Context, client *http.Client, method, url, bearer string, body []byte) ([]byte, error) {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, r)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+bearer)
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return out, fmt.Errorf("%s %s: status %d: %.300s", method, url, res.StatusCode, out)
	}
	return out, nil
}
