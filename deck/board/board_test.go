package board

import (
	"errors"
	"testing"

	"github.com/schemagen/schemagen/generated/go/deck"
)

func state(t *testing.T, owned ...deck.CatalogID) *deck.DeckState {
	t.Helper()
	st := new(deck.DeckState)
	for _, id := range owned {
		if err := deck.OwnershipCommit(st, deck.OwnershipPurchase(id)); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

var templates = []Template{
	{ID: 1}, // requires nothing
	{ID: 2, Requires: []deck.CatalogID{deck.CatalogVerbScan}}, // owned
	{ID: 3, Requires: []deck.CatalogID{deck.CatalogVerbScan, deck.CatalogVerbProbe}},
	{ID: 4, Requires: []deck.CatalogID{deck.CatalogVerbTrace, deck.CatalogVerbProbe}},
	{ID: 5, Requires: []deck.CatalogID{deck.CatalogProgramLoom, deck.CatalogProgramLoom, deck.CatalogVerbScan}}, // one item, listed twice
	{ID: 6, Requires: []deck.CatalogID{deck.CatalogRigMemory}},
}

func TestEligible(t *testing.T) {
	st := state(t, deck.CatalogVerbScan)
	want := map[uint16]bool{1: true, 2: true}
	for _, tp := range templates {
		got, err := Eligible(st, tp)
		if err != nil || got != want[tp.ID] {
			t.Errorf("Eligible(template %d) = %v, %v; want %v", tp.ID, got, err, want[tp.ID])
		}
	}
	// An empty ledger, as a migrated v5 deck has: only the template that
	// requires nothing.
	for _, tp := range templates {
		if got, _ := Eligible(new(deck.DeckState), tp); got != (tp.ID == 1) {
			t.Errorf("an empty ledger: Eligible(template %d) = %v", tp.ID, got)
		}
	}
}

func TestTeaching(t *testing.T) {
	st := state(t, deck.CatalogVerbScan)
	gaps, err := Teaching(st, templates)
	if err != nil {
		t.Fatal(err)
	}
	want := []Gap{
		{templates[2], deck.CatalogVerbProbe},
		{templates[4], deck.CatalogProgramLoom},
		{templates[5], deck.CatalogRigMemory},
	}
	if len(gaps) != len(want) {
		t.Fatalf("Teaching = %+v, want %+v", gaps, want)
	}
	for i := range want {
		if gaps[i].Template.ID != want[i].Template.ID || gaps[i].Missing != want[i].Missing {
			t.Errorf("gap %d = template %d missing %d, want template %d missing %d", i, gaps[i].Template.ID, gaps[i].Missing, want[i].Template.ID, want[i].Missing)
		}
	}
	// Buying the gap makes the template eligible and ends its lesson.
	deck.OwnershipCommit(st, deck.OwnershipPurchase(deck.CatalogVerbProbe))
	if ok, _ := Eligible(st, templates[2]); !ok {
		t.Error("template 3 is not eligible after buying verb_probe")
	}
	gaps, _ = Teaching(st, templates)
	for _, g := range gaps {
		if g.Template.ID == 3 {
			t.Error("template 3 still teaches")
		}
		if g.Template.ID == 4 && g.Missing != deck.CatalogVerbTrace {
			t.Errorf("template 4 teaches %d, want verb_trace", g.Missing)
		}
	}
}

func TestRefusals(t *testing.T) {
	st := state(t)
	for _, tc := range []struct {
		tp   Template
		want error
	}{
		{Template{ID: 7, Requires: []deck.CatalogID{767}}, deck.ErrOwnershipUnknownItem},
		{Template{ID: 8, Requires: []deck.CatalogID{deck.CatalogVerbScan, 0xFFFF}}, deck.ErrOwnershipUnknownItem},
		{Template{ID: 9, Requires: []deck.CatalogID{deck.CatalogStimPatch}}, deck.ErrOwnershipWrongClass},
	} {
		if err := tc.tp.Validate(); !errors.Is(err, tc.want) {
			t.Errorf("Validate(template %d) = %v, want %v", tc.tp.ID, err, tc.want)
		}
		if _, err := Eligible(st, tc.tp); !errors.Is(err, tc.want) {
			t.Errorf("Eligible(template %d) = %v, want %v", tc.tp.ID, err, tc.want)
		}
		if _, err := Teaching(st, []Template{templates[2], tc.tp}); !errors.Is(err, tc.want) {
			t.Errorf("Teaching with template %d = %v, want %v", tc.tp.ID, err, tc.want)
		}
	}
	foreign := state(t, deck.CatalogVerbScan)
	foreign.Ownership[deck.OwnershipBlobBlobVersionOffset] = 9
	if ok, err := Eligible(foreign, templates[1]); ok || !errors.Is(err, deck.ErrOwnershipForeignBlob) {
		t.Errorf("Eligible on a foreign ledger = %v, %v", ok, err)
	}
	if err := (Template{ID: 7, Requires: []deck.CatalogID{767}}).Validate(); err.Error() != "board: template 7 requires catalog id 767: no catalog item has this id" {
		t.Errorf("message %q", err)
	}
}
