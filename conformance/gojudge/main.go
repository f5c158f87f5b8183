// Command gojudge is the Go side of the TypeScript differential test
// (conformance/ts/test/differential.test.mjs): it reads JSON lines
// {"schema": "snapshot", "doc": "<JSON text>"} on stdin and writes, for
// each, one line saying what the generated Go types make of the document:
// decoded by UnmarshalJSON (or the union's Unmarshal function), then
// Validate.
//
//	{"ok": false, "decode": {"path": "cursor", "kind": "duplicate"}}
//	{"ok": false, "problems": [{"path": "seats[0].seatId", "rule": "minLength"}]}
//	{"ok": true, "encoded": "{…}"}
//
// encoded is what AppendJSON writes for the decoded value, which the
// TypeScript writer must write too.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/wire"
)

// value is what every generated type and union variant has.
type value interface {
	Validate() error
	AppendJSON([]byte) ([]byte, error)
}

func object[T any, PT interface {
	*T
	value
	UnmarshalJSON([]byte) error
}](b []byte) (value, error) {
	v := PT(new(T))
	return v, v.UnmarshalJSON(b)
}

var types = map[string]func([]byte) (value, error){
	"snapshot":     object[fleet.Snapshot],
	"seat":         object[fleet.Seat],
	"stance":       object[fleet.Stance],
	"run-outcome":  object[fleet.RunOutcome],
	"edge":         object[fleet.Edge],
	"tally":        object[fleet.Tally],
	"census-agent": object[fleet.CensusAgent],
	"ledger-row":   func(b []byte) (value, error) { return fleet.UnmarshalLedgerRow(b) },
	"replay-event": func(b []byte) (value, error) { return fleet.UnmarshalReplayEvent(b) },
}

// kinds names each decode error kind as the TypeScript problems do.
var kinds = []struct {
	err  error
	name string
}{
	{wire.ErrSyntax, "syntax"}, {wire.ErrTooDeep, "syntax"}, {wire.ErrNull, "type"}, {wire.ErrType, "type"},
	{wire.ErrMissingField, "required"}, {wire.ErrDuplicateMember, "duplicate"}, {wire.ErrNotMember, "enum"},
	{wire.ErrNotInteger, "type"}, {wire.ErrOutOfRange, "range"}, {wire.ErrTime, "format"},
	{wire.ErrDiscriminator, "discriminator"}, {wire.ErrVariant, "oneOf"},
}

type problem struct {
	Path string `json:"path"`
	Rule string `json:"rule"`
}

type verdict struct {
	OK       bool      `json:"ok"`
	Decode   *problem  `json:"decode,omitempty"`
	Problems []problem `json:"problems,omitempty"`
	Encoded  *string   `json:"encoded,omitempty"`
	Error    string    `json:"error,omitempty"`
}

func judge(schema, doc string) (verdict, error) {
	decode := types[schema]
	if decode == nil {
		return verdict{}, fmt.Errorf("no Go type for schema %q", schema)
	}
	v, err := decode([]byte(doc))
	if err != nil {
		var de *wire.DecodeError
		if !errors.As(err, &de) {
			return verdict{}, fmt.Errorf("%s: %T is not a *wire.DecodeError: %v", schema, err, err)
		}
		p := &problem{Path: de.Path}
		for _, k := range kinds {
			if errors.Is(err, k.err) {
				p.Rule = k.name
			}
		}
		return verdict{Decode: p, Error: err.Error()}, nil
	}
	if err := v.Validate(); err != nil {
		var all wire.ValidationErrors
		if !errors.As(err, &all) {
			return verdict{}, fmt.Errorf("%s: Validate returned %T", schema, err)
		}
		out := verdict{Error: err.Error()}
		for _, ve := range all {
			out.Problems = append(out.Problems, problem{ve.Path, string(ve.Rule)})
		}
		return out, nil
	}
	b, err := v.AppendJSON(nil)
	if err != nil {
		return verdict{}, fmt.Errorf("%s: encoding a valid value: %v", schema, err)
	}
	s := string(b)
	return verdict{OK: true, Encoded: &s}, nil
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 0, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for in.Scan() {
		var req struct{ Schema, Doc string }
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "gojudge:", err)
			os.Exit(2)
		}
		v, err := judge(req.Schema, req.Doc)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gojudge:", err)
			os.Exit(1)
		}
		if err := enc.Encode(v); err != nil {
			fmt.Fprintln(os.Stderr, "gojudge:", err)
			os.Exit(1)
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "gojudge:", err)
		os.Exit(2)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "gojudge:", err)
		os.Exit(1)
	}
}
