// Package fleetruntime keeps the host's fleet facts exactly as ADRs 0148, 0162
// and 0163 say, on the generated wire types of
// github.com/schemagen/schemagen/generated/go/fleet, and derives the fleet
// Snapshot from them at each Read, rebuilding only what changed.
//
// A Runtime holds:
//
//   - the roster, from Herdr's census: a seat per agent, keyed by terminal
//     id, with its parent seat joined from the parent's pane. Pane ids are
//     how callers name themselves; they never leave the runtime.
//   - the stance store (memory only): state_stance resolved against the live
//     census, clamped to an hour, absent once lapsed.
//   - today's tallies and each seat's last outcome, counted only after the
//     row that records them is in seat-ledger.jsonl, and rebuilt from that
//     file when the runtime starts.
//   - the prompt-edge window (memory only): the newest 64 prompt and reply
//     edges, none older than five minutes at a read.
//
// Every method takes the time it happens at. The host's clock
// (Options.Clock) is read only to refuse a time further ahead of it than
// the skew bound (ErrFuture); a replay passes its own clock, so a replay
// with explicit times is exactly reproducible. "Today" is the set of
// instants whose date in the host's zone it is, right on days a zone
// skips or repeats an hour. The snapshots Read returns are immutable and
// share what did not change between them. Decisions the ADRs leave open
// are written down in docs/runtime.md.
//
// The packages under runtime/:
//
//	runtime              the fleet state machine (this package)
//	runtime/ledger       seat-ledger.jsonl: append one row a line, read it whole at start
//	runtime/replay       the replay driver behind cmd/fleetsim: JSONL events in, snapshots out
//	runtime/internal/jsonl  numbered, bounded line reading shared by ledger and replay
package fleetruntime
