package lock

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/gen/compat"
	ascendingpkg "github.com/schemagen/schemagen/internal/ascending"
)

// fieldChange is one cause found in a shipped field list.
type fieldChange struct {
	rule, subject, detail string
	// at is the subject whose position the finding takes: the edit (a
	// renamed field's new name), or what held a field that is gone.
	at string
	// sized: the change alters the size of what holds the field, so every
	// version from the first it touches no longer adds up to its recorded
	// size (the model's LAYOUT_VERSION_SAME_SIZE, which it explains).
	sized bool
	// appears is the version a field whose @since moved now appears in:
	// that version is no longer a pure append, which the move explains.
	appears int
}

// layoutChanges groups field changes that recur across versions (a field
// of v3 is also a field of v4, v5 and v6) into one finding each, listing
// the versions.
type layoutChanges struct {
	order    []fieldChange
	versions map[fieldChange][]int
}

func (g *layoutChanges) add(ch fieldChange, version int) {
	if g.versions == nil {
		g.versions = map[fieldChange][]int{}
	}
	if _, ok := g.versions[ch]; !ok {
		g.order = append(g.order, ch)
	}
	if version > 0 {
		g.versions[ch] = append(g.versions[ch], version)
	}
}

// fieldsCtx is what diffFields needs besides the two lists.
type fieldsCtx struct {
	subject string // the struct's, e.g. deck.DeckState
	version int    // the shipped version compared, for the root; 0 for a nested struct
	// history is the root's fields now, removed ones included, by name:
	// a field gone from a version but still in the history moved out of
	// it (its @since or @removed changed). nil for a nested struct.
	history map[string]histField
	// consequence reports whether a change of size only, to a field of
	// the given element type, follows from a change of that struct (which
	// is reported there); used records such a field for that struct.
	consequence func(elem string) bool
	used        func(elem, field string)
}

type histField struct{ since, removed int }

// diffFields compares a shipped field list with the same list now, in
// time linear in their length (n log n for the order). It reports causes:
// a field removed, renamed or replaced (a field gone and another added at
// its offset), retyped, resized or moved; a field added (in added, for
// the caller to report). An offset that moved is a consequence of one of
// these, never reported beside them.
func diffFields(ctx fieldsCtx, base, cur []*LayoutField) (changes []fieldChange, added []*LayoutField) {
	curAt := make(map[string]int, len(cur))
	for i, f := range cur {
		curAt[f.Name] = i
	}
	inBase := make(map[string]bool, len(base))
	for _, f := range base {
		inBase[f.Name] = true
	}
	addedAt := map[int]*LayoutField{} // a field new to the list, by offset
	for _, f := range cur {
		if _, ok := addedAt[f.Offset]; !inBase[f.Name] && !ok {
			addedAt[f.Offset] = f
		}
	}
	// The fields still there, in the baseline's order: those off a
	// longest ascending run of their current positions moved.
	var kept []int
	for _, bf := range base {
		if i, ok := curAt[bf.Name]; ok {
			kept = append(kept, i)
		}
	}
	inOrder := ascending(kept)
	renamed := map[string]bool{}
	k, consequences := 0, 0
	for _, bf := range base {
		s := ctx.subject + "." + bf.Name
		ci, ok := curAt[bf.Name]
		if !ok {
			changes = append(changes, goneField(ctx, bf, s, addedAt, renamed))
			continue
		}
		cf := cur[ci]
		if !inOrder[k] {
			after := "it now comes first"
			if ci > 0 {
				after = "it now follows " + cur[ci-1].Name
			}
			changes = append(changes, fieldChange{rule: compat.LayoutFieldSameOrder, subject: s, detail: fmt.Sprintf("%s (%s, %s) moved from offset %d to %d: %s", bf.Name, bf.Type, nbytes(bf.Size), bf.Offset, cf.Offset, after)})
		}
		k++
		switch {
		case cf.Type != bf.Type:
			changes = append(changes, fieldChange{rule: compat.LayoutFieldSameType, subject: s, sized: cf.Size != bf.Size,
				detail: fmt.Sprintf("%s changed from %s (%s) to %s (%s), at offset %d", bf.Name, bf.Type, nbytes(bf.Size), cf.Type, nbytes(cf.Size), bf.Offset)})
		case cf.Size != bf.Size && ctx.consequence(elemName(cf.Type)):
			ctx.used(elemName(cf.Type), bf.Name)
			consequences++
		case cf.Size != bf.Size:
			changes = append(changes, fieldChange{rule: compat.LayoutFieldSameSize, subject: s, sized: true,
				detail: fmt.Sprintf("%s (%s) changed from %d to %d bytes", bf.Name, bf.Type, bf.Size, cf.Size)})
		}
	}
	for _, cf := range cur {
		if !inBase[cf.Name] && !renamed[cf.Name] {
			added = append(added, cf)
		}
	}
	if len(changes) == 0 && len(added) == 0 && consequences == 0 {
		// Nothing explains a moved offset: the baseline was laid out
		// otherwise (a lock written by hand or by another build).
		for _, bf := range base {
			if cf := cur[curAt[bf.Name]]; cf.Offset != bf.Offset {
				changes = append(changes, fieldChange{rule: compat.LayoutFieldSameOffset, subject: ctx.subject + "." + bf.Name,
					detail: fmt.Sprintf("%s moved from offset %d to %d", bf.Name, bf.Offset, cf.Offset)})
				break
			}
		}
	}
	return changes, added
}

