package gocheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/gotypes"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

// TestTheProjectsGoPasses: the Go generated from this repository's schema
// is clean, the imported packages' names notwithstanding.
func TestTheProjectsGoPasses(t *testing.T) {
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := gotypes.Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := Check("generated", files); err != nil {
		t.Fatal(err)
	}
}

// TestCheckRefuses: each local mistake a colliding name would make is
// found, at its generated/ position.
func TestCheckRefuses(t *testing.T) {
	const head = "package w\n\nimport \"github.com/schemagen/schemagen/wire\"\n\n"
	for _, tc := range []struct {
		name, src, want string
	}{
		{"a type declared twice", head + "type EnumError struct{}\n\ntype EnumError string\n\nvar _ wire.Enum\n", "generated/go/w/a.go:7:6: EnumError redeclared"},
		{"a field and a method", head + "type T struct{ Validate int }\n\nfunc (T) Validate() error { return nil }\n\nvar _ = wire.Root\n", "field and method with the same name Validate"},
		{"an undefined local name", head + "var _ = decode_Nope(nil)\n\nvar _ = wire.Root\n", "undefined: decode_Nope"},
		{"an undefined local type in a signature", head + "func f(Nope) error { return nil }\n\nvar _ = wire.Root\n", "undefined: Nope"},
		{"a mismatched local type", head + "type A string\n\ntype B string\n\nvar a A = B(\"x\")\n\nvar _ = wire.Root\n", "cannot use B"},
		{"not Go", "package w\n\nfunc {\n", "generated/go/w/a.go:3:6: expected 'IDENT'"},
	} {
		err := Check("generated", []output.File{{Path: "go/w/a.go", Data: []byte(tc.src)}})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Check = %v, want it to say %q", tc.name, err, tc.want)
		}
	}
	// A function body is the emitter's template, compiled for real by the
	// tests; it is not checked here (docs/performance.md).
	body := head + "func f() error { return decode_Nope(nil) }\n\nvar _ = wire.Root\n"
	if err := Check("generated", []output.File{{Path: "go/w/a.go", Data: []byte(body)}}); err != nil {
		t.Errorf("Check of a body naming an undeclared helper = %v, want nil (bodies are not checked)", err)
	}
	// What refers into an imported package is not this check's to judge.
	ok := head + "func f(r *wire.Reader) error { return r.Object() }\n\nvar _ = wire.Whatever(1, 2)\n"
	if err := Check("generated", []output.File{{Path: "go/w/a.go", Data: []byte(ok)}}); err != nil {
		t.Errorf("Check of code that refers into wire = %v, want nil", err)
	}
}

// TestBuildTags: files with opposite //go:build lines may declare one name
// (the layout codec's native.go and purego.go); each build is checked on
// its own, so a mistake in either is still found, and named with its tag.
func TestBuildTags(t *testing.T) {
	file := func(name, src string) output.File { return output.File{Path: "go/w/" + name, Data: []byte(src)} }
	native := file("native.go", "//go:build !purego\n\npackage w\n\nvar native = true\n")
	pure := file("purego.go", "//go:build purego\n\npackage w\n\nconst native = false\n")
	use := file("use.go", "package w\n\nfunc f() bool { return native }\n")
	if err := Check("generated", []output.File{native, pure, use}); err != nil {
		t.Errorf("two builds declaring one name each: %v", err)
	}
	broken := file("purego.go", "//go:build purego\n\npackage w\n\nconst native = nope\n")
	if err := Check("generated", []output.File{native, broken, use}); err == nil || !strings.Contains(err.Error(), "undefined: nope (with the purego build tag)") {
		t.Errorf("a mistake in the purego build: %v", err)
	}
	twice := file("twice.go", "package w\n\nvar native = 1\n")
	if err := Check("generated", []output.File{native, pure, use, twice}); err == nil || !strings.Contains(err.Error(), "native redeclared") {
		t.Errorf("a name declared twice in one build: %v", err)
	}
}

