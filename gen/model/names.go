package model

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/gen/cuesrc"
)

// GoName turns a wire or CUE name (seatId, parent_pane-id, ttlSeconds) into an
// exported Go identifier (SeatID, ParentPaneID, TTLSeconds); see
// cuesrc.GoName, which the layout model shares.
func GoName(name string) string { return cuesrc.GoName(name) }

// Derived Go names. They live here, next to the names they derive from, so
// that every emitter and the collision check agree on them.

// ParseFunc is the name of the enum's parse function, e.g. ParsePose.
func (e *Enum) ParseFunc() string { return "Parse" + e.GoName }

// ValuesFunc is the name of the function listing the enum's members, e.g.
// PoseValues.
func (e *Enum) ValuesFunc() string { return e.GoName + "Values" }

// UnmarshalFunc is the name of the union's decoding function, e.g.
// UnmarshalLedgerRow.
func (u *Union) UnmarshalFunc() string { return "Unmarshal" + u.GoName }

// TagMethod is the name of the method returning a variant's discriminator
// value, e.g. Kind.
func (u *Union) TagMethod() string { return GoName(u.Discriminator) }

// UnknownField is the Go field of an open object (Object.Open) that holds
// the members the schema does not name; no field of the schema may take
// its name.
const UnknownField = "Unknown"

// MatchingField is the Go field of an object with a typed member pattern
// ({[=~"re"]: T}) that holds the members matching it, as a map of T; no
// field of the schema may take its name.
const MatchingField = "Matching"

// reservedMethods are the methods generated on every object; a field may not
// take their names.
var reservedMethods = []string{"Validate", "MarshalJSON", "UnmarshalJSON", "AppendJSON", "String"}

// assignNames gives every definition, member and field its Go name, and
// reports any two that would collide, with both positions; then every
// definition its TypeScript name (assignTSNames).
func (r *resolver) assignNames() {
	type owner struct {
		what string
		pos  Pos
	}
	top := map[string]owner{}
	claim := func(name, what string, pos Pos) {
		if name == "" {
			r.errorf(pos, "%s: no Go name can be made from it (it has no letters or digits)", what)
			return
		}
		if prev, ok := top[name]; ok {
			r.errorf(pos, "%s: Go name %s is already taken by %s (%s)", what, name, prev.what, prev.pos)
			return
		}
		top[name] = owner{what, pos}
	}
	// The definitions' own names come first (r.defNames): an enum member
	// whose Go name is one of them takes an _ after it (#Standard:
	// "duration" | "unit" beside #StandardUnit: "unit", apollo-router's:
	// StandardUnit_), as a field that meets a method does.
	types := map[string]bool{}
	members := func(e *Enum) {
		taken := map[string]bool{}
		for _, m := range e.Members {
			m.GoName = e.GoName + spelledName(m.Value)
			// Members that differ only where a Go name cannot ("z" and
			// "Z", "a-b" and "a_b"): the later ones are numbered, in
			// the enum's order (SelinuxZ, SelinuxZ2).
			if base := m.GoName; base != "" && taken[base] {
				for k := 2; taken[m.GoName]; k++ {
					m.GoName = base + strconv.Itoa(k)
				}
			}
			for m.GoName != "" && types[m.GoName] && !r.requireDistinct {
				m.GoName += "_"
			}
			for m.GoName != "" && (m.GoName == e.ValuesFunc() || m.GoName == e.ParseFunc()) {
				// A member "Values" (external-secrets' templateAs:
				// "Values" | "KeysAndValues") meets the enum's own
				// member list, TemplateAsValues: the member takes an
				// _, as a field meeting a method does.
				m.GoName += "_"
			}
			taken[m.GoName] = true
			claim(m.GoName, fmt.Sprintf("#%s member %q", e.Name, m.Value), m.Pos)
		}
	}
	if r.requireDistinct {
		// Each enum's members are claimed with it, the enums first: a
		// definition that would take a member's constant is the error,
		// at the definition, naming the member (#PoseWorking beside
		// #Pose's "working").
		r.defNames(claim, func(name string) bool { _, ok := top[name]; return ok }, members)
	} else {
		r.defNames(claim, func(name string) bool { _, ok := top[name]; return ok }, nil)
		for name := range top {
			types[name] = true
		}
		for _, e := range r.pkg.Enums {
			members(e)
		}
	}
	for _, o := range r.pkg.Objects {
		reserved := append([]string(nil), reservedMethods...)
		if o.KeepsUnknown() {
			reserved = append(reserved, UnknownField)
		}
		for _, tm := range o.TypedMaps() {
			reserved = append(reserved, tm.Field)
		}
		if o.Union != nil && o.Union.Discriminator != "" {
			reserved = append(reserved, o.Union.TagMethod())
		}
		r.fieldGoNames(o, reserved)
	}
	r.unusedNestedGo()
	r.assignTSNames()
}

