package model

import (
	"fmt"
	"go/token"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	cuetoken "cuelang.org/go/cue/token"

	"github.com/schemagen/schemagen/gen/cuesrc"
)

// The syntax checks refuse, at their positions, the CUE constructs that
// CUE evaluates but no other target could state the same way, so that
// nothing the schema says is dropped on the way to Go, JSON Schema,
// TypeScript or C:
//
//   - a default (*"red" | "blue", int | *5): CUE fills it in where a value
//     is absent, but an optional field's absence is an answer of its own
//     here, and JSON Schema's default is only an annotation;
//   - schemagen's own attributes where they mean nothing: @go(Name) is
//     read on a wire definition or field (its Go name, in the spelling of
//     CUE's gengotypes), @since, @removed and @enum on a layout struct's
//     fields (read by the layout engine), and @json nowhere (a JSON name
//     that differs from the field's would make CUE disagree with every
//     target). Attributes of other tools (@protobuf, @cuetsy,
//     @jsonschema, CUE's own @experiment, @if, @extern, …) belong to
//     those tools and are left alone, as CUE leaves them;
//   - an open struct (...), which accepts any field.
//
// A pattern constraint ([string]: T) beside fields is refused by the
// resolver, which sees it however it was written.

// goAttrs are the @go(Name) attributes of a wire package: by definition
// (CUE name without '#'), and by definition and field for its fields.
type goAttrs struct {
	defs   map[string]goAttr
	fields map[[2]string]goAttr
	// nested are the @go(Name) of fields below a definition's own (of
	// an inline struct: holos's Repo: {name: string @go(Name)}, as cue
	// get go writes a Go struct type in place), by the field's position:
	// each names the Go field of every object that field is one of.
	nested map[Pos]goAttr
	// inHidden are the positions of nested that lie in a top-level hidden
	// field or definition (cue get go's _#joinResponse of an unexported
	// Go type), which is carried only where something refers to it.
	inHidden map[Pos]bool
	// requiredDefs is set when a file declares a required definition
	// (#V!: T) outside hidden fields: the resolver then asks CUE which
	// objects hold one the schema leaves unset.
	requiredDefs bool
	// labelRefs are the positions of the references the syntax check
	// refused in a pattern's value to the pattern's own label
	// ([name=_]: name, labelValue), which the resolver does not repeat
	// where it reads the value.
	labelRefs map[Pos]bool
	// embeddedValidators are the positions of the validators the syntax
	// check refused embedded beside a struct's fields (embeddedValidator),
	// where the resolver's reading of the struct would only repeat CUE's
	// "non-concrete value _".
	embeddedValidators map[Pos]bool
	// embeddedAt are the paths of the structs that embed them, whose
	// "non-concrete value _" the resolver reports where the validator is
	// declared (#V: matchN(…), embedded as {a?: int, #V}).
	embeddedAt map[string]bool
	// omit are the top-level definitions @go(-) leaves out of the Go
	// types, as gengotypes reads it, by name (CUE name without '#').
	omit map[string]Pos
	// pkg is the Go package's name a file attribute gives, @go(si) or
	// @go("si") as gengotypes reads it; "" when no file has one.
	pkg goAttr
}

type goAttr struct {
	name string
	pos  Pos
	omit bool // @go(-)
	// goType is a field's @go(…,type=T): the Go type its author expects,
	// which the Go emitter checks against the one it gives the field
	// (Field.GoType).
	goType string
	// zero is a field's @go(…,optional=zero): its Go field is the value
	// itself, whose zero stands for absent (Field.GoZero).
	zero bool
}

// checkSyntax walks every file of a package. For a wire package (layout
// false) it returns the @go attributes it found; a layout package's
// definition fields keep theirs for the layout engine.
func checkSyntax(ps positions, inst *build.Instance, layout bool) (goAttrs, ErrorList) {
	c := &syntaxChecker{ps: ps, layout: layout, attrs: goAttrs{defs: map[string]goAttr{}, fields: map[[2]string]goAttr{}, nested: map[Pos]goAttr{}, inHidden: map[Pos]bool{}}}
	c.defs = map[string][]ast.Expr{}
	for _, f := range inst.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.Field); ok {
				if label, _, err := ast.LabelName(fd.Label); err == nil && strings.HasPrefix(label, "#") && fd.Value != nil {
					c.defs[label] = append(c.defs[label], fd.Value)
				}
			}
		}
	}
	for _, f := range inst.Files {
		c.utf8(f.Filename)
		c.file(f)
	}
	return c.attrs, c.errs
}

// How a top-level definition reads where an embedding or a conjunction
// names it (validatedDef).
const (
	notValidated   = iota
	validatorAlone // #V: matchN(…), or {matchN(…)}: a validator and nothing else
	openBeside     // #W: {b?: int} & matchN(…): a struct CUE leaves open beside its validator
)

