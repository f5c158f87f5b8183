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

// decodeFunc names the generated decoder of a type.
func decodeFunc(goName string) string { return "decode" + goName }

// readCall returns the call that reads a value of t from r into dst (a
// pointer expression).
func readCall(t *model.Type, dst *jen.Statement) *jen.Statement {
	switch t.Kind {
	case model.ListKind:
		return jen.Id("readList").Call(jen.Id("r"), dst, readFunc(t.Elem))
	case model.MapKind:
		return jen.Id("readMap").Call(jen.Id("r"), dst, readFunc(t.Elem))
	}
	switch t.Kind {
	case model.EnumKind, model.ObjectKind:
		return jen.Add(readFunc(t)).Call(jen.Id("r"), dst)
	}
	return jen.Id("r").Dot(readMethod(t)).Call(dst)
}

// readMethod names the reader method for a scalar of t.
func readMethod(t *model.Type) string {
	switch t.BaseOf() {
	case model.Int:
		return "readInt"
	case model.Bool:
		return "readBool"
	case model.Time:
		return "readTime"
	}
	return "readString"
}

// readFunc returns a func(*reader, *T) error for values of t.
func readFunc(t *model.Type) *jen.Statement {
	switch t.Kind {
	case model.EnumKind:
		return jen.Id(decodeFunc(t.Enum.GoName))
	case model.ObjectKind:
		return jen.Id(decodeFunc(t.Object.GoName))
	case model.ListKind:
		return jen.Func().Params(jen.Id("r").Op("*").Id("reader"), jen.Id("dst").Op("*").Add(goType(t, false))).Error().Block(
			jen.Return(jen.Id("readList").Call(jen.Id("r"), jen.Id("dst"), readFunc(t.Elem))),
		)
	case model.MapKind:
		return jen.Func().Params(jen.Id("r").Op("*").Id("reader"), jen.Id("dst").Op("*").Add(goType(t, false))).Error().Block(
			jen.Return(jen.Id("readMap").Call(jen.Id("r"), jen.Id("dst"), readFunc(t.Elem))),
		)
	}
	return jen.Parens(jen.Op("*").Id("reader")).Dot(readMethod(t))
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

func object(f *jen.File, o *model.Object) {
	t := o.GoName
	f.Comment(docFor(t, o.Doc))
	f.Type().Id(t).StructFunc(func(g *jen.Group) {
		for _, fd := range structFields(o) {
			g.Comment(comment(fd.Doc))
			tag := fd.Name
			if fd.Optional {
				tag += ",omitzero"
			}
			g.Id(fd.GoName).Add(goType(fd.Type, fd.Optional)).Tag(map[string]string{"json": tag})
		}
	})
	objectJSON(f, o)
	objectValidate(f, o)
}

// objectJSON emits exact decoding (required fields present, no nulls, a
// variant's tag checked) and, where needed, encoding.
func objectJSON(f *jen.File, o *model.Object) {
	t := o.GoName
	f.Commentf("// UnmarshalJSON decodes a %s. It refuses a missing required field, a null\n// and a value of the wrong type; unknown fields are ignored, since a newer\n// host may add optional ones. On error x is left as it was.", t)
	f.Func().Params(jen.Id("x").Op("*").Id(t)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(jen.Id("unmarshal").Call(jen.Id("data"), jen.Lit(t), jen.Id("x"), jen.Id(decodeFunc(t)))),
	)

	// Required fields get one bit each, in schema order.
	var required []jen.Code
	bit := map[string]int{}
	for _, fd := range o.Fields {
		if !fd.Optional {
			bit[fd.Name] = len(required)
			required = append(required, jen.Lit(fd.Name))
		}
	}
	reqVar := lowerFirst(t) + "Required"
	if len(required) > 0 {
		f.Var().Id(reqVar).Op("=").Index().String().Values(required...)
	}
	f.Commentf("// %s reads a %s from r, leaving x as it was on error.", decodeFunc(t), t)
	f.Func().Id(decodeFunc(t)).Params(jen.Id("r").Op("*").Id("reader"), jen.Id("x").Op("*").Id(t)).Error().BlockFunc(func(g *jen.Group) {
		g.If(jen.Err().Op(":=").Id("r").Dot("openObject").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
		g.Var().Id("v").Id(t)
		if len(required) > 0 {
			g.Var().Id("have").Uint64()
		}
		g.For(jen.Id("first").Op(":=").True(), jen.Empty(), jen.Id("first").Op("=").False()).Block(
			jen.List(jen.Id("key"), jen.Id("ok"), jen.Err()).Op(":=").Id("r").Dot("nextKey").Call(jen.Id("first")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("fieldError").Call(jen.Lit(t), jen.Nil(), jen.Err()))),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Break()),
			jen.Switch(jen.String().Call(jen.Id("key"))).BlockFunc(func(g *jen.Group) {
				for _, fd := range o.Fields {
					var body []jen.Code
					if b, ok := bit[fd.Name]; ok {
						body = append(body, jen.Id("have").Op("|=").Lit(1).Op("<<").Lit(b))
					}
					dst := jen.Id("v").Dot(fd.GoName)
					switch {
					case o.Union != nil && fd.Name == o.Union.Discriminator:
						body = append(body, jen.Err().Op("=").Id("r").Dot("readTag").Call(jen.Lit(o.Tag)))
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
				g.Default().Block(jen.Err().Op("=").Id("r").Dot("skip").Call())
			}),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("fieldError").Call(jen.Lit(t), jen.Id("key"), jen.Err()))),
		)
		if len(required) > 0 {
			all := jen.Lit(1).Op("<<").Lit(len(required)).Op("-").Lit(1)
			g.If(jen.Id("have").Op("!=").Add(all)).Block(
				jen.Return(jen.Id("missingField").Call(jen.Lit(t), jen.Id("have"), jen.Id(reqVar))),
			)
		}
		g.Op("*").Id("x").Op("=").Id("v")
		g.Return(jen.Nil())
	})

	// Encoding: a required list or map that is nil must still be written
	// ([] or {}), and a union variant writes its discriminator first.
	var fixes []jen.Code
	for _, fd := range structFields(o) {
		if !fd.Optional && isCollection(fd.Type) {
			fixes = append(fixes, jen.If(jen.Id("v").Dot(fd.GoName).Op("==").Nil()).Block(
				jen.Id("v").Dot(fd.GoName).Op("=").Add(goType(fd.Type, false)).Values(),
			))
		}
	}
	if len(fixes) == 0 && o.Union == nil {
		return
	}
	doc := "// MarshalJSON encodes a " + t
	if o.Union != nil {
		doc += fmt.Sprintf(" with its %s %q first", o.Union.Discriminator, o.Tag)
	}
	if len(fixes) > 0 {
		doc += ", writing a nil required list or map as empty"
	}
	f.Comment(doc + ".")
	f.Func().Params(jen.Id("x").Id(t)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).BlockFunc(func(g *jen.Group) {
		g.Type().Id("plain").Id(t)
		g.Id("v").Op(":=").Id("plain").Call(jen.Id("x"))
		for _, fx := range fixes {
			g.Add(fx)
		}
		if o.Union == nil {
			g.Return(jen.Qual("encoding/json", "Marshal").Call(jen.Id("v")))
			return
		}
		g.Return(jen.Qual("encoding/json", "Marshal").Call(jen.Struct(
			jen.Id("Tag").String().Tag(map[string]string{"json": o.Union.Discriminator}),
			jen.Id("plain"),
		).Values(jen.Lit(o.Tag), jen.Id("v"))))
	})
}

