package layoutmodel

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/schemagen/schemagen/gen/cuesrc"
)

// Names of a layout's generated C and Go API. They are decided here, next
// to the schema names they derive from, so that every emitter agrees and
// two things that would get one name are an error with both positions. The
// emitters build each name with the methods below; their tests check that
// every identifier they declare is one that LayoutIdents lists.

// Fixed parts of the generated names. Every C name starts with the
// layout's C prefix (layout.c_prefix, default the package name: Deck): a
// type is <Prefix><Name>, a macro <PREFIX>_<suffix>, a function
// <prefix>_<suffix>; the ledger's are <PREFIX>_<FIELD>_<suffix>, the
// catalog's <PREFIX>_CATALOG_<suffix>.
var (
	layoutCMacros  = []string{"STRUCT_VERSION", "STATE_CEILING", "MIGRATE_MIN_VERSION", "FILE_MAGIC", "FILE_HEADER_SIZE", "FILE_CRC_SIZE", "STATIC_ASSERT", "SCHEMA_HASH", "MEMORY_MATCHES_FILE"}
	ledgerCMacros  = []string{"BLOB_SIZE", "MAGIC", "BLOB_VERSION", "CONSUMABLE_MAX", "PURCHASED", "DISCOVERED", "GRANTED", "CONSUMABLE_BOUGHT", "CONSUMABLE_USED", "OK", "ERR_UNKNOWN_ITEM", "ERR_WRONG_CLASS", "ERR_BAD_OUTCOME", "ERR_FOREIGN_BLOB"}
	ledgerCFuncs   = []string{"has", "consumable_count", "commit", "usable"}
	ledgerCTypes   = []string{"Outcome", "Status"}
	catalogCMacros = []string{"ID_CAPACITY", "CONSUMABLE_SLOTS", "ITEM_COUNT", "ID_LIMIT", "STARTER_KIT_COUNT", "STARTER_KIT_IDS", "CLASS_NONE", "CHANNEL_NONE"}
	catalogCFuncs  = []string{"catalog_class", "catalog_channel", "catalog_consumable_slot", "catalog_name"}

	// The file codec's C API (deck_file.h), for a layout with a file.
	fileCMacros = []string{"PAYLOAD_SIZE", "FILE_SIZE", "FILE_SIZE_MAX", "FILE_SIZE_CURRENT", "SHIPPED_VERSIONS", "SHIPPED_VERSION_COUNT",
		"FILE_OK", "FILE_MIGRATED", "FILE_ERR_MAGIC", "FILE_ERR_LENGTH", "FILE_ERR_PAYLOAD_LEN", "FILE_ERR_CRC", "FILE_ERR_NEWER", "FILE_ERR_REINITIALIZE", "FILE_ERR_UNKNOWN_VERSION",
		"FILE_PICK_PENDING", "FILE_PICK_COMMITTED", "FILE_PICK_NEITHER", "FILE_PICK_LEAVE"}
	fileCFuncs = []string{"crc32", "file_status_text", "file_decode", "file_encode", "file_may_overwrite", "file_pick",
		"file_decoder_init", "file_decoder_feed", "file_decoder_finish", "file_encoder_init", "file_encoder_read"}
	fileCTypes    = []string{"FileStatus", "FilePick", "FileDecoder", "FileEncoder"}
	catalogCTypes = []string{"CatalogClass", "CatalogChannel"}

	layoutGoAPI = []string{"StructVersion", "StateCeiling", "MigrateMinVersion", "PayloadSize", "FieldInfo", "Fields", "SizeError", "FileMagic", "FileHeaderSize", "FileCRCSize"}
	// The ledger's Go API, each prefixed with the ledger field's Go name
	// (GoConst), and its errors (GoErr).
	ledgerGoAPI = []string{"Magic", "BlobVersion", "Kind", "Purchased", "Discovered", "Granted", "ConsumableBought", "ConsumableUsed",
		"Outcome", "Purchase", "Discovery", "Grant", "Bought", "Used", "Has", "ConsumableCount", "Commit"}
	ledgerGoErrors = []string{"UnknownItem", "WrongClass", "BadOutcome", "ForeignBlob", "UnknownSlot"}
	// The file codec's Go API (file.go), for a layout with a file, beside
	// GoNew.
	fileGoAPI = []string{"Parse", "Load", "Migrate", "Encode", "EncodeFile", "MayOverwrite", "MaxFileSize", "FirstVersion",
		"MagicError", "LengthError", "PayloadLenError", "CRCError", "VersionError", "ErrNewerVersion", "ErrReinitialize", "ErrUnknownVersion"}
	catalogGoAPI = []string{"CatalogID", "CatalogClass", "CatalogChannel", "CatalogItem", "CatalogItems", "LookupCatalogItem", "StarterKit", "CatalogIDCapacity", "CatalogConsumableSlots"}
)

