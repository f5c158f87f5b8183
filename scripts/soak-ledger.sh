#!/usr/bin/env bash
# soak-ledger: a host process counts rows into one seat ledger as fast as it
# can and is killed with SIGKILL at a random moment, nearly always in the
# middle of an append, SOAK_KILLS times (default 1000) or for SOAK_SECONDS
# (default 120), whichever ends first; between kills another writer
# sometimes leaves a partial line in the file, as a crashed writer would.
# After every kill the file must hold every row the host acknowledged, each
# once and in order, with no torn line of its own; the next host must
# rebuild exactly the counts the file holds, with a cursor above every one
# handed out before (runtime/soak_test.go, TestSoak). Prints rows written,
# restarts survived, partial lines survived, and lost (0) and torn (0);
# exits non-zero on any failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
timeout=$(( ${SOAK_SECONDS:-120} + 300 ))s
SCHEMAGEN_SOAK=1 go test ./runtime/fleetruntime -run '^TestSoak$' -count=1 -v -timeout "$timeout" |
	grep -v '^=== RUN\|^--- PASS\|^PASS$'
