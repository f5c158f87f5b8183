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
		jen.Id(marker).Params(),
	)

	var tags []jen.Code
	for _, v := range u.Variants {
		tags = append(tags, jen.Lit(v.Tag))
	}
	tagList := lowerFirst(t) + "Tags"
	f.Var().Id(tagList).Op("=").Index().String().Values(tags...)

	for _, v := range u.Variants {
		f.Commentf("// %s returns %q.", tag, v.Tag)
		f.Func().Params(jen.Op("*").Id(v.GoName)).Id(tag).Params().String().Block(jen.Return(jen.Lit(v.Tag)))
		f.Commentf("// %s seals %s: only the schema's variants implement it.", marker, t)
		f.Func().Params(jen.Op("*").Id(v.GoName)).Id(marker).Params().Block()
	}

	f.Commentf("// %s decodes one %s, choosing the variant by its %q field.\n// A missing or unknown %s is a *DecodeError.", u.UnmarshalFunc(), t, u.Discriminator, u.Discriminator)
	f.Func().Id(u.UnmarshalFunc()).Params(jen.Id("data").Index().Byte()).Params(jen.Id(t), jen.Error()).Block(
		jen.List(jen.Id("tag"), jen.Err()).Op(":=").Id("unionTag").Call(jen.Id("data"), jen.Lit(t), jen.Lit(u.Discriminator), jen.Id(tagList)),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Id("r").Op(":=").Op("&").Id("reader").Values(jen.Id("data").Op(":").Id("data")),
		jen.Var().Id("v").Id(t),
		jen.Switch(jen.Id("tag")).BlockFunc(func(g *jen.Group) {
			for _, v := range u.Variants {
				g.Case(jen.Lit(v.Tag)).Block(
					jen.Id("x").Op(":=").New(jen.Id(v.GoName)),
					jen.List(jen.Id("v"), jen.Err()).Op("=").List(jen.Id("x"), jen.Id(decodeFunc(v.GoName)).Call(jen.Id("r"), jen.Id("x"))),
				)
			}
			g.Default().Block(jen.Return(jen.Nil(), jen.Id("unknownTag").Call(jen.Lit(t), jen.Lit(u.Discriminator), jen.Id("tag"), jen.Id(tagList))))
		}),
		jen.If(jen.Err().Op("==").Nil()).Block(jen.Err().Op("=").Id("r").Dot("end").Call()),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Id("fieldError").Call(jen.Lit(t), jen.Nil(), jen.Err()))),
		jen.Return(jen.Id("v"), jen.Nil()),
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
