package jsonschema_test

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	jsv "github.com/santhosh-tekuri/jsonschema/v5"
	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/gen/jsonschema"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
	"github.com/schemagen/schemagen/internal/golden"
)

// moduleFile is the module file of every module the tests write.
var moduleFile = txtar.File{Name: "cue.mod/module.cue", Data: []byte("module: \"example.com/t@v0\"\nlanguage: version: \"v0.17.0\"\n")}

// loadW loads a module of one package, w, whose one file is src.
func loadW(t *testing.T, src string) *model.Schema {
	t.Helper()
	return load(t, []txtar.File{moduleFile, {Name: "schema/w/a.cue", Data: []byte(src)}})
}

// generateW loads the module of loadW and generates its JSON Schemas.
func generateW(t *testing.T, src string) (*model.Schema, []output.File) {
	t.Helper()
	s := loadW(t, src)
	files, err := jsonschema.Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	return s, files
}

// load writes the txtar's input files to a temporary module and loads it.
func load(t *testing.T, files []txtar.File) *model.Schema {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGolden emits JSON Schema for each testdata/*.txtar schema, compares it
// with the archive's out/ files, compiles every file against the draft
// 2020-12 meta-schema, and checks that a second run is byte-identical.
func TestGolden(t *testing.T) {
	golden.RunEmitter(t, jsonschema.Generate, func(t *testing.T, s *model.Schema, got map[string]string) {
		again, err := jsonschema.Generate(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(again) != len(got) {
			t.Errorf("second run wrote %d files, first %d", len(again), len(got))
		}
		for _, f := range again {
			if string(f.Data) != got[f.Path] {
				t.Errorf("second run differs at %s", f.Path)
			}
		}
		bundles := map[string]bool{}
		for _, names := range jsonschema.BundleNames(s) {
			bundles["jsonschema/"+names[0]], bundles["jsonschema/"+names[1]] = true, true
		}
		compileAll(t, got, bundles)
	})
}

// compileAll compiles every emitted file, as a validator loads them: each
// bundle alone (one file, one compile), and each file of a set with its
// siblings registered under their $ids. Nothing may be fetched from
// elsewhere. bundles are the bundles' paths (jsonschema.BundleNames).
func compileAll(t *testing.T, got map[string]string, bundles map[string]bool) {
	t.Helper()
	ids := map[string]string{} // $id → path
	for p, data := range got {
		var head struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal([]byte(data), &head); err != nil || head.ID == "" {
			t.Fatalf("%s: no $id (%v)", p, err)
		}
		ids[head.ID] = p
	}
	for p, data := range got {
		c := jsv.NewCompiler()
		c.AssertFormat = true
		c.LoadURL = func(u string) (io.ReadCloser, error) {
			return nil, fmt.Errorf("%s refers to %s, which is not in the output", p, u)
		}
		if !bundles[p] {
			for id, q := range ids {
				if q != p && path.Dir(q) == path.Dir(p) {
					if err := c.AddResource(id, strings.NewReader(got[q])); err != nil {
						t.Fatalf("%s: %v", q, err)
					}
				}
			}
		}
		var self string
		for id, q := range ids {
			if q == p {
				self = id
			}
		}
		if err := c.AddResource(self, strings.NewReader(data)); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if _, err := c.Compile(self); err != nil {
			t.Errorf("%s does not compile: %#v", p, err)
		}
	}
}

// TestLinear: the output grows with the schema, not with the square of the
// depth of its references (issue 13: a chain of 1,000 definitions, each
// file embedding every definition it reached, wrote 282 MB).
func TestLinear(t *testing.T) {
	size := func(n int) int {
		var b strings.Builder
		b.WriteString("package w\n\n")
		for i := range n {
			fmt.Fprintf(&b, "// D%d is a link.\n#D%d: {\n\t// A name.\n\tname!: string\n", i, i)
			if i+1 < n {
				fmt.Fprintf(&b, "\t// The next link.\n\tnext?: #D%d\n", i+1)
			}
			b.WriteString("}\n\n")
		}
		s := loadW(t, b.String())
		files, err := jsonschema.Generate(s)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, f := range files {
			total += len(f.Data)
		}
		return total
	}
	// 64 is the longest chain the model accepts (model.MaxRefDepth).
	small, large := size(8), size(64)
	// Linear output is 8x for 8x the definitions; quadratic would be 64x.
	if r := float64(large) / float64(small); r > 9 {
		t.Errorf("64 chained definitions write %d bytes, 8 write %d: %.1fx for 8x the schema, want linear (about 8x)", large, small, r)
	}
}

func TestFileName(t *testing.T) {
	for in, want := range map[string]string{
		"Snapshot":    "snapshot.schema.json",
		"LedgerRow":   "ledger-row.schema.json",
		"SeatID":      "seat-id.schema.json",
		"HTTPServer":  "http-server.schema.json",
		"V2Thing":     "v2-thing.schema.json",
		"Snake_case":  "snake-case.schema.json",
		"ReplayEvent": "replay-event.schema.json",
	} {
		if got := jsonschema.FileName(in); got != want {
			t.Errorf("FileName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSuffixedFileNames: a struct in place whose path name another had
// first (#M."a-b" and #M.a_b are both M_AB, the second M_AB_) keeps its
// _ in its file's name, beside the first's: never "m.ab..schema.json".
func TestSuffixedFileNames(t *testing.T) {
	_, files := generateW(t, "package w\n\n// M is one.\n#M: {\n\t// X.\n\t\"a-b\"?: {\n\t\t// X.\n\t\tx?: string\n\t}\n\t// Y.\n\ta_b?: {\n\t\t// Y.\n\t\ty?: string\n\t}\n}\n")
	var got []string
	for _, f := range files {
		if strings.HasPrefix(f.Path, "jsonschema/w/m") {
			got = append(got, f.Path)
		}
	}
	want := []string{"jsonschema/w/m.ab.schema.json", "jsonschema/w/m.ab_.schema.json", "jsonschema/w/m.schema.json"}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
}

// TestKebabCollision: two definitions whose names have one kebab case
// (#AB and #Ab, both ab.schema.json) are both written, the later in the
// source as ab_.schema.json, each titled with its own name, and a $ref
// to either reaches its own file.
func TestKebabCollision(t *testing.T) {
	_, files := generateW(t, "package w\n\n#AB: {\n\tx?: string\n\tother?: #Ab\n}\n\n#Ab: {\n\ty?: int32\n\tother?: #AB\n}\n")
	type head struct {
		Title      string                     `json:"title"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	got := map[string]head{}
	for _, f := range files {
		if dir, name := path.Split(f.Path); dir == "jsonschema/w/" && name != "w.schema.json" {
			var h head
			if err := json.Unmarshal(f.Data, &h); err != nil {
				t.Fatalf("%s: %v", f.Path, err)
			}
			got[name] = h
		}
	}
	for file, want := range map[string]struct{ title, ref string }{
		"ab.schema.json":  {"AB", `"$ref": "ab_.schema.json"`},
		"ab_.schema.json": {"Ab", `"$ref": "ab.schema.json"`},
	} {
		h, ok := got[file]
		if !ok {
			t.Errorf("no %s among %v", file, slices.Collect(maps.Keys(got)))
			continue
		}
		if other := string(h.Properties["other"]); h.Title != want.title || !strings.Contains(other, want.ref) {
			t.Errorf("%s: title %q, other %s; want title %q, %s", file, h.Title, other, want.title, want.ref)
		}
	}
	if len(got) != 2 {
		t.Errorf("files %v, want two", slices.Collect(maps.Keys(got)))
	}
}

// TestGenerateRefuses: what the JSON Schema files cannot say, or where
// they cannot be written, is an error at its position, never a silent
// overwrite or a dropped rule.
func TestGenerateRefuses(t *testing.T) {
	module := moduleFile
	for _, tc := range []struct {
		name  string
		files []txtar.File
		want  string
	}{{
		// A timestamp already carries the pattern that pins its shape;
		// a second one is refused rather than dropped.
		name:  "pattern beside time",
		files: []txtar.File{{Name: "schema/w/a.cue", Data: []byte("package w\n\nimport \"time\"\n\n// T is a time in 2026.\n#T: =~\"^2026-\" & time.Time()\n")}},
		want:  "schema/w/a.cue:6:1: #T: a pattern beside a time format is not supported in JSON Schema; the format carries its own",
	}, {
		// A package in a folder named strict under another package
		// would write its files where that package writes its strict
		// set: refused at the package before anything is written (it
		// stopped at the write, "two emitters write", where a
		// definition of each had one name).
		name: "strict folder package",
		files: []txtar.File{
			{Name: "schema/a/a.cue", Data: []byte("package a\n\n// X is a's.\n#X: {\n\t// A.\n\ta?: string\n}\n")},
			{Name: "schema/a/strict/s.cue", Data: []byte("package strict\n\n// X is strict's.\n#X: {\n\t// B.\n\tb?: string\n}\n")},
		},
		want: "schema/a/strict/s.cue:1:1: package strict (folder schema/a/strict) would write its JSON Schemas under jsonschema/a/strict/, where package a (folder schema/a) writes its strict set; rename the folder",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, append([]txtar.File{module}, tc.files...))
			_, err := jsonschema.Generate(s)
			if err == nil || err.Error() != tc.want {
				t.Errorf("Generate error = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestStreamHandsEachFileOn: Stream hands each definition's file to add
// as soon as it is rendered, before the package's next one, so that a run
// holds none of them (generate writes each as it comes), and add's error
// stops it at once and is Stream's.
func TestStreamHandsEachFileOn(t *testing.T) {
	s, all := generateW(t, "package w\n\n#A: {a!: string}\n\n#B: {b!: #A}\n\n#C: {c!: #B}\n")
	var got []string
	err := jsonschema.Stream(s, func(fs ...output.File) error {
		for _, f := range fs {
			got = append(got, f.Path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]string, len(all))
	for i, f := range all {
		want[i] = f.Path
	}
	if !slices.Equal(got, want) {
		t.Errorf("Stream handed on %v, Generate returned %v", got, want)
	}
	// 3 definitions, open and strict, and 2 bundles: one file a call.
	calls := 0
	stop := fmt.Errorf("disk full")
	err = jsonschema.Stream(s, func(fs ...output.File) error {
		calls++
		if len(fs) != 1 {
			t.Errorf("call %d handed %d files, want each on its own", calls, len(fs))
		}
		if calls == 2 {
			return stop
		}
		return nil
	})
	if err != stop || calls != 2 {
		t.Errorf("add failing at its second file: Stream returned %v after %d calls, want %v after 2", err, calls, stop)
	}
	if len(all) != 8 {
		t.Errorf("Generate returned %d files, want 8 (3 definitions open and strict, 2 bundles)", len(all))
	}
}
