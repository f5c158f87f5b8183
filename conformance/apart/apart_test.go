// Package apart_test checks that schemagen stands apart from this
// repository's worked example (issue 22): the tool, as `go get -tool`
// compiles it, holds nothing under generated/, deck/ or runtime/, so a
// schema change that breaks the example never stops the tool. It runs
// beside cmd/schemagen's tests, not inside them, since it builds the tool
// in a copy of the module.
package apart_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/internal/modcopy"
)

// TestToolStandsApart: schemagen imports nothing of its worked example —
// no package under generated/, deck/ or runtime/ is among what it
// compiles — so a schema change that breaks the example cannot stop the
// tool that repairs it (issue 22).
func TestToolStandsApart(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/schemagen/schemagen/cmd/schemagen").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps listed %d packages: %q", len(deps), out)
	}
	const mod = "github.com/schemagen/schemagen/"
	for _, p := range deps {
		for _, ex := range []string{"generated", "deck", "runtime"} {
			if p == mod+ex || strings.HasPrefix(p, mod+ex+"/") {
				t.Errorf("schemagen compiles in %s, part of the worked example", p)
			}
		}
	}
}

// TestRenameLayoutField is the scenario of issue 22 as a user meets it. In
// a copy of the module, DeckState.ownership is renamed in the schema and
// generated/ is regenerated (accepting the break, as a team would on
// purpose). The example's hand-written code may then no longer build
// against generated/go/deck, but the tool does: cmd/schemagen builds,
// check finds generated/ current, and deck reads a file by the new name.
func TestRenameLayoutField(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the module and builds schemagen in it; make test runs it")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(t.TempDir(), "mod")
	modcopy.Copy(t, root, mod)

	cue := filepath.Join(mod, "schema", "deck", "deck.cue")
	src, err := os.ReadFile(cue)
	if err != nil {
		t.Fatal(err)
	}
	renamed := string(src)
	for _, r := range [][2]string{
		{"\townership: \"uint8[128]\" @since(6)", "\towned_items: \"uint8[128]\" @since(6)"},
		{"field: \"ownership\"", "field: \"owned_items\""},
	} {
		if !strings.Contains(renamed, r[0]) {
			t.Fatalf("schema/deck/deck.cue has no %q to rename", r[0])
		}
		renamed = strings.ReplaceAll(renamed, r[0], r[1])
	}
	os.WriteFile(cue, []byte(renamed), 0o644)

	modcopy.Go(t, mod, "run", "./cmd/schemagen", "generate", "--accept-breaking", "the ownership field is renamed on purpose (TestRenameLayoutField)")
	if b, err := os.ReadFile(filepath.Join(mod, "generated", "go", "deck", "structs.go")); err != nil || !strings.Contains(string(b), "OwnedItems") {
		t.Fatalf("generate did not rename the field in generated/go/deck (%v)", err)
	}
	if out, err := modcopy.GoCmd(mod, "build", "./deck/...").CombinedOutput(); err != nil {
		t.Logf("as expected, the example no longer builds against the regenerated layout:\n%s", out)
	}

	bin := filepath.Join(t.TempDir(), "schemagen")
	modcopy.Go(t, mod, "build", "-o", bin, "./cmd/schemagen")
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = mod
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("schemagen %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("check")
	file := filepath.Join(t.TempDir(), "career.deck")
	run("deck", "new", file)
	if out := run("deck", "inspect", file); !strings.Contains(out, `"owned_items"`) || strings.Contains(out, `"ownership"`) {
		t.Errorf("deck inspect does not name the field by its new name:\n%s", out)
	}
}
