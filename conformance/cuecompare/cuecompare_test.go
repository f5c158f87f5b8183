// Package cuecompare_test runs CUE's own JSON Schema generator
// (cuelang.org/go/encoding/jsonschema.Generate) over the same definitions
// that schemagen gives a file, keeps its output beside this test
// (testdata/cue/), and measures both outputs: what each file states, and
// how each set judges every fixture of conformance/fixtures/fleet. The
// measurements are the table in docs/jsonschema.md, which this test keeps
// current (rerun with SCHEMAGEN_UPDATE=1 after a change).
//
// This test, not the emitter, imports cuelang.org/go beyond gen/model.
package cuecompare_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
	cuejsonschema "cuelang.org/go/encoding/jsonschema"
	jsv "github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/schemagen/schemagen/gen/jsonschema"
	"github.com/schemagen/schemagen/gen/model"
)

const (
	root       = "../.."
	oursDir    = "../../generated/jsonschema/fleet"
	cueDir     = "testdata/cue"
	fixtureDir = "../fixtures/fleet"
	docFile    = "../../docs/jsonschema.md"
	beginMark  = "<!-- measured by conformance/cuecompare: begin -->"
	endMark    = "<!-- measured by conformance/cuecompare: end -->"
)

var update = os.Getenv("SCHEMAGEN_UPDATE") != ""

// generator is one way of producing the fleet's schema files.
type generator struct {
	name  string
	files map[string][]byte // by schema name, e.g. "snapshot"
	open  bool              // an unknown property is meant to pass
}

// cueGenerate runs CUE's generator over each root definition, closed (its
// default) and with ExplicitOpen.
func cueGenerate(t *testing.T, roots []string) (closed, open map[string][]byte) {
	t.Helper()
	insts := load.Instances([]string{"./" + model.SchemaDir + "/fleet"}, &load.Config{Dir: root})
	if err := insts[0].Err; err != nil {
		t.Fatal(err)
	}
	ctx := cuecontext.New()
	v := ctx.BuildInstance(insts[0])
	if err := v.Err(); err != nil {
		t.Fatal(err)
	}
	closed, open = map[string][]byte{}, map[string][]byte{}
	for _, def := range roots {
		name := strings.TrimSuffix(jsonschema.FileName(def), jsonschema.Suffix)
		for _, explicitOpen := range []bool{false, true} {
			expr, err := cuejsonschema.Generate(v.LookupPath(cue.ParsePath("#"+def)), &cuejsonschema.GenerateConfig{ExplicitOpen: explicitOpen})
			if err != nil {
				t.Fatalf("CUE Generate #%s: %v", def, err)
			}
			data, err := json.MarshalIndent(ctx.BuildExpr(expr), "", "  ")
			if err != nil {
				t.Fatalf("CUE Generate #%s: %v", def, err)
			}
			data = append(data, '\n')
			if explicitOpen {
				open[name] = data
			} else {
				closed[name] = data
			}
		}
	}
	return closed, open
}

