package clayout

import (
	"fmt"
	"hash/crc32"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/layoutplan"
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
	Version *layoutmodel.Version
	Lines   []string
	Kept    []string // the fields read from the old payload
	Zeroed  []string // the fields the old version lacks
}

// codecs returns the reader and writer of every struct but the root's
// header-independent order: each after the structs it contains.
func codecs(structs []*layoutmodel.Struct) []structCodec {
	var out []structCodec
	for _, s := range structs {
		c := structCodec{Name: s.CName}
		for _, f := range s.Fields {
			c.Get = append(c.Get, fieldCode(true, f, f.Offset)...)
			c.Put = append(c.Put, fieldCode(false, f, f.Offset)...)
		}
		out = append(out, c)
	}
	return out
}

// migrations returns the decoder of every version from migrate_from up to
// the one before the current, field by field as the plan lays each out
// (gen/layoutplan): a field of the current layout is read from the offset
// the old version has it at (a field is never retyped: it is declared
// once), and one the old version lacks is zero-filled.
func migrations(p *layoutplan.Plan) []migration {
	var out []migration
	for _, pm := range p.Migrations {
		m := migration{Version: pm.Version, Kept: pm.Kept, Zeroed: pm.Zeroed}
		for _, mv := range pm.Moves {
			if !mv.Kept {
				m.Lines = append(m.Lines, fmt.Sprintf("@H@zero((uint8_t *)&x->%s, sizeof(x->%s));", mv.Field.Name, mv.Field.Name))
				continue
			}
			m.Lines = append(m.Lines, fieldCode(true, mv.Field, mv.From)...)
		}
		out = append(out, m)
	}
	return out
}

var loopVars = []string{"i", "j", "k", "l", "m", "n"}

// fieldCode is the statements that read (get) member f of *x from the
// bytes at p[off], or write it there. Byte positions are array indexes
// (&p[off]), never pointer arithmetic, as MISRA C:2012 rule 18.4 asks.
func fieldCode(get bool, f *layoutmodel.LayoutField, off int) []string {
	t := f.Type
	lv := "x->" + f.Name
	// Bytes are bytes on every target: a char, int8 or uint8 array is a
	// copy of its object representation (never a char conversion, whose
	// result for values over 127 is the compiler's choice).
	if t.Struct == nil && t.Prim.Size() == 1 && (len(t.Dims) > 0 || t.Prim == layoutmodel.Char) {
		if get {
			return []string{fmt.Sprintf("@H@bytes_in((uint8_t *)&%s, %s, %du);", lv, byteAt(fmt.Sprint(off)), t.Size())}
		}
		return []string{fmt.Sprintf("@H@bytes_out(%s, (const uint8_t *)&%s, %du);", byteAt(fmt.Sprint(off)), lv, t.Size())}
	}
	if len(t.Dims) == 0 {
		return []string{elemCode(get, t, lv, fmt.Sprint(off))}
	}
	// Nested loops, one per dimension; the element at index (i, j, …) is at
	// off + ((i*D1 + j)*D2 + …)*elem.
	var lines []string
	idx := ""
	flat := ""
	for d, n := range t.Dims {
		v := loopVars[d]
		lines = append(lines, strings.Repeat("\t", d)+fmt.Sprintf("for (size_t %s = 0u; %s < %du; %s++) {", v, v, n, v))
		idx += "[" + v + "]"
		if d == 0 {
			flat = v
		} else {
			flat = fmt.Sprintf("((%s * %du) + %s)", flat, n, v)
		}
	}
	depth := len(t.Dims)
	at := fmt.Sprintf("(%s * %du)", flat, t.ElemSize())
	if off != 0 {
		at = fmt.Sprintf("%du + %s", off, at)
	}
	lines = append(lines, strings.Repeat("\t", depth)+elemCode(get, t, lv+idx, at))
	for d := depth - 1; d >= 0; d-- {
		lines = append(lines, strings.Repeat("\t", d)+"}")
	}
	return lines
}

