package layoutplan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/layoutplan"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/golden"
)

// TestMigrationOfALoss: a kept field is read from where the old version
// has it, the fields after a removed one move up and are one run, and what
// the old version lacks is zeroed.
// The layout is gen/golayout's loss.txtar (version 1 has a field that
// version 2 removed, a loss it states; version 2 appends two), whose
// generated Go codec gen/golayout runs against internal/layoutfile.
func TestMigrationOfALoss(t *testing.T) {
	golden.Run(t, "../golayout/testdata/loss.txtar", nil, func(t *testing.T, c *golden.Case) {
		s, err := model.Load(c.Dir)
		if err != nil {
			t.Fatal(err)
		}
		checkLoss(t, layoutplan.New(s.Layout("d")))
	})
}

func checkLoss(t *testing.T, p *layoutplan.Plan) {
	if p.First != 1 || p.MigrateFrom != 1 || p.Current.Number != 2 || p.Overhead != 12 || p.PayloadLenMax != 0xFFFF || p.FileSizeMax != 28 {
		t.Errorf("plan facts: first %d, migrate from %d, current %d, overhead %d, payload_len max %d, file max %d",
			p.First, p.MigrateFrom, p.Current.Number, p.Overhead, p.PayloadLenMax, p.FileSizeMax)
	}
	if len(p.Migrations) != 1 || p.Migration(1) != p.Migrations[0] || p.Migration(2) != nil {
		t.Fatalf("want one migration, of version 1; got %d", len(p.Migrations))
	}
	m := p.Migrations[0]
	if diff := cmp.Diff([]layoutplan.Run{{From: 0, To: 0, Len: 4}, {From: 6, To: 4, Len: 6}}, m.Runs); diff != "" {
		t.Errorf("runs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a", "b", "c"}, m.Kept); diff != "" {
		t.Errorf("kept (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"added", "d"}, m.Zeroed); diff != "" {
		t.Errorf("zeroed (-want +got):\n%s", diff)
	}
	type move struct {
		Name     string
		To, From int
		Kept     bool
	}
	var got []move
	for _, mv := range m.Moves {
		got = append(got, move{mv.Field.Name, mv.To, mv.From, mv.Kept})
	}
	want := []move{{"a", 0, 0, true}, {"b", 4, 6, true}, {"c", 6, 8, true}, {"added", 10, 0, false}, {"d", 12, 0, false}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("moves (-want +got):\n%s", diff)
	}
}

// TestVerdicts: what the loader makes of every version, on this
// repository's deck (first 3, migrate from 5, current 6).
func TestVerdicts(t *testing.T) {
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	p := layoutplan.New(s.Layout("deck"))
	for v, want := range map[int]layoutplan.Verdict{
		0: layoutplan.NeverShipped, 2: layoutplan.NeverShipped, 3: layoutplan.Reinitialize, 4: layoutplan.Reinitialize,
		5: layoutplan.Migrate, 6: layoutplan.Load, 7: layoutplan.Newer, 0xFFFF: layoutplan.Newer,
	} {
		if got := p.VerdictOf(v); got != want {
			t.Errorf("version %d: verdict %d, want %d", v, got, want)
		}
	}
	// An append-only history migrates as one copy of the older payload.
	if m := p.Migration(5); m == nil || len(m.Runs) != 1 || m.Runs[0] != (layoutplan.Run{From: 0, To: 0, Len: 4060}) {
		t.Errorf("the v5 migration is %+v, want one run of 4060 bytes", m)
	}
}
