//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package fleetruntime_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime/fleetruntime"
)

// The ledger's soak (make soak, scripts/soak-ledger.sh; never part of make
// test): a host process counts rows into one seat ledger as fast as it can
// and is killed with SIGKILL at a random moment, mostly mid-append, again
// and again; between kills another writer sometimes leaves a partial line,
// as a crashed writer would. After every kill the file must hold every row
// the host acknowledged (a call that returned, so a row it counted), each
// once and in order, and no torn line of the host's own; and the next
// host must rebuild exactly the counts the file holds, with a cursor above
// every one the dead host handed out.
//
// SIGKILL tests a process dying at any instruction; it cannot test power
// loss, which no fsync guards here (docs/runtime.md, "Durability").

const (
	soakEnv     = "SCHEMAGEN_SOAK"      // set: run the soak
	soakHostEnv = "SCHEMAGEN_SOAK_HOST" // the ledger a host process counts into
	soakFromEnv = "SCHEMAGEN_SOAK_FROM" // the first row number it writes
)

// soakBase is the instant of row 0; row n is stamped soakBase + n ms.
var soakBase = time.Date(2026, 9, 6, 0, 0, 0, 0, time.UTC)

// TestSoakHost is the host the soak starts: from row number from on, row
// n is a delivery to %0 (a prompted row) when n is even and a run of %0
// settling as passed when it is odd, stamped soakBase + n ms. It prints
// "start P D C" once it has read the ledger (today's prompted and passed
// counts, and the cursor), "ack N" once row N is counted, and "read C"
// with the cursor every 64 rows. It is no test of its own.
func TestSoakHost(t *testing.T) {
	path := os.Getenv(soakHostEnv)
	if path == "" {
		t.Skip("the soak's host process; TestSoak runs it")
	}
	from, err := strconv.Atoi(os.Getenv(soakFromEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, "bad", soakFromEnv, err)
		os.Exit(3)
	}
	die := func(err error) {
		fmt.Fprintln(os.Stderr, "soak host:", err)
		os.Exit(3)
	}
	now := soakBase.Add(time.Duration(from) * time.Millisecond)
	rt, err := fleetruntime.Start(path, now, fleetruntime.Options{
		Location: time.UTC,
		Clock:    func() time.Time { return now },
		Warn:     func(err error) { fmt.Fprintln(os.Stderr, "warn", err) },
	})
	if err != nil {
		die(err)
	}
	seats := []fleet.CensusAgent{
		{PaneID: "%0", TerminalID: "t0", Name: "Ada", Status: fleet.AgentStatusIdle},
		{PaneID: "%1", TerminalID: "t1", Name: "Bo", Status: fleet.AgentStatusIdle},
	}
	if err := rt.Census(now, seats); err != nil {
		die(err)
	}
	snap, err := rt.Read(now)
	if err != nil {
		die(err)
	}
	out := os.Stdout // unbuffered: a line printed is a line the parent can read after the kill
	tally := snap.Tallies["t0"]
	fmt.Fprintf(out, "start %d %d %d\n", tally.Prompted, tally.Passed, snap.Cursor)
	for n := from; ; n++ {
		now = soakBase.Add(time.Duration(n) * time.Millisecond)
		if n%2 == 0 {
			err = rt.Deliver(now, "%0", "%1", "c", "e"+strconv.Itoa(n))
		} else if err = rt.Status(now, "%0", fleet.AgentStatusWorking); err == nil {
			err = rt.Status(now, "%0", fleet.AgentStatusIdle)
		}
		if err != nil {
			die(err)
		}
		fmt.Fprintf(out, "ack %d\n", n)
		if n%64 == 0 {
			snap, err := rt.Read(now)
			if err != nil {
				die(err)
			}
			fmt.Fprintf(out, "read %d\n", snap.Cursor)
		}
	}
}

