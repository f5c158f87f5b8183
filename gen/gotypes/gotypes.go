// Package gotypes emits the Go types of every wire package of the schema:
// generated/go/<package>/, one Go file per CUE file and a doc.go, with
// jennifer. The generated code's support (the JSON reader and writer, the
// error types, the validation walker) is the importable package
// github.com/schemagen/schemagen/wire, so no generated helper can collide
// with a schema's names and no package carries its own copy.
//
// For each enum it writes a named string type, one constant per member, the
// ordered member list, String, Valid, Parse<Enum> and text (un)marshalling
// that refuses a non-member. For each object it writes a struct whose
// optional fields keep absent apart from zero (pointers for scalars, enums
// and objects, nil for lists and maps), exact JSON decoding that refuses a
// missing required field or a null, a reflection-free encoder writing the
// bytes encoding/json would (AppendJSON, MarshalJSON), and Validate for
// every constraint the Go type cannot state, which allocates nothing for a
// valid value. For each union it writes a sealed interface with one
// pointer-receiver implementation per variant and a decoder that
// dispatches on the discriminator.
//
// Generated helpers are unexported and named kind_GoName (decode_Seat,
// enum_Pose): a schema's Go names have no underscore, so they cannot
// collide.
package gotypes

import (
	"cmp"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

// EnumDirective and UnionDirective mark, in the doc comment of a generated
// type, that the schema defines it as an enum (its members are the
// constants of the type declared in its package) or a union (its variants
// are the package's types implementing it). The exhaustiveness analyzer
// checks exactly the types so marked and guesses nothing.
const (
	EnumDirective  = "//schemagen:enum"
	UnionDirective = "//schemagen:union"
)

// wirePkg is the import path of the generated code's support package.
const wirePkg = "github.com/schemagen/schemagen/wire"

// wireVersion is the support version this emitter generates for; the
// generated doc.go asserts the wire package serves it.
const wireVersion = 2

// helper names a generated unexported helper of a definition.
func helper(kind, goName string) string { return kind + "_" + goName }

// nthPattern names the compiled regexp of a value's pattern i, given the
// name of its first: name, name_2, name_3, … (a Go name never starts with
// a digit, so no stem meets these).
func nthPattern(name string, i int) string {
	if i == 0 {
		return name
	}
	return name + "_" + strconv.Itoa(i+1)
}

// Generate returns the Go package of every wire package in s.
func Generate(s *model.Schema) ([]output.File, error) {
	// Read only where a type= names another package, which few do.
	qualified := sync.OnceValue(func() map[string]map[string]string { return qualifiedStands(s) })
	return output.Each(s.Packages, func(p *model.Package) ([]output.File, error) {
		return generatePackage(p, qualified)
	})
}

// inGo is p without the declarations @go(-) leaves out of the Go types
// (model.Package.GoOmit), which no Go type of p refers to: p itself when
// there are none.
func inGo(p *model.Package) *model.Package {
	if len(p.GoOmit) == 0 {
		return p
	}
	q := *p
	q.Scalars = slices.DeleteFunc(slices.Clone(p.Scalars), func(x *model.Scalar) bool { return !p.InGo(x.Name) })
	q.Enums = slices.DeleteFunc(slices.Clone(p.Enums), func(x *model.Enum) bool { return !p.InGo(x.Name) })
	q.Objects = slices.DeleteFunc(slices.Clone(p.Objects), func(x *model.Object) bool { return !p.InGo(x.Name) })
	q.Unions = slices.DeleteFunc(slices.Clone(p.Unions), func(x *model.Union) bool { return !p.InGo(x.Name) })
	q.Maps = slices.DeleteFunc(slices.Clone(p.Maps), func(x *model.Map) bool { return !p.InGo(x.Name) })
	q.OneOfs = slices.DeleteFunc(slices.Clone(p.OneOfs), func(x *model.OneOf) bool { return !p.InGo(x.Name) })
	q.Aliases = slices.DeleteFunc(slices.Clone(p.Aliases), func(x *model.Alias) bool { return !p.InGo(x.Name) })
	q.Tuples = slices.DeleteFunc(slices.Clone(p.Tuples), func(x *model.Tuple) bool { return !p.InGo(x.Name) })
	return &q
}

// decl is one top-level definition with the CUE file it came from.
type decl struct {
	pos  model.Pos
	emit func(f *goFile)
}

func generatePackage(p *model.Package, qualified func() map[string]map[string]string) ([]output.File, error) {
	p = inGo(p)
	zero, err := checkTypeAttrs(p, qualified)
	if err != nil {
		return nil, err
	}
	dir := path.Join("go", p.Path)
	var decls []decl
	for _, e := range p.Enums {
		decls = append(decls, decl{e.Pos, func(f *goFile) { enum(f, e) }})
	}
	for _, o := range p.Objects {
		decls = append(decls, decl{o.Pos, func(f *goFile) { object(f, o, p.IsNullable(o.Name)) }})
	}
	for _, o := range p.OneOfs {
		decls = append(decls, decl{o.Pos, func(f *goFile) { oneOf(f, o) }})
	}
	for _, tu := range p.Tuples {
		decls = append(decls, decl{tu.Pos, func(f *goFile) { tuple(f, tu) }})
	}
	doc := valueDocument(p)
	if doc {
		if err := documentError(p); err != nil {
			return nil, err
		}
		pos, _, _ := p.ValueDef()
		decls = append(decls, decl{pos, func(f *goFile) { document(f, p) }})
	}
	for _, a := range p.Aliases {
		if doc && a.Name == p.Document {
			continue // the document's own type, above
		}
		decls = append(decls, decl{a.Pos, func(f *goFile) { alias(f, a) }})
	}
	used := usedUnions(p)
	for _, u := range p.Unions {
		decls = append(decls, decl{u.Pos, func(f *goFile) { union(f, u, used[u], p.IsNullable(u.Name)) }})
	}
	for _, m := range p.Maps {
		decls = append(decls, decl{m.Pos, func(f *goFile) { namedMap(f, m) }})
	}
	for _, sc := range p.Scalars {
		if needsValidator(sc) {
			decls = append(decls, decl{sc.Pos, func(f *goFile) { scalarValidator(f, sc) }})
		}
	}
	// One Go file per CUE file, declarations in source order.
	byFile := map[string][]decl{}
	var order []string
	for _, d := range decls {
		if _, ok := byFile[d.pos.File]; !ok {
			order = append(order, d.pos.File)
		}
		byFile[d.pos.File] = append(byFile[d.pos.File], d)
	}
	slices.Sort(order)

	docf := newGoFile(p.GoName, output.GoHeader)
	docf.pkgDoc = p.Doc
	if p.GoName != p.Name {
		// "Package type holds …" above package type_, or above the name
		// @go(si) gives: the Go name, as go doc reads the comment.
		if rest, ok := strings.CutPrefix(p.Doc, "Package "+p.Name+" "); ok {
			docf.pkgDoc = "Package " + p.GoName + " " + rest
		}
	}
	w := docf.wire()
	docf.decl()
	docf.comment("The wire support this package was generated for; a wire package that\ndoes not serve it fails to compile here.")
	docf.p("const (")
	docf.depth++
	docf.p("_ = ", w, ".EnforceVersion(", strconv.Itoa(wireVersion), " - ", w, ".MinVersion)")
	docf.p("_ = ", w, ".EnforceVersion(", w, ".MaxVersion - ", strconv.Itoa(wireVersion), ")")
	docf.depth--
	docf.p(")")
	out := []output.File{{Path: path.Join(dir, "doc.go"), Data: docf.bytes()}}
	patterns, notPatterns := patternNames(p)
	keyed := keyedOneOfs(p)
	fit := map[*model.Object]bool{}
	compiled := map[string]bool{}
	for _, u := range p.Unions {
		if u.Untagged() {
			for _, v := range u.Variants {
				fit[v] = true
			}
		}
	}
	names := map[string]string{"doc.go": "the package's doc"}
	for _, file := range order {
		ds := byFile[file]
		sortDecls(ds)
		f := newGoFile(p.GoName, output.GoHeader, "Source: "+file)
		f.patterns = patterns
		f.notPatterns = notPatterns
		f.keyed = keyed
		f.fit = fit
		f.zero = zero
		f.compiled = compiled
		f.reserve(goHeaderRoom, len(ds)*4096) // about what a definition takes: no doubling of a large file
		for _, d := range ds {
			d.emit(f)
		}
		base := goFileName(p.Dir, file)
		if prev, dup := names[base]; dup {
			return nil, &model.Error{Pos: model.Pos{File: file}, Msg: fmt.Sprintf("its Go file would be %s, as %s's is; rename one of the two CUE files", base, prev)}
		}
		names[base] = file
		out = append(out, output.File{Path: path.Join(dir, base), Data: f.bytes()})
	}
	return out, nil
}

// goHeaderRoom is the room a Go file of definitions reserves for its
// header (generated-code comment, package clause, imports): a few hundred
// bytes; a header that outgrows it is written before a copy of the body.
const goHeaderRoom = 2048

// goFileName is the Go file of a CUE file of the package in folder dir:
// its name with .go; a file of a folder above (CUE makes a parent folder's
// files of the same package part of it) is parent_<name>.go, one per level;
// a file of another package, whose definitions this one carries because it
// refers to them, is imported_<its folder>_<name>.go, its folder's
// non-alphanumerics made _ (cue.mod/gen/k8s.io/api/core/v1/types.cue:
// imported_k8s_io_api_core_v1_types.go); doc.go, which the package's doc
// takes, is schema_doc.go.
func goFileName(dir, file string) string {
	base := strings.TrimSuffix(path.Base(file), ".cue") + ".go"
	if rel, err := filepath.Rel(filepath.FromSlash(dir), filepath.FromSlash(path.Dir(file))); err == nil && rel != "." {
		steps := strings.Split(filepath.ToSlash(rel), "/")
		if slices.ContainsFunc(steps, func(s string) bool { return s != ".." }) {
			folder := path.Dir(file)
			for _, p := range []string{"cue.mod/gen/", "cue.mod/pkg/", "cue.mod/usr/"} {
				folder = strings.TrimPrefix(folder, p)
			}
			return "imported_" + fileWord(folder) + "_" + base
		}
		for range steps {
			base = "parent_" + base
		}
	}
	if base == "doc.go" {
		base = "schema_" + base
	}
	return base
}

// fileWord is s in lower-case letters, digits and single underscores.
func fileWord(s string) string {
	var b strings.Builder
	under := false
	for _, c := range strings.ToLower(s) {
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
			b.WriteRune(c)
			under = false
		} else if !under && b.Len() > 0 {
			b.WriteByte('_')
			under = true
		}
	}
	return strings.TrimSuffix(b.String(), "_")
}

