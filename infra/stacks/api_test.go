package stacks_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/infra/stacks"
	"github.com/cxm/cxm/shared/route"
)

// areaRuntime is the runtime of area functions; functions CDK adds for its own purposes
// use other runtimes and are not counted.
var areaRuntime = map[string]any{"Properties": map[string]any{"Runtime": "provided.al2023"}}

func TestOneFunctionPerArea(t *testing.T) {
	d := defaultDeployment(t)
	areas := route.Table()
	fns := *d.api.FindResources(jsii.String("AWS::Lambda::Function"), areaRuntime)
	if got, want := len(fns), len(areas); got != want {
		t.Fatalf("%d provided.al2023 functions, want one per area (%d)", got, want)
	}
	byDescription := map[string]bool{}
	for id, r := range fns {
		p := properties(*r)
		for key, want := range map[string]any{
			"Handler":    "bootstrap",
			"MemorySize": float64(512),
			"Timeout":    float64(10),
		} {
			if got := p[key]; got != want {
				t.Errorf("%s %s = %v, want %v", id, key, got, want)
			}
		}
		if got, want := fmt.Sprint(p["Architectures"]), "[arm64]"; got != want {
			t.Errorf("%s Architectures = %v, want %v", id, got, want)
		}
		desc, _ := p["Description"].(string)
		byDescription[desc] = true
	}
	for _, a := range areas {
		if !byDescription["CXM API area "+a.Name] {
			t.Errorf("no function for area %q", a.Name)
		}
	}
}

func TestFunctionEnvironment(t *testing.T) {
	d := defaultDeployment(t)
	vars := assertions.NewCapture(nil)
	mustNotPanic(t, "environment", func() {
		d.api.HasResourceProperties(jsii.String("AWS::Lambda::Function"), map[string]any{
			"Runtime":     "provided.al2023",
			"Environment": map[string]any{"Variables": vars},
		})
	})
	want := []string{
		stacks.EnvTableName, stacks.EnvBucketName, stacks.EnvContactKeyID,
		stacks.EnvEventBusName, stacks.EnvUserPoolID, stacks.EnvUserPoolClientID, stacks.EnvCursorKeySecret,
	}
	n := 0
	for more := true; more; more = *vars.Next() {
		got := *vars.AsObject()
		for _, name := range want {
			if got[name] == nil {
				t.Errorf("function environment lacks %s: %v", name, got)
			}
		}
		n++
	}
	if got, want := n, len(route.Table()); got != want {
		t.Errorf("captured %d environments, want %d", got, want)
	}

	// The table name is the data stack's, imported across stacks.
	mustNotPanic(t, "TABLE_NAME import", func() {
		d.api.HasResourceProperties(jsii.String("AWS::Lambda::Function"), map[string]any{
			"Environment": obj(map[string]any{"Variables": obj(map[string]any{
				stacks.EnvTableName: obj(map[string]any{"Fn::ImportValue": assertions.Match_AnyValue()}),
			})}),
		})
	})
}

func TestFunctionGrants(t *testing.T) {
	d := defaultDeployment(t)
	want := []string{
		"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem",
		"dynamodb:Query", "dynamodb:BatchWriteItem", "dynamodb:ConditionCheckItem",
		"s3:PutObject", "s3:GetObject*",
		"kms:Encrypt", "kms:Decrypt", "kms:GenerateDataKey*",
		"events:PutEvents",
	}
	policies := resources(d.api, "AWS::IAM::Policy")
	if got, want := len(policies), len(route.Table()); got != want {
		t.Errorf("%d IAM policies, want one per area (%d)", got, want)
	}
	for id, r := range policies {
		actions := map[string]bool{}
		doc, _ := properties(r)["PolicyDocument"].(map[string]any)
		stmts, _ := doc["Statement"].([]any)
		for _, s := range stmts {
			s := s.(map[string]any)
			if s["Resource"] == "*" && s["Effect"] == "Allow" {
				t.Errorf("%s allows %v on every resource", id, s["Action"])
			}
			switch a := s["Action"].(type) {
			case string:
				actions[a] = true
			case []any:
				for _, x := range a {
					actions[fmt.Sprint(x)] = true
				}
			}
		}
		for _, a := range want {
			if !actions[a] {
				t.Errorf("%s does not grant %s", id, a)
			}
		}
		if actions["*"] {
			t.Errorf("%s grants every action", id)
		}
	}
	for id, r := range resources(d.api, "AWS::IAM::Role") {
		arns, _ := json.Marshal(properties(r)["ManagedPolicyArns"])
		if s := string(arns); strings.Count(s, "arn:") != 1 || !strings.Contains(s, "AWSLambdaBasicExecutionRole") {
			t.Errorf("%s managed policies = %s, want only AWSLambdaBasicExecutionRole", id, s)
		}
	}
}

