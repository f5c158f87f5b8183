package gocheck

import (
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
