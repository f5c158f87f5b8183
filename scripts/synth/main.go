// Command synth writes a synthetic CUE module for make bench: a wire
// package of N definitions, or a layout package of N fields, so that
// generation can be timed at sizes the real schema does not reach.
//
//	go run ./scripts/synth -wire 1000 DIR    # DIR/schema/synth: 1,000 definitions
//	go run ./scripts/synth -layout 5000 DIR  # DIR/schema/synthdeck: a 5,000-field layout
//
// The wire package mixes what real schemas hold, in fixed proportions: an
// enum every tenth definition, a union of two variants every twentieth, and
// objects of six fields (a required string, an optional bounded int, an
// enum, an optional timestamp, a list of an earlier object and a map of
// one). Every tenth object is a base object with no references; the
// others refer only to the two newest base objects, so nothing nests more
// than two levels deep, as in a real contract. The layout package is one root struct of
// uint32 and uint8[4] fields, all since version 1, with its recorded size.
// Output is deterministic.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	wire := flag.Int("wire", 0, "number of definitions of a wire package")
	layout := flag.Int("layout", 0, "number of fields of a layout package")
	flag.Parse()
	if flag.NArg() != 1 || (*wire == 0) == (*layout == 0) {
		fmt.Fprintln(os.Stderr, "usage: synth -wire N | -layout N DIR")
		os.Exit(2)
	}
	dir := flag.Arg(0)
	files := map[string]string{
		"cue.mod/module.cue": "module: \"example.com/synth@v0\"\nlanguage: version: \"v0.17.0\"\n",
	}
	if *wire > 0 {
		files["schema/synth/synth.cue"] = wirePackage(*wire)
	} else {
		files["schema/synthdeck/deck.cue"] = layoutPackage(*layout)
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			fatal(err)
		}
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "synth:", err)
	os.Exit(1)
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
