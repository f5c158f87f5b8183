package inspectjson

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestStringsAsEncodingJSON: a string in a report (a member name or a value)
// is written as encoding/json writes it without HTML escaping. Before the
// escapers were one, the report wrote "\n" as \u000a and U+2028 as itself,
// which ends a line in JavaScript.
func TestStringsAsEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "plain", "a\"b\\c", "<tag>&amp;", "\x00\x01\x1f\x7f", "\b\f\n\r\t", "line\u2028sep\u2029", "日本語", CString([]byte{'h', 0x0a, 0xe9, 0x80, 0})} {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.Encode(map[string]string{s: s})
		var want bytes.Buffer
		if err := json.Indent(&want, buf.Bytes(), "", "  "); err != nil {
			t.Fatal(err)
		}
		if got := Marshal(Object{{Key: s, Val: s}}); string(got) != want.String() {
			t.Errorf("%q: got\n%s\nwant\n%s", s, got, want.String())
		}
	}
}
