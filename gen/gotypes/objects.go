package gotypes

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/schemagen/schemagen/gen/model"
)

// goType is the Go type of a value of t; optional scalars, enums and
// objects become pointers so that absent stays apart from zero.
func goType(t *model.Type, optional bool) *jen.Statement {
	var s *jen.Statement
	switch t.Kind {
	case model.BasicKind, model.ScalarKind, model.ConstKind:
		switch t.BaseOf() {
		case model.Int:
			s = jen.Int64()
		case model.Bool:
			s = jen.Bool()
		case model.Time:
			s = jen.Qual("time", "Time")
		default:
			s = jen.String()
		}
	case model.EnumKind:
		s = jen.Id(t.Enum.GoName)
	case model.ObjectKind:
		s = jen.Id(t.Object.GoName)
	case model.ListKind:
		return jen.Index().Add(goType(t.Elem, false))
	case model.MapKind:
		return jen.Map(jen.String()).Add(goType(t.Elem, false))
	}
	if optional {
		return jen.Op("*").Add(s)
	}
	return s
}

// decodeFunc names the generated decoder of a definition.
func decodeFunc(goName string) string { return helper("decode", goName) }

// reader is the *wire.Reader parameter type.
func reader() *jen.Statement { return jen.Op("*").Qual(wirePkg, "Reader") }

// readCall returns the call that reads a value of t from r into dst (a
// pointer expression).
func readCall(t *model.Type, dst *jen.Statement) *jen.Statement {
	switch t.Kind {
	case model.ListKind:
		return jen.Qual(wirePkg, "List").Call(jen.Id("r"), dst, readFunc(t.Elem))
	case model.MapKind:
		return jen.Qual(wirePkg, "Map").Call(jen.Id("r"), dst, readFunc(t.Elem))
	case model.EnumKind, model.ObjectKind:
		return jen.Add(readFunc(t)).Call(jen.Id("r"), dst)
	}
	return jen.Id("r").Dot(readMethod(t)).Call(dst)
}

// readMethod names the Reader method for a scalar of t.
func readMethod(t *model.Type) string {
	switch t.BaseOf() {
	case model.Int:
		return "Int"
	case model.Bool:
		return "Bool"
	case model.Time:
		return "Time"
	}
	return "String"
}

// readFunc returns a func(*wire.Reader, *T) error for values of t.
func readFunc(t *model.Type) *jen.Statement {
	switch t.Kind {
	case model.EnumKind:
		return jen.Id(decodeFunc(t.Enum.GoName))
	case model.ObjectKind:
		return jen.Id(decodeFunc(t.Object.GoName))
	case model.ListKind, model.MapKind:
		return jen.Func().Params(jen.Id("r").Add(reader()), jen.Id("dst").Op("*").Add(goType(t, false))).Error().Block(
			jen.Return(readCall(t, jen.Id("dst"))),
		)
	}
	return jen.Parens(reader()).Dot(readMethod(t))
}

// isCollection reports whether t is a list or map: those stay non-pointer
// even when optional, with nil meaning absent.
func isCollection(t *model.Type) bool { return t.Kind == model.ListKind || t.Kind == model.MapKind }

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
	switch {
	case !fd.Optional:
		return fd.Name
	case isCollection(fd.Type):
		return fd.Name + ",omitzero"
	}
	return fd.Name + ",omitempty"
}

func object(f *jen.File, o *model.Object) {
	t := o.GoName
	f.Comment(docFor(t, o.Doc))
	f.Type().Id(t).StructFunc(func(g *jen.Group) {
		for _, fd := range structFields(o) {
			g.Comment(comment(fd.Doc))
			g.Id(fd.GoName).Add(goType(fd.Type, fd.Optional)).Tag(map[string]string{"json": jsonTag(fd)})
		}
	})
	objectMethods(f, o)
	objectDecode(f, o)
	objectEncode(f, o)
	objectValidate(f, o)
}

