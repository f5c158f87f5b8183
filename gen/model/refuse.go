package model

import (
	"cuelang.org/go/cue/literal"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/token"
)

// Refusal says: a value whose fields all hold these values at once is
// invalid, e.g. a tally of four zeroes (a seat with nothing today has no
// tally). It is written in CUE as a comprehension whose body is bottom:
//
//	if passed == 0 && failed == 0 { _|_ }
type Refusal struct {
	When []Cond // all must hold for the value to be refused
	Doc  string // the comment above the comprehension: why
	Pos  Pos
}

// Cond is one field == value comparison of a Refusal.
type Cond struct {
	Field string
	// Int is the value when the field is an integer, Str when it is a
	// string or an enum.
	Int int64
	Str string
}

// Describe renders the refused combination, e.g. "passed, failed,
// shipped and prompted all 0" or "kind "spawn" and n 1".
func (r *Refusal) Describe(o *Object) string {
	same := true
	for _, c := range r.When[1:] {
		if c.value(o) != r.When[0].value(o) {
			same = false
		}
	}
	var parts []string
	for _, c := range r.When {
		if same {
			parts = append(parts, c.Field)
		} else {
			parts = append(parts, c.Field+" "+c.value(o))
		}
	}
	list := strings.Join(parts, ", ")
	if i := strings.LastIndex(list, ", "); i >= 0 {
		list = list[:i] + " and " + list[i+2:]
	}
	if same && len(r.When) > 1 {
		return list + " all " + r.When[0].value(o)
	}
	if same {
		return list + " " + r.When[0].value(o)
	}
	return list + " together"
}

// value is the compared value as JSON.
func (c Cond) value(o *Object) string {
	if f := o.Field(c.Field); f != nil && f.Type.BaseOf() == Int {
		return strconv.FormatInt(c.Int, 10)
	}
	if f := o.Field(c.Field); f != nil && f.Type.BaseOf() == Number {
		return c.Str // an ordering's literal, as JSON writes it: 0.5
	}
	return strconv.Quote(c.Str)
}

// comprehensions classifies the if-clauses of an object's struct literal:
// each is a forbid (if f == "v" { g?: _|_ }, found by probing in
// resolveForbids), a refusal (if a == x && b == y { _|_ }, parsed here) or
// a conditional (if x { y: int }, conditional.go); anything else is
// refused with its position, so no constraint is accepted and then
// dropped. It reports whether a forbid may be present.
func (r *resolver) comprehensions(d *def, lit *ast.StructLit) (forbids bool) {
	o := d.object
	for _, e := range flatIfs(lit.Elts) {
		c, ok := e.(*ast.Comprehension)
		if !ok {
			continue
		}
		pos := r.ps.of(c.Pos())
		// if tls != _|_ if tls { … }: clauses of if alone are the
		// conjunction of their tests, each read only where those before
		// it hold, as CUE reads them.
		if decidedFor(c) {
			// for k in ["a", "b"] {(k)?: int}: a loop over what the
			// schema states, which CUE runs before the data, whose
			// fields it lists as any others (each read as one).
			o.Decided = append(o.Decided, pos)
			continue
		}
		if r.clauseJoins == nil {
			r.clauseJoins = map[*ast.BinaryExpr]bool{}
		}
		ifc, ok := ifsAsOne(c.Clauses, r.clauseJoins)
		if !ok {
			r.errorf(pos, "%s: only if clauses are supported in an object (to declare, narrow or forbid fields, or refuse a combination), and for clauses over what the schema states whose variables name the fields only (for k in [\"a\", \"b\"] {(k)?: int}); not a for over the data, one whose variables give a field's value, nor let: the members such a clause makes, and their values, depend on the data, which no JSON Schema keyword, Go or TypeScript type states", d.ref())
			continue
		}
		if aliases := labelAliases(lit); len(aliases) > 0 {
			// _t0="working-directory"?: _, if _t0 != _|_ (cue import's
			// name for a member that is no identifier): the test is of
			// the field the alias names.
			cp := *ifc
			cp.Condition = dealias(ifc.Condition, aliases)
			ifc = &cp
		}
		body, _ := c.Value.(*ast.StructLit)
		if body == nil {
			r.errorf(pos, "%s: the body of an if clause must be a struct", d.ref())
			continue
		}
		if decidedIf(c) {
			o.Decided = append(o.Decided, pos)
			continue
		}
		if isBottomBody(body) {
			ref, ok := r.refusal(o, ifc.Condition)
			if !ok {
				// if a != _|_ && b != _|_ {_|_}, if f {_|_}: conditions
				// no Refusal states, read as a conditional's are.
				cd := &Conditional{Pos: pos, Doc: commentText(c), Refuses: true}
				if msg := r.conditions(o, ifc.Condition, cd); msg != "" {
					r.errorf(r.ps.of(ifc.Condition.Pos()), "%s: %s", d.ref(), msg)
					continue
				}
				o.Conditionals = append(o.Conditionals, cd)
				continue
			}
			ref.Pos = pos
			ref.Doc = commentText(c)
			o.Refusals = append(o.Refusals, ref)
			continue
		}
		if !isForbidBody(body) || !r.testsOneEnum(o, ifc.Condition) {
			// A body that declares, narrows or forbids fields; a forbid
			// whose condition is not of one enum field's value alone
			// (if d != _|_ {c?: _|_}), which the probing of each enum
			// value in resolveForbids would not find.
			r.conditional(d, lit, c, ifc, body)
			continue
		}
		forbids = true
	}
	return forbids
}

