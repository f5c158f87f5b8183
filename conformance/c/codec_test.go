package c_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	decklib "github.com/schemagen/schemagen/deck"
	"github.com/schemagen/schemagen/generated/go/deck"
)

// The statuses of deck_file.h, by number.
const (
	statusOK = iota
	statusMigrated
	statusMagic
	statusLength
	statusPayloadLen
	statusCRC
	statusNewer
	statusReinitialize
	statusUnknownVersion
)

var statusNames = []string{"ok", "migrated", "magic", "length", "payload_len", "crc", "newer", "reinitialize", "unknown_version"}

// verdict is what a loader makes of one file.
type verdict struct {
	Status  int
	From    int    // the file's version: Load's, or the header's beside an error (0 without a header)
	Encoded []byte // the loaded state as a current file, after ok or migrated
	// MayOverwrite is deck_file_may_overwrite's status, or for Go whether
	// WriteFile refuses to write over the file (statusNewer) or not.
	MayOverwrite int
	// Streams are the streaming decoder's answers, one per plan of chunks
	// (C only; see codec_driver.c).
	Streams []streamAnswer
}

// streamAnswer is what the streaming decoder made of a file fed in one
// plan of chunks.
type streamAnswer struct {
	Status, Out, From int
}

// The plans of chunks codec_driver.c feeds each file in.
var streamPlans = []string{"one byte at a time", "all at once, out NULL", "chunks of varied sizes"}

// What the driver says *out holds after the streaming decoder's finish.
const (
	outUntouched = iota
	outZero
	outDecoded
	outOther
	outNull
)

var outNames = []string{"untouched", "all zero", "the decoded state", "something else", "no *out"}

func (v verdict) String() string {
	s := fmt.Sprintf("%s from %d", statusNames[v.Status], v.From)
	if v.Encoded != nil {
		s += fmt.Sprintf(", re-encoded %d bytes", len(v.Encoded))
	}
	return s
}

// goStatus is the deck_file.h status of an error of the Go loader.
func goStatus(t testing.TB, err error) int {
	var (
		me *deck.MagicError
		le *deck.LengthError
		pe *deck.PayloadLenError
		ce *deck.CRCError
	)
	switch {
	case err == nil:
		return statusOK
	case errors.As(err, &me):
		return statusMagic
	case errors.As(err, &le):
		return statusLength
	case errors.As(err, &pe):
		return statusPayloadLen
	case errors.As(err, &ce):
		return statusCRC
	case errors.Is(err, deck.ErrNewerVersion):
		return statusNewer
	case errors.Is(err, deck.ErrReinitialize):
		return statusReinitialize
	case errors.Is(err, deck.ErrUnknownVersion):
		return statusUnknownVersion
	}
	t.Fatalf("the Go loader returned an error deck_file.h has no status for: %T %v", err, err)
	return -1
}

// goVerdict is what the generated Go codec (deck.Load, deck.Parse, deck.Encode)
// makes of file.
func goVerdict(t testing.TB, file []byte) verdict {
	var st deck.DeckState
	v, err := deck.Load(file, &st)
	h, _, _ := deck.Parse(file) // the header, whenever the file has one past its magic
	out := verdict{Status: goStatus(t, err), From: int(h.Version)}
	if err == nil {
		out.From = v
		if v != deck.StructVersion {
			out.Status = statusMigrated
		}
		out.Encoded = deck.Encode(&st)
	}
	return out
}

// overwriteOracle answers, through deck.WriteFile itself, whether the Go
// saver writes over a file that starts with the given bytes; one answer
// per distinct header, on a memory-backed folder where one is available.
type overwriteOracle struct {
	dir  string
	seen map[string]int
}

func newOverwriteOracle(t *testing.T) *overwriteOracle {
	dir := ""
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if d, err := os.MkdirTemp("/dev/shm", "deckdiff-"); err == nil {
			dir = d
			t.Cleanup(func() { os.RemoveAll(d) })
		}
	}
	if dir == "" {
		dir = t.TempDir()
	}
	return &overwriteOracle{dir: dir, seen: map[string]int{}}
}