// upperSnake turns a snake_case or PascalCase name into UPPER_SNAKE.
func upperSnake(name string) string {
	return strings.ToUpper(strings.Join(cuesrc.Words(name), "_"))
}

// CMacro is the name of one of the layout's C macros, e.g. DECK_STRUCT_VERSION.
func (l *Layout) CMacro(suffix string) string { return upperSnake(l.CPrefix) + "_" + suffix }

// cPrefixed is name with the C prefix in front, unless it already begins
// with the prefix's words: Settings → DeckSettings, DeckState and Deck stay.
func cPrefixed(prefix, name string) string {
	pw, nw := cuesrc.Words(prefix), cuesrc.Words(name)
	if len(nw) >= len(pw) && slices.Equal(pw, nw[:len(pw)]) {
		return name
	}
	return prefix + name
}

// CPayloadSize is the macro of version v's payload size, e.g. DECK_PAYLOAD_SIZE_V5.
func (l *Layout) CPayloadSize(v *Version) string {
	return l.CMacro(fmt.Sprintf("PAYLOAD_SIZE_V%d", v.Number))
}

// CFileSize is the macro of the size of a file of version v, e.g. DECK_FILE_SIZE_V5.
func (l *Layout) CFileSize(v *Version) string {
	return l.CMacro(fmt.Sprintf("FILE_SIZE_V%d", v.Number))
}

// CFunc is the name of one of the layout's C functions, e.g. deck_file_decode.
func (l *Layout) CFunc(suffix string) string { return lowerSnake(l.CPrefix) + "_" + suffix }

// CType is the name of one of the layout's C types, e.g. DeckFileStatus.
func (l *Layout) CType(suffix string) string { return l.CPrefix + suffix }

// CNewFunc is the C function that fills a new root: the schema's
// layout.file.new_function (deck_state_new_career), or <root>_new.
func (l *Layout) CNewFunc() string {
	if l.File != nil && l.File.NewFunction != "" {
		return l.File.NewFunction
	}
	return lowerSnake(l.Root.CName) + "_new"
}

// CFileHeader is the name, without .h or .c, of the file codec's C files,
// e.g. deck_file.
func (l *Layout) CFileHeader() string { return lowerSnake(l.CPrefix) + "_file" }

// CLen is the C macro of the length of dimension dim (0 the outermost) of
// array member m of s: DECK_STATE_CART_HISTORY_LEN for dim 0,
// DECK_REPL_HISTORY_SLOTS_LEN_2 for the second dimension of char slots[16][80].
func (s *Struct) CLen(m *LayoutField, dim int) string {
	n := upperSnake(s.CName) + "_" + upperSnake(m.Name) + "_LEN"
	if dim > 0 {
		n += fmt.Sprintf("_%d", dim+1)
	}
	return n
}

// lowerSnake turns a snake_case or PascalCase name into lower_snake.
func lowerSnake(name string) string {
	return strings.ToLower(strings.Join(cuesrc.Words(name), "_"))
}

// CGuard is the include guard of one of the layout's headers, e.g.
// SCHEMAGEN_DECK_TYPES_H for "types".
func (l *Layout) CGuard(header string) string {
	return "SCHEMAGEN_" + upperSnake(l.CPrefix) + "_" + upperSnake(header) + "_H"
}

