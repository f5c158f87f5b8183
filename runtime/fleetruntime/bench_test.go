package fleetruntime_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	goruntime "runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/internal/benchpair"
	"github.com/schemagen/schemagen/runtime/fleetruntime"
)

// The runtime's benchmarks time themselves, pairing each measurement with
// a floor in the same run (internal/benchpair), and print one "pair …"
// line per figure with its goal; run them with -benchtime=1x
// (scripts/bench-runtime.sh does).

// BenchmarkRestart measures what a host pays at start: reading a ledger
// of RESTART_ROWS rows (default 10,000,000; 64 seats, half of them
// yesterday's) and rebuilding today's tallies and every last outcome,
// paired with reading the same file and counting its lines, the floor of
// reading it at all (goal: at most restartGoal times it, issue 26's 5M
// rows/s). It reports rows/s, allocations per row (goal: at most 1) and
// the peak heap while rebuilding, which must not grow with the file. It
// does so twice: for the ledger as the runtime writes it, and with every
// row's members in the reverse order, as another writer may put them
// (issue 26: rows in any member order on the fast path).
func BenchmarkRestart(b *testing.B) {
	rows := 10_000_000
	if s := os.Getenv("RESTART_ROWS"); s != "" {
		var err error
		if rows, err = strconv.Atoi(s); err != nil {
			b.Fatal(err)
		}
	}
	for _, reversed := range []bool{false, true} {
		restartPair(b, rows, reversed)
	}
}

// restartPair is BenchmarkRestart's lines for one ledger of rows rows.
func restartPair(b *testing.B, rows int, reversed bool) {
	path := filepath.Join(b.TempDir(), "seat-ledger.jsonl")
	size, at := writeLedger(b, path, rows, reversed)
	opts := fleetruntime.Options{Location: time.UTC, Clock: func() time.Time { return at }, Warn: func(err error) { b.Fatal(err) }}
	restart := func(n int) {
		for range n {
			rt, err := fleetruntime.Start(path, at, opts)
			if err != nil {
				b.Fatal(err)
			}
			rt.Close()
		}
	}
	// The floor: reading the same file and counting its lines, in this
	// process, with the 1 MiB buffer a reader would use.
	buf := make([]byte, 1<<20)
	count := func(n int) {
		for range n {
			f, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			lines := 0
			for {
				k, err := f.Read(buf)
				lines += bytes.Count(buf[:k], []byte{'\n'})
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			f.Close()
			if lines != rows {
				b.Fatalf("the floor counted %d lines, want %d", lines, rows)
			}
		}
	}
	r := benchpair.Compare(restart, count, benchpair.Options{Rounds: 11})
	what := fmt.Sprintf("%d rows, %.0f MB", rows, float64(size)/1e6)
	if reversed {
		what += ", every row's members reversed"
	}
	fmt.Println("pair " + benchpair.Line("restart vs reading the same ledger and counting its lines ("+what+")", r, benchpair.AtMost(restartGoal)))
	perSec := float64(rows) / (r.ANs / 1e9)
	fmt.Printf("pair restart (%s): %.2fM rows/s, %.0f MB/s (the floor %.1fM rows/s) goal report only (the paired ratio above is the goal): reported\n",
		what, perSec/1e6, float64(size)/1e6/(r.ANs/1e9), float64(rows)/(r.BNs/1e9)/1e6)

	perRow := testing.AllocsPerRun(2, func() { restart(1) }) / float64(rows)
	goruntime.GC()
	peak := sampleHeap()
	restart(1)
	fmt.Printf("pair restart allocations (%s): %.4f per row, peak heap %.1f MB, %.0f kB retained goal <= 1 per row: %s\n",
		what, perRow, float64(peak())/1e6, float64(retained(b, path, at, opts))/1e3, verdict(perRow <= 1))
	if !reversed {
		b.ReportMetric(perSec, "rows/s")
		b.ReportMetric(perRow, "allocs/row")
	}
}

// restartGoal is BenchmarkRestart's: restart at most this many times the
// floor (reading the file and counting its newlines). Issue 26 asks for 5M
// rows/s; the floor reads this ledger at about 56M rows/s (4.8 GB/s) on the 2-core VM
// make bench was tuned on when it is quiet (docs/performance.md), so 11x is
// 5M rows/s there, stated as a ratio that another load on the machine
// moves on both sides alike.
const restartGoal = 11

func verdict(met bool) string { return benchpair.Verdict(met) }

// writeLedger writes a ledger of n rows as the runtime writes them (with
// each row's members in the reverse order if reversed), the first half on
// t0's day and the second on the next, and returns its size and the last
// instant of the second day, where a restart reads it.
func writeLedger(b *testing.B, path string, n int, reversed bool) (int64, time.Time) {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	midnight := t0.Truncate(24 * time.Hour)
	step := 24 * time.Hour / time.Duration(n/2)
	for i := range n {
		seat := fmt.Sprintf("term-%04x", i%64*257)
		at := midnight.Add(time.Duration(i) * step)
		var row fleet.LedgerRow
		switch i % 8 {
		case 0, 1, 2:
			row = &fleet.PromptedRow{SeatID: seat, At: at, FromSeatID: ptr(fmt.Sprintf("term-%04x", (i+1)%64*257))}
		case 3, 4:
			row = &fleet.PassedRow{SeatID: seat, At: at}
		case 5, 6:
			row = &fleet.FailedRow{SeatID: seat, At: at}
		case 7:
			row = &fleet.ShippedRow{SeatID: seat, At: at, Note: ptr("landed the deck migration")}
		}
		line, err := json.Marshal(row)
		if err != nil {
			b.Fatal(err)
		}
		if reversed {
			// No value here holds a comma.
			ms := strings.Split(string(line[1:len(line)-1]), ",")
			slices.Reverse(ms)
			line = []byte("{" + strings.Join(ms, ",") + "}")
		}
		w.Write(line)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	fi, err := f.Stat()
	if err != nil {
		b.Fatal(err)
	}
	f.Close()
	return fi.Size(), midnight.Add(48*time.Hour - 1)
}

// sampleHeap watches the bytes of live and not yet collected heap objects
// every millisecond until the returned function is called, which returns
// the most it saw.
func sampleHeap() func() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	})
	return func() uint64 {
		close(stop)
		wg.Wait()
		return peak
	}
}

