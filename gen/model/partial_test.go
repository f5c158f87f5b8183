package model_test

import (
	"testing"

	"github.com/schemagen/schemagen/gen/compat"
	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/golden"
)

// TestLoadPartial: LoadPartial refuses with the same errors Load does, and
// beside them returns the schema as its fields lay it out exactly when
// only the checks of a laid-out layout failed (so a compatibility check
// can say which field changed); never for a schema that did not resolve.
func TestLoadPartial(t *testing.T) {
	partial := map[string]bool{
		"layout-err-size":             true,
		"layout-err-size-later":       true,
		"layout-err-catalog":          true,
		"layout-err-ceiling":          true,
		"layout-err-hole":             true,
		"layout-err-append":           true,
		"layout-err-destructive":      true,
		"layout-err-roles":            true, // the view's and the header's roles: checks of a laid-out layout
		"layout-err-cprefix-reserved": true, // only the names failed, after the layout was laid out
	}
	golden.Run(t, "testdata/*.txtar", []string{"want"}, func(t *testing.T, c *golden.Case) {
		_, lerr := model.Load(c.Dir)
		s, err := model.LoadPartial(c.Dir)
		switch {
		case (lerr == nil) != (err == nil) || (err != nil && err.Error() != lerr.Error()):
			t.Fatalf("LoadPartial: %v\nLoad: %v", err, lerr)
		case err == nil && s == nil:
			t.Fatal("no schema and no error")
		case err == nil:
			return
		}
		name := c.File[len("testdata/") : len(c.File)-len(".txtar")]
		if got := s != nil; got != partial[name] {
			t.Fatalf("schema returned beside the errors: %v, want %v", got, partial[name])
		}
		if s == nil {
			return
		}
		l := s.Layouts[0]
		for _, v := range l.Versions {
			if len(v.Fields) == 0 {
				t.Errorf("version %d was not laid out", v.Number)
			}
		}
		// What breaking does with it must hold: record it as a lock.
		lock.FromModel(s).Marshal()
		for _, e := range err.(model.ErrorList) {
			if e.Rule != "" && e.Subject == "" {
				t.Errorf("%v: a compatibility refusal names no subject", e)
			}
			if r, ok := compat.Lookup(e.Rule); e.Rule != "" && !(ok && r.Model) {
				t.Errorf("%v: %s is not a rule the model enforces (compat.Rule.Model)", e, e.Rule)
			}
		}
	})
}
