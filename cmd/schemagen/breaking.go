package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"

	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

func runBreaking(e *env, args []string) int {
	fl := e.flags("breaking", "[--against REF] [--format text|json]")
	against := fl.String("against", "", "compare with the lock committed at this git revision instead of the working tree's")
	format := fl.String("format", "text", "output format: text or json")
	if !e.parse(fl, args, 0) {
		return exitInput
	}
	if *format != "text" && *format != "json" {
		e.errorf("--format must be text or json, not %q", *format)
		return exitInput
	}
	var (
		base *lock.Lock
		err  error
		from = output.Dir + "/" + lock.Path
	)
	if *against != "" {
		from += " at " + *against
		base, err = lockAt(e.root, *against)
	} else {
		base, err = readLock(e.root)
		if base == nil && err == nil {
			err = fmt.Errorf("there is no %s to compare with; run make generate first", from)
		}
	}
	if err != nil {
		e.errorf("%v", err)
		return exitInput
	}
	var findings []lock.Finding
	s, err := model.Load(e.root)
	if err != nil {
		// The model refuses a schema that contradicts its own recorded
		// history (a shipped size, a reused catalog id); those refusals are
		// breaking findings. Anything else is bad input.
		findings = lock.ModelFindings(err)
		if findings == nil {
			fmt.Fprintln(e.stderr, err)
			e.errorf("the schema has errors")
			return exitInput
		}
	} else {
		findings = lock.Compare(base, lock.FromModel(s))
	}
	var widened []string
	nBreaking := 0
	for _, f := range findings {
		if f.Severity == lock.Breaking {
			nBreaking++
		} else {
			widened = append(widened, f.Subject)
		}
	}
	if *format == "json" {
		if findings == nil {
			findings = []lock.Finding{}
		}
		b, _ := json.MarshalIndent(struct {
			Against  string         `json:"against"`
			Findings []lock.Finding `json:"findings"`
		}{from, findings}, "", "  ")
		fmt.Fprintln(e.stdout, string(b))
	} else {
		for _, f := range findings {
			fmt.Fprintln(e.stdout, f)
		}
		fmt.Fprintf(e.stdout, "schemagen breaking: against %s: %d breaking, %d widening", from, nBreaking, len(widened))
		if len(widened) > 0 {
			fmt.Fprintf(e.stdout, " (widened: %s)", strings.Join(widened, ", "))
		}
		fmt.Fprintln(e.stdout)
	}
	if nBreaking > 0 {
		return exitCheck
	}
	return exitOK
}

// lockAt reads the lock committed at a git revision.
func lockAt(root, ref string) (*lock.Lock, error) {
	cmd := exec.Command("git", "show", ref+":./"+output.Dir+"/"+lock.Path)
	cmd.Dir = root
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("reading the lock at %s: %v: %s", ref, err, strings.TrimSpace(stderr.String()))
	}
	return lock.Parse(out)
}
