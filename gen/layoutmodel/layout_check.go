package layoutmodel

import (
	"fmt"
	"strings"

	"github.com/schemagen/schemagen/gen/compat"
	"github.com/schemagen/schemagen/internal/ascending"
)

// The layout engine: offsets, sizes and alignment by C's rules (every
// member at a multiple of its natural alignment, a struct aligned to its
// most aligned member and sized to a multiple of that), and the refusals
// that keep the layout honest. Because no struct may need padding, the
// layout is the same on every target whose scalars have their natural
// alignment (x86-64, i386, Cortex-M).

// layOut computes every struct's layout and every version of the root's.
// It reports false when the root cannot be laid out (a type that did not
// resolve, a cycle, an unrecorded version), so that later checks, which
// need sizes, are skipped rather than misled.
func (r *layoutResolver) layOut() bool {
	l := r.l
	ok := true
	for _, s := range l.Structs {
		if s != l.Root && !r.layOutStruct(s, nil) {
			ok = false
		}
	}
	for _, f := range l.Root.History {
		if !f.Type.resolved() || (f.Type.Struct != nil && (f.Type.Struct == l.Root || r.laidOut[f.Type.Struct] != 2 || f.Type.Struct.Size == 0)) {
			ok = false
		}
	}
	first, last := l.Versions[0].Number, l.Current().Number
	for _, f := range l.Root.History {
		for _, at := range []struct {
			attr string
			n    int
		}{{"since", f.Since}, {"removed", f.Removed}} {
			switch {
			case at.n == 0:
			case at.n < first:
				r.errorf(f.Pos, "#%s.%s: @%s(%d) names a version before the first one recorded (%d); the history starts there", l.Root.Name, f.Name, at.attr, at.n, first)
				ok = false
			case at.n > last:
				hint := " it"
				if fs := rootFields(l.Root, at.n); ok && len(fs) > 0 {
					if _, size, _, holes := place(fs); len(holes) == 0 {
						hint = fmt.Sprintf(" {version: %d, size: %d}", at.n, size)
					}
				}
				r.errorf(f.Pos, "#%s.%s: @%s(%d) names version %d, which layout.versions does not record; add%s to layout.versions (the size is the version's sizeof, which the generator checks)", l.Root.Name, f.Name, at.attr, at.n, at.n, hint)
				ok = false
			}
		}
	}
	if !ok {
		return false
	}
	var prev *Version
	sizes := make([]int, len(l.Versions))
	for i, v := range l.Versions {
		sizes[i] = r.layOutVersion(prev, v)
		prev = v
	}
	r.checkSizes(sizes)
	r.checkCeiling(sizes)
	cur := l.Current()
	for _, p := range cur.Fields {
		p.Field.Offset = p.Offset
		l.Root.Fields = append(l.Root.Fields, p.Field)
	}
	l.Root.Size = cur.Size
	_, _, l.Root.Align, _ = place(l.Root.Fields)
	return len(l.Root.Fields) > 0
}

// rootFields are the root's fields in version n, in order.
func rootFields(root *Struct, n int) []*LayoutField {
	var out []*LayoutField
	for _, f := range root.History {
		if f.Since <= n && (f.Removed == 0 || n < f.Removed) {
			out = append(out, f)
		}
	}
	return out
}

// layOutStruct lays out a fixed struct after the structs it contains.
// path is the chain of structs being laid out, to report a cycle.
func (r *layoutResolver) layOutStruct(s *Struct, path []string) bool {
	switch r.laidOut[s] {
	case 2:
		return s.Size > 0
	case 1:
		cycle := append(path, s.Name)
		r.errorf(s.Pos, "#%s contains itself (%s); a struct has a fixed size only if it does not", s.Name, strings.Join(cycle, " → "))
		return false
	}
	r.laidOut[s] = 1
	ok := true
	for _, f := range s.Fields {
		switch {
		case !f.Type.resolved():
			ok = false
		case f.Type.Struct == r.l.Root:
			ok = false // reported by readLayout
		case f.Type.Struct != nil && !r.layOutStruct(f.Type.Struct, append(path, s.Name)):
			ok = false
		}
	}
	r.laidOut[s] = 2
	if !ok || len(s.Fields) == 0 {
		return false
	}
	// A hole is refused, but the struct still gets C's (padded) layout,
	// so that what contains it is checked too.
	offs, size, align, holes := place(s.Fields)
	for _, h := range holes {
		r.reportHole("#"+s.Name, s, h)
	}
	for i, f := range s.Fields {
		f.Offset = offs[i]
	}
	s.Size, s.Align = size, align
	return true
}

