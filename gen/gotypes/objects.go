package gotypes

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/schemagen/schemagen/gen/escape"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/wire"
)

// goType is the Go type of a value of t; optional scalars, enums and
// objects become pointers so that absent stays apart from zero.
func goType(f *goFile, t *model.Type, optional bool) string {
	var s string
	switch t.Kind {
	case model.BasicKind, model.ScalarKind, model.ConstKind:
		switch t.BaseOf() {
		case model.Int:
			s = "int64"
			if t.Unsigned() {
				s = "uint64"
			}
		case model.Number:
			s = "float64"
		case model.Bool:
			s = "bool"
		case model.Time:
			s = f.use("time") + ".Time"
		case model.Bytes:
			s = "[]byte"
		default:
			s = "string"
		}
	case model.EnumKind:
		s = t.Enum.GoName
	case model.ObjectKind:
		s = t.Object.GoName
	case model.UnionKind:
		return t.Union.GoName // an interface: nil when absent
	case model.OneOfKind:
		s = t.OneOf.GoName
	case model.TupleKind:
		s = t.Tuple.GoName
	case model.NullKind:
		s = f.wire() + ".Null"
	case model.AnyKind:
		return f.use("encoding/json") + ".RawMessage" // nil when absent
	case model.NullableKind:
		s = f.wire() + ".Nullable[" + goType(f, t.Elem, false) + "]"
	case model.ListKind:
		if t.HoldsItself() {
			return t.Alias.GoName // type A []A
		}
		return "[]" + goType(f, t.Elem, false)
	case model.MapKind:
		if t.Map != nil {
			return t.Map.GoName
		}
		return "map[string]" + goType(f, t.Elem, false)
	}
	if optional {
		return "*" + s
	}
	return s
}

// decodeFunc names the generated decoder of a definition.
func decodeFunc(goName string) string { return helper("decode", goName) }

// readCall returns the call that reads a value of t from r into dst (a
// pointer expression).
func readCall(f *goFile, t *model.Type, dst string) string {
	switch t.Kind {
	case model.ListKind:
		if t.HoldsItself() {
			return readFunc(f, t) + "(r, " + dst + ")"
		}
		return f.wire() + ".List(r, " + dst + ", " + readFunc(f, t.Elem) + ")"
	case model.MapKind:
		if t.Map != nil {
			// wire.Map reads a map[string]T; a named map is one.
			dst = "(*map[string]" + goType(f, t.Elem, false) + ")(" + dst + ")"
		}
		return f.wire() + ".Map(r, " + dst + ", " + readFunc(f, t.Elem) + ")"
	case model.EnumKind, model.ObjectKind, model.UnionKind, model.OneOfKind, model.TupleKind:
		return readFunc(f, t) + "(r, " + dst + ")"
	case model.AnyKind:
		return "r.Raw(" + dst + ")"
	case model.NullKind:
		return "r.Null(" + dst + ")"
	case model.NullableKind:
		return f.wire() + ".ReadNullable(r, " + dst + ", " + readFunc(f, t.Elem) + ")"
	}
	return "r." + readMethod(t) + "(" + dst + ")"
}

// readMethod names the Reader method for a scalar of t.
func readMethod(t *model.Type) string {
	switch t.BaseOf() {
	case model.Int:
		if t.Unsigned() {
			return "Uint"
		}
		return "Int"
	case model.Number:
		return "Float"
	case model.Bool:
		return "Bool"
	case model.Time:
		return "Time"
	case model.Bytes:
		return "Bytes"
	}
	return "String"
}

// readFunc returns a func(*wire.Reader, *T) error for values of t.
func readFunc(f *goFile, t *model.Type) string {
	switch t.Kind {
	case model.EnumKind:
		return decodeFunc(t.Enum.GoName)
	case model.ObjectKind:
		return decodeFunc(t.Object.GoName)
	case model.OneOfKind:
		return decodeFunc(t.OneOf.GoName)
	case model.TupleKind:
		return decodeFunc(t.Tuple.GoName)
	case model.UnionKind:
		return readUnionFunc(t.Union.GoName)
	case model.MapKind:
		if t.Map != nil {
			return readUnionFunc(t.Map.GoName)
		}
		// wire.MapOf, ListOf and NullableOf rather than a func literal,
		// which gofmt breaks over lines once it is long.
		return f.wire() + ".MapOf(" + readFunc(f, t.Elem) + ")"
	case model.ListKind:
		if t.HoldsItself() {
			return readUnionFunc(t.Alias.GoName)
		}
		return f.wire() + ".ListOf(" + readFunc(f, t.Elem) + ")"
	case model.AnyKind:
		return "(*" + f.wire() + ".Reader).Raw"
	case model.NullKind:
		return "(*" + f.wire() + ".Reader).Null"
	case model.NullableKind:
		return f.wire() + ".NullableOf(" + readFunc(f, t.Elem) + ")"
	}
	return "(*" + f.wire() + ".Reader)." + readMethod(t)
}

// isCollection reports whether t is a list or map: those stay non-pointer
// even when optional, with nil meaning absent.
func isCollection(t *model.Type) bool { return t.Kind == model.ListKind || t.Kind == model.MapKind }

// nilable reports whether an optional value of t is its own Go type with
// nil for absent, not a pointer to it: a list, a map, a union's interface
// or raw JSON (whose null is the four bytes null, not nil).
func nilable(t *model.Type) bool {
	return isCollection(t) || t.Kind == model.UnionKind || t.Kind == model.AnyKind
}

// structFields are the fields of o that become Go struct fields: all but a
// union variant's discriminator, which its tag method carries.
func structFields(o *model.Object) []*model.Field {
	var fs []*model.Field
	for _, f := range o.Fields {
		if o.Union != nil && f.Name == o.Union.Discriminator {
			continue
		}
		fs = append(fs, f)
	}
	return fs
}

// jsonTag is the field's encoding/json tag, right for encoding/json's own
// reflection too (a caller may embed a generated type in a struct of its
// own): a pointer is omitted only when nil (omitempty; omitzero would call
// time.Time's IsZero and drop a present zero time), a list or map only
// when nil (omitzero; omitempty would drop a present empty one).
func jsonTag(fd *model.Field) string {
	name := fd.Name
	if !tagCarries(name) {
		return "" // the generated codec carries it (fieldDoc says so)
	}
	switch {
	case !fd.Optional:
	case isCollection(fd.Type):
		name += ",omitzero"
	default:
		name += ",omitempty"
	}
	return "`json:" + quote(name) + "`"
}

// tagCarries reports whether a struct tag carries the member name name
// as encoding/json reads one: letters, digits and the punctuation its tag
// names allow, not empty. A field of another name (a quote, a backslash,
// a comma, a backtick, a control character: "hw.status{hw.type=\"battery\"}")
// has no json tag; the generated UnmarshalJSON and AppendJSON carry it,
// and its doc says its name.
func tagCarries(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		default:
			return false
		}
	}
	return true
}

// object declares o's Go type and its methods; nullable when the
// definition may be null as a whole (model.Package.Nullable), which its
// doc says, with how to read such a document.
func object(f *goFile, o *model.Object, nullable bool) {
	t := o.GoName
	f.decl()
	doc := o.Doc
	if nullable {
		doc = strings.TrimLeft(doc+fmt.Sprintf("\n\nA document of %s may also be null (the schema's null | …): read one into a wire.Nullable[%s], whose UnmarshalJSON gives Valid false for null and whose Validate calls this type's; a field of this type is a wire.Nullable too.", t, t), "\n")
	}
	f.doc(docFor(t, doc))
	fields := structFields(o)
	if len(fields) == 0 && !o.KeepsUnknown() && o.Typed() == nil {
		f.p("type ", t, " struct{}")
	} else {
		f.open("type ", t, " struct")
		var run [][]string
		flush := func() {
			if len(run) > 0 {
				f.columns(run)
				run = nil
			}
		}
		for _, fd := range fields {
			doc := fieldDoc(fd)
			if !tagCarries(fd.Name) {
				untagged := fmt.Sprintf("Its member name, %s, is one no struct tag carries: the generated codec reads and writes it; the field has no json tag.", strconv.Quote(fd.Name))
				doc = strings.TrimLeft(doc+"\n\n"+untagged, "\n")
			}
			if cd := o.DeclaredBy(fd.Name); cd != nil {
				// A field an if clause declares: Validate checks both.
				only := "Only when " + o.DescribeDeclared(fd.Name, false) + "; absent otherwise."
				if doc == "" {
					doc = only
				} else {
					doc += "\n\n" + only
				}
			}
			if doc != "" {
				flush()
				f.comment(doc)
			}
			row := []string{fd.GoName, f.fieldType(fd)}
			if tag := jsonTag(fd); tag != "" {
				row = append(row, tag)
			}
			run = append(run, row)
		}
		flush()
		switch {
		case o.Open:
			f.comment(model.UnknownField + " holds the members the schema does not name, which it allows (the\nobject is open), by name; they are written after the others, by name.")
		case o.AdmitsUnknown():
			f.comment(model.UnknownField + " holds the members the schema does not name, which it allows while\nan if clause opens the object, by name; they are written after the others,\nby name.")
		case o.KeepsUnknown():
			f.comment(model.UnknownField + " holds the members the schema admits by a pattern on their names\n(" + memberPatternList(o) + "), by name; they are written after the others, by name.")
		}
		// Matching and Unknown are one run of columns, as gofmt aligns them.
		var held [][]string
		for _, tm := range o.TypedMaps() {
			m := tm.Patterns[0]
			switch {
			case m.Key == nil:
				f.comment(tm.Field + " holds the members the schema does not declare, by name; they\nare written after the fields, by name.")
			case len(tm.Patterns) > 1:
				f.comment(tm.Field + " holds the members whose names match " + typedPatternList(tm) + ", by name;\na member that matches several holds each one's constraints. They are\nwritten after the fields, by name.")
			default:
				f.comment(tm.Field + " holds the members whose names match " + m.Key.KeyPattern() + ", by name; they are\nwritten after the fields, by name.")
			}
			held = append(held, []string{tm.Field, "map[string]" + goType(f, m.Type, false), "`json:\"-\"`"})
		}
		if o.KeepsUnknown() {
			held = append(held, []string{model.UnknownField, "map[string]" + f.use("encoding/json") + ".RawMessage", "`json:\"-\"`"})
		}
		f.columns(held)
		f.close()
	}
	objectMethods(f, o)
	objectDefaults(f, o)
	objectDecode(f, o)
	objectEncode(f, o)
	objectValidate(f, o)
}

// objectMethods emits the exported methods, each a line over the
// unexported walkers below it.
func objectMethods(f *goFile, o *model.Object) {
	t := o.GoName
	unknown := "unknown fields are ignored, since a newer\nhost may add optional ones"
	switch {
	case o.Open:
		unknown = "members the schema does not name are kept in\n" + model.UnknownField + ", as the open object allows them"
	case o.AdmitsUnknown():
		unknown = "members the schema does not name are kept in\n" + model.UnknownField + ", as an if clause that opens the object allows them"
	case o.KeepsUnknown():
		unknown = "members whose names match " + memberPatternList(o) + " are kept in\n" + model.UnknownField + ", other unknown members ignored"
	case o.Strict:
		unknown = "a member the schema does not name is refused, as a\nmatch on the value holding it judges it"
	}
	appendDoc := "AppendJSON appends the JSON encoding of x to b: the bytes json.Marshal\nwrites for it, without reflection"
	if o.Union != nil {
		appendDoc += fmt.Sprintf(", its %s %q first", o.Union.Discriminator, o.Tag)
	}
	exportedMethods(f, t,
		fmt.Sprintf("UnmarshalJSON decodes a %s. It refuses a missing required field, a null\nand a value of the wrong type; %s. On error x is left as it was and the error is\na *wire.DecodeError.", t, unknown),
		appendDoc+".",
		"Validate reports every way x breaks a constraint of the schema that its Go\ntype cannot state: the error is a wire.ValidationErrors listing every\nproblem, each a *wire.ValidationError with its path and rule. "+allocDoc(o))
}

// exportedMethods emits UnmarshalJSON, MarshalJSON, AppendJSON and Validate
// of a type whose unexported decode_T, encode and validate do the work,
// with the docs given.
func exportedMethods(f *goFile, t, unmarshalDoc, appendDoc, validateDoc string) {
	w := f.wire()
	f.decl()
	f.doc(unmarshalDoc)
	f.open("func (x *", t, ") UnmarshalJSON(data []byte) error")
	f.p("r := ", w, ".NewReader(data)")
	f.p("return r.Finish(", quote(t), ", ", decodeFunc(t), "(&r, x))")
	f.close()

	f.decl()
	f.doc("MarshalJSON encodes a " + t + " as AppendJSON does, into a pooled buffer it\ncopies the result out of.")
	f.open("func (x ", t, ") MarshalJSON() ([]byte, error)")
	f.p("e := ", w, ".Pooled()")
	f.p("x.encode(e)")
	f.p("return e.Detach()")
	f.close()

	f.decl()
	f.doc(appendDoc)
	f.open("func (x *", t, ") AppendJSON(b []byte) ([]byte, error)")
	f.p("e := ", w, ".Encoder{B: b}")
	f.p("x.encode(&e)")
	f.p("return e.Result()")
	f.close()

	f.decl()
	f.doc(validateDoc)
	f.open("func (x *", t, ") Validate() error")
	f.p("var p ", w, ".Problems")
	f.p("root := ", w, ".Root(", quote(t), ")")
	f.p("x.validate(&p, &root)")
	f.p("return p.Err()")
	f.close()
}

