// Package wirecheck holds the one check every test applies to a snapshot
// the runtime prints, so that there is one place to make it stricter.
package wirecheck

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// Snapshot checks one line fleetsim printed against the wire contract and
// returns it decoded: it must decode with the generated decoder (which
// refuses missing required fields, nulls and unknown enum members), pass the
// generated Validate, and encode back to exactly the same bytes.
//
// TODO(lead): validate line against
// generated/jsonschema/fleet/strict/snapshot.schema.json here too once the
// JSON Schema set lands; every snapshot the tests print passes through this
// one function.
func Snapshot(t testing.TB, line []byte) fleet.Snapshot {
	t.Helper()
	var snap fleet.Snapshot
	if err := json.Unmarshal(line, &snap); err != nil {
		t.Fatalf("snapshot does not decode: %v\n%s", err, line)
	}
	if err := snap.Validate(); err != nil {
		t.Fatalf("snapshot does not validate: %v\n%s", err, line)
	}
	again, err := json.Marshal(snap)
	if err != nil {
		t.Fatalf("snapshot does not encode: %v", err)
	}
	if !bytes.Equal(again, line) {
		t.Fatalf("snapshot changes on a round trip:\n in: %s\nout: %s", line, again)
	}
	return snap
}

// Snapshots checks every line of out, as Snapshot does.
func Snapshots(t testing.TB, out []byte) []fleet.Snapshot {
	t.Helper()
	var snaps []fleet.Snapshot
	for line := range bytes.Lines(out) {
		snaps = append(snaps, Snapshot(t, bytes.TrimSuffix(line, []byte("\n"))))
	}
	return snaps
}
