// Package corpus_test measures schemagen on public CUE that nobody on this
// project wrote: every folder here holding a cue.mod is a corpus, its
// schema files unmodified (ORIGIN.md says where each comes from). Every
// top-level definition of every package, and each package's root object
// (its top-level fields), is one unit, classified as
//
//   - generated: schemagen's output carries it (a Go type, a JSON Schema
//     $defs entry, a TypeScript type), the Go builds, tsc --strict --noUnusedLocals accepts
//     the TypeScript, and santhosh-tekuri and ajv compile the JSON Schema;
//   - refused: an error positioned inside its source, or a reference to a
//     refused definition;
//   - unpositioned, crashed, dropped (generate succeeded and the unit, a
//     field of it or the rule of one of its if clauses is missing from
//     the model or an output) or not-compiled: each fails the test.
//
// A package with refusals is generated again with the refused units'
// source blanked out (their bytes replaced by spaces, so every other
// declaration keeps its bytes, lines and columns), until generate
// succeeds: docs/corpus.md describes the method. The same units go through
// `cue exp gengotypes` and CUE's JSON Schema generator, and the three
// fractions are the table in docs/corpus.md, kept current with
// SCHEMAGEN_UPDATE=1 like testdata/results.txt, the golden of every unit's
// class and refusal. The fraction is reported, never asserted: a change in
// any unit's outcome shows in review as a change of the golden.
package corpus_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
	cuejsonschema "cuelang.org/go/encoding/jsonschema"
	jsv "github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/jsonschema"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/judge"
)

const (
	goldenFile = "testdata/results.txt"
	docFile    = "../../docs/corpus.md"
	beginMark  = "<!-- measured by conformance/corpus: begin -->"
	endMark    = "<!-- measured by conformance/corpus: end -->"
	// goModule is the Go module of the scratch folder every corpus is
	// copied into, so its generated Go packages build against this
	// checkout.
	goModule = "example.com/corpus"
)

// repo is this checkout's root.
var repo, _ = filepath.Abs(filepath.Join("..", ".."))

var update = os.Getenv("SCHEMAGEN_UPDATE") != ""

// init lets a panic of schemagen's resolver go on (gen/model's
// resolveSafely turns it into an error at the package otherwise), so that
// it counts as a crash here, not as a refusal.
func init() { os.Setenv("SCHEMAGEN_PANIC", "1") }

// require reports whether a missing tool fails the test rather than
// skipping its part: make test sets it.
func require(what string) bool { return os.Getenv("SCHEMAGEN_REQUIRE_"+what) != "" }

// The classes of a unit's outcome.
const (
	Generated    = "generated"
	Refused      = "refused"
	Unpositioned = "unpositioned"
	Crashed      = "crashed"
	Dropped      = "dropped"
	NotCompiled  = "not-compiled"
)

// outcome is what became of one unit in schemagen.
type outcome struct {
	class string
	msg   string // the refusal (position: message) or what went wrong
}

// corpusRun is one corpus's working copy and what schemagen did with it.
type corpusRun struct {
	name   string
	work   string // the working copy, under the scratch module
	cfg    *model.Config
	src    *Source
	out    map[*Unit]*outcome
	schema *model.Schema // the model of the last, successful run
	rounds int
	values map[string]cue.Value // the working copy's packages, by folder
	// msgs are every refusal message of every unit (a unit may have
	// several), for the counts of docs/corpus.md.
	msgs map[*Unit][]string
}

