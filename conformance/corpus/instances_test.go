package corpus_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"

	"github.com/schemagen/schemagen/gen/jsonschema"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/judge"
)

// instance is one JSON instance of a unit that generates, from
// testdata/instances/<corpus>/<pkg…>/<Def or @root>/<valid|invalid|open>/<name>.json.
type instance struct {
	run   *corpusRun
	unit  *Unit
	class string // valid, invalid or open
	name  string
	path  string
	data  []byte
	// goName and file are the unit's Go type and its JSON Schema file
	// (the file name under jsonschema/<pkg>/, open or strict/).
	goName, file string
	// union is set when the unit is a union, decoded by its Unmarshal
	// function rather than a type's UnmarshalJSON.
	union bool
	// nullable: the unit may be null as a whole (model.Package.Nullable):
	// Go reads a document of an object into a wire.Nullable, and a
	// union's Unmarshal function gives nil for null.
	nullable bool
	// twinOf is, for a sampled open twin, the sampled value it adds an
	// unknown member to (sampler.openTwin).
	twinOf *instance
}

// want reports whether the judge who should accept the instance
// (judge.Accepts: an open one carries a member the schema does not name).
func (in *instance) want(who string) bool { return judge.Accepts(in.class, who) }

func (in *instance) key() string {
	return in.unit.Corpus + "/" + in.unit.Pkg + "/" + in.unit.Name + "/" + in.class + "/" + in.name
}

