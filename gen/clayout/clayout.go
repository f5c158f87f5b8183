// Package clayout emits the C headers of the layout package for the
// firmware team: generated/c/types.h (the constants, every struct and the
// _Static_asserts that pin each size and offset), catalog.h (one macro per
// item, the capacity, the slots, class and channel per id) and ownership.h
// (the ledger view and its header-only functions).
//
// The headers are rendered from the text/templates in templates/; this
// package computes what the templates print (declarations, tables, byte
// expressions), so the templates hold layout only. The C is C11 and
// includes only <stdint.h> and <stddef.h>.
package clayout

import (
	"bytes"
	"fmt"
	"path"
	"strings"
	"text/template"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
	"github.com/schemagen/schemagen/templates"
)

// Dir is where the headers go, under generated/.
const Dir = "c"

var tmpl = template.Must(template.New("").Funcs(funcs).ParseFS(templates.FS, "*.h.tmpl"))

var funcs = template.FuncMap{
	"doc":          doc,
	"note":         note,
	"docSuffix":    docSuffix,
	"oneLine":      oneLine,
	"fieldDoc":     fieldDoc,
	"itemDoc":      itemDoc,
	"decl":         decl,
	"hex":          func(v int64) string { return fmt.Sprintf("0x%X", v) },
	"int":          func(v any) int { return toInt(v) },
	"crcSize":      func() int { return model.CRCSize },
	"catalogMacro": model.CatalogCMacro,
	"classMacro":   classMacro,
	"leRead":       leRead,
	"leWrite":      leWrite,
}

// Generate renders the headers of every layout package.
func Generate(s *model.Schema) ([]output.File, error) {
	return output.Each(s.Layouts, generate)
}

// view is what the templates see: the layout and what clayout computes
// from it.
type view struct {
	*model.Layout
	// TypesStructs are the structs types.h declares, every one after the
	// structs it contains: all but the ledger view.
	TypesStructs []*model.Struct
	// Prefixes are the older versions whose layout is a prefix of the
	// current one, with the field that the version after them appends.
	Prefixes []prefix
	Classes  []model.Class
	Channels []model.Channel
	IDLimit  int
}

type prefix struct {
	Version     *model.Version
	Next        *model.LayoutField
	NextVersion int
}

func generate(l *model.Layout) ([]output.File, error) {
	v := &view{Layout: l, Classes: model.Classes, Channels: model.Channels}
	if l.Ledger != nil {
		for _, s := range l.Structs {
			for _, f := range s.Fields {
				if f.Type.Struct == l.Ledger.View {
					return nil, &model.Error{Pos: f.Pos, Msg: fmt.Sprintf("#%s.%s: the ledger view #%s is declared in ownership.h and cannot be nested in another struct", s.Name, f.Name, f.Type.Struct.Name)}
				}
			}
		}
	}
	done := map[*model.Struct]bool{}
	var visit func(s *model.Struct)
	visit = func(s *model.Struct) {
		if done[s] {
			return
		}
		done[s] = true
		for _, f := range s.Fields {
			if f.Type.Struct != nil {
				visit(f.Type.Struct)
			}
		}
		if l.Ledger == nil || s != l.Ledger.View {
			v.TypesStructs = append(v.TypesStructs, s)
		}
	}
	for _, s := range l.Structs {
		visit(s)
	}
	cur := l.Current()
	for i, ver := range l.Versions[:len(l.Versions)-1] {
		if len(ver.Fields) >= len(cur.Fields) || l.SharedPrefix(ver, cur) != ver.Size {
			continue // not a prefix (a stated loss since): only its size macro
		}
		next := l.Versions[i+1]
		v.Prefixes = append(v.Prefixes, prefix{Version: ver, Next: cur.Fields[len(ver.Fields)].Field, NextVersion: next.Number})
	}
	if c := l.Catalog; c != nil {
		for _, it := range c.Items {
			v.IDLimit = max(v.IDLimit, it.ID+1)
		}
	}

	dir := Dir
	headers := []string{"types"}
	if l.Catalog != nil && l.Ledger != nil {
		headers = append(headers, "catalog", "ownership")
	}
	var files []output.File
	for _, h := range headers {
		var buf bytes.Buffer
		if err := tmpl.ExecuteTemplate(&buf, h+".h.tmpl", v); err != nil {
			return nil, fmt.Errorf("clayout: %s.h: %w", h, err)
		}
		files = append(files, output.File{Path: path.Join(dir, h+".h"), Data: tidy(buf.Bytes())})
	}
	return files, nil
}