// TestBodiesSkipped: the bodies' lines are left out of the parse, yet a
// mistake in a declaration after a body is found at its own line, and a
// body the line rule cannot skip (a raw string holding a line "}") is
// read whole rather than refused.
func TestBodiesSkipped(t *testing.T) {
	const head = "package w\n\n"
	after := head + "func f() int {\n\tx := 1\n\treturn x\n}\n\nvar y Nope\n"
	if err := Check("generated", []output.File{{Path: "go/w/a.go", Data: []byte(after)}}); err == nil || !strings.Contains(err.Error(), "generated/go/w/a.go:8:7: undefined: Nope") {
		t.Errorf("a mistake after a body: Check = %v, want it at 8:7", err)
	}
	raw := head + "func f() string {\n\treturn `\n}\nvar broken = \n`\n}\n\nvar ok = f()\n"
	if err := Check("generated", []output.File{{Path: "go/w/a.go", Data: []byte(raw)}}); err != nil {
		t.Errorf("a raw string holding a line \"}\": Check = %v, want nil", err)
	}
	if got, want := string(withoutBodies([]byte(after))), head+"func f() int {\n\n\n}\n\nvar y Nope\n"; got != want {
		t.Errorf("withoutBodies = %q, want %q", got, want)
	}
}

// TestMethodsTakenOut: the methods whose signatures the schema does not
// decide are checked apart from go/types (withoutMethods, checkMethods),
// and every mistake in them is found as go/types finds it, at the same
// position with the same message: the check with them taken out and
// go/types over the whole of each file agree.
func TestMethodsTakenOut(t *testing.T) {
	const head = "package w\n\nimport \"github.com/schemagen/schemagen/wire\"\n\nvar _ = wire.Root\n\n"
	for _, tc := range []struct {
		name, src string
		want      string // what both say, "" for nothing
		apart     int    // methods taken out
	}{
		{"clean", head + "type T struct{ A int }\n\nfunc (x *T) Validate() error { return nil }\n\nfunc (x T) AppendJSON(b []byte) ([]byte, error) { return b, nil }\n\nfunc (x *T) validate(p *wire.Problems, path *wire.Path) {}\n", "", 3},
		{"a field and a method", head + "type T struct{ Validate int }\n\nfunc (T) Validate() error { return nil }\n", "a.go:9:10: field and method with the same name Validate", 1},
		{"an embedded field and a method", head + "type T struct{ wire.Enum }\n\nfunc (*T) Enum() string { return \"\" }\n", "a.go:9:11: field and method with the same name Enum", 1},
		{"a method declared twice", head + "type T string\n\nfunc (T) String() string { return \"\" }\n\nfunc (T) String() string { return \"\" }\n", "a.go:11:10: method T.String already declared at generated/go/w/a.go:9:10", 2},
		{"a method of a struct beside a field of another", head + "type T struct{ String int }\n\ntype U struct{}\n\nfunc (U) String() string { return \"\" }\n", "", 1},
		{"a blank field", head + "type T struct{ _ int }\n\nfunc (T) M() {}\n", "", 1},
		{"a signature naming a local type stays", head + "type T struct{}\n\nfunc (T) M(x Nope) {}\n", "a.go:9:14: undefined: Nope", 0},
		{"a shadowed predeclared name stays", head + "type T struct{ M int }\n\ntype byte int\n\nfunc (T) M() []byte { return nil }\n", "a.go:11:10: field and method with the same name M", 0},
		{"an undeclared receiver stays", head + "func (Nope) M() {}\n", "a.go:7:7: undefined: Nope", 0},
		{"a receiver of a defined named type stays", head + "type T struct{ M int }\n\ntype U T\n\nfunc (U) M() {}\n", "a.go:11:10: field and method with the same name M", 0},
		{"an alias stays", head + "type T = struct{ M int }\n\nfunc (T) M() {}\n", "a.go:9:7: invalid receiver type T", 0},
		{"a method value in a variable stays", head + "type T struct{}\n\nfunc (T) M() {}\n\nvar f = T.M\n", "", 0},
		{"a value given to an interface: without M it does not implement I, and the check again with every method passes", head + "type I interface{ M() }\n\ntype T struct{}\n\nfunc (T) M() {}\n\nvar i I = T{}\n", "", 1},
		{"a value given to an interface wanting another method", head + "type I interface{ N() }\n\ntype T struct{}\n\nfunc (T) M() {}\n\nvar i I = T{}\n", "a.go:13:11: cannot use T{} (value of struct type T) as I value in variable declaration: T does not implement I (missing method N)", 1},
		{"an array of a stated length stays", head + "type T struct{}\n\nfunc (T) M(b [N]byte) {}\n", "a.go:9:15: undefined array length N", 0},
	} {
		src := []byte(tc.src)
		full := checkWhole(t, src)
		got, err := "", Check("generated", []output.File{{Path: "go/w/a.go", Data: src}})
		if err != nil {
			got = err.Error()
		}
		if (tc.want == "") != (full == "") || !strings.Contains(full, tc.want) {
			t.Errorf("%s: go/types over the whole file says %q, want %q", tc.name, full, tc.want)
		}
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: Check = %q, want %q", tc.name, got, tc.want)
		}
		if n := leftOut(t, src); n != tc.apart {
			t.Errorf("%s: %d methods taken out, want %d", tc.name, n, tc.apart)
		}
	}
}

