package schemaexhaustive_test

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	exhaustive "github.com/nishanths/exhaustive/passes/exhaustive"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/schemagen/schemagen/analysis/schemaexhaustive"
)

// comparedPackages are the testdata packages the comparison runs over.
var comparedPackages = []string{"a", "local"}

// TestCompareWithExhaustive runs this analyzer and github.com/nishanths/exhaustive
// (with -check=switch,typeswitch,mapliteral, the most it checks) over the same
// testdata, and checks that the measured table in docs/exhaustive.md is what
// they report today. SCHEMAGEN_UPDATE=1 rewrites the table.
func TestCompareWithExhaustive(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with go list")
	}
	for _, kv := range [][2]string{{"check", "switch,typeswitch,mapliteral"}, {"d", "false"}} {
		if err := exhaustive.Analyzer.Flags.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	pkgs := loadTestdata(t, comparedPackages...)
	ours := schemaexhaustive.New(schemaexhaustive.Config{})
	oursDiags := analyze(t, ours, pkgs)
	theirsDiags := analyze(t, exhaustive.Analyzer, pkgs)

	// The same, with a default clause counting as exhaustive.
	lenient := schemaexhaustive.New(schemaexhaustive.Config{DefaultCountsAsExhaustive: true})
	if err := exhaustive.Analyzer.Flags.Set("d", "true"); err != nil {
		t.Fatal(err)
	}
	defer exhaustive.Analyzer.Flags.Set("d", "false")
	oursLenient := analyze(t, lenient, pkgs)
	theirsLenient := analyze(t, exhaustive.Analyzer, pkgs)

	table := compareTable(t, oursDiags, theirsDiags)
	fmt.Fprintf(table, "\nWith a default clause counting as exhaustive (Config.DefaultCountsAsExhaustive, exhaustive -d):"+
		" schemaexhaustive reports %d, exhaustive %d.\n", len(oursLenient), len(theirsLenient))

	doc := filepath.Join("..", "..", "docs", "exhaustive.md")
	const begin, end = "<!-- measured: begin (go test ./analysis/schemaexhaustive -run Compare; SCHEMAGEN_UPDATE=1 rewrites) -->\n", "<!-- measured: end -->\n"
	src, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	i, j := bytes.Index(src, []byte(begin)), bytes.Index(src, []byte(end))
	if i < 0 || j < i {
		t.Fatalf("%s has no measured block (%q … %q)", doc, begin, end)
	}
	got := slices.Clone(src[:i+len(begin)])
	got = append(got, table.Bytes()...)
	got = append(got, src[j:]...)
	if os.Getenv("SCHEMAGEN_UPDATE") != "" {
		if err := os.WriteFile(doc, got, 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(got, src) {
		t.Errorf("the measured table in %s is stale; run SCHEMAGEN_UPDATE=1 go test ./analysis/schemaexhaustive -run Compare. It is now:\n%s", doc, table)
	}
}

// A diag is one diagnostic at a line of a testdata file.
type diag struct {
	file string // base name
	line int
	code string // the line's code, without its comment
	msg  string
	fix  bool
}

func loadTestdata(t *testing.T, patterns ...string) []*packages.Package {
	t.Helper()
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(dir, "src"),
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("testdata does not load")
	}
	return pkgs
}

func analyze(t *testing.T, a *analysis.Analyzer, pkgs []*packages.Package) []diag {
	t.Helper()
	g, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ds []diag
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			src, err := os.ReadFile(p.Filename)
			if err != nil {
				t.Fatal(err)
			}
			code := strings.Split(string(src), "\n")[p.Line-1]
			if k := strings.Index(code, "//"); k >= 0 && !strings.HasPrefix(strings.TrimSpace(code), "//") {
				code = code[:k]
			} else if k >= 0 {
				code = strings.SplitN(code, " // want", 2)[0]
			}
			ds = append(ds, diag{filepath.Base(p.Filename), p.Line, strings.TrimSpace(code), d.Message, len(d.SuggestedFixes) > 0})
		}
	}
	slices.SortFunc(ds, func(a, b diag) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.msg, b.msg))
	})
	return ds
}

// missingNames returns the names a message says are missing, unqualified.
var qual = regexp.MustCompile(`\b[a-z]\w*\.`)

func missingNames(msg string) []string {
	msg, _, _ = strings.Cut(msg, " (") // what is left to decide, after the names
	i := strings.LastIndex(msg, ": ")
	if i < 0 {
		return nil
	}
	names := strings.Split(qual.ReplaceAllString(msg[i+2:], ""), ", ")
	slices.Sort(names)
	return names
}

