package corpus_test

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"

	"github.com/schemagen/schemagen/gen/model"
)

// Root is the name of a package's root object among its units: the
// package's top-level fields and embedded values, which schemagen reads as
// one object named after the package.
const Root = "@root"

// Unit is what the corpus test classifies: a top-level definition of a
// package (#Name), the package's root object (Root), or in a library of
// types (model.TypeLibrary: Grafana's schemas) a top-level field, named by
// its label (Panel), which schemagen reads as a type of its own.
type Unit struct {
	Corpus string // the corpus folder, e.g. k8s-apps-v1
	Pkg    string // the package's folder under the schema folder, e.g. apps/v1
	Name   string // "#Deployment" or Root
	GoAttr string // the Name of a @go(Name) attribute on the definition, if any
}

// IsField reports whether u is a top-level field of a library of types.
func (u *Unit) IsField() bool { return u.Name != Root && !strings.HasPrefix(u.Name, "#") }

// Path is where u's value is in its package's value: the definition
// (#Name, #."per-son") or the field; the root's is the empty path.
func (u *Unit) Path() cue.Path {
	switch {
	case u.Name == Root:
		return cue.Path{}
	case u.IsField():
		return cue.MakePath(cue.Str(u.Name))
	}
	return cue.ParsePath(u.Name)
}

// Key names a unit in the results: corpus pkg name.
func (u *Unit) Key() string { return u.Corpus + " " + u.Pkg + " " + u.Name }

// Span is the source of one top-level declaration: its bytes, with the doc
// comments above it, in one file.
type Span struct {
	File       string // slash path relative to the corpus root
	Pkg        string // the package's folder under the schema folder
	Start, End int    // byte offsets
	// Unit is the unit the declaration belongs to, or nil for a
	// declaration of the package as a whole (package clause, imports,
	// hidden fields, let): an error there is every unit's of the package.
	Unit *Unit
	// Import is set for one import spec: removing the declarations that
	// used it leaves it unused, which CUE refuses.
	Import bool
	// Label is the label of a field (a definition's #Name, a top-level
	// field's name).
	Label string
	// Hidden is the label of a hidden field or let clause (no unit of its
	// own): an error in it blanks it, and the units that use it are
	// refused in the next round for referring to it.
	Hidden string
}

// Source is a corpus's schema files split into units and spans.
type Source struct {
	Corpus string
	Units  []*Unit
	Spans  []*Span
	Files  map[string][]byte // by slash path relative to the corpus root
	// Pkgs maps a package folder to its units, in order.
	Pkgs map[string][]*Unit
	// Libraries are the folders of the packages that are libraries of
	// types (model.TypeLibrary), sorted.
	Libraries []string
}