// goneField explains a shipped field that is not in the list now: it left
// the version (its @since or @removed changed), it was renamed or replaced
// (another field was added at its offset), or it was removed.
func goneField(ctx fieldsCtx, bf *LayoutField, s string, addedAt map[int]*LayoutField, renamed map[string]bool) fieldChange {
	if h, ok := ctx.history[bf.Name]; ok {
		now := fmt.Sprintf("@since(%d)", h.since)
		appears := h.since
		if h.removed != 0 && h.removed <= ctx.version {
			now, appears = fmt.Sprintf("@removed(%d)", h.removed), 0
		}
		return fieldChange{rule: compat.LayoutFieldNoDelete, subject: s, sized: true, appears: appears,
			detail: fmt.Sprintf("%s (%s, %s at offset %d) left a version it shipped in: it now says %s", bf.Name, bf.Type, nbytes(bf.Size), bf.Offset, now)}
	}
	if nf := addedAt[bf.Offset]; nf != nil && !renamed[nf.Name] {
		renamed[nf.Name] = true
		at := ctx.subject + "." + nf.Name
		if nf.Type == bf.Type {
			return fieldChange{rule: compat.LayoutFieldNoDelete, subject: s, at: at,
				detail: fmt.Sprintf("%s (%s, %s at offset %d) was renamed to %s", bf.Name, bf.Type, nbytes(bf.Size), bf.Offset, nf.Name)}
		}
		return fieldChange{rule: compat.LayoutFieldNoDelete, subject: s, at: at, sized: nf.Size != bf.Size,
			detail: fmt.Sprintf("%s (%s, %s at offset %d) was replaced by %s (%s, %s)", bf.Name, bf.Type, nbytes(bf.Size), bf.Offset, nf.Name, nf.Type, nbytes(nf.Size))}
	}
	return fieldChange{rule: compat.LayoutFieldNoDelete, subject: s, at: ctx.subject, sized: true,
		detail: fmt.Sprintf("%s (%s, %s at offset %d) was removed", bf.Name, bf.Type, nbytes(bf.Size), bf.Offset)}
}

// nbytes renders a size: "1 byte", "4 bytes".
func nbytes(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return strconv.Itoa(n) + " bytes"
}

