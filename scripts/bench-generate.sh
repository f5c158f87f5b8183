#!/usr/bin/env bash
# bench-generate: wall time of `schemagen generate` beside `cue exp gengotypes`
# on the same CUE package (schema/fleet, alone in a scratch module), the
# minimum of RUNS runs each, and their ratio. Both are built binaries run on
# a copy of the module, so both pay for process start, CUE loading and
# evaluation; schemagen also writes every target (Go, JSON Schema, the lock),
# gengotypes only Go types. A last line times schemagen on the whole schema
# (fleet and deck), which has no peer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-15}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "bench-generate: building schemagen and installing cue v0.17.1 into $tmp/bin" >&2
(cd "$root" && go build -o "$tmp/bin/schemagen" ./cmd/schemagen)
GOBIN="$tmp/bin" GOFLAGS= go install cuelang.org/go/cmd/cue@v0.17.1

for d in ours cue; do
	mkdir -p "$tmp/$d/schema"
	cp -r "$root/cue.mod" "$tmp/$d/"
	cp -r "$root/schema/fleet" "$tmp/$d/schema/"
done
mkdir -p "$tmp/all"
cp -r "$root/cue.mod" "$root/schema" "$tmp/all/"

# min_ns CMD...: the fastest of $runs runs, in nanoseconds.
min_ns() {
	local best=0 t0 t1 d
	for ((i = 0; i < runs; i++)); do
		t0=$(date +%s%N)
		"$@" >/dev/null
		t1=$(date +%s%N)
		d=$((t1 - t0))
		if ((best == 0 || d < best)); then best=$d; fi
	done
	echo "$best"
}

ours=$(cd "$tmp/ours" && min_ns "$tmp/bin/schemagen" generate)
cue=$(cd "$tmp/cue" && min_ns "$tmp/bin/cue" exp gengotypes ./schema/fleet)
all=$(cd "$tmp/all" && min_ns "$tmp/bin/schemagen" generate)
files=$(find "$tmp/ours/generated" -type f | wc -l)
allfiles=$(find "$tmp/all/generated" -type f | wc -l)
lines=$(cat "$tmp/ours"/generated/go/fleet/*.go | wc -l)
cuelines=$(cat "$tmp/cue"/schema/fleet/*.go | wc -l)

awk -v o="$ours" -v c="$cue" -v a="$all" -v n="$runs" -v f="$files" -v af="$allfiles" -v l="$lines" -v cl="$cuelines" 'BEGIN {
	printf "%-58s %10s\n", "schema/fleet, min of " n " runs", "wall ms"
	printf "%-58s %10.1f\n", "schemagen generate (" f " files; " l " lines of Go)", o / 1e6
	printf "%-58s %10.1f\n", "cue exp gengotypes ./schema/fleet (1 file; " cl " lines of Go)", c / 1e6
	printf "ratio schemagen / cue: %.2fx (goal <= 1.00x)\n", o / c
	printf "%-58s %10.1f\n", "schemagen generate, whole schema (" af " files)", a / 1e6
}'
