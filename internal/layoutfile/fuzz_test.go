package layoutfile_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// FuzzAgreesWithTheGeneratedCodec: on any bytes, the interpreter never
// panics, gives the verdict of the codec generated for this repository's
// deck (generated/go/deck, rendered from gen/layoutplan's plan), and what
// it loads encodes to a file that loads back as the same payload (and as
// the generated Encode writes it).
func FuzzAgreesWithTheGeneratedCodec(f *testing.F) {
	paths, _ := filepath.Glob("../../conformance/c/testdata/vectors/*.deck")
	for _, p := range paths {
		b, _ := os.ReadFile(p)
		f.Add(b)
	}
	f.Add([]byte("DECK"))
	c := codec(f)
	f.Fuzz(func(t *testing.T, file []byte) {
		var st layout.DeckState
		dv, derr := layout.Load(file, &st)
		gv, payload, gerr := c.Load(file)
		if a, b := verdict(dv, derr), verdict(gv, gerr); a != b {
			t.Fatalf("the generated codec says %s, layoutfile says %s", a, b)
		}
		if gerr != nil {
			return
		}
		again := c.Encode(payload)
		if !bytes.Equal(again, layout.Encode(&st)) {
			t.Fatal("the payloads differ")
		}
		if v, p, err := c.Load(again); err != nil || v != c.Current() || !bytes.Equal(p, payload) {
			t.Fatalf("what it encodes loads as %d, %v", v, err)
		}
		if _, err := c.Inspect(file); err != nil {
			t.Fatalf("inspect refuses a file that loads: %v", err)
		}
	})
}