// elemName is the element type of a C type spelling: CartRecord[17] →
// CartRecord.
func elemName(spelling string) string {
	if i := strings.IndexByte(spelling, '['); i >= 0 {
		return spelling[:i]
	}
	return spelling
}

// ascending marks the elements on a longest strictly ascending run of xs.
func ascending(xs []int) []bool { return ascendingpkg.Run(xs) }

func (c *comparer) layout(bl, cl *Layout) {
	name := bl.Name
	c.constants(bl, cl)
	if cl.MigrateFrom > bl.MigrateFrom {
		which := fmt.Sprintf("version %d–%d files", bl.MigrateFrom, cl.MigrateFrom-1)
		if cl.MigrateFrom-1 == bl.MigrateFrom {
			which = fmt.Sprintf("version %d files", bl.MigrateFrom)
		}
		c.add(compat.LayoutMigrateFromNoRaise, name+".migrate_from", "migrate_from rose from %d to %d: %s, which migrated, would now be reinitialized and lose their career",
			bl.MigrateFrom, cl.MigrateFrom, which)
	}

	c.overCeiling = map[int]bool{}
	for _, v := range cl.Versions {
		if v.laidOut() > cl.Ceiling {
			c.overCeiling[v.Version] = true
		}
	}

	// Nested structs first: a change to one is reported there, once, and
	// the size it gives every field of its type (in any struct, and in
	// every version) follows from it.
	ns := c.nestedStructs(bl, cl)

	hist := make(map[string]histField, len(cl.history))
	for _, h := range cl.history {
		hist[h.name] = histField{h.since, h.removed}
	}
	curVersions := make(map[int]*LayoutVersion, len(cl.Versions))
	for _, v := range cl.Versions {
		curVersions[v.Version] = v
	}
	var g layoutChanges
	newest := 0
	for _, bv := range bl.Versions {
		newest = max(newest, bv.Version)
		cv := curVersions[bv.Version]
		if cv == nil {
			c.add(compat.LayoutVersionNoDelete, compat.VersionSubject(name, bv.Version), "version %d shipped and was removed from layout.versions; its files would no longer load", bv.Version)
			continue
		}
		nested := false // a nested struct's change resized a field here
		ctx := fieldsCtx{subject: name + "." + bl.Root, version: bv.Version, history: hist,
			consequence: ns.affected, used: func(elem, field string) { ns.use(elem, field, bv.Version); nested = true }}
		changes, added := diffFields(ctx, bv.Fields, cv.Fields)
		for _, ch := range changes {
			g.add(ch, bv.Version)
		}
		for _, a := range added {
			g.add(fieldChange{rule: compat.LayoutVersionBumped, subject: ctx.subject + "." + a.Name, sized: true,
				detail: fmt.Sprintf("%s (%s, %s) was added to a layout that already shipped (add it in a new version, @since(%d))", a.Name, a.Type, nbytes(a.Size), newestOf(cl)+1)}, bv.Version)
		}
		if len(changes) == 0 && len(added) == 0 && !nested && cv.Size != bv.Size {
			c.add(compat.LayoutVersionSameSize, compat.VersionSubject(name, bv.Version), "version %d shipped as %d bytes and is now recorded as %d", bv.Version, bv.Size, cv.Size)
		}
	}
	for _, ch := range g.order {
		vs := g.versions[ch]
		reason := ch.detail
		if len(vs) > 0 {
			reason += ", in shipped " + versionList(vs)
		}
		at := ch.at
		if at == "" {
			at = ch.subject
		}
		f := c.addAt(at, ch.rule, ch.subject, "%s; a file written before no longer reads the same", reason)
		c.coverVersions(f, cl, vs, ch.sized)
		if ch.appears > 0 {
			f.covers = append(f.covers, compat.LayoutAppendOnly+" "+compat.VersionSubject(name, ch.appears))
		}
	}
	ns.report(c, cl)

	// Versions newer than the baseline's: each must append to the one
	// before, or state the loss it accepts.
	for i, cv := range cl.Versions {
		if cv.Version <= newest || i == 0 {
			continue
		}
		prev := cl.Versions[i-1]
		if appends(prev.Fields, cv.Fields) {
			continue
		}
		if cv.Loss != "" {
			c.add(compat.LayoutLossAccepted, compat.VersionSubject(name, cv.Version), "version %d is not a pure append of version %d, and accepts the loss: %s", cv.Version, prev.Version, cv.Loss)
		} else {
			c.add(compat.LayoutAppendOnly, compat.VersionSubject(name, cv.Version), "version %d is not a pure append of version %d and states no accepted loss", cv.Version, prev.Version)
		}
	}
	c.ceiling(bl, cl)
}