// validatedDef reads the top-level definition named label as the
// resolver's openBesideValidator reads a value: a validator alone, a
// struct CUE v0.17.1 leaves open beside one (struct literals and
// validators conjoined, or names of such, and nothing else), or neither.
// seen ends a definition that names itself.
func (c *syntaxChecker) validatedDef(label string, seen map[string]bool) int {
	exprs := c.defs[label]
	if len(exprs) == 0 || seen[label] {
		return notValidated
	}
	seen[label] = true
	defer delete(seen, label)
	validated, lits := false, false
	for _, e := range exprs {
		for _, x := range andOperands(e) {
			if lit, ok := x.(*ast.StructLit); ok && len(lit.Elts) == 1 {
				if em, ok := lit.Elts[0].(*ast.EmbedDecl); ok {
					x = em.Expr // {matchN(…)}: the struct's value
				}
			}
			switch besideValidatorPart(x) {
			case partValidator:
				validated = true
			case partStruct:
				lits = true
			default:
				id, ok := x.(*ast.Ident)
				if !ok {
					return notValidated
				}
				switch c.validatedDef(id.Name, seen) {
				case validatorAlone:
					validated = true
				case openBeside:
					validated, lits = true, true
				default:
					return notValidated
				}
			}
		}
	}
	switch {
	case validated && lits:
		return openBeside
	case validated:
		return validatorAlone
	}
	return notValidated
}

// namedDef returns the label of the package's top-level definition that
// the identifier e names, where it names one and nothing nearer
// declares the name.
func (c *syntaxChecker) namedDef(e ast.Expr) (string, bool) {
	id, ok := e.(*ast.Ident)
	if !ok || !strings.HasPrefix(id.Name, "#") || len(c.defs[id.Name]) == 0 {
		return "", false
	}
	if f, isField := id.Node.(*ast.Field); isField && !slices.ContainsFunc(c.defs[id.Name], func(v ast.Expr) bool { return v == f.Value }) {
		return "", false // a definition declared in a struct nearer the reference
	}
	return id.Name, true
}

// writtenOpen reports whether every side of the conjunction e is open as
// written, so that a reading of each side alone agrees with CUE's of the
// whole: a struct literal with ..., a validator call, or the name of a
// top-level definition whose every declaration is such sides.
func (c *syntaxChecker) writtenOpen(e ast.Expr, seen map[string]bool) bool {
	for _, x := range andOperands(e) {
		switch x := x.(type) {
		case *ast.StructLit:
			if !hasEllipsis(x) {
				return false
			}
		case *ast.CallExpr:
			if !isValidatorCall(x) {
				return false
			}
		default:
			label, ok := c.namedDef(x)
			if !ok || seen[label] {
				return false
			}
			seen[label] = true
			for _, v := range c.defs[label] {
				if !c.writtenOpen(v, seen) {
					return false
				}
			}
		}
	}
	return true
}

// openConjunction refuses a conjunction that names a definition CUE
// leaves open beside its validator (#B: {a?: int} & #W, #W & #S, with
// #W: {b?: int} & matchN(…)), at the name: CUE keeps such a conjunction
// open where the struct literals and validators it conjoins are all
// there is, and closes it where a closed definition is among them
// (#W & #S admits only #S's fields), which no target's reading of the
// conjunction follows yet, unless every side is open as written
// (writtenOpen). It was carried with the wrong members admitted, or
// refused with the untrue sentence that #W is closed.
func (c *syntaxChecker) openConjunction(e *ast.BinaryExpr, path string) {
	ops := andOperands(e)
	if len(ops) < 2 {
		return
	}
	var named []ast.Expr // the sides naming such a definition
	for _, x := range ops {
		if label, ok := c.namedDef(x); ok && c.validatedDef(label, map[string]bool{}) == openBeside {
			named = append(named, x)
		}
	}
	if len(named) == 0 || c.writtenOpen(e, map[string]bool{}) {
		// (matchN(…) & {b?: int, ...} named beside {a?: int, ...}, cue
		// import's allOf of a $ref and properties, yamllint's #rule:
		// every side open as written, as CUE keeps the whole.)
		return
	}
	for _, x := range named {
		label, _ := c.namedDef(x)
		if path == "" {
			path = "a value"
		}
		c.errorf(x.Pos(), "%s: a conjunction with %s, a struct CUE leaves open beside its validator (%s: {…} & matchN(…)), is not carried yet: CUE v0.17.1 keeps the conjunction open too, admitting members no side names, unless a closed definition among its sides closes it, which the targets do not follow; write the struct's fields and the validator in one conjunction ({a?: int, b?: int} & matchN(…)), which every target carries", path, label, label)
	}
}

