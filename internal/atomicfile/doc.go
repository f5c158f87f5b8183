// Package atomicfile replaces a file atomically and opens one for reading
// without surprises, for any caller that keeps state in a file a crash
// must not tear (the deck package's deck-state file, `schemagen deck` on a
// module's own layout).
//
// Options.Write writes a temporary file beside the target, fsyncs it,
// renames it over the target and fsyncs the folder; it goes through
// symbolic links, keeps owner, group, mode and extended attributes, sweeps
// the temporary files a crashed save left (under an flock, so a live
// writer's is never taken), and refuses with a *RefusedError what it
// cannot replace safely (ErrBadPath, ErrNotRegular, ErrHardLinks,
// ErrReadOnly, ErrExists, ErrCannotKeep). Options.Keep lets the caller
// refuse to replace a file by its first bytes (a newer version's). Open
// refuses a FIFO or a device at once, without blocking.
//
// It knows nothing of any file format. Its messages name the path and no
// owner; Prefix puts the caller's name in front of the ones it makes.
package atomicfile
