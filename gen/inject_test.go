package gen_test

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/escape"
	"github.com/schemagen/schemagen/gen/model"
)

// Text from the schema is data, never code (gen/escape). These tests set
// every doc comment of the project's schema to hostile text, run every
// emitter, and compare each output with the output for a plain doc, token
// by token, comments and string contents left out: a doc that adds,
// removes or moves a single identifier, enumerator, export or Markdown
// block is caught, in whichever file and language it lands.

// hostile are doc texts written to break out of a comment or a string in
// one output language or another.
var hostile = []string{
	"A verb */ CATALOG_CLASS_INJECTED = 42, /* the rest",             // catalog.h enumerator injection
	"Fleet.\u2028export const injected = 42\u2029// and more",        // fleet.ts U+2028 injection
	"*/ int injected(void); /*",                                      // C and TS block comments
	"a\n}\nfunc Injected() {}\nvar _ = `",                            // Go line comments
	"x\r\nexport const injected = 1;\rconst y = 2;",                  // CR and CRLF
	"bidi \u202e reversed \u2066 isolate \u2069 \u202c end",          // trojan source
	"/* nested /* comment",                                           // gcc -Wcomment
	"trailing backslash \\\nint spliced;",                            // C line splice
	"\"quote\" 'apostrophe' `backtick` \\",                           // string delimiters
	"<script>alert(1)</script> | cell | break\n\n# Injected heading", // Markdown
	"\x00\x01\x7f\u0085\ufeff invisible",                             // controls
	"\xff\xfe invalid UTF-8",                                         // refused by the model; never written
	"??/ trigraph ??= end",                                           // C trigraphs
}

var (
	realOnce   sync.Once
	realSchema *model.Schema
	realErr    error
	plainOut   map[string]fileShape
)

// loadReal loads the project's schema once and records the shape of its
// outputs with every doc set to a plain word.
func loadReal(t testing.TB) *model.Schema {
	realOnce.Do(func() {
		realSchema, realErr = model.Load("..")
		if realErr != nil {
			return
		}
		setDocs(realSchema, "Plain")
		out, err := emitShapes(realSchema)
		if err != nil {
			realErr = err
			return
		}
		plainOut = out
	})
	if realErr != nil {
		t.Fatal(realErr)
	}
	return realSchema
}

// setDocs sets every string field named Doc reachable from s to doc.
func setDocs(s *model.Schema, doc string) {
	seen := map[uintptr]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			walk(v.Elem())
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				f := v.Field(i)
				if !v.Type().Field(i).IsExported() {
					continue
				}
				if v.Type().Field(i).Name == "Doc" && f.Kind() == reflect.String && f.CanSet() {
					f.SetString(doc)
					continue
				}
				walk(f)
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Map:
			it := v.MapRange()
			for it.Next() {
				walk(it.Value())
			}
		}
	}
	walk(reflect.ValueOf(s))
}

// fileShape is an output file less its comments and the contents of its
// strings: what a doc comment must never change.
type fileShape []string

func emitShapes(s *model.Schema) (map[string]fileShape, error) {
	res, err := gen.Emit(s, gen.Options{})
	if err != nil {
		return nil, err
	}
	out := map[string]fileShape{}
	for _, f := range res.Files {
		data := string(f.Data)
		if !utf8.ValidString(data) {
			return nil, fmt.Errorf("%s: invalid UTF-8", f.Path)
		}
		for i, r := range data {
			if escape.Bidi(r) || r == '\u2028' || r == '\u2029' || r == '\r' {
				return nil, fmt.Errorf("%s: %U at byte %d", f.Path, r, i)
			}
		}
		var sh fileShape
		switch path.Ext(f.Path) {
		case ".go":
			if _, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Data, parser.ParseComments); err != nil {
				return nil, fmt.Errorf("%s: %v", f.Path, err)
			}
			sh, err = goShape(f.Data)
		case ".c", ".h":
			sh, err = cShape(data)
		case ".ts":
			sh, err = tsShape(data)
		case ".json":
			sh, err = jsonShape(f.Data)
		case ".md":
			sh = mdShape(data)
		default:
			sh = fileShape{data}
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f.Path, err)
		}
		out[f.Path] = sh
	}
	return out, nil
}

