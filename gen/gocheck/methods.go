package gocheck

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// A method is a method declaration taken out of the syntax go/types
// checks (takeOutMethods) and checked by checkMethods instead.
type method struct {
	file int    // index of its file among the parsed files
	recv string // the receiver's type, a struct or basic type of the package
	name *ast.Ident
}

// takeOutMethods removes from files the method declarations whose
// signature does not depend on the package's own names, and returns them.
// Such a method is one of the emitter's templates (UnmarshalJSON,
// AppendJSON, Validate … of every type: 38,000 of a file's 38,250
// functions at 5,000 definitions), and all the schema decides of it is its
// receiver and its name. go/types held about a kilobyte per method (its
// object, signature, scope and receiver, and the syntax for them), which
// at 20,000 definitions made the check the largest heap of a generate
// (docs/performance.md); checkMethods checks what the schema decides of
// them instead: the receiver is a type of the package, and the name is
// neither a field of it nor declared twice on it.
//
// A method is taken out only when that is all there is to check: its
// receiver is T or *T for a type T declared once, not as an alias nor
// generic, as a struct type or a predeclared basic type (string, int64),
// and every type of its parameters and results is built of predeclared
// names that no package-level declaration shadows (byte, error) and names
// of other packages (wire.Reader), which go/types' stand-in packages leave
// unchecked anyway; and neither its name nor its receiver's is mentioned
// by a package-level variable or constant (where a method value, or a
// value of the type given to an interface, would need it). Every other
// method stays for go/types.
func takeOutMethods(files []*ast.File) []method {
	declared := map[string]int{} // package-level names, how often
	typeSpecs := map[string]*ast.TypeSpec{}
	mentioned := map[string]bool{} // names in package-level values
	mention := func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			mentioned[id.Name] = true
		}
		return true
	}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					declared[d.Name.Name]++
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						declared[s.Name.Name]++
						typeSpecs[s.Name.Name] = s
					case *ast.ValueSpec:
						for _, n := range s.Names {
							declared[n.Name]++
						}
						if s.Type != nil {
							ast.Inspect(s.Type, mention)
						}
						for _, v := range s.Values {
							ast.Inspect(v, mention)
						}
					}
				}
			}
		}
	}
	var apart []method
	for i, f := range files {
		kept := f.Decls[:0]
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				kept = append(kept, d)
				continue
			}
			recv := receiverType(fd)
			if recv == "" || declared[recv] != 1 || !plainType(typeSpecs[recv]) ||
				fd.Name.Name == "_" || mentioned[recv] || mentioned[fd.Name.Name] || fd.Type.TypeParams != nil ||
				!fixedTypes(fd.Type.Params, declared) || !fixedTypes(fd.Type.Results, declared) {
				kept = append(kept, d)
				continue
			}
			apart = append(apart, method{file: i, recv: recv, name: fd.Name})
		}
		clear(f.Decls[len(kept):]) // the collector may have what was taken out
		f.Decls = kept
	}
	return apart
}

// receiverType is the name T of a method's receiver T or *T, or "".
func receiverType(fd *ast.FuncDecl) string {
	if len(fd.Recv.List) != 1 {
		return ""
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// plainType reports whether a method's receiver type, declared by ts, is
// one whose only rules for methods are the two checkMethods applies: a
// defined (not alias, not generic) struct type or predeclared basic type.
func plainType(ts *ast.TypeSpec) bool {
	if ts == nil || ts.Assign.IsValid() || ts.TypeParams != nil {
		return false
	}
	switch t := ts.Type.(type) {
	case *ast.StructType:
		return true
	case *ast.Ident:
		tn, ok := types.Universe.Lookup(t.Name).(*types.TypeName)
		if !ok {
			return false
		}
		_, basic := tn.Type().(*types.Basic)
		return basic
	}
	return false
}

// fixedTypes reports whether every type in fl is built of predeclared
// names no package-level declaration shadows and selectors of other
// packages' names, through pointers, slices, arrays of no stated length,
// maps and variadics.
func fixedTypes(fl *ast.FieldList, declared map[string]int) bool {
	if fl == nil {
		return true
	}
	ok := true
	for _, f := range fl.List {
		ast.Inspect(f.Type, func(n ast.Node) bool {
			switch n := n.(type) {
			case nil, *ast.StarExpr, *ast.MapType, *ast.Ellipsis:
			case *ast.ArrayType:
				ok = ok && n.Len == nil
			case *ast.SelectorExpr:
				x, isIdent := n.X.(*ast.Ident)
				ok = ok && isIdent && declared[x.Name] == 0
				return false
			case *ast.Ident:
				ok = ok && declared[n.Name] == 0 && types.Universe.Lookup(n.Name) != nil
			default:
				ok = false
			}
			return ok
		})
	}
	return ok
}

// checkMethods checks the methods takeOutMethods took out of the files
// marked in (one build of the package, with) as go/types would have:
// each receiver is declared in this build, and no method shares its name
// with a field of its receiver or another method of it. The messages are
// go/types' own.
func checkMethods(fset *token.FileSet, with []*ast.File, apart []method, in []bool) []string {
	if len(apart) == 0 {
		return nil
	}
	typeNames := map[string]bool{}
	fields := map[string]map[string]token.Pos{}
	methods := map[string]map[string]token.Pos{}
	add := func(m map[string]map[string]token.Pos, t, name string, pos token.Pos) (token.Pos, bool) {
		if m[t] == nil {
			m[t] = map[string]token.Pos{}
		}
		if alt, dup := m[t][name]; dup {
			return alt, true
		}
		m[t][name] = pos
		return 0, false
	}
	for _, f := range with {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil && d.Name.Name != "_" {
					if t := receiverType(d); t != "" {
						add(methods, t, d.Name.Name, d.Name.Pos()) // go/types reports its own duplicates
					}
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok {
						continue
					}
					typeNames[ts.Name.Name] = true
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, fl := range st.Fields.List {
						for _, n := range fieldNames(fl) {
							if n.Name != "_" {
								add(fields, ts.Name.Name, n.Name, n.Pos())
							}
						}
					}
				}
			}
		}
	}
	var problems []string
	report := func(pos token.Pos, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s: %s", fset.Position(pos), fmt.Sprintf(format, args...)))
	}
	for _, m := range apart {
		if !in[m.file] {
			continue
		}
		if !typeNames[m.recv] {
			report(m.name.Pos(), "undefined: %s", m.recv)
			continue
		}
		if alt, dup := add(methods, m.recv, m.name.Name, m.name.Pos()); dup {
			report(m.name.Pos(), "method %s.%s already declared at %s", m.recv, m.name.Name, fset.Position(alt))
			continue
		}
		if _, clash := fields[m.recv][m.name.Name]; clash {
			report(m.name.Pos(), "field and method with the same name %s", m.name.Name)
		}
	}
	return problems
}

// fieldNames are the names a struct's field declaration gives: its names,
// or an embedded field's type name.
func fieldNames(f *ast.Field) []*ast.Ident {
	if len(f.Names) > 0 {
		return f.Names
	}
	t := f.Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch t := t.(type) {
	case *ast.Ident:
		return []*ast.Ident{t}
	case *ast.SelectorExpr:
		return []*ast.Ident{t.Sel}
	case *ast.IndexExpr:
		return fieldNames(&ast.Field{Type: t.X})
	case *ast.IndexListExpr:
		return fieldNames(&ast.Field{Type: t.X})
	}
	return nil
}