func (o *overwriteOracle) status(t *testing.T, file []byte) int {
	key := string(file[:min(len(file), deck.FileHeaderSize)])
	if s, ok := o.seen[key]; ok {
		return s
	}
	path := filepath.Join(o.dir, "deck.bin")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	st := deck.DeckState{}
	s := statusOK
	if err := decklib.WriteFile(path, &st); errors.Is(err, deck.ErrNewerVersion) {
		s = statusNewer
	} else if err != nil {
		t.Fatalf("WriteFile: %v", err)
	}
	o.seen[key] = s
	return s
}

// corpusFile is one input of the differential, with what it is.
type corpusFile struct {
	what string
	data []byte
}

// reframe changes a copy of file with edit and recomputes its CRC, so
// that only what edit did is wrong with it.
func reframe(file []byte, edit func(b []byte) []byte) []byte {
	b := edit(bytes.Clone(file))
	if len(b) < deck.FileCRCSize {
		return b
	}
	end := len(b) - deck.FileCRCSize
	binary.LittleEndian.PutUint32(b[end:], crc32.ChecksumIEEE(b[:end]))
	return b
}

func setU16(off int, v uint16) func([]byte) []byte {
	return func(b []byte) []byte {
		if len(b) >= off+2 {
			binary.LittleEndian.PutUint16(b[off:], v)
		}
		return b
	}
}