// labelAliases maps each label alias of a struct literal's fields to the
// field's name (X="working-directory": T gives X → working-directory).
func labelAliases(lit *ast.StructLit) map[string]string {
	var m map[string]string
	for _, e := range lit.Elts {
		f, ok := e.(*ast.Field)
		if !ok {
			continue
		}
		a, ok := f.Label.(*ast.Alias)
		if !ok {
			continue
		}
		if l, isLabel := a.Expr.(ast.Label); isLabel {
			if name, _, err := ast.LabelName(l); err == nil {
				if m == nil {
					m = map[string]string{}
				}
				m[a.Ident.Name] = name
			}
		}
	}
	return m
}

// dealias returns a copy of the condition e with each identifier that is
// a label alias replaced by the name of the field it aliases.
func dealias(e ast.Expr, aliases map[string]string) ast.Expr {
	switch x := e.(type) {
	case *ast.Ident:
		if name, ok := aliases[x.Name]; ok {
			return &ast.Ident{NamePos: x.NamePos, Name: name}
		}
	case *ast.ParenExpr:
		cp := *x
		cp.X = dealias(x.X, aliases)
		return &cp
	case *ast.BinaryExpr:
		cp := *x
		cp.X, cp.Y = dealias(x.X, aliases), dealias(x.Y, aliases)
		return &cp
	case *ast.UnaryExpr:
		cp := *x
		cp.X = dealias(x.X, aliases)
		return &cp
	}
	return e
}

// isForbidBody reports whether every element of a struct literal forbids
// an optional field (name?: _|_). A body that mixes forbidding with
// declaring is refused where it is read as a conditional.
func isForbidBody(s *ast.StructLit) bool {
	for _, e := range s.Elts {
		f, ok := e.(*ast.Field)
		if !ok || f.Constraint != token.OPTION || !isBottom(f.Value) {
			return false
		}
	}
	return len(s.Elts) > 0
}

// isBottomBody reports whether a struct literal is exactly { _|_ }.
func isBottomBody(s *ast.StructLit) bool {
	if len(s.Elts) != 1 {
		return false
	}
	emb, ok := s.Elts[0].(*ast.EmbedDecl)
	return ok && isBottom(emb.Expr)
}

// isBottom reports whether e is _|_, or error("…"), which CUE evaluates
// to a bottom value of that message (cue import writes it for a false
// schema: error("disallowed")).
func isBottom(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BottomLit:
		return true
	case *ast.ParenExpr:
		return isBottom(x.X)
	case *ast.CallExpr:
		return isIdentNamed(x.Fun, "error") && len(x.Args) <= 1
	}
	return false
}

