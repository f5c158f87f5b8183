package model

import (
	"testing"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
)

// TestLiteralCall: which values safeExpr reads as the constant they come
// to without asking CUE's Expr (whose evaluation of len(list.Repeat([0],
// 1000000))'s list took minutes): calls of builtins on literals alone,
// never one that refers to a field, whose value depends on the data.
func TestLiteralCall(t *testing.T) {
	const src = `
import "list"

n: 2
a: len(list.Repeat([0], 1000000))
b: list.Repeat([1, 2], 2)
c: len("abc") + 1
d: len(list.Repeat([n], 3))
e: len([0, n])
f: strings.ToUpper("x")
g: 3
h: {
	len: 3
	x: len([0])
}
i: list.Repeat([0], -(2))
`
	f, err := parser.ParseFile("a.cue", src)
	if err != nil {
		t.Fatal(err)
	}
	// a, b and i are builtin calls on literals; c is a binary of a
	// call, d and e refer to n; f's package is not imported; g is no
	// call; in h, len is a field of the struct, not the builtin.
	want := map[string]bool{"a": true, "b": true, "c": false, "d": false, "e": false, "f": false, "g": false, "x": false, "i": true}
	decls := f.Decls
	for i := 0; i < len(decls); i++ {
		fd, ok := decls[i].(*ast.Field)
		if !ok {
			continue
		}
		if s, ok := fd.Value.(*ast.StructLit); ok {
			decls = append(decls, s.Elts...)
		}
		name, _, _ := ast.LabelName(fd.Label)
		w, judged := want[name]
		if !judged {
			continue
		}
		delete(want, name)
		call, isCall := fd.Value.(*ast.CallExpr)
		if got := isCall && literalCall(call, 0); got != w {
			t.Errorf("%s: literalCall = %v, want %v", name, got, w)
		}
	}
	for name := range want {
		t.Errorf("%s: not found in the source", name)
	}
}