// patternNames names the compiled wire.Pattern of every pattern a field's type
// or a named map's values state in place, package-wide (a named map's
// elements are checked where the map is used, maybe in another file):
// pattern_<Object>_<Field>[_Item|_Value|_Key…], pattern_<Map>_Value,
// pattern_<OneOf>_<Alt>.
func patternNames(p *model.Package) (names, nots map[*model.Type]string) {
	names, nots = map[*model.Type]string{}, map[*model.Type]string{}
	var visit func(t *model.Type, stem string)
	visit = func(t *model.Type, stem string) {
		if t.HoldsItself() {
			return // named where it is declared
		}
		switch t.Kind {
		case model.BasicKind, model.AnyKind:
			for i, a := range t.Choice {
				visit(a, stem+"_Choice"+strconv.Itoa(i))
			}
			if m := t.MatchIf; m != nil {
				for i, a := range []*model.Type{m.If, m.Then, m.Else} {
					if a != nil {
						visit(a, stem+"_"+[]string{"If", "Then", "Else"}[i])
					}
				}
			}
			if m := t.MatchN; m != nil {
				for i, a := range m.Alts {
					visit(a, stem+"_Alt"+strconv.Itoa(i+1))
				}
			}
			if len(t.Patterns) > 0 {
				names[t] = helper("pattern", stem)
			}
			if len(t.NotPatterns) > 0 {
				nots[t] = helper("notpattern", stem)
			}
		case model.ListKind:
			visit(t.Elem, stem+"_Item")
			for i, c := range t.Contains {
				name := stem + "_Contains"
				if i > 0 {
					name += strconv.Itoa(i + 1)
				}
				visit(c.Match, name)
			}
			if m := t.MatchN; m != nil {
				for i, a := range m.Alts {
					visit(a, stem+"_Alt"+strconv.Itoa(i+1))
				}
			}
		case model.MapKind:
			if t.Map == nil {
				if t.Key != nil {
					visit(t.Key, stem+"_Key")
				}
				visit(t.Elem, stem+"_Value")
			}
		case model.NullableKind:
			visit(t.Elem, stem)
		}
	}
	for _, o := range p.Objects {
		for _, f := range structFields(o) {
			visit(f.Type, o.GoName+"_"+f.GoName)
		}
		for i, cd := range o.Conditionals {
			for j, n := range cd.Then {
				if n.Checks != nil {
					// if a {s?: =~"^x"}: the body's checks of the field.
					visit(n.Checks, o.GoName+"_if"+strconv.Itoa(i)+"_"+strconv.Itoa(j))
				}
			}
		}
	}
	for _, o := range p.Objects {
		for i, m := range o.Members {
			if m.Key != nil {
				names[m.Key] = helper("pattern", o.GoName+"_member"+strconv.Itoa(i))
			}
			visit(m.Type, o.GoName+"_member"+strconv.Itoa(i)+"_Value")
		}
	}
	for _, o := range p.OneOfs {
		for _, a := range o.Alts {
			visit(a.Type, o.GoName+"_"+a.GoName)
		}
	}
	for _, tu := range p.Tuples {
		for i, it := range tu.Items {
			visit(it, tu.GoName+"_"+model.ItemGoName(i))
		}
		if tu.Rest != nil {
			visit(tu.Rest, tu.GoName+"_"+model.RestGoName)
		}
	}
	for _, m := range p.Maps {
		if m.Key != nil {
			visit(m.Key, m.GoName+"_Key")
		}
		visit(m.Elem, m.GoName+"_Value")
	}
	for _, a := range p.Aliases {
		// #Keys: [...=~"^a"], or a package's map (type P
		// map[string]T): the patterns its type states in place.
		visit(a.Type, a.GoName)
	}
	if p.Value != nil {
		// The document's type, a copy of its definition's (package
		// p; [...=~"^a"]): the one its decoder and Validate read.
		_, _, name := p.ValueDef()
		visit(p.Value, name)
	}
	return names, nots
}