// refusal parses a && b && … of field == literal comparisons of
// required fields, each field once; ok is false for any other condition,
// which the caller reads as a conditional's (whose reader says what it
// cannot carry).
func (r *resolver) refusal(o *Object, cond ast.Expr) (ref *Refusal, ok bool) {
	ref = &Refusal{}
	var walk func(e ast.Expr) bool
	walk = func(e ast.Expr) bool {
		if p, isParen := e.(*ast.ParenExpr); isParen {
			return walk(p.X)
		}
		b, isBinary := e.(*ast.BinaryExpr)
		switch {
		case !isBinary:
			return false
		case b.Op == token.LAND:
			return walk(b.X) && walk(b.Y)
		case b.Op != token.EQL:
			return false
		}
		c, msg := r.comparison(o, b)
		if msg != "" || slices.ContainsFunc(ref.When, func(prev Cond) bool { return prev.Field == c.Field }) {
			return false
		}
		ref.When = append(ref.When, c)
		return true
	}
	if !walk(cond) {
		return nil, false
	}
	return ref, true
}

// comparison parses field == literal (or literal == field) of a required
// integer, string or enum field; the literal may be named by a definition
// (kind == #ConfigMapKind, with #ConfigMapKind: "ConfigMap").
func (r *resolver) comparison(o *Object, b *ast.BinaryExpr) (Cond, string) {
	return r.comparisonOf(o, b, false)
}

// comparisonOf is comparison; guarded is set where a test of the field's
// presence comes first (if x != _|_ if x == "v"): CUE compares only a
// field that is there, so an optional one is compared too.
func (r *resolver) comparisonOf(o *Object, b *ast.BinaryExpr, guarded bool) (Cond, string) {
	e := ast.Expr(b)
	id, lit := b.X, b.Y
	if !isFieldName(id) {
		id, lit = lit, id
	}
	ident, ok := id.(*ast.Ident)
	ok = ok && isFieldName(ident)
	bl, ok2 := namedLiteral(lit)
	if !ok || !ok2 {
		if def := definitionIn(e); def != "" {
			return Cond{}, definitionTested(e, def)
		}
		return Cond{}, fmt.Sprintf("%s: a comparison is carried between one of the object's own fields, by name, and a literal (x == \"v\", n == 3)", exprString(e))
	}
	f := o.Field(ident.Name)
	if f == nil {
		return Cond{}, notOwnField(exprString(e), ident.Name, o.Name)
	}
	if f.Optional && !guarded {
		return Cond{}, fmt.Sprintf("%s: %s is optional; a comparison tests a required field, which is always there to compare (test an optional field's presence with != _|_)", exprString(e), ident.Name)
	}
	if f.Type.Kind == ConstKind {
		return Cond{}, fmt.Sprintf("%s: %s is a constant (a union's discriminator, or a fixed value), so the comparison always holds or never does", exprString(e), ident.Name)
	}
	c := Cond{Field: f.Name}
	switch {
	case f.Type.BaseOf() == Int && bl.Kind == token.INT:
		n, err := strconv.ParseInt(bl.Value, 0, 64)
		if err != nil {
			return Cond{}, fmt.Sprintf("%s: %v", exprString(e), err)
		}
		c.Int = n
	case f.Type.BaseOf() == Number && (bl.Kind == token.INT || bl.Kind == token.FLOAT) && (b.Op == token.LSS || b.Op == token.LEQ || b.Op == token.GTR || b.Op == token.GEQ):
		// if ratio > 0.5: compared as float64s, as a number field's
		// bounds are (docs/schema-language.md, "Numbers")
		n, err := strconv.ParseFloat(strings.ReplaceAll(bl.Value, "_", ""), 64)
		if err != nil || math.IsInf(n, 0) {
			return Cond{}, fmt.Sprintf("%s: %s is no number a float64 holds; write it in decimal, within ±1.8e308", exprString(e), bl.Value)
		}
		c.Str = strconv.FormatFloat(n, 'g', -1, 64)
	case (f.Type.BaseOf() == String || f.Type.Kind == EnumKind) && bl.Kind == token.STRING:
		s, err := literal.Unquote(bl.Value) // "a", #"a"#, """…"""
		if err != nil {
			return Cond{}, fmt.Sprintf("%s: only simple quoted strings can be compared", exprString(e))
		}
		c.Str = s
	default:
		return Cond{}, fmt.Sprintf("%s: compare an integer field with an integer, a string or enum field with a string", exprString(e))
	}
	return c, ""
}

