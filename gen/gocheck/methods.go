package gocheck

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"strconv"
	"strings"
)

// A method is a method declaration taken out of the text go/types checks
// (withoutMethods) and checked by checkMethods instead.
type method struct {
	file      int    // index of its file among the parsed files
	line, col int    // of its name, 1-based
	recv      string // the receiver's type
	name      string
	names     []string // the names its signature's types use, but selected names
	pos       token.Position
}

// withoutMethods is withoutBodies, but the method declarations whose
// signature does not depend on the package's own names are left out whole
// (their lines left empty, so every other position stays), and returned.
// Such a method is one of the emitter's templates (UnmarshalJSON,
// AppendJSON, Validate … of every type: 38,000 of a file's 38,250
// functions at 5,000 definitions), and all the schema decides of it is its
// receiver and its name. Their syntax, and go/types' object, signature,
// scope and receiver for each, were most of the check's memory, which at
// 20,000 definitions made it the largest heap of a generate
// (docs/performance.md). checkMethods checks what the schema decides of
// them instead: the receiver is a type of the package, and the name is
// neither a field of it nor declared twice on it.
//
// A method is left out when its declaration's first line (gofmt'd, as
// every generated file is) reads "func (x *T) Name(params) results {",
// or holds the whole body after that "{", with a receiver T or *T, and
// every parameter and result type built of names and other packages'
// names (wire.Reader) through * and [] alone (signature). A line that is
// not gofmt's makes a text that does not parse, and the file is then read
// whole, as withoutBodies' is. Whether those names are predeclared and
// unshadowed, and T a type whose only rules for methods are the two
// checkMethods applies, is known once every file of the package is
// parsed: keptMethods decides it, and a file with a method it refuses is
// parsed again with all of its methods.
func withoutMethods(src []byte, file int) ([]byte, []method) {
	return declarations(src, file, true)
}

// declarations is withoutMethods of the file whose index is file, or,
// without leaveOut, withoutBodies.
func declarations(src []byte, file int, leaveOut bool) ([]byte, []method) {
	out := make([]byte, 0, len(src)/2)
	var apart []method
	inBody, drop := false, false
	n := 0
	for len(src) > 0 {
		line, rest, _ := bytes.Cut(src, []byte("\n"))
		src = rest
		n++
		switch {
		case inBody && string(line) == "}":
			inBody = false
			if drop {
				out = append(out, '\n')
				continue
			}
		case inBody:
			out = append(out, '\n')
			continue
		case leaveOut && bytes.HasPrefix(line, []byte("func (")):
			m, open, ok := signature(line)
			if ok {
				m.file, m.line = file, n
				apart = append(apart, m)
				inBody, drop = open, true
				out = append(out, '\n')
				continue
			}
			inBody, drop = bytes.HasSuffix(line, []byte("{")), false
		case bytes.HasPrefix(line, []byte("func ")) && bytes.HasSuffix(line, []byte("{")):
			inBody, drop = true, false
		}
		out = append(out, line...)
		out = append(out, '\n')
	}
	return out, apart
}