// hole is implicit padding C would insert: before field next (after prev),
// or at the end of the struct when next is nil.
type hole struct {
	offset, n  int
	prev, next *LayoutField
	prevOffset int
	align      int // the alignment that forces it
}

// place lays fields out as C does and returns each offset, the size, the
// alignment and every hole C would pad.
func place(fields []*LayoutField) (offs []int, size, align int, holes []hole) {
	align = 1
	off := 0
	for i, f := range fields {
		a := f.Type.Align()
		if a > align {
			align = a
		}
		if pad := (a - off%a) % a; pad > 0 {
			holes = append(holes, hole{offset: off, n: pad, prev: fields[i-1], next: f, prevOffset: offs[i-1], align: a})
			off += pad
		}
		offs = append(offs, off)
		off += f.Size()
	}
	if pad := (align - off%align) % align; pad > 0 && len(fields) > 0 {
		last := len(fields) - 1
		holes = append(holes, hole{offset: off, n: pad, prev: fields[last], prevOffset: offs[last], align: align})
		off += pad
	}
	return offs, off, align, holes
}

func (r *layoutResolver) reportHole(what string, s *Struct, h hole) {
	bytes := fmt.Sprintf("1 byte of implicit padding at byte %d", h.offset)
	if h.n > 1 {
		bytes = fmt.Sprintf("%d bytes of implicit padding at bytes %d–%d", h.n, h.offset, h.offset+h.n-1)
	}
	fix := fmt.Sprintf("declare them (e.g. reserved_%d: \"uint8[%d]\") or reorder the fields", h.offset, h.n)
	if h.next != nil {
		r.errorf(h.next.Pos, "%s: hole: %s, between %s and %s, which C aligns to %d bytes; %s",
			what, bytes, h.prev.describe(h.prevOffset), h.next.Name, h.align, fix)
		return
	}
	pos := s.Pos
	if s == r.l.Root {
		pos = h.prev.Pos
	}
	r.errorf(pos, "%s: hole: %s, after its last field %s: C rounds the size up to a multiple of the struct's %d-byte alignment; %s",
		what, bytes, h.prev.describe(h.prevOffset), h.align, fix)
}

// layOutVersion lays out one version of the root, checks it against the
// version before it and returns the size its fields add up to (which
// checkSizes compares with the recorded one).
func (r *layoutResolver) layOutVersion(prev, v *Version) int {
	l := r.l
	fields := rootFields(l.Root, v.Number)
	if len(fields) == 0 {
		r.errorf(v.Pos, "version %d has no fields", v.Number)
		return 0
	}
	offs, size, _, holes := place(fields)
	for _, h := range holes {
		// An inner hole is the same in every version that has it (and is
		// reported once); the end of the struct differs per version.
		what := "#" + l.Root.Name
		if h.next == nil && v != l.Current() {
			what = fmt.Sprintf("#%s at version %d", l.Root.Name, v.Number)
		}
		r.reportHole(what, l.Root, h)
	}
	for i, f := range fields {
		v.Fields = append(v.Fields, Placed{Field: f, Offset: offs[i]})
	}
	if prev == nil {
		if v.Loss != "" {
			r.errorf(v.LossPos, "version %d: the first recorded version has no version before it to lose anything of; remove loss", v.Number)
		}
		return size
	}
	change := appendBreak(prev, v)
	switch {
	case change == "" && v.Loss != "":
		r.errorf(v.LossPos, "version %d appends to version %d and loses nothing; remove loss", v.Number, prev.Number)
	case change != "" && v.Loss == "":
		shared := l.SharedPrefix(prev, v)
		tail := fmt.Sprintf("Version %d files are older than layout.migrate_from (%d) and are reinitialized, yet a version that is not an append must still say what it gives up", prev.Number, l.MigrateFrom.Value)
		if prev.Number >= l.MigrateFrom.Int() {
			tail = fmt.Sprintf("A version %d file migrates by copying the %d bytes both layouts share and zero-filling the rest, so it would lose the rest of its %d bytes (destructive bumps end where files migrate)", prev.Number, shared, prev.Size)
		}
		r.rulef(compat.LayoutAppendOnly, compat.VersionSubject(l.Name, v.Number), v.Pos, "version %d is not a pure append of version %d: %s. %s. Append new fields after the last one instead, or state the accepted loss on this version: loss: \"<what is lost, and why that is acceptable>\"",
			v.Number, prev.Number, change, tail)
	}
	return size
}