// ReadSource parses every .cue file under dir/schemaDir. It reads the
// files with CUE's parser. A file without a package clause is part of the
// package of its folder when no file there has one (schemagen reads such
// a folder as one package named after it: invowk's schemas); beside files
// with one, it is part of none, and schemagen refuses it. A file cfg
// excludes (schemagen.cue's exclude) is no part of the schema, and not
// read. cfg.Schema is the schema folder.
func ReadSource(corpus, dir string, cfg *model.Config) (*Source, error) {
	schemaDir := cfg.Schema
	src := &Source{Corpus: corpus, Files: map[string][]byte{}, Pkgs: map[string][]*Unit{}}
	units := map[string]*Unit{}
	unit := func(pkg, name string) *Unit {
		k := pkg + " " + name
		if u := units[k]; u != nil {
			return u
		}
		u := &Unit{Corpus: corpus, Pkg: pkg, Name: name}
		units[k] = u
		src.Units = append(src.Units, u)
		src.Pkgs[pkg] = append(src.Pkgs[pkg], u)
		return u
	}
	parsed := map[string][]*ast.File{} // by package folder
	base := filepath.Join(dir, filepath.FromSlash(schemaDir))
	err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == "cue.mod" {
			return filepath.SkipDir // CUE's own: a schema: "." corpus's imports
		}
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".cue") || p == filepath.Join(dir, model.ConfigFile) {
			return err
		}
		if inSchema, err := filepath.Rel(base, p); err == nil {
			if _, ok := cfg.Excludes(filepath.ToSlash(inSchema)); ok {
				return nil
			}
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(p, data, parser.ParseComments)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		pkgRel, _ := filepath.Rel(base, filepath.Dir(p))
		pkg := filepath.ToSlash(pkgRel)
		src.Files[rel] = data
		parsed[pkg] = append(parsed[pkg], f)
		for _, decl := range f.Decls {
			start, end := declStart(decl), declEnd(decl)
			sp := &Span{File: rel, Pkg: pkg, Start: start, End: end}
			switch d := decl.(type) {
			case *ast.Field:
				name, _, _ := ast.LabelName(d.Label)
				sp.Label = name
				switch {
				case strings.HasPrefix(name, "_"):
					sp.Hidden = name
				case name == "#":
					// #: "per-son": {…}, as cue import writes a $defs
					// name that is no identifier: a definition #."per-son".
					if lit, ok := d.Value.(*ast.StructLit); ok && len(lit.Elts) == 1 {
						if f, ok := lit.Elts[0].(*ast.Field); ok {
							key, _, _ := ast.LabelName(f.Label)
							sp.Label = "#." + strconv.Quote(key)
							sp.Unit = unit(pkg, sp.Label)
						}
					}
				case strings.HasPrefix(name, "#"):
					sp.Unit = unit(pkg, name)
					for _, a := range d.Attrs {
						if k, body := a.Split(); k == "go" {
							goName, _, _ := strings.Cut(body, ",")
							sp.Unit.GoAttr = strings.TrimSpace(goName)
						}
					}
				default:
					sp.Unit = unit(pkg, Root)
				}
			case *ast.LetClause:
				sp.Hidden = d.Ident.Name
			case *ast.EmbedDecl, *ast.Comprehension:
				sp.Unit = unit(pkg, Root)
			case *ast.ImportDecl:
				for _, spec := range d.Specs {
					s, e := declStart(spec), spec.End().Offset()
					if len(d.Specs) == 1 {
						s, e = start, end
					}
					src.Spans = append(src.Spans, &Span{File: rel, Pkg: pkg, Start: s, End: e, Import: true})
				}
				continue
			}
			src.Spans = append(src.Spans, sp)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for pkg, files := range parsed {
		if model.TypeLibrary(files) {
			src.fieldUnits(pkg, unit)
			src.Libraries = append(src.Libraries, pkg)
		}
	}
	slices.Sort(src.Libraries)
	slices.SortFunc(src.Units, func(a, b *Unit) int { return strings.Compare(a.Key(), b.Key()) })
	return src, nil
}

// fieldUnits makes each top-level regular field of the package pkg, a
// library of types, a unit of its own, named by its label, as schemagen
// reads it; the root is a unit no longer unless a declaration other than
// a field (an embedding) is still its.
func (src *Source) fieldUnits(pkg string, unit func(pkg, name string) *Unit) {
	root := unit(pkg, Root)
	for _, sp := range src.Spans {
		if sp.Pkg == pkg && sp.Unit == root && sp.Label != "" {
			sp.Unit = unit(pkg, sp.Label)
		}
	}
	for _, sp := range src.Spans {
		if sp.Unit == root {
			return
		}
	}
	src.Units = slices.DeleteFunc(src.Units, func(u *Unit) bool { return u == root })
	src.Pkgs[pkg] = slices.DeleteFunc(src.Pkgs[pkg], func(u *Unit) bool { return u == root })
}

// declStart is where a declaration's source begins: its first doc comment,
// or the declaration itself.
func declStart(n ast.Node) int {
	start := n.Pos().Offset()
	for _, cg := range ast.Comments(n) {
		if cg.Doc && cg.Pos().IsValid() && cg.Pos().Offset() < start {
			start = cg.Pos().Offset()
		}
	}
	return start
}

// declEnd is where a declaration's source ends: the end of the last of
// its nodes. CUE's End of a _|_ (ast.BottomLit) is one byte past its _,
// so a field holding one (kubevela's NoExist: _|_) was blanked to
// NoExist: |_, which does not parse.
func declEnd(n ast.Node) int {
	end := n.End().Offset()
	ast.Walk(n, func(x ast.Node) bool {
		switch b := x.(type) {
		case *ast.BottomLit:
			end = max(end, b.Pos().Offset()+len("_|_"))
		default:
			if x.End().IsValid() {
				end = max(end, x.End().Offset())
			}
		}
		return true
	}, nil)
	return end
}

// Owners returns the units a label names: the definition, or the root of
// every package with a top-level field of that name.
func (s *Source) Owners(label string) []*Unit {
	var out []*Unit
	for _, sp := range s.Spans {
		if label != "" && sp.Label == label && sp.Unit != nil && !slices.Contains(out, sp.Unit) {
			out = append(out, sp.Unit)
		}
	}
	return out
}

// At returns the span holding the byte at line:col (1-based) of file, or
// nil.
func (s *Source) At(file string, line, col int) *Span {
	data, ok := s.Files[file]
	if !ok {
		return nil
	}
	off := offset(data, line, col)
	var best *Span
	for _, sp := range s.Spans {
		if sp.File == file && sp.Start <= off && off < max(sp.End, sp.Start+1) {
			if best == nil || sp.End-sp.Start < best.End-best.Start {
				best = sp
			}
		}
	}
	return best
}

func offset(data []byte, line, col int) int {
	off := 0
	for i := 1; i < line; i++ {
		j := bytes.IndexByte(data[off:], '\n')
		if j < 0 {
			return len(data)
		}
		off += j + 1
	}
	return off + col - 1
}

// Blank returns the files with the spans' bytes replaced by spaces
// (newlines kept), so that every other declaration keeps its bytes and its
// line and column: the positions of a later run are the original file's.
func Blank(files map[string][]byte, spans []*Span) map[string][]byte {
	out := map[string][]byte{}
	for name, data := range files {
		out[name] = data
	}
	for _, sp := range spans {
		data := bytes.Clone(out[sp.File])
		for i := sp.Start; i < sp.End && i < len(data); i++ {
			if data[i] != '\n' {
				data[i] = ' '
			}
		}
		out[sp.File] = data
	}
	return out
}

// loadArgs are the arguments that make CUE's loader read the package of
// folder pkg under dir/schemaDir as schemagen reads it: the folder, or,
// when none of its .cue files has a package clause, those files by name
// (one instance, as cue vet a.cue b.cue reads them).
func loadArgs(dir, schemaDir, pkg string) []string {
	folder := path.Join(schemaDir, pkg)
	entries, _ := os.ReadDir(filepath.Join(dir, filepath.FromSlash(folder)))
	var files []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".cue") || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(folder), n))
		if err != nil {
			return []string{"./" + folder}
		}
		f, err := parser.ParseFile(n, data, parser.PackageClauseOnly)
		if err != nil || f.PackageName() != "" {
			return []string{"./" + folder}
		}
		files = append(files, "./"+path.Join(folder, n))
	}
	if len(files) == 0 {
		return []string{"./" + folder}
	}
	return files
}
