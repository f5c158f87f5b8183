// Package ownership is the ownership ledger inside a deck state: which
// catalog items the operator owns and how many of each consumable they
// hold (ADR-0056). It is the Go twin of generated/c/ownership.h and gives
// the same answers on the same bytes, which conformance/c checks against
// the C functions commit by commit.
//
// The ledger is DeckState.Ownership read through the DeckOwnershipBlob view:
// bit N of owned is catalog id N (byte N/8, mask 1<<(N%8)), consumables
// holds one count per slot. An all-zero blob, as migration leaves it, is an
// empty ledger; the first commit stamps the header (magic "OW", blob
// version 1). A blob with any other header is foreign: it is read as empty
// and never written.
//
// Commit is the only function here that changes the blob, and it commits
// only sanctioned outcomes: a purchase, discovery or grant of an item, or a
// consumable bought or used. Has and ConsumableCount read it. Every
// function refuses an id no catalog item has and a slot no consumable has
// with an error, never a panic, and on an error writes nothing.
package ownership

import (
	"errors"
	"fmt"

	"github.com/schemagen/schemagen/generated/go/deck"
)

// Kind is what happened: the outcomes the ledger records. The values are
// DeckOwnershipOutcome's in ownership.h.
type Kind uint8

const (
	// Purchased: the item was bought; its bit is set.
	Purchased Kind = 1
	// Discovered: the item was discovered in play; its bit is set.
	Discovered Kind = 2
	// Granted: the item was granted (the starter kit); its bit is set.
	Granted Kind = 3
	// ConsumableBought: N of a consumable were bought; its count rises by
	// N, saturating at 255.
	ConsumableBought Kind = 4
	// ConsumableUsed: N of a consumable were used; its count falls by N,
	// saturating at 0.
	ConsumableUsed Kind = 5
)