// defName is a definition's claim on its package's Go names: its own,
// and those its emitted code derives from it (an enum's parse function
// and member list, a union's decoding function).
type defName struct {
	name    string // the CUE name defGoName reads
	what    string // how errors name it
	pos     Pos
	set     func(goName string)
	derived func() [][2]string // name, what it is, from its Go name as set
	enum    *Enum              // the enum it is, if one
}

// defNames gives every definition its Go name. A name @go states is the
// definition's before any derived one, and two that state one name are
// refused with both positions. A name derived from the CUE name that is
// already taken, by a definition or a name derived from one, takes an _
// after it, the definition first in the source (file, line, column)
// keeping it, as two fields' wire names that give one Go name are named
// apart (fieldGoNames): #ctrl_10_53 is Ctrl1053, a later #ctrl_10_5_3
// Ctrl1053_ (AWS CloudFormation's compliance controls in cfn-cue-modules).
// Under require: distinctNames: true they are refused instead, so that a
// new definition never renames a type code already uses.
//
// enumDone, when set, is called on each enum once it is claimed, and the
// enums are claimed before the other definitions.
func (r *resolver) defNames(claim func(name, what string, pos Pos), taken func(string) bool, enumDone func(*Enum)) {
	var ds []defName
	add := func(name, what string, pos Pos, set func(string), derived func() [][2]string) {
		ds = append(ds, defName{name: name, what: what, pos: pos, set: set, derived: derived})
	}
	for _, s := range r.pkg.Scalars {
		add(s.Name, "#"+s.Name, s.Pos, func(g string) { s.GoName = g }, nil)
	}
	for _, m := range r.pkg.Maps {
		add(m.Name, "#"+m.Name, m.Pos, func(g string) { m.GoName = g }, nil)
	}
	for _, e := range r.pkg.Enums {
		add(e.Name, "#"+e.Name, e.Pos, func(g string) { e.GoName = g }, func() [][2]string {
			return [][2]string{{e.ParseFunc(), " (its parse function)"}, {e.ValuesFunc(), " (its member list)"}}
		})
		ds[len(ds)-1].enum = e
	}
	for _, u := range r.pkg.Unions {
		add(u.Name, "#"+u.Name, u.Pos, func(g string) { u.GoName = g }, func() [][2]string {
			return [][2]string{{u.UnmarshalFunc(), " (its decoding function)"}}
		})
	}
	for _, o := range r.pkg.OneOfs {
		add(o.Name, o.Name, o.Pos, func(g string) { o.GoName = g }, nil)
	}
	for _, tu := range r.pkg.Tuples {
		add(tu.Name, tu.Name, tu.Pos, func(g string) { tu.GoName = g }, nil)
	}
	for _, a := range r.pkg.Aliases {
		add(a.Name, "#"+a.Name, a.Pos, func(g string) { a.GoName = g }, nil)
	}
	for _, o := range r.pkg.Objects {
		add(o.Name, "#"+o.Name, o.Pos, func(g string) { o.GoName = g }, nil)
	}
	stated := func(d defName) bool { _, ok := r.goAttrs.defs[d.name]; return ok }
	slices.SortStableFunc(ds, func(a, b defName) int {
		if ea, eb := a.enum != nil, b.enum != nil; enumDone != nil && ea != eb {
			if ea {
				return -1
			}
			return 1
		}
		if sa, sb := stated(a), stated(b); sa != sb {
			if sa {
				return -1
			}
			return 1
		}
		return comparePos(a.pos, b.pos)
	})
	for _, d := range ds {
		g := r.defGoName(d.name)
		d.set(g)
		if g != "" && !stated(d) && !r.requireDistinct {
			for free := false; !free; {
				free = !taken(g)
				if d.derived != nil {
					for _, n := range d.derived() {
						free = free && !taken(n[0])
					}
				}
				if !free {
					g += "_"
					d.set(g)
				}
			}
		}
		claim(g, d.what, d.pos)
		if d.derived != nil && g != "" {
			for _, n := range d.derived() {
				claim(n[0], d.what+n[1], d.pos)
			}
		}
		if d.enum != nil && enumDone != nil {
			enumDone(d.enum)
		}
	}
}

