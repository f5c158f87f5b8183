// Package output holds what the emitters produce, a set of files, and the
// only code that writes them to disk: all of generated/ at once or nothing.
package output

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Dir is the directory, relative to the module root, that holds every
// generated file.
const Dir = "generated"

// File is one generated file. Path is slash-separated and relative to Dir.
type File struct {
	Path string
	Data []byte
}

// Set is a complete generated tree, sorted by path.
type Set []File

// NewSet sorts files by path and refuses two files with the same path or a
// path that would escape Dir.
func NewSet(files ...[]File) (Set, error) {
	var s Set
	for _, fs := range files {
		s = append(s, fs...)
	}
	sort.Slice(s, func(i, j int) bool { return s[i].Path < s[j].Path })
	for i, f := range s {
		clean := path.Clean(f.Path)
		if clean != f.Path || path.IsAbs(clean) || clean == "." || strings.HasPrefix(clean, "../") {
			return nil, fmt.Errorf("output: bad file path %q", f.Path)
		}
		if i > 0 && s[i-1].Path == f.Path {
			return nil, fmt.Errorf("output: two emitters write %s", f.Path)
		}
	}
	return s, nil
}

// Write replaces root/generated with exactly the files of s. It writes the
// new tree beside the old one and swaps the two with renames, so a failure
// at any point before the swap leaves the old tree untouched.
func (s Set) Write(root string) error {
	final := filepath.Join(root, Dir)
	tmp, err := os.MkdirTemp(root, "."+Dir+".new-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp) // after a successful swap this is already gone
	for _, f := range s {
		p := filepath.Join(tmp, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	old := ""
	if _, err := os.Stat(final); err == nil {
		old = tmp + ".old"
		if err := os.Rename(final, old); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, final); err != nil {
		if old != "" {
			_ = os.Rename(old, final) // put the old tree back
		}
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// Change is one difference between a Set and the tree on disk.
type Change struct {
	Path string // relative to Dir
	Kind string // "missing", "stale" or "extra"
	// Line is the first line that differs (1-based) for a stale file, with
	// what generate would write there and what the file has.
	Line       int
	Want, Have string
}

func (c Change) String() string {
	p := path.Join(Dir, c.Path)
	switch c.Kind {
	case "missing":
		return fmt.Sprintf("%s: missing; generate would write it", p)
	case "extra":
		return fmt.Sprintf("%s: not written by generate; generated/ holds only generated files", p)
	}
	return fmt.Sprintf("%s:%d: stale\n\twant: %s\n\thave: %s", p, c.Line, c.Want, c.Have)
}

// Diff compares s with root/generated and returns every difference, sorted
// by path. No changes means generated/ is exactly what Write would leave.
func (s Set) Diff(root string) ([]Change, error) {
	dir := filepath.Join(root, Dir)
	onDisk := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == dir {
				return fs.SkipDir
			}
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			onDisk[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var changes []Change
	for _, f := range s {
		if !onDisk[f.Path] {
			changes = append(changes, Change{Path: f.Path, Kind: "missing"})
			continue
		}
		delete(onDisk, f.Path)
		have, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(have, f.Data) {
			c := Change{Path: f.Path, Kind: "stale"}
			c.Line, c.Want, c.Have = firstDiff(f.Data, have)
			changes = append(changes, c)
		}
	}
	for p := range onDisk {
		changes = append(changes, Change{Path: p, Kind: "extra"})
	}
	sort.Slice(changes, func(i, j int) bool { return changes[i].Path < changes[j].Path })
	return changes, nil
}

// firstDiff returns the first line at which want and have differ.
func firstDiff(want, have []byte) (int, string, string) {
	w := strings.Split(string(want), "\n")
	h := strings.Split(string(have), "\n")
	for i := 0; ; i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		} else {
			a = "(end of file)"
		}
		if i < len(h) {
			b = h[i]
		} else {
			b = "(end of file)"
		}
		if a != b || i >= len(w) || i >= len(h) {
			return i + 1, a, b
		}
	}
}