func goShape(src []byte) (fileShape, error) {
	var s scanner.Scanner
	var errs []string
	fs := token.NewFileSet()
	s.Init(fs.AddFile("x.go", -1, len(src)), src, func(_ token.Position, msg string) { errs = append(errs, msg) }, 0)
	var sh fileShape
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		switch tok {
		case token.STRING, token.CHAR:
			sh = append(sh, tok.String())
		default:
			sh = append(sh, tok.String()+" "+lit)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", errs[0])
	}
	return sh, nil
}

// cShape tokenizes C as its translation phases 2 and 3 do: line splices
// removed, comments dropped, strings and characters as one token each.
func cShape(src string) (fileShape, error) {
	src = strings.ReplaceAll(src, "\\\n", "")
	var sh fileShape
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return nil, fmt.Errorf("unterminated comment")
			}
			i += j + 4
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			j := i + 1
			for ; j < len(src) && src[j] != c; j++ {
				if src[j] == '\\' {
					j++
				}
				if j < len(src) && src[j] == '\n' {
					return nil, fmt.Errorf("newline in a literal")
				}
			}
			sh = append(sh, string(c))
			i = j + 1
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case isWord(c):
			j := i
			for j < len(src) && isWord(src[j]) {
				j++
			}
			w := src[i:j]
			if strings.HasPrefix(w, "0x") && strings.HasSuffix(w, "ULL") && len(w) == 21 {
				w = "SCHEMA_HASH" // the stamp hashes the files, docs included
			}
			sh = append(sh, w)
			i = j
		default:
			sh = append(sh, string(c))
			i++
		}
	}
	return sh, nil
}

// tsShape tokenizes TypeScript: // comments end at any of JavaScript's
// line terminators, which U+2028 and U+2029 are.
func tsShape(src string) (fileShape, error) {
	var sh fileShape
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return nil, fmt.Errorf("unterminated comment")
			}
			i += j + 4
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' && src[i] != '\r' && !strings.HasPrefix(src[i:], "\u2028") && !strings.HasPrefix(src[i:], "\u2029") {
				i++
			}
		case c == '"' || c == '\'' || c == '`':
			j := i + 1
			for ; j < len(src) && src[j] != c; j++ {
				if src[j] == '\\' {
					j++
				}
			}
			sh = append(sh, string(c))
			i = j + 1
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case isWord(c) || c >= utf8.RuneSelf:
			j := i
			for j < len(src) && (isWord(src[j]) || src[j] >= utf8.RuneSelf) {
				j++
			}
			sh = append(sh, src[i:j])
			i = j
		default:
			sh = append(sh, string(c))
			i++
		}
	}
	return sh, nil
}

func isWord(c byte) bool {
	return c == '_' || c == '$' || (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

// jsonShape is the document with every string value that is a
// description or a comment blanked.
func jsonShape(b []byte) (fileShape, error) {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, err
	}
	var blank func(v any) any
	blank = func(v any) any {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if k == "description" || k == "$comment" || k == "doc" {
					v[k] = ""
				} else {
					v[k] = blank(x)
				}
			}
		case []any:
			for i := range v {
				v[i] = blank(v[i])
			}
		}
		return v
	}
	out, err := json.Marshal(blank(v))
	return fileShape{string(out)}, err
}

// mdShape is the sequence of a Markdown file's block structure: the
// headings, table rows (by their cell count), fences, quotes and lists.
func mdShape(src string) fileShape {
	var sh fileShape
	for _, l := range strings.Split(src, "\n") {
		switch {
		case strings.HasPrefix(l, "#"):
			sh = append(sh, l)
		case strings.HasPrefix(l, "|"):
			sh = append(sh, fmt.Sprintf("row of %d", strings.Count(strings.ReplaceAll(l, `\|`, ""), "|")))
		case strings.HasPrefix(l, "```"), strings.HasPrefix(l, ">"), strings.HasPrefix(l, "- "), strings.HasPrefix(l, "<"):
			sh = append(sh, l[:1])
		}
	}
	return sh
}

