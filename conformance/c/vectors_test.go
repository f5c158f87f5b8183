package c_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/schemagen/schemagen/generated/go/deck"
	"github.com/schemagen/schemagen/internal/golden"
)

// The committed golden files of the codec, in testdata/vectors: deck files
// as the firmware meets them, each with its expected decode in
// vectors.json (the status, the version it came from and, for one that
// loads, the current-version file it loads as and a few facts by name).
// The Go loader and the C codec are both held to them (TestFileVectors),
// and they seed the differential. SCHEMAGEN_UPDATE=1 rewrites them from
// the builders below.
var vectorDir = filepath.Join("testdata", "vectors")

// update rewrites the golden files instead of comparing with them.
var update = golden.Update()

// fileVector is one entry of vectors.json.
type fileVector struct {
	File        string `json:"file"`
	About       string `json:"about"`
	Status      string `json:"status"`      // a deck_file.h status: ok, migrated, crc, …
	FromVersion int    `json:"fromVersion"` // as deck_file_decode's *from_version
	// Loaded is the file of the current version the vector loads as
	// (deck.Encode of what deck.Load gives; deck_file_encode in C).
	Loaded string       `json:"loaded,omitempty"`
	Facts  *vectorFacts `json:"facts,omitempty"`

	data []byte
}

// vectorFacts are some of a loaded state's values, by schema name.
type vectorFacts struct {
	Handle      string         `json:"handle"`
	Credits     uint32         `json:"credits"`
	Reputation  int32          `json:"reputation"`
	Owned       []string       `json:"owned"`
	Consumables map[string]int `json:"consumables"`
	LastMission string         `json:"mission_log[0].outcome"`
}

func factsOf(st *deck.DeckState) *vectorFacts {
	f := &vectorFacts{Credits: st.Credits, Reputation: st.Reputation, Owned: []string{}, Consumables: map[string]int{},
		Handle: string(bytes.TrimRight(st.Handle[:], "\x00")), LastMission: st.MissionLog[0].Outcome.String()}
	for _, it := range deck.CatalogItems() {
		if it.Slot >= 0 {
			if n, _ := deck.OwnershipConsumableCount(st, it.Slot); n > 0 {
				f.Consumables[it.Name] = int(n)
			}
		} else if has, _ := deck.OwnershipHas(st, it.ID); has {
			f.Owned = append(f.Owned, it.Name)
		}
	}
	return f
}

// career is a v6 career as a player leaves it: the starter kit, items
// bought and discovered, consumables bought and used, a handle, credits,
// a negative reputation and a settled mission.
func career(t *testing.T) []byte {
	st := deck.NewDeckState()
	copy(st.Handle[:], "NIGHTJAR")
	st.Credits, st.Reputation, st.CareerSeconds = 48213, -17, 3_600_123
	st.MissionsCompleted, st.MissionsFailed = 41, 6
	st.SourceCartridgeBits = 1<<0 | 1<<3 | 1<<16
	st.Settings = deck.Settings{Volume: 200, Brightness: 180, TextSpeed: 2, Flags: 1}
	st.CartHistory[3] = deck.CartRecord{CartID: 0xC0FFEE, FirstSeenUnix: 1_780_000_000, PlaySeconds: 7200, Missions: 12, Flags: 2}
	st.MissionLog[0] = deck.MissionLogEntry{MissionID: 9001, CompletedUnix: 1_780_100_000, CreditsDelta: 1500, ReputationDelta: -3, Outcome: deck.MissionOutcomeCompleted, Cart: 3}
	st.MissionLog[1] = deck.MissionLogEntry{MissionID: 9002, CompletedUnix: 1_780_200_000, CreditsDelta: -250, ReputationDelta: -9, Outcome: deck.MissionOutcomeAbandoned, Cart: 3}
	st.Stats[0], st.Stats[15] = 77, 0xFFFFFFFF
	copy(st.ReplHistory.Slots[0][:], "scan 10.0.0.7")
	st.ReplHistory.Head, st.ReplHistory.Count = 1, 1
	st.Keystore.Count = 1
	st.Keystore.Keys[0] = deck.KeyEntry{KeyID: 4, GrantedUnix: 1_780_050_000, Material: [8]byte{1, 2, 3, 4, 5, 6, 7, 8}}
	for _, o := range []deck.OwnershipOutcome{
		deck.OwnershipPurchase(deck.CatalogVerbScan), deck.OwnershipPurchase(deck.CatalogProgramNetwalk), deck.OwnershipPurchase(deck.CatalogNetwalkTier2),
		deck.OwnershipPurchase(deck.CatalogRigMemory), deck.OwnershipDiscovery(deck.CatalogGearOpticTap),
		deck.OwnershipBought(deck.CatalogStimPatch, 3), deck.OwnershipBought(deck.CatalogRepairKit, 12), deck.OwnershipUsed(deck.CatalogRepairKit, 2),
	} {
		if err := deck.OwnershipCommit(st, o); err != nil {
			t.Fatal(err)
		}
	}
	return deck.Encode(st)
}

