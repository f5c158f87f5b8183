// Package c_test uses generated/c the way the firmware team does: it builds
// programs that include every header and link deck_file.c with the
// firmware CI's warnings (-std=c11 -Wall -Wextra -Wpedantic -Wconversion
// -Wsign-conversion -Wcast-align -Wswitch-default -Wpadded -Werror) on the
// compiler matrix — gcc and clang, each also with -fsanitize=address,undefined,
// gcc -m32, arm-none-eabi-gcc for Cortex-M0 and Cortex-M4 (-mthumb -Os), and
// big-endian PowerPC with clang --target — plus g++ and clang++ for C++ and a
// C99 compiler, which must get one #error; runs the ownership and codec unit
// tests; reads every struct's layout back from the compilers' DWARF with
// pahole and compares it with the model, member by member; exchanges vectors
// with generated/go/deck in both directions; runs the same ledger commits
// through ownership.h and the generated Go ledger, which must agree byte for byte;
// runs the file codec differentially against the Go loader over more than
// 10,000 files, natively, as i386 (under qemu-i386 where the kernel runs no
// 32-bit program), sanitized and big-endian under qemu-ppc,
// through the whole-buffer and the streaming API (codec_test.go); links a
// Cortex-M0 firmware on the streaming API with newlib-nano into 8 KB of RAM,
// checks its map and runs it and a quarter of the corpus under QEMU's
// microbit (m0_test.go); checks which C library functions the object
// references (m0_test.go), MISRA C:2012 with cppcheck's addon
// (misra_test.go) and the absence of run-time errors with Frama-C's Eva and
// WP (framac_test.go); and proves that firmware built on the generated API
// survives a new layout version unchanged (drift_test.go).
//
// A missing compiler or pahole skips with a message under a plain go test;
// `make test` installs them and sets SCHEMAGEN_REQUIRE_C=1, under which a
// missing tool fails the test instead.
package c_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/generated/go/deck"
)

// warnings are the firmware CI's warnings, which every C build here uses.
var warnings = []string{"-Wall", "-Wextra", "-Wpedantic", "-Wconversion", "-Wsign-conversion", "-Wcast-align", "-Wswitch-default", "-Wpadded", "-Werror"}

// strict are the flags every C build of generated/c uses.
var strict = append([]string{"-std=c11"}, warnings...)

// sanitize makes undefined behaviour and memory errors stop the program.
var sanitize = []string{"-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"}

var (
	root       = filepath.Join("..", "..")
	headerDir  = filepath.Join(root, "generated", "c")
	schemaOnce *layoutmodel.Layout
)

// layout loads the project's deck layout once.
func layout(t *testing.T) *layoutmodel.Layout {
	t.Helper()
	if schemaOnce == nil {
		s, err := model.Load(root)
		if err != nil {
			t.Fatal(err)
		}
		if schemaOnce = s.Layout("deck"); schemaOnce == nil {
			t.Fatal("no deck layout package")
		}
	}
	return schemaOnce
}

// tool returns the path of a required program. Under SCHEMAGEN_REQUIRE_C
// (make test) a missing one fails the test; otherwise it skips.
func tool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("SCHEMAGEN_REQUIRE_C") != "" {
			t.Fatalf("%s is required for the C consumer checks but is not on PATH (make c-tools installs it)", name)
		}
		t.Skipf("%s not on PATH; run `make test` (which installs it) for the C consumer checks", name)
	}
	return p
}

// target is one compiler configuration generated/c must build for.
type target struct {
	name  string
	cc    string
	flags []string
	// hosted targets link and run programs; the others are compiled only
	// (the big-endian one runs its own way, TestCodecBigEndian).
	hosted bool
}

