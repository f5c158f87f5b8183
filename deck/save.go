package deck

import (
	"io/fs"
	"os"

	layout "github.com/schemagen/schemagen/generated/go/deck"
	"github.com/schemagen/schemagen/internal/atomicfile"
)

// WriteFile saves st to path as a deck file of the current version with
// the default Options: see Options.WriteFile.
func WriteFile(path string, st *layout.DeckState) error {
	return Options{}.WriteFile(path, st)
}

// MigrateFile migrates the deck file at path in place with the default
// Options: see Options.MigrateFile.
func MigrateFile(path string) (from int, err error) {
	return Options{}.MigrateFile(path)
}

// Options change what a save accepts. The zero value is the default, and
// the safe one.
type Options struct {
	// ReplaceReadOnly lets a save replace a read-only file (one its owner
	// may not write: see ReadOnly). The new file keeps the mode, so it
	// stays read-only.
	ReplaceReadOnly bool
	// NoReplace refuses to replace an existing file (ErrExists).
	NoReplace bool
}

// The refusals of a save or of Open are internal/atomicfile's, named here
// too so that a caller of this package needs no other.
type RefusedError = atomicfile.RefusedError

// Sentinels a *RefusedError wraps, for errors.Is: why a path was refused
// (see internal/atomicfile).
var (
	ErrBadPath    = atomicfile.ErrBadPath
	ErrNotRegular = atomicfile.ErrNotRegular
	ErrHardLinks  = atomicfile.ErrHardLinks
	ErrReadOnly   = atomicfile.ErrReadOnly
	ErrExists     = atomicfile.ErrExists
	ErrCannotKeep = atomicfile.ErrCannotKeep
)

// ReadOnly reports whether a file of this mode is read-only in the sense
// WriteFile refuses: its owner has no write permission (chmod a-w or
// u-w), whoever is saving, root included.
func ReadOnly(mode fs.FileMode) bool { return atomicfile.ReadOnly(mode) }

// WriteFile saves st to path as a deck file of the current version,
// atomically, as internal/atomicfile's Options.Write saves a file: a crash
// leaves the old contents or the new ones, never a mix; links are
// followed; owner, group, mode and extended attributes are kept; and a
// bad path, a file that is not regular, one with several hard links, a
// read-only one (unless o.ReplaceReadOnly), an existing one (when
// o.NoReplace) and one whose owner, mode or attributes cannot be kept are
// refused with a *RefusedError, nothing written. It also refuses to write
// over a deck file of a version newer than this build (a
// *layout.VersionError wrapping layout.ErrNewerVersion, as
// layout.MayOverwrite says): the career in it would be lost.
func (o Options) WriteFile(path string, st *layout.DeckState) error {
	err := atomicfile.Options{ReplaceReadOnly: o.ReplaceReadOnly, NoReplace: o.NoReplace, Keep: layout.MayOverwrite}.Write(path, layout.Encode(st))
	return atomicfile.Prefix("deck: ", err)
}

// MigrateFile migrates the deck file at path to the current version in
// place: it reads and loads it (ReadFile) and, when it was of an older
// version, saves the migrated state over it (o.WriteFile). It returns the
// version the file had, also when saving fails. A file Load refuses is an
// error and is never written; a file already current is left as it is,
// byte for byte.
func (o Options) MigrateFile(path string) (from int, err error) {
	var st layout.DeckState
	from, err = ReadFile(path, &st)
	if err != nil {
		return 0, err
	}
	if from == layout.StructVersion {
		return from, nil
	}
	return from, o.WriteFile(path, &st)
}

// Open opens the file at path for reading, refusing at once anything but
// a regular file (a *RefusedError wrapping ErrNotRegular), without
// blocking on a FIFO: see internal/atomicfile's Open.
func Open(path string) (*os.File, error) {
	f, err := atomicfile.Open(path)
	return f, atomicfile.Prefix("deck: ", err)
}
