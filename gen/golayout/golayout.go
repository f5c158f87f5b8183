// Package golayout emits the layout package as Go for the host team:
// generated/go/<package>/ (generated/go/deck), the same layout the C
// headers pin.
//
// It writes the constants (the current version, the ceiling, each version's
// payload size, the file's magic and sizes), one struct per layout struct
// with fixed-size arrays, the size of each struct and the offset and size
// of each of its fields, a little-endian encoder and decoder per struct
// that reads and writes every field at its offset without reflection, the
// root's per-version field table (with FieldInfo.Members for the fields of
// nested structs, so a reader can walk every value by its schema name), the
// ledger's constants and the catalog as typed constants with a metadata
// table (all with jennifer). For a layout with a file it also writes the
// file codec — Parse, Load with migration, Migrate, Encode, EncodeFile,
// MayOverwrite, the typed errors and New<Root> (file.go, with the payload
// paths native.go and purego.go) — and for one with a ledger and a catalog
// the ledger's Go twin of ownership.h (ledger.go), rendered from
// templates/go with what codec.go computes from the model and from the plan
// gen/layoutplan makes for gen/clayout too.
package golayout

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"golang.org/x/sync/errgroup"

	"github.com/schemagen/schemagen/gen/escape"
	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
)

const le = "encoding/binary"

// Generate returns the Go package of every layout package.
func Generate(s *model.Schema) ([]output.File, error) {
	return output.Each(s.Layouts, func(l *layoutmodel.Layout) ([]output.File, error) { return generate(l, s.Config.Output) })
}