// targets is the compiler matrix.
var targets = []target{
	{"gcc x86-64", "gcc", []string{"-O2"}, true},
	{"clang x86-64", "clang", []string{"-O2"}, true},
	{"gcc x86-64 sanitized", "gcc", append([]string{"-O1"}, sanitize...), true},
	{"clang x86-64 sanitized", "clang", append([]string{"-O1"}, sanitize...), true},
	{"gcc i386", "gcc", []string{"-m32", "-O2"}, true},
	{"Cortex-M0", "arm-none-eabi-gcc", []string{"-mcpu=cortex-m0", "-mthumb", "-Os"}, false},
	{"Cortex-M4", "arm-none-eabi-gcc", []string{"-mcpu=cortex-m4", "-mthumb", "-Os"}, false},
	{"PowerPC big-endian", "clang", []string{"--target=powerpc-linux-gnu", "-ffreestanding", "-O2"}, false},
}

// command runs prog, built for tg, on this host: a program built for
// i386 runs under qemu-i386 where the kernel runs no 32-bit x86 program
// (a kernel without IA-32 emulation, as some VMs have), natively
// elsewhere.
func (tg target) command(t *testing.T, prog string, args ...string) *exec.Cmd {
	t.Helper()
	if slices.Contains(tg.flags, "-m32") && !runsI386(t) {
		return exec.Command(tool(t, "qemu-i386"), append([]string{prog}, args...)...)
	}
	return exec.Command(prog, args...)
}

// i386 says, once per run, whether the kernel runs a 32-bit x86 program.
var i386 struct {
	once   sync.Once
	native bool
}

// runsI386 builds an empty program with gcc -m32 and runs it.
func runsI386(t *testing.T) bool {
	i386.once.Do(func() {
		dir, err := os.MkdirTemp("", "i386")
		if err != nil {
			return
		}
		defer os.RemoveAll(dir)
		src, bin := filepath.Join(dir, "t.c"), filepath.Join(dir, "t")
		os.WriteFile(src, []byte("int main(void) { return 0; }\n"), 0o644)
		if exec.Command(tool(t, "gcc"), "-m32", "-o", bin, src).Run() == nil {
			i386.native = exec.Command(bin).Run() == nil
		}
	})
	return i386.native
}

// targetNamed returns the target with the given name.
func targetNamed(t *testing.T, name string) target {
	for _, tg := range targets {
		if tg.name == name {
			return tg
		}
	}
	t.Fatalf("no target %q", name)
	return target{}
}

