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
		files, ok := emitField(t, tc.field, decls, tc.want)
		if !ok {
			continue
		}
		// The Go is what it is without the attribute.
		plain := strings.TrimSpace(tc.field[:strings.Index(tc.field, "@go")])
		want, err := emit(t, t.TempDir(), plain+"\n}\n"+decls)
		if err != nil {
			t.Fatalf("%s: %v", plain, err)
		}
		if diff := cmp.Diff(want, files); diff != "" {
			t.Errorf("%s: the Go differs from the field's without the attribute (-without +with):\n%s", tc.field, diff)
		}
	}
}

// emitField emits the Go of #F: {field} beside decls, and reports whether
// it was carried and want is "", with the files; where want is not "", it
// holds the error to say want at the field's attribute.
func emitField(t *testing.T, field, decls, want string) (map[string]string, bool) {
	t.Helper()
	files, err := emit(t, t.TempDir(), field+"\n}\n"+decls)
	at := "schema/p/a.cue:4:" + strconv.Itoa(strings.Index(field, "@go")+2) + ": "
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: %v; want it carried", field, err)
	case want == "":
		return files, true
	case err == nil || !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), want):
		t.Errorf("%s: error %v; want %q at %s", field, err, want, at)
	}
	return nil, false
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

// TestZeroAbsent: an optional field whose @go(…,type=T) is its Go type
// without the pointer (Simple Streams' path?: #RelativePath
// @go(,type=RelativePath)), or whose @go says optional=zero, is the value
// itself where the schema refuses its zero value in the field, which
// then stands for absent; where the schema admits the zero, absent and
// zero would read the same, and the attribute is refused at its position
// saying so. Both were refused until 2026-12-06.
func TestZeroAbsent(t *testing.T) {
	const decls = `
// RelativePath is a path.
#RelativePath: string & !="" & !~"^/"

// Name is any name.
#Name: string

// Mode is a mode.
#Mode: "a" | "b"

// Blank is a mode that may be empty.
#Blank: "" | "x"

// Contact is a person.
#Contact: {
	name?: string
}
`
	for _, tc := range []struct{ field, goField, want string }{
		{`path?: #RelativePath @go(,type=RelativePath)`, "Path string `json:\"path,omitempty\"`", ""},
		{`path?: #RelativePath @go(,optional=zero)`, "Path string `json:\"path,omitempty\"`", ""},
		{`path?: #RelativePath @go(Where,type=string)`, "Where string `json:\"path,omitempty\"`", ""},
		{`word?: string & =~"^[a-z]+$" @go(,optional=zero)`, "Word string", ""},
		{`word?: string & !="" @go(,type=string)`, "Word string", ""},
		{`day?: *"x" | =~"^." @go(,optional=zero)`, "Day string", ""},
		{`mode?: #Mode @go(,type=Mode)`, "Mode Mode `json:\"mode,omitempty\"`", ""},
		{`n?: int & >=1 @go(,type=int64)`, "N int64 `json:\"n,omitempty\"`", ""},
		{`n?: int & <0 @go(,optional=zero)`, "N int64", ""},
		{`n?: int & !=0 @go(,optional=zero)`, "N int64", ""},
		{`r?: number & >0 @go(,type=float64)`, "R float64", ""},
		{`r?: >0 & <1 | >2 @go(,optional=zero)`, "R float64", ""},
		{`tags?: [...string] @go(,optional=zero)`, "Tags []string `json:\"tags,omitzero\"`", ""},
		{`word?: string & !="" @go(,type=*string,optional=zero)`, "Word *string", ""},
		{`name?: string @go(,type=string)`, "", `@go(…,type=string) is not carried: it asks for a Go field of type string, not *string, and its zero value "" would stand for absent, and the schema admits "" in the field`},
		{`name?: #Name @go(,type=Name)`, "", `it asks for a Go field of type string, not *string`},
		{`name?: string & !~"^/" @go(,optional=zero)`, "", `@go(…,optional=zero) is not carried: it asks for a Go field of type string, not *string`},
		{`n?: int & >=0 @go(,optional=zero)`, "", `its zero value 0 would stand for absent, and the schema admits 0 in the field`},
		{`blank?: #Blank @go(,type=Blank)`, "", `not *Blank`},
		{`on?: bool & true @go(,type=bool)`, "", `the zero value of bool is a value of the field's type`},
		{`contact?: #Contact @go(,optional=zero)`, "", `the zero value of Contact is a value of the field's type`},
	} {
		files, ok := emitField(t, tc.field, decls, tc.want)
		if got := files["go/p/a.go"]; ok && !strings.Contains(strings.Join(strings.Fields(got), " "), tc.goField) {
			t.Errorf("%s: the Go has no field %q:\n%s", tc.field, tc.goField, got)
		}
	}
}
