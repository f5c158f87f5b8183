package schemaexhaustive_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFixKeepsBehaviour is the companion of TestSuggestedFixes: a fix must
// not change what the code does. It builds one program from package fix as
// it is (testdata/src/fix/*.go) and as the fixes leave it (each .go.golden
// instead of its .go; TestSuggestedFixesExact checks that they are exactly
// what the fixes write), calls every function there that takes one schema
// enum or union value with every member, a value that is none (an unknown
// string, a nil row), and requires the same result, or the same panic, from
// both. The one difference allowed is the one the fix exists for: in a
// function with no default clause, a member that no case handled now
// panics with the stub's "unhandled <member>".
func TestFixKeepsBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages and builds a program with go")
	}
	pkg := loadTestdata(t, "fix")[0]
	fleet := pkg.Imports["fleet"].Types

	type call struct {
		fn, expr  string // the function, the call's Go text
		member    string // the member passed, "" for a value that is none
		noDefault bool   // fn has no default clause
	}
	var calls []call
	for _, f := range pkg.Syntax {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil {
				continue
			}
			sig := pkg.TypesInfo.Defs[fd.Name].Type().(*types.Signature)
			if sig.Params().Len() != 1 || sig.Results().Len() > 1 {
				continue
			}
			n, ok := types.Unalias(sig.Params().At(0).Type()).(*types.Named)
			if !ok || n.Obj().Pkg() != fleet {
				continue
			}
			noDefault := true
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if cc, ok := n.(*ast.CaseClause); ok && cc.List == nil {
					noDefault = false
				}
				return true
			})
			args := valuesOf(t, fleet, n)
			for _, a := range args {
				expr := fmt.Sprintf("%s(%s)", fd.Name.Name, a[0])
				calls = append(calls, call{fd.Name.Name, expr, a[1], noDefault})
			}
		}
	}
	if len(calls) < 50 {
		t.Fatalf("only %d calls: the testdata lost its functions?", len(calls))
	}

	// A GOPATH with fleet and b as they are, orig (package fix as it is)
	// and fixed (as the fixes leave it), and a main that runs both.
	gopath := t.TempDir()
	src := filepath.Join("testdata", "src")
	for _, dep := range []string{"fleet", "b"} {
		copyGoFiles(t, filepath.Join(src, dep), filepath.Join(gopath, "src", dep), false)
	}
	copyGoFiles(t, filepath.Join(src, "fix"), filepath.Join(gopath, "src", "orig"), false)
	copyGoFiles(t, filepath.Join(src, "fix"), filepath.Join(gopath, "src", "fixed"), true)
	var run strings.Builder
	run.WriteString("package fix\n\nimport (\n\t\"fleet\"\n\t\"fmt\"\n)\n\nvar _ fleet.Pose\n\n" +
		"// Run calls every function of one schema value with every member.\nfunc Run() {\n" +
		"\ttry := func(call string, f func() any) {\n" +
		"\t\tdefer func() {\n\t\t\tif r := recover(); r != nil {\n\t\t\t\tfmt.Printf(\"%s\\tpanic: %v\\n\", call, r)\n\t\t\t}\n\t\t}()\n" +
		"\t\tfmt.Printf(\"%s\\t%#v\\n\", call, f())\n\t}\n")
	for _, c := range calls {
		sig := pkg.Types.Scope().Lookup(c.fn).Type().(*types.Signature)
		if sig.Results().Len() == 1 {
			fmt.Fprintf(&run, "\ttry(%q, func() any { return %s })\n", c.expr, c.expr)
		} else {
			fmt.Fprintf(&run, "\ttry(%q, func() any { %s; return nil })\n", c.expr, c.expr)
		}
	}
	run.WriteString("}\n")
	for _, dir := range []string{"orig", "fixed"} {
		writeTestFile(t, filepath.Join(gopath, "src", dir, "zz_run.go"), run.String())
	}
	writeTestFile(t, filepath.Join(gopath, "src", "main", "main.go"), "package main\n\nimport (\n\t\"fmt\"\n\tfixed \"fixed\"\n\torig \"orig\"\n)\n\n"+
		"func main() {\n\tfmt.Println(\"== orig\")\n\torig.Run()\n\tfmt.Println(\"== fixed\")\n\tfixed.Run()\n}\n")
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = filepath.Join(gopath, "src", "main")
	cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOWORK=off", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the program does not run: %v\n%s", err, out)
	}

	results := map[string]map[string]string{}
	var side string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if s, ok := strings.CutPrefix(l, "== "); ok {
			side = s
			results[side] = map[string]string{}
			continue
		}
		expr, res, ok := strings.Cut(l, "\t")
		if !ok || side == "" {
			t.Fatalf("unexpected line %q in\n%s", l, out)
		}
		results[side][expr] = res
	}
	stubbed, same := 0, 0
	for _, c := range calls {
		before, after := results["orig"][c.expr], results["fixed"][c.expr]
		switch {
		case before == "" || after == "":
			t.Errorf("%s: no result (before %q, after %q)", c.expr, before, after)
		case before == after:
			same++
		case c.noDefault && c.member != "" &&
			regexp.MustCompile(`^panic: unhandled \*?(\w+\.)?`+regexp.QuoteMeta(c.member)+`$`).MatchString(after):
			stubbed++ // no clause and no default: it did nothing, now it stops
		default:
			t.Errorf("%s: the fix changed the result from %s to %s", c.expr, before, after)
		}
	}
	if stubbed == 0 || same == 0 {
		t.Errorf("%d calls kept their result and %d now reach a stub: want some of each", same, stubbed)
	}
	fns := map[string]bool{}
	for _, c := range calls {
		fns[c.fn] = true
	}
	t.Logf("%d functions, %d calls: %d the same, %d now reach a stub", len(fns), len(calls), same, stubbed)
}

// valuesOf returns the Go text of every member of the enum or union n of
// package fleet (with its name), then of a value that is none (with "").
func valuesOf(t *testing.T, fleet *types.Package, n *types.Named) [][2]string {
	t.Helper()
	var vs [][2]string
	iface, isUnion := n.Underlying().(*types.Interface)
	for _, name := range fleet.Scope().Names() {
		switch o := fleet.Scope().Lookup(name).(type) {
		case *types.Const:
			if !isUnion && types.Identical(o.Type(), n) {
				vs = append(vs, [2]string{"fleet." + name, name})
			}
		case *types.TypeName:
			if _, ok := o.Type().Underlying().(*types.Interface); isUnion && !ok && types.Implements(types.NewPointer(o.Type()), iface) {
				vs = append(vs, [2]string{"&fleet." + name + "{SeatID: \"seat\"}", name})
			}
		}
	}
	if len(vs) == 0 {
		t.Fatalf("%s has no members", n)
	}
	if isUnion {
		return append(vs, [2]string{"nil", ""})
	}
	return append(vs, [2]string{"fleet." + n.Obj().Name() + "(\"unknown\")", ""})
}

// copyGoFiles copies the .go files of from into to; with golden, a file
// that has a .go.golden beside it is copied from that instead.
func copyGoFiles(t *testing.T, from, to string, golden bool) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(from, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files in %s (%v)", from, err)
	}
	slices.Sort(names)
	for _, name := range names {
		if golden {
			if _, err := os.Stat(name + ".golden"); err == nil {
				name += ".golden"
			}
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(to, strings.TrimSuffix(filepath.Base(name), ".golden")), string(b))
	}
}

func writeTestFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
}