// withPayload returns the file of version with plen in its header and a
// payload of n bytes (payload's first bytes, zero after), CRC correct.
func withPayload(version, plen uint16, payload []byte, n int) []byte {
	b := make([]byte, deck.FileHeaderSize, deck.FileHeaderSize+n+deck.FileCRCSize)
	h := deck.DeckFileHeader{Magic: deck.FileMagic, Version: version, PayloadLen: plen}
	copy(b, h.Encode())
	p := make([]byte, n)
	copy(p, payload)
	b = append(b, p...)
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

func randomState(r *rand.Rand) *deck.DeckState {
	b := make([]byte, deck.DeckStateSize)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	st, _ := deck.DecodeDeckState(b)
	return &st
}

// differentialCorpus is every file the differential runs: the committed
// vectors; real v5 and v6 files and mutations of them (every truncation
// near the ends and some in between, extensions, flipped bytes with the
// CRC broken and with it recomputed, and every class of version and
// payload_len value, each with the length the header claims and with
// another); v3, v4 and newer files; and the deck fuzz corpus (FuzzLoad's
// seeds, deck/testdata/fuzz and what go test -fuzz cached on this machine).
func differentialCorpus(t *testing.T) []corpusFile {
	var out []corpusFile
	add := func(what string, b []byte) { out = append(out, corpusFile{what, b}) }
	r := rand.New(rand.NewPCG(21, 22))

	vecs := loadVectors(t)
	for _, v := range vecs {
		add("vector "+v.File, v.data)
	}
	v5 := vectorData(t, vecs, "v5-payload-len-0.deck")
	v5n := vectorData(t, vecs, "v5-payload-len-4060.deck")
	v6 := vectorData(t, vecs, "v6-career.deck")
	cur := deck.Encode(randomState(r))
	payload6 := cur[deck.FileHeaderSize : len(cur)-deck.FileCRCSize]
	payload5 := v5[deck.FileHeaderSize : len(v5)-deck.FileCRCSize]
	v3 := withPayload(3, 0, payload5, deck.PayloadSizeV3)
	v4 := withPayload(4, deck.PayloadSizeV4, payload5, deck.PayloadSizeV4)
	v7 := withPayload(deck.StructVersion+1, deck.PayloadSizeV6+4, payload6, deck.PayloadSizeV6+4)
	v7legacy := reframe(v7, setU16(deck.DeckFileHeaderPayloadLenOffset, 0))
	bases := []corpusFile{
		{"v5 payload_len 0", v5}, {"v5 payload_len 4060", v5n}, {"v6 career", v6}, {"v6 random", cur},
		{"v6 payload_len 0", reframe(cur, setU16(deck.DeckFileHeaderPayloadLenOffset, 0))},
		{"v3", v3}, {"v4", v4}, {"v7", v7}, {"v7 payload_len 0", v7legacy},
	}
	for i := range 100 {
		st := randomState(r)
		add(fmt.Sprintf("v6 random %d", i), deck.Encode(st))
		p := st.Encode()
		add(fmt.Sprintf("v5 random %d", i), withPayload(5, uint16(r.IntN(2))*deck.PayloadSizeV5, p, deck.PayloadSizeV5))
	}
	for _, s := range []string{"", "D", "DE", "DEC", "DECK", "DECKx", "KCED", "X", "hello, world\n", "DECK\x06\x00\x5c\x10"} {
		add(fmt.Sprintf("short %q", s), []byte(s))
	}
	// A file whose header cannot say its size, at and past the longest a
	// deck file can be.
	for _, n := range []int{0xFFFF - 1, 0xFFFF, 0xFFFF + 1} {
		add(fmt.Sprintf("v9 payload_len 0, %d-byte payload", n), withPayload(9, 0, nil, n))
	}

	versions := []uint16{0, 1, 2, 3, 4, 5, 6, 7, 8, 255, 256, 0x7FFF, 0xFFFF}
	for _, b := range bases {
		f := b.data
		n := len(f)
		for l := range min(n, 24) {
			add(fmt.Sprintf("%s truncated to %d", b.what, l), f[:l])
		}
		for d := 1; d <= 24 && d < n; d++ {
			add(fmt.Sprintf("%s less %d", b.what, d), f[:n-d])
			add(fmt.Sprintf("%s less %d, CRC made", b.what, d), reframe(f[:n-d], func(b []byte) []byte { return b }))
		}
		for range 60 {
			l := r.IntN(n)
			add(fmt.Sprintf("%s truncated to %d", b.what, l), f[:l])
		}
		for _, d := range []int{1, 2, 3, 4, 5, 8, 100, 1 + r.IntN(3000)} {
			ext := append(bytes.Clone(f), bytes.Repeat([]byte{byte(d)}, d)...)
			add(fmt.Sprintf("%s plus %d", b.what, d), ext)
			add(fmt.Sprintf("%s plus %d, CRC made", b.what, d), reframe(ext, func(b []byte) []byte { return b }))
		}
		for range 320 {
			at, x := r.IntN(n), byte(1+r.IntN(255))
			flip := func(b []byte) []byte { b[at] ^= x; return b }
			add(fmt.Sprintf("%s byte %d ^ %#x", b.what, at, x), flip(bytes.Clone(f)))
			add(fmt.Sprintf("%s byte %d ^ %#x, CRC made", b.what, at, x), reframe(f, flip))
		}
		for at := range deck.FileHeaderSize {
			for _, x := range []byte{0x01, 0x80, 0xFF} {
				flip := func(b []byte) []byte { b[at] ^= x; return b }
				add(fmt.Sprintf("%s header byte %d ^ %#x, CRC made", b.what, at, x), reframe(f, flip))
			}
		}
		// Every class of version and payload_len: each shipped size and its
		// neighbours, 0, the largest, the true length, a random one; the
		// file as it is (its length disagreeing) and resized to the claim.
		body := f[deck.FileHeaderSize:max(deck.FileHeaderSize, n-deck.FileCRCSize)]
		plens := []int{0, deck.PayloadSizeV3, deck.PayloadSizeV4, deck.PayloadSizeV5, deck.PayloadSizeV6,
			deck.PayloadSizeV6 - 1, deck.PayloadSizeV6 + 1, deck.PayloadSizeV5 + 1, 1, 4, 0xFFFF, len(body), r.IntN(0x10000)}
		for _, ver := range append(versions, uint16(r.IntN(0x10000))) {
			for _, pl := range plens {
				hdr := func(b []byte) []byte {
					setU16(deck.DeckFileHeaderVersionOffset, ver)(b)
					return setU16(deck.DeckFileHeaderPayloadLenOffset, uint16(pl))(b)
				}
				add(fmt.Sprintf("%s as version %d, payload_len %d", b.what, ver, pl), reframe(f, hdr))
				size := pl
				if pl == 0 {
					size, _ = deck.PayloadSize(int(ver))
				}
				if size > 0 && size != len(body) {
					add(fmt.Sprintf("%s as version %d, payload_len %d, %d-byte payload", b.what, ver, pl, size), withPayload(ver, uint16(pl), body, size))
				}
				if r.IntN(4) == 0 {
					bad := reframe(f, hdr)
					bad[len(bad)-1] ^= 0x40
					add(fmt.Sprintf("%s as version %d, payload_len %d, CRC broken", b.what, ver, pl), bad)
				}
			}
		}
	}
	out = append(out, fuzzCorpus(t, cur, v5)...)
	return out
}

// fuzzCorpus is deck's FuzzLoad corpus: its seeds (as FuzzLoad builds
// them), its committed inputs in deck/testdata/fuzz/FuzzLoad and those go
// test -fuzz has cached on this machine, each as given and with its CRC
// made, as FuzzLoad's fixCRC does.
func fuzzCorpus(t *testing.T, cur, v5 []byte) []corpusFile {
	var out []corpusFile
	both := func(what string, b []byte) {
		out = append(out, corpusFile{what, b})
		if len(b) >= deck.FileHeaderSize+deck.FileCRCSize {
			out = append(out, corpusFile{what + ", CRC made", reframe(b, func(b []byte) []byte { return b })})
		}
	}
	seeds := [][]byte{
		v5, cur, reframe(cur, setU16(deck.DeckFileHeaderPayloadLenOffset, 0)),
		reframe(cur, setU16(deck.DeckFileHeaderPayloadLenOffset, deck.PayloadSizeV5)),
		withPayload(3, deck.PayloadSizeV3, nil, deck.PayloadSizeV3), withPayload(deck.StructVersion+1, 3, []byte{1, 2, 3}, 3),
		cur[:len(cur)-1], []byte("DECK"), {},
	}
	for i, s := range seeds {
		both(fmt.Sprintf("FuzzLoad seed %d", i), s)
	}
	dirs := []string{filepath.Join(root, "deck", "testdata", "fuzz", "FuzzLoad")}
	if c, err := exec.Command("go", "env", "GOCACHE").Output(); err == nil {
		dirs = append(dirs, filepath.Join(strings.TrimSpace(string(c)), "fuzz", "github.com", "schemagen", "schemagen", "deck", "FuzzLoad"))
	}
	for _, dir := range dirs {
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				continue
			}
			data, fix, ok := parseFuzzInput(b)
			if !ok {
				t.Logf("%s: not a FuzzLoad input; skipped", filepath.Join(dir, e.Name()))
				continue
			}
			what := "fuzz " + e.Name()
			if fix {
				data = reframe(data, func(b []byte) []byte { return b })
			}
			both(what, data)
		}
	}
	return out
}