// objectDefaults emits a Get method for each field with a default: its
// value, or CUE's default when it is absent (as protobuf's getters give
// proto2 defaults). Absent stays absent in the struct and on the wire.
func objectDefaults(f *goFile, o *model.Object) {
	for _, fd := range structFields(o) {
		if len(fd.CondDefaults) > 0 {
			condGetter(f, o, fd)
			continue
		}
		if fd.MemberDefault != nil {
			if !fd.MemberDefault.Held() {
				// o's own, a path of one; a held one's is each holder's
				heldGetter(f, o, &model.HeldDefault{Path: []*model.Field{fd}})
			}
			continue
		}
		if fd.Default == "" || !fd.Optional {
			continue
		}
		get := model.GetterName(fd)
		f.decl()
		f.doc(fmt.Sprintf("%s returns %s, or %s, its default, when it is absent.", get, fd.GoName, fd.Default))
		f.open("func (x *", o.GoName, ") ", get, "() ", goType(f, fd.Type, false))
		f.open("if ", f.absent(fd, "x."+fd.GoName))
		switch fd.Type.Kind {
		case model.ObjectKind, model.OneOfKind, model.TupleKind:
			// An object default (*{retries: 3} | #Opts): decoded from
			// its JSON, which CUE checked against the type, at each
			// call, so that the caller owns what it gets.
			f.p("var d ", goType(f, fd.Type, false))
			f.p("_ = d.UnmarshalJSON([]byte(", escape.GoString(fd.Default), ")) // the schema's default, valid")
			f.p("return d")
		case model.UnionKind:
			f.p("d, _ := ", fd.Type.Union.UnmarshalFunc(), "([]byte(", escape.GoString(fd.Default), ")) // the schema's default, valid")
			f.p("return d")
		case model.NullableKind:
			e := fd.Type.Elem
			if fd.Default == "null" || !decodedDefault(e) {
				f.p("return ", goLiteral(f, fd.Type, fd.Default))
				break
			}
			// null | (net.IP | bool | *"::1"), null | *{retries: 3} |
			// #Opts: a value of a Go type no literal states, decoded
			// from its JSON at each call (it was wire.Of[T]("::1"),
			// which did not compile: randschema seed 142).
			if e.Kind == model.UnionKind {
				f.p("v, _ := ", e.Union.UnmarshalFunc(), "([]byte(", escape.GoString(fd.Default), ")) // the schema's default, valid")
				f.p("return ", f.wire(), ".Of(v)")
				break
			}
			f.p("var d ", goType(f, fd.Type, false))
			f.p("_ = d.UnmarshalJSON([]byte(", escape.GoString(fd.Default), ")) // the schema's default, valid")
			f.p("return d")
		case model.AnyKind:
			// duration: _ | *"1h" (Perses' DashboardSpec): any JSON
			// value, the default's text as it is.
			f.p("return ", f.use("encoding/json"), ".RawMessage(", escape.GoString(fd.Default), ")")
		case model.ListKind:
			if literalType(fd.Type) {
				f.p("return ", goLiteral(f, fd.Type, fd.Default))
				break
			}
			// A list of objects (*[{path: "/"}] | [...#Rule]): each item
			// decoded from its JSON by its own decoder, at each call.
			f.p("var d ", goType(f, fd.Type, false))
			if e := fd.Type.Elem; e.Kind == model.UnionKind {
				f.p("var items []", f.use("encoding/json"), ".RawMessage")
				f.p("_ = ", f.use("encoding/json"), ".Unmarshal([]byte(", escape.GoString(fd.Default), "), &items) // the schema's default, valid")
				f.open("for _, it := range items")
				f.p("v, _ := ", e.Union.UnmarshalFunc(), "(it)")
				f.p("d = append(d, v)")
				f.close()
			} else {
				f.p("_ = ", f.use("encoding/json"), ".Unmarshal([]byte(", escape.GoString(fd.Default), "), &d) // the schema's default, valid")
			}
			f.p("return d")
		default:
			f.p("return ", goLiteral(f, fd.Type, fd.Default))
		}
		f.close()
		f.p("return ", f.held(fd, "x."+fd.GoName)) // a list or a union: nil when absent; [] is stated
		f.close()
	}
	for _, h := range o.HeldDefaults {
		heldGetter(f, o, h)
	}
}

// decodedDefault reports whether a default of type t is decoded from its
// JSON rather than written as a Go literal: an object, a choice of kinds,
// a tuple, a union, any JSON value, or a list that literalType does not
// state.
func decodedDefault(t *model.Type) bool {
	switch t.Kind {
	case model.ObjectKind, model.OneOfKind, model.TupleKind, model.UnionKind, model.AnyKind:
		return true
	case model.ListKind:
		return !literalType(t)
	}
	return false
}

// condGetter emits the Get method of a field that if clauses give
// defaults: its value, or the default whose conditions hold, or its zero
// value where none does (the field is then required, and Validate says
// so; or, declared only by the if clause, absent).
func condGetter(f *goFile, o *model.Object, fd *model.Field) {
	get := model.GetterName(fd)
	condPatterns(f, o)
	f.decl()
	otherwise := "Validate then reports it missing"
	if !fd.RequiredUnlessDefault(o) {
		otherwise = "the field is absent there"
	}
	f.doc(fmt.Sprintf("%s returns %s, or when it is absent its default: %s; the zero value where no default applies (%s).", get, fd.GoName, fd.DescribeCondDefaults(o), otherwise))
	typ := goType(f, fd.Type, false)
	f.open("func (x *", o.GoName, ") ", get, "() ", typ)
	f.open("if ", f.present(fd, "x."+fd.GoName))
	f.p("return ", f.held(fd, "x."+fd.GoName))
	f.close()
	for _, c := range fd.CondDefaults {
		f.open("if ", strings.Join(condExprs(f, o, c.When), " && "))
		f.p("return ", goLiteral(f, fd.Type, c.Value))
		f.close()
	}
	f.p("var zero ", typ)
	f.p("return zero")
	f.close()
}

// heldGetter emits o's Get method of the field at the end of h's path,
// whose default takes o's members (a held one, Validation: {Max: int |
// *Length}: GetValidationMax; or o's own field, a path of one): the
// field's value, or where it or an object on the way is absent, the
// default computed from o's members as CUE computes it.
func heldGetter(f *goFile, o *model.Object, h *model.HeldDefault) {
	fd := h.Field()
	d := fd.MemberDefault
	var path []string
	for _, p := range h.Path {
		path = append(path, p.GoName)
	}
	absent := "it is absent"
	if len(h.Path) > 1 {
		absent += " (or an object on the way is)"
	}
	f.decl()
	f.doc(fmt.Sprintf("%s returns %s, or when %s its default, %s, as CUE computes it from the data.", h.GetterName(), strings.Join(path, "."), absent, d.Describe()))
	typ := goType(f, fd.Type, false)
	f.open("func (x *", o.GoName, ") ", h.GetterName(), "() ", typ)
	var conds []string
	at := "x"
	for _, p := range h.Path {
		at += "." + p.GoName
		if strings.HasPrefix(f.fieldType(p), "*") || f.zero[p] != "" {
			conds = append(conds, f.present(p, at))
		}
	}
	f.open("if ", strings.Join(conds, " && "))
	f.p("return ", f.held(fd, at))
	f.close()
	f.p("return ", defaultExpr(f, o, fd, d))
	f.close()
}

// defaultExpr is the Go expression, in a method of o (the object whose
// members d takes), of fd's default d: one member's value of fd's Go
// type, or the parts joined as CUE interpolates them.
func defaultExpr(f *goFile, o *model.Object, fd *model.Field, d *model.MemberDefault) string {
	typ := goType(f, fd.Type, false)
	if d.Alone() && len(d.Parts[0].Funcs) == 0 {
		v, m := memberValue(f, o, d.Parts[0])
		if goType(f, m.Type, false) != typ {
			v = typ + "(" + v + ")" // an enum's member as a string
		}
		return v
	}
	var terms []string
	for _, p := range d.Parts {
		if p.Member == "" {
			terms = append(terms, escape.GoString(p.Lit))
			continue
		}
		v, m := memberValue(f, o, p)
		if len(p.Funcs) > 0 {
			// strings.ToLower(Name): Go's function, as CUE's is.
			if m.Type.Kind == model.EnumKind {
				v = "string(" + v + ")"
			}
			for _, fn := range p.Funcs {
				if fn.Name == "Replace" {
					v = fmt.Sprintf("%s.Replace(%s, %s, %s, %d)", f.use("strings"), v, escape.GoString(fn.Old), escape.GoString(fn.New), fn.N)
				} else {
					v = f.use("strings") + "." + fn.Name + "(" + v + ")"
				}
			}
			terms = append(terms, v)
			continue
		}
		switch m.Type.BaseOf() {
		case model.Int:
			v = f.use("strconv") + ".FormatInt(" + v + ", 10)"
		case model.Bool:
			v = f.use("strconv") + ".FormatBool(" + v + ")"
		default:
			if m.Type.Kind == model.EnumKind {
				v = "string(" + v + ")"
			}
		}
		terms = append(terms, v)
	}
	return strings.Join(terms, " + ")
}

// memberValue is the Go expression, in a method of o, of the value of
// the member a default's part takes (through the required object fields
// of its path): the field, or its Get method when it has a default.
func memberValue(f *goFile, o *model.Object, p model.DefaultPart) (string, *model.Field) {
	m, way := p.Leaf(o)
	if m.Type.Kind == model.ConstKind {
		// A constant where a held default's holder is used (#Email:
		// #String & {Length: 80}): its value.
		return goLiteral(f, m.Type, constJSON(m.Type)), m
	}
	v := "x."
	for _, w := range way {
		v += w.GoName + "."
	}
	if m.Optional {
		return v + model.GetterName(m) + "()", m
	}
	return v + m.GoName, m
}

// literalType reports whether goLiteral writes a value of type t: a
// scalar, an enum, either nullable, or a list of them.
func literalType(t *model.Type) bool {
	switch t.Kind {
	case model.ListKind, model.NullableKind:
		return literalType(t.Elem)
	case model.ObjectKind, model.UnionKind, model.OneOfKind, model.TupleKind, model.MapKind, model.AnyKind:
		return false
	}
	return true
}

// goLiteral is the Go expression of a default of type t, given as a JSON
// literal: a string escaped, an enum member's constant, a list of them
// as a composite literal, a number or boolean as written.
func goLiteral(f *goFile, t *model.Type, lit string) string {
	if t.Kind == model.ListKind {
		var items []json.RawMessage
		json.Unmarshal([]byte(lit), &items)
		var b strings.Builder
		b.WriteString(goType(f, t, false) + "{")
		for i, it := range items {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(goLiteral(f, t.Elem, string(it)))
		}
		return b.String() + "}"
	}
	if t.Kind == model.NullableKind {
		if lit == "null" {
			// *null | string: null, the zero Nullable.
			return goType(f, t, false) + "{}"
		}
		// *"low" | "high" | null: a value.
		return f.wire() + ".Of[" + goType(f, t.Elem, false) + "](" + goLiteral(f, t.Elem, lit) + ")"
	}
	switch t.BaseOf() {
	case model.Time:
		// *"2024-01-02T03:04:05Z" | time.Time: the instant, as
		// time.Date states it (a string constant is no time.Time).
		var s string
		json.Unmarshal([]byte(lit), &s)
		return timeLiteral(f, s)
	}
	if t.BaseOf() != model.String && t.Kind != model.EnumKind {
		return lit
	}
	var s string
	json.Unmarshal([]byte(lit), &s)
	if t.Kind == model.EnumKind {
		for _, m := range t.Enum.Members {
			if m.Value == s {
				return m.GoName // the member's constant
			}
		}
	}
	return escape.GoString(s)
}

// timeLiteral is a Go expression of the instant s, an RFC 3339 time
// (with or without a fraction) that CUE admitted: time.Date in UTC, or in
// a zone of the offset written.
func timeLiteral(f *goFile, s string) string {
	pkg := f.use("time")
	tm, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		// (CUE admitted it as time.Time, so Go's parser does too; read
		// at the call otherwise)
		return "func() " + pkg + ".Time { t, _ := " + pkg + ".Parse(" + pkg + ".RFC3339Nano, " + escape.GoString(s) + "); return t }()"
	}
	zone := pkg + ".UTC"
	if _, off := tm.Zone(); off != 0 || !strings.HasSuffix(s, "Z") && !strings.HasSuffix(s, "z") {
		zone = fmt.Sprintf("%s.FixedZone(\"\", %d)", pkg, off)
	}
	return fmt.Sprintf("%s.Date(%d, %d, %d, %d, %d, %d, %d, %s)", pkg, tm.Year(), int(tm.Month()), tm.Day(), tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond(), zone)
}

