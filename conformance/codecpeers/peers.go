// Package codecpeers sets the generated fleet codec (generated/go/fleet)
// beside the other Go JSON libraries: encoding/json, encoding/json/v2 (as
// github.com/go-json-experiment/json), segmentio/encoding, easyjson,
// goccy/go-json and sonic. It is a module of its own so that none of them
// is a dependency of schemagen; only make bench (scripts/bench-wire.sh)
// builds it.
//
// The peers decode into the plain structs below, which have the fleet
// wire's shape and nothing else: string enums, no constraints, no
// methods but the ones easyjson generates (peers_easyjson.go, regenerated
// by `go generate` in this directory).
package codecpeers

import "time"

//go:generate go run github.com/mailru/easyjson/easyjson -all -no_std_marshalers -output_filename peers_easyjson.go peers.go

// Stance is the plain twin of fleet.Stance.
type Stance struct {
	Pose      string    `json:"pose"`
	Note      *string   `json:"note,omitempty"`
	StatedAt  time.Time `json:"statedAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Outcome is the plain twin of fleet.RunOutcome.
type Outcome struct {
	Outcome string    `json:"outcome"`
	At      time.Time `json:"at"`
}

// Seat is the plain twin of fleet.Seat.
type Seat struct {
	SeatID       string   `json:"seatId"`
	Name         string   `json:"name"`
	Status       string   `json:"status"`
	Cwd          *string  `json:"cwd,omitempty"`
	Summary      *string  `json:"summary,omitempty"`
	Stance       *Stance  `json:"stance,omitempty"`
	ParentSeatID *string  `json:"parentSeatId,omitempty"`
	LastOutcome  *Outcome `json:"lastOutcome,omitempty"`
}

// Edge is the plain twin of fleet.Edge.
type Edge struct {
	Kind           string    `json:"kind"`
	FromSeatID     string    `json:"fromSeatId"`
	ToSeatID       string    `json:"toSeatId"`
	At             time.Time `json:"at"`
	ConversationID *string   `json:"conversationId,omitempty"`
	EntryID        *string   `json:"entryId,omitempty"`
}

// Tally is the plain twin of fleet.Tally.
type Tally struct {
	Passed   int64 `json:"passed"`
	Failed   int64 `json:"failed"`
	Shipped  int64 `json:"shipped"`
	Prompted int64 `json:"prompted"`
}

// Snapshot is the plain twin of fleet.Snapshot. Edges and Tallies are
// omitempty rather than omitzero, which not every peer knows; the
// benchmark's snapshot has both, so the bytes are the same.
type Snapshot struct {
	Cursor  int64            `json:"cursor"`
	At      time.Time        `json:"at"`
	Seats   []Seat           `json:"seats"`
	Edges   []Edge           `json:"edges,omitempty"`
	Day     *string          `json:"day,omitempty"`
	Tallies map[string]Tally `json:"tallies,omitempty"`
}

// LedgerRow is the plain twin of fleet.LedgerRow: one struct with every
// variant's members, the kind a string.
type LedgerRow struct {
	Kind       string    `json:"kind"`
	SeatID     string    `json:"seatId"`
	At         time.Time `json:"at"`
	FromSeatID *string   `json:"fromSeatId,omitempty"`
	Note       *string   `json:"note,omitempty"`
}
