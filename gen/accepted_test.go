package gen_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/model"
)

// module writes a module with one wire package w holding src.
func module(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string]string{
		"cue.mod/module.cue": "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n",
		"schema/w/a.cue":     "package w\n\n" + src,
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// outputSize is the bytes of every file generate writes for src.
func outputSize(t *testing.T, src string) int {
	t.Helper()
	res, err := gen.Generate(module(t, src), gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range res.Files {
		n += len(f.Data)
	}
	return n
}

func nestedMaps(depth int) string {
	ty := "int & >=0 & <=5"
	for range depth {
		ty = "{[string]: " + ty + "}"
	}
	return "// A holds maps.\n#A: {\n\t// M nests.\n\tm!: " + ty + "\n}\n"
}

func nestedLists(depth int) string {
	ty := "string"
	for range depth {
		ty = "[..." + ty + "]"
	}
	return "// A holds lists.\n#A: {\n\t// M nests.\n\tm!: " + ty + "\n}\n"
}

func chain(n int) string {
	var b strings.Builder
	for i := range n {
		next := "string"
		if i+1 < n {
			next = fmt.Sprintf("#A%d", i+1)
		}
		fmt.Fprintf(&b, "// A%d is a link.\n#A%d: {\n\t// N is the next.\n\tn?: %s\n}\n\n", i, i, next)
	}
	return b.String()
}

// TestOutputLinearInDepth: nested maps made the generated Go grow about
// four times per level (the validation walked each level twice, and each
// walk held the next level's two); doubling the depth now at most a
// little more than doubles the output.
func TestOutputLinearInDepth(t *testing.T) {
	for _, c := range []struct {
		name string
		src  func(int) string
	}{{"maps", nestedMaps}, {"lists", nestedLists}} {
		small, large := outputSize(t, c.src(6)), outputSize(t, c.src(12))
		if float64(large) > 2.5*float64(small) {
			t.Errorf("%s: %d bytes at depth 6, %d at depth 12: not linear", c.name, small, large)
		}
	}
}

// TestChainBesideOtherRefusals: a chain of definitions beyond the bound
// is refused in the same run as the package's other refusals. It was
// asked of a package without any other, so it came in a second run, once
// those were fixed (issue 21). The chain through the definition the
// model refuses (#Z) is cut there, so it is not refused twice, nor
// refused where the whole package would not be.
func TestChainBesideOtherRefusals(t *testing.T) {
	src := chain(70) + "// B has an optional y.\n#B: {\n\t// Y is optional.\n\ty?: int\n}\n\n// Z refers to it.\n#Z: {\n\t// X is refused.\n\tx?: #B.y\n}\n"
	_, err := model.Load(module(t, src))
	var l model.ErrorList
	if !errors.As(err, &l) {
		t.Fatalf("Load = %v, want the schema's errors", err)
	}
	want := []string{
		"schema/w/a.cue:4:1: #A0 begins a chain of 70 definitions",
		"schema/w/a.cue:432:9: #Z.x: it refers to y, an optional field of a definition",
	}
	if len(l) != len(want) {
		t.Fatalf("Load: %d errors:\n%v\nwant %d", len(l), err, len(want))
	}
	for i, e := range l {
		if !strings.HasPrefix(e.Error(), want[i]) {
			t.Errorf("error %d: %s\nwant %s…", i, e, want[i])
		}
	}
}

// TestDepthBounds: lists nested 50 deep crashed the Go compiler, and a
// chain of 200 definitions overflowed ajv; both were accepted. Now each
// bound is refused at its position, and the bound itself is accepted.
func TestDepthBounds(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string
		want string // "" for accepted
	}{
		{"lists at the bound", nestedLists(model.MaxNesting), ""},
		{"lists beyond", nestedLists(50), "schema/w/a.cue:6:"},
		{"maps beyond", nestedMaps(model.MaxNesting + 1), "schema/w/a.cue:6:"},
		{"chain at the bound", chain(model.MaxRefDepth), ""},
		{"chain beyond", chain(200), "schema/w/a.cue:4:1: #A0 begins a chain of 200 definitions"},
		// Accepted, then ajv could not resolve the $ref to café.schema.json.
		{"non-ASCII name", "// Café is a place.\n#Café: {\n\t// N is a name.\n\tn!: string\n}\n", "schema/w/a.cue:4:1: #Café: an object or union's name is ASCII"},
		{"non-ASCII enum name", "// 種類 is a kind.\n#種類:\n\t// Fast.\n\t\"速い\" |\n\t// Slow.\n\t\"slow\"\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := model.Load(module(t, c.src))
			switch {
			case c.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
				t.Errorf("Load = %v, want an error at %s", err, c.want)
			}
		})
	}
}
