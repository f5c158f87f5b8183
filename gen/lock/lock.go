// Package lock is schemagen's compatibility baseline: generated/schema.lock.json
// records what a later schema must stay compatible with, and Compare lists
// every way a schema breaks (or widens) it, each with a stable rule id
// from the table in gen/compat.
//
// The lock holds the wire contract as the readers see it — every enum's
// members in order, every object's fields with their wire type, presence
// and constraints, every union's variants — and every layout as it shipped
// — each version's fields at their offsets, the nested structs, the
// constants a file and a ledger are recognised by, the catalog — plus a
// history of the breaking changes that were accepted on purpose, with their
// reasons.
package lock

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

// Path is where the lock lives, relative to generated/.
const Path = "schema.lock.json"

// Version is the lock format's version.
const Version = 1

// Lock is the compatibility baseline.
type Lock struct {
	LockVersion int        `json:"lockVersion"`
	Packages    []*Package `json:"packages"`
	Layouts     []*Layout  `json:"layouts,omitempty"`
	// History lists the breaking changes accepted with
	// `schemagen generate --accept-breaking`, oldest first.
	History []*Acceptance `json:"history,omitempty"`

	pos map[string]model.Pos // subject → position in the current schema; not saved
}

// Package is one CUE package's wire contract.
type Package struct {
	// Name is the package's folder under the schema folder (model
	// Package.Path, e.g. "fleet" or "billing/common"): packages are
	// told apart by folder, so two of one CUE name can both be locked.
	Name    string    `json:"name"`
	Enums   []*Enum   `json:"enums,omitempty"`
	Objects []*Object `json:"objects,omitempty"`
	Unions  []*Union  `json:"unions,omitempty"`
	// Document is the type of a document of a package whose value is not
	// a struct (package word; =~"^[a-z]+$"), locked as a required field's.
	Document *Type `json:"document,omitempty"`
}

// Enum is an enum's members, in schema order.
type Enum struct {
	Name    string   `json:"name"`
	Members []string `json:"members"`
}

// Object is an object's fields, in schema order.
type Object struct {
	Name string `json:"name"`
	// Nullable is set when a document of it may be null as a whole
	// (#network: null | close({…}); model.Package.Nullable).
	Nullable bool `json:"nullable,omitempty"`
	// Open is set when the object admits members it does not name.
	Open bool `json:"open,omitempty"`
	// Strict is set when the object refuses a member it does not name in
	// every target (model.Object.Strict).
	Strict bool `json:"strict,omitempty"`
	// Members are the patterns by whose names a closed object also
	// admits members ({[=~"^x-"]: _}).
	Members []string `json:"members,omitempty"`
	// Absent are the members it never holds (type?: _|_).
	Absent []string `json:"absent,omitempty"`
	// MinFields and MaxFields bound how many members it holds
	// (struct.MinFields, struct.MaxFields).
	MinFields *int `json:"minFields,omitempty"`
	MaxFields *int `json:"maxFields,omitempty"`
	// MatchIfs are the matchIf validators beside its fields, each
	// written as a field's matchIf is.
	MatchIfs []string `json:"matchIfs,omitempty"`
	// MatchNs are the matchN validators beside its fields (a count of
	// alternatives the object matches), each as matchN(n, [A, B]) with
	// its alternatives written as a matchIf's parts are.
	MatchNs  []string   `json:"matchNs,omitempty"`
	Fields   []*Field   `json:"fields"`
	Forbids  []*Forbid  `json:"forbids,omitempty"`
	Refusals []*Refusal `json:"refusals,omitempty"`
	// Conditions are what the object's if clauses that declare or narrow
	// fields say, one fact a line: "when external is true: role only
	// then", "when flag is present: nested.f minItems 1".
	Conditions []string `json:"conditions,omitempty"`
}

// Field is one wire field.
type Field struct {
	Name     string `json:"name"`
	Required bool   `json:"required"`
	Type     *Type  `json:"type"`
	// Default is the field's default as a JSON literal, if it has one.
	Default string `json:"default,omitempty"`
	// DefaultFrom is a default taken from other members of the data
	// (model.MemberDefault), as written: "\\(Name)s".
	DefaultFrom string `json:"defaultFrom,omitempty"`
}

