// Package ledger keeps seat-ledger.jsonl, the host's append-only record of
// what seats earned (ADR 0162): one fleet.LedgerRow a line, in the JSON the
// generated wire types read and write.
//
// Durability. Append hands each row to the kernel in a single write(2) on a
// file opened with O_APPEND, under a mutex, then makes it durable with
// fdatasync(2) before it returns; the caller moves its counts after that.
// A row Append has returned for therefore survives a crash of the host
// process and a power loss alike (ADR 0162: no count without its row).
// fsyncs are grouped: while one is in flight, the rows other goroutines
// write queue behind it and the next fsync covers them all, so many
// writers pay about one fsync per group, not one per row. Open fsyncs the
// ledger's folder when it creates the file, so that the file's name is
// durable too. An fsync that fails leaves the ledger failed: every later
// Append returns the error (after a failed fsync the kernel may have
// dropped the pages, and a later fsync could report success for them).
// Options.NoSync skips the fsyncs, for a caller that accepts losing the
// last rows to a power loss (tests, replays of fixtures).
//
// Lines of their own. Every row Append writes starts on a line of its own,
// whatever the file holds by then: before each write it looks at the
// file's size and, when the file has changed since its own last write, at
// its last byte, and writes a newline first if that byte is not one. A
// partial line that something else left (a crashed writer, `echo -n >>`)
// is thus never glued to a counted row. Open takes an exclusive flock(2)
// on the file for as long as the Ledger is open, so a second host on the
// same ledger is refused rather than interleaving its own counts; a writer
// that takes no lock can still race the check by the microsecond between
// it and the write.
package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"syscall"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/internal/atomicfile"
	"github.com/schemagen/schemagen/runtime/internal/jsonl"
)

// MaxLine is the longest line the ledger reads, '\n' included. A row is
// about a hundred bytes, and one with the longest note under two kilobytes;
// a longer line is not a row and is skipped with a warning.
const MaxLine = 64 << 10

