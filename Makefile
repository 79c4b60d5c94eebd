# CXM: `make run` starts the whole product locally; `make test` runs every test.
# Both install what they need first (Go modules, npm packages, Debian packages).

SHELL := /bin/bash
.DEFAULT_GOAL := run

SCRIPTS_NPM_STAMP := scripts/node_modules/.npm-ci.stamp
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

include web/web.mk
include infra/infra.mk

.PHONY: run test deps go-deps java chromium gateway contract test-go bench

## run: install, build the web app, start DynamoDB Local, cognito-local and the gateway
run: deps web-deps web-build gateway
	./bin/gateway -addr 127.0.0.1:8080 -data .data -web web/dist

## test: Go, web component, end-to-end and CDK tests, then the web app's size budget
test: deps web-deps infra-deps chromium gateway web-build
	go vet ./...
	$(MAKE) test-go
	$(MAKE) web-test
	$(MAKE) web-e2e
	$(MAKE) infra-test
	$(MAKE) web-budget

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

## contract: regenerate the OpenAPI document and the web app's API types from it
contract:
	go run ./scripts/contract
	$(MAKE) web-api-types
