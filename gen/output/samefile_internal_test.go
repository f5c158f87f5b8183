//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package output

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestSameFileIsSameFileOS: the four-call sameFile judges every kind of
// path as Lstat and Open do: missing, a regular file (equal, another size,
// the same size but other bytes, empty, larger than a block), a symlink to
// an equal file, a folder, a FIFO (without waiting for a writer), a file
// it may not read, a path through a file.
func TestSameFileIsSameFileOS(t *testing.T) {
	dir := t.TempDir()
	data := []byte("package fleet\n")
	big := bytes.Repeat([]byte("0123456789abcdef"), 50_000) // 800 KB: four blocks
	bigOther := bytes.Clone(big)
	bigOther[len(bigOther)-1] = 'x'
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	equal := write("equal", data)
	symlink := filepath.Join(dir, "symlink")
	if err := os.Symlink(equal, symlink); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	unreadable := write("unreadable", data)
	if err := os.Chmod(unreadable, 0); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		p    string
		data []byte
	}{
		{"missing", filepath.Join(dir, "missing"), data},
		{"equal", equal, data},
		{"longer", write("longer", append(bytes.Clone(data), '\n')), data},
		{"other bytes", write("other", []byte("package fleeT\n")), data},
		{"empty", write("empty", nil), nil},
		{"empty, want some", write("empty2", nil), data},
		{"big", write("big", big), big},
		{"big, last byte", write("big2", bigOther), big},
		{"symlink", symlink, data},
		{"folder", dir, data},
		{"fifo", fifo, data},
		{"unreadable", unreadable, data},
		{"through a file", filepath.Join(equal, "x"), data},
	}
	var buf []byte
	for _, c := range cases {
		want, _, wantErr := sameFileOS(c.p, c.data, nil)
		got, b, err := sameFile(c.p, c.data, buf)
		buf = b
		if got != want || (err != nil) != (wantErr != nil) {
			t.Errorf("%s: sameFile = %v, %v; sameFileOS = %v, %v", c.name, got, err, want, wantErr)
		}
	}
}
