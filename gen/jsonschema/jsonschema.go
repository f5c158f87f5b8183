// Package jsonschema emits JSON Schema draft 2020-12 for every wire package
// of the schema: generated/jsonschema/<package>/<name>.schema.json, one
// self-contained file per object or union that is not a union variant, and
// the same set again under strict/.
//
// A file's root is its definition itself (title, description, keywords);
// every other definition it needs, directly or through others, is one entry
// of its $defs, named as in CUE, and is referred to with $ref. Nothing is
// copied: each CUE definition is one $defs entry, or the root.
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
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode"

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
)

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
	return output.Each(s.Packages, func(p *model.Package) ([]output.File, error) {
		return generatePackage(p, s.Config.JSONSchemaID)
	})
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
}

// Roots returns the definitions of p that get a file of their own, in
// declaration order: every object that is not a union variant, and every
// union.
func Roots(p *model.Package) []string {
	var ds []def
	for _, o := range p.Objects {
		if o.Union == nil {
			ds = append(ds, def{name: o.Name, pos: o.Pos})
		}
	}
	for _, u := range p.Unions {
		ds = append(ds, def{name: u.Name, pos: u.Pos})
	}
	slices.SortStableFunc(ds, func(a, b def) int { return comparePos(a.pos, b.pos) })
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.name
	}
	return names
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

func generatePackage(p *model.Package, idBase string) ([]output.File, error) {
	defs := map[string]*def{}
	for _, sc := range p.Scalars {
		// A time or day already has its pattern; the model refuses a
		// second one on a string, but not beside a time format.
		if (sc.Base == model.Time || sc.Base == model.Date) && sc.Pattern != "" {
			return nil, &model.Error{Pos: sc.Pos, Msg: fmt.Sprintf(
				"#%s: a pattern beside a time format is not supported in JSON Schema; the format carries its own", sc.Name)}
		}
		defs[sc.Name] = &def{name: sc.Name, pos: sc.Pos, scalar: sc}
	}
	for _, e := range p.Enums {
		defs[e.Name] = &def{name: e.Name, pos: e.Pos, enum: e}
	}
	for _, o := range p.Objects {
		defs[o.Name] = &def{name: o.Name, pos: o.Pos, object: o}
	}
	for _, u := range p.Unions {
		defs[u.Name] = &def{name: u.Name, pos: u.Pos, union: u}
	}
	for _, m := range p.Maps {
		defs[m.Name] = &def{name: m.Name, pos: m.Pos, mapDef: m}
	}

	var files []output.File
	byFile := map[string]*def{}
	for _, name := range Roots(p) {
		d := defs[name]
		file := FileName(name)
		if prev := byFile[file]; prev != nil {
			return nil, &model.Error{Pos: d.pos, Msg: fmt.Sprintf(
				"#%s: its JSON Schema file %s is also the file of #%s (%s); rename one", name, file, prev.name, prev.pos)}
		}
		byFile[file] = d
		for _, strict := range []bool{false, true} {
			rel := path.Join(p.Path, file)
			if strict {
				rel = path.Join(p.Path, StrictDir, file)
			}
			e := &emitter{defs: defs, root: d, strict: strict}
			doc := e.file(idBase+rel, rel)
			files = append(files, output.File{Path: path.Join(Dir, rel), Data: render(doc)})
		}
	}
	return files, nil
}

// emitter writes one file: a root definition and the $defs it needs.
type emitter struct {
	defs   map[string]*def
	root   *def
	strict bool
	used   map[string]bool // definitions referred to, the root excluded
}

