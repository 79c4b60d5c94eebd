// Package store keeps the application's items in one DynamoDB table. Every key is built inside
// a tenant, creates are conditional, updates are versioned (a stale version is a conflict,
// never a lost update), multi-item changes are transactions, and pages are addressed by signed
// cursors.
//
// Keys: every partition key is A#{acct}#{parts...} (Tenant.Key, Tenant.Partition,
// Tenant.IndexKey), apart from the directory's DIR#{kind}#{id} entries that lead from a sign-in
// identity to its tenant and the few global G#{parts...} items (GlobalKey: times and pointers
// only, such as the schedule of due timers) and SYS#{kind}#{id} bookkeeping items (the event
// relay's stream checkpoints); GSI1 and GSI2 are overloaded alternate keys of the
// same shape. Each package that writes items lists its record types in an access-pattern table
// beside its key builders (pattern, index, key condition); package accesspattern reads those
// tables and the tests check every item the areas write against them.
package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/tabledef"
)

// Attribute names the store owns on every item.
const (
	attrVersion = "Version"
	attrType    = "Type"
)

// Store reads and writes items of one table.
type Store struct {
	db        *dynamodb.Client
	table     string
	def       tabledef.Definition
	cursorKey []byte
	// clock is the time every repository on this store reads; nil is the wall clock.
	clock func() time.Time
	// commits are the hooks told of committed transactions, shared by the store's copies.
	commits *commitHooks
}

// commitHooks are the functions told of every committed transaction of a store.
type commitHooks struct {
	mu    sync.RWMutex
	hooks []func(ctx context.Context, created []Record)
}

// OnCommit makes s (and every copy of it, such as WithClock's) call h after each transaction
// that committed, with the records it created. Tests relay the outbox's events with it, in the
// process, where the table's stream is slow to read; the product relays them from the stream.
func (s *Store) OnCommit(h func(ctx context.Context, created []Record)) {
	s.commits.mu.Lock()
	defer s.commits.mu.Unlock()
	s.commits.hooks = append(s.commits.hooks, h)
}

func (s *Store) committed(ctx context.Context, ops []Op) {
	s.commits.mu.RLock()
	hooks := s.commits.hooks
	s.commits.mu.RUnlock()
	if len(hooks) == 0 {
		return
	}
	var created []Record
	for _, op := range ops {
		if op.create != nil {
			created = append(created, *op.create)
		}
	}
	for _, h := range hooks {
		h(ctx, created)
	}
}

// WithClock returns a copy of s whose Now reads now: tests give the whole product one
// injected clock through the store every repository and area is built on.
func (s *Store) WithClock(now func() time.Time) *Store {
	c := *s
	c.clock = now
	return &c
}

// Now is the current time by the store's clock: the wall clock unless WithClock set another.
func (s *Store) Now() time.Time {
	if s.clock != nil {
		return s.clock()
	}
	return time.Now()
}

// New returns a store over table. cursorKey signs pagination cursors; it must be at least 32
// bytes and the same in every process serving the table.
func New(db *dynamodb.Client, table string, cursorKey []byte) (*Store, error) {
	if table == "" {
		return nil, errors.New("store: empty table name")
	}
	if len(cursorKey) < 32 {
		return nil, errors.New("store: cursor key shorter than 32 bytes")
	}
	return &Store{db: db, table: table, def: tabledef.Table(), cursorKey: cursorKey, commits: &commitHooks{}}, nil
}

// Record is one item to write: its key, its index keys, its type name and its value (a struct
// or map marshalled with attributevalue). Version is the version the caller read, for updates.
type Record struct {
	Key       Key
	Indexes   []IndexKey
	Type      string
	Value     any
	Version   int64
	ExpiresAt int64
}

func (s *Store) item(r Record, version int64) (map[string]types.AttributeValue, error) {
	if r.Key.pk == "" {
		return nil, apperr.Errorf(apperr.Internal, "record without a key")
	}
	item, err := attributevalue.MarshalMap(r.Value)
	if err != nil {
		return nil, fmt.Errorf("marshal %s: %w", r.Key, err)
	}
	item[s.def.PartitionKey] = &types.AttributeValueMemberS{Value: r.Key.pk}
	item[s.def.SortKey] = &types.AttributeValueMemberS{Value: r.Key.sk}
	for _, ik := range r.Indexes {
		idx, ok := s.index(ik.index)
		if !ok {
			return nil, fmt.Errorf("record %s: unknown index %q", r.Key, ik.index)
		}
		item[idx.PartitionKey] = &types.AttributeValueMemberS{Value: ik.pk}
		item[idx.SortKey] = &types.AttributeValueMemberS{Value: ik.sk}
	}
	if r.Type != "" {
		item[attrType] = &types.AttributeValueMemberS{Value: r.Type}
	}
	if r.ExpiresAt > 0 {
		item[s.def.TTLAttribute] = &types.AttributeValueMemberN{Value: strconv.FormatInt(r.ExpiresAt, 10)}
	}
	item[attrVersion] = &types.AttributeValueMemberN{Value: strconv.FormatInt(version, 10)}
	return item, nil
}

func (s *Store) index(name string) (tabledef.Index, bool) {
	for _, idx := range s.def.Indexes {
		if idx.Name == name {
			return idx, true
		}
	}
	return tabledef.Index{}, false
}

func (s *Store) key(k Key) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		s.def.PartitionKey: &types.AttributeValueMemberS{Value: k.pk},
		s.def.SortKey:      &types.AttributeValueMemberS{Value: k.sk},
	}
}

