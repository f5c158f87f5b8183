package gotypes_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"github.com/schemagen/schemagen/gen/gotypes"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/golden"
)

// TestGolden emits Go for each testdata/*.txtar schema and compares it with
// the archive's out/ files, then type-checks the emitted package.
func TestGolden(t *testing.T) {
	golden.RunEmitter(t, gotypes.Generate, func(t *testing.T, s *model.Schema, got map[string]string) {
		typeCheck(t, got)
	})
}

// typeCheck compiles the emitted files of each package with go/types, so a
// golden that does not compile cannot be accepted.
func typeCheck(t *testing.T, files map[string]string) {
	t.Helper()
	byDir := map[string][]string{}
	for p := range files {
		byDir[filepath.Dir(p)] = append(byDir[filepath.Dir(p)], p)
	}
	for dir, paths := range byDir {
		fset := token.NewFileSet()
		var parsed []*ast.File
		for _, p := range paths {
			f, err := parser.ParseFile(fset, p, files[p], parser.ParseComments)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if !ast.IsGenerated(f) {
				t.Errorf("%s: not marked as generated", p)
			}
			parsed = append(parsed, f)
		}
		conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
		if _, err := conf.Check(dir, fset, parsed, nil); err != nil {
			t.Errorf("emitted package %s does not compile: %v", dir, err)
		}
	}
}

// TestRefusesInlineConst: a string constant outside a union discriminator
// has no Go field type; the emitter refuses it with the position.
func TestRefusesInlineConst(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(data), 0o644)
	}
	write("cue.mod/module.cue", "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n")
	write("schema/w/a.cue", "package w\n\n// T is a thing.\n#T: {\n\t// Always x.\n\tk!: \"x\"\n}\n")
	s, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = gotypes.Generate(s)
	want := "schema/w/a.cue:6:2: #T.k: a string constant is supported only as a union discriminator"
	if err == nil || err.Error() != want {
		t.Errorf("Generate error = %v, want %q", err, want)
	}
}
