package runtime_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime"
)

// BenchmarkStart measures what a host pays at start: reading a ledger of
// 100,000 and 1,000,000 rows (64 seats, half of it yesterday's) and
// rebuilding today's tallies and every last outcome. It reports rows/s and
// MB/s, the same for `wc -l` on the same file as the floor of reading it at
// all, and the peak heap while rebuilding, which must not grow with the
// file.
func BenchmarkStart(b *testing.B) {
	for _, rows := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("rows=%d", rows), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "seat-ledger.jsonl")
			size := writeLedger(b, path, rows)
			at := t0.Add(24 * time.Hour)
			wc := wcFloor(b, path)

			goruntime.GC()
			peak := sampleHeap()
			b.SetBytes(size)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				rt, err := runtime.Start(path, at, runtime.Options{Location: time.UTC, Warn: func(err error) { b.Fatal(err) }})
				if err != nil {
					b.Fatal(err)
				}
				rt.Close()
			}
			b.StopTimer()
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(rows)/sec, "rows/s")
			b.ReportMetric(float64(peak()), "peak-heap-B")
			b.ReportMetric(float64(retained(b, path, at)), "retained-B")
			if wc > 0 {
				b.ReportMetric(float64(rows)/wc.Seconds(), "wc-l-rows/s")
				b.ReportMetric(float64(size)/1e6/wc.Seconds(), "wc-l-MB/s")
			}
		})
	}
}

// writeLedger writes a ledger of n rows with the generated encoder, the
// first half on t0's day and the second on the next, and returns its size.
func writeLedger(b *testing.B, path string, n int) int64 {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	step := 24 * time.Hour / time.Duration(n/2)
	for i := range n {
		seat := fmt.Sprintf("term-%04x", i%64*257)
		at := t0.Truncate(24 * time.Hour).Add(time.Duration(i) * step)
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
	return fi.Size()
}

// wcFloor is the fastest of three `wc -l` runs over path: the cost of
// reading the file and finding its lines, and nothing else. Zero if there is
// no wc.
func wcFloor(b *testing.B, path string) time.Duration {
	if _, err := exec.LookPath("wc"); err != nil {
		return 0
	}
	best := time.Duration(0)
	for range 3 {
		start := time.Now()
		if err := exec.Command("wc", "-l", path).Run(); err != nil {
			b.Fatal(err)
		}
		if d := time.Since(start); best == 0 || d < best {
			best = d
		}
	}
	return best
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
func retained(b *testing.B, path string, at time.Time) uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	goruntime.GC()
	metrics.Read(s)
	before := s[0].Value.Uint64()
	rt, err := runtime.Start(path, at, runtime.Options{Location: time.UTC})
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

// BenchmarkRead measures Read on a full fleet: 64 seats, each with a cwd,
// a parent, a stance with a note, a last outcome and a tally, and a full
// window of 64 prompt edges. "unchanged" is a poll that finds nothing new;
// "changed" reads after a stance every time (the stance is not timed), so
// the cursor moves.
func BenchmarkRead(b *testing.B) {
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
	b.Run("unchanged", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := rt.Read(at); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("changed", func(b *testing.B) {
		b.ReportAllocs()
		poses := []fleet.Pose{fleet.PoseThinking, fleet.PoseWorking}
		for i := 0; b.Loop(); i++ {
			// The stance that changes the fleet is not Read's cost.
			b.StopTimer()
			if _, err := rt.StateStance(at, "%0", poses[i%2], nil, 0); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := rt.Read(at); err != nil {
				b.Fatal(err)
			}
		}
	})
}
