package lock

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// fieldChange is one change to a field of a shipped layout.
type fieldChange struct {
	rule, subject, detail string
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

// diffFields compares a shipped field list with the same list now. It
// reports root causes: a field removed, retyped, resized or reordered; an
// offset that moved only when nothing before it changed (otherwise the move
// is a consequence). added are the names now in cur and not in base.
func diffFields(subject string, base, cur []*LayoutField) (changes []fieldChange, added []string) {
	at := map[string]int{}
	for i, f := range cur {
		at[f.Name] = i
	}
	caused, last := false, -1
	for _, bf := range base {
		i, ok := at[bf.Name]
		s := subject + "." + bf.Name
		if !ok {
			changes = append(changes, fieldChange{"LAYOUT_FIELD_NO_DELETE", s, fmt.Sprintf("%s (%s at offset %d) was removed or renamed", bf.Name, bf.Type, bf.Offset)})
			caused = true
			continue
		}
		cf := cur[i]
		switch {
		case i < last:
			changes = append(changes, fieldChange{"LAYOUT_FIELD_SAME_ORDER", s, fmt.Sprintf("%s now comes before fields it followed", bf.Name)})
			caused = true
		case cf.Type != bf.Type:
			changes = append(changes, fieldChange{"LAYOUT_FIELD_SAME_TYPE", s, fmt.Sprintf("%s changed from %s to %s", bf.Name, bf.Type, cf.Type)})
			caused = true
		case cf.Size != bf.Size:
			changes = append(changes, fieldChange{"LAYOUT_FIELD_SAME_SIZE", s, fmt.Sprintf("%s (%s) changed from %d to %d bytes", bf.Name, bf.Type, bf.Size, cf.Size)})
			caused = true
		case cf.Offset != bf.Offset && !caused:
			changes = append(changes, fieldChange{"LAYOUT_FIELD_SAME_OFFSET", s, fmt.Sprintf("%s moved from offset %d to %d", bf.Name, bf.Offset, cf.Offset)})
			caused = true
		}
		last = max(last, i)
	}
	for _, cf := range cur {
		if !slices.ContainsFunc(base, func(f *LayoutField) bool { return f.Name == cf.Name }) {
			added = append(added, cf.Name)
		}
	}
	return changes, added
}

func (c *comparer) layout(bl, cl *Layout) {
	name := bl.Name
	for _, k := range []struct {
		what, subject string
		b, c          int64
	}{
		{"file magic", name + ".file", bl.FileMagic, cl.FileMagic},
		{"ledger magic", name + ".ledger", bl.LedgerMagic, cl.LedgerMagic},
		{"ledger blob version", name + ".ledger", bl.BlobVersion, cl.BlobVersion},
	} {
		switch {
		case k.b == k.c:
		case k.c == 0:
			c.add("LAYOUT_CONSTANT_SAME", k.subject, "the %s (%#x) is no longer stated; every file or ledger written before is no longer recognised", k.what, k.b)
		default:
			c.add("LAYOUT_CONSTANT_SAME", k.subject, "the %s changed from %#x to %#x; every file or ledger written before is no longer recognised", k.what, k.b, k.c)
		}
	}
	if cl.MigrateFrom > bl.MigrateFrom {
		c.add("LAYOUT_MIGRATE_FROM_NO_RAISE", name+".migrate_from", "migrate_from rose from %d to %d: version %d–%d files, which migrated, would now be reinitialized and lose their career",
			bl.MigrateFrom, cl.MigrateFrom, bl.MigrateFrom, cl.MigrateFrom-1)
	}

	var g layoutChanges
	newest := 0
	for _, bv := range bl.Versions {
		newest = max(newest, bv.Version)
		vs := versionSubject(name, bv.Version)
		cv := find(cl.Versions, func(v *LayoutVersion) bool { return v.Version == bv.Version })
		if cv == nil {
			c.add("LAYOUT_VERSION_NO_DELETE", vs, "version %d shipped and was removed from layout.versions; its files would no longer load", bv.Version)
			continue
		}
		changes, added := diffFields(name+"."+bl.Root, bv.Fields, cv.Fields)
		for _, ch := range changes {
			g.add(ch, bv.Version)
		}
		for _, a := range added {
			g.add(fieldChange{"LAYOUT_VERSION_BUMPED", name + "." + bl.Root + "." + a, fmt.Sprintf("%s was added to a layout that already shipped (add it in a new version, @since(%d))", a, newestOf(cl)+1)}, bv.Version)
		}
		if len(changes) == 0 && len(added) == 0 && cv.Size != bv.Size {
			c.add("LAYOUT_VERSION_SAME_SIZE", vs, "version %d shipped as %d bytes and is now recorded as %d", bv.Version, bv.Size, cv.Size)
		}
	}
	for _, bs := range bl.Structs {
		cs := find(cl.Structs, func(s *LayoutStruct) bool { return s.Name == bs.Name })
		if cs == nil {
			continue // a root field using it shows the change as a type change
		}
		changes, added := diffFields(name+"."+bs.Name, bs.Fields, cs.Fields)
		for _, ch := range changes {
			g.add(ch, 0)
		}
		if len(added) > 0 || cs.Size != bs.Size {
			g.add(fieldChange{"LAYOUT_FIELD_SAME_SIZE", name + "." + bs.Name, fmt.Sprintf("struct %s changed from %d to %d bytes (fields added: %s); a nested struct is frozen once a version uses it", bs.Name, bs.Size, cs.Size, orNone(added))}, 0)
		}
	}
	for _, ch := range g.order {
		reason := ch.detail
		if vs := g.versions[ch]; len(vs) > 0 {
			reason += ", in shipped " + versionList(vs)
		}
		c.add(ch.rule, ch.subject, "%s; a file written before no longer reads the same", reason)
	}

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
			c.add("LAYOUT_LOSS_ACCEPTED", versionSubject(name, cv.Version), "version %d is not a pure append of version %d, and accepts the loss: %s", cv.Version, prev.Version, cv.Loss)
		} else {
			c.add("LAYOUT_APPEND_ONLY", versionSubject(name, cv.Version), "version %d is not a pure append of version %d and states no accepted loss", cv.Version, prev.Version)
		}
	}
	for _, cv := range cl.Versions {
		if cv.Size > cl.Ceiling {
			c.add("LAYOUT_SIZE_CEILING", versionSubject(name, cv.Version), "version %d is %d bytes, over the ceiling of %d", cv.Version, cv.Size, cl.Ceiling)
		}
	}
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
	if len(s) == 1 {
		return "version " + s[0]
	}
	return "versions " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

