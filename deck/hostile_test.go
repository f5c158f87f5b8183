//go:build linux

package deck

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// Saves under hostile paths (issue 13, items 5 to 7): symbolic links,
// owners and modes, hard links, FIFOs and devices, read-only files, bad
// names and stale temporary files.

// writeV5 writes the v5 fixture at path with mode perm and returns it.
func writeV5(t *testing.T, path string, perm fs.FileMode) []byte {
	t.Helper()
	b := v5Fixture(t)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil {
		t.Fatal(err)
	}
	return b
}

// isCurrent reports whether the file at path loads as the current version
// without migrating.
func isCurrent(t *testing.T, path string) bool {
	t.Helper()
	_, v, err := readNew(path)
	return err == nil && v == layout.StructVersion
}

// refusedWith checks that err is a *RefusedError wrapping want whose
// message says says.
func refusedWith(t *testing.T, err, want error, says string) {
	t.Helper()
	re, ok := errors.AsType[*RefusedError](err)
	if !ok || !errors.Is(err, want) {
		t.Fatalf("got %v (%T), want a *RefusedError wrapping %v", err, err, want)
	}
	if !strings.Contains(re.Error(), says) {
		t.Errorf("error %q does not say %q", re, says)
	}
}

// TestMigrateThroughSymlink: migrating a symbolic link (a chain of two,
// one relative through a linked folder) migrates the file it names, in
// that file's folder; the links stay links.
func TestMigrateThroughSymlink(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "store", "decks")
	os.MkdirAll(real, 0o755)
	target := filepath.Join(real, "career.deck")
	writeV5(t, target, 0o644)
	// home/link.deck -> ../alias/career.deck, where alias -> store/decks:
	// the kernel resolves ../ after following alias, which a lexical join
	// would get wrong.
	os.MkdirAll(filepath.Join(root, "home", "sub"), 0o755)
	os.Symlink(filepath.Join("store", "decks"), filepath.Join(root, "alias"))
	os.Symlink(filepath.Join("..", "..", "alias", "career.deck"), filepath.Join(root, "home", "sub", "link.deck"))
	os.Symlink(filepath.Join("sub", "link.deck"), filepath.Join(root, "home", "top.deck"))

	from, err := MigrateFile(filepath.Join(root, "home", "top.deck"))
	if err != nil || from != 5 {
		t.Fatalf("MigrateFile through two links: %d, %v", from, err)
	}
	for _, l := range []string{"home/top.deck", "home/sub/link.deck", "alias"} {
		if fi, err := os.Lstat(filepath.Join(root, l)); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link", l)
		}
	}
	if !isCurrent(t, target) {
		t.Error("the link's target was not migrated")
	}
	onlyFile(t, real, "career.deck")
}

// TestWriteFileDanglingLink: a save through a link to a file that does
// not exist yet creates that file; the link stays.
func TestWriteFileDanglingLink(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link.deck")
	os.Symlink("real.deck", link)
	st := layout.NewDeckState()
	if err := WriteFile(link, st); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if !isCurrent(t, filepath.Join(dir, "real.deck")) {
		t.Error("the link's target was not written")
	}
}

// TestWriteFileSymlinkLoop: a loop of links is refused, naming it.
func TestWriteFileSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink("b", a)
	os.Symlink("a", b)
	refusedWith(t, WriteFile(a, new(layout.DeckState)), ErrBadPath, "too many symbolic links")
}

// TestWriteFileKeepsOwnerAndMode: the new file has the old one's owner,
// group and mode, setgid included (a 1234:5678 02640 file stays so when
// root saves it). Without root, the mode part is checked with the
// process's own group.
func TestWriteFileKeepsOwnerAndMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "career.deck")
	writeV5(t, path, 0o640)
	uid, gid := os.Getuid(), os.Getgid()
	if uid == 0 {
		uid, gid = 1234, 5678
		if err := os.Chown(path, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	mode := 0o640 | fs.ModeSetgid
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	if _, err := MigrateFile(path); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode() & (fs.ModePerm | fs.ModeSetgid | fs.ModeSetuid | fs.ModeSticky); got != mode {
		t.Errorf("mode %v, want %v", got, mode)
	}
	sys := fi.Sys().(*syscall.Stat_t)
	if int(sys.Uid) != uid || int(sys.Gid) != gid {
		t.Errorf("owner %d:%d, want %d:%d", sys.Uid, sys.Gid, uid, gid)
	}
	if !isCurrent(t, path) {
		t.Error("not migrated")
	}
}

// TestWriteFileKeepsXattrs: extended attributes (a POSIX ACL is one) are
// carried to the new file.
func TestWriteFileKeepsXattrs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "career.deck")
	writeV5(t, path, 0o644)
	if err := syscall.Setxattr(path, "user.schemagen.test", []byte("kept"), 0); err != nil {
		t.Skipf("this file system takes no user xattrs: %v", err)
	}
	if _, err := MigrateFile(path); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	n, err := syscall.Getxattr(path, "user.schemagen.test", buf)
	if err != nil || string(buf[:n]) != "kept" {
		t.Errorf("xattr after the save: %q, %v", buf[:max(n, 0)], err)
	}
	onlyFile(t, dir, "career.deck")
}

// TestWriteFileRefusesHardLinks: a file with several names is refused
// (replacing one name would leave the others on the old file), and
// nothing is written.
func TestWriteFileRefusesHardLinks(t *testing.T) {
	dir := t.TempDir()
	path, other := filepath.Join(dir, "career.deck"), filepath.Join(dir, "backup.deck")
	old := writeV5(t, path, 0o644)
	if err := os.Link(path, other); err != nil {
		t.Fatal(err)
	}
	_, err := MigrateFile(path)
	refusedWith(t, err, ErrHardLinks, "has 2 hard links")
	for _, p := range []string{path, other} {
		if b, _ := os.ReadFile(p); !bytes.Equal(b, old) {
			t.Errorf("%s changed", p)
		}
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".*")); len(tmp) > 0 {
		t.Errorf("left %v", tmp)
	}
}

