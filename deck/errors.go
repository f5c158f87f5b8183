package deck

import (
	"errors"
	"fmt"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// The errors Load, ReadFile and Parse return are one of the types below,
// possibly wrapped with the file's path; test with errors.As, or errors.Is
// with the sentinels a *VersionError wraps. Each message says what is
// wrong and what to do. None of them is ever the result of a write: the
// loader only reads.

// MagicError is returned for a file that does not start with "DECK".
type MagicError struct {
	Got []byte // the file's first bytes, at most 4
}

func (e *MagicError) Error() string {
	return fmt.Sprintf("deck: not a deck file: it starts with %q, not %q (0x%08X little-endian)", e.Got, magicBytes, layout.FileMagic)
}

// LengthError is returned for a file shorter or longer than its header says
// it is: truncated, or with bytes after its CRC.
type LengthError struct {
	// Version and PayloadLen are the header's; Version is -1 when the file
	// is too short to hold a header.
	Version, PayloadLen int
	Want, Got           int // the file's length: what the header says, and what it is
}

func (e *LengthError) Error() string {
	if e.Version < 0 {
		return fmt.Sprintf("deck: truncated: the file is %d bytes, shorter than a header and a CRC (%d): restore it from a backup", e.Got, e.Want)
	}
	if e.Want == MaxFileSize && e.Got > e.Want {
		return fmt.Sprintf("deck: the file is %d bytes, longer than any deck file (%d): it is damaged, or not a deck file", e.Got, e.Want)
	}
	what := fmt.Sprintf("a version %d file", e.Version)
	if e.PayloadLen == 0 {
		what += " (payload_len 0: its version's layout size)"
	} else {
		what += fmt.Sprintf(" with a %d-byte payload", e.PayloadLen)
	}
	if e.Got < e.Want {
		return fmt.Sprintf("deck: truncated: %s is %d bytes, this one is %d: restore it from a backup", what, e.Want, e.Got)
	}
	unit := "bytes"
	if e.Got-e.Want == 1 {
		unit = "byte"
	}
	return fmt.Sprintf("deck: %d %s too long: %s is %d bytes, this one is %d: the file is damaged; restore it from a backup", e.Got-e.Want, unit, what, e.Want, e.Got)
}

// PayloadLenError is returned for a header whose payload_len contradicts
// its version: the version's layout has another size.
type PayloadLenError struct {
	Version, PayloadLen int
	Want                int // the version's layout size
}

func (e *PayloadLenError) Error() string {
	return fmt.Sprintf("deck: the header says a %d-byte payload, but a version %d payload is %d bytes: the header is damaged; restore the file from a backup", e.PayloadLen, e.Version, e.Want)
}

// CRCError is returned for a file whose CRC-32 does not match its header
// and payload.
type CRCError struct {
	Stored, Computed uint32
}

func (e *CRCError) Error() string {
	return fmt.Sprintf("deck: CRC mismatch: the file says 0x%08X, its header and payload give 0x%08X: the file is damaged; restore it from a backup", e.Stored, e.Computed)
}

// Sentinels a *VersionError wraps, for errors.Is.
var (
	// ErrNewerVersion: the file is of a version newer than this build
	// knows. It is never written over; a newer build reads it.
	ErrNewerVersion = errors.New("deck: version newer than this build")
	// ErrReinitialize: the file is of a version that shipped before the
	// oldest one that migrates (MigrateMinVersion). No purchases can exist
	// in it: the deck starts afresh.
	ErrReinitialize = errors.New("deck: version predates migration: reinitialize")
	// ErrUnknownVersion: the version never shipped: below the first
	// shipped version (FirstVersion) or a gap in the range this build
	// migrates. The header is damaged. The firmware's codec calls the same
	// verdict DECK_FILE_ERR_UNKNOWN_VERSION.
	ErrUnknownVersion = errors.New("deck: version never shipped")
)

// FirstVersion is the oldest layout version that shipped: no deck file of
// an older one exists.
var FirstVersion = func() int {
	for v := 0; v <= layout.StructVersion; v++ {
		if _, ok := layout.PayloadSize(v); ok {
			return v
		}
	}
	return layout.StructVersion
}()

// VersionError is returned for a sound file of a version this build does
// not load. Err is ErrNewerVersion, ErrReinitialize or ErrUnknownVersion.
type VersionError struct {
	Version int
	Err     error
}

func (e *VersionError) Error() string {
	switch e.Err {
	case ErrNewerVersion:
		return fmt.Sprintf("deck: version %d is newer than this build, which knows versions up to %d: use a newer build; the file is left as it is", e.Version, layout.StructVersion)
	case ErrReinitialize:
		return fmt.Sprintf("deck: version %d predates migrate-from version %d: reinitialize the deck; no purchases can exist in it", e.Version, layout.MigrateMinVersion)
	}
	if e.Version < layout.MigrateMinVersion {
		return fmt.Sprintf("deck: version %d never shipped (the versions that shipped are %d to %d): the header is damaged; restore the file from a backup", e.Version, FirstVersion, layout.StructVersion)
	}
	return fmt.Sprintf("deck: version %d never shipped (this build migrates versions %d to %d): the header is damaged; restore the file from a backup", e.Version, layout.MigrateMinVersion, layout.StructVersion)
}

func (e *VersionError) Unwrap() error { return e.Err }

// MigrationError is returned when a field changed its type between the
// file's version and the current one: no generic migration copies it, and
// the loader refuses rather than guess. The generator refuses such a
// layout unless the schema accepts the loss, so a build that returns it
// needs a migration written for that field.
type MigrationError struct {
	From             int
	Field            string
	OldType, NewType string
}

func (e *MigrationError) Error() string {
	return fmt.Sprintf("deck: cannot migrate version %d to %d: field %s changed from %s to %s, which no generic migration copies; the file is left as it is", e.From, layout.StructVersion, e.Field, e.OldType, e.NewType)
}