// Type is a field's wire type: its shape and its constraints at each level.
type Type struct {
	// Kind is string, int, bool, time, date, const (a string constant),
	// const-int, const-bool, any (any JSON value), null (null alone),
	// enum, object, union, list, tuple or map; or self, a reference back
	// to the map or oneof Name holding it (#M: [string]: #M), which is
	// written out where it is first reached. A field of a union's type is one of its variants: the
	// union's own findings (a variant added, a variant removed) are the
	// field's, so they are reported once, at the union.
	Kind string `json:"kind"`
	// Name is the enum, object or union name, or the constant's value.
	Name        string       `json:"name,omitempty"`
	Constraints *Constraints `json:"constraints,omitempty"`
	Elem        *Type        `json:"elem,omitempty"`
	// Alts are a oneof's alternatives, each of its own JSON kind, or a
	// tuple's leading items (Elem is then the type of the items after
	// them, nil for a closed tuple).
	Alts []*Type `json:"alts,omitempty"`
	// Choice are the alternatives of a choice among constraints (a
	// disjunction of one base: "auto" | =~"^[0-9]+$"), each a constant or
	// the base with its constraints; a value one of them admits is valid.
	Choice []*Type `json:"choice,omitempty"`

	// scalar is the named scalar (e.g. SeatID) whose constraints these
	// are, in the current schema only: a change to it is one edit, however
	// many fields have its type. Not saved: a field's type is what a
	// reader sees, whatever its name.
	scalar string
}

// Constraints are a value's constraints; nil pointers are unconstrained.
type Constraints struct {
	MinRunes *int `json:"minRunes,omitempty"`
	MaxRunes *int `json:"maxRunes,omitempty"`
	// Pattern is the string's pattern (=~) when it has one; Patterns
	// lists them when it has several (=~"^a" & =~"b$"), every one to
	// match. A lock written before several were carried has Pattern only.
	Pattern  string   `json:"pattern,omitempty"`
	Patterns []string `json:"patterns,omitempty"`
	// NotPattern is a pattern the string must not match (!~), when it has
	// one; NotPatterns lists them when it has several.
	NotPattern  string   `json:"notPattern,omitempty"`
	NotPatterns []string `json:"notPatterns,omitempty"`
	// Contains is a list's list.MatchN(n, T), as CUE would write it with
	// T's constraints in the lock's words: list.MatchN(>=1, string
	// =~^a).
	Contains string `json:"contains,omitempty"`
	// MatchIf is a scalar's matchIf(if, then, else), each as the lock
	// writes a type with its constraints; _ for one that admits all.
	MatchIf string `json:"matchIf,omitempty"`
	// MatchN is a scalar's matchN(1, alts), as the lock writes an
	// object's (matchNText).
	MatchN string `json:"matchN,omitempty"`
	// Not are the values excluded (!= v), as JSON literals.
	Not []string `json:"not,omitempty"`
	Min *int64   `json:"min,omitempty"`
	Max *int64   `json:"max,omitempty"`
	// Uint64: an integer up to 2^64-1 (CUE's uint64), whose Go type is
	// uint64; Max is then absent, and UintMax its own bound past int64
	// where it has one (absent: 2^64-1).
	Uint64   bool    `json:"uint64,omitempty"`
	UintMax  *uint64 `json:"uintMax,omitempty"`
	MinItems *int    `json:"minItems,omitempty"`
	MaxItems *int    `json:"maxItems,omitempty"`
	// Lengths: the only numbers of items the list may hold (net.IP's
	// bytes: 4 or 16), between MinItems and MaxItems.
	Lengths []int `json:"lengths,omitempty"`
	// A number's bounds, and whether they are exclusive.
	MinNum       *float64 `json:"minNum,omitempty"`
	MaxNum       *float64 `json:"maxNum,omitempty"`
	MinExclusive bool     `json:"minExclusive,omitempty"`
	MaxExclusive bool     `json:"maxExclusive,omitempty"`
	UniqueItems  bool     `json:"uniqueItems,omitempty"`
	// MultipleOf: the value is a whole multiple of it.
	MultipleOf *int64 `json:"multipleOf,omitempty"`
	// MultipleOfScale: the multiple is MultipleOf / 10^MultipleOfScale
	// (math.MultipleOf(0.01): 1, scale 2).
	MultipleOfScale int `json:"multipleOfScale,omitempty"`
	// How many members a map holds.
	MinFields *int `json:"minFields,omitempty"`
	MaxFields *int `json:"maxFields,omitempty"`
	// Duration: the string is a Go duration (time.Duration).
	Duration bool `json:"duration,omitempty"`
	// URL: the string is a URL url.Parse reads, "net.URL", or one with
	// a scheme too, "net.AbsURL".
	URL string `json:"url,omitempty"`
	// NotNull: a value of any type is not null (matchN(0, [null])).
	NotNull bool `json:"notNull,omitempty"`
}

