package stacks_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/infra/stacks"
	"github.com/cxm/cxm/shared/runtime/route"
)

// goRuntime is the runtime of the area functions and the authorizer; functions CDK adds for
// its own purposes use other runtimes and are not counted.
func goRuntime() map[string]any {
	return map[string]any{"Properties": map[string]any{"Runtime": "provided.al2023"}}
}

// Descriptions of the functions, which tell area functions and the authorizer apart.
const (
	areaDescriptionPrefix = "CXM API area "
	authorizerDescription = "CXM API authorizer: Cognito and CXM access tokens"
)

// goFunctions returns the provided.al2023 functions of the API stack by logical id, split into
// the area functions (keyed by area name) and the authorizer's logical id.
func goFunctions(t *testing.T, d *deployment) (areas map[string]string, authorizer string) {
	t.Helper()
	areas = map[string]string{}
	for id, r := range *d.api.FindResources(jsii.String("AWS::Lambda::Function"), goRuntime()) {
		desc, _ := properties(*r)["Description"].(string)
		switch {
		case strings.HasPrefix(desc, areaDescriptionPrefix):
			areas[strings.TrimPrefix(desc, areaDescriptionPrefix)] = id
		case desc == authorizerDescription:
			if authorizer != "" {
				t.Errorf("two authorizer functions: %s and %s", authorizer, id)
			}
			authorizer = id
		default:
			t.Errorf("function %s has an unexpected description %q", id, desc)
		}
	}
	return areas, authorizer
}

func TestOneFunctionPerArea(t *testing.T) {
	d := defaultDeployment(t)
	areas := route.Table()
	fns := *d.api.FindResources(jsii.String("AWS::Lambda::Function"), goRuntime())
	if got, want := len(fns), len(areas)+1; got != want {
		t.Fatalf("%d provided.al2023 functions, want one per area and the authorizer (%d)", got, want)
	}
	byDescription := map[string]bool{}
	for id, r := range fns {
		p := properties(*r)
		desc, _ := p["Description"].(string)
		byDescription[desc] = true
		if got, want := fmt.Sprint(p["Architectures"]), "[arm64]"; got != want {
			t.Errorf("%s Architectures = %v, want %v", id, got, want)
		}
		if got, want := p["Handler"], "bootstrap"; got != want {
			t.Errorf("%s Handler = %v, want %v", id, got, want)
		}
		if !strings.HasPrefix(desc, areaDescriptionPrefix) {
			continue
		}
		for key, want := range map[string]any{
			"MemorySize": float64(512),
			"Timeout":    float64(10),
		} {
			if got := p[key]; got != want {
				t.Errorf("%s %s = %v, want %v", id, key, got, want)
			}
		}
	}
	for _, a := range areas {
		if !byDescription[areaDescriptionPrefix+a.Name] {
			t.Errorf("no function for area %q", a.Name)
		}
	}
	if !byDescription[authorizerDescription] {
		t.Error("no authorizer function")
	}
}

