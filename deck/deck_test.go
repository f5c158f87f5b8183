package deck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

var update = os.Getenv("SCHEMAGEN_UPDATE") != ""

// loadNew is layout.Load into a new state, and nil on an error.
func loadNew(file []byte) (*layout.DeckState, int, error) {
	st := new(layout.DeckState)
	v, err := layout.Load(file, st)
	if err != nil {
		if *st != (layout.DeckState{}) {
			panic("layout.Load wrote the state and failed")
		}
		return nil, v, err
	}
	return st, v, nil
}

// readNew is ReadFile into a new state, and nil on an error.
func readNew(path string) (*layout.DeckState, int, error) {
	st := new(layout.DeckState)
	v, err := ReadFile(path, st)
	if err != nil {
		return nil, v, err
	}
	return st, v, nil
}

// leaf is one scalar of a payload: an element of a char or integer array,
// a field of a nested struct, or a plain field.
type leaf struct {
	path   string // e.g. cart_history[3].play_seconds
	offset int
	size   int
	char   bool
}

// leaves lists every scalar of the payload of a version, walking the
// generated layout (Fields, FieldInfo.Members) the way inspect does.
func leaves(t testing.TB, version int) []leaf {
	t.Helper()
	var out []leaf
	var walk func(fs []layout.FieldInfo, prefix string, base int)
	walk = func(fs []layout.FieldInfo, prefix string, base int) {
		for _, f := range fs {
			name, dims := splitType(t, f.Type)
			n := 1
			for _, d := range dims {
				n *= d
			}
			elem := f.Size / n
			if elem*n != f.Size {
				t.Fatalf("%s%s: %d elements do not divide %d bytes", prefix, f.Name, n, f.Size)
			}
			members := f.Members()
			for i := range n {
				p := prefix + f.Name + index(dims, i)
				off := base + f.Offset + i*elem
				if members != nil {
					walk(members, p+".", off)
					continue
				}
				out = append(out, leaf{p, off, elem, name == "char"})
			}
		}
	}
	walk(layout.Fields(version), "", 0)
	return out
}

func index(dims []int, i int) string {
	idx := make([]string, len(dims))
	for d := len(dims) - 1; d >= 0; d-- {
		idx[d] = "[" + strconv.Itoa(i%dims[d]) + "]"
		i /= dims[d]
	}
	return strings.Join(idx, "")
}

func splitType(t testing.TB, typ string) (string, []int) {
	name, rest, _ := strings.Cut(typ, "[")
	var dims []int
	if rest != "" {
		for _, d := range strings.Split(strings.TrimSuffix(rest, "]"), "][") {
			n, err := strconv.Atoi(d)
			if err != nil {
				t.Fatalf("type %q: %v", typ, err)
			}
			dims = append(dims, n)
		}
	}
	return name, dims
}

// distinctPayload is a payload of version with a distinct nonzero value in
// every scalar: printable for chars, about half of them negative for the
// signed ones.
func distinctPayload(t testing.TB, version int) []byte {
	size, _ := layout.PayloadSize(version)
	b := make([]byte, size)
	covered := 0
	for k, lf := range leaves(t, version) {
		h := uint64(k+1) * 0x9E3779B97F4A7C15
		h ^= h >> 29
		if lf.char {
			h = uint64('!' + k%94)
		}
		if h&(1<<(8*lf.size)-1) == 0 {
			h |= 1
		}
		for i := range lf.size {
			b[lf.offset+i] = byte(h >> (8 * i))
		}
		covered += lf.size
	}
	if covered != size {
		t.Fatalf("the leaves of version %d cover %d of its %d bytes", version, covered, size)
	}
	return b
}

// reframe changes a file with edit and recomputes its CRC, so that only
// what edit did is wrong with it.
func reframe(file []byte, edit func(b []byte)) []byte {
	b := bytes.Clone(file)
	edit(b)
	end := len(b) - layout.FileCRCSize
	binary.LittleEndian.PutUint32(b[end:], crc32.ChecksumIEEE(b[:end]))
	return b
}

func setPayloadLen(n int) func([]byte) {
	return func(b []byte) { binary.LittleEndian.PutUint16(b[layout.DeckFileHeaderPayloadLenOffset:], uint16(n)) }
}

func setVersion(v int) func([]byte) {
	return func(b []byte) { binary.LittleEndian.PutUint16(b[layout.DeckFileHeaderVersionOffset:], uint16(v)) }
}

