# schemagen: one CUE source (schema/) → everything in generated/.
# On a fresh machine two commands do all set-up: `make generate` and `make test`.
SHELL := /bin/bash
GO    ?= go

GO_FILES = $(shell find . -name '*.go' -not -path './node_modules/*' -not -path '*/node_modules/*' -not -path './.generated*')

.PHONY: generate check test lint bench fuzz c-tools

## generate: regenerate all of generated/ from schema/ (go generate ./...)
generate:
	$(GO) generate ./...

## check: fail if generated/ is not exactly what generate would write
check:
	$(GO) run ./cmd/schemagen check

## lint: go vet and gofmt over the whole module
lint:
	$(GO) vet ./...
	@out=$$(gofmt -l $(GO_FILES)); if [ -n "$$out" ]; then echo "gofmt -l reports:"; echo "$$out"; exit 1; fi

## c-tools: install the C compilers and pahole the consumer checks need, where absent
c-tools:
	@bash scripts/c-tools.sh

## test: everything CI runs: the staleness check, lint, and every test, the
## C consumer checks (conformance/c) included: with SCHEMAGEN_REQUIRE_C set,
## a missing compiler fails them instead of skipping them
test: check lint c-tools
	SCHEMAGEN_REQUIRE_C=1 $(GO) test ./...

## bench: performance against peers run in the same command
bench:
	bash scripts/bench-generate.sh

## fuzz: each fuzz target for a while (FUZZTIME, default 1m)
fuzz:
	@echo "no fuzz targets yet"
