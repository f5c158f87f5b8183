package model

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestProbesAreNotKept: the live heap while an object's if clauses are
// read does not grow with their number. Each clause's probe is the whole
// object evaluated with the clause's condition made true, and the
// resolver's memos, asked about the probe's values, kept a few hundred of
// them live at once: 1.1 GB of peak RSS at 1,000 clauses of one field,
// where 250 took 100 MB.
func TestProbesAreNotKept(t *testing.T) {
	peak := func(n int) uint64 {
		dir := t.TempDir()
		var b strings.Builder
		b.WriteString("package h\n\n#O: {\n\tkind!: \"k0\"")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, " | \"k%d\"", i)
		}
		b.WriteString("\n")
		for i := range n {
			fmt.Fprintf(&b, "\tif kind == \"k%d\" {\n\t\tg%d?: int\n\t}\n", i, i)
		}
		b.WriteString("}\n")
		for p, data := range map[string]string{
			"cue.mod/module.cue": "module: \"example.com/h@v0\"\nlanguage: version: \"v0.17.0\"\n",
			"schema/h/h.cue":     b.String(),
		} {
			if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, p), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var most uint64
		probes := 0
		afterProbe = func() {
			if probes++; probes%(n/4) != 0 {
				return
			}
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			most = max(most, m.HeapAlloc)
		}
		defer func() { afterProbe = nil }()
		if _, err := Load(dir); err != nil {
			t.Fatal(err)
		}
		if probes != n {
			t.Fatalf("%d probes for %d if clauses", probes, n)
		}
		return most
	}
	small, large := peak(60), peak(240)
	t.Logf("live heap while reading: %d MB at 60 clauses, %d MB at 240", small>>20, large>>20)
	// Four times the clauses may hold four times the model; the probes
	// kept grew it tenfold (4 MB to 48).
	if large > 6*small {
		t.Errorf("the live heap at 240 if clauses is %.1fx that at 60: the probes are kept", float64(large)/float64(small))
	}
}
