package tstypes_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/tstypes"
)

// TestRefusesContextualKeywords: definitions named readonly, keyof,
// unique, infer, intrinsic or as were accepted, and the .ts file then
// failed tsc wherever a field used them (keyof T is an operator there).
func TestRefusesContextualKeywords(t *testing.T) {
	for _, w := range []string{"readonly", "keyof", "unique", "infer", "intrinsic", "as"} {
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
		_, err = tstypes.Generate(s)
		if err == nil || !strings.Contains(err.Error(), `schema/w/a.cue:4:1: #`+w+`: "`+w+`" cannot name a TypeScript type`) {
			t.Errorf("%s: Generate = %v, want the refusal at 4:1", w, err)
		}
	}
}