// unusedNestedGo refuses a @go(Name) below a definition's own fields, in
// this package's files, that named no object's Go field (a field declared
// again with it, where the first declaration is the object's field): it
// would be read and then dropped. One in a hidden field or definition
// nothing refers to names nothing, as the declaration itself is not
// carried (cue get go's _#joinResponse of an unexported Go type).
func (r *resolver) unusedNestedGo() {
	if r.cueInvalid {
		// a definition CUE finds in error is not read, and its @go
		// with it: CUE's errors say why
		return
	}
	own := map[string]bool{}
	for _, f := range r.inst.Files {
		own[relTo(r.ps.root, f.Filename)] = true
	}
	var ps []Pos
	for p := range r.goAttrs.nested {
		if own[p.File] && !r.nestedGoUsed[p] && !r.goAttrs.inHidden[p] {
			ps = append(ps, p)
		}
	}
	slices.SortFunc(ps, comparePos)
	for _, p := range ps {
		g := r.goAttrs.nested[p]
		r.errorf(g.pos, "attribute @go(%s) is not read: it names no Go field schemagen generates (on a field of an inline struct it names the field where that is declared once; this field is declared in more than one place, or is no object's field)", g.name)
	}
}

// fieldGoNames gives o's fields their Go names. A field's name is its
// @go(Name), or its wire name made a Go name (seatId, seat_id and
// seat-id are all SeatID), with an _ after it where that is a generated
// method's (String_) or field's (Unknown_), as protoc-gen-go names a
// field that meets a method. Where two wire names give one Go name,
// the field first in the source (file, line, column) keeps it and each
// later one takes another _ until its name is no other field's, no
// method's the Go type has (reserved, and the getters of defaulted
// fields) (defaultPrompt is DefaultPrompt, default_prompt
// DefaultPrompt_), as protogen names the later of two conflicting
// fields. A name @go states is the field's before any derived one; two
// fields that state one, or a stated name that is a method's, are
// refused with both positions.
func (r *resolver) fieldGoNames(o *Object, reserved []string) {
	fields := map[string]*Field{}
	var derived []*Field // fields named after their wire names, in source order
	for _, f := range o.Fields {
		f.GoName = spelledName(f.Name)
		what := fmt.Sprintf("#%s.%s", o.Name, f.Name)
		g, named := r.goAttrs.fields[[2]string{o.Name, f.Name}]
		if !named {
			if g, named = r.goAttrs.nested[f.Pos]; named {
				if r.nestedGoUsed == nil {
					r.nestedGoUsed = map[Pos]bool{}
				}
				r.nestedGoUsed[f.Pos] = true
			}
		}
		attr := named
		if named && g.goType != "" {
			f.GoType, f.GoTypePos = g.goType, g.pos
		}
		if named && g.zero {
			f.GoZero, f.GoZeroPos = true, g.pos
		}
		if named && g.name == "" {
			named = false // @go(,type=T), @go(,optional=zero): the name is derived
		}
		if named {
			f.GoName = g.name
		}
		if o.Union != nil && f.Name == o.Union.Discriminator {
			if attr {
				r.errorf(g.pos, "%s: @go on a union's discriminator names nothing: the variant carries it as the method %s, named after #%s's discriminator", what, o.Union.TagMethod(), o.Union.Name)
			}
			continue // carried by the tag method, not a struct field
		}
		switch {
		case f.GoName == "":
			r.errorf(f.Pos, "%s: no Go name can be made from it", what)
		case !named:
			derived = append(derived, f)
		case fields[f.GoName] != nil:
			r.errorf(f.Pos, "%s: Go name %s is already taken by field %s (%s)", what, f.GoName, fields[f.GoName].Name, fields[f.GoName].Pos)
		case contains(reserved, f.GoName):
			r.errorf(g.pos, "%s: @go(%s) names the Go field %s, which is %s; name it otherwise (e.g. @go(%sValue)): the wire name stays %s", what, f.GoName, f.GoName, reservedWhy(f.GoName), f.GoName, f.Name)
		default:
			fields[f.GoName] = f
		}
	}
	slices.SortStableFunc(derived, func(a, b *Field) int { return comparePos(a.Pos, b.Pos) })
	// getters are the methods giving defaulted fields their values
	// (GetterName), by name: a field takes none of their names.
	getters := func() map[string]*Field {
		m := map[string]*Field{}
		for _, f := range o.Fields {
			if f.HasDefault() && f.GoName != "" {
				m[GetterName(f)] = f
			}
		}
		return m
	}
	free := func(name string, self *Field, gets map[string]*Field) bool {
		other := fields[name]
		return (other == nil || other == self) && !contains(reserved, name) && gets[name] == nil
	}
	for _, f := range derived {
		for !free(f.GoName, f, nil) {
			f.GoName += "_"
		}
		fields[f.GoName] = f
	}
	// A derived name that is a getter's takes an _ too; its own getter
	// moves with it, so this runs until no name moves (each move makes a
	// name longer, and a getter is at most one per field).
	for range len(derived) + 1 {
		moved := false
		gets := getters()
		for _, f := range derived {
			if gets[f.GoName] == nil {
				continue
			}
			delete(fields, f.GoName)
			for !free(f.GoName, f, gets) {
				f.GoName += "_"
			}
			fields[f.GoName] = f
			moved = true
			gets = getters()
		}
		if !moved {
			break
		}
	}
	for _, f := range o.Fields {
		if !f.HasDefault() || f.GoName == "" {
			continue
		}
		if g := fields[GetterName(f)]; g != nil {
			r.errorf(g.Pos, "#%s.%s: Go name %s is the method that gives %s its default; name the Go field otherwise with @go(Name)", o.Name, g.Name, GetterName(f), f.Name)
		}
	}
}

