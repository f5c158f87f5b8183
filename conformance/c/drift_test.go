package c_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/generated/go/deck"
	"github.com/schemagen/schemagen/internal/modcopy"
)

// The drift proof: the firmware team's day-one failure, run as a test. A
// scratch copy of the module gets one field appended to DeckState,
// @since(7) with its recorded size, and is regenerated; testdata/firmware.c,
// which uses only the generated API, is built unchanged against it. It must
// write version 7 files and load them back, migrate v5 and v6 files (their
// fields intact where version 7 puts them), refuse a v8 file without
// writing, and recover from a crash at every step of its save. The same
// program against this module's own headers is the baseline. A second
// scratch schema also drops a field at version 7, stating the loss, so
// that every field after it moves: a migration that copied the shared
// prefix would get it wrong; the generated one moves each field.

const driftField = `	// Appended by the drift proof: a field the firmware source never names.
	drift_probe: "uint32" @since(7)
}`

// scratchModule copies the module to a temporary directory (without .git,
// node_modules and built binaries), appends driftField to #DeckState with
// version 7 (size7 bytes, with loss when it drops stats), and regenerates
// generated/ there.
func scratchModule(t *testing.T, size7 int, loss string) string {
	t.Helper()
	dst := t.TempDir()
	src, _ := filepath.Abs(root)
	modcopy.Copy(t, src, dst)
	cue := filepath.Join(dst, "schema", "deck", "deck.cue")
	b, err := os.ReadFile(cue)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	end := regexp.MustCompile(`(?m)^\townership: "uint8\[128\]" @since\(6\)\n\}`)
	last := regexp.MustCompile(`(?m)^(\t\t\{version: 6, size: 4188\},\n)`)
	if !end.MatchString(s) || !last.MatchString(s) {
		t.Fatalf("%s no longer ends #DeckState with ownership @since(6) and versions with v6; update the drift proof", cue)
	}
	s = end.ReplaceAllLiteralString(s, "\townership: \"uint8[128]\" @since(6)\n"+driftField)
	entry := fmt.Sprintf("{version: 7, size: %d}", size7)
	if loss != "" {
		stats := "\tstats: \"uint32[16]\" @since(3)\n"
		if !strings.Contains(s, stats) {
			t.Fatalf("%s has no stats field to drop; update the drift proof", cue)
		}
		s = strings.Replace(s, stats, "\tstats: \"uint32[16]\" @since(3) @removed(7)\n", 1)
		entry = fmt.Sprintf("{version: 7, size: %d, loss: %q}", size7, loss)
	}
	s = last.ReplaceAllString(s, "$1\t\t// The drift proof's version.\n\t\t"+entry+",\n")
	if err := os.WriteFile(cue, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := modcopy.GoCmd(dst, "run", "./cmd/schemagen", "generate").CombinedOutput(); err != nil {
		t.Fatalf("schemagen generate in the scratch module: %v\n%s", err, out)
	}
	return dst
}

// firmware builds testdata/firmware.c against the generated C in cdir.
func firmware(t *testing.T, cdir string) string {
	t.Helper()
	dir := t.TempDir()
	copyFile(t, filepath.Join("testdata", "firmware.c"), filepath.Join(dir, "firmware.c"))
	tg := targetNamed(t, "gcc x86-64 sanitized")
	args := append(append(append([]string{}, strict...), tg.flags...), "-I", cdir, "-o", "firmware", "firmware.c", filepath.Join(cdir, "deck_file.c"))
	cmd := exec.Command(tool(t, tg.cc), args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building firmware.c against %s: %v\n%s", cdir, err, out)
	}
	return filepath.Join(dir, "firmware")
}

// deckDir is a card: a folder holding DECK.BIN and perhaps DECK.NEW.
type deckDir string

func (d deckDir) path(name string) string { return filepath.Join(string(d), name) }

func (d deckDir) read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(d.path(name))
	if err != nil {
		t.Fatalf("the card: %v", err)
	}
	return b
}

