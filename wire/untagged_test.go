package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// The hand-written union below is what gen/gotypes emits for
// #AB: #A | #B with #A: {a!: int & >=0 & <=9, s?: string} and
// #B: {b!: string, s?: string}: two variants no constant field tells
// apart, told apart by their members.

type varA struct {
	a int64
	s *string
}

type varB struct {
	b string
	s *string
}

var fieldsA, fieldsB = []string{"a", "s"}, []string{"b", "s"}

func decodeAFit(r *Reader, x *varA) ([]string, error) {
	if err := r.Object(); err != nil {
		return nil, err
	}
	var v varA
	var have uint64
	for first := true; ; first = false {
		key, ok, err := r.Key(first)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		var bit uint64
		switch string(key) {
		case "a":
			bit, err = 1, r.Int(&v.a)
		case "s":
			v.s = new(string)
			bit, err = 2, r.String(v.s)
		default:
			err = r.Skip()
		}
		if err != nil {
			return nil, InField(key, err)
		}
		if have&bit != 0 {
			return nil, Duplicate(key)
		}
		have |= bit
	}
	*x = v
	return Missing(fieldsA, []uint64{1}, []uint64{have}), nil
}

func (x *varA) validate(p *Problems, path *Path) {
	p.Min(path, "a", x.a, 0)
	p.Max(path, "a", x.a, 9)
}

func decodeBFit(r *Reader, x *varB) ([]string, error) {
	if err := r.Object(); err != nil {
		return nil, err
	}
	var v varB
	var have uint64
	for first := true; ; first = false {
		key, ok, err := r.Key(first)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		var bit uint64
		switch string(key) {
		case "b":
			bit, err = 1, r.String(&v.b)
		case "s":
			v.s = new(string)
			bit, err = 2, r.String(v.s)
		default:
			err = r.Skip()
		}
		if err != nil {
			return nil, InField(key, err)
		}
		if have&bit != 0 {
			return nil, Duplicate(key)
		}
		have |= bit
	}
	*x = v
	return Missing(fieldsB, []uint64{1}, []uint64{have}), nil
}

func (x *varB) validate(p *Problems, path *Path) {}

var membersAB = map[string]uint64{"a": 1, "b": 2, "s": 3}

// decodeAB chooses as the emitted decoder does: the variant possible,
// which must be one; "" for none or several.
func decodeAB(r *Reader) (string, error) {
	fit, err := r.Fit(membersAB, 3)
	if err != nil {
		return "", err
	}
	var possible, complete uint64
	if fit&1 != 0 {
		if ok, c := Try(r, decodeAFit, (*varA).validate); ok {
			possible |= 1
			if c {
				complete |= 1
			}
		}
	}
	if fit&2 != 0 {
		if ok, c := Try(r, decodeBFit, (*varB).validate); ok {
			possible |= 2
			if c {
				complete |= 2
			}
		}
	}
	if err := r.Skip(); err != nil {
		return "", err
	}
	switch {
	case possible == 1 && complete == 1:
		return "A", nil
	case possible == 2 && complete == 2:
		return "B", nil
	case possible == 1 || possible == 2:
		return "", fail(ErrMissingField, "incomplete")
	}
	return "", NoVariant("AB", possible, []string{"A", "B"})
}

func TestUntagged(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		err      error
	}{
		{`{"a": 1}`, "A", nil},
		{`{"b": "x", "s": "y"}`, "B", nil},
		{`{"a": 1, "zzz": [1]}`, "A", nil}, // a member no variant declares is skipped
		{`{"s": "y"}`, "", ErrVariant},     // both possible, both incomplete: ambiguous
		{`{}`, "", ErrVariant},
		{`{"a": 1, "b": "x"}`, "", ErrVariant}, // fits neither
		{`{"a": 10}`, "", ErrVariant},          // a's value refused: A impossible, B lacks a
		{`{"a": "x"}`, "", ErrVariant},         // the wrong type: no variant reads it
		{`{"s": 1}`, "", ErrVariant},
		{`{"a": 1, "a": 2}`, "", ErrVariant}, // given twice: A refuses it
		{`{"zzz": 1}`, "", ErrVariant},
		{`{"a": 1`, "", ErrSyntax},
		{`[]`, "", ErrType},
	} {
		r := Reader{data: []byte(tc.in)}
		got, err := decodeAB(&r)
		if tc.err == nil {
			if err != nil || got != tc.want {
				t.Errorf("%s: got %q, %v; want %q", tc.in, got, err, tc.want)
			}
			continue
		}
		if !errors.Is(err, tc.err) {
			t.Errorf("%s: got %q, %v; want %v", tc.in, got, err, tc.err)
		}
	}
}

func TestNoVariant(t *testing.T) {
	if got := NoVariant("AB", 0, []string{"A", "B"}).Error(); got != "fits no variant of AB (A, B): it has a member none of them declares alike, or a value each refuses" {
		t.Errorf("none: %s", got)
	}
	if got := NoVariant("U", 0b101, []string{"A", "B", "C"}).Error(); got != "is ambiguous: it may be a A or a C, each missing at most required fields; give the members that tell them apart" {
		t.Errorf("several: %s", got)
	}
}