// tidy collapses runs of blank lines the templates leave and ends the file
// with one newline.
func tidy(b []byte) []byte {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	var out []string
	for i, l := range lines {
		l = strings.TrimRight(l, " \t")
		if l == "" && i > 0 && out[len(out)-1] == "" {
			continue
		}
		out = append(out, l)
	}
	return []byte(strings.Join(out, "\n") + "\n")
}

// comment makes text safe inside a C block comment.
func comment(text string) string {
	text = strings.ReplaceAll(text, "*/", "* /")
	return strings.ReplaceAll(text, "/*", "/ *")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func docSuffix(s string) string {
	if s = oneLine(s); s != "" {
		return ": " + s
	}
	return "."
}

// note renders text as a plain /* */ comment, wrapped.
func note(text string) string {
	lines := wrap(strings.TrimSpace(comment(text)), 77)
	if len(lines) == 1 {
		return "/* " + lines[0] + " */"
	}
	return "/*\n * " + strings.Join(lines, "\n * ") + "\n */"
}

// doc renders text as a /** */ comment at the given indent ("" or a
// tab): on one line when it fits, else wrapped, one line of text per line.
func doc(indent, text string) string {
	text = strings.TrimSpace(comment(text))
	if text == "" {
		return ""
	}
	width := 80 - 8*len(indent)
	if !strings.Contains(text, "\n") && len(text)+7 <= width {
		return indent + "/** " + text + " */"
	}
	var b strings.Builder
	b.WriteString(indent + "/**\n")
	for _, l := range wrap(text, width-3) {
		if l == "" {
			b.WriteString(indent + " *\n")
		} else {
			b.WriteString(indent + " * " + l + "\n")
		}
	}
	b.WriteString(indent + " */")
	return b.String()
}

// wrap breaks every line of text longer than width at spaces.
func wrap(text string, width int) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t")
		for len(line) > width {
			i := strings.LastIndex(line[:width+1], " ")
			if i <= 0 {
				break
			}
			out = append(out, line[:i])
			line = line[i+1:]
		}
		out = append(out, line)
	}
	return out
}

// fieldDoc is a member's doc, with the version that added it for the root.
func fieldDoc(f *model.LayoutField) string {
	if f.Since != 0 {
		return fmt.Sprintf("%s (since v%d)", f.Doc, f.Since)
	}
	return f.Doc
}

func itemDoc(it *model.CatalogItem) string {
	s := fmt.Sprintf("%s: %s, %s", it.Name, it.Class, it.Channel)
	if it.Slot >= 0 {
		s += fmt.Sprintf(", slot %d", it.Slot)
	}
	if it.Doc != "" {
		s += ". " + oneLine(it.Doc)
	}
	return s
}

// decl is a member's C declaration, e.g. "char slots[16][80]".
func decl(f *model.LayoutField) string {
	t := f.Type
	elem := t.ElemName()
	if t.Struct == nil {
		elem = t.Prim.C()
	}
	var dims strings.Builder
	for _, d := range t.Dims {
		fmt.Fprintf(&dims, "[%d]", d)
	}
	return elem + " " + f.Name + dims.String()
}

func classMacro(name string) (string, error) {
	for _, k := range model.Classes {
		if k.String() == name {
			return k.CMacro(), nil
		}
	}
	return "", fmt.Errorf("no class %q", name)
}

func toInt(v any) int {
	switch x := v.(type) {
	case model.Class:
		return int(x)
	case model.Channel:
		return int(x)
	case int:
		return x
	}
	panic(fmt.Sprintf("clayout: int of %T", v))
}

// leRead is a C expression reading an unsigned field of the ledger view
// from the bytes at ptr, little-endian, as uint32_t.
func leRead(ptr string, view *model.Struct, f *model.LayoutField) string {
	var parts []string
	for i := 0; i < f.Size(); i++ {
		p := fmt.Sprintf("(uint32_t)%s[%s]", ptr, at(view, f, i))
		if i > 0 {
			p += fmt.Sprintf(" << %d", 8*i)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " | ")
}

// leWrite is the C statements writing value into an unsigned field of the
// ledger view at ptr, little-endian.
func leWrite(ptr string, view *model.Struct, f *model.LayoutField, value int64) []string {
	var out []string
	for i := 0; i < f.Size(); i++ {
		out = append(out, fmt.Sprintf("%s[%s] = 0x%02Xu;", ptr, at(view, f, i), (value>>(8*i))&0xFF))
	}
	return out
}

// at is the C expression of byte i of field f of the view.
func at(view *model.Struct, f *model.LayoutField, i int) string {
	if i == 0 {
		return fmt.Sprintf("offsetof(%s, %s)", view.Name, f.Name)
	}
	return fmt.Sprintf("offsetof(%s, %s) + %d", view.Name, f.Name, i)
}
