// Package constructs_test is the differential test of the wire language:
// every construct schemagen reads is stated in a small module
// (testdata/*.txtar) beside JSON instances of its definitions, and every
// judge of the contract must give each instance the same verdict:
//
//   - CUE's own evaluator: the definition unified with the instance and
//     validated as concrete, as cue vet -d '#Def' judges it, the instance
//     read as CUE reads its own wire form (judge.Instance: a string where
//     the schema wants bytes is the bytes its strict base64 decodes to);
//   - the generated Go: UnmarshalJSON (or the union's Unmarshal function)
//     and then Validate, in one program built against this checkout; an
//     instance it accepts must come back from AppendJSON as the same JSON
//     value (members in any order, numbers by value), so that a round
//     trip through the Go types changes nothing CUE would tell apart;
//   - santhosh-tekuri and ajv on the generated JSON Schemas, strict and open;
//   - the generated TypeScript's parse function (compiled by tsc --strict --noUnusedLocals),
//     whose write function must give back an accepted instance's value.
//
// An archive holds schema/<pkg>/*.cue (the cue.mod is added, with any
// cue.mod/gen/… package the archive brings for it to import) and instances
// named valid/<Def>/<name>.json, invalid/<Def>/<name>.json and
// open/<Def>/<name>.json. <Def> is a definition's CUE name without '#',
// or @root for the package's root object (its top-level fields). valid and
// invalid instances are judged alike by all; an open instance carries a
// member the schema does not name, which CUE and the strict schemas refuse
// (a definition is closed) and the Go decoder and the open schemas ignore
// (a newer writer may add optional fields). A notcue instance is one of
// the disagreements docs/jsonschema.md writes down: every judge accepts
// it but CUE (1.0 as an integer). An onlyschema instance is another:
// the JSON Schema validators (santhosh-tekuri and ajv, strict and open)
// accept it and CUE, Go and TypeScript refuse it, because what it breaks
// is no keyword's to state (a Go duration whose total overflows int64
// nanoseconds, 2562048h, matches the duration pattern). An onlycue
// instance is a defect of CUE's evaluator that docs/jsonschema.md writes
// down: CUE accepts it and every other judge refuses it, as CUE itself
// does the same value written without the defect's form. A notajv
// instance is a limit of ajv's float arithmetic docs/jsonschema.md writes
// down (a multiple of 0.01 beyond about 10^6): every judge but ajv accepts
// it. A notstrict instance is an open one that a defect of CUE's evaluator
// docs/jsonschema.md writes down accepts as well: only the strict schemas
// refuse its unknown member.
package constructs_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/judge"
)

// repo is this checkout's root.
var repo, _ = filepath.Abs(filepath.Join("..", ".."))

// require reports whether a missing tool fails the test rather than
// skipping its part: make test sets it.
func require(what string) bool { return os.Getenv("SCHEMAGEN_REQUIRE_"+what) != "" }

// instance is one JSON instance of a case, with what every judge must say.
type instance struct {
	caseName string
	class    string // valid, invalid, open, notcue, onlyschema, onlycue, notajv or notstrict
	def      string // CUE name without '#', or @root
	name     string
	data     []byte
	path     string // where it is written, for ajv
}

func (in *instance) key() string {
	return in.caseName + "/" + in.class + "/" + in.def + "/" + in.name
}

// want returns whether the judge who should accept the instance.
func (in *instance) want(who string) bool { return judge.Accepts(in.class, who) }

// kase is one archive, generated into its own folder of the shared module.
type kase struct {
	// memberDefaults are the defaults CUE computes from members of the
	// data (model.MemberDefault) in the valid instances that leave such
	// a field out, as judgeCUE finds them; judgeGo holds each Get method
	// to them.
	memberDefaults []fieldDefault
	name           string
	dir            string
	pkg            *model.Package
	instances      []*instance
}

