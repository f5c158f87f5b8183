package model

import (
	"cmp"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/token"
)

// memberDefaultKinds are the types T of T | *X that a default taken
// from members of the data (MemberDefault) may sit beside: a type of
// one kind with no constraint, which admits whatever X comes to.
var memberDefaultKinds = map[string]Base{"string": String, "int": Int, "number": Number, "bool": Bool}

// memberDefault reads a regular field's value T | *X whose default X
// takes members of the data (HumanName: string | *Name, Plural: string
// | *"\(Name)s", hof's data models), when X refers only to members of
// the struct that declares the field and T is a type of one kind alone.
// It returns the default, T's value (the field's type) and T's base; or
// why it is not carried, "" where X is not of this form.
//
// T may also be a constrained type of one of those kinds
// (instanceID: *localHostname | #NonEmptyString, GilmanLab's Talos
// schema): CUE admits T or the member's value, which is T alone when
// every value the member admits is one T admits, as checkMemberDefaults
// then requires (impliesType); typed says so, and the type returned is
// T's value, constraints and all.
func (r *resolver) memberDefault(src ast.Expr, v cue.Value, name string) (md *MemberDefault, t cue.Value, base Base, why string, typed bool) {
	ops := orOperands(src)
	if len(ops) != 2 {
		return nil, cue.Value{}, 0, "", false
	}
	var mark *ast.UnaryExpr
	var other ast.Expr
	for _, op := range ops {
		if x, ok := unparen(op).(*ast.UnaryExpr); ok && x.Op == token.MUL {
			mark = x
		} else {
			other = op
		}
	}
	if mark == nil || other == nil {
		return nil, cue.Value{}, 0, "", false
	}
	switch unparen(mark.X).(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.Interpolation, *ast.CallExpr:
	default:
		return nil, cue.Value{}, 0, "", false
	}
	const notAlone = "the other alternative is not string, int, number or bool, alone or constrained"
	if typ, ok := unparen(other).(*ast.Ident); ok && typ.Node == nil {
		b, ok := memberDefaultKinds[typ.Name]
		if !ok {
			return nil, cue.Value{}, 0, notAlone, false
		}
		base, t = b, v.Context().CompileString(typ.Name)
	} else {
		alt, ok := r.alternativeOf(v, other)
		if !ok {
			return nil, cue.Value{}, 0, notAlone, false
		}
		if base, ok = kindBase(alt.IncompleteKind()); !ok {
			return nil, cue.Value{}, 0, notAlone, false
		}
		t, typed = alt, true
	}
	d := &MemberDefault{Source: exprString(mark.X)}
	switch x := unparen(mark.X).(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr:
		p, chain, why := memberPart(x, src, name)
		if why != "" {
			return nil, cue.Value{}, 0, why, false
		}
		d.Parts, d.Chain = []DefaultPart{p}, chain
	case *ast.Interpolation:
		if base != String {
			return nil, cue.Value{}, 0, "a string interpolation is beside int, number or bool, not string", false
		}
		if typed {
			return nil, cue.Value{}, 0, "a string interpolation is beside a constrained type, which the text it makes may not meet", false
		}
		parts, chain, why := interpolationParts(x, src, name)
		if why != "" {
			return nil, cue.Value{}, 0, why, false
		}
		d.Parts, d.Chain = parts, chain
	default:
		return nil, cue.Value{}, 0, "", false
	}
	if typed && (len(d.Parts) != 1 || len(d.Parts[0].Funcs) > 0) {
		return nil, cue.Value{}, 0, "a function of a member is beside a constrained type, which what it gives may not meet", false
	}
	return d, t, base, "", typed
}

// alternativeOf is the alternative of the disjunction v whose source is
// e, as CUE evaluates it.
func (r *resolver) alternativeOf(v cue.Value, e ast.Expr) (cue.Value, bool) {
	op, args := r.expr(v)
	if op != cue.OrOp {
		return cue.Value{}, false
	}
	for _, a := range args {
		if a.Source() == e || a.Source() == unparen(e) {
			return a, true
		}
	}
	return cue.Value{}, false
}