func (e *emitter) file(id, rel string) obj {
	e.used = map[string]bool{}
	body := e.definition(e.root)
	comment := "Code generated by schemagen from " + e.root.pos.File + ". DO NOT EDIT."
	if e.strict {
		comment += " Strict: every object refuses a property it does not define; for the host's own tests and fixtures. Apps load ../" + path.Base(rel) + "."
	}
	doc := obj{
		{"$schema", Draft},
		{"$id", id},
		{"$comment", comment},
	}
	doc = append(doc, body...)

	// Walk the closure: emitting a definition may refer to more.
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

// ref returns the schema that refers to a definition: "#" for the root.
func (e *emitter) ref(name string) obj {
	if name == e.root.name {
		return obj{{"$ref", "#"}}
	}
	e.used[name] = true
	return obj{{"$ref", "#/$defs/" + name}}
}

// definition returns the schema of one definition, with its title and
// description.
func (e *emitter) definition(d *def) obj {
	s := obj{{"title", d.name}}
	switch {
	case d.scalar != nil:
		s = s.add("description", d.scalar.Doc)
		s = append(s, basic(d.scalar.Base, d.scalar.Constraints)...)
	case d.enum != nil:
		s = s.add("description", enumDoc(d.enum))
		values := make([]any, len(d.enum.Members))
		for i, m := range d.enum.Members {
			values[i] = m.Value
		}
		s = append(s, member{"type", "string"}, member{"enum", values})
	case d.object != nil:
		s = s.add("description", d.object.Doc)
		s = append(s, e.object(d.object)...)
	case d.union != nil:
		s = s.add("description", d.union.Doc)
		variants := make([]any, len(d.union.Variants))
		for i, v := range d.union.Variants {
			variants[i] = e.ref(v.Name)
		}
		s = append(s, member{"oneOf", variants})
	case d.mapDef != nil:
		s = s.add("description", d.mapDef.Doc)
		s = append(s, member{"type", "object"}, member{"additionalProperties", e.typ(d.mapDef.Elem)})
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
		fmt.Fprintf(&b, "- %q: %s", m.Value, strings.Join(strings.Fields(m.Doc), " "))
	}
	return b.String()
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
	s = append(s, member{"properties", props})
	if len(required) > 0 {
		s = append(s, member{"required", required})
	}
	switch len(o.Forbids) {
	case 0:
	case 1:
		// One rule is stated on the object itself: json-schema-to-typescript
		// ignores if/then but turns an object with allOf into a renamed
		// copy of itself (Edge = Edge1).
		s = append(s, forbid(o.Forbids[0])...)
	default:
		var rules []any
		for _, fb := range o.Forbids {
			rules = append(rules, forbid(fb))
		}
		s = append(s, member{"allOf", rules})
	}
	if e.strict {
		s = append(s, member{"unevaluatedProperties", false})
	}
	return s
}

// forbid states "when Field holds Value, the Absent fields are absent" as
// if/then: a property whose schema is false cannot be present.
func forbid(fb *model.Forbid) obj {
	absent := make(obj, len(fb.Absent))
	for i, name := range fb.Absent {
		absent[i] = member{name, false}
	}
	return obj{
		{"if", obj{
			{"properties", obj{{fb.Field, obj{{"const", fb.Value}}}}},
			{"required", []any{fb.Field}},
		}},
		{"then", obj{
			{"$comment", fmt.Sprintf("When %s is %q, %s must be absent.", fb.Field, fb.Value, strings.Join(fb.Absent, " and "))},
			{"properties", absent},
		}},
	}
}

// field returns the schema of one property. A reference to a definition is
// wrapped as allOf: [{$ref}] beside the field's description: a $ref with
// sibling keywords is valid 2020-12, but json-schema-to-typescript turns
// every such $ref into a new copy of the type (Pose1, Stance1, …).
func (e *emitter) field(f *model.Field) obj {
	t := e.typ(f.Type)
	if len(t) == 1 && t[0].Key == "$ref" {
		return append(obj{}.add("description", f.Doc), member{"allOf", []any{t}})
	}
	return append(obj{}.add("description", f.Doc), t...)
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
		return obj{{"const", t.Const}}
	case model.ListKind:
		s := obj{{"type", "array"}, {"items", e.typ(t.Elem)}}
		if t.MinItems != nil {
			s = append(s, member{"minItems", *t.MinItems})
		}
		if t.MaxItems != nil {
			s = append(s, member{"maxItems", *t.MaxItems})
		}
		return s
	case model.MapKind:
		if t.Map != nil {
			return e.ref(t.Map.Name)
		}
		return obj{{"type", "object"}, {"additionalProperties", e.typ(t.Elem)}}
	}
	return basic(t.Base, t.Constraints)
}

// basic returns the schema of a scalar value.
func basic(b model.Base, c model.Constraints) obj {
	var s obj
	switch b {
	case model.String:
		s = obj{{"type", "string"}}
	case model.Int:
		s = obj{{"type", "integer"}}
	case model.Bool:
		s = obj{{"type", "boolean"}}
	case model.Time:
		s = obj{{"type", "string"}, {"format", "date-time"}, {"pattern", TimePattern}}
	case model.Date:
		s = obj{{"type", "string"}, {"format", "date"}, {"pattern", DatePattern}}
	}
	if c.Pattern != "" {
		s = append(s, member{"pattern", c.Pattern})
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
	}
	return s
}
