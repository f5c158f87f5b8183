#!/usr/bin/env bash
# bench-runtime: the host runtime, each figure paired with a floor in the
# same run (internal/benchpair: A and B alternate, the median of the
# per-pair ratios with its min-max), one "pair ..." line per figure with
# its goal and whether it was met:
#  - Read on 64 seats with 64 window edges, 63 spawn edges and 64 tallies,
#    unchanged (a poll) and right after a change (a stance), beside copying
#    the snapshot it returns, the least a Read that shared nothing could
#    do; absolute us/op beside it. Goals: unchanged <= 0.05x, changed
#    <= 0.5x the copy.
#  - restart: reading a ledger of RESTART_ROWS rows (default 10,000,000)
#    and rebuilding today's tallies and every last outcome, beside reading
#    the same file and counting its lines in the same process; goal <= 11x
#    that floor (5M rows/s where the floor reads 56M), rows/s beside it,
#    allocations per row (goal <= 1), peak heap.
#  - fleetsim: replaying a busy stream (replay.Run, what the command runs)
#    beside decoding the same lines with the generated decoder (goal: at
#    most 3x, the runtime's own work on an event at most twice reading
#    it), and events/s.
# The benchmarks time themselves, so each runs once (-benchtime=1x).
set -euo pipefail
cd "$(dirname "$0")/.."
go test ./runtime/fleetruntime -run '^$' -bench '^Benchmark(Read|Restart)$' -benchtime=1x | grep '^pair '
go test ./runtime/replay -run '^$' -bench '^BenchmarkFleetsim$' -benchtime=1x | grep '^pair '
# The seat ledger's durable rows: Append with its fsync (group commit) by 1
# and by 16 writers, beside the same without fsync (Options.NoSync).
go test ./runtime/ledger -run '^$' -bench '^BenchmarkAppend$' -benchtime=2000x | grep '^BenchmarkAppend'
