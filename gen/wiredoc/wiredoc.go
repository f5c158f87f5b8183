// Package wiredoc emits docs/<package>.md (under the output folder) for
// every wire package: the contract as the teams that build against it read
// it. Each object with its fields — wire name, wire type, required or
// optional, constraints, doc — and the fields it forbids; each union with
// its discriminator and variants; each enum with its members; each named
// scalar and map. It says where each target's code is (the Go import
// path, the JSON Schema folder, the TypeScript file) and nothing about
// how any of them is written.
//
// Like every emitter it is a pure function of the model; the output is
// Markdown, deterministic byte for byte.
package wiredoc

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/schemagen/schemagen/gen/escape"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

// Dir is where the documents go, under the output folder.
const Dir = "docs"

// Generate renders the reference of every wire package.
func Generate(s *model.Schema) ([]output.File, error) {
	var files []output.File
	for _, p := range s.Packages {
		files = append(files, output.File{Path: path.Join(Dir, p.Path+".md"), Data: render(p, s.Config)})
	}
	return files, nil
}

type doc struct {
	bytes.Buffer
	p *model.Package
	// anchors is the id of each definition's section (sectionAnchors).
	anchors map[string]string
}

func (d *doc) f(format string, args ...any) { fmt.Fprintf(d, format, args...) }

// unionGo is how the reference names a union's Go interface, said as
// inGo says it, or none (goName).
func (d *doc) unionGo(u *model.Union, inGo string) string {
	if !d.p.InGo(u.Name) {
		return d.goName(u.Name, u.GoName)
	}
	return inGo
}

// goName is how the reference names the Go type of the declaration name:
// its Go name, or none where @go(-) leaves it out (model.Package.GoOmit).
func (d *doc) goName(name, goName string) string {
	if !d.p.InGo(name) {
		return "none (`@go(-)` leaves it out of the Go types)"
	}
	return "`" + goName + "`"
}

func render(p *model.Package, cfg *model.Config) []byte {
	roots, variants := splitObjects(p)
	d := &doc{p: p, anchors: sectionAnchors(p, roots, variants)}
	d.f("<!-- %s from %s. DO NOT EDIT. -->\n\n", output.Marker, p.Dir)
	d.f("# %s\n\n", p.Path)
	if p.Doc != "" {
		d.f("%s\n\n", paragraph(p.Doc))
	}
	d.f("The wire contract of `%s`, as its schema states it. Every value is JSON; a required field is always present, an optional one may be absent, and absent is an answer of its own (not zero, not empty). Objects accept a field they do not define, which a newer writer may add.\n\n", p.Dir)
	d.f("| target | where |\n| --- | --- |\n")
	d.f("| Go | `import \"%s\"` (package `%s`) |\n", cfg.GoPackage(p.Path), p.Name)
	d.f("| JSON Schema 2020-12 | `%s/jsonschema/%s/`, one file per object and union (`strict/` refuses unknown fields), and all of them in the bundle `%s/jsonschema/%s.schema.json` |\n", cfg.Output, p.Path, cfg.Output, p.Path)
	d.f("| TypeScript | `%s/ts/%s.ts` |\n\n", cfg.Output, p.Path)

	d.index(roots, variants)
	if len(roots) > 0 {
		d.f("## Objects\n\n")
		for _, o := range roots {
			d.object(o)
		}
	}
	if len(p.Unions) > 0 {
		d.f("## Unions\n\n")
		for _, u := range p.Unions {
			d.union(u)
		}
	}
	if len(variants) > 0 {
		d.f("## Union variants\n\n")
		for _, o := range variants {
			d.object(o)
		}
	}
	if len(p.Enums) > 0 {
		d.f("## Enums\n\n")
		for _, e := range p.Enums {
			d.enum(e)
		}
	}
	if len(p.Scalars) > 0 || len(p.Maps) > 0 || len(p.Aliases) > 0 || len(p.Tuples) > 0 || len(recursiveOneOfs(p)) > 0 {
		d.f("## Named types\n\n")
		for _, a := range p.Aliases {
			d.f("### %s\n\n%s\n\n", a.Name, paragraph(a.Doc))
			if a.Name == p.Document && a.Type.Kind == model.UnionKind {
				// A union document: Go holds the union's interface
				// in a struct, which has the document's methods.
				d.f("%s: the package's document. Go: %s, whose `Value` holds it.\n\n", upperFirst(d.typ(a.Type)), d.goName(a.Name, a.GoName))
				continue
			}
			d.f("%s. Go: %s.\n\n", upperFirst(d.typ(a.Type)), d.goName(a.Name, a.GoName))
		}
		for _, tu := range p.Tuples {
			// A list whose leading items have types of their own: Go
			// names it (a struct), so the reference does too.
			d.f("### %s\n\n%s\n\n", tu.Name, paragraph(tu.Doc))
			c := ""
			if e := d.constraints(&model.Type{Kind: model.TupleKind, Tuple: tu}); e != "" {
				c = " (" + e + ")"
			}
			d.f("%s%s. Go: %s.\n\n", upperFirst(d.typ(&model.Type{Kind: model.TupleKind, Tuple: tu})), c, d.goName(tu.Name, tu.GoName))
		}
		for _, sc := range p.Scalars {
			d.f("### %s\n\n%s\n\n", sc.Name, paragraph(sc.Doc))
			d.f("%s%s.\n\n", upperFirst(baseName(sc.Base)), suffix(d.constraintList(sc.Base, sc.Constraints)))
		}
		for _, m := range p.Maps {
			d.f("### %s\n\n%s\n\n", m.Name, paragraph(m.Doc))
			c := ""
			if e := d.constraints(m.Elem); e != "" {
				c = " (" + e + ")"
			}
			keys := "any strings"
			if m.Key != nil {
				keys = "strings " + keyWords(m.Key)
			}
			d.f("An object whose keys are %s, each holding %s%s. Go: %s.\n\n", keys, d.typ(m.Elem), c, d.goName(m.Name, m.GoName))
		}
		for _, o := range recursiveOneOfs(p) {
			// A choice of kinds that holds itself: named here, since
			// written out where it is used it would have no end.
			d.f("### %s\n\n%s\n\n", o.Name, paragraph(o.Doc))
			t := &model.Type{Kind: model.OneOfKind, OneOf: &model.OneOf{Alts: o.Alts}}
			c := ""
			if e := d.constraints(t); e != "" {
				c = " (" + e + ")"
			}
			d.f("%s%s. Go: %s.\n\n", upperFirst(d.typ(t)), c, d.goName(o.Name, o.GoName))
		}
	}
	return append(bytes.TrimRight(d.Bytes(), "\n"), '\n')
}