func generate(l *layoutmodel.Layout, outDir string) ([]output.File, error) {
	dir := path.Join("go", l.Path)
	newFile := func() *jen.File {
		f := jen.NewFile(model.GoPackageName(l.Name))
		f.HeaderComment(output.GoHeader)
		f.HeaderComment("Source: " + l.Dir)
		return f
	}
	doc := jen.NewFile(model.GoPackageName(l.Name))
	doc.HeaderComment(output.GoHeader)
	doc.PackageComment(comment(packageDoc(l, outDir)))
	lay := newFile()
	layoutDecls(lay, l)
	st := newFile()
	for _, s := range ordered(l) {
		structDecls(st, l, s)
	}
	files := []struct {
		name string
		f    *jen.File
	}{{"doc.go", doc}, {"layout.go", lay}, {"structs.go", st}}
	if len(l.Enums) > 0 {
		en := newFile()
		for _, e := range l.Enums {
			enumDecls(en, e)
		}
		files = append(files, struct {
			name string
			f    *jen.File
		}{"enums.go", en})
	}
	if l.Catalog != nil && l.Ledger != nil {
		cat := newFile()
		catalogDecls(cat, l)
		files = append(files, struct {
			name string
			f    *jen.File
		}{"catalog.go", cat})
	}

	codec, err := codecFiles(l, outDir, dir)
	if err != nil {
		return nil, err
	}

	// Rendering runs gofmt over each file, which is most of this
	// emitter's time; the files are independent, so render them side by
	// side.
	out := make([]output.File, len(files))
	var g errgroup.Group
	for i, file := range files {
		g.Go(func() error {
			var buf bytes.Buffer
			if err := file.f.Render(&buf); err != nil {
				return fmt.Errorf("golayout: %s: %w", file.name, err)
			}
			out[i] = output.File{Path: path.Join(dir, file.name), Data: buf.Bytes()}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return append(out, codec...), nil
}

func packageDoc(l *layoutmodel.Layout, out string) string {
	d := l.Doc
	if d == "" {
		d = "Package " + l.Name + " is a binary layout."
	}
	return d + "\n\n" + fmt.Sprintf("Every struct here is laid out exactly as its C twin in %s/c (little-endian, no padding). Encode and Decode<Struct> write and read every field at the offset this package's constants state, without reflection.", out)
}

// ordered is the structs with the root first, then the others in
// declaration order.
func ordered(l *layoutmodel.Layout) []*layoutmodel.Struct {
	out := []*layoutmodel.Struct{l.Root}
	for _, s := range l.Structs {
		if s != l.Root {
			out = append(out, s)
		}
	}
	return out
}

// comment renders doc text as // lines: each paragraph (paragraphs are
// separated by a blank line) reflowed to 77 columns, the text made safe
// by escape.GoComment.
func comment(text string) string {
	var lines []string
	for i, para := range strings.Split(strings.TrimSpace(escape.GoComment(text)), "\n\n") {
		if i > 0 {
			lines = append(lines, "//")
		}
		l := strings.Join(strings.Fields(para), " ")
		for len(l) > 74 {
			j := strings.LastIndex(l[:75], " ")
			if j <= 0 {
				break
			}
			lines = append(lines, "// "+l[:j])
			l = l[j+1:]
		}
		lines = append(lines, "// "+l)
	}
	return strings.Join(lines, "\n")
}

// lowerFirst lowers the first letter of a sentence (a letter, not a byte:
// the doc may start with any character).
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// docFor prefixes doc with name, as Go doc comments start.
func docFor(name, doc string) string {
	if strings.HasPrefix(doc, name+" ") {
		return comment(doc)
	}
	return comment(name + ": " + lowerFirst(doc))
}

func layoutDecls(f *jen.File, l *layoutmodel.Layout) {
	root := l.Root.Name
	f.Const().Defs(
		jen.Comment(fmt.Sprintf("// StructVersion is the layout version %s has now: the newest shipped one.", root)),
		jen.Id("StructVersion").Op("=").Lit(l.Current().Number),
		jen.Comment(docFor("StateCeiling", orDefault(l.Ceiling.Doc, "sizeof("+root+") may never exceed this."))),
		jen.Id("StateCeiling").Op("=").Lit(int(l.Ceiling.Value)),
		jen.Comment(docFor("MigrateMinVersion", orDefault(l.MigrateFrom.Doc, "Files of this version or newer migrate forward."))),
		jen.Id("MigrateMinVersion").Op("=").Lit(int(l.MigrateFrom.Value)),
	)
	f.Comment(fmt.Sprintf("// The size of %s at each shipped version: the payload of a file of that version.", root))
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, v := range l.Versions {
			d := fmt.Sprintf("%s is sizeof(%s) at version %d", v.GoPayloadSize(), root, v.Number)
			if v.Doc != "" {
				d += ": " + v.Doc
			} else {
				d += "."
			}
			if v.Loss != "" {
				d += " It is not an append of the version before; it accepted a loss: " + v.Loss
			}
			g.Comment(comment(d))
			g.Id(v.GoPayloadSize()).Op("=").Lit(v.Size)
		}
	})
	f.Commentf("// PayloadSize returns sizeof(%s) at a shipped version, and false for a", root)
	f.Comment("// version that never shipped.")
	f.Func().Id("PayloadSize").Params(jen.Id("version").Int()).Params(jen.Int(), jen.Bool()).Block(
		jen.Switch(jen.Id("version")).BlockFunc(func(g *jen.Group) {
			for _, v := range l.Versions {
				g.Case(jen.Lit(v.Number)).Block(jen.Return(jen.Id(v.GoPayloadSize()), jen.True()))
			}
		}),
		jen.Return(jen.Lit(0), jen.False()),
	)
	if fl := l.File; fl != nil {
		f.Comment(comment(fmt.Sprintf("The file: a %s, the payload (%s at the header's version), then a CRC-32 (IEEE, as hash/crc32) of header and payload; all little-endian.", fl.Header.GoName, root)))
		f.Const().Defs(
			jen.Comment(docFor("FileMagic", orDefault(fl.Magic.Doc, "The first bytes of every file."))),
			jen.Id("FileMagic").Op("=").Add(hex(fl.Magic.Value)),
			jen.Commentf("// FileHeaderSize is the size of %s.", fl.Header.GoName),
			jen.Id("FileHeaderSize").Op("=").Lit(fl.Header.Size),
			jen.Comment("// FileCRCSize is the size of the CRC-32 that ends the file."),
			jen.Id("FileCRCSize").Op("=").Lit(layoutmodel.CRCSize),
		)
	}

	f.Commentf("// FieldInfo is one field of %s at its offset in one version.", root)
	f.Type().Id("FieldInfo").Struct(
		jen.Id("Name").String().Comment("as in the schema and in C, e.g. cart_history"),
		jen.Id("Type").String().Comment("the schema's C type, e.g. CartRecord[17]"),
		jen.Id("Offset").Int(),
		jen.Id("Size").Int(),
		jen.Id("Since").Int().Comment("the version that added it"),
	)
	f.Commentf("// Fields returns the layout of %s at a shipped version, field by field in", root)
	f.Comment("// order, and nil for a version that never shipped.")
	f.Func().Id("Fields").Params(jen.Id("version").Int()).Index().Id("FieldInfo").Block(
		jen.Switch(jen.Id("version")).BlockFunc(func(g *jen.Group) {
			for _, v := range l.Versions {
				var rows []jen.Code
				for _, p := range v.Fields {
					rows = append(rows, jen.Values(jen.Lit(p.Field.Name), jen.Lit(p.Field.Type.Spelling), jen.Lit(p.Offset), jen.Lit(p.Field.Size()), jen.Lit(p.Field.Since)))
				}
				g.Case(jen.Lit(v.Number)).Block(jen.Return(jen.Index().Id("FieldInfo").ValuesFunc(func(g *jen.Group) {
					for _, r := range rows {
						g.Line().Add(r)
					}
					g.Line()
				})))
			}
		}),
		jen.Return(jen.Nil()),
	)

	membersDecl(f, l)

	f.Comment("// SizeError is what a decoder returns when it is given a number of bytes")
	f.Comment("// other than the size of what it decodes.")
	f.Type().Id("SizeError").Struct(
		jen.Id("Type").String().Comment("the struct, e.g. "+root),
		jen.Id("Want").Int(),
		jen.Id("Got").Int(),
	)
	f.Func().Params(jen.Id("e").Op("*").Id("SizeError")).Id("Error").Params().String().Block(
		jen.Return(jen.Qual("fmt", "Sprintf").Call(jen.Lit(l.Name+": a %s is %d bytes, got %d"), jen.Id("e").Dot("Type"), jen.Id("e").Dot("Want"), jen.Id("e").Dot("Got"))),
	)
}

// membersDecl emits FieldInfo.Members: the fields of every struct a field of
// the root (in any version) or of a nested struct has as its type, so that a
// reader can walk every value of the root by its schema names without the
// schema (deck inspect does). It is a method rather than a package-level
// function so that it adds no name to the package.
func membersDecl(f *jen.File, l *layoutmodel.Layout) {
	var order []*layoutmodel.Struct
	spellings := map[*layoutmodel.Struct][]string{}
	var visit func(fields []*layoutmodel.LayoutField)
	visit = func(fields []*layoutmodel.LayoutField) {
		for _, m := range fields {
			s := m.Type.Struct
			if s == nil || slices.Contains(spellings[s], m.Type.Spelling) {
				continue
			}
			if spellings[s] == nil {
				order = append(order, s)
			}
			spellings[s] = append(spellings[s], m.Type.Spelling)
			visit(s.Fields)
		}
	}
	visit(l.Root.History)
	f.Comment(comment("Members returns the fields of f's struct type, at their offsets inside one element, for a field whose type is a struct or an array of one, and nil for any other field. Since is 0 for them: only " + l.Root.Name + "'s own fields have versions."))
	f.Func().Params(jen.Id("f").Id("FieldInfo")).Id("Members").Params().Index().Id("FieldInfo").Block(
		jen.Switch(jen.Id("f").Dot("Type")).BlockFunc(func(g *jen.Group) {
			for _, s := range order {
				rows := jen.Index().Id("FieldInfo").ValuesFunc(func(g *jen.Group) {
					for _, m := range s.Fields {
						g.Line().Values(jen.Lit(m.Name), jen.Lit(m.Type.Spelling), jen.Lit(m.Offset), jen.Lit(m.Size()), jen.Lit(0))
					}
					g.Line()
				})
				g.Case(litAll(spellings[s])...).Block(jen.Return(rows))
			}
		}),
		jen.Return(jen.Nil()),
	)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// goType is the Go type of a field: the scalar, enum or struct in its
// arrays.
func goType(m *layoutmodel.LayoutField) *jen.Statement {
	t := m.Type
	s := jen.Null()
	for _, d := range t.Dims {
		s = s.Index(jen.Lit(d))
	}
	switch {
	case t.Struct != nil:
		return s.Id(t.Struct.GoName)
	case m.Enum != nil:
		return s.Id(m.Enum.GoName)
	}
	return s.Id(t.Prim.Go())
}

func fieldComment(s *layoutmodel.Struct, m *layoutmodel.LayoutField) string {
	unit := "bytes"
	if m.Size() == 1 {
		unit = "byte"
	}
	where := fmt.Sprintf("Offset %d, %d %s (%s).", m.Offset, m.Size(), unit, m.Type.Spelling)
	if m.Since != 0 {
		where = fmt.Sprintf("Since v%d; offset %d, %d %s (%s).", m.Since, m.Offset, m.Size(), unit, m.Type.Spelling)
	}
	return comment(m.Doc + " " + where)
}

func structDecls(f *jen.File, l *layoutmodel.Layout, s *layoutmodel.Struct) {
	t := s.GoName
	d := s.Doc
	if s == l.Root {
		d += fmt.Sprintf("\n\nThis is its layout at version %d; Fields gives every version's.", l.Current().Number)
	}
	if g := l.Ledger; g != nil && s == g.View {
		d += fmt.Sprintf("\n\nDecode%s(x.%s[:]) reads it from a %s.", t, g.Field.GoName, l.Root.GoName)
	}
	f.Comment(docFor(t, d))
	f.Type().Id(t).StructFunc(func(g *jen.Group) {
		for _, m := range s.Fields {
			g.Comment(fieldComment(s, m))
			g.Id(m.GoName).Add(goType(m))
		}
	})

	f.Commentf("// The size of %s and the offset and size of each of its fields.", t)
	f.Const().DefsFunc(func(g *jen.Group) {
		g.Id(s.GoSize()).Op("=").Lit(s.Size)
		for _, m := range s.Fields {
			g.Id(s.GoOffset(m)).Op("=").Lit(m.Offset)
			g.Id(s.GoFieldSize(m)).Op("=").Lit(m.Size())
		}
	})

	f.Commentf("// Encode returns the %d bytes of x, little-endian, every field at its offset.", s.Size)
	f.Func().Params(jen.Id("x").Op("*").Id(t)).Id("Encode").Params().Index().Byte().Block(
		jen.Id("b").Op(":=").Make(jen.Index().Byte(), jen.Id(s.GoSize())),
		jen.Id("x").Dot("put").Call(jen.Id("b")),
		jen.Return(jen.Id("b")),
	)
	f.Commentf("// %s reads a %s from exactly %s (%d) bytes.", s.GoDecode(), t, s.GoSize(), s.Size)
	f.Func().Id(s.GoDecode()).Params(jen.Id("b").Index().Byte()).Params(jen.Id(t), jen.Error()).Block(
		jen.Var().Id("x").Id(t),
		jen.If(jen.Len(jen.Id("b")).Op("!=").Id(s.GoSize())).Block(
			jen.Return(jen.Id("x"), jen.Op("&").Id("SizeError").Values(jen.Dict{
				jen.Id("Type"): jen.Lit(t), jen.Id("Want"): jen.Id(s.GoSize()), jen.Id("Got"): jen.Len(jen.Id("b")),
			})),
		),
		jen.Id("x").Dot("get").Call(jen.Id("b")),
		jen.Return(jen.Id("x"), jen.Nil()),
	)

	f.Commentf("// put writes x into b[:%s].", s.GoSize())
	f.Func().Params(jen.Id("x").Op("*").Id(t)).Id("put").Params(jen.Id("b").Index().Byte()).BlockFunc(func(g *jen.Group) {
		g.Id("_").Op("=").Id("b").Index(jen.Id(s.GoSize()).Op("-").Lit(1))
		for _, m := range s.Fields {
			codec(g, true, jen.Id("x").Dot(m.GoName), jen.Id(s.GoOffset(m)), m, 0)
		}
	})
	f.Commentf("// get reads x from b[:%s].", s.GoSize())
	f.Func().Params(jen.Id("x").Op("*").Id(t)).Id("get").Params(jen.Id("b").Index().Byte()).BlockFunc(func(g *jen.Group) {
		g.Id("_").Op("=").Id("b").Index(jen.Id(s.GoSize()).Op("-").Lit(1))
		for _, m := range s.Fields {
			codec(g, false, jen.Id("x").Dot(m.GoName), jen.Id(s.GoOffset(m)), m, 0)
		}
	})
}

var loopVars = []string{"i", "j", "k", "l", "m", "n"}

// codec writes (put) or reads (get) the value expr of field m's type (from
// dimension depth on) at byte offset off of b.
func codec(g *jen.Group, put bool, expr, off *jen.Statement, m *layoutmodel.LayoutField, depth int) {
	t := m.Type
	dims := t.Dims[depth:]
	if len(dims) == 0 {
		scalar(g, put, expr, off, m)
		return
	}
	stride := t.ElemSize()
	for _, d := range dims[1:] {
		stride *= d
	}
	if len(dims) == 1 && t.Struct == nil && m.Enum == nil && (t.Prim == layoutmodel.Uint8 || t.Prim == layoutmodel.Char) {
		span := jen.Id("b").Index(off.Clone(), off.Clone().Op("+").Lit(dims[0]))
		if put {
			g.Copy(span, expr.Clone().Index(jen.Empty(), jen.Empty()))
		} else {
			g.Copy(expr.Clone().Index(jen.Empty(), jen.Empty()), span)
		}
		return
	}
	v := loopVars[depth]
	step := jen.Lit(stride)
	if t.Struct != nil && len(dims) == 1 {
		step = jen.Id(t.Struct.GoSize())
	}
	at := off.Clone().Op("+").Add(step).Op("*").Id(v)
	if stride == 1 {
		at = off.Clone().Op("+").Id(v)
	}
	g.For(jen.Id(v).Op(":=").Range().Add(expr.Clone())).BlockFunc(func(g *jen.Group) {
		codec(g, put, expr.Clone().Index(jen.Id(v)), at, m, depth+1)
	})
}

// scalar writes or reads one element of field m: a scalar, an enum value
// or a struct.
func scalar(g *jen.Group, put bool, expr, off *jen.Statement, m *layoutmodel.LayoutField) {
	t := m.Type
	at := jen.Id("b").Index(off.Clone(), jen.Empty())
	if t.Struct != nil {
		method := "get"
		if put {
			method = "put"
		}
		g.Add(expr.Clone().Dot(method).Call(at))
		return
	}
	p := t.Prim
	// An enum value is first its integer type, then the enum.
	value := expr.Clone()
	if m.Enum != nil && put {
		value = jen.Id(p.Go()).Call(value)
	}
	asField := func(x *jen.Statement) *jen.Statement {
		if m.Enum != nil {
			return jen.Id(m.Enum.GoName).Call(x)
		}
		return x
	}
	if p.Size() == 1 {
		one := jen.Id("b").Index(off.Clone())
		if put {
			g.Add(one).Op("=").Add(conv(p, layoutmodel.Uint8, value))
		} else {
			g.Add(expr.Clone()).Op("=").Add(asField(conv(layoutmodel.Uint8, p, one)))
		}
		return
	}
	bits := fmt.Sprint(8 * p.Size())
	unsigned := map[int]layoutmodel.Prim{2: layoutmodel.Uint16, 4: layoutmodel.Uint32, 8: layoutmodel.Uint64}[p.Size()]
	if p.Float() {
		// A float is its IEEE-754 bits, little-endian: every pattern,
		// NaN payloads and -0 included, reads back as it was written.
		fn := "Float" + bits
		if put {
			g.Qual(le, "LittleEndian").Dot("PutUint"+bits).Call(at, jen.Qual("math", fn+"bits").Call(value))
		} else {
			g.Add(expr.Clone()).Op("=").Qual("math", fn+"frombits").Call(jen.Qual(le, "LittleEndian").Dot("Uint" + bits).Call(at))
		}
		return
	}
	if put {
		g.Qual(le, "LittleEndian").Dot("PutUint"+bits).Call(at, conv(p, unsigned, value))
	} else {
		g.Add(expr.Clone()).Op("=").Add(asField(conv(unsigned, p, jen.Qual(le, "LittleEndian").Dot("Uint"+bits).Call(at))))
	}
}

// enumDirective marks a generated type as a schema enum for schemavet
// (the same directive gen/gotypes writes on the wire enums): its members
// are the package's constants of that type.
const enumDirective = "//schemagen:enum"

// enumDecls emits a layout enum: an integer type, one constant per member
// and a String method giving the schema's names.
func enumDecls(f *jen.File, e *layoutmodel.LayoutEnum) {
	t := e.GoName
	d := e.Doc + fmt.Sprintf("\n\nIt is stored as a %s, in %s.", e.Prim, strings.Join(e.Fields, ", "))
	f.Comment(docFor(t, d) + "\n//\n" + enumDirective)
	f.Type().Id(t).Id(e.Prim.Go())
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, m := range e.Members {
			g.Comment(docFor(m.GoName, lowerFirst(m.Doc)))
			g.Id(m.GoName).Id(t).Op("=").Lit(int(m.Value))
		}
	})
	f.Commentf("// String returns the schema's name of x, e.g. %q.", e.Members[0].Name)
	f.Func().Params(jen.Id("x").Id(t)).Id("String").Params().String().Block(
		jen.Switch(jen.Id("x")).BlockFunc(func(g *jen.Group) {
			for _, m := range e.Members {
				g.Case(jen.Id(m.GoName)).Block(jen.Return(jen.Lit(m.Name)))
			}
		}),
		jen.Return(jen.Qual("fmt", "Sprintf").Call(jen.Lit(t+"(%d)"), jen.Id(e.Prim.Go()).Call(jen.Id("x")))),
	)
}

