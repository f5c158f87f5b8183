// Package schemagen is the root of the schemagen module: one CUE source in
// schema/ from which generated/ is made for the Go host team, the
// TypeScript app team and the C firmware team. See README.md.
//
// `go generate ./...` (or `make generate`) regenerates generated/.
package schemagen

//go:generate go run ./cmd/schemagen generate
