package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	streamtypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
)

// eventsBench measures the outbox relay: n changes, each written with its event in one
// transaction, delivered by the local relay (eventbus.Stream) to a consumer, against a bare
// reader of the same table's stream that only notices each record. Both run while the
// changes are written, polling without pause, on tables of their own.
type eventsBench struct {
	db       *dynamodb.Client
	endpoint string
	n        int
}

// arrivals records when each id was committed and when it arrived.
type arrivals struct {
	mu        sync.Mutex
	committed map[string]time.Time
	arrived   map[string]time.Time
}

func newArrivals() *arrivals {
	return &arrivals{committed: map[string]time.Time{}, arrived: map[string]time.Time{}}
}

func (a *arrivals) mark(m map[string]time.Time, id string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := m[id]; !ok {
		m[id] = time.Now()
	}
}

func (a *arrivals) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.arrived)
}

// lags returns each id's lag from commit to arrival and the events per second from the first
// commit to the last arrival.
func (a *arrivals) lags() ([]time.Duration, float64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	var first, last time.Time
	var out []time.Duration
	for id, c := range a.committed {
		r, ok := a.arrived[id]
		if !ok {
			continue
		}
		out = append(out, max(r.Sub(c), 0))
		if first.IsZero() || c.Before(first) {
			first = c
		}
		if r.After(last) {
			last = r
		}
	}
	return out, float64(len(out)) / last.Sub(first).Seconds()
}

func benchEvents(ctx context.Context, b eventsBench) error {
	streams, err := eventbus.ConnectStreams(ctx, b.endpoint)
	if err != nil {
		return err
	}
	newStore := func(name string) (*store.Store, error) {
		table := fmt.Sprintf("bench-%s-%d", name, time.Now().UnixNano())
		if err := store.CreateTable(ctx, b.db, table); err != nil {
			return nil, err
		}
		key := make([]byte, 32)
		rand.Read(key)
		return store.New(b.db, table, key)
	}
	tn, err := store.NewTenant("1001")
	if err != nil {
		return err
	}
	// write makes the n changes, one transaction each: an item and its event.
	write := func(s *store.Store, a *arrivals) error {
		for i := range b.n {
			id := fmt.Sprintf("bench-%d", i)
			k, err := tn.Key("NOTE", "BENCHNOTE", id)
			if err != nil {
				return err
			}
			out, err := eventbus.OutboxOp(tn, eventbus.Event{ID: id, Type: "BenchNoted", Account: "1001", Time: time.Now().UTC(), Detail: json.RawMessage(`{}`)})
			if err != nil {
				return err
			}
			if err := s.Transact(ctx, store.CreateOp(store.Record{Key: k, Type: "BenchNote", Value: map[string]int{"N": i}}), out); err != nil {
				return err
			}
			a.mark(a.committed, id)
		}
		return nil
	}
	// run writes while poll reads, until every change arrived.
	run := func(s *store.Store, poll func(ctx context.Context, a *arrivals) error) (*arrivals, error) {
		a := newArrivals()
		pctx, stop := context.WithCancel(ctx)
		defer stop()
		errc := make(chan error, 1)
		go func() {
			for pctx.Err() == nil && a.count() < b.n {
				if err := poll(pctx, a); err != nil && pctx.Err() == nil {
					errc <- err
					return
				}
			}
			errc <- nil
		}()
		if err := write(s, a); err != nil {
			return nil, err
		}
		return a, <-errc
	}

	// The bare reader: one shard iterator, GetRecords without pause, each record's key noted.
	bareStore, err := newStore("bare")
	if err != nil {
		return err
	}
	defer b.db.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(bareStore.Table())})
	arn, err := bareStore.StreamARN(ctx)
	if err != nil {
		return err
	}
	var iters map[string]*string
	bare, err := run(bareStore, func(ctx context.Context, a *arrivals) error {
		if iters == nil {
			iters = map[string]*string{}
			out, err := streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: &arn})
			if err != nil {
				return err
			}
			for _, sh := range out.StreamDescription.Shards {
				it, err := streams.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{StreamArn: &arn, ShardId: sh.ShardId, ShardIteratorType: streamtypes.ShardIteratorTypeTrimHorizon})
				if err != nil {
					return err
				}
				iters[*sh.ShardId] = it.ShardIterator
			}
		}
		for shard, it := range iters {
			if it == nil {
				continue
			}
			out, err := streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: it, Limit: aws.Int32(1000)})
			if err != nil {
				return err
			}
			iters[shard] = out.NextShardIterator
			for _, rec := range out.Records {
				if id, ok := rec.Dynamodb.NewImage["EventID"].(*streamtypes.AttributeValueMemberS); ok {
					a.mark(a.arrived, id.Value)
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}

	// The relay: the local gateway's reader, with checkpoints, delivering to a consumer.
	relayStore, err := newStore("relay")
	if err != nil {
		return err
	}
	defer b.db.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(relayStore.Table())})
	reader := eventbus.NewStream(streams, relayStore, "bench")
	relayed, err := run(relayStore, func(ctx context.Context, a *arrivals) error {
		_, err := reader.Drain(ctx, eventbus.Dispatch([]eventbus.Consumer{{
			Name: "bench", Types: []string{"BenchNoted"},
			Handle: func(_ context.Context, e eventbus.Event) error { a.mark(a.arrived, e.ID); return nil },
		}}, 1, func(context.Context, eventbus.Consumer, eventbus.Event, error) {}))
		return err
	})
	if err != nil {
		return err
	}

	baseLag, baseRate := bare.lags()
	relayLag, relayRate := relayed.lags()
	fmt.Printf("\nDomain events: %d changes, each with its outbox event, from commit to consumer through the relay vs a bare read of the same stream\n", b.n)
	report("bare stream read: lag", baseLag, nil)
	report("relay to consumer: lag", relayLag, baseLag)
	fmt.Printf("  %-34s %8.0f /s   relay %8.0f /s   ratio %.2f\n", "events delivered: bare", baseRate, relayRate, relayRate/baseRate)
	return nil
}