// exprString prints a small CUE expression for an error message.
func exprString(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.BasicLit:
		return x.Value
	case *ast.BottomLit:
		return "_|_"
	case *ast.ParenExpr:
		return "(" + exprString(x.X) + ")"
	case *ast.BinaryExpr:
		return exprString(x.X) + " " + x.Op.String() + " " + exprString(x.Y)
	}
	// #Values.nodeAffinity, a call, a list: as written, on one line.
	if b, err := format.Node(e); err == nil {
		return strings.Join(strings.Fields(string(b)), " ")
	}
	return fmt.Sprintf("%T", e)
}

// commentText is the doc comment above a node, as plain text.
func commentText(n ast.Node) string {
	var lines []string
	for _, cg := range ast.Comments(n) {
		if cg.Doc {
			lines = append(lines, cg.Text())
		}
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// testsOneEnum reports whether the fields a condition names are one
// required field of the object, of an enum type: whether it holds is
// decided by that field's value alone, which resolveForbids tries member
// by member.
func (r *resolver) testsOneEnum(o *Object, cond ast.Expr) bool {
	names := map[string]bool{}
	ast.Walk(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && o.Field(id.Name) != nil {
			names[id.Name] = true
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			ast.Walk(sel.X, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && o.Field(id.Name) != nil {
					names[id.Name] = true
				}
				return true
			}, nil)
			return false // a selector's label is no field of the object
		}
		return true
	}, nil)
	if len(names) != 1 {
		return false
	}
	for name := range names {
		// An optional enum field CUE cannot compare where the data leaves
		// it out: read as a conditional's test is, which says so.
		if f := o.Field(name); f.Type == nil || f.Type.Kind != EnumKind || f.Optional {
			return false
		}
	}
	return true
}

// flatIfs returns the declarations of a struct literal with each if
// comprehension whose body holds if comprehensions of its own made
// several: the outer clauses over the rest of its body (when there is a
// rest), and each nested comprehension as one of the outer's clauses then
// its own, as CUE evaluates it (if a { if b {…} } is if a if b {…}),
// nested again as deep as written. Such a comprehension's first clause is
// placed at the nested one's if, and it has the nested one's comments, so
// that what is read from it is placed and documented there; an outer one
// keeps its position.
func flatIfs(elts []ast.Decl) []ast.Decl {
	var out []ast.Decl
	for _, e := range elts {
		c, ok := e.(*ast.Comprehension)
		var body *ast.StructLit
		if ok {
			body, _ = c.Value.(*ast.StructLit)
		}
		if body == nil || !onlyIfs(c.Clauses) || !slices.ContainsFunc(body.Elts, isNestedIf) {
			out = append(out, e)
			continue
		}
		outerClauses := c.Clauses
		if ifc, _ := ifsAsOne(c.Clauses, nil); ifc != nil {
			if lit, isLit := ifc.Condition.(*ast.BasicLit); isLit {
				if lit.Kind == token.FALSE {
					out = append(out, e) // never applied: decidedIf
					continue
				}
				if lit.Kind == token.TRUE {
					outerClauses = nil // if true { if a {…} } is if a {…}
				}
			}
		}
		var rest, nested []ast.Decl
		for _, b := range body.Elts {
			if !isNestedIf(b) {
				rest = append(rest, b)
				continue
			}
			n := b.(*ast.Comprehension)
			clauses := append(slices.Clone(outerClauses), n.Clauses...)
			first := *clauses[0].(*ast.IfClause)
			first.If = n.Clauses[0].(*ast.IfClause).If
			clauses[0] = &first
			joined := &ast.Comprehension{Clauses: clauses, Value: n.Value}
			ast.SetComments(joined, ast.Comments(n))
			nested = append(nested, joined)
		}
		if len(rest) > 0 {
			outer, b := *c, *body
			b.Elts = rest
			outer.Value = &b
			out = append(out, &outer)
		}
		out = append(out, flatIfs(nested)...)
	}
	return out
}

// isNestedIf reports whether a declaration is a comprehension of if
// clauses alone.
func isNestedIf(e ast.Decl) bool {
	c, ok := e.(*ast.Comprehension)
	return ok && onlyIfs(c.Clauses)
}

// onlyIfs reports whether every clause is an if clause.
func onlyIfs(clauses []ast.Clause) bool {
	for _, cl := range clauses {
		if _, ok := cl.(*ast.IfClause); !ok {
			return false
		}
	}
	return len(clauses) > 0
}