// objectDecode emits the decoder: required fields present, no nulls, no
// member twice, a variant's tag checked, x untouched on error.
//
// have records the members read, one bit per field in schema order: a
// uint64, or an array of them for an object of more than 64 fields. A bit
// already set is a member given twice, which the decoder refuses: JSON
// leaves its meaning open (RFC 8259 §4), encoding/json and JSON.parse keep
// the last, CUE unifies both, so no answer would be every judge's.
func objectDecode(f *goFile, o *model.Object) {
	objectDecoder(f, o, false)
	if f.fit[o] {
		objectDecoder(f, o, true)
	}
}

// objectDecoder emits decode_T, or with fit decode_TFit, which reads the
// object as decode_T does but returns the names of the required fields
// missing rather than refusing them, and sets x anyway: a variant of a
// union without a discriminator is possible while only those are missing.
func objectDecoder(f *goFile, o *model.Object, fit bool) {
	t := o.GoName
	w := f.wire()
	n := len(o.Fields)
	words := (n + 63) / 64
	names := make([]string, n)
	req := make([]uint64, words)
	for i, fd := range o.Fields {
		names[i] = quote(fd.Name)
		if !fd.Optional {
			req[i/64] |= 1 << (i % 64)
		}
	}
	fieldsVar := helper("fields", t)
	if !fit {
		f.decl()
		f.p("var ", fieldsVar, " = []string{", strings.Join(names, ", "), "}")
	}

	hex := func(v uint64) string { return fmt.Sprintf("%#x", v) }
	fail := "return "
	f.decl()
	if fit {
		fail = "return nil, "
		f.open("func ", decodeFunc(t), "Fit(r *", w, ".Reader, x *", t, ") ([]string, error)")
	} else {
		f.open("func ", decodeFunc(t), "(r *", w, ".Reader, x *", t, ") error")
	}
	f.open("if err := r.Object(); err != nil")
	f.p(fail, "err")
	f.close()
	f.p("var v ", t)
	if words == 1 {
		f.p("var have, bit uint64")
	} else {
		f.p("var have [", strconv.Itoa(words), "]uint64")
		f.p("var bit int")
	}
	f.open("for first := true; ; first = false")
	f.p("key, ok, err := r.Key(first)")
	f.open("if err != nil")
	f.p(fail, "err")
	f.close()
	f.open("if !ok")
	f.p("break")
	f.close()
	f.open("switch string(key)")
	for i, fd := range o.Fields {
		f.label("case ", quote(fd.Name), ":")
		if words == 1 {
			f.p("bit = 1 << ", strconv.Itoa(i))
		} else {
			f.p("bit = ", strconv.Itoa(i+1))
		}
		dst := "v." + fd.GoName
		switch {
		case o.Union != nil && fd.Name == o.Union.Discriminator:
			f.p("err = r.Tag(", quote(o.Tag), ")")
		case f.zero[fd] != "":
			// Its zero stands for absent, and the schema refuses it
			// (zeroabsent.go): a present zero is no value of the field.
			f.open("if err = ", readCall(f, fd.Type, "&"+dst), "; err == nil && ", f.absent(fd, dst))
			f.p("err = ", w, ".ZeroValue(", quote(f.zero[fd]), ")")
			f.close()
		case fd.Optional && goType(f, fd.Type, false) == "string" && readCall(f, fd.Type, dst) == "r.String("+dst+")":
			f.p(dst, ", err = r.StringPtr()") // the strings share allocations
		case fd.Optional && !nilable(fd.Type):
			f.p(dst, " = new(", goType(f, fd.Type, false), ")")
			f.p("err = ", readCall(f, fd.Type, dst))
		default:
			f.p("err = ", readCall(f, fd.Type, "&"+dst))
		}
	}
	for _, a := range o.Absent {
		// type?: _|_: a member that may never be present.
		f.label("case ", quote(a.Name), ":")
		f.p(fail, w, ".NotAllowed(key)")
	}
	f.label("default:")
	f.p("bit = 0")
	for _, tm := range o.TypedMaps() {
		// A member a typed pattern admits, into its map (Matching, or
		// Matching2, … for patterns of other Go types, which no name
		// matches beside another map's).
		m := tm.Patterns[0]
		mm := "v." + tm.Field
		et := goType(f, m.Type, false)
		if m.Key != nil {
			f.open("if ", typedMatch(f, tm, "string(key)"))
		}
		f.open("if _, dup := ", mm, "[string(key)]; dup")
		f.p(fail, w, ".Duplicate(key)")
		f.close()
		f.p("var e ", et)
		rt := m.Type
		if len(tm.Patterns) > 1 && (rt.Kind == model.BasicKind || rt.Kind == model.ConstKind) {
			// Several patterns of one base: read the base (of the
			// map's Go type: uint64 for CUE's uint64), and let
			// Validate check each pattern the name matches.
			rt = &model.Type{Kind: model.BasicKind, Base: rt.Base, Constraints: model.Constraints{Uint64: rt.Unsigned()}}
		}
		f.open("if err = ", readCall(f, rt, "&e"), "; err == nil")
		f.open("if ", mm, " == nil")
		f.p(mm, " = map[string]", et, "{}")
		f.close()
		f.p(mm, "[string(key)] = e")
		f.close()
		if m.Key != nil {
			f.p("break")
			f.close()
		}
	}
	if m := o.Typed(); m != nil && m.Key == nil {
		// Every member the schema does not declare is in Matching.
	} else if o.KeepsUnknown() {
		// A member the schema does not name, kept (by an open object, or
		// by a closed one when its name matches a member pattern); given
		// twice, refused as any member is.
		u := "v." + model.UnknownField
		if !o.AdmitsUnknown() {
			f.open("if !", memberMatch(f, o, "string(key)"))
			f.p("err = r.Unknown()")
			f.p("break")
			f.close()
		}
		f.open("if _, dup := ", u, "[string(key)]; dup")
		f.p(fail, w, ".Duplicate(key)")
		f.close()
		f.p("var raw ", f.use("encoding/json"), ".RawMessage")
		f.open("if err = r.Raw(&raw); err == nil")
		f.open("if ", u, " == nil")
		f.p(u, " = map[string]", f.use("encoding/json"), ".RawMessage{}")
		f.close()
		f.p(u, "[string(key)] = raw")
		f.close()
	} else if o.Strict {
		f.p("err = r.Refuse()")
	} else {
		f.p("err = r.Unknown()")
	}
	f.close()
	f.open("if err != nil")
	f.p(fail, w, ".InField(key, err)")
	f.close()
	if words == 1 {
		f.open("if have&bit != 0")
		f.p(fail, w, ".Duplicate(key)")
		f.close()
		f.p("have |= bit")
	} else {
		f.open("if ", w, ".Mark(have[:], bit)")
		f.p(fail, w, ".Duplicate(key)")
		f.close()
	}
	f.close()
	if fit {
		haves := "[]uint64{have}"
		ws := make([]string, words)
		for i, v := range req {
			ws[i] = hex(v)
		}
		if words != 1 {
			haves = "have[:]" // [0]uint64 too, an object of no field
		}
		f.p("*x = v")
		f.p("return ", w, ".Missing(", fieldsVar, ", []uint64{", strings.Join(ws, ", "), "}, ", haves, "), nil")
		f.close()
		return
	}
	// A missing required field is an error but in a variant's reading
	// for wire.Try, where it is a hole (Reader.MissingField).
	if words == 1 {
		if req[0] != 0 {
			f.open("if have&", hex(req[0]), " != ", hex(req[0]))
			f.open("if err := r.MissingField(", fieldsVar, ", ", hex(req[0]), ", have); err != nil")
			f.p("return err")
			f.close()
			f.close()
		}
	} else {
		ws := make([]string, words)
		for i, v := range req {
			ws[i] = hex(v)
		}
		f.open("if err := r.MissingFields(", fieldsVar, ", []uint64{", strings.Join(ws, ", "), "}, have[:]); err != nil")
		f.p("return err")
		f.close()
	}
	if len(o.Opens()) > 0 && !o.Open {
		// In a match, a member it does not name is refused unless an
		// if clause that opens the object holds (MatchIf.Opens).
		f.open("if r.Strict() && len(v.", model.UnknownField, ") > 0 && !", helper("opened", t), "(&v)")
		f.p("return r.Closed(v.", model.UnknownField, ")")
		f.close()
	}
	f.p("*x = v")
	f.p("return nil")
	f.close()
	if len(o.Opens()) > 0 && !o.Open {
		objectOpened(f, o)
	}
}

// objectOpened emits opened_T, which reports whether an if clause that
// opens the closed object (MatchIf.Opens) holds for x, judged on its
// JSON as Validate judges the matchIf's if.
func objectOpened(f *goFile, o *model.Object) {
	w := f.wire()
	f.decl()
	f.p("// ", helper("opened", o.GoName), " reports whether an if clause that opens ", o.GoName, " holds for x.")
	f.open("func ", helper("opened", o.GoName), "(x *", o.GoName, ") bool")
	f.p("raw, err := x.AppendJSON(nil)")
	f.open("if err != nil")
	f.p("return false")
	f.close()
	f.p("root := ", w, ".Root(", quote(o.GoName), ")")
	f.p("path := &root")
	f.p("p := &", w, ".Problems{}")
	for _, m := range o.Opens() {
		f.p("{")
		f.depth++
		matchChecks(f, m.If, "raw", "path", "", "", 1, true)
		f.open("if p.Len() == 0")
		f.p("return true")
		f.close()
		f.p("p.Truncate(0)")
		f.depth--
		f.p("}")
	}
	f.p("return false")
	f.close()
}

// memberRaw is the Go literal of what Encoder.Member writes for name, a
// constant: `,"name":` escaped at generation time, so that encoding a
// member copies its bytes rather than escaping its name again.
func memberRaw(name string) string {
	return quote("," + string(wire.AppendString(nil, name)) + ":")
}

// objectEncode emits encode, which writes x's members in schema order: a
// variant's discriminator first, an optional member only when present, a
// nil required list or map as empty.
func objectEncode(f *goFile, o *model.Object) {
	f.decl()
	f.open("func (x *", o.GoName, ") encode(e *", f.wire(), ".Encoder)")
	f.p("m := e.Begin()")
	if o.Union != nil {
		disc := "," + string(wire.AppendString(nil, o.Union.Discriminator)) + ":" + string(wire.AppendString(nil, o.Tag))
		f.p("e.Raw(", quote(disc), ")")
	}
	for _, fd := range structFields(o) {
		val := "x." + fd.GoName
		if !fd.Optional {
			f.p("e.Raw(", memberRaw(fd.Name), ")")
			encodeValue(f, fd.Type, val, 0)
			continue
		}
		f.open("if ", f.present(fd, val))
		f.p("e.Raw(", memberRaw(fd.Name), ")")
		v := f.value(fd, val) // encode of an object has a pointer receiver
		if fd.Type.Kind == model.UnionKind {
			f.p(v, ".encode(e)") // not nil: checked above
		} else {
			encodeValue(f, fd.Type, v, 0)
		}
		f.close()
	}
	maps := o.TypedMaps()
	for i, tm := range maps {
		m := tm.Patterns[0]
		mm := "x." + tm.Field
		f.open("for _, k := range ", f.wire(), ".SortedKeys(", mm, ")")
		f.open("if ", f.use("slices"), ".Contains(", helper("fields", o.GoName), ", k)")
		f.p("e.Fail(", f.use("fmt"), ".Errorf(", quote(o.GoName+"."+tm.Field+" holds %q, a field of the schema: set the field instead"), ", k))")
		f.close()
		for _, before := range maps[:i] {
			// Written once: a name is one map's (Validate refuses it
			// in another, whose patterns it does not match).
			f.open("if _, dup := x.", before.Field, "[k]; dup")
			f.p("e.Fail(", f.use("fmt"), ".Errorf(", quote(o.GoName+" holds %q in both "+before.Field+" and "+tm.Field), ", k))")
			f.close()
		}
		f.p("e.Member(k)")
		elem := mm + "[k]"
		if pointerMethods(m.Type) {
			// encode has a pointer receiver: a map value is not addressable.
			f.p("el := ", elem)
			elem = "el"
		}
		encodeValue(f, m.Type, elem, 1)
		f.close()
	}
	if o.KeepsUnknown() {
		u := "x." + model.UnknownField
		f.open("for _, k := range ", f.wire(), ".SortedKeys(", u, ")")
		f.open("if ", f.use("slices"), ".Contains(", helper("fields", o.GoName), ", k)")
		f.p("e.Fail(", f.use("fmt"), ".Errorf(", quote(o.GoName+"."+model.UnknownField+" holds %q, a field of the schema: set the field instead"), ", k))")
		f.close()
		for _, tm := range o.TypedMaps() {
			f.open("if _, dup := x.", tm.Field, "[k]; dup")
			f.p("e.Fail(", f.use("fmt"), ".Errorf(", quote(o.GoName+" holds %q in both "+tm.Field+" and "+model.UnknownField), ", k))")
			f.close()
		}
		f.p("e.Member(k)")
		f.p("e.RawJSON(", u, "[k])")
		f.close()
	}
	f.p("e.End(m)")
	f.close()
}

