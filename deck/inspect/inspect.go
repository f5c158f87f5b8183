// Package inspect shows what a deck file holds, field by field with the
// schema's names: what `schemagen deck inspect` prints.
//
// It decodes the payload of any version whose layout this build knows,
// generically from the generated layout history (Fields and
// FieldInfo.Members), so a new version needs nothing here. It reports a
// file with a bad CRC too, saying so: inspecting a damaged file is when it
// is needed most. It never writes.
package inspect

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/deck"
	"github.com/schemagen/schemagen/deck/ownership"
	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// Report is what a deck file holds.
type Report struct {
	Version     int
	PayloadLen  int // as the header states it: 0 in a file from before files said their size
	PayloadSize int
	FileSize    int
	CRC         uint32 // as the file states it
	CRCOK       bool
	// Load is why deck.Load refuses the file (a *deck.CRCError, a
	// *deck.VersionError, ...), nil when it loads.
	Load error

	fields value // object, or nil when this build does not know the version's layout
	owned  value // object, or nil when the file has no ledger this build reads
}

// File reads a deck file. It returns an error, and no report, only for a
// file whose header and length cannot be trusted (the errors of
// deck.Parse other than *deck.CRCError); everything else, a bad CRC
// included, is in the report.
func File(file []byte) (*Report, error) {
	h, payload, err := deck.Parse(file)
	var crcErr *deck.CRCError
	if err != nil && !errors.As(err, &crcErr) {
		return nil, err
	}
	r := &Report{
		Version:     int(h.Version),
		PayloadLen:  int(h.PayloadLen),
		PayloadSize: len(payload),
		FileSize:    len(file),
		CRC:         binary.LittleEndian.Uint32(file[len(file)-layout.FileCRCSize:]),
		CRCOK:       err == nil,
		Load:        err,
	}
	if r.Load == nil {
		var st layout.DeckState
		_, r.Load = deck.Load(file, &st)
	}
	if fs := layout.Fields(r.Version); fs != nil {
		r.fields = fieldsValue(fs, payload)
	}
	// The ledger as this build reads it: the payload's own at the current
	// version, or what migration makes of it.
	var cur []byte
	switch {
	case r.Version == layout.StructVersion:
		cur = payload
	case r.Version >= layout.MigrateMinVersion && r.Version < layout.StructVersion:
		cur, _ = deck.Migrate(payload, r.Version)
	}
	if st, err := layout.DecodeDeckState(cur); err == nil {
		r.owned = ownedValue(&st)
	}
	return r, nil
}

// JSON returns the report as indented JSON: version, payloadLen,
// payloadSize, fileSize, crc, crcOK, load ("ok", "migrates from version N",
// or why it does not load), fields (every field of the payload by its
// schema name, in layout order: char arrays as strings, other arrays as
// arrays, structs as objects; null for a version this build does not know)
// and owned (the ledger: its header state, the owned items and the
// consumable counts by catalog name, and any owned bit no item has; null
// when there is no ledger to read).
func (r *Report) JSON() []byte {
	load := "ok"
	switch {
	case r.Load != nil:
		load = r.Load.Error()
	case r.Version != layout.StructVersion:
		load = fmt.Sprintf("migrates from version %d to %d", r.Version, layout.StructVersion)
	}
	top := object{
		{"version", int64(r.Version)},
		{"payloadLen", int64(r.PayloadLen)},
		{"payloadSize", int64(r.PayloadSize)},
		{"fileSize", int64(r.FileSize)},
		{"crc", fmt.Sprintf("0x%08X", r.CRC)},
		{"crcOK", r.CRCOK},
		{"load", load},
		{"fields", r.fields},
		{"owned", r.owned},
	}
	var b strings.Builder
	write(&b, top, "")
	b.WriteByte('\n')
	return []byte(b.String())
}

// value is a JSON value: nil, bool, int64, uint64, string, []value or
// object.
type value = any

// object is a JSON object whose members keep their order.
type object []member

type member struct {
	key string
	val value
}

func fieldsValue(fs []layout.FieldInfo, b []byte) object {
	obj := make(object, 0, len(fs))
	for _, f := range fs {
		obj = append(obj, member{f.Name, fieldValue(f, b)})
	}
	return obj
}

// fieldValue decodes field f of the struct whose bytes are b.
func fieldValue(f layout.FieldInfo, b []byte) value {
	if f.Offset < 0 || f.Size < 0 || f.Offset+f.Size > len(b) {
		return nil // not reached: Parse checked the payload's size
	}
	b = b[f.Offset : f.Offset+f.Size]
	base, dims, ok := parseType(f.Type)
	n := 1
	for _, d := range dims {
		n *= d
	}
	if !ok || n == 0 || len(b)%n != 0 {
		return bytesValue(b)
	}
	return elems(base, dims, f.Members(), b)
}

// elems decodes b, an array of dims of base (a scalar, or a struct with
// the given members), as nested arrays; char arrays end in strings.
func elems(base string, dims []int, members []layout.FieldInfo, b []byte) value {
	switch {
	case base == "char" && len(dims) <= 1:
		return cString(b)
	case len(dims) == 0 && members != nil:
		return fieldsValue(members, b)
	case len(dims) == 0:
		return scalar(base, b)
	}
	n := dims[0]
	size := len(b) / n
	arr := make([]value, n)
	for i := range arr {
		arr[i] = elems(base, dims[1:], members, b[i*size:(i+1)*size])
	}
	return arr
}