// conv converts x from one scalar's Go type to another's, when they differ.
func conv(from, to layoutmodel.Prim, x *jen.Statement) *jen.Statement {
	if from.Go() == to.Go() || (from.Size() == 1 && to.Size() == 1 && !from.Signed() && !to.Signed()) {
		return x
	}
	return jen.Id(to.Go()).Call(x)
}

func catalogDecls(f *jen.File, l *layoutmodel.Layout) {
	c, g := l.Catalog, l.Ledger
	f.Const().Defs(
		jen.Commentf("// %s is %s.%s of a ledger anything was committed to.", g.GoConst("Magic"), g.View.GoName, g.MagicField.GoName),
		jen.Id(g.GoConst("Magic")).Op("=").Add(hex(g.Magic.Value)),
		jen.Commentf("// %s is %s.%s of a ledger anything was committed to.", g.GoConst("BlobVersion"), g.View.GoName, g.VersionField.GoName),
		jen.Id(g.GoConst("BlobVersion")).Op("=").Lit(int(g.BlobVersion.Value)),
		jen.Commentf("// CatalogIDCapacity is the number of catalog ids the ledger holds: one bit each in %s.%s.", g.View.GoName, g.Owned.GoName),
		jen.Id("CatalogIDCapacity").Op("=").Lit(g.Capacity()),
		jen.Commentf("// CatalogConsumableSlots is the number of consumable counts the ledger holds: %s.%s.", g.View.GoName, g.Consumables.GoName),
		jen.Id("CatalogConsumableSlots").Op("=").Lit(g.Slots()),
	)

	f.Comment(comment("CatalogID is a catalog item's id: a uint16 ordinal into the ledger's owned bitmap, assigned once, never reused, never moved."))
	f.Type().Id("CatalogID").Uint16()

	enumType(f, "CatalogClass", "CatalogClass is what kind of thing a catalog item is.", func(g *jen.Group) []string {
		var names []string
		for _, k := range c.Classes {
			g.Comment(docFor(k.GoName(), lowerFirst(strings.TrimSuffix(k.Doc, "."))+"."))
			g.Id(k.GoName()).Id("CatalogClass").Op("=").Lit(k.Number)
			names = append(names, k.Name)
		}
		return names
	})
	enumType(f, "CatalogChannel", "CatalogChannel is how a catalog item is acquired: a property of the entry, never stored per item.", func(g *jen.Group) []string {
		var names []string
		for _, k := range c.Channels {
			g.Comment(docFor(k.GoName(), lowerFirst(strings.TrimSuffix(k.Doc, "."))+"."))
			g.Id(k.GoName()).Id("CatalogChannel").Op("=").Lit(k.Number)
			names = append(names, k.Name)
		}
		return names
	})

	f.Comment(comment(orDefault(c.Doc, "The catalog items, by id.")))
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, it := range c.Items {
			d := fmt.Sprintf("%s is %s: %s, %s.", it.GoName, it.Name, it.Class, it.Channel)
			if it.Doc != "" {
				d += " " + it.Doc
			}
			g.Comment(comment(d))
			g.Id(it.GoName).Id("CatalogID").Op("=").Lit(it.ID)
			if it.Slot >= 0 {
				g.Commentf("// %s is the count slot of %s.", it.GoSlot(), it.Name)
				g.Id(it.GoSlot()).Op("=").Lit(it.Slot)
			}
		}
	})

	f.Comment("// CatalogItem is one entry of the catalog.")
	f.Type().Id("CatalogItem").Struct(
		jen.Id("ID").Id("CatalogID"),
		jen.Id("Name").String().Comment("as in the schema, e.g. "+c.Items[0].Name),
		jen.Id("Class").Id("CatalogClass"),
		jen.Id("Channel").Id("CatalogChannel"),
		jen.Id("Slot").Int().Comment("a consumable's count slot; -1 for any other class"),
	)
	f.Var().Id("catalogItems").Op("=").Index(jen.Op("...")).Id("CatalogItem").ValuesFunc(func(g *jen.Group) {
		for _, it := range c.Items {
			g.Line().Values(jen.Id(it.GoName), jen.Lit(it.Name), jen.Id(it.Class.GoName()), jen.Id(it.Channel.GoName()), slotExpr(it))
		}
		g.Line()
	})
	f.Comment("// CatalogItems returns every catalog item, in id order.")
	f.Func().Id("CatalogItems").Params().Index().Id("CatalogItem").Block(
		jen.Return(jen.Qual("slices", "Clone").Call(jen.Id("catalogItems").Index(jen.Empty(), jen.Empty()))),
	)
	f.Comment("// LookupCatalogItem returns the item with the given id, and false when no")
	f.Comment("// item has it.")
	f.Func().Id("LookupCatalogItem").Params(jen.Id("id").Id("CatalogID")).Params(jen.Id("CatalogItem"), jen.Bool()).Block(
		jen.List(jen.Id("i"), jen.Id("ok")).Op(":=").Qual("slices", "BinarySearchFunc").Call(
			jen.Id("catalogItems").Index(jen.Empty(), jen.Empty()), jen.Id("id"),
			jen.Func().Params(jen.Id("it").Id("CatalogItem"), jen.Id("id").Id("CatalogID")).Int().Block(
				jen.Return(jen.Qual("cmp", "Compare").Call(jen.Id("it").Dot("ID"), jen.Id("id"))),
			),
		),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Id("CatalogItem").Values(), jen.False())),
		jen.Return(jen.Id("catalogItems").Index(jen.Id("i")), jen.True()),
	)
	f.Comment("// StarterKit returns the ids of the items every new state is granted.")
	f.Func().Id("StarterKit").Params().Index().Id("CatalogID").Block(
		jen.Return(jen.Index().Id("CatalogID").ValuesFunc(func(g *jen.Group) {
			for _, it := range c.StarterKit {
				g.Id(it.GoName)
			}
		})),
	)
}

