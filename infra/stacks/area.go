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

	"github.com/cxm/cxm/shared/route"
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
	// Code is the function's deployment package: a directory or zip holding a "bootstrap"
	// executable for linux/arm64.
	Code awslambda.Code
	// API is the HTTP API the area's routes are added to.
	API awsapigatewayv2.IHttpApi
	// Authorizer guards every route of the area.
	Authorizer awsapigatewayv2.IHttpRouteAuthorizer
	// Environment is the function's environment (table name, bus name, ...).
	Environment map[string]string
}

// AreaFunction is one API area deployed: a Go Lambda function on provided.al2023 (arm64), its
// log group, and two authorized routes per path prefix of the area ("ANY /p" and
// "ANY /p/{proxy+}") integrated with the function.
type AreaFunction struct {
	constructs.Construct
	// Function serves every route of the area.
	Function awslambda.Function
	// Routes are the area's routes, two per prefix in the order of Area.Prefixes.
	Routes []awsapigatewayv2.HttpRoute
}

// NewAreaFunction creates the function of one API area and its routes.
func NewAreaFunction(scope constructs.Construct, id string, props *AreaFunctionProps) *AreaFunction {
	c := constructs.NewConstruct(scope, &id)
	name := props.Area.Name

	logs := awslogs.NewLogGroup(c, jsii.String("Logs"), &awslogs.LogGroupProps{
		Retention:     areaLogRetention,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
	env := make(map[string]*string, len(props.Environment))
	for k, v := range props.Environment {
		env[k] = jsii.String(v)
	}
	fn := awslambda.NewFunction(c, jsii.String("Function"), &awslambda.FunctionProps{
		Description:   jsii.String(fmt.Sprintf("CXM API area %s", name)),
		Runtime:       awslambda.Runtime_PROVIDED_AL2023(),
		Architecture:  awslambda.Architecture_ARM_64(),
		Handler:       jsii.String("bootstrap"),
		Code:          props.Code,
		MemorySize:    jsii.Number(areaMemoryMB),
		Timeout:       awscdk.Duration_Seconds(jsii.Number(areaTimeoutSeconds)),
		Environment:   &env,
		LogGroup:      logs,
		LoggingFormat: awslambda.LoggingFormat_JSON,
	})

	// One invoke permission for the whole API rather than one per route keeps the function's
	// resource policy small however many prefixes an area grows.
	integration := awsapigatewayv2integrations.NewHttpLambdaIntegration(jsii.String(name+"Integration"), fn,
		&awsapigatewayv2integrations.HttpLambdaIntegrationProps{
			PayloadFormatVersion:   awsapigatewayv2.PayloadFormatVersion_VERSION_2_0(),
			ScopePermissionToRoute: jsii.Bool(false),
		})

	a := &AreaFunction{Construct: c, Function: fn}
	for _, path := range RoutePaths(props.Area) {
		r := awsapigatewayv2.NewHttpRoute(c, jsii.String(routeID(path)), &awsapigatewayv2.HttpRouteProps{
			HttpApi:     props.API,
			RouteKey:    awsapigatewayv2.HttpRouteKey_With(jsii.String(path), awsapigatewayv2.HttpMethod_ANY),
			Integration: integration,
			Authorizer:  props.Authorizer,
		})
		a.Routes = append(a.Routes, r)
	}
	return a
}

// RoutePaths returns the API Gateway route paths of an area: each prefix itself and each prefix
// followed by a greedy path variable. API Gateway matches paths case-sensitively, so every
// spelling in the route table is a prefix of its own.
func RoutePaths(a route.Area) []string {
	paths := make([]string, 0, 2*len(a.Prefixes))
	for _, p := range a.Prefixes {
		paths = append(paths, p, p+"/{proxy+}")
	}
	return paths
}

// routeID names a route's construct after its path. Construct ids may not contain "/", and
// logical ids keep only letters and digits plus a hash of the full id, so spellings that differ
// only in case still get distinct logical ids.
func routeID(path string) string {
	return "ANY" + strings.ReplaceAll(path, "/", "_")
}

// ValidateAreas reports a route table the HTTP API cannot be built from: no areas, an area
// without a name or without prefixes, duplicate area names, a prefix that does not start with
// "/" or ends with "/", or the same prefix served by two areas.
func ValidateAreas(areas []route.Area) error {
	if len(areas) == 0 {
		return fmt.Errorf("route table has no areas")
	}
	names := make(map[string]bool, len(areas))
	owner := make(map[string]string)
	for _, a := range areas {
		if a.Name == "" {
			return fmt.Errorf("route table has an area without a name")
		}
		if names[a.Name] {
			return fmt.Errorf("area %q appears twice in the route table", a.Name)
		}
		names[a.Name] = true
		if len(a.Prefixes) == 0 {
			return fmt.Errorf("area %q has no prefixes", a.Name)
		}
		for _, p := range a.Prefixes {
			if !strings.HasPrefix(p, "/") || len(p) < 2 || strings.HasSuffix(p, "/") {
				return fmt.Errorf("area %q: prefix %q must start with / and not end with /", a.Name, p)
			}
			if other, ok := owner[p]; ok {
				return fmt.Errorf("prefix %q is served by areas %q and %q", p, other, a.Name)
			}
			owner[p] = a.Name
		}
	}
	return nil
}
