// Command cuepeer is make bench's peer for the JSON Schema half of
// schemagen generate: CUE's own encoding/jsonschema.Generate over every
// definition of a package, one file each, in the working directory's
// module. Beside `cue exp gengotypes` it is CUE doing Go types and JSON
// Schema for the same package, which schemagen generate is paired with.
//
//	go run ./scripts/cuepeer ./schema/fleet OUTDIR
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
	cuejsonschema "cuelang.org/go/encoding/jsonschema"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: cuepeer PACKAGE OUTDIR")
		os.Exit(2)
	}
	insts := load.Instances([]string{os.Args[1]}, nil)
	if err := insts[0].Err; err != nil {
		fatal(err)
	}
	ctx := cuecontext.New()
	v := ctx.BuildInstance(insts[0])
	if err := v.Err(); err != nil {
		fatal(err)
	}
	if err := os.MkdirAll(os.Args[2], 0o755); err != nil {
		fatal(err)
	}
	it, err := v.Fields(cue.Definitions(true))
	if err != nil {
		fatal(err)
	}
	for it.Next() {
		name := strings.TrimPrefix(it.Selector().String(), "#")
		expr, err := cuejsonschema.Generate(it.Value(), nil)
		if err != nil {
			continue // CUE cannot express this definition; schemagen would
		}
		data, err := json.MarshalIndent(ctx.BuildExpr(expr), "", "  ")
		if err != nil {
			continue
		}
		if err := os.WriteFile(filepath.Join(os.Args[2], name+".schema.json"), append(data, '\n'), 0o644); err != nil {
			fatal(err)
		}
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "cuepeer:", err)
	os.Exit(1)
}