// Forbid records that fields must be absent when Field holds Value.
type Forbid struct {
	Field  string   `json:"field"`
	Value  string   `json:"value"`
	Absent []string `json:"absent"`
}

// Refusal records a combination of field values the object refuses: every
// field of When holding its value at once.
type Refusal struct {
	When []*Cond `json:"when"`
}

// Cond is one field == value of a Refusal; Value is a JSON literal.
type Cond struct {
	Field string `json:"field"`
	Value string `json:"value"`
}

// key identifies a refusal whatever the order of its comparisons.
func (r *Refusal) key() string {
	parts := make([]string, len(r.When))
	for i, c := range r.When {
		parts[i] = c.Field + " == " + c.Value
	}
	slices.Sort(parts)
	return strings.Join(parts, " && ")
}

// Union is a union's discriminator and variants, in schema order.
type Union struct {
	Name          string     `json:"name"`
	Discriminator string     `json:"discriminator"`
	Variants      []*Variant `json:"variants"`
	// Nullable is set when a document of it may be null as a whole
	// (#U: #A | #B | null).
	Nullable bool `json:"nullable,omitempty"`
	// Default is the object of the variant a union without a
	// discriminator takes wherever a value leaves it possible (*#D | #P),
	// or "".
	Default string `json:"default,omitempty"`
}

// Variant is one union variant: its tag and the object that carries it;
// for a union without a discriminator (no tag), the names of the members
// it declares, which tell it from the others.
type Variant struct {
	Tag     string   `json:"tag"`
	Object  string   `json:"object"`
	Members []string `json:"members,omitempty"`
}

// Acceptance records breaking findings accepted on purpose.
type Acceptance struct {
	Reason   string   `json:"reason"`
	Findings []string `json:"findings"`
}

// FromModel builds the lock a schema would be compared as.
func FromModel(s *model.Schema) *Lock {
	l := &Lock{LockVersion: Version, pos: map[string]model.Pos{}}
	for _, p := range s.Packages {
		key := p.Path
		lp := &Package{Name: key}
		l.pos[key] = p.Pos
		for _, sc := range p.Scalars {
			l.pos[key+"."+sc.Name] = sc.Pos
		}
		for _, e := range p.Enums {
			le := &Enum{Name: e.Name}
			l.pos[key+"."+e.Name] = e.Pos
			for _, m := range e.Members {
				le.Members = append(le.Members, m.Value)
				l.pos[key+"."+e.Name+"."+m.Value] = m.Pos
			}
			lp.Enums = append(lp.Enums, le)
		}
		for _, o := range p.Objects {
			lo := &Object{Name: o.Name, Nullable: p.IsNullable(o.Name), Open: o.Open, Strict: o.Strict, MinFields: o.MinFields, MaxFields: o.MaxFields}
			for _, m := range o.MatchIfs {
				lo.MatchIfs = append(lo.MatchIfs, matchIfText(m, nil))
			}
			for _, m := range o.MatchNs {
				lo.MatchNs = append(lo.MatchNs, matchNText(m, nil))
			}
			for _, m := range o.Members {
				// A typed pattern's type is part of it: a new type is
				// the old pattern gone and a new one added.
				p := "*" // every member the object does not declare
				if m.Key != nil {
					p = m.Key.KeyPattern()
				}
				if !m.Type.AnyJSON() {
					p += ": " + typeOf(m.Type).String()
				}
				lo.Members = append(lo.Members, p)
			}
			for _, a := range o.Absent {
				lo.Absent = append(lo.Absent, a.Name)
			}
			l.pos[key+"."+o.Name] = o.Pos
			for _, f := range o.Fields {
				lo.Fields = append(lo.Fields, &Field{Name: f.Name, Required: !f.Optional, Type: typeOf(f.Type), Default: f.Default, DefaultFrom: defaultFrom(f)})
				l.pos[key+"."+o.Name+"."+f.Name] = f.Pos
			}
			for _, fb := range o.Forbids {
				lo.Forbids = append(lo.Forbids, &Forbid{Field: fb.Field, Value: fb.Value, Absent: fb.Absent})
			}
			for _, rf := range o.Refusals {
				lr := &Refusal{}
				for _, c := range rf.When {
					lr.When = append(lr.When, &Cond{Field: c.Field, Value: condValue(o, c)})
				}
				lo.Refusals = append(lo.Refusals, lr)
				l.pos[p.Name+"."+o.Name+" refuses "+lr.key()] = rf.Pos
			}
			for _, cd := range o.Conditionals {
				for _, fact := range conditionFacts(o, cd) {
					lo.Conditions = append(lo.Conditions, fact)
					l.pos[p.Name+"."+o.Name+" "+fact] = cd.Pos
				}
			}
			for _, f := range o.Fields {
				for _, c := range f.CondDefaults {
					fact := condDefaultFact(o, f, c)
					lo.Conditions = append(lo.Conditions, fact)
					l.pos[p.Name+"."+o.Name+" "+fact] = c.Pos
				}
			}
			lp.Objects = append(lp.Objects, lo)
		}
		for _, u := range p.Unions {
			lu := &Union{Name: u.Name, Discriminator: u.Discriminator, Nullable: p.IsNullable(u.Name)}
			if u.Default != nil {
				lu.Default = u.Default.Name
			}
			l.pos[key+"."+u.Name] = u.Pos
			for _, v := range u.Variants {
				lv := &Variant{Tag: v.Tag, Object: v.Name}
				if u.Untagged() {
					lv.Members = model.MemberNames(v)
				}
				lu.Variants = append(lu.Variants, lv)
				l.pos[key+"."+u.Name+"."+v.Name] = v.Pos
			}
			lp.Unions = append(lp.Unions, lu)
		}
		if p.Value != nil {
			lp.Document = typeOf(p.Value)
			pos, _, _ := p.ValueDef()
			l.pos[key+"."+p.Document] = pos
		}
		l.Packages = append(l.Packages, lp)
	}
	for _, m := range s.Layouts {
		l.Layouts = append(l.Layouts, l.layoutOf(m))
	}
	return l
}

