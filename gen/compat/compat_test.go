package compat_test

import (
	"os"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/compat"
)

// TestRules: every id is in the table once, Lookup finds it, and
// docs/compatibility.md documents it with its severity.
func TestRules(t *testing.T) {
	doc, err := os.ReadFile("../../docs/compatibility.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range compat.Rules {
		if seen[r.ID] {
			t.Errorf("%s is in the table twice", r.ID)
		}
		seen[r.ID] = true
		if got, ok := compat.Lookup(r.ID); !ok || got != r {
			t.Errorf("Lookup(%s) = %+v, %v", r.ID, got, ok)
		}
		if r.Summary == "" || (r.Severity != compat.Breaking && r.Severity != compat.Widening) {
			t.Errorf("%s: summary %q, severity %q", r.ID, r.Summary, r.Severity)
		}
		if row := "| `" + r.ID + "` | " + string(r.Severity) + " |"; !strings.Contains(string(doc), row) {
			t.Errorf("docs/compatibility.md has no row %q", row)
		}
	}
	if _, ok := compat.Lookup("NO_SUCH_RULE"); ok {
		t.Error("Lookup found a rule that is not in the table")
	}
}
