package wiredoc_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/wiredoc"
	"github.com/schemagen/schemagen/internal/golden"
)

var (
	heading     = regexp.MustCompile(`(?m)^#{1,6} (.+)$`)
	sectionLink = regexp.MustCompile(`\[([^\]]+)\]\(#([^)]+)\)`)
)

// TestGolden renders the reference of each testdata/*.txtar module and
// compares it with the archive's out/ files; a second run must be
// byte-identical, and every definition must have the section its links
// point to.
func TestGolden(t *testing.T) {
	golden.RunEmitter(t, wiredoc.Generate, func(t *testing.T, s *model.Schema, got map[string]string) {
		again, err := wiredoc.Generate(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range again {
			if string(f.Data) != got[f.Path] {
				t.Errorf("second run differs at %s", f.Path)
			}
		}
		for _, p := range s.Packages {
			md := got["docs/"+p.Path+".md"]
			var names []string
			for _, o := range p.Objects {
				names = append(names, o.Name)
			}
			for _, u := range p.Unions {
				names = append(names, u.Name)
			}
			for _, e := range p.Enums {
				names = append(names, e.Name)
			}
			for _, sc := range p.Scalars {
				names = append(names, sc.Name)
			}
			for _, m := range p.Maps {
				names = append(names, m.Name)
			}
			for _, n := range names {
				if !strings.Contains(md, "\n### "+n+"\n") {
					t.Errorf("docs/%s.md has no section for %s", p.Path, n)
				}
			}
			// Every link reaches the heading of its own name, by the ids
			// a renderer gives the headings as written.
			var slug wiredoc.Slugger
			headings := map[string]string{}
			for _, m := range heading.FindAllStringSubmatch(md, -1) {
				headings[slug.ID(m[1])] = m[1]
			}
			for _, m := range sectionLink.FindAllStringSubmatch(md, -1) {
				if headings[m[2]] != m[1] {
					t.Errorf("docs/%s.md: [%s](#%s) reaches heading %q", p.Path, m[1], m[2], headings[m[2]])
				}
			}
		}
	})
}

// TestFleet: this repository's fleet package has its reference, which
// names every field of the snapshot.
func TestFleet(t *testing.T) {
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := wiredoc.Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	var md string
	for _, f := range files {
		if f.Path == "docs/fleet.md" {
			md = string(f.Data)
		}
	}
	if md == "" {
		t.Fatal("no docs/fleet.md")
	}
	for _, f := range s.Package("fleet").Objects {
		for _, fd := range f.Fields {
			if !strings.Contains(md, "| `"+fd.Name+"` |") {
				t.Errorf("docs/fleet.md lacks %s.%s", f.Name, fd.Name)
			}
		}
	}
	if !strings.Contains(md, "`import \"github.com/schemagen/schemagen/generated/go/fleet\"`") {
		t.Error("docs/fleet.md does not say how to import the Go package")
	}
}
