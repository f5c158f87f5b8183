package model

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/token"
)

// An untagged union is a disjunction of object definitions that no
// constant field tells apart (#LLMConfig: #Defaults | #Provider | #API).
// CUE admits a value of it when, after every variant that conflicts with
// the value is dropped (a member the variant's closed struct does not
// name, a value its field refuses), exactly one variant is left, and that
// one is complete. A variant the value is only incomplete for (a required
// field, or a regular one that is not concrete, missing) is not dropped:
// the value is then ambiguous, and cue vet -c refuses it. Variants whose
// values come out equal are one (CUE drops duplicates), which the rules
// below rule out, so that "exactly one possible variant" is what every
// target states: docs/schema-language.md, "Unions without a
// discriminator".

// untaggedMax is the most variants an untagged union may have: the Go
// decoder keeps the possible ones as bits of a uint64.
const untaggedMax = 64

// untagged checks that the variants of a union without a discriminator
// can be told apart as CUE tells them apart, and reports at its position
// each one that cannot, saying why.
func (r *resolver) untagged(d *def, u *Union) {
	ok := true
	if len(u.Variants) > untaggedMax {
		r.errorf(d.pos, "%s: a union without a discriminator has at most %d variants (it has %d); give its variants a constant field that tells them apart, kind!: \"a\"", d.ref(), untaggedMax, len(u.Variants))
		return
	}
	if !d.v.Exists() {
		// no value of its own: nothing to mark a default
	} else if dv, has := d.v.Default(); has && dv.IncompleteKind() == cue.StructKind || !has && len(u.Variants) > 1 && marksDefault(d.v) {
		// (Or a mark CUE's Default does not report: *#A | #B where #B
		// holds the union, for which CUE v0.17.1 reports no default
		// and yet takes #A where the data leaves both possible, as cue
		// vet and cue export do. The union was read without one, and
		// every target refused {} as ambiguous. A union of one variant,
		// invowk's ui: *#UIConfig | #UIConfig, needs none: CUE's value
		// is that variant.)
		// *#D | #P: CUE takes the default wherever the value leaves it
		// possible (complete or not), and the one variant possible
		// where the value drops it.
		o, why := r.defaultVariant(d.v, u)
		if o == nil {
			o = r.defaultByValue(d, u, dv)
		}
		if o == nil {
			r.errorf(d.pos, "%s: %s", d.ref(), why)
			return
		}
		u.Default = o
	}
	sets := map[string][]*Object{}
	var dup []*Object
	for _, o := range u.Variants {
		if r.partial[o] {
			// A field of it was refused, said where it is: its members
			// compared now would be a false "the same members".
			ok = false
			continue
		}
		if why := r.untaggedVariant(o); why != "" {
			r.errorf(r.variantPos(d, o), "%s: %s %s", d.ref(), r.objRef(o), why)
			ok = false
			continue
		}
		key := strings.Join(memberNames(o), "\x00")
		if i := slices.IndexFunc(sets[key], func(p *Object) bool { return sameObject(p, o, map[[2]*Object]bool{}) }); i >= 0 {
			// Of one type (Istio's {testValue: test.#Test} |
			// {testValue: test_test.#AnotherTest}, two messages of the
			// same fields): every value that fits one fits the other,
			// and comes out equal, so CUE keeps one. So does the union.
			dup = append(dup, o)
			if u.Default == o {
				u.Default = sets[key][i]
			}
			continue
		}
		if i := slices.IndexFunc(sets[key], func(p *Object) bool { return !constApart(p, o) && u.Default != p && u.Default != o }); i >= 0 {
			prev := sets[key][i]
			r.errorf(r.variantPos(d, o), "%s: %s and %s have the same members, and no constant field tells them apart (nor a field of strings whose sets share none, unit: \"a\" | \"b\" beside unit: \"c\", nor a member whose values are of different JSON kinds in each): CUE keeps both where a value's members fit both and drops one where their values come out equal, which depends on values no target compares; give them a constant field that tells them apart, kind!: \"a\"", d.ref(), r.objRef(prev), r.objRef(o))
			ok = false
			continue
		}
		sets[key] = append(sets[key], o)
	}
	if !ok {
		return
	}
	u.Variants = slices.DeleteFunc(u.Variants, func(o *Object) bool { return slices.Contains(dup, o) })
	if !r.untaggedOpen(d, u) {
		return
	}
	// A member two variants share of two types must be one whose
	// incompleteness every target tells from a conflict at every depth
	// (deepCarried): a value that is incomplete there (a nested object
	// missing a required field, a nested union left ambiguous) leaves
	// CUE's variant possible, and every target judges a variant possible
	// by its type with no field required at any depth (Go's lax
	// decoding, TypeScript's _fits, the JSON Schema's "possible/" $defs).
	// Of one type, it leaves every variant that has the member possible
	// and incomplete alike.
	for i, o := range u.Variants {
		for _, f := range o.Fields {
			for _, p := range u.Variants[i+1:] {
				g := p.Field(f.Name)
				if g == nil || sameType(f.Type, g.Type, map[[2]*Object]bool{}) {
					continue
				}
				if u.Default == o || u.Default == p {
					// CUE takes the default wherever the value leaves it
					// possible, complete or not, and every target tries
					// it first: an incomplete member makes nothing
					// ambiguous between it and another.
					continue
				}
				for _, t := range []struct {
					f *Field
					o *Object
				}{{f, o}, {g, p}} {
					if why := r.deepCarried(t.f.Type, map[any]bool{}); why != "" {
						r.errorf(r.variantPos(d, t.o), "%s: member %q is in %s and %s, of two types, and a value of it may be incomplete in a way no target tells from a conflict below a variant's own members (%s): CUE keeps a variant possible where the value is only incomplete for it, and a value complete for one variant and incomplete for the other is ambiguous; not carried (make those fields optional, or give the variants a constant field that tells them apart, kind!: \"a\")", d.ref(), f.Name, r.objRef(o), r.objRef(p), why)
						ok = false
					}
				}
			}
		}
	}
}

