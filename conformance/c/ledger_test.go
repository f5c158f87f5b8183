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

	"github.com/schemagen/schemagen/generated/go/deck"
)

// TestLedgerAgainstC runs the same commits through the generated Go ledger (generated/go/deck: OwnershipCommit) and
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
	commits := func(n int) []deck.OwnershipOutcome {
		var out []deck.OwnershipOutcome
		// The bits the C header's own test places: 0, 7, 8 and 767.
		for _, id := range []deck.CatalogID{0, 7, 8, 767} {
			out = append(out, deck.OwnershipPurchase(id))
		}
		for range n {
			o := deck.OwnershipOutcome{Kind: deck.OwnershipKind(r.IntN(7)), N: uint8(r.IntN(256))}
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
				deck.OwnershipCommit(st, deck.OwnershipPurchase(items[r.IntN(len(items))].ID))
			}
		},
		"foreign": func(st *deck.DeckState) {
			deck.OwnershipCommit(st, deck.OwnershipGrant(deck.CatalogVerbConnect))
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
				err := deck.OwnershipCommit(&st, o)
				fmt.Fprintf(&want, "status %d applied %d\n", status(err), applied(&before, &st, o))
			}
			want.WriteString("has ")
			for id := range deck.CatalogIDCapacity {
				has, _ := deck.OwnershipHas(&st, deck.CatalogID(id))
				want.WriteByte("01"[b2i(has)])
			}
			want.WriteString("\ncounts")
			for slot := range deck.CatalogConsumableSlots {
				n, _ := deck.OwnershipConsumableCount(&st, slot)
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
	case errors.Is(err, deck.ErrOwnershipUnknownItem):
		return 1
	case errors.Is(err, deck.ErrOwnershipWrongClass):
		return 2
	case errors.Is(err, deck.ErrOwnershipBadOutcome):
		return 3
	case errors.Is(err, deck.ErrOwnershipForeignBlob):
		return 4
	}
	return -1
}

// applied is what deck_ownership_commit reports it applied, read from the
// states Go's Commit went between: 1 for a bit it set, 0 for one that was
// set; for a consumable the count it moved; 0 when nothing changed.
func applied(before, after *deck.DeckState, o deck.OwnershipOutcome) int {
	if o.Item >= deck.CatalogIDCapacity {
		return 0
	}
	if it, ok := deck.LookupCatalogItem(o.Item); ok && it.Slot >= 0 {
		a, _ := deck.OwnershipConsumableCount(after, it.Slot)
		b, _ := deck.OwnershipConsumableCount(before, it.Slot)
		return max(int(a)-int(b), int(b)-int(a))
	}
	had, _ := deck.OwnershipHas(before, o.Item)
	has, _ := deck.OwnershipHas(after, o.Item)
	return b2i(has && !had)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