func TestFunctionEnvironment(t *testing.T) {
	d := defaultDeployment(t)
	vars := assertions.NewCapture(nil)
	mustNotPanic(t, "environment", func() {
		d.api.HasResourceProperties(jsii.String("AWS::Lambda::Function"), map[string]any{
			"Runtime":     "provided.al2023",
			"Description": assertions.Match_StringLikeRegexp(jsii.String("^" + areaDescriptionPrefix)),
			"Environment": map[string]any{"Variables": vars},
		})
	})
	want := []string{
		stacks.EnvTableName, stacks.EnvBucketName, stacks.EnvContactKeyID,
		stacks.EnvEventBusName, stacks.EnvUserPoolID, stacks.EnvUserPoolClientID, stacks.EnvCursorKeySecret,
	}
	n, issuers := 0, 0
	for more := true; more; more = *vars.Next() {
		got := *vars.AsObject()
		for _, name := range want {
			if got[name] == nil {
				t.Errorf("function environment lacks %s: %v", name, got)
			}
		}
		// Only the token service signs, so only it knows the signing key.
		if got[stacks.EnvIssuerKMSKeyID] != nil {
			issuers++
		}
		n++
	}
	if issuers != 1 {
		t.Errorf("%d area functions have %s, want only the token service", issuers, stacks.EnvIssuerKMSKeyID)
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
	// The authorizer needs no grants, so it has no policy: one per area.
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

// publicOps returns the public operations of the route table as route keys.
func publicOps(areas []route.Area) map[string]bool {
	ops := map[string]bool{}
	for _, a := range areas {
		for _, op := range a.Public {
			ops[op] = true
		}
	}
	return ops
}

func TestEveryRouteAuthorized(t *testing.T) {
	d := defaultDeployment(t)
	areas := route.Table()
	public := publicOps(areas)
	if len(public) == 0 {
		t.Fatal("the route table has no public operations; this test expects the token service's")
	}
	authorizers := resources(d.api, "AWS::ApiGatewayV2::Authorizer")
	if len(authorizers) != 1 {
		t.Fatalf("%d authorizers, want 1", len(authorizers))
	}
	var authorizerID string
	for id := range authorizers {
		authorizerID = id
	}

	routes := resources(d.api, "AWS::ApiGatewayV2::Route")
	if got, want := len(routes), len(route.Routes(areas)); got != want {
		t.Errorf("%d routes, want the table's %d (two or three per prefix, one per public operation)", got, want)
	}
	seenPublic := map[string]bool{}
	for id, r := range routes {
		p := properties(r)
		key, _ := p["RouteKey"].(string)
		if public[key] {
			seenPublic[key] = true
			if got, want := p["AuthorizationType"], "NONE"; got != want {
				t.Errorf("public %s (%s) AuthorizationType = %v, want %v", id, key, got, want)
			}
			if p["AuthorizerId"] != nil {
				t.Errorf("public %s (%s) has AuthorizerId %v", id, key, p["AuthorizerId"])
			}
			continue
		}
		if !strings.HasPrefix(key, "ANY ") {
			t.Errorf("%s (%s) is neither a greedy area route nor a public operation", id, key)
		}
		if got, want := p["AuthorizationType"], "CUSTOM"; got != want {
			t.Errorf("%s (%s) AuthorizationType = %v, want %v", id, key, got, want)
		}
		if got, want := fmt.Sprint(p["AuthorizerId"]), fmt.Sprint(map[string]any{"Ref": authorizerID}); got != want {
			t.Errorf("%s (%s) AuthorizerId = %v, want %v", id, key, got, want)
		}
	}
	for op := range public {
		if !seenPublic[op] {
			t.Errorf("no route for public operation %s", op)
		}
	}
}

func TestRoutesForEveryPrefix(t *testing.T) {
	d := defaultDeployment(t)
	areas := route.Table()
	for _, a := range areas {
		for _, rt := range route.RoutesOf(areas, a.Name) {
			if rt.Public {
				continue
			}
			key := rt.Key()
			t.Run(a.Name+" "+key, func(t *testing.T) {
				mustNotPanic(t, key, func() {
					d.api.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Route"), map[string]any{
						"RouteKey":          key,
						"AuthorizationType": "CUSTOM",
					})
				})
			})
		}
		for _, op := range a.Public {
			t.Run(a.Name+" public "+op, func(t *testing.T) {
				mustNotPanic(t, op, func() {
					d.api.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Route"), map[string]any{
						"RouteKey":          op,
						"AuthorizationType": "NONE",
						"AuthorizerId":      assertions.Match_Absent(),
					})
				})
			})
		}
	}
}

func TestLambdaAuthorizer(t *testing.T) {
	d := defaultDeployment(t)
	countIs(t, d.api, "AWS::ApiGatewayV2::Authorizer", 1)
	_, fn := goFunctions(t, d)
	if fn == "" {
		t.Fatal("no authorizer function")
	}
	uri := assertions.NewCapture(nil)
	mustNotPanic(t, "authorizer", func() {
		d.api.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Authorizer"), map[string]any{
			"AuthorizerType":                 "REQUEST",
			"AuthorizerPayloadFormatVersion": "2.0",
			"EnableSimpleResponses":          true,
			"IdentitySource":                 []any{"$request.header.Authorization"},
			"AuthorizerResultTtlInSeconds":   float64(300),
			"AuthorizerUri":                  uri,
		})
	})
	if raw, _ := json.Marshal(uri.AsObject()); !strings.Contains(string(raw), `"`+fn+`"`) {
		t.Errorf("AuthorizerUri %s does not invoke the authorizer function %s", raw, fn)
	}

	// API Gateway may invoke the function as this authorizer only.
	mustNotPanic(t, "invoke permission", func() {
		d.api.HasResourceProperties(jsii.String("AWS::Lambda::Permission"), map[string]any{
			"Action":       "lambda:InvokeFunction",
			"Principal":    "apigateway.amazonaws.com",
			"FunctionName": obj(map[string]any{"Fn::GetAtt": []any{fn, "Arn"}}),
			"SourceArn":    obj(map[string]any{"Fn::Join": arrayWith(arrayWith("/authorizers/"))}),
		})
	})
}

func TestAuthorizerFunction(t *testing.T) {
	d := defaultDeployment(t)
	_, fn := goFunctions(t, d)
	r := resources(d.api, "AWS::Lambda::Function")[fn]
	if r == nil {
		t.Fatal("no authorizer function")
	}
	p := properties(r)
	for key, want := range map[string]any{
		"Runtime": "provided.al2023", "Handler": "bootstrap", "MemorySize": float64(256), "Timeout": float64(10),
	} {
		if got := p[key]; got != want {
			t.Errorf("authorizer %s = %v, want %v", key, got, want)
		}
	}
	if got, want := fmt.Sprint(p["Architectures"]), "[arm64]"; got != want {
		t.Errorf("authorizer Architectures = %v, want %v", got, want)
	}
	env, _ := p["Environment"].(map[string]any)
	vars, _ := env["Variables"].(map[string]any)
	raw := func(name string) string { b, _ := json.Marshal(vars[name]); return string(b) }
	for name, parts := range map[string][]string{
		stacks.EnvUserPoolID:       {`"Fn::ImportValue"`, "UserPool"},
		stacks.EnvUserPoolClientID: {`"Fn::ImportValue"`, "WebClient"},
		stacks.EnvUserPoolRegion:   {`{"Ref":"AWS::Region"}`},
		stacks.EnvIssuerURL:        {`"Fn::GetAtt":["HttpApi`, `"ApiEndpoint"`, `"/auth"`},
	} {
		for _, part := range parts {
			if !strings.Contains(raw(name), part) {
				t.Errorf("authorizer %s = %s, lacks %s", name, raw(name), part)
			}
		}
	}
	if len(vars) != 4 {
		t.Errorf("authorizer environment = %v, want exactly the pool, client, region and issuer", vars)
	}
	// The authorizer reads tokens only: no table, bucket, key or bus grants.
	for id, pol := range resources(d.api, "AWS::IAM::Policy") {
		roles, _ := json.Marshal(properties(pol)["Roles"])
		if strings.Contains(string(roles), "Authorizer") {
			t.Errorf("policy %s grants the authorizer %s", id, roles)
		}
	}
}

