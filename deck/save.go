package deck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// WriteFile saves st to path as a deck file of the current version,
// atomically: it writes a temporary file in path's folder, syncs it to
// disk, renames it over path and syncs the folder. A crash at any point
// leaves path holding either its old contents or the new ones, never a mix;
// at worst a temporary file (.NAME.tmp-*) is left beside it. On an error
// the temporary file is removed and path is as it was, unless the error is
// from syncing the folder: the new file is then in place but the rename
// may not yet be durable.
//
// WriteFile refuses to write over a deck file of a version newer than this
// build (a *VersionError wrapping ErrNewerVersion): the career in it would
// be lost. A new file gets mode 0644; an existing one keeps its mode.
func WriteFile(path string, st *layout.DeckState) error {
	return writeFile(osFS{}, path, Encode(st))
}

// fileSystem is what writeFile does to the disk, so that tests can make
// any step fail.
type fileSystem interface {
	CreateTemp(dir, pattern string) (tempFile, error)
	Rename(from, to string) error
	Remove(name string) error
	SyncDir(dir string) error
}

// tempFile is the temporary file writeFile writes.
type tempFile interface {
	io.Writer
	Chmod(fs.FileMode) error
	Sync() error
	Close() error
	Name() string
}

type osFS struct{}

func (osFS) CreateTemp(dir, pattern string) (tempFile, error) { return os.CreateTemp(dir, pattern) }
func (osFS) Rename(from, to string) error                     { return os.Rename(from, to) }
func (osFS) Remove(name string) error                         { return os.Remove(name) }

func (osFS) SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeFile replaces path with data through fsys, atomically.
func writeFile(fsys fileSystem, path string, data []byte) error {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
		if err := refuseNewer(path); err != nil {
			return err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("deck: %w", err)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := fsys.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("deck: %s left as it was: %w", path, err)
	}
	tmp := f.Name()
	// No defer: a crash must leave the temporary file, which the tests
	// simulate by stopping at a step; every error path removes it.
	fail := func(err error) error {
		f.Close() // again, after Close or Rename: harmless
		fsys.Remove(tmp)
		return fmt.Errorf("deck: %s left as it was: %w", path, err)
	}
	if err := f.Chmod(mode); err != nil {
		return fail(err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	if err := fsys.Rename(tmp, path); err != nil {
		return fail(err)
	}
	if err := fsys.SyncDir(dir); err != nil {
		return fmt.Errorf("deck: %s was replaced, but syncing its folder failed, so the replacement may not survive a crash: %w", path, err)
	}
	return nil
}

// refuseNewer returns a *VersionError if path holds a deck file of a
// version newer than this build.
func refuseNewer(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // what cannot be read holds no career to protect; rename decides
	}
	defer f.Close()
	var h [layout.FileHeaderSize]byte
	if _, err := io.ReadFull(f, h[:]); err != nil || !bytes.Equal(h[:4], magicBytes) {
		return nil
	}
	if v := int(binary.LittleEndian.Uint16(h[layout.DeckFileHeaderVersionOffset:])); v > layout.StructVersion {
		return fmt.Errorf("%s: %w", path, &VersionError{Version: v, Err: ErrNewerVersion})
	}
	return nil
}

// MigrateFile migrates the deck file at path to the current version in
// place: it reads and loads it (ReadFile) and, when it was of an older
// version, saves the migrated state over it (WriteFile). It returns the
// version the file had, also when saving fails. A file Load refuses is an
// error and is never written; a file already current is left as it is,
// byte for byte.
func MigrateFile(path string) (from int, err error) {
	var st layout.DeckState
	from, err = ReadFile(path, &st)
	if err != nil {
		return 0, err
	}
	if from == layout.StructVersion {
		return from, nil
	}
	return from, WriteFile(path, &st)
}