func TestEveryRouteAuthorized(t *testing.T) {
	d := defaultDeployment(t)
	routes := resources(d.api, "AWS::ApiGatewayV2::Route")
	want := 0
	for _, a := range route.Table() {
		want += 2 * len(a.Prefixes)
	}
	if got := len(routes); got != want {
		t.Errorf("%d routes, want %d (two per prefix)", got, want)
	}
	for id, r := range routes {
		p := properties(r)
		if got, want := p["AuthorizationType"], "JWT"; got != want {
			t.Errorf("%s (%v) AuthorizationType = %v, want %v", id, p["RouteKey"], got, want)
		}
		if p["AuthorizerId"] == nil {
			t.Errorf("%s (%v) has no AuthorizerId", id, p["RouteKey"])
		}
	}
}

func TestRoutesForEveryPrefix(t *testing.T) {
	d := defaultDeployment(t)
	for _, a := range route.Table() {
		for _, p := range a.Prefixes {
			for _, key := range []string{"ANY " + p, "ANY " + p + "/{proxy+}"} {
				t.Run(a.Name+" "+key, func(t *testing.T) {
					mustNotPanic(t, key, func() {
						d.api.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Route"), map[string]any{
							"RouteKey":          key,
							"AuthorizationType": "JWT",
						})
					})
				})
			}
		}
	}
}

func TestJWTAuthorizer(t *testing.T) {
	d := defaultDeployment(t)
	countIs(t, d.api, "AWS::ApiGatewayV2::Authorizer", 1)
	issuer := assertions.NewCapture(nil)
	mustNotPanic(t, "authorizer", func() {
		d.api.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Authorizer"), map[string]any{
			"AuthorizerType": "JWT",
			"IdentitySource": []any{"$request.header.Authorization"},
			"JwtConfiguration": map[string]any{
				"Audience": []any{obj(map[string]any{"Fn::ImportValue": assertions.Match_AnyValue()})},
				"Issuer":   issuer,
			},
		})
	})
	raw, _ := json.Marshal(issuer.AsObject())
	for _, part := range []string{`"https://cognito-idp."`, `{"Ref":"AWS::Region"}`, `".amazonaws.com/"`, `"Fn::ImportValue"`} {
		if !strings.Contains(string(raw), part) {
			t.Errorf("issuer %s lacks %s", raw, part)
		}
	}
}

func TestCORS(t *testing.T) {
	d := defaultDeployment(t)
	mustNotPanic(t, "cors", func() {
		d.api.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Api"), map[string]any{
			"ProtocolType": "HTTP",
			"CorsConfiguration": obj(map[string]any{
				// The distribution's origin (imported from the web stack) and the extra one.
				"AllowOrigins": assertions.Match_Exact([]any{
					obj(map[string]any{"Fn::Join": assertions.Match_AnyValue()}),
					testOrigin,
				}),
				"AllowHeaders": arrayWith("authorization", "content-type", "scope"),
				"AllowMethods": []any{"*"},
			}),
		})
	})
}

// TestRouteTableWiring checks a route table with several areas and case variants of one path:
// every route reaches the function of the area that owns its prefix.
func TestRouteTableWiring(t *testing.T) {
	areas := []route.Area{
		{Name: "users", Prefixes: []string{"/users", "/usersettings"}},
		{Name: "leads", Prefixes: []string{"/api/CrmLead", "/api/crmlead"}},
		{Name: "calendar", Prefixes: []string{"/api/calendar"}},
	}
	d := newDeployment(t, stacks.Props{Areas: areas})

	fnArea := map[string]string{} // function logical id -> area
	for id, r := range *d.api.FindResources(jsii.String("AWS::Lambda::Function"), areaRuntime) {
		desc, _ := properties(*r)["Description"].(string)
		fnArea[id] = strings.TrimPrefix(desc, "CXM API area ")
	}
	if got, want := len(fnArea), len(areas); got != want {
		t.Fatalf("%d functions, want %d", got, want)
	}
	integrationArea := map[string]string{} // integration logical id -> area
	for id, r := range resources(d.api, "AWS::ApiGatewayV2::Integration") {
		uri, _ := json.Marshal(properties(r)["IntegrationUri"])
		for fn, area := range fnArea {
			if strings.Contains(string(uri), `"`+fn+`"`) {
				integrationArea[id] = area
			}
		}
	}
	if got, want := len(integrationArea), len(areas); got != want {
		t.Errorf("%d integrations reach area functions, want one per area (%d)", got, want)
	}

	var want []string
	for _, a := range areas {
		for _, p := range stacks.RoutePaths(a) {
			want = append(want, a.Name+" ANY "+p)
		}
	}
	var got []string
	for _, r := range resources(d.api, "AWS::ApiGatewayV2::Route") {
		p := properties(r)
		target, _ := json.Marshal(p["Target"])
		area := "?"
		for integ, a := range integrationArea {
			if strings.Contains(string(target), `"`+integ+`"`) {
				area = a
			}
		}
		got = append(got, fmt.Sprintf("%s %v", area, p["RouteKey"]))
	}
	sort.Strings(got)
	sort.Strings(want)
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("routes (area and key):\n%s\nwant:\n%s", g, w)
	}

	// One invoke permission per function, whatever the number of routes.
	countIs(t, d.api, "AWS::Lambda::Permission", len(areas))
}
