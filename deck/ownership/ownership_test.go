package ownership

import (
	"bytes"
	"errors"
	"testing"

	"github.com/schemagen/schemagen/generated/go/deck"
)

// fresh is a state whose bytes outside the ledger are all 0xA5 and whose
// ledger is zero, as a v5 file migrates: commits must never touch the
// former.
func fresh(t *testing.T) *deck.DeckState {
	t.Helper()
	b := bytes.Repeat([]byte{0xA5}, deck.DeckStateSize)
	clear(b[deck.DeckStateOwnershipOffset : deck.DeckStateOwnershipOffset+deck.DeckStateOwnershipSize])
	st, err := deck.DecodeDeckState(b)
	if err != nil {
		t.Fatal(err)
	}
	return &st
}

func outsideUntouched(t *testing.T, st *deck.DeckState) {
	t.Helper()
	b := st.Encode()
	for i, c := range b {
		if i >= deck.DeckStateOwnershipOffset && i < deck.DeckStateOwnershipOffset+deck.DeckStateOwnershipSize {
			continue
		}
		if c != 0xA5 {
			t.Fatalf("byte %d outside the ledger was written", i)
		}
	}
}

func owned(st *deck.DeckState) []byte {
	return st.Ownership[deck.OwnershipBlobOwnedOffset : deck.OwnershipBlobOwnedOffset+deck.OwnershipBlobOwnedSize]
}

func bitsSet(st *deck.DeckState) int {
	n := 0
	for _, b := range owned(st) {
		for ; b != 0; b >>= 1 {
			n += int(b & 1)
		}
	}
	return n
}

func TestEmptyLedger(t *testing.T) {
	st := fresh(t)
	for _, it := range deck.CatalogItems() {
		if has, err := Has(st, it.ID); has || err != nil {
			t.Errorf("Has(%s) on an empty ledger = %v, %v", it.Name, has, err)
		}
		if it.Slot >= 0 {
			if n, err := ConsumableCount(st, it.Slot); n != 0 || err != nil {
				t.Errorf("ConsumableCount(%d) on an empty ledger = %d, %v", it.Slot, n, err)
			}
		}
	}
	if st.Ownership != [deck.OwnershipBlobSize]byte{} {
		t.Error("reads wrote the blob")
	}
}

// TestBitPlacement: committing id sets bit id%8 of byte id/8 of owned and
// nothing else, and stamps the header (ownership.h's test_bit_placement;
// conformance/c checks the same commits against the C functions byte for
// byte).
func TestBitPlacement(t *testing.T) {
	for _, id := range []deck.CatalogID{0, 7, 8} {
		st := fresh(t)
		if err := Commit(st, Purchase(id)); err != nil {
			t.Fatalf("Commit(Purchase(%d)): %v", id, err)
		}
		if got, want := owned(st)[id/8], byte(1)<<(id%8); got != want {
			t.Errorf("id %d: byte %d = %#02x, want %#02x", id, id/8, got, want)
		}
		if n := bitsSet(st); n != 1 {
			t.Errorf("id %d: %d bits set, want 1", id, n)
		}
		for _, it := range deck.CatalogItems() {
			if has, _ := Has(st, it.ID); has != (it.ID == id) {
				t.Errorf("after committing %d, Has(%d) = %v", id, it.ID, has)
			}
		}
		hdr := st.Ownership[:3]
		if !bytes.Equal(hdr, []byte{'O', 'W', deck.OwnershipBlobVersion}) {
			t.Errorf("id %d: header % x, want 4f 57 01", id, hdr)
		}
		outsideUntouched(t, st)
	}

	// 767, the last bit: no item has it yet, so the public functions refuse
	// it; the bit it would be is byte 95, mask 0x80.
	st := fresh(t)
	st.Ownership[deck.OwnershipBlobOwnedOffset+95] = 0x80
	if !bit(&st.Ownership, 767) || bit(&st.Ownership, 766) || bit(&st.Ownership, 759) {
		t.Error("bit 767 is not byte 95, mask 0x80")
	}
	before := *st
	if _, err := Has(st, 767); !errors.Is(err, ErrUnknownItem) {
		t.Errorf("Has(767) = %v, want ErrUnknownItem", err)
	}
	if err := Commit(st, Grant(767)); !errors.Is(err, ErrUnknownItem) {
		t.Errorf("Commit(Grant(767)) = %v, want ErrUnknownItem", err)
	}
	if *st != before {
		t.Error("a refused commit wrote the state")
	}
}

