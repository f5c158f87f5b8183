package lock_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/internal/golden"
)

// runEdits runs the table of single edits, testdata/edits/*.txtar: each
// archive holds a base schema (base/…) and cases, each an edit NAME.edit
// applied alone to the base and the findings NAME.want it must produce,
// exactly (as TestRules renders them: count, rule, subject, position and
// reason). An edit is the file it changes (relative to base/), then
// lines as in a unified diff: " " context, "-" removed, "+" added; the
// old lines must occur in the file exactly once.
func runEdits(t *testing.T, seen map[string]bool) {
	golden.Run(t, "testdata/edits/*.txtar", nil, func(t *testing.T, c *golden.Case) {
		n := 0
		for _, f := range c.Archive.Files {
			name, ok := strings.CutSuffix(f.Name, ".edit")
			if !ok {
				continue
			}
			n++
			edit := string(f.Data)
			t.Run(name, func(t *testing.T) {
				baseDir, curDir := t.TempDir(), t.TempDir()
				writeBase(t, c.Archive, baseDir)
				writeBase(t, c.Archive, curDir)
				applyEdit(t, filepath.Join(curDir, "base"), edit)
				findings := check(t, moduleAt(t, baseDir, "base"), moduleAt(t, curDir, "base"))
				c.CheckSection(t, name+".want", render(findings, seen))
			})
		}
		if n == 0 {
			t.Fatalf("%s has no edits", c.File)
		}
	})
}

// writeBase writes the archive's base/ files under dir.
func writeBase(t *testing.T, ar *txtar.Archive, dir string) {
	t.Helper()
	for _, f := range ar.Files {
		if !strings.HasPrefix(f.Name, "base/") {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// applyEdit applies one edit (see runEdits) to the files under dir.
func applyEdit(t *testing.T, dir, edit string) {
	t.Helper()
	file, body, _ := strings.Cut(edit, "\n")
	var old, new strings.Builder
	for _, line := range strings.SplitAfter(body, "\n") {
		if line == "" {
			continue
		}
		switch line[0] {
		case ' ':
			old.WriteString(line[1:])
			new.WriteString(line[1:])
		case '-':
			old.WriteString(line[1:])
		case '+':
			new.WriteString(line[1:])
		default:
			t.Fatalf("edit of %s: line %q starts with neither ' ', '-' nor '+'", file, line)
		}
	}
	p := filepath.Join(dir, filepath.FromSlash(strings.TrimSpace(file)))
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), old.String()); n != 1 {
		t.Fatalf("edit of %s: the old lines occur %d times, want once:\n%s", file, n, old.String())
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(src), old.String(), new.String(), 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// offsetOnly: a baseline whose offsets differ from the schema's with
// nothing else changed (a lock written by hand, or by a build that laid
// fields out otherwise) is the one case LAYOUT_FIELD_SAME_OFFSET reports
// on its own; every other moved offset follows from a change reported
// instead of it.
func offsetOnly(t *testing.T) lock.Finding {
	t.Helper()
	f := func(name string, off int) *lock.LayoutField {
		return &lock.LayoutField{Name: name, Type: "uint32", Offset: off, Size: 4}
	}
	layout := func(second int) *lock.Layout {
		return &lock.Layout{Name: "d", Root: "Root", Ceiling: 64, MigrateFrom: 1, Versions: []*lock.LayoutVersion{
			{Version: 1, Size: 8, Fields: []*lock.LayoutField{f("a", 0), f("b", second)}},
		}}
	}
	base := &lock.Lock{LockVersion: lock.Version, Layouts: []*lock.Layout{layout(8)}}
	cur := &lock.Lock{LockVersion: lock.Version, Layouts: []*lock.Layout{layout(4)}}
	fs := lock.Compare(base, cur)
	if len(fs) != 1 || fs[0].Rule != "LAYOUT_FIELD_SAME_OFFSET" || fs[0].Subject != "d.Root.b" {
		t.Fatalf("offsets alone: %v", fs)
	}
	return fs[0]
}
