package runtime

import (
	"encoding/binary"
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

// appendContent appends to b an encoding of what s says, cursor and time
// aside, such that two snapshots say the same thing exactly when their
// encodings are equal: every string is length-prefixed, every optional
// field flagged, and every time is in the host's zone, so equal instants
// are written alike.
func appendContent(b []byte, s *fleet.Snapshot) []byte {
	b = appendOptString(b, s.Day)
	b = binary.AppendUvarint(b, uint64(len(s.Seats)))
	for i := range s.Seats {
		x := &s.Seats[i]
		b = appendString(b, x.SeatID)
		b = appendString(b, x.Name)
		b = appendString(b, string(x.Status))
		b = appendOptString(b, x.Cwd)
		b = appendOptString(b, x.Summary)
		b = appendOptString(b, x.ParentSeatID)
		if st := x.Stance; st != nil {
			b = append(b, 1)
			b = appendString(b, string(st.Pose))
			b = appendOptString(b, st.Note)
			b = appendTime(b, st.StatedAt)
			b = appendTime(b, st.ExpiresAt)
		} else {
			b = append(b, 0)
		}
		if o := x.LastOutcome; o != nil {
			b = append(b, 1)
			b = appendString(b, string(o.Outcome))
			b = appendTime(b, o.At)
		} else {
			b = append(b, 0)
		}
		if t, ok := s.Tallies[x.SeatID]; ok {
			b = append(b, 1)
			b = binary.AppendVarint(b, t.Passed)
			b = binary.AppendVarint(b, t.Failed)
			b = binary.AppendVarint(b, t.Shipped)
			b = binary.AppendVarint(b, t.Prompted)
		} else {
			b = append(b, 0)
		}
	}
	// Tallies only ever name seats on the roster; their number catches any
	// that would not.
	b = binary.AppendUvarint(b, uint64(len(s.Tallies)))
	b = binary.AppendUvarint(b, uint64(len(s.Edges)))
	for i := range s.Edges {
		e := &s.Edges[i]
		b = appendString(b, string(e.Kind))
		b = appendString(b, e.FromSeatID)
		b = appendString(b, e.ToSeatID)
		b = appendTime(b, e.At)
		b = appendOptString(b, e.ConversationID)
		b = appendOptString(b, e.EntryID)
	}
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendOptString(b []byte, s *string) []byte {
	if s == nil {
		return append(b, 0)
	}
	return appendString(append(b, 1), *s)
}

func appendTime(b []byte, t time.Time) []byte {
	b = binary.AppendVarint(b, t.Unix())
	return binary.AppendUvarint(b, uint64(t.Nanosecond()))
}