// objectMethods emits the exported methods, each a line over the
// unexported walkers below it.
func objectMethods(f *jen.File, o *model.Object) {
	t := o.GoName
	x := jen.Id("x")
	f.Commentf("// UnmarshalJSON decodes a %s. It refuses a missing required field, a null\n// and a value of the wrong type; unknown fields are ignored, since a newer\n// host may add optional ones. On error x is left as it was and the error is\n// a *wire.DecodeError.", t)
	f.Func().Params(x.Clone().Op("*").Id(t)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(jen.Qual(wirePkg, "Unmarshal").Call(jen.Id("data"), jen.Lit(t), x, jen.Id(decodeFunc(t)))),
	)
	f.Commentf("// MarshalJSON encodes a %s as AppendJSON does.", t)
	f.Func().Params(x.Clone().Id(t)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(x.Clone().Dot("AppendJSON").Call(jen.Nil())),
	)
	doc := fmt.Sprintf("// AppendJSON appends the JSON encoding of x to b: the bytes json.Marshal\n// writes for it, without reflection")
	if o.Union != nil {
		doc += fmt.Sprintf(", its %s %q first", o.Union.Discriminator, o.Tag)
	}
	f.Comment(doc + ".")
	f.Func().Params(x.Clone().Op("*").Id(t)).Id("AppendJSON").Params(jen.Id("b").Index().Byte()).Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Id("e").Op(":=").Qual(wirePkg, "Encoder").Values(jen.Dict{jen.Id("B"): jen.Id("b")}),
		x.Clone().Dot("encode").Call(jen.Op("&").Id("e")),
		jen.Return(jen.Id("e").Dot("Result").Call()),
	)
	f.Commentf("// Validate reports every way x breaks a constraint of the schema that its Go\n// type cannot state. Each problem is a *wire.ValidationError; several are\n// joined. A valid value costs no allocation.")
	f.Func().Params(x.Clone().Op("*").Id(t)).Id("Validate").Params().Error().Block(
		jen.Var().Id("p").Qual(wirePkg, "Problems"),
		jen.Id("root").Op(":=").Qual(wirePkg, "Root").Call(jen.Lit(t)),
		x.Clone().Dot("validate").Call(jen.Op("&").Id("p"), jen.Op("&").Id("root")),
		jen.Return(jen.Id("p").Dot("Err").Call()),
	)
}

// objectDecode emits the decoder: required fields present, no nulls, no
// member twice, a variant's tag checked, x untouched on error.
//
// have records the members read, one bit per field in schema order: a
// uint64, or an array of them for an object of more than 64 fields. A bit
// already set is a member given twice, which the decoder refuses: JSON
// leaves its meaning open (RFC 8259 §4), encoding/json and JSON.parse keep
// the last, CUE unifies both, so no answer would be every judge's.
func objectDecode(f *jen.File, o *model.Object) {
	t := o.GoName
	n := len(o.Fields)
	words := (n + 63) / 64
	names := make([]jen.Code, n)
	req := make([]uint64, words)
	for i, fd := range o.Fields {
		names[i] = jen.Lit(fd.Name)
		if !fd.Optional {
			req[i/64] |= 1 << (i % 64)
		}
	}
	fieldsVar := helper("fields", t)
	f.Var().Id(fieldsVar).Op("=").Index().String().Values(names...)
	hex := func(w uint64) *jen.Statement { return jen.Op(fmt.Sprintf("%#x", w)) }
	f.Func().Id(decodeFunc(t)).Params(jen.Id("r").Add(reader()), jen.Id("x").Op("*").Id(t)).Error().BlockFunc(func(g *jen.Group) {
		g.If(jen.Err().Op(":=").Id("r").Dot("Object").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
		g.Var().Id("v").Id(t)
		if words == 1 {
			g.Var().List(jen.Id("have"), jen.Id("bit")).Uint64()
		} else {
			g.Var().Id("have").Index(jen.Lit(words)).Uint64()
			g.Var().Id("bit").Int()
		}
		g.For(jen.Id("first").Op(":=").True(), jen.Empty(), jen.Id("first").Op("=").False()).Block(
			jen.List(jen.Id("key"), jen.Id("ok"), jen.Err()).Op(":=").Id("r").Dot("Key").Call(jen.Id("first")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Break()),
			jen.Switch(jen.String().Call(jen.Id("key"))).BlockFunc(func(g *jen.Group) {
				for i, fd := range o.Fields {
					var body []jen.Code
					if words == 1 {
						body = append(body, jen.Id("bit").Op("=").Lit(1).Op("<<").Lit(i))
					} else {
						body = append(body, jen.Id("bit").Op("=").Lit(i+1))
					}
					dst := jen.Id("v").Dot(fd.GoName)
					switch {
					case o.Union != nil && fd.Name == o.Union.Discriminator:
						body = append(body, jen.Err().Op("=").Id("r").Dot("Tag").Call(jen.Lit(o.Tag)))
					case fd.Optional && !isCollection(fd.Type):
						body = append(body,
							dst.Clone().Op("=").New(goType(fd.Type, false)),
							jen.Err().Op("=").Add(readCall(fd.Type, dst.Clone())),
						)
					default:
						body = append(body, jen.Err().Op("=").Add(readCall(fd.Type, jen.Op("&").Add(dst.Clone()))))
					}
					g.Case(jen.Lit(fd.Name)).Block(body...)
				}
				g.Default().Block(jen.Id("bit").Op("=").Lit(0), jen.Err().Op("=").Id("r").Dot("Skip").Call())
			}),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Qual(wirePkg, "InField").Call(jen.Id("key"), jen.Err()))),
			func() jen.Code {
				if words == 1 {
					return jen.If(jen.Id("have").Op("&").Id("bit").Op("!=").Lit(0)).Block(jen.Return(jen.Qual(wirePkg, "Duplicate").Call(jen.Id("key")))).Line().Id("have").Op("|=").Id("bit")
				}
				return jen.If(jen.Qual(wirePkg, "Mark").Call(jen.Id("have").Index(jen.Op(":")), jen.Id("bit"))).Block(jen.Return(jen.Qual(wirePkg, "Duplicate").Call(jen.Id("key"))))
			}(),
		)
		if words == 1 {
			if req[0] != 0 {
				g.If(jen.Id("have").Op("&").Add(hex(req[0])).Op("!=").Add(hex(req[0]))).Block(
					jen.Return(jen.Qual(wirePkg, "MissingField").Call(jen.Id(fieldsVar), hex(req[0]), jen.Id("have"))),
				)
			}
		} else {
			var ws []jen.Code
			for _, w := range req {
				ws = append(ws, hex(w))
			}
			g.If(jen.Err().Op(":=").Qual(wirePkg, "MissingFields").Call(jen.Id(fieldsVar), jen.Index().Uint64().Values(ws...), jen.Id("have").Index(jen.Op(":"))), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
		}
		g.Op("*").Id("x").Op("=").Id("v")
		g.Return(jen.Nil())
	})
}

