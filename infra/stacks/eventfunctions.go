package stacks

import (
	"slices"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awseventstargets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awskms"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambdadestinations"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambdaeventsources"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// RelayFunction is the name of the event relay's deployment package (events/relay).
const RelayFunction = "event-relay"

// MailConsumers are the event packages that send e-mail for a store (the workflow engine's
// automated tasks): they may send through SES and read the stores' provider secrets, where a
// store's sender identity is kept.
var MailConsumers = []string{"workflows"}

// EventFunctionName returns the deployment package name of the consumer package name
// (events/<name>).
func EventFunctionName(name string) string { return "event-" + name }

// Delivery settings: how hard the stream and EventBridge try before a record or an event goes
// to a dead-letter queue, where it is kept for the longest time SQS allows.
const (
	relayRetryAttempts    = 10
	relayBatchSize        = 100
	consumerRetryAttempts = 185
	consumerMaxEventAge   = 24 // hours
	deadLetterRetention   = 14 // days
)

// ConsumerRule is one event consumer: its name and the event types its rule matches.
type ConsumerRule struct {
	Name  string
	Types []string
}

// ConsumerFunction is one consumer package: one Lambda function for its consumers.
type ConsumerFunction struct {
	// Name is the package's folder under events/.
	Name      string
	Consumers []ConsumerRule
}

// EventFunctionsStackProps configures NewEventFunctionsStack. Every field is required.
type EventFunctionsStackProps struct {
	awscdk.StackProps
	// Code returns a deployment package by name (RelayFunction, EventFunctionName(...)).
	Code func(name string) awslambda.Code
	// Table is the single table; its stream feeds the relay.
	Table      awsdynamodb.ITable
	Bus        awsevents.IEventBus
	Bucket     awss3.IBucket
	ContactKey awskms.IKey
	CursorKey  awssecretsmanager.ISecret
	// Consumers are the consumer packages of events/consumers.
	Consumers []ConsumerFunction
	// Realtime is the WebSocket API the packages of RealtimeConsumers post to.
	Realtime *RealtimeStack
}

// EventFunctionsStack holds the event relay and the consumer functions.
type EventFunctionsStack struct {
	awscdk.Stack
	// Relay puts the outbox items of the table's stream on the bus.
	Relay awslambda.Function
	// RelayDeadLetters keeps the stream records the relay failed to put on the bus.
	RelayDeadLetters awssqs.Queue
	// Consumers are the consumer functions by package name.
	Consumers map[string]awslambda.Function
	// DeadLetters keeps, per consumer package, the events its function failed to handle.
	DeadLetters map[string]awssqs.Queue
}

// NewEventFunctionsStack creates the relay on the table's stream and, per consumer package, a
// function, an EventBridge rule per consumer matching its event types, with retries and a
// dead-letter queue.
func NewEventFunctionsStack(scope constructs.Construct, id string, props *EventFunctionsStackProps) *EventFunctionsStack {
	sp := props.StackProps
	if sp.Description == nil {
		sp.Description = jsii.String("CXM event functions: the outbox relay and the event consumers")
	}
	stack := awscdk.NewStack(scope, &id, &sp)
	s := &EventFunctionsStack{Stack: stack, Consumers: map[string]awslambda.Function{}, DeadLetters: map[string]awssqs.Queue{}}

	relay := constructs.NewConstruct(stack, jsii.String("Relay"))
	s.RelayDeadLetters = deadLetterQueue(relay)
	s.Relay = newGoFunction(relay, goFunctionProps{
		Description: "Puts the outbox items of the table's stream on the event bus",
		Code:        props.Code(RelayFunction),
		MemoryMB:    256,
		Environment: map[string]string{EnvEventBusName: *props.Bus.EventBusName()},
	})
	props.Bus.GrantPutEventsTo(s.Relay, nil)
	s.Relay.AddEventSource(awslambdaeventsources.NewDynamoEventSource(props.Table, &awslambdaeventsources.DynamoEventSourceProps{
		StartingPosition:        awslambda.StartingPosition_TRIM_HORIZON,
		BatchSize:               jsii.Number(relayBatchSize),
		ReportBatchItemFailures: jsii.Bool(true),
		BisectBatchOnError:      jsii.Bool(true),
		RetryAttempts:           jsii.Number(relayRetryAttempts),
		OnFailure:               awslambdaeventsources.NewSqsDlq(s.RelayDeadLetters),
		// Only inserted outbox items invoke the relay, not every write of the table.
		Filters: &[]*map[string]interface{}{
			awslambda.FilterCriteria_Filter(&map[string]interface{}{
				"eventName": awslambda.FilterRule_IsEqual(jsii.String("INSERT")),
				"dynamodb": map[string]interface{}{
					"NewImage": map[string]interface{}{
						"Type": map[string]interface{}{"S": awslambda.FilterRule_IsEqual(jsii.String("Outbox"))},
					},
				},
			}),
		},
	}))

	env := map[string]string{
		EnvTableName:       *props.Table.TableName(),
		EnvBucketName:      *props.Bucket.BucketName(),
		EnvContactKeyID:    *props.ContactKey.KeyArn(),
		EnvEventBusName:    *props.Bus.EventBusName(),
		EnvCursorKeySecret: *props.CursorKey.SecretArn(),
	}
	for _, pkg := range props.Consumers {
		c := constructs.NewConstruct(stack, jsii.String("Consumer-"+pkg.Name))
		dlq := deadLetterQueue(c)
		fn := newGoFunction(c, goFunctionProps{
			Description: "Event consumers of events/" + pkg.Name,
			Code:        props.Code(EventFunctionName(pkg.Name)),
			MemoryMB:    256,
			Environment: env,
		})
		// EventBridge invokes asynchronously: its retries and dead-letter queue cover failed
		// invocations, and these the handler's own errors.
		fn.ConfigureAsyncInvoke(&awslambda.EventInvokeConfigOptions{
			RetryAttempts: jsii.Number(2),
			MaxEventAge:   awscdk.Duration_Hours(jsii.Number(6)),
			OnFailure:     awslambdadestinations.NewSqsDestination(dlq),
		})
		props.Table.GrantReadWriteData(fn)
		props.Bucket.GrantReadWrite(fn, nil)
		props.ContactKey.GrantEncryptDecrypt(fn)
		props.CursorKey.GrantRead(fn, nil)
		props.Bus.GrantPutEventsTo(fn, nil)
		if slices.Contains(MailConsumers, pkg.Name) {
			fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
				Actions: jsii.Strings("secretsmanager:GetSecretValue"),
				Resources: jsii.Strings(*stack.FormatArn(&awscdk.ArnComponents{
					Service: jsii.String("secretsmanager"), Resource: jsii.String("secret"),
					ResourceName: jsii.String(ProviderSecretPrefix + "*"), ArnFormat: awscdk.ArnFormat_COLON_RESOURCE_NAME,
				})),
			}))
			fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
				Actions: jsii.Strings("ses:SendEmail"),
				Resources: jsii.Strings(
					*stack.FormatArn(&awscdk.ArnComponents{Service: jsii.String("ses"), Resource: jsii.String("identity"), ResourceName: jsii.String("*")}),
					*stack.FormatArn(&awscdk.ArnComponents{Service: jsii.String("ses"), Resource: jsii.String("configuration-set"), ResourceName: jsii.String("*")}),
				),
			}))
		}
		props.Realtime.grantPush(pkg.Name, fn)
		if slices.Contains(MailConsumers, pkg.Name) {
			// Automated workflow tasks text customers too.
			fn.AddToRolePolicy(smsSendPolicy(stack))
		}
		for _, rule := range pkg.Consumers {
			// The target names the consumer, so the function runs that consumer's handler only.
			awsevents.NewRule(c, jsii.String("Rule-"+rule.Name), &awsevents.RuleProps{
				EventBus:    props.Bus,
				Description: jsii.String("Events of consumer " + rule.Name),
				EventPattern: &awsevents.EventPattern{
					Source:     jsii.Strings("cxm"),
					DetailType: jsii.Strings(rule.Types...),
				},
				Targets: &[]awsevents.IRuleTarget{
					awseventstargets.NewLambdaFunction(fn, &awseventstargets.LambdaFunctionProps{
						Event: awsevents.RuleTargetInput_FromObject(map[string]interface{}{
							"consumer": rule.Name,
							"event":    awsevents.EventField_FromPath(jsii.String("$")),
						}),
						RetryAttempts:   jsii.Number(consumerRetryAttempts),
						MaxEventAge:     awscdk.Duration_Hours(jsii.Number(consumerMaxEventAge)),
						DeadLetterQueue: dlq,
					}),
				},
			})
		}
		s.Consumers[pkg.Name] = fn
		s.DeadLetters[pkg.Name] = dlq
	}
	return s
}

// deadLetterQueue creates scope's encrypted dead-letter queue, kept for 14 days.
func deadLetterQueue(scope constructs.Construct) awssqs.Queue {
	return awssqs.NewQueue(scope, jsii.String("DeadLetters"), &awssqs.QueueProps{
		RetentionPeriod: awscdk.Duration_Days(jsii.Number(deadLetterRetention)),
		Encryption:      awssqs.QueueEncryption_SQS_MANAGED,
		EnforceSSL:      jsii.Bool(true),
	})
}