// untaggedOpen checks the variants of u that are open (a library's
// fields, {…, ...}): a member they do not name rules none of them out, so
// a value is the one variant that no member of it conflicts with, as it
// is for closed variants, with two more conditions for that to be what
// CUE decides. An open variant and any other must be told apart by
// their values (tagApart): a different constant in a field of them both
// that CUE fills in or the data must give (type: "A" beside type: "B",
// Grafana's and cog's discriminators that the data may leave out), or a
// field one declares that the other is closed to: else a value complete
// for both may come out
// equal in both (CUE's values then hold every member of the data, the
// ones the variants do not name too) and CUE keeps one where every
// target finds two. And a member that another variant declares and an
// open one does not must be of a type a value is never incomplete for: a
// nested object missing a required field leaves CUE's variant possible,
// and the open one beside it, which every target's check of the member
// (required fields aside at the variant's own level only) would rule out.
// A default among them (HeatmapColorOptions | *{scheme: "Oranges", …},
// grafana/cog's defaults) is the value wherever it is possible, however
// many others are: neither condition concerns it but as the variant
// that declares the member. Two open variants of flat fields need no
// such field: where both are possible, a value holding every member of
// each is one value of them both, CUE's rule the union then states
// (Merge).
func (r *resolver) untaggedOpen(d *def, u *Union) bool {
	ok := true
	for i, o := range u.Variants {
		for _, p := range u.Variants[i+1:] {
			if (o.Open || p.Open) && !tagApart(o, p) && o != u.Default && p != u.Default {
				if u.Default == nil && o.Open && p.Open && FlatObject(o) && FlatObject(p) {
					// {foo: string} | {bar: int64}: where both are
					// possible, a value holding every member of each
					// is one value of them both (Merge).
					u.Merge = true
					continue
				}
				r.errorf(r.variantPos(d, p), "%s: %s and %s hold no constant field that tells them apart (nor a field one declares that the other is closed to), and %s admits members it does not name: CUE keeps both where a value fits both and drops one where their values come out equal, which a member that only the data names makes depend on the data, unless both are open and of flat fields alone (scalars, enums, constants, lists of them: a value holding every member of each is then one value of both), which %s; give them a constant field that tells them apart, kind: \"a\"", d.ref(), r.objRef(o), r.objRef(p), r.objRef(openOf(o, p)), notMergeable(o, p, u))
				ok = false
			}
		}
	}
	if !ok {
		return false
	}
	for _, o := range u.Variants {
		if !o.Open || o == u.Default {
			// The default is the value wherever it is possible: a
			// member it does not name leaves it so in every target.
			continue
		}
		for _, p := range u.Variants {
			if p == o {
				continue
			}
			for _, f := range p.Fields {
				if o.Field(f.Name) == nil && !neverIncomplete(f.Type, map[any]bool{}) {
					r.errorf(r.variantPos(d, p), "%s: member %q of %s may be incomplete (it holds a required field, or a union), and %s, which is open, does not name it: CUE keeps %s possible for a value missing a required field inside %q, and %s beside it, which no target's check of the member tells; not carried yet (make the nested fields optional)", d.ref(), f.Name, r.objRef(p), r.objRef(o), r.objRef(p), f.Name, r.objRef(o))
					ok = false
				}
			}
			for _, m := range p.Members {
				if !neverIncomplete(m.Type, map[any]bool{}) {
					r.errorf(r.variantPos(d, p), "%s: a member pattern's value in %s may be incomplete (it holds a required field, or a union), and %s is open: which variants a value leaves possible would then differ in CUE and the targets; not carried yet", d.ref(), r.objRef(p), r.objRef(o))
					ok = false
				}
			}
		}
	}
	return ok
}

