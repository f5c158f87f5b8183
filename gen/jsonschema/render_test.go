package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// FuzzWriteString: strings are written as encoding/json writes them with
// HTML escaping off.
func FuzzWriteString(f *testing.F) {
	for _, s := range []string{"", "plain", `a"b\c`, "<b>&</b>", "\x00\x1f\x7f", "\b\f\n\r\t", "\u2028\u2029", "a\u202eb\u2066", "\xff\xfe", "日本語", "^[^\\x00-\\x1F]*$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want strings.Builder
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		// encoding/json leaves bidirectional controls as they are;
		// writeString escapes them, to the same value.
		w := strings.TrimSuffix(want.String(), "\n")
		for _, r := range "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c" {
			w = strings.ReplaceAll(w, string(r), fmt.Sprintf(`\u%04x`, r))
		}
		var got bytes.Buffer
		writeString(&got, s)
		if got.String() != w {
			t.Fatalf("writeString(%q) = %s, want %s", s, got.String(), want.String())
		}
	})
}
