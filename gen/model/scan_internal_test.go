package model

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// failingFS is os.DirFS(root) with every read of one path failing as an
// unreadable folder or file does for a user without the permission.
type failingFS struct {
	fs.FS
	bad string
}

func (f failingFS) Open(name string) (fs.File, error) {
	if name == f.bad {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
	}
	return f.FS.Open(name)
}

// TestUnreadableIsAReadError: a schema folder or file that cannot be read
// is a *ReadError naming it and its cause, not a package that is not
// there (which a lock would call a deletion, and a run without one would
// delete from generated/).
func TestUnreadableIsAReadError(t *testing.T) {
	for _, bad := range []string{"schema/deck", "schema/fleet/enums.cue", "schema"} {
		t.Run(bad, func(t *testing.T) {
			defer func(old func(string) fs.FS) { schemaFS = old }(schemaFS)
			schemaFS = func(root string) fs.FS { return failingFS{os.DirFS(root), bad} }
			s, err := Load("../..")
			var re *ReadError
			if !errors.As(err, &re) || re.Path != bad || !errors.Is(err, syscall.EACCES) || s != nil {
				t.Fatalf("Load = %v, %v; want a *ReadError for %s, permission denied", s, err, bad)
			}
			if got, want := err.Error(), "cannot read "+bad+": permission denied"; got != want {
				t.Errorf("error %q, want %q", got, want)
			}
		})
	}
}

// TestSkippedIsRefused: what CUE's loader would pass over without a word
// is refused at its path: a folder or file named _x or .x holding CUE, a
// folder named testdata holding CUE (it was left out with exit 0), a
// folder that is a module of its own (it was told its cue.mod/module.cue
// has no package clause), a file without a package clause.
func TestSkippedIsRefused(t *testing.T) {
	dir := t.TempDir()
	write := writer(t, dir)
	write("cue.mod/module.cue", "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n")
	obj := "package w\n\n// A is an object.\n#A: {\n\t// N is a name.\n\tn!: string\n}\n"
	write("schema/w/a.cue", obj)
	write("schema/w/nopkg.cue", "// B is a name.\n#B: string\n")
	write("schema/_old/a.cue", obj)
	write("schema/.hidden/deep/a.cue", obj)
	write("schema/.notes/readme.txt", "not CUE: no error")
	write("schema/w/_draft.cue", obj)
	write("schema/w/testdata/a.cue", obj)
	write("schema/other/cue.mod/module.cue", "module: \"example.com/other@v0\"\nlanguage: version: \"v0.17.0\"\n")
	write("schema/other/a.cue", obj)
	_, err := Load(dir)
	want := []string{
		"schema/.hidden: the folder .hidden holds CUE, but CUE's loader skips a folder whose name starts with \".\"",
		"schema/_old: the folder _old holds CUE, but CUE's loader skips a folder whose name starts with \"_\"",
		"schema/other: the folder other holds CUE, but CUE's loader skips a folder with a cue.mod of its own (another module); move it out of schema and generate it in its own module",
		"schema/w/_draft.cue: CUE's loader skips a file whose name starts with \"_\"",
		"schema/w/nopkg.cue:1:1: this file has no package clause",
		"schema/w/testdata: the folder testdata holds CUE, but CUE's loader skips a folder named testdata; rename it, or move it out of schema",
	}
	wantErrors(t, err, want)
}

