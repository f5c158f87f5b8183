package lock

import (
	"fmt"

	"github.com/schemagen/schemagen/gen/compat"
	"github.com/schemagen/schemagen/gen/layoutmodel"
)

// Layout is what a layout package shipped: every version's fields at
// their offsets, the nested structs they use, the constants a file or a
// ledger is recognised by, and the catalog whose ids index the ledger.
type Layout struct {
	Name        string `json:"name"`
	Root        string `json:"root"`
	Ceiling     int    `json:"ceiling"`
	MigrateFrom int    `json:"migrateFrom"`
	// FileMagic, LedgerMagic and BlobVersion are the constants a reader
	// recognises a file and a ledger by; 0 when the package states none.
	FileMagic   int64            `json:"fileMagic,omitempty"`
	LedgerMagic int64            `json:"ledgerMagic,omitempty"`
	BlobVersion int64            `json:"blobVersion,omitempty"`
	Capacity    int              `json:"catalogCapacity,omitempty"` // catalog ids the ledger holds
	Slots       int              `json:"consumableSlots,omitempty"`
	Versions    []*LayoutVersion `json:"versions"`
	Structs     []*LayoutStruct  `json:"structs,omitempty"`
	Catalog     []*CatalogEntry  `json:"catalog,omitempty"`
	Enums       []*LayoutEnum    `json:"enums,omitempty"`

	// Known of the current schema only (FromModel), not saved: every
	// field the root ever had with its history, the ledger's view and the
	// root field it covers.
	history           []histEntry
	view, ledgerField string
}

type histEntry struct {
	name           string
	since, removed int
}

// laidOut is the size the version's fields add up to (its recorded size
// is Size).
func (v *LayoutVersion) laidOut() int {
	if len(v.Fields) == 0 {
		return 0
	}
	last := v.Fields[len(v.Fields)-1]
	return last.Offset + last.Size
}

// LayoutEnum is a layout enum's members: the values stored fields hold.
type LayoutEnum struct {
	Name    string              `json:"name"`
	Members []*LayoutEnumMember `json:"members"`
}

// LayoutEnumMember is one named value, forever.
type LayoutEnumMember struct {
	Name  string `json:"name"`
	Value int64  `json:"value"`
}

// LayoutVersion is one shipped version of the root.
type LayoutVersion struct {
	Version int            `json:"version"`
	Size    int            `json:"size"`
	Loss    string         `json:"loss,omitempty"`
	Fields  []*LayoutField `json:"fields"`
}

// LayoutStruct is a nested struct: frozen once a version uses it.
type LayoutStruct struct {
	Name   string         `json:"name"`
	Size   int            `json:"size"`
	Fields []*LayoutField `json:"fields"`
}

// LayoutField is a field at its offset.
type LayoutField struct {
	Name   string `json:"name"`
	Type   string `json:"type"` // the C type as the schema spells it, e.g. CartRecord[17]
	Offset int    `json:"offset"`
	Size   int    `json:"size"`
	Enum   string `json:"enum,omitempty"` // the layout enum whose values it holds
}

// CatalogEntry is one catalog id and what it means, forever.
type CatalogEntry struct {
	ID      int    `json:"id"`
	Name    string `json:"name"`
	Class   string `json:"class"`
	Channel string `json:"channel"`
	Slot    *int   `json:"slot,omitempty"`
}

// layoutOf records a layout package in the lock, and the positions of its
// parts in l.pos.
func (l *Lock) layoutOf(m *layoutmodel.Layout) *Layout {
	ll := &Layout{Name: m.Name, Root: m.Root.Name, Ceiling: m.Ceiling.Int(), MigrateFrom: m.MigrateFrom.Int()}
	l.pos[m.Name] = m.Pos
	l.pos[m.Name+".ceiling"] = m.Ceiling.Pos
	l.pos[m.Name+".migrate_from"] = m.MigrateFrom.Pos
	if m.File != nil {
		ll.FileMagic = m.File.Magic.Value
		l.pos[m.Name+".file"] = m.File.Magic.Pos
	}
	if g := m.Ledger; g != nil {
		ll.LedgerMagic, ll.BlobVersion = g.Magic.Value, g.BlobVersion.Value
		ll.Capacity, ll.Slots = g.Capacity(), g.Slots()
		ll.view, ll.ledgerField = g.View.Name, g.Field.Name
		l.pos[m.Name+".ledger"] = g.Pos
	}
	l.pos[m.Name+"."+m.Root.Name] = m.Root.Pos
	for _, v := range m.Versions {
		lv := &LayoutVersion{Version: v.Number, Size: v.Size, Loss: v.Loss}
		vs := compat.VersionSubject(m.Name, v.Number)
		l.pos[vs] = v.Pos
		for _, p := range v.Fields {
			lv.Fields = append(lv.Fields, &LayoutField{Name: p.Field.Name, Type: p.Field.Type.Spelling, Offset: p.Offset, Size: p.Field.Size(), Enum: enumName(p.Field)})
			l.pos[vs+"."+p.Field.Name] = p.Field.Pos
		}
		ll.Versions = append(ll.Versions, lv)
	}
	for _, f := range m.Root.History {
		l.pos[m.Name+"."+m.Root.Name+"."+f.Name] = f.Pos
		ll.history = append(ll.history, histEntry{f.Name, f.Since, f.Removed})
	}
	for _, s := range m.Structs {
		if s == m.Root {
			continue
		}
		ls := &LayoutStruct{Name: s.Name, Size: s.Size}
		l.pos[m.Name+"."+s.Name] = s.Pos
		for _, f := range s.Fields {
			ls.Fields = append(ls.Fields, &LayoutField{Name: f.Name, Type: f.Type.Spelling, Offset: f.Offset, Size: f.Size(), Enum: enumName(f)})
			l.pos[m.Name+"."+s.Name+"."+f.Name] = f.Pos
		}
		ll.Structs = append(ll.Structs, ls)
	}
	for _, e := range m.Enums {
		le := &LayoutEnum{Name: e.Name}
		l.pos[m.Name+"."+e.Name] = e.Pos
		for _, mem := range e.Members {
			le.Members = append(le.Members, &LayoutEnumMember{Name: mem.Name, Value: mem.Value})
			l.pos[m.Name+"."+e.Name+"."+mem.Name] = mem.Pos
		}
		ll.Enums = append(ll.Enums, le)
	}
	if c := m.Catalog; c != nil {
		l.pos[m.Name+".catalog"] = c.Pos
		for _, it := range c.Items {
			e := &CatalogEntry{ID: it.ID, Name: it.Name, Class: it.Class.Name, Channel: it.Channel.Name}
			if it.Slot >= 0 {
				slot := it.Slot
				e.Slot = &slot
			}
			ll.Catalog = append(ll.Catalog, e)
			l.pos[compat.CatalogSubject(m.Name, it.Name)] = it.Pos
		}
	}
	return ll
}

func enumName(f *layoutmodel.LayoutField) string {
	if f.Enum == nil {
		return ""
	}
	return f.Enum.Name
}

func slotString(s *int) string {
	if s == nil {
		return "none"
	}
	return fmt.Sprint(*s)
}