// parseFuzzInput reads a FuzzLoad corpus file: "go test fuzz v1", then
// []byte("...") and bool(...).
func parseFuzzInput(b []byte) (data []byte, fix, ok bool) {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 3 || lines[0] != "go test fuzz v1" || !strings.HasPrefix(lines[1], "[]byte(") || !strings.HasPrefix(lines[2], "bool(") {
		return nil, false, false
	}
	s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
	if err != nil {
		return nil, false, false
	}
	return []byte(s), lines[2] == "bool(true)", true
}

// driver is the codec driver built for one target: it runs a batch of
// files and returns its raw answers.
type driver func(t *testing.T, input []byte) []byte

// buildDriver compiles codec_driver.c and deck_file.c for a hosted target.
func buildDriver(t *testing.T, tg target) driver {
	t.Helper()
	dir := t.TempDir()
	copyFile(t, filepath.Join("testdata", "codec_driver.c"), filepath.Join(dir, "codec_driver.c"))
	abs, _ := filepath.Abs(filepath.Join(headerDir, "deck_file.c"))
	cc(t, tg, dir, "-o", "codec_driver", "codec_driver.c", abs)
	prog := filepath.Join(dir, "codec_driver")
	return func(t *testing.T, input []byte) []byte { return runDriver(t, tg.command(t, prog), input) }
}

func runDriver(t *testing.T, cmd *exec.Cmd, input []byte) []byte {
	t.Helper()
	cmd.Stdin = bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", cmd.Path, err, stderr.Bytes())
	}
	return out
}

