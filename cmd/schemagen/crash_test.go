//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/output"
)

// TestCrashAtEveryStep kills generate (a process of its own, SIGKILL) at
// each kind of step of its publish, with the atomic exchange and with the
// two-rename fallback, and checks what a laptop that lost power or a CI
// job that was cancelled would find: generated/ the old tree or the new
// one, whole, lock history and the team's own files included; check then
// answers about that tree (not about a missing one); and the next generate
// completes the change and leaves nothing behind.
//
// Killed between the fallback's two renames, generate used to leave no
// generated/ at all, and the next one then deleted the team's
// generated/README.md and wrote the lock without its history.
func TestCrashAtEveryStep(t *testing.T) {
	if testing.Short() {
		t.Skip("runs generate as a process some 20 times")
	}
	bin := schemagenBinary(t)
	base := scratch(t)
	if code, _, stderr := schemagen(t, "-C", base, "generate"); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	readme := filepath.Join(base, "generated", "README.md")
	os.WriteFile(readme, []byte("The team's own notes on generated/.\n"), 0o644)
	// The change: a doc comment (every output of the fleet changes, the
	// lock's history carries over).
	editFile(t, base, "schema/fleet/enums.cue", "// Package fleet is the host's fleet wire contract", "// Package fleet is the host's own fleet wire contract")
	oldTree := snapshotTree(t, filepath.Join(base, "generated"))

	newDir := t.TempDir()
	copyTree(t, base, newDir)
	var steps []string
	restore := output.SetStepHook(func(s string) error { steps = append(steps, s); return nil })
	code, _, stderr := schemagen(t, "-C", newDir, "generate")
	output.SetStepHook(restore)
	if code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	newTree := snapshotTree(t, filepath.Join(newDir, "generated"))
	if cmp.Equal(oldTree, newTree) || newTree["README.md"] == "" {
		t.Fatal("the change changes nothing, or the README was not kept")
	}

	// Every step but the many writes, carries and folder syncs, and of
	// those the first and the last.
	var at []string
	seen := map[string]string{}
	for i, s := range steps {
		kind, _, _ := strings.Cut(s, " ")
		switch kind {
		case "write", "carry", "fsync-dir":
			if seen[kind] == "" || i == len(steps)-1 || !strings.HasPrefix(steps[i+1], kind+" ") {
				at = append(at, s)
			}
			seen[kind] = s
		default:
			at = append(at, s)
		}
	}
	at = append(at, "renames:rename-old", "renames:rename-new", "renames:fsync-parent", "renames:remove-old")

	for _, step := range at {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			copyTree(t, base, dir)
			cmd := exec.Command(bin, "-C", dir, "generate")
			cmd.Env = append(os.Environ(), crashEnv+"="+step)
			out, err := cmd.CombinedOutput()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 {
				t.Fatalf("generate was not killed at %s: %v\n%s", step, err, out)
			}
			gen := filepath.Join(dir, "generated")
			got := snapshotTree(t, gen)
			if !cmp.Equal(got, oldTree) && !cmp.Equal(got, newTree) {
				if _, err := os.Stat(gen); err != nil && strings.HasPrefix(step, "renames:rename-new") {
					// The moment between the fallback's renames: the old
					// tree is whole beside it, and check or generate put
					// it back first thing (below).
				} else {
					t.Fatalf("killed at %s, generated/ is neither tree:\n%s", step, cmp.Diff(newTree, got))
				}
			}
			code, _, stderr := schemagen(t, "-C", dir, "check")
			switch got := snapshotTree(t, gen); {
			case cmp.Equal(got, newTree) && code == 0:
			case cmp.Equal(got, oldTree) && code == 1 && !strings.Contains(stderr, "README.md") && strings.Contains(stderr, "stale"):
			default:
				t.Fatalf("check after a kill at %s: exit %d\n%s", step, code, stderr)
			}
			if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
				t.Fatalf("generate after a kill at %s: exit %d: %s", step, code, stderr)
			}
			if got := snapshotTree(t, gen); !cmp.Equal(got, newTree) {
				t.Errorf("after the next generate (-want +got):\n%s", cmp.Diff(newTree, got))
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".generated*")); len(left) > 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// TestCheckWaitsForGenerate: check takes the output's lock as generate
// does, so it never reads a tree while a generate swaps it (3 of 100 such
// races used to see a mixed tree).
func TestCheckWaitsForGenerate(t *testing.T) {
	dir := scratch(t)
	if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	l, err := output.Lock(dir, "generated") // a generate in the middle of its run
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan int)
	go func() {
		code, _, _ := schemagen(t, "-C", dir, "check")
		done <- code
	}()
	select {
	case code := <-done:
		l.Unlock()
		t.Fatalf("check finished (exit %d) while generate held the lock", code)
	case <-time.After(time.Second):
	}
	l.Unlock()
	if code := <-done; code != 0 {
		t.Errorf("check: exit %d", code)
	}
}
