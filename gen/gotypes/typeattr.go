package gotypes

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"path"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/schemagen/schemagen/gen/model"
)

// checkTypeAttrs holds every field's @go(…,type=T) (model.Field.GoType)
// to the Go type this emitter gives the field, and returns a
// model.ErrorList of those that differ, each at its attribute. gengotypes
// writes T in place of the type it would derive; schemagen's Go types
// come with a decoder and Validate that check exactly the schema's type,
// so T is read as what its author expects the field to be, and a T of
// another shape is refused rather than dropped. In T, a package
// declaration's Go name is that declaration's Go type as this emitter
// writes it: a named scalar (#URL: =~"^https://", which gengotypes makes
// type URL string) is its base type (string), a type alias (#B: #A) the
// type it stands for, so @go(,type=*URL) on evidence?: #URL states what
// the field is (*string). gengotypes' spelling of a declaration of
// another package, "import/path".Name (Simple Streams' profiles:
// type="github.com/meigma/go-simplestreams/schema".RelativePath), is read
// the same way through qualified, asked only then: the stands of each
// package of the schema, by its CUE import path and by the Go import path
// schemagen gives it.
//
// A T that is the field's Go type without its pointer asks for the value
// itself, whose zero then stands for absent: that is carried where the
// schema refuses the zero value in the field (zeroOf), and the field is in
// the map returned, with the Go literal of its zero; optional=zero
// (model.Field.GoZero) asks the same.
func checkTypeAttrs(p *model.Package, qualified func() map[string]map[string]string) (map[*model.Field]string, error) {
	var errs model.ErrorList
	zero := map[*model.Field]string{}
	scratch := newGoFile(p.GoName)
	stands := standsOf(p, scratch)
	for _, o := range p.Objects {
		for _, fd := range o.Fields {
			if fd.GoType == "" && !fd.GoZero {
				continue
			}
			own := canonicalType(goType(scratch, fd.Type, fd.Optional), nil, nil)
			want := own
			if fd.GoType != "" {
				want = canonicalType(fd.GoType, stands, qualified)
			}
			if fd.GoZero && fd.GoType == "" && strings.HasPrefix(want, "*") {
				// optional=zero: the value itself (a type= says the
				// type, pointer or not, as gengotypes reads both)
				want = want[1:]
			}
			if fd.Optional && want != "" && "*"+want == own {
				lit, refused := zeroOf(fd.Type)
				if refused {
					zero[fd] = lit
					continue
				}
				pos, asked := fd.GoTypePos, "type="+fd.GoType
				if fd.GoType == "" {
					pos, asked = fd.GoZeroPos, "optional=zero"
				}
				why := "the zero value of " + want + " is a value of the field's type (or one JSON cannot state), which absent could not be told from"
				switch lit {
				case `""`:
					why = `its zero value "" would stand for absent, and the schema admits "" in the field, so absent and "" would read the same; where the field's type refuses "" (!="", a length, a pattern "" does not match) the value is carried`
				case "0":
					why = "its zero value 0 would stand for absent, and the schema admits 0 in the field, so absent and 0 would read the same; where the field's type refuses 0 (!=0, a bound that excludes it) the value is carried"
				}
				errs = append(errs, &model.Error{Pos: pos, Msg: fmt.Sprintf("#%s.%s: @go(…,%s) is not carried: it asks for a Go field of type %s, not %s, and %s. Remove it, or write %s", o.Name, fd.Name, asked, want, own, why, own)})
				continue
			}
			switch {
			case want == "":
				errs = append(errs, &model.Error{Pos: fd.GoTypePos, Msg: fmt.Sprintf("#%s.%s: @go(…,type=%s) is not a Go type", o.Name, fd.Name, fd.GoType)})
			case fd.GoType == "":
				// optional=zero on a field whose Go type is nilable
				// (a list, a map, a union): nil is its absent value.
			case want != own:
				hint := ""
				if tu := fd.Type.Tuple; fd.Type.Kind == model.TupleKind && tu.Rest != nil && tu.Rest.Kind == model.AnyKind && strings.HasPrefix(want, "[]") {
					// [#Contact, ...], meant as a list of one or more.
					hint = "; in CUE, [X, ...] admits any value after its leading items (... alone is ..._): [X, ...X] is a list of X"
				}
				errs = append(errs, &model.Error{Pos: fd.GoTypePos, Msg: fmt.Sprintf("#%s.%s: @go(…,type=%s) is not carried: the Go type of the field is %s, whose decoder and Validate check exactly the schema's type; a Go type of another shape would hold other values than the schema admits%s. Remove type=, or write %s", o.Name, fd.Name, fd.GoType, own, hint, own)})
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return zero, nil
}

// standsOf maps the Go name of each declaration of p that has no Go type
// of its own (a named scalar, a type alias) to the Go type it stands for.
func standsOf(p *model.Package, scratch *goFile) map[string]string {
	stands := map[string]string{}
	for _, sc := range p.Scalars {
		stands[sc.GoName] = goType(scratch, &model.Type{Kind: model.ScalarKind, Scalar: sc, Base: sc.Base}, false)
	}
	for _, a := range p.Aliases {
		if a.Type.Alias != a { // a list that holds itself is a type of its own
			stands[a.GoName] = goType(scratch, a.Type, false)
		}
	}
	return stands
}

// qualifiedStands is standsOf each package of s, by the package's CUE
// import path (the module's path and the package's folder) and by the Go
// import path of its generated package.
func qualifiedStands(s *model.Schema) map[string]map[string]string {
	q := map[string]map[string]string{}
	for _, p := range s.Packages {
		st := standsOf(p, newGoFile(p.GoName))
		q[path.Join(s.Config.Module, p.Dir)] = st
		q[s.Config.GoPackage(p.Path)] = st
	}
	return q
}

// canonicalType parses a Go type expression and prints it back in gofmt's
// spelling, each identifier stands maps (not the name a selector selects:
// json.RawMessage stays) replaced by the type it stands for, and each
// "import/path".Name that qualified maps likewise; "" when s is no Go
// expression.
func canonicalType(s string, stands map[string]string, qualified func() map[string]map[string]string) string {
	e, err := parser.ParseExpr(s)
	if err != nil {
		return ""
	}
	e = astutil.Apply(e, func(c *astutil.Cursor) bool {
		if sel, ok := c.Node().(*ast.SelectorExpr); ok {
			if lit, ok := sel.X.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				ip, err := strconv.Unquote(lit.Value)
				if err != nil || qualified == nil {
					return true
				}
				if t, found := qualified()[ip][sel.Sel.Name]; found {
					if r, err := parser.ParseExpr(t); err == nil {
						c.Replace(r)
						return false
					}
				}
			}
			return true
		}
		id, ok := c.Node().(*ast.Ident)
		if sel, isSel := c.Parent().(*ast.SelectorExpr); !ok || isSel && sel.Sel == id {
			return true
		}
		if t, ok := stands[id.Name]; ok {
			if r, err := parser.ParseExpr(t); err == nil {
				c.Replace(r)
			}
		}
		return true
	}, func(c *astutil.Cursor) bool {
		if p, ok := c.Node().(*ast.ParenExpr); ok {
			c.Replace(p.X) // *(URL) is *URL
		}
		return true
	}).(ast.Expr)
	var b bytes.Buffer
	if err := printer.Fprint(&b, token.NewFileSet(), e); err != nil {
		return ""
	}
	return b.String()
}