func typeOf(t *model.Type) *Type { return typeIn(t, nil) }

// typeIn is typeOf within the definitions that hold themselves being
// written (in): a reference back to one of them is written by its name
// (kind self), since written out again it would not end.
func typeIn(t *model.Type, in []any) *Type {
	if t.HoldsItself() {
		var def any
		name := ""
		switch t.Kind {
		case model.OneOfKind:
			def, name = t.OneOf, t.OneOf.Name
		case model.ListKind:
			def, name = t.Alias, t.Alias.Name
		default:
			def, name = t.Map, t.Map.Name
		}
		if slices.Contains(in, def) {
			return &Type{Kind: "self", Name: name}
		}
		in = append(in, def)
	}
	switch t.Kind {
	case model.EnumKind:
		return &Type{Kind: "enum", Name: t.Enum.Name}
	case model.ObjectKind:
		return &Type{Kind: "object", Name: t.Object.Name}
	case model.UnionKind:
		return &Type{Kind: "union", Name: t.Union.Name}
	case model.ConstKind:
		if t.Base != model.String {
			// const-int 5, const-bool true: never equal to the string "5".
			return &Type{Kind: "const-" + t.Base.String(), Name: t.Const}
		}
		return &Type{Kind: "const", Name: t.Const}
	case model.AnyKind:
		return &Type{Kind: "any", Constraints: constraintsIn(t.Constraints, in)} // its matchIf
	case model.NullKind:
		return &Type{Kind: "null"}
	case model.NullableKind:
		return &Type{Kind: "nullable", Elem: typeIn(t.Elem, in)}
	case model.OneOfKind:
		lt := &Type{Kind: "oneof"}
		for _, a := range t.OneOf.Alts {
			lt.Alts = append(lt.Alts, typeIn(a.Type, in))
		}
		return lt
	case model.ListKind:
		return &Type{Kind: "list", Constraints: constraintsIn(t.Constraints, in), Elem: typeIn(t.Elem, in)}
	case model.TupleKind:
		// [A, B]: the items in Alts; [A, ...T]: T in Elem.
		lt := &Type{Kind: "tuple", Constraints: constraintsIn(t.Constraints, in)}
		for _, it := range t.Tuple.Items {
			lt.Alts = append(lt.Alts, typeIn(it, in))
		}
		if t.Tuple.Rest != nil {
			lt.Elem = typeIn(t.Tuple.Rest, in)
		}
		return lt
	case model.MapKind:
		c := model.Constraints{MinFields: t.MinFields, MaxFields: t.MaxFields}
		if t.Key != nil {
			// [=~"re"]: T: the pattern on the keys is the map's own
			// constraint, compared as a string's pattern is; so are
			// the keys' lengths ([string & strings.MaxRunes(63)]: T).
			c.Patterns, c.NotPatterns = t.Key.Patterns, t.Key.NotPatterns
			c.MinRunes, c.MaxRunes = t.Key.MinRunes, t.Key.MaxRunes
		}
		return &Type{Kind: "map", Elem: typeIn(t.Elem, in), Constraints: constraintsIn(c, in)}
	}
	lt := &Type{Kind: t.BaseOf().String(), Constraints: constraintsIn(t.Effective(), in)}
	for _, a := range t.Choice {
		lt.Choice = append(lt.Choice, typeIn(a, in))
	}
	if t.Kind == model.ScalarKind && t.Scalar != nil {
		lt.scalar = t.Scalar.Name
	}
	return lt
}

