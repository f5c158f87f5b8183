# schemagen: one CUE source (schema/) → everything in generated/.
# On a fresh machine two commands do all set-up: `make generate` and `make test`.
SHELL := /bin/bash
GO    ?= go

GO_FILES = $(shell find . -name '*.go' -not -path './node_modules/*' -not -path '*/node_modules/*' -not -path './.generated*')

.PHONY: generate check test lint bench fuzz

## generate: regenerate all of generated/ from schema/ (go generate ./...)
generate:
	$(GO) generate ./...

## check: fail if generated/ is not exactly what generate would write, or
## if the schema breaks the committed compatibility lock
check:
	$(GO) run ./cmd/schemagen check
	$(GO) run ./cmd/schemagen breaking

## lint: go vet and gofmt over the whole module
lint:
	$(GO) vet ./...
	@out=$$(gofmt -l $(GO_FILES)); if [ -n "$$out" ]; then echo "gofmt -l reports:"; echo "$$out"; exit 1; fi

## test: everything CI runs: the staleness and compatibility checks, lint, and every test
test: check lint
	$(GO) test ./...

## bench: performance against peers run in the same command
bench:
	bash scripts/bench-generate.sh

## fuzz: every fuzz target in the module, each for FUZZTIME (default 1m)
FUZZTIME ?= 1m
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
			echo "== $$pkg $$f ($(FUZZTIME))"; \
			$(GO) test $$pkg -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME); \
		done; \
	done
