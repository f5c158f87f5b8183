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
	for _, err := range errs {
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
