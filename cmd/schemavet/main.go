// Command schemavet checks that every switch and map literal over an enum of
// the schema, and every type switch over one of its unions, handles every
// member (see package analysis/schemaexhaustive). Run it as a vet tool:
//
//	go build -o bin/schemavet ./cmd/schemavet
//	go vet -vettool=$PWD/bin/schemavet ./...
//
// or alone, as schemavet [-fix] [-default-counts-as-exhaustive] ./...
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/schemagen/schemagen/analysis/schemaexhaustive"
)

func main() { singlechecker.Main(schemaexhaustive.New(schemaexhaustive.Config{})) }