// encodeValue writes the statements encoding v, a value of t; depth names
// the loop variables of nested lists and maps.
func encodeValue(f *goFile, t *model.Type, v string, depth int) {
	if (t.Kind == model.MapKind || t.Kind == model.ListKind) && t.HoldsItself() {
		// A map or list that holds itself (type M map[string]M, type
		// A []A): its own encode, as an object's, since written out
		// it has no end.
		f.p(v, ".encode(e)")
		return
	}
	switch t.Kind {
	case model.EnumKind:
		f.p(f.wire(), ".EncodeEnum(e, &", enumTable(t.Enum), ", ", v, ")")
	case model.ObjectKind, model.OneOfKind, model.TupleKind:
		f.p(v, ".encode(e)")
	case model.AnyKind:
		f.p("e.RawJSON(", v, ")")
	case model.NullKind:
		f.p(`e.Raw("null")`)
	case model.NullableKind:
		// A block of its own: the object's next nullable field
		// declares n again.
		n := loopVar("n", depth)
		f.p("{")
		f.depth++
		f.p(n, " := ", v, " // addressable, whatever v is")
		f.open("if ", n, ".Valid")
		encodeValue(f, t.Elem, n+".V", depth+1)
		f.close(" else {")
		f.depth++
		f.p(`e.Raw("null")`)
		f.close()
		f.depth--
		f.p("}")
	case model.UnionKind:
		// A required union, or a list element or map value of one, that is
		// nil has no encoding: AppendJSON fails rather than write null.
		f.open("if ", v, " == nil")
		f.p("e.Fail(", f.use("errors"), ".New(", quote("a nil "+t.Union.GoName+" has no JSON encoding: a required union field, list element or map value holds one of its variants"), "))")
		f.close(" else {")
		f.depth++
		f.p(v, ".encode(e)")
		f.close()
	case model.ListKind:
		i := loopVar("i", depth)
		f.p("e.Open()")
		f.open("for ", i, " := range ", v)
		f.p("e.Elem(", i, ")")
		encodeValue(f, t.Elem, v+"["+i+"]", depth+1)
		f.close()
		f.p("e.Close()")
	case model.MapKind:
		i, k := loopVar("i", depth), loopVar("k", depth)
		f.p(`e.Raw("{")`)
		f.open("for ", i, ", ", k, " := range ", f.wire(), ".SortedKeys(", v, ")")
		f.p("e.Key(", i, ", ", k, ")")
		elem := v + "[" + k + "]"
		if pointerMethods(t.Elem) {
			// encode has a pointer receiver: a map value is not addressable.
			el := loopVar("v", depth)
			f.p(el, " := ", elem)
			elem = el
		}
		encodeValue(f, t.Elem, elem, depth+1)
		f.close()
		f.p(`e.Raw("}")`)
	default:
		switch t.BaseOf() {
		case model.Int:
			if t.Unsigned() {
				f.p("e.Uint(", v, ")")
				break
			}
			f.p("e.Int(", v, ")")
		case model.Number:
			f.p("e.Float(", v, ")")
		case model.Bool:
			f.p("e.Bool(", v, ")")
		case model.Time:
			f.p("e.Time(", v, ")")
		case model.Bytes:
			f.p("e.Bytes(", v, ")")
		default:
			f.p("e.String(", v, ")")
		}
	}
}

// loopVar names a loop variable at a nesting depth: i, i1, i2, ….
func loopVar(name string, depth int) string {
	if depth == 0 {
		return name
	}
	return name + strconv.Itoa(depth)
}

// heldMaps names the maps of o's Go struct that hold members it does not
// declare: Matching, Unknown.
func heldMaps(o *model.Object) []string {
	var out []string
	for _, tm := range o.TypedMaps() {
		out = append(out, tm.Field)
	}
	if o.KeepsUnknown() {
		out = append(out, model.UnknownField)
	}
	return out
}

// memberPatternList renders an object's member patterns for docs and
// messages: ^x- or ^y-.
func memberPatternList(o *model.Object) string {
	var ps []string
	for _, m := range o.Members {
		if m.Type.AnyJSON() {
			ps = append(ps, m.Key.KeyPattern())
		}
	}
	return strings.Join(ps, " or ")
}

// typedMatch is the Go condition that name (a string expression) matches
// one of the member patterns whose members tm holds.
func typedMatch(f *goFile, tm model.TypedMap, name string) string {
	var cs []string
	for _, m := range tm.Patterns {
		cs = append(cs, f.patterns[m.Key]+".MatchString("+name+")")
	}
	return strings.Join(cs, " || ")
}

// typedPatternList renders the member patterns whose members tm holds,
// for docs and messages: ^a or b$.
func typedPatternList(tm model.TypedMap) string {
	var ps []string
	for _, m := range tm.Patterns {
		ps = append(ps, m.Key.KeyPattern())
	}
	return strings.Join(ps, " or ")
}

// memberMatch is the Go condition that name (a string expression) matches
// one of o's member patterns of any value.
func memberMatch(f *goFile, o *model.Object, name string) string {
	var cs []string
	for _, m := range o.Members {
		if m.Type.AnyJSON() { // a typed one's members are in Matching
			cs = append(cs, f.patterns[m.Key]+".MatchString("+name+")")
		}
	}
	if len(cs) == 1 {
		return cs[0]
	}
	return "(" + strings.Join(cs, " || ") + ")"
}

// compilePatterns emits the compiled wire.Pattern of each of patterns,
// the first named name and the others after it (nthPattern).
func compilePatterns(f *goFile, name string, patterns []string) {
	if len(patterns) == 0 || f.compiled[name] {
		return
	}
	f.compiled[name] = true
	for i, re := range patterns {
		f.decl()
		if what := model.PatternName(re); what != "" {
			f.p("var ", nthPattern(name, i), " = ", f.wire(), ".MustPattern(", quote(re), ").Named(", quote(what), ")")
			continue
		}
		f.p("var ", nthPattern(name, i), " = ", f.wire(), ".MustPattern(", quote(re), ")")
	}
}

// fieldPatterns emits the compiled wire.Pattern of every pattern t states in
// place (its own =~, its list elements' or map values'), under the name
// patternNames gave it.
func fieldPatterns(f *goFile, t *model.Type) {
	if t.HoldsItself() {
		return // compiled where it is declared
	}
	switch t.Kind {
	case model.BasicKind, model.AnyKind:
		for _, a := range t.Choice {
			fieldPatterns(f, a)
		}
		if m := t.MatchIf; m != nil {
			for _, a := range []*model.Type{m.If, m.Then, m.Else} {
				if a != nil {
					fieldPatterns(f, a)
				}
			}
		}
		if m := t.MatchN; m != nil {
			for _, a := range m.Alts {
				fieldPatterns(f, a)
			}
		}
		compilePatterns(f, f.patterns[t], t.Patterns)
		compilePatterns(f, f.notPatterns[t], t.NotPatterns)
	case model.ListKind, model.NullableKind:
		fieldPatterns(f, t.Elem)
		if t.Kind == model.ListKind {
			for _, c := range t.Contains {
				fieldPatterns(f, c.Match)
			}
		}
		if m := t.MatchN; t.Kind == model.ListKind && m != nil {
			for _, a := range m.Alts {
				fieldPatterns(f, a)
			}
		}
	case model.MapKind:
		if t.Map == nil {
			if t.Key != nil {
				fieldPatterns(f, t.Key)
			}
			fieldPatterns(f, t.Elem)
		}
	}
}

// objectValidate emits the validate walker behind Validate.
func objectValidate(f *goFile, o *model.Object) {
	w := f.wire()
	condPatterns(f, o)
	for _, fd := range structFields(o) {
		fieldPatterns(f, fd.Type)
	}
	for _, m := range o.Members {
		if m.Key != nil {
			fieldPatterns(f, m.Key)
		}
		fieldPatterns(f, m.Type)
	}
	for _, cd := range o.Conditionals {
		for _, n := range cd.Then {
			if n.Checks != nil {
				fieldPatterns(f, n.Checks)
			}
		}
	}
	f.decl()
	f.open("func (x *", o.GoName, ") validate(p *", w, ".Problems, path *", w, ".Path)")
	for _, fd := range structFields(o) {
		if !needsCheck(fd.Type) {
			continue
		}
		val := "x." + fd.GoName
		if fd.Optional {
			deref := f.value(fd, val)
			f.open("if ", f.present(fd, val))
			if fd.Type.Kind == model.UnionKind {
				unionCheck(f, fd.Type, val, "path", fd.Name, "at_"+fd.GoName, 0, false)
			} else {
				checks(f, fd.Type, deref, "path", fd.Name, "at_"+fd.GoName, 0)
			}
			f.close()
			continue
		}
		checks(f, fd.Type, val, "path", fd.Name, "at_"+fd.GoName, 0)
	}
	for _, a := range o.Absent {
		// A member that may never be present, set in Unknown or
		// Matching by hand: the decoder refuses it, and so does Validate.
		for _, held := range heldMaps(o) {
			f.open("if _, ok := x.", held, "[", quote(a.Name), "]; ok")
			f.p("p.Add(path, ", quote(a.Name), ", ", f.wire(), `.RuleAbsent, "%s", `, quote("must be absent: the schema allows no value here"), ")")
			f.close()
		}
	}
	if o.KeepsUnknown() {
		f.open("for _, k := range ", f.wire(), ".SortedKeys(x.", model.UnknownField, ")")
		f.open("if ", f.use("slices"), ".Contains(", helper("fields", o.GoName), ", k)")
		f.p("p.Add(path, k, ", f.wire(), `.RuleUnknown, "%s", `, quote("is a field of the schema, held in "+model.UnknownField+": set the field instead"), ")")
		if !o.AdmitsUnknown() {
			f.close(" else if !" + memberMatch(f, o, "k") + " {")
			f.depth++
			f.p("p.Add(path, k, ", f.wire(), `.RuleUnknown, "%s", `, quote("is not a member of "+o.GoName+": its name must match "+memberPatternList(o)), ")")
		}
		f.close()
		f.close()
	}
	for _, tm := range o.TypedMaps() {
		m := tm.Patterns[0]
		mm := "x." + tm.Field
		f.open("for _, k := range ", f.wire(), ".SortedKeys(", mm, ")")
		f.open("if ", f.use("slices"), ".Contains(", helper("fields", o.GoName), ", k)")
		f.p("p.Add(path, k, ", f.wire(), `.RuleUnknown, "%s", `, quote("is a field of the schema, held in "+tm.Field+": set the field instead"), ")")
		if m.Key != nil {
			f.close(" else if !(" + typedMatch(f, tm, "k") + ") {")
			f.depth++
			f.p("p.Add(path, k, ", f.wire(), `.RulePattern, "%s", `, quote("its name must match "+typedPatternList(tm)), ")")
		}
		f.close()
		if typed := tm.Patterns; len(typed) > 1 {
			// A member holds the type of every pattern its name matches,
			// as CUE unifies them.
			var checked []*model.MemberPattern
			for _, pm := range typed {
				if needsCheck(pm.Type) {
					checked = append(checked, pm)
				}
			}
			if len(checked) > 0 {
				f.p("el := ", mm, "[k]")
				f.p("at := path.Key(k)")
			}
			for _, pm := range checked {
				f.open("if ", f.patterns[pm.Key], ".MatchString(k)")
				checks(f, pm.Type, "el", "&at", "", "", 1)
				f.close()
			}
		} else if needsCheck(m.Type) {
			f.p("el := ", mm, "[k]")
			f.p("at := path.Key(k)")
			checks(f, m.Type, "el", "&at", "", "", 1)
		}
		f.close()
		if o.KeepsUnknown() {
			f.open("for _, k := range ", f.wire(), ".SortedKeys(x.", model.UnknownField, ")")
			f.open("if ", typedMatch(f, tm, "k"))
			f.p("p.Add(path, k, ", f.wire(), `.RuleUnknown, "%s", `, quote("is held in "+model.UnknownField+", but its name matches "+typedPatternList(tm)+": set it in "+tm.Field), ")")
			f.close()
			f.close()
		}
	}
	if o.MinFields != nil || o.MaxFields != nil {
		// struct.MinFields/MaxFields: every member present counts.
		required := 0
		for _, fd := range o.Fields {
			if !fd.Optional {
				required++ // a union variant's discriminator among them
			}
		}
		f.p("members := ", strconv.Itoa(required))
		for _, fd := range structFields(o) {
			if fd.Optional {
				f.open("if ", f.present(fd, "x."+fd.GoName))
				f.p("members++")
				f.close()
			}
		}
		for _, tm := range o.TypedMaps() {
			f.p("members += len(x.", tm.Field, ")")
		}
		if o.KeepsUnknown() {
			f.p("members += len(x.", model.UnknownField, ")")
		}
		if o.MinFields != nil {
			f.p(`p.MinProperties(path, "", members, `, strconv.Itoa(*o.MinFields), ")")
		}
		if o.MaxFields != nil {
			f.p(`p.MaxProperties(path, "", members, `, strconv.Itoa(*o.MaxFields), ")")
		}
	}
	readsJSON := len(o.MatchIfs) > 0 || slices.ContainsFunc(o.MatchNs, func(m *model.ObjectMatchN) bool {
		return slices.ContainsFunc(m.Alts, func(a *model.Type) bool { return a != nil })
	})
	if !readsJSON {
		// matchN(0, [_]) alone (matchIf(if, then, matchN(0, [_])), a
		// part no value meets): _ matches every object, counted without
		// its JSON.
		for _, m := range o.MatchNs {
			objectMatchN(f, m)
		}
	} else {
		// matchIf and matchN beside the fields: judged on the object's
		// JSON, as CUE judges the value, each part read from it by its
		// own decoder.
		f.open("if raw, err := x.AppendJSON(nil); err != nil")
		f.p(`p.Add(path, "", `, w, `.RuleType, "has no JSON to judge by its matchIf: %v", err)`)
		f.close(" else {")
		f.depth++
		for _, m := range o.MatchIfs {
			matchIfChecks(f, m, "raw", "path", "", "", 0, true)
		}
		for _, m := range o.MatchNs {
			objectMatchN(f, m)
		}
		f.close()
	}
	for _, rf := range o.Refusals {
		var conds []string
		for _, c := range rf.When {
			conds = append(conds, "x."+o.Field(c.Field).GoName+" == "+condValue(o, c))
		}
		f.open("if ", strings.Join(conds, " && "))
		f.p(`p.Add(path, "", `, w, `.RuleRefused, "%s", `, quote(refusalReason(o, rf)), ")")
		f.close()
	}
	for _, fb := range o.Forbids {
		ef := o.Field(fb.Field)
		var member string
		for _, m := range ef.Type.Enum.Members {
			if m.Value == fb.Value {
				member = m.GoName
			}
		}
		when := fmt.Sprintf("%s is %q", fb.Field, fb.Value)
		f.open("if x.", ef.GoName, " == ", member)
		for _, a := range fb.Absent {
			af := o.Field(a)
			f.p("p.Absent(path, ", quote(a), ", ", f.present(af, "x."+af.GoName), ", ", quote(when), ")")
		}
		f.close()
	}
	for i, cd := range o.Conditionals {
		conditional(f, o, cd, i)
	}
	sharedAbsent(f, o)
	condDefaultsAbsent(f, o)
	f.close()
}

