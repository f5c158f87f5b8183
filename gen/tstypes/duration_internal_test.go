package tstypes

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/schemagen/schemagen/gen/model"
)

// Pieces of the inputs durationInputs makes: numbers at the edge of
// int64 nanoseconds (where ParseDuration's overflow and its float64
// fractions decide), every unit and near misses, and noise.
var (
	durationNumbers = []string{"0", "1", "5", "07", "00", "47", "2562047", "2562048", "854775807", "854775808",
		"9223372036854775807", "9223372036854775808", "922337203685477580", "99999999999999999999", "3600000000000"}
	durationFractions = []string{"", "5", "0000000001", "854775807", "854775808", "0000000000000000000000000001", "999999999999999999999", "1234567890123"}
	durationUnits     = []string{"h", "m", "s", "ms", "us", "ns", "\u00b5s", "\u03bcs"}
	durationNoise     = []string{"", ".", "e", " ", "S", "d", "\u00b5", "u", "-", "+", "1", "..", "\n"}
)

// durationInputs are the fixed edge cases and n generated strings, the
// same every run: terms of a number, a fraction and a unit, each piece
// now and then replaced by noise.
func durationInputs(n int) []string {
	in := []string{
		"", "0", "+0", "-0", "00", "1", "+", "-", ".", ".s", "1.s", ".5s", "1h2m", "1m1h", "1e3s", "1 s",
		"2562047h47m16.854775807s", "2562047h47m16.854775808s", "-2562047h47m16.854775808s", "-2562047h47m16.854775809s",
		"9223372036854775807ns", "9223372036854775808ns", "-9223372036854775808ns", "-9223372036854775809ns",
		"2562048h", "2562047h2562047h", "0.9999999999999999999999h", "1.5h", "1\u00b5s", "1\u03bcs", "1constructor", "1__proto__",
	}
	r := rand.New(rand.NewPCG(20, 1))
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	noisy := func(s string) string {
		if r.IntN(25) == 0 {
			return pick(durationNoise)
		}
		return s
	}
	for range n {
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteString(pick([]string{"-", "+"}))
		}
		for range 1 + r.IntN(4) {
			if r.IntN(6) != 0 {
				b.WriteString(noisy(pick(durationNumbers)))
			}
			if r.IntN(3) == 0 {
				b.WriteString(noisy("."))
				b.WriteString(noisy(pick(durationFractions)))
			}
			b.WriteString(noisy(pick(durationUnits)))
		}
		in = append(in, b.String())
	}
	return in
}

// TestDurationCheckAgreesWithGo is the differential test of support's
// _dur: on every input, node's answer is time.ParseDuration's, overflow
// and fractions included. It strips the TypeScript with esbuild from
// conformance/ts (npm ci there); SCHEMAGEN_REQUIRE_NODE=1 makes a missing
// node or esbuild a failure rather than a skip.
func TestDurationCheckAgreesWithGo(t *testing.T) {
	esbuild, _ := filepath.Abs(filepath.Join("..", "..", "conformance", "ts", "node_modules", ".bin", "esbuild"))
	node, err := exec.LookPath("node")
	if _, serr := os.Stat(esbuild); err != nil || serr != nil {
		if os.Getenv("SCHEMAGEN_REQUIRE_NODE") != "" {
			t.Fatalf("node or esbuild is missing (npm ci in conformance/ts): %v %v", err, serr)
		}
		t.Skip("node or esbuild is missing (npm ci in conformance/ts)")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "dur.ts")
	code := pruneSupport("_dur(s)") + "\n\nexport { _dur };\n"
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	js := filepath.Join(dir, "dur.mjs")
	if out, err := exec.Command(esbuild, src, "--format=esm", "--outfile="+js).CombinedOutput(); err != nil {
		t.Fatalf("esbuild: %v\n%s", err, out)
	}
	inputs := durationInputs(20000)
	data, _ := json.Marshal(inputs)
	in := filepath.Join(dir, "inputs.json")
	os.WriteFile(in, data, 0o644)
	driver := filepath.Join(dir, "run.mjs")
	os.WriteFile(driver, []byte(`import fs from "node:fs";
import { _dur } from "./dur.mjs";
const inputs = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(inputs.map((s) => _dur(s))));
`), 0o644)
	out, err := exec.Command(node, driver, in).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got []bool
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(inputs) {
		t.Fatalf("node answered %d verdicts for %d inputs: %v", len(got), len(inputs), err)
	}
	grammar := regexp.MustCompile(model.DurationPattern)
	accepted, bad, overflows := 0, 0, 0
	for i, s := range inputs {
		_, perr := time.ParseDuration(s)
		if perr != nil && grammar.MatchString(s) {
			overflows++ // in the grammar, beyond int64 nanoseconds
		}
		if got[i] != (perr == nil) {
			bad++
			if bad <= 20 {
				t.Errorf("%q: _dur says %v, time.ParseDuration says %v", s, got[i], perr)
			}
		}
		if perr == nil {
			accepted++
		}
	}
	// Guard the generator: it must reach both answers often.
	if accepted < len(inputs)/20 || accepted > len(inputs)*19/20 {
		t.Errorf("ParseDuration accepts %d of %d inputs: the inputs probe too little of one side", accepted, len(inputs))
	}
	if overflows < len(inputs)/100 {
		t.Errorf("only %d inputs overflow: the inputs probe too little of the one thing no pattern states", overflows)
	}
	t.Logf("%d inputs, %d durations, %d overflowing, %d disagreements", len(inputs), accepted, overflows, bad)
}