func TestBelow(t *testing.T) {
	for _, tc := range []struct {
		path string
		want bool
	}{
		{"a", true}, {"a.x", true}, {"a[2]", true}, {"ab", false}, {"b", false}, {"", false},
	} {
		if got := below(tc.path, []string{"a"}); got != tc.want {
			t.Errorf("below(%q) = %v", tc.path, got)
		}
	}
}

// FuzzFit holds Fit to encoding/json: on any object without a member
// given twice, the variants it leaves are those that declare every key
// the object has that some variant declares; it never consumes input,
// and refuses what is not JSON.
func FuzzFit(f *testing.F) {
	for _, s := range []string{`{"a": 1}`, `{"b": "x", "s": "y"}`, `{"s": 1, "zzz": {"a": [1]}}`, `{}`, `{"a\u0062": 1}`,
		`{"a": 1, "b": 2}`, `[]`, `null`, `{"a": }`, ` { "s" : [ ] } `, `{"\ud800": 1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := Reader{data: data}
		fit, err := r.Fit(membersAB, 3)
		if r.pos != 0 {
			t.Fatalf("%q: Fit consumed input", data)
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil || obj == nil {
			return // not one JSON object: Fit reads a value and stops, and what follows is End's to refuse
		}
		if bytes.Contains(data, []byte(`\u`)) {
			return // escapes: FuzzUnquote holds the reader to encoding/json
		}
		if err != nil {
			t.Fatalf("%q: refused: %v", data, err)
		}
		want := uint64(3)
		for k := range obj {
			if m, ok := membersAB[k]; ok {
				want &= m
			}
		}
		if fit != want {
			t.Fatalf("%q: fit %b, want %b", data, fit, want)
		}
	})
}

// oneU is a union whose decoder, as a union with a default reads it,
// takes dflt wherever it is possible: here always.
type oneU interface {
	AppendJSON([]byte) ([]byte, error)
}

type dflt struct{}

type other struct{}

func (dflt) AppendJSON(b []byte) ([]byte, error)  { return append(b, "{}"...), nil }
func (other) AppendJSON(b []byte) ([]byte, error) { return append(b, "{}"...), nil }

// TestOneDefault: a value built in Go as another variant, whose JSON the
// union's default is possible for, is read as the default: One reports it.
func TestOneDefault(t *testing.T) {
	decode := func(r *Reader) (oneU, error) { return dflt{}, r.Skip() }
	var p Problems
	root := Root("U")
	One[oneU](&p, &root, "", dflt{}, decode)
	if err := p.Err(); err != nil {
		t.Fatalf("the default itself: %v", err)
	}
	One[oneU](&p, &root, "", other{}, decode)
	err := p.Err()
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("is read as a dflt, the union's default")) {
		t.Fatalf("another variant the default takes: got %v", err)
	}
}

// TestOneValue: in a union whose possible variants come out equal where a
// value holds every member each declares, a value built in Go as one
// variant that another reads is one value, not a problem; a value the
// union's decoder refuses is.
func TestOneValue(t *testing.T) {
	decode := func(r *Reader) (oneU, error) { return dflt{}, r.Skip() }
	var p Problems
	root := Root("U")
	OneValue[oneU](&p, &root, "", other{}, decode)
	if err := p.Err(); err != nil {
		t.Fatalf("a value another variant reads: %v", err)
	}
	refuse := func(r *Reader) (oneU, error) { return nil, NoVariant("U", 3, []string{"A", "B"}) }
	OneValue[oneU](&p, &root, "", other{}, refuse)
	if err := p.Err(); err == nil || !bytes.Contains([]byte(err.Error()), []byte("is ambiguous")) {
		t.Fatalf("a value the decoder refuses: got %v", err)
	}
}

// TestHasAll: the object at the reader's position holds every name, or
// not; the reader does not move.
func TestHasAll(t *testing.T) {
	for _, tc := range []struct {
		data  string
		names []string
		want  bool
	}{
		{`{"foo": "x", "bar": 1}`, []string{"foo", "bar"}, true},
		{`{"foo": "x", "bar": 1, "baz": [1, {"foo": 2}]}`, []string{"bar"}, true},
		{`{"foo": "x"}`, []string{"foo", "bar"}, false},
		{`{"baz": {"bar": 1}}`, []string{"bar"}, false},
		{`{}`, nil, true},
		{`{}`, []string{"foo"}, false},
		{`[1]`, nil, false},
		{`{"foo": }`, []string{"foo"}, false},
	} {
		r := NewReader([]byte(tc.data))
		if got := r.HasAll(tc.names); got != tc.want {
			t.Errorf("%s HasAll(%q) = %v, want %v", tc.data, tc.names, got, tc.want)
		}
		if r.pos != 0 {
			t.Errorf("%s: HasAll moved the reader to %d", tc.data, r.pos)
		}
	}
}