// checkDoc sets every doc of the real schema to doc and compares the
// shape of every output with the plain one.
func checkDoc(t *testing.T, doc string) {
	t.Helper()
	s := loadReal(t)
	setDocs(s, doc)
	defer setDocs(s, "Plain")
	got, err := emitShapes(s)
	if err != nil {
		t.Fatalf("doc %q: %v", doc, err)
	}
	for p, want := range plainOut {
		if !slices.Equal(got[p], want) {
			i := 0
			for i < len(want) && i < len(got[p]) && got[p][i] == want[i] {
				i++
			}
			t.Errorf("doc %q changes the code of %s at token %d: got %q, want %q", doc, p, i, got[p][i:min(i+5, len(got[p]))], want[i:min(i+5, len(want))])
		}
	}
	if len(got) != len(plainOut) {
		t.Errorf("doc %q: %d files, want %d", doc, len(got), len(plainOut))
	}
}

// TestHostileDocs: no doc text changes the code of any output.
func TestHostileDocs(t *testing.T) {
	for _, doc := range hostile {
		checkDoc(t, doc)
	}
}

// FuzzDocs: nor does any other.
func FuzzDocs(f *testing.F) {
	for _, doc := range hostile {
		f.Add(doc)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		if strings.TrimSpace(doc) == "" {
			return // an absent doc is allowed to change what is written
		}
		checkDoc(t, doc)
	})
}

// TestInjectionRegressions are the two injections found from outside,
// through the CUE: a catalog class doc that added an enumerator to
// catalog.h (which then compiled with -Werror), and U+2028 in the fleet
// package doc that ended the // comment at the top of fleet.ts and added
// an export. Both must leave the code of every output as it was.
func TestInjectionRegressions(t *testing.T) {
	base := emitModule(t, nil)
	for _, c := range []struct {
		name       string
		file, from string
		to         string
	}{
		{"catalog.h enumerator", "schema/deck/catalog.cue", "// A verb the operator can type.", "// A verb */ CATALOG_CLASS_INJECTED = 42, /* the operator can type."},
		{"fleet.ts export", "schema/fleet/enums.cue", "// Package fleet is the host's fleet wire contract", "// Package fleet is\u2028export const injected = 42\u2029// the host's fleet wire contract"},
		{"bidi in a layout doc", "schema/deck/catalog.cue", "// A verb the operator can type.", "// A verb \u202e the operator can type."},
		{"/* in a catalog doc", "schema/deck/catalog.cue", "// A verb the operator can type.", "// A verb /* the operator can type."},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := emitModule(t, func(dir string) {
				p := filepath.Join(dir, c.file)
				b, err := os.ReadFile(p)
				if err != nil || !strings.Contains(string(b), c.from) {
					t.Fatalf("%s: no %q to replace (%v)", c.file, c.from, err)
				}
				os.WriteFile(p, []byte(strings.Replace(string(b), c.from, c.to, 1)), 0o644)
			})
			for p, want := range base.shapes {
				if !slices.Equal(got.shapes[p], want) {
					t.Errorf("%s: the code changed", p)
				}
			}
			compileC(t, got.dir)
		})
	}
}

type emitted struct {
	dir    string
	shapes map[string]fileShape
}

// emitModule copies the project's module, lets edit change it, and emits
// it into dir/generated.
func emitModule(t *testing.T, edit func(dir string)) emitted {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"cue.mod", "schema"} {
		if err := os.CopyFS(filepath.Join(dir, d), os.DirFS(filepath.Join("..", d))); err != nil {
			t.Fatal(err)
		}
	}
	if edit != nil {
		edit(dir)
	}
	s, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := emitShapes(s)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gen.Emit(s, gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		p := filepath.Join(dir, "generated", filepath.FromSlash(f.Path))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return emitted{dir: dir, shapes: sh}
}

// compileC compiles every generated C file as the firmware team does,
// every warning an error (-Wcomment and -Wbidi-chars among them).
func compileC(t *testing.T, dir string) {
	t.Helper()
	cc, err := exec.LookPath("gcc")
	if err != nil {
		if os.Getenv("SCHEMAGEN_REQUIRE_C") != "" {
			t.Fatal("no gcc")
		}
		t.Skip("no gcc")
	}
	cdir := filepath.Join(dir, "generated", "c")
	srcs, _ := filepath.Glob(filepath.Join(cdir, "*.[ch]"))
	for _, src := range srcs {
		args := []string{"-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only", "-I", cdir}
		if strings.HasSuffix(src, ".h") {
			args = append(args, "-x", "c")
		}
		if out, err := exec.Command(cc, append(args, src)...).CombinedOutput(); err != nil {
			t.Errorf("gcc %s: %v\n%s", filepath.Base(src), err, out)
		}
	}
}
