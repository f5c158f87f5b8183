package deck

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// FuzzLoad: layout.Load never panics and never changes its input (it cannot
// write: it is a function of bytes); what it refuses is one of the typed
// errors and no state; what it loads re-encodes to a file that loads to
// the same state, byte for byte the input when that was a current file
// stating its length. With fixCRC the input's last four bytes are first
// made its CRC, so that the fuzzer reaches past the CRC check. The seeds,
// run by every go test, are the fixture, a current file in both header
// forms, older and newer versions, versions 0 to 2 that never shipped, a
// file behind a UTF-8 byte order mark, and a few broken ones (issue 13's
// reproductions among them).
func FuzzLoad(f *testing.F) {
	cur := layout.Encode(randomState(rand.New(rand.NewPCG(11, 12))))
	for _, seed := range [][]byte{
		v5Fixture(f),
		cur,
		reframe(cur, setPayloadLen(0)),
		reframe(cur, setPayloadLen(layout.PayloadSizeV5)),
		mustEncodeFile(f, 3, distinctPayload(f, 3)),
		mustEncodeFile(f, layout.StructVersion+1, []byte{1, 2, 3}),
		reframe(mustEncodeFile(f, 3, make([]byte, layout.PayloadSizeV3)), setVersion(0)),
		reframe(mustEncodeFile(f, 3, make([]byte, layout.PayloadSizeV3)), setVersion(1)),
		mustEncodeFile(f, 2, []byte("never shipped")),
		append([]byte("\xEF\xBB\xBF"), cur...),
		cur[:len(cur)-1],
		[]byte("DECK"),
		{},
	} {
		f.Add(seed, false)
		f.Add(seed, true)
	}
	f.Fuzz(func(t *testing.T, file []byte, fixCRC bool) {
		if fixCRC && len(file) >= (layout.FileHeaderSize+layout.FileCRCSize) {
			file = reframe(file, func([]byte) {})
		}
		in := bytes.Clone(file)
		st, v, err := loadNew(file)
		if !bytes.Equal(file, in) {
			t.Fatal("layout.Load changed its input")
		}
		if err != nil {
			if st != nil {
				t.Fatal("layout.Load returned a state with an error")
			}
			if !typed(err) {
				t.Fatalf("layout.Load returned an untyped error: %T %v", err, err)
			}
			return
		}
		if v < layout.MigrateMinVersion || v > layout.StructVersion {
			t.Fatalf("layout.Load accepted version %d", v)
		}
		out := layout.Encode(st)
		again, v2, err := loadNew(out)
		if err != nil || v2 != layout.StructVersion || *again != *st {
			t.Fatalf("the re-encoded file loads as version %d, %v", v2, err)
		}
		if v == layout.StructVersion && len(file) > 7 && (file[6] != 0 || file[7] != 0) && !bytes.Equal(out, file) {
			t.Fatal("a current file does not re-encode byte for byte")
		}
	})
}

// typed reports whether err is one of the loader's error types.
func typed(err error) bool {
	var (
		me *layout.MagicError
		le *layout.LengthError
		pe *layout.PayloadLenError
		ce *layout.CRCError
		ve *layout.VersionError
	)
	return errors.As(err, &me) || errors.As(err, &le) || errors.As(err, &pe) || errors.As(err, &ce) || errors.As(err, &ve)
}

// FuzzMigrate: the generated Migrate never panics on any payload and any
// version; it refuses what Load would refuse with one of the typed errors,
// and what it accepts is a current payload whose fields of the old
// version hold the old bytes and whose other bytes are zero.
func FuzzMigrate(f *testing.F) {
	_, v5, err := layout.Parse(v5Fixture(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(bytes.Clone(v5), 5)
	f.Add(make([]byte, layout.DeckStateSize), layout.StructVersion)
	f.Add(make([]byte, layout.PayloadSizeV3), 3)
	f.Add([]byte("short"), 5)
	f.Add([]byte{}, -1)
	f.Add([]byte{1}, 1<<20)
	f.Fuzz(func(t *testing.T, payload []byte, from int) {
		in := bytes.Clone(payload)
		out, err := layout.Migrate(payload, from)
		if !bytes.Equal(payload, in) {
			t.Fatal("Migrate changed its input")
		}
		if err != nil {
			if out != nil || !typed(err) {
				t.Fatalf("Migrate refused with %T %v and %d bytes", err, err, len(out))
			}
			return
		}
		if len(out) != layout.DeckStateSize || from < layout.MigrateMinVersion || from > layout.StructVersion {
			t.Fatalf("Migrate of version %d gave %d bytes", from, len(out))
		}
		kept := make([]bool, len(out))
		for _, fo := range layout.Fields(from) {
			for _, fc := range layout.Fields(layout.StructVersion) {
				if fc.Name == fo.Name {
					if !bytes.Equal(out[fc.Offset:fc.Offset+fc.Size], payload[fo.Offset:fo.Offset+fo.Size]) {
						t.Fatalf("field %s was not copied", fc.Name)
					}
					for i := fc.Offset; i < fc.Offset+fc.Size; i++ {
						kept[i] = true
					}
				}
			}
		}
		for i, b := range out {
			if !kept[i] && b != 0 {
				t.Fatalf("byte %d, of no field version %d has, is %#02x", i, from, b)
			}
		}
	})
}