// coverVersions records on f what a change to the shipped versions vs
// explains: those versions no longer being appends of the ones before,
// and, when it changed a size, the first of them no longer adding up to
// its recorded size and any of them now over the ceiling.
func (c *comparer) coverVersions(f *Finding, cl *Layout, vs []int, sized bool) {
	for _, v := range vs {
		f.covers = append(f.covers, compat.LayoutAppendOnly+" "+compat.VersionSubject(cl.Name, v))
	}
	if !sized || len(vs) == 0 {
		return
	}
	f.covers = append(f.covers, compat.LayoutVersionSameSize+" "+compat.VersionSubject(cl.Name, vs[0]))
	for _, v := range vs {
		if c.overCeiling[v] {
			f.covers = append(f.covers, compat.LayoutSizeCeiling+" "+compat.CeilingSubject(cl.Name))
			break
		}
	}
}

// constants compares the numbers a file and a ledger are recognised by.
func (c *comparer) constants(bl, cl *Layout) {
	name := bl.Name
	changed := func(what, subject, verb string, b, cur int64) {
		switch {
		case b == cur:
		case cur == 0:
			c.add(compat.LayoutConstantSame, subject, "the %s ("+verb+") is no longer stated; every file or ledger written before is no longer recognised", what, b)
		default:
			c.add(compat.LayoutConstantSame, subject, "the %s changed from "+verb+" to "+verb+"; every file or ledger written before is no longer recognised", what, b, cur)
		}
	}
	changed("file magic", name+".file", "%#x", bl.FileMagic, cl.FileMagic)
	if bl.LedgerMagic != 0 && cl.LedgerMagic == 0 && cl.BlobVersion == 0 {
		c.add(compat.LayoutConstantSame, name+".ledger", "the ledger (magic %#x, blob version %d) is no longer stated; every ledger written before is no longer recognised", bl.LedgerMagic, bl.BlobVersion)
		return
	}
	changed("ledger magic", name+".ledger.magic", "%#x", bl.LedgerMagic, cl.LedgerMagic)
	changed("ledger blob version", name+".ledger.version", "%d", bl.BlobVersion, cl.BlobVersion)
}

// ceiling reports the versions the ceiling is now under, once: at the
// ceiling when it was lowered, else at the first version over it.
func (c *comparer) ceiling(bl, cl *Layout) {
	var over []string
	first := ""
	for _, v := range cl.Versions {
		if v.Size > cl.Ceiling {
			over = append(over, fmt.Sprintf("%d (%d bytes)", v.Version, v.Size))
			if first == "" {
				first = compat.VersionSubject(cl.Name, v.Version)
			}
		}
	}
	if len(over) == 0 {
		return
	}
	at, why := first, "raise the ceiling when a field earns it, or make the change smaller"
	if cl.Ceiling < bl.Ceiling {
		at, why = cl.Name+".ceiling", fmt.Sprintf("it was %d; a ceiling only ever rises", bl.Ceiling)
	}
	c.addAt(at, compat.LayoutSizeCeiling, compat.CeilingSubject(cl.Name), "the ceiling of %d bytes is under %s; %s", cl.Ceiling, wordList("version", over), why)
}

