#!/usr/bin/env bash
# bench-deck: loading a 4 KB deck file beside its floor, the CRC-32 over the
# same bytes, which every load must compute; each pair measured in one run,
# the two sides alternating (ABBA), as the median of the per-round ratios
# with their min-max (never a ratio of separately timed blocks, which once
# printed 0.58x its own floor).
#  (a) Go: the generated Load (generated/go/deck, through deck's
#      benchmark) of a current file and of a v5 file (migration) against
#      crc32.ChecksumIEEE (BenchmarkLoadVsCRC, internal/benchpair). Goal: 3x.
#  (b) C: the generated codec, deck_file_decode of the current 4200-byte
#      vector and of the v5 vector (migration) against deck_crc32, built with
#      gcc -O2 and with clang -O2 (conformance/c/testdata/bench_codec.c).
#      Goal: 2x. Where valgrind is installed, also the instructions each
#      side executes, which no other load on the machine changes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

echo "== Go: the generated Load (generated/go/deck) against crc32.ChecksumIEEE"
go test ./deck -run '^$' -bench '^BenchmarkLoadVsCRC$' -benchtime 1x | grep '^pair '

echo "== C: deck_file_decode against deck_crc32"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cur=conformance/c/testdata/vectors/v6-career.deck
v5=conformance/c/testdata/vectors/v5-payload-len-0.deck
status=0
for cc in gcc clang; do
	command -v "$cc" >/dev/null || { echo "$cc: not installed; skipped"; continue; }
	"$cc" -std=c11 -O2 -I generated/c -o "$tmp/bench-$cc" conformance/c/testdata/bench_codec.c generated/c/deck_file.c
	echo "$cc -O2:"
	"$tmp/bench-$cc" "$cur" "$v5" || status=1
done

if command -v valgrind >/dev/null; then
	echo "== C: instructions per call (valgrind --tool=callgrind, gcc -O2)"
	ir() { # ir FUNCTION FILE: the instructions run_FUNCTION executes, inclusive
		valgrind --tool=callgrind --toggle-collect="run_$1" --callgrind-out-file="$tmp/cg.out" \
			"$tmp/bench-gcc" --once "$1" "$2" >/dev/null 2>&1
		awk '/^(summary|totals):/ { print $2; exit }' "$tmp/cg.out"
	}
	for f in "$cur" "$v5"; do
		d=$(ir decode "$f"); c=$(ir crc "$f")
		awk -v f="$(basename "$f")" -v d="$d" -v c="$c" 'BEGIN { printf "%-28s decode %6d, crc %6d instructions: %.2fx\n", f, d, c, d / c }'
	done
fi
exit $status
