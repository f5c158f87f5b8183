//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/schemagen/schemagen/deck"
	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// TestDeckHostilePaths: what the deck commands do with a symbolic link, a
// hard-linked, a read-only or a not-regular file, a bad name and a version
// that never shipped (issue 13).
func TestDeckHostilePaths(t *testing.T) {
	dir := inTemp(t)
	v5 := v5Fixture(t)

	// A link is written through: the link stays, its target is migrated.
	os.Mkdir("store", 0o755)
	os.WriteFile("store/career.deck", v5, 0o644)
	os.Symlink("store/career.deck", "link.deck")
	if code, stdout, stderr := schemagen(t, "deck", "migrate", "link.deck"); code != exitOK || stdout != "link.deck: migrated from version 5 to 6\n" {
		t.Errorf("migrate a link: exit %d, %q %q", code, stdout, stderr)
	}
	if fi, _ := os.Lstat("link.deck"); fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("migrate replaced the link")
	}
	var st layout.DeckState
	if v, err := deck.ReadFile("store/career.deck", &st); err != nil || v != layout.StructVersion {
		t.Errorf("the link's target: version %d, %v", v, err)
	}

	refuse := func(args []string, says string) {
		t.Helper()
		var code int
		var stdout, stderr string
		done := make(chan struct{})
		go func() { defer close(done); code, stdout, stderr = schemagen(t, args...) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%v blocked", args)
		}
		if code != exitInput || stdout != "" || !strings.Contains(stderr, says) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", args, code, stdout, stderr, says)
		}
		if strings.Contains(stderr, ".tmp-") {
			t.Errorf("%v: the message speaks of a temporary file: %q", args, stderr)
		}
	}

	os.WriteFile("linked.deck", v5, 0o644)
	os.Link("linked.deck", "other-name.deck")
	refuse([]string{"deck", "migrate", "linked.deck"}, "linked.deck has 2 hard links")

	syscall.Mkfifo("fifo.deck", 0o644)
	refuse([]string{"deck", "migrate", "fifo.deck"}, "fifo.deck is not a regular file but a named pipe (FIFO)")
	refuse([]string{"deck", "inspect", "fifo.deck"}, "fifo.deck is not a regular file but a named pipe (FIFO)")
	refuse([]string{"deck", "new", "--force", "fifo.deck"}, "fifo.deck is not a regular file but a named pipe (FIFO)")
	os.Symlink("/dev/zero", "zero.deck")
	refuse([]string{"deck", "inspect", "zero.deck"}, "is not a regular file but a device")

	os.WriteFile("ro.deck", v5, 0o444)
	refuse([]string{"deck", "migrate", "ro.deck"}, "ro.deck is read-only (mode 0444); nothing was written\nschemagen: pass --force to replace it all the same (it stays read-only)")
	code, stdout, stderr := schemagen(t, "deck", "migrate", "--force", "ro.deck")
	if code != exitOK || stdout != "ro.deck: migrated from version 5 to 6\n" || !strings.Contains(stderr, "ro.deck was read-only (mode 0444) and stays so") {
		t.Errorf("migrate --force a read-only file: exit %d, %q %q", code, stdout, stderr)
	}
	if fi, _ := os.Stat("ro.deck"); fi.Mode().Perm() != 0o444 {
		t.Errorf("mode %v after migrate --force", fi.Mode().Perm())
	}

	refuse([]string{"deck", "new", ""}, "no file name given")
	os.Mkdir("folder", 0o755)
	refuse([]string{"deck", "new", "folder/"}, "folder/ names a folder, not a file")
	refuse([]string{"deck", "new", "folder"}, "folder is not a regular file but a folder")
	refuse([]string{"deck", "new", "missing/x.deck"}, "missing/x.deck: the folder missing does not exist; nothing was written")

	v1, _ := layout.EncodeFile(1, []byte("never shipped"))
	os.WriteFile("v1.deck", v1, 0o644)
	refuse([]string{"deck", "migrate", "v1.deck"}, "v1.deck: deck: version 1 never shipped (the versions that shipped are 3 to 6)")

	for _, name := range []string{"linked.deck", "ro.deck"} {
		if left, _ := filepath.Glob(filepath.Join(dir, "."+name+".tmp-*")); len(left) > 0 {
			t.Errorf("temporary files left: %v", left)
		}
	}
}