// objectEncode emits encode, which writes x's members in schema order: a
// variant's discriminator first, an optional member only when present, a
// nil required list or map as empty.
func objectEncode(f *jen.File, o *model.Object) {
	f.Func().Params(jen.Id("x").Op("*").Id(o.GoName)).Id("encode").Params(jen.Id("e").Op("*").Qual(wirePkg, "Encoder")).BlockFunc(func(g *jen.Group) {
		g.Id("m").Op(":=").Id("e").Dot("Begin").Call()
		if o.Union != nil {
			g.Id("e").Dot("Member").Call(jen.Lit(o.Union.Discriminator))
			g.Id("e").Dot("String").Call(jen.Lit(o.Tag))
		}
		for _, fd := range structFields(o) {
			member := []jen.Code{jen.Id("e").Dot("Member").Call(jen.Lit(fd.Name))}
			val := jen.Id("x").Dot(fd.GoName)
			switch {
			case fd.Optional && isCollection(fd.Type):
				g.If(val.Clone().Op("!=").Nil()).Block(append(member, encodeValue(fd.Type, val, 0)...)...)
			case fd.Optional:
				v := jen.Op("*").Add(val)
				if fd.Type.Kind == model.ObjectKind {
					v = val // encode has a pointer receiver
				}
				g.If(val.Clone().Op("!=").Nil()).Block(append(member, encodeValue(fd.Type, v, 0)...)...)
			default:
				for _, c := range append(member, encodeValue(fd.Type, val, 0)...) {
					g.Add(c)
				}
			}
		}
		g.Id("e").Dot("End").Call(jen.Id("m"))
	})
}

