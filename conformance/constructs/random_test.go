package constructs_test

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/judge"
	"github.com/schemagen/schemagen/internal/randschema"
)

// randomSeeds is how many random schemas (internal/randschema) join the
// hand-written cases: SCHEMAGEN_CONSTRUCTS_RANDOM, 300 unless set, from
// seed 1 or SCHEMAGEN_CONSTRUCTS_RANDOM_FROM; none unless set where
// SCHEMAGEN_CONSTRUCTS_ONLY picks the hand-written cases.
func randomSeeds(t *testing.T) (first, n uint64) {
	first, n = 1, 300
	if os.Getenv("SCHEMAGEN_CONSTRUCTS_ONLY") != "" {
		n = 0
	}
	for _, v := range []struct {
		name string
		to   *uint64
	}{{"SCHEMAGEN_CONSTRUCTS_RANDOM_FROM", &first}, {"SCHEMAGEN_CONSTRUCTS_RANDOM", &n}} {
		if s := os.Getenv(v.name); s != "" {
			k, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				t.Fatalf("%s=%q: %v", v.name, s, err)
			}
			*v.to = k
		}
	}
	return first, n
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
	first, n := randomSeeds(t)
	for seed := first; seed < first+n; seed++ {
		m := randschema.New(seed, randschema.Options{})
		dir := t.TempDir()
		if err := m.Write(dir); err != nil {
			t.Fatal(err)
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
		datas, err := m.Instances(seed, randomInstances)
		if err != nil {
			t.Fatal(err)
		}
		for i, data := range datas {
			verdict, err := judge.Vet(def, "instance.json", data)
			if err != nil {
				t.Fatal(err)
			}
			class := "valid"
			if verdict != nil {
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
