// Package clayout emits the C of the layout package for the firmware team:
// generated/c/types.h (the constants, every struct, the layout enums and
// the asserts that pin each size and offset), catalog.h (one macro per
// item, the capacity, the slots, class, channel and name per id),
// ownership.h (the ledger view and its header-only functions), and the file
// codec deck_file.h + deck_file.c (sizes per version, CRC-32, the loader's
// checks in the Go loader's order, migration field by field, the encoder,
// the overwrite guard and a new career, and the streaming decoder and
// encoder, which hold no more than the state and a chunk). The C is written
// to pass cppcheck's MISRA C:2012 addon with no Required finding (the
// Advisory deviations it keeps are recorded at their lines) and Frama-C's
// Eva with no alarm; conformance/c checks both.
//
// The files are rendered from the text/templates in templates/; this
// package computes what the templates print (declarations, tables, byte
// expressions, codec statements), so the templates hold layout only. The
// C is C11 (and usable from C++11) and includes only <stdint.h>,
// <stddef.h> and, in C, <stdbool.h>. Every file carries one stamp, a hash
// of everything the run wrote, and checks it against types.h, so files of
// two runs mixed fail to compile.
package clayout

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"path"
	"regexp"
	"strings"
	"sync"
	"text/template"

	"github.com/schemagen/schemagen/gen/escape"
	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/layoutplan"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
	"github.com/schemagen/schemagen/templates"
)

// Dir is where the headers go, under generated/.
const Dir = "c"

// parsed parses the templates once, when a layout is first rendered: a run
// with no layout package pays nothing for them.
var parsed = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").Funcs(funcs).ParseFS(templates.FS, "*.tmpl"))
})

// hashMark stands for the stamp while the files are rendered; the stamp is
// the hash of every file with the mark in it.
const hashMark = "@SCHEMAGEN_HASH@"

var funcs = template.FuncMap{
	"doc":         doc,
	"note":        note,
	"docSuffix":   docSuffix,
	"oneLine":     oneLine,
	"fieldDoc":    fieldDoc,
	"itemDoc":     itemDoc,
	"decl":        decl,
	"hex":         func(v int64) string { return fmt.Sprintf("0x%X", v) },
	"sentence":    sentence,
	"crcSize":     func() int { return layoutmodel.CRCSize },
	"leRead":      leRead,
	"leWrite":     leWrite,
	"hash":        func() string { return hashMark },
	"lenMacros":   lenMacros,
	"enumNote":    enumNote,
	"cString":     cString,
	"crcTable":    crcTable,
	"headerWrite": headerWrite,
	"headerRead":  headerRead,
	"magicBytes":  magicBytes,
	"add":         func(a, b int) int { return a + b },
	"join":        strings.Join,
	"zeroedNote":  zeroedNote,
	"placeCode":   placeCode,
	"seq": func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	},
	"payloadSizeMacro": payloadSizeMacro,
	"lenAsserts":       lenAsserts,
	// Bound per run to the layout's macro (see generate).
	"assertMacro":  func() string { return "" },
	"catalogMacro": func(string) string { return "" },
}

// Generate renders the headers of every layout package.
func Generate(s *model.Schema) ([]output.File, error) {
	return output.Each(s.Layouts, func(l *layoutmodel.Layout) ([]output.File, error) { return generate(l, s.Config.Output) })
}

// view is what the templates see: the layout and what clayout computes
// from it.
type view struct {
	*layoutmodel.Layout
	// CDir is the folder the headers are in, as the module names it
	// (generated/c), for the messages that say to regenerate them.
	CDir string
	// TypesStructs are the structs types.h declares, every one after the
	// structs it contains: all but the ledger view.
	TypesStructs []*layoutmodel.Struct
	// Float32 and Float64 say whether a struct has a float or a double:
	// types.h then asserts that the compiler's is IEEE-754.
	Float32, Float64 bool
	// Prefixes are the older versions whose layout is a prefix of the
	// current one, with the field that the version after them appends.
	Prefixes []prefix
	Classes  []*layoutmodel.Class
	Channels []*layoutmodel.Channel
	IDLimit  int
	// ByID is every id below IDLimit, with its item or nil: the catalog's
	// tables list them all, in order, for C++ has no array designators.
	ByID []*layoutmodel.CatalogItem
	// NamePool is every item name NUL-terminated, in id order, and
	// NameAt the offset of each id's name in it (0, the empty string
	// first, for an id no item has).
	NamePool string
	NameAt   []int

	// The file codec.
	Codecs      []structCodec // every struct but the ledger view, the root last
	Migrations  []migration
	FileSizeMax int
	// PayloadLenMax is the most payload_len can say: the size of a file
	// whose header says neither is at most this plus the header and CRC.
	PayloadLenMax int64
	// The streaming codec: where each loadable version's payload bytes
	// land, the in-place fixes, the byte walkers, the current header.
	Places      []placement
	Fixes       []structFix
	Walkers     []byteWalker
	HeaderBytes string
	// DecoderPad is how many bytes the decoder context adds after its
	// flags so that no compiler pads it (the firmware builds with -Wpadded).
	DecoderPad int
	// Uses says which of the codec's helpers (@H@rd16, @H@s8, …) the
	// code calls: only those are emitted, as clang warns of the rest.
	Uses map[string]bool
}