// encodeValue returns the statements writing v, a value of t; depth names
// the loop variables of nested lists and maps.
func encodeValue(t *model.Type, v *jen.Statement, depth int) []jen.Code {
	e := jen.Id("e")
	switch t.Kind {
	case model.EnumKind:
		return []jen.Code{jen.Qual(wirePkg, "EncodeEnum").Call(e, jen.Op("&").Id(enumTable(t.Enum)), v)}
	case model.ObjectKind:
		return []jen.Code{v.Clone().Dot("encode").Call(e)}
	case model.ListKind:
		i := jen.Id(loopVar("i", depth))
		return []jen.Code{
			e.Clone().Dot("Open").Call(),
			jen.For(i.Clone().Op(":=").Range().Add(v)).Block(append(
				[]jen.Code{e.Clone().Dot("Elem").Call(i)},
				encodeValue(t.Elem, v.Clone().Index(i), depth+1)...)...),
			e.Clone().Dot("Close").Call(),
		}
	case model.MapKind:
		i, k, el := jen.Id(loopVar("i", depth)), jen.Id(loopVar("k", depth)), jen.Id(loopVar("v", depth))
		elem := v.Clone().Index(k)
		var pre []jen.Code
		if t.Elem.Kind == model.ObjectKind {
			// encode has a pointer receiver: a map value is not addressable.
			pre = []jen.Code{el.Clone().Op(":=").Add(elem)}
			elem = el
		}
		return []jen.Code{
			e.Clone().Dot("Raw").Call(jen.Lit("{")),
			jen.For(jen.List(i, k).Op(":=").Range().Qual(wirePkg, "SortedKeys").Call(v)).Block(append(append(
				[]jen.Code{e.Clone().Dot("Key").Call(i, k)}, pre...),
				encodeValue(t.Elem, elem, depth+1)...)...),
			e.Clone().Dot("Raw").Call(jen.Lit("}")),
		}
	}
	switch t.BaseOf() {
	case model.Int:
		return []jen.Code{e.Clone().Dot("Int").Call(v)}
	case model.Bool:
		return []jen.Code{e.Clone().Dot("Bool").Call(v)}
	case model.Time:
		return []jen.Code{e.Clone().Dot("Time").Call(v)}
	}
	return []jen.Code{e.Clone().Dot("String").Call(v)}
}

// intLit is an untyped integer constant (jen.Lit would write int64(n)).
func intLit(n int64) *jen.Statement { return jen.Op(strconv.FormatInt(n, 10)) }

// loopVar names a loop variable at a nesting depth: i, i1, i2, ….
func loopVar(name string, depth int) string {
	if depth == 0 {
		return name
	}
	return name + strconv.Itoa(depth)
}

// objectValidate emits the validate walker behind Validate.
func objectValidate(f *jen.File, o *model.Object) {
	path := jen.Id("path")
	f.Func().Params(jen.Id("x").Op("*").Id(o.GoName)).Id("validate").Params(jen.Id("p").Op("*").Qual(wirePkg, "Problems"), path.Clone().Op("*").Qual(wirePkg, "Path")).BlockFunc(func(g *jen.Group) {
		for _, fd := range structFields(o) {
			val := jen.Id("x").Dot(fd.GoName)
			if !needsCheck(fd.Type) {
				continue
			}
			if fd.Optional {
				deref := val
				if !isCollection(fd.Type) && fd.Type.Kind != model.ObjectKind {
					deref = jen.Op("*").Add(val)
				}
				g.If(val.Clone().Op("!=").Nil()).Block(checksAt(fd.Type, deref, path, fd.Name, "at_"+fd.GoName, 0)...)
				continue
			}
			for _, c := range checksAt(fd.Type, val, path, fd.Name, "at_"+fd.GoName, 0) {
				g.Add(c)
			}
		}
		for _, rf := range o.Refusals {
			cond := jen.Null()
			for i, c := range rf.When {
				f := o.Field(c.Field)
				var val jen.Code = jen.Lit(c.Str)
				switch {
				case f.Type.BaseOf() == model.Int:
					val = intLit(c.Int)
				case f.Type.Kind == model.EnumKind:
					for _, m := range f.Type.Enum.Members {
						if m.Value == c.Str {
							val = jen.Id(m.GoName)
						}
					}
				}
				if i > 0 {
					cond.Op("&&")
				}
				cond.Id("x").Dot(f.GoName).Op("==").Add(val)
			}
			g.If(cond).Block(jen.Id("p").Dot("Add").Call(path, jen.Lit(""), jen.Lit("%s"), jen.Lit(refusalReason(o, rf))))
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
			g.If(jen.Id("x").Dot(ef.GoName).Op("==").Id(member)).BlockFunc(func(g *jen.Group) {
				for _, a := range fb.Absent {
					af := o.Field(a)
					present := jen.Id("x").Dot(af.GoName).Op("!=").Nil()
					g.Id("p").Dot("Absent").Call(path, jen.Lit(a), present, jen.Lit(when))
				}
			})
		}
	})
}

