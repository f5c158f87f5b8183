package model

import (
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/token"

	"github.com/schemagen/schemagen/gen/cuesrc"
)

// What the wire model shares with the layout model (gen/layoutmodel) lives
// in gen/cuesrc; these names keep the wire model's own spelling of it.

// Pos is a source position in the CUE schema, with File relative to the
// module root (e.g. "schema/fleet/snapshot.cue").
type Pos = cuesrc.Pos

// Error is one problem with the schema, at a position.
type Error = cuesrc.Error

// ErrorList is every problem found, sorted by position. Load returns one as
// its error, so a caller sees all of them at once.
type ErrorList = cuesrc.ErrorList

// positions turns CUE positions into Pos values relative to root.
type positions struct{ root string }

func (p positions) of(tp token.Pos) Pos { return cuesrc.Positions{Root: p.root}.Of(tp) }

func (p positions) fromCUE(err error, files ...*ast.File) ErrorList {
	return cuesrc.Positions{Root: p.root}.FromCUE(err, files...)
}

// lineComments finds the doc comment of an enum member (cuesrc.LineComments).
type lineComments struct{ cuesrc.LineComments }

func indexComments(inst *build.Instance) lineComments {
	return lineComments{cuesrc.IndexComments(inst)}
}

func (c lineComments) above(file string, line int) string { return c.Above(file, line) }

func docText(groups []*ast.CommentGroup) string { return cuesrc.DocText(groups) }

func packageClause(inst *build.Instance) (doc string, pos token.Pos) {
	return cuesrc.PackageClause(inst)
}

// docRequired ends the message of a missing doc comment, which is an error
// only where the module asks for one.
const docRequired = cuesrc.DocRequired

// boundedRequired ends the message of an integer without its range, which
// is an error only where the module asks for one.
const boundedRequired = " (this module's " + ConfigFile + " sets require: boundedIntegers: true)"
