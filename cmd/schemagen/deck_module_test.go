package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/deck/inspect"
)

// layoutModule writes a module whose layout package is gen/clayout's test
// layout d (four versions, a stated loss in version 2, a ledger and a
// starter kit), not this repository's deck, and returns its root.
func layoutModule(t *testing.T) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("..", "..", "gen", "clayout", "testdata", "small.txtar"))
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
	return dir
}

// dFile is a file of layout d: #Head is magic "ABCD", version and
// payload_len (uint16 each), then the payload and its CRC-32.
func dFile(version int, payload []byte) []byte {
	b := []byte("ABCD")
	b = binary.LittleEndian.AppendUint16(b, uint16(version))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(payload)))
	b = append(b, payload...)
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// TestDeckOnTheModulesLayout: inside a module, schemagen deck reads the
// module's own layout package, not the deck built into schemagen: new
// writes a file of it with its starter kit, inspect names its fields,
// migrate moves an older version forward, and a deck file is not one of
// its files.
func TestDeckOnTheModulesLayout(t *testing.T) {
	mod := layoutModule(t)
	dir := inTemp(t)
	code, stdout, stderr := schemagen(t, "-C", mod, "deck", "new", "a.d")
	if code != exitOK || stdout != "a.d: a new d file at version 5, the starter kit granted\n" {
		t.Fatalf("deck new: exit %d, %q %q", code, stdout, stderr)
	}
	code, stdout, stderr = schemagen(t, "-C", mod, "deck", "inspect", "a.d")
	if code != exitOK || !strings.Contains(stdout, `"load": "ok"`) || !strings.Contains(stdout, "\"items\": [\n      \"verb_a\"\n    ]") || !strings.Contains(stdout, `"wide": 0`) || !strings.Contains(stdout, `"gain": 0`) {
		t.Errorf("deck inspect: exit %d, %s %s", code, stdout, stderr)
	}
	if strings.Contains(stdout, "DeckState") || strings.Contains(stdout, "handle") {
		t.Errorf("inspect printed this repository's layout:\n%s", stdout)
	}

	// A version 3 file (40 bytes) migrates: its fields move, wide and
	// cells (version 4's) and gain and curve (version 5's) start at zero.
	v3 := make([]byte, 40)
	for i := range v3 {
		v3[i] = byte(i + 1)
	}
	os.WriteFile(filepath.Join(dir, "old.d"), dFile(3, v3), 0o644)
	code, stdout, stderr = schemagen(t, "-C", mod, "deck", "migrate", "old.d")
	if code != exitOK || stdout != "old.d: migrated from version 3 to 5\n" {
		t.Fatalf("deck migrate: exit %d, %q %q", code, stdout, stderr)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "old.d"))
	want := dFile(5, append(bytes.Clone(v3), make([]byte, 40)...))
	if !bytes.Equal(got, want) {
		t.Errorf("migrated file\n%v, want\n%v", got, want)
	}

	// Version 1 predates migrate_from 2; a deck file is not a d file; a
	// newer file is never written over. Each is refused, untouched.
	os.WriteFile(filepath.Join(dir, "v1.d"), dFile(1, make([]byte, 8)), 0o644)
	os.WriteFile(filepath.Join(dir, "v9.d"), dFile(9, make([]byte, 8)), 0o644)
	os.WriteFile(filepath.Join(dir, "deck.bin"), []byte("DECK\x06\x00\x00\x00"), 0o644)
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"migrate", "v1.d"}, "v1.d: d: version 1 predates migrate-from version 2: reinitialize it"},
		{[]string{"migrate", "deck.bin"}, `deck.bin: d: not a d file: it starts with "DECK", not "ABCD"`},
		{[]string{"new", "--force", "v9.d"}, "v9.d: d: version 9 is newer than the schema, which knows versions up to 5"},
	} {
		before, _ := os.ReadFile(filepath.Join(dir, tc.args[len(tc.args)-1]))
		code, _, stderr := schemagen(t, append([]string{"-C", mod, "deck"}, tc.args...)...)
		if code != exitInput || !strings.Contains(stderr, tc.says) {
			t.Errorf("deck %v: exit %d, %q; want 2 and %q", tc.args, code, stderr, tc.says)
		}
		if after, _ := os.ReadFile(filepath.Join(dir, tc.args[len(tc.args)-1])); !bytes.Equal(before, after) {
			t.Errorf("deck %v changed the file", tc.args)
		}
	}
}

// TestDeckInThisRepository: inside this repository, deck inspect reads the
// deck through its schema, and says of a file what the deck package's own
// inspector (deck/inspect, on the compiled layout) says of it.
func TestDeckInThisRepository(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	inTemp(t)
	b := v5Fixture(t)
	os.WriteFile("v5.deck", b, 0o644)
	r, err := inspect.File(b)
	if err != nil {
		t.Fatal(err)
	}
	code, module, stderr := schemagen(t, "-C", root, "deck", "inspect", "v5.deck")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if compiled := string(r.JSON()); compiled != module {
		t.Errorf("the schema's layout and the compiled one inspect differently:\n%s\n%s", compiled, module)
	}
}

// TestDeckNeedsALayout: a module without a layout package has no file to
// read, and says so; it does not fall back to this repository's deck.
func TestDeckNeedsALayout(t *testing.T) {
	mod := t.TempDir()
	os.MkdirAll(filepath.Join(mod, "cue.mod"), 0o755)
	os.WriteFile(filepath.Join(mod, "cue.mod", "module.cue"), []byte("module: \"example.com/w@v0\"\nlanguage: version: \"v0.17.0\"\n"), 0o644)
	os.MkdirAll(filepath.Join(mod, "schema", "w"), 0o755)
	os.WriteFile(filepath.Join(mod, "schema", "w", "w.cue"), []byte("package w\n\n// T is a thing.\n#T: {\n\t// A.\n\ta!: int32\n}\n"), 0o644)
	inTemp(t)
	code, _, stderr := schemagen(t, "-C", mod, "deck", "new", "x")
	if code != exitInput || !strings.Contains(stderr, "has no layout package under schema/") {
		t.Errorf("exit %d, %q", code, stderr)
	}
	if _, err := os.Stat("x"); err == nil {
		t.Error("deck new wrote a file")
	}

	// Outside any module there is no layout at all: schemagen compiles in
	// none (this repository's deck included), so it says where to run.
	t.Chdir(t.TempDir())
	code, _, stderr = schemagen(t, "deck", "new", "x")
	if code != exitInput || !strings.Contains(stderr, "no cue.mod in this directory or any above it") || !strings.Contains(stderr, "deck reads the file format from the module's layout package") {
		t.Errorf("outside a module: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat("x"); err == nil {
		t.Error("deck new wrote a file outside a module")
	}
}