// unparen returns e without the parentheses around it.
func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// interpolationParts reads "…\(a)…\(b)…" into its literal pieces and
// the members it takes, each a member of the field's own struct.
func interpolationParts(x *ast.Interpolation, src ast.Expr, name string) ([]DefaultPart, []string, string) {
	first, last := x.Quotes()
	info, prefixLen, _, err := literal.ParseQuotes(first.Value, last.Value)
	if err != nil || !info.IsDouble() {
		return nil, nil, "the interpolation is not of a string"
	}
	var parts []DefaultPart
	var chain []string
	for i := 0; i < len(x.Elts); i += 2 {
		l, ok := x.Elts[i].(*ast.BasicLit)
		if !ok || len(l.Value) < prefixLen {
			return nil, nil, "it is not a string interpolation"
		}
		s, err := info.Unquote(l.Value[prefixLen:])
		if err != nil {
			return nil, nil, "it is not a string interpolation"
		}
		if s != "" {
			parts = append(parts, DefaultPart{Lit: s})
		}
		prefixLen = 1
		if i+1 >= len(x.Elts) {
			break
		}
		p, c, why := memberPart(x.Elts[i+1].(ast.Expr), src, name)
		if why != "" {
			return nil, nil, why
		}
		if i := slices.IndexFunc(parts, func(q DefaultPart) bool { return q.Member != "" }); i >= 0 && parts[i].Up != p.Up {
			return nil, nil, "it takes members of different objects (its own and one that holds it)"
		}
		if p.Up > 0 {
			chain = c
		}
		parts = append(parts, p)
	}
	return parts, chain, ""
}

// memberPart reads a reference to a member of the field's own object, or
// a path into the objects it holds (request.method), as a DefaultPart.
func memberPart(e ast.Expr, src ast.Expr, name string) (DefaultPart, []string, string) {
	if call, ok := unparen(e).(*ast.CallExpr); ok {
		// strings.ToLower(Name): a function of Go's own on a member.
		f, arg, why := stringFunc(call)
		if why != "" {
			return DefaultPart{}, nil, why
		}
		p, chain, why := memberPart(arg, src, name)
		if why != "" {
			return DefaultPart{}, nil, why
		}
		p.Funcs = append(p.Funcs, f)
		return p, chain, ""
	}
	var path []string
	e = unparen(e)
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			break
		}
		step, isIdent, err := ast.LabelName(sel.Sel)
		if err != nil || (isIdent && (strings.HasPrefix(step, "#") || strings.HasPrefix(step, "_"))) {
			return DefaultPart{}, nil, exprString(e) + " is not a path of members"
		}
		path = append([]string{step}, path...)
		e = unparen(sel.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return DefaultPart{}, nil, exprString(e) + " is not a member's name"
	}
	if siblingMember(id, src, name) {
		return DefaultPart{Member: id.Name, Path: path}, nil, ""
	}
	if len(path) > 0 && namesOwnStruct(id, src, name) {
		// app: {dir: string | *"/app", script: string | *"\(app.dir)/run"}:
		// app.dir, through the name of the field that holds the
		// struct, is the struct's own member dir.
		return DefaultPart{Member: path[0], Path: path[1:]}, nil, ""
	}
	if chain := enclosingChain(id, src, name); len(chain) > 0 {
		// Validation: {Max: int | *Length}: Length is a member of the
		// object that holds the field's own in Validation.
		return DefaultPart{Member: id.Name, Path: path, Up: len(chain)}, chain, ""
	}
	return DefaultPart{}, nil, id.Name + " is not a member of the object the field is in"
}