// signature reads a method's first line, "func (x *T) Name(params)
// results {" or "… { body }", where every type is built of names, selectors,
// * and [] alone; it returns the method (its receiver, name, the
// column of its name and the names its types use), whether the line opens
// a body that later lines close, and whether the line is one.
func signature(line []byte) (m method, open, ok bool) {
	// The line up to its first "{" (no type signature reads has one),
	// then nothing (the body's lines follow) or a body on this line.
	brace := bytes.IndexByte(line, '{')
	if brace < 0 {
		return m, false, false
	}
	switch body := bytes.TrimSpace(line[brace+1:]); {
	case len(body) == 0:
		open = true
	case body[len(body)-1] != '}':
		return m, false, false
	}
	toks, ok := lex(line[:brace])
	if !ok || len(toks) < 6 || toks[0].text != "func" || toks[1].text != "(" {
		return m, false, false
	}
	// The receiver: (T), (*T), (x T) or (x *T).
	i := 2
	if toks[i].ident && toks[i+1].text != ")" {
		i++ // the receiver's name
	}
	if toks[i].text == "*" {
		i++
	}
	if !toks[i].ident || toks[i+1].text != ")" {
		return m, false, false
	}
	m.recv = toks[i].text
	i += 2
	if i+1 >= len(toks) || !toks[i].ident || toks[i+1].text != "(" {
		return m, false, false
	}
	m.name, m.col = toks[i].text, toks[i].col
	rest := toks[i+1:]
	// The parameters, then the results: none, one type, or a list.
	params, results, ok := paren(rest)
	if !ok {
		return m, false, false
	}
	if !fieldList(params, &m.names) {
		return m, false, false
	}
	switch {
	case len(results) == 0:
	case results[0].text == "(":
		list, after, ok := paren(results)
		if !ok || len(after) > 0 || !fieldList(list, &m.names) {
			return m, false, false
		}
	case !typeOf(results, &m.names):
		return m, false, false
	}
	return m, open, true
}

// A tok is a token of a method's first line.
type tok struct {
	text  string
	col   int
	ident bool
}

// lex splits a line into identifiers (ASCII letters, digits and _, not a
// keyword but func) and the punctuation ( ) [ ] * . and ,; a line
// with anything else is no line signature reads.
func lex(line []byte) ([]tok, bool) {
	var toks []tok
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			j := i
			for j < len(line) && (line[j] == '_' || 'a' <= line[j] && line[j] <= 'z' || 'A' <= line[j] && line[j] <= 'Z' || '0' <= line[j] && line[j] <= '9') {
				j++
			}
			w := string(line[i:j])
			if token.Lookup(w).IsKeyword() && w != "func" {
				return nil, false
			}
			toks = append(toks, tok{w, i + 1, w != "func"})
			i = j
		case strings.IndexByte("()[]*.,", c) >= 0:
			toks = append(toks, tok{string(c), i + 1, false})
			i++
		default:
			return nil, false
		}
	}
	return toks, true
}

// paren splits toks, which begin with "(", at the ")" that closes it:
// what is inside (with no parenthesis of its own) and what follows.
func paren(toks []tok) (inside, after []tok, ok bool) {
	if len(toks) == 0 || toks[0].text != "(" {
		return nil, nil, false
	}
	for i, t := range toks[1:] {
		switch t.text {
		case ")":
			return toks[1 : i+1], toks[i+2:], true
		case "(":
			return nil, nil, false
		}
	}
	return nil, nil, false
}

// fieldList reads a parameter or result list's inside, adding the names
// its types use to names: entries separated by commas, each a type or a
// name and a type (Go's rule: when one entry has a name, each does, and a
// lone identifier is a name, its type the next one's).
func fieldList(toks []tok, names *[]string) bool {
	var entries [][]tok
	for len(toks) > 0 {
		i := 0
		for i < len(toks) && toks[i].text != "," {
			i++
		}
		if i == 0 {
			return false
		}
		entries = append(entries, toks[:i])
		if i < len(toks) {
			i++
			if i == len(toks) {
				return false // a trailing comma: gofmt leaves none on one line
			}
		}
		toks = toks[i:]
	}
	named := false
	for _, e := range entries {
		named = named || len(e) > 1 && e[0].ident && (e[1].ident || e[1].text == "*" || e[1].text == "[")
	}
	if named && len(entries[len(entries)-1]) == 1 {
		return false // a name with no type after it
	}
	for _, e := range entries {
		if named && e[0].ident {
			e = e[1:]
			if len(e) == 0 {
				continue // a name whose type is a later entry's
			}
		}
		if !typeOf(e, names) {
			return false
		}
	}
	return true
}

