package model

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
	cuemodfile "cuelang.org/go/mod/modfile"
	"cuelang.org/go/mod/module"
	"golang.org/x/mod/modfile"

	"github.com/schemagen/schemagen/gen/cuesrc"
)

// ConfigFile is the name of the file, beside cue.mod, in which a module
// states what schemagen reads and writes. It is optional: without it every
// setting has its default.
const ConfigFile = cuesrc.ConfigFile

// The defaults of the folders a Config names.
const (
	DefaultSchema = "schema"
	DefaultOutput = "generated"
)

// Config is what a module sets once, in schemagen.cue beside cue.mod:
// where the schema is, where generate writes, and the names the outputs
// give themselves. Every field holds its value, defaulted where the file
// does not set it; Pos says where the file sets it (invalid for a
// default).
type Config struct {
	// Schema is the folder of the CUE packages, relative to the module
	// root and slash-separated: every package is a folder under it.
	Schema string
	// Output is the folder generate writes, relative to the module root.
	Output string
	// JSONSchemaID starts every JSON Schema's $id, which is it followed
	// by the file's path under the output's jsonschema/ folder. It ends
	// in "/". Default: https://<the CUE module path>/<Output>/jsonschema/.
	JSONSchemaID string
	// GoImportPath is the import path of the output's go/ folder: the Go
	// package of the schema package in folder P is GoImportPath/P.
	// Default: what the go.mod governing that folder makes it, or else
	// <the CUE module path>/<Output>/go.
	GoImportPath string
	// RequireDocs, set by require: docs: true, makes a missing doc
	// comment an error: on every definition, field, enum member, layout
	// struct, field and enum member, catalog class and channel. Without
	// it a missing comment is an empty description, as in CUE itself.
	RequireDocs bool
	// RequireBoundedIntegers, set by require: boundedIntegers: true, makes
	// an integer without both bounds within ±2^53-1 an error (what every
	// JSON reader, JavaScript's included, holds exactly). Without it a
	// missing bound is int64's.
	RequireBoundedIntegers bool
	// RequireDistinctNames, set by require: distinctNames: true, makes an
	// enum member whose Go constant a definition's type would take an
	// error, where without it the member takes an _ after its name
	// (#Pose's "working" beside #PoseWorking is PoseWorking_), and two
	// definitions whose CUE names spell one Go name an error, where
	// without it the later takes an _: a module whose Go API must not
	// change under a new definition asks for it.
	RequireDistinctNames bool
	// TypeLibraries are the folders, relative to Schema and
	// slash-separated, of packages read as libraries of types whether or
	// not their fields refer to one another (TypeLibrary): each top-level
	// field a type of its own, no document. Set by typeLibraries: […].
	TypeLibraries []string
	// TypesAt are the packages whose types are a value inside them, not
	// their top level (Grafana's kinds hold theirs at
	// lineage.schemas[0].schema): each package whose folder matches an
	// entry's is read as cue vet -d reads that value, a library of types
	// (TypeLibrary), and the rest of the package is no part of its
	// contract. Set by typesAt: {"folder": "path"}, in the file's order.
	TypesAt []TypesAt
	// Exclude are the CUE files under the schema folder that are no part
	// of the schema (Perses' migrate.cue scripts beside its plugins'
	// schemas), each a pattern as path.Match reads one: without a '/' it
	// matches a file's name in any folder ("migrate.cue"), with one the
	// file's path under the schema folder ("panels/*/migrate.cue").
	// schemagen reads no file a pattern matches, as if it were not there;
	// a pattern that matches none is an error. Set by exclude: […].
	Exclude []ExcludePattern
	// Module is the CUE module path without its major version
	// (example.com/shop), from cue.mod/module.cue.
	Module string

	SchemaPos, OutputPos, JSONSchemaIDPos, GoImportPathPos, RequireDocsPos, RequireBoundedIntegersPos, RequireDistinctNamesPos, TypeLibrariesPos Pos
}

