// Package wirecheck holds the one check every test applies to a snapshot
// the runtime prints, so that there is one place to make it stricter.
package wirecheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	jsv "github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// StrictSnapshotSchema is the schema every printed snapshot must satisfy,
// relative to the module root: the strict set refuses unknown properties,
// so a field the runtime invents fails here. It is read from the strict
// bundle, which holds every schema of the set in one document.
const (
	StrictSnapshotSchema = "generated/jsonschema/fleet.strict.schema.json#/$defs/Snapshot"
	strictBundle         = "generated/jsonschema/fleet.strict.schema.json"
)

var (
	schemaOnce sync.Once
	schema     *jsv.Schema
	schemaErr  error
)

// strictSnapshot compiles StrictSnapshotSchema once, with format assertions
// on and no network: the bundle is self-contained.
func strictSnapshot() (*jsv.Schema, error) {
	schemaOnce.Do(func() {
		_, here, _, _ := runtime.Caller(0)
		path := filepath.Join(filepath.Dir(here), "..", "..", filepath.FromSlash(strictBundle))
		data, err := os.ReadFile(path)
		if err != nil {
			schemaErr = err
			return
		}
		var head struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(data, &head); err != nil {
			schemaErr = fmt.Errorf("%s: %v", StrictSnapshotSchema, err)
			return
		}
		c := jsv.NewCompiler()
		c.Draft = jsv.Draft2020
		c.AssertFormat = true
		c.LoadURL = func(u string) (io.ReadCloser, error) {
			return nil, fmt.Errorf("%s refers to %s; it must be self-contained", StrictSnapshotSchema, u)
		}
		if err := c.AddResource(head.ID, bytes.NewReader(data)); err != nil {
			schemaErr = err
			return
		}
		schema, schemaErr = c.Compile(head.ID + "#/$defs/Snapshot")
	})
	return schema, schemaErr
}

// Snapshot checks one line fleetsim printed against the wire contract and
// returns it decoded: it must satisfy the strict JSON Schema the app team's
// fixtures are held to, decode with the generated decoder (which refuses
// missing required fields, nulls and unknown enum members), pass the
// generated Validate, and encode back to exactly the same bytes.
func Snapshot(t testing.TB, line []byte) fleet.Snapshot {
	t.Helper()
	s, err := strictSnapshot()
	if err != nil {
		t.Fatalf("loading %s: %v", StrictSnapshotSchema, err)
	}
	var doc any
	if err := json.Unmarshal(line, &doc); err != nil {
		t.Fatalf("snapshot is not JSON: %v\n%s", err, line)
	}
	if err := s.Validate(doc); err != nil {
		t.Fatalf("snapshot breaks %s: %v\n%s", StrictSnapshotSchema, err, line)
	}
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
