package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// ScanType calls each with every tenant item of the table written with type typ, a page at a
// time: the item's tenant and its page (i is the item's index in it). It reads the whole
// table, so it is for one-off upgrades of stored data, never for requests.
func (s *Store) ScanType(ctx context.Context, typ string, each func(t Tenant, p Page, i int) error) error {
	in := &dynamodb.ScanInput{
		TableName:                 &s.table,
		FilterExpression:          aws.String("#t = :t"),
		ExpressionAttributeNames:  map[string]string{"#t": attrType},
		ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberS{Value: typ}},
		ConsistentRead:            aws.Bool(true),
	}
	for {
		out, err := s.db.Scan(ctx, in)
		if err != nil {
			return fmt.Errorf("scan %s: %w", typ, err)
		}
		p := Page{Items: out.Items}
		for i, item := range out.Items {
			pk, _ := item[s.def.PartitionKey].(*types.AttributeValueMemberS)
			if pk == nil || !strings.HasPrefix(pk.Value, "A#") {
				continue
			}
			account, _, _ := strings.Cut(strings.TrimPrefix(pk.Value, "A#"), "#")
			t, err := NewTenant(account)
			if err != nil {
				continue
			}
			if err := each(t, p, i); err != nil {
				return err
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}