// checkSizes compares each version's size, as its fields add up, with the
// size it is recorded as having shipped with. One edit to a field shifts
// every version from the one that added the field on by the same number
// of bytes, so a mismatch is reported once, at the version where it
// starts: each version whose difference is not the one before it.
func (r *layoutResolver) checkSizes(sizes []int) {
	l := r.l
	prevDelta := 0
	for i, v := range l.Versions {
		if sizes[i] == 0 { // no fields; reported
			return
		}
		delta := sizes[i] - v.Size
		if delta == 0 || delta == prevDelta {
			prevDelta = delta
			continue
		}
		prevDelta = delta
		var same []int
		for j := i + 1; j < len(l.Versions) && sizes[j]-l.Versions[j].Size == delta; j++ {
			same = append(same, l.Versions[j].Number)
		}
		msg := fmt.Sprintf("version %d: its fields add up to %d bytes, but version %d is recorded as %d bytes (%s)", v.Number, sizes[i], v.Number, v.Size, bytesOff(delta))
		if len(same) > 0 {
			msg += fmt.Sprintf("; %s %s off by the same %d, so the change is in version %d", versionWords(same), isAre(len(same)), abs(delta), v.Number)
		}
		switch {
		case i == 0 && delta < 0:
			msg += fmt.Sprintf(". A field of version %d was removed, or a type, an array length or a nested struct shrank", v.Number)
		case i == 0:
			msg += fmt.Sprintf(". A field was added to version %d, or a type, an array length or a nested struct grew", v.Number)
		default:
			msg += ". " + r.growthHint(l.Versions[i-1], v, sizes[i]-sizes[i-1])
		}
		msg += ". A shipped layout never changes: undo the change, and add what you need as new fields in a new version"
		r.rulef(compat.LayoutVersionSameSize, compat.VersionSubject(l.Name, v.Number), v.Pos, "%s", msg)
	}
}

// growthHint says which fields account for what v adds to prev: the
// fields v adds (and drops), against the bytes it was recorded as adding.
func (r *layoutResolver) growthHint(prev, v *Version, grew int) string {
	var added, dropped []string
	for _, f := range r.l.Root.History {
		switch {
		case f.Since == v.Number:
			added = append(added, fmt.Sprintf("%s (%s, %s)", f.Name, f.Type.Spelling, nbytes(f.Size())))
		case f.Removed == v.Number && f.Since <= prev.Number:
			dropped = append(dropped, fmt.Sprintf("%s (%s, %s)", f.Name, f.Type.Spelling, nbytes(f.Size())))
		}
	}
	recorded := v.Size - prev.Size
	if len(added) == 0 && len(dropped) == 0 {
		return fmt.Sprintf("Version %d adds no field, yet it was recorded as %d bytes larger than version %d: a field of version %d was removed", v.Number, recorded, prev.Number, v.Number)
	}
	what := fmt.Sprintf("Version %d adds %s", v.Number, strings.Join(added, ", "))
	if len(added) == 0 {
		what = fmt.Sprintf("Version %d adds nothing", v.Number)
	}
	if len(dropped) > 0 {
		what += " and drops " + strings.Join(dropped, ", ")
	}
	cause := "one of them changed"
	if one := append(added, dropped...); len(one) == 1 {
		cause = one[0][:strings.IndexByte(one[0], ' ')] + " changed"
	}
	if grew > recorded {
		return fmt.Sprintf("%s: %d bytes, where it was recorded as %d bytes larger than version %d: %s", what, grew, recorded, prev.Number, cause)
	}
	return fmt.Sprintf("%s: %d bytes, where it was recorded as %d bytes larger than version %d: %s, or a field of version %d was removed",
		what, grew, recorded, prev.Number, cause, v.Number)
}

