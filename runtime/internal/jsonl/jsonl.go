// Package jsonl splits JSON Lines input into numbered lines without holding
// more than one line in memory, so that a reader of a large file stays
// O(longest line), and a line too long to be a record is skipped and named
// rather than stopping the read.
package jsonl

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// A LineError says what was wrong with one line. Readers of a stream report
// it and go on with the next line.
type LineError struct {
	Line int // 1-based
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

// ErrTooLong is the Err of a LineError for a line longer than the reader's
// limit.
var ErrTooLong = errors.New("line too long")

// A Reader reads lines from an io.Reader.
type Reader struct {
	br    *bufio.Reader
	max   int
	long  []byte // a line longer than br's buffer, gathered
	line  int
	ended bool // the input so far is empty or ends in '\n'
}

// NewReader returns a Reader whose lines may be up to max bytes long, '\n'
// included; a longer line is skipped and reported as ErrTooLong. Memory
// grows past 64 KiB only for a line that needs it.
func NewReader(r io.Reader, max int) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, min(max, 64<<10)), max: max, ended: true}
}

// Next returns the next line without its '\n' and the line's number. The
// line is valid only until the next call. The last line is returned even if
// it does not end in '\n'. At the end of the input Next returns io.EOF; a
// line longer than the limit yields a *LineError wrapping ErrTooLong, after
// which Next can be called again. Any other error is the underlying reader's.
func (r *Reader) Next() ([]byte, int, error) {
	b, err := r.read()
	if len(b) > 0 {
		r.line++
	}
	if errors.Is(err, bufio.ErrBufferFull) {
		r.long = append(r.long[:0], b...)
		for errors.Is(err, bufio.ErrBufferFull) && len(r.long) <= r.max {
			b, err = r.read()
			r.long = append(r.long, b...)
		}
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = r.read() // the rest of a line over the limit
		}
		if len(r.long) > r.max {
			if err != nil && err != io.EOF {
				return nil, r.line, err
			}
			return nil, r.line, &LineError{Line: r.line, Err: fmt.Errorf("%w (over %d bytes)", ErrTooLong, r.max)}
		}
		b = r.long
	}
	switch {
	case err == nil:
		return b[:len(b)-1], r.line, nil
	case err == io.EOF && len(b) > 0:
		return b, r.line, nil
	default:
		return nil, r.line, err
	}
}

func (r *Reader) read() ([]byte, error) {
	b, err := r.br.ReadSlice('\n')
	if len(b) > 0 {
		r.ended = b[len(b)-1] == '\n'
	}
	return b, err
}

// Ended reports whether the input read so far is empty or ends in '\n': if
// not, its last line was cut short, and whoever appends to the same file
// must start on a fresh line.
func (r *Reader) Ended() bool { return r.ended }
