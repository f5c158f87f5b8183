package deck

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// TestWriteFileRefusesNewer: a file of a newer version is never written
// over, whatever is saved.
func TestWriteFileRefusesNewer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "deck.bin")
	newer := mustEncodeFile(t, layout.StructVersion+1, make([]byte, 5000))
	os.WriteFile(path, newer, 0o644)
	err := WriteFile(path, new(layout.DeckState))
	if !errors.Is(err, layout.ErrNewerVersion) {
		t.Fatalf("WriteFile over a newer file: %v, want layout.ErrNewerVersion", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, newer) {
		t.Error("the newer file changed")
	}
	onlyFile(t, dir, "deck.bin")
}

// TestWriteFileNew writes a file where there was none, mode 0644.
func TestWriteFileNew(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "deck.bin")
	st := layout.NewDeckState()
	if err := WriteFile(path, st); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
	if got, v, err := readNew(path); err != nil || v != layout.StructVersion || *got != *st {
		t.Fatalf("ReadFile: %d, %v", v, err)
	}
	onlyFile(t, dir, "deck.bin")
	if err := WriteFile(filepath.Join(dir, "no", "such", "dir"), st); err == nil {
		t.Error("WriteFile into a missing folder succeeded")
	}
}
