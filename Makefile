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

## lint: go vet, schemavet (every switch over a schema enum is exhaustive) and gofmt over the whole module
lint: bin/schemavet
	$(GO) vet ./...
	$(GO) vet -vettool=$(CURDIR)/bin/schemavet ./...
	@out=$$(gofmt -l $(GO_FILES)); if [ -n "$$out" ]; then echo "gofmt -l reports:"; echo "$$out"; exit 1; fi

## bin/schemavet: the exhaustiveness vet tool (rebuilt every run; go's cache makes that cheap)
.PHONY: bin/schemavet
bin/schemavet:
	$(GO) build -o $@ ./cmd/schemavet

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
