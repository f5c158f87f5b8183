package ledger_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime/ledger"
)

var t0 = time.Date(2026, 9, 6, 10, 0, 0, 0, time.UTC)

// open opens the ledger at path and returns it with the rows and warnings
// it read.
func open(t *testing.T, path string) (*ledger.Ledger, []fleet.LedgerRow, []string) {
	t.Helper()
	var rows []fleet.LedgerRow
	var warns []string
	l, err := ledger.Open(path,
		func(r *ledger.Row) error { rows = append(rows, whole(t, r)); return nil },
		func(err error) { warns = append(warns, err.Error()) })
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { l.Close() })
	return l, rows, warns
}

// whole decodes the whole row r was read from, and checks that r says
// what it says.
func whole(t testing.TB, r *ledger.Row) fleet.LedgerRow {
	t.Helper()
	v, err := fleet.UnmarshalLedgerRow(r.Line)
	if err != nil {
		t.Fatalf("a row read from the ledger does not decode: %v", err)
	}
	seat, at := key(v)
	if ledger.KindOf(v) != r.Kind || seat != string(r.SeatID) || !at.Equal(r.At) {
		t.Fatalf("row %s %q %v, but the line says %T %q %v", r.Kind, r.SeatID, r.At, v, seat, at)
	}
	return v
}

func key(v fleet.LedgerRow) (string, time.Time) {
	switch v := v.(type) {
	case *fleet.PassedRow:
		return v.SeatID, v.At
	case *fleet.FailedRow:
		return v.SeatID, v.At
	case *fleet.PromptedRow:
		return v.SeatID, v.At
	case *fleet.ShippedRow:
		return v.SeatID, v.At
	}
	return "", time.Time{}
}

func write(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func ptr[T any](v T) *T { return &v }

func TestAppendedRowsReadBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	l, rows, warns := open(t, path)
	if len(rows)+len(warns) != 0 {
		t.Fatalf("a new ledger holds %v, %v", rows, warns)
	}
	want := []fleet.LedgerRow{
		&fleet.PassedRow{SeatID: "t1", At: t0},
		&fleet.FailedRow{SeatID: "t2", At: t0.Add(time.Second)},
		&fleet.PromptedRow{SeatID: "t1", At: t0.Add(2 * time.Second), FromSeatID: ptr("t2")},
		&fleet.PromptedRow{SeatID: "t1", At: t0.Add(3 * time.Second)},
		&fleet.ShippedRow{SeatID: "t2", At: t0.Add(4 * time.Second), Note: ptr(`"quoted" <b>&`)},
		&fleet.ShippedRow{SeatID: "t2", At: t0.Add(5 * time.Second)},
	}
	for _, r := range want {
		if err := l.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	_, got, warns := open(t, path)
	if len(warns) > 0 {
		t.Errorf("warnings: %v", warns)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows read back (-want +got):\n%s", diff)
	}
	if n := strings.Count(read(t, path), "\n"); n != len(want) {
		t.Errorf("%d lines for %d rows", n, len(want))
	}
}

func TestAppendRefusesAnInvalidRow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	l, _, _ := open(t, path)
	err := l.Append(&fleet.ShippedRow{SeatID: "", At: t0})
	if err == nil || !strings.Contains(err.Error(), "ShippedRow.seatId") {
		t.Errorf("Append(seatId \"\") = %v, want a refusal naming ShippedRow.seatId", err)
	}
	if got := read(t, path); got != "" {
		t.Errorf("the refused row was written: %q", got)
	}
}

