package output

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"sync"
)

// Stream is the next tree of a locked output folder, built while the
// emitters make its files, so that no run holds every rendering at once
// (at 20,000 definitions they are some 350 MB). Each file handed to Add is
// compared with the file the folder holds at its path and dropped: one
// that is the same is remembered by its path (Publish links it from the
// old tree), one that differs is written at once into the new tree, a
// temporary folder beside the output folder (step 3 of Publishing), made
// only when the first changed file comes. Nothing in the output folder
// changes before Publish swaps the new tree in, so a run that fails on the
// way — an emitter's error, a breaking change, the Go check, a fault
// while writing — leaves it as it was; Abort removes the new tree.
//
// The run with nothing to write does what Diff does (reads and compares
// every file, walks the folder once) and creates nothing.
type Stream struct {
	l *Locked

	mu        sync.Mutex
	paths     map[string]bool // every file added → whether it changed
	changes   []Change        // missing and stale files, as added
	unchanged []string        // files the old tree holds as they are
	tmp       string          // the new tree, "" until a file changes
	made      map[string]bool // folders of the new tree made
	err       error           // the first error writing; Add refuses more
	done      bool            // published or aborted
	buf       []byte          // sameFile's block, reused from file to file
}

// Stream starts the next tree of the locked folder.
func (l *Locked) Stream() *Stream {
	return &Stream{l: l, paths: map[string]bool{}, made: map[string]bool{}}
}

// Add takes files of the next tree; several goroutines may call it at
// once. A file is refused if its path is not a clean relative path, or if
// an earlier Add had a file of that path (two emitters write it). An error
// writing the new tree says that nothing changed; after one, Add refuses
// everything with it.
func (st *Stream) Add(files ...File) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.err != nil {
		return st.err
	}
	for _, f := range files {
		if err := st.add(f); err != nil {
			st.err = err
			return err
		}
	}
	return nil
}

func (st *Stream) add(f File) error {
	if err := checkPath(f.Path); err != nil {
		return err
	}
	if _, ok := st.paths[f.Path]; ok {
		return fmt.Errorf("output: two emitters write %s", f.Path)
	}
	same, buf, err := sameFile(filepath.Join(st.l.final, filepath.FromSlash(f.Path)), f.Data, st.buf)
	st.buf = buf
	if same {
		st.paths[f.Path] = false
		st.unchanged = append(st.unchanged, f.Path)
		return nil
	}
	kind := "stale"
	if err != nil {
		kind = "missing" // or unreadable: written anew
	}
	st.changes = append(st.changes, Change{Path: f.Path, Kind: kind, Out: st.l.out})
	st.paths[f.Path] = true
	if err := st.mkTemp(); err != nil {
		return err
	}
	p, err := st.mkParent(f.Path)
	if err != nil {
		return st.nothingChanged(err)
	}
	return st.nothingChanged(step("write "+f.Path, func() error { return writeFile(p, f.Data, 0o644) }))
}

// nothingChanged says of a non-nil err, an error building the new tree, that
// the output folder did not change.
func (st *Stream) nothingChanged(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%w; nothing changed: %s/ is the previous tree", err, st.l.out)
}

// mkTemp makes the new tree's folder, once.
func (st *Stream) mkTemp() error {
	if st.tmp != "" {
		return nil
	}
	if err := stepHook("mkdir-temp"); err != nil {
		return st.nothingChanged(err)
	}
	tmp, err := os.MkdirTemp(st.l.parent, tempPrefix(st.l.base))
	if err != nil {
		return st.nothingChanged(err)
	}
	st.tmp = tmp
	return nil
}

// mkParent makes the folder of the file rel in the new tree and returns
// the file's name there.
func (st *Stream) mkParent(rel string) (string, error) {
	p := filepath.Join(st.tmp, filepath.FromSlash(rel))
	if d := filepath.Dir(p); !st.made[d] {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", err
		}
		st.made[d] = true
	}
	return p, nil
}

// checkPath refuses a path that is not clean, relative and inside the
// output folder.
func checkPath(p string) error {
	clean := path.Clean(p)
	if clean != p || path.IsAbs(clean) || clean == "." || clean == ".." || len(clean) > 2 && clean[:3] == "../" {
		return fmt.Errorf("output: bad file path %q", p)
	}
	return nil
}

