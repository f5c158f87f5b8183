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
}

// TestRefusesTypeScriptKeywords: a definition TypeScript cannot name is
// refused with its position.
func TestRefusesTypeScriptKeywords(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(data), 0o644)
	}
	write("cue.mod/module.cue", "module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n")
	write("schema/w/a.cue", "package w\n\n// any is a word TypeScript keeps.\n#any: {\n\t// A name.\n\tn!: string\n}\n")
	s, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = tstypes.Generate(s)
	if err == nil || !strings.Contains(err.Error(), `schema/w/a.cue:4:1: #any: "any" cannot name a TypeScript type`) {
		t.Errorf("Generate = %v, want the refusal at 4:1", err)
	}
}
