#!/usr/bin/env bash
# bench-wire: the generated fleet codec, in two benchmark binaries.
#
# conformance/gofleet (issue 12): the codec paired with encoding/json on
# plain structs of the same shape (a 64-seat snapshot with 128 edges and
# tallies), in one run, alternating: decode through the fast path
# (UnmarshalJSON, goal <= 0.30x) and through json.Unmarshal (goal
# <= 0.90x), encode through json.Marshal (goal <= 0.80x) and AppendJSON,
# json.Marshal against AppendJSON into a reused buffer (goal <= 1.50x),
# Validate, and Validate's allocations on a valid value (goal 0).
#
# conformance/codecpeers (issue 26), a module of its own so that no peer
# is a dependency of schemagen: decode + Validate against every peer's
# decode (encoding/json, encoding/json/v2, segmentio, easyjson,
# goccy/go-json, sonic) on the snapshot and on a 1,000-row ledger stream,
# and AppendJSON against every peer's encoder, each goal "< 1.00x"; first
# its tests show every peer decodes the same values, then it prints the
# table of what each decoder refuses (lines "table ...").
set -euo pipefail
cd "$(dirname "$0")/.."
go test ./conformance/gofleet -run '^$' -bench '^BenchmarkCodecPairs$' -benchtime 1x | grep '^pair '
cd conformance/codecpeers
go test -count=1 . >/dev/null || { go test -count=1 . >&2; exit 1; }
go test -run '^$' -bench '^BenchmarkPeers$' -benchtime 1x . | grep -E '^(pair|table) ' | sed -E 's/^table //'
