package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/model"
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
	dir := generatedScratch(t)
	git := gitRepo(t, dir)
	first := git("rev-parse", "HEAD")
	// The branch: celebrate removed, accepted and committed.
	edit(t, dir, "schema/fleet/enums.cue", removeCelebrate, "\t\"resting\"")
	if code, _, stderr := schemagen(t, "-C", dir, "generate", "--accept-breaking", "celebrate never shipped"); code != 0 {
		t.Fatalf("generate: %s", stderr)
	}
	git("commit", "-qam", "second")

	// Against the working tree's lock, nothing breaks. Against the first
	// commit (origin/main, in a pull request's CI) the removal is found,
	// and allowed: the branch's lock accepted it.
	if code, stdout, _ := schemagen(t, "-C", dir, "breaking"); code != 0 {
		t.Errorf("against the working tree: exit %d: %s", code, stdout)
	}
	code, stdout, _ := schemagen(t, "-C", dir, "breaking", "--against", first)
	want := "schema/fleet/enums.cue:11:1: breaking ENUM_MEMBER_NO_DELETE: fleet.Pose.celebrate: member \"celebrate\" was removed or renamed; data carrying it no longer decodes (accepted: celebrate never shipped)\n" +
		"schemagen breaking: against generated/schema.lock.json at " + first + ": 0 breaking, 0 widening, 1 accepted\n"
	if code != exitOK || stdout != want {
		t.Errorf("against %s: exit %d:\n%s", first, code, stdout)
	}
	if code, stdout, _ := schemagen(t, "-C", dir, "breaking", "--against", first, "--format", "github"); code != exitOK || !strings.HasPrefix(stdout, "::notice file=schema/fleet/enums.cue,line=11,col=1,title=ENUM_MEMBER_NO_DELETE::") {
		t.Errorf("against %s, github: exit %d:\n%s", first, code, stdout)
	}
	// A break the branch did not accept still fails against the first
	// commit, beside the accepted one.
	edit(t, dir, "schema/fleet/enums.cue", "\t\"offline\"", "\t\"asleep\"")
	code, stdout, _ = schemagen(t, "-C", dir, "breaking", "--against", first)
	if code != exitCheck || !strings.Contains(stdout, "breaking ENUM_MEMBER_NO_DELETE: fleet.AgentStatus.offline") || !strings.Contains(stdout, ": 1 breaking, 1 widening, 1 accepted") {
		t.Errorf("an unaccepted break against %s: exit %d:\n%s", first, code, stdout)
	}
	// An acceptance the baseline already holds allows nothing again.
	if code, stdout, _ := schemagen(t, "-C", dir, "breaking", "--against", "HEAD"); code != exitCheck || strings.Contains(stdout, "accepted") {
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

// TestBreakingDeck: one edit to the deck's schema is one finding that
// names what changed, whether the model refuses the schema (its recorded
// history contradicts it: the finding folds in every version it no longer
// adds up to, and the ledger view it no longer fits) or only the lock can
// tell.
func TestBreakingDeck(t *testing.T) {
	for _, tc := range []struct {
		name, file, old, new string
		want                 string
	}{
		{"credits deleted", "schema/deck/deck.cue",
			"\t// Credits the operator holds.\n\tcredits: \"uint32\" @since(3)\n", "",
			"schema/deck/deck.cue:15:1: breaking LAYOUT_FIELD_NO_DELETE: deck.DeckState.credits: credits (uint32, 4 bytes at offset 16) was removed, in shipped versions 3, 4, 5 and 6; a file written before no longer reads the same\n"},
		{"ownership shrunk", "schema/deck/deck.cue",
			`ownership: "uint8[128]" @since(6)`, `ownership: "uint8[120]" @since(6)`,
			"schema/deck/deck.cue:{{ownership:}}: breaking LAYOUT_FIELD_SAME_TYPE: deck.DeckState.ownership: ownership changed from uint8[128] (128 bytes) to uint8[120] (120 bytes), at offset 4060, in shipped version 6; a file written before no longer reads the same\n"},
		{"verb_scan moved", "schema/deck/catalog.cue",
			`{id: 5, name: "verb_scan"`, `{id: 700, name: "verb_scan"`,
			"schema/deck/catalog.cue:{{{id: 700, name: \"verb_scan\"}}: breaking CATALOG_ITEM_NO_MOVE: deck.catalog.verb_scan: verb_scan moved from id 5 to id 700; bit 5 of every saved ledger still means verb_scan\n"},
		{"handle grew", "schema/deck/deck.cue",
			`handle: "char[16]" @since(3)`, `handle: "char[20]" @since(3)`,
			"schema/deck/deck.cue:{{handle: \"char}}: breaking LAYOUT_FIELD_SAME_TYPE: deck.DeckState.handle: handle changed from char[16] (16 bytes) to char[20] (20 bytes), at offset 0, in shipped versions 3, 4, 5 and 6; a file written before no longer reads the same\n"},
		{"migrate_from raised", "schema/deck/deck.cue",
			"migrate_from: 5", "migrate_from: 6",
			"schema/deck/deck.cue:{{migrate_from: 6}}: breaking LAYOUT_MIGRATE_FROM_NO_RAISE: deck.migrate_from: migrate_from rose from 5 to 6: version 5 files, which migrated, would now be reinitialized and lose their career\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := generatedScratch(t)
			edit(t, dir, tc.file, tc.old, tc.new)
			src, _ := os.ReadFile(filepath.Join(dir, tc.file))
			code, stdout, stderr := schemagen(t, "-C", dir, "breaking")
			if code != exitCheck {
				t.Fatalf("exit %d, want 1:\n%s%s", code, stdout, stderr)
			}
			want := posOf(t, string(src), tc.want) + "schemagen breaking: against generated/schema.lock.json: 1 breaking, 0 widening\n"
			if diff := cmp.Diff(want, stdout); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
		})
	}
}

