// Package board is the mission board's ownership gate (ADR-0056 decision
// 9): a template composes only when the operator owns every catalog item
// on its requirement list, and the teaching query names, for each template
// that misses exactly one item, that item: the capability gap to
// advertise.
//
// Templates are data: an id, as BoardSlot.template_id holds it, and a list
// of catalog ids. A requirement is an owned item, never a consumable
// (consumables are counted, not owned). The functions read the ledger
// through the generated ledger (OwnershipHas) and never write it.
package board

import (
	"fmt"
	"slices"

	"github.com/schemagen/schemagen/generated/go/deck"
)

// Template is a mission template's requirement list.
type Template struct {
	ID       uint16
	Requires []deck.CatalogID
}

// Validate checks that a catalog item has every required id and that none
// is a consumable; it wraps deck.ErrOwnershipUnknownItem or
// deck.ErrOwnershipWrongClass.
func (t Template) Validate() error {
	for _, id := range t.Requires {
		it, ok := deck.LookupCatalogItem(id)
		if !ok {
			return fmt.Errorf("board: template %d requires catalog id %d: %w", t.ID, id, deck.ErrOwnershipUnknownItem)
		}
		if it.Class == deck.CatalogClassConsumable {
			return fmt.Errorf("board: template %d requires %s, a consumable, which is counted, not owned: %w", t.ID, it.Name, deck.ErrOwnershipWrongClass)
		}
	}
	return nil
}

// Eligible reports whether st owns every item t requires; a template that
// requires nothing is always eligible. It returns an error for a template
// that does not validate, and deck.ErrOwnershipForeignBlob for a ledger it
// cannot read.
func Eligible(st *deck.DeckState, t Template) (bool, error) {
	m, err := missing(st, t, 1)
	return err == nil && len(m) == 0, err
}

// Gap is a template that misses exactly one required item, and that item.
type Gap struct {
	Template Template
	Missing  deck.CatalogID
}

// Teaching returns, in the templates' order, every template st misses
// exactly one required item of, with that item. Eligible templates, and
// those missing two items or more, are not in it.
func Teaching(st *deck.DeckState, ts []Template) ([]Gap, error) {
	var gaps []Gap
	for _, t := range ts {
		m, err := missing(st, t, 2)
		if err != nil {
			return nil, err
		}
		if len(m) == 1 {
			gaps = append(gaps, Gap{t, m[0]})
		}
	}
	return gaps, nil
}

// missing returns the distinct items of t that st does not own, stopping
// at limit of them.
func missing(st *deck.DeckState, t Template, limit int) ([]deck.CatalogID, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	var out []deck.CatalogID
	for _, id := range t.Requires {
		has, err := deck.OwnershipHas(st, id)
		if err != nil {
			return nil, fmt.Errorf("board: template %d: %w", t.ID, err)
		}
		if has || slices.Contains(out, id) {
			continue
		}
		if out = append(out, id); len(out) == limit {
			break
		}
	}
	return out, nil
}