// nested holds the comparison of a layout's nested structs.
type nested struct {
	layout  string
	changes map[string][]fieldChange  // struct → its own changes
	added   map[string][]*LayoutField // struct → fields added to it
	sizes   map[string][2]int         // struct → size then and now
	order   []string                  // structs with changes, in the baseline's order
	// affectedBy maps every struct whose layout changed to the structs
	// whose own changes it follows from (itself among them when it has
	// changes of its own).
	affectedBy map[string][]string
	uses       map[string]*layoutChanges // cause struct → root fields of its type whose size changed, per version
	contains   map[string][]string       // struct → the fields holding it (in other structs), for messages
	view       string                    // the ledger's view, whose fit to its field the model checks
	ledger     string                    // the root field the view covers
}

// nestedStructs compares every nested struct of a layout and works out
// which structs' layouts follow from which changes.
func (c *comparer) nestedStructs(bl, cl *Layout) *nested {
	ns := &nested{layout: bl.Name, changes: map[string][]fieldChange{}, added: map[string][]*LayoutField{}, sizes: map[string][2]int{},
		affectedBy: map[string][]string{}, uses: map[string]*layoutChanges{}, contains: map[string][]string{}, view: cl.view, ledger: cl.ledgerField}
	curStructs := index(cl.Structs, func(s *LayoutStruct) string { return s.Name })
	// Pass 1: each struct's own changes, counting every change of size
	// alone as a consequence.
	all := func(string) bool { return true }
	none := func(string, string) {}
	heldIn := map[string][]string{} // element struct → structs holding a field of it
	type pair struct{ b, c *LayoutStruct }
	var pairs []pair
	for _, bs := range bl.Structs {
		cs := curStructs[bs.Name]
		if cs == nil {
			continue // a field using it shows the change as a type change
		}
		pairs = append(pairs, pair{bs, cs})
		for _, f := range cs.Fields {
			e := elemName(f.Type)
			heldIn[e] = append(heldIn[e], bs.Name)
			ns.contains[e] = append(ns.contains[e], bs.Name+"."+f.Name)
		}
		ctx := fieldsCtx{subject: bl.Name + "." + bs.Name, consequence: all, used: none}
		changes, added := diffFields(ctx, bs.Fields, cs.Fields)
		if len(changes) > 0 || len(added) > 0 {
			ns.affectedBy[bs.Name] = []string{bs.Name}
		}
	}
	// Every struct holding a changed one changes too: breadth first from
	// the changed ones, each struct visited once per cause.
	var queue []string
	for _, p := range pairs {
		if len(ns.affectedBy[p.b.Name]) > 0 {
			queue = append(queue, p.b.Name)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, h := range heldIn[s] {
			before := len(ns.affectedBy[h])
			ns.affectedBy[h] = mergeCauses(ns.affectedBy[h], ns.affectedBy[s])
			if len(ns.affectedBy[h]) != before {
				queue = append(queue, h)
			}
		}
	}
	// Pass 2: the changes that are causes.
	for _, p := range pairs {
		ctx := fieldsCtx{subject: bl.Name + "." + p.b.Name, consequence: ns.affected, used: none}
		changes, added := diffFields(ctx, p.b.Fields, p.c.Fields)
		if len(changes) > 0 || len(added) > 0 {
			ns.order = append(ns.order, p.b.Name)
			ns.changes[p.b.Name], ns.added[p.b.Name] = changes, added
			ns.sizes[p.b.Name] = [2]int{p.b.Size, p.c.Size}
		}
	}
	return ns
}

// mergeCauses adds the causes in more to causes, keeping each once.
func mergeCauses(causes, more []string) []string {
	for _, m := range more {
		found := false
		for _, c := range causes {
			found = found || c == m
		}
		if !found {
			causes = append(causes, m)
		}
	}
	return causes
}

// affected reports whether the layout of struct s changed.
func (ns *nested) affected(s string) bool { return len(ns.affectedBy[s]) > 0 }

// use records that the root field field, of element type elem, changed
// size in a shipped version because elem's layout changed.
func (ns *nested) use(elem, field string, version int) {
	for _, cause := range ns.affectedBy[elem] {
		g := ns.uses[cause]
		if g == nil {
			g = &layoutChanges{}
			ns.uses[cause] = g
		}
		g.add(fieldChange{subject: field}, version)
	}
}

// report adds the findings of the nested structs: each change once, with
// the root fields whose size it changed and the versions it touches.
func (ns *nested) report(c *comparer, cl *Layout) {
	for _, s := range ns.order {
		var vs []int // the versions it touches, ascending
		var fields []string
		if g := ns.uses[s]; g != nil {
			seen := map[int]bool{}
			for _, ch := range g.order {
				fields = append(fields, ch.subject)
				for _, v := range g.versions[ch] {
					seen[v] = true
				}
			}
			for _, v := range cl.Versions {
				if seen[v.Version] {
					vs = append(vs, v.Version)
				}
			}
		}
		via := ""
		if len(fields) > 0 {
			via = fmt.Sprintf("; it changes %s, in shipped %s", strings.Join(fields, ", "), versionList(vs))
		} else if hs := ns.contains[s]; len(hs) > 0 {
			via = "; it is held in " + strings.Join(hs, ", ")
		}
		sized := ns.sizes[s][0] != ns.sizes[s][1]
		var fs []*Finding
		for _, ch := range ns.changes[s] {
			fs = append(fs, c.addAt(orSubject(ch), ch.rule, ch.subject, "%s%s; a nested struct is frozen once a version uses it", ch.detail, via))
		}
		if added := ns.added[s]; len(added) > 0 {
			names := make([]string, len(added))
			for i, a := range added {
				names[i] = fmt.Sprintf("%s (%s, %s)", a.Name, a.Type, nbytes(a.Size))
			}
			fs = append(fs, c.add(compat.LayoutFieldSameSize, ns.layout+"."+s, "struct %s gained %s, from %d to %d bytes%s; a nested struct is frozen once a version uses it",
				s, strings.Join(names, ", "), ns.sizes[s][0], ns.sizes[s][1], via))
		}
		for _, f := range fs {
			c.coverVersions(f, cl, vs, sized)
			if s == ns.view {
				// The view no longer fits the field it covers.
				f.covers = append(f.covers, " "+compat.FieldSubject(cl.Name, cl.Root, ns.ledger))
				c.viewChange = f
			}
		}
	}
}

func orSubject(ch fieldChange) string {
	if ch.at != "" {
		return ch.at
	}
	return ch.subject
}

// appends reports whether cur starts with exactly the fields of prev.
func appends(prev, cur []*LayoutField) bool {
	if len(cur) < len(prev) {
		return false
	}
	for i, f := range prev {
		if *cur[i] != *f {
			return false
		}
	}
	return true
}

func newestOf(l *Layout) int {
	n := 0
	for _, v := range l.Versions {
		n = max(n, v.Version)
	}
	return n
}

func versionList(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.Itoa(v)
	}
	return wordList("version", s)
}

