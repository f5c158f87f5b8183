package gotypes

import (
	"github.com/dave/jennifer/jen"

	"github.com/schemagen/schemagen/gen/model"
)

// enum emits a named string type with its members and methods; the work
// is done by the wire package's Enum helpers, over the member table.
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

	var ids, values []jen.Code
	for _, m := range e.Members {
		ids = append(ids, jen.Id(m.GoName))
		values = append(values, jen.Lit(m.Value))
	}
	table := jen.Op("&").Id(enumTable(e))
	f.Var().Id(enumTable(e)).Op("=").Qual(wirePkg, "Enum").Values(jen.Dict{
		jen.Id("Name"):    jen.Lit(t),
		jen.Id("Members"): jen.Index().String().Values(values...),
	})

	f.Commentf("// %s returns every member of %s, in schema order.", e.ValuesFunc(), t)
	f.Func().Id(e.ValuesFunc()).Params().Index().Id(t).Block(
		jen.Return(jen.Index().Id(t).Values(ids...)),
	)
	f.Comment("// String returns the member's wire value.")
	f.Func().Params(jen.Id("x").Id(t)).Id("String").Params().String().Block(
		jen.Return(jen.String().Call(jen.Id("x"))),
	)
	f.Commentf("// Valid reports whether x is a member of %s.", t)
	f.Func().Params(jen.Id("x").Id(t)).Id("Valid").Params().Bool().Block(
		jen.Return(jen.Id(enumTable(e)).Dot("Has").Call(jen.String().Call(jen.Id("x")))),
	)
	f.Commentf("// %s returns the member of %s whose wire value is s, or a\n// *wire.EnumError that lists the valid members.", e.ParseFunc(), t)
	f.Func().Id(e.ParseFunc()).Params(jen.Id("s").String()).Params(jen.Id(t), jen.Error()).Block(
		jen.Return(jen.Qual(wirePkg, "Parse").Types(jen.Id(t)).Call(table.Clone(), jen.Id("s"))),
	)
	f.Comment("// MarshalText encodes a member as its wire value and refuses a non-member.")
	f.Func().Params(jen.Id("x").Id(t)).Id("MarshalText").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(jen.Qual(wirePkg, "MarshalText").Call(table.Clone(), jen.Id("x"))),
	)
	f.Comment("// UnmarshalText decodes a wire value, refusing a non-member.")
	f.Func().Params(jen.Id("x").Op("*").Id(t)).Id("UnmarshalText").Params(jen.Id("b").Index().Byte()).Error().Block(
		jen.Return(jen.Qual(wirePkg, "UnmarshalText").Call(table.Clone(), jen.Id("x"), jen.Id("b"))),
	)
	f.Func().Id(decodeFunc(t)).Params(jen.Id("r").Op("*").Qual(wirePkg, "Reader"), jen.Id("x").Op("*").Id(t)).Error().Block(
		jen.Return(jen.Qual(wirePkg, "DecodeEnum").Call(jen.Id("r"), table.Clone(), jen.Id("x"))),
	)
}

// enumTable names the package-level wire.Enum of an enum.
func enumTable(e *model.Enum) string { return helper("enum", e.GoName) }
