package gotypes

import (
	"fmt"
	"strings"

	"github.com/schemagen/schemagen/gen/model"
)

// union emits a sealed interface, its variants' methods and its decoder,
// and, when a field, list element or map value has its type (used), the
// reader of such a value.
func union(f *goFile, u *model.Union, used bool) {
	t := u.GoName
	w := f.wire()
	tag := u.TagMethod()
	marker := "is" + t
	var names []string
	for _, v := range u.Variants {
		names = append(names, "*"+v.GoName)
	}
	doc := u.Doc + fmt.Sprintf("\n\nIts variants are %s; a type switch needs one case for each.", joinAnd(names))
	f.decl()
	f.doc(docFor(t, doc), UnionDirective)
	f.open("type ", t, " interface")
	f.comment(fmt.Sprintf("%s returns the value of the %q field that tells the variants apart.", tag, u.Discriminator))
	f.p(tag, "() string")
	f.comment("Validate reports every way the value breaks a constraint of the schema.")
	f.p("Validate() error")
	f.comment(fmt.Sprintf("AppendJSON appends the value's JSON encoding to b, its %q first.", u.Discriminator))
	f.p("AppendJSON(b []byte) ([]byte, error)")
	f.p("encode(*", w, ".Encoder)")
	f.p("validate(*", w, ".Problems, *", w, ".Path)")
	f.p(marker, "()")
	f.close()

	tags := make([]string, len(u.Variants))
	for i, v := range u.Variants {
		tags[i] = quote(v.Tag)
	}
	tagList := helper("tags", t)
	f.decl()
	f.p("var ", tagList, " = []string{", strings.Join(tags, ", "), "}")

	for _, v := range u.Variants {
		f.decl()
		f.doc(fmt.Sprintf("%s returns %q.", tag, v.Tag))
		f.open("func (*", v.GoName, ") ", tag, "() string")
		f.p("return ", quote(v.Tag))
		f.close()
		f.decl()
		f.p("func (*", v.GoName, ") ", marker, "() {}")
	}

	f.decl()
	f.doc(fmt.Sprintf("%s decodes one %s, choosing the variant by its %q field.\nThe error is a *wire.DecodeError, also for a missing or unknown %s.", u.UnmarshalFunc(), t, u.Discriminator, u.Discriminator))
	f.open("func ", u.UnmarshalFunc(), "(data []byte) (", t, ", error)")
	f.p("r := ", w, ".NewReader(data)")
	f.p("x, err := ", decodeFunc(t), "(&r)")
	f.open("if err = r.Finish(", quote(t), ", err); err != nil")
	f.p("return nil, err")
	f.close()
	f.p("return x, nil")
	f.close()

	f.decl()
	f.open("func ", decodeFunc(t), "(r *", w, ".Reader) (", t, ", error)")
	f.p("tag, err := r.UnionTag(", quote(u.Discriminator), ", ", tagList, ")")
	f.open("if err != nil")
	f.p("return nil, err")
	f.close()
	f.open("switch tag")
	for _, v := range u.Variants {
		f.label("case ", quote(v.Tag), ":")
		f.p("x := new(", v.GoName, ")")
		f.p("return x, ", decodeFunc(v.GoName), "(r, x)")
	}
	f.close()
	f.p("return nil, ", w, ".UnknownTag(", quote(u.Discriminator), ", tag, ", tagList, ")")
	f.close()

	if used {
		// A field, list element or map value of the union's type is read
		// through it, as wire.List and wire.Map read elements.
		f.decl()
		f.open("func ", readUnionFunc(t), "(r *", w, ".Reader, x *", t, ") error")
		f.p("v, err := ", decodeFunc(t), "(r)")
		f.open("if err != nil")
		f.p("return err")
		f.close()
		f.p("*x = v")
		f.p("return nil")
		f.close()
	}
}

// readUnionFunc names the reader of a union's or a named map's value into
// a pointer: func(*wire.Reader, *T) error.
func readUnionFunc(goName string) string { return helper("read", goName) }

// namedMap emits a named map's type and its reader, for a list or map of
// it.
func namedMap(f *goFile, m *model.Map) {
	w := f.wire()
	f.decl()
	f.doc(docFor(m.GoName, m.Doc))
	f.p("type ", m.GoName, " ", goType(f, &model.Type{Kind: model.MapKind, Elem: m.Elem}, false))
	if m.Key != nil {
		fieldPatterns(f, m.Key)
	}
	fieldPatterns(f, m.Elem)
	f.decl()
	f.open("func ", readUnionFunc(m.GoName), "(r *", w, ".Reader, x *", m.GoName, ") error")
	f.p("return ", readCall(f, &model.Type{Kind: model.MapKind, Map: m, Elem: m.Elem}, "x"))
	f.close()
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
