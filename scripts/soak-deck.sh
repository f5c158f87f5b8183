#!/usr/bin/env bash
# soak-deck: a saver process saves one deck file over and over and is
# killed with SIGKILL at a random moment, SOAK_KILLS times (default 1000) or
# for SOAK_SECONDS (default 120), whichever ends first, while a rival
# process saves the same file all along. After every kill the file must
# load whole, hold the saver's last acknowledged state or the one it was
# saving, and the temporary files the dead saver left must be swept by the
# next save, never the rival's live ones (deck/soak_test.go, TestSoak).
# Prints kills survived, files checked, torn (0), saves and temporary
# files swept; exits non-zero on any failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
timeout=$(( ${SOAK_SECONDS:-120} + 300 ))s
SCHEMAGEN_SOAK=1 go test ./deck -run '^TestSoak$' -count=1 -v -timeout "$timeout" |
	grep -v '^=== RUN\|^--- PASS\|^PASS$'
