package wire

import (
	"encoding/json"
	"testing"
)

// TestNullable: null reads as not Valid, a value as Valid, anything else
// is the element's error; MarshalJSON writes them back.
func TestNullable(t *testing.T) {
	for in, want := range map[string]Nullable[string]{`null`: {}, `"x"`: Of("x"), ` "" `: Of("")} {
		var got Nullable[string]
		r := Reader{data: []byte(in)}
		if err := ReadNullable(&r, &got, (*Reader).String); err != nil || got != want {
			t.Errorf("ReadNullable(%s) = %+v, %v; want %+v", in, got, err, want)
		}
		b, _ := json.Marshal(got)
		if w, _ := json.Marshal(map[bool]any{true: want.V, false: nil}[want.Valid]); string(b) != string(w) {
			t.Errorf("MarshalJSON(%+v) = %s, want %s", got, b, w)
		}
	}
	for _, in := range []string{`nul`, `1`, `{}`} {
		var got Nullable[string]
		r := Reader{data: []byte(in)}
		if err := ReadNullable(&r, &got, (*Reader).String); err == nil {
			t.Errorf("ReadNullable(%s) = %+v; want an error", in, got)
		}
	}
}

// even is a type of the caller's own, as generated types are: its
// UnmarshalJSON reads a JSON number and its Validate refuses an odd one.
type even struct{ n int }

func (e *even) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &e.n) }

func (e *even) Validate() error {
	if e.n%2 != 0 {
		return errOdd
	}
	return nil
}

var errOdd = json.Unmarshal([]byte("x"), new(int)) // any error, compared by identity

// TestNullableDocument: a document of a definition that may be null as a
// whole, read through Nullable's UnmarshalJSON (directly and by
// encoding/json) and Validate: null (JSON whitespace around it too) is not
// Valid and valid; a value is the type's own UnmarshalJSON's and
// Validate's; nul, null with more after it and a value of another kind are
// errors, never null.
func TestNullableDocument(t *testing.T) {
	for _, tc := range []struct {
		in       string
		want     Nullable[even]
		invalid  bool // Validate refuses it
		decodeOK bool
	}{
		{`null`, Nullable[even]{}, false, true},
		{" \t\r\nnull \n", Nullable[even]{}, false, true},
		{`4`, Of(even{4}), false, true},
		{`3`, Of(even{3}), true, true},
		{`nul`, Nullable[even]{}, false, false},
		{`null null`, Nullable[even]{}, false, false},
		{`"x"`, Nullable[even]{}, false, false},
		{"\fnull", Nullable[even]{}, false, false},
	} {
		var got Nullable[even]
		err := got.UnmarshalJSON([]byte(tc.in))
		if (err == nil) != tc.decodeOK {
			t.Errorf("UnmarshalJSON(%q): %v, want ok %v", tc.in, err, tc.decodeOK)
			continue
		}
		if !tc.decodeOK {
			continue
		}
		if got != tc.want {
			t.Errorf("UnmarshalJSON(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
		if err := got.Validate(); (err != nil) != tc.invalid {
			t.Errorf("Validate(%+v) = %v, want invalid %v", got, err, tc.invalid)
		}
		var byJSON Nullable[even]
		if err := json.Unmarshal([]byte(tc.in), &byJSON); err != nil || byJSON != tc.want {
			t.Errorf("json.Unmarshal(%q) = %+v, %v; want %+v", tc.in, byJSON, err, tc.want)
		}
	}
	// Deciding that an object is not null allocates nothing: every
	// decode of a nullable union's document asks first.
	obj := []byte(` {"a": 1}`)
	if n := testing.AllocsPerRun(100, func() { IsNull(obj) }); n != 0 {
		t.Errorf("IsNull of an object: %v allocations, want 0", n)
	}
	// A T without UnmarshalJSON is read by encoding/json; without
	// Validate it is valid.
	var s Nullable[string]
	if err := s.UnmarshalJSON([]byte(`"x"`)); err != nil || s != Of("x") || s.Validate() != nil {
		t.Errorf("Nullable[string] of \"x\" = %+v, %v", s, err)
	}
}

// FuzzNullableDocument holds Nullable's UnmarshalJSON and IsNull to
// encoding/json on any bytes: a document is null exactly when
// json.Unmarshal reads it into a nil *int without error, and a Nullable[int]
// decodes what encoding/json decodes into a *int (T without an
// UnmarshalJSON of its own is read by encoding/json), refusing what it
// refuses.
func FuzzNullableDocument(f *testing.F) {
	for _, s := range []string{"null", " null\n", "\tnull\r", "nul", "null null", "nullx", "1", " 2 ", "-0", "1e3", `"null"`, "\fnull", "[]", "", "n", "null\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p *int
		jerr := json.Unmarshal(data, &p)
		if got, want := IsNull(data), jerr == nil && p == nil; got != want {
			t.Fatalf("IsNull(%q) = %v; encoding/json: %v, %v", data, got, p, jerr)
		}
		var n Nullable[int]
		err := n.UnmarshalJSON(data)
		if (err == nil) != (jerr == nil) {
			t.Fatalf("UnmarshalJSON(%q): %v; encoding/json: %v", data, err, jerr)
		}
		if err == nil && (n.Valid != (p != nil) || p != nil && n.V != *p) {
			t.Fatalf("UnmarshalJSON(%q) = %+v; encoding/json: %v", data, n, p)
		}
	})
}
