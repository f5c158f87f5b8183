// Package golangci makes schemaexhaustive a golangci-lint v2 module plugin
// named schemaexhaustive. A custom golangci-lint built with it (golangci-lint
// custom, from a .custom-gcl.yml that names this package) runs the analyzer
// as the linter schemaexhaustive, with its settings read from
// linters.settings.custom.schemaexhaustive.settings of .golangci.yml into a
// schemaexhaustive.Config:
//
//	settings:
//	  default-counts-as-exhaustive: false
//
// The recipe, and why it sets issues.uniq-by-line to false, is in
// docs/exhaustive.md.
package golangci

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/schemagen/schemagen/analysis/schemaexhaustive"
)

// Name is the plugin's name: the key of its settings under
// linters.settings.custom, and the linter to enable.
const Name = "schemaexhaustive"

func init() { register.Plugin(Name, New) }

// New returns the plugin for the settings golangci-lint read from
// .golangci.yml. A key that Config does not have, or a value of the wrong
// type, is an error, so a mistyped setting stops the run instead of being
// ignored.
func New(settings any) (register.LinterPlugin, error) {
	cfg, err := register.DecodeSettings[schemaexhaustive.Config](settings)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	return plugin{cfg}, nil
}

type plugin struct{ cfg schemaexhaustive.Config }

// BuildAnalyzers returns the one analyzer, configured by the settings.
func (p plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{schemaexhaustive.New(p.cfg)}, nil
}

// GetLoadMode asks for type information: the analyzer reads the types of
// switch tags and the facts of the packages that declare the enums.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