func (d deckDir) names() []string {
	es, _ := os.ReadDir(string(d))
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// run runs the firmware on the card and returns what it printed.
func (d deckDir) run(t *testing.T, prog string, args ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command(prog, append([]string{string(d)}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if stderr.Len() > 0 {
		t.Fatalf("firmware %v wrote to stderr (a sanitizer?):\n%s", args, stderr.Bytes())
	}
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("firmware %v: %v\n%s", args, err, out)
	}
	return string(out), err == nil
}

func mustSay(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Fatalf("the firmware did not say %q; it said:\n%s", w, out)
		}
	}
}

// fileOf checks that b is a sound deck file of version v (header, length
// and CRC, as deck.Parse checks them whatever the version) and returns its
// payload.
func fileOf(t *testing.T, b []byte, v int, size int) []byte {
	t.Helper()
	h, payload, err := deck.Parse(b)
	if err != nil || int(h.Version) != v || len(payload) != size {
		t.Fatalf("the card holds version %d with a %d-byte payload (%v); want a sound version %d file of %d bytes", h.Version, len(payload), err, v, size)
	}
	return payload
}

// driftCase is the firmware's life on one build: the version it writes
// and the size of its payload, and the file of the version after it.
type driftCase struct {
	name    string
	cdir    string
	version int
	size    int
	layout  *layoutmodel.Layout
}

