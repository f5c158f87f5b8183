package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
)

// Options change what a save accepts. The zero value is the default, and
// the safe one.
type Options struct {
	// ReplaceReadOnly lets a save replace a read-only file (one its owner
	// may not write: see ReadOnly). The new file keeps the mode, so it
	// stays read-only.
	ReplaceReadOnly bool
	// NoReplace refuses to replace an existing file (ErrExists).
	NoReplace bool
	// Keep, when set, is given the first bytes (up to 4 KiB) of the file a
	// save would replace, and returns an error when that file must be left
	// alone (a file of a version newer than the caller knows, whose
	// contents a save would lose): the save then returns it, wrapped with
	// the path, and writes nothing.
	Keep func(head []byte) error
}

// ReadOnly reports whether a file of this mode is read-only in the sense
// Write refuses: its owner has no write permission (chmod a-w or u-w),
// whoever is saving, root included.
func ReadOnly(mode fs.FileMode) bool { return mode.Perm()&0o200 == 0 }

// Write replaces the file at path with data, atomically: it writes a
// temporary file in the folder of the file it replaces, syncs it to disk,
// renames it over the file and syncs the folder. A crash at any point
// leaves the file holding either its old contents or the new ones, never
// a mix; at worst a temporary file (.NAME.tmp-N) is left beside it, which
// the next save of that file removes. On an error the temporary file is
// removed and the file is as it was, unless the error is from syncing the
// folder: the new file is then in place but the rename may not yet be
// durable (a *WriteError with Replaced set).
//
// A symbolic link is followed (a chain of them too) and the file it names
// is replaced, in that file's folder; the link stays as it is. A link to
// a file that does not exist creates that file. The new file keeps the
// old one's owner, group, mode (setuid, setgid and sticky bits included)
// and extended attributes (a POSIX ACL is one); a new file is 0644.
//
// Write refuses, with a *RefusedError and without writing anything: a bad
// path (ErrBadPath: no name, a folder's name, a folder that does not
// exist, a loop of links); anything but a regular file (ErrNotRegular: a
// FIFO, a device, a folder, a socket), at once and without opening it for
// more than a look at its type; a file with more than one hard link
// (ErrHardLinks: a rename would leave the other names on the old file); a
// read-only file unless o.ReplaceReadOnly (ErrReadOnly); an existing file
// when o.NoReplace (ErrExists); an owner, group, mode or attribute the new
// file cannot be given (ErrCannotKeep, e.g. a file of another user when
// not root). It also refuses what o.Keep refuses, with o.Keep's error.
func (o Options) Write(path string, data []byte) error {
	return writeFile(osFS{}, path, data, o)
}

// fileSystem is what writeFile does to the disk, so that tests can make
// any step fail.
type fileSystem interface {
	CreateTemp(dir, pattern string) (tempFile, error)
	// Lock takes the lock that tells a sweeping save the temporary file
	// belongs to a live writer (see sweep); closing it releases the lock.
	Lock(f tempFile) (io.Closer, error)
	Rename(from, to string) error
	Remove(name string) error
	SyncDir(dir string) error
}

// tempFile is the temporary file writeFile writes.
type tempFile interface {
	io.Writer
	Chown(uid, gid int) error
	Chmod(fs.FileMode) error
	Sync() error
	Close() error
	Name() string
	Stat() (fs.FileInfo, error)
}

type osFS struct{}

func (osFS) CreateTemp(dir, pattern string) (tempFile, error) { return os.CreateTemp(dir, pattern) }
func (osFS) Lock(f tempFile) (io.Closer, error)               { return lockTemp(f) }
func (osFS) Rename(from, to string) error                     { return os.Rename(from, to) }
func (osFS) Remove(name string) error                         { return os.Remove(name) }

func (osFS) SyncDir(dir string) error { return SyncDir(dir) }

// SyncDir fsyncs the folder dir, making the names in it durable: what a
// rename into it needs before it survives a crash. The module's other
// crash-safe writers (gen/output, runtime/ledger) use it too.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// keptBits are the mode bits a save gives the new file: permissions and
// setuid, setgid, sticky.
const keptBits = fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky

// target is the file a save replaces and what the new one keeps of it.
type target struct {
	name      string // path with its symbolic links followed
	dir, base string
	exists    bool
	mode      fs.FileMode // keptBits of the old file, or 0644
	owner     owner       // the old file's, when exists
}

// writeFile replaces path with data through fsys, atomically.
func writeFile(fsys fileSystem, path string, data []byte, o Options) error {
	t, err := resolveTarget(path, o)
	if err != nil {
		return err
	}
	sweep(t.dir, t.base)
	f, lock, err := createTemp(fsys, t.dir, t.base)
	if err != nil {
		return &WriteError{Path: path, Err: err}
	}
	tmp := f.Name()
	// No defer: a crash must leave the temporary file, which the tests
	// simulate by stopping at a step; every error path removes it.
	fail := func(err error) error {
		f.Close() // again, after Close or Rename: harmless
		fsys.Remove(tmp)
		lock.Close()
		if re, ok := errors.AsType[*RefusedError](err); ok {
			return re
		}
		return &WriteError{Path: path, Err: err}
	}
	if t.exists {
		// The owner first: chown clears the setuid and setgid bits.
		if err := keepOwner(f, path, t.owner); err != nil {
			return fail(err)
		}
	}
	if err := f.Chmod(t.mode); err != nil {
		return fail(err)
	}
	if fi, err := f.Stat(); err != nil {
		return fail(err)
	} else if got := fi.Mode() & keptBits; got != t.mode {
		return fail(&RefusedError{Path: path, Err: ErrCannotKeep,
			Reason: fmt.Sprintf("%s: its mode %s cannot be kept (the new file would have %s); nothing was written", path, modeString(t.mode), modeString(got))})
	}
	if t.exists {
		if err := keepXattrs(t.name, tmp, path); err != nil {
			return fail(err)
		}
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	if err := fsys.Rename(tmp, t.name); err != nil {
		return fail(err)
	}
	lock.Close()
	if err := fsys.SyncDir(t.dir); err != nil {
		return &WriteError{Path: path, Replaced: true, Err: err}
	}
	return nil
}

// resolveTarget follows path's symbolic links and decides whether a save
// may replace what they name, and what the new file keeps of it.
func resolveTarget(path string, o Options) (*target, error) {
	refuse := func(err error, format string, args ...any) (*target, error) {
		return nil, &RefusedError{Path: path, Err: err, Reason: fmt.Sprintf(format, args...) + "; nothing was written"}
	}
	if path == "" {
		return refuse(ErrBadPath, "no file name given")
	}
	name, err := followLinks(path)
	if err != nil {
		return refuse(ErrBadPath, "%s: %v", path, err)
	}
	dir, base := filepath.Split(name)
	if base == "" || base == "." || base == ".." {
		if name != path {
			return refuse(ErrBadPath, "%s is a symbolic link to %s, which names a folder, not a file", path, name)
		}
		return refuse(ErrBadPath, "%s names a folder, not a file", path)
	}
	if dir == "" {
		dir = "."
	}
	t := &target{name: name, dir: dir, base: base, mode: 0o644}
	fi, err := os.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		di, err := os.Stat(folderName(dir))
		switch {
		case errors.Is(err, syscall.ENOTDIR):
			return refuse(ErrBadPath, "%s: a folder on the way to it is a file", path)
		case errors.Is(err, fs.ErrNotExist):
			return refuse(ErrBadPath, "%s: the folder %s does not exist", path, folderName(dir))
		case err != nil:
			return refuse(ErrBadPath, "%v", err)
		case !di.IsDir():
			return refuse(ErrBadPath, "%s: %s is not a folder", path, folderName(dir))
		}
		return t, nil
	}
	if err != nil {
		return refuse(ErrBadPath, "%v", err)
	}
	if !fi.Mode().IsRegular() {
		return refuse(ErrNotRegular, "%s is not a regular file but %s", path, kindOf(fi.Mode()))
	}
	if o.NoReplace {
		return refuse(ErrExists, "%s exists", path)
	}
	t.exists, t.mode = true, fi.Mode()&keptBits
	var links uint64
	t.owner, links = ownerOf(fi)
	if links > 1 {
		return refuse(ErrHardLinks, "%s has %d hard links, and replacing it under one name would leave the others holding the old file; copy it to a file of its own (cp) and use that", path, links)
	}
	if ReadOnly(fi.Mode()) && !o.ReplaceReadOnly {
		return refuse(ErrReadOnly, "%s is read-only (mode %s)", path, modeString(t.mode))
	}
	if o.Keep != nil {
		if err := headOf(name, o.Keep); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return t, nil
}

// folderName is dir as a message names it: without its trailing slash.
func folderName(dir string) string {
	if len(dir) > 1 {
		return strings.TrimSuffix(dir, "/")
	}
	return dir
}

// maxLinks bounds a chain of symbolic links, as Linux's MAXSYMLINKS does.
const maxLinks = 40

// followLinks returns the file path's symbolic links name: path itself if
// it is no link. A relative link is taken relative to the link's folder,
// as the kernel does; the result is not cleaned, because cleaning ".."
// after a linked folder would name another file than the kernel resolves.
func followLinks(path string) (string, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		to, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			dir, _ := filepath.Split(path)
			to = dir + to
		}
		path = to
	}
	return "", fmt.Errorf("too many symbolic links (more than %d, or a loop)", maxLinks)
}

// kindOf names what a file that is not regular is.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "of type " + m.Type().String()
}

// modeString prints mode bits in octal as chmod takes them: 0644, 2640.
func modeString(m fs.FileMode) string {
	n := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		n |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		n |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		n |= 0o1000
	}
	return fmt.Sprintf("%04o", n)
}

// createTemp creates and locks the temporary file of base in dir. A
// sweeping save may remove a temporary file in the instant between its
// creation and its lock; then another is made.
func createTemp(fsys fileSystem, dir, base string) (tempFile, io.Closer, error) {
	for range 5 {
		f, err := fsys.CreateTemp(dir, tempPrefix(base)+"*")
		if err != nil {
			return nil, nil, err
		}
		lock, err := fsys.Lock(f)
		if err == nil {
			return f, lock, nil
		}
		f.Close()
		if !errors.Is(err, errSwept) {
			fsys.Remove(f.Name())
			return nil, nil, err
		}
	}
	return nil, nil, errors.New("another process kept removing the temporary file")
}

// tempPrefix is how the temporary files of base begin; os.CreateTemp
// follows it with decimal digits.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// errSwept: the temporary file was removed by a sweeping save before its
// writer could lock it.
var errSwept = errors.New("the temporary file was swept before it was locked")

// sweep removes the stale temporary files of base in dir: those named
// exactly .BASE.tmp-DIGITS, regular files, whose lock no live writer holds
// (a writer holds it from just after creating the file until it is
// renamed or removed, and the system drops it when the writer dies).
// Errors are ignored: what is not removed now is removed by a later save.
func sweep(dir, base string) {
	pattern := regexp.MustCompile("^" + regexp.QuoteMeta(tempPrefix(base)) + "[0-9]+$")
	es, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range es {
		if e.Type().IsRegular() && pattern.MatchString(e.Name()) {
			removeIfStale(filepath.Join(dir, e.Name()))
		}
	}
}

// headOf passes the first bytes of the file at name (up to 4 KiB) to
// keep; a file that cannot be read holds nothing to protect.
func headOf(name string, keep func([]byte) error) error {
	f, err := Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	return keep(head[:n])
}

// Open opens the file at path for reading, refusing at once anything but
// a regular file (a *RefusedError wrapping ErrNotRegular): it looks at the
// file's type before opening it, opens it without waiting (a FIFO with no
// writer does not block), and checks the type of what it opened.
func Open(path string) (*os.File, error) {
	notRegular := func(m fs.FileMode) error {
		return &RefusedError{Path: path, Err: ErrNotRegular, Reason: path + " is not a regular file but " + kindOf(m)}
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(fi.Mode())
	}
	f, err := openNonblock(path)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err != nil {
			return nil, err
		}
		return nil, notRegular(fi.Mode())
	}
	return f, nil
}