// TestConstructs generates every case and has every judge give every
// instance its verdict.
// init lets a panic of schemagen's resolver go on (gen/model's
// resolveSafely turns it into an error at the package otherwise), so that
// it counts as a crash here, not as a refusal.
func init() { os.Setenv("SCHEMAGEN_PANIC", "1") }

func TestConstructs(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	// The JSON Schema Test Suite's draft 2020-12 schemas through cue
	// import, each instance classed by cue vet (testdata/jsts/README.md).
	jsts, _ := filepath.Glob("testdata/jsts/*.txtar")
	files = append(files, jsts...)
	if only := os.Getenv("SCHEMAGEN_CONSTRUCTS_ONLY"); only != "" {
		// The cases whose name (zero-absent) matches a shell pattern
		// (zero-*), and no random ones unless asked: a quick run
		// while working on one construct.
		files = slices.DeleteFunc(files, func(f string) bool {
			ok, _ := filepath.Match(only, strings.TrimSuffix(filepath.Base(f), ".txtar"))
			return !ok
		})
	}
	if len(files) == 0 {
		t.Fatal("no cases in testdata")
	}
	mod := t.TempDir()
	gomod := "module example.com/cases\n\ngo 1.26\n\nrequire github.com/schemagen/schemagen v0.0.0\n\nreplace github.com/schemagen/schemagen => " + repo + "\n"
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	gosum, _ := os.ReadFile(filepath.Join(repo, "go.sum"))
	os.WriteFile(filepath.Join(mod, "go.sum"), gosum, 0o644)
	var cases []*kase
	for _, file := range files {
		c, err := setUp(mod, file)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		cases = append(cases, c)
	}
	cases = append(cases, randomCases(t, mod)...)
	if t.Failed() {
		return
	}
	verdicts := map[string]map[string]string{} // judge → instance key → "" (accepted) or why not
	judge := func(name string, f func([]*kase) map[string]string) {
		if v := f(cases); v != nil {
			verdicts[name] = v
		}
	}
	judge("cue", func(cs []*kase) map[string]string { return judgeCUE(t, cs) })
	judge("go", func(cs []*kase) map[string]string { return judgeGo(t, mod, cs) })
	judge("santhosh-strict", func(cs []*kase) map[string]string { return judgeSanthosh(t, cs, true) })
	judge("santhosh-open", func(cs []*kase) map[string]string { return judgeSanthosh(t, cs, false) })
	ajvStrict, ajvOpen := judgeAjv(t, mod, cases)
	if ajvStrict != nil {
		verdicts["ajv-strict"], verdicts["ajv-open"] = ajvStrict, ajvOpen
	}
	if checkTypeScript(t, mod, cases) {
		judge("ts", func(cs []*kase) map[string]string { return judgeTS(t, mod, cs) })
	}

	judges := slices.Sorted(func(yield func(string) bool) {
		for k := range verdicts {
			if !yield(k) {
				return
			}
		}
	})
	n := 0
	for _, c := range cases {
		for _, in := range c.instances {
			n++
			for _, j := range judges {
				if j == "go" && !c.pkg.InGo(in.def) {
					continue // @go(-) leaves the definition out of Go
				}
				why, judged := verdicts[j][in.key()]
				if !judged {
					t.Errorf("%s: %s gave no verdict", in.key(), j)
					continue
				}
				if got := why == ""; got != in.want(j) {
					if got {
						t.Errorf("%s: %s accepts it; want it refused", in.key(), j)
					} else {
						t.Errorf("%s: %s refuses it (%s); want it accepted", in.key(), j, why)
					}
				}
			}
		}
	}
	t.Logf("%d cases, %d instances, judged by %s", len(cases), n, strings.Join(judges, ", "))
}

// setUp writes one archive as a module under mod, generates it, and reads
// its instances.
func setUp(mod, file string) (*kase, error) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		return nil, err
	}
	return setUpArchive(mod, strings.TrimSuffix(filepath.Base(file), ".txtar"), ar)
}

