package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/output"
)

func runGenerate(e *env, args []string) int {
	fl := e.flags("generate", "[--accept-breaking REASON]")
	accept := fl.String("accept-breaking", "", "write the lock despite breaking findings, recording them and this reason in its history")
	if !e.parse(fl, args, 0) {
		return exitInput
	}
	if *accept != "" && strings.TrimSpace(*accept) == "" {
		e.errorf("--accept-breaking needs a reason")
		return exitInput
	}
	res, code := build(e, gen.Options{AcceptBreaking: *accept})
	if res == nil {
		return code
	}
	breaking := lock.HasBreaking(res.Findings)
	printFindings(e, res.Findings)
	switch {
	case breaking && *accept == "":
		e.errorf("the schema breaks %s/%s (above); nothing was written.\n"+
			"Fix the schema, or accept the break on purpose with\n"+
			"  schemagen generate --accept-breaking \"why this is safe\"\n"+
			"which records it in the lock's history for review.", output.Dir, lock.Path)
		return exitCheck
	case !breaking && *accept != "":
		e.errorf("--accept-breaking given, but nothing breaks the lock; nothing was written")
		return exitInput
	}
	if err := res.Files.Write(e.root); err != nil {
		e.errorf("writing %s/: %v (the previous tree is left as it was)", output.Dir, err)
		return exitInput
	}
	return exitOK
}

func runCheck(e *env, args []string) int {
	fl := e.flags("check", "")
	if !e.parse(fl, args, 0) {
		return exitInput
	}
	res, code := build(e, gen.Options{})
	if res == nil {
		return code
	}
	changes, err := res.Files.Diff(e.root)
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

// build loads the schema and runs every emitter against the lock generated/
// holds now. On failure it prints why and returns nil and the exit code.
func build(e *env, opt gen.Options) (*gen.Result, int) {
	base, err := readLock(e.root)
	if err != nil {
		e.errorf("%v", err)
		return nil, exitInput
	}
	opt.Baseline = base
	res, err := gen.Generate(e.root, opt)
	if err != nil {
		fmt.Fprintln(e.stderr, err)
		e.errorf("the schema has errors; nothing was written")
		return nil, exitInput
	}
	return res, exitOK
}

// readLock reads generated/schema.lock.json, or returns nil if there is none.
func readLock(root string) (*lock.Lock, error) {
	data, err := os.ReadFile(filepath.Join(root, output.Dir, lock.Path))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	l, err := lock.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s/%v", output.Dir, err)
	}
	return l, nil
}

// printFindings prints findings one per line on stderr.
func printFindings(e *env, findings []lock.Finding) {
	for _, f := range findings {
		fmt.Fprintln(e.stderr, f)
	}
}

// flags returns a flag set for a subcommand that reports errors on stderr.
func (e *env) flags(name, usage string) *flag.FlagSet {
	fl := flag.NewFlagSet(name, flag.ContinueOnError)
	fl.SetOutput(e.stderr)
	fl.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: schemagen %s %s\n", name, usage)
		fl.PrintDefaults()
	}
	return fl
}

// parse parses args and checks the number of positional arguments.
func (e *env) parse(fl *flag.FlagSet, args []string, positional int) bool {
	if err := fl.Parse(args); err != nil {
		return false
	}
	if fl.NArg() != positional {
		e.errorf("%s takes %d argument(s), got %q", fl.Name(), positional, fl.Args())
		fl.Usage()
		return false
	}
	return true
}
