package c_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/gen/clayout"
	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/layoutfile"
)

// floatLayout is the layout package with float32 and float64 fields the
// differential below runs on: gen/clayout's small layout (prefix Tiny),
// whose version 5 adds a float64 and an array of float32 points.
const floatLayout = "../../gen/clayout/testdata/small.txtar"

// floatHarness loads each file dir/in-N.bin through tiny_file_decode and,
// in chunks of the given size, through the streaming decoder, prints both
// verdicts, and writes what tiny_file_encode and the streaming encoder make
// of each state to dir/w-N.bin and dir/s-N.bin.
const floatHarness = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tiny_file.h"

static int write_file(const char *path, const uint8_t *b, size_t n) {
	FILE *f = fopen(path, "wb");
	int bad = (f == NULL);
	if (!bad) {
		bad = (fwrite(b, 1u, n, f) != n);
		bad = (fclose(f) != 0) || bad;
	}
	return bad;
}

int main(int argc, char **argv) {
	static uint8_t in[TINY_FILE_SIZE_MAX + 16u];
	static uint8_t out[TINY_FILE_SIZE_MAX];
	char path[4096];
	size_t chunk;
	long files;
	if (argc != 4) {
		return 2;
	}
	chunk = (size_t)strtoul(argv[2], NULL, 10);
	files = strtol(argv[3], NULL, 10);
	for (long k = 0; k < files; k++) {
		TinyRoot whole;
		TinyRoot streamed;
		TinyFileDecoder d;
		uint16_t from_whole = 0u;
		uint16_t from_stream = 0u;
		size_t n;
		FILE *f;
		TinyFileStatus sw;
		TinyFileStatus ss;
		(void)snprintf(path, sizeof path, "%s/in-%ld.bin", argv[1], k);
		f = fopen(path, "rb");
		if (f == NULL) {
			return 3;
		}
		n = fread(in, 1u, sizeof in, f);
		(void)fclose(f);
		memset(&whole, 0xA5, sizeof whole);
		memset(&streamed, 0x5A, sizeof streamed);
		sw = tiny_file_decode(in, n, &whole, &from_whole);
		tiny_file_decoder_init(&d, &streamed);
		for (size_t at = 0u; at < n; at += chunk) {
			size_t take = ((n - at) < chunk) ? (n - at) : chunk;
			if (tiny_file_decoder_feed(&d, &in[at], take) != TINY_FILE_OK) {
				break;
			}
		}
		ss = tiny_file_decoder_finish(&d, &from_stream);
		printf("%d %u %d %u\n", (int)sw, (unsigned)from_whole, (int)ss, (unsigned)from_stream);
		if ((sw == TINY_FILE_OK) || (sw == TINY_FILE_MIGRATED)) {
			size_t m = tiny_file_encode(&whole, out, sizeof out);
			(void)snprintf(path, sizeof path, "%s/w-%ld.bin", argv[1], k);
			if (write_file(path, out, m) != 0) {
				return 4;
			}
		}
		if ((ss == TINY_FILE_OK) || (ss == TINY_FILE_MIGRATED)) {
			TinyFileEncoder e;
			size_t m = 0u;
			size_t got;
			tiny_file_encoder_init(&e, &streamed);
			do {
				size_t room = sizeof out - m;
				got = tiny_file_encoder_read(&e, &out[m], (room < chunk) ? room : chunk);
				m += got;
			} while (got > 0u);
			(void)snprintf(path, sizeof path, "%s/s-%ld.bin", argv[1], k);
			if (write_file(path, out, m) != 0) {
				return 4;
			}
		}
	}
	return 0;
}
`

// floatBits are the float32 patterns every float32 field is drawn from,
// beside random bits: zeros, NaNs with payloads, infinities, subnormals.
var floatBits32 = []uint32{
	0x00000000, 0x80000000, // +0, -0
	0x7FC00000, 0xFFC00000, 0x7FC00001, 0x7FFFFFFF, // quiet NaNs, payloads
	0x7F800001, 0x7FA00001, 0xFF800001, // signalling NaNs
	0x7F800000, 0xFF800000, // ±Inf
	0x00000001, 0x807FFFFF, 0x00800000, // subnormals, the least normal
	0x3FC00000, 0xC2F6E979, // 1.5, -123.456
}

var floatBits64 = []uint64{
	0x0000000000000000, 0x8000000000000000,
	0x7FF8000000000000, 0xFFF8000000000001, 0x7FFFFFFFFFFFFFFF,
	0x7FF0000000000001, 0x7FF4000000000000,
	0x7FF0000000000000, 0xFFF0000000000000,
	0x0000000000000001, 0x800FFFFFFFFFFFFF, 0x0010000000000000,
	0x3FF8000000000000, 0xC05EDD2F1A9FBE77,
}

// floatTargets are the targets of the C matrix the float differential runs
// on (hosted) or builds for: the 64-bit hosts, the i386 one (x87 floats,
// which quiet a signalling NaN they load), a Cortex-M0 (soft floats) and
// the big-endian one. The sanitized builds and the Cortex-M4 add time and
// no float case (TestLibcReferences builds the codec for the M4).
var floatTargets = map[string]bool{"gcc x86-64": true, "clang x86-64": true, "gcc i386": true, "Cortex-M0": true, "PowerPC big-endian": true}

// TestFloatDifferential: on a layout with float32 and float64 fields, the
// generated C codec (whole-buffer and streaming, every chunk size tried)
// and the Go one (internal/layoutfile) agree on every file: the same
// verdict and from-version, and byte-identical output; a current file's
// floats — NaN payloads, signalling NaNs, -0, infinities, subnormals —
// come back byte for byte. It runs on floatTargets' hosts, in chunks of
// 1, 7 and 4096 bytes, and builds the codec for the others.
func TestFloatDifferential(t *testing.T) {
	l, src := floatSourcesOf(t)
	goc, err := layoutfile.New(l)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(src, "harness.c"), []byte(floatHarness), 0o644)

	files := floatCorpus(t, l, goc)
	data := t.TempDir()
	for i, f := range files {
		os.WriteFile(filepath.Join(data, fmt.Sprintf("in-%d.bin", i)), f, 0o644)
	}
	// What Go makes of each file: the bytes it would write, or nil.
	want := make([][]byte, len(files))
	counts := map[string]int{}
	for i, f := range files {
		v, payload, err := goc.Load(f)
		switch {
		case err != nil:
			counts["refused"]++
		case v == l.Current().Number:
			want[i] = goc.Encode(payload)
			counts["current"]++
			if !bytes.Equal(want[i], f) {
				t.Fatalf("file %d: Go did not encode a current file back byte for byte", i)
			}
		default:
			want[i] = goc.Encode(payload)
			counts[fmt.Sprintf("migrated from %d", v)]++
		}
	}
	t.Logf("%d files: %v", len(files), counts)

	for _, tg := range targets {
		if !floatTargets[tg.name] {
			continue
		}
		if !tg.hosted {
			// The others build the codec, its IEEE-754 asserts included.
			t.Run(tg.name, func(t *testing.T) {
				floatCC(t, tg, src, "-c", "-o", filepath.Join(t.TempDir(), "tiny_file.o"), "tiny_file.c")
			})
			continue
		}
		t.Run(tg.name, func(t *testing.T) {
			bin := t.TempDir()
			floatCC(t, tg, src, "-o", filepath.Join(bin, "harness"), "harness.c", "tiny_file.c")
			for _, chunk := range []int{1, 7, 4096} {
				out, err := tg.command(t, filepath.Join(bin, "harness"), data, strconv.Itoa(chunk), strconv.Itoa(len(files))).Output()
				if err != nil {
					t.Fatalf("harness (chunk %d): %v", chunk, err)
				}
				lines := strings.Split(strings.TrimSpace(string(out)), "\n")
				if len(lines) != len(files) {
					t.Fatalf("harness answered %d files of %d", len(lines), len(files))
				}
				for i, line := range lines {
					var sw, fw, ss, fs int
					fmt.Sscan(line, &sw, &fw, &ss, &fs)
					if sw != ss || fw != fs {
						t.Errorf("chunk %d, file %d: whole-buffer %d (from %d), streaming %d (from %d)", chunk, i, sw, fw, ss, fs)
					}
					loaded := sw == 0 || sw == 1 // TINY_FILE_OK, TINY_FILE_MIGRATED
					if loaded != (want[i] != nil) {
						t.Errorf("chunk %d, file %d: C status %d, Go loaded it: %v", chunk, i, sw, want[i] != nil)
						continue
					}
					if !loaded {
						continue
					}
					for _, kind := range []string{"w", "s"} {
						got, err := os.ReadFile(filepath.Join(data, fmt.Sprintf("%s-%d.bin", kind, i)))
						if err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(got, want[i]) {
							t.Errorf("chunk %d, file %d: C (%s) wrote\n%x\nGo wrote\n%x", chunk, i, map[string]string{"w": "tiny_file_encode", "s": "the streaming encoder"}[kind], got, want[i])
						}
					}
				}
				for _, kind := range []string{"w", "s"} {
					old, _ := filepath.Glob(filepath.Join(data, kind+"-*.bin"))
					for _, p := range old {
						os.Remove(p)
					}
				}
			}
		})
	}
}

// floatCorpus is files of the float layout: current ones whose floats run
// through every special pattern (and random bits), older versions that
// migrate (their floats zero-filled) or are refused, and damaged ones.
func floatCorpus(t *testing.T, l *layoutmodel.Layout, c *layoutfile.Codec) [][]byte {
	t.Helper()
	r := rand.New(rand.NewPCG(23, 5))
	var files [][]byte
	cur := l.Current()
	var floats []struct {
		off  int
		prim layoutmodel.Prim
	}
	var walk func(s *layoutmodel.Struct, base int)
	walk = func(s *layoutmodel.Struct, base int) {
		for _, f := range s.Fields {
			for n := 0; n < f.Type.Count(); n++ {
				at := base + f.Offset + n*f.Type.ElemSize()
				switch {
				case f.Type.Struct != nil:
					walk(f.Type.Struct, at)
				case f.Type.Prim.Float():
					floats = append(floats, struct {
						off  int
						prim layoutmodel.Prim
					}{at, f.Type.Prim})
				}
			}
		}
	}
	walk(l.Root, 0)
	if len(floats) < 3 {
		t.Fatalf("%s has %d float scalars; the differential wants a float64 and float32s", floatLayout, len(floats))
	}
	for k := 0; k < 120; k++ {
		p := c.NewPayload()
		for i := range p {
			if r.IntN(3) == 0 {
				p[i] = byte(r.Uint32())
			}
		}
		for _, f := range floats {
			if f.prim == layoutmodel.Float32 {
				u := r.Uint32()
				if r.IntN(4) != 0 {
					u = floatBits32[(k+f.off)%len(floatBits32)]
				}
				binary.LittleEndian.PutUint32(p[f.off:], u)
			} else {
				u := r.Uint64()
				if r.IntN(4) != 0 {
					u = floatBits64[(k+f.off)%len(floatBits64)]
				}
				binary.LittleEndian.PutUint64(p[f.off:], u)
			}
		}
		files = append(files, c.Encode(p))
	}
	// Every older version, random payloads: migrated or refused.
	for _, v := range l.Versions[:len(l.Versions)-1] {
		for k := 0; k < 4; k++ {
			p := make([]byte, v.Size)
			for i := range p {
				p[i] = byte(r.Uint32())
			}
			files = append(files, reframeVersion(c.Encode(p), v.Number))
		}
	}
	// Damaged: a flipped payload bit (CRC), a truncated file.
	for k := 0; k < 4; k++ {
		f := bytes.Clone(files[k])
		f[8+r.IntN(cur.Size)] ^= 1 << r.IntN(8)
		files = append(files, f, files[k][:len(files[k])-1-r.IntN(8)])
	}
	return files
}

// reframeVersion is file with its header's version set to v (the small
// layout's #Head: magic u32, version u16, payload_len u16) and its CRC
// made right again.
func reframeVersion(file []byte, v int) []byte {
	f := bytes.Clone(file)
	binary.LittleEndian.PutUint16(f[4:], uint16(v))
	end := len(f) - 4
	binary.LittleEndian.PutUint32(f[end:], crc32.ChecksumIEEE(f[:end]))
	return f
}

// floatCC compiles in dir with the strict flags and the target's, the
// generated files of dir (not generated/c) on the include path.
func floatCC(t *testing.T, tg target, dir string, args ...string) {
	t.Helper()
	all := append(append(append([]string{}, strict...), tg.flags...), "-I", dir)
	cmd := exec.Command(tool(t, tg.cc), append(all, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", tg.cc, strings.Join(cmd.Args[1:], " "), err, out)
	}
}

// floatSources is a folder holding the C that schemagen generates for the
// float layout (floatLayout).
func floatSources(t *testing.T) string {
	_, src := floatSourcesOf(t)
	return src
}

// floatSourcesOf loads the float layout from its archive and writes its
// generated C to a folder: the layout and the folder.
func floatSourcesOf(t *testing.T) (*layoutmodel.Layout, string) {
	t.Helper()
	ar, err := txtar.ParseFile(floatLayout)
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "out/") {
			continue
		}
		p := filepath.Join(mod, f.Name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, f.Data, 0o644)
	}
	s, err := model.Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	l := s.Layouts[0]
	if l.CPrefix != "Tiny" {
		t.Fatalf("%s: c_prefix %s; the harness is written for Tiny", floatLayout, l.CPrefix)
	}
	gen, err := clayout.Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	for _, f := range gen {
		os.WriteFile(filepath.Join(src, filepath.Base(f.Path)), f.Data, 0o644)
	}
	return l, src
}
