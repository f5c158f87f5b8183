package gotypes_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/gotypes"
	"github.com/schemagen/schemagen/gen/model"
)

// TestTypeAttrs: a field's @go(…,type=T), as gengotypes reads it, is held
// to the Go type the emitter gives the field: a T that is that type
// (reading a named scalar's or an alias's Go name as the type it stands
// for, as OpenSSF's Security Insights schema writes @go(,type=*URL) on
// evidence?: #URL) is carried, and the Go is what it would be without the
// attribute; any other T is refused at the attribute, saying the field's
// Go type. Every such T was refused, which refused that whole schema; a
// T of another package's name in gengotypes' spelling,
// "import/path".Name, was refused until 2026-12-06.
func TestTypeAttrs(t *testing.T) {
	const decls = `
// URL is a link.
#URL: =~"^https?://"

// Link is another name for URL.
#Link: #URL

// Contact is a person.
#Contact: {
	name?: string
}

// Mode is a mode.
#Mode: "a" | "b"
`
	for _, tc := range []struct{ field, want string }{
		{`name?: string @go(Name,type=*string)`, ""},
		{`evidence?: #URL @go(Evidence,type=*URL)`, ""},
		{`home?: #Link @go(,type=*Link)`, ""},
		{`site?: #URL @go(,type=*(URL))`, ""},
		// gengotypes' "import/path".Name (Simple Streams' profiles):
		// the package's CUE import path names its declarations.
		{`page?: #URL @go(,type=*"example.com/t/schema/p".URL)`, ""},
		{`ref?: #URL @go(,type=*"example.com/other".URL)`, "the Go type of the field is *string,"},
		{`contact?: #Contact @go(,type=*Contact)`, ""},
		{`mode: #Mode @go(,type=Mode)`, ""},
		{`tags?: [...string] @go(,type=[]string)`, ""},
		{`links?: [...#URL] @go(,type=[] URL)`, ""},
		{`counts?: {[string]: int} @go(,type=map[string]int64)`, ""},
		{`rulesets: ["default"] | [...string] @go(,type=[]string)`, ""},
		{`n: int @go(,type=int)`, "@go(…,type=int) is not carried: the Go type of the field is int64,"},
		{`admins: [#Contact, ...] @go(,type=[]Contact)`, "the Go type of the field is *FAdmins, whose decoder and Validate check exactly the schema's type; a Go type of another shape would hold other values than the schema admits; in CUE, [X, ...] admits any value after its leading items (... alone is ..._): [X, ...X] is a list of X"},
		{`inScope?: [...string] @go(,type=*URL)`, "the Go type of the field is []string,"},
		{`other?: string @go(,type=*Other)`, "the Go type of the field is *string,"},
		{`bad?: string @go(,type=a b)`, "@go(…,type=a b) is not a Go type"},
		{`io?: string @go(,type=io.Reader)`, "the Go type of the field is *string,"},
	} {
		dir := t.TempDir()
		files, err := emit(t, dir, tc.field+"\n}\n"+decls)
		at := "schema/p/a.cue:4:" + strconv.Itoa(strings.Index(tc.field, "@go")+2) + ": "
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v; want it carried", tc.field, err)
		case tc.want == "":
			// The Go is what it is without the attribute.
			plain := strings.TrimSpace(tc.field[:strings.Index(tc.field, "@go")])
			want, err := emit(t, t.TempDir(), plain+"\n}\n"+decls)
			if err != nil {
				t.Fatalf("%s: %v", plain, err)
			}
			if diff := cmp.Diff(want, files); diff != "" {
				t.Errorf("%s: the Go differs from the field's without the attribute (-without +with):\n%s", tc.field, diff)
			}
		case err == nil || !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), tc.want):
			t.Errorf("%s: error %v; want %q at %s", tc.field, err, tc.want, at)
		}
	}
}

// emit writes a module of one package p whose a.cue is "#F: {" and then
// rest from its fourth line, and returns the Go emitted, by path.
func emit(t *testing.T, dir, rest string) (map[string]string, error) {
	t.Helper()
	os.MkdirAll(filepath.Join(dir, "cue.mod"), 0o755)
	os.MkdirAll(filepath.Join(dir, "schema", "p"), 0o755)
	os.WriteFile(filepath.Join(dir, "cue.mod", "module.cue"), []byte("module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "schema", "p", "a.cue"), []byte("package p\n\n#F: {\n\t"+rest), 0o644)
	s, err := model.Load(dir)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	files, err := gotypes.Generate(s)
	if err != nil {
		return nil, err
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.Path] = string(f.Data)
	}
	return got, nil
}
