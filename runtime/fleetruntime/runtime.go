package fleetruntime

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
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
	WindowSize       = 64                // prompt and reply edges the window holds (ADR 0163); a power of two, for the ring
	WindowAge        = 5 * time.Minute   // an edge older than this at a read is not carried (ADR 0163)
	ReplyWithin      = 3 * time.Minute   // a turn this soon after a message replies to it (ADR 0163)
	MaxEdges         = 128               // edges a snapshot may carry (SPEC §2)
)

// DefaultMaxSkew is how far ahead of the host's clock a time may be unless
// Options.MaxSkew says otherwise: the five minutes Kerberos allows between
// clocks that are meant to agree. Herdr runs on the host's own clock; only a
// clock that is wrong goes further.
const DefaultMaxSkew = 5 * time.Minute

// Options configure a Runtime.
type Options struct {
	// Location is the host's local calendar: it decides which day "today"
	// is for the tallies. Nil means time.Local.
	Location *time.Location
	// Warn is told about every ledger line skipped at start, as a
	// *ledger.LineError. Nil discards the warnings.
	Warn func(error)
	// Clock is the host's clock. The runtime reads it only to tell a time
	// from the future: a call stamped more than MaxSkew after it is refused
	// with ErrFuture, and so is a ledger row at start (skipped with a
	// warning). Nil means time.Now; a replay passes its own.
	Clock func() time.Time
	// MaxSkew is how far ahead of Clock a time may be; 0 means
	// DefaultMaxSkew.
	MaxSkew time.Duration
	// NoSync opens the ledger without fsyncing its rows
	// (ledger.Options.NoSync): a power loss can then take rows already
	// counted. For tests and replays of fixtures; a host leaves it false.
	NoSync bool
}

// A Runtime is the host's fleet state. Its methods may be called from many
// goroutines.
type Runtime struct {
	loc   *time.Location
	clock func() time.Time
	skew  time.Duration

	mu     sync.Mutex
	ledger *ledger.Ledger
	roster roster
	// records holds what follows a seat id on and off the roster: its
	// stance, last outcome and tally. One per seat id the runtime has met.
	records map[string]*record
	// recent caches records by a hash of their seat id (recordOf): a
	// restart looks one up for every row of the ledger, and a probe of
	// this array is cheaper than the map's lookup (docs/performance.md).
	// Records are never removed, so an entry stays true.
	recent [recentSlots]*record
	today  day
	window window
	// ahead holds the ledger's rows beyond the skew bound at start, by
	// time, to count when the clock reaches them.
	ahead []aheadRow

	// The last snapshot built, shared with every Read that got it; when it
	// was built, and the first instant after that at which time alone could
	// change it; what has changed since.
	pub     fleet.Snapshot
	built   bool
	builtAt time.Time
	horizon time.Time
	changed changes
	cursor  int64
	// Scratch for the next snapshot's seats and edges, until one is
	// published, and when time alone changes the edges last built.
	seatBuf     []fleet.Seat
	edgeBuf     []fleet.Edge
	edgeHorizon time.Time
}