// condValue is the Go value a condition compares its field with: an
// integer, an enum member's constant, or a quoted string.
func condValue(o *model.Object, c model.Cond) string {
	fd := o.Field(c.Field)
	switch {
	case fd.Type.BaseOf() == model.Int:
		return strconv.FormatInt(c.Int, 10)
	case fd.Type.BaseOf() == model.Number:
		return c.Str // an ordering's literal: 0.5
	case fd.Type.Kind == model.EnumKind:
		for _, m := range fd.Type.Enum.Members {
			if m.Value == c.Str {
				return m.GoName
			}
		}
	}
	return quote(c.Str)
}

// condExprs renders the conditions of an if clause as Go tests of x, to
// be joined by &&.
func condExprs(f *goFile, o *model.Object, when []model.Condition) []string {
	var conds []string
	for _, c := range when {
		if c.Test != model.TestAny {
			conds = append(conds, condExpr(f, o, c))
			continue
		}
		// kind == "a" || kind == "b", a == "x" || b == 2, (a == "x" &&
		// b == 2) || c
		alts := make([]string, len(c.Any))
		for i, a := range c.Any {
			if a.Test == model.TestAll {
				alts[i] = "(" + strings.Join(condExprs(f, o, a.All), " && ") + ")"
				continue
			}
			alts[i] = condExpr(f, o, a)
		}
		if len(when) == 1 {
			// alone: no parentheses, which gofmt would drop
			return []string{strings.Join(alts, " || ")}
		}
		conds = append(conds, "("+strings.Join(alts, " || ")+")")
	}
	return conds
}

// condExpr renders one condition other than a TestAny as a Go test of x.
func condExpr(f *goFile, o *model.Object, c model.Condition) string {
	fd := o.Field(c.Field)
	v := "x." + fd.GoName
	switch c.Test {
	case model.TestPresent:
		return f.present(fd, v)
	case model.TestAbsent:
		return f.absent(fd, v)
	}
	if defaulted, _ := c.Defaulted(o); defaulted {
		// mode: *"managed" | "scaffold": CUE tests the default
		// where the data leaves the field out, as its Get method
		// gives it.
		v = "x." + model.GetterName(fd) + "()"
	} else if fd.Optional {
		// if x != _|_ if x: its value, read after the test of its
		// presence, which && evaluates first.
		v = f.value(fd, v)
	}
	if c.Test == model.TestNull || c.Test == model.TestNotNull {
		// if n == null: a Nullable's Valid (through its pointer, which
		// a selector follows, where the field may be absent)
		if strings.HasPrefix(v, "*") {
			v = "(" + v + ")"
		}
		if c.Test == model.TestNull {
			return "!" + v + ".Valid"
		}
		return v + ".Valid"
	}
	if c.Test == model.TestContains || c.Test == model.TestNotContains {
		// if list.Contains(tags, "x")
		test := f.use("slices") + ".Contains(" + v + ", " + goLiteral(f, fd.Type.Elem, c.Str) + ")"
		if c.Test == model.TestNotContains {
			return "!" + test
		}
		return test
	}
	return valueTest(o, c, v)
}

// eachCondition calls fn with every test o's if clauses make (each of an
// ||'s tests), in order: its conditionals', then its fields' defaults'.
func eachCondition(o *model.Object, fn func(model.Condition)) {
	var each func(when []model.Condition)
	each = func(when []model.Condition) {
		for _, c := range when {
			if c.Test == model.TestAny || c.Test == model.TestAll {
				each(c.Any)
				each(c.All)
				continue
			}
			fn(c)
		}
	}
	for _, cd := range o.Conditionals {
		each(cd.When)
	}
	for _, fd := range o.Fields {
		for _, c := range fd.CondDefaults {
			each(c.When)
		}
	}
}

// condPatternName names the compiled wire.Pattern of re, a pattern an if
// clause of o tests a field with (if name =~ "^a"): pattern_<Object>_when<k>,
// k its place among the distinct patterns o's clauses test (a field's
// GoName starts in upper case, so no field's pattern meets it).
func condPatternName(o *model.Object, re string) string {
	var seen []string
	eachCondition(o, func(c model.Condition) {
		if (c.Test == model.TestMatch || c.Test == model.TestNotMatch) && !slices.Contains(seen, c.Str) {
			seen = append(seen, c.Str)
		}
	})
	return helper("pattern", o.GoName+"_when"+strconv.Itoa(slices.Index(seen, re)+1))
}

// condPatterns emits the compiled wire.Pattern of each pattern o's if
// clauses test a field with, ahead of the code that tests them.
func condPatterns(f *goFile, o *model.Object) {
	eachCondition(o, func(c model.Condition) {
		if c.Test == model.TestMatch || c.Test == model.TestNotMatch {
			compilePatterns(f, condPatternName(o, c.Str), []string{c.Str})
		}
	})
}

// valueTest is the Go test c, one of a field's value, makes of v.
func valueTest(o *model.Object, c model.Condition, v string) string {
	if c.Len {
		// if len(tags) > 0
		return "len(" + v + ") " + c.Test.Operator() + " " + strconv.FormatInt(c.Int, 10)
	}
	switch c.Test {
	case model.TestMatch, model.TestNotMatch:
		if t := o.Field(c.Field).Type; t.Kind != model.BasicKind || t.Base != model.String {
			v = "string(" + v + ")" // an enum's, a named string's Go type
		}
		test := condPatternName(o, c.Str) + ".MatchString(" + v + ")"
		if c.Test == model.TestNotMatch {
			return "!" + test
		}
		return test
	case model.TestTrue:
		return v
	case model.TestFalse:
		return "!" + v
	case model.TestLess, model.TestLessEq, model.TestGreater, model.TestGreaterEq:
		op, _ := c.Test.Order()
		return v + " " + op + " " + condValue(o, c.Cond)
	case model.TestNotEqual:
		return v + " != " + condValue(o, c.Cond)
	}
	return v + " == " + condValue(o, c.Cond)
}

// condDefaultsAbsent emits Validate's check of a field that if clauses
// give defaults (model.CondDefault): where the data leaves it out and no
// default applies, it is required.
func condDefaultsAbsent(f *goFile, o *model.Object) {
	for _, fd := range o.Fields {
		if !fd.RequiredUnlessDefault(o) {
			continue
		}
		tests := []string{f.absent(fd, "x."+fd.GoName)}
		for _, c := range fd.CondDefaults {
			tests = append(tests, "!("+strings.Join(condExprs(f, o, c.When), " && ")+")")
		}
		f.open("if ", strings.Join(tests, " && "))
		f.p("p.Add(path, ", quote(fd.Name), ", ", f.wire(), `.RuleRequired, "%s", `, quote(fd.MissingUnlessDefault(o)), ")")
		f.close()
	}
}

// conditional emits the checks of an if clause that declares or narrows
// fields: while its conditions hold, each narrowing's; while they do not,
// the absence of every field it alone declares.
func conditional(f *goFile, o *model.Object, cd *model.Conditional, i int) {
	conds := condExprs(f, o, cd.When)
	when := cd.Describe(o)
	if cd.Refuses {
		f.open("if ", strings.Join(conds, " && "))
		f.p(`p.Add(path, "", `, f.wire(), `.RuleRefused, "%s", `, quote(model.RefusedWhen(o, cd)), ")")
		f.close()
		return
	}
	var then, declared []*model.Narrowing
	for _, n := range cd.Then {
		if n.Required || n.Absent || n.Const != nil || n.MinItems != nil || n.Checks != nil {
			then = append(then, n)
		}
		if n.Declared && !o.SharedDeclared(n.Path[0]) {
			declared = append(declared, n) // (one several declare: sharedAbsent)
		}
	}
	absent := func() {
		for _, n := range declared {
			fd := o.Field(n.Path[0])
			f.p("p.Absent(path, ", quote(fd.Name), ", ", f.present(fd, "x."+fd.GoName), ", ", quote(cd.DescribeNot(o)), ")")
		}
	}
	if len(then) == 0 {
		// Only fields the clause declares, with nothing more to check
		// while it holds: their absence while it does not.
		if len(conds) == 1 && cd.When[0].Test == model.TestTrue {
			f.open("if !", conds[0])
		} else {
			f.open("if !(", strings.Join(conds, " && "), ")")
		}
		absent()
		f.close()
		return
	}
	f.open("if ", strings.Join(conds, " && "))
	for j, n := range then {
		narrowing(f, o, n, when, fmt.Sprintf("%d_%d", i, j))
	}
	if len(declared) > 0 {
		f.close(" else {")
		f.depth++
		absent()
	}
	f.close()
}

// sharedAbsent emits the absence of each field several if clauses
// declare (if kind == "a" {extra?: string}, if kind == "b" {extra?:
// string}) where none of them holds.
func sharedAbsent(f *goFile, o *model.Object) {
	for _, fd := range o.Fields {
		if !o.SharedDeclared(fd.Name) {
			continue
		}
		var tests []string
		for _, cd := range o.Declarers(fd.Name) {
			tests = append(tests, "!("+strings.Join(condExprs(f, o, cd.When), " && ")+")")
		}
		f.open("if ", strings.Join(tests, " && "))
		f.p("p.Absent(path, ", quote(fd.Name), ", ", f.present(fd, "x."+fd.GoName), ", ", quote(o.DescribeDeclared(fd.Name, true)), ")")
		f.close()
	}
}

