package wire

import (
	"bytes"
	"encoding/json"
	"errors"
)

// Raw reads one JSON value of any type into dst, as the bytes it was
// written with, checking its syntax: the Go of a value the schema lets be
// anything (CUE's _, {...}, [...]). null is a value here, not an absence.
// dst gets a copy, so the data may be reused.
func (r *Reader) Raw(dst *json.RawMessage) error {
	r.ws()
	start := r.pos
	if err := r.Skip(); err != nil {
		return err
	}
	*dst = append(json.RawMessage(nil), r.data[start:r.pos]...)
	return nil
}

// RawJSON writes a value held as raw JSON, compacted as json.Marshal
// writes a json.RawMessage; nil is null, as json.Marshal writes it. Bytes
// that are not one JSON value fail the encoding.
func (e *Encoder) RawJSON(v json.RawMessage) {
	if v == nil {
		e.B = append(e.B, "null"...)
		return
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, v); err != nil {
		e.Fail(errors.New("a json.RawMessage that is not JSON has no encoding: " + err.Error()))
		return
	}
	e.B = append(e.B, buf.Bytes()...)
}

// As reads data, a value of any type held as raw JSON, as a T with
// decode, T's generated decoder, for a check of whether it is a value of
// T (CUE's matchIf and list.MatchN on a value of any type): it returns
// the value and true, or, when decode refuses data (another kind, a field
// of another type, a required field missing), adds one problem of rule
// type at path's member, saying what the value must be (want), and
// returns false. Absent (nil) data is no value of any T. A closed
// object's decoder refuses a member it does not name here (Unknown), as
// CUE's match does.
func As[T any](p *Problems, path *Path, member string, data json.RawMessage, want string, decode func(*Reader, *T) error) (T, bool) {
	var x T
	if data == nil {
		p.Add(path, member, RuleType, "must be %s (is absent)", want)
		return x, false
	}
	r := Reader{data: data, strict: true}
	err := decode(&r, &x)
	if err == nil {
		err = r.End()
	}
	if err != nil {
		p.Add(path, member, RuleType, "must be %s: %v", want, err)
		var zero T
		return zero, false
	}
	return x, true
}

// ListJSON is the JSON array of items, each a value of any type held as
// raw JSON: a list whose items no one type holds ([]json.RawMessage), for
// a check of the list whole (As), as alternatives of lists that count it
// read it ([...string] | [...int]). nil is the empty list, as a list the
// data holds is never null; an item nil is null, as RawJSON writes it.
func ListJSON(items []json.RawMessage) json.RawMessage {
	b := make([]byte, 0, 2+len(items))
	b = append(b, '[')
	for i, it := range items {
		if i > 0 {
			b = append(b, ',')
		}
		if it == nil {
			b = append(b, "null"...)
			continue
		}
		b = append(b, it...)
	}
	return append(b, ']')
}
