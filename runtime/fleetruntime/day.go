package fleetruntime

import (
	"fmt"
	"time"
)

// A day is one calendar day of the host's zone: exactly the instants whose
// local date it is. It is not assumed to begin at a local midnight (a zone
// may skip midnight, as America/Santiago does on 2026-09-06, when the day
// starts at 01:00), nor to be 24 hours long, nor even one span of time (a
// zone whose clock goes back across midnight enters its day twice).
//
// It is found by walking the zone's periods of constant offset around the
// day: within one period the local date only increases, so each splits
// into instants of an earlier date, of this day, and of a later date.
type day struct {
	name   string // YYYY-MM-DD
	serial int    // 1 for the day the runtime started on, then counting up
	// Before w0 every instant has an earlier date and from w1 on a later
	// one: no zone offset reaches 24 hours (the runtime refuses instants
	// whose offset does, since RFC 3339 cannot write them).
	w0, w1 time.Time
	// segs splits [w0, w1) in time order; a segment runs until the next.
	// For nearly every day of every zone it is [earlier, today, later].
	segs []segment
}

// A segment is a run of instants whose local date is before (-1), on (0)
// or after (+1) the day.
type segment struct {
	from time.Time
	rel  int8
}

// dayOf returns the day whose local date at has in loc.
func dayOf(at time.Time, loc *time.Location, serial int) day {
	y, m, d := at.In(loc).Date()
	return newDay(y, m, d, loc, serial)
}

// newDay returns the calendar day y-m-d of loc.
func newDay(y int, m time.Month, d int, loc *time.Location, serial int) day {
	mid := time.Date(y, m, d, 0, 0, 0, 0, time.UTC) // the day's midnight on the wall clock
	lo, hi := mid.Unix(), mid.Unix()+24*60*60       // the day on the wall clock, in seconds
	dy := day{
		name:   fmt.Sprintf("%04d-%02d-%02d", y, m, d),
		serial: serial,
		w0:     mid.Add(-48 * time.Hour),
		w1:     mid.Add(72 * time.Hour),
		segs:   make([]segment, 0, 3),
	}
	add := func(from time.Time, rel int8) {
		if n := len(dy.segs); n > 0 && dy.segs[n-1].rel == rel {
			return
		}
		dy.segs = append(dy.segs, segment{from, rel})
	}
	for p := dy.w0; p.Before(dy.w1); {
		_, off := p.In(loc).Zone()
		end := dy.w1
		if next := periodEnd(p, off, loc); !next.IsZero() && next.Before(end) {
			end = next
		}
		// In [p, end) the offset is off, so the local date is this day
		// exactly from a to b.
		a, b := time.Unix(lo-int64(off), 0), time.Unix(hi-int64(off), 0)
		if p.Before(a) {
			add(p, -1)
		}
		if a.Before(end) && b.After(p) {
			add(later(p, a), 0)
		}
		if b.Before(end) {
			add(later(p, b), +1)
		}
		p = end
	}
	return dy
}

// periodEnd returns the first instant after p at which loc's offset is no
// longer off (its offset at p), or the zero Time if it never changes.
func periodEnd(p time.Time, off int, loc *time.Location) time.Time {
	_, end := p.In(loc).ZoneBounds()
	if end.IsZero() {
		return end
	}
	if !end.After(p) {
		// Go 1.26's ZoneBounds ends the last period of a leap year under a
		// zone's recurring rule on 31 December instead of 1 January (UTC),
		// before p itself there. Its periods end at each new year anyway.
		end = time.Date(p.UTC().Year()+1, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	if _, o := end.Add(-1).In(loc).Zone(); o != off {
		// Never seen, but a period must not be taken on trust: find where
		// the offset changes.
		lo, hi := p, end.Add(-1)
		for hi.Sub(lo) > 1 {
			mid := lo.Add(hi.Sub(lo) / 2)
			if _, o := mid.In(loc).Zone(); o == off {
				lo = mid
			} else {
				hi = mid
			}
		}
		end = hi
	}
	return end
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// rel reports whether at's local date is before (-1), on (0) or after (+1)
// the day.
func (d *day) rel(at time.Time) int8 {
	if at.Before(d.w0) {
		return -1
	}
	if !at.Before(d.w1) {
		return +1
	}
	s := d.segs
	if len(s) == 3 && s[1].rel == 0 { // earlier, today, later
		switch {
		case at.Before(s[1].from):
			return -1
		case at.Before(s[2].from):
			return 0
		}
		return +1
	}
	rel := s[0].rel
	for _, seg := range s[1:] {
		if at.Before(seg.from) {
			break
		}
		rel = seg.rel
	}
	return rel
}

// has reports whether at's local date is the day.
func (d *day) has(at time.Time) bool { return d.rel(at) == 0 }

// next returns the first instant after at whose local date is after the
// day: when the calendar moves on, as far as the day can tell.
func (d *day) next(at time.Time) time.Time {
	for _, seg := range d.segs {
		if seg.rel > 0 && seg.from.After(at) {
			return seg.from
		}
	}
	return d.w1
}
