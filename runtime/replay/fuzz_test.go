package replay_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime/replay"
)

// seeds adds every event stream in testdata and docs/fleetsim to f's corpus,
// whole or line by line, so that plain go test runs them too.
func seeds(f *testing.F, lines bool) {
	var streams [][]byte
	archives, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range archives {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range ar.Files {
			if af.Name == "events.jsonl" {
				streams = append(streams, af.Data)
			}
		}
	}
	examples, _ := filepath.Glob("../../docs/fleetsim/*.jsonl")
	for _, file := range examples {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		streams = append(streams, b)
	}
	if len(streams) == 0 {
		f.Fatal("no seed streams")
	}
	for _, s := range streams {
		if !lines {
			f.Add(s)
			continue
		}
		for _, line := range bytes.Split(s, []byte("\n")) {
			f.Add(line)
		}
	}
}

// FuzzReplay feeds arbitrary input to the replay driver: whatever the
// lines, it must not fail or panic, and every snapshot it prints must hold
// to the contract.
func FuzzReplay(f *testing.F) {
	seeds(f, false)
	f.Fuzz(func(t *testing.T, in []byte) {
		path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
		var out, diag bytes.Buffer
		if _, err := replay.Run(bytes.NewReader(in), &out, &diag, replay.Options{Ledger: path, Location: time.UTC, NoSync: true}); err != nil {
			t.Fatalf("Run: %v", err)
		}
		for _, line := range bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n")) {
			if len(line) > 0 {
				checkSnapshot(t, line)
			}
		}
	})
}

// FuzzUnmarshalReplayEvent fuzzes the replay decoder alone: an event it
// accepts must validate without panicking and survive an encode and decode
// unchanged.
func FuzzUnmarshalReplayEvent(f *testing.F) {
	seeds(f, true)
	f.Fuzz(func(t *testing.T, line []byte) {
		ev, err := fleet.UnmarshalReplayEvent(line)
		if err != nil {
			return
		}
		_ = ev.Validate()
		b, err := json.Marshal(ev)
		if err != nil {
			t.Fatalf("an accepted event does not encode: %v\n%s", err, line)
		}
		again, err := fleet.UnmarshalReplayEvent(b)
		if err != nil {
			t.Fatalf("an encoded event does not decode: %v\n%s", err, b)
		}
		if diff := cmp.Diff(ev, again); diff != "" {
			t.Fatalf("round trip changed the event (-first +again):\n%s", diff)
		}
	})
}
