package gocheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/gotypes"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

// methodLine matches a method's first line as gofmt writes it.
var methodLine = regexp.MustCompile(`^func \((\w+ )?\*?(\w+)\) (\w+)\(`)

// FuzzMethodsTakenOut: the Go generated from this repository's schema,
// mutated the ways a schema's names could break it (a method named like a
// field of its type, a method declared twice, a method of no type, a
// package-level value selecting a method, an interface a type is given
// to, a predeclared name shadowed), is judged alike by Check, which
// leaves the template methods out of go/types' check, and by go/types
// over every declaration: the same verdict, and what Check reports is
// what go/types finds.
func FuzzMethodsTakenOut(f *testing.F) {
	s, err := model.Load("../..")
	if err != nil {
		f.Fatal(err)
	}
	base, err := gotypes.Generate(s)
	if err != nil {
		f.Fatal(err)
	}
	base = slices.DeleteFunc(base, func(g output.File) bool { return !strings.HasSuffix(g.Path, ".go") })
	fields := structFields(f, base)
	for seed := range uint64(24) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, seed>>32))
		files := make([]output.File, len(base))
		for i, g := range base {
			files[i] = output.File{Path: g.Path, Data: slices.Clone(g.Data)}
		}
		var did []string
		for range 1 + rng.IntN(3) {
			did = append(did, mutate(rng, files, fields))
		}
		want := checkWholeFiles(t, files)
		in := make([]output.File, len(files))
		copy(in, files)
		got := Check("generated", in)
		if (got == nil) != (len(want) == 0) {
			t.Fatalf("after %q: Check = %v, go/types over every declaration = %q", did, got, want)
		}
		if got == nil {
			return
		}
		// What Check reports is go/types' own finding, as CheckRead
		// words it.
		more := ""
		if len(want) > 10 {
			more = fmt.Sprintf("\n(and %d more)", len(want)-10)
			want = want[:10]
		}
		if w := "the generated Go does not compile:\n" + strings.Join(want, "\n") + more; got.Error() != w {
			t.Errorf("after %q: Check says\n%s\nwant\n%s", did, got, w)
		}
	})
}

// structFields lists the field names of each struct type the files
// declare.
func structFields(tb testing.TB, files []output.File) map[string][]string {
	out := map[string][]string{}
	for _, g := range files {
		af, err := parser.ParseFile(token.NewFileSet(), g.Path, g.Data, parser.SkipObjectResolution)
		if err != nil {
			tb.Fatal(err)
		}
		for _, d := range af.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range gd.Specs {
				ts, ok := sp.(*ast.TypeSpec)
				if !ok {
					continue
				}
				if st, ok := ts.Type.(*ast.StructType); ok {
					for _, fl := range st.Fields.List {
						for _, n := range fieldNames(fl) {
							out[ts.Name.Name] = append(out[ts.Name.Name], n.Name)
						}
					}
				}
			}
		}
	}
	return out
}

// mutate changes one file of files one way, and says how.
func mutate(rng *rand.Rand, files []output.File, fields map[string][]string) string {
	g := &files[rng.IntN(len(files))]
	lines := strings.Split(string(g.Data), "\n")
	var methods []int
	for i, l := range lines {
		if methodLine.MatchString(l) {
			methods = append(methods, i)
		}
	}
	if len(methods) == 0 {
		return "nothing"
	}
	at := methods[rng.IntN(len(methods))]
	m := methodLine.FindStringSubmatch(lines[at])
	recv, name := m[2], m[3]
	end := at
	for end < len(lines) && lines[end] != "}" && !strings.HasSuffix(lines[at], "}") {
		end++
	}
	set := func(ls []string) { g.Data = []byte(strings.Join(ls, "\n")) }
	switch rng.IntN(6) {
	case 0: // a method named like a field of its type
		fs := fields[recv]
		if len(fs) == 0 {
			return "nothing"
		}
		f := fs[rng.IntN(len(fs))]
		lines[at] = strings.Replace(lines[at], ") "+name+"(", ") "+f+"(", 1)
		set(lines)
		return recv + "." + name + " renamed " + f
	case 1: // a method declared twice
		set(append(lines, lines[at:end+1]...))
		return recv + "." + name + " twice"
	case 2: // a method of no type
		lines[at] = strings.Replace(lines[at], recv+") ", "Nope) ", 1)
		set(lines)
		return recv + "." + name + " on Nope"
	case 3: // a package-level value selecting a method
		set(append(lines, "", "var _ = (*"+recv+")."+name))
		return "selects (*" + recv + ")." + name
	case 4: // an interface a type is given to
		set(append(lines, "", "type zzI interface{ "+name+"() }", "", "var _ zzI = (*"+recv+")(nil)"))
		return "(*" + recv + ") as an interface of " + name + "()"
	default: // a predeclared name shadowed
		n := []string{"error", "byte", "string", "bool"}[rng.IntN(4)]
		set(append(lines, "", "type "+n+" struct{}"))
		return "shadows " + n
	}
}

// checkWholeFiles is go/types over every declaration of the package files
// make, one problem a line.
func checkWholeFiles(t *testing.T, files []output.File) []string {
	t.Helper()
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, g := range files {
		af, err := parser.ParseFile(fset, path.Join("generated", g.Path), withoutBodies(g.Data), parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		dropBodies(af)
		parsed = append(parsed, af)
	}
	return checkFiles(path.Dir(files[0].Path), fset, parsed)
}
