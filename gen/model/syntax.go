package model

import (
	"fmt"
	"go/token"
	"os"
	"strings"
	"unicode/utf8"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	cuetoken "cuelang.org/go/cue/token"
)

// The syntax checks refuse, at their positions, the CUE constructs that
// CUE evaluates but no other target could state the same way, so that
// nothing the schema says is dropped on the way to Go, JSON Schema,
// TypeScript or C:
//
//   - a default (*"red" | "blue", int | *5): CUE fills it in where a value
//     is absent, but an optional field's absence is an answer of its own
//     here, and JSON Schema's default is only an annotation;
//   - an attribute other than the ones schemagen reads: @go(Name) on a
//     wire definition or field (its Go name), and @since, @removed and
//     @enum on a layout struct's fields (read by the layout engine);
//   - an open struct (...), which accepts any field.
//
// A pattern constraint ([string]: T) beside fields is refused by the
// resolver, which sees it however it was written.

// goAttrs are the @go(Name) attributes of a wire package: by definition
// (CUE name without '#'), and by definition and field for its fields.
type goAttrs struct {
	defs   map[string]goAttr
	fields map[[2]string]goAttr
}

type goAttr struct {
	name string
	pos  Pos
}

// checkSyntax walks every file of a package. For a wire package (layout
// false) it returns the @go attributes it found; a layout package's
// definition fields keep theirs for the layout engine.
func checkSyntax(ps positions, inst *build.Instance, layout bool) (goAttrs, ErrorList) {
	c := &syntaxChecker{ps: ps, layout: layout, attrs: goAttrs{defs: map[string]goAttr{}, fields: map[[2]string]goAttr{}}}
	for _, f := range inst.Files {
		c.utf8(f.Filename)
		c.file(f)
	}
	return c.attrs, c.errs
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
}

func (c *syntaxChecker) errorf(p cuetoken.Pos, format string, args ...any) {
	c.errs = append(c.errs, &Error{Pos: c.ps.of(p), Msg: fmt.Sprintf(format, args...)})
}

func (c *syntaxChecker) file(f *ast.File) {
	// Defaults and open structs, wherever they are.
	ast.Walk(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			switch {
			case n.Op != cuetoken.MUL:
			case c.layout:
				c.errorf(n.Pos(), "%s: a default (*%s) is not read: a layout states each fact as one value; write the value", fieldPath(f, n, "default"), exprText(n.X))
			default:
				c.errorf(n.Pos(), "%s: a default (*%s) is not carried: CUE fills it in where the value is absent, but in JSON Schema a default is only an annotation and in Go an absent optional field stays absent (nil); remove the *, and let an absent optional field mean what it says",
					fieldPath(f, n, "default"), exprText(n.X))
			}
		case *ast.StructLit:
			for _, e := range n.Elts {
				if el, ok := e.(*ast.Ellipsis); ok && !c.layout {
					c.errorf(el.Pos(), "%s: an open struct (...) accepts any field of any type, which no target but CUE can state; remove the ...: every reader already ignores a field it does not know (the Go decoder, the open JSON Schemas), so a newer writer may still add optional fields", fieldPath(f, el, "the struct"))
				}
			}
		}
		return true
	}, nil)

	// Attributes: only where schemagen reads them.
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.Attribute:
			c.refuseAttr(d, "the file")
		case *ast.Field:
			c.topField(d)
		}
	}
}

// topField checks the attributes of a top-level field and of everything
// in it.
func (c *syntaxChecker) topField(f *ast.Field) {
	label, _, _ := ast.LabelName(f.Label)
	isDef := strings.HasPrefix(label, "#")
	name := strings.TrimPrefix(label, "#")
	for _, a := range f.Attrs {
		if isDef && !c.layout && attrKey(a) == "go" {
			if g, ok := c.goName(a, label); ok {
				c.attrs.defs[name] = g
			}
			continue
		}
		c.refuseAttr(a, label)
	}
	lit, _ := f.Value.(*ast.StructLit)
	if isDef && lit != nil {
		for _, e := range lit.Elts {
			switch e := e.(type) {
			case *ast.Attribute:
				c.refuseAttr(e, label)
			case *ast.Field:
				fl, _, _ := ast.LabelName(e.Label)
				what := label + "." + fl
				if c.layout {
					// The layout engine reads (and refuses) these.
				} else {
					for _, a := range e.Attrs {
						if attrKey(a) != "go" {
							c.refuseAttr(a, what)
							continue
						}
						if g, ok := c.goName(a, what); ok {
							c.attrs.fields[[2]string{name, fl}] = g
						}
					}
				}
				c.nested(e.Value, what)
			default:
				c.nested(e, label)
			}
		}
		return
	}
	c.nested(f.Value, label)
}

// nested refuses every attribute in n: none is read below the fields of a
// definition.
func (c *syntaxChecker) nested(n ast.Node, prefix string) {
	if n == nil {
		return
	}
	ast.Walk(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Attribute:
			c.refuseAttr(n, "a declaration")
		case *ast.Field:
			label, _, _ := ast.LabelName(n.Label)
			if prefix != "" {
				label = prefix + "." + label
			}
			for _, a := range n.Attrs {
				c.refuseAttr(a, label)
			}
			c.nested(n.Value, label)
			return false
		}
		return true
	}, nil)
}

func attrKey(a *ast.Attribute) string {
	k, _ := a.Split()
	return k
}

// refuseAttr reports an attribute schemagen does not read, saying which it
// reads where.
func (c *syntaxChecker) refuseAttr(a *ast.Attribute, what string) {
	key, _ := a.Split()
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
		why = "a wire package reads only @go(Name), on a definition or one of its fields"
	}
	c.errorf(a.Pos(), "%s: attribute @%s is not read: %s", what, key, why)
}

// goName reads @go(Name): one exported Go identifier without '_' (the
// generated code's own helpers are named kind_Name, so a schema name with
// an underscore could collide with them).
func (c *syntaxChecker) goName(a *ast.Attribute, what string) (goAttr, bool) {
	_, body := a.Split()
	name := strings.TrimSpace(body)
	if !token.IsIdentifier(name) || !token.IsExported(name) || strings.Contains(name, "_") {
		c.errorf(a.Pos(), "%s: @go(%s): write one exported Go identifier without underscores, e.g. @go(Title)", what, body)
		return goAttr{}, false
	}
	return goAttr{name: name, pos: c.ps.of(a.Pos())}, true
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