// FlatObject reports whether o is an object whose value, where the data
// holds each of its members, is the data itself: only fields, each of a
// type that adds nothing to a value it admits (a scalar, a constant, an
// enum, null, any value, or a list or nullable of those), with no member
// pattern, absent member, condition or count. CUE's values of two such
// open variants that the data holds whole come out equal (Union.Merge).
func FlatObject(o *Object) bool {
	if len(o.Absent)+len(o.Forbids)+len(o.Refusals)+len(o.Conditionals)+len(o.Members)+len(o.MatchIfs)+len(o.MatchNs) > 0 || o.MinFields != nil || o.MaxFields != nil {
		return false
	}
	for _, f := range o.Fields {
		if !flatType(f.Type) {
			return false
		}
	}
	return true
}

// flatType reports whether t adds nothing to a value it admits.
func flatType(t *Type) bool {
	switch t.Kind {
	case BasicKind, ScalarKind, EnumKind, ConstKind, NullKind, AnyKind:
		return t.MatchIf == nil && (t.Kind != AnyKind || t.MatchN == nil)
	case ListKind, NullableKind:
		return t.Elem != nil && flatType(t.Elem)
	}
	return false
}

// Whole are, for each variant of u, the members it declares: a value
// holding every one of them is whole for it (Merge).
func (u *Union) Whole() [][]string {
	whole := make([][]string, len(u.Variants))
	for i, v := range u.Variants {
		for _, f := range v.Fields {
			whole[i] = append(whole[i], f.Name)
		}
	}
	return whole
}

// notMergeable says why open variants o and p that no constant tells
// apart are not carried as Merge: the clause a refusal ends with.
func notMergeable(o, p *Object, u *Union) string {
	switch {
	case u.Default != nil:
		return "a union with a default is not (CUE takes the default wherever it is possible)"
	case !o.Open || !p.Open:
		return "a closed variant beside an open one is not"
	}
	return "these are not (a field of an object, a map, a union or a choice of kinds, or a member pattern, condition or count beside the fields, adds to a value what the data may not hold)"
}

// openOf is o when it is open, else p.
func openOf(o, p *Object) *Object {
	if o.Open {
		return o
	}
	return p
}

// tagApart reports whether o and p hold different constants in a field
// of them both that CUE fills in or the data must give in at least one
// of them: where the data gives the field, it rules one out; where it
// does not, their values differ in it (or the variant that requires it
// is incomplete), so no value is complete and equal in both.
func tagApart(o, p *Object) bool {
	return ownApart(o, p) || ownApart(p, o)
}

// ownApart is tagApart's one-sided test, and one more: o declares a
// field, optional or not, that p is closed to or forbids (#Closed beside
// Open: {type: "o", …}): o's value holds it, as a member of the data or
// an optional field of its own, and p's cannot (CUE's values of two
// variants are equal only with the same fields, optional ones too:
// {a:1} | {a:1,b?:int} is ambiguous).
func ownApart(o, p *Object) bool {
	for _, f := range o.Fields {
		if p.Field(f.Name) == nil && (!p.Open || slices.ContainsFunc(p.Absent, func(a *AbsentMember) bool { return a.Name == f.Name })) {
			return true
		}
	}
	for _, f := range o.Fields {
		g := p.Field(f.Name)
		if g == nil || f.Type == nil || g.Type == nil || f.Type.Kind != ConstKind || g.Type.Kind != ConstKind {
			continue
		}
		if (f.Type.Base != g.Type.Base || f.Type.Const != g.Type.Const) && !(f.OptionalMark && g.OptionalMark) {
			return true
		}
	}
	return false
}