// keyedOneOfs are the OneOfs of p that a list with list.UniqueItems holds:
// their items are compared by a key method.
func keyedOneOfs(p *model.Package) map[*model.OneOf]bool {
	keyed := map[*model.OneOf]bool{}
	var visit func(t *model.Type)
	visit = func(t *model.Type) {
		for ; t != nil; t = t.Elem {
			if t.Kind == model.ListKind && t.UniqueItems && t.Elem.Kind == model.OneOfKind && model.ScalarItems(t.Elem) {
				keyed[t.Elem.OneOf] = true
			}
			if t.HoldsItself() {
				break // its element is visited where it is declared
			}
		}
	}
	for _, o := range p.Objects {
		for _, f := range o.Fields {
			visit(f.Type)
		}
		for _, m := range o.Members {
			visit(m.Type)
		}
	}
	for _, m := range p.Maps {
		visit(m.Elem)
	}
	for _, a := range p.Aliases {
		visit(a.Type)
	}
	for _, o := range p.OneOfs {
		for _, a := range o.Alts {
			visit(a.Type)
		}
	}
	for _, tu := range p.Tuples {
		for _, it := range tu.Items {
			visit(it)
		}
		if tu.Rest != nil {
			visit(tu.Rest)
		}
	}
	return keyed
}

