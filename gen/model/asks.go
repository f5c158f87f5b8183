package model

import (
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/token"
)

// askedLimit is how many answers a memo keeps in each of its two
// generations: a definition's questions are a few dozen, so the answers it
// asks again are kept, and what the whole package asked is not (at 20,000
// definitions that held half a gigabyte of CUE's vertices live until the
// end of the resolve, which the collector marked again at every cycle).
// 4,096 still held 60 MB of them at 5,000 definitions (the live heap grew
// from 35 to 123 MB during the resolve); 512 keeps a definition's
// questions and cost 0.89x the CPU and 0.86x the peak RSS there, the
// same CPU at 1,000 definitions and on the corpus's Compose
// Specification, whose definitions are large (docs/performance.md).
var askedLimit = 512

// memo holds the answers CUE's evaluator gave to one kind of question
// about recent values, so that the resolver puts each question about a
// value to CUE once while it reads the definition the value is in. It
// keeps two generations of at most askedLimit answers: when the current
// one is full it becomes the previous one, and the previous one is
// dropped; an answer found in the previous generation moves to the
// current one. Dropping an answer only costs asking again: CUE gives the
// same answer.
type memo[K comparable, V any] struct {
	cur, prev map[K]V
}

// get is the answer for k, asked of ask when the memo holds none.
func (m *memo[K, V]) get(k K, ask func() V) V {
	if v, ok := m.cur[k]; ok {
		return v
	}
	v, ok := m.prev[k]
	if !ok {
		v = ask()
	}
	if len(m.cur) >= askedLimit {
		m.prev, m.cur = m.cur, nil
	}
	if m.cur == nil {
		m.cur = make(map[K]V)
	}
	m.cur[k] = v
	return v
}

// asked is the resolver's memos, as a whole: CUE's answers about the
// values asked lately.
type asked struct {
	// exprs holds what CUE's Value.Expr gave for each value asked: it
	// evaluates the expression again at every call, and the resolver asks
	// about most values more than once (about three times on the
	// synthetic packages of make bench).
	exprs memo[cue.Value, exprResult]
	// scopedDefs are scopedDef's answers.
	scopedDefs memo[cue.Value, scopedAnswer]
	// refs holds what CUE's Value.ReferencePath gave for each value asked,
	// which makes a context of CUE's (about a kilobyte) at every call.
	refs memo[cue.Value, refResult]
	// fieldLists holds what CUE's Value.Fields listed for each value and
	// set of options asked (it sorts the fields anew at every call), and
	// elems what LookupPath of [string] gave (it evaluates the element
	// anew, resolving its references again, at every call): the resolver
	// asks both of an object four or five times.
	fieldLists memo[fieldsKey, fieldsResult]
	elems      memo[cue.Value, cue.Value]
	// conjunctLists are conjuncts' answers.
	conjunctLists memo[cue.Value, []cue.Value]
}

// swapAsked puts a in place of r's memos and returns those it held: a
// reading of values no other question is about (an if clause's probe)
// asks with memos of its own, so that dropping them drops those values.
func (r *resolver) swapAsked(a asked) asked {
	old := r.asked
	r.asked = a
	return old
}

// exprResult is one answer of cue.Value.Expr.
type exprResult struct {
	op   cue.Op
	args []cue.Value
}

// expr is v.Expr(), asked of CUE once per value, with a disjunction
// written in place among a disjunction's alternatives read as its own
// alternatives (flatOr).
func (r *resolver) expr(v cue.Value) (cue.Op, []cue.Value) {
	if e, ok := r.unfolded[v]; ok {
		return e.op, e.args
	}
	e := r.exprs.get(v, func() exprResult {
		op, args := safeExpr(v)
		if op == cue.OrOp {
			args = liveAlternatives(flatOr(args, 0))
		}
		if op == cue.IndexOp && stringIndex(v, args) {
			// _from["V2_4"], an index of a struct by a constant label
			// (as ODIM's hand-written schema writes one): the
			// reference _from.V2_4 is, which CUE resolves alike
			// (ReferencePath). It was refused as a constraint not
			// carried.
			op = cue.SelectorOp
		}
		return exprResult{op, args}
	})
	return e.op, e.args
}

// liveAlternatives drops the alternatives of a disjunction that are a
// conflict by themselves (conflictOf: string & "bolt" & "vault" | *"bolt",
// KubeBlocks' InfluxDB secret store), or an error("…") written as one
// ("amd64" | "arm64" | error("architecture must be amd64 or arm64"),
// GilmanLab's platform schemas: the message CUE gives a value no other
// alternative admits), as CUE's evaluation drops them: the disjunction
// admits what the others do ("bolt" alone; cue vet refuses "vault"). It
// was refused as CUE's error of that alternative. Where every alternative
// is one, they stay, and the value is the error it is.
func liveAlternatives(args []cue.Value) []cue.Value {
	live := args[:0:0]
	for _, a := range args {
		if _, dead := conflictOf(a); !dead && !errorCall(a) {
			live = append(live, a)
		}
	}
	if len(live) == 0 || len(live) == len(args) {
		return args
	}
	return live
}

