package lock_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/compat"
	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/golden"
)

const cueMod = "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n"

// moduleAt makes a module root of the files under dir/prefix (as
// schema/…).
func moduleAt(t *testing.T, dir, prefix string) string {
	t.Helper()
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "cue.mod"), 0o755)
	os.WriteFile(filepath.Join(root, "cue.mod", "module.cue"), []byte(cueMod), 0o644)
	if err := os.Rename(filepath.Join(dir, prefix), filepath.Join(root, "schema")); err != nil {
		t.Fatal(err)
	}
	return root
}

// check is what schemagen breaking does: the base schema under root, as
// a lock that went through a save and a parse, against the schema under
// curRoot as model.LoadPartial loads it.
func check(t *testing.T, baseRoot, curRoot string) []lock.Finding {
	t.Helper()
	bs, err := model.Load(baseRoot)
	if err != nil {
		t.Fatalf("base: %v", err)
	}
	base, err := lock.Parse(lock.FromModel(bs).Marshal())
	if err != nil {
		t.Fatal(err)
	}
	cur, err := model.LoadPartial(curRoot)
	findings, invalid := lock.Check(base, cur, err)
	if len(invalid) > 0 {
		t.Fatalf("cur is invalid: %v", invalid)
	}
	return findings
}

// render writes findings as the "want" sections hold them: one "RULE
// severity subject position" line per finding and its reason below it.
func render(findings []lock.Finding, seen map[string]bool) string {
	var got strings.Builder
	for _, f := range findings {
		fmt.Fprintf(&got, "%s %s %s %s\n\t%s\n", f.Rule, f.Severity, orDash(f.Subject), f.Pos, f.Reason)
		seen[f.Rule] = true
	}
	return got.String()
}

// TestRules compares each testdata/*.txtar's base/ schema with its cur/
// schema, and checks the findings against the archive's "want" (nothing
// for a compatible change). Every rule has a case here or in the edits
// table (TestSingleEdits) or in TestOffsetOnly.
func TestRules(t *testing.T) {
	seen := map[string]bool{}
	golden.Run(t, "testdata/*.txtar", []string{"want"}, func(t *testing.T, c *golden.Case) {
		findings := check(t, moduleAt(t, c.Dir, "base"), moduleAt(t, c.Dir, "cur"))
		c.CheckSection(t, "want", render(findings, seen))
	})
	runEdits(t, seen)
	seen[offsetOnly(t).Rule] = true
	for _, r := range compat.Rules {
		if !seen[r.ID] {
			t.Errorf("no test case produces %s", r.ID)
		}
	}
}

// TestLockRoundTrip: the lock of the project's own schema survives a save
// and a parse, and a lock compares clean against itself.
func TestLockRoundTrip(t *testing.T) {
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	l := lock.FromModel(s)
	l.History = []*lock.Acceptance{{Reason: "r", Findings: []string{"X y"}}}
	back, err := lock.Parse(l.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(l.Marshal()), string(back.Marshal())); diff != "" {
		t.Errorf("round trip (-saved +parsed):\n%s", diff)
	}
	if fs := lock.Compare(back, l); len(fs) != 0 {
		t.Errorf("a lock against itself: %v", fs)
	}
}

func TestParseRefuses(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{`{"lockVersion": 2, "packages": []}`, "lockVersion 2"},
		{`{"lockVersion": 1, "packages": [], "extra": 1}`, `unknown field "extra"`},
		{`not json`, "invalid character"},
		{`{"lockVersion": 1, "packages": [null]}`, "a package is null"},
		{`{"lockVersion": 1, "packages": [{"name": "w", "objects": [{"name": "O", "fields": [{"name": "f", "required": true}]}]}]}`, "w.O.f has no type"},
		{`{"lockVersion": 1, "packages": [{"name": "w", "objects": [{"name": "O", "fields": [{"name": "f", "required": true, "type": {"kind": "list"}}]}]}]}`, "w.O.f: only a list, a map, a nullable or an open tuple has an element type"},
		{`{"lockVersion": 1, "packages": [], "layouts": [{"name": "d", "root": "R", "ceiling": 8, "migrateFrom": 1, "versions": [{"version": 1, "size": 4, "fields": [null]}]}]}`, "d.v1: a field is null"},
	} {
		if _, err := lock.Parse([]byte(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%s) = %v, want %q", tc.data, err, tc.want)
		}
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// FuzzParse: a lock file, however damaged, is parsed or refused with an
// error, never a panic; a parsed one compares with itself and with the
// project's lock without a panic, and clean against itself.
func FuzzParse(f *testing.F) {
	s, err := model.Load("../..")
	if err != nil {
		f.Fatal(err)
	}
	project := lock.FromModel(s)
	f.Add(project.Marshal())
	f.Add([]byte(`{"lockVersion": 1, "packages": [null]}`))
	f.Add([]byte(`{"lockVersion": 1, "packages": [{"name": "w", "objects": [{"name": "O", "fields": [{"name": "f", "required": true}]}]}]}`))
	f.Add([]byte(`{"lockVersion": 1, "packages": [], "layouts": [{"name": "d", "root": "R", "ceiling": 8, "migrateFrom": 1, "versions": [{"version": 1, "size": 4, "fields": [null]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := lock.Parse(data)
		if err != nil {
			return
		}
		if fs := lock.Compare(l, l); len(fs) != 0 {
			t.Errorf("a lock against itself: %v", fs)
		}
		lock.Compare(l, project)
		lock.Compare(project, l)
	})
}
