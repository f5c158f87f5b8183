package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/internal/wirecheck"
	"github.com/schemagen/schemagen/runtime/ledger"
)

const census = `{"type":"census","at":"2026-09-06T22:30:00Z","agents":[{"paneId":"%1","terminalId":"t1","name":"Ada","status":"working"}]}` + "\n"

func fleetsim(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, strings.NewReader(stdin), &o, &e)
	wirecheck.Snapshots(t, o.Bytes())
	return code, o.String(), e.String()
}

func TestExitStatus(t *testing.T) {
	read := `{"type":"read","at":"2026-09-06T22:30:00Z"}` + "\n"
	if code, out, errs := fleetsim(t, census+read); code != 0 || strings.Count(out, "\n") != 1 || errs != "" {
		t.Errorf("a good stream: exit %d, stdout %q, stderr %q; want 0 and one snapshot", code, out, errs)
	}
	if code, out, errs := fleetsim(t, census+"nonsense\n"+read); code != 1 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(errs, "line 2: ") {
		t.Errorf("a bad line: exit %d, stdout %q, stderr %q; want 1, the snapshot, and line 2 reported", code, out, errs)
	}
	if code, _, errs := fleetsim(t, "", "--tz", "Nowhere/Atlantis"); code != 2 || !strings.Contains(errs, "--tz") {
		t.Errorf("a bad --tz: exit %d, stderr %q; want 2", code, errs)
	}
	if code, _, _ := fleetsim(t, "", "extra"); code != 2 {
		t.Errorf("an argument: exit %d, want 2", code)
	}
	dir := t.TempDir()
	if code, _, errs := fleetsim(t, census, "--ledger", dir); code != 2 || !strings.Contains(errs, "seat ledger") {
		t.Errorf("a ledger that cannot be opened: exit %d, stderr %q; want 2", code, errs)
	}
}

// --ledger keeps the ledger between runs, and --tz decides the day.
func TestLedgerAndTimeZone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	stream := census +
		`{"type":"status","at":"2026-09-06T22:31:00Z","paneId":"%1","status":"done"}` + "\n" +
		`{"type":"read","at":"2026-09-06T22:32:00Z"}` + "\n"
	for i, want := range []string{`"passed":1`, `"passed":2`} {
		code, out, errs := fleetsim(t, stream, "--ledger", path, "--tz", "Europe/Berlin")
		if code != 0 || errs != "" {
			t.Fatalf("run %d: exit %d, stderr %q", i+1, code, errs)
		}
		// 22:32Z is 00:32 on the 7th in Berlin.
		if !strings.Contains(out, `"day":"2026-09-07"`) || !strings.Contains(out, want) || !strings.Contains(out, `"at":"2026-09-07T00:32:00+02:00"`) {
			t.Errorf("run %d: %s\nwant day 2026-09-07 in Berlin time and %s", i+1, out, want)
		}
	}
	if b, err := os.ReadFile(path); err != nil || strings.Count(string(b), "\n") != 2 {
		t.Errorf("ledger after two runs: %q, %v; want two rows", b, err)
	}
}

// --max-skew sets how far ahead of the host's clock (the next read) an
// event may be; it must be positive.
func TestMaxSkew(t *testing.T) {
	stream := census +
		`{"type":"status","at":"2026-09-06T23:00:00Z","paneId":"%1","status":"done"}` + "\n" +
		`{"type":"read","at":"2026-09-06T22:31:00Z"}` + "\n"
	code, out, errs := fleetsim(t, stream, "--tz", "UTC")
	if code != 1 || !strings.HasPrefix(errs, "line 2: status: time 2026-09-06T23:00:00Z is ahead of the host's clock") || strings.Contains(out, `"passed":1`) {
		t.Errorf("an event 29 minutes ahead: exit %d, stderr %q, stdout %s; want it refused", code, errs, out)
	}
	code, out, errs = fleetsim(t, stream, "--tz", "UTC", "--max-skew", "1h")
	if code != 0 || errs != "" || !strings.Contains(out, `"passed":1`) {
		t.Errorf("with --max-skew 1h: exit %d, stderr %q, stdout %s; want it counted", code, errs, out)
	}
	if code, _, errs := fleetsim(t, "", "--max-skew", "0s"); code != 2 || !strings.Contains(errs, "--max-skew") {
		t.Errorf("--max-skew 0s: exit %d, stderr %q; want 2", code, errs)
	}
}

// A partial line another writer leaves in a kept ledger between two runs
// does not swallow the next run's first row: each run's count stands.
func TestAPartialLineBetweenRunsLosesNoRow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	stream := census +
		`{"type":"status","at":"2026-09-06T22:31:00Z","paneId":"%1","status":"done"}` + "\n" +
		`{"type":"read","at":"2026-09-06T22:32:00Z"}` + "\n"
	for i, want := range []string{`"passed":1`, `"passed":2`, `"passed":3`} {
		code, out, errs := fleetsim(t, stream, "--ledger", path, "--tz", "UTC")
		if code != 0 || !strings.Contains(out, want) || i > 0 && !strings.HasPrefix(errs, "ledger line ") {
			t.Fatalf("run %d: exit %d, stdout %s, stderr %q; want %s and the partial line reported", i+1, code, out, errs, want)
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(`{"kind":"passed","seatId":"t1"`) // echo -n >>
		f.Close()
	}
}

// A ledger another host holds is refused: exit 2, naming why.
func TestALedgerInUseIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	held, err := ledger.Open(path, func(*ledger.Row) error { return nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if code, _, errs := fleetsim(t, census, "--ledger", path); code != 2 || !strings.Contains(errs, "in use by another host") {
		t.Errorf("a held ledger: exit %d, stderr %q; want 2 and why", code, errs)
	}
}
