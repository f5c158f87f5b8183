package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/model"
)

// runBudget prints the budget table of the layout package,
// recomputed from the schema: sizeof the root per version, the ceiling, the
// headroom, the file size and the reserved bytes that could be reclaimed.
func runBudget(e *env, args []string) int {
	if len(args) > 0 {
		e.errorf("budget takes no arguments (got %q)", args)
		return exitInput
	}
	s, err := model.Load(e.root)
	if err != nil {
		fmt.Fprintln(e.stderr, err)
		e.errorf("the schema has errors; no budget")
		return exitInput
	}
	if len(s.Layouts) == 0 {
		e.errorf("no layout package under %s/ (a package with a top-level layout field); nothing to budget", e.cfg.Schema)
		return exitInput
	}
	for _, l := range s.Layouts {
		printBudget(e, l)
	}
	return exitOK
}

func printBudget(e *env, l *layoutmodel.Layout) {
	w := e.stdout
	root := l.Root.Name
	fmt.Fprintf(w, "%s budget (%s): ceiling %d bytes", root, l.Dir, l.Ceiling.Value)
	if l.File != nil {
		fmt.Fprintf(w, "; file = %d-byte header + payload + %d-byte CRC-32", l.File.Header.Size, layoutmodel.CRCSize)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "version\tsizeof(%s)\tceiling\theadroom\tfile\treserved\t\n", root)
	for _, r := range l.Budget() {
		file := "-"
		if r.FileSize > 0 {
			file = fmt.Sprint(r.FileSize)
		}
		fmt.Fprintf(tw, "v%d\t%d\t%d\t%d\t%s\t%d\t\n", r.Version, r.Size, r.Ceiling, r.Headroom, file, r.Reserved)
	}
	tw.Flush()
	fmt.Fprintf(w, "current: v%d; files from v%d migrate forward, older ones are reinitialized; reserved bytes are reclaimable without growing %s\n",
		l.Current().Number, l.MigrateFrom.Value, root)
}