// ifsAsOne returns clauses that are all if clauses as one, its condition
// their conjunction (if a if b is if a && b); one if clause is itself.
// Each && it writes is put in joins, when joins is not nil: unlike an &&
// written in one condition, whose sides CUE evaluates both (if a != _|_
// && a == "x" is an error where a is absent), a clause is read only
// where those before it hold (resolver.conditions).
func ifsAsOne(clauses []ast.Clause, joins map[*ast.BinaryExpr]bool) (*ast.IfClause, bool) {
	if len(clauses) == 1 {
		ifc, ok := clauses[0].(*ast.IfClause)
		return ifc, ok
	}
	var cond ast.Expr
	var first *ast.IfClause
	for _, cl := range clauses {
		ifc, ok := cl.(*ast.IfClause)
		if !ok {
			return nil, false
		}
		if first == nil {
			first, cond = ifc, ifc.Condition
			continue
		}
		join := &ast.BinaryExpr{X: cond, Op: token.LAND, OpPos: ifc.If, Y: ifc.Condition}
		if joins != nil {
			joins[join] = true
		}
		cond = join
	}
	return &ast.IfClause{If: first.If, Condition: cond}, true
}

// decidedIf reports whether c is an if (or several) whose condition tests
// no data: the constant true or false (if true { #Two }, CUE's OpenAPI
// tests, issue 1643), or definitions alone (if #Values.sampleLimit != _|_
// {…}, timoni: decidedBySchema). CUE has applied its body, or left it
// out, before listing the object's fields, which say it.
func decidedIf(c *ast.Comprehension) bool {
	ifc, ok := ifsAsOne(c.Clauses, nil)
	if !ok {
		return false
	}
	if lit, isLit := ifc.Condition.(*ast.BasicLit); isLit && (lit.Kind == token.TRUE || lit.Kind == token.FALSE) {
		return true
	}
	return decidedBySchema(ifc.Condition)
}

// decidedFor reports whether c is for clauses alone, each over a value
// the schema states (decidedBySchema: a list or struct written in place,
// definitions, hidden fields): CUE runs the loop before any data is given
// and lists the fields its body makes, which the object then has. An if
// or let among the clauses, or a source of the data's, is not decided
// here.
func decidedFor(c *ast.Comprehension) bool {
	fors := map[ast.Node]bool{}
	for _, cl := range c.Clauses {
		f, ok := cl.(*ast.ForClause)
		if !ok || !decidedBySchema(f.Source) {
			return false
		}
		fors[f] = true
	}
	// The loop's variables name the fields ((k)?: int), and no value:
	// a value taken from them (for k, v in #Defs {(k)?: v}) is read as
	// a reference the model does not follow.
	usesVar := false
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Field:
			ast.Walk(x.Value, walk, nil)
			return false
		case *ast.Ident:
			if fors[x.Scope] || fors[x.Node] {
				usesVar = true
			}
		}
		return !usesVar
	}
	ast.Walk(c.Value, walk, nil)
	return len(fors) > 0 && !usesVar
}

// isFieldName reports whether e names a field of the object it is in by
// an identifier: a regular field's name, not a definition's.
func isFieldName(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && !strings.HasPrefix(id.Name, "#")
}

// namedLiteral is the literal e is: written in place ("ConfigMap", 3), or
// the value of a definition it names (#ConfigMapKind, declared
// #ConfigMapKind: "ConfigMap"), followed through definitions that name
// another. A definition declared in several places is read where the
// reference resolves; any other declaration can only be the same literal
// or a type admitting it, or CUE refuses the schema.
func namedLiteral(e ast.Expr) (*ast.BasicLit, bool) {
	for range 16 {
		switch x := e.(type) {
		case *ast.BasicLit:
			return x, true
		case *ast.UnaryExpr:
			// -2, -0.5: the negative number
			lit, ok := x.X.(*ast.BasicLit)
			if x.Op != token.SUB || !ok || lit.Kind != token.INT && lit.Kind != token.FLOAT {
				return nil, false
			}
			return &ast.BasicLit{ValuePos: x.Pos(), Kind: lit.Kind, Value: "-" + lit.Value}, true
		case *ast.Ident:
			n, ok := x.Node.(ast.Expr)
			if !ok || !strings.HasPrefix(x.Name, "#") {
				return nil, false
			}
			e = n
		default:
			return nil, false
		}
	}
	return nil, false
}
