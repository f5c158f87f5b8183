package gen_test

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
	"github.com/schemagen/schemagen/internal/benchpair"
	"github.com/schemagen/schemagen/internal/golden"
	"github.com/schemagen/schemagen/internal/synth"
)

// BenchmarkLoad measures loading and resolving the project's schema.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := model.Load("../"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerate measures the whole pipeline short of writing: load,
// resolve and every emitter.
func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		if _, err := gen.Generate("../", gen.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEveryFileIsMarked: every file generate writes but the lock carries
// the generated marker near its start, so that a later generate can tell
// its own stale files from the ones it did not write (output.Owned).
func TestEveryFileIsMarked(t *testing.T) {
	res, err := gen.Generate("../", gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		if f.Path == lock.Path {
			continue
		}
		if !output.Owned(f.Data) {
			t.Errorf("%s does not carry %q in its first KiB", f.Path, output.Marker)
		}
	}
}

// TestDocsNameWhatIsWritten: the wire reference says where each target's
// files are; they are there.
func TestDocsNameWhatIsWritten(t *testing.T) {
	res, err := gen.Generate("../", gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	has := map[string]bool{}
	for _, f := range res.Files {
		has[f.Path] = true
		if f.Path == "docs/fleet.md" {
			doc = string(f.Data)
		}
	}
	if !strings.Contains(doc, "`generated/jsonschema/fleet/`") || !has["jsonschema/fleet/snapshot.schema.json"] {
		t.Errorf("docs/fleet.md and the JSON Schemas disagree")
	}
	if !strings.Contains(doc, "`generated/jsonschema/fleet.schema.json`") || !has["jsonschema/fleet.schema.json"] {
		t.Errorf("docs/fleet.md and the JSON Schema bundle disagree")
	}
	if !strings.Contains(doc, "`generated/ts/fleet.ts`") || !has["ts/fleet.ts"] {
		t.Errorf("docs/fleet.md and the TypeScript disagree")
	}
	if !strings.Contains(doc, "`import \"github.com/schemagen/schemagen/generated/go/fleet\"`") || !has["go/fleet/doc.go"] {
		t.Errorf("docs/fleet.md and the Go package disagree")
	}
}

// BenchmarkScaling pairs, in process, each step at a larger size with the
// same step at a smaller one (internal/benchpair: A and B alternating, the
// median of the per-pair ratios), on synthetic wire packages and layouts:
// loading (CUE's loader and evaluator, then the model) apart from emitting
// (every target and the lock), so that schemagen's own share is measured
// without CUE's. Goals: emitting is linear — 5,000 vs 1,000 at most 6x
// (linear is 5x), 20,000 vs 5,000 wire definitions at most 4.4x (linear is
// 4x) — and so is schemagen's whole share on wire packages, the model's
// part of a load (model.LoadTimed: the load less CUE's loader and
// evaluator) and an emit, each read in the process's CPU time, with the
// same goals (issue 26), and the model's part alone is reported beside it
// from the same rounds; the whole load
// is reported (CUE's own share grows faster than linear on this shape;
// not at 20,000, where one load takes a minute). Run with
// -benchtime=1x (it times itself); SCALING_ROUNDS sets the pairs (default
// 5).
func BenchmarkScaling(b *testing.B) {
	rounds := 5
	if s := os.Getenv("SCALING_ROUNDS"); s != "" {
		var err error
		if rounds, err = strconv.Atoi(s); err != nil {
			b.Fatal(err)
		}
	}
	for _, tc := range []struct {
		kind         string
		small, large int
		files        func(int) map[string]string
		goal         float64
		load         bool // pair the loads too (report only; a load of 20,000 takes a minute)
	}{
		{"wire", 1000, 5000, synth.Wire, 6, true}, {"wire", 5000, 20000, synth.Wire, 4.4, false},
		{"layout", 1000, 5000, synth.Layout, 6, true},
	} {
		b.Run(fmt.Sprintf("%s=%dvs%d", tc.kind, tc.large, tc.small), func(b *testing.B) {
			load := func(n int) (string, *model.Schema) {
				dir := b.TempDir()
				if err := synth.Write(dir, tc.files(n)); err != nil {
					b.Fatal(err)
				}
				s, err := model.Load(dir)
				if err != nil {
					b.Fatal(err)
				}
				return dir, s
			}
			dirL, sL := load(tc.large)
			dirS, sS := load(tc.small)
			loads := func(dir string) func(int) {
				return func(n int) {
					for range n {
						if _, err := model.Load(dir); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			emits := func(s *model.Schema) func(int) {
				return func(n int) {
					for range n {
						if _, err := gen.Emit(s, gen.Options{}); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			// own is the model's share of a load (model.LoadTimed: the
			// load less CUE's loader and evaluator, the resolver's own
			// questions to CUE included) and an emit of what it loaded,
			// in ns of the process's CPU time (the emitters run in
			// parallel, and the machine may be shared): schemagen's whole
			// share of a generate short of writing.
			own := func(dir string) (modelNs, emitNs float64) {
				t := model.Timing{Clock: benchpair.CPUTime}
				s, err := model.LoadTimed(dir, &t)
				if err != nil {
					b.Fatal(err)
				}
				start := benchpair.CPUTime()
				if _, err := gen.Emit(s, gen.Options{}); err != nil {
					b.Fatal(err)
				}
				return float64(t.Model), float64(benchpair.CPUTime() - start)
			}
			what := fmt.Sprintf("synthetic %s, in process: %d vs %d", tc.kind, tc.large, tc.small)
			opt := benchpair.Options{Rounds: rounds}
			var emit, emitCPU, ld, mine, resolve benchpair.Result
			for b.Loop() {
				emit = benchpair.Compare(emits(sL), emits(sS), opt)
				if tc.load {
					ld = benchpair.Compare(loads(dirL), loads(dirS), opt)
				}
				if tc.kind == "wire" {
					// A and B alternating (ABBA), each from a collected
					// heap returned to the system, as a process of its
					// own starts (else the smaller side runs in memory
					// the larger one already faulted in, which it would
					// not have alone); the model's part alone is paired
					// from the same rounds.
					var as, bs, am, bm, ae, be []float64
					side := func(dir string, s, m, e *[]float64) {
						debug.FreeOSMemory()
						mn, en := own(dir)
						*s, *m, *e = append(*s, mn+en), append(*m, mn), append(*e, en)
					}
					for i := range rounds {
						if i%2 == 0 {
							side(dirL, &as, &am, &ae)
							side(dirS, &bs, &bm, &be)
						} else {
							side(dirS, &bs, &bm, &be)
							side(dirL, &as, &am, &ae)
						}
					}
					mine, resolve = benchpair.FromSamples(as, bs), benchpair.FromSamples(am, bm)
					emitCPU = benchpair.FromSamples(ae, be)
				}
			}
			if tc.kind == "wire" {
				// The emit's goal is read as the model and emit's is, in
				// CPU time from the same rounds: the emitters run in
				// parallel with the collector on the machine's cores,
				// whose contention moved the wall-time ratio by more
				// than the goal's margin (it is reported beside it).
				fmt.Println("pair " + benchpair.Line(what+", emit (schemagen's own work, CPU time)", emitCPU, benchpair.AtMost(tc.goal)))
				fmt.Println("pair " + benchpair.Line(what+", emit (wall time)", emit, benchpair.NoGoal))
			} else {
				fmt.Println("pair " + benchpair.Line(what+", emit (schemagen's own work)", emit, benchpair.AtMost(tc.goal)))
			}
			if tc.kind == "wire" {
				fmt.Println("pair " + benchpair.Line(what+", model (the load less CUE's loader and evaluator: reading and resolving, with the resolver's questions to CUE)", resolve, benchpair.NoGoal))
				fmt.Println("pair " + benchpair.Line(what+", model and emit (schemagen's own work: the load less CUE's loader and evaluator, then emit)", mine, benchpair.AtMost(tc.goal)))
			}
			if tc.load {
				fmt.Println("pair " + benchpair.Line(what+", load (CUE's loader and evaluator, and the model)", ld, benchpair.NoGoal))
			}
		})
	}
}

// TestEveryRefusalAtOnce: the refusals the emitters make of a schema the
// model took (a Go type= the Go types cannot honour, two TypeScript names
// alike) are every one reported, of every package and every emitter,
// sorted by position, and the same on every run. Each emitter's first
// refusal alone was reported, and of several emitters whichever finished
// first, until 2026-12-06. And they come with the model's own refusals of
// the same schema (#O.x in a; in c, CUE's error of #C), of what the
// model read: they came only once those were fixed, in a second run,
// until 2026-12-07.
func TestEveryRefusalAtOnce(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"cue.mod/module.cue": "module: \"example.com/e@v0\"\nlanguage: version: \"v0.17.0\"\n",
		"schema/a/a.cue":     "package a\n\n// A is a.\n#A: {\n\tname?: string @go(,type=string)\n}\n\n#default: string\n#default_: int\n\n#B: {y?: int}\n\n#O: {x?: #B.y}\n",
		"schema/b/b.cue":     "package b\n\n// B is b.\n#B: {\n\tn?: int & >=0 @go(,optional=zero)\n}\n",
		"schema/c/c.cue":     "package c\n\n#C: {n: 1 & 2}\n\n#default: string\n#default_: int\n",
	}
	golden.WriteTree(t, dir, files)
	want := []string{
		"schema/a/a.cue:5:16: #A.name: @go(…,type=string) is not carried",
		"schema/a/a.cue:9:1: #default_: its TypeScript name default_ is already taken by #default",
		"schema/a/a.cue:13:",
		"schema/b/b.cue:5:16: #B.n: @go(…,optional=zero) is not carried",
		"schema/c/c.cue:3:",
		"schema/c/c.cue:6:1: #default_: its TypeScript name default_ is already taken by #default",
	}
	for range 5 {
		_, err := gen.Generate(dir, gen.Options{})
		var l model.ErrorList
		if !errors.As(err, &l) {
			t.Fatalf("generate: %v; want the schema's errors", err)
		}
		if len(l) != len(want) {
			t.Fatalf("generate: %d errors:\n%v\nwant %d", len(l), err, len(want))
		}
		for i, e := range l {
			if !strings.HasPrefix(e.Error(), want[i]) {
				t.Errorf("error %d: %s\nwant %s…", i, e, want[i])
			}
		}
	}
}

// TestRefusalsOfAPartialSchema: what Refusals asks of part of a schema
// keeps every emitter's refusals, and drops what an emitter fails with
// otherwise there, a panic included (an emitter may rely on a part the
// model left out): the run fails on the model's refusals all the same,
// and a panic would have taken generate down in place of them.
func TestRefusalsOfAPartialSchema(t *testing.T) {
	saved := gen.Emitters
	t.Cleanup(func() { gen.Emitters = saved })
	refusal := &model.Error{Pos: model.Pos{File: "schema/a/a.cue", Line: 3, Col: 1}, Msg: "#A: refused"}
	gen.Emitters = []gen.Emitter{
		{Name: "panics", Generate: func(*model.Schema) ([]output.File, error) { panic("a part the model left out") }},
		{Name: "refuses", Generate: func(*model.Schema) ([]output.File, error) { return nil, refusal }},
		{Name: "fails", Generate: func(*model.Schema) ([]output.File, error) { return nil, errors.New("internal") }},
		{Name: "writes", Generate: func(*model.Schema) ([]output.File, error) {
			return []output.File{{Path: "x", Data: []byte("x")}}, nil
		}},
	}
	got := gen.Refusals(&model.Schema{})
	if len(got) != 1 || got[0] != refusal {
		t.Errorf("Refusals = %v, want only %v", got, refusal)
	}
}
