// Command synth writes a synthetic CUE module for make bench (see package
// internal/synth for what it holds).
//
//	go run ./scripts/synth -wire 1000 DIR    # DIR/schema/synth: 1,000 definitions
//	go run ./scripts/synth -layout 5000 DIR  # DIR/schema/synthdeck: a 5,000-field layout
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/schemagen/schemagen/internal/synth"
)

func main() {
	wire := flag.Int("wire", 0, "number of definitions of a wire package")
	layout := flag.Int("layout", 0, "number of fields of a layout package")
	flag.Parse()
	if flag.NArg() != 1 || (*wire == 0) == (*layout == 0) {
		fmt.Fprintln(os.Stderr, "usage: synth -wire N | -layout N DIR")
		os.Exit(2)
	}
	files := synth.Layout(*layout)
	if *wire > 0 {
		files = synth.Wire(*wire)
	}
	if err := synth.Write(flag.Arg(0), files); err != nil {
		fmt.Fprintln(os.Stderr, "synth:", err)
		os.Exit(1)
	}
}
