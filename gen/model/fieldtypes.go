package model

import (
	"slices"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/token"
)

// TypeLibrary reports whether a package, given as its parsed files, is
// written as a library of types: a top-level regular field's value is
// used as a type by name, in a field, a list, a pattern, a disjunction or
// a conjunction of one of the package's top-level declarations (Grafana's
// schemas and grafana/cog's inputs: AxisPlacement: "auto" | "top", then
// LineConfig: {placement?: AxisPlacement}).
//
// Read as one document, such a package says that the data may hold at
// placement only what it holds at AxisPlacement, a check between two of
// its members that no JSON Schema states. Read as CUE reads a field of it
// alone (cue vet -d LineConfig, cue export -e LineConfig), each top-level
// field is a type of its own and a reference to another is that field's
// value in the schema, where no data is. schemagen reads such a package
// so: every top-level field is a type named after its label, and the
// package has no document (docs/schema-language.md, "A library of
// types"). A field referred to only in a comprehension's condition or a
// bound (if kind == "x", >=min) does not make a library: those read the
// data, as a document's conditions do; nor does a reference to a field
// that is a constant (version: "v1"), which is that constant in the
// document too.
func TypeLibrary(files []*ast.File) bool {
	labels := map[string]bool{}
	for _, f := range files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.Field); ok {
				if name, ok := regularLabel(fd.Label); ok && !literalValue(fd.Value) {
					// A constant (version: "v1") is one value in
					// the document too: a reference to it is that
					// constant (fieldRef), no type of its own.
					labels[name] = true
				}
			}
		}
	}
	if len(labels) == 0 {
		return false
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.Field)
			if !ok {
				continue
			}
			if typeUse(fd.Value, labels) {
				return true
			}
		}
	}
	return false
}

// regularLabel returns the name of a regular field's label (Panel,
// "line-style"), not a definition's, a hidden field's or a pattern's.
func regularLabel(l ast.Label) (string, bool) {
	name, isIdent, err := ast.LabelName(l)
	if err != nil {
		return "", false
	}
	if isIdent && (strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_")) {
		return "", false
	}
	return name, true
}

// typeUse reports whether e uses a top-level field of labels as a type:
// as a value written in a type's place (a field's value, a list's
// element, a pattern's value, an operand of & or |, a default, an
// embedding, close's argument), not in a condition, a bound or another
// builtin's argument.
func typeUse(e ast.Node, labels map[string]bool) bool {
	found := false
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		if found || n == nil {
			return
		}
		switch x := n.(type) {
		case *ast.Ident:
			if labels[x.Name] && !predeclared[x.Name] && topLevelIdent(x) {
				found = true
			}
		case *ast.ParenExpr:
			walk(x.X)
		case *ast.BinaryExpr:
			if x.Op == token.AND || x.Op == token.OR {
				walk(x.X)
				walk(x.Y)
			}
		case *ast.UnaryExpr:
			if x.Op == token.MUL {
				walk(x.X)
			}
		case *ast.StructLit:
			for _, d := range x.Elts {
				walk(d)
			}
		case *ast.Field:
			walk(x.Value)
		case *ast.EmbedDecl:
			walk(x.Expr)
		case *ast.Comprehension:
			walk(x.Value) // its clauses read the data
		case *ast.ListLit:
			for _, el := range x.Elts {
				walk(el)
			}
		case *ast.Ellipsis:
			walk(x.Type)
		case *ast.CallExpr:
			if isCloseCall(x) {
				for _, a := range x.Args {
					walk(a)
				}
			}
		}
	}
	walk(e)
	return found
}

// topLevelIdent reports whether id refers to a declaration of the
// package's top level: one of the same file (its scope is the file), or
// one CUE's parser leaves unresolved, declared in another file of the
// package.
func topLevelIdent(id *ast.Ident) bool {
	if id.Node != nil && isImport(id.Node) {
		return false
	}
	if _, isLet := id.Node.(*ast.LetClause); isLet {
		return false
	}
	return isFileScope(id.Scope) || id.Node == nil && id.Scope == nil
}

