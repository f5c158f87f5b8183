package model

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/gen/layoutmodel"
)

// Schema is every package under schema/, resolved: the wire packages
// (definitions of JSON objects) and the layout packages (binary C layouts,
// told apart by their top-level layout field).
type Schema struct {
	// Config is the module's configuration (schemagen.cue), defaults
	// filled in.
	Config   *Config
	Packages []*Package
	Layouts  []*layoutmodel.Layout
}

// Layout returns the layout package with the given CUE package name, or nil.
func (s *Schema) Layout(name string) *layoutmodel.Layout {
	for _, l := range s.Layouts {
		if l.Name == name {
			return l
		}
	}
	return nil
}

// Package returns the package with the given CUE package name, or nil.
func (s *Schema) Package(name string) *Package {
	for _, p := range s.Packages {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Package is one CUE package of wire definitions, in declaration order.
type Package struct {
	Name string // CUE package name, e.g. "fleet"
	// GoName is the Go package's name: the CUE package's (GoPackageName),
	// or what a file's @go(name) attribute says, as gengotypes reads it.
	GoName string
	Dir    string // directory relative to the module root, e.g. "schema/fleet"
	// Path is the package's folder under the schema folder, e.g. "fleet"
	// or "billing/common": it names the package's outputs
	// (go/<Path>/, jsonschema/<Path>/, …) and its entry in the lock, so
	// two packages of one name in different folders do not collide.
	Path string
	Doc  string
	Pos  Pos

	Scalars []*Scalar
	Enums   []*Enum
	Objects []*Object
	Unions  []*Union
	Maps    []*Map
	OneOfs  []*OneOf
	Aliases []*Alias
	Tuples  []*Tuple

	// Nullable are the names of the object and union definitions that
	// may be null as a whole (#network: null | close({…}), #U: #A | #B |
	// null), in declaration order: every reference to one is a
	// NullableKind already, and a document of one may be null too, which
	// the definition's own JSON Schema file and TypeScript functions
	// admit (in Go a document of one is read as a wire.Nullable of its
	// type).
	Nullable []string
	// nullable is Nullable as a set, for IsNullable: every emitter asks
	// it of every object and union, and a schema may hold thousands.
	nullable map[string]bool

	// GoOmit are the names of the declarations that @go(-) leaves out
	// of the Go types, as gengotypes reads it; every other target
	// carries them, and no Go type of the package refers to one (the
	// resolver refuses @go(-) on a definition another Go type needs).
	GoOmit []string

	// FieldTypes, for a library of types (TypeLibrary), names the type of
	// each top-level field by the field's label (Panel: "Panel"; Bar
	// beside #Bar: "BarField"); nil for any other package, whose
	// top-level fields are its document's.
	FieldTypes map[string]string

	// Root is the object a document of the package is: its top-level
	// fields, as an object named after the package, or the object
	// definition its top level embeds alone (package config; #Config);
	// nil when the package has no top level of its own.
	Root *Object
	// Document is the name of the definition a document of the package
	// is: Root's, or, for a package whose value is not a struct (package
	// test; 1 | 2 | "three"), the definition of that value, named after
	// the package (Test); "" when the package has no top level of its own.
	Document string
	// Value is the type of a document of the package when its value is
	// not a struct (package word; =~"^[a-z]+$"): a reference to the
	// OneOf, tuple, enum or scalar definition named Document, or that
	// alias's own type (a list, a constant, a choice of one base),
	// Nullable when the value may be null (null | string); for a
	// document that is a union (#U beside #U: #A | #B), the union, which
	// the alias named Document holds (a union's Go type is an
	// interface, so the document is a type of its own); nil when a
	// document is Root or the package has none.
	Value *Type
}

// InGo reports whether the declaration named name has a Go type: every
// one but those @go(-) leaves out (GoOmit).
func (p *Package) InGo(name string) bool { return !slices.Contains(p.GoOmit, name) }

// IsNullable reports whether the definition named name may be null as a
// whole (Nullable).
func (p *Package) IsNullable(name string) bool {
	if p.nullable != nil {
		return p.nullable[name]
	}
	return slices.Contains(p.Nullable, name) // a Package built by hand
}

// ValueDef returns where the definition of p's Value is declared, its doc
// comment and its Go name: those of the OneOf, tuple, enum, scalar or
// alias named Document.
func (p *Package) ValueDef() (pos Pos, doc, goName string) {
	for _, o := range p.OneOfs {
		if o.Name == p.Document {
			return o.Pos, o.Doc, o.GoName
		}
	}
	for _, tu := range p.Tuples {
		if tu.Name == p.Document {
			return tu.Pos, tu.Doc, tu.GoName
		}
	}
	for _, e := range p.Enums {
		if e.Name == p.Document {
			return e.Pos, e.Doc, e.GoName
		}
	}
	for _, sc := range p.Scalars {
		if sc.Name == p.Document {
			return sc.Pos, sc.Doc, sc.GoName
		}
	}
	for _, a := range p.Aliases {
		if a.Name == p.Document {
			return a.Pos, a.Doc, a.GoName
		}
	}
	return Pos{}, "", ""
}

// Alias is a definition that names a type which is not an object, enum,
// union, map or constrained scalar: a constant (#Version: "v1"), a list
// (#Names: [...string]), any JSON (#Any: _), a nullable or a OneOf of
// another. Every use has the type itself; the targets also give it its
// name (Go: a constant or a type alias; TypeScript: a type).
type Alias struct {
	Name   string
	GoName string
	TSName string // its TypeScript name (TSName)
	Doc    string
	Pos    Pos
	Type   *Type
	// Recursive: the alias is a list that holds itself (#A: [...#A], or
	// through choices of kinds and maps: #Seq: [...#Node] with #Node:
	// #Task | #Seq). Every use is then the list with Type.Alias set, which
	// the targets refer to by name (Go: type A []A with functions of its
	// own) rather than write it out in place.
	Recursive bool
}

// OneOf is a value of one of several types, each of its own JSON kind
// (string, number, boolean, object, array): CUE's int | string, or
// string | [...string]. Which one a value is, its first byte says. It is a
// definition (#Command: string | [...string]) or in place, named after
// where it is, as an inline struct is.
type OneOf struct {
	Name   string
	GoName string
	TSName string // its TypeScript name (TSName)
	Doc    string
	Pos    Pos
	Alts   []*Alt
	// Recursive: a value of one of its alternatives holds a value of the
	// choice again other than through an object (#V: string | [...#V],
	// #JSON: null | … | [...#JSON] | {[string]: #JSON}). Every target
	// then refers to it by name where it would write it out in place.
	Recursive bool
}

// Alt is one alternative of a OneOf.
type Alt struct {
	// GoName is the Go field that holds it: the definition's Go name for
	// a reference, else its kind (String, Int, Number, Bool, Object, List).
	GoName string
	Kind   string // its JSON kind: string, number, boolean, object or array
	Type   *Type
}

// Tuple is a list whose leading items each have a type of their own: CUE's
// [string, int] (exactly those items), [string, ...int] (those, then any
// number of Rest) or [] (no item). It is a definition (#Pair: [string,
// int]) or in place, named after where it is, as an inline struct is; Go
// gives it a struct with one field per item, decoded and encoded as a JSON
// array.
type Tuple struct {
	Name   string
	GoName string
	TSName string // its TypeScript name (TSName)
	Doc    string
	Pos    Pos
	// Items are the leading items, each required: a list with fewer is
	// refused.
	Items []*Type
	// Rest is the type of every item after Items, or nil when the list is
	// closed: a list with more items is refused.
	Rest *Type
}

// ItemGoName is the Go field of the tuple's item i: Item0, Item1, ….
func ItemGoName(i int) string { return "Item" + strconv.Itoa(i) }

// RestGoName is the Go field of an open tuple's items after its leading
// ones.
const RestGoName = "Rest"

// Map is a named map definition, e.g. #Counts: [string]: int: an object
// whose keys are any strings, each holding an Elem.
type Map struct {
	Name   string
	GoName string
	TSName string // its TypeScript name (TSName)
	Doc    string
	Pos    Pos
	Elem   *Type
	// Key is the type of the map's keys when patterns constrain them
	// ([=~"^x-"]: T, [=~"^a" & !~"b$" & !~"^()$"]: T): a string whose
	// Patterns a key matches every one of and whose NotPatterns it
	// matches none of, with no other constraint; nil for [string]: T.
	Key *Type
	// Recursive: the map holds itself, directly (#M: [string]: #M) or
	// through lists, maps and choices of kinds. Elem then reaches a
	// reference to the map again: every target refers to such a map by
	// name (Go: type M map[string]M with functions of its own) where it
	// writes any other map out in place.
	Recursive bool
}

// Scalar is a named constrained scalar definition, e.g. #Timestamp or #SeatID.
type Scalar struct {
	Name   string // CUE name without '#'
	GoName string
	TSName string // its TypeScript name (TSName)
	Doc    string
	Pos    Pos
	Base   Base
	Constraints
}

// Enum is a closed set of string members, e.g. #Pose.
type Enum struct {
	Name    string
	GoName  string
	TSName  string // its TypeScript name (TSName)
	Doc     string
	Pos     Pos
	Members []*Member
	// ByPath: an enum written in place named by its path, its steps
	// joined with _ (P_Audit_Level), because its derived name was taken
	// (docs/schema-language.md, "Names of types in place"): a target
	// that spells names in its own case keeps the steps apart.
	ByPath bool
}

// Member is one enum member, in schema order.
type Member struct {
	Value  string // the wire value
	GoName string // e.g. PoseWorking
	Doc    string
	Pos    Pos
}

// Object is a struct definition with named fields, e.g. #Seat.
type Object struct {
	Name   string
	GoName string
	TSName string // its TypeScript name (TSName)
	Doc    string
	Pos    Pos
	// ByPath: written in place and named by its path (Enum.ByPath).
	ByPath bool
	Fields []*Field
	// HeldDefaults are the fields of objects this one holds (through
	// object fields, written in place) whose default takes members of
	// this one (Validation: {Max: int | *Length}: DefaultPart.Up): the
	// Go Get method that computes such a default is this object's, which
	// sees the members.
	HeldDefaults []*HeldDefault
	// Absent are the members that must never be present: an optional
	// field of _|_ (type?: _|_), or one CUE does not allow. Every target
	// refuses them, the open sets and the Go decoder too.
	Absent []*AbsentMember

	// Forbids are the fields that must be absent when another field holds a
	// given value, e.g. a spawn edge carries no conversationId.
	Forbids []*Forbid
	// Refusals are combinations of field values that make the object
	// invalid, e.g. a tally of all zeroes.
	Refusals []*Refusal
	// Conditionals are if clauses whose body declares or narrows fields:
	// what holds only while their conditions do. A field only such a body
	// declares is among Fields, optional; DeclaredBy says which.
	Conditionals []*Conditional
	// Decided are the if clauses that test no data (if true, if
	// #Values.limit != _|_), and the for clauses over what the schema
	// states (for k in ["a", "b"] {(k)?: int}): CUE applied each body, or
	// left it out, or ran the loop, from the schema alone, so what it
	// declares is among Fields or absent, and no target tests it. Their
	// positions say no clause was dropped.
	Decided []Pos

	// Open is set when the object admits members it does not name, of any
	// type: a struct with ..., or a package's root object (CUE closes
	// only definitions). Every target keeps them: Go in the struct's
	// Unknown field, the strict JSON Schema does not refuse them.
	Open bool
	// Strict is set on a closed object of no member pattern that refuses
	// a member it does not name in every target, as CUE does, where the
	// others ignore one (a newer writer may add it): a match on a value
	// that holds it judges a closed object at its place, and ignoring the
	// member there would judge it two ways (Go on the value it decoded,
	// without the member; the open JSON Schema and TypeScript on the JSON,
	// with it). See judgedAlike and docs/schema-language.md, "Closed
	// definitions in a match".
	Strict bool
	// Members are the patterns a closed object also admits members by
	// ({[=~"^x-"]: _} beside its fields, as cue import writes JSON
	// Schema's patternProperties): a member whose name matches one holds
	// any JSON value. Go keeps them in the Unknown field, as it keeps an
	// open object's.
	Members []*MemberPattern

	// MinFields and MaxFields bound how many members a value of the
	// object has, every member present counted (struct.MinFields,
	// struct.MaxFields); nil when unbounded.
	MinFields, MaxFields *int

	// MatchIfs are matchIf validators beside the object's fields (cue
	// import's if/then/else on an object; matchN(k, [matchIf(…), …])
	// with every one to hold): each must hold of the object as a JSON
	// value, its parts as on a value of any type (MatchIf).
	MatchIfs []*MatchIf
	// MatchNs are matchN(n, [A, B, …]) validators beside the object's
	// fields whose alternatives are not all matchIfs to hold: how many
	// alternatives the object matches, each judged on the object as a
	// JSON value (cue import's oneOf and anyOf of required members:
	// matchN(1, [{run!: _, ...}, {uses!: _, ...}])).
	MatchNs []*ObjectMatchN

	// Match is set when the object is a T of matchIf or list.MatchN (or
	// within one), read by CUE's rule for whether a value matches it: a
	// regular field is Optional (one left out matches), only a required
	// one (a!) must be given, and the object is Open, as CUE reads a
	// struct literal there at every depth.
	Match bool

	// Union is set when the object is a variant of a union; Tag is then the
	// value of the union's discriminator field.
	Union *Union
	Tag   string
	// AlsoIn are the other unions the object is a variant of, each told
	// apart by Union's discriminator, in which it has the same Tag
	// (AWS CDK's #numberConstraints, a variant of #elementConstraints and
	// of an attribute's constraints, both told apart by "type").
	AlsoIn []*Union
}

// MemberPattern admits members of an object by name: each whose name
// matches Key's pattern, of any JSON value.
type MemberPattern struct {
	// Key is a string with one pattern (KeyPattern), or nil for every member the object
	// does not declare ({a?: int, [string]: T}, or [!~"^(a)$"]: T as
	// cue import writes JSON Schema's additionalProperties): then it is
	// the object's only member pattern, and typed.
	Key *Type
	// Type is what a matching member holds: AnyKind for [=~"re"]: _
	// (AnyJSON), or T ([=~"re"]: T, [=~"re"]: matchN(0, [null])), which
	// Go keeps in the MatchingField map (an
	// object's several such patterns have types of one Go type: the map's).
	Type *Type
	Pos  Pos
	// Map is the Go struct field, a map, that holds the members a typed
	// pattern admits: MatchingField, or MatchingField and 2, 3, … for
	// patterns of other Go types ([=~"^schema "]: #Schema beside
	// [=~"^cast "]: #Cast, pyrseas through cue import), which no name
	// matches beside a pattern of another map (patternsDisjoint proves
	// it, or the schema is refused). Empty for a pattern of any value.
	Map string
}

// TypedMap is one Go map of an object's members that typed patterns
// admit, with those patterns, whose types are of one Go type.
type TypedMap struct {
	Field    string // MatchingField, MatchingField2, …
	Patterns []*MemberPattern
}

// TypedMaps returns the maps that hold the members the object's typed
// patterns admit, in schema order of their first pattern: one, Matching,
// unless patterns of several Go types admit members of disjoint names.
func (o *Object) TypedMaps() []TypedMap {
	var out []TypedMap
	for _, m := range o.Members {
		if m.Type.AnyJSON() {
			continue
		}
		i := slices.IndexFunc(out, func(t TypedMap) bool { return t.Field == m.Map })
		if i < 0 {
			out = append(out, TypedMap{Field: m.Map})
			i = len(out) - 1
		}
		out[i].Patterns = append(out[i].Patterns, m)
	}
	return out
}

// Typed returns the object's first member pattern with a type of its
// own, or nil. When it has several ([=~"^a"]: string & =~"b" beside
// [=~"b$"]: string & =~"x"), their types are of one Go type, and the Go
// types keep every member they admit in one map of it: TypedAll.
func (o *Object) Typed() *MemberPattern {
	for _, m := range o.Members {
		if !m.Type.AnyJSON() {
			return m
		}
	}
	return nil
}

// TypedAll returns the object's member patterns with a type of their own,
// in schema order: a member whose name matches several holds each one's
// type, as CUE unifies them.
func (o *Object) TypedAll() []*MemberPattern {
	var out []*MemberPattern
	for _, m := range o.Members {
		if !m.Type.AnyJSON() {
			out = append(out, m)
		}
	}
	return out
}

// KeepsUnknown reports whether the object holds members it does not name
// as raw JSON: it admits every one (AdmitsUnknown), or admits members of
// any value by a pattern.
func (o *Object) KeepsUnknown() bool {
	if o.AdmitsUnknown() {
		return true
	}
	for _, m := range o.Members {
		if m.Type.AnyJSON() {
			return true
		}
	}
	return false
}

// AdmitsUnknown reports whether the object keeps every member it does
// not name: it is open, or an if clause opens it while its condition
// holds (Opens), where Go and TypeScript keep every such member, as they
// keep an open object's, and the strict JSON Schema refuses one only
// while no such condition holds.
func (o *Object) AdmitsUnknown() bool {
	return o.Open || o.Opens() != nil
}

// Opens returns the matchIfs of if clauses that open the closed object
// while their conditions hold (MatchIf.Opens), or nil.
func (o *Object) Opens() []*MatchIf {
	var out []*MatchIf
	for _, m := range o.MatchIfs {
		if m.Opens {
			out = append(out, m)
		}
	}
	return out
}

// RefusesUnknown reports whether the object refuses a member it does not
// name, as CUE's closed struct does: it is closed and no pattern admits
// every other member. The Go decoder and the open JSON Schema ignore
// such a member (a newer writer may add it) except in a match
// (HoldsClosed).
func (o *Object) RefusesUnknown() bool {
	if o.Open {
		return false
	}
	m := o.Typed()
	return m == nil || m.Key != nil
}

// Field returns the field with the given wire name, or nil.
func (o *Object) Field(name string) *Field {
	for _, f := range o.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Field is one field of an object.
type Field struct {
	Name     string // wire name, e.g. seatId
	GoName   string // e.g. SeatID
	Doc      string
	Pos      Pos
	Optional bool // absent is allowed, and differs from zero
	// OptionalMark is set for a field declared name?: T. CUE never
	// supplies such a field's Default: the data may leave it out, and an
	// if's presence test of it can fail.
	OptionalMark bool
	Type         *Type
	// Default is the value CUE gives the field when the data leaves it
	// out (replicas: int | *1, or a default of its enum), as a JSON
	// literal; "" when it has none. The field is then optional (the data
	// may omit it): absent stays absent on a round trip, and each target
	// states the default (Go: a Get method).
	Default string
	// CondDefaults are the defaults if clauses give the field (gitignore:
	// bool, if mode == "managed" { gitignore: *true | _ }): CUE supplies
	// one where the data leaves the field out while its conditions hold,
	// and requires the field where none holds. The field is then optional
	// (Optional is set), with no Default of its own; no two of them hold
	// at once. A field an if clause alone declares with a default (if
	// kind == "D" { replicas: *1 | int }) has that one, and is absent
	// where the clause does not hold (RequiredUnlessDefault).
	CondDefaults []*CondDefault
	// MemberDefault is the default CUE computes from other members of
	// the object where the data leaves the field out (HumanName: string
	// | *Name, Plural: string | *"\(Name)s"); nil when it has none. The
	// field is then optional, with no Default of its own.
	MemberDefault *MemberDefault
	// GoType is the Go type a @go(…,type=T) attribute on the field says
	// its author expects, as gengotypes reads it; "" when it says none.
	// The Go emitter holds it to the type it gives the field, reading a
	// definition's Go name as that definition's Go type, and refuses the
	// field at GoTypePos where the two differ: the generated decoder and
	// Validate check exactly the schema's type.
	GoType    string
	GoTypePos Pos
	// GoZero is a @go(…,optional=zero) on the field, as gengotypes reads
	// it: the Go field is the value itself, its zero standing for absent.
	// The Go emitter carries it where the schema refuses that zero in the
	// field, and refuses it at GoZeroPos elsewhere.
	GoZero    bool
	GoZeroPos Pos
	// regular: declared name: T (neither ?: nor !:), which CUE fills in
	// where the data leaves it out when its value is then concrete.
	regular bool
}

// HasDefault reports whether CUE may supply the field where the data
// leaves it out: a Default, or CondDefaults.
func (f *Field) HasDefault() bool {
	return f.Default != "" || len(f.CondDefaults) > 0 || f.MemberDefault != nil
}

// A MemberDefault is a default taken from other members of the data:
// T | *X, with T a type of one kind (string, int, number, bool) and X a
// reference to a member of the same object or a string interpolation of
// such references. Where the data leaves the field out, CUE gives it X
// evaluated with the members' values; each member it takes is always
// there in valid data (required, or with a constant default of its own),
// and of T's kind where X is a reference alone, so T admits whatever the
// default comes to.
type MemberDefault struct {
	// Parts are joined in order: a literal piece, or a member's value as
	// CUE interpolates it (a string as it is, an integer in decimal, true
	// or false). One Member part alone is that member's value itself.
	Parts []DefaultPart
	// Source is X as written: Name, "\(Name)s".
	Source string
	// Chain are the labels of the fields from the object whose members a
	// held default takes (Held) to the field's own object: [Validation].
	Chain []string
}

// A HeldDefault is a field, reached from an object through its object
// fields, whose MemberDefault takes members of that object.
type HeldDefault struct {
	// Path is the fields from the holder to the defaulted field, the
	// last: Validation, then Max.
	Path []*Field
}

// Field is the defaulted field.
func (h *HeldDefault) Field() *Field { return h.Path[len(h.Path)-1] }

// GetterName is the holder's Go method that gives the field its value
// or its default: GetValidationMax.
func (h *HeldDefault) GetterName() string {
	name := "Get"
	for _, f := range h.Path {
		name += f.GoName
	}
	return name
}

// A DefaultPart is a piece of a MemberDefault: Lit when Member is "".
type DefaultPart struct {
	Lit string
	// Up is how many objects out Member is a field of: 0 the field's own
	// object; 1 the object holding it in a field (Validation: {Max: int
	// | *Length}, Length beside Validation), and so on.
	Up     int
	Member string // the wire name of a field of that object
	// Path are the steps from Member into the objects it holds, each a
	// required field (request.method: Member request, Path [method]);
	// empty when the part is Member's own value.
	Path []string
	// Funcs are the functions of CUE's strings package applied to the
	// member's value, innermost first (strings.ToLower(Name)): each one
	// of StringFuncs, which are Go's own.
	Funcs []StringFunc
}

// A StringFunc is a function of CUE's strings package that calls Go's
// function of that name, with its arguments after the first (literals).
type StringFunc struct {
	Name string // ToLower, ToUpper, TrimSpace or Replace
	// Args are Replace's old and new strings and its count n.
	Old, New string
	N        int
}

// StringFuncs are the functions of CUE's strings package a default may
// apply to a member: each calls Go's strings function of that name
// (cuelang.org/go/pkg/strings), so every Go Get method computes exactly
// CUE's value. (CUE's ToTitle and ToCamel are its own, and not among
// them.)
var StringFuncs = map[string]int{"ToLower": 1, "ToUpper": 1, "TrimSpace": 1, "Replace": 4}

// Apply applies the function to s, as CUE (and Go) does.
func (f StringFunc) Apply(s string) string {
	switch f.Name {
	case "ToLower":
		return strings.ToLower(s)
	case "ToUpper":
		return strings.ToUpper(s)
	case "TrimSpace":
		return strings.TrimSpace(s)
	case "Replace":
		return strings.Replace(s, f.Old, f.New, f.N)
	}
	return s
}

// Name is the part's member as written: request.method.
func (p DefaultPart) Name() string {
	name := strings.Join(append([]string{p.Member}, p.Path...), ".")
	for _, f := range p.Funcs {
		if f.Name == "Replace" {
			name = fmt.Sprintf("strings.Replace(%s, %q, %q, %d)", name, f.Old, f.New, f.N)
		} else {
			name = "strings." + f.Name + "(" + name + ")"
		}
	}
	return name
}

// Members lists the members the default takes, in order, each once.
func (d *MemberDefault) Members() []string {
	var ms []string
	for _, p := range d.Parts {
		if p.Member != "" && !slices.Contains(ms, p.Name()) {
			ms = append(ms, p.Name())
		}
	}
	return ms
}

// Leaf is the field a part takes (the last step of its path) in o, and
// the fields on the way to it, first to last; nil when there is none.
func (p DefaultPart) Leaf(o *Object) (*Field, []*Field) {
	f := o.Field(p.Member)
	var way []*Field
	for _, step := range p.Path {
		if f == nil || f.Type.Kind != ObjectKind {
			return nil, nil
		}
		way = append(way, f)
		f = f.Type.Object.Field(step)
	}
	return f, way
}

// Held reports whether the default takes a member of an object that
// holds the field's own (DefaultPart.Up): its Get method is the holder's
// (Object.HeldDefaults).
func (d *MemberDefault) Held() bool {
	return slices.ContainsFunc(d.Parts, func(p DefaultPart) bool { return p.Up > 0 })
}

// Alone reports whether the default is one member's value itself.
func (d *MemberDefault) Alone() bool { return len(d.Parts) == 1 && d.Parts[0].Member != "" }

// Describe says the default in words: `"\(Name)s", from Name`; `the
// value of Name`.
func (d *MemberDefault) Describe() string {
	held := ""
	if d.Held() {
		held = " of the object that holds this one in " + strings.Join(d.Chain, ".")
	}
	if d.Alone() {
		return "the value of " + d.Parts[0].Name() + held
	}
	return d.Source + ", from " + strings.Join(d.Members(), " and ") + held
}

// RequiredUnlessDefault reports whether the field must be present where
// none of its CondDefaults applies: a field of the object's own, which
// if clauses give defaults. A field an if clause alone declares, with a
// default there, is absent where the clause does not hold instead, which
// the clause's own check says.
func (f *Field) RequiredUnlessDefault(o *Object) bool {
	return len(f.CondDefaults) > 0 && o.DeclaredBy(f.Name) == nil
}

// DescribeCondDefaults says a field's CondDefaults, each its value and
// when it applies: `true when mode is "managed" or absent (its default);
// false when mode is "scaffold"`.
func (f *Field) DescribeCondDefaults(o *Object) string {
	whens := make([]string, len(f.CondDefaults))
	for i, c := range f.CondDefaults {
		whens[i] = c.Value + " when " + c.Describe(o)
	}
	return strings.Join(whens, "; ")
}

// MissingUnlessDefault is the problem every target reports of a field
// with CondDefaults that the data leaves out where none applies: "must be
// present unless mode is "managed" or absent (its default), or mode is
// "scaffold" (it has a default then)".
func (f *Field) MissingUnlessDefault(o *Object) string {
	whens := make([]string, len(f.CondDefaults))
	for i, c := range f.CondDefaults {
		whens[i] = c.Describe(o)
	}
	return "must be present unless " + strings.Join(whens, ", or ") + " (it has a default then)"
}

// A CondDefault is a default an if clause gives a field: Value, a JSON
// literal, while every condition of When holds.
type CondDefault struct {
	When  []Condition
	Value string
	Pos   Pos
}

// Describe says when the default applies: `mode is "managed" or absent
// (its default)`.
func (c *CondDefault) Describe(o *Object) string {
	return (&Conditional{When: c.When}).Describe(o)
}

// AbsentMember is a member an object never holds.
type AbsentMember struct {
	Name string // its wire name
	Why  string // "_|_", or why CUE does not allow it
	Pos  Pos
}

// Forbid says: when field Field holds Value, the Absent fields must be absent.
type Forbid struct {
	Field  string
	Value  string
	Absent []string
	Pos    Pos
}

// Union is a set of object variants told apart by a required string field.
type Union struct {
	Name          string
	GoName        string
	TSName        string // its TypeScript name (TSName)
	Doc           string
	Pos           Pos
	Discriminator string // wire name of the tag field, e.g. "kind"
	Variants      []*Object
	// Default is the variant a union without a discriminator takes where
	// the value leaves it possible (*#A | #B, invowk's *#LLMDefaultsConfig
	// | #LLMConfig): CUE then takes it, complete or not, however many
	// others are possible too; nil when the union marks none. Where the
	// default is dropped, the value is the one other variant possible.
	Default *Object
	// Merge is set when open variants of a union without a discriminator
	// are told apart by no constant (cog's MyRefA | MyRefB, {foo: string}
	// and {bar: int64}): where several are possible, CUE's values of them
	// come out equal, one value, exactly when each holds every member it
	// declares (Whole); else the value is ambiguous. Their fields are
	// flat (FlatObject), so that a value holding them adds nothing.
	Merge bool
	// ByPath: written in place and named by its path (Enum.ByPath).
	ByPath bool
}

// Base is the wire shape of a scalar value.
type Base int

// The scalar bases.
const (
	String Base = iota + 1
	Int
	Bool
	Time   // RFC 3339 date-time string
	Date   // YYYY-MM-DD string
	Number // any JSON number: CUE's number, float and float64; Go's float64
	// Bytes is CUE's bytes, which travel as a JSON string of standard
	// base64 with padding (RFC 4648 §4), as cue export writes them: Go's
	// []byte, a base64 string in JSON Schema and TypeScript.
	Bytes
)

// Base64Pattern is the language of the strings a Bytes value travels
// as: standard base64 with its padding and no other character (no line
// break), whose unused bits are zero, so that each byte string has
// exactly one text (Go's base64.StdEncoding.Strict()). It is RE2 and
// ECMA-262 alike.
const Base64Pattern = `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$`

var baseNames = [...]string{String: "string", Int: "int", Bool: "bool", Time: "time", Date: "date", Number: "number", Bytes: "bytes"}

func (b Base) String() string {
	if b > 0 && int(b) < len(baseNames) {
		return baseNames[b]
	}
	return "invalid"
}

// Kind says which of Type's fields is meaningful.
type Kind int

// The type kinds.
const (
	BasicKind  Kind = iota + 1 // Base with Constraints
	ScalarKind                 // a reference to a Scalar definition
	EnumKind
	ObjectKind
	ListKind // Elem, with Constraints.MinItems/MaxItems
	MapKind  // string keys, Elem values; Map is set when it is a named map
	ConstKind
	UnionKind // a reference to a Union: one of its variants
	// AnyKind is any JSON value, null included: CUE's _. An object of
	// anything ({...}) is a MapKind of AnyKind, a list of anything
	// ([...]) a ListKind of it. With Constraints.NotNull it is any JSON
	// value but null; with MatchIf, one the matchIf admits (Checked).
	AnyKind
	// NullableKind is Elem or null: CUE's T | null. null is a value here,
	// apart from absent.
	NullableKind
	OneOfKind // a OneOf: one of several types, each of its own JSON kind
	// TupleKind is a Tuple: leading items of their own types, then Rest
	// or nothing; MinItems/MaxItems of its Constraints count them all.
	TupleKind
	// NullKind is the JSON value null and nothing else: CUE's null on its
	// own (a field that, when present, is null).
	NullKind
)

// Type is the type of a field or of a list or map element.
type Type struct {
	Kind   Kind
	Base   Base // BasicKind; for ScalarKind the scalar's base
	Scalar *Scalar
	Enum   *Enum
	Object *Object
	Union  *Union
	Map    *Map // MapKind: the named map definition referred to, or nil for [string]: T
	OneOf  *OneOf
	Tuple  *Tuple
	Elem   *Type
	// Key is a MapKind's key type when patterns constrain the keys
	// ([=~"^[a-z]+$"]: T, [=~"^a" & =~"b$"]: T): a string of Patterns
	// and NotPatterns alone, as Map.Key; nil for [string]: T.
	// A named map's is its Map's Key.
	Key *Type
	// Const is a ConstKind's one allowed value, as its Base reads it: the
	// string itself, an integer in decimal, true or false.
	Const string
	// Constraints of a BasicKind value, or MinItems/MaxItems of a ListKind.
	Constraints
	// Alias, on a ListKind, is the list definition this is a use of when
	// it holds itself (Alias.Recursive): Elem reaches this type again, and
	// every target names it. nil for any other list.
	Alias *Alias
	// Choice, on a BasicKind, lists the alternatives of a disjunction of
	// one base (a choice among constraints: "auto" | =~"^[0-9]+$",
	// <0 | >10): each a BasicKind with Constraints or a ConstKind of Base.
	// A value of Base is admitted when at least one alternative admits it;
	// Constraints are then empty.
	Choice []*Type
}

// Constraints are the value constraints schemagen carries to every target.
type Constraints struct {
	MinRunes *int
	MaxRunes *int
	// Patterns are the regular expressions a string must match, every one
	// (CUE's =~, several in a conjunction: =~"^a" & =~"b$"), in schema
	// order: RE2, each also valid ECMA-262 for the constructs schemagen
	// accepts. A member pattern's key (MemberPattern.Key) has one; a
	// map's (Map.Key, Type.Key) any number.
	Patterns []string
	// NotPatterns are the patterns a string must match none of (CUE's
	// !~), in the same subset as Patterns. A member pattern's key has
	// none; a map's any number.
	NotPatterns []string
	// Not are the values the value must not be (CUE's != v), each a JSON
	// literal of the value's base: 5, 1.5, "x".
	Not []string
	Min *int64 // inclusive
	Max *int64 // inclusive
	// Uint64: an integer up to 2^64-1, CUE's uint64 (int & >=0 &
	// <=18446744073709551615, as cue import writes a JSON Schema's
	// maximum of it): its Go type is uint64, Min at least 0 and Max nil,
	// the type's own bound.
	Uint64 bool
	// UintMax is a Uint64's upper bound where it is below 2^64-1 and
	// beyond int64 (MySQL's binlog_cache_size: int & >=4096 &
	// <=18446744073709547520), which Max, an int64, cannot hold; nil is
	// 2^64-1. A bound within int64 is Max, and the integer no Uint64.
	UintMax  *uint64
	MinItems *int
	MaxItems *int
	// Lengths, when set, are the only numbers of items a list may hold,
	// two or more, the least MinItems and the most MaxItems: 4 or 16,
	// the bytes of an address in the list form of CUE's net.IP alone
	// (netSplice).
	Lengths []int
	// MinNum and MaxNum bound a Number, inclusive unless MinExclusive or
	// MaxExclusive (CUE's > and <).
	MinNum, MaxNum             *float64
	MinExclusive, MaxExclusive bool
	// UniqueItems: no two items of a list are equal (list.UniqueItems).
	UniqueItems bool
	// MinFields and MaxFields bound how many members a map has
	// (struct.MinFields, struct.MaxFields).
	MinFields, MaxFields *int
	// MultipleOf: an integer or number is a whole multiple of
	// MultipleOf / 10^MultipleOfScale (math.MultipleOf(k): k a positive
	// integer, scale 0; on a number also a positive decimal fraction,
	// math.MultipleOf(0.01): 1, scale 2, which CUE checks in decimal).
	MultipleOf      *int64
	MultipleOfScale int
	// Contains bounds how many items of a list match a type of their
	// own (list.MatchN(n, T), list.Contains(x)), each of them: several
	// are all of them (matchN(2, [list.MatchN(>=1, "a"), list.MatchN(>=1,
	// "b")]), cue import's allOf of contains; list.Contains(x) beside a
	// list.MatchN). Empty when the list states none.
	Contains []*Contains
	// MatchIf is CUE's matchIf(if, then, else) on a scalar value; nil
	// when it states none.
	MatchIf *MatchIf
	// MatchN is matchN(1, alts) on a string, integer or number whose
	// alternatives may admit one value together (matchN(1, [=~"^a",
	// =~"b$"]), matchN(1, ["none", string])): exactly one must admit it.
	// Each alternative is a constraint of the value's own base
	// (a constant, or bounds and patterns), Min and Max 1. On a value of
	// any type (AnyKind) it is matchN(0, alts) or matchN(n, alts) of all
	// n (JSON Schema's not and allOf), each alternative a T of matchIf
	// (MatchIf's parts). nil when it states none. (Alternatives that
	// never overlap are a choice.)
	MatchN *ObjectMatchN
	// Duration: a string is a Go duration, one that time.ParseDuration
	// parses (CUE's time.Duration): DurationPattern's language, whose
	// total is within ±(2^63-1) nanoseconds. The text travels as it is
	// ("1h" stays "1h"). It stands alone: no other constraint is beside it.
	Duration bool
	// NotNull: the value is any JSON value but null: CUE's matchN(0,
	// [null]) (how cue import writes JSON Schema's not: {type: null}) or
	// !=null, on a value of any type (AnyKind) only.
	NotNull bool
	// URL: a string is a URL that Go's url.Parse reads (CUE's net.URL),
	// with a scheme too for URLAbs (net.AbsURL): URLPatternOf(URL)'s
	// language. Beside it a string may have patterns, lengths and
	// excluded values (Patterns, NotPatterns, MinRunes, MaxRunes, Not),
	// nothing else.
	URL URLCheck
}

// Contains is list.MatchN(n, T) on a list of scalars or of any JSON
// values: the number of its items that Match admits is within Min and Max
// (JSON Schema's contains, minContains and maxContains). On scalars,
// Match is of the items' base, with constraints of its own ([...int] &
// list.MatchN(<=2, >10): at most two items above 10); on any JSON values
// it is a type of any kind, an object among them (a Match object:
// list.MatchN(>=2, {type: "user", name: string})). (list.MatchN(n, _),
// which every item matches, is no Contains: it bounds the list's length,
// MinItems and MaxItems.)
type Contains struct {
	// Min and Max bound the count of matching items, inclusive; nil when
	// unbounded (Min nil is 0).
	Min, Max *int
	// Match is what a matching item is: on scalars a BasicKind
	// (constraints, or a choice among them) or a ConstKind of the items'
	// base; on any JSON values any type whose objects are Match objects.
	Match *Type
	Pos   Pos
}

// MatchIf is matchIf(if, then, else) on a string, integer, number or
// boolean, or on a value of any type (AnyKind; a field or list item, not
// a named scalar): a value If admits must be one Then admits, any other
// one Else admits (JSON Schema's if, then and else). On a scalar, each is
// a BasicKind of the value's base with constraints of its own, or a
// ConstKind of it; on any JSON, a type of any kind whose objects are
// Match objects ({a!: number, ...}). Then or Else is nil for _, which
// admits every value. If is never nil.
type MatchIf struct {
	If, Then, Else *Type
	Pos            Pos
	// Opens is set on an if clause's validator on a closed object (if a
	// != _|_ { K | {b!: _, ...} }, cue import's dependentSchemas beside
	// additionalProperties: false): CUE reads the body's embedding as
	// opening the object while If holds, so that it admits a member it
	// does not name then (docs/schema-language.md, "Conditional fields").
	Opens bool
}

// ObjectMatchN is matchN(n, alts) beside an object's fields (or, as
// Constraints.MatchN, on a scalar, each alternative a constraint of its
// base), with a count
// JSON Schema names: exactly one (oneOf), at least one (anyOf), none (not
// anyOf) or all (allOf). Each alternative is read as matchIf's parts on
// an object are (a Match object of its own, {run!: _, ...}), nil for _,
// which every object matches. An object matches an alternative as CUE
// unifies them: its members are what the alternative's fields admit, and
// a required one is present.
type ObjectMatchN struct {
	// Min and Max bound how many alternatives match, inclusive; Max is
	// nil when unbounded.
	Min  int
	Max  *int
	Alts []*Type
	Pos  Pos
}

// Keyword is the JSON Schema keyword that states the count: oneOf, anyOf,
// not (of anyOf) or allOf.
func (m *ObjectMatchN) Keyword() string {
	switch {
	case m.Max == nil:
		return "anyOf"
	case *m.Max == 0:
		return "not"
	case m.Min == len(m.Alts) && *m.Max == m.Min:
		return "allOf" // of one alternative too: it must match
	case m.Min == 1 && *m.Max == 1:
		return "oneOf"
	}
	return "allOf"
}

// CountWords says the count in words, for a reference or a problem's
// message: "exactly one of", "at least one of", "none of" or "all of".
func (m *ObjectMatchN) CountWords() string {
	switch m.Keyword() {
	case "anyOf":
		return "at least one of"
	case "not":
		return "none of"
	case "allOf":
		return "all of"
	}
	return "exactly one of"
}

// Words says a count on a value of any type, a part of another match,
// for a problem's message: "a value matching none of (A; B)", each
// alternative as say says it.
func (m *ObjectMatchN) Words(say func(*Type) string) string {
	alts := make([]string, len(m.Alts))
	for i, a := range m.Alts {
		alts[i] = say(a)
	}
	return "a value matching " + m.CountWords() + " (" + strings.Join(alts, "; ") + ")"
}

// Describe says what the alternatives are, for a problem's message: an
// object by its required members ("an object with run and shell"), or by
// its name when it requires none; _ is "any object".
func (m *ObjectMatchN) Describe() string {
	var alts []string
	for _, a := range m.Alts {
		if a == nil || a.Object == nil {
			alts = append(alts, "any object")
			continue
		}
		var req []string
		for _, f := range a.Object.Fields {
			if !f.Optional {
				req = append(req, f.Name)
			}
		}
		switch len(req) {
		case 0:
			alts = append(alts, "an object "+a.Object.GoName)
		case 1:
			alts = append(alts, "an object with "+req[0])
		default:
			alts = append(alts, "an object with "+strings.Join(req[:len(req)-1], ", ")+" and "+req[len(req)-1])
		}
	}
	return strings.Join(alts, "; ")
}

// DurationPattern is the grammar of time.ParseDuration's input, RE2 and
// ECMA-262 alike: an optional sign, then 0 or one or more decimal
// numbers, each with a unit (ns, us, µs U+00B5, μs U+03BC, ms, s, m, h).
// A number has digits before or after its point, or both (".5", "1.",
// "1.5"). What no pattern states is ParseDuration's overflow: a total
// beyond ±(2^63-1) nanoseconds ("2562048h") matches, and is refused by Go,
// TypeScript and CUE.
const DurationPattern = `^[-+]?(?:0|(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:ns|us|µs|μs|ms|s|m|h))+)$`

// LengthsText says Lengths as a reader reads them: "4 or 16".
func (c Constraints) LengthsText() string {
	counts := make([]string, len(c.Lengths))
	for i, n := range c.Lengths {
		counts[i] = strconv.Itoa(n)
	}
	if len(counts) < 2 {
		return strings.Join(counts, "")
	}
	return strings.Join(counts[:len(counts)-1], ", ") + " or " + counts[len(counts)-1]
}

// IsZero reports whether no constraint is set.
func (c Constraints) IsZero() bool {
	return c.MinRunes == nil && c.MaxRunes == nil && len(c.Patterns) == 0 && len(c.NotPatterns) == 0 && len(c.Not) == 0 &&
		c.Min == nil && c.Max == nil && !c.Uint64 && c.UintMax == nil && c.MinItems == nil && c.MaxItems == nil && len(c.Lengths) == 0 &&
		c.MinNum == nil && c.MaxNum == nil && !c.UniqueItems && c.MinFields == nil && c.MaxFields == nil && c.MultipleOf == nil && !c.Duration && c.URL == NoURL && len(c.Contains) == 0 && c.MatchIf == nil && c.MatchN == nil && !c.NotNull
}

// KeyPattern is the pattern of a member pattern's key type
// (MemberPattern.Key), which the model gives exactly one: =~"re". Of a
// map's key type, which may have several or none, it is the first, or "".
func (c Constraints) KeyPattern() string {
	if len(c.Patterns) == 0 {
		return ""
	}
	return c.Patterns[0]
}

// JSONKind is the kind of JSON value a value of t is: string, number,
// boolean, object, array, or "" when it may be several (any JSON, or a
// value that may be null).
func (t *Type) JSONKind() string {
	switch t.Kind {
	case EnumKind:
		return "string"
	case ObjectKind, UnionKind, MapKind:
		return "object"
	case ListKind, TupleKind:
		return "array"
	case NullKind:
		return "null"
	case BasicKind, ScalarKind, ConstKind:
		switch t.BaseOf() {
		case Int, Number:
			return "number"
		case Bool:
			return "boolean"
		}
		return "string"
	}
	return ""
}

// ConstJSON is a ConstKind's value as a JSON (and TypeScript, and Go)
// literal: "v1", 5, true.
func (t *Type) ConstJSON() string {
	if t.Base == String {
		b, _ := json.Marshal(t.Const)
		return string(b)
	}
	return t.Const
}

// Effective returns the constraints that apply to a value of this type: the
// referenced scalar's for a ScalarKind, the type's own otherwise. (The model
// refuses constraints stated beside a reference, so the two never mix.)
func (t *Type) Effective() Constraints {
	if t.Kind == ScalarKind {
		return t.Scalar.Constraints
	}
	return t.Constraints
}

// Unsigned reports whether t is an integer of CUE's uint64 (Uint64): its
// Go type is uint64.
func (t *Type) Unsigned() bool { return t.BaseOf() == Int && t.Effective().Uint64 }

// MaxUint64 is the largest integer of CUE's uint64, 2^64-1, as JSON
// writes it.
const MaxUint64 = "18446744073709551615"

// UintMaxText is the upper bound of a Uint64, as JSON writes it: UintMax,
// or 2^64-1.
func (c Constraints) UintMaxText() string {
	if c.UintMax != nil {
		return strconv.FormatUint(*c.UintMax, 10)
	}
	return MaxUint64
}

// BaseOf returns the scalar base of a Basic, Const or Scalar type, or 0.
func (t *Type) BaseOf() Base {
	switch t.Kind {
	case BasicKind, ConstKind:
		return t.Base
	case ScalarKind:
		return t.Scalar.Base
	}
	return 0
}

func maxPtr[T int | int64](a, b *T) *T {
	if a == nil || (b != nil && *b > *a) {
		return b
	}
	return a
}

func minPtr[T int | int64](a, b *T) *T {
	if a == nil || (b != nil && *b < *a) {
		return b
	}
	return a
}

// ForbidBranch is one branch of an object's conditional absences, keyed on
// one enum field: the members of the field that forbid the same fields
// (none, for the branch of the members that forbid nothing).
type ForbidBranch struct {
	Values []string // the enum members, in schema order
	Absent []string // the fields that must be absent for them
}

// ForbidBranches groups the object's Forbids by the enum field they are
// keyed on, in the order those fields first appear, and each field's
// members by the fields they forbid, so that every member is in exactly
// one branch: what the JSON Schema's oneOf and the TypeScript union state.
func (o *Object) ForbidBranches() (fields []string, branches [][]ForbidBranch) {
	absent := map[string]map[string][]string{} // enum field → member → absent fields
	for _, fb := range o.Forbids {
		if absent[fb.Field] == nil {
			absent[fb.Field] = map[string][]string{}
			fields = append(fields, fb.Field)
		}
		absent[fb.Field][fb.Value] = append(absent[fb.Field][fb.Value], fb.Absent...)
	}
	for _, name := range fields {
		var bs []ForbidBranch
	member:
		for _, m := range o.Field(name).Type.Enum.Members {
			a := absent[name][m.Value]
			for i := range bs {
				if slices.Equal(bs[i].Absent, a) {
					bs[i].Values = append(bs[i].Values, m.Value)
					continue member
				}
			}
			bs = append(bs, ForbidBranch{Values: []string{m.Value}, Absent: a})
		}
		branches = append(branches, bs)
	}
	return fields, branches
}

// HoldsItself reports whether t is a reference to a definition that holds
// itself other than through an object (Map.Recursive, OneOf.Recursive,
// Alias.Recursive):
// a walk over types stops there, as at an object, since its element
// reaches t's definition again; every target refers to it by name.
func (t *Type) HoldsItself() bool {
	switch t.Kind {
	case MapKind:
		return t.Map != nil && t.Map.Recursive
	case OneOfKind:
		return t.OneOf != nil && t.OneOf.Recursive
	case ListKind:
		return t.Alias != nil && t.Alias.Recursive
	}
	return false
}

// Checked reports whether a value of any type (AnyKind) is checked: it
// may not be null (NotNull), or is under a matchIf or a count of matchN.
// An unchecked one is any JSON value, which nothing judges.
func (t *Type) Checked() bool {
	return t.Kind == AnyKind && (t.NotNull || t.MatchIf != nil || t.MatchN != nil)
}

// AnyJSON reports whether t is any JSON value, null included, that
// nothing judges: CUE's _. A member pattern of it ([=~"^x-"]: _) admits
// members the targets keep as unknown ones; one of any other type
// (matchN(0, [null]) among them) is typed.
func (t *Type) AnyJSON() bool { return t.Kind == AnyKind && !t.Checked() }

// MultipleOfText is the multiple a value must be, as a JSON number: "10",
// "0.01", "2.5"; "" when there is none.
func (c Constraints) MultipleOfText() string {
	if c.MultipleOf == nil {
		return ""
	}
	return DecimalText(*c.MultipleOf, c.MultipleOfScale)
}

// DecimalText writes num / 10^scale as a JSON number in plain decimal.
func DecimalText(num int64, scale int) string {
	t := strconv.FormatInt(num, 10)
	if scale <= 0 {
		return t
	}
	for len(t) <= scale {
		t = "0" + t
	}
	return t[:len(t)-scale] + "." + t[len(t)-scale:]
}