// index lists every definition by kind, each a link to its section.
func (d *doc) index(roots, variants []*model.Object) {
	row := func(what string, names []string) {
		if len(names) == 0 {
			return
		}
		links := make([]string, len(names))
		for i, n := range names {
			links[i] = d.link(n)
		}
		d.f("- %s: %s\n", what, strings.Join(links, ", "))
	}
	var os, vs, us, es, ns []string
	for _, o := range roots {
		os = append(os, o.Name)
	}
	for _, o := range variants {
		vs = append(vs, o.Name)
	}
	for _, u := range d.p.Unions {
		us = append(us, u.Name)
	}
	for _, e := range d.p.Enums {
		es = append(es, e.Name)
	}
	for _, sc := range d.p.Scalars {
		ns = append(ns, sc.Name)
	}
	for _, m := range d.p.Maps {
		ns = append(ns, m.Name)
	}
	for _, o := range recursiveOneOfs(d.p) {
		ns = append(ns, o.Name)
	}
	row("Objects", os)
	row("Unions", us)
	row("Union variants", vs)
	row("Enums", es)
	row("Named types", ns)
	d.f("\n")
}

func (d *doc) object(o *model.Object) {
	d.f("### %s\n\n", o.Name)
	if o.Doc != "" {
		d.f("%s\n\n", paragraph(o.Doc))
	}
	if o.Union != nil {
		of := d.link(o.Union.Name)
		for i, u := range o.AlsoIn {
			sep := ", "
			if i == len(o.AlsoIn)-1 {
				sep = " and "
			}
			of += sep + d.link(u.Name)
		}
		d.f("A variant of %s: %s is %s. Go: `*%s`.\n\n", of, escape.MarkdownCode(o.Union.Discriminator), escape.MarkdownSpan(strconv.Quote(o.Tag)), o.GoName)
	} else {
		d.f("Go: %s.\n\n", d.goName(o.Name, o.GoName))
	}
	d.nullable(o.Name)
	d.f("| field | type | presence | constraints | meaning |\n| --- | --- | --- | --- | --- |\n")
	for _, f := range o.Fields {
		presence := "required"
		if f.Optional {
			presence = "optional"
		}
		if f.Default != "" {
			presence += ", default " + codeSpan(f.Default)
		}
		if d := f.MemberDefault; d != nil && d.Alone() {
			presence += ", default the value of " + codeSpan(d.Parts[0].Name())
		} else if d != nil {
			presence += ", default " + codeSpan(d.Source) + " (from " + cell(strings.Join(d.Members(), " and ")) + ")"
		}
		if d := f.MemberDefault; d != nil && d.Held() {
			presence += " of the object holding this one in " + codeSpan(strings.Join(d.Chain, "."))
		}
		for _, c := range f.CondDefaults {
			presence += ", default " + codeSpan(c.Value) + " when " + cell(c.Describe(o))
		}
		if f.RequiredUnlessDefault(o) {
			presence += ", required otherwise"
		}
		if o.DeclaredBy(f.Name) != nil {
			presence += ", only when " + cell(o.DescribeDeclared(f.Name, false))
		}
		d.f("| %s | %s | %s | %s | %s |\n", escape.MarkdownCodeCell(f.Name), d.typ(f.Type), presence, orDash(d.constraints(f.Type)), cell(f.Doc))
	}
	d.f("\n")
	for _, m := range o.MatchIfs {
		d.f("It must satisfy: %s.\n\n", strings.Join(d.constraintList(0, model.Constraints{MatchIf: m}), ", "))
	}
	for _, m := range o.MatchNs {
		how := map[string]string{"oneOf": "exactly one", "anyOf": "at least one", "not": "none", "allOf": "every one"}[m.Keyword()]
		d.f("It must match %s of: %s.\n\n", how, cell(m.Describe()))
	}
	if cs := d.constraintList(0, model.Constraints{MinFields: o.MinFields, MaxFields: o.MaxFields}); len(cs) > 0 {
		d.f("It holds %s, every member present counted.\n\n", cs[0])
	}
	if o.Open {
		d.f("Open: it admits members it does not name, of any JSON value (Go keeps them in `%s`).\n\n", model.UnknownField)
	} else if o.AdmitsUnknown() {
		d.f("While an if clause's embedding opens it, it admits members it does not name, of any JSON value (Go keeps them in `%s`); otherwise it is closed.\n\n", model.UnknownField)
	}
	for _, m := range o.Members {
		if m.Type.AnyJSON() {
			if !o.Open {
				d.f("It also admits members whose names match `%s`, of any JSON value (Go keeps them in `%s`).\n\n", m.Key.KeyPattern(), model.UnknownField)
			}
			continue
		}
		c := ""
		if e := d.constraints(m.Type); e != "" {
			c = " (" + e + ")"
		}
		if m.Key == nil {
			d.f("Every member it does not declare holds %s%s (Go keeps them in `%s`).\n\n", d.typ(m.Type), c, m.Map)
			continue
		}
		d.f("A member whose name matches `%s` holds %s%s (Go keeps them in `%s`).\n\n", m.Key.KeyPattern(), d.typ(m.Type), c, m.Map)
	}
	for _, a := range o.Absent {
		if a.Why == "_|_" {
			d.f("It never holds %s (%s): a value there is refused.\n\n", escape.MarkdownCode(a.Name), escape.MarkdownCode(cueLabel(a.Name)+"?: _|_"))
		} else {
			d.f("It never holds %s: CUE does not allow it (%s); a value there is refused.\n\n", escape.MarkdownCode(a.Name), a.Why)
		}
	}
	for _, fb := range o.Forbids {
		absent := make([]string, len(fb.Absent))
		for i, a := range fb.Absent {
			absent[i] = escape.MarkdownCode(a)
		}
		verb := "is"
		if len(absent) > 1 {
			verb = "are"
		}
		d.f("When %s is %s, %s %s absent.\n\n", escape.MarkdownCode(fb.Field), escape.MarkdownSpan(strconv.Quote(fb.Value)), andList(absent), verb)
	}
	for _, cd := range o.Conditionals {
		var declared []string
		for _, n := range cd.Then {
			if n.Declared {
				declared = append(declared, escape.MarkdownCode(n.Path[0]))
			}
		}
		d.f("When %s: %s.", cell(cd.Describe(o)), cell(cd.Says()))
		if len(declared) > 0 {
			verb := "is"
			if len(declared) > 1 {
				verb = "are"
			}
			d.f(" Otherwise %s %s absent.", andList(declared), verb)
		}
		if cd.Doc != "" {
			d.f(" (%s)", cell(cd.Doc))
		}
		d.f("\n\n")
	}
}

