package model

import (
	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
)

// notNull reports whether v is any JSON value but null: matchN(0, [null])
// (what cue import writes for JSON Schema's not: {type: null}: enonic-xp's
// genericValueDef holds such values) or !=null, alone or beside _. Every
// target states it: Go keeps the raw JSON and Validate refuses null, JSON
// Schema says not: {type: null}, TypeScript's type is {} (every value but
// null and undefined) and its validation refuses null.
func (r *resolver) notNull(v cue.Value) bool {
	found := false
	for _, c := range r.conjuncts(v) {
		if isTop(sourceExpr(c)) {
			continue
		}
		op, args := r.expr(c)
		switch {
		case op == cue.NotEqualOp && len(args) == 1 && isNull(args[0]):
			found = true
		case op == cue.CallOp && len(args) == 3 && isMatchNoneOfNull(c, args):
			found = true
		default:
			return false
		}
	}
	return found
}

// isNull reports whether v is the value null.
func isNull(v cue.Value) bool { return v.IsConcrete() && v.Kind() == cue.NullKind }

// isMatchNoneOfNull reports whether the call c, with CUE's arguments args
// (the function, the count, the list), is matchN(0, [null]).
func isMatchNoneOfNull(c cue.Value, args []cue.Value) bool {
	call, ok := sourceExpr(c).(*ast.CallExpr)
	if !ok || !isIdentNamed(call.Fun, "matchN") || len(call.Args) != 2 {
		return false
	}
	if k, err := args[1].Int64(); err != nil || !args[1].IsConcrete() || k != 0 {
		return false
	}
	lit, ok := call.Args[1].(*ast.ListLit)
	if !ok || len(lit.Elts) != 1 {
		return false
	}
	return isNull(args[2].LookupPath(cue.MakePath(cue.Index(0))))
}