// refusalReason is the problem a refused combination reports: what it is
// and, from the schema's comment, why.
func refusalReason(o *model.Object, rf *model.Refusal) string {
	reason := "must not have " + rf.Describe(o)
	if why := strings.TrimSuffix(strings.Join(strings.Fields(rf.Doc), " "), "."); why != "" {
		reason += ": " + strings.ToLower(why[:1]) + why[1:]
	}
	return reason
}

// needsCheck reports whether a value of t has anything to validate.
func needsCheck(t *model.Type) bool {
	switch t.Kind {
	case model.EnumKind, model.ObjectKind:
		return true
	case model.ScalarKind:
		return needsValidator(t.Scalar)
	case model.BasicKind:
		return !t.Constraints.IsZero() || t.Base == model.Date
	case model.ListKind:
		return t.MinItems != nil || t.MaxItems != nil || needsCheck(t.Elem)
	case model.MapKind:
		return needsCheck(t.Elem)
	}
	return false
}

func needsValidator(s *model.Scalar) bool { return !s.Constraints.IsZero() || s.Base == model.Date }

// checks returns the statements validating v, a value of type t at member
// of path (member "" for path itself). v is addressable for objects (their
// validate has a pointer receiver). depth names nested steps and loop
// variables.
func checks(t *model.Type, v, path *jen.Statement, member string, depth int) []jen.Code {
	return checksAt(t, v, path, member, "at", depth)
}

// checksAt is checks with the name of the variable that holds the step to
// member, when one is needed: unique within the walker, so that two
// members' steps never clash.
func checksAt(t *model.Type, v, path *jen.Statement, member, stepVar string, depth int) []jen.Code {
	p := jen.Id("p")
	mem := jen.Lit(member)
	// step is the path of the value itself, for what walks below it: its
	// declaration (nil when it is path), the *wire.Path, and an expression
	// to call Path's step methods on.
	step := func() (jen.Code, *jen.Statement, *jen.Statement) {
		if member == "" {
			if depth > 0 { // path is &el of the enclosing loop
				return nil, path, jen.Parens(path)
			}
			return nil, path, path
		}
		at := jen.Id(stepVar)
		return at.Clone().Op(":=").Add(path).Dot("Member").Call(mem), jen.Op("&").Add(at), at
	}
	switch t.Kind {
	case model.EnumKind:
		return []jen.Code{p.Clone().Dot("Enum").Call(path, mem, v.Clone().Dot("Valid").Call(), jen.String().Call(v), jen.Lit(t.Enum.GoName))}
	case model.ObjectKind:
		decl, at, _ := step()
		if decl == nil {
			return []jen.Code{v.Clone().Dot("validate").Call(p, at)}
		}
		return []jen.Code{decl, v.Clone().Dot("validate").Call(p, at)}
	case model.ScalarKind:
		return []jen.Code{jen.Id(helper("validate", t.Scalar.GoName)).Call(p, path, mem, v)}
	case model.BasicKind:
		return constraintChecks(t.Base, t.Constraints, v, path, mem, nil)
	case model.ListKind:
		var out []jen.Code
		if t.MinItems != nil {
			out = append(out, p.Clone().Dot("MinItems").Call(path, mem, jen.Len(v), jen.Lit(*t.MinItems)))
		}
		if t.MaxItems != nil {
			out = append(out, p.Clone().Dot("MaxItems").Call(path, mem, jen.Len(v), jen.Lit(*t.MaxItems)))
		}
		if needsCheck(t.Elem) {
			decl, _, at := step()
			if decl != nil {
				out = append(out, decl)
			}
			i, el := jen.Id(loopVar("i", depth)), jen.Id(loopVar("el", depth))
			body := append([]jen.Code{el.Clone().Op(":=").Add(at).Dot("Index").Call(i)},
				checks(t.Elem, v.Clone().Index(i), jen.Op("&").Add(el), "", depth+1)...)
			out = append(out, jen.For(i.Clone().Op(":=").Range().Add(v)).Block(body...))
		}
		return out
	case model.MapKind:
		if !needsCheck(t.Elem) {
			return nil
		}
		decl, _, at := step()
		var out []jen.Code
		if decl != nil {
			out = append(out, decl)
		}
		k, e, el, mark := jen.Id(loopVar("k", depth)), jen.Id(loopVar("e", depth)), jen.Id(loopVar("el", depth)), jen.Id(loopVar("mark", depth))
		body := func() []jen.Code {
			return append([]jen.Code{el.Clone().Op(":=").Add(at).Dot("Key").Call(k)},
				checks(t.Elem, e, jen.Op("&").Add(el), "", depth+1)...)
		}
		// Walk in the map's order first, which costs nothing; only when
		// that finds a problem, walk again in key order, so the report is
		// the same every time.
		out = append(out,
			mark.Clone().Op(":=").Add(p).Dot("Len").Call(),
			jen.For(jen.List(k, e).Op(":=").Range().Add(v)).Block(body()...),
			jen.If(p.Clone().Dot("Len").Call().Op(">").Add(mark)).Block(
				p.Clone().Dot("Truncate").Call(mark),
				jen.For(jen.List(jen.Id("_"), k).Op(":=").Range().Qual(wirePkg, "SortedKeys").Call(v)).Block(
					append([]jen.Code{e.Clone().Op(":=").Add(v).Index(k)}, body()...)...),
			),
		)
		return out
	}
	return nil
}

