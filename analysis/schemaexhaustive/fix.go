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

// addCases returns the fix that adds one clause per case to the body of the
// switch at pos, each stubbed with a panic that names it, so the gap fails
// loudly until someone answers it. The clauses go before a final default
// clause, or at the end when that would change what a fallthrough reaches.
// The edit is gofmt-clean for a gofmt-formatted switch.
func (c *checker) addCases(pos token.Pos, body *ast.BlockStmt, cases []string) []analysis.SuggestedFix {
	// gofmt starts the switch keyword, its case clauses and its closing
	// brace at the same column, after tabs only.
	col := c.pass.Fset.Position(pos).Column
	indent := strings.Repeat("\t", col-1)
	var b strings.Builder
	for _, cs := range cases {
		b.WriteString(indent + "case " + cs + ":\n")
		b.WriteString(indent + "\tpanic(" + strconv.Quote("unhandled "+cs) + ")\n")
	}

	at := body.Rbrace
	if n := len(body.List); n > 0 && body.List[n-1].(*ast.CaseClause).List == nil &&
		(n == 1 || !endsInFallthrough(body.List[n-2].(*ast.CaseClause))) {
		at = body.List[n-1].Pos()
		// Keep the comment above default with it.
		prevEnd := body.Lbrace
		if n > 1 {
			prevEnd = body.List[n-2].End()
		}
		for i := len(c.file.Comments) - 1; i >= 0; i-- {
			g := c.file.Comments[i]
			if g.End() < at && g.Pos() > prevEnd && c.line(g.End()) == c.line(at)-1 {
				at = g.Pos()
			}
		}
	}
	text := b.String()
	if p := c.pass.Fset.Position(at); p.Column == col && p.Line != c.pass.Fset.Position(pos).Line {
		at -= token.Pos(col - 1) // the start of its line
	} else {
		text = "\n" + text + indent // e.g. switch x {}
	}
	return []analysis.SuggestedFix{{
		Message:   "Add the missing cases",
		TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}},
	}}
}

func endsInFallthrough(cc *ast.CaseClause) bool {
	if len(cc.Body) == 0 {
		return false
	}
	br, ok := cc.Body[len(cc.Body)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.FALLTHROUGH
}

// sortedHatches returns the hatches in the order of their lines.
func sortedHatches(hs map[int]*hatch) []*hatch {
	return slices.SortedFunc(maps.Values(hs), func(a, b *hatch) int { return cmp.Compare(a.pos, b.pos) })
}
