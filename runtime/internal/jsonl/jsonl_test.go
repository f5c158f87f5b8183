package jsonl

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReader(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  []string // each line, or "!N" for line N too long
		ended bool
	}{
		{"", nil, true},
		{"a\n", []string{"a"}, true},
		{"a\nb", []string{"a", "b"}, false},
		{"a\n\nb\n", []string{"a", "", "b"}, true},
		{"0123456789abcdef\nok\n", []string{"!1", "ok"}, true},
		{"ok\n0123456789abcdef0123456789", []string{"ok", "!2"}, false},
		{"0123456789abcdef0123456789abcdef\n", []string{"!1"}, true},
		{"012345678901234\n", []string{"012345678901234"}, true}, // 16 bytes with '\n': fits
	} {
		r := NewReader(strings.NewReader(tc.in), 16)
		var got []string
		for {
			line, n, err := r.Next()
			if err == io.EOF {
				break
			}
			var le *LineError
			switch {
			case errors.As(err, &le) && errors.Is(err, ErrTooLong) && le.Line == n:
				got = append(got, "!"+string(rune('0'+n)))
			case err != nil:
				t.Fatalf("%q: %v", tc.in, err)
			default:
				if n != len(got)+1 {
					t.Errorf("%q: line %q numbered %d", tc.in, line, n)
				}
				got = append(got, string(line))
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.in, diff)
		}
		if r.Ended() != tc.ended {
			t.Errorf("%q: Ended() = %v, want %v", tc.in, r.Ended(), tc.ended)
		}
	}
}

// A line longer than the 64 KiB buffer but within the limit is gathered
// whole; one over the limit is skipped, and the lines around both are read.
func TestLongLines(t *testing.T) {
	long, over := strings.Repeat("a", 150<<10), strings.Repeat("b", 300<<10)
	r := NewReader(strings.NewReader("x\n"+long+"\n"+over+"\ny\n"+long), 200<<10)
	for i, want := range []string{"x", long, "!", "y", long} {
		line, n, err := r.Next()
		switch {
		case n != i+1:
			t.Errorf("line %d numbered %d", i+1, n)
		case want == "!":
			if !errors.Is(err, ErrTooLong) {
				t.Errorf("line %d: %v, want ErrTooLong", n, err)
			}
		case err != nil || string(line) != want:
			t.Errorf("line %d: %d bytes, %v; want %d bytes", n, len(line), err, len(want))
		}
	}
	if _, _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last line: %v, want EOF", err)
	}
	if r.Ended() {
		t.Error("Ended() after a last line with no newline")
	}
}
