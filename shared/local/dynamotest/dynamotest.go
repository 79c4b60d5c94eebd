// Package dynamotest gives tests a real DynamoDB: the endpoint in DYNAMODB_ENDPOINT when it is
// set (make test starts one DynamoDB Local for the whole run), otherwise an in-memory DynamoDB
// Local this package starts for the test binary. Each test gets its own table.
package dynamotest

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/cxm/cxm/shared/local/localaws"
	"github.com/cxm/cxm/shared/runtime/store"
)

// EndpointEnv names the environment variable holding a running DynamoDB's endpoint.
const EndpointEnv = "DYNAMODB_ENDPOINT"

// Main runs the package's tests, starting DynamoDB Local around them when EndpointEnv is not
// set. Call it from TestMain: func TestMain(m *testing.M) { dynamotest.Main(m) }.
func Main(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	if os.Getenv(EndpointEnv) != "" {
		return m.Run()
	}
	root, err := localaws.Root()
	if err != nil {
		fmt.Fprintln(os.Stderr, "dynamotest:", err)
		return 1
	}
	port, err := localaws.FreePort()
	if err != nil {
		fmt.Fprintln(os.Stderr, "dynamotest:", err)
		return 1
	}
	p, err := localaws.DynamoDB(context.Background(), root, "", port, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dynamotest:", err)
		return 1
	}
	defer p.Stop(5 * time.Second)
	os.Setenv(EndpointEnv, "http://127.0.0.1:"+strconv.Itoa(port))
	return m.Run()
}

var tableSeq atomic.Int64

// Client returns a client of the test DynamoDB.
func Client(t testing.TB) *dynamodb.Client {
	t.Helper()
	endpoint := os.Getenv(EndpointEnv)
	if endpoint == "" {
		t.Fatalf("%s is not set: call dynamotest.Main from TestMain", EndpointEnv)
	}
	db, err := store.Connect(context.Background(), endpoint)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// Table creates a table of the application's definition for this test and deletes it when
// the test ends. It returns the client and the table's name. When the test ends, every item
// left in the table must be a record type of one package's access-pattern table (package
// accesspattern), or the test fails.
func Table(t testing.TB) (*dynamodb.Client, string) {
	t.Helper()
	return newTable(t, true, false)
}

// Epoch is the instant every test store's clock starts at: a fixed date, so no test depends
// on the day it runs. It lies before the demo seed's future dates (tasks due in 2027) and
// after its past ones.
func Epoch() time.Time { return time.Date(2026, time.November, 20, 16, 0, 0, 0, time.UTC) }

// Clock returns a clock that starts at start and moves on by a millisecond every time it is
// read: deterministic, yet later reads are later, as stamps and orderings expect.
func Clock(start time.Time) func() time.Time {
	var ticks atomic.Int64
	return func() time.Time { return start.Add(time.Duration(ticks.Add(1)-1) * time.Millisecond) }
}

// Store returns a store over a fresh table with a random cursor key, whose clock is
// Clock(Epoch()): every repository on it reads that clock, never the wall clock.
func Store(t testing.TB) *store.Store {
	t.Helper()
	return newStore(t, true, false)
}

// StreamStore is a store whose table has the product's stream, for the tests of the relay that
// reads it; its items are the relay tests' own and are not checked. Other tests relay events in
// the process (NewOutbox), on tables without a stream.
func StreamStore(t testing.TB) *store.Store {
	t.Helper()
	return newStore(t, false, true)
}

// UncheckedStore is Store for the tests of package store itself, which write items of no
// record type.
func UncheckedStore(t testing.TB) *store.Store {
	t.Helper()
	return newStore(t, false, false)
}

func newStore(t testing.TB, check, stream bool) *store.Store {
	t.Helper()
	db, name := newTable(t, check, stream)
	key := make([]byte, 32)
	rand.Read(key)
	s, err := store.New(db, name, key)
	if err != nil {
		t.Fatal(err)
	}
	return s.WithClock(Clock(Epoch()))
}

func newTable(t testing.TB, check, stream bool) (*dynamodb.Client, string) {
	t.Helper()
	db := Client(t)
	name := fmt.Sprintf("test-%s-%d-%d", sanitize(t.Name()), os.Getpid(), tableSeq.Add(1))
	create := store.CreateTableWithoutStream
	if stream {
		create = store.CreateTable
	}
	if err := create(context.Background(), db, name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = db.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
	})
	if check {
		t.Cleanup(func() { checkRecords(t, db, name) })
	}
	return db, name
}

func sanitize(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteRune('_')
		}
	}
	s := b.String()
	if len(s) > 150 {
		s = s[:150]
	}
	return s
}
