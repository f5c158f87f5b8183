package fleetruntime_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime/fleetruntime"
)

var t0 = time.Date(2026, 9, 6, 10, 0, 0, 0, time.UTC)

func ptr[T any](v T) *T { return &v }

// A clock is the host's clock as a test sets it: it reads the latest time
// it was set to.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.t) {
		c.t = t
	}
}

// start starts a runtime at at in UTC on a ledger at path, with a host
// clock that reads at until the test moves it.
func start(t testing.TB, path string, at time.Time) *fleetruntime.Runtime {
	t.Helper()
	rt, _ := startClock(t, path, at, time.UTC)
	return rt
}

func startClock(t testing.TB, path string, at time.Time, loc *time.Location) (*fleetruntime.Runtime, *clock) {
	t.Helper()
	return startWith(t, path, at, loc, false)
}

// startClockNoSync is startClock with a ledger that is not fsynced, for a
// test of counts that appends tens of thousands of rows and is about
// anything but durability.
func startClockNoSync(t testing.TB, path string, at time.Time, loc *time.Location) (*fleetruntime.Runtime, *clock) {
	t.Helper()
	return startWith(t, path, at, loc, true)
}

func startWith(t testing.TB, path string, at time.Time, loc *time.Location, noSync bool) (*fleetruntime.Runtime, *clock) {
	t.Helper()
	c := &clock{t: at}
	rt, err := fleetruntime.Start(path, at, fleetruntime.Options{Location: loc, Clock: c.Now, NoSync: noSync, Warn: func(err error) { t.Errorf("ledger: %v", err) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close() })
	return rt, c
}

func read(t testing.TB, rt *fleetruntime.Runtime, at time.Time) fleet.Snapshot {
	t.Helper()
	snap, err := rt.Read(at)
	if err != nil {
		t.Fatal(err)
	}
	if err := snap.Validate(); err != nil {
		t.Fatalf("snapshot does not validate: %v", err)
	}
	return snap
}

func agents(n int) []fleet.CensusAgent {
	var a []fleet.CensusAgent
	for i := range n {
		ag := fleet.CensusAgent{PaneID: fmt.Sprintf("%%%d", i), TerminalID: fmt.Sprintf("t%03d", i), Name: fmt.Sprintf("Seat %d", i), Status: fleet.AgentStatusWorking}
		if i > 0 {
			ag.ParentPaneID = ptr(fmt.Sprintf("%%%d", (i-1)/2))
		}
		a = append(a, ag)
	}
	return a
}

// CheckNote is the schema's #Note with a clearer error: it must accept and
// refuse exactly what the generated validation does.
func TestCheckNoteAgreesWithTheSchema(t *testing.T) {
	schema := func(s string) error {
		return (&fleet.Stance{Pose: fleet.PoseWorking, Note: &s}).Validate()
	}
	var notes []string
	for c := rune(0); c < 0x3000; c++ {
		notes = append(notes, "a"+string(c)+"b")
	}
	notes = append(notes, "", "\uFFFD", "\U0010FFFF", "\u2028", strings.Repeat("é", 280), strings.Repeat("é", 281),
		strings.Repeat("🎉", 280), strings.Repeat("🎉", 281), strings.Repeat("x", 279)+"\x00")
	for _, n := range notes {
		got, want := fleetruntime.CheckNote(n), schema(n)
		if (got == nil) != (want == nil) {
			t.Errorf("note %+q: CheckNote says %v, the schema says %v", n, got, want)
		}
	}
	if err := fleetruntime.CheckNote("bad \xff byte"); err == nil {
		t.Error("CheckNote accepted invalid UTF-8, which no JSON round trip keeps")
	}
}

func TestStateStanceRefusesBadArguments(t *testing.T) {
	rt := start(t, filepath.Join(t.TempDir(), "l.jsonl"), t0)
	if err := rt.Census(t0, agents(1)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pose fleet.Pose
		note *string
		ttl  time.Duration
		want string
	}{
		{"dancing", nil, 0, `state_stance: "dancing" is not a pose (valid: working, thinking, stuck, hauling, resting, celebrate)`},
		{fleet.PoseWorking, nil, -time.Second, "state_stance: ttl -1s is negative"},
		{fleet.PoseWorking, ptr(strings.Repeat("x", 281)), 0, "state_stance: note is 281 characters; at most 280 are allowed"},
		{fleet.PoseWorking, ptr("tab\there"), 0, "state_stance: note has a control character, U+0009, at character 4; a note must print as is"},
	} {
		_, err := rt.StateStance(t0, "%0", tc.pose, tc.note, tc.ttl)
		if err == nil || err.Error() != tc.want {
			t.Errorf("StateStance(%q, ttl %v) = %v, want %q", tc.pose, tc.ttl, err, tc.want)
		}
	}
	if s := read(t, rt, t0).Seats[0]; s.Stance != nil {
		t.Errorf("a refused stance stands: %+v", s.Stance)
	}
	ans, err := rt.StateStance(t0, "%9", fleet.PoseStuck, nil, 0)
	if err != nil || !ans.Unseated {
		t.Errorf("StateStance from a pane with no seat = %+v, %v; want Unseated", ans, err)
	}
	ans, err = rt.StateStance(t0, "%0", fleet.PoseStuck, ptr("on it"), 2*time.Hour)
	want := fleetruntime.StanceAnswer{SeatID: "t000", Stance: fleet.Stance{Pose: fleet.PoseStuck, Note: ptr("on it"), StatedAt: t0, ExpiresAt: t0.Add(time.Hour)}}
	if err != nil || !cmp.Equal(ans, want) {
		t.Errorf("StateStance = %+v, %v; want %+v", ans, err, want)
	}
}

// A ledger that cannot be written is an error the caller sees, and no count
// moves: not a tally, not a lastOutcome, not the status whose change would
// have settled the run (so the next report settles it), not the stance whose
// striking would have shipped, not the edge of the delivery.
func TestAnUnwritableLedgerMovesNoCount(t *testing.T) {
	rt := start(t, filepath.Join(t.TempDir(), "l.jsonl"), t0)
	if err := rt.Census(t0, agents(2)); err != nil {
		t.Fatal(err)
	}
	before := read(t, rt, t0)
	rt.Close() // from here every write fails

	at := t0.Add(time.Second)
	if err := rt.Status(at, "%0", fleet.AgentStatusIdle); err == nil {
		t.Error("Status settled a run into a closed ledger")
	}
	done := agents(2)
	done[1].Status = fleet.AgentStatusDone
	if err := rt.Census(at, done); err == nil {
		t.Error("Census settled a run into a closed ledger")
	}
	if err := rt.Deliver(at, "%1", "%0", "c1", "e1"); err == nil {
		t.Error("Deliver counted a prompt into a closed ledger")
	}
	if _, err := rt.StateStance(at, "%1", fleet.PoseCelebrate, nil, 0); err == nil {
		t.Error("StateStance shipped into a closed ledger")
	}
	after := read(t, rt, at)
	if after.Cursor != before.Cursor {
		t.Errorf("cursor moved from %d to %d", before.Cursor, after.Cursor)
	}
	before.At, after.At = time.Time{}, time.Time{}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the snapshot changed (-before +after):\n%s", diff)
	}
	// What needs no ledger still works.
	if _, err := rt.StateStance(at, "%1", fleet.PoseThinking, nil, 0); err != nil {
		t.Errorf("a plain stance needs no ledger: %v", err)
	}
}