// retained is the heap a started runtime holds once its garbage is
// collected: what it keeps of the ledger.
func retained(b *testing.B, path string, at time.Time, opts fleetruntime.Options) uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	goruntime.GC()
	metrics.Read(s)
	before := s[0].Value.Uint64()
	rt, err := fleetruntime.Start(path, at, opts)
	if err != nil {
		b.Fatal(err)
	}
	goruntime.GC()
	metrics.Read(s)
	after := s[0].Value.Uint64()
	goruntime.KeepAlive(rt)
	rt.Close()
	if after < before {
		return 0
	}
	return after - before
}

// fullFleet is a runtime holding a full fleet: 64 seats, each with a cwd,
// a parent, a stance with a note, a last outcome and a tally, and a full
// window of 64 prompt edges; and the time to read it at.
func fullFleet(b *testing.B) (*fleetruntime.Runtime, time.Time) {
	rt := start(b, filepath.Join(b.TempDir(), "l.jsonl"), t0)
	a := agents(64)
	for i := range a {
		a[i].Cwd = ptr("/src/deck")
	}
	if err := rt.Census(t0, a); err != nil {
		b.Fatal(err)
	}
	for i := range 64 {
		pane, from := fmt.Sprintf("%%%d", i), fmt.Sprintf("%%%d", (i+1)%64)
		if err := rt.Status(t0, pane, fleet.AgentStatusIdle); err != nil {
			b.Fatal(err)
		}
		if err := rt.Deliver(t0.Add(time.Duration(i)*time.Millisecond), pane, from, "room", fmt.Sprint("entry-", i)); err != nil {
			b.Fatal(err)
		}
		if _, err := rt.StateStance(t0, pane, fleet.PoseWorking, ptr("on the build"), time.Hour); err != nil {
			b.Fatal(err)
		}
	}
	at := t0.Add(time.Minute)
	snap := read(b, rt, at)
	if len(snap.Seats) != 64 || len(snap.Edges) != 63+64 || len(snap.Tallies) != 64 {
		b.Fatalf("fleet of %d seats, %d edges, %d tallies; want 64, 127, 64", len(snap.Seats), len(snap.Edges), len(snap.Tallies))
	}
	return rt, at
}