// GoNew is the Go function that returns a new root, the twin of
// CNewFunc, e.g. NewDeckState.
func (l *Layout) GoNew() string { return "New" + l.Root.GoName }

// GoPayloadSize is the Go constant of version v's payload size, e.g. PayloadSizeV5.
func (v *Version) GoPayloadSize() string { return fmt.Sprintf("PayloadSizeV%d", v.Number) }

// GoSize is the Go constant of the struct's size, e.g. SettingsSize.
func (s *Struct) GoSize() string { return s.GoName + "Size" }

// GoDecode is the Go function decoding the struct, e.g. DecodeSettings.
func (s *Struct) GoDecode() string { return "Decode" + s.GoName }

// GoOffset is the Go constant of a member's offset in s, e.g. DeckStateCreditsOffset.
func (s *Struct) GoOffset(m *LayoutField) string { return s.GoName + m.GoName + "Offset" }

// GoFieldSize is the Go constant of a member's size in s, e.g. DeckStateCreditsSize.
func (s *Struct) GoFieldSize(m *LayoutField) string { return s.GoName + m.GoName + "Size" }

// goMethods are the methods every generated layout struct has; no field
// may take their names.
var goMethods = []string{"Encode"}

// CMacro is the name of one of the ledger's C macros, e.g. DECK_OWNERSHIP_BLOB_SIZE.
func (g *Ledger) CMacro(suffix string) string {
	return upperSnake(g.CPrefix) + "_" + upperSnake(g.Field.Name) + "_" + suffix
}

// CFunc is the name of one of the ledger's C functions, e.g. deck_ownership_has.
func (g *Ledger) CFunc(suffix string) string {
	return lowerSnake(g.CPrefix) + "_" + g.Field.Name + "_" + suffix
}

// CType is the name of one of the ledger's C types, e.g. DeckOwnershipOutcome.
func (g *Ledger) CType(suffix string) string { return g.CPrefix + g.Field.GoName + suffix }

// GoConst is the name of one of the ledger's Go constants, types and
// functions, e.g. OwnershipMagic, OwnershipCommit.
func (g *Ledger) GoConst(suffix string) string { return g.Field.GoName + suffix }

// GoErr is the name of one of the ledger's Go errors, e.g.
// ErrOwnershipUnknownItem.
func (g *Ledger) GoErr(suffix string) string { return "Err" + g.Field.GoName + suffix }

// CatalogCMacro is the name of one of the catalog's fixed C macros, e.g.
// DECK_CATALOG_ID_CAPACITY.
func (l *Layout) CatalogCMacro(suffix string) string { return l.CMacro("CATALOG_" + suffix) }

// CMacro of a class, e.g. DECK_CATALOG_CLASS_PROGRAM_TIER.
func (k *Class) CMacro() string { return k.CName }

// GoName of a class, e.g. CatalogClassProgramTier.
func (k *Class) GoName() string { return "CatalogClass" + cuesrc.GoName(k.Name) }

// CMacro of a channel, e.g. DECK_CATALOG_CHANNEL_BOUGHT.
func (c *Channel) CMacro() string { return c.CName }

// GoName of a channel, e.g. CatalogChannelBought.
func (c *Channel) GoName() string { return "CatalogChannel" + cuesrc.GoName(c.Name) }

// CSlot is the C macro of a consumable's slot, e.g. CATALOG_STIM_PATCH_SLOT.
func (it *CatalogItem) CSlot() string { return it.CName + "_SLOT" }

// GoSlot is the Go constant of a consumable's slot, e.g. CatalogStimPatchSlot.
func (it *CatalogItem) GoSlot() string { return it.GoName + "Slot" }

// Ident is one generated identifier and what declares it.
type Ident struct {
	Name string
	What string
	Pos  Pos
}

