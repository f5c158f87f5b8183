package constructs_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/judge"
	"github.com/schemagen/schemagen/internal/randschema"
)

// randomSeeds is how many random schemas (internal/randschema) join the
// hand-written cases: SCHEMAGEN_CONSTRUCTS_RANDOM, 100 unless set, from
// seed 1 or SCHEMAGEN_CONSTRUCTS_RANDOM_FROM.
func randomSeeds(t *testing.T) int {
	if s := os.Getenv("SCHEMAGEN_CONSTRUCTS_RANDOM"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("SCHEMAGEN_CONSTRUCTS_RANDOM=%q: %v", s, err)
		}
		return n
	}
	return 100
}

// randomInstances is how many instances each random case draws.
const randomInstances = 25

// randomCases are cases of random schemas: each seed's module (a seed
// schemagen refuses is left out: refusing is allowed, and
// conformance/differential counts them), with instances drawn near its
// #A and classed valid or invalid by CUE's own verdict, so that every
// other judge (Go, TypeScript, santhosh-tekuri and ajv, strict and open)
// must agree with CUE on schemas nobody wrote by hand. The samplers draw
// no member a closed object does not name, which would be open/, not
// invalid/.
func randomCases(t *testing.T, mod string) []*kase {
	var out []*kase
	ctx := cuecontext.New()
	first := uint64(1)
	if s := os.Getenv("SCHEMAGEN_CONSTRUCTS_RANDOM_FROM"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("SCHEMAGEN_CONSTRUCTS_RANDOM_FROM=%q: %v", s, err)
		}
		first = n
	}
	for seed := first; seed < first+uint64(randomSeeds(t)); seed++ {
		m := randschema.New(seed, randschema.Options{})
		dir := t.TempDir()
		files := map[string]string{
			"cue.mod/module.cue": "module: \"example.com/random@v0\"\nlanguage: version: \"v0.17.0\"\n",
			"schema/t/t.cue":     m.CUE,
		}
		for rel, data := range files {
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := model.Load(dir); err != nil {
			continue
		}
		insts := load.Instances([]string{"./schema/t"}, &load.Config{Dir: dir})
		if insts[0].Err != nil {
			t.Fatalf("random seed %d: cue load: %v", seed, insts[0].Err)
		}
		def := judge.Definition(ctx.BuildInstance(insts[0]), "A")
		ar := &txtar.Archive{
			Comment: fmt.Appendf(nil, "internal/randschema's seed %d\n", seed),
			Files:   []txtar.File{{Name: "schema/t/t.cue", Data: []byte(m.CUE)}},
		}
		r := rand.New(rand.NewPCG(seed, 2))
		seen := map[string]bool{}
		for i := range randomInstances {
			data, err := json.Marshal(m.Sample(r))
			if err != nil {
				t.Fatal(err)
			}
			if seen[string(data)] {
				continue
			}
			seen[string(data)] = true
			expr, err := judge.Instance(def, "instance.json", data)
			if err != nil {
				t.Fatal(err)
			}
			class := "valid"
			if ctx.BuildExpr(expr).Unify(def).Validate(cue.Concrete(true)) != nil {
				class = "invalid"
			}
			ar.Files = append(ar.Files, txtar.File{Name: fmt.Sprintf("%s/A/%d.json", class, i), Data: data})
		}
		c, err := setUpArchive(mod, fmt.Sprintf("random-%d", seed), ar)
		if err != nil {
			t.Errorf("random seed %d: %v\n%s", seed, err, m.CUE)
			continue
		}
		out = append(out, c)
	}
	return out
}
