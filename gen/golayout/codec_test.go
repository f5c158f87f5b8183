package golayout_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/golayout"
	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/layoutplan"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/golden"
	"github.com/schemagen/schemagen/internal/layoutfile"
)

// TestCodecAgreesWithTheInterpreter builds and runs the file codec
// generated for layouts other than this repository's deck (each
// testdata/*.txtar and the outside team's vault of conformance/adopter):
// on a corpus of files of every shipped version, damaged and hostile ones
// among them, the generated Load gives internal/layoutfile's verdict, the
// plan's verdict for the version, and what it loads encodes (Encode) to
// the interpreter's file; the generated new state is the interpreter's.
// The deck itself is held to the interpreter by
// internal/layoutfile.FuzzAgreesWithTheGeneratedCodec and to the C by
// conformance/c.
func TestCodecAgreesWithTheInterpreter(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a Go program")
	}
	check := func(t *testing.T, dir string) {
		s, err := model.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range s.Layouts {
			if l.File != nil {
				agree(t, s, l)
			}
		}
	}
	golden.Run(t, "testdata/*.txtar", nil, func(t *testing.T, c *golden.Case) { check(t, c.Dir) })
	t.Run("adopter", func(t *testing.T) { check(t, "../../conformance/adopter/module") })
	t.Run("deck", func(t *testing.T) { check(t, "../..") })
}