// utf8 refuses a file that is not UTF-8, at its first bad byte: CUE's
// scanner reads such a byte in a comment as U+FFFD, which every output
// would then carry as a character the author never wrote.
func (c *syntaxChecker) utf8(name string) {
	b, err := os.ReadFile(name)
	if err != nil {
		c.errs = append(c.errs, &Error{Pos: Pos{File: relTo(c.ps.root, name)}, Msg: fmt.Sprintf("cannot read the file: %v", err)})
		return
	}
	line, col := 1, 1
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			c.errs = append(c.errs, &Error{Pos: Pos{File: relTo(c.ps.root, name), Line: line, Col: col}, Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02X): a CUE file is UTF-8 text; save it as UTF-8", b[i])})
			return
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col += n
		}
		i += n
	}
}

type syntaxChecker struct {
	ps     positions
	layout bool
	attrs  goAttrs
	errs   ErrorList
	// goNames is the Go name of each field by its path (#Spec.panels),
	// its @go(Name) or the name it gets anyway: a pattern's value that
	// states it (@go(Panels) on [string]: #Panel) agrees with it.
	goNames map[string]string
	// defs holds the values of the package's top-level definitions, by
	// label (#W), each declaration's: what an embedding or a conjunction
	// that names one brings (validatedDef).
	defs map[string][]ast.Expr
}

// nameField records the Go name of the field at path, its @go(Name) g
// where it has one.
func (c *syntaxChecker) nameField(path, label string, g goAttr) {
	if c.goNames == nil {
		c.goNames = map[string]string{}
	}
	if g.name == "" {
		g.name = GoName(label)
	}
	c.goNames[path] = g.name
}

func (c *syntaxChecker) errorf(p cuetoken.Pos, format string, args ...any) {
	c.errs = append(c.errs, &Error{Pos: c.ps.of(p), Msg: fmt.Sprintf(format, args...)})
}

func (c *syntaxChecker) file(f *ast.File) {
	// Defaults and open structs, wherever they are.
	ast.Walk(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == cuetoken.MUL && c.layout {
				c.errorf(n.Pos(), "%s: a default (*%s) is not read: a layout states each fact as one value; write the value", fieldPath(f, n, "default"), exprText(n.X))
			}
		}
		return true
	}, nil)

	if !c.layout {
		c.requiredDefs(f)
	}

	// Attributes: only where schemagen reads them.
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.Attribute:
			if attrKey(d) == "go" && !c.layout {
				c.goPackage(d)
				continue
			}
			c.refuseAttr(d, "the file")
		case *ast.Field:
			c.topField(d)
		}
	}
}

// requiredDefs notes whether the file declares a required definition
// (#Version!: T, timoni's #Metadata and #Selector) or hidden field (_x!:
// T) outside hidden fields, which the resolver then looks for in each
// object (requiredDefs there).
func (c *syntaxChecker) requiredDefs(f *ast.File) {
	ast.Walk(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.LetClause:
			return false
		case *ast.Field:
			label, _, err := ast.LabelName(n.Label)
			if err == nil && strings.HasPrefix(label, "_") {
				if n.Constraint == cuetoken.NOT && !strings.HasPrefix(label, "_#") {
					// _x!: T, a required hidden field: as a required
					// definition, no document sets it.
					c.attrs.requiredDefs = true
				}
				return false // hidden: no data reaches what is in it
			}
			if err == nil && strings.HasPrefix(label, "#") && n.Constraint == cuetoken.NOT {
				c.attrs.requiredDefs = true
			}
		}
		return true
	}, nil)
}

