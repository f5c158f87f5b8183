// Package differential_test judges random schemas: each seed writes a
// small module of the constructs schemagen carries (internal/randschema:
// scalars with bounds, patterns, lengths, multiples, formats and defaults,
// named scalars with their defaults, enums, constants, bytes, nullables,
// lists with bounds and unique items or two list.MatchN, tuples, maps,
// nested and named objects, open or closed, with key patterns, counts and
// ifs, unions (their variants sometimes in a second union too), choices
// of kinds), and random JSON instances near its
// definition #A. CUE's evaluator (the definition unified with the
// instance, validated as concrete, as cue vet -d '#A' judges it) and
// santhosh-tekuri on the generated strict JSON Schema must give every
// instance the same verdict, and the open schema must accept whatever CUE
// accepts. A seed schemagen refuses is counted, not judged: refusing is
// allowed, carrying a schema wrongly is not.
//
// In process and fast, it holds the model, through the JSON Schema, to CUE
// on many schemas nobody wrote by hand; conformance/constructs judges some
// of the same seeds (and its hand-written cases) by every judge: Go,
// TypeScript and ajv too. make test runs a fixed set of seeds
// (SCHEMAGEN_DIFF_SEEDS sets how many); make fuzz runs FuzzDifferential
// over any seed.
package differential_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"

	"github.com/schemagen/schemagen/gen/jsonschema"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/judge"
	"github.com/schemagen/schemagen/internal/randschema"
)

// samples is how many instances each seed draws (duplicates are judged once).
const samples = 60

// outcome is what one seed gave.
type outcome struct {
	refused   string   // schemagen's refusal, when it refused
	judged    int      // instances judged
	accepted  int      // of them, CUE accepted
	disagree  []string // each disagreement, said in full
	moduleCUE string
}

// runSeed generates, loads and judges the module of seed in dir.
func runSeed(t testing.TB, seed uint64, dir string) outcome {
	// One seed in four writes a package's top level (an open root
	// object, every struct in place under it open), one in four a
	// library of types (A and its named types top-level fields), the
	// others #A.
	m := randschema.New(seed, randschema.Options{Unknown: true, Root: seed%4 == 0, Library: seed%4 == 2})
	out := outcome{moduleCUE: m.CUE}
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}

	s, err := model.Load(dir)
	if err != nil {
		out.refused = err.Error()
		return out
	}
	files, err := jsonschema.Generate(s)
	if err != nil {
		t.Fatalf("seed %d: the JSON Schema emitter failed on a schema the model read: %v\n%s", seed, err, m.CUE)
	}
	// The file of the object judged: #A's, or the package's root
	// object's, found by its title as the constructs test finds it.
	title := "A"
	if m.Root {
		if s.Packages[0].Root == nil {
			t.Fatalf("seed %d: the package's top level made no root object\n%s", seed, m.CUE)
		}
		title = s.Packages[0].Root.Name
	}
	folder, file := "", ""
	for _, f := range files {
		p := filepath.Join(dir, "out", f.Path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		var head struct {
			Title string `json:"title"`
		}
		if json.Unmarshal(f.Data, &head) == nil && head.Title == title && filepath.Base(filepath.Dir(f.Path)) != jsonschema.StrictDir && strings.Count(f.Path, "/") > 1 {
			folder, file = filepath.Join(dir, "out", filepath.Dir(f.Path)), filepath.Base(f.Path)
		}
	}
	if folder == "" {
		t.Fatalf("seed %d: no JSON Schema file of %s among %d files", seed, title, len(files))
	}
	set, err := judge.Load(folder)
	if err != nil {
		t.Fatalf("seed %d: %v\n--- schema ---\n%s", seed, err, m.CUE)
	}

	ctx := cuecontext.New()
	insts := load.Instances([]string{"./schema/t"}, &load.Config{Dir: dir})
	if insts[0].Err != nil {
		t.Fatalf("seed %d: cue load: %v", seed, insts[0].Err)
	}
	def := ctx.BuildInstance(insts[0])
	if !m.Root {
		def = judge.Definition(def, "A")
	}

	datas, err := m.Instances(seed, samples)
	if err != nil {
		t.Fatal(err)
	}
	for _, data := range datas {
		out.judged++
		cueErr, err := judge.Vet(def, "instance.json", data)
		if err != nil {
			t.Fatal(err)
		}
		strict, err := set.Validate("strict/"+file, data)
		if err != nil {
			t.Fatalf("seed %d: the strict schema does not compile: %v\n--- schema ---\n%s", seed, err, m.CUE)
		}
		open, err := set.Validate(file, data)
		if err != nil {
			t.Fatalf("seed %d: the open schema does not compile: %v\n--- schema ---\n%s", seed, err, m.CUE)
		}
		if cueErr == nil {
			out.accepted++
		}
		say := func(what string) {
			out.disagree = append(out.disagree, fmt.Sprintf("%s\n\tinstance %s\n\tcue: %v\n\tstrict: %s\n\topen: %s", what, data, oneLine(cueErr), strict, open))
		}
		switch {
		case cueErr == nil && strict != "":
			say("CUE accepts, the strict schema refuses")
		case cueErr != nil && strict == "":
			say("CUE refuses, the strict schema accepts")
		case cueErr == nil && open != "":
			say("CUE accepts, the open schema refuses")
		}
	}
	return out
}

