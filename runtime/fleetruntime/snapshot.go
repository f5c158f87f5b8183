package fleetruntime

import (
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// changes says what has changed since the last snapshot was built, so
// that the next build rebuilds only that.
type changes struct {
	any      bool
	seats    []int // roster indices of seats whose own facts changed
	allSeats bool
	edges    bool
	tallies  bool
}

func (c *changes) everything() {
	*c = changes{any: true, seats: c.seats[:0], allSeats: true, edges: true, tallies: true}
}

// seatChanged notes that rec's seat, if it is on the roster, may read
// differently now.
func (r *Runtime) seatChanged(rec *record) {
	c := &r.changed
	c.any = true
	switch {
	case !r.built || c.allSeats || rec.on < 0:
	case len(c.seats) >= len(r.roster.seats):
		c.allSeats = true
	default:
		c.seats = append(c.seats, rec.on)
	}
}

// build makes the snapshot as of at, cursor aside, and publishes what of it
// differs from the last one, reporting whether anything did. What did not
// change is kept, so snapshots share it; what did is built afresh, never
// modifying what an earlier snapshot holds. Every optional field the host
// knows is present (edges and tallies as empty rather than absent),
// because this host keeps the ledger and the window. It also sets the
// horizon: the first instant after at at which the passing of time alone
// would change the snapshot (a stance lapsing, an edge ageing out, the day
// ending). A build at the horizon or before the last one, when time alone
// may have changed anything, rebuilds everything.
func (r *Runtime) build(at time.Time) bool {
	c := &r.changed
	first := !r.built
	if first || at.Before(r.builtAt) || !at.Before(r.horizon) {
		c.everything()
	}
	changed := first

	switch {
	case c.allSeats:
		seats := r.buildSeats(at)
		if first || !seatsEqual(seats, r.pub.Seats) {
			r.pub.Seats, r.seatBuf, changed = seats, nil, true
		}
	case len(c.seats) > 0:
		if seats, ok := r.rebuildSeats(at, c.seats); ok {
			r.pub.Seats, r.seatBuf, changed = seats, nil, true
		}
	}
	if c.edges {
		edges := r.buildEdges(at)
		if first || !edgesEqual(edges, r.pub.Edges) {
			r.pub.Edges, r.edgeBuf, changed = edges, nil, true
		}
	}
	if c.tallies {
		if first || !r.talliesEqual(r.pub.Tallies) {
			r.pub.Tallies, changed = r.buildTallies(), true
		}
		if first || *r.pub.Day != r.today.name {
			r.pub.Day, changed = ptr(r.today.name), true
		}
	}
	horizon := r.today.next(at)
	if r.edgeHorizon.Before(horizon) {
		horizon = r.edgeHorizon
	}
	for i := range r.pub.Seats {
		if st := r.pub.Seats[i].Stance; st != nil && st.ExpiresAt.Before(horizon) {
			horizon = st.ExpiresAt
		}
	}
	r.horizon = horizon
	*c = changes{seats: c.seats[:0]}
	return changed
}

// seat builds the i-th seat of the roster as of at.
func (r *Runtime) seat(at time.Time, i int) fleet.Seat {
	roster := r.roster.seats
	s, rec := &roster[i], roster[i].rec
	out := fleet.Seat{SeatID: s.id, Name: s.name, Status: s.status, Cwd: s.cwd}
	if rec.hasStance && at.Before(rec.stance.ExpiresAt) {
		out.Stance = rec.pubStance
	}
	if s.parent >= 0 {
		p := roster[s.parent].rec
		if p.idp == nil {
			p.idp = ptr(p.id)
		}
		out.ParentSeatID = p.idp
	}
	if rec.hasOutcome {
		if rec.pubOutcome == nil {
			o := rec.outcome
			o.At, _ = r.zoned(o.At) // every row counted has a time zoned accepts
			rec.pubOutcome = &o
		}
		out.LastOutcome = rec.pubOutcome
	}
	return out
}

// scratchSeats returns the scratch slice for n seats.
func (r *Runtime) scratchSeats(n int) []fleet.Seat {
	if r.seatBuf == nil || cap(r.seatBuf) < n {
		r.seatBuf = make([]fleet.Seat, 0, n)
	}
	return r.seatBuf[:n]
}

// buildSeats builds every seat of the roster as of at into the scratch
// slice.
func (r *Runtime) buildSeats(at time.Time) []fleet.Seat {
	out := r.scratchSeats(len(r.roster.seats))
	for i := range out {
		out[i] = r.seat(at, i)
	}
	return out
}

// rebuildSeats rebuilds the seats at the given roster indices as of at,
// the others as the last snapshot has them, and returns the result and
// whether any of them reads differently.
func (r *Runtime) rebuildSeats(at time.Time, indices []int) ([]fleet.Seat, bool) {
	old := r.pub.Seats
	out := r.scratchSeats(len(old))
	copy(out, old)
	changed := false
	for _, i := range indices {
		out[i] = r.seat(at, i)
		changed = changed || !seatsEqual(out[i:i+1], old[i:i+1])
	}
	return out, changed
}

// buildEdges builds the snapshot's edges as of at into the scratch slice:
// the spawn edges, then the window's edges it carries, oldest first. It
// sets edgeHorizon to when the first of them ages out.
func (r *Runtime) buildEdges(at time.Time) []fleet.Edge {
	w := &r.window
	cutoff := at.Add(-WindowAge)
	var carried uint64 // bit i: the i-th oldest window edge rides this snapshot
	held := 0
	r.edgeHorizon = maxTime
	for i := range w.n {
		if e := w.at(i); e.carried(cutoff) {
			carried |= 1 << i
			held++
			if out := e.at.Add(WindowAge + 1); out.Before(r.edgeHorizon) {
				r.edgeHorizon = out
			}
		}
	}
	// Spawn edges give way when the wire would overflow: each is also
	// stated on its child as parentSeatId.
	spawns := r.roster.spawns[:min(len(r.roster.spawns), MaxEdges-held)]
	if r.edgeBuf == nil || cap(r.edgeBuf) < len(spawns)+held {
		r.edgeBuf = make([]fleet.Edge, 0, len(spawns)+held)
	}
	out := append(r.edgeBuf[:0], spawns...)
	for i := range w.n {
		if carried&(1<<i) == 0 {
			continue
		}
		e := w.at(i)
		out = append(out, fleet.Edge{Kind: e.kind, FromSeatID: e.from.id, ToSeatID: e.to.id, At: e.at, ConversationID: e.convp, EntryID: e.entryp})
	}
	return out
}

// talliesEqual reports whether m holds exactly today's tallies of the
// seats on the roster.
func (r *Runtime) talliesEqual(m map[string]fleet.Tally) bool {
	n := 0
	for i := range r.roster.seats {
		s := &r.roster.seats[i]
		if t, ok := s.rec.today(&r.today); ok {
			n++
			if u, ok := m[s.id]; !ok || u != t {
				return false
			}
		}
	}
	return n == len(m)
}

// buildTallies returns today's tallies of the seats on the roster, in a
// new map.
func (r *Runtime) buildTallies() map[string]fleet.Tally {
	m := make(map[string]fleet.Tally, len(r.roster.seats))
	for i := range r.roster.seats {
		s := &r.roster.seats[i]
		if t, ok := s.rec.today(&r.today); ok {
			m[s.id] = t
		}
	}
	return m
}

func seatsEqual(a, b []fleet.Seat) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.SeatID != y.SeatID || x.Name != y.Name || x.Status != y.Status ||
			!eqString(x.Cwd, y.Cwd) || !eqString(x.Summary, y.Summary) || !eqString(x.ParentSeatID, y.ParentSeatID) ||
			!eqStance(x.Stance, y.Stance) || !eqOutcome(x.LastOutcome, y.LastOutcome) {
			return false
		}
	}
	return true
}

func edgesEqual(a, b []fleet.Edge) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Kind != y.Kind || x.FromSeatID != y.FromSeatID || x.ToSeatID != y.ToSeatID || !x.At.Equal(y.At) ||
			!eqString(x.ConversationID, y.ConversationID) || !eqString(x.EntryID, y.EntryID) {
			return false
		}
	}
	return true
}

func eqString(a, b *string) bool {
	return a == b || a != nil && b != nil && *a == *b
}

func eqStance(a, b *fleet.Stance) bool {
	return a == b || a != nil && b != nil && a.Pose == b.Pose && eqString(a.Note, b.Note) &&
		a.StatedAt.Equal(b.StatedAt) && a.ExpiresAt.Equal(b.ExpiresAt)
}

func eqOutcome(a, b *fleet.RunOutcome) bool {
	return a == b || a != nil && b != nil && a.Outcome == b.Outcome && a.At.Equal(b.At)
}