// objRef names the object o in a message as CUE refers to it: its
// definition's #Name, a library's field's label, or for an object in
// place #Name after the type it is.
func (r *resolver) objRef(o *Object) string {
	if d := r.defOf(o); d != nil {
		return d.ref()
	}
	return "#" + o.Name
}

// defOf is the definition (or library field) whose object o is, or nil
// for a struct written in place.
func (r *resolver) defOf(o *Object) *def {
	for _, d := range r.order {
		if d.object == o {
			return d
		}
	}
	return nil
}

// variantPos is where the union d names its variant o: the operand of
// its disjunction that refers to o's definition, or else the union's own
// position. A refusal of a variant in a union is the union's: the
// variant's definition is carried on its own, and so is every other use
// of it.
func (r *resolver) variantPos(d *def, o *Object) Pos {
	if d.v.Exists() {
		if e, ok := sourceExpr(d.v).(ast.Expr); ok {
			for _, x := range orOperands(e) {
				if m, ok := x.(*ast.UnaryExpr); ok && m.Op == token.MUL {
					x = m.X
				}
				if id, ok := x.(*ast.Ident); ok {
					if vd := r.identDef(id); vd != nil && vd.object == o {
						return r.ps.of(id.Pos())
					}
				}
			}
		}
	}
	return d.pos
}

// defaultVariant returns the variant of u that v, a disjunction with a
// default among its objects, marks (*#D in *#D | #P, or in *#D | #U with
// #U a union of #D and others), or nil and why it cannot be carried.
func (r *resolver) defaultVariant(v cue.Value, u *Union) (*Object, string) {
	marks := defaultMarks(v)
	if len(marks) != 1 {
		return nil, "a default among objects no constant field tells apart is carried when it marks one of them (*#A | #B); this one marks " + strconv.Itoa(len(marks)) + " alternatives among the disjunction's own, or one inside a definition it refers to, which is not carried yet; mark one object definition"
	}
	if id, ok := marks[0].(*ast.Ident); ok {
		if vd := r.identDef(id); vd != nil && vd.object != nil && slices.Contains(u.Variants, vd.object) {
			return vd.object, ""
		}
	}
	if lit, ok := marks[0].(*ast.StructLit); ok {
		// #DefaultStruct: #Port | *{port: 1} (CUE's OpenAPI tests):
		// the variant written in place there.
		at := r.ps.of(lit.Pos())
		for _, o := range u.Variants {
			if o.Pos == at {
				return o, ""
			}
		}
	}
	return nil, "the default among objects no constant field tells apart is carried when it is one object variant, a definition or a struct written in place (*#A | #B, #P | *{port: 1}); this one is not (a union), which is not carried yet: CUE would take any of its variants; mark one object"
}

// marksDefault reports whether v is written as a disjunction one of
// whose alternatives is marked the default (*#A | #B).
func marksDefault(v cue.Value) bool { return len(defaultMarks(v)) > 0 }

// defaultMarks are the alternatives of the disjunction v is written as
// that are marked the default, without the mark: #A of *#A | #B.
func defaultMarks(v cue.Value) []ast.Expr {
	e, ok := sourceExpr(v).(ast.Expr)
	if !ok {
		return nil
	}
	var marks []ast.Expr
	for _, x := range orOperands(e) {
		if u, isU := x.(*ast.UnaryExpr); isU && u.Op == token.MUL {
			marks = append(marks, u.X)
		}
	}
	return marks
}

// defaultByValue returns the variant of u that is the default dv of its
// definition d, asked of CUE, where the mark is not among d's own
// alternatives: #EncodeOutput: #Output & {result?: string, ...}, with
// #Output: *{result: _} | {error: string} (InfluxData's line-protocol
// corpus), whose conjunction CUE distributes over #Output's alternatives,
// the first still marked. It is the one alternative d's union was made
// of (structUnion) that is dv and that dv is; nil when none or several
// are (*#A | *#B marks a choice, which no one variant is).
func (r *resolver) defaultByValue(d *def, u *Union, dv cue.Value) *Object {
	if len(d.unionAlts) != len(u.Variants) {
		return nil
	}
	var found *Object
	for i, a := range d.unionAlts {
		if subsumes(a, dv, cue.Schema()) && subsumes(dv, a, cue.Schema()) {
			if found != nil {
				return nil
			}
			found = u.Variants[i]
		}
	}
	return found
}

