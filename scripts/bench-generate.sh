#!/usr/bin/env bash
# bench-generate: `schemagen generate` paired with CUE's own tools on the
# same CUE package, each comparison a run of alternating pairs (ABBA) whose
# median per-pair ratio of CPU time (user+system) is the figure, with its
# min-max and the median wall time and peak RSS of each side
# (internal/benchpair/pairrun). Every process is a built binary run in a
# scratch module of its own, so both sides pay for process start, CUE's
# loader and evaluation, and writing their files.
#
#  1. schema/fleet: generate (Go, JSON Schema, TypeScript, the lock) vs
#     `cue exp gengotypes` (Go types only).           goal <= 1.00x
#  2. the same, against gengotypes followed by CUE's jsonschema.Generate
#     over every definition (scripts/cuepeer): CUE doing Go types and
#     JSON Schema.                                    report
#  3. cold: the same as 1, with generated/ removed before every run of
#     generate (it then writes every file).           report
#  4. synthetic wire packages of 10, 100, 1,000 and 5,000 definitions
#     (scripts/synth) beside gengotypes; 5,000 vs 1,000 within 6x, peak
#     RSS within 2x of gengotypes'.                   goal in each line
#  5. synthetic layouts of 100, 1,000 and 5,000 fields: generate's time and
#     peak RSS (gengotypes has no layout target).     5,000 vs 1,000 within 6x
#
# ROUNDS (default 21) pairs for the fleet lines; SCALE_ROUNDS (default 5)
# for the synthetic ones.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${ROUNDS:-21}
srounds=${SCALE_ROUNDS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "bench-generate: building schemagen, pairrun, cuepeer and installing cue v0.17.1 into $tmp/bin" >&2
(cd "$root" && go build -o "$tmp/bin/schemagen" ./cmd/schemagen &&
	go build -o "$tmp/bin/pairrun" ./internal/benchpair/pairrun &&
	go build -o "$tmp/bin/cuepeer" ./scripts/cuepeer)
GOBIN="$tmp/bin" GOFLAGS= go install cuelang.org/go/cmd/cue@v0.17.1
sg=$tmp/bin/schemagen cue=$tmp/bin/cue pair=$tmp/bin/pairrun

for d in ours cue cold; do
	mkdir -p "$tmp/$d/schema"
	cp -r "$root/cue.mod" "$tmp/$d/"
	cp -r "$root/schema/fleet" "$tmp/$d/schema/"
done
(cd "$tmp/ours" && "$sg" generate)

"$pair" -rounds "$rounds" -goal 1.0 -name "schema/fleet: generate (every target) vs cue exp gengotypes (Go types)" \
	-a-dir "$tmp/ours" -b-dir "$tmp/cue" -- "$sg" generate -- "$cue" exp gengotypes ./schema/fleet
"$pair" -rounds "$rounds" -name "schema/fleet: generate vs cue exp gengotypes + CUE jsonschema.Generate (Go types and JSON Schema)" \
	-a-dir "$tmp/ours" -b-dir "$tmp/cue" -- sh -c "exec $sg generate" -- sh -c "$cue exp gengotypes ./schema/fleet && exec $tmp/bin/cuepeer ./schema/fleet out"
"$pair" -rounds "$rounds" -name "schema/fleet, cold (generated/ removed each run): generate vs cue exp gengotypes" \
	-a-dir "$tmp/cold" -b-dir "$tmp/cue" -- sh -c "rm -rf generated && exec $sg generate" -- sh -c "rm -f schema/fleet/cue_types_gen.go && exec $cue exp gengotypes ./schema/fleet"

# scale NAME KIND SIZES...: generate at each size, paired with gengotypes
# for wire packages; the last two sizes' CPU times give the scaling ratio.
declare -A cpu peer
scale() {
	local kind=$1
	shift
	for n in "$@"; do
		local dir=$tmp/$kind$n
		(cd "$root" && go run ./scripts/synth "-$kind" "$n" "$dir")
		(cd "$dir" && "$sg" generate)
		local out
		if [[ $kind == wire ]]; then
			out=$("$pair" -rounds "$srounds" -name "synthetic wire package, $n definitions: generate vs cue exp gengotypes" \
				-a-dir "$dir" -b-dir "$dir" -- "$sg" generate -- "$cue" exp gengotypes ./schema/synth)
		else
			out=$("$pair" -rounds "$srounds" -name "synthetic layout, $n fields: generate vs a process doing nothing" \
				-a-dir "$dir" -b-dir "$dir" -- "$sg" generate -- true)
		fi
		echo "$out"
		# the median CPU of A and of B, in ms, from "…; 12.34ms vs 5.6s/op)"
		cpu[$kind$n]=$(echo "$out" | awk -F'; ' '/, cpu:/ { split($2, a, " vs "); print ms(a[1]) } function ms(v) { if (v ~ /ms/) { sub(/ms.*/, "", v); return v } if (v ~ /µs/) { sub(/µs.*/, "", v); return v / 1000 } sub(/s.*/, "", v); return v * 1000 }')
		peer[$kind$n]=$(echo "$out" | awk -F'; ' '/, cpu:/ { split($2, a, " vs "); print ms(a[2]) } function ms(v) { if (v ~ /ms/) { sub(/ms.*/, "", v); return v } if (v ~ /µs/) { sub(/µs.*/, "", v); return v / 1000 } sub(/s.*/, "", v); return v * 1000 }')
		if [[ $kind == wire ]]; then
			echo "$out" | awk '/peak rss/ { r = $NF; gsub(/[()x]/, "", r); printf "pair %s: peak RSS %.2fx gengotypes'"'"' goal <= 2.00x: %s\n", "'"synthetic wire package, $n definitions"'", r, (r <= 2.0 ? "met" : "NOT MET") }'
		fi
	done
}
scale wire 10 100 1000 5000
awk -v a="${cpu[wire5000]}" -v b="${cpu[wire1000]}" -v pa="${peer[wire5000]}" -v pb="${peer[wire1000]}" 'BEGIN { r = a / b; printf "pair synthetic wire packages: 5,000 vs 1,000 definitions %.2fx CPU (gengotypes itself %.2fx) goal <= 6.00x (linear is 5x): %s\n", r, pa / pb, (r <= 6 ? "met" : "NOT MET") }'
# Where the time goes, in process and with the collector off: CUE's loader
# and evaluator (load), and schemagen's own work (emit).
(cd "$root" && GOGC=off go test ./gen -run '^$' -bench '^BenchmarkScaling$' -benchtime 3x -cpu 1) | awk '
/^BenchmarkScaling\// { split($1, p, "/"); split(p[2], k, "="); ns[k[1] "/" k[2] "/" p[3]] = $3 }
END {
	split("wire layout", kinds, " ")
	for (i = 1; i <= 2; i++) {
		kd = kinds[i]
		l = ns[kd "/5000/load"] / ns[kd "/1000/load"]; e = ns[kd "/5000/emit"] / ns[kd "/1000/emit"]
		printf "pair synthetic %s, in process, collector off: 5,000 vs 1,000: load (CUE) %.2fx, emit (schemagen) %.2fx goal emit <= 6.00x: %s\n", kd, l, e, (e <= 6 ? "met" : "NOT MET")
	}
}'
scale layout 100 1000 5000
awk -v a="${cpu[layout5000]}" -v b="${cpu[layout1000]}" 'BEGIN { r = a / b; printf "pair synthetic layouts: 5,000 vs 1,000 fields %.2fx CPU goal <= 6.00x (linear is 5x): %s\n", r, (r <= 6 ? "met" : "NOT MET") }'
