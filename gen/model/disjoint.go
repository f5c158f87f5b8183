package model

import (
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
)

// maxDisjointSteps bounds the work of patternsDisjoint (pairs of
// automaton states times the runes read from each): beyond it the
// patterns are not proved disjoint.
const maxDisjointSteps = 1 << 16

// patternsDisjoint reports whether no string matches both RE2 patterns a
// and b as Go's regexp.MatchString does (anywhere in the string, ^ and $
// at its ends): two member patterns of an object whose members may then
// be kept in two maps, since a member's name picks exactly one. It runs
// the two programs side by side over every string, one representative
// rune per class of runes the programs tell apart, and answers true only
// when no pair of states it reaches has matched both; false when they
// share a string, or when it cannot tell (case folding, word boundaries,
// (?m), too much work).
func patternsDisjoint(a, b string) bool {
	pa, ok := disjointProg(a)
	if !ok {
		return false
	}
	pb, ok := disjointProg(b)
	if !ok {
		return false
	}
	runes := representatives(pa, pb)
	start := func(p *syntax.Prog, set []uint32, begin bool) []uint32 {
		return closure(p, append(set, uint32(p.Start)), begin, false)
	}
	// item is where the two programs are after a string: their states,
	// and whether each has matched (then the rest of the string is free
	// for it, and its states are dropped).
	type item struct {
		sa, sb []uint32
		ma, mb bool
	}
	// both reports whether both programs match the string read so far,
	// ended here.
	both := func(it item, begin bool) bool {
		return (it.ma || hasMatch(pa, closure(pa, it.sa, begin, true))) &&
			(it.mb || hasMatch(pb, closure(pb, it.sb, begin, true)))
	}
	first := item{sa: start(pa, nil, true), sb: start(pb, nil, true)}
	first.ma, first.mb = hasMatch(pa, first.sa), hasMatch(pb, first.sb)
	if both(first, true) {
		return false
	}
	type state struct {
		a, b   string // sorted pcs, as a key
		ma, mb bool
	}
	seen := map[state]bool{}
	queue := []item{first}
	steps := 0
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		if steps += len(runes); steps > maxDisjointSteps {
			return false
		}
		for _, r := range runes {
			next := item{sa: start(pa, step(pa, it.sa, r), false), sb: start(pb, step(pb, it.sb, r), false)}
			next.ma = it.ma || hasMatch(pa, next.sa)
			next.mb = it.mb || hasMatch(pb, next.sb)
			if next.ma {
				next.sa = nil
			}
			if next.mb {
				next.sb = nil
			}
			if both(next, false) {
				return false
			}
			k := state{key(next.sa), key(next.sb), next.ma, next.mb}
			if !seen[k] {
				seen[k] = true
				queue = append(queue, next)
			}
		}
	}
	return true
}

// disjointProg compiles a pattern for patternsDisjoint, or reports that
// it holds what patternsDisjoint does not model.
func disjointProg(re string) (*syntax.Prog, bool) {
	x, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return nil, false
	}
	p, err := syntax.Compile(x.Simplify())
	if err != nil {
		return nil, false
	}
	for _, in := range p.Inst {
		switch in.Op {
		case syntax.InstRune, syntax.InstRune1:
			if syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
				return nil, false
			}
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^(syntax.EmptyBeginText|syntax.EmptyEndText) != 0 {
				return nil, false
			}
		case syntax.InstFail, syntax.InstAlt, syntax.InstAltMatch, syntax.InstCapture, syntax.InstNop, syntax.InstMatch, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		default:
			return nil, false
		}
	}
	return p, true
}

// representatives returns one rune of each class of runes that the
// programs' rune instructions tell apart: every bound of their ranges,
// and the rune after each.
func representatives(ps ...*syntax.Prog) []rune {
	set := map[rune]bool{0: true, '\n': true, '\n' + 1: true}
	for _, p := range ps {
		for _, in := range p.Inst {
			switch in.Op {
			case syntax.InstRune, syntax.InstRune1:
				for i, r := range in.Rune {
					set[r] = true
					if i%2 == 1 || in.Op == syntax.InstRune1 || len(in.Rune) == 1 {
						set[r+1] = true
					}
				}
			}
		}
	}
	var out []rune
	for r := range set {
		if r >= 0 && r <= 0x10FFFF {
			out = append(out, r)
		}
	}
	slices.Sort(out)
	return out
}

// closure follows the empty transitions of the program from set: ^ holds
// at the beginning, $ at the end.
func closure(p *syntax.Prog, set []uint32, begin, end bool) []uint32 {
	var out []uint32
	seen := map[uint32]bool{}
	var visit func(pc uint32)
	visit = func(pc uint32) {
		if seen[pc] {
			return
		}
		seen[pc] = true
		in := &p.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			visit(in.Out)
			visit(in.Arg)
		case syntax.InstCapture, syntax.InstNop:
			visit(in.Out)
		case syntax.InstEmptyWidth:
			op := syntax.EmptyOp(in.Arg)
			if op&syntax.EmptyBeginText != 0 && !begin || op&syntax.EmptyEndText != 0 && !end {
				// Pending: $ may hold once the string ends here.
				out = append(out, pc)
				return
			}
			visit(in.Out)
		case syntax.InstFail:
		default:
			out = append(out, pc)
		}
	}
	for _, pc := range set {
		visit(pc)
	}
	slices.Sort(out)
	return out
}

// step reads r from every state of set.
func step(p *syntax.Prog, set []uint32, r rune) []uint32 {
	var out []uint32
	for _, pc := range set {
		in := &p.Inst[pc]
		switch in.Op {
		case syntax.InstRune, syntax.InstRune1:
			if in.MatchRune(r) {
				out = append(out, in.Out)
			}
		case syntax.InstRuneAny:
			out = append(out, in.Out)
		case syntax.InstRuneAnyNotNL:
			if r != '\n' {
				out = append(out, in.Out)
			}
		}
	}
	return out
}

// hasMatch reports whether set holds the program's match.
func hasMatch(p *syntax.Prog, set []uint32) bool {
	return slices.ContainsFunc(set, func(pc uint32) bool { return p.Inst[pc].Op == syntax.InstMatch })
}

// key renders a set of pcs as a map key.
func key(set []uint32) string {
	var b strings.Builder
	for _, pc := range set {
		b.WriteString(strconv.FormatUint(uint64(pc), 36))
		b.WriteByte(',')
	}
	return b.String()
}