// Counts are derived from rows, never folded in memory alone (ADR 0162):
// after any stream of events, a restart rebuilds exactly the tallies and
// last outcomes memory held.
func TestARestartRebuildsWhatMemoryCounted(t *testing.T) {
	for seed := range uint64(20) {
		path := filepath.Join(t.TempDir(), "l.jsonl")
		rt, clk := startClock(t, path, t0, time.UTC)
		rng := rand.New(rand.NewPCG(seed, 1))
		roster := agents(6)
		at := t0
		for range 400 {
			at = at.Add(time.Duration(rng.IntN(600)) * time.Second) // about 17 hours: crosses midnight
			clk.Set(at)
			pane := fmt.Sprintf("%%%d", rng.IntN(7)) // %6 holds no seat
			var err error
			switch rng.IntN(5) {
			case 0:
				for i := range roster {
					if rng.IntN(4) == 0 {
						roster[i].Status = fleet.AgentStatusValues()[rng.IntN(5)]
					}
				}
				err = rt.Census(at, roster)
			case 1:
				err = rt.Status(at, pane, fleet.AgentStatusValues()[rng.IntN(5)])
			case 2:
				err = rt.Deliver(at, pane, fmt.Sprintf("%%%d", rng.IntN(7)), "c", "e")
			case 3:
				_, err = rt.StateStance(at, pane, fleet.PoseValues()[rng.IntN(6)], nil, time.Duration(rng.IntN(4000))*time.Second)
			case 4:
				err = rt.Prompted(at, pane, fmt.Sprintf("%%%d", rng.IntN(7)))
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if err := rt.Census(at, roster); err != nil {
			t.Fatal(err)
		}
		mem := read(t, rt, at)
		rt.Close()

		again, _ := startClock(t, path, at, time.UTC)
		if err := again.Census(at, roster); err != nil {
			t.Fatal(err)
		}
		disk := read(t, again, at)
		type counts struct {
			Day      *string
			Tallies  map[string]fleet.Tally
			Outcomes map[string]*fleet.RunOutcome
		}
		of := func(s fleet.Snapshot) counts {
			c := counts{Day: s.Day, Tallies: s.Tallies, Outcomes: map[string]*fleet.RunOutcome{}}
			for _, seat := range s.Seats {
				c.Outcomes[seat.SeatID] = seat.LastOutcome
			}
			return c
		}
		if diff := cmp.Diff(of(mem), of(disk)); diff != "" {
			t.Fatalf("seed %d: what a restart rebuilt differs from memory (-memory +rebuilt):\n%s", seed, diff)
		}
	}
}

// Edges on the wire never exceed 128: when a large roster's spawn edges and
// a full window would, spawn edges give way (each is also on its child as
// parentSeatId), and the window's edges are all carried.
func TestEdgesStayWithinTheWireCeiling(t *testing.T) {
	rt := start(t, filepath.Join(t.TempDir(), "l.jsonl"), t0)
	if err := rt.Census(t0, agents(100)); err != nil {
		t.Fatal(err)
	}
	snap := read(t, rt, t0)
	if len(snap.Edges) != 99 {
		t.Fatalf("%d spawn edges, want 99", len(snap.Edges))
	}
	for i := range 64 {
		if err := rt.Prompted(t0.Add(time.Duration(i)*time.Millisecond), "%1", "%2"); err != nil {
			t.Fatal(err)
		}
	}
	snap = read(t, rt, t0.Add(time.Second))
	kinds := map[fleet.EdgeKind]int{}
	for _, e := range snap.Edges {
		kinds[e.Kind]++
	}
	if len(snap.Edges) != fleetruntime.MaxEdges || kinds[fleet.EdgeKindPrompt] != 64 || kinds[fleet.EdgeKindSpawn] != 64 {
		t.Errorf("edges by kind %v, total %d; want 64 prompt + 64 spawn = 128", kinds, len(snap.Edges))
	}
	parents := 0
	for _, s := range snap.Seats {
		if s.ParentSeatID != nil {
			parents++
		}
	}
	if parents != 99 {
		t.Errorf("%d seats carry parentSeatId, want all 99", parents)
	}
}

// A snapshot a caller holds never changes, whatever happens after it: the
// runtime shares what did not change between snapshots but never modifies
// one it has handed out.
func TestASnapshotAHolderKeepsNeverChanges(t *testing.T) {
	rt, clk := startClock(t, filepath.Join(t.TempDir(), "l.jsonl"), t0, time.UTC)
	a := agents(3)
	a[0].Cwd = ptr("/src")
	if err := rt.Census(t0, a); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.StateStance(t0, "%0", fleet.PoseStuck, ptr("note"), 0); err != nil {
		t.Fatal(err)
	}
	if err := rt.Deliver(t0, "%1", "%0", "c", "e"); err != nil {
		t.Fatal(err)
	}
	if err := rt.Status(t0, "%1", fleet.AgentStatusDone); err != nil {
		t.Fatal(err)
	}
	held := read(t, rt, t0)
	want, err := json.Marshal(held)
	if err != nil {
		t.Fatal(err)
	}
	// Change every part of the fleet, reading after each change.
	at := t0.Add(time.Second)
	steps := []func() error{
		func() error { _, err := rt.StateStance(at, "%0", fleet.PoseCelebrate, ptr("other"), 0); return err },
		func() error { return rt.Status(at, "%0", fleet.AgentStatusBlocked) },
		func() error { return rt.Deliver(at, "%0", "%1", "c", "e2") },
		func() error { return rt.Turn(at, "%0", "c", "e3") },
		func() error { return rt.Prompted(at, "%2", "%1") },
		func() error { a[0].Cwd, a[1].Name = ptr("/elsewhere"), "renamed"; return rt.Census(at, a) },
		func() error { return rt.Census(at, a[1:]) },
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatal(err)
		}
		if snap := read(t, rt, at); i == 0 && snap.Cursor == held.Cursor {
			t.Fatal("the first change did not move the cursor")
		}
		at = at.Add(time.Second)
	}
	clk.Set(t0.Add(24*time.Hour + time.Minute))
	read(t, rt, t0.Add(24*time.Hour+time.Minute)) // stances lapse, edges age out, the day rolls
	got, err := json.Marshal(held)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("the snapshot held changed:\nwas %s\nnow %s", want, got)
	}
}

