package jsonschema

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzWriteString: strings are written as encoding/json writes them with
// HTML escaping off.
func FuzzWriteString(f *testing.F) {
	for _, s := range []string{"", "plain", `a"b\c`, "<b>&</b>", "\x00\x1f\x7f", "\b\f\n\r\t", "\u2028\u2029", "\xff\xfe", "日本語", "^[^\\x00-\\x1F]*$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want strings.Builder
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		writeString(&got, s)
		if got.String() != strings.TrimSuffix(want.String(), "\n") {
			t.Fatalf("writeString(%q) = %s, want %s", s, got.String(), want.String())
		}
	})
}