// untaggedVariant says why o cannot be a variant of a union without a
// discriminator, or "".
func (r *resolver) untaggedVariant(o *Object) string {
	switch {
	case !o.Open && len(o.Members) > 0:
		return "admits members by a pattern of their names: in a union without a discriminator a member the data gives would rule the variant in or out by its name, which is not carried yet; give the variants a constant field that tells them apart, kind!: \"a\", or make the variant open (...)"
	case len(o.Conditionals) > 0 || len(o.Refusals) > 0:
		return "has an if clause: in a union without a discriminator it is not carried yet (the targets would judge it on a variant the value is incomplete for)"
	case o.MinFields != nil || o.MaxFields != nil:
		return "counts its members (struct.MinFields/MaxFields): in a union without a discriminator it is not carried yet (the targets would count a variant's missing required fields)"
	}
	for _, f := range o.Fields {
		t := f.Type
		for t != nil && t.Kind == NullableKind {
			t = t.Elem
		}
		if !f.Optional && t != nil && r.minItemsCalls[t] {
			// f3!: [...bool] & list.MinItems(1) (differential seed
			// 40466): left out, CUE reads the field as [] there, which
			// the count refuses, an error that drops the variant,
			// where any other missing required field leaves it
			// possible ([...bool] & [_, ...] too: incomplete).
			return "holds the required list " + f.Name + " with list.MinItems: a value that leaves it out drops the variant in CUE (the list's constraint alone, [], fails the count), where a missing required field leaves a variant possible in every target's check; not carried yet in a union without a discriminator (make the field optional, or give the variants a constant field that tells them apart, kind!: \"a\")"
		}
	}
	return ""
}

// constApart reports whether a field of o and p, of the same members,
// holds a constant in each and not the same one (kind: "bin" beside
// kind: "lib", a regular field the data may leave out), or values of no
// JSON kind in common (a map in one, a string in the other): their values
// can never come out equal, and a value that gives the field drops the
// one it does not fit, as it drops a variant for any value its field
// refuses.
func constApart(o, p *Object) bool {
	if absentApart(o, p) || absentApart(p, o) {
		return true
	}
	for _, f := range o.Fields {
		g := p.Field(f.Name)
		if g == nil || f.Type == nil || g.Type == nil {
			continue
		}
		if f.Type.Kind == ConstKind && g.Type.Kind == ConstKind &&
			(f.Type.Base != g.Type.Base || f.Type.Const != g.Type.Const) {
			return true
		}
		// unit: "percent" | "percent-decimal" beside unit: "decimal"
		// (Perses' #percentFormat | #decimalFormat): strings of two
		// sets no value is in both of, as with two constants.
		if fs, ok := stringSet(f.Type); ok {
			if gs, ok := stringSet(g.Type); ok && !slices.ContainsFunc(fs, func(v string) bool { return slices.Contains(gs, v) }) {
				return true
			}
		}
		// shared: [string]: int in one, shared: string in the other
		// (CUE's OpenAPI tests' #WithMap; ({a: number} | {b: string} |
		// {b: number}) & {a?: string}): no value of the member fits
		// both, so the variants' values never come out equal, as with
		// two constants; where the data gives it, its kind drops one.
		if fk, gk := jsonKinds(f.Type), jsonKinds(g.Type); fk&gk == 0 {
			return true
		}
	}
	return false
}

// stringSet is every string a value of t may be when they are finite: a
// string constant's one, an enum's members.
func stringSet(t *Type) ([]string, bool) {
	switch {
	case t.Kind == ConstKind && t.Base == String:
		return []string{t.Const}, true
	case t.Kind == EnumKind && t.Enum != nil:
		vs := make([]string, len(t.Enum.Members))
		for i, m := range t.Enum.Members {
			vs[i] = m.Value
		}
		return vs, true
	}
	return nil, false
}

// absentApart reports whether o has a field the data must give that p
// forbids (content: string beside file?: _|_ in one variant, the other
// way round in the other, invowk's #ScriptSourceContent |
// #ScriptSourceFile: "exactly one of content or file"): a value that
// gives the member drops p, one that leaves it out is incomplete for o,
// so no value is complete for both, and CUE keeps at most one.
func absentApart(o, p *Object) bool {
	for _, f := range o.Fields {
		if f.Optional {
			continue
		}
		if slices.ContainsFunc(p.Absent, func(a *AbsentMember) bool { return a.Name == f.Name }) {
			return true
		}
	}
	return false
}

