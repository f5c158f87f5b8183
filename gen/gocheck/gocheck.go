// Package gocheck type-checks generated Go before generate writes it, so
// that a schema whose names would make code that does not compile is
// refused instead of written (issue 13: a definition named like a
// generated helper once produced such code, and check still passed).
//
// The check is go/types over the declarations of each generated package's
// files, with the packages they import (time, regexp, the wire support
// package) stood in by empty packages: what refers into them is not
// checked (the tests build the generated code for real), and everything
// the schema's names decide is — a type, constant, variable, function or
// method declared twice, a field and a method of one name, a name a
// declaration uses that no file declares, a value of one local type where
// another is wanted in a package-level declaration.
//
// Function bodies are not checked (go/types' IgnoreFuncBodies), and are
// dropped as soon as a file is parsed: what a body says is the emitter's
// template, the same for every schema but for the names it uses, and those
// names are the declarations checked here. The tests compile the bodies
// for real, for every construct and every corpus unit. Checking them here
// too was 40% of a generate writing 20,000 definitions, and their syntax
// trees most of its peak memory (docs/performance.md). Comments are not
// parsed either, but for a file's header (its build constraint), and a
// file's bytes are let go once it is parsed: neither changes what the
// check finds.
//
// Most of a generated file's declarations are methods of one template
// (UnmarshalJSON, AppendJSON, Validate … of every type), whose signatures
// name no type of the package: those are taken out before go/types runs
// and checked for what the schema decides of them, their receiver and
// their name (methods.go), which go/types held a kilobyte of memory per
// method to find.
package gocheck

import (
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/schemagen/schemagen/gen/output"
)

// Check type-checks every Go package among files (grouped by directory,
// paths relative to the output folder out, e.g. "generated"). It returns
// nil, or an error listing the first problems at their positions under
// out.
func Check(out string, files []output.File) error {
	data := make(map[string][]byte, len(files))
	paths := make([]string, 0, len(files))
	for _, f := range files {
		data[f.Path] = f.Data
		paths = append(paths, f.Path)
	}
	return CheckRead(out, paths, func(p string) ([]byte, error) { return data[p], nil })
}

// CheckRead is Check of the files at paths, each read with read only when
// its package is checked, so that one package's files are held at a time
// (generate reads them back from the tree it is about to publish).
func CheckRead(out string, paths []string, read func(path string) ([]byte, error)) error {
	byDir := map[string][]string{}
	var dirs []string
	for _, p := range paths {
		if !strings.HasSuffix(p, ".go") {
			continue
		}
		d := path.Dir(p)
		if byDir[d] == nil {
			dirs = append(dirs, d)
		}
		byDir[d] = append(byDir[d], p)
	}
	slices.Sort(dirs)
	var problems []string
	for _, d := range dirs {
		readAll := func() ([]output.File, error) {
			var files []output.File
			for _, p := range byDir[d] {
				data, err := read(p)
				if err != nil {
					return nil, fmt.Errorf("reading %s: %w", path.Join(out, p), err)
				}
				files = append(files, output.File{Path: p, Data: data})
			}
			return files, nil
		}
		files, err := readAll()
		if err != nil {
			return err
		}
		found, apart := checkPackage(out, d, files, true)
		if len(found) > 0 && apart {
			// Something is wrong: go/types over every declaration,
			// the template methods too, says what, in its own words.
			if files, err = readAll(); err != nil {
				return err
			}
			found, _ = checkPackage(out, d, files, false)
		}
		problems = append(problems, found...)
	}
	if len(problems) == 0 {
		return nil
	}
	more := ""
	if len(problems) > 10 {
		more = fmt.Sprintf("\n(and %d more)", len(problems)-10)
		problems = problems[:10]
	}
	return fmt.Errorf("the generated Go does not compile:\n%s%s", strings.Join(problems, "\n"), more)
}

// outside matches what go/types says of a name in a stood-in package.
var outside = regexp.MustCompile(`undefined: [A-Za-z_][A-Za-z0-9_]*\.`)

