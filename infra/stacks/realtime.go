package stacks

import (
	"slices"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2integrations"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// SocketFunctionName is the deployment package of the WebSocket API's routes (functions/socket).
const SocketFunctionName = "socket"

// EnvRealtimeEndpoint is the WebSocket stage's Management API endpoint the push consumers post
// to.
const EnvRealtimeEndpoint = "REALTIME_ENDPOINT"

// RealtimeStageName is the WebSocket API's stage.
const RealtimeStageName = "live"

// RealtimeConsumers are the consumer packages that post to browsers' connections.
var RealtimeConsumers = []string{"realtimepush"}

// RealtimeStackProps configures NewRealtimeStack. Every field is required.
type RealtimeStackProps struct {
	awscdk.StackProps
	// Code is the socket function's deployment package (SocketFunctionName).
	Code      awslambda.Code
	Table     awsdynamodb.ITable
	CursorKey awssecretsmanager.ISecret
}

// RealtimeStack is the WebSocket API of real-time delivery: browsers connect to its stage
// with their channel and token; the socket function checks them on $connect and keeps the
// connection registry; the push consumers post to the connections through the stage's
// Management API.
type RealtimeStack struct {
	awscdk.Stack
	API      awsapigatewayv2.WebSocketApi
	Stage    awsapigatewayv2.WebSocketStage
	Function awslambda.Function
}

// NewRealtimeStack creates the WebSocket API, its stage and the socket function behind its
// $connect, $disconnect and default routes.
func NewRealtimeStack(scope constructs.Construct, id string, props *RealtimeStackProps) *RealtimeStack {
	sp := props.StackProps
	if sp.Description == nil {
		sp.Description = jsii.String("CXM real-time delivery: the WebSocket API and its connection function")
	}
	stack := awscdk.NewStack(scope, &id, &sp)
	s := &RealtimeStack{Stack: stack}
	fnScope := constructs.NewConstruct(stack, jsii.String("Socket"))
	s.Function = newGoFunction(fnScope, goFunctionProps{
		Description: "The WebSocket API's $connect (channel token check), $disconnect and default routes",
		Code:        props.Code,
		MemoryMB:    256,
		Environment: map[string]string{
			EnvTableName:       *props.Table.TableName(),
			EnvCursorKeySecret: *props.CursorKey.SecretArn(),
		},
	})
	props.Table.GrantReadWriteData(s.Function)
	props.CursorKey.GrantRead(s.Function, nil)
	route := func(name string) *awsapigatewayv2.WebSocketRouteOptions {
		return &awsapigatewayv2.WebSocketRouteOptions{
			Integration: awsapigatewayv2integrations.NewWebSocketLambdaIntegration(jsii.String(name+"Integration"), s.Function, nil),
		}
	}
	s.API = awsapigatewayv2.NewWebSocketApi(stack, jsii.String("API"), &awsapigatewayv2.WebSocketApiProps{
		Description:            jsii.String("CXM live updates to open browsers"),
		ConnectRouteOptions:    route("Connect"),
		DisconnectRouteOptions: route("Disconnect"),
		DefaultRouteOptions:    route("Default"),
	})
	s.Stage = awsapigatewayv2.NewWebSocketStage(stack, jsii.String("Stage"), &awsapigatewayv2.WebSocketStageProps{
		WebSocketApi: s.API,
		StageName:    jsii.String(RealtimeStageName),
		AutoDeploy:   jsii.Bool(true),
	})
	return s
}

// grantPush lets fn post to the stage's connections and tells it the Management API endpoint,
// for a consumer package of RealtimeConsumers.
func (s *RealtimeStack) grantPush(pkg string, fn awslambda.Function) {
	if s == nil || !slices.Contains(RealtimeConsumers, pkg) {
		return
	}
	fn.AddEnvironment(jsii.String(EnvRealtimeEndpoint), s.Stage.CallbackUrl(), nil)
	s.Stage.GrantManagementApiAccess(fn)
}