// TestMethodsTakenOutPerBuild: a method taken out is checked in each build
// of the package, against the declarations of that build.
func TestMethodsTakenOutPerBuild(t *testing.T) {
	file := func(name, src string) output.File { return output.File{Path: "go/w/" + name, Data: []byte(src)} }
	pure := file("purego.go", "//go:build purego\n\npackage w\n\ntype T struct{}\n")
	use := file("use.go", "package w\n\nfunc (T) M() {}\n")
	err := Check("generated", []output.File{pure, use})
	if err == nil || !strings.Contains(err.Error(), "generated/go/w/use.go:3:7: undefined: T") || strings.Contains(err.Error(), "purego build tag") {
		t.Errorf("a method of a type only the purego build declares: %v", err)
	}
}

// checkWhole is go/types over all of src's declarations, every method
// kept, as the check was before withoutMethods: the reference
// TestMethodsTakenOut compares with.
func checkWhole(t *testing.T, src []byte) string {
	t.Helper()
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, "generated/go/w/a.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(checkFiles("go/w", fset, []*ast.File{af}), "\n")
}

// leftOut is how many of src's methods stay out of go/types' check.
func leftOut(t *testing.T, src []byte) int {
	t.Helper()
	text, ms := withoutMethods(src, 0)
	af, err := parser.ParseFile(token.NewFileSet(), "a.go", text, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	if keptMethods([]*ast.File{af}, ms)[0] {
		return 0
	}
	return len(ms)
}

// TestSignature: the method lines withoutMethods leaves out, and the names
// each one's types use (what keptMethods then judges); any other line
// stays for go/types.
func TestSignature(t *testing.T) {
	for _, tc := range []struct {
		line       string
		recv, name string
		names      string // space-separated
		open, ok   bool
	}{
		{"func (x *Obj) UnmarshalJSON(data []byte) error {", "Obj", "UnmarshalJSON", "byte error", true, true},
		{"func (x Obj) AppendJSON(b []byte) ([]byte, error) {", "Obj", "AppendJSON", "byte byte error", true, true},
		{"func (x *Obj) validate(p *wire.Problems, path *wire.Path) {", "Obj", "validate", "wire wire", true, true},
		{"func (Kind) String() string { return \"}\" }", "Kind", "String", "string", false, true},
		{"func (*T) M() {}", "T", "M", "", false, true},
		{"func (x T) M(a, b int, c []string) (n int, err error) {", "T", "M", "int string int error", true, true},
		{"func (x T) M(a, b) {", "T", "M", "a b", true, true},  // types a and b: keptMethods judges them
		{"func (x T) M(a int, b) {", "", "", "", false, false}, // not Go
		{"func (x T) M(a ...int) {", "", "", "", false, false},
		{"func (x T) M(a [4]byte) {", "", "", "", false, false},
		{"func (x T) M(f func()) {", "", "", "", false, false},
		{"func (x T) M(m map[string]int) {", "", "", "", false, false},
		{"func (x T) M() struct{} {", "", "", "", false, false},
		{"func (x *T[K]) M() {", "", "", "", false, false},
		{"func (x T) M[K any]() {", "", "", "", false, false},
		{"func f(x T) {", "", "", "", false, false},
		{"func (x T) M() { x := 1", "", "", "", false, false},
		{"func (x T) M() (int,", "", "", "", false, false},
		{"func (x T) Mé() {", "", "", "", false, false},
	} {
		m, open, ok := signature([]byte(tc.line))
		if ok != tc.ok || !ok {
			if ok != tc.ok {
				t.Errorf("signature(%q) ok = %v, want %v", tc.line, ok, tc.ok)
			}
			continue
		}
		if m.recv != tc.recv || m.name != tc.name || strings.Join(m.names, " ") != tc.names || open != tc.open {
			t.Errorf("signature(%q) = %s.%s %q open %v, want %s.%s %q open %v", tc.line, m.recv, m.name, m.names, open, tc.recv, tc.name, tc.names, tc.open)
		}
	}
}
