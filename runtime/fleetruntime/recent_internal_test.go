package fleetruntime

import (
	"fmt"
	"testing"
)

// recordOf finds the record of a seat id through its cache of recent ones
// as record does through the map: the same record for the same id, a
// record of its own for each id, also for ids whose hashes share a slot
// and for more ids than the cache has slots.
func TestRecordOfIsTheMapsRecord(t *testing.T) {
	r := &Runtime{records: map[string]*record{}}
	slotOf := func(id string) uint64 { return recentSlot([]byte(id)) }
	// two ids of one slot, looked up in turn
	var a, b string
	seen := map[uint64]string{}
	for i := 0; b == ""; i++ {
		id := fmt.Sprintf("term-%04x", i)
		if other, ok := seen[slotOf(id)]; ok {
			a, b = other, id
		}
		seen[slotOf(id)] = id
	}
	ids := []string{a, b, a, b, b, a}
	for i := range 3 * recentSlots {
		ids = append(ids, fmt.Sprintf("seat-%d", i%(2*recentSlots)))
	}
	ids = append(ids, "", "x", "short", "a-long-seat-id-0001", "b-long-seat-id-0001") // ids shorter than 8 bytes, and two of one tail
	for _, id := range ids {
		rec := r.recordOf([]byte(id))
		if rec.id != id || r.records[id] != rec {
			t.Fatalf("recordOf(%q) = the record of %q (the map's: %p, got %p)", id, rec.id, r.records[id], rec)
		}
	}
	if want := 2 + 2*recentSlots + 5; len(r.records) != want {
		t.Fatalf("%d records, want %d", len(r.records), want)
	}
}
