package output_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/output"
)

func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	return out
}

func TestNewSetRefuses(t *testing.T) {
	for _, tc := range []struct {
		files []output.File
		want  string
	}{
		{[]output.File{{Path: "a"}, {Path: "a"}}, "two emitters write a"},
		{[]output.File{{Path: "../x"}}, `bad file path "../x"`},
		{[]output.File{{Path: "/abs"}}, `bad file path "/abs"`},
		{[]output.File{{Path: "a/./b"}}, `bad file path "a/./b"`},
	} {
		if _, err := output.NewSet(tc.files); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewSet(%v) = %v, want %q", tc.files, err, tc.want)
		}
	}
}

func TestWriteReplacesTheWholeTree(t *testing.T) {
	root := t.TempDir()
	first, _ := output.NewSet([]output.File{{Path: "go/a.go", Data: []byte("a1")}, {Path: "old.txt", Data: []byte("gone")}})
	if err := first.Write(root); err != nil {
		t.Fatal(err)
	}
	second, _ := output.NewSet([]output.File{{Path: "go/a.go", Data: []byte("a2")}, {Path: "c/h.h", Data: []byte("h")}})
	if err := second.Write(root); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"generated/go/a.go": "a2", "generated/c/h.h": "h"}
	if diff := cmp.Diff(want, tree(t, root)); diff != "" {
		t.Errorf("tree after second write (-want +got):\n%s", diff)
	}
	if changes, err := second.Diff(root); err != nil || len(changes) != 0 {
		t.Errorf("Diff after Write = %v, %v", changes, err)
	}
}

func TestFailedWriteLeavesOldTree(t *testing.T) {
	if os.Geteuid() == 0 {
		// root ignores permissions; make the failure a name clash instead.
		root := t.TempDir()
		old, _ := output.NewSet([]output.File{{Path: "a", Data: []byte("old")}})
		if err := old.Write(root); err != nil {
			t.Fatal(err)
		}
		before := tree(t, root)
		// "x" is a file and "x/y" needs it to be a directory: the write of
		// the new tree fails before the swap.
		bad, _ := output.NewSet([]output.File{{Path: "x", Data: []byte("1")}, {Path: "x/y", Data: []byte("2")}})
		if err := bad.Write(root); err == nil {
			t.Fatal("Write succeeded")
		}
		if diff := cmp.Diff(before, tree(t, root)); diff != "" {
			t.Errorf("a failed write changed the tree (-before +after):\n%s", diff)
		}
		return
	}
	root := t.TempDir()
	old, _ := output.NewSet([]output.File{{Path: "a", Data: []byte("old")}})
	old.Write(root)
	before := tree(t, root)
	os.Chmod(root, 0o555)
	defer os.Chmod(root, 0o755)
	next, _ := output.NewSet([]output.File{{Path: "a", Data: []byte("new")}})
	if err := next.Write(root); err == nil {
		t.Fatal("Write into a read-only root succeeded")
	}
	if diff := cmp.Diff(before, tree(t, root)); diff != "" {
		t.Errorf("a failed write changed the tree (-before +after):\n%s", diff)
	}
}

func TestDiff(t *testing.T) {
	root := t.TempDir()
	set, _ := output.NewSet([]output.File{{Path: "a", Data: []byte("1\n2\n3\n")}, {Path: "b", Data: []byte("x")}})
	if c, _ := set.Diff(root); len(c) != 2 || c[0].Kind != "missing" {
		t.Errorf("Diff with no generated/ = %+v", c)
	}
	set.Write(root)
	os.WriteFile(filepath.Join(root, "generated", "a"), []byte("1\nTWO\n3\n"), 0o644)
	os.WriteFile(filepath.Join(root, "generated", "extra"), []byte(""), 0o644)
	got, err := set.Diff(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []output.Change{
		{Path: "a", Kind: "stale", Line: 2, Want: "2", Have: "TWO"},
		{Path: "extra", Kind: "extra"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Diff (-want +got):\n%s", diff)
	}
	// A file that only grew differs at the first line past its old end.
	os.WriteFile(filepath.Join(root, "generated", "a"), []byte("1\n2\n"), 0o644)
	got, _ = set.Diff(root)
	if got[0].Line != 3 || got[0].Want != "3" {
		t.Errorf("truncated file: %+v", got[0])
	}
}

// TestWriteLeavesAnIdenticalTree: writing the set generated/ already holds
// changes nothing on disk, not even a file's time, and an extra file is
// still removed.
func TestWriteLeavesAnIdenticalTree(t *testing.T) {
	root := t.TempDir()
	set, _ := output.NewSet([]output.File{{Path: "go/a.go", Data: []byte("a")}, {Path: "b.txt", Data: []byte("b")}})
	if err := set.Write(root); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(root, "generated", "go", "a.go")
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	dirInfo, _ := os.Stat(filepath.Join(root, "generated"))
	if err := set.Write(root); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(p); err != nil || !fi.ModTime().Equal(old) {
		t.Errorf("an unchanged file was rewritten: %v, %v", fi.ModTime(), err)
	}
	if fi, _ := os.Stat(filepath.Join(root, "generated")); !os.SameFile(fi, dirInfo) {
		t.Error("the unchanged tree was swapped for a new one")
	}
	// One changed byte: the whole tree is written again.
	changed, _ := output.NewSet([]output.File{{Path: "go/a.go", Data: []byte("A")}, {Path: "b.txt", Data: []byte("b")}})
	if err := changed.Write(root); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, root); got["generated/go/a.go"] != "A" {
		t.Errorf("tree after a change: %v", got)
	}
}
