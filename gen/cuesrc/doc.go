// Package cuesrc is what the wire model (gen/model) and the layout model
// (gen/layoutmodel) read from CUE source the same way: where a thing is
// (Pos, relative to the module root), a problem at a position (Error,
// ErrorList, and CUE's own errors placed by Positions.FromCUE), doc
// comments (DocText, LineComments, PackageClause), the Go name of a CUE
// name (GoName) and whose an attribute is (ForeignAttr).
//
// It holds no schema rule of its own: each model decides what a
// construct means.
package cuesrc
