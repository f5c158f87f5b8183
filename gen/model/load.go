package model

import (
	"errors"
	"fmt"
	gotoken "go/token"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/parser"

	"github.com/schemagen/schemagen/gen/cuesrc"
	"github.com/schemagen/schemagen/gen/layoutmodel"
)

// SchemaDir is where Load looks for CUE packages, relative to the module
// root, when the module's schemagen.cue does not say (Config.Schema).
const SchemaDir = DefaultSchema

// Load reads the module's configuration (ReadConfig), loads every CUE
// package under its schema folder with CUE's own loader, validates it and
// resolves it into a Schema. root is the CUE module root (the directory
// holding cue.mod). On failure the error is an ErrorList naming every
// problem by file:line:col.
func Load(root string) (*Schema, error) {
	return LoadWith(root, LoadOptions{})
}

// LoadOptions are what a load asks beyond reading the schema.
type LoadOptions struct {
	// Partial is LoadPartial's: when the only problems are what the
	// checks of a laid-out layout find, the schema beside the ErrorList.
	Partial bool
	// Also, when set and the load refuses something, is asked of what
	// the load read (every package it could resolve, each with what of
	// it resolved), and what it returns joins the ErrorList: the
	// refusals that are not the model's own but the emitters' (a Go
	// type= the Go types cannot honour, two TypeScript names alike;
	// gen.Refusals), which the model cannot ask itself, data flowing
	// one way. A run then reports every refusal at once, not the
	// emitters' once the model's are fixed. The schema Also is given
	// must never be emitted, and Also must not keep it.
	Also func(*Schema) ErrorList
}

// LoadWith is Load, and LoadPartial when opt.Partial is set, asking
// opt.Also as it says.
func LoadWith(root string, opt LoadOptions) (*Schema, error) {
	s, err := loadSchema(root, nil, nil, opt.Also)
	if err != nil && !opt.Partial {
		return nil, err
	}
	return s, err
}

// Timing says where a load's time went: in CUE's loader and evaluator
// (load.Instances, BuildInstance and Validate of each package, what
// scripts/cuefloor times alone) and in the rest, the model's own work of
// reading and resolving the values, CUE's evaluation of what it asks
// included.
type Timing struct {
	CUE, Model time.Duration
	// Clock, when set, is what the durations are read from (the
	// process's CPU time, say); nil is wall time.
	Clock func() time.Duration
}

// now reads t's clock.
func (t *Timing) now() time.Duration {
	if t.Clock != nil {
		return t.Clock()
	}
	return time.Duration(time.Now().UnixNano())
}

// LoadTimed is Load, adding where its time went to t: make bench pairs the
// model's share at two sizes apart from CUE's load (gen's
// BenchmarkScaling).
func LoadTimed(root string, t *Timing) (*Schema, error) {
	start := t.now()
	var inCUE time.Duration
	s, err := loadSchema(root, &inCUE, t.now, nil)
	t.CUE += inCUE
	t.Model += t.now() - start - inCUE
	if err != nil {
		return nil, err
	}
	return s, nil
}

// LoadPartial is Load for a compatibility check, which must say what
// changed even in a schema Load refuses. When every package was read
// without error and every layout was laid out, and the only problems are
// what the checks of a laid-out layout find (a recorded size its fields no
// longer add up to, a catalog id out of order, a ledger view that no
// longer fits its field, a hole), it returns the schema as its fields lay
// it out beside the ErrorList; otherwise it returns what Load does. A
// schema returned beside an error must never be emitted.
func LoadPartial(root string) (*Schema, error) {
	return LoadWith(root, LoadOptions{Partial: true})
}