func constraintsOf(c model.Constraints) *Constraints { return constraintsIn(c, nil) }

// constraintsIn is constraintsOf inside the choices, maps and lists that
// hold themselves named in in (typeIn): a match part that holds one again
// writes it as self.
func constraintsIn(c model.Constraints, in []any) *Constraints {
	if c.IsZero() {
		return nil
	}
	lc := &Constraints{MinRunes: c.MinRunes, MaxRunes: c.MaxRunes, Not: c.Not, Min: c.Min, Max: c.Max, Uint64: c.Uint64, UintMax: c.UintMax, MinItems: c.MinItems, MaxItems: c.MaxItems, Lengths: c.Lengths,
		MinNum: c.MinNum, MaxNum: c.MaxNum, MinExclusive: c.MinExclusive, MaxExclusive: c.MaxExclusive, UniqueItems: c.UniqueItems,
		MinFields: c.MinFields, MaxFields: c.MaxFields, MultipleOf: c.MultipleOf, MultipleOfScale: c.MultipleOfScale, Duration: c.Duration, URL: string(c.URL), NotNull: c.NotNull}
	var cs []string
	for _, m := range c.Contains {
		cs = append(cs, containsText(m, in))
	}
	lc.Contains = strings.Join(cs, " & ")
	if m := c.MatchIf; m != nil {
		lc.MatchIf = matchIfText(m, in)
	}
	if m := c.MatchN; m != nil {
		lc.MatchN = matchNText(m, in)
	}
	// One pattern is written as it always was; several as a list.
	if len(c.Patterns) == 1 {
		lc.Pattern = c.Patterns[0]
	} else {
		lc.Patterns = c.Patterns
	}
	if len(c.NotPatterns) == 1 {
		lc.NotPattern = c.NotPatterns[0]
	} else {
		lc.NotPatterns = c.NotPatterns
	}
	return lc
}

// containsText is list.MatchN(n, T) in the lock's words: the count as
// CUE bounds it, T as the lock writes a type.
func containsText(m *model.Contains, in []any) string {
	var n []string
	switch {
	case m.Min != nil && m.Max != nil && *m.Min == *m.Max:
		n = append(n, strconv.Itoa(*m.Min))
	default:
		if m.Min != nil {
			n = append(n, ">="+strconv.Itoa(*m.Min))
		}
		if m.Max != nil {
			n = append(n, "<="+strconv.Itoa(*m.Max))
		}
	}
	if len(n) == 0 {
		n = append(n, ">=0")
	}
	return "list.MatchN(" + strings.Join(n, " & ") + ", " + matchText(m.Match, in) + ")"
}

// matchIfText is matchIf(if, then, else) in the lock's words.
func matchIfText(m *model.MatchIf, in []any) string {
	s := "matchIf(" + matchText(m.If, in) + ", " + matchText(m.Then, in) + ", " + matchText(m.Else, in) + ")"
	if m.Opens {
		s += " opening the object" // MatchIf.Opens
	}
	return s
}

// matchNText is an object's matchN as the lock records it: its count as
// CUE writes it and its alternatives as matchText writes a part,
// matchN(1, [{"uses"!: _, ...}, _]).
func matchNText(m *model.ObjectMatchN, in []any) string {
	count := map[string]string{"oneOf": "1", "anyOf": ">=1", "not": "0", "allOf": strconv.Itoa(m.Min)}[m.Keyword()]
	alts := make([]string, len(m.Alts))
	for i, a := range m.Alts {
		alts[i] = matchText(a, in)
		if a != nil && (a.Kind == model.ListKind || a.Kind == model.TupleKind) {
			alts[i] = listText(a, in)
		}
	}
	return "matchN(" + count + ", [" + strings.Join(alts, ", ") + "])"
}

