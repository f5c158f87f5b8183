// Package synth writes synthetic CUE modules for make bench: a wire
// package of N definitions, or a layout package of N fields, so that
// generation can be timed at sizes the real schema does not reach.
//
// The wire package mixes what real schemas hold, in fixed proportions: an
// enum every tenth definition, a union of two variants every twentieth, and
// objects of six fields (a required string, an optional bounded int, an
// enum, an optional timestamp, a list of an earlier object and a map of
// one). Every tenth object is a base object with no references; the
// others refer only to the two newest base objects, so nothing nests more
// than two levels deep, as in a real contract. The layout package is one
// root struct of uint32 and uint8[4] fields, all since version 1, with its
// recorded size. Output is deterministic.
package synth

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Module is the cue.mod/module.cue of a synthetic module.
const Module = "module: \"example.com/synth@v0\"\nlanguage: version: \"v0.17.0\"\n"

// Wire returns the files of a module with one wire package of n
// definitions, by path.
func Wire(n int) map[string]string {
	return map[string]string{"cue.mod/module.cue": Module, "schema/synth/synth.cue": wirePackage(n)}
}

// Layout returns the files of a module with one layout package of n
// fields, by path.
func Layout(n int) map[string]string {
	return map[string]string{"cue.mod/module.cue": Module, "schema/synthdeck/deck.cue": layoutPackage(n)}
}

func wirePackage(n int) string {
	var b strings.Builder
	b.WriteString("// Package synth is a synthetic wire package for benchmarks.\npackage synth\n\nimport \"time\"\n\n")
	b.WriteString("// Stamp is an instant.\n#Stamp: time.Time()\n\n")
	lastEnum := ""
	var bases []string // objects that refer to no other
	for i := range n {
		switch {
		case i%10 == 0:
			name := fmt.Sprintf("Kind%d", i)
			fmt.Fprintf(&b, "// %s is enum %d.\n#%s:\n", name, i, name)
			for m := range 5 {
				sep := " |"
				if m == 4 {
					sep = ""
				}
				fmt.Fprintf(&b, "\t// Member %d.\n\t\"m%d_%d\"%s\n", m, i, m, sep)
			}
			b.WriteString("\n")
			lastEnum = name
		case i%20 == 5 && len(bases) > 0:
			name := fmt.Sprintf("Union%d", i)
			fmt.Fprintf(&b, "// %s is union %d.\n#%s: #%sA | #%sB\n\n", name, i, name, name, name)
			for _, v := range []string{"A", "B"} {
				fmt.Fprintf(&b, "// %s%s is a variant.\n#%s%s: {\n\t// The tag.\n\tkind!: %q\n\t// A value.\n\tvalue!: string\n\t// An object.\n\tref?: #%s\n}\n\n",
					name, v, name, v, strings.ToLower(v), bases[len(bases)-1])
			}
		default:
			name := fmt.Sprintf("Obj%d", i)
			fmt.Fprintf(&b, "// %s is object %d.\n#%s: {\n", name, i, name)
			b.WriteString("\t// An identifier.\n\tid!: string\n")
			b.WriteString("\t// A bounded count.\n\tcount?: int & >=0 & <=1000000\n")
			if lastEnum != "" {
				fmt.Fprintf(&b, "\t// A kind.\n\tkind!: #%s\n", lastEnum)
			}
			b.WriteString("\t// When.\n\tat?: #Stamp\n")
			if i%10 != 1 && len(bases) > 0 {
				fmt.Fprintf(&b, "\t// Base objects.\n\titems?: [...#%s]\n", bases[len(bases)-1])
				fmt.Fprintf(&b, "\t// Base objects by key.\n\tbyKey?: [string]: #%s\n", bases[max(0, len(bases)-2)])
			}
			b.WriteString("}\n\n")
			if i%10 == 1 || len(bases) == 0 {
				bases = append(bases, name)
			}
		}
	}
	return b.String()
}

func layoutPackage(n int) string {
	var b strings.Builder
	b.WriteString("// Package synthdeck is a synthetic layout package for benchmarks.\npackage synthdeck\n\n")
	b.WriteString("// State is the root struct.\n#State: {\n")
	size := 0
	for i := range n {
		if i%2 == 0 {
			fmt.Fprintf(&b, "\t// Field %d.\n\tf%d: \"uint32\" @since(1)\n", i, i)
		} else {
			fmt.Fprintf(&b, "\t// Field %d.\n\tf%d: \"uint8[4]\" @since(1)\n", i, i)
		}
		size += 4
	}
	b.WriteString("}\n\n")
	fmt.Fprintf(&b, "// layout states the root and its history.\nlayout: {\n\troot: #State\n\t// The ceiling.\n\tceiling: %d\n\tmigrate_from: 1\n\tversions: [{version: 1, size: %d}]\n}\n", size, size)
	return b.String()
}

// Write writes files under dir.
func Write(dir string, files map[string]string) error {
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			return err
		}
	}
	return nil
}