// comparePos orders positions as the source does: by file, line, then
// column.
func comparePos(a, b Pos) int {
	if c := strings.Compare(a.File, b.File); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Line, b.Line); c != 0 {
		return c
	}
	return cmp.Compare(a.Col, b.Col)
}

// altGoNames names the Go fields of every OneOf's alternatives, once the
// definitions have their Go names: the referenced definition's, or the
// alternative's kind.
func (r *resolver) altGoNames() {
	for _, o := range r.pkg.OneOfs {
		for _, a := range o.Alts {
			switch t := a.Type; t.Kind {
			case ScalarKind:
				a.GoName = t.Scalar.GoName
			case EnumKind:
				a.GoName = t.Enum.GoName
			case ObjectKind:
				a.GoName = t.Object.GoName
			case UnionKind:
				a.GoName = t.Union.GoName
			case MapKind:
				if t.Map != nil {
					a.GoName = t.Map.GoName
				}
			}
		}
	}
}

// GetterName is the Go method that gives a field with a default its value
// or, when it is absent, the default: GetReplicas.
func GetterName(f *Field) string { return "Get" + f.GoName }

// reservedWhy says what holds a reserved Go name.
func reservedWhy(name string) string {
	if name == UnknownField {
		return "the field of an open object that holds the members the schema does not name"
	}
	if strings.HasPrefix(name, MatchingField) {
		return "the field that holds the members a typed pattern ([=~\"re\"]: T) admits"
	}
	return "a method every generated type has"
}