// The JSON kinds of a value, as bits (jsonKinds).
const (
	kindNull = 1 << iota
	kindBool
	kindNumber
	kindString
	kindArray
	kindObject
	kindAll = kindNull | kindBool | kindNumber | kindString | kindArray | kindObject
)

// jsonKinds are the JSON kinds a value of t may be, or every kind where t
// does not say.
func jsonKinds(t *Type) int {
	if t == nil {
		return kindAll
	}
	base := func(b Base) int {
		switch b {
		case Int, Number:
			return kindNumber
		case Bool:
			return kindBool
		case String, Time, Date, Bytes:
			return kindString
		}
		return kindAll
	}
	switch t.Kind {
	case BasicKind, ScalarKind, ConstKind:
		return base(t.Base)
	case EnumKind:
		return kindString
	case ObjectKind, MapKind, UnionKind:
		return kindObject
	case ListKind, TupleKind:
		return kindArray
	case NullKind:
		return kindNull
	case NullableKind:
		return kindNull | jsonKinds(t.Elem)
	case OneOfKind:
		k := 0
		for _, a := range t.OneOf.Alts {
			k |= jsonKinds(a.Type)
		}
		return k
	}
	return kindAll
}

// MemberNames are the names an object declares, fields and absent members
// alike, sorted: what tells a variant of a union without a discriminator
// from the others.
func MemberNames(o *Object) []string { return memberNames(o) }

// memberNames is MemberNames.
func memberNames(o *Object) []string {
	var names []string
	for _, f := range o.Fields {
		names = append(names, f.Name)
	}
	for _, a := range o.Absent {
		names = append(names, a.Name)
	}
	slices.Sort(names)
	return names
}

// neverIncomplete reports whether a value of t that the data gives can
// never be incomplete in CUE: it holds no required field (nor a regular
// one that is not concrete) at any depth, nor a union, whose variant a
// missing member may leave open.
func neverIncomplete(t *Type, seen map[any]bool) bool {
	if t == nil {
		return true
	}
	if key, ok := selfKey(t); ok {
		if seen[key] {
			return true
		}
		seen[key] = true
	}
	switch t.Kind {
	case ObjectKind:
		o := t.Object
		if seen[o] {
			return true
		}
		seen[o] = true
		if len(o.Conditionals) > 0 {
			return false
		}
		for _, f := range o.Fields {
			if !f.Optional || !neverIncomplete(f.Type, seen) {
				return false
			}
		}
		for _, m := range o.Members {
			if !neverIncomplete(m.Type, seen) {
				return false
			}
		}
		return true
	case UnionKind:
		return false
	case ListKind, MapKind, NullableKind:
		return neverIncomplete(t.Elem, seen)
	case TupleKind:
		for _, it := range t.Tuple.Items {
			if !neverIncomplete(it, seen) {
				return false
			}
		}
		return neverIncomplete(t.Tuple.Rest, seen)
	case OneOfKind:
		for _, a := range t.OneOf.Alts {
			if !neverIncomplete(a.Type, seen) {
				return false
			}
		}
	}
	return true
}

