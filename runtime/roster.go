package runtime

import (
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// A seat is one agent on the roster as the last census showed it.
type seat struct {
	id         string // Herdr terminal id
	pane       string // where the agent runs; never leaves the runtime
	name       string
	status     fleet.AgentStatus
	cwd        string
	hasCwd     bool
	parentPane string    // the pane that started it, "" when unknown
	since      time.Time // when it started, or when it first joined the roster
}

// A roster is the seats of the last census, by seat id, with both ways in.
type roster struct {
	seats  []seat // sorted by id
	bySeat map[string]int
	byPane map[string]int
}

func (r *roster) reset() { r.set(nil) }

func (r *roster) set(seats []seat) {
	sortSeats(seats)
	r.seats = seats
	r.bySeat = make(map[string]int, len(seats))
	r.byPane = make(map[string]int, len(seats))
	for i := range seats {
		r.bySeat[seats[i].id] = i
		r.byPane[seats[i].pane] = i
	}
}

// seat returns the seat with id, or nil if it is not on the roster.
func (r *roster) seat(id string) *seat {
	if i, ok := r.bySeat[id]; ok {
		return &r.seats[i]
	}
	return nil
}

// inPane returns the seat held by pane, or nil if it holds none.
func (r *roster) inPane(pane string) *seat {
	if i, ok := r.byPane[pane]; ok {
		return &r.seats[i]
	}
	return nil
}

func (r *roster) has(id string) bool {
	_, ok := r.bySeat[id]
	return ok
}
