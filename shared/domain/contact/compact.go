package contact

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// compact is a stored value without its empty attributes (null, empty strings, zero numbers,
// false, empty lists and maps) at any depth of maps; list elements are kept whole. Reading it
// back gives the same value: an absent attribute decodes to its zero value. It keeps contacts
// and their search entries small, which is what reads, writes and storage cost.
type compact map[string]types.AttributeValue

// MarshalDynamoDBAttributeValue returns the compacted map.
func (c compact) MarshalDynamoDBAttributeValue() (types.AttributeValue, error) {
	return &types.AttributeValueMemberM{Value: c}, nil
}

// compactOf marshals v and drops its empty attributes.
func compactOf(v any) (compact, error) {
	m, err := attributevalue.MarshalMap(v)
	if err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	dropEmpty(m)
	return compact(m), nil
}

func dropEmpty(m map[string]types.AttributeValue) {
	for k, v := range m {
		if sub, ok := v.(*types.AttributeValueMemberM); ok {
			dropEmpty(sub.Value)
		}
		if empty(v) {
			delete(m, k)
		}
	}
	for _, v := range m {
		if l, ok := v.(*types.AttributeValueMemberL); ok {
			for _, e := range l.Value {
				if sub, ok := e.(*types.AttributeValueMemberM); ok {
					dropEmpty(sub.Value)
				}
			}
		}
	}
}

func empty(v types.AttributeValue) bool {
	switch v := v.(type) {
	case *types.AttributeValueMemberNULL:
		return true
	case *types.AttributeValueMemberS:
		return v.Value == ""
	case *types.AttributeValueMemberN:
		return v.Value == "0"
	case *types.AttributeValueMemberBOOL:
		return !v.Value
	case *types.AttributeValueMemberL:
		return len(v.Value) == 0
	case *types.AttributeValueMemberM:
		return len(v.Value) == 0
	}
	return false
}
