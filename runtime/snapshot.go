package runtime

import (
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// derive builds the snapshot as of at, cursor aside, from memory that is
// all its own: nothing in it aliases the runtime's state. Every optional
// field the host knows is present (edges and tallies as empty rather than
// absent), because this host keeps the ledger and the window. It also
// returns the horizon: the first instant after at at which the passing of
// time alone would change the snapshot (a stance lapsing, an edge ageing
// out, the day ending).
func (r *Runtime) derive(at time.Time) (fleet.Snapshot, time.Time) {
	horizon := r.today.end
	seats := r.roster.seats
	n := len(seats)
	// The targets of every pointer in the snapshot, allocated together.
	strs := make([]string, 0, 1+3*n+2*len(r.window.edges))
	stances := make([]fleet.Stance, 0, n)
	outcomes := make([]fleet.RunOutcome, 0, n)
	str := func(s string) *string {
		strs = append(strs, s)
		return &strs[len(strs)-1]
	}

	snap := fleet.Snapshot{
		At:      at,
		Seats:   make([]fleet.Seat, n),
		Day:     str(r.today.name),
		Tallies: make(map[string]fleet.Tally, n),
	}
	spawns := 0
	for i := range seats {
		s, out := &seats[i], &snap.Seats[i]
		*out = fleet.Seat{SeatID: s.id, Name: s.name, Status: s.status}
		if s.hasCwd {
			out.Cwd = str(s.cwd)
		}
		if st := s.rec.stance; s.rec.hasStance && at.Before(st.ExpiresAt) {
			if st.Note != nil {
				st.Note = str(*st.Note)
			}
			stances = append(stances, st)
			out.Stance = &stances[len(stances)-1]
			if st.ExpiresAt.Before(horizon) {
				horizon = st.ExpiresAt
			}
		}
		if s.parent >= 0 {
			out.ParentSeatID = str(seats[s.parent].id)
			spawns++
		}
		if s.rec.hasOutcome {
			outcomes = append(outcomes, s.rec.outcome)
			out.LastOutcome = &outcomes[len(outcomes)-1]
		}
		if t, ok := s.rec.today(&r.today); ok {
			snap.Tallies[s.id] = t
		}
	}

	cutoff := at.Add(-WindowAge)
	var carried uint64 // bit i: window edge i rides this snapshot
	held := 0
	for i := range r.window.edges {
		if e := &r.window.edges[i]; e.carried(cutoff) {
			carried |= 1 << i
			held++
			if out := e.at.Add(WindowAge + 1); out.Before(horizon) {
				horizon = out
			}
		}
	}
	// Spawn edges give way when the wire would overflow: each is also
	// stated on its child as parentSeatId.
	spawns = min(spawns, MaxEdges-held)
	snap.Edges = make([]fleet.Edge, 0, spawns+held)
	for i := range seats {
		if len(snap.Edges) == spawns {
			break
		}
		if p := seats[i].parent; p >= 0 {
			snap.Edges = append(snap.Edges, fleet.Edge{Kind: fleet.EdgeKindSpawn, FromSeatID: seats[p].id, ToSeatID: seats[i].id, At: seats[i].since})
		}
	}
	for i := range r.window.edges {
		e := &r.window.edges[i]
		if carried&(1<<i) == 0 {
			continue
		}
		out := fleet.Edge{Kind: e.kind, FromSeatID: e.from.id, ToSeatID: e.to.id, At: e.at}
		if e.conv != "" {
			out.ConversationID, out.EntryID = str(e.conv), str(e.entry)
		}
		snap.Edges = append(snap.Edges, out)
	}
	return snap, horizon
}

// sameContent reports whether two derived snapshots say the same thing,
// their cursor and time aside. Every time in them is in the host's zone,
// so equal instants are written alike.
func sameContent(a, b *fleet.Snapshot) bool {
	if !sameStr(a.Day, b.Day) || len(a.Seats) != len(b.Seats) || len(a.Edges) != len(b.Edges) || len(a.Tallies) != len(b.Tallies) {
		return false
	}
	for i := range a.Seats {
		if !sameSeat(&a.Seats[i], &b.Seats[i]) {
			return false
		}
	}
	for i := range a.Edges {
		x, y := &a.Edges[i], &b.Edges[i]
		if x.Kind != y.Kind || x.FromSeatID != y.FromSeatID || x.ToSeatID != y.ToSeatID || !x.At.Equal(y.At) ||
			!sameStr(x.ConversationID, y.ConversationID) || !sameStr(x.EntryID, y.EntryID) {
			return false
		}
	}
	for k, v := range a.Tallies {
		if w, ok := b.Tallies[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func sameSeat(a, b *fleet.Seat) bool {
	if a.SeatID != b.SeatID || a.Name != b.Name || a.Status != b.Status || !sameStr(a.Cwd, b.Cwd) ||
		!sameStr(a.Summary, b.Summary) || !sameStr(a.ParentSeatID, b.ParentSeatID) {
		return false
	}
	switch x, y := a.Stance, b.Stance; {
	case x == nil || y == nil:
		if x != y {
			return false
		}
	case x.Pose != y.Pose || !sameStr(x.Note, y.Note) || !x.StatedAt.Equal(y.StatedAt) || !x.ExpiresAt.Equal(y.ExpiresAt):
		return false
	}
	switch x, y := a.LastOutcome, b.LastOutcome; {
	case x == nil || y == nil:
		return x == y
	default:
		return x.Outcome == y.Outcome && x.At.Equal(y.At)
	}
}

func sameStr(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
