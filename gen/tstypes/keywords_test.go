package tstypes_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/tstypes"
)

// TestRenamesTakenNames: a definition named like a word TypeScript
// reserves (default, as codecov's #default; class, let, await, any), a
// contextual keyword tsc reads as an operator where a type is used
// (readonly, keyof, as), a name of the module's support (ParseError, At)
// or a global the module uses (Record, Map, RegExp, Int, whose parse
// function is parseInt) was refused, or, for the last two, generated a
// module tsc refused. It is its name and _ now, at every use: its type,
// its functions, a field of it.
func TestRenamesTakenNames(t *testing.T) {
	for _, w := range []string{"default", "class", "delete", "enum", "function", "interface", "let", "static", "await", "yield", "any", "string",
		"readonly", "keyof", "unique", "infer", "intrinsic", "as",
		"Problem", "ProblemRule", "ParseError", "At", "Record", "Readonly", "Map", "RegExp", "Int"} {
		dir := t.TempDir()
		write := func(name, data string) {
			p := filepath.Join(dir, name)
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(data), 0o644)
		}
		write("cue.mod/module.cue", "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n")
		write("schema/w/a.cue", "package w\n\n// A type.\n#"+w+": {\n\t// A name.\n\tn!: string\n}\n\n// B uses it.\n#B: {\n\t// The use.\n\tf!: #"+w+"\n}\n")
		s, err := model.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		files, err := tstypes.Generate(s)
		if err != nil {
			t.Errorf("%s: Generate = %v", w, err)
			continue
		}
		out := string(files[0].Data)
		n := w + "_"
		for _, want := range []string{"export interface " + n + " {", "  f: " + n + ";", "export function parse" + n + "(json: string): " + n + " {", "function _v_" + n + "(", "_v_" + n + "(x, _m(at, \"f\"), out)"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: the module has no %q", w, want)
			}
		}
		if strings.Contains(out, "export interface "+w+" {\n  /** A name. */") {
			t.Errorf("%s: the module still declares %s", w, w)
		}
	}
}

// TestTSName: the rule, and the names it leaves as they are (a global the
// module uses only as a value, Error, JSON; a contextual keyword TypeScript
// reads as a name, type, of; another case, Default).
func TestTSName(t *testing.T) {
	for name, want := range map[string]string{
		"default": "default_", "Record": "Record_", "Int": "Int_", "At": "At_",
		"Default": "Default", "Error": "Error", "JSON": "JSON", "type": "type", "of": "of", "default_": "default_", "Seat": "Seat",
	} {
		if got := model.TSName(name); got != want {
			t.Errorf("TSName(%s) = %s, want %s", name, got, want)
		}
	}
}
