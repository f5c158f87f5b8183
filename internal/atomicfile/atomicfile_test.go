package atomicfile

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
	"strings"
	"testing"
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

// randomBytes is n bytes of r.
func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// onlyFile fails unless dir holds name and nothing else: no temporary
// file was left.
func onlyFile(t *testing.T, dir, name string) {
	t.Helper()
	es, _ := os.ReadDir(dir)
	if len(es) != 1 || es[0].Name() != name {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("%s holds %v, want only %s", dir, names, name)
	}
}

// TestSaveFaults fails each step of a save in turn. Up to and including
// the rename, the old file is byte-identical afterwards and no temporary
// file is left; after it (syncing the folder), the new file is in place
// and the error says the replacement may not be durable.
func TestSaveFaults(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	old, data := randomBytes(r, 4200), randomBytes(r, 4200)
	for _, step := range steps {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "state.bin")
			os.WriteFile(path, old, 0o640)
			err := writeFile(newFaultFS(step, false), path, data, Options{})
			if !errors.Is(err, errInjected) {
				t.Fatalf("writeFile: %v, want the injected failure", err)
			}
			if step == "chown" {
				// The owner cannot be kept: a refusal, not a failed write.
				if _, ok := errors.AsType[*RefusedError](err); !ok || !errors.Is(err, ErrCannotKeep) {
					t.Errorf("writeFile: %#v, want a *RefusedError wrapping ErrCannotKeep", err)
				}
			} else if we, ok := errors.AsType[*WriteError](err); !ok || we.Replaced != (step == "syncdir") {
				t.Errorf("writeFile: %#v, want a *WriteError, Replaced only after the rename", err)
			}
			got, _ := os.ReadFile(path)
			want := old
			if step == "syncdir" {
				want = data
			}
			if !bytes.Equal(got, want) {
				t.Errorf("after a failed %s the file is neither the old one nor, after the rename, the new one", step)
			}
			onlyFile(t, dir, "state.bin")
			if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
				t.Errorf("mode %v, want 0640", fi.Mode().Perm())
			}
		})
	}
}

// TestSaveCrash stops a save dead at each step, as a crash would, with no
// clean-up. The file is then the old one before the rename and the new
// one from it on, whole either way; and the next save succeeds and sweeps
// the stale temporary file the crash left.
func TestSaveCrash(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	old, data := randomBytes(r, 4200), randomBytes(r, 4200)
	for i, step := range steps {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "state.bin")
			os.WriteFile(path, old, 0o644)
			done := make(chan struct{})
			fsys := newFaultFS(step, true)
			go func() {
				defer close(done)
				writeFile(fsys, path, data, Options{})
				t.Error("the save went on after the crash")
			}()
			<-done
			fsys.died()
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("after a crash at %s: %v", step, err)
			}
			want := old
			if i > slices.Index(steps, "rename") {
				want = data
			}
			if !bytes.Equal(got, want) {
				t.Errorf("after a crash at %s the file holds neither the old bytes nor the new", step)
			}
			if err := (Options{}).Write(path, data); err != nil {
				t.Fatalf("saving after the crash: %v", err)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, data) {
				t.Fatal("after saving again the file is not the new one")
			}
			onlyFile(t, dir, "state.bin")
		})
	}
}

// TestKeep: a file Options.Keep refuses by its first bytes is left as it
// is, and the error is Keep's, with the path; a new file is 0644.
func TestKeep(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.bin")
	errNewer := errors.New("newer")
	keep := func(head []byte) error {
		if bytes.HasPrefix(head, []byte("V2")) {
			return errNewer
		}
		return nil
	}
	o := Options{Keep: keep}
	if err := o.Write(path, []byte("V1 data")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("a new file's mode is %v, want 0644", fi.Mode().Perm())
	}
	os.WriteFile(path, []byte("V2 data"), 0o644)
	if err := o.Write(path, []byte("V1 again")); !errors.Is(err, errNewer) || err.Error() != path+": newer" {
		t.Errorf("Write over a file Keep refuses: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "V2 data" {
		t.Errorf("the kept file changed: %q", got)
	}
	onlyFile(t, dir, "state.bin")
}

// TestPrefix: Prefix names the caller on the errors this package makes,
// and only on those, and errors.Is and errors.As still see through.
func TestPrefix(t *testing.T) {
	dir := t.TempDir()
	err := Prefix("deck: ", Options{}.Write(filepath.Join(dir, "no", "x"), nil))
	if _, ok := errors.AsType[*RefusedError](err); !ok || !errors.Is(err, ErrBadPath) || !strings.HasPrefix(err.Error(), "deck: ") {
		t.Errorf("a refusal: %v", err)
	}
	sys := errors.New("system")
	if got := Prefix("deck: ", sys); got != sys {
		t.Errorf("another error was changed: %v", got)
	}
	if Prefix("deck: ", nil) != nil {
		t.Error("Prefix(nil) is not nil")
	}
	if got := Prefix("deck: ", &WriteError{Path: "p", Err: sys}).Error(); got != "deck: p left as it was: system" {
		t.Errorf("a WriteError: %q", got)
	}
}
