package fleetruntime

import (
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// An edge is a prompt or reply edge in the window, between seat ids.
type edge struct {
	kind        fleet.EdgeKind
	from, to    *record
	at          time.Time
	conv, entry string  // "" when the edge carries no transcript reference
	convp       *string // the snapshot's copies of conv and entry; nil when ""
	entryp      *string
	replied     bool // a prompt a reply edge already answers
}

// same reports whether e and f come from the identical event.
func (e *edge) same(f *edge) bool {
	return e.kind == f.kind && e.from == f.from && e.to == f.to && e.at.Equal(f.at) &&
		e.conv == f.conv && e.entry == f.entry
}

// A window holds the newest WindowSize prompt and reply edges, oldest
// first, in a ring: an edge arriving in time order is written in place,
// and only one arriving out of order moves the (newer) edges after it. It
// is never written anywhere: a restart starts it empty.
type window struct {
	ring [WindowSize]edge
	head int // the ring index of the oldest edge
	n    int
}

// at returns the i-th oldest edge.
func (w *window) at(i int) *edge { return &w.ring[(w.head+i)&(WindowSize-1)] }

// add puts e in the window unless the identical edge is there already. When
// the window is full, the oldest edge leaves, which is e itself if it is
// older than every edge held.
func (w *window) add(e edge) {
	// After every edge at or before e.at: equal times keep arrival order.
	// The identical edge, if held, has the same time, so it is among those
	// just before.
	i := w.n
	for i > 0 && e.at.Before(w.at(i-1).at) {
		i--
	}
	for j := i - 1; j >= 0 && w.at(j).at.Equal(e.at); j-- {
		if w.at(j).same(&e) {
			return
		}
	}
	if e.conv != "" {
		e.convp, e.entryp = ptr(e.conv), ptr(e.entry)
	}
	if w.n == WindowSize {
		if i == 0 {
			return // older than all 64 held
		}
		w.head = (w.head + 1) & (WindowSize - 1) // the oldest leaves
		w.n--
		i--
	}
	for j := w.n; j > i; j-- {
		*w.at(j) = *w.at(j - 1)
	}
	*w.at(i) = e
	w.n++
}

// reply adds a reply edge from seat for every prompt into seat in conv, by
// a seat, at most ReplyWithin before at and not replied to yet. Each
// carries the turn's entry. A prompt that has left the window can no
// longer be replied to.
func (w *window) reply(at time.Time, seat *record, conv, entry string) {
	// The window is in time order: the prompts the turn may answer are the
	// newest ones, back to ReplyWithin before it.
	cutoff := at.Add(-ReplyWithin)
	var buf [4]edge // most turns answer a prompt or two
	replies := buf[:0]
	for i := w.n - 1; i >= 0; i-- {
		e := w.at(i)
		if e.at.Before(cutoff) {
			break
		}
		if e.to != seat || e.replied || e.kind != fleet.EdgeKindPrompt || e.conv != conv || at.Before(e.at) {
			continue
		}
		e.replied = true
		replies = append(replies, edge{kind: fleet.EdgeKindReply, from: seat, to: e.from, at: at, conv: conv, entry: entry})
	}
	for i := len(replies) - 1; i >= 0; i-- { // in the order of the prompts they answer
		w.add(replies[i])
	}
}

// carried reports whether e rides a snapshot read at cutoff+WindowAge: no
// older than WindowAge, so not before cutoff, and both ends on the roster.
func (e *edge) carried(cutoff time.Time) bool {
	return e.from.on >= 0 && e.to.on >= 0 && !e.at.Before(cutoff)
}
