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