func mustEncodeFile(t testing.TB, version int, payload []byte) []byte {
	t.Helper()
	b, err := layout.EncodeFile(uint16(version), payload)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// v5Fixture builds testdata/v5.deck: a version 5 file as the firmware
// wrote it before files said their own size (payload_len 0), with a
// distinct value in every field.
func v5Fixture(t testing.TB) []byte {
	return reframe(mustEncodeFile(t, 5, distinctPayload(t, 5)), setPayloadLen(0))
}

// TestV5Fixture migrates the committed v5 file: every v5 field keeps its
// bytes, the ownership ledger is zero (an empty ledger), and the migrated
// file passes its CRC and loads as current. Rebuild the fixture with
// SCHEMAGEN_UPDATE=1 go test ./deck.
func TestV5Fixture(t *testing.T) {
	path := filepath.Join("testdata", "v5.deck")
	if update {
		if err := os.WriteFile(path, v5Fixture(t), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(file, v5Fixture(t)) {
		t.Fatalf("%s is not what v5Fixture builds; rerun with SCHEMAGEN_UPDATE=1 if the builder changed on purpose", path)
	}
	if len(file) != 4072 {
		t.Fatalf("a v5 file is 4072 bytes (SPEC §3); the fixture is %d", len(file))
	}
	v5 := file[layout.FileHeaderSize : len(file)-layout.FileCRCSize]

	for _, tc := range []struct {
		name string
		file []byte
	}{
		{"payload_len 0", file},
		{"payload_len 4060", reframe(file, setPayloadLen(layout.PayloadSizeV5))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, from, err := loadNew(tc.file)
			if err != nil || from != 5 {
				t.Fatalf("Load: version %d, %v", from, err)
			}
			got := st.Encode()
			for _, f := range layout.Fields(5) {
				if !bytes.Equal(got[f.Offset:f.Offset+f.Size], v5[f.Offset:f.Offset+f.Size]) {
					t.Errorf("field %s changed in migration", f.Name)
				}
			}
			for _, lf := range leaves(t, 5) {
				if bytes.Equal(got[lf.offset:lf.offset+lf.size], make([]byte, lf.size)) {
					t.Fatalf("%s is zero after migration", lf.path)
				}
			}
			if st.Ownership != [layout.DeckStateOwnershipSize]byte{} {
				t.Error("the ownership blob is not zero after migration")
			}
			if !bytes.Equal(got[layout.PayloadSizeV5:], make([]byte, layout.DeckStateSize-layout.PayloadSizeV5)) {
				t.Error("the bytes v6 added are not zero")
			}
			if has, err := layout.OwnershipHas(st, layout.CatalogVerbConnect); has || err != nil {
				t.Errorf("the migrated ledger is not empty: %v, %v", has, err)
			}
			// Through the generated struct too, a few fields by name.
			if string(st.Handle[:]) != string(v5[:16]) || st.Keystore.Keys[23].Material[7] != v5[layout.DeckStateKeystoreOffset+388-1] {
				t.Error("the decoded struct does not hold the v5 bytes")
			}

			out := layout.Encode(st)
			if len(out) != 4200 {
				t.Errorf("the migrated file is %d bytes, want 4200", len(out))
			}
			if _, _, err := layout.Parse(out); err != nil {
				t.Fatalf("the migrated file: %v", err)
			}
			again, v, err := loadNew(out)
			if err != nil || v != layout.StructVersion || *again != *st {
				t.Fatalf("the migrated file loads as version %d, %v; equal: %v", v, err, again != nil && *again == *st)
			}
		})
	}
}

// TestMigrateFile migrates the fixture on disk in place, then does
// nothing to the current file it made.
func TestMigrateFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "deck.bin")
	os.WriteFile(path, v5Fixture(t), 0o600)
	from, err := MigrateFile(path)
	if err != nil || from != 5 {
		t.Fatalf("MigrateFile: %d, %v", from, err)
	}
	b, _ := os.ReadFile(path)
	want, _, _ := loadNew(v5Fixture(t))
	if !bytes.Equal(b, layout.Encode(want)) {
		t.Error("the file on disk is not the migrated state")
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", fi.Mode().Perm())
	}
	if from, err := MigrateFile(path); err != nil || from != layout.StructVersion {
		t.Fatalf("MigrateFile on a current file: %d, %v", from, err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, b) {
		t.Error("MigrateFile rewrote a current file")
	}
	onlyFile(t, dir, "deck.bin")
}

// onlyFile fails unless dir holds exactly the named file: no temporary
// file is left behind.
func onlyFile(t *testing.T, dir, name string) {
	t.Helper()
	es, _ := os.ReadDir(dir)
	if len(es) != 1 || es[0].Name() != name {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("%s holds %v, want only %s", dir, names, name)
	}
}

func randomState(r *rand.Rand) *layout.DeckState {
	b := make([]byte, layout.DeckStateSize)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	st, _ := layout.DecodeDeckState(b)
	return &st
}

// TestRoundTrip: a current file decodes and encodes back byte for byte,
// and layout.Encode's files load back to the same state.
func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		st := randomState(r)
		file := layout.Encode(st)
		got, v, err := loadNew(file)
		if err != nil || v != layout.StructVersion || *got != *st {
			t.Fatalf("loadNew(layout.Encode(st)): version %d, %v", v, err)
		}
		if again := layout.Encode(got); !bytes.Equal(again, file) {
			t.Fatal("layout.Encode(loadNew(file)) is not file")
		}
	}
	// A current file with payload_len 0 loads; layout.Encode states the length.
	st := randomState(r)
	legacy := reframe(layout.Encode(st), setPayloadLen(0))
	got, _, err := loadNew(legacy)
	if err != nil || *got != *st {
		t.Fatalf("a legacy current file: %v", err)
	}
	if !bytes.Equal(layout.Encode(got), layout.Encode(st)) {
		t.Error("a legacy file re-encodes differently from its state")
	}
}

