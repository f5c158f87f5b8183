// Package deck reads and writes the firmware's deck-state file: the Go twin
// of deck.c, on the layout generated from schema/deck
// (github.com/schemagen/schemagen/generated/go/deck, imported here as
// layout where both are needed).
//
// The file is an 8-byte header (magic "DECK", version, payload_len), the
// DeckState payload at that version, and a CRC-32 (IEEE) of both.
//
//   - Codec: Parse checks a file and splits it; EncodeFile frames a payload
//     of any version; Encode writes a state as a current file.
//   - Loader: Load (bytes) and ReadFile (a path) decode a file into a
//     DeckState, migrating a file from layout.MigrateMinVersion up; Migrate is the
//     migration alone, a pure function of bytes, generic over the layout
//     history. They never write a file. Every refusal is a typed error that
//     says what is wrong and what to do: *MagicError, *LengthError,
//     *PayloadLenError, *CRCError, *VersionError (errors.Is with
//     ErrNewerVersion, ErrReinitialize, ErrUnknownVersion), *MigrationError.
//   - Saver: WriteFile replaces a file atomically (temporary file, fsync,
//     rename, fsync of the folder) and never over a newer version's file;
//     MigrateFile loads and, when the file was older, saves it. A save
//     goes through symbolic links, keeps owner, group, mode and extended
//     attributes, sweeps the temporary files a crashed save left, and
//     refuses (*RefusedError: ErrBadPath, ErrNotRegular, ErrHardLinks,
//     ErrReadOnly, ErrExists, ErrCannotKeep) what it cannot replace
//     safely; Options loosens or tightens that. Open is the reader's open:
//     it refuses a FIFO or device at once, without blocking. The file
//     system care is internal/atomicfile's, which knows no format; this
//     package adds the deck's part (never over a newer version's file) and
//     names its errors.
//   - New is a new career: zero, with the starter kit granted.
//
// Beside it, deck/ownership is the ledger inside the state (Has,
// ConsumableCount and the one mutator Commit), deck/board the mission
// board's ownership gate, and deck/inspect the JSON view of a file that
// `schemagen deck inspect` prints. The decisions behind them are in
// docs/deck.md.
package deck
