package c_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/deck/ownership"
	"github.com/schemagen/schemagen/generated/go/deck"
)

// TestLedgerAgainstC runs the same commits through deck/ownership and
// through ownership.h (testdata/ledger.c, built with gcc) from the same
// states, and requires the same status for every commit, what C says it
// applied to equal what Go's states show changed, byte-identical states
// after them and the same answers from has and consumable_count.
// The commits cover every outcome kind and bad ones, every catalog id and
// ids no item has (146, 767, 768, 0xFFFF), counts that saturate both ways,
// and three starting ledgers: empty (as migration leaves it), stamped with
// bits set, and foreign.
func TestLedgerAgainstC(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, filepath.Join("testdata", "ledger.c"), filepath.Join(dir, "ledger.c"))
	cc(t, targets[0], dir, "-O1", "-o", "ledger", "ledger.c")
	prog := filepath.Join(dir, "ledger")

	items := deck.CatalogItems()
	r := rand.New(rand.NewPCG(5, 6))
	commits := func(n int) []ownership.Outcome {
		var out []ownership.Outcome
		// The bits the C header's own test places: 0, 7, 8 and 767.
		for _, id := range []deck.CatalogID{0, 7, 8, 767} {
			out = append(out, ownership.Purchase(id))
		}
		for range n {
			o := ownership.Outcome{Kind: ownership.Kind(r.IntN(7)), N: uint8(r.IntN(256))}
			switch r.IntN(10) {
			case 0:
				o.Item = []deck.CatalogID{deck.CatalogID(len(items)), 767, deck.CatalogIDCapacity, 0xFFFF}[r.IntN(4)]
			case 1, 2, 3:
				o.Item = deck.CatalogStimPatch + deck.CatalogID(r.IntN(6)) // consumables
			default:
				o.Item = items[r.IntN(len(items))].ID
			}
			if r.IntN(8) == 0 {
				o.N = []uint8{0, 1, 255}[r.IntN(3)]
			}
			out = append(out, o)
		}
		return out
	}

	starts := map[string]func(*deck.DeckState){
		"empty": func(*deck.DeckState) {},
		"stamped": func(st *deck.DeckState) {
			for range 40 {
				ownership.Commit(st, ownership.Purchase(items[r.IntN(len(items))].ID))
			}
		},
		"foreign": func(st *deck.DeckState) {
			ownership.Commit(st, ownership.Grant(deck.CatalogVerbConnect))
			st.Ownership[deck.OwnershipBlobBlobVersionOffset] = deck.OwnershipBlobVersion + 1
		},
	}
	for _, name := range []string{"empty", "stamped", "foreign"} {
		t.Run(name, func(t *testing.T) {
			b := bytes.Repeat([]byte{0xA5}, deck.DeckStateSize)
			clear(b[deck.DeckStateOwnershipOffset:])
			st, _ := deck.DecodeDeckState(b)
			starts[name](&st)
			in := filepath.Join(dir, name+".in")
			os.WriteFile(in, st.Encode(), 0o644)

			seq := commits(3000)
			var script strings.Builder
			var want strings.Builder
			for _, o := range seq {
				fmt.Fprintf(&script, "%d %d %d\n", o.Kind, o.Item, o.N)
				before := st
				err := ownership.Commit(&st, o)
				fmt.Fprintf(&want, "status %d applied %d\n", status(err), applied(&before, &st, o))
			}
			want.WriteString("has ")
			for id := range deck.CatalogIDCapacity {
				has, _ := ownership.Has(&st, deck.CatalogID(id))
				want.WriteByte("01"[b2i(has)])
			}
			want.WriteString("\ncounts")
			for slot := range deck.CatalogConsumableSlots {
				n, _ := ownership.ConsumableCount(&st, slot)
				fmt.Fprintf(&want, " %d", n)
			}
			want.WriteString("\n")

			out := filepath.Join(dir, name+".out")
			cmd := exec.Command(prog, in, out)
			cmd.Stdin = strings.NewReader(script.String())
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			got, err := cmd.Output()
			if err != nil {
				t.Fatalf("ledger: %v\n%s", err, stderr.Bytes())
			}
			if g, w := string(got), want.String(); g != w {
				gl, wl := strings.Split(g, "\n"), strings.Split(w, "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						what := "the answers of has/consumable_count"
						if i < len(seq) {
							what = fmt.Sprintf("commit %d (%+v)", i, seq[i])
						}
						t.Fatalf("C and Go differ at %s:\nC:  %.80s\nGo: %.80s", what, gl[i], wl[i])
					}
				}
				t.Fatalf("C printed %d lines, Go %d", len(gl), len(wl))
			}
			cb, _ := os.ReadFile(out)
			if gb := st.Encode(); !bytes.Equal(cb, gb) {
				t.Fatalf("after %d commits the states differ at byte %d", len(seq), firstDiff(cb, gb))
			}
		})
	}
}

// status is the DeckOwnershipStatus deck_ownership_commit returns where Commit
// returns err.
func status(err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ownership.ErrUnknownItem):
		return 1
	case errors.Is(err, ownership.ErrWrongClass):
		return 2
	case errors.Is(err, ownership.ErrBadOutcome):
		return 3
	case errors.Is(err, ownership.ErrForeignBlob):
		return 4
	}
	return -1
}

// applied is what deck_ownership_commit reports it applied, read from the
// states Go's Commit went between: 1 for a bit it set, 0 for one that was
// set; for a consumable the count it moved; 0 when nothing changed.
func applied(before, after *deck.DeckState, o ownership.Outcome) int {
	if o.Item >= deck.CatalogIDCapacity {
		return 0
	}
	if it, ok := deck.LookupCatalogItem(o.Item); ok && it.Slot >= 0 {
		a, _ := ownership.ConsumableCount(after, it.Slot)
		b, _ := ownership.ConsumableCount(before, it.Slot)
		return max(int(a)-int(b), int(b)-int(a))
	}
	had, _ := ownership.Has(before, o.Item)
	has, _ := ownership.Has(after, o.Item)
	return b2i(has && !had)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