func (k Kind) String() string {
	switch k {
	case Purchased:
		return "purchase"
	case Discovered:
		return "discovery"
	case Granted:
		return "grant"
	case ConsumableBought:
		return "consumable purchase"
	case ConsumableUsed:
		return "consumable use"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Outcome is a sanctioned outcome for one catalog item.
type Outcome struct {
	Kind Kind
	Item deck.CatalogID
	// N is how many of a consumable were bought or used; the other kinds
	// ignore it.
	N uint8
}

// Purchase is the outcome of buying item.
func Purchase(item deck.CatalogID) Outcome { return Outcome{Kind: Purchased, Item: item} }

// Discovery is the outcome of discovering item.
func Discovery(item deck.CatalogID) Outcome { return Outcome{Kind: Discovered, Item: item} }

// Grant is the outcome of being granted item.
func Grant(item deck.CatalogID) Outcome { return Outcome{Kind: Granted, Item: item} }

// Bought is the outcome of buying n of the consumable item.
func Bought(item deck.CatalogID, n uint8) Outcome {
	return Outcome{Kind: ConsumableBought, Item: item, N: n}
}

// Used is the outcome of using n of the consumable item.
func Used(item deck.CatalogID, n uint8) Outcome {
	return Outcome{Kind: ConsumableUsed, Item: item, N: n}
}

// The errors, one per refusal of ownership.h's deck_ownership_commit (its
// DECK_OWNERSHIP_ERR_* statuses) and one for a slot no consumable has. The
// functions wrap them with the id, slot or outcome concerned; test with
// errors.Is.
var (
	// ErrUnknownItem: no catalog item has the id (it may be beyond the
	// ledger or not assigned yet). DECK_OWNERSHIP_ERR_UNKNOWN_ITEM.
	ErrUnknownItem = errors.New("no catalog item has this id")
	// ErrWrongClass: a consumable outcome for an item that is not a
	// consumable, or an item outcome for one that is.
	// DECK_OWNERSHIP_ERR_WRONG_CLASS.
	ErrWrongClass = errors.New("the outcome does not fit the item's class")
	// ErrBadOutcome: the outcome's Kind is none of the five.
	// DECK_OWNERSHIP_ERR_BAD_OUTCOME.
	ErrBadOutcome = errors.New("not a sanctioned outcome")
	// ErrForeignBlob: the blob's header is neither empty nor this blob
	// version's; it is read as empty and never overwritten.
	// DECK_OWNERSHIP_ERR_FOREIGN_BLOB.
	ErrForeignBlob = errors.New("the ownership blob's header is foreign (neither empty nor blob version 1): it is left as it is")
	// ErrUnknownSlot: no consumable has the slot.
	ErrUnknownSlot = errors.New("no consumable has this slot")
)

// Has reports whether st's ledger owns item. An empty ledger owns
// nothing. It returns false and an error wrapping ErrUnknownItem when no
// catalog item has the id, and false and ErrForeignBlob when the blob is
// foreign (deck_ownership_has answers false for both).
func Has(st *deck.DeckState, item deck.CatalogID) (bool, error) {
	if !known(item) {
		return false, fmt.Errorf("ownership: catalog id %d: %w", item, ErrUnknownItem)
	}
	if !usable(&st.Ownership) {
		return false, fmt.Errorf("ownership: %w", ErrForeignBlob)
	}
	return bit(&st.Ownership, item), nil
}

// ConsumableCount returns how many of the consumable in slot st's ledger
// holds: 0 in an empty ledger. It returns 0 and an error wrapping
// ErrUnknownSlot when no consumable has the slot, and 0 and ErrForeignBlob
// when the blob is foreign.
func ConsumableCount(st *deck.DeckState, slot int) (uint8, error) {
	if slot < 0 || slot >= deck.CatalogConsumableSlots || slotItems[slot] < 0 {
		return 0, fmt.Errorf("ownership: consumable slot %d: %w", slot, ErrUnknownSlot)
	}
	if !usable(&st.Ownership) {
		return 0, fmt.Errorf("ownership: %w", ErrForeignBlob)
	}
	return st.Ownership[deck.OwnershipBlobConsumablesOffset+slot], nil
}

// Commit records a sanctioned outcome in st's ledger: the one way to
// change it. A purchase, discovery or grant sets the item's bit (committing
// it again changes nothing); a consumable bought or used moves its count by
// N, saturating at 255 and 0. The first commit to an empty ledger stamps
// its header. It refuses, in deck_ownership_commit's order and writing nothing,
// a foreign blob (ErrForeignBlob), an id no item has (ErrUnknownItem), an
// outcome that does not fit the item's class (ErrWrongClass) and an unknown
// Kind (ErrBadOutcome).
func Commit(st *deck.DeckState, o Outcome) error {
	b := &st.Ownership
	if !usable(b) {
		return fmt.Errorf("ownership: cannot commit the %s of catalog id %d: %w", o.Kind, o.Item, ErrForeignBlob)
	}
	if !known(o.Item) {
		return fmt.Errorf("ownership: cannot commit the %s of catalog id %d: %w", o.Kind, o.Item, ErrUnknownItem)
	}
	it, _ := deck.LookupCatalogItem(o.Item)
	consumable := it.Class == deck.CatalogClassConsumable
	switch o.Kind {
	case Purchased, Discovered, Granted:
		if consumable {
			return fmt.Errorf("ownership: cannot commit the %s of %s, a consumable (commit a consumable purchase): %w", o.Kind, it.Name, ErrWrongClass)
		}
		stamp(b)
		b[deck.OwnershipBlobOwnedOffset+int(o.Item)/8] |= 1 << (o.Item % 8)
		return nil
	case ConsumableBought, ConsumableUsed:
		if !consumable || it.Slot < 0 || it.Slot >= deck.CatalogConsumableSlots {
			return fmt.Errorf("ownership: cannot commit the %s of %s, a %s, not a consumable: %w", o.Kind, it.Name, it.Class, ErrWrongClass)
		}
		stamp(b)
		c := &b[deck.OwnershipBlobConsumablesOffset+it.Slot]
		if o.Kind == ConsumableBought {
			*c = uint8(min(int(*c)+int(o.N), 255))
		} else {
			*c = uint8(max(int(*c)-int(o.N), 0))
		}
		return nil
	}
	return fmt.Errorf("ownership: cannot commit outcome kind %d for %s: %w", uint8(o.Kind), it.Name, ErrBadOutcome)
}

// blob is DeckState.Ownership.
type blob = [deck.OwnershipBlobSize]uint8

// usable reports whether the blob is empty (an all-zero header) or of this
// blob version: deck_ownership_usable.
func usable(b *blob) bool {
	magic := uint16(b[deck.OwnershipBlobMagicOffset]) | uint16(b[deck.OwnershipBlobMagicOffset+1])<<8
	version := b[deck.OwnershipBlobBlobVersionOffset]
	return magic == 0 && version == 0 || magic == deck.OwnershipMagic && version == deck.OwnershipBlobVersion
}

// stamp writes the header of a blob about to be committed to.
func stamp(b *blob) {
	b[deck.OwnershipBlobMagicOffset] = deck.OwnershipMagic & 0xFF
	b[deck.OwnershipBlobMagicOffset+1] = deck.OwnershipMagic >> 8
	b[deck.OwnershipBlobBlobVersionOffset] = deck.OwnershipBlobVersion
}

// known reports whether a catalog item has id, and id has a bit in the
// ledger (the generator refuses an item beyond it; this keeps bit in range
// whatever the catalog says).
func known(id deck.CatalogID) bool {
	_, ok := deck.LookupCatalogItem(id)
	return ok && int(id) < deck.CatalogIDCapacity
}

// bit reads id's bit of owned: byte id/8, mask 1<<(id%8); id <
// CatalogIDCapacity.
func bit(b *blob, id deck.CatalogID) bool {
	return b[deck.OwnershipBlobOwnedOffset+int(id)/8]>>(id%8)&1 == 1
}

// slotItems maps each consumable slot to the id of its item, -1 for a slot
// no item has.
var slotItems = func() (m [deck.CatalogConsumableSlots]int) {
	for i := range m {
		m[i] = -1
	}
	for _, it := range deck.CatalogItems() {
		if it.Slot >= 0 && it.Slot < len(m) {
			m[it.Slot] = int(it.ID)
		}
	}
	return m
}()