type prefix struct {
	Version     *layoutmodel.Version
	Next        *layoutmodel.LayoutField
	NextVersion int
}

func generate(l *layoutmodel.Layout, out string) ([]output.File, error) {
	v := &view{Layout: l, CDir: path.Join(out, Dir)}
	if l.Catalog != nil {
		v.Classes, v.Channels = l.Catalog.Classes, l.Catalog.Channels
	}
	if l.Ledger != nil {
		for _, s := range l.Structs {
			for _, f := range s.Fields {
				if f.Type.Struct == l.Ledger.View {
					return nil, &model.Error{Pos: f.Pos, Msg: fmt.Sprintf("#%s.%s: the ledger view #%s is declared in ownership.h and cannot be nested in another struct", s.Name, f.Name, f.Type.Struct.Name)}
				}
			}
		}
	}
	done := map[*layoutmodel.Struct]bool{}
	var visit func(s *layoutmodel.Struct)
	visit = func(s *layoutmodel.Struct) {
		if done[s] {
			return
		}
		done[s] = true
		for _, f := range s.Fields {
			if f.Type.Struct != nil {
				visit(f.Type.Struct)
			}
			v.Float32 = v.Float32 || f.Type.Prim == layoutmodel.Float32
			v.Float64 = v.Float64 || f.Type.Prim == layoutmodel.Float64
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
		v.ByID = make([]*layoutmodel.CatalogItem, v.IDLimit)
		v.NameAt = make([]int, v.IDLimit)
		pool := []byte{0}
		for _, it := range c.Items {
			v.ByID[it.ID] = it
			v.NameAt[it.ID] = len(pool)
			pool = append(append(pool, it.Name...), 0)
		}
		if len(pool) > 0xFFFF {
			return nil, &model.Error{Pos: c.Pos, Msg: fmt.Sprintf("catalog: the item names take %d bytes, more than %s's uint16 offsets reach", len(pool), l.CFunc("catalog_name"))}
		}
		v.NamePool = string(pool)
	}
	if l.File != nil {
		// The root and the structs it contains, each after the ones it
		// calls; nothing else has a codec (the header is read by field).
		plan := layoutplan.New(l)
		v.Codecs = codecs(reachable(l.Root))
		v.Migrations = migrations(plan)
		v.FileSizeMax = plan.FileSizeMax
		v.PayloadLenMax = plan.PayloadLenMax
		v.Places = placements(plan)
		v.Fixes = fixes(reachable(l.Root))
		v.Walkers = byteWalkers(reachable(l.Root))
		v.HeaderBytes = headerBytes(l)
		// head[header], tail[4] and four flag bytes, padded to 8.
		v.DecoderPad = (8 - (l.File.Header.Size+layoutmodel.CRCSize+4)%8) % 8
		v.Uses = uses(v, l.File)
	}

	dir := Dir
	type unit struct{ tmpl, name string }
	units := []unit{{"types.h.tmpl", "types.h"}}
	if l.Catalog != nil && l.Ledger != nil {
		units = append(units, unit{"catalog.h.tmpl", "catalog.h"}, unit{"ownership.h.tmpl", "ownership.h"})
	}
	if l.File != nil {
		units = append(units, unit{"file.h.tmpl", l.CFileHeader() + ".h"}, unit{"file.c.tmpl", l.CFileHeader() + ".c"})
	}
	var files []output.File
	t := template.Must(parsed().Clone()).Funcs(template.FuncMap{
		"assertMacro":  func() string { return l.CMacro("STATIC_ASSERT") },
		"catalogMacro": l.CatalogCMacro,
	})
	for _, u := range units {
		var buf bytes.Buffer
		if err := t.ExecuteTemplate(&buf, u.tmpl, v); err != nil {
			return nil, fmt.Errorf("clayout: %s: %w", u.name, err)
		}
		data := tidy(bytes.ReplaceAll(buf.Bytes(), []byte(helperMark), []byte(l.CFunc(""))))
		files = append(files, output.File{Path: path.Join(dir, u.name), Data: data})
	}
	return stamp(files), nil
}

// stamp replaces the hash mark in every file with the run's stamp: the
// first 8 bytes of the SHA-256 of every file (path and contents, with the
// mark) as a C unsigned long long. Two runs that wrote anything different
// get different stamps.
func stamp(files []output.File) []output.File {
	h := sha256.New()
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00%d\x00", f.Path, len(f.Data))
		h.Write(f.Data)
	}
	sum := fmt.Sprintf("0x%016XULL", binary.BigEndian.Uint64(h.Sum(nil)))
	for i := range files {
		files[i].Data = bytes.ReplaceAll(files[i].Data, []byte(hashMark), []byte(sum))
	}
	return files
}