// A LineError says why one line of the ledger was skipped.
type LineError struct {
	Line int // 1-based
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("ledger line %d: %v", e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

// ErrInUse is the error, wrapped, of Open on a ledger another open Ledger
// (in this process or another) holds.
var ErrInUse = errors.New("in use by another host (it holds the file's lock)")

// ErrClosed is the error, wrapped, of Append after Close.
var ErrClosed = errors.New("closed")

// A Ledger is a seat ledger file open for appending. Its methods may be
// called from many goroutines; rows never interleave.
type Ledger struct {
	mu     sync.Mutex
	f      *os.File // nil once closed
	fd     int
	size   int64 // the file's size after Open's read or this Ledger's last write
	own    bool  // size is where this Ledger's last write ended, with a newline
	buf    []byte
	last   [1]byte
	closed bool
	noSync bool

	// The group commit: syncMu is held by the one fsync in flight;
	// synced is how many bytes of the file it and earlier ones made
	// durable; syncErr, once set, fails every later Append.
	syncMu  sync.Mutex
	synced  int64
	syncErr error
}

// Options are how OpenWith opens a ledger.
type Options struct {
	// NoSync makes Append return once its row is written, without
	// fsyncing it: a crash of the process still loses no row Append
	// returned for, but a power loss can take the last ones. For tests
	// and replays of fixtures; a host keeps its rows durable.
	NoSync bool
}

// syncFile makes the file's data durable: fdatasync(2) where there is
// one. A variable so that tests can count and fail it.
var syncFile = func(f *os.File) error { return f.Sync() }

// syncDir makes the names in the folder p durable. A variable so that
// tests can count and fail it.
var syncDir = atomicfile.SyncDir

// Open opens the ledger at path, creating it if absent, locks it, and
// first reads it whole: it calls row for each row in file order, and warn
// with a *LineError for each line it skips — a torn line, a row of an
// unknown kind, or a row row itself refuses by returning an error. Skipped
// lines never stop Open; only failing to open, lock or read the file does.
// A nil warn discards the warnings. The *Row passed to row is valid only
// during the call.
func Open(path string, row func(*Row) error, warn func(error)) (*Ledger, error) {
	return OpenWith(path, Options{}, row, warn)
}

// OpenWith is Open with options.
func OpenWith(path string, opt Options, row func(*Row) error, warn func(error)) (*Ledger, error) {
	created := true
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
	if errors.Is(err, os.ErrExist) {
		created = false
		f, err = os.OpenFile(path, os.O_RDWR|os.O_APPEND, 0o644)
	}
	if err != nil {
		return nil, fmt.Errorf("seat ledger: %w", err)
	}
	if created && !opt.NoSync {
		// The new file's name must survive a power loss with the rows
		// that will be written to it.
		if err := syncDir(filepath.Dir(path)); err != nil {
			f.Close()
			return nil, fmt.Errorf("seat ledger: syncing the folder of the new %s: %w", path, err)
		}
	}
	fail := func(err error) (*Ledger, error) {
		f.Close()
		return nil, fmt.Errorf("seat ledger: %w", err)
	}
	if fi, err := f.Stat(); err != nil {
		return fail(err)
	} else if !fi.Mode().IsRegular() {
		return fail(fmt.Errorf("%s is not a regular file", path))
	}
	l := &Ledger{f: f, fd: int(f.Fd()), noSync: opt.NoSync}
	if err := syscall.Flock(l.fd, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return fail(fmt.Errorf("%s is %w", path, ErrInUse))
		}
		return fail(fmt.Errorf("locking %s: %w", path, err))
	}
	if err := scan(f, row, warn); err != nil {
		return fail(fmt.Errorf("reading %s: %w", path, err))
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(l.fd, &st); err != nil {
		return fail(err)
	}
	l.size = st.Size   // whether it ends in '\n' is looked at by the first Append
	l.synced = st.Size // what was there is counted already; an fsync of it could only fail the start
	return l, nil
}

// Scan reads a ledger from r as Open does, without opening anything: row is
// called for each row in order and warn for each line skipped. It returns
// an error only when r fails.
func Scan(r io.Reader, row func(*Row) error, warn func(error)) error {
	return scan(r, row, warn)
}

func scan(r io.Reader, row func(*Row) error, warn func(error)) error {
	if warn == nil {
		warn = func(error) {}
	}
	lr := jsonl.NewReader(r, MaxLine)
	var v Row
	for {
		line, n, err := lr.Next()
		if err == io.EOF {
			return nil
		}
		if le, ok := err.(*jsonl.LineError); ok {
			warn(&LineError{Line: le.Line, Err: le.Err})
			continue
		}
		if err != nil {
			return err
		}
		if (len(line) == 0 || line[0] != '{') && len(bytes.TrimSpace(line)) == 0 {
			continue // a blank line says nothing
		}
		// The generated decoder's verdict decides what is a row of a known
		// kind; what a row must hold beyond that is the caller's to check,
		// for only the caller knows which fields it relies on.
		err = decodeRow(line, &v)
		if err == nil {
			err = row(&v)
		}
		if err != nil {
			warn(&LineError{Line: n, Err: err})
		}
	}
}

// Size returns the ledger file's size in bytes as of Open or the last
// Append. It only grows while the file is appended to, by this Ledger or
// anything else.
func (l *Ledger) Size() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.size
}

// Append writes row as one line, on a line of its own, and returns once
// the write has completed and (unless Options.NoSync) is durable. An
// invalid row is refused, so the file only ever holds rows that Open reads
// back. When Append returns an error the row may be absent, or present
// only in part (then Open skips it), or present whole but not known to be
// durable; either way the caller must not count it, and the next row still
// starts on a line of its own.
func (l *Ledger) Append(row fleet.LedgerRow) error {
	end, err := l.write(row)
	if err != nil || l.noSync {
		return err
	}
	return l.sync(end)
}

// write writes row and returns the file's size after it.
func (l *Ledger) write(row fleet.LedgerRow) (int64, error) {
	if err := row.Validate(); err != nil {
		return 0, fmt.Errorf("seat ledger: refusing a row: %w", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return 0, fmt.Errorf("seat ledger: %w", ErrClosed)
	}
	size, ended, err := l.ending()
	if err != nil {
		return 0, fmt.Errorf("seat ledger: %w", err)
	}
	b := l.buf[:0]
	if !ended {
		b = append(b, '\n')
	}
	b, err = appendRow(b, row)
	if err != nil {
		return 0, fmt.Errorf("seat ledger: refusing a row: %w", err)
	}
	b = append(b, '\n')
	l.buf = b
	if _, err := l.f.Write(b); err != nil {
		l.own = false // what reached the file is not known
		return 0, fmt.Errorf("seat ledger: %w", err)
	}
	l.size, l.own = size+int64(len(b)), true
	return l.size, nil
}

// sync returns once the file's first end bytes are durable: the group
// commit. The one goroutine holding syncMu fsyncs everything written so
// far; the ones queued behind it find their rows covered and return
// without an fsync of their own.
func (l *Ledger) sync(end int64) error {
	l.syncMu.Lock()
	defer l.syncMu.Unlock()
	if l.syncErr != nil {
		return l.syncErr
	}
	if l.synced >= end {
		return nil
	}
	l.mu.Lock()
	upTo, f := l.size, l.f
	l.mu.Unlock()
	if err := syncFile(f); err != nil {
		l.syncErr = fmt.Errorf("seat ledger: fsync: %w (rows after the last durable one may be lost; restart the host to read the file again)", err)
		return l.syncErr
	}
	l.synced = upTo
	return nil
}

// ending returns the file's size now and whether it is empty or ends in
// '\n'. When the size is what this Ledger's own last write left, the file
// ends in that write's newline; otherwise something else has written, or
// a write failed, and the last byte is read.
func (l *Ledger) ending() (int64, bool, error) {
	var st syscall.Stat_t
	if err := syscall.Fstat(l.fd, &st); err != nil {
		return 0, false, err
	}
	if st.Size == 0 || l.own && st.Size == l.size {
		return st.Size, true, nil
	}
	if _, err := l.f.ReadAt(l.last[:], st.Size-1); err != nil {
		return 0, false, fmt.Errorf("reading the last byte: %w", err)
	}
	return st.Size, l.last[0] == '\n', nil
}

// Close unlocks and closes the file. Appends after Close return an error
// wrapping ErrClosed.
func (l *Ledger) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil
	}
	l.closed = true
	if err := l.f.Close(); err != nil {
		return fmt.Errorf("seat ledger: %w", err)
	}
	return nil
}
