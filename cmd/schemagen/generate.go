package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/gocheck"
	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
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
	// The output's lock is held from reading the lock file to the swap:
	// no other generate or check sees a tree half-way (output.Lock).
	out, err := output.Lock(e.root, e.out())
	if err != nil {
		e.errorf("%v", err)
		return exitInput
	}
	defer out.Unlock()
	// Each emitter's files go into the next tree as it makes them
	// (output.Stream): nothing in the output folder changes until the
	// swap, and a run that stops before it leaves the folder as it was.
	st := out.Stream()
	defer st.Abort()
	res, code := build(e, gen.Options{AcceptBreaking: *accept}, formatText, st.Add)
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
			"which records it in the lock's history for review.", e.out(), lock.Path)
		return exitCheck
	case !breaking && *accept != "":
		e.errorf("--accept-breaking given, but nothing breaks the lock; nothing was written")
		return exitInput
	}
	changes, err := st.Changes()
	if err != nil {
		e.errorf("writing %s/: %v", e.out(), err) // the error says what is on disk
		return exitInput
	}
	if len(changes) == 0 {
		return exitOK // generated/ already is what this run would write
	}
	if err := checkGo(e.out(), st.Paths(), st.Read, changes); err != nil {
		e.errorf("%v\nThis is a schemagen bug (the schema's names should have been refused, with their positions); nothing was written.", err)
		return exitInput
	}
	if err := st.Publish(); err != nil {
		e.errorf("writing %s/: %v", e.out(), err) // the error says what is on disk
		return exitInput
	}
	return exitOK
}

// checkGo type-checks the Go packages generate is about to change, those
// of a file in changes (a package whose files are all as on disk was
// checked when it was written), so that Go which does not compile is never
// written. paths are the files of the next tree, read with read a package
// at a time.
func checkGo(out string, paths []string, read func(string) ([]byte, error), changes []output.Change) error {
	dirs := map[string]bool{}
	for _, c := range changes {
		if strings.HasSuffix(c.Path, ".go") && c.Kind != "extra" {
			dirs[path.Dir(c.Path)] = true
		}
	}
	if len(dirs) == 0 {
		return nil
	}
	var check []string
	for _, p := range paths {
		if dirs[path.Dir(p)] {
			check = append(check, p)
		}
	}
	return gocheck.CheckRead(out, check, read)
}

func runCheck(e *env, args []string) int {
	fl := e.flags("check", "[--format text|json|github]")
	format := fl.String("format", formatText, "output format: text, json or github (GitHub Actions workflow commands)")
	if !e.parse(fl, args, 0) || !e.checkFormat(*format) {
		return exitInput
	}
	out, err := output.Lock(e.root, e.out())
	if err != nil {
		e.errorf("%v", err)
		return exitInput
	}
	defer out.Unlock()
	res, code := build(e, gen.Options{}, *format, nil)
	if res == nil {
		return code
	}
	changes, err := out.Diff(res.Files)
	if err != nil {
		e.errorf("reading %s/: %v", e.out(), err)
		return exitInput
	}
	fix := "Run `schemagen generate` and commit the result."
	switch *format {
	case formatJSON:
		type stale struct {
			Path string `json:"path"`
			Kind string `json:"kind"` // missing, stale or extra
			Line int    `json:"line,omitempty"`
			Want string `json:"want,omitempty"`
			Have string `json:"have,omitempty"`
		}
		out := struct {
			Stale []stale `json:"stale"`
		}{[]stale{}}
		for _, c := range changes {
			out.Stale = append(out.Stale, stale{path.Join(e.out(), c.Path), c.Kind, c.Line, c.Want, c.Have})
		}
		writeJSON(e.stdout, out)
	case formatGitHub:
		for _, c := range changes {
			pos := model.Pos{File: path.Join(e.out(), c.Path), Line: c.Line}
			msg := c.String()
			if c.Kind == "stale" {
				msg = fmt.Sprintf("%s: not what generate would write from line %d: want %q, have %q", pos.File, c.Line, c.Want, c.Have)
			}
			fmt.Fprintln(e.stdout, workflowCommand("error", pos, e.out()+"/ is stale", msg+". "+fix))
		}
		if len(changes) > 0 {
			fmt.Fprintf(e.stdout, "schemagen check: %s/ is not what generate would write (%d file(s))\n", e.out(), len(changes))
		}
	default:
		if len(changes) > 0 {
			fmt.Fprintf(e.stderr, "schemagen check: %s/ is not what generate would write (%d file(s)):\n", e.out(), len(changes))
			for _, c := range changes {
				fmt.Fprintln(e.stderr, "  "+c.String())
			}
			fmt.Fprintln(e.stderr, fix)
		}
	}
	if len(changes) == 0 {
		return exitOK
	}
	return exitCheck
}

