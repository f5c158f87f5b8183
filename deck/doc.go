// Package deck is the host's side of the firmware's deck-state file: what
// is specific to a host, on the codec generated from schema/deck
// (github.com/schemagen/schemagen/generated/go/deck, imported here as
// layout).
//
// The file format lives in the generated package, rendered from the same
// plan as the firmware's C codec (generated/c/deck_file.c): layout.Parse
// checks a file and splits it; layout.Load decodes it into a DeckState,
// migrating a file from layout.MigrateMinVersion up; layout.Migrate is the
// migration alone; layout.Encode and layout.EncodeFile write a file;
// layout.NewDeckState is a new career; every refusal is one of its typed
// errors (*layout.MagicError, *layout.LengthError, *layout.PayloadLenError,
// *layout.CRCError, *layout.VersionError). The ledger inside the state is
// there too (layout.OwnershipHas, OwnershipConsumableCount and the one
// mutator OwnershipCommit), the Go twin of generated/c/ownership.h.
//
// This package adds the file system:
//
//   - ReadFile reads a path (refusing a FIFO or device at once, reading no
//     more than a deck file can be) and loads it.
//   - WriteFile replaces a file atomically (temporary file, fsync, rename,
//     fsync of the folder) and never over a newer version's file
//     (layout.MayOverwrite); MigrateFile loads and, when the file was
//     older, saves it. A save goes through symbolic links, keeps owner,
//     group, mode and extended attributes, sweeps the temporary files a
//     crashed save left, and refuses (*RefusedError: ErrBadPath,
//     ErrNotRegular, ErrHardLinks, ErrReadOnly, ErrExists, ErrCannotKeep)
//     what it cannot replace safely; Options loosens or tightens that.
//     Open is the reader's open. The file-system care is
//     internal/atomicfile's, which knows no format.
//
// Beside it, deck/board is the mission board's ownership gate, and
// deck/inspect the JSON view of a file. The decisions behind them are in
// docs/deck.md.
package deck
