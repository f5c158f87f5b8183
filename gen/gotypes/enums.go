package gotypes

import (
	"strings"

	"github.com/schemagen/schemagen/gen/model"
)

// enum emits a named string type with its members and methods; the work
// is done by the wire package's Enum helpers, over the member table.
func enum(f *goFile, e *model.Enum) {
	t := e.GoName
	w := f.wire()
	table := enumTable(e)

	f.decl()
	f.doc(docFor(t, e.Doc), EnumDirective)
	f.p("type ", t, " string")

	f.decl()
	f.doc("The members of " + t + ", in schema order.")
	f.p("const (")
	f.depth++
	var run [][]string // members without a doc between them align, as gofmt does
	flush := func() {
		if len(run) > 0 {
			f.columns(run)
			run = nil
		}
	}
	for _, m := range e.Members {
		if m.Doc != "" {
			flush()
			f.comment(m.Doc)
		}
		run = append(run, []string{m.GoName, t, "= " + quote(m.Value)})
	}
	flush()
	f.depth--
	f.p(")")

	ids := make([]string, len(e.Members))
	values := make([]string, len(e.Members))
	for i, m := range e.Members {
		ids[i] = m.GoName
		values[i] = quote(m.Value)
	}
	f.decl()
	f.p("var ", table, " = ", w, ".Enum{Name: ", quote(t), ", Members: []string{", strings.Join(values, ", "), "}}")

	f.decl()
	f.doc(e.ValuesFunc() + " returns every member of " + t + ", in schema order.")
	f.open("func ", e.ValuesFunc(), "() []", t)
	f.p("return []", t, "{", strings.Join(ids, ", "), "}")
	f.close()

	f.decl()
	f.doc("String returns the member's wire value.")
	f.open("func (x ", t, ") String() string")
	f.p("return string(x)")
	f.close()

	f.decl()
	f.doc("Valid reports whether x is a member of " + t + ".")
	f.open("func (x ", t, ") Valid() bool")
	f.p("return ", table, ".Has(string(x))")
	f.close()

	f.decl()
	f.doc(e.ParseFunc() + " returns the member of " + t + " whose wire value is s, or a\n*wire.EnumError that lists the valid members.")
	f.open("func ", e.ParseFunc(), "(s string) (", t, ", error)")
	f.p("return ", w, ".Parse[", t, "](&", table, ", s)")
	f.close()

	f.decl()
	f.doc("MarshalText encodes a member as its wire value and refuses a non-member.")
	f.open("func (x ", t, ") MarshalText() ([]byte, error)")
	f.p("return ", w, ".MarshalText(&", table, ", x)")
	f.close()

	f.decl()
	f.doc("UnmarshalText decodes a wire value, refusing a non-member.")
	f.open("func (x *", t, ") UnmarshalText(b []byte) error")
	f.p("return ", w, ".UnmarshalText(&", table, ", x, b)")
	f.close()

	f.decl()
	f.open("func ", decodeFunc(t), "(r *", w, ".Reader, x *", t, ") error")
	f.p("return ", w, ".DecodeEnum(r, &", table, ", x)")
	f.close()
}

// enumTable names the package-level wire.Enum of an enum.
func enumTable(e *model.Enum) string { return helper("enum", e.GoName) }
