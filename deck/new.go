package deck

import (
	"github.com/schemagen/schemagen/deck/ownership"
	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// New returns the state of a new career: every field zero, and the starter
// kit granted through the ledger's Commit.
func New() (*layout.DeckState, error) {
	st := new(layout.DeckState)
	for _, id := range layout.StarterKit() {
		if err := ownership.Commit(st, ownership.Grant(id)); err != nil {
			return nil, err
		}
	}
	return st, nil
}