// enclosingChain returns the labels of the fields, each written as a
// struct in place, from the struct that declares the member id names to
// the struct that declares the field name whose value src is
// (Validation, for Length in String: {Length: …, Validation: {Max: int |
// *Length}}); nil when id is not so declared.
func enclosingChain(id *ast.Ident, src ast.Expr, name string) []string {
	decls, ok := memberScope(id)
	if !ok {
		return nil
	}
	if !slices.ContainsFunc(decls, func(e ast.Decl) bool { g, ok := e.(*ast.Field); return ok && declares(g, id) }) {
		return nil
	}
	var chain []string
	for range MaxRefDepth {
		var next *ast.Field
		for _, e := range decls {
			if g, ok := e.(*ast.Field); ok && holds(g, src.Pos()) {
				next = g
			}
		}
		if next == nil {
			return nil
		}
		label, _, err := ast.LabelName(next.Label)
		if err != nil {
			return nil
		}
		if next.Value == src {
			if label != name {
				return nil
			}
			return chain
		}
		lit, ok := next.Value.(*ast.StructLit)
		if !ok {
			return nil
		}
		chain = append(chain, label)
		decls = lit.Elts
	}
	return nil
}

// namesOwnStruct reports whether id names the field whose value is the
// struct literal that declares the field name whose value src is (app in
// app: {…, script: string | *"\(app.dir)"}).
func namesOwnStruct(id *ast.Ident, src ast.Expr, name string) bool {
	decls, ok := memberScope(id)
	if !ok {
		return false
	}
	for _, e := range decls {
		g, ok := e.(*ast.Field)
		if !ok || !declares(g, id) {
			continue
		}
		lit, ok := g.Value.(*ast.StructLit)
		if !ok {
			return false
		}
		for _, e := range lit.Elts {
			if h, ok := e.(*ast.Field); ok && holds(h, src.Pos()) {
				label, _, err := ast.LabelName(h.Label)
				return err == nil && label == name
			}
		}
		return false
	}
	return false
}

// memberScope returns the declarations of the struct (or file) in which
// id, a reference to a regular field, is found; ok is false for a
// definition, a hidden field, a name CUE declares or any other scope.
func memberScope(id *ast.Ident) (decls []ast.Decl, ok bool) {
	if strings.HasPrefix(id.Name, "#") || strings.HasPrefix(id.Name, "_") || id.Node == nil {
		return nil, false
	}
	switch s := id.Scope.(type) {
	case *ast.StructLit:
		return s.Elts, true
	case *ast.File:
		return s.Decls, true
	}
	return nil, false
}

// declares reports whether g is the field id refers to (CUE resolves a
// reference to the field's label or value).
func declares(g *ast.Field, id *ast.Ident) bool {
	if g.Value != id.Node && g.Label != id.Node {
		return false
	}
	label, _, err := ast.LabelName(g.Label)
	return err == nil && label == id.Name
}

// siblingMember reports whether id names a field declared by the struct
// that declares the field name whose value src is: a member of the same
// object (an outer struct's is not, nor a definition, a let or a hidden
// field).
func siblingMember(id *ast.Ident, src ast.Expr, name string) bool {
	decls, ok := memberScope(id)
	if !ok {
		return false
	}
	own, member := false, false
	for _, e := range decls {
		g, ok := e.(*ast.Field)
		if !ok {
			continue
		}
		label, _, err := ast.LabelName(g.Label)
		if err != nil {
			continue
		}
		if label == name && holds(g, src.Pos()) {
			own = true
		}
		if declares(g, id) {
			member = true
		}
	}
	return own && member
}

// memberDefaultsOf is an object with a field whose default takes other
// members, and how errors name it.
// typedDefault is a field of o whose value is T | *X with T a
// constrained type, and X's MemberDefault (set on the field or not: a
// required field's default is never applied, but X's value is still
// admitted).
type typedDefault struct {
	o    *Object
	f    *Field
	md   *MemberDefault
	what string
}

// checkTypedDefaults holds each typed default's member to the field's
// type: CUE admits a value of T or the member's value, which is T alone
// only when every value of the member's type is one of T's.
func (r *resolver) checkTypedDefaults() {
	for _, td := range r.typedDefaults {
		if td.f.Type == nil {
			continue // refused already
		}
		var m *Field
		if !td.md.Held() {
			m, _ = td.md.Parts[0].Leaf(td.o)
		}
		if m == nil || m.Type == nil {
			r.errorf(td.f.Pos, "%s.%s: its default is %s, beside a constrained type: CUE admits the type's values or the member's, which every target states as the type alone only where the member is a field of the same object whose type admits nothing the field's does not; state a constant default (*\"x\"), or make the field required or optional", td.what, td.f.Name, td.md.Source)
			continue
		}
		if !impliesType(m.Type, td.f.Type) {
			r.errorf(td.f.Pos, "%s.%s: its default is %s, whose type admits values the field's constrained type does not: CUE admits a value of either, which no target states beside the field's type; give %s a type that admits only what the field's does (the same type, or one that conjoins it), or drop the default", td.what, td.f.Name, td.md.Source, td.md.Source)
		}
	}
}

