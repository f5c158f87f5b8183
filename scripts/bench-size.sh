#!/usr/bin/env bash
# bench-size: every size figure of the generated C codec in one line, as a
# firmware team budgets it:
#   - .text+.rodata of deck_file.o for Cortex-M0 and Cortex-M4
#     (arm-none-eabi-gcc -mthumb -Os, the flags of conformance/c);
#   - the worst-case stack of each public function on Cortex-M0: its own
#     frame (-fstack-usage) plus the deepest chain of callees, from gcc's
#     call graph (-fcallgraph-info=su); the codec has no recursion and no
#     indirect call, so the chain is exact, and memset (the one C library
#     call) is counted as 0;
#   - the RAM a load needs on Cortex-M0 with the streaming decoder:
#     sizeof(DeckState) + sizeof(DeckFileDecoder) + a 64-byte chunk,
#     against the whole-buffer decode's DECK_FILE_SIZE_MAX + sizeof(DeckState);
#   - beside nanopb's decoder+encoder, whose sources no Debian package ships
#     (libnanopb-dev has an x86 archive and headers only): its documented
#     figure, "<10 kB ROM, <1 kB RAM".
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=arm-none-eabi-gcc
command -v "$cc" >/dev/null || { echo "size: $cc not installed (make c-tools installs it)"; exit 1; }

text_rodata() { # text_rodata CPU: bytes of .text* and .rodata* in deck_file.o
	"$cc" -std=c11 -mcpu="$1" -mthumb -Os -I generated/c -c -o "$tmp/$1.o" generated/c/deck_file.c
	arm-none-eabi-size -A "$tmp/$1.o" | awk '$1 ~ /^\.(text|rodata)/ { n += $2 } END { print n }'
}
m0=$(text_rodata cortex-m0)
m4=$(text_rodata cortex-m4)

(cd "$tmp" && "$cc" -std=c11 -mcpu=cortex-m0 -mthumb -Os -fstack-usage -fcallgraph-info=su \
	-I "$root/generated/c" -c -o stack.o "$root/generated/c/deck_file.c")
stacks=$(awk '
	/^node:/ {
		match($0, /title: "[^"]*"/); t = substr($0, RSTART + 8, RLENGTH - 9)
		own[t] = 0
		if (match($0, /\\n[0-9]+ bytes/)) { s = substr($0, RSTART + 2, RLENGTH - 2); sub(/ bytes/, "", s); own[t] = s + 0 }
	}
	/^edge:/ {
		match($0, /sourcename: "[^"]*"/); a = substr($0, RSTART + 13, RLENGTH - 14)
		match($0, /targetname: "[^"]*"/); b = substr($0, RSTART + 13, RLENGTH - 14)
		calls[a] = calls[a] " " b
	}
	function worst(f,    n, i, c, m, w) {
		if (f in memo) return memo[f]
		m = 0; n = split(calls[f], c, " ")
		for (i = 1; i <= n; i++) { w = worst(c[i]); if (w > m) m = w }
		memo[f] = own[f] + m
		return memo[f]
	}
	END {
		split("deck_file_decode deck_file_decoder_init deck_file_decoder_feed deck_file_decoder_finish deck_file_encode deck_file_encoder_init deck_file_encoder_read deck_file_may_overwrite deck_state_new_career deck_file_pick deck_crc32", pub, " ")
		out = ""
		for (i = 1; i in pub; i++) { f = pub[i]; out = out sprintf("%s%s %d", (i > 1 ? ", " : ""), f, worst(f)) }
		print out
	}' "$tmp/stack.ci")

# The RAM a load takes, from the compiler: the sizes as Cortex-M0 lays them out.
cat >"$tmp/ram.c" <<'C'
#include "deck_file.h"
const unsigned int ram[3] = {sizeof(DeckState), sizeof(DeckFileDecoder), DECK_FILE_SIZE_MAX};
C
"$cc" -std=c11 -mcpu=cortex-m0 -mthumb -Os -I generated/c -c -o "$tmp/ram.o" "$tmp/ram.c"
read -r state decoder file < <(arm-none-eabi-objcopy -O binary -j .rodata "$tmp/ram.o" "$tmp/ram.bin" &&
	od -An -t u4 -v "$tmp/ram.bin" | tr -s ' \n' ' ' | awk '{ print $1, $2, $3 }')
chunk=64
echo "size: deck_file.o .text+.rodata ${m0} B on cortex-m0, ${m4} B on cortex-m4 (-Os);" \
	"worst-case stack on cortex-m0 (B): ${stacks};" \
	"RAM to load on cortex-m0: streaming ${state} + ${decoder} + ${chunk}-byte chunk = $((state + decoder + chunk)) B, whole-buffer ${state} + ${file} = $((state + file)) B;" \
	"nanopb decoder+encoder: not built here (no Debian package ships its sources), documented <10 kB ROM, <1 kB RAM"
