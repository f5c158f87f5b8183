package deck

import (
	"bytes"
	"math/rand/v2"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// TestOneCopyAgreesWithFields: the generated codec loads and encodes a
// DeckState with one copy where Go lays it out as its payload (every
// little-endian machine the host team runs), and field by field where not;
// both must give the same bytes and values. Load, Migrate and Encode take
// the one-copy path here; the struct's own Encode and DecodeDeckState are
// the field-by-field codec.
func TestOneCopyAgreesWithFields(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for range 100 {
		st := randomState(r)
		file := layout.Encode(st)
		if !bytes.Equal(file[layout.FileHeaderSize:len(file)-layout.FileCRCSize], st.Encode()) {
			t.Fatal("Encode's payload differs from the field-by-field encoder's")
		}
		var got layout.DeckState
		if _, err := layout.Load(file, &got); err != nil || got != *st {
			t.Fatalf("Load differs from DecodeDeckState: %v", err)
		}
	}
	v5 := v5Fixture(t)
	_, payload, err := layout.Parse(v5)
	if err != nil {
		t.Fatal(err)
	}
	migrated, err := layout.Migrate(payload, 5)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := layout.DecodeDeckState(migrated)
	var got layout.DeckState
	if _, err := layout.Load(v5, &got); err != nil || got != want {
		t.Fatalf("Load of a v5 file differs from Migrate and DecodeDeckState: %v", err)
	}
}