// buildVectors makes every vector from its builder.
func buildVectors(t *testing.T) []fileVector {
	v5, err := os.ReadFile(filepath.Join(root, "deck", "testdata", "v5.deck"))
	if err != nil {
		t.Fatal(err)
	}
	v6 := career(t)
	flipped := bytes.Clone(v6)
	flipped[deck.FileHeaderSize+deck.DeckStateCreditsOffset] ^= 0x01
	payload := v6[deck.FileHeaderSize : len(v6)-deck.FileCRCSize]
	vecs := []fileVector{
		{File: "v5-payload-len-0.deck", About: "a version 5 file as the firmware wrote it before files said their own size (payload_len 0), a distinct value in every field: migrates, the ledger empty", data: v5},
		{File: "v5-payload-len-4060.deck", About: "the same file stating payload_len 4060", data: reframe(v5, setU16(deck.DeckFileHeaderPayloadLenOffset, deck.PayloadSizeV5))},
		{File: "v6-career.deck", About: "a version 6 career: the starter kit, purchases, a discovery, consumables bought and used", data: v6},
		{File: "v6-crc-damaged.deck", About: "the career with one bit of credits flipped and the CRC left", data: flipped},
		{File: "v6-truncated.deck", About: "the career missing its last 10 bytes", data: v6[:len(v6)-10]},
		{File: "v6-payload-len-4060.deck", About: "the career claiming a version 5 payload", data: reframe(v6, setU16(deck.DeckFileHeaderPayloadLenOffset, deck.PayloadSizeV5))},
		{File: "v7-newer.deck", About: "a file of the version after this build's, 4 bytes longer: never written over", data: withPayload(deck.StructVersion+1, deck.PayloadSizeV6+4, payload, deck.PayloadSizeV6+4)},
		{File: "v4-reinitialize.deck", About: "a version 4 file: older than migrate_from", data: withPayload(4, deck.PayloadSizeV4, payload, deck.PayloadSizeV4)},
		{File: "not-a-deck.deck", About: "a text file", data: []byte("hello, deck\n")},
	}
	for i := range vecs {
		v := &vecs[i]
		g := goVerdict(t, v.data)
		v.Status, v.FromVersion = statusNames[g.Status], g.From
		if g.Encoded != nil {
			var st deck.DeckState
			deck.Load(v.data, &st)
			v.Facts = factsOf(&st)
			v.Loaded = trimExt(v.File) + ".loaded.deck"
			if bytes.Equal(g.Encoded, v.data) {
				v.Loaded = v.File // a current file loads as itself
			}
		}
	}
	return vecs
}

func trimExt(name string) string { return name[:len(name)-len(filepath.Ext(name))] }

// loadVectors reads vectors.json and the files it names.
func loadVectors(t *testing.T) []fileVector {
	b, err := os.ReadFile(filepath.Join(vectorDir, "vectors.json"))
	if err != nil {
		t.Fatalf("%v (SCHEMAGEN_UPDATE=1 go test ./conformance/c -run TestFileVectors writes the vectors)", err)
	}
	var vecs []fileVector
	if err := json.Unmarshal(b, &vecs); err != nil {
		t.Fatal(err)
	}
	for i := range vecs {
		if vecs[i].data, err = os.ReadFile(filepath.Join(vectorDir, vecs[i].File)); err != nil {
			t.Fatal(err)
		}
	}
	return vecs
}

