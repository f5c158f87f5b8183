package replay_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	_ "time/tzdata"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/internal/wirecheck"
	"github.com/schemagen/schemagen/runtime/replay"
)

// update rewrites the golden sections of testdata/*.txtar and the expected
// snapshots of docs/fleetsim when set, as gen/model's tests do.
var update = os.Getenv("SCHEMAGEN_UPDATE") != ""

// checkSnapshot is the one check every printed snapshot passes through.
var checkSnapshot = wirecheck.Snapshot

// run replays events through a fresh ledger holding ledger (if any) and
// returns what fleetsim would print on stdout and stderr, and the ledger
// afterwards.
func run(t *testing.T, events, ledger []byte, loc *time.Location) (out, diag, after []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "seat-ledger.jsonl")
	if ledger != nil {
		if err := os.WriteFile(path, ledger, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var o, d bytes.Buffer
	if _, err := replay.Run(bytes.NewReader(events), &o, &d, replay.Options{Ledger: path, Location: loc}); err != nil {
		t.Fatalf("Run: %v", err)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return o.Bytes(), d.Bytes(), after
}

// checkStream checks every snapshot of one run: each against the contract,
// no pane id of the events in any of them, and the cursor rule between
// consecutive ones. Event lines that diag reports as skipped are left out.
func checkStream(t *testing.T, events, out, diag []byte) {
	t.Helper()
	skipped := map[int]bool{}
	for _, line := range strings.Split(string(diag), "\n") {
		var n int
		if _, err := fmt.Sscanf(line, "line %d:", &n); err == nil {
			skipped[n] = true
		}
	}
	var panes []string
	restarted := map[int]bool{} // reads that follow a restart, by index
	reads := 0
	for i, line := range bytes.Split(events, []byte("\n")) {
		ev, err := fleet.UnmarshalReplayEvent(line)
		if err != nil || skipped[i+1] {
			continue
		}
		switch ev := ev.(type) {
		case *fleet.CensusEvent:
			for _, a := range ev.Agents {
				panes = append(panes, a.PaneID)
			}
		case *fleet.StatusEvent:
			panes = append(panes, ev.PaneID)
		case *fleet.StanceEvent:
			panes = append(panes, ev.PaneID)
		case *fleet.PromptedEvent:
			panes = append(panes, ev.ToPaneID)
		case *fleet.DeliverEvent:
			panes = append(panes, ev.ToPaneID)
		case *fleet.TurnEvent:
			panes = append(panes, ev.PaneID)
		case *fleet.RestartEvent:
			restarted[reads] = true
		case *fleet.ReadEvent:
			reads++
		}
	}
	lines := bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n"))
	if len(out) == 0 {
		lines = nil
	}
	if len(lines) != reads {
		t.Fatalf("%d snapshots for %d read events", len(lines), reads)
	}
	var prev *fleet.Snapshot
	for i, line := range lines {
		snap := checkSnapshot(t, line)
		for _, p := range panes {
			if bytes.Contains(line, []byte(`"`+p+`"`)) {
				t.Errorf("snapshot %d carries pane id %q: %s", i+1, p, line)
			}
		}
		if prev != nil {
			same := content(t, prev) == content(t, &snap)
			switch {
			case restarted[i] && snap.Cursor <= prev.Cursor:
				t.Errorf("snapshot %d: cursor %d after a restart, not above %d", i+1, snap.Cursor, prev.Cursor)
			case restarted[i]:
			case same && snap.Cursor != prev.Cursor:
				t.Errorf("snapshot %d: nothing changed, but the cursor moved from %d to %d", i+1, prev.Cursor, snap.Cursor)
			case !same && snap.Cursor <= prev.Cursor:
				t.Errorf("snapshot %d: the snapshot changed, but the cursor went from %d to %d", i+1, prev.Cursor, snap.Cursor)
			}
		}
		prev = &snap
	}
}

// content is what a snapshot says, its cursor and time aside.
func content(t *testing.T, s *fleet.Snapshot) string {
	c := *s
	c.Cursor, c.At = 0, time.Time{}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestScenarios runs each testdata/*.txtar: a rule of the SPEC or an ADR,
// named by the archive's first comment line, proved by a replay stream
// (events.jsonl, and ledger.jsonl for a ledger that exists at start) and the
// snapshots (want.jsonl), diagnostics (stderr) and ledger afterwards
// (want-ledger.jsonl) it must produce. A "tz: NAME" comment line sets the
// host's calendar (default UTC).
func TestScenarios(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no scenarios")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			rule, loc := header(t, ar.Comment)
			t.Log(rule)
			sec := map[string][]byte{}
			for _, f := range ar.Files {
				sec[f.Name] = f.Data
			}
			events, ok := sec["events.jsonl"]
			if !ok {
				t.Fatal("no events.jsonl")
			}
			out, diag, after := run(t, events, sec["ledger.jsonl"], loc)
			checkStream(t, events, out, diag)
			got := map[string][]byte{"want.jsonl": out, "stderr": diag, "want-ledger.jsonl": after}
			if update {
				writeSections(t, file, ar, got)
				return
			}
			for _, name := range []string{"want.jsonl", "stderr", "want-ledger.jsonl"} {
				if diff := cmp.Diff(string(sec[name]), string(got[name])); diff != "" {
					t.Errorf("%s: %s (-want +got):\n%s", rule, name, diff)
				}
			}
		})
	}
}

func header(t *testing.T, comment []byte) (rule string, loc *time.Location) {
	t.Helper()
	loc = time.UTC
	for _, line := range strings.Split(string(comment), "\n") {
		if name, ok := strings.CutPrefix(line, "tz: "); ok {
			var err error
			if loc, err = time.LoadLocation(name); err != nil {
				t.Fatal(err)
			}
		} else if rule == "" {
			rule = line
		}
	}
	if rule == "" {
		t.Fatal("the archive's comment does not state its rule")
	}
	return rule, loc
}

// writeSections replaces the golden sections of ar with got and rewrites
// file; an empty stderr section is left out.
func writeSections(t *testing.T, file string, ar *txtar.Archive, got map[string][]byte) {
	var files []txtar.File
	for _, f := range ar.Files {
		if _, golden := got[f.Name]; !golden {
			files = append(files, f)
		}
	}
	for _, name := range []string{"want.jsonl", "stderr", "want-ledger.jsonl"} {
		if name == "stderr" && len(got[name]) == 0 {
			continue
		}
		files = append(files, txtar.File{Name: name, Data: got[name]})
	}
	ar.Files = files
	if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExamples keeps the example streams in docs/fleetsim from rotting:
// each NAME.jsonl, replayed with --tz UTC and a fresh ledger, prints exactly
// NAME.want.jsonl, and every snapshot in it holds to the contract.
func TestExamples(t *testing.T) {
	files, _ := filepath.Glob("../../docs/fleetsim/*.jsonl")
	n := 0
	for _, file := range files {
		if strings.HasSuffix(file, ".want.jsonl") {
			continue
		}
		n++
		name := strings.TrimSuffix(filepath.Base(file), ".jsonl")
		t.Run(name, func(t *testing.T) {
			events, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			out, diag, _ := run(t, events, nil, time.UTC)
			if len(diag) > 0 {
				t.Errorf("stderr:\n%s", diag)
			}
			checkStream(t, events, out, diag)
			wantFile := strings.TrimSuffix(file, ".jsonl") + ".want.jsonl"
			if update {
				if err := os.WriteFile(wantFile, out, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(wantFile)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), string(out)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", wantFile, diff)
			}
		})
	}
	if n < 4 {
		t.Errorf("%d example streams in docs/fleetsim, want at least 4", n)
	}
}