// A crash mid-append leaves a last line without its newline. Open skips it
// with a warning, and the next row starts on a fresh line, so the torn line
// never swallows a good row.
func TestTornLastLineIsSkippedAndTheNextRowStartsOnAFreshLine(t *testing.T) {
	const good = `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}` + "\n"
	path := write(t, good+`{"kind":"failed","seatId":"t1","at":"2026-09-0`)
	l, rows, warns := open(t, path)
	if len(rows) != 1 {
		t.Errorf("rows = %v, want the one good row", rows)
	}
	if len(warns) != 1 || !strings.HasPrefix(warns[0], "ledger line 2: decoding LedgerRow.at: invalid JSON: unexpected end of input") {
		t.Errorf("warnings = %q, want one for line 2 from the row decoder", warns)
	}
	if err := l.Append(&fleet.ShippedRow{SeatID: "t1", At: t0}); err != nil {
		t.Fatal(err)
	}
	if err := l.Append(&fleet.ShippedRow{SeatID: "t2", At: t0}); err != nil {
		t.Fatal(err)
	}
	l.Close()
	want := good + `{"kind":"failed","seatId":"t1","at":"2026-09-0` + "\n" +
		`{"kind":"shipped","seatId":"t1","at":"2026-09-06T10:00:00Z"}` + "\n" +
		`{"kind":"shipped","seatId":"t2","at":"2026-09-06T10:00:00Z"}` + "\n"
	if got := read(t, path); got != want {
		t.Errorf("file after two appends:\n%s\nwant:\n%s", got, want)
	}
	_, rows, warns = open(t, path)
	if len(rows) != 3 || len(warns) != 1 || !strings.HasPrefix(warns[0], "ledger line 2:") {
		t.Errorf("read again: %d rows, warnings %q; want 3 rows and line 2 skipped", len(rows), warns)
	}
}

