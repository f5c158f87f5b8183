package schemaexhaustive_test

import (
	"bytes"
	"cmp"
	"go/format"
	"go/token"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/schemagen/schemagen/analysis/schemaexhaustive"
)

// TestAnalyzer checks every diagnostic kind and the lines that must stay
// silent in package a, whose enums and union come from the fake generated
// package fleet as facts; and the facts themselves, in fleet (generated,
// so never checked) and in local (marked by hand, used in the same package).
func TestAnalyzer(t *testing.T) {
	a := schemaexhaustive.New(schemaexhaustive.Config{})
	analysistest.Run(t, analysistest.TestData(), a, "fleet", "local", "a")
}

// TestFactsAcrossPackages checks package a alone: what it knows of fleet's
// enums and union comes only from the facts of a dependency.
func TestFactsAcrossPackages(t *testing.T) {
	a := schemaexhaustive.New(schemaexhaustive.Config{})
	analysistest.Run(t, analysistest.TestData(), a, "a")
}

// TestDefaultCountsAsExhaustive checks the one setting.
func TestDefaultCountsAsExhaustive(t *testing.T) {
	a := schemaexhaustive.New(schemaexhaustive.Config{DefaultCountsAsExhaustive: true})
	analysistest.Run(t, analysistest.TestData(), a, "cfg")
}

// TestFlag checks that the flag sets the setting of its own analyzer only.
func TestFlag(t *testing.T) {
	a := schemaexhaustive.New(schemaexhaustive.Config{})
	if err := a.Flags.Set("default-counts-as-exhaustive", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "cfg")
	strict := schemaexhaustive.New(schemaexhaustive.Config{})
	if got := strict.Flags.Lookup("default-counts-as-exhaustive").Value.String(); got != "false" {
		t.Errorf("a second analyzer's flag is %s, want false", got)
	}
}

// TestSuggestedFixes applies every fix in package fix and compares the
// result with the .golden files.
func TestSuggestedFixes(t *testing.T) {
	a := schemaexhaustive.New(schemaexhaustive.Config{})
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), a, "fix")
}

// TestSuggestedFixesExact checks what RunWithSuggestedFixes cannot, since it
// formats both sides before comparing: that the fixes alone, unformatted,
// give the .golden files byte for byte, and that those are gofmt-clean.
// SCHEMAGEN_UPDATE=1 rewrites the .golden files.
func TestSuggestedFixesExact(t *testing.T) {
	a := schemaexhaustive.New(schemaexhaustive.Config{})
	results := analysistest.Run(t, analysistest.TestData(), a, "fix")
	edits := make(map[string][]analysis.TextEdit) // by file name
	var fset *token.FileSet
	for _, r := range results {
		fset = r.Pass.Fset
		for _, d := range r.Diagnostics {
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					name := fset.File(e.Pos).Name()
					edits[name] = append(edits[name], e)
				}
			}
		}
	}
	if len(edits) == 0 {
		t.Fatal("no fixes")
	}
	for name, es := range edits {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		slices.SortStableFunc(es, func(a, b analysis.TextEdit) int { return cmp.Compare(a.Pos, b.Pos) })
		tf := fset.File(es[0].Pos)
		var out []byte
		last := 0
		for _, e := range es {
			start, end := tf.Offset(e.Pos), tf.Offset(e.End)
			out = append(append(out, src[last:start]...), e.NewText...)
			last = end
		}
		out = append(out, src[last:]...)
		if os.Getenv("SCHEMAGEN_UPDATE") != "" {
			if err := os.WriteFile(name+".golden", out, 0o666); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(name + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, want) {
			t.Errorf("fixes to %s give\n%s\nwant (%s.golden)\n%s", name, out, name, want)
		}
		if formatted, err := format.Source(want); err != nil || !bytes.Equal(formatted, want) {
			t.Errorf("%s.golden is not gofmt-clean (%v)", name, err)
		}
	}
}