// checkCeiling refuses versions over the ceiling, once for all of them:
// at the ceiling when it is under a version other than the newest (the
// ceiling was lowered), else at the newest version (it grew past it).
func (r *layoutResolver) checkCeiling(sizes []int) {
	l := r.l
	ceil := l.Ceiling.Int()
	var over []string
	first := -1
	for i, v := range l.Versions {
		if sizes[i] > ceil {
			over = append(over, fmt.Sprintf("version %d is %d bytes", v.Number, sizes[i]))
			if first < 0 {
				first = i
			}
		}
	}
	switch {
	case first < 0:
	case first == len(l.Versions)-1:
		v := l.Versions[first]
		r.rulef(compat.LayoutSizeCeiling, compat.CeilingSubject(l.Name), v.Pos, "version %d: sizeof(%s) is %d bytes, over the ceiling of %d (layout.ceiling, %s) by %d; raise the ceiling when a field earns it, or make the change smaller",
			v.Number, l.Root.Name, sizes[first], ceil, l.Ceiling.Pos, sizes[first]-ceil)
	default:
		r.rulef(compat.LayoutSizeCeiling, compat.CeilingSubject(l.Name), l.Ceiling.Pos, "layout.ceiling %d is under shipped versions: %s; a ceiling only ever rises",
			ceil, strings.Join(over, ", "))
	}
}