// narrowing emits the checks of one narrowing: the field at its path
// present when Required, and when present its constant or its least
// number of items. An optional object on the way that is absent holds
// nothing to check (its own narrowing, if any, requires it).
func narrowing(f *goFile, o *model.Object, n *model.Narrowing, when, id string) {
	w := f.wire()
	recv, at, opened := "x", "path", 0
	cur := o
	for i, step := range n.Path[:len(n.Path)-1] {
		fd := cur.Field(step)
		val := recv + "." + fd.GoName
		if fd.Optional {
			f.open("if ", f.present(fd, val))
			opened++
		}
		v := "at_if" + id + "_" + strconv.Itoa(i)
		f.p(v, " := ", at, ".Member(", quote(step), ")")
		recv, at, cur = val, "&"+v, fd.Type.Object
	}
	name := n.Path[len(n.Path)-1]
	fd := cur.Field(name)
	val := recv + "." + fd.GoName
	if n.Absent {
		// An optional field: a pointer, or a slice or map that is nil
		// where absent, as Absent checks of a forbidden field.
		f.p("p.Absent(", at, ", ", quote(name), ", ", f.present(fd, val), ", ", quote(when), ")")
	}
	narrows := n.Const != nil || n.MinItems != nil || n.Checks != nil
	if fd.Optional {
		switch {
		case n.Required:
			f.open("if ", f.absent(fd, val))
			f.p("p.Add(", at, ", ", quote(name), ", ", w, `.RuleRequired, "%s", `, quote("must be present when "+when), ")")
			if narrows {
				f.close(" else {")
				f.depth++
			}
			opened++
		case narrows:
			f.open("if ", f.present(fd, val))
			opened++
		}
	}
	deref := val // the value, where the field is present
	if fd.Optional {
		deref = f.value(fd, val)
	}
	if n.Const != nil {
		lit := constLit(n.Const)
		f.open("if ", deref, " != ", lit)
		f.p("p.Add(", at, ", ", quote(name), ", ", w, `.RuleConst, "%s", `, quote("must be "+lit+" when "+when), ")")
		f.close()
	}
	if n.MinItems != nil {
		f.p("p.MinItems(", at, ", ", quote(name), ", len(", val, "), ", strconv.Itoa(*n.MinItems), ")")
	}
	if n.Checks != nil {
		checks(f, n.Checks, deref, at, name, "at_if"+id, 0)
	}
	for ; opened > 0; opened-- {
		f.close()
	}
}

// refusalReason is the problem a refused combination reports: what it is
// and, from the schema's comment, why.
func refusalReason(o *model.Object, rf *model.Refusal) string {
	reason := "must not have " + rf.Describe(o)
	if why := strings.TrimSuffix(strings.Join(strings.Fields(rf.Doc), " "), "."); why != "" {
		r, n := utf8.DecodeRuneInString(why)
		reason += ": " + string(unicode.ToLower(r)) + why[n:]
	}
	return reason
}

// needsCheck reports whether a value of t has anything to validate.
func needsCheck(t *model.Type) bool {
	if t.HoldsItself() {
		return true // its own validate, as an object's
	}
	switch t.Kind {
	case model.EnumKind, model.ObjectKind, model.UnionKind, model.OneOfKind, model.TupleKind:
		return true
	case model.ScalarKind:
		return needsValidator(t.Scalar)
	case model.ConstKind:
		return true
	case model.BasicKind:
		return !checked(t.Constraints).IsZero() || t.Base == model.Date || len(t.Choice) > 0
	case model.ListKind:
		return t.MinItems != nil || t.MaxItems != nil || len(t.Lengths) > 0 || t.UniqueItems || len(t.Contains) > 0 || t.MatchN != nil || needsCheck(t.Elem)
	case model.NullableKind:
		return needsCheck(t.Elem)
	case model.MapKind:
		return t.Key != nil || t.MinFields != nil || t.MaxFields != nil || needsCheck(t.Elem)
	case model.AnyKind:
		return t.Checked()
	}
	return false
}

func needsValidator(s *model.Scalar) bool {
	return !checked(s.Constraints).IsZero() || s.Base == model.Date
}

// checked is c without int64's own bounds, which hold of every int64:
// what Validate has to check.
func checked(c model.Constraints) model.Constraints {
	if c.Min != nil && *c.Min == math.MinInt64 {
		c.Min = nil
	}
	if c.Max != nil && *c.Max == math.MaxInt64 {
		c.Max = nil
	}
	if c.Uint64 {
		// A uint64 holds 0 to 2^64-1: a Min above 0 is checked
		// (MinUint), and a bound of its own (MaxUint), nothing else.
		if c.Min != nil && *c.Min == 0 {
			c.Min = nil
		}
		c.Uint64 = c.Min != nil || c.UintMax != nil
	}
	return c
}

// checks writes the statements validating v, a value of type t at member
// of path (member "" for path itself). v is addressable for objects (their
// validate has a pointer receiver). stepVar names the variable holding the
// step to member when one is needed, unique within the walker; depth names
// nested loop variables.
func checks(f *goFile, t *model.Type, v, path, member, stepVar string, depth int) {
	mem := quote(member)
	// step declares, when needed, the path of the value itself and returns
	// the *wire.Path and the expression to call Path's methods on.
	step := func() (ptr, recv string) {
		if member == "" {
			if depth > 0 { // path is &el of the enclosing loop
				return path, "(" + path + ")"
			}
			return path, path
		}
		f.p(stepVar, " := ", path, ".Member(", mem, ")")
		return "&" + stepVar, stepVar
	}
	switch t.Kind {
	case model.EnumKind:
		recv := v
		if strings.HasPrefix(v, "*") {
			recv = "(" + v + ")" // an optional member, dereferenced
		}
		f.p("p.Enum(", path, ", ", mem, ", ", recv, ".Valid(), string(", v, "), ", quote(t.Enum.GoName), ")")
	case model.ObjectKind, model.OneOfKind:
		ptr, _ := step()
		f.p(v, ".validate(p, ", ptr, ")")
	case model.MapKind:
		if t.HoldsItself() {
			selfValidate(f, v, step) // a map that holds itself (namedMap)
			return
		}
		mapChecks(f, t, v, path, member, stepVar, depth, step)
	case model.TupleKind:
		// list.MinItems/MaxItems count every item, leading and rest.
		n := strconv.Itoa(len(t.Tuple.Items))
		if t.Tuple.Rest != nil {
			n += " + len(" + v + "." + model.RestGoName + ")"
		}
		if t.MinItems != nil {
			f.p("p.MinItems(", path, ", ", mem, ", ", n, ", ", strconv.Itoa(*t.MinItems), ")")
		}
		if t.MaxItems != nil {
			f.p("p.MaxItems(", path, ", ", mem, ", ", n, ", ", strconv.Itoa(*t.MaxItems), ")")
		}
		if t.UniqueItems {
			// Items of their own types: compared as JSON values.
			var keys []string
			for i := range t.Tuple.Items {
				keys = append(keys, f.wire()+".JSONKey(&"+v+"."+model.ItemGoName(i)+")")
			}
			list := "[]string{" + strings.Join(keys, ", ") + "}"
			if t.Tuple.Rest != nil {
				list = "append(" + list + ", " + f.wire() + ".JSONKeys(" + v + "." + model.RestGoName + ")...)"
			}
			f.p(f.wire(), ".UniqueItems(p, ", path, ", ", mem, ", ", list, ")")
		}
		ptr, _ := step()
		f.p(v, ".validate(p, ", ptr, ")")
	case model.UnionKind:
		unionCheck(f, t, v, path, member, stepVar, depth, true)
	case model.ScalarKind:
		f.p(helper("validate", t.Scalar.GoName), "(p, ", path, ", ", mem, ", ", v, ")")
	case model.BasicKind:
		if len(t.Choice) > 0 {
			choiceChecks(f, t, v, path, member, stepVar, depth)
			return
		}
		constraintChecks(f, t.Base, t.Constraints, v, path, mem, f.patterns[t], f.notPatterns[t])
		if t.MatchIf != nil {
			matchIfChecks(f, t.MatchIf, v, path, member, stepVar, depth, false)
		}
		if t.MatchN != nil {
			scalarMatchN(f, t.MatchN, v, path, member, stepVar, depth)
		}
	case model.NullableKind:
		recv := v
		if strings.HasPrefix(v, "*") {
			recv = "(" + v + ")" // an optional member, dereferenced
		}
		f.open("if ", recv, ".Valid")
		checks(f, t.Elem, recv+".V", path, member, stepVar, depth)
		f.close()
	case model.AnyKind:
		if t.NotNull {
			// Any JSON value but null: the raw value is never the four
			// bytes null (nil, absent, is not null).
			f.open("if string(", v, `) == "null"`)
			f.p("p.Add(", path, ", ", mem, ", ", f.wire(), `.RuleNot, "%s", "must not be null")`)
			f.close()
		}
		if t.MatchIf != nil {
			matchIfChecks(f, t.MatchIf, v, path, member, stepVar, depth, true)
		}
		if t.MatchN != nil {
			anyMatchN(f, t.MatchN, v, path, member, stepVar, depth)
		}
	case model.ConstKind:
		lit := constLit(t)
		f.open("if ", v, " != ", lit)
		f.p("p.Add(", path, ", ", mem, ", ", f.wire(), `.RuleConst, "%s", `, quote("must be "+lit), ")")
		f.close()
	case model.ListKind:
		if t.HoldsItself() {
			selfValidate(f, v, step) // a list that holds itself (alias)
			return
		}
		listChecks(f, t, v, path, member, stepVar, depth, step)
	}
}

// listChecks writes the statements validating v, a list of type t: its
// count of items, their uniqueness, each item (checks), list.MatchN and
// the count of its list alternatives.
func listChecks(f *goFile, t *model.Type, v, path, member, stepVar string, depth int, step func() (ptr, recv string)) {
	mem := quote(member)
	if t.MinItems != nil {
		f.p("p.MinItems(", path, ", ", mem, ", len(", v, "), ", strconv.Itoa(*t.MinItems), ")")
	}
	if t.MaxItems != nil {
		f.p("p.MaxItems(", path, ", ", mem, ", len(", v, "), ", strconv.Itoa(*t.MaxItems), ")")
	}
	if len(t.Lengths) > 0 {
		counts := make([]string, len(t.Lengths))
		for i, n := range t.Lengths {
			counts[i] = strconv.Itoa(n)
		}
		f.p("p.ItemCounts(", path, ", ", mem, ", len(", v, "), ", strings.Join(counts, ", "), ")")
	}
	if t.UniqueItems {
		switch {
		case t.Elem.Kind == model.OneOfKind && model.ScalarItems(t.Elem):
			// Items of several kinds: compared by the value each holds.
			f.p(f.wire(), ".UniqueItemsBy(p, ", path, ", ", mem, ", ", v, ", (*", t.Elem.OneOf.GoName, ").key)")
		case !model.ScalarItems(t.Elem):
			// Objects, lists, any JSON: compared as JSON values.
			f.p(f.wire(), ".UniqueItemsBy(p, ", path, ", ", mem, ", ", v, ", ", f.wire(), ".JSONKey[", goType(f, t.Elem, false), "])")
		default:
			f.p(f.wire(), ".UniqueItems(p, ", path, ", ", mem, ", ", v, ")")
		}
	}
	if needsCheck(t.Elem) {
		_, recv := step()
		i, el := loopVar("i", depth), loopVar("el", depth)
		f.open("for ", i, " := range ", v)
		f.p(el, " := ", recv, ".Index(", i, ")")
		checks(f, t.Elem, v+"["+i+"]", "&"+el, "", "", depth+1)
		f.close()
	}
	for _, c := range t.Contains {
		containsChecks(f, t, c, v, path, member, stepVar, depth)
	}
	if t.MatchN != nil {
		listMatchN(f, t.MatchN, v, path, member, stepVar, depth)
	}
}

// mapChecks writes the statements validating v, a map of type t: its
// count of members, its keys' patterns and its values (checks).
func mapChecks(f *goFile, t *model.Type, v, path, member, stepVar string, depth int, step func() (ptr, recv string)) {
	mem := quote(member)
	if !needsCheck(t) {
		return
	}
	if t.MinFields != nil {
		f.p("p.MinProperties(", path, ", ", mem, ", len(", v, "), ", strconv.Itoa(*t.MinFields), ")")
	}
	if t.MaxFields != nil {
		f.p("p.MaxProperties(", path, ", ", mem, ", len(", v, "), ", strconv.Itoa(*t.MaxFields), ")")
	}
	if t.Key == nil && !needsCheck(t.Elem) {
		return
	}
	_, recv := step()
	k, e, el, mark := loopVar("k", depth), loopVar("e", depth), loopVar("el", depth), loopVar("mark", depth)
	body := func() {
		f.p(el, " := ", recv, ".Key(", k, ")")
		if t.Key != nil {
			// [=~"re"]: T: every key matches each re, one check
			// apiece, as a string's patterns are.
			for i, re := range t.Key.Patterns {
				f.open("if !", nthPattern(f.patterns[t.Key], i), ".MatchString(", k, ")")
				f.p("p.Add(&", el, `, "", `, f.wire(), `.RulePattern, "%s", `, quote("its name must match "+re), ")")
				f.close()
			}
			// [!~"re"]: T: no key matches any re.
			for i, re := range t.Key.NotPatterns {
				f.open("if ", nthPattern(f.notPatterns[t.Key], i), ".MatchString(", k, ")")
				f.p("p.Add(&", el, `, "", `, f.wire(), `.RulePattern, "%s", `, quote("its name must not match "+re), ")")
				f.close()
			}
			// [string & strings.MaxRunes(63)]: T: every key's
			// characters counted, as a string's.
			if n := t.Key.MinRunes; n != nil {
				f.p("p.MinRunes(&", el, `, "", `, k, ", ", strconv.Itoa(*n), ")")
			}
			if n := t.Key.MaxRunes; n != nil {
				f.p("p.MaxRunes(&", el, `, "", `, k, ", ", strconv.Itoa(*n), ")")
			}
		}
		if needsCheck(t.Elem) {
			checks(f, t.Elem, e, "&"+el, "", "", depth+1)
		}
	}
	// The values are looked at only when they need a check.
	kv, value := k+", "+e, func() { f.p(e, " := ", v, "[", k, "]") }
	if !needsCheck(t.Elem) {
		kv, value = k, func() {}
	}
	// Walk in the map's order first, which costs nothing; only when
	// that finds a problem, walk again in key order, so the report is
	// the same every time. A map nested in another is walked once, in
	// the way its enclosing map's walk is: that walk's second pass
	// covers it, and a second pass at every level would double the
	// code per level of nesting.
	switch f.mapWalk {
	case walkUnordered:
		f.open("for ", kv, " := range ", v)
		body()
		f.close()
	case walkSorted:
		f.open("for _, ", k, " := range ", f.wire(), ".SortedKeys(", v, ")")
		value()
		body()
		f.close()
	default:
		// A block of its own: an object's next map walk declares
		// its mark again.
		f.p("{")
		f.depth++
		f.p(mark, " := p.Len()")
		f.mapWalk = walkUnordered
		f.open("for ", kv, " := range ", v)
		body()
		f.close()
		f.open("if p.Len() > ", mark)
		f.p("p.Truncate(", mark, ")")
		f.mapWalk = walkSorted
		f.open("for _, ", k, " := range ", f.wire(), ".SortedKeys(", v, ")")
		value()
		body()
		f.close()
		f.close()
		f.depth--
		f.p("}")
		f.mapWalk = walkNone
	}
}

