package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/cxm/cxm/shared/value/searchterm"
)

// contactBench is what the contact search bench needs of the run.
type contactBench struct {
	db      *dynamodb.Client
	table   string
	svc     wiring.Services
	group   demo.Group
	n       int
	gateway string
	handler http.Handler
	bearer  string
	client  *http.Client
}

// benchSizes are the customer counts the search is measured at.
var benchSizes = []int{1_000, 10_000, 100_000, 1_000_000}

// searchTerms are last names of the generated customers, searched in turn.
var searchTerms = []string{"Smith", "Garcia", "Nguyen", "Lee", "Brown", "Martinez", "Patel", "Walker", "Chen", "Roy"}

// sizeResult is what was measured at one size.
type sizeResult struct {
	size                  int
	bare, search, http    []time.Duration
	handler               []time.Duration
	merged                []time.Duration
	read, returned        int
	mergedRead, mergedRet int
	bareScanned, bareRet  int
	seeded                time.Duration
}

func benchMax() (int, error) {
	v := os.Getenv("BENCH_MAX")
	if v == "" {
		return 100_000, nil
	}
	n, err := strconv.Atoi(strings.ReplaceAll(v, "_", ""))
	if err != nil || n < 1 {
		return 0, fmt.Errorf("BENCH_MAX=%q is not a count", v)
	}
	return n, nil
}

// benchContacts measures one page of the contact quick search (a last-name search of one store,
// 25 results) against the bare DynamoDB Query that returns the same page, at each size.
func benchContacts(ctx context.Context, b contactBench) error {
	limit, err := benchMax()
	if err != nil {
		return err
	}
	t, err := account.Tenant(b.group.Account.ID)
	if err != nil {
		return err
	}
	repo := contact.NewRepo(b.svc.Store, b.svc.Encrypter, nil, b.svc.Log)
	store := int64(demo.StoreToyota)
	allStores := []int64{demo.StoreToyota, demo.StoreHonda, demo.StoreHyundai}

	bare := func(term string) (int, int, []string, error) {
		last := contact.NormName(term)
		out, err := b.db.Query(ctx, &dynamodb.QueryInput{
			TableName:              &b.table,
			IndexName:              aws.String("GSI1"),
			KeyConditionExpression: aws.String("GSI1PK = :pk AND begins_with(GSI1SK, :prefix)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":pk":     &types.AttributeValueMemberS{Value: fmt.Sprintf("A#%d#CS#%d#N#%s", b.group.Account.ID, store, last[:1])},
				":prefix": &types.AttributeValueMemberS{Value: last},
			},
			Limit: aws.Int32(contact.DefaultPageSize),
		})
		if err != nil {
			return 0, 0, nil, err
		}
		var ids []string
		for _, it := range out.Items {
			if v, ok := it["GSI1SK"].(*types.AttributeValueMemberS); ok {
				ids = append(ids, v.Value[strings.LastIndex(v.Value, "#")+1:])
			}
		}
		return int(out.ScannedCount), len(out.Items), ids, nil
	}
	search := func(term string, stores []int64) (contact.Page, error) {
		return repo.Search(ctx, t, stores, searchterm.Classify(term, true), contact.DefaultPageSize, "")
	}
	searchRequest := func(term string) *http.Request {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, b.gateway+"/crm/contacts/search", strings.NewReader(`{"term":"`+term+`"}`))
		req.Header.Set("Authorization", "Bearer "+b.bearer)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Scope", strconv.FormatInt(store, 10))
		return req
	}
	// The gateway's handler called in the process: the token check, the session read, routing,
	// authorization, the body's checks and the JSON answer, without the local stand-in's own
	// HTTP hop (in AWS that hop is API Gateway invoking the Lambda function).
	handlerSearch := func(term string) error {
		rec := httptest.NewRecorder()
		b.handler.ServeHTTP(rec, searchRequest(term))
		if rec.Code != http.StatusOK {
			return fmt.Errorf("search status %d", rec.Code)
		}
		return nil
	}
	httpSearch := func(term string) error {
		res, err := b.client.Do(searchRequest(term))
		if err != nil {
			return err
		}
		defer res.Body.Close()
		io.Copy(io.Discard, res.Body)
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("search status %d", res.StatusCode)
		}
		return nil
	}

	fmt.Printf("\nContact quick search: one page (25) of a last-name search of one store vs the bare GSI1 Query returning the same page (n=%d per size, BENCH_MAX=%d)\n", b.n, limit)
	var results []sizeResult
	for _, size := range benchSizes {
		if size > limit {
			fmt.Printf("  %d customers: skipped (BENCH_MAX=%d)\n", size, limit)
			continue
		}
		g := b.group
		g.GeneratedContacts = size
		start := time.Now()
		last := time.Now()
		err := demo.SeedContacts(ctx, b.svc, g, 8, func(done int) {
			if time.Since(last) > 10*time.Second {
				fmt.Printf("  seeding %d customers: %d written (%s)\n", size, done, time.Since(start).Round(time.Second))
				last = time.Now()
			}
		})
		if err != nil {
			return err
		}
		r := sizeResult{size: size, seeded: time.Since(start)}
		fmt.Printf("  %d customers seeded in %s\n", size, r.seeded.Round(time.Millisecond))

		// The search path and the bare query must return the same page.
		for _, term := range searchTerms {
			page, err := search(term, []int64{store})
			if err != nil {
				return err
			}
			_, _, bareIDs, err := bare(term)
			if err != nil {
				return err
			}
			var got []string
			for _, m := range page.Matches {
				got = append(got, fmt.Sprintf("%016d", m.ContactID))
			}
			if !slices.Equal(got, bareIDs) {
				return fmt.Errorf("search %q at %d: the search page and the bare page differ (%d vs %d results)", term, size, len(got), len(bareIDs))
			}
		}
		i := 0
		term := func() string { return searchTerms[i%len(searchTerms)] }
		times, err := measureAll(b.n,
			func() error {
				scanned, returned, _, err := bare(term())
				r.bareScanned += scanned
				r.bareRet += returned
				return err
			},
			func() error {
				page, err := search(term(), []int64{store})
				r.read += page.ItemsRead
				r.returned += len(page.Matches)
				return err
			},
			func() error { return handlerSearch(term()) },
			func() error { return httpSearch(term()) },
			func() error {
				page, err := search(term(), allStores)
				r.mergedRead += page.ItemsRead
				r.mergedRet += len(page.Matches)
				i++
				return err
			},
		)
		if err != nil {
			return err
		}
		r.bare, r.search, r.handler, r.http, r.merged = times[0], times[1], times[2], times[3], times[4]
		results = append(results, r)
		report("bare GSI1 Query (one store)", r.bare, nil)
		report("contact search (one store)", r.search, r.bare)
		report("search handler, in process", r.handler, r.bare)
		report("POST /crm/contacts/search, loopback", r.http, r.bare)
		report("contact search (three stores)", r.merged, r.bare)
	}
	if len(results) == 0 {
		return errors.New("no size measured: raise BENCH_MAX")
	}
	printTable(results)
	return nil
}

