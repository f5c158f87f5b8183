package output_test

import (
	"os"
	"path/filepath"
	"runtime"
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

// owned is file contents generate would recognise as its own.
func owned(s string) []byte { return []byte("// " + output.GoHeader + "\n" + s) }

func TestWriteReplacesTheWholeTree(t *testing.T) {
	root := t.TempDir()
	first, _ := output.NewSet([]output.File{{Path: "go/a.go", Data: []byte("a1")}, {Path: "old.txt", Data: owned("gone")}, {Path: "old/pkg/x.go", Data: owned("gone")}})
	if err := first.Write(root, "generated"); err != nil {
		t.Fatal(err)
	}
	second, _ := output.NewSet([]output.File{{Path: "go/a.go", Data: []byte("a2")}, {Path: "c/h.h", Data: []byte("h")}})
	if err := second.Write(root, "generated"); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"generated/go/a.go": "a2", "generated/c/h.h": "h"}
	if diff := cmp.Diff(want, tree(t, root)); diff != "" {
		t.Errorf("tree after second write (-want +got):\n%s", diff)
	}
	if changes, err := second.Diff(root, "generated"); err != nil || len(changes) != 0 {
		t.Errorf("Diff after Write = %v, %v", changes, err)
	}
}

func TestFailedWriteLeavesOldTree(t *testing.T) {
	if os.Geteuid() == 0 {
		// root ignores permissions; make the failure a name clash instead.
		root := t.TempDir()
		old, _ := output.NewSet([]output.File{{Path: "a", Data: []byte("old")}})
		if err := old.Write(root, "generated"); err != nil {
			t.Fatal(err)
		}
		before := tree(t, root)
		// "x" is a file and "x/y" needs it to be a directory: the write of
		// the new tree fails before the swap.
		bad, _ := output.NewSet([]output.File{{Path: "x", Data: []byte("1")}, {Path: "x/y", Data: []byte("2")}})
		if err := bad.Write(root, "generated"); err == nil {
			t.Fatal("Write succeeded")
		}
		if diff := cmp.Diff(before, tree(t, root)); diff != "" {
			t.Errorf("a failed write changed the tree (-before +after):\n%s", diff)
		}
		return
	}
	root := t.TempDir()
	old, _ := output.NewSet([]output.File{{Path: "a", Data: []byte("old")}})
	old.Write(root, "generated")
	before := tree(t, root)
	os.Chmod(root, 0o555)
	defer os.Chmod(root, 0o755)
	next, _ := output.NewSet([]output.File{{Path: "a", Data: []byte("new")}})
	if err := next.Write(root, "generated"); err == nil {
		t.Fatal("Write into a read-only root succeeded")
	}
	if diff := cmp.Diff(before, tree(t, root)); diff != "" {
		t.Errorf("a failed write changed the tree (-before +after):\n%s", diff)
	}
}