// nbytes renders a size: "1 byte", "4 bytes".
func nbytes(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

func bytesOff(delta int) string {
	if delta < 0 {
		return fmt.Sprintf("%d bytes fewer", -delta)
	}
	return fmt.Sprintf("%d bytes more", delta)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// versionWords renders "version 4" or "versions 4, 5 and 6".
func versionWords(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	if len(s) == 1 {
		return "version " + s[0]
	}
	return "versions " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// appendBreak says how v fails to be a pure append of prev, or "".
func appendBreak(prev, v *Version) string {
	for i, p := range prev.Fields {
		if i >= len(v.Fields) {
			return fmt.Sprintf("it drops %s", p.Field.describe(p.Offset))
		}
		q := v.Fields[i]
		if q == p {
			continue
		}
		if q.Field == p.Field {
			return fmt.Sprintf("%s moves from offset %d to %d", p.Field.Name, p.Offset, q.Offset)
		}
		if p.Field.Removed == v.Number {
			return fmt.Sprintf("it drops %s", p.Field.describe(p.Offset))
		}
		moved := ""
		for _, w := range v.Fields {
			if w.Field == p.Field {
				moved = fmt.Sprintf(", moving %s from offset %d to %d", p.Field.Name, p.Offset, w.Offset)
			}
		}
		return fmt.Sprintf("it inserts %s (@since(%d)) before %s (since %d)%s", q.Field.Name, q.Field.Since, p.Field.Name, p.Field.Since, moved)
	}
	return ""
}

// unsignedScalar reports whether t is one unsigned integer (not char, not
// an array).
func unsignedScalar(t *CType) bool {
	return t.Struct == nil && len(t.Dims) == 0 && t.Prim.Integer() && !t.Prim.Signed()
}

// byteArray reports whether t is uint8[N].
func byteArray(t *CType) bool {
	return t.Struct == nil && t.Prim == Uint8 && len(t.Dims) == 1
}

func maxUnsigned(t *CType) int64 {
	if t.Prim.Size() >= 8 {
		return 1<<63 - 1
	}
	return 1<<(8*t.Prim.Size()) - 1
}

// checkFile checks the file header's roles and that every number the
// header carries fits it.
func (r *layoutResolver) checkFile() {
	l, f := r.l, r.l.File
	if l.Version(l.MigrateFrom.Int()) == nil {
		r.errorf(l.MigrateFrom.Pos, "layout.migrate_from: version %d is not recorded in layout.versions", l.MigrateFrom.Value)
	}
	if f == nil || r.laidOut[f.Header] != 2 {
		return
	}
	h := f.Header
	want := "magic, version and payload_len, each an unsigned integer"
	if h == l.Root {
		r.errorf(f.Pos, "layout.file.header: the header cannot be the root")
		return
	}
	for _, m := range h.Fields {
		switch m.Name {
		case "magic":
			f.MagicField = m
		case "version":
			f.VersionField = m
		case "payload_len":
			f.LengthField = m
		default:
			r.errorf(m.Pos, "#%s.%s: the file header holds exactly %s; the file codec knows nothing else", h.Name, m.Name, want)
			continue
		}
		if !unsignedScalar(m.Type) {
			r.errorf(m.Pos, "#%s.%s: the file header holds exactly %s", h.Name, m.Name, want)
		}
	}
	if f.MagicField == nil || f.VersionField == nil || f.LengthField == nil {
		r.errorf(h.Pos, "#%s: the file header (layout.file.header) holds exactly %s", h.Name, want)
		return
	}
	if f.Magic.Value > maxUnsigned(f.MagicField.Type) {
		r.errorf(f.Magic.Pos, "layout.file.magic %#x does not fit #%s.magic (%s)", f.Magic.Value, h.Name, f.MagicField.Type.Spelling)
	}
	if n := int64(l.Current().Number); n > maxUnsigned(f.VersionField.Type) {
		r.errorf(h.Pos, "#%s.version (%s) cannot hold version %d", h.Name, f.VersionField.Type.Spelling, n)
	}
	if l.Ceiling.Value > maxUnsigned(f.LengthField.Type) {
		r.errorf(l.Ceiling.Pos, "layout.ceiling %d does not fit the file header's payload_len (%s, at most %d); a payload that large could not say its own size",
			l.Ceiling.Value, f.LengthField.Type.Spelling, maxUnsigned(f.LengthField.Type))
	}
}

// checkLedger checks the ledger view's roles and that it covers its
// field's bytes exactly.
func (r *layoutResolver) checkLedger() {
	l, g := r.l, r.l.Ledger
	if g == nil || r.laidOut[g.View] != 2 {
		return
	}
	v := g.View
	if g.Field.Removed != 0 || !byteArray(g.Field.Type) {
		r.errorf(g.Pos, "layout.ledger.field: %s must be a current field of #%s of type uint8[N], the bytes the view is laid over", g.Field.Name, l.Root.Name)
		return
	}
	if v == l.Root {
		r.errorf(g.Pos, "layout.ledger.view: the view cannot be the root")
		return
	}
	if v.Size != g.Field.Size() {
		r.errs = append(r.errs, &Error{Pos: v.Pos, Subject: compat.FieldSubject(l.Name, l.Root.Name, g.Field.Name), Msg: fmt.Sprintf("#%s is %d bytes, but the field it views, #%s.%s, holds %d; the view covers the field's bytes exactly",
			v.Name, v.Size, l.Root.Name, g.Field.Name, g.Field.Size())})
	}
	magic, version := v.Field("magic"), v.Field("blob_version")
	owned, consumables := v.Field("owned"), v.Field("consumables")
	roles := "magic and blob_version (unsigned integers), owned (uint8[N]: bit i is catalog id i) and consumables (uint8[M]: saturating counts)"
	if magic == nil || version == nil || owned == nil || consumables == nil ||
		!unsignedScalar(magic.Type) || !unsignedScalar(version.Type) || !byteArray(owned.Type) || !byteArray(consumables.Type) {
		r.errorf(v.Pos, "#%s: a ledger view needs %s", v.Name, roles)
		r.l.Ledger = nil // the catalog cannot be checked against it
		return
	}
	g.MagicField, g.VersionField, g.Owned, g.Consumables = magic, version, owned, consumables
	if g.Magic.Value > maxUnsigned(magic.Type) || g.Magic.Value == 0 {
		r.errorf(g.Magic.Pos, "layout.ledger.magic %#x must be nonzero and fit #%s.magic (%s): an all-zero blob is the empty ledger", g.Magic.Value, v.Name, magic.Type.Spelling)
	}
	if g.BlobVersion.Value > maxUnsigned(version.Type) {
		r.errorf(g.BlobVersion.Pos, "layout.ledger.version %d does not fit #%s.blob_version (%s)", g.BlobVersion.Value, v.Name, version.Type.Spelling)
	}
}

// checkCatalog refuses a reused, misordered or out-of-range id, a
// duplicate name and a slot outside the ledger. An item listed out of id
// order is the one that moved: the items not on the longest run of
// ascending ids; the items around it are not reported.
func (r *layoutResolver) checkCatalog() {
	c, g := r.l.Catalog, r.l.Ledger
	if c == nil {
		return
	}
	if g == nil {
		r.errorf(c.Pos, "catalog: catalog ids index a ledger's bitmap; state layout.ledger (with a view that has owned and consumables)")
		return
	}
	if g.Owned == nil || g.Consumables == nil {
		return // checkLedger refused the ledger and said why; it has no capacity to check ids against
	}
	name := r.l.Name
	next := nextID(c, g.Capacity())
	byID := map[int]*CatalogItem{}
	byName := map[string]*CatalogItem{}
	bySlot := map[int]*CatalogItem{}
	var ordered []*CatalogItem // every item but a reused id's, in list order
	for _, it := range c.Items {
		if prev := byName[it.Name]; prev != nil {
			r.errorf(it.Pos, "catalog item %s: duplicate name: item %d is already named %s (%s)", it.Name, prev.ID, it.Name, prev.Pos)
		}
		byName[it.Name] = it
		subject := compat.CatalogSubject(name, it.Name)
		if prev := byID[it.ID]; prev != nil {
			r.rulef(compat.CatalogIdNoReuse, subject, it.Pos, "catalog item %s: id %d is already %s's (%s); an id is assigned once and never reused: give %s the next free id, %d",
				it.Name, it.ID, prev.Name, prev.Pos, it.Name, next)
		} else {
			byID[it.ID] = it
			ordered = append(ordered, it)
		}
		if it.ID >= g.Capacity() {
			r.rulef(compat.CatalogIdCapacity, subject, it.Pos, "catalog item %s: id %d is outside the ledger's %d ids (0–%d: the %d-byte bitmap #%s.%s); growing it needs a new blob version",
				it.Name, it.ID, g.Capacity(), g.Capacity()-1, g.Owned.Size(), g.View.Name, g.Owned.Name)
		}
		if it.Slot >= 0 {
			if it.Slot >= g.Slots() {
				r.rulef(compat.CatalogSlotCapacity, subject, it.Pos, "catalog item %s: slot %d is outside the ledger's %d consumable counts (0–%d, #%s.%s)",
					it.Name, it.Slot, g.Slots(), g.Slots()-1, g.View.Name, g.Consumables.Name)
			} else if prev := bySlot[it.Slot]; prev != nil {
				r.rulef(compat.CatalogSlotNoReuse, subject, it.Pos, "catalog item %s: slot %d is already %s's (%s); each consumable counts in its own slot", it.Name, it.Slot, prev.Name, prev.Pos)
			} else {
				bySlot[it.Slot] = it
			}
		}
	}
	inOrder := ascendingRun(ordered)
	for i, it := range ordered {
		if inOrder[i] {
			continue
		}
		where := ""
		switch {
		case i > 0 && i < len(ordered)-1:
			where = fmt.Sprintf("between ids %d and %d", ordered[i-1].ID, ordered[i+1].ID)
		case i > 0:
			where = fmt.Sprintf("after id %d", ordered[i-1].ID)
		case i < len(ordered)-1:
			where = fmt.Sprintf("before id %d", ordered[i+1].ID)
		}
		r.rulef(compat.CatalogItemNoMove, compat.CatalogSubject(name, it.Name), it.Pos, "catalog item %s: id %d is listed out of id order, %s; ids never move: give %s back the id it had, and give a new item the next free id, %d, at the end",
			it.Name, it.ID, where, it.Name, next)
	}
}

// ascendingRun marks the items on a longest strictly ascending run of ids:
// the items in order (of several such runs, the one that ends on the
// smallest ids).
func ascendingRun(items []*CatalogItem) []bool {
	ids := make([]int, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	return ascending.Run(ids)
}

// nextID is the id a new item takes: one past the highest id inside the
// ledger.
func nextID(c *Catalog, capacity int) int {
	n := 0
	for _, it := range c.Items {
		if it.ID >= n && it.ID < capacity {
			n = it.ID + 1
		}
	}
	return n
}