// cc runs a compiler in dir with the strict flags, the target's flags and
// the headers on the include path.
func cc(t *testing.T, tg target, dir string, args ...string) {
	t.Helper()
	// Read the headers here too: go test caches a result by the files the
	// test opens, and the compiler's reads are not among them.
	hs, _ := filepath.Glob(filepath.Join(headerDir, "*.[ch]"))
	if len(hs) != 5 {
		t.Fatalf("%s holds %d files, want types.h, catalog.h, ownership.h, deck_file.h and deck_file.c; run make generate", headerDir, len(hs))
	}
	for _, h := range hs {
		if _, err := os.ReadFile(h); err != nil {
			t.Fatal(err)
		}
	}
	abs, _ := filepath.Abs(headerDir)
	all := append(append(append([]string{}, strict...), tg.flags...), "-I", abs)
	cmd := exec.Command(tool(t, tg.cc), append(all, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", tg.cc, strings.Join(cmd.Args[1:], " "), err, out)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOwnershipUnits builds ownership_test.c with gcc and clang and runs it.
func TestOwnershipUnits(t *testing.T) {
	for _, tg := range targets {
		if !tg.hosted {
			continue
		}
		t.Run(tg.name, func(t *testing.T) {
			dir := t.TempDir()
			copyFile(t, filepath.Join("testdata", "ownership_test.c"), filepath.Join(dir, "ownership_test.c"))
			cc(t, tg, dir, "-O1", "-o", "ownership_test", "ownership_test.c")
			out, err := tg.command(t, filepath.Join(dir, "ownership_test")).CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "ok" {
				t.Fatalf("ownership_test: %v\n%s", err, out)
			}
		})
	}
}

// probeSource is a translation unit that uses every header.
const probeSource = `#include "types.h"
#include "catalog.h"
#include "ownership.h"
#include "deck_file.h"

int deck_target_probe(DeckState *ds, uint8_t *buf, size_t cap);

int deck_target_probe(DeckState *ds, uint8_t *buf, size_t cap) {
	static const uint16_t kit[] = DECK_CATALOG_STARTER_KIT_IDS;
	uint8_t applied = 0;
	uint16_t from = 0;
	int n = (int)deck_ownership_commit(ds, DECK_OWNERSHIP_GRANTED, kit[0], 0, &applied);
	n += deck_ownership_has(ds, kit[0]) ? 1 : 0;
	n += deck_ownership_consumable_count(ds, 0);
	n += (int)deck_catalog_class(kit[0]) + (int)deck_catalog_channel(kit[0]) + deck_catalog_consumable_slot(kit[0]);
	n += deck_catalog_name(kit[0]) != NULL ? 1 : 0;
	n += deck_ownership_usable(ds->ownership) ? 1 : 0;
	n += (int)deck_file_decode(buf, cap, ds, &from) + (int)deck_file_encode(ds, buf, cap);
	return n + applied + from + (int)DECK_STATE_CART_HISTORY_LEN + DECK_MISSION_OUTCOME_COMPLETED;
}
`

// TestHeadersOnTargets is the compiler matrix: for each target, the
// device's included, it compiles a translation unit that uses every header,
// and deck_file.c, with the firmware CI's warnings; the asserts prove the
// layout there, and DECK_MEMORY_MATCHES_FILE is 0 only on the big-endian
// target.
func TestHeadersOnTargets(t *testing.T) {
	for _, tg := range targets {
		t.Run(tg.name, func(t *testing.T) {
			dir := t.TempDir()
			// types.h says whether a DeckState in memory is its file's
			// bytes: on every little-endian target, and not big-endian.
			matches := 1
			if strings.Contains(tg.name, "big-endian") {
				matches = 0
			}
			src := probeSource + fmt.Sprintf("DECK_STATIC_ASSERT(DECK_MEMORY_MATCHES_FILE == %d, \"the byte order types.h sees\");\n", matches)
			os.WriteFile(filepath.Join(dir, "probe.c"), []byte(src), 0o644)
			cc(t, tg, dir, "-c", "-o", "probe.o", "probe.c")
			abs, _ := filepath.Abs(filepath.Join(headerDir, "deck_file.c"))
			cc(t, tg, dir, "-c", "-o", "deck_file.o", abs)
		})
	}
}

// TestPaholeWitness compiles every struct with debug information for each
// target, reads the layout back with pahole and compares every member's
// offset and size, and every struct's size, with the model's.
func TestPaholeWitness(t *testing.T) {
	l := layout(t)
	pahole := tool(t, "pahole")
	var src strings.Builder
	src.WriteString("#include \"types.h\"\n#include \"catalog.h\"\n#include \"ownership.h\"\n\n")
	for _, s := range l.Structs {
		fmt.Fprintf(&src, "%s witness_%s;\n", s.CName, s.Name)
	}
	for _, tg := range targets {
		t.Run(tg.name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "witness.c"), []byte(src.String()), 0o644)
			cc(t, tg, dir, "-g", "-c", "-fno-common", "-o", "witness.o", "witness.c")
			out, err := exec.Command(pahole, filepath.Join(dir, "witness.o")).CombinedOutput()
			if err != nil {
				t.Fatalf("pahole: %v\n%s", err, out)
			}
			got := parsePahole(t, string(out))
			for _, s := range l.Structs {
				want := paholeStruct{Size: s.Size}
				for _, f := range s.Fields {
					want.Members = append(want.Members, paholeMember{f.Name, f.Offset, f.Size()})
				}
				g, ok := got[s.CName]
				if !ok {
					t.Errorf("pahole reports no struct %s", s.Name)
					continue
				}
				if diff := cmp.Diff(want, g); diff != "" {
					t.Errorf("struct %s: the compiler's layout differs from the model's (-model +%s):\n%s", s.Name, tg.name, diff)
				}
			}
		})
	}
}

