package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
)

// The output formats of breaking and check.
const (
	formatText   = "text"
	formatJSON   = "json"
	formatGitHub = "github" // GitHub Actions workflow commands: CI annotates the lines they name
)

// checkFormat reports whether format is one the commands write.
func (e *env) checkFormat(format string) bool {
	switch format {
	case formatText, formatJSON, formatGitHub:
		return true
	}
	e.errorf("--format must be text, json or github, not %q", format)
	return false
}

// workflowCommand renders one GitHub Actions workflow command,
// "::level file=F,line=L,col=C,title=T::message", escaped as the runner
// reads it back (actions/toolkit's command.ts): in the message %, CR and
// LF; in a property also ':' and ','. A position that names no file gives
// a command without file, line and col.
func workflowCommand(level string, pos model.Pos, title, msg string) string {
	var props []string
	if pos.IsValid() {
		props = append(props, "file="+escapeProperty(pos.File))
		if pos.Line > 0 {
			props = append(props, "line="+strconv.Itoa(pos.Line))
		}
		if pos.Col > 0 {
			props = append(props, "col="+strconv.Itoa(pos.Col))
		}
	}
	if title != "" {
		props = append(props, "title="+escapeProperty(title))
	}
	s := "::" + level
	if len(props) > 0 {
		s += " " + strings.Join(props, ",")
	}
	return s + "::" + escapeData(msg)
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeData(s string) string     { return dataEscaper.Replace(s) }
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }

// findingCommand is a finding as a workflow command: an error for a
// breaking one, a warning for a widening, a notice for an accepted break.
func findingCommand(f lock.Finding) string {
	level := "error"
	switch {
	case f.Accepted != "":
		level = "notice"
	case f.Severity == lock.Widening:
		level = "warning"
	}
	msg := f.Reason
	if f.Subject != "" {
		msg = f.Subject + ": " + msg
	}
	if f.Accepted != "" {
		msg += " (accepted: " + f.Accepted + ")"
	}
	return workflowCommand(level, f.Pos, f.Rule, msg)
}

// printSchemaErrors prints the schema's errors: one a line as text (on
// stderr, as every command does), or as workflow commands on stdout.
func (e *env) printSchemaErrors(format string, errs model.ErrorList) {
	for _, err := range groupErrors(errs) {
		if strings.ContainsAny(err.Msg, "\r\n") {
			// A message that prints a CUE value as CUE formats it
			// (over lines) is one line still: a reader, an editor
			// and CI read a line a problem.
			c := *err
			c.Msg = strings.Join(strings.Fields(c.Msg), " ")
			err = &c
		}
		if format == formatGitHub {
			title := err.Rule
			if title == "" {
				title = "schema error"
			}
			fmt.Fprintln(e.stdout, workflowCommand("error", err.Pos, title, err.Msg))
			continue
		}
		fmt.Fprintln(e.stderr, err)
	}
}

// jsonError is a schema error in breaking's JSON output.
type jsonError struct {
	Position string `json:"position"`
	Rule     string `json:"rule,omitempty"`
	Message  string `json:"message"`
}

func jsonErrors(errs model.ErrorList) []jsonError {
	var out []jsonError
	for _, e := range errs {
		out = append(out, jsonError{Position: e.Pos.String(), Rule: e.Rule, Message: e.Msg})
	}
	return out
}

func writeJSON(w io.Writer, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err) // only strings, ints and bools
	}
	fmt.Fprintln(w, string(b))
}

// groupErrors folds the errors at one position that say one thing of
// several paths into the first, which then names how many more paths and
// the first of them: a definition's field refused is refused again at
// every use of it in a package's data (Vector's documentation, one
// package of 606 files, gave 62,660 lines from 379 positions, 20,186 of
// them at one). An error whose message names no path, and every error
// alone at its position, is as it was; the order is the first
// occurrence's. The JSON output (breaking --format json) lists every
// error.
func groupErrors(errs model.ErrorList) model.ErrorList {
	type key struct{ pos, rule, reason string }
	at := map[key]int{}
	var out model.ErrorList
	var more [][]string
	for _, err := range errs {
		path, reason, ok := strings.Cut(err.Msg, ": ")
		if !ok || strings.ContainsAny(path, " \t") || !err.Pos.IsValid() {
			out = append(out, err)
			more = append(more, nil)
			continue
		}
		k := key{err.Pos.String(), err.Rule, reason}
		if i, seen := at[k]; seen {
			more[i] = append(more[i], path)
			continue
		}
		at[k] = len(out)
		out = append(out, err)
		more = append(more, nil)
	}
	for i, paths := range more {
		if len(paths) == 0 {
			continue
		}
		shown := paths[:min(len(paths), 3)]
		list := strings.Join(shown, ", ")
		if len(paths) > len(shown) {
			list += ", …"
		}
		c := *out[i]
		c.Msg += fmt.Sprintf(" (the same at %d more %s: %s)", len(paths), plural(len(paths), "path", "paths"), list)
		out[i] = &c
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