// sameFileOS reports whether the regular file p holds exactly data, as
// sameFile does, through the os package: Lstat, then Open and a read a
// block at a time into buf (grown as needed, and returned for reuse).
func sameFileOS(p string, data, buf []byte) (bool, []byte, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		return false, buf, err
	}
	if !fi.Mode().IsRegular() {
		return false, buf, fs.ErrNotExist
	}
	if fi.Size() != int64(len(data)) {
		return false, buf, nil
	}
	f, err := os.Open(p)
	if err != nil {
		return false, buf, err
	}
	defer f.Close()
	buf = compareBuf(buf, len(data))
	for off := 0; off < len(data); {
		n := min(len(buf), len(data)-off)
		if _, err := io.ReadFull(f, buf[:n]); err != nil || !bytes.Equal(buf[:n], data[off:off+n]) {
			return false, buf, nil // shorter than it was, or different
		}
		off += n
	}
	return true, buf, nil
}

// compareBuf is buf, or a larger one, holding a block of a file of size
// n to compare: all of it, up to 256 KB.
func compareBuf(buf []byte, n int) []byte {
	if want := min(n, 256<<10); len(buf) < want {
		return make([]byte, max(want, min(2*len(buf), 256<<10)))
	}
	return buf
}

// Paths returns the paths of every file added, sorted.
func (st *Stream) Paths() []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	ps := make([]string, 0, len(st.paths))
	for p := range st.paths {
		ps = append(ps, p)
	}
	slices.Sort(ps)
	return ps
}

// Read returns the contents of the file rel of the next tree, as added:
// from the new tree where it changed, else from the output folder.
func (st *Stream) Read(rel string) ([]byte, error) {
	st.mu.Lock()
	changed, ok := st.paths[rel]
	st.mu.Unlock()
	switch {
	case !ok:
		return nil, fmt.Errorf("output: %s is no file of the tree", rel)
	case changed:
		return os.ReadFile(filepath.Join(st.tmp, filepath.FromSlash(rel)))
	}
	return os.ReadFile(filepath.Join(st.l.final, filepath.FromSlash(rel)))
}

// Changes returns what the next tree changes, sorted by path, as Diff
// would find it for the files added (a stale file's Line, Want and Have
// are not set): every file added that differs, and every file an earlier
// generate wrote that none added names ("extra"). Call it when every file
// was added.
func (st *Stream) Changes() ([]Change, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.err != nil {
		return nil, st.err
	}
	changes := slices.Clone(st.changes)
	dir := st.l.final
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == dir {
				return fs.SkipDir
			}
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if _, ok := st.paths[rel]; !ok && ownedFile(p) {
			changes = append(changes, Change{Path: rel, Kind: "extra", Out: st.l.out})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(changes, func(i, j int) bool { return changes[i].Path < changes[j].Path })
	return changes, nil
}

// Publish swaps the next tree in (steps 3 to 6 of Publishing): the files
// that did not change linked from the output folder (or copied, where a
// write would give another mode or the file has another name), the files
// generate did not write carried over, all of it made durable, then
// exchanged with the output folder. Call it only when Changes found some,
// and once; the error says what is on disk.
func (st *Stream) Publish() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.done {
		return errors.New("output: the tree was published or aborted already")
	}
	if st.err != nil {
		return st.err
	}
	st.done = true
	l := st.l
	keep, err := foreign(st.paths, l.final, l.out)
	if err != nil {
		st.removeTemp()
		return st.nothingChanged(err)
	}
	if err := st.mkTemp(); err != nil { // a run that only removes files added none
		return err
	}
	return l.swapIn(st.tmp, func() error { return st.build(keep) })
}

// Abort removes the new tree, unless Publish swapped it in. It may be
// called more than once, and after Publish.
func (st *Stream) Abort() {
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.done {
		st.done = true
		st.removeTemp()
	}
}

func (st *Stream) removeTemp() {
	if st.tmp != "" {
		os.RemoveAll(st.tmp)
	}
}

// build completes the new tree: the unchanged files linked or copied, the
// files generate did not write carried, then everything made durable.
func (st *Stream) build(keep []kept) error {
	l := st.l
	fresh := freshMode() // 0: unknown here, so nothing is linked
	slices.Sort(st.unchanged)
	for _, rel := range st.unchanged {
		p, err := st.mkParent(rel)
		if err != nil {
			return err
		}
		old := filepath.Join(l.final, filepath.FromSlash(rel))
		err = step("write "+rel, func() error {
			// Linked only when it is the file a write would make: its
			// mode too (someone may have changed it), and a name of no
			// other file (a link someone made to it would share the new
			// tree's file).
			if fi, err := os.Lstat(old); err == nil && fresh != 0 && fi.Mode() == fresh && soleName(fi) && os.Link(old, p) == nil {
				return nil
			}
			data, err := os.ReadFile(old) // what Add found equal to the rendering
			if err != nil {
				return err
			}
			return writeFile(p, data, 0o644) // no link here: write it
		})
		if err != nil {
			return err
		}
	}
	return l.finishTree(st.tmp, keep)
}
