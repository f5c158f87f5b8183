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

	layout "github.com/schemagen/schemagen/generated/go/deck"
	"github.com/schemagen/schemagen/internal/inspectjson"
)

// Report is what a deck file holds.
type Report struct {
	Version     int
	PayloadLen  int // as the header states it: 0 in a file from before files said their size
	PayloadSize int
	FileSize    int
	CRC         uint32 // as the file states it
	CRCOK       bool
	// Load is why layout.Load refuses the file (a *layout.CRCError, a
	// *layout.VersionError, ...), nil when it loads.
	Load error

	fields value // object, or nil when this build does not know the version's layout
	owned  value // object, or nil when the file has no ledger this build reads
}

// File reads a deck file. It returns an error, and no report, only for a
// file whose header and length cannot be trusted (the errors of
// layout.Parse other than *layout.CRCError); everything else, a bad CRC
// included, is in the report.
func File(file []byte) (*Report, error) {
	h, payload, err := layout.Parse(file)
	var crcErr *layout.CRCError
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
		_, r.Load = layout.Load(file, &st)
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
		cur, _ = layout.Migrate(payload, r.Version)
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
		{Key: "version", Val: int64(r.Version)},
		{Key: "payloadLen", Val: int64(r.PayloadLen)},
		{Key: "payloadSize", Val: int64(r.PayloadSize)},
		{Key: "fileSize", Val: int64(r.FileSize)},
		{Key: "crc", Val: fmt.Sprintf("0x%08X", r.CRC)},
		{Key: "crcOK", Val: r.CRCOK},
		{Key: "load", Val: load},
		{Key: "fields", Val: r.fields},
		{Key: "owned", Val: r.owned},
	}
	return inspectjson.Marshal(top)
}

// The report's JSON values (inspectjson: the layout both inspectors share).
type (
	value  = inspectjson.Value
	object = inspectjson.Object
	member = inspectjson.Member
)

func fieldsValue(fs []layout.FieldInfo, b []byte) object {
	obj := make(object, 0, len(fs))
	for _, f := range fs {
		obj = append(obj, member{Key: f.Name, Val: fieldValue(f, b)})
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
		return inspectjson.CString(b)
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
			n, _ := layout.OwnershipConsumableCount(st, it.Slot)
			counts = append(counts, member{Key: it.Name, Val: uint64(n)})
		} else if has, _ := layout.OwnershipHas(st, it.ID); has {
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
		{Key: "header", Val: header},
		{Key: "items", Val: items},
		{Key: "consumables", Val: counts},
		{Key: "unassignedIds", Val: unassigned},
	}
}
