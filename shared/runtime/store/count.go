package store

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Count returns how many items of q's partition (with q.SortPrefix, if set) there are. It reads
// with Select COUNT, which returns no items: DynamoDB still reads them, up to 1 MB a request,
// so a large partition takes several requests. q.Limit, q.Cursor and q.Descending are ignored.
func (s *Store) Count(ctx context.Context, q Query) (int, error) {
	if q.Partition.pk == "" {
		return 0, apperr.Errorf(apperr.Internal, "count without a partition")
	}
	pkName, skName := s.def.PartitionKey, s.def.SortKey
	in := &dynamodb.QueryInput{TableName: &s.table, Select: types.SelectCount}
	if q.Index != "" {
		idx, ok := s.index(q.Index)
		if !ok {
			return 0, apperr.Errorf(apperr.Internal, "unknown index %q", q.Index)
		}
		pkName, skName = idx.PartitionKey, idx.SortKey
		in.IndexName = aws.String(q.Index)
	} else {
		in.ConsistentRead = aws.Bool(true)
	}
	in.KeyConditionExpression = aws.String("#pk = :pk")
	in.ExpressionAttributeNames = map[string]string{"#pk": pkName}
	in.ExpressionAttributeValues = map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: q.Partition.pk}}
	if q.SortPrefix != "" {
		in.KeyConditionExpression = aws.String("#pk = :pk AND begins_with(#sk, :prefix)")
		in.ExpressionAttributeNames["#sk"] = skName
		in.ExpressionAttributeValues[":prefix"] = &types.AttributeValueMemberS{Value: q.SortPrefix}
	}
	n := 0
	for {
		res, err := s.db.Query(ctx, in)
		if err != nil {
			return 0, fmt.Errorf("count %s: %w", q.Partition.pk, err)
		}
		n += int(res.Count)
		if len(res.LastEvaluatedKey) == 0 {
			return n, nil
		}
		in.ExclusiveStartKey = res.LastEvaluatedKey
	}
}
