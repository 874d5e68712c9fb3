# Funding Data API. `make run` and `make test` are all a newcomer needs; `make help` lists the rest.
SHELL := /bin/bash
NPM_STAMP := node_modules/.package-lock.json
VENV := .venv
SCHEMATHESIS := $(VENV)/bin/schemathesis
MCP_PY := $(VENV)/.mcp-installed
TSX := node_modules/.bin/tsx
# the Python SDK's generator, runtime and test dependencies, in the same .venv (stamp file)
PY_SDK := $(VENV)/.python-sdk-stamp
# one process with tsx's loader: the process that gets SIGTERM is the server itself, which drains
# (the tsx launcher's own process killed its child 30 ms after SIGTERM)
NODE_TS := node --import tsx
export SEED_SCALE ?= demo
HEAP_MB ?= 1024
HEAP_YOUNG_MB ?= 0
# glibc's malloc: a fixed threshold above which an allocation is its own mapping, returned to the
# system when freed. The default threshold rises to the largest block freed (up to 32 MB), after
# which the snapshot's and requests' large typed arrays came from the heap and their freed pages
# stayed resident: 330-345 MB instead of 250-265 MB answering analytics on large (docs/scaling.md)
MALLOC_MMAP_THRESHOLD ?= 131072
# young generation of the processes that seed: the generator's short-lived rows (large: 60 -> 53 s)
SEED_YOUNG_MB ?= 64
SEEDING := NODE_OPTIONS="$(if $(filter-out 0,$(SEED_YOUNG_MB)),--max-semi-space-size=$(SEED_YOUNG_MB)) $${NODE_OPTIONS:-}"

# openapi.yaml with its examples (openapi/examples/) and per-subtype schemas inlined: the one document
# every tool reads (src/openapi/bundle.ts; the server bundles the same way when it starts)
BUNDLE := generated/openapi.bundled.yaml

.PHONY: help install build run seed migrate check shorten-openapi split-examples test test-tally-reset test-unit test-integration test-vitest test-python test-contract test-generators test-clients-all test-mcp lint examples typecheck generate check-generated mock proxy fuzz bench eval soak clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-16s %s\n", $$1, $$2}'

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $(NPM_STAMP)

install: $(NPM_STAMP) ## Install Node dependencies from the lockfile

$(SCHEMATHESIS): test/contract/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r test/contract/requirements.txt
	@touch $(SCHEMATHESIS)

$(PY_SDK): clients/python/requirements-dev.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r clients/python/requirements-dev.txt
	@touch $(PY_SDK)

# a stamp of its own: the SDK recipe installs the same generator, and its binary would look up to date
CLIENTS_CHECK := $(VENV)/.clients-check-stamp
$(CLIENTS_CHECK): test/clients/requirements.txt
	test -x $(VENV)/bin/pip || python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r test/clients/requirements.txt
	@touch $(CLIENTS_CHECK)

run: install ## Migrate and seed the embedded SQLite demo database if needed, then start the API and identity provider
	$(SEEDING) $(NODE_TS) src/admin/database.ts ensure
	MALLOC_MMAP_THRESHOLD_=$(MALLOC_MMAP_THRESHOLD) NODE_OPTIONS="$(if $(filter-out 0,$(HEAP_MB)),--max-old-space-size=$(HEAP_MB)) $(if $(filter-out 0,$(HEAP_YOUNG_MB)),--max-semi-space-size=$(HEAP_YOUNG_MB)) $${NODE_OPTIONS:-}" exec $(NODE_TS) main.ts

build: install ## Compile to dist/ (npm start, npm run admin): JavaScript, worker modules, openapi.yaml, docs renderer
	rm -rf dist
	npx tsc -p tsconfig.build.json
	$(NODE_TS) scripts/build.ts

migrate: install ## Apply database migrations (DATABASE_URL)
	$(TSX) src/admin/database.ts migrate

seed: install ## Re-create the data at SEED_SCALE (tiny, demo, large) in DATABASE_URL
	$(SEEDING) $(TSX) src/admin/database.ts seed --reset --scale $(SEED_SCALE)

