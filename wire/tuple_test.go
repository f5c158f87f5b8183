package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// pair is a hand-written decoder of [string, int], as the Go emitter
// writes one for a closed tuple.
type pair struct {
	s string
	n int64
}

func decodePair(r *Reader, x *pair) error {
	if err := r.Array(); err != nil {
		return err
	}
	var v pair
	for i := 0; ; i++ {
		more, err := r.Item(i)
		if err != nil {
			return err
		}
		if !more {
			if i < 2 {
				return TupleLength(i, 2, true)
			}
			break
		}
		switch i {
		case 0:
			err = r.String(&v.s)
		case 1:
			err = r.Int(&v.n)
		default:
			return r.TooMany(i, 2)
		}
		if err != nil {
			return AtIndex(i, err)
		}
	}
	*x = v
	return nil
}

func TestTuple(t *testing.T) {
	for _, tc := range []struct {
		in, err string
		kind    error
	}{
		{in: `["a", 1]`},
		{in: ` [ "a" , 1 ] `},
		{in: `[]`, err: "must have exactly 2 items (has 0)", kind: ErrItems},
		{in: `["a"]`, err: "must have exactly 2 items (has 1)", kind: ErrItems},
		{in: `["a", 1, 2]`, err: "must have exactly 2 items (has 3)", kind: ErrItems},
		{in: `["a", "b"]`, err: "[1]", kind: ErrType},
		{in: `["a" 1]`, err: "want ',' or ']'", kind: ErrSyntax},
		{in: `["a", 1,]`, err: "invalid JSON", kind: ErrSyntax},
		{in: `["a", 1, 2, }`, err: "invalid JSON", kind: ErrSyntax},
		{in: `["a", 1, [2, {"x": 3}], 4]`, err: "must have exactly 2 items (has 4)", kind: ErrItems},
		{in: `{"0": "a"}`, err: "an array", kind: ErrType},
		{in: `null`, kind: ErrNull},
	} {
		var p pair
		err := Unmarshal([]byte(tc.in), "Pair", &p, decodePair)
		if tc.kind == nil {
			if err != nil || p != (pair{"a", 1}) {
				t.Errorf("%s: %v, %+v", tc.in, err, p)
			}
			continue
		}
		if err == nil || !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %v containing %q", tc.in, err, tc.kind, tc.err)
		}
		if p != (pair{}) {
			t.Errorf("%s: x changed on error: %+v", tc.in, p)
		}
	}
	if err := TupleLength(1, 0, true); !strings.Contains(err.Error(), "must be an empty array (has 1 items)") {
		t.Errorf("empty closed tuple: %v", err)
	}
	if err := TupleLength(0, 1, false); !strings.Contains(err.Error(), "at least 1") {
		t.Errorf("open tuple: %v", err)
	}
}

// FuzzTuple holds the tuple reader to encoding/json: a document is
// accepted exactly when it is a JSON array of a string and an integer
// (an int64, decided from its text), and then read as those two values.
func FuzzTuple(f *testing.F) {
	for _, s := range []string{`["a", 1]`, `["a"]`, `["a", 1, 2]`, `[]`, `["a", 1.0]`, `["a", 1.5]`, `["\u00e9", -0]`,
		`["a", 1,]`, `[1, "a"]`, `{"0": "a"}`, `null`, `["a", 9223372036854775808]`, ` [ "a" , 1 ] `, `["a", [1]]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p pair
		err := Unmarshal(data, "Pair", &p, decodePair)
		var items []json.RawMessage
		want := json.Unmarshal(data, &items) == nil && items != nil && len(items) == 2
		var s string
		var n int64
		if want {
			want = json.Unmarshal(items[0], &s) == nil && items[0][0] == '"'
			text := string(items[1])
			if c := text[0]; c == '-' || (c >= '0' && c <= '9') {
				num, isInt, known := exactInt(text)
				if !known {
					return // an exponent too large for big.Rat
				}
				want, n = want && isInt, num
			} else {
				want = false
			}
		}
		if want && bytes.Contains(data, []byte(`\u`)) {
			return // encoding/json and the reader agree on escapes (FuzzUnquote); skip the lone-surrogate cases
		}
		switch {
		case want && err != nil:
			t.Fatalf("%q: refused: %v", data, err)
		case !want && err == nil:
			t.Fatalf("%q: accepted as %+v", data, p)
		case want && (p.s != s || p.n != n):
			t.Fatalf("%q: read %+v, want %q %d", data, p, s, n)
		}
	})
}
