# schemagen: one CUE source (schema/) → everything in generated/.
# On a fresh machine two commands do all set-up: `make generate` and `make test`.
SHELL := /bin/bash
GO    ?= go

GO_FILES = $(shell find . -name '*.go' -not -path './node_modules/*' -not -path '*/node_modules/*' -not -path './.generated*')

.PHONY: generate check test lint bench fuzz

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

## test: everything CI runs: the staleness check, lint, and every test
test: check lint
	$(GO) test ./...

## bench: performance against peers run in the same command
bench:
	bash scripts/bench-generate.sh
	bash scripts/bench-runtime.sh

# FUZZ lists every fuzz target as package:Func; add yours with a FUZZ += line.
FUZZ += ./runtime/replay:FuzzReplay
FUZZ += ./runtime/replay:FuzzUnmarshalReplayEvent
FUZZTIME ?= 1m
# A new input worth keeping is minimized for at most this long, so a slow
# target still spends its FUZZTIME fuzzing.
FUZZMINIMIZETIME ?= 5s

## fuzz: each fuzz target for a while (FUZZTIME, default 1m)
fuzz:
	@set -e; for t in $(FUZZ); do \
		pkg=$${t%%:*}; fn=$${t##*:}; echo "fuzz: $$pkg $$fn for $(FUZZTIME)"; \
		$(GO) test $$pkg -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME); \
	done
