package inspect

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

var update = os.Getenv("SCHEMAGEN_UPDATE") != ""

// career is a current deck with something in the fields inspect treats
// specially: strings, a negative number, nested structs, the ledger.
func career(t testing.TB) []byte {
	st := layout.NewDeckState()
	copy(st.Handle[:], "ACE")
	st.Credits = 1250
	st.Reputation = -17
	st.CartHistory[3] = layout.CartRecord{CartID: 0xC0FFEE, FirstSeenUnix: 1_700_000_000, PlaySeconds: 3600, Missions: 12, Flags: 1}
	copy(st.ReplHistory.Slots[0][:], "scan --deep")
	copy(st.ReplHistory.Slots[1][:], `say "hi"\`)
	st.ReplHistory.Count = 2
	st.MissionLog[63].CreditsDelta = -300
	st.Keystore.Keys[23].Material[7] = 0xFF
	for _, o := range []layout.OwnershipOutcome{layout.OwnershipPurchase(layout.CatalogVerbScan), layout.OwnershipDiscovery(layout.CatalogLoomTier4), layout.OwnershipBought(layout.CatalogStimPatch, 3)} {
		if err := layout.OwnershipCommit(st, o); err != nil {
			t.Fatal(err)
		}
	}
	return layout.Encode(st)
}

func fixture(t testing.TB) []byte {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "v5.deck"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGolden compares the JSON of the v5 fixture and of a current career
// with testdata/*.json; rewrite them with SCHEMAGEN_UPDATE=1.
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		file []byte
	}{{"v5", fixture(t)}, {"career", career(t)}} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := File(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			got := r.JSON()
			if !json.Valid(got) {
				t.Fatalf("invalid JSON:\n%s", got)
			}
			path := filepath.Join("testdata", tc.name+".json")
			if update {
				os.MkdirAll("testdata", 0o755)
				os.WriteFile(path, got, 0o644)
			}
			want, _ := os.ReadFile(path)
			if !bytes.Equal(got, want) {
				t.Errorf("inspect of %s differs from %s; rerun with SCHEMAGEN_UPDATE=1 if intended:\n%s", tc.name, path, got)
			}
		})
	}
}

// TestCareer reads the career's JSON back and checks the special cases.
func TestCareer(t *testing.T) {
	r, err := File(career(t))
	if err != nil || r.Load != nil || !r.CRCOK {
		t.Fatalf("File: %v, load %v, crcOK %v", err, r.Load, r.CRCOK)
	}
	var got struct {
		Version     int
		PayloadSize int
		CRCOK       bool
		Load        string
		Fields      struct {
			Handle       string
			Reputation   int
			Cart_history []map[string]int
			Repl_history struct{ Slots []string }
			Mission_log  []map[string]int
			Keystore     struct{ Keys []struct{ Material []int } }
		}
		Owned struct {
			Header      string
			Items       []string
			Consumables map[string]int
		}
	}
	if err := json.Unmarshal(r.JSON(), &got); err != nil {
		t.Fatal(err)
	}
	f := got.Fields
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"version 6", got.Version == 6 && got.PayloadSize == 4188 && got.CRCOK && got.Load == "ok"},
		{"handle ACE", f.Handle == "ACE"},
		{"reputation -17", f.Reputation == -17},
		{"cart_history[3]", len(f.Cart_history) == 17 && f.Cart_history[3]["cart_id"] == 0xC0FFEE && f.Cart_history[3]["play_seconds"] == 3600},
		{"repl slots", len(f.Repl_history.Slots) == 16 && f.Repl_history.Slots[0] == "scan --deep" && f.Repl_history.Slots[1] == `say "hi"\` && f.Repl_history.Slots[2] == ""},
		{"mission_log[63]", len(f.Mission_log) == 64 && f.Mission_log[63]["credits_delta"] == -300},
		{"key material", len(f.Keystore.Keys) == 24 && f.Keystore.Keys[23].Material[7] == 255},
		{"owned", got.Owned.Header == "blob version 1" && strings.Join(got.Owned.Items, " ") == "verb_connect verb_list verb_read program_shell gear_field_manual verb_scan loom_tier_4"},
		{"consumables", got.Owned.Consumables["stim_patch"] == 3 && got.Owned.Consumables["data_spike"] == 0 && len(got.Owned.Consumables) == 6},
	} {
		if !c.ok {
			t.Errorf("%s: wrong in\n%s", c.what, r.JSON())
		}
	}
}

// TestEveryVersion: every field of every known version is in the JSON,
// named as in the schema, in layout order.
func TestEveryVersion(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for v := 1; v <= layout.StructVersion; v++ {
		size, ok := layout.PayloadSize(v)
		if !ok {
			continue
		}
		payload := make([]byte, size)
		for i := range payload {
			payload[i] = byte(r.Uint32())
		}
		file, err := layout.EncodeFile(uint16(v), payload)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := File(file)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range layout.Fields(v) {
			names = append(names, f.Name)
		}
		if got := keys(t, rep.JSON(), "fields"); strings.Join(got, " ") != strings.Join(names, " ") {
			t.Errorf("version %d: fields %v, want %v", v, got, names)
		}
		wantLoad := v >= layout.MigrateMinVersion
		if (rep.Load == nil) != wantLoad {
			t.Errorf("version %d: load %v", v, rep.Load)
		}
	}
}

// keys returns the keys, in order, of the object at top-level key name.
func keys(t *testing.T, doc []byte, name string) []string {
	d := json.NewDecoder(bytes.NewReader(doc))
	var out []string
	depth := 0
	in := false
	for {
		tok, err := d.Token()
		if err != nil {
			return out
		}
		switch tok := tok.(type) {
		case json.Delim:
			if tok == '{' || tok == '[' {
				depth++
			} else {
				depth--
				if in && depth == 1 {
					return out
				}
			}
		case string:
			if depth == 1 && tok == name {
				in = true
			} else if in && depth == 2 && d.More() {
				out = append(out, tok)
				var skip json.RawMessage
				if err := d.Decode(&skip); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestDamaged: a bad CRC is reported, fields and all; a file whose header
// cannot be trusted is an error.
func TestDamaged(t *testing.T) {
	file := career(t)
	file[20] ^= 0x80 // reputation
	r, err := File(file)
	if err != nil {
		t.Fatal(err)
	}
	var ce *layout.CRCError
	if r.CRCOK || !errors.As(r.Load, &ce) || r.fields == nil || r.owned == nil {
		t.Fatalf("a bad CRC: crcOK %v, load %v", r.CRCOK, r.Load)
	}
	if !strings.Contains(string(r.JSON()), `"load": "deck: CRC mismatch`) {
		t.Errorf("the JSON does not say the CRC is wrong:\n%.300s", r.JSON())
	}
	for _, bad := range [][]byte{[]byte("not a deck"), file[:100], nil} {
		if r, err := File(bad); err == nil || r != nil {
			t.Errorf("File(%.12q) = %v, %v", bad, r, err)
		}
	}
	// A newer version: the header, no fields.
	newer, _ := layout.EncodeFile(layout.StructVersion+1, []byte("future"))
	r, err = File(newer)
	if err != nil || r.fields != nil || r.owned != nil || !errors.Is(r.Load, layout.ErrNewerVersion) {
		t.Fatalf("a newer file: %v, %+v", err, r)
	}
}

// FuzzInspect: File never panics and never changes its input; a report is
// valid JSON, with fields whenever the version is known.
func FuzzInspect(f *testing.F) {
	f.Add(fixture(f), false)
	f.Add(career(f), false)
	f.Add(career(f)[:50], true)
	newer, _ := layout.EncodeFile(layout.StructVersion+1, []byte("future"))
	f.Add(newer, false)
	f.Fuzz(func(t *testing.T, file []byte, fixCRC bool) {
		if fixCRC && len(file) >= 12 {
			file = bytes.Clone(file)
			end := len(file) - 4
			binary.LittleEndian.PutUint32(file[end:], crc32.ChecksumIEEE(file[:end]))
		}
		in := bytes.Clone(file)
		r, err := File(file)
		if !bytes.Equal(in, file) {
			t.Fatal("File changed its input")
		}
		if err != nil {
			if r != nil {
				t.Fatal("a report and an error")
			}
			return
		}
		out := r.JSON()
		if !json.Valid(out) {
			t.Fatalf("invalid JSON:\n%s", out)
		}
		if _, known := layout.PayloadSize(r.Version); known != (r.fields != nil) {
			t.Fatalf("version %d: fields %v", r.Version, r.fields != nil)
		}
	})
}