func (c *comparer) catalog(bl, cl *Layout) {
	name := bl.Name
	byID := map[int]*CatalogEntry{}
	byName := map[string]*CatalogEntry{}
	for _, e := range cl.Catalog {
		byID[e.ID] = e
		byName[e.Name] = e
	}
	for _, be := range bl.Catalog {
		subject := catalogSubject(name, be.Name)
		ce := byID[be.ID]
		moved := byName[be.Name]
		if moved != nil && moved.ID != be.ID {
			c.add("CATALOG_ITEM_NO_MOVE", subject, "%s moved from id %d to id %d; bit %d of every saved ledger still means %s", be.Name, be.ID, moved.ID, be.ID, be.Name)
		}
		switch {
		case ce == nil:
			c.add("CATALOG_ID_NO_DELETE", subject, "id %d (%s) was removed; an id is assigned once and kept for good", be.ID, be.Name)
		case ce.Name != be.Name:
			c.add("CATALOG_ID_NO_REUSE", catalogSubject(name, ce.Name), "id %d was %s and now names %s; an owned bit %d would grant %s", be.ID, be.Name, ce.Name, be.ID, ce.Name)
		default:
			if ce.Class != be.Class {
				c.add("CATALOG_ID_SAME_CLASS", subject, "id %d (%s) changed class from %s to %s", be.ID, be.Name, be.Class, ce.Class)
			}
			if ce.Channel != be.Channel {
				c.add("CATALOG_ID_SAME_CHANNEL", subject, "id %d (%s) changed channel from %s to %s", be.ID, be.Name, be.Channel, ce.Channel)
			}
			if slotString(ce.Slot) != slotString(be.Slot) {
				c.add("CATALOG_SLOT_SAME", subject, "%s's consumable slot changed from %s to %s; saved counts stay in the old slot", be.Name, slotString(be.Slot), slotString(ce.Slot))
			}
		}
		if cl.Capacity > 0 && be.ID >= cl.Capacity {
			c.add("CATALOG_ID_CAPACITY", subject, "id %d (%s) is outside the ledger's %d ids", be.ID, be.Name, cl.Capacity)
		}
	}
}
