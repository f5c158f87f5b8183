package replay_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/internal/benchpair"
	"github.com/schemagen/schemagen/runtime/replay"
)

// busyStream is a day of a busy fleet as fleetsim reads it: a census of 64
// agents, then n events — status changes that settle runs, deliveries and
// turns, Herdr prompts, stances (some celebrations), a census every 500
// events, and a read every 1,000.
func busyStream(n int) []byte {
	rng := rand.New(rand.NewPCG(7, 7))
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	at := time.Date(2026, 9, 6, 8, 0, 0, 0, time.UTC)
	agents := make([]fleet.CensusAgent, 64)
	for i := range agents {
		agents[i] = fleet.CensusAgent{PaneID: fmt.Sprintf("%%%d", i), TerminalID: fmt.Sprintf("term-%04x", i*257), Name: fmt.Sprintf("Seat %d", i), Status: fleet.AgentStatusWorking, Cwd: ptr("/src/deck")}
		if i > 0 {
			agents[i].ParentPaneID = ptr(fmt.Sprintf("%%%d", (i-1)/2))
		}
	}
	pane := func() string { return fmt.Sprintf("%%%d", rng.IntN(64)) }
	for i := range n {
		at = at.Add(time.Duration(rng.IntN(400)) * time.Millisecond)
		var ev fleet.ReplayEvent
		switch {
		case i%500 == 0:
			ev = &fleet.CensusEvent{At: at, Agents: agents}
		case i%1000 == 999:
			ev = &fleet.ReadEvent{At: at}
		default:
			switch rng.IntN(10) {
			case 0, 1, 2:
				st := []fleet.AgentStatus{fleet.AgentStatusWorking, fleet.AgentStatusIdle, fleet.AgentStatusBlocked, fleet.AgentStatusDone}[rng.IntN(4)]
				ev = &fleet.StatusEvent{At: at, PaneID: pane(), Status: st}
			case 3, 4:
				ev = &fleet.DeliverEvent{At: at, ToPaneID: pane(), FromPaneID: ptr(pane()), ConversationID: "room", EntryID: fmt.Sprint("e", i)}
			case 5, 6:
				ev = &fleet.TurnEvent{At: at, PaneID: pane(), ConversationID: "room", EntryID: fmt.Sprint("t", i)}
			case 7:
				ev = &fleet.PromptedEvent{At: at, ToPaneID: pane(), FromPaneID: ptr(pane())}
			default:
				ev = &fleet.StanceEvent{At: at, PaneID: pane(), Pose: fleet.PoseValues()[rng.IntN(6)], Note: ptr("on the build")}
			}
		}
		if err := enc.Encode(ev); err != nil {
			panic(err)
		}
	}
	return b.Bytes()
}

func ptr[T any](v T) *T { return &v }

// BenchmarkFleetsim measures fleetsim's replay (replay.Run, what the
// command runs, on a fresh ledger each time) over a busy stream, paired
// with decoding the same stream's lines with the generated decoder, the
// floor of reading it at all. Goal: at most 3x that floor. It prints
// events per second beside it.
func BenchmarkFleetsim(b *testing.B) {
	const events = 20_000
	stream := busyStream(events)
	lines := bytes.Split(bytes.TrimSuffix(stream, []byte("\n")), []byte("\n"))
	path := filepath.Join(b.TempDir(), "seat-ledger.jsonl")
	run := func(n int) {
		for range n {
			os.Remove(path)
			var diag bytes.Buffer
			if _, err := replay.Run(bytes.NewReader(stream), io.Discard, &diag, replay.Options{Ledger: path, Location: time.UTC, NoSync: true}); err != nil || diag.Len() > 0 {
				b.Fatalf("%v\n%s", err, diag.Bytes())
			}
		}
	}
	decode := func(n int) {
		for range n {
			for _, line := range lines {
				if _, err := fleet.UnmarshalReplayEvent(line); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	r := benchpair.Compare(run, decode, benchpair.Options{Rounds: 11, Batch: 200 * time.Millisecond})
	// The goal: the runtime's own work on an event (and the ledger's, and
	// printing reads) costs at most twice reading the event.
	fmt.Println("pair " + benchpair.Line(fmt.Sprintf("fleetsim vs decoding its input (%d events)", events), r, benchpair.AtMost(3)))
	perSec := events / (r.ANs / 1e9)
	fmt.Printf("pair fleetsim: %.0fk events/s, decoding alone %.0fk events/s goal report only (the ratio above is the goal): reported\n",
		perSec/1e3, events/(r.BNs/1e9)/1e3)
	b.ReportMetric(perSec, "events/s")
}