// choiceChecks validates v against a choice among constraints: each
// alternative's checks in turn, its problems rolled back when it fails,
// until one admits v; when none does, one problem saying what v must be.
func choiceChecks(f *goFile, t *model.Type, v, path, member, stepVar string, depth int) {
	mark := loopVar("choice", depth)
	f.p("{")
	f.depth++
	f.p(mark, " := p.Len()")
	for i, a := range t.Choice {
		if i > 0 {
			f.p("p.Truncate(", mark, ")")
		}
		checks(f, a, v, path, member, stepVar, depth)
		f.open("if p.Len() > ", mark)
	}
	f.p("p.Truncate(", mark, ")")
	f.p("p.Add(", path, ", ", quote(member), ", ", f.wire(), `.RuleAnyOf, "%s", `, quote("must be "+describeChoice(t)), ")")
	for range t.Choice {
		f.close()
	}
	f.depth--
	f.p("}")
}

// containsChecks counts the items of the list v that a list.MatchN's
// (c's) T admits, each judged by T's checks with their problems rolled back
// (as a choice's alternatives are), and reports a count out of bounds
// under the rule minItems or maxItems: what is counted is items.
func containsChecks(f *goFile, t *model.Type, c *model.Contains, v, path, member, stepVar string, depth int) {
	mark, n, i := loopVar("mark", depth), loopVar("n", depth), loopVar("i", depth)
	what := describeMatch(c.Match)
	f.p("{")
	f.depth++
	f.p(mark, ", ", n, " := p.Len(), 0")
	f.open("for ", i, " := range ", v)
	if t.Elem.Kind == model.ObjectKind {
		// An object item is judged as the JSON it is, as CUE judges it.
		raw := loopVar("raw", depth)
		f.open("if ", raw, ", err := ", v, "[", i, "].AppendJSON(nil); err != nil")
		f.p("p.Add(", path, ", ", quote(member), ", ", f.wire(), `.RuleType, "has no JSON to judge: %v", err)`)
		f.close(" else {")
		f.depth++
		matchChecks(f, c.Match, raw, path, member, stepVar, depth+1, true)
		f.close()
	} else {
		matchChecks(f, c.Match, v+"["+i+"]", path, member, stepVar, depth+1, t.Elem.Kind == model.AnyKind)
	}
	f.open("if p.Len() == ", mark)
	f.p(n, "++")
	f.close()
	f.p("p.Truncate(", mark, ")")
	f.close()
	if c.Min != nil {
		f.open("if ", n, " < ", strconv.Itoa(*c.Min))
		f.p("p.Add(", path, ", ", quote(member), ", ", f.wire(), `.RuleMinItems, "%s", `, quote("must have at least "+items(*c.Min)+" ("+what+")"), ")")
		f.close()
	}
	if c.Max != nil {
		f.open("if ", n, " > ", strconv.Itoa(*c.Max))
		f.p("p.Add(", path, ", ", quote(member), ", ", f.wire(), `.RuleMaxItems, "%s", `, quote("must have at most "+items(*c.Max)+" ("+what+")"), ")")
		f.close()
	}
	f.depth--
	f.p("}")
}

// objectMatchN writes the count of an object's matchN: each alternative
// judged on the object's JSON (raw) by its own decoder and checks, its
// problems rolled back, and one problem when the count is not the one
// the schema states. Of allOf, every alternative's problems are kept.
func objectMatchN(f *goFile, m *model.ObjectMatchN) {
	if m.Keyword() == "allOf" {
		for _, a := range m.Alts {
			if a != nil {
				matchChecks(f, a, "raw", "path", "", "", 0, true)
			}
		}
		return
	}
	countChecks(f, m, "path", "", 0, m.Describe(), func(a *model.Type) {
		matchChecks(f, a, "raw", "path", "", "", 1, true)
	})
}

// scalarMatchN writes the count of matchN(1, alts) on a scalar v:
// each alternative's checks run on v, and exactly one must pass.
func scalarMatchN(f *goFile, m *model.ObjectMatchN, v, path, member, stepVar string, depth int) {
	var list []string
	for _, a := range m.Alts {
		list = append(list, describeMatch(a))
	}
	countChecks(f, m, path, member, depth, strings.Join(list, "; "), func(a *model.Type) {
		checks(f, a, v, path, member, stepVar, depth+1)
	})
}

// anyMatchN writes the count of matchN(0, alts) or matchN(n, alts) of all
// n on v, raw JSON of any type: each alternative reads and judges v as a
// part of a match (matchChecks); of allOf, every alternative's problems
// are v's, of none, one problem when any matches.
func anyMatchN(f *goFile, m *model.ObjectMatchN, v, path, member, stepVar string, depth int) {
	if m.Keyword() == "allOf" {
		for _, a := range m.Alts {
			if a != nil {
				matchChecks(f, a, v, path, member, stepVar, depth, true)
			}
		}
		return
	}
	var list []string
	for _, a := range m.Alts {
		list = append(list, describeMatch(a))
	}
	countChecks(f, m, path, member, depth, strings.Join(list, "; "), func(a *model.Type) {
		matchChecks(f, a, v, path, member, stepVar, depth+1, true)
	})
}

// listMatchN writes the count of the list alternatives of a choice on
// the list v of raw items ([...string] | [...int]): the list is read
// whole, as its JSON (wire.ListJSON), by each alternative's decoder and
// checks (matchChecks), as CUE unifies it with each.
func listMatchN(f *goFile, m *model.ObjectMatchN, v, path, member, stepVar string, depth int) {
	raw := loopVar("list", depth)
	var list []string
	for _, a := range m.Alts {
		list = append(list, describeMatch(a))
	}
	f.p("{")
	f.depth++
	f.p(raw, " := ", f.wire(), ".ListJSON(", v, ")")
	countChecks(f, m, path, member, depth, strings.Join(list, "; "), func(a *model.Type) {
		matchChecks(f, a, raw, path, member, stepVar, depth+1, true)
	})
	f.depth--
	f.p("}")
}

// countChecks writes a count of matchN alternatives (oneOf, anyOf or
// none): check writes an alternative's checks, whose problems are
// rolled back, counted when there are none; one problem at path's member
// when the count is not the schema's, list saying what the alternatives
// are. _ (nil) matches every value.
func countChecks(f *goFile, m *model.ObjectMatchN, path, member string, depth int, list string, check func(a *model.Type)) {
	w := f.wire()
	matched, mark := loopVar("matched", depth), loopVar("mark", depth)
	f.p("{")
	f.depth++
	f.p(matched, " := 0")
	for _, a := range m.Alts {
		if a == nil {
			f.p(matched, "++ // _ matches every object")
			continue
		}
		f.p("{")
		f.depth++
		f.p(mark, " := p.Len()")
		check(a)
		f.open("if p.Len() == ", mark)
		f.p(matched, "++")
		f.close()
		f.p("p.Truncate(", mark, ")")
		f.depth--
		f.p("}")
	}
	at := path + ", " + quote(member)
	switch m.Keyword() {
	case "oneOf":
		f.open("if ", matched, " != 1")
		f.p("p.Add(", at, ", ", w, `.RuleOneOf, "must match exactly one of: %s (matches %d)", `, quote(list), ", ", matched, ")")
	case "anyOf":
		f.open("if ", matched, " == 0")
		f.p("p.Add(", at, ", ", w, `.RuleAnyOf, "must match at least one of: %s", `, quote(list), ")")
	case "not":
		f.open("if ", matched, " != 0")
		f.p("p.Add(", at, ", ", w, `.RuleNot, "must match none of: %s (matches %d)", `, quote(list), ", ", matched, ")")
	}
	f.close()
	f.depth--
	f.p("}")
}

// matchIfChecks judges v by matchIf(if, then, else): the if's checks,
// their problems rolled back, choose whether the then's or the else's
// checks apply, whose problems are v's. raw: v is a value of any type,
// held as raw JSON (matchChecks).
func matchIfChecks(f *goFile, m *model.MatchIf, v, path, member, stepVar string, depth int, raw bool) {
	mark, holds := loopVar("mark", depth), loopVar("holds", depth)
	f.p("{")
	f.depth++
	f.p(mark, " := p.Len()")
	matchChecks(f, m.If, v, path, member, stepVar, depth+1, raw)
	f.p(holds, " := p.Len() == ", mark)
	f.p("p.Truncate(", mark, ")")
	switch {
	case m.Then != nil && m.Else != nil:
		f.open("if ", holds)
		matchChecks(f, m.Then, v, path, member, stepVar, depth+1, raw)
		f.close(" else {")
		f.depth++
		matchChecks(f, m.Else, v, path, member, stepVar, depth+1, raw)
		f.close()
	case m.Then != nil:
		f.open("if ", holds)
		matchChecks(f, m.Then, v, path, member, stepVar, depth+1, raw)
		f.close()
	case m.Else != nil:
		f.open("if !", holds)
		matchChecks(f, m.Else, v, path, member, stepVar, depth+1, raw)
		f.close()
	default:
		f.p("_ = ", holds) // matchIf(if, _, _) admits every value
	}
	f.depth--
	f.p("}")
}

// matchChecks writes the checks of T of matchIf or list.MatchN (t) on v.
// When v is a value of a type of its own, they are t's checks. When v is
// raw JSON (a value of any type, raw), v is first read as a value of t by
// t's own decoder (wire.As), which tells its kind and its fields, as CUE
// unifies the value with T: a value t's decoder refuses is one problem
// (rule type), one it reads is judged by t's checks.
func matchChecks(f *goFile, t *model.Type, v, path, member, stepVar string, depth int, raw bool) {
	if !raw {
		checks(f, t, v, path, member, stepVar, depth)
		return
	}
	m, ok := loopVar("m", depth), loopVar("ok", depth)
	as := f.wire() + ".As(p, " + path + ", " + quote(member) + ", " + v + ", " + quote(describeMatch(t)) + ", " + readFunc(f, t) + ")"
	if !needsCheck(t) {
		f.p(as)
		return
	}
	f.open("if ", m, ", ", ok, " := ", as, "; ", ok)
	checks(f, t, m, path, member, stepVar, depth)
	f.close()
}

// describeKind says what a value of t is, by its JSON kind, for a
// problem's message.
func describeKind(t *model.Type) string {
	switch t.Kind {
	case model.NullKind:
		return "null"
	case model.AnyKind:
		return "any JSON value"
	case model.NullableKind:
		return describeKind(t.Elem) + " or null"
	}
	if t.BaseOf() == model.Int {
		return "an integer"
	}
	if w := kindWords[t.JSONKind()]; w != "" {
		return w
	}
	return "a value of several kinds"
}

// items is "1 item" or "n items".
func items(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}

// describeMatch says what list.MatchN's T admits, for a problem's
// message: a constant, or its base and constraints.
func describeMatch(t *model.Type) string {
	switch t.Kind {
	case model.ConstKind:
		return t.ConstJSON()
	case model.ObjectKind:
		return "an object " + t.Object.GoName
	case model.ListKind:
		return "a list, each item " + describeMatch(t.Elem)
	case model.TupleKind:
		return "a list " + t.Tuple.GoName
	case model.AnyKind:
		if m := t.MatchN; m != nil {
			return m.Words(describeMatch) // a count of its own, a part of another's
		}
		return describeKind(t)
	case model.BasicKind:
		if checked(t.Constraints).IsZero() {
			return describeKind(t) // string alone, on a value of any type
		}
	default:
		return describeKind(t)
	}
	return describeBase(t.Base, checked(t.Constraints))
}