// measureAll runs the functions in turn, after a warm-up, and returns each one's latencies.
func measureAll(n int, fns ...func() error) ([][]time.Duration, error) {
	for range max(n/10, 10) {
		for _, f := range fns {
			if err := f(); err != nil {
				return nil, err
			}
		}
	}
	out := make([][]time.Duration, len(fns))
	for range n {
		for j, f := range fns {
			t0 := time.Now()
			if err := f(); err != nil {
				return nil, err
			}
			out[j] = append(out[j], time.Since(t0))
		}
	}
	return out, nil
}

func printTable(results []sizeResult) {
	fmt.Println("\nContact search summary (latencies in ms; ratio = path / bare query; growth = p99 / p99 at the first size of 10,000 or more)")
	fmt.Printf("  %10s | %7s %7s | %7s %7s %5s %5s | %7s %7s %5s %5s | %7s %7s %5s %5s | %6s %6s | %8s %8s %11s\n",
		"customers", "bare50", "bare99", "srch50", "srch99", "r50", "r99", "hdlr50", "hdlr99", "r50", "r99", "http50", "http99", "r50", "r99", "growth", "bare", "read/ret", "bare r/r", "3-store r/r")
	var ref *sizeResult
	for i := range results {
		if results[i].size >= 10_000 {
			ref = &results[i]
			break
		}
	}
	for _, r := range results {
		b50, b99 := ms(percentile(r.bare, .5)), ms(percentile(r.bare, .99))
		s50, s99 := ms(percentile(r.search, .5)), ms(percentile(r.search, .99))
		d50, d99 := ms(percentile(r.handler, .5)), ms(percentile(r.handler, .99))
		h50, h99 := ms(percentile(r.http, .5)), ms(percentile(r.http, .99))
		growth, bareGrowth := "-", "-"
		if ref != nil && r.size >= ref.size {
			growth = fmt.Sprintf("%.2f", s99/ms(percentile(ref.search, .99)))
			bareGrowth = fmt.Sprintf("%.2f", b99/ms(percentile(ref.bare, .99)))
		}
		fmt.Printf("  %10d | %7.3f %7.3f | %7.3f %7.3f %5.2f %5.2f | %7.3f %7.3f %5.2f %5.2f | %7.3f %7.3f %5.2f %5.2f | %6s %6s | %8.2f %8.2f %11.2f\n",
			r.size, b50, b99, s50, s99, s50/b50, s99/b99, d50, d99, d50/b50, d99/b99, h50, h99, h50/b50, h99/b99, growth, bareGrowth,
			float64(r.read)/float64(max(r.returned, 1)), float64(r.bareScanned)/float64(max(r.bareRet, 1)),
			float64(r.mergedRead)/float64(max(r.mergedRet, 1)))
	}
	fmt.Println("  growth: the search's p99 over its p99 at the reference size; bare: the same for the bare query.")
	fmt.Println("  read/ret: items read from the table per result returned (one store); bare r/r: the bare query's ScannedCount per item;")
	fmt.Println("  3-store r/r: the same search over three stores, merged: each store reads its share of the page and more only when")
	fmt.Println("  its share runs out.")
	fmt.Println("  hdlr: the gateway's handler called in the process, which adds the token check, the session read (profile and")
	fmt.Println("  account), routing, authorization, the body's checks and the JSON answer every call makes; http: the same handler")
	fmt.Println("  through a loopback connection, which adds the local stand-in's own HTTP hop (API Gateway's in AWS).")
}