func slotExpr(it *layoutmodel.CatalogItem) jen.Code {
	if it.Slot >= 0 {
		return jen.Id(it.GoSlot())
	}
	return jen.Lit(-1)
}

// enumType emits a uint8 type with constants and a String method giving
// the schema's names.
func enumType(f *jen.File, t, doc string, members func(g *jen.Group) []string) {
	f.Comment(docFor(t, doc))
	f.Type().Id(t).Uint8()
	var names []string
	f.Const().DefsFunc(func(g *jen.Group) { names = members(g) })
	f.Commentf("// String returns the schema's name of x, e.g. %q.", names[0])
	f.Func().Params(jen.Id("x").Id(t)).Id("String").Params().String().Block(
		jen.If(jen.Id("x").Op(">=").Lit(1).Op("&&").Int().Call(jen.Id("x")).Op("<=").Lit(len(names))).Block(
			jen.Return(jen.Index().String().Values(litAll(names)...).Index(jen.Id("x").Op("-").Lit(1))),
		),
		jen.Return(jen.Qual("fmt", "Sprintf").Call(jen.Lit(t+"(%d)"), jen.Uint8().Call(jen.Id("x")))),
	)
}

func litAll(ss []string) []jen.Code {
	var out []jen.Code
	for _, s := range ss {
		out = append(out, jen.Lit(s))
	}
	return out
}

// hex is an integer literal written in hex, as magic numbers read best.
func hex(v int64) *jen.Statement { return jen.Op(fmt.Sprintf("0x%X", v)) }
