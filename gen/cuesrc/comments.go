package cuesrc

import (
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/token"
)

// DocText joins CUE doc comment groups into plain text.
func DocText(groups []*ast.CommentGroup) string {
	var parts []string
	for _, g := range groups {
		if t := strings.TrimSpace(g.Text()); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n\n")
}

// LineComments indexes every comment group of a package's files by the file
// and line it ends on, to find the doc comment of an enum member: the
// comment group on the lines directly above it.
type LineComments map[string]map[int]*ast.CommentGroup

// IndexComments reads every comment group of inst's files.
func IndexComments(inst *build.Instance) LineComments {
	idx := LineComments{}
	for _, f := range inst.Files {
		byLine := map[int]*ast.CommentGroup{}
		ast.Walk(f, func(n ast.Node) bool {
			for _, cg := range ast.Comments(n) {
				if end := cg.End(); end.IsValid() {
					byLine[end.Line()] = cg
				}
			}
			return true
		}, nil)
		idx[f.Filename] = byLine
	}
	return idx
}

// Above returns the text of the comment group that ends on the line just
// line in file and stands on lines of its own, or "".
func (idx LineComments) Above(file string, line int) string {
	cg := idx[file][line-1]
	if cg == nil || cg.Line { // Line: a trailing comment after code
		return ""
	}
	return strings.TrimSpace(cg.Text())
}

// PackageClause returns the doc comment of the package clause, from
// whichever file has one, and the position of the first package clause;
// for files with none (read as the package of their folder), the start of
// the first file.
func PackageClause(inst *build.Instance) (doc string, pos token.Pos) {
	for _, f := range inst.Files {
		for _, d := range f.Decls {
			if p, ok := d.(*ast.Package); ok {
				if !pos.IsValid() {
					pos = p.Pos()
				}
				if t := DocText(ast.Comments(p)); t != "" && doc == "" {
					doc = t
				}
			}
		}
	}
	if !pos.IsValid() && len(inst.Files) > 0 {
		// Files without a package clause, read as one package named
		// after their folder: the package is at the first file's start.
		pos = token.NewFile(inst.Files[0].Filename, -1, 1).Pos(0, token.NoRelPos)
	}
	return doc, pos
}