// impliesType reports whether every value type m admits is one type t
// admits, as far as the model shows it: the same named type (a scalar or
// an enum: kind: #Kind beside other: *kind | #Kind), or the same
// base with every constraint of t among m's (its patterns and excluded
// values among m's, its bounds no wider than m's).
func impliesType(m, t *Type) bool {
	if m.Kind == ScalarKind && t.Kind == ScalarKind && m.Scalar == t.Scalar ||
		m.Kind == EnumKind && t.Kind == EnumKind && m.Enum == t.Enum {
		return true
	}
	switch m.Kind {
	case BasicKind, ScalarKind:
	default:
		return false
	}
	switch t.Kind {
	case BasicKind, ScalarKind:
	default:
		return false
	}
	if m.BaseOf() != t.BaseOf() || len(m.Choice) > 0 || len(t.Choice) > 0 {
		return false
	}
	mc, tc := m.Effective(), t.Effective()
	subset := func(ts, ms []string) bool {
		for _, x := range ts {
			if !slices.Contains(ms, x) {
				return false
			}
		}
		return true
	}
	if !boundWithin(tc.MinRunes, mc.MinRunes, true) || !boundWithin(tc.MaxRunes, mc.MaxRunes, false) ||
		!boundWithin(tc.Min, mc.Min, true) || !boundWithin(tc.Max, mc.Max, false) ||
		!subset(tc.Patterns, mc.Patterns) || !subset(tc.NotPatterns, mc.NotPatterns) || !subset(tc.Not, mc.Not) {
		return false
	}
	// Every other constraint (formats, fractional bounds, multiples,
	// the integer's width) must be the same on both.
	mc.MinRunes, mc.MaxRunes, mc.Min, mc.Max, mc.Patterns, mc.NotPatterns, mc.Not = nil, nil, nil, nil, nil, nil, nil
	tc.MinRunes, tc.MaxRunes, tc.Min, tc.Max, tc.Patterns, tc.NotPatterns, tc.Not = nil, nil, nil, nil, nil, nil, nil
	return reflect.DeepEqual(mc, tc)
}

// boundWithin reports whether a bound mb is no wider than tb (at least it
// where least, at most it otherwise); a nil tb bounds nothing.
func boundWithin[T cmp.Ordered](tb, mb *T, least bool) bool {
	switch {
	case tb == nil:
		return true
	case mb == nil:
		return false
	case least:
		return *mb >= *tb
	}
	return *mb <= *tb
}

type memberDefaultsOf struct {
	o    *Object
	what string
}

// noteMemberDefault records f, a field of o with a MemberDefault beside
// a type of base, for checkMemberDefaults.
func (r *resolver) noteMemberDefault(o *Object, f *Field, what string, base Base) {
	if r.memberDefaultBases == nil {
		r.memberDefaultBases = map[*Field]Base{}
	}
	if !r.memberDefaultObjs[o] {
		// A set, not a search of the list: a contract may have many.
		if r.memberDefaultObjs == nil {
			r.memberDefaultObjs = map[*Object]bool{}
		}
		r.memberDefaultObjs[o] = true
		r.memberDefaults = append(r.memberDefaults, memberDefaultsOf{o, what})
	}
	r.memberDefaultBases[f] = base
}