// setUpArchive is setUp of an archive in memory, named name.
func setUpArchive(mod, name string, ar *txtar.Archive) (*kase, error) {
	c := &kase{name: name}
	c.dir = filepath.Join(mod, c.name)
	write := func(rel string, data []byte) error {
		p := filepath.Join(c.dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, data, 0o644)
	}
	if err := write("cue.mod/module.cue", []byte(fmt.Sprintf("module: %q\nlanguage: version: \"v0.17.0\"\n", "example.com/cases/"+c.name+"@v0"))); err != nil {
		return nil, err
	}
	for _, f := range ar.Files {
		parts := strings.Split(f.Name, "/")
		switch {
		case parts[0] == "schema" || f.Name == "schemagen.cue":
		case len(parts) > 3 && parts[0] == "cue.mod" && parts[1] == "gen":
		case len(parts) == 3 && (parts[0] == "valid" || parts[0] == "invalid" || parts[0] == "open" || parts[0] == "notcue" || parts[0] == "onlyschema" || parts[0] == "onlycue" || parts[0] == "notajv" || parts[0] == "onlyajv" || parts[0] == "notstrict"):
			c.instances = append(c.instances, &instance{caseName: c.name, class: parts[0], def: parts[1], name: parts[2], data: f.Data,
				path: filepath.Join(c.dir, "instances", filepath.FromSlash(f.Name))})
		default:
			return nil, fmt.Errorf("%s: a file of a case is schema/…, cue.mod/gen/…, schemagen.cue, or valid|invalid|open|notcue|onlyschema|onlycue|notajv|onlyajv|notstrict/<Def>/<name>.json", f.Name)
		}
		dst := f.Name
		if parts[0] != "schema" && parts[0] != "cue.mod" && f.Name != "schemagen.cue" {
			dst = "instances/" + f.Name
		}
		if err := write(dst, f.Data); err != nil {
			return nil, err
		}
	}
	s, err := model.Load(c.dir)
	if err != nil {
		return nil, fmt.Errorf("load:\n%v", err)
	}
	if len(s.Packages) != 1 {
		return nil, fmt.Errorf("a case has one wire package; this one has %d", len(s.Packages))
	}
	c.pkg = s.Packages[0]
	res, err := gen.Emit(s, gen.Options{}) // what gen.Generate does, without loading the case again
	if err != nil {
		return nil, fmt.Errorf("generate:\n%v", err)
	}
	for _, f := range res.Files {
		if err := write("generated/"+f.Path, f.Data); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// root is the object or union an instance is of.
type root struct {
	name   string // its TypeScript name, the definition's (model.TSName)
	goName string
	union  bool
	// nullable: the definition may be null as a whole
	// (model.Package.Nullable): Go reads a document of an object into a
	// wire.Nullable, and a union's Unmarshal function gives nil for null.
	nullable bool
	file     string // its JSON Schema file under jsonschema/<pkg>/
}

func (c *kase) root(def string) (root, error) {
	if def == "@root" {
		// The package's document: its root object, the definition its
		// top level embeds alone, or its value when not a struct.
		if o := c.pkg.Root; o != nil {
			return root{name: o.TSName, goName: o.GoName, nullable: c.pkg.IsNullable(o.Name), file: c.schemaFile(o.Name)}, nil
		}
		if c.pkg.Value != nil {
			_, _, goName := c.pkg.ValueDef()
			return root{name: c.pkg.DocumentTSName(), goName: goName, file: c.schemaFile(c.pkg.Document)}, nil
		}
		return root{}, fmt.Errorf("package %s has no document", c.pkg.Name)
	}
	for _, o := range c.pkg.Objects {
		if o.Name == def {
			return root{name: o.TSName, goName: o.GoName, nullable: c.pkg.IsNullable(o.Name), file: c.schemaFile(o.Name)}, nil
		}
	}
	for _, u := range c.pkg.Unions {
		if u.Name == def {
			return root{name: u.TSName, goName: u.GoName, union: true, nullable: c.pkg.IsNullable(u.Name), file: c.schemaFile(u.Name)}, nil
		}
	}
	return root{}, fmt.Errorf("#%s is not an object or a union of package %s", def, c.pkg.Name)
}

// schemaFile finds the JSON Schema file whose title is the definition's
// name (#conditionalNarrow's is conditionalNarrow, not its Go name).
func (c *kase) schemaFile(name string) string {
	files, _ := filepath.Glob(filepath.Join(c.dir, "generated", "jsonschema", c.pkg.Path, "*.schema.json"))
	for _, f := range files {
		var head struct {
			Title string `json:"title"`
		}
		b, _ := os.ReadFile(f)
		json.Unmarshal(b, &head)
		if head.Title == name {
			return filepath.Base(f)
		}
	}
	return ""
}

// judgeCUE unifies each instance with its definition, as cue vet -d does.
func judgeCUE(t *testing.T, cases []*kase) map[string]string {
	out := map[string]string{}
	ctx := cuecontext.New()
	for _, c := range cases {
		insts := load.Instances([]string{"./schema/" + c.pkg.Path}, &load.Config{Dir: c.dir})
		if err := insts[0].Err; err != nil {
			t.Errorf("%s: cue load: %v", c.name, err)
			continue
		}
		pv := ctx.BuildInstance(insts[0])
		if cfg, err := model.ReadConfig(c.dir); err == nil {
			if at, ok := cfg.TypesAtFor(c.pkg.Path); ok {
				// The types at schemagen.cue's typesAt path, as cue
				// vet -d 'lineage.schemas[0].schema.Options' reads one.
				pv = pv.LookupPath(cue.ParsePath(at.Path))
			}
		}
		for _, in := range c.instances {
			schema := pv
			if in.def != "@root" {
				schema = judge.Definition(pv, in.def)
			}
			verdict, err := judge.Vet(schema, in.name, in.data) // bytes as cue export writes them
			switch {
			case err != nil:
				out[in.key()] = "not JSON: " + err.Error()
			case verdict != nil:
				out[in.key()] = strings.ReplaceAll(verdict.Error(), "\n", "; ")
			default:
				out[in.key()] = ""
				if in.def != "@root" {
					c.memberDefaults = append(c.memberDefaults, cueMemberDefaults(t, c, in, schema)...)
				}
			}
		}
	}
	return out
}

// cueMemberDefaults is, for each field whose default CUE takes from
// other members (model.MemberDefault) that in leaves out, in in's
// definition or an object in a member in gives, the value CUE gives it
// there.
func cueMemberDefaults(t *testing.T, c *kase, in *instance, schema cue.Value) []fieldDefault {
	var o *model.Object
	for _, x := range c.pkg.Objects {
		if x.Name == in.def && c.pkg.InGo(x.Name) {
			o = x
		}
	}
	if o == nil {
		return nil
	}
	expr, err := judge.Instance(schema, in.name, in.data)
	if err != nil {
		t.Errorf("%s: %v", in.key(), err)
		return nil
	}
	whole := schema.Unify(schema.Context().BuildExpr(expr))
	var ds []fieldDefault
	// steps are the Go names of the fields from the instance's object to
	// o; a held default's Get method is its holder's, len(Chain) up.
	// absent is how many of the last steps the data leaves out (objects
	// CUE fills in): only a holder's Get method reaches into them.
	var walk func(o *model.Object, data []byte, steps []string, path []cue.Selector, absent int)
	walk = func(o *model.Object, data []byte, steps []string, path []cue.Selector, absent int) {
		var members map[string]json.RawMessage
		if json.Unmarshal(data, &members) != nil {
			return
		}
		for _, fd := range o.Fields {
			stated, ok := members[fd.Name]
			here := append(slices.Clip(path), cue.Str(fd.Name))
			if fd.Type.Kind == model.ObjectKind && len(steps) < 8 {
				if ok {
					walk(fd.Type.Object, stated, append(slices.Clip(steps), fd.GoName), here, 0)
				} else {
					walk(fd.Type.Object, []byte("{}"), append(slices.Clip(steps), fd.GoName), here, absent+1)
				}
			}
			scalarDefault := fd.Default != "" && fd.Optional && (fd.Type.Kind == model.BasicKind || fd.Type.Kind == model.EnumKind)
			if fd.MemberDefault == nil && !scalarDefault || ok {
				// (A scalar default's Get method is held to CUE's value
				// in each instance too: one a member's constant made,
				// #Fixed: {#Route, Name: " Ab c "}, is computed here.)
				continue
			}
			up := 0
			if fd.MemberDefault != nil {
				up = len(fd.MemberDefault.Chain)
			}
			if up > len(steps) || up < absent || !whole.LookupPath(cue.MakePath(here...)).Exists() {
				// Its holder is outside the instance, or its own
				// object is absent (no Get method reaches it), or
				// CUE fills nothing there (an optional object).
				continue
			}
			// The holder's Get method (GetValidationMax), or the
			// field's own (up 0: GetMax).
			name := "Get" + strings.Join(steps[len(steps)-up:], "") + fd.GoName
			getter := strings.Join(append(slices.Clone(steps[:len(steps)-up]), name), ".")
			v := whole.LookupPath(cue.MakePath(here...))
			if d, ok := v.Default(); ok {
				v = d
			}
			js, err := v.MarshalJSON()
			if err != nil {
				t.Errorf("%s: CUE gives %s no value: %v", in.key(), cue.MakePath(here...), err)
				continue
			}
			ds = append(ds, fieldDefault{
				key:    "memberdefault:" + in.key() + "." + cue.MakePath(here...).String(),
				goType: o.GoName,
				getter: getter,
				json:   string(js),
				file:   in.path,
			})
		}
	}
	walk(o, in.data, nil, nil, 0)
	for i := range ds {
		ds[i].goType = o.GoName // the instance's own type; getter reaches the field
	}
	return ds
}

// judgeGo builds one program that decodes and validates every instance
// with the generated Go of its case.
func judgeGo(t *testing.T, mod string, cases []*kase) map[string]string {
	var imports, entries strings.Builder
	for i, c := range cases {
		alias := fmt.Sprintf("c%d", i)
		fmt.Fprintf(&imports, "\t%s %q\n", alias, "example.com/cases/"+c.name+"/generated/go/"+c.pkg.Path)
		seen := map[string]bool{}
		for _, in := range c.instances {
			if seen[in.def] || !c.pkg.InGo(in.def) {
				continue // @go(-): no Go type to judge it
			}
			seen[in.def] = true
			r, err := c.root(in.def)
			if err != nil {
				t.Errorf("%s: %v", in.key(), err)
				continue
			}
			key := c.name + "/" + in.def
			switch {
			case r.union && r.nullable:
				fmt.Fprintf(&entries, "\t%q: func(b []byte) ([]byte, error) { v, err := %s.Unmarshal%s(b); if err != nil { return nil, err }; if v == nil { return []byte(\"null\"), nil }; if err := v.Validate(); err != nil { return nil, err }; return v.AppendJSON(nil) },\n", key, alias, r.goName)
			case r.union:
				fmt.Fprintf(&entries, "\t%q: func(b []byte) ([]byte, error) { v, err := %s.Unmarshal%s(b); if err != nil { return nil, err }; if err := v.Validate(); err != nil { return nil, err }; return v.AppendJSON(nil) },\n", key, alias, r.goName)
			case r.nullable:
				fmt.Fprintf(&entries, "\t%q: func(b []byte) ([]byte, error) { var v wire.Nullable[%s.%s]; if err := v.UnmarshalJSON(b); err != nil { return nil, err }; if err := v.Validate(); err != nil { return nil, err }; if !v.Valid { return []byte(\"null\"), nil }; return v.V.AppendJSON(nil) },\n", key, alias, r.goName)
			default:
				fmt.Fprintf(&entries, "\t%q: func(b []byte) ([]byte, error) { var v %s.%s; if err := v.UnmarshalJSON(b); err != nil { return nil, err }; if err := v.Validate(); err != nil { return nil, err }; return v.AppendJSON(nil) },\n", key, alias, r.goName)
			}
		}
		// Every default a Get method gives, against CUE's (the model's
		// Default is CUE's default value, exported as JSON).
		for _, d := range defaultsOf(c) {
			fmt.Fprintf(&entries, "\t%q: func([]byte) ([]byte, error) { var v %s.%s; return json.Marshal(v.%s()) },\n", d.key, alias, d.goType, d.getter)
		}
		for _, d := range c.memberDefaults {
			fmt.Fprintf(&entries, "\t%q: func(b []byte) ([]byte, error) { var v %s.%s; if err := v.UnmarshalJSON(b); err != nil { return nil, err }; return json.Marshal(v.%s()) },\n", d.key, alias, d.goType, d.getter)
		}
	}
	src := `package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"reflect"
	"strings"

	"github.com/schemagen/schemagen/wire"
` + imports.String() + `)

var _ = wire.IsNull // a document of a nullable object is read into a wire.Nullable

var judges = map[string]func([]byte) ([]byte, error){
` + entries.String() + `}

// same reports whether two JSON texts are one value as CUE sees it:
// members in any order, numbers by value.
func same(a, b []byte) bool {
	va, ea := parse(a)
	vb, eb := parse(b)
	return ea == nil && eb == nil && reflect.DeepEqual(va, vb)
}

func parse(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return norm(v), nil
}

// norm turns every number into its exact value's text.
func norm(v any) any {
	switch v := v.(type) {
	case json.Number:
		r, ok := new(big.Rat).SetString(string(v))
		if !ok {
			return string(v)
		}
		return r.RatString()
	case []any:
		for i := range v {
			v[i] = norm(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = norm(v[k])
		}
	}
	return v
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		fields := strings.Split(in.Text(), "\t")
		judge, file, roundTrip := fields[0], fields[1], fields[2] == "roundtrip"
		if fields[2] == "default" || fields[2] == "memberdefault" {
			// A Get method's default: of an empty value, file being
			// the default CUE gives as JSON; or of the instance file,
			// fields[3] the default CUE gives the field it leaves out.
			want, in := file, []byte(nil)
			var err error
			if fields[2] == "memberdefault" {
				want = fields[3]
				in, err = os.ReadFile(file)
			}
			var out []byte
			if err == nil {
				out, err = judges[judge](in)
			}
			switch {
			case err != nil:
				fmt.Println("refused:", strings.ReplaceAll(err.Error(), "\n", "; "))
			case !same([]byte(want), out):
				fmt.Printf("default differs: %s\n", out)
			default:
				fmt.Println("ok")
			}
			continue
		}
		b, err := os.ReadFile(file)
		var out []byte
		if err == nil {
			out, err = judges[judge](b)
		}
		switch {
		case err != nil:
			fmt.Println("refused:", strings.ReplaceAll(err.Error(), "\n", "; "))
		case roundTrip && !same(b, out):
			fmt.Printf("round trip changed it: %s\n", out)
		default:
			fmt.Println("ok")
		}
	}
}
`
	dir := filepath.Join(mod, "cmd", "judge")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(mod, "judge")
	// -trimpath: the module is in a new folder each run, and without it
	// the folder is part of every package's build cache key; with it a
	// case whose generated Go has not changed is compiled once.
	build := exec.Command("go", "build", "-trimpath", "-o", exe, "./cmd/judge")
	build.Dir = mod
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	if b, err := build.CombinedOutput(); err != nil {
		t.Errorf("the generated Go does not build: %v\n%s", err, b)
		return nil
	}
	var stdin bytes.Buffer
	var order []*instance
	for _, c := range cases {
		for _, in := range c.instances {
			// A closed object's unknown members are dropped on purpose
			// (open); every other accepted instance comes back as itself.
			if !c.pkg.InGo(in.def) {
				continue
			}
			rt := "-"
			if in.class != "open" && in.class != "notstrict" {
				rt = "roundtrip"
			}
			fmt.Fprintf(&stdin, "%s/%s\t%s\t%s\n", c.name, in.def, in.path, rt)
			order = append(order, in)
		}
	}
	var defaults []fieldDefault
	for _, c := range cases {
		for _, d := range defaultsOf(c) {
			fmt.Fprintf(&stdin, "%s\t%s\tdefault\n", d.key, d.json)
			defaults = append(defaults, d)
		}
		for _, d := range c.memberDefaults {
			fmt.Fprintf(&stdin, "%s\t%s\tmemberdefault\t%s\n", d.key, d.file, d.json)
			defaults = append(defaults, d)
		}
	}
	run := exec.Command(exe)
	run.Stdin = &stdin
	b, err := run.Output()
	if err != nil {
		t.Errorf("judge: %v", err)
		return nil
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for i := 0; i < len(order) && sc.Scan(); i++ {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "round trip changed it: "); ok {
			t.Errorf("%s: the Go types accept it, but AppendJSON writes %s", order[i].key(), rest)
			line = "ok"
		}
		why, _ := strings.CutPrefix(line, "refused: ")
		if line == "ok" {
			why = ""
		} else if why == "" {
			why = "refused"
		}
		out[order[i].key()] = why
	}
	for i := range defaults {
		if !sc.Scan() {
			t.Errorf("%s: the judge gave no answer", defaults[i].key)
			break
		}
		if line := sc.Text(); line != "ok" {
			t.Errorf("%s: Go's Get method and CUE disagree on the default %s: %s", defaults[i].key, defaults[i].json, line)
		}
	}
	return out
}

// fieldDefault is an optional field's default, as CUE gives it, and the
// Get method of the Go types that should give the same value.
type fieldDefault struct {
	key, goType, getter, json string
	file                      string // the instance, for a MemberDefault
}

// defaultsOf lists every optional field with a default in a case's
// package: its Get method, and CUE's default as JSON (the model's
// Default is CUE's default value, exported).
func defaultsOf(c *kase) []fieldDefault {
	var ds []fieldDefault
	for _, o := range c.pkg.Objects {
		if !c.pkg.InGo(o.Name) {
			continue // @go(-): no Go type, no getter
		}
		for _, fd := range o.Fields {
			if fd.Default == "" || !fd.Optional {
				continue
			}
			ds = append(ds, fieldDefault{
				key:    "default:" + c.name + "/" + o.Name + "." + fd.Name,
				goType: o.GoName,
				getter: model.GetterName(fd),
				json:   fd.Default,
			})
		}
	}
	return ds
}

// judgeSanthosh validates every instance with santhosh-tekuri against the
// case's strict or open schema files.
func judgeSanthosh(t *testing.T, cases []*kase, strict bool) map[string]string {
	out := map[string]string{}
	for _, c := range cases {
		folder := filepath.Join(c.dir, "generated", "jsonschema", filepath.FromSlash(c.pkg.Path))
		if strict {
			folder = filepath.Join(folder, "strict")
		}
		set, err := judge.Load(folder)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for _, in := range c.instances {
			r, err := c.root(in.def)
			if err != nil {
				continue // reported by the Go judge
			}
			why, err := set.Validate(r.file, in.data)
			if err != nil {
				t.Errorf("%s: santhosh-tekuri cannot compile %s: %v", in.key(), r.file, err)
				continue
			}
			out[in.key()] = why
		}
	}
	return out
}

// judgeAjv runs ajv (strict mode, formats) over every instance, against
// the case's strict and open bundles. It returns nil verdicts, or fails
// the test under SCHEMAGEN_REQUIRE_NODE, without node and ajv.
func judgeAjv(t *testing.T, mod string, cases []*kase) (strictV, openV map[string]string) {
	var jobs []judge.AjvJob
	for _, c := range cases {
		for _, in := range c.instances {
			r, err := c.root(in.def)
			if err != nil {
				continue
			}
			for _, strict := range []bool{true, false} {
				bundle := filepath.Join(c.dir, "generated", "jsonschema", c.pkg.Path+".schema.json")
				sub := ""
				if strict {
					bundle = filepath.Join(c.dir, "generated", "jsonschema", c.pkg.Path+".strict.schema.json")
					sub = "strict/"
				}
				id := "https://example.com/cases/" + c.name + "/generated/jsonschema/" + c.pkg.Path + "/" + sub + r.file
				jobs = append(jobs, judge.AjvJob{Key: fmt.Sprint(strict) + "\t" + in.key(), Bundle: bundle, ID: id, File: in.path})
			}
		}
	}
	script, _ := filepath.Abs("judge-ajv.cjs")
	verdicts, err := judge.Ajv(filepath.Join(repo, "conformance", "ts", "node_modules"), script, filepath.Join(mod, "ajv-jobs.json"), jobs)
	if err != nil {
		if err != judge.ErrNoNode || require("NODE") {
			t.Error(err)
		}
		return nil, nil
	}
	return judge.SplitStrict(verdicts)
}

// checkTypeScript compiles every case's generated TypeScript under tsc
// --strict into mod/js, for the TypeScript judge; it reports whether it
// did.
func checkTypeScript(t *testing.T, mod string, cases []*kase) bool {
	tsc := judge.TypeScript7(filepath.Join(repo, "conformance", "ts", "node_modules"))
	if !exists(tsc) {
		if require("NODE") {
			t.Error("conformance/ts/node_modules has no tsc (npm ci in conformance/ts)")
		}
		return false
	}
	args := []string{"--strict", "--noUnusedLocals", "--target", "es2020", "--module", "es2020", "--skipLibCheck", "--rootDir", mod, "--outDir", filepath.Join(mod, "js")}
	for _, c := range cases {
		args = append(args, filepath.Join(c.dir, "generated", "ts", c.pkg.Path+".ts"))
	}
	if b, err := exec.Command(tsc, args...).CombinedOutput(); err != nil {
		t.Errorf("tsc --strict refuses the generated TypeScript: %v\n%s", err, b)
		return false
	}
	os.WriteFile(filepath.Join(mod, "js", "package.json"), []byte(`{"type": "module"}`), 0o644)
	return true
}

// judgeTS parses every instance with the generated TypeScript's parse
// function (in node, from tsc's JavaScript): an instance it accepts must
// come back from the write function as the same JSON value.
func judgeTS(t *testing.T, mod string, cases []*kase) map[string]string {
	var jobs []judge.TSJob
	byKey := map[string]*instance{}
	for _, c := range cases {
		for _, in := range c.instances {
			r, err := c.root(in.def)
			if err != nil {
				continue
			}
			rel, _ := filepath.Rel(mod, filepath.Join(c.dir, "generated", "ts", c.pkg.Path+".js"))
			jobs = append(jobs, judge.TSJob{Key: in.key(), Module: filepath.Join(mod, "js", rel), Name: r.name, File: in.path})
			byKey[in.key()] = in
		}
	}
	script, _ := filepath.Abs("judge-ts.mjs")
	verdicts, err := judge.TS(script, filepath.Join(mod, "ts-jobs.json"), jobs)
	if err != nil {
		t.Error(err)
		return nil
	}
	out := map[string]string{}
	for key, v := range verdicts {
		in := byKey[key]
		if in == nil {
			continue
		}
		out[key] = v.Why
		// A JavaScript number is a double: past ±2^53 the value parse
		// returns (and so what write writes) rounds, though parse judged
		// the text exactly (docs/schema-language.md).
		if v.Why == "" && in.class != "open" && in.class != "notstrict" && !judge.BeyondDouble(in.data) && !judge.SameJSON(in.data, []byte(v.Written)) {
			t.Errorf("%s: the TypeScript accepts it, but its write function writes %s", key, v.Written)
		}
	}
	return out
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }
