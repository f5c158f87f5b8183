package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/schemagen/schemagen/internal/atomicfile"
)

// Publishing generated/ (Write) keeps one promise: whatever happens — an
// error, a kill, a power loss — the output folder is the previous tree or
// the new one, whole, with the lock's history and the files generate did
// not write; and the error says which.
//
//  1. Lock: an exclusive flock(2) on the output's parent folder, held by
//     generate and check alike for their whole run (Lock), so that no
//     reader sees a tree being swapped and no two writers interleave.
//  2. Recover: leftovers of an interrupted run are repaired first. If the
//     output folder is missing and a .<out>.new-N.old is there (the fallback
//     swap below was cut between its two renames), it is the previous tree,
//     whole: it is renamed back. Every other .<out>.new-N[.old] is a tree
//     no one uses any more, and is removed.
//  3. Build the new tree in .<out>.new-N beside the old one: every file
//     that changed written as the emitters make it (Stream: no run holds
//     every rendering at once), every file that did not hard-linked from the
//     old tree where its mode is what a write would give (it keeps its
//     time, which build tools and editors watch; Linux, where that mode
//     is known: freshMode),
//     the files generate did not write carried over (hard links, or
//     copies), then all of it made durable — on Linux by one syncfs(2) of
//     the file system after the last file (one flush of the journal, where
//     an fsync per file cost a third more system time and three times the
//     wall time over the 1,800 files of 1,000 definitions), elsewhere by an
//     fsync of each file as it is written — and every folder of it
//     fsynced.
//  4. Swap in one atomic step: renameat2(RENAME_EXCHANGE) on Linux
//     exchanges the two names, so the output folder is never missing
//     (plain rename(2) when there is no old tree). Where the OS or the file
//     system has no exchange (other systems, ENOSYS, EINVAL), the fallback
//     is two renames, old → .<out>.new-N.old and new → out, with step 2
//     covering the moment between them.
//  5. fsync the parent folder, so that the swap itself is durable.
//  6. Remove the old tree (now under the temporary name); if that fails,
//     the next run's step 2 does it.
//
// Every step is preceded by a call of the step hook (SetStepHook), which
// the fault-injection and crash tests use to fail or kill the run there.

// stepHook is called with the name of each step of a publish before it
// runs; an error it returns is that step's error.
var stepHook = func(string) error { return nil }

// SetStepHook sets the function called before every step of Write and of
// the recovery in Lock, with the step's name ("write go/fleet/enums.go",
// "fsync-dir", "exchange", "fsync-parent", "remove-old", …), and returns
// the previous one. It exists for fault-injection and crash tests: an
// error it returns is taken as that step's error.
func SetStepHook(h func(step string) error) func(string) error {
	old := stepHook
	stepHook = h
	return old
}

// Locked is the output folder of a module held under its lock.
type Locked struct {
	root, out           string
	final, parent, base string
	unlock              func()
}

