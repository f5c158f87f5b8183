package wire

import (
	"encoding/json"
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
