package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRecoversFromAnInterruptedSwap: the state a generate killed between
// the two renames of a swap leaves (generated/ missing, the previous tree
// whole in .generated.new-N.old, a half-written .generated.new-N beside
// it). check answers about the previous tree, and generate puts it back:
// the team's own README and the lock's history survive. Before, check saw
// every file missing, and generate removed .generated.new-N.old and wrote
// a fresh tree without the README and without the lock's history.
func TestRecoversFromAnInterruptedSwap(t *testing.T) {
	dir := scratch(t)
	if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	gen := filepath.Join(dir, "generated")
	os.WriteFile(filepath.Join(gen, "README.md"), []byte("The team's own notes.\n"), 0o644)
	// The lock's history, as an accepted break would have left it.
	lockPath := filepath.Join(gen, "schema.lock.json")
	committed, err := os.ReadFile(filepath.Join("..", "..", "generated", "schema.lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(lockPath, committed, 0o644)
	before := snapshotTree(t, gen)

	if err := os.Rename(gen, filepath.Join(dir, ".generated.new-123.old")); err != nil {
		t.Fatal(err)
	}
	half := filepath.Join(dir, ".generated.new-123", "go")
	os.MkdirAll(half, 0o755)
	os.WriteFile(filepath.Join(half, "half.go"), nil, 0o644)

	if code, _, stderr := schemagen(t, "-C", dir, "check"); code != 0 {
		t.Errorf("check: exit %d (want 0: the previous tree is current):\n%s", code, stderr)
	}
	if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	if diff := cmp.Diff(before, snapshotTree(t, gen)); diff != "" {
		t.Errorf("generated/ after recovery (-before +after):\n%s", diff)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".generated*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}