func compareTable(t *testing.T, ours, theirs []diag) *bytes.Buffer {
	type row struct {
		file   string
		line   int
		code   string
		ours   *diag
		theirs *diag
	}
	rows := make(map[[2]any]*row)
	add := func(d diag, mine bool) {
		k := [2]any{d.file, d.line}
		r := rows[k]
		if r == nil {
			r = &row{file: d.file, line: d.line, code: d.code}
			rows[k] = r
		}
		if mine {
			r.ours = &d
		} else {
			r.theirs = &d
		}
	}
	for _, d := range ours {
		add(d, true)
	}
	for _, d := range theirs {
		add(d, false)
	}
	sorted := slices.SortedFunc(func(yield func(*row) bool) {
		for _, r := range rows {
			if !yield(r) {
				return
			}
		}
	}, func(a, b *row) int { return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line)) })

	cell := func(d *diag) string {
		if d == nil {
			return "—"
		}
		s := "`" + d.msg + "`"
		if d.fix {
			s += " (fix)"
		}
		return s
	}
	var b bytes.Buffer
	counts := map[string]int{}
	b.WriteString("| where | code | schemaexhaustive | exhaustive | verdict |\n| --- | --- | --- | --- | --- |\n")
	for _, r := range sorted {
		var verdict string
		switch {
		case r.ours != nil && r.theirs != nil && slices.Equal(missingNames(r.ours.msg), missingNames(r.theirs.msg)):
			verdict = "agree"
		case r.ours != nil && r.theirs != nil:
			verdict = "both, different members"
		case r.ours != nil:
			verdict = "only ours"
		default:
			verdict = "only theirs"
		}
		counts[verdict]++
		code := strings.ReplaceAll(r.code, "|", `\|`)
		fmt.Fprintf(&b, "| %s:%d | `%s` | %s | %s | %s |\n", r.file, r.line, code, cell(r.ours), cell(r.theirs), verdict)
	}
	fixes := 0
	for _, d := range ours {
		if d.fix {
			fixes++
		}
	}
	theirFixes := 0
	for _, d := range theirs {
		if d.fix {
			theirFixes++
		}
	}
	fmt.Fprintf(&b, "\nTotals over packages %s: schemaexhaustive %d diagnostics (%d with a fix), exhaustive %d (%d with a fix);"+
		" agree %d, both with different members %d, only ours %d, only theirs %d.\n",
		strings.Join(comparedPackages, ", "), len(ours), fixes, len(theirs), theirFixes,
		counts["agree"], counts["both, different members"], counts["only ours"], counts["only theirs"])
	return &b
}

// TestTypeOnlyExhaustiveLosesAliases backs a claim of docs/exhaustive.md:
// exhaustive configured with -typeonly and a regexp of the schema's enum
// names (the closest it comes to checking only those) stops checking a
// switch or map whose type is written through an alias, because it matches
// the regexp against the alias's name. Its flags are package variables that
// cannot be unset, so this runs in a process of its own.
func TestTypeOnlyExhaustiveLosesAliases(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with go list")
	}
	if os.Getenv("SCHEMAGEN_TYPEONLY_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestTypeOnlyExhaustiveLosesAliases$", "-test.v")
		cmd.Env = append(os.Environ(), "SCHEMAGEN_TYPEONLY_CHILD=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !bytes.Contains(out, []byte("--- PASS: TestTypeOnlyExhaustiveLosesAliases")) {
			t.Fatalf("%v\n%s", err, out)
		}
		t.Logf("in a process of its own:\n%s", out)
		return
	}
	if err := exhaustive.Analyzer.Flags.Set("check", "switch,typeswitch,mapliteral"); err != nil {
		t.Fatal(err)
	}
	pkgs := loadTestdata(t, "a")
	// The lines of package a that reach fleet.Pose through poseAlias.
	aliased := map[string]bool{"switch q {": true, "_ = map[poseAlias]int{fleet.PoseWorking: 1}": true}
	count := func(ds []diag) (alias, direct int) {
		for _, d := range ds {
			switch {
			case aliased[d.code]:
				alias++
			case strings.HasPrefix(d.code, "switch p {"):
				direct++
			}
		}
		return alias, direct
	}
	ours := analyze(t, schemaexhaustive.New(schemaexhaustive.Config{}), pkgs)
	plain := analyze(t, exhaustive.Analyzer, pkgs)
	if err := exhaustive.Analyzer.Flags.Set("typeonly", `^fleet\.(Pose|Outcome|LedgerRow)$`); err != nil {
		t.Fatal(err)
	}
	typeonly := analyze(t, exhaustive.Analyzer, pkgs)
	for _, c := range []struct {
		name               string
		ds                 []diag
		wantAlias, atLeast int
	}{
		{"schemaexhaustive", ours, len(aliased), 1},
		{"exhaustive", plain, len(aliased), 1},
		{"exhaustive -typeonly", typeonly, 0, 1},
	} {
		alias, direct := count(c.ds)
		if alias != c.wantAlias || direct < c.atLeast {
			t.Errorf("%s reports %d of the aliased lines (want %d) and %d switches on fleet.Pose written directly (want at least %d)",
				c.name, alias, c.wantAlias, direct, c.atLeast)
		}
		t.Logf("%s: %d aliased lines reported, %d direct switches", c.name, alias, direct)
	}
}
