package stacks

import (
	"fmt"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2integrations"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/shared/runtime/route"
)

// Settings of every area function. The API Gateway integration gives up after 29 seconds; an
// API call that needs more than a few seconds belongs in an event-driven function instead.
const (
	areaMemoryMB       = 512
	areaTimeoutSeconds = 10
	areaLogRetention   = awslogs.RetentionDays_ONE_MONTH
)

// AreaFunctionProps configures NewAreaFunction.
type AreaFunctionProps struct {
	// Area is the API area the function serves: its name and its path prefixes.
	Area route.Area
	// Routes are the area's routes of the whole route table (route.RoutesOf), which depend on
	// the other areas' prefixes too; nil for the routes of Area alone.
	Routes []route.Route
	// Code is the function's deployment package: a directory or zip holding a "bootstrap"
	// executable for linux/arm64.
	Code awslambda.Code
	// API is the HTTP API the area's routes are added to.
	API awsapigatewayv2.IHttpApi
	// Authorizer guards every route of the area except its public operations.
	Authorizer awsapigatewayv2.IHttpRouteAuthorizer
	// Environment is the function's environment (table name, bus name, ...).
	Environment map[string]string
}

// AreaFunction is one API area deployed: a Go Lambda function on provided.al2023 (arm64), its
// log group, and the area's routes of the route table (route.Routes), all integrated with
// the function: two authorized routes per path prefix of the area ("ANY /p" and
// "ANY /p/{proxy+}", where p may have variable segments) and one route without authorizer per
// public operation. API Gateway picks the most specific route of a request, as the local
// gateway does from the same table, so a prefix of one area may sit below another's.
type AreaFunction struct {
	constructs.Construct
	// Function serves every route of the area.
	Function awslambda.Function
	// Routes are the area's authorized routes, two per prefix in the order of Area.Prefixes.
	Routes []awsapigatewayv2.HttpRoute
	// PublicRoutes are the routes of the area's public operations, in the order of
	// Area.Public. API Gateway prefers them to the greedy routes: a full match is more
	// specific than {proxy+}, and a method more specific than ANY.
	PublicRoutes []awsapigatewayv2.HttpRoute
}

// NewAreaFunction creates the function of one API area and its routes.
func NewAreaFunction(scope constructs.Construct, id string, props *AreaFunctionProps) *AreaFunction {
	c := constructs.NewConstruct(scope, &id)
	name := props.Area.Name

	fn := newGoFunction(c, goFunctionProps{
		Description: fmt.Sprintf("CXM API area %s", name),
		Code:        props.Code,
		MemoryMB:    areaMemoryMB,
		Environment: props.Environment,
	})

	// One invoke permission for the whole API rather than one per route keeps the function's
	// resource policy small however many prefixes an area grows.
	integration := awsapigatewayv2integrations.NewHttpLambdaIntegration(jsii.String(name+"Integration"), fn,
		&awsapigatewayv2integrations.HttpLambdaIntegrationProps{
			PayloadFormatVersion:   awsapigatewayv2.PayloadFormatVersion_VERSION_2_0(),
			ScopePermissionToRoute: jsii.Bool(false),
		})

	a := &AreaFunction{Construct: c, Function: fn}
	routes := props.Routes
	if routes == nil {
		routes = route.RoutesOf([]route.Area{props.Area}, name)
	}
	for _, rt := range routes {
		rp := &awsapigatewayv2.HttpRouteProps{
			HttpApi:     props.API,
			RouteKey:    awsapigatewayv2.HttpRouteKey_With(jsii.String(rt.Path), awsapigatewayv2.HttpMethod(rt.Method)),
			Integration: integration,
			Authorizer:  props.Authorizer,
		}
		if rt.Public {
			rp.Authorizer = awsapigatewayv2.NewHttpNoneAuthorizer()
			a.PublicRoutes = append(a.PublicRoutes, awsapigatewayv2.NewHttpRoute(c, jsii.String(routeID(rt)), rp))
			continue
		}
		a.Routes = append(a.Routes, awsapigatewayv2.NewHttpRoute(c, jsii.String(routeID(rt)), rp))
	}
	return a
}

// goFunctionProps configures newGoFunction.
type goFunctionProps struct {
	Description string
	Code        awslambda.Code
	MemoryMB    float64
	Environment map[string]string
	// TimeoutSeconds is the function's timeout; 0 for an area's.
	TimeoutSeconds float64
}

// newGoFunction creates a Go function on provided.al2023 (arm64) with JSON logs in a log group
// of its own, as scope's "Function" and "Logs".
func newGoFunction(scope constructs.Construct, props goFunctionProps) awslambda.Function {
	logs := awslogs.NewLogGroup(scope, jsii.String("Logs"), &awslogs.LogGroupProps{
		Retention:     areaLogRetention,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
	timeout := props.TimeoutSeconds
	if timeout == 0 {
		timeout = areaTimeoutSeconds
	}
	env := make(map[string]*string, len(props.Environment))
	for k, v := range props.Environment {
		env[k] = jsii.String(v)
	}
	return awslambda.NewFunction(scope, jsii.String("Function"), &awslambda.FunctionProps{
		Description:   jsii.String(props.Description),
		Runtime:       awslambda.Runtime_PROVIDED_AL2023(),
		Architecture:  awslambda.Architecture_ARM_64(),
		Handler:       jsii.String(BootstrapFile),
		Code:          props.Code,
		MemorySize:    jsii.Number(props.MemoryMB),
		Timeout:       awscdk.Duration_Seconds(jsii.Number(timeout)),
		Environment:   &env,
		LogGroup:      logs,
		LoggingFormat: awslambda.LoggingFormat_JSON,
	})
}

// RoutePaths returns the API Gateway route paths of an area's authorized routes in a table of
// its own (see route.Routes): each prefix itself and each prefix followed by a greedy path
// variable.
// API Gateway matches paths case-sensitively, so every spelling in the route table is a prefix
// of its own.
func RoutePaths(a route.Area) []string {
	var paths []string
	for _, rt := range route.RoutesOf([]route.Area{a}, a.Name) {
		if !rt.Public {
			paths = append(paths, rt.Path)
		}
	}
	return paths
}

// routeID names a route's construct after its key. Construct ids may not contain "/", and
// logical ids keep only letters and digits plus a hash of the full id, so spellings that differ
// only in case still get distinct logical ids.
func routeID(rt route.Route) string {
	if rt.Public {
		return "Public" + rt.Method + strings.ReplaceAll(rt.Path, "/", "_")
	}
	return rt.Method + strings.ReplaceAll(rt.Path, "/", "_")
}

// ValidateAreas reports a route table the HTTP API cannot be built from: an area named like
// the authorizer function, or a table route.Validate refuses (no areas, a bad prefix, the same
// paths served by two areas, a bad public operation, ...).
func ValidateAreas(areas []route.Area) error {
	for _, a := range areas {
		if a.Name == AuthorizerName {
			return fmt.Errorf("area %q has the name of the authorizer function", a.Name)
		}
	}
	return route.Validate(areas)
}
