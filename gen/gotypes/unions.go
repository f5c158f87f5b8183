package gotypes

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/schemagen/schemagen/gen/model"
)

// union emits a sealed interface, its variants' methods and its decoder.
func union(f *jen.File, u *model.Union) {
	t := u.GoName
	tag := u.TagMethod()
	marker := "is" + t
	var names []string
	for _, v := range u.Variants {
		names = append(names, "*"+v.GoName)
	}
	doc := u.Doc + fmt.Sprintf("\n\nIts variants are %s; a type switch needs one case for each.", joinAnd(names))
	f.Comment(docFor(t, doc) + "\n//\n" + UnionDirective)
	f.Type().Id(t).Interface(
		jen.Comment(fmt.Sprintf("// %s returns the value of the %q field that tells the variants apart.", tag, u.Discriminator)),
		jen.Id(tag).Params().String(),
		jen.Comment("// Validate reports every way the value breaks a constraint of the schema."),
		jen.Id("Validate").Params().Error(),
		jen.Comment(fmt.Sprintf("// AppendJSON appends the value's JSON encoding to b, its %q first.", u.Discriminator)),
		jen.Id("AppendJSON").Params(jen.Id("b").Index().Byte()).Params(jen.Index().Byte(), jen.Error()),
		jen.Id("encode").Params(jen.Op("*").Qual(wirePkg, "Encoder")),
		jen.Id("validate").Params(jen.Op("*").Qual(wirePkg, "Problems"), jen.Op("*").Qual(wirePkg, "Path")),
		jen.Id(marker).Params(),
	)

	var tags []jen.Code
	for _, v := range u.Variants {
		tags = append(tags, jen.Lit(v.Tag))
	}
	tagList := helper("tags", t)
	f.Var().Id(tagList).Op("=").Index().String().Values(tags...)

	for _, v := range u.Variants {
		f.Commentf("// %s returns %q.", tag, v.Tag)
		f.Func().Params(jen.Op("*").Id(v.GoName)).Id(tag).Params().String().Block(jen.Return(jen.Lit(v.Tag)))
		f.Func().Params(jen.Op("*").Id(v.GoName)).Id(marker).Params().Block()
	}

	f.Commentf("// %s decodes one %s, choosing the variant by its %q field.\n// The error is a *wire.DecodeError, also for a missing or unknown %s.", u.UnmarshalFunc(), t, u.Discriminator, u.Discriminator)
	f.Func().Id(u.UnmarshalFunc()).Params(jen.Id("data").Index().Byte()).Params(jen.Id(t), jen.Error()).Block(
		jen.Return(jen.Qual(wirePkg, "Decode").Call(jen.Id("data"), jen.Lit(t), jen.Id(decodeFunc(t)))),
	)
	f.Func().Id(decodeFunc(t)).Params(jen.Id("r").Add(reader())).Params(jen.Id(t), jen.Error()).Block(
		jen.List(jen.Id("tag"), jen.Err()).Op(":=").Id("r").Dot("UnionTag").Call(jen.Lit(u.Discriminator), jen.Id(tagList)),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Switch(jen.Id("tag")).BlockFunc(func(g *jen.Group) {
			for _, v := range u.Variants {
				g.Case(jen.Lit(v.Tag)).Block(
					jen.Id("x").Op(":=").New(jen.Id(v.GoName)),
					jen.Return(jen.Id("x"), jen.Id(decodeFunc(v.GoName)).Call(jen.Id("r"), jen.Id("x"))),
				)
			}
		}),
		jen.Return(jen.Nil(), jen.Qual(wirePkg, "UnknownTag").Call(jen.Lit(u.Discriminator), jen.Id("tag"), jen.Id(tagList))),
	)
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
