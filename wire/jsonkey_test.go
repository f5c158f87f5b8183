package wire

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestJSONKey: equal JSON values give equal keys whatever their member
// order or number spelling; different values give different keys.
func TestJSONKey(t *testing.T) {
	key := func(s string) string {
		raw := json.RawMessage(s)
		return JSONKey(&raw)
	}
	for _, c := range []struct {
		a, b  string
		equal bool
	}{
		{`{"a":1,"b":[1,"x"]}`, `{"b":[1.0,"x"],"a":1e0}`, true},
		{`1`, `1.0`, true},
		{`9007199254740993`, `9007199254740992`, false},
		{`{"a":null}`, `{}`, false},
		{`"1"`, `1`, false},
		{`[1,2]`, `[2,1]`, false},
		{`"\u00e9"`, `"é"`, true},
		{`true`, `"true"`, false},
	} {
		if got := key(c.a) == key(c.b); got != c.equal {
			t.Errorf("JSONKey(%s) == JSONKey(%s) is %v, want %v (%q, %q)", c.a, c.b, got, c.equal, key(c.a), key(c.b))
		}
	}
}

// FuzzJSONKey: a JSON value and its re-encoding by encoding/json (members
// sorted, whitespace gone, escapes rewritten) have one key; JSONKey never
// panics on any input.
func FuzzJSONKey(f *testing.F) {
	for _, s := range []string{`{"b":[1,2.50,"x"],"a":{"z":null,"y":true}}`, `1e2`, `"\u2028é"`, `[]`, `{}`, `-0`, `123456789012345678901234567890`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		raw := json.RawMessage(s)
		k := JSONKey(&raw)
		if !json.Valid([]byte(s)) {
			return
		}
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		var v any
		if d.Decode(&v) != nil {
			return
		}
		b, err := json.Marshal(v)
		if err != nil {
			return
		}
		again := json.RawMessage(b)
		if k2 := JSONKey(&again); k2 != k {
			t.Fatalf("JSONKey(%s) = %q but JSONKey(%s) = %q", s, k, b, k2)
		}
	})
}
