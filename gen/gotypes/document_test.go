package gotypes_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/gotypes"
	"github.com/schemagen/schemagen/gen/model"
)

// TestDocumentOrNull: a package whose value is null beside a type of its
// own (an enum, a choice of kinds, a tuple) is carried, the type named
// apart (PValue) from the document (P); where a definition has that name
// already, it is refused at its value, not emitted as Go that declares a
// type twice (as winget-pkgs' singleton manifest through cue import once
// was).
func TestDocumentOrNull(t *testing.T) {
	for _, tc := range []struct{ value, want string }{
		{`null | "a" | "b"`, ""},
		{`null | string | {a?: string, ...}`, ""},
		{`null | string | [...string]`, ""},
		{`null | [string, int]`, ""},
		{`null | string`, ""},
		{"null | string | close({a?: string})\n\n// PValue is taken.\n#PValue: int", "package p is a choice of JSON kinds or null"},
	} {
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, "cue.mod"), 0o755)
		os.MkdirAll(filepath.Join(dir, "schema", "p"), 0o755)
		os.WriteFile(filepath.Join(dir, "cue.mod", "module.cue"), []byte("module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "schema", "p", "a.cue"), []byte("package p\n\n"+tc.value+"\n"), 0o644)
		s, err := model.Load(dir)
		if err != nil {
			t.Errorf("%s: load: %v", tc.value, err)
			continue
		}
		_, err = gotypes.Generate(s)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v; want it carried", tc.value, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "schema/p/a.cue:3:")):
			t.Errorf("%s: error %v; want %q at schema/p/a.cue:3", tc.value, err, tc.want)
		}
	}
}
