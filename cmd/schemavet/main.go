// Command schemavet checks that every switch and map literal over an enum of
// the schema, and every type switch over one of its unions, handles every
// member (see package analysis/schemaexhaustive). In a host module that
// requires github.com/schemagen/schemagen, add it as a tool at the version
// go.mod requires and run it as a vet tool:
//
//	go get -tool github.com/schemagen/schemagen/cmd/schemavet@$(go list -m -f '{{.Version}}' github.com/schemagen/schemagen)
//	go vet -vettool=$(go tool -n schemavet) ./...
//
// or alone, as go tool schemavet [-fix] [-default-counts-as-exhaustive] ./...
// In this repository, make lint builds it into bin/. docs/exhaustive.md says
// how to vet every GOOS and build tag, use it from golangci-lint, and what
// -fix does.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/schemagen/schemagen/analysis/schemaexhaustive"
)

func main() { singlechecker.Main(schemaexhaustive.New(schemaexhaustive.Config{})) }