// listText is a list alternative of a count of lists ([...string] |
// [...int]) in the lock's words, its items' types and constraints at
// every depth, so that a change of any of them is a change of what the
// alternative admits: [...string {"pattern":"^a"}], ["..." , ...int].
func listText(t *model.Type, in []any) string {
	var items []string
	if t.Kind == model.TupleKind {
		for _, it := range t.Tuple.Items {
			items = append(items, itemText(it, in))
		}
		if t.Tuple.Rest != nil {
			items = append(items, "..."+itemText(t.Tuple.Rest, in))
		}
	} else {
		items = append(items, "..."+itemText(t.Elem, in))
	}
	s := "[" + strings.Join(items, ", ") + "]"
	if lc := constraintsIn(t.Constraints, in); lc != nil {
		b, _ := json.Marshal(lc)
		s += " " + string(b)
	}
	return s
}

// itemText is an item type of listText: a list or tuple as listText
// writes it, any other type as matchText does.
func itemText(t *model.Type, in []any) string {
	if t.Kind == model.ListKind || t.Kind == model.TupleKind {
		return listText(t, in)
	}
	return matchText(t, in)
}

// matchText is a type of list.MatchN or matchIf with its constraints, as
// the lock writes a field's; _ for nil, which admits every value.
func matchText(t *model.Type, in []any) string {
	if t == nil {
		return "_"
	}
	if t.Kind == model.ObjectKind && t.Object.Match {
		// A struct T, written out: a change of any of its fields is a
		// change of what matches, which its object's own entry, compared
		// as data, would not report as one.
		var fs []string
		for _, f := range t.Object.Fields {
			mark := "!"
			if f.Optional {
				mark = "?"
			}
			fs = append(fs, strconv.Quote(f.Name)+mark+": "+matchText(f.Type, in))
		}
		return "{" + strings.Join(append(fs, "..."), ", ") + "}"
	}
	s := typeIn(t, in).String()
	if lc := constraintsIn(t.Constraints, in); lc != nil {
		b, _ := json.Marshal(lc)
		s += " " + string(b)
	}
	return s
}

// patterns are every =~ pattern of c, however it was written.
func (c *Constraints) patterns() []string {
	if c.Pattern != "" {
		return append([]string{c.Pattern}, c.Patterns...)
	}
	return c.Patterns
}

// notPatterns are every !~ pattern of c, however it was written.
func (c *Constraints) notPatterns() []string {
	if c.NotPattern != "" {
		return append([]string{c.NotPattern}, c.NotPatterns...)
	}
	return c.NotPatterns
}

// Pos returns the current-schema position of a subject such as
// "fleet.Pose.celebrate", or of its nearest enclosing subject that exists.
func (l *Lock) Pos(subject string) model.Pos {
	for s := subject; s != ""; {
		if p, ok := l.pos[s]; ok {
			return p
		}
		i := strings.LastIndexAny(s, ".[")
		if i < 0 {
			break
		}
		s = s[:i]
	}
	return model.Pos{}
}

// Marshal renders the lock as indented JSON with a trailing newline.
func (l *Lock) Marshal() []byte {
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		panic(err) // the lock holds only strings, ints and bools
	}
	return append(b, '\n')
}

// File is the lock as a generated file.
func (l *Lock) File() output.File { return output.File{Path: Path, Data: l.Marshal()} }

// Reread reads data, the lock file generated/ holds, as the baseline of
// cur, the lock the schema is compared as now. A file that is cur's own
// rendering with a history after it — what every generate of an unchanged
// schema finds — is recognised without parsing the rest (at 1,000
// definitions the parse was 4% of such a generate): same is then set,
// base holds cur's contract and that history, and file is data itself, the
// lock to write, which Marshal would render again. Any other file is read
// by Parse (same false, file nil), with its errors.
func Reread(data []byte, cur *Lock) (base *Lock, same bool, file []byte, err error) {
	if hist, ok := historyAfter(data, cur.Marshal()); ok {
		b := *cur
		b.History = hist
		return &b, true, data, nil
	}
	base, err = Parse(data)
	return base, false, nil, err
}