// loadSchema is LoadWith and LoadPartial; when cueTime is not nil, the
// time spent in CUE's loader and evaluator, read from now, is added to
// it. also is LoadOptions.Also.
func loadSchema(root string, cueTime *time.Duration, now func() time.Duration, also func(*Schema) ErrorList) (*Schema, error) {
	timed := func(f func()) {
		if cueTime == nil {
			f()
			return
		}
		start := now()
		f()
		*cueTime += now() - start
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	cfg, err := ReadConfig(abs)
	if err != nil {
		return nil, err
	}
	ps := positions{root: abs}
	if fi, err := os.Stat(filepath.Join(abs, filepath.FromSlash(cfg.Schema))); err != nil || !fi.IsDir() {
		if !cfg.SchemaPos.IsValid() {
			// The default folder: said at the module's file, which
			// marks the folder it would be in.
			return nil, ErrorList{{Pos: Pos{File: "cue.mod/module.cue", Line: 1, Col: 1}, Msg: fmt.Sprintf("no folder %s in the module: schemagen reads the schema from the CUE packages in %s/ beside cue.mod/, one folder each, unless %s names another folder (schema: \"cue\")", cfg.Schema, cfg.Schema, ConfigFile)}}
		}
		return nil, ErrorList{{Pos: cfg.SchemaPos, Msg: fmt.Sprintf("no folder %s in the module: the schema is the CUE packages in it, one folder each", cfg.Schema)}}
	}
	// excluded: schemagen.cue's exclude, by a path under the module
	// root; each pattern must match a file.
	used := make([]bool, len(cfg.Exclude))
	excluded := func(p string) bool {
		rel := p
		if cfg.Schema != "." {
			rel = strings.TrimPrefix(p, cfg.Schema+"/")
		}
		i, ok := cfg.Excludes(rel)
		if ok {
			used[i] = true
		}
		return ok
	}
	filePkgs, clauses, clauseDirs, err := scanSchema(schemaFS(abs), cfg.Schema, cfg.Output, excluded)
	if err != nil {
		return nil, err
	}
	// A pattern that matches no file excludes nothing: the schema is read
	// as it would be without it, so that its errors come with the
	// pattern's, not once the pattern is fixed.
	var unused ErrorList
	for i, e := range cfg.Exclude {
		if !used[i] {
			unused = append(unused, &Error{Pos: e.Pos, Msg: fmt.Sprintf("exclude: %q matches no .cue file under %s; drop it, or write the file's name (any folder) or its path under %s", e.Pattern, cfg.Schema, cfg.Schema)})
		}
	}
	if !clauses && len(filePkgs) == 0 {
		// No .cue file of a package under the folder (CUE's loader says
		// "./schema/..." matched no packages, at no position).
		pos := cfg.SchemaPos
		if !pos.IsValid() {
			pos = Pos{File: cfg.Schema}
		}
		where := "the folder " + cfg.Schema
		if cfg.Schema == "." {
			where = "the module"
		}
		return nil, append(unused, &Error{Pos: pos, Msg: fmt.Sprintf("%s holds no CUE package: schemagen reads the schema from the .cue files under it, a package a folder", where)}).Sorted()
	}
	var insts []*build.Instance
	filePkg := map[*build.Instance]string{} // a package of files without a clause: its first file
	timed(func() {
		if clauses || len(filePkgs) == 0 {
			insts = load.Instances([]string{"./" + path.Join(cfg.Schema, "...")}, &load.Config{Dir: abs})
			noneMatched := len(insts) == 1 && insts[0].Err != nil && strings.Contains(insts[0].Err.Error(), "matched no packages")
			twoInAFolder := slices.ContainsFunc(insts, func(inst *build.Instance) bool {
				var mpe *load.MultiplePackageError
				return errors.As(inst.Err, &mpe)
			})
			if (noneMatched || twoInAFolder) && len(clauseDirs) > 0 {
				// Load the folders one by one. Two packages in one
				// folder fail the whole pattern, one instance and that
				// error: so the others are read (and their errors said)
				// in the same run and that folder's error is its (a
				// folder's error fails every folder of the same call, so
				// each folder is its own call). And CUE's ./... skips a
				// folder named with a leading dot, the module's own
				// included (masse's .pipeline: "matched no packages",
				// cue vet ./... alike), while each folder loads by
				// itself (cue vet .).
				insts = nil
				for _, d := range clauseDirs {
					insts = append(insts, load.Instances([]string{"./" + d}, &load.Config{Dir: abs})...)
				}
			}
		}
		// A folder whose files have no package clause: one package of
		// those files, named after the folder (scanSchema).
		for _, dir := range slices.Sorted(maps.Keys(filePkgs)) {
			args := make([]string, len(filePkgs[dir]))
			for i, f := range filePkgs[dir] {
				args[i] = "./" + f
			}
			for _, inst := range load.Instances(args, &load.Config{Dir: abs}) {
				inst.PkgName = path.Base(dir)
				inst.Dir = filepath.Join(abs, filepath.FromSlash(dir))
				filePkg[inst] = filePkgs[dir][0]
				insts = append(insts, inst)
			}
		}
	})
	if len(cfg.Exclude) > 0 {
		insts = withoutExcluded(insts, abs, excluded)
	}
	sort.Slice(insts, func(i, j int) bool { return insts[i].Dir < insts[j].Dir })

	ctx := cuecontext.New()
	var (
		errs   = unused
		schema = Schema{Config: cfg}
		// complete: every package resolved and every layout laid out,
		// so that the schema can be compared despite errs (an error of
		// the settings is not one it can be compared despite).
		complete = len(unused) == 0
	)
	// The output folder each package has taken: a package in the schema
	// folder itself names its outputs after itself, which a folder of
	// that name under it would too.
	type pathOwner struct {
		name, dir string
	}
	paths := map[string]pathOwner{}
	// The module file's errors, asked once a package fails to load.
	var modChecked bool
	var modErrs ErrorList
	for _, inst := range insts {
		if inst.Err != nil {
			if !modChecked {
				modChecked, modErrs = true, moduleFileErrors(abs)
			}
			if modErrs != nil {
				// The module's file, which every package is loaded
				// through: its errors, placed, are every package's.
				return nil, append(unused, modErrs...).Sorted()
			}
			// CUE gives some of these no position (two packages in one
			// folder): place them at the folder.
			for _, e := range ps.fromCUE(inst.Err) {
				var mpe *load.MultiplePackageError
				switch {
				case e.Pos.IsValid():
				case errors.As(inst.Err, &mpe):
					// At the second package's clause, where a reader
					// (and an editor jumping to file:line:col) sees it.
					e.Pos = packageClausePos(abs, filepath.Join(mpe.Dir, mpe.Files[1]))
					e.Msg = fmt.Sprintf("package %s (%s) and package %s (%s) share this folder; give each package a folder of its own: each package's outputs are the folder's (one Go package per folder)", mpe.Packages[0], mpe.Files[0], mpe.Packages[1], mpe.Files[1])
				case inst.Dir != "":
					e.Pos = Pos{File: relTo(abs, inst.Dir)}
				}
				e.Msg = importFailure(abs, e)
				errs = append(errs, e)
			}
			complete = false
			continue
		}
		if first, ok := filePkg[inst]; ok && !filePkgName.MatchString(inst.PkgName) {
			errs = append(errs, &Error{Pos: Pos{File: first, Line: 1, Col: 1}, Msg: fmt.Sprintf("the files of folder %s have no package clause, so they are read as one package named after the folder, and %q is not a package name (a letter, then letters, digits and _); begin each with package <name>", path.Dir(first), inst.PkgName)})
			complete = false
			continue
		}
		var v cue.Value
		var verr error
		var crashed any
		vetOK := false
		timed(func() {
			// CUE's evaluator can panic on a package (its own test
			// input disjunctions/issue4447 does, in cue vet too): that
			// is an error at the package, not a crash of generate.
			defer func() { crashed = recover() }()
			v = ctx.BuildInstance(inst)
			err := v.Err()
			if err == nil {
				err = v.Validate()
			}
			// struct.MinFields(1) & {[string]: …} or matchN(>=1,
			// [{a!: …}, {b!: …}]) at a package's root (mail-servers-
			// config, contextive-glossary): the error, of the value or
			// of its validation, is a validator judging the root before
			// any data gives it fields, an incomplete value that cue vet
			// accepts, as it validates with these options: the schema is
			// one CUE holds valid, and is read.
			if err != nil && validatorsOnly(err) && v.Validate(vetOptions...) == nil {
				err, vetOK = nil, true
			}
			verr = err
		})
		if crashed != nil {
			_, tp := packageClause(inst)
			errs = append(errs, &Error{Pos: ps.of(tp), Msg: fmt.Sprintf("package %s: CUE's evaluator failed on it (%v): CUE's fault, not the schema's (cue vet fails on it alike), but schemagen reads no package that CUE cannot evaluate", inst.PkgName, crashed)})
			complete = false
			continue
		}
		// cueErrs are CUE's errors of a package whose value it built
		// as a struct: the resolver still reads it, so that a run
		// reports every refusal of the package with them, not only once
		// CUE's are fixed; nothing of it is written.
		var cueErrs ErrorList
		if err := verr; err != nil {
			complete = false
			if _, ferr := v.Fields(cue.Definitions(true), cue.Optional(true)); ferr != nil {
				errs = append(errs, ps.fromCUE(err, inst.Files...)...)
				continue
			}
			cueErrs = ps.fromCUE(err, inst.Files...)
		}
		pkgPath, ppos := packagePath(ps, cfg, inst)
		if prev, ok := paths[pkgPath]; ok {
			errs = append(errs, cueErrs...)
			errs = append(errs, &Error{Pos: ppos, Msg: fmt.Sprintf("package %s (folder %s) would write its outputs under %s/, where package %s (folder %s) writes its own: a package in the schema folder itself names its outputs after itself; rename one", inst.PkgName, relTo(abs, inst.Dir), pkgPath, prev.name, prev.dir)})
			complete = false
			continue
		}
		paths[pkgPath] = pathOwner{inst.PkgName, relTo(abs, inst.Dir)}
		if msg := packageNaming(inst.PkgName, pkgPath); msg != "" {
			errs = append(errs, cueErrs...)
			errs = append(errs, &Error{Pos: ppos, Msg: msg})
			complete = false
			continue
		}
		isLayout := layoutmodel.IsLayoutPackage(v)
		if isLayout && cueErrs != nil {
			// a layout is read whole or not at all: CUE's errors
			errs = append(errs, cueErrs...)
			continue
		}
		attrs, serrs := checkSyntax(ps, inst, isLayout)
		if len(serrs) > 0 {
			errs = append(errs, serrs...)
			complete = false
		}
		if isLayout {
			l, lerrs, lcomplete := layoutmodel.Resolve(cuesrc.Positions{Root: ps.root}, inst, v, cfg.RequireDocs)
			l.Path = pkgPath
			errs = append(errs, lerrs...)
			complete = complete && lcomplete
			if len(schema.Layouts) > 0 {
				errs = append(errs, &Error{Pos: l.Pos, Msg: fmt.Sprintf("a second layout package (%s); schemagen generates one set of firmware headers, from %s", l.Name, schema.Layouts[0].Dir)})
				complete = false
			}
			schema.Layouts = append(schema.Layouts, l)
			continue
		}
		r := newResolver(ps, inst, v)
		r.goAttrs = attrs
		r.vetOK = vetOK
		r.requireDocs = cfg.RequireDocs
		r.requireBounded = cfg.RequireBoundedIntegers
		r.requireDistinct = cfg.RequireDistinctNames
		r.schemaDir = filepath.Join(abs, filepath.FromSlash(cfg.Schema))
		if rel, err := filepath.Rel(r.schemaDir, inst.Dir); err == nil {
			r.typeLibrary = slices.Contains(cfg.TypeLibraries, filepath.ToSlash(rel))
			if t, ok := cfg.TypesAtFor(filepath.ToSlash(rel)); ok {
				r.typesAt = &t
			}
		}
		r.cueInvalid = cueErrs != nil
		pkg, crashed := resolveSafely(r)
		r.errs = slices.DeleteFunc(r.errs, func(e *Error) bool {
			path, nonConcrete := strings.CutSuffix(e.Msg, ": non-concrete value _")
			return attrs.embeddedValidators[e.Pos] || nonConcrete && attrs.embeddedAt[path]
		})
		if crashed == nil {
			// A name is refused whatever else the read found, so that
			// it comes with the package's other errors, not after.
			r.errs = append(r.errs, checkASCIINames(pkg)...)
		}
		if cueErrs != nil {
			errs = append(errs, withCUEErrors(cueErrs, r.errs)...)
			if crashed == nil {
				// What the resolver read of it, for also alone (the
				// schema is not complete, so never returned): the
				// emitters' refusals of its other definitions come
				// with CUE's errors, not once those are fixed.
				pkg.Path = pkgPath
				schema.Packages = append(schema.Packages, pkg)
			}
			continue
		}
		if crashed != nil {
			_, tp := packageClause(inst)
			at := r.here
			if !at.IsValid() {
				at = ps.of(tp)
			}
			errs = append(errs, &Error{Pos: at, Msg: fmt.Sprintf("package %s: schemagen failed reading it, near here (internal error: %v): a bug of schemagen's, not of the schema; please report it with the schema (SCHEMAGEN_PANIC=1 shows where it failed)", inst.PkgName, crashed)})
			complete = false
			continue
		}
		pkg.Path = pkgPath
		// What only a whole package's types show. A uniqueness over
		// defaults is asked of what resolved even where something else
		// did not, so that a run reports it with the package's other
		// errors, not once they are fixed (a type left out by its
		// refusal holds no default, so it finds nothing the whole
		// package would not). So is the chain of definitions: one
		// through a definition the resolver refused is cut there, so it
		// finds no chain the whole package lacks; but not where the
		// resolver refused a nesting too deep (objects in place, each
		// in the one before, it would tell again as a chain; lists and
		// maps, left alone alike).
		if len(r.tooDeep) == 0 {
			r.errs = append(r.errs, checkRefDepth(pkg)...)
		}
		r.errs = append(r.errs, checkUniqueDefaults(pkg)...)
		errs = append(errs, r.errs...)
		complete = complete && len(r.errs) == 0
		schema.Packages = append(schema.Packages, pkg)
	}
	if len(errs) > 0 {
		if also != nil {
			// Every package that resolved, with what of it did: a
			// definition the model refused is not among them, so that
			// what also finds of the rest is what it finds of the
			// whole schema once the model's refusals are fixed.
			errs = append(errs, also(&schema)...)
		}
		if complete {
			return &schema, errs.Sorted()
		}
		return nil, errs.Sorted()
	}
	if len(schema.Packages) == 0 && len(schema.Layouts) == 0 {
		return nil, ErrorList{{Pos: cfg.SchemaPos, Msg: fmt.Sprintf("no CUE packages under %s", filepath.Join(abs, filepath.FromSlash(cfg.Schema)))}}
	}
	return &schema, nil
}

// packagePath returns the folder of a package relative to the schema
// folder (e.g. "fleet"), with the position of its package clause. A
// package in the schema folder itself (cuenv's schema/*.cue, package
// schema) names its outputs after itself, as a folder of its name would.
func packagePath(ps positions, cfg *Config, inst *build.Instance) (p string, pos Pos) {
	_, tp := packageClause(inst)
	pos = ps.of(tp)
	rel, err := filepath.Rel(filepath.Join(ps.root, filepath.FromSlash(cfg.Schema)), inst.Dir)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return inst.PkgName, pos
	}
	return filepath.ToSlash(rel), pos
}

