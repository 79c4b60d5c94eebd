package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Op is one write of a transaction.
type Op struct {
	create *Record
	update *Record
	delete *Key
	check  *Key
	put    *Record
	remove *Key
	// version is the expected version of a delete or check.
	version int64
}

// CreateOp creates r at version 1 if nothing exists at its key.
func CreateOp(r Record) Op { return Op{create: &r} }

// UpdateOp replaces r if the stored item is at r.Version.
func UpdateOp(r Record) Op { return Op{update: &r} }

// DeleteOp deletes the item at k if it is at version.
func DeleteOp(k Key, version int64) Op { return Op{delete: &k, version: version} }

// CheckOp requires the item at k to be at version without writing it.
func CheckOp(k Key, version int64) Op { return Op{check: &k, version: version} }

// PutOp writes r at version 1 whatever is stored at its key. It is for items derived from
// another item of the same transaction (an index entry of a record), which that item's
// versioned write serializes.
func PutOp(r Record) Op { return Op{put: &r} }

// RemoveOp deletes the item at k whatever its version, if it exists; like PutOp it is for
// items derived from another item of the same transaction.
func RemoveOp(k Key) Op { return Op{remove: &k} }

// Transact applies ops atomically: all of them or none. When any condition fails (an item
// exists already, or is not at the expected version) nothing is written and the result is a
// Conflict error.
func (s *Store) Transact(ctx context.Context, ops ...Op) error {
	if len(ops) == 0 {
		return nil
	}
	if len(ops) > 100 {
		return apperr.Errorf(apperr.Internal, "transaction of %d writes exceeds 100", len(ops))
	}
	items := make([]types.TransactWriteItem, 0, len(ops))
	versionNames := map[string]string{"#v": attrVersion}
	for _, op := range ops {
		var w types.TransactWriteItem
		switch {
		case op.create != nil:
			item, err := s.item(*op.create, 1)
			if err != nil {
				return err
			}
			w.Put = &types.Put{
				TableName:                &s.table,
				Item:                     item,
				ConditionExpression:      aws.String("attribute_not_exists(#pk)"),
				ExpressionAttributeNames: map[string]string{"#pk": s.def.PartitionKey},
			}
		case op.update != nil:
			item, err := s.item(*op.update, op.update.Version+1)
			if err != nil {
				return err
			}
			w.Put = &types.Put{
				TableName:                 &s.table,
				Item:                      item,
				ConditionExpression:       aws.String("#v = :expected"),
				ExpressionAttributeNames:  versionNames,
				ExpressionAttributeValues: map[string]types.AttributeValue{":expected": number(op.update.Version)},
			}
		case op.delete != nil:
			w.Delete = &types.Delete{
				TableName:                 &s.table,
				Key:                       s.key(*op.delete),
				ConditionExpression:       aws.String("#v = :expected"),
				ExpressionAttributeNames:  versionNames,
				ExpressionAttributeValues: map[string]types.AttributeValue{":expected": number(op.version)},
			}
		case op.put != nil:
			item, err := s.item(*op.put, 1)
			if err != nil {
				return err
			}
			w.Put = &types.Put{TableName: &s.table, Item: item}
		case op.remove != nil:
			w.Delete = &types.Delete{TableName: &s.table, Key: s.key(*op.remove)}
		case op.check != nil:
			w.ConditionCheck = &types.ConditionCheck{
				TableName:                 &s.table,
				Key:                       s.key(*op.check),
				ConditionExpression:       aws.String("#v = :expected"),
				ExpressionAttributeNames:  versionNames,
				ExpressionAttributeValues: map[string]types.AttributeValue{":expected": number(op.version)},
			}
		default:
			return apperr.Errorf(apperr.Internal, "empty transaction op")
		}
		items = append(items, w)
	}
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	var canceled *types.TransactionCanceledException
	if errors.As(err, &canceled) {
		for _, reason := range canceled.CancellationReasons {
			if aws.ToString(reason.Code) == "ConditionalCheckFailed" {
				return apperr.Wrap(apperr.Conflict, err, "The items were changed by someone else. Reload them and try again.")
			}
		}
	}
	if err != nil {
		return fmt.Errorf("transact %d writes: %w", len(items), err)
	}
	s.committed(ctx, ops)
	return nil
}
