// Command cuefloor is make bench's floor for schemagen generate: CUE's
// loader and evaluator alone on the same packages, what generate cannot do
// without — load.Instances of the schema folder, BuildInstance and
// Validate of each package, as gen/model's Load calls them — and nothing
// else: no resolving, no emitting, no writing. generate is paired with it
// (scripts/bench-generate.sh, goal at most 2x).
//
//	go run ./scripts/cuefloor [SCHEMA_DIR]   # in the module root; default schema
package main

import (
	"fmt"
	"os"

	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
)

func main() {
	dir := "schema"
	if len(os.Args) == 2 {
		dir = os.Args[1]
	}
	insts := load.Instances([]string{"./" + dir + "/..."}, nil)
	ctx := cuecontext.New()
	for _, inst := range insts {
		if inst.Err != nil {
			fatal(inst.Err)
		}
		v := ctx.BuildInstance(inst)
		if err := v.Err(); err != nil {
			fatal(err)
		}
		if err := v.Validate(); err != nil {
			fatal(err)
		}
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "cuefloor:", err)
	os.Exit(1)
}
