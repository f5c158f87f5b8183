package gotypes

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/gen/model"
)

// union emits a sealed interface, its variants' methods and its decoder,
// and, when a field, list element or map value has its type (used), the
// reader of such a value; nullable when the definition may be null as a
// whole (model.Package.Nullable): the decoder gives nil for a document
// that is null.
func union(f *goFile, u *model.Union, used, nullable bool) {
	if u.Untagged() {
		untagged(f, u, used, nullable)
		return
	}
	t := u.GoName
	w := f.wire()
	tag := u.TagMethod()
	marker := "is" + t
	var names []string
	for _, v := range u.Variants {
		names = append(names, "*"+v.GoName)
	}
	doc := u.Doc + fmt.Sprintf("\n\nIts variants are %s; a type switch needs one case for each.", joinAnd(names))
	if nullable {
		doc += nullUnionDoc(u)
	}
	doc = strings.TrimLeft(doc, "\n") // an undocumented union: its variants alone
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
		if v.Union == u {
			// A variant of other unions too (AlsoIn) has its tag
			// method once, from the first.
			f.decl()
			f.doc(fmt.Sprintf("%s returns %q.", tag, v.Tag))
			f.open("func (*", v.GoName, ") ", tag, "() string")
			f.p("return ", quote(v.Tag))
			f.close()
		}
		f.decl()
		f.p("func (*", v.GoName, ") ", marker, "() {}")
	}

	f.decl()
	f.doc(fmt.Sprintf("%s decodes one %s, choosing the variant by its %q field.\nThe error is a *wire.DecodeError, also for a missing or unknown %s.%s", u.UnmarshalFunc(), t, u.Discriminator, u.Discriminator, nullUnmarshalDoc(nullable)))
	f.open("func ", u.UnmarshalFunc(), "(data []byte) (", t, ", error)")
	nullDocument(f, nullable)
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
		unionReader(f, t)
	}
}