// deepCarried says why a value of t, below a member two variants of a
// union without a discriminator share with two types, may be incomplete
// in a way the targets do not tell from a conflict, or "" when they
// tell every way: a required (or regular, not concrete) field missing
// at any depth, and a union without a discriminator that a value leaves
// more than one variant of possible, in open objects (a library's
// fields, Grafana's and Kubernetes' kind/spec written without
// definitions): a member a closed one does not name conflicts with it
// in CUE, which the open sets, that ignore it, would not tell. Every
// target then judges whether the variant is possible by t with no field
// required at any depth and every such union satisfied by one possible
// variant: a missing field is no conflict, a value a field refuses is. What else CUE reads as
// incomplete — a field an if body requires, a default it computes, a
// missing required list or map it counts (CUE reads it empty, and the
// count refuses it), a union with a discriminator whose constant the
// value leaves out — stays refused.
func (r *resolver) deepCarried(t *Type, seen map[any]bool) string {
	if t == nil {
		return ""
	}
	if key, ok := selfKey(t); ok {
		if seen[key] {
			return ""
		}
		seen[key] = true
	}
	switch t.Kind {
	case ObjectKind:
		o := t.Object
		if seen[o] {
			return ""
		}
		seen[o] = true
		switch {
		case !o.Open:
			return r.structRef(o) + " is closed, and a member it does not name conflicts with it in CUE where the open JSON Schema, Go and TypeScript, for a newer writer's sake, ignore it"
		case o.Union != nil:
			return r.structRef(o) + " is a variant of a union with a discriminator"
		case len(o.Conditionals) > 0 || len(o.MatchIfs) > 0 || len(o.MatchNs) > 0 || len(o.Refusals) > 0:
			return r.structRef(o) + " holds a condition"
		case len(o.HeldDefaults) > 0:
			return r.structRef(o) + " holds a default computed from its members"
		case o.MinFields != nil || o.MaxFields != nil:
			return r.structRef(o) + " counts its members"
		}
		for _, m := range o.Members {
			if !neverIncomplete(m.Type, map[any]bool{}) {
				return r.structRef(o) + " has a member pattern whose value may be incomplete"
			}
		}
		for _, f := range o.Fields {
			switch {
			case len(f.CondDefaults) > 0 || f.MemberDefault != nil:
				return "field " + f.Name + " of " + r.structRef(o) + " has a default CUE computes or an if gives"
			case !f.Optional && counted(f.Type):
				return "field " + f.Name + " of " + r.structRef(o) + " is a required list or map with a count"
			}
			if why := r.deepCarried(f.Type, seen); why != "" {
				return why
			}
		}
		return ""
	case UnionKind:
		u := t.Union
		if !u.Untagged() {
			return "#" + u.Name + " is a union with a discriminator"
		}
		for _, v := range u.Variants {
			if why := r.deepCarried(&Type{Kind: ObjectKind, Object: v}, seen); why != "" {
				return why
			}
		}
		return ""
	case ListKind, MapKind, NullableKind:
		return r.deepCarried(t.Elem, seen)
	case TupleKind:
		for _, it := range t.Tuple.Items {
			if why := r.deepCarried(it, seen); why != "" {
				return why
			}
		}
		return r.deepCarried(t.Tuple.Rest, seen)
	case OneOfKind:
		for _, a := range t.OneOf.Alts {
			if why := r.deepCarried(a.Type, seen); why != "" {
				return why
			}
		}
	}
	return ""
}

// structRef names o in a message: its definition, or, for a struct
// written in place, the name the targets give it.
func (r *resolver) structRef(o *Object) string {
	if d := r.defOf(o); d != nil {
		return d.ref()
	}
	return "the struct written in place that the targets name " + o.Name
}

// counted reports whether a value of t, a list or a map, is refused when
// empty: a missing required one, which CUE reads as empty, conflicts.
func counted(t *Type) bool {
	switch t.Kind {
	case ListKind:
		return t.MinItems != nil && *t.MinItems > 0
	case TupleKind:
		return len(t.Tuple.Items) > 0 || t.MinItems != nil && *t.MinItems > 0
	case MapKind:
		return t.MinFields != nil && *t.MinFields > 0
	}
	return false
}

// Untagged reports whether the union has no discriminator: its variants
// are told apart by which members a value has, and by their values.
func (u *Union) Untagged() bool { return u.Discriminator == "" }

// Fits are, for each of Members, the variants a value that has the
// member may be, as bits (variant i is 1<<i): those that declare it
// (a field, or a member they forbid, which its value then conflicts
// with), and the open ones, which admit any member. A value's variant
// is among those every member of it that some variant declares fits; a
// member no variant declares leaves those of Unknown.
func (u *Union) Fits() map[string]uint64 {
	fits := map[string]uint64{}
	for i, v := range u.Variants {
		for _, f := range v.Fields {
			fits[f.Name] |= 1 << i
		}
		for _, a := range v.Absent {
			fits[a.Name] |= 1 << i
		}
	}
	open := u.Open()
	for m := range fits {
		fits[m] |= open
	}
	return fits
}

// Open are the variants that are open (they admit members they do not
// name, a library's fields in CUE), as bits; 0 when every one is closed.
func (u *Union) Open() uint64 {
	var open uint64
	for i, v := range u.Variants {
		if v.Open {
			open |= 1 << i
		}
	}
	return open
}

// Unknown are the variants, as bits, that a member no variant declares
// leaves possible: all of them when none is open (the member is unknown
// to the union, skipped as any unknown member is), else the open ones
// (CUE's closed variants conflict with it).
func (u *Union) Unknown() uint64 {
	open := u.Open()
	if open == 0 {
		return 1<<len(u.Variants) - 1
	}
	return open
}

