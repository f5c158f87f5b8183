#!/usr/bin/env bash
# bench: make bench as a judge. Runs every part in turn (the TypeScript
# validation, scripts/bench-*.sh, the lock's compare), shows their output
# as it comes and keeps it; every goal line ends in PASS or FAIL (each a
# paired measurement in one run: internal/benchpair, pairrun). At the end
# it prints every goal line again under a summary — how many passed, how
# many failed, which parts did not finish — and exits 1 when a goal line
# failed or a part stopped with an error, 0 only when every goal was met.
#
#   PARTS="generate wire" make bench   # only those parts (default: all)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

declare -A cmd=(
	[ts]="cd conformance/ts && node bench/validate.mjs"
	[generate]="bash scripts/bench-generate.sh"
	[wire]="bash scripts/bench-wire.sh"
	[runtime]="bash scripts/bench-runtime.sh"
	[deck]="bash scripts/bench-deck.sh"
	[size]="bash scripts/bench-size.sh"
	[lock]="go test ./gen/lock -run '^\$' -bench '^BenchmarkCompare(Scaling)?\$' -benchtime=1x | grep '^pair '"
)
order=(ts generate wire runtime deck size lock)
parts=${PARTS:-${order[*]}}
broken=()
for p in $parts; do
	[[ -n ${cmd[$p]:-} ]] || { echo "bench: no part $p (parts: ${order[*]})" >&2; exit 2; }
	echo "== bench $p"
	if ! (eval "${cmd[$p]}") 2>&1 | tee -a "$log"; then
		broken+=("$p")
	fi
done

pass=$(grep -c ': PASS$' "$log")
fail=$(grep -c ': FAIL$' "$log")
echo
echo "== bench summary: $pass goal line(s) PASS, $fail FAIL${broken:+, part(s) that stopped with an error: ${broken[*]}}"
grep -E ': (PASS|FAIL)$' "$log" | sed -E 's/^(.*): (PASS|FAIL)$/\2  \1/'
if ((fail > 0 || ${#broken[@]} > 0)); then
	exit 1
fi
