package layoutdoc_test

import (
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/layoutdoc"
	"github.com/schemagen/schemagen/gen/model"
)

// TestDeckBudget checks the recomputed ADR-0056 table and that the
// document has a field table for every version.
func TestDeckBudget(t *testing.T) {
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	want := "| version | sizeof(DeckState) | ceiling | headroom | file size | reserved (reclaimable) |\n" +
		"| ---: | ---: | ---: | ---: | ---: | ---: |\n" +
		"| 3 | 2944 | 8192 | 5248 | 2956 | 0 |\n" +
		"| 4 | 3672 | 8192 | 4520 | 3684 | 14 |\n" +
		"| 5 | 4060 | 8192 | 4132 | 4072 | 14 |\n" +
		"| 6 | 4188 | 8192 | 4004 | 4200 | 14 |\n"
	if got := layoutdoc.Budget(s.Layout("deck")); got != want {
		t.Errorf("budget table:\n%s\nwant:\n%s", got, want)
	}
	files, err := layoutdoc.Generate(s)
	if err != nil || len(files) != 1 || files[0].Path != "docs/deck-layout.md" {
		t.Fatalf("Generate = %v, %v; want docs/deck-layout.md", files, err)
	}
	doc := string(files[0].Data)
	for _, w := range []string{"### Version 6 (4188 bytes, current)", "### Version 3 (2944 bytes)", "| 4060 | 128 | `ownership` | `uint8[128]` | 6 |", "| 140 | `stim_patch` | `DECK_CATALOG_STIM_PATCH` | consumable | bought | 0 |",
		"| 14 | 1 | `outcome` | `uint8` (MissionOutcome) |", "### CartRecord (C `DeckCartRecord`, 16 bytes, aligned to 4)", "| 3 | `abandoned` | `DECK_MISSION_OUTCOME_ABANDONED` | `MissionOutcomeAbandoned` |"} {
		if !strings.Contains(doc, w) {
			t.Errorf("deck-layout.md lacks %q", w)
		}
	}
}
