package lock_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/golden"
)

const cueMod = "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n"

// load makes a module root of the archive's files under prefix/ (as
// schema/…) and loads it.
func load(t *testing.T, c *golden.Case, prefix string) (*model.Schema, error) {
	t.Helper()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "cue.mod"), 0o755)
	os.WriteFile(filepath.Join(dir, "cue.mod", "module.cue"), []byte(cueMod), 0o644)
	if err := os.Rename(filepath.Join(c.Dir, prefix), filepath.Join(dir, "schema")); err != nil {
		t.Fatal(err)
	}
	return model.Load(dir)
}

// TestRules compares each testdata/*.txtar's base/ schema, as a lock that
// went through a save and a parse, with its cur/ schema, and checks the
// findings against the archive's "want": one "RULE severity subject
// position" line per finding, or nothing for a compatible change.
func TestRules(t *testing.T) {
	seen := map[string]bool{}
	golden.Run(t, "testdata/*.txtar", []string{"want"}, func(t *testing.T, c *golden.Case) {
		bs, err := load(t, c, "base")
		if err != nil {
			t.Fatalf("base: %v", err)
		}
		base, err := lock.Parse(lock.FromModel(bs).Marshal())
		if err != nil {
			t.Fatal(err)
		}
		// As schemagen breaking does: a schema the model refuses under
		// compatibility rules yields those as findings.
		var findings []lock.Finding
		if cur, err := load(t, c, "cur"); err != nil {
			if findings = lock.ModelFindings(err); findings == nil {
				t.Fatalf("cur: %v", err)
			}
		} else {
			findings = lock.Compare(base, lock.FromModel(cur))
		}
		var got strings.Builder
		for _, f := range findings {
			fmt.Fprintf(&got, "%s %s %s %s\n", f.Rule, f.Severity, orDash(f.Subject), f.Pos)
			seen[f.Rule] = true
		}
		c.CheckSection(t, "want", got.String())
	})
	// Every rule has a case.
	for _, r := range lock.Rules {
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