// checkMemberDefaults holds each field's MemberDefault to the members it
// takes, once every object is read: each a field of the object (or of
// the objects its required fields hold, along a path) that valid data
// always has (required, or with a constant default), of a kind the
// default may take (a string, an integer or a boolean in an
// interpolation; T's own kind alone), with no default computed in turn.
// A field whose default fails is refused, at the field. A member that is
// a constant here (#UUID: #Field & {Name: "id"}) is its text in the
// default, and a default of constants alone is a constant default.
func (r *resolver) checkMemberDefaults() {
	defer r.filledByDefaults()
	r.checkTypedDefaults()
	for _, of := range r.memberDefaults {
		o := of.o
		for _, f := range o.Fields {
			d := f.MemberDefault
			if d == nil {
				continue
			}
			base := r.memberDefaultBases[f]
			alone := d.Alone()
			if d.Held() {
				r.checkHeldDefault(o, f, of.what, base)
				continue
			}
			refused := false
			for _, p := range d.Parts {
				if p.Member == "" {
					continue
				}
				m, way := p.Leaf(o)
				why := memberWhy(m, way, alone, base, len(p.Funcs) > 0)
				if why != "" {
					r.errorf(f.Pos, "%s.%s: its default %s takes %s: %s; state a constant default (*\"x\"), or make the field required or optional", of.what, f.Name, d.Source, p.Name(), why)
					refused = true
				}
			}
			if !refused {
				foldConstMembers(o, f, base)
			}
		}
	}
}

// memberWhy says why a default may not take the member m, reached
// through the fields way; "" when it may.
func memberWhy(m *Field, way []*Field, alone bool, base Base, funcs bool) string {
	isString := m != nil && (m.Type.Kind == EnumKind || m.Type.BaseOf() == String) && defaultMemberKind(m.Type, false, base)
	switch {
	case m == nil:
		return "it is not among the fields of the object schemagen carries (refused where it is declared, or declared by no struct of the object)"
	case slices.ContainsFunc(way, func(w *Field) bool { return w.Optional }):
		return "the path goes through an optional member, which valid data may leave out"
	case m.MemberDefault != nil || len(m.CondDefaults) > 0:
		return "its own default is not a constant"
	case funcs && !isString:
		return "strings' functions take a string (no time, duration or URL, which Go holds in types of their own)"
	case funcs && alone && base != String:
		return "strings' functions give a string, which the field's type is not"
	case !funcs && !defaultMemberKind(m.Type, alone, base):
		if alone {
			return fmt.Sprintf("it is not of the field's kind (%s), which must admit whatever the default comes to", base)
		}
		return "an interpolation takes a string, an integer or a boolean, whose text every target writes as CUE does"
	case m.Type.Kind == ConstKind:
	case m.Optional && m.Default == "":
		return "it is optional with no constant default, so valid data may leave it out, and CUE's default is then incomplete"
	}
	return ""
}

// checkHeldDefault holds a field f of o whose default takes members of
// an object that holds o (Validation: {Max: int | *Length}) to each
// object that holds o along the default's chain of fields, each of which
// must be one: the Go Get method that computes the default is each
// holder's (Object.HeldDefaults), which sees its members.
func (r *resolver) checkHeldDefault(o *Object, f *Field, what string, base Base) {
	d := f.MemberDefault
	found := false
	for _, e := range r.pkg.Objects {
		path, ok := chainTo(e, d.Chain, o)
		if !ok {
			continue
		}
		found = true
		refused := false
		for _, p := range d.Parts {
			if p.Member == "" {
				continue
			}
			m, way := p.Leaf(e)
			if why := memberWhy(m, way, d.Alone(), base, len(p.Funcs) > 0); why != "" {
				r.errorf(f.Pos, "%s.%s: its default %s takes %s of %s, which holds it: %s; state a constant default (*\"x\"), or make the field required or optional", what, f.Name, d.Source, p.Name(), e.Name, why)
				refused = true
			}
		}
		if !refused {
			e.HeldDefaults = append(e.HeldDefaults, &HeldDefault{Path: append(path, f)})
		}
	}
	if !found {
		r.errorf(f.Pos, "%s.%s: its default %s takes members of the object that holds it in %s, which schemagen finds in no object's fields; state a constant default (*\"x\"), or make the field required or optional", what, f.Name, d.Source, strings.Join(d.Chain, "."))
	}
}

