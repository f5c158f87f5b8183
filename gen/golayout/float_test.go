package golayout_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/gen/golayout"
	"github.com/schemagen/schemagen/gen/model"
)

// floatMain decodes each payload file named on its command line with the
// generated DecodeRoot, writes Encode's bytes to the file's name + ".out",
// and prints the bits of gain and curve[0].x as the decoded values hold
// them.
const floatMain = `package main

import (
	"fmt"
	"math"
	"os"

	"floatcheck/d"
)

func main() {
	for _, p := range os.Args[1:] {
		b, err := os.ReadFile(p)
		if err != nil {
			panic(err)
		}
		x, err := d.DecodeRoot(b)
		if err != nil {
			panic(err)
		}
		if err := os.WriteFile(p+".out", x.Encode(), 0o644); err != nil {
			panic(err)
		}
		fmt.Printf("%016x %08x\n", math.Float64bits(x.Gain), math.Float32bits(x.Curve[0].X))
	}
}
`

// TestFloatsRoundTrip runs the Go that golayout emits for testdata's small
// layout (a float64 gain, float32 points): a payload whose floats are -0,
// NaNs with payloads (signalling ones too), infinities and subnormals
// decodes to exactly those bits and encodes back byte for byte.
func TestFloatsRoundTrip(t *testing.T) {
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		t.Skipf("no go command at %s", gobin)
	}
	ar, err := txtar.ParseFile("testdata/small.txtar")
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	for _, f := range ar.Files {
		if !strings.HasPrefix(f.Name, "out/") {
			p := filepath.Join(mod, f.Name)
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, f.Data, 0o644)
		}
	}
	s, err := model.Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	l := s.Layouts[0]
	files, err := golayout.Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	prog := t.TempDir()
	os.WriteFile(filepath.Join(prog, "go.mod"), []byte("module floatcheck\n\ngo 1.22\n"), 0o644)
	os.MkdirAll(filepath.Join(prog, "d"), 0o755)
	for _, f := range files {
		os.WriteFile(filepath.Join(prog, "d", filepath.Base(f.Path)), f.Data, 0o644)
	}
	os.WriteFile(filepath.Join(prog, "main.go"), []byte(floatMain), 0o644)

	gain, curve := l.Root.Field("gain"), l.Root.Field("curve")
	if gain == nil || curve == nil {
		t.Fatal("testdata/small.txtar no longer has gain and curve")
	}
	cases := []struct {
		gain uint64
		x    uint32
	}{
		{0x8000000000000000, 0x80000000}, // -0
		{0x7FF0000000000001, 0x7F800001}, // signalling NaNs
		{0xFFF8000000000001, 0x7FC00001}, // quiet NaNs with payloads
		{0x7FF0000000000000, 0xFF800000}, // ±Inf
		{0x0000000000000001, 0x807FFFFF}, // subnormals
		{0x3FF8000000000000, 0x3FC00000}, // 1.5
	}
	data := t.TempDir()
	var args, wantOut []string
	payloads := map[string][]byte{}
	for i, c := range cases {
		p := make([]byte, l.Current().Size)
		for j := range p {
			p[j] = byte(31*i + 7*j)
		}
		binary.LittleEndian.PutUint64(p[gain.Offset:], c.gain)
		binary.LittleEndian.PutUint32(p[curve.Offset:], c.x)
		name := filepath.Join(data, string(rune('a'+i)))
		os.WriteFile(name, p, 0o644)
		payloads[name] = p
		args = append(args, name)
		wantOut = append(wantOut, fmt.Sprintf("%016x %08x", c.gain, c.x))
	}
	cmd := exec.Command(gobin, append([]string{"run", "."}, args...)...)
	cmd.Dir = prog
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	if got := strings.Split(strings.TrimSpace(string(out)), "\n"); strings.Join(got, "\n") != strings.Join(wantOut, "\n") {
		t.Errorf("decoded float bits:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantOut, "\n"))
	}
	for _, name := range args {
		got, err := os.ReadFile(name + ".out")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, payloads[name]) {
			t.Errorf("%s: Encode(Decode(payload)) differs:\n%x\n%x", filepath.Base(name), got, payloads[name])
		}
	}
}
