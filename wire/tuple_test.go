package wire

import (
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