func agree(t *testing.T, s *model.Schema, l *layoutmodel.Layout) {
	files, err := golayout.Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	write := func(name string, data []byte) {
		p := filepath.Join(mod, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module example.com/drive\n\ngo 1.24\n"))
	for _, f := range files {
		if strings.HasPrefix(f.Path, "go/"+l.Path+"/") {
			write("pkg/"+strings.TrimPrefix(f.Path, "go/"+l.Path+"/"), f.Data)
		}
	}
	write("main.go", []byte(fmt.Sprintf(driver, l.Root.GoName, l.GoNew())))
	c, err := layoutfile.New(l)
	if err != nil {
		t.Fatal(err)
	}
	corpus := corpusOf(l, c)
	var in bytes.Buffer
	for _, f := range corpus {
		fmt.Fprintln(&in, hex.EncodeToString(f))
	}
	// Built as usual (the one-copy payload path where Go lays the root
	// out as its payload) and with the purego tag (field by field).
	for _, tags := range []string{"", "purego"} {
		// -trimpath: mod is a new folder each run, which without it is
		// part of the build cache key of the driver and the codec.
		cmd := exec.Command("go", "run", "-trimpath", "-tags="+tags, ".")
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
		cmd.Stdin = bytes.NewReader(in.Bytes())
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("the driver (tags %q): %v\n%s", tags, err, out)
		}
		compare(t, l, c, corpus, string(out), tags)
	}
}

// compare holds the driver's answers (built with tags) to the
// interpreter's on each file of corpus.
func compare(t *testing.T, l *layoutmodel.Layout, c *layoutfile.Codec, corpus [][]byte, out, tags string) {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(corpus)+1 {
		t.Fatalf("the driver answered %d lines for %d files:\n%s", len(lines), len(corpus), out)
	}
	if want := "new " + hex.EncodeToString(c.Encode(c.NewPayload())); lines[len(corpus)] != want {
		t.Errorf("the generated %s() encodes as\n%s\nthe interpreter's new file is\n%s", l.GoNew(), lines[len(corpus)], want)
	}
	plan := layoutplan.New(l)
	kinds := map[string]int{}
	for i, f := range corpus {
		v, payload, err := c.Load(f)
		want := "ok " + fmt.Sprint(v) + " " + hex.EncodeToString(c.Encode(payload))
		if err != nil {
			want = "err " + kind(err)
		}
		got := lines[i]
		if strings.HasPrefix(got, "err ") {
			got = got[:strings.LastIndex(got, " ")] // the version the error names
		}
		if got != want {
			t.Errorf("file %d (%x…), tags %q: the generated codec says %.80s, the interpreter %.80s", i, f[:min(len(f), 16)], tags, got, want)
		}
		if err == nil {
			kinds[fmt.Sprintf("ok v%d", v)]++
		} else {
			kinds[kind(err)]++
		}
		if err == nil {
			verdict := plan.VerdictOf(v)
			if verdict != layoutplan.Load && verdict != layoutplan.Migrate {
				t.Errorf("file %d loads as version %d, whose plan verdict is %d", i, v, verdict)
			}
		}
	}
	t.Logf("tags %q: %d files: %v", tags, len(corpus), kinds)
}

// kind names an error of the interpreter as the driver names the
// generated codec's.
func kind(err error) string {
	switch err.(type) {
	case *layoutfile.MagicError:
		return "magic"
	case *layoutfile.LengthError:
		return "length"
	case *layoutfile.PayloadLenError:
		return "payload_len"
	case *layoutfile.CRCError:
		return "crc"
	case *layoutfile.VersionError:
		e := err.(*layoutfile.VersionError)
		switch e.Err {
		case layoutfile.ErrNewerVersion:
			return "newer"
		case layoutfile.ErrReinitialize:
			return "reinitialize"
		}
		return "unknown_version"
	}
	return "other"
}

// corpusOf is files of every shipped version with random payloads, in
// both header forms, and damaged copies of them: truncated, extended, a
// bit flipped, another version or payload_len with the CRC made right.
func corpusOf(l *layoutmodel.Layout, c *layoutfile.Codec) [][]byte {
	r := rand.New(rand.NewPCG(22, 1))
	f := l.File
	put := func(b []byte, m *layoutmodel.LayoutField, v uint64) {
		for i := 0; i < m.Size(); i++ {
			b[m.Offset+i] = byte(v >> (8 * i))
		}
	}
	frame := func(version, plen int, payload []byte) []byte {
		b := make([]byte, f.Header.Size, f.Header.Size+len(payload)+4)
		put(b, f.MagicField, uint64(f.Magic.Value))
		put(b, f.VersionField, uint64(version))
		put(b, f.LengthField, uint64(plen))
		b = append(b, payload...)
		return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	}
	recrc := func(b []byte) []byte {
		if len(b) >= 4 {
			binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
		}
		return b
	}
	var out [][]byte
	var sizes []int
	for _, v := range l.Versions {
		sizes = append(sizes, v.Size)
		for range 3 {
			p := make([]byte, v.Size)
			for i := range p {
				p[i] = byte(r.Uint32())
			}
			out = append(out, frame(v.Number, v.Size, p), frame(v.Number, 0, p))
		}
	}
	out = append(out, c.Encode(c.NewPayload()), nil, []byte{0x41}, frame(l.Current().Number+1, 5, []byte("later")), frame(0, 0, []byte("zero")))
	base := len(out)
	for i := range base {
		for range 30 {
			g := bytes.Clone(out[i])
			switch r.IntN(5) {
			case 0:
				if len(g) > 0 {
					g = g[:r.IntN(len(g))]
				}
			case 1:
				g = append(g, byte(r.IntN(256)))
			case 2:
				if len(g) > 0 {
					g[r.IntN(len(g))] ^= byte(1 << r.IntN(8))
				}
			case 3, 4:
				if len(g) >= f.Header.Size+4 {
					put(g, f.VersionField, uint64(r.IntN(l.Current().Number+3)))
					if r.IntN(2) == 0 {
						put(g, f.LengthField, uint64(append(sizes, 0, 7)[r.IntN(len(sizes)+2)]))
					}
					g = recrc(g)
				}
			}
			out = append(out, g)
		}
	}
	return out
}

// driver reads hex files a line each and prints what the generated codec
// makes of each, then the generated new state's file.
const driver = `package main

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"os"

	pkg "example.com/drive/pkg"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		b, err := hex.DecodeString(sc.Text())
		if err != nil {
			panic(err)
		}
		var st pkg.%[1]s
		v, err := pkg.Load(b, &st)
		if err == nil {
			fmt.Println("ok", v, hex.EncodeToString(pkg.Encode(&st)))
			continue
		}
		if st != (pkg.%[1]s{}) {
			panic("Load wrote the state and failed")
		}
		var (
			me *pkg.MagicError
			le *pkg.LengthError
			pe *pkg.PayloadLenError
			ce *pkg.CRCError
		)
		switch {
		case errors.As(err, &me):
			fmt.Println("err magic", 0)
		case errors.As(err, &le):
			fmt.Println("err length", le.Version)
		case errors.As(err, &pe):
			fmt.Println("err payload_len", pe.Version)
		case errors.As(err, &ce):
			fmt.Println("err crc", 0)
		case errors.Is(err, pkg.ErrNewerVersion):
			fmt.Println("err newer", 0)
		case errors.Is(err, pkg.ErrReinitialize):
			fmt.Println("err reinitialize", 0)
		case errors.Is(err, pkg.ErrUnknownVersion):
			fmt.Println("err unknown_version", 0)
		default:
			fmt.Println("err other", err)
		}
	}
	fmt.Println("new", hex.EncodeToString(pkg.Encode(pkg.%[2]s())))
}
`
