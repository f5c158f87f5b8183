package layoutfile_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/deck/inspect"
	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/model"
	layout "github.com/schemagen/schemagen/generated/go/deck"
	"github.com/schemagen/schemagen/internal/layoutfile"
)

func codec(t testing.TB) *layoutfile.Codec {
	t.Helper()
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	c, err := layoutfile.New(s.Layout("deck"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// verdict names what a loader decided about a file: the kind of error and
// the version it names, or the version it loaded.
func verdict(v int, err error) string {
	var (
		me  *layout.MagicError
		le  *layout.LengthError
		pe  *layout.PayloadLenError
		ce  *layout.CRCError
		ve  *layout.VersionError
		gme *layoutfile.MagicError
		gle *layoutfile.LengthError
		gpe *layoutfile.PayloadLenError
		gce *layoutfile.CRCError
		gve *layoutfile.VersionError
		gmg *layoutfile.MigrationError
	)
	switch {
	case err == nil:
		return fmt.Sprintf("ok %d", v)
	case errors.As(err, &me):
		return fmt.Sprintf("magic %q", me.Got)
	case errors.As(err, &gme):
		return fmt.Sprintf("magic %q", gme.Got)
	case errors.As(err, &le):
		return fmt.Sprintf("length v%d len%d want%d got%d", le.Version, le.PayloadLen, le.Want, le.Got)
	case errors.As(err, &gle):
		return fmt.Sprintf("length v%d len%d want%d got%d", gle.Version, gle.PayloadLen, gle.Want, gle.Got)
	case errors.As(err, &pe):
		return fmt.Sprintf("payload_len v%d len%d want%d", pe.Version, pe.PayloadLen, pe.Want)
	case errors.As(err, &gpe):
		return fmt.Sprintf("payload_len v%d len%d want%d", gpe.Version, gpe.PayloadLen, gpe.Want)
	case errors.As(err, &ce):
		return fmt.Sprintf("crc %08x %08x", ce.Stored, ce.Computed)
	case errors.As(err, &gce):
		return fmt.Sprintf("crc %08x %08x", gce.Stored, gce.Computed)
	case errors.As(err, &ve):
		return fmt.Sprintf("version %d %s", ve.Version, sentinel(ve.Err))
	case errors.As(err, &gve):
		return fmt.Sprintf("version %d %s", gve.Version, sentinel(gve.Err))
	case errors.As(err, &gmg):
		return fmt.Sprintf("migration %d %s", gmg.From, gmg.Field)
	}
	return "other " + err.Error()
}

func sentinel(err error) string {
	switch err {
	case layout.ErrNewerVersion, layoutfile.ErrNewerVersion:
		return "newer"
	case layout.ErrReinitialize, layoutfile.ErrReinitialize:
		return "reinitialize"
	case layout.ErrUnknownVersion, layoutfile.ErrUnknownVersion:
		return "unknown"
	}
	return "?"
}

// files are deck files of every kind: the committed vectors, a new
// career, and mutations of them (truncated, extended, a byte flipped, a
// header rewritten with its CRC fixed up).
func files(t *testing.T) [][]byte {
	t.Helper()
	var out [][]byte
	paths, _ := filepath.Glob("../../conformance/c/testdata/vectors/*.deck")
	paths = append(paths, "../../deck/testdata/v5.deck")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	st := layout.NewDeckState()
	out = append(out, layout.Encode(st), nil, []byte("DE"), []byte("DECK\x06\x00"))
	rng := rand.New(rand.NewPCG(1, 2))
	base := len(out)
	for i := 0; i < base; i++ {
		f := out[i]
		for range 40 {
			g := bytes.Clone(f)
			switch rng.IntN(5) {
			case 0:
				if len(g) > 0 {
					g = g[:rng.IntN(len(g))]
				}
			case 1:
				g = append(g, byte(rng.IntN(256)))
			case 2:
				if len(g) > 0 {
					g[rng.IntN(len(g))] ^= byte(1 << rng.IntN(8))
				}
			case 3, 4:
				if len(g) >= layout.FileHeaderSize+4 {
					binary.LittleEndian.PutUint16(g[layout.DeckFileHeaderVersionOffset:], uint16(rng.IntN(10)))
					if rng.IntN(2) == 0 {
						binary.LittleEndian.PutUint16(g[layout.DeckFileHeaderPayloadLenOffset:], uint16([]int{0, 2944, 3672, 4060, 4188, 7}[rng.IntN(6)]))
					}
					end := len(g) - 4
					binary.LittleEndian.PutUint32(g[end:], crc32.ChecksumIEEE(g[:end]))
				}
			}
			out = append(out, g)
		}
	}
	return out
}

// TestAgreesWithTheGeneratedCodec is the differential test: on this
// repository's own layout, the interpreter gives the verdict of the codec
// generated for it (generated/go/deck) on every file, migrates to the same bytes, inspects to the same
// report, and makes the same new career.
func TestAgreesWithTheGeneratedCodec(t *testing.T) {
	c := codec(t)
	loadLine := regexp.MustCompile(`(?m)^  "load": .*$`)
	for i, f := range files(t) {
		var st layout.DeckState
		dv, derr := layout.Load(f, &st)
		gv, payload, gerr := c.Load(f)
		if a, b := verdict(dv, derr), verdict(gv, gerr); a != b {
			t.Errorf("file %d (%d bytes): deck says %s, layoutfile says %s", i, len(f), a, b)
			continue
		}
		if derr == nil {
			want := layout.Encode(&st)
			if !bytes.Equal(c.Encode(payload), want) {
				t.Errorf("file %d: the migrated payloads differ", i)
			}
		}
		dr, derr := inspect.File(f)
		gr, gerr := c.Inspect(f)
		if (derr == nil) != (gerr == nil) {
			t.Errorf("file %d: deck inspect error %v, layoutfile %v", i, derr, gerr)
			continue
		}
		if derr != nil {
			continue
		}
		a := loadLine.ReplaceAll(dr.JSON(), nil)
		b := loadLine.ReplaceAll(gr.JSON(), nil)
		if !bytes.Equal(a, b) {
			t.Errorf("file %d: the inspect reports differ:\ndeck:\n%.2000s\nlayoutfile:\n%.2000s", i, a, b)
		}
		if (dr.Load == nil) != (gr.Load == nil) {
			t.Errorf("file %d: deck inspect load %v, layoutfile %v", i, dr.Load, gr.Load)
		}
	}
	st := layout.NewDeckState()
	if !bytes.Equal(c.Encode(c.NewPayload()), layout.Encode(st)) {
		t.Error("a new career differs from the generated NewDeckState's")
	}
}

// TestNewer: the header of a file of a newer version is refused as the
// file to replace; the current and older ones are not.
func TestNewer(t *testing.T) {
	c := codec(t)
	cur := c.Encode(c.NewPayload())
	if err := c.Newer(cur[:c.HeaderSize()]); err != nil {
		t.Errorf("the current version: %v", err)
	}
	h := bytes.Clone(cur[:c.HeaderSize()])
	binary.LittleEndian.PutUint16(h[layout.DeckFileHeaderVersionOffset:], layout.StructVersion+1)
	if err := c.Newer(h); !errors.Is(err, layoutfile.ErrNewerVersion) {
		t.Errorf("a newer version: %v", err)
	}
	if err := c.Newer([]byte("not a deck")); err != nil {
		t.Errorf("not a deck file: %v", err)
	}
}

// small loads the test layout of gen/clayout (package d: a stated loss in
// version 2, nested structs, a two-dimensional array, a ledger and a
// starter kit), a layout that is not this repository's.
func small(t *testing.T) *layoutfile.Codec {
	t.Helper()
	ar, err := txtar.ParseFile("../../gen/clayout/testdata/small.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "out/") {
			continue
		}
		p := filepath.Join(dir, f.Name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, f.Data, 0o644)
	}
	s, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := layoutfile.New(s.Layouts[0])
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// fileOf is a file of version v holding payload, its header written
// field by field as the layout lays it out.
func fileOf(c *layoutfile.Codec, v int, payload []byte) []byte {
	f := c.Encode(payload)
	binary.LittleEndian.PutUint16(f[4:], uint16(v)) // #Head: magic u32, version u16, payload_len u16
	end := len(f) - 4
	binary.LittleEndian.PutUint32(f[end:], crc32.ChecksumIEEE(f[:end]))
	return f
}

// TestAnotherLayout: on a layout of another module, every version from
// migrate_from migrates field by field by name (what the current layout
// added zero, what it removed gone), older ones are refused with
// reinitialize, a newer one with a newer schema, and the messages name the
// layout, not the deck.
func TestAnotherLayout(t *testing.T) {
	c := small(t)
	l := c.Layout()
	cur := l.Current()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range l.Versions {
		old := make([]byte, v.Size)
		for i := range old {
			old[i] = byte(rng.IntN(255) + 1)
		}
		got, payload, err := c.Load(fileOf(c, v.Number, old))
		if v.Number < l.MigrateFrom.Int() {
			if !errors.Is(err, layoutfile.ErrReinitialize) || !strings.HasPrefix(err.Error(), "d: version 1 predates migrate-from version 2") {
				t.Errorf("version %d: %v, want reinitialize", v.Number, err)
			}
			continue
		}
		if err != nil || got != v.Number {
			t.Fatalf("version %d: %d, %v", v.Number, got, err)
		}
		want := make([]byte, cur.Size)
		for _, p := range cur.Fields {
			for _, o := range v.Fields {
				if o.Field.Name == p.Field.Name {
					copy(want[p.Offset:p.Offset+p.Field.Size()], old[o.Offset:o.Offset+o.Field.Size()])
				}
			}
		}
		if !bytes.Equal(payload, want) {
			t.Errorf("version %d migrated to\n%v, want\n%v", v.Number, payload, want)
		}
	}
	_, _, err := c.Load(fileOf(c, cur.Number+1, make([]byte, 8)))
	if !errors.Is(err, layoutfile.ErrNewerVersion) || !strings.Contains(err.Error(), "d: version 6 is newer than the schema, which knows versions up to 5") {
		t.Errorf("a newer file: %v", err)
	}
	if _, _, err := c.Load([]byte("DECK\x04\x00\x00\x00")); !strings.HasPrefix(fmt.Sprint(err), `d: not a d file: it starts with "DECK", not "ABCD" (0x44434241 little-endian)`) {
		t.Errorf("a deck file read as a d file: %v", err)
	}

	// A new file: the starter kit's bit, the ledger stamped, nothing else.
	r, err := c.Inspect(c.Encode(c.NewPayload()))
	if err != nil || r.Load != nil {
		t.Fatal(err, r.Load)
	}
	js := string(r.JSON())
	for _, want := range []string{`"header": "blob version 1"`, "\"items\": [\n      \"verb_a\"\n    ]", "\"potion\": 0", "\"grid\": [\n      [0, 0, 0],", "{\"x\": 0, \"y\": 0}", `"own": [79, 87, 1, 0, 1, 0, 0, 0]`} {
		if !strings.Contains(js, want) {
			t.Errorf("inspect of a new file lacks %s:\n%s", want, js)
		}
	}
}

// TestFloats: a float32 or float64 field is its IEEE-754 bits, little-
// endian: a file holding -0, NaNs with payloads (quiet and signalling),
// infinities and subnormals loads and encodes back byte for byte, and
// inspect shows each as the shortest decimal that reads back to the same
// bits, or names its bits where JSON has no number for it.
func TestFloats(t *testing.T) {
	c := small(t)
	l := c.Layout()
	cur := l.Current()
	root := l.Root
	gain, curve := root.Field("gain"), root.Field("curve")
	if gain == nil || curve == nil || gain.Type.Prim != layoutmodel.Float64 || curve.Type.Struct.Field("x").Type.Prim != layoutmodel.Float32 {
		t.Fatal("testdata/small.txtar no longer has float64 gain and float32 curve[].x/y")
	}
	payload := c.NewPayload()
	binary.LittleEndian.PutUint64(payload[gain.Offset:], 0x8000000000000000) // -0
	pts := []uint32{
		0x7FA00001, // a signalling NaN with a payload
		0x3FC00000, // 1.5
		0xFF800000, // -Inf
		0x00000001, // the least subnormal
	}
	for i, u := range pts {
		binary.LittleEndian.PutUint32(payload[curve.Offset+4*i:], u)
	}
	file := c.Encode(payload)
	v, got, err := c.Load(file)
	if err != nil || v != cur.Number {
		t.Fatalf("load: %d, %v", v, err)
	}
	if again := c.Encode(got); !bytes.Equal(again, file) {
		t.Errorf("a file of floats did not encode back byte for byte:\n%x\n%x", again, file)
	}
	r, err := c.Inspect(file)
	if err != nil || r.Load != nil {
		t.Fatal(err, r.Load)
	}
	js := string(r.JSON())
	for _, want := range []string{`"gain": -0`, `{"x": "NaN(0x7fa00001)", "y": 1.5}`, `{"x": "-Inf", "y": 1e-45}`} {
		if !strings.Contains(js, want) {
			t.Errorf("inspect lacks %s:\n%s", want, js)
		}
	}
}