// cVerdicts runs files through a driver and reads its answers.
func cVerdicts(t *testing.T, run driver, files []corpusFile) []verdict {
	t.Helper()
	var in bytes.Buffer
	for _, f := range files {
		in.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(f.data))))
		in.Write(f.data)
	}
	out := run(t, in.Bytes())
	var vs []verdict
	for i := range files {
		if len(out) < 12 {
			t.Fatalf("the driver stopped after %d of %d files", i, len(files))
		}
		st, untouched, stNull, may := int(out[0]), out[1], int(out[2]), int(out[3])
		from := int(binary.LittleEndian.Uint16(out[4:]))
		n := int(binary.LittleEndian.Uint32(out[8:]))
		out = out[12:]
		if n > len(out) || st >= len(statusNames) {
			t.Fatalf("file %d (%s): a garbled answer", i, files[i].what)
		}
		v := verdict{Status: st, From: from, MayOverwrite: may}
		if n > 0 {
			v.Encoded = out[:n]
		}
		out = out[n:]
		if len(out) < 4*len(streamPlans) {
			t.Fatalf("file %d (%s): the driver's streaming answers are cut short", i, files[i].what)
		}
		for range streamPlans {
			v.Streams = append(v.Streams, streamAnswer{Status: int(out[0]), Out: int(out[1]), From: int(binary.LittleEndian.Uint16(out[2:]))})
			out = out[4:]
		}
		if st > statusMigrated && untouched != 1 {
			t.Errorf("%s: deck_file_decode said %s but wrote *out", files[i].what, statusNames[st])
		}
		if stNull != st {
			t.Errorf("%s: deck_file_decode with out NULL says %s, with out %s", files[i].what, statusNames[stNull], statusNames[st])
		}
		vs = append(vs, v)
	}
	if len(out) != 0 {
		t.Fatalf("the driver printed %d bytes more than %d answers", len(out), len(files))
	}
	return vs
}

// compareVerdicts requires C's verdict on every file to be Go's: the same
// status, from-version and overwrite answer, and byte for byte the same
// re-encoded file.
func compareVerdicts(t *testing.T, files []corpusFile, goV, cV []verdict) {
	t.Helper()
	bad := 0
	for i, f := range files {
		g, c := goV[i], cV[i]
		for p, sa := range c.Streams {
			if msg := checkStream(f.data, g, sa, p); msg != "" {
				t.Errorf("%s (%d bytes), streamed %s: %s", f.what, len(f.data), streamPlans[p], msg)
				if bad++; bad == 10 {
					t.Fatal("stopping after 10 differences")
				}
			}
		}
		if g.Status == c.Status && g.From == c.From && g.MayOverwrite == c.MayOverwrite && bytes.Equal(g.Encoded, c.Encoded) {
			continue
		}
		what := fmt.Sprintf("Go %v, C %v", g, c)
		if g.MayOverwrite != c.MayOverwrite {
			what += fmt.Sprintf("; overwrite: Go %s, C %s", statusNames[g.MayOverwrite], statusNames[c.MayOverwrite])
		}
		if g.Encoded != nil && c.Encoded != nil && !bytes.Equal(g.Encoded, c.Encoded) {
			what += fmt.Sprintf("; re-encoded files differ at byte %d", firstDiff(g.Encoded, c.Encoded))
		}
		t.Errorf("%s (%d bytes): %s", f.what, len(f.data), what)
		if bad++; bad == 10 {
			t.Fatal("stopping after 10 differences")
		}
	}
}

// checkStream compares the streaming decoder's answer on file, fed in
// plan p, with the Go loader's verdict g: the same status and
// from-version; after a load the state deck_file_decode made (whose
// re-encoding compareVerdicts holds to Go's bytes) and the streaming
// encoder's bytes the same as deck_file_encode's; after a refusal *out as
// deck_file_decoder_finish documents it (streamOut); a feed's early error
// the final verdict. "" when all holds.
func checkStream(file []byte, g verdict, sa streamAnswer, p int) string {
	var msgs []string
	if sa.Status != g.Status || sa.From != g.From {
		msgs = append(msgs, fmt.Sprintf("Go %s from %d, C %s from %d", statusNames[g.Status], g.From, statusNames[sa.Status], sa.From))
	}
	if sa.Out&0x10 != 0 {
		msgs = append(msgs, "a feed returned an error that finish did not")
	}
	if sa.Out&0x20 != 0 {
		msgs = append(msgs, "the streaming encoder wrote other bytes than deck_file_encode")
	}
	if sa.Out&0x40 != 0 {
		msgs = append(msgs, "a second finish said something else")
	}
	want := outNull
	if p != 1 {
		want = streamOut(file, g.Status)
	}
	if got := sa.Out & 0x0F; got != want && got < len(outNames) {
		msgs = append(msgs, fmt.Sprintf("*out holds %s, want %s", outNames[got], outNames[want]))
	} else if got != want {
		msgs = append(msgs, fmt.Sprintf("*out code %d", got))
	}
	return strings.Join(msgs, "; ")
}

