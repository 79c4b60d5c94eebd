package eventbus

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// ConnectStreams returns a DynamoDB Streams client of a local DynamoDB endpoint, with the
// fixed local credentials store.Connect uses.
func ConnectStreams(ctx context.Context, endpoint string) (*dynamodbstreams.Client, error) {
	cfg, err := config.LoadDefaultConfig(ctx,
		config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("local", "local", "")),
	)
	if err != nil {
		return nil, fmt.Errorf("load local aws config: %w", err)
	}
	return dynamodbstreams.NewFromConfig(cfg, func(o *dynamodbstreams.Options) {
		o.BaseEndpoint = aws.String(endpoint)
	}), nil
}

// Deliver hands a batch of events, in stream order, to the consumers. An error means some
// were not delivered: the whole batch is delivered again.
type Deliver func(ctx context.Context, events []Event) error

// Stream reads the outbox items of a table's stream through the DynamoDB Streams API, the way
// the Lambda event source mapping does in AWS, keeping a checkpoint per shard in the table.
//
//	pattern             index  key condition
//	shard checkpoint    table  PK = SYS#relay#{name}.{shard id}, SK = SYS
type Stream struct {
	db   *dynamodbstreams.Client
	s    *store.Store
	name string
	arn  string
	// open is where the last round stopped on each open shard, so the next round reads on
	// from there without describing the stream again; nil to start from the checkpoints.
	open []position
}

// position is a reader's place in one open shard.
type position struct {
	shard string
	iter  *string
	cp    checkpoint
}

// NewStream returns the reader named name (its checkpoints' owner) of s's table's stream.
// A Stream is used by one goroutine at a time.
func NewStream(db *dynamodbstreams.Client, s *store.Store, name string) *Stream {
	return &Stream{db: db, s: s, name: name}
}

// checkpoint is how far the reader delivered one shard.
type checkpoint struct {
	// Sequence is the sequence number of the last record delivered; "" for none.
	Sequence string
	// Closed is set once a closed shard has been read to its end.
	Closed bool
}

// Drain delivers every outbox item the stream holds past where the last round stopped (on the
// first round, and after an error, past the checkpoints), shard by shard (parents before their
// children, as DescribeStream lists them), and returns how many events it delivered. After each
// batch is delivered the shard's checkpoint moves past it; a relay that stops between the two
// delivers the batch again when it restarts.
func (r *Stream) Drain(ctx context.Context, deliver Deliver) (int, error) {
	n, err := r.drain(ctx, deliver)
	var expired *types.ExpiredIteratorException
	if errors.As(err, &expired) {
		// The shard iterators of the last round expired: start again from the checkpoints.
		m, err := r.drain(ctx, deliver)
		return n + m, err
	}
	return n, err
}

func (r *Stream) drain(ctx context.Context, deliver Deliver) (int, error) {
	if r.open == nil {
		open, err := r.positions(ctx)
		if err != nil {
			return 0, err
		}
		r.open = open
	}
	total, closed := 0, false
	for i := range r.open {
		n, err := r.read(ctx, &r.open[i], deliver)
		total += n
		if err != nil {
			r.open = nil
			return total, err
		}
		closed = closed || r.open[i].iter == nil
	}
	if closed {
		// A shard ended: its children are found by describing the stream again.
		r.open = nil
	}
	return total, nil
}

// positions returns an iterator past the checkpoint of each open shard.
func (r *Stream) positions(ctx context.Context) ([]position, error) {
	shards, err := r.shards(ctx)
	if err != nil {
		return nil, err
	}
	open := []position{}
	for _, sh := range shards {
		shard := aws.ToString(sh.ShardId)
		cp, err := r.load(ctx, shard)
		if err != nil {
			return nil, err
		}
		if cp.Closed {
			continue
		}
		in := &dynamodbstreams.GetShardIteratorInput{StreamArn: &r.arn, ShardId: &shard, ShardIteratorType: types.ShardIteratorTypeTrimHorizon}
		if cp.Sequence != "" {
			in.ShardIteratorType, in.SequenceNumber = types.ShardIteratorTypeAfterSequenceNumber, aws.String(cp.Sequence)
		}
		it, err := r.db.GetShardIterator(ctx, in)
		var trimmed *types.TrimmedDataAccessException
		if errors.As(err, &trimmed) {
			// The records past the checkpoint outlived the stream's retention: start at the
			// oldest record the shard still has.
			in.ShardIteratorType, in.SequenceNumber = types.ShardIteratorTypeTrimHorizon, nil
			it, err = r.db.GetShardIterator(ctx, in)
		}
		if err != nil {
			return nil, fmt.Errorf("shard %s iterator: %w", shard, err)
		}
		open = append(open, position{shard: shard, iter: it.ShardIterator, cp: cp})
	}
	return open, nil
}