// nullable says that a document of the definition name may be null as a
// whole (model.Package.Nullable).
func (d *doc) nullable(name string) {
	if d.p.IsNullable(name) {
		d.f("A document of %s may also be `null` as a whole; a field of this type may hold null.\n\n", name)
	}
}

func (d *doc) union(u *model.Union) {
	d.f("### %s\n\n", u.Name)
	if u.Doc != "" {
		d.f("%s\n\n", paragraph(u.Doc))
	}
	d.nullable(u.Name)
	if u.Untagged() {
		may := "it has no member the variant does not declare, and each value it has the variant admits"
		if u.Open() != 0 {
			// An open variant (a library's field) admits any member.
			may = "it has no member the variant does not declare unless the variant is open, as marked below, and each value it has the variant admits"
		}
		d.f("One of these objects, told apart by the members a value has and their values: no constant field that every value gives tells them apart. A value is the one variant it may be, its required fields aside (%s), and it must be complete for that one; a value that two variants may be is ambiguous and refused, as CUE refuses it. Go: %s.\n\n", may, d.unionGo(u, fmt.Sprintf("the interface `%s` (`%s` decodes one, `Validate%s` checks one built in Go)", u.GoName, u.UnmarshalFunc(), u.GoName)))
		if u.Default != nil {
			d.f("%s is the default: a value it may be is one, and must be complete for it, however many others it may also be (CUE takes the default there); a value it may not be is one of the others by the rule above.\n\n", d.link(u.Default.Name))
		}
		if u.Merge {
			d.f("Open variants that no constant tells apart may be possible together: a value is then valid when it has every member each of them declares, for CUE finds their values equal, one value (the first of them in Go and TypeScript); a value missing one is ambiguous and refused.\n\n")
		}
		d.f("| variant | members | meaning |\n| --- | --- | --- |\n")
		for _, v := range u.Variants {
			names := model.MemberNames(v)
			for i, n := range names {
				names[i] = escape.MarkdownCodeCell(n)
			}
			if v.Open {
				names = append(names, "open: any other")
			}
			d.f("| %s | %s | %s |\n", d.link(v.Name), strings.Join(names, ", "), cell(v.Doc))
		}
		d.f("\n")
		return
	}
	d.f("One of these objects, told apart by `%s`, which every one of them requires. Go: %s.\n\n", u.Discriminator, d.unionGo(u, fmt.Sprintf("the interface `%s` (`%s` decodes one)", u.GoName, u.UnmarshalFunc())))
	d.f("| %s | variant | meaning |\n| --- | --- | --- |\n", escape.MarkdownCodeCell(u.Discriminator))
	for _, v := range u.Variants {
		d.f("| %s | %s | %s |\n", escape.MarkdownSpanCell(strconv.Quote(v.Tag)), d.link(v.Name), cell(v.Doc))
	}
	d.f("\n")
}

