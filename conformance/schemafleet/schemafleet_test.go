// Package schemafleet_test proves generated/jsonschema/fleet against the
// fixtures under conformance/fixtures/fleet with a second, independent
// validator (santhosh-tekuri/jsonschema, the app team uses ajv: see
// conformance/ts), and proves that the Go types of generated/go/fleet
// agree with the schemas on every fixture.
//
// Every valid fixture passes the open and the strict set and decodes and
// validates as its Go type. Every invalid fixture fails both sets (only the
// strict one for an unknown property) for the one rule its entry in
// expect.json names, and the Go types refuse it. The known gaps between the
// Go types and the schemas are listed in expect.json and asserted, so the
// test fails when one is closed.
package schemafleet_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	jsv "github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/schemagen/schemagen/gen/jsonschema"
	"github.com/schemagen/schemagen/generated/go/fleet"
)

const (
	schemaDir  = "../../generated/jsonschema/fleet"
	fixtureDir = "../fixtures/fleet"
)

// goTypes decodes a fixture as the Go type of each schema file, validates
// it, and returns the value.
var goTypes = map[string]func([]byte) (any, error){
	"snapshot":     decode[fleet.Snapshot],
	"seat":         decode[fleet.Seat],
	"stance":       decode[fleet.Stance],
	"run-outcome":  decode[fleet.RunOutcome],
	"edge":         decode[fleet.Edge],
	"tally":        decode[fleet.Tally],
	"census-agent": decode[fleet.CensusAgent],
	"ledger-row": func(b []byte) (any, error) {
		r, err := fleet.UnmarshalLedgerRow(b)
		if err != nil {
			return nil, err
		}
		return r, r.Validate()
	},
	"replay-event": func(b []byte) (any, error) {
		e, err := fleet.UnmarshalReplayEvent(b)
		if err != nil {
			return nil, err
		}
		return e, e.Validate()
	},
}

// idBase starts every $id of this repository's schemas: the default of a
// module without a schemagen.cue, from its CUE module path.
const idBase = "https://github.com/schemagen/schemagen/generated/jsonschema/"

func decode[T any, PT interface {
	*T
	Validate() error
}](b []byte) (any, error) {
	v := PT(new(T))
	if err := json.Unmarshal(b, v); err != nil {
		return nil, err
	}
	return v, v.Validate()
}

// expectation is what one invalid fixture must do; see expect.json.
type expectation struct {
	At         string `json:"at"`
	Keyword    string `json:"keyword"`
	Missing    string `json:"missing"`
	StrictOnly bool   `json:"strictOnly"`
	GoAccepts  string `json:"goAccepts"`
}

type manifest struct {
	Comment   string                 `json:"$comment"`
	Invalid   map[string]expectation `json:"invalid"`
	GoRefuses map[string]string      `json:"goRefuses"`
}

func readManifest(t *testing.T) manifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtureDir, "expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("expect.json: %v", err)
	}
	return m
}

// schemaNames returns the schema files of the open set, without suffix.
func schemaNames(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(schemaDir, "*"+jsonschema.Suffix))
	if err != nil || len(files) == 0 {
		t.Fatalf("no schemas in %s (%v)", schemaDir, err)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), jsonschema.Suffix))
	}
	return names
}

// compile compiles one generated file the way the host's tests load it:
// with the other files of its set registered under their $ids (a file
// refers to its siblings by name), format assertions on and nothing
// fetched from anywhere else.
func compile(t *testing.T, rel string) *jsv.Schema {
	t.Helper()
	dir := path.Dir(rel)
	c := newCompiler(rel)
	files, err := filepath.Glob(filepath.Join(schemaDir, filepath.FromSlash(dir), "*"+jsonschema.Suffix))
	if err != nil || len(files) == 0 {
		t.Fatalf("no schemas beside %s (%v)", rel, err)
	}
	var id string
	for _, f := range files {
		r := path.Join(dir, filepath.Base(f))
		fid := addFile(t, c, filepath.Join(schemaDir, filepath.FromSlash(r)), idBase+"fleet/"+r)
		if r == path.Clean(rel) {
			id = fid
		}
	}
	s, err := c.Compile(id)
	if err != nil {
		t.Fatalf("%s: %#v", rel, err)
	}
	return s
}

