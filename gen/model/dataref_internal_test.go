package model

import (
	"testing"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
)

// TestDataRef: which references dataRef reads as members of the data, on
// syntax as the loader resolves it; lets are followed once each, so a
// cycle of them (which CUE itself refuses when it loads) ends.
func TestDataRef(t *testing.T) {
	const src = `
#A: {
	y: int
	k: "c"
	#D: {n: int}
	_h: int
	let ly = y
	let la = [lb]
	let lb = [la]
	fromY:     len(y)
	fromK:     len(k)
	fromDef:   #D.n
	fromHid:   _h
	fromLetY:  ly
	fromCycle: la
	fromLabel: [N=string]: {name: N}
	fromLen:   len("abc")
}
`
	f, err := parser.ParseFile("a.cue", src)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"fromY": "y", "fromK": "", "fromDef": "", "fromHid": "", "fromLetY": "ly",
		"fromCycle": "", "fromLen": "",
	}
	def := f.Decls[0].(*ast.Field).Value.(*ast.StructLit)
	for _, d := range def.Elts {
		fd, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		name, _, _ := ast.LabelName(fd.Label)
		w, ok := want[name]
		if !ok {
			continue
		}
		if got := dataRef(fd.Value, false, isFileScope); got != w {
			t.Errorf("dataRef(%s) = %q, want %q", name, got, w)
		}
	}
}