// topField checks the attributes of a top-level field and of everything
// in it.
func (c *syntaxChecker) topField(f *ast.Field) {
	label, _, _ := ast.LabelName(f.Label)
	isDef := strings.HasPrefix(label, "#")
	name := strings.TrimPrefix(label, "#")
	defGo := func(a *ast.Attribute) {
		if g, ok := c.goName(a, label, true); ok && g.omit {
			if c.attrs.omit == nil {
				c.attrs.omit = map[string]Pos{}
			}
			c.attrs.omit[name] = g.pos
		} else if ok && g.name != "" {
			if prev, dup := c.attrs.defs[name]; dup {
				c.errorf(a.Pos(), "%s: a second @go name (the first is at %s); name the type once", label, prev.pos)
				return
			}
			c.attrs.defs[name] = g
		}
	}
	for _, a := range f.Attrs {
		if isDef && !c.layout && attrKey(a) == "go" {
			defGo(a)
			continue
		}
		c.refuseAttr(a, label)
	}
	lit, _ := f.Value.(*ast.StructLit)
	if isDef && lit != nil {
		c.embeddedValidator(lit, label)
		for _, e := range lit.Elts {
			switch e := e.(type) {
			case *ast.Attribute:
				// gengotypes also reads a definition's @go(Name) as a
				// declaration inside its struct.
				if !c.layout && attrKey(e) == "go" {
					defGo(e)
					continue
				}
				c.refuseAttr(e, label)
			case *ast.Field:
				fl, _, _ := ast.LabelName(e.Label)
				what := label + "." + fl
				if c.layout {
					// The layout engine reads (and refuses) these.
				} else {
					var named goAttr
					for _, a := range e.Attrs {
						if attrKey(a) != "go" {
							c.refuseAttr(a, what)
							continue
						}
						if g, ok := c.goName(a, what, false); ok && (g.name != "" || g.goType != "" || g.zero) {
							c.attrs.fields[[2]string{name, fl}] = g
							named = g
						}
					}
					c.nameField(what, fl, named)
				}
				c.labelValue(e, what)
				c.letValue(e, what)
				c.nested(e.Value, what)
			default:
				c.nested(e, label)
			}
		}
		return
	}
	c.labelValue(f, label)
	c.letValue(f, label)
	c.nested(f.Value, label)
}

// labelValue refuses a pattern whose value is computed from the name of
// the member it admits, [name=_]: name or [n=string]: n & =~"^a" (CUE's
// protobuf encoder writes selector?: {[name=_]: name}), outside hidden
// fields (the resolver refuses one there where something refers to it):
// CUE requires each such member's value to agree with its own name, which
// no JSON Schema keyword states, nor a Go or TypeScript map's type. It
// was read as the label's type alone (string), and the check dropped.
func (c *syntaxChecker) labelValue(f *ast.Field, what string) {
	if c.layout || strings.Contains("."+what, "._") {
		return
	}
	ref, name := labelSelfRef(f)
	if ref == nil {
		return
	}
	switch {
	case what == "":
		what = "the package's pattern" // [n=string]: n at the top level
	case !strings.HasSuffix(what, "]"):
		what = strings.TrimSuffix(what, ".") + "[…]" // a definition's own pattern
	}
	c.errorf(ref.Pos(), "%s", labelSelfRefMsg(what, exprString(f.Value), name))
	if c.attrs.labelRefs == nil {
		c.attrs.labelRefs = map[Pos]bool{}
	}
	c.attrs.labelRefs[c.ps.of(ref.Pos())] = true
}

// letValue refuses a field whose value names a let (let E = "a" | "b",
// e?: E), directly or through a hidden field (_h: E, e?: _h), where the
// let's value constrains more than CUE's value of the name shows: CUE
// gives schemagen such a value with no source and no expression (its
// kind, string, and nothing of the enum, bound or pattern), so it was
// carried as the bare kind, every constraint dropped without a word. A
// let of a constant, a type, a struct or a definition's name is read
// through the name (letCarried). Hidden fields themselves are passed
// over: one no field uses is never read.
func (c *syntaxChecker) letValue(f *ast.Field, what string) {
	if c.layout || f.Value == nil {
		return
	}
	if label, _, err := ast.LabelName(f.Label); err == nil && strings.HasPrefix(label, "_") {
		return
	}
	id, let := c.letRef(f.Value, map[ast.Node]bool{})
	if id == nil {
		return
	}
	c.errorf(id.Pos(), "%s: %s names the let %s = %s, whose constraints CUE does not show through the name (it gives the value its kind alone), so no target would state them; not carried yet: write the value in place, or name it as a definition (#%s: %s), which every target carries", what, id.Name, exprString(let.Ident), exprString(let.Expr), strings.TrimPrefix(id.Name, "_"), exprString(let.Expr))
}

// letRef returns the first identifier in e, outside struct literals (whose
// fields are checked themselves) and comprehensions, that names a let
// whose value letCarried does not read through the name, following
// identifiers of hidden fields into their values.
func (c *syntaxChecker) letRef(e ast.Node, seen map[ast.Node]bool) (found *ast.Ident, let *ast.LetClause) {
	ast.Walk(e, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.StructLit, *ast.Comprehension:
			return false
		case *ast.Ident:
			switch d := n.Node.(type) {
			case *ast.LetClause:
				if !letCarried(d.Expr, map[ast.Node]bool{}) && !computedFromNames(d.Expr) {
					found, let = n, d
				}
			case ast.Expr:
				// A field's name: CUE's parser points it at the
				// field's value.
				if strings.HasPrefix(n.Name, "_") && !seen[d] {
					seen[d] = true
					if _, l := c.letRef(d, seen); l != nil {
						found, let = n, l
					}
				}
			}
		}
		return true
	}, nil)
	return found, let
}