// elemCode reads or writes one element of type t (a scalar or a struct)
// at p[at], at an index expression.
func elemCode(get bool, t *layoutmodel.CType, lv, at string) string {
	if t.Struct != nil {
		if get {
			return fmt.Sprintf("@H@get_%s(&%s, %s);", t.Struct.CName, lv, byteAt(at))
		}
		return fmt.Sprintf("@H@put_%s(&%s, %s);", t.Struct.CName, lv, byteAt(at))
	}
	p := t.Prim
	bits := 8 * p.Size()
	if p.Float() {
		// A float is its IEEE-754 bits, little-endian: read as the
		// unsigned integer of its width and its object representation
		// copied in, never held in a float register (which could quiet
		// a signalling NaN).
		if get {
			return fmt.Sprintf("@H@f%d_in(&%s, @H@rd%d(%s));", bits, lv, bits, byteAt(at))
		}
		return fmt.Sprintf("@H@wr%d(%s, @H@f%d_bits(&%s));", bits, byteAt(at), bits, lv)
	}
	if get {
		rd := fmt.Sprintf("@H@rd%d(%s)", bits, byteAt(at))
		if bits == 8 {
			rd = index(at)
		}
		if p.Signed() {
			rd = fmt.Sprintf("@H@s%d(%s)", bits, rd)
		}
		return fmt.Sprintf("%s = %s;", lv, rd)
	}
	v := lv
	if p.Signed() {
		v = fmt.Sprintf("@H@u%d(%s)", bits, lv)
	}
	if bits == 8 {
		return fmt.Sprintf("%s = %s;", index(at), v)
	}
	return fmt.Sprintf("@H@wr%d(%s, %s);", bits, byteAt(at), v)
}

// unsigned gives a bare decimal index its u suffix: every constant the
// codec compares or adds to a size_t is unsigned (MISRA C:2012 rule 10.4).
func unsigned(at string) string {
	if _, err := strconv.Atoi(at); err == nil {
		return at + "u"
	}
	return at
}

// index is the byte p[at].
func index(at string) string { return "p[" + unsigned(at) + "]" }

