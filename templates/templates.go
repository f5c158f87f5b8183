// Package templates holds the text/template files of the C the layout
// package becomes: generated/c/types.h, catalog.h, ownership.h, and the file
// codec deck_file.h and deck_file.c (file.h.tmpl, file.c.tmpl). The C
// emitter, gen/clayout, renders them; gen/golayout renders the Go file
// codec and ledger from go/; they live here, at the top of the
// repository, so the firmware team finds the shape of its C in one place,
// and this package embeds them because //go:embed cannot reach a parent
// directory.
//
// Logic stays in Go (gen/clayout computes every name, offset and table);
// the templates hold layout only.
package templates

import "embed"

// FS holds every *.tmpl file.
//
//go:embed *.tmpl
var FS embed.FS

// GoFS holds the templates of the Go file codec and ledger that
// gen/golayout renders into generated/go/<package>/ (go/file.go.tmpl with
// its payload paths go/native.go.tmpl and go/purego.go.tmpl, and
// go/ledger.go.tmpl): the Go twins of deck_file.c and ownership.h.
//
//go:embed go/*.tmpl
var GoFS embed.FS
