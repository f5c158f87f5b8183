package schemaexhaustive

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// The directives the generator writes in the doc comment of a schema type
// (gen/gotypes.EnumDirective and gen/gotypes.UnionDirective).
const (
	enumDirective  = "//schemagen:enum"
	unionDirective = "//schemagen:union"
)

// An EnumFact is exported on the *types.TypeName of a type whose doc comment
// says //schemagen:enum. Members are the package-level constants of exactly
// that type declared in its package, in declaration order (for generated
// code, schema order).
type EnumFact struct {
	Members []Member
}

// A Member is one constant of a schema enum.
type Member struct {
	Name  string // the constant's Go name, e.g. PoseWorking
	Value string // its value as constant.Value.ExactString, e.g. "working" quoted
}

// A UnionFact is exported on the *types.TypeName of an interface whose doc
// comment says //schemagen:union. Variants are the names of the package's
// named non-interface types T whose pointer *T implements the interface, in
// declaration order: a type switch needs one case *T for each.
type UnionFact struct {
	Variants []string
}

func (*EnumFact) AFact()  {}
func (*UnionFact) AFact() {}

func (f *EnumFact) String() string {
	names := make([]string, len(f.Members))
	for i, m := range f.Members {
		names[i] = m.Name
	}
	return "enum(" + strings.Join(names, ", ") + ")"
}

func (f *UnionFact) String() string {
	names := make([]string, len(f.Variants))
	for i, v := range f.Variants {
		names[i] = "*" + v
	}
	return "union(" + strings.Join(names, ", ") + ")"
}

// exportFacts finds the types of pass.Pkg marked with a directive and exports
// a fact on each. A marked type that cannot be an enum (its underlying type
// is not a string or integer) or a union (it is not an interface) gets no
// fact: the analyzer checks what the generator wrote and guesses nothing.
func exportFacts(pass *analysis.Pass) {
	var (
		enums, unions []*types.TypeName
		named         []*types.TypeName // every defined type, in declaration order
		consts        []*types.Const    // every package-level constant, in declaration order
	)
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			switch gd.Tok {
			case token.TYPE:
				for _, spec := range gd.Specs {
					ts := spec.(*ast.TypeSpec)
					tn, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
					if !ok || tn.IsAlias() {
						continue
					}
					named = append(named, tn)
					doc := ts.Doc
					if doc == nil && !gd.Lparen.IsValid() {
						doc = gd.Doc
					}
					switch {
					case hasDirective(doc, enumDirective):
						enums = append(enums, tn)
					case hasDirective(doc, unionDirective):
						unions = append(unions, tn)
					}
				}
			case token.CONST:
				for _, spec := range gd.Specs {
					for _, name := range spec.(*ast.ValueSpec).Names {
						if c, ok := pass.TypesInfo.Defs[name].(*types.Const); ok {
							consts = append(consts, c)
						}
					}
				}
			}
		}
	}

	for _, tn := range enums {
		b, ok := tn.Type().Underlying().(*types.Basic)
		if !ok || b.Info()&(types.IsString|types.IsInteger) == 0 {
			continue
		}
		f := new(EnumFact)
		for _, c := range consts {
			if types.Identical(c.Type(), tn.Type()) {
				f.Members = append(f.Members, Member{Name: c.Name(), Value: c.Val().ExactString()})
			}
		}
		pass.ExportObjectFact(tn, f)
	}
	for _, tn := range unions {
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		f := new(UnionFact)
		for _, v := range named {
			n := v.Type().(*types.Named)
			if n.TypeParams().Len() > 0 || types.IsInterface(n) {
				continue
			}
			if types.Implements(types.NewPointer(n), iface) {
				f.Variants = append(f.Variants, v.Name())
			}
		}
		pass.ExportObjectFact(tn, f)
	}
}

// hasDirective reports whether doc has a line that is exactly d.
func hasDirective(doc *ast.CommentGroup, d string) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if strings.TrimRight(c.Text, " \t") == d {
			return true
		}
	}
	return false
}
