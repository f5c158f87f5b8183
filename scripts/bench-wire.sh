#!/usr/bin/env bash
# bench-wire: the generated fleet codec paired with encoding/json on plain
# structs of the same shape (a 64-seat snapshot with 128 edges and
# tallies), in one run, alternating: decode through the fast path
# (UnmarshalJSON, goal <= 0.30x) and through json.Unmarshal (goal
# <= 0.90x), encode through json.Marshal (goal <= 0.80x) and AppendJSON,
# Validate, and Validate's allocations on a valid value (goal 0).
set -euo pipefail
cd "$(dirname "$0")/.."
go test ./conformance/gofleet -run '^$' -bench '^BenchmarkCodecPairs$' -benchtime 1x | grep '^pair '
