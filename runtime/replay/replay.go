// Package replay drives a runtime.Runtime from a replay stream, SPEC §5's
// format: one fleet.ReplayEvent a line, in JSON, each stamped with when it
// happened; one fleet.Snapshot is written, as one JSON line, for every read
// event. cmd/fleetsim is this package behind flags, and the runtime's
// scenario tests run through it, so a test and a fixture say the same thing.
package replay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime"
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
}

// Run applies the events read from in, in order. The runtime starts at the
// first event's time (reading the ledger) and starts again at each restart
// event. For every read event it writes the snapshot to out. A line that is
// not an event, or that the runtime refuses, is reported to diag as
// "line N: why" and skipped, and a ledger line skipped at a start as
// "ledger line N: why"; the run goes on. Run returns how many event lines it
// skipped, and an error only when it cannot go on: in or out failed, or the
// ledger could not be opened.
func Run(in io.Reader, out, diag io.Writer, opts Options) (skipped int, err error) {
	s := &session{opts: opts, diag: diag}
	defer func() {
		if cerr := s.close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriter(out)
	lines := jsonl.NewReader(in, MaxLine)
	for {
		line, n, err := lines.Next()
		if err == io.EOF {
			return skipped, nil
		}
		if le, ok := err.(*jsonl.LineError); ok {
			skipped++
			fmt.Fprintln(diag, le)
			continue
		}
		if err != nil {
			return skipped, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		snap, err := s.apply(line)
		var fatal *fatalError
		if errors.As(err, &fatal) {
			return skipped, fatal.err
		}
		if err != nil {
			skipped++
			fmt.Fprintf(diag, "line %d: %v\n", n, err)
			continue
		}
		if snap != nil {
			b, err := json.Marshal(snap)
			if err != nil {
				return skipped, fmt.Errorf("line %d: %w", n, err)
			}
			w.Write(b)
			w.WriteByte('\n')
			if err := w.Flush(); err != nil {
				return skipped, err
			}
		}
	}
}

// A fatalError stops the run.
type fatalError struct{ err error }

func (e *fatalError) Error() string { return e.err.Error() }

// A session is one run: the runtime of the current host process, if
// started.
type session struct {
	opts Options
	diag io.Writer
	rt   *runtime.Runtime
}

func (s *session) start(at time.Time) error {
	if err := runtime.CheckTime(at); err != nil {
		return err
	}
	if err := s.close(); err != nil {
		return &fatalError{err}
	}
	rt, err := runtime.Start(s.opts.Ledger, at, runtime.Options{
		Location: s.opts.Location,
		Warn:     func(err error) { fmt.Fprintln(s.diag, err) },
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

// apply decodes one event and hands it to the runtime, returning the
// snapshot of a read.
func (s *session) apply(line []byte) (*fleet.Snapshot, error) {
	ev, err := fleet.UnmarshalReplayEvent(line)
	if err != nil {
		return nil, err
	}
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