// objectValidate emits Validate and the validate walker.
func objectValidate(f *jen.File, o *model.Object) {
	t := o.GoName
	f.Commentf("// Validate reports every way x breaks a constraint of the schema that its Go\n// type cannot state. Each problem is a *ValidationError; several are joined.")
	f.Func().Params(jen.Id("x").Op("*").Id(t)).Id("Validate").Params().Error().Block(
		jen.Return(jen.Id("validateRoot").Call(jen.Id("x"), jen.Lit(t))),
	)
	f.Commentf("// validate adds to p every problem of x, naming it from path.")
	f.Func().Params(jen.Id("x").Op("*").Id(t)).Id("validate").Params(jen.Id("p").Op("*").Id("problems"), jen.Id("path").String()).BlockFunc(func(g *jen.Group) {
		for _, fd := range structFields(o) {
			at := jen.Id("path").Op("+").Lit("." + fd.Name)
			val := jen.Id("x").Dot(fd.GoName)
			if !needsCheck(fd.Type) {
				continue
			}
			if fd.Optional && !isCollection(fd.Type) {
				deref := jen.Op("*").Id("x").Dot(fd.GoName)
				if fd.Type.Kind == model.ObjectKind {
					deref = jen.Id("x").Dot(fd.GoName)
				}
				g.If(jen.Id("x").Dot(fd.GoName).Op("!=").Nil()).Block(checks(fd.Type, deref, at)...)
				continue
			}
			for _, c := range checks(fd.Type, val, at) {
				g.Add(c)
			}
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
					g.Id("p").Dot("absent").Call(jen.Id("path").Op("+").Lit("."+a), present, jen.Lit(when))
				}
			})
		}
	})
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

