package deck

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// The steps of a save, in order.
var steps = []string{"create", "chown", "chmod", "write", "sync", "close", "rename", "syncdir"}

// faultFS is the real file system, except that at step it fails with
// errInjected (crash false) or stops the goroutine dead (crash true), as a
// crash would: nothing after it runs, no clean-up included. A crash in the
// middle of "write" writes half the data first. The temporary files' locks
// are kept in locks, so that a test can release them as the system does
// when a process dies.
type faultFS struct {
	step  string
	crash bool
	locks *[]io.Closer
}

// died releases what a dead process holds: its locks.
func (f faultFS) died() {
	for _, l := range *f.locks {
		l.Close()
	}
}

func newFaultFS(step string, crash bool) faultFS {
	return faultFS{step: step, crash: crash, locks: new([]io.Closer)}
}

var errInjected = errors.New("injected failure")

func (f faultFS) at(step string) error {
	if step != f.step {
		return nil
	}
	if f.crash {
		runtime.Goexit()
	}
	return errInjected
}

func (f faultFS) CreateTemp(dir, pattern string) (tempFile, error) {
	if err := f.at("create"); err != nil {
		return nil, err
	}
	t, err := os.CreateTemp(dir, pattern)
	return faultFile{t, f}, err
}

func (f faultFS) Lock(t tempFile) (io.Closer, error) {
	l, err := lockTemp(t)
	if err == nil {
		*f.locks = append(*f.locks, l)
	}
	return l, err
}

func (f faultFS) Rename(from, to string) error {
	if err := f.at("rename"); err != nil {
		return err
	}
	return os.Rename(from, to)
}

func (f faultFS) Remove(name string) error { return os.Remove(name) }

func (f faultFS) SyncDir(dir string) error {
	if err := f.at("syncdir"); err != nil {
		return err
	}
	return osFS{}.SyncDir(dir)
}

type faultFile struct {
	*os.File
	fs faultFS
}

func (f faultFile) Chown(uid, gid int) error {
	if err := f.fs.at("chown"); err != nil {
		return err
	}
	return f.File.Chown(uid, gid)
}

func (f faultFile) Chmod(m fs.FileMode) error {
	if err := f.fs.at("chmod"); err != nil {
		return err
	}
	return f.File.Chmod(m)
}

func (f faultFile) Write(b []byte) (int, error) {
	if f.fs.step == "write" {
		n, _ := f.File.Write(b[:len(b)/2])
		if err := f.fs.at("write"); err != nil {
			return n, err
		}
	}
	return f.File.Write(b)
}

func (f faultFile) Sync() error {
	if err := f.fs.at("sync"); err != nil {
		return err
	}
	return f.File.Sync()
}

func (f faultFile) Close() error {
	if err := f.fs.at("close"); err != nil {
		f.File.Close()
		return err
	}
	return f.File.Close()
}

// TestSaveFaults fails each step of a save in turn. Up to and including
// the rename, the old file is byte-identical afterwards and no temporary
// file is left; after it (syncing the folder), the new file is in place
// and the error says the replacement may not be durable.
func TestSaveFaults(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	oldState, newState := randomState(r), randomState(r)
	for _, step := range steps {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "deck.bin")
			old := Encode(oldState)
			os.WriteFile(path, old, 0o640)
			err := writeFile(newFaultFS(step, false), path, Encode(newState), Options{})
			if !errors.Is(err, errInjected) {
				t.Fatalf("writeFile: %v, want the injected failure", err)
			}
			got, _ := os.ReadFile(path)
			want := old
			if step == "syncdir" {
				want = Encode(newState)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("after a failed %s the file is neither the old one nor, after the rename, the new one", step)
			}
			onlyFile(t, dir, "deck.bin")
			if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
				t.Errorf("mode %v, want 0640", fi.Mode().Perm())
			}
		})
	}
}

// TestSaveCrash stops a save dead at each step, as a crash would, with no
// clean-up. The file is then the old one before the rename and the new
// one from it on, whole either way; it loads; and the next save succeeds
// and sweeps the stale temporary file the crash left.
func TestSaveCrash(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	oldState, newState := randomState(r), randomState(r)
	for i, step := range steps {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "deck.bin")
			os.WriteFile(path, Encode(oldState), 0o644)
			done := make(chan struct{})
			fsys := newFaultFS(step, true)
			go func() {
				defer close(done)
				writeFile(fsys, path, Encode(newState), Options{})
				t.Error("the save went on after the crash")
			}()
			<-done
			fsys.died()
			st, _, err := readNew(path)
			if err != nil {
				t.Fatalf("after a crash at %s: %v", step, err)
			}
			want := oldState
			if i > slices.Index(steps, "rename") {
				want = newState
			}
			if *st != *want {
				t.Errorf("after a crash at %s the file holds the wrong state", step)
			}
			if err := WriteFile(path, newState); err != nil {
				t.Fatalf("saving after the crash: %v", err)
			}
			if st, _, err := readNew(path); err != nil || *st != *newState {
				t.Fatalf("after saving again: %v", err)
			}
			onlyFile(t, dir, "deck.bin")
		})
	}
}

// TestWriteFileRefusesNewer: a file of a newer version is never written
// over, whatever is saved.
func TestWriteFileRefusesNewer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "deck.bin")
	newer := mustEncodeFile(t, layout.StructVersion+1, make([]byte, 5000))
	os.WriteFile(path, newer, 0o644)
	err := WriteFile(path, new(layout.DeckState))
	if !errors.Is(err, ErrNewerVersion) {
		t.Fatalf("WriteFile over a newer file: %v, want ErrNewerVersion", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, newer) {
		t.Error("the newer file changed")
	}
	onlyFile(t, dir, "deck.bin")
}

// TestWriteFileNew writes a file where there was none, mode 0644.
func TestWriteFileNew(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "deck.bin")
	st, _ := New()
	if err := WriteFile(path, st); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
	if got, v, err := readNew(path); err != nil || v != layout.StructVersion || *got != *st {
		t.Fatalf("ReadFile: %d, %v", v, err)
	}
	onlyFile(t, dir, "deck.bin")
	if err := WriteFile(filepath.Join(dir, "no", "such", "dir"), st); err == nil {
		t.Error("WriteFile into a missing folder succeeded")
	}
}
