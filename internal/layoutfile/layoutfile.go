// Package layoutfile reads, migrates and writes the file of any layout
// package, from its resolved model: the one interpreter `schemagen deck`
// reads every module's layout with, this repository's deck included. It
// interprets the model the way the codecs generated for a layout package
// are rendered (gen/layoutplan's plan, to Go in generated/go/<package> and
// to C in <prefix>_file.c): the same checks in the same order, the same
// verdicts, the same migration (every field of the current layout copied
// by name from the file's version, what it added zero-filled), and a new
// file with the starter kit granted through the ledger.
// FuzzAgreesWithTheGeneratedCodec holds it to this repository's generated
// deck codec.
//
// It never writes to disk; cmd/schemagen saves what it returns through
// internal/atomicfile.
package layoutfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/schemagen/schemagen/gen/layoutmodel"
)

// Codec is the file of one layout package.
type Codec struct {
	l      *layoutmodel.Layout
	f      *layoutmodel.File
	cur    *layoutmodel.Version
	header int // header size
	magic  []byte
	// plans[v] migrates a payload of version v to the current layout.
	plans map[int]*plan
}

// New returns the codec of a layout package, which must state its file
// (layout.file).
func New(l *layoutmodel.Layout) (*Codec, error) {
	if l.File == nil {
		return nil, fmt.Errorf("layout package %s (%s) states no file (layout.file): there is no file to read", l.Name, l.Dir)
	}
	c := &Codec{l: l, f: l.File, cur: l.Current(), header: l.File.Header.Size, plans: map[int]*plan{}}
	c.magic = le(uint64(l.File.Magic.Value), l.File.MagicField.Size())
	for _, v := range l.Versions {
		if v.Number >= l.MigrateFrom.Int() && v != c.cur {
			c.plans[v.Number] = c.makePlan(v)
		}
	}
	return c, nil
}

// Layout is the layout the codec reads.
func (c *Codec) Layout() *layoutmodel.Layout { return c.l }

// Current is the current version.
func (c *Codec) Current() int { return c.cur.Number }

// overhead is what a file adds to its payload: header and CRC.
func (c *Codec) overhead() int { return c.header + layoutmodel.CRCSize }

// maxPayloadLen is the most payload_len can state.
func (c *Codec) maxPayloadLen() int {
	return int(min(uint64(1)<<(8*c.f.LengthField.Size())-1, 1<<31))
}

// MaxFileSize is the longest a file can be.
func (c *Codec) MaxFileSize() int { return c.overhead() + c.maxPayloadLen() }

// Header is a file's header.
type Header struct {
	Magic              uint64
	Version, PayloadLn int
}

func (c *Codec) readHeader(file []byte) Header {
	rd := func(m *layoutmodel.LayoutField) uint64 { return uint64le(file[m.Offset : m.Offset+m.Size()]) }
	return Header{Magic: rd(c.f.MagicField), Version: int(rd(c.f.VersionField)), PayloadLn: int(rd(c.f.LengthField))}
}

// payloadSize returns the size of version v's payload, if v shipped.
func (c *Codec) payloadSize(v int) (int, bool) {
	if ver := c.l.Version(v); ver != nil {
		return ver.Size, true
	}
	return 0, false
}

// Parse splits a file into its header and payload and checks what does
// not depend on the version, in the deck loader's order: the magic, the
// header's payload_len against the version's size, the file's length, the
// CRC. With a *CRCError it still returns the payload, for inspection.
func (c *Codec) Parse(file []byte) (Header, []byte, error) {
	var h Header
	mf := c.f.MagicField
	if have := file[min(len(file), mf.Offset):min(len(file), mf.Offset+mf.Size())]; !bytes.Equal(have, c.magic[:len(have)]) {
		n := min(len(file), len(c.magic))
		return h, nil, &MagicError{c: c, Got: bytes.Clone(file[:n])}
	}
	if len(file) < c.overhead() {
		return h, nil, &LengthError{c: c, Version: -1, Want: c.overhead(), Got: len(file)}
	}
	h = c.readHeader(file)
	v, plen := h.Version, h.PayloadLn
	known, ok := c.payloadSize(v)
	size := plen
	switch {
	case plen != 0 && ok && plen != known:
		return h, nil, &PayloadLenError{c: c, Version: v, PayloadLen: plen, Want: known}
	case plen == 0 && ok:
		size = known
	case plen == 0:
		if size = len(file) - c.overhead(); size > c.maxPayloadLen() {
			return h, nil, &LengthError{c: c, Version: v, Want: c.MaxFileSize(), Got: len(file)}
		}
	}
	if len(file) != size+c.overhead() {
		return h, nil, &LengthError{c: c, Version: v, PayloadLen: plen, Want: size + c.overhead(), Got: len(file)}
	}
	end := len(file) - layoutmodel.CRCSize
	payload := file[c.header:end]
	stored := binary.LittleEndian.Uint32(file[end:])
	if sum := crc32.ChecksumIEEE(file[:end]); sum != stored {
		return h, payload, &CRCError{c: c, Stored: stored, Computed: sum}
	}
	return h, payload, nil
}