// flatOr replaces each alternative of a disjunction that is itself a
// disjunction written in place, ("x" | "y") | *"z", by its alternatives,
// as CUE's evaluation reads it: a disjunction is associative, and CUE
// gives the whole its default (Value.Default), which is where the
// resolver reads it, never from an alternative's mark. Expr gave the
// inner disjunction as one alternative, which was refused as "the
// constraint "x" | "y" is not carried" although it is an enum like any
// other. A reference to a disjunction (#A | "z") stays one alternative:
// it names a type of its own.
func flatOr(args []cue.Value, depth int) []cue.Value {
	if depth > maxConjunctDepth {
		return args
	}
	var out []cue.Value
	for i, a := range args {
		if !inPlaceOr(a) {
			if out != nil {
				out = append(out, a)
			}
			continue
		}
		op, inner := safeExpr(a)
		if op != cue.OrOp {
			if out != nil {
				out = append(out, a)
			}
			continue
		}
		if out == nil {
			out = append(make([]cue.Value, 0, len(args)+len(inner)), args[:i]...)
		}
		out = append(out, flatOr(inner, depth+1)...)
	}
	if out == nil {
		return args
	}
	return out
}

// inPlaceOr reports whether a is written as a disjunction in place (its
// source a | b, parenthesized or not), not a reference to one.
func inPlaceOr(a cue.Value) bool {
	e, ok := a.Source().(ast.Expr)
	for ok {
		p, isParen := e.(*ast.ParenExpr)
		if !isParen {
			break
		}
		e = p.X
	}
	b, isBin := e.(*ast.BinaryExpr)
	return isBin && b.Op == token.OR
}

// refResult is one answer of cue.Value.ReferencePath.
type refResult struct {
	root cue.Value
	path cue.Path
}

// referencePath is v.ReferencePath(), asked of CUE once per value.
func (r *resolver) referencePath(v cue.Value) (cue.Value, cue.Path) {
	e := r.refs.get(v, func() refResult {
		root, path := v.ReferencePath()
		if r.atSels != nil && len(root.Path().Selectors()) == 0 && r.ownPackage(root) {
			// A reference to a type at the typesAt path
			// (lineage.schemas[0].schema.Mode): Mode, in the value
			// read as the package's.
			if rel, ok := r.underTypesAt(path.Selectors()); ok {
				return refResult{r.v, cue.MakePath(rel...)}
			}
		}
		return refResult{root, path}
	})
	return e.root, e.path
}

// field is one field CUE lists of a struct.
type field struct {
	sel cue.Selector
	v   cue.Value
}

// fieldsKey is a question to Value.Fields: the value, and whether its
// patterns are listed too (optional fields always are).
type fieldsKey struct {
	v        cue.Value
	patterns bool
}

// fieldsResult is one answer of Value.Fields.
type fieldsResult struct {
	fs  []field
	err error
}

// fields lists the fields of v, optional ones included, and its pattern
// constraints when patterns is set: v.Fields, asked of CUE once.
func (r *resolver) fields(v cue.Value, patterns bool) ([]field, error) {
	e := r.fieldLists.get(fieldsKey{v, patterns}, func() fieldsResult {
		opts := []cue.Option{cue.Optional(true)}
		if patterns {
			opts = append(opts, cue.Patterns(true))
		}
		it, err := v.Fields(opts...)
		if err != nil {
			return fieldsResult{err: err}
		}
		var fs []field
		for it.Next() {
			fs = append(fs, field{it.Selector(), it.Value()})
		}
		return fieldsResult{fs: fs}
	})
	return e.fs, e.err
}

// elem is the value every member of the struct v that no field names
// has, v.LookupPath([string]), asked of CUE once.
func (r *resolver) elem(v cue.Value) cue.Value {
	return r.elems.get(v, func() cue.Value {
		e := v.LookupPath(cue.MakePath(cue.AnyString))
		if cueErrIs(e.Err(), "field not allowed") {
			// {[string]: {#Base, own!: T}} in a definition that holds
			// an if clause: CUE v0.17.1 reports the own members not
			// allowed when the pattern's value is looked up alone
			// (cue vet accepts them). A member of a name nothing else
			// declares takes the pattern's value, which CUE evaluates
			// as it does for data.
			key := cue.MakePath(cue.Str("\x00schemagen-member"))
			if m := v.FillPath(key, v.Context().CompileString("_")).LookupPath(key); m.Exists() && m.Err() == nil {
				return m
			}
		}
		return e
	})
}

// unlisted reports whether v is a struct whose fields CUE cannot list
// before data is given: a conjunction with a disjunction of structs that
// CUE leaves unresolved ("non-concrete value struct").
func (r *resolver) unlisted(v cue.Value) bool {
	if v.IncompleteKind() != cue.StructKind {
		return false
	}
	_, err := r.fields(v, false)
	return err != nil && strings.HasSuffix(err.Error(), "non-concrete value struct")
}

// errorCall reports whether a is written as error("…") (or _|_): a bottom
// value of its own, whatever it is beside.
func errorCall(a cue.Value) bool {
	e, ok := sourceExpr(a).(ast.Expr)
	return ok && a.IncompleteKind() == cue.BottomKind && isBottom(e)
}

// stringIndex reports whether v, an index expression x[i] with args x
// and i, indexes a struct by a string constant that CUE resolves as a
// reference: x."i".
func stringIndex(v cue.Value, args []cue.Value) bool {
	if len(args) != 2 || args[0].IncompleteKind() != cue.StructKind {
		return false
	}
	if _, err := args[1].String(); err != nil {
		return false
	}
	root, path := v.ReferencePath()
	return root.Exists() && len(path.Selectors()) > 0
}
