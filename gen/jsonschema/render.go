package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/schemagen/schemagen/gen/escape"
)

// obj is a JSON object whose keys keep the order they were added in, so the
// output is the same on every run and reads top-down: identity, docs, then
// keywords.
type obj []member

type member struct {
	Key   string
	Value any // obj, []any, rawJSON, string, int, int64, uint64 or bool
}

// rawJSON is an object already rendered at the top level (no indent): it
// is written as it is, each line indented to where it goes.
type rawJSON []byte

// add appends key: value unless value is empty.
func (o obj) add(key, value string) obj {
	if value == "" {
		return o
	}
	return append(o, member{key, value})
}

// render writes v as JSON indented by two spaces, with a trailing newline,
// into a buffer first grown to size bytes.
func render(v obj, size int) []byte {
	var b bytes.Buffer
	b.Grow(size)
	write(&b, v, "")
	b.WriteByte('\n')
	return b.Bytes()
}

func write(b *bytes.Buffer, v any, indent string) {
	switch v := v.(type) {
	case obj:
		inner := indent + "  "
		if len(v) == 0 {
			b.WriteString("{}")
			return
		}
		if inline(v) {
			b.WriteByte('{')
			writeString(b, v[0].Key)
			b.WriteString(": ")
			write(b, v[0].Value, inner)
			b.WriteByte('}')
			return
		}
		b.WriteString("{\n")
		for i, m := range v {
			b.WriteString(inner)
			writeString(b, m.Key)
			b.WriteString(": ")
			write(b, m.Value, inner)
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	case []any:
		inner := indent + "  "
		if len(v) == 0 {
			b.WriteString("[]")
			return
		}
		if allInline(v) {
			b.WriteByte('[')
			for i, x := range v {
				if i > 0 {
					b.WriteString(", ")
				}
				write(b, x, inner)
			}
			b.WriteByte(']')
			return
		}
		b.WriteString("[\n")
		for i, x := range v {
			b.WriteString(inner)
			write(b, x, inner)
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	case rawJSON:
		for len(v) > 0 {
			i := bytes.IndexByte(v, '\n')
			if i < 0 {
				b.Write(v)
				break
			}
			b.Write(v[:i+1])
			b.WriteString(indent)
			v = v[i+1:]
		}
	case string:
		writeString(b, v)
	case int, int64, uint64, bool:
		fmt.Fprint(b, v)
	case float64:
		// As encoding/json writes it: shortest, exponent form only when
		// very small or very large.
		js, _ := json.Marshal(v)
		b.Write(js)
	default:
		panic(fmt.Sprintf("jsonschema: cannot render %T", v))
	}
}

// inline reports whether an object is written on one line: it has one
// member, whose value is not an object or a list ({"$ref": "#/$defs/Seat"}).
func inline(o obj) bool {
	if len(o) != 1 {
		return false
	}
	switch o[0].Value.(type) {
	case obj, []any:
		return false
	}
	return true
}

// allInline reports whether a list is written on one line: it holds plain
// values, or is one one-line object ("allOf": [{"$ref": "#/$defs/Count"}]).
func allInline(xs []any) bool {
	for _, x := range xs {
		switch x := x.(type) {
		case obj:
			if len(xs) > 1 || !inline(x) {
				return false
			}
		case []any:
			return false
		}
	}
	return true
}

// quoteString is s as writeString writes it.
func quoteString(s string) []byte {
	var b bytes.Buffer
	writeString(&b, s)
	return b.Bytes()
}

// writeString writes s as a JSON string: escape.AppendJSON, which is
// encoding/json with SetEscapeHTML(false) but for bidirectional controls,
// written as \uXXXX (FuzzWriteString holds it to encoding/json).
func writeString(b *bytes.Buffer, s string) {
	b.Write(escape.AppendJSON(b.AvailableBuffer(), s))
}