// A bad file, what is wrong with it, and how the error must say so.
type badFile struct {
	name  string
	file  []byte
	check func(t *testing.T, err error)
	says  string // a part of the message
}

func badFiles(t *testing.T) []badFile {
	cur := layout.Encode(randomState(rand.New(rand.NewPCG(3, 4))))
	crc := func(b []byte) []byte { // a flipped payload byte, the CRC left as it was
		b = bytes.Clone(b)
		b[100] ^= 0x01
		return b
	}(cur)
	stored := binary.LittleEndian.Uint32(cur[len(cur)-4:])
	computed := crc32.ChecksumIEEE(crc[:len(crc)-4])
	as := func(target any) func(t *testing.T, err error) {
		return func(t *testing.T, err error) {
			t.Helper()
			if !errors.As(err, target) {
				t.Errorf("error %T (%v), want %T", err, err, target)
			}
		}
	}
	is := func(target error) func(t *testing.T, err error) {
		return func(t *testing.T, err error) {
			t.Helper()
			var ve *layout.VersionError
			if !errors.Is(err, target) || !errors.As(err, &ve) {
				t.Errorf("error %v, want a *layout.VersionError wrapping %v", err, target)
			}
		}
	}
	v3 := reframe(mustEncodeFile(t, 3, distinctPayload(t, 3)), setPayloadLen(0))
	v4 := mustEncodeFile(t, 4, distinctPayload(t, 4))
	newer := mustEncodeFile(t, layout.StructVersion+1, append(bytes.Clone(cur[8:len(cur)-4]), 1, 2, 3, 4))
	return []badFile{
		{"bad magic", reframe(cur, func(b []byte) { copy(b, "KCED") }), as(new(*layout.MagicError)), `not a deck file: it starts with "KCED", not "DECK"`},
		{"not a deck file at all", []byte("hello, world\n"), as(new(*layout.MagicError)), "not a deck file"},
		{"empty", nil, as(new(*layout.LengthError)), "truncated: the file is 0 bytes, shorter than a header and a CRC (12)"},
		{"header only", cur[:8], as(new(*layout.LengthError)), "truncated"},
		{"crc mismatch", crc, func(t *testing.T, err error) {
			var ce *layout.CRCError
			if !errors.As(err, &ce) || ce.Stored != stored || ce.Computed != computed {
				t.Errorf("error %v, want a *layout.CRCError{%#x, %#x}", err, stored, computed)
			}
		}, "CRC mismatch: the file says 0x" + strings.ToUpper(strconv.FormatUint(uint64(stored), 16))},
		{"truncated", cur[:len(cur)-100], as(new(*layout.LengthError)), "truncated: a version 6 file with a 4188-byte payload is 4200 bytes, this one is 4100"},
		{"truncated legacy", reframe(v5Fixture(t), func([]byte) {})[:4000], as(new(*layout.LengthError)), "truncated: a version 5 file (payload_len 0: its version's layout size) is 4072 bytes, this one is 4000"},
		{"overlong", append(bytes.Clone(cur), 0), as(new(*layout.LengthError)), "1 byte too long: a version 6 file with a 4188-byte payload is 4200 bytes, this one is 4201"},
		{"payload_len contradicts the version", reframe(cur, setPayloadLen(layout.PayloadSizeV5)), func(t *testing.T, err error) {
			var pe *layout.PayloadLenError
			if !errors.As(err, &pe) || pe.Version != 6 || pe.PayloadLen != 4060 || pe.Want != 4188 {
				t.Errorf("error %v, want *layout.PayloadLenError{6, 4060, 4188}", err)
			}
		}, "the header says a 4060-byte payload, but a version 6 payload is 4188 bytes"},
		{"a v5 header on a v6 payload", reframe(cur, setVersion(5)), as(new(*layout.PayloadLenError)), "a version 5 payload is 4060 bytes"},
		{"newer version", newer, is(layout.ErrNewerVersion), "version 7 is newer than this build, which knows versions up to 6: use a newer build; the file is left as it is"},
		{"newer version, legacy length", reframe(newer, setPayloadLen(0)), is(layout.ErrNewerVersion), "version 7 is newer"},
		{"v3 predates migrate-from", v3, is(layout.ErrReinitialize), "version 3 predates migrate-from version 5: reinitialize the deck; it predates the ownership ledger (version 6), so nothing can be owned in it"},
		{"v4 predates migrate-from", v4, is(layout.ErrReinitialize), "version 4 predates migrate-from version 5: reinitialize the deck"},
		{"version 0", reframe(v3, setVersion(0)), is(layout.ErrUnknownVersion), "version 0 never shipped (the versions that shipped are 3 to 6)"},
		{"version 2", reframe(v3, setVersion(2)), is(layout.ErrUnknownVersion), "version 2 never shipped (the versions that shipped are 3 to 6)"},
	}
}