$(BUNDLE): openapi.yaml $(wildcard openapi/examples/*) $(wildcard src/openapi/*.ts) scripts/split-examples.ts
	$(TSX) scripts/split-examples.ts

shorten-openapi: install ## Fold long-form shared responses, header sets, parameter lists, security and JSON content of openapi.yaml into its shorthand (re-runnable)
	$(TSX) scripts/shorten-openapi.ts

split-examples: install ## Move large inline examples of openapi.yaml into openapi/examples/ and write the bundle (re-runnable)
	$(TSX) scripts/split-examples.ts

generate: install $(PY_SDK) ## Render the served API-Version enum and the filter syntax into openapi.yaml and the export examples into openapi/examples/ (large examples moved there too) and the configuration table into README.md; write the bundle; regenerate generated/api.ts, the record documents' plans, the Python SDK's generated package and the Postman collection
	$(TSX) src/versions/render.ts
	$(TSX) scripts/filter-syntax.ts
	$(TSX) scripts/config-table.ts
	$(TSX) scripts/csv-examples.ts
	$(TSX) scripts/shorten-openapi.ts
	$(TSX) scripts/split-examples.ts
	$(TSX) src/documents/plans.ts
	$(TSX) scripts/postman.ts
	npx openapi-typescript $(BUNDLE) -o generated/api.ts
	clients/python/generate.sh

check-generated: install $(PY_SDK) ## Fail when the bundle, generated/api.ts, generated/record-plans.json, the Python SDK's generated package, the Postman collection, the API-Version enum in openapi.yaml, or openapi/examples/ (export examples included) are stale
	@$(TSX) src/versions/render.ts --check
	@$(TSX) scripts/filter-syntax.ts --check
	@$(TSX) scripts/config-table.ts --check
	@$(TSX) scripts/csv-examples.ts --check
	@$(TSX) scripts/shorten-openapi.ts --check
	@$(TSX) scripts/split-examples.ts --check
	@$(TSX) src/documents/plans.ts --check
	@$(TSX) scripts/postman.ts --check
	@npx openapi-typescript $(BUNDLE) -o /tmp/fdapi-generated.ts >/dev/null 2>&1
	@diff -q /tmp/fdapi-generated.ts generated/api.ts >/dev/null || { echo "generated/api.ts is stale: run make generate"; exit 1; }
	@echo "generated/api.ts is up to date"
	@clients/python/generate.sh --check

lint: install $(BUNDLE) ## Lint the bundled openapi.yaml with Redocly (examples against their schemas); every JSON response has an example
	npx redocly lint $(BUNDLE) --format=stylish
	$(TSX) test/contract/examples.ts --check

examples: install ## Capture every JSON response example in openapi.yaml from a server over the tiny seed (large ones kept in openapi/examples/)
	$(TSX) test/contract/examples.ts
	$(TSX) scripts/split-examples.ts
	$(TSX) scripts/shorten-openapi.ts

typecheck: install ## TypeScript strict type check
	npx tsc --noEmit

CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	@echo "Installing Debian's chromium for the docs page test"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

test-unit: install ## vitest: unit tests only (no database, browser or Python)
	NO_COLOR=1 FORCE_COLOR=0 npx vitest run --project unit

test-integration: install $(CHROMIUM) $(PY_SDK) ## vitest: integration (SQLite and PostgreSQL, the Python SDK's quickstart) and docs-page tests; SKIP_SLOW=1 leaves out the slow files (SLOW_INTEGRATION, vitest.config.ts)
	NO_COLOR=1 FORCE_COLOR=0 npx vitest run --project integration

# make test's vitest run: every project at once, slow files included whatever the environment says,
# its JSON report counted by test/tally.ts
test-vitest: install $(CHROMIUM) $(PY_SDK)
	SKIP_SLOW= NO_COLOR=1 FORCE_COLOR=0 npx vitest run --reporter=default --reporter=json --outputFile.json=test/artifacts/tally/vitest.json

check: typecheck lint test-unit ## The fast loop, about a minute on 2 cores: typecheck, openapi.yaml's lint and examples, the version table and README rendered, unit tests
	@$(TSX) scripts/split-examples.ts --check
	@$(TSX) src/documents/plans.ts --check
	@$(TSX) src/versions/render.ts --check
	@$(TSX) scripts/filter-syntax.ts --check
	@$(TSX) scripts/config-table.ts --check

test-python: $(PY_SDK) ## The Python SDK's hand-written layer: ruff and pytest (exit 5, no tests collected, is a failure too)
	cd clients/python && ../../$(VENV)/bin/ruff check . && ../../$(VENV)/bin/ruff format --check .
	cd clients/python && ../../$(VENV)/bin/python -m pytest -q -p no:cacheprovider --junitxml=../../test/artifacts/tally/pytest.xml; status=$$?; \
	  if [ $$status -eq 5 ]; then echo "pytest collected no tests in clients/python/tests"; fi; exit $$status

# SQLite's and PostgreSQL's runs side by side: each keeps about one core busy (schemathesis, then the
# server), so on two cores both take the time of the longer; their lines are prefixed with the database
CONTRACT_EXAMPLES_SQLITE ?= 100
CONTRACT_EXAMPLES_POSTGRES ?= 50
test-contract: install $(SCHEMATHESIS) ## schemathesis against the running server (SQLite and PostgreSQL, side by side)
	set -o pipefail; \
	( $(TSX) test/contract/run.ts --db sqlite --max-examples $(CONTRACT_EXAMPLES_SQLITE) 2>&1 | sed -u 's/^/[sqlite] /' ) & sqlite=$$!; \
	( $(TSX) test/contract/run.ts --db postgres --max-examples $(CONTRACT_EXAMPLES_POSTGRES) 2>&1 | sed -u 's/^/[postgres] /' ); postgres=$$?; \
	wait $$sqlite; sqlite=$$?; \
	if [ $$sqlite -ne 0 ] || [ $$postgres -ne 0 ]; then echo "test-contract: sqlite exit $$sqlite, postgres exit $$postgres"; exit 1; fi

$(MCP_PY): test/mcp/requirements.txt
	[ -x $(VENV)/bin/python ] || python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r test/mcp/requirements.txt
	@touch $(MCP_PY)

test-mcp: install $(MCP_PY) ## The MCP endpoint from the Python mcp package: sign-in by discovery, tools/list under 40 KB, the Germany Series A question, unknown argument, cut-off call, header setup (SQLite and PostgreSQL)
	$(TSX) test/mcp/run.ts --db sqlite
	$(TSX) test/mcp/run.ts --db postgres

# The toolchains of the generator matrix. Maven and a JDK come from Debian's packages when missing
# (Maven fetches the clients' dependencies and the Kotlin compiler into ~/.m2); Go and Rust are the
# machine's own: Debian's (Go 1.19, Cargo 0.66) are too old for oapi-codegen and the Rust client's crates.
GO_TOOLCHAIN := command -v go >/dev/null || { echo "test-generators: Go 1.22 or later is needed (oapi-codegen, openapi-generator go)" >&2; exit 1; }
JVM_TOOLCHAIN := command -v mvn >/dev/null && command -v javac >/dev/null || { echo "Installing Debian's maven and openjdk-17-jdk-headless for the Java and Kotlin clients"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq maven openjdk-17-jdk-headless >/dev/null; }
RUST_TOOLCHAIN := command -v cargo >/dev/null || { echo "test-clients-all: Rust (cargo) is needed for the openapi-generator rust client" >&2; exit 1; }

test-generators: install $(CLIENTS_CHECK) $(BUNDLE) ## Generate clients from the bundled openapi.yaml (openapi-python-client; openapi-generator python and typescript-fetch; openapi-typescript, orval, hey-api: tsc --strict + type-check of recorded answers; oapi-codegen: go build + vet + decode of recorded answers); fail on any problem
	@$(GO_TOOLCHAIN)
	$(TSX) test/clients/check.ts

test-clients-all: install $(CLIENTS_CHECK) $(BUNDLE) ## test-generators plus the heavy ones (openapi-generator go, java okhttp-gson and native, rust, kotlin: generate, compile, decode recorded answers; csharp: model types, not compiled)
	@$(GO_TOOLCHAIN)
	@$(JVM_TOOLCHAIN)
	@$(RUST_TOOLCHAIN)
	$(TSX) test/clients/check.ts --all

test-tally-reset:
	@$(TSX) test/tally.ts reset

test: install test-tally-reset lint check-generated typecheck test-generators test-python test-vitest test-contract test-mcp ## Everything CI runs; ends with the checks of every suite added up (`N passed, N failed`)
	@$(TSX) test/tally.ts summary

mock: install $(BUNDLE) ## Prism mock server of the bundled openapi.yaml on port 4010 (dynamic examples; lists whose example has rows answer rows: src/openapi/mock.ts)
	$(TSX) scripts/mock-document.ts generated/openapi.mock.yaml
	npx prism mock generated/openapi.mock.yaml --port 4010 --dynamic

proxy: install $(BUNDLE) ## Prism validating proxy on port 4011 in front of the running server (BASE_URL)
	npx prism proxy $(BUNDLE) $${BASE_URL:-http://localhost:3000} --port 4011 --errors

fuzz: install $(SCHEMATHESIS) ## Long fuzzing runs: parsers 100,000 runs each, random filters over HTTP, every record document at every pinned version and the nested lists in every version and tier, schemathesis (all checks, stateful links) with more examples
	FUZZ_RUNS=100000 npx vitest run test/unit
	FUZZ_RUNS=100000 npx vitest run --config test/fuzz/vitest.config.ts
	FUZZ_RUNS=2000 npx vitest run test/integration/hostile.test.ts -t 'random filters'
	FUZZ_RUNS=1 npx vitest run test/integration/record-documents.test.ts -t 'pinned to every other served version|nested page'
	$(TSX) test/contract/run.ts --db sqlite --max-examples 500 -- --phases examples,coverage,fuzzing,stateful
	$(TSX) test/contract/run.ts --db postgres --max-examples 200 -- --phases examples,coverage,fuzzing,stateful

BENCH_STAMP := bench/node_modules/.package-lock.json
$(BENCH_STAMP): bench/package.json bench/package-lock.json
	npm ci --prefix bench --no-audit --no-fund
	@touch $(BENCH_STAMP)

soak: install $(BENCH_STAMP) ## Load and soak on PostgreSQL: WORKERS processes at 80 % of the measured maximum for 10 minutes (bench/soak.ts)
	$(TSX) bench/soak.ts

bench: install $(BENCH_STAMP) ## Benchmarks on the large seed, SQLite and PostgreSQL (not part of test): ours vs node:http baseline vs Platformatic DB; BENCH_SECONDS per scenario
	$(TSX) bench/run.ts

eval: install ## Matching evaluation (precision of match, recall of the top candidate) and semantic_keyword nDCG@10 (lexical and final) on the tiny seed and the 2013 Crunchbase companies, SQLite; figures in bench/results/match-eval-<scale>-<day>.json (EVAL_SCALE, EVAL_DB)
	$(TSX) test/eval/run.ts

clean: ## Remove the local database and caches
	rm -rf data/ test/artifacts/
