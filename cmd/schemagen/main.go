// Command schemagen generates, from a module's CUE schema, everything the
// teams around it build against — Go, JSON Schema, TypeScript, C and a
// reference of the contract — and checks it.
//
// Usage:
//
//	schemagen [-C dir] generate [--accept-breaking REASON]
//	schemagen [-C dir] check [--format text|json|github]
//	schemagen [-C dir] breaking [--against REF] [--format text|json|github]
//	schemagen [-C dir] budget
//	schemagen [-C dir] deck inspect|migrate FILE
//	schemagen [-C dir] deck new [--force] FILE
//
// The module is the folder holding cue.mod (-C, or the nearest at or above
// the working directory); its schemagen.cue says where the schema and the
// output folder (generated/ by default) are.
//
// generate writes all of generated/ from the schema, refusing to move the
// compatibility lock over a breaking change unless it is accepted with a
// reason; check exits 1 if generated/ is not what generate would write;
// breaking lists every finding against the committed lock (or the lock at
// a git revision) and exits 1 if any is breaking; budget prints the
// layout package's budget table, recomputed from the schema. deck reads
// (inspect), migrates in place (migrate) or creates (new) a file of the
// module's layout package (docs/cli.md).
//
// Exit status: 0 ok, 1 the check failed, 2 bad input or usage. Every error
// about the schema names its CUE file:line:col. A failing run writes nothing.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"

	"github.com/schemagen/schemagen/gen/model"
)

// Exit codes.
const (
	exitOK    = 0
	exitCheck = 1 // the check ran and failed
	exitInput = 2 // bad input or usage
)

func main() {
	tuneGC()
	armCrash()
	stop := profile()
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// profile starts a CPU profile into the file SCHEMAGEN_CPUPROFILE names
// and arranges for an allocation profile into SCHEMAGEN_MEMPROFILE, each
// only when set (docs/performance.md); the returned function finishes
// both. A profile that cannot be written is reported on stderr and does
// not change the run.
func profile() (stop func()) {
	cpu, mem := os.Getenv("SCHEMAGEN_CPUPROFILE"), os.Getenv("SCHEMAGEN_MEMPROFILE")
	var f *os.File
	if cpu != "" {
		var err error
		if f, err = os.Create(cpu); err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "schemagen: cpu profile:", err)
			f = nil
		}
	}
	return func() {
		if f != nil {
			pprof.StopCPUProfile()
			f.Close()
		}
		if mem != "" {
			m, err := os.Create(mem)
			if err == nil {
				err = pprof.Lookup("allocs").WriteTo(m, 0)
				m.Close()
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, "schemagen: allocation profile:", err)
			}
		}
	}
}

// Collector settings: see tuneGC.
const (
	gcFreeHeap = 64 << 20 // heap the collector leaves alone
	gcPercent  = 80       // GOGC once it has run
)

// tuneGC makes a small run collect nothing and a large one collect as
// usual. A run over a schema like this repository's allocates about 6 MB
// and exits; collecting it would cost more than it frees. So the collector
// is off until the heap reaches gcFreeHeap; the first collection then
// finalizes a sentinel, which turns the collector on for the rest of the
// run with GOGC=gcPercent, so that a schema of thousands of definitions
// peaks near twice its live heap rather than growing without bound
// (issue 16: 448 MiB at 1,000 definitions). GOGC or GOMEMLIMIT in the
// environment are left to the runtime.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(gcFreeHeap)
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		debug.SetGCPercent(gcPercent)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(env *env, args []string) int
	// noSchema commands work on files outside the module and need no root.
	noSchema bool
}

var commands = []command{
	{"generate", "write all of generated/ from schema/", runGenerate, false},
	{"check", "exit 1 if generated/ is not what generate would write", runCheck, false},
	{"breaking", "list every way the schema breaks the committed lock; exit 1 if any does", runBreaking, false},
	{"budget", "print the layout's budget table: sizes per version, ceiling, headroom", runBudget, false},
	{"deck", "inspect|migrate|new FILE: print a deck-state file as JSON, migrate it in place, or create one", runDeck, true},
}

// env is what every subcommand gets: where the module is and where to print.
type env struct {
	root           string
	dir            string        // -C as given ("" when not)
	cfg            *model.Config // the module's schemagen.cue; nil for deck, which reads only the schema
	stdout, stderr io.Writer
}

// out is the module's output folder as schemagen.cue names it, e.g. generated.
func (e *env) out() string { return e.cfg.Output }

func (e *env) errorf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "schemagen: "+format+"\n", args...)
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("schemagen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("C", "", "the module root (default: the nearest directory above the current one holding cue.mod)")
	fs.Usage = func() { usage(stderr) }
	if err := fs.Parse(args); err != nil {
		return exitInput
	}
	if fs.NArg() == 0 {
		usage(stderr)
		return exitInput
	}
	name := fs.Arg(0)
	for _, c := range commands {
		if c.name != name {
			continue
		}
		e := &env{stdout: stdout, stderr: stderr, dir: *dir}
		if !c.noSchema {
			root, err := findRoot(*dir)
			if err != nil {
				fmt.Fprintln(stderr, "schemagen:", err)
				return exitInput
			}
			e.root = root
			cfg, err := model.ReadConfig(root)
			if err != nil {
				if l, ok := err.(model.ErrorList); ok {
					e.printSchemaErrors(formatText, l)
					e.errorf("the module's settings have errors (%s, cue.mod/module.cue); nothing was done", model.ConfigFile)
				} else {
					e.errorf("%v", err)
				}
				return exitInput
			}
			e.cfg = cfg
		}
		return c.run(e, fs.Args()[1:])
	}
	fmt.Fprintf(stderr, "schemagen: unknown command %q\n", name)
	usage(stderr)
	return exitInput
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: schemagen [-C dir] <command> [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nexit status: 0 ok, 1 the check failed, 2 bad input or usage")
}

// findRoot returns dir, or the nearest directory at or above the working
// directory that holds cue.mod.
func findRoot(dir string) (string, error) {
	if dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "cue.mod")); err != nil {
			return "", fmt.Errorf("%s is not a schemagen module root: it has no cue.mod", dir)
		}
		return dir, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "cue.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", errors.New("no cue.mod in this directory or any above it; run schemagen inside the module or pass -C")
		}
	}
}