// checks returns the statements validating value v of type t at path at.
// v is addressable for objects (their validate has a pointer receiver).
func checks(t *model.Type, v, at *jen.Statement) []jen.Code {
	switch t.Kind {
	case model.EnumKind:
		return []jen.Code{jen.Id("p").Dot("enum").Call(at, v.Clone().Dot("Valid").Call(), jen.String().Call(v), jen.Lit(t.Enum.GoName))}
	case model.ObjectKind:
		return []jen.Code{v.Clone().Dot("validate").Call(jen.Id("p"), at)}
	case model.ScalarKind:
		return []jen.Code{jen.Id("validate"+t.Scalar.GoName).Call(jen.Id("p"), at, v)}
	case model.BasicKind:
		return constraintChecks(t.Base, t.Constraints, v, at, nil)
	case model.ListKind:
		var out []jen.Code
		if t.MinItems != nil {
			out = append(out, jen.Id("p").Dot("minItems").Call(at, jen.Len(v), jen.Lit(*t.MinItems)))
		}
		if t.MaxItems != nil {
			out = append(out, jen.Id("p").Dot("maxItems").Call(at, jen.Len(v), jen.Lit(*t.MaxItems)))
		}
		if needsCheck(t.Elem) {
			i := "i"
			out = append(out, jen.For(jen.Id(i).Op(":=").Range().Add(v)).Block(
				checks(t.Elem, v.Clone().Index(jen.Id(i)), jen.Id("index").Call(at, jen.Id(i)))...,
			))
		}
		return out
	case model.MapKind:
		if !needsCheck(t.Elem) {
			return nil
		}
		return []jen.Code{jen.For(jen.List(jen.Id("_"), jen.Id("k")).Op(":=").Range().Id("sortedKeys").Call(v)).Block(
			append([]jen.Code{jen.Id("e").Op(":=").Add(v).Index(jen.Id("k"))},
				checks(t.Elem, jen.Id("e"), jen.Id("key").Call(at, jen.Id("k")))...)...,
		)}
	}
	return nil
}

// constraintChecks validates a basic value against c. pattern names the
// compiled regexp variable of a scalar with a pattern.
func constraintChecks(base model.Base, c model.Constraints, v, at *jen.Statement, pattern *jen.Statement) []jen.Code {
	var out []jen.Code
	call := func(name string, args ...jen.Code) {
		out = append(out, jen.Id("p").Dot(name).Call(append([]jen.Code{at}, args...)...))
	}
	if c.MinRunes != nil {
		call("minRunes", v, jen.Lit(*c.MinRunes))
	}
	if c.MaxRunes != nil {
		call("maxRunes", v, jen.Lit(*c.MaxRunes))
	}
	if c.Pattern != "" { // the model allows patterns on named scalars only
		call("pattern", v, pattern)
	}
	if c.Min != nil {
		call("min", v, jen.Lit(*c.Min))
	}
	if c.Max != nil {
		call("max", v, jen.Lit(*c.Max))
	}
	if base == model.Date {
		call("date", v)
	}
	return out
}

// scalarValidator emits validate<Scalar> and its compiled pattern.
func scalarValidator(f *jen.File, s *model.Scalar) {
	var pattern *jen.Statement
	if s.Pattern != "" {
		name := "pattern" + s.GoName
		f.Var().Id(name).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(s.Pattern))
		pattern = jen.Id(name)
	}
	arg := jen.String()
	if s.Base == model.Int {
		arg = jen.Int64()
	}
	f.Commentf("// validate%s checks the constraints of %s: %s.", s.GoName, s.GoName, describe(s))
	f.Func().Id("validate"+s.GoName).Params(jen.Id("p").Op("*").Id("problems"), jen.Id("path").String(), jen.Id("v").Add(arg)).Block(
		constraintChecks(s.Base, s.Constraints, jen.Id("v"), jen.Id("path"), pattern)...,
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
