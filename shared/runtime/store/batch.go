package store

import (
	"context"
	"fmt"
	"time"

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