// newCompiler is a draft 2020-12 compiler asserting formats that refuses
// to fetch anything: every schema it needs is added.
func newCompiler(what string) *jsv.Compiler {
	c := jsv.NewCompiler()
	c.Draft = jsv.Draft2020
	c.AssertFormat = true
	c.LoadURL = func(u string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("%s refers to %s, which is not a generated file", what, u)
	}
	return c
}

// addFile registers a generated file under its $id, checking that it
// declares the draft and the $id it should.
func addFile(t testing.TB, c *jsv.Compiler, file, wantID string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var head struct {
		Schema string `json:"$schema"`
		ID     string `json:"$id"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if head.Schema != jsonschema.Draft {
		t.Errorf("%s: $schema = %q, want %q", file, head.Schema, jsonschema.Draft)
	}
	if head.ID != wantID {
		t.Errorf("%s: $id = %q, want %q", file, head.ID, wantID)
	}
	if err := c.AddResource(head.ID, bytes.NewReader(data)); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return head.ID
}

// defName is the definition a schema file is the root of, from its title.
func defName(t *testing.T, schema string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(schemaDir, schema+jsonschema.Suffix))
	if err != nil {
		t.Fatal(err)
	}
	var head struct {
		Title string `json:"title"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		t.Fatal(err)
	}
	return head.Title
}

// TestBundleIsOneCompile: each bundle alone compiles, and every file of its
// set is found in it by its $id and judges every fixture as the file does.
func TestBundleIsOneCompile(t *testing.T) {
	for _, strict := range []bool{false, true} {
		name := jsonschema.BundleName("fleet", strict)
		c := newCompiler(name)
		addFile(t, c, filepath.Join(schemaDir, "..", name), idBase+name)
		if _, err := c.Compile(idBase + name); err != nil {
			t.Fatalf("%s: %#v", name, err)
		}
		for _, schema := range schemaNames(t) {
			rel := schema + jsonschema.Suffix
			if strict {
				rel = jsonschema.StrictDir + "/" + rel
			}
			// santhosh-tekuri finds an embedded resource by its place in
			// the bundle; its $id is what the refs inside it resolve to.
			fromBundle, err := c.Compile(idBase + name + "#/$defs/" + defName(t, schema))
			if err != nil {
				t.Fatalf("%s in %s: %#v", rel, name, err)
			}
			fromFiles := compile(t, rel)
			for _, kind := range []string{"valid", "invalid"} {
				for _, fx := range fixtures(t, kind) {
					if fx.schema != schema {
						continue
					}
					inst := instance(t, fx.data)
					if a, b := fromBundle.Validate(inst) == nil, fromFiles.Validate(inst) == nil; a != b {
						t.Errorf("%s: %s from the bundle says valid=%v, the file says %v", fx.name, rel, a, b)
					}
				}
			}
		}
	}
}

// TestSchemasCompile: every emitted file, open and strict, compiles against
// the draft 2020-12 meta-schema with format assertions on, under its $id.
func TestSchemasCompile(t *testing.T) {
	for _, name := range schemaNames(t) {
		compile(t, name+jsonschema.Suffix)
		compile(t, jsonschema.StrictDir+"/"+name+jsonschema.Suffix)
		if goTypes[name] == nil {
			t.Errorf("%s%s has no Go type in goTypes: add it, with fixtures", name, jsonschema.Suffix)
		}
	}
}

// failure is one leaf error of a validator, reduced to what both validators
// say the same way: where in the instance, which keyword, and for required
// the missing property.
type failure struct {
	at, keyword, missing string
}

func (f failure) String() string {
	s := fmt.Sprintf("%s at %q", f.keyword, f.at)
	if f.missing != "" {
		s += " missing " + f.missing
	}
	return s
}

// failures flattens a santhosh ValidationError into its leaves.
func failures(err error) []failure {
	var ve *jsv.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []failure
	var walk func(*jsv.ValidationError)
	walk = func(e *jsv.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		kw := path.Base(e.KeywordLocation)
		if e.Message == "not allowed" && kw != "unevaluatedProperties" && kw != "additionalProperties" {
			kw = "false" // a false schema, e.g. a property a rule forbids
		}
		if kw != "required" {
			out = append(out, failure{at: e.InstanceLocation, keyword: kw})
			return
		}
		// "missing properties: 'a', 'b'"
		_, list, _ := strings.Cut(e.Message, ":")
		for _, p := range strings.Split(list, ",") {
			out = append(out, failure{at: e.InstanceLocation, keyword: kw, missing: strings.Trim(strings.TrimSpace(p), "'")})
		}
	}
	walk(ve)
	return out
}