// letCarried reports whether a let's value is one CUE's value of a name
// of it shows whole: a constant, a type of one kind (int, string, bytes,
// …), a struct literal, an import (let _time = time, used as
// _time.Time), a definition's name, or a let or parenthesized value of
// such, a path into a definition, a conflict of constants (an error CUE's
// value shows), or any value that is concrete by itself (concreteAlone).
// A validator (time.Time, net.FQDN, strings.MinRunes(2)), a bound, a
// pattern or a disjunction is not.
func letCarried(e ast.Expr, seen map[ast.Node]bool) bool {
	switch x := e.(type) {
	case *ast.BasicLit, *ast.StructLit:
		return true
	case *ast.ParenExpr:
		return letCarried(x.X, seen)
	case *ast.SelectorExpr:
		// #Values.podAntiAffinity (timoni's #Affinity): a path into a
		// definition, which the resolver follows as it does written
		// in place; an import's member (time.Time) is a validator.
		if root := selectorRoot(x); root != nil && strings.HasPrefix(root.Name, "#") {
			return true
		}
	case *ast.BinaryExpr:
		if literalConflict(x) {
			return true // let _notHere = 1 & 2: an error CUE's value shows (errorConjunct)
		}
	case *ast.Ident:
		switch d := x.Node.(type) {
		case nil:
			return oneKindIdent(x.Name) || strings.HasPrefix(x.Name, "#")
		case *ast.ImportSpec:
			return true
		case *ast.LetClause:
			if seen[d] {
				return false
			}
			seen[d] = true
			return letCarried(d.Expr, seen)
		case ast.Expr:
			// A field's name, which CUE's parser points at the field's
			// value: a definition's is read as it is elsewhere, a
			// hidden field's as its value.
			if strings.HasPrefix(x.Name, "#") {
				return true
			}
			if strings.HasPrefix(x.Name, "_") && !seen[d] {
				seen[d] = true
				return letCarried(d, seen)
			}
		}
	}
	return concreteAlone(e)
}

// concreteAlone reports whether e, evaluated by itself with CUE's
// builtins, is a concrete value (json.Marshal({deny: "all"}), CUE's
// OpenAPI test issue3718), which CUE's value of a name of it shows.
func concreteAlone(e ast.Expr) bool {
	v := cuecontext.New().BuildExpr(e, cue.InferBuiltins(true))
	return v.Err() == nil && v.Validate(cue.Concrete(true)) == nil
}

// computedFromNames reports whether e computes a value from names of the
// schema (let auth = base64.Encode(null, #Username+":"+#Password),
// timoni's image pull secret): a call, an index, an interpolation or
// arithmetic over a field, a definition or a let, which the resolver
// reads, and refuses, as the value computed from them it is.
func computedFromNames(e ast.Expr) bool {
	names, computes := false, false
	ast.Walk(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if _, isImport := n.Node.(*ast.ImportSpec); n.Node != nil && !isImport {
				names = true
			}
		case *ast.CallExpr, *ast.IndexExpr, *ast.Interpolation:
			computes = true
		case *ast.BinaryExpr:
			switch n.Op {
			case cuetoken.ADD, cuetoken.SUB, cuetoken.MUL, cuetoken.QUO:
				computes = true
			}
		}
		return true
	}, nil)
	return names && computes
}

// oneKindIdent reports whether name is one of CUE's types of one kind, which
// CUE's value states whole.
func oneKindIdent(name string) bool {
	switch name {
	case "_", "null", "bool", "int", "float", "number", "string", "bytes":
		return true
	}
	return false
}

