package golangci_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/schemagen/schemagen/analysis/schemaexhaustive/golangci"
)

// testdata is the analyzer's own: the plugin must report exactly what
// schemavet reports, so it runs against the same // want lines.
var testdata = func() string {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		panic(err)
	}
	return dir
}()

// build does what golangci-lint does with a module plugin: look it up by
// the name in .golangci.yml, construct it with the settings read from
// there, and ask for its analyzers and load mode.
func build(t *testing.T, settings any) (*analysis.Analyzer, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin(golangci.Name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, err
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 1 || as[0].Name != "schemaexhaustive" {
		t.Fatalf("BuildAnalyzers returned %v, want the one analyzer schemaexhaustive", as)
	}
	return as[0], nil
}

// TestPlugin runs the plugin's analyzer with no settings (golangci-lint
// passes nil when .golangci.yml has none) and with an empty map over the
// strict testdata: every diagnostic, hatch and silent line of package a,
// and the suggested fixes of package fix.
func TestPlugin(t *testing.T) {
	for _, settings := range []any{nil, map[string]any{}} {
		a, err := build(t, settings)
		if err != nil {
			t.Fatal(err)
		}
		analysistest.Run(t, testdata, a, "a", "local")
		analysistest.RunWithSuggestedFixes(t, testdata, a, "fix")
	}
}

// TestPluginSettings checks that the settings reach the analyzer: with
// default-counts-as-exhaustive, package cfg's switches with a default are
// silent. The keys are as golangci-lint hands them over, lower-cased.
func TestPluginSettings(t *testing.T) {
	a, err := build(t, map[string]any{"default-counts-as-exhaustive": true})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, a, "cfg")

	// Two plugins from different settings do not share them.
	strict, err := build(t, map[string]any{"default-counts-as-exhaustive": false})
	if err != nil {
		t.Fatal(err)
	}
	if got := strict.Flags.Lookup("default-counts-as-exhaustive").Value.String(); got != "false" {
		t.Errorf("a second plugin's setting is %s, want false", got)
	}
}

// TestPluginBadSettings checks that a mistyped key or a value of the wrong
// type stops the plugin with an error naming it, rather than being dropped.
func TestPluginBadSettings(t *testing.T) {
	for _, c := range []struct {
		settings any
		want     string
	}{
		{map[string]any{"default-counts-as-exhaustiv": true}, `unknown field "default-counts-as-exhaustiv"`},
		{map[string]any{"default-counts-as-exhaustive": "yes"}, "cannot unmarshal string"},
		{[]any{"default-counts-as-exhaustive"}, "cannot unmarshal array"},
	} {
		_, err := build(t, c.settings)
		if err == nil || !strings.HasPrefix(err.Error(), "schemaexhaustive: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("settings %v: error %v, want one from schemaexhaustive containing %q", c.settings, err, c.want)
		}
	}
}

// TestRecipeInDocs holds the recipe in docs/exhaustive.md equal to the
// files TestCustomGCL builds and lints with, so the page shows what was
// proven.
func TestRecipeInDocs(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "exhaustive.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".custom-gcl.yml", ".golangci.yml"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(doc, append(append([]byte("```yaml\n"), b...), "```\n"...)) {
			t.Errorf("docs/exhaustive.md does not show testdata/%s as it is:\n%s", name, b)
		}
	}
}
