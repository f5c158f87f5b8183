// Package ledger keeps seat-ledger.jsonl, the host's append-only record of
// what seats earned (ADR 0162): one fleet.LedgerRow a line, encoded and
// decoded by the generated wire types.
//
// Durability. Append hands each row to the kernel in a single write(2) on a
// file opened with O_APPEND, under a mutex, and returns only when the write
// has completed; the caller moves its counts after that. A row Append has
// returned for therefore survives a crash of the host process. Nothing
// calls fsync: an fsync per row would cost milliseconds on every status
// change, and what a power loss can take is the last seconds of rows, or
// the last row cut short, which Open is built to start from (a torn last
// line is skipped with a warning, and the next row starts on a fresh line).
package ledger

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/schemagen/schemagen/generated/go/fleet"
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

// A Ledger is a seat ledger file open for appending. Its methods may be
// called from many goroutines; rows never interleave.
type Ledger struct {
	mu    sync.Mutex
	f     *os.File
	fresh bool   // the file does not end in '\n': the next row starts with one
	buf   []byte // one row being written
}

// Open opens the ledger at path, creating it if absent, and first reads it
// whole: it calls row for each row in file order, and warn with a
// *LineError for each line it skips — a torn line, a row of an unknown kind,
// or a row row itself refuses by returning an error. Skipped lines never stop
// Open; only failing to open or read the file does. A nil warn discards the
// warnings.
func Open(path string, row func(fleet.LedgerRow) error, warn func(error)) (*Ledger, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("seat ledger: %w", err)
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = fmt.Errorf("%s is not a regular file", path)
		}
		return nil, fmt.Errorf("seat ledger: %w", err)
	}
	ended, err := scan(f, row, warn)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("seat ledger: reading %s: %w", path, err)
	}
	return &Ledger{f: f, fresh: !ended}, nil
}

// Scan reads a ledger from r as Open does, without opening anything: row is
// called for each row in order and warn for each line skipped. It returns
// an error only when r fails.
func Scan(r io.Reader, row func(fleet.LedgerRow) error, warn func(error)) error {
	_, err := scan(r, row, warn)
	return err
}

// scan reads r whole and reports whether it ends in '\n' (or is empty).
func scan(r io.Reader, row func(fleet.LedgerRow) error, warn func(error)) (ended bool, err error) {
	if warn == nil {
		warn = func(error) {}
	}
	lr := jsonl.NewReader(r, MaxLine)
	for {
		line, n, err := lr.Next()
		if err == io.EOF {
			return lr.Ended(), nil
		}
		if le, ok := err.(*jsonl.LineError); ok {
			warn(&LineError{Line: le.Line, Err: le.Err})
			continue
		}
		if err != nil {
			return false, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue // a blank line says nothing
		}
		// The generated decoder refuses what is not a row of a known kind;
		// what a row must hold beyond that is the caller's to check, for
		// only the caller knows which fields it relies on.
		v, err := fleet.UnmarshalLedgerRow(line)
		if err == nil {
			err = row(v)
		}
		if err != nil {
			warn(&LineError{Line: n, Err: err})
		}
	}
}

// Append writes row as one line and returns once the write has completed.
// An invalid row is refused, so the file only ever holds rows that Open
// reads back. When Append returns an error the row may be absent, or
// present only in part (then Open skips it); either way the caller must not
// count it, and the next row starts on a fresh line.
func (l *Ledger) Append(row fleet.LedgerRow) error {
	if err := row.Validate(); err != nil {
		return fmt.Errorf("seat ledger: refusing a row: %w", err)
	}
	b, err := json.Marshal(row)
	if err != nil {
		return fmt.Errorf("seat ledger: %w", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = l.buf[:0]
	if l.fresh {
		l.buf = append(l.buf, '\n')
	}
	l.buf = append(l.buf, b...)
	l.buf = append(l.buf, '\n')
	if _, err := l.f.Write(l.buf); err != nil {
		l.fresh = true
		return fmt.Errorf("seat ledger: %w", err)
	}
	l.fresh = false
	return nil
}

// Close closes the file. Appends after Close return an error.
func (l *Ledger) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.f.Close(); err != nil {
		return fmt.Errorf("seat ledger: %w", err)
	}
	return nil
}
