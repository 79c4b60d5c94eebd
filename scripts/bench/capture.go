package main

import (
	"context"
	"fmt"
	"sync"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"
)

// writeCapture records the transactions a client sends while it is on: the intake bench replays
// a delivery's own writes as its baseline.
type writeCapture struct {
	mu  sync.Mutex
	on  bool
	txs []*dynamodb.TransactWriteItemsInput
}

// attach makes client options record into c.
func (c *writeCapture) attach(o *dynamodb.Options) {
	o.APIOptions = append(o.APIOptions, func(s *middleware.Stack) error {
		return s.Initialize.Add(middleware.InitializeMiddlewareFunc("benchWriteCapture", func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
			if tx, ok := in.Parameters.(*dynamodb.TransactWriteItemsInput); ok {
				c.mu.Lock()
				if c.on {
					c.txs = append(c.txs, tx)
				}
				c.mu.Unlock()
			}
			return next.HandleInitialize(ctx, in)
		}), middleware.After)
	})
}

// record runs f with recording on and returns the transactions it sent.
func (c *writeCapture) record(f func() error) ([]*dynamodb.TransactWriteItemsInput, error) {
	c.mu.Lock()
	c.on, c.txs = true, nil
	c.mu.Unlock()
	err := f()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.on = false
	return c.txs, err
}

// keyAttributes are the attributes that place an item: the table's and the indexes' keys.
var keyAttributes = []string{"PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK", "GSI3PK", "GSI3SK"}

// replayable reports whether every write of txs creates an item (a conditional put), so that
// the writes can be replayed under fresh keys.
func replayable(txs []*dynamodb.TransactWriteItemsInput) error {
	for _, tx := range txs {
		for _, w := range tx.TransactItems {
			if w.Put == nil {
				return fmt.Errorf("a transaction of the delivery does more than create items")
			}
		}
	}
	return nil
}

// replay sends txs again with every key attribute's value prefixed by run, so that the same
// items, of the same sizes and with the same index keys, are created anew.
func replay(ctx context.Context, db *dynamodb.Client, txs []*dynamodb.TransactWriteItemsInput, run string) error {
	for _, tx := range txs {
		items := make([]types.TransactWriteItem, 0, len(tx.TransactItems))
		for _, w := range tx.TransactItems {
			put := *w.Put
			item := make(map[string]types.AttributeValue, len(put.Item))
			for k, v := range put.Item {
				item[k] = v
			}
			for _, k := range keyAttributes {
				if s, ok := item[k].(*types.AttributeValueMemberS); ok {
					item[k] = &types.AttributeValueMemberS{Value: run + s.Value}
				}
			}
			put.Item = item
			items = append(items, types.TransactWriteItem{Put: &put})
		}
		if _, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items}); err != nil {
			return err
		}
	}
	return nil
}
