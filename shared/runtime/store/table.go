package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/tabledef"
)

// Connect returns a DynamoDB client. An empty endpoint means AWS with the default credential
// chain; otherwise the client talks to a local endpoint with fixed local credentials.
func Connect(ctx context.Context, endpoint string) (*dynamodb.Client, error) {
	if endpoint == "" {
		cfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			return nil, fmt.Errorf("load aws config: %w", err)
		}
		return dynamodb.NewFromConfig(cfg), nil
	}
	cfg, err := config.LoadDefaultConfig(ctx,
		config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("local", "local", "")),
	)
	if err != nil {
		return nil, fmt.Errorf("load local aws config: %w", err)
	}
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		o.BaseEndpoint = aws.String(endpoint)
		// DynamoDB Local does not send the response checksums the SDK validates.
		o.DisableValidateResponseChecksum = true
	}), nil
}

// CreateTable creates the table of tabledef.Table named name unless it exists, and waits until
// it is active. It is what the local gateway and the tests run; the CDK app deploys the same
// definition.
func CreateTable(ctx context.Context, db *dynamodb.Client, name string) error {
	return createTable(ctx, db, name, true)
}

// CreateTableWithoutStream is CreateTable with no stream, for tests whose events are relayed
// in the process (DynamoDB Local keeps every stream's records in memory for a day, which slows
// a run that makes thousands of tables).
func CreateTableWithoutStream(ctx context.Context, db *dynamodb.Client, name string) error {
	return createTable(ctx, db, name, false)
}

func createTable(ctx context.Context, db *dynamodb.Client, name string, stream bool) error {
	def := tabledef.Table()
	attrs := []types.AttributeDefinition{
		{AttributeName: aws.String(def.PartitionKey), AttributeType: types.ScalarAttributeTypeS},
		{AttributeName: aws.String(def.SortKey), AttributeType: types.ScalarAttributeTypeS},
	}
	var gsis []types.GlobalSecondaryIndex
	for _, idx := range def.Indexes {
		attrs = append(attrs,
			types.AttributeDefinition{AttributeName: aws.String(idx.PartitionKey), AttributeType: types.ScalarAttributeTypeS},
			types.AttributeDefinition{AttributeName: aws.String(idx.SortKey), AttributeType: types.ScalarAttributeTypeS},
		)
		gsis = append(gsis, types.GlobalSecondaryIndex{
			IndexName: aws.String(idx.Name),
			KeySchema: []types.KeySchemaElement{
				{AttributeName: aws.String(idx.PartitionKey), KeyType: types.KeyTypeHash},
				{AttributeName: aws.String(idx.SortKey), KeyType: types.KeyTypeRange},
			},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		})
	}
	in := &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: attrs,
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String(def.PartitionKey), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(def.SortKey), KeyType: types.KeyTypeRange},
		},
		GlobalSecondaryIndexes: gsis,
	}
	if stream {
		in.StreamSpecification = streamSpec()
	}
	_, err := db.CreateTable(ctx, in)
	var inUse *types.ResourceInUseException
	if err != nil && !errors.As(err, &inUse) {
		return fmt.Errorf("create table %s: %w", name, err)
	}
	if err != nil && stream {
		// A table made before the event outbox has no stream: turn it on.
		if err := enableStream(ctx, db, name); err != nil {
			return err
		}
	}
	waiter := dynamodb.NewTableExistsWaiter(db, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay = 50 * time.Millisecond
		o.MaxDelay = time.Second
	})
	if err := waiter.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, time.Minute); err != nil {
		return fmt.Errorf("wait for table %s: %w", name, err)
	}
	return nil
}

// streamSpec is the table's stream: the new image of every write, which the event relay reads
// for outbox items.
func streamSpec() *types.StreamSpecification {
	return &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewTypeNewImage}
}

func enableStream(ctx context.Context, db *dynamodb.Client, name string) error {
	out, err := db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		return fmt.Errorf("describe table %s: %w", name, err)
	}
	if spec := out.Table.StreamSpecification; spec != nil && aws.ToBool(spec.StreamEnabled) {
		return nil
	}
	if _, err := db.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String(name), StreamSpecification: streamSpec()}); err != nil {
		return fmt.Errorf("enable the stream of table %s: %w", name, err)
	}
	return nil
}

// StreamARN returns the ARN of the table's current stream, which the local event relay reads.
// A table without a stream is an Internal error.
func (s *Store) StreamARN(ctx context.Context) (string, error) {
	out, err := s.db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: &s.table})
	if err != nil {
		return "", fmt.Errorf("describe table %s: %w", s.table, err)
	}
	if out.Table.LatestStreamArn == nil {
		return "", apperr.Errorf(apperr.Internal, "table %s has no stream", s.table)
	}
	return *out.Table.LatestStreamArn, nil
}

// Table returns the name of the store's table.
func (s *Store) Table() string { return s.table }
