package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// schemagenBinary builds schemagen once for the tests that run it as a process of
// its own (as another user; killed mid-run), into a folder every user can
// read.
func schemagenBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "schemagen-bin-")
		if err != nil {
			binErr = err
			return
		}
		os.Chmod(dir, 0o755)
		binPath = filepath.Join(dir, "schemagen")
		if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = &exec.ExitError{Stderr: out}
		}
	})
	if binErr != nil {
		t.Fatalf("go build: %v", binErr)
	}
	return binPath
}

// asUser runs schemagen in dir as a user who is not root: as this test if
// it is not root, else as nobody through setpriv (root reads any folder,
// whatever its mode).
func asUser(t *testing.T, dir string, args ...string) (code int, stderr string) {
	t.Helper()
	if os.Getuid() != 0 {
		code, _, stderr = schemagen(t, append([]string{"-C", dir}, args...)...)
		return code, stderr
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("root, and no setpriv to run as another user")
	}
	// nobody needs to reach dir and write in it.
	for p := dir; p != "/" && p != "."; p = filepath.Dir(p) {
		if fi, err := os.Stat(p); err == nil && fi.Mode().Perm()&0o005 != 0o005 {
			os.Chmod(p, fi.Mode().Perm()|0o005)
		}
	}
	filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err == nil {
			os.Lchown(p, 65534, 65534)
		}
		return nil
	})
	cmd := exec.Command(setpriv, append([]string{"--reuid=65534", "--regid=65534", "--clear-groups", schemagenBinary(t), "-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CACHE_HOME="+dir)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, string(out)
}

// TestUnreadableFolderIsNotADeletion: a package folder the user cannot
// read was taken for a deleted package: generate removed its outputs (or,
// with a lock, refused with LAYOUT_NO_DELETE and offered
// --accept-breaking, which wrote the deletion into the lock). Now generate
// and check both refuse with the folder and the cause, and write nothing.
func TestUnreadableFolderIsNotADeletion(t *testing.T) {
	dir := scratch(t)
	if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	gen := filepath.Join(dir, "generated")
	before := snapshotTree(t, gen)
	deck := filepath.Join(dir, "schema", "deck")
	if err := os.Chmod(deck, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(deck, 0o755)
	for _, args := range [][]string{{"generate"}, {"generate", "--accept-breaking", "it was deleted"}, {"check"}} {
		code, stderr := asUser(t, dir, args...)
		if code != 2 || !strings.Contains(stderr, "cannot read schema/deck: permission denied; nothing was written") {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant exit 2 and the folder and cause", args, code, stderr)
		}
		if strings.Contains(stderr, "NO_DELETE") || strings.Contains(stderr, "the schema has errors") {
			t.Errorf("%v: an unreadable folder reported as the schema's problem:\n%s", args, stderr)
		}
	}
	os.Chmod(deck, 0o755)
	if diff := cmp.Diff(before, snapshotTree(t, gen)); diff != "" {
		t.Errorf("generated/ changed (-before +after):\n%s", diff)
	}
}