// build loads the schema and runs every emitter against the lock generated/
// holds now, handing the files to add as they are made, or, when add is
// nil, returning them in the result. On failure it prints why (in format)
// and returns nil and the exit code. A schema the model refuses is compared with the lock first,
// so that the refusal is told by its cause: the one field that changed,
// not every shipped version it no longer adds up to.
func build(e *env, opt gen.Options, format string, add func(...output.File) error) (*gen.Result, int) {
	data, err := readLockFile(e.root, e.out())
	if err != nil {
		e.errorf("%v", err)
		return nil, exitInput
	}
	opt.Baseline = data // read against the schema's lock (lock.Reread)
	// The emitters' refusals of what the model read join the model's
	// own (gen.Refusals), so that a run reports every refusal at once.
	s, err := model.LoadWith(e.root, model.LoadOptions{Partial: true, Also: gen.Refusals})
	var rerr *model.ReadError
	if errors.As(err, &rerr) {
		// An I/O problem, not the schema's: say which file and why.
		e.errorf("%v; nothing was written", err)
		return nil, exitInput
	}
	if err != nil {
		base, perr := parseLock(e.out(), data)
		if perr != nil {
			e.errorf("%v", perr)
			return nil, exitInput
		}
		findings, invalid := lock.Check(base, s, err)
		for _, f := range findings {
			if format == formatGitHub {
				fmt.Fprintln(e.stdout, findingCommand(f))
			} else {
				fmt.Fprintln(e.stderr, f)
			}
		}
		e.printSchemaErrors(format, invalid)
		e.errorf("the schema has errors; nothing was written")
		return nil, exitInput
	}
	var res *gen.Result
	var mu sync.Mutex
	var addErr error
	if add == nil {
		res, err = gen.Emit(s, opt)
	} else {
		var findings []lock.Finding
		findings, err = gen.EmitTo(s, opt, func(files ...output.File) error {
			err := add(files...)
			if err != nil {
				mu.Lock()
				addErr = err // the same error whichever add returned it: the first
				mu.Unlock()
			}
			return err
		})
		res = &gen.Result{Findings: findings}
	}
	if err != nil && addErr != nil && errors.Is(err, addErr) {
		e.errorf("writing %s/: %v", e.out(), err) // the error says what is on disk
		return nil, exitInput
	}
	var berr *gen.BaselineError
	if errors.As(err, &berr) {
		e.errorf("%s/%v", e.out(), berr.Err)
		return nil, exitInput
	}
	if err != nil {
		if l, ok := err.(model.ErrorList); ok {
			e.printSchemaErrors(format, l)
		} else {
			fmt.Fprintln(e.stderr, err)
		}
		e.errorf("the schema has errors; nothing was written")
		return nil, exitInput
	}
	return res, exitOK
}

// readLock reads out/schema.lock.json, or returns nil if there is none.
func readLock(root, out string) (*lock.Lock, error) {
	data, err := readLockFile(root, out)
	if err != nil {
		return nil, err
	}
	return parseLock(out, data)
}

// readLockFile returns the bytes of out/schema.lock.json, or nil if there
// is none.
func readLockFile(root, out string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(out), lock.Path))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// parseLock parses the lock file data of out, or returns nil for none.
func parseLock(out string, data []byte) (*lock.Lock, error) {
	if data == nil {
		return nil, nil
	}
	l, err := lock.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s/%v", out, err)
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
