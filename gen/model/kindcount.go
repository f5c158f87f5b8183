package model

import (
	"fmt"
	"slices"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/token"
)

// kindNames names the JSON kinds kindClass tells apart, in its order.
var kindNames = [kindClasses]string{"null", "boolean", "number", "string", "bytes", "array", "object"}

// objectClass is the object's kindClass.
const objectClass = 6

// kindCount is matchN(n, alts) read kind by kind (kindCountOf).
type kindCount struct {
	// wholes holds, for each kind other than the object that the count
	// admits, the kind whole as an alternative writes it (null, bool,
	// number, string, [...]), in kindClass order.
	wholes []cue.Value
	// partly is the first part of a kind other than the object that an
	// alternative holds in part (string & =~"^a", int), if any: no
	// choice of kinds counts it. partAt is that alternative, from 1,
	// and partKind its kindClass.
	partly   cue.Value
	partAt   int
	partKind int
}

// kindCountOf reads c when it is matchN(n, alts) with n a count JSON
// Schema names (at least one, exactly one, or all of them: objectCount)
// whose alternatives are each a disjunction of JSON kinds, or name a
// definition of one or of such a count (kindParts), sharing a kind other
// than the object, one at least holding an object: what cue import writes
// for JSON Schema's anyOf or oneOf of required sets with no type beside
// them (SchemaStore's compile-commands: matchN(>=1, [null | bool | number
// | string | [...] | {directory!: _, file!: _, command!: _, ...}, null |
// bool | … | {…, arguments!: _, ...}])).
//
// A value is of one JSON kind, so it matches an alternative when it is a
// value of the alternative's part of its kind. A scalar or a list matches
// every alternative that holds its kind whole, and no other: of each such
// kind, the count is how many alternatives hold it, the same for every
// value of the kind, and the kind is admitted whole when the count is
// within matchN's bounds, not at all otherwise (matchN(1, alts) of two
// alternatives each holding string admits no string: every string
// matches both). An object matches an alternative when it is a value of
// the alternative's struct: the objects c admits are those the structs
// count, which objectMatchN reads of c itself (objectMatch takes an
// alternative's struct, as the other kinds admit no object).
//
// handled is false when c is no such matchN (or holds bytes, or the same
// kind twice in one alternative, or has a count of 0: "none of them" is
// not read kind by kind here; or no kind but the object is held by two
// alternatives, a choice of kinds read elsewhere). It says nothing: kindCountRefused says why a
// kind held in part is refused, where the value is refused.
func (r *resolver) kindCountOf(c cue.Value) (kc kindCount, handled bool) {
	call, isCall := sourceExpr(c).(*ast.CallExpr)
	if !isCall || !isIdentNamed(call.Fun, "matchN") || len(call.Args) != 2 {
		return kc, false
	}
	list, isList := call.Args[1].(*ast.ListLit)
	if !isList {
		return kc, false
	}
	lo, hi, all, known := r.objectCount(c)
	if !known || lo < 1 || len(all) != len(list.Elts) || len(all) < 2 {
		return kc, false
	}
	var (
		held    [kindClasses][]cue.Value // each alternative's part of the kind, where whole
		in      [kindClasses]int         // how many alternatives have the kind
		negated bool                     // an alternative is matchN(0, [X]) & Y
	)
	for i, a := range all {
		parts, ok := r.kindParts(a)
		if !ok {
			return kc, false
		}
		if _, _, isNeg := r.negatedAlt(a); isNeg {
			negated = true
		}
		var seen [kindClasses]bool
		for _, part := range parts {
			k := part.kind
			if seen[k] || k == 4 {
				return kc, false
			}
			seen[k] = true
			in[k]++
			switch {
			case k == objectClass:
			case part.whole:
				held[k] = append(held[k], part.v)
			case !kc.partly.Exists():
				kc.partly, kc.partAt, kc.partKind = part.v, i+1, k
			}
		}
	}
	shared := false
	for k, n := range in {
		if k != objectClass && n > 1 {
			shared = true
		}
	}
	if !shared && !negated || in[objectClass] == 0 {
		// No kind shared: a choice of kinds, read elsewhere, unless an
		// alternative is "Y and not X", which no other reading takes.
		return kc, false
	}
	for k := range held {
		if k == objectClass {
			continue
		}
		n := len(held[k])
		if n == 0 || n < lo || (hi != nil && n > *hi) {
			continue // matchN(1, …) of two that hold strings: no string
		}
		kc.wholes = append(kc.wholes, held[k][0])
	}
	return kc, true
}

