// Package templates holds the text/template files of the C headers the
// layout package becomes (generated/c/types.h, catalog.h, ownership.h). The
// C emitter, gen/clayout, renders them; they live here, at the top of the
// repository, so the firmware team finds the shape of its headers in one
// place, and this package embeds them because //go:embed cannot reach a
// parent directory.
//
// Logic stays in Go (gen/clayout computes every name, offset and table);
// the templates hold layout only.
package templates

import "embed"

// FS holds every *.h.tmpl file.
//
//go:embed *.h.tmpl
var FS embed.FS
