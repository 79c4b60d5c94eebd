package stacks_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/infra/stacks"
	"github.com/cxm/cxm/shared/runtime/route"
	"github.com/cxm/cxm/shared/runtime/tabledef"
)

// testOrigin is an extra origin every test deployment allows, as a development server would be.
const testOrigin = "http://localhost:5173"

// codeDir is a directory holding a dummy bootstrap file: every area's function packages it,
// so tests need no built functions and nothing is bundled.
var codeDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "cxm-infra-code-")
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, stacks.BootstrapFile), []byte("#!/bin/sh\n"), 0o755)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	codeDir = dir
	code := m.Run()
	jsii.Close()
	os.RemoveAll(dir)
	os.Exit(code)
}

// dummyCode packages codeDir for every area.
func dummyCode(string) awslambda.Code {
	return awslambda.Code_FromAsset(jsii.String(codeDir), nil)
}

// newApp returns an app with the feature flags of the repository's cdk.json, so tests see
// the templates a real synth produces, writing its assembly to a temporary directory.
func newApp(t *testing.T) (app awscdk.App, outdir string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "cdk.json"))
	if err != nil {
		t.Fatalf("read cdk.json: %v", err)
	}
	var doc struct {
		Context map[string]any `json:"context"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("parse cdk.json: %v", err)
	}
	outdir = t.TempDir()
	app = awscdk.NewApp(&awscdk.AppProps{Context: &doc.Context, Outdir: jsii.String(outdir)})
	return app, outdir
}

// deployment is one synthesized deployment and the templates of its stacks.
type deployment struct {
	stacks                       *stacks.CXM
	outdir                       string
	data, auth, events, web, api assertions.Template
	eventFns                     assertions.Template
	timers                       assertions.Template
	realtime                     assertions.Template
	webContent                   assertions.Template // nil without a web build
}

// newDeployment synthesizes a deployment of props (Prefix, Code, Table and WebOrigins are
// filled in when empty).
func newDeployment(t *testing.T, props stacks.Props) *deployment {
	t.Helper()
	if props.Prefix == "" {
		props.Prefix = "cxm-test"
	}
	if props.Code == nil {
		props.Code = dummyCode
	}
	if props.Table.PartitionKey == "" {
		props.Table = tabledef.Table()
	}
	if props.WebOrigins == nil {
		props.WebOrigins = []string{testOrigin}
	}
	var d deployment
	mustNotPanic(t, "synthesize", func() {
		app, outdir := newApp(t)
		c := stacks.New(app, &props)
		d = deployment{
			stacks:   c,
			outdir:   outdir,
			data:     assertions.Template_FromStack(c.Data.Stack, nil),
			auth:     assertions.Template_FromStack(c.Auth.Stack, nil),
			eventFns: assertions.Template_FromStack(c.EventFns.Stack, nil),
			events:   assertions.Template_FromStack(c.Events.Stack, nil),
			web:      assertions.Template_FromStack(c.Web.Stack, nil),
			api:      assertions.Template_FromStack(c.API.Stack, nil),
			timers:   assertions.Template_FromStack(c.Timers.Stack, nil),
			realtime: assertions.Template_FromStack(c.Realtime.Stack, nil),
		}
		if c.WebContent != nil {
			d.webContent = assertions.Template_FromStack(c.WebContent.Stack, nil)
		}
	})
	if d.stacks == nil {
		t.FailNow()
	}
	return &d
}

var (
	defaultOnce sync.Once
	defaultDep  *deployment
)

// defaultDeployment is the deployment of the real route table and table definition without
// a web build, synthesized once for all tests that only read it.
func defaultDeployment(t *testing.T) *deployment {
	t.Helper()
	defaultOnce.Do(func() {
		defaultDep = newDeployment(t, stacks.Props{Areas: route.Table(), Consumers: testConsumers})
	})
	if defaultDep == nil {
		t.Fatal("default deployment did not synthesize")
	}
	return defaultDep
}

// mustNotPanic runs f and reports a panic (how the assertions library reports a mismatch) as a
// test error named after what was checked.
func mustNotPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if r := recover(); r != nil {
			t.Errorf("%s: %v", what, r)
		}
	}()
	f()
}

// countIs checks the number of resources of a type in a template.
func countIs(t *testing.T, tmpl assertions.Template, typ string, n int) {
	t.Helper()
	mustNotPanic(t, "count of "+typ, func() { tmpl.ResourceCountIs(jsii.String(typ), jsii.Number(float64(n))) })
}

// resources returns the resources of a type in a template, keyed by logical id.
func resources(tmpl assertions.Template, typ string) map[string]map[string]any {
	out := map[string]map[string]any{}
	for id, r := range *tmpl.FindResources(jsii.String(typ), nil) {
		out[id] = *r
	}
	return out
}

// properties returns a resource's Properties object.
func properties(r map[string]any) map[string]any {
	p, _ := r["Properties"].(map[string]any)
	return p
}

// obj is shorthand for an objectLike matcher.
func obj(m map[string]any) assertions.Matcher {
	return assertions.Match_ObjectLike(&m)
}

// arrayWith is shorthand for an arrayWith matcher.
func arrayWith(items ...any) assertions.Matcher {
	return assertions.Match_ArrayWith(&items)
}
