// Package jsonschema emits JSON Schema draft 2020-12 for every wire package
// of the schema: generated/jsonschema/<package>/<name>.schema.json, one file
// per object or union that is not a union variant, the same set again
// under strict/, and for each set one bundle, generated/jsonschema/
// <package>.schema.json and <package>.strict.schema.json, that holds every
// file of the set as an embedded resource under the same $id: one file,
// one compile.
//
// A file's root is its definition itself (title, description, keywords).
// Another object or union that has a file of its own is referred to by
// that file's name, relative to the $id ("$ref": "seat.schema.json");
// what has no file (enums, named scalars, a union's variants) is an entry
// of the $defs of each file that uses it. So every definition is written
// once per file that uses it directly, and the output grows with the
// schema, not with the square of its depth (issue 13: a chain of 1,000
// definitions, each embedding all it reached, wrote 282 MB).
//
// The open set (for the app) accepts a property it does not know, since a
// newer host may add optional fields. The strict set (for the host's own
// tests and fixtures) refuses one: every object says
// "unevaluatedProperties": false, which sees through $ref, allOf, if/then
// and oneOf, so a union variant or an object with a conditional rule is
// closed over exactly its own fields.
//
// The mapping, and why each choice was made, is in docs/jsonschema.md.
package jsonschema

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

const (
	// Draft is the meta-schema every file declares.
	Draft = "https://json-schema.org/draft/2020-12/schema"
	// Dir is the directory under generated/ that holds the schemas.
	Dir = "jsonschema"
	// StrictDir is the subdirectory of a package's schemas holding the
	// strict set.
	StrictDir = "strict"
	// Suffix ends every schema file name.
	Suffix = ".schema.json"
	// StrictSuffix ends the name of a package's strict bundle.
	StrictSuffix = ".strict.schema.json"
)

// BundleName returns the file name, under generated/jsonschema/, of a
// package's bundle: fleet.schema.json, or fleet.strict.schema.json.
func BundleName(pkg string, strict bool) string {
	if strict {
		return pkg + StrictSuffix
	}
	return pkg + Suffix
}

// The patterns that pin a timestamp and a day to what the model means by
// them: time.Time() and time.Format("2006-01-02") are Go's time.Parse, which
// is narrower than RFC 3339's date-time: only "T" and "Z" in capitals, no
// space for the "T", no leap second. The format keyword checks the ranges
// (month, day of month, hour, offset); the pattern checks the shape.
const (
	TimePattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$`
	DatePattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`
)