func TestDiff(t *testing.T) {
	root := t.TempDir()
	set, _ := output.NewSet([]output.File{{Path: "a", Data: []byte("1\n2\n3\n")}, {Path: "b", Data: []byte("x")}})
	if c, _ := set.Diff(root, "generated"); len(c) != 2 || c[0].Kind != "missing" {
		t.Errorf("Diff with no generated/ = %+v", c)
	}
	set.Write(root, "generated")
	os.WriteFile(filepath.Join(root, "generated", "a"), []byte("1\nTWO\n3\n"), 0o644)
	os.WriteFile(filepath.Join(root, "generated", "extra"), owned(""), 0o644)
	os.WriteFile(filepath.Join(root, "generated", "README.md"), []byte("ours, not generate's"), 0o644)
	got, err := set.Diff(root, "generated")
	if err != nil {
		t.Fatal(err)
	}
	want := []output.Change{
		{Path: "a", Kind: "stale", Line: 2, Want: "2", Have: "TWO", Out: "generated"},
		{Path: "extra", Kind: "extra", Out: "generated"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Diff (-want +got):\n%s", diff)
	}
	// A file that only grew differs at the first line past its old end.
	os.WriteFile(filepath.Join(root, "generated", "a"), []byte("1\n2\n"), 0o644)
	got, _ = set.Diff(root, "generated")
	if got[0].Line != 3 || got[0].Want != "3" {
		t.Errorf("truncated file: %+v", got[0])
	}
}

// TestWriteKeepsWhatItDidNotWrite: generate owns only the files it
// writes. A file under the output folder without the generated marker —
// a README, a .gitattributes, a go.mod beside the Go packages, a folder
// of one's own, a symbolic link, an empty folder — is carried into the
// new tree as it was; a stale file of an earlier generate is dropped.
func TestWriteKeepsWhatItDidNotWrite(t *testing.T) {
	root := t.TempDir()
	first, _ := output.NewSet([]output.File{{Path: "go/p/a.go", Data: owned("1")}, {Path: "go/q/b.go", Data: owned("1")}})
	if err := first.Write(root, "out/gen"); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "out", "gen")
	mine := map[string]string{
		"README.md":       "what this folder is",
		".gitattributes":  "* linguist-generated",
		"go/go.mod":       "module example.com/gen",
		"go/p/extra.go":   "package p // hand-written beside the generated files",
		"notes/2026/todo": "x",
	}
	for p, data := range mine {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), []byte(data), 0o600)
	}
	os.Symlink("README.md", filepath.Join(dir, "link"))
	os.Mkdir(filepath.Join(dir, "empty"), 0o755)

	second, _ := output.NewSet([]output.File{{Path: "go/p/a.go", Data: owned("2")}})
	if err := second.Write(root, "out/gen"); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"go/p/a.go": string(owned("2")), "link": "what this folder is"}
	for p, data := range mine {
		want[p] = data
	}
	if diff := cmp.Diff(want, tree(t, dir)); diff != "" {
		t.Errorf("tree after the second write (-want +got):\n%s", diff)
	}
	if target, err := os.Readlink(filepath.Join(dir, "link")); err != nil || target != "README.md" {
		t.Errorf("the link is %q, %v; want a link to README.md", target, err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "go", "p", "extra.go")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("a kept file lost its mode: %v %v", fi, err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "empty")); err != nil || !fi.IsDir() {
		t.Errorf("the empty folder is gone: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go", "q")); !os.IsNotExist(err) {
		t.Errorf("go/q, which held only a stale generated file, is still there: %v", err)
	}
	if c, err := second.Diff(root, "out/gen"); err != nil || len(c) != 0 {
		t.Errorf("Diff after Write = %v, %v; files generate did not write are no change", c, err)
	}
}

// TestWriteRefusesAFileInTheWay: a file generate did not write where it
// needs a folder, or a folder of one's own where it writes a file, is an
// error naming it, and the old tree is left as it was.
func TestWriteRefusesAFileInTheWay(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(dir string)
		files []output.File
		want  string
	}{
		{"file where a folder goes", func(dir string) { os.WriteFile(filepath.Join(dir, "go"), []byte("mine"), 0o644) },
			[]output.File{{Path: "go/a.go", Data: owned("")}}, "generated/go is a file generate did not write, where it needs a folder (for generated/go/a.go)"},
		{"folder where a file goes", func(dir string) {
			os.MkdirAll(filepath.Join(dir, "x"), 0o755)
			os.WriteFile(filepath.Join(dir, "x", "mine"), []byte("mine"), 0o644)
		}, []output.File{{Path: "x", Data: owned("")}}, "generated/x is a folder holding a file generate did not write (mine)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "generated")
			os.MkdirAll(dir, 0o755)
			tc.setup(dir)
			before := tree(t, root)
			set, _ := output.NewSet(tc.files)
			err := set.Write(root, "generated")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Write = %v, want an error containing %q", err, tc.want)
			}
			if diff := cmp.Diff(before, tree(t, root)); diff != "" {
				t.Errorf("a refused write changed the tree (-before +after):\n%s", diff)
			}
		})
	}
}

// TestWriteReplacesAnEarlierGeneratesFolder: a folder an earlier generate
// filled, where this one writes a file, is replaced.
func TestWriteReplacesAnEarlierGeneratesFolder(t *testing.T) {
	root := t.TempDir()
	first, _ := output.NewSet([]output.File{{Path: "x/a", Data: owned("1")}})
	first.Write(root, "generated")
	second, _ := output.NewSet([]output.File{{Path: "x", Data: owned("2")}})
	if err := second.Write(root, "generated"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]string{"generated/x": string(owned("2"))}, tree(t, root)); diff != "" {
		t.Errorf("tree (-want +got):\n%s", diff)
	}
}

