package stacks

import (
	"fmt"
	"slices"
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
// log group, two authorized routes per path prefix of the area ("ANY /p" and
// "ANY /p/{proxy+}") and one route without authorizer per public operation of the area, all
// integrated with the function.
type AreaFunction struct {
	constructs.Construct
	// Function serves every route of the area.
	Function awslambda.Function
	// Routes are the area's authorized routes, two per prefix in the order of Area.Prefixes.
	Routes []awsapigatewayv2.HttpRoute
	// PublicRoutes are the routes of the area's public operations, in the order of
	// Area.Public. API Gateway prefers them to the greedy routes: a literal path is more
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
	for _, path := range RoutePaths(props.Area) {
		r := awsapigatewayv2.NewHttpRoute(c, jsii.String(routeID(path)), &awsapigatewayv2.HttpRouteProps{
			HttpApi:     props.API,
			RouteKey:    awsapigatewayv2.HttpRouteKey_With(jsii.String(path), awsapigatewayv2.HttpMethod_ANY),
			Integration: integration,
			Authorizer:  props.Authorizer,
		})
		a.Routes = append(a.Routes, r)
	}
	for _, op := range props.Area.Public {
		method, path, _ := strings.Cut(op, " ")
		r := awsapigatewayv2.NewHttpRoute(c, jsii.String("Public"+method+strings.ReplaceAll(path, "/", "_")), &awsapigatewayv2.HttpRouteProps{
			HttpApi:     props.API,
			RouteKey:    awsapigatewayv2.HttpRouteKey_With(jsii.String(path), awsapigatewayv2.HttpMethod(method)),
			Integration: integration,
			Authorizer:  awsapigatewayv2.NewHttpNoneAuthorizer(),
		})
		a.PublicRoutes = append(a.PublicRoutes, r)
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
// without a name or without prefixes, duplicate area names, an area named like the authorizer
// function, a prefix that does not start with "/" or ends with "/", the same prefix served by
// two areas, or a public operation that is not "METHOD /literal/path" under one of its area's
// prefixes (matched case-sensitively, as API Gateway matches), or is listed twice.
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
		if a.Name == AuthorizerName {
			return fmt.Errorf("area %q has the name of the authorizer function", a.Name)
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
		if err := validatePublic(a); err != nil {
			return err
		}
	}
	return nil
}

// publicMethod reports whether a public operation may use method. OPTIONS is left to the API's
// CORS preflight handling, and ANY would make the operation's every method public.
func publicMethod(method string) bool {
	switch method {
	case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE":
		return true
	}
	return false
}

// validatePublic checks the public operations of one area (see ValidateAreas).
func validatePublic(a route.Area) error {
	seen := make(map[string]bool, len(a.Public))
	for _, op := range a.Public {
		method, path, ok := strings.Cut(op, " ")
		if !ok || !publicMethod(method) {
			return fmt.Errorf("area %q: public operation %q must be \"METHOD /path\" with GET, HEAD, POST, PUT, PATCH or DELETE", a.Name, op)
		}
		if strings.ContainsAny(path, "{} ") || strings.HasSuffix(path, "/") {
			return fmt.Errorf("area %q: public operation %q must have a literal path without a trailing slash", a.Name, op)
		}
		under := slices.ContainsFunc(a.Prefixes, func(p string) bool {
			return path == p || strings.HasPrefix(path, p+"/")
		})
		if !under {
			return fmt.Errorf("area %q: public operation %q is not under the area's prefixes", a.Name, op)
		}
		if seen[op] {
			return fmt.Errorf("area %q: public operation %q appears twice", a.Name, op)
		}
		seen[op] = true
	}
	return nil
}