// nested refuses every attribute of schemagen's in n: none is read below
// the fields of a definition, but for a @go that names nothing
// (@go(,optional=nillable)), which asks for what every field gets.
func (c *syntaxChecker) nested(n ast.Node, prefix string) {
	if n == nil {
		return
	}
	ast.Walk(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Attribute:
			c.refuseAttr(n, "a declaration")
		case *ast.StructLit:
			c.embeddedValidator(n, prefix)
		case *ast.BinaryExpr:
			if n.Op == cuetoken.AND {
				c.openConjunction(n, prefix)
				for _, x := range andOperands(n) {
					c.nested(x, prefix)
				}
				return false
			}
		case *ast.Field:
			label, _, err := ast.LabelName(n.Label)
			own := label
			switch {
			case err != nil:
				label = prefix + labelText(n.Label) // a pattern, [string]
			case prefix != "":
				label = prefix + "." + label
			}
			var named goAttr
			for _, a := range n.Attrs {
				if attrKey(a) == "go" && !c.layout {
					g, ok := c.goName(a, label, false)
					if !ok {
						continue // what the options ask for is refused already
					}
					named = g
					if g.name == "" && g.goType == "" && !g.zero {
						// @go(,optional=nillable), or cue get go's record
						// of the Go type: what schemagen does anyway, on
						// a field at any depth.
						continue
					}
					if err == nil {
						// The Go name of the field of an inline struct
						// (fieldGoNames), as gengotypes reads it.
						p := c.ps.of(n.Pos())
						c.attrs.nested[p] = g
						if strings.HasPrefix(prefix, "_") {
							c.attrs.inHidden[p] = true
						}
						continue
					}
					if g.zero {
						c.errorf(a.Pos(), "%s: @go(…,optional=zero) on a pattern's value is not carried: the members a pattern admits are a map's, present or not, never an optional field; put it on an optional field", label)
						continue
					}
					if g.goType != "" {
						// [string]: int @go(,type=…): no field to type.
						c.errorf(a.Pos(), "%s: @go(…,type=%s) on a pattern's value is not carried: the Go type of the values a pattern admits is the schema's type; put it on the field that holds them", label, g.goType)
						continue
					}
					if held, ok := c.goNames[prefix]; ok && g.name == held {
						// datasources?: {[string]: #D @go(Datasources)}
						// (Perses' patch of cue get go's output): the
						// name the field holding the map has.
						continue
					}
					if held, ok := c.goNames[prefix]; ok {
						c.errorf(a.Pos(), "%s: @go(%s) on a pattern's value is not read: the values a pattern admits have no Go name, and the field that holds them is %s in Go; put @go(%s) on that field to name it so", label, g.name, held, g.name)
						continue
					}
				}
				c.refuseAttr(a, label)
			}
			if err == nil && !c.layout {
				c.nameField(label, own, named)
			}
			c.labelValue(n, label)
			c.letValue(n, label)
			c.nested(n.Value, label)
			return false
		}
		return true
	}, nil)
}

// embeddedValidator refuses matchN(…) or matchIf(…) embedded in a struct
// literal beside a field or another embedding ({#X, matchN(1, […])},
// {a?: int, matchIf(…)}), at its position: CUE applies it to the struct,
// and to its closedness in ways a conjunction does not ({#X, matchN(…)}
// admits a member #X does not name, #X & matchN(…) refuses it), which is
// not read yet. It was dropped without a word beside an embedding (every
// target admitted {} where CUE requires the count's members), and
// refused beside fields with CUE's "non-concrete value _". Alone in its
// struct ({matchN(…)}) it is the struct's value, and read so; embedded
// at a file's top level it is the package's, and read so too.
func (c *syntaxChecker) embeddedValidator(lit *ast.StructLit, path string) {
	var validators []*ast.EmbedDecl
	others := 0
	for _, e := range lit.Elts {
		switch e := e.(type) {
		case *ast.EmbedDecl:
			if holdsValidatorCall(e.Expr) {
				validators = append(validators, e)
			} else if label, ok := c.namedDef(e.Expr); ok && c.validatedDef(label, map[string]bool{}) != notValidated {
				validators = append(validators, e)
			} else {
				others++
			}
		case *ast.Field:
			if name, _, err := ast.LabelName(e.Label); err != nil || !strings.HasPrefix(name, "#") && !strings.HasPrefix(name, "_") {
				others++ // a data field or a pattern; definitions and hidden fields are no part of the value
			}
		case *ast.Ellipsis:
			others++
		}
	}
	if others == 0 && len(validators) == 1 {
		return
	}
	if path == "" {
		path = "a struct"
	}
	for _, v := range validators {
		if c.attrs.embeddedValidators == nil {
			c.attrs.embeddedValidators = map[Pos]bool{}
		}
		c.attrs.embeddedValidators[c.ps.of(v.Pos())] = true
		for _, x := range andOperands(v.Expr) {
			c.attrs.embeddedValidators[c.ps.of(x.Pos())] = true // (matchIf(…)): the call's own
		}
		if c.attrs.embeddedAt == nil {
			c.attrs.embeddedAt = map[string]bool{}
		}
		c.attrs.embeddedAt[path] = true
		if label, ok := c.namedDef(v.Expr); ok {
			// {a?: int, #W}, #W: {b?: int} & matchN(…) or matchN(…)
			// alone: its validator was dropped without a word, or
			// refused with CUE's "non-concrete value _".
			c.errorf(v.Pos(), "%s: %s, which holds a validator (matchN or matchIf), embedded in a struct beside its fields or other embeddings is not carried yet: CUE applies the validator to the struct and lets the struct admit members it does not name, which the targets do not follow; write the struct's fields, %s's among them, conjoined with the validator ({a?: int, b?: int} & matchN(…)), which every target carries, or embed %s alone ({%s})", path, label, label, label, label)
			continue
		}
		name := validatorName(v.Expr)
		c.errorf(v.Pos(), "%s: %s(…) embedded in a struct beside its fields or other embeddings ({#X, %s(…)}, {a?: int, %s(…)}) is not carried yet: CUE applies it to the struct and lets the struct admit members it does not name, which a conjunction does not; write it as a conjunction with the struct ({a?: int} & %s(…), #X & %s(…)), which every target carries, or embedded alone ({%s(…)})", path, name, name, name, name, name, name)
	}
}