// defGoName is the Go name of a definition: its @go(Name), or its CUE
// name made a Go name.
func (r *resolver) defGoName(name string) string {
	if r.pathNamed[name] {
		return name // a type in place named by its path, P_Audit_Level
	}
	if g, ok := r.goAttrs.defs[name]; ok {
		return g.name
	}
	return GoName(name)
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// QuotedDefName is the name a definition under # takes (#: "per-son": …,
// as cue import writes a $defs name that is no identifier): its key made
// a Go name, PerSon, spelled when it has no letter or digit ("//" is
// SlashSlash).
func QuotedDefName(key string) string { return spelledName(key) }

// symbolWords spells the ASCII punctuation a member value may be made of,
// for a member with no letters or digits to name it by.
var symbolWords = map[rune]string{
	' ': "Space", '!': "Bang", '"': "Quote", '#': "Hash", '$': "Dollar",
	'%': "Percent", '&': "And", '\'': "Apostrophe", '(': "LParen", ')': "RParen",
	'*': "Star", '+': "Plus", ',': "Comma", '-': "Minus", '.': "Dot",
	'/': "Slash", ':': "Colon", ';': "Semicolon", '<': "Less", '=': "Equals",
	'>': "Greater", '?': "Question", '@': "At", '[': "LBracket", '\\': "Backslash",
	']': "RBracket", '^': "Caret", '_': "Underscore", '`': "Backquote",
	'{': "LBrace", '|': "Pipe", '}': "RBrace", '~': "Tilde",
}

// spelledName is the Go name a wire name gives (an enum member's value, a
// field's or a quoted definition's key): its words ("ReadWriteOnce"), or,
// for a name with no letters or digits, its spelling: "" is Empty
// (Kubernetes' HostPathType lists ""), "//" is SlashSlash (the comment key
// of package.json-like files), "<=" LessEquals, any other rune U and its
// code point. So every name JSON can hold has a Go name.
func spelledName(value string) string {
	if w := GoName(value); w != "" {
		return w
	}
	if value == "" {
		return "Empty"
	}
	var b strings.Builder
	for _, r := range value {
		if w, ok := symbolWords[r]; ok {
			b.WriteString(w)
			continue
		}
		fmt.Fprintf(&b, "U%04X", r)
	}
	return b.String()
}

// goOmitted honours @go(-) on the package's definitions, as gengotypes
// reads it: each is left out of the Go types (Package.GoOmit) and kept by
// every other target. A definition another Go type needs (a field of it,
// a variant, an alias of it, at any depth) cannot be left out: that is
// refused at the attribute, naming what needs it.
func (r *resolver) goOmitted() {
	if len(r.goAttrs.omit) == 0 {
		return
	}
	names := slices.Sorted(maps.Keys(r.goAttrs.omit))
	omitted := map[string]bool{}
	for _, n := range names {
		d := r.defs[n]
		if d == nil && r.cueInvalid {
			// A package CUE finds errors in, whose definitions were
			// not read (#Version: {items: [string]: #Item} with #Item
			// missing): CUE's errors say why, and the attribute of a
			// definition read in no round cannot be judged. It was
			// refused as put on no definition, at each @go(-) of the
			// package (Simple Streams' *Core definitions).
			continue
		}
		if d == nil || d.root || d.field {
			r.errorf(r.goAttrs.omit[n], "#%s: @go(-) is carried on a definition the package declares, which every target but Go then holds", n)
			continue
		}
		omitted[n] = true
	}
	declOf := func(t *Type) string {
		switch {
		case t.Object != nil:
			return t.Object.Name
		case t.Enum != nil:
			return t.Enum.Name
		case t.Scalar != nil:
			return t.Scalar.Name
		case t.Union != nil:
			return t.Union.Name
		case t.Map != nil:
			return t.Map.Name
		case t.OneOf != nil:
			return t.OneOf.Name
		case t.Tuple != nil:
			return t.Tuple.Name
		case t.Alias != nil:
			return t.Alias.Name
		}
		return ""
	}
	needs := map[string][]string{} // an omitted name: the declarations whose Go types need it
	check := func(owner string, ts ...*Type) {
		if omitted[owner] {
			return
		}
		seen := map[*Type]bool{}
		for _, t := range ts {
			walkType(t, seen, true, func(x *Type) bool {
				if n := declOf(x); n != owner && omitted[n] && !slices.Contains(needs[n], owner) {
					needs[n] = append(needs[n], owner)
				}
				return true
			})
		}
	}
	p := r.pkg
	for _, o := range p.Objects {
		check(o.Name, &Type{Kind: ObjectKind, Object: o})
	}
	for _, u := range p.Unions {
		for _, v := range u.Variants {
			check(u.Name, &Type{Kind: ObjectKind, Object: v})
		}
	}
	for _, a := range p.Aliases {
		check(a.Name, a.Type)
	}
	for _, m := range p.Maps {
		check(m.Name, m.Key, m.Elem)
	}
	for _, o := range p.OneOfs {
		for _, a := range o.Alts {
			check(o.Name, a.Type)
		}
	}
	for _, tu := range p.Tuples {
		check(tu.Name, append(slices.Clone(tu.Items), tu.Rest)...)
	}
	if p.Value != nil {
		check(p.Document, p.Value)
	}
	for _, n := range names {
		if !omitted[n] {
			continue
		}
		if by := needs[n]; len(by) > 0 {
			r.errorf(r.goAttrs.omit[n], "#%s: @go(-) leaves it out of the Go types, but the Go types of %s need it (as a field, variant or item, directly or through the types they hold), and would not compile; remove @go(-), or leave those out too", n, strings.Join(by, " and "))
			continue
		}
		p.GoOmit = append(p.GoOmit, n)
	}
}
