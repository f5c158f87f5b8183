// Package inspectjson writes the report of `schemagen deck inspect` as
// JSON, the one layout both inspectors share (deck/inspect for the deck
// compiled in, internal/layoutfile for any module's layout): members in
// their order, indented two spaces a level, an array of numbers on one line.
package inspectjson

import (
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/wire"
)

// Value is a JSON value: nil, bool, int64, uint64, Number, string,
// []Value or Object.
type Value = any

// Number is a JSON number already written out, e.g. a float's shortest
// decimal that reads back to the same bits.
type Number string

// Object is a JSON object whose members keep their order.
type Object []Member

// Member is one member of an Object.
type Member struct {
	Key string
	Val Value
}

// Marshal is v as indented JSON with a trailing newline.
func Marshal(v Value) []byte {
	var b strings.Builder
	write(&b, v, "")
	b.WriteByte('\n')
	return []byte(b.String())
}

// CString is a NUL-padded char array as a string: the bytes up to the first
// NUL, each read as the code point of the same number (Latin-1), so that
// every byte shows and none turns into U+FFFD.
func CString(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		if c == 0 {
			break
		}
		s.WriteRune(rune(c))
	}
	return s.String()
}

// write appends v as JSON to b, indented two spaces a level. An array of
// numbers stays on one line, and so does each element of an array that
// nests at most two deep (a struct of scalars and arrays of them).
func write(b *strings.Builder, v Value, indent string) {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case uint64:
		b.WriteString(strconv.FormatUint(v, 10))
	case Number:
		b.WriteString(string(v))
	case string:
		quote(b, v)
	case Object:
		if len(v) == 0 {
			b.WriteString("{}")
			return
		}
		if indent == inline {
			b.WriteByte('{')
			for i, m := range v {
				if i > 0 {
					b.WriteString(", ")
				}
				quote(b, m.Key)
				b.WriteString(": ")
				write(b, m.Val, inline)
			}
			b.WriteByte('}')
			return
		}
		b.WriteString("{\n")
		for i, m := range v {
			b.WriteString(indent + "  ")
			quote(b, m.Key)
			b.WriteString(": ")
			write(b, m.Val, indent+"  ")
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	case []Value:
		if indent == inline || depth(v) <= 1 && !strs(v) {
			b.WriteByte('[')
			for i, e := range v {
				if i > 0 {
					b.WriteString(", ")
				}
				write(b, e, inline)
			}
			b.WriteByte(']')
			return
		}
		b.WriteString("[\n")
		for i, e := range v {
			b.WriteString(indent + "  ")
			if depth(e) <= 2 {
				write(b, e, inline)
			} else {
				write(b, e, indent+"  ")
			}
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	}
}

// strs reports whether an array holds strings, which go one to a line.
func strs(v []Value) bool {
	for _, e := range v {
		if _, ok := e.(string); ok {
			return true
		}
	}
	return false
}

// inline is the indent of a Value written on one line.
const inline = "\x00"

// depth is how deeply v nests: 0 for a scalar, 1 for an array or Object of
// scalars, and so on.
func depth(v Value) int {
	d := 0
	switch v := v.(type) {
	case Object:
		for _, m := range v {
			d = max(d, depth(m.Val))
		}
		return d + 1
	case []Value:
		for _, e := range v {
			d = max(d, depth(e))
		}
		return d + 1
	}
	return 0
}

// quote appends s as a JSON string, as encoding/json writes it without
// HTML escaping (the module's one escaper, wire.Escaping): a report is
// read by people and tools, not embedded in HTML.
func quote(b *strings.Builder, s string) {
	b.Write(wire.Escaping{}.Append(make([]byte, 0, len(s)+2), s))
}
