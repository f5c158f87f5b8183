package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// edit rewrites one file of a scratch module with old → new, failing if
// old is not there.
func edit(t *testing.T, dir, file, old, new string) {
	t.Helper()
	p := filepath.Join(dir, file)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s does not contain %q", file, old)
	}
	os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644)
}

// generated scratch: a copy of the module with generated/ written.
func generatedScratch(t *testing.T) string {
	t.Helper()
	dir := scratch(t)
	if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	return dir
}

const removeCelebrate = "\t\"resting\" |\n\t// The agent says it landed something; striking it counts one ship.\n\t\"celebrate\""

func TestBreakingRemovedPose(t *testing.T) {
	dir := generatedScratch(t)
	edit(t, dir, "schema/fleet/enums.cue", removeCelebrate, "\t\"resting\"")
	code, stdout, _ := schemagen(t, "-C", dir, "breaking")
	if code != exitCheck {
		t.Fatalf("exit %d, want 1:\n%s", code, stdout)
	}
	want := "schema/fleet/enums.cue:11:1: breaking ENUM_MEMBER_NO_DELETE: fleet.Pose.celebrate: member \"celebrate\" was removed or renamed; data carrying it no longer decodes\n" +
		"schemagen breaking: against generated/schema.lock.json: 1 breaking, 0 widening\n"
	if diff := cmp.Diff(want, stdout); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

func TestBreakingAppendedPoseIsWidening(t *testing.T) {
	dir := generatedScratch(t)
	edit(t, dir, "schema/fleet/enums.cue", "\t\"celebrate\"", "\t\"celebrate\" |\n\t// The agent is dancing.\n\t\"dancing\"")
	code, stdout, _ := schemagen(t, "-C", dir, "breaking")
	if code != exitOK {
		t.Fatalf("exit %d, want 0:\n%s", code, stdout)
	}
	if !strings.Contains(stdout, "widening ENUM_MEMBER_ADDED: fleet.Pose.dancing") ||
		!strings.HasSuffix(stdout, "0 breaking, 1 widening (widened: fleet.Pose.dancing)\n") {
		t.Errorf("output:\n%s", stdout)
	}
	code, stdout, _ = schemagen(t, "-C", dir, "breaking", "--format", "json")
	var out struct {
		Against  string
		Findings []struct{ Rule, Severity, Subject, Position, Reason string }
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != 0 {
		t.Fatalf("json output (exit %d): %v\n%s", code, err, stdout)
	}
	if len(out.Findings) != 1 || out.Findings[0].Rule != "ENUM_MEMBER_ADDED" || out.Findings[0].Severity != "widening" || out.Findings[0].Position != "schema/fleet/enums.cue:25:2" {
		t.Errorf("json findings: %+v", out.Findings)
	}
	// generate accepts a widening and moves the lock.
	if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate over a widening: exit %d: %s", code, stderr)
	}
	if code, stdout, _ := schemagen(t, "-C", dir, "breaking"); code != 0 || !strings.Contains(stdout, "0 breaking, 0 widening") {
		t.Errorf("after generate: exit %d: %s", code, stdout)
	}
}

func TestGenerateRefusesBreakingAndWritesNothing(t *testing.T) {
	dir := generatedScratch(t)
	before := snapshotTree(t, filepath.Join(dir, "generated"))
	edit(t, dir, "schema/fleet/enums.cue", removeCelebrate, "\t\"resting\"")
	code, _, stderr := schemagen(t, "-C", dir, "generate")
	if code != exitCheck || !strings.Contains(stderr, "ENUM_MEMBER_NO_DELETE") || !strings.Contains(stderr, "nothing was written") {
		t.Fatalf("generate: exit %d, stderr:\n%s", code, stderr)
	}
	if diff := cmp.Diff(before, snapshotTree(t, filepath.Join(dir, "generated"))); diff != "" {
		t.Errorf("a refused generate changed generated/ (-before +after):\n%s", diff)
	}
	// Accepting with a reason writes, and records the reason and findings.
	code, _, stderr = schemagen(t, "-C", dir, "generate", "--accept-breaking", "celebrate never shipped to an app")
	if code != 0 {
		t.Fatalf("generate --accept-breaking: exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "generated", "schema.lock.json"))
	want := `"history": [
    {
      "reason": "celebrate never shipped to an app",
      "findings": [
        "ENUM_MEMBER_NO_DELETE fleet.Pose.celebrate"
      ]
    }
  ]`
	if !strings.Contains(string(b), want) {
		t.Errorf("lock lacks the history entry:\n%s", b)
	}
	// The history survives later runs, and check agrees with it.
	if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate after acceptance: exit %d: %s", code, stderr)
	}
	if b2, _ := os.ReadFile(filepath.Join(dir, "generated", "schema.lock.json")); string(b2) != string(b) {
		t.Error("a later generate changed the lock")
	}
	if code, _, stderr := schemagen(t, "-C", dir, "check"); code != 0 {
		t.Errorf("check: exit %d: %s", code, stderr)
	}
	// Accepting when nothing breaks is refused.
	if code, _, stderr := schemagen(t, "-C", dir, "generate", "--accept-breaking", "nothing"); code != exitInput || !strings.Contains(stderr, "nothing breaks") {
		t.Errorf("needless --accept-breaking: exit %d: %s", code, stderr)
	}
}

func TestBreakingAgainstGitRef(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is required")
	}
	dir := generatedScratch(t)
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	first := git("rev-parse", "HEAD")
	// Second commit: celebrate removed, accepted and committed.
	edit(t, dir, "schema/fleet/enums.cue", removeCelebrate, "\t\"resting\"")
	if code, _, stderr := schemagen(t, "-C", dir, "generate", "--accept-breaking", "test"); code != 0 {
		t.Fatalf("generate: %s", stderr)
	}
	git("commit", "-qam", "second")

	// Against the working tree's lock, nothing breaks; against the first
	// commit, the removal does.
	if code, stdout, _ := schemagen(t, "-C", dir, "breaking"); code != 0 {
		t.Errorf("against the working tree: exit %d: %s", code, stdout)
	}
	code, stdout, _ := schemagen(t, "-C", dir, "breaking", "--against", first)
	if code != exitCheck || !strings.Contains(stdout, "ENUM_MEMBER_NO_DELETE: fleet.Pose.celebrate") || !strings.Contains(stdout, "against generated/schema.lock.json at "+first) {
		t.Errorf("against %s: exit %d: %s", first, code, stdout)
	}
	if code, stdout, _ := schemagen(t, "-C", dir, "breaking", "--against", "HEAD"); code != 0 {
		t.Errorf("against HEAD: exit %d: %s", code, stdout)
	}
	code, _, stderr := schemagen(t, "-C", dir, "breaking", "--against", "no-such-ref")
	if code != exitInput || !strings.Contains(stderr, "reading the lock at no-such-ref") {
		t.Errorf("bad ref: exit %d: %s", code, stderr)
	}
}

func TestBreakingWithoutLock(t *testing.T) {
	dir := scratch(t)
	code, _, stderr := schemagen(t, "-C", dir, "breaking")
	if code != exitInput || !strings.Contains(stderr, "run make generate first") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestBreakingDeck: the deck's history is guarded the same way, whether
// the model refuses the schema (its recorded history contradicts it) or
// only the lock can tell.
func TestBreakingDeck(t *testing.T) {
	for _, tc := range []struct {
		name, file, old, new string
		want                 []string
	}{
		{"a catalog item's id changed", "schema/deck/catalog.cue",
			`{id: 20, name: "verb_overload"`, `{id: 700, name: "verb_overload"`,
			[]string{"breaking CATALOG_ITEM_NO_MOVE: catalog item verb_reroute: id 21 is listed after id 700"}},
		{"handle grew", "schema/deck/deck.cue",
			`handle: "char[16]" @since(3)`, `handle: "char[20]" @since(3)`,
			[]string{"breaking LAYOUT_VERSION_SAME_SIZE: version 3: its fields add up to 2948 bytes, but version 3 is recorded as 2944 bytes"}},
		{"migrate_from raised", "schema/deck/deck.cue",
			"migrate_from: 5", "migrate_from: 6",
			[]string{"breaking LAYOUT_MIGRATE_FROM_NO_RAISE: deck.migrate_from: migrate_from rose from 5 to 6"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := generatedScratch(t)
			edit(t, dir, tc.file, tc.old, tc.new)
			code, stdout, stderr := schemagen(t, "-C", dir, "breaking")
			if code != exitCheck {
				t.Fatalf("exit %d, want 1:\n%s%s", code, stdout, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("output lacks %q:\n%s", w, stdout)
				}
			}
		})
	}
}