func TestATimeTheWireCannotCarryIsRefused(t *testing.T) {
	rt := start(t, filepath.Join(t.TempDir(), "l.jsonl"), t0)
	far := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
	for name, err := range map[string]error{
		"Census":  rt.Census(far, nil),
		"Status":  rt.Status(far, "%0", fleet.AgentStatusIdle),
		"Deliver": rt.Deliver(far, "%0", "", "c", "e"),
		"Turn":    rt.Turn(far, "%0", "c", "e"),
		"Prompted": func() error {
			return rt.Prompted(time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), "%0", "")
		}(),
		"StateStance": func() error { _, err := rt.StateStance(far, "%0", fleet.PoseStuck, nil, 0); return err }(),
		"Read":        func() error { _, err := rt.Read(far); return err }(),
	} {
		if !errors.Is(err, fleetruntime.ErrTimeRange) {
			t.Errorf("%s: %v, want ErrTimeRange", name, err)
		}
	}
	if _, err := fleetruntime.Start(filepath.Join(t.TempDir(), "l.jsonl"), far, fleetruntime.Options{}); !errors.Is(err, fleetruntime.ErrTimeRange) {
		t.Errorf("Start: %v, want ErrTimeRange", err)
	}
}

// Many goroutines may call a Runtime at once, and read the snapshots they
// get while others change the fleet (run with -race).
func TestConcurrentCallers(t *testing.T) {
	rt, clk := startClock(t, filepath.Join(t.TempDir(), "l.jsonl"), t0, time.UTC)
	if err := rt.Census(t0, agents(8)); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			pane := fmt.Sprintf("%%%d", g)
			for i := range 200 {
				at := t0.Add(time.Duration(i) * time.Second)
				var err error
				switch i % 5 {
				case 0:
					err = rt.Status(at, pane, fleet.AgentStatusIdle)
				case 1:
					err = rt.Status(at, pane, fleet.AgentStatusWorking)
				case 2:
					err = rt.Deliver(at, pane, fmt.Sprintf("%%%d", (g+1)%8), "c", fmt.Sprint(i))
				case 3:
					_, err = rt.StateStance(at, pane, fleet.PoseCelebrate, nil, time.Second)
				case 4:
					var snap fleet.Snapshot
					if snap, err = rt.Read(at); err == nil {
						// Read all of it while others change the fleet: the
						// race detector sees any write to what it shares.
						_, err = json.Marshal(snap)
					}
				}
				if err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	clk.Set(t0.Add(time.Hour))
	snap := read(t, rt, t0.Add(time.Hour))
	for id, tally := range snap.Tallies {
		if tally.Passed != 40 || tally.Prompted != 40 || tally.Shipped != 40 {
			t.Errorf("%s: %+v, want 40 passed, 40 prompted, 40 shipped", id, tally)
		}
	}
}

// The cursor stays equal exactly when the snapshot says the same thing as
// the last read's, cursor and time aside: checked against a plain
// comparison of the two over random streams of events and reads, reads
// sometimes going back in time.
func TestTheCursorMovesExactlyWhenTheSnapshotChanges(t *testing.T) {
	content := func(s fleet.Snapshot) string {
		s.Cursor, s.At = 0, time.Time{}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 2))
		rt, clk := startClock(t, filepath.Join(t.TempDir(), "l.jsonl"), t0, time.UTC)
		roster := agents(5)
		at := t0
		var last fleet.Snapshot
		reads := 0
		for range 1500 {
			at = at.Add(time.Duration(rng.IntN(40)) * time.Second)
			clk.Set(at.Add(5 * time.Minute))
			pane := fmt.Sprintf("%%%d", rng.IntN(6))
			var err error
			switch rng.IntN(8) {
			case 0:
				n := 3 + rng.IntN(3)
				err = rt.Census(at, roster[:n])
			case 1:
				err = rt.Status(at, pane, fleet.AgentStatusValues()[rng.IntN(5)])
			case 2:
				err = rt.Deliver(at, pane, fmt.Sprintf("%%%d", rng.IntN(6)), "c", fmt.Sprint(rng.IntN(3)))
			case 3:
				_, err = rt.StateStance(at, pane, fleet.PoseValues()[rng.IntN(6)], nil, time.Duration(1+rng.IntN(400))*time.Second)
			case 4:
				err = rt.Turn(at, pane, "c", fmt.Sprint(rng.IntN(3)))
			default:
				readAt := at.Add(time.Duration(rng.IntN(600)-60) * time.Second)
				snap := read(t, rt, readAt)
				if fresh := rt.Fresh(readAt); wire(t, fresh) != wire(t, snap) {
					diff := cmp.Diff(fresh, snap)
					t.Fatalf("seed %d, read %d at %v: the snapshot differs from one built afresh (-fresh +read):\n%s", seed, reads, readAt, diff)
				}
				if reads > 0 {
					same := content(snap) == content(last)
					if same && snap.Cursor != last.Cursor || !same && snap.Cursor <= last.Cursor {
						t.Fatalf("seed %d, read %d at %v: same content %v, cursor %d → %d", seed, reads, readAt, same, last.Cursor, snap.Cursor)
					}
				}
				last = snap
				reads++
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// In every zone of the tzdata, around a transition near 2026 (a skipped
// or repeated hour, a half-hour shift, or just midnights), the tallies,
// day and last outcomes a restart rebuilds are what memory held, and the
// cursor after it is above every one before.
func TestCountsAreTheSameAcrossARestartInEveryZone(t *testing.T) {
	names := fleetruntime.Zones(t)
	if testing.Short() {
		names = names[:len(names)/10]
	}
	for zi, name := range names {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		center := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(zi) * time.Hour)
		if _, next := center.In(loc).ZoneBounds(); !next.IsZero() && next.Before(center.AddDate(1, 0, 0)) {
			center = next
		}
		at := center.Add(-30 * time.Hour)
		path := filepath.Join(t.TempDir(), "l.jsonl")
		rt, clk := startClockNoSync(t, path, at, loc)
		rng := rand.New(rand.NewPCG(uint64(zi), 3))
		roster := agents(3)
		census := func(rt *fleetruntime.Runtime) {
			if err := rt.Census(at, roster); err != nil {
				t.Fatal(err)
			}
		}
		census(rt)
		for i := range 90 {
			at = at.Add(time.Duration(rng.IntN(80)) * time.Minute)
			clk.Set(at)
			pane := fmt.Sprintf("%%%d", rng.IntN(3))
			var err error
			switch rng.IntN(4) {
			case 0, 1:
				st := fleet.AgentStatusValues()[rng.IntN(5)]
				roster[pane[1]-'0'].Status = st
				err = rt.Status(at, pane, st)
			case 2:
				err = rt.Deliver(at, pane, "%0", "c", fmt.Sprint(i))
			case 3:
				_, err = rt.StateStance(at, pane, fleet.PoseValues()[rng.IntN(6)], nil, time.Duration(1+rng.IntN(7200))*time.Second)
			}
			if err != nil {
				t.Fatal(err)
			}
			if i%9 != 8 {
				continue
			}
			mem := read(t, rt, at)
			rt.Close()
			rt, clk = startClockNoSync(t, path, at, loc)
			census(rt)
			disk := read(t, rt, at)
			if diff := cmp.Diff(counts(mem), counts(disk)); diff != "" {
				t.Fatalf("%s, %s: a restart rebuilt other counts (-memory +rebuilt):\n%s", name, at.In(loc), diff)
			}
			if disk.Cursor <= mem.Cursor {
				t.Fatalf("%s, %s: cursor %d after a restart, %d before", name, at.In(loc), disk.Cursor, mem.Cursor)
			}
			if want := at.In(loc).Format(time.DateOnly); *disk.Day != want {
				t.Fatalf("%s: %s is on %s, the snapshot says %s", name, at.In(loc), want, *disk.Day)
			}
		}
	}
}

// wire is s as the wire carries it.
func wire(t *testing.T, s fleet.Snapshot) string {
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// counts is what a snapshot says that the ledger decides.
type countsOf struct {
	Day      *string
	Tallies  map[string]fleet.Tally
	Outcomes map[string]*fleet.RunOutcome
}

func counts(s fleet.Snapshot) countsOf {
	c := countsOf{Day: s.Day, Tallies: s.Tallies, Outcomes: map[string]*fleet.RunOutcome{}}
	for _, seat := range s.Seats {
		c.Outcomes[seat.SeatID] = seat.LastOutcome
	}
	return c
}

// A row counted after something else left a partial line in the ledger
// (a crashed writer, `echo -n >>`) is not lost at the next start.
func TestARowCountedAfterAPartialLineSurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.jsonl")
	rt := start(t, path, t0)
	if err := rt.Census(t0, agents(1)); err != nil {
		t.Fatal(err)
	}
	for i, partial := range []string{"", `{"kind":"passed","seatId":"t000","at":"2026-09-06T1`} {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(partial)
		f.Close()
		at := t0.Add(time.Duration(i) * time.Second)
		if err := rt.Status(at, "%0", fleet.AgentStatusIdle); err != nil {
			t.Fatal(err)
		}
		if err := rt.Status(at, "%0", fleet.AgentStatusWorking); err != nil {
			t.Fatal(err)
		}
	}
	if got := read(t, rt, t0.Add(time.Second)).Tallies["t000"].Passed; got != 2 {
		t.Fatalf("passed %d before the restart, want 2", got)
	}
	rt.Close()
	var warns []string
	again, err := fleetruntime.Start(path, t0.Add(time.Second), fleetruntime.Options{Location: time.UTC, Clock: func() time.Time { return t0 }, Warn: func(err error) { warns = append(warns, err.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if err := again.Census(t0.Add(time.Second), agents(1)); err != nil {
		t.Fatal(err)
	}
	if got := read(t, again, t0.Add(time.Second)).Tallies["t000"].Passed; got != 2 {
		t.Errorf("passed %d after the restart, want the 2 counted before it", got)
	}
	if len(warns) != 1 || !strings.HasPrefix(warns[0], "ledger line 2: ") {
		t.Errorf("warnings %q, want one for the partial line", warns)
	}
}