// Load parses a file and returns the version it had and its payload at the
// current version: as it is, or migrated. The errors are Parse's, then a
// *VersionError or a *MigrationError.
func (c *Codec) Load(file []byte) (version int, payload []byte, err error) {
	h, p, err := c.Parse(file)
	if err != nil {
		return 0, nil, err
	}
	if h.Version == c.cur.Number {
		return h.Version, bytes.Clone(p), nil
	}
	out, err := c.Migrate(p, h.Version)
	if err != nil {
		return 0, nil, err
	}
	return h.Version, out, nil
}

// Migrate returns a payload of version from laid out as the current
// version.
func (c *Codec) Migrate(payload []byte, from int) ([]byte, error) {
	first := c.l.Versions[0].Number
	switch {
	case from > c.cur.Number:
		return nil, &VersionError{c: c, Version: from, Err: ErrNewerVersion}
	case from < c.l.MigrateFrom.Int():
		if from < first {
			return nil, &VersionError{c: c, Version: from, Err: ErrUnknownVersion}
		}
		return nil, &VersionError{c: c, Version: from, Err: ErrReinitialize}
	}
	p := c.plans[from]
	if p == nil {
		return nil, &VersionError{c: c, Version: from, Err: ErrUnknownVersion}
	}
	if p.err != nil {
		return nil, p.err
	}
	if len(payload) != p.size {
		return nil, &LengthError{c: c, Version: from, PayloadLen: len(payload), Want: p.size + c.overhead(), Got: len(payload) + c.overhead()}
	}
	out := make([]byte, c.cur.Size)
	for _, s := range p.copies {
		copy(out[s.dst:s.dst+s.n], payload[s.src:s.src+s.n])
	}
	return out, nil
}

// plan is how a payload of one version becomes the current layout.
type plan struct {
	size   int
	copies []span
	err    error
}

type span struct{ dst, src, n int }

// makePlan copies each field of the current layout from the field of the
// same name in version v (names are never reused), and leaves what v
// lacks zero; a field whose type changed has no generic migration.
func (c *Codec) makePlan(v *layoutmodel.Version) *plan {
	old := map[string]layoutmodel.Placed{}
	for _, p := range v.Fields {
		old[p.Field.Name] = p
	}
	pl := &plan{size: v.Size}
	for _, p := range c.cur.Fields {
		o, ok := old[p.Field.Name]
		if !ok {
			continue
		}
		if o.Field.Type.Spelling != p.Field.Type.Spelling || o.Field.Size() != p.Field.Size() {
			return &plan{err: &MigrationError{c: c, From: v.Number, Field: p.Field.Name, OldType: o.Field.Type.Spelling, NewType: p.Field.Type.Spelling}}
		}
		if n := len(pl.copies); n > 0 {
			if last := &pl.copies[n-1]; last.dst+last.n == p.Offset && last.src+last.n == o.Offset {
				last.n += p.Field.Size()
				continue
			}
		}
		pl.copies = append(pl.copies, span{dst: p.Offset, src: o.Offset, n: p.Field.Size()})
	}
	return pl
}

