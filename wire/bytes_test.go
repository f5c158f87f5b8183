package wire

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"regexp"
	"testing"
)

// base64Text is the JSON Schemas' pattern for bytes (model.Base64Pattern),
// the reference the reader must agree with.
var base64Text = regexp.MustCompile(`^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$`)

func TestBytes(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		want []byte // nil: refused
		kind error
	}{
		{`""`, []byte{}, nil},
		{`"AA=="`, []byte{0}, nil},
		{`"AAE="`, []byte{0, 1}, nil},
		{`"aGVsbG8="`, []byte("hello"), nil},
		{`"+/+/"`, []byte{0xfb, 0xff, 0xbf}, nil},
		{`"a\/8="`, []byte{0x6b, 0xff}, nil}, // an escaped / is a /
		{`"aGVsbG8"`, nil, ErrBase64},        // padding missing
		{`"aGVsbG8=="`, nil, ErrBase64},      // too much padding
		{`"aGVs\nbG8="`, nil, ErrBase64},     // a line break, which Go's decoder skips
		{`"aGVs\rbG8="`, nil, ErrBase64},     // a carriage return
		{`"aGVs bG8="`, nil, ErrBase64},      // a space
		{`"aGVsbG9="`, nil, ErrBase64},       // unused bits not zero
		{`"AB=="`, nil, ErrBase64},           // unused bits not zero
		{`"a-_8"`, nil, ErrBase64},           // the URL alphabet
		{`"=AAA"`, nil, ErrBase64},           // padding first
		{`"A"`, nil, ErrBase64},
		{`5`, nil, ErrType},
		{`null`, nil, ErrNull},
	} {
		r := Reader{data: []byte(tc.doc)}
		var got []byte
		err := r.Bytes(&got)
		if tc.want == nil {
			if !errors.Is(err, tc.kind) {
				t.Errorf("Bytes(%s) = %v, want an error of kind %v", tc.doc, err, tc.kind)
			}
			continue
		}
		if err != nil || got == nil || !bytes.Equal(got, tc.want) {
			t.Errorf("Bytes(%s) = %v (nil %v), %v; want %v", tc.doc, got, got == nil, err, tc.want)
		}
	}
}

func TestEncoderBytes(t *testing.T) {
	for _, b := range [][]byte{nil, {}, {0}, {0, 1}, []byte("hello"), {0xfb, 0xff, 0xbf, 0x3e}} {
		want, _ := json.Marshal(b)
		if b == nil {
			want = []byte(`""`) // encoding/json writes null for a nil slice; a required bytes field is never null
		}
		e := Encoder{}
		e.Bytes(b)
		if got, err := e.Result(); err != nil || string(got) != string(want) {
			t.Errorf("Bytes(%v) = %s, %v; want %s", b, got, err, want)
		}
	}
}

// FuzzBytes: the reader admits exactly the strings the JSON Schemas'
// pattern admits, decodes them as Go's strict standard decoder does, and
// writes each back as the same text.
func FuzzBytes(f *testing.F) {
	for _, s := range []string{"", "AA==", "AAE=", "AAEC", "aGVsbG8=", "aGVsbG8", "aGVsbG9=", "aGVs\nbG8=", "aGVs\r\nbG8=", "AB==", "a-_8", "A===", "====", "QUJD\n", " QUJD", "QUJDRA==QUJD"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		doc, _ := json.Marshal(s)
		r := Reader{data: doc}
		var got []byte
		err := r.Bytes(&got)
		if match := base64Text.MatchString(s); (err == nil) != match {
			t.Fatalf("%q: reader says %v, the pattern matches: %v", s, err, match)
		}
		if err != nil {
			if !errors.Is(err, ErrBase64) {
				t.Fatalf("%q: error %v is not ErrBase64", s, err)
			}
			return
		}
		want, stdErr := base64.StdEncoding.Strict().DecodeString(s)
		if stdErr != nil || !bytes.Equal(got, want) {
			t.Fatalf("%q: read %v, Go's strict decoder %v, %v", s, got, want, stdErr)
		}
		e := Encoder{}
		e.Bytes(got)
		if back, _ := e.Result(); string(back) != string(doc) {
			t.Fatalf("%q: written back as %s", s, back)
		}
	})
}
