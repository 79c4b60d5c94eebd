// Command catalogfeed imports a dealer group's catalogue feed: the colours, pictures, dealer plan
// prices, features and fuel economy of the trims the group sells, and the makes it sells (see
// vehicle.Feed for the JSON form and vehicle.FeedCSVColumns for the CSV form, one row per trim).
// The feed is checked against the catalogue (NHTSA vPIC) first; a feed with any error imports
// nothing and the errors are listed by trim and field. The import replaces the group's makes and
// adds or replaces the trims it names.
//
//	TABLE_NAME=... go run ./scripts/catalogfeed -account 1000 -feed northwind.json
//	TABLE_NAME=... go run ./scripts/catalogfeed -account 1000 -feed trims.csv -makes Toyota,Honda
//
// -check only checks the feed (no table needed). DYNAMODB_ENDPOINT points it at a local table
// (http://localhost:8000 for the one `make gateway` starts).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

type options struct {
	account         int64
	feed, format    string
	makes           string
	check           bool
	table, endpoint string
}

func main() {
	var o options
	flag.Int64Var(&o.account, "account", 0, "the dealer group (account) id")
	flag.StringVar(&o.feed, "feed", "", "the feed file (.json or .csv), - for standard input")
	flag.StringVar(&o.format, "format", "", "json or csv; by default the file's extension")
	flag.StringVar(&o.makes, "makes", "", "the makes the group sells, comma-separated (CSV feeds; default the trims' makes)")
	flag.BoolVar(&o.check, "check", false, "check the feed without importing it")
	flag.Parse()
	o.table, o.endpoint = os.Getenv("TABLE_NAME"), os.Getenv("DYNAMODB_ENDPOINT")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := run(ctx, o, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "catalogfeed:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options, stdin io.Reader, out io.Writer) error {
	if o.feed == "" || (!o.check && (o.table == "" || o.account < 1)) {
		return errors.New("set -feed, and TABLE_NAME and -account to import")
	}
	f, err := read(o, stdin)
	if err != nil {
		return err
	}
	if o.check {
		fmt.Fprintf(out, "The feed is valid: %d makes, %d trims.\n", len(f.Makes), len(f.Trims))
		return nil
	}
	t, err := account.Tenant(o.account)
	if err != nil {
		return err
	}
	db, err := store.Connect(ctx, o.endpoint)
	if err != nil {
		return err
	}
	// The tool writes items by key: no cursors are signed.
	s, err := store.New(db, o.table, make([]byte, 32))
	if err != nil {
		return err
	}
	if err := vehicle.NewFeeds(s).Import(ctx, t, f); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	fmt.Fprintf(out, "Imported the catalogue feed of dealer group %d: makes %s, %d trims.\n", o.account, strings.Join(f.Makes, ", "), len(f.Trims))
	return nil
}

// read reads and checks the feed of o.
func read(o options, stdin io.Reader) (vehicle.Feed, error) {
	format := strings.ToLower(o.format)
	if format == "" {
		format = strings.TrimPrefix(strings.ToLower(filepath.Ext(o.feed)), ".")
	}
	if format != "json" && format != "csv" {
		return vehicle.Feed{}, fmt.Errorf("the feed's format %q is neither json nor csv: set -format", format)
	}
	r := stdin
	if o.feed != "-" {
		file, err := os.Open(o.feed)
		if err != nil {
			return vehicle.Feed{}, err
		}
		defer file.Close()
		r = file
	}
	cat := vehicle.MustLoad()
	var f vehicle.Feed
	var err error
	if format == "json" {
		f, err = vehicle.ParseFeed(r, cat)
	} else {
		var makes []string
		for _, m := range strings.Split(o.makes, ",") {
			if m = strings.TrimSpace(m); m != "" {
				makes = append(makes, m)
			}
		}
		f, err = vehicle.ParseFeedCSV(r, makes, cat)
	}
	if err != nil {
		return vehicle.Feed{}, describe(err)
	}
	return f, nil
}

// describe lists a refused feed's errors, one a line.
func describe(err error) error {
	e, ok := apperr.As(err)
	if !ok || len(e.Fields) == 0 {
		return err
	}
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(e.Message)
	for _, k := range keys {
		fmt.Fprintf(&b, "\n  %s: %s", k, e.Fields[k])
	}
	return errors.New(b.String())
}
