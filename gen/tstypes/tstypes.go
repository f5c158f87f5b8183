// Package tstypes emits the app team's TypeScript types for every wire
// package: ts/<package>.ts under the output folder (the package's folder
// under the schema folder names it), one self-contained module with the
// CUE docs as TSDoc.
//
// An enum is a union of string literals with a readonly array of its
// members in schema order (Pose and POSES); a named scalar is an alias of
// its base type, its constraints in its doc; an object is an interface
// whose optional fields, and only those, are `?:`; a union is the union of
// its variants, each carrying its discriminator as a literal type, so a
// switch on it narrows and a missing case fails `never`, and it is a
// field's, list element's or map value's type as any other; a named map
// is a Record. A field an
// object forbids for some value of an enum field (a spawn edge's
// conversationId) is typed never in that branch, so the compiler refuses
// what the JSON Schemas refuse. No object has an index signature: the
// types list what the schema says, and TypeScript's structural typing
// already lets a value from a newer host carry more. A refused combination
// of values (a tally of zeroes) cannot be stated in TypeScript's types; its
// doc says so, and the validation checks it.
//
// Beside the types, validate.go emits each object's and union's parse,
// guard, validate and write functions and each enum's guard, judged as the
// Go decoder and Validate judge, over the support in support.ts, which the
// module carries pruned to what it uses (docs/typescript.md).
package tstypes

