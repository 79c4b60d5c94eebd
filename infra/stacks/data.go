package stacks

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awskms"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/shared/runtime/tabledef"
)

// DataStackProps configures NewDataStack.
type DataStackProps struct {
	awscdk.StackProps
	// Table is the single table's definition; the deployed key schema and indexes are exactly
	// this value, so the code that reads the table and the table itself cannot drift apart.
	Table tabledef.Definition
	// Stream turns on the table's stream (new images), which carries the event outbox to the
	// relay; a deployment always turns it on.
	Stream bool
}

// DataStack holds the stateful storage of CXM. Every resource in it is retained when it leaves
// the stack, and the stack itself is protected against deletion.
type DataStack struct {
	awscdk.Stack
	// Table is the single DynamoDB table.
	Table awsdynamodb.Table
	// Bucket stores attachments and generated exports.
	Bucket awss3.Bucket
	// ContactKey encrypts sensitive contact fields (for example social security and licence
	// numbers) in the application before they are written to the table.
	ContactKey awskms.Key
	// CursorKey is the secret that signs pagination cursors; every function reads it at start.
	CursorKey awssecretsmanager.Secret
	// IssuerKey signs CXM's own access tokens (impersonation and embedded partners). It is an
	// asymmetric key (RSA_2048, SIGN_VERIFY): the private key never leaves KMS, and the token
	// service publishes the public key as its JWKS. Replacing it would invalidate every token
	// it signed, so it is retained like the rest of the stack.
	IssuerKey awskms.Key
}

// NewDataStack creates the table, the attachments bucket, the contact-field key, the cursor
// signing secret and the token signing key.
func NewDataStack(scope constructs.Construct, id string, props *DataStackProps) *DataStack {
	sp := props.StackProps
	sp.TerminationProtection = jsii.Bool(true)
	if sp.Description == nil {
		sp.Description = jsii.String("CXM data: single DynamoDB table, attachments bucket, contact-field key, token signing key")
	}
	stack := awscdk.NewStack(scope, &id, &sp)

	s := &DataStack{
		Stack:  stack,
		Table:  newTable(stack, "Table", props.Table, props.Stream),
		Bucket: newAttachmentsBucket(stack, "Attachments"),
		ContactKey: awskms.NewKey(stack, jsii.String("ContactKey"), &awskms.KeyProps{
			Description:       jsii.String("CXM sensitive contact fields"),
			EnableKeyRotation: jsii.Bool(true),
			RemovalPolicy:     awscdk.RemovalPolicy_RETAIN,
		}),
		CursorKey: awssecretsmanager.NewSecret(stack, jsii.String("CursorKey"), &awssecretsmanager.SecretProps{
			Description: jsii.String("CXM pagination cursor signing key"),
			GenerateSecretString: &awssecretsmanager.SecretStringGenerator{
				PasswordLength:     jsii.Number(64),
				ExcludePunctuation: jsii.Bool(true),
			},
			RemovalPolicy: awscdk.RemovalPolicy_RETAIN,
		}),
		// KMS does not rotate asymmetric keys.
		IssuerKey: awskms.NewKey(stack, jsii.String("IssuerKey"), &awskms.KeyProps{
			Description:   jsii.String("CXM token issuer signing key"),
			KeySpec:       awskms.KeySpec_RSA_2048,
			KeyUsage:      awskms.KeyUsage_SIGN_VERIFY,
			RemovalPolicy: awscdk.RemovalPolicy_RETAIN,
		}),
	}

	awscdk.NewCfnOutput(stack, jsii.String("TableName"), &awscdk.CfnOutputProps{Value: s.Table.TableName()})
	awscdk.NewCfnOutput(stack, jsii.String("BucketName"), &awscdk.CfnOutputProps{Value: s.Bucket.BucketName()})
	return s
}

// newTable builds the DynamoDB table from def. Every key attribute is a string and every index
// projects all attributes, as tabledef documents.
func newTable(scope constructs.Construct, id string, def tabledef.Definition, stream bool) awsdynamodb.Table {
	props := &awsdynamodb.TableProps{
		PartitionKey: stringAttribute(def.PartitionKey),
		SortKey:      stringAttribute(def.SortKey),
		BillingMode:  awsdynamodb.BillingMode_PAY_PER_REQUEST,
		PointInTimeRecoverySpecification: &awsdynamodb.PointInTimeRecoverySpecification{
			PointInTimeRecoveryEnabled: jsii.Bool(true),
		},
		DeletionProtection: jsii.Bool(true),
		RemovalPolicy:      awscdk.RemovalPolicy_RETAIN,
	}
	if def.TTLAttribute != "" {
		props.TimeToLiveAttribute = jsii.String(def.TTLAttribute)
	}
	if stream {
		props.Stream = awsdynamodb.StreamViewType_NEW_IMAGE
	}
	table := awsdynamodb.NewTable(scope, &id, props)
	for _, ix := range def.Indexes {
		table.AddGlobalSecondaryIndex(&awsdynamodb.GlobalSecondaryIndexProps{
			IndexName:      jsii.String(ix.Name),
			PartitionKey:   stringAttribute(ix.PartitionKey),
			SortKey:        stringAttribute(ix.SortKey),
			ProjectionType: awsdynamodb.ProjectionType_ALL,
		})
	}
	return table
}

// stringAttribute returns a string key attribute, or nil for an unused (empty) key name.
func stringAttribute(name string) *awsdynamodb.Attribute {
	if name == "" {
		return nil
	}
	return &awsdynamodb.Attribute{Name: jsii.String(name), Type: awsdynamodb.AttributeType_STRING}
}

// newAttachmentsBucket builds a private, encrypted, versioned bucket that refuses plain HTTP.
// Browsers PUT large e-mail attachments to it through presigned links (whose signature, Content-
// Length included, is the credential), so it answers cross-origin PUTs.
func newAttachmentsBucket(scope constructs.Construct, id string) awss3.Bucket {
	return awss3.NewBucket(scope, &id, &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		EnforceSSL:        jsii.Bool(true),
		ObjectOwnership:   awss3.ObjectOwnership_BUCKET_OWNER_ENFORCED,
		Versioned:         jsii.Bool(true),
		RemovalPolicy:     awscdk.RemovalPolicy_RETAIN,
		Cors: &[]*awss3.CorsRule{{
			AllowedMethods: &[]awss3.HttpMethods{awss3.HttpMethods_PUT},
			AllowedOrigins: jsii.Strings("*"),
			AllowedHeaders: jsii.Strings("content-type", "content-length"),
			MaxAge:         jsii.Number(3000),
		}},
		LifecycleRules: &[]*awss3.LifecycleRule{{
			AbortIncompleteMultipartUploadAfter: awscdk.Duration_Days(jsii.Number(1)),
			NoncurrentVersionExpiration:         awscdk.Duration_Days(jsii.Number(30)),
		}},
	})
}