// helperCall finds the calls of the codec's helpers.
var helperCall = regexp.MustCompile(`@H@(rd|wr|s|u)(8|16|32|64)\(|@H@bytes_(in|out)\(|@H@f(32|64)_(in|bits)\(|@H@byte64\(`)

// helperMark stands, in the codec's statements and templates, for the
// prefix of its file-local helpers (rd16, bytes_in, crc_table, …): the
// package's name, so that another module's codec says nothing of this
// repository's deck. It is replaced in every file before the stamp.
const helperMark = "@H@"

// uses scans the codec's statements for the helpers they call; the CRC
// always reads and writes 32 bits, and 64-bit access is built on 32.
func uses(v *view, f *layoutmodel.File) map[string]bool {
	var code []string
	for _, c := range v.Codecs {
		code = append(append(code, c.Get...), c.Put...)
	}
	for _, m := range v.Migrations {
		code = append(code, m.Lines...)
	}
	for _, f := range v.Fixes {
		code = append(code, f.Lines...)
	}
	for _, w := range v.Walkers {
		code = append(code, w.Lines...)
	}
	for _, h := range []*layoutmodel.LayoutField{f.MagicField, f.VersionField, f.LengthField} {
		code = append(code, headerRead("buf", h), headerWrite("buf", h, "0"))
	}
	u := map[string]bool{helperMark + "rd32": true, helperMark + "wr32": true}
	for _, line := range code {
		for _, m := range helperCall.FindAllString(line, -1) {
			u[strings.TrimSuffix(m, "(")] = true
		}
	}
	return u
}

// reachable is s and every struct its fields contain, each after the
// structs it contains.
func reachable(s *layoutmodel.Struct) []*layoutmodel.Struct {
	var out []*layoutmodel.Struct
	seen := map[*layoutmodel.Struct]bool{}
	var visit func(s *layoutmodel.Struct)
	visit = func(s *layoutmodel.Struct) {
		if seen[s] {
			return
		}
		seen[s] = true
		for _, f := range s.Fields {
			if f.Type.Struct != nil {
				visit(f.Type.Struct)
			}
		}
		out = append(out, s)
	}
	visit(s)
	return out
}

// lenMacros are the length macros of s's array members, one per
// dimension: name and value.
func lenMacros(s *layoutmodel.Struct) [][2]string {
	var out [][2]string
	for _, f := range s.Fields {
		for d, n := range f.Type.Dims {
			out = append(out, [2]string{s.CLen(f, d), fmt.Sprint(n)})
		}
	}
	return out
}

// zeroedNote says which fields a migration zero-fills.
func zeroedNote(m migration) string {
	if len(m.Zeroed) == 0 {
		return ""
	}
	return fmt.Sprintf("; %s, which version %d lacks, zero-filled", strings.Join(m.Zeroed, ", "), m.Version.Number)
}

// payloadSizeMacro is the body of <PKG>_PAYLOAD_SIZE(v): a chain of
// conditionals, each fully parenthesized (MISRA C:2012 rule 12.1).
func payloadSizeMacro(vs []*layoutmodel.Version) string {
	out := "0u"
	for i := len(vs) - 1; i >= 0; i-- {
		out = fmt.Sprintf("(((v) == %du) ? %du : %s)", vs[i].Number, vs[i].Size, out)
	}
	return out
}

