package c_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/generated/go/deck"
)

// The Cortex-M0 part the firmware ships on: 32 KB of flash, 8 KB of RAM
// (testdata/m0/m0.ld), of which the stack takes m0Stack bytes.
const (
	m0RAM   = 8 * 1024
	m0Stack = 1024
)

// linkM0 builds the Cortex-M0 program src (in testdata/m0) with deck_file.c
// the way the firmware team does: arm-none-eabi-gcc -mcpu=cortex-m0
// -mthumb -Os with newlib-nano (--specs=nano.specs), linked into m0.ld's
// 8 KB of RAM. It returns the program and its map file.
func linkM0(t *testing.T, src string) (elf, mapFile string) {
	t.Helper()
	tg := targetNamed(t, "Cortex-M0")
	dir := t.TempDir()
	for _, f := range []string{src, "m0.c", "m0.h", "m0.ld"} {
		copyFile(t, filepath.Join("testdata", "m0", f), filepath.Join(dir, f))
	}
	abs, _ := filepath.Abs(filepath.Join(headerDir, "deck_file.c"))
	elf, mapFile = filepath.Join(dir, "prog.elf"), filepath.Join(dir, "prog.map")
	cc(t, tg, dir, "--specs=nano.specs", "-nostartfiles", "-ffunction-sections", "-fdata-sections",
		"-T", "m0.ld", "-Wl,--gc-sections", "-Wl,-Map="+mapFile, "-o", elf, src, "m0.c", abs)
	return elf, mapFile
}

// m0Map is what a linker map says of a program's RAM.
type m0Map struct {
	sections map[string]int // .data, .bss, .stack: size
	inputs   map[string]int // each input section of .data and .bss (".bss.ds"): size
	archives []string       // the library members linked in
}

var (
	mapSection = regexp.MustCompile(`^(\.data|\.bss|\.stack)\s+0x[0-9a-f]+\s+0x([0-9a-f]+)`)
	mapInput   = regexp.MustCompile(`^ (\.(?:data|bss)\.\S+)\s+0x[0-9a-f]+\s+0x([0-9a-f]+)`)
	mapMember  = regexp.MustCompile(`^(\S+\.a)\((\S+)\)$`)
)

func readM0Map(t *testing.T, path string) m0Map {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := m0Map{sections: map[string]int{}, inputs: map[string]int{}}
	for _, line := range strings.Split(string(b), "\n") {
		if s := mapSection.FindStringSubmatch(line); s != nil {
			n, _ := strconv.ParseInt(s[2], 16, 64)
			m.sections[s[1]] = int(n)
		} else if s := mapInput.FindStringSubmatch(line); s != nil {
			n, _ := strconv.ParseInt(s[2], 16, 64)
			m.inputs[s[1]] += int(n)
		} else if s := mapMember.FindStringSubmatch(line); s != nil {
			m.archives = append(m.archives, filepath.Base(s[1])+"("+s[2]+")")
		}
	}
	return m
}

// runM0 runs a Cortex-M0 program under QEMU's microbit machine (an nRF51,
// Cortex-M0) in dir, whose files it reads and writes through semihosting,
// and returns what it printed; a run that does not exit cleanly fails.
func runM0(t *testing.T, elf, dir string) string {
	t.Helper()
	qemu := tool(t, "qemu-system-arm")
	cmd := exec.Command(qemu, "-M", "microbit", "-nographic", "-monitor", "none", "-serial", "none",
		"-semihosting-config", "enable=on,target=native", "-kernel", elf)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("qemu-system-arm -M microbit %s: %v\n%s", filepath.Base(elf), err, out)
	}
	return string(out)
}

