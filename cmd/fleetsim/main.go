// Command fleetsim replays fleet events through the host runtime and prints
// the snapshots it serves (SPEC §5).
//
//	fleetsim [--ledger PATH] [--tz NAME] [--max-skew DURATION] < events.jsonl > snapshots.jsonl
//
// It reads replay events, one JSON object a line, from stdin, and for every
// read event prints one fleet Snapshot as one JSON line on stdout. A line
// that is not a valid event, or that the runtime refuses, is reported on
// stderr as "line N: why" and skipped; the run goes on.
//
// --ledger names seat-ledger.jsonl, read at start and at every restart event
// and appended to; it is created if absent and kept. Without it fleetsim
// uses a fresh temporary ledger, removed at exit, so the same stream always
// prints the same snapshots. --tz names the host's local calendar (an IANA
// zone such as Europe/Berlin) that decides which day the tallies count;
// without it, the machine's. --max-skew is how far ahead of the host's
// clock (in a replay, the time of the next read or restart; see
// runtime/replay) an event or a ledger row may be stamped: beyond it, it
// is reported and not counted (default 5m).
//
// The ledger is locked while fleetsim runs: a second host on the same
// ledger is refused (exit 2).
//
// Exit status: 0 every line applied, 1 some lines were skipped, 2 bad usage
// or the run could not go on (the ledger could not be opened, stdin or
// stdout failed).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
	_ "time/tzdata" // --tz works on a machine without a zoneinfo database

	"github.com/schemagen/schemagen/runtime/fleetruntime"
	"github.com/schemagen/schemagen/runtime/replay"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fleetsim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ledger := fs.String("ledger", "", "seat-ledger.jsonl to read and append to, created if absent (default: a fresh temporary one)")
	tz := fs.String("tz", "", "the host's local calendar, an IANA zone name (default: the machine's)")
	skew := fs.Duration("max-skew", fleetruntime.DefaultMaxSkew, "how far ahead of the host's clock an event or ledger row may be; beyond it, it is reported and not counted")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: fleetsim [--ledger PATH] [--tz NAME] [--max-skew DURATION] < events.jsonl")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if *skew <= 0 {
		fmt.Fprintf(stderr, "fleetsim: --max-skew must be positive (is %v)\n", *skew)
		return 2
	}
	loc := time.Local
	if *tz != "" {
		var err error
		if loc, err = time.LoadLocation(*tz); err != nil {
			fmt.Fprintf(stderr, "fleetsim: --tz: %v\n", err)
			return 2
		}
	}
	path := *ledger
	if path == "" {
		dir, err := os.MkdirTemp("", "fleetsim-")
		if err != nil {
			fmt.Fprintf(stderr, "fleetsim: %v\n", err)
			return 2
		}
		defer os.RemoveAll(dir)
		path = filepath.Join(dir, "seat-ledger.jsonl")
	}
	skipped, err := replay.Run(stdin, stdout, stderr, replay.Options{Ledger: path, Location: loc, MaxSkew: *skew})
	if err != nil {
		fmt.Fprintf(stderr, "fleetsim: %v\n", err)
		return 2
	}
	if skipped > 0 {
		return 1
	}
	return 0
}
