package layoutmodel_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/model"
)

// TestDeckMatchesSpec checks the project's deck schema against the SPEC §3
// table (field, version, size, in order) and the ADR-0056/0059 figures.
func TestDeckMatchesSpec(t *testing.T) {
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	l := s.Layout("deck")
	if l == nil {
		t.Fatal("no deck layout package")
	}
	type row struct {
		Since int
		Name  string
		Type  string
		Size  int
	}
	spec := []row{
		{3, "handle", "char[16]", 16}, {3, "credits", "uint32", 4}, {3, "reputation", "int32", 4},
		{3, "career_seconds", "uint32", 4}, {3, "missions_completed", "uint16", 2}, {3, "missions_failed", "uint16", 2},
		{3, "source_cartridge_bits", "uint32", 4}, {3, "settings", "Settings", 4}, {3, "cart_history", "CartRecord[17]", 272},
		{3, "phase_chain_len", "uint16", 2}, {3, "phase_chain_cursor", "uint16", 2}, {3, "phase_chain", "uint8[256]", 256},
		{3, "repl_history", "ReplHistory", 1284}, {3, "mission_log", "MissionLogEntry[64]", 1024}, {3, "stats", "uint32[16]", 64},
		{4, "board_seed", "uint32", 4}, {4, "board_slots", "BoardSlot[32]", 256}, {4, "contact_count", "uint16", 2},
		{4, "active_contact", "uint16", 2}, {4, "contacts", "Contact[28]", 448}, {4, "deck_flags", "uint16", 2},
		{4, "reserved", "uint8[14]", 14}, {5, "keystore", "Keystore", 388}, {6, "ownership", "uint8[128]", 128},
	}
	var got []row
	off := 0
	for _, f := range l.Root.Fields {
		got = append(got, row{f.Since, f.Name, f.Type.Spelling, f.Size()})
		if f.Offset != off {
			t.Errorf("%s at offset %d; the SPEC's order puts it at %d", f.Name, f.Offset, off)
		}
		off += f.Size()
	}
	if diff := cmp.Diff(spec, got); diff != "" {
		t.Errorf("DeckState differs from the SPEC table (-spec +schema):\n%s", diff)
	}

	// ADR-0056 as amended: sizes per version, the old region, the file.
	sizes := map[int]int{}
	for _, v := range l.Versions {
		sizes[v.Number] = v.Size
	}
	if diff := cmp.Diff(map[int]int{3: 2944, 4: 3672, 5: 4060, 6: 4188}, sizes); diff != "" {
		t.Errorf("sizeof(DeckState) per version (-ADR +schema):\n%s", diff)
	}
	v5, v6 := l.Version(5), l.Version(6)
	if short := 4096 - v5.Size; short != 36 {
		t.Errorf("v5 is %d bytes short of the old 4096-byte region; ADR-0056 measured 36", short)
	}
	if got := l.File.Size(v5); got != 4072 {
		t.Errorf("v5 file is %d bytes; ADR-0056 says 4072", got)
	}
	if got := l.File.Size(v6); got != 4200 {
		t.Errorf("v6 file is %d bytes; SPEC says 4200", got)
	}
	if l.Ceiling.Value != 8192 || l.MigrateFrom.Value != 5 || l.Current().Number != 6 {
		t.Errorf("ceiling %d, migrate_from %d, current %d; want 8192, 5, 6", l.Ceiling.Value, l.MigrateFrom.Value, l.Current().Number)
	}
	if l.File.Magic.Value != 0x4B434544 || l.File.Header.Size != 8 {
		t.Errorf("file magic %#x header %d; want 0x4B434544 and 8", l.File.Magic.Value, l.File.Header.Size)
	}
	// Every version appends to the one before: the shared prefix is all of it.
	for i := 1; i < len(l.Versions); i++ {
		a, b := l.Versions[i-1], l.Versions[i]
		if p := l.SharedPrefix(a, b); p != a.Size || b.Loss != "" {
			t.Errorf("v%d → v%d shares %d bytes (loss %q); want a pure append sharing %d", a.Number, b.Number, p, b.Loss, a.Size)
		}
	}
	wantBudget := []layoutmodel.BudgetRow{
		{Version: 3, Size: 2944, Ceiling: 8192, Headroom: 5248, FileSize: 2956, Reserved: 0},
		{Version: 4, Size: 3672, Ceiling: 8192, Headroom: 4520, FileSize: 3684, Reserved: 14},
		{Version: 5, Size: 4060, Ceiling: 8192, Headroom: 4132, FileSize: 4072, Reserved: 14},
		{Version: 6, Size: 4188, Ceiling: 8192, Headroom: 4004, FileSize: 4200, Reserved: 14},
	}
	if diff := cmp.Diff(wantBudget, l.Budget()); diff != "" {
		t.Errorf("budget (-want +got):\n%s", diff)
	}

	// The ownership blob (SPEC §3).
	g := l.Ledger
	blob := map[string][2]int{}
	for _, f := range g.View.Fields {
		blob[f.Name] = [2]int{f.Offset, f.Size()}
	}
	wantBlob := map[string][2]int{"magic": {0, 2}, "blob_version": {2, 1}, "flags": {3, 1}, "owned": {4, 96}, "consumables": {100, 16}, "reserved": {116, 12}}
	if diff := cmp.Diff(wantBlob, blob); diff != "" {
		t.Errorf("OwnershipBlob (-SPEC +schema):\n%s", diff)
	}
	if g.Field.Name != "ownership" || g.View.Size != 128 || g.Capacity() != 768 || g.Slots() != 16 || g.Magic.Value != 0x574F || g.BlobVersion.Value != 1 {
		t.Errorf("ledger: field %s, %d bytes, %d ids, %d slots, magic %#x, version %d", g.Field.Name, g.View.Size, g.Capacity(), g.Slots(), g.Magic.Value, g.BlobVersion.Value)
	}

	// The catalog: the sims' 135 purchasable items, consumables, a kit.
	// SPEC §3's classes and channels, as the schema declares them.
	var classes, channels []string
	for _, k := range l.Catalog.Classes {
		classes = append(classes, k.Name)
	}
	for _, ch := range l.Catalog.Channels {
		channels = append(channels, ch.Name)
	}
	if diff := cmp.Diff([]string{"verb", "program", "program_tier", "rig_stat", "gear", "consumable"}, classes); diff != "" {
		t.Errorf("classes (-SPEC +schema):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"bought", "discovered", "granted"}, channels); diff != "" {
		t.Errorf("channels (-SPEC +schema):\n%s", diff)
	}
	consumable := l.Catalog.Class("consumable")
	if l.Catalog.Counted() != consumable {
		t.Errorf("the counted class is %v, want consumable", l.Catalog.Counted())
	}
	bought := map[string]int{}
	for _, it := range l.Catalog.Items {
		if it.Channel.Name == "bought" && it.Class != consumable {
			bought[it.Class.Name]++
		}
	}
	wantBought := map[string]int{"verb": 85, "program": 8, "program_tier": 26, "rig_stat": 6, "gear": 10}
	if diff := cmp.Diff(wantBought, bought); diff != "" {
		t.Errorf("purchasable items per class (-sims +schema):\n%s", diff)
	}
	if n := l.Catalog.Count(consumable); n == 0 || n > g.Slots() {
		t.Errorf("%d consumables; want some, at most %d", n, g.Slots())
	}
	if len(l.Catalog.StarterKit) == 0 {
		t.Error("no starter kit")
	}
}
