package runtime

import (
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// An edge is a prompt or reply edge in the window, between seat ids.
type edge struct {
	kind        fleet.EdgeKind
	from, to    *record
	at          time.Time
	conv, entry string // "" when the edge carries no transcript reference
	replied     bool   // a prompt a reply edge already answers
}

// same reports whether e and f come from the identical event.
func (e *edge) same(f *edge) bool {
	return e.kind == f.kind && e.from == f.from && e.to == f.to && e.at.Equal(f.at) &&
		e.conv == f.conv && e.entry == f.entry
}

// A window holds the newest WindowSize prompt and reply edges, oldest
// first. It is never written anywhere: a restart starts it empty.
type window struct {
	edges []edge
}

// add puts e in the window unless the identical edge is there already. When
// the window is full, the oldest edge leaves, which is e itself if it is
// older than every edge held.
func (w *window) add(e edge) {
	for i := range w.edges {
		if w.edges[i].same(&e) {
			return
		}
	}
	if w.edges == nil {
		w.edges = make([]edge, 0, WindowSize+1)
	}
	// After every edge at or before e.at: equal times keep arrival order.
	i := len(w.edges)
	for i > 0 && e.at.Before(w.edges[i-1].at) {
		i--
	}
	w.edges = append(w.edges, edge{})
	copy(w.edges[i+1:], w.edges[i:])
	w.edges[i] = e
	if len(w.edges) > WindowSize {
		copy(w.edges, w.edges[1:])
		w.edges = w.edges[:WindowSize]
	}
}

// reply adds a reply edge from seat for every prompt into seat in conv, by
// a seat, at most ReplyWithin before at and not replied to yet. Each
// carries the turn's entry. A prompt that has left the window can no
// longer be replied to.
func (w *window) reply(at time.Time, seat *record, conv, entry string) {
	var replies []edge
	for i := range w.edges {
		e := &w.edges[i]
		if e.kind != fleet.EdgeKindPrompt || e.replied || e.to != seat || e.conv != conv ||
			at.Before(e.at) || at.Sub(e.at) > ReplyWithin {
			continue
		}
		e.replied = true
		replies = append(replies, edge{kind: fleet.EdgeKindReply, from: seat, to: e.from, at: at, conv: conv, entry: entry})
	}
	for _, e := range replies {
		w.add(e)
	}
}

// carried reports whether e rides a snapshot read at cutoff+WindowAge: no
// older than WindowAge, so not before cutoff, and both ends on the roster.
func (e *edge) carried(cutoff time.Time) bool {
	return e.from.on >= 0 && e.to.on >= 0 && !e.at.Before(cutoff)
}
