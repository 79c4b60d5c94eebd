# Targets of the CDK app in infra/. The root Makefile includes this file, so every path here
# is relative to the repository root.
#
#   make infra-deps   install the pinned CDK command line (npm ci) and the app's Go modules
#   make infra-test   run the CDK app's tests (assertions on the synthesized templates)
#   make lambdas      build .build/lambda/<area>/bootstrap for every functions/<area>/bootstrap
#                     and .build/lambda/event-<name>/bootstrap for every events/<name>/bootstrap
#   make synth        build the functions, then synthesize every stack into .build/cdk.out

INFRA_DIR        := infra
INFRA_CDK        := $(INFRA_DIR)/node_modules/.bin/cdk
INFRA_NPM_STAMP  := $(INFRA_DIR)/node_modules/.npm-ci.stamp
LAMBDA_OUT       := .build/lambda
LAMBDA_AREAS      = $(patsubst functions/%/bootstrap,%,$(wildcard functions/*/bootstrap))
LAMBDA_EVENTS     = $(patsubst events/%/bootstrap,%,$(wildcard events/*/bootstrap))
LAMBDA_GOFLAGS   := -tags lambda.norpc -trimpath -ldflags "-s -w -buildid="

# The CDK command line and the jsii runtime behind aws-cdk-go: no usage reports, and no
# banner about the machine's Node.js version on every run.
export CDK_DISABLE_CLI_TELEMETRY := true
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20
export JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION := 1

.PHONY: infra-deps infra-test lambdas synth

infra-deps: $(INFRA_NPM_STAMP)
	cd $(INFRA_DIR) && go mod download

# npm ci empties node_modules first, so the stamp is written after it and is newer than the
# lock file until the lock file changes.
$(INFRA_NPM_STAMP): $(INFRA_DIR)/package-lock.json $(INFRA_DIR)/package.json
	cd $(INFRA_DIR) && npm ci --no-audit --no-fund
	touch $@

infra-test:
	cd $(INFRA_DIR) && go test ./...

lambdas:
	@set -e; for area in $(LAMBDA_AREAS); do \
		echo "go build $(LAMBDA_OUT)/$$area/bootstrap"; \
		GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build $(LAMBDA_GOFLAGS) \
			-o $(LAMBDA_OUT)/$$area/bootstrap ./functions/$$area/bootstrap; \
	done
	@set -e; for fn in $(LAMBDA_EVENTS); do \
		echo "go build $(LAMBDA_OUT)/event-$$fn/bootstrap"; \
		GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build $(LAMBDA_GOFLAGS) \
			-o $(LAMBDA_OUT)/event-$$fn/bootstrap ./events/$$fn/bootstrap; \
	done

# Offline: the stacks are environment-agnostic and look nothing up.
synth: lambdas infra-deps
	$(INFRA_CDK) synth --no-notices --quiet