// validatorName is the name of the first validator call (matchN or
// matchIf) that e, which holds one (holdsValidatorCall), conjoins.
func validatorName(e ast.Expr) string {
	for _, x := range andOperands(e) {
		if isValidatorCall(x) {
			return x.(*ast.CallExpr).Fun.(*ast.Ident).Name
		}
	}
	return "matchN"
}

// goPackage reads a file's @go(name), the Go package's name, as
// gengotypes reads it: the generated Go package is named so, and nothing
// else changes (its folder, and so its import path, and every other
// target keep the CUE package's). The files of a package that state one
// state the same; @go(-) on a file, which gengotypes does not read
// either, and options are refused.
func (c *syntaxChecker) goPackage(a *ast.Attribute) {
	_, body := a.Split()
	args := attrArgs(body)
	name := strings.TrimSpace(args[0])
	if u, err := strconv.Unquote(name); err == nil {
		name = u
	}
	switch {
	case len(args) > 1:
		c.errorf(a.Pos(), "the file: @go(%s): on a file @go names the Go package, and takes no options", strings.TrimSpace(body))
		return
	case name == "-":
		c.errorf(a.Pos(), "the file: @go(-) is not carried: it would leave the package's Go types out while every other target keeps them; @go(name) on a file names the Go package")
		return
	case !token.IsIdentifier(name) || name == "_" || name == "main":
		c.errorf(a.Pos(), "the file: @go(%s): a Go package's name is one Go identifier, not a keyword, _ or main, e.g. @go(si)", name)
		return
	}
	p := c.ps.of(a.Pos())
	if prev := c.attrs.pkg; prev.name != "" && prev.name != name {
		c.errorf(a.Pos(), "the file: @go(%s) names the Go package otherwise than @go(%s) at %s; the files of a package name one", name, prev.name, prev.pos)
		return
	}
	if c.attrs.pkg.name == "" {
		c.attrs.pkg = goAttr{name: name, pos: p}
	}
}

func attrKey(a *ast.Attribute) string {
	k, _ := a.Split()
	return k
}

// ForeignAttr reports whether an attribute key belongs to another tool
// than schemagen; see cuesrc.ForeignAttr, which the layout model shares.
func ForeignAttr(key string) bool { return cuesrc.ForeignAttr(key) }

// refuseAttr reports one of schemagen's attributes where it means
// nothing, saying which it reads where; another tool's attribute is left
// alone.
func (c *syntaxChecker) refuseAttr(a *ast.Attribute, what string) {
	key, _ := a.Split()
	if ForeignAttr(key) {
		return
	}
	var why string
	switch {
	case key == "json" && !strings.Contains(what, "."):
		why = "a definition's name is not on the wire; its Go name is @go(Name)"
	case key == "json":
		why = "the wire name is the CUE field name, which CUE's own evaluator (cue vet, cue export) also uses; a JSON name that differs from it would make CUE disagree with every other target. Rename the field instead (quote it, \"my-name\"?: …, if it is not an identifier)"
	case (key == "since" || key == "removed") && !c.layout:
		why = "a wire contract's history is its lock (schemagen breaking), not attributes; @since and @removed are for the fields of a layout package's root struct"
	case key == "go" && !c.layout:
		why = "@go(Name) names the Go type of a definition or the Go field of one of its fields, and is read nowhere else"
	case c.layout:
		why = "a layout package reads @since(N), @removed(N) and @enum(Name) on its structs' fields, and nothing else"
	default:
		why = "a wire package reads @go(Name) on a definition or one of its fields"
	}
	c.errorf(a.Pos(), "%s: attribute @%s is not read: %s", what, key, why)
}

