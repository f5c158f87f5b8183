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
// file without a package clause.
func TestSkippedIsRefused(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("cue.mod/module.cue", "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n")
	obj := "package w\n\n// A is an object.\n#A: {\n\t// N is a name.\n\tn!: string\n}\n"
	write("schema/w/a.cue", obj)
	write("schema/w/nopkg.cue", "// B is a name.\n#B: string\n")
	write("schema/_old/a.cue", obj)
	write("schema/.hidden/deep/a.cue", obj)
	write("schema/.notes/readme.txt", "not CUE: no error")
	write("schema/w/_draft.cue", obj)
	_, err := Load(dir)
	want := []string{
		"schema/.hidden: the folder .hidden holds CUE, but CUE's loader skips a folder whose name starts with \".\"",
		"schema/_old: the folder _old holds CUE, but CUE's loader skips a folder whose name starts with \"_\"",
		"schema/w/_draft.cue: CUE's loader skips a file whose name starts with \"_\"",
		"schema/w/nopkg.cue:1:1: this file has no package clause",
	}
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
