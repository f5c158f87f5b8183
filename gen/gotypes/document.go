package gotypes

import (
	"github.com/schemagen/schemagen/gen/model"
)

// valueDocument reports whether p's document is a value its Go type does
// not decode on its own: an enum, a scalar, a list, a constant, a choice
// of one base, or a nullable one (package word; =~"^[a-z]+$"). A OneOf and
// a tuple have their methods already.
func valueDocument(p *model.Package) bool {
	if p.Value == nil {
		return false
	}
	switch p.Value.Kind {
	case model.OneOfKind, model.TupleKind:
		return false
	}
	return true
}

// document emits the Go type of a package whose value is not a struct and
// not a OneOf or a tuple: a defined type of the value's Go type (an enum
// is its own type already) with the methods every document has —
// UnmarshalJSON, MarshalJSON, AppendJSON and Validate — so that a document
// is read, written and checked as an object's is.
func document(f *goFile, p *model.Package) {
	t := p.Value
	_, text, name := p.ValueDef()
	if t.Kind == model.UnionKind {
		unionDocument(f, name, text, t)
		return
	}
	w := f.wire()
	enum := t.Kind == model.EnumKind
	under := goType(f, t, false)
	conv := under + "(*x)" // the value as its Go type
	if enum {
		conv = "*x"
	}
	if !enum {
		f.decl()
		f.doc(docFor(name, text))
		f.p("type ", name, " ", under)
	}
	exportedMethods(f, name,
		"UnmarshalJSON decodes a "+name+", the package's document. On error x is left as it was and the error is a *wire.DecodeError.",
		"AppendJSON appends the JSON encoding of x to b.",
		"Validate reports every way x breaks a constraint of the schema: the\nerror is a wire.ValidationErrors listing every problem, each a\n*wire.ValidationError with its path and rule.")

	// The decoder: an enum's is its own already.
	if !enum {
		documentDecoder(f, name, under, t, "*x = "+name+"(v)")
	}

	// The encoder.
	f.decl()
	f.open("func (x *", name, ") encode(e *", w, ".Encoder)")
	if t.Kind == model.NullKind {
		f.p(`e.Raw("null")`) // package p; null: the one value, nothing of x to read
	} else {
		f.p("v := ", conv)
		encodeValue(f, t, "v", 1)
	}
	f.close()

	// The validator, and the patterns the value states in place.
	fieldPatterns(f, t)
	f.decl()
	f.open("func (x *", name, ") validate(p *", w, ".Problems, path *", w, ".Path)")
	if needsCheck(t) {
		f.p("v := ", conv)
		checks(f, t, "v", "path", "", "", 0)
	}
	f.close()
}

// unionDocument emits the Go type of a package whose document is a union
// (#U beside #U: #A | #B): a struct of one field, Value, which holds the
// union's interface, since a method cannot have an interface as its
// receiver. Its methods are every document's: UnmarshalJSON reads one of
// the variants into Value, and Validate and AppendJSON refuse a nil Value,
// which is no document, as they refuse a required union field's.
func unionDocument(f *goFile, name, text string, t *model.Type) {
	u := t.Union.GoName
	f.decl()
	f.doc(docFor(name, text) + "\n\nIts value is one of " + u + "'s variants, in Value: a type switch on\nValue tells them apart.")
	f.open("type ", name, " struct")
	f.comment("Value is the document: one of " + u + "'s variants; nil is none, which\nValidate and AppendJSON refuse.")
	f.p("Value ", u)
	f.close()
	exportedMethods(f, name,
		"UnmarshalJSON decodes a "+name+", the package's document, into x.Value. On error x is left as it was and the error is a *wire.DecodeError.",
		"AppendJSON appends the JSON encoding of x.Value to b.",
		"Validate reports every way x breaks a constraint of the schema: the\nerror is a wire.ValidationErrors listing every problem, each a\n*wire.ValidationError with its path and rule.")

	documentDecoder(f, name, u, t, "x.Value = v")
	codecMethods(f, "x *"+name, t, "x.Value", 1)
}

// documentError refuses a document whose Go type would clash with a type
// of its own: an enum, a choice of kinds or a tuple, or null, whose own
// type takes the package's name where the model could not name it apart
// (a definition has the name its own type would take) (winget-pkgs' singleton manifest: null |
// bool | number | string | [...] | {…} once declared P twice).
func documentError(p *model.Package) error {
	t := p.Value
	if t.Kind != model.NullableKind {
		return nil
	}
	var what, held string
	switch e := t.Elem; e.Kind {
	case model.EnumKind:
		what, held = "an enum", e.Enum.GoName
	case model.OneOfKind:
		what, held = "a choice of JSON kinds", e.OneOf.GoName
	case model.TupleKind:
		what, held = "a tuple", e.Tuple.GoName
	default:
		return nil
	}
	pos, _, name := p.ValueDef()
	if held != name {
		return nil // the model named them apart (StaleValue)
	}
	return &model.Error{Pos: pos, Msg: "package " + p.Name + " is " + what + " or null: that is not carried yet, since the Go type of its document would take the name of that type, " + name + "; make it a definition of a package of its own and refer to it"}
}

// documentDecoder writes the decoder of a document named name: it reads a
// value of the Go type under (of the model's t) and, only when that
// succeeds, stores it with assign, so that on error x is left as it was.
func documentDecoder(f *goFile, name, under string, t *model.Type, assign string) {
	w := f.wire()
	f.decl()
	f.open("func ", decodeFunc(name), "(r *", w, ".Reader, x *", name, ") error")
	f.p("var v ", under)
	f.open("if err := ", readCall(f, t, "&v"), "; err != nil")
	f.p("return err")
	f.close()
	f.p(assign)
	f.p("return nil")
	f.close()
}
