package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// editFile replaces the first from in the scratch module's file with to
// (appends to when from is empty).
func editFile(t *testing.T, dir, file, from, to string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(file))
	b, err := os.ReadFile(p)
	if err != nil && from != "" {
		t.Fatal(err)
	}
	s := string(b)
	if from == "" {
		s += to
	} else if !strings.Contains(s, from) {
		t.Fatalf("%s has no %q", file, from)
	} else {
		s = strings.Replace(s, from, to, 1)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRefusalsArePositioned are schemas found from outside that panicked,
// were refused without a position, or were accepted and gave output that
// did not compile: each is refused with exit 2 at its CUE file:line:col,
// and nothing is written.
func TestRefusalsArePositioned(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(t *testing.T, dir string)
		want string // a regexp the first line of stderr matches
	}{
		{"ledger field retyped (was a nil dereference)", func(t *testing.T, dir string) {
			editFile(t, dir, "schema/deck/deck.cue", `ownership: "uint8[128]"`, `ownership: "uint32"`)
		}, `^schema/deck/deck\.cue:\d+:\d+: `},
		{"list of a validated anything (#X: [...] was unpositioned; it is a list of any JSON now)", func(t *testing.T, dir string) {
			// All of [int, >1] is int & >1, carried; all of an int and a
			// string admits nothing, refused at the item.
			editFile(t, dir, "schema/fleet/scalars.cue", "", "\n// X is a list.\n#X: [...matchN(2, [int, string])]\n")
		}, `^schema/fleet/scalars\.cue:\d+:\d+: #X\[\]: matchN`},
		{"invalid UTF-8 in a wire doc (was replaced with U+FFFD)", func(t *testing.T, dir string) {
			editFile(t, dir, "schema/fleet/enums.cue", "// Package fleet is", "// Package \xff fleet is")
		}, `^schema/fleet/enums\.cue:1:12: invalid UTF-8 \(byte 0xFF\)`},
		{"a pattern ECMA-262 refuses (was accepted, then broke ajv)", func(t *testing.T, dir string) {
			// (\: was the example until it was carried, written :.)
			editFile(t, dir, "schema/fleet/scalars.cue", "", "\n// P is a pattern.\n#P: string & =~\"^a\\\\ab$\"\n")
		}, `^schema/fleet/scalars\.cue:\d+:\d+: #P: pattern "\^a\\\\ab\$": \\a is not an escape`},
		{"output .git", func(t *testing.T, dir string) {
			editFile(t, dir, "schemagen.cue", "", "output: \".git\"\n")
		}, `^schemagen\.cue:\d+:\d+: output ".git": a folder whose name starts with a dot`},
		{"a package folder that is no import path", func(t *testing.T, dir string) {
			if err := os.Rename(filepath.Join(dir, "schema", "fleet"), filepath.Join(dir, "schema", "a b")); err != nil {
				t.Fatal(err)
			}
		}, `^schema/a b/\w+\.cue:\d+:\d+: package fleet is in the folder "a b"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := scratch(t)
			c.edit(t, dir)
			code, _, stderr := schemagen(t, "-C", dir, "generate")
			if code != 2 || !regexp.MustCompile(c.want).MatchString(stderr) {
				t.Errorf("generate: exit %d, stderr:\n%s\nwant exit 2 and %s", code, stderr, c.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "generated")); !os.IsNotExist(err) {
				t.Errorf("generate wrote generated/ (%v)", err)
			}
			if _, err := os.Stat(filepath.Join(dir, ".git")); !os.IsNotExist(err) {
				t.Errorf("generate wrote .git (%v)", err)
			}
		})
	}
}

// TestAcceptedIsUsable are schemas that are accepted and once gave a
// failure instead of output: a layout doc that starts with a non-ASCII
// letter ("go layout emitter: illegal UTF-8", from lowering its first
// byte); a field named with a backtick, which gave Go that did not
// compile (its struct tag) and was then refused, though no target needs
// the tag: its Go field has no json tag and says its name. Each
// generates, its Go file holds what it should, and check agrees.
func TestAcceptedIsUsable(t *testing.T) {
	for _, c := range []struct {
		name, file, from, to string
		goFile, want         string // a regexp the generated Go file matches
	}{
		{"layout doc starting with a non-ASCII letter", "schema/deck/catalog.cue", "// A verb the operator can type.", "// Éa verb the operator can type.",
			"deck/catalog.go", "éa verb the operator can type"},
		{"field named with a backtick", "schema/fleet/scalars.cue", "", "\n// Y is an object.\n#Y: {\n\t// A name.\n\t\"a`b\"!: string\n}\n",
			"fleet/scalars.go", "Its member name, \"a`b\", is one no struct tag carries[^\n]*\n\tAB string\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := scratch(t)
			editFile(t, dir, c.file, c.from, c.to)
			if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
				t.Fatalf("generate: exit %d: %s", code, stderr)
			}
			b, err := os.ReadFile(filepath.Join(dir, "generated", "go", filepath.FromSlash(c.goFile)))
			if err != nil {
				t.Fatal(err)
			}
			if !regexp.MustCompile(c.want).Match(b) {
				t.Errorf("%s does not match %s:\n%s", c.goFile, c.want, b)
			}
			if code, _, stderr := schemagen(t, "-C", dir, "check"); code != 0 {
				t.Errorf("check after generate: exit %d: %s", code, stderr)
			}
		})
	}
}
