package schemaexhaustive

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// importName returns the prefix that names tn's package in the file being
// checked: "" in tn's own package or under a dot import, "name." under an
// import of it. It is false when the file does not import the package, and
// then no fix is offered (a fix that also edits the imports is not worth its
// risk for a switch that is one import away from fixable).
func (c *checker) importName(tn *types.TypeName) (string, bool) {
	pkg := tn.Pkg()
	if pkg == c.pass.Pkg {
		return "", true
	}
	for _, imp := range c.file.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil || path != pkg.Path() {
			continue
		}
		switch {
		case imp.Name == nil:
			return pkg.Name() + ".", true
		case imp.Name.Name == ".":
			return "", true
		case imp.Name.Name != "_":
			return imp.Name.Name + ".", true
		}
	}
	return "", false
}

// Why a switch with a default clause gets no fix; the diagnostic ends with
// it, so that whoever reads the report knows what is left to decide.
const (
	noFixTypeSwitch = "no fix: they reach default today, and a type switch cannot fall through to it;" +
		" decide which case each belongs in"
	noFixAfterDefault = "no fix: they reach default today, and a case added before default would be" +
		" tested before the non-constant case after it; decide where each belongs"
)

// fixCases returns the fix that makes a switch list cases (each written as
// the file names it), or, when there is none, why. The fix never changes
// what the switch does for a value the old code handled:
//
//   - with no default clause, each case gets a clause of its own at the end
//     whose body panics with its name, so the gap fails loudly until someone
//     answers it (these values used to do nothing; now they stop);
//   - with a default clause, those values used to reach it and still do: one
//     clause listing them all goes just before default (and any comment
//     above default, which is default's), with an empty body when default's
//     is empty, else with a body of one fallthrough. A clause that used to
//     fall through into default now falls into it, and on into default.
//
// A type switch with a non-empty default gets no fix, since it cannot fall
// through; nor does a switch with a case after default that is not a
// constant, since the new case would be tested before it.
//
// The edit is gofmt-clean for a gofmt-formatted switch, and leaves every
// comment where it was: the comment after "switch x {", a trailing comment
// of the clause before, a comment on the last line of that clause.
func (c *checker) fixCases(sw ast.Stmt, body *ast.BlockStmt, cases []string, typeSwitch bool) ([]analysis.SuggestedFix, string) {
	indent := c.indent(sw.Pos())
	def := -1
	for i, stmt := range body.List {
		if stmt.(*ast.CaseClause).List == nil {
			def = i
		}
	}
	if def < 0 {
		var b strings.Builder
		for _, cs := range cases {
			b.WriteString(indent + "case " + cs + ":\n")
			b.WriteString(indent + "\tpanic(" + strconv.Quote("unhandled "+cs) + ")\n")
		}
		return c.fix("Add the missing cases", c.insertLines(body.Rbrace, b.String(), indent)), ""
	}

	dc := body.List[def].(*ast.CaseClause)
	if !typeSwitch {
		for _, stmt := range body.List[def+1:] {
			for _, e := range stmt.(*ast.CaseClause).List {
				if c.pass.TypesInfo.Types[e].Value == nil {
					return nil, noFixAfterDefault
				}
			}
		}
	}
	text := indent + "case " + strings.Join(cases, ", ") + ":\n"
	switch {
	case len(dc.Body) == 0:
	case !typeSwitch:
		text += indent + "\tfallthrough\n"
	default:
		return nil, noFixTypeSwitch
	}
	return c.fix("Send the missing cases to default, as before", c.insertLines(c.ownStart(body, dc), text, indent)), ""
}

func (c *checker) fix(msg string, e analysis.TextEdit) []analysis.SuggestedFix {
	return []analysis.SuggestedFix{{Message: msg, TextEdits: []analysis.TextEdit{e}}}
}

// ownStart returns where the lines that belong to clause dc start: the
// start of the run of comments just above it, each alone on its line at the
// clause's column, with no blank line between them and the clause. A
// comment indented deeper is the last line of the clause before; one after
// code on its line is that code's.
func (c *checker) ownStart(body *ast.BlockStmt, dc *ast.CaseClause) token.Pos {
	at := dc.Pos()
	col := c.pass.Fset.Position(at).Column
	var above []*ast.Comment
	for _, g := range c.file.Comments {
		if g.Pos() > body.Lbrace && g.End() <= dc.Pos() {
			above = append(above, g.List...)
		}
	}
	for i := len(above) - 1; i >= 0; i-- {
		cm := above[i]
		if c.line(cm.End()) != c.line(at)-1 || c.pass.Fset.Position(cm.Pos()).Column != col || !c.alone(cm.Pos()) {
			break
		}
		at = cm.Pos()
	}
	return at
}

// insertLines returns the edit that puts text, whole lines each ending in a
// newline, just before at. When only blanks precede at on its line (gofmt's
// layout), the lines go in at the start of that line; otherwise the line is
// broken at at, dropping the blanks before it, and at's line goes on after
// indent.
func (c *checker) insertLines(at token.Pos, text, indent string) analysis.TextEdit {
	tf := c.pass.Fset.File(at)
	start := tf.LineStart(tf.Line(at))
	if c.alone(at) {
		return analysis.TextEdit{Pos: start, End: start, NewText: []byte(text)}
	}
	from := at
	for from > start && c.src != nil && (c.src[tf.Offset(from)-1] == ' ' || c.src[tf.Offset(from)-1] == '\t') {
		from--
	}
	return analysis.TextEdit{Pos: from, End: at, NewText: []byte("\n" + text + indent)}
}

// indent returns the blanks that start the line of pos when only blanks
// precede pos there (gofmt starts a switch's clauses at its own column);
// else, and with no source to read, a tab per column before pos.
func (c *checker) indent(pos token.Pos) string {
	tf := c.pass.Fset.File(pos)
	if c.src != nil && c.alone(pos) {
		return string(c.src[tf.Offset(tf.LineStart(tf.Line(pos))):tf.Offset(pos)])
	}
	return strings.Repeat("\t", c.pass.Fset.Position(pos).Column-1)
}

// sortedHatches returns the hatches in the order of their lines.
func sortedHatches(hs map[int]*hatch) []*hatch {
	return slices.SortedFunc(maps.Values(hs), func(a, b *hatch) int { return cmp.Compare(a.pos, b.pos) })
}