// TestDriftProof runs the firmware, unchanged, on this schema's headers
// (the baseline) and on a scratch schema with a field appended at version
// 7, and holds both to the same life: a new career written in the build's
// version and loaded back, a v5 and a v6 career migrated with every field
// kept, the next version's file refused and left as it was, and a crash at
// each step of a save recovered to the old career or the new one. It also
// checks that the scratch run's types.h and this run's deck_file.c refuse
// to build together.
func TestDriftProof(t *testing.T) {
	tool(t, "gcc")
	scratch := scratchModule(t, 4192, "")
	lossy := scratchModule(t, 4128, "the career statistics counters, which nothing reads (the drift proof's loss)")
	cases := []driftCase{{"this schema (v6)", filepath.Join(root, "generated", "c"), deck.StructVersion, deck.PayloadSizeV6, layout(t)}}
	for _, sc := range []struct {
		name, dir string
		size      int
	}{{"a field appended (v7)", scratch, 4192}, {"a field dropped with its loss stated, one appended (v7)", lossy, 4128}} {
		sm, err := model.Load(sc.dir)
		if err != nil {
			t.Fatal(err)
		}
		l := sm.Layout("deck")
		if l.Current().Number != 7 || l.Current().Size != sc.size {
			t.Fatalf("the scratch schema's current version is %d (%d bytes)", l.Current().Number, l.Current().Size)
		}
		cases = append(cases, driftCase{sc.name, filepath.Join(sc.dir, "generated", "c"), 7, sc.size, l})
	}
	vecs := loadVectors(t)
	v5, v6 := vectorData(t, vecs, "v5-payload-len-0.deck"), vectorData(t, vecs, "v6-career.deck")
	for _, dc := range cases {
		t.Run(dc.name, func(t *testing.T) {
			cdir, _ := filepath.Abs(dc.cdir)
			prog := firmware(t, cdir)
			fileSize := dc.size + deck.FileHeaderSize + deck.FileCRCSize
			newCard := func() deckDir { return deckDir(t.TempDir()) }

			// A new career: written in this build's version, loaded back.
			card := newCard()
			out, ok := card.run(t, prog, "boot")
			mustSay(t, out, "new career", "saved version")
			if !ok || len(card.read(t, "DECK.BIN")) != fileSize {
				t.Fatalf("a new career did not save a %d-byte file:\n%s", fileSize, out)
			}
			fileOf(t, card.read(t, "DECK.BIN"), dc.version, dc.size)
			out, _ = card.run(t, prog, "play")
			mustSay(t, out, "loaded committed from "+itoa(dc.version)+" current", "bought verb_scan applied 1", "career credits 10 owns verb_scan 1")
			out, _ = card.run(t, prog, "boot")
			mustSay(t, out, "loaded committed from "+itoa(dc.version)+" current", "career credits 10 owns verb_scan 1")
			if n := card.names(); len(n) != 1 {
				t.Fatalf("the card holds %v after a save; want only DECK.BIN", n)
			}

			// Older careers migrate, every field kept where this version has it.
			for _, old := range []struct {
				name string
				file []byte
				from int
			}{{"v5", v5, 5}, {"v6", v6, 6}} {
				if old.from == dc.version {
					continue
				}
				card := newCard()
				os.WriteFile(card.path("DECK.BIN"), old.file, 0o644)
				out, ok := card.run(t, prog, "boot")
				mustSay(t, out, "loaded committed from "+itoa(old.from)+" migrated", "saved version "+itoa(dc.version))
				if !ok {
					t.Fatalf("%s: boot failed:\n%s", old.name, out)
				}
				checkMigrated(t, dc.layout, old.from, old.file[deck.FileHeaderSize:len(old.file)-deck.FileCRCSize], fileOf(t, card.read(t, "DECK.BIN"), dc.version, dc.size))
			}

			// The version after this build's: refused, and nothing written.
			next := withPayload(uint16(dc.version+1), uint16(dc.size+4), nil, dc.size+4)
			for _, tc := range []struct{ what, name string }{{"committed", "DECK.BIN"}, {"pending", "DECK.NEW"}} {
				card := newCard()
				os.WriteFile(card.path(tc.name), next, 0o644)
				for _, cmd := range []string{"boot", "play"} {
					out, ok := card.run(t, prog, cmd)
					mustSay(t, out, "refused")
					if ok || strings.Contains(out, "saved") {
						t.Fatalf("a version %d %s file: the firmware went on:\n%s", dc.version+1, tc.what, out)
					}
					if got := card.read(t, tc.name); !bytes.Equal(got, next) || len(card.names()) != 1 {
						t.Fatalf("a version %d %s file was written over, or a file added: %v", dc.version+1, tc.what, card.names())
					}
				}
			}

			// A crash at each step of a save: the old career or the new one
			// comes back, never neither.
			for _, tc := range []struct {
				crash string
				owns  string // after the next boot
			}{
				{"crash-mid-pending", "career credits 0 owns verb_scan 0"},
				{"crash-after-pending", "career credits 10 owns verb_scan 1"},
				{"crash-after-unlink", "career credits 10 owns verb_scan 1"},
			} {
				card := newCard()
				card.run(t, prog, "boot")
				card.run(t, prog, "play", tc.crash)
				out, _ := card.run(t, prog, "boot")
				mustSay(t, out, tc.owns)
				if n := card.names(); len(n) != 1 || n[0] != "DECK.BIN" {
					t.Fatalf("%s: after boot the card holds %v; want only DECK.BIN", tc.crash, n)
				}
				fileOf(t, card.read(t, "DECK.BIN"), dc.version, dc.size)
			}
		})
	}

	// Files of two runs mixed: the scratch run's types.h with this run's
	// deck_file.c and the other headers must not build.
	mixed := t.TempDir()
	for _, n := range []string{"catalog.h", "ownership.h", "deck_file.h", "deck_file.c"} {
		copyFile(t, filepath.Join(headerDir, n), filepath.Join(mixed, n))
	}
	copyFile(t, filepath.Join(scratch, "generated", "c", "types.h"), filepath.Join(mixed, "types.h"))
	cmd := exec.Command(tool(t, "gcc"), append(append([]string{}, strict...), "-c", "-o", os.DevNull, "deck_file.c")...)
	cmd.Dir = mixed
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "deck_file.h and types.h are from different schemagen runs") || !strings.Contains(string(out), "deck_file.c and types.h are from different schemagen runs") {
		t.Errorf("deck_file.c of one run with types.h of another: %v\n%s", err, out)
	}
}

// checkMigrated checks a migrated payload field by field against the old
// one, with the offsets the schema gives each version: every field the old
// version has keeps its bytes, every other is zero.
func checkMigrated(t *testing.T, l *layoutmodel.Layout, from int, old, cur []byte) {
	t.Helper()
	ov := l.Version(from)
	at := map[string]int{}
	for _, p := range ov.Fields {
		at[p.Field.Name] = p.Offset
	}
	for _, p := range l.Current().Fields {
		f, n := p.Field, p.Field.Size()
		got := cur[p.Offset : p.Offset+n]
		if o, ok := at[f.Name]; ok {
			if !bytes.Equal(got, old[o:o+n]) {
				t.Errorf("migrating v%d: %s changed", from, f.Name)
			}
		} else if !bytes.Equal(got, make([]byte, n)) {
			t.Errorf("migrating v%d: %s, which v%d lacks, is not zero", from, f.Name, from)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