// usedUnions are the unions of p that some field, list element, map value
// or member pattern's value has as its type, or the element of an alias or
// of the package's document.
func usedUnions(p *model.Package) map[*model.Union]bool {
	used := map[*model.Union]bool{}
	var visit func(t *model.Type)
	parts := func(m *model.MatchIf) {
		if m != nil {
			visit(m.If)
			visit(m.Then)
			visit(m.Else)
		}
	}
	visit = func(t *model.Type) {
		for ; t != nil; t = t.Elem {
			if t.Kind == model.UnionKind {
				used[t.Union] = true
			}
			// A match part is read by its own reader (strictly, in a
			// match): matchIf's then a union of node kinds.
			parts(t.MatchIf)
			if m := t.MatchN; m != nil {
				for _, a := range m.Alts {
					visit(a)
				}
			}
			if t.HoldsItself() {
				break // its element is visited where it is declared
			}
		}
	}
	for _, o := range p.Objects {
		for _, f := range o.Fields {
			visit(f.Type)
		}
		for _, m := range o.Members {
			// A member pattern's value, read into Matching
			// ({[string]: #A | #B} with a count beside it).
			visit(m.Type)
		}
		for _, m := range o.MatchIfs {
			parts(m)
		}
		for _, m := range o.MatchNs {
			for _, a := range m.Alts {
				visit(a)
			}
		}
	}
	for _, o := range p.OneOfs {
		for _, a := range o.Alts {
			visit(a.Type) // string | #A | #B: the objects' union
		}
	}
	for _, m := range p.Maps {
		visit(m.Elem)
	}
	for _, tu := range p.Tuples {
		for _, it := range tu.Items {
			visit(it)
		}
		if tu.Rest != nil {
			visit(tu.Rest)
		}
	}
	for _, a := range p.Aliases {
		visit(a.Type) // #Ops: [...#Op], a type of its own with its decoder
	}
	visit(p.Value) // a package whose value is [...#Op]
	return used
}

// docFor prefixes a definition's doc with its Go name when the doc does not
// already start with it, as Go doc comments do.
func docFor(goName, doc string) string {
	if doc == "" {
		return "" // an undocumented definition has no doc comment
	}
	if strings.HasPrefix(doc, goName+" ") {
		return doc
	}
	return goName + ": " + doc
}

func sortDecls(ds []decl) {
	slices.SortStableFunc(ds, func(a, b decl) int {
		return cmp.Or(cmp.Compare(a.pos.Line, b.pos.Line), cmp.Compare(a.pos.Col, b.pos.Col))
	})
}