// describeChoice says what a choice among constraints admits: "" or at
// least 1 character, at most 4096 characters.
func describeChoice(t *model.Type) string {
	var alts []string
	for _, a := range t.Choice {
		if a.Kind == model.ConstKind {
			alts = append(alts, a.ConstJSON())
			continue
		}
		alts = append(alts, describeBase(a.Base, checked(a.Constraints)))
	}
	return "one of: " + strings.Join(alts, "; ")
}

// mapWalk is how the validation of a map visits its keys.
type mapWalk int

const (
	walkNone      mapWalk = iota // not inside a map: walk, and walk again sorted on a problem
	walkUnordered                // inside an enclosing map's first, unordered walk
	walkSorted                   // inside an enclosing map's second walk, in key order
)

// unionCheck validates v, a value of a union's interface type, at member of
// path: the variant's own validate. mayBeNil says v can be nil there (a
// required field, a list element, a map value), which is then a problem:
// the JSON has no value that decodes to it.
func unionCheck(f *goFile, t *model.Type, v, path, member, stepVar string, depth int, mayBeNil bool) {
	mem := quote(member)
	ptr := path
	if mayBeNil {
		f.open("if ", v, " == nil")
		f.p("p.Add(", path, ", ", mem, ", ", f.wire(), `.RuleRequired, "%s", `, quote("is nil: it must hold one of "+t.Union.GoName+"'s variants"), ")")
		f.close(" else {")
		f.depth++
		defer f.close()
	}
	if member != "" {
		f.p(stepVar, " := ", path, ".Member(", mem, ")")
		ptr = "&" + stepVar
	}
	f.p(v, ".validate(p, ", ptr, ")")
	if t.Union.Untagged() {
		// No constant field tells the variants apart: a value built in Go
		// may also fit another variant, which its JSON would then read as.
		f.p(f.wire(), ".One(p, ", ptr, ", \"\", ", v, ", ", decodeFunc(t.Union.GoName), ")")
	}
}

// constraintChecks validates a basic value against c. pattern and
// notPattern name the compiled wire.Pattern variables of its =~ and !~.
func constraintChecks(f *goFile, base model.Base, c model.Constraints, v, path, member, pattern, notPattern string) {
	call := func(name string, args ...string) {
		f.p("p.", name, "(", path, ", ", member, ", ", strings.Join(args, ", "), ")")
	}
	if c.MinRunes != nil {
		call("MinRunes", v, strconv.Itoa(*c.MinRunes))
	}
	if c.MaxRunes != nil {
		call("MaxRunes", v, strconv.Itoa(*c.MaxRunes))
	}
	for i := range c.Patterns { // one check per pattern: each must match
		call("Pattern", v, nthPattern(pattern, i))
	}
	for i := range c.NotPatterns {
		call("NotPattern", v, nthPattern(notPattern, i))
	}
	for _, lit := range c.Not {
		goLit := lit
		if strings.HasPrefix(lit, `"`) {
			var s string
			json.Unmarshal([]byte(lit), &s)
			goLit = escape.GoString(s)
		}
		call("NotEqual", v+" == "+goLit, quote(lit))
	}
	c = checked(c)
	if c.Min != nil && c.Uint64 {
		call("MinUint", v, strconv.FormatInt(*c.Min, 10))
	} else if c.Min != nil {
		call("Min", v, strconv.FormatInt(*c.Min, 10))
	}
	if c.Max != nil {
		call("Max", v, strconv.FormatInt(*c.Max, 10))
	} else if c.Uint64 && c.UintMax != nil {
		call("MaxUint", v, c.UintMaxText())
	}
	if c.MinNum != nil {
		call("MinNum", v, floatLit(*c.MinNum), strconv.FormatBool(c.MinExclusive))
	}
	if c.MaxNum != nil {
		call("MaxNum", v, floatLit(*c.MaxNum), strconv.FormatBool(c.MaxExclusive))
	}
	if c.MultipleOf != nil {
		if base == model.Number && c.MultipleOfScale > 0 {
			call("MultipleOfDec", v, strconv.FormatInt(*c.MultipleOf, 10), strconv.Itoa(c.MultipleOfScale), strconv.Quote(c.MultipleOfText()))
		} else if base == model.Number {
			call("MultipleOfNum", v, strconv.FormatInt(*c.MultipleOf, 10))
		} else {
			call("MultipleOf", v, strconv.FormatInt(*c.MultipleOf, 10))
		}
	}
	if base == model.Date {
		call("Date", v)
	}
	if c.Duration {
		call("Duration", v)
	}
	switch c.URL {
	case model.URLRef:
		call("URL", v)
	case model.URLAbs:
		call("AbsURL", v)
	}
}

// floatLit is a Go literal of f that reads back as f.
func floatLit(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// scalarValidator emits validate_<Scalar> and its compiled pattern.
func scalarValidator(f *goFile, s *model.Scalar) {
	w := f.wire()
	pattern, notPattern := helper("pattern", s.GoName), helper("notpattern", s.GoName)
	compilePatterns(f, pattern, s.Patterns)
	compilePatterns(f, notPattern, s.NotPatterns)
	arg := "string"
	switch s.Base {
	case model.Int:
		arg = "int64"
		if s.Uint64 {
			arg = "uint64"
		}
	case model.Number:
		arg = "float64"
	case model.Bytes:
		arg = "[]byte"
	}
	f.decl()
	f.doc(fmt.Sprintf("%s checks %s: %s.", helper("validate", s.GoName), s.GoName, describe(s)))
	f.open("func ", helper("validate", s.GoName), "(p *", w, ".Problems, path *", w, ".Path, member string, v ", arg, ")")
	constraintChecks(f, s.Base, s.Constraints, "v", "path", "member", pattern, notPattern)
	f.close()
}

// fieldDoc is a field's doc and, on a line of its own, what the wire
// requires of its value beyond its Go type, as the TypeScript aliases
// carry it: "Wire constraints (Note): at most 280 characters, matching
// ^[^\x00-\x1F\x7F-\x9F]*$." A named scalar is named, since its Go
// type is the bare base type.
func fieldDoc(fd *model.Field) string {
	var what, name string
	t := fd.Type
	switch t.Kind {
	case model.ScalarKind:
		what, name = describeBase(t.Scalar.Base, t.Scalar.Constraints), t.Scalar.Name
	case model.BasicKind:
		what = describeBase(t.Base, t.Constraints)
		if len(t.Choice) > 0 {
			what = describeChoice(t)
		}
	case model.ListKind:
		what = describeBase(0, model.Constraints{MinItems: t.MinItems, MaxItems: t.MaxItems, Lengths: t.Lengths, UniqueItems: t.UniqueItems})
	}
	if what == "" {
		return fd.Doc
	}
	note := "Wire constraints"
	if name != "" {
		note += " (" + name + ")"
	}
	note += ": " + what + "."
	if fd.Doc == "" {
		return note
	}
	return fd.Doc + "\n\n" + note
}

// describe summarises a scalar's constraints for its validator's comment.
func describe(s *model.Scalar) string {
	return describeBase(s.Base, s.Constraints)
}

// describeBase summarises what the schema requires of a value of base b
// with constraints c beyond its Go type ("" when nothing).
func describeBase(b model.Base, c model.Constraints) string {
	var parts []string
	if b == model.Time {
		parts = append(parts, "an RFC 3339 date-time")
	}
	if b == model.Bytes {
		parts = append(parts, "standard base64 with padding on the wire")
	}
	if c.MinRunes != nil {
		parts = append(parts, "at least "+chars(*c.MinRunes))
	}
	if c.MaxRunes != nil {
		parts = append(parts, "at most "+chars(*c.MaxRunes))
	}
	for _, re := range c.Patterns {
		parts = append(parts, "matching "+re)
	}
	for _, re := range c.NotPatterns {
		parts = append(parts, "not matching "+re)
	}
	for _, lit := range c.Not {
		parts = append(parts, "not "+lit)
	}
	if c.MultipleOf != nil {
		parts = append(parts, "a multiple of "+c.MultipleOfText())
	}
	if c.Min != nil {
		parts = append(parts, "at least "+strconv.FormatInt(*c.Min, 10))
	}
	if c.Max != nil {
		parts = append(parts, "at most "+strconv.FormatInt(*c.Max, 10))
	}
	if len(c.Lengths) > 0 {
		parts = append(parts, c.LengthsText()+" items")
	} else {
		if c.MinItems != nil {
			parts = append(parts, "at least "+strconv.Itoa(*c.MinItems)+" items")
		}
		if c.MaxItems != nil {
			parts = append(parts, "at most "+strconv.Itoa(*c.MaxItems)+" items")
		}
	}
	if c.UniqueItems {
		parts = append(parts, "no two items equal") // as the TypeScript says it
	}
	if c.MinNum != nil {
		parts = append(parts, map[bool]string{false: "at least ", true: "more than "}[c.MinExclusive]+floatLit(*c.MinNum))
	}
	if c.MaxNum != nil {
		parts = append(parts, map[bool]string{false: "at most ", true: "less than "}[c.MaxExclusive]+floatLit(*c.MaxNum))
	}
	if b == model.Date {
		parts = append(parts, "a calendar day YYYY-MM-DD")
	}
	if c.Duration {
		parts = append(parts, "a Go duration (1h30m) that time.ParseDuration parses, kept as its text")
	}
	switch c.URL {
	case model.URLRef:
		parts = append(parts, "a URL that url.Parse reads (https://example.com/a, ../a)")
	case model.URLAbs:
		parts = append(parts, "an absolute URL that url.Parse reads, with a scheme (https://example.com/a)")
	}
	return strings.Join(parts, ", ")
}

func chars(n int) string {
	if n == 1 {
		return "1 character"
	}
	return strconv.Itoa(n) + " characters"
}

// constLit is a constant as a Go literal: a string through the Go string
// escaper, a number or boolean as itself.
func constLit(t *model.Type) string {
	if t.Base == model.String {
		return escape.GoString(t.Const)
	}
	return t.ConstJSON()
}

// allocDoc says what a valid value's Validate costs: nothing, unless the
// object holds a union without a discriminator, whose JSON Validate reads
// back to check it is no other variant (wire.One).
func allocDoc(o *model.Object) string {
	if reachesUntagged(&model.Type{Kind: model.ObjectKind, Object: o}, map[any]bool{}) {
		return "A union without a\ndiscriminator it holds is encoded and read back, to check it is one\nvariant only: that allocates."
	}
	return "A valid\nvalue costs no allocation."
}

// reachesUntagged reports whether a value of t may hold a union without a
// discriminator.
func reachesUntagged(t *model.Type, seen map[any]bool) bool {
	if t == nil {
		return false
	}
	if t.HoldsItself() {
		// A list, map or choice that holds itself: what it reaches,
		// its declaration's element or alternatives reach, seen once.
		var key any = t.Map
		switch t.Kind {
		case model.OneOfKind:
			key = t.OneOf
		case model.ListKind:
			key = t.Alias
		}
		if seen[key] {
			return false
		}
		seen[key] = true
		switch t.Kind {
		case model.OneOfKind:
			for _, a := range t.OneOf.Alts {
				if reachesUntagged(a.Type, seen) {
					return true
				}
			}
			return false
		case model.ListKind:
			return reachesUntagged(t.Alias.Type.Elem, seen)
		}
		return reachesUntagged(t.Map.Elem, seen)
	}
	switch t.Kind {
	case model.UnionKind:
		if t.Union.Untagged() {
			return true
		}
		for _, v := range t.Union.Variants {
			if reachesUntagged(&model.Type{Kind: model.ObjectKind, Object: v}, seen) {
				return true
			}
		}
	case model.ObjectKind:
		if seen[t.Object] {
			return false
		}
		seen[t.Object] = true
		for _, f := range t.Object.Fields {
			if reachesUntagged(f.Type, seen) {
				return true
			}
		}
		for _, m := range t.Object.Members {
			if reachesUntagged(m.Type, seen) {
				return true
			}
		}
	case model.OneOfKind:
		for _, a := range t.OneOf.Alts {
			if reachesUntagged(a.Type, seen) {
				return true
			}
		}
	case model.TupleKind:
		for _, it := range t.Tuple.Items {
			if reachesUntagged(it, seen) {
				return true
			}
		}
		return reachesUntagged(t.Tuple.Rest, seen)
	}
	return reachesUntagged(t.Elem, seen)
}

// selfValidate calls the validate method of v, a list or map that holds
// itself and so has one of its own, at the path step gives.
func selfValidate(f *goFile, v string, step func() (string, string)) {
	ptr, _ := step()
	f.p(v, ".validate(p, ", ptr, ")")
}

// constJSON is a ConstKind type's value as a JSON literal.
func constJSON(t *model.Type) string {
	if t.BaseOf() == model.String {
		b, _ := json.Marshal(t.Const)
		return string(b)
	}
	return t.Const // an integer in decimal, true or false
}