// Lock takes the lock of the output folder out (slash-separated, relative
// to root), waiting for another generate or check to finish, and repairs
// what an interrupted run left (see the steps above). The caller reads,
// diffs and writes the folder through the Locked, then calls Unlock.
func Lock(root, out string) (*Locked, error) {
	final := filepath.Join(root, filepath.FromSlash(out))
	l := &Locked{root: root, out: out, final: final, parent: filepath.Dir(final), base: filepath.Base(final)}
	if err := os.MkdirAll(l.parent, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockRoot(l.parent)
	if err != nil {
		return nil, err
	}
	l.unlock = unlock
	if canLock {
		if err := l.recover(); err != nil {
			unlock()
			return nil, err
		}
	}
	return l, nil
}

// Unlock releases the lock.
func (l *Locked) Unlock() { l.unlock() }

// Diff is s.Diff of the locked folder.
func (l *Locked) Diff(s Set) ([]Change, error) { return s.Diff(l.root, l.out) }

// Write is Lock, then Locked.Write, then Unlock.
func (s Set) Write(root, out string) error {
	l, err := Lock(root, out)
	if err != nil {
		return err
	}
	defer l.Unlock()
	return l.Write(s)
}

// Write replaces the locked output folder with the files of s and the
// files in it that generate did not write, durably and in one atomic step
// (see the steps above). When the folder already is what it would write
// (Diff finds no change), it writes nothing.
//
// generate owns only the files it writes. A file in the old tree that s
// does not hold is dropped only when it is generate's own (Owned: an
// earlier run wrote it, and no longer does); any other — a README, a
// .gitattributes, a go.mod, a folder of someone's own — is carried into
// the new tree as it is. One where s needs a folder, or a folder where s
// writes a file, is an error, and nothing is written.
//
// Every error ends by saying what is on disk: the previous tree, the new
// one, or (only if the fallback swap fails twice over) where the previous
// tree is and that the next run puts it back.
//
// Write is a Stream given every file of s; generate streams the files as
// the emitters make them instead.
func (l *Locked) Write(s Set) error {
	st := l.Stream()
	defer st.Abort()
	if err := st.Add(s...); err != nil {
		return err
	}
	changes, err := st.Changes()
	if err != nil {
		return st.nothingChanged(err)
	}
	// A tree that already is s is left as it is: nothing to swap, and the
	// files keep their times, which build tools and editors watch.
	if len(changes) == 0 {
		return nil
	}
	return st.Publish()
}

// swapIn completes the new tree at tmp with build, then swaps it in
// (steps 3 to 6 above). The error says what is on disk.
func (l *Locked) swapIn(tmp string, build func() error) error {
	unchanged := func(err error) error {
		return fmt.Errorf("%w; nothing changed: %s/ is the previous tree", err, l.out)
	}
	swapped := false
	defer func() {
		if !swapped {
			os.RemoveAll(tmp)
		}
	}()
	if err := build(); err != nil {
		return unchanged(err)
	}

	_, statErr := os.Lstat(l.final)
	hasOld := statErr == nil
	switch {
	case !hasOld:
		if err := step("rename-new", func() error { return os.Rename(tmp, l.final) }); err != nil {
			return unchanged(err)
		}
	default:
		err := step("exchange", func() error { return exchange(tmp, l.final) })
		if errors.Is(err, errNoExchange) {
			err = l.swapByRenames(tmp)
			if err != nil {
				return err // it says what is on disk
			}
		} else if err != nil {
			return unchanged(err)
		}
	}
	swapped = true
	if err := step("fsync-parent", func() error { return syncDir(l.parent) }); err != nil {
		return fmt.Errorf("%w; %s/ is the new tree, but the swap may not survive a power loss until the folder %s is synced", err, l.out, l.parent)
	}
	if hasOld {
		if err := step("remove-old", func() error { return os.RemoveAll(tmp) }); err != nil {
			return fmt.Errorf("removing the previous tree: %w; %s/ is the new tree, and the previous one is left in %s, which the next generate removes", err, l.out, filepath.Base(tmp))
		}
	}
	return nil
}

// finishTree carries the files generate did not write (keep) into the new
// tree at tmp, whose own files are all written, and makes it durable.
func (l *Locked) finishTree(tmp string, keep []kept) error {
	for _, k := range keep {
		err := step("carry "+k.path, func() error {
			return carry(filepath.Join(l.final, filepath.FromSlash(k.path)), filepath.Join(tmp, filepath.FromSlash(k.path)), k.dir)
		})
		if err != nil {
			return fmt.Errorf("keeping %s: %w", path.Join(l.out, k.path), err)
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := step("sync-files", func() error { return syncFiles(tmp) }); err != nil {
		return err
	}
	// Every folder of the new tree, deepest first, so that each names
	// its entries durably before the swap names it.
	var dirs []string
	err := filepath.WalkDir(tmp, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			dirs = append(dirs, p)
		}
		return err
	})
	if err != nil {
		return err
	}
	sort.Sort(sort.Reverse(sort.StringSlice(dirs)))
	for _, d := range dirs {
		rel, _ := filepath.Rel(tmp, d)
		if err := step("fsync-dir "+filepath.ToSlash(rel), func() error { return syncDir(d) }); err != nil {
			return err
		}
	}
	return nil
}

// swapByRenames is the swap where there is no exchange: two renames, the
// old tree aside to tmp.old, then the new one in; Lock's recovery puts
// tmp.old back if a run dies between them.
func (l *Locked) swapByRenames(tmp string) error {
	old := tmp + ".old"
	if err := step("rename-old", func() error { return os.Rename(l.final, old) }); err != nil {
		return fmt.Errorf("%w; nothing changed: %s/ is the previous tree", err, l.out)
	}
	err := step("rename-new", func() error { return os.Rename(tmp, l.final) })
	if err == nil {
		// The old tree goes where Write removes it from.
		if err := os.Rename(old, tmp); err != nil {
			return fmt.Errorf("moving the previous tree aside: %w; %s/ is the new tree, and the previous one is left in %s, which the next generate removes", err, l.out, filepath.Base(old))
		}
		return nil
	}
	if rerr := step("restore-old", func() error { return os.Rename(old, l.final) }); rerr != nil {
		return fmt.Errorf("%w, and putting the previous tree back: %v; %s/ is missing: the previous tree is whole in %s, and the next generate or check puts it back", err, rerr, l.out, filepath.Base(old))
	}
	return fmt.Errorf("%w; nothing changed: %s/ is the previous tree", err, l.out)
}

// recover repairs what an interrupted run left beside the output folder
// (step 2): the previous tree put back if the output folder is missing,
// every other temporary tree removed. The caller holds the lock, so no
// live run is using them.
func (l *Locked) recover() error {
	es, err := os.ReadDir(l.parent)
	if err != nil {
		return err
	}
	var stale []string
	for _, e := range es {
		if e.IsDir() && staleTree(l.base, e.Name()) {
			stale = append(stale, e.Name())
		}
	}
	if len(stale) == 0 {
		return nil
	}
	if _, err := os.Lstat(l.final); errors.Is(err, fs.ErrNotExist) {
		for i, name := range stale {
			if !strings.HasSuffix(name, ".old") {
				continue
			}
			old := filepath.Join(l.parent, name)
			err := step("restore-old", func() error { return os.Rename(old, l.final) })
			if err == nil {
				err = step("fsync-parent", func() error { return syncDir(l.parent) })
			}
			if err != nil {
				return fmt.Errorf("an interrupted generate left %s/ missing and the previous tree in %s, and putting it back failed: %w; nothing was written", l.out, name, err)
			}
			stale = append(stale[:i], stale[i+1:]...)
			break
		}
	}
	// Errors are ignored: what is not removed now is removed by a later run.
	for _, name := range stale {
		if step("remove-stale "+name, nil) == nil {
			os.RemoveAll(filepath.Join(l.parent, name))
		}
	}
	return nil
}

// step runs f after the step hook, as the step called name.
func step(name string, f func() error) error {
	if err := stepHook(name); err != nil {
		return err
	}
	if f == nil {
		return nil
	}
	return f()
}

// writeFile creates the file p with data, durably where files are synced
// one by one (syncEach), and otherwise leaving that to syncFiles.
func writeFile(p string, data []byte, perm fs.FileMode) error {
	return create(p, data, perm, syncEach)
}

// create creates the file p with data, fsyncing it before it closes it
// when sync is set.
func create(p string, data []byte, perm fs.FileMode, sync bool) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if sync {
		if err := f.Sync(); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

// syncDir fsyncs the folder p, making the names in it durable.
func syncDir(p string) error { return atomicfile.SyncDir(p) }

// UseRenameSwap makes every later Write swap by two renames, as on a
// system without an atomic exchange, and returns what restores the
// exchange. It exists for the fault-injection and crash tests of that
// fallback.
func UseRenameSwap() (restore func()) {
	old := exchange
	exchange = func(a, b string) error { return errNoExchange }
	return func() { exchange = old }
}

// errNoExchange is what exchange returns where the OS or the file system
// cannot exchange two names atomically.
var errNoExchange = errors.New("no atomic exchange here")