func TestCommitIsIdempotent(t *testing.T) {
	once := fresh(t)
	if err := Commit(once, Purchase(deck.CatalogVerbScan)); err != nil {
		t.Fatal(err)
	}
	twice := *once
	for _, o := range []Outcome{Purchase(deck.CatalogVerbScan), Discovery(deck.CatalogVerbScan), {Granted, deck.CatalogVerbScan, 9}} {
		if err := Commit(&twice, o); err != nil {
			t.Fatal(err)
		}
		if twice != *once {
			t.Errorf("committing %v again changed the state", o)
		}
	}
	if has, err := Has(&twice, deck.CatalogVerbScan); !has || err != nil {
		t.Errorf("Has(verb_scan) = %v, %v", has, err)
	}
	outsideUntouched(t, &twice)
}

func TestSaturation(t *testing.T) {
	st := fresh(t)
	slot := deck.CatalogStimPatchSlot
	for _, step := range []struct {
		o    Outcome
		want uint8
	}{
		{Bought(deck.CatalogStimPatch, 200), 200},
		{Bought(deck.CatalogStimPatch, 100), 255},
		{Bought(deck.CatalogStimPatch, 255), 255},
		{Used(deck.CatalogStimPatch, 100), 155},
		{Used(deck.CatalogStimPatch, 200), 0},
		{Used(deck.CatalogStimPatch, 1), 0},
		{Bought(deck.CatalogStimPatch, 0), 0},
	} {
		if err := Commit(st, step.o); err != nil {
			t.Fatalf("Commit(%+v): %v", step.o, err)
		}
		if n, err := ConsumableCount(st, slot); n != step.want || err != nil {
			t.Fatalf("after %+v: count %d, %v; want %d", step.o, n, err, step.want)
		}
	}
	if bitsSet(st) != 0 {
		t.Error("a count touched the bitmap")
	}
	if err := Commit(st, Bought(deck.CatalogRepairKit, 3)); err != nil {
		t.Fatal(err)
	}
	if n, _ := ConsumableCount(st, deck.CatalogRepairKitSlot); n != 3 {
		t.Errorf("repair_kit count %d, want 3", n)
	}
	if n, _ := ConsumableCount(st, slot); n != 0 {
		t.Errorf("another slot moved stim_patch to %d", n)
	}
	outsideUntouched(t, st)
}