// filePkgName is what a package named after its folder must be: its
// files have no package clause (scanSchema).
var filePkgName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// folderName is one element of a package's folder: it becomes an element
// of a Go import path, of every JSON Schema $id and of file names, so it
// is ASCII letters, digits and -._~, starting with a letter or digit.
var folderName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._~-]*$`)

// GoPackageName is the name of the Go package generated for the CUE
// package name: the name itself, or with _ after it where Go could not
// use it (a keyword, package type of CloudFormation's CUE; main, which
// would be a command no one can import): type_, main_.
func GoPackageName(name string) string {
	if gotoken.IsKeyword(name) || name == "main" {
		return name + "_"
	}
	return name
}

// packageNaming says why a package's folder cannot name its outputs, or
// "": every folder element is a folderName. (Its name becomes its Go
// package's through GoPackageName.)
func packageNaming(name, dir string) string {
	for _, el := range strings.Split(dir, "/") {
		if !folderName.MatchString(el) {
			return fmt.Sprintf("package %s is in the folder %q: the folder names its Go import path, its JSON Schemas' $id and its files, so each folder name is ASCII letters, digits and -._~, starting with a letter or digit; rename the folder", name, dir)
		}
	}
	return ""
}

// validatorsOnly reports whether every error of err is a validator's
// judgement of a value ("invalid value {} (does not satisfy
// struct.MinFields(1))"), as CUE gives of a package's root struct that a
// validator constrains before any data gives it fields, or an if's test of
// a member the data has not given yet ("required field missing: mode"),
// and no other error (a structural cycle, a conflict).
func validatorsOnly(err error) bool {
	validators := 0
	for _, e := range cueerrors.Errors(err) {
		switch format, _ := e.Msg(); {
		case strings.HasPrefix(format, "invalid value %s (does not satisfy "):
			validators++
		case format == "required field missing: %s", format == "unresolved disjunction %v (type %s)":
			// mode!: "a" | "b", then if mode == "a" {…} at a package's
			// root: the if tests a member only the data gives, as in a
			// definition, where CUE defers it; at the root CUE reports
			// it incomplete, which cue vet -c=false accepts.
			validators++
		case format == "field is required but not present":
			// Why a validator's alternative did not match the empty
			// root (matchN(>=1, [{imports!: …}, {contexts!: …}]),
			// contextive-glossary): CUE lists them beside it.
		default:
			return false
		}
	}
	return validators > 0
}

// vetOptions are the options cue vet validates a package with when it is
// told to allow incomplete values (cue vet -c=false): every definition,
// hidden field and attribute, none required to be concrete.
var vetOptions = []cue.Option{cue.Attributes(true), cue.Definitions(true), cue.Hidden(true), cue.Concrete(false)}

// resolveSafely resolves a package, turning a panic into crashed (the
// package is then refused at the last position the resolver read, and
// generate goes on with the others and writes nothing): a schema that
// breaks the resolver, or CUE's evaluator under it, is an error of the
// run, not a crash of the tool. With SCHEMAGEN_PANIC set the panic goes
// on, with its stack (the tests set it, so that a bug fails them).
func resolveSafely(r *resolver) (pkg *Package, crashed any) {
	defer func() {
		if p := recover(); p != nil {
			if os.Getenv("SCHEMAGEN_PANIC") != "" {
				panic(p)
			}
			pkg, crashed = nil, p
		}
	}()
	return r.resolve(), nil
}

// packageClausePos is where file (absolute) states its package, relative
// to root, or the file's first line when it cannot be read.
func packageClausePos(root, file string) Pos {
	p := Pos{File: relTo(root, file), Line: 1, Col: 1}
	data, err := os.ReadFile(file)
	if err != nil {
		return p
	}
	f, err := parser.ParseFile(file, data, parser.PackageClauseOnly)
	if err != nil {
		return p
	}
	for _, d := range f.Decls {
		if pkg, ok := d.(*ast.Package); ok && pkg.Pos().IsValid() {
			p.Line, p.Col = pkg.Pos().Line(), pkg.Pos().Column()
		}
	}
	return p
}

// withoutExcluded drops from each instance the files excluded reports
// true of (schemagen.cue's exclude, by a path under the module root at
// abs), so that CUE evaluates the package without them, and drops an
// instance left with no file.
func withoutExcluded(insts []*build.Instance, abs string, excluded func(p string) bool) []*build.Instance {
	out := insts[:0]
	for _, inst := range insts {
		keep := func(name string) bool {
			rel, err := filepath.Rel(abs, name)
			return err != nil || !excluded(filepath.ToSlash(rel))
		}
		inst.Files = slices.DeleteFunc(inst.Files, func(f *ast.File) bool { return !keep(f.Filename) })
		inst.BuildFiles = slices.DeleteFunc(inst.BuildFiles, func(f *build.File) bool { return !keep(f.Filename) })
		if inst.Err == nil && len(inst.Files) == 0 {
			continue
		}
		out = append(out, inst)
	}
	return out
}

// withCUEErrors is what a run reports of a package CUE finds errors in:
// CUE's errors, at the constraint they are about, and the resolver's
// refusals of the package beside them, but for a refusal of what CUE's
// error is about, said once already: one that quotes it (a definition
// "CUE evaluates to an error (…)"), or one on its line (tooBig:
// len(list.Repeat([0], 200000000)), which the resolver reads as a value
// it cannot type), but for a missing doc comment, which is about the
// declaration, not its value. A crash of the resolver on such a package says
// nothing CUE's errors do not, and is not reported.
func withCUEErrors(cueErrs, resolved ErrorList) ErrorList {
	out := slices.Clip(cueErrs)
	for _, x := range resolved {
		quotes := slices.ContainsFunc(cueErrs, func(e *Error) bool {
			// "(#G.g: …)", or "(NoExist: …)" of CUE's "…" without its path
			return strings.Contains(x.Msg, "("+e.Msg+")") || strings.Contains(x.Msg, "CUE evaluates it to an error (") && strings.Contains(x.Msg, ": "+e.Msg+")") ||
				e.Pos.File != "" && e.Pos.File == x.Pos.File && e.Pos.Line == x.Pos.Line && !strings.HasSuffix(x.Msg, docRequired)
		})
		if !quotes {
			out = append(out, x)
		}
	}
	return out
}

// importFailure rewrites CUE's message of an import that failed to load.
// CUE says "import failed: import failed", after an instance name of its
// own (example.com/t/a@v0.example.com/t/b), where the imported package
// failed in turn: the message names the import, read at e's position, and
// says that its own errors, which the run lists too, are why. Of a
// package no module provides, it says where such a package comes from.
// Any other message is kept.
func importFailure(root string, e *Error) string {
	switch {
	case strings.HasSuffix(e.Msg, "import failed: import failed"):
		what := "the package imported here"
		if p := importAt(root, e.Pos); p != "" {
			what = strconv.Quote(p)
		}
		return "import " + what + ": that package could not be loaded; its own errors, listed with this run's, are why"
	case strings.Contains(e.Msg, "cannot find module providing package"):
		return e.Msg + "; a module's dependencies are in cue.mod/module.cue's deps (cue mod get adds one, cue mod tidy the rest), and a package of no module (cue get go's output) goes under cue.mod/gen"
	}
	return e.Msg
}

// importAt reads the import path of the import spec at p, or "". A
// package that failed to load keeps no parsed files, so its file is
// parsed again, as far as its imports (as packageClausePos does its
// package clause).
func importAt(root string, p Pos) string {
	if !p.IsValid() {
		return ""
	}
	file := filepath.Join(root, filepath.FromSlash(p.File))
	data, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	f, err := parser.ParseFile(file, data, parser.ImportsOnly)
	if err != nil {
		return ""
	}
	for spec := range f.ImportSpecs() {
		if spec.Path == nil {
			continue
		}
		if at := spec.Path.Pos(); at.Line() == p.Line && at.Column() == p.Col {
			if s, err := strconv.Unquote(spec.Path.Value); err == nil {
				return s
			}
		}
	}
	return ""
}
