package store

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Query reads the items of one tenant partition in sort-key order.
type Query struct {
	// Index is "" for the table or the name of a global secondary index.
	Index string
	// Partition is the tenant and the partition parts, as built by Tenant.Key or
	// Tenant.IndexKey (only the partition is used).
	Partition Partition
	// SortPrefix limits the items to sort keys starting with it.
	SortPrefix string
	// SortFrom and SortTo, when both are set (and SortPrefix is not), limit the items to sort
	// keys between them, both included: a page of a partition whose sort keys are numbered.
	SortFrom, SortTo string
	// Limit is the page size (1 to 1000).
	Limit int
	// Descending reads in descending sort-key order.
	Descending bool
	// Cursor continues from the page that returned it; "" starts at the beginning.
	Cursor string
}

// Partition names a tenant partition to query.
type Partition struct {
	pk string
}

// Partition returns the tenant's partition named by parts.
func (t Tenant) Partition(parts ...string) (Partition, error) {
	pk, err := t.partition(parts)
	if err != nil {
		return Partition{}, err
	}
	return Partition{pk: pk}, nil
}

// Page is one page of query results.
type Page struct {
	Items []map[string]types.AttributeValue
	// Next is the cursor of the following page; "" on the last page.
	Next string
}

// Decode unmarshals the page's items into out, a pointer to a slice.
func (p Page) Decode(out any) error {
	if err := attributevalue.UnmarshalListOfMaps(p.Items, out); err != nil {
		return fmt.Errorf("decode page: %w", err)
	}
	return nil
}

// Type returns the type name item i of the page was written with.
func (p Page) Type(i int) string {
	if t, ok := p.Items[i][attrType].(*types.AttributeValueMemberS); ok {
		return t.Value
	}
	return ""
}

// DecodeItem unmarshals item i of the page into out, a pointer.
func (p Page) DecodeItem(i int, out any) error {
	if err := attributevalue.UnmarshalMap(p.Items[i], out); err != nil {
		return fmt.Errorf("decode item: %w", err)
	}
	return nil
}

// Query returns one page of q. A cursor that was not issued for the same query is an Invalid
// error.
func (s *Store) Query(ctx context.Context, q Query) (Page, error) {
	if q.Partition.pk == "" {
		return Page{}, apperr.Errorf(apperr.Internal, "query without a partition")
	}
	if q.Limit < 1 || q.Limit > 1000 {
		return Page{}, apperr.Errorf(apperr.Invalid, "The page size must be between 1 and 1000.")
	}
	pkName, skName := s.def.PartitionKey, s.def.SortKey
	in := &dynamodb.QueryInput{TableName: &s.table, Limit: aws.Int32(int32(q.Limit))}
	if q.Index != "" {
		idx, ok := s.index(q.Index)
		if !ok {
			return Page{}, apperr.Errorf(apperr.Internal, "unknown index %q", q.Index)
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
	} else if q.SortFrom != "" && q.SortTo != "" {
		in.KeyConditionExpression = aws.String("#pk = :pk AND #sk BETWEEN :from AND :to")
		in.ExpressionAttributeNames["#sk"] = skName
		in.ExpressionAttributeValues[":from"] = &types.AttributeValueMemberS{Value: q.SortFrom}
		in.ExpressionAttributeValues[":to"] = &types.AttributeValueMemberS{Value: q.SortTo}
	}
	in.ScanIndexForward = aws.Bool(!q.Descending)
	binding := q.binding()
	if q.Cursor != "" {
		start, err := s.openCursor(q.Cursor, binding)
		if err != nil {
			return Page{}, err
		}
		in.ExclusiveStartKey = start
	}
	res, err := s.db.Query(ctx, in)
	if err != nil {
		return Page{}, fmt.Errorf("query %s: %w", q.Partition.pk, err)
	}
	page := Page{Items: res.Items}
	if len(res.LastEvaluatedKey) > 0 {
		page.Next, err = s.sealCursor(res.LastEvaluatedKey, binding)
		if err != nil {
			return Page{}, err
		}
	}
	return page, nil
}

// CursorAfter returns the cursor of q that continues after item, an item of a page of q: for
// a caller that consumes only part of a page (a merge of several partitions' pages) and
// continues from the last item it used.
func (s *Store) CursorAfter(q Query, item map[string]types.AttributeValue) (string, error) {
	names := []string{s.def.PartitionKey, s.def.SortKey}
	if q.Index != "" {
		idx, ok := s.index(q.Index)
		if !ok {
			return "", apperr.Errorf(apperr.Internal, "unknown index %q", q.Index)
		}
		names = append(names, idx.PartitionKey, idx.SortKey)
	}
	key := make(map[string]types.AttributeValue, len(names))
	for _, n := range names {
		v, ok := item[n]
		if !ok {
			return "", apperr.Errorf(apperr.Internal, "cursor after an item without %s", n)
		}
		key[n] = v
	}
	if pk, ok := key[names[len(names)-2]].(*types.AttributeValueMemberS); !ok || pk.Value != q.Partition.pk {
		return "", apperr.Errorf(apperr.Internal, "cursor after an item of another partition")
	}
	return s.sealCursor(key, q.binding())
}

// binding is what a cursor is valid for: the same index, partition and sort prefix.
func (q Query) binding() string {
	return strings.Join([]string{q.Index, q.Partition.pk, q.SortPrefix, q.SortFrom, q.SortTo}, "\x00")
}

// sealCursor encodes a start key as payload.signature, both base64url. The signature covers
// the query binding, so a cursor of one tenant's or one query's page cannot start another.
func (s *Store) sealCursor(key map[string]types.AttributeValue, binding string) (string, error) {
	plain := map[string]string{}
	for name, v := range key {
		sv, ok := v.(*types.AttributeValueMemberS)
		if !ok {
			return "", fmt.Errorf("seal cursor: key attribute %s is not a string", name)
		}
		plain[name] = sv.Value
	}
	payload, err := json.Marshal(plain)
	if err != nil {
		return "", fmt.Errorf("seal cursor: %w", err)
	}
	enc := base64.RawURLEncoding
	return enc.EncodeToString(payload) + "." + enc.EncodeToString(s.sign(payload, binding)), nil
}

func (s *Store) openCursor(cursor, binding string) (map[string]types.AttributeValue, error) {
	bad := apperr.Errorf(apperr.Invalid, "The page cursor is not valid for this list.")
	enc := base64.RawURLEncoding
	payloadPart, sigPart, ok := strings.Cut(cursor, ".")
	if !ok {
		return nil, bad
	}
	payload, err1 := enc.DecodeString(payloadPart)
	sig, err2 := enc.DecodeString(sigPart)
	if err1 != nil || err2 != nil || !hmac.Equal(sig, s.sign(payload, binding)) {
		return nil, bad
	}
	var plain map[string]string
	if err := json.Unmarshal(payload, &plain); err != nil {
		return nil, bad
	}
	key := make(map[string]types.AttributeValue, len(plain))
	for name, v := range plain {
		key[name] = &types.AttributeValueMemberS{Value: v}
	}
	return key, nil
}

func (s *Store) sign(payload []byte, binding string) []byte {
	mac := hmac.New(sha256.New, s.cursorKey)
	mac.Write([]byte(binding))
	mac.Write([]byte{0})
	mac.Write(payload)
	return mac.Sum(nil)
}
