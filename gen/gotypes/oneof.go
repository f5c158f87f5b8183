package gotypes

import (
	"fmt"
	"strings"

	"github.com/schemagen/schemagen/gen/model"
)

// kindBytes are the first bytes of a JSON value of each kind, as Go case
// labels.
var kindBytes = map[string]string{
	"string":  `'"'`,
	"number":  `'-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'`,
	"boolean": `'t', 'f'`,
	"object":  `'{'`,
	"array":   `'['`,
}

// kindWords names each JSON kind for messages.
var kindWords = map[string]string{"string": "a string", "number": "a number", "boolean": "a boolean", "object": "an object", "array": "an array"}

// oneOf emits a OneOf: a struct with one field per alternative, exactly
// one of them set, and its decoder (which chooses by the value's first
// byte), encoder and validator.
func oneOf(f *goFile, o *model.OneOf) {
	t, w := o.GoName, f.wire()
	var kinds []string
	for _, a := range o.Alts {
		kinds = append(kinds, kindWords[a.Kind])
	}
	want := joinOr(kinds)
	f.decl()
	doc := docFor(t, o.Doc)
	if doc != "" {
		doc += "\n\n"
	}
	f.doc(doc + fmt.Sprintf("A %s is %s: exactly one field is set, the one its JSON value's kind chooses.", t, want))
	f.open("type ", t, " struct")
	var rows [][]string
	for _, a := range o.Alts {
		rows = append(rows, []string{a.GoName, altType(f, a)})
	}
	f.columns(rows)
	f.close()

	exportedMethods(f, t,
		"UnmarshalJSON decodes a "+t+", choosing the alternative by the value's kind.\nOn error x is left as it was and the error is a *wire.DecodeError.",
		"AppendJSON appends the JSON encoding of the alternative x holds to b; it\nfails unless exactly one is set.",
		"Validate reports every way x breaks a constraint of the schema: none or\nseveral alternatives set, or what the one set breaks.")

	// The decoder.
	f.decl()
	f.open("func ", decodeFunc(t), "(r *", w, ".Reader, x *", t, ") error")
	f.p("var v ", t)
	f.p("var err error")
	f.open("switch r.Next()")
	for _, a := range o.Alts {
		f.label("case ", kindBytes[a.Kind], ":")
		dst := "v." + a.GoName
		if nilable(a.Type) {
			f.p("err = ", readCall(f, a.Type, "&"+dst))
		} else {
			f.p(dst, " = new(", goType(f, a.Type, false), ")")
			f.p("err = ", readCall(f, a.Type, dst))
		}
	}
	f.label("default:")
	f.p("return r.TypeError(", quote(want), ")")
	f.close()
	f.open("if err != nil")
	f.p("return err")
	f.close()
	f.p("*x = v")
	f.p("return nil")
	f.close()

	// The encoder: the one alternative set.
	f.decl()
	f.open("func (x *", t, ") encode(e *", w, ".Encoder)")
	f.open("if x.set() != 1")
	f.p("e.Fail(", f.use("errors"), ".New(", quote(t+" holds none or several of its alternatives; exactly one is set"), "))")
	f.p("return")
	f.close()
	f.open("switch")
	for _, a := range o.Alts {
		f.label("case x.", a.GoName, " != nil:")
		v := "x." + a.GoName
		if !nilable(a.Type) && !pointerMethods(a.Type) {
			v = "*" + v
		}
		encodeValue(f, a.Type, v, 0)
	}
	f.close()
	f.close()

	// set counts the alternatives that are set.
	f.decl()
	f.open("func (x *", t, ") set() int")
	f.p("n := 0")
	for _, a := range o.Alts {
		f.open("if x.", a.GoName, " != nil")
		f.p("n++")
		f.close()
	}
	f.p("return n")
	f.close()

	if f.keyed[o] {
		// The key of a list.UniqueItems check: the value set, whose Go
		// type tells the kinds apart.
		f.decl()
		f.doc("key is the value x holds, compared by list.UniqueItems.")
		f.open("func (x *", t, ") key() any")
		f.open("switch")
		for _, a := range o.Alts {
			f.label("case x.", a.GoName, " != nil:")
			f.p("return *x.", a.GoName)
		}
		f.close()
		f.p("return nil")
		f.close()
	}
	// The validator, and the patterns its alternatives state in place.
	for _, a := range o.Alts {
		fieldPatterns(f, a.Type)
	}
	f.decl()
	f.open("func (x *", t, ") validate(p *", w, ".Problems, path *", w, ".Path)")
	f.open("if n := x.set(); n != 1")
	f.p(`p.Add(path, "", `, w, `.RuleAnyOf, "holds %d of its alternatives; exactly one is set", n)`)
	f.close()
	for i, a := range o.Alts {
		if !needsCheck(a.Type) {
			continue
		}
		v := "x." + a.GoName
		deref := v
		if !nilable(a.Type) && !pointerMethods(a.Type) {
			deref = "*" + v
		}
		f.open("if ", v, " != nil")
		checks(f, a.Type, deref, "path", "", fmt.Sprintf("at%d", i), 0)
		f.close()
	}
	f.close()
}

