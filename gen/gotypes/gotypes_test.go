package gotypes_test

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
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
		gofmtIsIdentity(t, got)
	})
}

// gofmtIsIdentity: the emitter writes gofmt's layout itself (it runs no
// formatter), so gofmt must leave every file as it is.
func gofmtIsIdentity(t *testing.T, files map[string]string) {
	t.Helper()
	for p, data := range files {
		formatted, err := format.Source([]byte(data))
		if err != nil {
			t.Errorf("%s does not parse: %v", p, err)
			continue
		}
		if string(formatted) != data {
			t.Errorf("gofmt changes %s:\n%s", p, lineDiff(data, string(formatted)))
		}
	}
}

// lineDiff shows the first lines where a and b differ.
func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n emitted: %q\n  gofmt:  %q", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(al), len(bl))
}

// TestGofmtIsIdentityOnTheProject runs the check over this repository's
// own schema.
func TestGofmtIsIdentityOnTheProject(t *testing.T) {
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := gotypes.Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.Path] = string(f.Data)
	}
	gofmtIsIdentity(t, got)
}

// sourceImporter type-checks the packages the emitted code imports (wire
// and the standard library) from source, once for every golden: an
// importer of their own made each golden check them again, 35 of this
// package's 50 seconds in make test.
var sourceImporter = importer.ForCompiler(token.NewFileSet(), "source", nil)

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
		conf := types.Config{Importer: sourceImporter}
		if _, err := conf.Check(dir, fset, parsed, nil); err != nil {
			t.Errorf("emitted package %s does not compile: %v", dir, err)
		}
	}
}

// TestManyFieldsCompile: an object of more than 64 fields tracks what it
// read over several words; the code for it compiles against wire.
func TestManyFieldsCompile(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("package w\n\n// T has 70 fields.\n#T: {\n")
	for i := range 70 {
		fmt.Fprintf(&b, "\t// Field %d.\n\tf%d!: string\n", i, i)
	}
	b.WriteString("}\n")
	for name, data := range map[string]string{
		"cue.mod/module.cue": "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n",
		"schema/w/a.cue":     b.String(),
	} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(data), 0o644)
	}
	s, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	files, err := gotypes.Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.Path] = string(f.Data)
	}
	if !strings.Contains(got["go/w/a.go"], "var have [2]uint64") {
		t.Error("a 70-field object does not track its members over two words")
	}
	typeCheck(t, got)
	gofmtIsIdentity(t, got)
}