func (d *doc) enum(e *model.Enum) {
	d.f("### %s\n\n", e.Name)
	if e.Doc != "" {
		d.f("%s\n\n", paragraph(e.Doc))
	}
	d.f("A string, one of these, in this order. Go: %s. A member added later is a widening: every consumer that answers each member must answer it too.\n\n", d.goName(e.Name, e.GoName))
	if !d.p.InGo(e.Name) {
		d.f("| value | meaning |\n| --- | --- |\n")
		for _, m := range e.Members {
			d.f("| `%q` | %s |\n", m.Value, cell(m.Doc))
		}
		d.f("\n")
		return
	}
	d.f("| value | Go | meaning |\n| --- | --- | --- |\n")
	for _, m := range e.Members {
		d.f("| %s | `%s` | %s |\n", escape.MarkdownSpanCell(strconv.Quote(m.Value)), m.GoName, cell(m.Doc))
	}
	d.f("\n")
}

// typ renders a wire type, linking the definitions it names.
func (d *doc) typ(t *model.Type) string {
	switch t.Kind {
	case model.BasicKind:
		return baseName(t.Base)
	case model.ScalarKind:
		return baseName(t.Scalar.Base) + " (" + d.link(t.Scalar.Name) + ")"
	case model.EnumKind:
		return d.link(t.Enum.Name)
	case model.ObjectKind:
		return d.link(t.Object.Name)
	case model.UnionKind:
		return "one of " + d.link(t.Union.Name)
	case model.ConstKind:
		return codeSpan(t.ConstJSON())
	case model.AnyKind:
		if t.NotNull {
			return "any JSON value but null"
		}
		return "any JSON value"
	case model.NullKind:
		return "null"
	case model.NullableKind:
		return d.typ(t.Elem) + " or null"
	case model.OneOfKind:
		if t.OneOf.Recursive {
			return d.link(t.OneOf.Name) // it holds itself: named in its section
		}
		var alts []string
		for _, a := range t.OneOf.Alts {
			alts = append(alts, d.typ(a.Type))
		}
		return strings.Join(alts, " or ")
	case model.ListKind:
		if t.HoldsItself() {
			return d.link(t.Alias.Name) // it holds itself: named in its section
		}
		if t.MatchN != nil {
			return "list" // its list alternatives count it: its constraints
		}
		return "list of " + d.typ(t.Elem)
	case model.TupleKind:
		tu := t.Tuple
		if len(tu.Items) == 0 && tu.Rest == nil {
			return "empty list"
		}
		var items []string
		for _, it := range tu.Items {
			items = append(items, d.typ(it))
		}
		s := "list of exactly " + strings.Join(items, ", ")
		if tu.Rest != nil {
			s = "list of " + strings.Join(items, ", ") + ", then any number of " + d.typ(tu.Rest)
			if len(items) == 0 {
				s = "list of " + d.typ(tu.Rest)
			}
		}
		return s
	case model.MapKind:
		if t.Map != nil {
			return d.link(t.Map.Name)
		}
		if t.Key != nil {
			return "map of string " + keyWords(t.Key) + " to " + d.typ(t.Elem)
		}
		return "map of string to " + d.typ(t.Elem)
	}
	return "?"
}

