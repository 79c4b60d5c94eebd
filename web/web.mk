# The web app's make targets. The root Makefile includes this file, so paths are relative to
# the repository root.

WEB_DEPS_STAMP := web/node_modules/.deps.stamp

.PHONY: web-deps web-build web-test web-budget web-e2e web-e2e-built web-api-types

## web-deps: install the web app's npm packages when they are missing or the lock changed
web-deps: $(WEB_DEPS_STAMP)

$(WEB_DEPS_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

## web-build: type-check and build the web app into web/dist
web-build: web-deps
	cd web && npm run build

## web-test: the import rules between the web app's folders and its component tests
web-test: web-deps
	cd web && node scripts/check-imports.mjs
	cd web && npm test

## web-budget: the built app's JavaScript against its size budget (builds it when there is no build)
web-budget: web-deps
	@[ -f web/dist/.vite/manifest.json ] || $(MAKE) web-build
	cd web && node scripts/bundle-budget.mjs

## web-e2e: end-to-end tests in Chromium against bin/gateway serving a fresh build
web-e2e:
	cd web && npm run e2e

# web-e2e-built: the end-to-end tests against the build already in web/dist (make test builds
# it once, before every stage).
web-e2e-built:
	cd web && npx vitest run --config vitest.e2e.config.ts

## web-api-types: regenerate web/src/lib/api/schema.ts from shared/runtime/contract/openapi.json
web-api-types: web-deps
	cd web && npm run gen:api