// TestBreakingFormatGitHub: --format github writes one workflow command
// per finding, which parses back to the finding's level, position, rule
// and message, escapes included.
func TestBreakingFormatGitHub(t *testing.T) {
	dir := generatedScratch(t)
	edit(t, dir, "schema/fleet/enums.cue", removeCelebrate, "\t\"resting\"")
	edit(t, dir, "schema/fleet/enums.cue", "\t\"offline\"", "\t\"offline\" |\n\t// Gone 100%, a new state.\n\t\"away\"")
	code, stdout, _ := schemagen(t, "-C", dir, "breaking", "--format", "github")
	if code != exitCheck {
		t.Fatalf("exit %d, want 1:\n%s", code, stdout)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 3 || lines[2] != "schemagen breaking: against generated/schema.lock.json: 1 breaking, 1 widening (widened: fleet.AgentStatus.away)" {
		t.Fatalf("output:\n%s", stdout)
	}
	var got []workflowCmd
	for _, l := range lines[:2] {
		c, err := parseWorkflowCommand(l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		got = append(got, c)
	}
	away := strings.SplitN(posOf(t, readFile(t, dir, "schema/fleet/enums.cue"), "{{\"away\"}}"), ":", 2)
	want := []workflowCmd{
		{"error", map[string]string{"file": "schema/fleet/enums.cue", "line": "11", "col": "1", "title": "ENUM_MEMBER_NO_DELETE"},
			`fleet.Pose.celebrate: member "celebrate" was removed or renamed; data carrying it no longer decodes`},
		{"warning", map[string]string{"file": "schema/fleet/enums.cue", "line": away[0], "col": away[1], "title": "ENUM_MEMBER_ADDED"},
			`fleet.AgentStatus.away: member "away" was added; every exhaustive consumer of #AgentStatus must answer it`},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(workflowCmd{})); diff != "" {
		t.Errorf("commands (-want +got):\n%s", diff)
	}
}

// TestWorkflowCommandEscapes: %, CR and LF are escaped in the message;
// ':' and ',' too in a property; and every one parses back.
func TestWorkflowCommandEscapes(t *testing.T) {
	msg := "100% sure,\r\nreally: yes"
	pos := model.Pos{File: "dir,with:odd%name.cue", Line: 3, Col: 4}
	line := workflowCommand("error", pos, "A:B,C", msg)
	if want := "::error file=dir%2Cwith%3Aodd%25name.cue,line=3,col=4,title=A%3AB%2CC::100%25 sure,%0D%0Areally: yes"; line != want {
		t.Errorf("got  %s\nwant %s", line, want)
	}
	c, err := parseWorkflowCommand(line)
	if err != nil {
		t.Fatal(err)
	}
	if c.level != "error" || c.msg != msg || c.props["file"] != pos.File || c.props["title"] != "A:B,C" {
		t.Errorf("parsed back: %+v", c)
	}
	if got := workflowCommand("warning", model.Pos{}, "R", "m"); got != "::warning title=R::m" {
		t.Errorf("without a position: %s", got)
	}
}

// workflowCmd is a GitHub Actions workflow command read back.
type workflowCmd struct {
	level string
	props map[string]string
	msg   string
}

// parseWorkflowCommand reads "::level k=v,k=v::message" as the Actions
// runner does, undoing the escapes.
func parseWorkflowCommand(line string) (workflowCmd, error) {
	rest, ok := strings.CutPrefix(line, "::")
	if !ok {
		return workflowCmd{}, fmt.Errorf("not a workflow command")
	}
	head, msg, ok := strings.Cut(rest, "::")
	if !ok {
		return workflowCmd{}, fmt.Errorf("no message")
	}
	level, props, _ := strings.Cut(head, " ")
	c := workflowCmd{level: level, props: map[string]string{}, msg: unescape(msg, false)}
	if props != "" {
		for _, kv := range strings.Split(props, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				return workflowCmd{}, fmt.Errorf("property %q has no value", kv)
			}
			c.props[k] = unescape(v, true)
		}
	}
	return c, nil
}

func unescape(s string, property bool) string {
	pairs := []string{"%0D", "\r", "%0A", "\n"}
	if property {
		pairs = append(pairs, "%3A", ":", "%2C", ",")
	}
	return strings.NewReplacer(append(pairs, "%25", "%")...).Replace(s)
}

func readFile(t *testing.T, dir, file string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBreakingRefusesOptionRef: a revision that starts with '-' never
// reaches git, where it would be an option: --output=… makes git show
// write a file.
func TestBreakingRefusesOptionRef(t *testing.T) {
	dir := generatedScratch(t)
	gitRepo(t, dir)
	// Where git show --output=evil:./generated/schema.lock.json would write.
	os.MkdirAll(filepath.Join(dir, "evil:.", "generated"), 0o755)
	code, stdout, stderr := schemagen(t, "-C", dir, "breaking", "--against", "--output=evil")
	if code != exitInput || !strings.Contains(stderr, `--against "--output=evil": a git revision does not start with '-'`) {
		t.Errorf("exit %d: %s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "evil:.", "generated", "schema.lock.json")); err == nil {
		t.Error("git wrote the file --output named")
	}
	if _, err := lockAt(dir, "-p"); err == nil || !strings.Contains(err.Error(), "starts with '-'") {
		t.Errorf("lockAt -p: %v", err)
	}
}

// gitRepo makes dir a git repository with everything committed, and
// returns a function running git there.
func gitRepo(t *testing.T, dir string) func(args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is required")
	}
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	return git
}

// TestBreakingInvalidSchema: an edit that also leaves the schema invalid
// on its own (a hole) gets its finding and the error it does not explain,
// and exit 2.
func TestBreakingInvalidSchema(t *testing.T) {
	dir := generatedScratch(t)
	edit(t, dir, "schema/deck/deck.cue", `missions_failed: "uint16" @since(3)`, `missions_failed: "uint8" @since(3)`)
	code, stdout, stderr := schemagen(t, "-C", dir, "breaking")
	if code != exitInput ||
		!strings.Contains(stdout, "breaking LAYOUT_FIELD_SAME_TYPE: deck.DeckState.missions_failed: missions_failed changed from uint16 (2 bytes) to uint8 (1 byte)") ||
		!strings.Contains(stderr, "#DeckState: hole: 1 byte of implicit padding at byte 31") ||
		!strings.HasSuffix(stderr, "schemagen: the schema has errors\n") {
		t.Errorf("exit %d:\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = schemagen(t, "-C", dir, "breaking", "--format", "json")
	var out struct {
		Findings []struct{ Rule string }
		Errors   []struct{ Position, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != exitInput || len(out.Findings) != 1 || len(out.Errors) != 1 || !strings.Contains(out.Errors[0].Message, "hole") {
		t.Errorf("json: exit %d, %v: %s", code, err, stdout)
	}
}
