package stacks_test

import (
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/infra/stacks"
)

func TestTimersStack(t *testing.T) {
	d := defaultDeployment(t)
	tests := []struct {
		typ   string
		count int
	}{
		{"AWS::Lambda::Function", 1},
		{"AWS::Scheduler::Schedule", 1},
	}
	for _, tt := range tests {
		countIs(t, d.timers, tt.typ, tt.count)
	}
	checks := []struct {
		name  string
		typ   string
		props map[string]any
	}{
		{"every minute, no retries, in the events stack's group", "AWS::Scheduler::Schedule", map[string]any{
			"ScheduleExpression": "rate(1 minute)",
			"State":              "ENABLED",
			"GroupName":          assertions.Match_AnyValue(),
			"Target": assertions.Match_ObjectLike(&map[string]any{
				"RetryPolicy": map[string]any{"MaximumRetryAttempts": 0},
			}),
		}},
		{"the timer function on arm64 with the table, bus and cursor key", "AWS::Lambda::Function", map[string]any{
			"Runtime":       "provided.al2023",
			"Architectures": []any{"arm64"},
			"Timeout":       75,
			"Environment": map[string]any{"Variables": assertions.Match_ObjectLike(&map[string]any{
				stacks.EnvTableName:       assertions.Match_AnyValue(),
				stacks.EnvEventBusName:    assertions.Match_AnyValue(),
				stacks.EnvCursorKeySecret: assertions.Match_AnyValue(),
			})},
		}},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			mustNotPanic(t, c.name, func() {
				d.timers.HasResourceProperties(jsii.String(c.typ), c.props)
			})
		})
	}
	// The schedule may invoke the function, and the function may write the table.
	mustNotPanic(t, "the function writes the table", func() {
		d.timers.HasResourceProperties(jsii.String("AWS::IAM::Policy"), map[string]any{
			"PolicyDocument": map[string]any{"Statement": assertions.Match_ArrayWith(&[]any{
				assertions.Match_ObjectLike(&map[string]any{"Action": assertions.Match_ArrayWith(&[]any{"dynamodb:PutItem"})}),
			})},
		})
	})
	mustNotPanic(t, "the schedule's role invokes the function", func() {
		d.timers.HasResourceProperties(jsii.String("AWS::IAM::Policy"), map[string]any{
			"PolicyDocument": map[string]any{"Statement": assertions.Match_ArrayWith(&[]any{
				assertions.Match_ObjectLike(&map[string]any{"Action": "lambda:InvokeFunction"}),
			})},
		})
	})
}
