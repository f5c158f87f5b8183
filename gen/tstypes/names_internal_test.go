package tstypes

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/gen/model"
)

// valueOnlyGlobals are the globals the modules use only as values
// (Array.isArray, new Error, JSON.stringify, BigInt(…), NaN): a
// definition's type does not hide a value, and its functions' names begin
// with is, validate, parse, write or match, so a definition may have
// these names.
var valueOnlyGlobals = []string{"Array", "BigInt", "Error", "JSON", "Math", "NaN", "Number", "Object", "String"}

// TestTakenNamesCoverModule keeps model.TSTaken whole: every name the
// support declares, every global the support and the emitted code (the
// golden modules) refer to with a capital (a type, or a value a type
// would hide), and every global function a definition's functions could
// be named like (parseInt, of #Int) is either taken, so that a
// definition of that name is renamed, or used only as a value. A module
// that begins to use Set<…> or isNaN fails here until the list says
// which.
func TestTakenNamesCoverModule(t *testing.T) {
	texts := []string{support}
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, af := range ar.Files {
			if strings.HasPrefix(af.Name, "out/ts/") {
				texts = append(texts, string(af.Data))
			}
		}
	}
	noise := regexp.MustCompile("(?s)//[^\\n]*|/\\*.*?\\*/|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*'|`(?:[^`\\\\]|\\\\.)*`")
	declared := regexp.MustCompile(`\b(?:function|const|let|var|class|interface|type)\s+([A-Za-z_$][\w$]*)`)
	generics := regexp.MustCompile(`\bfunction\s+[\w$]+<([\w$,\s]+)>`)
	ident := regexp.MustCompile(`(^|[^.\w$])([A-Za-z$][\w$]*)`)
	funcPrefix := regexp.MustCompile(`^(?:is|validate|parse|write|match)([A-Z][\w$]*)$`)
	topLevel := regexp.MustCompile(`(?m)^(?:export\s+)?(?:function|const|let|var|class|interface|type)\s+([A-Za-z_$][\w$]*)`)
	supportDecls := map[string]bool{}
	for _, m := range topLevel.FindAllStringSubmatch(noise.ReplaceAllString(support, " "), -1) {
		supportDecls[m[1]] = true
	}
	for name := range supportDecls {
		if !strings.HasPrefix(name, "_") && !model.TSTaken(name) {
			t.Errorf("the support declares %s, which a definition may be named: add it to model.TSTaken", name)
		}
	}
	for _, text := range texts {
		code := noise.ReplaceAllString(text, " ")
		// Regular expression literals: /…/u after ( , = ! or return.
		code = regexp.MustCompile(`([(,=!]|return)\s*/(?:[^/\\\n]|\\.)+/[a-z]*`).ReplaceAllString(code, "$1 RE")
		own := map[string]bool{}
		for _, m := range declared.FindAllStringSubmatch(code, -1) {
			own[m[1]] = true
		}
		for _, m := range generics.FindAllStringSubmatch(code, -1) { // function _parse<T>(
			for _, p := range strings.Split(m[1], ",") {
				own[strings.TrimSpace(p)] = true
			}
		}
		for _, m := range ident.FindAllStringSubmatch(code, -1) {
			name := m[2]
			if own[name] || supportDecls[name] || name == "RE" {
				continue
			}
			if f := funcPrefix.FindStringSubmatch(name); f != nil && !model.TSTaken(f[1]) {
				t.Errorf("the module calls the global %s, which #%s's functions would hide: add %s to model.TSTaken", name, f[1], f[1])
			}
			if name[0] >= 'A' && name[0] <= 'Z' && !model.TSTaken(name) && !slices.Contains(valueOnlyGlobals, name) {
				t.Errorf("the module refers to the global %s: add it to model.TSTaken if a definition's type of its name would hide it, or to valueOnlyGlobals", name)
			}
		}
	}
}