// Members are the names some variant of the union declares, sorted: a
// member no variant declares is unknown to the union, ignored by the Go
// decoder and the open JSON Schema as any unknown member is.
func (u *Union) Members() []string {
	var names []string
	for _, o := range u.Variants {
		for _, n := range memberNames(o) {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	slices.Sort(names)
	return names
}

// sameType reports whether a and b admit the same values, as far as their
// structure says: the same kind, base, constant and constraints, the same
// definitions referred to, and in place (an inline object, a choice of
// JSON kinds, a tuple) the same structure, whatever it is named after.
func sameType(a, b *Type, seen map[[2]*Object]bool) bool {
	if a == nil || b == nil || a == b {
		return a == b
	}
	if ka, ok := selfKey(a); ok {
		// #C: [...#C]: the same definition that holds itself is the same
		// type; two of them are told apart by name, not walked without
		// end through themselves.
		kb, _ := selfKey(b)
		return ka == kb
	}
	if _, ok := selfKey(b); ok {
		return false
	}
	if a.Kind != b.Kind || a.Base != b.Base || a.Const != b.Const || a.Scalar != b.Scalar || a.Enum != b.Enum ||
		a.Union != b.Union || a.Map != b.Map || !reflect.DeepEqual(a.Constraints, b.Constraints) ||
		!sameType(a.Elem, b.Elem, seen) || !sameType(a.Key, b.Key, seen) || len(a.Choice) != len(b.Choice) {
		return false
	}
	for i := range a.Choice {
		if !sameType(a.Choice[i], b.Choice[i], seen) {
			return false
		}
	}
	switch {
	case a.Object != b.Object:
		if a.Object == nil || b.Object == nil || !sameObject(a.Object, b.Object, seen) {
			return false
		}
	case a.OneOf != b.OneOf:
		if a.OneOf == nil || b.OneOf == nil || len(a.OneOf.Alts) != len(b.OneOf.Alts) {
			return false
		}
		for i, x := range a.OneOf.Alts {
			if y := b.OneOf.Alts[i]; x.Kind != y.Kind || !sameType(x.Type, y.Type, seen) {
				return false
			}
		}
	case a.Tuple != b.Tuple:
		if a.Tuple == nil || b.Tuple == nil || len(a.Tuple.Items) != len(b.Tuple.Items) || !sameType(a.Tuple.Rest, b.Tuple.Rest, seen) {
			return false
		}
		for i := range a.Tuple.Items {
			if !sameType(a.Tuple.Items[i], b.Tuple.Items[i], seen) {
				return false
			}
		}
	}
	return true
}

// sameObject is sameType for two objects: the same members, each as
// required and of the same type, open alike, with no rule of their own.
func sameObject(a, b *Object, seen map[[2]*Object]bool) bool {
	if seen[[2]*Object{a, b}] {
		return true
	}
	seen[[2]*Object{a, b}] = true
	if a.Open != b.Open || len(a.Fields) != len(b.Fields) || len(a.Members) > 0 || len(b.Members) > 0 ||
		len(a.Forbids)+len(b.Forbids)+len(a.Refusals)+len(b.Refusals)+len(a.Conditionals)+len(b.Conditionals) > 0 ||
		a.Union != nil || b.Union != nil || !reflect.DeepEqual(a.MinFields, b.MinFields) || !reflect.DeepEqual(a.MaxFields, b.MaxFields) ||
		!slices.Equal(memberNames(a), memberNames(b)) {
		return false
	}
	for _, f := range a.Fields {
		g := b.Field(f.Name)
		if g == nil || f.Optional != g.Optional || f.Default != g.Default || !reflect.DeepEqual(f.MemberDefault, g.MemberDefault) || !sameType(f.Type, g.Type, seen) {
			return false
		}
	}
	return true
}

// selfKey is what a walk of types marks as seen for t when t holds
// itself other than through an object (#C: [...#C], #M: [string]: #M, a
// choice of kinds that holds itself: HoldsItself), which would otherwise
// be walked without end, as CUE's own issue2534 test input was.
func selfKey(t *Type) (any, bool) {
	if !t.HoldsItself() {
		return nil, false
	}
	switch t.Kind {
	case MapKind:
		return t.Map, true
	case OneOfKind:
		return t.OneOf, true
	}
	return t.Alias, true
}

// NeverIncomplete reports whether a value of t that the data gives can
// never be incomplete in CUE: no required field (nor a regular one that
// is not concrete) at any depth, nor a union, whose variant a missing
// member may leave open. The JSON Schema emitter writes a lax schema
// (no field required) only for a type that may be.
func NeverIncomplete(t *Type) bool { return neverIncomplete(t, map[any]bool{}) }
