// Package layoutmodel is the layout half of the model: it resolves a layout
// package (a CUE package with a top-level layout field, such as
// schema/deck; docs/schema-language.md and docs/deck.md) into a Layout
// that the layout emitters (gen/clayout, gen/golayout, gen/layoutdoc,
// the two codec emitters through the plan of gen/layoutplan),
// the lock (gen/lock) and the interpreter of layout files
// (internal/layoutfile) read: C structs laid out by C's rules with no
// implicit padding, a versioned root whose every shipped version's size
// is a recorded fact, a file header, a ledger view and an append-only
// catalog with the package's own classes and channels.
//
// model.Load finds the layout packages and calls Resolve for each; this
// package never reads the module's configuration itself. Every problem is
// an Error at its CUE position (gen/cuesrc); a problem that breaks what
// already shipped carries its compatibility rule's id (gen/compat), so
// that `schemagen breaking` can report it as a finding.
//
// The files: layout.go (the types), layout_resolve.go (reading the CUE),
// layout_check.go (offsets, sizes, history, file, ledger and catalog
// checks), layout_enum.go (layout enums), layout_names.go and cnames.go
// (the C and Go names, and the C words they may not be).
package layoutmodel
