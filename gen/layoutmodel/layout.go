package layoutmodel

import (
	"fmt"
	"strings"
)

// Layout is a binary layout package (schema/deck): C structs laid out by
// C's rules with no implicit padding, one of them the versioned root with
// its shipped history, the file that carries the root, the ledger view of
// one of its byte arrays and the catalog whose ids index that ledger.
//
// Everything here has been checked: offsets, sizes and alignment follow C's
// rules with no hole; every version's computed size equals the size it
// shipped with; every version appends to the one before it or states the
// loss it accepts; no version exceeds the ceiling; catalog ids and slots are
// unique and inside the ledger's capacity; no two names collide in C or Go.
type Layout struct {
	Name string // CUE package name, e.g. "deck"
	Dir  string // e.g. "schema/deck"
	Path string // its folder under the schema folder, e.g. "deck" (see Package.Path)
	Doc  string
	Pos  Pos
	// CPrefix starts every C name the layout generates (layout.c_prefix;
	// default the package name in PascalCase, Deck for deck): types
	// DeckSettings, macros DECK_*, functions deck_*. CPrefixPos is where
	// the schema sets it (invalid for the default).
	CPrefix    string
	CPrefixPos Pos

	// Structs are every layout struct, in declaration order; Root is one
	// of them.
	Structs []*Struct
	Root    *Struct

	Ceiling     Fact // sizeof(Root) may never exceed it
	MigrateFrom Fact // files of this version or newer migrate; older ones are refused
	// Versions are every shipped version, ascending and contiguous; the
	// last is the current one.
	Versions []*Version

	File    *File    // nil when the package states no file
	Ledger  *Ledger  // nil when the package states no ledger
	Catalog *Catalog // nil when the package states no catalog

	// Enums are the layout enums, in declaration order: named values of
	// the integer fields that say @enum(Name).
	Enums []*LayoutEnum
}

// Fact is a number the schema states, with where it says so and the doc
// comment above it.
type Fact struct {
	Value int64
	Pos   Pos
	Doc   string
}

// Int returns the fact as an int.
func (f Fact) Int() int { return int(f.Value) }

// Current is the newest version: the layout Root has now.
func (l *Layout) Current() *Version { return l.Versions[len(l.Versions)-1] }

// Version returns the version numbered n, or nil.
func (l *Layout) Version(n int) *Version {
	for _, v := range l.Versions {
		if v.Number == n {
			return v
		}
	}
	return nil
}

