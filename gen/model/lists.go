package model

import (
	"fmt"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
)

// listAlts returns those of a choice's alternatives that are JSON arrays:
// lists and tuples ([...string], [_, ...] & ["..."]) and references to
// them.
func (r *resolver) listAlts(alts []cue.Value) []cue.Value {
	var lists []cue.Value
	for _, a := range alts {
		if r.kindOf(a) == cue.ListKind {
			lists = append(lists, a)
		}
	}
	return lists
}

// onlyListsOverlap reports whether no two of alts but two lists may admit
// one value (overlapping, as exactOverlap tells them): a count of lists
// (countedLists) is then the one count among them.
func (r *resolver) onlyListsOverlap(alts []cue.Value) bool {
	var rest []cue.Value
	for _, a := range alts {
		if r.kindOf(a) != cue.ListKind {
			rest = append(rest, a)
		}
	}
	_, _, overlap := r.overlapping(rest)
	return !overlap && len(alts)-len(rest) > 1
}

// exactCount reports whether v is matchN(1, […]) as written: a count of
// exactly one, not a disjunction (a | b) nor matchN(>=1, […]), which admit
// a value at least one alternative admits.
func (r *resolver) exactCount(v cue.Value) bool {
	if !r.isMatchN(v) {
		return false
	}
	return exactOne(r.matchCount(v))
}

// countedLists reads the alternatives of a choice that are JSON arrays
// (lists, two or more: [...string] | [...int], matchN(>=1, [[_, ...] &
// ["..."], [...#labelname]]), prometheus' group_by) as one alternative
// of the choice: a list of any JSON values that the list alternatives
// count (Constraints.MatchN on a ListKind): at least one must admit it
// (a | b, matchN(>=1, …): CUE keeps every alternative that admits the
// list, and they are equal, the list itself), or exactly one (matchN(1,
// …): [] is a list of strings and of ints, and matches twice). Only its
// items, at any depth, tell the alternatives apart, and no one Go type
// holds them all: Go keeps the raw items and reads the list whole as each
// alternative, as the JSON Schema's anyOf or oneOf and TypeScript judge
// it.
//
// v is the choice (matchN's count is read from it); lists are its list
// alternatives, as matchOne or the disjunction gives them. The
// alternatives of matchN are read as its parts are (matchType: a struct
// literal is open, as CUE leaves it), those of a | b as the disjunction's
// (a struct in a definition is closed). Refused, each saying why: a list
// alternative that a nested disjunction or count brings into matchN(1,
// …), which CUE counts once and the targets would count for each of its
// lists; an object with a
// default in an alternative of a | b, for which CUE's disjunction would
// keep two lists that differ; a union in an alternative, whose decoders
// do not judge members strictly yet.
func (r *resolver) countedLists(v cue.Value, lists []cue.Value, what string, p Pos) (*Type, bool) {
	if !p.IsValid() {
		p = r.pos(v)
	}
	if !p.IsValid() {
		p = r.here
	}
	counted := r.isMatchN(v)
	exact := counted && r.exactCount(v)
	if exact && !r.listsWritten(v, len(lists)) {
		r.errorf(p, "%s: matchN(1, […]) with a disjunction or count of lists as one of its alternatives is not carried yet: CUE counts that alternative once however many of its own lists admit a value, and the targets would count each; write its lists as alternatives of the outer matchN, or use matchN(>=1, […])", what)
		return nil, false
	}
	m := &ObjectMatchN{Min: 1, Pos: p}
	if exact {
		one := 1
		m.Max = &one
	}
	ok := true
	for i, a := range lists {
		if net, isNet := r.netLists[a]; isNet {
			// hosts: net.IP | [...net.IP]: a count of lists holds no
			// list's counts of items (the bytes' 4 or 16).
			r.errorf(p, "%s", netListMsg(what, net.check))
			ok = false
			continue
		}
		at := fmt.Sprintf("%s.list%d", what, i+1)
		var t *Type
		var aok bool
		if counted {
			t, aok = r.matchType(a, "matchN's alternative", p, at)
		} else {
			t, aok = r.typeAt(a, at, p)
			if aok {
				if why := anyUnionIn(t, map[*Type]bool{}); why != "" {
					r.errorf(p, "%s: the list alternative %s holds %s, a union, which is not carried yet among lists: telling the lists apart reads each item strictly, as CUE does, which the union's decoders do not yet", what, oneLine(a), why)
					aok = false
				}
			}
		}
		if !aok {
			ok = false
			continue
		}
		if t == nil {
			// [...] by matchType's _: any list, as written.
			t = &Type{Kind: ListKind, Elem: &Type{Kind: AnyKind}}
		}
		if t.Kind != ListKind && t.Kind != TupleKind {
			r.errorf(p, "%s: the list alternative %s is read as %s, not as a list; not carried", what, oneLine(a), r.describeElem(t))
			ok = false
			continue
		}
		if !counted {
			if f := defaultIn(t); f != "" {
				r.errorf(p, "%s: the list alternative %s holds an object whose field %s has a default: where two list alternatives admit a list, CUE's disjunction keeps both, the defaults filled in, which differ, and refuses the list as ambiguous, which no target states; not carried: use matchN(>=1, […]), which counts without filling in, or drop the default", what, oneLine(a), f)
				ok = false
				continue
			}
		}
		m.Alts = append(m.Alts, t)
	}
	if !ok {
		return nil, false
	}
	return &Type{Kind: ListKind, Elem: &Type{Kind: AnyKind}, Constraints: Constraints{MatchN: m}}, true
}

