package layoutmodel

import "github.com/schemagen/schemagen/gen/cuesrc"

// Pos is a source position in the CUE schema, with File relative to the
// module root (e.g. "schema/deck/deck.cue"); the wire model's Pos is the
// same type.
type Pos = cuesrc.Pos

// Error is one problem with a layout package, at a position; Rule names the
// compatibility rule (gen/compat) it breaks, if any.
type Error = cuesrc.Error

// ErrorList is every problem found, sorted by position.
type ErrorList = cuesrc.ErrorList
