package gotypes_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/gen/gotypes"
	"github.com/schemagen/schemagen/gen/model"
)

var update = os.Getenv("SCHEMAGEN_UPDATE") != ""

// TestGolden emits Go for each testdata/*.txtar schema and compares it with
// the archive's out/ files, then type-checks the emitted package.
func TestGolden(t *testing.T) {
	cases, _ := filepath.Glob("testdata/*.txtar")
	if len(cases) == 0 {
		t.Fatal("no test cases")
	}
	for _, file := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			want := map[string]string{}
			var inputs []txtar.File
			for _, f := range ar.Files {
				if name, ok := strings.CutPrefix(f.Name, "out/"); ok {
					want[name] = string(f.Data)
					continue
				}
				inputs = append(inputs, f)
				p := filepath.Join(dir, f.Name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
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
			if update {
				ar.Files = inputs
				for _, f := range files {
					ar.Files = append(ar.Files, txtar.File{Name: "out/" + f.Path, Data: f.Data})
				}
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("emitted Go differs from %s (-want +got); rerun with SCHEMAGEN_UPDATE=1 if intended:\n%s", file, diff)
			}
			typeCheck(t, got)
		})
	}
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