func vectorData(t *testing.T, vecs []fileVector, name string) []byte {
	for _, v := range vecs {
		if v.File == name {
			return v.data
		}
	}
	t.Fatalf("no vector %s", name)
	return nil
}

// TestFileVectors checks the committed vectors: they are what their
// builders make; the Go loader gives each its expected decode (status,
// from-version, the loaded file, the facts); and the C codec, built with
// gcc, gives the same status and from-version and re-encodes the same
// loaded file. The SPEC's sizes hold: a v5 file is 4072 bytes, a v6 4200.
func TestFileVectors(t *testing.T) {
	built := buildVectors(t)
	if update {
		os.MkdirAll(vectorDir, 0o755)
		for _, v := range built {
			os.WriteFile(filepath.Join(vectorDir, v.File), v.data, 0o644)
			if v.Loaded != "" && v.Loaded != v.File {
				os.WriteFile(filepath.Join(vectorDir, v.Loaded), goVerdict(t, v.data).Encoded, 0o644)
			}
		}
		b, _ := json.MarshalIndent(built, "", "  ")
		os.WriteFile(filepath.Join(vectorDir, "vectors.json"), append(b, '\n'), 0o644)
	}
	vecs := loadVectors(t)
	if len(vecs) != len(built) {
		t.Fatalf("vectors.json has %d vectors, the builders %d; rerun with SCHEMAGEN_UPDATE=1", len(vecs), len(built))
	}
	for i, v := range vecs {
		b := built[i]
		if v.File != b.File || !bytes.Equal(v.data, b.data) {
			t.Errorf("%s is not what its builder makes; rerun with SCHEMAGEN_UPDATE=1 if the builder changed on purpose", v.File)
		}
	}
	if n := len(vectorData(t, vecs, "v5-payload-len-0.deck")); n != 4072 {
		t.Errorf("the v5 vector is %d bytes; a v5 file is 4072", n)
	}
	if n := len(vectorData(t, vecs, "v6-career.deck")); n != 4200 {
		t.Errorf("the v6 vector is %d bytes; a v6 file is 4200", n)
	}

	files := make([]corpusFile, len(vecs))
	for i, v := range vecs {
		files[i] = corpusFile{v.File, v.data}
	}
	cV := cVerdicts(t, buildDriver(t, targets[0]), files)
	for i, v := range vecs {
		t.Run(v.File, func(t *testing.T) {
			var loaded []byte
			if v.Loaded != "" {
				var err error
				if loaded, err = os.ReadFile(filepath.Join(vectorDir, v.Loaded)); err != nil {
					t.Fatal(err)
				}
				if len(loaded) != 4200 {
					t.Errorf("%s is %d bytes; a current file is 4200", v.Loaded, len(loaded))
				}
			}
			for _, side := range []struct {
				name string
				got  verdict
			}{{"Go", goVerdict(t, v.data)}, {"C", cV[i]}} {
				if statusNames[side.got.Status] != v.Status || side.got.From != v.FromVersion {
					t.Errorf("%s: %s from %d; vectors.json says %s from %d", side.name, statusNames[side.got.Status], side.got.From, v.Status, v.FromVersion)
				}
				if !bytes.Equal(side.got.Encoded, loaded) {
					t.Errorf("%s: the loaded file is not %s", side.name, v.Loaded)
				}
			}
			if v.Facts != nil {
				var st deck.DeckState
				if _, err := deck.Load(v.data, &st); err != nil {
					t.Fatal(err)
				}
				got := factsOf(&st)
				if gb, _ := json.Marshal(got); !bytes.Equal(gb, mustJSON(v.Facts)) {
					t.Errorf("facts %s; vectors.json says %s", gb, mustJSON(v.Facts))
				}
			}
		})
	}
	// The career's facts, stated here as well as in the file.
	f := vecs[2].Facts
	if vecs[2].File != "v6-career.deck" || f == nil || !slices.Contains(f.Owned, "verb_scan") || f.Consumables["repair_kit"] != 10 || f.Reputation != -17 || f.LastMission != "completed" {
		t.Errorf("the career vector's facts: %+v", f)
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
