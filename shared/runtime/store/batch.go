package store

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// maxBatch is BatchWriteItem's limit of items per call.
const maxBatch = 25

// BatchPut writes records at version 1 whatever is stored at their keys, 25 to a call, retrying
// the items DynamoDB leaves unprocessed. It is not atomic and checks no condition: it is for
// bulk loads (seeding, imports) of items nobody else writes meanwhile.
func (s *Store) BatchPut(ctx context.Context, records []Record) error {
	return s.batchPut(ctx, records, func(Record) int64 { return 1 })
}

// BatchPutVersions is BatchPut for items a history of changes brought to a later version:
// each record is written at its Version (1 when it has none), so the next versioned update of
// the item expects that version. It is for bulk loads of past data (seeding an imported
// history), like BatchPut.
func (s *Store) BatchPutVersions(ctx context.Context, records []Record) error {
	return s.batchPut(ctx, records, func(r Record) int64 { return max(1, r.Version) })
}

func (s *Store) batchPut(ctx context.Context, records []Record, version func(Record) int64) error {
	for start := 0; start < len(records); start += maxBatch {
		batch := records[start:min(start+maxBatch, len(records))]
		reqs := make([]types.WriteRequest, 0, len(batch))
		for _, r := range batch {
			item, err := s.item(r, version(r))
			if err != nil {
				return err
			}
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
		}
		if err := s.batchWrite(ctx, reqs); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) batchWrite(ctx context.Context, reqs []types.WriteRequest) error {
	pending := map[string][]types.WriteRequest{s.table: reqs}
	for attempt := 0; len(pending[s.table]) > 0; attempt++ {
		if attempt > 0 {
			if attempt > 10 {
				return apperr.Errorf(apperr.Internal, "batch write: %d items still unprocessed", len(pending[s.table]))
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Duration(1<<min(attempt, 6)) * 10 * time.Millisecond):
			}
		}
		out, err := s.db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
		if err != nil {
			return fmt.Errorf("batch write %d items: %w", len(pending[s.table]), err)
		}
		pending = out.UnprocessedItems
		if pending == nil {
			pending = map[string][]types.WriteRequest{}
		}
	}
	return nil
}

// maxBatchGet is BatchGetItem's limit of keys per call.
const maxBatchGet = 100

// Read is one item of a BatchGet: the item at Key is read into Out. BatchGet sets Found and,
// for a found item, Version.
type Read struct {
	Key     Key
	Out     any
	Found   bool
	Version int64
}

// BatchGet reads the items of reads in one BatchGetItem call (a call per 100 keys), strongly
// consistent like Get, retrying the keys DynamoDB leaves unprocessed. A missing item is no
// error: its Read is left not Found. Two reads of the same key are an Internal error.
func (s *Store) BatchGet(ctx context.Context, reads ...*Read) error {
	for start := 0; start < len(reads); start += maxBatchGet {
		if err := s.batchGet(ctx, reads[start:min(start+maxBatchGet, len(reads))]); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) batchGet(ctx context.Context, reads []*Read) error {
	byKey := make(map[Key]*Read, len(reads))
	keys := make([]map[string]types.AttributeValue, 0, len(reads))
	for _, r := range reads {
		if _, dup := byKey[r.Key]; dup {
			return apperr.Errorf(apperr.Internal, "batch get: %s read twice", r.Key)
		}
		byKey[r.Key] = r
		keys = append(keys, s.key(r.Key))
	}
	pending := map[string]types.KeysAndAttributes{s.table: {Keys: keys, ConsistentRead: aws.Bool(true)}}
	for attempt := 0; len(pending[s.table].Keys) > 0; attempt++ {
		if attempt > 0 {
			if attempt > 10 {
				return apperr.Errorf(apperr.Internal, "batch get: %d keys still unprocessed", len(pending[s.table].Keys))
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Duration(1<<min(attempt, 6)) * 10 * time.Millisecond):
			}
		}
		out, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: pending})
		if err != nil {
			return fmt.Errorf("batch get %d items: %w", len(pending[s.table].Keys), err)
		}
		for _, item := range out.Responses[s.table] {
			pk, _ := item[s.def.PartitionKey].(*types.AttributeValueMemberS)
			sk, _ := item[s.def.SortKey].(*types.AttributeValueMemberS)
			if pk == nil || sk == nil {
				return apperr.Errorf(apperr.Internal, "batch get: an item without its key")
			}
			r, ok := byKey[Key{pk: pk.Value, sk: sk.Value}]
			if !ok {
				return apperr.Errorf(apperr.Internal, "batch get: an item that was not asked for")
			}
			if err := attributevalue.UnmarshalMap(item, r.Out); err != nil {
				return fmt.Errorf("unmarshal %s: %w", r.Key, err)
			}
			r.Found, r.Version = true, versionOf(item)
		}
		pending = out.UnprocessedKeys
	}
	return nil
}