// goName reads @go(Name) in the spelling of CUE's gengotypes: a first
// argument that is the Go name (or empty: the default name), and options
// after it. The name is one exported Go identifier without '_' (the
// generated code's own helpers are named kind_Name, so a schema name with
// an underscore could collide with them). Of the options, optional=nillable
// is what schemagen does anyway, type=T on a field is the Go type its
// author expects, which the Go emitter holds to the one it gives the
// field (Field.GoType), and optional=zero asks for the value itself, which
// the Go emitter carries where the field's type refuses its zero
// (Field.GoZero); the others would change what the Go types accept and
// are refused, each saying why (type=T and optional=zero on a definition
// too). @go(-) on a definition
// (def set) leaves it out of the Go types, as gengotypes does (the
// resolver refuses it where another Go type needs it); on a field it is
// refused.
func (c *syntaxChecker) goName(a *ast.Attribute, what string, def bool) (goAttr, bool) {
	_, body := a.Split()
	args := attrArgs(body)
	ok := true
	goType, zero := "", false
	for i, arg := range args[1:] {
		k, v, hasKey := strings.Cut(arg, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case i == 0 && !hasKey:
			// cue get go's record of the field's Go type
			// (@go(Replicas,*int32)): where the schema came from, not how
			// to generate it; the generated Go holds the schema's type.
		case k == "optional" && v == "nillable":
		case k == "optional" && v == "zero" && def:
			c.errorf(a.Pos(), "%s: @go(…,optional=zero) on a definition is not carried: it asks how an optional field's Go value tells absent; put it on the field", what)
			ok = false
		case k == "optional" && v == "zero":
			// The Go emitter carries it where the field's type refuses
			// its zero value, which then stands for absent.
			zero = true
		case k == "type" && !def && v != "":
			goType = v
		case k == "type" && def:
			c.errorf(a.Pos(), "%s: @go(…,type=%s) on a definition is not carried: the definition's Go type is one schemagen declares, with a decoder and Validate that check exactly the schema's type, which another Go type would not have; on a field, type= is checked against the field's Go type", what, v)
			ok = false
		case k == "type":
			c.errorf(a.Pos(), "%s: @go(…,type=) names no Go type", what)
			ok = false
		default:
			c.errorf(a.Pos(), "%s: @go(…,%s) is not an option schemagen knows; it reads @go(Name), @go(Name,optional=nillable), @go(Name,optional=zero) and @go(Name,type=T)", what, strings.TrimSpace(arg))
			ok = false
		}
	}
	name := strings.TrimSpace(args[0])
	switch {
	case name == "-" && def:
		return goAttr{omit: true, pos: c.ps.of(a.Pos())}, ok
	case name == "-":
		c.errorf(a.Pos(), "%s: @go(-) on a field is not carried: the Go type would drop a member of the wire contract that CUE, the JSON Schemas and TypeScript keep, and a round trip through it would lose the member; schemagen carries @go(-) on a top-level definition that no Go type needs", what)
		return goAttr{}, false
	case name == "":
	case !token.IsIdentifier(name) || !token.IsExported(name) || strings.Contains(name, "_"):
		c.errorf(a.Pos(), "%s: @go(%s): write one exported Go identifier without underscores, e.g. @go(Title)", what, name)
		return goAttr{}, false
	}
	return goAttr{name: name, pos: c.ps.of(a.Pos()), goType: goType, zero: zero}, ok
}

// attrArgs splits an attribute's body at its top-level commas, as CUE's
// attribute syntax does: a comma inside a quoted string or brackets
// belongs to the argument. It returns at least one (possibly empty)
// argument.
func attrArgs(body string) []string {
	var (
		args  []string
		depth int
		quote bool
		start int
	)
	for i := 0; i < len(body); i++ {
		switch ch := body[i]; {
		case quote && ch == '\\':
			i++
		case ch == '"':
			quote = !quote
		case quote:
		case ch == '(' || ch == '[' || ch == '{':
			depth++
		case ch == ')' || ch == ']' || ch == '}':
			depth--
		case ch == ',' && depth == 0:
			args = append(args, body[start:i])
			start = i + 1
		}
	}
	return append(args, body[start:])
}

// fieldPath names the field that holds n (#T.n), for messages; orElse
// when n is in no field.
func fieldPath(f *ast.File, n ast.Node, orElse string) string {
	where := ""
	var path []string
	var visit func(decls []ast.Decl) bool
	visit = func(decls []ast.Decl) bool {
		for _, d := range decls {
			fd, ok := d.(*ast.Field)
			if !ok {
				continue
			}
			if fd.Value.Pos().Offset() > n.Pos().Offset() || fd.Value.End().Offset() < n.End().Offset() {
				continue
			}
			l, _, _ := ast.LabelName(fd.Label)
			path = append(path, l)
			if lit, ok := fd.Value.(*ast.StructLit); ok && visit(lit.Elts) {
				return true
			}
			where = strings.Join(path, ".")
			return true
		}
		return false
	}
	visit(f.Decls)
	if where == "" {
		return orElse
	}
	return where
}

// exprText renders a short expression as CUE writes it.
func exprText(n ast.Expr) string {
	switch x := n.(type) {
	case *ast.BasicLit:
		return x.Value
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		sel, _, _ := ast.LabelName(x.Sel)
		return exprText(x.X) + "." + sel
	}
	return "…"
}
