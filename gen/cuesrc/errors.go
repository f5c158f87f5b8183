package cuesrc

import (
	stderrors "errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/token"
)

// Pos is a source position in the CUE schema, with File relative to the
// module root (e.g. "schema/fleet/snapshot.cue").
type Pos struct {
	File string
	Line int
	Col  int
}

// String formats the position as file:line:col; a position that names
// only a file or folder (Line 0) is just its name.
func (p Pos) String() string {
	if p.File == "" {
		return "-"
	}
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// IsValid reports whether the position names a file.
func (p Pos) IsValid() bool { return p.File != "" }

// Error is one problem with the schema, at a position.
type Error struct {
	Pos Pos
	Msg string
	// Rule is set when the problem breaks what already shipped: the
	// id of a gen/compat rule (docs/compatibility.md), e.g. a shipped
	// layout's recorded size no longer matching its fields.
	Rule string
	// Subject names what the problem is about the way compatibility
	// findings do (see compat.VersionSubject and its siblings), so that a finding which
	// explains it can absorb it: "deck.v3", "deck.DeckState.ownership",
	// "deck.catalog.verb_scan". "" when it names nothing in particular.
	Subject string
}

func (e *Error) Error() string {
	if e.Rule != "" {
		return e.Pos.String() + ": " + e.Rule + ": " + e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// ErrorList is every problem found, sorted by position. Load returns one as
// its error, so a caller sees all of them at once.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Sorted orders the list by position and drops exact duplicates, which
// CUE reports for shared conjuncts, and two emitters may both find.
func (l ErrorList) Sorted() ErrorList {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	// Drop exact duplicates, adjacent or not (another error at the same
	// position may come between them).
	seen := make(map[Error]bool, len(l))
	out := l[:0]
	for _, e := range l {
		if seen[*e] {
			continue
		}
		seen[*e] = true
		out = append(out, e)
	}
	return out
}

// AsList reports whether err is about the schema, at its positions (an
// *Error or an ErrorList, wrapped or not), and returns it as a list.
func AsList(err error) (ErrorList, bool) {
	var l ErrorList
	var e *Error
	switch {
	case err == nil:
		return nil, false
	case stderrors.As(err, &l):
		return l, true
	case stderrors.As(err, &e):
		return ErrorList{e}, true
	}
	return nil, false
}

// Positions turns CUE positions into Pos values relative to Root, the
// module root.
type Positions struct{ Root string }

// Of returns tp relative to the module root; the zero Pos when CUE gives
// none.
func (p Positions) Of(tp token.Pos) Pos {
	if !tp.IsValid() || tp.Filename() == "" {
		return Pos{}
	}
	file := tp.Filename()
	if rel, err := filepath.Rel(p.Root, file); err == nil && !strings.HasPrefix(rel, "..") {
		file = rel
	}
	return Pos{File: filepath.ToSlash(file), Line: tp.Line(), Col: tp.Column()}
}

// FromCUE converts a CUE error (possibly a list) into an ErrorList, each at
// the first position CUE gives for it. CUE gives none for some errors (a
// structural cycle); those are placed at the field their path names in
// files, the package's syntax, or as near it as the syntax goes.
func (p Positions) FromCUE(err error, files ...*ast.File) ErrorList {
	var out ErrorList
	for _, e := range errors.Errors(err) {
		pos := p.Of(e.Position())
		if !pos.IsValid() {
			for _, ip := range e.InputPositions() {
				if pos = p.Of(ip); pos.IsValid() {
					break
				}
			}
		}
		if !pos.IsValid() {
			pos = p.Of(PathPos(files, e.Path()))
		}
		if !pos.IsValid() && len(files) > 0 {
			// An error of the package as a whole (a top-level if on an
			// incomplete value, CUE's issue3307): at its package clause.
			pos = p.Of(packagePos(files[0]))
		}
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		if strings.TrimSpace(msg) == "" {
			// CUE's loader wraps some errors in one of no message of its
			// own (a malformed module path in cue.mod/module.cue): the
			// text is the error's.
			msg = strings.TrimSpace(e.Error())
		}
		if cause := stderrors.Unwrap(e); cause != nil && msg == "import failed" {
			// CUE's loader says why in the error it wraps: which
			// package, and that no module provides it.
			why := cause.Error()
			if ce, ok := cause.(errors.Error); ok {
				f, a := ce.Msg()
				why = fmt.Sprintf(f, a...)
			}
			msg += ": " + strings.TrimRight(why, ": \n")
		}
		path := e.Path()
		if format == "%d errors in empty disjunction:" && len(args) == 1 {
			// CUE's heading of the errors that follow it: each
			// alternative's. At a package's top level (helmfile's null
			// | … | {…} beside a definition that fails with no data) the
			// package's value is an error, which every instance meets.
			if len(path) == 0 {
				msg = fmt.Sprintf("CUE evaluates the package's value to an empty disjunction: it admits none of its alternatives, so cue vet refuses every instance; the %v errors of CUE listed with it say why", args[0])
			} else {
				msg = fmt.Sprintf("CUE evaluates this to an empty disjunction: it admits none of its alternatives; the %v errors of CUE listed with it say why", args[0])
			}
		}
		if msg == "structural cycle" && len(path) > 1 {
			f := strings.TrimRight(path[len(path)-1], "?!")
			msg += fmt.Sprintf(": the field holds a value that must contain itself again, without end; make it optional (%s?:) or a list ([...T]) so that the chain can end", f)
		}
		if len(path) > 0 {
			msg = strings.Join(path, ".") + ": " + msg
		}
		out = append(out, &Error{Pos: pos, Msg: msg})
	}
	return out
}

// packagePos is where a file's package clause is, or its first
// declaration when it has none.
func packagePos(f *ast.File) token.Pos {
	for _, d := range f.Decls {
		if pkg, ok := d.(*ast.Package); ok {
			return pkg.Pos()
		}
	}
	if len(f.Decls) > 0 {
		return f.Decls[0].Pos()
	}
	return f.Pos()
}

// PathPos returns the position of the field a CUE path (#B, a, or
// deps."x.y@v0" with a quoted selector) names in files: the deepest field
// of the path the syntax has, in struct literals.
func PathPos(files []*ast.File, path []string) token.Pos {
	var best token.Pos
	depth := 0
	for _, f := range files {
		decls := f.Decls
		for i, sel := range path {
			sel = strings.TrimRight(sel, "?!")
			if s, err := literal.Unquote(sel); err == nil && strings.HasPrefix(sel, `"`) {
				sel = s
			}
			fld := fieldNamed(decls, sel)
			if fld == nil {
				break
			}
			if i+1 > depth {
				best, depth = fld.Pos(), i+1
			}
			lit, ok := fld.Value.(*ast.StructLit)
			if !ok {
				break
			}
			decls = lit.Elts
		}
	}
	return best
}

// fieldNamed returns the field labelled name among decls, or nil.
func fieldNamed(decls []ast.Decl, name string) *ast.Field {
	for _, d := range decls {
		if f, ok := d.(*ast.Field); ok {
			if l, _, err := ast.LabelName(f.Label); err == nil && l == name {
				return f
			}
		}
	}
	return nil
}

// ConfigFile is the name of the file, beside cue.mod, in which a module
// states what schemagen reads and writes. It is optional: without it every
// setting has its default.
const ConfigFile = "schemagen.cue"

// DocRequired ends the message of a missing doc comment, which is an error
// only where the module asks for one.
const DocRequired = " (this module's " + ConfigFile + " sets require: docs: true)"