import (
	"bytes"
	"cmp"
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

// Dir is the directory under generated/ that holds the TypeScript.
const Dir = "ts"

// Generate returns ts/<package>.ts for every wire package of s.
func Generate(s *model.Schema) ([]output.File, error) {
	return output.Each(s.Packages, func(p *model.Package) ([]output.File, error) {
		return generatePackage(p, s.Config.Output)
	})
}

// decl is one top-level declaration, in source order.
type decl struct {
	pos  model.Pos
	name string
	text string
}

func generatePackage(p *model.Package, out string) ([]output.File, error) {
	var decls []decl
	// Each TypeScript name the module declares, and the definition whose
	// it is. The model gave every definition a name TypeScript and the
	// module's own support leave free (model.TSName); two definitions
	// may still want one name (#default beside #default_, #Foo's isFoo
	// beside #isFoo).
	type owner struct {
		def string // #default
		pos model.Pos
	}
	seen := map[string]owner{}
	def := ""
	claim := func(name string, pos model.Pos) error {
		if !isIdent(name) || model.TSTaken(name) {
			return &model.Error{Pos: pos, Msg: fmt.Sprintf("#%s: %q cannot name a TypeScript type; rename the definition", def, name)}
		}
		if prev, ok := seen[name]; ok {
			return &model.Error{Pos: pos, Msg: fmt.Sprintf("#%s: its TypeScript name %s is already taken by #%s (%s); rename one of them (docs/schema-language.md, \"Names in TypeScript\")", def, name, prev.def, prev.pos)}
		}
		seen[name] = owner{def, pos}
		return nil
	}
	for _, sc := range p.Scalars {
		def = sc.Name
		if err := claim(sc.TSName, sc.Pos); err != nil {
			return nil, err
		}
		decls = append(decls, decl{sc.Pos, sc.TSName, scalar(sc)})
	}
	for _, e := range p.Enums {
		def = e.Name
		if err := claim(e.TSName, e.Pos); err != nil {
			return nil, err
		}
		consts := ValuesConst(e)
		if err := claim(consts, e.Pos); err != nil {
			return nil, err
		}
		if err := claimAll(claim, derivedNames(model.EnumKind, e.TSName), e.Pos); err != nil {
			return nil, err
		}
		decls = append(decls, decl{e.Pos, e.TSName, enum(e, consts)})
	}
	for _, o := range p.Objects {
		def = o.Name
		if err := claim(o.TSName, o.Pos); err != nil {
			return nil, err
		}
		if err := claimAll(claim, derivedNames(model.ObjectKind, o.TSName), o.Pos); err != nil {
			return nil, err
		}
		decls = append(decls, decl{o.Pos, o.TSName, object(o, p.IsNullable(o.Name))})
	}
	for _, u := range p.Unions {
		def = u.Name
		if err := claim(u.TSName, u.Pos); err != nil {
			return nil, err
		}
		if err := claimAll(claim, derivedNames(model.UnionKind, u.TSName), u.Pos); err != nil {
			return nil, err
		}
		decls = append(decls, decl{u.Pos, u.TSName, union(u, p.IsNullable(u.Name))})
	}
	for _, m := range p.Maps {
		def = m.Name
		if err := claim(m.TSName, m.Pos); err != nil {
			return nil, err
		}
		if err := claimAll(claim, derivedNames(model.MapKind, m.TSName), m.Pos); err != nil {
			return nil, err
		}
		decls = append(decls, decl{m.Pos, m.TSName, namedMap(m)})
	}
	for _, a := range p.Aliases {
		def = a.Name
		if err := claim(a.TSName, a.Pos); err != nil {
			return nil, err
		}
		if a.Recursive {
			// A list that holds itself: its functions are its own, as
			// a named map's.
			if err := claimAll(claim, derivedNames(model.MapKind, a.TSName), a.Pos); err != nil {
				return nil, err
			}
		}
		decls = append(decls, decl{a.Pos, a.TSName, tsdoc(a.Doc, "") + fmt.Sprintf("export type %s = %s;\n", a.TSName, typ(a.Type))})
	}
	for _, tu := range p.Tuples {
		def = tu.Name
		if err := claim(tu.TSName, tu.Pos); err != nil {
			return nil, err
		}
		decls = append(decls, decl{tu.Pos, tu.TSName, tsdoc(tu.Doc, "") + fmt.Sprintf("export type %s = %s;\n", tu.TSName, tupleType(tu))})
	}
	for _, o := range p.OneOfs {
		def = o.Name
		if err := claim(o.TSName, o.Pos); err != nil {
			return nil, err
		}
		if o.Recursive {
			// Its functions are its own, as a named map's.
			if err := claimAll(claim, derivedNames(model.MapKind, o.TSName), o.Pos); err != nil {
				return nil, err
			}
		}
		decls = append(decls, decl{o.Pos, o.TSName, tsdoc(o.Doc, "") + fmt.Sprintf("export type %s = %s;\n", o.TSName, oneOfType(o))})
	}
	// Each definition's validation follows its type (the sort is stable).
	decls = append(decls, validators(p)...)
	sortDecls(decls)

	// The module is written once into a buffer of its size: growing it
	// from nothing copied it about twice over, and a Builder's String
	// once more.
	var b bytes.Buffer
	size := 1024 + len(p.Doc)*2
	for _, d := range decls {
		size += 1 + len(d.text)
	}
	b.Grow(size)
	fmt.Fprintf(&b, "// %s\n// Source: %s (package %s). Types and their validation, with no\n// dependency (schemagen's docs/typescript.md); the JSON Schemas in %s/jsonschema judge alike.\n", output.GoHeader, p.Dir, p.Name, out)
	if p.Doc != "" {
		b.WriteString("//\n")
		for _, l := range strings.Split(strings.TrimSpace(escape.TSComment(p.Doc)), "\n") {
			b.WriteString(strings.TrimRight("// "+l, " ") + "\n")
		}
	}
	for _, d := range decls {
		b.WriteString("\n")
		b.WriteString(d.text)
	}
	return []output.File{{Path: path.Join(Dir, p.Path+".ts"), Data: b.Bytes()}}, nil
}

// claimAll claims each of names for the definition at pos.
func claimAll(claim func(string, model.Pos) error, names []string, pos model.Pos) error {
	for _, n := range names {
		if err := claim(n, pos); err != nil {
			return err
		}
	}
	return nil
}

// sortDecls orders ds by source position, keeping the order of equal
// positions (a guard after its type): a stable sort, n log n (an insertion
// sort here once took 3.2 s at 20,000 definitions).
func sortDecls(ds []decl) {
	slices.SortStableFunc(ds, func(a, b decl) int {
		if c := strings.Compare(a.pos.File, b.pos.File); c != 0 {
			return c
		}
		if c := cmp.Compare(a.pos.Line, b.pos.Line); c != 0 {
			return c
		}
		return cmp.Compare(a.pos.Col, b.pos.Col)
	})
}

// ValuesConst names an enum's member array: its name in upper snake case,
// plural (Pose → POSES, AgentStatus → AGENT_STATUSES, EdgeKind →
// EDGE_KINDS). An enum named by its path keeps its steps apart with a
// double underscore (P_Audit_Level → P__AUDIT__LEVELS), which no other
// name gives: upper snake case would run them together, and
// P_AUDIT_LEVELS is the array of PAuditLevel, the name it could not have.
// The _s after a name another type in place had first (W_MaxSize_, rule
// 4 of docs/schema-language.md's "Names of types in place") stay after
// it: W__MAX_SIZES_, beside W_MaxSize's W__MAX_SIZES.
func ValuesConst(e *model.Enum) string {
	if e.ByPath {
		name := strings.TrimRight(e.Name, "_")
		steps := strings.Split(name, "_")
		for i, s := range steps {
			words := splitWords(s)
			if i == len(steps)-1 && len(words) > 0 {
				words[len(words)-1] = plural(words[len(words)-1])
			}
			steps[i] = strings.ToUpper(strings.Join(words, "_"))
		}
		return strings.Join(steps, "__") + e.Name[len(name):]
	}
	words := splitWords(e.Name)
	if len(words) == 0 {
		return "VALUES"
	}
	words[len(words)-1] = plural(words[len(words)-1])
	return strings.ToUpper(strings.Join(words, "_"))
}

func splitWords(name string) []string {
	r := []rune(name)
	var words []string
	start := 0
	for i := 1; i <= len(r); i++ {
		if i == len(r) || r[i] == '_' ||
			(unicode.IsUpper(r[i]) && (unicode.IsLower(r[i-1]) || unicode.IsDigit(r[i-1]) ||
				(unicode.IsUpper(r[i-1]) && i+1 < len(r) && unicode.IsLower(r[i+1])))) {
			if w := strings.Trim(string(r[start:i]), "_"); w != "" {
				words = append(words, w)
			}
			start = i
		}
	}
	return words
}

func plural(w string) string {
	l := strings.ToLower(w)
	switch {
	case strings.HasSuffix(l, "s"), strings.HasSuffix(l, "x"), strings.HasSuffix(l, "z"),
		strings.HasSuffix(l, "ch"), strings.HasSuffix(l, "sh"):
		return w + "es"
	case len(l) > 1 && strings.HasSuffix(l, "y") && !strings.ContainsRune("aeiou", rune(l[len(l)-2])):
		return w[:len(w)-1] + "ies"
	}
	return w + "s"
}

func scalar(s *model.Scalar) string {
	doc := s.Doc
	if c := constraints(s.Base, s.Constraints); c != "" {
		doc += "\n\n" + c
	}
	return tsdoc(doc, "") + fmt.Sprintf("export type %s = %s;\n", s.TSName, baseType(s.Base))
}

// constraints says in words what the schema checks and TypeScript cannot.
func constraints(b model.Base, c model.Constraints) string {
	var parts []string
	switch b {
	case model.Time:
		parts = append(parts, "an RFC 3339 date-time, e.g. 2026-09-06T10:00:00Z")
	case model.Date:
		parts = append(parts, "a calendar day, YYYY-MM-DD")
	case model.Bytes:
		parts = append(parts, "bytes, written in standard base64 with padding (RFC 4648 §4)")
	case model.Int:
		parts = append(parts, "an integer")
	}
	if c.Duration {
		parts = append(parts, "a Go duration, e.g. 1h30m, -1.5s, 0 (its grammar; the validate function also refuses, as Go's time.ParseDuration does, a total beyond ±(2^63-1) ns)")
	}
	switch c.URL {
	case model.URLRef:
		parts = append(parts, "a URL that Go's url.Parse reads, e.g. https://example.com/a, ../a")
	case model.URLAbs:
		parts = append(parts, "an absolute URL, with a scheme, that Go's url.Parse reads, e.g. https://example.com/a")
	}
	if c.MinRunes != nil {
		parts = append(parts, fmt.Sprintf("at least %d characters", *c.MinRunes))
	}
	if c.MaxRunes != nil {
		parts = append(parts, fmt.Sprintf("at most %d characters", *c.MaxRunes))
	}
	for _, re := range c.Patterns {
		parts = append(parts, "matching /"+model.ECMAPattern(re)+"/u")
	}
	for _, re := range c.NotPatterns {
		parts = append(parts, "not matching /"+model.ECMAPattern(re)+"/u")
	}
	for _, lit := range c.Not {
		parts = append(parts, "not "+lit)
	}
	if c.MultipleOf != nil {
		parts = append(parts, "a multiple of "+c.MultipleOfText())
	}
	if c.Min != nil {
		parts = append(parts, fmt.Sprintf("at least %d", *c.Min))
	}
	if c.Max != nil {
		parts = append(parts, fmt.Sprintf("at most %d", *c.Max))
	} else if c.Uint64 {
		parts = append(parts, "at most "+c.UintMaxText())
	}
	if c.MinNum != nil {
		parts = append(parts, map[bool]string{false: "at least ", true: "more than "}[c.MinExclusive]+strconv.FormatFloat(*c.MinNum, 'g', -1, 64))
	}
	if c.MaxNum != nil {
		parts = append(parts, map[bool]string{false: "at most ", true: "less than "}[c.MaxExclusive]+strconv.FormatFloat(*c.MaxNum, 'g', -1, 64))
	}
	if len(c.Lengths) > 0 {
		parts = append(parts, c.LengthsText()+" items")
	} else {
		if c.MinItems != nil {
			parts = append(parts, fmt.Sprintf("at least %d items", *c.MinItems))
		}
		if c.MaxItems != nil {
			parts = append(parts, fmt.Sprintf("at most %d items", *c.MaxItems))
		}
	}
	if c.UniqueItems {
		parts = append(parts, "no two items equal")
	}
	if m := c.MatchIf; m != nil {
		// matchIf(if, then, else), as the JSON Schema's if states it.
		phrase := "if (" + matchWords(m.If) + ")"
		if m.Then != nil {
			phrase += " then (" + matchWords(m.Then) + ")"
		}
		if m.Else != nil {
			phrase += " else (" + matchWords(m.Else) + ")"
		}
		parts = append(parts, phrase)
	}
	if m := c.MatchN; m != nil {
		// matchN(1, alts) on a scalar, as the JSON Schema's oneOf states
		// it; on a list, its list alternatives' count (oneOf or anyOf);
		// on any JSON value, none or all of them (not, allOf).
		var alts []string
		for _, a := range m.Alts {
			alts = append(alts, matchWords(a))
		}
		parts = append(parts, m.CountWords()+" ("+strings.Join(alts, "; ")+")")
	}
	for _, m := range c.Contains {
		// list.MatchN(n, T), as the JSON Schema's contains states it.
		what := matchWords(m.Match)
		if m.Min != nil {
			parts = append(parts, "at least "+items(*m.Min)+" ("+what+")")
		}
		if m.Max != nil {
			parts = append(parts, "at most "+items(*m.Max)+" ("+what+")")
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "The JSON Schema checks: " + strings.Join(parts, ", ") + "."
}

// choiceDoc says in words what a choice among constraints admits: a value
// that one of its alternatives admits.
func choiceDoc(t *model.Type) string {
	return "The JSON Schema checks " + choiceWords(t) + "."
}

func baseType(b model.Base) string {
	switch b {
	case model.Int, model.Number:
		return "number"
	case model.Bool:
		return "boolean"
	}
	return "string"
}

func enum(e *model.Enum, consts string) string {
	var b strings.Builder
	doc := e.Doc + "\n"
	for _, m := range e.Members {
		doc += fmt.Sprintf("\n- %q", m.Value)
		if m.Doc != "" {
			doc += ": " + strings.Join(strings.Fields(m.Doc), " ")
		}
	}
	b.WriteString(tsdoc(doc, ""))
	lits := make([]string, len(e.Members))
	for i, m := range e.Members {
		lits[i] = escape.TSString(m.Value)
	}
	fmt.Fprintf(&b, "export type %s = %s;\n\n", e.TSName, strings.Join(lits, " | "))
	fmt.Fprintf(&b, "/** Every member of {@link %s}, in schema order. */\n", e.TSName)
	fmt.Fprintf(&b, "export const %s: readonly %s[] = [%s];\n", consts, e.TSName, strings.Join(lits, ", "))
	return b.String()
}

// typ is the TypeScript type of a value of t.
func typ(t *model.Type) string {
	switch t.Kind {
	case model.ScalarKind:
		return t.Scalar.TSName
	case model.EnumKind:
		return t.Enum.TSName
	case model.ObjectKind:
		return t.Object.TSName
	case model.UnionKind:
		return t.Union.TSName
	case model.ConstKind:
		if t.Base == model.String {
			return escape.TSString(t.Const)
		}
		return t.ConstJSON()
	case model.AnyKind:
		if t.NotNull {
			return "{}" // every value but null and undefined
		}
		return "unknown"
	case model.NullKind:
		return "null"
	case model.NullableKind:
		return typ(t.Elem) + " | null"
	case model.OneOfKind:
		if t.OneOf.Recursive {
			return t.OneOf.TSName // written out in place it has no end
		}
		return oneOfType(t.OneOf)
	case model.TupleKind:
		return t.Tuple.TSName
	case model.ListKind:
		if t.HoldsItself() {
			return t.Alias.TSName // written out in place it has no end
		}
		if m := t.MatchN; m != nil {
			// The list alternatives of a choice ([...string] |
			// [...int]): one of their types.
			var alts []string
			for _, a := range m.Alts {
				alts = append(alts, typ(a))
			}
			return strings.Join(alts, " | ")
		}
		e := typ(t.Elem)
		if strings.ContainsAny(e, " |&") {
			e = "(" + e + ")"
		}
		return e + "[]"
	case model.MapKind:
		if t.Map != nil {
			return t.Map.TSName
		}
		if reachesSelf(t.Elem) {
			// Record<string, V> within V's own alias is one that refers
			// to itself, which TypeScript refuses; an index signature
			// may.
			return "{ [key: string]: " + typ(t.Elem) + " }"
		}
		return "Record<string, " + typ(t.Elem) + ">"
	case model.BasicKind:
		// "both" | "inline" beside bool: a choice of constants alone
		// is the union of their literal types.
		if lits, ok := constChoice(t); ok {
			return lits
		}
	}
	return baseType(t.Base)
}

// reachesSelf reports whether a value of t, written out in place, names a
// map or choice of kinds that holds itself (HoldsItself).
func reachesSelf(t *model.Type) bool {
	switch {
	case t.HoldsItself():
		return true
	case t.Kind == model.OneOfKind:
		for _, a := range t.OneOf.Alts {
			if reachesSelf(a.Type) {
				return true
			}
		}
	case t.Kind == model.NullableKind, t.Kind == model.ListKind, t.Kind == model.MapKind && t.Map == nil:
		return reachesSelf(t.Elem)
	}
	return false
}

// oneOfType is the union of a OneOf's alternatives' types.
func oneOfType(o *model.OneOf) string {
	var alts []string
	for _, a := range o.Alts {
		alts = append(alts, typ(a.Type))
	}
	return strings.Join(alts, " | ")
}

// constChoice is the union of a choice's literal types when every
// alternative is a constant ("both" | "inline"); ok is false otherwise.
func constChoice(t *model.Type) (string, bool) {
	if len(t.Choice) == 0 {
		return "", false
	}
	lits := make([]string, len(t.Choice))
	for i, a := range t.Choice {
		if a.Kind != model.ConstKind {
			return "", false
		}
		lits[i] = typ(a)
	}
	return strings.Join(lits, " | "), true
}

// tupleType is a tuple's TypeScript type: [string, number],
// [string, ...number[]], [].
func tupleType(tu *model.Tuple) string {
	var items []string
	for _, it := range tu.Items {
		items = append(items, typ(it))
	}
	if tu.Rest != nil {
		e := typ(tu.Rest)
		if strings.ContainsAny(e, " |&") {
			e = "(" + e + ")"
		}
		items = append(items, "..."+e+"[]")
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// namedMap is a named map's alias: a Record of its element type, what the
// schema checks of the element in its doc.
func namedMap(m *model.Map) string {
	doc := m.Doc
	if m.Elem.Kind == model.BasicKind {
		if c := constraints(m.Elem.Base, m.Elem.Constraints); c != "" {
			doc += "\n\n" + strings.Replace(c, "The JSON Schema checks:", "The JSON Schema checks each value:", 1)
		}
	}
	if m.Recursive || reachesSelf(m.Elem) {
		// type M = Record<string, M> is an alias that refers to itself,
		// which TypeScript refuses (so is one that refers to a choice
		// that refers to it); an index signature may.
		return tsdoc(doc, "") + fmt.Sprintf("export type %s = { [key: string]: %s };\n", m.TSName, typ(m.Elem))
	}
	return tsdoc(doc, "") + fmt.Sprintf("export type %s = Record<string, %s>;\n", m.TSName, typ(m.Elem))
}

// fieldDoc is a field's doc with what the schema checks of an inline type
// (a named scalar's checks are in its own doc).
func fieldDoc(f *model.Field) string {
	var c string
	switch f.Type.Kind {
	case model.BasicKind:
		c = constraints(f.Type.Base, f.Type.Constraints)
		if len(f.Type.Choice) > 0 {
			c = choiceDoc(f.Type)
		}
	case model.ListKind:
		c = constraints(0, model.Constraints{MinItems: f.Type.MinItems, MaxItems: f.Type.MaxItems, Lengths: f.Type.Lengths, Contains: f.Type.Contains, MatchN: f.Type.MatchN})
	case model.AnyKind:
		c = constraints(0, model.Constraints{MatchIf: f.Type.MatchIf, MatchN: f.Type.MatchN})
	}
	doc := f.Doc
	if c != "" {
		doc += "\n\n" + c
	}
	if f.Default != "" {
		doc += "\n\n@default " + f.Default
	}
	if f.MemberDefault != nil {
		doc += "\n\n@default " + f.MemberDefault.Describe() + ", computed by CUE where the data leaves it out"
	}

	return doc
}

func member(f *model.Field, indent string, t string) string {
	opt := ""
	if f.Optional {
		opt = "?"
	}
	return tsdoc(fieldDoc(f), indent) + fmt.Sprintf("%s%s%s: %s;\n", indent, propName(f.Name), opt, t)
}

// nullDoc is what the doc of a definition that may be null as a whole
// says of it.
func nullDoc(name string) string {
	return "\n\nA document of " + name + " may also be null (the schema's null | …): " + parseFunc(name) + " returns null for the text null, and a field of this type holds " + name + " | null."
}

// object declares o's TypeScript type; nullable when the definition may
// be null as a whole (model.Package.Nullable).
func object(o *model.Object, nullable bool) string {
	var b strings.Builder
	doc := o.Doc
	if nullable {
		doc += nullDoc(o.TSName)
	}
	for _, rf := range o.Refusals {
		doc += fmt.Sprintf("\n\nThe JSON Schema refuses a value with %s", rf.Describe(o))
		if why := strings.TrimSuffix(strings.Join(strings.Fields(rf.Doc), " "), "."); why != "" {
			doc += ": " + strings.ToLower(why[:1]) + why[1:]
		}
		doc += "; its type cannot state it, " + parseFunc(o.TSName) + " and " + validateFunc(o.TSName) + " check it."
	}
	for _, cd := range o.Conditionals {
		doc += "\n\nWhen " + cd.Describe(o) + ", " + cd.Says() + "; its type cannot state it, " + parseFunc(o.TSName) + " and " + validateFunc(o.TSName) + " check it."
	}
	b.WriteString(tsdoc(doc, ""))
	var body strings.Builder
	for _, f := range o.Fields {
		t := typ(f.Type)
		if o.Union != nil && f.Name == o.Union.Discriminator {
			t = escape.TSString(o.Tag)
		}
		if cd := o.DeclaredBy(f.Name); cd != nil {
			g := *f
			g.Doc = strings.TrimSpace(f.Doc + "\n\nOnly when " + o.DescribeDeclared(f.Name, false) + "; absent otherwise.")
			f = &g
		}
		if len(f.CondDefaults) > 0 {
			otherwise := "; required otherwise"
			if !f.RequiredUnlessDefault(o) {
				otherwise = "" // absent otherwise, as said above
			}
			g := *f
			g.Doc = strings.TrimSpace(f.Doc + "\n\n@default " + f.DescribeCondDefaults(o) + otherwise)
			f = &g
		}
		body.WriteString(member(f, "  ", t))
	}
	switch {
	case o.Open:
		body.WriteString("  /** Members the schema does not name, which it allows: the object is open. */\n  [member: string]: unknown;\n")
	case o.AdmitsUnknown():
		body.WriteString("  /** Members the schema does not name, which it allows while an if clause opens the object. */\n  [member: string]: unknown;\n")
	case len(o.Members) > 0:
		var ps []string
		for _, m := range o.Members {
			of := "of any value"
			if !m.Type.AnyJSON() {
				of = "holding " + typ(m.Type)
			}
			if m.Key == nil {
				body.WriteString(tsdoc("Every member the schema does not declare, "+of+".", "  ") + "  [member: string]: unknown;\n")
				break
			}
			ps = append(ps, "/"+model.ECMAPattern(m.Key.KeyPattern())+"/u "+of)
		}
		if len(ps) > 0 {
			// Through tsdoc, which escapes the */ of a pattern such as
			// ^x-.* (written ^x-[^\n]*/u).
			body.WriteString(tsdoc("Members the schema admits by their names: those matching "+strings.Join(ps, "; ")+".", "  ") + "  [member: string]: unknown;\n")
		}
	}
	branches := forbidBranches(o)
	if len(branches) == 0 {
		fmt.Fprintf(&b, "export interface %s {\n%s}\n", o.TSName, body.String())
		return b.String()
	}
	fmt.Fprintf(&b, "export type %s = {\n%s}", o.TSName, body.String())
	for _, alts := range branches {
		b.WriteString(" & (\n")
		for _, alt := range alts {
			fmt.Fprintf(&b, "  | { %s }\n", alt)
		}
		b.WriteString(")")
	}
	b.WriteString(";\n")
	return b.String()
}

// forbidBranches turns the object's conditional absences into, for each
// enum field they are keyed on, one branch per set of its values that
// forbid the same fields: { kind: "spawn"; conversationId?: never } |
// { kind: "prompt" | "reply" }. The JSON Schemas state the same branches
// (gen/jsonschema).
func forbidBranches(o *model.Object) [][]string {
	var out [][]string
	fields, branches := o.ForbidBranches()
	for i, name := range fields {
		var alts []string
		for _, b := range branches[i] {
			values := make([]string, len(b.Values))
			for j, v := range b.Values {
				values[j] = escape.TSString(v)
			}
			parts := []string{propName(name) + ": " + strings.Join(values, " | ")}
			for _, a := range b.Absent {
				parts = append(parts, propName(a)+"?: never")
			}
			alts = append(alts, strings.Join(parts, "; "))
		}
		out = append(out, alts)
	}
	return out
}

// union declares u's TypeScript type; nullable when the definition may
// be null as a whole.
func union(u *model.Union, nullable bool) string {
	names := make([]string, len(u.Variants))
	for i, v := range u.Variants {
		names[i] = v.TSName
	}
	doc := u.Doc + fmt.Sprintf("\n\nTold apart by %q; a switch on it needs one case for each variant.", u.Discriminator)
	if u.Untagged() {
		doc = u.Doc + fmt.Sprintf("\n\nNo constant field tells the variants apart: a value is the one whose members it has, as %s and %s decide.", parseFunc(u.TSName), matchFunc(u.TSName))
		if u.Default != nil {
			doc += fmt.Sprintf(" %s is the default: a value it is possible for is one, complete or not, however many others are possible too.", u.Default.TSName)
		}
	}
	if nullable {
		doc += nullDoc(u.TSName)
	}
	return tsdoc(doc, "") + fmt.Sprintf("export type %s = %s;\n", u.TSName, strings.Join(names, " | "))
}

// tsdoc renders doc as a /** … */ comment at indent.
func tsdoc(doc, indent string) string {
	doc = strings.TrimSpace(escape.TSComment(doc))
	if doc == "" {
		return ""
	}
	lines := strings.Split(doc, "\n")
	if len(lines) == 1 {
		return indent + "/** " + lines[0] + " */\n"
	}
	var b strings.Builder
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		l = strings.TrimRight(l, " \t")
		if l == "" {
			b.WriteString(indent + " *\n")
		} else {
			b.WriteString(indent + " * " + l + "\n")
		}
	}
	b.WriteString(indent + " */\n")
	return b.String()
}

// propName is a property name as TypeScript needs it: bare when it is an
// identifier, quoted otherwise.
func propName(name string) string {
	if isIdent(name) {
		return name
	}
	return escape.TSString(name)
}

func isIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
			return false
		}
	}
	return s != ""
}
