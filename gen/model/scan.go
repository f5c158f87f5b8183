package model

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
)

// ReadError is a schema file or folder that could not be read: an I/O
// problem, not a problem of the schema. Load returns it alone, before CUE
// loads anything, so that a folder it cannot read is never taken for a
// folder that is not there (and its package for a deleted one).
type ReadError struct {
	Path string // relative to the module root, with /
	Err  error
}

func (e *ReadError) Error() string { return fmt.Sprintf("cannot read %s: %v", e.Path, e.Err) }

// Unwrap returns the cause.
func (e *ReadError) Unwrap() error { return e.Err }

// scanSchema reads every folder and .cue file under the schema folder of
// fsys (the module root) before CUE's loader does, because the loader
// passes over what it cannot read or does not take, and a package missing
// from the schema would read as one that was deleted. It returns a
// *ReadError for the first folder or file it cannot read, else an
// ErrorList of what CUE would skip without a word:
//
//   - a folder or .cue file whose name starts with '.' or '_' (CUE's loader
//     ignores both) holding CUE;
//   - a folder named testdata holding CUE (CUE's loader skips it too);
//   - a folder that is a CUE module of its own (it has a cue.mod): the
//     loader leaves it to that module;
//   - a .cue file without a package clause beside files with one (CUE's
//     loader leaves it out of their package).
//
// A folder whose .cue files all lack a package clause (as schemas that a
// program embeds and compiles are often written: invowk's, CUE's own
// OpenAPI test inputs) is one package named after the folder, as cue vet
// reads the files given together: scanSchema returns its files, by
// folder, for Load to give CUE's loader by name.
//
// A schema that is the module root (".") is what cue vet ./... reads: the
// folders above are passed over as CUE passes over them, since the module
// keeps there what is not its packages (.git, testdata, other modules),
// and so are cue.mod and the output folder, which must then hold no CUE
// (generate replaces it).
//
// A file excluded reports true of (a path under the module root,
// schemagen.cue's exclude) is not read, as if it were not there.
//
// clauses reports whether a file with a package clause (or one that does
// not parse) is among them: CUE's loader has packages to find; clauseDirs
// are the folders that hold such a file, which the loader is given one by
// one when a folder of two packages fails the whole pattern (loadSchema).
func scanSchema(fsys fs.FS, schema, output string, excluded func(p string) bool) (filePkgs map[string][]string, clauses bool, clauseDirs []string, err error) {
	atRoot := schema == "."
	var errs ErrorList
	var walk func(dir string) error
	walk = func(dir string) error {
		entries, err := fs.ReadDir(fsys, dir)
		if err != nil {
			return &ReadError{Path: dir, Err: cause(err)}
		}
		// The folder's .cue files: with a package clause, without one,
		// and all of them (one that does not parse is neither, and its
		// error is CUE's loader's to report).
		var withPkg, noPkg, all []string
		unparsed := false
		for _, e := range entries {
			p := path.Join(dir, e.Name())
			hidden := strings.HasPrefix(e.Name(), ".") || strings.HasPrefix(e.Name(), "_")
			switch {
			case e.IsDir() && atRoot && (p == "cue.mod" || p == output):
				if p == output {
					if has, err := holdsCUE(fsys, p); err != nil {
						return err
					} else if has {
						errs = append(errs, &Error{Pos: Pos{File: p}, Msg: fmt.Sprintf("the output folder %s holds CUE, which generate would delete: it replaces the folder with what it writes; move the CUE out of it", p)})
					}
				}
			case e.IsDir():
				skip, fix := "", "rename it, or move it out of "+schema
				if hidden {
					skip = fmt.Sprintf("a folder whose name starts with %q", e.Name()[:1])
				} else if e.Name() == "testdata" {
					skip = "a folder named testdata"
				} else if fi, err := fs.Stat(fsys, path.Join(p, "cue.mod")); err == nil && fi.IsDir() {
					skip, fix = "a folder with a cue.mod of its own (another module)", "move it out of "+schema+" and generate it in its own module"
				}
				if skip == "" {
					if err := walk(p); err != nil {
						return err
					}
					continue
				}
				if atRoot {
					continue
				}
				if has, err := holdsCUE(fsys, p); err != nil {
					return err
				} else if has {
					errs = append(errs, &Error{Pos: Pos{File: p}, Msg: fmt.Sprintf("the folder %s holds CUE, but CUE's loader skips %s; %s", e.Name(), skip, fix)})
				}
			case !strings.HasSuffix(e.Name(), ".cue"):
			case excluded != nil && excluded(p):
				// no part of the schema (schemagen.cue's exclude)
			case hidden && atRoot:
			case atRoot && p == ConfigFile:
				// schemagen's own settings, of no package
			case hidden:
				errs = append(errs, &Error{Pos: Pos{File: p}, Msg: fmt.Sprintf("CUE's loader skips a file whose name starts with %q; rename it, or move it out of %s", e.Name()[:1], schema)})
			default:
				data, err := fs.ReadFile(fsys, p)
				if err != nil {
					return &ReadError{Path: p, Err: cause(err)}
				}
				all = append(all, p)
				f, err := parser.ParseFile(p, data, parser.PackageClauseOnly)
				switch {
				case err != nil:
					// CUE's loader reports the syntax error at its position
					clauses = true
					unparsed = true
				case hasPackage(f):
					withPkg = append(withPkg, p)
					clauses = true
				default:
					noPkg = append(noPkg, p)
				}
			}
		}
		if len(withPkg) > 0 || unparsed {
			clauseDirs = append(clauseDirs, dir)
		}
		switch {
		case len(noPkg) == 0:
		case atRoot && dir == ".":
			// The module root's files without a package clause
			// (invowk's invowkfile.cue, data) are what cue vet ./...
			// passes over: the schema is the module's packages.
		case len(withPkg) == 0:
			if filePkgs == nil {
				filePkgs = map[string][]string{}
			}
			filePkgs[dir] = all
		default:
			for _, p := range noPkg {
				errs = append(errs, &Error{Pos: Pos{File: p, Line: 1, Col: 1}, Msg: fmt.Sprintf("this file has no package clause, while %s has one: CUE's loader leaves it out of that package; begin it with the same package clause (a folder whose files all have none is read as one package named after the folder)", withPkg[0])})
			}
		}
		return nil
	}
	if err := walk(schema); err != nil {
		return nil, false, nil, err
	}
	if len(errs) > 0 {
		return nil, false, nil, errs.Sorted()
	}
	return filePkgs, clauses, clauseDirs, nil
}

// holdsCUE reports whether the folder p holds a .cue file at any depth.
func holdsCUE(fsys fs.FS, p string) (bool, error) {
	found := false
	err := fs.WalkDir(fsys, p, func(q string, d fs.DirEntry, err error) error {
		if err != nil {
			return &ReadError{Path: q, Err: cause(err)}
		}
		if !d.IsDir() && strings.HasSuffix(q, ".cue") {
			found = true
			return fs.SkipAll
		}
		return nil
	})
	return found, err
}

func hasPackage(f *ast.File) bool {
	for _, d := range f.Decls {
		if _, ok := d.(*ast.Package); ok {
			return true
		}
	}
	return false
}

// cause is the error under a *fs.PathError (whose path is the fs's own
// and would repeat the ReadError's).
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// schemaFS is the file system Load reads the schema folder from before
// CUE's loader does (scanSchema); tests replace it to make a read fail.
var schemaFS = func(root string) fs.FS { return os.DirFS(root) }