// streamOut is what *out must hold after the streaming decoder judged
// file with status: the decoded state after a load; after a refusal
// untouched when the header ruled the payload out (or the file ended
// within its header), all zero when payload bytes of a loadable version
// (the current one or one that migrates) had gone into it.
func streamOut(file []byte, status int) int {
	if status == statusOK || status == statusMigrated {
		return outDecoded
	}
	if len(file) <= deck.FileHeaderSize || !bytes.Equal(file[:4], []byte("DECK")) {
		return outUntouched
	}
	version := binary.LittleEndian.Uint16(file[deck.DeckFileHeaderVersionOffset:])
	plen := int(binary.LittleEndian.Uint16(file[deck.DeckFileHeaderPayloadLenOffset:]))
	known, ok := deck.PayloadSize(int(version))
	loadable := ok && int(version) >= deck.MigrateMinVersion && int(version) <= deck.StructVersion
	if loadable && (plen == 0 || plen == known) {
		return outZero
	}
	return outUntouched
}

// goVerdicts is the Go loader's verdict on every file, and the Go saver's
// answer to whether it writes over it.
func goVerdicts(t *testing.T, files []corpusFile) []verdict {
	oracle := newOverwriteOracle(t)
	vs := make([]verdict, len(files))
	for i, f := range files {
		vs[i] = goVerdict(t, f.data)
		vs[i].MayOverwrite = oracle.status(t, f.data)
	}
	return vs
}

var differential struct {
	files []corpusFile
	goV   []verdict
}

// differentialInputs builds the corpus and Go's verdicts once per run.
func differentialInputs(t *testing.T) ([]corpusFile, []verdict) {
	if differential.files == nil {
		files := differentialCorpus(t)
		differential.goV = goVerdicts(t, files)
		differential.files = files
	}
	return differential.files, differential.goV
}

// TestCodecDifferential runs deck_file.c against the Go loader over the
// differential corpus (more than 10,000 files) on every hosted target: gcc
// and clang, each also sanitized, and gcc -m32. Every file must get the
// same status, the same from-version, the same answer to "may it be
// written over", and after a load byte for byte the same re-encoded file;
// on a refusal *out must be untouched, and decoding with out NULL must say
// the same.
func TestCodecDifferential(t *testing.T) {
	files, goV := differentialInputs(t)
	if len(files) < 10000 {
		t.Fatalf("the corpus has %d files; the differential promises at least 10,000", len(files))
	}
	counts := map[int]int{}
	for _, v := range goV {
		counts[v.Status]++
	}
	for s := range statusNames {
		if counts[s] == 0 {
			t.Errorf("no file of the corpus gets status %s", statusNames[s])
		}
	}
	t.Logf("%d files; Go's verdicts: %v", len(files), statusCounts(counts))
	for _, tg := range targets {
		if !tg.hosted {
			continue
		}
		t.Run(tg.name, func(t *testing.T) {
			compareVerdicts(t, files, goV, cVerdicts(t, buildDriver(t, tg), files))
		})
	}
}

func statusCounts(m map[int]int) string {
	var parts []string
	for s, name := range statusNames {
		parts = append(parts, fmt.Sprintf("%s %d", name, m[s]))
	}
	return strings.Join(parts, ", ")
}

// TestCodecBigEndian compiles deck_file.c for big-endian PowerPC with clang
// and links it into a program with no C library (its own _start and Linux
// system calls, with ld.lld), then runs the differential corpus through it
// under qemu-ppc: the codec must give the Go loader's verdicts and bytes on
// a big-endian core too.
func TestCodecBigEndian(t *testing.T) {
	tg := targetNamed(t, "PowerPC big-endian")
	tool(t, "ld.lld")
	qemu := tool(t, "qemu-ppc")
	dir := t.TempDir()
	copyFile(t, filepath.Join("testdata", "codec_driver.c"), filepath.Join(dir, "codec_driver.c"))
	abs, _ := filepath.Abs(filepath.Join(headerDir, "deck_file.c"))
	cc(t, tg, dir, "-DDRIVER_NOLIBC", "-nostdlib", "-static", "-fno-pic", "-fuse-ld=lld", "-o", "codec_driver", "codec_driver.c", abs)
	prog := filepath.Join(dir, "codec_driver")
	// The program must be big-endian PowerPC: check its ELF header.
	b, err := os.ReadFile(prog)
	if err != nil || len(b) < 20 || string(b[1:4]) != "ELF" || b[5] != 2 || binary.BigEndian.Uint16(b[18:]) != 20 {
		t.Fatalf("%s is not a big-endian PowerPC ELF program", prog)
	}
	files, goV := differentialInputs(t)
	run := func(t *testing.T, input []byte) []byte { return runDriver(t, exec.Command(qemu, prog), input) }
	compareVerdicts(t, files, goV, cVerdicts(t, run, files))
}