// LayoutIdents returns every identifier the layout's generated C headers
// (c) and Go package (goIdents) declare at file scope, sorted by name.
func (l *Layout) LayoutIdents() (c, goIdents []Ident) {
	add := func(list *[]Ident, name, what string, pos Pos) {
		*list = append(*list, Ident{name, what, pos})
	}
	fixed := "the generated layout API"
	for _, h := range []string{"types", "catalog", "ownership", l.CFileHeader()} {
		add(&c, l.CGuard(h), fixed, l.Pos)
	}
	for _, s := range layoutCMacros {
		add(&c, l.CMacro(s), fixed, l.Pos)
	}
	for _, s := range layoutGoAPI {
		add(&goIdents, s, fixed, l.Pos)
	}
	for _, v := range l.Versions {
		what := fmt.Sprintf("version %d", v.Number)
		add(&c, l.CPayloadSize(v), what, v.Pos)
		add(&c, l.CFileSize(v), what, v.Pos)
		add(&goIdents, v.GoPayloadSize(), what, v.Pos)
	}
	for _, s := range l.Structs {
		what := "#" + s.Name
		add(&c, s.CName, what, s.Pos)
		add(&goIdents, s.GoName, what, s.Pos)
		add(&goIdents, s.GoSize(), what+" (its size)", s.Pos)
		add(&goIdents, s.GoDecode(), what+" (its decoder)", s.Pos)
		for _, m := range s.Fields {
			add(&goIdents, s.GoOffset(m), what+"."+m.Name+" (its offset)", m.Pos)
			add(&goIdents, s.GoFieldSize(m), what+"."+m.Name+" (its size)", m.Pos)
			for d := range m.Type.Dims {
				add(&c, s.CLen(m, d), what+"."+m.Name+" (its length)", m.Pos)
			}
		}
	}
	for _, e := range l.Enums {
		what := "enum #" + e.Name
		add(&c, e.CName, what, e.Pos)
		add(&goIdents, e.GoName, what, e.Pos)
		for _, m := range e.Members {
			add(&c, m.CName, what+"."+m.Name, m.Pos)
			add(&goIdents, m.GoName, what+"."+m.Name, m.Pos)
		}
	}
	if l.File != nil {
		what := "the generated file codec API (layout.file)"
		for _, s := range fileCMacros {
			add(&c, l.CMacro(s), what, l.File.Pos)
		}
		for _, s := range fileCFuncs {
			add(&c, l.CFunc(s), what, l.File.Pos)
		}
		for _, s := range fileCTypes {
			add(&c, l.CType(s), what, l.File.Pos)
		}
		add(&c, l.CNewFunc(), what, l.File.Pos)
		for _, s := range fileGoAPI {
			add(&goIdents, s, what, l.File.Pos)
		}
		add(&goIdents, l.GoNew(), what, l.File.Pos)
	}
	if g := l.Ledger; g != nil {
		what := "the generated ledger API (layout.ledger)"
		for _, s := range ledgerCMacros {
			add(&c, g.CMacro(s), what, g.Pos)
		}
		for _, s := range ledgerCFuncs {
			add(&c, g.CFunc(s), what, g.Pos)
		}
		for _, s := range ledgerCTypes {
			add(&c, g.CType(s), what, g.Pos)
		}
		for _, s := range ledgerGoAPI {
			add(&goIdents, g.GoConst(s), what, g.Pos)
		}
		for _, s := range ledgerGoErrors {
			add(&goIdents, g.GoErr(s), what, g.Pos)
		}
	}
	if cat := l.Catalog; cat != nil {
		fixed := "the generated catalog API"
		for _, s := range catalogCMacros {
			add(&c, l.CatalogCMacro(s), fixed, cat.Pos)
		}
		for _, s := range catalogCFuncs {
			add(&c, l.CFunc(s), fixed, cat.Pos)
		}
		for _, s := range catalogCTypes {
			add(&c, l.CType(s), fixed, cat.Pos)
		}
		for _, s := range catalogGoAPI {
			add(&goIdents, s, fixed, cat.Pos)
		}
		for _, k := range cat.Classes {
			add(&c, k.CMacro(), "class "+k.Name, k.Pos)
			add(&goIdents, k.GoName(), "class "+k.Name, k.Pos)
		}
		for _, ch := range cat.Channels {
			add(&c, ch.CMacro(), "channel "+ch.Name, ch.Pos)
			add(&goIdents, ch.GoName(), "channel "+ch.Name, ch.Pos)
		}
		for _, it := range cat.Items {
			what := "catalog item " + it.Name
			add(&c, it.CName, what, it.Pos)
			add(&goIdents, it.GoName, what, it.Pos)
			if it.Slot >= 0 {
				add(&c, it.CSlot(), what+" (its slot)", it.Pos)
				add(&goIdents, it.GoSlot(), what+" (its slot)", it.Pos)
			}
		}
	}
	byName := func(list []Ident) {
		sort.SliceStable(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	}
	byName(c)
	byName(goIdents)
	return c, goIdents
}

// assignLayoutNames gives every struct, member and catalog item its C and
// Go names and reports any two generated identifiers that would collide.
func (r *layoutResolver) assignLayoutNames() {
	l := r.l
	for _, e := range l.Enums {
		e.CName = cPrefixed(l.CPrefix, e.Name)
		for _, m := range e.Members {
			m.CName = upperSnake(e.CName) + "_" + upperSnake(m.Name)
		}
	}
	if l.Ledger != nil {
		l.Ledger.CPrefix = l.CPrefix
	}
	for _, s := range l.Structs {
		s.CName = cPrefixed(l.CPrefix, s.Name)
		s.GoName = cuesrc.GoName(s.Name)
		fields := map[string]*LayoutField{}
		for _, m := range s.fieldsAll() {
			m.GoName = cuesrc.GoName(m.Name)
			what := "#" + s.Name + "." + m.Name
			switch prev := fields[m.GoName]; {
			case prev != nil:
				r.errorf(m.Pos, "%s: duplicate name: Go name %s is already taken by field %s (%s)", what, m.GoName, prev.Name, prev.Pos)
			case slices.Contains(goMethods, m.GoName):
				r.errorf(m.Pos, "%s: Go name %s is a method every generated layout struct has; rename the field", what, m.GoName)
			default:
				fields[m.GoName] = m
			}
		}
	}
	if l.Catalog != nil {
		for _, it := range l.Catalog.Items {
			it.GoName = "Catalog" + cuesrc.GoName(it.Name)
			it.CName = l.CatalogCMacro(upperSnake(it.Name))
		}
		for _, k := range l.Catalog.Classes {
			k.CName = l.CatalogCMacro("CLASS_" + upperSnake(k.Name))
		}
		for _, ch := range l.Catalog.Channels {
			ch.CName = l.CatalogCMacro("CHANNEL_" + upperSnake(ch.Name))
		}
	}
	// One duplicate-name report per position: a field whose Go name
	// collides makes its derived names collide too.
	reported := map[Pos]bool{}
	for _, e := range r.errs {
		if strings.Contains(e.Msg, "duplicate name") {
			reported[e.Pos] = true
		}
	}
	c, goIdents := l.LayoutIdents()
	for _, set := range []struct {
		lang string
		list []Ident
	}{{"C", c}, {"Go", goIdents}} {
		lang, list := set.lang, set.list
		for _, id := range list {
			if why := cReserved(id.Name); lang == "C" && why != "" && !reported[id.Pos] {
				r.errorf(id.Pos, "%s: its C name %s is %s; rename it", id.What, id.Name, why)
				reported[id.Pos] = true
			}
		}
		for i := 1; i < len(list); i++ {
			a, b := list[i-1], list[i]
			if a.Name != b.Name {
				continue
			}
			// Report at the later position, naming the earlier one.
			if b.Pos.File < a.Pos.File || (b.Pos.File == a.Pos.File && (b.Pos.Line < a.Pos.Line || (b.Pos.Line == a.Pos.Line && b.Pos.Col < a.Pos.Col))) {
				a, b = b, a
			}
			if !reported[b.Pos] {
				r.errorf(b.Pos, "%s: duplicate name: its %s name %s is already taken by %s (%s)", b.What, lang, b.Name, a.What, a.Pos)
				reported[b.Pos] = true
			}
		}
	}
}