// TestRefusals: anything but a sanctioned outcome for a known item is an
// error that writes nothing.
func TestRefusals(t *testing.T) {
	st := fresh(t)
	if err := Commit(st, Purchase(deck.CatalogVerbPing)); err != nil {
		t.Fatal(err)
	}
	before := *st
	for _, tc := range []struct {
		o    Outcome
		want error
	}{
		{Purchase(deck.CatalogStimPatch), ErrWrongClass},
		{Bought(deck.CatalogVerbScan, 1), ErrWrongClass},
		{Used(deck.CatalogProgramShell, 1), ErrWrongClass},
		{Purchase(deck.CatalogID(len(deck.CatalogItems()))), ErrUnknownItem},
		{Purchase(deck.CatalogIDCapacity), ErrUnknownItem},
		{Purchase(0xFFFF), ErrUnknownItem},
		{Outcome{Kind: 0, Item: deck.CatalogVerbScan}, ErrBadOutcome},
		{Outcome{Kind: 99, Item: deck.CatalogVerbScan}, ErrBadOutcome},
		{Outcome{Kind: 99, Item: 0xFFFF}, ErrUnknownItem}, // the id is checked first, as in C
	} {
		if err := Commit(st, tc.o); !errors.Is(err, tc.want) {
			t.Errorf("Commit(%+v) = %v, want %v", tc.o, err, tc.want)
		}
		if *st != before {
			t.Fatalf("the refused Commit(%+v) wrote the state", tc.o)
		}
	}
	for _, slot := range []int{-1, 6, 15, 16, 1 << 20} {
		if _, err := ConsumableCount(st, slot); !errors.Is(err, ErrUnknownSlot) {
			t.Errorf("ConsumableCount(%d) = %v, want ErrUnknownSlot", slot, err)
		}
	}
	for _, id := range []deck.CatalogID{deck.CatalogIDCapacity, 0xFFFF, 767} {
		if _, err := Has(st, id); !errors.Is(err, ErrUnknownItem) {
			t.Errorf("Has(%d) = %v, want ErrUnknownItem", id, err)
		}
	}
}

// TestForeignBlob: a blob of another blob version, or with another magic,
// is read as empty with ErrForeignBlob and never written.
func TestForeignBlob(t *testing.T) {
	for name, spoil := range map[string]func(b *blob){
		"blob version 2": func(b *blob) { b[deck.OwnershipBlobBlobVersionOffset] = 2 },
		"another magic":  func(b *blob) { b[deck.OwnershipBlobMagicOffset] ^= 0xFF },
		"magic only":     func(b *blob) { b[deck.OwnershipBlobBlobVersionOffset] = 0 },
		"version only":   func(b *blob) { b[0], b[1] = 0, 0 },
	} {
		st := fresh(t)
		if err := Commit(st, Purchase(deck.CatalogVerbPing)); err != nil {
			t.Fatal(err)
		}
		if err := Commit(st, Bought(deck.CatalogStimPatch, 4)); err != nil {
			t.Fatal(err)
		}
		spoil(&st.Ownership)
		before := *st
		if has, err := Has(st, deck.CatalogVerbPing); has || !errors.Is(err, ErrForeignBlob) {
			t.Errorf("%s: Has = %v, %v; want false, ErrForeignBlob", name, has, err)
		}
		if n, err := ConsumableCount(st, deck.CatalogStimPatchSlot); n != 0 || !errors.Is(err, ErrForeignBlob) {
			t.Errorf("%s: ConsumableCount = %d, %v; want 0, ErrForeignBlob", name, n, err)
		}
		for _, o := range []Outcome{Purchase(deck.CatalogVerbScan), Bought(deck.CatalogStimPatch, 1), Purchase(0xFFFF)} {
			if err := Commit(st, o); !errors.Is(err, ErrForeignBlob) {
				t.Errorf("%s: Commit(%+v) = %v, want ErrForeignBlob", name, o, err)
			}
		}
		if *st != before {
			t.Errorf("%s: the foreign blob was written", name)
		}
	}
}

func TestErrorsSayWhat(t *testing.T) {
	st := fresh(t)
	for _, tc := range []struct {
		err  error
		want string
	}{
		{Commit(st, Bought(deck.CatalogVerbScan, 1)), "ownership: cannot commit the consumable purchase of verb_scan, a verb, not a consumable: the outcome does not fit the item's class"},
		{Commit(st, Grant(900)), "ownership: cannot commit the grant of catalog id 900: no catalog item has this id"},
		{func() error { _, err := ConsumableCount(st, 9); return err }(), "ownership: consumable slot 9: no consumable has this slot"},
	} {
		if tc.err == nil || tc.err.Error() != tc.want {
			t.Errorf("error %q, want %q", tc.err, tc.want)
		}
	}
}
