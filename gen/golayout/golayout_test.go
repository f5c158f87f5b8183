package golayout_test

import (
	"go/ast"
	"go/build/constraint"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"testing"

	"github.com/schemagen/schemagen/gen/golayout"
	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/golden"
)

// TestGolden emits Go for each testdata/*.txtar layout, compares it with
// the archive's out/ files, type-checks it and checks that every exported
// identifier is one the model decided.
func TestGolden(t *testing.T) {
	golden.RunEmitter(t, golayout.Generate, func(t *testing.T, s *model.Schema, got map[string]string) {
		checkPackage(t, s.Layouts[0], got)
	})
}

// TestRealSchema checks the project's generated deck package the same way.
func TestRealSchema(t *testing.T) {
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := golayout.Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.Path] = string(f.Data)
	}
	checkPackage(t, s.Layout("deck"), got)
}

// checkPackage type-checks the emitted package and checks that every
// exported package-level identifier is in the model's LayoutIdents.
func checkPackage(t *testing.T, l *layoutmodel.Layout, files map[string]string) {
	t.Helper()
	_, goIdents := l.LayoutIdents()
	known := map[string]bool{}
	for _, id := range goIdents {
		known[id.Name] = true
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	var stray []string
	for p, src := range files {
		f, err := parser.ParseFile(fset, p, src, parser.ParseComments)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if !ast.IsGenerated(f) {
			t.Errorf("%s: not marked as generated", p)
		}
		parsed = append(parsed, f)
		for name, obj := range f.Scope.Objects {
			if ast.IsExported(name) && !known[name] && obj.Kind != ast.Bad {
				stray = append(stray, name)
			}
		}
	}
	sort.Strings(stray)
	if len(stray) > 0 {
		t.Errorf("the package declares identifiers the model does not list in LayoutIdents: %v", stray)
	}
	// Once as built by default and once with the purego tag (native.go
	// and purego.go declare the same names, each for one of them).
	for _, purego := range []bool{false, true} {
		var build []*ast.File
		for _, f := range parsed {
			if buildsWith(f, purego) {
				build = append(build, f)
			}
		}
		conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
		if _, err := conf.Check(l.Name, fset, build, nil); err != nil {
			t.Errorf("emitted package does not compile (purego %v): %v", purego, err)
		}
	}
}

// buildsWith reports whether f's //go:build line (if any) holds with or
// without the purego tag.
func buildsWith(f *ast.File, purego bool) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if x, err := constraint.Parse(c.Text); err == nil {
				return x.Eval(func(tag string) bool { return tag == "purego" && purego })
			}
		}
	}
	return true
}