// Start starts a runtime at time at: it opens the seat ledger at
// ledgerPath (creating it if absent), reads it whole and rebuilds from its
// rows today's tallies and every seat's last outcome. The roster, the
// stances and the edge window start empty. A line of the ledger that cannot
// be read as a row, or a row stamped beyond the skew bound, is skipped and
// reported to opts.Warn; only failing to open or read the file is an error.
func Start(ledgerPath string, at time.Time, opts Options) (*Runtime, error) {
	r := &Runtime{loc: opts.Location, clock: opts.Clock, skew: opts.MaxSkew, records: make(map[string]*record)}
	if r.loc == nil {
		r.loc = time.Local
	}
	if r.clock == nil {
		r.clock = time.Now
	}
	if r.skew <= 0 {
		r.skew = DefaultMaxSkew
	}
	at, err := r.zoned(at)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	// Today is the start's day until a row read or a call made moves the
	// calendar on; rows stamped beyond the skew bound of the start's time
	// are not counted.
	now := at
	r.today = dayOf(now, r.loc, 1)
	limit := now.Add(r.skew)
	latest := now
	l, err := ledger.OpenWith(ledgerPath, ledger.Options{NoSync: opts.NoSync}, func(row *ledger.Row) error {
		if err := r.rebuild(row, now, limit); err != nil {
			return err
		}
		latest = later(latest, row.At)
		return nil
	}, opts.Warn)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	r.ledger = l
	slices.SortStableFunc(r.ahead, func(a, b aheadRow) int { return a.at.Compare(b.at) })
	// Every cursor an earlier process handed out is below this (see
	// docs/runtime.md, "The cursor across a restart").
	r.cursor = latest.Add(r.skew).UnixMicro() + l.Size()
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

// ErrFuture is the error, wrapped, of every call stamped further ahead of
// the host's clock than the skew bound allows, and the warning of every
// ledger row so stamped at start. Nothing such a time says is counted.
var ErrFuture = errors.New("ahead of the host's clock by more than the skew bound")

// CheckTime reports whether t is an instant the runtime accepts: one every
// time zone can write with a four-digit year, with room for a stance's hour.
func CheckTime(t time.Time) error {
	if t.Before(minTime) || t.After(maxTime) {
		return fmt.Errorf("time %s is %w", t.Format(time.RFC3339Nano), ErrTimeRange)
	}
	return nil
}

// zoned checks at and returns it as the runtime writes it: in the host's
// zone, or in UTC where that zone's offset is not a whole minute (local
// mean time before standard time), which RFC 3339 cannot write.
func (r *Runtime) zoned(at time.Time) (time.Time, error) {
	if err := CheckTime(at); err != nil {
		return time.Time{}, err
	}
	local := at.In(r.loc)
	switch _, off := local.Zone(); {
	case off <= -24*60*60 || off >= 24*60*60:
		return time.Time{}, fmt.Errorf("time %s: the zone's offset there, %ds, is beyond the ±24 hours RFC 3339 can write", at.Format(time.RFC3339Nano), off)
	case off%60 != 0:
		return at.UTC(), nil
	}
	return local, nil
}

// accept checks the time of a call, zoned, against the host's clock now,
// which it returns too: a time beyond the skew bound is refused.
func (r *Runtime) accept(at time.Time) (time.Time, time.Time, error) {
	at, err := r.zoned(at)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	now := r.clock()
	if at.After(now.Add(r.skew)) {
		return time.Time{}, time.Time{}, fmt.Errorf("time %s is %w: %v ahead of %s, where %v is allowed",
			at.Format(time.RFC3339Nano), ErrFuture, at.Sub(now), now.In(r.loc).Format(time.RFC3339Nano), r.skew)
	}
	return at, now, nil
}

// arrive brings the runtime to a call accepted at at when the host's
// clock read now: ledger rows that were beyond the skew bound at start
// and no longer are count, and the calendar moves to at's day if that is
// later.
func (r *Runtime) arrive(now, at time.Time) {
	for len(r.ahead) > 0 && !r.ahead[0].at.After(now.Add(r.skew)) {
		p := r.ahead[0]
		r.ahead = r.ahead[1:]
		r.count(p.kind, p.rec, p.at)
	}
	r.roll(at)
}

// An aheadRow is a ledger row that was beyond the skew bound at start: it
// counts once the host's clock comes within the bound of it, as a restart
// then would count it.
type aheadRow struct {
	kind ledger.Kind
	rec  *record
	at   time.Time
}

// maxAhead is the most rows beyond the skew bound a runtime keeps to count
// later; a row past it counts only after a restart once its time comes.
const maxAhead = 1 << 16

// Census replaces the roster with Herdr's agent list: a seat per agent,
// keyed by terminal id, its parent seat joined from parentPaneId. A seat
// the list shows going from working to idle, done or blocked settles its run
// as a status event would. A list that contradicts itself (two agents in one
// pane, two with one terminal id) or breaks the schema is refused whole and
// the roster stands. If a settled run's row cannot be written, the error is
// returned and that seat keeps its old status, so the next report settles
// it again; the rest of the list is applied.
func (r *Runtime) Census(at time.Time, agents []fleet.CensusAgent) error {
	at, now, err := r.accept(at)
	if err != nil {
		return fmt.Errorf("census: %w", err)
	}
	if err := r.checkCensus(agents); err != nil {
		return fmt.Errorf("census: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.arrive(now, at)
	next := make([]seat, 0, len(agents))
	var errs []error
	for i := range agents {
		a := &agents[i]
		s := seat{id: a.TerminalID, pane: a.PaneID, name: a.Name, status: a.Status, since: at}
		if a.ParentPaneID != nil {
			s.parentPane = *a.ParentPaneID
		}
		if a.StartedAt != nil {
			s.since, _ = r.zoned(*a.StartedAt) // checked by checkCensus
		}
		s.rec = r.record(s.id)
		var old *seat
		if s.rec.on >= 0 {
			old = &r.roster.seats[s.rec.on]
			if a.StartedAt == nil {
				s.since = old.since
			}
			if err := r.settle(at, s.rec, old.status, s.status); err != nil {
				s.status = old.status
				errs = append(errs, err)
			}
		}
		if a.Cwd != nil {
			if old != nil && old.cwd != nil && *old.cwd == *a.Cwd {
				s.cwd = old.cwd
			} else {
				s.cwd = ptr(*a.Cwd)
			}
		}
		next = append(next, s)
	}
	r.roster.set(next)
	r.changed.everything()
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
			if _, err := r.zoned(*a.StartedAt); err != nil {
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
	at, now, err := r.accept(at)
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	if !status.Valid() {
		return fmt.Errorf("status: %q is not a valid AgentStatus", status)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.arrive(now, at)
	s := r.roster.inPane(paneID)
	if s == nil || s.status == status {
		return nil
	}
	if err := r.settle(at, s.rec, s.status, status); err != nil {
		return fmt.Errorf("status: %w", err)
	}
	s.status = status
	r.seatChanged(s.rec)
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
	switch outcome {
	case fleet.OutcomePassed:
		return r.commit(&fleet.PassedRow{SeatID: rec.id, At: at}, ledger.Passed, rec, at)
	case fleet.OutcomeFailed:
		return r.commit(&fleet.FailedRow{SeatID: rec.id, At: at}, ledger.Failed, rec, at)
	}
	return nil
}

// commit writes row to the ledger and, once it is written, counts it.
func (r *Runtime) commit(row fleet.LedgerRow, kind ledger.Kind, rec *record, at time.Time) error {
	if err := r.ledger.Append(row); err != nil {
		return err
	}
	r.count(kind, rec, at)
	return nil
}

// rebuild counts one row read from the ledger at start. It checks what
// counting relies on, a seat id and a time a snapshot can carry that is not
// beyond the skew bound of the clock at start (limit), and nothing more:
// Append wrote every row through the generated validation already, and
// validating each again would cost start a fifth of its time.
func (r *Runtime) rebuild(row *ledger.Row, now, limit time.Time) error {
	if len(row.SeatID) == 0 {
		return fmt.Errorf("%s row has an empty seatId", row.Kind)
	}
	// The zone's offset need not be checked as zoned does: Start checked it
	// at its own time, and no zone of the tzdata reaches a day.
	if err := CheckTime(row.At); err != nil {
		return err
	}
	rec := r.recordOf(row.SeatID)
	if row.At.After(limit) {
		until := "until the host's clock comes within the bound of it"
		if len(r.ahead) < maxAhead {
			r.ahead = append(r.ahead, aheadRow{row.Kind, rec, row.At})
		} else {
			until = "until a restart once the clock comes within the bound of it (too many rows are ahead to keep)"
		}
		return fmt.Errorf("%s row at %s is %w: %v ahead of %s at start, where %v is allowed; not counted %s", row.Kind,
			row.At.Format(time.RFC3339Nano), ErrFuture, row.At.Sub(now), now.In(r.loc).Format(time.RFC3339Nano), r.skew, until)
	}
	r.count(row.Kind, rec, row.At)
	return nil
}

// count folds one written row into today's tallies and the seat's last
// outcome, after moving the calendar to the row's day if that is later. It
// is the only place counts move, at start and after an append alike, and
// start reads the rows in the order they were appended, so what a restart
// rebuilds is what memory held.
func (r *Runtime) count(kind ledger.Kind, rec *record, at time.Time) {
	rel := r.today.rel(at)
	if rel > 0 {
		r.roll(at)
		rel = 0
	}
	r.seatChanged(rec)
	var t *fleet.Tally
	if rel == 0 {
		t = rec.tally(&r.today)
		r.changed.tallies = true
	}
	switch kind {
	case ledger.Passed:
		rec.ran(fleet.OutcomePassed, at)
		if t != nil {
			t.Passed++
		}
	case ledger.Failed:
		rec.ran(fleet.OutcomeFailed, at)
		if t != nil {
			t.Failed++
		}
	case ledger.Prompted:
		if t != nil {
			t.Prompted++
		}
	case ledger.Shipped:
		if t != nil {
			t.Shipped++
		}
	}
}

// recentSlots is the size of Runtime.recent, 1<<recentBits: several
// times a large fleet's seats.
const (
	recentBits  = 10
	recentSlots = 1 << recentBits
)

// recordOf returns the record of seat id, made on first use, as record
// does, looking in the cache of recent ones first.
func (r *Runtime) recordOf(id []byte) *record {
	slot := &r.recent[recentSlot(id)]
	if rec := *slot; rec != nil && rec.id == string(id) {
		return rec
	}
	rec := r.records[string(id)] // (no string made for a lookup)
	if rec == nil {
		rec = r.record(string(id))
	}
	*slot = rec
	return rec
}

// recentSlot is the slot of Runtime.recent for seat id: a multiplicative
// hash of its length and its last eight bytes (seat ids differ at their
// end, term-0101), one load where a byte-wise hash took longer than the
// map's lookup.
func recentSlot(id []byte) uint64 {
	var tail uint64
	if n := len(id); n >= 8 {
		tail = binary.LittleEndian.Uint64(id[n-8:])
	} else {
		for _, c := range id {
			tail = tail<<8 | uint64(c)
		}
	}
	return ((tail ^ uint64(len(id))) * 0x9e3779b97f4a7c15) >> (64 - recentBits)
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
// not: what a seat has earned follows the seat (ADR 0162). Pointers in it
// that snapshots carry (idp, pubStance, pubOutcome) point at copies made
// for the snapshots; the runtime decides nothing from them.
type record struct {
	id         string
	idp        *string // for parentSeatId; made on first use
	on         int     // the seat's index in the roster, -1 when it is not on it
	stance     fleet.Stance
	hasStance  bool
	pubStance  *fleet.Stance
	outcome    fleet.RunOutcome // its At as written by count, zoned when published
	hasOutcome bool
	pubOutcome *fleet.RunOutcome // nil until published since the last change
	tallied    fleet.Tally
	tallyDay   int // the serial of the day tallied counts; 0 for none
}

// ran keeps a seat's most recent run: the latest by time, and of two at
// the same time the one written later.
func (rec *record) ran(o fleet.Outcome, at time.Time) {
	if rec.hasOutcome && at.Before(rec.outcome.At) {
		return
	}
	rec.outcome, rec.hasOutcome, rec.pubOutcome = fleet.RunOutcome{Outcome: o, At: at}, true, nil
}

// tally returns the seat's tally of day d to count into.
func (rec *record) tally(d *day) *fleet.Tally {
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
	if r.today.rel(at) > 0 {
		r.today = dayOf(at, r.loc, r.today.serial+1)
		r.changed.any, r.changed.tallies = true, true
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
	at, now, err := r.accept(at)
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
	r.arrive(now, at)
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
			if err := r.commit(&fleet.ShippedRow{SeatID: s.id, At: at, Note: st.Note}, ledger.Shipped, s.rec, at); err != nil {
				return StanceAnswer{}, fmt.Errorf("state_stance: %w", err)
			}
		}
	}
	s.rec.stance, s.rec.hasStance = st, true
	pub := st
	if note != nil {
		pub.Note = ptr(*note)
	}
	s.rec.pubStance = &pub
	r.seatChanged(s.rec)
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
	at, now, err := r.accept(at)
	if err != nil {
		return fmt.Errorf("prompted: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.arrive(now, at)
	to, from := r.roster.inPane(toPaneID), r.roster.inPane(fromPaneID)
	if to == nil || from == nil {
		return nil
	}
	r.window.add(edge{kind: fleet.EdgeKindPrompt, from: from.rec, to: to.rec, at: at})
	r.changed.any, r.changed.edges = true, true
	return nil
}

// Deliver records that the host put a message into toPaneID (by mailbox
// or pty), from fromPaneID ("" when the operator or a service wrote it),
// and that it became entryID in conversationID. It appends a prompted row
// for the recipient's seat and, when a seat sent it, adds a prompt edge
// carrying the transcript reference. A pane with no seat is ignored. If the
// row cannot be written the error is returned and nothing changes.
func (r *Runtime) Deliver(at time.Time, toPaneID, fromPaneID, conversationID, entryID string) error {
	at, now, err := r.accept(at)
	if err != nil {
		return fmt.Errorf("deliver: %w", err)
	}
	if conversationID == "" || entryID == "" {
		return errors.New("deliver: conversationId and entryId must not be empty")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.arrive(now, at)
	to := r.roster.inPane(toPaneID)
	if to == nil {
		return nil
	}
	row := &fleet.PromptedRow{SeatID: to.id, At: at}
	from := r.roster.inPane(fromPaneID)
	if from != nil {
		row.FromSeatID = &from.id
	}
	if err := r.commit(row, ledger.Prompted, to.rec, at); err != nil {
		return fmt.Errorf("deliver: %w", err)
	}
	if from != nil {
		r.window.add(edge{kind: fleet.EdgeKindPrompt, from: from.rec, to: to.rec, at: at, conv: conversationID, entry: entryID})
		r.changed.any, r.changed.edges = true, true
	}
	return nil
}

// Turn records that the agent in paneID took a turn that became entryID in
// conversationID. It replies to every message delivered to that seat in
// that conversation, by a seat, no more than ReplyWithin earlier and not
// replied to yet: a reply edge from this seat back to the sender, carrying
// this turn's entry. A pane with no seat is ignored.
func (r *Runtime) Turn(at time.Time, paneID, conversationID, entryID string) error {
	at, now, err := r.accept(at)
	if err != nil {
		return fmt.Errorf("turn: %w", err)
	}
	if conversationID == "" || entryID == "" {
		return errors.New("turn: conversationId and entryId must not be empty")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.arrive(now, at)
	s := r.roster.inPane(paneID)
	if s == nil {
		return nil
	}
	r.window.reply(at, s.rec, conversationID, entryID)
	r.changed.any, r.changed.edges = true, true
	return nil
}

// Read returns the snapshot as of at: the roster with each seat's standing
// stance, parent seat and last outcome; the spawn edges and the window's
// edges between seats on the roster; and the tallies of the local day. Its
// cursor is the last one if the snapshot says the same as the last Read's
// said, and larger if not. The error is only for a time the wire cannot
// carry or one beyond the skew bound.
//
// The snapshot is immutable and shared: its seats, edges, tallies and
// everything they point to may be shared with snapshots returned before
// and after (what did not change between them), and the runtime never
// modifies any of it, so a caller may hold it, and read it from any
// goroutine, for as long as it likes. The caller must not modify it
// either; copy what it wants to change. The runtime's own state is never
// shared with a snapshot, so a snapshot modified by mistake cannot move a
// count.
func (r *Runtime) Read(at time.Time) (fleet.Snapshot, error) {
	at, now, err := r.accept(at)
	if err != nil {
		return fleet.Snapshot{}, fmt.Errorf("read: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.arrive(now, at)
	// Nothing recorded and time moved forward but not to the horizon: the
	// last snapshot is this one.
	if !r.built || r.changed.any || at.Before(r.builtAt) || !at.Before(r.horizon) {
		if r.build(at) {
			// See docs/runtime.md, "The cursor across a restart".
			r.cursor = max(r.cursor+1, at.UnixMicro()+r.ledger.Size())
		}
		r.built, r.builtAt = true, at
	}
	snap := r.pub
	snap.At, snap.Cursor = at, r.cursor
	return snap, nil
}

func ptr[T any](v T) *T { return &v }