// kindCountRefused says why v is not carried, where it is refused, when
// v or a conjunct of it is matchN over disjunctions of JSON kinds
// (kindCountOf) of which an alternative holds a kind other than the
// object in part: a value of that kind may match some alternatives and
// not others. Other readings are tried first (a kind held in part may be
// counted as its own: matchN(>=1, [null | [...{…}] | {…}, [...string]])
// is a choice whose lists are counted), so it is said only where v is
// refused. It reports whether it said it.
func (r *resolver) kindCountRefused(v cue.Value, what string, p Pos) bool {
	for _, c := range r.conjuncts(v) {
		if kc, handled := r.kindCountOf(c); handled && kc.partly.Exists() {
			r.kindCountError(kc, c, what, p)
			return true
		}
	}
	return false
}

// kindCountError says, at c or else p, why kc is not carried: an
// alternative holds a kind other than the object in part.
func (r *resolver) kindCountError(kc kindCount, c cue.Value, what string, p Pos) {
	at := r.pos(c)
	if !at.IsValid() {
		at = p
	}
	k := kindNames[kc.partKind]
	held := oneLine(kc.partly)
	if x, y, isNeg := r.negatedAlt(kc.partly); isNeg {
		// "Y and not X", X holding the kind in part.
		held = fmt.Sprintf("the %ss of %s that are not of matchN(0, [%s])", k, sourceLine(y), sourceLine(x))
	}
	r.errorf(at, "%s: matchN's alternatives are disjunctions of JSON kinds, read kind by kind: a value of a kind other than the object matches each alternative that holds the kind whole, the same count for every value of the kind; alternative %d holds %s only in part (%s), so a %s may match some alternatives and not others, which a choice of JSON kinds does not count; not carried: state each kind but the object whole (null | bool | number | string | [...] | {…}), or leave it out", what, kc.partAt, k, held, k)
}

// sourceLine is v as written, on one line and cut short as oneLine cuts
// CUE's text of it: a conjunct's own text, where CUE's value of it is
// the whole conjunction's.
func sourceLine(v cue.Value) string {
	b, err := format.Node(sourceExpr(v))
	if err != nil {
		return oneLine(v)
	}
	s := strings.Join(strings.Fields(string(b)), " ")
	if r := []rune(s); len(r) > 60 {
		s = string(r[:60]) + "…"
	}
	return s
}

// countedKinds returns the kinds of the values kc admits: those it
// admits whole, and the object.
func countedKinds(kc kindCount) cue.Kind {
	k := cue.StructKind
	for _, w := range kc.wholes {
		k |= w.IncompleteKind()
	}
	return k
}

// wholeJSONKind reports whether n states a JSON kind whole: null, bool,
// number, string or [...] ({...} is the object's, read apart); int and
// float state a number in part.
func wholeJSONKind(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.Ident:
		return n.Name == "null" || n.Name == "bool" || n.Name == "number" || n.Name == "string"
	case *ast.BasicLit:
		return n.Kind == token.NULL
	case *ast.ListLit:
		return wholeKind(n)
	}
	return false
}

// countBeside appends to ns the counts of the matchN kindwise read kind
// by kind beside v's struct literal (countsBeside), if there are any:
// their structs count v's objects, as {…} & matchN(n, [{a!: _, ...}, …])
// would.
//
// A count of all its alternatives, each a matchIf (matchN(4, [matchIf(K |
// {type?: "a", ...}, K | {…}, _), …]) & (K | {…})), gives the object's
// matchIfs, appended to ms, as beside a struct's fields.
func (r *resolver) countBeside(v cue.Value, ms []*MatchIf, ns []*ObjectMatchN, what string, p Pos) ([]*MatchIf, []*ObjectMatchN, bool) {
	lit, ok := structLit(sourceExpr(v))
	if !ok {
		return ms, ns, true
	}
	for _, c := range r.countsBeside[lit] {
		lo, hi, alts, _ := r.objectCount(c)
		if hi != nil && lo == len(alts) && *hi == lo && all(alts, r.isMatchIf) {
			cms, cns, ok := r.objectMatchIfs(c, what, p, false)
			if !ok {
				return nil, nil, false
			}
			ms, ns = append(ms, cms...), append(ns, cns...)
			continue
		}
		m, ok := r.objectMatchN(c, lo, hi, alts, what, p, len(ns)+1)
		if !ok {
			return nil, nil, false
		}
		ns = append(ns, m)
	}
	return ms, ns, true
}

// isMatchIf reports whether v is matchIf(…) as written.
func (r *resolver) isMatchIf(v cue.Value) bool {
	call, ok := sourceExpr(v).(*ast.CallExpr)
	return ok && isIdentNamed(call.Fun, "matchIf")
}

