#!/usr/bin/env bash
# survey-schemastore.sh CHECKOUT [OUT]: the wide survey of docs/corpus.md.
#
# Brings every JSON Schema of a SchemaStore checkout (CHECKOUT, with
# src/schemas/json) in through `cue import`, one CUE module each, unmodified;
# generates each with schemagen; builds what generates (go build, and tsc
# --strict over the TypeScript); and prints how many import, generate and
# build. OUT (default /tmp/schemastore-survey) holds the modules and
# results.txt, one line per module: ok, or the first line of its refusal.
#
# Not part of make test: about an hour on two cores. Needs bin/cue (`GOBIN=$PWD/bin
# go install cuelang.org/go/cmd/cue@v0.17.1`) and conformance/ts's npm ci.
set -u
src=$1
out=${2:-/tmp/schemastore-survey}
root=$(cd "$(dirname "$0")/.." && pwd)
cue=$root/bin/cue
tsc=$root/conformance/ts/node_modules/.bin/tsc
mkdir -p "$out/mods"
go build -o "$out/schemagen" "$root/cmd/schemagen" || exit 2

imported=0
for f in "$src"/src/schemas/json/*.json; do
	name=$(basename "$f" .json)
	pkg=$(echo "$name" | tr 'A-Z' 'a-z' | tr -cd 'a-z0-9')
	case $pkg in '') continue ;; [0-9]*) pkg=x$pkg ;; esac
	d=$out/mods/$pkg
	if [ ! -d "$d" ]; then
		mkdir -p "$d/cue.mod" "$d/schema/$pkg"
		printf 'module: "example.com/survey/%s@v0"\nlanguage: version: "v0.17.0"\n' "$pkg" >"$d/cue.mod/module.cue"
		if ! timeout 60 "$cue" import --package "$pkg" --outfile "$d/schema/$pkg/$pkg.cue" jsonschema: "$f" >/dev/null 2>&1; then
			rm -rf "$d"
			continue
		fi
	fi
	imported=$((imported + 1))
done

: >"$out/results.txt"
generated=0
built=0
for d in "$out"/mods/*/; do
	m=$(basename "$d")
	rm -rf "$d/generated"
	if msg=$(timeout 120 "$out/schemagen" -C "$d" generate 2>&1); then
		generated=$((generated + 1))
		g=$d/generated
		printf 'module example.com/survey/%s/generated/go\ngo 1.24\nrequire github.com/schemagen/schemagen v0.0.0\nreplace github.com/schemagen/schemagen => %s\n' "$m" "$root" >"$g/go/go.mod"
		cp "$root/go.sum" "$g/go/"
		if gerr=$(cd "$g/go" && GOFLAGS=-mod=mod go build ./... 2>&1) &&
			terr=$("$tsc" --strict --noEmit --target es2022 --module nodenext --moduleResolution nodenext "$g"/ts/*.ts 2>&1); then
			built=$((built + 1))
			echo "$m ok" >>"$out/results.txt"
		else
			echo "$m generated, not built: $(echo "${gerr:-}${terr:-}" | head -1)" >>"$out/results.txt"
		fi
	else
		echo "$m refused: $(echo "$msg" | head -1)" >>"$out/results.txt"
	fi
done
echo "imported $imported, generated $generated, built $built (Go and TypeScript); $out/results.txt"