// TestLoadErrors: one bad file per error the loader knows. Each is a typed
// error that says what is wrong; ReadFile and MigrateFile return it too,
// with the path; and the file on disk is byte-identical afterwards, with
// nothing beside it.
func TestLoadErrors(t *testing.T) {
	for _, bf := range badFiles(t) {
		t.Run(bf.name, func(t *testing.T) {
			st, _, err := loadNew(bf.file)
			if st != nil || err == nil {
				t.Fatalf("layout.Load returned a state and %v", err)
			}
			bf.check(t, err)
			if !strings.Contains(err.Error(), bf.says) {
				t.Errorf("error %q does not say %q", err, bf.says)
			}
			dir := t.TempDir()
			path := filepath.Join(dir, "deck.bin")
			os.WriteFile(path, bf.file, 0o644)
			if _, _, err := readNew(path); err == nil || !strings.HasPrefix(err.Error(), path+": ") {
				t.Errorf("ReadFile: %v, want the error with the path", err)
			} else {
				bf.check(t, err)
			}
			if _, err := MigrateFile(path); err == nil {
				t.Error("MigrateFile succeeded")
			} else {
				bf.check(t, err)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, bf.file) {
				t.Error("the file on disk changed")
			}
			onlyFile(t, dir, "deck.bin")
		})
	}
}

// TestReadFileHuge: a file longer than any deck file is read only up to
// the limit and refused with its real length, whether or not its header
// states a size.
func TestReadFileHuge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deck.bin")
	cur := append(layout.Encode(new(layout.DeckState)), make([]byte, 1<<20)...)
	unsized := reframe(mustEncodeFile(t, 9, []byte{1}), setPayloadLen(0))
	unsized = append(unsized[:8], make([]byte, 1<<20)...)
	for _, big := range [][]byte{cur, unsized} {
		os.WriteFile(path, big, 0o644)
		_, _, err := readNew(path)
		var le *layout.LengthError
		if !errors.As(err, &le) || le.Got != len(big) {
			t.Fatalf("ReadFile: %v, want a *layout.LengthError with Got %d", err, len(big))
		}
	}
	if _, _, err := readNew(path); err == nil || !strings.Contains(err.Error(), "longer than any deck file (65547)") {
		t.Errorf("ReadFile: %v", err)
	}
}

func TestUnknownVersionMessage(t *testing.T) {
	err := error(&layout.VersionError{Version: 5, Err: layout.ErrUnknownVersion})
	if !errors.Is(err, layout.ErrUnknownVersion) || err.Error() != "deck: version 5 never shipped (this build migrates versions 5 to 6): the header is damaged; restore the file from a backup" {
		t.Errorf("%v", err)
	}
}

// TestEncodeFile refuses what no header can state.
func TestEncodeFile(t *testing.T) {
	if _, err := layout.EncodeFile(5, make([]byte, 10)); !errors.As(err, new(*layout.PayloadLenError)) {
		t.Errorf("a short v5 payload: %v", err)
	}
	if _, err := layout.EncodeFile(99, nil); err == nil {
		t.Error("an empty payload was framed")
	}
	if _, err := layout.EncodeFile(99, make([]byte, 0x10000)); err == nil {
		t.Error("a payload payload_len cannot state was framed")
	}
}

func TestNew(t *testing.T) {
	st := layout.NewDeckState()
	kit := map[layout.CatalogID]bool{}
	for _, id := range layout.StarterKit() {
		kit[id] = true
	}
	for _, it := range layout.CatalogItems() {
		if it.Slot >= 0 {
			continue
		}
		has, err := layout.OwnershipHas(st, it.ID)
		if has != kit[it.ID] || err != nil {
			t.Errorf("a new career owns %s: %v, %v", it.Name, has, err)
		}
	}
	clear(st.Ownership[:])
	if *st != (layout.DeckState{}) {
		t.Error("a new career has fields besides the ledger set")
	}
}
