#!/usr/bin/env bash
# bench-deck: loading a 4 KB deck file beside its floor, plain
# crc32.ChecksumIEEE over the same bytes, which every load must compute:
# load+verify of a current file and load+migrate of a v5 file, in ns/op and
# MB/s, the median of COUNT runs each, and their ratio to the floor
# (goal: within 3x).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
count=${COUNT:-5}
cd "$root"
go test ./deck -run '^$' -bench '^Benchmark(CRCFloor|LoadVerify|LoadMigrate)$' -count "$count" |
	awk -v n="$count" '
	/^Benchmark/ {
		name = $1; sub(/-[0-9]+$/, "", name); sub(/^Benchmark/, "", name)
		ns[name, ++runs[name]] = $3; mbs[name, runs[name]] = $5
	}
	function median(a, name,    i, j, k, t, v) {
		k = runs[name]
		for (i = 1; i <= k; i++) v[i] = a[name, i]
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
		return v[int((k + 1) / 2)]
	}
	END {
		printf "%-38s %10s %10s %8s\n", "deck load (median of " n " runs)", "ns/op", "MB/s", "x floor"
		split("CRCFloor/current LoadVerify CRCFloor/v5 LoadMigrate", order, " ")
		for (i = 1; i <= 4; i++) {
			b = order[i]
			if (!(b in runs)) { print "bench-deck: no result for " b > "/dev/stderr"; exit 1 }
			t = median(ns, b); m = median(mbs, b)
			floor = (b ~ /Migrate|v5/) ? median(ns, "CRCFloor/v5") : median(ns, "CRCFloor/current")
			label = b
			if (b == "CRCFloor/current") label = "crc32.ChecksumIEEE, current (4200 B)"
			if (b == "CRCFloor/v5") label = "crc32.ChecksumIEEE, v5 (4072 B)"
			if (b == "LoadVerify") label = "Load, current: parse+CRC+decode"
			if (b == "LoadMigrate") label = "Load, v5: parse+CRC+migrate+decode"
			printf "%-38s %10.1f %10.0f %7.2fx\n", label, t, m, t / floor
		}
		print "goal: Load within 3.00x of the CRC floor"
	}'
