// Package replay drives a fleetruntime.Runtime from a replay stream, SPEC §5's
// format: one fleet.ReplayEvent a line, in JSON, each stamped with when it
// happened; one fleet.Snapshot is written, as one JSON line, for every read
// event. cmd/fleetsim is this package behind flags, and the runtime's
// scenario tests run through it, so a test and a fixture say the same thing.
package replay

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime/fleetruntime"
	"github.com/schemagen/schemagen/runtime/internal/jsonl"
)

// MaxLine is the longest event line Run reads, '\n' included; a census of
// thousands of agents fits.
const MaxLine = 4 << 20

// Options configure Run.
type Options struct {
	// Ledger is the path of seat-ledger.jsonl; it is created if absent.
	Ledger string
	// Location is the host's local calendar; nil means time.Local.
	Location *time.Location
	// MaxSkew is how far ahead of the host's clock an event may be; 0
	// means fleetruntime.DefaultMaxSkew.
	MaxSkew time.Duration
	// NoSync keeps the ledger's rows from being fsynced
	// (fleetruntime.Options.NoSync), for benchmarks and fuzzing of the
	// runtime's own work; cmd/fleetsim leaves it false, as a host does.
	NoSync bool
}

// Run applies the events read from in, in order. The runtime starts at the
// first event's time (reading the ledger) and starts again at each restart
// event. For every read event it writes the snapshot to out. A line that is
// not an event, or that the runtime refuses, is reported to diag as
// "line N: why" and skipped, and a ledger line skipped at a start as
// "ledger line N: why"; the run goes on. Run returns how many event lines it
// skipped, and an error only when it cannot go on: in or out failed, or the
// ledger could not be opened.
//
// The host's clock. A read is the host serving a snapshot, and a restart
// the host starting, each at the host's own clock; every event before one
// reached the host before it. So the clock at an event is the time of the
// next read or restart in the stream, and an event stamped more than
// MaxSkew after that is from the future: the runtime refuses it, and the
// line is reported. Events after the last read or restart, and runs of
// more than 65,536 events (or 64 MiB of lines) without one, are taken at
// their own times (the clock is the latest of them). To know the next read, Run applies the
// events before it when it arrives; nothing it prints comes later for
// that, since only reads print.
func Run(in io.Reader, out, diag io.Writer, opts Options) (skipped int, err error) {
	if opts.MaxSkew <= 0 {
		opts.MaxSkew = fleetruntime.DefaultMaxSkew
	}
	s := &session{opts: opts, diag: diag, out: bufio.NewWriter(out)}
	defer func() {
		if cerr := s.close(); err == nil {
			err = cerr
		}
	}()
	lines := jsonl.NewReader(in, MaxLine)
	for {
		line, n, err := lines.Next()
		if err == io.EOF {
			return s.skipped, s.flush(time.Time{})
		}
		var le *jsonl.LineError
		if errors.As(err, &le) {
			s.queue = append(s.queue, pending{n: le.Line, err: le})
			continue
		}
		if err != nil {
			return s.skipped, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		ev, err := fleet.UnmarshalReplayEvent(line)
		s.queue = append(s.queue, pending{n: n, ev: ev, err: err})
		s.queued += len(line)
		//schemavet:ignore only the events the host stamps with its own clock set it
		switch ev.(type) {
		case *fleet.ReadEvent, *fleet.RestartEvent:
			if at := eventAt(ev); fleetruntime.CheckTime(at) == nil {
				if err := s.flush(at); err != nil {
					return s.skipped, err
				}
			}
		}
		if len(s.queue) >= maxPending || s.queued >= maxPendingBytes {
			if err := s.flush(time.Time{}); err != nil {
				return s.skipped, err
			}
		}
	}
}

// Run holds at most maxPending events, of at most maxPendingBytes of
// lines, while it waits for the next read.
const (
	maxPending      = 1 << 16
	maxPendingBytes = 64 << 20
)

// A pending event is a line read but not yet applied: the event, or why
// the line is not one.
type pending struct {
	n   int
	ev  fleet.ReplayEvent
	err error
}

// A fatalError stops the run.
type fatalError struct{ err error }

func (e *fatalError) Error() string { return e.err.Error() }

// A session is one run: the runtime of the current host process, if
// started, the host's clock, and the events waiting for it.
type session struct {
	opts    Options
	diag    io.Writer
	out     *bufio.Writer
	rt      *fleetruntime.Runtime
	clock   time.Time
	queue   []pending
	queued  int // bytes of the lines in queue
	skipped int
	buf     []byte // the snapshot being printed
}

// now is the host's clock, as the runtime reads it.
func (s *session) now() time.Time { return s.clock }

// flush applies the pending events with the host's clock at clock, or,
// when clock is zero, at the latest of their times.
func (s *session) flush(clock time.Time) error {
	if clock.IsZero() {
		clock = s.clock
		for _, p := range s.queue {
			if p.ev != nil {
				if at := eventAt(p.ev); fleetruntime.CheckTime(at) == nil && at.After(clock) {
					clock = at
				}
			}
		}
	}
	s.clock = clock
	queue := s.queue
	s.queue, s.queued = s.queue[:0], 0
	for _, p := range queue {
		if err := s.handle(p); err != nil {
			return err
		}
	}
	return nil
}

// handle applies one pending event, printing its snapshot if it is a read
// and its line if it is skipped.
func (s *session) handle(p pending) error {
	var le *jsonl.LineError
	if errors.As(p.err, &le) {
		s.skipped++
		fmt.Fprintln(s.diag, le)
		return nil
	}
	var snap *fleet.Snapshot
	err := p.err
	if err == nil {
		snap, err = s.apply(p.ev)
	}
	var fatal *fatalError
	if errors.As(err, &fatal) {
		return fatal.err
	}
	if err != nil {
		s.skipped++
		fmt.Fprintf(s.diag, "line %d: %v\n", p.n, err)
		return nil
	}
	if snap == nil {
		return nil
	}
	b, err := appendSnapshot(s.buf[:0], snap)
	if err != nil {
		return fmt.Errorf("line %d: %w", p.n, err)
	}
	s.buf = append(b, '\n')
	s.out.Write(s.buf)
	return s.out.Flush()
}

// appendSnapshot appends snap's JSON to b with the generated encoder: the
// bytes json.Marshal writes, without reflection or a second pass.
func appendSnapshot(b []byte, snap *fleet.Snapshot) ([]byte, error) {
	return snap.AppendJSON(b)
}

func (s *session) start(at time.Time) error {
	if err := fleetruntime.CheckTime(at); err != nil {
		return err
	}
	if err := s.close(); err != nil {
		return &fatalError{err}
	}
	rt, err := fleetruntime.Start(s.opts.Ledger, at, fleetruntime.Options{
		Location: s.opts.Location,
		Warn:     func(err error) { fmt.Fprintln(s.diag, err) },
		Clock:    s.now,
		MaxSkew:  s.opts.MaxSkew,
		NoSync:   s.opts.NoSync,
	})
	if err != nil {
		return &fatalError{err}
	}
	s.rt = rt
	return nil
}

func (s *session) close() error {
	if s.rt == nil {
		return nil
	}
	err := s.rt.Close()
	s.rt = nil
	return err
}

// apply hands one event to the runtime, returning the snapshot of a read.
func (s *session) apply(ev fleet.ReplayEvent) (*fleet.Snapshot, error) {
	if _, ok := ev.(*fleet.RestartEvent); s.rt == nil || ok {
		if err := s.start(eventAt(ev)); err != nil {
			return nil, err
		}
	}
	rt := s.rt
	switch ev := ev.(type) {
	case *fleet.CensusEvent:
		return nil, rt.Census(ev.At, ev.Agents)
	case *fleet.StatusEvent:
		return nil, rt.Status(ev.At, ev.PaneID, ev.Status)
	case *fleet.PromptedEvent:
		return nil, rt.Prompted(ev.At, ev.ToPaneID, deref(ev.FromPaneID))
	case *fleet.DeliverEvent:
		return nil, rt.Deliver(ev.At, ev.ToPaneID, deref(ev.FromPaneID), ev.ConversationID, ev.EntryID)
	case *fleet.TurnEvent:
		return nil, rt.Turn(ev.At, ev.PaneID, ev.ConversationID, ev.EntryID)
	case *fleet.StanceEvent:
		ttl, err := stanceTTL(ev.TTLSeconds)
		if err != nil {
			return nil, err
		}
		_, err = rt.StateStance(ev.At, ev.PaneID, ev.Pose, ev.Note, ttl)
		return nil, err
	case *fleet.RestartEvent:
		return nil, nil // started above
	case *fleet.ReadEvent:
		snap, err := rt.Read(ev.At)
		if err != nil {
			return nil, err
		}
		return &snap, nil
	}
	return nil, fmt.Errorf("event type %q is not handled", ev.Type())
}

// stanceTTL turns the wire's ttlSeconds into the runtime's ttl: absent is
// 0 (the default), and the clamp is the runtime's; only values the
// Duration cannot hold are cut short here.
func stanceTTL(secs *int64) (time.Duration, error) {
	switch {
	case secs == nil:
		return 0, nil
	case *secs < 1:
		return 0, fmt.Errorf("state_stance: ttlSeconds must be at least 1 (is %d)", *secs)
	}
	return time.Duration(min(*secs, 1<<32)) * time.Second, nil
}

func eventAt(ev fleet.ReplayEvent) time.Time {
	switch ev := ev.(type) {
	case *fleet.CensusEvent:
		return ev.At
	case *fleet.StatusEvent:
		return ev.At
	case *fleet.PromptedEvent:
		return ev.At
	case *fleet.DeliverEvent:
		return ev.At
	case *fleet.TurnEvent:
		return ev.At
	case *fleet.StanceEvent:
		return ev.At
	case *fleet.RestartEvent:
		return ev.At
	case *fleet.ReadEvent:
		return ev.At
	}
	return time.Time{}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