// Struct looks a layout struct up by its CUE name (without '#').
func (l *Layout) Struct(name string) *Struct {
	for _, s := range l.Structs {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Struct is a C struct: fields at their offsets, no implicit padding.
type Struct struct {
	Name   string // CUE name without '#'
	GoName string
	CName  string // the C type name: Name with the layout's C prefix, e.g. DeckSettings
	Doc    string
	Pos    Pos
	Size   int
	Align  int
	// Fields are the struct's members in order; for the root, the current
	// version's.
	Fields []*LayoutField
	// History is every field the root ever had, in declaration order,
	// removed ones included; nil for any other struct.
	History []*LayoutField
}

// Field returns the member with the given name, or nil.
func (s *Struct) Field(name string) *LayoutField {
	for _, f := range s.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// LayoutField is one field of a layout struct.
type LayoutField struct {
	Name   string // the CUE and C name, e.g. cart_history
	GoName string // e.g. CartHistory
	Doc    string
	Pos    Pos
	Type   *CType
	// Offset in the struct's current layout; -1 for a removed root field.
	Offset int
	// Since is the version that added a root field; Removed the first
	// version without it (0: still there). Both are 0 outside the root.
	Since, Removed int
	// Enum names the values the field holds (@enum(Name)); nil for a
	// plain field. The field's type stays its integer scalar: that is what
	// the bytes are.
	Enum *LayoutEnum
}

// resolved reports whether the type names a scalar or a struct.
func (t *CType) resolved() bool { return t.Prim != 0 || t.Struct != nil }

// Size is the number of bytes the member takes.
func (m *LayoutField) Size() int { return m.Type.Size() }

// Reserved reports whether the member is reserved space: named reserved
// or reserved_<something>. Reserved bytes of the root are the budget's
// reclaimable bytes.
func (m *LayoutField) Reserved() bool {
	return m.Name == "reserved" || strings.HasPrefix(m.Name, "reserved_")
}

// Prim is a fixed-width C scalar.
type Prim int

// The scalars a layout field may use.
const (
	Char Prim = iota + 1
	Int8
	Uint8
	Int16
	Uint16
	Int32
	Uint32
	Int64
	Uint64
	// Float32 and Float64 are IEEE-754 binary32 and binary64, stored
	// little-endian like the integers: C float and double, Go float32 and
	// float64. Their bits are carried exactly (NaN payloads, -0).
	Float32
	Float64
)

var prims = [...]struct {
	name, c, goType string
	size            int
	signed          bool
}{
	Char:    {"char", "char", "byte", 1, false},
	Int8:    {"int8", "int8_t", "int8", 1, true},
	Uint8:   {"uint8", "uint8_t", "uint8", 1, false},
	Int16:   {"int16", "int16_t", "int16", 2, true},
	Uint16:  {"uint16", "uint16_t", "uint16", 2, false},
	Int32:   {"int32", "int32_t", "int32", 4, true},
	Uint32:  {"uint32", "uint32_t", "uint32", 4, false},
	Int64:   {"int64", "int64_t", "int64", 8, true},
	Uint64:  {"uint64", "uint64_t", "uint64", 8, false},
	Float32: {"float32", "float", "float32", 4, false},
	Float64: {"float64", "double", "float64", 8, false},
}

func primByName(name string) Prim {
	for p := Char; p <= Float64; p++ {
		if prims[p].name == name {
			return p
		}
	}
	return 0
}

// String is the schema spelling, e.g. uint32.
func (p Prim) String() string { return prims[p].name }

// C is the C type, e.g. uint32_t.
func (p Prim) C() string { return prims[p].c }

// Go is the Go type, e.g. uint32 (byte for char).
func (p Prim) Go() string { return prims[p].goType }

// Size is the size in bytes, which is also the natural alignment.
func (p Prim) Size() int { return prims[p].size }

// Signed reports whether the scalar is a signed integer. char is text and
// counts as unsigned bytes everywhere schemagen reads or writes it; a
// float is not an integer, signed or not.
func (p Prim) Signed() bool { return prims[p].signed }

// Float reports whether the scalar is an IEEE-754 float (float32, float64).
func (p Prim) Float() bool { return p == Float32 || p == Float64 }

// Integer reports whether the scalar is an integer (int8 … uint64): not
// char, not a float.
func (p Prim) Integer() bool { return p != 0 && p != Char && !p.Float() }

// CType is a field's type: a scalar or a struct, in zero or more array
// dimensions (outermost first), e.g. char[16][80] or CartRecord[17].
type CType struct {
	Spelling string // as written in the schema
	Prim     Prim   // set for a scalar element
	Struct   *Struct
	Dims     []int
}

// Count is the number of elements (the product of the dimensions; 1 for a
// non-array).
func (t *CType) Count() int {
	n := 1
	for _, d := range t.Dims {
		n *= d
	}
	return n
}

// ElemSize is the size of one element.
func (t *CType) ElemSize() int {
	if t.Struct != nil {
		return t.Struct.Size
	}
	return t.Prim.Size()
}

// Size is the size of the whole field.
func (t *CType) Size() int { return t.Count() * t.ElemSize() }

// Align is the natural alignment of the field: its element's.
func (t *CType) Align() int {
	if t.Struct != nil {
		return t.Struct.Align
	}
	return t.Prim.Size()
}

// ElemName is the element type's schema name: a scalar's spelling or a
// struct's name.
func (t *CType) ElemName() string {
	if t.Struct != nil {
		return t.Struct.Name
	}
	return t.Prim.String()
}

// Version is one shipped layout of the root.
type Version struct {
	Number int
	Size   int // the recorded size, which the computed layout equals
	Doc    string
	Pos    Pos
	// Loss is the accepted loss a version states when it is not a pure
	// append of the one before it; "" for a pure append.
	Loss    string
	LossPos Pos
	Fields  []Placed // this version's layout, in order
}

// Placed is a root field at its offset in one version.
type Placed struct {
	Field  *LayoutField
	Offset int
}

// SharedPrefix is the number of leading bytes that versions a and b lay out
// identically: the bytes a migration between them copies. For a pure
// append it is the older version's size.
func (l *Layout) SharedPrefix(a, b *Version) int {
	n := 0
	for i := 0; i < len(a.Fields) && i < len(b.Fields); i++ {
		if a.Fields[i] != b.Fields[i] {
			break
		}
		n = a.Fields[i].Offset + a.Fields[i].Field.Size()
	}
	return n
}

// File is the on-disk form of the root: a header struct, the payload (the
// root in some version), then a CRC-32 (IEEE) of header and payload.
type File struct {
	Header *Struct
	Magic  Fact
	Pos    Pos
	// NewFunction is the C name of the function that fills a new root
	// (layout.file.new_function), or "" for the default, <root>_new.
	NewFunction    string
	NewFunctionPos Pos
	// The header's fields by role.
	MagicField, VersionField, LengthField *LayoutField
}

// CRCSize is the size of the CRC-32 that ends every file.
const CRCSize = 4

// Size is the size of a file carrying version v.
func (f *File) Size(v *Version) int { return f.Header.Size + v.Size + CRCSize }

// Ledger is the typed view of one byte-array field of the root: a header
// (magic and blob version), a bitmap with one bit per catalog id and an
// array of saturating consumable counts. Its one mutator is a commit of a
// sanctioned outcome.
type Ledger struct {
	Field       *LayoutField // the root field holding it, e.g. ownership
	View        *Struct      // e.g. OwnershipBlob
	Magic       Fact
	BlobVersion Fact
	Pos         Pos
	// The view's fields by role.
	MagicField, VersionField, Owned, Consumables *LayoutField
	// CPrefix is the layout's C prefix (Layout.CPrefix), which starts the
	// ledger's C names too.
	CPrefix string
}

// Capacity is the number of catalog ids the bitmap holds (8 per byte).
func (g *Ledger) Capacity() int { return 8 * g.Owned.Size() }

// Slots is the number of consumable counts.
func (g *Ledger) Slots() int { return g.Consumables.Size() }

// Catalog is the append-only registry of items whose ids index the ledger.
type Catalog struct {
	Doc   string
	Pos   Pos
	Items []*CatalogItem // in id order
	// Classes and Channels are what the schema's catalog.classes and
	// catalog.channels declare, in order: an item's class says what kind
	// of thing it is, its channel how it is acquired.
	Classes  []*Class
	Channels []*Channel
	// StarterKit are the items every new career is granted.
	StarterKit    []*CatalogItem
	StarterKitPos Pos
}

// Item returns the item with the given id, or nil.
func (c *Catalog) Item(id int) *CatalogItem {
	for _, it := range c.Items {
		if it.ID == id {
			return it
		}
	}
	return nil
}

// Class returns the class with the given name, or nil.
func (c *Catalog) Class(name string) *Class {
	for _, k := range c.Classes {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// Counted is the class whose items the ledger counts (its consumables),
// one per catalog.
func (c *Catalog) Counted() *Class {
	for _, k := range c.Classes {
		if k.Counted {
			return k
		}
	}
	return nil
}

// Count returns how many items are of class k.
func (c *Catalog) Count(k *Class) int {
	n := 0
	for _, it := range c.Items {
		if it.Class == k {
			n++
		}
	}
	return n
}

// CatalogItem is one entry of the catalog.
type CatalogItem struct {
	ID      int
	Name    string // snake_case, e.g. verb_scan
	Class   *Class
	Channel *Channel
	Slot    int // the count slot, for an item of the counted class; -1 for any other
	Doc     string
	Pos     Pos
	GoName  string // e.g. CatalogVerbScan
	CName   string // e.g. DECK_CATALOG_VERB_SCAN
}

// Class is what kind of thing a catalog item is, as the schema declares
// it (catalog.classes). Its Number is its place in that list from 1 (0 is
// "no item"), which catalog.h and the Go table carry: the files store
// item ids, never class numbers.
type Class struct {
	Number int
	Name   string // snake_case, e.g. program_tier
	CName  string // e.g. DECK_CATALOG_CLASS_PROGRAM_TIER
	Doc    string
	Pos    Pos
	// Counted: the ledger counts this class's items in its consumables
	// (each has a slot) rather than owning them by a bit.
	Counted bool
}

func (k *Class) String() string { return k.Name }

// Channel is how an item is acquired, as the schema declares it
// (catalog.channels): a property of the catalog entry, never stored per
// item. Number is its place in that list from 1.
type Channel struct {
	Number int
	Name   string
	CName  string // e.g. DECK_CATALOG_CHANNEL_BOUGHT
	Doc    string
	Pos    Pos
}

func (c *Channel) String() string { return c.Name }

// BudgetRow is one line of the budget table for a version.
type BudgetRow struct {
	Version  int
	Size     int // sizeof(root)
	Ceiling  int
	Headroom int // Ceiling - Size
	FileSize int // header + payload + CRC; 0 without a File
	Reserved int // reserved bytes of the root in this version: reclaimable
}

// Budget recomputes the budget table from the layout, one row per version:
// the size of the root, the ceiling and headroom, the file size and the
// reserved bytes that could be reclaimed.
func (l *Layout) Budget() []BudgetRow {
	var rows []BudgetRow
	for _, v := range l.Versions {
		r := BudgetRow{Version: v.Number, Size: v.Size, Ceiling: l.Ceiling.Int(), Headroom: l.Ceiling.Int() - v.Size}
		if l.File != nil {
			r.FileSize = l.File.Size(v)
		}
		for _, p := range v.Fields {
			if p.Field.Reserved() {
				r.Reserved += p.Field.Size()
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// describe renders a member for messages: name (type, offset o, n bytes).
func (m *LayoutField) describe(offset int) string {
	unit := "bytes"
	if m.Size() == 1 {
		unit = "byte"
	}
	return fmt.Sprintf("%s (%s at offset %d, %d %s)", m.Name, m.Type.Spelling, offset, m.Size(), unit)
}