// Encode returns the file of the current version holding payload.
func (c *Codec) Encode(payload []byte) []byte {
	b := make([]byte, c.header, c.header+len(payload)+layoutmodel.CRCSize)
	put := func(m *layoutmodel.LayoutField, v uint64) { copy(b[m.Offset:], le(v, m.Size())) }
	put(c.f.MagicField, uint64(c.f.Magic.Value))
	put(c.f.VersionField, uint64(c.cur.Number))
	put(c.f.LengthField, uint64(len(payload)))
	b = append(b, payload...)
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// Newer reports, for the first bytes of a file about to be replaced, a
// *VersionError when they are the header of a file of a version newer
// than the current one: the career in it would be lost.
func (c *Codec) Newer(head []byte) error {
	if len(head) < c.header || !bytes.Equal(head[c.f.MagicField.Offset:c.f.MagicField.Offset+c.f.MagicField.Size()], c.magic) {
		return nil
	}
	if v := c.readHeader(head).Version; v > c.cur.Number {
		return &VersionError{c: c, Version: v, Err: ErrNewerVersion}
	}
	return nil
}

// HeaderSize is the size of the file header.
func (c *Codec) HeaderSize() int { return c.header }

// NewPayload returns the payload of a new file at the current version:
// every byte zero, and the starter kit granted through the ledger (each
// item's bit set, the ledger's header stamped), as the generated New<Root>
// commits it.
func (c *Codec) NewPayload() []byte {
	p := make([]byte, c.cur.Size)
	g, cat := c.l.Ledger, c.l.Catalog
	if g == nil || cat == nil || len(cat.StarterKit) == 0 {
		return p
	}
	base := c.fieldOffset(g.Field.Name)
	if base < 0 {
		return p
	}
	blob := p[base : base+g.View.Size]
	copy(blob[g.MagicField.Offset:], le(uint64(g.Magic.Value), g.MagicField.Size()))
	copy(blob[g.VersionField.Offset:], le(uint64(g.BlobVersion.Value), g.VersionField.Size()))
	for _, it := range cat.StarterKit {
		blob[g.Owned.Offset+it.ID/8] |= 1 << (it.ID % 8)
	}
	return p
}

// fieldOffset is the offset of a root field in the current layout, or -1.
func (c *Codec) fieldOffset(name string) int {
	for _, p := range c.cur.Fields {
		if p.Field.Name == name {
			return p.Offset
		}
	}
	return -1
}

// The errors, as the generated codec's, with the layout's own names: test
// with errors.As, or errors.Is with the sentinels a *VersionError wraps.

// MagicError: the file does not start with the layout's magic.
type MagicError struct {
	c   *Codec
	Got []byte
}

func (e *MagicError) Error() string {
	n := e.c.l.Name
	return fmt.Sprintf("%s: not a %s file: it starts with %q, not %q (0x%0*X little-endian)", n, n, e.Got, e.c.magic, 2*len(e.c.magic), e.c.f.Magic.Value)
}

// LengthError: the file is shorter or longer than its header says.
type LengthError struct {
	c                   *Codec
	Version, PayloadLen int
	Want, Got           int
}

func (e *LengthError) Error() string {
	n := e.c.l.Name
	if e.Version < 0 {
		return fmt.Sprintf("%s: truncated: the file is %d bytes, shorter than a header and a CRC (%d): restore it from a backup", n, e.Got, e.Want)
	}
	if e.Want == e.c.MaxFileSize() && e.Got > e.Want {
		return fmt.Sprintf("%s: the file is %d bytes, longer than any %s file (%d): it is damaged, or not a %s file", n, e.Got, n, e.Want, n)
	}
	what := fmt.Sprintf("a version %d file", e.Version)
	if e.PayloadLen == 0 {
		what += " (payload_len 0: its version's layout size)"
	} else {
		what += fmt.Sprintf(" with a %d-byte payload", e.PayloadLen)
	}
	if e.Got < e.Want {
		return fmt.Sprintf("%s: truncated: %s is %d bytes, this one is %d: restore it from a backup", n, what, e.Want, e.Got)
	}
	unit := "bytes"
	if e.Got-e.Want == 1 {
		unit = "byte"
	}
	return fmt.Sprintf("%s: %d %s too long: %s is %d bytes, this one is %d: the file is damaged; restore it from a backup", n, e.Got-e.Want, unit, what, e.Want, e.Got)
}

// PayloadLenError: payload_len contradicts the version.
type PayloadLenError struct {
	c                   *Codec
	Version, PayloadLen int
	Want                int
}

func (e *PayloadLenError) Error() string {
	return fmt.Sprintf("%s: the header says a %d-byte payload, but a version %d payload is %d bytes: the header is damaged; restore the file from a backup", e.c.l.Name, e.PayloadLen, e.Version, e.Want)
}

// CRCError: the CRC-32 does not match header and payload.
type CRCError struct {
	c                *Codec
	Stored, Computed uint32
}

func (e *CRCError) Error() string {
	return fmt.Sprintf("%s: CRC mismatch: the file says 0x%08X, its header and payload give 0x%08X: the file is damaged; restore it from a backup", e.c.l.Name, e.Stored, e.Computed)
}

// Sentinels a *VersionError wraps.
var (
	ErrNewerVersion   = errors.New("version newer than the schema's")
	ErrReinitialize   = errors.New("version predates migration: reinitialize")
	ErrUnknownVersion = errors.New("version never shipped")
)

// VersionError: a sound file of a version the schema does not load.
type VersionError struct {
	c       *Codec
	Version int
	Err     error
}

func (e *VersionError) Error() string {
	n, cur, from := e.c.l.Name, e.c.cur.Number, e.c.l.MigrateFrom.Value
	switch e.Err {
	case ErrNewerVersion:
		return fmt.Sprintf("%s: version %d is newer than the schema, which knows versions up to %d: use a newer schema; the file is left as it is", n, e.Version, cur)
	case ErrReinitialize:
		return fmt.Sprintf("%s: version %d predates migrate-from version %d: reinitialize it; the schema migrates nothing older", n, e.Version, from)
	}
	return fmt.Sprintf("%s: version %d never shipped (the versions that shipped are %d to %d): the header is damaged; restore the file from a backup", n, e.Version, e.c.l.Versions[0].Number, cur)
}

func (e *VersionError) Unwrap() error { return e.Err }

// MigrationError: a field changed type between the file's version and the
// current one.
type MigrationError struct {
	c                *Codec
	From             int
	Field            string
	OldType, NewType string
}

func (e *MigrationError) Error() string {
	return fmt.Sprintf("%s: cannot migrate version %d to %d: field %s changed from %s to %s, which no generic migration copies; the file is left as it is", e.c.l.Name, e.From, e.c.cur.Number, e.Field, e.OldType, e.NewType)
}

// le is v as n little-endian bytes.
func le(v uint64, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
	return b
}

func uint64le(b []byte) uint64 {
	var u uint64
	for i := len(b) - 1; i >= 0; i-- {
		u = u<<8 | uint64(b[i])
	}
	return u
}
