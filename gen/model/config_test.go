package model_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/golden"
)

// TestReadConfig reads the schemagen.cue (and go.mod) of each
// testdata/config/*.txtar module and compares the configuration, or the
// errors, with the archive's "want" section.
func TestReadConfig(t *testing.T) {
	golden.Run(t, "testdata/config/*.txtar", []string{"want"}, func(t *testing.T, c *golden.Case) {
		cfg, err := model.ReadConfig(c.Dir)
		var got string
		if err != nil {
			if _, ok := err.(model.ErrorList); !ok {
				t.Errorf("error is %T, want model.ErrorList", err)
			}
			got = err.Error() + "\n"
		} else {
			var b strings.Builder
			fmt.Fprintf(&b, "schema %q @%s\n", cfg.Schema, cfg.SchemaPos)
			fmt.Fprintf(&b, "output %q @%s\n", cfg.Output, cfg.OutputPos)
			fmt.Fprintf(&b, "jsonschema.id %q @%s\n", cfg.JSONSchemaID, cfg.JSONSchemaIDPos)
			fmt.Fprintf(&b, "go.importPath %q @%s\n", cfg.GoImportPath, cfg.GoImportPathPos)
			if cfg.RequireDocs {
				fmt.Fprintf(&b, "require.docs @%s\n", cfg.RequireDocsPos)
			}
			if cfg.RequireBoundedIntegers {
				fmt.Fprintf(&b, "require.boundedIntegers @%s\n", cfg.RequireBoundedIntegersPos)
			}
			if cfg.RequireDistinctNames {
				fmt.Fprintf(&b, "require.distinctNames @%s\n", cfg.RequireDistinctNamesPos)
			}
			if cfg.TypeLibraries != nil {
				fmt.Fprintf(&b, "typeLibraries %q @%s\n", cfg.TypeLibraries, cfg.TypeLibrariesPos)
			}
			for _, t := range cfg.TypesAt {
				fmt.Fprintf(&b, "typesAt %q %q @%s\n", t.Folder, t.Path, t.Pos)
			}
			got = b.String()
		}
		c.CheckSection(t, "want", got)
	})
}

// TestThisRepositorysConfig: this repository's schemagen.cue asks only for
// doc comments, and its defaults are the names its committed outputs carry.
func TestThisRepositorysConfig(t *testing.T) {
	cfg, err := model.ReadConfig("../..")
	if err != nil {
		t.Fatal(err)
	}
	want := model.Config{Schema: "schema", Output: "generated", Module: "github.com/schemagen/schemagen",
		JSONSchemaID: "https://github.com/schemagen/schemagen/generated/jsonschema/",
		GoImportPath: "github.com/schemagen/schemagen/generated/go", RequireDocs: true,
		RequireDocsPos: model.Pos{File: "schemagen.cue", Line: 8, Col: 10}, RequireBoundedIntegers: true,
		RequireBoundedIntegersPos: model.Pos{File: "schemagen.cue", Line: 12, Col: 10},
		RequireDistinctNames:      true, RequireDistinctNamesPos: model.Pos{File: "schemagen.cue", Line: 17, Col: 10}}
	if diff := cmp.Diff(want, *cfg); diff != "" {
		t.Errorf("ReadConfig differs (-want +got):\n%s", diff)
	}
}