// oneLine is an error on one line, or "accepts".
func oneLine(err error) string {
	if err == nil {
		return "accepts"
	}
	return strings.ReplaceAll(err.Error(), "\n", "; ")
}

// seeds is how many seeds make test judges.
func seeds(t *testing.T) int {
	if s := os.Getenv("SCHEMAGEN_DIFF_SEEDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("SCHEMAGEN_DIFF_SEEDS=%q: %v", s, err)
		}
		return n
	}
	if testing.Short() {
		return 20
	}
	return 500
}

// cueCrashes are the seeds whose schema CUE's own evaluator cannot
// evaluate without overflowing the Go stack (cue eval and cue vet crash
// alike), which no process survives: judging one would kill the run. Each
// is CUE's bug, with what it reduces to.
var cueCrashes = map[uint64]string{
	143179: `CUE v0.17.1 overflows the stack on x: {m!: "a" | "b", if m == "a" {}} & ("x" | uint8)`,
}

// TestDifferential judges the fixed seeds 1..n (SCHEMAGEN_DIFF_FROM moves
// the first, to search further without judging the first ones again),
// but for cueCrashes.
func TestDifferential(t *testing.T) {
	n := seeds(t)
	from := uint64(1)
	if s := os.Getenv("SCHEMAGEN_DIFF_FROM"); s != "" {
		var err error
		if from, err = strconv.ParseUint(s, 10, 64); err != nil || from == 0 {
			t.Fatalf("SCHEMAGEN_DIFF_FROM=%q: want a seed from 1", s)
		}
	}
	refused, judged, accepted, skipped := 0, 0, 0, 0
	refusals := map[string]int{}
	for seed := from; seed < from+uint64(n); seed++ {
		if why, ok := cueCrashes[seed]; ok {
			t.Logf("seed %d not judged: %s", seed, why)
			skipped++
			continue
		}
		o := runSeed(t, seed, t.TempDir())
		if o.refused != "" {
			refused++
			refusals[firstLine(o.refused)]++
			if show := os.Getenv("SCHEMAGEN_DIFF_SHOW"); show != "" && strings.Contains(o.refused, show) {
				t.Logf("seed %d refused: %s\n%s", seed, o.refused, o.moduleCUE)
			}
			continue
		}
		judged += o.judged
		accepted += o.accepted
		for _, d := range o.disagree {
			t.Errorf("seed %d: %s\n--- schema ---\n%s", seed, d, o.moduleCUE)
		}
	}
	n -= skipped
	t.Logf("%d seeds: %d refused, %d generated; %d instances judged, %d of them accepted by CUE", n, refused, n-refused, judged, accepted)
	for msg, k := range refusals {
		t.Logf("refused %d×: %s", k, msg)
	}
	if refused*2 > n {
		t.Errorf("%d of %d seeds refused: the generator writes constructs schemagen does not carry, so the test judges little", refused, n)
	}
	if accepted*12 < judged {
		t.Errorf("CUE accepted %d of %d instances: the samplers miss the types, so the test judges mostly refusals", accepted, judged)
	}
}