// recursiveOneOfs are the choices of kinds of p that hold themselves
// (OneOf.Recursive): the reference names each in a section of its own.
func recursiveOneOfs(p *model.Package) []*model.OneOf {
	var os []*model.OneOf
	for _, o := range p.OneOfs {
		if o.Recursive {
			os = append(os, o)
		}
	}
	return os
}

// keyWords says which strings a map's keys are: those matching each of
// its =~, and none of its !~.
func keyWords(k *model.Type) string {
	var parts []string
	for _, re := range k.Patterns {
		parts = append(parts, "matching `"+re+"`")
	}
	for _, re := range k.NotPatterns {
		parts = append(parts, "not matching `"+re+"`")
	}
	if k.MinRunes != nil {
		parts = append(parts, fmt.Sprintf("of at least %d characters", *k.MinRunes))
	}
	if k.MaxRunes != nil {
		parts = append(parts, fmt.Sprintf("of at most %d characters", *k.MaxRunes))
	}
	return strings.Join(parts, " and ")
}

// constraints renders what a value of t must satisfy beyond its type: its
// own constraints and, for a list or map, its elements'.
func (d *doc) constraints(t *model.Type) string {
	if t.HoldsItself() {
		return "" // its section says
	}
	var parts []string
	switch t.Kind {
	case model.BasicKind, model.ScalarKind:
		parts = d.constraintList(t.BaseOf(), t.Effective())
		if len(t.Choice) > 0 {
			// A choice: a value one of its alternatives admits.
			var alts []string
			for _, a := range t.Choice {
				if a.Kind == model.ConstKind {
					alts = append(alts, codeSpan(a.ConstJSON()))
					continue
				}
				alts = append(alts, strings.Join(d.constraintList(a.Base, a.Constraints), ", "))
			}
			parts = []string{"one of: " + strings.Join(alts, "; ")}
		}
	case model.AnyKind:
		parts = d.constraintList(0, t.Constraints) // its matchIf
	case model.NullableKind:
		// Null, or a value of t.Elem under its constraints.
		return d.constraints(t.Elem)
	case model.OneOfKind:
		if t.OneOf.Recursive {
			break // its section says
		}
		for _, a := range t.OneOf.Alts {
			if len(a.Type.Choice) > 0 || a.Type.MatchN != nil { // a choice, or a count of lists, the alternative of its kind
				parts = append(parts, d.typ(a.Type)+" "+d.constraints(a.Type))
			}
		}
	case model.ListKind:
		parts = d.constraintList(0, t.Constraints)
		if e := d.constraints(t.Elem); e != "" {
			parts = append(parts, "each "+e)
		}
	case model.TupleKind:
		parts = d.constraintList(0, t.Constraints)
		for i, it := range t.Tuple.Items {
			if e := d.constraints(it); e != "" {
				parts = append(parts, fmt.Sprintf("item %d: %s", i, e))
			}
		}
		if t.Tuple.Rest != nil {
			if e := d.constraints(t.Tuple.Rest); e != "" {
				parts = append(parts, "each further item "+e)
			}
		}
	case model.MapKind:
		if t.Map == nil {
			parts = d.constraintList(0, t.Constraints)
			if e := d.constraints(t.Elem); e != "" {
				parts = append(parts, "each "+e)
			}
		}
	}
	return strings.Join(parts, "; ")
}