// altType is the Go type of an alternative's field: a pointer, or a list
// or map (nil when not set).
func altType(f *goFile, a *model.Alt) string {
	if nilable(a.Type) {
		return goType(f, a.Type, false)
	}
	return "*" + goType(f, a.Type, false)
}

// joinOr joins phrases with commas and "or".
func joinOr(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// pointerMethods reports whether a value of t has its encode and validate
// on a pointer: an object's or a OneOf's, which the emitter writes as
// v.encode(e) on an addressable v rather than dereferencing a pointer.
func pointerMethods(t *model.Type) bool {
	return t.Kind == model.ObjectKind || t.Kind == model.OneOfKind || t.Kind == model.TupleKind
}

// alias emits a definition that names a type: a constant's Go constant,
// or a Go type alias of the type every use has.
func alias(f *goFile, a *model.Alias) {
	f.decl()
	f.doc(docFor(a.GoName, a.Doc))
	if a.Type.Kind == model.ConstKind {
		f.p("const ", a.GoName, " = ", constLit(a.Type))
		return
	}
	if a.Recursive {
		recursiveList(f, a)
		return
	}
	f.p("type ", a.GoName, " = ", goType(f, a.Type, false))
}

// recursiveList emits a list definition that holds itself (type A []A):
// a type alias may not refer to itself, so it is a defined type, with a
// decoder, encode and validate of its own that every use calls, as an
// object's (on the list, not a pointer, as a named map's).
func recursiveList(f *goFile, a *model.Alias) {
	w := f.wire()
	t := a.Type // the list written out: its own Alias is nil
	f.p("type ", a.GoName, " ", goType(f, t, false))
	fieldPatterns(f, t)
	f.decl()
	f.open("func ", readUnionFunc(a.GoName), "(r *", w, ".Reader, x *", a.GoName, ") error")
	f.p("return ", w, ".List(r, (*", goType(f, t, false), ")(x), ", readFunc(f, t.Elem), ")")
	f.close()
	valueMethods(f, a.GoName, t)
}

// valueMethods writes the encode and validate methods of a named type
// that holds itself (a list or a map definition), on its value: a map's
// value is not addressable, and a list's is as cheap to pass.
func valueMethods(f *goFile, goName string, t *model.Type) {
	codecMethods(f, "x "+goName, t, "x", 0)
}

// codecMethods writes the encode and validate methods of the receiver recv
// ("x T" or "x *T"), which encode and check v, a value of the model's t
// (depth as encodeValue takes it).
func codecMethods(f *goFile, recv string, t *model.Type, v string, depth int) {
	w := f.wire()
	f.decl()
	f.open("func (", recv, ") encode(e *", w, ".Encoder)")
	encodeValue(f, t, v, depth)
	f.close()
	f.decl()
	f.open("func (", recv, ") validate(p *", w, ".Problems, path *", w, ".Path)")
	checks(f, t, v, "path", "", "", 0)
	f.close()
}
