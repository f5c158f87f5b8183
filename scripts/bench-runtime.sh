#!/usr/bin/env bash
# bench-runtime: the host runtime's two costs that grow with use.
#  (a) start: rebuilding today's tallies and last outcomes from a ledger of
#      100,000 and 1,000,000 rows (written by the benchmark), in rows/s and
#      MB/s beside `wc -l` on the same file, the floor of reading it at all,
#      and the peak heap while rebuilding, which must not grow with the file.
#      Goal: >= 1,000,000 rows/s.
#  (b) Read on 64 seats with a full 64-edge window and tallies, unchanged
#      (a poll) and changed (after a stance, which is not timed). Goal: <= 20 us/op.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT

go test ./runtime -run '^$' -bench '^BenchmarkStart$' -benchtime "${STARTTIME:-2x}" | tee "$out"
go test ./runtime -run '^$' -bench '^BenchmarkRead$' -benchtime "${READTIME:-1s}" -count "${COUNT:-3}" | tee -a "$out"

awk '
function metric(name,   i) { for (i = 3; i < NF; i++) if ($(i+1) == name) return $i; return "" }
/^BenchmarkStart\// {
	split($1, a, "[=-]"); rows = a[2]
	printf "start %8d rows: %8.0f rows/s %6.1f MB/s | wc -l %9.0f rows/s %7.1f MB/s | heap peak %4.1f MB, retained %4.0f kB | goal >= 1000000 rows/s\n", \
		rows, metric("rows/s"), metric("MB/s"), metric("wc-l-rows/s"), metric("wc-l-MB/s"), metric("peak-heap-B") / 1e6, metric("retained-B") / 1e3
}
/^BenchmarkRead\// {
	split($1, a, "[/-]")
	printf "read %-9s %8.1f us/op %6d allocs/op | goal <= 20 us/op\n", a[2], metric("ns/op") / 1000, metric("allocs/op")
}' "$out"
