package runtime

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime/ledger"
)

// The ADRs' numbers.
const (
	DefaultStanceTTL = 900 * time.Second // a stance's life when the caller gives none (ADR 0148)
	MaxStanceTTL     = time.Hour         // a longer ttl is clamped to this (ADR 0148)
	MaxNoteRunes     = 280               // a note's length in characters (SPEC §2)
	WindowSize       = 64                // prompt and reply edges the window holds (ADR 0163)
	WindowAge        = 5 * time.Minute   // an edge older than this at a read is not carried (ADR 0163)
	ReplyWithin      = 3 * time.Minute   // a turn this soon after a message replies to it (ADR 0163)
	MaxEdges         = 128               // edges a snapshot may carry (SPEC §2)
)

// Options configure a Runtime.
type Options struct {
	// Location is the host's local calendar: it decides which day "today"
	// is for the tallies. Nil means time.Local.
	Location *time.Location
	// Warn is told about every ledger line skipped at start, as a
	// *ledger.LineError. Nil discards the warnings.
	Warn func(error)
}

// A Runtime is the host's fleet state. Its methods may be called from many
// goroutines.
type Runtime struct {
	loc *time.Location

	mu     sync.Mutex
	ledger *ledger.Ledger
	roster roster
	// records holds what follows a seat id on and off the roster: its
	// stance, last outcome and tally. One per seat id the runtime has met.
	records map[string]*record
	today   day
	window  window

	// The cursor, and what the last Read said (encoded by appendContent),
	// to tell whether the next one changed. If nothing was recorded since
	// (dirty is false) and time has moved forward but not to the horizon,
	// it cannot have, and Read does not compare.
	cursor  int64
	read    bool // a Read has set content
	content []byte
	scratch []byte
	lastAt  time.Time
	horizon time.Time
	dirty   bool
}

// Start starts a runtime at time at: it opens the seat ledger at
// ledgerPath (creating it if absent), reads it whole and rebuilds from its
// rows today's tallies and every seat's last outcome. The roster, the
// stances and the edge window start empty. A line of the ledger that cannot
// be read as a row is skipped and reported to opts.Warn; only failing to
// open or read the file is an error.
func Start(ledgerPath string, at time.Time, opts Options) (*Runtime, error) {
	r := &Runtime{loc: opts.Location, records: make(map[string]*record)}
	if r.loc == nil {
		r.loc = time.Local
	}
	at, err := r.clock(at)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	r.today = newDay(at, r.loc, 1)
	l, err := ledger.Open(ledgerPath, r.rebuild, opts.Warn)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	r.ledger = l
	return r, nil
}

// Close closes the seat ledger. Afterwards every call that would append a
// row returns an error and changes nothing; Read still answers.
func (r *Runtime) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ledger.Close()
}

// The span of instants a snapshot can carry in any time zone: RFC 3339
// has four-digit years, and a day of margin covers every UTC offset and the
// hour a stance may add.
var (
	minTime = time.Date(1, 1, 2, 0, 0, 0, 0, time.UTC)
	maxTime = time.Date(9999, 12, 30, 0, 0, 0, 0, time.UTC)
)

// ErrTimeRange is the error, wrapped, of every method given a time outside
// the span a snapshot can carry.
var ErrTimeRange = errors.New("outside 0001-01-02 to 9999-12-30, the span a snapshot can carry")

// CheckTime reports whether t is an instant the runtime accepts: one every
// time zone can write with a four-digit year, with room for a stance's hour.
func CheckTime(t time.Time) error {
	if t.Before(minTime) || t.After(maxTime) {
		return fmt.Errorf("time %s is %w", t.Format(time.RFC3339Nano), ErrTimeRange)
	}
	return nil
}

// clock checks at and returns it in the host's zone, so that every time in
// a snapshot is written in it.
func (r *Runtime) clock(at time.Time) (time.Time, error) {
	if err := CheckTime(at); err != nil {
		return time.Time{}, err
	}
	return at.In(r.loc), nil
}