// wordList renders "version 4" or "versions 4, 5 and 6".
func wordList(word string, s []string) string {
	if len(s) == 1 {
		return word + " " + s[0]
	}
	return word + "s " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// catalog compares the catalog: each id means one item forever. An item
// that moved is one finding (old id, new id), whatever its old id now
// holds; an id that went, or now names another item, is one finding.
func (c *comparer) catalog(bl, cl *Layout) {
	name := bl.Name
	if len(bl.Catalog) > 0 && len(cl.Catalog) == 0 {
		c.add(compat.CatalogIdNoDelete, name+".catalog", "the catalog was removed with its %d ids; an id is assigned once and kept for good", len(bl.Catalog))
		return
	}
	byID := func(es []*CatalogEntry) map[int]*CatalogEntry {
		m := make(map[int]*CatalogEntry, len(es))
		for _, e := range es {
			if m[e.ID] == nil {
				m[e.ID] = e
			}
		}
		return m
	}
	curByID, baseByID := byID(cl.Catalog), byID(bl.Catalog)
	curByName := index(cl.Catalog, func(e *CatalogEntry) string { return e.Name })
	baseByName := index(bl.Catalog, func(e *CatalogEntry) string { return e.Name })
	for _, be := range bl.Catalog {
		subject := compat.CatalogSubject(name, be.Name)
		ce := curByName[be.Name]
		switch {
		case ce != nil && ce.ID != be.ID:
			took := ""
			if other := baseByID[ce.ID]; other != nil && curByName[other.Name] == nil {
				took = fmt.Sprintf(", which was %s's (removed)", other.Name)
			} else if other != nil {
				took = fmt.Sprintf(", which is also %s's", other.Name)
			}
			c.add(compat.CatalogItemNoMove, subject, "%s moved from id %d to id %d%s; bit %d of every saved ledger still means %s",
				be.Name, be.ID, ce.ID, took, be.ID, be.Name)
			if now := curByID[be.ID]; now != nil && baseByName[now.Name] == nil {
				c.add(compat.CatalogIdNoReuse, compat.CatalogSubject(name, now.Name), "id %d was %s and now names %s; an owned bit %d would grant %s", be.ID, be.Name, now.Name, be.ID, now.Name)
			}
		case ce == nil:
			now := curByID[be.ID]
			switch {
			case now == nil:
				c.add(compat.CatalogIdNoDelete, subject, "id %d (%s) was removed; an id is assigned once and kept for good", be.ID, be.Name)
			case baseByName[now.Name] == nil:
				c.add(compat.CatalogIdNoReuse, compat.CatalogSubject(name, now.Name), "id %d was %s and now names %s; an owned bit %d would grant %s", be.ID, be.Name, now.Name, be.ID, now.Name)
			}
			// else another shipped item moved onto the id; its finding says so.
		default:
			if ce.Class != be.Class {
				c.add(compat.CatalogIdSameClass, subject, "id %d (%s) changed class from %s to %s", be.ID, be.Name, be.Class, ce.Class)
			}
			if ce.Channel != be.Channel {
				c.add(compat.CatalogIdSameChannel, subject, "id %d (%s) changed channel from %s to %s", be.ID, be.Name, be.Channel, ce.Channel)
			}
			if slotString(ce.Slot) != slotString(be.Slot) {
				c.add(compat.CatalogSlotSame, subject, "%s's consumable slot changed from %s to %s; saved counts stay in the old slot", be.Name, slotString(be.Slot), slotString(ce.Slot))
			}
		}
	}
	// Shipped ids the ledger's bitmap no longer holds: one cause, the
	// bitmap shrank (with the view's change, when that is what shrank it).
	if cl.Capacity == 0 || cl.Capacity >= bl.Capacity {
		return
	}
	var outside []string
	var covers []string
	for _, be := range bl.Catalog {
		if be.ID >= cl.Capacity {
			outside = append(outside, fmt.Sprintf("%d (%s)", be.ID, be.Name))
		}
	}
	for _, ce := range cl.Catalog {
		if ce.ID >= cl.Capacity {
			covers = append(covers, compat.CatalogIdCapacity+" "+compat.CatalogSubject(name, ce.Name))
		}
	}
	if len(outside) == 0 {
		return
	}
	msg := fmt.Sprintf("the ledger now holds %d ids, not %d: shipped ids %s are outside its bitmap", cl.Capacity, bl.Capacity, strings.Join(outside, ", "))
	if f := c.viewChange; f != nil {
		f.Reason += "; " + msg
		f.covers = append(f.covers, covers...)
		return
	}
	f := c.addAt(name+".ledger", compat.CatalogIdCapacity, name+".catalog", "%s", msg)
	f.covers = append(f.covers, covers...)
}