// checkPackage checks a package once without build tags and once with
// each tag its files' //go:build lines name (the layout codec's purego
// files), each time with the files that build then. With leaveOut, the
// template methods are left out of go/types' check and checked apart
// (withoutMethods); it reports whether any was.
func checkPackage(out, dir string, files []output.File, leaveOut bool) (problems []string, apart bool) {
	fset := token.NewFileSet()
	var parsed []*ast.File
	var builds []constraint.Expr
	tags := []string{""}
	var methods []method
	for i, f := range files {
		name := path.Join(out, f.Path)
		// Comments are read from the file's header alone, for its build
		// constraint: the declarations' comments (a generated file's doc
		// comments are a third of it) do not change what the check finds,
		// and were a fifth of the memory the check held.
		head, err := parser.ParseFile(token.NewFileSet(), name, f.Data, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		af, ms, err := parseDeclarations(fset, name, f.Data, len(parsed), leaveOut)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if len(ms) == 0 {
			files[i].Data = nil // the syntax tree is all the check reads now
		}
		// (A file with methods left out is kept until keptMethods has
		// said whether it must be read again.)
		af.GoVersion = head.GoVersion
		methods = append(methods, ms...)
		x := buildConstraint(head)
		for _, tag := range tagsOf(x) {
			if !slices.Contains(tags, tag) {
				tags = append(tags, tag)
			}
		}
		parsed = append(parsed, af)
		builds = append(builds, x)
	}
	if len(problems) > 0 {
		return problems, false
	}
	// The methods left out may stay out only if the package's declarations
	// say so (keptMethods); a file with one that may not is read again
	// with all of them, for go/types.
	again := keptMethods(parsed, methods)
	kept := methods[:0]
	for _, m := range methods {
		if !again[m.file] {
			// Its line is empty in the text parsed: the position is
			// the file's.
			m.pos = token.Position{Filename: fset.File(parsed[m.file].Package).Name(), Line: m.line, Column: m.col}
			kept = append(kept, m)
		}
	}
	methods = kept
	for i, f := range files {
		if again[i] {
			af, _, err := parseDeclarations(fset, path.Join(out, f.Path), f.Data, i, false)
			if err != nil {
				return []string{err.Error()}, false
			}
			af.GoVersion = parsed[i].GoVersion
			parsed[i] = af
		}
		files[i].Data = nil
	}
	for _, tag := range tags {
		var with []*ast.File
		in := make([]bool, len(parsed))
		for i, af := range parsed {
			if x := builds[i]; x == nil || x.Eval(func(t string) bool { return t == tag }) {
				with = append(with, af)
				in[i] = true
			}
		}
		found := checkFiles(dir, fset, with)
		found = append(found, checkMethods(fset, with, methods, in)...)
		for _, p := range found {
			if tag != "" {
				p += " (with the " + tag + " build tag)"
			}
			if !slices.Contains(problems, p) {
				problems = append(problems, p)
			}
		}
	}
	return problems, len(methods) > 0
}

// buildConstraint is the file's //go:build expression, or nil.
func buildConstraint(f *ast.File) constraint.Expr {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) {
				if x, err := constraint.Parse(c.Text); err == nil {
					return x
				}
			}
		}
	}
	return nil
}

// tagsOf lists the tags a build expression names.
func tagsOf(x constraint.Expr) []string {
	switch x := x.(type) {
	case *constraint.TagExpr:
		return []string{x.Tag}
	case *constraint.NotExpr:
		return tagsOf(x.X)
	case *constraint.AndExpr:
		return append(tagsOf(x.X), tagsOf(x.Y)...)
	case *constraint.OrExpr:
		return append(tagsOf(x.X), tagsOf(x.Y)...)
	}
	return nil
}

// checkFiles type-checks one build of a package.
func checkFiles(dir string, fset *token.FileSet, parsed []*ast.File) []string {
	var problems []string
	conf := types.Config{
		IgnoreFuncBodies: true,
		Importer:         standIn{},
		Error: func(err error) {
			if te, ok := err.(types.Error); ok && outside.MatchString(te.Msg) {
				return
			}
			problems = append(problems, err.Error())
		},
	}
	conf.Check(dir, fset, parsed, nil)
	return problems
}

// parseDeclarations parses the declarations of the Go file src, the file
// whose index is file (declarations, leaving the template methods out
// with leaveOut), without their bodies. Whatever made the bodies' lines
// unreadable, the file as it is says what is wrong, where: it is parsed
// whole then, every method in.
func parseDeclarations(fset *token.FileSet, name string, src []byte, file int, leaveOut bool) (*ast.File, []method, error) {
	const mode = parser.SkipObjectResolution
	text, ms := declarations(src, file, leaveOut)
	af, err := parser.ParseFile(fset, name, text, mode)
	if err != nil {
		af, err = parser.ParseFile(fset, name, src, mode)
		ms = nil
	}
	if err != nil {
		return nil, nil, err
	}
	dropBodies(af)
	return af, ms, nil
}

// withoutBodies is the Go file src, gofmt'd as every generated file is,
// with the lines inside its top-level function bodies left empty: a line
// "func …{" opens a body that the first line "}" after it closes. The
// lines stay, so every position in the file is where it was; the parser
// then reads the declarations only (the bodies were most of a generated
// file's parsing time and syntax trees). A body whose lines do not end so
// (a raw string holding a line "}") makes a file that does not parse, and
// checkPackage parses src itself instead.
func withoutBodies(src []byte) []byte {
	out, _ := declarations(src, 0, false)
	return out
}

// dropBodies lets the collector have the syntax of f's function bodies,
// which the check does not read.
func dropBodies(f *ast.File) {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			fd.Body = nil
		}
	}
}

// standIn imports every package as an empty one of the last element's
// name.
type standIn struct{}

func (standIn) Import(p string) (*types.Package, error) {
	pkg := types.NewPackage(p, path.Base(p))
	pkg.MarkComplete()
	return pkg, nil
}