// historyAfter returns the history of data when data is bare (a lock
// without a history, as Marshal renders it) with the history member
// after its last: bare up to its closing brace, then exactly what Marshal
// renders for that history, every entry whole.
func historyAfter(data, bare []byte) ([]*Acceptance, bool) {
	const end = "\n}\n"
	if !bytes.HasSuffix(bare, []byte(end)) || !bytes.HasPrefix(data, bare[:len(bare)-len(end)]) {
		return nil, false
	}
	tail := data[len(bare)-len(end):]
	if string(tail) == end {
		return nil, true
	}
	rest, ok := bytes.CutPrefix(tail, []byte(",\n"))
	if !ok {
		return nil, false
	}
	var h struct {
		History []*Acceptance `json:"history,omitempty"`
	}
	doc := append([]byte("{\n"), rest...)
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.DisallowUnknownFields()
	if dec.Decode(&h) != nil || len(h.History) == 0 || count(h.History) > 0 {
		return nil, false
	}
	again, err := json.MarshalIndent(h, "", "  ")
	if err != nil || !bytes.Equal(append(again, '\n'), doc) {
		return nil, false
	}
	return h.History, true
}

// Parse reads a lock file.
func Parse(data []byte) (*Lock, error) {
	var l Lock
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("%s: %w", Path, err)
	}
	if l.LockVersion != Version {
		return nil, fmt.Errorf("%s: lockVersion %d, this schemagen reads %s", Path, l.LockVersion, strconv.Itoa(Version))
	}
	if err := l.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", Path, err)
	}
	return &l, nil
}

// check refuses what JSON can say and a lock never holds: a null where an
// entry belongs, a field without a type, a list or map without elements.
func (l *Lock) check() error {
	var bad []string
	null := func(what string, n int) {
		if n > 0 {
			bad = append(bad, what)
		}
	}
	var typ func(where string, t *Type)
	typ = func(where string, t *Type) {
		switch {
		case t == nil:
			bad = append(bad, where+" has no type")
		case t.Kind != "tuple" && (t.Kind == "list" || t.Kind == "map" || t.Kind == "nullable") != (t.Elem != nil):
			bad = append(bad, where+": only a list, a map, a nullable or an open tuple has an element type")
		default:
			for i, a := range t.Alts {
				typ(fmt.Sprintf("%s[%d]", where, i), a)
			}
			if t.Elem != nil {
				typ(where+"[]", t.Elem)
			}
		}
	}
	for _, p := range l.Packages {
		if p == nil {
			null("a package is null", 1)
			continue
		}
		null(p.Name+": an enum is null", count(p.Enums))
		null(p.Name+": a union is null", count(p.Unions))
		for _, u := range p.Unions {
			if u != nil {
				null(p.Name+"."+u.Name+": a variant is null", count(u.Variants))
			}
		}
		for _, o := range p.Objects {
			if o == nil {
				null(p.Name+": an object is null", 1)
				continue
			}
			null(p.Name+"."+o.Name+": a forbid is null", count(o.Forbids))
			null(p.Name+"."+o.Name+": a refusal is null", count(o.Refusals))
			for _, r := range o.Refusals {
				if r != nil {
					null(p.Name+"."+o.Name+": a refusal's comparison is null", count(r.When))
				}
			}
			for _, f := range o.Fields {
				if f == nil {
					null(p.Name+"."+o.Name+": a field is null", 1)
					continue
				}
				typ(p.Name+"."+o.Name+"."+f.Name, f.Type)
			}
		}
	}
	for _, ly := range l.Layouts {
		if ly == nil {
			null("a layout is null", 1)
			continue
		}
		null(ly.Name+": a catalog entry is null", count(ly.Catalog))
		for _, v := range ly.Versions {
			if v == nil {
				null(ly.Name+": a version is null", 1)
				continue
			}
			null(fmt.Sprintf("%s.v%d: a field is null", ly.Name, v.Version), count(v.Fields))
		}
		for _, st := range ly.Structs {
			if st == nil {
				null(ly.Name+": a struct is null", 1)
				continue
			}
			null(ly.Name+"."+st.Name+": a field is null", count(st.Fields))
		}
	}
	null("a history entry is null", count(l.History))
	if len(bad) > 0 {
		return fmt.Errorf("%s", strings.Join(bad, "; "))
	}
	return nil
}

// count is the number of nil entries of xs.
func count[T any](xs []*T) int {
	n := 0
	for _, x := range xs {
		if x == nil {
			n++
		}
	}
	return n
}