// constraintChecks validates a basic value against c. pattern names the
// compiled regexp variable of a scalar with a pattern.
func constraintChecks(base model.Base, c model.Constraints, v, path, member *jen.Statement, pattern *jen.Statement) []jen.Code {
	var out []jen.Code
	call := func(name string, args ...jen.Code) {
		out = append(out, jen.Id("p").Dot(name).Call(append([]jen.Code{path, member}, args...)...))
	}
	if c.MinRunes != nil {
		call("MinRunes", v, jen.Lit(*c.MinRunes))
	}
	if c.MaxRunes != nil {
		call("MaxRunes", v, jen.Lit(*c.MaxRunes))
	}
	if c.Pattern != "" { // the model allows patterns on named scalars only
		call("Pattern", v, pattern)
	}
	if c.Min != nil {
		call("Min", v, intLit(*c.Min))
	}
	if c.Max != nil {
		call("Max", v, intLit(*c.Max))
	}
	if base == model.Date {
		call("Date", v)
	}
	return out
}

// scalarValidator emits validate_<Scalar> and its compiled pattern.
func scalarValidator(f *jen.File, s *model.Scalar) {
	var pattern *jen.Statement
	if s.Pattern != "" {
		name := helper("pattern", s.GoName)
		f.Var().Id(name).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(s.Pattern))
		pattern = jen.Id(name)
	}
	arg := jen.String()
	if s.Base == model.Int {
		arg = jen.Int64()
	}
	f.Commentf("// %s checks %s: %s.", helper("validate", s.GoName), s.GoName, describe(s))
	f.Func().Id(helper("validate", s.GoName)).Params(
		jen.Id("p").Op("*").Qual(wirePkg, "Problems"), jen.Id("path").Op("*").Qual(wirePkg, "Path"), jen.Id("member").String(), jen.Id("v").Add(arg),
	).Block(
		constraintChecks(s.Base, s.Constraints, jen.Id("v"), jen.Id("path"), jen.Id("member"), pattern)...,
	)
}

// describe summarises a scalar's constraints for its validator's comment.
func describe(s *model.Scalar) string {
	var parts []string
	c := s.Constraints
	if c.MinRunes != nil {
		parts = append(parts, "at least "+chars(*c.MinRunes))
	}
	if c.MaxRunes != nil {
		parts = append(parts, "at most "+chars(*c.MaxRunes))
	}
	if c.Pattern != "" {
		parts = append(parts, "matching "+c.Pattern)
	}
	if c.Min != nil {
		parts = append(parts, "at least "+strconv.FormatInt(*c.Min, 10))
	}
	if c.Max != nil {
		parts = append(parts, "at most "+strconv.FormatInt(*c.Max, 10))
	}
	if s.Base == model.Date {
		parts = append(parts, "a calendar day YYYY-MM-DD")
	}
	return strings.Join(parts, ", ")
}

func chars(n int) string {
	if n == 1 {
		return "1 character"
	}
	return strconv.Itoa(n) + " characters"
}
