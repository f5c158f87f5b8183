package fleetruntime

import (
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// Zones lists every zone of the tzdata, for the external tests.
var Zones = zones

// Fresh builds the snapshot as of at from scratch, as the first Read of a
// runtime in this state would, sharing nothing with the last one built;
// call it right after a Read at at.
func (r *Runtime) Fresh(at time.Time) fleet.Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	seatBuf, edgeBuf, edgeHorizon := r.seatBuf, r.edgeBuf, r.edgeHorizon
	defer func() { r.seatBuf, r.edgeBuf, r.edgeHorizon = seatBuf, edgeBuf, edgeHorizon }()
	r.seatBuf, r.edgeBuf = nil, nil
	return fleet.Snapshot{Cursor: r.cursor, At: at, Seats: r.buildSeats(at), Edges: r.buildEdges(at), Tallies: r.buildTallies(), Day: ptr(r.today.name)}
}