// lenAsserts are the asserts that s's length macros are its members'
// lengths: the argument list of the assert macro.
func lenAsserts(s *layoutmodel.Struct) []string {
	var out []string
	for _, f := range s.Fields {
		member := fmt.Sprintf("((%s *)0)->%s", s.CName, f.Name)
		for d := range f.Type.Dims {
			outer := member + strings.Repeat("[0]", d)
			out = append(out, fmt.Sprintf("sizeof(%s) / sizeof(%s[0]) == %s, \"%s.%s has %s elements%s\"",
				outer, outer, s.CLen(f, d), s.CName, f.Name, s.CLen(f, d), dimWord(d)))
		}
	}
	return out
}

func dimWord(d int) string {
	if d == 0 {
		return ""
	}
	return fmt.Sprintf(" in dimension %d", d+1)
}

// enumNote is what a field holding an enum adds to its doc.
func enumNote(f *layoutmodel.LayoutField) string {
	if f.Enum == nil {
		return ""
	}
	prefix := f.Enum.Members[0].CName
	if i := strings.LastIndex(prefix, "_"); i > 0 {
		prefix = prefix[:i]
	}
	return fmt.Sprintf(" Holds %s values (%s_*); the member stays %s, as a C enum's size is the compiler's choice.", f.Enum.CName, prefix, f.Type.Prim.C())
}

// cString is s as a C string literal, split into lines of about 70

func cString(s string) []string {
	var lines []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0:
			// The literal ends after the escape, so that nothing follows
			// it in the same literal (MISRA C:2012 rule 4.1).
			cur.WriteString(`\0`)
			if i+1 < len(s) && cur.Len() >= 67 {
				lines = append(lines, `"`+cur.String()+`"`)
				cur.Reset()
				continue
			}
			if i+1 < len(s) {
				cur.WriteString(`" "`)
			}
		case c == '"' || c == '\\':
			cur.WriteByte('\\')
			cur.WriteByte(c)
		default:
			cur.WriteByte(c)
		}
		if cur.Len() >= 70 || i == len(s)-1 {
			lines = append(lines, `"`+cur.String()+`"`)
			cur.Reset()
		}
	}
	return lines
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

// comment makes text safe inside a C block comment (escape.CComment).
func comment(text string) string { return escape.CComment(text) }

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

// fieldDoc is a member's doc, with the enum it holds and the version that
// added it for the root.
func fieldDoc(f *layoutmodel.LayoutField) string {
	d := f.Doc + enumNote(f)
	if f.Since != 0 {
		return fmt.Sprintf("%s (since v%d)", d, f.Since)
	}
	return d
}

func itemDoc(it *layoutmodel.CatalogItem) string {
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
func decl(f *layoutmodel.LayoutField) string {
	t := f.Type
	elem := t.Prim.C()
	if t.Struct != nil {
		elem = t.Struct.CName
	}
	var dims strings.Builder
	for _, d := range t.Dims {
		fmt.Fprintf(&dims, "[%d]", d)
	}
	return elem + " " + f.Name + dims.String()
}

// sentence ends a doc text with one full stop, safe inside a C comment.
func sentence(s string) string { return strings.TrimSuffix(comment(s), ".") + "." }

// leRead is a C expression reading an unsigned field of the ledger view
// from the bytes at ptr, little-endian, as uint32_t.
func leRead(ptr string, view *layoutmodel.Struct, f *layoutmodel.LayoutField) string {
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
func leWrite(ptr string, view *layoutmodel.Struct, f *layoutmodel.LayoutField, value int64) []string {
	var out []string
	for i := 0; i < f.Size(); i++ {
		out = append(out, fmt.Sprintf("%s[%s] = 0x%02Xu;", ptr, at(view, f, i), (value>>(8*i))&0xFF))
	}
	return out
}

// at is the C expression of byte i of field f of the view.
func at(view *layoutmodel.Struct, f *layoutmodel.LayoutField, i int) string {
	if i == 0 {
		return fmt.Sprintf("(size_t)offsetof(%s, %s)", view.CName, f.Name)
	}
	return fmt.Sprintf("(size_t)offsetof(%s, %s) + %du", view.CName, f.Name, i)
}