// countedStruct returns, of a conjunction's object alternatives alts, the
// one struct literal beside counts, the matchN among them kindwise reads
// kind by kind, and records them beside it (countsBeside). ok is false,
// and the error said, when the others are not one struct literal.
func (r *resolver) countedStruct(alts, counts []cue.Value, what string, p Pos) (cue.Value, bool) {
	isCount := func(a cue.Value) bool {
		return slices.ContainsFunc(counts, func(c cue.Value) bool { return sourceExpr(c) == sourceExpr(a) })
	}
	var rest []cue.Value
	for _, a := range alts {
		if !isCount(a) {
			rest = append(rest, a)
		}
	}
	var lit *ast.StructLit
	isLit := len(rest) == 1
	if isLit {
		lit, isLit = structLit(sourceExpr(rest[0]))
	}
	if !isLit {
		at := r.pos(counts[0])
		if !at.IsValid() {
			at = p
		}
		beside := fmt.Sprintf("%d values", len(rest))
		if len(rest) == 1 {
			beside = oneLine(rest[0])
			if e, isExpr := sourceExpr(rest[0]).(ast.Expr); isExpr {
				beside = exprString(e)
			}
		}
		r.errorf(at, "%s: matchN over disjunctions of JSON kinds is read kind by kind, its structs counting the objects of one struct written in place beside it (matchN(>=1, [K | {a!: _, ...}, K | {b!: _, ...}]) & (K | {a?: string, ...})); here the object beside it is %s, not a struct literal; not carried: write the object's fields in place", what, beside)
		return cue.Value{}, false
	}
	if r.countsBeside == nil {
		r.countsBeside = map[*ast.StructLit][]cue.Value{}
	}
	for _, c := range counts {
		if !slices.ContainsFunc(r.countsBeside[lit], func(b cue.Value) bool { return sourceExpr(b) == sourceExpr(c) }) {
			r.countsBeside[lit] = append(r.countsBeside[lit], c)
		}
	}
	return rest[0], true
}

// objectCountsBeside adds to a definition's object the counts kindwise
// read beside its struct literal (countBeside): #B: matchN(1, [K | {type?:
// "blob", ...}, K | {…}]) & (K | {path?: string, ...}) is the object of
// the struct, which the count's structs count.
func (r *resolver) objectCountsBeside(d *def) {
	hadIfs, had := len(d.object.MatchIfs), len(d.object.MatchNs) // named after the validators it has
	ms, ns, ok := r.countBeside(d.v, d.object.MatchIfs, d.object.MatchNs, d.ref(), d.pos)
	if !ok || len(ns) == had && len(ms) == hadIfs {
		return
	}
	if !r.checkObjectMatchIfs(d.object, ms[hadIfs:], ns[had:], d.ref()) {
		return
	}
	d.object.MatchIfs, d.object.MatchNs = ms, ns
}

// countedKindsOf returns the kinds of c's values when c is matchN over
// disjunctions of kinds read kind by kind (kindCountOf), or a conjunction
// with one (Azure Functions' #blobBinding: matchN(1, [K | {…}, K | {…}])
// & (K | {path?: string, ...}), which admits objects alone): the kinds
// the count admits, and of a conjunction those every conjunct admits
// (kindwise). counted is false for any other value, and for a count that
// holds a kind in part.
func (r *resolver) countedKindsOf(c cue.Value, depth int) (k cue.Kind, counted bool) {
	cs := r.conjuncts(c)
	k = cue.TopKind
	for _, x := range cs {
		kc, handled := r.kindCountOf(x)
		switch {
		case handled && kc.partly.Exists():
			return 0, false
		case handled:
			k &= countedKinds(kc)
			counted = true
		case len(cs) > 1:
			k &= r.kindAt(x, depth+1)
		}
	}
	return k, counted
}

// kindPart is a part of a matchN alternative of one JSON kind
// (kindParts): the kind, whether the part holds the kind whole, and the
// part as written.
type kindPart struct {
	kind  int
	whole bool
	v     cue.Value
}

