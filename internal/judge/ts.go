package judge

import (
	"bytes"
	"encoding/json"
	"math/big"
	"reflect"
	"strings"
)

// TSJob is one instance for the TypeScript judge: parse<Name> of the
// JavaScript module Module (tsc's output of a generated TypeScript file)
// on the text of File.
type TSJob struct {
	Key    string `json:"key"`
	Module string `json:"module"`
	Name   string `json:"name"`
	File   string `json:"file"`
}

// TSVerdict is the TypeScript judge's answer for one job: Why is "" when
// parse<Name> accepted the text, else its error; Written is then what
// write<Name> wrote for the value.
type TSVerdict struct {
	Why, Written string
}

// TS runs script (conformance/constructs/judge-ts.mjs) in node over the
// jobs, written to specFile, and returns each job's verdict by its key.
func TS(script, specFile string, jobs []TSJob) (map[string]TSVerdict, error) {
	b, err := runNode(script, specFile, jobs)
	if err != nil {
		return nil, err
	}
	out := map[string]TSVerdict{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		key, rest, _ := strings.Cut(line, "\t")
		verdict, text, _ := strings.Cut(rest, "\t")
		if verdict == "ok" {
			out[key] = TSVerdict{Written: text}
		} else {
			out[key] = TSVerdict{Why: text}
		}
	}
	return out, nil
}

// SameJSON reports whether two JSON texts are one value as CUE sees it:
// members in any order, numbers by value.
func SameJSON(a, b []byte) bool {
	va, ea := parseNumbers(a)
	vb, eb := parseNumbers(b)
	return ea == nil && eb == nil && reflect.DeepEqual(va, vb)
}

func parseNumbers(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	var norm func(v any) any
	norm = func(v any) any {
		switch v := v.(type) {
		case json.Number:
			if r, ok := new(big.Rat).SetString(string(v)); ok {
				return r.RatString()
			}
		case []any:
			for i := range v {
				v[i] = norm(v[i])
			}
		case map[string]any:
			for k := range v {
				v[k] = norm(v[k])
			}
		}
		return v
	}
	return norm(v), nil
}

// BeyondDouble reports whether a JSON text holds a number a double cannot
// hold exactly as an integer (past ±2^53): a JavaScript value of it has
// rounded, though a parser that judges the text judged it exactly.
func BeyondDouble(b []byte) bool {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	limit := new(big.Rat).SetInt64(1 << 53)
	for {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		if n, ok := tok.(json.Number); ok {
			if r, ok := new(big.Rat).SetString(string(n)); ok && new(big.Rat).Abs(r).Cmp(limit) > 0 {
				return true
			}
		}
	}
}