// chainTo returns the fields of e along labels, each an object, the last
// of which is o.
func chainTo(e *Object, labels []string, o *Object) ([]*Field, bool) {
	var path []*Field
	at := e
	for _, l := range labels {
		f := at.Field(l)
		if f == nil || f.Type.Kind != ObjectKind {
			return nil, false
		}
		path = append(path, f)
		at = f.Type.Object
	}
	return path, at == o
}

// foldConstMembers writes each member of f's MemberDefault that is a
// constant as its text, and makes a default of text alone f's Default.
func foldConstMembers(o *Object, f *Field, base Base) {
	d := f.MemberDefault
	var parts []DefaultPart
	for _, p := range d.Parts {
		if m, _ := p.Leaf(o); p.Member != "" && m.Type.Kind == ConstKind {
			lit := m.Type.Const
			for _, f := range p.Funcs {
				lit = f.Apply(lit)
			}
			p = DefaultPart{Lit: lit}
		}
		if n := len(parts); n > 0 && p.Member == "" && parts[n-1].Member == "" {
			parts[n-1].Lit += p.Lit
			continue
		}
		parts = append(parts, p)
	}
	d.Parts = parts
	if len(parts) != 1 || parts[0].Member != "" {
		return
	}
	f.MemberDefault = nil
	if base == String {
		b, _ := json.Marshal(parts[0].Lit)
		f.Default = string(b)
	} else {
		f.Default = parts[0].Lit // an integer in decimal, true or false
	}
}

// defaultMemberKind reports whether a member of type t may be taken by
// a MemberDefault: alone, of the field's base (an integer not beyond
// int64, which the field's type is); in an interpolation, a string (no
// time, date, duration nor URL, which Go holds in types of their own or
// reads), an integer or a boolean.
func defaultMemberKind(t *Type, alone bool, base Base) bool {
	switch t.Kind {
	case BasicKind, ScalarKind, ConstKind, EnumKind:
	default:
		return false
	}
	b := t.BaseOf()
	if t.Kind == EnumKind {
		b = String // an enum's members are strings
	}
	if c := t.Effective(); c.Duration || c.URL != "" || t.Unsigned() {
		return false
	}
	if alone {
		return b == base
	}
	return b == String || b == Int || b == Bool
}

// inputDefault reads a field's value T | *X whose default X takes a
// template's input that the schema leaves open and no JSON document sets
// (name: string | *"\(#name)-pg", resourceName: string |
// *"\(_release)-\(_comp)": a definition or a hidden field, as KubeVela's
// and hof's templates write them): X is incomplete for every document, so
// CUE never applies it (cue eval shows the field as T, cue vet -c refuses
// a document that leaves it out and admits any T), and the field's type
// is T's. It returns T's value; ok is false for any other value.
func (r *resolver) inputDefault(v cue.Value, src ast.Expr) (cue.Value, bool) {
	ops := orOperands(src)
	if len(ops) != 2 || !slices.ContainsFunc(ops, func(e ast.Expr) bool {
		m, ok := unparen(e).(*ast.UnaryExpr)
		return ok && m.Op == token.MUL
	}) {
		return cue.Value{}, false
	}
	if _, has := v.Default(); has || v.Err() != nil {
		return cue.Value{}, false
	}
	op, args := r.expr(v)
	if op != cue.OrOp || len(args) != 2 {
		return cue.Value{}, false
	}
	var good []cue.Value
	for _, a := range args {
		err := a.Err()
		switch {
		case err == nil:
			good = append(good, a)
		case !strings.Contains(err.Error(), "non-concrete value") && !strings.Contains(err.Error(), "incomplete"):
			return cue.Value{}, false // an error of the schema's own
		}
	}
	if len(good) != 1 {
		return cue.Value{}, false
	}
	return good[0], true
}