// kindParts returns the parts of a, an alternative of matchN over
// disjunctions of kinds, one per JSON kind it holds: of a disjunction,
// its alternatives (null | bool | … | {a!: _, ...}); of a reference to a
// definition that is itself such a count, alone or beside the fields
// (testenvironments' #config: matchN(1, [#docker, #wsl, …]), #docker:
// matchN(1, [K | {dockerImage!: string, ...}, K | {…}]) & (K | {…})), the
// kinds the definition admits, each whole, and its object. ok is false
// for any other alternative (one of one kind: matchN(1, [=~"^a", {…}])
// is read as a choice of kinds elsewhere).
func (r *resolver) kindParts(a cue.Value) (parts []kindPart, ok bool) {
	name, isRef := r.refName(a)
	if isRef && r.defs[name] != nil && !r.expanding[name] {
		if r.expanding == nil {
			r.expanding = map[string]bool{}
		}
		r.expanding[name] = true
		defer delete(r.expanding, name)
		if parts, counted, ok := r.countedParts(a, r.defs[name].v); counted {
			return parts, ok
		}
		a = r.defs[name].v // #wsl: null | bool | … | {…}
	}
	if x, y, isNeg := r.negatedAlt(a); isNeg {
		return r.negatedParts(a, x, y)
	}
	if call, isCall := sourceExpr(a).(*ast.CallExpr); isCall && isIdentNamed(call.Fun, "matchIf") {
		return r.matchIfParts(a)
	}
	op, args := r.expr(a)
	if op != cue.OrOp {
		if a.IncompleteKind() == cue.StructKind {
			// #mergeEnv: close({type!: "env", …}) beside #mergeJson:
			// K | close({type!: "jq", …}) (plagiarize-me's merges): an
			// object alone, counted with the others' objects.
			return []kindPart{{objectClass, false, a}}, true
		}
		return nil, false
	}
	for _, x := range args {
		k, one := kindClass(x.IncompleteKind())
		if !one {
			return nil, false
		}
		parts = append(parts, kindPart{k, k != objectClass && wholeJSONKind(sourceExpr(x)), x})
	}
	return parts, true
}

// matchIfParts returns kindParts of a, matchIf(I, T, E) with each part _
// or a disjunction of kinds (null | bool | … | {type?: "a", ...}, as cue
// import writes an if/then of properties with no type; Minecraft's
// number providers): a value of a kind other than the object satisfies a
// when I holds the kind whole and T does, or I holds none of it and E
// holds it whole, and is no value of a when not: that kind is whole, or
// absent. A kind I or the part chosen holds in part is no part read here
// (ok false). The object is a part, judged by the matchIf on objects
// (objectMatchIfs).
func (r *resolver) matchIfParts(a cue.Value) (parts []kindPart, ok bool) {
	op, args := r.expr(a)
	if op != cue.CallOp || len(args) != 4 {
		return nil, false
	}
	type kinds struct {
		whole [kindClasses]cue.Value // the kind whole, as written
		any   bool                   // _: every kind whole
	}
	read := func(x cue.Value) (ks kinds, ok bool) {
		if isTop(sourceExpr(x)) && x.IncompleteKind() == cue.TopKind {
			return kinds{any: true}, true
		}
		xop, xs := r.expr(x)
		if xop != cue.OrOp {
			xs = []cue.Value{x}
		}
		for _, y := range xs {
			k, one := kindClass(y.IncompleteKind())
			switch {
			case !one || k == 4:
				return ks, false
			case k == objectClass:
			case !wholeJSONKind(sourceExpr(y)):
				return ks, false // a kind held in part
			default:
				ks.whole[k] = y
			}
		}
		return ks, true
	}
	i, iok := read(args[1])
	t, tok := read(args[2])
	e, eok := read(args[3])
	if !iok || !tok || !eok {
		return nil, false
	}
	has := func(ks kinds, k int) (cue.Value, bool) {
		if ks.any {
			return a.Context().CompileString(map[int]string{0: "null", 1: "bool", 2: "number", 3: "string", 5: "[...]"}[k]), true
		}
		return ks.whole[k], ks.whole[k].Exists()
	}
	if !i.any && !slices.ContainsFunc(i.whole[:], cue.Value.Exists) {
		// matchIf({a!: int, ...}, …): of objects alone, read as a
		// matchIf on an object, not kind by kind.
		return nil, false
	}
	for k := 0; k < kindClasses; k++ {
		if k == 4 || k == objectClass {
			continue
		}
		chosen := e
		if _, inIf := has(i, k); inIf {
			chosen = t
		}
		if w, held := has(chosen, k); held {
			parts = append(parts, kindPart{k, true, w})
		}
	}
	return append(parts, kindPart{objectClass, false, a}), true
}