// ExcludePattern is one entry of exclude in schemagen.cue.
type ExcludePattern struct {
	Pattern string
	Pos     Pos
}

// Excludes reports whether the file at rel, slash-separated under the
// schema folder, is excluded, and by which entry (its index in Exclude).
func (c *Config) Excludes(rel string) (int, bool) {
	for i, e := range c.Exclude {
		name := rel
		if !strings.Contains(e.Pattern, "/") {
			name = path.Base(rel)
		}
		if ok, _ := path.Match(e.Pattern, name); ok {
			return i, true
		}
	}
	return -1, false
}

// TypesAt is one entry of typesAt in schemagen.cue: the packages whose
// folders Folder matches hold their types at Path.
type TypesAt struct {
	// Folder is a folder under the schema folder, slash-separated, or a
	// pattern of them as path.Match reads one ("composable/*").
	Folder string
	// Path is a CUE path from the package's top level to a struct
	// (lineage.schemas[0].schema), as cue vet -d and cue export -e
	// write one.
	Path string
	// Pos is where schemagen.cue sets it.
	Pos Pos
}

// TypesAtFor returns the typesAt entry whose folder pattern matches dir,
// a package's folder relative to the schema folder, if any: the first in
// the file's order.
func (c *Config) TypesAtFor(dir string) (TypesAt, bool) {
	for _, t := range c.TypesAt {
		if ok, _ := path.Match(t.Folder, dir); ok {
			return t, true
		}
	}
	return TypesAt{}, false
}

// GoPackage returns the import path of the Go package generated for the
// schema package in folder dir (a Package's Path).
func (c *Config) GoPackage(dir string) string { return c.GoImportPath + "/" + dir }

