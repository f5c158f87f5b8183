package clayout

import (
	"fmt"
	"hash/crc32"
	"strings"

	"github.com/schemagen/schemagen/gen/model"
)

// The file codec (deck_file.c) reads and writes every scalar byte by byte,
// little-endian, at the offset the model gives it, so it is right on any
// byte order and alignment: it never casts the buffer to a struct. What the
// template prints is computed here, one C statement a string.

// structCodec is the reader and writer of one struct: get reads *x from the
// bytes at p, put writes *x to them.
type structCodec struct {
	Name     string
	Get, Put []string
}

// migration is how the payload of an older version becomes the current
// root: each current field read from where that version has it, the
// fields it lacks zeroed.
type migration struct {
	Version *model.Version
	Lines   []string
	Kept    []string // the fields read from the old payload
	Zeroed  []string // the fields the old version lacks
}

// codecs returns the reader and writer of every struct but the root's
// header-independent order: each after the structs it contains.
func codecs(structs []*model.Struct) []structCodec {
	var out []structCodec
	for _, s := range structs {
		c := structCodec{Name: s.Name}
		for _, f := range s.Fields {
			c.Get = append(c.Get, fieldCode(true, f, f.Offset)...)
			c.Put = append(c.Put, fieldCode(false, f, f.Offset)...)
		}
		out = append(out, c)
	}
	return out
}

// migrations returns the decoder of every version from migrate_from up to
// the one before the current, field by field as the model lays each out:
// a field of the current layout is read from the offset the old version
// has it at (a field is never retyped: it is declared once), and one the
// old version lacks is zero-filled. A field only the old version has is
// dropped, which the model allows only where the version states the loss.
func migrations(l *model.Layout) []migration {
	var out []migration
	cur := l.Current()
	for _, v := range l.Versions {
		if v.Number < l.MigrateFrom.Int() || v == cur {
			continue
		}
		at := map[*model.LayoutField]int{}
		for _, p := range v.Fields {
			at[p.Field] = p.Offset
		}
		m := migration{Version: v}
		for _, p := range cur.Fields {
			off, ok := at[p.Field]
			if !ok {
				m.Lines = append(m.Lines, fmt.Sprintf("deck_zero(&x->%s, sizeof x->%s);", p.Field.Name, p.Field.Name))
				m.Zeroed = append(m.Zeroed, p.Field.Name)
				continue
			}
			m.Lines = append(m.Lines, fieldCode(true, p.Field, off)...)
			m.Kept = append(m.Kept, p.Field.Name)
		}
		out = append(out, m)
	}
	return out
}

var loopVars = []string{"i", "j", "k", "l", "m", "n"}

// fieldCode is the statements that read (get) member f of *x from p+off, or
// write it there.
func fieldCode(get bool, f *model.LayoutField, off int) []string {
	t := f.Type
	lv := "x->" + f.Name
	// Bytes are bytes on every target: a char, int8 or uint8 array is a
	// copy of its object representation (never a char conversion, whose
	// result for values over 127 is the compiler's choice).
	if t.Struct == nil && t.Prim.Size() == 1 && (len(t.Dims) > 0 || t.Prim == model.Char) {
		if get {
			return []string{fmt.Sprintf("deck_bytes_in(&%s, p + %d, %d);", lv, off, t.Size())}
		}
		return []string{fmt.Sprintf("deck_bytes_out(p + %d, &%s, %d);", off, lv, t.Size())}
	}
	if len(t.Dims) == 0 {
		return []string{elemCode(get, t, lv, fmt.Sprintf("p + %d", off))}
	}
	// Nested loops, one per dimension; the element at index (i, j, …) is at
	// off + ((i*D1 + j)*D2 + …)*elem.
	var lines []string
	idx := ""
	flat := ""
	for d, n := range t.Dims {
		v := loopVars[d]
		lines = append(lines, strings.Repeat("\t", d)+fmt.Sprintf("for (size_t %s = 0; %s < %du; %s++) {", v, v, n, v))
		idx += "[" + v + "]"
		if d == 0 {
			flat = v
		} else {
			flat = fmt.Sprintf("(%s) * %du + %s", flat, n, v)
		}
	}
	depth := len(t.Dims)
	at := fmt.Sprintf("p + %d + (%s) * %du", off, flat, t.ElemSize())
	if depth == 1 {
		at = fmt.Sprintf("p + %d + %s * %du", off, flat, t.ElemSize())
	}
	lines = append(lines, strings.Repeat("\t", depth)+elemCode(get, t, lv+idx, at))
	for d := depth - 1; d >= 0; d-- {
		lines = append(lines, strings.Repeat("\t", d)+"}")
	}
	return lines
}

// elemCode reads or writes one element of type t (a scalar or a struct)
// at the byte pointer expression at.
func elemCode(get bool, t *model.CType, lv, at string) string {
	if t.Struct != nil {
		if get {
			return fmt.Sprintf("deck_get_%s(&%s, %s);", t.Struct.Name, lv, at)
		}
		return fmt.Sprintf("deck_put_%s(&%s, %s);", t.Struct.Name, lv, at)
	}
	p := t.Prim
	bits := 8 * p.Size()
	if get {
		rd := fmt.Sprintf("deck_rd%d(%s)", bits, at)
		if bits == 8 {
			rd = index(at)
		}
		if p.Signed() {
			rd = fmt.Sprintf("deck_s%d(%s)", bits, rd)
		}
		return fmt.Sprintf("%s = %s;", lv, rd)
	}
	v := lv
	if p.Signed() {
		v = fmt.Sprintf("(uint%d_t)%s", bits, lv)
	}
	if bits == 8 {
		return fmt.Sprintf("%s = %s;", index(at), v)
	}
	return fmt.Sprintf("deck_wr%d(%s, %s);", bits, at, v)
}

// index turns the pointer expression p + off into p[off].
func index(at string) string {
	return "p[" + strings.TrimPrefix(at, "p + ") + "]"
}

// crcTable is the CRC-32 (IEEE, reflected, as zlib's) table, eight entries
// a line, computed here so that the C needs no initialisation.
func crcTable() []string {
	t := crc32.MakeTable(crc32.IEEE)
	var rows []string
	for i := 0; i < 256; i += 8 {
		var row []string
		for _, v := range t[i : i+8] {
			row = append(row, fmt.Sprintf("0x%08Xu", v))
		}
		rows = append(rows, strings.Join(row, ", ")+",")
	}
	return rows
}

// headerWrite is the statement writing value into a field of the file
// header at ptr, little-endian.
func headerWrite(ptr string, f *model.LayoutField, value string) string {
	if f.Size() == 1 {
		return fmt.Sprintf("%s[%d] = (uint8_t)(%s);", ptr, f.Offset, value)
	}
	return fmt.Sprintf("deck_wr%d(%s + %d, %s);", 8*f.Size(), ptr, f.Offset, value)
}

// headerRead is the expression reading a field of the file header at ptr,
// as a uint32_t.
func headerRead(ptr string, f *model.LayoutField) string {
	if f.Size() == 1 {
		return fmt.Sprintf("(uint32_t)%s[%d]", ptr, f.Offset)
	}
	return fmt.Sprintf("(uint32_t)deck_rd%d(%s + %d)", 8*f.Size(), ptr, f.Offset)
}

// magicBytes is the file magic as it is on disk, as a C initializer list.
func magicBytes(f *model.File) string {
	var b []string
	for i := 0; i < f.MagicField.Size(); i++ {
		b = append(b, fmt.Sprintf("0x%02Xu", (f.Magic.Value>>(8*i))&0xFF))
	}
	return strings.Join(b, ", ")
}