// checkHeldGetters refuses a holder's Get method of a held default
// (HeldDefault.GetterName) whose name a field of the holder, or its Get
// method, or another held default's already has.
func (r *resolver) checkHeldGetters() {
	for _, e := range r.pkg.Objects {
		taken := map[string]bool{}
		for _, g := range e.Fields {
			taken[g.GoName] = true
			if g.HasDefault() {
				taken[GetterName(g)] = true
			}
		}
		for _, h := range e.HeldDefaults {
			name := h.GetterName()
			if taken[name] {
				r.errorf(h.Field().Pos, "%s: the Go method %s that gives %s its default in %s is a name %s has already; name a field otherwise with @go(Name)", e.Name, name, h.Field().Name, e.Name, e.Name)
			}
			taken[name] = true
		}
	}
}

// filledByDefaults makes optional each regular field of an object type
// that CUE fills in where the data leaves it out (Validation: {Max: int |
// *Length, Label: string | *"\(Name)"}): its object requires nothing, and
// a member's default taken from the data (MemberDefault) left it
// incomplete in the schema alone, which made the field required. Given
// valid data CUE computes those defaults, so the field is concrete and
// the data may leave it out, as cue vet agrees. Objects in such objects
// are read first: the rule runs until nothing changes.
func (r *resolver) filledByDefaults() {
	if len(r.memberDefaults) == 0 {
		return
	}
	filled := map[*Object]bool{}
	for _, of := range r.memberDefaults {
		filled[of.o] = true
	}
	for changed := true; changed; {
		changed = false
		for _, e := range r.pkg.Objects {
			for _, f := range e.Fields {
				if !f.regular || f.Optional || f.Type.Kind != ObjectKind || !filled[f.Type.Object] || requires(f.Type.Object) {
					continue
				}
				f.Optional = true
				filled[e] = true
				changed = true
				if r.supplied[e] == "" {
					// CUE supplies it where the data leaves it out, and
					// struct.MinFields/MaxFields count it then.
					r.supplied[e] = f.Name
					r.checkSupplied(e, e.Name, e.Pos)
				}
			}
		}
	}
}

// stringFunc reads a call of one of StringFuncs (strings.ToLower(x),
// strings.Replace(x, "_", "-", -1), its other arguments literals) and
// returns it with its first argument; why says why not otherwise.
func stringFunc(call *ast.CallExpr) (StringFunc, ast.Expr, string) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return StringFunc{}, nil, exprString(call) + " is a call, not a member's name"
	}
	pkg, ok := sel.X.(*ast.Ident)
	name, _, err := ast.LabelName(sel.Sel)
	if !ok || err != nil || !isImport(pkg.Node) || pkg.Node.(*ast.ImportSpec).Path.Value != `"strings"` || StringFuncs[name] == 0 {
		return StringFunc{}, nil, exprString(call) + " calls a function other than strings.ToLower, ToUpper, TrimSpace and Replace (whose CUE and Go are one)"
	}
	if len(call.Args) != StringFuncs[name] {
		return StringFunc{}, nil, exprString(call) + " has not the arguments of strings." + name
	}
	f := StringFunc{Name: name}
	if name == "Replace" {
		old, okOld := stringLit(call.Args[1])
		new, okNew := stringLit(call.Args[2])
		n, okN := intLit(call.Args[3])
		if !okOld || !okNew || !okN {
			return StringFunc{}, nil, exprString(call) + ": strings.Replace's other arguments are literals here"
		}
		f.Old, f.New, f.N = old, new, n
	}
	return f, call.Args[0], ""
}

// stringLit reads a double-quoted string literal.
func stringLit(e ast.Expr) (string, bool) {
	l, ok := unparen(e).(*ast.BasicLit)
	if !ok || l.Kind != token.STRING || !strings.HasPrefix(l.Value, `"`) || strings.HasPrefix(l.Value, `"""`) {
		return "", false
	}
	s, err := literal.Unquote(l.Value)
	return s, err == nil
}

// intLit reads an integer literal, -1 too.
func intLit(e ast.Expr) (int, bool) {
	neg := false
	if u, ok := unparen(e).(*ast.UnaryExpr); ok && u.Op == token.SUB {
		neg, e = true, u.X
	}
	l, ok := unparen(e).(*ast.BasicLit)
	if !ok || l.Kind != token.INT {
		return 0, false
	}
	n, err := strconv.Atoi(l.Value)
	if err != nil {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}