type paholeMember struct {
	Name         string
	Offset, Size int
}

type paholeStruct struct {
	Members []paholeMember
	Size    int
	Holes   []string // pahole's hole and padding remarks; none is allowed
}

var (
	paholeOpen   = regexp.MustCompile(`^struct (\w+) \{$`)
	paholeMemb   = regexp.MustCompile(`^\t.*?\b(\w+)((?:\[\d+\])*);\s*/\*\s*(\d+)\s+(\d+)\s*\*/`)
	paholeSize   = regexp.MustCompile(`/\* size: (\d+),`)
	paholeRemark = regexp.MustCompile(`XXX|padding|hole`)
)

// parsePahole reads pahole's C-like output into structs by name.
func parsePahole(t *testing.T, out string) map[string]paholeStruct {
	t.Helper()
	structs := map[string]paholeStruct{}
	var name string
	var cur paholeStruct
	for _, line := range strings.Split(out, "\n") {
		if m := paholeOpen.FindStringSubmatch(line); m != nil {
			name, cur = m[1], paholeStruct{}
			continue
		}
		if name == "" {
			continue
		}
		switch {
		case line == "};":
			structs[name] = cur
			name = ""
		case paholeMemb.MatchString(line):
			m := paholeMemb.FindStringSubmatch(line)
			off, _ := strconv.Atoi(m[3])
			size, _ := strconv.Atoi(m[4])
			cur.Members = append(cur.Members, paholeMember{m[1], off, size})
		case paholeSize.MatchString(line):
			cur.Size, _ = strconv.Atoi(paholeSize.FindStringSubmatch(line)[1])
			if paholeRemark.MatchString(line) {
				cur.Holes = append(cur.Holes, strings.TrimSpace(line))
			}
		case paholeRemark.MatchString(line):
			cur.Holes = append(cur.Holes, strings.TrimSpace(line))
		}
	}
	if len(structs) == 0 {
		t.Fatalf("pahole printed no structs:\n%s", out)
	}
	return structs
}