// A last line whose bytes all arrived but its newline did not is a whole
// row: it counts, and the next row still starts on a fresh line.
func TestLastLineWithoutNewlineThatDecodesCounts(t *testing.T) {
	const row = `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`
	path := write(t, row)
	l, rows, warns := open(t, path)
	if len(rows) != 1 || len(warns) != 0 {
		t.Fatalf("rows %v, warnings %v; want the row and no warning", rows, warns)
	}
	if err := l.Append(&fleet.FailedRow{SeatID: "t1", At: t0}); err != nil {
		t.Fatal(err)
	}
	want := row + "\n" + `{"kind":"failed","seatId":"t1","at":"2026-09-06T10:00:00Z"}` + "\n"
	if got := read(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

func TestUnknownKindIsSkippedWithAWarning(t *testing.T) {
	path := write(t, `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}
{"kind":"bonus","seatId":"t1","at":"2026-09-06T10:01:00Z"}
{"seatId":"t1","at":"2026-09-06T10:02:00Z"}
{"kind":"failed","seatId":"t1","at":"2026-09-06T10:03:00Z"}
`)
	_, rows, warns := open(t, path)
	if len(rows) != 2 {
		t.Errorf("%d rows, want the 2 good ones", len(rows))
	}
	want := []string{
		`ledger line 2: decoding LedgerRow.kind: unknown kind "bonus" (valid: passed, failed, prompted, shipped)`,
		`ledger line 3: decoding LedgerRow.kind: discriminator is missing (valid: passed, failed, prompted, shipped)`,
	}
	if diff := cmp.Diff(want, warns); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

// A row the caller refuses (the runtime refuses a time it cannot carry) is
// skipped with a warning like any other bad line.
func TestARowTheCallerRefusesIsSkippedWithAWarning(t *testing.T) {
	path := write(t, `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`+"\n")
	var warns []error
	l, err := ledger.Open(path, func(*ledger.Row) error { return errors.New("no") }, func(err error) { warns = append(warns, err) })
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var le *ledger.LineError
	if len(warns) != 1 || !errors.As(warns[0], &le) || le.Line != 1 || le.Err.Error() != "no" {
		t.Errorf("warnings = %v, want line 1: no", warns)
	}
}

// A line longer than any row (here 1 MiB of garbage) is skipped without
// being held in memory, and the rows after it count.
func TestAnOverlongLineIsSkipped(t *testing.T) {
	path := write(t, strings.Repeat("x", 1<<20)+"\n"+`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`+"\n")
	_, rows, warns := open(t, path)
	if len(rows) != 1 {
		t.Errorf("%d rows, want 1", len(rows))
	}
	if want := []string{"ledger line 1: line too long (over 65536 bytes)"}; !cmp.Equal(warns, want) {
		t.Errorf("warnings = %q, want %q", warns, want)
	}
}

// Appends from many goroutines never interleave: 16 writers × 10,000 rows
// each read back whole, every writer's rows all there and in its order.
func TestConcurrentAppendsNeverInterleave(t *testing.T) {
	const writers, each = 16, 10_000
	if testing.Short() {
		t.Skip("160,000 appends")
	}
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	// Not fsynced: 160,000 rows are about interleaving, not durability
	// (TestGroupCommit is about that).
	l, err := ledger.OpenWith(path, ledger.Options{NoSync: true}, func(*ledger.Row) error { return nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Go(func() {
			seat := fmt.Sprintf("seat-%02d", w)
			for i := range each {
				var row fleet.LedgerRow
				at := t0.Add(time.Duration(i) * time.Millisecond)
				switch i % 4 {
				case 0:
					row = &fleet.PassedRow{SeatID: seat, At: at}
				case 1:
					row = &fleet.FailedRow{SeatID: seat, At: at}
				case 2:
					row = &fleet.PromptedRow{SeatID: seat, At: at, FromSeatID: ptr("seat-99")}
				case 3:
					row = &fleet.ShippedRow{SeatID: seat, At: at, Note: ptr(strings.Repeat("n", i%280))}
				}
				if err := l.Append(row); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}

	next := map[string]int{} // seat → index of its next row
	var warns []error
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = ledger.Scan(f, func(line *ledger.Row) error {
		r := whole(t, line)
		var seat string
		var at time.Time
		switch r := r.(type) {
		case *fleet.PassedRow:
			seat, at = r.SeatID, r.At
		case *fleet.FailedRow:
			seat, at = r.SeatID, r.At
		case *fleet.PromptedRow:
			seat, at = r.SeatID, r.At
		case *fleet.ShippedRow:
			seat, at = r.SeatID, r.At
			if i := next[seat]; r.Note == nil || len(*r.Note) != i%280 {
				t.Fatalf("%s row %d: note torn", seat, i)
			}
		}
		i := next[seat]
		if want := t0.Add(time.Duration(i) * time.Millisecond); !at.Equal(want) || r.Kind() != [4]string{"passed", "failed", "prompted", "shipped"}[i%4] {
			t.Fatalf("%s row %d: got %s at %v", seat, i, r.Kind(), at)
		}
		next[seat]++
		return nil
	}, func(err error) { warns = append(warns, err) })
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) > 0 {
		t.Fatalf("%d lines did not read back, the first: %v", len(warns), warns[0])
	}
	for w := range writers {
		if seat := fmt.Sprintf("seat-%02d", w); next[seat] != each {
			t.Errorf("%s: %d rows, want %d", seat, next[seat], each)
		}
	}
}

// A ledger that cannot be opened for writing is an error at Open.
func TestUnwritablePathIsAnErrorAtOpen(t *testing.T) {
	dir := t.TempDir()
	for name, path := range map[string]string{
		"a directory":         dir,
		"in a missing folder": filepath.Join(dir, "missing", "seat-ledger.jsonl"),
	} {
		if _, err := ledger.Open(path, func(*ledger.Row) error { return nil }, nil); err == nil {
			t.Errorf("Open(%s) succeeded", name)
		}
	}
}

// A write that fails is an error the caller sees; the next row that does get
// written starts on a fresh line, so the file stays readable.
func TestFailedWriteIsAnErrorAndTheFileStaysReadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	l, _, _ := open(t, path)
	if err := l.Append(&fleet.PassedRow{SeatID: "t1", At: t0}); err != nil {
		t.Fatal(err)
	}
	ledger.BreakWrites(t, l)
	err := l.Append(&fleet.FailedRow{SeatID: "t1", At: t0})
	if err == nil || !strings.HasPrefix(err.Error(), "seat ledger: ") {
		t.Fatalf("Append on a broken file = %v, want a seat ledger error", err)
	}
	if got := read(t, path); got != `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`+"\n" {
		t.Errorf("file after the failed append: %q", got)
	}
}

func TestScanReportsAReaderError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader(`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`+"\n"), iotest.ErrReader(boom))
	n := 0
	err := ledger.Scan(r, func(*ledger.Row) error { n++; return nil }, nil)
	if !errors.Is(err, boom) || n != 1 {
		t.Errorf("Scan = %v after %d rows, want boom after 1", err, n)
	}
}

// Something other than the Ledger may leave a partial line after Open (a
// crashed writer, `echo -n >>`): the next row still starts on a line of its
// own, so it is not glued to the partial one and lost at the next start.
func TestARowAfterAPartialLineLeftByAnotherWriterStartsOnItsOwnLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	l, _, _ := open(t, path)
	if err := l.Append(&fleet.PassedRow{SeatID: "t1", At: t0}); err != nil {
		t.Fatal(err)
	}
	for _, partial := range []string{`{"kind":"passed","seatId":"t9"`, "x", "\n", ""} {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(partial); err != nil {
			t.Fatal(err)
		}
		f.Close()
		if err := l.Append(&fleet.PassedRow{SeatID: "t1", At: t0}); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	_, rows, warns := open(t, path)
	if len(rows) != 5 {
		t.Errorf("%d rows read back, want the 5 appended", len(rows))
	}
	want := []string{"ledger line 2: decoding LedgerRow: invalid JSON: unexpected end of input, want ',' or '}'", `ledger line 4: decoding LedgerRow: invalid JSON at byte 0: unexpected 'x', want an object`}
	if diff := cmp.Diff(want, warns); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	// A newline is written only where the file did not end in one.
	const row = `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}` + "\n"
	if got, want := read(t, path), row+`{"kind":"passed","seatId":"t9"`+"\n"+row+"x\n"+row+"\n"+row+row; got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

// One ledger has one writer: a second Open while the first holds it is
// refused, in this process as in another, and succeeds once it is closed.
func TestASecondOpenOfAHeldLedgerIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	l, _, _ := open(t, path)
	_, err := ledger.Open(path, func(*ledger.Row) error { return nil }, nil)
	if !errors.Is(err, ledger.ErrInUse) || !strings.Contains(err.Error(), path) {
		t.Errorf("second Open = %v, want ErrInUse naming the file", err)
	}
	l.Close()
	again, _, _ := open(t, path)
	if err := again.Append(&fleet.PassedRow{SeatID: "t1", At: t0}); err != nil {
		t.Errorf("Append after reopening: %v", err)
	}
}

func TestAppendAfterCloseIsAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	l, _, _ := open(t, path)
	l.Close()
	if err := l.Append(&fleet.PassedRow{SeatID: "t1", At: t0}); !errors.Is(err, ledger.ErrClosed) {
		t.Errorf("Append after Close = %v, want ErrClosed", err)
	}
	if got := read(t, path); got != "" {
		t.Errorf("written after Close: %q", got)
	}
}

// Size is the file's size, whatever wrote to it.
func TestSizeIsTheFilesSize(t *testing.T) {
	path := write(t, `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`)
	l, _, _ := open(t, path)
	check := func() {
		t.Helper()
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if l.Size() != fi.Size() {
			t.Errorf("Size() = %d, the file holds %d bytes", l.Size(), fi.Size())
		}
	}
	check()
	for range 3 {
		if err := l.Append(&fleet.FailedRow{SeatID: "t1", At: t0}); err != nil {
			t.Fatal(err)
		}
		check()
	}
}