// Get reads the item at k into out and returns its version. A missing item is a NotFound
// error.
func (s *Store) Get(ctx context.Context, k Key, out any) (int64, error) {
	res, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      &s.table,
		Key:            s.key(k),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return 0, fmt.Errorf("get %s: %w", k, err)
	}
	if res.Item == nil {
		return 0, apperr.Errorf(apperr.NotFound, "The item does not exist.")
	}
	if err := attributevalue.UnmarshalMap(res.Item, out); err != nil {
		return 0, fmt.Errorf("unmarshal %s: %w", k, err)
	}
	return versionOf(res.Item), nil
}

// GetAttrs reads only the top-level attributes attrs of the item at k into out, for a caller
// that needs a few small attributes of a large item. A missing item is a NotFound error.
func (s *Store) GetAttrs(ctx context.Context, k Key, out any, attrs ...string) error {
	if len(attrs) == 0 {
		return apperr.Errorf(apperr.Internal, "a projected read of %s names no attribute", k)
	}
	names := make(map[string]string, len(attrs))
	refs := make([]string, len(attrs))
	for i, a := range attrs {
		refs[i] = "#p" + strconv.Itoa(i)
		names[refs[i]] = a
	}
	res, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:                &s.table,
		Key:                      s.key(k),
		ConsistentRead:           aws.Bool(true),
		ProjectionExpression:     aws.String(strings.Join(refs, ", ")),
		ExpressionAttributeNames: names,
	})
	if err != nil {
		return fmt.Errorf("get %s: %w", k, err)
	}
	if res.Item == nil {
		return apperr.Errorf(apperr.NotFound, "The item does not exist.")
	}
	if err := attributevalue.UnmarshalMap(res.Item, out); err != nil {
		return fmt.Errorf("unmarshal %s: %w", k, err)
	}
	return nil
}

// Create writes r as a new item at version 1. An existing item at the key is a Conflict error.
func (s *Store) Create(ctx context.Context, r Record) error {
	item, err := s.item(r, 1)
	if err != nil {
		return err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           &s.table,
		Item:                item,
		ConditionExpression: aws.String("attribute_not_exists(#pk)"),
		ExpressionAttributeNames: map[string]string{
			"#pk": s.def.PartitionKey,
		},
	})
	if isConditionFailed(err) {
		return apperr.Wrap(apperr.Conflict, err, "The item exists already.")
	}
	if err != nil {
		return fmt.Errorf("create %s: %w", r.Key, err)
	}
	return nil
}

// Update replaces the item at r.Key, which must be at version r.Version, and returns the new
// version. A missing item or another version is a Conflict error: someone changed it since it
// was read.
func (s *Store) Update(ctx context.Context, r Record) (int64, error) {
	item, err := s.item(r, r.Version+1)
	if err != nil {
		return 0, err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                 &s.table,
		Item:                      item,
		ConditionExpression:       aws.String("#v = :expected"),
		ExpressionAttributeNames:  map[string]string{"#v": attrVersion},
		ExpressionAttributeValues: map[string]types.AttributeValue{":expected": number(r.Version)},
	})
	if isConditionFailed(err) {
		return 0, apperr.Wrap(apperr.Conflict, err, "The item was changed by someone else. Reload it and try again.")
	}
	if err != nil {
		return 0, fmt.Errorf("update %s: %w", r.Key, err)
	}
	return r.Version + 1, nil
}

// Put writes r whatever is stored at its key, for items whose whole value is replaced by each
// write (a user setting). It returns the new version.
func (s *Store) Put(ctx context.Context, r Record) (int64, error) {
	item, err := s.item(r, 0)
	if err != nil {
		return 0, err
	}
	delete(item, attrVersion)
	names := map[string]string{"#v": attrVersion}
	values := map[string]types.AttributeValue{":one": number(1)}
	expr := "ADD #v :one"
	set := ""
	i := 0
	for name, v := range item {
		if name == s.def.PartitionKey || name == s.def.SortKey {
			continue
		}
		n, p := "#a"+strconv.Itoa(i), ":a"+strconv.Itoa(i)
		names[n], values[p] = name, v
		if set != "" {
			set += ", "
		}
		set += n + " = " + p
		i++
	}
	if set != "" {
		expr = "SET " + set + " " + expr
	}
	res, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 &s.table,
		Key:                       s.key(r.Key),
		UpdateExpression:          &expr,
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
		ReturnValues:              types.ReturnValueUpdatedNew,
	})
	if err != nil {
		return 0, fmt.Errorf("put %s: %w", r.Key, err)
	}
	return versionOf(res.Attributes), nil
}

// Delete removes the item at k, which must be at version. Another version or a missing item is
// a Conflict error.
func (s *Store) Delete(ctx context.Context, k Key, version int64) error {
	_, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:                 &s.table,
		Key:                       s.key(k),
		ConditionExpression:       aws.String("#v = :expected"),
		ExpressionAttributeNames:  map[string]string{"#v": attrVersion},
		ExpressionAttributeValues: map[string]types.AttributeValue{":expected": number(version)},
	})
	if isConditionFailed(err) {
		return apperr.Wrap(apperr.Conflict, err, "The item was changed by someone else. Reload it and try again.")
	}
	if err != nil {
		return fmt.Errorf("delete %s: %w", k, err)
	}
	return nil
}

func versionOf(item map[string]types.AttributeValue) int64 {
	if n, ok := item[attrVersion].(*types.AttributeValueMemberN); ok {
		v, _ := strconv.ParseInt(n.Value, 10, 64)
		return v
	}
	return 0
}

func number(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

func isConditionFailed(err error) bool {
	var ccf *types.ConditionalCheckFailedException
	return errors.As(err, &ccf)
}