// within fails the test if f does not return within a few seconds: a FIFO
// must be refused at once, never waited on.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s blocked", what)
	}
}

// TestNotRegularRefused: a FIFO, a device and a folder are refused at
// once, by the reader and the saver, as not regular files.
func TestNotRegularRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.deck")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	dev := filepath.Join(dir, "dev.deck")
	os.Symlink("/dev/null", dev)
	folder := filepath.Join(dir, "folder.deck")
	os.Mkdir(folder, 0o755)
	for _, tc := range []struct{ path, says string }{
		{fifo, "not a regular file but a named pipe (FIFO)"},
		{dev, "not a regular file but a device"},
		{folder, "not a regular file but a folder"},
	} {
		within(t, "ReadFile "+tc.path, func() {
			_, _, err := readNew(tc.path)
			refusedWith(t, err, ErrNotRegular, tc.says)
		})
		within(t, "MigrateFile "+tc.path, func() {
			_, err := MigrateFile(tc.path)
			refusedWith(t, err, ErrNotRegular, tc.says)
		})
		within(t, "WriteFile "+tc.path, func() {
			refusedWith(t, WriteFile(tc.path, new(layout.DeckState)), ErrNotRegular, tc.says)
		})
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Error("the FIFO was replaced")
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".*")); len(tmp) > 0 {
		t.Errorf("left %v", tmp)
	}
}

// TestWriteFileReadOnly: a read-only file is refused unless the caller
// asks; then it is replaced and stays read-only.
func TestWriteFileReadOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "career.deck")
	old := writeV5(t, path, 0o444)
	_, err := MigrateFile(path)
	refusedWith(t, err, ErrReadOnly, "is read-only (mode 0444)")
	if b, _ := os.ReadFile(path); !bytes.Equal(b, old) {
		t.Fatal("the read-only file changed")
	}
	if _, err := (Options{ReplaceReadOnly: true}).MigrateFile(path); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o444 {
		t.Errorf("mode %v after replacing, want 0444", fi.Mode().Perm())
	}
	if !isCurrent(t, path) {
		t.Error("not migrated")
	}
	onlyFile(t, dir, "career.deck")
}

// TestWriteFileBadPaths: an empty name, a folder's name and a file in a
// folder that does not exist are refused with the reason, not with an
// error about a temporary file.
func TestWriteFileBadPaths(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "plain")
	os.WriteFile(file, nil, 0o644)
	for _, tc := range []struct{ path, says string }{
		{"", "no file name given"},
		{dir + "/", "names a folder, not a file"},
		{dir + "/sub/..", "names a folder, not a file"},
		{filepath.Join(dir, "missing", "x.deck"), "the folder " + filepath.Join(dir, "missing") + " does not exist"},
		{filepath.Join(file, "x.deck"), file + " is not a folder"},
	} {
		err := WriteFile(tc.path, new(layout.DeckState))
		refusedWith(t, err, ErrBadPath, tc.says)
		if strings.Contains(err.Error(), ".tmp-") {
			t.Errorf("%q: the error speaks of a temporary file: %v", tc.path, err)
		}
	}
	onlyFile(t, dir, "plain")
}

// TestWriteFileNoReplace: with NoReplace an existing file is refused.
func TestWriteFileNoReplace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "career.deck")
	old := writeV5(t, path, 0o644)
	refusedWith(t, Options{NoReplace: true}.WriteFile(path, new(layout.DeckState)), ErrExists, "exists")
	if b, _ := os.ReadFile(path); !bytes.Equal(b, old) {
		t.Error("the file changed")
	}
}

// TestSweepStaleTemps: a save removes its file's stale temporary files —
// only those of its own file, by exact pattern, and never one a live
// writer holds locked.
func TestSweepStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "career.deck")
	writeV5(t, path, 0o644)
	touch := func(name string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte("half a save"), 0o600)
		return p
	}
	stale := touch(".career.deck.tmp-123456")
	live := touch(".career.deck.tmp-777")
	lk, err := os.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer lk.Close()
	if err := syscall.Flock(int(lk.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	keep := []string{
		touch(".other.deck.tmp-1"),      // another file's
		touch(".career.deck.tmp-12x"),   // not the pattern
		touch("career.deck.tmp-5"),      // not the pattern
		touch(".career.deck.tmp-"),      // not the pattern
		touch(".career.deck.tmp-9.bak"), // not the pattern
	}
	os.Symlink(path, filepath.Join(dir, ".career.deck.tmp-42")) // not a regular file: not ours
	if _, err := MigrateFile(path); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Error("the stale temporary file is still there")
	}
	for _, p := range append(keep, live, filepath.Join(dir, ".career.deck.tmp-42")) {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
}

// TestVersionsThatNeverShipped: versions 0 to 2 never shipped: they are
// unknown versions (a damaged header), not old ones to reinitialize.
func TestVersionsThatNeverShipped(t *testing.T) {
	v3 := mustEncodeFile(t, 3, make([]byte, layout.PayloadSizeV3))
	for v := range 3 {
		_, _, err := loadNew(reframe(v3, setVersion(v)))
		if !errors.Is(err, layout.ErrUnknownVersion) || errors.Is(err, layout.ErrReinitialize) {
			t.Errorf("version %d: %v, want layout.ErrUnknownVersion", v, err)
		}
		want := "never shipped (the versions that shipped are 3 to 6): the header is damaged; restore the file from a backup"
		if err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("version %d: %q does not say %q", v, err, want)
		}
	}
}
