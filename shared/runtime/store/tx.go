package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

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
	add    *Record
	counts map[string]int64
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

// AddOp adds counts to the number attributes they name on the item at r.Key, creating the
// item when it is missing; r.Value's other attributes, r's index keys and type are set on
// every write and the version goes up by one. It is for counters, which many writers bump
// at once without reading them: no add is lost and none conflicts.
func AddOp(r Record, counts map[string]int64) Op { return Op{add: &r, counts: counts} }

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
		case op.add != nil:
			u, err := s.addUpdate(*op.add, op.counts)
			if err != nil {
				return err
			}
			w.Update = u
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

// addUpdate returns the update of an AddOp: SET of r's attributes other than the counts, ADD
// of the counts and of one to the version.
func (s *Store) addUpdate(r Record, counts map[string]int64) (*types.Update, error) {
	item, err := s.item(r, 1)
	if err != nil {
		return nil, err
	}
	delete(item, s.def.PartitionKey)
	delete(item, s.def.SortKey)
	delete(item, attrVersion)
	names := map[string]string{"#v": attrVersion}
	values := map[string]types.AttributeValue{":one": number(1)}
	var set, add []string
	i := 0
	for name, v := range item {
		if _, counted := counts[name]; counted {
			continue
		}
		i++
		n, val := fmt.Sprintf("#s%d", i), fmt.Sprintf(":s%d", i)
		names[n], values[val] = name, v
		set = append(set, n+" = "+val)
	}
	add = append(add, "#v :one")
	for name, d := range counts {
		i++
		n, val := fmt.Sprintf("#a%d", i), fmt.Sprintf(":a%d", i)
		names[n], values[val] = name, number(d)
		add = append(add, n+" "+val)
	}
	expr := "ADD " + strings.Join(add, ", ")
	if len(set) > 0 {
		expr = "SET " + strings.Join(set, ", ") + " " + expr
	}
	return &types.Update{
		TableName: &s.table, Key: s.key(r.Key), UpdateExpression: &expr,
		ExpressionAttributeNames: names, ExpressionAttributeValues: values,
	}, nil
}
