// Command infra is the CDK app of CXM. It synthesizes the data, auth, events, web, API and web
// content stacks of one deployment into the cloud assembly the CDK command line deploys.
//
// Settings (CDK context key, else environment variable; see package config):
//
//	stage       CXM_STAGE        deployment name, default "dev" (stacks "cxm-dev-...")
//	lambdaDir   CXM_LAMBDA_DIR   built functions, default .build/lambda (<area>/bootstrap and
//	                             authorizer/bootstrap)
//	webDist     CXM_WEB_DIST     built web app, default web/dist; skipped when missing
//	webOrigins  CXM_WEB_ORIGINS  extra comma-separated origins allowed to call the API
//
// The CDK command line runs the app from the repository root (see cdk.json there), so relative
// paths are relative to the root, like the output directory the command line passes in.
package main

import (
	"fmt"
	"github.com/cxm/cxm/events/consumers"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"os"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/infra/config"
	"github.com/cxm/cxm/infra/stacks"
	"github.com/cxm/cxm/shared/runtime/route"
	"github.com/cxm/cxm/shared/runtime/tabledef"
)

func main() {
	err := run()
	jsii.Close()
	if err != nil {
		fmt.Fprintf(os.Stderr, "infra: %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	app := awscdk.NewApp(nil)
	cfg, err := config.Load(func(key, env string) (string, bool) {
		if v, ok := app.Node().TryGetContext(jsii.String(key)).(string); ok {
			return v, true
		}
		return os.LookupEnv(env)
	})
	if err != nil {
		return err
	}

	areas := route.Table()
	if err := stacks.ValidateAreas(areas); err != nil {
		return err
	}
	pkgs := consumerFunctions()
	names := append(stacks.FunctionNames(areas), stacks.RelayFunction)
	for _, p := range pkgs {
		names = append(names, stacks.EventFunctionName(p.Name))
	}
	code, err := stacks.AssetCode(cfg.LambdaDir, names)
	if err != nil {
		return fmt.Errorf("%w (build them with: make lambdas)", err)
	}
	if _, err := os.Stat(cfg.WebDist); err != nil {
		fmt.Fprintf(os.Stderr, "infra: no web build at %s, the web app is not deployed\n", cfg.WebDist)
	}

	stacks.New(app, &stacks.Props{
		Prefix:            cfg.StackPrefix(),
		Areas:             areas,
		Table:             tabledef.Table(),
		Code:              code,
		WebOrigins:        cfg.WebOrigins,
		WebDistDir:        cfg.WebDist,
		InboundMailDomain: cfg.InboundMailDomain,
		Consumers:         pkgs,
	})
	awscdk.Tags_Of(app).Add(jsii.String("project"), jsii.String("cxm"), nil)
	awscdk.Tags_Of(app).Add(jsii.String("stage"), jsii.String(cfg.Stage), nil)

	app.Synth(nil)
	return nil
}

// consumerFunctions returns the consumer packages of the registry with their consumers' names
// and event types. Consumers are built over empty services: building one only names its types
// and handler, it touches no client.
func consumerFunctions() []stacks.ConsumerFunction {
	var out []stacks.ConsumerFunction
	for _, p := range consumers.Packages() {
		f := stacks.ConsumerFunction{Name: p.Name}
		for _, c := range p.Consumers(wiring.Services{}) {
			f.Consumers = append(f.Consumers, stacks.ConsumerRule{Name: c.Name, Types: c.Types})
		}
		out = append(out, f)
	}
	return out
}