// unionReader emits read_<Union>: a field, list element or map value of
// the union's type is read through it, as wire.List and wire.Map read
// elements.
func unionReader(f *goFile, t string) {
	f.decl()
	f.open("func ", readUnionFunc(t), "(r *", f.wire(), ".Reader, x *", t, ") error")
	f.p("v, err := ", decodeFunc(t), "(r)")
	f.open("if err != nil")
	f.p("return err")
	f.close()
	f.p("*x = v")
	f.p("return nil")
	f.close()
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
	if !m.Recursive {
		return // every use writes and checks it in place
	}
	// A map that holds itself (type M map[string]M) is written and
	// checked by methods of its own, which every use calls, as an
	// object's: written out in place it would have no end. Their
	// receiver is the map, not a pointer: a map's value is not
	// addressable.
	valueMethods(f, m.GoName, &model.Type{Kind: model.MapKind, Elem: m.Elem, Key: m.Key})
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

// nullUnionDoc is what the doc of a union that may be null as a whole
// says of it.
func nullUnionDoc(u *model.Union) string {
	return fmt.Sprintf("\n\nA document of %s may also be null (the schema's null | …): %s gives nil for it, and a field of this type is a wire.Nullable.", u.GoName, u.UnmarshalFunc())
}

// nullUnmarshalDoc is what the doc of the Unmarshal function of a union
// says of null: nothing unless the union may be null as a whole.
func nullUnmarshalDoc(nullable bool) string {
	if !nullable {
		return ""
	}
	return "\nA document that is null is nil: the schema lets it be null as a whole."
}

// nullDocument writes an Unmarshal function's first statement for a
// union that may be null as a whole: null is nil.
func nullDocument(f *goFile, nullable bool) {
	if nullable {
		f.open("if ", f.wire(), ".IsNull(data)")
		f.p("return nil, nil")
		f.close()
	}
}

// untagged emits a union without a discriminator: a sealed interface as a
// union's, whose decoder chooses the variant as CUE does (wire.Fit, then
// wire.Try on each variant the members allow: exactly one must be
// possible, and complete), and ValidateT, which also checks that a value
// built in Go is exactly one variant as its JSON is read; nullable as
// union's.
func untagged(f *goFile, u *model.Union, used, nullable bool) {
	t := u.GoName
	w := f.wire()
	marker := "is" + t
	var names, plain []string
	for _, v := range u.Variants {
		names = append(names, "*"+v.GoName)
		plain = append(plain, quote(v.GoName))
	}
	doc := u.Doc + fmt.Sprintf("\n\nIts variants are %s; a type switch needs one case for each. No constant field tells them apart: a value is the one variant whose members it has, as CUE decides (%s).", joinAnd(names), u.UnmarshalFunc())
	if nullable {
		doc += nullUnionDoc(u)
	}
	doc = strings.TrimLeft(doc, "\n") // an undocumented union: its variants alone
	if u.Default != nil {
		doc += fmt.Sprintf(" *%s is the default: a value it is possible for is one, complete or not, however many others are possible too.", u.Default.GoName)
	}
	f.decl()
	f.doc(docFor(t, doc), UnionDirective)
	f.open("type ", t, " interface")
	f.comment("Validate reports every way the value breaks a constraint of its variant; Validate" + t + " also checks that it is no other variant.")
	f.p("Validate() error")
	f.comment("AppendJSON appends the value's JSON encoding to b.")
	f.p("AppendJSON(b []byte) ([]byte, error)")
	f.p("encode(*", w, ".Encoder)")
	f.p("validate(*", w, ".Problems, *", w, ".Path)")
	f.p(marker, "()")
	f.close()

	fits := u.Fits()
	hex := func(v uint64) string { return fmt.Sprintf("%#x", v) }
	var entries []string
	for _, m := range u.Members() {
		entries = append(entries, quote(m)+": "+hex(fits[m]))
	}
	membersVar := helper("members", t)
	variantsVar := helper("variants", t)
	wholeVar := helper("whole", t)
	all := uint64(1)<<len(u.Variants) - 1
	f.decl()
	f.p("var ", membersVar, " = map[string]uint64{", strings.Join(entries, ", "), "}")
	f.decl()
	f.p("var ", variantsVar, " = []string{", strings.Join(plain, ", "), "}")
	if u.Merge {
		var whole []string
		for _, names := range u.Whole() {
			var qs []string
			for _, n := range names {
				qs = append(qs, quote(n))
			}
			whole = append(whole, "{"+strings.Join(qs, ", ")+"}")
		}
		f.decl()
		f.p("var ", wholeVar, " = [][]string{", strings.Join(whole, ", "), "}")
	}

	for _, v := range u.Variants {
		f.decl()
		f.p("func (*", v.GoName, ") ", marker, "() {}")
	}

	f.decl()
	dflt := ""
	if u.Default != nil {
		dflt = fmt.Sprintf("\nWhere the default, %s, is possible, the value is one, and must be\ncomplete for it.", u.Default.GoName)
	}
	if u.Merge {
		dflt = "\nSeveral may be where the value holds every member each declares:\nCUE's values of them come out equal, one value, which the first of\nthem holds."
	}
	f.doc(fmt.Sprintf("%s decodes one %s as CUE reads it: the variants possible are those that\ndeclare every member the value has that some variant declares, and\nadmit its values, required fields aside; exactly one must be, and the\nvalue complete for it.%s The error is a *wire.DecodeError: for none or\nseveral, wire.ErrVariant.%s", u.UnmarshalFunc(), t, dflt, nullUnmarshalDoc(nullable)))
	f.open("func ", u.UnmarshalFunc(), "(data []byte) (", t, ", error)")
	nullDocument(f, nullable)
	f.p("return ", w, ".Decode(data, ", quote(t), ", ", decodeFunc(t), ")")
	f.close()

	f.decl()
	nilDoc := ""
	if nullable {
		nilDoc = " A nil x is null, which is valid."
	}
	f.doc(fmt.Sprintf("Validate%s reports every way x breaks a constraint of the schema: its\nvariant's, and, since no constant field tells the variants apart, a value\nthat another variant would also take (one CUE finds ambiguous), which only\na value built in Go can be.%s", t, nilDoc))
	f.open("func Validate", t, "(x ", t, ") error")
	if nullable {
		f.open("if x == nil")
		f.p("return nil // null, which the schema lets a document of ", t, " be")
		f.close()
	}
	f.p("var p ", w, ".Problems")
	f.p("root := ", w, ".Root(", quote(t), ")")
	if !nullable {
		f.open("if x == nil")
		f.p("p.Add(&root, \"\", ", w, `.RuleRequired, "%s", `, quote("is nil: it must hold one of "+t+"'s variants"), ")")
		f.p("return p.Err()")
		f.close()
	}
	f.p("x.validate(&p, &root)")
	if u.Merge {
		f.p(w, ".OneValue(&p, &root, \"\", x, ", decodeFunc(t), ")")
	} else {
		f.p(w, ".One(&p, &root, \"\", x, ", decodeFunc(t), ")")
	}
	f.p("return p.Err()")
	f.close()

	f.decl()
	f.open("func ", decodeFunc(t), "(r *", w, ".Reader) (", t, ", error)")
	if unknown := u.Unknown(); unknown != all {
		f.p("fit, err := r.FitOpen(", membersVar, ", ", hex(all), ", ", hex(unknown), ")")
	} else {
		f.p("fit, err := r.Fit(", membersVar, ", ", hex(all), ")")
	}
	f.open("if err != nil")
	f.p("return nil, err")
	f.close()
	f.p("var possible uint64")
	for i, v := range u.Variants {
		bit := hex(1 << i)
		f.open("if fit&", bit, " != 0")
		f.open("if ok, _ := ", w, ".Try(r, ", decodeFunc(v.GoName), "Fit, (*", v.GoName, ").validate); ok")
		f.p("possible |= ", bit)
		f.close()
		f.close()
	}
	f.p("one := possible")
	if u.Default != nil {
		for i, v := range u.Variants {
			if v == u.Default {
				f.comment(fmt.Sprintf("%s is the default: CUE takes it wherever the value leaves it possible.", v.GoName))
				f.open("if possible&", hex(1<<i), " != 0")
				f.p("one = ", hex(1<<i))
				f.close()
			}
		}
	}
	if u.Merge {
		f.open("if one&(one-1) != 0")
		f.comment("Several are possible: one value where it holds every member each declares.")
		f.p("whole := one")
		for i := range u.Variants {
			bit := hex(1 << i)
			f.open("if one&", bit, " != 0 && !r.HasAll(", wholeVar, "[", strconv.Itoa(i), "])")
			f.p("whole &^= ", bit)
			f.close()
		}
		f.open("if whole == one")
		f.p("one &= -one // the first")
		f.close()
		f.close()
	}
	f.open("if r.Lax() && possible != 0")
	f.comment("A variant's reading for wire.Try: a value this union leaves possible is no\nconflict there, complete or not; left ambiguous, it is a hole.")
	f.p("r.Hole(one == 0 || one&(one-1) != 0)")
	f.open("if one == 0 || one&(one-1) != 0")
	f.p("return nil, r.Skip()")
	f.close()
	f.close()
	f.open("if one == 0 && fit != 0 && fit&(fit-1) == 0")
	f.comment("Only one variant has the members: its decoder and Validate say what is wrong.")
	f.p("one = fit")
	f.close()
	f.open("switch one")
	for i, v := range u.Variants {
		f.label("case ", hex(1<<i), ":")
		f.p("x := new(", v.GoName, ")")
		f.p("return x, ", decodeFunc(v.GoName), "(r, x)")
	}
	f.close()
	f.p("return nil, ", w, ".NoVariant(", quote(t), ", possible, ", variantsVar, ")")
	f.close()

	if used {
		unionReader(f, t)
	}
}