// TestTokenService checks the token service area: it knows the issuer URL and the signing key,
// and it alone may sign with the key.
func TestTokenService(t *testing.T) {
	d := defaultDeployment(t)
	fns, authorizerFn := goFunctions(t, d)
	authFn := fns[stacks.TokenServiceArea]
	if authFn == "" {
		t.Fatalf("no %s area function", stacks.TokenServiceArea)
	}
	all := resources(d.api, "AWS::Lambda::Function")
	vars := func(id string) map[string]any {
		env, _ := properties(all[id])["Environment"].(map[string]any)
		v, _ := env["Variables"].(map[string]any)
		return v
	}
	authVars := vars(authFn)
	keyID, _ := json.Marshal(authVars[stacks.EnvIssuerKMSKeyID])
	if !strings.Contains(string(keyID), `"Fn::ImportValue"`) || !strings.Contains(string(keyID), "IssuerKey") {
		t.Errorf("%s = %s, want the data stack's IssuerKey", stacks.EnvIssuerKMSKeyID, keyID)
	}
	// The token service names itself as the issuer the authorizer trusts.
	got, _ := json.Marshal(authVars[stacks.EnvIssuerURL])
	want, _ := json.Marshal(vars(authorizerFn)[stacks.EnvIssuerURL])
	if string(got) != string(want) || len(got) < 10 {
		t.Errorf("token service %s = %s, authorizer's = %s; want the same", stacks.EnvIssuerURL, got, want)
	}

	// Only the token service's role may sign, and only with the issuer key.
	signers := 0
	for id, pol := range resources(d.api, "AWS::IAM::Policy") {
		doc, _ := properties(pol)["PolicyDocument"].(map[string]any)
		stmts, _ := doc["Statement"].([]any)
		for _, st := range stmts {
			raw, _ := json.Marshal(st)
			if !strings.Contains(string(raw), "kms:Sign") && !strings.Contains(string(raw), "kms:GetPublicKey") {
				continue
			}
			signers++
			roles, _ := json.Marshal(properties(pol)["Roles"])
			if !strings.Contains(string(roles), "AuthArea") {
				t.Errorf("policy %s of %s grants %s", id, roles, raw)
			}
			for _, part := range []string{`"kms:Sign"`, `"kms:GetPublicKey"`, "IssuerKey"} {
				if !strings.Contains(string(raw), part) {
					t.Errorf("signing statement %s lacks %s", raw, part)
				}
			}
			if strings.Contains(string(raw), "ContactKey") {
				t.Errorf("signing statement %s covers the contact key", raw)
			}
		}
	}
	if signers != 1 {
		t.Errorf("%d statements grant signing, want one (the token service's)", signers)
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

// TestRouteTableWiring checks a route table with several areas, case variants of one path and
// a prefix with a variable segment below another area's prefix: every route reaches the
// function of the area that owns its prefix.
func TestRouteTableWiring(t *testing.T) {
	areas := []route.Area{
		{Name: "users", Prefixes: []string{"/users", "/usersettings"}},
		{Name: "leads", Prefixes: []string{"/api/CrmLead", "/api/crmlead"}},
		{Name: "calendar", Prefixes: []string{"/api/calendar"}, Public: []string{"GET /api/calendar/feed.ics"}},
		{Name: "garage", Prefixes: []string{"/users/{id}/vehicles"}},
	}
	d := newDeployment(t, stacks.Props{Areas: areas})

	fnArea := map[string]string{} // function logical id -> area
	byArea, _ := goFunctions(t, d)
	for area, id := range byArea {
		fnArea[id] = area
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

	// The users area's greedy route is split at {id}, the variable garage has below /users.
	var want []string
	for _, r := range route.Routes(areas) {
		want = append(want, r.Area+" "+r.Key())
	}
	if !slices.Contains(want, "users ANY /users/{id}/{proxy+}") {
		t.Errorf("table routes %v lack users ANY /users/{id}/{proxy+}", want)
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

	// One invoke permission per function, whatever the number of routes, and one for the
	// authorizer.
	countIs(t, d.api, "AWS::Lambda::Permission", len(areas)+1)
}