// TestVectors exchanges every struct with generated/go/deck: Go encodes a
// value with a distinct value in every field and the C program checks each
// field through the headers; the C program fills every field and Go decodes
// the bytes and checks them. The bytes are also checked against the model's
// offsets directly, so Go, C and the model are three witnesses.
func TestVectors(t *testing.T) {
	l := layout(t)
	for _, s := range l.Structs {
		if goStructs[s.Name].decode == nil {
			t.Errorf("struct %s has no entry in goStructs; add it", s.Name)
		}
	}
	for name := range goStructs {
		if l.Struct(name) == nil {
			t.Errorf("goStructs has %s, which the schema no longer has", name)
		}
	}
	dir := t.TempDir()
	var h strings.Builder
	all := map[string][]leaf{}
	for _, s := range l.Structs {
		all[s.Name] = leaves(s)
		cVector(&h, s, all[s.Name])
	}
	h.WriteString("static const vector vectors[] = {\n")
	for _, s := range l.Structs {
		fmt.Fprintf(&h, "\t{%q, sizeof(%s), fill_%s, check_%s},\n", s.Name, s.CName, s.Name, s.Name)
	}
	h.WriteString("};\n")
	os.WriteFile(filepath.Join(dir, "vectors.h"), []byte(h.String()), 0o644)
	copyFile(t, filepath.Join("testdata", "vectors.c"), filepath.Join(dir, "vectors.c"))
	cc(t, targets[0], dir, "-O0", "-I", ".", "-o", "vectors", "vectors.c") // the per-field code is large: -O0 builds it fastest // -O0: the per-field code is large and optimising it is slow
	prog := filepath.Join(dir, "vectors")

	for _, s := range l.Structs {
		t.Run(s.Name, func(t *testing.T) {
			ls := all[s.Name]
			gs := goStructs[s.Name]
			want := gs.new()
			wantBytes := make([]byte, s.Size)
			for _, lf := range ls {
				lf.set(want)
				lf.put(wantBytes)
			}
			// Go encodes; the bytes are the model's; C checks every field.
			enc := gs.encode(want)
			if !bytes.Equal(enc, wantBytes) {
				t.Fatalf("Go's encoding differs from the model's offsets at byte %d", firstDiff(enc, wantBytes))
			}
			in := filepath.Join(dir, s.Name+".go.bin")
			os.WriteFile(in, enc, 0o644)
			if out, err := exec.Command(prog, "check", s.Name, in).CombinedOutput(); err != nil {
				t.Fatalf("C read Go's %s wrong: %v\n%s", s.Name, err, out)
			}
			// C fills; Go decodes every field.
			out := filepath.Join(dir, s.Name+".c.bin")
			if msg, err := exec.Command(prog, "fill", s.Name, out).CombinedOutput(); err != nil {
				t.Fatalf("vectors fill: %v\n%s", err, msg)
			}
			cb, _ := os.ReadFile(out)
			if !bytes.Equal(cb, wantBytes) {
				t.Fatalf("C's bytes differ from the model's offsets at byte %d", firstDiff(cb, wantBytes))
			}
			got, err := gs.decode(cb)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Interface(), want.Interface()) {
				t.Errorf("Go decoded C's %s differently:\n%s", s.Name, cmp.Diff(want.Interface(), got.Interface()))
			}
			// A wrong size is refused.
			if _, err := gs.decode(cb[:len(cb)-1]); err == nil {
				t.Errorf("Decode%s accepted %d bytes", s.Name, len(cb)-1)
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// goStruct is how the test reaches one generated Go struct.
type goStruct struct {
	new    func() reflect.Value // *T
	encode func(reflect.Value) []byte
	decode func([]byte) (reflect.Value, error)
}

func entry[T any, P interface {
	*T
	Encode() []byte
}](decode func([]byte) (T, error)) goStruct {
	return goStruct{
		new:    func() reflect.Value { return reflect.New(reflect.TypeFor[T]()) },
		encode: func(v reflect.Value) []byte { return P(v.Interface().(*T)).Encode() },
		decode: func(b []byte) (reflect.Value, error) {
			x, err := decode(b)
			return reflect.ValueOf(&x), err
		},
	}
}

var goStructs = map[string]goStruct{
	"DeckState":       entry(deck.DecodeDeckState),
	"Settings":        entry(deck.DecodeSettings),
	"CartRecord":      entry(deck.DecodeCartRecord),
	"ReplHistory":     entry(deck.DecodeReplHistory),
	"MissionLogEntry": entry(deck.DecodeMissionLogEntry),
	"BoardSlot":       entry(deck.DecodeBoardSlot),
	"Contact":         entry(deck.DecodeContact),
	"Keystore":        entry(deck.DecodeKeystore),
	"KeyEntry":        entry(deck.DecodeKeyEntry),
	"OwnershipBlob":   entry(deck.DecodeOwnershipBlob),
	"DeckFileHeader":  entry(deck.DecodeDeckFileHeader),
}

// leaf is one scalar of a struct: every array element and nested field
// expanded, with a distinct value.
type leaf struct {
	c      string // C lvalue, e.g. x->cart_history[3].play_seconds
	goPath []any  // Go field names (string) and array indexes (int)
	offset int
	prim   layoutmodel.Prim
	value  uint64 // the bits, little-endian, of prim's width
}

func leaves(s *layoutmodel.Struct) []leaf {
	var out []leaf
	var walk func(s *layoutmodel.Struct, c string, goPath []any, base int)
	walk = func(s *layoutmodel.Struct, c string, goPath []any, base int) {
		for _, f := range s.Fields {
			t := f.Type
			idx := make([]int, len(t.Dims))
			for n := 0; n < t.Count(); n++ {
				rem := n
				for d := len(t.Dims) - 1; d >= 0; d-- {
					idx[d] = rem % t.Dims[d]
					rem /= t.Dims[d]
				}
				ce := c + f.Name
				gp := append(append([]any{}, goPath...), f.GoName)
				for _, i := range idx {
					ce += fmt.Sprintf("[%d]", i)
					gp = append(gp, i)
				}
				off := base + f.Offset + n*t.ElemSize()
				if t.Struct != nil {
					walk(t.Struct, ce+".", gp, off)
					continue
				}
				out = append(out, leaf{c: ce, goPath: gp, offset: off, prim: t.Prim, value: distinct(len(out), t.Prim)})
			}
		}
	}
	walk(s, "x->", nil, 0)
	return out
}

// distinct is the k-th leaf's value: nonzero, different from its
// neighbours', negative for about half the signed ones, printable for char.
func distinct(k int, p layoutmodel.Prim) uint64 {
	h := uint64(k+1) * 0x9E3779B97F4A7C15
	h ^= h >> 29
	bits := 8 * p.Size()
	mask := uint64(1)<<bits - 1
	if bits == 64 {
		mask = ^uint64(0)
	}
	v := h & mask
	switch {
	case p == layoutmodel.Char:
		v = 1 + v%126
	case v == 0 || (p.Signed() && v == uint64(1)<<(bits-1)):
		v = 1 // never zero, never the most negative value
	}
	return v
}

func (lf leaf) signed() int64 {
	bits := 8 * lf.prim.Size()
	return int64(lf.value<<(64-bits)) >> (64 - bits)
}

func (lf leaf) put(b []byte) {
	for i := 0; i < lf.prim.Size(); i++ {
		b[lf.offset+i] = byte(lf.value >> (8 * i))
	}
}

// set stores the leaf's value into the Go struct p points to.
func (lf leaf) set(p reflect.Value) {
	v := p.Elem()
	for _, step := range lf.goPath {
		switch s := step.(type) {
		case string:
			v = v.FieldByName(s)
		case int:
			v = v.Index(s)
		}
	}
	if lf.prim.Signed() {
		v.SetInt(lf.signed())
	} else {
		v.SetUint(lf.value)
	}
}

// cVector writes fill_<S> and check_<S> for one struct.
func cVector(w *strings.Builder, s *layoutmodel.Struct, ls []leaf) {
	fmt.Fprintf(w, "static void fill_%s(void *p) {\n\t%s *x = p;\n", s.Name, s.CName)
	for _, lf := range ls {
		switch {
		case lf.prim == layoutmodel.Char:
			fmt.Fprintf(w, "\t%s = (char)%d;\n", lf.c, lf.value)
		case lf.prim.Signed():
			fmt.Fprintf(w, "\t%s = (%s)(%dLL);\n", lf.c, lf.prim.C(), lf.signed())
		default:
			fmt.Fprintf(w, "\t%s = (%s)%dULL;\n", lf.c, lf.prim.C(), lf.value)
		}
	}
	fmt.Fprintf(w, "}\n\nstatic int check_%s(const void *p) {\n\tconst %s *x = p;\n\tint bad = 0;\n", s.Name, s.CName)
	for _, lf := range ls {
		path := s.Name + "." + strings.TrimPrefix(lf.c, "x->")
		switch {
		case lf.prim == layoutmodel.Char:
			fmt.Fprintf(w, "\tCHECK_U(%q, (uint8_t)%s, %dULL);\n", path, lf.c, lf.value)
		case lf.prim.Signed():
			fmt.Fprintf(w, "\tCHECK_S(%q, %s, %dLL);\n", path, lf.c, lf.signed())
		default:
			fmt.Fprintf(w, "\tCHECK_U(%q, %s, %dULL);\n", path, lf.c, lf.value)
		}
	}
	w.WriteString("\treturn bad;\n}\n\n")
}
