package gotypes

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/gen/model"
)

// tuple emits a Tuple: a struct with one field per leading item (Item0,
// Item1, …) and, for an open one, Rest holding the items after them; its
// decoder reads a JSON array and refuses one with fewer items than the
// leading ones (and, closed, one with more), its encoder writes the items in
// order, its validator checks each.
func tuple(f *goFile, tu *model.Tuple) {
	t, w := tu.GoName, f.wire()
	n := len(tu.Items)
	f.decl()
	doc := docFor(t, tu.Doc)
	if doc != "" {
		doc += "\n\n"
	}
	f.doc(doc + "A " + t + " is " + tupleShape(tu) + ".")
	if n == 0 && tu.Rest == nil {
		f.p("type ", t, " struct{}")
	} else {
		f.open("type ", t, " struct")
		var rows [][]string
		for i, it := range tu.Items {
			rows = append(rows, []string{model.ItemGoName(i), goType(f, it, false)})
		}
		if tu.Rest != nil {
			rows = append(rows, []string{model.RestGoName, "[]" + goType(f, tu.Rest, false)})
		}
		f.columns(rows)
		f.close()
	}

	exportedMethods(f, t,
		"UnmarshalJSON decodes a "+t+" from a JSON array: it refuses\n"+lengthRule(tu)+", a null and an item of the wrong type. On error x is left as it was and the error is a *wire.DecodeError.",
		"AppendJSON appends the JSON encoding of x to b: an array of its items, in\norder, the bytes json.Marshal writes for them.",
		"Validate reports every way x's items break a constraint of the schema:\nthe error is a wire.ValidationErrors listing every problem, each a\n*wire.ValidationError with its path and rule.")

	// The decoder.
	f.decl()
	f.open("func ", decodeFunc(t), "(r *", w, ".Reader, x *", t, ") error")
	f.open("if err := r.Array(); err != nil")
	f.p("return err")
	f.close()
	f.p("var v ", t)
	f.open("for i := 0; ; i++")
	f.p("more, err := r.Item(i)")
	f.open("if err != nil")
	f.p("return err")
	f.close()
	f.open("if !more")
	if n > 0 {
		f.open("if i < ", strconv.Itoa(n))
		f.p("return ", w, ".TupleLength(i, ", strconv.Itoa(n), ", ", strconv.FormatBool(tu.Rest == nil), ")")
		f.close()
	}
	f.p("break")
	f.close()
	f.open("switch i")
	for i, it := range tu.Items {
		f.label("case ", strconv.Itoa(i), ":")
		f.p("err = ", readCall(f, it, "&v."+model.ItemGoName(i)))
	}
	f.label("default:")
	if tu.Rest == nil {
		f.p("return r.TooMany(i, ", strconv.Itoa(n), ")")
	} else {
		f.p("v.", model.RestGoName, " = append(v.", model.RestGoName, ", *new(", goType(f, tu.Rest, false), "))")
		f.p("err = ", readCall(f, tu.Rest, "&v."+model.RestGoName+"[len(v."+model.RestGoName+")-1]"))
	}
	f.close()
	f.open("if err != nil")
	f.p("return ", w, ".AtIndex(i, err)")
	f.close()
	f.close()
	f.p("*x = v")
	f.p("return nil")
	f.close()

	// The encoder.
	f.decl()
	f.open("func (x *", t, ") encode(e *", w, ".Encoder)")
	f.p("e.Open()")
	for i, it := range tu.Items {
		f.p("e.Elem(", strconv.Itoa(i), ")")
		encodeValue(f, it, "x."+model.ItemGoName(i), i+1)
	}
	if tu.Rest != nil {
		f.open("for i := range x.", model.RestGoName)
		f.p("e.Elem(", strconv.Itoa(n), " + i)")
		encodeValue(f, tu.Rest, "x."+model.RestGoName+"[i]", n+1)
		f.close()
	}
	f.p("e.Close()")
	f.close()

	// The validator, and the patterns its items state in place.
	for _, it := range tu.Items {
		fieldPatterns(f, it)
	}
	if tu.Rest != nil {
		fieldPatterns(f, tu.Rest)
	}
	f.decl()
	f.open("func (x *", t, ") validate(p *", w, ".Problems, path *", w, ".Path)")
	for i, it := range tu.Items {
		if !needsCheck(it) {
			continue
		}
		at := "at" + strconv.Itoa(i)
		f.p(at, " := path.Index(", strconv.Itoa(i), ")")
		v := "x." + model.ItemGoName(i)
		if it.Kind == model.UnionKind {
			unionCheck(f, it, v, "&"+at, "", "", i+1, true)
			continue
		}
		checks(f, it, v, "&"+at, "", "", i+1)
	}
	if tu.Rest != nil && needsCheck(tu.Rest) {
		f.open("for i := range x.", model.RestGoName)
		f.p("el := path.Index(", strconv.Itoa(n), " + i)")
		v := "x." + model.RestGoName + "[i]"
		if tu.Rest.Kind == model.UnionKind {
			unionCheck(f, tu.Rest, v, "&el", "", "", n+1, true)
		} else {
			checks(f, tu.Rest, v, "&el", "", "", n+1)
		}
		f.close()
	}
	f.close()
}

// tupleShape says what a tuple's JSON array holds, for its doc.
func tupleShape(tu *model.Tuple) string {
	if len(tu.Items) == 0 && tu.Rest == nil {
		return "an empty JSON array"
	}
	var items []string
	for i := range tu.Items {
		items = append(items, model.ItemGoName(i))
	}
	s := fmt.Sprintf("a JSON array of %d items, %s", len(tu.Items), strings.Join(items, ", "))
	if len(tu.Items) == 1 {
		s = "a JSON array of 1 item, Item0"
	}
	if tu.Rest != nil {
		if len(tu.Items) == 0 {
			return "a JSON array whose items are in " + model.RestGoName
		}
		s += ", then any number more, in " + model.RestGoName
	}
	return s
}

// lengthRule says which arrays a tuple's decoder refuses by their length.
func lengthRule(tu *model.Tuple) string {
	n := len(tu.Items)
	switch {
	case tu.Rest != nil:
		return fmt.Sprintf("an array of fewer than %d items", n)
	case n == 0:
		return "an array with any item"
	}
	return fmt.Sprintf("an array of other than %d items", n)
}