func baseName(b model.Base) string {
	switch b {
	case model.String:
		return "string"
	case model.Int:
		return "integer"
	case model.Number:
		return "number"
	case model.Bool:
		return "boolean"
	case model.Time:
		return "timestamp"
	case model.Date:
		return "day"
	case model.Bytes:
		return "base64 bytes"
	}
	return "?"
}

// isAre is the verb for n items.
func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// constraintList renders constraints as short phrases.
func (d *doc) constraintList(b model.Base, c model.Constraints) []string {
	var out []string
	switch b {
	case model.Time:
		out = append(out, "an RFC 3339 date-time with `T` and `Z` in capitals and no leap second")
	case model.Date:
		out = append(out, "YYYY-MM-DD, a real calendar day")
	case model.Bytes:
		out = append(out, "standard base64 with `=` padding, no line breaks (RFC 4648 §4)")
	}
	if c.Duration {
		out = append(out, "a Go duration string (`1h30m`, `-1.5s`, `0`) that Go's `time.ParseDuration` reads, within ±(2^63−1) ns; it travels as written")
	}
	switch c.URL {
	case model.URLRef:
		out = append(out, "a URL that Go's `url.Parse` reads: absolute (`https://example.com/a`) or relative (`../a`, `#b`)")
	case model.URLAbs:
		out = append(out, "an absolute URL, with a scheme, that Go's `url.Parse` reads (`https://example.com/a`, `mailto:a@example.com`)")
	}
	plural := func(n int, one string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, one)
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	switch {
	case c.MinRunes != nil && c.MaxRunes != nil:
		out = append(out, fmt.Sprintf("%d to %s", *c.MinRunes, plural(*c.MaxRunes, "character")))
	case c.MinRunes != nil:
		out = append(out, "at least "+plural(*c.MinRunes, "character"))
	case c.MaxRunes != nil:
		out = append(out, "at most "+plural(*c.MaxRunes, "character"))
	}
	for _, re := range c.Patterns {
		if name := model.PatternName(re); name != "" {
			// The pattern schemagen writes for a check of CUE's
			// (net.IPv6: 1,300 characters), said by its name.
			out = append(out, name)
			continue
		}
		out = append(out, "matches `"+strings.ReplaceAll(re, "|", `\|`)+"`")
	}
	for _, re := range c.NotPatterns {
		out = append(out, "does not match `"+strings.ReplaceAll(re, "|", `\|`)+"`")
	}
	for _, lit := range c.Not {
		out = append(out, "not "+codeSpan(lit))
	}
	if c.MultipleOf != nil {
		out = append(out, "a multiple of "+c.MultipleOfText())
	}
	switch {
	case c.Min != nil && c.Uint64 && c.Max == nil:
		out = append(out, fmt.Sprintf("%d to %s (uint64)", *c.Min, c.UintMaxText()))
	case c.Min != nil && c.Max != nil:
		out = append(out, fmt.Sprintf("%d to %d", *c.Min, *c.Max))
	case c.Min != nil:
		out = append(out, fmt.Sprintf("≥ %d", *c.Min))
	case c.Max != nil:
		out = append(out, fmt.Sprintf("≤ %d", *c.Max))
	}
	if c.MinNum != nil {
		out = append(out, map[bool]string{false: "≥ ", true: "> "}[c.MinExclusive]+strconv.FormatFloat(*c.MinNum, 'g', -1, 64))
	}
	if c.MaxNum != nil {
		out = append(out, map[bool]string{false: "≤ ", true: "< "}[c.MaxExclusive]+strconv.FormatFloat(*c.MaxNum, 'g', -1, 64))
	}
	switch {
	case len(c.Lengths) > 0:
		out = append(out, c.LengthsText()+" items")
	case c.MinItems != nil && c.MaxItems != nil:
		out = append(out, fmt.Sprintf("%d to %s", *c.MinItems, plural(*c.MaxItems, "item")))
	case c.MinItems != nil:
		out = append(out, "at least "+plural(*c.MinItems, "item"))
	case c.MaxItems != nil:
		out = append(out, "at most "+plural(*c.MaxItems, "item"))
	}
	if c.UniqueItems {
		out = append(out, "unique items")
	}
	if m := c.MatchIf; m != nil {
		// matchIf(if, then, else), in words.
		words := func(t *model.Type) string {
			return "(" + d.matchWords(t) + ")"
		}
		phrase := "if " + words(m.If)
		if m.Then != nil {
			phrase += " then " + words(m.Then)
		}
		if m.Else != nil {
			phrase += " else " + words(m.Else)
		}
		out = append(out, phrase)
	}
	if m := c.MatchN; m != nil {
		// matchN(1, alts) on a scalar: exactly one admits it; on a
		// list, its list alternatives' count: exactly or at least one;
		// on any JSON value, none or all of them.
		var alts []string
		for _, a := range m.Alts {
			alts = append(alts, "("+d.matchWords(a)+")")
		}
		out = append(out, m.CountWords()+" "+strings.Join(alts, ", "))
	}
	for _, m := range c.Contains {
		// list.MatchN(n, T): how many items T admits.
		what := codeSpan(m.Match.ConstJSON())
		switch m.Match.Kind {
		case model.ConstKind:
		case model.BasicKind:
			what = m.Match.Base.String()
			if cs := d.constraintList(m.Match.Base, m.Match.Constraints); len(cs) > 0 {
				what += " (" + strings.Join(cs, ", ") + ")"
			}
		default:
			what = d.matchWords(m.Match)
		}
		switch {
		case m.Min != nil && m.Max != nil && *m.Min == *m.Max:
			out = append(out, fmt.Sprintf("exactly %s that %s %s", plural(*m.Min, "item"), isAre(*m.Min), what))
		case m.Min != nil && m.Max != nil:
			out = append(out, fmt.Sprintf("%d to %s that are %s", *m.Min, plural(*m.Max, "item"), what))
		case m.Min != nil:
			out = append(out, fmt.Sprintf("at least %s that %s %s", plural(*m.Min, "item"), isAre(*m.Min), what))
		case m.Max != nil:
			out = append(out, fmt.Sprintf("at most %s that %s %s", plural(*m.Max, "item"), isAre(*m.Max), what))
		}
	}
	switch {
	case c.MinFields != nil && c.MaxFields != nil:
		out = append(out, fmt.Sprintf("%d to %s", *c.MinFields, plural(*c.MaxFields, "member")))
	case c.MinFields != nil:
		out = append(out, "at least "+plural(*c.MinFields, "member"))
	case c.MaxFields != nil:
		out = append(out, "at most "+plural(*c.MaxFields, "member"))
	}
	return out
}

