package gen_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
	"github.com/schemagen/schemagen/internal/synth"
)

// BenchmarkLoad measures loading and resolving the project's schema.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := model.Load("../"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerate measures the whole pipeline short of writing: load,
// resolve and every emitter.
func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		if _, err := gen.Generate("../", gen.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEveryFileIsMarked: every file generate writes but the lock carries
// the generated marker near its start, so that a later generate can tell
// its own stale files from the ones it did not write (output.Owned).
func TestEveryFileIsMarked(t *testing.T) {
	res, err := gen.Generate("../", gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		if f.Path == lock.Path {
			continue
		}
		if !output.Owned(f.Data) {
			t.Errorf("%s does not carry %q in its first KiB", f.Path, output.Marker)
		}
	}
}

// TestDocsNameWhatIsWritten: the wire reference says where each target's
// files are; they are there.
func TestDocsNameWhatIsWritten(t *testing.T) {
	res, err := gen.Generate("../", gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	has := map[string]bool{}
	for _, f := range res.Files {
		has[f.Path] = true
		if f.Path == "docs/fleet.md" {
			doc = string(f.Data)
		}
	}
	if !strings.Contains(doc, "`generated/jsonschema/fleet/`") || !has["jsonschema/fleet/snapshot.schema.json"] {
		t.Errorf("docs/fleet.md and the JSON Schemas disagree")
	}
	if !strings.Contains(doc, "`generated/jsonschema/fleet.schema.json`") || !has["jsonschema/fleet.schema.json"] {
		t.Errorf("docs/fleet.md and the JSON Schema bundle disagree")
	}
	if !strings.Contains(doc, "`generated/ts/fleet.ts`") || !has["ts/fleet.ts"] {
		t.Errorf("docs/fleet.md and the TypeScript disagree")
	}
	if !strings.Contains(doc, "`import \"github.com/schemagen/schemagen/generated/go/fleet\"`") || !has["go/fleet/doc.go"] {
		t.Errorf("docs/fleet.md and the Go package disagree")
	}
}

// BenchmarkScaling times loading (CUE's loader and evaluator, then the
// model) apart from emitting (every target and the lock) on synthetic wire
// packages and layouts, to see which part grows how: make bench reports
// whole processes; this says where the time goes.
func BenchmarkScaling(b *testing.B) {
	for _, tc := range []struct {
		kind  string
		n     int
		files map[string]string
	}{
		{"wire", 1000, synth.Wire(1000)}, {"wire", 5000, synth.Wire(5000)},
		{"layout", 1000, synth.Layout(1000)}, {"layout", 5000, synth.Layout(5000)},
	} {
		dir := b.TempDir()
		if err := synth.Write(dir, tc.files); err != nil {
			b.Fatal(err)
		}
		s, err := model.Load(dir)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s=%d/load", tc.kind, tc.n), func(b *testing.B) {
			for b.Loop() {
				if _, err := model.Load(dir); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("%s=%d/emit", tc.kind, tc.n), func(b *testing.B) {
			for b.Loop() {
				if _, err := gen.Emit(s, gen.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