// deepCopy copies s sharing nothing with it: what a Read that handed out
// snapshots the caller may modify would have to build on every call, and
// so the floor it is measured against.
func deepCopy(s fleet.Snapshot) fleet.Snapshot {
	c := s
	cp := func(p *string) *string {
		if p == nil {
			return nil
		}
		v := *p
		return &v
	}
	c.Seats = make([]fleet.Seat, len(s.Seats))
	for i, seat := range s.Seats {
		seat.Cwd, seat.Summary, seat.ParentSeatID = cp(seat.Cwd), cp(seat.Summary), cp(seat.ParentSeatID)
		if seat.Stance != nil {
			st := *seat.Stance
			st.Note = cp(st.Note)
			seat.Stance = &st
		}
		if seat.LastOutcome != nil {
			o := *seat.LastOutcome
			seat.LastOutcome = &o
		}
		c.Seats[i] = seat
	}
	c.Edges = make([]fleet.Edge, len(s.Edges))
	for i, e := range s.Edges {
		e.ConversationID, e.EntryID = cp(e.ConversationID), cp(e.EntryID)
		c.Edges[i] = e
	}
	c.Tallies = maps.Clone(s.Tallies)
	c.Day = cp(s.Day)
	return c
}

var sink fleet.Snapshot

// BenchmarkRead measures Read on a full fleet (64 seats, 64 window edges
// and 63 spawn edges, 64 tallies): "unchanged" is a poll that finds
// nothing new, "changed" a Read right after a stance changed. Each is
// paired with copying the snapshot (deepCopy), after the same stance for
// "changed"; the absolute cost of Read alone is printed beside it. Goals,
// as ratios to the copy in the same run (they were 20 µs at most, either
// way, an absolute figure no shared machine holds still): unchanged at
// most 0.05x, changed at most 0.5x.
func BenchmarkRead(b *testing.B) {
	rt, at := fullFleet(b)
	snap := read(b, rt, at)
	unchanged := benchpair.Compare(func(n int) {
		for range n {
			if _, err := rt.Read(at); err != nil {
				b.Fatal(err)
			}
		}
	}, func(n int) {
		for range n {
			sink = deepCopy(snap)
		}
	}, benchpair.Options{})
	fmt.Println("pair " + benchpair.Line("Read unchanged vs copying the snapshot", unchanged, benchpair.AtMost(0.05)))

	poses := []fleet.Pose{fleet.PoseThinking, fleet.PoseWorking}
	i := 0
	change := func() {
		i++
		if _, err := rt.StateStance(at, "%0", poses[i%2], nil, 0); err != nil {
			b.Fatal(err)
		}
	}
	changed := benchpair.Compare(func(n int) {
		for range n {
			change()
			if _, err := rt.Read(at); err != nil {
				b.Fatal(err)
			}
		}
	}, func(n int) {
		for range n {
			change()
			sink = deepCopy(snap)
		}
	}, benchpair.Options{})
	fmt.Println("pair " + benchpair.Line("stance+Read changed vs stance+copying the snapshot", changed, benchpair.AtMost(0.5)))
	// Read alone: each call timed, the change between them not; the
	// median of 21 batches of a thousand.
	var readNs []float64
	for range 21 {
		var d time.Duration
		for range 1000 {
			change()
			t := time.Now()
			if _, err := rt.Read(at); err != nil {
				b.Fatal(err)
			}
			d += time.Since(t)
		}
		readNs = append(readNs, float64(d)/1000)
	}
	alone := benchpair.Median(readNs)
	fmt.Printf("pair Read changed: %.2f µs/op (Read alone, timed around each call) goal report only (the paired ratio above is the goal): reported\n", alone/1e3)
	b.ReportMetric(unchanged.ANs, "unchanged-ns/op")
	b.ReportMetric(alone, "changed-ns/op")
}
