package tstypes_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/tstypes"
	"github.com/schemagen/schemagen/internal/golden"
)

// TestGolden emits TypeScript for each testdata/*.txtar schema and compares
// it with the archive's out/ files (conformance/ts compiles the project's
// output with tsc --strict and checks the app's programs against it).
func TestGolden(t *testing.T) {
	golden.RunEmitter(t, tstypes.Generate, nil)
}

func TestValuesConst(t *testing.T) {
	for name, want := range map[string]string{
		"Pose": "POSES", "AgentStatus": "AGENT_STATUSES", "EdgeKind": "EDGE_KINDS", "Outcome": "OUTCOMES",
		"Priority": "PRIORITIES", "Day": "DAYS", "Box": "BOXES", "HTTPMethod": "HTTP_METHODS", "Match": "MATCHES",
	} {
		if got := tstypes.ValuesConst(&model.Enum{Name: name}); got != want {
			t.Errorf("ValuesConst(%s) = %s, want %s", name, got, want)
		}
	}
	// Named by its path, and after a type in place that had that name
	// first: the _s stay after the name (docs/schema-language.md, "Names
	// of types in place").
	for name, want := range map[string]string{
		"P_Audit_Level": "P__AUDIT__LEVELS", "W_MaxSize_": "W__MAX_SIZES_", "A_BC__": "A__BCS__",
	} {
		if got := tstypes.ValuesConst(&model.Enum{Name: name, ByPath: true}); got != want {
			t.Errorf("ValuesConst(%s, by its path) = %s, want %s", name, got, want)
		}
	}
}

func loadSchema(t *testing.T, files map[string]string) *model.Schema {
	t.Helper()
	dir := t.TempDir()
	files["cue.mod/module.cue"] = "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n"
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRefusesACollisionWithAFunction: a definition named like another's
// generated function (isSeat beside Seat), or like another's TypeScript
// name (default_ beside default, which is default_ in TypeScript), is
// refused with its position and the other's, not emitted twice.
func TestRefusesACollisionWithAFunction(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"guard", "package w\n\n// Seat is one.\n#Seat: {\n\t// A name.\n\tn!: string\n}\n\n// isSeat is another.\n#isSeat: {\n\t// A name.\n\tn!: string\n}\n",
			"schema/w/a.cue:10:1: #isSeat: its TypeScript name isSeat is already taken by #Seat (schema/w/a.cue:4:1)"},
		{"renamed", "package w\n\n// default is one.\n#default: {\n\t// A name.\n\tn!: string\n}\n\n// default_ is another.\n#default_: {\n\t// A name.\n\tn!: string\n} @go(DefaultToo)\n",
			"schema/w/a.cue:10:1: #default_: its TypeScript name default_ is already taken by #default (schema/w/a.cue:4:1)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tstypes.Generate(loadSchema(t, map[string]string{"schema/w/a.cue": tc.src}))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Generate = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestSupportIsPruned: a module carries the support its definitions use,
// so that it compiles under noUnusedLocals: an enum's guard needs none of
// it, an object's parse function the scanner.
func TestSupportIsPruned(t *testing.T) {
	enums := loadSchema(t, map[string]string{"schema/w/a.cue": "package w\n\n// Color is a color.\n#Color:\n\t// Red.\n\t\"red\" |\n\t// Blue.\n\t\"blue\"\n"})
	files, err := tstypes.Generate(enums)
	if err != nil {
		t.Fatal(err)
	}
	out := string(files[0].Data)
	if !strings.Contains(out, "export function isColor(s: unknown): s is Color") || strings.Contains(out, "function _value") || strings.Contains(out, "function _time") {
		t.Errorf("an enum-only module:\n%s", out)
	}
	objects := loadSchema(t, map[string]string{"schema/w/a.cue": "package w\n\nimport \"time\"\n\n// Thing is a thing.\n#Thing: {\n\t// When.\n\tat!: time.Time()\n}\n"})
	files, err = tstypes.Generate(objects)
	if err != nil {
		t.Fatal(err)
	}
	out = string(files[0].Data)
	for _, want := range []string{"export function parseThing(json: string): Thing", "function _value(", "function _time(", "function _timeW("} {
		if !strings.Contains(out, want) {
			t.Errorf("the module of an object has no %q", want)
		}
	}
	if strings.Contains(out, "function _date(") || strings.Contains(out, "function _cp(") {
		t.Errorf("the module carries support it does not use")
	}
}