func (r *Stream) shards(ctx context.Context) ([]types.Shard, error) {
	if r.arn == "" {
		arn, err := r.s.StreamARN(ctx)
		if err != nil {
			return nil, err
		}
		r.arn = arn
	}
	var all []types.Shard
	in := &dynamodbstreams.DescribeStreamInput{StreamArn: &r.arn}
	for {
		out, err := r.db.DescribeStream(ctx, in)
		if err != nil {
			// The table may have a new stream: look it up again next time.
			r.arn = ""
			return nil, fmt.Errorf("describe stream: %w", err)
		}
		all = append(all, out.StreamDescription.Shards...)
		if out.StreamDescription.LastEvaluatedShardId == nil {
			return all, nil
		}
		in.ExclusiveStartShardId = out.StreamDescription.LastEvaluatedShardId
	}
}

// read delivers the records of p's shard from p onwards and moves p to where it stopped (its
// iterator nil once the shard ended).
//
// Every checkpoint is itself a write the stream carries, so the checkpoint moves after events
// were delivered, after many other records, or at the end past other writes: a reader that
// checkpointed after every read would chase its own writes.
func (r *Stream) read(ctx context.Context, p *position, deliver Deliver) (int, error) {
	total, skipped := 0, 0
	for p.iter != nil {
		out, err := r.db.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: p.iter, Limit: aws.Int32(1000)})
		if err != nil {
			return total, fmt.Errorf("shard %s records: %w", p.shard, err)
		}
		if len(out.Records) == 0 {
			p.iter = out.NextShardIterator
			if p.iter == nil {
				p.cp.Closed = true
				return total, r.save(ctx, p.shard, p.cp)
			}
			if skipped > 1 {
				// Caught up past other writes: checkpoint, so a restart does not read them
				// again. Past only the previous checkpoint's own record it does not, or every
				// round would write one.
				return total, r.save(ctx, p.shard, p.cp)
			}
			return total, nil
		}
		var batch []Event
		for _, rec := range out.Records {
			e, ok, err := decode(rec)
			if err != nil {
				return total, err
			}
			if ok {
				batch = append(batch, e)
			}
		}
		cp := p.cp
		cp.Sequence = aws.ToString(out.Records[len(out.Records)-1].Dynamodb.SequenceNumber)
		if len(batch) == 0 {
			p.iter, p.cp = out.NextShardIterator, cp
			if skipped += len(out.Records); skipped < skipBeforeCheckpoint {
				continue
			}
		} else if err := deliver(ctx, batch); err != nil {
			return total, fmt.Errorf("deliver %d events: %w", len(batch), err)
		}
		p.iter, p.cp = out.NextShardIterator, cp
		total += len(batch)
		skipped = 0
		if err := r.save(ctx, p.shard, p.cp); err != nil {
			return total, err
		}
	}
	return total, nil
}

// skipBeforeCheckpoint is how many records without events a reader passes over before it
// checkpoints past them.
const skipBeforeCheckpoint = 1000

// decode returns the event of a stream record that inserted an outbox item.
func decode(rec types.Record) (Event, bool, error) {
	if rec.EventName != types.OperationTypeInsert || rec.Dynamodb == nil {
		return Event{}, false, nil
	}
	image := rec.Dynamodb.NewImage
	return FromOutbox(func(name string) (string, bool) {
		s, ok := image[name].(*types.AttributeValueMemberS)
		if !ok {
			return "", false
		}
		return s.Value, true
	})
}

func (r *Stream) key(shard string) (store.Key, error) {
	return store.SystemKey("relay", r.name+"."+shard)
}

func (r *Stream) load(ctx context.Context, shard string) (checkpoint, error) {
	k, err := r.key(shard)
	if err != nil {
		return checkpoint{}, err
	}
	var cp checkpoint
	if _, err := r.s.Get(ctx, k, &cp); err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return checkpoint{}, fmt.Errorf("read checkpoint of shard %s: %w", shard, err)
	}
	return cp, nil
}

func (r *Stream) save(ctx context.Context, shard string, cp checkpoint) error {
	k, err := r.key(shard)
	if err != nil {
		return err
	}
	if _, err := r.s.Put(ctx, store.Record{Key: k, Type: "RelayCheckpoint", Value: cp}); err != nil {
		return fmt.Errorf("save checkpoint of shard %s: %w", shard, err)
	}
	return nil
}

// Checkpoints returns the sequence number each shard was delivered to, by shard id.
func (r *Stream) Checkpoints(ctx context.Context) (map[string]string, error) {
	shards, err := r.shards(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, sh := range shards {
		cp, err := r.load(ctx, aws.ToString(sh.ShardId))
		if err != nil {
			return nil, err
		}
		out[aws.ToString(sh.ShardId)] = cp.Sequence
	}
	return out, nil
}

// Rewind sets the checkpoints back to cps (as Checkpoints returned them): the records after
// them are delivered again, as after a relay that published them and stopped before moving its
// checkpoints.
func (r *Stream) Rewind(ctx context.Context, cps map[string]string) error {
	r.open = nil
	for shard, seq := range cps {
		if err := r.save(ctx, shard, checkpoint{Sequence: seq}); err != nil {
			return err
		}
	}
	return nil
}

// Run drains the stream every interval until ctx ends, logging failures through report; a
// failed batch is delivered again on the next round.
func (r *Stream) Run(ctx context.Context, interval time.Duration, deliver Deliver, report func(error)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, err := r.Drain(ctx, deliver); err != nil && ctx.Err() == nil {
			report(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