// TestCorpus classifies every unit of every corpus.
func TestCorpus(t *testing.T) {
	start := time.Now()
	names := corpora(t)
	mod := t.TempDir()
	if keep := os.Getenv("SCHEMAGEN_CORPUS_KEEP"); keep != "" {
		// Keep the working copies and their outputs, to look at.
		mod = keep
		os.RemoveAll(mod)
		os.MkdirAll(mod, 0o755)
	}
	gomod := "module " + goModule + "\n\ngo 1.26\n\nrequire github.com/schemagen/schemagen v0.0.0\n\nreplace github.com/schemagen/schemagen => " + repo + "\n"
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	gosum, _ := os.ReadFile(filepath.Join(repo, "go.sum"))
	os.WriteFile(filepath.Join(mod, "go.sum"), gosum, 0o644)

	// CUE's two generators run beside schemagen, on pristine copies.
	var peers sync.WaitGroup
	ggHandled := map[string]map[string]string{}
	var ggErr error
	cue := cueBinary(t)
	peers.Add(1)
	go func() {
		defer peers.Done()
		ggHandled, ggErr = runGengotypes(cue, names, t.TempDir())
	}()

	// CUE's JSON Schema generator, one child process per corpus, as many
	// at once as the machine has cores: thirty at once took twice the CPU
	// time, in their collectors, of the same children two at a time.
	jsByCorpus := make([]map[string]string, len(names))
	children := make(chan struct{}, runtime.NumCPU())
	for i, name := range names {
		peers.Add(1)
		go func() {
			defer peers.Done()
			children <- struct{}{}
			defer func() { <-children }()
			jsByCorpus[i] = runCUEJSONSchema(t, name)
		}()
	}

	lap := time.Now()
	var runs []*corpusRun
	for _, name := range names {
		r, err := runSchemagen(name, filepath.Join(mod, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		runs = append(runs, r)
	}
	phase := func(name string) {
		t.Logf("%s: %v", name, time.Since(lap).Round(time.Millisecond))
		lap = time.Now()
	}
	phase("schemagen")
	// The outputs' compilers, side by side.
	var checks sync.WaitGroup
	for _, check := range []func(){
		func() { checkGo(t, mod, runs) },
		func() { checkTypeScript(t, mod, runs) },
		func() { checkSanthosh(t, runs); checkAjv(t, mod, runs) },
	} {
		checks.Add(1)
		go func() { defer checks.Done(); check() }()
	}
	checks.Wait()
	phase("go build, tsc, santhosh-tekuri, ajv")
	judgeInstances(t, mod, runs)
	phase("instances")
	peers.Wait()
	phase("waiting for CUE's generators")
	jsHandled := map[*Unit]string{}
	for i, r := range runs {
		for _, u := range r.src.Units {
			why, ok := jsByCorpus[i][u.Pkg+"\t"+u.Name]
			if !ok {
				why = "no verdict"
			}
			jsHandled[u] = why
		}
	}
	if ggErr != nil {
		t.Errorf("cue exp gengotypes: %v", ggErr)
	}

	// The golden: every unit's class and refusal.
	var golden strings.Builder
	fmt.Fprintf(&golden, "# conformance/corpus: every unit's outcome in schemagen | cue exp gengotypes | CUE's JSON Schema generator.\n")
	fmt.Fprintf(&golden, "# Regenerate with SCHEMAGEN_UPDATE=1 go test ./conformance/corpus; docs/corpus.md explains the classes.\n")
	for _, r := range runs {
		for _, u := range r.src.Units {
			o := r.out[u]
			gg, js := "handled", "handled"
			if why, ok := ggHandled[r.name][u.Pkg+" "+u.Name]; !ok || why != "" {
				gg = "not handled"
			}
			if why := jsHandled[u]; why != "" {
				js = "not handled"
			}
			fmt.Fprintf(&golden, "%s\t%s\t%s\t%s\t%s\t%s\n", u.Key(), o.class, gg, js, oneLine(o.msg), oneLine(jsHandled[u]))
		}
	}
	compareOrUpdate(t, goldenFile, golden.String())

	table := report(runs, ggHandled, jsHandled)
	t.Log("\n" + table)
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
		t.Errorf("the measured section of %s is stale; rerun with SCHEMAGEN_UPDATE=1 go test ./conformance/corpus", docFile)
	}

	// What fails the test: anything but generated or refused at a position,
	// unless testdata/known-failures.txt lists it; a listed failure that
	// is gone fails it too, so that the list only shrinks.
	known := knownFailures(t)
	for _, r := range runs {
		for _, u := range r.src.Units {
			o := r.out[u]
			failed := o.class != Generated && o.class != Refused
			k := u.Key() + "\t" + o.class
			switch {
			case failed && known[k]:
				t.Logf("known failure (testdata/known-failures.txt): %s: %s: %s", u.Key(), o.class, o.msg)
				delete(known, k)
			case failed:
				t.Errorf("%s: %s: %s", u.Key(), o.class, o.msg)
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(known)) {
		if strings.HasPrefix(k, "instance ") {
			continue // judgeInstances's
		}
		t.Errorf("testdata/known-failures.txt lists %q, which no longer fails so: remove the line", k)
	}
	t.Logf("took %v", time.Since(start).Round(time.Millisecond))
}

// knownFailures reads testdata/known-failures.txt: "corpus pkg name<TAB>class"
// lines, # comments. The file is edited by hand, never by SCHEMAGEN_UPDATE.
func knownFailures(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile("testdata/known-failures.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			m[l] = true
		}
	}
	return m
}

// corpora lists the folders here that hold a cue.mod.
func corpora(t *testing.T) []string {
	t.Helper()
	mods, _ := filepath.Glob("*/cue.mod")
	var names []string
	for _, m := range mods {
		names = append(names, filepath.Dir(m))
	}
	if len(names) == 0 {
		t.Fatal("no corpus here")
	}
	sort.Strings(names)
	return names
}

// copyTree copies the folder from to to.
func copyTree(from, to string) error {
	return filepath.Walk(from, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if fi.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}

// generate loads and emits the module at root, turning a panic into an
// error of its own.
func generate(root string) (s *model.Schema, res *gen.Result, err error, crash string) {
	defer func() {
		if p := recover(); p != nil {
			crash = fmt.Sprintf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	s, err = model.Load(root)
	if err != nil {
		return nil, nil, err, ""
	}
	res, err = gen.Emit(s, gen.Options{})
	return s, res, err, ""
}

var pathHeadRE = regexp.MustCompile(`^([#_]*[\w$]+)[.:\[]`)

// pathHead is the first selector of the CUE path an error message starts
// with, or "".
func pathHead(msg string) string {
	if m := pathHeadRE.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return ""
}

// dependsOnRefused is the refusal of a unit whose only fault, in a later
// round, is a reference to a unit or hidden field refused before.
const dependsOnRefused = "refers to a definition refused in an earlier round"

var refNotFound = regexp.MustCompile(`reference "([^"]+)" not found`)

// runSchemagen copies a corpus to work and generates it, blanking out the
// refused units' source until generate succeeds.
func runSchemagen(name, work string) (*corpusRun, error) {
	if err := copyTree(name, work); err != nil {
		return nil, err
	}
	cfg, err := model.ReadConfig(work)
	if err != nil {
		return nil, err
	}
	src, err := ReadSource(name, work, cfg)
	if err != nil {
		return nil, err
	}
	if err := keepLibraries(work, src.Libraries); err != nil {
		return nil, err
	}
	r := &corpusRun{name: name, work: work, cfg: cfg, src: src, out: map[*Unit]*outcome{}, msgs: map[*Unit][]string{}}
	var blank []*Span
	removed := map[string]bool{} // "pkg #Name" of refused units
	settle := func(u *Unit, class, msg string) bool {
		if r.out[u] != nil {
			return false
		}
		r.out[u] = &outcome{class: class, msg: msg}
		if class == Refused || class == Unpositioned {
			removed[u.Pkg+" "+u.Name] = true
			for _, sp := range src.Spans {
				if sp.Unit == u {
					blank = append(blank, sp)
				}
			}
		}
		return true
	}
	remaining := func(pkg string) []*Unit {
		var us []*Unit
		for _, u := range src.Units {
			if r.out[u] == nil && (pkg == "" || u.Pkg == pkg) {
				us = append(us, u)
			}
		}
		return us
	}
	for r.rounds = 1; ; r.rounds++ {
		for file, data := range Blank(src.Files, blank) {
			if err := os.WriteFile(filepath.Join(work, filepath.FromSlash(file)), data, 0o644); err != nil {
				return nil, err
			}
		}
		s, res, err, crash := generate(work)
		if crash != "" {
			for _, u := range remaining("") {
				settle(u, Crashed, crash)
			}
			return r, nil
		}
		if err == nil {
			r.schema = s
			if err := res.Files.Write(work, cfg.Output); err != nil {
				return nil, err
			}
			r.checkPresent(res)
			return r, nil
		}
		var list model.ErrorList
		switch e := err.(type) {
		case model.ErrorList:
			list = e
		case *model.Error:
			list = model.ErrorList{e}
		default:
			list = model.ErrorList{{Msg: err.Error()}}
		}
		progress := false
		for _, e := range list {
			msg, kind := e.Error(), e.Msg
			if m := refNotFound.FindStringSubmatch(e.Msg); m != nil {
				if sp := src.At(e.Pos.File, e.Pos.Line, e.Pos.Col); sp != nil && removed[sp.Pkg+" "+m[1]] {
					msg = e.Pos.String() + ": refers to " + m[1] + ", which is refused"
					kind = dependsOnRefused
				}
			}
			var us []*Unit
			class := Refused
			sp := src.At(e.Pos.File, e.Pos.Line, e.Pos.Col)
			switch {
			case !e.Pos.IsValid():
				// The path the message starts with may name one unit: a
				// definition, or a top-level field of one package's root.
				// Then that unit is unpositioned and the others go on;
				// else every unit left is.
				class, us = Unpositioned, remaining("")
				if owners := src.Owners(pathHead(e.Msg)); len(owners) == 1 && r.out[owners[0]] == nil {
					us = owners
				}
			case sp == nil && e.Pos.Line == 0 && len(src.Pkgs[folderPkg(cfg.Schema, e.Pos.File)]) > 0:
				// A package's folder (two packages share it).
				us = remaining(folderPkg(cfg.Schema, e.Pos.File))
			case sp == nil:
				// Outside the corpus's schema files: no unit to blame,
				// so every one left is refused by it.
				us = remaining("")
			case sp.Import && strings.Contains(e.Msg, "imported and not used"):
				// Its users were blanked out.
				blank = append(blank, sp)
				progress = true
			case sp.Unit == nil && sp.Hidden != "":
				blank = append(blank, sp)
				removed[sp.Pkg+" "+sp.Hidden] = true
				progress = true
			case sp.Unit == nil:
				us = remaining(sp.Pkg)
			default:
				us = []*Unit{sp.Unit}
			}
			for _, u := range us {
				if class == Refused {
					r.msgs[u] = append(r.msgs[u], kind)
				}
				if settle(u, class, msg) {
					progress = true
				}
			}
			if class == Unpositioned && len(remaining("")) == 0 {
				return r, nil
			}
		}
		if !progress {
			for _, u := range remaining("") {
				settle(u, Unpositioned, "generate keeps failing after every unit it names was removed: "+oneLine(err.Error()))
			}
			return r, nil
		}
	}
}

// keepLibraries names the libraries of types of a corpus in the copy's
// schemagen.cue (typeLibraries): a round that blanks the refused fields
// of one may leave no field referring to another, and the package must be
// read as the same library, not as a document whose fields the remaining
// units would be.
func keepLibraries(work string, libs []string) error {
	if len(libs) == 0 {
		return nil
	}
	file := filepath.Join(work, model.ConfigFile)
	data, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	quoted := make([]string, len(libs))
	for i, l := range libs {
		quoted[i] = strconv.Quote(l)
	}
	data = append(data, "\ntypeLibraries: ["+strings.Join(quoted, ", ")+"]\n"...)
	return os.WriteFile(file, data, 0o644)
}

// folderPkg returns the package folder (relative to the schema folder) of
// a folder relative to the module root.
func folderPkg(schema, folder string) string {
	rel, _ := strings.CutPrefix(folder, schema+"/")
	return rel
}

// checkPresent classifies every unit left after a successful generate:
// generated when the model and every output carry it, dropped otherwise.
func (r *corpusRun) checkPresent(res *gen.Result) {
	goTypes := map[string]bool{}   // "pkg GoName"
	jsonDefs := map[string]bool{}  // "pkg GoName"
	tsTypes := map[string]string{} // pkg → source
	tsDecl := func(name string) *regexp.Regexp {
		return regexp.MustCompile(`(?m)^export (?:type|interface|const|enum|const enum) ` + regexp.QuoteMeta(name) + `\b`)
	}
	bundles := jsonschema.BundleNames(r.schema)
	for _, p := range r.schema.Packages {
		for _, f := range res.Files {
			switch {
			case strings.HasPrefix(f.Path, "go/"+p.Path+"/") && !strings.Contains(strings.TrimPrefix(f.Path, "go/"+p.Path+"/"), "/") && strings.HasSuffix(f.Path, ".go"):
				af, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Data, parser.SkipObjectResolution)
				if err != nil {
					continue // reported by the build
				}
				for _, d := range af.Decls {
					if gd, ok := d.(*ast.GenDecl); ok {
						for _, s := range gd.Specs {
							if ts, ok := s.(*ast.TypeSpec); ok {
								goTypes[p.Path+" "+ts.Name.Name] = true
							}
						}
					}
				}
			case f.Path == "jsonschema/"+bundles[p.Path][0]:
				var doc any
				json.Unmarshal(f.Data, &doc)
				walkJSON(doc, func(m map[string]any) {
					if defs, ok := m["$defs"].(map[string]any); ok {
						for k := range defs {
							jsonDefs[p.Path+" "+k] = true
						}
					}
				})
			case f.Path == "ts/"+p.Path+".ts":
				tsTypes[p.Path] = string(f.Data)
			}
		}
	}
	for _, u := range r.src.Units {
		if r.out[u] != nil {
			continue
		}
		p := r.pkg(u.Pkg)
		goName := ""
		if p != nil {
			goName = goNameOf(p, u)
		}
		var missing []string
		named := 0
		switch {
		case p == nil:
			missing = append(missing, "the model has no package "+u.Pkg)
		case goName == "":
			missing = append(missing, "the model has no "+u.Name)
		default:
			// JSON Schema and TypeScript name a definition as the schema
			// does; Go by its Go name.
			name := strings.TrimPrefix(u.Name, "#")
			switch {
			case u.Name == Root:
				name = p.Document
			case u.IsField():
				name = modelName(p, u) // BarField beside #Bar
			}
			for _, c := range []struct {
				ok   bool
				what string
			}{
				{goTypes[p.Path+" "+goName], "Go type " + goName},
				{jsonDefs[p.Path+" "+name] || jsonDefs[p.Path+" "+goName], "JSON Schema $defs." + name},
				{tsDecl(model.TSName(name)).MatchString(tsTypes[p.Path]) || tsDecl(goName).MatchString(tsTypes[p.Path]), "TypeScript type " + model.TSName(name)},
			} {
				if c.ok {
					named++
				} else {
					missing = append(missing, c.what)
				}
			}
		}
		if lost := r.lostFields(p, u); len(lost) > 0 {
			r.out[u] = &outcome{class: Dropped, msg: "generate succeeded without its field(s) " + strings.Join(lost, ", ")}
			continue
		}
		if lost := r.lostRules(u); len(lost) > 0 {
			r.out[u] = &outcome{class: Dropped, msg: "generate succeeded without the rule of its if clause(s) at " + strings.Join(lost, ", ")}
			continue
		}
		switch {
		case named == 0:
			r.out[u] = &outcome{class: Dropped, msg: "generate succeeded without it: no " + strings.Join(missing, ", no ")}
		case len(missing) > 0:
			// Carried, but not by name everywhere: the Go of a scalar
			// without a check is its base type, and a JSON Schema bundle
			// holds what its roots reach.
			r.out[u] = &outcome{class: Generated, msg: "not named in: " + strings.Join(missing, ", ")}
		default:
			r.out[u] = &outcome{class: Generated}
		}
	}
}

// lostFields returns the fields CUE gives an object unit (regular,
// optional and required) that the model's object lacks.
func (r *corpusRun) lostFields(p *model.Package, u *Unit) []string {
	if p == nil {
		return nil
	}
	name := modelName(p, u)
	if u.Name == Root {
		if p.Root == nil {
			return nil // no object: no fields to lose
		}
		name = p.Root.Name
	}
	var obj *model.Object
	for _, o := range p.Objects {
		if o.Name == name {
			obj = o
		}
	}
	if obj == nil {
		return nil
	}
	if r.values == nil {
		r.values = map[string]cue.Value{}
	}
	v, ok := r.values[u.Pkg]
	if !ok {
		inst := load.Instances(loadArgs(r.work, r.cfg.Schema, u.Pkg), &load.Config{Dir: r.work})[0]
		if inst.Err != nil {
			return []string{"(cue load: " + inst.Err.Error() + ")"}
		}
		v = cuecontext.New().BuildInstance(inst)
		r.values[u.Pkg] = v
	}
	if u.Name != Root {
		v = v.LookupPath(u.Path()) // #Name, #."per-son", a library's field
	}
	if op, args := v.Expr(); op == cue.OrOp {
		// #D: null | {…} is the object, nullable: its fields are the
		// struct's.
		for _, a := range args {
			if a.IncompleteKind() == cue.StructKind {
				v = a
			}
		}
	}
	if v.IncompleteKind() == cue.TopKind {
		// A root that only embeds a validator (matchN(2, [#A & {...},
		// …])) is _ to CUE, with no field of its own to lose.
		return nil
	}
	it, err := v.Fields(cue.Optional(true))
	if err != nil {
		return []string{"(" + err.Error() + ")"}
	}
	var lost []string
	for it.Next() {
		name := it.Selector().Unquoted()
		// file?: _|_ is a member the object never holds: carried as
		// one (Absent), checked by every target.
		absent := slices.ContainsFunc(obj.Absent, func(a *model.AbsentMember) bool { return a.Name == name })
		if obj.Field(name) == nil && !absent {
			lost = append(lost, name)
		}
	}
	return lost
}

func (r *corpusRun) pkg(path string) *model.Package {
	for _, p := range r.schema.Packages {
		if p.Path == path {
			return p
		}
	}
	if path == "." {
		// A package in the schema folder itself (hof's schema/hof.cue)
		// names its outputs after itself: found by its folder.
		for _, p := range r.schema.Packages {
			if filepath.Clean(p.Dir) == filepath.Clean(r.cfg.Schema) {
				return p
			}
		}
	}
	return nil
}

// modelName is the name the model gives a unit's definition: its name
// without #, or for #."per-son" its key made a name (PerSon); for a
// library's field, the name the package's FieldTypes gives its type.
func modelName(p *model.Package, u *Unit) string {
	if u.IsField() {
		return p.FieldTypes[u.Name]
	}
	name := strings.TrimPrefix(u.Name, "#")
	if key, err := strconv.Unquote(strings.TrimPrefix(name, ".")); err == nil && strings.HasPrefix(name, ".") {
		name = model.QuotedDefName(key)
	}
	return name
}

// goNameOf finds a unit in its package's model: its Go name, or "".
func goNameOf(p *model.Package, u *Unit) string {
	name := modelName(p, u)
	if u.Name == Root {
		// The package's document: its root object, the definition its
		// top level embeds alone, or its value when not a struct.
		if p.Document == "" {
			return ""
		}
		name = p.Document
	}
	for _, s := range p.Scalars {
		if s.Name == name {
			return s.GoName
		}
	}
	for _, e := range p.Enums {
		if e.Name == name {
			return e.GoName
		}
	}
	for _, o := range p.Objects {
		if o.Name == name {
			return o.GoName
		}
	}
	for _, un := range p.Unions {
		if un.Name == name {
			return un.GoName
		}
	}
	for _, m := range p.Maps {
		if m.Name == name {
			return m.GoName
		}
	}
	for _, o := range p.OneOfs {
		if o.Name == name {
			return o.GoName
		}
	}
	for _, a := range p.Aliases {
		if a.Name == name {
			return a.GoName
		}
	}
	for _, t := range p.Tuples {
		if t.Name == name {
			return t.GoName
		}
	}
	return ""
}

func walkJSON(v any, f func(map[string]any)) {
	switch v := v.(type) {
	case map[string]any:
		f(v)
		for _, k := range slices.Sorted(maps.Keys(v)) {
			walkJSON(v[k], f)
		}
	case []any:
		for _, e := range v {
			walkJSON(e, f)
		}
	}
}

// outMu guards corpusRun.out while the compile checks run side by side.
var outMu sync.Mutex

// notCompiled marks every generated unit of a package as not compiled.
func (r *corpusRun) notCompiled(pkg, why string) {
	outMu.Lock()
	defer outMu.Unlock()
	for _, u := range r.src.Pkgs[pkg] {
		if o := r.out[u]; o.class == Generated {
			r.out[u] = &outcome{class: NotCompiled, msg: why}
		}
	}
}

// checkGo builds every generated Go package of every corpus, in one go
// build of the scratch module.
func checkGo(t *testing.T, mod string, runs []*corpusRun) {
	// -trimpath: the scratch folder is new each run; without it the
	// folder is part of every package's build cache key.
	cmd := exec.Command("go", "build", "-trimpath", "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	b, err := cmd.CombinedOutput()
	if err == nil {
		return
	}
	blamed := false
	for _, r := range runs {
		if r.schema == nil {
			continue
		}
		for _, p := range r.schema.Packages {
			if bytes.Contains(b, []byte("# "+r.cfg.GoPackage(p.Path)+"\n")) {
				r.notCompiled(p.Path, "the generated Go does not build:\n"+string(b))
				blamed = true
			}
		}
	}
	if !blamed {
		t.Errorf("go build of the generated Go: %v\n%s", err, b)
	}
}

// checkTypeScript compiles every generated TypeScript file under tsc
// --strict, one invocation for all, into mod/js for the TypeScript judge.
func checkTypeScript(t *testing.T, mod string, runs []*corpusRun) {
	tsc := judge.TypeScript7(filepath.Join(repo, "conformance", "ts", "node_modules"))
	if _, err := os.Stat(tsc); err != nil {
		if require("NODE") {
			t.Error("conformance/ts/node_modules has no tsc (npm ci in conformance/ts)")
		}
		return
	}
	args := []string{"--strict", "--noUnusedLocals", "--target", "es2020", "--module", "es2020", "--skipLibCheck", "--rootDir", mod, "--outDir", filepath.Join(mod, "js")}
	for _, r := range runs {
		if r.schema == nil {
			continue
		}
		for _, p := range r.schema.Packages {
			args = append(args, filepath.Join(r.work, r.cfg.Output, "ts", p.Path+".ts"))
		}
	}
	b, err := exec.Command(tsc, args...).CombinedOutput()
	if err == nil {
		return
	}
	blamed := false
	for _, r := range runs {
		if r.schema == nil {
			continue
		}
		for _, p := range r.schema.Packages {
			f := filepath.Join(r.work, r.cfg.Output, "ts", p.Path+".ts")
			if bytes.Contains(b, []byte(f+"(")) {
				r.notCompiled(p.Path, "tsc --strict refuses the TypeScript:\n"+string(b))
				blamed = true
			}
		}
	}
	if !blamed {
		t.Errorf("tsc --strict: %v\n%s", err, b)
	}
}

// checkSanthosh compiles every schema file of every package with
// santhosh-tekuri, open and strict.
func checkSanthosh(t *testing.T, runs []*corpusRun) {
	for _, r := range runs {
		if r.schema == nil {
			continue
		}
		for _, p := range r.schema.Packages {
			for _, sub := range []string{"", "strict"} {
				folder := filepath.Join(r.work, r.cfg.Output, "jsonschema", filepath.FromSlash(p.Path), sub)
				files, _ := filepath.Glob(filepath.Join(folder, "*.schema.json"))
				own := len(files)
				if sub == "" {
					// A match part judged strictly refers to the
					// strict set's schema (strict/options.schema.json):
					// the open set loads it, compiled with its own set.
					strict, _ := filepath.Glob(filepath.Join(folder, "strict", "*.schema.json"))
					files = append(files, strict...)
				}
				comp := jsv.NewCompiler()
				comp.Draft = jsv.Draft2020
				comp.AssertFormat = true
				var ids []string
				for i, f := range files {
					data, _ := os.ReadFile(f)
					var head struct {
						ID string `json:"$id"`
					}
					json.Unmarshal(data, &head)
					if err := comp.AddResource(head.ID, bytes.NewReader(data)); err != nil {
						r.notCompiled(p.Path, fmt.Sprintf("santhosh-tekuri: %s: %v", f, err))
					}
					if i < own {
						ids = append(ids, head.ID)
					}
				}
				for _, id := range ids {
					if _, err := comp.Compile(id); err != nil {
						r.notCompiled(p.Path, fmt.Sprintf("santhosh-tekuri cannot compile %s: %v", id, err))
					}
				}
			}
		}
	}
}

// checkAjv compiles every bundle, open and strict, with ajv in strict
// mode: every resource in it, looked up by its $id.
func checkAjv(t *testing.T, mod string, runs []*corpusRun) {
	nm := filepath.Join(repo, "conformance", "ts", "node_modules")
	if _, err := exec.LookPath("node"); err != nil || !exists(filepath.Join(nm, "ajv")) {
		if require("NODE") {
			t.Error("node or conformance/ts/node_modules is missing (npm ci in conformance/ts)")
		}
		return
	}
	type bundle struct {
		run  *corpusRun
		pkg  string
		file string
	}
	var bundles []bundle
	var list bytes.Buffer
	for _, r := range runs {
		if r.schema == nil {
			continue
		}
		for _, p := range r.schema.Packages {
			names := jsonschema.BundleNames(r.schema)[p.Path]
			for _, name := range names[:] {
				f := filepath.Join(r.work, r.cfg.Output, "jsonschema", filepath.FromSlash(name))
				if !exists(f) {
					continue // a package with no root object or union has none
				}
				bundles = append(bundles, bundle{r, p.Path, f})
				fmt.Fprintln(&list, f)
			}
		}
	}
	script, _ := filepath.Abs("compile-ajv.cjs")
	cmd := exec.Command("node", script)
	cmd.Stdin = &list
	cmd.Env = append(os.Environ(), "NODE_PATH="+nm)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		t.Errorf("ajv: %v\n%s", err, stderr.String())
		return
	}
	verdicts := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		file, why, _ := strings.Cut(sc.Text(), "\t")
		verdicts[file] = why
	}
	for _, bd := range bundles {
		switch why, ok := verdicts[bd.file]; {
		case !ok:
			t.Errorf("ajv gave no verdict on %s", bd.file)
		case why != "ok":
			bd.run.notCompiled(bd.pkg, "ajv cannot compile "+filepath.Base(bd.file)+": "+why)
		}
	}
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// childTimeout stops a child of runCUEJSONSchema that hangs.
const childTimeout = 5 * time.Minute

// runCUEJSONSchema runs CUE's JSON Schema generator
// (cuelang.org/go/encoding/jsonschema.Generate) over every unit of the
// pristine corpus name: a unit is handled when Generate returns a schema
// without error or panic and santhosh-tekuri compiles it. The root is the
// package's value, with its definitions. Generate overflows the stack on
// some inputs, which no recover catches, so it runs in a child process
// (this test binary, TestCUEJSONSchemaChild) that reports each unit as it
// goes; a unit the child dies on is not handled, and a new child goes on
// after it. It returns "pkg<TAB>name" → "" when handled or why not.
func runCUEJSONSchema(t *testing.T, name string) map[string]string {
	out := map[string]string{} // "pkg<TAB>name" → "" or why not
	cfg, err := model.ReadConfig(name)
	if err != nil {
		t.Error(err)
		return out
	}
	src, err := ReadSource(name, name, cfg)
	if err != nil {
		t.Error(err)
		return out
	}
	{
		byKey := map[string]*Unit{}
		for _, u := range src.Units {
			byKey[u.Pkg+"\t"+u.Name] = u
		}
		for {
			var skip []string
			for k := range byKey {
				if _, done := out[k]; done {
					skip = append(skip, k)
				}
			}
			if len(skip) == len(byKey) {
				break
			}
			ctx, cancel := context.WithTimeout(context.Background(), childTimeout)
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestCUEJSONSchemaChild$")
			abs, _ := filepath.Abs(name)
			cmd.Env = append(os.Environ(), "CORPUS_CHILD_DIR="+abs, "CORPUS_CHILD_SCHEMA="+cfg.Schema)
			cmd.Stdin = strings.NewReader(strings.Join(skip, "\n"))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			cancel()
			started := ""
			for _, line := range strings.Split(stdout.String(), "\n") {
				f := strings.SplitN(line, "\t", 3)
				if len(f) != 3 || byKey[f[0]+"\t"+f[1]] == nil {
					continue
				}
				k := f[0] + "\t" + f[1]
				if f[2] == "start" {
					started = k
					continue
				}
				started = ""
				out[k], _ = strings.CutPrefix(f[2], "ok")
			}
			if started != "" {
				why := "the generator crashed: " + err.Error()
				if m := regexp.MustCompile(`(?m)^fatal error: .*$`).FindString(stderr.String()); m != "" {
					why = "the generator crashed: " + m
				}
				if ctx.Err() == context.DeadlineExceeded {
					why = fmt.Sprintf("the generator did not finish in %v", childTimeout)
				}
				out[started] = why
				continue
			}
			if err != nil {
				t.Errorf("%s: CUE's JSON Schema generator: %v\n%s", name, err, stdout.String())
			}
			for k := range byKey {
				if _, done := out[k]; !done {
					out[k] = "the generator gave no verdict"
				}
			}
		}
	}
	return out
}

// TestCUEJSONSchemaChild is runCUEJSONSchema's child process: it runs only
// with CORPUS_CHILD_DIR set, and prints "pkg<TAB>name<TAB>start" before
// each unit and "pkg<TAB>name<TAB>ok" or the reason after.
func TestCUEJSONSchemaChild(t *testing.T) {
	dir := os.Getenv("CORPUS_CHILD_DIR")
	if dir == "" {
		t.Skip("the child of TestCorpus")
	}
	// Generate's stack overflows are endless recursions (the five units
	// it crashes on crash at any limit). At 64 MiB each took 3-7 s to
	// reach, at 8 MiB under a second; no unit it handles needs more.
	debug.SetMaxStack(8 << 20)
	skipData, _ := io.ReadAll(os.Stdin)
	skip := map[string]bool{}
	for _, l := range strings.Split(string(skipData), "\n") {
		skip[l] = true
	}
	cfg, err := model.ReadConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Schema = os.Getenv("CORPUS_CHILD_SCHEMA")
	src, err := ReadSource("", dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := cuecontext.New()
	pkgs := slices.Sorted(maps.Keys(src.Pkgs))
	var args [][]string
	for _, p := range pkgs {
		args = append(args, loadArgs(dir, os.Getenv("CORPUS_CHILD_SCHEMA"), p))
	}
	for i, arg := range args {
		inst := load.Instances(arg, &load.Config{Dir: dir})[0]
		var v cue.Value
		if inst.Err == nil {
			v = ctx.BuildInstance(inst)
		}
		for _, u := range src.Pkgs[pkgs[i]] {
			k := u.Pkg + "\t" + u.Name
			if skip[k] {
				continue
			}
			fmt.Printf("%s\tstart\n", k)
			why := ""
			switch {
			case inst.Err != nil:
				why = "cue load: " + inst.Err.Error()
			case u.Name == Root:
				why = cueGenerate(ctx, v)
			default:
				uv := v.LookupPath(u.Path())
				if !uv.Exists() && u.IsField() {
					uv = v.LookupPath(cue.MakePath(cue.Str(u.Name).Optional())) // a?: #Bar
				}
				why = cueGenerate(ctx, uv)
			}
			if why == "" {
				why = "ok"
			}
			fmt.Printf("%s\t%s\n", k, strings.ReplaceAll(why, "\n", " "))
		}
	}
}

func cueGenerate(ctx *cue.Context, v cue.Value) (why string) {
	defer func() {
		if p := recover(); p != nil {
			why = fmt.Sprintf("panic: %v", p)
		}
	}()
	if err := v.Err(); err != nil {
		return err.Error()
	}
	expr, err := cuejsonschema.Generate(v, nil)
	if err != nil {
		return err.Error()
	}
	data, err := json.Marshal(ctx.BuildExpr(expr))
	if err != nil {
		return err.Error()
	}
	comp := jsv.NewCompiler()
	comp.Draft = jsv.Draft2020
	if err := comp.AddResource("https://example.com/cue.json", bytes.NewReader(data)); err != nil {
		return "santhosh-tekuri: " + err.Error()
	}
	if _, err := comp.Compile("https://example.com/cue.json"); err != nil {
		msg := err.Error()
		if i := strings.Index(msg, "infinite loop"); i >= 0 {
			// Which $ref of the loop it names varies from run to run
			// (hof's #Creator: Prompt's or Questions'), which made
			// results.txt differ between two runs of the same tree.
			msg = msg[:i+len("infinite loop")]
		}
		return "santhosh-tekuri: " + msg
	}
	return ""
}

func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// compareOrUpdate checks file against want, or writes it under
// SCHEMAGEN_UPDATE.
func compareOrUpdate(t *testing.T, file, want string) {
	t.Helper()
	if update {
		os.MkdirAll(filepath.Dir(file), 0o755)
		if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(file)
	if err != nil {
		t.Errorf("%v; rerun with SCHEMAGEN_UPDATE=1", err)
		return
	}
	if string(have) != want {
		hl, wl := strings.Split(string(have), "\n"), strings.Split(want, "\n")
		var diff []string
		for _, l := range wl {
			if !slices.Contains(hl, l) {
				diff = append(diff, "+ "+l)
			}
		}
		for _, l := range hl {
			if !slices.Contains(wl, l) {
				diff = append(diff, "- "+l)
			}
		}
		t.Errorf("%s is not what this run measured (rerun with SCHEMAGEN_UPDATE=1 if the change is meant):\n%s", file, strings.Join(diff, "\n"))
	}
}
