package main

import (
	"fmt"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/output"
)

func runGenerate(e *env, args []string) int {
	if !noArgs(e, "generate", args) {
		return exitInput
	}
	set, ok := build(e)
	if !ok {
		return exitInput
	}
	if err := set.Write(e.root); err != nil {
		e.errorf("writing %s/: %v (the previous tree is left as it was)", output.Dir, err)
		return exitInput
	}
	return exitOK
}

func runCheck(e *env, args []string) int {
	if !noArgs(e, "check", args) {
		return exitInput
	}
	set, ok := build(e)
	if !ok {
		return exitInput
	}
	changes, err := set.Diff(e.root)
	if err != nil {
		e.errorf("reading %s/: %v", output.Dir, err)
		return exitInput
	}
	if len(changes) == 0 {
		return exitOK
	}
	fmt.Fprintf(e.stderr, "schemagen check: %s/ is not what generate would write (%d file(s)):\n", output.Dir, len(changes))
	for _, c := range changes {
		fmt.Fprintln(e.stderr, "  "+c.String())
	}
	fmt.Fprintln(e.stderr, "Run `make generate` (or `go generate ./...`) and commit the result.")
	return exitCheck
}

// build loads the schema and runs every emitter, printing schema errors.
func build(e *env) (output.Set, bool) {
	set, err := gen.Generate(e.root)
	if err != nil {
		fmt.Fprintln(e.stderr, err)
		e.errorf("the schema has errors; nothing was written")
		return nil, false
	}
	return set, true
}