// TestFirmwareCortexM0 links testdata/m0/firmware.c, a minimal firmware
// on the streaming API (it holds one DeckState and a 64-byte chunk), for a
// Cortex-M0 with newlib-nano into 8 KB of RAM and checks its map file:
// .data, .bss and the stack fit, the DeckState is the one large object,
// no buffer of a whole file is there, and the C library members linked in
// are newlib-nano's. Then it runs it under QEMU's Cortex-M0: a v5 file is
// migrated as it streams in and saved with one item bought, byte for byte
// as the Go loader and deck.OwnershipCommit make it; no file starts a new
// career; a newer build's file is left alone, nothing written.
func TestFirmwareCortexM0(t *testing.T) {
	elf, mapFile := linkM0(t, "firmware.c")
	m := readM0Map(t, mapFile)
	ram := m.sections[".data"] + m.sections[".bss"] + m.sections[".stack"]
	t.Logf("RAM: .data %d + .bss %d + stack %d = %d of %d bytes; library members: %s",
		m.sections[".data"], m.sections[".bss"], m.sections[".stack"], ram, m0RAM, strings.Join(m.archives, ", "))
	if m.sections[".stack"] != m0Stack || ram > m0RAM {
		t.Errorf("the map says the stack is %d bytes and RAM use %d: want a %d-byte stack and at most %d bytes", m.sections[".stack"], ram, m0Stack, m0RAM)
	}
	if got := m.inputs[".bss.ds"]; got != deck.DeckStateSize {
		t.Errorf("the map says the DeckState takes %d bytes, want %d", got, deck.DeckStateSize)
	}
	for name, n := range m.inputs {
		if name != ".bss.ds" && n >= 256 {
			t.Errorf("the map holds %s of %d bytes: the streaming firmware needs no buffer beside its DeckState", name, n)
		}
	}
	for _, a := range m.archives {
		if strings.HasPrefix(a, "libc") && !strings.HasPrefix(a, "libc_nano.a") {
			t.Errorf("%s is linked in: want newlib-nano's libc_nano.a", a)
		}
	}

	vecs := loadVectors(t)
	v5 := vectorData(t, vecs, "v5-payload-len-0.deck")
	fresh := deck.NewDeckState()
	played := func(st *deck.DeckState) []byte {
		if err := deck.OwnershipCommit(st, deck.OwnershipPurchase(deck.CatalogVerbScan)); err != nil {
			t.Fatal(err)
		}
		st.Credits += 10
		return deck.Encode(st)
	}
	var migrated deck.DeckState
	if _, err := deck.Load(v5, &migrated); err != nil {
		t.Fatal(err)
	}
	newer := withPayload(deck.StructVersion+1, deck.PayloadSizeV6+4, nil, deck.PayloadSizeV6+4)
	for _, c := range []struct {
		what string
		file []byte // nil: no deck.bin
		say  string
		want []byte // nil: no deck.out
	}{
		{"a v5 file", v5, "migrated", played(&migrated)},
		{"no file", nil, "new career", played(fresh)},
		{"a newer build's file", newer, "leave", nil},
	} {
		t.Run(c.what, func(t *testing.T) {
			dir := t.TempDir()
			if c.file != nil {
				if err := os.WriteFile(filepath.Join(dir, "deck.bin"), c.file, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out := runM0(t, elf, dir)
			if !strings.Contains(out, c.say) {
				t.Errorf("the firmware said %q, want a line with %q", out, c.say)
			}
			got, err := os.ReadFile(filepath.Join(dir, "deck.out"))
			switch {
			case c.want == nil && err == nil:
				t.Errorf("the firmware wrote deck.out (%d bytes); it must write nothing", len(got))
			case c.want != nil && err != nil:
				t.Errorf("the firmware wrote no deck.out: %v (it said %q)", err, out)
			case c.want != nil && !bytes.Equal(got, c.want):
				t.Errorf("deck.out (%d bytes) differs from Go's at byte %d", len(got), firstDiff(got, c.want))
			}
		})
	}
}

// TestCodecCortexM0 runs every fourth file of the differential corpus
// (more than 2,700; all of them take 40 s and more of emulation) through the streaming decoder and encoder on QEMU's
// Cortex-M0 (testdata/m0/driver.c, linked into the same 8 KB of RAM), fed
// in plans of chunks that turn with the file: each must get the Go
// loader's status and from-version, after a load byte for byte Go's
// re-encoded file, and after a refusal *out as deck_file_decoder_finish
// documents it.
func TestCodecCortexM0(t *testing.T) {
	elf, _ := linkM0(t, "driver.c")
	files, goV := differentialInputs(t)
	var in bytes.Buffer
	var picked []int
	for i := 0; i < len(files); i += 4 {
		picked = append(picked, i)
		in.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(files[i].data))))
		in.Write(files[i].data)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "corpus.bin"), in.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	runM0(t, elf, dir)
	out, err := os.ReadFile(filepath.Join(dir, "answers.bin"))
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, i := range picked {
		if len(out) < 8 {
			t.Fatalf("the Cortex-M0 answered %d of %d files", len(picked)-bad, len(picked))
		}
		st, code, from := int(out[0]), int(out[1]), int(binary.LittleEndian.Uint16(out[2:]))
		n := int(binary.LittleEndian.Uint32(out[4:]))
		if n > len(out)-8 || st >= len(statusNames) {
			t.Fatalf("file %d (%s): a garbled answer", i, files[i].what)
		}
		enc := out[8 : 8+n]
		out = out[8+n:]
		g := goV[i]
		var msgs []string
		if st != g.Status || from != g.From {
			msgs = append(msgs, fmt.Sprintf("Go %s from %d, Cortex-M0 %s from %d", statusNames[g.Status], g.From, statusNames[st], from))
		}
		if want := streamOut(files[i].data, g.Status); code != want {
			msgs = append(msgs, fmt.Sprintf("*out holds code %d, want %s", code, outNames[want]))
		}
		if !bytes.Equal(enc, g.Encoded) {
			msgs = append(msgs, fmt.Sprintf("the re-encoded files differ (%d and %d bytes, at byte %d)", len(enc), len(g.Encoded), firstDiff(enc, g.Encoded)))
		}
		if len(msgs) > 0 {
			t.Errorf("%s (%d bytes): %s", files[i].what, len(files[i].data), strings.Join(msgs, "; "))
			if bad++; bad == 10 {
				t.Fatal("stopping after 10 differences")
			}
		}
	}
	if len(out) != 0 {
		t.Fatalf("the Cortex-M0 wrote %d bytes more than %d answers", len(out), len(picked))
	}
	t.Logf("%d files on the Cortex-M0", len(picked))
}