// firstLine is the first line of s with its position cut, for counting.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if _, rest, ok := strings.Cut(s, ": "); ok && strings.HasPrefix(s, "schema/") {
		s = rest
	}
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

// FuzzDifferential judges any seed (make fuzz).
func FuzzDifferential(f *testing.F) {
	for seed := uint64(1); seed <= 8; seed++ {
		f.Add(seed)
	}
	// A library's union in place of open objects that no constant tells
	// apart, beside a definition (a union in place once took the
	// definition's closedness).
	f.Add(uint64(142))
	// A library whose A refers only to a named constant (N1: "k"), which
	// makes no library by itself (a constant is one value in a document
	// too): the module must say it is one.
	f.Add(uint64(3006))
	// A library whose A holds a list definition of objects within a
	// field (#S1: [...{…}]), after an open field: the items were read
	// open, which CUE closes.
	f.Add(uint64(1082))
	// Found at 26,000 seeds, one per defect: a definition that is
	// another with a count of members (#S2: #N1) dropped the count
	// (2339); a map definition's values took an open field's closedness
	// (3798); the CUE judge read no bytes past the first level of a
	// definition that holds itself (5415), nor in a list's items beside
	// a list validator (12123); null | null was an enum of no members
	// (5671); a library field's closed copy dropped its count (7006);
	// a struct closed by an embedded definition left the structs in its
	// fields open (15568); the judge read no bytes for an alternative the
	// value is incomplete for (24806).
	for _, s := range []uint64{2339, 3798, 5415, 5671, 7006, 12123, 15568, 24806} {
		f.Add(s)
	}
	// Found at 32,292: a count beside parts of no one kind (uint8 &
	// struct.MinFields(1) & {…}) made CUE's evaluator overflow its stack,
	// killing generate.
	f.Add(uint64(32292))
	// Found at 32,617: list.UniqueItems over items with a default CUE
	// supplies, which CUE compares filled in (refused now).
	f.Add(uint64(32617))
	// Found at 40,466: a variant of a union without a discriminator
	// holding a required list.MinItems list, which CUE drops for a value
	// that leaves the list out (refused now).
	f.Add(uint64(40466))
	// Found at 62,712: a field *#N2 | #N7 whose alternatives CUE finds
	// errors alone was read as its default alone.
	f.Add(uint64(62712))
	// Found at 75,353: a definition written close({…}) inside another,
	// held by a field of it, was read as close leaves it alone (the
	// struct in it open), where CUE closes every level.
	f.Add(uint64(75353))
	// Found at 88,251: a field an if tests for presence, whose type holds
	// a union in a member (f0?: {f1!: #N1 | #N6, …}), filled with its own
	// type to read the body, overflowed CUE's stack, killing generate.
	f.Add(uint64(88251))
	// Found at 104,878: a definition declared in an open struct (#S2:
	// N2, then f0?: #S2) was read as the open struct N2 it names, where a
	// definition closes what it holds.
	f.Add(uint64(104878))
	// Found at 105,065: f1: *#N1 | #N2, #N1 an error before any data
	// (list.MatchN(>=1, >0) on a list CUE takes as []), which CUE's
	// value of the field drops and data that makes it whole is: read as
	// #N2 alone.
	f.Add(uint64(105065))
	// Found at 109,473: list.UniqueItems over items with a regular open
	// list (f1: [...int & >=0]), which CUE fills with [] where the data
	// leaves it out, so {} and {"f1": []} are equal items to CUE.
	f.Add(uint64(109473))
	// Seed 504 of the generator that draws two fields excluding each
	// other (if f0 != _|_ {f1?: _|_}): the forbid was dropped, every
	// target admitting f1 beside f0, before 2dd0082.
	f.Add(uint64(504))
	// Seed 23,142 of that generator: a field with a default computed from
	// a member (dd: string | *"\(dn)s"), declared alike in an embedded
	// struct and beside it, was read as a required string.
	f.Add(uint64(23142))
	f.Fuzz(func(t *testing.T, seed uint64) {
		o := runSeed(t, seed, t.TempDir())
		for _, d := range o.disagree {
			t.Errorf("seed %d: %s\n--- schema ---\n%s", seed, d, o.moduleCUE)
		}
	})
}
