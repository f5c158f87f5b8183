package layoutfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/internal/inspectjson"
)

// Report is what a file holds, as `schemagen deck inspect` prints it: the
// deck package's inspect report, for any layout.
type Report struct {
	Version     int
	PayloadLen  int
	PayloadSize int
	FileSize    int
	CRC         uint32
	CRCOK       bool
	// Load is why Load refuses the file, nil when it loads.
	Load error

	c      *Codec
	fields value // object, or nil for a version the schema does not know
	owned  value // object, or nil when there is no ledger to read
}

// Inspect reads a file. It returns an error, and no report, only for a
// file whose header and length cannot be trusted; a bad CRC is in the
// report.
func (c *Codec) Inspect(file []byte) (*Report, error) {
	h, payload, err := c.Parse(file)
	var crcErr *CRCError
	if err != nil && !errors.As(err, &crcErr) {
		return nil, err
	}
	r := &Report{
		c:           c,
		Version:     h.Version,
		PayloadLen:  h.PayloadLn,
		PayloadSize: len(payload),
		FileSize:    len(file),
		CRC:         binary.LittleEndian.Uint32(file[len(file)-layoutmodel.CRCSize:]),
		CRCOK:       err == nil,
		Load:        err,
	}
	if r.Load == nil {
		_, _, r.Load = c.Load(file)
	}
	if v := c.l.Version(r.Version); v != nil {
		obj := make(object, 0, len(v.Fields))
		for _, p := range v.Fields {
			obj = append(obj, member{Key: p.Field.Name, Val: c.fieldValue(p.Field, payload[p.Offset:p.Offset+p.Field.Size()])})
		}
		r.fields = obj
	}
	var cur []byte
	switch {
	case r.Version == c.cur.Number:
		cur = payload
	case r.Version >= c.l.MigrateFrom.Int() && r.Version < c.cur.Number:
		cur, _ = c.Migrate(payload, r.Version)
	}
	if len(cur) == c.cur.Size {
		r.owned = c.ownedValue(cur)
	}
	return r, nil
}

// JSON is the report as indented JSON, as the deck package's report is.
func (r *Report) JSON() []byte {
	load := "ok"
	switch {
	case r.Load != nil:
		load = r.Load.Error()
	case r.Version != r.c.cur.Number:
		load = fmt.Sprintf("migrates from version %d to %d", r.Version, r.c.cur.Number)
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

// fieldValue decodes field f from its bytes b: a char array as a string,
// another array as an array, a struct as an object of its fields.
func (c *Codec) fieldValue(f *layoutmodel.LayoutField, b []byte) value {
	return c.elems(f.Type, f.Type.Dims, b)
}

func (c *Codec) elems(t *layoutmodel.CType, dims []int, b []byte) value {
	switch {
	case t.Prim == layoutmodel.Char && len(dims) <= 1:
		return inspectjson.CString(b)
	case len(dims) == 0 && t.Struct != nil:
		obj := make(object, 0, len(t.Struct.Fields))
		for _, m := range t.Struct.Fields {
			obj = append(obj, member{Key: m.Name, Val: c.fieldValue(m, b[m.Offset:m.Offset+m.Size()])})
		}
		return obj
	case len(dims) == 0:
		return scalar(t.Prim, b)
	}
	n := dims[0]
	size := len(b) / n
	arr := make([]value, n)
	for i := range arr {
		arr[i] = c.elems(t, dims[1:], b[i*size:(i+1)*size])
	}
	return arr
}

func scalar(p layoutmodel.Prim, b []byte) value {
	u := uint64le(b)
	if p.Float() {
		return floatValue(p, u)
	}
	if p.Signed() {
		shift := 64 - 8*len(b)
		return int64(u<<shift) >> shift
	}
	return u
}

// ownedValue is the ledger of a current-version payload as its one
// mutator reads it: its header's state, the owned items and the counts by
// catalog name, and any owned bit no item has.
func (c *Codec) ownedValue(payload []byte) value {
	g, cat := c.l.Ledger, c.l.Catalog
	if g == nil || cat == nil {
		return nil
	}
	base := c.fieldOffset(g.Field.Name)
	if base < 0 {
		return nil
	}
	blob := payload[base : base+g.View.Size]
	rd := func(m *layoutmodel.LayoutField) uint64 { return uint64le(blob[m.Offset : m.Offset+m.Size()]) }
	magic, version := rd(g.MagicField), rd(g.VersionField)
	header := "empty"
	stamped := magic == uint64(g.Magic.Value) && version == uint64(g.BlobVersion.Value)
	usable := stamped || (magic == 0 && version == 0)
	switch {
	case stamped:
		header = fmt.Sprintf("blob version %d", version)
	case !usable:
		header = fmt.Sprintf("foreign (magic 0x%0*X, blob version %d): read as empty, never written", 2*g.MagicField.Size(), magic, version)
	}
	has := func(id int) bool {
		return usable && id < g.Capacity() && blob[g.Owned.Offset+id/8]>>(id%8)&1 == 1
	}
	items := []value{}
	counts := object{}
	assigned := map[int]bool{}
	for _, it := range cat.Items {
		assigned[it.ID] = true
		switch {
		case it.Slot >= 0:
			n := uint64(0)
			if usable && it.Slot < g.Slots() {
				n = uint64(blob[g.Consumables.Offset+it.Slot])
			}
			counts = append(counts, member{Key: it.Name, Val: n})
		case has(it.ID):
			items = append(items, it.Name)
		}
	}
	unassigned := []value{}
	if stamped {
		for id := range g.Capacity() {
			if has(id) && !assigned[id] {
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

// floatValue is an IEEE-754 float's JSON: a finite one as the shortest
// decimal that reads back to the same bits (-0 as -0), and one JSON cannot
// hold as a string that names its bits: "+Inf", "-Inf", "NaN(0x7fc00000)".
func floatValue(p layoutmodel.Prim, u uint64) value {
	bits := 8 * p.Size()
	f := math.Float64frombits(u)
	if p == layoutmodel.Float32 {
		f = float64(math.Float32frombits(uint32(u)))
	}
	switch {
	case math.IsInf(f, 1):
		return "+Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	case math.IsNaN(f):
		return fmt.Sprintf("NaN(0x%0*x)", bits/4, u)
	}
	return inspectjson.Number(strconv.FormatFloat(f, 'g', -1, bits))
}