// ReadConfig reads root/schemagen.cue with CUE's loader, if there is one,
// and returns the module's configuration with every default filled in.
// Problems are an ErrorList at their positions in the file.
func ReadConfig(root string) (*Config, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	ps := positions{root: abs}
	module, err := cueModule(abs)
	if err != nil {
		return nil, err
	}
	c := &Config{Schema: DefaultSchema, Output: DefaultOutput, Module: module}
	var errs ErrorList
	var idSet, goSet bool
	if _, err := os.Stat(filepath.Join(abs, ConfigFile)); err == nil {
		insts := load.Instances([]string{"./" + ConfigFile}, &load.Config{Dir: abs})
		inst := insts[0]
		if inst.Err != nil {
			if errs := moduleFileErrors(abs); errs != nil {
				return nil, errs
			}
			return nil, ps.fromCUE(inst.Err).Sorted()
		}
		v := cuecontext.New().BuildInstance(inst)
		if err := v.Validate(cue.Concrete(true)); err != nil {
			return nil, ps.fromCUE(err, inst.Files...).Sorted()
		}
		cr := &configReader{ps: ps}
		top := cr.fields(v, "", "schema", "output", "jsonschema", "go", "require", "typeLibraries", "typesAt", "exclude")
		if sv, ok := top["schema"]; ok {
			c.Schema, c.SchemaPos = cr.folder(sv, "schema", true)
		}
		if ov, ok := top["output"]; ok {
			c.Output, c.OutputPos = cr.folder(ov, "output", false)
		}
		if jv, ok := top["jsonschema"]; ok {
			if iv, ok := cr.fields(jv, "jsonschema", "id")["id"]; ok {
				c.JSONSchemaID, c.JSONSchemaIDPos = cr.idBase(iv)
				idSet = true
			}
		}
		if gv, ok := top["go"]; ok {
			if iv, ok := cr.fields(gv, "go", "importPath")["importPath"]; ok {
				c.GoImportPath, c.GoImportPathPos = cr.importPath(iv)
				goSet = true
			}
		}
		if rv, ok := top["require"]; ok {
			req := cr.fields(rv, "require", "docs", "boundedIntegers", "distinctNames")
			if dv, ok := req["docs"]; ok {
				c.RequireDocs, c.RequireDocsPos = cr.boolean(dv, "require.docs")
			}
			if bv, ok := req["boundedIntegers"]; ok {
				c.RequireBoundedIntegers, c.RequireBoundedIntegersPos = cr.boolean(bv, "require.boundedIntegers")
			}
			if nv, ok := req["distinctNames"]; ok {
				c.RequireDistinctNames, c.RequireDistinctNamesPos = cr.boolean(nv, "require.distinctNames")
			}
		}
		if tv, ok := top["typeLibraries"]; ok {
			c.TypeLibraries, c.TypeLibrariesPos = cr.folders(tv, "typeLibraries")
		}
		if tv, ok := top["typesAt"]; ok {
			c.TypesAt = cr.typesAt(tv)
		}
		if ev, ok := top["exclude"]; ok {
			c.Exclude = cr.patterns(ev)
		}
		errs = append(errs, cr.errs...)
		if len(errs) == 0 {
			errs = append(errs, c.checkFolders()...)
		}
		if len(errs) == 0 {
			errs = append(errs, c.checkTypeLibraries(abs)...)
			errs = append(errs, c.checkTypesAt(abs)...)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if len(errs) > 0 {
		return nil, errs.Sorted()
	}
	if !idSet {
		c.JSONSchemaID = "https://" + module + "/" + c.Output + "/jsonschema/"
	}
	goDir := filepath.Join(abs, filepath.FromSlash(c.Output), "go")
	modPath, modDir, err := goModule(goDir)
	if err != nil {
		return nil, err
	}
	var inModule string
	if modPath != "" {
		rel, _ := filepath.Rel(modDir, goDir)
		inModule = path.Join(modPath, filepath.ToSlash(rel))
	}
	switch {
	case !goSet && inModule != "":
		c.GoImportPath = inModule
	case !goSet:
		c.GoImportPath = module + "/" + c.Output + "/go"
	case inModule != "" && inModule != c.GoImportPath:
		return nil, ErrorList{{Pos: c.GoImportPathPos, Msg: fmt.Sprintf(
			"go.importPath %q: %s/go is %s in the Go module of %s, so that is its import path; remove go.importPath, or set it to that",
			c.GoImportPath, c.Output, inModule, relTo(abs, filepath.Join(modDir, "go.mod")))}}
	}
	return c, nil
}

// configReader reads the fields of schemagen.cue, recording every problem.
type configReader struct {
	ps   positions
	errs ErrorList
}

func (r *configReader) errorf(pos Pos, format string, args ...any) {
	r.errs = append(r.errs, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// fields returns the fields of a struct, refusing any not in allowed.
func (r *configReader) fields(v cue.Value, what string, allowed ...string) map[string]cue.Value {
	out := map[string]cue.Value{}
	if v.IncompleteKind() != cue.StructKind {
		r.errorf(r.ps.of(v.Pos()), "%s: want a struct with %s", what, strings.Join(allowed, ", "))
		return out
	}
	it, err := v.Fields(cue.Optional(true), cue.Definitions(true), cue.Hidden(true))
	if err != nil {
		r.errs = append(r.errs, r.ps.fromCUE(err)...)
		return out
	}
	for it.Next() {
		k := it.Selector().Unquoted()
		if !contains(allowed, k) {
			full := k
			if what != "" {
				full = what + "." + k
			}
			r.errorf(r.ps.of(it.Value().Pos()), "%s: %s sets %s, which schemagen does not know; it reads %s", full, ConfigFile, full, strings.Join(allowed, ", "))
			continue
		}
		out[k] = it.Value()
	}
	return out
}

func (r *configReader) str(v cue.Value, what string) (string, Pos, bool) {
	pos := r.ps.of(v.Pos())
	s, err := v.String()
	if err != nil {
		r.errorf(pos, "%s: want a string", what)
		return "", pos, false
	}
	return s, pos, true
}

func (r *configReader) boolean(v cue.Value, what string) (bool, Pos) {
	pos := r.ps.of(v.Pos())
	b, err := v.Bool()
	if err != nil {
		r.errorf(pos, "%s: want true or false", what)
	}
	return b, pos
}

// folders reads a list of folders relative to the schema folder, each
// written as folder requires of one inside the module root.
func (r *configReader) folders(v cue.Value, what string) ([]string, Pos) {
	pos := r.ps.of(v.Pos())
	it, err := v.List()
	if err != nil {
		r.errorf(pos, "%s: want a list of folders under the schema folder (e.g. [\"common\"])", what)
		return nil, pos
	}
	var out []string
	for it.Next() {
		s, _ := r.folder(it.Value(), what, true) // "." is a package in the schema folder itself
		out = append(out, s)
	}
	return out, pos
}

// patterns reads exclude: a list of file patterns as path.Match reads
// them, slash-separated, under the schema folder.
func (r *configReader) patterns(v cue.Value) []ExcludePattern {
	pos := r.ps.of(v.Pos())
	it, err := v.List()
	if err != nil {
		r.errorf(pos, "exclude: want a list of file patterns under the schema folder (e.g. [\"migrate.cue\", \"panels/*/scratch.cue\"])")
		return nil
	}
	var out []ExcludePattern
	for it.Next() {
		ep := r.ps.of(it.Value().Pos())
		s, err := it.Value().String()
		if err != nil {
			r.errorf(ep, "exclude: want a file pattern, a string")
			continue
		}
		if _, err := path.Match(s, ""); err != nil || s == "" || strings.HasPrefix(s, "/") || strings.Contains(s, "\\") || path.Clean(s) != s || strings.HasPrefix(s, "../") {
			r.errorf(ep, "exclude: %q is no file pattern under the schema folder: write one as path.Match reads it, slash-separated, without a leading / or ..", s)
			continue
		}
		out = append(out, ExcludePattern{Pattern: s, Pos: ep})
	}
	return out
}

// typesAt reads typesAt: a struct whose keys are folders under the schema
// folder, or patterns of them, and whose values are CUE paths.
func (r *configReader) typesAt(v cue.Value) []TypesAt {
	if v.IncompleteKind() != cue.StructKind {
		r.errorf(r.ps.of(v.Pos()), "typesAt: want a struct of package folders and the paths of their types, e.g. {\"kinds/*\": \"lineage.schemas[0].schema\"}")
		return nil
	}
	it, err := v.Fields()
	if err != nil {
		r.errs = append(r.errs, r.ps.fromCUE(err)...)
		return nil
	}
	var out []TypesAt
	for it.Next() {
		folder := it.Selector().Unquoted()
		what := fmt.Sprintf("typesAt %q", folder)
		p, pos, ok := r.str(it.Value(), what)
		if !ok {
			continue
		}
		clean := path.Clean(folder)
		_, badPattern := path.Match(folder, "")
		switch {
		case folder == "" || strings.Contains(folder, `\`) || path.IsAbs(folder) || clean == ".." || strings.HasPrefix(clean, "../"):
			r.errorf(pos, "%s: name a package's folder under the schema folder, with / between names (\".\" for a package in it), or a pattern of them (\"kinds/*\")", what)
			continue
		case clean != folder:
			r.errorf(pos, "%s: write the folder as %q", what, clean)
			continue
		case badPattern != nil:
			r.errorf(pos, "%s: the folder is no pattern path.Match reads (%v)", what, badPattern)
			continue
		}
		cp := cue.ParsePath(p)
		if err := cp.Err(); err != nil || p == "" {
			r.errorf(pos, "%s: %q is no CUE path; write one as cue vet -d takes it, e.g. \"lineage.schemas[0].schema\"", what, p)
			continue
		}
		out = append(out, TypesAt{Folder: folder, Path: p, Pos: pos})
	}
	return out
}

// checkTypesAt refuses a typesAt entry that matches no folder under the
// schema folder: a misspelt folder would otherwise leave its packages
// read as documents without a word.
func (c *Config) checkTypesAt(abs string) ErrorList {
	var errs ErrorList
	for _, t := range c.TypesAt {
		dirs, _ := filepath.Glob(filepath.Join(abs, filepath.FromSlash(c.Schema), filepath.FromSlash(t.Folder)))
		found := false
		for _, d := range dirs {
			if st, err := os.Stat(d); err == nil && st.IsDir() {
				found = true
			}
		}
		if !found {
			errs = append(errs, &Error{Pos: t.Pos, Msg: fmt.Sprintf("typesAt %q matches no folder under the schema folder %s; name a package's folder relative to it, or a pattern of them", t.Folder, c.Schema)})
		}
	}
	return errs
}

// checkTypeLibraries refuses a typeLibraries entry that names no folder
// under the schema folder.
func (c *Config) checkTypeLibraries(abs string) ErrorList {
	var errs ErrorList
	for _, f := range c.TypeLibraries {
		dir := filepath.Join(abs, filepath.FromSlash(c.Schema), filepath.FromSlash(f))
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			errs = append(errs, &Error{Pos: c.TypeLibrariesPos, Msg: fmt.Sprintf("typeLibraries names %q, which is no folder under the schema folder %s; name a package's folder relative to it", f, c.Schema)})
		}
	}
	return errs
}

// folder reads a folder relative to the module root; root says whether
// it may be the root itself ("."), as the schema may: a module whose
// packages are its top folders (acme.dev/shop/orders) is read where it is.
func (r *configReader) folder(v cue.Value, what string, root bool) (string, Pos) {
	s, pos, ok := r.str(v, what)
	if !ok {
		return "", pos
	}
	clean := path.Clean(s)
	switch {
	case s == "" || strings.Contains(s, `\`) || path.IsAbs(s) || filepath.IsAbs(s):
		r.errorf(pos, "%s %q: write a folder relative to the module root, with / between names (e.g. %q)", what, s, DefaultSchema)
	case clean != s:
		r.errorf(pos, "%s %q: write it as %q", what, s, clean)
	case clean == "." && root:
	case clean == ".":
		r.errorf(pos, "%s %q: name a folder inside the module root, not the root itself: generate replaces the %s folder", what, s, what)
	case clean == ".." || strings.HasPrefix(clean, "../"):
		r.errorf(pos, "%s %q: name a folder inside the module root, not one above it", what, s)
	case clean == "cue.mod" || strings.HasPrefix(clean, "cue.mod/"):
		r.errorf(pos, "%s %q: cue.mod is CUE's own folder", what, s)
	case clean == "..." || strings.HasSuffix(clean, "/..."):
		// schema/..., the cue and go commands' pattern of every package
		// under a folder: what schemagen reads of its schema folder.
		if what == "schema" {
			r.errorf(pos, "%s %q: schemagen reads every package under the folder already; write %q", what, s, path.Dir(clean))
		} else {
			r.errorf(pos, "%s %q: name one folder, not a pattern of packages; write %q", what, s, path.Dir(clean))
		}
	case strings.HasPrefix(clean, ".") || strings.Contains(clean, "/."):
		// .git is version control's, .generated… are generate's own
		// temporary trees, and CUE's loader skips a hidden folder.
		r.errorf(pos, "%s %q: a folder whose name starts with a dot is hidden, and may be another tool's own (.git); name a visible folder", what, s)
	}
	return s, pos
}

// idBase reads the JSON Schema $id base: an absolute URI ending in "/".
func (r *configReader) idBase(v cue.Value) (string, Pos) {
	s, pos, ok := r.str(v, "jsonschema.id")
	if !ok {
		return "", pos
	}
	if !absURI.MatchString(s) || !strings.HasSuffix(s, "/") {
		r.errorf(pos, "jsonschema.id %q: write an absolute URI ending in /, e.g. \"https://example.com/contract/\"; each file's $id is it followed by the file's path", s)
	}
	return s, pos
}

// absURI is an absolute URI with no fragment or query, as $id wants it.
var absURI = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:[^\s#?]+$`)

// goPath is a Go import path: slash-separated elements of letters,
// digits and -._~, the first holding a dot or not (a module may be local).
var goPath = regexp.MustCompile(`^[A-Za-z0-9_.~-]+(/[A-Za-z0-9_.~-]+)*$`)

func (r *configReader) importPath(v cue.Value) (string, Pos) {
	s, pos, ok := r.str(v, "go.importPath")
	if !ok {
		return "", pos
	}
	if !goPath.MatchString(s) || strings.Contains(s, "//") {
		r.errorf(pos, "go.importPath %q: write a Go import path, e.g. \"example.com/shop/generated/go\"", s)
	}
	return s, pos
}

// checkFolders refuses a schema and output folder that overlap: generate
// replaces the output folder, so it may hold nothing else of the module's.
// A schema that is the module root holds every folder, the output too,
// whose packages it does not read (scanSchema).
func (c *Config) checkFolders() ErrorList {
	if c.Schema == "." {
		return nil
	}
	inside := func(a, b string) bool { return a == b || strings.HasPrefix(a, b+"/") }
	pos := c.OutputPos
	if !pos.IsValid() {
		pos = c.SchemaPos
	}
	if inside(c.Schema, c.Output) || inside(c.Output, c.Schema) {
		return ErrorList{{Pos: pos, Msg: fmt.Sprintf("output %q and schema %q overlap; generate replaces the output folder, so it must be a folder of its own", c.Output, c.Schema)}}
	}
	return nil
}

// cueModule returns the module path of root/cue.mod/module.cue without its
// major version: example.com/shop for "example.com/shop@v0".
func cueModule(root string) (string, error) {
	file := filepath.Join(root, "cue.mod", "module.cue")
	if _, err := os.Stat(file); err != nil {
		return "", fmt.Errorf("%s is not a CUE module root: it has no cue.mod/module.cue", root)
	}
	if s, ok := moduleLiteral(file); ok {
		// CUE's loader refuses a malformed path with no position, in
		// an error of no message of its own: said here, at the file.
		err := module.CheckPathWithoutVersion(s)
		if strings.Contains(s, "@") {
			err = module.CheckPath(s)
		}
		if err != nil {
			return "", ErrorList{{Pos: Pos{File: "cue.mod/module.cue", Line: 1, Col: 1}, Msg: fmt.Sprintf("the module path %q is not one CUE loads (%v); a module path is lower-case letters, digits and . - _ ~ between slashes, then @v and its major version (example.com/shop@v0)", s, err)}}
		}
		s, _, _ = strings.Cut(s, "@")
		return s, nil
	}
	ps := positions{root: root}
	insts := load.Instances([]string{"./cue.mod/module.cue"}, &load.Config{Dir: root})
	if err := insts[0].Err; err != nil {
		// module: "" with no language version (cue-by-example's
		// Kubernetes tutorial): the file's own errors, placed in it.
		if errs := moduleFileErrors(root); errs != nil {
			return "", errs
		}
		return "", ps.fromCUE(err).Sorted()
	}
	v := cuecontext.New().BuildInstance(insts[0])
	m := v.LookupPath(cue.ParsePath("module"))
	s, err := m.String()
	if err != nil || s == "" {
		return "", ErrorList{{Pos: Pos{File: "cue.mod/module.cue", Line: 1, Col: 1}, Msg: noModulePath}}
	}
	s, _, _ = strings.Cut(s, "@")
	return s, nil
}

// moduleFileErrors is what CUE says of root/cue.mod/module.cue when it
// refuses the file (modfile.Parse, as CUE's loader parses it), each error
// at its place in the file: the loader gives these no position, or one in
// CUE's own schema of the file (source.kind: conflicting values "git" and
// "svn" at cuelang.org/go/mod/modfile/schema.cue), and a module written
// before CUE required a language version (ThePSAdmin's backstage-cue)
// was refused at "-". It is nil when CUE takes the file; it is asked only
// once the loader has failed, so that a run that loads pays nothing.
func moduleFileErrors(root string) ErrorList {
	const rel = "cue.mod/module.cue"
	file := filepath.Join(root, "cue.mod", "module.cue")
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	if _, err = cuemodfile.Parse(data, file); err == nil {
		return nil
	}
	f, _ := parser.ParseFile(file, data)
	var files []*ast.File
	if f != nil {
		files = []*ast.File{f}
	}
	ps := positions{root: root}
	var out ErrorList
	at := map[Pos]*Error{}
	for _, e := range cueerrors.Errors(err) {
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		if strings.TrimSpace(msg) == "" {
			msg = strings.TrimSpace(e.Error())
		}
		if strings.HasSuffix(msg, "errors in empty disjunction:") {
			// A heading: the errors after it say each alternative's.
			continue
		}
		var pos Pos
		for _, ip := range e.InputPositions() {
			if ip.Filename() == file {
				pos = ps.of(ip)
				break
			}
		}
		if !pos.IsValid() {
			pos = ps.of(cuesrc.PathPos(files, e.Path()))
		}
		if strings.Contains(msg, "language version") {
			pos = ps.of(cuesrc.PathPos(files, []string{"language", "version"}))
			if strings.HasPrefix(msg, "no language version") {
				msg += fmt.Sprintf(`: CUE reads a module only once it says which version of the language it is written in; run cue mod fix, which declares the version of the cue command that runs it, or add language: version: "%s"`, cue.LanguageVersion())
			}
		}
		if strings.HasSuffix(msg, "empty module path") {
			// module: "" (CUE's modules before v0.8 wrote it so)
			pos = ps.of(cuesrc.PathPos(files, []string{"module"}))
			msg = noModulePath
		}
		// CUE names the file by its absolute path: the message says it
		// where it is, in the module.
		msg = strings.ReplaceAll(msg, "invalid module file "+file+": ", "")
		if !pos.IsValid() {
			pos = Pos{File: rel, Line: 1, Col: 1}
		}
		path := strings.Join(e.Path(), ".")
		if prev := at[pos]; prev != nil && path != "" && strings.HasPrefix(prev.Msg, path+": ") {
			// source.kind: "svn" is neither "git" nor "self":
			// one error, each alternative's conflict said.
			prev.Msg += "; " + msg
			continue
		}
		if path != "" {
			msg = path + ": " + msg
		}
		e := &Error{Pos: pos, Msg: msg}
		at[pos] = e
		out = append(out, e)
	}
	if len(out) == 0 {
		return ErrorList{{Pos: Pos{File: rel, Line: 1, Col: 1}, Msg: strings.TrimSpace(err.Error())}}
	}
	return out.Sorted()
}

// noModulePath says that cue.mod/module.cue names no module path.
const noModulePath = `the module has no path (module: "example.com/shop@v0"); schemagen names its outputs after it`

// moduleLiteral reads module: "path@v0" from module.cue, its version
// kept, when it is written as a plain string, as CUE writes it, without
// running CUE's loader (which cost an eighth of a generate); anything else
// takes the loader.
func moduleLiteral(file string) (string, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", false
	}
	f, err := parser.ParseFile(file, data)
	if err != nil {
		return "", false
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		if name, _, err := ast.LabelName(fd.Label); err != nil || name != "module" {
			continue
		}
		lit, ok := fd.Value.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return "", false
		}
		s, err := literal.Unquote(lit.Value)
		if err != nil || s == "" {
			return "", false
		}
		return s, true
	}
	return "", false
}

// goModule returns the module path and folder of the go.mod that governs
// dir (the nearest at or above it), or "" when none does.
func goModule(dir string) (modPath, modDir string, err error) {
	for d := dir; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			if p := modfile.ModulePath(data); p != "" {
				return p, d, nil
			}
			return "", "", fmt.Errorf("%s has no module line", filepath.Join(d, "go.mod"))
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", "", err
		}
		if filepath.Dir(d) == d {
			return "", "", nil
		}
	}
}

// relTo returns p relative to root when it is inside it, else p.
func relTo(root, p string) string {
	if rel, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return p
}