// whenPrefix is "when " and an if clause's conditions in a canonical
// order, and ": ".
func whenPrefix(o *model.Object, conds []model.Condition) string {
	var when []string
	for _, c := range conds {
		when = append(when, condFact(o, c))
	}
	slices.Sort(when)
	return "when " + strings.Join(when, " && ") + ": "
}

// condFact is one condition of an if clause as a fact's words: "kind ==
// \"a\"", and a TestAny's tests in a canonical order, "(kind == \"a\" ||
// kind == \"b\")".
func condFact(o *model.Object, c model.Condition) string {
	if c.Len {
		// len(tags) > 0
		return "len(" + c.Field + ") " + c.Test.Operator() + " " + strconv.FormatInt(c.Int, 10)
	}
	switch c.Test {
	case model.TestTrue:
		return c.Field + " is true"
	case model.TestFalse:
		return c.Field + " is false"
	case model.TestLess, model.TestLessEq, model.TestGreater, model.TestGreaterEq:
		op, _ := c.Test.Order()
		return c.Field + " " + op + " " + condValue(o, c.Cond)
	case model.TestPresent:
		return c.Field + " is present"
	case model.TestAbsent:
		return c.Field + " is absent"
	case model.TestNotEqual:
		return c.Field + " != " + condValue(o, c.Cond)
	case model.TestNull:
		return c.Field + " == null"
	case model.TestNotNull:
		return c.Field + " != null"
	case model.TestContains:
		return "list.Contains(" + c.Field + ", " + c.Str + ")"
	case model.TestNotContains:
		return "!list.Contains(" + c.Field + ", " + c.Str + ")"
	case model.TestMatch:
		return c.Field + " =~ " + strconv.Quote(c.Str)
	case model.TestNotMatch:
		return c.Field + " !~ " + strconv.Quote(c.Str)
	case model.TestAny:
		return condFacts(o, c.Any, " || ")
	case model.TestAll:
		return condFacts(o, c.All, " && ") // a side of an || that joins tests by &&
	}
	return c.Field + " == " + condValue(o, c.Cond)
}

// condFacts are tests joined by op (" || ", " && ") as one fact's words,
// in a canonical order and in parentheses: "(kind == \"a\" || kind ==
// \"b\")".
func condFacts(o *model.Object, tests []model.Condition, op string) string {
	facts := make([]string, len(tests))
	for i, t := range tests {
		facts[i] = condFact(o, t)
	}
	slices.Sort(facts)
	return "(" + strings.Join(facts, op) + ")"
}

// defaultFrom is a field's default taken from other members, as written;
// "" when it has none.
func defaultFrom(f *model.Field) string {
	if f.MemberDefault == nil {
		return ""
	}
	return f.MemberDefault.Source
}

// condDefaultFact is a default an if clause gives a field, as a fact:
// "when mode == \"managed\": gitignore default true".
func condDefaultFact(o *model.Object, f *model.Field, c *model.CondDefault) string {
	return whenPrefix(o, c.When) + f.Name + " default " + c.Value
}

// conditionFacts are what an if clause that declares or narrows fields
// says, one fact each, its conditions in a canonical order: "when
// external is true: role only then", "when flag is present: nested.f
// required", "… nested.f minItems 1", "… note == \"fixed\"".
func conditionFacts(o *model.Object, cd *model.Conditional) []string {
	prefix := whenPrefix(o, cd.When)
	if cd.Refuses {
		return []string{prefix + "refused"}
	}
	var facts []string
	for _, n := range cd.Then {
		path := strings.Join(n.Path, ".")
		if n.Declared {
			facts = append(facts, prefix+path+" only then")
		}
		if n.Required {
			facts = append(facts, prefix+path+" required")
		}
		if n.Absent {
			facts = append(facts, prefix+path+" absent")
		}
		if n.Const != nil {
			facts = append(facts, prefix+path+" == "+n.Const.ConstJSON())
		}
		if n.MinItems != nil {
			facts = append(facts, prefix+path+" minItems "+strconv.Itoa(*n.MinItems))
		}
		if n.Checks != nil {
			// The type with its constraints, as the lock writes a
			// field's: a change to any of them is another fact.
			t, _ := json.Marshal(typeOf(n.Checks))
			facts = append(facts, prefix+path+" is "+string(t))
		}
	}
	return facts
}

// condValue is a refusal's compared value as a JSON literal.
func condValue(o *model.Object, c model.Cond) string {
	return model.Condition{Cond: c}.Value(o) // as the model words it
}
