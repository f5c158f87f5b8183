#!/usr/bin/env bash
# soak-cue-testdata: schemagen generate over every test input of CUE's own
# module (its evaluator's, its encoders', its tools' txtar archives: the
# .cue files at each archive's top level, made one package), as hostile a
# corpus of CUE as there is: cycles, builtins, errors on purpose. Each
# input must be generated or refused at its positions; a crash (a panic,
# a fatal error such as a stack overflow, which no recover catches), an
# internal error, a "schemagen bug" or a run longer than
# SOAK_INPUT_SECONDS (default 20) fails the soak. CUE's module is the one
# go.mod pins (go list -m). Prints inputs read, generated, refused and
# failed; exits non-zero on any failure. It found a stack overflow in the
# resolver (CUE's cycle/patterns test, issue 3326:
# gen/model/testdata/ok-conjunct-cycle.txtar).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
per=${SOAK_INPUT_SECONDS:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/schemagen" ./cmd/schemagen
cuedir=$(go list -m -f '{{.Dir}}' cuelang.org/go)
read=0 generated=0 refused=0 failed=0
while IFS= read -r archive; do
	m=$tmp/m
	rm -rf "$m"
	mkdir -p "$m/cue.mod" "$m/schema/p"
	printf 'module: "example.com/t@v0"\nlanguage: version: "v0.17.0"\n' >"$m/cue.mod/module.cue"
	# The archive's top-level .cue members, byte for byte, then made one
	# package p.
	awk -v d="$m/schema/p" '/^-- .* --$/ { f = $2; out = ""; if (f ~ /\.cue$/ && f !~ /\//) out = d "/" f; next } out != "" { print > out }' "$archive"
	shopt -s nullglob
	files=("$m"/schema/p/*.cue)
	shopt -u nullglob
	[ ${#files[@]} -gt 0 ] || continue
	for f in "${files[@]}"; do
		if grep -q '^package ' "$f"; then
			sed -i 's/^package .*/package p/' "$f"
		else
			sed -i '1i package p' "$f"
		fi
	done
	read=$((read + 1))
	rc=0
	out=$(timeout "$per" "$tmp/schemagen" -C "$m" generate 2>&1) || rc=$?
	if [ $rc = 124 ] || [ $rc -gt 2 ] || grep -q 'internal error\|schemagen bug\|^goroutine \|^fatal error\|^panic:' <<<"$out"; then
		failed=$((failed + 1))
		echo "FAIL ${archive#"$cuedir"/} (exit $rc): $(grep -m1 'internal error\|schemagen bug\|fatal error\|panic' <<<"$out" | cut -c1-300)"
	elif [ $rc = 0 ]; then
		generated=$((generated + 1))
	else
		refused=$((refused + 1))
	fi
done < <(find "$cuedir" -name '*.txtar' | sort)
echo "soak-cue-testdata: $read inputs of $cuedir: $generated generated, $refused refused at their positions, $failed failed"
[ "$failed" = 0 ]