// TestCodecUnits builds deck_file_test.c with every hosted target and runs it.
func TestCodecUnits(t *testing.T) {
	for _, tg := range targets {
		if !tg.hosted {
			continue
		}
		t.Run(tg.name, func(t *testing.T) {
			dir := t.TempDir()
			copyFile(t, filepath.Join("testdata", "deck_file_test.c"), filepath.Join(dir, "deck_file_test.c"))
			abs, _ := filepath.Abs(filepath.Join(headerDir, "deck_file.c"))
			cc(t, tg, dir, "-o", "deck_file_test", "deck_file_test.c", abs)
			out, err := tg.command(t, filepath.Join(dir, "deck_file_test")).CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "ok" {
				t.Fatalf("deck_file_test: %v\n%s", err, out)
			}
		})
	}
}

// TestNewCareerMatchesGo: deck_state_new_career writes the same bytes as
// deck.NewDeckState (what `schemagen deck new` saves).
func TestNewCareerMatchesGo(t *testing.T) {
	dir := t.TempDir()
	src := `#include <stdio.h>
#include "deck_file.h"
int main(void) {
	static DeckState ds;
	static uint8_t buf[DECK_FILE_SIZE_MAX];
	size_t n;
	deck_state_new_career(&ds);
	n = deck_file_encode(&ds, buf, sizeof buf);
	return fwrite(buf, 1, n, stdout) == n && n > 0 ? 0 : 1;
}
`
	os.WriteFile(filepath.Join(dir, "new.c"), []byte(src), 0o644)
	abs, _ := filepath.Abs(filepath.Join(headerDir, "deck_file.c"))
	cc(t, targets[0], dir, "-o", "new", "new.c", abs)
	got, err := exec.Command(filepath.Join(dir, "new")).Output()
	if err != nil {
		t.Fatal(err)
	}
	st := deck.NewDeckState()
	if want := deck.Encode(st); !bytes.Equal(got, want) {
		t.Fatalf("deck_state_new_career's file differs from deck.NewDeckState's at byte %d", firstDiff(got, want))
	}
}

// TestCodecStreamEveryChunkSize feeds files of every status (the first
// few the corpus has of each, real v5 and v6 files among them) to the
// streaming decoder in chunks of every size from 1 byte to the whole
// file and one more, built with gcc sanitized: each must give
// deck_file_decode's status, from-version and state, which
// TestCodecDifferential holds to the Go loader's.
func TestCodecStreamEveryChunkSize(t *testing.T) {
	files, goV := differentialInputs(t)
	var pick []corpusFile
	per := map[int]int{}
	for i, f := range files {
		if len(f.data) > 2*(deck.FileHeaderSize+deck.PayloadSizeV6+deck.FileCRCSize) || per[goV[i].Status] >= 4 {
			continue
		}
		per[goV[i].Status]++
		pick = append(pick, f)
	}
	if len(pick) < 4*len(statusNames) {
		t.Fatalf("picked %d files; want 4 of each of the %d statuses", len(pick), len(statusNames))
	}
	tg := targetNamed(t, "gcc x86-64 sanitized")
	dir := t.TempDir()
	copyFile(t, filepath.Join("testdata", "codec_driver.c"), filepath.Join(dir, "codec_driver.c"))
	abs, _ := filepath.Abs(filepath.Join(headerDir, "deck_file.c"))
	cc(t, tg, dir, "-o", "codec_driver", "codec_driver.c", abs)
	var in bytes.Buffer
	for _, f := range pick {
		in.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(f.data))))
		in.Write(f.data)
	}
	out := runDriver(t, exec.Command(filepath.Join(dir, "codec_driver"), "sweep"), in.Bytes())
	if len(out) != len(pick) {
		t.Fatalf("the driver answered %d of %d files", len(out), len(pick))
	}
	for i, f := range pick {
		if out[i] != 0 {
			t.Errorf("%s (%d bytes): %d chunk sizes made the streaming decoder disagree with deck_file_decode", f.what, len(f.data), out[i])
		}
	}
}
