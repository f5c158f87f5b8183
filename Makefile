# schemagen: one CUE source (schema/) → everything in generated/.
# On a fresh machine two commands do all set-up: `make generate` and `make test`.
SHELL := /bin/bash
GO    ?= go

GO_FILES = $(shell find . -name '*.go' -not -path './node_modules/*' -not -path '*/node_modules/*' -not -path './.generated*')

# The app team's side of the checks: a node project with a committed lockfile.
TS_DIR   = conformance/ts
TS_STAMP = $(TS_DIR)/node_modules/.schemagen-installed

.PHONY: generate check test test-go test-ts lint bench fuzz soak c-tools

## generate: regenerate all of generated/ from schema/ (go generate ./...)
generate:
	$(GO) generate ./...

## check: fail if generated/ is not exactly what generate would write, or
## if the schema breaks the committed compatibility lock
check:
	$(GO) run ./cmd/schemagen check
	$(GO) run ./cmd/schemagen breaking

## lint: go vet, schemavet (every switch over a schema enum is exhaustive) and gofmt over the whole module
lint: bin/schemavet
	$(GO) vet ./...
	$(GO) vet -vettool=$(CURDIR)/bin/schemavet ./...
	@out=$$(gofmt -l $(GO_FILES)); if [ -n "$$out" ]; then echo "gofmt -l reports:"; echo "$$out"; exit 1; fi

## bin/schemavet: the exhaustiveness vet tool (rebuilt every run; go's cache makes that cheap)
.PHONY: bin/schemavet
bin/schemavet:
	$(GO) build -o $@ ./cmd/schemavet

## bin/cue: the cue command of the version go.mod requires, for the peer
## column of conformance/corpus (cue exp gengotypes); go install makes it a
## no-op on a warm cache
CUE_VERSION = $(shell $(GO) list -m -f '{{.Version}}' cuelang.org/go)
.PHONY: bin/cue
bin/cue:
	GOBIN=$(CURDIR)/bin GOFLAGS= $(GO) install cuelang.org/go/cmd/cue@$(CUE_VERSION)

## c-tools: install what the C consumer checks need, where absent: the
## compiler matrix (gcc, g++, clang, gcc -m32, arm-none-eabi-gcc), clang's
## sanitizer runtime, pahole, and lld + qemu-user for the big-endian run
c-tools:
	@bash scripts/c-tools.sh

## test: everything CI runs: the staleness and compatibility checks, lint,
## every Go test (the C consumer checks in conformance/c and the outside
## team of conformance/adopter among them: with SCHEMAGEN_REQUIRE_C and
## SCHEMAGEN_REQUIRE_NODE set, a missing compiler or node package fails them
## instead of skipping them) and the app-side checks
test: check lint c-tools $(TS_STAMP) test-go test-ts

## test-go: every Go test (conformance/corpus runs bin/cue); -vet=off, as
## lint has run all of go vet over every package (go test's vet is a part of it)
test-go: bin/cue
	SCHEMAGEN_REQUIRE_C=1 SCHEMAGEN_REQUIRE_NODE=1 SCHEMAGEN_CUE=$(CURDIR)/bin/cue $(GO) test -vet=off -timeout 30m ./...

## test-ts: ajv over every schema and fixture; TS types derived from the schemas through tsc;
## the generated TS validation against ajv and the Go types on every fixture and
## on fuzzed documents (SCHEMAGEN_TS_FUZZ_N, default 2000; SCHEMAGEN_TS_FUZZ_SEED, default 24)
test-ts: $(TS_STAMP)
	cd $(TS_DIR) && node --test --test-reporter=spec test/schemas.test.mjs test/types.test.mjs test/readme.test.mjs test/consumer.test.mjs test/shake.test.mjs test/differential.test.mjs

# npm ci only when node_modules is missing or the lockfile changed; Debian's
# Node.js only when the machine has none.
$(TS_STAMP): $(TS_DIR)/package.json $(TS_DIR)/package-lock.json
	@command -v node >/dev/null && command -v npm >/dev/null || { apt-get update && apt-get install -y nodejs npm; }
	cd $(TS_DIR) && npm ci --no-audit --no-fund
	@touch $@

## bench: performance against peers and floors, every goal line a paired
## measurement in one run (A and B alternating, the median of the per-pair
## ratios) ending in PASS or FAIL, with a summary at the end; exits non-zero
## when a goal line fails (scripts/bench.sh; PARTS="generate wire" runs
## only those). The parts: the generated TypeScript validation beside ajv
## (conformance/ts/bench); generate beside cue's gengotypes and CUE's own
## loader+evaluator, on this schema and synthetic wire packages of up to
## 20,000 definitions, and its scaling; the generated Go codec beside
## encoding/json, json.Marshal beside AppendJSON, and decode+Validate and
## AppendJSON beside every peer library (conformance/codecpeers, a module
## of its own that only make bench builds); the runtime beside its
## floors; deck loads in Go and C beside their CRC-32 floors; the C codec's
## sizes; the lock compare beside walking both locks, and its scaling.
## docs/performance.md has the goals and the last figures.
bench: $(TS_STAMP)
	bash scripts/bench.sh

## fuzz: every fuzz target in the module (found with go test -list), each
## for FUZZTIME (default 1m). Minimizing each new input for go's default 60s
## would spend the minute on a few KB-sized inputs (a deck file is 4 KB), so
## it is capped at FUZZMINIMIZETIME executions; a failing input is saved all
## the same.
FUZZTIME ?= 1m
FUZZMINIMIZETIME ?= 100x
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
			echo "== $$pkg $$f ($(FUZZTIME))"; \
			$(GO) test $$pkg -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME); \
		done; \
	done

## soak: every scripts/soak-*.sh in turn, each bounded in time (kill -9 of
## savers and hosts at random, then checks that nothing was lost or torn);
## never part of make test
soak:
	@set -e; for s in scripts/soak-*.sh; do echo "== $$s"; bash "$$s"; done