// instance decodes a fixture as the validator wants it: numbers kept exact.
func instance(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

type fixture struct {
	schema, name, file string // name is schema/base, e.g. edge/spawn
	data               []byte
}

func fixtures(t *testing.T, kind string) []fixture {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(fixtureDir, kind, "*", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []fixture
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		schema := filepath.Base(filepath.Dir(f))
		out = append(out, fixture{
			schema: schema,
			name:   schema + "/" + strings.TrimSuffix(filepath.Base(f), ".json"),
			file:   filepath.ToSlash(f),
			data:   data,
		})
	}
	return out
}

type sets map[string]struct{ open, strict *jsv.Schema }

func compileAll(t *testing.T) sets {
	t.Helper()
	s := sets{}
	for _, name := range schemaNames(t) {
		s[name] = struct{ open, strict *jsv.Schema }{
			compile(t, name+jsonschema.Suffix),
			compile(t, jsonschema.StrictDir+"/"+name+jsonschema.Suffix),
		}
	}
	return s
}

func TestValidFixtures(t *testing.T) {
	m := readManifest(t)
	schemas := compileAll(t)
	seen := map[string]bool{}
	for _, fx := range fixtures(t, "valid") {
		seen[fx.name] = true
		t.Run(fx.name, func(t *testing.T) {
			set, ok := schemas[fx.schema]
			if !ok {
				t.Fatalf("%s: no schema %s%s", fx.file, fx.schema, jsonschema.Suffix)
			}
			inst := instance(t, fx.data)
			if err := set.open.Validate(inst); err != nil {
				t.Errorf("open schema refuses it: %v", failures(err))
			}
			if err := set.strict.Validate(inst); err != nil {
				t.Errorf("strict schema refuses it: %v", failures(err))
			}
			v, err := goTypes[fx.schema](fx.data)
			if why, gap := m.GoRefuses[fx.name]; gap {
				if err == nil {
					t.Errorf("known gap closed: the Go types now accept it; remove it from goRefuses in expect.json (%s)", why)
				} else {
					t.Logf("known gap: schema accepts, Go refuses (%v): %s", err, why)
				}
				return
			}
			if err != nil {
				t.Fatalf("Go types refuse it: %v", err)
			}
			// What Go writes back is what the strict schema accepts.
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("encoding: %v", err)
			}
			if err := set.strict.Validate(instance(t, out)); err != nil {
				t.Errorf("strict schema refuses what Go wrote back (%s): %v", out, failures(err))
			}
		})
	}
	for name := range m.GoRefuses {
		if !seen[name] {
			t.Errorf("expect.json: goRefuses names %s, which is not a valid fixture", name)
		}
	}
}

func TestInvalidFixtures(t *testing.T) {
	m := readManifest(t)
	schemas := compileAll(t)
	seen := map[string]bool{}
	for _, fx := range fixtures(t, "invalid") {
		seen[fx.name] = true
		t.Run(fx.name, func(t *testing.T) {
			want, ok := m.Invalid[fx.name]
			if !ok {
				t.Fatalf("%s has no entry in expect.json: say which rule it breaks", fx.file)
			}
			set, ok := schemas[fx.schema]
			if !ok {
				t.Fatalf("%s: no schema %s%s", fx.file, fx.schema, jsonschema.Suffix)
			}
			inst := instance(t, fx.data)
			wantFailure := failure{at: want.At, keyword: want.Keyword, missing: want.Missing}
			check := func(which string, s *jsv.Schema) {
				err := s.Validate(inst)
				if err == nil {
					t.Errorf("%s schema accepts it; want %v", which, wantFailure)
					return
				}
				got := failures(err)
				if !slices.Contains(got, wantFailure) {
					t.Errorf("%s schema refuses it, but not for its rule: want %v, got %v", which, wantFailure, got)
				}
			}
			if want.StrictOnly {
				if err := set.open.Validate(inst); err != nil {
					t.Errorf("open schema refuses an unknown property: %v", failures(err))
				}
			} else {
				check("open", set.open)
			}
			check("strict", set.strict)

			_, err := goTypes[fx.schema](fx.data)
			switch {
			case want.StrictOnly && err != nil:
				t.Errorf("Go types refuse what the open schema accepts: %v", err)
			case want.StrictOnly:
			case want.GoAccepts != "" && err == nil:
				t.Logf("known gap: schema refuses, Go accepts: %s", want.GoAccepts)
			case want.GoAccepts != "":
				t.Errorf("known gap closed: the Go types now refuse it (%v); remove goAccepts from expect.json", err)
			case err == nil:
				t.Errorf("Go types accept what the schema refuses (%v); fix the Go types or list it as goAccepts in expect.json", wantFailure)
			}
		})
	}
	for name := range m.Invalid {
		if !seen[name] {
			t.Errorf("expect.json names %s, which is not an invalid fixture", name)
		}
	}
}