func TestOwned(t *testing.T) {
	for _, tc := range []struct {
		data string
		want bool
	}{
		{"// " + output.GoHeader + "\n", true},
		{"/* Code generated by schemagen from schema/deck. DO NOT EDIT. */", true},
		{"{\n  \"$schema\": \"x\",\n  \"$comment\": \"Code generated by schemagen from a.cue. DO NOT EDIT.\"\n}", true},
		{"# notes\n", false},
		{strings.Repeat(" ", 1024) + output.Marker, false}, // past the first KiB
	} {
		if got := output.Owned([]byte(tc.data)); got != tc.want {
			t.Errorf("Owned(%.40q) = %v, want %v", tc.data, got, tc.want)
		}
	}
}

// writtenAnHourAgo writes set to root's generated/ and sets the time of its
// file rel an hour back; it returns that file's path and time.
func writtenAnHourAgo(t *testing.T, root string, set output.Set, rel string) (string, time.Time) {
	t.Helper()
	if err := set.Write(root, "generated"); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(root, "generated", filepath.FromSlash(rel))
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	return p, old
}

// TestWriteLeavesAnIdenticalTree: writing the set generated/ already holds
// changes nothing on disk, not even a file's time; one changed byte writes
// the tree again.
func TestWriteLeavesAnIdenticalTree(t *testing.T) {
	root := t.TempDir()
	set, _ := output.NewSet([]output.File{{Path: "go/a.go", Data: []byte("a")}, {Path: "b.txt", Data: []byte("b")}})
	p, old := writtenAnHourAgo(t, root, set, "go/a.go")
	dirInfo, _ := os.Stat(filepath.Join(root, "generated"))
	if err := set.Write(root, "generated"); err != nil {
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
	if err := changed.Write(root, "generated"); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, root); got["generated/go/a.go"] != "A" {
		t.Errorf("tree after a change: %v", got)
	}
}

// TestWriteLinksWhatDidNotChange: when some files change, the new tree
// takes each file that did not from the old one as it is (a hard link):
// its time stays, and nothing is written for it.
func TestWriteLinksWhatDidNotChange(t *testing.T) {
	root := t.TempDir()
	set, _ := output.NewSet([]output.File{{Path: "go/a.go", Data: []byte("a")}, {Path: "docs/b.md", Data: []byte("b")}})
	b, old := writtenAnHourAgo(t, root, set, "docs/b.md")
	before, _ := os.Stat(b)
	changed, _ := output.NewSet([]output.File{{Path: "go/a.go", Data: []byte("A")}, {Path: "docs/b.md", Data: []byte("b")}})
	if err := changed.Write(root, "generated"); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(b)
	if runtime.GOOS == "linux" && (err != nil || !os.SameFile(before, after) || !after.ModTime().Equal(old)) {
		t.Errorf("the unchanged file was written again (same file %v, time %v, want %v; %v)", err == nil && os.SameFile(before, after), after.ModTime(), old, err)
	}
	if got := tree(t, root); got["generated/go/a.go"] != "A" || got["generated/docs/b.md"] != "b" {
		t.Errorf("tree after a change: %v", got)
	}
	// A file whose mode someone changed is written again, as a fresh
	// write makes it, not linked with its mode.
	probe := filepath.Join(t.TempDir(), "probe")
	if err := os.WriteFile(probe, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	pi, _ := os.Stat(probe)
	if err := os.Chmod(b, pi.Mode()^0o004); err != nil {
		t.Fatal(err)
	}
	if err := set.Write(root, "generated"); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(b); err != nil || fi.Mode() != pi.Mode() {
		t.Errorf("an unchanged file whose mode was changed to %v kept it: %v, %v; want %v", pi.Mode()^0o004, fi.Mode(), err, pi.Mode())
	}
	// A file someone linked elsewhere is written again: the new tree's
	// file is no one else's.
	elsewhere := filepath.Join(t.TempDir(), "b.md")
	if err := os.Link(b, elsewhere); err != nil {
		t.Skip("no hard links here:", err)
	}
	if err := changed.Write(root, "generated"); err != nil {
		t.Fatal(err)
	}
	ei, _ := os.Stat(elsewhere)
	if bi, err := os.Stat(b); err != nil || os.SameFile(bi, ei) {
		t.Errorf("the new tree's file is the one linked elsewhere (%v)", err)
	}
}