// parseType splits a schema type such as char[16][80] into its base and
// dimensions.
func parseType(t string) (base string, dims []int, ok bool) {
	base, rest, _ := strings.Cut(t, "[")
	if rest == "" {
		return base, nil, base != ""
	}
	for _, d := range strings.Split(strings.TrimSuffix(rest, "]"), "][") {
		n, err := strconv.Atoi(d)
		if err != nil || n <= 0 {
			return "", nil, false
		}
		dims = append(dims, n)
	}
	return base, dims, base != ""
}

// scalar decodes one little-endian integer of the given scalar type.
func scalar(base string, b []byte) value {
	var u uint64
	for i := len(b) - 1; i >= 0; i-- {
		u = u<<8 | uint64(b[i])
	}
	switch base {
	case "uint8", "uint16", "uint32", "uint64":
		return u
	case "int8", "int16", "int32", "int64":
		shift := 64 - 8*len(b)
		return int64(u<<shift) >> shift
	}
	return bytesValue(b) // not reached: the model has no other scalars
}

// cString is a NUL-padded char array as a string: the bytes up to the first
// NUL, each read as the code point of the same number (Latin-1), so that
// every byte shows and none turns into U+FFFD.
func cString(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		if c == 0 {
			break
		}
		s.WriteRune(rune(c))
	}
	return s.String()
}

func bytesValue(b []byte) []value {
	arr := make([]value, len(b))
	for i, c := range b {
		arr[i] = uint64(c)
	}
	return arr
}

// ownedValue is the ledger of st as ownership reads it.
func ownedValue(st *layout.DeckState) object {
	blob, _ := layout.DecodeOwnershipBlob(st.Ownership[:])
	header := "empty"
	stamped := blob.Magic == layout.OwnershipMagic && blob.BlobVersion == layout.OwnershipBlobVersion
	switch {
	case stamped:
		header = fmt.Sprintf("blob version %d", blob.BlobVersion)
	case blob.Magic != 0 || blob.BlobVersion != 0:
		header = fmt.Sprintf("foreign (magic 0x%04X, blob version %d): read as empty, never written", blob.Magic, blob.BlobVersion)
	}
	items := []value{}
	counts := object{}
	assigned := map[int]bool{}
	for _, it := range layout.CatalogItems() {
		assigned[int(it.ID)] = true
		if it.Slot >= 0 {
			n, _ := ownership.ConsumableCount(st, it.Slot)
			counts = append(counts, member{it.Name, uint64(n)})
		} else if has, _ := ownership.Has(st, it.ID); has {
			items = append(items, it.Name)
		}
	}
	unassigned := []value{}
	if stamped {
		for id := range layout.CatalogIDCapacity {
			if blob.Owned[id/8]>>(id%8)&1 == 1 && !assigned[id] {
				unassigned = append(unassigned, uint64(id))
			}
		}
	}
	return object{
		{"header", header},
		{"items", items},
		{"consumables", counts},
		{"unassignedIds", unassigned},
	}
}

// write appends v as JSON to b, indented two spaces a level. An array of
// numbers stays on one line, and so does each element of an array that
// nests at most two deep (a struct of scalars and arrays of them).
func write(b *strings.Builder, v value, indent string) {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case uint64:
		b.WriteString(strconv.FormatUint(v, 10))
	case string:
		quote(b, v)
	case object:
		if len(v) == 0 {
			b.WriteString("{}")
			return
		}
		if indent == inline {
			b.WriteByte('{')
			for i, m := range v {
				if i > 0 {
					b.WriteString(", ")
				}
				quote(b, m.key)
				b.WriteString(": ")
				write(b, m.val, inline)
			}
			b.WriteByte('}')
			return
		}
		b.WriteString("{\n")
		for i, m := range v {
			b.WriteString(indent + "  ")
			quote(b, m.key)
			b.WriteString(": ")
			write(b, m.val, indent+"  ")
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	case []value:
		if indent == inline || depth(v) <= 1 && !strs(v) {
			b.WriteByte('[')
			for i, e := range v {
				if i > 0 {
					b.WriteString(", ")
				}
				write(b, e, inline)
			}
			b.WriteByte(']')
			return
		}
		b.WriteString("[\n")
		for i, e := range v {
			b.WriteString(indent + "  ")
			if depth(e) <= 2 {
				write(b, e, inline)
			} else {
				write(b, e, indent+"  ")
			}
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	}
}

// strs reports whether an array holds strings, which go one to a line.
func strs(v []value) bool {
	for _, e := range v {
		if _, ok := e.(string); ok {
			return true
		}
	}
	return false
}

// inline is the indent of a value written on one line.
const inline = "\x00"

// depth is how deeply v nests: 0 for a scalar, 1 for an array or object of
// scalars, and so on.
func depth(v value) int {
	d := 0
	switch v := v.(type) {
	case object:
		for _, m := range v {
			d = max(d, depth(m.val))
		}
		return d + 1
	case []value:
		for _, e := range v {
			d = max(d, depth(e))
		}
		return d + 1
	}
	return 0
}

// quote appends s as a JSON string.
func quote(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}
