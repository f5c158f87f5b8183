// Package golden runs schemagen's golden tests. Each testdata/*.txtar
// archive holds a small input — usually a CUE module (cue.mod/…, schema/…)
// — and what the code under test should make of it: output files under
// out/, or a section such as "want". With SCHEMAGEN_UPDATE=1 set, as CUE's
// own tests do with CUE_UPDATE, the expectations are rewritten instead of
// compared (an environment variable works across `go test ./...`, a flag
// does not).
package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

// Update reports whether expectations are to be rewritten.
func Update() bool { return os.Getenv("SCHEMAGEN_UPDATE") != "" }

// Case is one archive.
type Case struct {
	File    string
	Archive *txtar.Archive
	// Dir holds every input file of the archive (all but out/… and the
	// sections named in Run) written out: a module root.
	Dir string
}

// Run runs fn on each archive matching glob, each in a subtest named
// after the file. Files named in sections are expectations, not inputs.
func Run(t *testing.T, glob string, sections []string, fn func(t *testing.T, c *Case)) {
	t.Helper()
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatalf("no test cases match %s", glob)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			c := &Case{File: file, Archive: ar, Dir: t.TempDir()}
			inputs := map[string]string{}
			for _, f := range ar.Files {
				if !strings.HasPrefix(f.Name, "out/") && !contains(sections, f.Name) {
					inputs[f.Name] = string(f.Data)
				}
			}
			WriteTree(t, c.Dir, inputs)
			fn(t, c)
		})
	}
}

// WriteTree writes files, by slash-separated path under dir, with their
// folders: a module for a test to load.
func WriteTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// Section returns the text of the named file of the archive, or "".
func (c *Case) Section(name string) string {
	for _, f := range c.Archive.Files {
		if f.Name == name {
			return string(f.Data)
		}
	}
	return ""
}

// CheckSection compares got with the named section, or under Update
// rewrites it (adding it if absent).
func (c *Case) CheckSection(t *testing.T, name, got string) {
	t.Helper()
	if Update() {
		c.set(name, got)
		c.save(t)
		return
	}
	if diff := cmp.Diff(c.Section(name), got); diff != "" {
		t.Errorf("%s: %s differs (-want +got); rerun with SCHEMAGEN_UPDATE=1 if intended:\n%s", c.File, name, diff)
	}
}

// CheckFiles compares files with the archive's out/ files, or under Update
// replaces those with them.
func (c *Case) CheckFiles(t *testing.T, files []output.File) {
	t.Helper()
	if Update() {
		kept := c.Archive.Files[:0]
		for _, f := range c.Archive.Files {
			if !strings.HasPrefix(f.Name, "out/") {
				kept = append(kept, f)
			}
		}
		c.Archive.Files = kept
		for _, f := range files {
			c.Archive.Files = append(c.Archive.Files, txtar.File{Name: "out/" + f.Path, Data: f.Data})
		}
		c.save(t)
		return
	}
	want, got := map[string]string{}, map[string]string{}
	for _, f := range c.Archive.Files {
		if name, ok := strings.CutPrefix(f.Name, "out/"); ok {
			want[name] = string(f.Data)
		}
	}
	for _, f := range files {
		got[f.Path] = string(f.Data)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("output differs from %s (-want +got); rerun with SCHEMAGEN_UPDATE=1 if intended:\n%s", c.File, diff)
	}
}

func (c *Case) set(name, data string) {
	for i := range c.Archive.Files {
		if c.Archive.Files[i].Name == name {
			c.Archive.Files[i].Data = []byte(data)
			return
		}
	}
	c.Archive.Files = append(c.Archive.Files, txtar.File{Name: name, Data: []byte(data)})
}

func (c *Case) save(t *testing.T) {
	t.Helper()
	if err := os.WriteFile(c.File, txtar.Format(c.Archive), 0o644); err != nil {
		t.Fatal(err)
	}
}

// RunEmitter is the golden test of an emitter: each testdata/*.txtar is a
// CUE module whose out/ files are what generate makes of it. check, if not
// nil, then looks at the model and the files by path (compiles them, say).
func RunEmitter(t *testing.T, generate func(*model.Schema) ([]output.File, error), check func(t *testing.T, s *model.Schema, files map[string]string)) {
	t.Helper()
	Run(t, "testdata/*.txtar", nil, func(t *testing.T, c *Case) {
		s, err := model.Load(c.Dir)
		if err != nil {
			t.Fatal(err)
		}
		files, err := generate(s)
		if err != nil {
			t.Fatal(err)
		}
		c.CheckFiles(t, files)
		if check != nil {
			got := map[string]string{}
			for _, f := range files {
				got[f.Path] = string(f.Data)
			}
			check(t, s, got)
		}
	})
}
