// Package model loads a module's CUE schema with CUE's own loader and
// resolves it into plain Go data that every emitter reads: scalars, enums,
// objects, unions and named maps, each with its Go name, doc comment and
// CUE position. It reads the module's schemagen.cue first (ReadConfig):
// where the schema and the output are, and the names the outputs give
// themselves; every package is keyed by its folder under the schema
// folder (Package.Path).
//
// It, gen/layoutmodel and gen/cuesrc are the only packages of the tool that
// import cuelang.org/go. Names are decided here, never in an emitter, and
// every problem is an Error at the CUE file:line:col that caused it.
//
// It reads what CUE states about JSON, so that every construct has one
// meaning in every target (docs/schema-language.md has the table):
//
//   - an enum is a disjunction of string literals, each documented by the
//     comment on the line above it;
//   - a union is a disjunction of references to struct definitions that all
//     require the same field as a string constant (kind!: "passed"); it is
//     a type like any other, of a field, a list element or a map value;
//   - a named map is a definition of one [string]: T;
//   - an object is a struct literal of required (x!:), optional (x?:) and
//     regular (x:) fields, read by CUE's rule (a regular field that is not
//     concrete is required); with ... it is open (Object.Open). A
//     package's top-level fields are its root object, open as CUE leaves
//     them;
//   - a field is a reference to a definition, or a basic type (string, int,
//     bool) with int bounds, one =~ pattern, strings.MinRunes/MaxRunes,
//     time.Time, time.Format("2006-01-02"), time.Duration (alone),
//     net.URL or net.AbsURL, a
//     constant ("v1", 3, true), any JSON (_, {...}, [...]), or [...T] with
//     list.MinItems/MaxItems, or [string]: T;
//   - a conditional "if kind == "spawn" { x?: _|_ }" forbids optional fields
//     for an enum member.
//
// Doc comments are carried into every target; a missing one is an empty
// description, unless the module's schemagen.cue sets require: docs: true.
// A definition or field may carry @go(Name), its Go name; other tools'
// attributes are left to them. Anything no target could state as CUE
// means it — a default, @json, a pattern beside fields — is refused with
// its position rather than approximated or dropped.
//
// A package with a top-level layout field is a layout package instead:
// Load hands it to gen/layoutmodel, which resolves it into a
// layoutmodel.Layout (Schema.Layouts). This package is the wire model;
// what the two models share (Pos, Error, doc comments, Go names) is
// gen/cuesrc, and the compatibility rules the layout model enforces are
// gen/compat's.
package model