// listsWritten reports whether the matchN call v has n alternatives of
// list kind as written, each a list on its own: none brought by a nested
// disjunction or count (matchN(1, [[...string] | [...int], {}])).
func (r *resolver) listsWritten(v cue.Value, n int) bool {
	call, ok := sourceExpr(v).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return false
	}
	lit, ok := call.Args[1].(*ast.ListLit)
	if !ok {
		return false
	}
	_, args := r.expr(v)
	if len(args) != 3 {
		return false
	}
	written := 0
	for i := range lit.Elts {
		a := args[2].LookupPath(cue.MakePath(cue.Index(i)))
		if !a.Exists() {
			continue
		}
		k := a.IncompleteKind()
		if k&cue.ListKind == 0 {
			continue
		}
		op, or := r.expr(a)
		if r.isMatchN(a) || (op == cue.OrOp && r.kindOf(a) == cue.ListKind) {
			return false // a choice of lists, counted once
		}
		if op != cue.OrOp {
			written++
			continue
		}
		// [...string] | int: its one list counts as it would alone.
		if lists := len(r.listAlts(or)); lists == 1 {
			written++
		} else {
			return false
		}
	}
	return written == n
}

// defaultIn names a field with a default (or "") of an object that t
// holds at any depth.
func defaultIn(t *Type) string {
	name := ""
	walkType(t, map[*Type]bool{}, false, func(t *Type) bool {
		if t.Kind == ObjectKind {
			for _, f := range t.Object.Fields {
				if f.HasDefault() {
					name = f.Name
				}
			}
		}
		return name == ""
	})
	return name
}

// listChoice reads matchN(1, alts) whose only overlapping alternatives
// are lists: a list they count (countedLists) when every alternative is
// one, else a choice of kinds whose array alternative is that list; null
// among them makes it nullable.
func (r *resolver) listChoice(v cue.Value, alts []cue.Value, what string) (*Type, bool) {
	rest := withoutNull(alts)
	var t *Type
	ok := false
	if len(r.listAlts(rest)) == len(rest) {
		t, ok = r.countedLists(v, rest, what, Pos{})
	} else {
		t, ok = r.inlineDisjunction(v, rest, what)
	}
	if ok && len(rest) < len(alts) {
		t = &Type{Kind: NullableKind, Elem: t}
	}
	return t, ok
}