// TestSoak runs the soak for SOAK_SECONDS (default 120) or SOAK_KILLS
// kills (default 1000), whichever ends first.
func TestSoak(t *testing.T) {
	if os.Getenv(soakEnv) == "" {
		t.Skip("the ledger soak; set " + soakEnv + "=1 (make soak)")
	}
	seconds, kills := envInt(t, "SOAK_SECONDS", 120), envInt(t, "SOAK_KILLS", 1000)
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x50a4))
	deadline := time.Now().Add(time.Duration(seconds) * time.Second)

	next := 0             // the next row number a host writes
	var checked int64     // how much of the file is checked
	cut, cuts := false, 0 // whether the file ends in a row cut short by the kill; how many were
	var cursor int64 = -1 // the highest cursor any host handed out
	restarts, partials, lost, torn := 0, 0, 0, 0
	for restarts < kills && time.Now().Before(deadline) {
		acked, started := -1, false
		cmd := exec.Command(os.Args[0], "-test.run=^TestSoakHost$", "-test.count=1")
		cmd.Env = append(os.Environ(), soakHostEnv+"="+path, soakFromEnv+"="+strconv.Itoa(next))
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string)
		go func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		// Let it count for up to 40 ms after it started, then kill it,
		// whatever it is doing: nearly always in the middle of an append.
		var kill <-chan time.Time
	read:
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					break read
				}
				f := strings.Fields(line)
				switch {
				case len(f) == 4 && f[0] == "start":
					started = true
					p, d, c := atoi(t, f[1]), atoi(t, f[2]), int64(atoi(t, f[3]))
					if p != (next+1)/2 || d != next/2 {
						t.Fatalf("restart %d rebuilt %d prompted and %d passed; the file holds %d and %d", restarts, p, d, (next+1)/2, next/2)
					}
					if c <= cursor {
						t.Fatalf("restart %d: cursor %d, not above the %d handed out before", restarts, c, cursor)
					}
					cursor = c
					kill = time.After(time.Duration(rng.IntN(40_000)) * time.Microsecond)
				case len(f) == 2 && f[0] == "ack":
					acked = atoi(t, f[1])
				case len(f) == 2 && f[0] == "read":
					if c := int64(atoi(t, f[1])); c > cursor {
						cursor = c
					}
				}
			case <-kill:
				cmd.Process.Signal(syscall.SIGKILL)
				kill = nil
			}
		}
		err = cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL || !started {
			t.Fatalf("host %d ended with %v, not by SIGKILL:\n%s", restarts, err, stderr.String())
		}
		// It warns about each partial line of the other writer and each
		// row cut short by a kill, and nothing else.
		if n := strings.Count(stderr.String(), "warn ledger line "); n != partials+cuts {
			t.Fatalf("host %d warned %d times about the ledger, which holds %d partial lines and %d rows cut short:\n%s", restarts, n, partials, cuts, stderr.String())
		}
		restarts++

		// The file: rows 0, 1, 2, ... each once, in order, every one acked
		// there, and no line torn but the other writer's.
		var got, tornNow int
		checked, got, tornNow, cut = scanSoak(t, path, checked, next, cut)
		if cut {
			cuts++
		}
		if got <= acked {
			lost += acked - got + 1
			t.Errorf("after kill %d: the file holds rows 0..%d, but the host acknowledged %d", restarts, got-1, acked)
		}
		torn += tornNow
		next = got
		if !cut && rng.IntN(8) == 0 { // a crashed writer's partial line (after a whole one, so that warnings count one each)
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(f, `{"kind":"passed","seatId":"junk-%d","at":"2026-09-0`, partials)
			f.Close()
			partials++
		}
		if t.Failed() {
			break
		}
	}
	fmt.Printf("soak-ledger: %d rows written, %d restarts survived (SIGKILL at random, mid-append), %d partial lines of another writer and %d unacknowledged rows cut short by a kill skipped as designed; acknowledged rows lost %d, lines torn otherwise %d; the cursor never went back\n",
		next, restarts, partials, cuts, lost, torn)
	if lost+torn > 0 {
		t.Errorf("lost %d, torn %d", lost, torn)
	}
}

// scanSoak checks the soak's ledger from offset (where the last check
// ended, at the start of a line): its rows must be numbered rows, rows+1,
// ... in order, and no line torn but the other writer's and cut, the row
// a host was writing when it was killed. SIGKILL can cut a write(2) short
// where it crosses a page of the file (Linux checks for a fatal signal
// between pages), leaving part of a row the host never acknowledged at
// the end of the file; the next host skips it with a warning and starts
// its first row on a line of its own. scanSoak returns where the check
// ended (the start of the last line if that is cut), how many rows the
// file holds, how many lines are torn, and whether the last line is cut.
func scanSoak(t *testing.T, path string, offset int64, rows int, wasCut bool) (int64, int, int, bool) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return offset, rows, 0, false
		}
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReaderSize(f, 1<<20)
	torn := 0
	for first := true; ; first = false {
		line, err := br.ReadSlice('\n')
		if err == io.EOF {
			cut := len(line) > 0 && !bytes.Contains(line, []byte(`"junk-`))
			return offset, rows, torn, cut
		}
		if err != nil {
			t.Fatal(err)
		}
		offset += int64(len(line))
		if bytes.Contains(line, []byte(`"junk-`)) {
			continue // the other writer's
		}
		v, err := fleet.UnmarshalLedgerRow(bytes.TrimSuffix(line, []byte("\n")))
		if err != nil {
			if first && wasCut {
				continue // the cut row, now ended by the next host's newline
			}
			torn++
			t.Errorf("%s: a torn line %q: %v", path, line, err)
			continue
		}
		n, want := rows, "prompted"
		if n%2 == 1 {
			want = "passed"
		}
		var seat string
		var at time.Time
		//schemavet:ignore the soak's host writes only these two kinds; another is out of place below
		switch v := v.(type) {
		case *fleet.PromptedRow:
			seat, at = v.SeatID, v.At
		case *fleet.PassedRow:
			seat, at = v.SeatID, v.At
		}
		if v.Kind() != want || seat != "t0" || !at.Equal(soakBase.Add(time.Duration(n)*time.Millisecond)) {
			t.Fatalf("row %d of the file is %q", n, line)
		}
		rows++
	}
}

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