// Census replaces the roster with Herdr's agent list: a seat per agent,
// keyed by terminal id, its parent seat joined from parentPaneId. A seat
// the list shows going from working to idle, done or blocked settles its run
// as a status event would. A list that contradicts itself (two agents in one
// pane, two with one terminal id) or breaks the schema is refused whole and
// the roster stands. If a settled run's row cannot be written, the error is
// returned and that seat keeps its old status, so the next report settles
// it again; the rest of the list is applied.
func (r *Runtime) Census(at time.Time, agents []fleet.CensusAgent) error {
	at, err := r.clock(at)
	if err != nil {
		return fmt.Errorf("census: %w", err)
	}
	if err := r.checkCensus(agents); err != nil {
		return fmt.Errorf("census: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.roll(at)
	next := make([]seat, 0, len(agents))
	var errs []error
	for i := range agents {
		a := &agents[i]
		s := seat{id: a.TerminalID, pane: a.PaneID, name: a.Name, status: a.Status, since: at}
		if a.Cwd != nil {
			s.cwd, s.hasCwd = *a.Cwd, true
		}
		if a.ParentPaneID != nil {
			s.parentPane = *a.ParentPaneID
		}
		if a.StartedAt != nil {
			s.since = a.StartedAt.In(r.loc)
		}
		s.rec = r.record(s.id)
		if s.rec.on >= 0 {
			old := &r.roster.seats[s.rec.on]
			if a.StartedAt == nil {
				s.since = old.since
			}
			if err := r.settle(at, s.rec, old.status, s.status); err != nil {
				s.status = old.status
				errs = append(errs, err)
			}
		}
		next = append(next, s)
	}
	r.roster.set(next)
	r.dirty = true
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("census: %w", err)
	}
	return nil
}

func (r *Runtime) checkCensus(agents []fleet.CensusAgent) error {
	panes := make(map[string]int, len(agents))
	ids := make(map[string]int, len(agents))
	for i := range agents {
		a := &agents[i]
		if err := a.Validate(); err != nil {
			return fmt.Errorf("agent %d: %w", i, err)
		}
		if a.StartedAt != nil {
			if _, err := r.clock(*a.StartedAt); err != nil {
				return fmt.Errorf("agent %d: startedAt: %w", i, err)
			}
		}
		if j, ok := panes[a.PaneID]; ok {
			return fmt.Errorf("agents %d and %d are both in pane %q", j, i, a.PaneID)
		}
		if j, ok := ids[a.TerminalID]; ok {
			return fmt.Errorf("agents %d and %d both have terminal id %q", j, i, a.TerminalID)
		}
		panes[a.PaneID], ids[a.TerminalID] = i, i
	}
	return nil
}

// Status records that the agent in paneID now has status. Working to idle or
// done appends a passed row, working to blocked a failed row, and nothing
// else settles a run. A pane with no seat is ignored. If the row cannot be
// written the error is returned and nothing changes, the status included.
func (r *Runtime) Status(at time.Time, paneID string, status fleet.AgentStatus) error {
	at, err := r.clock(at)
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	if !status.Valid() {
		return fmt.Errorf("status: %q is not a valid AgentStatus", status)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.roll(at)
	s := r.roster.inPane(paneID)
	if s == nil || s.status == status {
		return nil
	}
	if err := r.settle(at, s.rec, s.status, status); err != nil {
		return fmt.Errorf("status: %w", err)
	}
	s.status = status
	r.dirty = true
	return nil
}

// settles says how a pane going from one status to another settles its
// run, if it does: a run is a pane that was working and has stopped.
func settles(from, to fleet.AgentStatus) (fleet.Outcome, bool) {
	if from != fleet.AgentStatusWorking {
		return "", false
	}
	switch to {
	case fleet.AgentStatusIdle, fleet.AgentStatusDone:
		return fleet.OutcomePassed, true
	case fleet.AgentStatusBlocked:
		return fleet.OutcomeFailed, true
	case fleet.AgentStatusWorking, fleet.AgentStatusOffline:
		return "", false
	}
	return "", false
}

// settle appends the row for a transition that settles a run, then counts
// it.
func (r *Runtime) settle(at time.Time, rec *record, from, to fleet.AgentStatus) error {
	outcome, ok := settles(from, to)
	if !ok {
		return nil
	}
	var row fleet.LedgerRow
	switch outcome {
	case fleet.OutcomePassed:
		row = &fleet.PassedRow{SeatID: rec.id, At: at}
	case fleet.OutcomeFailed:
		row = &fleet.FailedRow{SeatID: rec.id, At: at}
	}
	return r.commit(row)
}

// commit writes row to the ledger and, once it is written, counts it.
func (r *Runtime) commit(row fleet.LedgerRow) error {
	if err := r.ledger.Append(row); err != nil {
		return err
	}
	r.count(row)
	return nil
}

// rebuild counts one row read from the ledger at start. It checks what
// counting relies on, a seat id and a time a snapshot can carry, and
// nothing more: Append wrote every row through the generated validation
// already, and validating each again would cost start a fifth of its time.
func (r *Runtime) rebuild(row fleet.LedgerRow) error {
	id, at := rowKey(row)
	if id == "" {
		return fmt.Errorf("%s row has an empty seatId", row.Kind())
	}
	if err := CheckTime(at); err != nil {
		return err
	}
	r.count(row)
	return nil
}

// rowKey returns the seat and time of a row.
func rowKey(row fleet.LedgerRow) (string, time.Time) {
	switch v := row.(type) {
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

// count folds one written row into today's tallies and the seat's last
// outcome. It is the only place counts move, at start and after an append
// alike, so what a restart rebuilds is what memory held.
func (r *Runtime) count(row fleet.LedgerRow) {
	switch v := row.(type) {
	case *fleet.PassedRow:
		rec := r.record(v.SeatID)
		rec.ran(fleet.OutcomePassed, v.At.In(r.loc))
		if t := rec.tally(&r.today, v.At); t != nil {
			t.Passed++
		}
	case *fleet.FailedRow:
		rec := r.record(v.SeatID)
		rec.ran(fleet.OutcomeFailed, v.At.In(r.loc))
		if t := rec.tally(&r.today, v.At); t != nil {
			t.Failed++
		}
	case *fleet.PromptedRow:
		if t := r.record(v.SeatID).tally(&r.today, v.At); t != nil {
			t.Prompted++
		}
	case *fleet.ShippedRow:
		if t := r.record(v.SeatID).tally(&r.today, v.At); t != nil {
			t.Shipped++
		}
	}
}

// record returns the record of seat id, made on first use.
func (r *Runtime) record(id string) *record {
	rec := r.records[id]
	if rec == nil {
		rec = &record{id: id, on: -1}
		r.records[id] = rec
	}
	return rec
}

// A record is what the runtime keeps about one seat id, on the roster or
// not: what a seat has earned follows the seat (ADR 0162).
type record struct {
	id         string
	on         int // the seat's index in the roster, -1 when it is not on it
	stance     fleet.Stance
	hasStance  bool
	outcome    fleet.RunOutcome
	hasOutcome bool
	tallied    fleet.Tally
	tallyDay   int // the serial of the day tallied counts; 0 for none
}

// ran keeps a seat's most recent run: the latest by time, and of two at
// the same time the one written later.
func (rec *record) ran(o fleet.Outcome, at time.Time) {
	if rec.hasOutcome && at.Before(rec.outcome.At) {
		return
	}
	rec.outcome, rec.hasOutcome = fleet.RunOutcome{Outcome: o, At: at}, true
}

// tally returns the seat's tally of day d to count a row at at into, or nil
// when at is on another day.
func (rec *record) tally(d *day, at time.Time) *fleet.Tally {
	if at.Before(d.start) || !at.Before(d.end) {
		return nil
	}
	if rec.tallyDay != d.serial {
		rec.tallied, rec.tallyDay = fleet.Tally{}, d.serial
	}
	return &rec.tallied
}

// today returns the seat's tally of day d, if it has one.
func (rec *record) today(d *day) (fleet.Tally, bool) {
	return rec.tallied, rec.tallyDay == d.serial
}

// roll moves today forward when at falls on a later local day. The
// calendar never moves back: a call stamped with an earlier day counts
// nothing in today's tallies, as a restart would not count it either.
func (r *Runtime) roll(at time.Time) {
	if !at.Before(r.today.end) {
		r.today = newDay(at, r.loc, r.today.serial+1)
	}
}

// A day is one local calendar day.
type day struct {
	name       string    // YYYY-MM-DD
	start, end time.Time // [start, end) is the day
	serial     int       // 1 for the day the runtime started on, then counting up
}

func newDay(at time.Time, loc *time.Location, serial int) day {
	y, m, d := at.In(loc).Date()
	start := time.Date(y, m, d, 0, 0, 0, 0, loc)
	return day{
		name:   start.Format(time.DateOnly),
		start:  start,
		end:    time.Date(y, m, d+1, 0, 0, 0, 0, loc),
		serial: serial,
	}
}

// A StanceAnswer is what state_stance tells its caller.
type StanceAnswer struct {
	// Unseated reports that the caller's pane holds no seat: an ordinary
	// answer for a shell pane. Nothing was recorded.
	Unseated bool
	// SeatID is the seat the pane resolved to.
	SeatID string
	// Stance is the stance the seat now carries, its expiry clamped.
	Stance fleet.Stance
}

// StateStance is ADR 0148's state_stance: the agent in paneID says what its
// own figure is doing. The pane is resolved to its seat against the live
// roster; a pane with no seat gets an Unseated answer and nothing is
// recorded. ttl 0 means DefaultStanceTTL, and a ttl over MaxStanceTTL is
// clamped to it. The note, if any, must pass CheckNote. Striking a
// celebrate stance appends a shipped row, unless a celebrate stance of the
// seat still stands; if that row cannot be written the error is returned and
// the stance is not taken.
func (r *Runtime) StateStance(at time.Time, paneID string, pose fleet.Pose, note *string, ttl time.Duration) (StanceAnswer, error) {
	at, err := r.clock(at)
	if err != nil {
		return StanceAnswer{}, fmt.Errorf("state_stance: %w", err)
	}
	if !pose.Valid() {
		return StanceAnswer{}, fmt.Errorf("state_stance: %q is not a pose (valid: %s)", pose, poses)
	}
	if note != nil {
		if err := CheckNote(*note); err != nil {
			return StanceAnswer{}, fmt.Errorf("state_stance: %w", err)
		}
	}
	switch {
	case ttl < 0:
		return StanceAnswer{}, fmt.Errorf("state_stance: ttl %v is negative", ttl)
	case ttl == 0:
		ttl = DefaultStanceTTL
	case ttl > MaxStanceTTL:
		ttl = MaxStanceTTL
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.roll(at)
	s := r.roster.inPane(paneID)
	if s == nil {
		return StanceAnswer{Unseated: true}, nil
	}
	st := fleet.Stance{Pose: pose, StatedAt: at, ExpiresAt: at.Add(ttl)}
	if note != nil {
		st.Note = ptr(*note)
	}
	if pose == fleet.PoseCelebrate {
		cur := &s.rec.stance
		standing := s.rec.hasStance && cur.Pose == fleet.PoseCelebrate && at.Before(cur.ExpiresAt)
		if !standing {
			if err := r.commit(&fleet.ShippedRow{SeatID: s.id, At: at, Note: st.Note}); err != nil {
				return StanceAnswer{}, fmt.Errorf("state_stance: %w", err)
			}
		}
	}
	s.rec.stance, s.rec.hasStance = st, true
	r.dirty = true
	ans := StanceAnswer{SeatID: s.id, Stance: st}
	if note != nil {
		ans.Stance.Note = ptr(*note)
	}
	return ans, nil
}

var poses = func() string {
	var s []string
	for _, p := range fleet.PoseValues() {
		s = append(s, string(p))
	}
	return strings.Join(s, ", ")
}()

// Prompted records Herdr's agent.prompted: a prompt typed into toPaneID
// with `herdr agent prompt`, from fromPaneID ("" when the operator's shell
// or a service sent it). It is a prompt edge when both panes hold seats,
// with no transcript reference; it is not a prompt the host delivered, so
// it appends no row. Anything else is ignored.
func (r *Runtime) Prompted(at time.Time, toPaneID, fromPaneID string) error {
	at, err := r.clock(at)
	if err != nil {
		return fmt.Errorf("prompted: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.roll(at)
	to, from := r.roster.inPane(toPaneID), r.roster.inPane(fromPaneID)
	if to == nil || from == nil {
		return nil
	}
	r.window.add(edge{kind: fleet.EdgeKindPrompt, from: from.rec, to: to.rec, at: at})
	r.dirty = true
	return nil
}

// Deliver records that the host put a message into toPaneID (by mailbox
// or pty), from fromPaneID ("" when the operator or a service wrote it),
// and that it became entryID in conversationID. It appends a prompted row
// for the recipient's seat and, when a seat sent it, adds a prompt edge
// carrying the transcript reference. A pane with no seat is ignored. If the
// row cannot be written the error is returned and nothing changes.
func (r *Runtime) Deliver(at time.Time, toPaneID, fromPaneID, conversationID, entryID string) error {
	at, err := r.clock(at)
	if err != nil {
		return fmt.Errorf("deliver: %w", err)
	}
	if conversationID == "" || entryID == "" {
		return errors.New("deliver: conversationId and entryId must not be empty")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.roll(at)
	to := r.roster.inPane(toPaneID)
	if to == nil {
		return nil
	}
	row := &fleet.PromptedRow{SeatID: to.id, At: at}
	from := r.roster.inPane(fromPaneID)
	if from != nil {
		row.FromSeatID = ptr(from.id)
	}
	if err := r.commit(row); err != nil {
		return fmt.Errorf("deliver: %w", err)
	}
	if from != nil {
		r.window.add(edge{kind: fleet.EdgeKindPrompt, from: from.rec, to: to.rec, at: at, conv: conversationID, entry: entryID})
	}
	r.dirty = true
	return nil
}

// Turn records that the agent in paneID took a turn that became entryID in
// conversationID. It replies to every message delivered to that seat in
// that conversation, by a seat, no more than ReplyWithin earlier and not
// replied to yet: a reply edge from this seat back to the sender, carrying
// this turn's entry. A pane with no seat is ignored.
func (r *Runtime) Turn(at time.Time, paneID, conversationID, entryID string) error {
	at, err := r.clock(at)
	if err != nil {
		return fmt.Errorf("turn: %w", err)
	}
	if conversationID == "" || entryID == "" {
		return errors.New("turn: conversationId and entryId must not be empty")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.roll(at)
	s := r.roster.inPane(paneID)
	if s == nil {
		return nil
	}
	r.window.reply(at, s.rec, conversationID, entryID)
	r.dirty = true
	return nil
}

// Read derives the snapshot as of at: the roster with each seat's standing
// stance, parent seat and last outcome; the spawn edges and the window's
// edges between seats on the roster; and the tallies of the local day. Its
// cursor is the last one if the snapshot says the same as the last Read's
// said, and larger if not. The error is only for a time the wire cannot
// carry.
func (r *Runtime) Read(at time.Time) (fleet.Snapshot, error) {
	at, err := r.clock(at)
	if err != nil {
		return fleet.Snapshot{}, fmt.Errorf("read: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.roll(at)
	snap, horizon := r.derive(at)
	if !r.read || r.dirty || at.Before(r.lastAt) || !at.Before(r.horizon) {
		r.scratch = appendContent(r.scratch[:0], &snap)
		if !r.read || !bytes.Equal(r.scratch, r.content) {
			// The cursor is at least the read's time in Unix milliseconds,
			// so it keeps increasing across a restart, which forgets the
			// last one.
			r.cursor = max(r.cursor+1, at.UnixMilli())
			r.content, r.scratch = r.scratch, r.content
		}
	}
	r.read, r.lastAt, r.horizon, r.dirty = true, at, horizon, false
	snap.Cursor = r.cursor
	return snap, nil
}

func ptr[T any](v T) *T { return &v }