// typeOf reads one type: * and [] before a name or pkg.Name, adding
// the name (pkg, for pkg.Name) to names.
func typeOf(toks []tok, names *[]string) bool {
	i := 0
	for i < len(toks) {
		switch {
		case toks[i].text == "*":
			i++
		case toks[i].text == "[" && i+1 < len(toks) && toks[i+1].text == "]":
			i += 2
		default:
			switch {
			case i+1 == len(toks) && toks[i].ident:
			case i+3 == len(toks) && toks[i].ident && toks[i+1].text == "." && toks[i+2].ident:
			default:
				return false
			}
			*names = append(*names, toks[i].text)
			return true
		}
	}
	return false
}

// keptMethods decides, once every file of a package is parsed, which of
// the methods withoutMethods left out may stay out: those whose receiver
// T is declared once, neither an alias nor generic, as a struct type or a
// predeclared basic type (string, int64); whose signature's names are
// predeclared ones no package-level declaration shadows, or the name of
// a package the file imports; and whose name no package-level variable
// or constant selects (x.M, T.M: a method value, or a selector whose
// ambiguity the method would decide). It returns the indexes of the files
// with a method that may not: those are parsed again with all of their
// methods, for go/types.
//
// What else of a package-level declaration could depend on a method left
// out is a value of T given to an interface that wants it; without the
// method that is an error, never a pass, and any error makes CheckRead
// check the package again with every method (checkPackage), so what it
// reports is go/types' own finding.
func keptMethods(files []*ast.File, apart []method) map[int]bool {
	declared := map[string]int{} // package-level names, how often
	typeSpecs := map[string]*ast.TypeSpec{}
	selected := map[string]bool{} // names selected in package-level values
	mention := func(n ast.Node) bool {
		if x, ok := n.(*ast.SelectorExpr); ok {
			selected[x.Sel.Name] = true
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
	imports := make([]map[string]bool, len(files))
	for i, f := range files {
		imports[i] = map[string]bool{}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			name := path.Base(p) // the stand-in package's name
			if im.Name != nil {
				name = im.Name.Name
			}
			imports[i][name] = true
		}
	}
	again := map[int]bool{}
	for _, m := range apart {
		ok := m.name != "_" && declared[m.recv] == 1 && plainType(typeSpecs[m.recv]) && !selected[m.name]
		for _, n := range m.names {
			ok = ok && declared[n] == 0 && (imports[m.file][n] || types.Universe.Lookup(n) != nil)
		}
		if !ok {
			again[m.file] = true
		}
	}
	return again
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

// checkMethods checks the methods withoutMethods took out of the files
// marked in (one build of the package, with) as go/types would have:
// each receiver is declared in this build, and no method shares its name
// with a field of its receiver or another method of it. The messages are
// go/types' own.
func checkMethods(fset *token.FileSet, with []*ast.File, apart []method, in []bool) []string {
	if len(apart) == 0 {
		return nil
	}
	typeNames := map[string]bool{}
	fields := map[string]map[string]token.Position{}
	methods := map[string]map[string]token.Position{}
	add := func(m map[string]map[string]token.Position, t, name string, pos token.Position) (token.Position, bool) {
		if m[t] == nil {
			m[t] = map[string]token.Position{}
		}
		if alt, dup := m[t][name]; dup {
			return alt, true
		}
		m[t][name] = pos
		return token.Position{}, false
	}
	for _, f := range with {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil && d.Name.Name != "_" {
					if t := receiverType(d); t != "" {
						add(methods, t, d.Name.Name, fset.Position(d.Name.Pos())) // go/types reports its own duplicates
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
								add(fields, ts.Name.Name, n.Name, fset.Position(n.Pos()))
							}
						}
					}
				}
			}
		}
	}
	var problems []string
	report := func(pos token.Position, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s: %s", pos, fmt.Sprintf(format, args...)))
	}
	for _, m := range apart {
		if !in[m.file] {
			continue
		}
		if !typeNames[m.recv] {
			report(m.pos, "undefined: %s", m.recv)
			continue
		}
		if alt, dup := add(methods, m.recv, m.name, m.pos); dup {
			report(m.pos, "method %s.%s already declared at %s", m.recv, m.name, alt)
			continue
		}
		if _, clash := fields[m.recv][m.name]; clash {
			report(m.pos, "field and method with the same name %s", m.name)
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
