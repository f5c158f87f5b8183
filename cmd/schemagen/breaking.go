package main

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"

	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

func runBreaking(e *env, args []string) int {
	fl := e.flags("breaking", "[--against REF] [--format text|json|github]")
	against := fl.String("against", "", "compare with the lock committed at this git revision instead of the working tree's; breaks the working tree's lock has accepted since are allowed")
	format := fl.String("format", formatText, "output format: text, json or github (GitHub Actions workflow commands)")
	if !e.parse(fl, args, 0) || !e.checkFormat(*format) {
		return exitInput
	}
	if strings.HasPrefix(*against, "-") {
		e.errorf("--against %q: a git revision does not start with '-'", *against)
		return exitInput
	}
	from := output.Dir + "/" + lock.Path
	working, err := readLock(e.root)
	if err != nil {
		e.errorf("%v", err)
		return exitInput
	}
	base := working
	if *against != "" {
		from += " at " + *against
		if base, err = lockAt(e.root, *against); err != nil {
			e.errorf("%v", err)
			return exitInput
		}
	} else if base == nil {
		e.errorf("there is no %s to compare with; run make generate first", from)
		return exitInput
	}
	// A schema the model refuses is still compared where it can be: the
	// findings explain its refusals (a field removed explains every size
	// it no longer adds up to); what no finding explains is bad input.
	s, loadErr := model.LoadPartial(e.root)
	findings, invalid := lock.Check(base, s, loadErr)
	if *against != "" && working != nil {
		// A break this branch accepted (generate --accept-breaking, which
		// recorded it in the working tree's lock) is allowed against the
		// revision it was accepted over.
		lock.Accept(findings, newAcceptances(working.History, base.History))
	}

	var widened []string
	nBreaking, nAccepted := 0, 0
	for _, f := range findings {
		switch {
		case f.Accepted != "":
			nAccepted++
		case f.Severity == lock.Breaking:
			nBreaking++
		default:
			widened = append(widened, f.Subject)
		}
	}
	summary := fmt.Sprintf("schemagen breaking: against %s: %d breaking, %d widening", from, nBreaking, len(widened))
	if nAccepted > 0 {
		summary += fmt.Sprintf(", %d accepted", nAccepted)
	}
	if len(widened) > 0 {
		summary += fmt.Sprintf(" (widened: %s)", strings.Join(widened, ", "))
	}
	switch *format {
	case formatJSON:
		if findings == nil {
			findings = []lock.Finding{}
		}
		writeJSON(e.stdout, struct {
			Against  string         `json:"against"`
			Findings []lock.Finding `json:"findings"`
			Errors   []jsonError    `json:"errors,omitempty"`
		}{from, findings, jsonErrors(invalid)})
	case formatGitHub:
		for _, f := range findings {
			fmt.Fprintln(e.stdout, findingCommand(f))
		}
		fmt.Fprintln(e.stdout, summary)
	default:
		for _, f := range findings {
			fmt.Fprintln(e.stdout, f)
		}
		fmt.Fprintln(e.stdout, summary)
	}
	if len(invalid) > 0 {
		e.printSchemaErrors(*format, invalid)
		e.errorf("the schema has errors")
		return exitInput
	}
	if nBreaking > 0 {
		return exitCheck
	}
	return exitOK
}

// newAcceptances are the acceptances in the working tree's history that
// the baseline's does not hold: those accepted since the baseline.
func newAcceptances(working, base []*lock.Acceptance) []*lock.Acceptance {
	var out []*lock.Acceptance
	for _, a := range working {
		if !slices.ContainsFunc(base, func(b *lock.Acceptance) bool {
			return a.Reason == b.Reason && slices.Equal(a.Findings, b.Findings)
		}) {
			out = append(out, a)
		}
	}
	return out
}

// lockAt reads the lock committed at a git revision. The revision never
// reaches git as an option: it may not start with '-', and it follows
// --end-of-options.
func lockAt(root, ref string) (*lock.Lock, error) {
	if strings.HasPrefix(ref, "-") {
		return nil, fmt.Errorf("%q is not a git revision: it starts with '-'", ref)
	}
	cmd := exec.Command("git", "show", "--end-of-options", ref+":./"+output.Dir+"/"+lock.Path)
	cmd.Dir = root
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("reading the lock at %s: %v: %s", ref, err, strings.TrimSpace(stderr.String()))
	}
	l, err := lock.Parse(out)
	if err != nil {
		return nil, fmt.Errorf("the lock at %s: %v", ref, err)
	}
	return l, nil
}