// libcList reads from deck_file.h the C library functions it says an
// object may reference: the names that start each "  - name, name: why"
// item of its comment, which may wrap over lines.
var libcList = regexp.MustCompile(`(?m)^ \*   - ([A-Za-z0-9_,\s*]+?):`)

// TestLibcReferences compiles deck_file.c, a translation unit that calls
// every inline function of ownership.h and catalog.h (their code lands in
// the firmware's own objects), and the codec of a layout with floats and
// 64-bit integers (floatLayout), at -O2 and -Os with gcc and
// clang for x86-64 and with arm-none-eabi-gcc and clang for Cortex-M0 and
// Cortex-M4, and lists with nm what each object leaves undefined: nothing
// but the codec's own functions and the C library functions deck_file.h
// lists, which this test reads from it.
func TestLibcReferences(t *testing.T) {
	h, err := os.ReadFile(filepath.Join(headerDir, "deck_file.h"))
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{}
	for _, m := range libcList.FindAllSubmatch(h, -1) {
		for _, f := range strings.Split(string(m[1]), ",") {
			allowed[strings.Trim(f, " \n*")] = true
		}
	}
	for f := range allowed {
		if !regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`).MatchString(f) {
			t.Fatalf("deck_file.h's list of C library functions holds %q, not a C name", f)
		}
	}
	if !allowed["memset"] || !allowed["memcpy"] {
		t.Fatalf("deck_file.h no longer lists the C library functions its objects may reference as \" *   - name, name: why\" lines (found %v)", allowed)
	}
	l := layout(t)
	own := l.CFunc("")
	abs, _ := filepath.Abs(filepath.Join(headerDir, l.CFileHeader()+".c"))
	type compiler struct {
		name, cc, nm string
		flags        []string
	}
	compilers := []compiler{
		{"gcc x86-64", "gcc", "nm", nil},
		{"clang x86-64", "clang", "nm", nil},
		{"arm-none-eabi-gcc Cortex-M0", "arm-none-eabi-gcc", "arm-none-eabi-nm", []string{"-mcpu=cortex-m0", "-mthumb"}},
		{"arm-none-eabi-gcc Cortex-M4", "arm-none-eabi-gcc", "arm-none-eabi-nm", []string{"-mcpu=cortex-m4", "-mthumb"}},
		{"clang Cortex-M0", "clang", "arm-none-eabi-nm", []string{"--target=thumbv6m-none-eabi", "-mcpu=cortex-m0", "-mthumb"}},
		{"clang Cortex-M4", "clang", "arm-none-eabi-nm", []string{"--target=thumbv7em-none-eabi", "-mcpu=cortex-m4", "-mthumb"}},
	}
	seen := map[string]bool{}
	// The float layout's codec too: float32, float64 and 64-bit integers,
	// which the deck does not have, under its own prefix.
	tiny := floatSources(t)
	for _, c := range compilers {
		for _, opt := range []string{"-O2", "-Os"} {
			name := c.name + " " + opt
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "probe.c"), []byte(probeSource), 0o644)
			tg := target{name, c.cc, append(append([]string{}, c.flags...), opt), false}
			cc(t, tg, dir, "-c", "-o", "codec.o", abs)
			cc(t, tg, dir, "-c", "-o", "probe.o", "probe.c")
			floatCC(t, tg, tiny, "-c", "-o", filepath.Join(dir, "tiny.o"), "tiny_file.c")
			for _, obj := range []string{"codec.o", "probe.o", "tiny.o"} {
				out, err := exec.Command(tool(t, c.nm), "-u", filepath.Join(dir, obj)).Output()
				if err != nil {
					t.Fatalf("%s -u %s: %v", c.nm, obj, err)
				}
				var refs []string
				for _, f := range strings.Fields(string(out)) {
					if f == "U" || strings.HasPrefix(f, own) || strings.HasPrefix(f, "tiny_") {
						continue // the codec's own functions, defined in deck_file.o
					}
					refs = append(refs, f)
					seen[f] = true
					if !allowed[f] {
						t.Errorf("%s: %s references %s, which deck_file.h does not list", name, obj, f)
					}
				}
				t.Logf("%s %s: %v", name, obj, refs)
			}
		}
	}
	// The list is not wider than it must be on its first line: what every
	// target may call is what some compiler here does call.
	if !seen["memset"] {
		t.Errorf("no compiler referenced memset; deck_file.h says gcc, clang and arm-none-eabi-gcc call it: update the header's list")
	}
}