// negatedAlt returns X and Y when a is matchN(0, [X]) & Y, in either
// order and beside {...} (which says nothing of an object), Y no
// negation itself: "Y and not X", as cue import writes JSON Schema's
// {"required": ["service"], "not": {"required": ["extension"]}} with no
// type (Enonic XP's #customSelectorDef: matchN(0, [K | {extension!: _,
// ...}]) & (K | {service!: _, ...}), K = null | bool | number | string |
// [...]).
func (r *resolver) negatedAlt(a cue.Value) (x, y cue.Value, ok bool) {
	var rest []cue.Value
	for _, c := range r.conjuncts(a) {
		if !isOpenTop(c) {
			rest = append(rest, c)
		}
	}
	if len(rest) != 2 {
		return cue.Value{}, cue.Value{}, false
	}
	for i, c := range rest {
		other := rest[1-i]
		if _, otherNeg := r.negation(other); otherNeg {
			continue
		}
		if nx, isNeg := r.negation(c); isNeg {
			return nx, other, true
		}
	}
	return cue.Value{}, cue.Value{}, false
}

// negatedParts returns kindParts of a, "Y and not X" (negatedAlt): a
// value is of one JSON kind, so it is a value of a when it is a value of
// Y's alternative of its kind and of none of X's (noneOf). Of a kind
// other than the object, Y's part is held whole when Y holds the kind
// whole and X not at all; not at all when Y has no part of the kind or X
// holds it whole (null | bool | number | string | [...] | {extension!:
// _, ...} holds every kind but the object whole: no value of them is
// "not X"); in part otherwise (kindCountOf names it, and it is
// refused). The object's part is a itself, counted by objectMatchN
// (negatedMatch): Y's struct, and none of X's. ok is false when Y or an
// alternative of X is of several kinds.
func (r *resolver) negatedParts(a, x, y cue.Value) (parts []kindPart, ok bool) {
	var xWhole, xPart [kindClasses]bool
	for _, n := range r.noneOf(x) {
		k, one := kindClass(n.IncompleteKind())
		if !one {
			return nil, false
		}
		if k == objectClass {
			continue // counted on the object (negatedMatch)
		}
		if wholeJSONKind(sourceExpr(n)) {
			xWhole[k] = true
		} else {
			xPart[k] = true
		}
	}
	ys := []cue.Value{y}
	if op, args := r.disjunction(y); op == cue.OrOp {
		ys = args
	}
	for _, yp := range ys {
		k, one := kindClass(yp.IncompleteKind())
		if !one {
			return nil, false
		}
		switch {
		case k == objectClass:
			parts = append(parts, kindPart{k, false, a})
		case xWhole[k]:
			// Every value of the kind is one of X: none is "not X".
		case xPart[k]:
			// Y's values of the kind but those of X's: held in part,
			// said of a whole.
			parts = append(parts, kindPart{k, false, a})
		default:
			parts = append(parts, kindPart{k, wholeJSONKind(sourceExpr(yp)), yp})
		}
	}
	return parts, true
}

// countedParts returns kindParts of ref, a reference to v, when v is
// matchN over disjunctions of kinds (kindCountOf), alone or beside
// disjunctions of kinds (#docker: matchN(1, [K | {…}, K | {…}]) & (K |
// {type?: "docker", ...})): the kinds every conjunct admits, each whole
// (a count admits a kind whole or not at all), and the object, as ref.
// counted is false when v is no such value; ok is false when it is one
// that is not read here (a kind held in part).
func (r *resolver) countedParts(ref, v cue.Value) (parts []kindPart, counted, ok bool) {
	if lit, isLit := structLit(sourceExpr(v)); isLit && len(r.countsBeside[lit]) > 0 {
		// A definition already read so to its object alone
		// (countedStruct): #blobBinding, of which no other kind is left.
		return []kindPart{{objectClass, false, ref}}, true, true
	}
	var wholes []cue.Value
	kinds := cue.TopKind
	for _, c := range r.conjuncts(v) {
		if kc, handled := r.kindCountOf(c); handled {
			if kc.partly.Exists() {
				return nil, true, false
			}
			counted = true
			kinds &= countedKinds(kc)
			wholes = append(wholes, kc.wholes...)
			continue
		}
		op, args := r.expr(c)
		if op != cue.OrOp {
			return nil, false, false
		}
		var k cue.Kind
		for _, x := range args {
			if x.IncompleteKind() == cue.StructKind || wholeJSONKind(sourceExpr(x)) {
				k |= x.IncompleteKind()
			}
		}
		kinds &= k
	}
	if !counted {
		return nil, false, false
	}
	for _, w := range wholes {
		k, _ := kindClass(w.IncompleteKind())
		if w.IncompleteKind()&kinds != 0 && !slices.ContainsFunc(parts, func(p kindPart) bool { return p.kind == k }) {
			parts = append(parts, kindPart{k, true, w})
		}
	}
	if kinds&cue.StructKind != 0 {
		parts = append(parts, kindPart{objectClass, false, ref})
	}
	return parts, true, true
}