// TestSchemaAtRoot: a module whose packages are its top folders names the
// root as its schema (schema: "."), and Load reads what cue vet ./...
// reads there: each package, imports between them by the module's own
// paths, and not cue.mod, schemagen.cue, the output folder, nor what CUE
// passes over in a module (.x, _x, testdata, another module). The output
// folder holding CUE is refused: generate would delete it.
func TestSchemaAtRoot(t *testing.T) {
	dir := t.TempDir()
	write := writer(t, dir)
	write("cue.mod/module.cue", "module: \"example.com/shop@v0\"\nlanguage: version: \"v0.17.0\"\n")
	write("schemagen.cue", "schema: \".\"\noutput: \"gen\"\n")
	write("orders/orders.cue", "package orders\n\nimport \"example.com/shop/money\"\n\n#Order: {id!: string, total!: money.#Amount}\n")
	write("money/money.cue", "package money\n\n#Amount: {cents!: int & >=0 & <=1000000}\n")
	write("shop.cue", "package shop\n\n#Shop: {name!: string}\n")
	write("testdata/bad.cue", "package bad\n\n#Bad: {x: int\n")
	write("_tools/tool.cue", "package tool\n\n#T: {}\n")
	write(".github/x.cue", "package x\n")
	write("examples/cue.mod/module.cue", "module: \"example.com/ex@v0\"\nlanguage: version: \"v0.17.0\"\n")
	write("examples/ex.cue", "package ex\n\n#E: {e: int}\n")
	write("gen/docs/orders.md", "not CUE\n")
	write("invowkfile.cue", "cmds: [{name: \"build\"}]\n") // data, no package: passed over as cue vet ./... does
	s, err := Load(dir)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	var got []string
	for _, p := range s.Packages {
		got = append(got, p.Name+" "+p.Path)
	}
	want := []string{"shop shop", "money money", "orders orders"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("packages %q, want %q", got, want)
	}

	write("gen/stray.cue", "package stray\n")
	_, err = Load(dir)
	if err == nil || err.Error() != "gen: the output folder gen holds CUE, which generate would delete: it replaces the folder with what it writes; move the CUE out of it" {
		t.Errorf("Load with CUE in the output folder: %v", err)
	}
}

// TestNoPackageClause: a folder whose files all lack a package clause is a
// package named after the folder (invowk's schemas, CUE's OpenAPI test
// inputs: refused before, as files of no package); its name must be a
// package name, said at its first file; a file without one beside files
// with one is refused, naming the package it is left out of.
func TestNoPackageClause(t *testing.T) {
	dir := t.TempDir()
	write := writer(t, dir)
	write("cue.mod/module.cue", "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n")
	write("schema/cfg/a.cue", "// A is an object.\n#A: {n!: string}\n")
	write("schema/cfg/b.cue", "// B is an object.\n#B: {m?: int & >=0 & <=9}\n")
	s, err := Load(dir)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(s.Packages) != 1 || s.Packages[0].Name != "cfg" || s.Packages[0].Dir != "schema/cfg" || len(s.Packages[0].Objects) != 2 {
		t.Fatalf("packages %+v, want cfg in schema/cfg with #A and #B", s.Packages)
	}

	write("schema/my-cfg/a.cue", "#C: {x?: string}\n")
	write("schema/w/a.cue", "package w\n\n#W: {x?: string}\n")
	write("schema/w/b.cue", "#V: {y?: string}\n")
	_, err = Load(dir)
	want := []string{
		"schema/w/b.cue:1:1: this file has no package clause, while schema/w/a.cue has one",
	}
	wantErrors(t, err, want)
	os.Remove(filepath.Join(dir, "schema/w/b.cue"))
	_, err = Load(dir)
	if err == nil || !strings.HasPrefix(err.Error(), "schema/my-cfg/a.cue:1:1: the files of folder schema/my-cfg have no package clause, so they are read as one package named after the folder, and \"my-cfg\" is not a package name") {
		t.Errorf("Load with a folder my-cfg: %v", err)
	}
}

// writer returns a function writing a file of the module at dir, by its
// slash path, making its folders.
func writer(t *testing.T, dir string) func(name, data string) {
	return func(name, data string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// wantErrors checks that err is an ErrorList of len(want) errors, each
// beginning with its want.
func wantErrors(t *testing.T, err error, want []string) {
	t.Helper()
	var l ErrorList
	if !errors.As(err, &l) || len(l) != len(want) {
		t.Fatalf("Load: %v\nwant %d errors", err, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(l[i].Error(), w) {
			t.Errorf("error %d: %q, want it to begin %q", i, l[i].Error(), w)
		}
	}
}