// Generate returns the open and strict schema files of every package in s.
// Every file's $id is the module's JSON Schema id base
// (s.Config.JSONSchemaID) followed by the file's path under jsonschema/.
// It names the file; nothing fetches it.
func Generate(s *model.Schema) ([]output.File, error) {
	var files []output.File
	err := Stream(s, func(fs ...output.File) error {
		files = append(files, fs...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return files, nil
}

// Stream is Generate handing each file to add as soon as it is rendered,
// keeping none: at 5,000 definitions the files of a package were 13 MB
// held until the last was made (generate's output.Stream writes each
// into the next tree as it comes). add's error stops the run and is
// returned.
func Stream(s *model.Schema, add func(...output.File) error) error {
	// A bundle is named after its package beside the package's folder,
	// where the folder above may have a file of a definition of that
	// name (Perses' v1 holds #Dashboard, and v1/dashboard is a package
	// of its own): every file of a definition is the definition's, and
	// such a bundle takes another name (bundleNames).
	// A package in a folder named strict under another package would
	// write its files where that package writes its strict set.
	var errs model.ErrorList
	for _, p := range s.Packages {
		if path.Base(p.Path) != StrictDir {
			continue
		}
		for _, q := range s.Packages {
			if q.Path == path.Dir(p.Path) {
				errs = append(errs, &model.Error{Pos: p.Pos, Msg: fmt.Sprintf("package %s (folder %s) would write its JSON Schemas under jsonschema/%s/, where package %s (folder %s) writes its strict set; rename the folder", p.Name, p.Dir, p.Path, q.Name, q.Dir)})
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	defFiles := definitionFiles(s)
	return output.EachTo(s.Packages, func(p *model.Package) error {
		return generatePackage(p, s.Config.JSONSchemaID, defFiles, add)
	})
}

// definitionFiles is the path under generated/jsonschema/ of every
// definition's file of s, open and strict.
func definitionFiles(s *model.Schema) map[string]bool {
	defFiles := map[string]bool{}
	for _, p := range s.Packages {
		for _, f := range fileNames(p) {
			defFiles[path.Join(p.Path, f)] = true
			defFiles[path.Join(p.Path, StrictDir, f)] = true
		}
	}
	return defFiles
}

// BundleNames returns the file names, under generated/jsonschema/, of
// the open and the strict bundle of each package of s, by its path:
// BundleName's, but where that is a definition's file (bundleNames).
// A package with no root object or union has none written.
func BundleNames(s *model.Schema) map[string][2]string {
	defFiles := definitionFiles(s)
	out := make(map[string][2]string, len(s.Packages))
	for _, p := range s.Packages {
		open, strict := bundleNames(p.Path, defFiles)
		out[p.Path] = [2]string{open, strict}
	}
	return out
}

// bundleNames returns the file names, under generated/jsonschema/, of
// pkg's bundles: BundleName's, or where one of those is a definition's
// file (defFiles), pkg.bundle.schema.json and pkg.bundle.strict.schema.json,
// which no definition's file name is (a name in kebab case has no '.'),
// numbered on where a type in place named by its path took it.
func bundleNames(pkg string, defFiles map[string]bool) (open, strict string) {
	open, strict = BundleName(pkg, false), BundleName(pkg, true)
	for i := 1; defFiles[open] || defFiles[strict]; i++ {
		tag := ".bundle"
		if i > 1 {
			tag += strconv.Itoa(i)
		}
		open, strict = pkg+tag+Suffix, pkg+tag+StrictSuffix
	}
	return open, strict
}

// def is one CUE definition as this emitter sees it.
type def struct {
	name string
	pos  model.Pos
	// exactly one of these is set
	scalar *model.Scalar
	enum   *model.Enum
	object *model.Object
	union  *model.Union
	mapDef *model.Map
	// oneOf is a choice of kinds that holds itself (OneOf.Recursive),
	// which every use refers to; any other is written where it is used.
	oneOf *model.OneOf
	// list is a list definition that holds itself (Alias.Recursive),
	// which every use refers to; any other is written where it is used.
	list *model.Alias
	// doc is the type of a package's document that is none of the above
	// (package test; 1 | 2 | "three"): a OneOf, a tuple, a list or a
	// constant, which elsewhere are written where they are used.
	doc *model.Type
	// docText is its doc comment.
	docText string
	// nullable: the definition may also be null as a whole: a package's
	// document (package maybe; null | string), or an object or union
	// definition (#network: null | close({…}); model.Package.Nullable).
	nullable bool
}

// Roots returns the definitions of p that get a file of their own, in
// declaration order: every object that is not a union variant, every
// union, and the package's document whatever it is.
func Roots(p *model.Package) []string {
	var ds []def
	doc := p.Document == ""
	for _, o := range p.Objects {
		if o.Union == nil {
			ds = append(ds, def{name: o.Name, pos: o.Pos})
			doc = doc || o.Name == p.Document
		}
	}
	for _, u := range p.Unions {
		ds = append(ds, def{name: u.Name, pos: u.Pos})
		doc = doc || u.Name == p.Document
	}
	if d := documentType(p); !doc && d != nil {
		ds = append(ds, def{name: d.name, pos: d.pos})
	}
	slices.SortStableFunc(ds, func(a, b def) int { return comparePos(a.pos, b.pos) })
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.name
	}
	return names
}

// documentType returns the definition of p's document when p's value is
// not a struct (package test; 1 | 2 | "three"): a OneOf, a tuple, an
// enum, a scalar or a list, which elsewhere are written where they are
// used.
func documentType(p *model.Package) *def {
	if p.Value == nil {
		return nil
	}
	pos, text, _ := p.ValueDef()
	d := &def{name: p.Document, pos: pos}
	t := p.Value
	if t.Kind == model.NullableKind {
		t = t.Elem
	}
	// A scalar or an enum is the file's own schema, not a reference to
	// itself; anything else is written as where it is used.
	switch t.Kind {
	case model.ScalarKind:
		d.scalar = t.Scalar
	case model.EnumKind:
		d.enum = t.Enum
	default:
		d.doc, d.docText = p.Value, text
		return d
	}
	d.nullable = p.Value.Kind == model.NullableKind
	return d
}

func comparePos(a, b model.Pos) int {
	if a.File != b.File {
		return strings.Compare(a.File, b.File)
	}
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	return a.Col - b.Col
}

// FileName returns the file name of a root definition: its name in kebab
// case, e.g. LedgerRow → ledger-row.schema.json.
func FileName(def string) string { return kebab(def) + Suffix }

// fileNames returns the file name of each root definition of p (Roots):
// FileName's, but for a type in place named by its path (model's
// Object.ByPath, P_Audit_Level), whose steps kebab case would run
// together with those of the name it could not have (PAuditLevel): its
// steps are joined with '.' instead (p.audit.level.schema.json), which no
// other name gives. The _s after a name another type in place had first
// (Modules_FinalStats_, rule 4 of docs/schema-language.md's "Names of
// types in place") stay after it: modules.final-stats_.schema.json.
// Two names of one kebab case (#AB and #Ab: ab.schema.json) are told
// apart as their Go names are: the later in the source takes an '_'
// before the suffix (ab_.schema.json), as many as it takes to be free;
// every title still names its definition.
func fileNames(p *model.Package) map[string]string {
	byPath := map[string]bool{}
	for _, o := range p.Objects {
		byPath[o.Name] = o.ByPath
	}
	for _, u := range p.Unions {
		byPath[u.Name] = u.ByPath
	}
	files := map[string]string{}
	taken := map[string]bool{}
	for _, name := range Roots(p) {
		files[name] = FileName(name)
		if byPath[name] {
			base := strings.TrimRight(name, "_")
			steps := strings.Split(base, "_")
			for i, s := range steps {
				steps[i] = kebab(s)
			}
			files[name] = strings.Join(steps, ".") + name[len(base):] + Suffix
		}
		f := files[name]
		for taken[f] { // a name past MaxFileName is never taken: shortName makes it free
			f = strings.TrimSuffix(f, Suffix) + "_" + Suffix
		}
		files[name] = shortName(f, taken)
		taken[files[name]] = true
	}
	return files
}

// MaxFileName is the longest file name a JSON Schema file is given, in
// bytes: a type in place named by a long path (cuetf's AWS provider,
// res.aws_wafv2_web_acl_rule_group_association.managed_rule_group…, 300
// bytes and more) would pass the 255 bytes file systems take for a name.
const MaxFileName = 128

// shortName returns name, or, when it is longer than MaxFileName, its
// start cut at a character boundary and followed by '-' and twelve hex
// digits of its SHA-256, then Suffix: the same for the same name on every
// run, and distinct from every name in taken.
func shortName(name string, taken map[string]bool) string {
	if len(name) <= MaxFileName {
		return name
	}
	stem := strings.TrimSuffix(name, Suffix)
	sum := sha256.Sum256([]byte(stem))
	for n := 12; ; n += 2 {
		tag := "-" + hex.EncodeToString(sum[:])[:n]
		cut := MaxFileName - len(Suffix) - len(tag)
		for cut > 0 && !utf8.RuneStart(stem[cut]) {
			cut--
		}
		short := stem[:cut] + tag + Suffix
		if !taken[short] || n >= 2*len(sum) {
			return short
		}
	}
}

// kebab turns a CUE definition name into lower-case words joined by '-',
// splitting before an upper-case letter that follows a lower-case one or a
// digit, and before the last capital of a run followed by a lower-case
// letter: SeatID → seat-id, HTTPServer → http-server.
func kebab(name string) string {
	r := []rune(name)
	var b strings.Builder
	for i, c := range r {
		if i > 0 && unicode.IsUpper(c) {
			prev := r[i-1]
			nextLower := i+1 < len(r) && unicode.IsLower(r[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				b.WriteByte('-')
			}
		}
		if c == '_' {
			c = '-'
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return b.String()
}

// generatePackage hands add the files of p: each definition's, open and
// strict, as it is rendered, then the two bundles.
func generatePackage(p *model.Package, idBase string, defFiles map[string]bool, add func(...output.File) error) error {
	defs := map[string]*def{}
	for _, sc := range p.Scalars {
		// A time or day already has its pattern; the model refuses a
		// second one on a string, but not beside a time format.
		if (sc.Base == model.Time || sc.Base == model.Date) && len(sc.Patterns) > 0 {
			return &model.Error{Pos: sc.Pos, Msg: fmt.Sprintf(
				"#%s: a pattern beside a time format is not supported in JSON Schema; the format carries its own", sc.Name)}
		}
		defs[sc.Name] = &def{name: sc.Name, pos: sc.Pos, scalar: sc}
	}
	for _, e := range p.Enums {
		defs[e.Name] = &def{name: e.Name, pos: e.Pos, enum: e}
	}
	for _, o := range p.Objects {
		defs[o.Name] = &def{name: o.Name, pos: o.Pos, object: o, nullable: p.IsNullable(o.Name)}
	}
	for _, u := range p.Unions {
		defs[u.Name] = &def{name: u.Name, pos: u.Pos, union: u, nullable: p.IsNullable(u.Name)}
	}
	for _, m := range p.Maps {
		defs[m.Name] = &def{name: m.Name, pos: m.Pos, mapDef: m}
	}
	for _, o := range p.OneOfs {
		if o.Recursive {
			defs[o.Name] = &def{name: o.Name, pos: o.Pos, oneOf: o}
		}
	}
	for _, a := range p.Aliases {
		if a.Recursive {
			defs[a.Name] = &def{name: a.Name, pos: a.Pos, list: a}
		}
	}
	if d := documentType(p); d != nil {
		defs[d.name] = d
	}

	roots := fileNames(p)
	closed := map[string]bool{}
	bundles := [2]obj{}
	// The open set's match parts refer to strict resources (strictRef):
	// the open bundle holds those, and every strict resource they refer
	// to, so that it stays one document.
	strictRes := map[string]rawJSON{}
	strictRefs := map[string]bool{}
	strictDeps := map[string]map[string]bool{}
	var b bytes.Buffer // every resource is rendered into it, then copied out at its size
	for _, name := range Roots(p) {
		d := defs[name]
		file := roots[name]
		for i, strict := range []bool{false, true} {
			rel := path.Join(p.Path, file)
			if strict {
				rel = path.Join(p.Path, StrictDir, file)
			}
			e := &emitter{defs: defs, roots: roots, root: d, strict: strict, idBase: idBase, closed: closed}
			// The resource is rendered once: the file is it with $schema
			// first, and the bundle embeds the same text, indented.
			b.Reset()
			write(&b, e.resource(idBase+rel), "")
			res := bytes.Clone(b.Bytes())
			data := make([]byte, 0, len(res)+len(Draft)+20)
			data = append(data, "{\n  \"$schema\": "...)
			data = append(data, quoteString(Draft)...)
			data = append(data, ",\n"...)
			data = append(data, res[len("{\n"):]...)
			data = append(data, '\n')
			if err := add(output.File{Path: path.Join(Dir, rel), Data: data}); err != nil {
				return err
			}
			bundles[i] = append(bundles[i], member{name, rawJSON(res)})
			if strict {
				strictRes[name], strictDeps[name] = rawJSON(res), e.rootRefs
			} else {
				for n := range e.strictRefs {
					strictRefs[n] = true
				}
			}
		}
	}
	if len(strictRefs) > 0 {
		for todo := slices.Sorted(maps.Keys(strictRefs)); len(todo) > 0; {
			name := todo[0]
			todo = todo[1:]
			for n := range strictDeps[name] {
				if !strictRefs[n] {
					strictRefs[n] = true
					todo = append(todo, n)
				}
			}
		}
		for _, name := range Roots(p) {
			if strictRefs[name] {
				bundles[0] = append(bundles[0], member{StrictDir + "/" + name, strictRes[name]})
			}
		}
	}
	if len(bundles[0]) > 0 {
		openName, strictName := bundleNames(p.Path, defFiles)
		for i, strict := range []bool{false, true} {
			name := openName
			if strict {
				name = strictName
			}
			comment := fmt.Sprintf("Code generated by schemagen from %s. DO NOT EDIT. Every file of %s/ as one document: compile it once, then look a schema up by its $id, e.g. %s.", p.Dir, p.Path, idBase+path.Join(p.Path, roots[Roots(p)[0]]))
			if strict {
				comment = fmt.Sprintf("Code generated by schemagen from %s. DO NOT EDIT. Every file of %s/%s/ as one document: the strict set, for the host's own tests and fixtures.", p.Dir, p.Path, StrictDir)
			}
			doc := obj{{"$schema", Draft}, {"$id", idBase + name}, {"$comment", comment}}
			doc = doc.add("title", p.Name)
			doc = doc.add("description", p.Doc)
			doc = append(doc, member{"$defs", bundles[i]})
			// The bundle is its resources, each line indented by four
			// spaces more: grown once to about that, not doubled up to it.
			size := 4096
			for _, m := range bundles[i] {
				size += len(m.Value.(rawJSON)) * 5 / 4
			}
			if err := add(output.File{Path: path.Join(Dir, name), Data: render(doc, size)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// emitter writes one file: a root definition and the $defs it needs.
type emitter struct {
	defs   map[string]*def
	roots  map[string]string // the definitions with a file of their own, and its name
	root   *def
	strict bool
	used   map[string]bool // definitions embedded in $defs
	idBase string          // the module's $id base
	// inMatch: the schema being written is a part of a match (matchN's
	// alternative, matchIf's parts, list.MatchN's T), which CUE judges
	// strictly: in the open set a definition that HoldsClosed is referred
	// to in the strict set (strictRef).
	inMatch bool
	// lax: the schema being written says whether a value is possible for
	// a variant of a union without a discriminator (untagged): no field
	// is required at any depth, and a union without a discriminator
	// holds where one variant is possible, as CUE keeps a variant
	// possible where the value is only incomplete for it. A definition
	// that may hold an incomplete value is referred to as its
	// "possible/" entry of this file's $defs (ref).
	lax bool
	// strictRefs are the roots this open file refers to in the strict
	// set; rootRefs every root this file refers to (for the open
	// bundle, which then holds those strict resources and what they
	// refer to).
	strictRefs, rootRefs map[string]bool
	// closed caches whether a definition HoldsClosed.
	closed map[string]bool
}

// resource is one file's schema resource: everything but $schema, which
// only a document's root declares (the bundle embeds the resources).
func (e *emitter) resource(id string) obj {
	e.used = map[string]bool{}
	e.strictRefs, e.rootRefs = map[string]bool{}, map[string]bool{}
	body := e.definition(e.root)
	files := "the other files of its folder"
	if len(e.strictRefs) > 0 {
		files += " and of " + StrictDir + "/"
	}
	comment := "Code generated by schemagen from " + e.root.pos.File + ". DO NOT EDIT. Refers to " + files + " by name; load them all, or the bundle ../" + path.Base(path.Dir(strings.TrimPrefix(id, e.idBase))) + Suffix + ", which holds them in one document."
	if e.strict {
		comment = "Code generated by schemagen from " + e.root.pos.File + ". DO NOT EDIT. Strict: every object refuses a property it does not define; for the host's own tests and fixtures. Apps load ../" + path.Base(id) + "."
	}
	doc := obj{
		{"$id", id},
		{"$comment", comment},
	}
	doc = append(doc, body...)

	// Walk what the root embeds: a variant embedded may embed more.
	done := map[string]obj{}
	for {
		var next []string
		for name := range e.used {
			if _, ok := done[name]; !ok {
				next = append(next, name)
			}
		}
		if len(next) == 0 {
			break
		}
		slices.Sort(next)
		for _, name := range next {
			if plain, ok := strings.CutPrefix(name, possibleDir+"/"); ok {
				lax := e.lax
				e.lax = true
				done[name] = e.definition(e.defs[plain])
				e.lax = lax
				continue
			}
			if plain, ok := strings.CutPrefix(name, StrictDir+"/"); ok {
				e.inMatch = true
				done[name] = e.definition(e.defs[plain])
				e.inMatch = false
				continue
			}
			done[name] = e.definition(e.defs[name])
		}
	}
	if len(done) > 0 {
		names := make([]string, 0, len(done))
		for name := range done {
			names = append(names, name)
		}
		slices.Sort(names)
		var defs obj
		for _, name := range names {
			defs = append(defs, member{name, done[name]})
		}
		doc = append(doc, member{"$defs", defs})
	}
	return doc
}

// ref returns the schema that refers to a definition: "#" for the root,
// the file of another root by its name, relative to this file's $id, and
// anything else as an entry of this file's $defs. In a match part of the
// open set, a definition that holds a closed object is referred to as the
// strict set states it (strictRef).
func (e *emitter) ref(name string) obj {
	if e.inMatch && !e.strict && e.holdsClosed(name) {
		return e.strictRef(name)
	}
	if e.lax && e.mayBeIncomplete(name) {
		e.used[possibleDir+"/"+name] = true
		return obj{{"$ref", "#/$defs/" + possibleDir + "~1" + name}}
	}
	switch {
	case name == e.root.name:
		return obj{{"$ref", "#"}}
	case e.roots[name] != "":
		e.rootRefs[name] = true
		return obj{{"$ref", e.roots[name]}}
	}
	e.used[name] = true
	return obj{{"$ref", "#/$defs/" + name}}
}

// strictRef refers, from a match part of the open set, to a definition
// as the strict set states it: CUE's match refuses a member a closed
// definition does not name, so the part is judged as the strict set
// judges it (a newer writer's member is ignored outside matches only). A
// root is its file under strict/; any other definition an entry of this
// file's $defs written as in a match ("strict/" and its name).
func (e *emitter) strictRef(name string) obj {
	if file := e.roots[name]; file != "" {
		e.strictRefs[name] = true
		return obj{{"$ref", StrictDir + "/" + file}}
	}
	e.used[StrictDir+"/"+name] = true
	return obj{{"$ref", "#/$defs/" + StrictDir + "~1" + name}}
}

// possibleDir prefixes the $defs entries of the lax schemas (emitter.lax).
const possibleDir = "possible"

// mayBeIncomplete reports whether a value of the definition name may be
// incomplete in a way a lax schema states apart: an object or a union
// without a discriminator, or what holds one, that is not
// model.NeverIncomplete. A union with a discriminator is referred to as
// it is (a variant's reading judges its tag and required fields as ever:
// the model carries no shared member of two types that holds one).
func (e *emitter) mayBeIncomplete(name string) bool {
	t := e.defType(name)
	if t == nil || t.Kind == model.UnionKind && !t.Union.Untagged() {
		return false
	}
	return !model.NeverIncomplete(t)
}

// defType is the type of the definition name, or nil for a scalar or an
// enum.
func (e *emitter) defType(name string) *model.Type {
	d := e.defs[name]
	switch {
	case d == nil:
	case d.object != nil:
		return &model.Type{Kind: model.ObjectKind, Object: d.object}
	case d.union != nil:
		return &model.Type{Kind: model.UnionKind, Union: d.union}
	case d.mapDef != nil:
		return &model.Type{Kind: model.MapKind, Map: d.mapDef, Elem: d.mapDef.Elem}
	case d.oneOf != nil:
		return &model.Type{Kind: model.OneOfKind, OneOf: d.oneOf}
	case d.list != nil:
		return d.list.Type
	case d.doc != nil:
		return d.doc
	}
	return nil
}

// holdsClosed reports whether the definition name holds an object that
// refuses a member it does not name (model.HoldsClosed).
func (e *emitter) holdsClosed(name string) bool {
	if c, ok := e.closed[name]; ok {
		return c
	}
	t := e.defType(name)
	c := t != nil && model.HoldsClosed(t)
	e.closed[name] = c
	return c
}

// matchPart returns the schema of t, a part of a match (inMatch).
func (e *emitter) matchPart(t *model.Type) obj {
	in := e.inMatch
	e.inMatch = true
	s := e.typ(t)
	e.inMatch = in
	return s
}

// definition returns the schema of one definition, with its title and
// description.
func (e *emitter) definition(d *def) obj {
	s := obj{{"title", d.name}}
	switch {
	case d.scalar != nil:
		s = s.add("description", d.scalar.Doc)
		s = append(s, e.matchN(e.matchIf(basic(d.scalar.Base, d.scalar.Constraints), d.scalar.MatchIf), d.scalar.MatchN)...)
	case d.enum != nil:
		s = s.add("description", enumDoc(d.enum))
		values := make([]any, len(d.enum.Members))
		for i, m := range d.enum.Members {
			values[i] = m.Value
		}
		s = append(s, member{"type", "string"}, member{"enum", values})
	case d.object != nil && d.object.Match:
		// An object of a match part: judged as in a match throughout.
		s = s.add("description", d.object.Doc)
		in := e.inMatch
		e.inMatch = true
		s = append(s, e.object(d.object)...)
		e.inMatch = in
	case d.object != nil:
		s = s.add("description", d.object.Doc)
		s = append(s, e.object(d.object)...)
	case d.union != nil && d.union.Untagged() && e.lax:
		// Possible where one variant is: none is a conflict, several
		// leave the value incomplete, not wrong.
		s = s.add("description", d.union.Doc)
		s = append(s, member{"type", "object"}, member{"anyOf", e.possible(d.union)})
	case d.union != nil && d.union.Untagged():
		s = s.add("description", d.union.Doc)
		s = append(s, e.untagged(d.union)...)
	case d.union != nil:
		s = s.add("description", d.union.Doc)
		variants := make([]any, len(d.union.Variants))
		for i, v := range d.union.Variants {
			variants[i] = e.ref(v.Name)
		}
		s = append(s, member{"oneOf", variants})
	case d.mapDef != nil:
		s = s.add("description", d.mapDef.Doc)
		s = append(s, member{"type", "object"})
		if d.mapDef.Key != nil {
			s = append(s, member{"propertyNames", basic(model.String, d.mapDef.Key.Constraints)})
		}
		s = append(s, member{"additionalProperties", e.typ(d.mapDef.Elem)})
	case d.oneOf != nil:
		s = s.add("description", d.oneOf.Doc)
		s = append(s, e.oneOf(d.oneOf)...)
	case d.list != nil:
		s = s.add("description", d.list.Doc)
		s = append(s, e.typ(d.list.Type)...)
	case d.doc != nil:
		s = s.add("description", d.docText)
		s = append(s, e.typ(d.doc)...)
	}
	if d.nullable {
		// The title and description, then the value or null.
		head := 1
		if len(s) > 1 && s[1].Key == "description" {
			head = 2
		}
		body := append(obj{}, s[head:]...)
		s = append(s[:head:head], member{"anyOf", []any{body, obj{{"type", "null"}}}})
	}
	return s
}

// enumDoc is the enum's doc followed by a list of its members and theirs,
// so that the one keyword that validates a closed set, enum, still carries
// what each member means.
func enumDoc(en *model.Enum) string {
	var b strings.Builder
	b.WriteString(en.Doc)
	if b.Len() > 0 {
		b.WriteString("\n\n")
	}
	for i, m := range en.Members {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "- %q", m.Value)
		if m.Doc != "" {
			fmt.Fprintf(&b, ": %s", strings.Join(strings.Fields(m.Doc), " "))
		}
	}
	return b.String()
}

// untagged states a union without a discriminator as CUE decides it:
// exactly one variant is possible (oneOf), a variant being possible when
// the value has no member another variant declares and it does not,
// and every member it has is one the variant admits, its required fields
// aside (a value only incomplete for a variant leaves it possible); and
// that variant is complete (anyOf of the variants, each also refusing the
// members of the others, so that only the possible one can match):
//
//	"type": "object",
//	"oneOf": [{"type": "object", "properties": {"model": …, "provider": false, "api": false}}, …],
//	"anyOf": [{"allOf": [{"$ref": "defaults.schema.json"}], "properties": {"provider": false, "api": false}}, …]
//
// In the open set a member no variant declares is ignored, as the Go
// decoder ignores it; the strict set refuses it in every closed variant.
// An open variant (a library's field) refuses no member it does not
// name, in either set.
//
// A union with a default (*#D | #P) is "if" D's possible object "then"
// D complete, "else" the same rule among the others.
func (e *emitter) untagged(u *model.Union) obj {
	possible := e.possible(u)
	complete := make([]any, len(u.Variants))
	for i, v := range u.Variants {
		others := othersOf(u, v)
		c := obj{{"allOf", []any{e.ref(v.Name)}}}
		if len(others) > 0 {
			c = append(c, member{"properties", others})
		}
		complete[i] = c
	}
	for i, v := range u.Variants {
		if v != u.Default {
			continue
		}
		// *#D | #P: where the default is possible, the value is it, and
		// complete for it; else exactly one of the others is possible.
		others := func(xs []any) []any { return slices.Delete(slices.Clone(xs), i, i+1) }
		rest := obj{{"oneOf", others(possible)}, {"anyOf", others(complete)}}
		if len(u.Variants) == 2 {
			rest = obj{{"allOf", []any{others(possible)[0], others(complete)[0]}}}
		}
		return obj{{"type", "object"}, {"if", possible[i]}, {"then", complete[i]}, {"else", rest}}
	}
	if u.Merge {
		// Several possible are one value where it holds every member
		// each declares (CUE's values of them come out equal): either
		// exactly one is possible, and the value complete for it, or
		// some are, and each possible one it is whole for.
		var whole []any
		for i, v := range u.Variants {
			var names []any
			for _, f := range v.Fields {
				names = append(names, f.Name)
			}
			w := slices.Clone(complete[i].(obj))
			if len(names) > 0 {
				w = append(w, member{"required", names})
			}
			whole = append(whole, obj{{"anyOf", []any{obj{{"not", possible[i]}}, w}}})
		}
		return obj{{"type", "object"}, {"anyOf", []any{
			obj{{"oneOf", possible}, {"anyOf", complete}},
			obj{{"anyOf", possible}, {"allOf", whole}},
		}}}
	}
	return obj{{"type", "object"}, {"oneOf", possible}, {"anyOf", complete}}
}

// possible returns, for each variant of u, the schema of a value possible
// for it: the variant with no field required (its own, nor any below it:
// lax), refusing the members the other variants declare and it does not
// (a closed variant's), and, beside an open variant, any member no
// variant declares.
func (e *emitter) possible(u *model.Union) []any {
	withOpen := u.Open() != 0
	lax := e.lax
	e.lax = true
	defer func() { e.lax = lax }()
	possible := make([]any, len(u.Variants))
	for i, v := range u.Variants {
		others := othersOf(u, v)
		p := e.object(v)
		for j := range p {
			switch p[j].Key {
			case "properties":
				p[j].Value = append(slices.Clone(p[j].Value.(obj)), others...)
			case "additionalProperties", "unevaluatedProperties":
				if withOpen && !v.Open {
					p[j].Key = "" // said below
				}
			}
		}
		p = slices.DeleteFunc(p, func(m member) bool { return m.Key == "" })
		if withOpen && !v.Open {
			// Beside an open variant a member no variant declares is
			// the open one's: CUE's closed variant conflicts with it,
			// in the open set too.
			p = append(p, member{"additionalProperties", false})
		}
		possible[i] = p
	}
	return possible
}

// othersOf are the members of u's other variants that v, unless it is
// open, does not declare, each refused (false).
func othersOf(u *model.Union, v *model.Object) obj {
	if v.Open {
		return nil // an open variant admits the others' members
	}
	own := memberNamesOf(v)
	var others obj
	for _, m := range u.Members() {
		if !own[m] {
			others = append(others, member{m, false})
		}
	}
	return others
}

// memberNamesOf is the set of names an object declares, fields and
// absent members alike.
func memberNamesOf(o *model.Object) map[string]bool {
	names := map[string]bool{}
	for _, f := range o.Fields {
		names[f.Name] = true
	}
	for _, a := range o.Absent {
		names[a.Name] = true
	}
	return names
}

func (e *emitter) object(o *model.Object) obj {
	s := obj{{"type", "object"}}
	var props obj
	var required []any
	for _, f := range o.Fields {
		fs := e.field(f)
		props = append(props, member{f.Name, fs})
		if !f.Optional {
			required = append(required, f.Name)
		}
	}
	for _, a := range o.Absent {
		// type?: _|_: no value is allowed, in the open set too.
		props = append(props, member{a.Name, false})
	}
	s = append(s, member{"properties", props})
	var rules []any
	patternRule := false // the patterns must stay in an allOf member
	if len(o.Members) > 0 {
		// {[=~"^x-"]: T}: members whose name matches are admitted and
		// hold T (evaluated, so unevaluatedProperties lets them be).
		var pats obj
		matched := false
		for _, m := range o.Members {
			if m.Key == nil {
				// [string]: T beside the fields: every member they do
				// not name holds T, in the open set too (the Go decoder
				// reads each as T). It is the object's only pattern.
				s = append(s, member{"additionalProperties", e.typ(m.Type)})
				continue
			}
			pats = append(pats, member{model.ECMAPattern(m.Key.KeyPattern()), e.typ(m.Type)})
			re := regexp.MustCompile(m.Key.KeyPattern()) // the model compiled it
			for _, f := range o.Fields {
				matched = matched || re.MatchString(f.Name)
			}
		}
		switch {
		case len(pats) == 0:
		case matched:
			// A field the pattern also constrains: ajv's strict mode
			// refuses a property matching a pattern of the same schema,
			// so the patterns go in an allOf member (the same meaning).
			rules = append(rules, obj{{"patternProperties", pats}})
			patternRule = true
		default:
			s = append(s, member{"patternProperties", pats})
		}
	}
	if len(required) > 0 && !e.lax {
		// A lax schema requires nothing: a missing field leaves the value
		// incomplete, the variant possible.
		s = append(s, member{"required", required})
	}
	s = counts(s, o.MinFields, o.MaxFields)
	for _, rule := range forbids(o) {
		rules = append(rules, rule)
	}
	for _, rf := range o.Refusals {
		rules = append(rules, refusal(o, rf))
	}
	for _, cd := range o.Conditionals {
		if rule := e.conditional(o, cd); rule != nil {
			rules = append(rules, rule)
		}
	}
	rules = append(rules, sharedAbsent(o)...)
	defaulted := condDefaults(o)
	rules = append(rules, defaulted...)
	for _, m := range o.MatchIfs {
		// matchIf beside the fields: if/then/else on the object.
		rules = append(rules, e.matchIf(obj{}, m))
		if m.Opens && e.strict && !o.Open {
			// An if clause's embedding opens the closed object while
			// its condition holds, as CUE reads it: every member is
			// then evaluated, which unevaluatedProperties below sees.
			rules = append(rules, obj{{"if", e.matchPart(m.If)}, {"then", obj{{"additionalProperties", true}}}})
		}
	}
	for _, m := range o.MatchNs {
		// matchN beside the fields: oneOf, anyOf, not or allOf of its
		// alternatives on the object.
		rules = append(rules, e.objectMatchN(m))
	}
	switch {
	case len(rules) == 0:
	case len(rules) == 1 && !patternRule && len(o.Conditionals) == 0 && len(defaulted) == 0:
		// One rule is stated on the object itself: json-schema-to-typescript
		// turns an object with allOf into a renamed copy of itself
		// (Edge = Edge1). A conditional has a $comment and description
		// of its own, so it stays in allOf.
		s = append(s, rules[0].(obj)...)
	default:
		s = append(s, member{"allOf", rules})
	}
	if (e.strict || o.Strict) && !o.Open {
		// An open object admits members it does not name in either set:
		// that is what the schema states, not a leniency of the open set.
		s = append(s, member{"unevaluatedProperties", false})
	}
	return s
}

// forbids states the object's conditional absences as one oneOf per enum
// field they are keyed on, a branch per set of values that forbid the same
// fields and one for the values that forbid none:
//
//	"oneOf": [
//	  {"properties": {"kind": {"const": "spawn"}, "conversationId": false, "entryId": false}},
//	  {"properties": {"kind": {"enum": ["prompt", "reply"]}}}
//	]
//
// which says what if/then says ("when kind is spawn, conversationId is
// absent"), and also what a TypeScript union needs to refuse a spawn edge
// with a conversationId: json-schema-to-typescript ignores if/then but
// turns these branches into {kind: "spawn"; conversationId?: never} | ….
func forbids(o *model.Object) []obj {
	var out []obj
	fields, branches := o.ForbidBranches()
	for i, name := range fields {
		var alts []any
		for _, b := range branches[i] {
			values := make([]any, len(b.Values))
			for j, v := range b.Values {
				values[j] = v
			}
			var match obj
			if len(values) == 1 {
				match = obj{{"const", values[0]}}
			} else {
				match = obj{{"enum", values}}
			}
			props := obj{{name, match}}
			for _, a := range b.Absent {
				props = append(props, member{a, false})
			}
			alt := obj{{"properties", props}}
			if len(b.Absent) > 0 {
				alt = append(obj{{"$comment", fmt.Sprintf("When %s is %s, %s must be absent.", name, joinValues(values), strings.Join(b.Absent, " and "))}}, alt...)
			}
			alts = append(alts, alt)
		}
		out = append(out, obj{{"oneOf", alts}})
	}
	return out
}

func joinValues(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(parts, " or ")
}

// refusal states a refused combination as "not": the value may not have
// every compared field at its value at once.
func refusal(o *model.Object, rf *model.Refusal) obj {
	var props obj
	var required []any
	for _, c := range rf.When {
		var v any = c.Str
		if f := o.Field(c.Field); f != nil && f.Type.BaseOf() == model.Int {
			v = c.Int
		}
		props = append(props, member{c.Field, obj{{"const", v}}})
		required = append(required, c.Field)
	}
	not := obj{}.add("description", rf.Doc)
	not = append(not, member{"properties", props}, member{"required", required})
	return obj{{"not", not}}
}

// condSchema is the schema of an if clause's conditions: what its
// "if" says, and what a value must be for them to hold.
func condSchema(o *model.Object, when []model.Condition) obj {
	var props obj
	var required, anyOfs, absent []any
	for _, c := range when {
		if c.Test == model.TestAbsent {
			// (named among properties too, as ajv's strict mode wants
			// of every required name)
			absent = append(absent, obj{{"properties", obj{member{c.Field, obj{}}}}, {"required", []any{c.Field}}})
			continue
		}
		if c.Test == model.TestPresent && slices.ContainsFunc(when, func(v model.Condition) bool { return v.Field == c.Field && v.Test != model.TestPresent }) {
			continue // if x != _|_ if x == "v": the value's test requires it
		}
		if c.Test == model.TestAny && c.Field == "" {
			// a == "x" || b == 2: one of the tests' schemas
			var alts []any
			for _, a := range c.Any {
				if a.Test == model.TestAll {
					// (a && b) || c: the side's tests, all of them
					alts = append(alts, condSchema(o, a.All))
					continue
				}
				alts = append(alts, condSchema(o, []model.Condition{a}))
			}
			anyOfs = append(anyOfs, obj{{"anyOf", alts}})
			continue
		}
		if i := slices.IndexFunc(props, func(m member) bool { return m.Key == c.Field }); i >= 0 {
			// n > 1 && n < 9: both of the field's tests
			props[i].Value = obj{{"allOf", []any{props[i].Value, valueSchema(o, c)}}}
		} else {
			props = append(props, member{c.Field, valueSchema(o, c)})
		}
		if _, absentHolds := c.Defaulted(o); absentHolds || slices.Contains(required, any(c.Field)) {
			continue // absent, the field is its default, which the test holds of
		}
		required = append(required, c.Field)
	}
	var ifs obj
	if len(props) > 0 {
		ifs = append(ifs, member{"properties", props})
	}
	if len(required) > 0 {
		ifs = append(ifs, member{"required", required})
	}
	switch {
	case len(absent) == 1:
		// if flag == _|_: not required
		ifs = append(ifs, member{"not", absent[0]})
	case len(absent) > 1:
		ifs = append(ifs, member{"not", obj{{"anyOf", absent}}})
	}
	switch {
	case len(anyOfs) == 1:
		ifs = append(ifs, anyOfs[0].(obj)...)
	case len(anyOfs) > 1:
		ifs = append(ifs, member{"allOf", anyOfs})
	}
	return ifs
}

// valueSchema is the schema of the values of c's field that its test
// holds of; {} for a test of its presence.
func valueSchema(o *model.Object, c model.Condition) obj {
	if c.Len {
		// if len(tags) > 0: the number of items; of a map's members
		s, least, most := obj{{"type", "array"}}, "minItems", "maxItems"
		if o.Field(c.Field).Type.Kind == model.MapKind {
			s, least, most = obj{{"type", "object"}}, "minProperties", "maxProperties"
		}
		switch c.Test {
		case model.TestEqual:
			return append(s, member{least, c.Int}, member{most, c.Int})
		case model.TestNotEqual:
			return append(s, member{"not", obj{{least, c.Int}, {most, c.Int}}})
		case model.TestLess:
			return append(s, member{most, c.Int - 1})
		case model.TestLessEq:
			return append(s, member{most, c.Int})
		case model.TestGreater:
			return append(s, member{least, c.Int + 1})
		}
		return append(s, member{least, c.Int})
	}
	switch c.Test {
	case model.TestTrue:
		return obj{{"const", true}}
	case model.TestFalse:
		return obj{{"const", false}}
	case model.TestLess, model.TestLessEq, model.TestGreater, model.TestGreaterEq:
		if c.Text {
			// if name > "m": no keyword orders strings; a pattern does
			return obj{{"type", "string"}, {"pattern", model.ECMAPattern(c.OrderPattern())}}
		}
		kind, bound := "integer", any(c.Int)
		if c.Number() {
			n, _ := strconv.ParseFloat(c.Str, 64) // if ratio > 0.5
			kind, bound = "number", n
		}
		key := "minimum"
		switch c.Test {
		case model.TestLess:
			key = "exclusiveMaximum"
		case model.TestLessEq:
			key = "maximum"
		case model.TestGreater:
			key = "exclusiveMinimum"
		}
		return obj{{"type", kind}, {key, bound}}
	case model.TestEqual:
		return obj{{"const", literal(c.Value(o))}}
	case model.TestNotEqual:
		return obj{{"not", obj{{"const", literal(c.Value(o))}}}}
	case model.TestNull:
		return obj{{"const", rawJSON("null")}}
	case model.TestNotNull:
		return obj{{"not", obj{{"const", rawJSON("null")}}}}
	case model.TestContains:
		return obj{{"type", "array"}, {"contains", obj{{"const", literal(c.Str)}}}}
	case model.TestNotContains:
		return obj{{"type", "array"}, {"not", obj{{"contains", obj{{"const", literal(c.Str)}}}}}}
	case model.TestMatch:
		return obj{{"type", "string"}, {"pattern", model.ECMAPattern(c.Str)}}
	case model.TestNotMatch:
		return obj{{"type", "string"}, {"not", obj{{"pattern", model.ECMAPattern(c.Str)}}}}
	case model.TestAny:
		// kind == "a" || kind == "b": an enum of the values compared;
		// other tests, one of theirs
		var values, alts []any
		for _, a := range c.Any {
			if a.Test == model.TestEqual {
				values = append(values, literal(a.Value(o)))
			}
			alts = append(alts, valueSchema(o, a))
		}
		if len(values) == len(c.Any) {
			return obj{{"enum", values}}
		}
		return obj{{"anyOf", alts}}
	}
	// Present, of any value: named among properties too, as ajv's
	// strict mode wants of every required name.
	return obj{}
}

// condDefaults states, for each field that if clauses give defaults
// (model.CondDefault), that it is present or one of those clauses holds:
// CUE supplies the default there, and requires the field elsewhere.
func condDefaults(o *model.Object) []any {
	var rules []any
	for _, f := range o.Fields {
		if !f.RequiredUnlessDefault(o) {
			continue
		}
		// Named among properties too, as ajv's strict mode wants of
		// every required name.
		alts := []any{obj{{"properties", obj{{f.Name, obj{}}}}, {"required", []any{f.Name}}}}
		var whens []string
		for _, c := range f.CondDefaults {
			alts = append(alts, condSchema(o, c.When))
			whens = append(whens, c.Describe(o)+" (its default then "+c.Value+")")
		}
		rules = append(rules, obj{{"$comment", f.Name + " is present unless " + strings.Join(whens, ", or ") + "."}, {"anyOf", alts}})
	}
	return rules
}

// conditional states an if clause that declares or narrows fields as
// if/then/else: if the conditions hold, then what the body says of each
// field at its path (required, const, minItems); else every field only
// the body declares is absent. The object lists such a field among its
// properties, so the strict set admits it while the body applies.
func (e *emitter) conditional(o *model.Object, cd *model.Conditional) obj {
	ifs := condSchema(o, cd.When)
	if cd.Refuses {
		// No value while the conditions hold.
		rule := obj{{"$comment", "Refused when " + cd.Describe(o) + "."}}.add("description", cd.Doc)
		return append(rule, member{"not", ifs})
	}
	root := &narrowNode{}
	var absent obj
	for _, n := range cd.Then {
		if n.Required || n.Absent || n.Const != nil || n.MinItems != nil || n.Checks != nil {
			root.add(n.Path, n)
		}
		if n.Declared {
			if !o.SharedDeclared(n.Path[0]) { // (one several declare: sharedAbsent)
				absent = append(absent, member{n.Path[0], false})
			}
			if f := o.Field(n.Path[0]); f != nil && len(f.CondDefaults) == 1 && !f.RequiredUnlessDefault(o) {
				// if kind == "D" {replicas: *1 | int}: the default, an
				// annotation where the body applies.
				root.add(n.Path, n)
				root.fields[n.Path[0]].dflt = f.CondDefaults[0].Value
			}
		}
	}
	comment := "When " + cd.Describe(o) + "."
	if len(absent) > 0 {
		comment = "When " + cd.Describe(o) + "; otherwise the fields only this rule declares are absent."
	}
	rule := obj{{"$comment", comment}}.add("description", cd.Doc)
	rule = append(rule, member{"if", ifs})
	if len(root.names) > 0 {
		rule = append(rule, member{"then", root.schema(true, e.typ)})
	}
	if len(absent) > 0 {
		rule = append(rule, member{"else", obj{{"properties", absent}}})
	}
	if len(root.names) == 0 && len(absent) == 0 {
		return nil // if kind == "b" {extra?: string}, another clause's too: sharedAbsent
	}
	return rule
}

// sharedAbsent states, for each field several if clauses declare (if
// kind == "a" {extra?: string}, if kind == "b" {extra?: string}), that it
// is absent where none of them holds: an if of the anyOf of their
// conditions, whose else forbids it.
func sharedAbsent(o *model.Object) []any {
	var rules []any
	for _, f := range o.Fields {
		if !o.SharedDeclared(f.Name) {
			continue
		}
		var alts []any
		for _, cd := range o.Declarers(f.Name) {
			alts = append(alts, condSchema(o, cd.When))
		}
		rules = append(rules, obj{
			{"$comment", "Where " + o.DescribeDeclared(f.Name, true) + ", " + f.Name + " is absent."},
			{"if", obj{{"anyOf", alts}}},
			{"else", obj{{"properties", obj{{f.Name, false}}}}},
		})
	}
	return rules
}

// narrowNode is a field a conditional's body says something of, and the
// fields of it it says something of, in the body's order.
type narrowNode struct {
	n      *model.Narrowing
	names  []string
	fields map[string]*narrowNode
	dflt   string // the default the body gives the field, a JSON literal; "" for none
}

func (nd *narrowNode) add(path []string, n *model.Narrowing) {
	if len(path) == 0 {
		nd.n = n
		return
	}
	if nd.fields == nil {
		nd.fields = map[string]*narrowNode{}
	}
	c := nd.fields[path[0]]
	if c == nil {
		c = &narrowNode{}
		nd.fields[path[0]] = c
		nd.names = append(nd.names, path[0])
	}
	c.add(path[1:], n)
}

// schema is what the node's value must be while the body applies; top is
// the object itself, whose type its schema states beside the rule.
func (nd *narrowNode) schema(top bool, typ func(*model.Type) obj) obj {
	s := obj{}
	if nd.dflt != "" {
		s = append(s, defaultMember(nd.dflt))
	}
	if n := nd.n; n != nil {
		if n.Const != nil {
			var v any = literal(n.Const.ConstJSON())
			if n.Const.Base == model.Bool {
				v = n.Const.Const == "true"
			}
			s = append(s, member{"const", v})
		}
		if n.MinItems != nil {
			// The type again, which the field's own schema states: ajv's
			// strict mode wants it beside every keyword of one type.
			s = append(s, member{"type", "array"}, member{"minItems", *n.MinItems})
		}
		if n.Checks != nil {
			// The field's type as the body narrows it (its own
			// constraints among them).
			s = append(s, typ(n.Checks)...)
		}
	}
	var props obj
	var required []any
	for _, name := range nd.names {
		c := nd.fields[name]
		if c.n != nil && c.n.Absent {
			props = append(props, member{name, false}) // absent while the body applies
			continue
		}
		props = append(props, member{name, c.schema(false, typ)})
		if c.n != nil && c.n.Required {
			required = append(required, name)
		}
	}
	if len(props) > 0 {
		if !top {
			s = append(s, member{"type", "object"})
		}
		s = append(s, member{"properties", props})
	}
	if len(required) > 0 {
		s = append(s, member{"required", required})
	}
	return s
}

// field returns the schema of one property. A reference to a definition is
// wrapped as allOf: [{$ref}] beside the field's description: a $ref with
// sibling keywords is valid 2020-12, but json-schema-to-typescript turns
// every such $ref into a new copy of the type (Pose1, Stance1, …).
func (e *emitter) field(f *model.Field) obj {
	t := e.typ(f.Type)
	s := obj{}.add("description", f.Doc)
	if f.Default != "" {
		// An annotation here: the data may leave the field out, and CUE
		// (and a reader's Get method) then takes this value.
		s = append(s, defaultMember(f.Default))
	}
	if d := f.MemberDefault; d != nil {
		// No keyword states a default computed from other members (the
		// default annotation is one value): the field is optional, and
		// the comment says what CUE gives it.
		s = append(s, member{"$comment", "default: " + d.Describe() + " (CUE computes it from the data where the data leaves the field out)"})
	}
	if len(t) == 1 && t[0].Key == "$ref" {
		return append(s, member{"allOf", []any{t}})
	}
	return append(s, t...)
}

// defaultMember is the default annotation of a JSON literal.
func defaultMember(js string) member {
	var str string
	if json.Unmarshal([]byte(js), &str) == nil {
		return member{"default", str} // a string, escaped as every string is
	}
	return member{"default", rawJSON(js)}
}

// typ returns the schema of a value of type t.
func (e *emitter) typ(t *model.Type) obj {
	switch t.Kind {
	case model.ScalarKind:
		return e.ref(t.Scalar.Name)
	case model.EnumKind:
		return e.ref(t.Enum.Name)
	case model.ObjectKind:
		return e.ref(t.Object.Name)
	case model.UnionKind:
		return e.ref(t.Union.Name)
	case model.ConstKind:
		switch t.Base {
		case model.Number:
			f, _ := strconv.ParseFloat(t.Const, 64)
			return obj{{"const", f}}
		case model.Int:
			n, _ := strconv.ParseInt(t.Const, 10, 64)
			return obj{{"const", n}}
		case model.Bool:
			return obj{{"const", t.Const == "true"}}
		}
		return obj{{"const", t.Const}}
	case model.ListKind:
		if t.HoldsItself() {
			return e.ref(t.Alias.Name) // written out in place it has no end
		}
		s := obj{{"type", "array"}, {"items", e.typ(t.Elem)}}
		// A list that must hold n items of a contains holds at least n
		// items: said as minItems too, the same language, because ajv
		// 8.20 passes an empty array's contains inside
		// additionalProperties or items once an earlier array in the
		// loop met it ({"K": [3], "x": []} against contains of >2;
		// random constructs seed 4158, docs/jsonschema.md).
		minItems := t.MinItems
		for _, c := range t.Contains {
			n := 0
			if c.Min != nil {
				n = *c.Min
			}
			if n > 0 && (minItems == nil || *minItems < n) {
				minItems = &n
			}
		}
		if minItems != nil {
			s = append(s, member{"minItems", *minItems})
		}
		if t.MaxItems != nil {
			s = append(s, member{"maxItems", *t.MaxItems})
		}
		if t.UniqueItems {
			s = append(s, member{"uniqueItems", true})
		}
		placed, more := false, []any(nil)
		for _, c := range t.Contains {
			if (c.Min == nil || *c.Min == 0) && c.Max == nil {
				// list.MatchN(>=0, T) admits every list: nothing to
				// state (ajv's strict mode refuses minContains 0
				// alone, a contains that is ignored).
				continue
			}
			// list.MatchN(n, T): how many items T admits. minContains
			// is 1 unless stated, so 0 is stated. A second one is an
			// allOf entry: an object has one contains.
			cs := obj{{"contains", e.matchPart(c.Match)}}
			min := 0
			if c.Min != nil {
				min = *c.Min
			}
			if min != 1 {
				cs = append(cs, member{"minContains", min})
			}
			if c.Max != nil {
				cs = append(cs, member{"maxContains", *c.Max})
			}
			if !placed {
				s, placed = append(s, cs...), true
			} else {
				more = append(more, cs)
			}
		}
		// net.IP's bytes, 4 or 16 of them (Constraints.Lengths):
		// minItems and maxItems, and no count between two lengths.
		for i := 1; i < len(t.Lengths); i++ {
			if lo, hi := t.Lengths[i-1]+1, t.Lengths[i]-1; lo <= hi {
				more = append(more, obj{{"not", obj{{"minItems", lo}, {"maxItems", hi}}}})
			}
		}
		// [...string] | [...int]: the list alternatives count it,
		// anyOf or oneOf, each a part of a match.
		s = e.matchN(s, t.MatchN)
		if len(more) > 0 {
			s = appendAllOf(s, more)
		}
		return s
	case model.TupleKind:
		// [A, B]: prefixItems, every one required (minItems), no other
		// (items: false); [A, ...T]: the others are T.
		tu := t.Tuple
		s := obj{{"type", "array"}}
		if len(tu.Items) > 0 {
			var items []any
			for _, it := range tu.Items {
				items = append(items, e.typ(it))
			}
			s = append(s, member{"prefixItems", items})
		}
		if tu.Rest == nil {
			s = append(s, member{"items", false})
		} else {
			s = append(s, member{"items", e.typ(tu.Rest)})
		}
		minItems := len(tu.Items)
		if t.MinItems != nil && *t.MinItems > minItems {
			minItems = *t.MinItems
		}
		if minItems > 0 {
			s = append(s, member{"minItems", minItems})
		}
		if t.MaxItems != nil {
			s = append(s, member{"maxItems", *t.MaxItems})
		}
		if t.UniqueItems {
			s = append(s, member{"uniqueItems", true})
		}
		return s
	case model.MapKind:
		if t.Map != nil {
			return e.ref(t.Map.Name)
		}
		s := obj{{"type", "object"}}
		if t.Key != nil {
			// [=~"re"]: T: every member's name matches re.
			s = append(s, member{"propertyNames", basic(model.String, t.Key.Constraints)})
		}
		s = counts(s, t.MinFields, t.MaxFields)
		if t.Elem.Kind == model.AnyKind && !t.Elem.Checked() {
			return s // {...}: any object
		}
		return append(s, member{"additionalProperties", e.typ(t.Elem)})
	case model.AnyKind:
		s := obj{} // _: any JSON value, null included
		if t.NotNull {
			s = obj{{"not", obj{{"type", "null"}}}} // but null
		}
		return e.matchN(e.matchIf(s, t.MatchIf), t.MatchN)
	case model.NullKind:
		return obj{{"type", "null"}}
	case model.NullableKind:
		return obj{{"anyOf", []any{e.typ(t.Elem), obj{{"type", "null"}}}}}
	case model.OneOfKind:
		if t.OneOf.Recursive {
			return e.ref(t.OneOf.Name) // written out in place it has no end
		}
		return e.oneOf(t.OneOf)
	}
	if len(t.Choice) > 0 {
		// A choice among constraints: a value of the base that one
		// alternative admits (CUE's disjunction); they may overlap, so
		// anyOf, not oneOf.
		var alts []any
		for _, a := range t.Choice {
			alts = append(alts, e.typ(a))
		}
		return append(basic(t.Base, model.Constraints{}), member{"anyOf", alts})
	}
	return e.matchN(e.matchIf(basic(t.Base, t.Constraints), t.MatchIf), t.MatchN)
}

// oneOf is the schema of a choice of kinds. Each alternative is of its own
// JSON kind, so exactly one can match: anyOf says the same as oneOf, and
// costs a validator less.
func (e *emitter) oneOf(o *model.OneOf) obj {
	var alts []any
	for _, a := range o.Alts {
		alts = append(alts, e.typ(a.Type))
	}
	return obj{{"anyOf", alts}}
}

// matchN appends a scalar's matchN(1, alts), when m is one, to s: a
// oneOf of the alternatives, each with the value's type; or a list's
// count of its list alternatives (oneOf or anyOf).
func (e *emitter) matchN(s obj, m *model.ObjectMatchN) obj {
	if m == nil {
		return s
	}
	return append(s, e.objectMatchN(m)...)
}

// matchIf appends matchIf(if, then, else), when m is one, to s: JSON
// Schema's own if/then/else; _ is left out (true). An object T is its
// own def, whose "type": "object" keeps a value of another kind from
// matching it (required and properties alone hold of any non-object).
func (e *emitter) matchIf(s obj, m *model.MatchIf) obj {
	if m == nil {
		return s
	}
	s = append(s, member{"if", e.matchPart(m.If)})
	if m.Then != nil {
		s = append(s, member{"then", e.matchPart(m.Then)})
	}
	if m.Else != nil {
		s = append(s, member{"else", e.matchPart(m.Else)})
	}
	return s
}

// objectMatchN states an object's matchN(n, alts) by the keyword that
// names its count: {"oneOf": [A, B]}, {"anyOf": …}, {"allOf": …}, or
// {"not": {"anyOf": …}} for none; _ is true.
func (e *emitter) objectMatchN(m *model.ObjectMatchN) obj {
	alts := make([]any, len(m.Alts))
	for i, a := range m.Alts {
		if a == nil {
			alts[i] = true
			continue
		}
		alts[i] = e.matchPart(a)
	}
	if m.Keyword() == "not" {
		return obj{member{"not", obj{member{"anyOf", alts}}}}
	}
	return obj{member{m.Keyword(), alts}}
}

// literal is a JSON literal of the model's (a string, an integer, a boolean or a
// number) as a value the renderer writes.
func literal(lit string) any {
	if lit == "true" || lit == "false" {
		return lit == "true" // a boolean item (if list.Contains(flags, true))
	}
	if strings.HasPrefix(lit, `"`) {
		var s string
		json.Unmarshal([]byte(lit), &s)
		return s
	}
	if n, err := strconv.ParseInt(lit, 10, 64); err == nil {
		return n
	}
	f, _ := strconv.ParseFloat(lit, 64)
	return f
}

// counts appends struct.MinFields/MaxFields: how many members an object or
// map has.
func counts(s obj, lo, hi *int) obj {
	if lo != nil {
		s = append(s, member{"minProperties", *lo})
	}
	if hi != nil {
		s = append(s, member{"maxProperties", *hi})
	}
	return s
}

// basic returns the schema of a scalar value.
func basic(b model.Base, c model.Constraints) obj {
	var s obj
	switch b {
	case model.String:
		s = obj{{"type", "string"}}
	case model.Int:
		s = obj{{"type", "integer"}}
	case model.Number:
		s = obj{{"type", "number"}}
	case model.Bool:
		s = obj{{"type", "boolean"}}
	case model.Time:
		s = obj{{"type", "string"}, {"format", "date-time"}, {"pattern", TimePattern}}
	case model.Date:
		s = obj{{"type", "string"}, {"format", "date"}, {"pattern", DatePattern}}
	case model.Bytes:
		// contentEncoding only annotates (no validator asserts it); the
		// pattern checks the text as the Go and TypeScript readers do.
		s = obj{{"type", "string"}, {"contentEncoding", "base64"}, {"pattern", model.Base64Pattern}}
	}
	patterns := c.Patterns
	if c.URL != model.NoURL {
		// A URL as Go's url.Parse reads it (CUE's net.URL, net.AbsURL):
		// its language, one more pattern, with no format (validators
		// read uri and uri-reference as RFC 3986's, or not at all).
		patterns = append(slices.Clip(patterns), model.URLPatternOf(c.URL))
	}
	switch len(patterns) {
	case 0:
	case 1:
		s = append(s, member{"pattern", model.ECMAPattern(patterns[0])})
	default:
		// =~"^a" & =~"b$": one keyword holds one pattern, so each is a
		// schema of its own, all of which must hold.
		var all []any
		for _, re := range patterns {
			all = append(all, obj{{"pattern", model.ECMAPattern(re)}})
		}
		s = append(s, member{"allOf", all})
	}
	if c.Duration {
		// A Go duration: its grammar, with no format (JSON Schema's
		// duration is ISO 8601's, another language). The model keeps
		// every other constraint off it, so this is its one pattern.
		s = append(s, member{"pattern", model.DurationPattern})
	}
	if c.MultipleOf != nil {
		// A decimal fraction (0.01) as its text: JSON Schema's
		// multipleOf is exact ("division … results in an integer").
		s = append(s, member{"multipleOf", rawJSON(c.MultipleOfText())})
	}
	// !~"re" and != v: JSON Schema has no negated pattern or constant
	// keyword, so each is a not; two or more are one not of their anyOf.
	var nots []any
	for _, re := range c.NotPatterns {
		nots = append(nots, obj{{"pattern", model.ECMAPattern(re)}})
	}
	for _, v := range c.Not {
		nots = append(nots, obj{{"const", literal(v)}})
	}
	switch len(nots) {
	case 0:
	case 1:
		s = append(s, member{"not", nots[0]})
	default:
		s = append(s, member{"not", obj{{"anyOf", nots}}})
	}
	if c.MinRunes != nil {
		s = append(s, member{"minLength", *c.MinRunes})
	}
	if c.MaxRunes != nil {
		s = append(s, member{"maxLength", *c.MaxRunes})
	}
	if c.Min != nil {
		s = append(s, member{"minimum", *c.Min})
	}
	if c.Max != nil {
		s = append(s, member{"maximum", *c.Max})
	} else if c.Uint64 {
		max := uint64(math.MaxUint64) // CUE's uint64, or its own bound
		if c.UintMax != nil {
			max = *c.UintMax
		}
		s = append(s, member{"maximum", max})
	}
	if c.MinNum != nil {
		s = append(s, member{map[bool]string{false: "minimum", true: "exclusiveMinimum"}[c.MinExclusive], *c.MinNum})
	}
	if c.MaxNum != nil {
		s = append(s, member{map[bool]string{false: "maximum", true: "exclusiveMaximum"}[c.MaxExclusive], *c.MaxNum})
	}
	return s
}

// appendAllOf appends parts to s's allOf, made when s has none.
func appendAllOf(s obj, parts []any) obj {
	for i, m := range s {
		if m.Key == "allOf" {
			if all, ok := m.Value.([]any); ok {
				s[i].Value = append(slices.Clone(all), parts...)
				return s
			}
		}
	}
	return append(s, member{"allOf", parts})
}
