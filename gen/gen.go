// Package gen turns the CUE schema into the complete generated tree: it
// loads schema/ once into the resolved model, runs every emitter over it,
// and returns the files as one set. It never writes; cmd/schemagen does.
//
// Data flows one way: schema/ → model → emitters → generated/.
package gen

import (
	"fmt"

	"github.com/schemagen/schemagen/gen/clayout"
	"github.com/schemagen/schemagen/gen/golayout"
	"github.com/schemagen/schemagen/gen/gotypes"
	"github.com/schemagen/schemagen/gen/layoutdoc"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

// Emitter is one target: a pure function from the model to files under
// generated/.
type Emitter struct {
	Name     string
	Generate func(*model.Schema) ([]output.File, error)
}

// Emitters are every target schemagen writes, in a fixed order.
var Emitters = []Emitter{
	{Name: "go", Generate: gotypes.Generate},
	{Name: "go layout", Generate: golayout.Generate},
	{Name: "c", Generate: clayout.Generate},
	{Name: "layout doc", Generate: layoutdoc.Generate},
}

// Generate loads the schema under root and runs every emitter over it.
// Errors about the schema are a model.ErrorList or a *model.Error.
func Generate(root string) (output.Set, error) {
	s, err := model.Load(root)
	if err != nil {
		return nil, err
	}
	return Emit(s)
}

// Emit runs every emitter over an already resolved schema.
func Emit(s *model.Schema) (output.Set, error) {
	var all [][]output.File
	for _, e := range Emitters {
		files, err := e.Generate(s)
		if err != nil {
			return nil, fmt.Errorf("%s emitter: %w", e.Name, err)
		}
		all = append(all, files)
	}
	return output.NewSet(all...)
}