// matchWords says what a value matching T of matchIf or list.MatchN is:
// a constant, constraints of the value's own base, or, on a value of any
// type, a type of its own (an object T links to its section).
func (d *doc) matchWords(t *model.Type) string {
	switch t.Kind {
	case model.ConstKind:
		return codeSpan(t.ConstJSON())
	case model.BasicKind:
		if cs := d.constraintList(t.Base, t.Constraints); len(cs) > 0 {
			return strings.Join(cs, ", ")
		}
	}
	s := d.typ(t)
	if c := d.constraints(t); c != "" {
		s += ", " + c
	}
	return s
}

// link is a Markdown link to a definition's section.
func (d *doc) link(name string) string { return "[" + name + "](#" + d.anchors[name] + ")" }

// splitObjects parts p's objects into those of no union (the reference's
// "Objects") and union variants, each in p's order.
func splitObjects(p *model.Package) (roots, variants []*model.Object) {
	for _, o := range p.Objects {
		if o.Union != nil {
			variants = append(variants, o)
		} else {
			roots = append(roots, o)
		}
	}
	return roots, variants
}

// sectionAnchors returns the id of each definition's section, by its
// name: a Slugger's over the reference's headings in the order render
// writes them. #AB and #Ab are sections ab and ab-1; a definition named
// Objects is objects-1, after the "Objects" heading. TestGolden holds
// this to the headings render writes.
func sectionAnchors(p *model.Package, roots, variants []*model.Object) map[string]string {
	var s Slugger
	slug := s.ID
	ids := map[string]string{}
	section := func(title string, names []string) {
		if len(names) == 0 {
			return
		}
		slug(title)
		for _, n := range names {
			ids[n] = slug(n)
		}
	}
	slug(p.Path)
	objName := func(o *model.Object) string { return o.Name }
	section("Objects", namesOf(roots, objName))
	section("Unions", namesOf(p.Unions, func(u *model.Union) string { return u.Name }))
	section("Union variants", namesOf(variants, objName))
	section("Enums", namesOf(p.Enums, func(e *model.Enum) string { return e.Name }))
	section("Named types", slices.Concat(
		namesOf(p.Aliases, func(a *model.Alias) string { return a.Name }),
		namesOf(p.Tuples, func(t *model.Tuple) string { return t.Name }),
		namesOf(p.Scalars, func(s *model.Scalar) string { return s.Name }),
		namesOf(p.Maps, func(m *model.Map) string { return m.Name }),
		namesOf(recursiveOneOfs(p), func(o *model.OneOf) string { return o.Name })))
	return ids
}

