package cuesrc

// ownAttrs are the attributes schemagen gives a meaning to (or, for
// @json, refuses because it would give one that no target could keep).
// Every other attribute belongs to another tool.
var ownAttrs = map[string]bool{"go": true, "json": true, "since": true, "removed": true, "enum": true}

// ForeignAttr reports whether an attribute key belongs to another tool
// than schemagen (@protobuf, @cuetsy, @jsonschema, CUE's own @experiment,
// @if, @extern, …): CUE attributes are read by the tool they name, and
// schemagen leaves those of others alone.
func ForeignAttr(key string) bool { return !ownAttrs[key] }
