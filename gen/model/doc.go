// Package model loads the CUE schema under schema/ with CUE's own loader and
// resolves it into plain Go data that every emitter reads: scalars, enums,
// objects and unions, each with its Go name, doc comment and CUE position.
//
// It is the only package that imports cuelang.org/go. Names are decided
// here, never in an emitter, and every problem is an Error at the CUE
// file:line:col that caused it.
//
// The CUE it accepts is deliberately narrow, so that every construct has one
// meaning in every target:
//
//   - an enum is a disjunction of string literals, each with a doc comment
//     on the line above it;
//   - a union is a disjunction of references to struct definitions that all
//     require the same field as a string constant (kind!: "passed");
//   - an object is a struct literal whose fields are all required (x!:) or
//     optional (x?:), each with a doc comment;
//   - a field is a reference to a definition, or a basic type (string, int,
//     bool) with int bounds, one =~ pattern, strings.MinRunes/MaxRunes,
//     time.Time or time.Format("2006-01-02"), or [...T] with
//     list.MinItems/MaxItems, or [string]: T;
//   - a conditional "if kind == "spawn" { x?: _|_ }" forbids optional fields
//     for an enum member.
//
// Anything else is refused with its position rather than approximated.
//
// A package with a top-level layout field is a layout package instead
// (schema/deck; see layout.go and docs/schema-language.md): C structs laid
// out by C's rules with no implicit padding, a versioned root whose every
// shipped version's size is a recorded fact, a file header, a ledger view
// and an append-only catalog, resolved into a Layout.
package model
