package fleetruntime

import (
	"archive/zip"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	_ "time/tzdata"
)

// zones lists every zone of the tzdata Go ships ($GOROOT/lib/time/zoneinfo.zip).
func zones(t *testing.T) []string {
	t.Helper()
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	z, err := zip.OpenReader(filepath.Join(strings.TrimSpace(string(root)), "lib", "time", "zoneinfo.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	var names []string
	for _, f := range z.File {
		if !strings.HasSuffix(f.Name, "/") {
			names = append(names, f.Name)
		}
	}
	if len(names) < 300 {
		t.Fatalf("%d zones in the tzdata, want hundreds", len(names))
	}
	return names
}

// dateCmp compares the local dates of a and b in loc's calendar: y-m-d.
func dateCmp(at time.Time, loc *time.Location, y int, m time.Month, d int) int {
	ay, am, ad := at.In(loc).Date()
	switch {
	case ay != y:
		return cmp(ay, y)
	case am != m:
		return cmp(int(am), int(m))
	}
	return cmp(ad, d)
}

func cmp(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return +1
	}
	return 0
}

// checkDay checks the day of x in loc against the local date of every
// instant it can tell apart: x itself, both sides of each of its
// boundaries, its next roll-over, and instants 29 minutes apart for 27
// hours around x.
func checkDay(t *testing.T, loc *time.Location, x time.Time) bool {
	t.Helper()
	d := dayOf(x, loc, 1)
	y, m, dd := x.In(loc).Date()
	if want := x.In(loc).Format(time.DateOnly); d.name != want {
		t.Errorf("%s: %s is on %s, named %s", loc, x.In(loc), want, d.name)
		return false
	}
	probe := func(at time.Time, why string) bool {
		if got, want := d.rel(at), int8(dateCmp(at, loc, y, m, dd)); got != want {
			t.Errorf("%s: day %s says %s (%s, %s) is %d to it, its date says %d", loc, d.name, at.In(loc), at.UTC(), why, got, want)
			return false
		}
		return true
	}
	ok := probe(x, "the instant")
	for _, s := range d.segs {
		ok = probe(s.from, "a boundary") && probe(s.from.Add(-1), "just before a boundary") && ok
	}
	if n := d.next(x); !n.After(x) || dateCmp(n, loc, y, m, dd) <= 0 {
		t.Errorf("%s: day %s says the calendar next moves on at %s, on %s", loc, d.name, n.In(loc), n.In(loc).Format(time.DateOnly))
		ok = false
	}
	for k := -56; k <= 56 && ok; k++ {
		ok = probe(x.Add(time.Duration(k)*29*time.Minute), "near it")
	}
	return ok
}

// Every instant's day is its local calendar date, in every zone of the
// tzdata: around each of its transitions from 1970 to 2040 (a skipped
// midnight, a repeated hour, a half-hour or a whole-day jump) and at random
// instants from 1900 to 2100.
func TestEveryInstantsDayIsItsLocalDate(t *testing.T) {
	from, to := time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2040, 1, 1, 0, 0, 0, 0, time.UTC)
	random := 20
	if testing.Short() {
		from, random = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC), 2
	}
	rng := rand.New(rand.NewPCG(1, 2))
	transitions := 0
	for _, name := range zones(t) {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		for p := from; p.Before(to); {
			_, next := p.In(loc).ZoneBounds()
			if next.IsZero() || !next.Before(to) {
				break
			}
			transitions++
			for _, x := range []time.Time{next.Add(-1), next, next.Add(-time.Hour), next.Add(time.Hour)} {
				if !checkDay(t, loc, x) {
					break
				}
			}
			p = next
		}
		for range random {
			x := time.Unix(rng.Int64N(200*365*86400)-70*365*86400, rng.Int64N(1e9))
			checkDay(t, loc, x)
		}
		if t.Failed() {
			t.Fatalf("%s fails; stopping", name)
		}
	}
	if transitions < 10000 {
		t.Errorf("%d transitions checked, want the tens of thousands of the tzdata", transitions)
	}
}

// time.Date's own midnight is not the start of a day where the zone skips
// midnight: the reason days are found from the zone's periods.
func TestTheDayOfASkippedMidnightStartsAtItsFirstInstant(t *testing.T) {
	for _, tc := range []struct{ zone, date, first string }{
		{"America/Santiago", "2026-09-06", "2026-09-06T01:00:00-03:00"},
		{"America/Asuncion", "2024-10-06", "2024-10-06T01:00:00-03:00"},
		{"America/Havana", "2026-03-08", "2026-03-08T01:00:00-04:00"},
		{"Asia/Beirut", "2026-03-29", "2026-03-29T01:00:00+03:00"},
		{"Pacific/Apia", "2011-12-31", "2011-12-31T00:00:00+14:00"},
	} {
		loc, err := time.LoadLocation(tc.zone)
		if err != nil {
			t.Fatal(err)
		}
		date, _ := time.Parse(time.DateOnly, tc.date)
		d := newDay(date.Year(), date.Month(), date.Day(), loc, 1)
		var start time.Time
		for _, s := range d.segs {
			if s.rel == 0 {
				start = s.from
				break
			}
		}
		if got := start.In(loc).Format(time.RFC3339); got != tc.first || d.name != tc.date || d.has(start.Add(-1)) {
			t.Errorf("%s %s: starts at %s, named %s; want %s", tc.zone, tc.date, got, d.name, tc.first)
		}
	}
}
