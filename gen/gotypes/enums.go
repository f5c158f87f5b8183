package gotypes

import (
	"github.com/dave/jennifer/jen"

	"github.com/schemagen/schemagen/gen/model"
)

// enum emits a named string type with its members and methods.
func enum(f *jen.File, e *model.Enum) {
	t := e.GoName
	f.Comment(docFor(t, e.Doc) + "\n//\n" + EnumDirective)
	f.Type().Id(t).String()

	f.Comment("// The members of " + t + ", in schema order.")
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, m := range e.Members {
			g.Comment(comment(m.Doc))
			g.Id(m.GoName).Id(t).Op("=").Lit(m.Value)
		}
	})

	members := func() []jen.Code {
		var ids []jen.Code
		for _, m := range e.Members {
			ids = append(ids, jen.Id(m.GoName))
		}
		return ids
	}
	var values []jen.Code
	for _, m := range e.Members {
		values = append(values, jen.Lit(m.Value))
	}
	valid := lowerFirst(t) + "Strings"

	f.Commentf("// %s returns every member of %s, in schema order.", e.ValuesFunc(), t)
	f.Func().Id(e.ValuesFunc()).Params().Index().Id(t).Block(
		jen.Return(jen.Index().Id(t).Values(members()...)),
	)
	f.Var().Id(valid).Op("=").Index().String().Values(values...)

	f.Comment("// String returns the member's wire value.")
	f.Func().Params(jen.Id("x").Id(t)).Id("String").Params().String().Block(
		jen.Return(jen.String().Call(jen.Id("x"))),
	)

	f.Commentf("// Valid reports whether x is a member of %s.", t)
	f.Func().Params(jen.Id("x").Id(t)).Id("Valid").Params().Bool().Block(
		jen.Switch(jen.Id("x")).Block(
			jen.Case(members()...).Block(jen.Return(jen.True())),
		),
		jen.Return(jen.False()),
	)

	enumErr := func(v jen.Code) jen.Code {
		return jen.Op("&").Id("EnumError").Values(jen.Dict{
			jen.Id("Enum"):  jen.Lit(t),
			jen.Id("Value"): v,
			jen.Id("Valid"): jen.Qual("slices", "Clone").Call(jen.Id(valid)),
		})
	}
	f.Commentf("// %s returns the member of %s whose wire value is s, or an *EnumError\n// that lists the valid members.", e.ParseFunc(), t)
	f.Func().Id(e.ParseFunc()).Params(jen.Id("s").String()).Params(jen.Id(t), jen.Error()).Block(
		jen.If(jen.Id("x").Op(":=").Id(t).Call(jen.Id("s")), jen.Id("x").Dot("Valid").Call()).Block(
			jen.Return(jen.Id("x"), jen.Nil()),
		),
		jen.Return(jen.Lit(""), enumErr(jen.Id("s"))),
	)

	f.Comment("// MarshalText encodes a member as its wire value and refuses a non-member.")
	f.Func().Params(jen.Id("x").Id(t)).Id("MarshalText").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.If(jen.Op("!").Id("x").Dot("Valid").Call()).Block(
			jen.Return(jen.Nil(), enumErr(jen.String().Call(jen.Id("x")))),
		),
		jen.Return(jen.Index().Byte().Call(jen.Id("x")), jen.Nil()),
	)

	f.Commentf("// %s reads a %s from r without allocating.", decodeFunc(t), t)
	f.Func().Id(decodeFunc(t)).Params(jen.Id("r").Op("*").Id("reader"), jen.Id("x").Op("*").Id(t)).Error().Block(
		jen.If(jen.Id("r").Dot("peek").Call().Op("!=").LitByte('"')).Block(jen.Return(jen.Id("r").Dot("typeError").Call(jen.Lit("a string")))),
		jen.List(jen.Id("b"), jen.Err()).Op(":=").Id("r").Dot("stringBytes").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Switch(jen.String().Call(jen.Id("b"))).BlockFunc(func(g *jen.Group) {
			for _, m := range e.Members {
				g.Case(jen.Lit(m.Value)).Block(jen.Op("*").Id("x").Op("=").Id(m.GoName))
			}
			g.Default().Block(jen.Return(enumErr(jen.String().Call(jen.Id("b")))))
		}),
		jen.Return(jen.Nil()),
	)

	f.Commentf("// UnmarshalText decodes a wire value with %s, refusing a non-member.", e.ParseFunc())
	f.Func().Params(jen.Id("x").Op("*").Id(t)).Id("UnmarshalText").Params(jen.Id("b").Index().Byte()).Error().Block(
		jen.List(jen.Id("v"), jen.Err()).Op(":=").Id(e.ParseFunc()).Call(jen.String().Call(jen.Id("b"))),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Op("*").Id("x").Op("=").Id("v"),
		jen.Return(jen.Nil()),
	)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	b := []byte(s)
	if b[0] >= 'A' && b[0] <= 'Z' {
		b[0] += 'a' - 'A'
	}
	return string(b)
}
