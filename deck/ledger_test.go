package deck

// The ledger's tests, against the generated Go twin of ownership.h
// (generated/go/deck: OwnershipHas, OwnershipConsumableCount,
// OwnershipCommit); conformance/c holds it to the C functions commit by
// commit.

import (
	"bytes"
	"errors"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// fresh is a state whose bytes outside the ledger are all 0xA5 and whose
// ledger is zero, as a v5 file migrates: commits must never touch the
// former.
func fresh(t *testing.T) *layout.DeckState {
	t.Helper()
	b := bytes.Repeat([]byte{0xA5}, layout.DeckStateSize)
	clear(b[layout.DeckStateOwnershipOffset : layout.DeckStateOwnershipOffset+layout.DeckStateOwnershipSize])
	st, err := layout.DecodeDeckState(b)
	if err != nil {
		t.Fatal(err)
	}
	return &st
}

func outsideUntouched(t *testing.T, st *layout.DeckState) {
	t.Helper()
	b := st.Encode()
	for i, c := range b {
		if i >= layout.DeckStateOwnershipOffset && i < layout.DeckStateOwnershipOffset+layout.DeckStateOwnershipSize {
			continue
		}
		if c != 0xA5 {
			t.Fatalf("byte %d outside the ledger was written", i)
		}
	}
}

func owned(st *layout.DeckState) []byte {
	return st.Ownership[layout.OwnershipBlobOwnedOffset : layout.OwnershipBlobOwnedOffset+layout.OwnershipBlobOwnedSize]
}

func bitsSet(st *layout.DeckState) int {
	n := 0
	for _, b := range owned(st) {
		for ; b != 0; b >>= 1 {
			n += int(b & 1)
		}
	}
	return n
}

// blob is DeckState.Ownership.
type blob = [layout.OwnershipBlobSize]uint8

func TestEmptyLedger(t *testing.T) {
	st := fresh(t)
	for _, it := range layout.CatalogItems() {
		if has, err := layout.OwnershipHas(st, it.ID); has || err != nil {
			t.Errorf("layout.OwnershipHas(%s) on an empty ledger = %v, %v", it.Name, has, err)
		}
		if it.Slot >= 0 {
			if n, err := layout.OwnershipConsumableCount(st, it.Slot); n != 0 || err != nil {
				t.Errorf("layout.OwnershipConsumableCount(%d) on an empty ledger = %d, %v", it.Slot, n, err)
			}
		}
	}
	if st.Ownership != [layout.OwnershipBlobSize]byte{} {
		t.Error("reads wrote the blob")
	}
}

// TestBitPlacement: committing id sets bit id%8 of byte id/8 of owned and
// nothing else, and stamps the header (ownership.h's test_bit_placement;
// conformance/c checks the same commits against the C functions byte for
// byte).
func TestBitPlacement(t *testing.T) {
	for _, id := range []layout.CatalogID{0, 7, 8} {
		st := fresh(t)
		if err := layout.OwnershipCommit(st, layout.OwnershipPurchase(id)); err != nil {
			t.Fatalf("layout.OwnershipCommit(layout.OwnershipPurchase(%d)): %v", id, err)
		}
		if got, want := owned(st)[id/8], byte(1)<<(id%8); got != want {
			t.Errorf("id %d: byte %d = %#02x, want %#02x", id, id/8, got, want)
		}
		if n := bitsSet(st); n != 1 {
			t.Errorf("id %d: %d bits set, want 1", id, n)
		}
		for _, it := range layout.CatalogItems() {
			if has, _ := layout.OwnershipHas(st, it.ID); has != (it.ID == id) {
				t.Errorf("after committing %d, layout.OwnershipHas(%d) = %v", id, it.ID, has)
			}
		}
		hdr := st.Ownership[:3]
		if !bytes.Equal(hdr, []byte{'O', 'W', layout.OwnershipBlobVersion}) {
			t.Errorf("id %d: header % x, want 4f 57 01", id, hdr)
		}
		outsideUntouched(t, st)
	}

	// The highest id an owned item has: its bit is byte id/8, mask
	// 1<<(id%8), as far into the bitmap as the catalog reaches.
	var last layout.CatalogItem
	for _, it := range layout.CatalogItems() {
		if it.Slot < 0 {
			last = it
		}
	}
	st := fresh(t)
	if err := layout.OwnershipCommit(st, layout.OwnershipGrant(last.ID)); err != nil {
		t.Fatal(err)
	}
	if got, want := owned(st)[last.ID/8], byte(1)<<(last.ID%8); got != want || bitsSet(st) != 1 {
		t.Errorf("id %d: byte %d = %#02x, want %#02x alone", last.ID, last.ID/8, got, want)
	}
	// 767, the last bit: no item has it yet, so the public functions
	// refuse it.
	st = fresh(t)
	st.Ownership[layout.OwnershipBlobOwnedOffset+95] = 0x80
	before := *st
	if _, err := layout.OwnershipHas(st, 767); !errors.Is(err, layout.ErrOwnershipUnknownItem) {
		t.Errorf("layout.OwnershipHas(767) = %v, want layout.ErrOwnershipUnknownItem", err)
	}
	if err := layout.OwnershipCommit(st, layout.OwnershipGrant(767)); !errors.Is(err, layout.ErrOwnershipUnknownItem) {
		t.Errorf("layout.OwnershipCommit(layout.OwnershipGrant(767)) = %v, want layout.ErrOwnershipUnknownItem", err)
	}
	if *st != before {
		t.Error("a refused commit wrote the state")
	}
}

func TestCommitIsIdempotent(t *testing.T) {
	once := fresh(t)
	if err := layout.OwnershipCommit(once, layout.OwnershipPurchase(layout.CatalogVerbScan)); err != nil {
		t.Fatal(err)
	}
	twice := *once
	for _, o := range []layout.OwnershipOutcome{layout.OwnershipPurchase(layout.CatalogVerbScan), layout.OwnershipDiscovery(layout.CatalogVerbScan), {Kind: layout.OwnershipGranted, Item: layout.CatalogVerbScan, N: 9}} {
		if err := layout.OwnershipCommit(&twice, o); err != nil {
			t.Fatal(err)
		}
		if twice != *once {
			t.Errorf("committing %v again changed the state", o)
		}
	}
	if has, err := layout.OwnershipHas(&twice, layout.CatalogVerbScan); !has || err != nil {
		t.Errorf("layout.OwnershipHas(verb_scan) = %v, %v", has, err)
	}
	outsideUntouched(t, &twice)
}

func TestSaturation(t *testing.T) {
	st := fresh(t)
	slot := layout.CatalogStimPatchSlot
	for _, step := range []struct {
		o    layout.OwnershipOutcome
		want uint8
	}{
		{layout.OwnershipBought(layout.CatalogStimPatch, 200), 200},
		{layout.OwnershipBought(layout.CatalogStimPatch, 100), 255},
		{layout.OwnershipBought(layout.CatalogStimPatch, 255), 255},
		{layout.OwnershipUsed(layout.CatalogStimPatch, 100), 155},
		{layout.OwnershipUsed(layout.CatalogStimPatch, 200), 0},
		{layout.OwnershipUsed(layout.CatalogStimPatch, 1), 0},
		{layout.OwnershipBought(layout.CatalogStimPatch, 0), 0},
	} {
		if err := layout.OwnershipCommit(st, step.o); err != nil {
			t.Fatalf("layout.OwnershipCommit(%+v): %v", step.o, err)
		}
		if n, err := layout.OwnershipConsumableCount(st, slot); n != step.want || err != nil {
			t.Fatalf("after %+v: count %d, %v; want %d", step.o, n, err, step.want)
		}
	}
	if bitsSet(st) != 0 {
		t.Error("a count touched the bitmap")
	}
	if err := layout.OwnershipCommit(st, layout.OwnershipBought(layout.CatalogRepairKit, 3)); err != nil {
		t.Fatal(err)
	}
	if n, _ := layout.OwnershipConsumableCount(st, layout.CatalogRepairKitSlot); n != 3 {
		t.Errorf("repair_kit count %d, want 3", n)
	}
	if n, _ := layout.OwnershipConsumableCount(st, slot); n != 0 {
		t.Errorf("another slot moved stim_patch to %d", n)
	}
	outsideUntouched(t, st)
}

// TestRefusals: anything but a sanctioned outcome for a known item is an
// error that writes nothing.
func TestRefusals(t *testing.T) {
	st := fresh(t)
	if err := layout.OwnershipCommit(st, layout.OwnershipPurchase(layout.CatalogVerbPing)); err != nil {
		t.Fatal(err)
	}
	before := *st
	for _, tc := range []struct {
		o    layout.OwnershipOutcome
		want error
	}{
		{layout.OwnershipPurchase(layout.CatalogStimPatch), layout.ErrOwnershipWrongClass},
		{layout.OwnershipBought(layout.CatalogVerbScan, 1), layout.ErrOwnershipWrongClass},
		{layout.OwnershipUsed(layout.CatalogProgramShell, 1), layout.ErrOwnershipWrongClass},
		{layout.OwnershipPurchase(layout.CatalogID(len(layout.CatalogItems()))), layout.ErrOwnershipUnknownItem},
		{layout.OwnershipPurchase(layout.CatalogIDCapacity), layout.ErrOwnershipUnknownItem},
		{layout.OwnershipPurchase(0xFFFF), layout.ErrOwnershipUnknownItem},
		{layout.OwnershipOutcome{Kind: 0, Item: layout.CatalogVerbScan}, layout.ErrOwnershipBadOutcome},
		{layout.OwnershipOutcome{Kind: 99, Item: layout.CatalogVerbScan}, layout.ErrOwnershipBadOutcome},
		{layout.OwnershipOutcome{Kind: 99, Item: 0xFFFF}, layout.ErrOwnershipUnknownItem}, // the id is checked first, as in C
	} {
		if err := layout.OwnershipCommit(st, tc.o); !errors.Is(err, tc.want) {
			t.Errorf("layout.OwnershipCommit(%+v) = %v, want %v", tc.o, err, tc.want)
		}
		if *st != before {
			t.Fatalf("the refused layout.OwnershipCommit(%+v) wrote the state", tc.o)
		}
	}
	for _, slot := range []int{-1, 6, 15, 16, 1 << 20} {
		if _, err := layout.OwnershipConsumableCount(st, slot); !errors.Is(err, layout.ErrOwnershipUnknownSlot) {
			t.Errorf("layout.OwnershipConsumableCount(%d) = %v, want layout.ErrOwnershipUnknownSlot", slot, err)
		}
	}
	for _, id := range []layout.CatalogID{layout.CatalogIDCapacity, 0xFFFF, 767} {
		if _, err := layout.OwnershipHas(st, id); !errors.Is(err, layout.ErrOwnershipUnknownItem) {
			t.Errorf("layout.OwnershipHas(%d) = %v, want layout.ErrOwnershipUnknownItem", id, err)
		}
	}
}

// TestForeignBlob: a blob of another blob version, or with another magic,
// is read as empty with layout.ErrOwnershipForeignBlob and never written.
func TestForeignBlob(t *testing.T) {
	for name, spoil := range map[string]func(b *blob){
		"blob version 2": func(b *blob) { b[layout.OwnershipBlobBlobVersionOffset] = 2 },
		"another magic":  func(b *blob) { b[layout.OwnershipBlobMagicOffset] ^= 0xFF },
		"magic only":     func(b *blob) { b[layout.OwnershipBlobBlobVersionOffset] = 0 },
		"version only":   func(b *blob) { b[0], b[1] = 0, 0 },
	} {
		st := fresh(t)
		if err := layout.OwnershipCommit(st, layout.OwnershipPurchase(layout.CatalogVerbPing)); err != nil {
			t.Fatal(err)
		}
		if err := layout.OwnershipCommit(st, layout.OwnershipBought(layout.CatalogStimPatch, 4)); err != nil {
			t.Fatal(err)
		}
		spoil(&st.Ownership)
		before := *st
		if has, err := layout.OwnershipHas(st, layout.CatalogVerbPing); has || !errors.Is(err, layout.ErrOwnershipForeignBlob) {
			t.Errorf("%s: layout.OwnershipHas = %v, %v; want false, layout.ErrOwnershipForeignBlob", name, has, err)
		}
		if n, err := layout.OwnershipConsumableCount(st, layout.CatalogStimPatchSlot); n != 0 || !errors.Is(err, layout.ErrOwnershipForeignBlob) {
			t.Errorf("%s: layout.OwnershipConsumableCount = %d, %v; want 0, layout.ErrOwnershipForeignBlob", name, n, err)
		}
		for _, o := range []layout.OwnershipOutcome{layout.OwnershipPurchase(layout.CatalogVerbScan), layout.OwnershipBought(layout.CatalogStimPatch, 1), layout.OwnershipPurchase(0xFFFF)} {
			if err := layout.OwnershipCommit(st, o); !errors.Is(err, layout.ErrOwnershipForeignBlob) {
				t.Errorf("%s: layout.OwnershipCommit(%+v) = %v, want layout.ErrOwnershipForeignBlob", name, o, err)
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
		{layout.OwnershipCommit(st, layout.OwnershipBought(layout.CatalogVerbScan, 1)), "ownership: cannot commit the consumable purchase of verb_scan, a verb, not a consumable: the outcome does not fit the item's class"},
		{layout.OwnershipCommit(st, layout.OwnershipGrant(900)), "ownership: cannot commit the grant of catalog id 900: no catalog item has this id"},
		{func() error { _, err := layout.OwnershipConsumableCount(st, 9); return err }(), "ownership: consumable slot 9: no consumable has this slot"},
	} {
		if tc.err == nil || tc.err.Error() != tc.want {
			t.Errorf("error %q, want %q", tc.err, tc.want)
		}
	}
}

// FuzzCommit: on any blob (the ledger bytes of a file, which a damaged or
// foreign file may hold) and any outcome, the generated ledger never
// panics; a refused commit writes nothing, an accepted one writes nothing
// outside the ledger, and what Has and OwnershipConsumableCount read after
// it is what the commit did.
func FuzzCommit(f *testing.F) {
	f.Add(make([]byte, layout.OwnershipBlobSize), uint8(layout.OwnershipPurchased), uint16(layout.CatalogVerbScan), uint8(0))
	f.Add(make([]byte, layout.OwnershipBlobSize), uint8(layout.OwnershipConsumableBought), uint16(layout.CatalogStimPatch), uint8(200))
	f.Add(append([]byte{'O', 'W', 1, 0}, make([]byte, layout.OwnershipBlobSize-4)...), uint8(layout.OwnershipConsumableUsed), uint16(layout.CatalogStimPatch), uint8(1))
	f.Add([]byte{'O', 'W', 2}, uint8(9), uint16(0xFFFF), uint8(255))
	f.Fuzz(func(t *testing.T, raw []byte, kind uint8, item uint16, n uint8) {
		st := fresh(t)
		copy(st.Ownership[:], raw)
		before := *st
		o := layout.OwnershipOutcome{Kind: layout.OwnershipKind(kind), Item: layout.CatalogID(item), N: n}
		if err := layout.OwnershipCommit(st, o); err != nil {
			if *st != before {
				t.Fatalf("the refused %+v wrote the state: %v", o, err)
			}
			return
		}
		outsideUntouched(t, st)
		it, ok := layout.LookupCatalogItem(o.Item)
		if !ok {
			t.Fatalf("%+v committed an unknown item", o)
		}
		if it.Slot >= 0 {
			if _, err := layout.OwnershipConsumableCount(st, it.Slot); err != nil {
				t.Fatalf("after %+v: %v", o, err)
			}
			return
		}
		if has, err := layout.OwnershipHas(st, o.Item); !has || err != nil {
			t.Fatalf("after %+v: Has = %v, %v", o, has, err)
		}
	})
}
