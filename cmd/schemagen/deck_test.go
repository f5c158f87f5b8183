package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/deck"
	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// fixture is the v5 file deck's tests commit, found before a test leaves
// this directory.
var fixture, _ = filepath.Abs(filepath.Join("..", "..", "deck", "testdata", "v5.deck"))

func v5Fixture(t *testing.T) []byte {
	b, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// inTemp runs the test in a temporary directory that is a module of this
// repository's deck layout alone (cue.mod and schema/deck copied): schemagen
// compiles in no layout, so the deck commands read the one in the schema,
// as they would in any module.
func inTemp(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	repo, _ := filepath.Abs(filepath.Join("..", ".."))
	for _, sub := range []string{"cue.mod", filepath.Join("schema", "deck")} {
		if err := os.CopyFS(filepath.Join(dir, sub), os.DirFS(filepath.Join(repo, sub))); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return dir
}

func TestDeckNew(t *testing.T) {
	dir := inTemp(t)
	code, stdout, stderr := schemagen(t, "deck", "new", "career.deck")
	if code != exitOK || stdout != "career.deck: a new deck file at version 6, the starter kit granted\n" {
		t.Fatalf("deck new: exit %d, %q %q", code, stdout, stderr)
	}
	var st layout.DeckState
	if v, err := deck.ReadFile(filepath.Join(dir, "career.deck"), &st); err != nil || v != layout.StructVersion {
		t.Fatalf("the new file: %d, %v", v, err)
	}
	st.Credits = 99
	os.WriteFile("career.deck", layout.Encode(&st), 0o644)
	before, _ := os.ReadFile("career.deck")

	code, _, stderr = schemagen(t, "deck", "new", "career.deck")
	if code != exitInput || !strings.Contains(stderr, "career.deck exists; pass --force") {
		t.Errorf("deck new over a file: exit %d, %q", code, stderr)
	}
	if after, _ := os.ReadFile("career.deck"); !bytes.Equal(after, before) {
		t.Error("deck new without --force changed the file")
	}
	if code, _, stderr := schemagen(t, "deck", "new", "--force", "career.deck"); code != exitOK {
		t.Errorf("deck new --force: exit %d, %q", code, stderr)
	}
	if after, _ := os.ReadFile("career.deck"); bytes.Equal(after, before) {
		t.Error("deck new --force left the file")
	}

	newer, _ := layout.EncodeFile(layout.StructVersion+1, []byte("future"))
	os.WriteFile("newer.deck", newer, 0o644)
	code, _, stderr = schemagen(t, "deck", "new", "--force", "newer.deck")
	// The file format is the schema's, so the schema is what is too old.
	if code != exitInput || !strings.Contains(stderr, "newer.deck: deck: version 7 is newer than the schema, which knows versions up to 6: use a newer schema") {
		t.Errorf("deck new --force over a newer file: exit %d, %q", code, stderr)
	}
	if after, _ := os.ReadFile("newer.deck"); !bytes.Equal(after, newer) {
		t.Error("deck new --force wrote over a newer file")
	}
}

func TestDeckInspect(t *testing.T) {
	inTemp(t)
	os.WriteFile("v5.deck", v5Fixture(t), 0o644)
	code, stdout, stderr := schemagen(t, "deck", "inspect", "v5.deck")
	if code != exitOK || stderr != "" {
		t.Fatalf("deck inspect: exit %d, %q", code, stderr)
	}
	var got struct {
		Version int
		CRCOK   bool
		Load    string
		Fields  map[string]any
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	if got.Version != 5 || !got.CRCOK || got.Load != "migrates from version 5 to 6" || got.Fields["handle"] != `!"#$%&'()*+,-./0` {
		t.Errorf("deck inspect printed %+v", got)
	}

	// A bad CRC: printed, and exit 1 with the reason.
	b := v5Fixture(t)
	b[30] ^= 1
	os.WriteFile("bad.deck", b, 0o644)
	code, stdout, stderr = schemagen(t, "deck", "inspect", "bad.deck")
	if code != exitCheck || !strings.Contains(stdout, `"crcOK": false`) || !strings.Contains(stderr, "bad.deck: deck: CRC mismatch") {
		t.Errorf("inspect of a bad CRC: exit %d, stderr %q", code, stderr)
	}
	// Not a deck file: nothing printed, exit 2.
	os.WriteFile("text", []byte("hello"), 0o644)
	code, stdout, stderr = schemagen(t, "deck", "inspect", "text")
	if code != exitInput || stdout != "" || !strings.Contains(stderr, "not a deck file") {
		t.Errorf("inspect of a text file: exit %d, %q, %q", code, stdout, stderr)
	}
}

func TestDeckMigrate(t *testing.T) {
	inTemp(t)
	os.WriteFile("career.deck", v5Fixture(t), 0o644)
	code, stdout, stderr := schemagen(t, "deck", "migrate", "career.deck")
	if code != exitOK || stdout != "career.deck: migrated from version 5 to 6\n" {
		t.Fatalf("deck migrate: exit %d, %q %q", code, stdout, stderr)
	}
	var st layout.DeckState
	if v, err := deck.ReadFile("career.deck", &st); err != nil || v != layout.StructVersion {
		t.Fatalf("after migrate: version %d, %v", v, err)
	}
	migrated, _ := os.ReadFile("career.deck")
	if !bytes.Equal(migrated[8:8+layout.PayloadSizeV5], v5Fixture(t)[8:8+layout.PayloadSizeV5]) {
		t.Error("migrate changed a v5 field")
	}
	code, stdout, _ = schemagen(t, "deck", "migrate", "career.deck")
	if code != exitOK || stdout != "career.deck: already version 6; left as it is\n" {
		t.Errorf("deck migrate of a current file: exit %d, %q", code, stdout)
	}
	if after, _ := os.ReadFile("career.deck"); !bytes.Equal(after, migrated) {
		t.Error("migrating a current file changed it")
	}
}

// TestDeckMigrateRefuses: a file the loader refuses is bad input, exit 2
// with the reason, and the file is untouched.
func TestDeckMigrateRefuses(t *testing.T) {
	dir := inTemp(t)
	v5 := v5Fixture(t)
	crc := bytes.Clone(v5)
	crc[40] ^= 1
	v3, _ := layout.EncodeFile(3, make([]byte, layout.PayloadSizeV3))
	newer, _ := layout.EncodeFile(layout.StructVersion+1, []byte("future"))
	for _, tc := range []struct {
		name string
		file []byte
		says string
	}{
		{"crc", crc, "deck: CRC mismatch: the file says 0x"},
		{"truncated", v5[:4000], "deck: truncated: a version 5 file"},
		{"overlong", append(bytes.Clone(v5), 0), "deck: 1 byte too long"},
		{"magic", append([]byte("KCED"), v5[4:]...), "deck: not a deck file"},
		// The interpreter's words: the format is the schema's, not a build's.
		{"v3", v3, "deck: version 3 predates migrate-from version 5: reinitialize it; the schema migrates nothing older"},
		{"newer", newer, "deck: version 7 is newer than the schema, which knows versions up to 6: use a newer schema; the file is left as it is"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.WriteFile(tc.name, tc.file, 0o644)
			code, stdout, stderr := schemagen(t, "deck", "migrate", tc.name)
			if code != exitInput || stdout != "" || !strings.Contains(stderr, tc.name+": "+tc.says) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, tc.says)
			}
			if after, _ := os.ReadFile(tc.name); !bytes.Equal(after, tc.file) {
				t.Error("the file changed")
			}
		})
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestDeckUsage(t *testing.T) {
	inTemp(t)
	for _, args := range [][]string{
		{"deck"},
		{"deck", "frob", "x"},
		{"deck", "inspect"},
		{"deck", "inspect", "a", "b"},
		{"deck", "migrate"},
		{"deck", "new", "--nope", "x"},
		{"deck", "inspect", "missing.deck"},
		{"deck", "migrate", "missing.deck"},
	} {
		if code, _, stderr := schemagen(t, args...); code != exitInput || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, stderr)
		}
	}
}