func TestCompareWithCUE(t *testing.T) {
	s, err := model.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	pkg := s.Package("fleet")
	roots := jsonschema.Roots(pkg)
	cueClosed, cueOpen := cueGenerate(t, roots)

	// CUE's closed output is kept, so a reader can see what was measured.
	for name, data := range cueClosed {
		p := filepath.Join(cueDir, name+jsonschema.Suffix)
		if update {
			os.MkdirAll(cueDir, 0o755)
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		} else if have, err := os.ReadFile(p); err != nil || !bytes.Equal(have, data) {
			t.Errorf("%s is not what CUE's Generate writes now; rerun with SCHEMAGEN_UPDATE=1", p)
		}
	}

	read := func(dir string) map[string][]byte {
		m := map[string][]byte{}
		for _, def := range roots {
			name := strings.TrimSuffix(jsonschema.FileName(def), jsonschema.Suffix)
			data, err := os.ReadFile(filepath.Join(dir, name+jsonschema.Suffix))
			if err != nil {
				t.Fatal(err)
			}
			m[name] = data
		}
		return m
	}
	gens := []generator{
		{name: "schemagen open", files: read(oursDir), open: true},
		{name: "schemagen strict", files: read(filepath.Join(oursDir, jsonschema.StrictDir))},
		{name: "CUE Generate", files: cueClosed},
		{name: "CUE Generate, ExplicitOpen", files: cueOpen, open: true},
	}

	table := facts(t, pkg, gens) + "\n" + verdicts(t, gens)
	doc, err := os.ReadFile(docFile)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(doc), beginMark)
	_, after, ok2 := strings.Cut(rest, endMark)
	if !ok1 || !ok2 {
		t.Fatalf("%s has no %q … %q section", docFile, beginMark, endMark)
	}
	want := before + beginMark + "\n" + table + endMark + after
	if update {
		if err := os.WriteFile(docFile, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if want != string(doc) {
		t.Errorf("the measured section of %s is stale; rerun with SCHEMAGEN_UPDATE=1 go test ./conformance/cuecompare. It should read:\n%s", docFile, table)
	}
}

// facts measures what each generator's files state.
func facts(t *testing.T, pkg *model.Package, gens []generator) string {
	t.Helper()
	type row struct {
		fact    string
		measure func(files map[string][]byte) string
	}
	docs := func(files map[string][]byte) []map[string]any {
		var out []map[string]any
		for _, name := range slices.Sorted(maps.Keys(files)) {
			var v map[string]any
			if err := json.Unmarshal(files[name], &v); err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		return out
	}
	count := func(files map[string][]byte, key string) int {
		n := 0
		for _, d := range docs(files) {
			walk(d, func(m map[string]any) {
				if _, ok := m[key]; ok {
					n++
				}
			})
		}
		return n
	}
	// def finds a definition's schema: the root of its file or a $defs entry.
	def := func(files map[string][]byte, name string) map[string]any {
		for _, d := range docs(files) {
			if defs, ok := d["$defs"].(map[string]any); ok {
				if s, ok := defs[name].(map[string]any); ok {
					return s
				}
			}
		}
		if data, ok := files[strings.TrimSuffix(jsonschema.FileName(name), jsonschema.Suffix)]; ok {
			var v map[string]any
			json.Unmarshal(data, &v)
			return v
		}
		return nil
	}
	keywords := func(s map[string]any) string {
		var ks []string
		for k := range s {
			if k != "description" && k != "title" && k != "$schema" && k != "$id" && k != "$comment" && k != "$defs" {
				ks = append(ks, "`"+k+"`")
			}
		}
		slices.Sort(ks)
		if len(ks) == 0 {
			return "none (accepts any value)"
		}
		return strings.Join(ks, " ")
	}
	// stated counts the doc comments (unwrapped) found in a file's strings.
	stated := func(f map[string][]byte, texts []string) string {
		var all strings.Builder
		for _, data := range f {
			collectStrings(data, &all)
		}
		n := 0
		for _, text := range texts {
			if strings.Contains(all.String(), strings.Join(strings.Fields(text), " ")) {
				n++
			}
		}
		return fmt.Sprintf("%d of %d", n, len(texts))
	}
	var defDocs, fieldDocs, memberDocs []string
	for _, sc := range pkg.Scalars {
		defDocs = append(defDocs, sc.Doc)
	}
	for _, e := range pkg.Enums {
		defDocs = append(defDocs, e.Doc)
		for _, m := range e.Members {
			memberDocs = append(memberDocs, m.Doc)
		}
	}
	for _, o := range pkg.Objects {
		defDocs = append(defDocs, o.Doc)
		for _, f := range o.Fields {
			fieldDocs = append(fieldDocs, f.Doc)
		}
	}
	for _, u := range pkg.Unions {
		defDocs = append(defDocs, u.Doc)
	}
	rows := []row{
		{"files with `$id`", func(f map[string][]byte) string { return fmt.Sprintf("%d of %d", count(f, "$id"), len(f)) }},
		{"`title`s", func(f map[string][]byte) string { return fmt.Sprint(count(f, "title")) }},
		{"definition docs stated", func(f map[string][]byte) string { return stated(f, defDocs) }},
		{"field docs stated", func(f map[string][]byte) string { return stated(f, fieldDocs) }},
		{"enum member docs stated", func(f map[string][]byte) string { return stated(f, memberDocs) }},
		{"#LedgerRow combines its variants with", func(f map[string][]byte) string { return keywords(def(f, "LedgerRow")) }},
		{"#Edge keywords", func(f map[string][]byte) string { return keywords(def(f, "Edge")) }},
		{"#Timestamp keywords", func(f map[string][]byte) string { return keywords(def(f, "Timestamp")) }},
		{"#Day keywords", func(f map[string][]byte) string { return keywords(def(f, "Day")) }},
		{"#Count keywords", func(f map[string][]byte) string { return keywords(def(f, "Count")) }},
		{"objects closed by `additionalProperties: false`", func(f map[string][]byte) string {
			return fmt.Sprint(countValue(docs(f), "additionalProperties", false))
		}},
		{"objects closed by `unevaluatedProperties: false`", func(f map[string][]byte) string {
			return fmt.Sprint(countValue(docs(f), "unevaluatedProperties", false))
		}},
	}
	var b strings.Builder
	b.WriteString("| over the " + fmt.Sprint(len(gens[0].files)) + " files |")
	for _, g := range gens {
		b.WriteString(" " + g.name + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(gens)) + "\n")
	for _, r := range rows {
		b.WriteString("| " + r.fact + " |")
		for _, g := range gens {
			b.WriteString(" " + r.measure(g.files) + " |")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// verdicts validates every fixture with each generator's files and lists
// the fixtures where one of them disagrees with expect.json.
func verdicts(t *testing.T, gens []generator) string {
	t.Helper()
	var m struct {
		Invalid map[string]struct {
			StrictOnly bool `json:"strictOnly"`
		} `json:"invalid"`
	}
	data, err := os.ReadFile(filepath.Join(fixtureDir, "expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	type fx struct {
		name string
		inst any
		// what a set should say: open sets pass strictOnly fixtures
		validOpen, validStrict bool
	}
	var all []fx
	for _, kind := range []string{"valid", "invalid"} {
		files, _ := filepath.Glob(filepath.Join(fixtureDir, kind, "*", "*.json"))
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.UseNumber()
			var inst any
			if err := dec.Decode(&inst); err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(filepath.Dir(f)) + "/" + strings.TrimSuffix(filepath.Base(f), ".json")
			valid := kind == "valid"
			all = append(all, fx{name: kind + "/" + name, inst: inst, validOpen: valid || m.Invalid[name].StrictOnly, validStrict: valid})
		}
	}
	slices.SortFunc(all, func(a, b fx) int { return strings.Compare(a.name, b.name) })

	compiled := make([]map[string]*jsv.Schema, len(gens))
	for i, g := range gens {
		compiled[i] = map[string]*jsv.Schema{}
		// One compiler holds a generator's whole set, each file under its
		// $id (ours refer to their siblings by name; CUE's stand alone).
		c := jsv.NewCompiler()
		c.AssertFormat = true
		c.LoadURL = func(u string) (io.ReadCloser, error) { return nil, fmt.Errorf("no loading: %s", u) }
		urls := map[string]string{}
		for name, data := range g.files {
			var head struct {
				ID string `json:"$id"`
			}
			json.Unmarshal(data, &head)
			url := head.ID
			if url == "" {
				url = "mem:///" + name + jsonschema.Suffix
			}
			urls[name] = url
			if err := c.AddResource(url, bytes.NewReader(data)); err != nil {
				t.Fatal(err)
			}
		}
		for name := range g.files {
			s, err := c.Compile(urls[name])
			if err != nil {
				t.Fatalf("%s: %s: %v", g.name, name, err)
			}
			compiled[i][name] = s
		}
	}
	right := make([]int, len(gens))
	var rows []string
	for _, f := range all {
		schema := strings.Split(f.name, "/")[1]
		cells := make([]string, len(gens))
		wrong := false
		for i, g := range gens {
			want := f.validStrict
			if g.open {
				want = f.validOpen
			}
			got := compiled[i][schema].Validate(f.inst) == nil
			cells[i] = verdict(got)
			if got == want {
				right[i]++
			} else {
				cells[i] = "**" + cells[i] + "**"
				wrong = true
			}
		}
		if wrong {
			rows = append(rows, "| "+f.name+" | "+expected(f.validOpen, f.validStrict)+" | "+strings.Join(cells, " | ")+" |")
		}
	}
	var b strings.Builder
	b.WriteString("| fixture | expected (open / strict) |")
	for _, g := range gens {
		b.WriteString(" " + g.name + " |")
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(gens)) + "\n")
	b.WriteString(fmt.Sprintf("| all %d fixtures: judged as expected | |", len(all)))
	for _, n := range right {
		b.WriteString(fmt.Sprintf(" %d |", n))
	}
	b.WriteByte('\n')
	for _, r := range rows {
		b.WriteString(r + "\n")
	}
	return b.String()
}

func verdict(valid bool) string {
	if valid {
		return "accepts"
	}
	return "refuses"
}

func expected(open, strict bool) string {
	if open == strict {
		return verdict(open)
	}
	return verdict(open) + " / " + verdict(strict)
}

// walk calls f on every JSON object in v.
func walk(v any, f func(map[string]any)) {
	switch v := v.(type) {
	case map[string]any:
		f(v)
		for _, x := range v {
			walk(x, f)
		}
	case []any:
		for _, x := range v {
			walk(x, f)
		}
	}
}

func countValue(docs []map[string]any, key string, value any) int {
	n := 0
	for _, d := range docs {
		walk(d, func(m map[string]any) {
			if v, ok := m[key]; ok && v == value {
				n++
			}
		})
	}
	return n
}

// collectStrings appends every string of a JSON document to b, unwrapped
// (runs of white space as one space), so a doc comment can be found in a
// description that lists it.
func collectStrings(data []byte, b *strings.Builder) {
	var v any
	json.Unmarshal(data, &v)
	var rec func(any)
	rec = func(v any) {
		switch v := v.(type) {
		case string:
			b.WriteString(strings.Join(strings.Fields(v), " "))
			b.WriteByte('\n')
		case map[string]any:
			for _, x := range v {
				rec(x)
			}
		case []any:
			for _, x := range v {
				rec(x)
			}
		}
	}
	rec(v)
}