// judgeInstances has CUE, the generated Go, santhosh-tekuri and ajv (open
// and strict schemas) and the generated TypeScript judge every instance: each must accept the valid
// ones and refuse the invalid ones. A disagreement fails the test unless
// testdata/known-failures.txt lists it ("instance <key><TAB><judge>").
func judgeInstances(t *testing.T, mod string, runs []*corpusRun) {
	ins := readInstances(t, runs)
	if len(ins) == 0 {
		t.Error("no instances in testdata/instances")
		return
	}
	n := 3 // sampled instances of each unit in make test; SCHEMAGEN_CORPUS_SAMPLES=0 draws none
	if v := os.Getenv("SCHEMAGEN_CORPUS_SAMPLES"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	if n > 0 {
		seed, _ := strconv.ParseUint(os.Getenv("SCHEMAGEN_CORPUS_SAMPLE_SEED"), 10, 64)
		dir := filepath.Join(mod, "samples")
		os.MkdirAll(dir, 0o755)
		sampled := sampleInstances(t, runs, dir, n, seed)
		byCUE := judgeCUE(sampled)
		cueWhy := map[*instance]string{}
		for _, in := range sampled {
			cueWhy[in] = byCUE[in.key()] // before the class, which is in the key
		}
		valid, twins, openTwins := 0, 0, 0
		for _, in := range sampled {
			why := cueWhy[in]
			if in.twinOf != nil {
				// An open twin of a value CUE admits: an unknown member
				// in an object its strict schema closes. CUE refuses it
				// as not allowed (open: Go, TypeScript and the open
				// schemas keep it), or admits it, and then every judge
				// must (the strict schema too: a struct CUE leaves open
				// is no closed object).
				switch {
				case cueWhy[in.twinOf] != "":
					continue
				case why == "":
					in.class = "valid"
				case strings.Contains(why, "field not allowed"):
					in.class = "open"
					openTwins++
				default:
					continue // refused for another reason the member causes
				}
				twins++
				ins = append(ins, in)
				continue
			}
			if strings.HasPrefix(why, "not JSON") || strings.HasPrefix(why, "field not found") || strings.Contains(why, "field not allowed") {
				// an unknown member, which the open schemas, Go and
				// TypeScript keep: CUE's error for it may hide others
				// the open judges find, so it is not judged
				continue
			}
			in.class = "invalid"
			if why == "" {
				in.class = "valid"
				valid++
			}
			ins = append(ins, in)
		}
		t.Logf("%d sampled instances, %d of them valid to CUE; %d open twins of valid ones judged, %d of them refused by CUE for the unknown member", len(sampled), valid, twins, openTwins)
	}
	verdicts := map[string]map[string]string{} // judge → key → "" or why refused
	verdicts["cue"] = judgeCUE(ins)
	if v := judgeGo(t, mod, ins); v != nil {
		verdicts["go"] = v
	}
	verdicts["santhosh-open"] = judgeSanthosh(t, ins, false)
	verdicts["santhosh-strict"] = judgeSanthosh(t, ins, true)
	if strict, open := judgeAjv(t, mod, ins); strict != nil {
		verdicts["ajv-strict"], verdicts["ajv-open"] = strict, open
	}
	if v := judgeTS(t, mod, ins); v != nil {
		verdicts["ts"] = v
	}
	known := knownFailures(t)
	judges := slices.Sorted(func(yield func(string) bool) {
		for j := range verdicts {
			if !yield(j) {
				return
			}
		}
	})
	for _, in := range ins {
		for _, j := range judges {
			why, ok := verdicts[j][in.key()]
			switch {
			case !ok:
				t.Errorf("instance %s: %s gave no verdict", in.key(), j)
				continue
			case (why == "") == in.want(j):
				if known["instance "+in.key()+"\t"+j] {
					t.Errorf("testdata/known-failures.txt lists %q, on which every judge now agrees: remove the line", "instance "+in.key()+"\t"+j)
				}
				continue
			}
			msg := fmt.Sprintf("instance %s: %s accepts it; want it refused", in.key(), j)
			if strings.HasPrefix(in.name, "sample-") {
				msg = fmt.Sprintf("instance %s (%s): %s accepts it; CUE refuses it (%s)", in.key(), in.data, j, verdicts["cue"][in.key()])
			}
			if why != "" {
				msg = fmt.Sprintf("instance %s: %s refuses it (%s); want it accepted", in.key(), j, why)
			}
			if known["instance "+in.key()+"\t"+j] {
				t.Logf("known failure (testdata/known-failures.txt): %s", msg)
			} else {
				t.Error(msg)
			}
		}
	}
	keys := map[string]bool{}
	for _, in := range ins {
		for _, j := range judges {
			keys["instance "+in.key()+"\t"+j] = true
		}
	}
	for k := range known {
		if strings.HasPrefix(k, "instance ") && !keys[k] {
			t.Errorf("testdata/known-failures.txt lists %q, which names no instance and judge: remove the line", k)
		}
	}
	t.Logf("%d instances judged by %s", len(ins), strings.Join(judges, ", "))
}

// readInstances reads testdata/instances against the runs: every instance
// must be of a unit that generated.
func readInstances(t *testing.T, runs []*corpusRun) []*instance {
	var out []*instance
	byCorpus := map[string]*corpusRun{}
	for _, r := range runs {
		byCorpus[r.name] = r
	}
	files, _ := filepath.Glob("testdata/instances/*")
	var all []string
	for _, f := range files {
		filepath.Walk(f, func(p string, fi os.FileInfo, err error) error {
			if err == nil && !fi.IsDir() && strings.HasSuffix(p, ".json") {
				all = append(all, p)
			}
			return err
		})
	}
	slices.Sort(all)
	for _, p := range all {
		parts := strings.Split(filepath.ToSlash(strings.TrimPrefix(p, "testdata/instances/")), "/")
		if len(parts) < 5 {
			t.Errorf("%s: an instance is <corpus>/<pkg…>/<Def or @root>/<valid|invalid|open>/<name>.json", p)
			continue
		}
		n := len(parts)
		r := byCorpus[parts[0]]
		pkg, def, class := strings.Join(parts[1:n-3], "/"), parts[n-3], parts[n-2]
		if def != Root && (r == nil || !slices.ContainsFunc(r.src.Pkgs[pkg], func(u *Unit) bool { return u.Name == def && u.IsField() })) {
			def = "#" + def // a definition's folder is its name without #; a library's field's, its label
		}
		if r == nil || (class != "valid" && class != "invalid" && class != "open") {
			t.Errorf("%s: no corpus %s, or a class other than valid, invalid and open", p, parts[0])
			continue
		}
		var u *Unit
		for _, c := range r.src.Pkgs[pkg] {
			if c.Name == def {
				u = c
			}
		}
		if u == nil || r.out[u].class != Generated {
			t.Errorf("%s: %s %s is not a unit that generates", p, pkg, def)
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in := unitInstance(r, pkg, u)
		in.class, in.name, in.data = class, strings.TrimSuffix(parts[n-1], ".json"), data
		in.path, _ = filepath.Abs(p)
		if in.file == "" {
			t.Errorf("%s: no JSON Schema file of %s", p, in.goName)
			continue
		}
		out = append(out, in)
	}
	return out
}

// unitInstance is an instance of the unit u of package pkg of the run r,
// with what its judges read it by (Go type, JSON Schema file: "" when
// there is none) and no data yet.
func unitInstance(r *corpusRun, pkg string, u *Unit) *instance {
	p := r.pkg(pkg)
	in := &instance{run: r, unit: u, goName: goNameOf(p, u)}
	name := modelName(p, u)
	for _, un := range p.Unions {
		in.union = in.union || un.Name == name
	}
	in.nullable = p.IsNullable(name)
	in.file = schemaFile(filepath.Join(r.work, r.cfg.Output, "jsonschema", filepath.FromSlash(pkg)), in.goName, name)
	return in
}

// schemaFile finds the JSON Schema file of folder whose title is the Go
// name or the definition's.
func schemaFile(folder, goName, name string) string {
	files, _ := filepath.Glob(filepath.Join(folder, "*.schema.json"))
	for _, f := range files {
		var head struct {
			Title string `json:"title"`
		}
		b, _ := os.ReadFile(f)
		json.Unmarshal(b, &head)
		if head.Title == goName || head.Title == name {
			return filepath.Base(f)
		}
	}
	return ""
}

// judgeCUE unifies each instance with its unit in the pristine corpus, as
// cue vet -d judges it.
func judgeCUE(ins []*instance) map[string]string {
	out := map[string]string{}
	ctx := cuecontext.New()
	pkgs := map[string]cue.Value{}
	for _, in := range ins {
		k := in.run.name + " " + in.unit.Pkg
		v, ok := pkgs[k]
		if !ok {
			inst := load.Instances(loadArgs(in.run.name, in.run.cfg.Schema, in.unit.Pkg), &load.Config{Dir: in.run.name})[0]
			if inst.Err != nil {
				out[in.key()] = "cue load: " + inst.Err.Error()
				continue
			}
			v = ctx.BuildInstance(inst)
			pkgs[k] = v
		}
		switch {
		case in.unit.IsField():
			// a library's field (hof's Template), not the definition
			// beside it that closes it (#Template: Template)
			v = v.LookupPath(cue.MakePath(cue.Str(in.unit.Name)))
		case in.unit.Name != Root:
			v = judge.Definition(v, in.unit.Name)
		}
		verdict, err := judge.Vet(v, in.name, in.data) // bytes as cue export writes them
		switch {
		case err != nil:
			out[in.key()] = "not JSON: " + err.Error()
		case verdict != nil:
			out[in.key()] = strings.ReplaceAll(verdict.Error(), "\n", "; ")
		default:
			out[in.key()] = ""
		}
	}
	return out
}

// judgeGo builds one program that decodes (UnmarshalJSON) and validates
// every instance with its unit's generated Go type.
func judgeGo(t *testing.T, mod string, ins []*instance) map[string]string {
	var imports, entries strings.Builder
	alias := map[string]string{}
	seen := map[string]bool{}
	for _, in := range ins {
		imp := in.run.cfg.GoPackage(in.unit.Pkg)
		a, ok := alias[imp]
		if !ok {
			a = fmt.Sprintf("p%d", len(alias))
			alias[imp] = a
			fmt.Fprintf(&imports, "\t%s %q\n", a, imp)
		}
		k := in.unit.Key()
		if !seen[k] {
			seen[k] = true
			switch {
			case in.union && in.nullable:
				fmt.Fprintf(&entries, "\t%q: func(b []byte) error { v, err := %s.Unmarshal%s(b); if err != nil || v == nil { return err }; return v.Validate() },\n", k, a, in.goName)
			case in.union:
				fmt.Fprintf(&entries, "\t%q: func(b []byte) error { v, err := %s.Unmarshal%s(b); if err != nil { return err }; return v.Validate() },\n", k, a, in.goName)
			case in.nullable:
				fmt.Fprintf(&entries, "\t%q: func(b []byte) error { var v wire.Nullable[%s.%s]; if err := v.UnmarshalJSON(b); err != nil { return err }; return v.Validate() },\n", k, a, in.goName)
			default:
				fmt.Fprintf(&entries, "\t%q: func(b []byte) error { var v %s.%s; if err := v.UnmarshalJSON(b); err != nil { return err }; return v.Validate() },\n", k, a, in.goName)
			}
		}
	}
	src := "package main\n\nimport (\n\t\"bufio\"\n\t\"fmt\"\n\t\"os\"\n\t\"strings\"\n\n\t\"github.com/schemagen/schemagen/wire\"\n" + imports.String() + ")\n\nvar _ = wire.IsNull // a document of a nullable object is read into a wire.Nullable\n\nvar judges = map[string]func([]byte) error{\n" + entries.String() + `}

func main() {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		judge, file, _ := strings.Cut(in.Text(), "\t")
		b, err := os.ReadFile(file)
		if err == nil {
			err = judges[judge](b)
		}
		if err != nil {
			fmt.Println("refused:", strings.ReplaceAll(err.Error(), "\n", "; "))
		} else {
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
	// -trimpath: the scratch folder is new each run; without it the
	// folder is part of every package's build cache key.
	build := exec.Command("go", "build", "-trimpath", "-o", exe, "./cmd/judge")
	build.Dir = mod
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	if b, err := build.CombinedOutput(); err != nil {
		t.Errorf("the instance judge does not build: %v\n%s", err, b)
		return nil
	}
	var stdin bytes.Buffer
	for _, in := range ins {
		fmt.Fprintf(&stdin, "%s\t%s\n", in.unit.Key(), in.path)
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
	for i := 0; sc.Scan() && i < len(ins); i++ {
		why, _ := strings.CutPrefix(sc.Text(), "refused: ")
		if sc.Text() == "ok" {
			why = ""
		} else if why == "" {
			why = "refused"
		}
		out[ins[i].key()] = why
	}
	return out
}

// judgeSanthosh validates every instance with santhosh-tekuri against its
// package's open or strict schema files.
func judgeSanthosh(t *testing.T, ins []*instance, strict bool) map[string]string {
	out := map[string]string{}
	sets := map[string]*judge.SchemaSet{}
	for _, in := range ins {
		folder := filepath.Join(in.run.work, in.run.cfg.Output, "jsonschema", filepath.FromSlash(in.unit.Pkg))
		if strict {
			folder = filepath.Join(folder, "strict")
		}
		set := sets[folder]
		if set == nil {
			var err error
			if set, err = judge.Load(folder); err != nil {
				t.Errorf("%s: %v", in.key(), err)
				continue
			}
			sets[folder] = set
		}
		why, err := set.Validate(in.file, in.data)
		if err != nil {
			t.Errorf("%s: santhosh-tekuri cannot compile %s: %v", in.key(), in.file, err)
			continue
		}
		out[in.key()] = why
	}
	return out
}

// judgeAjv runs ajv (strict mode, formats) over every instance against its
// package's strict and open bundles, with conformance/constructs' script.
func judgeAjv(t *testing.T, mod string, ins []*instance) (strictV, openV map[string]string) {
	var jobs []judge.AjvJob
	for _, in := range ins {
		base := filepath.Join(in.run.work, in.run.cfg.Output, "jsonschema")
		names := jsonschema.BundleNames(in.run.schema)[in.unit.Pkg]
		for _, strict := range []bool{true, false} {
			bundle, file := filepath.Join(base, filepath.FromSlash(names[0])), filepath.Join(base, in.unit.Pkg, in.file)
			if strict {
				bundle, file = filepath.Join(base, filepath.FromSlash(names[1])), filepath.Join(base, in.unit.Pkg, jsonschema.StrictDir, in.file)
			}
			id, _, _ := judge.ReadID(file)
			jobs = append(jobs, judge.AjvJob{Key: fmt.Sprint(strict) + "\t" + in.key(), Bundle: bundle, ID: id, File: in.path})
		}
	}
	script, _ := filepath.Abs(filepath.Join("..", "constructs", "judge-ajv.cjs"))
	verdicts, err := judge.Ajv(filepath.Join(repo, "conformance", "ts", "node_modules"), script, filepath.Join(mod, "ajv-jobs.json"), jobs)
	if err != nil {
		if err != judge.ErrNoNode || require("NODE") {
			t.Error(err)
		}
		return nil, nil
	}
	return judge.SplitStrict(verdicts)
}

// judgeTS parses every instance with the generated TypeScript's parse
// function (in node, from the JavaScript tsc wrote into mod/js): an
// instance it accepts must come back from the write function as the same
// JSON value.
func judgeTS(t *testing.T, mod string, ins []*instance) map[string]string {
	if _, err := os.Stat(filepath.Join(mod, "js")); err != nil {
		if require("NODE") {
			t.Error("no JavaScript from tsc in " + filepath.Join(mod, "js"))
		}
		return nil
	}
	var jobs []judge.TSJob
	byKey := map[string]*instance{}
	for _, in := range ins {
		p := in.run.pkg(in.unit.Pkg)
		name := tsNameOf(p, in.unit)
		rel, _ := filepath.Rel(mod, filepath.Join(in.run.work, in.run.cfg.Output, "ts", p.Path+".js"))
		jobs = append(jobs, judge.TSJob{Key: in.key(), Module: filepath.Join(mod, "js", rel), Name: name, File: in.path})
		byKey[in.key()] = in
	}
	script, _ := filepath.Abs(filepath.Join("..", "constructs", "judge-ts.mjs"))
	verdicts, err := judge.TS(script, filepath.Join(mod, "ts-jobs.json"), jobs)
	if err != nil {
		if err != judge.ErrNoNode || require("NODE") {
			t.Error(err)
		}
		return nil
	}
	out := map[string]string{}
	for key, v := range verdicts {
		in := byKey[key]
		if in == nil {
			continue
		}
		out[key] = v.Why
		if v.Why == "" && in.class != "open" && !judge.BeyondDouble(in.data) && !judge.SameJSON(in.data, []byte(v.Written)) {
			t.Errorf("instance %s: the TypeScript accepts it, but its write function writes %s", key, v.Written)
		}
	}
	return out
}

// tsNameOf is the TypeScript name of a unit whose parse function judges
// it: an object's, a union's or a named map's, or the package's document.
func tsNameOf(p *model.Package, u *Unit) string {
	if u.Name == Root {
		return p.DocumentTSName()
	}
	if u.IsField() {
		// a library's field's own type (hof's TemplateField), not the
		// definition of its name beside it (#Template: Template)
		if name := p.FieldTypes[u.Name]; name != "" {
			return model.TSName(name)
		}
	}
	return model.TSName(strings.TrimPrefix(u.Name, "#"))
}