// namesOf is the name of each of xs, in order.
func namesOf[T any](xs []T, name func(T) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = name(x)
	}
	return out
}

// Slugger gives the headings of one Markdown document, in order, the ids
// GitHub gives them (github-slugger): a heading's anchor, and where an
// earlier heading has it, the first of anchor-1, anchor-2, … that none
// has. The zero Slugger is ready for a document's first heading.
type Slugger struct{ seen map[string]int }

// ID returns the id of the document's next heading, whose text is heading.
func (s *Slugger) ID(heading string) string {
	if s.seen == nil {
		s.seen = map[string]int{}
	}
	a := anchor(heading)
	id := a
	for n, ok := s.seen[a]; ok; _, ok = s.seen[id] {
		n++
		s.seen[a] = n
		id = a + "-" + strconv.Itoa(n)
	}
	s.seen[id] = 0
	return id
}

// anchor is the id GitHub (and most renderers) give a heading: lower case,
// spaces to '-', punctuation dropped.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// paragraph joins a doc comment's lines, keeping its blank-line breaks.
func paragraph(s string) string {
	paras := strings.Split(strings.TrimSpace(s), "\n\n")
	for i, p := range paras {
		paras[i] = escape.Markdown(strings.Join(strings.Fields(p), " "))
	}
	return strings.Join(paras, "\n\n")
}

// cell makes doc text fit one table cell.
func cell(s string) string { return escape.MarkdownCell(s) }

func suffix(parts []string) string {
	if len(parts) == 0 {
		return ""
	}
	return ", " + strings.Join(parts, ", ")
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

func andList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func upperFirst(s string) string {
	r := []rune(s)
	if len(r) > 0 {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}

// codeSpan is a literal of the schema as Markdown code, or as escaped text
// where a code span could not hold it.
// cueLabel is name as a CUE label: itself when it is an identifier, else
// quoted.
func cueLabel(name string) string {
	for i, r := range name {
		letter := r == '_' || r == '$' || r|0x20 >= 'a' && r|0x20 <= 'z'
		if !letter && !(i > 0 && r >= '0' && r <= '9') {
			return strconv.Quote(name)
		}
	}
	if name == "" {
		return `""`
	}
	return name
}

func codeSpan(lit string) string {
	if strings.ContainsAny(lit, "`\n\r|") || strings.IndexFunc(lit, escape.Bidi) >= 0 {
		return escape.MarkdownCell(lit)
	}
	return "`" + lit + "`"
}