// fieldType registers sel, a top-level regular field of a library of
// types (TypeLibrary), as a type of its own named after its label, as a
// definition is; beside a definition of that name (Bar beside #Bar, CUE's
// own JSON Schema generator's defnames) it takes Field after it
// (BarField), as a root object takes Document beside a definition of its
// name.
func (r *resolver) fieldType(sel cue.Selector, v cue.Value) {
	name := sel.Unquoted()
	if !ast.IsValidIdent(name) {
		name = spelledName(name)
	}
	path := cue.MakePath(sel)
	d := &def{name: name, v: v, pos: r.pos(v), doc: docText(v.Doc()), path: path, field: true, open: r.fieldOpen(v)}
	if d.doc == "" {
		r.docf(d.pos, "field %s has no doc comment: say what it means on the line above it", path)
	}
	if r.defs[name] != nil {
		d.name += "Field"
	}
	if r.nameFieldType(d) {
		r.order = append(r.order, d)
	}
}

// nameFieldType registers the field type d under its name, refusing it
// when a definition has that name too; it reports whether it did.
func (r *resolver) nameFieldType(d *def) bool {
	if prev := r.defs[d.name]; prev != nil {
		r.errorf(d.pos, "%s: the package is a library of types (its top-level fields are types, one referring to another), and the type of field %s takes the name %s, which %s (%s) has; rename one of them", d.path, d.path, d.name, prev.origin(), prev.pos)
		return false
	}
	if r.pkg.FieldTypes == nil {
		r.pkg.FieldTypes = map[string]string{}
	}
	r.pkg.FieldTypes[d.path.Selectors()[0].Unquoted()] = d.name
	r.defs[d.name] = d
	return true
}

// renameFieldType gives the field type d, registered before a definition
// of its name was (Bar before #Bar), the name with Field after it.
func (r *resolver) renameFieldType(d *def) {
	delete(r.defs, d.name)
	d.name += "Field"
	if !r.nameFieldType(d) {
		r.order = slices.DeleteFunc(r.order, func(o *def) bool { return o == d })
	}
}

// fieldOpen reports whether v, a library's field's value, is open, as
// CUE leaves a regular field's struct: not when it is written close({…}),
// and not when CUE closes it, as a definition it refers to or embeds is
// (a?: #Bar is #Bar, closed).
func (r *resolver) fieldOpen(v cue.Value) bool {
	if v.IncompleteKind() == cue.StructKind {
		return allowsAny(v)
	}
	return !r.closesItself(v)
}

// closesItself reports whether v, a hidden or top-level field's value, is
// written close({…}): closed at its own level, where a field's struct is
// otherwise open.
func (r *resolver) closesItself(v cue.Value) bool {
	e, _ := sourceExpr(v).(ast.Expr)
	return e != nil && conjoins(e, isCloseCall)
}

// fieldTypeRef names the type of a library of types' top-level field that
// v refers to by its name alone (AxisPlacement), when it is one: the
// field's type, or within a definition, which CUE closes at every level,
// a closed copy of it when it may hold an object (PanelClosed), as a
// hidden struct's is (hiddenRef).
func (r *resolver) fieldTypeRef(v cue.Value) (string, bool) {
	if !r.fieldTypes {
		return "", false
	}
	root, path := r.referencePath(v)
	sels := path.Selectors()
	if len(sels) != 1 || sels[0].LabelType() != cue.StringLabel || sels[0].IsDefinition() || !r.ownPackage(root) {
		return "", false
	}
	name, ok := r.pkg.FieldTypes[sels[0].Unquoted()]
	if !ok {
		return "", false
	}
	d := r.defs[name]
	if d == nil || !d.field || d.path.String() != path.String() {
		return "", false
	}
	if !r.closedCtx || !d.open || d.v.IncompleteKind()&(cue.StructKind|cue.ListKind) == 0 {
		return name, true
	}
	return r.closedFieldCopy(d, v), true
}

// closedFieldCopy names the closed copy of d, a library's field (this
// package's or another's, foreignFieldType) that a definition holds
// (PanelClosed, PromptQuestionClosed), registering it on first use.
func (r *resolver) closedFieldCopy(d *def, v cue.Value) string {
	closed := d.name + "Closed"
	if c := r.defs[closed]; c != nil {
		if c.from != d.from || !c.field || c.path.String() != d.path.String() {
			r.errorf(r.pos(v), "%s: the field %s is the closed object %s here (within a definition), but %s (%s) has that name; rename one of them", d.path, d.origin(), closed, c.origin(), c.pos)
		}
		return closed
	}
	// The field's value as classify leaves it: a struct.MinFields(1) &
	// {…} is the struct, its count of members beside (d.counts), which
	// the copy keeps too.
	r.classifyOnce(d)
	c := &def{name: closed, from: d.from, path: d.path, field: true, closedCopy: true, counts: d.counts}
	closedCtx := r.closedCtx
	r.register(c, v, d.v)
	r.closedCtx = closedCtx
	return closed
}