// TestFixtureCoverage: the fixture set covers what the issue asks for, and
// grows with the schema: every schema file has valid and invalid fixtures,
// and every pose, edge kind, outcome, ledger kind and replay event type
// appears in a valid one.
func TestFixtureCoverage(t *testing.T) {
	valid := map[string][]fixture{}
	for _, fx := range fixtures(t, "valid") {
		valid[fx.schema] = append(valid[fx.schema], fx)
	}
	invalid := map[string]int{}
	total := 0
	for _, fx := range fixtures(t, "invalid") {
		invalid[fx.schema]++
		total++
	}
	for _, name := range schemaNames(t) {
		if len(valid[name]) == 0 || invalid[name] == 0 {
			t.Errorf("%s: %d valid and %d invalid fixtures; want at least one of each", name, len(valid[name]), invalid[name])
		}
	}
	if total < 30 {
		t.Errorf("%d invalid fixtures; want at least 30", total)
	}
	for _, name := range []string{"snapshot/minimal", "snapshot/full"} {
		if _, err := os.Stat(filepath.Join(fixtureDir, "valid", name+".json")); err != nil {
			t.Errorf("missing valid fixture %s", name)
		}
	}

	// field collects the string values of one field over a schema's valid
	// fixtures (and of the edges and stances inside snapshots and seats).
	field := func(schema, name string) map[string]bool {
		got := map[string]bool{}
		for _, fx := range valid[schema] {
			var doc map[string]any
			if err := json.Unmarshal(fx.data, &doc); err != nil {
				t.Fatal(err)
			}
			if s, ok := doc[name].(string); ok {
				got[s] = true
			}
		}
		return got
	}
	wantAll := func(what string, got map[string]bool, want []string) {
		for _, w := range want {
			if !got[w] {
				t.Errorf("no valid fixture with %s %q", what, w)
			}
		}
	}
	strs := func(xs ...[]string) []string { return slices.Concat(xs...) }
	var poses, kinds, outcomes []string
	for _, p := range fleet.PoseValues() {
		poses = append(poses, string(p))
	}
	for _, k := range fleet.EdgeKindValues() {
		kinds = append(kinds, string(k))
	}
	for _, o := range fleet.OutcomeValues() {
		outcomes = append(outcomes, string(o))
	}
	wantAll("stance pose", field("stance", "pose"), poses)
	wantAll("edge kind", field("edge", "kind"), kinds)
	wantAll("outcome", field("run-outcome", "outcome"), outcomes)
	wantAll("ledger row kind", field("ledger-row", "kind"), strs(tags(t, "ledger-row", "kind")))
	wantAll("replay event type", field("replay-event", "type"), strs(tags(t, "replay-event", "type")))
}

// tags returns the discriminator values of a union schema's variants.
func tags(t *testing.T, schema, disc string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(schemaDir, schema+jsonschema.Suffix))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		OneOf []struct {
			Ref string `json:"$ref"`
		} `json:"oneOf"`
		Defs map[string]struct {
			Properties map[string]struct {
				Const string `json:"const"`
			} `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, v := range doc.OneOf {
		out = append(out, doc.Defs[strings.TrimPrefix(v.Ref, "#/$defs/")].Properties[disc].Const)
	}
	if len(out) == 0 || slices.Contains(out, "") {
		t.Fatalf("%s: no %s tags found in %v", schema, disc, out)
	}
	return out
}