// byteAt is the address of the byte p[at]: p itself at 0.
func byteAt(at string) string {
	if at == "0" {
		return "p"
	}
	return "&p[" + unsigned(at) + "]"
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
func headerWrite(ptr string, f *layoutmodel.LayoutField, value string) string {
	if f.Size() == 1 {
		return fmt.Sprintf("%s[%du] = (uint8_t)(%s);", ptr, f.Offset, value)
	}
	return fmt.Sprintf("@H@wr%d(&%s[%du], %s);", 8*f.Size(), ptr, f.Offset, value)
}

// headerRead is the expression reading a field of the file header at ptr,
// as a uint32_t.
func headerRead(ptr string, f *layoutmodel.LayoutField) string {
	if f.Size() == 1 {
		return fmt.Sprintf("(uint32_t)%s[%du]", ptr, f.Offset)
	}
	return fmt.Sprintf("(uint32_t)@H@rd%d(&%s[%du])", 8*f.Size(), ptr, f.Offset)
}

// magicBytes is the file magic as it is on disk, as a C initializer list.
func magicBytes(f *layoutmodel.File) string {
	var b []string
	for i := 0; i < f.MagicField.Size(); i++ {
		b = append(b, fmt.Sprintf("0x%02Xu", (f.Magic.Value>>(8*i))&0xFF))
	}
	return strings.Join(b, ", ")
}

// The streaming codec (deck_file_decoder_*, deck_file_encoder_*) works a
// byte at a time, so that the firmware holds sizeof(root) and a chunk of
// its own choosing, never a whole file. What it needs of the layout is
// computed here: where each payload byte of a loadable version lands in
// the current root (placements), how the little-endian bytes lying in the
// root become its values in place once the CRC vouched for them (fixes),
// and which byte of the current file a payload offset is (byte walkers).

// placeRun is a stretch of a version's payload that lands, byte for byte,
// at To in the current root.
type placeRun struct {
	From, To, Len int
}

// placement is where the payload bytes of one loadable version go: the
// current version's all at their own offsets, a migrating one's kept
// fields at their current offsets (Zeroed lists what it lacks, zero-filled
// once the file is judged sound).
type placement struct {
	Version *layoutmodel.Version
	Runs    []placeRun
	Zeroed  []string
	Current bool
}

// placements returns the placement of the current version and of every
// version that migrates, newest first: the plan's runs (gen/layoutplan).
func placements(p *layoutplan.Plan) []placement {
	cur := p.Current
	out := []placement{{Version: cur, Runs: []placeRun{{0, 0, cur.Size}}, Current: true}}
	for i := len(p.Migrations) - 1; i >= 0; i-- {
		m := p.Migrations[i]
		pl := placement{Version: m.Version, Zeroed: m.Zeroed}
		for _, r := range m.Runs {
			pl.Runs = append(pl.Runs, placeRun{r.From, r.To, r.Len})
		}
		out = append(out, pl)
	}
	return out
}

// placeCode is the statements of the placement function's case for pl:
// at is set to where payload byte o goes when it goes anywhere.
func placeCode(pl placement) []string {
	var lines []string
	for i, r := range pl.Runs {
		cond := fmt.Sprintf("(o >= %du) && (o < %du)", r.From, r.From+r.Len)
		if r.From == 0 {
			cond = fmt.Sprintf("o < %du", r.Len)
		}
		val := "o"
		switch {
		case r.To > r.From:
			val = fmt.Sprintf("o + %du", r.To-r.From)
		case r.To < r.From:
			val = fmt.Sprintf("o - %du", r.From-r.To)
		}
		kw := "if"
		if i > 0 {
			kw = "} else if"
		}
		lines = append(lines, fmt.Sprintf("%s (%s) {", kw, cond), fmt.Sprintf("\tat = %s;", val))
	}
	if len(pl.Runs) > 1 {
		lines = append(lines, "} else {", "\t/* a byte of a field the current layout dropped */")
	}
	return append(lines, "}")
}

// structFix turns the little-endian bytes lying in a struct into its
// values, in place: Lines read each scalar wider than a byte from p (the
// struct's own bytes) and store it in its member. Bytes, chars and int8s
// are their own representation and are left as they are.
type structFix struct {
	Name  string
	Lines []string
}

// fixes returns the fix of every struct of structs (each after those it
// contains) that has anything to fix, and the set of those structs.
func fixes(structs []*layoutmodel.Struct) []structFix {
	has := map[*layoutmodel.Struct]bool{}
	var out []structFix
	for _, s := range structs {
		var lines []string
		for _, f := range s.Fields {
			lines = append(lines, fixFieldCode(f, has)...)
		}
		if len(lines) > 0 {
			has[s] = true
			out = append(out, structFix{Name: s.CName, Lines: lines})
		}
	}
	return out
}

// fixFieldCode is the statements that fix member f in place; none for a
// field of bytes or of structs with nothing to fix.
func fixFieldCode(f *layoutmodel.LayoutField, has map[*layoutmodel.Struct]bool) []string {
	t := f.Type
	if t.Struct == nil && t.Prim.Size() == 1 || t.Struct != nil && !has[t.Struct] {
		return nil
	}
	if t.Struct == nil {
		return fieldCode(true, f, f.Offset)
	}
	if len(t.Dims) == 0 {
		return []string{fmt.Sprintf("@H@fix_%s(&x->%s);", t.Struct.CName, f.Name)}
	}
	var lines []string
	idx := ""
	for d, n := range t.Dims {
		v := loopVars[d]
		lines = append(lines, strings.Repeat("\t", d)+fmt.Sprintf("for (size_t %s = 0u; %s < %du; %s++) {", v, v, n, v))
		idx += "[" + v + "]"
	}
	lines = append(lines, strings.Repeat("\t", len(t.Dims))+fmt.Sprintf("@H@fix_%s(&x->%s%s);", t.Struct.CName, f.Name, idx))
	for d := len(t.Dims) - 1; d >= 0; d-- {
		lines = append(lines, strings.Repeat("\t", d)+"}")
	}
	return lines
}

// byteWalker is the function that returns byte o of a struct as the file
// holds it: Lines are an if-else chain setting b, one arm per member.
type byteWalker struct {
	Name  string
	Lines []string
	// Raw says whether an arm reads the struct's own bytes (p).
	Raw bool
}

// byteWalkers returns the byte walker of every struct of structs.
func byteWalkers(structs []*layoutmodel.Struct) []byteWalker {
	var out []byteWalker
	for _, s := range structs {
		w := byteWalker{Name: s.CName}
		lastRaw := false
		for i, f := range s.Fields {
			kw := "if"
			if i > 0 {
				kw = "} else if"
			}
			end := f.Offset + f.Size()
			cond := fmt.Sprintf("o < %du", end)
			rel := "o"
			if f.Offset > 0 {
				rel = fmt.Sprintf("(o - %du)", f.Offset)
			}
			expr, raw := byteExpr(f, rel)
			if raw && lastRaw {
				// Bytes after bytes: one arm reads them all.
				w.Lines[len(w.Lines)-2] = strings.TrimSuffix(w.Lines[len(w.Lines)-2], fmt.Sprintf("%du) {", f.Offset)) + fmt.Sprintf("%du) {", end)
				continue
			}
			lastRaw = raw
			w.Raw = w.Raw || raw
			w.Lines = append(w.Lines, fmt.Sprintf("%s (%s) {", kw, cond), "\tb = "+expr+";")
		}
		w.Lines = append(w.Lines, "} else {", "\t/* past the struct: never asked */", "}")
		out = append(out, w)
	}
	return out
}

// byteExpr is the expression of byte rel of member f (rel counted from
// the member's start), and whether it reads the struct's raw bytes.
func byteExpr(f *layoutmodel.LayoutField, rel string) (string, bool) {
	t := f.Type
	if t.Struct == nil && t.Prim.Size() == 1 {
		// A byte is its own representation: the struct's byte at o.
		return "p[o]", true
	}
	esize := t.ElemSize()
	elem := "x->" + f.Name
	inner := rel
	if len(t.Dims) > 0 {
		k := fmt.Sprintf("(%s / %du)", rel, esize)
		inner = fmt.Sprintf("(%s %% %du)", rel, esize)
		// The element's indices, outermost first, from its flat number k.
		for d := range t.Dims {
			stride := 1
			for _, n := range t.Dims[d+1:] {
				stride *= n
			}
			ix := k
			if stride > 1 {
				ix = fmt.Sprintf("(%s / %du)", k, stride)
			}
			if d > 0 {
				ix = fmt.Sprintf("(%s %% %du)", ix, t.Dims[d])
			}
			elem += "[" + strings.TrimSuffix(strings.TrimPrefix(ix, "("), ")") + "]"
		}
	}
	if t.Struct != nil {
		return fmt.Sprintf("@H@byte_%s(&%s, %s)", t.Struct.CName, elem, strings.TrimSuffix(strings.TrimPrefix(inner, "("), ")")), false
	}
	wide := "uint32_t"
	if t.Prim.Size() == 8 {
		wide = "uint64_t"
	}
	if t.Prim.Signed() {
		// The value's two's complement, without converting a negative.
		elem = fmt.Sprintf("@H@u%d(%s)", 8*t.Prim.Size(), elem)
	}
	if t.Prim.Float() {
		// The float's IEEE-754 bits.
		elem = fmt.Sprintf("@H@f%d_bits(&%s)", 8*t.Prim.Size(), elem)
	}
	if wide == "uint64_t" {
		// A 64-bit value shifted by a 32-bit composite count is MISRA
		// C:2012 rule 10.7's wider operand: the helper widens the count.
		return fmt.Sprintf("@H@byte64(%s, %s)", elem, strings.TrimSuffix(strings.TrimPrefix(inner, "("), ")")), false
	}
	return fmt.Sprintf("(uint8_t)(((%s)%s >> (8u * %s)) & 0xFFu)", wide, elem, inner), false
}

// headerBytes is the header of a file of the current version, as a C
// initializer list: the magic, the version, the payload's size, every
// other header byte zero.
func headerBytes(l *layoutmodel.Layout) string {
	f := l.File
	b := make([]byte, f.Header.Size)
	put := func(fl *layoutmodel.LayoutField, v int64) {
		for i := 0; i < fl.Size(); i++ {
			b[fl.Offset+i] = byte(v >> (8 * i))
		}
	}
	put(f.MagicField, f.Magic.Value)
	put(f.VersionField, int64(l.Current().Number))
	put(f.LengthField, int64(l.Current().Size))
	var s []string
	for _, x := range b {
		s = append(s, fmt.Sprintf("0x%02Xu", x))
	}
	return strings.Join(s, ", ")
}
