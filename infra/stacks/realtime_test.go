package stacks_test

import (
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/infra/stacks"
	"github.com/cxm/cxm/shared/runtime/route"
)

func TestRealtimeStack(t *testing.T) {
	d := defaultDeployment(t)
	tests := []struct {
		typ   string
		count int
	}{
		{"AWS::ApiGatewayV2::Api", 1},
		{"AWS::ApiGatewayV2::Stage", 1},
		{"AWS::ApiGatewayV2::Route", 3},
		{"AWS::Lambda::Function", 1},
	}
	for _, tt := range tests {
		countIs(t, d.realtime, tt.typ, tt.count)
	}
	checks := []struct {
		name  string
		typ   string
		props map[string]any
	}{
		{"a WebSocket API routing on the action", "AWS::ApiGatewayV2::Api", map[string]any{
			"ProtocolType":             "WEBSOCKET",
			"RouteSelectionExpression": "$request.body.action",
		}},
		{"the $connect route", "AWS::ApiGatewayV2::Route", map[string]any{"RouteKey": "$connect"}},
		{"the $disconnect route", "AWS::ApiGatewayV2::Route", map[string]any{"RouteKey": "$disconnect"}},
		{"the default route", "AWS::ApiGatewayV2::Route", map[string]any{"RouteKey": "$default"}},
		{"the live stage, deployed on every change", "AWS::ApiGatewayV2::Stage", map[string]any{
			"StageName":  stacks.RealtimeStageName,
			"AutoDeploy": true,
		}},
		{"the socket function on arm64 with the table and cursor key", "AWS::Lambda::Function", map[string]any{
			"Runtime":       "provided.al2023",
			"Architectures": []any{"arm64"},
			"Environment": map[string]any{"Variables": obj(map[string]any{
				stacks.EnvTableName:       assertions.Match_AnyValue(),
				stacks.EnvCursorKeySecret: assertions.Match_AnyValue(),
			})},
		}},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			mustNotPanic(t, c.name, func() {
				d.realtime.HasResourceProperties(jsii.String(c.typ), c.props)
			})
		})
	}
	mustNotPanic(t, "the socket function writes the connection registry", func() {
		d.realtime.HasResourceProperties(jsii.String("AWS::IAM::Policy"), map[string]any{
			"PolicyDocument": map[string]any{"Statement": arrayWith(obj(map[string]any{"Action": arrayWith("dynamodb:PutItem")}))},
		})
	})
	mustNotPanic(t, "API Gateway may invoke the socket function", func() {
		d.realtime.HasResourceProperties(jsii.String("AWS::Lambda::Permission"), map[string]any{
			"Action":    "lambda:InvokeFunction",
			"Principal": "apigateway.amazonaws.com",
		})
	})
}

// TestPushConsumers checks that only the push consumers' function posts to connections.
func TestPushConsumers(t *testing.T) {
	d := newDeployment(t, stacks.Props{Areas: route.Table(), Consumers: []stacks.ConsumerFunction{
		{Name: "realtimepush", Consumers: []stacks.ConsumerRule{{Name: "push-chat", Types: []string{"ChatMessageSent"}}}},
		{Name: "counters", Consumers: []stacks.ConsumerRule{{Name: "lead-counts", Types: []string{"LeadCreated"}}}},
	}})
	withEndpoint := 0
	for _, r := range resources(d.eventFns, "AWS::Lambda::Function") {
		env, _ := properties(r)["Environment"].(map[string]any)
		vars, _ := env["Variables"].(map[string]any)
		if _, ok := vars[stacks.EnvRealtimeEndpoint]; ok {
			withEndpoint++
		}
	}
	if withEndpoint != 1 {
		t.Errorf("%d functions have %s, want 1 (the push consumers')", withEndpoint, stacks.EnvRealtimeEndpoint)
	}
	mustNotPanic(t, "the push consumers may manage connections", func() {
		d.eventFns.HasResourceProperties(jsii.String("AWS::IAM::Policy"), map[string]any{
			"PolicyDocument": map[string]any{"Statement": arrayWith(obj(map[string]any{"Action": "execute-api:ManageConnections"}))},
		})
	})
}
