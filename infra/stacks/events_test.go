package stacks_test

import (
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/infra/stacks"
)

// testConsumers is one consumer package with two consumers, as events/consumers lists them.
var testConsumers = []stacks.ConsumerFunction{{
	Name: "counters",
	Consumers: []stacks.ConsumerRule{
		{Name: "lead-counts", Types: []string{"LeadCreated", "LeadStatusChanged"}},
		{Name: "contact-counts", Types: []string{"ContactCreated"}},
	},
}}

func TestEventsStack(t *testing.T) {
	d := defaultDeployment(t)
	tests := []struct {
		typ   string
		count int
	}{
		{"AWS::Events::EventBus", 1},
		{"AWS::Scheduler::ScheduleGroup", 1},
	}
	for _, tt := range tests {
		countIs(t, d.events, tt.typ, tt.count)
	}
}

func TestEventFunctionsStack(t *testing.T) {
	d := defaultDeployment(t)
	counts := []struct {
		typ   string
		count int
	}{
		{"AWS::Lambda::Function", 2},           // the relay and one consumer package
		{"AWS::Lambda::EventSourceMapping", 1}, // the table's stream to the relay
		{"AWS::Events::Rule", 2},               // one per consumer
		{"AWS::SQS::Queue", 2},                 // dead letters of the relay and of the package
		{"AWS::Lambda::EventInvokeConfig", 1},  // the package's own retries
	}
	for _, tt := range counts {
		countIs(t, d.eventFns, tt.typ, tt.count)
	}
	props := []struct {
		name  string
		typ   string
		props map[string]any
	}{
		{"relay reads the stream, reports partial failures, dead-letters", "AWS::Lambda::EventSourceMapping", map[string]any{
			"StartingPosition":           "TRIM_HORIZON",
			"FunctionResponseTypes":      []any{"ReportBatchItemFailures"},
			"BisectBatchOnFunctionError": true,
			"MaximumRetryAttempts":       10,
			"DestinationConfig":          map[string]any{"OnFailure": map[string]any{"Destination": assertions.Match_AnyValue()}},
			"FilterCriteria": map[string]any{"Filters": []any{map[string]any{
				"Pattern": `{"dynamodb":{"NewImage":{"Type":{"S":["Outbox"]}}},"eventName":["INSERT"]}`,
			}}},
		}},
		{"relay knows the bus", "AWS::Lambda::Function", map[string]any{
			"Environment":   map[string]any{"Variables": map[string]any{"EVENT_BUS_NAME": assertions.Match_AnyValue()}},
			"Architectures": []any{"arm64"},
		}},
		{"rule of lead-counts", "AWS::Events::Rule", map[string]any{
			"EventPattern": map[string]any{"source": []any{"cxm"}, "detail-type": []any{"LeadCreated", "LeadStatusChanged"}},
			"Targets": []any{assertions.Match_ObjectLike(&map[string]any{
				"RetryPolicy":      map[string]any{"MaximumRetryAttempts": 185, "MaximumEventAgeInSeconds": 86400},
				"DeadLetterConfig": map[string]any{"Arn": assertions.Match_AnyValue()},
				"InputTransformer": map[string]any{"InputTemplate": assertions.Match_StringLikeRegexp(jsii.String(`"consumer":"lead-counts"`))},
			})},
		}},
		{"consumer function's own failures dead-lettered", "AWS::Lambda::EventInvokeConfig", map[string]any{
			"MaximumRetryAttempts": 2,
			"DestinationConfig":    map[string]any{"OnFailure": map[string]any{"Destination": assertions.Match_AnyValue()}},
		}},
		{"dead letters kept 14 days", "AWS::SQS::Queue", map[string]any{"MessageRetentionPeriod": 1209600}},
	}
	for _, tt := range props {
		t.Run(tt.name, func(t *testing.T) {
			mustNotPanic(t, tt.name, func() { d.eventFns.HasResourceProperties(jsii.String(tt.typ), tt.props) })
		})
	}
	// The consumer function reads and writes the table (its effects and processed marks).
	mustNotPanic(t, "consumer grants", func() {
		d.eventFns.HasResourceProperties(jsii.String("AWS::IAM::Policy"), map[string]any{
			"PolicyDocument": map[string]any{"Statement": assertions.Match_ArrayWith(&[]any{
				assertions.Match_ObjectLike(&map[string]any{"Action": assertions.Match_ArrayWith(&[]any{"dynamodb:PutItem"})}),
			})},
		})
	})
}
