package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"iter"
	"maps"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/token"
)

// resolver turns one CUE package value into a Package. It records problems
// in errs and keeps going, so one run reports all of them.
type resolver struct {
	// generic counts the refusals of a value typeOf cannot read that say
	// nothing of why beyond its kind (a validator of no one type, a
	// bottom): where the value is computed from the data, the field's
	// reading says that instead (resolveObject, dataRef).
	generic int
	// exactKind is the scalar kind whose alternatives the next oneOf
	// counts, exactly one of them (onlyScalarsOverlap); 0 for none.
	exactKind cue.Kind
	// keepCounts: kindRefAlts reads no count of kinds apart as its
	// alternatives, as some of the disjunction's would share a kind.
	keepCounts bool
	// rawKindAlts: kindRefAlts reads every count of kinds apart as its
	// alternatives, whatever kinds they then share (wholeKindsTwice).
	rawKindAlts bool
	ps          positions
	inst        *build.Instance
	v           cue.Value
	comments    lineComments
	errs        ErrorList

	// clauseJoins are the &&s that join if clauses read as one
	// (ifsAsOne); unguarded the fields whose presence the clause being
	// read tests (conditions), which guards no test of their value in
	// the same clause: CUE evaluates both sides of an &&.
	clauseJoins map[*ast.BinaryExpr]bool
	unguarded   []string

	// fieldTypes: the package is a library of types (TypeLibrary), each
	// top-level field a type of its own and no document; typeLibrary:
	// schemagen.cue says so (Config.TypeLibraries).
	fieldTypes, typeLibrary bool
	// typesAt is schemagen.cue's typesAt entry for this package
	// (Config.TypesAt), nil without one; atSels is its path, which every
	// path the resolver reads from CUE is taken relative to
	// (referencePath, pathOf), and atScope the struct literal of the
	// value there, the scope that is the package's top level for the
	// types in it (topScope).
	typesAt *TypesAt
	atSels  []cue.Selector
	atScope ast.Node

	// partial are the objects a field of which was refused (and said
	// so): their members are not all known, so no check that compares
	// them with others (untagged) judges them.
	partial map[*Object]bool

	// tellLater are the unions of objects written in place whose
	// discriminator is read once the round's objects are (structUnion).
	tellLater []*def
	// shared are the variants of a union that another union has already
	// (Object.AlsoIn), checked once every union is told apart
	// (checkShared).
	shared []sharedVariant

	// matchUnions are the match parts whose unions are judged once
	// unions are resolved (checkMatchUnions).
	matchUnions []matchUnion
	// strictChecks are the match parts whose holders strictParts judges
	// once every type is resolved (checkStrictParts): a part's member
	// patterns, and the fields of definitions it refers to, may be
	// filled in after the part is read.
	strictChecks []strictCheck
	// openings are the if clauses that open their closed objects
	// (MatchIf.Opens), judged once every type is resolved
	// (checkOpening).
	openings []opening

	// declSpans are the start and end of every top-level definition of
	// the package's files (keepInDecl), read once.
	declSpans [][2]Pos
	// declNames are their names, #X, each at its span's index.
	declNames []string

	// vetOK is set when CUE's only errors on the package are validators
	// judging its root before any data gives it fields (load.go): the
	// root is read from its files where CUE will not list its fields.
	vetOK bool
	// cueInvalid is set when CUE finds errors in the package (load.go
	// reports them): the resolver reads it for its own refusals beside
	// them, and says nothing that only the errors' absence would mean
	// (no document found, fields dropped without a word).
	cueInvalid bool

	// minItemsCalls are the list types counted by list.MinItems(n > 0),
	// a validator CUE applies to [] where the list is left out (not
	// [_, ...], a list CUE leaves incomplete then): untaggedVariant.
	minItemsCalls map[*Type]bool

	// following are the hidden fields whose references typeOf is reading
	// (fieldRef), to find a cycle of them.
	following map[string]bool

	pkg  *Package
	defs map[string]*def // by CUE name without '#'; another package's by its model name
	// order is every definition in the order found: the package's own,
	// then those of other packages as references reach them (foreign).
	order []*def
	// foreigns are the packages whose definitions this one refers to, by
	// import path, as first reached.
	foreigns map[string]*foreignPkg
	// selfHeld are the hidden fields that hold themselves (selfHolding).
	selfHeld map[string]bool
	// schemaDir is the module's schema folder (absolute): a package in it
	// is resolved on its own too, which reports its errors.
	schemaDir string
	// inPlace are the types written in place, each named after where it
	// is (#Order.line: OrderLine), in the order found; settleInPlaceNames
	// settles their names once every definition is known.
	inPlace []*def
	// pathNamed are the names settleInPlaceNames gave by a path
	// (P_Audit_Level): each is its own Go name.
	pathNamed map[string]bool
	// inlineOrder are the objects of inline structs, in the order found.
	inlineOrder []*def
	// inlineUnions are the unions written in place, resolved with the
	// definitions' unions.
	inlineUnions []*def
	// untaggedUnions are the unions without a discriminator, checked
	// (untagged) once every object's if clauses are read.
	untaggedUnions []*def
	// closedCtx: the struct being resolved is closed by a definition
	// around it, and so is every struct within it.
	closedCtx bool
	// patternOwner is the path of the object whose member pattern's
	// value is being read: CUE gives that value the object's path, which
	// is not the definition's own value (defClosed).
	patternOwner string
	// matchN holds the T of each list.MatchN(n, T) read, until the list's
	// items are resolved and T can be read against them (contains).
	matchN map[*Contains]cue.Value
	// loneMatchIf: the value being read is an alternative of a count on
	// an object that is a matchIf alone, an open object it judges.
	loneMatchIf bool
	// byContains marks the Contains of a list.Contains(x), not of a
	// list.MatchN, for what a refusal of it names.
	byContains map[*Contains]bool
	// matching: the value being resolved is a T of matchIf or
	// list.MatchN on a value of any type (matchType), read under CUE's
	// rule for a match: a struct literal is open at every depth and a
	// field it does not require may be left out.
	matching bool
	// goAttrs are the package's @go(Name) attributes (checkSyntax).
	goAttrs goAttrs
	// nestedGoUsed are the positions of the fields whose nested @go(Name)
	// named a Go field (fieldGoNames); one of this package's files that
	// named none is refused as before (unusedNestedGo).
	nestedGoUsed map[Pos]bool
	// requireDocs: the module's schemagen.cue asks for a doc comment on
	// everything (Config.RequireDocs).
	requireDocs bool
	// requireDistinct: an enum member's Go name a definition's type has
	// is an error, not renamed with an _ (Config.RequireDistinctNames).
	requireDistinct bool
	// requireBounded: it asks every integer to state its range within
	// ±2^53-1 (Config.RequireBoundedIntegers).
	requireBounded bool
	// numberTwins are the float constants of disjunctions whose int twin
	// was an alternative too (2.0 beside 2): a number's constant, which
	// both spellings match (dropIntTwins).
	numberTwins map[cue.Value]bool
	// pastUint64 marks the integers whose upper bound is beyond uint64's
	// end (int & >=0 & <=18446744073709551616): uint64, or int64 where
	// no lower bound of 0 or more is beside it (intRange).
	pastUint64 map[*Type]bool
	// here is the position of the innermost type being resolved that has
	// one: where errorf places an error about a value without a position.
	here Pos
	// inRoot is whether the object being resolved is the package's root
	// (def.root): its fields are the data, which a default may not take.
	inRoot bool
	// unfolded are the disjunctions CUE's Expr gives folded, a default
	// the type admits dropped from its alternatives, read as the
	// disjunction CUE evaluates (objectDefault): expr answers them.
	unfolded map[cue.Value]exprResult
	// nesting is how deep typeOf is within one object: 1 for a field's
	// type, 2 for its list's element, … (MaxNesting). An object is a
	// type of its own in every target, so its fields start again at 1.
	nesting int
	// objDepth is how many objects resolveObject is reading, each within
	// the one before (an object written in place in a field of another).
	objDepth int
	// tooDeep are the places already refused for nesting beyond
	// MaxNesting (typeOf), each said once.
	tooDeep map[Pos]bool
	// expanding holds the definitions matchOne is reading as their
	// alternatives, so that one that holds itself is read once.
	expanding map[string]bool
	// deferred are fields left out without a word when they were read
	// (unexplained): reported at the end only if the run has no other
	// error, which would then say why.
	deferred ErrorList
	// objectsOf is the source of a matchN among whose alternatives of
	// several kinds the objects are being read as an object counting
	// them (oneOf, countsSome): countsObjects holds of it alone.
	objectsOf ast.Node
	// countsBeside holds, for a struct literal that kindwise read beside
	// a matchN kind by kind (kindCountOf), that matchN: its structs count
	// the literal's objects (countBeside).
	countsBeside map[*ast.StructLit][]cue.Value
	// openParts holds, for an object's part of a conjunction that
	// kindwise unified from a struct beside a count of a struct literal,
	// whether the struct is open beside the count (openBesideValidator),
	// which the unified value's conjuncts no longer say.
	openParts map[cue.Value]bool
	// openDefsAsked holds the definitions openDefBesideValidator is
	// asking about, so that one reached again ends the question.
	openDefsAsked map[*def]bool
	// countLit is the struct literal a count is embedded in, for the
	// object typeOf is about to read from the struct CUE gives beside
	// the count, which has no source (inlineObject).
	countLit   *ast.StructLit
	countLitOf cue.Value
	// asked holds the memos of CUE's answers about the values asked
	// lately (memo and asked, in asks.go), not about every value of the
	// package.
	asked
	// supplied names, for each object, a regular field whose value CUE
	// supplies when the data leaves it out (concrete, or with a
	// default): CUE counts it among the members struct.MinFields and
	// MaxFields count, which no JSON Schema keyword can.
	supplied map[*Object]string
	// memberDefaults are the objects with a field whose default takes
	// other members (MemberDefault), with each such field's T, checked
	// once every object is resolved (checkMemberDefaults): a member may
	// be a field of an object resolved later.
	memberDefaults     []memberDefaultsOf
	memberDefaultObjs  map[*Object]bool
	memberDefaultBases map[*Field]Base
	// typedDefaults are the fields T | *X whose T is a constrained type
	// (memberDefault's typed), each held to the member X takes once
	// every object is resolved: CUE admits T or X's value, which every
	// target states as T only where X's type admits no value T does not
	// (impliesType).
	typedDefaults []typedDefault
	// inlineStack holds where the fields of each inline struct being
	// resolved are written, outermost first: one that holds itself again
	// in place finds its own fields' position on it.
	inlineStack []inlineBody
	// netLists are the lists of net's checks alone spliced among a
	// disjunction's alternatives (kindRefAlts), with their counts of
	// bytes (4 or 16), which the list's type takes (Constraints.Lengths).
	netLists map[cue.Value]netList
	// heldInPlace: the structs refused for holding themselves in place,
	// by where their fields are, each said once.
	heldInPlace map[inlineBody]bool
}

// inlineBody is where an inline struct's fields are written: its first
// field's position, or, for one with no field of its own (a pattern
// alone), its own position, told apart from a first field's: {inputs?:
// {[=~"re"]: T}} is not held in place by its one field inputs, which
// starts where the struct's fields do.
type inlineBody struct {
	pos       Pos
	fieldless bool
}

// safeExpr is CUE's Expr of v, or v itself (NoOp) where Expr panics: it
// does on some values CUE evaluated from a slice ("t", "e"][1:], CUE's
// eval test issue500), whose value is then read as it is.
func safeExpr(v cue.Value) (op cue.Op, args []cue.Value) {
	if e, ok := sourceExpr(v).(*ast.CallExpr); ok && literalCall(e, 0) {
		// len(list.Repeat([0], 1000000)) (CUE's own test input): a
		// constant computed from literals alone, which it is. Expr
		// would evaluate the call's arguments again, and CUE's
		// evaluator builds a list of n elements in n² steps (generate
		// ran for minutes where cue vet takes 0.1 s). The syntax is
		// asked first: every value's Expr comes here, few are calls.
		if k := v.Kind(); k != cue.BottomKind && k != cue.StructKind && k != cue.ListKind && v.IsConcrete() {
			return cue.NoOp, []cue.Value{v}
		}
	}
	defer func() {
		if recover() != nil {
			op, args = cue.NoOp, []cue.Value{v}
		}
	}()
	return cue.Value.Expr(v) // a method expression: the one call of CUE's own
}

// literalCall reports whether e is a call of a builtin (len, or a
// function of an imported package: list.Repeat) on literals and such
// calls alone, no reference to any field: its value is the same whatever
// the data gives.
func literalCall(e ast.Expr, depth int) bool {
	if depth > maxConjunctDepth {
		return false
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return literalCall(e.X, depth+1)
	case *ast.UnaryExpr:
		return literalCall(e.X, depth+1)
	case *ast.BinaryExpr:
		return literalCall(e.X, depth+1) && literalCall(e.Y, depth+1)
	case *ast.ListLit:
		for _, x := range e.Elts {
			if !literalCall(x, depth+1) {
				return false
			}
		}
		return true
	case *ast.CallExpr:
		switch f := e.Fun.(type) {
		case *ast.SelectorExpr:
			if !isBuiltinRef(f) {
				return false
			}
		case *ast.Ident:
			if f.Name != "len" || f.Node != nil {
				return false // a field of that name, not the builtin
			}
		default:
			return false
		}
		for _, a := range e.Args {
			if !literalCall(a, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// subsumes reports whether a subsumes b (CUE's Value.Subsume), and false
// where CUE's evaluator panics answering (it does on a matchN whose
// alternative refers to a field of its own struct, SchemaStore's
// intlayer): an alternative then is kept rather than dropped, and a
// choice is read as two, the same values either way.
func subsumes(a, b cue.Value, opts ...cue.Option) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return a.Subsume(b, opts...) == nil
}

// def is one top-level definition during resolution.
type def struct {
	name string
	v    cue.Value
	pos  Pos
	doc  string

	scalar *Scalar
	enum   *Enum
	object *Object
	union  *Union
	mapDef *Map
	// mapState: 1 while the map's element type is being resolved, 2 after.
	mapState int
	// selfRefs are the references to the map made while its element
	// type was being resolved (#M: [string]: #M): their Elem and Key are
	// set once it is. For a list definition, the references made while
	// it was being classified (#A: [...#A]): each is its type, named,
	// once it is known.
	selfRefs []*Type
	// classState: 1 while the definition is being classified, 2 after.
	classState int
	// nullable: the definition is T | null, and so is every use of it.
	nullable bool
	oneOf    *OneOf
	alias    *Alias
	// tuple is a tuple definition's type (#Pair: [string, int]).
	tuple *Type
	// named are the optional fields of an object's key patterns that
	// name their members ([=~"^a$"]: T is a?: T), read with its fields.
	named []field
	// counts are an object definition's struct.MinFields/MaxFields.
	counts fieldCount
	// validated: an object definition has matchIf or matchN beside its
	// fields, read once they are (objectValidators).
	validated bool
	// countedBeside: an object in place has matchIf or matchN beside its
	// fields, read before them; where CUE lists no field of the value
	// (its count refuses {}), its fields are those without them.
	countedBeside bool
	// oneOfAlts are a OneOf definition's alternatives, until resolved;
	// oneOfDone once they are.
	oneOfAlts []cue.Value
	oneOfDone bool
	// unionDone: a union whose variants structUnion resolved, some of
	// them objects written in place.
	unionDone bool
	// altDefs are an in-place union's alternatives when CUE's Expr does
	// not list them (defaultUnion): object and union definitions.
	altDefs []*def
	// from is the package of a definition of another package that this
	// one refers to (#Name there, named from.qualifier+Name here).
	from *foreignPkg
	// open: a hidden field's struct reached where it is open (hiddenRef),
	// carried as an open object; of a union written in place, that what
	// holds it is open (a library's field, not a definition), so that its
	// variants are resolved as there.
	open bool
	// match: the definition is a count of one struct literal
	// (#M: matchN(1, [{a: int}])), which CUE judges as a value of its
	// own: an object read by a match's rule (Object.Match).
	match bool
	// count is the value of a match definition as written, the count
	// (matchN(1, [{…}])), which a struct conjoined with a reference to
	// it carries beside its fields (countParts).
	count cue.Value
	// path is the path of a definition reached by a reference rather
	// than listed at the top level: one of another package (#Name), or
	// one within a definition (#x.#Baz).
	path cue.Path
	// keyPattern and keyElem are a map's pattern on its keys and the type
	// of its values, for #M: {[=~"re"]: T} (keyPattern exists).
	keyPattern, keyElem cue.Value

	// root is set for the package's root object: its top-level fields,
	// which have no definition; pkg is then the CUE package name, by which
	// another package refers to them. pkg alone is set for the value of a
	// package that is not a struct (rootValue).
	root bool
	pkg  string
	// field is set for a top-level field of a library of types
	// (TypeLibrary), whose path is its label; closedCopy for the closed
	// copy of one that a definition holds (fieldTypeRef), named and
	// referred to in messages as PanelClosed.
	field, closedCopy bool
	// unionAlts are the alternatives structUnion made the union's
	// variants of, one each, in order (defaultByValue).
	unionAlts []cue.Value
	// copyOf is the definition a closed copy of a definition written
	// close({…}) copies (closedDefCopy).
	copyOf *def
	// at is where a definition written in place is (#Cfg.llm), which
	// messages name it by; "" for one the schema names.
	at string
	// lit is the struct literal the object is written as: for the root,
	// every declaration of the package's files.
	lit *ast.StructLit
	// placed is set for a type written in place (inPlace): where it is,
	// and what messages call it; inTuple is its Tuple, when it is one.
	placed  *placed
	inTuple *Tuple
}

// ref names the definition in messages, as CUE refers to it: #Name, or
// for the root object the package name (p.field). A definition of another
// package is named by what it is called here (#MetaV1ObjectMeta); its
// position is in that package's file.
func (d *def) ref() string {
	if d.at != "" {
		return d.at
	}
	if d.field && !d.closedCopy {
		return d.path.String()
	}
	if d.root || d.pkg != "" {
		return d.pkg
	}
	if sels := d.path.Selectors(); len(sels) == 2 && sels[1].LabelType() == cue.StringLabel && d.from == nil {
		return d.path.String() // #."per-son", as written
	}
	return "#" + d.name
}

// what names the definition where its type is read, for messages and the
// names of the types written in it: #Name, or a library's field by its
// name (LineStyle).
func (d *def) what() string {
	if d.field {
		return d.name
	}
	return "#" + d.name
}

// literal returns the struct literal a definition is written as, if it is
// one.
func (d *def) literal() (*ast.StructLit, bool) {
	if d.lit != nil {
		return d.lit, true
	}
	return structLit(sourceExpr(d.v))
}

// copyType copies t and the types in it (not the definitions they name),
// so that each use of an alias has a type of its own.
func copyType(t *Type) *Type {
	c := *t
	if t.HoldsItself() {
		// A reference to a definition that holds itself: a copy of its
		// element would not end, and every use refers to it by name.
		return &c
	}
	if t.Elem != nil {
		c.Elem = copyType(t.Elem)
	}
	if t.Choice != nil {
		c.Choice = make([]*Type, len(t.Choice))
		for i, a := range t.Choice {
			c.Choice[i] = copyType(a)
		}
	}
	if t.MatchN != nil {
		// Each copy names its alternatives' patterns after where it is.
		m := *t.MatchN
		m.Alts = make([]*Type, len(t.MatchN.Alts))
		for i, a := range t.MatchN.Alts {
			m.Alts[i] = copyType(a)
		}
		c.MatchN = &m
	}
	return &c
}

// must returns v, dropping an error that cannot happen.
func must[T any](v T, _ error) T { return v }

// isTop reports whether n is written _, or is no syntax at all (the
// element of {...} and [...], which CUE makes _).
func isTop(n ast.Node) bool {
	if n == nil {
		return true
	}
	id, ok := n.(*ast.Ident)
	return ok && id.Name == "_"
}

// onlyTop reports whether n states nothing but _, however written: _ | _,
// {_} (a struct that embeds _ alone), (_ | _) & {_} (cue import's output
// of a Kubernetes CRD's address value: Gateway API's Gateway). With
// structs false, a form with {_} is not one: CUE closes {_} within a
// definition, where it admits every scalar but only an empty object and an
// empty list (CUE v0.17.1), which is not _.
func onlyTop(n ast.Node, structs bool) bool {
	switch x := n.(type) {
	case *ast.Ident:
		return x.Name == "_"
	case *ast.ParenExpr:
		return onlyTop(x.X, structs)
	case *ast.BinaryExpr:
		return (x.Op == token.AND || x.Op == token.OR) && onlyTop(x.X, structs) && onlyTop(x.Y, structs)
	case *ast.StructLit:
		if !structs {
			return false
		}
		for _, e := range x.Elts {
			if em, ok := e.(*ast.EmbedDecl); !ok || !onlyTop(em.Expr, structs) {
				return false
			}
		}
		return len(x.Elts) > 0 // {} is an empty struct, not _
	}
	return false
}

// isCloseCall reports whether n is close(…).
func isCloseCall(n ast.Node) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == "close"
}

// disjoint reports whether no value matches two of alts: each pair is of
// different JSON kinds, or two unequal constants. Exactly one of them is
// then any one of them (apollo-router's matchN(>=1, [bool, #NewContextConf])
// with #NewContextConf: matchN(1, ["all", "deprecated", close({…})])).
func disjoint(alts []cue.Value) bool {
	json := func(k cue.Kind) cue.Kind {
		if k&(cue.IntKind|cue.FloatKind) != 0 {
			k |= cue.NumberKind
		}
		return k
	}
	for i, a := range alts {
		for _, b := range alts[:i] {
			if json(a.IncompleteKind())&json(b.IncompleteKind()) == 0 {
				continue
			}
			if a.IsConcrete() && b.IsConcrete() && a.Kind() != cue.StructKind && a.Kind() != cue.ListKind && !a.Equals(b) {
				fa, aerr := a.Float64()
				fb, berr := b.Float64()
				if aerr != nil || berr != nil || fa != fb { // 1 and 1.0 are one JSON value
					continue
				}
			}
			return false
		}
	}
	return true
}

// closeArg returns the argument of close(x), or n when it is no such call.
func closeArg(n ast.Node) ast.Node {
	if call, ok := n.(*ast.CallExpr); ok && isCloseCall(n) && len(call.Args) == 1 {
		return call.Args[0]
	}
	return n
}

// matchOne returns the alternatives of matchN(1, [a, b, …]) or
// matchN(>=1, [a, b, …]) (what cue import writes for JSON Schema's oneOf and
// anyOf). Read as the disjunction a | b | …: where the alternatives are of
// different JSON kinds, or objects told apart by a constant field, at most
// one of them admits a value, so "exactly one", "at least one" and "one of"
// admit the same values. Alternatives that overlap are refused where the
// disjunction is resolved, as for a | b.
func (r *resolver) matchOne(v cue.Value) ([]cue.Value, bool) {
	op, args := r.expr(v)
	if op != cue.CallOp || len(args) != 3 {
		return nil, false
	}
	call, ok := sourceExpr(v).(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "matchN" {
		return nil, false
	}
	switch n := args[1]; {
	case n.IsConcrete():
		if k, err := n.Int64(); err != nil || k != 1 {
			return nil, false
		}
	default:
		nop, nargs := r.expr(n)
		if nop != cue.GreaterThanEqualOp || len(nargs) != 1 {
			return nil, false
		}
		if k, err := nargs[0].Int64(); err != nil || k != 1 {
			return nil, false
		}
	}
	// The list is read element by element: one that admits nothing
	// (error("…"), _|_) makes the list itself an error.
	if len(call.Args) != 2 {
		return nil, false
	}
	lit, ok := call.Args[1].(*ast.ListLit)
	if !ok {
		return nil, false
	}
	var alts []cue.Value
	for i, e := range lit.Elts {
		if _, ok := e.(*ast.Ellipsis); ok {
			return nil, false
		}
		// An alternative that admits nothing is no alternative:
		// matchN(1, [int, error("no")]) is int.
		a := args[2].LookupPath(cue.MakePath(cue.Index(i)))
		if errorAlone(a) {
			continue
		}
		if x, ok := r.negation(a); ok && isTop(sourceExpr(x)) && x.IncompleteKind() == cue.TopKind {
			continue // matchN(0, [_]), "not anything", cue import's false schema
		}
		// One that is itself a disjunction (matchN(1, [int | string,
		// {…}])) brings its alternatives: told apart by kind, as
		// every alternative is, "exactly one" is still "one of".
		if op, or := r.expr(a); op == cue.OrOp {
			alts = append(alts, or...)
			continue
		}
		// One that is itself matchN(1, …) or matchN(>=1, …) brings its
		// alternatives too (github-workflow's secrets: matchN(1,
		// [matchN(1, [{…}, =~"…"]), "inherit"])): "exactly one" outside
		// checks that no two of them overlap (exactOverlap), which makes
		// either inner count "one of"; "at least one" outside takes an
		// inner "at least one" alone, as an inner "exactly one" would
		// need that check.
		inner := a
		if name, ok := r.refName(a); ok && r.defs[name] != nil && manyKinds(a.IncompleteKind()) && !r.expanding[name] && !r.countedObjects(r.defs[name].v) {
			// #env, itself matchN(1, [{…}, =~"…"]), beside "inherit":
			// a value of several kinds, read as its alternatives; once
			// per reference, so that one that holds itself
			// (#A: matchN(1, [#A, "x", {…}])) ends.
			if r.expanding == nil {
				r.expanding = map[string]bool{}
			}
			r.expanding[name] = true
			defer delete(r.expanding, name)
			inner = r.defs[name].v
		}
		if in, ok := r.matchOne(inner); ok && (exactOne(args[1]) || !exactOne(r.matchCount(inner)) || disjoint(in)) && !r.countsOwn(inner, in) {
			alts = append(alts, in...)
			continue
		}
		if inner != a {
			// (The definition's own value may be read already as T,
			// with every use nullable: its reference's, evaluated, is
			// the disjunction as written.)
			if op, or := r.expr(a.Eval()); op == cue.OrOp {
				// #N, itself null | bool, beside a list (lsdl's
				// matchN(1, [#N, [...#N]])): its alternatives, as
				// a disjunction written in place brings them.
				alts = append(alts, or...)
				continue
			}
		}
		alts = append(alts, a)
	}
	if len(alts) > 1 && slices.ContainsFunc(alts, func(a cue.Value) bool { return r.incompleteField(a) != "" }) {
		// matchN(>=1, [null, {mode!: string, h: bool}]): CUE's match
		// takes {"mode": "a"} as matched, h left incomplete (no error),
		// where the disjunction would require h. (A count of one
		// struct alone is read by the match's rule: ok-count-one-
		// struct-literal.)
		return nil, false
	}
	return alts, len(alts) > 0
}

// incompleteField is the first regular field of the object a, an
// alternative of a count, whose value is not concrete (h: bool), or "":
// CUE's match admits a value that leaves it out, as incomplete is no
// error there, where the same object outside a match requires it. A
// count of several such alternatives is no disjunction of them
// (matchOne).
func (r *resolver) incompleteField(a cue.Value) string {
	// (An object whose if tests a member the data gives is an error
	// before the data, of no kind but _|_.)
	if k := a.IncompleteKind(); k&cue.StructKind == 0 && k != cue.BottomKind {
		return ""
	}
	if fs, err := r.fields(a, false); err == nil {
		for _, f := range fs {
			if f.sel.ConstraintType() == 0 && f.sel.IsString() && f.v.Validate(cue.Concrete(true)) != nil {
				return f.sel.Unquoted()
			}
		}
	}
	// One an if body declares (#N2: {mode!: "a" | "b", if mode == "a"
	// {h: bool}}, randschema seed 1352), which CUE lists only once the
	// condition is decided.
	src := a
	if t, ok := r.refTarget(a); ok {
		src = t
	}
	lit, ok := structLit(sourceExpr(src))
	if !ok {
		return ""
	}
	for _, e := range flatIfs(lit.Elts) {
		c, ok := e.(*ast.Comprehension)
		if !ok {
			continue
		}
		body, ok := c.Value.(*ast.StructLit)
		if !ok {
			continue
		}
		for _, be := range body.Elts {
			if f, ok := be.(*ast.Field); ok && f.Constraint == token.ILLEGAL && typeOnly(f.Value) {
				if name, _, err := ast.LabelName(f.Label); err == nil {
					return name
				}
			}
		}
	}
	return ""
}

// typeOnly reports whether e states a type or a choice, no value: bool,
// string, int, _, >=0, "a" | "b".
func typeOnly(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		switch x.Name {
		case "bool", "string", "int", "number", "float", "bytes", "_", "uint", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64":
			return true
		}
	case *ast.UnaryExpr:
		return x.Op != token.SUB && x.Op != token.ADD && x.Op != token.MUL // <0, !="a"; not -1, nor a default's mark
	case *ast.BinaryExpr:
		if x.Op == token.OR {
			// "a" | "b", but not *true | bool: a default is a value
			return !slices.ContainsFunc(orOperands(x), func(o ast.Expr) bool {
				u, ok := o.(*ast.UnaryExpr)
				return ok && u.Op == token.MUL
			})
		}
		return x.Op == token.AND && (typeOnly(x.X) || typeOnly(x.Y))
	}
	return false
}

// refuseIncompleteCount says why the count v, matchN(…) as m, is not
// carried when an alternative of it has a regular field whose value is
// not concrete (incompleteField), and reports whether it did.
func (r *resolver) refuseIncompleteCount(v cue.Value, m, what string, p Pos) bool {
	_, args := r.expr(v)
	if len(args) != 3 {
		return false
	}
	it, err := args[2].List()
	if err != nil {
		return false
	}
	if strings.Contains(m, "\n") {
		m = oneLine(v)
	}
	for it.Next() {
		if name := r.incompleteField(it.Value()); name != "" {
			r.errorf(p, "%s: %s is not carried: an alternative's regular field %s has no concrete value, and CUE's match takes a value that leaves it out as matched (incomplete is no error there), where the same object anywhere else requires it; read as the disjunction of its alternatives it would be required, and a reading of the count as CUE's match is not carried yet: mark the field required (%s!:) or optional (%s?:), which CUE reads alike in a match and outside one", what, m, name, name, name)
			return true
		}
	}
	return false
}

// objectKind reports whether a value of kind k is an object, or null.
func objectKind(k cue.Kind) bool {
	return k&cue.StructKind != 0 && k&^(cue.StructKind|cue.NullKind) == 0
}

// withoutNull is alts less the alternative null: T | null is a nullable
// T, which a caller states when the length shrinks.
func withoutNull(alts []cue.Value) []cue.Value {
	var rest []cue.Value
	for _, a := range alts {
		if !(a.IncompleteKind() == cue.NullKind && a.IsConcrete()) {
			rest = append(rest, a)
		}
	}
	return rest
}

// manyKinds reports whether a value of kind k may be of more than one JSON
// kind (an int and a number are one: a JSON number).
func manyKinds(k cue.Kind) bool {
	switch k {
	case cue.StringKind, cue.StructKind, cue.ListKind, cue.BoolKind, cue.NullKind, cue.BytesKind:
		return false
	}
	return k&^cue.NumberKind != 0
}

// exactOne reports whether a matchN count is the constant 1.
func exactOne(n cue.Value) bool {
	k, err := n.Int64()
	return err == nil && n.IsConcrete() && k == 1
}

// matchCount is the count of the matchN call v.
func (r *resolver) matchCount(v cue.Value) cue.Value {
	_, args := r.expr(v)
	if len(args) != 3 {
		return cue.Value{}
	}
	return args[1]
}

// countedScalars reads matchN(1, alts) whose alternatives are all of one
// scalar kind and may admit a value together (exactOverlap): a string,
// integer or number that exactly one alternative admits, each a
// constraint of that base (scalarMatch), as JSON Schema's oneOf states
// it (Constraints.MatchN). The alternatives are counted as written: one
// that is itself a disjunction counts once, however many of its own
// admit the value. handled is false where the alternatives are of
// several kinds.
func (r *resolver) countedScalars(v cue.Value, what string) (t *Type, handled, ok bool) {
	lo, hi, alts, known := r.objectCount(v)
	if !known || lo != 1 || hi == nil || *hi != 1 || len(alts) < 2 {
		return nil, false, false
	}
	p := r.pos(v)
	if !p.IsValid() {
		p = r.here
	}
	return r.countedScalarAlts(alts, p, what)
}

// countedScalarAlts reads alts, of one scalar base, as a count of exactly
// one of them (countedScalars): the type of the base, its
// Constraints.MatchN counting them. handled is false when they are of no
// one base.
func (r *resolver) countedScalarAlts(alts []cue.Value, p Pos, what string) (t *Type, handled, ok bool) {
	base, one := scalarBase(alts)
	if !one {
		return nil, false, false
	}
	one1 := 1
	m, ok := r.scalarAltsCount(base, 1, &one1, alts, p, what)
	if !ok {
		return nil, true, false
	}
	t = &Type{Kind: BasicKind, Base: base, Constraints: Constraints{MatchN: m}}
	if base == Int && !r.intRange(t, p, what) {
		return nil, true, false
	}
	return t, true, true
}

// scalarMatchNBeside reads matchN(1, alts) or matchN(>=1, alts) beside
// other constraints of a scalar t (sergen's matchN(>=1, [=~"\\.json$",
// "a" | "b"]) & strings.MinRunes(1); uxp's matchN(1, [1, 2]) & int), its
// alternatives all of t's base: a value must meet t's other constraints
// and match as many alternatives as the count says, which t.MatchN
// states as countedScalars' does. handled is false for any other count
// or alternatives, or a t that counts already.
func (r *resolver) scalarMatchNBeside(t *Type, c cue.Value, p Pos, what string) (handled, ok bool) {
	if t.Kind != BasicKind || t.MatchN != nil {
		return false, false
	}
	lo, hi, alts, known := r.objectCount(c)
	if !known || lo != 1 || hi != nil && *hi != 1 || len(alts) == 0 {
		return false, false
	}
	if base, one := scalarBase(alts); !one || base != t.Base {
		return false, false
	}
	m, ok := r.scalarAltsCount(t.Base, lo, hi, alts, p, what)
	if ok {
		t.MatchN = m
	}
	return true, ok
}

// scalarAltsCount reads alts, alternatives of base, as matchN's count of
// them (lo, hi): each one a scalar match of its own, an enum's members
// (#colorPreset: a value is at most one of them, so each counts as it
// would; jscpd's #color: matchN(1, [#colorPreset, #colorHex])) and "a" |
// "b" written in place one each.
func (r *resolver) scalarAltsCount(base Base, lo int, hi *int, alts []cue.Value, p Pos, what string) (*ObjectMatchN, bool) {
	m := &ObjectMatchN{Min: lo, Max: hi, Pos: p}
	ok := true
	for _, a := range alts {
		parts := []cue.Value{a}
		if consts, isEnum := r.enumRefs([]cue.Value{a}); isEnum {
			parts = consts
		} else if op, args := r.disjunction(a); op == cue.OrOp && all(args, func(c cue.Value) bool { return c.IsConcrete() && c.IncompleteKind() == cue.StringKind }) {
			parts = args
		}
		for _, part := range parts {
			at, aok := r.scalarMatch(base, part, "matchN's alternative", p, what)
			ok = aok && ok
			m.Alts = append(m.Alts, at)
		}
	}
	return m, ok
}

// isMatchN reports whether v is a call of matchN, as written or through
// the reference it is.
func (r *resolver) isMatchN(v cue.Value) bool {
	if call, ok := sourceExpr(v).(*ast.CallExpr); ok {
		return isIdentNamed(call.Fun, "matchN")
	}
	op, args := r.expr(v)
	if op != cue.CallOp || len(args) != 3 {
		return false
	}
	fn, ok := args[0].Source().(*ast.Ident)
	return ok && fn.Name == "matchN"
}

// countsOwn reports whether inner, matchN(1, alts) or matchN(>=1, alts)
// with alts its alternatives, is read as a count of its own rather than
// as their disjunction (countedObjects, countedScalars): an alternative of
// an outer count that it is counts once, not spread into the outer's.
func (r *resolver) countsOwn(inner cue.Value, alts []cue.Value) bool {
	if r.countedObjects(inner) {
		return true
	}
	// matchN(1, [=~"a", =~"b"]) counts on its own, and so is
	// matchN(>=1, [=~"a", =~"b"]) a choice of its own: a value both
	// admit matches it once, where spread among an outer count's
	// alternatives it would match twice.
	_, _, overlap := r.overlapping(alts)
	return overlap && r.scalarCount(inner)
}

// scalarCount reports whether v is matchN(1, alts) or matchN(>=1, alts)
// with its alternatives, as written, all of one scalar base
// (countedScalars reads the first).
func (r *resolver) scalarCount(v cue.Value) bool {
	_, _, _, ok := r.scalarMatchN(v)
	return ok
}

// scalarMatchN returns the count and the alternatives of v, a matchN
// whose count is known (objectCount) and whose alternatives, as written,
// are all of one scalar base; ok is false for any other value.
func (r *resolver) scalarMatchN(v cue.Value) (lo int, hi *int, alts []cue.Value, ok bool) {
	lo, hi, alts, known := r.objectCount(v)
	if !known {
		return 0, nil, nil, false
	}
	_, one := scalarBase(alts)
	return lo, hi, alts, one
}

// scalarBase returns the base every one of alts is of: a string, an
// integer, or a number (an int among numbers makes it a number, for
// scalarMatch to refuse the int); one is false for any other kind.
func scalarBase(alts []cue.Value) (base Base, one bool) {
	for _, a := range alts {
		b, ok := kindBase(a.IncompleteKind())
		if !ok || b == Bool {
			return 0, false
		}
		switch {
		case base == 0, base == b:
			base = b
		case base == Int && b == Number, base == Number && b == Int:
			base = Number
		default:
			return 0, false
		}
	}
	return base, base != 0
}

// kindBase is the base of a scalar kind of CUE's: a string, an integer,
// a number (float too) or a boolean; ok is false for any other kind.
func kindBase(k cue.Kind) (b Base, ok bool) {
	switch k {
	case cue.StringKind:
		return String, true
	case cue.IntKind:
		return Int, true
	case cue.NumberKind, cue.FloatKind:
		return Number, true
	case cue.BoolKind:
		return Bool, true
	}
	return 0, false
}

// countedScalarKind returns the kind of v, a conjunction of validators CUE
// gives no kind of its own (_), when one of them is matchN(1, …) or
// matchN(>=1, …) whose alternatives are all of one scalar base: a value
// it admits is of that base, a string, an integer or a number.
func (r *resolver) countedScalarKind(v cue.Value) (cue.Kind, bool) {
	cs := r.conjuncts(v)
	if len(cs) < 2 {
		return 0, false
	}
	for _, c := range cs {
		lo, _, alts, one := r.scalarMatchN(c)
		if !one || lo < 1 || !r.isMatchN(c) {
			continue
		}
		base, _ := scalarBase(alts)
		return map[Base]cue.Kind{String: cue.StringKind, Int: cue.IntKind, Number: cue.NumberKind}[base], true
	}
	return 0, false
}

// exactOverlap returns two alternatives of matchN(1, alts), the count a
// constant (not >=1), that may both admit one value: of one JSON kind
// ("a" and string, =~"^a" and =~"b$"), where "exactly one" is not "one
// of". Two constants that differ ("always" and "avoid", the enum of a
// oneOf cue import writes) admit no value together, nor does a constant
// beside a constraint that refuses it ("a" and =~"^b"). Objects are left
// to the union's own rules, and an int beside a number to the refusal of
// that choice.
func (r *resolver) exactOverlap(v cue.Value, alts []cue.Value) (a, b cue.Value, ok bool) {
	if _, args := r.expr(v); len(args) != 3 || !args[1].IsConcrete() {
		return a, b, false // matchN(>=1, …): one of
	}
	// An enum named by a reference (#primitiveType) beside a value that
	// refuses each of its members (avro's #customTypeReference:
	// matchN(0, [#primitiveType]) & =~"…") admits no value with it: the
	// count is a choice, as where the enum is written in place.
	named := func(x cue.Value) cue.Value {
		if op, _ := r.expr(x); op == cue.SelectorOp {
			if ev := x.Eval(); !isScalarConst(ev) {
				if _, isEnum := constMembers(ev); isEnum {
					return ev
				}
			}
		}
		return x
	}
	return r.overlappingBy(alts, func(x, y cue.Value) bool {
		return disjointScalars(x, y) || disjointScalars(named(x), named(y))
	})
}

// intOfFloatBound sets bi to the integer bound that admits the same
// integers as op f, a bound of a float (>=0.0 is >=0, >0.5 is >=1, <2.0
// is <=1), and returns its op, >= or <=. ok is false when f is no number
// it can read.
func intOfFloatBound(op cue.Op, f cue.Value, bi *big.Int) (cue.Op, bool) {
	q, ok := numberRat(f)
	if !ok {
		return op, false
	}
	var floor, mod big.Int
	floor.DivMod(q.Num(), q.Denom(), &mod) // Euclidean: the floor, as Denom > 0
	whole := mod.Sign() == 0
	ceil := new(big.Int).Set(&floor)
	if !whole {
		ceil.Add(ceil, big.NewInt(1))
	}
	switch op {
	case cue.GreaterThanEqualOp: // n >= q: n >= ceil(q)
		bi.Set(ceil)
		return cue.GreaterThanEqualOp, true
	case cue.GreaterThanOp: // n > q: n >= floor(q)+1
		bi.Add(&floor, big.NewInt(1))
		return cue.GreaterThanEqualOp, true
	case cue.LessThanEqualOp: // n <= q: n <= floor(q)
		bi.Set(&floor)
		return cue.LessThanEqualOp, true
	case cue.LessThanOp: // n < q: n <= ceil(q)-1
		bi.Sub(ceil, big.NewInt(1))
		return cue.LessThanEqualOp, true
	}
	return op, false
}

// onlyScalarsOverlap reports whether, of alts, only those of one scalar
// kind (choiceKind: string, int, number) may admit one value together,
// and which kind: matchN(1, alts) is then a choice of kinds whose
// alternative of that kind counts them (oneOf, countedScalarAlts).
func (r *resolver) onlyScalarsOverlap(alts []cue.Value) (cue.Kind, bool) {
	a, b, overlap := r.overlapping(alts)
	if !overlap {
		return 0, false
	}
	k, ok := r.choiceKind(a)
	if kb, okb := r.choiceKind(b); !ok || !okb || kb != k {
		return 0, false
	}
	var group, rest []cue.Value
	for _, x := range alts {
		if kx, okx := r.choiceKind(x); okx && kx == k {
			group = append(group, x)
		} else {
			rest = append(rest, x)
		}
	}
	if _, one := scalarBase(group); !one || len(rest) == 0 {
		return 0, false
	}
	if _, _, more := r.overlapping(rest); more {
		return 0, false
	}
	for _, x := range rest {
		for _, y := range group {
			if _, _, o := r.overlapping([]cue.Value{x, y}); o {
				return 0, false
			}
		}
	}
	return k, true
}

// overlapping returns two of alts that may both admit one value, as
// exactOverlap tells them, whatever the count.
func (r *resolver) overlapping(alts []cue.Value) (a, b cue.Value, ok bool) {
	return r.overlappingBy(alts, disjointScalars)
}

// overlappingBy is overlapping, two alternatives of a scalar kind told
// apart by disjoint.
func (r *resolver) overlappingBy(alts []cue.Value, disjoint func(a, b cue.Value) bool) (a, b cue.Value, ok bool) {
	for i := range alts {
		for j := i + 1; j < len(alts); j++ {
			ki, kj := r.kindOf(alts[i]), r.kindOf(alts[j])
			switch {
			case ki&kj == 0:
			case ki == cue.StructKind && kj == cue.StructKind:
			case ki|kj == cue.NumberKind && ki != kj:
			case disjoint(alts[i], alts[j]):
			default:
				return alts[i], alts[j], true
			}
		}
	}
	return a, b, false
}

// disjointScalars reports whether no value is admitted by both a and b, of
// which one at least is a scalar constant: two different constants, or a
// constant the other alternative, of any kind, refuses, as CUE's
// unification says.
//
// One of them may be an enum of such constants: no value is admitted by
// both when the other refuses each member (avro's #primitiveType beside
// #customTypeReference: matchN(0, [#primitiveType]) & =~"^[A-Za-z_]…",
// which admits no primitive type's name).
func disjointScalars(a, b cue.Value) bool {
	for _, x := range [2][2]cue.Value{{a, b}, {b, a}} {
		if ms, ok := constMembers(x[0]); ok {
			// x[0] admits these values only: when x[1] refuses each,
			// whatever x[1] is (a nested matchN of a map or a pattern,
			// github-workflow's secrets beside "inherit"), no value is
			// admitted by both.
			return all(ms, func(m cue.Value) bool { return m.Unify(x[1]).Validate(cue.Concrete(true)) != nil })
		}
	}
	return false
}

// constMembers returns the values v admits when it is one scalar constant
// or a disjunction of them.
func constMembers(v cue.Value) ([]cue.Value, bool) {
	if isScalarConst(v) {
		return []cue.Value{v}, true
	}
	op, args := v.Expr()
	if op != cue.OrOp || len(args) == 0 {
		return nil, false
	}
	for _, m := range args {
		if !isScalarConst(m) {
			return nil, false
		}
	}
	return args, true
}

// isScalarConst reports whether v is one string, number, bool or null.
func isScalarConst(v cue.Value) bool {
	return v.IsConcrete() && v.Kind()&(cue.StringKind|cue.NumberKind|cue.BoolKind|cue.NullKind) != 0
}

// sameChoice reads matchN(>=1, [int, string]) & (int | string) — what cue
// import writes for a Kubernetes CRD's x-kubernetes-int-or-string beside
// its anyOf — as int | string: two conjuncts, one a matchN read as a
// disjunction (matchOne) and the other a disjunction, whose alternatives
// are the same values one for one (each subsumes the other), state that
// disjunction once. It returns the disjunction.
func (r *resolver) sameChoice(cs []cue.Value) (cue.Value, bool) {
	if len(cs) != 2 {
		return cue.Value{}, false
	}
	for i, c := range cs {
		alts, ok := r.matchOne(c)
		if !ok {
			continue
		}
		other := cs[1-i]
		op, args := r.disjunction(other)
		if op != cue.OrOp || len(args) != len(alts) {
			return cue.Value{}, false
		}
		used := make([]bool, len(args))
		for _, a := range alts {
			found := false
			for j, b := range args {
				if !used[j] && subsumes(a, b) && subsumes(b, a) {
					used[j], found = true, true
					break
				}
			}
			if !found {
				return cue.Value{}, false
			}
		}
		return other, true
	}
	return cue.Value{}, false
}

// structLit returns the struct literal n is, also through close({...}),
// which only says what a definition already is: closed.
func structLit(n ast.Node) (*ast.StructLit, bool) {
	if call, ok := n.(*ast.CallExpr); ok {
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "close" && len(call.Args) == 1 {
			n = call.Args[0]
		}
	}
	lit, ok := n.(*ast.StructLit)
	return lit, ok
}

func newResolver(ps positions, inst *build.Instance, v cue.Value) *resolver {
	return &resolver{ps: ps, inst: inst, v: v, comments: indexComments(inst), defs: map[string]*def{}, supplied: map[*Object]string{}}
}

func (r *resolver) errorf(pos Pos, format string, args ...any) {
	if !pos.IsValid() {
		pos = r.here // a value CUE made up (the _ of [...]) has no position of its own
	}
	r.errs = append(r.errs, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// unexplained makes sure a field left out of its object has its reason
// among the run's errors: where nothing was said since before (a type
// that failed without a word), it says so, so that no field is dropped
// from a run that succeeds.
func (r *resolver) unexplained(before int, p Pos, what string) {
	if len(r.errs) > before {
		return
	}
	r.deferred = append(r.deferred, &Error{Pos: p, Msg: fmt.Sprintf("%s: schemagen read no type for this field and gave no reason; this is a schemagen bug (please report it with the schema); nothing was written", what)})
}

// docf reports a missing doc comment, when the module requires them.
func (r *resolver) docf(pos Pos, format string, args ...any) {
	if r.requireDocs {
		r.errorf(pos, format+docRequired, args...)
	}
}

func (r *resolver) pos(v cue.Value) Pos { return r.ps.of(v.Pos()) }

// enterTypesAt makes the value at schemagen.cue's typesAt path the
// package's value for the resolve (r.v), read as a library of types, as
// cue vet -d reads it: each field there a type named after its label,
// each definition there a definition. It reports false, having said why,
// when the package holds no struct there.
func (r *resolver) enterTypesAt() bool {
	p := cue.ParsePath(r.typesAt.Path)
	tv := r.v.LookupPath(p)
	switch {
	case !tv.Exists():
		r.errorf(r.typesAt.Pos, "typesAt %q: package %s (%s) holds no value at %s, where schemagen.cue says its types are", r.typesAt.Folder, r.pkg.Name, r.pkg.Dir, r.typesAt.Path)
		return false
	case tv.IncompleteKind() != cue.StructKind:
		r.errorf(r.pos(tv), "%s: schemagen.cue's typesAt says package %s's types are here, but its value is %s, not a struct of them", r.typesAt.Path, r.pkg.Name, oneLine(tv))
		return false
	}
	r.v = tv
	r.atSels = p.Selectors()
	r.typeLibrary = true
	if lit, ok := tv.Source().(*ast.StructLit); ok {
		r.atScope = lit
	} else if f, ok := tv.Source().(*ast.Field); ok {
		r.atScope = f.Value
	}
	return true
}

// underTypesAt returns sels relative to the typesAt path when they start
// with it (there is one).
func (r *resolver) underTypesAt(sels []cue.Selector) ([]cue.Selector, bool) {
	if r.atSels == nil || len(sels) < len(r.atSels) {
		return nil, false
	}
	for i, s := range r.atSels {
		if s.String() != sels[i].String() {
			return nil, false
		}
	}
	return sels[len(r.atSels):], true
}

// pathOf is v.Path(), relative to the typesAt path when there is one.
func (r *resolver) pathOf(v cue.Value) cue.Path {
	p := v.Path()
	if rel, ok := r.underTypesAt(p.Selectors()); ok {
		return cue.MakePath(rel...)
	}
	return p
}

// topScope reports whether a reference's scope is a top level of types:
// a file's (isFileScope: this package's, or an imported library's), or
// the struct at the typesAt path.
func (r *resolver) topScope(n ast.Node) bool {
	return isFileScope(n) || r.atScope != nil && n == r.atScope
}

func (r *resolver) resolve() *Package {
	doc, ppos := packageClause(r.inst)
	// The package's own folder: CUE also makes a parent folder's files of
	// the same package part of it, so the first file's may be another.
	dir := relTo(r.ps.root, r.inst.Dir)
	r.pkg = &Package{Name: r.inst.PkgName, GoName: GoPackageName(r.inst.PkgName), Dir: dir, Doc: doc, Pos: r.ps.of(ppos)}
	if r.goAttrs.pkg.name != "" {
		r.pkg.GoName = r.goAttrs.pkg.name
	}

	// A package whose value is not a struct (an embedded 1 | "two") is a
	// document of that type, named after the package as a root object is.
	// One whose value is _ (cue import's root schema {} or true) admits
	// any document: it is its definitions, as a struct's package is.
	// So is one that embeds matchN(1, […]) or matchN(>=1, […]) alone
	// (matchN(>=1, [bool, number]), CUE's JSON Schema tests' anyOf at
	// the root): its value is the disjunction, of any kinds.
	if r.typesAt != nil && !r.enterTypesAt() {
		return r.pkg
	}
	choice, isChoice, withDefs := r.embedsChoiceAlone()
	if isChoice && withDefs {
		// Beside definitions (prettierrc: matchN(1, [matchN(2, [#options
		// & {...}, #overrides & {...}]), string])): the definitions are
		// read as a struct package's, the document is the disjunction.
		isChoice = false
	} else {
		withDefs = false
	}
	defsOf := r.v
	k := r.v.IncompleteKind()
	notStruct := k != cue.StructKind && k != cue.BottomKind && k != cue.TopKind
	validatorDoc := k == cue.TopKind && !isChoice && !withDefs && r.validatorDocument()
	if validatorDoc {
		// matchN(2, [K | {bar!: int, ...}, K | {foo!: string, ...}]),
		// matchIf(<0, >=-10, _), matchN(0, [{…}]) alone (the JSON Schema
		// Test Suite's allOf, if and not through cue import): a value
		// of the kinds it admits, read as a field's value is. It was
		// read as an object, refusing its other kinds.
		notStruct = true
	}
	if k == cue.TopKind && !isChoice && !withDefs && r.topAlone() {
		// _ alone (cue import of the schema true, or {}): any JSON
		// value is a document, as cue vet admits any. It was no
		// document at all: exit 0 and nothing generated.
		notStruct = true
	}
	if notStruct && !withDefs {
		if value, defs, ok := r.valueBesideDefs(); ok {
			// loki: null | close({…}) beside its definitions.
			choice, defsOf, withDefs = value, defs, true
		}
	}
	if notStruct && !withDefs || isChoice {
		if d := r.rootValue(); d != nil {
			if isChoice {
				d.v = choice // beside hidden fields: the disjunction alone
			}
			r.order = append(r.order, d)
			r.resolveRounds()
			r.document(d)
			r.settleInPlaceNames()
			r.assignNames()
			r.altGoNames()
			r.goOmitted()
			r.nullableDefs()
		}
		return r.pkg
	}

	// Pass 1: classify every definition, so references resolve in any order.
	r.fieldTypes = r.typeLibrary || TypeLibrary(r.inst.Files)
	members, err := r.topLevel(defsOf)
	if err != nil {
		r.errs = append(r.errs, r.ps.fromCUE(err, r.inst.Files...)...)
		return r.pkg
	}
	if len(members) == 0 && !withDefs {
		value, defs, ok := r.valueBesideFiles()
		if !ok {
			value, defs, ok = r.valueBesideDefs()
		}
		if ok {
			// #U beside #U: #A | #B, or #A | #B itself: a struct CUE
			// lists no member of, a disjunction, whose definitions
			// the struct beside it holds.
			choice, withDefs = value, true
			if members, err = r.topLevel(defs); err != nil {
				r.errs = append(r.errs, r.ps.fromCUE(err, r.inst.Files...)...)
				return r.pkg
			}
		}
	}
	var rootPos Pos
	for _, m := range members {
		sel, v := m.sel, m.v
		if r.fieldTypes && sel.LabelType() == cue.StringLabel && !sel.IsDefinition() {
			r.fieldType(sel, v) // a type of its own: the package has no document
			continue
		}
		if !sel.IsDefinition() {
			if !rootPos.IsValid() {
				rootPos = r.pos(v)
			}
			continue // the root object's, below
		}
		if sel.String() == "#" {
			r.quotedDefs(sel, v)
			continue
		}
		d := &def{name: strings.TrimPrefix(sel.String(), "#"), v: v, pos: r.pos(v), doc: docText(v.Doc())}
		if d.doc == "" {
			r.docf(d.pos, "definition #%s has no doc comment: say what it means on the line above it", d.name)
		}
		if prev := r.defs[d.name]; prev != nil && prev.field {
			r.renameFieldType(prev) // Bar before #Bar: BarField
		} else if prev != nil {
			// One of # written first (#: "x-y" is XY, beside #XY).
			r.errorf(prev.pos, "%s is named #%s after its key, but #%s (%s) has that name; rename one of them", prev.path, d.name, d.name, d.pos)
			r.order = slices.DeleteFunc(r.order, func(o *def) bool { return o == prev })
		}
		r.defs[d.name] = d
		r.order = append(r.order, d)
	}
	// Every definition is known before any is classified: classifying an
	// alias resolves its type, which may refer to one written after it
	// (#devices: [...{caps: #list}] before #list), classified then. A
	// definition of another package joins the order when a reference
	// first reaches it, and is classified and resolved like the others.
	for i := 0; i < len(r.order); i++ {
		r.classifyOnce(r.order[i])
	}
	if !rootPos.IsValid() {
		// A package whose value is embedded and holds no field of its
		// own (babelrc's matchN(2, [#Options & {...}, {…}])): its root
		// object is that value, never left out.
		rootPos = r.embedPos()
		if rootPos.IsValid() && !withDefs && !r.embedObjectsAlone() {
			// matchN(0, [{foo?: string, ...}]), matchN(2, [null | …
			// | <=30 | {...}, …]) alone (the JSON Schema Test Suite's
			// not and allOf through cue import): it admits numbers
			// and other kinds, which a root object would refuse. It
			// was carried as an object.
			r.errorf(rootPos, "package %s: its value, %s, admits values of other kinds than objects, and is not carried: a package's value that is a validator alone is carried as an object when every value it admits is one (a count of objects, or beside a struct: & {...}); the counts a field carries are matchN(1, […]) and matchN(>=1, […]) of alternatives of distinct kinds", r.pkg.Name, oneLine(r.v))
			return r.pkg
		}
	}
	if !rootPos.IsValid() {
		if p, ok := r.emptyStructEmbed(); ok {
			// close({}) (chrome's locale messages through cue import):
			// the document is the object of no field, never left out.
			rootPos = p
		}
	}
	var value, embedded *def
	if withDefs {
		if !r.embeddedDocument(choice, r.embedDeclPos()) {
			value = r.valueDef(r.embedDeclPos())
			value.v = choice
			r.order = append(r.order, value)
		}
	} else if d := r.rootDefinition(); d != nil && !rootPos.IsValid() {
		// #runnerConfiguration alone, an object of no field CUE lists
		// (darttest's matchN(2, [#testConfiguration, {…}])): that
		// definition, as one of fields is below. It was left out.
		r.pkg.Root, r.pkg.Document = d.object, d.name
	} else if rootPos.IsValid() {
		if d := r.rootDefinition(); d != nil {
			r.pkg.Root, r.pkg.Document = d.object, d.name
		} else {
			root := r.rootObject(rootPos)
			r.pkg.Root, r.pkg.Document = root.object, root.name
			r.order = append(r.order, root)
		}
	} else if d := r.embeddedChoice(); d != nil {
		// #avroSchema alone, #avroSchema: #types, #types: matchN(1,
		// […]) (avro's avsc through cue import): the document is that
		// definition's type, as a root definition's object is.
		embedded = d
	} else if len(members) == 0 && r.hiddenRootDocument() {
		// _#defs."/x" alone (vtestunitschema's root): its definition.
	} else if p, ok := r.topLevelPattern(); ok {
		// [string]: T at the top level, alone (mail-servers-config's
		// struct.MinFields(1) & {[string]: close({…})}): the document
		// is a map, which no root object holds; it was once left out,
		// exit 0 and no type.
		r.rootMap(p)
	}

	r.resolveRounds()
	r.checkMemberDefaults()
	r.checkForeignSyntax()
	r.dropOwnPackagesErrors()
	if value != nil {
		r.document(value)
	}
	if embedded != nil {
		r.document(embedded)
	}
	r.settleInPlaceNames()
	r.assignNames()
	r.altGoNames()
	r.checkHeldGetters()
	r.goOmitted()
	r.nullableDefs()
	if len(r.errs) == 0 && !r.cueInvalid {
		r.errs = append(r.errs, r.deferred...) // fields dropped without a word
	}
	if len(r.errs) == 0 && !r.cueInvalid && r.pkg.Root == nil && r.pkg.Value == nil && r.pkg.Document == "" && !r.fieldTypes {
		if p, ok := r.topLevelValue(); ok {
			// A top level of its own that no rule above reads (_x: {};
			// _x), also beside definitions that generate: said, never
			// a package without its document and exit 0 (as
			// vtestunitschema's root, _#defs."/x", once was; a hidden
			// definition embedded alone is the document now,
			// hiddenRootDocument).
			r.errorf(p, "package %s: its top level states a value, but schemagen found no document in it: it is not carried; state the document's fields at the top level, or embed a definition of them (#%s: {…}; #%s)", r.pkg.Name, GoName(r.pkg.Name), GoName(r.pkg.Name))
		}
	}
	return r.pkg
}

// nullableDefs lists the object and union definitions that may be null
// as a whole (Package.Nullable), in declaration order.
func (r *resolver) nullableDefs() {
	for _, d := range r.order {
		switch {
		case !d.nullable || d.from != nil:
		case d.object != nil && d.object.Union == nil:
			r.pkg.Nullable = append(r.pkg.Nullable, d.object.Name)
		case d.union != nil:
			r.pkg.Nullable = append(r.pkg.Nullable, d.union.Name)
		}
	}
	if len(r.pkg.Nullable) > 0 {
		r.pkg.nullable = make(map[string]bool, len(r.pkg.Nullable))
		for _, name := range r.pkg.Nullable {
			r.pkg.nullable[name] = true
		}
	}
}

// document makes d, the definition of a package's value, the package's
// document, when its type is one a document has.
func (r *resolver) document(d *def) {
	if d.object != nil {
		// null | close({…}) beside definitions: the object, as a
		// nullable definition is (docs/schema-language.md, "null").
		r.pkg.Root, r.pkg.Document = d.object, d.name
		return
	}
	if d.union != nil {
		// #A | #B beside them: the union is the package's value, its
		// own type named apart (PValue), as documentOrNull names a
		// choice of kinds.
		value := d.name + "Value"
		if prev := r.defs[value]; prev != nil {
			r.errorf(d.pos, "%s: the package's value is a union, whose Go interface takes the name %s, but #%s (%s) has that name; rename #%s", r.pkg.Name, value, value, prev.pos, value)
			return
		}
		doc := d.union.Doc
		d.union.Name = value
		d.union.Doc = fmt.Sprintf("%s is a %s document: one of its variants.", value, d.name)
		r.unionDocument(&def{name: d.name, doc: doc, pos: d.pos}, d.union)
		return
	}
	if d.oneOf != nil || d.tuple != nil || d.enum != nil || d.scalar != nil || d.alias != nil {
		if t, ok := r.refType(d.v, d.name, "package "+r.pkg.Name); ok {
			r.pkg.Document, r.pkg.Value = d.name, t
			r.documentOrNull(d, t)
		}
	}
}

// embeddedDocument makes the definition v, the package's value, refers to
// its document, when v is a reference to one beside the definitions that
// declare it (#U beside #U: #A | #B; cue import's _#defs."/x" as its
// root), embedded at pos: a union's document is a type of its own, named
// after the package since a union's Go type is an interface, which holds
// the union (unionDocument); an object's is the object, as a root
// definition's is. It reports whether it read v, said or not.
func (r *resolver) embeddedDocument(v cue.Value, pos Pos) bool {
	name, ok := r.refName(v)
	if !ok {
		return false
	}
	d := r.defs[name]
	if d == nil {
		return false
	}
	r.classifyOnce(d)
	switch {
	case d.union != nil:
		// #P beside #P: #A | #B: the document is PDocument
		// (documentName), which holds the union.
		value := r.valueDef(pos)
		value.v = v
		r.unionDocument(value, d.union)
		return true
	case d.object != nil:
		r.pkg.Root, r.pkg.Document = d.object, d.name
		return true
	}
	return false
}

// hiddenRootDocument makes the hidden definition the package embeds its
// document, when it embeds one alone and declares nothing else beside
// definitions and hidden fields (cue import's _#defs."/x" as a JSON
// Schema's root $ref, vtestunitschema's matchN(1, […]) of its closed
// objects): CUE lists no member of such a package, and the definition
// is reached by that reference alone.
func (r *resolver) hiddenRootDocument() bool {
	e, ok := r.soleEmbed()
	if !ok {
		return false
	}
	if _, isIdent := e.(*ast.Ident); isIdent {
		return false // #Config: rootDefinition's
	}
	_, args := r.expr(r.v)
	for _, a := range args {
		name, ok := r.refName(a)
		if !ok || r.defs[name] == nil || r.defs[name].path.String() == "" {
			continue
		}
		if r.defs[name].path.Selectors()[0].LabelType() != cue.HiddenDefinitionLabel {
			continue
		}
		if r.embeddedDocument(a, r.embedDeclPos()) {
			return true
		}
	}
	return false
}

// unionDocument makes u the type of the package's document, which value
// names: an alias of the union, named after the package, whose Go type
// holds the union's interface and has a document's methods
// (docs/generated-go.md).
func (r *resolver) unionDocument(value *def, u *Union) {
	t := &Type{Kind: UnionKind, Union: u}
	r.pkg.Aliases = append(r.pkg.Aliases, &Alias{Name: value.name, Doc: value.doc, Pos: value.pos, Type: t})
	r.pkg.Document, r.pkg.Value = value.name, t
}

// documentOrNull names apart the type of a document that is an enum, a
// choice of JSON kinds or a tuple, or null (stale's null | bool | number |
// string | [...] | {…}): the type of its own, named after the package
// too, takes Value after its name (StaleValue), and the document is an
// alias of it or null (Stale), as a nullable scalar document is. Without
// it, the document's Go type would take the name of the type it holds.
func (r *resolver) documentOrNull(d *def, t *Type) {
	if t.Kind != NullableKind || t.Elem == nil {
		return
	}
	var name, doc *string
	switch e := t.Elem; {
	case e.Kind == OneOfKind && e.OneOf != nil && e.OneOf.Name == d.name:
		name, doc = &e.OneOf.Name, &e.OneOf.Doc
	case e.Kind == TupleKind && e.Tuple != nil && e.Tuple.Name == d.name:
		name, doc = &e.Tuple.Name, &e.Tuple.Doc
	case e.Kind == EnumKind && e.Enum != nil && e.Enum.Name == d.name:
		name, doc = &e.Enum.Name, &e.Enum.Doc
	default:
		return
	}
	value := d.name + "Value"
	if r.defs[value] != nil {
		return // said by the Go emitter: the names would clash
	}
	r.pkg.Aliases = append(r.pkg.Aliases, &Alias{Name: d.name, Doc: *doc, Pos: d.pos, Type: t})
	*name = value
	*doc = fmt.Sprintf("%s is a %s document when it is not null.", value, d.name)
}

// resolveRounds resolves fields and variants against the classified set,
// in rounds: resolving may reach definitions of other packages not yet
// reached, which the next round resolves.
func (r *resolver) resolveRounds() {
	var done, unionsDone, inlineUnionsDone, forbidsDone, inlinesDone int
	for done < len(r.order) || inlineUnionsDone < len(r.inlineUnions) {
		batch := r.order[done:]
		done = len(r.order)
		for i := 0; i < len(batch); i++ {
			r.classifyOnce(batch[i])
		}
		for _, d := range batch {
			if d.mapDef != nil {
				r.resolveMap(d)
			}
		}
		for _, d := range batch {
			r.resolveOneOf(d)
		}
		for _, d := range batch {
			if d.object != nil {
				// CUE closes a definition recursively; close({...}) closes
				// only its own level, but for a closed copy
				// (closedDefCopy); a package's top level is open.
				r.closedCtx = !d.root && !d.open && (d.closedCopy || !isCloseCall(sourceExpr(d.v)))
				matching := r.matching
				r.matching = matching || d.match // its structs too are read by a match's rule
				r.resolveObject(d)
				r.matching = matching
				if d.validated {
					r.objectValidators(d)
				}
				r.objectCountsBeside(d)
			}
		}
		for ; unionsDone < done; unionsDone++ {
			if d := r.order[unionsDone]; d.union != nil {
				// Its variants as the union is: closed by a definition,
				// open in a top-level field of a library of types
				// (fieldTypeRef), not as the object resolved last.
				r.closedCtx = !d.root && !d.open
				r.resolveUnion(d)
			}
		}
		for ; inlineUnionsDone < len(r.inlineUnions); inlineUnionsDone++ {
			// As where it is written (d.open), not as the object or
			// union resolved last, whose closedness was left in
			// closedCtx (a library's N3: {f0?: N1 | N2} read its open
			// variants as closed copies after a definition).
			d := r.inlineUnions[inlineUnionsDone]
			r.closedCtx = !d.root && !d.open
			r.resolveUnion(d)
		}
	}
	for ; forbidsDone < len(r.order); forbidsDone++ {
		if d := r.order[forbidsDone]; d.object != nil {
			r.resolveForbids(d)
		}
	}
	for ; inlinesDone < len(r.inlineOrder); inlinesDone++ {
		if d := r.inlineOrder[inlinesDone]; d.object != nil {
			r.resolveForbids(d)
		}
	}
	r.tellDeferred()
	for _, d := range r.untaggedUnions {
		r.untagged(d, d.union)
	}
	r.untaggedUnions = nil
	r.checkShared()
	r.checkMatchUnions()
	r.checkStrictParts()
	r.checkOpening()
}

// checkOpening refuses an if clause that opens its closed object
// (MatchIf.Opens) where the object's members are judged by its fields
// alone: it is Strict, or it is a union's variant, whose decoders and
// schemas tell variants apart by the members they name, whatever the
// condition, where CUE admits such a member while it holds. In a match
// the targets read the condition (opened_T in Go, TypeScript's walker,
// the strict JSON Schema's if).
func (r *resolver) checkOpening() {
	if len(r.openings) == 0 {
		return
	}
	variant := map[*Object]bool{}
	for _, u := range r.pkg.Unions {
		for _, v := range u.Variants {
			variant[v] = true
		}
	}
	for _, op := range r.openings {
		why := ""
		switch o := op.o; {
		case o.Strict:
			why = "it refuses such a member in every target (Strict: a match on a value holding it judges it)"
		case variant[o]:
			why = "it is a variant of a union, whose variants are told apart by the members they name"
		}
		if why != "" {
			r.errorf(op.m.Pos, "%s: an if clause whose body embeds a validator or a disjunction opens this closed object while its condition holds, as CUE reads it (a member it does not name is then admitted); here %s, which no target reads with the condition: not carried; write the body's required members as fields (if a != _|_ { b!: _ }), or the object open", op.what, why)
		}
	}
	r.openings = nil
}

// opening is an if clause that opens its closed object, for
// checkOpening: the object, its matchIf, and where it is.
type opening struct {
	o    *Object
	m    *MatchIf
	what string
}

// withoutValidators is v without its matchN and matchIf conjuncts: the
// others unified, or v itself when it has no other.
func (r *resolver) withoutValidators(v cue.Value) cue.Value {
	var rest []cue.Value
	for _, c := range r.conjuncts(v) {
		if isValidatorCall(sourceExpr(c)) {
			continue
		}
		if sourceExpr(c) == nil {
			// A conjunct of a value unified here (X.Unify(Y):
			// kindwise) may list no fields of its own where the
			// whole does.
			if fs, err := r.fields(v, false); err == nil && len(fs) > 0 {
				return v
			}
		}
		rest = append(rest, c)
	}
	if len(rest) == 0 {
		return v
	}
	u := rest[0]
	for _, c := range rest[1:] {
		u = u.Unify(c)
	}
	return u
}

// embedsChoiceAlone returns the matchN(1, …) or matchN(>=1, …) the
// package embeds when that is its value: no field or definition beside it
// (hidden fields may be), and no other embedding.
//
// Beside definitions (withDefs), it is such a package only when an
// alternative is of another kind than an object: a choice of objects
// alone (matchN(1, [{a!: _, ...}, {b!: _, ...}])) is the validator of the
// package's root object.
func (r *resolver) embedsChoiceAlone() (choice cue.Value, ok, withDefs bool) {
	embeds := 0
	for decl := range r.decls() {
		switch x := decl.(type) {
		case *ast.Field:
			// Hidden fields and definitions only: a regular field
			// makes the package's value an object.
			name, _, err := ast.LabelName(x.Label)
			if err != nil || !strings.HasPrefix(name, "_") && !strings.HasPrefix(name, "#") {
				return cue.Value{}, false, false
			}
			if strings.HasPrefix(name, "#") {
				withDefs = true
			}
		case *ast.EmbedDecl:
			embeds++
		case *ast.Comprehension:
			return cue.Value{}, false, false
		}
	}
	if embeds != 1 {
		return cue.Value{}, false, false
	}
	cs := r.conjuncts(r.v)
	for _, c := range cs {
		alts, ok := r.matchOne(c)
		if !ok {
			continue
		}
		if slices.ContainsFunc(cs, r.statesFields) {
			// matchN(>=1, [{Models!: _, ...}, {Controllers!: _, ...}]) &
			// close({Models?: …}) (gaspar's config): an object whose
			// fields the other conjuncts state, the choice beside them;
			// read as the package's object, not as the choice alone,
			// which would drop them.
			return cue.Value{}, false, false
		}
		if withDefs && !slices.ContainsFunc(alts, func(a cue.Value) bool { return r.kindOf(a)&^cue.StructKind != 0 }) {
			return cue.Value{}, false, false
		}
		return c, true, withDefs
	}
	return cue.Value{}, false, false
}

// statesFields reports whether v lists a field of its own that is no
// definition (the package's file struct, {}, states none).
func (r *resolver) statesFields(v cue.Value) bool {
	if v.IncompleteKind()&cue.StructKind == 0 {
		return false
	}
	fs, err := r.fields(v, false)
	return err == nil && len(fs) > 0
}

// embedDeclPos is where the package embeds its first value, or the
// package clause's position when it embeds none.
func (r *resolver) embedDeclPos() Pos {
	for decl := range r.decls() {
		if x, ok := decl.(*ast.EmbedDecl); ok {
			return r.ps.of(x.Pos())
		}
	}
	return r.pkg.Pos
}

// topLevel lists the members of v, the package's value or the struct of
// its definitions (valueBesideDefs), definitions and optional fields
// included. A list value beside definitions (json-patch: [...matchN(1,
// […])] beside #path) lists none, but looks each up: its definitions are
// then found by the names the files declare.
func (r *resolver) topLevel(v cue.Value) ([]field, error) {
	it, err := v.Fields(cue.Definitions(true), cue.Optional(true))
	if err != nil {
		names, plain := r.declaredDefs()
		if r.vetOK && v.IncompleteKind() != cue.ListKind {
			if out, ok := r.fieldsOfConjuncts(v); ok {
				return out, nil
			}
			return nil, err
		}
		if !plain || len(names) == 0 || v.IncompleteKind() != cue.ListKind {
			return nil, err
		}
		var out []field
		for _, n := range names {
			sels := cue.ParsePath(n).Selectors()
			if len(sels) != 1 {
				return nil, err
			}
			d := v.LookupPath(cue.MakePath(sels[0]))
			if !d.Exists() {
				return nil, err
			}
			out = append(out, field{sels[0], d})
		}
		return out, nil
	}
	var out []field
	for it.Next() {
		out = append(out, field{it.Selector(), it.Value()})
	}
	return out, nil
}

// fieldsOfConjuncts lists the fields of a package's root that CUE will not
// list because a validator judges it before any data gives it fields
// (vetOK: matchN(>=1, [{Models!: _, ...}, {Controllers!: _, ...}]) &
// close({Models?: …, Controllers?: …}), gaspar's config): each conjunct
// of the root that is a struct lists its own, each field's value looked up
// on the root (the conjunction of all of them). ok is false when a field
// cannot be looked up on the root, or a field the files declare at their
// top level is not found: then nothing is listed, rather than a field
// dropped.
func (r *resolver) fieldsOfConjuncts(v cue.Value) ([]field, bool) {
	var out []field
	seen := map[string]bool{}
	add := func(sel cue.Selector) bool {
		key := sel.String()
		if seen[key] {
			return true
		}
		fv := v.LookupPath(cue.MakePath(sel))
		if !fv.Exists() {
			return false
		}
		seen[key] = true
		out = append(out, field{sel, fv})
		return true
	}
	var walk func(c cue.Value) bool
	walk = func(c cue.Value) bool {
		if op, args := safeExpr(c); op == cue.AndOp {
			for _, a := range args {
				if !walk(a) {
					return false
				}
			}
			return true
		}
		if c.IncompleteKind()&cue.StructKind == 0 {
			return true
		}
		it, err := c.Fields(cue.Definitions(true), cue.Optional(true))
		if err != nil {
			return true // a validator's call, or a matchN: no fields of its own
		}
		for it.Next() {
			if !add(it.Selector()) {
				return false
			}
		}
		return true
	}
	if !walk(v) {
		return nil, false
	}
	// The files' own top-level fields and definitions, whatever the
	// conjuncts listed.
	for _, x := range r.topFields() {
		name, isIdent, err := ast.LabelName(x.Label)
		if err != nil || !isIdent || strings.HasPrefix(name, "_") {
			continue
		}
		sels := cue.ParsePath(name).Selectors()
		if len(sels) != 1 {
			return nil, false
		}
		sel := sels[0]
		if !strings.HasPrefix(name, "#") {
			switch x.Constraint {
			case token.OPTION:
				sel = sel.Optional()
			case token.NOT:
				sel = sel.Required()
			}
		}
		if !add(sel) {
			return nil, false
		}
	}
	return out, true
}

// topFields lists the fields the package's files declare at their top
// level, file by file, in order.
func (r *resolver) topFields() []*ast.Field {
	var out []*ast.Field
	for decl := range r.decls() {
		if x, ok := decl.(*ast.Field); ok {
			out = append(out, x)
		}
	}
	return out
}

// declaredDefs returns the names of the definitions the package's files
// declare at their top level, in order; plain is false when one is not a
// plain identifier (#: "x-y": …, as cue import writes a name that is none).
func (r *resolver) declaredDefs() (names []string, plain bool) {
	plain = true
	seen := map[string]bool{}
	for _, x := range r.topFields() {
		name, isIdent, err := ast.LabelName(x.Label)
		if err != nil || !strings.HasPrefix(name, "#") {
			continue
		}
		if !isIdent || name == "#" {
			plain = false
			continue
		}
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	return names, plain
}

// valueBesideDefs returns, of a package whose value is not a struct and
// which declares definitions (loki: null | close({…}) beside
// #alibabacloud_storage_config, as cue import writes a root that may be
// null beside $defs), the value it embeds and the struct that holds its
// definitions: CUE's value of the package is their conjunction, of which
// only the struct lists them (LookupPath on the whole finds none).
func (r *resolver) valueBesideDefs() (value, defs cue.Value, ok bool) {
	names, plain := r.declaredDefs()
	embeds, hidden := 0, false
	for decl := range r.decls() {
		switch x := decl.(type) {
		case *ast.EmbedDecl:
			embeds++
		case *ast.Field:
			// _#defs: "/prefixItems/0": int beside [_#defs."…", ...]
			// (cue import's $defs of a root that is no object): a
			// struct of hidden fields, conjoined with the value as
			// one of definitions is.
			if name, _, err := ast.LabelName(x.Label); err == nil && strings.HasPrefix(name, "_") {
				hidden = true
			}
		}
	}
	if len(names) == 0 && plain && !hidden || embeds != 1 {
		return value, defs, false
	}
	op, args := r.expr(r.v)
	if op != cue.AndOp || len(args) != 2 {
		return value, defs, false
	}
	for i, a := range args {
		if a.IncompleteKind() == cue.ListKind {
			// [...T] beside #path: the struct of the definitions is
			// a list too, whose LookupPath finds them.
			if len(names) > 0 {
				if sels := cue.ParsePath(names[0]).Selectors(); len(sels) == 1 && a.LookupPath(cue.MakePath(sels[0])).Exists() && !args[1-i].LookupPath(cue.MakePath(sels[0])).Exists() {
					return args[1-i], a, true
				}
			}
			continue
		}
		if a.IncompleteKind() != cue.StructKind {
			// #c beside #a: int, #b: #a, #c: #b (cue import of a
			// root $ref to a scalar $defs entry): the file's struct
			// is of the value's kind, and lists the definitions.
			if len(names) > 0 && a.Source() == nil && listsDefinition(a) && !listsDefinition(args[1-i]) {
				return args[1-i], a, true
			}
			continue
		}
		it, err := a.Fields(cue.Definitions(true), cue.Hidden(true))
		if err != nil {
			continue
		}
		for it.Next() {
			if sel := it.Selector(); sel.IsDefinition() || sel.LabelType() == cue.HiddenLabel || sel.LabelType() == cue.HiddenDefinitionLabel {
				return args[1-i], a, true
			}
		}
	}
	return value, defs, false
}

// decls yields every top-level declaration of the package's files, in
// order.
func (r *resolver) decls() iter.Seq[ast.Decl] {
	return func(yield func(ast.Decl) bool) {
		for _, f := range r.inst.Files {
			for _, decl := range f.Decls {
				if !yield(decl) {
					return
				}
			}
		}
	}
}

// closedHidden reports whether n is a reference to a top-level hidden
// field (_s, not a hidden definition) whose declared value close({…})
// closes, conjoined or embedded: what uses it is closed as its value is.
func (r *resolver) closedHidden(n ast.Node) bool {
	id, ok := n.(*ast.Ident)
	if !ok || !strings.HasPrefix(id.Name, "_") || strings.HasPrefix(id.Name, "_#") {
		return false
	}
	e := r.declaredValue(id.Name)
	return e != nil && (conjoins(e, isCloseCall) || closeEmbedded(e))
}

// declaredValue returns the value a top-level field of the package's
// files named label is declared with, or nil.
func (r *resolver) declaredValue(label string) ast.Expr {
	for decl := range r.decls() {
		if x, ok := decl.(*ast.Field); ok {
			if name, _, err := ast.LabelName(x.Label); err == nil && name == label {
				return x.Value
			}
		}
	}
	return nil
}

// valueBesideFiles is valueBesideDefs for a package of several files
// (#U embedded in one, #U: #A | #B there, #C in another): CUE's value of
// the package is the conjunction of each file's, and that of the file
// that embeds the value is the conjunction of its struct and the value.
// Of those operands, the one that lists no definition is the value, and
// the others, unified, hold the definitions; ok is false unless exactly
// one lists none.
func (r *resolver) valueBesideFiles() (value, defs cue.Value, ok bool) {
	var leaves []cue.Value
	var walk func(v cue.Value, depth int)
	walk = func(v cue.Value, depth int) {
		if op, args := r.expr(v); op == cue.AndOp && depth < 2 {
			for _, a := range args {
				walk(a, depth+1)
			}
			return
		}
		leaves = append(leaves, v)
	}
	walk(r.v, 0)
	var values, structs []cue.Value
	for _, l := range leaves {
		if l.IncompleteKind() == cue.StructKind && listsDefinition(l) {
			structs = append(structs, l)
		} else {
			values = append(values, l)
		}
	}
	if len(values) != 1 || len(structs) == 0 {
		return value, defs, false
	}
	defs = structs[0]
	for _, s := range structs[1:] {
		defs = defs.Unify(s)
	}
	return values[0], defs, true
}

// listsDefinition reports whether CUE lists a definition of v (a struct,
// or a package's value of another kind beside its definitions).
func listsDefinition(v cue.Value) bool {
	it, err := v.Fields(cue.Definitions(true))
	if err != nil {
		return false
	}
	for it.Next() {
		if it.Selector().IsDefinition() {
			return true
		}
	}
	return false
}

// embedPos is where the package embeds its first matchN or matchIf, or no
// position when it embeds none. (An embedded _ or {...}, cue import's root
// schema true or {}, admits any document: the package is its
// definitions.)
func (r *resolver) embedPos() Pos {
	for decl := range r.decls() {
		if x, ok := decl.(*ast.EmbedDecl); ok && holdsValidatorCall(x.Expr) {
			return r.ps.of(x.Pos())
		}
	}
	return Pos{}
}

// validatorDocument reports whether the package's value is a validator
// it embeds (matchN, matchIf, …), with no regular field beside it, that
// admits values of other kinds than objects.
func (r *resolver) validatorDocument() bool {
	embeds := 0
	for decl := range r.decls() {
		switch x := decl.(type) {
		case *ast.EmbedDecl:
			if !holdsValidatorCall(x.Expr) {
				return false
			}
			embeds++
		case *ast.Field:
			if name, _, err := ast.LabelName(x.Label); err != nil || !strings.HasPrefix(name, "#") && !strings.HasPrefix(name, "_") {
				return false
			}
		}
	}
	return embeds == 1 && !r.embedObjectsAlone()
}

// embedObjectsAlone reports whether the validator a package embeds
// (embedPos), read from CUE's conjuncts of its value, admits objects
// alone; true when no conjunct is such a validator.
func (r *resolver) embedObjectsAlone() bool {
	if r.v.IncompleteKind() == cue.StructKind {
		return true
	}
	cs := r.conjuncts(r.v)
	for _, c := range cs {
		if _, isLit := structLit(sourceExpr(c)); isLit {
			return true // matchIf(…) & {...}: a struct beside it
		}
	}
	for _, c := range cs {
		if e, ok := sourceExpr(c).(ast.Expr); ok && holdsValidatorCall(e) && !r.objectsAlone(c) {
			return false
		}
	}
	return true
}

// objectsAlone reports whether v, a package's value that is a validator
// alone, admits objects and nothing else: it is a struct, a count of
// objects, or its kinds' count leaves objects alone.
func (r *resolver) objectsAlone(v cue.Value) bool {
	if v.IncompleteKind() == cue.StructKind || r.countsObjects(v) {
		return true
	}
	if call, ok := sourceExpr(v).(*ast.CallExpr); ok && isIdentNamed(call.Fun, "matchIf") {
		// matchIf(if, then, else): what passes is then's or else's.
		if _, args := r.expr(v); len(args) == 4 {
			return args[2].IncompleteKind() == cue.StructKind && args[3].IncompleteKind() == cue.StructKind
		}
	}
	if kc, handled := r.kindCountOf(v); handled {
		return !kc.partly.Exists() && len(kc.wholes) == 0
	}
	return false
}

// carriesNothing reports whether the package has no document and no type
// of any kind to generate.
func (r *resolver) carriesNothing() bool {
	p := r.pkg
	return p.Root == nil && p.Value == nil && len(p.Objects) == 0 && len(p.Enums) == 0 && len(p.Unions) == 0 &&
		len(p.Maps) == 0 && len(p.Scalars) == 0 && len(p.OneOfs) == 0 && len(p.Aliases) == 0 && len(p.Tuples) == 0
}

// topLevelValue returns the position of the first declaration of the
// package's own value: an embedding, or a field that is no definition
// and not hidden.
func (r *resolver) topLevelValue() (Pos, bool) {
	for decl := range r.decls() {
		switch x := decl.(type) {
		case *ast.EmbedDecl:
			if isTop(x.Expr) {
				continue // _: any document, the package its definitions
			}
			return r.ps.of(x.Pos()), true
		case *ast.Field:
			if id, ok := x.Label.(*ast.Ident); ok && (strings.HasPrefix(id.Name, "#") || strings.HasPrefix(id.Name, "_")) {
				continue
			}
			return r.ps.of(x.Pos()), true
		}
	}
	return Pos{}, false
}

// topAlone reports whether the package's files declare nothing but _
// embedded (and attributes): no field, no definition, no other value.
func (r *resolver) topAlone() bool {
	top := false
	for decl := range r.decls() {
		switch x := decl.(type) {
		case *ast.EmbedDecl:
			if !isTop(x.Expr) {
				return false
			}
			top = true
		case *ast.Attribute, *ast.Package, *ast.ImportDecl, *ast.CommentGroup:
		default:
			return false
		}
	}
	return top
}

// emptyStructEmbed returns the position of a struct literal of no field,
// or close() of one, that the package embeds ({}, close({}), {...}: cue
// import's root of type object and no property), or of a ... of the
// package's own top level.
func (r *resolver) emptyStructEmbed() (Pos, bool) {
	for decl := range r.decls() {
		if el, ok := decl.(*ast.Ellipsis); ok && el.Type == nil {
			// ... at the top level (cue import of {"type":
			// "object"}): an open object of no field, as {...}
			// embedded is. It was no document: exit 0, nothing.
			return r.ps.of(el.Pos()), true
		}
		x, ok := decl.(*ast.EmbedDecl)
		if !ok {
			continue
		}
		var e ast.Node = x.Expr
		if isCloseCall(e) {
			e = closeArg(e)
		}
		if lit, ok := e.(*ast.StructLit); ok && (len(lit.Elts) == 0 || isOpenTopLit(lit)) {
			return r.ps.of(x.Pos()), true
		}
	}
	return Pos{}, false
}

// rootMap makes the package's value, a map (topLevelPattern, at p), its
// document: named after the package, a map type as a map definition
// counted by struct.MinFields is (lsdl's entities), an alias of its type
// (type P map[string]T, with a document's methods; TypeScript
// Record<string, T>; JSON Schema the map's schema).
func (r *resolver) rootMap(p Pos) {
	d := r.valueDef(p)
	d.doc = fmt.Sprintf("%s is a document of package %s: a map, its members named by their keys.", d.name, r.pkg.Name)
	if r.pkg.Doc != "" {
		d.doc += "\n\n" + r.pkg.Doc
	}
	r.here = p
	closedCtx := r.closedCtx
	r.closedCtx = false // a package's top level is open, as a field's struct is
	// Named as a root object is (p, Go P), which the value is when the
	// pattern stands beside ... (below). Beside definitions the
	// package's value is the embedded map and the struct of them
	// conjoined (winutil's applications through cue import:
	// struct.MinFields(1) & close({{[=~"."]: close({…})}}) beside
	// #: "string-property"): the map alone, as beside none. The whole
	// was read as an object, and its count refused as a validator on
	// one.
	v := r.v
	if value, _, ok := r.valueBesideDefs(); ok {
		v = value
	}
	t, ok := r.typeOf(v, r.pkg.Name)
	r.closedCtx = closedCtx
	if !ok {
		return
	}
	if t.Kind == ObjectKind && t.Object != nil {
		// {[=~"^foo"]: string} beside ... (cue import's root of
		// patternProperties in an open object): an open object whose
		// matching members hold T, the document.
		t.Object.Doc = d.doc
		r.pkg.Root, r.pkg.Document = t.Object, t.Object.Name
		return
	}
	if t.Kind != MapKind {
		r.errorf(p, "package %s: its top level states a key pattern, but CUE's value of it is not a map or an object; not carried", r.pkg.Name)
		return
	}
	d.alias = &Alias{Name: d.name, Doc: d.doc, Pos: p, Type: t}
	r.pkg.Aliases = append(r.pkg.Aliases, d.alias)
	r.pkg.Document, r.pkg.Value = d.name, t
}

// topLevelPattern returns the position of a key pattern a package states
// at its top level, written there or in a struct it embeds ({[string]:
// T}, struct.MinFields(1) & {[string]: T}).
func (r *resolver) topLevelPattern() (Pos, bool) {
	var found ast.Node
	for decl := range r.decls() {
		switch x := decl.(type) {
		case *ast.Field:
			if _, isPattern := x.Label.(*ast.ListLit); isPattern && found == nil {
				found = x
			}
		case *ast.EmbedDecl:
			ast.Walk(x.Expr, func(n ast.Node) bool {
				if found != nil {
					return false
				}
				switch n := n.(type) {
				case *ast.StructLit:
					found = litPattern(n)
					return false // fields deeper are a field's own
				case *ast.BinaryExpr, *ast.ParenExpr, *ast.CallExpr:
					return true
				}
				return false
			}, nil)
		}
	}
	if found == nil {
		return Pos{}, false
	}
	return r.ps.of(found.Pos()), true
}

// litPattern returns the first key pattern a struct literal states, in
// its own fields or in a struct literal it embeds ({{[=~"."]: T}}), or
// nil.
func litPattern(lit *ast.StructLit) ast.Node {
	for _, e := range lit.Elts {
		switch e := e.(type) {
		case *ast.Field:
			if _, isPattern := e.Label.(*ast.ListLit); isPattern {
				return e
			}
		case *ast.EmbedDecl:
			if in, ok := e.Expr.(*ast.StructLit); ok {
				if n := litPattern(in); n != nil {
					return n
				}
			}
		}
	}
	return nil
}

// conjoins reports whether is holds of e, or of an operand of e, a
// conjunction, at any depth (matchIf(…) & {...} & close({…})).
func conjoins(e ast.Expr, is func(ast.Node) bool) bool {
	if is(e) {
		return true
	}
	if p, ok := e.(*ast.ParenExpr); ok {
		// matchN(…) & (struct.MinFields(1) & close({…})), as cue import
		// writes gaspar's root: the parentheses group, nothing more.
		return conjoins(p.X, is)
	}
	b, ok := e.(*ast.BinaryExpr)
	return ok && b.Op == token.AND && (conjoins(b.X, is) || conjoins(b.Y, is))
}

// isFieldCountCall reports whether e is a call of struct.MinFields or
// struct.MaxFields.
func isFieldCountCall(e ast.Node) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, xok := sel.X.(*ast.Ident)
	fn, fok := sel.Sel.(*ast.Ident)
	return xok && fok && importedAs(x) == "struct" && (fn.Name == "MinFields" || fn.Name == "MaxFields")
}

// closeBesideValidators reports whether e is a conjunction of close({…})
// and validator calls (matchN, matchIf, struct.MinFields/MaxFields)
// alone, parenthesized or not.
func closeBesideValidators(e ast.Expr) bool {
	closes, others := false, false
	var walk func(ast.Expr)
	walk = func(e ast.Expr) {
		switch x := e.(type) {
		case *ast.ParenExpr:
			walk(x.X)
		case *ast.BinaryExpr:
			if x.Op != token.AND {
				others = true
				return
			}
			walk(x.X)
			walk(x.Y)
		default:
			switch {
			case isCloseCall(x):
				closes = true
			case isValidatorCall(x), isFieldCountCall(x):
			default:
				others = true
			}
		}
	}
	walk(e)
	return closes && !others
}

// isValidatorCall reports whether e is a call of matchN or matchIf.
func isValidatorCall(e ast.Node) bool {
	call, ok := e.(*ast.CallExpr)
	return ok && (isIdentNamed(call.Fun, "matchN") || isIdentNamed(call.Fun, "matchIf"))
}

// holdsValidatorCall reports whether e is matchN(…) or matchIf(…), or a
// conjunction with one among its operands (jasmine's matchN(3, [#A, {…},
// #B & {...}]) & {...}, once left out: exit 0 and no document).
func holdsValidatorCall(e ast.Expr) bool {
	if p, ok := e.(*ast.ParenExpr); ok {
		return holdsValidatorCall(p.X)
	}
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.AND {
		return holdsValidatorCall(b.X) || holdsValidatorCall(b.Y)
	}
	return isValidatorCall(e)
}

// rootDefinition returns the object definition the package's top level
// embeds, when it embeds one and declares nothing else beside definitions
// (package config; #Config: {…}; #Config): the document is that object,
// already named, so there is no root object of its own. Else nil.
func (r *resolver) rootDefinition() *def {
	if d := r.soleEmbeddedDef(); d != nil && d.object != nil {
		return d
	}
	return nil
}

// embeddedChoice returns the definition the package embeds alone when it
// is a choice of kinds (a OneOf), a tuple, an enum, a scalar or a name for
// one (an alias): the package's document is of its type.
func (r *resolver) embeddedChoice() *def {
	d := r.soleEmbeddedDef()
	if d == nil || d.object != nil || d.union != nil || d.mapDef != nil {
		return nil
	}
	if d.oneOfAlts == nil && d.oneOf == nil && d.tuple == nil && d.enum == nil && d.scalar == nil && d.alias == nil {
		return nil
	}
	return d
}

// soleEmbeddedDef returns the definition of the package the top level
// embeds by name alone (#Config), or nil.
func (r *resolver) soleEmbeddedDef() *def {
	e, ok := r.soleEmbed()
	if !ok {
		return nil
	}
	id, ok := e.(*ast.Ident)
	if !ok || !strings.HasPrefix(id.Name, "#") {
		return nil
	}
	return r.defs[strings.TrimPrefix(id.Name, "#")]
}

// soleEmbed returns the one value the package's top level embeds, when
// it embeds one and declares nothing else beside definitions and hidden
// fields.
func (r *resolver) soleEmbed() (ast.Expr, bool) {
	var embeds []ast.Expr
	for decl := range r.decls() {
		switch x := decl.(type) {
		case *ast.EmbedDecl:
			embeds = append(embeds, x.Expr)
		case *ast.Field:
			name, _, err := ast.LabelName(x.Label)
			if err != nil || !(strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_")) {
				return nil, false // a field of the root object's own
			}
		case *ast.Package, *ast.ImportDecl, *ast.Attribute, *ast.CommentGroup, *ast.LetClause:
		default:
			return nil, false
		}
	}
	if len(embeds) != 1 {
		return nil, false
	}
	return embeds[0], true
}

// quotedDefs registers the definitions cue import writes under the
// definition # when their names are not identifiers (#: "per-son": {…},
// referred to as #."per-son"): each is a definition named by its key made
// a Go name (PerSon), so that every target can name it.
func (r *resolver) quotedDefs(sel cue.Selector, v cue.Value) {
	it, err := v.Fields(cue.Optional(true))
	if err != nil {
		r.errs = append(r.errs, r.ps.fromCUE(err, r.inst.Files...)...)
		return
	}
	for it.Next() {
		fsel, fv := it.Selector(), it.Value()
		key := fsel.Unquoted()
		name := spelledName(key)
		path := cue.MakePath(sel, fsel)
		if prev := r.defs[name]; prev != nil {
			r.errorf(r.pos(fv), "%s is named #%s after its key, but %s (%s) has that name; rename one of them", path, name, prev.origin(), prev.pos)
			continue
		}
		d := &def{name: name, v: fv, pos: r.pos(fv), doc: docText(fv.Doc()), path: path}
		if d.doc == "" {
			r.docf(d.pos, "definition %s has no doc comment: say what it means on the line above it", path)
		}
		r.defs[name] = d
		r.order = append(r.order, d)
	}
}

// rootValue makes the definition of a package whose value is not a
// struct (package test; 1 | 2 | "three"): named after the package as a
// root object is, at the declaration that embeds the value. Definitions
// beside such a value are read where valueBesideDefs tells the value from
// the struct that holds them (one value embedded once); one declared
// beside it otherwise is refused rather than left out.
func (r *resolver) rootValue() *def {
	pos := r.pkg.Pos
	ok := true
	for decl := range r.decls() {
		switch x := decl.(type) {
		case *ast.EmbedDecl:
			if pos == r.pkg.Pos {
				pos = r.ps.of(x.Pos())
			}
		case *ast.Field:
			if name, _, err := ast.LabelName(x.Label); err == nil && strings.HasPrefix(name, "#") {
				r.errorf(r.ps.of(x.Pos()), "%s: package %s is the value %v, not a struct, and its definitions are read beside such a value when the package embeds it once, and here schemagen cannot tell the value from the struct that holds them; move %s to a package of its own", name, r.pkg.Name, r.v, name)
				ok = false
			}
		}
	}
	if !ok {
		return nil
	}
	return r.valueDef(pos)
}

// valueDef makes the definition of the package's value, named after the
// package as a root object is, at pos: the package's value, or (set by
// the caller) the choice it embeds.
func (r *resolver) valueDef(pos Pos) *def {
	name := r.documentName()
	doc := fmt.Sprintf("%s is a document of package %s: the package's value.", name, r.pkg.Name)
	if r.pkg.Doc != "" {
		doc += "\n\n" + r.pkg.Doc
	}
	d := &def{name: name, v: r.v, pos: pos, doc: doc, pkg: r.pkg.Name}
	if prev := r.defs[name]; prev != nil {
		r.errorf(pos, "%s: the package's value is its document, %s after the package, but #%s (%s) has that name; rename #%s", r.pkg.Name, name, name, prev.pos, name)
	}
	r.defs[name] = d
	return d
}

// documentName is the name of the package's document (its value, or the
// object of its top-level fields): the package's Go name, or that with
// Document after it when a definition of the package has that Go name
// (package esquio beside #Esquio, as cue import writes a root $ref:
// EsquioDocument; package commands beside #commands: CommandsDocument).
func (r *resolver) documentName() string {
	name := GoName(r.pkg.Name)
	for n := range r.defs {
		if !strings.Contains(n, ".") && GoName(n) == name {
			return name + "Document"
		}
	}
	return name
}

// rootObject makes the object of a package's top-level fields (as cue
// import writes a JSON Schema's root properties): named after the package
// (package workflow: Workflow), documented by the package clause's doc,
// at the first such field.
func (r *resolver) rootObject(pos Pos) *def {
	name := r.documentName()
	doc := fmt.Sprintf("%s is a document of package %s: its top-level fields.", name, r.pkg.Name)
	if r.pkg.Doc != "" {
		doc += "\n\n" + r.pkg.Doc
	}
	d := &def{name: name, v: r.v, pos: pos, doc: doc, root: true, pkg: r.pkg.Name, lit: &ast.StructLit{}, classState: 2}
	closed, counted := false, false
	for decl := range r.decls() {
		switch x := decl.(type) {
		case *ast.Package, *ast.ImportDecl, *ast.Attribute, *ast.CommentGroup:
		case *ast.EmbedDecl:
			if isValidatorCall(x.Expr) {
				// matchN(1, [{a!: _, ...}, …]) embedded: the
				// object's validator, read once its fields are.
				d.validated = true
				continue
			}
			if conjoins(x.Expr, isValidatorCall) {
				// matchIf(…) & {...} & close({…}) embedded
				// (Dependabot's root, as cue import writes an
				// if/then/else beside properties): the
				// validator too, beside the struct.
				d.validated = true
			}
			if conjoins(x.Expr, isCloseCall) {
				// close({…}) embedded, alone or conjoined:
				// the package's value admits its fields only.
				closed = true
			}
			if r.closedHidden(x.Expr) {
				// _schema embedded, _schema: close({…}) (cue import
				// of a closed root that a $ref to "#" refers to):
				// closed as its value is.
				closed = true
			}
			if conjoins(x.Expr, isFieldCountCall) {
				counted = true
			}
			d.lit.Elts = append(d.lit.Elts, decl)
		default:
			d.lit.Elts = append(d.lit.Elts, decl)
		}
	}
	if prev := r.defs[name]; prev != nil {
		r.errorf(pos, "%s: the package's top-level fields are its root object, %s after the package, but #%s (%s) has that name; rename #%s", r.pkg.Name, name, name, prev.pos, name)
		return d
	}
	d.object = &Object{Name: name, Doc: d.doc, Pos: pos, Open: !closed}
	if counted {
		// struct.MinFields(1) & {…} embedded (settings.job's root):
		// how many members a document has, counted as a definition's.
		if fc, _, ok := r.fieldCounts(r.v, r.pkg.Name); ok && fc.has {
			d.object.MinFields, d.object.MaxFields = fc.min, fc.max
		}
	}
	r.pkg.Objects = append(r.pkg.Objects, d.object)
	return d
}

// inDefinition reads what follows as within d when d is a definition:
// closed, as CUE closes every struct in a definition (#L: [...{b?: int}],
// #M: {[string]: {…}}), not as whatever was resolved last (a library's
// open field left their structs open). A hidden field's value is read
// as where it is reached (hiddenRef), a library field's as before. It
// returns what restores the context.
func (r *resolver) inDefinition(d *def) func() {
	sels := r.pathOf(d.v).Selectors()
	if len(sels) == 0 || !sels[len(sels)-1].IsDefinition() || d.open {
		return func() {}
	}
	closedCtx := r.closedCtx
	// A map definition written close({[string]: {…}}) is closed at every
	// level too: CUE closes the structs in it wherever another value
	// holds it (#T: {m?: #M}), as a map is used; used alone, cue vet -d
	// '#M' leaves them open (close closes its own level), which an
	// object's closed copy tells apart (closedDefCopy) and a map's does
	// not yet.
	r.closedCtx = true
	return func() { r.closedCtx = closedCtx }
}

// classifyOnce classifies d unless it is, or is being, classified.
func (r *resolver) classifyOnce(d *def) {
	if d.classState != 0 {
		return
	}
	d.classState = 1
	if d.pos.IsValid() {
		r.here = d.pos // where a failure reading it is reported (resolveSafely)
	}
	defer r.inDefinition(d)()
	if fc, rest, ok := r.fieldCounts(d.v, d.ref()); !ok {
		d.classState = 2
		return
	} else if fc.has && rest.Exists() {
		// #A: struct.MinFields(1) & {…}: the object, its members counted.
		lit, isLit := structLit(sourceExpr(rest))
		// {a?: int, struct.MinFields(1)}: CUE gives the struct the count
		// is embedded in no source of its own beside the count; it was
		// read without the count, which was dropped without a word.
		embedded := sourceExpr(rest) == nil && rest.IncompleteKind() == cue.StructKind && embedsFieldCount(sourceExpr(d.v))
		if _, _, keyed := r.keyPattern(rest); keyed && (isLit || isCloseCall(sourceExpr(rest)) || embedded) {
			// #M: struct.MinFields(1) & close({[=~"re"]: T}) (lsdl's
			// entities): a map whose members are counted, a name for
			// the type a field of it has in place.
			r.here = d.pos
			closedCtx := r.closedCtx
			r.closedCtx = !d.root && !d.open
			if t, ok := r.typeOf(d.v, d.ref()); ok {
				d.alias = &Alias{Name: d.name, Doc: d.doc, Pos: d.pos, Type: t}
				r.pkg.Aliases = append(r.pkg.Aliases, d.alias)
			}
			r.closedCtx = closedCtx
			d.classState = 2
			return
		}
		if isLit && !isMapLiteral(lit) {
			d.v, d.counts = rest, fc
		} else if embedded || r.countedBesideValidators(d.v) {
			// matchN(1, […]) & (struct.MinFields(1) & close({…})), as
			// cue import writes a oneOf beside minProperties (Vector's
			// environment schemas): the object, its validators read
			// beside its fields, its members counted.
			d.counts = fc
		}
	}
	r.classify(d)
	if d.open && d.object != nil {
		d.object.Open = true // a hidden or library field's struct, open where it is (hiddenRef, fieldType)
	}
	if len(d.selfRefs) > 0 {
		r.namedList(d)
	}
	if d.counts.has {
		if d.object == nil {
			r.errorf(d.pos, "%s: struct.MinFields/MaxFields count an object's or a map's members; this definition is not one", d.ref())
		} else {
			d.object.MinFields, d.object.MaxFields = d.counts.min, d.counts.max
		}
	}
	d.classState = 2
}

// listDef reports whether d is written as an open list, [...T] (with
// constraints beside it or not): a list definition, which when it holds
// itself every target names.
func (r *resolver) listDef(d *def) bool {
	if d.v.IncompleteKind() != cue.ListKind {
		return false
	}
	found := false
	ast.Walk(sourceExpr(d.v), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			return n.Op == token.AND
		case *ast.ParenExpr:
			return true
		case *ast.ListLit:
			// [...T]: no leading item (a tuple holding itself is
			// not carried yet).
			if len(n.Elts) == 1 {
				if _, ok := n.Elts[0].(*ast.Ellipsis); ok {
					found = true
				}
			}
		}
		return false
	}, nil)
	return found
}

// namedList names d, a list definition that referred to itself while it
// was being classified: it is an alias marked Recursive, and each such
// reference its type with the alias set (HoldsItself), so that every
// target refers to it by name. One that is no list alias is refused.
func (r *resolver) namedList(d *def) {
	refs := d.selfRefs
	d.selfRefs = nil
	if d.alias == nil || d.alias.Type.Kind != ListKind || d.alias.Type.Alias != nil {
		if d.alias != nil || d.object != nil || d.oneOf != nil || d.union != nil || d.scalar != nil || d.enum != nil || d.tuple != nil || d.mapDef != nil {
			r.errorf(d.pos, "%s holds itself through a list, and is no list definition ([...T]) that every target could name; not carried", d.ref())
		}
		return
	}
	d.alias.Recursive = true
	for _, t := range refs {
		*t = *d.alias.Type
		t.Alias = d.alias
	}
}

// embedsFieldCount reports whether n is a struct literal that embeds
// struct.MinFields or struct.MaxFields, alone or conjoined ({a?: int,
// struct.MinFields(1)}, {a?: int, struct.MaxFields(1) & {b?: int}}).
func embedsFieldCount(n ast.Node) bool {
	lit, ok := n.(*ast.StructLit)
	if !ok {
		return false
	}
	return slices.ContainsFunc(lit.Elts, func(e ast.Decl) bool {
		em, ok := e.(*ast.EmbedDecl)
		return ok && conjoins(em.Expr, isFieldCountCall)
	})
}

// countedBesideValidators reports whether v's conjuncts are its
// struct.MinFields/MaxFields, matchN and matchIf validators, and one
// struct literal or close({…}) of one.
func (r *resolver) countedBesideValidators(v cue.Value) bool {
	lits := 0
	for _, c := range r.conjuncts(v) {
		src := sourceExpr(c)
		if isFieldCountCall(src) {
			continue
		}
		if call, ok := src.(*ast.CallExpr); ok && (isIdentNamed(call.Fun, "matchN") || isIdentNamed(call.Fun, "matchIf")) {
			continue
		}
		if lit, ok := structLit(closeArg(src)); ok && !isMapLiteral(lit) {
			lits++
			continue
		}
		return false
	}
	return lits == 1
}

// fieldCount is what struct.MinFields and struct.MaxFields say of a value.
type fieldCount struct {
	min, max *int
	has      bool
	// open: the struct beside them is written with ... (struct.MinFields(1)
	// & {{[=~"^\\d+$"]: string}, ...}), which CUE's conjuncts of the
	// value no longer show once they split its embedding from it.
	open bool
}

// fieldCountCall reports whether c is a call of struct.MinFields or
// struct.MaxFields, with the function's name and its argument.
func (r *resolver) fieldCountCall(c cue.Value) (fn *ast.Ident, arg cue.Value, ok bool) {
	op, args := r.expr(c)
	if op != cue.CallOp || len(args) != 2 {
		return nil, cue.Value{}, false
	}
	sel, isSel := args[0].Source().(*ast.SelectorExpr)
	if !isSel {
		return nil, cue.Value{}, false
	}
	x, xok := sel.X.(*ast.Ident)
	fn, fok := sel.Sel.(*ast.Ident)
	if !xok || !fok || importedAs(x) != "struct" || (fn.Name != "MinFields" && fn.Name != "MaxFields") {
		return nil, cue.Value{}, false
	}
	return fn, args[1], true
}

// countsAlone reports whether a is a call of struct.MinFields or
// struct.MaxFields, or a conjunction of such calls alone.
func (r *resolver) countsAlone(a cue.Value) bool {
	if _, _, isCount := r.fieldCountCall(a); isCount {
		return true
	}
	op, args := r.expr(a)
	if op != cue.AndOp || len(args) == 0 {
		return false
	}
	for _, x := range args {
		if !r.countsAlone(x) {
			return false
		}
	}
	return true
}

// fieldCounts reads struct.MinFields(n) and struct.MaxFields(n) among v's
// conjuncts: bounds on how many members an object or map has, which every
// target counts (JSON Schema's minProperties and maxProperties). rest is v
// without them: its one other conjunct, the others unified when it has
// several, or no value when they are all there is (an object of any
// members).
func (r *resolver) fieldCounts(v cue.Value, what string) (fc fieldCount, rest cue.Value, ok bool) {
	var others []cue.Value
	ok = true
	for _, c := range r.conjuncts(v) {
		fn, arg, isCount := r.fieldCountCall(c)
		if !isCount {
			others = append(others, c)
			continue
		}
		n, err := arg.Int64()
		if err != nil || n < 0 || n > math.MaxInt32 {
			r.errorf(r.pos(c), "%s: struct.%s needs a count, a non-negative integer literal", what, fn.Name)
			ok = false
			continue
		}
		i := int(n)
		fc.has = true
		if fn.Name == "MinFields" {
			fc.min = maxPtr(fc.min, &i)
		} else {
			fc.max = minPtr(fc.max, &i)
		}
	}
	if fc.has {
		ast.Walk(sourceExpr(v), func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr, *ast.ParenExpr:
				return true
			case *ast.StructLit:
				fc.open = fc.open || hasEllipsis(n)
			}
			return false
		}, nil)
	}
	switch {
	case !fc.has:
		return fc, v, ok
	case len(others) == 1:
		return fc, others[0], ok
	case len(others) > 1:
		if op, args := r.expr(v); op == cue.AndOp {
			// struct.MaxFields(2) & {sha256!: string, {[!~"^(sha256)$"]:
			// string}} (cue import's maxProperties beside
			// additionalProperties: Azure's device update manifest):
			// the struct whole, whose embedding conjuncts flattens.
			// Unified apart, in a definition, the embedded pattern's
			// struct is closed to sha256 ("field not allowed").
			// struct.MinFields(1) & struct.MaxFields(1) & {…} is
			// (MinFields & MaxFields) & {…}: counts alone on a side
			// are left out too (Bamboo's task item).
			var whole []cue.Value
			for _, a := range args {
				if !r.countsAlone(a) {
					whole = append(whole, a)
				}
			}
			if len(whole) == 1 {
				return fc, whole[0], ok
			}
		}
		// {…} & {…} & struct.MaxFields(n): the others unified, without
		// the count (v itself would be counted again, without end).
		kinds := cue.TopKind
		for _, o := range others {
			kinds &= o.IncompleteKind()
		}
		if kinds == cue.BottomKind {
			// {#D, o1: uint8} with #D: {o1!: struct.MinFields(1) & {…,
			// if mode != "a" {…}}} (differential seed 32292): parts of
			// no one kind admit no value, and CUE's evaluator, asked
			// to unify them apart, recursed without end (a bound
			// validating the struct), a stack overflow that no recover
			// catches: generate died. CUE's own error of v says why.
			msg := "its parts are of no one kind"
			if err := v.Err(); err != nil {
				msg = cueErrText(err)
			}
			r.errorf(r.pos(v), "%s: CUE evaluates it to an error (%s), so there is no type to carry", what, msg)
			return fc, cue.Value{}, false
		}
		u := others[0]
		for _, o := range others[1:] {
			u = u.Unify(o)
		}
		return fc, u, ok
	}
	return fc, cue.Value{}, ok
}

// closedWithIf reports whether v is close({…}) of a struct with an if
// that tests a field of its own (close({mode!: "a" | "b", if mode != "a"
// {h?: string}})) and CUE lists no field of it: CUE v0.17.1 evaluates the
// close before the data is unified, reports the tested field missing,
// and refuses every document (cue vet -d '#T' of {"mode": "a"}: "required
// field missing: mode"), where the same struct without close is read as
// any other.
func (r *resolver) closedWithIf(v cue.Value) bool {
	if v.IncompleteKind() != cue.BottomKind {
		return false
	}
	call, ok := sourceExpr(v).(*ast.CallExpr)
	if !ok || !isCloseCall(call) || len(call.Args) != 1 {
		return false
	}
	lit, ok := call.Args[0].(*ast.StructLit)
	if !ok || !hasComprehension(lit) {
		return false
	}
	fs, err := r.fields(v, false)
	return err == nil && len(fs) == 0
}

// classify decides what a definition is: an enum or union (a disjunction),
// an object (a struct literal) or a constrained scalar.
func (r *resolver) classify(d *def) {
	if alts := r.netSplice(d.v); alts != nil {
		// #Addr: net.IP: the choice of kinds CUE reads is the
		// definition's own, named after it, as #Addr: string |
		// [...uint8] is.
		d.oneOfAlts = alts
		return
	}
	if dv, has := d.v.Default(); has && dv.IncompleteKind() == cue.StructKind {
		if alts, ok := r.objectAlts(d.v); ok {
			// #U: *#A | #B, *#A | #V: a union with a default, whose
			// alternatives CUE's Expr may fold (objectAlts).
			d.altDefs = alts
			d.union = &Union{Name: d.name, Doc: d.doc, Pos: d.pos}
			r.pkg.Unions = append(r.pkg.Unions, d.union)
			return
		}
	}
	if alts, vs, ok := r.unionDefsStatedAgain(d.v); ok {
		// #registry: #client | #select | …, and #registry: {kind!:
		// string} beside it (cue-labs/oci's ocisrv, where #select
		// holds a #registry): the struct says again what every
		// alternative says, so the value is the union of the
		// definitions, each variant the definition's own type. A
		// default among them (*#client | …) is the one CUE's default
		// of the value is (defaultByValue).
		d.altDefs, d.unionAlts = alts, vs
		d.union = &Union{Name: d.name, Doc: d.doc, Pos: d.pos}
		r.pkg.Unions = append(r.pkg.Unions, d.union)
		return
	}
	if x, ok := r.droppedWithoutData(d.v); ok {
		r.refuseDropped(d.ref(), d.pos, x)
		return
	}
	if x, ok := r.allOfOne(d.v); ok {
		// #X: matchN(2, [#A, _]) is #A.
		d.v = x
		r.classify(d)
		return
	}
	if e := r.countedObjectRef(d); e != nil {
		// #G: #I, #I matchN(1, [#T, #U]) of objects (enonic's
		// #formItemDef): a name for #I's object, its counts its own,
		// where a copy would list the fields of a value that is the
		// count alone, which CUE cannot.
		d.alias = &Alias{Name: d.name, Doc: d.doc, Pos: d.pos, Type: &Type{Kind: ObjectKind, Object: e.object}}
		r.pkg.Aliases = append(r.pkg.Aliases, d.alias)
		return
	}
	op, args := r.disjunction(d.v)
	exactLists, counted := false, false
	if r.countOfNoneOrAll(d.v) && r.kindOf(d.v) == cue.TopKind {
		// #P: matchN(>=1, [matchN(0, [X]), Y]), "if X then Y": a count
		// on a value of any type (anyMatchN), not a choice of kinds, a
		// name for the type typeOf reads.
		r.here = d.pos
		if t, ok := r.typeOf(d.v, d.ref()); ok {
			d.alias = &Alias{Name: d.name, Doc: d.doc, Pos: d.pos, Type: t}
			r.pkg.Aliases = append(r.pkg.Aliases, d.alias)
		}
		return
	}
	if alts, ok := r.matchOne(d.v); ok && !r.countedObjects(d.v) {
		if _, _, overlap := r.exactOverlap(d.v, alts); overlap && r.onlyListsOverlap(alts) && len(r.listAlts(alts)) < len(alts) {
			// #R: matchN(1, [string, [...string], [...int]]): a
			// choice of kinds whose lists are counted (countedLists),
			// none dropped for another that admits it; null among
			// them makes every use nullable, as below.
			exactLists = true
		} else if overlap {
			// #P: matchN(1, [=~"^a", =~"b$"]): a count, not a choice
			// (a value both admit is refused), a name for the type
			// typeOf reads (countedScalars), or its refusal where
			// the alternatives are of several kinds
			// (matchN(1, ["a", string, int]) was read as string | int).
			r.here = d.pos
			if t, ok := r.typeOf(d.v, d.ref()); ok {
				d.alias = &Alias{Name: d.name, Doc: d.doc, Pos: d.pos, Type: t}
				r.pkg.Aliases = append(r.pkg.Aliases, d.alias)
			}
			return
		}
		op, args = cue.OrOp, alts
		counted = true
	} else if op == cue.AndOp {
		if cs := r.conjuncts(d.v); len(cs) > 1 {
			if rest := r.withoutTops(cs); len(rest) == 1 {
				// #A & (null | … | {…}) with #A: _ (cue import of a
				// $ref to a schema true beside other keywords): _ & T
				// is T.
				d.v = rest[0]
				r.classify(d)
				return
			}
		}
		parts, ok, failed := r.kindwise(r.conjuncts(d.v), d.ref(), d.pos)
		if failed {
			return // said
		}
		if ok {
			// #ref: matchN(1, [X, null]) & (null | Y) is X & Y, and
			// every use of #ref may be null.
			op, args = cue.OrOp, parts
		}
	}
	if op == cue.OrOp && !exactLists {
		args = r.dropRedundant(r.kindRefAlts(d, args, 0)) // "bash" | string is string
	}
	if op == cue.OrOp && len(args) == 1 {
		// matchN(1, [T]) is T; "bash" | string is string.
		if lit, isLit := sourceExpr(args[0]).(*ast.StructLit); counted && isLit && !unifiesAsMatched(lit) {
			// #M: matchN(1, [{a!: _}]): the literal is judged as a
			// value of its own, open, a regular field left out
			// matching (it was read as the literal, closed).
			d.match, d.count = true, d.v
		}
		d.v = args[0]
		r.classify(d)
		return
	}
	if op == cue.OrOp {
		// #X: T | null is T, and every use of #X may be null.
		nonNull := withoutNull(args)
		if len(nonNull) == 0 {
			// null | null is null (was read as an enum of no
			// members, which admitted any string).
			d.v = args[0]
			r.classify(d)
			return
		}
		if len(nonNull) < len(args) {
			d.nullable = true
		}
		if d.nullable && len(nonNull) == 1 {
			d.v = nonNull[0]
			r.classify(d)
			return
		}
		args = nonNull
		if members, ok := r.enumRefs(args); ok {
			// #AllRulesSelector | #RuleName, a constant "ALL" and an
			// enum of rule names (ryl's #PerLineRule, matchN(>=1,
			// […]) of them): one enum of all their members.
			args = members
		}
		var strs, refs int
		for _, a := range args {
			if a.IncompleteKind() == cue.StringKind && a.IsConcrete() {
				strs++
			} else if _, ok := r.refName(a); ok && (objectKind(a.IncompleteKind()) || a.IncompleteKind() == cue.BottomKind) {
				// A reference to an object (or a union, or either
				// nullable, or one CUE leaves incomplete, as an if
				// on a required field does) is a variant; to another
				// kind, an alternative of a disjunction of kinds
				// (cargo's lint: matchN(>=1, [#LintLevel, #DetailedLint])).
				refs++
			}
		}
		switch {
		case len(args) > 1 && len(r.listAlts(args)) == len(args):
			// #L: [...string] | [...int]: a list its alternatives
			// count, a name for it (Alias), read as a definition's
			// alternatives are (closed).
			r.here = d.pos
			closedCtx := r.closedCtx
			r.closedCtx = !d.root && !d.open
			if t, ok := r.countedLists(d.v, args, d.ref(), d.pos); ok {
				d.alias = &Alias{Name: d.name, Doc: d.doc, Pos: d.pos, Type: t}
				r.pkg.Aliases = append(r.pkg.Aliases, d.alias)
			}
			r.closedCtx = closedCtx
		case strs == len(args):
			r.resolveEnum(d, args)
		case refs == len(args):
			d.union = &Union{Name: d.name, Doc: d.doc, Pos: d.pos}
			r.pkg.Unions = append(r.pkg.Unions, d.union)
		case r.isChoice(args):
			// "auto" | =~"^[0-9]+$": a choice among constraints, a name
			// for it (Alias) that every use has as its own.
			r.here = d.pos
			if t, _, ok := r.choice(args, d.ref()); ok {
				d.alias = &Alias{Name: d.name, Doc: d.doc, Pos: d.pos, Type: t}
				r.pkg.Aliases = append(r.pkg.Aliases, d.alias)
			}
		default:
			// Types of different JSON kinds (string | [...string]): a
			// OneOf, resolved with the fields, once every definition is
			// classified.
			d.oneOfAlts = args
		}
		return
	}
	if pat, elem, ok := r.keyPattern(d.v); ok {
		// #M: {[=~"re"]: T}, also embedded: a map whose keys match re
		// (a definition is closed, so no other key is allowed).
		d.keyPattern, d.keyElem = pat, elem
		d.mapDef = &Map{Name: d.name, Doc: d.doc, Pos: d.pos}
		r.pkg.Maps = append(r.pkg.Maps, d.mapDef)
		return
	}
	if src := sourceExpr(d.v); src != nil && !embedsScalar(d.v) {
		if lit, ok := structLit(src); ok {
			d.lit = lit
			// #M: {[string]: T}: a map. Several patterns, {[string]:
			// int, [=~"^a"]: int & >0}, are an object of member
			// patterns alone, read as one beside fields is (CUE applies
			// every pattern a member's name matches).
			if isMapLiteral(lit) && len(patterns(lit)) == 1 {
				d.mapDef = &Map{Name: d.name, Doc: d.doc, Pos: d.pos}
				r.pkg.Maps = append(r.pkg.Maps, d.mapDef)
				return
			}
			open := hasEllipsis(lit) || r.embedsOpen(lit, d.v) || d.match // as written, before any {...} below
			if r.embedsOpenBesideValidator(d.v) {
				// #E: {#W}, #W: {b?: int} & matchN(…): open, as CUE
				// leaves #W, and every struct written in it.
				open, d.open = true, true
			}
			if d.v.IncompleteKind() == cue.NullKind|cue.StructKind {
				// #E: {#N, b?: int} with #N: null | close({…}): CUE
				// makes it null or the struct of both (an embedded
				// null is the whole value where the literal's own
				// fields are optional): the object, nullable, whose
				// fields CUE lists once null is ruled out.
				d.nullable = true
				d.v = d.v.Unify(d.v.Context().CompileString("{...}"))
			}
			d.object = &Object{Name: d.name, Doc: d.doc, Pos: d.pos, Open: open, Match: d.match}
			d.open = d.open || d.match
			r.pkg.Objects = append(r.pkg.Objects, d.object)
			return
		}
	}
	// #A: {…} & matchN(1, [{run!: _, ...}, …]): an object whose matchIf
	// or matchN is read once its fields are (validated). CUE may make the
	// definition itself an error (its fields all absent match none of
	// the alternatives), so its kind is not asked.
	vname, isValidated := r.validatorOf(d.v)
	objectValidated := isValidated && (vname == "matchIf" || vname == "matchN") && (r.hasFields(d.v) || r.validatedOpen(d.v))
	structKind := d.v.IncompleteKind() == cue.StructKind
	if !structKind && d.v.IncompleteKind() == cue.BottomKind && r.hasFields(d.v) {
		// #T: #P & {…}, #P with an if clause on a required field (if
		// ext {…}, ext!: bool): CUE makes the value an error until the
		// data gives the field, as it does #P's, whose literal says it
		// is an object; so does a conjunction of objects.
		if e, ok := sourceExpr(d.v).(ast.Expr); ok && r.conjoinsObjects(e) {
			structKind = true
		}
	}
	if _, isRef := r.refName(d.v); !isRef && (objectValidated || structKind && (!r.hasPattern(d.v) || r.hasFields(d.v))) {
		if !isValidated || objectValidated {
			// #A: _hidden, #A: _a & _b, #A: #S & {…}: an object whose
			// fields CUE lists, as for an embedding; open when #S is.
			d.lit = r.openLit(d.v)
			open := hasEllipsis(d.lit)
			if objectValidated && r.openBesideValidator(d.v) || r.openParts[d.v] || r.embedsOpenBesideValidator(d.v) {
				// #Step: {run?: string, …} & matchN(1, […]): open,
				// and every struct written in it, as CUE leaves it.
				open, d.open = true, true
			}
			d.object = &Object{Name: d.name, Doc: d.doc, Pos: d.pos, Open: open}
			d.validated = isValidated
			r.pkg.Objects = append(r.pkg.Objects, d.object)
			return
		}
	}
	if name, ok := r.refName(d.v); ok {
		// #B: #A, where #A is a constant, scalar, enum or other type
		// that is not an object: a name for #A's type (Go and
		// TypeScript: an alias), as cue get go writes an enum of one
		// member (#enumX: #XFailure).
		if a := r.defs[name]; a != nil && a != d {
			r.classifyOnce(a)
			if a.object != nil && !a.root {
				// #Latest: #V2, with #V2 an object: an object of its
				// own with the fields CUE lists, as for #A: _hidden
				// (the same values, its own name in every target),
				// written as #V2's literal (its ..., its patterns).
				d.lit = &ast.StructLit{}
				if lit, ok := a.literal(); ok {
					d.lit = lit
				}
				d.object = &Object{Name: d.name, Doc: d.doc, Pos: d.pos, Open: hasEllipsis(d.lit)}
				if r.openDefBesideValidator(a) {
					// #Latest: #W, #W: {b?: int} & matchN(…): open, as
					// CUE leaves #W (it was closed in the strict set).
					d.object.Open, d.open = true, true
				}
				// And #V2's count of members (#V2: struct.MinFields(1)
				// & {…}), which CUE's value of #Latest holds too.
				d.object.MinFields, d.object.MaxFields = a.object.MinFields, a.object.MaxFields
				r.pkg.Objects = append(r.pkg.Objects, d.object)
				return
			}
			if a.object == nil {
				// #Script: #Source, with #Source a union: a name for it
				// (every use is the union, decoded by its own code).
				r.here = d.pos
				if t, ok := r.refType(d.v, name, d.what()); ok {
					d.alias = &Alias{Name: d.name, Doc: d.doc, Pos: d.pos, Type: t}
					r.pkg.Aliases = append(r.pkg.Aliases, d.alias)
				}
				return
			}
		}
		r.errorf(d.pos, "%s is #%s under another name; a union (or a definition that holds itself) is not carried twice: each variant belongs to one union, which decodes it by its discriminator; refer to #%s (a union lists two or more variants: #A | #B)", d.ref(), name, name)
		return
	}
	r.here = d.pos
	t, ok := r.basic(d.v, d.what())
	if !ok {
		return
	}
	if t.Kind == TupleKind && t.Tuple.Name == d.name {
		// #Pair: [string, int]: the tuple is named after the definition.
		t.Tuple.Doc = d.doc
		d.tuple = t
		return
	}
	if t.Kind != BasicKind || len(t.Choice) > 0 || t.MatchIf != nil {
		// #Version: "v1", #Names: [...string], #Any: _: a name for a
		// type, which every use has as its own (Alias); so is a
		// choice among constants of one base (N1: *2 | (1 | 2 | 3) in
		// a library of types), and a matchIf on a scalar
		// (specmatic's #GuardedSubstitutionString: matchIf(=~"^\\$\\{",
		// #SubstitutionExpression & string, string) & string), which
		// a Scalar's constraints do not hold: every use carries them,
		// as one written in place.
		d.alias = &Alias{Name: d.name, Doc: d.doc, Pos: d.pos, Type: t}
		r.pkg.Aliases = append(r.pkg.Aliases, d.alias)
		return
	}
	d.scalar = &Scalar{Name: d.name, Doc: d.doc, Pos: d.pos, Base: t.Base, Constraints: t.Constraints}
	r.pkg.Scalars = append(r.pkg.Scalars, d.scalar)
}

// enumRefs returns the string constants of alts, each a string constant
// or a reference to a definition that is one or a disjunction of them (an
// enum), when one at least is such a reference: a value is one of their
// members, which are the members of one enum. ok is false otherwise.
func (r *resolver) enumRefs(alts []cue.Value) (members []cue.Value, ok bool) {
	return r.enumRefsAt(alts, 0)
}

// enumRefsAt is enumRefs at depth, the number of definitions followed to
// get here: an enum may be a choice of enums that are choices of enums
// (Vega-Lite's #TimeUnit: matchN(>=1, [#SingleTimeUnit, #MultiTimeUnit]),
// each matchN(>=1, [#Local…, #Utc…]) of string constants), whose members
// are all of theirs.
func (r *resolver) enumRefsAt(alts []cue.Value, depth int) (members []cue.Value, ok bool) {
	isConst := func(a cue.Value) bool { return a.IncompleteKind() == cue.StringKind && a.IsConcrete() }
	if depth > 16 {
		return nil, false // #A: "a" | #B, #B: "b" | #A: read no further
	}
	refs := 0
	for _, a := range alts {
		name, isRef := r.refName(a)
		if isConst(a) && !isRef {
			members = append(members, a)
			continue
		}
		if !isRef || r.defs[name] == nil {
			return nil, false
		}
		refs++
		v := r.defs[name].v
		if isConst(v) {
			members = append(members, v)
			continue
		}
		op, args := r.disjunction(v)
		exactlyOne := false
		if op != cue.OrOp {
			// matchN(1, […]), matchN(>=1, […]) of enums, as cue import
			// writes oneOf and anyOf.
			in, isMatch := r.matchOne(v)
			if !isMatch {
				return nil, false
			}
			_, margs := r.expr(v)
			exactlyOne = len(margs) == 3 && margs[1].IsConcrete()
			args = in
		}
		if !all(args, isConst) {
			sub, subOK := r.enumRefsAt(args, depth+1)
			if !subOK {
				return nil, false
			}
			args = sub
		}
		if exactlyOne && hasDuplicateString(args) {
			// matchN(1, [#A, #B]) with a member both hold: CUE refuses
			// that member, which one enum of them all would admit.
			return nil, false
		}
		members = append(members, args...)
	}
	return members, refs > 0
}

// allStringEnumRefs reports whether every alternative is a string constant
// or a reference to a definition that is an enum the resolver made of a
// disjunction of constants alone ("a" | #E, #E: "b" | "c"), which the
// choice of kinds reads as it always has; a reference to a choice of
// enums (#S: matchN(>=1, [#A, #B])) it cannot read, and enumRefs can.
func (r *resolver) allStringEnumRefs(alts []cue.Value) bool {
	for _, a := range alts {
		name, isRef := r.refName(a)
		if !isRef {
			continue
		}
		d := r.defs[name]
		if d == nil {
			return false
		}
		if op, args := r.disjunction(d.v); !(d.v.IsConcrete() || op == cue.OrOp && allStringConsts(args)) {
			return false
		}
	}
	return true
}

// enumBesideConstantRef reports whether alts name both a definition that
// is an enum and one that is a string constant (#E1 | #E2, #E1: "a" |
// "b", #E2: "c"), which the choice of kinds would read as two strings
// (it was refused as "two alternatives are a JSON string"): one enum of
// all their members, as #E1 | "c" is.
func (r *resolver) enumBesideConstantRef(alts []cue.Value) bool {
	enum, constant := false, false
	for _, a := range alts {
		name, isRef := r.refName(a)
		if !isRef || r.defs[name] == nil {
			continue
		}
		if v := r.defs[name].v; v.IsConcrete() {
			constant = true
		} else if op, _ := r.disjunction(v); op == cue.OrOp {
			enum = true
		}
	}
	return enum && constant
}

// hasDuplicateString reports whether two of vs are the same string.
func hasDuplicateString(vs []cue.Value) bool {
	seen := map[string]bool{}
	for _, v := range vs {
		s, _ := v.String()
		if seen[s] {
			return true
		}
		seen[s] = true
	}
	return false
}

func (r *resolver) resolveEnum(d *def, args []cue.Value) {
	e := &Enum{Name: d.name, Doc: d.doc, Pos: d.pos}
	seen := map[string]bool{}
	for _, a := range args {
		s, _ := a.String()
		p := r.pos(a)
		if seen[s] {
			// "Local" | "Local": CUE's disjunction is the one value
			// (cue get go writes one for a deprecated constant that
			// has a member's value); the first is the member.
			continue
		}
		seen[s] = true
		doc := r.comments.above(a.Pos().Filename(), a.Pos().Line())
		if p.Line == d.pos.Line {
			doc = "" // the comment above is the enum's own, not the member's
		}
		if doc == "" {
			r.docf(p, "%s: member %q has no doc comment: say what it means on the line above it", d.ref(), s)
		}
		e.Members = append(e.Members, &Member{Value: s, Doc: doc, Pos: p})
	}
	d.enum = e
	r.pkg.Enums = append(r.pkg.Enums, e)
}

// refName returns the name of the top-level definition v refers to, if v is
// exactly such a reference: within a definition, which CUE closes at
// every level, the closed copy of a definition written close({…}) with a
// struct in it that close leaves open (closedDefCopy).
func (r *resolver) refName(v cue.Value) (string, bool) {
	name, ok := r.refNameOf(v)
	if ok && r.closedCtx {
		if c, copied := r.closedDefCopy(name, v); copied {
			return c, true
		}
	}
	return name, ok
}

// closedDefCopy returns the closed copy (SClosed) of the definition name
// when it is written close({…}) and holds a struct literal close leaves
// open: CUE v0.17.1 closes a definition written so at its own level only
// (cue vet -d '#S' accepts {"a": {"x": 1}} for #S: close({a?: {b?:
// int}})), and closes every level of it where another definition refers
// to it (#T: {s?: #S} refuses {"s": {"a": {"x": 1}}}: differential seed
// 75353). The copy is registered on first use and resolved as a
// definition that closes every level, as a library field's closed copy
// is (fieldTypeRef).
func (r *resolver) closedDefCopy(name string, v cue.Value) (string, bool) {
	d := r.defs[name]
	if d == nil || d.field || d.root || d.pkg != "" || d.closedCopy || d.at != "" || !r.closesItself(d.v) || !openInside(sourceExpr(d.v)) {
		return "", false
	}
	closed := name + "Closed"
	if c := r.defs[closed]; c != nil {
		if !c.closedCopy || c.copyOf != d {
			r.errorf(r.pos(v), "%s: %s is the closed object %s here (within a definition), but %s (%s) has that name; rename one of them", d.ref(), d.ref(), closed, c.origin(), c.pos)
		}
		return closed, true
	}
	r.classifyOnce(d)
	if d.object == nil {
		return "", false // not an object: close leaves nothing open
	}
	c := &def{name: closed, path: d.path, from: d.from, closedCopy: true, copyOf: d, counts: d.counts}
	closedCtx := r.closedCtx
	r.register(c, v, d.v)
	r.closedCtx = closedCtx
	return closed, true
}

// openInside reports whether e, a definition's close({…}), holds a struct
// literal that close leaves open: one of its fields' values (or a list's
// items, a pattern's values, an alternative or operand of them), written
// in place with no ... and not close({…}) itself.
func openInside(e ast.Node) bool {
	var lit *ast.StructLit
	ast.Walk(e, func(n ast.Node) bool {
		if lit != nil {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && isCloseCall(c) && len(c.Args) == 1 {
			lit, _ = c.Args[0].(*ast.StructLit)
			return false
		}
		return true
	}, nil)
	if lit == nil {
		return false
	}
	var plain func(ast.Expr) bool
	plain = func(x ast.Expr) bool {
		switch x := x.(type) {
		case *ast.StructLit:
			if !hasEllipsis(x) {
				return true
			}
			return fieldsPlain(x, plain)
		case *ast.ListLit:
			for _, el := range x.Elts {
				if ell, ok := el.(*ast.Ellipsis); ok {
					if ell.Type != nil && plain(ell.Type) {
						return true
					}
				} else if plain(el) {
					return true
				}
			}
		case *ast.BinaryExpr:
			return plain(x.X) || plain(x.Y)
		case *ast.UnaryExpr:
			return plain(x.X)
		case *ast.ParenExpr:
			return plain(x.X)
		}
		return false
	}
	return fieldsPlain(lit, plain)
}

// fieldsPlain reports whether plain holds of a value of one of lit's
// fields, patterns included.
func fieldsPlain(lit *ast.StructLit, plain func(ast.Expr) bool) bool {
	for _, el := range lit.Elts {
		if f, ok := el.(*ast.Field); ok && plain(f.Value) {
			return true
		}
	}
	return false
}

// refNameOf is refName before any closed copy.
func (r *resolver) refNameOf(v cue.Value) (string, bool) {
	root, path := r.referencePath(v)
	sels := path.Selectors()
	if len(sels) == 0 {
		return "", false
	}
	if _, ok := r.scopedDef(v); ok {
		return "", false // read in place (fieldRef)
	}
	if name, ok := r.fieldTypeRef(v); ok {
		return name, true // Panel, in a library of types
	}
	if name, ok := r.foreignFieldType(v, root, path); ok {
		return name, true // prompt.Question, which holds itself
	}
	if len(sels) == 2 && (sels[0].String() == "#" || sels[0].LabelType() == cue.HiddenDefinitionLabel) && sels[1].LabelType() == cue.StringLabel {
		// #."per-son", _#defs."/x-other": a definition of a name CUE
		// cannot write as an identifier (quotedDefs), under # or a
		// hidden definition as cue import writes them.
		return r.nested(v, root, spelledName(sels[1].Unquoted()), path), true
	}
	// A definition of a name CUE cannot write as an identifier within a
	// definition (#Workflow: {#: "working-directory": string}, referred to
	// as #["working-directory"]): named by its path as a definition within
	// a definition is, its key made a Go name (WorkflowWorkingDirectory).
	var quoted string
	if n := len(sels); n > 2 && sels[n-2].String() == "#" && sels[n-1].LabelType() == cue.StringLabel {
		quoted, sels = spelledName(sels[n-1].Unquoted()), sels[:n-2]
	}
	if len(sels) > 1 && sels[0].LabelType() == cue.HiddenLabel && quoted == "" && r.ownPackage(root) {
		// _schema.#docker, a definition within a hidden field
		// (bamboo-spec's _schema, which the package embeds and its own
		// fields hold again), and _schema._#defs."/x" of cue import: the
		// package's own #docker or _#defs."/x" when the embedding
		// brings the same declaration there, else named by its path
		// (schemaDocker), as one within a definition is.
		var own, name string
		switch {
		case len(sels) == 3 && (sels[1].String() == "#" || sels[1].LabelType() == cue.HiddenDefinitionLabel) && sels[2].LabelType() == cue.StringLabel:
			own = spelledName(sels[2].Unquoted())
			name = foreignName(strings.TrimPrefix(sels[0].String(), "_"), own)
		case all(sels[1:], cue.Selector.IsDefinition):
			if len(sels) == 2 {
				own = strings.TrimPrefix(sels[1].String(), "#")
			}
			name = strings.TrimPrefix(sels[0].String(), "_")
			for _, s := range sels[1:] {
				name = foreignName(name, strings.TrimPrefix(s.String(), "#"))
			}
		default:
			return "", false
		}
		if d := r.defs[own]; d != nil && own != "" && d.path.String() == cue.MakePath(sels[1:]...).String() && r.pos(d.v) == r.pos(root.LookupPath(path)) {
			return own, true
		}
		return r.nested(v, root, name, path), true
	}
	if name, ok := fieldDefName(sels, quoted); ok && r.ownPackage(root) {
		// protection.#reviews, protection._#defs."/$defs/x" (cuetf's
		// Terraform schemas: a cue import'ed schema in each top-level
		// field): a definition within a regular field, which no data
		// sets, named by its path once (protectionReviews). Read in
		// place at each use instead, matchN(1, [#x, [...#x]]) at every
		// level made each one a type once per path to it, 2^depth.
		return r.nested(v, root, name, path), true
	}
	for _, s := range sels {
		if !s.IsDefinition() {
			return "", false
		}
	}
	// A definition within a definition (#x.#Baz) is named by its path
	// (xBaz: Go XBaz), as an inline struct is.
	name := strings.TrimPrefix(sels[0].String(), "#")
	// A hidden definition (_#base), which CUE keeps out of the package's
	// exported definitions, is registered when a reference reaches it,
	// named without its _# (base: Go Base).
	hiddenDef := sels[0].LabelType() == cue.HiddenDefinitionLabel
	if hiddenDef {
		name = strings.TrimPrefix(sels[0].String(), "_#")
	}
	for _, s := range sels[1:] {
		name = foreignName(name, strings.TrimPrefix(s.String(), "#"))
	}
	if quoted != "" {
		name = foreignName(name, quoted)
	}
	if !r.ownPackage(root) {
		return r.foreign(v, root, root.BuildInstance(), name, path), true
	}
	if len(sels) > 1 || hiddenDef || quoted != "" {
		return r.nested(v, root, name, path), true
	}
	return name, true
}

// ownPackage reports whether root, the root a reference resolves in, is
// the package's own rather than an imported package's.
func (r *resolver) ownPackage(root cue.Value) bool {
	bi := root.BuildInstance()
	return bi == nil || bi == r.inst || bi.Dir == r.inst.Dir
}

// embedsScalar reports whether v, written as a struct literal, is a value
// of no struct kind: one that embeds a scalar beside definitions and
// hidden fields alone, as cue import of a protobuf enum of one member
// writes it ({"FAIL_OPEN", #enumValue: 0}, the string "FAIL_OPEN").
func embedsScalar(v cue.Value) bool {
	k := v.IncompleteKind()
	return k != cue.BottomKind && k&(cue.StructKind|cue.ListKind) == 0
}

// isMapLiteral reports whether a struct literal states only pattern
// constraints ([string]: T): a named map rather than an object.
func isMapLiteral(lit *ast.StructLit) bool {
	n := 0
	for _, e := range lit.Elts {
		f, ok := e.(*ast.Field)
		if !ok {
			return false
		}
		if _, ok := f.Label.(*ast.ListLit); !ok {
			return false
		}
		n++
	}
	return n > 0
}

// cueErrText is CUE's message for err on one line, without positions
// (the error is placed at the value's own).
func cueErrText(err error) string {
	var parts []string
	for _, e := range errors.Errors(err) {
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		if path := e.Path(); len(path) > 0 {
			msg = strings.Join(path, ".") + ": " + msg
		}
		parts = append(parts, msg)
	}
	return strings.Join(parts, "; ")
}

// cueErrIs reports whether one of CUE's errors in err has the message
// format (its Msg's, before the arguments): "field not allowed".
func cueErrIs(err error, format string) bool {
	for _, e := range errors.Errors(err) {
		if f, _ := e.Msg(); f == format {
			return true
		}
	}
	return false
}

// disjunction is r.expr(v), except that a conjunction of disjunctions
// (({h?: int} | int) & ({v?: int} | int)) is the disjunction CUE evaluates
// it to ({h?: int, v?: int} | int): each alternative the conjunction of
// one alternative of each, those that admit nothing left out.
func (r *resolver) disjunction(v cue.Value) (cue.Op, []cue.Value) {
	op, args := r.expr(v)
	if op != cue.AndOp || len(args) < 2 {
		return op, args
	}
	ors, literal := 0, true
	for _, a := range args {
		if aop, alts := r.expr(a); aop == cue.OrOp {
			ors++
			literal = literal && all(alts, func(x cue.Value) bool {
				src := x.Source()
				if call, ok := src.(*ast.CallExpr); ok && isCloseCall(call) && len(call.Args) == 1 {
					src = call.Args[0] // close({b: #T}) | close({c: int})
				}
				if _, ok := src.(*ast.StructLit); ok {
					return true
				}
				// {#directUrl | #proxy, scrapeInterval?: …} (Perses'
				// Prometheus datasource): definitions of this package,
				// each a struct literal that refers to no other
				// (plainObjectRef).
				return r.plainObjectRef(x)
			})
			continue
		}
		// #Nullable & (null | {…}): a reference to a disjunction
		// is one too.
		if _, isRef := r.refName(a); isRef {
			if eop, _ := r.expr(a.Eval()); eop == cue.OrOp {
				ors++
			}
		}
	}
	if ors == 0 {
		return op, args
	}
	if ors < len(args) && (!literal || r.combinations(args) > untaggedMax || !(r.unlisted(v) || hasDefault(v))) {
		// {a: int} & (null | {b: int}) that CUE resolves: one value;
		// (#Task | #Group) & {_self: name}, whose evaluation would copy
		// the definitions (and #Group holds itself), stays refused; so do
		// one-of groups of more combinations than a union without a
		// discriminator holds (untaggedMax), which CUE would spend the
		// time of all of them to list.
		return op, args
	}
	// (A | B) & (C | D) is the disjunction of the pairs; so is {shared:
	// int} & ({} | {count: int} | {amount: int}), the one-of groups that
	// protobuf's and OpenAPI's CUE write, which CUE leaves unresolved
	// until data chooses (it lists no field of it): CUE's evaluation
	// distributes the conjunction over the disjunctions, each
	// alternative a struct with the shared members.
	if eop, eargs := r.expr(v.Eval()); eop == cue.OrOp {
		return eop, eargs
	}
	return op, args
}

// droppedWithoutData returns an alternative of a disjunction of object
// definitions that v, a conjunction of it with other values, holds, whose
// value alone CUE finds an error without data: #N2 with cb!: bool and an
// if on cb ("required field missing: cb"). CUE's evaluation of v before
// data drops it, and lists the fields of what is left (randschema seed
// 1025 of the differential: (#N2 | #N6) & {…} was read as #N6 alone),
// yet admits a value of #N2.
func (r *resolver) droppedWithoutData(v cue.Value) (cue.Value, bool) {
	op, args := r.expr(v)
	if op != cue.AndOp {
		return cue.Value{}, false
	}
	for _, a := range args {
		aop, alts := r.expr(a)
		if aop != cue.OrOp {
			continue
		}
		for _, x := range alts {
			name, isRef := r.refName(x)
			d := r.defs[name]
			if !isRef || d == nil || x.Eval().Err() == nil {
				continue
			}
			r.classifyOnce(d)
			if d.object != nil {
				return x, true
			}
		}
	}
	return cue.Value{}, false
}

// refuseDropped says why the value at p, what, is refused: x is an
// alternative CUE's evaluation of it without data leaves out
// (droppedWithoutData).
func (r *resolver) refuseDropped(what string, p Pos, x cue.Value) {
	name, _ := r.refName(x)
	r.errorf(p, "%s: CUE's evaluation of this conjunction without data leaves #%s out (#%s alone is an error until the data gives a member: %s), yet admits a value of #%s once the data is given; schemagen reads such a conjunction by that evaluation, so no reading of it here is exact (it was read without #%s): write the union alone (#%s | …), which is carried, and give the struct's fields to each alternative", what, name, name, cueErrText(x.Eval().Err()), name, name, name)
}

// unionDefsStatedAgain reads v's conjuncts as one disjunction of
// references to object or union definitions of this package beside
// struct literals that add nothing to any of them: each field of such a
// struct is a field of every alternative's objects, optional there only
// where it is optional here, with a value that admits every value of
// the alternative's (kind!: string beside each kind: "client"), and no
// default of its own. CUE's conjunction is then each alternative
// unchanged (cue vet judges a value of it as of the alternatives
// alone), so it returns the alternatives' definitions and values. A
// struct that states more (another field, a narrower value, a pattern,
// an embedding) is not read here.
func (r *resolver) unionDefsStatedAgain(v cue.Value) ([]*def, []cue.Value, bool) {
	op, args := r.expr(v)
	if op != cue.AndOp {
		return nil, nil, false
	}
	var alts, structs []cue.Value
	for _, a := range args {
		if aop, as := r.expr(a); aop == cue.OrOp {
			if alts != nil {
				return nil, nil, false
			}
			alts = as
			continue
		}
		structs = append(structs, a)
	}
	if alts == nil || len(structs) == 0 {
		return nil, nil, false
	}
	ds := make([]*def, 0, len(alts))
	for _, x := range alts {
		// (Its definition is asked, not x's kind: #N2 with cb!: bool
		// and an if on cb is an error without data, "required field
		// missing", and still the object a value of it is.)
		name, isRef := r.refName(x)
		d := r.defs[name]
		if !isRef || d == nil {
			return nil, nil, false
		}
		r.classifyOnce(d)
		if d.object == nil && d.union == nil {
			return nil, nil, false
		}
		ds = append(ds, d)
	}
	for _, s := range structs {
		lit, ok := sourceExpr(s).(*ast.StructLit)
		if !ok || len(lit.Elts) == 0 {
			return nil, nil, false
		}
		for _, e := range lit.Elts {
			f, ok := e.(*ast.Field)
			if !ok {
				return nil, nil, false // an embedding, a comprehension, a let, …
			}
			if _, ok := f.Label.(*ast.ListLit); ok {
				return nil, nil, false // a pattern
			}
		}
		own, err := r.fields(s, true)
		if err != nil || len(own) != len(lit.Elts) {
			return nil, nil, false
		}
		for _, sf := range own {
			if sf.sel.ConstraintType() == cue.PatternConstraint || hasDefault(sf.v) {
				return nil, nil, false
			}
			for _, x := range alts {
				for _, o := range r.unionObjects(x, 0) {
					if !r.statesField(o, sf) {
						return nil, nil, false
					}
				}
			}
		}
	}
	return ds, alts, true
}

// unionObjects is x, a reference to an object definition, alone; or, a
// reference to a union of definitions (#LLMConfig: #Defaults | #API),
// the objects of its alternatives, as deep as they go (up to
// maxKindDepth).
func (r *resolver) unionObjects(x cue.Value, depth int) []cue.Value {
	name, _ := r.refName(x)
	d := r.defs[name]
	if d == nil || depth > maxKindDepth {
		return []cue.Value{x}
	}
	r.classifyOnce(d)
	if d.union == nil {
		return []cue.Value{x}
	}
	op, alts := r.expr(d.v)
	if d.altDefs != nil && len(d.unionAlts) == len(d.altDefs) {
		op, alts = cue.OrOp, d.unionAlts // a union stated again, itself
	}
	if op != cue.OrOp {
		return []cue.Value{x} // statesField finds no field of it
	}
	var out []cue.Value
	for _, a := range alts {
		if _, isRef := r.refName(a); !isRef {
			return []cue.Value{x}
		}
		out = append(out, r.unionObjects(a, depth+1)...)
	}
	return out
}

// statesField reports whether the object x has the field sf, as sure
// to be there (regular or required where sf is, or sf optional) and of
// values sf's value admits each of.
func (r *resolver) statesField(x cue.Value, sf field) bool {
	fs, err := r.fields(x, false)
	if err != nil {
		return false
	}
	for _, f := range fs {
		if f.sel.Unquoted() != sf.sel.Unquoted() || f.sel.IsDefinition() != sf.sel.IsDefinition() {
			continue
		}
		switch sf.sel.ConstraintType() {
		case cue.OptionalConstraint:
		case cue.RequiredConstraint:
			if f.sel.ConstraintType() == cue.OptionalConstraint {
				return false
			}
		default:
			if f.sel.ConstraintType() != 0 {
				return false
			}
		}
		return sf.v.Subsume(f.v) == nil
	}
	return false
}

// plainObjectRef reports whether x refers to an object definition of
// this package (#directUrl) whose value is a struct literal that refers
// to no definition of this package, so that CUE's evaluation of a struct
// embedding it among others copies fields and nothing that holds itself.
func (r *resolver) plainObjectRef(x cue.Value) bool {
	name, isRef := r.refName(x)
	if !isRef || r.defs[name] == nil {
		return false
	}
	target, ok := r.refTarget(x)
	if !ok || target.IncompleteKind() != cue.StructKind {
		return false
	}
	lit, ok := structLit(sourceExpr(target))
	if !ok {
		return false
	}
	local := false
	ast.Walk(lit, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.HasPrefix(id.Name, "#") && r.defs[strings.TrimPrefix(id.Name, "#")] != nil {
			local = true
		}
		return !local
	}, nil)
	return !local
}

// hasDefault reports whether CUE gives v a default: {a: int} & (*{} | {b:
// int}) is its default alone until data drops it, and its fields are the
// default's; the value is still every alternative.
func hasDefault(v cue.Value) bool {
	_, has := v.Default()
	return has
}

// groupCombinations is how many alternatives CUE's evaluation of v, a
// struct conjoined with disjunctions, would list (their product, counted
// up to 2^20), or 0 when v is no such conjunction.
func (r *resolver) groupCombinations(v cue.Value) int {
	op, args := r.expr(v)
	if op != cue.AndOp {
		return 0
	}
	return r.combinations(args)
}

// combinations is the product of the numbers of alternatives of the
// disjunctions among a conjunction's args, counted up to 2^20, or 0 when
// none is a disjunction.
func (r *resolver) combinations(args []cue.Value) int {
	n, ors := 1, 0
	for _, a := range args {
		if aop, alts := r.expr(a); aop == cue.OrOp {
			n, ors = min(n*len(alts), 1<<20), ors+1
		}
	}
	if ors == 0 {
		return 0
	}
	return n
}

// statesMore reports whether a struct literal holds more than definitions,
// hidden fields and let clauses, which are no members of its values
// (#x: {#Baz: {…}} is the empty object, with a definition in it).
func statesMore(lit *ast.StructLit) bool {
	for _, e := range lit.Elts {
		switch e := e.(type) {
		case *ast.Field:
			if name, _, err := ast.LabelName(e.Label); err == nil && (strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_")) {
				continue
			}
		case *ast.LetClause, *ast.CommentGroup, *ast.Attribute, *ast.Ellipsis:
			// ... opens the struct, which the object says (Open).
			continue
		case *ast.Comprehension:
			if decidedIf(e) {
				continue // its fields, if CUE applied it, are listed
			}
		}
		return true
	}
	return false
}

// statesMoreThrough is statesMore of lit, v's struct literal, reading
// through what it embeds: an embedded reference to a struct that itself
// states no more (definitions, hidden fields, decided ifs, …: hof's
// Datamodel: {schema.DHof, #hof: datamodel: root: true}, DHof a struct of
// one definition) adds nothing CUE cannot list. An embedding found in no
// conjunct of v, of no struct literal, or deeper than maxConjunctDepth,
// states more.
func (r *resolver) statesMoreThrough(v cue.Value, lit *ast.StructLit, depth int) bool {
	for _, e := range lit.Elts {
		em, ok := e.(*ast.EmbedDecl)
		if !ok {
			if statesMore(&ast.StructLit{Elts: []ast.Decl{e}}) {
				return true
			}
			continue
		}
		if depth > maxConjunctDepth {
			return true
		}
		switch em.Expr.(type) {
		case *ast.Ident, *ast.SelectorExpr:
		default:
			return true
		}
		i := slices.IndexFunc(r.conjuncts(v), func(c cue.Value) bool { return c.Source() == ast.Node(em.Expr) })
		if i < 0 {
			return true
		}
		ev := r.conjuncts(v)[i].Eval()
		f, ok := ev.Source().(*ast.Field)
		if !ok {
			return true
		}
		inner, ok := f.Value.(*ast.StructLit)
		if !ok || r.statesMoreThrough(ev, inner, depth+1) {
			return true
		}
	}
	return false
}

// declaresFields reports whether a struct literal says more than a map's
// pattern or an open struct's ... ({...} is an object of anything).
func declaresFields(lit *ast.StructLit) bool {
	for _, e := range lit.Elts {
		switch e := e.(type) {
		case *ast.Ellipsis:
		case *ast.Field:
			if _, ok := e.Label.(*ast.ListLit); !ok {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// patterns returns the pattern constraints ([K]: T) of a struct literal.
func patterns(lit *ast.StructLit) []*ast.Field {
	var out []*ast.Field
	for _, e := range lit.Elts {
		if f, ok := e.(*ast.Field); ok {
			if _, ok := f.Label.(*ast.ListLit); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// resolveMap resolves a named map's element type: #Counts: [string]: T.
func (r *resolver) resolveMap(d *def) *Map {
	m := d.mapDef
	switch d.mapState {
	case 2:
		return m
	case 1:
		// #M: [string]: #M, or through a list or a choice of kinds:
		// every target names the map (Go: type M map[string]M), so a
		// use of it refers to it by name rather than writing it out.
		m.Recursive = true
		return m
	}
	d.mapState = 1
	defer r.inDefinition(d)()
	defer func() {
		d.mapState = 2
		for _, t := range d.selfRefs {
			t.Elem, t.Key = m.Elem, m.Key
		}
		d.selfRefs = nil
	}()
	if d.keyPattern.Exists() {
		r.checkedDefs(d.keyElem, d.what()+"[string]", false)
	} else {
		r.checkedDefs(r.elem(d.v), d.what()+"[string]", false)
	}
	if d.keyPattern.Exists() {
		before := len(r.errs)
		key, kok := r.keyType(d.keyPattern, d.ref(), d.pos, true)
		r.keepInDecl(before, d.pos) // said at the map, not at #FQDN its keys share
		elem, eok := r.patternTypeAt(d, d.keyElem, d.what()+"[string]", d.pos)
		if kok && eok {
			m.Key, m.Elem = key, elem
		}
		return m
	}
	lit, _ := structLit(sourceExpr(d.v)) // {…} or close({…}), as classified
	// One pattern: a literal of several is an object (classify).
	ps := patterns(lit)
	if key := ps[0].Label.(*ast.ListLit); !isStringPattern(key) {
		// #Labels: {[string & strings.MaxRunes(253)]: string}: the keys'
		// type, read as any map's ([=~"re"]: T, a length).
		fs, err := r.fields(d.v, true)
		var pat, elem cue.Value
		for _, f := range fs {
			if f.sel.ConstraintType() == cue.PatternConstraint {
				pat, elem = f.sel.Pattern(), f.v
			}
		}
		if err != nil || !pat.Exists() {
			r.errorf(r.ps.of(key.Pos()), "%s: CUE lists no pattern of this map's keys, so there is no key type to carry", d.ref())
			return m
		}
		before := len(r.errs)
		k, kok := r.keyType(pat, d.ref(), r.ps.of(key.Pos()), true)
		r.keepInDecl(before, r.ps.of(key.Pos()))
		t, eok := r.patternTypeAt(d, elem, d.what()+"[string]", d.pos)
		if kok && eok {
			m.Key, m.Elem = k, t
		}
		return m
	}
	elem := r.elem(d.v)
	if t, ok := r.patternTypeAt(d, elem, d.what()+"[string]", d.pos); ok {
		m.Elem = t
	}
	return m
}

// hasEllipsis reports whether a struct literal is open (...).
func hasEllipsis(lit *ast.StructLit) bool {
	for _, e := range lit.Elts {
		if _, ok := e.(*ast.Ellipsis); ok {
			return true
		}
	}
	return false
}

// allowsAny reports whether CUE allows the struct v a member of a name no
// schema declares or matches: v is open, or CUE cannot tell yet (an if
// clause it waits on for data makes it allow any name).
func allowsAny(v cue.Value) bool { return v.Allows(cue.Str("\x00schemagen-member")) }

// closedBeside reports whether v is written as a conjunction one of
// whose operands refers to a definition CUE keeps closed: a struct
// literal's ... there opens nothing, as CUE admits a member only where
// every closed side allows it (#E: #Obj & {a?: int, ...} refuses {"z": 1}
// with #Obj: {a?: int}; it was carried open). CUE is asked of the
// definition, whose Allows is exact where it has no if clause to wait
// for (an if makes it allow any name: open here, as before).
func (r *resolver) closedBeside(v cue.Value) bool {
	e, ok := sourceExpr(v).(ast.Expr)
	if !ok {
		return false
	}
	ops := andOperands(e)
	if len(ops) < 2 {
		return false
	}
	for _, x := range ops {
		id, isIdent := x.(*ast.Ident)
		if !isIdent {
			continue
		}
		if a := r.identDef(id); a != nil && a.v.Exists() && !allowsAny(a.v) {
			return true
		}
	}
	return false
}

// hasPattern reports whether a struct value has a [string] pattern.
func (r *resolver) hasPattern(v cue.Value) bool {
	return r.elem(v).Exists()
}

// openFields reports a struct of fields that admits any other member of
// any value: what #S & {y: string} is, with #S: {x: string, ...}.
func (r *resolver) openFields(v cue.Value) bool {
	if e := r.elem(v); !e.Exists() || e.IncompleteKind() != cue.TopKind {
		return false
	}
	return r.hasFields(v)
}

// hasFields reports whether CUE lists a field of the struct v.
func (r *resolver) hasFields(v cue.Value) bool {
	fs, err := r.fields(v, false)
	return err == nil && len(fs) > 0
}

// refuseDisallowed refuses each field that a struct literal conjoined
// with a closed object definition declares and the definition does not
// (#TypeScriptFile: #ProjectFile & {tsconfig?: {…}}): CUE admits in a
// conjunction only the fields both sides allow, so it refuses every value
// that gives the field; carried as written it would be admitted by every
// target, and left out it would be dropped without a word. It returns
// listed without them.
func (r *resolver) refuseDisallowed(d *def, listed []field) []field {
	e, ok := sourceExpr(d.v).(ast.Expr)
	if !ok {
		return listed
	}
	if b, isAnd := e.(*ast.BinaryExpr); !isAnd || b.Op != token.AND {
		return listed
	}
	var lits []*ast.StructLit
	var closed []*def
	embedded := map[*def]bool{} // closed as {#B}, a struct of that embedding alone
	for _, x := range andOperands(e) {
		if lit, ok := structLit(x); ok {
			if id, ok := soleEmbeddedIdent(lit); ok {
				if a := r.closedObjectDef(id, d); a != nil {
					// {#B} & {a?: int}: the embedding closes the struct to
					// #B's fields, as the language says and as CUE does
					// where a value is unified with it in CUE.
					closed = append(closed, a)
					embedded[a] = true
					continue
				}
			}
			lits = append(lits, lit)
		} else if id, isIdent := x.(*ast.Ident); isIdent {
			if a := r.closedObjectDef(id, d); a != nil {
				closed = append(closed, a)
			}
		}
	}
	if len(closed) == 0 || len(lits) == 0 {
		return listed
	}
	// What each closed definition admits, asked of CUE, not of its
	// object, which may be resolved after d (#Component: #Resource & {…}
	// in Component.cue, #Resource in common.cue: backstage-cue's schema
	// was refused every field): exactly what CUE allows it, or, where an
	// if clause CUE cannot evaluate without data makes CUE allow any
	// name, its fields and those its if clauses declare.
	admits := make([]func(string) bool, len(closed))
	for i, a := range closed {
		admits[i] = r.admitted(a)
	}
	bad := map[string]bool{}
	for _, lit := range lits {
		for _, el := range lit.Elts {
			f, isField := el.(*ast.Field)
			if !isField {
				continue
			}
			name, _, err := ast.LabelName(f.Label)
			if err != nil || strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") || isBottom(f.Value) {
				continue // not a data field, or one said absent (x?: _|_), which CUE's refusal of it agrees with
			}
			for i, a := range closed {
				if admits[i](name) {
					continue
				}
				if embedded[a] {
					r.errorf(r.ps.of(f.Pos()), "%s.%s: CUE refuses a value that gives %s where it is unified with this definition in CUE: {#%s} is closed to #%s's fields, which declare no %s, and a conjunction ({#%s} & {…}) admits only the fields every side allows; CUE v0.17.1's cue vet -d of the definition alone admits %s, an answer of its own that differs, and no target can give both; embed #%s beside the field to extend it ({#%s, %s?: …})", d.ref(), name, name, a.name, a.name, name, a.name, name, a.name, a.name, name)
				} else {
					r.errorf(r.ps.of(f.Pos()), "%s.%s: CUE refuses every value that gives %s: #%s is closed and declares no %s, and a conjunction (#%s & {…}) admits only the fields every side allows; embed #%s to extend it ({#%s, %s?: …})", d.ref(), name, name, a.name, name, a.name, a.name, a.name, name)
				}
				bad[name] = true
				break
			}
		}
	}
	if len(bad) == 0 {
		return listed
	}
	return slices.DeleteFunc(slices.Clone(listed), func(f field) bool { return bad[f.sel.Unquoted()] })
}

// closedObjectDef is the closed object definition id names in a
// conjunction that d's value is, if it is one. A count of one struct
// literal (#M: matchN(1, [{a!: _}])) is no closed struct: CUE admits b
// in #M & {a?: int, b?: string}, read as the count beside the struct
// (countParts); nor is a struct CUE leaves open beside its validator
// (#W: {b?: int} & matchN(…), whose #W & {a?: int} CUE admits a in).
func (r *resolver) closedObjectDef(id *ast.Ident, d *def) *def {
	if a := r.identDef(id); a != nil && a != d && a.object != nil && !a.match && !r.openDefBesideValidator(a) {
		return a
	}
	return nil
}

// soleEmbeddedIdent is the name a struct literal embeds, where that
// embedding is all it holds ({#B}).
func soleEmbeddedIdent(lit *ast.StructLit) (*ast.Ident, bool) {
	if len(lit.Elts) != 1 {
		return nil, false
	}
	em, ok := lit.Elts[0].(*ast.EmbedDecl)
	if !ok {
		return nil, false
	}
	id, ok := em.Expr.(*ast.Ident)
	return id, ok
}

// admitted says which member names the object definition a admits, as
// CUE's closedness judges a conjunction with it (refuseDisallowed).
func (r *resolver) admitted(a *def) func(string) bool {
	if !allowsAny(a.v) || !r.hasComprehension(a) {
		// CUE knows all it admits: closed, open, or by patterns
		// however embedded (#C: {#A & #B, {[=~"^Q*$"]: int}}, CUE's
		// own test definitions/039_augment_closed_optionals, which
		// the names alone refused).
		return func(name string) bool { return a.v.Allows(cue.Str(name)) }
	}
	if lit, ok := a.literal(); !ok || hasEllipsis(lit) || r.hasPattern(a.v) || slices.ContainsFunc(lit.Elts, isPatternField) {
		return func(string) bool { return true } // open, or a pattern's
	}
	// An if clause CUE does not evaluate without data: CUE allows any
	// name until then, and refuses one it does not declare after.
	names := r.bodyNames(a)
	fs, _ := r.fields(a.v, false)
	for _, f := range fs {
		names[f.sel.Unquoted()] = true
	}
	return func(name string) bool { return names[name] }
}

// hasComprehension reports whether a definition's struct, or one it is
// made of (comprehensionLits), holds an if or for clause, until whose data
// CUE allows any name.
func (r *resolver) hasComprehension(a *def) bool {
	for _, lit := range r.comprehensionLits(a) {
		for _, el := range lit.Elts {
			if _, ok := el.(*ast.Comprehension); ok {
				return true
			}
		}
	}
	return false
}

// isPatternField reports whether a struct literal's element is a pattern
// constraint, [=~"^x"]: T.
func isPatternField(e ast.Decl) bool {
	f, ok := e.(*ast.Field)
	if !ok {
		return false
	}
	_, isList := f.Label.(*ast.ListLit)
	return isList
}

// bodyNames are the fields the if clauses of the object definition a (or
// of one it conjoins or embeds) declare.
func (r *resolver) bodyNames(a *def) map[string]bool {
	names := map[string]bool{}
	for _, lit := range r.comprehensionLits(a) {
		for _, el := range flatIfs(lit.Elts) {
			c, ok := el.(*ast.Comprehension)
			if !ok {
				continue
			}
			body, _ := c.Value.(*ast.StructLit)
			if body == nil {
				continue
			}
			for _, b := range body.Elts {
				if f, isField := b.(*ast.Field); isField {
					if n, _, err := ast.LabelName(f.Label); err == nil {
						names[n] = true
					}
				}
			}
		}
	}
	return names
}

// conjoinsObjects reports whether e is a conjunction of struct literals
// and references to object definitions of the package (#P & {…}), at
// least one of each kind or two references.
func (r *resolver) conjoinsObjects(e ast.Expr) bool {
	if b, ok := e.(*ast.BinaryExpr); !ok || b.Op != token.AND {
		return false
	}
	for _, x := range andOperands(e) {
		if _, ok := structLit(x); ok {
			continue
		}
		id, isIdent := x.(*ast.Ident)
		if !isIdent {
			return false
		}
		a := r.identDef(id)
		if a == nil {
			return false
		}
		r.classifyOnce(a)
		if a.object == nil {
			return false
		}
	}
	return true
}

// andOperands lists the operands of the conjunction e as written (a & (b
// & c) gives a, b, c); any other expression is its own one operand.
func andOperands(e ast.Expr) []ast.Expr { return operands(e, token.AND) }

// operands lists the operands of e joined by op as written, parentheses
// only grouping; any other expression is its own one operand.
func operands(e ast.Expr, op token.Token) []ast.Expr {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return operands(x.X, op)
	case *ast.BinaryExpr:
		if x.Op == op {
			return append(operands(x.X, op), operands(x.Y, op)...)
		}
	}
	return []ast.Expr{e}
}

// openLit is the literal of an object whose fields CUE lists (an
// embedding or a conjunction): empty, or ... when it is open (openFields,
// or a validator beside {...} alone: validatedOpen).
func (r *resolver) openLit(v cue.Value) *ast.StructLit {
	if r.openFields(v) && !r.closedBeside(v) || r.validatedOpen(v) {
		return &ast.StructLit{Elts: []ast.Decl{&ast.Ellipsis{}}}
	}
	return &ast.StructLit{}
}

// keyPattern reports a struct that states one pattern constraint on its
// keys other than [string] ([=~"re"]: T), written in place or embedded
// ({[=~"re"]: T}, as cue import writes patternProperties), and nothing
// else: no field, no [string]: T, no ... . It returns the pattern and the
// value every matching member has.
func (r *resolver) keyPattern(v cue.Value) (pattern, elem cue.Value, ok bool) {
	if v.IncompleteKind() != cue.StructKind {
		return pattern, elem, false
	}
	fs, err := r.fields(v, true)
	if err != nil {
		return pattern, elem, false
	}
	for _, f := range fs {
		if f.sel.ConstraintType() != cue.PatternConstraint {
			return pattern, elem, false
		}
		pattern, elem = f.sel.Pattern(), f.v
		if r.everyName(pattern) {
			return pattern, elem, false // [string]: T, a map of any key
		}
	}
	if r.hasPattern(v) && (len(fs) != 1 || r.elem(v).IncompleteKind() == cue.TopKind) {
		// CUE's lookup of any name finds a value: a pattern for every
		// other member beside this one, or ... (any value). Alone, a
		// pattern of constrained strings ([string &
		// strings.MaxRunes(63)]: T) is what the lookup finds, T.
		return pattern, elem, false
	}
	if len(fs) == 2 {
		return r.patternPair(fs[0], fs[1])
	}
	return pattern, elem, len(fs) == 1
}

// patternPair reads two patterns of one value on a struct's keys as the
// one pattern of their union, when the second admits what the first does
// not and names it so: {[=~"re"]: T} {[!~"re" & !~"^(a|b)$"]: T}, what cue
// import writes for JSON Schema's patternProperties beside an
// additionalProperties of the same schema (jreleaser's maps). A key
// matches re, or neither re nor a listed name: so every key but the
// listed names re does not match, which is !~"^(…)$" of those names, or
// any string when re matches them all (cue import lists the declared
// properties, none here, so its "^()$" leaves the empty name out unless
// re matches it). The two values must be written alike (the same
// reference, or the same expression): T is then one type, and the map
// one map.
func (r *resolver) patternPair(a, b field) (pattern, elem cue.Value, ok bool) {
	if !sameSource(a.v, b.v) || !subsumes(a.v, b.v) || !subsumes(b.v, a.v) {
		// Written alike and each the other's value: the same text in
		// two embedded structs of different scopes may name two things.
		return pattern, elem, false
	}
	re, ok := regexOf(r, a.sel.Pattern(), cue.RegexMatchOp)
	if !ok {
		return pattern, elem, false
	}
	rx, err := regexp.Compile(re)
	if err != nil {
		return pattern, elem, false // the patterns are refused one by one, with why
	}
	var names []string
	negated := false
	for _, c := range r.conjuncts(b.sel.Pattern()) {
		if not, ok := regexOf(r, c, cue.NotRegexMatchOp); ok && not == re && !negated {
			negated = true
			continue
		}
		ns, ok := notNames(r, c)
		if !ok {
			return pattern, elem, false
		}
		names = append(names, ns...)
	}
	if !negated {
		return pattern, elem, false
	}
	var left []string
	for _, n := range names {
		if q := regexp.QuoteMeta(n); !rx.MatchString(n) && !slices.Contains(left, q) {
			left = append(left, q)
		}
	}
	src := "string"
	if len(left) > 0 {
		src = "!~" + strconv.Quote("^("+strings.Join(left, "|")+")$")
	}
	pattern = a.v.Context().CompileString(src)
	return pattern, a.v, pattern.Err() == nil
}

// isNoOp reports a value CUE states with no operator: string, _.
func isNoOp(r *resolver, v cue.Value) bool {
	op, _ := r.expr(v)
	return op == cue.NoOp
}

// regexOf is the regular expression of a pattern that is =~"re" alone
// (op RegexMatchOp) or !~"re" alone (NotRegexMatchOp).
func regexOf(r *resolver, v cue.Value, op cue.Op) (string, bool) {
	vop, args := r.expr(v)
	if vop != op || len(args) != 1 {
		return "", false
	}
	s, err := args[0].String()
	return s, err == nil
}

// sameSource reports whether two values are written alike: the same
// expression in CUE's own formatting (two references to one definition,
// say).
func sameSource(a, b cue.Value) bool {
	x, y := sourceExpr(a), sourceExpr(b)
	if x == nil || y == nil {
		return false
	}
	fx, errx := format.Node(x)
	fy, erry := format.Node(y)
	return errx == nil && erry == nil && bytes.Equal(fx, fy)
}

// namesMembers reports whether a struct states a pattern constraint on its
// members' names other than [string] or [_] ([=~"re"]: T); with typed,
// only one whose value is not _ ([=~"re"]: _ says nothing of a member
// that [string]: T or ... admits anyway).
func (r *resolver) namesMembers(v cue.Value, typed bool) bool {
	fs, err := r.fields(v, true)
	if err != nil {
		return false
	}
	for _, f := range fs {
		if f.sel.ConstraintType() != cue.PatternConstraint {
			continue
		}
		pat := f.sel.Pattern()
		if r.everyName(pat) {
			continue // [string]: T or [_]: T
		}
		if typed && f.v.IncompleteKind() == cue.TopKind && isTop(sourceExpr(f.v)) {
			continue
		}
		return true
	}
	return false
}

// saysOf reports whether msg is said of the definition name (#ANAME) or
// a part of it: "#ANAME (its keys): …", "#ANAME.a: …". Such an error is
// that definition's own, which it refuses alone, wherever it was first
// used (cue-by-example's DNS zones, #Zone: {[#Host]: {ANAME?: #ANAME}}).
func saysOf(msg, name string) bool {
	rest, ok := strings.CutPrefix(msg, name)
	return ok && rest != "" && strings.ContainsRune(" .:[(", rune(rest[0]))
}

// keepInDecl moves to at each error since before that lies inside
// another top-level definition than the one holding at, an object written
// in place: a field's type that fails only where the object combines it
// with more (#Selector.labels: #Labels & {"app": #Name}) is its to
// refuse, while the error would say it in the other definition (#Labels'
// pattern), which is carried alone. An error inside a hidden field or the
// package's own fields stays where it is: that is its cause.
func (r *resolver) keepInDecl(before int, at Pos) {
	if !at.IsValid() {
		return
	}
	if r.declSpans == nil {
		for _, f := range r.inst.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.Field)
				if !ok {
					continue
				}
				if name, _, err := ast.LabelName(fd.Label); err == nil && strings.HasPrefix(name, "#") {
					r.declSpans = append(r.declSpans, [2]Pos{r.ps.of(d.Pos()), r.ps.of(d.End())})
					r.declNames = append(r.declNames, name)
				}
			}
		}
	}
	in := func(p Pos, s [2]Pos) bool {
		return p.File == s[0].File && comparePos(s[0], p) <= 0 && comparePos(p, s[1]) < 0
	}
	for _, s := range r.declSpans {
		if !in(at, s) {
			continue
		}
		for _, e := range r.errs[before:] {
			if !e.Pos.IsValid() || in(e.Pos, s) {
				continue
			}
			if i := slices.IndexFunc(r.declSpans, func(o [2]Pos) bool { return in(e.Pos, o) }); i >= 0 && !saysOf(e.Msg, r.declNames[i]) {
				e.Pos = at
			}
		}
		return
	}
}

// holds reports whether the source of n holds the position p.
func holds(n ast.Node, p token.Pos) bool {
	start, end := n.Pos(), n.End()
	return p.IsValid() && start.IsValid() && p.Filename() == start.Filename() && p.Offset() >= start.Offset() && p.Offset() < end.Offset()
}

// everyName reports whether a pattern on a struct's keys is [string] or
// [_]: every name, no constraint of its own. A validator alone ([net.IP]:
// T, fluyt's BGP neighbours by address) is one CUE's Expr also gives as
// NoOp, of any kind: it constrains the names.
func (r *resolver) everyName(pat cue.Value) bool {
	if pat.IncompleteKind() == cue.TopKind || (pat.IncompleteKind() == cue.StringKind && !pat.IsConcrete()) {
		op, _ := r.expr(pat)
		return op == cue.NoOp && admitsAnyName(pat)
	}
	return false
}

// bareAddressPattern is the pattern of a key's validator of addresses
// written alone, [net.IP]: T, [uuid.Valid]: T, which CUE gives with no
// source and no expression but the value itself, printed as the call
// (net.IP()); "" for any other value.
func (r *resolver) bareAddressPattern(c cue.Value) string {
	if op, _ := r.expr(c); op != cue.NoOp || c.Source() != nil {
		return ""
	}
	name, isCall := strings.CutSuffix(fmt.Sprint(c), "()")
	switch {
	case !isCall:
		return ""
	case name == "uuid.Valid":
		return uuidPattern
	}
	return netPatterns[name]
}

// admitsAnyName reports whether a pattern on keys admits names no
// constraint would: the empty one, and a long one of no letter or digit.
// [string] and [_], written so, do without asking CUE.
func admitsAnyName(pat cue.Value) bool {
	if id, ok := pat.Source().(*ast.Ident); ok && (id.Name == "string" || id.Name == "_") {
		return true
	}
	for _, name := range []string{"", strings.Repeat("\x00 ~/.", 64)} {
		if !admits(pat, pat.Context().Encode(name)) {
			return false
		}
	}
	return true
}

// keyType is the type of a map's keys from its pattern: =~"re", with the
// pattern rules of any string, and, for a map (notOK), !~"re" beside it or
// alone ([!~"^positional$"]: T, as cue import writes "any name but"), any
// number of each ([=~"^a" & =~"b$"]: T, cue import's [!~"^(c|m)?js$" &
// !~"^()$"]: T): a key matches every =~ and none of the !~, which each
// target checks one by one, as it does a string's patterns.
// A pattern beside an object's fields is one =~ alone: JSON Schema's
// patternProperties names members by one pattern they match.
func (r *resolver) keyType(pattern cue.Value, what string, at Pos, notOK bool) (*Type, bool) {
	t := &Type{Kind: BasicKind, Base: String}
	ok := true
	everyKey := false
	for _, c := range r.conjuncts(pattern) {
		if re := r.bareAddressPattern(c); re != "" {
			// [net.IP]: T (fluyt's BGP neighbours by address): a key is
			// a string, which the validator checks as string & net.IP.
			t.Patterns = append(t.Patterns, re)
			continue
		}
		if re, every, isChoice := r.keyChoice(c); isChoice {
			if every {
				everyKey = true // string | "legacy": a conjunct that says nothing
			} else {
				t.Patterns = append(t.Patterns, re)
			}
			continue
		}
		ok = r.constrain(t, c, what+" (its keys)", at) && ok
	}
	rest := t.Constraints
	rest.Patterns, rest.NotPatterns = nil, nil
	lengths := notOK && (t.MinRunes != nil || t.MaxRunes != nil)
	if notOK {
		// A map's keys may count their characters too
		// ([string & strings.MaxRunes(63)]: T, timoni's labels): JSON
		// Schema's propertyNames minLength and maxLength, as a string's.
		rest.MinRunes, rest.MaxRunes = nil, nil
	}
	// namesCounted: a pattern on the members' names of an object that
	// also counts their characters, and states nothing else.
	counted := rest
	counted.MinRunes, counted.MaxRunes = nil, nil
	namesCounted := ok && !notOK && (rest.MinRunes != nil || rest.MaxRunes != nil) && counted.IsZero() && len(t.Choice) == 0
	if namesCounted && len(t.Patterns) <= 1 && len(t.NotPatterns) == 0 {
		// [=~"^[A-Z_][A-Z0-9_]*$" & strings.MaxRunes(256)]: T on an
		// open struct (invowk's paths in close({…})): the count is
		// written into the pattern, ^[A-Z_][A-Z0-9_]{0,255}$, which
		// patternProperties states as CUE judges (foldRunes); the
		// count alone ([string & strings.MaxRunes(253)]: T beside
		// fields, timoni's labels) into "any characters", (?s)^.*$.
		re := `(?s)^.*$`
		if len(t.Patterns) == 1 {
			re = t.Patterns[0]
		}
		if re, folded := foldRunes(re, rest.MinRunes, rest.MaxRunes); folded {
			t.Patterns = []string{re}
			t.MinRunes, t.MaxRunes = nil, nil
			rest.MinRunes, rest.MaxRunes = nil, nil
		}
	}
	switch {
	case !ok:
	case namesCounted && len(t.Patterns) > 0 && (rest.MinRunes != nil || rest.MaxRunes != nil):
		// (Folded above when it could be, its count cleared.)
		// [=~"re" & strings.MaxRunes(256)]: T on an open struct (in
		// place in close({…}), which closes only its own level):
		// members of other names hold any value.
		r.errorf(at, "%s: the pattern on its members' names (%v) counts their characters, which is not carried on an object that admits other members (beside its fields, or open: close({…}) closes only its own level, so a struct written in it is open): JSON Schema's patternProperties names the members that hold T by a regular expression alone, and a longer name would then hold any value; close the struct (close({[K]: T}), or a definition of it), which makes it a map whose keys are checked, or state the count in the regular expression (schemagen writes it there itself for a run of single characters and one repeated character, ^[A-Z][A-Z0-9_]*$)", what, pattern)
		return nil, false
	case !rest.IsZero() || len(t.Choice) > 0:
		r.errorf(at, "%s: the pattern on its keys (%v) is not carried: a map's keys are any string ([string]: T), or those matching regular expressions and not others ([=~\"re\" & !~\"not\"]: T, any number of each)", what, pattern)
		return nil, false
	// [_]: T is [string]: T: _ matches every regular field's name, and
	// a JSON member's name is a string (cuefig's #conf).
	case notOK && !lengths && len(t.Patterns) == 0 && len(t.NotPatterns) == 0 && (pattern.IncompleteKind() == cue.StringKind || pattern.IncompleteKind() == cue.TopKind) && (isNoOp(r, pattern) || everyKey):
		return nil, true // every key: patternPair's union of two patterns
	case notOK && !lengths && len(t.Patterns) == 0 && len(t.NotPatterns) == 0:
		r.errorf(at, "%s: the pattern on its keys (%v) is not carried: a map's keys are any string ([string]: T), or those matching regular expressions and not others ([=~\"re\" & !~\"not\"]: T, any number of each)", what, pattern)
		return nil, false
	case !notOK && (len(t.Patterns) == 0 || len(t.NotPatterns) != 0):
		r.errorf(at, "%s: the pattern on its members' names (%v) is not carried on an object's members (beside its fields, or in an open struct): JSON Schema's patternProperties admits members by a pattern they match ([=~\"re\"]: T), not by one they do not", what, pattern)
		return nil, false
	case !notOK && len(t.Patterns) > 1:
		r.errorf(at, "%s: several patterns on its members' names (%v) are not carried on an object's members (beside its fields, or in an open struct): JSON Schema's patternProperties names the members it admits by one regular expression, and a name that must match two has no one RE2 form in general; combine them into one, or hold these members in a map of their own (a closed struct of the pattern alone, close({[=~\"a\" & =~\"b\"]: T}), carries several)", what, pattern)
		return nil, false
	}
	return t, ok
}

// keyChoice reads a pattern on keys that is a choice of string constants
// and =~ patterns, written in place or as a definition of them, as the
// regular expression that admits exactly the keys it admits: constants
// alone ([#Stat]: T with #Stat: "avg" | "min", Grafana's elasticsearch
// meta; ["only"]: T) are ^(?:avg|min)$, each quoted, and patterns among
// them each one more alternative ([=~"^x-" | "name"]: T is
// (?:^x-)|^(?:name)$, as =~ matches anywhere in the key). A choice with
// string among its alternatives admits every key ([#Module | "legacy"],
// #Module: string: CUE's own module file schema): every is set, and no
// expression is needed. Each was refused as a constraint not carried; a
// key matches the expression exactly when CUE admits it, so every target
// carries it as it carries [=~"re"]: T. ok is false for any other
// pattern (a =~ alone is read as it always was), and when no portable
// expression states the choice.
func (r *resolver) keyChoice(c cue.Value) (re string, every, ok bool) {
	if c.IncompleteKind() != cue.StringKind {
		return "", false, false
	}
	if _, has := c.Default(); has {
		return "", false, false
	}
	var consts, res []string
	var add func(a cue.Value, depth int) bool
	add = func(a cue.Value, depth int) bool {
		if depth > 16 || a.IncompleteKind() != cue.StringKind {
			return false
		}
		if a.IsConcrete() {
			s, err := a.String()
			consts = append(consts, regexp.QuoteMeta(s))
			return err == nil
		}
		if x, isRE := regexOf(r, a, cue.RegexMatchOp); isRE {
			res = append(res, x)
			return true
		}
		if op, _ := r.expr(a); op == cue.AndOp {
			// string & =~"re" (#Module: string, made #Module: =~"re"
			// where the schema narrows it): the pattern.
			var rest []cue.Value
			for _, x := range r.conjuncts(a) {
				if !(isNoOp(r, x) && !x.IsConcrete()) {
					rest = append(rest, x)
				}
			}
			return len(rest) == 1 && add(rest[0], depth+1)
		}
		if op, args := r.disjunction(a); op == cue.OrOp {
			for _, x := range args {
				if !add(x, depth+1) {
					return false
				}
			}
			return true
		}
		if name, isRef := r.refName(a); isRef && r.defs[name] != nil {
			target, ok := r.refTarget(a)
			return ok && add(target, depth+1)
		}
		if isNoOp(r, a) {
			every = true // string
			return true
		}
		return false
	}
	op, _ := r.disjunction(c)
	_, isRef := r.refName(c)
	if !c.IsConcrete() && op != cue.OrOp && !isRef {
		return "", false, false // =~"re" alone, or any other constraint: constrain's
	}
	if !add(c, 0) {
		return "", false, false
	}
	if every {
		return "", true, true
	}
	if len(res) == 0 && len(consts) == 0 {
		return "", false, false
	}
	if len(res) == 0 && isRef && op != cue.OrOp {
		// #Name: =~"re" named alone: the pattern, as constrain reads it.
		return "", false, false
	}
	var parts []string
	for _, x := range res {
		parts = append(parts, "(?:"+x+")")
	}
	if len(consts) > 0 {
		parts = append(parts, "^(?:"+strings.Join(consts, "|")+")$")
	}
	re = strings.Join(parts, "|")
	if len(res) == 0 {
		re = parts[0]
	}
	re, why := carriedPattern(re)
	if why != "" {
		return "", false, false
	}
	return re, false, true
}

// memberPatterns reads the patterns beside an object's fields
// ({[=~"^x-"]: _}, written or embedded): each admits members by name, of
// any value. A pattern with a type of its own (T other than _) would
// constrain members by name, which the Go and TypeScript types cannot
// state by field: refused.
func (r *resolver) memberPatterns(d *def) {
	listed, err := r.fields(d.v, true)
	if err != nil {
		return // reported with the fields
	}
	var declared []string
	if fs, err := r.fields(d.v, false); err == nil {
		for _, f := range fs {
			declared = append(declared, f.sel.Unquoted())
		}
	}
	everyName := slices.ContainsFunc(listed, func(f field) bool {
		return f.sel.ConstraintType() == cue.PatternConstraint && r.everyName(f.sel.Pattern())
	})
	if elem := r.elem(d.v); elem.Exists() && (elem.IncompleteKind() != cue.TopKind || !isTop(sourceExpr(elem))) && everyName {
		// {a?: string, [string]: string}: every member the object does
		// not declare holds T (CUE unifies the declared ones with T
		// too, which their own types already say). CUE's lookup of
		// any name finds T too through a pattern of strings with a
		// count alone ([string & strings.MaxRunes(253)]: T), which
		// names some members only: read below.
		p := r.pos(elem)
		if !p.IsValid() {
			p = d.pos
		}
		if t, ok := r.patternType(d, elem, p); ok {
			d.object.Members = append(d.object.Members, &MemberPattern{Pos: p, Type: t})
		}
	} else if everyName && elem.Exists() {
		// {a?: int, [string]: _}: every member it does not declare may
		// hold any value, which is what ... says: open. (It was read
		// as closed: the strict JSON Schema refused {"d": 1}, which
		// CUE admits, and Go dropped d.)
		d.object.Open = true
	}
	// excluded are the names the patterns for every other member leave
	// out ([!~"^(a|b)$"]: T), each decided once every pattern is read.
	var excluded []excludedNames
	for i, f := range listed {
		sel, v := f.sel, f.v
		if sel.ConstraintType() != cue.PatternConstraint {
			continue
		}
		if d.object.Open && v.IncompleteKind() == cue.TopKind && isTop(sourceExpr(v)) {
			// [strings.MinRunes(1)]: _ in an open struct (pixi's tasks):
			// the members it names may hold any value, as every other
			// member may: it states nothing, whatever its names.
			continue
		}
		pat := sel.Pattern()
		if r.everyName(pat) {
			continue // [string]: T or [_]: T, read above
		}
		p := r.pos(v)
		if !p.IsValid() {
			p = d.pos
		}
		// A refusal of the pattern is the object's: said at the pattern
		// when the object's own source holds it, else at the object
		// (#Selector.labels: #Labels & {…} refuses what #Labels alone
		// carries).
		ep := p
		if src := sourceExpr(d.v); src == nil || !holds(src, v.Pos()) {
			ep = d.pos
		}
		if names, isNames := notNames(r, pat); isNames {
			// [!~"^(a|b)$"]: T beside fields a and b, as cue import
			// writes JSON Schema's additionalProperties: every member
			// the object does not declare holds T. A name it excludes
			// that the object does not declare (grafana-app-sdk's
			// metadata: [!~"^(uid|…|extraFields)$"]: string) matches
			// no pattern, unless a pattern of names declares it (read
			// below, once every pattern is): in a closed object CUE
			// refuses the member, an absent member as every target
			// states it; in an open one it may hold any value, an
			// optional field of _.
			excluded = append(excluded, excludedNames{names, v, p, i})
			m := &MemberPattern{Pos: p, Type: &Type{Kind: AnyKind}}
			if v.IncompleteKind() != cue.TopKind || !isTop(sourceExpr(v)) {
				t, ok := r.patternType(d, v, p)
				if !ok {
					continue
				}
				m.Type = t
			}
			d.object.Members = append(d.object.Members, m)
			continue
		}
		if re, excluded, isPair := r.declaredNot(pat); isPair {
			// [=~"re" & !~"^(types)$"]: T beside field types (cue
			// import's patternProperties beside properties): the !~
			// names members re does not match anyway, so it says
			// nothing, and the pattern is =~"re".
			if excluded != "" {
				r.errorf(ep, "%s: the pattern on its members' names (%v) matches %s, which its !~ excludes: CUE does not apply T to a member of that name, JSON Schema's patternProperties would (it admits members by a pattern they match, not by one they do not); write the =~ so that it does not match that name", d.ref(), pat, excluded)
				continue
			}
			pat = re
		}
		if names, isNames := patternNames(r, pat, cue.RegexMatchOp); isNames && !slices.ContainsFunc(names, func(n string) bool { return slices.Contains(declared, n) }) {
			// [=~"^preview_response_cache$"]: T beside fields that are
			// not it (apollo-router's configuration), or
			// [=~"^(in|ex)clude$" & !~"^()$"]: T beside a pattern for
			// every other member (cue import's patternProperties of a
			// few names beside additionalProperties: GitHub's workflow
			// matrix): the pattern names the members it admits, each an
			// optional field of T, as a closed struct admits it and CUE
			// checks it. Where another pattern admits one of them too
			// (poetry's plugins: [=~"^dotenv$"]: A beside
			// [=~"^[a-z]+$"]: B), its value is CUE's of that name, the
			// values of every pattern it matches unified.
			for _, n := range names {
				value := v
				if r.admittedElsewhere(listed, i, n) {
					value = d.v.LookupPath(cue.MakePath(cue.Str(n).Optional()))
				}
				d.named = append(d.named, field{cue.Str(n).Optional(), value})
				declared = append(declared, n)
			}
			continue
		}
		key, ok := r.keyType(pat, d.ref(), ep, false)
		if !ok {
			continue
		}
		m := &MemberPattern{Key: key, Pos: p, Type: &Type{Kind: AnyKind}}
		if v.IncompleteKind() != cue.TopKind || !isTop(sourceExpr(v)) {
			// [=~"re"]: T: the members it admits hold T, kept by the Go
			// types in a map of T. Several such patterns share the map
			// when their types are of one Go type (string & =~"b" and
			// string & =~"x"): a member that matches several holds
			// each one's constraints, as CUE unifies them.
			t, tok := r.patternType(d, v, p)
			if !tok {
				continue
			}
			for _, prev := range d.object.Members {
				if !prev.Type.AnyJSON() && prev.Key != nil && !oneGoType(prev.Type, t) && !patternsDisjoint(prev.Key.KeyPattern(), key.KeyPattern()) { // beside every other member: checkOthers
					// Of another Go type, and a name may match both
					// (of names no other matches, the members are
					// in a map of their own: mapTypedPatterns).
					another := "of another type"
					if prev.Type.BaseOf() == Int && t.BaseOf() == Int {
						another = "an integer of another Go type (uint64 for CUE's uint64's range, int64 for any other)"
					}
					r.errorf(p, "%s: a second pattern with a type of its own ([%v]: T, beside [=~%q]: T at %s), %s, and a name may match both (or schemagen cannot tell that none does): such a member must hold both types, as CUE unifies them, and the Go types keep the members of patterns of one Go type in a map of it; give both patterns values of one type (string & =~\"b\" beside string & =~\"x\", or one definition), patterns no name matches both of (=~\"^a-\" beside =~\"^b-\": each a map of its own), merge them into one pattern, or give one the value _", d.ref(), pat, prev.Key.KeyPattern(), prev.Pos, another)
					ok = false
				}
			}
			if !ok {
				continue
			}
			m.Type = t
		}
		d.object.Members = append(d.object.Members, m)
	}
	for _, x := range excluded {
		for _, n := range x.names {
			switch {
			case slices.Contains(declared, n):
			case r.admittedElsewhere(listed, x.index, n):
				// {[=~"^a"]: T, [!~"^(ab)$"]: U}: ab is T alone in
				// CUE; the targets state U of every member no field
				// declares, the other pattern's among them
				// (checkOthers). It was refused as absent. (A
				// pattern of names, =~"^(a|b)$", declared its
				// members above.)
				r.errorf(x.pos, "%s: the pattern for every other member leaves out %q, which another pattern on the members' names admits: CUE gives that member the other pattern's value alone, and the targets, which hold the members of both patterns in one map, would judge it by both; make the other pattern name only members this one leaves out (=~\"^(a|b)$\" beside !~\"^(a|b)$\"), or leave the name in", d.ref(), n)
			case d.object.Open:
				top := ast.NewIdent("_")
				ast.SetPos(top, x.v.Pos()) // the pattern's, which declares it
				d.named = append(d.named, field{cue.Str(n).Optional(), x.v.Context().BuildExpr(top)})
				declared = append(declared, n)
			case !slices.ContainsFunc(d.object.Absent, func(a *AbsentMember) bool { return a.Name == n }):
				d.object.Absent = append(d.object.Absent, &AbsentMember{Name: n, Why: "no field of the object names it, and its pattern on the other members' names excludes it", Pos: x.pos})
			}
		}
	}
	for _, m := range d.object.Members {
		if m.Type.Kind == AnyKind && m.Type.MatchIf != nil {
			// The targets read a pattern's any JSON value as unknown
			// members, which nothing judges.
			r.errorf(m.Pos, "%s: matchIf on the members a pattern admits is not carried yet; state it on a map's values ([string]: matchIf(…)) or on a field", d.ref())
		}
	}
	r.checkOthers(d)
	mapTypedPatterns(d.object)
}

// patternType reads the value of a member pattern of d's object. CUE
// gives it d's path: a struct written there is not d's own value, closed
// as a definition's (#K: close({z?: int, [=~"^c"]: {b?: string}}) leaves
// it open, as close closes its own level only), but closed or open as
// the object's context says.
func (r *resolver) patternType(d *def, v cue.Value, p Pos) (*Type, bool) {
	return r.patternTypeAt(d, v, d.ref()+"[string]", p)
}

// patternTypeAt is patternType for a value of d read as what (a map's
// values: resolveMap).
func (r *resolver) patternTypeAt(d *def, v cue.Value, what string, p Pos) (*Type, bool) {
	owner := r.patternOwner
	r.patternOwner = r.pathOf(d.v).String()
	defer func() { r.patternOwner = owner }()
	return r.typeAt(v, what, p)
}

// mapTypedPatterns names the Go map of each typed member pattern of o:
// Matching for the first Go type, Matching2, Matching3, … for others,
// whose patterns memberPatterns proved no name matches beside another
// map's.
func mapTypedPatterns(o *Object) {
	var types []*Type
	for _, m := range o.Members {
		if m.Type.AnyJSON() {
			continue
		}
		i := slices.IndexFunc(types, func(t *Type) bool { return oneGoType(t, m.Type) })
		if i < 0 {
			types = append(types, m.Type)
			i = len(types) - 1
		}
		m.Map = MatchingField
		if i > 0 {
			m.Map += strconv.Itoa(i + 1)
		}
	}
}

// declaredNot splits a member pattern =~"re" & !~"^(a|b)$" whose !~
// names a list of names (the fields the object declares, as cue import
// writes JSON Schema's patternProperties beside properties, or none,
// ^()$): re's conjunct, and the first of those names re matches, quoted
// ("" when none does). isPair is false for any other pattern.
func (r *resolver) declaredNot(pat cue.Value) (re cue.Value, excluded string, isPair bool) {
	cs := r.conjuncts(pat)
	if len(cs) != 2 {
		return cue.Value{}, "", false
	}
	var names []string
	found := false
	for _, c := range cs {
		op, args := r.expr(c)
		switch {
		case op == cue.RegexMatchOp && len(args) == 1:
			re, found = c, true
		case op == cue.NotRegexMatchOp:
			n, ok := notNames(r, c)
			if !ok {
				return cue.Value{}, "", false
			}
			names = n
		default:
			return cue.Value{}, "", false
		}
	}
	if !found || names == nil {
		return cue.Value{}, "", false
	}
	src, ok := regexOf(r, re, cue.RegexMatchOp)
	if !ok {
		return cue.Value{}, "", false
	}
	rx, err := regexp.Compile(src)
	if err != nil {
		return cue.Value{}, "", false // keyType says why
	}
	for _, n := range names {
		if rx.MatchString(n) {
			return re, strconv.Quote(n), true
		}
	}
	return re, "", true
}

// oneGoType reports whether the typed member patterns a and b may share
// one map of the Go types: constraints of one scalar base (string & =~"b"
// and string & =~"x", a constant or a choice among them), or the same
// type.
func oneGoType(a, b *Type) bool {
	scalar := func(t *Type) bool { return t.Kind == BasicKind || t.Kind == ConstKind }
	if scalar(a) && scalar(b) {
		// an integer of CUE's uint64 is a Go uint64, any other an int64
		return a.Base == b.Base && a.Unsigned() == b.Unsigned()
	}
	return sameType(a, b, map[[2]*Object]bool{})
}

// checkOthers refuses a pattern for every other member ([string]: T,
// [!~"^(a|b)$"]: T) beside another member pattern: CUE applies both to a
// member both name, JSON Schema's additionalProperties only to one that
// no patternProperties names. Beside it, ... says nothing more, and
// neither does a pattern of any value, which it drops.
func (r *resolver) checkOthers(d *def) {
	o := d.object
	var others *MemberPattern
	for _, m := range o.Members {
		if m.Key == nil {
			if others != nil {
				r.errorf(m.Pos, "%s: a second pattern for every other member, beside the one at %s; merge them into one", d.ref(), others.Pos)
				return
			}
			others = m
		}
	}
	if others == nil {
		return
	}
	// [=~"re"]: _ beside it says nothing: CUE gives a member both name
	// _ & T, which is T, as the one for every other member does alone
	// (claude-code-settings' env: [=~"^[A-Z_][A-Z0-9_]*$"]: _ beside
	// [!~"^(its fields)$"]: string).
	o.Members = slices.DeleteFunc(o.Members, func(m *MemberPattern) bool { return m.Key != nil && m.Type.AnyJSON() })
	keyed := 0
	for _, m := range o.Members {
		if m.Key == nil {
			continue
		}
		keyed++
		if others.Type.AnyJSON() || m.Type.AnyJSON() || !oneGoType(others.Type, m.Type) {
			r.errorf(m.Pos, "%s: a pattern on members' names ([=~%q]: T) beside one for every other member (at %s): CUE applies both to a member both name, JSON Schema's additionalProperties only to one no patternProperties names; merge them, or give both values of one type (then the one for every member is a pattern every name matches)", d.ref(), m.Key.KeyPattern(), others.Pos)
			return
		}
	}
	if keyed > 0 {
		// [string]: T beside [=~"x"]: U, T and U of one Go type: CUE
		// applies T to every member, and U too to one whose name
		// matches x, as to any two patterns a name matches: T's is then
		// one more typed pattern, of a pattern every name matches.
		others.Key = &Type{Kind: BasicKind, Base: String, Constraints: Constraints{Patterns: []string{"^"}}}
		return
	}
	if others.Type.AnyJSON() {
		// [!~"^(a|b)$"]: _: any other member, of any value: open.
		o.Members = nil
		o.Open = true
		return
	}
	o.Open = false // every other member holds T, ... or not
}

// notNames returns the names a key pattern excludes when it is !~ alone of
// an anchored alternation of literal names (!~"^(a|b)$", !~"^a$"), as cue
// import writes "any member but the declared ones".
// A conjunction of such patterns (!~"^(in|ex)clude$" & !~"^()$", cue
// import's patternProperties of names beside additionalProperties)
// excludes the names of each.
func notNames(r *resolver, pat cue.Value) ([]string, bool) {
	cs := r.conjuncts(pat)
	if len(cs) < 2 {
		return patternNames(r, pat, cue.NotRegexMatchOp)
	}
	var names []string
	for _, c := range cs {
		ns, ok := patternNames(r, c, cue.NotRegexMatchOp)
		if !ok {
			return nil, false
		}
		for _, n := range ns {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names, true
}

// excludedNames are the names a pattern for every other member leaves
// out ([!~"^(a|b)$"]: T), with the pattern's value and position.
type excludedNames struct {
	names []string
	v     cue.Value
	pos   Pos
	index int // the pattern's, in the object's listed fields
}

// admittedElsewhere reports whether a pattern among listed other than
// self admits the member name with a value other than _: CUE gives
// such a member the values of both, so self's alone would not state it.
func (r *resolver) admittedElsewhere(listed []field, self int, name string) bool {
	for i, o := range listed {
		if o.sel.ConstraintType() != cue.PatternConstraint || i == self {
			continue
		}
		if o.v.IncompleteKind() == cue.TopKind && isTop(sourceExpr(o.v)) {
			continue
		}
		label := o.sel.Pattern().Context().CompileString(strconv.Quote(name))
		if o.sel.Pattern().Unify(label).Err() == nil {
			return true
		}
	}
	return false
}

// patternNames returns the names a key pattern, op (=~ or !~) alone of an
// anchored alternation of literal names, lists.
func patternNames(r *resolver, pat cue.Value, op cue.Op) ([]string, bool) {
	re, ok := regexOf(r, pat, op)
	if !ok {
		return nil, false
	}
	rx, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return nil, false
	}
	rx = rx.Simplify()
	if rx.Op != syntax.OpConcat || len(rx.Sub) < 2 || rx.Sub[0].Op != syntax.OpBeginText || rx.Sub[len(rx.Sub)-1].Op != syntax.OpEndText {
		return nil, false
	}
	mid := rx.Sub[1 : len(rx.Sub)-1]
	var names []string
	if len(mid) == 1 {
		names = literalNames(mid[0])
	} else {
		names = literalNames(&syntax.Regexp{Op: syntax.OpConcat, Sub: mid})
	}
	return names, names != nil
}

// maxLiteralNames bounds the names literalNames lists: a pattern that
// names more is read as a pattern.
const maxLiteralNames = 256

// literalNames lists the strings a regular expression of literals,
// alternations and concatenations of them matches (the parser factors
// ^(alpha|also)$ into al(pha|so)), or nil for any other.
func literalNames(x *syntax.Regexp) []string {
	switch x.Op {
	case syntax.OpLiteral:
		if x.Flags&syntax.FoldCase != 0 {
			return nil
		}
		return []string{string(x.Rune)}
	case syntax.OpEmptyMatch:
		return []string{""}
	case syntax.OpCharClass:
		// a|b is parsed as [a-b]: the names it lists, when few.
		var out []string
		for i := 0; i+1 < len(x.Rune); i += 2 {
			if x.Rune[i+1]-x.Rune[i] > 64 || len(out) > 64 {
				return nil
			}
			for c := x.Rune[i]; c <= x.Rune[i+1]; c++ {
				out = append(out, string(c))
			}
		}
		return out
	case syntax.OpCapture:
		return literalNames(x.Sub[0])
	case syntax.OpQuest:
		// (c|m)?js: the names with it and without it.
		n := literalNames(x.Sub[0])
		if n == nil {
			return nil
		}
		return append([]string{""}, n...)
	case syntax.OpAlternate:
		var out []string
		for _, s := range x.Sub {
			n := literalNames(s)
			if n == nil {
				return nil
			}
			out = append(out, n...)
		}
		return out
	case syntax.OpConcat:
		out := []string{""}
		for _, s := range x.Sub {
			n := literalNames(s)
			if n == nil {
				return nil
			}
			if len(out)*len(n) > maxLiteralNames {
				return nil
			}
			var next []string
			for _, a := range out {
				for _, b := range n {
					next = append(next, a+b)
				}
			}
			out = next
		}
		return out
	}
	return nil
}

// isStringPattern reports whether a pattern label is [string].
func isStringPattern(l *ast.ListLit) bool {
	if len(l.Elts) != 1 {
		return false
	}
	id, ok := l.Elts[0].(*ast.Ident)
	return ok && id.Name == "string"
}

// firstTooDeep reports whether p is a place not yet refused for nesting
// too deep (tooDeep), noting it: each is said once.
func (r *resolver) firstTooDeep(p Pos) bool {
	if r.tooDeep[p] {
		return false
	}
	if r.tooDeep == nil {
		r.tooDeep = map[Pos]bool{}
	}
	r.tooDeep[p] = true
	return true
}

func (r *resolver) resolveObject(d *def) {
	o := d.object
	// A field's list of objects holds a type of its own, named in every
	// target (AWS's QuickSight: [...close({…})] eleven deep), so the
	// lists and maps of its fields nest from 1 again; objects in place
	// beyond MaxRefDepth, each in the one before, are the chain
	// checkRefDepth refuses, said here before it is read without end.
	nesting, inRoot := r.nesting, r.inRoot
	r.nesting, r.inRoot = 0, d.root
	r.objDepth++
	defer func() { r.nesting, r.inRoot, r.objDepth = nesting, inRoot, r.objDepth-1 }()
	if r.objDepth > MaxRefDepth+1 {
		if r.firstTooDeep(d.pos) {
			r.errorf(d.pos, "objects written in place nest more than %d deep here, each in a field of the one before; JSON Schema validators (ajv) overflow their stack compiling such chains, so schemagen stops at %d: give an inner object a definition of its own, or flatten the chain", MaxRefDepth, MaxRefDepth)
		}
		return
	}
	// An object is open when its literal ends in ... (said when it is
	// classified too, as a match part that refers to it may ask
	// before it is resolved: strictParts), or when it is the package's
	// root or a struct in a match (said when it is made).
	if lit, ok := d.literal(); ok {
		o.Open = o.Open || hasEllipsis(lit)
	}
	r.memberPatterns(d)
	shadowing := r.checkShadowing(d)
	fv := d.v
	if d.validated {
		// {…} & matchN(1, […]): CUE lists the fields of the value
		// without its validator, which the value alone may not satisfy.
		fv = r.withoutValidators(d.v)
	}
	if r.goAttrs.requiredDefs {
		r.requiredDefs(d, fv)
	}
	listed, err := r.fields(fv, false)
	if err != nil && d.countedBeside {
		if rest := r.withoutValidators(d.v); rest != d.v {
			if l, rerr := r.fields(rest, false); rerr == nil {
				listed, err, fv = l, nil, rest
			}
		}
	}
	if err == nil && r.closedWithIf(fv) {
		r.errorf(d.pos, "%s: close({…}) of a struct whose if tests a field of its own admits no value: CUE v0.17.1 evaluates the close before the data, finds the tested field missing (%s), and refuses every value (cue vet agrees), which no target would say; write the struct without close() (a definition closes it already: declare one and refer to it)", d.ref(), cueErrText(fv.Err()))
		return
	}
	if err == nil && len(d.named) > 0 {
		listed = append(slices.Clip(listed), d.named...)
	}
	if err != nil && ((d.root && d.validated && !statesMore(d.lit)) || r.countsObjects(d.v) || (r.loneMatchIf && fv.IncompleteKind() == cue.TopKind)) {
		// A package whose value is only matchN(0, […]), or a value that
		// is matchN(2, [#Base, close({…})]) alone, or matchIf(…) alone
		// as an alternative of a count on an object: _ and its
		// validator, with no field for CUE to list.
		listed, err = nil, nil
	}
	if err != nil {
		for _, e := range r.ps.fromCUE(err, r.inst.Files...) {
			if n := r.groupCombinations(d.v); n > untaggedMax && strings.HasSuffix(e.Msg, "non-concrete value struct") {
				e.Msg += fmt.Sprintf(": its one-of groups ({} | {a: T} | …) make at least %d combinations, each a variant of the union CUE's evaluation makes of it, more than the %d a union without a discriminator holds (its Go decoder keeps the possible ones as bits of a uint64); fewer groups, or a constant field in each alternative that tells them apart, is carried", n, untaggedMax)
			} else if strings.HasSuffix(e.Msg, "non-concrete value struct") {
				// CUE cannot list the fields: a field is a disjunction
				// of structs that CUE leaves open.
				e.Msg += ": CUE lists no field of it, as a disjunction of structs in it is one CUE leaves unresolved before data is given (for instance a pattern's value that conjoins a union with a struct of its own, [name=K]: (#A | #B) & {_x: name}, as cuenv's task groups write it), and schemagen reads a struct by CUE's list of its fields; write the value as the union alone ([K]: #A | #B), which is carried"
			}
			r.errs = append(r.errs, e)
		}
		return
	}
	listed = r.refuseDisallowed(d, listed)
	r.checkedDefs(fv, d.ref(), d.root)
	n := 0
	for _, lf := range listed {
		n++
		sel, v := lf.sel, lf.v
		name := sel.Unquoted()
		f := &Field{Name: name, Pos: r.pos(v), Doc: docText(v.Doc())}
		whole := v // its default, which the conjunct's value may not keep
		if c, ok := r.oneConjunct(v); ok {
			// a: {x?: int} | *{x: 1} in an embedded definition and
			// again beside it: read as one declaration, whose syntax
			// (the default apart from the type) CUE's value of the two
			// no longer shows.
			v = c
		}
		if lit, ok := d.literal(); ok {
			if decl := declaredField(lit, name); decl != nil && !holds(decl, v.Pos()) {
				// {a?: int, [string]: _}: CUE gives the position of the
				// pattern, its first conjunct; the field is where the
				// object declares it.
				f.Pos = r.ps.of(decl.Pos())
			}
		}
		regular := false
		switch sel.ConstraintType() {
		case cue.OptionalConstraint:
			f.Optional, f.OptionalMark = true, true
		case cue.RequiredConstraint:
		default:
			// A regular field, by CUE's own rule (which its JSON Schema
			// generator applies): one that is not concrete must be given
			// a value, so it is required; a concrete one holds its value
			// whether the data states it or not, so the data may omit it.
			// Asked of the whole value: one conjunct of several written
			// alike (b?: int beside b: *1 | int, also from an embedded
			// definition) is without the default, which the whole keeps.
			f.Optional = whole.Validate(cue.Concrete(true)) == nil || o.Match
			regular = true
			f.regular = true
			if _, has := v.Default(); (f.Optional || has) && r.supplied[o] == "" && !o.Match {
				r.supplied[o] = name
			}
		}
		if f.Doc == "" {
			r.docf(f.Pos, "%s.%s has no doc comment: say what it means on the line above it", d.ref(), name)
		}
		if shadowing[name] || (len(shadowing) > 0 && v.IncompleteKind() == cue.BottomKind) {
			// The shadowing error says why: one error, not one per
			// field, nor a second for the field that shadows ({int:
			// int} refers to itself: influxdata's line-protocol corpus).
			continue
		}
		why, ok := absentMember(v)
		if !ok {
			why, ok = r.countOfAnyRefused(v)
		}
		if !ok && f.Optional {
			why, ok = r.errorConjunct(v)
		}
		if !ok && f.OptionalMark {
			why, ok = conflictOf(v)
		}
		if ok && f.Optional {
			// type?: _|_ (cuenv's "disallow type"), or an optional field
			// CUE does not allow (explicitopen's closed embedding): the
			// member must be absent.
			o.Absent = append(o.Absent, &AbsentMember{Name: name, Why: why, Pos: f.Pos})
			continue
		}
		src, isExpr := sourceExpr(v).(ast.Expr)
		tv, ownType := v, false
		if isExpr {
			if ref := dataDefault(src, d.root, r.topScope); ref != "" {
				// b: int | *a: CUE fills b with a's value where the
				// data leaves b out (and CUE's value of b alone, int |
				// *int, shows none). Carried where a is a member of the
				// same object and int a type alone: each target's type
				// is int, optional, and Go's Get method computes the
				// default (MemberDefault).
				md, t, base, why, typed := r.memberDefault(src, v, name)
				if md == nil {
					if why == "" {
						why = "the default is neither a member's name nor a string interpolation of members' names"
					}
					r.errorf(f.Pos, "%s.%s: its default is %s, a member of the data: CUE gives the field that member's value where the data leaves it out, which every target states where the default is a member of the field's own object, or a string interpolation of such members, beside a type of one kind (string | *Name, string | *\"\\(Name)s\"; or a constrained type that the member's own type implies, #NonEmpty | *Name); here %s; state a constant default (*1), or make the field required or optional", d.ref(), name, ref, why)
					continue
				}
				switch {
				case o.Match:
					// In a T of a match a default changes nothing.
				case f.OptionalMark:
					// name?: T | *X: as a constant default there, the
					// Get method's (CUE leaves the field absent).
					f.MemberDefault = md
					r.noteMemberDefault(o, f, d.ref(), base)
				case regular:
					f.Optional, f.MemberDefault = true, md
					r.noteMemberDefault(o, f, d.ref(), base)
					if r.supplied[o] == "" {
						r.supplied[o] = name
					}
				}
				if typed {
					r.typedDefaults = append(r.typedDefaults, typedDefault{o: o, f: f, md: md, what: d.ref()})
				}
				// name!: T | *X: CUE never applies a required field's
				// default, as with a constant one: the type is T.
				tv, ownType = t, true
			}
		}
		if !ownType && isExpr {
			if t, ok := r.inputDefault(v, src); ok {
				// name: string | *"\(#name)-pg": a default taken from a
				// template's input no data sets (a definition or hidden
				// field the schema leaves open), incomplete for every
				// JSON document, so CUE drops it: the type is T.
				tv, ownType = t, true
			}
		}
		if ownType {
			// The type is T alone: CUE's value of the field gives the
			// default the schema's values of the members have (*64 |
			// int for int | *Length, Length: int | *64).
		} else if dv, has := r.fieldDefault(whole); has && dv.IncompleteKind() == cue.StructKind || !has && v.IncompleteKind() == cue.BottomKind || r.droppedAlts(v) {
			// (Or a disjunction CUE finds an error of before any data,
			// every alternative an error alone: *#N2 | #N7, #N2 with an
			// if on a required member of its own, #N7 with a required
			// list.MatchN list, which CUE reads as [] there; a value
			// makes one of them whole. It was read as the default
			// alone; differential seed 62712.)
			if alts, ok := r.objectAlts(v); ok {
				// *#D | #U: a union in place, its default #D.
				if f.Optional && dv.Validate(cue.Concrete(true)) == nil {
					if lit, err := dv.MarshalJSON(); err == nil {
						f.Default = string(lit)
					}
				}
				if t, ok := r.defaultUnion(v, alts, d.ref()+"."+name); ok {
					f.Type = t
					o.Fields = append(o.Fields, f)
				}
				continue
			}
		}
		if dv, has := r.fieldDefault(whole); has && !ownType {
			var ok bool
			if tv, f.Default, ok = r.withoutDefault(v, dv, d.ref()+"."+name); !ok {
				continue
			}
		}
		if !f.Optional || o.Match {
			// The data must state a required field: CUE never applies
			// its default. In a T of a match, a default changes nothing:
			// a field left out matches, with or without one.
			f.Default = ""
		}
		before, generic := len(r.errs), r.generic
		t, ok := r.typeOf(tv, d.ref()+"."+name)
		if !ok && isExpr && !ownType && r.generic-generic == len(r.errs)-before {
			if ref := dataRef(src, d.root, r.topScope); ref != "" {
				// group: strings.ToLower(S.appName) (grafana-app-sdk's
				// manifest): what typeOf could not read is a value
				// computed from the data, said so (as below for one it
				// reads), not as the type it could not carry.
				r.errs = r.errs[:before]
				r.computedFromData(f.Pos, d.ref()+"."+name, ref)
			}
		}
		if !ok {
			if slices.Contains(r.inlineOrder, d) {
				r.keepInDecl(before, d.pos)
			}
			r.unexplained(before, f.Pos, d.ref()+"."+name)
			if r.partial == nil {
				r.partial = map[*Object]bool{}
			}
			r.partial[o] = true
			continue
		}
		if isExpr && !ownType {
			if ref := dataRef(src, d.root, r.topScope); ref != "" {
				// y: [...int], x: len(y); [N=string]: {name: N}: CUE
				// evaluates the field from another member of the data
				// (or a member's name), where the schema alone gave
				// len([...int]) == 0 or string.
				r.computedFromData(f.Pos, d.ref()+"."+name, ref)
				continue
			}
		}
		if regular && o.Match && t.Kind == ObjectKind && requires(t.Object) {
			// In a match, a regular field left out is put in with its
			// value: one that requires a field (x: {n!: int}) is then
			// an error, so x must be given, as a required field is.
			f.Optional = false
		}
		f.Type = t
		o.Fields = append(o.Fields, f)
	}
	if lit, ok := d.literal(); n == 0 && len(o.Members) == 0 && ok && r.statesMoreThrough(d.v, lit, 0) && !d.root && !r.namesMembers(d.v, false) {
		// Something CUE lists no field of: an embedded pattern
		// ({[=~"^x-"]: T}) or a comprehension. (A pattern on members'
		// names that memberPatterns refused has said why.)
		if !refusedComprehension(lit) {
			r.errorf(d.pos, "%s states no field CUE can list: what it holds (a key pattern, [=~\"…\"]: T, an embedding of one, or fields a comprehension computes, for k, v in x {(k): v}) is not carried yet; a map of any key is [string]: T", d.ref())
		}
		// (else inputsByKey: {for which, impls in inputs …}, InfluxData's
		// line-protocol corpus: comprehensions said why, a for over the
		// data, which no target states; this said it again as "not
		// carried yet".)
	} else if n == 0 && len(o.Members) == 0 && ok && !d.root && slices.ContainsFunc(lit.Elts, func(e ast.Decl) bool { _, ok := e.(*ast.Comprehension); return ok }) {
		// #None: {if false {a: int}}: CUE reads a struct of nothing but
		// definitions, hidden fields and if clauses as an embedding,
		// which admits [] and "s" as well as {}.
		r.errorf(d.pos, "%s: CUE lists no field of it (its if clauses, which test no data, add none), and it reads a struct of nothing but definitions, hidden fields and if clauses as an embedding, which admits a list, a string or a number as well as {}: no target states that as one type; declare a field beside the clauses, or write {} for an object of no fields", d.ref())
	}
	// An object of no fields ({}) is one: CUE admits only {} (the strict
	// set too), the Go decoder and the open set any object.
	r.checkSupplied(o, d.ref(), d.pos)
}

// requires reports whether an object has a field the data must give.
func requires(o *Object) bool {
	return slices.ContainsFunc(o.Fields, func(f *Field) bool { return !f.Optional })
}

// checkSupplied refuses struct.MinFields/MaxFields on an object with a
// member CUE supplies when the data leaves it out: CUE counts it always,
// minProperties and maxProperties only when the data gives it.
func (r *resolver) checkSupplied(o *Object, what string, p Pos) bool {
	if name := r.supplied[o]; name != "" && (o.MinFields != nil || o.MaxFields != nil) {
		r.errorf(p, "%s: struct.MinFields/MaxFields count %s, whose value CUE supplies when the data leaves it out (a concrete regular field, or one with a default), but JSON Schema's minProperties/maxProperties count only the members the data gives; make it optional (%s?:) or required (%s!:)", what, name, name, name)
		return false
	}
	return true
}

// fieldDefault is v's default as CUE's Default reports it, or, where it
// reports none and v refers to a definition written as a disjunction
// that marks one alternative, a definition (*#A | #B), that
// alternative's value: where #B holds the union CUE v0.17.1 reports no
// default, and yet gives a regular field of it #A where the data leaves
// it out (cue export), as it does where #B does not.
func (r *resolver) fieldDefault(v cue.Value) (cue.Value, bool) {
	if dv, has := v.Default(); has {
		return dv, true
	}
	name, isRef := r.refName(v)
	d := r.defs[name]
	if !isRef || d == nil {
		return v, false
	}
	marked := defaultMarks(d.v)
	if len(marked) != 1 {
		return v, false
	}
	id, ok := marked[0].(*ast.Ident)
	if !ok {
		return v, false
	}
	md := r.identDef(id)
	if md == nil || md.v.IncompleteKind() != cue.StructKind {
		return v, false
	}
	return md.v, true
}

// withoutDefault splits a field's value with a default into the value
// without it, whose type the field has, and the default as a JSON
// literal: int | *1 is int with 1; a reference to an enum with a default
// is the enum with its default.
func (r *resolver) withoutDefault(v, dv cue.Value, what string) (cue.Value, string, bool) {
	if t, ok := r.typeField(v); ok {
		// lifecycle: #types.lifecycle, #types' lifecycle: *null | …: the
		// field where it is declared, default and all.
		return r.withoutDefault(t, dv, what)
	}
	// CUE's own default: an open list defaults to [], [A, ...T] to [A].
	// A value CUE made from several declarations shows no mark: a
	// default that is not [] there (tags?: *["a"] | [...] beside tags?:
	// [...string]) is read below, and refused where it is not carried,
	// rather than dropped.
	cuesOwn := !r.writesDefaultOf(v) && !(sourceExpr(v) == nil && dv.IncompleteKind() == cue.ListKind && !emptyList(dv) && dv.Validate(cue.Concrete(true)) == nil)
	if dv.IncompleteKind() == cue.ListKind && cuesOwn {
		return v, "", true
	}
	if !dv.IsConcrete() && dv.Err() == nil {
		// string | *int (gengotypes' StringOrIntDefault): a default that
		// is a type gives no value to fill in; it only chooses among
		// alternatives CUE cannot tell apart, which a value's JSON kind
		// always can. The type is every alternative, with no default.
		// So are two marked defaults, string | *"log" | *"jaeger"
		// (KubeBlocks' InfluxDB tracing type): CUE's default is both,
		// which it never fills in (cue vet -c refuses a regular field
		// left out, incomplete, and leaves an optional one absent).
		op, _ := r.expr(v)
		dop, _ := r.expr(dv)
		if op == cue.OrOp || dop == cue.OrOp {
			return v, "", true
		}
		if _, isRef := r.refName(v); isRef {
			// p?: #Product, #Product: #Output | *#Source, with #Source
			// itself a choice: the same, through the reference.
			if eop, _ := r.expr(v.Eval()); eop == cue.OrOp {
				return v, "", true
			}
		}
	}
	if dv.IncompleteKind() == cue.StructKind && r.amongObjects(v) {
		// *#D | #U, or a reference to a union (or a disjunction of
		// types) whose default is one of its objects: the type is the
		// whole disjunction, a union whose default is that variant
		// (untagged).
		return v, objectVariantDefault(dv), true
	}
	if dv.IncompleteKind() == cue.NullKind {
		if op, _ := r.expr(v); op == cue.OrOp {
			// *null | string (hand-written CUE's "unset by default"):
			// the type is the whole disjunction, nullable, and null its
			// default.
			return v, "null", true
		}
	}
	lit, err := dv.MarshalJSON()
	if err != nil || !dv.IsConcrete() {
		r.errorf(r.pos(v), "%s: a default must be one concrete value; this one is %v", what, dv)
		return v, "", false
	}
	// *v | T, where T admits v (*"auto" | #ColorScheme, *([]) | [...T]):
	// the type is T, and v its default; [] on an open list is CUE's own
	// default of it.
	if op, args := r.expr(v); op == cue.OrOp && len(args) == 2 {
		for i, a := range args {
			rest := args[1-i]
			if !a.IsConcrete() || a.Err() != nil {
				continue
			}
			if alit, err := a.MarshalJSON(); err != nil || string(alit) != string(lit) {
				continue
			}
			if dv.IncompleteKind() == cue.StructKind {
				// *#N3 | #N7: an object's default is read below
				// (objectDefault), whatever rest admits; asked here,
				// CUE's unification of #N7 with #N3 recursed without
				// end (a fatal stack overflow, differential seed 21150).
				continue
			}
			if !admits(rest, dv) {
				continue
			}
			if dv.IncompleteKind() == cue.ListKind && string(lit) == "[]" && rest.IncompleteKind() == cue.ListKind {
				return rest, "", true
			}
			if dv.IncompleteKind() == cue.ListKind && rest.IncompleteKind() == cue.ListKind && scalarList(dv) {
				return rest, string(lit), true // [...#M] | *["a"]
			}
			switch dv.IncompleteKind() {
			case cue.StringKind, cue.IntKind, cue.FloatKind, cue.NumberKind, cue.BoolKind:
				return rest, string(lit), true
			}
		}
	}
	switch dv.IncompleteKind() {
	case cue.StringKind, cue.IntKind, cue.FloatKind, cue.NumberKind, cue.BoolKind:
	default:
		completes := "" // why objectDefault did not carry it, if it says
		if cuesOwn {
			return v, "", true // CUE's own: an open list defaults to []
		}
		if _, isRef := r.refName(v); isRef && dv.IncompleteKind() == cue.ListKind && scalarList(dv) {
			// l: #List, #List: [...number] | *[1, 2, 3]: the
			// definition's default, the type the definition.
			return v, string(lit), true
		}
		if op, args := r.expr(v); string(lit) == "[]" && op == cue.NoOp && len(args) == 1 && args[0].IncompleteKind() == cue.ListKind {
			return args[0], "", true // *([]) | [...T]: what CUE's own default is
		}
		if op, args := r.expr(v); op == cue.NoOp && len(args) == 1 && args[0].IncompleteKind() == cue.ListKind && scalarList(dv) {
			// [...string] | *["*.rs"]: a list of T, its default a list
			// of strings, numbers or booleans.
			return args[0], string(lit), true
		}
		if op, _ := r.expr(v); op == cue.AndOp && scalarList(dv) && v.IncompleteKind() == cue.ListKind {
			// [...string] & (*["h", "v"] | [...#G]), a list field a
			// definition refines with a default: the type is the
			// conjunction (list drops the alternative the other
			// admits), the default CUE's, as for #P & {x: int | *2}.
			return v, string(lit), true
		}
		if op, args := r.expr(v); op == cue.OrOp && dv.IncompleteKind() == cue.ListKind && scalarList(dv) && slices.ContainsFunc(args, func(a cue.Value) bool {
			return a.IncompleteKind() == cue.ListKind && admits(a, dv)
		}) {
			// arguments?: string | [string, ...string] | *[] (masse's
			// shell steps: one or many, none by default), string |
			// [...string] | *[]: a list default of a choice of kinds,
			// which one of its alternatives admits (CUE lists [] as one
			// of its own where no other does): the choice, as CUE lists
			// it, and the default.
			return v, string(lit), true
		}
		if dv.IncompleteKind() == cue.StructKind || dv.IncompleteKind() == cue.ListKind {
			// *{retries: 3} | #Opts; [...#Rule] | *[{path: "/"}] (the
			// Gateway API's HTTPRoute rules): data beside the type.
			t, ok, why := r.objectDefault(v, dv, lit)
			if ok {
				return t, string(lit), true
			}
			completes = why
		}
		if dv.IncompleteKind() == cue.StructKind && r.objectsInPlace(v) {
			// #NestedStruct | *{intVal: 4} (grafana/cog's defaults): a
			// default the other alternatives do not admit is a variant
			// of its own, written in place, as *#D | #P is.
			return v, objectVariantDefault(dv), true
		}
		if completes != "" {
			r.errorf(r.pos(v), "%s: %s", what, completes)
			return v, "", false
		}
		if dv.Kind() == cue.BytesKind && v.IncompleteKind()&cue.StringKind != 0 {
			// string | *'"$user", public' (KubeBlocks' PostgreSQL
			// search_path): in CUE single quotes are bytes, so the
			// default is no string, and what cue export writes for it is
			// base64 text, surely not what was meant.
			r.errorf(r.pos(v), "%s: the default %v is bytes, not a string: in CUE single quotes make bytes, and the data would get the default as its base64 text, as cue export writes it; not carried. For a string default write it in double quotes", what, dv)
			return v, "", false
		}
		r.errorf(r.pos(v), "%s: a default that is %v (not a string, number or boolean, nor a list or an object of data beside the type that admits it, *{n: 1} | #T, *[{n: 1}] | [...#T]) is not carried yet", what, dv.IncompleteKind())
		return v, "", false
	}
	if _, ok := r.refName(v); ok {
		return v, string(lit), true // the default is the definition's
	}
	if op, args := r.expr(v); op == cue.NoOp && len(args) == 1 {
		return args[0], string(lit), true // CUE's value without its default
	}
	if op, args := r.expr(v); op == cue.OrOp {
		// *"" | (string & !=""): a choice among constraints, its default
		// one of them; typeOf reads the alternatives (and null beside
		// them, a nullable choice).
		if rest := withoutNull(args); r.isChoice(rest) {
			return v, string(lit), true
		}
		// *"x" | "y" | "z", "managed" | "scaffold" | *"managed": the type
		// is every alternative, the default among them; CUE's Expr lists
		// them without the mark.
		return v, string(lit), true
	}
	if op, _ := r.expr(v); op == cue.AndOp {
		// #P & {x: int | *2}, with #P's x?: int & >=1 & <=8: the type is
		// the conjunction, each conjunct read without its default
		// (conjuncts), and the default CUE's.
		return v, string(lit), true
	}
	if t, ok := r.selected(v); ok {
		// h: #Values.h, with #Values: #M and #M's h: *false | bool
		// (timoni's wiring of a module's values): the field is the
		// selected field's value, default and all.
		return r.withoutDefault(t, dv, what)
	}
	if _, handled, ok := r.fieldRef(v, what); handled && !ok {
		return v, "", false // a field of the data: reported
	}
	r.errorf(r.pos(v), "%s: this default (%s) is on a disjunction schemagen does not carry yet; write T | *value, with T a type or a definition", what, lit)
	return v, "", false
}

// objectVariantDefault is the value CUE gives a regular field whose
// default is an object variant of its union, where the data leaves it
// out: the default's JSON when it is complete, else "" (CUE then refuses
// the field absent: it is required).
func objectVariantDefault(dv cue.Value) string {
	if dv.Validate(cue.Concrete(true)) != nil {
		return ""
	}
	if lit, err := dv.MarshalJSON(); err == nil {
		return string(lit)
	}
	return ""
}

// objectsInPlace reports whether v is a disjunction of two or more
// alternatives that are all objects, whose default is a struct written
// in place (#P | *{port: 1}).
func (r *resolver) objectsInPlace(v cue.Value) bool {
	op, args := r.expr(v)
	if op != cue.OrOp || len(args) < 2 {
		return false
	}
	marks := defaultMarks(v)
	if len(marks) != 1 {
		return false
	}
	if _, isLit := marks[0].(*ast.StructLit); !isLit {
		return false
	}
	for _, a := range args {
		if a.IncompleteKind() != cue.StructKind {
			return false
		}
	}
	return true
}

// amongObjects reports whether v, whose default is an object, is a
// reference to a union or a disjunction of types (#Input: string | #P |
// *#T), whose own resolution carries the default among its objects
// (untagged).
func (r *resolver) amongObjects(v cue.Value) bool {
	if name, ok := r.refName(v); ok {
		d := r.defs[name]
		return d != nil && (d.union != nil || d.oneOfAlts != nil)
	}
	return false
}

// objectAlts returns the definitions a disjunction with a default
// among its objects lists (*#D | #U, #P | *#D), when every alternative
// is a reference to an object or union definition of the package. CUE's
// Expr does not list them where one is a union whose variants include
// the default (it folds the alternatives), so they are read from the
// source: a union among them stands for its variants.
func (r *resolver) objectAlts(v cue.Value) ([]*def, bool) {
	bin, isBin := sourceExpr(v).(*ast.BinaryExpr)
	if !isBin || bin.Op != token.OR {
		return nil, false
	}
	var alts []*def
	ok := true
	var add func(n ast.Expr)
	add = func(n ast.Expr) {
		for _, x := range orOperands(n) {
			if u, isU := x.(*ast.UnaryExpr); isU && u.Op == token.MUL {
				add(u.X) // the default
				continue
			}
			id, isID := x.(*ast.Ident)
			if !isID {
				ok = false
				continue
			}
			d := r.identDef(id)
			if d == nil {
				ok = false
				continue
			}
			r.classifyOnce(d)
			if d.object == nil && d.union == nil {
				ok = false
				continue
			}
			alts = append(alts, d)
		}
	}
	add(bin)
	return alts, ok && len(alts) > 1
}

// orOperands lists the operands of the disjunction n as written (a | (b |
// c) gives a, b, c), a default marked (*a) as one; any other expression
// is its own one operand.
func orOperands(n ast.Expr) []ast.Expr { return operands(n, token.OR) }

// unionInPlace makes d, a disjunction of objects and unions written in
// place, a union of the package, resolved after the objects
// (resolveRounds) as where it is written: open in a library's field,
// closed in a definition (def.open).
func (r *resolver) unionInPlace(d *def) *Type {
	d.union = &Union{Name: d.name, Doc: d.doc, Pos: d.pos}
	d.open = !r.closedCtx
	r.pkg.Unions = append(r.pkg.Unions, d.union)
	r.inlineUnions = append(r.inlineUnions, d)
	return &Type{Kind: UnionKind, Union: d.union}
}

// identDef returns the package's definition an identifier names (#A),
// or nil: for another identifier, or one that a definition of that name
// nearer the reference shadows (#Cfg: {#A: {…}, x: *#A | #B}).
func (r *resolver) identDef(x *ast.Ident) *def {
	d := r.defs[strings.TrimPrefix(x.Name, "#")]
	if !strings.HasPrefix(x.Name, "#") || d == nil {
		return nil
	}
	if x.Scope != nil {
		// The parser resolves a reference to the struct that declares
		// what it names: the file's for the package's own definitions.
		if !r.topScope(x.Scope) {
			return nil
		}
	}
	return d
}

// defaultUnion resolves a field whose value is a disjunction of object
// and union definitions with a default among them (objectAlts): a union
// in place, named after the field, whose variants are the objects and
// the unions' variants, each once, and whose default the one marked
// (untagged).
func (r *resolver) defaultUnion(v cue.Value, alts []*def, what string) (*Type, bool) {
	p := r.pos(v)
	name := inlineName(what)
	d := &def{name: name, v: v, pos: p, doc: fmt.Sprintf("%s is the value of %s.", name, what), altDefs: alts, at: what}
	r.placeAt(d, what)
	return r.unionInPlace(d), true
}

// droppedAlts reports whether v is written as a disjunction of more
// alternatives than CUE's Expr lists: CUE drops an alternative that is an
// error before any data (*#N1 | #N2, #N1's f0: [...int] &
// list.MatchN(>=1, >0), which [] fails), and with it the default, while
// data that makes it whole ({kind: "a", f0: [3]}) is #N1 to CUE. Read
// from the source, the union holds every alternative written
// (differential seed 105065: #N1 was dropped, and every target refused
// what CUE accepts).
func (r *resolver) droppedAlts(v cue.Value) bool {
	bin, ok := sourceExpr(v).(*ast.BinaryExpr)
	if !ok || bin.Op != token.OR {
		return false
	}
	listed := 1
	if op, args := r.expr(v); op == cue.OrOp {
		listed = len(args)
	}
	return len(orOperands(bin)) > listed
}

// objectDefault returns the type of a field whose default is an object,
// when the data it admits are the other alternative's alone: *{retries:
// 3} | #Opts, an object of data (regular fields of concrete values, no
// optional one, no pattern, not open) or a value the schema alone fixes
// (defaultDataRef: *[#T & {n: 1}]) the other alternative admits, one
// value, and that makes whole no value the other refuses
// (completedByDefault; completes then says why). Any other object
// default is refused: whether the data the two
// alternatives admit together are one of them's is not something CUE's
// Subsume answers reliably for definitions, and a default among objects
// also chooses where a value fits several (invowk's *#LLMDefaultsConfig |
// #LLMConfig admits {}, which #LLMConfig alone finds ambiguous).
func (r *resolver) objectDefault(v, dv cue.Value, lit []byte) (t cue.Value, ok bool, completes string) {
	bin, isBin := sourceExpr(v).(*ast.BinaryExpr)
	if !isBin || bin.Op != token.OR {
		return cue.Value{}, false, ""
	}
	marked, other := bin.X, bin.Y
	if u, ok := bin.Y.(*ast.UnaryExpr); ok && u.Op == token.MUL {
		marked, other = bin.Y, bin.X
	}
	u, isMark := marked.(*ast.UnaryExpr)
	if !isMark || u.Op != token.MUL {
		return cue.Value{}, false, ""
	}
	if _, also := other.(*ast.UnaryExpr); also {
		return cue.Value{}, false, ""
	}
	// The other alternative's value: CUE's Expr lists the alternatives,
	// or, when it folds them, the one left.
	var rest cue.Value
	op, args := r.expr(v)
	switch {
	case op == cue.NoOp && len(args) == 1:
		rest = args[0]
	case op == cue.OrOp && len(args) == 2:
		for _, a := range args {
			if n := sourceExpr(a); n == other || (n != nil && n.Pos() == other.Pos()) {
				rest = a
			}
		}
	}
	if !rest.Exists() || rest.IncompleteKind() != dv.IncompleteKind() {
		return cue.Value{}, false, ""
	}
	if (literalValue(u.X) || defaultDataRef(u.X, r.inRoot, r.topScope) == "") && admits(rest, dv) {
		if at, found := completedByDefault(rest, dv, lit); found {
			if _, isLit := u.X.(*ast.StructLit); isLit && op == cue.NoOp && dv.IncompleteKind() == cue.StructKind {
				// {uid: string, …} | *{uid: "myUID", …}, which CUE's
				// Expr gives as the type alone, the default it admits
				// folded in: still a disjunction to CUE's evaluation,
				// which takes the default where the data unifies with
				// it. Read as one (objectsInPlace: the default a variant
				// of its own).
				if r.unfolded == nil {
					r.unfolded = map[cue.Value]exprResult{}
				}
				r.unfolded[v] = exprResult{cue.OrOp, []cue.Value{rest, dv}}
				return cue.Value{}, false, ""
			}
			// Not the type with a default: a variant of its own, where
			// the alternatives are objects written in place
			// (objectsInPlace), or refused, saying this.
			return cue.Value{}, false, fmt.Sprintf("the default makes whole a value the type alone refuses (the default without %s): CUE takes the default where the data unifies with it, so it accepts that value and fills the member in, which no default of a type states; make the member optional in the type, or give the type's own field the default", at)
		}
		return rest, true, ""
	}
	return cue.Value{}, false, ""
}

// completedByDefault reports a value, dv (a concrete default beside rest,
// its type; lit its JSON) with one member of one of its objects left out, that rest
// refuses and the default makes whole: CUE unifies data with both
// alternatives and takes the default where both succeed or only it does,
// so [...#Rule] | *[{path: "/"}] with #Rule: {path: string} accepts
// [{}] as [{path: "/"}], which a type with a JSON default refuses. It
// returns where the member is. A member the type makes optional or gives a
// default of its own (the Gateway API's matches: *[{path: {type:
// "PathPrefix", value: "/"}}]) completes nothing the type refuses.
func completedByDefault(rest, dv cue.Value, lit []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(lit))
	dec.UseNumber()
	var doc any
	if dec.Decode(&doc) != nil {
		return "", false
	}
	found := ""
	var walk func(node any, at string)
	walk = func(node any, at string) {
		switch x := node.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				if found != "" {
					return
				}
				v := x[k]
				delete(x, k)
				b, err := json.Marshal(doc)
				x[k] = v
				if err != nil {
					continue
				}
				d := dv.Context().CompileBytes(b)
				if rest.Unify(d).Validate(cue.Concrete(true)) != nil && dv.Unify(d).Validate(cue.Concrete(true)) == nil {
					found = at + "." + k
					return
				}
				walk(v, at+"."+k)
			}
		case []any:
			for i, e := range x {
				walk(e, fmt.Sprintf("%s[%d]", at, i))
			}
		}
	}
	walk(doc, "")
	if found == "" {
		return "", false
	}
	return strings.TrimPrefix(found, "."), true
}

// defaultDataRef returns the first reference in a default's expression
// to something the data gives (dataIdent), inside its struct literals
// too, as written, or "": *[{name: Name}] takes Name from the data, while
// *[#Templates & {Globs: ["./t/**"]}] (hof's generators) is a value the
// schema alone fixes, whose JSON (when concrete) is what CUE fills in. A
// name the default declares itself (*{a: 1, b: a}) is its own; a for or
// an if inside it is read as the data's.
func defaultDataRef(e ast.Expr, root bool, top func(ast.Node) bool) string {
	return dataRefSeen(e, root, top, nil, true, nil)
}

// scalarList reports whether v is a concrete list of strings, numbers and
// booleans: a list default every target writes as a literal.
func scalarList(v cue.Value) bool {
	it, err := v.List()
	if err != nil {
		return false
	}
	for it.Next() {
		switch e := it.Value(); e.Kind() {
		case cue.StringKind, cue.IntKind, cue.FloatKind, cue.NumberKind, cue.BoolKind:
		default:
			return false
		}
	}
	return true
}

// checkedDefs refuses a definition or hidden member of v, an object read
// as what (root: the package's document), whose value is a conjunction of
// the schema's and of one taken from the data: #OnEventMap:
// [Event=string]: #OnEventObject & {#event: Event}, with #OnEventObject's
// #event: #OnEvent (hofstadter-io's GitHub Actions schema, "ensure the map
// key is a known type"), or _c: a & =~"^x". Neither is a member of the
// data, so no target holds it, yet CUE unifies the two and refuses a
// value where they conflict (a key no #OnEvent admits, an a not starting
// with x): read as the object without it, every target would admit what
// CUE refuses. One computed from the data alone (#upper:
// strings.ToUpper(name), _id: metadata.name) states nothing CUE checks
// beyond the member it is computed from, and is passed over.
func (r *resolver) checkedDefs(v cue.Value, what string, root bool) {
	if v.IncompleteKind()&cue.StructKind == 0 {
		return
	}
	it, err := v.Fields(cue.Definitions(true), cue.Hidden(true), cue.Optional(true))
	if err != nil {
		return
	}
	for it.Next() {
		sel := it.Selector()
		kind := "definition"
		switch {
		case sel.LabelType() == cue.HiddenLabel:
			kind = "hidden field"
		case !sel.IsDefinition():
			continue
		}
		r.checksData(it.Value(), what+"."+sel.String(), kind, root, nil, 0)
	}
}

// checksData refuses m, the value of a definition or hidden member read as
// what (kind says which), or of a field or item within it (_meta: {name: a
// & =~"^x"}), when it is a conjunction of a part taken from the data and
// one of the schema's that may conflict with it (checkedDefs); within is
// the struct or list literal of the member, whose own fields are not the
// data's. It reports whether it refused one.
func (r *resolver) checksData(m cue.Value, what, kind string, root bool, within ast.Node, depth int) bool {
	if cs := r.conjuncts(m); len(cs) >= 2 {
		for i, c := range cs {
			src, isExpr := sourceExpr(c).(ast.Expr)
			if !isExpr {
				continue
			}
			if ref := dataRefSeen(src, root, r.topScope, nil, false, within); ref != "" {
				if schemaAdmits(cs, i) {
					// _self: string | *"" beside imageName (cuenv's
					// images): whatever the data gives, a name, the
					// schema's part admits it; no conflict, no check.
					return false
				}
				r.errorf(r.pos(c), "%s: the %s is given %s, a member of the data (or a member's name, through a pattern's label), beside a value of the schema's, and CUE refuses the data where the two conflict: a check of the data made through a %s, which is no member of the data and so of no target; state the check on the member itself (a: =~\"^x\", or a key pattern, [=~\"…\"]: T, for a map's keys) or drop it", what, kind, ref, kind)
				return true
			}
		}
		return false
	}
	if depth >= maxCheckedDepth {
		return false
	}
	lit := sourceExpr(m)
	if within == nil {
		within = lit
	}
	switch lit.(type) {
	case *ast.StructLit:
		it, err := m.Fields(cue.Definitions(true), cue.Hidden(true), cue.Optional(true))
		if err != nil {
			return false
		}
		for it.Next() {
			if r.checksData(it.Value(), what+"."+it.Selector().String(), kind, root, within, depth+1) {
				return true
			}
		}
	case *ast.ListLit:
		it, err := m.List()
		if err != nil {
			return false
		}
		for i := 0; it.Next(); i++ {
			if r.checksData(it.Value(), fmt.Sprintf("%s[%d]", what, i), kind, root, within, depth+1) {
				return true
			}
		}
	}
	return false
}

// maxCheckedDepth is how deep checksData reads into the struct and list
// literals of a definition or hidden member.
const maxCheckedDepth = 8

// schemaAdmits reports whether the conjuncts of cs other than cs[i] (the
// part taken from the data), unified, admit every value cs[i] may take as
// the schema states it (a pattern's label: any string; a member: its
// type), so that the two never conflict.
func schemaAdmits(cs []cue.Value, i int) bool {
	var s cue.Value
	for j, c := range cs {
		switch {
		case j == i:
		case !s.Exists():
			s = c
		default:
			s = s.Unify(c)
		}
	}
	return s.Exists() && s.Subsume(cs[i]) == nil
}

// refusedComprehension reports whether lit holds a comprehension that
// comprehensions refuses, saying why: neither a for over what the
// schema states nor if clauses alone.
func refusedComprehension(lit *ast.StructLit) bool {
	for _, e := range flatIfs(lit.Elts) {
		if c, ok := e.(*ast.Comprehension); ok && !decidedFor(c) {
			if _, ok := ifsAsOne(c.Clauses, map[*ast.BinaryExpr]bool{}); !ok {
				return true
			}
		}
	}
	return false
}

// computedFromData refuses the field what, whose value CUE computes from
// ref, a member of the data (dataRef).
func (r *resolver) computedFromData(p Pos, what, ref string) {
	r.errorf(p, "%s: its value is computed from %s, a member of the data (or a member's name, through a pattern's label): CUE evaluates it once the data gives that member, a check between two parts of the data that no JSON Schema keyword states; state a type or a constant here", what, ref)
}

// dropRedundant returns the alternatives of a disjunction without those
// that add nothing to the others: one another admits (dropAdmitted), an
// int beside its float twin (dropIntTwins). A definition's disjunction
// (classify) and one in place (typeOf) are read alike.
func (r *resolver) dropRedundant(alts []cue.Value) []cue.Value {
	return r.dropIntTwins(dropIntBesideFloat(dropBytesBesideString(dropAdmitted(alts))))
}

// dropBytesBesideString drops the bytes type beside the string type,
// each written bare (open-platform-model's #OpenAPIv3Primitive: null |
// bool | string | bytes | number): JSON has no bytes, and a JSON string
// is a string, which the string alternative admits whatever its text
// (CUE's judge reads a string as bytes only where the schema admits no
// string: docs/schema-language.md, Bytes), so the bytes alternative
// adds no value to the choice. Beside a constrained string (string &
// =~"x") it is kept, and the pair refused as two of one JSON kind.
func dropBytesBesideString(alts []cue.Value) []cue.Value {
	bare := func(a cue.Value, name string) bool {
		id, ok := sourceExpr(a).(*ast.Ident)
		return ok && id.Name == name && !a.IsConcrete()
	}
	if !slices.ContainsFunc(alts, func(a cue.Value) bool { return bare(a, "string") }) {
		return alts
	}
	return slices.DeleteFunc(slices.Clone(alts), func(a cue.Value) bool { return bare(a, "bytes") })
}

// dropEmptyBesideMap reads a map beside the empty object ({[string]:
// string} | *{}, TiKV's server labels in KubeBlocks' parameter schemas),
// each a struct literal as written, the map's of patterns alone. Where
// a definition closes it (closed), the {} is the one object of no member,
// which the map admits (a pattern requires nothing): the value is the
// map. Elsewhere (a library's field, a match's part) the {} is open, any
// object, which admits whatever the map does: the value is the {}. CUE's
// Subsume cannot tell them apart here, as the alternatives Expr gives
// have lost the closedness of where they are written.
func dropEmptyBesideMap(alts []cue.Value, closed bool) []cue.Value {
	if len(alts) != 2 {
		return alts
	}
	empty, patterns := -1, -1
	for i, a := range alts {
		lit, ok := sourceExpr(a).(*ast.StructLit)
		if !ok {
			return alts
		}
		switch {
		case len(lit.Elts) == 0:
			empty = i
		case !slices.ContainsFunc(lit.Elts, func(e ast.Decl) bool {
			f, ok := e.(*ast.Field)
			if !ok {
				return true
			}
			_, pattern := f.Label.(*ast.ListLit)
			return !pattern
		}):
			patterns = i
		}
	}
	if empty < 0 || patterns < 0 {
		return alts
	}
	if closed {
		return alts[patterns : patterns+1]
	}
	return alts[empty : empty+1]
}

// emptyDefaultBesideObjects returns the empty struct literal among alts
// when it is v's default outside a definition (closed unset) and every
// other alternative is an object (Grafana's dashboard v2 elements:
// [ElementReference.name]: Element | *{}, a union of panels beside it):
// the open {} admits every object, and CUE takes it, the default,
// wherever another alternative is possible too, so the value is any
// object, whichever the others admit; a value of another kind fits none.
// Otherwise it returns the zero Value.
func emptyDefaultBesideObjects(v cue.Value, alts []cue.Value, closed bool) cue.Value {
	if closed || len(alts) < 2 {
		return cue.Value{}
	}
	dv, has := v.Default()
	if !has || dv.IncompleteKind() != cue.StructKind {
		return cue.Value{}
	}
	if it, err := dv.Fields(cue.Optional(true), cue.Definitions(true)); err != nil || it.Next() {
		return cue.Value{}
	}
	empty := -1
	for i, a := range alts {
		if a.IncompleteKind() != cue.StructKind {
			return cue.Value{}
		}
		if lit, ok := sourceExpr(a).(*ast.StructLit); ok && len(lit.Elts) == 0 {
			empty = i
		}
	}
	if empty < 0 {
		return cue.Value{}
	}
	return alts[empty]
}

// dropIntBesideFloat drops each int alternative beside a float one of the
// same bounds: int | float, int & >0 | float & >0 (which CUE makes of
// (int | float) & >0). CUE admits every number of those bounds then,
// whether written 1 or 1.0, which is what the float alone is read as in
// every other target (a number), so the choice is one number, exactly,
// not an int beside a number, which CUE tells apart and was refused so.
// An int of other bounds (int & <5 | float) stays: CUE refuses 7 there
// and admits 7.0, which no other target tells apart.
func dropIntBesideFloat(alts []cue.Value) []cue.Value {
	var floats []cue.Value // the bounds of each float alternative
	for _, a := range alts {
		if a.IncompleteKind() == cue.FloatKind && !a.IsConcrete() {
			if b, ok := numberBounds(a); ok {
				floats = append(floats, b)
			}
		}
	}
	if len(floats) == 0 {
		return alts
	}
	out := alts[:0:0]
	for _, a := range alts {
		if a.IncompleteKind() == cue.IntKind && !a.IsConcrete() {
			if b, ok := numberBounds(a); ok && slices.ContainsFunc(floats, func(f cue.Value) bool { return b.Subsume(f) == nil && f.Subsume(b) == nil }) {
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// numberBounds is what a, int or float and bounds (int & >0, uint,
// float), says beside its kind, as a number (number & >0; number for
// the kind alone), when it is no more than that.
func numberBounds(a cue.Value) (cue.Value, bool) {
	op, args := a.Expr()
	switch op {
	case cue.NoOp:
		args = []cue.Value{a}
	case cue.AndOp:
	default:
		return cue.Value{}, false
	}
	b := a.Context().CompileString("number")
	for _, x := range args {
		switch x.IncompleteKind() {
		case cue.IntKind, cue.FloatKind:
			if op, _ := x.Expr(); op != cue.NoOp || x.IsConcrete() {
				return cue.Value{}, false
			}
		case cue.NumberKind:
			b = b.Unify(x)
		default:
			return cue.Value{}, false
		}
	}
	return b, b.Err() == nil
}

// dropIntTwins drops each int constant alternative whose float twin is an
// alternative too (number & >0 & <=1 | 2 | 2.0 | 3 | 3.0, Nebula's memory
// ratio in KubeBlocks' parameter schemas): CUE admits both spellings of
// the number then, 2 and 2.0, as the float constant alone does in every
// other target (JSON Schema's const and Go's == compare values), so the
// choice is of numbers, not an int beside a number, which CUE tells apart
// and was refused so: the float twin is read as a number's constant
// (numberTwins, choiceKind).
func (r *resolver) dropIntTwins(alts []cue.Value) []cue.Value {
	type number struct {
		v cue.Value
		x *big.Rat
	}
	var floats []number
	for _, a := range alts {
		if a.Kind() != cue.FloatKind {
			continue // its text is read only where a float may be its twin
		}
		if x, ok := numberRat(a); ok {
			floats = append(floats, number{a, x})
		}
	}
	if len(floats) == 0 {
		return alts
	}
	out := alts[:0:0]
	for _, a := range alts {
		if a.Kind() != cue.IntKind {
			out = append(out, a)
			continue
		}
		if x, ok := numberRat(a); ok {
			if i := slices.IndexFunc(floats, func(f number) bool { return f.x.Cmp(x) == 0 }); i >= 0 {
				if r.numberTwins == nil {
					r.numberTwins = map[cue.Value]bool{}
				}
				r.numberTwins[floats[i].v] = true
				continue // its float twin admits both spellings
			}
		}
		out = append(out, a)
	}
	return out
}

// numberRat is a concrete number's exact value, read from its text.
func numberRat(v cue.Value) (*big.Rat, bool) {
	b, err := v.MarshalJSON()
	if err != nil {
		return nil, false
	}
	return new(big.Rat).SetString(string(b))
}

// dropAdmitted returns the alternatives of a disjunction without each
// concrete one that a non-concrete other admits ("bash" beside string, 1
// beside int, null beside _), and without each scalar constraint another
// of its kind subsumes (dropNarrower): the same values, fewer
// alternatives.
func dropAdmitted(alts []cue.Value) []cue.Value {
	if everyKind(alts) || slices.ContainsFunc(alts, func(a cue.Value) bool { return onlyTop(sourceExpr(a), false) }) {
		// Every JSON kind whole, or _ among them (_ | _, matchN(>=1,
		// [number, _])): any value.
		return []cue.Value{alts[0].Context().CompileString("_")}
	}
	alts = bothBools(dropNarrower(alts))
	concrete := make([]bool, len(alts))
	var open []cue.Value // the alternatives that are no one value
	for i, a := range alts {
		// An alternative CUE finds an error with no data ([...int] &
		// list.MatchN(>=1, 3), whose open list's [] fails the count) is
		// no value that another admits: every type subsumes an error,
		// and it was dropped, exit 0 and the list alternative gone
		// (the JSON Schema Test Suite's contains through cue import).
		// One written as an error (_|_, error("…")) admits nothing.
		pending := a.Err() != nil && !isBottomExpr(sourceExpr(a))
		if concrete[i] = a.IsConcrete() && !pending && !openList(a); !concrete[i] {
			open = append(open, a)
		}
	}
	if len(open) == 0 || len(open) == len(alts) {
		return alts // an enum of constants, or types alone: linear
	}
	var out []cue.Value
	for i, a := range alts {
		admitted := false
		if concrete[i] {
			for _, b := range open {
				if subsumes(b, a, cue.Schema()) || admitsFloatTwin(b, a) {
					admitted = true
					break
				}
			}
		}
		if !admitted {
			out = append(out, a)
		}
	}
	return out
}

// admitsFloatTwin reports whether b, a float type (float & >=0 & <=0.99),
// admits the float twin of a, an int constant (0 as 0.0): TiDB's PD
// memory limit in KubeBlocks' parameter schemas, float & >=0 & <=0.99 |
// *0. Every target reads a float as a number (the documented difference:
// CUE's float admits no integer literal), and so read b admits a, which
// adds nothing to the choice. A constant b does not admit as a float
// (float & <=1 | *2) stays: CUE admits 2 and refuses 2.0 there, which no
// other target tells apart.
func admitsFloatTwin(b, a cue.Value) bool {
	if a.Kind() != cue.IntKind || b.IncompleteKind() != cue.FloatKind {
		return false
	}
	text, err := a.MarshalJSON()
	if err != nil {
		return false
	}
	twin := a.Context().CompileString(string(text) + ".0")
	return twin.Err() == nil && subsumes(b, twin, cue.Schema())
}

// openList reports whether v is a list that is no one value: one that
// admits more items ([...string], ["a", ...]) or holds an item that is no
// one value ([string]). CUE calls every list concrete; among a
// disjunction's alternatives such a list is a type, which may admit
// another alternative (["default"] | [...string], OpenSSF's Security
// Insights rulesets, is [...string]).
func openList(v cue.Value) bool {
	if v.IncompleteKind() != cue.ListKind {
		return false
	}
	return v.Allows(cue.AnyIndex) || v.Validate(cue.Concrete(true)) != nil
}

// everyKind reports whether alts state every JSON kind whole, each as
// written (null | bool | number | string | [...] | {...}, as cue import
// writes a schema of no type, SchemaStore's any.json): any JSON value,
// CUE's _.
func everyKind(alts []cue.Value) bool {
	var seen [kindClasses]bool
	n := 0
	for _, a := range alts {
		k, one := kindClass(a.IncompleteKind())
		if !one || !wholeKind(sourceExpr(a)) || a.IncompleteKind() == cue.IntKind || a.IncompleteKind() == cue.FloatKind {
			continue
		}
		if !seen[k] {
			seen[k] = true
			n++
		}
	}
	// bytes is no JSON kind: six of the seven classes.
	return n == kindClasses-1 && !seen[4]
}

// bothBools returns alts with the constants true and false, when both are
// among them, as the one type bool in the place of the first (csslintrc's
// #rule: 2 | true | false is 2 | bool): the same values, and a boolean
// that a choice of kinds holds once.
func bothBools(alts []cue.Value) []cue.Value {
	at := map[bool]int{}
	for i, a := range alts {
		if a.Kind() == cue.BoolKind && a.IsConcrete() {
			if b, err := a.Bool(); err == nil {
				if _, dup := at[b]; !dup {
					at[b] = i
				}
			}
		}
	}
	t, okT := at[true]
	f, okF := at[false]
	if !okT || !okF {
		return alts
	}
	first := min(t, f)
	out := make([]cue.Value, 0, len(alts)-1)
	for i, a := range alts {
		switch {
		case i == first:
			out = append(out, a.Context().CompileString("bool"))
		case i == t || i == f:
		default:
			out = append(out, a)
		}
	}
	return out
}

// dropNarrower returns alts without each non-concrete scalar alternative
// that another of its JSON kind subsumes (=~"^x" beside string, int & >5
// beside int & >0, int beside number, as cue import writes an anyOf of a
// type and a pattern, or of JSON Schema's "integer" and "number"):
// a scalar both admit is one value to CUE's disjunction either way, so
// the wider alone admits the same values. Alternatives of different kinds
// are not compared (linear for a disjunction of types alone), nor objects
// or lists, whose variants CUE tells apart by more than their values.
func dropNarrower(alts []cue.Value) []cue.Value {
	byKind := map[cue.Kind][]int{}
	for i, a := range alts {
		switch k := a.IncompleteKind(); k {
		case cue.IntKind, cue.FloatKind:
			// int beside number (bamboo's matchN(>=1, [string, int,
			// bool, number])): one JSON kind, which number subsumes.
			k = cue.NumberKind
			fallthrough
		case cue.StringKind, cue.NumberKind, cue.BoolKind, cue.BytesKind:
			if !a.IsConcrete() {
				byKind[k] = append(byKind[k], i)
			}
		}
	}
	drop := map[int]bool{}
	for _, is := range byKind {
		for _, i := range is {
			for _, j := range is {
				if i != j && !drop[j] && subsumes(alts[j], alts[i], cue.Schema()) {
					drop[i] = true // j admits every value i does
					break
				}
			}
		}
	}
	if len(drop) == 0 {
		return alts
	}
	var out []cue.Value
	for i, a := range alts {
		if !drop[i] {
			out = append(out, a)
		}
	}
	return out
}

// admits reports whether t admits the concrete value x: t subsumes it,
// or (where Subsume gives up: a default of an optional field inside a
// definition is "not an instance" to it) unifying them is concrete and no
// error.
func admits(t, x cue.Value) bool {
	if subsumes(t, x, cue.Schema()) {
		return true
	}
	if constantsDiffer(t, x) {
		// #N7 and #N3 told apart by kind: "b" and kind: "a" admit no
		// common value, which CUE v0.17.1's unification of the two
		// sometimes never finishes finding (a fatal stack overflow,
		// differential seed 21150).
		return false
	}
	return t.Unify(x).Validate(cue.Concrete(true)) == nil
}

// constantsDiffer reports whether the structs t and x each hold a
// constant of one scalar member, and the constants differ: no value is
// both.
func constantsDiffer(t, x cue.Value) bool {
	if t.IncompleteKind() != cue.StructKind || x.IncompleteKind() != cue.StructKind {
		return false
	}
	it, err := x.Fields()
	if err != nil {
		return false
	}
	for it.Next() {
		xv := it.Value()
		if !xv.IsConcrete() || xv.IncompleteKind()&(cue.StringKind|cue.NumberKind|cue.BoolKind|cue.NullKind) == 0 {
			continue
		}
		tv := t.LookupPath(cue.MakePath(it.Selector()))
		if !tv.Exists() || !tv.IsConcrete() || tv.Err() != nil || tv.IncompleteKind()&(cue.StringKind|cue.NumberKind|cue.BoolKind|cue.NullKind) == 0 {
			continue
		}
		a, aerr := tv.MarshalJSON()
		b, berr := xv.MarshalJSON()
		if aerr == nil && berr == nil && string(a) != string(b) {
			return true
		}
	}
	return false
}

// absentMember reports whether an optional field's value says the member
// can never be present: _|_ or error("…") written as its value, or CUE's
// "field not allowed" (a closed struct that does not allow what the field
// declares); why says which, for the docs.
func absentMember(v cue.Value) (why string, ok bool) {
	if call, isCall := sourceExpr(v).(*ast.CallExpr); isCall && isIdentNamed(call.Fun, "error") {
		// f?: error("disallowed"), cue import's false schema of a
		// property: as _|_, with the message it gives.
		return oneLine(v), true
	}
	if v.IncompleteKind() != cue.BottomKind {
		return "", false
	}
	if isBottomExpr(sourceExpr(v)) {
		return "_|_", true
	}
	if cueErrIs(v.Err(), "field not allowed") {
		return "not allowed by the closed struct it is in", true
	}
	return "", false
}

// errorConjunct reports whether one of v's conjuncts names a let whose
// value is a conflict of constants, as CUE's own module file schema forbids
// a member while keeping the error's position (let
// _errorReplaceNotPermittedInStrict = 1 & 2, then replaceWith?:
// _errorReplaceNotPermittedInStrict beside #Dep's replaceWith?: string):
// CUE admits no value there, as for _|_, so on an optional field the
// member must be absent. On a field declared optional (f?:) any conflict
// is (conflictOf); this one holds where a regular field is read as an
// optional one too.
func (r *resolver) errorConjunct(v cue.Value) (string, bool) {
	if v.IncompleteKind() != cue.BottomKind {
		return "", false
	}
	for _, c := range r.conjuncts(v) {
		id, ok := sourceExpr(c).(*ast.Ident)
		if !ok {
			continue
		}
		let, ok := id.Node.(*ast.LetClause)
		if !ok || !literalConflict(let.Expr) || c.Validate() == nil {
			continue
		}
		return id.Name + ", an error by itself (" + exprString(let.Expr) + ")", true
	}
	return "", false
}

// conflictFormats are CUE's messages for a value that admits nothing by
// itself, whatever the data: values of two kinds or two constants
// conjoined, a constant outside its bound. A validator's "does not
// satisfy" is not among them: CUE says it too of a struct or a list the
// data has yet to fill (struct.MinFields(1) & {…}, list.MinItems(2)).
var conflictFormats = map[string]bool{
	"conflicting values %s and %s (mismatched types %s and %s)": true,
	"conflicting values %s and %s":                              true,
	"invalid value %v (out of bound %s)":                        true,
}

// conflictOf reports whether v, an optional field's value, is an error
// CUE finds in the schema alone, every one of its errors a conflict
// (conflictFormats): CUE admits no value there, and admits a document
// without the member (cue vet -c passes {} for #Server: {port?: #Port,
// port?: >10 & <100}, the Istio gateway of CUE's protobuf tests), so the
// member must be absent, as with _|_. An error that waits for the data
// (a reference to a member it gives, incomplete) or is the schema's own
// (a structural cycle, a reference not found) is not one.
func conflictOf(v cue.Value) (string, bool) {
	if v.IncompleteKind() != cue.BottomKind {
		return "", false
	}
	errs := errors.Errors(v.Err())
	if len(errs) == 0 {
		return "", false
	}
	for _, e := range errs {
		if f, _ := e.Msg(); !conflictFormats[f] {
			return "", false
		}
	}
	return "its value is an error by itself, so no value is admitted: " + cueErrText(v.Err()), true
}

// literalConflict reports whether e is a conjunction of constants that
// differ (1 & 2): an error by itself, written so.
func literalConflict(e ast.Expr) bool {
	b, ok := e.(*ast.BinaryExpr)
	if !ok || b.Op != token.AND {
		return false
	}
	x, xok := b.X.(*ast.BasicLit)
	y, yok := b.Y.(*ast.BasicLit)
	return xok && yok && (x.Kind != y.Kind || x.Value != y.Value)
}

// countOfAnyRefused reports whether v is matchN(n, [_, _, …]) whose
// count no value meets: every value matches every _, so a count other
// than their number refuses every value (webmanifest's orientation,
// matchN(1, [_, _, _, _, _, _, _, _]), cue import's oneOf of constants
// it could not read). On an optional field the member must be absent, as
// with _|_.
func (r *resolver) countOfAnyRefused(v cue.Value) (string, bool) {
	if every, ok := r.countOfAny(v); !ok || every {
		return "", false
	}
	return oneLine(v) + ", which no value meets (every value matches every _)", true
}

// anyCount reads v when it is matchN(n, [_, _, …]) (handled): any value
// when the count holds their number, and no value otherwise, refused
// here (an optional field's member must be absent: countOfAnyRefused).
func (r *resolver) anyCount(v cue.Value, what string, p Pos) (t *Type, ok, handled bool) {
	every, is := r.countOfAny(v)
	switch {
	case !is:
		return nil, false, false
	case every:
		return &Type{Kind: AnyKind}, true, true // matchN(2, [_, _])
	}
	r.errorf(p, "%s: %s admits no value: every value matches every _, so the count is never met; it is carried on an optional field, whose member must then be absent", what, oneLine(v))
	return nil, false, true
}

// countOfAny reports whether v is matchN(n, [_, _, …]) (ok), and whether
// its count admits every value (every: the count holds their number) or
// none; or a count of at least k of alternatives k or more of which are _
// (matchN(>=1, [_, X])), which admits every value; or a count of at least
// one of alternatives that hold every JSON kind whole between them
// (matchN(>=1, [string, number, int, bool, [...], {...}, null]), cue
// import's anyOf of every type: JFrog Pipelines' {[=~"^.*$"]: …}), which
// every value meets too.
func (r *resolver) countOfAny(v cue.Value) (every, ok bool) {
	if !r.isMatchN(v) {
		return false, false
	}
	lo, hi, alts, known := r.objectCount(v)
	if !known || len(alts) == 0 {
		return false, false
	}
	tops := 0
	var whole [kindClasses]bool
	for _, a := range alts {
		if isTop(sourceExpr(a)) && a.IncompleteKind() == cue.TopKind {
			tops++
			continue
		}
		if k, one := kindClass(a.IncompleteKind()); one && (wholeJSONKind(sourceExpr(a)) || k == objectClass && isOpenTop(a)) {
			whole[k] = true
		}
	}
	if hi == nil && tops > 0 && tops >= lo {
		// matchN(>=1, [_, null | string]) (electron-builder's hooks):
		// every value matches _, so at least that many.
		return true, true
	}
	whole[4] = true // bytes: no JSON value
	if hi == nil && lo <= 1 && !slices.Contains(whole[:], false) {
		return true, true
	}
	if tops != len(alts) {
		return false, false
	}
	n := len(alts)
	return n >= lo && (hi == nil || n <= *hi), true
}

// isBottomExpr reports whether n is the literal _|_.
func isBottomExpr(n ast.Node) bool {
	e, ok := n.(ast.Expr)
	return ok && isBottom(e)
}

// writesDefaultOf reports whether v's source marks a default, or that of
// the definition v refers to (l: #List, #List: [...number] | *[1, 2, 3]).
func (r *resolver) writesDefaultOf(v cue.Value) bool {
	if writesDefault(sourceExpr(v)) {
		return true
	}
	if t, ok := r.typeField(v); ok {
		return r.writesDefaultOf(t) // lifecycle: #types.lifecycle
	}
	if name, isRef := r.refName(v); isRef {
		if d := r.defs[name]; d != nil && d.v.Exists() {
			return writesDefault(sourceExpr(d.v))
		}
	}
	// A field declared in two places (groups: [...string] in #Base,
	// groups: *["h", "v"] | [...#G] in #Base & {…}): CUE made its value
	// from both, and one of them may write the mark.
	if cs := r.conjuncts(v); len(cs) > 1 {
		for _, c := range cs {
			if writesDefault(sourceExpr(c)) {
				return true
			}
		}
	}
	return false
}

// writesDefault reports whether an expression marks a default (*x) of its
// own: one within a struct literal in it is a field's
// ([...{a?: bool | *false}] writes none for the list).
func writesDefault(n ast.Node) bool {
	if n == nil {
		return false // a value CUE made from several (a definition declared twice)
	}
	found := false
	ast.Walk(n, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.MUL {
			found = true
		}
		switch n.(type) {
		case *ast.StructLit, *ast.ListLit:
			// a mark inside ([...(*1 | int)], {a: *1 | int}) is an
			// item's or a member's default, not the value's
			return false
		}
		return !found
	}, nil)
	return found
}

// cuePredeclared are CUE's predeclared identifiers: types, builtins and
// bounds. A field labelled with one, unquoted, shadows it in its struct.
var cuePredeclared = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`string bytes bool int float number error len close matchIf
		matchN and or div mod quo rem self rune int8 int16 int32 int64 int128 uint uint8 uint16
		uint32 uint64 uint128 float32 float64`) {
		cuePredeclared[n] = true
	}
}

// checkShadowing reports each field of d's struct whose unquoted label is
// one of CUE's predeclared identifiers and is used in the struct: every use
// then means the field, not CUE's string or int, and what uses it becomes
// _|_. It returns the labels of the fields it reported, nil when none.
func (r *resolver) checkShadowing(d *def) map[string]bool {
	lit, ok := d.literal()
	if !ok {
		return nil
	}
	labels := map[*ast.Ident]bool{}
	for _, e := range lit.Elts {
		if f, ok := e.(*ast.Field); ok {
			if id, ok := f.Label.(*ast.Ident); ok {
				labels[id] = true
			}
		}
	}
	var found map[string]bool
	for _, e := range lit.Elts {
		f, ok := e.(*ast.Field)
		if !ok {
			continue
		}
		id, ok := f.Label.(*ast.Ident)
		if !ok || !cuePredeclared[id.Name] {
			continue
		}
		var use *ast.Ident
		ast.Walk(lit, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.Field:
				// A label at any depth declares, it does not refer
				// (cuetf's and?: [...close({and?: …})]).
				if l, ok := x.Label.(*ast.Ident); ok {
					labels[l] = true
				}
			case *ast.SelectorExpr:
				if l, ok := x.Sel.(*ast.Ident); ok {
					labels[l] = true // a.and names a's field
				}
			case *ast.Ident:
				if use == nil && x.Name == id.Name && !labels[x] {
					use = x
				}
			}
			return use == nil
		}, nil)
		if use == nil {
			continue // shadows nothing that is used
		}
		if found == nil {
			found = map[string]bool{}
		}
		found[id.Name] = true
		mark := ""
		if f.Constraint != token.ILLEGAL {
			mark = f.Constraint.String()
		}
		r.errorf(r.ps.of(f.Pos()), "%s.%s: this field's name shadows CUE's %s: inside %s, %s (first used at %s) means the field, not CUE's; quote the label (\"%s\"%s: ...) or rename the field",
			d.ref(), id.Name, id.Name, d.ref(), id.Name, r.ps.of(use.Pos()), id.Name, mark)
	}
	return found
}

// typeAt is typeOf for a list or map element, which CUE often gives no
// position of its own (the _ of {...} and [...]): its problems are placed
// at the list or map, at.
func (r *resolver) typeAt(v cue.Value, what string, at Pos) (*Type, bool) {
	n := len(r.errs)
	if at.IsValid() {
		r.here = at // where a value without a position of its own is
	}
	if f, ok := v.Source().(*ast.Field); ok {
		if ref, name := labelSelfRef(f); ref != nil {
			// [name=_]: name (CUE's protobuf encoder's selector?:
			// {[name=_]: name}): CUE reads the value as the label's
			// type, string, and requires each member's value to be its
			// name, a check that was dropped.
			if p := r.ps.of(ref.Pos()); !r.goAttrs.labelRefs[p] {
				r.errorf(p, "%s", labelSelfRefMsg(what, exprString(f.Value), name))
			}
			return nil, false
		}
	}
	t, ok := r.typeOf(v, what)
	for _, e := range r.errs[n:] {
		if !e.Pos.IsValid() {
			e.Pos = at
		}
	}
	return t, ok
}

// typeOf resolves the type of a field value or of a list/map element.
func (r *resolver) typeOf(v cue.Value, what string) (*Type, bool) {
	if p := r.pos(v); p.IsValid() {
		r.here = p
	}
	if r.nesting++; r.nesting > MaxNesting+1 {
		// Said once per place: a struct read in place under choices of
		// an object or a list (cuetf's Terraform schemas, matchN(1, [#x,
		// [...#x]]) at every block) is reached there by many paths, 78,383
		// of them for 3,585 places in AWS's provider.
		if r.firstTooDeep(r.here) {
			r.errs = append(r.errs, nestingError(r.here, what))
		}
		r.nesting--
		return nil, false
	}
	defer func() { r.nesting-- }()
	if t, ok := r.typeField(v); ok {
		// #types.flake, with #types: {flake: =~"^[a-z]+$", …} (bitte-ci's
		// step schema): a field of a definition used as a type, which
		// the schema states, read where it is declared.
		return r.typeOf(t, what)
	}
	var kinds []cue.Value
	if op, _ := r.expr(v); op == cue.AndOp {
		cs := r.conjuncts(v)
		if rest := r.withoutTops(cs); len(rest) == 1 && len(cs) > 1 {
			cs = rest // T & #A with #A: _ is T
		}
		if len(cs) == 1 {
			return r.typeOf(cs[0], what) // T & _ is T
		}
		if ref, ok := r.refBesideOpen(cs); ok && r.matching {
			// #pageObject & {...} as a part of a match (utam's page
			// objects, intlayer's content nodes, cloud-run's revision:
			// cue import's $ref beside the keywords of an if/then):
			// {...} adds nothing to an object, whose definition CUE
			// keeps closed, so the part is the reference, judged as
			// one alone is.
			return r.typeOf(ref, what)
		}
		if d, ok := r.sameChoice(cs); ok {
			return r.typeOf(d, what)
		}
		var failed bool
		if kinds, _, failed = r.kindwise(cs, what, r.pos(v)); failed {
			return nil, false
		}
	}
	if t, ok, handled := r.anyCount(v, what, r.pos(v)); handled {
		return t, ok
	}
	if x, ok := r.allOfOne(v); ok {
		return r.typeOf(x, what) // matchN(2, [#A, _]) is #A
	}
	if x, ok := r.allOfScalars(v); ok {
		return r.typeOf(x, what) // matchN(2, [=~"^a", =~"b$"]) is =~"^a" & =~"b$"
	}
	if t, handled, ok := r.allOfObject(v, what); handled {
		return t, ok
	}
	if kinds == nil && r.countOfNoneOrAll(v) && r.kindOf(v) == cue.TopKind {
		// matchN(>=1, [matchN(0, [X]), Y]), "if X then Y": a count on
		// a value of any type, which no choice of kinds states.
		if t, ok, handled := r.anyMatchN(v, what, r.pos(v)); handled {
			return t, ok
		}
	}
	op, args := r.disjunction(v)
	if kinds != nil {
		// matchN(1, [X, null]) & (null | Y) is null | X & Y: kindwise.
		op, args = cue.OrOp, kinds
	} else if alts, ok := r.matchOne(v); ok && !r.countedObjects(v) {
		if r.closedCtx {
			// A struct in matchN's list is a value of its own, not a
			// part of the definition around it: CUE leaves it open
			// (matchN(>=1, [string, {x?: int}]) admits {"x": 1, "y": 2}
			// in a definition, where string | {x?: int} does not).
			r.closedCtx = false
			defer func() { r.closedCtx = true }()
		}
		if len(alts) == 1 {
			if lit, isLit := sourceExpr(alts[0]).(*ast.StructLit); isLit && !r.matching && !unifiesAsMatched(lit) {
				// f?: matchN(1, [{a: int}]): the literal is judged as
				// a value of its own, by a match's rule (a regular
				// field left out matches).
				r.matching = true
				defer func() { r.matching = false }() // it was false
			}
			return r.typeOf(alts[0], what) // matchN(1, [T]) is T
		}
		if kept, ok := r.wholeKindsTwice(v, alts); ok {
			// matchN(1, [#blockKeywords, bool, #nullRule]) (jscsrc):
			// a kind two alternatives hold whole is no kind of it.
			alts = kept
			if len(alts) == 1 {
				return r.typeOf(alts[0], what)
			}
		} else if a, b, overlap := r.exactOverlap(v, alts); overlap {
			if t, handled, ok := r.countedScalars(v, what); handled {
				return t, ok
			}
			if k, only := r.onlyScalarsOverlap(alts); only {
				// matchN(1, [=~"^a", =~"b$", {…}]) (expo's
				// runtimeVersion): the strings are one alternative
				// of the choice, counting them (countedScalarAlts).
				r.exactKind = k
				return r.inlineDisjunction(v, alts, what)
			}
			if r.onlyListsOverlap(alts) {
				// matchN(1, [[...string], [...int], null]): the lists
				// are one alternative, counted (countedLists); no
				// alternative is dropped for another that admits it.
				return r.listChoice(v, alts, what)
			}
			if r.kindCountRefused(v, what, r.pos(v)) {
				return nil, false
			}
			r.errorf(r.pos(v), "%s: matchN(1, […]) admits a value exactly one of its alternatives admits, and two of them (%v and %v) are of one JSON kind: a value both admit matches twice, which CUE refuses and a disjunction (a | b, anyOf) would accept; not carried yet: write matchN(>=1, […]) if either may match, or make the alternatives of different kinds", what, oneLine(a), oneLine(b))
			return nil, false
		}
		op, args = cue.OrOp, alts
	}
	if op == cue.OrOp {
		args = r.kindRefAlts(nil, args, 0)
		// "auto" | "manual" | string is string: a value another
		// alternative admits adds nothing to the type.
		if args = dropEmptyBesideMap(r.dropRedundant(args), r.closedCtx && !r.matching); len(args) == 1 {
			return r.typeOf(args[0], what)
		}
		if e := emptyDefaultBesideObjects(v, args, r.closedCtx && !r.matching); e.Exists() {
			return r.typeOf(e, what)
		}
	}
	if op == cue.OrOp {
		rest := withoutNull(args)
		if t, handled, ok := r.choice(rest, what); handled {
			if ok && len(rest) < len(args) {
				t = &Type{Kind: NullableKind, Elem: t}
			}
			return t, ok
		}
		switch {
		case len(rest) == 0:
			// null | null (what a generator writes for a nullable null):
			// null, not a nullable union of no members, whose JSON
			// Schema ("anyOf": []) no validator compiles.
			return r.typeOf(args[0], what)
		case len(rest) == len(args) && len(args) > 1:
			return r.inlineDisjunction(v, rest, what)
		case len(rest) == len(args):
		case len(rest) == 1:
			elem, ok := r.typeOf(rest[0], what)
			if !ok {
				return nil, false
			}
			if elem.Kind == NullableKind {
				return elem, true // #N | null, with #N nullable already
			}
			return &Type{Kind: NullableKind, Elem: elem}, true
		default:
			t, ok := r.inlineDisjunction(v, rest, what)
			if ok && len(rest) < len(args) {
				t = &Type{Kind: NullableKind, Elem: t}
			}
			return t, ok
		}
	}
	if name, ok := r.refName(v); ok {
		return r.refType(v, name, what)
	}
	if name, ok := r.hiddenRef(v); ok {
		return r.refType(v, name, what)
	}
	if t, handled, ok := r.hiddenFieldType(v, what); handled {
		return t, ok
	}
	if op == cue.AndOp && !r.boundsOnly(v) {
		// int & (<0 | >10): CUE distributes the conjunction over the
		// disjunction, a choice of int & <0 and int & >10.
		ev := v.Eval()
		if eop, eargs := r.expr(ev); eop == cue.OrOp {
			if b := bothBools(eargs); len(b) == 1 && b[0].IncompleteKind() == cue.BoolKind {
				// bool & (true | *false) (holos's EnableHooks, as cue
				// get go's users write a Go bool's default): both
				// constants are bool, its default read beside.
				return &Type{Kind: BasicKind, Base: Bool}, true
			}
			if t, handled, ok := r.choice(eargs, what); handled {
				return t, ok
			}
			if allStringConsts(eargs) {
				// ("http" | "tls") & strings.MinRunes(1) (fly.io's
				// handlers): CUE keeps the members the constraint
				// admits, an enum of them.
				return r.inlineDisjunction(v, eargs, what)
			}
		}
		if r.narrowedChoice(v, ev) {
			return r.typeOf(ev, what)
		}
	}
	return r.basic(v, what)
}

// narrowedChoice reports whether ev, the value CUE evaluates v to, is
// what to read v as: v conjoins a choice with a constraint that leaves
// one scalar alternative, (#M |
// "") & #M with #M: =~"^a" (CUE's own module file schema, whose #Strict
// narrows #File's module?: #Module | "" by unifying #File with #Module:
// =~"…"): CUE distributes the conjunction and drops the alternatives it
// refuses ("" & =~"^a"), =~"^a" here. It was refused as "the constraint
// =~"^a" | "" is not carried". It is false when v holds no such choice,
// or when CUE's value still holds one (then the choice is read as it
// was).
func (r *resolver) narrowedChoice(v, ev cue.Value) bool {
	choice := func(c cue.Value) bool {
		op, _ := r.expr(c)
		return op == cue.OrOp
	}
	if !slices.ContainsFunc(r.conjuncts(v), choice) {
		return false
	}
	// An object or a list CUE's value holds, or still a choice: read as
	// it was.
	k := ev.IncompleteKind()
	return ev.Err() == nil && k != cue.BottomKind && k&(cue.StructKind|cue.ListKind) == 0 && !slices.ContainsFunc(r.conjuncts(ev), choice)
}

// boundsOnly reports whether v is a conjunction of bounds and predeclared
// types alone (int & >=0 & <=1000000), which holds no disjunction for CUE
// to distribute it over: asking is a new evaluation of v and of each of
// its conjuncts (3.6% of loading 1,000 synthetic definitions, nearly all
// of whose conjunctions are such).
func (r *resolver) boundsOnly(v cue.Value) bool {
	op, args := r.expr(v)
	switch op {
	case cue.AndOp:
		return all(args, r.boundsOnly)
	case cue.GreaterThanEqualOp, cue.GreaterThanOp, cue.LessThanEqualOp, cue.LessThanOp, cue.NotEqualOp, cue.RegexMatchOp, cue.NotRegexMatchOp:
		return true
	case cue.NoOp:
		// Not a reference (that is a SelectorOp), so the name is the
		// predeclared type's.
		id, ok := v.Source().(*ast.Ident)
		return ok && predeclaredType[id.Name]
	}
	return false
}

// predeclaredType holds CUE's predeclared types of scalars.
var predeclaredType = map[string]bool{"int": true, "float": true, "number": true, "string": true, "bytes": true, "bool": true}

// fieldRef returns the value of the hidden field v refers to when v is
// exactly such a reference (_mode, _types.mode) and that value is no
// struct (a struct is read where it is used already, hiddenRef): data
// cannot set a hidden field, so its value is a type, read as if written in
// place.
//
// A reference to a regular field (Grafana's schemas declare their types
// so: AxisPlacement: "auto" | "top", then axisPlacement?: AxisPlacement)
// is refused, whatever the field's value: CUE reads it as the field's
// value in the same document, so a document with AxisPlacement: "auto"
// may hold no other placement (and one with style: {fill: "dash"} no other
// fill in lineStyle?: style), a check between two members of the data
// that JSON Schema cannot state.
// ok is false, and the error reported, when v refers to such a field.
func (r *resolver) fieldRef(v cue.Value, what string) (target cue.Value, handled, ok bool) {
	if op, _ := r.expr(v); op != cue.SelectorOp {
		return cue.Value{}, false, false
	}
	if target, ok := r.scopedDef(v); ok {
		return target, true, true
	}
	root, path := r.referencePath(v)
	sels := path.Selectors()
	if len(sels) == 0 {
		return cue.Value{}, false, false
	}
	hidden := false
	for i, s := range sels {
		// Fields by name only: no index, pattern or comprehension's
		// variable (whose selectors have no name to quote); a
		// definition only on the way to a hidden field of it
		// (#Task._first, a hidden field beside the reference in a
		// definition: cuenv's tasks), which no data sets.
		switch {
		case s.LabelType() == cue.HiddenDefinitionLabel && i < len(sels)-1:
			// f._#defs."/$defs/x" (cue import's $defs inside a
			// top-level field, cuetf's Terraform schemas): a hidden
			// definition, which no data sets, as a hidden field.
			hidden = true
		case s.IsDefinition() && i < len(sels)-1:
		case s.LabelType() == cue.HiddenLabel:
			hidden = true
		case s.LabelType() == cue.StringLabel && !s.IsDefinition():
		default:
			return cue.Value{}, false, false
		}
	}
	if sels[0].IsDefinition() && !hidden {
		if k := sharedPrefix(sels, r.pathOf(v).Selectors()); k > 0 && !slices.ContainsFunc(sels[k:], cue.Selector.IsDefinition) && !constantValue(root.LookupPath(path)) {
			// #S: {a: int, b: a}: b refers to a field of the struct
			// around it, which the data gives, not to a type. (To a
			// constant, a: "x", it is that constant: the data can
			// hold no other there.)
			r.errorf(r.pos(v), "%s: it refers to %v, a field of the same object, whose value CUE takes from the data: the data may hold here only what it holds there, a check between two of its members that no JSON Schema states; to use the field's type, name it (#%s) and refer to that in both places", what, pathString(sels[k:]), GoName(sels[len(sels)-1].Unquoted()))
			return cue.Value{}, true, false
		}
		return cue.Value{}, false, false // #A.b: a definition's field, read as a reference
	}
	if r.foreignField(root, path) {
		// common.AxisPlacement: a top-level field of another package
		// (Grafana's schemas declare their types so), which no document
		// of this package reaches: CUE evaluates it in its own package,
		// where no data is, so it is a type, read in place as a hidden
		// field's is (an object's fields are read where it is used).
		target = root.LookupPath(path)
		if !target.Exists() {
			return cue.Value{}, false, false
		}
		if target.IncompleteKind() == cue.StructKind {
			if op, _ := r.disjunction(target); op != cue.OrOp {
				return cue.Value{}, false, false
			}
			// common.TableCellOptions, a union of the package's
			// object fields (TableAutoCellOptions | …): the
			// disjunction, read in place as the reference's object
			// was, which CUE cannot list the fields of.
		}
		return target, true, true
	}
	// A field of this package only: list.UniqueItems is a builtin's.
	if bi := root.BuildInstance(); bi == nil || (bi != r.inst && bi.Dir != r.inst.Dir) {
		return cue.Value{}, false, false
	}
	target = root.LookupPath(path)
	if !target.Exists() {
		return cue.Value{}, false, false
	}
	if !hidden && r.fieldTypes && !sels[0].IsDefinition() {
		if _, ok := r.fieldTypeRef(v); ok {
			return cue.Value{}, false, false // Panel: the field's type (refName)
		}
		if target.IncompleteKind()&(cue.StructKind|cue.ListKind) == 0 {
			// container.IntEnum in a library of types: CUE reads it
			// in the package, where no data is (cue vet -d
			// container), so it is a type, read in place as another
			// package's field is.
			return target, true, true
		}
	}
	if !hidden && constantValue(target) {
		// ActionStatus.Enabled, ActionStatus: {Enabled: "enabled"}
		// (timoni's annotations): the data can hold there only the
		// constant, so here too; it is the constant, read in place.
		return target, true, true
	}
	if !hidden {
		r.errorf(r.pos(v), "%s: %v refers to the field %s, whose value CUE takes from the same document: the data may hold here only what it holds there, a check between two of its members that no JSON Schema states; to use the field's value as a type, make it a definition (#%s) or a hidden field (_%s) and refer to that", what, path, path, GoName(sels[0].Unquoted()), sels[0].Unquoted())
		return cue.Value{}, true, false
	}
	if target.IncompleteKind() == cue.StructKind {
		return cue.Value{}, false, false
	}
	return target, true, true
}

// refBesideOpen returns the reference of cs when cs is a reference to an
// object definition and {...}, an open struct of nothing else, in either
// order: their conjunction is the definition, as CUE keeps it closed.
func (r *resolver) refBesideOpen(cs []cue.Value) (cue.Value, bool) {
	if len(cs) != 2 {
		return cue.Value{}, false
	}
	for i, c := range cs {
		lit, ok := sourceExpr(cs[1-i]).(*ast.StructLit)
		if !ok || len(lit.Elts) != 1 {
			continue
		}
		if _, ok := lit.Elts[0].(*ast.Ellipsis); !ok {
			continue
		}
		if _, isDef := r.defPathKey(c); !isDef || c.IncompleteKind() != cue.StructKind {
			continue
		}
		return c, true
	}
	return cue.Value{}, false
}

// defPathKey names the definition v refers to, when v is a reference to
// one (#R, #."1.0", #A.#B, imported.#C), by its package and path, asking
// nothing that registers it (refName does, and conjuncts is read before
// the package's definitions are registered).
func (r *resolver) defPathKey(v cue.Value) (string, bool) {
	if op, _ := r.expr(v); op != cue.SelectorOp && op != cue.NoOp {
		return "", false
	}
	root, path := r.referencePath(v)
	sels := path.Selectors()
	if len(sels) == 0 || !sels[0].IsDefinition() {
		return "", false
	}
	pkg := ""
	if bi := root.BuildInstance(); bi != nil {
		pkg = bi.ImportPath + "|" + bi.Dir
	}
	return pkg + "|" + path.String(), true
}

// scopedDef returns the definition v refers to when it is declared within
// a pattern's value or a list's element type (m?: [string]: {#K: int, k?:
// #K}, r?: [=~"^k"]: {#R: …}, items?: [...{#F: bool, f?: #F}]), found as
// CUE's scopes find it, from v's struct outwards. CUE gives such a
// reference no path from the package's root (a pattern's label reads
// "_", a list's element has none, a regular expression's pattern roots
// it at the pattern's value), yet no data sets a definition: the value is
// the same in every member or element, read in place where it is used,
// as a hidden field's is (hiddenFieldType). One within a list element
// written in place (thema's lineage.schemas: [{schema: {…}}]) has a path,
// and is named by it (fieldDefName).
func (r *resolver) scopedDef(v cue.Value) (cue.Value, bool) {
	a := r.scopedDefs.get(v, func() scopedAnswer {
		t, ok := r.scopedDefAsk(v)
		return scopedAnswer{t, ok}
	})
	return a.v, a.ok
}

// scopedAnswer is one answer of scopedDef.
type scopedAnswer struct {
	v  cue.Value
	ok bool
}

// scopedDefAsk is scopedDef asked of CUE: each LookupPath there
// evaluates the arcs on the path, again for every question (a package of
// 606 files, Vector's documentation, spent a third of its generate in
// them).
func (r *resolver) scopedDefAsk(v cue.Value) (cue.Value, bool) {
	root, path := r.referencePath(v)
	sels := path.Selectors()
	// A list's element gives a path of no label; a pattern's value the
	// label "_", which no field of that name backs.
	// A regular expression's pattern gives the path from the pattern's
	// value, a root of its own (its source the pattern's field, not a
	// file), which the package's root does not reach.
	switch {
	case slices.ContainsFunc(sels, func(s cue.Selector) bool { return s.LabelType() == 0 }):
	case slices.ContainsFunc(sels, func(s cue.Selector) bool { return s.LabelType() == cue.StringLabel && s.Unquoted() == "_" }) && !root.LookupPath(path).Exists():
	case len(sels) > 0 && all(sels, cue.Selector.IsDefinition) && innerRoot(root) && r.ownPackage(root) && !r.v.LookupPath(path).Exists():
		if target := root.LookupPath(path); target.Exists() {
			return target, true
		}
		return cue.Value{}, false
	default:
		return cue.Value{}, false
	}
	_, args := r.expr(v)
	if len(args) != 2 {
		return cue.Value{}, false
	}
	name, err := args[1].String()
	if err != nil || !strings.HasPrefix(name, "#") && !strings.HasPrefix(name, "_#") {
		return cue.Value{}, false
	}
	sel := cue.Def(name)
	if strings.HasPrefix(name, "_#") {
		sel = cue.Hid(name, "_")
	}
	// The structs around v, outermost first: v.Path() names an optional
	// field without its ?, which LookupPath then does not find.
	scopes := []cue.Value{r.v}
	for _, s := range r.pathOf(v).Selectors() {
		cur := scopes[len(scopes)-1]
		next := cur.LookupPath(cue.MakePath(s))
		if !next.Exists() && s.ConstraintType() == 0 && s.LabelType() == cue.StringLabel {
			next = cur.LookupPath(cue.MakePath(s.Optional()))
		}
		if !next.Exists() {
			break
		}
		scopes = append(scopes, next)
	}
	for k := len(scopes) - 1; k >= 0; k-- {
		if target := scopes[k].LookupPath(cue.MakePath(sel)); target.Exists() {
			return target, true
		}
	}
	return cue.Value{}, false
}

// innerRoot reports whether root, a reference's root, is a value within
// the package (a pattern's field, [=~"^k"]: {…}) rather than a package.
func innerRoot(root cue.Value) bool {
	switch root.Source().(type) {
	case nil, *ast.File:
		return false
	}
	return true
}

// hiddenTarget returns the value of the hidden field v refers to, as
// fieldRef reads it, reporting nothing: a conjunct that is such a
// reference is read as that value, beside the others.
func (r *resolver) hiddenTarget(v cue.Value) (cue.Value, bool) {
	if op, _ := r.expr(v); op != cue.SelectorOp {
		return cue.Value{}, false
	}
	// Only a path through a hidden field: asking refName here, before
	// the package's definitions are registered, would register those cue
	// import writes under # (#."1.0", pylock's root) a second time.
	root, path := r.referencePath(v)
	if _, ok := r.scopedDef(v); !ok && !slices.ContainsFunc(path.Selectors(), func(s cue.Selector) bool { return s.LabelType() == cue.HiddenLabel }) && !r.foreignField(root, path) {
		return cue.Value{}, false
	}
	// A path with a hidden field is one fieldRef reads or passes over,
	// never one it refuses (that is a regular field's).
	target, handled, ok := r.fieldRef(v, "")
	return target, handled && ok
}

// foreignField reports whether path, under root, is a top-level regular
// field of another package (common.AxisPlacement), which fieldRef reads in
// place.
func (r *resolver) foreignField(root cue.Value, path cue.Path) bool {
	sels := path.Selectors()
	if len(sels) != 1 || sels[0].LabelType() != cue.StringLabel || sels[0].IsDefinition() {
		return false
	}
	// A package of files (a builtin's, net or strings, has none).
	bi := root.BuildInstance()
	return bi != nil && len(bi.Files) > 0 && bi != r.inst && bi.Dir != r.inst.Dir
}

// hiddenFieldType reads the type of the hidden field v refers to
// (fieldRef) where v is, refusing a cycle of such references once (_x:
// _y, _y: _x; _r: int | [..._r]), which would be read without end.
// handled is false when v is no such reference.
func (r *resolver) hiddenFieldType(v cue.Value, what string) (t *Type, handled, ok bool) {
	target, handled, ok := r.fieldRef(v, what)
	if !handled || !ok {
		return nil, handled, false
	}
	_, path := r.referencePath(v)
	// The target's own path beside: a definition in a list's element
	// (scopedDef) has no path from the reference.
	key := path.String() + "|" + r.pathOf(target).String()
	if r.following[key] {
		if _, scoped := r.scopedDef(v); scoped {
			_, args := r.expr(v)
			name, _ := args[1].String()
			r.errorf(r.pos(v), "%s: %s refers back to itself, and a definition within a pattern's value or a list's element has no path of its own, so it is read where it is used, which here would not end; declare it at the package's top level or within a definition, and refer to that", what, name)
			return nil, true, false
		}
		r.errorf(r.pos(v), "%s: %s refers back to itself through hidden fields, and a hidden field's value is read where it is used, which here would not end; state the type as a definition (a cycle of references alone, _x: _y with _y: _x, is _ to CUE: write _)", what, path)
		return nil, true, false
	}
	if r.following == nil {
		r.following = map[string]bool{}
	}
	r.following[key] = true
	defer delete(r.following, key)
	if _, scoped := r.scopedDef(v); scoped && !r.closedCtx {
		// f0?: #S2 with #S2: N2 declared in an open struct: a
		// definition closes what it holds, a library field's open
		// struct too (differential seed 104878: {"x-b": "s"} in it was
		// accepted by every target and refused by CUE).
		r.closedCtx = true
		defer func() { r.closedCtx = false }()
	}
	t, ok = r.typeOf(target, what)
	return t, true, ok
}

// allStringConsts reports whether every alternative is a string constant.
func allStringConsts(alts []cue.Value) bool {
	for _, a := range alts {
		if a.IncompleteKind() != cue.StringKind || !a.IsConcrete() {
			return false
		}
	}
	return len(alts) > 0
}

// choiceKind is the base of a disjunction's alternative that may be one of
// a choice: a string, an int or a number that is no reference.
func (r *resolver) choiceKind(a cue.Value) (cue.Kind, bool) {
	if u, ok := r.allOfScalars(a); ok {
		a = u // matchN(2, [=~"^a", =~"b$"]): a string
	}
	if in, ok := r.anyOfScalars(a); ok {
		a = in[0] // matchN(>=1, [=~"^a", net.AbsURL]): a string
	}
	if name, ok := r.refName(a); ok {
		// A named scalar (#expr: =~"^\\$\\{\\{") among them is one
		// alternative of the choice, its constraints read in place.
		d := r.defs[name]
		if d == nil {
			return 0, false
		}
		r.classifyOnce(d)
		if t, ok := basicAliasOf(d); ok {
			// #S: string, or #P: matchN(>=1, [=~"\\.ya?ml$",
			// =~"^\\$\\{"]) (v-environment's file paths through cue
			// import), among them: an alternative of the choice, its own
			// alternatives spliced in (choiceOf). CUE gives a validator
			// alone no kind: the alias's base says it.
			return baseKind(t.Base)
		}
		if d.enum != nil && d.v.IncompleteKind() == cue.StringKind {
			// An enum of strings (#builtinAction: "app:exit" | …) among
			// them, beside a pattern (claude-code's keybindings): its
			// members are alternatives of the choice (choiceOf).
			return cue.StringKind, true
		}
		if d.alias != nil && d.alias.Type != nil && d.alias.Type.Kind == ConstKind {
			// #BehaviorCreate: #GenerationBehavior & 1, a named
			// constant of a number, among them: cue get go's enum of an
			// integer type (#enumGenerationBehavior: #BehaviorCreate |
			// #BehaviorMerge | …), one alternative of the choice as 1
			// written in place is. (Named string constants are an enum:
			// enumRefs.)
			switch k := d.v.IncompleteKind(); k {
			case cue.IntKind, cue.FloatKind, cue.NumberKind:
				return k, true // as the constant's own kind, 0.5's float
			}
		}
		if d.scalar == nil {
			return 0, false
		}
	}
	if _, ok := r.hiddenRef(a); ok {
		return 0, false
	}
	if r.numberTwins[a] {
		return cue.NumberKind, true // 2.0 beside 2: a number's constant
	}
	switch k := a.IncompleteKind(); k {
	case cue.StringKind, cue.IntKind, cue.FloatKind, cue.NumberKind:
		return k, true
	}
	return 0, false
}

// isChoice reports whether a disjunction's alternatives are a choice (see
// choice), without resolving them.
func (r *resolver) isChoice(alts []cue.Value) bool {
	if len(alts) < 2 {
		return false
	}
	var kind cue.Kind
	strs := 0
	for i, a := range alts {
		k, ok := r.choiceKind(a)
		if !ok || (i > 0 && k != kind) {
			return false
		}
		kind = k
		if k == cue.StringKind && a.IsConcrete() {
			strs++
		}
	}
	return strs < len(alts) // all string constants are an enum
}

// choice resolves a disjunction whose alternatives are all of one scalar
// base (string, int or number), not all string constants (an enum), as a
// choice among constraints: a BasicKind of that base with Choice. handled
// is false when the alternatives are no such choice (the caller reads them
// as an enum, a union or a OneOf). Alternatives of int and of number are
// not one base: JSON cannot tell 1 from 1.0, but CUE can (1 is no float),
// so a choice of them has no one check in every target; they stay a OneOf,
// which refuses two alternatives of one JSON kind.
func (r *resolver) choice(alts []cue.Value, what string) (t *Type, handled, ok bool) {
	if !r.isChoice(alts) {
		return nil, false, false
	}
	return r.choiceOf(alts, what)
}

// choiceOf resolves alternatives of one scalar base as a choice, whether or
// not they are all constants: "both" | "inline" beside bool is one string
// alternative of a OneOf.
func (r *resolver) choiceOf(alts []cue.Value, what string) (t *Type, handled, ok bool) {
	t = &Type{Kind: BasicKind}
	ok = true
	for i := 0; i < len(alts); i++ {
		a := alts[i]
		if u, all := r.allOfScalars(a); all {
			a = u // matchN(2, [=~"^a", =~"b$"]) among them: both
		}
		if at, isAlias := r.basicAlias(a); isAlias {
			// #S: string, #P: a choice of patterns, among them: its
			// alternatives are the choice's, or it admits every value.
			if len(at.Choice) == 0 && at.Constraints.IsZero() {
				return &Type{Kind: BasicKind, Base: at.Base}, true, true
			}
			if t.Base != 0 && t.Base != at.Base {
				r.errorf(r.pos(a), "%s: %v is of another base than the choice's other alternatives", what, a)
				ok = false
				continue
			}
			t.Base = at.Base
			if len(at.Choice) > 0 {
				// Copies: a type is one place in every target (the Go
				// emitter compiles a pattern once per type).
				for _, c := range at.Choice {
					cc := *c
					t.Choice = append(t.Choice, &cc)
				}
			} else {
				t.Choice = append(t.Choice, &Type{Kind: BasicKind, Base: at.Base, Constraints: at.Constraints})
			}
			continue
		}
		if members, isEnum := r.enumMembers(a); isEnum {
			// #builtinAction | #commandBinding: the enum's members are
			// alternatives of the choice, as if written in place.
			alts = slices.Concat(alts[:i], members, alts[i+1:])
			i--
			continue
		}
		if in, any := r.anyOfScalars(a); any {
			// matchN(>=1, [=~"^\\./", net.AbsURL]) among them: a
			// choice within a choice, whose alternatives are the
			// outer's (at least one of either admits the value).
			alts = slices.Concat(alts[:i+1], in, alts[i+1:])
			continue
		}
		at, aok := r.basic(a, what)
		if !aok {
			ok = false
			continue
		}
		if at.Duration {
			r.errorf(r.pos(a), "%s: time.Duration is not carried as one alternative of a choice: a duration stands alone (#D: time.Duration), or a field has it", what)
			ok = false
			continue
		}
		if at.Kind != BasicKind && at.Kind != ConstKind || len(at.Choice) > 0 {
			r.errorf(r.pos(a), "%s: %v is no constant or constrained %s, so it cannot be one alternative of a choice", what, a, at.Base)
			ok = false
			continue
		}
		if at.Kind == BasicKind && at.Constraints.IsZero() {
			// string | "a" is string: an alternative that admits every
			// value of the base admits all the others' values too.
			return &Type{Kind: BasicKind, Base: at.Base}, true, true
		}
		t.Base = at.Base
		t.Choice = append(t.Choice, at)
	}
	if !ok {
		return nil, true, false
	}
	return t, true, true
}

// basicAlias returns the type of the definition a refers to when a is a
// reference to one that names a string, integer or number type, plain or
// with a choice of constraints (#S: string; #P: matchN(>=1, [=~"a",
// =~"b"])), which the targets write in place.
func (r *resolver) basicAlias(a cue.Value) (*Type, bool) {
	return basicAliasOf(r.refDef(a))
}

// basicAliasOf is basicAlias of the definition d (nil for none).
func basicAliasOf(d *def) (*Type, bool) {
	if d == nil || d.alias == nil || d.alias.Type == nil {
		return nil, false
	}
	t := d.alias.Type
	if t.Kind != BasicKind || t.Duration || len(t.URL) > 0 || (t.Base != String && t.Base != Int && t.Base != Number) {
		return nil, false
	}
	return t, true
}

// refDef returns the definition a refers to, classified, when a is a
// reference to one of the package's (or one it reaches); else nil.
func (r *resolver) refDef(a cue.Value) *def {
	name, ok := r.refName(a)
	if !ok {
		return nil
	}
	d := r.defs[name]
	if d != nil {
		r.classifyOnce(d)
	}
	return d
}

// baseKind is CUE's kind of a scalar base a choice is of.
func baseKind(b Base) (cue.Kind, bool) {
	switch b {
	case String:
		return cue.StringKind, true
	case Int:
		return cue.IntKind, true
	case Number:
		return cue.NumberKind, true
	}
	return 0, false
}

// enumMembers returns the members of the enum definition a refers to, as
// CUE's alternatives of it, when a is a reference to one.
func (r *resolver) enumMembers(a cue.Value) ([]cue.Value, bool) {
	d := r.refDef(a)
	if d == nil || d.enum == nil {
		return nil, false
	}
	op, args := r.disjunction(d.v)
	if op != cue.OrOp || len(args) != len(d.enum.Members) {
		return nil, false
	}
	return args, true
}

func (r *resolver) refType(v cue.Value, name, what string) (*Type, bool) {
	t, ok := r.refTypeOf(v, name, what)
	if ok && r.defs[name].nullable {
		t = &Type{Kind: NullableKind, Elem: t}
	}
	return t, ok
}

func (r *resolver) refTypeOf(v cue.Value, name, what string) (*Type, bool) {
	d := r.defs[name]
	if d != nil {
		if d.classState == 1 {
			if r.listDef(d) {
				// #A: [...#A], #Seq: [...#Node] with #Node: #T | #Seq:
				// a list definition that holds itself, named in every
				// target (Alias.Recursive); its type is set once it is
				// classified (classifyOnce).
				t := &Type{Kind: ListKind}
				d.selfRefs = append(d.selfRefs, t)
				return t, true
			}
			if target, ok := r.refName(d.v); ok && target != name {
				if a := r.defs[target]; a != nil && a.classState == 2 && a.object == nil {
					// #schema: #types, reached again through #types'
					// own alternatives while #schema is read (avro's
					// #avroUnion: [...#avroSchema] & [_, ...] in
					// #types: matchN(1, […, #avroUnion])): a name for
					// #types, whose type it is.
					return r.refTypeOf(v, target, what)
				}
			}
			r.errorf(r.pos(v), "%s: %s refers to itself again while it is being read, which is carried where the definition so reached is a list definition, a map or a choice of kinds (#A: [...#A], #M: [string]: #M, #V: string | [...#V]) and not yet for this one; hold the value that refers back in a struct's field", what, d.ref())
			return nil, false
		}
		r.classifyOnce(d)
	}
	switch {
	case d == nil:
		r.errorf(r.pos(v), "%s: #%s is not a definition of this package", what, name)
		return nil, false
	case d.scalar != nil:
		return &Type{Kind: ScalarKind, Scalar: d.scalar, Base: d.scalar.Base}, true
	case d.enum != nil:
		return &Type{Kind: EnumKind, Enum: d.enum}, true
	case d.object != nil:
		return &Type{Kind: ObjectKind, Object: d.object}, true
	case d.union != nil:
		return &Type{Kind: UnionKind, Union: d.union}, true
	case d.alias != nil && d.alias.Recursive:
		// A list that holds itself: named at every use (HoldsItself).
		t := *d.alias.Type
		t.Alias = d.alias
		return &t, true
	case d.alias != nil:
		return copyType(d.alias.Type), true
	case d.tuple != nil:
		return copyType(d.tuple), true
	case d.oneOfAlts != nil:
		r.resolveOneOf(d) // one of another package, reached while resolving
		if d.union != nil {
			return &Type{Kind: UnionKind, Union: d.union}, true // objects only: a union
		}
		if d.oneOf == nil {
			return nil, false // reported at the definition
		}
		return &Type{Kind: OneOfKind, OneOf: d.oneOf}, true
	case d.mapDef != nil:
		m := r.resolveMap(d)
		if d.mapState == 1 {
			// The map holds itself: its element type is set once known.
			t := &Type{Kind: MapKind, Map: m}
			d.selfRefs = append(d.selfRefs, t)
			return t, true
		}
		if m.Elem == nil {
			return nil, false // reported at the map
		}
		return &Type{Kind: MapKind, Map: m, Elem: m.Elem, Key: m.Key}, true
	}
	return nil, false
}

// labelText renders a pattern label, e.g. [string].
func labelText(l ast.Label) string {
	if ll, ok := l.(*ast.ListLit); ok && len(ll.Elts) == 1 {
		switch x := ll.Elts[0].(type) {
		case *ast.Ident:
			return "[" + x.Name + "]"
		case *ast.UnaryExpr:
			if b, ok := x.X.(*ast.BasicLit); ok {
				return "[" + x.Op.String() + b.Value + "]"
			}
		}
	}
	return "[…]"
}

// embedsOpen reports whether the struct literal lit of v embeds what
// opens it: {#B, c?: string} with #B: {a?: int, ...}, which CUE reads as
// admitting any other member (as it does {#B, #C} with #C closed), though
// the literal has no ... of its own. CUE's own answer is asked: v admits
// a member of any other name, of any value (openFields).
func (r *resolver) embedsOpen(lit *ast.StructLit, v cue.Value) bool {
	return hasEmbedding(lit) && r.openFields(v)
}

// oneConjunct returns the first conjunct of v when v has several and all
// are written alike and admit the same values (a field declared in an
// embedded definition and again beside it): x & x is x, and the one
// conjunct has the source CUE gives no field of several.
func (r *resolver) oneConjunct(v cue.Value) (cue.Value, bool) {
	cs := r.conjuncts(v)
	if len(cs) < 2 {
		return cue.Value{}, false
	}
	es := make([]ast.Expr, len(cs))
	for i, c := range cs {
		e, ok := sourceExpr(c).(ast.Expr)
		if !ok || i > 0 && reflect.TypeOf(e) != reflect.TypeOf(es[0]) {
			// int & >=0: parts of other kinds, told apart before any
			// is formatted (every field with several conjuncts asks).
			return cue.Value{}, false
		}
		es[i] = e
	}
	text := exprString(es[0])
	for i, c := range cs[1:] {
		if exprString(es[i+1]) != text || cs[0].Subsume(c, cue.Schema()) != nil || c.Subsume(cs[0], cue.Schema()) != nil {
			return cue.Value{}, false
		}
	}
	return cs[0], true
}

// isBuiltinRef reports whether e names a member of an imported package
// (net.FQDN, a validator written without its call), which CUE resolves
// to the same builtin wherever it is used.
func isBuiltinRef(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && isImport(id.Node)
}

// fieldsNamed are the declarations of field name among lit's own
// elements, in order (outside its comprehensions and embeddings).
func fieldsNamed(lit *ast.StructLit, name string) []*ast.Field {
	var out []*ast.Field
	for _, e := range lit.Elts {
		f, ok := e.(*ast.Field)
		if !ok {
			continue
		}
		if l, _, err := ast.LabelName(f.Label); err == nil && l == name {
			out = append(out, f)
		}
	}
	return out
}

// declaredField is the field of lit, by its own elements, named name
// (its first declaration), or nil.
func declaredField(lit *ast.StructLit, name string) *ast.Field {
	if fs := fieldsNamed(lit, name); len(fs) > 0 {
		return fs[0]
	}
	return nil
}

// hasEmbedding reports whether a struct literal embeds a value ({#A,
// b?: int}), which may close it or give it fields of its own.
func hasEmbedding(lit *ast.StructLit) bool {
	for _, e := range lit.Elts {
		if _, ok := e.(*ast.EmbedDecl); ok {
			return true
		}
	}
	return false
}

// patternEmbeddings reports whether every embedding of a struct literal
// is a struct literal of key patterns alone ({[=~"^x-"]: string}, as cue
// import writes patternProperties beside properties): fields it states
// as they are, with none CUE computes.
func patternEmbeddings(lit *ast.StructLit) bool {
	for _, e := range lit.Elts {
		if em, ok := e.(*ast.EmbedDecl); ok {
			// {} embeds nothing (cue import writes it for an empty
			// allOf member's object).
			if in, ok := em.Expr.(*ast.StructLit); !ok || len(in.Elts) > 0 && !isMapLiteral(in) {
				return false
			}
		}
	}
	return true
}

// valueTestIn says what the first comprehension of lit does beyond
// testing members' presence (if a != _|_ && b != _|_, in one clause or
// several), and where: a for, a let, or a test of a value. In a
// matchIf's part CUE evaluates such a test on the part alone, before the
// data is given (matchIf({…}, {m!: string, if m == "x" {…}}, _) refuses
// every value: "required field missing: m"), and in a matchN's part the
// targets' reading of it is not proven against CUE's; a presence test
// reads the data, as the targets' checks of a conditional member do, under
// both (constructs match-comprehension). "" when there is none.
func valueTestIn(lit *ast.StructLit) (string, token.Pos) {
	for _, e := range lit.Elts {
		c, ok := e.(*ast.Comprehension)
		if !ok {
			continue
		}
		for _, cl := range c.Clauses {
			ic, ok := cl.(*ast.IfClause)
			if !ok {
				return forOrLet, cl.Pos()
			}
			if !presenceTest(ic.Condition) {
				return exprString(ic.Condition), ic.Condition.Pos()
			}
		}
	}
	return "", token.NoPos
}

// forOrLet is what valueTestIn says of a clause that is no if.
const forOrLet = "for"

// presenceTest reports whether e tests members' presence alone: a != _|_,
// or such tests joined by &&.
func presenceTest(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return presenceTest(x.X)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND:
			return presenceTest(x.X) && presenceTest(x.Y)
		case token.NEQ:
			_, isIdent := x.X.(*ast.Ident)
			return isIdent && isBottom(x.Y)
		}
	}
	return false
}

// hasComprehension reports whether a struct literal has a comprehension.
func hasComprehension(lit *ast.StructLit) bool {
	for _, e := range lit.Elts {
		if _, ok := e.(*ast.Comprehension); ok {
			return true
		}
	}
	return false
}

// maxMultipleScale is the most decimals a math.MultipleOf fraction has:
// the shortest text of a float64 holds 17 significant digits, whose
// exact decimal check every target makes (wire.Problems.MultipleOfDec).
const maxMultipleScale = 15

// decimalOf reads a number literal as num / 10^scale, num an integer with
// no trailing zero when scale > 0, exactly as CUE's decimals hold it.
func decimalOf(v cue.Value) (num int64, scale int, ok bool) {
	if k := v.IncompleteKind(); (k != cue.IntKind && k != cue.FloatKind && k != cue.NumberKind) || !v.IsConcrete() {
		return 0, 0, false
	}
	q, isRat := numberRat(v)
	if !isRat {
		return 0, 0, false
	}
	ten := big.NewRat(10, 1)
	for !q.IsInt() {
		if scale >= maxMultipleScale+3 {
			return 0, 0, false
		}
		q.Mul(q, ten)
		scale++
	}
	if !q.Num().IsInt64() {
		return 0, 0, false
	}
	return q.Num().Int64(), scale, true
}

// lcmDecimal is the least common multiple of a / 10^as and b / 10^bs, in
// the same form, and whether it is within ±2^53-1.
func lcmDecimal(a int64, as int, b int64, bs int) (int64, int, bool) {
	s := max(as, bs)
	x := new(big.Int).Mul(big.NewInt(a), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(s-as)), nil))
	y := new(big.Int).Mul(big.NewInt(b), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(s-bs)), nil))
	g := new(big.Int).GCD(nil, nil, x, y)
	l := new(big.Int).Mul(new(big.Int).Quo(x, g), y)
	ten, r := big.NewInt(10), new(big.Int)
	for s > 0 {
		q, m := new(big.Int).QuoRem(l, ten, r)
		if m.Sign() != 0 {
			break
		}
		l, s = q, s-1
	}
	if !l.IsInt64() || l.Int64() > MaxSafeInt {
		return 0, 0, false
	}
	return l.Int64(), s, true
}

// refersIntoDefinition reports whether n selects a field of a definition
// (#B.y, #B.c.y, _#B.y): a reference to the schema's value, which the
// data never gives.
func refersIntoDefinition(n ast.Node) bool {
	x, ok := n.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	for {
		switch b := x.X.(type) {
		case *ast.SelectorExpr:
			x = b
			continue
		case *ast.Ident:
			return strings.HasPrefix(b.Name, "#") || strings.HasPrefix(b.Name, "_#")
		}
		return false
	}
}

// optionalRef is CUE's error for a value computed from an optional member
// the data has not given: the member.
var optionalRef = regexp.MustCompile(`cannot reference optional field: ([^\s;,)]+)`)

// boundOnField is CUE's error for a bound on another member's value
// (cpu: >=requests.cpu) before the data gives it: the reference, the
// bound's operator.
var boundOnField = regexp.MustCompile(`non-concrete value ([^\s;,)]+) for bound ([^\s;,)]+)`)

// errAt is where CUE places err, a reference it cannot resolve before the
// data is given, when that is in one of this package's files, else at: the
// reference may be in a definition that refines the field, not where the
// field was first declared (timoni's #HealthCheckForCondition computes
// current from #object.status, and #HealthCheck, which it refines,
// declares current!: bool), and the error belongs to the definition that
// holds the reference.
func (r *resolver) errAt(err error, at Pos) Pos {
	for _, tp := range errors.Positions(err) {
		for _, f := range r.inst.Files {
			if f.Filename == tp.Filename() {
				return r.ps.of(tp)
			}
		}
	}
	return at
}

// basic resolves a value that is not a plain reference: a basic type with
// constraints, a list, a map, or a string constant.
func (r *resolver) basic(v cue.Value, what string) (*Type, bool) {
	p := r.pos(v)
	if _, has := v.Default(); has {
		// #W: *100 | int & >0 & <=100 (timoni's #Affinity.#Weight): the
		// type is CUE's value without its default, whose constraints
		// are read as a field's are (withoutDefault); the default is
		// each use's. Read whole, the marked disjunction is one
		// conjunct that constrain took for the bare type, and the
		// bounds were lost.
		if op, args := r.expr(v); op == cue.NoOp && len(args) == 1 {
			v = args[0]
			if op, _ := r.expr(v); op == cue.OrOp {
				// [string]: *"b" | ("a" | "b" | "c"): without its
				// default a disjunction, an enum or a choice, read as
				// one (it was any string).
				return r.typeOf(v, what)
			}
		}
	}
	kind := v.IncompleteKind()
	if kind == cue.BottomKind {
		// A list with list.MinItems(n) is incomplete as a definition (no
		// items yet), so CUE reports bottom; its literal conjunct says list.
		// So is a struct with struct.MinFields(n).
		for _, c := range r.conjuncts(v) {
			switch c.IncompleteKind() {
			case cue.ListKind, cue.StructKind:
				kind = c.IncompleteKind()
			}
		}
		if lit, ok := structLit(sourceExpr(v)); ok && kind == cue.BottomKind && hasComprehension(lit) {
			// {x!: bool, if x {…}}: CUE's error is the comprehension's
			// test of a field the definition does not fill yet.
			kind = cue.StructKind
		}
	}
	if kind == cue.TopKind {
		if k, ok := r.countedScalarKind(v); ok {
			// matchN(>=1, ["json" | "yaml", string]) & matchN(0,
			// ["jsonc" | "toml"]) (chezmoi's format): validators
			// alone, one of which admits strings only.
			kind = k
		}
	}
	if _, isValidator := r.validatorOf(v); kind == cue.BottomKind && !isValidator {
		// An error of CUE's own (a structural cycle, a bound on another
		// field's value): say what CUE says, not "type _|_".
		if err := v.Err(); err != nil {
			msg := cueErrText(err)
			hint := ""
			if strings.Contains(msg, "structural cycle") {
				hint = "; a type that holds itself is a definition that refers to itself (#Node: {next?: #Node}), which is carried"
			}
			if m := optionalRef.FindStringSubmatch(msg); m != nil && refersIntoDefinition(sourceExpr(v)) {
				// x?: #B.y, y optional in #B: the reference names the
				// schema's field, never the data's, and CUE refuses it
				// wherever x is given a value.
				r.errorf(r.errAt(err, p), "%s: it refers to %s, an optional field of a definition (%s), not a member of the data: CUE refuses such a reference (\"cannot reference optional field: %s\") wherever this field is given a value, so cue vet would refuse every value that holds it; name the field's type (a definition of its own) in both places instead", what, m[1], exprText(sourceExpr(v).(ast.Expr)), m[1])
				return nil, false
			} else if m != nil {
				// current: [for c in status.conditions …] (timoni's health
				// checks): a value CUE computes from a member the data
				// gives, once it gives it.
				r.errorf(r.errAt(err, p), "%s: it refers to %s, an optional member the data gives (CUE reports it incomplete until then): a value or a bound taken from another member of the data is a check between two members, which no JSON Schema keyword states; not carried", what, m[1])
				return nil, false
			}
			if m := boundOnField.FindStringSubmatch(msg); m != nil {
				// cpu: >=requests.cpu (CUE's OpenAPI tests, issue 3742):
				// CUE reports the bound incomplete until the data
				// gives the other member; no error of the schema's.
				r.errorf(r.errAt(err, p), "%s: its bound %s refers to %s, another member's value, which CUE compares once the data gives both; no JSON Schema keyword compares two members of a value (it has no $data), so no target states it as CUE does; not carried", what, m[2], m[1])
				return nil, false
			}
			// Generic too: a value computed from the data is CUE's
			// error until the data gives it (b: "\(a)-x", "invalid
			// interpolation"), which a field's reading then says
			// instead (resolveObject, dataRef).
			r.generic++
			r.errorf(p, "%s: CUE evaluates it to an error (%s), so there is no type to carry%s", what, msg, hint)
			return nil, false
		}
	}
	switch {
	case r.notNull(v):
		// matchN(0, [null]), !=null: any JSON value but null.
		return &Type{Kind: AnyKind, Constraints: Constraints{NotNull: true}}, true
	case kind == cue.TopKind:
		// _ alone is any JSON; a validator on it (matchN, matchIf, a
		// builtin) constrains what it admits, which "any" would drop.
		if op, args := r.expr(v); (op != cue.NoOp || len(args) != 1 || !isTop(sourceExpr(args[0]))) && !onlyTop(sourceExpr(v), !r.closedCtx) {
			if call, ok := sourceExpr(v).(*ast.CallExpr); ok && isIdentNamed(call.Fun, "matchIf") && len(args) == 4 {
				// matchIf(if, then, else) on any JSON value: cue
				// import's if/then/else with no type beside it.
				t := &Type{Kind: AnyKind}
				if !r.matchIf(t, args[1:], p, what) {
					return nil, false
				}
				return t, true
			}
			if r.countsObjects(v) {
				// matchN(2, [#Base, close({…})]): an open object
				// that matches every alternative.
				return r.inlineObject(v, what, p)
			}
			if x, ok := r.negation(v); ok {
				if base, ok := r.complementBase(x); ok {
					// matchN(0, [null | bool | number | =~"re" | [...] |
					// {...}]): a string that does not match re.
					t := &Type{Kind: BasicKind, Base: base}
					if !r.notOf(t, x, what, p) {
						return nil, false
					}
					return t, true
				}
			}
			if t, ok, handled := r.anyCount(v, what, p); handled {
				return t, ok
			}
			if x, ok := r.allOfScalars(v); ok {
				// #Name: matchN(48, [matchN(0, [K | =~"^and$" | …]) &
				// string, …]), a definition's value (read here, not by
				// typeOf): their conjunction.
				return r.typeOf(x, what)
			}
			if t, ok, handled := r.anyMatchN(v, what, p); handled {
				return t, ok
			}
			if call, ok := sourceExpr(v).(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "matchN" {
					m, ok := uncountedMatchN(call)
					if !ok {
						m = fmt.Sprint(v)
					}
					if !r.refuseIncompleteCount(v, m, what, p) {
						r.errorf(p, "%s: %s is not carried: %s", what, m, matchNCounts)
					}
					return nil, false
				}
			}
			if r.cueInvalid && v.IncompleteKind() == cue.TopKind && noMapping[calledName(v)] == "" {
				// #Root: (null | bool | {a!: int, ...}) & {s?:
				// strings.MinRunes(1), a!: "x"} embedded at the
				// package's root, which CUE evaluates to an empty
				// disjunction: s is _ there, and was said to be "not
				// carried" beside a list naming strings.MinRunes as
				// carried (SchemaStore's draft-07 metaschema). A
				// validator no target states is refused as such below,
				// whatever CUE evaluated it to.
				if src, written := sourceExpr(v).(ast.Expr); !written {
					r.errorf(p, "%s: CUE evaluates it to _ (any value) with a validator, as it finds the package in error (its errors are listed with this one)", what)
					return nil, false
				} else if !onlyTop(src, true) {
					r.errorf(p, "%s: CUE evaluates it to _ (any value), not to what %s states, as it finds the package in error (its errors are listed with this one)", what, exprString(src))
					return nil, false
				}
			}
			if name := calledName(v); name != "" {
				// ip?: net.IPv4 (hand-written CUE): a builtin of a
				// package, said as one, not as a validator on any type.
				if netPatterns[name] != "" {
					return r.netAlone(v, what, p)
				} else if why := noMapping[name]; why != "" {
					r.errorf(p, "%s: the constraint %s is not carried: %s", what, calledText(v), why)
				} else {
					r.errorf(p, "%s: builtin %s is not carried (schemagen carries "+carriedCalls+")", what, name)
				}
				return nil, false
			}
			if onlyTop(sourceExpr(v), true) {
				r.errorf(p, "%s: {_} in a definition is closed: CUE admits every scalar there but only an empty object and an empty list ({\"x\": 1} and [1] are refused, \"field not allowed\"), which no target's any value states; write _ for any value, or state the type", what)
				return nil, false
			}
			r.errorf(p, "%s: %v is not carried yet: a validator (matchN, matchIf, …) on a value of any type", what, v)
			return nil, false
		}
		return &Type{Kind: AnyKind}, true
	case kind == cue.StringKind && v.IsConcrete():
		s, _ := v.String()
		return &Type{Kind: ConstKind, Base: String, Const: s}, true
	case kind == cue.BoolKind && v.IsConcrete():
		b, _ := v.Bool()
		return &Type{Kind: ConstKind, Base: Bool, Const: strconv.FormatBool(b)}, true
	case kind == cue.FloatKind && v.IsConcrete():
		f, _ := v.Float64()
		return &Type{Kind: ConstKind, Base: Number, Const: strconv.FormatFloat(f, 'g', -1, 64)}, true
	case kind == cue.IntKind && v.IsConcrete():
		n, err := v.Int64()
		if err != nil || n < -MaxSafeInt || n > MaxSafeInt {
			r.errorf(p, "%s: the constant %v is beyond what JSON readers hold exactly (±%d, I-JSON, RFC 7493)", what, v, int64(MaxSafeInt))
			return nil, false
		}
		return &Type{Kind: ConstKind, Base: Int, Const: strconv.FormatInt(n, 10)}, true
	case kind == cue.NullKind:
		// null alone: the one value null (T | null is a NullableKind).
		return &Type{Kind: NullKind}, true
	case kind == cue.ListKind:
		return r.list(v, what)
	case kind == cue.StructKind:
		if fc, rest, ok := r.fieldCounts(v, what); !ok {
			return nil, false
		} else if fc.has {
			if lit, isLit := sourceExpr(v).(*ast.StructLit); isLit && sourceExpr(rest) == nil && embedsFieldCount(lit) {
				// f?: {…, if a != _|_ {b?: _|_}, struct.MinFields(1)}:
				// CUE gives the struct beside the count no source, and
				// its if clauses were read from none: dropped, every
				// target admitting what they refuse (differential seed
				// 10342). The object is the literal written.
				r.countLit, r.countLitOf = lit, rest
				defer func() { r.countLit = nil }()
			}
			return r.counted(rest, fc, what, p)
		}
		if pat, elem, ok := r.keyPattern(v); ok && (r.closedCtx || isCloseCall(sourceExpr(v))) {
			// An open one admits members of any other name beside those
			// matching: an open object with a member pattern, below.
			key, kok := r.keyType(pat, what, p, true)
			et, eok := r.typeAt(elem, what+"[string]", p)
			if !kok || !eok {
				return nil, false
			}
			return &Type{Kind: MapKind, Elem: et, Key: key}, true
		}
		elem := r.elem(v)
		if elem.Exists() {
			r.checkedDefs(elem, what+"[string]", false)
		}
		if lit, ok := structLit(sourceExpr(v)); !elem.Exists() || (ok && declaresFields(lit)) {
			return r.inlineObject(v, what, p)
		}
		if r.namesMembers(v, true) {
			// {[=~"re"]: T, ...} in place: the members whose names
			// match hold T, any other any value, an open object with a
			// member pattern (as a definition of it is), not a map of
			// any value that would drop the pattern. ([K]: _ beside
			// [string]: T or ... adds nothing: a map, as before.)
			return r.inlineObject(v, what, p)
		}
		if r.hasFields(v) {
			// #S & {y: string}, with #S: {x: string, ...}, or {x?: int}
			// & {[_]: int}: fields, and any other member (of any value,
			// open; or of T, a pattern for every other member), an
			// object, as a literal of them is.
			return r.inlineObject(v, what, p)
		}
		if x, ok := r.allOfMap(v); ok {
			return r.typeOf(x, what) // matchN(2, [#M, null | {[string]: T}]) is #M
		}
		if name, ok := r.validatorOf(v); ok {
			if r.validatedOpen(v) {
				return r.inlineObject(v, what, p)
			}
			if name == "matchN" || name == "matchIf" {
				// {[string]: T} & matchN(…) (tox's labeled factors,
				// cue import's additionalProperties beside a oneOf):
				// an object of no field whose every member holds T,
				// judged by the count. Not when its members are the
				// alternatives' alone (matchN(2, [#M, {[string]:
				// int}]) & {...}): the object would keep none.
				if t, ok := r.inlineObject(v, what, p); !ok || t == nil || t.Kind != ObjectKind || len(t.Object.Members) > 0 || t.Object.Open {
					return t, ok
				}
			}
			r.errorf(p, "%s: %s on a map is not carried (schemagen carries struct.MinFields and struct.MaxFields there)", what, name)
			return nil, false
		}
		et, ok := r.typeAt(elem, what+"[string]", p)
		if !ok {
			return nil, false
		}
		return &Type{Kind: MapKind, Elem: et}, true
	}

	t := &Type{Kind: BasicKind}
	switch kind {
	case cue.StringKind:
		t.Base = String
	case cue.IntKind:
		t.Base = Int
	case cue.BoolKind:
		t.Base = Bool
	case cue.FloatKind, cue.NumberKind:
		// CUE's float admits no integer literal (1 is an int, 1.0 a
		// float); JSON Schema, Go and TypeScript cannot tell them apart,
		// so float is read as number (docs/schema-language.md).
		t.Base = Number
	case cue.BytesKind:
		// Base64 text on the wire, as cue export writes bytes and CUE's
		// JSON Schema generator states them (docs/schema-language.md).
		t.Base = Bytes
	default:
		if op, _ := r.expr(v); op == cue.OrOp {
			r.errorf(p, "%s: a disjunction of different types (%v) is not carried yet: a union lists object definitions told apart by a constant field, and T | null is a nullable T", what, v)
			return nil, false
		}
		if name, ok := r.validatorOf(v); ok {
			if r.kindCountRefused(v, what, p) {
				// Read kind by kind, its alternatives "Y and not X"
				// among them: the kind held in part is said, not
				// the count within.
				return nil, false
			}
			if m, ok := uncountedMatchN(sourceExpr(v)); ok {
				// github-workflow's #ref: matchN(1, [matchN(3, [matchN(0,
				// […]) & {…}, …]), null]): the count, not the kinds, is
				// what no target carries.
				if !r.refuseIncompleteCount(v, m, what, p) {
					r.errorf(p, "%s: %s is not carried: %s", what, m, matchNCounts)
				}
				return nil, false
			}
			if call, ok := sourceExpr(v).(*ast.CallExpr); ok && isIdentNamed(call.Fun, "error") {
				// [...error("x")]: no value, where only a member
				// may be absent (absentMember).
				r.errorf(p, "%s: %v admits no value, which is carried on an optional field (the member must be absent, f?: error(\"…\"), cue import's false schema of a property) and nowhere else", what, oneLine(v))
				return nil, false
			}
			for _, c := range r.conjuncts(v) {
				// labels: {[string]: string & strings.MaxRunes(63)}
				// beside labels: {app: name} (timoni's #Metadata): the
				// validator constrains a field of the data, which is
				// what no target states; said so (fieldRef).
				if _, handled, ok := r.fieldRef(c, what); handled && !ok {
					return nil, false
				}
			}
			if err := v.Err(); err != nil {
				// time.Format(time.DateOnly), a name CUE's time
				// package does not declare: CUE's error, which every
				// value of the field meets, not the validator's type.
				r.errorf(r.errAt(err, p), "%s: CUE evaluates it to an error (%s), so there is no type to carry", what, cueErrText(err))
				r.generic++
				return nil, false
			}
			r.errorf(p, "%s: %s is not carried here: CUE finds no one type for the value it constrains (a validator of another type than its value's, or of a value of any type)", what, name)
			r.generic++
			return nil, false
		}
		if id, ok := sourceExpr(v).(*ast.Ident); ok && strings.HasPrefix(id.Name, "_") && !strings.HasPrefix(id.Name, "_#") && r.selfHolding()[id.Name] {
			// _schema: null | … | {foo?: _schema}, _schema embedded
			// (cue import of a $ref to the document's root, "#"):
			// the hidden field's choice, a definition of its own
			// (hiddenRef).
			for _, c := range r.conjuncts(v) {
				if name, ok := r.hiddenRef(c); ok {
					return r.refType(c, name, what)
				}
			}
			def := GoName(strings.TrimPrefix(id.Name, "_"))
			r.errorf(p, "%s: %s is a choice of kinds %v that refers back to itself through the hidden field %s, which is read in place where it is used and so would not end; a choice of kinds that holds itself is carried as a definition: declare it #%s: … and refer to #%s", what, id.Name, kind, id.Name, def, def)
			return nil, false
		}
		// port: #config.controller.targetPort (timoni's modules), the
		// input's field a choice of kinds: a value CUE computes where it
		// is used, said so as for one of one kind (computedRef).
		for _, c := range r.conjuncts(v) {
			if r.computedRef(c, what, p) {
				return nil, false
			}
		}
		if kind == cue.BottomKind {
			// g: S.group (grafana-app-sdk's manifest, S the alias of
			// the value being written): a member CUE computes from
			// the data, no value until the data gives what it needs.
			switch e := sourceExpr(v).(type) {
			case *ast.SelectorExpr, *ast.Ident:
				r.errorf(p, "%s: its value is %s, which CUE computes from members of the data and finds no value for until the data gives them (_|_ here): no target states a value that differs by document; refer to a definition or a hidden field that states a type", what, exprString(e.(ast.Expr)))
				r.generic++
				return nil, false
			}
			r.errorf(p, "%s: CUE finds no value for it (_|_), so there is no type to carry", what)
			r.generic++
			return nil, false
		}
		r.errorf(p, "%s: type %v is not carried; use string, int, number, bool, a definition, [...T] or [string]: T", what, kind)
		return nil, false
	}
	ok := true
	conj := r.conjuncts(v)
	or := -1 // the conjunct that is a choice of patterns, distributed below
	for i, c := range conj {
		if or < 0 && len(conj) > 1 && r.stringChoice(t, c) {
			or = i
			continue
		}
		ok = r.constrain(t, c, what, p) && ok
	}
	if ok && or >= 0 {
		t, ok = r.distributeChoice(t, v, conj, or, what, p)
	}
	if ok && t.Base == Int {
		ok = r.intRange(t, p, what)
	}
	if ok && t.Duration {
		ok = r.durationAlone(t, p, what)
	}
	if ok && t.URL != NoURL {
		ok = r.urlAlone(t, p, what)
	}
	return t, ok
}

// stringChoice reports whether c, a conjunct of a string t, is a
// disjunction of string constraints and constants (=~"\\.json$" |
// =~"\\.sjson$"), a choice that distributeChoice reads beside the other
// conjuncts.
func (r *resolver) stringChoice(t *Type, c cue.Value) bool {
	if t.Kind != BasicKind || t.Base != String {
		return false
	}
	op, args := r.expr(c)
	return op == cue.OrOp && r.isChoice(args)
}

// distributeChoice reads v, a string whose conjuncts conj include a choice
// at or (#RelativePath & (=~"\\.json$" | =~"\\.sjson$"), Simple
// Streams' metadata path), as CUE evaluates it: each alternative of the
// choice conjoined with every other conjunct, a choice of those (a
// constant alternative kept where the others admit it, as CUE keeps it).
// t holds the other conjuncts' constraints.
func (r *resolver) distributeChoice(t *Type, v cue.Value, conj []cue.Value, or int, what string, p Pos) (*Type, bool) {
	_, args := r.expr(conj[or])
	ct, _, ok := r.choiceOf(args, what) // a choice: stringChoice asked isChoice
	if !ok {
		return nil, false
	}
	if len(ct.Choice) == 0 {
		return t, true // an alternative admits every string: the others' constraints alone
	}
	var alts []*Type
	for _, a := range ct.Choice {
		if a.Kind == ConstKind {
			if admits(v, v.Context().Encode(a.Const)) {
				alts = append(alts, a)
			}
			continue
		}
		at := &Type{Kind: BasicKind, Base: String, Constraints: a.Constraints}
		// Its own slices: constrain appends to them.
		at.Patterns, at.NotPatterns, at.Not = slices.Clone(a.Patterns), slices.Clone(a.NotPatterns), slices.Clone(a.Not)
		for i, c := range conj {
			if i != or && !r.constrain(at, c, what, p) {
				return nil, false
			}
		}
		alts = append(alts, at)
	}
	switch len(alts) {
	case 0:
		r.errorf(p, "%s: %s admits no value: no alternative of its choice meets its other constraints (CUE finds each an error); not carried", what, oneLine(v))
		return nil, false
	case 1:
		return alts[0], true
	}
	return &Type{Kind: BasicKind, Base: String, Choice: alts}, true
}

// urlAlone refuses beside net.URL or net.AbsURL what is no pattern, length
// or excluded value: a time format, time.Duration (each a language of its
// own, which no target checks beside url.Parse's yet) or a matchIf.
// Patterns, lengths and != are checked beside it as on any string (JSON
// Schema: url.Parse's pattern joins the others in an allOf).
func (r *resolver) urlAlone(t *Type, p Pos, what string) bool {
	rest := t.Constraints
	rest.URL, rest.MinRunes, rest.MaxRunes, rest.Patterns, rest.NotPatterns, rest.Not = NoURL, nil, nil, nil, nil, nil
	if rest.IsZero() && t.Base == String {
		return true
	}
	r.errorf(p, "%s: %s beside a time format, time.Duration or matchIf is not carried: no target checks another language of strings beside url.Parse's yet; beside %s state patterns (=~, !~), lengths or != only", what, t.URL, t.URL)
	return false
}

// durationAlone refuses a constraint beside time.Duration: JSON Schema
// states a Go duration with its pattern, which a second pattern, a length
// or an excluded value would have to share, and no target is written to
// check both yet.
func (r *resolver) durationAlone(t *Type, p Pos, what string) bool {
	rest := t.Constraints
	rest.Duration = false
	if rest.IsZero() && t.Base == String {
		return true
	}
	r.errorf(p, "%s: time.Duration beside another constraint (a pattern, a length, !=, a time format) is not carried: JSON Schema states a Go duration by a pattern of its own, and no target checks both yet; state time.Duration alone", what)
	return false
}

// counted resolves rest, an object or map written in place with
// struct.MinFields/MaxFields beside it, and bounds how many members it has.
func (r *resolver) counted(rest cue.Value, fc fieldCount, what string, p Pos) (*Type, bool) {
	if !rest.Exists() {
		// struct.MinFields(1) alone: any object of so many members.
		return &Type{Kind: MapKind, Elem: &Type{Kind: AnyKind}, Constraints: Constraints{MinFields: fc.min, MaxFields: fc.max}}, true
	}
	if name, isRef := r.refName(rest); isRef {
		r.errorf(p, "%s: struct.MinFields/MaxFields beside a reference (#%s) are not supported; state them in a new definition", what, name)
		return nil, false
	}
	t, ok := r.typeAt(rest, what, p)
	if !ok {
		return nil, false
	}
	switch {
	case t.Kind == MapKind && t.Map == nil:
		t.MinFields, t.MaxFields = fc.min, fc.max
	case t.Kind == ObjectKind && slices.ContainsFunc(r.inlineOrder, func(d *def) bool { return d.object == t.Object }):
		t.Object.MinFields, t.Object.MaxFields = fc.min, fc.max
		if fc.open {
			t.Object.Open = true // its ..., as written
		}
		if !r.checkSupplied(t.Object, what, p) {
			return nil, false
		}
	default:
		r.errorf(p, "%s: struct.MinFields/MaxFields count an object's or a map's members; this value is not one", what)
		return nil, false
	}
	return t, true
}

// inlineDisjunction resolves a disjunction written in place: of string
// literals, an enum; of types of different JSON kinds, a OneOf; each named
// after where it is, as an inline struct is.
func (r *resolver) inlineDisjunction(v cue.Value, alts []cue.Value, what string) (*Type, bool) {
	p := r.pos(v)
	if lists := r.listAlts(alts); len(lists) > 1 && len(lists) == len(alts) {
		// [...string] | [...int]: a list the alternatives count.
		return r.countedLists(v, lists, what, p)
	}
	name := inlineName(what)
	d := &def{name: name, v: v, pos: p, doc: fmt.Sprintf("%s is the value of %s.", name, what)}
	r.placeAt(d, what)
	if allStringConsts(alts) {
		r.resolveEnum(d, alts)
		return &Type{Kind: EnumKind, Enum: d.enum}, true
	}
	if members, ok := r.enumRefs(alts); ok && (!r.allStringEnumRefs(alts) || r.enumBesideConstantRef(alts)) {
		// #S | #M in place, each a choice of enums (Vega-Lite's
		// timeUnit: matchN(>=1, [#SingleTimeUnit, #MultiTimeUnit])):
		// one enum of all their members, named after where it is.
		r.resolveEnum(d, members)
		return &Type{Kind: EnumKind, Enum: d.enum}, true
	}
	refs := 0
	for _, a := range alts {
		if name, ok := r.refName(a); ok && r.defs[name] != nil {
			r.classifyOnce(r.defs[name])
			if r.defs[name].object != nil || r.defs[name].union != nil {
				// *#D | #U, #U a union: its variants are alternatives.
				refs++
			}
		}
	}
	if refs == len(alts) {
		// #A | #B in place: a union, named after where it is.
		return r.unionInPlace(d), true
	}
	o := r.oneOf(d, alts, what)
	if d.union != nil {
		return &Type{Kind: UnionKind, Union: d.union}, true
	}
	if o == nil {
		return nil, false
	}
	return &Type{Kind: OneOfKind, OneOf: o}, true
}

// oneLine is CUE's text of v for a message, on one line and cut short:
// a struct among alternatives may span dozens of lines.
func oneLine(v cue.Value) string {
	s := strings.Join(strings.Fields(fmt.Sprint(v)), " ")
	if r := []rune(s); len(r) > 60 {
		s = string(r[:60]) + "…"
	}
	return s
}

// matchNCounts says why a count of matchN but 1 and >=1 is not carried.
const matchNCounts = "matchN(1, […]) and matchN(>=1, […]) are read as a disjunction of their alternatives, and none or all of them (matchN(0, […]), matchN(n, […]) of its n) as a check on a value of no other type; any other count (some of overlapping types), or none or all beside a type of the value's own, leaves a value whose Go and TypeScript type is no type of its own"

// uncountedMatchN finds the first matchN in n whose count is neither 1
// nor >=1, and says it in one line: matchN(0, […]) (none of its 1
// alternatives), or as written where that is short. CUE's own text of it
// may span dozens of lines.
func uncountedMatchN(n ast.Node) (string, bool) {
	if n == nil {
		return "", false // a value CUE made, with no source of its own
	}
	var found string
	ast.Walk(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found != "" || !ok || !isIdentNamed(call.Fun, "matchN") || len(call.Args) != 2 {
			return found == ""
		}
		count := exprString(call.Args[0])
		if u, ok := call.Args[0].(*ast.UnaryExpr); ok {
			count = u.Op.String() + exprString(u.X)
		}
		if count == "1" || count == ">=1" {
			return true
		}
		if b, err := format.Node(call); err == nil && len(b) <= 80 && !bytes.ContainsRune(b, '\n') {
			found = string(b) // short enough to quote: matchN(0, [string])
			return false
		}
		list, ok := call.Args[1].(*ast.ListLit)
		if !ok {
			found = fmt.Sprintf("matchN(%s, …)", count)
			return false
		}
		k := len(list.Elts)
		alts := fmt.Sprintf("%d alternatives", k)
		if k == 1 {
			alts = "1 alternative"
		}
		switch {
		case count == "0":
			found = fmt.Sprintf("matchN(0, […]) (none of its %s)", alts)
		case count == strconv.Itoa(k):
			found = fmt.Sprintf("matchN(%s, […]) (all of its %s)", count, alts)
		default:
			found = fmt.Sprintf("matchN(%s, […]) (%s of its %s)", count, count, alts)
		}
		return false
	}, nil)
	return found, found != ""
}

// resolveOneOf resolves a OneOf definition's alternatives, once.
func (r *resolver) resolveOneOf(d *def) {
	if d.oneOfAlts == nil || d.oneOfDone {
		return
	}
	d.oneOfDone = true
	// A struct among a definition's alternatives is closed, as every
	// struct in a definition (#X: string | {a?: int} admits no {b: 1}).
	closedCtx := r.closedCtx
	r.closedCtx = !d.root && !d.open
	r.oneOf(d, d.oneOfAlts, d.ref())
	r.closedCtx = closedCtx
}

// refTarget is the value v refers to, as its declaration writes it (not
// as classify may have read it since): CUE's value at the reference's
// path.
func (r *resolver) refTarget(v cue.Value) (cue.Value, bool) {
	root, path := r.referencePath(v)
	target := root.LookupPath(path)
	return target, target.Exists()
}

// kindRefAlts replaces each alternative of a disjunction that refers to a
// definition which is itself a disjunction of several JSON kinds, each a
// scalar or a reference (#Scalar | [...#Scalar], #Scalar: string | bool |
// int; Grafana's CloudWatch QueryEditorOperatorValueType), by that
// disjunction's alternatives, as the same choice written in place is
// read: a value is one of them all, each told apart by its kind, null
// among them making the whole nullable. It was refused as "string | bool
// | int may be of any JSON kind". So is a definition holding an object or
// a list written in place (#Source: {path: #Path, tracked: true} | #Path),
// whose object is then named after the place here too, and one that
// names another (#Consumer: #ExternalType, itself a choice). A reference
// to d itself (nil for none) or to a definition of one kind (an enum, a
// union of objects) stays one alternative; depth bounds definitions that
// refer to one another.
func (r *resolver) kindRefAlts(d *def, alts []cue.Value, depth int) []cue.Value {
	if depth > 16 {
		return alts
	}
	var out []cue.Value
	counts := false // a count of kinds apart among them was read as its alternatives
	for i, a := range alts {
		var inner []cue.Value
		if net := r.netSplice(a); net != nil {
			// bind?: net.IP | bool: the check's text and list of bytes
			// are alternatives beside the others.
			inner = net
		} else if name, isRef := r.refName(a); isRef && r.defs[name] != nil && r.defs[name] != d && manyKinds(a.IncompleteKind()) {
			// The definition as written (#Maybe: #Scalar | null), which
			// classify may have narrowed (to #Scalar, nullable).
			if target, ok := r.refTarget(a); ok {
				if net := r.netSplice(target); net != nil {
					inner = net // #Addr | bool, #Addr: net.IP
				} else if op, args := r.disjunction(target); op == cue.OrOp {
					inner = r.kindRefAlts(d, args, depth+1)
				} else if malts, ok := r.matchOne(target); ok && !r.keepCounts && r.kindsApart(malts) {
					// #relationshipToOne: matchN(>=1, [#empty, #linkage])
					// (JSON:API's through cue import, #empty: null): a count
					// of alternatives each of one JSON kind of its own,
					// which admits what their disjunction admits.
					inner = r.kindRefAlts(d, malts, depth+1)
					counts = true
				} else if _, alias := r.refName(target); alias {
					// #Consumer: #ExternalType, itself a choice.
					if in := r.kindRefAlts(d, []cue.Value{target}, depth+1); len(in) != 1 || in[0] != target {
						inner = in
					}
				}
			}
		}
		switch {
		case inner != nil && out == nil:
			out = append(append(make([]cue.Value, 0, len(alts)+len(inner)), alts[:i]...), inner...)
		case inner != nil:
			out = append(out, inner...)
		case out != nil:
			out = append(out, a)
		}
	}
	if out == nil {
		return alts
	}
	if counts && !r.kindsApart(out) && !r.rawKindAlts {
		// matchN(1, [#blockKeywords, bool, #nullRule]) with
		// #blockKeywords: matchN(>=1, [[...], null]), #nullRule: null
		// (jscsrc): null matches two of them, which exactly one must; as
		// their disjunction it would be one. The count stays an
		// alternative of its own, refused as several kinds.
		r.keepCounts = true
		defer func() { r.keepCounts = false }()
		return r.kindRefAlts(d, alts, depth)
	}
	return out
}

// wholeKindsTwice reads v, matchN(1, alts) (exactly one, not at least
// one), when its alternatives, a reference to a count of kinds apart read
// as its own alternatives (kindRefAlts), are each of one JSON kind, and
// every kind two or more of them share is held whole by each (null,
// bool, number, string, [...]): a value of such a kind matches all of
// them, more than one, and is refused, so the count admits the other
// kinds' alternatives alone, which are then apart. jscsrc's
// requireYodaConditions, matchN(1, [#equalityOperators, bool,
// #nullRule]) with #equalityOperators: matchN(>=1, [[...], bool, null])
// and #nullRule: null, admits a list alone. ok is false otherwise, and
// when no kind is shared.
func (r *resolver) wholeKindsTwice(v cue.Value, alts []cue.Value) ([]cue.Value, bool) {
	if _, args := r.expr(v); len(args) != 3 || !args[1].IsConcrete() {
		return nil, false // matchN(>=1, …): one of them
	}
	r.rawKindAlts = true
	all := r.kindRefAlts(nil, alts, 0)
	r.rawKindAlts = false
	var of [kindClasses][]cue.Value
	for _, a := range all {
		k, one := kindClass(r.kindOf(a))
		if !one {
			return nil, false
		}
		of[k] = append(of[k], a)
	}
	var shared [kindClasses]bool
	some := false
	for k, as := range of {
		if len(as) < 2 {
			continue
		}
		if k == objectClass {
			return nil, false // objects: a union's or a count's rules
		}
		for _, a := range as {
			if !wholeJSONKind(r.wholeSource(a)) {
				return nil, false
			}
		}
		shared[k], some = true, true
	}
	// The others, in the alternatives' own order.
	var kept []cue.Value
	for _, a := range all {
		if k, _ := kindClass(r.kindOf(a)); !shared[k] {
			kept = append(kept, a)
		}
	}
	if !some || len(kept) == 0 {
		return nil, false
	}
	return kept, true
}

// wholeSource is the syntax of a, or of the definition a names
// (#nullRule: null), for wholeJSONKind.
func (r *resolver) wholeSource(a cue.Value) ast.Node {
	if name, isRef := r.refName(a); isRef && r.defs[name] != nil {
		return sourceExpr(r.defs[name].v)
	}
	return sourceExpr(a)
}

// kindsApart reports whether each of alts is of one JSON kind, none the
// kind of another (null, boolean, number, string, list, object; int and
// float are numbers): a count of them, matchN(1, …) or matchN(>=1, …),
// admits what their disjunction does, as no value matches two.
func (r *resolver) kindsApart(alts []cue.Value) bool {
	var seen [kindClasses]bool
	for _, a := range alts {
		k, one := kindClass(r.kindOf(a))
		if !one || seen[k] {
			return false
		}
		seen[k] = true
	}
	return len(alts) > 1
}

// oneOf resolves a disjunction of types of different JSON kinds.
func (r *resolver) oneOf(d *def, alts []cue.Value, what string) *OneOf {
	exact := r.exactKind // this choice's own, not a nested one's
	r.exactKind = 0
	o := &OneOf{Name: d.name, Doc: d.doc, Pos: d.pos}
	var structs []cue.Value
	for _, a := range alts {
		// #selector, itself a count of objects (matchN(1, [close({…}),
		// …])), is one, though CUE's kind of the validator is any.
		if a.IncompleteKind() == cue.StructKind || r.kindOf(a) == cue.StructKind {
			structs = append(structs, a)
		}
	}
	if len(structs) > 1 && len(structs) == len(alts) {
		// {a?: int} | {b?: string} (CUE's JSON Schema test closedness
		// #TwoStructDisj): objects, some written in place, are a union.
		r.structUnion(d, alts, what)
		return nil
	}
	// An alternative may refer to d (#V: string | [...#V], a string or a
	// list of them): its type is then the OneOf being made. It was read
	// as no type, without a word, and a field holding #V dropped.
	d.oneOf = o
	made := false
	defer func() {
		if !made {
			d.oneOf = nil // refused: its errors say why
		}
	}()
	byKind := map[string]*Alt{}
	ok := true
	netArray := "" // the net check whose list of bytes is among them (netSplice)
	if len(structs) > 1 && r.countsSome(d.v, structs) {
		// matchN(1, [close({eq!: …}), close({gt!: …}), "true"]): the
		// objects are one alternative, an open object counting them
		// as CUE counts (countedObjects), named after where it is.
		outer := r.objectsOf
		r.objectsOf = sourceExpr(d.v)
		t, tok := r.inlineObject(d.v, what+".object", d.pos)
		r.objectsOf = outer
		if !tok {
			return nil
		}
		alt := &Alt{Kind: "object", Type: t, GoName: altName(t)}
		byKind["object"] = alt
		o.Alts = append(o.Alts, alt)
	} else if len(structs) > 1 {
		// string | #A | #B: the objects are one alternative, a union of
		// them, named after where it is (EnvironmentVariableObject):
		// CUE drops every object for a value of another kind, and tells
		// the objects apart as a union does.
		name := inlineName(what + ".object")
		sub := &def{name: name, v: d.v, pos: d.pos, doc: fmt.Sprintf("%s is an object value of %s.", name, what)}
		r.placeAt(sub, what+".object")
		r.structUnion(sub, structs, what)
		if sub.union == nil {
			return nil
		}
		t := &Type{Kind: UnionKind, Union: sub.union}
		alt := &Alt{Kind: "object", Type: t, GoName: altName(t)}
		byKind["object"] = alt
		o.Alts = append(o.Alts, alt)
	}
	// Alternatives of one scalar base among others ("a" | =~"^b" | true)
	// are one alternative of that kind: a choice among constraints.
	groups := map[cue.Kind][]cue.Value{}
	for _, a := range alts {
		if k, ok := r.choiceKind(a); ok {
			groups[k] = append(groups[k], a)
		}
	}
	grouped := map[cue.Kind]bool{}
	lists, listsRead := r.listAlts(alts), false
	for _, a := range alts {
		if len(structs) > 1 && slices.ContainsFunc(structs, func(s cue.Value) bool { return s == a }) {
			continue // among the objects' union or count, above
		}
		if len(lists) > 1 && r.kindOf(a) == cue.ListKind {
			// string | [...string] | [...int]: the lists are one
			// alternative, a list they count (countedLists).
			if listsRead {
				continue
			}
			listsRead = true
			t, lok := r.countedLists(d.v, lists, what, d.pos)
			if !lok {
				ok = false
				continue
			}
			alt := &Alt{Kind: "array", Type: t, GoName: altName(t)}
			byKind["array"] = alt
			o.Alts = append(o.Alts, alt)
			continue
		}
		var t *Type
		ck, _ := r.choiceKind(a)
		if g := groups[ck]; len(g) > 1 && ck == exact {
			// matchN(1, […]) whose alternatives of this kind overlap:
			// one alternative counting them (onlyScalarsOverlap).
			if grouped[ck] {
				continue
			}
			grouped[ck] = true
			base, _ := scalarBase(g)
			ct, handled, cok := r.countedScalarAlts(g, d.pos, what+"."+base.String())
			if !handled || !cok {
				if !handled {
					r.errorf(d.pos, "%s: matchN(1, […])'s alternatives of one JSON kind are of no one base; not carried", what)
				}
				ok = false
				continue
			}
			t = ct
		} else if g := groups[ck]; len(g) > 1 && ck == cue.StringKind && allStringConsts(g) {
			// "read-all" | "write-all" | #Event: the strings are one
			// alternative, an enum in place named after the kind, as an
			// object among them is (WorkflowPermissionsString).
			if grouped[ck] {
				continue
			}
			grouped[ck] = true
			et, eok := r.inlineDisjunction(d.v, g, what+".string")
			if !eok {
				ok = false
				continue
			}
			t = et
		} else if g := groups[ck]; len(g) > 1 && r.isChoice(g) {
			if grouped[ck] {
				continue // resolved with the first of its group
			}
			grouped[ck] = true
			ct, handled, cok := r.choiceOf(g, what)
			if !handled || !cok {
				ok = false
				continue
			}
			t = ct
		} else {
			// An inline struct or list among them is named after the kind:
			// #Config.external's object is ConfigExternalObject.
			at := what
			switch r.kindOf(a) {
			case cue.StructKind:
				at += ".object"
			case cue.ListKind:
				at += ".list"
			}
			var tok bool
			t, tok = r.typeAt(a, at, d.pos)
			if !tok {
				ok = false
				continue
			}
			if net := r.netLists[a]; len(net.lengths) > 1 && t.Kind == ListKind {
				c := *t // a net check's bytes, 4 or 16 (netSplice)
				c.Lengths = net.lengths
				t = &c
			}
		}
		if t.Kind == OneOfKind && t.OneOf == o {
			// #V: matchN(1, [#V, string]), or an alternative named as
			// the choice is (a document's name taken by a definition).
			alt := oneLine(a)
			if e, isExpr := sourceExpr(a).(ast.Expr); isExpr {
				alt = exprString(e)
			}
			r.errorf(d.pos, "%s: the alternative %s is this choice of kinds itself, which holds itself without end; not carried", what, alt)
			ok = false
			continue
		}
		k := t.JSONKind()
		if m := t.MatchIf; k == "" && t.Kind == AnyKind && m != nil && m.Then != nil && m.Else != nil && m.Then.JSONKind() == "object" && m.Else.JSONKind() == "object" {
			// matchIf({nodeType!: string, ...}, #Node, #Object) (intlayer's
			// content): a value its if does not match must be its else,
			// so whatever passes is an object, as either part is.
			k = "object"
		}
		if k == "" && t.Kind != AnyKind {
			// matchN(1, [#blockKeywords, bool, #nullRule, …]) with
			// #blockKeywords: matchN(>=1, [[...], null]) (SchemaStore's
			// jscsrc): a choice of its own, not any kind.
			r.errorf(d.pos, "%s: %v is itself of several JSON kinds; in a disjunction each alternative is of one JSON kind of its own (string, number, boolean, null, object, array), which tells them apart, and this one would share a kind with another or leave the choice to its own; not carried as one alternative", what, a)
			ok = false
			continue
		}
		if k == "" {
			r.errorf(d.pos, "%s: %v may be of any JSON kind; in a disjunction each alternative is of its own kind (string, number, boolean, object, array), which tells them apart", what, a)
			ok = false
			continue
		}
		if prev := byKind[k]; prev != nil && k == "number" && prev.Type.BaseOf() != t.BaseOf() && (t.Kind == BasicKind || t.Kind == ConstKind) && (prev.Type.Kind == BasicKind || prev.Type.Kind == ConstKind) {
			r.errorf(d.pos, "%s: an int alternative and a number alternative (%s and %v) are not carried as one choice: CUE tells 1 from 1.0 (an int is no float), and JSON, Go and TypeScript do not, so no target checks it as CUE does; make every alternative int, or every one number", what, prev.GoName, a)
			ok = false
			continue
		}
		net, isNet := r.netLists[a]
		if byKind[k] != nil && k == "array" && (isNet || netArray != "") {
			if !isNet {
				net.check = netArray
			}
			r.errorf(d.pos, "%s", netListMsg(what, net.check))
			ok = false
			continue
		}
		if isNet {
			netArray = net.check
		}
		if prev := byKind[k]; prev != nil {
			r.errorf(d.pos, "%s: two alternatives are a JSON %s (%s and %v); in a disjunction of types each is of its own kind, which tells them apart (a union of objects tells them apart by a constant field: #A | #B)", what, k, prev.GoName, a)
			ok = false
			continue
		}
		alt := &Alt{Kind: k, Type: t, GoName: altName(t)}
		byKind[k] = alt
		o.Alts = append(o.Alts, alt)
	}
	if !ok {
		return nil
	}
	// #V: string | [...#V]: every target names the choice and refers to
	// it by name where it would write it out in place.
	o.Recursive = inPlace(o, o, map[*OneOf]bool{})
	made = true
	r.pkg.OneOfs = append(r.pkg.OneOfs, o)
	return o
}

// inPlace reports whether a value of one of o's alternatives holds a
// value of target written out in place: through lists, tuples, maps,
// nullable values and other choices of kinds, not through an object,
// union, enum or named scalar, which are types of their own.
func inPlace(o, target *OneOf, seen map[*OneOf]bool) bool {
	if seen[o] {
		return false
	}
	seen[o] = true
	var holds func(t *Type) bool
	holds = func(t *Type) bool {
		if t == nil {
			return false
		}
		if t.Kind != OneOfKind && t.HoldsItself() {
			return false // a list or map of its own name
		}
		switch t.Kind {
		case OneOfKind:
			return t.OneOf == target || inPlace(t.OneOf, target, seen)
		case TupleKind:
			if t.Tuple != nil {
				for _, it := range t.Tuple.Items {
					if holds(it) {
						return true
					}
				}
				return holds(t.Tuple.Rest)
			}
		case ObjectKind, UnionKind, EnumKind, ScalarKind:
			return false
		}
		if t.MatchN != nil {
			// A list its alternatives count holds what they hold.
			for _, a := range t.MatchN.Alts {
				if holds(a) {
					return true
				}
			}
		}
		if m := t.MatchIf; m != nil && (holds(m.If) || holds(m.Then) || holds(m.Else)) {
			// A matchIf alternative (choice-matchif) holds what its
			// parts hold.
			return true
		}
		return holds(t.Elem)
	}
	for _, a := range o.Alts {
		if holds(a.Type) {
			return true
		}
	}
	return false
}

// structUnion resolves a disjunction whose every alternative is an object,
// some written in place ({a?: int} | {b?: string}): a union, told apart as
// any union (tellApart), whose variants in place are named after where
// they are and their place among the alternatives (TwoStructDisjObject1).
func (r *resolver) structUnion(d *def, alts []cue.Value, what string) {
	u := &Union{Name: d.name, Doc: d.doc, Pos: d.pos}
	ok := true
	if d.union == nil {
		// #Expr: {lit!: int} | {neg!: #Expr}: a variant written in place
		// that refers to the union, read while the union is made, has
		// it for its type. It was read as no type, without a word.
		d.union = u
		defer func() {
			if !ok {
				d.union = nil // refused: its errors say why
			}
		}()
	}
	// One-of groups ({shared: int} & ({} | {b: int})) are alternatives
	// of CUE's evaluation, whose positions are none of the source's:
	// each is where the value is written.
	spread := r.unlisted(d.v)
	// #E: #Output & {result?: string, ...}: CUE distributes the
	// conjunction over #Output's closed alternatives, each as closed as
	// it was; the literal's ... opens none (CUE's Allows of each says
	// open, cue vet -d '#E' refuses an unknown member).
	closed := r.closedBeside(d.v)
	for i, a := range alts {
		at := r.pos(a)
		if spread {
			at = d.pos
		}
		if name, isRef := r.refName(a); isRef {
			vd := r.defs[name]
			if vd != nil {
				r.classifyOnce(vd)
			}
			if vd == nil || vd.object == nil {
				ref := "#" + name
				if vd != nil {
					ref = vd.ref() // a library's field is no #definition
				}
				if vd != nil && vd.mapDef != nil {
					// #On: #OnEvent | #OnEventMap | #OnEventSchedule
					// (hofstadter-io's GitHub Actions schema): a map beside
					// objects, among which no member tells them apart.
					r.errorf(r.pos(a), "%s: %s is a map ([string]: T), beside objects among the alternatives; a union's variants are objects, told apart by their members, and a choice between a map and an object is not carried yet: give the map a field of its own ({entries?: %s, …})", what, ref, ref)
					ok = false
					continue
				}
				r.errorf(r.pos(a), "%s: %s is not an object definition of this package, which a union's variant is", what, ref)
				ok = false
				continue
			}
			// A variant of another union too is shared once the
			// variants are told apart (tellDeferred).
			u.Variants = append(u.Variants, vd.object)
			continue
		}
		// A variant of CUE's evaluation that embeds a closed definition
		// ({#directUrl | #proxy, scrapeInterval?: …} outside a
		// definition, Perses' Prometheus datasource) is as closed as CUE
		// says, at every depth, as a struct embedding a definition is
		// (closedByDef); its source, which would say so, is CUE's.
		closedSpread := spread && !allowsAny(a)
		closedCtx := r.closedCtx
		r.closedCtx = r.closedCtx || closedSpread
		t, tok := r.typeAt(a, fmt.Sprintf("%s.object%d", what, i+1), at)
		r.closedCtx = closedCtx
		if !tok {
			ok = false
			continue
		}
		if t.Kind != ObjectKind {
			r.errorf(at, "%s: alternative %d is an object of any members (a map), which a union's variant is not: only objects with fields are told apart", what, i+1)
			ok = false
			continue
		}
		u.Variants = append(u.Variants, t.Object)
		if closed || closedSpread {
			t.Object.Open = false
		}
	}
	if !ok {
		return
	}
	d.union, d.unionDone = u, true
	d.unionAlts = alts
	r.pkg.Unions = append(r.pkg.Unions, u)
	// What tells the variants apart is read once their fields are: a
	// variant that refers to a definition (#Translation & {...}) may
	// not be resolved yet. The variants are the union's from then on
	// (tellDeferred).
	r.tellLater = append(r.tellLater, d)
}

// tellDeferred finds what tells apart the variants of each union of
// objects written in place (structUnion), once their fields are read: a
// variant belongs to one union told apart by a discriminator, and is
// free again when no constant field tells the variants apart.
func (r *resolver) tellDeferred() {
	for _, d := range r.tellLater {
		u := d.union
		for _, o := range u.Variants {
			switch {
			case o.Union == nil:
				o.Union = u
			case o.Union != u:
				r.shared = append(r.shared, sharedVariant{o, u, d, d.pos})
			}
		}
		r.tellApart(d, u)
	}
	r.tellLater = nil
}

// altName is the Go field of a OneOf's alternative: the definition's name
// for a reference, else its kind.
func altName(t *Type) string {
	switch t.Kind {
	case ScalarKind:
		return t.Scalar.Name
	case EnumKind:
		return t.Enum.Name
	case ObjectKind:
		return t.Object.Name
	case UnionKind:
		return t.Union.Name
	case MapKind:
		if t.Map != nil {
			return t.Map.Name
		}
		return "Object"
	case ListKind, TupleKind:
		return "List"
	case AnyKind:
		return "Object" // a matchIf whose parts are objects: choice-matchif
	}
	switch t.BaseOf() {
	case Int:
		return "Int"
	case Number:
		return "Number"
	case Bool:
		return "Bool"
	case Time:
		return "Time"
	case Bytes:
		return "Bytes"
	}
	return "String"
}

// inlineObject resolves an inline struct (a field's { … }, a list's or a
// map's element) as an object of its own, named after where it is:
// #Order.line is OrderLine, #Order.lines[] OrderLinesItem, #Order.byName[string]
// OrderByNameValue, a root field workflow.on WorkflowOn.
func (r *resolver) inlineObject(v cue.Value, what string, p Pos) (*Type, bool) {
	if !p.IsValid() {
		p = r.here // a value CUE made (an alternative of an evaluated conjunction) has no position of its own
	}
	name := inlineName(what)
	var matchIfs []*MatchIf
	var matchNs []*ObjectMatchN
	_, validatedLit := r.validatedLit(v)
	if vname, ok := r.validatorOf(v); ok && (vname == "matchIf" || vname == "matchN") && (!r.matching || r.validatedOpen(v) || validatedLit) {
		// cue import's if/then/else on an object, or several of them
		// (matchN(k, [matchIf(…), …]) with every one to hold), and its
		// oneOf/anyOf of objects (matchN(1, [{a!: _, ...}, …])).
		if matchIfs, matchNs, ok = r.objectMatchIfs(v, what, p, false); !ok {
			return nil, false
		}
	} else if ok {
		// A validator beside the struct (struct.MaxFields(2) & {…}) would
		// be dropped with it: refuse it rather than carry the fields alone.
		if vname == "matchIf" {
			// A struct of a T that has a matchIf of its own.
			r.errorf(p, "%s: matchIf beside a struct inside a T of matchIf or list.MatchN is not carried yet: it is carried beside an object's own fields, and on a value of any type (docs/schema-language.md, \"Counting matches\")", what)
			return nil, false
		}
		r.errorf(p, "%s: %s on an object is not carried (schemagen carries struct.MinFields and struct.MaxFields there)", what, vname)
		return nil, false
	}
	if x, ok := r.droppedWithoutData(v); ok {
		r.refuseDropped(what, p, x)
		return nil, false
	}
	// #C: matchN(>=1, [K | {a!: _, ...}, K | {b!: _, ...}]) & (K | {…}),
	// read kind by kind: the count's structs count this struct's objects.
	matchIfs, matchNs, ok := r.countBeside(v, matchIfs, matchNs, what, p)
	if !ok {
		return nil, false
	}
	d := &def{name: name, v: v, pos: p, doc: fmt.Sprintf("%s is the value of %s.", name, what)}
	// matchN(1, [{id?: "a", ...}, {id?: "b", ...}]) & {id?: string, ...}
	// (cue import's oneOf beside properties, dotnet's template forms):
	// CUE, with no data, finds {} matching both, which the count refuses,
	// and lists no field of the value; its fields are the struct's
	// without the validators, which are read beside them.
	d.countedBeside = len(matchIfs) > 0 || len(matchNs) > 0
	if lit, ok := structLit(sourceExpr(v)); ok {
		d.lit = lit
	} else if r.countLit != nil && v == r.countLitOf {
		d.lit = r.countLit // the literal a count is embedded in (typeOf)
	} else {
		d.lit = r.openLit(v) // an embedding or a conjunction: its fields are CUE's
	}
	// CUE closes a struct inside a definition, recursively; close({...})
	// closes its own level only; any other struct is open: under a
	// package's top-level fields, or within close's argument.
	isClose := isCloseCall(sourceExpr(v))
	closedEmbed := closeEmbedded(sourceExpr(v))
	// x?: _s, with _s: close({…}): closed as its value is.
	closedEmbed = closedEmbed || r.closedHidden(sourceExpr(v))
	body := inlineBody{p, true} // where its fields are written: the same for every copy of one struct
	if fs, err := r.fields(v, false); err == nil && len(fs) > 0 {
		if fp := r.pos(fs[0].v); fp.IsValid() {
			body = inlineBody{fp, false}
		}
	}
	if slices.Contains(r.inlineStack, body) {
		// out: #Schema & {#Schema}, with #Schema holding itself: CUE's
		// value of it holds the same struct again, without end, and
		// no reference is left to name it by; read in place, it would
		// make types without end (6 fields deep 20 are 6^20 objects).
		// Said once per struct.
		if !r.heldInPlace[body] {
			if r.heldInPlace == nil {
				r.heldInPlace = map[inlineBody]bool{}
			}
			r.heldInPlace[body] = true
			r.errorf(p, "%s: an inline struct that holds itself again in place (a recursive definition unified in place, its fields at %s); name it as a definition of its own and refer to it", what, body.pos)
		}
		return nil, false
	}
	if r.matching {
		lit, ok := structLit(sourceExpr(v))
		if isClose {
			lit, ok = structLit(closeArg(sourceExpr(v)))
		}
		if !ok && r.validatedOpen(v) {
			// matchN(0, [X]) & {...}: an open object of no field,
			// judged by its validator (objectMatchIfs).
			lit, ok = &ast.StructLit{Elts: []ast.Decl{&ast.Ellipsis{}}}, true
		}
		if !ok {
			// matchN(0, [X]) & {a!: T, ...}: the literal's fields,
			// judged by its validator (objectMatchIfs).
			lit, ok = r.validatedLit(v)
		}
		if !ok || hasEmbedding(lit) && !patternEmbeddings(lit) {
			r.errorf(p, "%s: in a T of matchIf or list.MatchN, a struct is carried as a struct literal of fields ({a!: number, ...}) or close({…}) of one; an embedding is not carried yet: CUE's match would give fields only it computes, which the Go and TypeScript checks do not state", what)
			return nil, false
		}
		if test, tp := valueTestIn(lit); test != "" {
			at := p
			if cp := r.ps.of(tp); cp.IsValid() {
				at = cp
			}
			if test == forOrLet {
				r.errorf(at, "%s: in a T of matchIf or matchN, a for or a let is not carried: CUE's match would give fields only it computes, which the Go and TypeScript checks do not state; an if that tests members' presence (if a != _|_) is carried", what)
				return nil, false
			}
			r.errorf(at, "%s: in a T of matchIf or matchN, an if is carried when it tests members' presence (if a != _|_, joined by &&); this one tests a value (%s), which is not carried there: under matchIf CUE v0.17.1 evaluates such a test on the T alone, before the data is given (a required member is then missing, an optional one cannot be referenced), and refuses every value, which no other target would; test the member's presence, or state the choice as alternatives of the match", what, test)
			return nil, false
		}
	}
	// In a match a struct literal is open unless close({…}) closes it.
	// One that ends in ... is open anywhere: said now, not when it is
	// resolved, as a match part that refers to it asks before then
	// (strictParts: dependabot's schedule!: _#defs."…/schedule").
	// close({…}) conjoined with validators alone (matchN(…) &
	// close({…}), cue import's anyOf beside additionalProperties: false,
	// in a regular field) closes it as close alone does: it was read
	// open there, where CUE refuses a member it does not name
	// (differential seed 2058). Beside a struct (close({…}) & {[K]:
	// _}, setuptools' package-dir) it is read as before.
	srcExpr, _ := sourceExpr(v).(ast.Expr)
	closeConj := !isClose && srcExpr != nil && closeBesideValidators(srcExpr)
	open := !isClose && !closeConj && !closedEmbed && (r.matching || !r.closedCtx) && !r.defClosed(v)

	// A struct conjoined with matchN or matchIf (matchN(…) & {k?: {a?:
	// int}}, {[=~"^k"]: T} & matchN(…)) is one CUE leaves open, in a
	// definition too, and every struct written in it: the definition's
	// closing does not reach through the validator.
	validated := !isClose && !closeConj && !closedEmbed && !r.defClosed(v) && r.openBesideValidator(v)
	if validated {
		open = true
	}
	// A definition closes every struct in it: its own value read in
	// place (defClosed), or one it closes by being among a struct's
	// parts (closedByDef), closes the structs written in its fields too,
	// as CUE evaluates it ({#S, o?: {a?: int}} refuses {"o": {"z": 1}}).
	recursive := !r.closedCtx && !r.matching && r.defClosed(v)
	if open && !r.matching && r.closedByDef(v) {
		// #S & {a?: int}, {#S, b?: int} in a regular field: a closed
		// definition among its parts closes it, as CUE evaluates it
		// (an object in a match's list stays open, as CUE reads it).
		open = false
		recursive = true
	}
	if lit, ok := structLit(sourceExpr(v)); ok && (hasEllipsis(lit) || r.embedsOpen(lit, v)) {
		open = true
	}
	d.object = &Object{Name: name, Doc: d.doc, Pos: p, Open: open, Match: r.matching}
	r.placeAt(d, what)
	r.inlineOrder = append(r.inlineOrder, d)
	r.pkg.Objects = append(r.pkg.Objects, d.object)
	r.inlineStack = append(r.inlineStack, body)
	closedCtx := r.closedCtx
	switch {
	case recursive && !open:
		r.closedCtx = true
	case validated:
		r.closedCtx = false
	}
	r.resolveObject(d)
	r.closedCtx = closedCtx
	r.inlineStack = r.inlineStack[:len(r.inlineStack)-1]
	if !r.checkObjectMatchIfs(d.object, matchIfs, matchNs, what) {
		return nil, false
	}
	d.object.MatchIfs = append(matchIfs, d.object.MatchIfs...) // after its if clauses' (conditionalMatch)
	d.object.MatchNs = append(matchNs, d.object.MatchNs...)
	return &Type{Kind: ObjectKind, Object: d.object}, true
}

// defClosed reports whether v, read as a struct in place, is a definition's
// value or a reference through a definition to a struct CUE closes: p._#defs."/$defs/x" or
// p.#reviews under a top-level field p (cuetf's Terraform schemas, as cue
// import writes them), whose target is close({…}) or a literal without
// "...": a definition is closed wherever it is used, in a match's list
// too, where a struct written in place is open.
func (r *resolver) defClosed(v cue.Value) bool {
	var src ast.Node
	if r.patternOwner != "" && r.pathOf(v).String() == r.patternOwner {
		return false // a member pattern's value (patternType)
	}
	if sels := r.pathOf(v).Selectors(); len(sels) > 0 && sels[len(sels)-1].IsDefinition() {
		// A definition's own value, read in place where it is used
		// (scopedDef: m?: [string]: {#P: {…}, p?: #P}).
		src = sourceExpr(v)
	} else if op, _ := r.expr(v); op != cue.SelectorOp {
		return false
	} else {
		root, path := r.referencePath(v)
		if !slices.ContainsFunc(path.Selectors(), cue.Selector.IsDefinition) {
			return false
		}
		src = sourceExpr(root.LookupPath(path))
	}
	if isCloseCall(src) {
		return true
	}
	lit, ok := structLit(src)
	return ok && !hasEllipsis(lit)
}

// closedByDef reports whether v, a struct read in place, is a conjunction
// with a closed object definition (#S & {a?: int}) or a struct literal
// that embeds one ({#S, b?: int}): CUE closes the result to the fields
// the definition and the other parts declare.
func (r *resolver) closedByDef(v cue.Value) bool {
	closedRef := func(c cue.Value) bool {
		d := r.refDef(c)
		return d != nil && d.object != nil && !d.object.Open
	}
	if op, _ := r.expr(v); op == cue.AndOp {
		return slices.ContainsFunc(r.conjuncts(v), closedRef)
	}
	// {#S}, {#S, b?: int}: the definition an embedded identifier names,
	// found as CUE's scopes do, from the struct outwards.
	var embeds []ast.Expr
	switch src := sourceExpr(v).(type) {
	case *ast.Ident:
		embeds = append(embeds, src) // {#S}, as sourceExpr gives it
	case *ast.StructLit:
		for _, e := range src.Elts {
			if em, ok := e.(*ast.EmbedDecl); ok {
				embeds = append(embeds, em.Expr)
			}
		}
	}
	for _, e := range embeds {
		id, ok := e.(*ast.Ident)
		if !ok || !(strings.HasPrefix(id.Name, "#") || strings.HasPrefix(id.Name, "_#")) {
			continue
		}
		sel := cue.Def(id.Name)
		if strings.HasPrefix(id.Name, "_#") {
			sel = cue.Hid(id.Name, "_")
		}
		outer := r.pathOf(v).Selectors()
		for k := len(outer) - 1; k >= 0; k-- {
			target := r.v.LookupPath(cue.MakePath(append(slices.Clone(outer[:k]), sel)...))
			if !target.Exists() {
				continue
			}
			if src := sourceExpr(target); isCloseCall(src) {
				return true
			} else if l, ok := structLit(src); ok && !hasEllipsis(l) {
				return true
			}
			break
		}
	}
	return false
}

// objectMatchIfs reads the matchIf validators beside a struct's fields:
// matchIf(if, then, else), or matchN(k, [matchIf(…), …]) with k the
// number of its alternatives, each a matchIf (& {...}): every one must
// hold. Each part is read by matchType on an object: of a disjunction of
// kinds (null | bool | … | {type!: "a", ...}, as cue import writes a
// JSON Schema without a type), only a struct can match an object. Any
// other validator beside them is refused.
//
// counted is set where the object's struct.MinFields/MaxFields beside
// them are read already (a root object or a counted definition:
// fieldCounts), so that such a call among the validators is the count,
// not a validator this reading refuses.
func (r *resolver) objectMatchIfs(v cue.Value, what string, p Pos, counted bool) ([]*MatchIf, []*ObjectMatchN, bool) {
	var out []*MatchIf
	var counts []*ObjectMatchN
	ok := true
	read := func(call cue.Value, n int) bool {
		_, args := r.expr(call)
		if len(args) != 4 {
			r.errorf(p, "%s: %v is not carried: matchIf takes an if, a then and an else", what, call)
			return false
		}
		m := &MatchIf{Pos: r.pos(call)}
		if !m.Pos.IsValid() {
			m.Pos = p
		}
		suffix := ""
		if n > 0 {
			suffix = strconv.Itoa(n)
		}
		ifv, thenv, elsev := args[1], args[2], args[3]
		if x, negated := r.negation(ifv); negated {
			// matchIf(matchN(0, [X]), T, E), what cue import writes for
			// an if of "not": matchIf(X, E, T).
			ifv, thenv, elsev = x, elsev, thenv
		}
		var ok1, ok2, ok3 bool
		m.If, ok1 = r.objectMatch(ifv, "matchIf's if", m.Pos, what+".if"+suffix)
		m.Then, ok2 = r.objectMatch(thenv, "matchIf's then", m.Pos, what+".then"+suffix)
		m.Else, ok3 = r.objectMatch(elsev, "matchIf's else", m.Pos, what+".else"+suffix)
		if !ok1 || !ok2 || !ok3 {
			return false
		}
		if m.If == nil {
			r.errorf(m.Pos, "%s: matchIf(_, then, else) is its then alone; write that", what)
			return false
		}
		if m.Then != nil || m.Else != nil { // matchIf(if, _, _) admits every value
			out = append(out, m)
		}
		return true
	}
	isMatchIf := func(c cue.Value) bool {
		call, isCall := sourceExpr(c).(*ast.CallExpr)
		return isCall && isIdentNamed(call.Fun, "matchIf")
	}
	for _, c := range r.countParts(v) {
		op, args := r.expr(c)
		if op != cue.CallOp || len(args) == 0 || isCloseCall(sourceExpr(c)) {
			continue
		}
		if isMatchIf(c) {
			ok = read(c, 0) && ok
			continue
		}
		if counted && isFieldCountCall(sourceExpr(c)) {
			continue // the object's own count (gaspar's root: matchN(>=1, […]) & struct.MinFields(1) & close({…}))
		}
		call, isCall := sourceExpr(c).(*ast.CallExpr)
		if !isCall || !isIdentNamed(call.Fun, "matchN") || len(args) != 3 {
			r.errorf(p, "%s: %v beside matchIf on an object is not carried", what, c)
			return nil, nil, false
		}
		k, err := args[1].Int64()
		alts, aok := r.matchAlts(args[2])
		if !aok {
			r.errorf(p, "%s: %v is not carried: CUE gives no list of its alternatives (%v)", what, oneLine(c), args[2].Err())
			return nil, nil, false
		}
		// The matchIf of an alternative (alone, or beside {...}), if it
		// is one.
		matchIfOf := func(a cue.Value) (cue.Value, bool) {
			mif, one := r.besideOpen(a)
			return mif, one && isMatchIf(mif)
		}
		if err == nil && int(k) == len(alts) {
			// Every alternative must hold (allOf): each matchIf is one
			// of the object's, as is each count of its own
			// (Dependabot's update: matchN(1, [{directories!: _, ...},
			// {directory!: _, ...}]) among them); the others are all to
			// match.
			var rest []cue.Value
			for i, a := range alts {
				if mif, isIf := matchIfOf(a); isIf {
					ok = read(mif, i+1) && ok
				} else if inner, isCount := r.countOf(a); isCount {
					lo, hi, ialts, known := r.objectCount(inner)
					if !known {
						rest = append(rest, a)
						continue
					}
					m, mok := r.objectMatchN(inner, lo, hi, ialts, what, p, len(counts)+1)
					if !mok {
						return nil, nil, false
					}
					counts = append(counts, m)
				} else {
					rest = append(rest, a)
				}
			}
			if n := len(rest); n > 0 {
				m, mok := r.objectMatchN(c, n, &n, rest, what, p, len(counts)+1)
				if !mok {
					return nil, nil, false
				}
				counts = append(counts, m)
			}
			continue
		}
		lo, hi, known := matchNCountOf(r, args[1], k, err)
		if !known {
			r.errorf(p, "%s: %v is not carried on an object: a count of an object's alternatives is carried where JSON Schema names it: exactly 1 (oneOf), >=1 (anyOf), 0 (not) or all of them (allOf)", what, c)
			return nil, nil, false
		}
		m, mok := r.objectMatchN(c, lo, hi, alts, what, p, len(counts)+1)
		if !mok {
			return nil, nil, false
		}
		counts = append(counts, m)
	}
	return out, counts, ok
}

// allOfObject reads matchN(k, alts) with k their number (every one must
// hold, JSON Schema's allOf) where one alternative is a struct literal and
// the others count objects (github-workflow's steps: matchN(2, [matchN(1,
// [{uses!: string, ...}, {run!: string, ...}]), {id?: string, …}])): the
// object of the struct, with the others as its matchN validators, as if
// written beside its fields. handled is false for any other value.
func (r *resolver) allOfObject(v cue.Value, what string) (t *Type, handled, ok bool) {
	call, isCall := sourceExpr(v).(*ast.CallExpr)
	if !isCall || !isIdentNamed(call.Fun, "matchN") || len(call.Args) != 2 {
		return nil, false, false
	}
	list, isList := call.Args[1].(*ast.ListLit)
	_, args := r.expr(v)
	if !isList || len(args) != 3 {
		return nil, false, false
	}
	if k, err := args[1].Int64(); err != nil || int(k) != len(list.Elts) {
		return nil, false, false
	}
	var fields cue.Value
	var others []cue.Value
	for i, e := range list.Elts {
		a := args[2].LookupPath(cue.MakePath(cue.Index(i)))
		if lit, isLit := e.(*ast.StructLit); isLit && declaresFields(lit) {
			if fields.Exists() {
				return nil, false, false // two structs: not this form
			}
			fields = a
			continue
		}
		c, isValidator := e.(*ast.CallExpr)
		if !isValidator || !isIdentNamed(c.Fun, "matchN") {
			return nil, false, false
		}
		others = append(others, a)
	}
	if !fields.Exists() || len(others) == 0 {
		return nil, false, false
	}
	p := r.pos(v)
	// A struct in matchN's list is a value of its own, not a part of the
	// definition around it: CUE leaves it open (a step with a member
	// the struct does not name is valid).
	closedCtx := r.closedCtx
	r.closedCtx = false
	t, ok = r.inlineObject(fields, what, p)
	r.closedCtx = closedCtx
	if !ok {
		return nil, true, false
	}
	var ns []*ObjectMatchN
	for _, o := range others {
		lo, hi, alts, known := r.objectCount(o)
		if !known {
			r.errorf(p, "%s: %v is not carried on an object: a count of an object's alternatives is carried where JSON Schema names it: exactly 1 (oneOf), >=1 (anyOf), 0 (not) or all of them (allOf)", what, o)
			return nil, true, false
		}
		m, mok := r.objectMatchN(o, lo, hi, alts, what, p, len(t.Object.MatchNs)+len(ns)+1)
		if !mok {
			return nil, true, false
		}
		ns = append(ns, m)
	}
	if !r.checkObjectMatchIfs(t.Object, nil, ns, what) {
		return nil, true, false
	}
	t.Object.MatchNs = append(t.Object.MatchNs, ns...)
	return t, true, true
}

// countParts is r.conjuncts(v) with a conjunct that refers to a
// definition whose value holds a matchN or matchIf (s?: #M & {a?: int,
// b?: int} with #M: matchN(>=1, [{a!: int, ...}, {b!: int, ...}]); the
// hemtt schema's scripts, #."parallel-requires-foreach-to-be-true" & {…})
// replaced by that value's conjuncts, so that the count is read beside
// the struct as if written there. It was dropped: the struct's fields
// alone were carried, and {} passed every target and not CUE (found by
// the corpus test's sampled instances).
func (r *resolver) countParts(v cue.Value) []cue.Value {
	cs := r.conjuncts(v)
	if len(cs) < 2 {
		return cs // a reference alone is the definition itself, read as such
	}
	var out []cue.Value
	for _, c := range cs {
		if d := r.refDef(c); d != nil && d.v.Exists() {
			dv := d.v
			if d.match {
				dv = d.count // #M: matchN(1, [{…}]), read as its literal alone
			}
			inner := r.conjuncts(dv)
			if slices.ContainsFunc(inner, func(x cue.Value) bool {
				call, ok := sourceExpr(x).(*ast.CallExpr)
				return ok && (isIdentNamed(call.Fun, "matchN") || isIdentNamed(call.Fun, "matchIf"))
			}) {
				out = append(out, inner...)
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// objectCount reads the matchN call c on an object: its count's bounds
// where JSON Schema names the count (matchNCountOf, or all of its
// alternatives) and its alternatives; known is false for any other count.
func (r *resolver) objectCount(c cue.Value) (lo int, hi *int, alts []cue.Value, known bool) {
	_, args := r.expr(c)
	if len(args) != 3 {
		return 0, nil, nil, false
	}
	alts, ok := r.matchAlts(args[2])
	if !ok {
		return 0, nil, nil, false
	}
	k, kerr := args[1].Int64()
	if kerr == nil && args[1].IsConcrete() && int(k) == len(alts) && k > 1 {
		n := len(alts)
		return n, &n, alts, true
	}
	lo, hi, known = matchNCountOf(r, args[1], k, kerr)
	return lo, hi, alts, known
}

// matchAlts returns the alternatives of matchN's list l. CUE's List fails
// when an alternative evaluates to an error (uxp's matchIf(…, close({…}),
// error("disallowed")), whose else is bottom): each is then looked up by
// its index in the list as written. ok is false when they cannot be read,
// never an empty list for a written one.
func (r *resolver) matchAlts(l cue.Value) (alts []cue.Value, ok bool) {
	if it, err := l.List(); err == nil {
		for it.Next() {
			alts = append(alts, it.Value())
		}
		return alts, true
	}
	lit, isLit := sourceExpr(l).(*ast.ListLit)
	if !isLit {
		return nil, false
	}
	for i := range lit.Elts {
		a := l.LookupPath(cue.MakePath(cue.Index(i)))
		if !a.Exists() {
			return nil, false
		}
		alts = append(alts, a)
	}
	return alts, len(alts) > 0
}

// negation returns X when v is matchN(0, [X]), alone or beside {...}:
// "not X", as cue import writes JSON Schema's not.
func (r *resolver) negation(v cue.Value) (cue.Value, bool) {
	c, ok := r.countOf(v)
	if !ok {
		return cue.Value{}, false
	}
	_, args := r.expr(c)
	if k, err := args[1].Int64(); err != nil || k != 0 || !args[1].IsConcrete() {
		return cue.Value{}, false
	}
	alts, ok := r.matchAlts(args[2])
	if !ok || len(alts) != 1 {
		return cue.Value{}, false
	}
	return alts[0], true
}

// countOf returns the matchN call v is, alone or beside {...} (which
// says nothing of an object).
func (r *resolver) countOf(v cue.Value) (cue.Value, bool) {
	c, one := r.besideOpen(v)
	if !one {
		return cue.Value{}, false
	}
	call, ok := sourceExpr(c).(*ast.CallExpr)
	if !ok || !isIdentNamed(call.Fun, "matchN") {
		return cue.Value{}, false
	}
	if _, args := r.expr(c); len(args) != 3 {
		return cue.Value{}, false
	}
	return c, true
}

// kindwise reads a conjunction of choices told apart by JSON kind kind by
// kind:
//
//   - matchN(1, [X, null]) & (null | Y), as cue import writes a nullable
//     schema beside its properties (github-workflow's #ref), is
//     null | X & Y;
//   - #env & (null | bool | number | string | [...] | {args?: string, ...}),
//     #env itself matchN(1, [{[string]: bool | number | string},
//     =~"\$\{\{"]) (github-workflow's with), is =~"\$\{\{" | {args?:
//     string, ...} & {[string]: bool | number | string}.
//
// A value is of one JSON kind, so it is a value of the conjunction when it
// is one of every conjunct's alternative of its kind: a kind some conjunct
// has no alternative of is no kind of the conjunction. CUE's own value of
// it may not say so, as CUE does not distribute a conjunction over a
// matchN: unified with no data, X & Y may fail X's count of a required
// member and leave null alone, where data with the member is X & Y.
//
// It returns the conjunction of each kind's alternatives, in the order
// null, bool, number, string, bytes, list, object, for the kinds every
// conjunct has. Where no conjunct is a matchN, CUE distributes the
// conjunction itself, and its value is read as it is, unless every kind
// left is one alternative as written, the others whole kinds (string &
// (bool | number | string), a field's type beside a pattern's, is
// string). ok is false otherwise, when a conjunct has two alternatives of
// one kind (the conjunction would be a choice within the kind) or one of
// several kinds, when a kind's conjunction is an error, or when no kind is
// left.
//
// A conjunct that is matchN over disjunctions of JSON kinds sharing a
// kind (kindCountOf: compile-commands' #commandObject, matchN(>=1, [null
// | bool | number | string | [...] | {directory!: _, file!: _, command!:
// _, ...}, …]) & (null | … | {directory?: string, …})) brings the kinds
// it admits whole, and counts the objects: the object's part of the
// conjunction is the other conjuncts' struct literal, beside which its
// structs count (countsBeside, read by countBeside where the literal's
// object is made). failed is true, and the error said at p, when such a
// count holds a kind in part, or when the object it counts is not one
// struct literal written in place.
func (r *resolver) kindwise(cs []cue.Value, what string, p Pos) (parts []cue.Value, ok, failed bool) {
	if len(cs) < 2 {
		return nil, false, false
	}
	counted, several := false, false
	matchedLit := false        // a count's object alternative is a struct literal
	unifiedLit := false        // one that is unified with the others (unifiesAsMatched)
	var objWritten []cue.Value // the object's parts, a count where its literal is unified
	var byKind [kindClasses][]cue.Value
	var counts []cue.Value // the conjuncts read by kindCountOf
	for _, c := range cs {
		if kc, handled := r.kindCountOf(c); handled && !kc.partly.Exists() {
			counted, several = true, true
			counts = append(counts, c)
			for _, w := range kc.wholes {
				k, _ := kindClass(w.IncompleteKind())
				byKind[k] = append(byKind[k], w)
			}
			byKind[objectClass] = append(byKind[objectClass], c)
			continue
		}
		alts, matched := r.matchOne(c)
		if matched && r.countedObjects(c) {
			matched = false // an object that counts its alternatives: one alternative
		}
		if !matched {
			if name, isRef := r.refName(c); isRef && r.defs[name] != nil && manyKinds(c.IncompleteKind()) && !r.expanding[name] && !r.countedObjects(r.defs[name].v) {
				alts, matched = r.matchOne(r.defs[name].v)
			}
		}
		if matched {
			counted = true
		} else if op, args := r.disjunction(c); op == cue.OrOp {
			alts = args
		} else if op, args := r.expr(c.Eval()); op == cue.OrOp && manyKinds(c.IncompleteKind()) {
			// _#defs."/x" & (null | {...}): a reference to a
			// disjunction, a hidden field's too, is one.
			alts = args
		} else {
			alts = []cue.Value{c}
		}
		var seen [kindClasses]bool
		if len(alts) > 1 {
			several = true
		}
		for _, a := range alts {
			k, one := kindClass(r.kindOf(a))
			if !one || seen[k] {
				return nil, false, false
			}
			seen[k] = true
			if lit, isLit := sourceExpr(a).(*ast.StructLit); matched && isLit && k == objectClass && !unifiesAsMatched(lit) {
				// {a?: int, b?: string} & matchN(1, [{a!: _}, null]):
				// a struct literal the count judges as a value of
				// its own, which CUE leaves open (b, and any other
				// member, matches it). Unified with the struct beside
				// it, in a definition, it would close that struct to
				// its own fields (b "not allowed"): the object's part
				// is the struct beside the count instead, which on an
				// object counts the objects alone.
				a = c
				matchedLit = true
			} else if matched && isLit && k == objectClass {
				unifiedLit = true
				objWritten = append(objWritten, c) // the count, as written beside the struct
				byKind[k] = append(byKind[k], a)
				continue
			}
			if k == objectClass {
				objWritten = append(objWritten, a)
			}
			byKind[k] = append(byKind[k], a)
		}
	}
	if !counted && !several {
		return nil, false, false
	}
	if matchedLit && len(byKind[objectClass]) == len(cs) {
		// Where the object is the only kind every conjunct admits, the
		// value is the struct and its count, read as one (objectMatch).
		only := true
		for k, alts := range byKind {
			if k != objectClass && len(alts) == len(cs) {
				only = false
			}
		}
		if only {
			return nil, false, false
		}
	}
	for k, alts := range byKind {
		if len(alts) != len(cs) {
			continue
		}
		if k == objectClass && len(counts) > 0 {
			// The counts' structs count the objects of the other
			// conjuncts' struct, read beside it.
			part, ok := r.countedStruct(alts, counts, what, p)
			if !ok {
				return nil, false, true
			}
			parts = append(parts, part)
			continue
		}
		alts = narrowest(alts)
		if !counted && len(alts) > 1 {
			// #types & (null | [..."a"]): CUE's own value of a
			// conjunction of choices is the conjunction of each
			// kind's alternatives, read as it is.
			return nil, false, false
		}
		v := alts[0]
		for _, a := range alts[1:] {
			v = v.Unify(a)
		}
		countsAwait := k == objectClass && r.fieldCountAwaitsData(alts)
		if countsAwait && !awaitsData(v) {
			// #resource: [string]: matchN(>=1, [string, #resource]) &
			// (… | struct.MinFields(1)) (resjson's nested resources):
			// the count beside a reference to the definition that
			// holds it, which CUE, unified in place with no data,
			// finds a structural cycle.
			for _, a := range alts {
				if name, isRef := r.refName(a); isRef {
					r.errorf(p, "%s: struct.MinFields/MaxFields beside a reference (#%s) among a choice of kinds are not carried here: CUE, unifying them in place with no data, finds an error (%s), where the data would meet the count; state the count in a definition of its own", what, name, cueErrText(v.Err()))
					return nil, false, true
				}
			}
			countsAwait = false
		}
		if v.Err() != nil && !(k == objectClass && matchedLit && r.countAwaitsData(alts)) && !countsAwait {
			return nil, false, false
		}
		if k == objectClass && (matchedLit || unifiedLit) {
			// Unified here, the struct literal's conjunct no longer
			// says it is one (its source is lost): whether the part
			// is open is the conjuncts' own as written, the count
			// beside the struct (openBesideValidator), also where the
			// count's literal was unified with it ({k?: {x?: int},
			// ...} & matchN(>=1, [{k!: _, ...}]): open at every depth).
			if open := r.openCount(objWritten); r.openBesideValidator(v) != open {
				if r.openParts == nil {
					r.openParts = map[cue.Value]bool{}
				}
				r.openParts[v] = open
			}
		}
		parts = append(parts, v)
	}
	return parts, len(parts) > 0, false
}

// unifiesAsMatched reports whether the struct literal lit, an alternative
// of a count, admits as a conjunct the values it matches: it allows every
// name (..., or a pattern [string]: T) and each of its fields is required
// or optional ({a!: int, ...}, as cue import writes a oneOf of required
// members). A regular field (a: int), which a match reads as optional
// (left out, it matches), or a closed literal, which a match leaves open,
// are not.
func unifiesAsMatched(lit *ast.StructLit) bool {
	open := false
	for _, e := range lit.Elts {
		switch e := e.(type) {
		case *ast.CommentGroup, *ast.Attribute:
		case *ast.Ellipsis:
			open = true
		case *ast.Field:
			if l, isPattern := e.Label.(*ast.ListLit); isPattern {
				// [string]: T, [_]: T: every name is allowed, as by
				// ... (#Env: matchN(1, [{[string]: bool | number |
				// string}, #Expr]) beside a struct's fields).
				if len(l.Elts) == 1 && (isIdentNamed(l.Elts[0], "string") || isTop(l.Elts[0])) {
					open = true
				}
				continue
			}
			if e.Constraint == token.ILLEGAL {
				return false
			}
		default:
			return false
		}
	}
	return open
}

// fieldCountAwaitsData reports whether alts, the object parts of
// kindwise's conjuncts, are an error only for a count of members among
// them that {} has yet to meet: matchN(>=1, [string, #resource]) & (null
// | bool | number | string | [...] | struct.MinFields(1)) (cue import's
// minProperties beside an anyOf: resjson's nested resources), whose
// object #resource & struct.MinFields(1) CUE, with no data, finds
// refused by the count. The others unify to no error.
func (r *resolver) fieldCountAwaitsData(alts []cue.Value) bool {
	var u cue.Value
	counted := false
	for _, a := range alts {
		if r.countsAlone(a) {
			counted = true
			continue
		}
		if !u.Exists() {
			u = a
		} else {
			u = u.Unify(a)
		}
	}
	return counted && u.Exists() && u.Err() == nil
}

// countAwaitsData reports whether alts, the object parts of kindwise's
// conjuncts, some of them counts of a struct literal, are an error only
// for the counts: the others unify to no error. The struct beside such a
// count fails it until the data gives the members it asks for (CUE's
// value of {a?: int} & matchN(1, [{a!: _}, null]) says "0 matched" and
// "a: field is required"), and is an object all the same.
func (r *resolver) countAwaitsData(alts []cue.Value) bool {
	var u cue.Value
	for _, a := range alts {
		if _, isCount := r.matchOne(a); isCount {
			continue
		}
		if !u.Exists() {
			u = a
		} else {
			u = u.Unify(a)
		}
	}
	return u.Exists() && u.Err() == nil
}

// narrowest drops from alts each that is a whole kind as written
// (string, number, null, [...], {...}) beside another of that kind or
// narrower (string beside #pattern), which adds nothing to their
// conjunction, keeping the first of two such kinds: what is left is read
// as written, a reference as the definition it names. CUE's Subsume is
// not asked: it does not weigh a validator (matchN), and would call
// matchN(2, […]) wider than an object it refuses.
func narrowest(alts []cue.Value) []cue.Value {
	var out []cue.Value
	for i, a := range alts {
		wider := false
		for j, b := range alts {
			ka, kb := a.IncompleteKind(), b.IncompleteKind()
			if i != j && wholeKind(sourceExpr(a)) && kb&^ka == 0 && (!wholeKind(sourceExpr(b)) || ka != kb || j < i) {
				wider = true
				break
			}
		}
		if !wider {
			out = append(out, a)
		}
	}
	return out
}

// wholeKind reports whether n states a JSON kind and nothing more: null,
// bool, int, float, number, string, bytes, [...] or {...}.
func wholeKind(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.Ident:
		switch n.Name {
		case "null", "bool", "int", "float", "number", "string", "bytes":
			return true
		}
	case *ast.BasicLit:
		return n.Kind == token.NULL
	case *ast.ListLit:
		if len(n.Elts) != 1 {
			return false
		}
		e, ok := n.Elts[0].(*ast.Ellipsis)
		return ok && isTop(e.Type)
	case *ast.StructLit:
		if len(n.Elts) != 1 {
			return false
		}
		e, ok := n.Elts[0].(*ast.Ellipsis)
		return ok && isTop(e.Type)
	}
	return false
}

// kindOf is the kind of v's values: CUE's, except that a matchN every
// alternative of which must match (matchN(2, [A, B])), whose kind CUE
// leaves open, admits only values of the kinds every alternative admits.
func (r *resolver) kindOf(v cue.Value) cue.Kind { return r.kindAt(v, 0) }

// kindAt is kindOf depth references and counts deep: one that holds
// itself (#A: matchN(1, [#A, …])) is of CUE's kind past maxKindDepth.
func (r *resolver) kindAt(v cue.Value, depth int) cue.Kind {
	if depth > maxKindDepth {
		return v.IncompleteKind()
	}
	alts, ok := r.allOf(v)
	if !ok {
		c := v
		if name, isRef := r.refName(v); isRef && r.defs[name] != nil {
			c = r.defs[name].v // #A, with #A: matchN(1, […])
			if d := r.defs[name]; c.IncompleteKind() == cue.BottomKind {
				// #F: matchN(2, [#Base, close({…})]) & {...}: CUE,
				// evaluating it with no data, finds {} refused by the
				// count; what it was read as says its kind.
				r.classifyOnce(d)
				if d.object != nil || d.union != nil {
					return cue.StructKind
				}
				if d.alias != nil && d.alias.Type != nil && d.alias.Type.Kind == ObjectKind {
					// #L: matchN(0, [X]) & struct.MinFields(1) &
					// {[string]: T} (tox's labeled factors), whose {}
					// fails its count: a name of the object it is.
					return cue.StructKind
				}
			}
		} else if !r.isMatchN(c) {
			c = v.Eval() // _#defs."/x", a hidden field's value
		}
		if k, ok := validatorKind(c); ok {
			return k
		}
		if lit, isLit := structLit(sourceExpr(c)); isLit && len(r.countsBeside[lit]) > 0 {
			// #docker, read kind by kind as its object alone
			// (countedStruct): CUE's kind of the reference, its
			// count evaluated with no data, may have lost it.
			return cue.StructKind
		}
		if k, counted := r.countedKindsOf(c, depth); counted {
			// matchN over disjunctions of kinds, alone or in a
			// conjunction: the kinds it admits (kindCountOf). CUE's
			// own kind of it, evaluated with no data, may have lost
			// the object: every struct fails the count's required
			// members.
			return k
		}
		if lo, _, some, known := r.objectCount(c); known && lo >= 1 && len(some) > 0 && r.isMatchN(c) {
			// matchN(1, alts), matchN(>=1, alts): a value one of
			// them matches is of one of their kinds.
			var k cue.Kind
			for _, a := range some {
				k |= r.kindAt(a, depth+1)
			}
			return k & v.IncompleteKind()
		}
		if v.IncompleteKind() == cue.BottomKind && len(r.conjuncts(v)) > 1 && r.validatedOpen(v) {
			// matchN(2, [#File, {type!: "file", ...}]) & {...} in
			// place: CUE, evaluating it with no data, finds {} refused
			// by the count; a value of it is an object.
			return cue.StructKind
		}
		if v.IncompleteKind() == cue.BottomKind && r.countedLit(v) {
			// struct.MinFields(1) & {…} in place (Bamboo Specs'
			// task item among a count's alternatives): CUE,
			// evaluating it with no data, finds {} refused by the
			// count; a value of it is an object.
			return cue.StructKind
		}
		if v.IncompleteKind() == cue.BottomKind && awaitsData(v) && c.IncompleteKind() != cue.BottomKind {
			// #long, with #long: struct.MinFields(1) & close({…})
			// (Poetry's long dependency among a count's
			// alternatives): CUE's value of the reference there,
			// evaluated with no data, fails the count; the
			// definition's own kind is its kind.
			return c.IncompleteKind()
		}
		// #F, whose value is now what the definition was read as
		// (matchN(>=1, ["a" | "b", strings.MinRunes(1)]) is the
		// validator alone): its kind.
		return c.IncompleteKind() & v.IncompleteKind()
	}
	k := cue.TopKind
	for _, a := range alts {
		k &= r.kindAt(a, depth+1)
	}
	return k
}

// validatorKind returns the kind of value a builtin validator written
// alone admits, where CUE leaves it _: strings.MinRunes(1) (cue import's
// minLength beside an enum) admits strings, list.MinItems(1) lists,
// struct.MinFields(1) objects, math.MultipleOf(2) numbers.
func validatorKind(v cue.Value) (cue.Kind, bool) {
	call, ok := sourceExpr(v).(*ast.CallExpr)
	if !ok {
		return 0, false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return 0, false
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return 0, false
	}
	k, known := map[string]cue.Kind{"strings": cue.StringKind, "list": cue.ListKind, "struct": cue.StructKind, "math": cue.NumberKind}[importedAs(pkg)]
	return k & v.IncompleteKind(), known && k&v.IncompleteKind() != 0
}

// allListValidators reports whether every conjunct of every one of alts
// is a call of package list's (list.MatchN(>=1, "a"), list.UniqueItems()).
func (r *resolver) allListValidators(alts []cue.Value) bool {
	for _, a := range alts {
		for _, c := range r.conjuncts(a) {
			if k, ok := validatorKind(c); !ok || k != cue.ListKind {
				return false
			}
		}
	}
	return len(alts) > 0
}

// maxKindDepth bounds how deep kindAt follows references and counts.
const maxKindDepth = 8

// kindClasses is the number of JSON kinds kindClass tells apart.
const kindClasses = 7

// kindClass returns the JSON kind of a value of CUE kind k, as an index in
// the order null, bool, number (int or float), string, bytes, list,
// object. one is false when k is of more than one of them.
func kindClass(k cue.Kind) (class int, one bool) {
	switch {
	case k == cue.NullKind:
		return 0, true
	case k == cue.BoolKind:
		return 1, true
	case k != 0 && k&^cue.NumberKind == 0:
		return 2, true
	case k == cue.StringKind:
		return 3, true
	case k == cue.BytesKind:
		return 4, true
	case k == cue.ListKind:
		return 5, true
	case k == cue.StructKind:
		return 6, true
	}
	return 0, false
}

// validatedOpen reports whether v is matchN or matchIf beside {...} and
// nothing else (matchN(2, [#Base, close({…})]) & {...}, as cue import
// writes an allOf of a $ref and properties): an open object with no
// fields of its own, judged by the validator.
//
// So is matchN(k, [A, B, …]) alone with k all of its alternatives, one of
// them a struct (#X: matchN(2, [#Base, close({…})]), cue import's allOf
// with no properties of its own): only an object matches a struct, so
// only an object is a value of it.
func (r *resolver) validatedOpen(v cue.Value) bool {
	if cs := r.conjuncts(v); len(cs) < 2 {
		if r.loneMatchIf {
			// An alternative of a count on an object that is a matchIf
			// alone (objectMatch): matchIf(…) & {...}.
			if isValidatorCall(sourceExpr(cs[0])) {
				return true // matchN(n, [X, …]) alone too: matchN(n, [X, …]) & {...}
			}
		}
		return r.countsObjects(v)
	}
	c, one := r.besideOpen(v)
	if !one {
		return false
	}
	call, ok := sourceExpr(c).(*ast.CallExpr)
	return ok && (isIdentNamed(call.Fun, "matchN") || isIdentNamed(call.Fun, "matchIf"))
}

// allOfOne returns X when v is matchN(k, alts) alone, k the number of
// alts, every one of them _ but X (jreleaser's mail?: matchN(2,
// [#SmtpAnnouncer, _]), cue import's allOf of a $ref and {}): a value
// every alternative matches is one X matches, and _ matches every value,
// so it is X.
//
// So is matchIf(_, X, E) (cue import of if: true, then: X): every value
// matches _, so every value must match X; X a scalar, a list or a
// reference, not a struct literal, which CUE judges open in a match and a
// definition would close.
func (r *resolver) allOfOne(v cue.Value) (cue.Value, bool) {
	if call, ok := sourceExpr(v).(*ast.CallExpr); ok && isIdentNamed(call.Fun, "matchIf") && len(call.Args) == 3 && isTop(call.Args[0]) {
		op, args := r.expr(v)
		if op != cue.CallOp || len(args) != 4 {
			return cue.Value{}, false
		}
		then := args[2]
		if _, isRef := r.refName(then); !isRef && then.IncompleteKind()&cue.StructKind != 0 {
			return cue.Value{}, false
		}
		return then, true
	}
	alts, ok := r.allOf(v)
	if !ok {
		return cue.Value{}, false
	}
	var x []cue.Value
	for _, a := range alts {
		if !(isTop(sourceExpr(a)) && a.IncompleteKind() == cue.TopKind) {
			x = append(x, a)
		}
	}
	if len(x) != 1 {
		return cue.Value{}, false
	}
	return x[0], true
}

// withoutTops is cs less the conjuncts that are _ or a reference to a
// definition whose value is _ (#A: _), which unify to the others.
func (r *resolver) withoutTops(cs []cue.Value) []cue.Value {
	isTopValue := func(c cue.Value) bool {
		if c.IncompleteKind() != cue.TopKind {
			return false
		}
		if isTop(sourceExpr(c)) {
			return true
		}
		name, ok := r.refName(c)
		if !ok || r.defs[name] == nil {
			return false
		}
		return isTop(sourceExpr(r.defs[name].v))
	}
	return slices.DeleteFunc(slices.Clone(cs), isTopValue)
}

// allOfScalars returns, of matchN(n, alts) with n their number (all of
// them, JSON Schema's allOf) and every one of one scalar base (claude's
// hooks: matchN(2, [=~"^\\./", =~"\\.json$"])), their conjunction: a
// scalar matches all of them when it is a value of each, which is what
// CUE's unification of them admits. ok is false for any other value, or
// alternatives CUE finds in conflict (left to the reading that says so).
func (r *resolver) allOfScalars(v cue.Value) (cue.Value, bool) {
	if !r.isMatchN(v) {
		return cue.Value{}, false
	}
	lo, hi, alts, ok := r.scalarMatchN(v)
	if !ok || hi == nil || lo != *hi || lo != len(alts) || lo < 2 {
		return cue.Value{}, false
	}
	u := alts[0]
	for _, a := range alts[1:] {
		u = u.Unify(a)
	}
	if u.Err() != nil {
		return cue.Value{}, false
	}
	return u, true
}

// countedObjectRef returns the definition d's value refers to, when it is
// nothing but a reference to a definition of this package whose value is
// a count of objects alone (countsObjects: matchN(1, [#T, #U])), classified
// as the object it counts; else nil.
func (r *resolver) countedObjectRef(d *def) *def {
	switch sourceExpr(d.v).(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr:
		// #I, and #."I::x" of a name CUE cannot write as an
		// identifier (Vector's configuration through cue import)
	default:
		return nil
	}
	name, ok := r.refName(d.v)
	if !ok || name == d.name {
		return nil
	}
	e := r.defs[name]
	if e == nil || e.from != nil {
		return nil
	}
	r.classifyOnce(e)
	if e.object == nil || !r.countsObjects(e.v) {
		return nil
	}
	return e
}

// anyOfScalars returns the alternatives of matchN(>=1, alts), every one
// of one scalar base (a choice among constraints: claude's mcpServers,
// matchN(>=1, [=~"^\\./", net.AbsURL])). ok is false for any other value.
func (r *resolver) anyOfScalars(v cue.Value) ([]cue.Value, bool) {
	if !r.isMatchN(v) {
		return nil, false
	}
	lo, hi, alts, ok := r.scalarMatchN(v)
	if !ok || lo != 1 || hi != nil || len(alts) == 0 {
		return nil, false
	}
	return alts, true
}

// countsObjects reports whether v is matchN alone on objects: all of its
// alternatives to match, one of them a struct (allOfObjects), or one or
// at least one of them, all objects, untagged (countedObjects). Only an
// object matches, so v is an open object judged by the count.
func (r *resolver) countsObjects(v cue.Value) bool {
	if r.objectsOf != nil && sourceExpr(v) == r.objectsOf {
		return true
	}
	return r.allOfObjects(v) || r.countedObjects(v)
}

// countedObjects reports whether v is matchN(1, alts) or matchN(>=1,
// alts) alone (cue import's oneOf and anyOf of objects), with two or more
// alternatives, every one an object, and no required string constant
// that tells each apart from the others (tagged). Only an object matches
// a struct, so v admits objects alone, and is read as an open object
// judged by its count (ObjectMatchN), which states CUE's rule exactly:
// matchN counts the alternatives a value matches, each judged whole (a
// closed one refusing a member it does not name, a required field
// missing failing it), where a disjunction a | b would keep a variant
// the value is only incomplete for, and drop one of two that come out
// equal. Tagged alternatives are read as a union: the tag leaves at most
// one to match, so the count and the disjunction agree.
func (r *resolver) countedObjects(v cue.Value) bool {
	if _, isCall := sourceExpr(v).(*ast.CallExpr); !isCall {
		return false
	}
	if kc, handled := r.kindCountOf(v); handled {
		// matchN(1, [K | {type?: "http", ...}, K | {…}]) (Azure
		// Functions' #httpBinding): every value of a kind but the
		// object matches both, which the count refuses; objects alone
		// are left, counted by the structs.
		return !kc.partly.Exists() && len(kc.wholes) == 0
	}
	alts, ok := r.oneOrMore(v)
	if !ok || len(alts) < 2 {
		return false
	}
	for _, a := range alts {
		if r.kindOf(a) != cue.StructKind { // #X, itself a count of objects, is one
			return false
		}
	}
	return !tagged(alts)
}

// countsSome reports whether v is matchN(1, alts) or matchN(>=1, alts)
// whose alternatives include structs, objects no constant tells apart,
// beside alternatives of other kinds: an object of v is one the structs
// count (countedObjects), a value of another kind one the others admit.
func (r *resolver) countsSome(v cue.Value, structs []cue.Value) bool {
	_, ok := r.oneOrMore(v)
	return ok && !tagged(structs)
}

// oneOrMore returns the alternatives of v when v is matchN(1, alts) or
// matchN(>=1, alts), as written or through the reference it is.
func (r *resolver) oneOrMore(v cue.Value) ([]cue.Value, bool) {
	if !r.isMatchN(v) {
		return nil, false
	}
	lo, hi, alts, known := r.objectCount(v)
	return alts, known && lo == 1 && (hi == nil || *hi == 1)
}

// tagged reports whether a field every one of alts requires holds a
// string constant of each alternative's own (Kubernetes' kind beside a
// shared apiVersion): the discriminator tellApart would choose.
func tagged(alts []cue.Value) bool {
	consts := func(a cue.Value) map[string]string {
		out := map[string]string{}
		it, err := a.Fields(cue.Optional(true))
		if err != nil {
			return out
		}
		for it.Next() {
			sel := it.Selector()
			if sel.ConstraintType() != cue.RequiredConstraint || !it.Value().IsConcrete() {
				continue
			}
			if s, err := it.Value().String(); err == nil {
				out[sel.Unquoted()] = s
			}
		}
		return out
	}
	first := consts(alts[0])
	rest := make([]map[string]string, len(alts)-1)
	for i, a := range alts[1:] {
		rest[i] = consts(a)
	}
	for name, c := range first {
		seen := map[string]bool{c: true}
		distinct := true
		for _, m := range rest {
			c, has := m[name]
			if !has || seen[c] {
				distinct = false
				break
			}
			seen[c] = true
		}
		if distinct {
			return true
		}
	}
	return false
}

// allOfObjects reports whether v is matchN(k, alts) alone, k the number
// of alts (more than one), one of them a struct.
func (r *resolver) allOfObjects(v cue.Value) bool {
	alts, ok := r.allOf(v)
	return ok && slices.ContainsFunc(alts, func(a cue.Value) bool { return a.IncompleteKind() == cue.StructKind })
}

// allOf returns the alternatives of v when v is matchN(k, alts) alone, k
// the number of alts (more than one): every one must match.
func (r *resolver) allOf(v cue.Value) ([]cue.Value, bool) {
	call, ok := sourceExpr(v).(*ast.CallExpr)
	if !ok || !isIdentNamed(call.Fun, "matchN") {
		return nil, false
	}
	lo, hi, alts, known := r.objectCount(v)
	if !known || hi == nil || lo != len(alts) || lo < 2 {
		return nil, false
	}
	return alts, true
}

// allOfMap reads matchN(n, […]) of n alternatives (all of them), where
// one alternative is a map (#M: [string]: T, or a pattern on its keys:
// {[=~"re"]: T}) and every other alternative, and every conjunct beside
// the matchN, admits any map of T: each of its alternatives null, _,
// {...}, or [string]: T with T written as the map's own. cue import writes this for JSON Schema's
// allOf of a $ref to a map and a nullable map of the same values
// (jreleaser's environment?: matchN(2, [#StringProperties, null |
// {[string]: string}]) & (null | {...})). A value that matches the map
// matches the others, so the count is the map's: it returns the map.
func (r *resolver) allOfMap(v cue.Value) (cue.Value, bool) {
	var alts, others []cue.Value
	for _, c := range r.conjuncts(v) {
		if as, ok := r.allOf(c); ok && alts == nil {
			alts = as
		} else {
			others = append(others, c)
		}
	}
	for i, m := range alts {
		elem, isMap := r.mapElem(m)
		if !isMap {
			continue
		}
		wider := true
		for j, a := range slices.Concat(alts, others) {
			if j != i && !r.admitsMapOf(a, elem) {
				wider = false
				break
			}
		}
		if wider {
			return m, true
		}
	}
	return cue.Value{}, false
}

// mapElem reports a map, with no field (a named map or one written so,
// with [string]: T or one pattern on its keys, or two of one value,
// keyPattern) and returns T.
func (r *resolver) mapElem(m cue.Value) (cue.Value, bool) {
	if m.IncompleteKind() != cue.StructKind || r.hasFields(m) {
		return cue.Value{}, false
	}
	if _, elem, ok := r.keyPattern(m); ok {
		return elem, true
	}
	if e := r.elem(m); e.Exists() && !r.namesMembers(m, false) {
		return e, true
	}
	return cue.Value{}, false
}

// admitsMapOf reports whether every alternative of a is null, _, {...},
// or a map of any key whose values are written as elem is ([string]: T,
// {[string]: T}): then a admits every map of elem's values.
func (r *resolver) admitsMapOf(a cue.Value, elem cue.Value) bool {
	alts := []cue.Value{a}
	if op, args := r.disjunction(a); op == cue.OrOp {
		alts = args
	}
	for _, x := range alts {
		switch {
		case x.IncompleteKind() == cue.NullKind && x.IsConcrete():
		case isTop(sourceExpr(x)) && x.IncompleteKind() == cue.TopKind:
		case isOpenTop(x):
		case x.IncompleteKind() == cue.StructKind && !r.hasFields(x) && !r.namesMembers(x, false):
			if e := r.elem(x); !e.Exists() || !sameSource(e, elem) || !subsumes(e, elem) || !subsumes(elem, e) {
				return false // written alike, and each the other's value (patternPair)
			}
		default:
			return false
		}
	}
	return true
}

// besideOpen returns v's one conjunct beside {...} (which says nothing of
// an object), or v itself when it is one conjunct; ok is false when it
// has several others.
func (r *resolver) besideOpen(v cue.Value) (cue.Value, bool) {
	if lit, ok := sourceExpr(v).(*ast.StructLit); ok && hasEmbedding(lit) && patternEmbeddings(lit) {
		// {{[=~"^x-"]: string}, ...}: one struct, its patterns
		// embedded as cue import writes them.
		return v, true
	}
	cs := r.conjuncts(v)
	if len(cs) == 1 {
		return cs[0], true
	}
	var part cue.Value
	n := 0
	for _, c := range cs {
		if !isOpenTop(c) {
			part, n = c, n+1
		}
	}
	return part, n == 1
}

// validatedLit returns the struct literal of v when v is a conjunction of
// one struct literal (or close({…}) of one) and matchN or matchIf
// validators alone (matchN(0, [K | {apply!: _, ...}]) & {applyExternal!:
// T, ...}, cue import's "not" beside properties): an object of the
// literal's fields judged by its validators.
func (r *resolver) validatedLit(v cue.Value) (*ast.StructLit, bool) {
	cs := r.conjuncts(v)
	if len(cs) < 2 {
		return nil, false
	}
	var lit *ast.StructLit
	for _, c := range cs {
		e := sourceExpr(c)
		if call, ok := e.(*ast.CallExpr); ok && (isIdentNamed(call.Fun, "matchN") || isIdentNamed(call.Fun, "matchIf")) {
			continue
		}
		if isCloseCall(e) {
			e = closeArg(e)
		}
		l, ok := structLit(e)
		if !ok || lit != nil {
			return nil, false
		}
		lit = l
	}
	return lit, lit != nil
}

// countedLit reports whether v is a conjunction of structs written in
// place (or close of one; a struct embedded in one is a conjunct of its
// own) and calls of struct.MinFields and struct.MaxFields alone, at least
// one of each.
func (r *resolver) countedLit(v cue.Value) bool {
	structs, counts := 0, 0
	for _, c := range r.conjuncts(v) {
		e := sourceExpr(c)
		switch {
		case isFieldCountCall(e):
			counts++
		case e == nil && c.IncompleteKind() == cue.StructKind:
			// A struct embedded in the literal ({[!~"^(a)$"]: T}, as
			// cue import writes additionalProperties), which CUE
			// gives as a conjunct of its own, with no source; or the
			// literal a count is embedded in ({a?: int,
			// struct.MinFields(1)}), which CUE gives so beside it.
			if embedsFieldCount(sourceExpr(v)) {
				structs++
			}
		default:
			if _, ok := structLit(closeArg(e)); !ok {
				return false
			}
			structs++
		}
	}
	return structs > 0 && counts > 0
}

// besideAnyPatterns returns a's one struct literal that ends in ...
// when a is a conjunction of it and struct literals of patterns of any
// value alone ({[matchN(>=1, ["Adjective", #names])]: _} & {Adjective!:
// T, ...}, as cue import writes propertyNames beside properties, lsdl's
// phrasings): in an open struct a pattern of _ states nothing.
func (r *resolver) besideAnyPatterns(a cue.Value) (cue.Value, bool) {
	var part cue.Value
	n := 0
	for _, c := range r.conjuncts(a) {
		lit, ok := sourceExpr(c).(*ast.StructLit)
		if !ok {
			return cue.Value{}, false
		}
		if anyPatternsOnly(lit) {
			continue
		}
		if !hasEllipsis(lit) {
			return cue.Value{}, false
		}
		part, n = c, n+1
	}
	return part, n == 1
}

// anyPatternsOnly reports whether lit holds patterns of any value alone
// ([K]: _), at least one.
func anyPatternsOnly(lit *ast.StructLit) bool {
	for _, e := range lit.Elts {
		f, ok := e.(*ast.Field)
		if !ok {
			return false
		}
		if _, isPattern := f.Label.(*ast.ListLit); !isPattern || !isTop(f.Value) {
			return false
		}
	}
	return len(lit.Elts) > 0
}

// objectValidators reads the matchIf and matchN validators beside an
// object definition's fields, as inlineObject reads an inline struct's.
func (r *resolver) objectValidators(d *def) {
	ms, ns, ok := r.objectMatchIfs(d.v, d.ref(), d.pos, d.object.MinFields != nil || d.object.MaxFields != nil)
	if !ok || !r.checkObjectMatchIfs(d.object, ms, ns, d.ref()) {
		return
	}
	// After those of its if clauses' embeddings (conditionalMatch).
	d.object.MatchIfs = append(ms, d.object.MatchIfs...)
	d.object.MatchNs = append(ns, d.object.MatchNs...)
}

// matchNCountOf reads the count of matchN on an object's alternatives
// where JSON Schema names it: 1 (oneOf), >=1 (anyOf) or 0 (not); k and
// kerr are the count read as an integer. known is false for any other.
func matchNCountOf(r *resolver, n cue.Value, k int64, kerr error) (lo int, hi *int, known bool) {
	if kerr == nil && n.IsConcrete() {
		switch k {
		case 0, 1:
			i := int(k)
			return i, &i, true
		}
		return 0, nil, false
	}
	if op, bargs := r.expr(n); op == cue.GreaterThanEqualOp && len(bargs) == 1 {
		if k, err := bargs[0].Int64(); err == nil && k == 1 {
			return 1, nil, true
		}
	}
	return 0, nil, false
}

// objectMatchN reads matchN(n, alts) beside an object's fields: lo and hi
// bound how many of alts match (matchNCountOf, or all of them), each
// alternative a struct, _, or a disjunction of kinds of which one is a
// struct (matchIf's parts on an object, objectMatch). The nth such
// validator's alternatives are named after where they are,
// what.matchN.alt1 (…MatchNAlt1; n > 1: MatchN2Alt1).
func (r *resolver) objectMatchN(c cue.Value, lo int, hi *int, alts []cue.Value, what string, p Pos, nth int) (*ObjectMatchN, bool) {
	m := &ObjectMatchN{Pos: r.pos(c), Min: lo, Max: hi}
	if !m.Pos.IsValid() {
		m.Pos = p
	}
	step := ".matchN"
	if nth > 1 {
		step += strconv.Itoa(nth)
	}
	ok := true
	for i, a := range alts {
		if (hi == nil || lo < len(alts)) && r.kindOf(a)&cue.StructKind == 0 {
			// "true" among objects (apollo's matchN(1, [close({eq!:
			// …}), …, "true", "false"])), null: no object matches
			// it, so an object's count is the same without it. Of
			// all of them (allOf), it would match none: kept, and
			// refused below.
			continue
		}
		if _, _, isNeg := r.negatedAlt(a); isNeg {
			// matchN(0, [X]) & Y: Y's struct, and none of X's.
			t, tok := r.negatedMatch(a, m.Pos, fmt.Sprintf("%s%s.alt%d", what, step, i+1))
			if !tok {
				ok = false
				continue
			}
			m.Alts = append(m.Alts, t)
			continue
		}
		part, one := r.besideOpen(a)
		if !one {
			part, one = r.besideAnyPatterns(a)
		}
		if !one && r.countedLit(a) {
			// struct.MinFields(1) & struct.MaxFields(1) & {…}, as cue
			// import writes an alternative's minProperties and
			// maxProperties (Bamboo's task item): an object with a
			// count of members, as it is in a field.
			part, one = a, true
		}
		if !one {
			r.errorf(m.Pos, "%s: %v is not carried on an object: alternative %d is %v, a conjunction; matchN's alternatives on an object are carried as a struct, _, or a disjunction of kinds with one struct", what, c, i+1, a)
			ok = false
			continue
		}
		t, tok := r.objectMatch(part, "matchN's alternative", m.Pos, fmt.Sprintf("%s%s.alt%d", what, step, i+1))
		if !tok {
			ok = false
			continue
		}
		m.Alts = append(m.Alts, t)
	}
	if ok && len(m.Alts) == 0 {
		// matchN(1, ["a", null]) beside an object's fields: no
		// alternative matches an object, so the count admits every
		// object or none; an empty oneOf is no JSON Schema.
		r.errorf(m.Pos, "%s: %v is not carried on an object: none of its alternatives can be an object, so it admits every object or none; leave it out, or state the object it means", what, oneLine(c))
		return nil, false
	}
	return m, ok
}

// negatedMatch reads an alternative of matchN on an object that is
// matchN(0, [X]) & Y (negatedAlt), "Y and not X": an object matches it
// when it matches Y's struct (objectMatch) and none of X's alternatives
// (noneOf; only a struct among them can match an object). It is Y's
// object, written in place, with "none of X's" as a count of its own
// (ObjectMatchN of at most 0, JSON Schema's not), which the targets judge
// on the object as they judge the alternative. An X of which no
// alternative may be an object is matched by no object: the alternative
// is Y's object alone. Y that is _, or names a definition, is refused:
// the count would be added to an object not the alternative's own.
func (r *resolver) negatedMatch(a cue.Value, p Pos, what string) (*Type, bool) {
	x, y, _ := r.negatedAlt(a)
	t, ok := r.objectMatch(y, "matchN's alternative", p, what)
	if !ok {
		return nil, false
	}
	if t == nil || t.Kind != ObjectKind || !t.Object.Match || !slices.ContainsFunc(r.inlineOrder, func(d *def) bool { return d.object == t.Object }) {
		beside := oneLine(y)
		if e, isExpr := sourceExpr(y).(ast.Expr); isExpr {
			beside = exprString(e)
		}
		r.errorf(p, "%s: matchN's alternative matchN(0, […]) & %s (\"and not\") is not carried on an object: its part beside the negation is carried as a struct written in place ({b!: _, ...}), whose object the negation's count is added to; this one is %s, not a struct literal", what, beside, beside)
		return nil, false
	}
	var objs []cue.Value
	for _, n := range r.noneOf(x) {
		if r.kindOf(n)&cue.StructKind != 0 {
			objs = append(objs, n)
		}
	}
	if len(objs) == 0 {
		return t, true // no object is one of X's: each is "not X"
	}
	c, _ := r.countOf(r.negationCall(a))
	zero := 0
	n, ok := r.objectMatchN(c, 0, &zero, objs, what, p, 1)
	if !ok || !r.checkObjectMatchIfs(t.Object, nil, []*ObjectMatchN{n}, what) {
		return nil, false
	}
	t.Object.MatchNs = append(t.Object.MatchNs, n)
	return t, true
}

// negationCall returns the conjunct of a, an alternative negatedAlt
// reads, that is matchN(0, [X]).
func (r *resolver) negationCall(a cue.Value) cue.Value {
	for _, c := range r.conjuncts(a) {
		if _, isNeg := r.negation(c); isNeg {
			return c
		}
	}
	return a
}

// isOpenTop reports whether v is {...}, which admits every object.
func isOpenTop(v cue.Value) bool {
	lit, ok := sourceExpr(v).(*ast.StructLit)
	return ok && isOpenTopLit(lit)
}

// isOpenTopLit reports whether lit is {...}.
func isOpenTopLit(lit *ast.StructLit) bool {
	return len(lit.Elts) == 1 && hasEllipsis(lit)
}

// objectMatch reads a part of matchIf on an object (matchType): of a
// disjunction, only the alternatives that may be objects can match one.
func (r *resolver) objectMatch(v cue.Value, role string, p Pos, what string) (*Type, bool) {
	if op, args := r.disjunction(v); op == cue.OrOp {
		var objs []cue.Value
		for _, a := range args {
			if a.IncompleteKind()&cue.StructKind != 0 {
				objs = append(objs, a)
			}
		}
		if len(objs) != 1 {
			r.errorf(p, "%s: %s %v is carried on an object when one of its alternatives is a struct; this one has %d", what, role, v, len(objs))
			return nil, false
		}
		v = objs[0]
	}
	if isTop(sourceExpr(v)) && v.IncompleteKind() == cue.TopKind {
		return nil, true
	}
	if _, isRef := r.refName(v); isRef && manyKinds(v.IncompleteKind()) && v.IncompleteKind()&cue.StructKind != 0 {
		// #Options & {...}, #Options: null | bool | … | {…} (tsconfig's
		// parts, as cue import writes a $ref in an allOf): only the
		// definition's object matches an object.
		if t, ok := r.matchType(v, role, p, what); ok && t != nil {
			if o := objectAlt(t); o != nil {
				return o, true
			}
		} else if !ok {
			return nil, false
		}
	}
	if cs := r.conjuncts(v); len(cs) == 1 {
		if call, ok := sourceExpr(cs[0]).(*ast.CallExpr); ok && isValidatorCall(call) {
			// matchN(>=1, [matchIf(…), matchIf(…)]) on an object
			// (Vector's environment schemas, cue import's anyOf of
			// if/then): the alternative is the object its matchIf
			// admits, as matchIf(…) & {...} is. So is a count
			// alone, as matchN(n, [X, …]) & {...} is: matchN(0,
			// [X]), "not X" (cue import's anyOf: [{not: A}, B], "if
			// A, then B": hemtt's parallel-requires-foreach-to-be-
			// true), or a count nested in a count or in matchIf's
			// if (cue import's anyOf of an anyOf: openHAB's
			// channels, YouTrack's widgets).
			matching, closedCtx, lone := r.matching, r.closedCtx, r.loneMatchIf
			r.matching, r.closedCtx, r.loneMatchIf = true, false, true
			defer func() { r.matching, r.closedCtx, r.loneMatchIf = matching, closedCtx, lone }()
			if at := r.pos(v); at.IsValid() && isIdentNamed(call.Fun, "matchN") {
				p = at // the count's own place, as matchType names it
			}
			return r.inlineObject(v, what, p)
		}
	}
	if len(r.conjuncts(v)) > 1 && r.validatedOpen(v) {
		// matchN(…) & {...}, which CUE may find an error with no data
		// (an if clause's embedding, conditionalMatch): an open object
		// judged by its count.
		matching, closedCtx := r.matching, r.closedCtx
		r.matching, r.closedCtx = true, false
		defer func() { r.matching, r.closedCtx = matching, closedCtx }()
		return r.inlineObject(v, what, p)
	}
	if e, isExpr := sourceExpr(v).(ast.Expr); isExpr && isBottom(e) && role != "matchN's alternative" {
		// matchIf(if, then, error("disallowed")), cue import's else of
		// false (UXP's manifest entry points).
		r.errorf(p, "%s: %s is %s, which admits no value; CUE v0.17.1 evaluates matchIf's arguments before it applies one, so that an error among them makes matchIf refuse every value, whichever part applies (cue vet refuses every instance), which no target would say; not carried: write a part that no value meets as matchN(0, [_])", what, role, exprString(e))
		return nil, false
	}
	if r.kindOf(v) != cue.StructKind {
		r.errorf(p, "%s: %s %v is carried on an object as a struct or _; this one is of another kind", what, role, v)
		return nil, false
	}
	return r.matchType(v, role, p, what)
}

// objectAlt returns the type of t's object alternative, when t is a choice
// of kinds (possibly nullable) with one.
func objectAlt(t *Type) *Type {
	if t.Kind == NullableKind {
		t = t.Elem
	}
	if t.Kind != OneOfKind {
		return nil
	}
	for _, a := range t.OneOf.Alts {
		if a.Kind == "object" {
			return a.Type
		}
	}
	return nil
}

// checkObjectMatchIfs refuses a matchIf on a closed object whose struct
// parts name a member the object does not declare: the strict JSON
// Schema's unevaluatedProperties counts a member an if or then evaluates
// as known, where CUE refuses it. An optional member a part written in
// place names, which no member pattern of the object admits, is never
// present: the part says nothing of it, and it is dropped from the part.
func (r *resolver) checkObjectMatchIfs(o *Object, ms []*MatchIf, ns []*ObjectMatchN, what string) bool {
	holder := &Type{Kind: ObjectKind, Object: o}
	for _, m := range ms {
		r.strictParts(holder, []*Type{m.If, m.Then, m.Else}, m.Pos, what, "matchIf's part")
	}
	for _, n := range ns {
		r.strictParts(holder, n.Alts, n.Pos, what, "matchN's alternative")
	}
	if o.KeepsUnknown() {
		return true
	}
	// A member pattern declares the members whose names it admits:
	// JSON Schema's patternProperties evaluates them, and
	// additionalProperties, a pattern of every other name ({[string]: T}
	// with a count, tox's labeled factors), each one the object does
	// not name.
	everyName := false
	var keys []*regexp.Regexp
	for _, m := range o.Members {
		if m.Key == nil {
			everyName = true
		} else if re, err := regexp.Compile(m.Key.KeyPattern()); err == nil {
			keys = append(keys, re)
		}
	}
	declared := func(name string) bool {
		return everyName || slices.ContainsFunc(keys, func(re *regexp.Regexp) bool { return re.MatchString(name) })
	}
	names := func(ts []*Type, pos Pos, role string) bool {
		for _, t := range ts {
			if t == nil || t.Kind != ObjectKind {
				continue
			}
			var kept []*Field
			for _, f := range t.Object.Fields {
				if o.Field(f.Name) != nil || declared(f.Name) {
					kept = append(kept, f)
					continue
				}
				if f.Optional && len(o.Members) == 0 && !r.definesObject(t.Object) {
					// okh's matchIf({tsdc!: …}, {material?: string, …},
					// _) on a closed object without material: the
					// member is never present, so the part's word on it
					// says nothing; dropped from the part written in
					// place, the strict JSON Schema does not count it
					// known.
					continue
				}
				// jasonette's #advancedTitle: matchN(1, [{type!:
				// "label", …}, …]) on a closed object without type: CUE
				// refuses the member, which the count names but does
				// not declare, so it is never present (the part that
				// requires it admits no value of the object). Every
				// target refuses it, as an absent member: the strict
				// JSON Schema would have counted it known once the
				// part evaluated it.
				kept = append(kept, f)
				if !slices.ContainsFunc(o.Absent, func(a *AbsentMember) bool { return a.Name == f.Name }) {
					o.Absent = append(o.Absent, &AbsentMember{Name: f.Name, Why: "the object does not declare it, and CUE refuses a member a closed object does not declare, though its " + role + " names it", Pos: pos})
				}
			}
			t.Object.Fields = kept
		}
		return true
	}
	for _, m := range ms {
		if !names([]*Type{m.If, m.Then, m.Else}, m.Pos, "matchIf") {
			return false
		}
	}
	for _, n := range ns {
		if !names(n.Alts, n.Pos, "matchN") {
			return false
		}
	}
	return true
}

// definesObject reports whether o is a definition's object (#Part), not
// one written in place, which only its holder has.
func (r *resolver) definesObject(o *Object) bool {
	for _, d := range r.defs {
		if d.object == o {
			return true
		}
	}
	return false
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// MaxSafeInt is the largest integer every judge of the wire reads exactly:
// 2^53-1, the most a JSON number holds in JavaScript (and ajv) without
// rounding, as I-JSON (RFC 7493) recommends. Go's int64 holds more, but a
// schema that allowed more would be read one way by ajv and another by
// the Go types.
const MaxSafeInt = 1<<53 - 1

// intRange requires an integer to state its range, inside what every
// judge reads exactly: CUE's int is unbounded, so only a bound written in
// the schema makes CUE's evaluator, the JSON Schemas, ajv and the Go
// types give one answer for every number.
//
// Unless the module requires that (require: boundedIntegers: true), a
// missing bound is int64's, the Go type every integer has, as CUE's own
// gengotypes maps int: the JSON Schemas then state the range the Go
// types hold, so they agree on every number; CUE's int alone goes on
// past it (docs/schema-language.md).
func (r *resolver) intRange(t *Type, p Pos, what string) bool {
	if t.Uint64 && t.Max != nil {
		// int & <=100 & <=18446744073709551615 is <=100
		t.Uint64, t.UintMax = false, nil
	}
	if t.Uint64 && r.pastUint64[t] && t.UintMax == nil && (t.Min == nil || *t.Min < 0) {
		// int & <=18446744073709551616 with no lower bound of 0: int64,
		// the widest Go integer for negative values too.
		t.Uint64 = false
	}
	if t.Uint64 {
		return r.uintRange(t, p, what)
	}
	if !r.requireBounded {
		if t.Min == nil {
			n := int64(math.MinInt64)
			t.Min = &n
		}
		if t.Max == nil {
			n := int64(math.MaxInt64)
			t.Max = &n
		}
		return true
	}
	switch {
	case t.Min == nil || t.Max == nil:
		r.errorf(p, "%s: an integer must state its range, e.g. int & >=0 & <=%d; CUE's int has no bound, but JSON readers hold integers exactly only up to ±%d (I-JSON, RFC 7493), so the schema says where its values end%s", what, int64(MaxSafeInt), int64(MaxSafeInt), boundedRequired)
		return false
	case *t.Min < -MaxSafeInt || *t.Max > MaxSafeInt:
		r.errorf(p, "%s: an integer's range must lie within ±%d, what JSON readers hold exactly (I-JSON, RFC 7493); this one is %d to %d%s", what, int64(MaxSafeInt), *t.Min, *t.Max, boundedRequired)
		return false
	}
	return true
}

// uintRange checks an integer of CUE's uint64 (Uint64): from a bound of at
// least 0, since no Go integer type holds both -1 and 2^64-1, and beside no
// constraint whose Go check is of an int64 (math.MultipleOf, a matchN or
// matchIf on the scalar).
func (r *resolver) uintRange(t *Type, p Pos, what string) bool {
	switch {
	case r.requireBounded:
		r.errorf(p, "%s: an integer up to 2^64-1 (uint64) is beyond what JSON readers hold exactly (±%d, I-JSON, RFC 7493), which this module requires%s", what, int64(MaxSafeInt), boundedRequired)
		return false
	case t.Min == nil || *t.Min < 0:
		r.errorf(p, "%s: an integer up to 2^64-1 (uint64) that may be negative spans what no Go integer type holds (int64 ends at 2^63-1, uint64 starts at 0); state >=0 beside it, or a bound within int64", what)
		return false
	case t.MultipleOf != nil || t.MatchIf != nil || t.MatchN != nil:
		r.errorf(p, "%s: an integer up to 2^64-1 (uint64) beside math.MultipleOf, matchIf or matchN is not carried yet: their Go checks are of an int64; state a bound within int64", what)
		return false
	}
	return true
}

// sourceExpr returns the expression a value was written as, looking through
// the field it is the value of.
func sourceExpr(v cue.Value) ast.Node {
	n := v.Source()
	switch x := n.(type) {
	case *ast.Field:
		if e, ok := soleEmbedOf(x.Value); ok {
			// #list: {@jsonschema(id="…") [...]} (cue import's form of a
			// $defs entry with an $id that is no object): a struct of
			// one embedded value and attributes is that value.
			return e
		}
		return x.Value
	case *ast.File:
		// A package's value written as one embedded expression (package
		// t; [...int]): that expression.
		var embed ast.Expr
		for _, d := range x.Decls {
			if e, ok := d.(*ast.EmbedDecl); ok {
				if embed != nil {
					return n
				}
				embed = e.Expr
			}
		}
		if embed != nil {
			return embed
		}
	}
	return n
}

// soleEmbedOf returns e's one embedded expression when e is a struct
// literal of that and attributes alone, and the expression is no struct
// literal ({@jsonschema(id="…") [...string]}, {string}): CUE's value of
// the struct is the embedded value.
func soleEmbedOf(e ast.Expr) (ast.Expr, bool) {
	lit, ok := e.(*ast.StructLit)
	if !ok {
		return nil, false
	}
	var embed ast.Expr
	for _, d := range lit.Elts {
		switch d := d.(type) {
		case *ast.Attribute, *ast.CommentGroup:
		case *ast.EmbedDecl:
			if embed != nil {
				return nil, false
			}
			embed = d.Expr
		default:
			return nil, false
		}
	}
	if embed == nil {
		return nil, false
	}
	if _, isStruct := embed.(*ast.StructLit); isStruct || onlyTop(embed, true) {
		// {_} is not _ within a definition (onlyTop).
		return nil, false
	}
	return embed, true
}

// requiredDefs refuses each definition of the object that is required
// and left unset (#Version!: T, timoni's #Metadata and #Selector): a
// template's input that a CUE user of the schema sets by unifying it. No
// JSON document can set a definition, so CUE admits no value of the
// object (cue vet: "field is required but not present"); read, it was an
// object every target accepted. So is a required hidden field (_x!: T).
func (r *resolver) requiredDefs(d *def, v cue.Value) {
	it, err := v.Fields(cue.Definitions(true), cue.Hidden(true), cue.Optional(true))
	if err != nil {
		return
	}
	for it.Next() {
		s := it.Selector()
		if s.ConstraintType() != cue.RequiredConstraint {
			continue
		}
		name := strings.TrimSuffix(s.String(), "!")
		if s.LabelType() == cue.HiddenLabel {
			r.errorf(r.pos(it.Value()), "%s: %s! is a required hidden field, which no JSON document can set (a hidden field is no member of the data), so CUE admits no value of %s until the schema sets it (cue vet: \"field is required but not present\"), which no target states; not carried: set it in the schema (%s: …), or declare it without ! (%s: T)", d.ref(), name, d.ref(), name, name)
			continue
		}
		if !s.IsDefinition() {
			continue
		}
		r.errorf(r.pos(it.Value()), "%s: %s! is a required definition, a template's input that a CUE user of the schema sets (unifying it with %s: …); no JSON document can set a definition, so CUE admits no value of %s until one does (cue vet: \"field is required but not present\"), which no target states; not carried: set it in the schema, or declare it without ! (%s: T)", d.ref(), name, name, d.ref(), name)
	}
}

// closeEmbedded reports whether e is a struct literal whose data is one
// embedded close({…}) beside definitions, hidden fields and attributes
// (cuetf's github_branch_protection_v3: {@jsonschema(…), close({…}),
// #reviews: …, _#defs: …}, as cue import writes a schema with $defs):
// CUE keeps the embedded struct closed, so the value refuses any other
// member wherever it is.
func closeEmbedded(e ast.Node) bool {
	lit, ok := e.(*ast.StructLit)
	if !ok {
		return false
	}
	closed := false
	for _, d := range lit.Elts {
		switch d := d.(type) {
		case *ast.Attribute, *ast.CommentGroup:
		case *ast.Field:
			name, _, err := ast.LabelName(d.Label)
			if err != nil || !(strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_")) {
				return false
			}
		case *ast.EmbedDecl:
			if closed || !isCloseCall(d.Expr) {
				return false
			}
			closed = true
		default:
			return false
		}
	}
	return closed
}

// conjuncts flattens a & b & c into its parts, once per value asked
// lately (the resolver asks about most values twice or more: 27,000
// asks of 12,000 values on make bench's 1,000 definitions). The slice
// is shared: callers read it and never write to it.
func (r *resolver) conjuncts(v cue.Value) []cue.Value {
	return r.conjunctLists.get(v, func() []cue.Value { return slices.Clip(r.conjunctsAt(v, 0)) })
}

// maxConjunctDepth is how deep conjunctsAt flattens: CUE gives a value
// that refers to itself through a pattern or a builtin (issue3326's
// _self: x: [...and(x)]) a conjunct that holds it again, without end.
const maxConjunctDepth = 64

// conjunctsAt is conjuncts at the depth-th nesting of a conjunct in a
// conjunct; past maxConjunctDepth a conjunct is kept whole.
func (r *resolver) conjunctsAt(v cue.Value, depth int) []cue.Value {
	op, args := r.expr(v)
	if op != cue.AndOp || depth > maxConjunctDepth {
		return []cue.Value{v}
	}
	var out []cue.Value
	for _, a := range args {
		if _, has := a.Default(); has {
			// int | *2 beside other conjuncts: its type is int; the
			// field's default is read from the whole (withoutDefault).
			if aop, aargs := r.expr(a); aop == cue.NoOp && len(aargs) == 1 {
				a = aargs[0]
				if _, still := a.Default(); still {
					// *"" | string: its Expr is itself; evaluated, CUE
					// states the type without the mark.
					if eop, eargs := safeExpr(a.Eval()); eop == cue.NoOp && len(eargs) == 1 {
						a = eargs[0]
					}
				}
			}
		}
		if target, ok := r.hiddenTarget(a); ok {
			// #Ref & {task: _name}, with _name: string | *(_prefix +
			// _self) (cuenv's task outputs): the hidden field's value,
			// read in place as a reference to it alone is
			// (hiddenFieldType); its default, the whole's, is read from
			// the whole (withoutDefault).
			a = target
			if _, has := a.Default(); has {
				if eop, eargs := safeExpr(a.Eval()); eop == cue.NoOp && len(eargs) == 1 {
					a = eargs[0]
				}
			}
		}
		out = append(out, r.conjunctsAt(a, depth+1)...)
	}
	// T & _ is T: a _ beside other conjuncts (what [...T] & [_, ...]
	// gives each item) says nothing.
	// #R & #R is #R: a reference stated twice (runtime?: #Runtime in a
	// definition and again in one that embeds it, cuenv's #Project) is
	// one conjunct, as unification is idempotent.
	kept := out[:0]
	var refs []string
	for _, c := range out {
		if op, _ := r.expr(c); op == cue.NoOp && c.IncompleteKind() == cue.TopKind && isTop(sourceExpr(c)) {
			continue
		}
		if every, _ := r.countOfAny(c); every {
			// [...#R] & matchN(>=1, [string, number, …, null]): a
			// count every value meets says nothing beside it either.
			continue
		}
		if key, ok := r.defPathKey(c); ok {
			if slices.Contains(refs, key) {
				continue
			}
			refs = append(refs, key)
		}
		kept = append(kept, c)
	}
	if len(kept) == 0 {
		return out[:1]
	}
	return kept
}

func (r *resolver) list(v cue.Value, what string) (*Type, bool) {
	if dv, has := v.Default(); has && dv.IncompleteKind() == cue.ListKind && r.writesDefaultOf(v) {
		// #List: [...number] | *[1, 2, 3] (CUE's OpenAPI tests): the
		// type without its default, which a field of it states (its
		// own v.Default()), as a scalar definition's.
		tv, _, ok := r.withoutDefault(v, dv, what)
		if !ok {
			return nil, false
		}
		v = tv
	}
	t := &Type{Kind: ListKind}
	ok := true
	var lits []*ast.ListLit
	var litValues []cue.Value // each list literal's value, in lits' order
	cs := r.conjuncts(v)
	for i := 0; i < len(cs); i++ {
		c := cs[i]
		if name, isRef := r.refName(c); isRef {
			// #types & [..."a" | "b"], with #types: [_, ...] (as cue
			// import writes a minItems of 1 beside a $ref): the list
			// definition's own conjuncts, beside these.
			if d := r.defs[name]; d != nil && len(cs) > 1 && d.v.IncompleteKind() == cue.ListKind {
				if r.classifyOnce(d); d.alias != nil || d.tuple != nil {
					cs = append(cs, r.conjuncts(d.v)...)
					continue
				}
			}
		}
		if op, args := r.expr(c); op == cue.OrOp && len(cs) > 1 {
			// [_, ...] & (null | bool | [..."a"] | {...}), as cue import
			// writes a $ref beside a type list: CUE keeps of the
			// disjunction what may be a list, here one alternative.
			var lists []cue.Value
			for _, a := range args {
				if a.IncompleteKind()&cue.ListKind != 0 {
					lists = append(lists, a)
				}
			}
			if len(lists) == 2 {
				// [...string] & (*["h", "v"] | [...#G]), a list
				// field narrowed with a default where a definition
				// refines another (ODIM's #HowVersionObject): the
				// list the other admits adds nothing to it, and its
				// value is the field's default, read apart
				// (withoutDefault).
				for i, a := range lists {
					if !openList(a) && a.Err() == nil && openList(lists[1-i]) && admits(lists[1-i], a) {
						lists = lists[1-i : 2-i]
						break
					}
				}
			}
			if len(lists) == 1 {
				c = lists[0]
			}
		}
		if op, _ := r.expr(c); op == cue.NoOp {
			// The list literal itself: [...T], or a tuple ([A, B],
			// [A, ...T], []).
			l, isLit := sourceExpr(c).(*ast.ListLit)
			if !isLit && c.IncompleteKind() == cue.ListKind && fmt.Sprint(c) == "[...]" {
				// [...] as CUE evaluated it, its literal gone (#shared &
				// (K | {…}) read kind by kind, #shared itself null |
				// … | [...] | {…}): a list of any values.
				l, isLit = &ast.ListLit{Elts: []ast.Expr{&ast.Ellipsis{}}}, true
			}
			if !isLit {
				r.errorf(r.pos(c), "%s: a list is list literals ([...T], [A, B] or [A, ...T]), with list.MinItems/MaxItems beside them; %v is not carried", what, c)
				return nil, false
			}
			for _, e := range l.Elts {
				if _, isComp := e.(*ast.Comprehension); isComp {
					r.errorf(r.pos(c), "%s: a list comprehension is not carried: its items are computed by CUE, which no other target can state", what)
					return nil, false
				}
			}
			lits, litValues = append(lits, l), append(litValues, c)
			continue
		}
		ok = r.constrain(t, c, what, r.pos(v)) && ok
	}
	if len(lits) > 1 {
		return r.listConj(v, lits, litValues, t, what, ok)
	}
	var lit *ast.ListLit
	if len(lits) == 1 {
		lit = lits[0]
	}
	if lit == nil {
		// list.UniqueItems(), list.MinItems(1) alone: a list of anything
		// under those constraints, as CUE reads it ([..._]).
		t.Elem = &Type{Kind: AnyKind}
		return t, r.contains(t, what) && ok
	}
	n := 0 // the items before the ellipsis, if any
	for _, e := range lit.Elts {
		if _, isEll := e.(*ast.Ellipsis); !isEll {
			n++
		}
	}
	litValue := litValues[0]
	elem := litValue.LookupPath(cue.MakePath(cue.AnyIndex))
	if n > 0 || !elem.Exists() {
		return r.tuple(v, litValue, n, elem, t, what, ok)
	}
	et, eok := r.typeAt(elem, what+"[]", r.pos(v))
	if !eok {
		return nil, false
	}
	t.Elem = et
	return t, r.contains(t, what) && ok
}

// listConj resolves a conjunction of list literals ([...T] & [_, ...],
// as cue import writes JSON Schema's minItems; [A, ...] & [...T]) from
// the list CUE evaluates it to: a list of T with MinItems when every
// leading item is _ (what the literals add is a count), else a tuple of
// the evaluated items, closed when one literal is.
func (r *resolver) listConj(v cue.Value, lits []*ast.ListLit, litValues []cue.Value, t *Type, what string, ok bool) (*Type, bool) {
	lead, closed, tops := 0, -1, true
	for _, l := range lits {
		n, open := 0, false
		for _, e := range l.Elts {
			if _, isEll := e.(*ast.Ellipsis); isEll {
				open = true
				continue
			}
			n++
			tops = tops && isTop(e)
		}
		if !open {
			closed = n
		}
		lead = max(lead, n)
	}
	rest := v.LookupPath(cue.MakePath(cue.AnyIndex))
	if !rest.Exists() && closed < 0 {
		// [...string] & [...#G] where the field's value is its default,
		// a list of two items (*["h", "v"] | [...#G] beside [...string]
		// in a definition that refines another): CUE's value has no
		// item type, its conjuncts each have theirs; the items meet all.
		rest = litValues[0].LookupPath(cue.MakePath(cue.AnyIndex))
		for _, lv := range litValues[1:] {
			rest = rest.Unify(lv.LookupPath(cue.MakePath(cue.AnyIndex)))
		}
	}
	if closed >= 0 {
		return r.tuple(v, v, closed, cue.Value{}, t, what, ok)
	}
	if !tops {
		return r.tuple(v, v, lead, rest, t, what, ok)
	}
	if t.MinItems == nil || *t.MinItems < lead {
		t.MinItems = &lead
	}
	if t.MaxItems != nil && *t.MaxItems < lead {
		r.errorf(r.pos(v), "%s: a list of at least %d items with list.MaxItems(%d) admits no value", what, lead, *t.MaxItems)
		return nil, false
	}
	et, eok := r.typeAt(rest, what+"[]", r.pos(v))
	if !eok {
		return nil, false
	}
	t.Elem = et
	return t, r.contains(t, what) && ok
}

// isIdentNamed reports whether n is the identifier name.
func isIdentNamed(n ast.Expr, name string) bool {
	id, ok := n.(*ast.Ident)
	return ok && id.Name == name
}

// matchNCount reads list.MatchN(n, T) on a list: n, the count of items T
// matches, as a Contains's bounds (an integer, >=a, <=b, >a, <b, or a
// conjunction of them); T is read by contains once the items are known.
func (r *resolver) matchNCount(t *Type, n, match cue.Value, p Pos, what string) bool {
	c := &Contains{Pos: p}
	if k, err := n.Int64(); err == nil && n.IsConcrete() {
		if k < 0 || k > MaxSafeInt {
			r.errorf(p, "%s: list.MatchN(%v, …): the count must be an integer from 0 to %d", what, n, int64(MaxSafeInt))
			return false
		}
		i := int(k)
		c.Min, c.Max = &i, &i
	} else {
		ct := &Type{Kind: BasicKind, Base: Int}
		ok := true
		for _, cj := range r.conjuncts(n) {
			ok = r.constrain(ct, cj, what+" (list.MatchN's count)", p) && ok
		}
		rest := ct.Constraints
		rest.Min, rest.Max = nil, nil
		if !ok || !rest.IsZero() || len(ct.Choice) > 0 || ct.Kind != BasicKind {
			r.errorf(p, "%s: list.MatchN(%v, …) is carried with a count of an integer, >=a, <=b or both (JSON Schema's minContains and maxContains); this count is none of them", what, n)
			return false
		}
		if ct.Min != nil && *ct.Min > 0 {
			i := int(min(*ct.Min, MaxSafeInt))
			c.Min = &i
		}
		if ct.Max != nil {
			if *ct.Max < 0 {
				r.errorf(p, "%s: list.MatchN(%v, …): no list has fewer than 0 items", what, n)
				return false
			}
			i := int(min(*ct.Max, MaxSafeInt))
			c.Max = &i
		}
	}
	r.countItems(t, c, match)
	return true
}

// countItems makes c the count of t's items that match T, read once the
// list's items are resolved (contains).
func (r *resolver) countItems(t *Type, c *Contains, match cue.Value) {
	t.Contains = append(t.Contains, c)
	if r.matchN == nil {
		r.matchN = map[*Contains]cue.Value{}
	}
	r.matchN[c] = match
}

// contains reads the T of the list's list.MatchN(n, T) against its items,
// now resolved: _ (every item matches) bounds the list's length; a type
// of the items' scalar base with constraints of its own is the
// Contains's Match. What else T may be is refused: the Go and TypeScript
// checks would need to tell whether a value of another type, or an
// object, is one T admits (CUE's own rule for a match is in
// docs/schema-language.md, "Counting matches").
func (r *resolver) contains(t *Type, what string) bool {
	cs := t.Contains
	t.Contains = nil
	ok := true
	for _, c := range cs {
		keep, cok := r.containsOne(t, c, what)
		if keep {
			t.Contains = append(t.Contains, c)
		}
		ok = cok && ok
	}
	return ok
}

// containsOne reads one list.MatchN of t (contains); keep is false when
// it bounds the list's length instead.
func (r *resolver) containsOne(t *Type, c *Contains, what string) (keep, ok bool) {
	match := r.matchN[c]
	delete(r.matchN, c)
	role, call := "list.MatchN's T", "list.MatchN(n, T)"
	if r.byContains[c] {
		role, call = "list.Contains's value", "list.Contains(x)"
	}
	if isTop(sourceExpr(match)) && match.IncompleteKind() == cue.TopKind {
		// Every item matches: the count is the list's length.
		t.MinItems = maxPtr(t.MinItems, c.Min)
		t.MaxItems = minPtr(t.MaxItems, c.Max)
		if t.MinItems != nil && t.MaxItems != nil && *t.MinItems > *t.MaxItems {
			r.errorf(c.Pos, "%s: a list of at least %d and at most %d items admits no value", what, *t.MinItems, *t.MaxItems)
			return false, false
		}
		return false, true
	}
	if (t.Elem.Kind == AnyKind && t.Elem.MatchIf == nil) || t.Elem.Kind == ObjectKind {
		// Items of any JSON, or objects (judged as the JSON they are):
		// T says what a matching one is, of any kind.
		mt, ok := r.matchType(match, role, c.Pos, what+".match")
		if !ok {
			return false, false
		}
		r.strictParts(t.Elem, []*Type{mt}, c.Pos, what, role)
		c.Match = mt
		return true, true
	}
	base := t.Elem.BaseOf()
	if t.Elem.Kind == EnumKind && match.IsConcrete() && match.IncompleteKind() == cue.StringKind {
		// [..."const" | "type"] & list.MatchN(>=1, "type") (clang-format's
		// QualifierOrder): items equal to one of the enum's members.
		lit, _ := match.String()
		if !slices.ContainsFunc(t.Elem.Enum.Members, func(m *Member) bool { return m.Value == lit }) {
			r.errorf(c.Pos, "%s: %s %v is no member of the items' enum, so no item matches it", what, role, match)
			return false, false
		}
		c.Match = &Type{Kind: ConstKind, Base: String, Const: lit}
		return true, true
	}
	switch {
	case t.Elem.Kind != BasicKind, base == Time, base == Date, base == Bytes:
		r.errorf(c.Pos, "%s: %s is carried on a list of strings, integers, numbers or booleans ([...int] & list.MatchN(<=2, >10)), T then a constraint on them, on a list of any JSON values or of objects (list.MatchN(>=1, {a!: int})), or with T _; on a list of %s it is not carried yet: the Go and TypeScript checks would need to tell whether an item is one T admits", what, call, r.describeElem(t.Elem))
		return false, false
	}
	mt, ok := r.scalarMatch(base, match, role, c.Pos, what)
	if !ok {
		return false, false
	}
	if mt.Kind == BasicKind && mt.Constraints.IsZero() {
		// [...string] & list.MatchN(>=1, string): every item matches.
		t.MinItems = maxPtr(t.MinItems, c.Min)
		t.MaxItems = minPtr(t.MaxItems, c.Max)
		return false, true
	}
	c.Match = mt
	return true, true
}

// scalarMatch reads T of list.MatchN or matchIf (role says which) as
// what a value of base must be to match: a constant of base, or base
// under constraints of T's own. T must state values of base's own kind:
// on numbers, int would admit only what CUE reads as an integer (1, not
// 1.0), which no other target tells apart.
func (r *resolver) scalarMatch(base Base, match cue.Value, role string, p Pos, what string) (*Type, bool) {
	if match.IsConcrete() {
		// [...string] & list.MatchN(1, "x"): items equal to a constant.
		mt, ok := r.typeAt(match, what+" ("+role+")", p)
		if !ok {
			return nil, false
		}
		if mt.Kind != ConstKind || mt.Base != base {
			why := ""
			if base == Number {
				why = ": on numbers CUE tells 1 from 1.0 (a match of 1 refuses [1.0]), which no other target does; a number that is no integer (2.5) is carried"
			}
			r.errorf(p, "%s: %s %v is carried as a constant of the value's own type (%s)%s", what, role, match, base, why)
			return nil, false
		}
		if f, err := strconv.ParseFloat(mt.Const, 64); base == Number && err == nil && f == math.Trunc(f) {
			r.errorf(p, "%s: %s %v is not carried: on numbers CUE tells 2.0 from 2 (a match of 2.0 refuses [2]), which no other target does; a number that is no integer (2.5) is carried", what, role, match)
			return nil, false
		}
		return mt, true
	}
	kinds := map[Base][]cue.Kind{String: {cue.StringKind}, Int: {cue.IntKind, cue.NumberKind}, Number: {cue.NumberKind, cue.FloatKind}, Bool: {cue.BoolKind}}
	// matchN(>=1, [string, string]) is a validator, of no kind of its
	// own: its alternatives say what it admits, as a constraint of the
	// value's type reads them (constrain), or refuses them.
	if call, isCall := sourceExpr(match).(*ast.CallExpr); !(isCall && isIdentNamed(call.Fun, "matchN") && match.IncompleteKind() == cue.TopKind) && !slices.Contains(kinds[base], match.IncompleteKind()) {
		why := ""
		if base == Number {
			why = " (on numbers, int admits 1 but not 1.0, which no other target tells apart)"
		}
		r.errorf(p, "%s: %s %v is carried as a constraint of the value's own type (%s); this one is of another kind%s", what, role, match, base, why)
		return nil, false
	}
	mt := &Type{Kind: BasicKind, Base: base}
	ok := true
	for _, cj := range r.conjuncts(match) {
		ok = r.constrain(mt, cj, what+" ("+role+")", p) && ok
	}
	if !ok {
		return nil, false
	}
	if mt.Kind != BasicKind || mt.Base != base || mt.Duration || mt.URL != NoURL || len(mt.Choice) > 0 || len(mt.Contains) > 0 || mt.MatchIf != nil {
		r.errorf(p, "%s: %s %v is carried as a constraint of the value's own type (%s), not a choice, a time format, a duration, a URL or another matchIf", what, role, match, base)
		return nil, false
	}
	return mt, true
}

// matchIf reads matchIf(if, then, else) on a scalar value: each a
// constraint of its base (scalarMatch), then and else also _. On a value
// of another kind (an object, as cue import writes JSON Schema's
// if/then/else) it is not carried yet: the Go and TypeScript checks would
// need CUE's rule for whether an object matches (docs/schema-language.md,
// "Counting matches").
func (r *resolver) matchIf(t *Type, args []cue.Value, p Pos, what string) bool {
	if t.Kind == AnyKind {
		return r.matchIfAny(t, args, p, what)
	}
	switch {
	case t.Kind != BasicKind || (t.Base != String && t.Base != Int && t.Base != Number && t.Base != Bool):
		r.errorf(p, "%s: matchIf is carried on a string, integer, number or boolean (string & matchIf(=~\"^a\", strings.MaxRunes(3), _)); on this value it is not carried yet: the Go and TypeScript checks would need to tell whether it is one the if admits", what)
		return false
	}
	m := &MatchIf{Pos: p}
	read := func(a cue.Value, role string, top bool) (*Type, bool) {
		if top && isTop(sourceExpr(a)) && a.IncompleteKind() == cue.TopKind {
			return nil, true // _ admits every value
		}
		return r.scalarMatch(t.Base, a, role, p, what)
	}
	var ok1, ok2, ok3 bool
	m.If, ok1 = read(args[0], "matchIf's if", false)
	m.Then, ok2 = read(args[1], "matchIf's then", true)
	m.Else, ok3 = read(args[2], "matchIf's else", true)
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	everyValue := func(x *Type) bool { return x == nil || x.Kind == BasicKind && x.Constraints.IsZero() }
	if everyValue(m.Then) && everyValue(m.Else) {
		// matchIf(if, _, _), matchIf(string, string, _) on a string
		// (what cue import writes for SchemaStore's minecraft
		// dimension's if/then of type: string): whichever part
		// applies admits every value of the base, so it says nothing,
		// and a second one beside it is no second check.
		return true
	}
	if t.MatchIf != nil {
		r.errorf(p, "%s: a second matchIf on one value is not carried yet; write one", what)
		return false
	}
	t.MatchIf = m
	return true
}

// anyMatchN reads v when it is matchN(0, alts) or matchN(n, alts) of
// all its n alternatives alone on a value of any type (handled): what cue
// import writes for JSON Schema's not and allOf on a property with no
// type of its own (popxf10's data?: matchN(0, [{observable_central!: _,
// ...}])). It is any JSON value that none, or all, of the alternatives
// admit, each read as matchIf's parts are (matchType), and judged as
// CUE's match judges it: a count of matches (Constraints.MatchN). So is
// matchN(1, …) or matchN(>=1, …) one of whose alternatives is such a
// count (countOfNoneOrAll: "if X then Y"); other counts are left to the
// caller (those of one or at least one are read as a disjunction).
func (r *resolver) anyMatchN(v cue.Value, what string, p Pos) (t *Type, ok, handled bool) {
	call, isCall := sourceExpr(v).(*ast.CallExpr)
	if !isCall || !isIdentNamed(call.Fun, "matchN") || !r.anyValidator(v) {
		return nil, false, false
	}
	lo, hi, alts, _ := r.objectCount(v)
	if hi == nil || *hi == 0 || lo != len(alts) {
		// An alternative that admits nothing (error("…"), _|_,
		// matchN(0, [_])) never matches: the count is of the others,
		// and none of nothing is any value (not: {not: {}}).
		alts = slices.DeleteFunc(slices.Clone(alts), r.admitsNothing)
		if len(alts) == 0 && hi != nil && *hi == 0 {
			return &Type{Kind: AnyKind}, true, true
		}
		if len(alts) == 0 {
			r.errorf(p, "%s: %s admits no value: none of its alternatives admits one; not carried", what, oneLine(v))
			return nil, false, true
		}
	}
	if hi != nil && *hi != 0 && lo == len(alts) && *hi == lo {
		u := alts[0]
		for _, a := range alts[1:] {
			u = u.Unify(a)
		}
		if err := u.Err(); err != nil {
			// matchN(2, [int, string]): no value is of both.
			r.errorf(p, "%s: %s admits no value: no value matches all of its alternatives (CUE: %s); not carried", what, oneLine(v), cueErrText(err))
			return nil, false, true
		}
	}
	if hi != nil && *hi == 0 {
		for _, a := range alts {
			if n, apart := r.numberApart(a, 0); apart {
				// matchN(0, [int]) admits 1.0 for CUE, which reads it
				// as a float; every target reads it as the integer 1.
				r.errorf(p, "%s: %s on a value of any type is not carried: its alternative holds %s, a number of one of int and float, and CUE's match tells them apart, so it admits the same number written as the other (1.0 for int, 1 for float or 1.0), which JSON Schema and every target read as one number and refuse; write number, or state the value's type", what, oneLine(v), oneLine(n))
				return nil, false, true
			}
		}
	}
	m := &ObjectMatchN{Min: lo, Max: hi, Pos: p}
	ok = true
	for i, a := range alts {
		at, aok := r.matchType(a, "matchN's alternative", p, fmt.Sprintf("%s.matchN.alt%d", what, i+1))
		ok = ok && aok
		m.Alts = append(m.Alts, at)
	}
	if !ok {
		return nil, false, true
	}
	return &Type{Kind: AnyKind, Constraints: Constraints{MatchN: m}}, true, true
}

// openBesideValidator reports whether v is struct literals conjoined
// with matchN or matchIf and nothing else (#Step: {run?: string, …} &
// matchN(1, […]), a definition's value; #M & {…} with #M: matchN(…)):
// CUE v0.17.1 leaves such a struct open, in a definition too, and every
// struct written in it. A close() call or a reference to an object among
// the conjuncts (#S & matchN(…)) closes it, as CUE does.
func (r *resolver) openBesideValidator(v cue.Value) bool {
	if open, ok := r.openParts[v]; ok {
		return open
	}
	return r.openCount(r.conjuncts(v))
}

// openCount is openBesideValidator of the conjuncts cs.
func (r *resolver) openCount(cs []cue.Value) bool {
	validated, lits := false, false
	for _, c := range cs {
		switch besideValidatorPart(sourceExpr(c)) {
		case partOther:
			return false
		case partValidator:
			validated = true
		case partStruct:
			lits = true
		default:
			// #M & {a?: int}, #M: matchN(…): a name of a validator is
			// one. #W & {a?: int}, #W: {b?: int} & matchN(…): a name
			// of a struct CUE leaves open beside its validator is both,
			// and CUE leaves the conjunction open too.
			d := r.refDef(c)
			switch {
			case d == nil:
				return false
			case isValidatorCall(sourceExpr(d.v)) || d.match:
				validated = true
			case r.openDefBesideValidator(d):
				validated, lits = true, true
			default:
				return false
			}
		}
	}
	return validated && lits
}

// A conjunct's part in a struct CUE leaves open beside its validator
// (besideValidatorPart).
const (
	partName      = iota // a name, read by what it names
	partValidator        // matchN(…) or matchIf(…)
	partStruct           // a struct literal of no embedding
	partOther            // anything else, which closes it or is no struct
)

// besideValidatorPart reads one conjunct's source, n, as
// openBesideValidator does (and the syntax check's validatedDef).
func besideValidatorPart(n ast.Node) int {
	switch e := n.(type) {
	case *ast.CallExpr:
		if isValidatorCall(e) {
			return partValidator
		}
	case *ast.StructLit:
		if !hasEmbedding(e) {
			return partStruct
		}
	case *ast.Ident, *ast.SelectorExpr, nil:
		return partName
	}
	return partOther
}

// openDefBesideValidator reports whether the definition d is a struct
// CUE leaves open beside a validator (openBesideValidator), so that a
// conjunction with it is one too. A definition that refers to itself
// through such conjunctions is no such struct.
func (r *resolver) openDefBesideValidator(d *def) bool {
	if r.openDefsAsked[d] {
		return false
	}
	if r.openDefsAsked == nil {
		r.openDefsAsked = map[*def]bool{}
	}
	r.openDefsAsked[d] = true
	defer delete(r.openDefsAsked, d)
	return r.openBesideValidator(d.v)
}

// embedsOpenBesideValidator reports whether v, a struct written as the
// embedding of one name alone ({#W}, whose source is the name:
// soleEmbedOf), embeds a definition CUE leaves open beside its
// validator; beside anything else the syntax check refuses it
// (embeddedValidator).
func (r *resolver) embedsOpenBesideValidator(v cue.Value) bool {
	id, ok := sourceExpr(v).(*ast.Ident) // {#W}'s source is #W (soleEmbedOf)
	if !ok {
		return false
	}
	a := r.identDef(id)
	return a != nil && r.openDefBesideValidator(a)
}

// errorAlone reports whether a, an alternative of a count, is missing or an
// error by itself, which admits no value, not one that only awaits data
// (awaitsData).
func errorAlone(a cue.Value) bool {
	return !a.Exists() || (a.IncompleteKind() == cue.BottomKind || a.Err() != nil) && !awaitsData(a)
}

// awaitsData reports whether a, an alternative CUE finds an error with no
// data, fails only a validator the data has yet to meet: CUE says "does
// not satisfy" of struct.MinFields(1) & {[string]: T}, whose {} has no
// member yet (tox's #factor_labeled_dict among the alternatives of a
// count), or, of a reference to such a definition, no error at all. It
// admits the values that meet it: an alternative, not one that admits
// nothing (_|_, error("…"), 1 & 2), which was dropped, exit 0.
func awaitsData(a cue.Value) bool {
	if isBottomExpr(sourceExpr(a)) {
		return false
	}
	for _, e := range errors.Errors(a.Err()) {
		if f, _ := e.Msg(); f != "invalid value %s (does not satisfy %s)" {
			return false
		}
	}
	return true
}

// admitsNothing reports whether a, an alternative of a count, admits no
// value: an error (error("…"), _|_) or matchN(0, [_]), "not anything".
func (r *resolver) admitsNothing(a cue.Value) bool {
	if errorAlone(a) {
		return true
	}
	every, isAny := r.countOfAny(a)
	return isAny && !every
}

// numberApart returns the part of a, or of one of the alternatives of a
// disjunction a is, that admits numbers of one of CUE's int and float but
// not the other (int, 0, 1.0, float, int & >5), which CUE's match tells
// apart where JSON and every target see one number; number, a bound alone
// and _ admit both.
func (r *resolver) numberApart(a cue.Value, depth int) (cue.Value, bool) {
	if op, args := r.expr(a); op == cue.OrOp && depth <= maxConjunctDepth {
		for _, x := range args {
			if n, apart := r.numberApart(x, depth+1); apart {
				return n, true
			}
		}
		return cue.Value{}, false
	}
	k := a.IncompleteKind() & cue.NumberKind
	return a, k != 0 && (k != cue.NumberKind || a.IsConcrete())
}

// anyValidator reports whether v is a validator typeOf reads on a value
// of any type: matchIf(if, then, else) (matchIfAny), or matchN of none or
// all of its alternatives (anyMatchN), or of one or at least one of them
// when one is itself matchN of none or all written in place
// (matchN(>=1, [matchN(0, [X]), Y]), cue import's anyOf of a not: "if X
// then Y"), which no disjunction of kinds reads. A part of a match may be
// one.
func (r *resolver) anyValidator(v cue.Value) bool {
	if call, ok := sourceExpr(v).(*ast.CallExpr); ok && isIdentNamed(call.Fun, "matchIf") {
		return len(call.Args) == 3
	}
	return r.noneOrAllCall(v) || r.countOfNoneOrAll(v)
}

// countOfNoneOrAll reports whether v is matchN of one or at least one of
// its alternatives, written in place, one of which is matchN of none or
// all of its own (noneOrAllCall): matchN(>=1, [matchN(0, [X]), Y]).
func (r *resolver) countOfNoneOrAll(v cue.Value) bool {
	call, ok := sourceExpr(v).(*ast.CallExpr)
	if !ok || !isIdentNamed(call.Fun, "matchN") {
		return false
	}
	lo, hi, alts, known := r.objectCount(v)
	return known && lo == 1 && !noneOrAll(lo, hi, len(alts)) && slices.ContainsFunc(alts, r.noneOrAllCall)
}

// noneOrAll reports whether a count of n alternatives, lo to hi, is none
// of them or all of them.
func noneOrAll(lo int, hi *int, n int) bool {
	return hi != nil && (*hi == 0 || (lo == n && *hi == lo))
}

// noneOrAllCall reports whether a is matchN of none or all of its
// alternatives, written in place, of alternatives that are not all _
// (matchN(0, [_]) admits nothing, matchN(2, [_, _]) everything:
// anyCount).
func (r *resolver) noneOrAllCall(a cue.Value) bool {
	call, ok := sourceExpr(a).(*ast.CallExpr)
	if !ok || !isIdentNamed(call.Fun, "matchN") {
		return false
	}
	if _, isAny := r.countOfAny(a); isAny {
		return false
	}
	lo, hi, alts, known := r.objectCount(a)
	return known && noneOrAll(lo, hi, len(alts))
}

// matchIfAny reads matchIf(if, then, else) on a value of any type (what
// cue import writes for JSON Schema's if/then/else): each part a T read
// by matchType, then and else also _.
func (r *resolver) matchIfAny(t *Type, args []cue.Value, p Pos, what string) bool {
	if isTop(sourceExpr(args[0])) && args[0].IncompleteKind() == cue.TopKind {
		r.errorf(p, "%s: matchIf(_, then, else) is its then alone; write that", what)
		return false
	}
	m := &MatchIf{Pos: p}
	var ok1, ok2, ok3 bool
	m.If, ok1 = r.matchType(args[0], "matchIf's if", p, what+".if")
	m.Then, ok2 = r.matchType(args[1], "matchIf's then", p, what+".then")
	m.Else, ok3 = r.matchType(args[2], "matchIf's else", p, what+".else")
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	if m.Then != nil || m.Else != nil { // matchIf(if, _, _) admits every value
		t.MatchIf = m
	}
	return true
}

// matchType reads T of matchIf or list.MatchN on a value of any type
// (role says which, named after what) as what a value must be to match
// it, by CUE's rule for a match (docs/schema-language.md, "Counting
// matches"): nil for _, which every value matches; a struct literal as an
// object of its own (Match), open at every depth unless close({…})
// closes its level, whose fields the data may leave out unless they are
// required (a!); a reference to an object definition, closed as CUE
// closes it, so that a member it does not name makes the value no match
// of it (every target judges a match part strictly: HoldsClosed); a
// scalar type, a list or any other type of the model. A union is refused:
// its variants' decoders are not judged strictly yet.
func (r *resolver) matchType(v cue.Value, role string, p Pos, what string) (*Type, bool) {
	if isTop(sourceExpr(v)) && v.IncompleteKind() == cue.TopKind {
		return nil, true
	}
	if r.kindOf(v) == cue.TopKind && !r.anyValidator(v) { // #X, a count of objects, is an object
		r.errorf(p, "%s: %s %v is not carried yet: it is carried as _, a struct literal, or a type of one JSON kind", what, role, v)
		return nil, false
	}
	matching, closedCtx := r.matching, r.closedCtx
	r.matching, r.closedCtx = true, false
	t, ok := r.typeAt(v, what, p)
	r.matching, r.closedCtx = matching, closedCtx
	if !ok {
		return nil, false
	}
	// A union here is judged once what tells its variants apart is known
	// (tellApart, after this round): one without a discriminator is
	// refused then (matchUnions).
	r.matchUnions = append(r.matchUnions, matchUnion{t, p, fmt.Sprintf("%s: %s %v", what, role, v)})
	return t, true
}

// matchUnion is a match part whose unions are judged once they are
// resolved: a union without a discriminator is not carried in a match.
type matchUnion struct {
	t    *Type
	p    Pos
	what string
}

// checkMatchUnions refuses each match part read so far that holds a
// union without a discriminator: CUE's match refuses a member no variant
// names, which the decoders of such a union do not judge strictly yet. A
// union with one is judged strictly as its variants are (every target
// reads the discriminator, then the variant, strictly in a match).
func (r *resolver) checkMatchUnions() {
	for _, m := range r.matchUnions {
		if why := unionIn(m.t, map[*Type]bool{}); why != "" {
			r.errorf(m.p, "%s holds %s, a union without a discriminator, which is not carried yet there: CUE's match refuses a member no variant names, which the decoders of such a union do not judge strictly yet; give its variants a constant field that tells them apart, or write them as alternatives", m.what, why)
		}
	}
	r.matchUnions = nil
}

// strictParts refuses a match part that holds a closed object where its
// holder's Go type drops a member it does not name (judgedAlike): the Go
// check would judge the part on the JSON without it, the open JSON Schema
// and TypeScript on the JSON with it. It is judged once every type is
// resolved (checkStrictParts).
func (r *resolver) strictParts(holder *Type, parts []*Type, p Pos, what, role string) {
	r.strictChecks = append(r.strictChecks, strictCheck{holder, parts, p, what, role})
}

// strictCheck is a call of strictParts, judged by checkStrictParts.
type strictCheck struct {
	holder     *Type
	parts      []*Type
	p          Pos
	what, role string
}

// checkStrictParts judges each match part strictParts was given, once
// every type is resolved: it marks the holders' objects Strict where
// judgedAlike asks it, or refuses the part.
func (r *resolver) checkStrictParts() {
	for _, c := range r.strictChecks {
		r.judgeStrictParts(c.holder, c.parts, c.p, c.what, c.role)
	}
	r.strictChecks = nil
}

// judgeStrictParts is strictParts' judgement of one holder's parts.
func (r *resolver) judgeStrictParts(holder *Type, parts []*Type, p Pos, what, role string) {
	for _, t := range parts {
		var strict []*Object
		if judgedAlike(holder, t, &strict) {
			for _, o := range strict {
				o.Strict = true
			}
			continue
		}
		r.errorf(p, "%s: %s holds a closed definition (or close({…})), whose match CUE refuses for a member it does not name; where the value's Go type drops such a member at a place the part judges (a closed object with a member pattern, or a value of several kinds, at the place the part holds a closed one or at an outer place where the part is closed too), or CUE fills a member there with a default the part does not name, it is not carried yet: Go would judge the value without such a member, the open JSON Schema and TypeScript with it; it is carried on an open object ({...}), as cue import writes allOf, and on a closed one of no member pattern, which then refuses a member it does not name in every target", what, role)
		return
	}
}

// describeElem names the kind of a list's items for a message.
func (r *resolver) describeElem(t *Type) string {
	switch t.Kind {
	case AnyKind:
		if t.MatchIf != nil {
			return "values under a matchIf"
		}
		return "any JSON values"
	case ObjectKind, UnionKind, MapKind:
		return "objects"
	case ListKind, TupleKind:
		return "lists"
	case EnumKind:
		return "enum members"
	case NullableKind:
		return "nullable values"
	case ScalarKind:
		return "a named scalar's values (#" + t.Scalar.Name + ")"
	}
	return t.BaseOf().String() + " values"
}

// tuple resolves a list literal with leading items of their own types
// ([A, B], [A, ...T]) or none at all ([]): a Tuple named after where it is.
// lt holds the constraints already read beside the literal.
func (r *resolver) tuple(v, lit cue.Value, n int, rest cue.Value, lt *Type, what string, ok bool) (*Type, bool) {
	p := r.pos(v)
	name := inlineName(what)
	if def := strings.TrimPrefix(what, "#"); def != what && !strings.ContainsAny(def, ".[") && r.defs[def] != nil {
		// A definition that is a tuple (#pair: [string, int]) has its
		// own name, pair (Go Pair), not a second one made from it.
		name = def
	}
	d := &def{name: name, v: v, pos: p, doc: fmt.Sprintf("%s is the value of %s.", name, what)}
	tu := &Tuple{Name: name, Doc: d.doc, Pos: p}
	if "#"+name != what {
		d.inTuple = tu
		r.placeAt(d, what)
	}
	for i := 0; i < n; i++ {
		at := fmt.Sprintf("%s[%d]", what, i)
		it, iok := r.typeAt(lit.LookupPath(cue.MakePath(cue.Index(i))), at, p)
		if !iok {
			ok = false
			continue
		}
		tu.Items = append(tu.Items, it)
	}
	if rest.Exists() {
		rt, rok := r.typeAt(rest, what+"[]", p)
		if !rok {
			return nil, false
		}
		tu.Rest = rt
	}
	if !ok {
		return nil, false
	}
	if tu.Rest != nil && n > 0 && all(tu.Items, func(it *Type) bool { return reflect.DeepEqual(it, tu.Rest) }) {
		// [#Contact, ...#Contact] (OpenSSF's Security Insights, written
		// for gengotypes with @go(,type=[]Contact)): every item is of the
		// rest's type, so the values are those of a list of it with at
		// least n items, carried as that (Go []Contact, JSON Schema
		// minItems) rather than as a tuple of n fields and a rest. The
		// same type is the same declared one: a struct in place at
		// [0] and another at [] are two types, named apart.
		r.inPlace = slices.DeleteFunc(r.inPlace, func(x *def) bool { return x == d })
		if lt.MinItems == nil || *lt.MinItems < n {
			lt.MinItems = &n
		}
		if lt.MaxItems != nil && *lt.MaxItems < n {
			r.errorf(p, "%s: a list of at least %d items with list.MaxItems(%d) admits no value", what, n, *lt.MaxItems)
			return nil, false
		}
		lt.Elem = tu.Rest
		return lt, r.contains(lt, what)
	}
	if len(lt.Contains) > 0 {
		r.errorf(lt.Contains[0].Pos, "%s: list.MatchN on a list with items of their own types is not carried yet: it is carried on a list of one type ([...T])", what)
		return nil, false
	}
	c := lt.Constraints
	if tu.Rest == nil {
		// A closed tuple has exactly its items: list.MinItems/MaxItems
		// either hold of every value of it, and say nothing more, or of
		// none.
		if (c.MinItems != nil && *c.MinItems > n) || (c.MaxItems != nil && *c.MaxItems < n) {
			r.errorf(p, "%s: a list of exactly %d items with list.MinItems/MaxItems that exclude %d admits no value", what, n, n)
			return nil, false
		}
		c.MinItems, c.MaxItems = nil, nil
	}
	r.pkg.Tuples = append(r.pkg.Tuples, tu)
	return &Type{Kind: TupleKind, Tuple: tu, Constraints: c}, true
}

// ScalarItems reports whether values of t are a string, number or boolean
// (an enum member, a constant, or a OneOf of such alternatives), not bytes:
// the items list.UniqueItems compares by value in Go (a []byte is not
// comparable) and not as JSON values.
func ScalarItems(t *Type) bool {
	switch t.Kind {
	case BasicKind, ScalarKind, ConstKind:
		// A []byte is no Go map key: bytes are compared as JSON values.
		return t.BaseOf() != Bytes
	case EnumKind:
		return true
	case OneOfKind:
		return all(t.OneOf.Alts, func(a *Alt) bool { return ScalarItems(a.Type) })
	}
	return false
}

// notOf narrows a scalar t by matchN(0, [X]), "not X", as cue import
// writes JSON Schema's not (int & matchN(0, [0]), string &
// matchN(0, ["a" | "b"])): an alternative of X of another kind than t's
// never matches a value of t and says nothing; one of t's kind is carried
// where its negation is a constraint of t: =~"re" gives !~"re", !~"re"
// gives =~"re", a constant gives != it. Any other (string whole, a bound)
// is refused, saying so.
func (r *resolver) notOf(t *Type, x cue.Value, what string, p Pos) bool {
	var kind cue.Kind
	switch t.BaseOf() {
	case String:
		kind = cue.StringKind
	case Int:
		kind = cue.IntKind
	case Number:
		kind = cue.NumberKind
	case Bool:
		kind = cue.BoolKind
	}
	if name, isRef := r.refName(x); isRef && r.defs[name] != nil && len(r.conjuncts(r.defs[name].v)) == 1 {
		// matchN(0, [#primitiveType]) & =~"…", #primitiveType: "null" |
		// "boolean" | … (Avro's custom type names): its constants.
		x = r.defs[name].v
	}
	alts := r.noneOf(x)
	ok := true
	for _, a := range alts {
		if kind != 0 && a.IncompleteKind()&kind == 0 {
			continue // null, a list, … beside a string: never one
		}
		if name, isRef := r.refName(a); isRef && r.defs[name] != nil && len(r.conjuncts(r.defs[name].v)) == 1 {
			// matchN(0, [#Var]) & string, #Var: =~"\$\{…\}"
			// (Vector's database node): the pattern it names.
			a = r.defs[name].v
		}
		op, args := r.expr(a)
		switch {
		case kind == 0:
		case (op == cue.RegexMatchOp || op == cue.NotRegexMatchOp) && len(args) == 1:
			ok = r.pattern(t, args[0], op == cue.RegexMatchOp, what, p) && ok
			continue
		case op == cue.NoOp && a.IsConcrete() && t.BaseOf() == Number && integral(a):
			// matchN(0, [0]) on a number admits 0.0: CUE's match
			// unifies, and the float 0.0 is no int, where != 0, JSON
			// Schema's const and every target compare numbers.
			r.errorf(p, "%s: matchN(0, [%s]) on a number is not carried: CUE's match unifies, so it admits %v written as the other of int and float (0.0 for 0, 1 for 1.0), which != and every target refuse; write != %v, or state int", what, oneLine(x), a, a)
			ok = false
			continue
		case op == cue.NoOp && a.IsConcrete():
			ok = r.notEqual(t, a, what, p) && ok
			continue
		}
		r.errorf(p, "%s: matchN(0, [%s]) is carried on a scalar where each alternative of its kind is a pattern (=~ or !~) or a constant, whose negation is a constraint of it; %s is not", what, oneLine(x), oneLine(a))
		ok = false
	}
	return ok
}

// complementBase reports the one scalar kind X leaves when it holds every
// other JSON kind whole: null, bool, number, string, [...] (any list),
// {...} (any object). matchN(0, [X]) then admits values of that kind
// alone, those X's alternatives of the kind do not admit (notOf): cue
// import's not of every type but one and a pattern or constant of it
// (codex-plugin-manifest's #relativePath).
func (r *resolver) complementBase(x cue.Value) (Base, bool) {
	alts := r.noneOf(x)
	var whole cue.Kind
	for _, a := range alts {
		if wholeKind(sourceExpr(a)) {
			whole |= a.IncompleteKind()
		}
	}
	switch (cue.NullKind | cue.BoolKind | cue.NumberKind | cue.StringKind | cue.ListKind | cue.StructKind) &^ whole {
	case cue.StringKind:
		return String, true
	case cue.NumberKind:
		return Number, true
	case cue.BoolKind:
		return Bool, true
	}
	return 0, false
}

// noneOf returns the alternatives matchN(0, [x]) admits a value of none
// of: x's disjuncts, and in place of one that is matchN(>=1, alts) (any
// of them, which a value matches when it matches one) those alts, each
// read so again (okh's #relPath: matchN(0, [matchN(>=1, [… =~"^[a-z]*:"
// …, … =~"^//" …])]), a string of neither pattern). matchN(1, alts) is
// kept whole: not exactly one of them is not none of them.
func (r *resolver) noneOf(x cue.Value) []cue.Value {
	if op, args := r.disjunction(x); op == cue.OrOp {
		var out []cue.Value
		for _, a := range args {
			out = append(out, r.noneOf(a)...)
		}
		return out
	}
	if r.isMatchN(x) {
		if lo, hi, alts, known := r.objectCount(x); known && lo == 1 && hi == nil && len(alts) > 0 {
			var out []cue.Value
			for _, a := range alts {
				out = append(out, r.noneOf(a)...)
			}
			return out
		}
	}
	return []cue.Value{x}
}

// integral reports a number constant with no fraction (1, 1.0): one that
// JSON may write as an int or as a float.
func integral(a cue.Value) bool {
	f, err := a.Float64()
	return err == nil && f == math.Trunc(f)
}

// notEqual narrows t by != a.
func (r *resolver) notEqual(t *Type, a cue.Value, what string, p Pos) bool {
	if s, err := a.String(); err == nil && s == "" && (t.Base == String) {
		// != "" is a string of at least one character.
		one := 1
		t.MinRunes = maxPtr(t.MinRunes, &one)
		return true
	}
	var lit string
	switch k := a.IncompleteKind(); {
	case t.Base == String && k == cue.StringKind:
		b, _ := json.Marshal(must(a.String()))
		lit = string(b)
	case (t.Base == Int || t.Base == Number) && k == cue.IntKind:
		n, err := a.Int64()
		if err != nil || n < -MaxSafeInt || n > MaxSafeInt {
			r.errorf(p, "%s: !=%v: the value is beyond what JSON readers hold exactly (±%d, I-JSON, RFC 7493)", what, a, int64(MaxSafeInt))
			return false
		}
		lit = strconv.FormatInt(n, 10)
	case t.Base == Number && k == cue.FloatKind:
		f, err := a.Float64()
		if err != nil || math.IsInf(f, 0) {
			r.errorf(p, "%s: !=%v: the value is beyond what a float64 holds", what, a)
			return false
		}
		lit = strconv.FormatFloat(f, 'g', -1, 64)
	case t.Base == Int && k == cue.FloatKind:
		return true // an integer is never 1.5: it holds of every value
	default:
		r.errorf(p, "%s: !=%v is not carried: != compares a string with a string or a number with a number", what, a)
		return false
	}
	if !slices.Contains(t.Not, lit) {
		t.Not = append(t.Not, lit)
	}
	return true
}

// pattern narrows t by =~ the regular expression re, or by !~ it (not).
// Several are all of them: =~"^a" & =~"b$" & !~"x".
func (r *resolver) pattern(t *Type, re cue.Value, not bool, what string, p Pos) bool {
	dst, sym := &t.Patterns, "=~"
	if not {
		dst, sym = &t.NotPatterns, "!~"
	}
	s, err := re.String()
	if e, isExpr := sourceExpr(re).(ast.Expr); t.Base == String && err != nil && isExpr {
		if ref := dataRef(e, false, r.topScope); ref != "" {
			// [string & =~"^\(S.appName):[a-z0-9]+$"]: #Role
			// (grafana-app-sdk's manifest): an expression of a member
			// of the data, no one expression for every document.
			r.errorf(p, "%s: %s %s is computed from %s, a member of the data: CUE builds the regular expression once the data gives that member, which no target's pattern states; write it out", what, sym, exprString(e), ref)
			return false
		}
	}
	if t.Base != String || err != nil {
		r.errorf(p, "%s: %s needs a string literal on a string", what, sym)
		return false
	}
	if slices.Contains(*dst, s) {
		return true // the same pattern twice is one
	}
	if _, err := regexp.Compile(s); err != nil {
		// CloudFormation's schemas in CUE (cfn-cue-modules): =~"^(?!aws:)…",
		// {0,1023}. cue vet passes the schema, and fails on every value.
		why := ""
		if se, ok := err.(*syntax.Error); ok && (se.Code == syntax.ErrInvalidPerlOp || se.Code == syntax.ErrInvalidRepeatSize || se.Code == syntax.ErrInvalidNamedCapture) {
			why = "; CUE's =~ and !~ are Go's RE2, which has no lookahead or lookbehind and repeats at most 1000 times"
		}
		r.errorf(p, "%s: %s %q is no regular expression CUE can evaluate (%v)%s: CUE refuses every value here (cue vet: invalid regexp), though it reads the schema; write the pattern in RE2's syntax", what, sym, s, err, why)
		return false
	}
	carried, why := carriedPattern(s)
	if why != "" {
		r.errorf(p, "%s: pattern %q: %s", what, s, why)
		return false
	}
	if !slices.Contains(*dst, carried) {
		*dst = append(*dst, carried)
	}
	return true
}

// constrain applies one conjunct (a basic type, a bound, a regexp or a
// builtin validator) to t, or reports why it cannot.
// computedRef reports, and says at p, that c is a reference that is no
// definition and no hidden field read in place (fieldRef): cuenv's ref:
// #Ref & {name: _name} under images?: [imageName=string]: #Image &
// {_self: imageName}, a hidden field whose value CUE computes from each
// member's name; timoni's port: #config.controller.targetPort, a field of
// a template's input.
func (r *resolver) computedRef(c cue.Value, what string, p Pos) bool {
	if op, _ := r.expr(c); op != cue.SelectorOp || calledName(c) != "" {
		return false
	}
	_, path := r.referencePath(c)
	if len(path.Selectors()) == 0 {
		return false
	}
	r.errorf(p, "%s: %v refers to %s, a value CUE computes where it is used (through a pattern's label, [name=K]: …, or a field of the data), here %s: no target states a value that differs by member or by document; refer to a definition or a hidden field that states a type", what, path.Selectors()[len(path.Selectors())-1], path, oneLine(c))
	return true
}

func (r *resolver) constrain(t *Type, c cue.Value, what string, at Pos) bool {
	p := r.pos(c)
	if !p.IsValid() {
		p = at // a conjunct of a predeclared type (int64, uint32) has no position of its own
	}
	if name, ok := r.refName(c); ok {
		// #Score & >0, with #Score a constrained scalar (int & <=100):
		// the value is the scalar's base under both its constraints and
		// these (1 to 100), a type of its own rather than #Score.
		if d := r.defs[name]; d != nil {
			r.classifyOnce(d)
			for hops := 0; d.alias != nil && d.alias.Type != nil && d.alias.Type.Kind == ScalarKind && hops < maxKindDepth; hops++ {
				// #c & >2, with #c: #b and #b: #a (cue import's
				// nested $refs): #a's constraints.
				sd := r.defs[d.alias.Type.Scalar.Name]
				if sd == nil {
					break
				}
				r.classifyOnce(sd)
				d = sd
			}
			if d.scalar != nil && (d.scalar.Base == t.BaseOf() || d.scalar.Base == Number && t.BaseOf() == Int) {
				// (int & #asn, with #asn: <=4294967295, fluyt's BGP
				// neighbours: a number's bounds, each read on the
				// integer as int & <=4294967295 reads it.)
				ok := true
				for _, dc := range r.conjuncts(d.v) {
					ok = r.constrain(t, dc, what, at) && ok
				}
				return ok
			}

		}
		r.errorf(p, "%s: constraints beside a reference are carried only on a scalar definition (#Score & >0, with #Score: int); state them in a new definition", what)
		return false
	}
	if onlyTop(sourceExpr(c), true) && t.Kind == BasicKind && (t.Base == String || t.Base == Int || t.Base == Number || t.Base == Bool) {
		// string & ((_ | _) & {_}): _ admits every scalar, and so
		// does {_}, closed or not.
		return true
	}
	if r.notNull(c) {
		// int & matchN(0, [null]) ({a?: int, [string]: matchN(0,
		// [null])}): a value of a base is never null.
		return true
	}
	op, args := r.expr(c)
	if rest := dropIntBesideFloat(args); op == cue.OrOp && (t.Base == Number || t.Base == Int) && len(rest) == 1 && fmt.Sprint(rest[0]) == "float" {
		// (int | float) & >0, number & (int | float): int | float is
		// every number (dropIntBesideFloat), which says nothing beside
		// a number or an int.
		return true
	}
	if t.Base == Bytes && (op != cue.NoOp || c.IsConcrete()) {
		// CUE has no validator of a length of bytes (strings.MinRunes
		// counts a string's characters), and a bound, pattern or
		// constant on bytes is about the bytes, while every target sees
		// their base64 text.
		if op == cue.NoOp {
			r.errorf(p, "%s: the bytes constant %v is not carried yet: schemagen carries bytes as a type, base64 text on the wire, and no target writes a constant of it; state bytes alone, or a string constant", what, c)
			return false
		}
		r.errorf(p, "%s: %v on bytes is not carried: bytes travel as base64 text, and no JSON Schema keyword, Go type or TypeScript check states a bound, pattern or constant of the bytes that text decodes to; state bytes alone", what, c)
		return false
	}
	switch op {
	case cue.NoOp:
		// The basic type itself (string, int, bool, a list literal).
		if !c.IsConcrete() {
			return true
		}
	case cue.GreaterThanEqualOp, cue.GreaterThanOp, cue.LessThanEqualOp, cue.LessThanOp:
		if t.Base == Number {
			return r.numberBound(t, op, args[0], what, p)
		}
		if t.Base != Int {
			if t.Base == String {
				// t09?: >"foo" (CUE's JSON Schema generator's tests):
				// CUE orders strings byte by byte, which a pattern
				// states (stringBoundPattern).
				lit, err := args[0].String()
				re, ok := stringBoundPattern(op, lit)
				if err != nil || !ok {
					r.errorf(p, "%s: the bound %v on a string is not carried: schemagen states a string's order as a pattern, for a string constant of at most %d characters", what, c, maxStringBound)
					return false
				}
				t.addPattern(re)
				return true
			} else {
				r.errorf(p, "%s: bounds are supported on numbers only", what)
			}
			return false
		}
		var bi big.Int
		if args[0].Kind() == cue.FloatKind {
			// int & >=0.0 (cue import of a JSON Schema integer whose
			// minimum is written 0.0): the integers it admits are those
			// of the integer bound next to it (>=0; >0.5 is >=1).
			var ok bool
			if op, ok = intOfFloatBound(op, args[0], &bi); !ok {
				r.errorf(p, "%s: the bound %v on an integer is not carried: schemagen could not read it as a number", what, args[0])
				return false
			}
		} else if _, berr := args[0].Int(&bi); berr != nil {
			r.errorf(p, "%s: the bound %v on an integer is not carried: it is no number", what, args[0])
			return false
		}
		if !bi.IsInt64() {
			var top big.Int
			top.SetUint64(math.MaxUint64)
			if op == cue.LessThanOp {
				top.Add(&top, big.NewInt(1))
			}
			if (op == cue.LessThanEqualOp || op == cue.LessThanOp) && bi.Cmp(&top) == 0 {
				// uint64, <=18446744073709551615 (cue import of a
				// JSON Schema's maximum of it): Go's uint64.
				t.Uint64 = true
				return true
			}
			if (op == cue.LessThanEqualOp || op == cue.LessThanOp) && bi.Sign() > 0 && bi.Cmp(&top) < 0 {
				// <=18446744073709547520 (MySQL's cache sizes in
				// KubeBlocks' parameter schemas): a uint64 whose upper
				// bound is its own, beyond what int64 holds.
				if op == cue.LessThanOp {
					bi.Sub(&bi, big.NewInt(1))
				}
				if bi.IsInt64() {
					n := bi.Int64() // <9223372036854775808 is int64's end
					t.Max = minPtr(t.Max, &n)
					return true
				}
				u := bi.Uint64()
				if t.UintMax == nil || u < *t.UintMax {
					t.UintMax = &u
				}
				t.Uint64 = true
				return true
			}
			if !r.requireBounded && bi.Sign() > 0 && (op == cue.LessThanEqualOp || op == cue.LessThanOp) && bi.Cmp(&top) > 0 {
				// <=18446744073709551616 (Vector's environment
				// schemas: a maximum of 2^64): an upper bound past
				// every Go integer is the end of the widest one the
				// lower bound allows (intRange), as a missing bound
				// is int64's.
				t.Uint64 = true
				if r.pastUint64 == nil {
					r.pastUint64 = map[*Type]bool{}
				}
				r.pastUint64[t] = true
				return true
			}
			if !r.requireBounded && bi.Sign() < 0 && (op == cue.GreaterThanEqualOp || op == cue.GreaterThanOp) {
				// >=-18446744073709551616: a lower bound past int64's
				// is int64's, as a missing one is.
				return true
			}
			r.errorf(p, "%s: the bound %v is beyond int64, the Go type of every integer; state a bound within -9223372036854775808 to 9223372036854775807, or an upper bound up to 2^64-1 with >=0 (uint64: <=18446744073709551615), whose Go type is uint64", what, args[0])
			return false
		}
		n := bi.Int64()
		switch op {
		case cue.GreaterThanOp:
			n++
			fallthrough
		case cue.GreaterThanEqualOp:
			t.Min = maxPtr(t.Min, &n)
		case cue.LessThanOp:
			n--
			fallthrough
		case cue.LessThanEqualOp:
			t.Max = minPtr(t.Max, &n)
		}
		return true
	case cue.EqualOp:
		// == v is v: a constant.
		switch a := args[0]; {
		case t.Base == String && a.IncompleteKind() == cue.StringKind:
			t.Kind, t.Const = ConstKind, must(a.String())
		case t.Base == Int && a.IncompleteKind() == cue.IntKind:
			n, _ := a.Int64()
			t.Kind, t.Const = ConstKind, strconv.FormatInt(n, 10)
		case t.Base == Bool && a.IncompleteKind() == cue.BoolKind:
			b, _ := a.Bool()
			t.Kind, t.Const = ConstKind, strconv.FormatBool(b)
		case t.Base == Number && a.IncompleteKind() == cue.IntKind:
			// ==1 on a number: the constant 1, which 1.0 equals too,
			// in CUE as in every target.
			n, err := a.Int64()
			if err != nil || n < -MaxSafeInt || n > MaxSafeInt {
				r.errorf(p, "%s: the constant %v is beyond what JSON readers hold exactly (±%d, I-JSON, RFC 7493)", what, a, int64(MaxSafeInt))
				return false
			}
			t.Kind, t.Base, t.Const = ConstKind, Int, strconv.FormatInt(n, 10)
		case t.Base == Number && a.IncompleteKind() == cue.FloatKind:
			f, err := a.Float64()
			if err != nil || math.IsInf(f, 0) {
				r.errorf(p, "%s: the constant %v is beyond what a float64 holds", what, a)
				return false
			}
			t.Kind, t.Const = ConstKind, strconv.FormatFloat(f, 'g', -1, 64)
		default:
			r.errorf(p, "%s: ==%v is not carried: write the constant itself", what, a)
			return false
		}
		return true
	case cue.NotEqualOp:
		return r.notEqual(t, args[0], what, p)
	case cue.RegexMatchOp, cue.NotRegexMatchOp:
		return r.pattern(t, args[0], op == cue.NotRegexMatchOp, what, p)
	case cue.CallOp:
		if x, ok := r.negation(c); ok {
			return r.notOf(t, x, what, p)
		}
		return r.builtin(t, c, args, what)
	}
	// list.UniqueItems written without its call means list.UniqueItems().
	if op == cue.SelectorOp && len(args) == 2 && t.Kind == ListKind && args[0].LookupPath(cue.ParsePath("MinItems")).Exists() {
		if name, _ := args[1].String(); name == "UniqueItems" {
			t.UniqueItems = true
			return true
		}
	}
	// A validator of package time written without its call: time.Time
	// means time.Time().
	if op == cue.SelectorOp && len(args) == 2 && args[0].LookupPath(cue.ParsePath("RFC3339")).Exists() {
		switch name, _ := args[1].String(); {
		case name == "Time" && t.Base == String:
			t.Base = Time
			return true
		case name == "Duration" && t.Base == String:
			t.Duration = true
			return true
		}
	}
	// A URL validator of package net written without its call: net.AbsURL
	// means net.AbsURL().
	if op == cue.SelectorOp && len(args) == 2 && args[0].LookupPath(cue.ParsePath("IPv6len")).Exists() && t.Base == String {
		switch name, _ := args[1].String(); name {
		case "URL", "AbsURL":
			t.URL = addURL(t.URL, URLCheck("net."+name))
			return true
		default:
			if re := netPatterns["net."+name]; re != "" {
				t.addPattern(re)
				return true
			}
		}
	}
	// uuid.Valid written without its call means uuid.Valid().
	if op == cue.SelectorOp && len(args) == 2 && args[0].LookupPath(cue.ParsePath("ns.DNS")).Exists() && t.Base == String {
		if name, _ := args[1].String(); name == "Valid" {
			t.addPattern(uuidPattern)
			return true
		}
	}
	if why := noMapping[calledName(c)]; why != "" {
		r.errorf(p, "%s: the constraint %s is not carried: %s", what, calledText(c), why)
		return false
	}
	if r.computedRef(c, what, p) {
		return false
	}
	if f, ok := c.Source().(*ast.Field); ok && !isBuiltinRef(f.Value) {
		switch f.Value.(type) {
		case *ast.SelectorExpr, *ast.Ident:
			// Name: M.#hof.metadata.name with #hof: metadata: name: N
			// from [N=string]: Model & {…} (hof's data models): a
			// reference CUE resolves where the value is used, here to
			// the pattern's label, so the value differs by member. It
			// was "the constraint string is not carried".
			r.errorf(p, "%s: its value is %s, which CUE resolves where the value is used (to %v here: through a pattern's label, [N=string]: …, or a member of the data, a value that differs by member or by document); no target states that as a type; refer to a definition or a hidden field that states a type", what, exprString(f.Value), c)
			return false
		}
	}
	r.errorf(p, "%s: the constraint %v is not carried (schemagen carries "+carriedCalls+")", what, c)
	return false
}

// addPattern adds re to the patterns a string of t matches, once.
func (t *Type) addPattern(re string) {
	if !slices.Contains(t.Patterns, re) {
		t.Patterns = append(t.Patterns, re)
	}
}

// uuidPattern is a UUID as CUE's uuid.Valid reads one (google/uuid's
// Validate): 32 hexadecimal digits in groups of 8-4-4-4-12 joined by -,
// after urn:uuid: in any case or between { and }, or the 32 digits alone.
const uuidPattern = `^(?:(?:[uU][rR][nN]:[uU][uU][iI][dD]:)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|\{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}|[0-9a-fA-F]{32})$`

// carriedCalls says, in every refusal of a constraint schemagen does not
// know, what it carries: one list, so that two messages never disagree.
const carriedCalls = "bounds, =~ and !~ patterns, strings.MinRunes/MaxRunes, strings.HasPrefix/HasSuffix/Contains, list.MinItems/MaxItems/UniqueItems/Contains/MatchN, math.MultipleOf, struct.MinFields/MaxFields, matchN, matchIf, time.Time, time.Format of a date, RFC 3339 or a time of day, time.Duration, net.URL, net.AbsURL, net.IPv4, net.IPv6, net.IP and net.IPCIDR, and uuid.Valid"

// noMapping says, of a validator no target can state as CUE does, why.
var noMapping = map[string]string{
	"net.FQDN":            "whether a string is a domain name is decided by IDNA's rules (CUE's net.FQDN reads it through golang.org/x/net/idna, which decodes and checks every xn-- label's Punycode), which no JSON Schema pattern states; JSON Schema's format \"hostname\" is an annotation validators need not assert, and theirs differ; state the names you admit with a =~ pattern",
	"list.IsSorted":       "whether a list is sorted compares its items with one another, which no JSON Schema keyword states",
	"encoding/json.Valid": "whether a string holds JSON text is no regular language, as JSON nests, so no JSON Schema pattern states it; JSON Schema's contentMediaType \"application/json\" is an annotation validators need not assert",
	"regexp.Valid":        "whether a string is a valid RE2 expression (what cue import writes for JSON Schema's format \"regex\") is no regular language, as its parentheses nest, so no JSON Schema pattern states it; JSON Schema's own format \"regex\" is ECMA-262's syntax, which is not RE2's, and validators need not assert a format",
}

// calledText is a call of a package's function as written
// (list.IsSorted(list.Ascending)), for a message, or c on one line.
func calledText(c cue.Value) string {
	if e, ok := sourceExpr(c).(ast.Expr); ok {
		return exprString(e)
	}
	return oneLine(c)
}

// calledName is pkg.Func of a call of a package's function as written
// (regexp.Valid()), or of the function without its call (regexp.Valid),
// or "".
func calledName(c cue.Value) string {
	src := sourceExpr(c)
	if call, ok := src.(*ast.CallExpr); ok {
		src = call.Fun
	}
	sel, ok := src.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	x, xok := sel.X.(*ast.Ident)
	fn, fok := sel.Sel.(*ast.Ident)
	if !xok || !fok {
		return ""
	}
	return importedAs(x) + "." + fn.Name
}

// importedAs is the standard library package an identifier names, as its
// builtins are known by: its import path where it refers to an import,
// also through an alias (import t "time") or a let (let _time = time, as
// CUE's OpenAPI tests write it), else the identifier itself.
func importedAs(x *ast.Ident) string {
	for range 8 {
		switch n := x.Node.(type) {
		case *ast.ImportSpec:
			if path, err := strconv.Unquote(n.Path.Value); err == nil && !strings.Contains(path, ".") {
				return path
			}
			return x.Name
		case *ast.LetClause:
			id, ok := n.Expr.(*ast.Ident)
			if !ok {
				return x.Name
			}
			x = id
			continue
		}
		return x.Name
	}
	return x.Name
}

// numberBound applies a bound to a Number: CUE's > and < are exclusive,
// which JSON Schema states as exclusiveMinimum and exclusiveMaximum.
func (r *resolver) numberBound(t *Type, op cue.Op, arg cue.Value, what string, p Pos) bool {
	f, err := arg.Float64()
	if err != nil || math.IsInf(f, 0) {
		r.errorf(p, "%s: the bound %v is beyond what a float64 holds", what, arg)
		return false
	}
	if (op == cue.LessThanEqualOp && f == math.MaxFloat64) || (op == cue.GreaterThanEqualOp && f == -math.MaxFloat64) {
		return true // float64's own range, which every float64 is in
	}
	switch op {
	case cue.GreaterThanOp, cue.GreaterThanEqualOp:
		excl := op == cue.GreaterThanOp
		if t.MinNum == nil || f > *t.MinNum || (f == *t.MinNum && excl) {
			t.MinNum, t.MinExclusive = &f, excl
		}
	default:
		excl := op == cue.LessThanOp
		if t.MaxNum == nil || f < *t.MaxNum || (f == *t.MaxNum && excl) {
			t.MaxNum, t.MaxExclusive = &f, excl
		}
	}
	return true
}

// validatorOf names a builtin validator among v's conjuncts
// (struct.MinFields(1) & {…}), which a struct's fields alone do not state.
func (r *resolver) validatorOf(v cue.Value) (string, bool) {
	for _, c := range r.countParts(v) {
		op, args := r.expr(c)
		if op != cue.CallOp || len(args) == 0 {
			continue
		}
		switch fn := args[0].Source().(type) {
		case *ast.SelectorExpr:
			x, xok := fn.X.(*ast.Ident)
			sel, sok := fn.Sel.(*ast.Ident)
			if xok && sok {
				return x.Name + "." + sel.Name, true
			}
		case *ast.Ident:
			if fn.Name == "close" {
				continue // close({…}) is the struct, closed
			}
			return fn.Name, true
		}
		if isCloseCall(sourceExpr(c)) {
			continue
		}
		if call, ok := sourceExpr(c).(*ast.CallExpr); ok && isIdentNamed(call.Fun, "matchIf") {
			return "matchIf", true
		}
		if call, ok := sourceExpr(c).(*ast.CallExpr); ok && isIdentNamed(call.Fun, "matchN") {
			return "matchN", true
		}
		return "a builtin validator", true
	}
	return "", false
}

func (r *resolver) builtin(t *Type, c cue.Value, args []cue.Value, what string) bool {
	p := r.pos(c)
	name := ""
	if sel, ok := args[0].Source().(*ast.SelectorExpr); ok {
		x, xok := sel.X.(*ast.Ident)
		fn, fok := sel.Sel.(*ast.Ident)
		if xok && fok {
			name = importedAs(x) + "." + fn.Name
		}
	}
	if name == "" {
		// A call CUE gives no source of its function (a key's
		// [strings.MinRunes(1)]): the call as written.
		name = calledName(c)
	}
	intArg := func(want Base) (*int, bool) {
		if len(args) != 2 || t.Base != want {
			return nil, false
		}
		n, err := args[1].Int64()
		if err != nil || n < 0 {
			return nil, false
		}
		i := int(n)
		return &i, true
	}
	if call, isCall := sourceExpr(c).(*ast.CallExpr); isCall && len(args) == 4 && isIdentNamed(call.Fun, "matchIf") {
		return r.matchIf(t, args[1:], p, what)
	}
	if call, isCall := sourceExpr(c).(*ast.CallExpr); isCall && len(args) == 3 && isIdentNamed(call.Fun, "matchN") {
		if handled, ok := r.scalarMatchNBeside(t, c, p, what); handled {
			return ok
		}
		if lo, hi, alts, known := r.objectCount(c); known && t.Kind == ListKind && hi != nil && lo == *hi && lo == len(alts) && r.allListValidators(alts) {
			// matchN(2, [list.MatchN(>=1, "a"), list.MatchN(>=1,
			// "b")]) beside [...string] (cue import's allOf of
			// contains: SchemaStore's kya): all of them, each a
			// constraint of the list.
			ok := true
			for _, a := range alts {
				for _, ac := range r.conjuncts(a) {
					ok = r.constrain(t, ac, what, p) && ok
				}
			}
			return ok
		}
		if lo, hi, alts, one := r.scalarMatchN(c); one && hi != nil && lo == *hi && lo == len(alts) && lo >= 2 {
			// matchN(48, [matchN(0, [K | =~"^and$" | …]) & string, …])
			// & =~"^[a-zA-Z_]\w*$" (Vector's C identifiers, no
			// keyword): every alternative holds, so each constrains t.
			ok := true
			for _, a := range alts {
				for _, ac := range r.conjuncts(a) {
					ok = r.constrain(t, ac, what, p) && ok
				}
			}
			return ok
		}
		r.errorf(p, "%s: %v beside other constraints is not carried: there, schemagen carries matchN(1, […]) and matchN(>=1, […]) of alternatives of the value's own scalar type (string, int, number), once, and a matchN of all of them (their conjunction)", what, oneLine(c))
		return false
	}
	var ok bool
	switch name {
	case "strings.MinRunes":
		var n *int
		if n, ok = intArg(String); ok {
			t.MinRunes = maxPtr(t.MinRunes, n)
		}
	case "strings.MaxRunes":
		var n *int
		if n, ok = intArg(String); ok {
			t.MaxRunes = minPtr(t.MaxRunes, n)
		}
	case "list.MinItems":
		var n *int
		if n, ok = intArg(0); ok {
			t.MinItems = maxPtr(t.MinItems, n)
			if *n > 0 {
				if r.minItemsCalls == nil {
					r.minItemsCalls = map[*Type]bool{}
				}
				r.minItemsCalls[t] = true
			}
		}
	case "list.MaxItems":
		var n *int
		if n, ok = intArg(0); ok {
			t.MaxItems = minPtr(t.MaxItems, n)
		}
	case "math.MultipleOf":
		if (t.Base != Int && t.Base != Number) || len(args) != 2 {
			break
		}
		num, scale, isDec := decimalOf(args[1])
		switch {
		case isDec && num < 1:
			r.errorf(p, "%s: math.MultipleOf(%v): a multiple of zero or of a negative number is no JSON Schema multipleOf, which must be positive; use a positive number", what, args[1])
			return false
		case !isDec || num > MaxSafeInt || scale > maxMultipleScale:
			r.errorf(p, "%s: math.MultipleOf(%v) is carried with a positive number literal of at most %d significant digits and %d decimals, which every target checks exactly", what, args[1], 15, maxMultipleScale)
			return false
		case scale > 0 && t.Base != Number:
			whole, _, _ := lcmDecimal(num, scale, 1, 0)
			r.errorf(p, "%s: math.MultipleOf(%v) on an integer admits the integers that are multiples of %d, its least whole multiple; write math.MultipleOf(%d)", what, args[1], whole, whole)
			return false
		}
		if t.MultipleOf != nil {
			// Both: a multiple of their least common multiple.
			var fits bool
			if num, scale, fits = lcmDecimal(*t.MultipleOf, t.MultipleOfScale, num, scale); !fits {
				r.errorf(p, "%s: math.MultipleOf(%v) beside math.MultipleOf(%s): their least common multiple is beyond ±%d", what, args[1], t.MultipleOfText(), int64(MaxSafeInt))
				return false
			}
		}
		t.MultipleOf, t.MultipleOfScale, ok = &num, scale, true
	case "list.MatchN":
		if t.Kind != ListKind || len(args) != 3 {
			break
		}
		return r.matchNCount(t, args[1], args[2], p, what)
	case "list.Contains":
		// list.Contains("foo"): an item equal to the value, which for a
		// scalar is one that unifies with it: list.MatchN(>=1, "foo").
		if t.Kind != ListKind || len(args) != 2 || !args[1].IsConcrete() {
			break
		}
		switch args[1].Kind() {
		case cue.StringKind, cue.IntKind, cue.FloatKind, cue.NumberKind, cue.BoolKind, cue.NullKind:
		default:
			r.errorf(p, "%s: list.Contains(%v) is carried with a string, number, boolean or null: an item equal to a struct or a list is no item that unifies with it, which every target's contains states", what, oneLine(args[1]))
			return false
		}
		one := 1
		c := &Contains{Pos: p, Min: &one}
		r.countItems(t, c, args[1])
		if r.byContains == nil {
			r.byContains = map[*Contains]bool{}
		}
		r.byContains[c] = true
		return true
	case "list.UniqueItems":
		if ok = len(args) == 1 && t.Kind == ListKind; ok {
			t.UniqueItems = true
		}
	case "time.Time":
		if ok = len(args) == 1 && t.Base == String; ok {
			t.Base = Time
		}
	case "time.Duration":
		if ok = len(args) == 1 && t.Base == String; ok {
			t.Duration = true
		}
	case "net.URL", "net.AbsURL":
		if ok = len(args) == 1 && t.Base == String; ok {
			t.URL = addURL(t.URL, URLCheck(name))
		}
	case "net.IPv4", "net.IPv6", "net.IP", "net.IPCIDR":
		// netip's forms, which CUE's net package reads (netaddr.go), as
		// patterns every target reads alike. On a string only: alone,
		// they also admit a list of bytes, or bytes.
		if ok = len(args) == 1 && t.Base == String; ok {
			t.addPattern(netPatterns[name])
		}
	case "uuid.Valid":
		// google/uuid's Validate, which CUE's uuid.Valid calls, as a
		// pattern every target reads alike.
		if ok = len(args) == 1 && t.Base == String; ok {
			t.addPattern(uuidPattern)
		}
	case "strings.HasPrefix", "strings.HasSuffix", "strings.Contains":
		// A literal part of the string, stated as the pattern of it
		// (its text quoted, every one of Go's and JavaScript's syntax
		// characters escaped): strings.HasPrefix("x-") is =~"^x-".
		if len(args) == 2 && t.Base == String {
			if lit, err := args[1].String(); err == nil {
				t.addPattern(affixPattern(strings.TrimPrefix(name, "strings."), lit))
				ok = true
			}
		}
	case "time.Format":
		if len(args) == 2 && t.Base == String {
			layout, _ := args[1].String()
			switch layout {
			case "2006-01-02":
				t.Base, ok = Date, true
			case "2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05.999999999Z07:00":
				// time.RFC3339 and time.RFC3339Nano: Go's time.Parse,
				// which CUE calls, reads a fraction of a second after the
				// seconds with either, so both are time.Time.
				t.Base, ok = Time, true
			case "15:04:05":
				// A time of day: what Go's time.Parse reads with this
				// layout, stated as a pattern (an hour of one or two
				// digits, a fraction of a second after . or ,).
				t.addPattern(timeOfDayPattern)
				ok = true
			default:
				// Another time of day (time.Kitchen, "3:04PM"): its
				// pattern, as time.Parse reads it (timelayout.go).
				re, why := timeLayoutPattern(layout)
				if re == "" {
					r.errorf(p, "%s: time.Format(%q) is not carried: it holds %s; schemagen carries the layouts \"2006-01-02\" (a calendar day), time.RFC3339 and time.RFC3339Nano (a date-time) and those of a time of day alone (\"15:04\", time.Kitchen, …), each checked as Go's time.Parse reads it", what, layout, why)
					return false
				}
				t.addPattern(re)
				ok = true
			}
		}
	default:
		if why := noMapping[name]; why != "" {
			r.errorf(p, "%s: the constraint %s is not carried: %s", what, calledText(c), why)
			return false
		}
		r.errorf(p, "%s: builtin %s is not carried (schemagen carries "+carriedCalls+")", what, orUnknown(name))
		return false
	}
	if !ok {
		r.errorf(p, "%s: %s is used in a way schemagen does not carry (check its argument and the type it constrains)", what, name)
	}
	return ok
}

// timeOfDayPattern is the language of time.Parse("15:04:05", s): Go reads
// the hour with one or two digits, minutes and seconds with two, and a
// fraction of a second after the seconds, behind a period or a comma.
const timeOfDayPattern = `^([0-9]|[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.,][0-9]+)?$`

func orUnknown(s string) string {
	if s == "" {
		return "(unknown)"
	}
	return s
}

func (r *resolver) resolveUnion(d *def) {
	u := d.union
	if d.unionDone {
		return // its variants are objects written in place (structUnion)
	}
	d.unionDone = true
	if d.altDefs != nil {
		for _, vd := range d.altDefs {
			if vd.union != nil {
				r.variantsOf(d, vd, d.pos, u)
				continue
			}
			if vd.object.Union != nil && vd.object.Union != u {
				r.shareVariant(d, vd.object, u, d.pos)
				continue
			}
			if !slices.Contains(u.Variants, vd.object) {
				// (*#A | #B told apart by kind: each variant is the
				// union's, as in #A | #B; it was left unmarked, and the
				// Go variant had both a Kind field and a Kind method)
				vd.object.Union = u
				u.Variants = append(u.Variants, vd.object)
			}
		}
		r.tellApart(d, u)
		return
	}
	_, args := r.expr(d.v)
	if alts, ok := r.matchOne(d.v); ok {
		args = alts
	}
	for _, a := range args {
		if a.IncompleteKind() == cue.NullKind {
			continue // #U: #A | #B | null: a use of #U may be null
		}
		name, _ := r.refName(a)
		vd := r.defs[name]
		if vd != nil && vd.union != nil && vd != d && u.Discriminator == "" {
			// *#D | #U, with #U a union of #D and others (invowk's llm:
			// *#LLMDefaultsConfig | #LLMConfig): the alternatives are
			// #U's variants, each once, as CUE's evaluation lists them.
			r.variantsOf(d, vd, r.pos(a), u)
			continue
		}
		switch {
		case vd == nil:
			r.errorf(r.pos(a), "%s: #%s is not a definition of this package", d.ref(), name)
			continue
		case vd.object == nil:
			r.errorf(r.pos(a), "%s: variant #%s must be a struct definition", d.ref(), name)
			continue
		case vd.object.Union != nil && vd.object.Union != u:
			r.shareVariant(d, vd.object, u, r.pos(a))
			continue
		}
		if slices.Contains(u.Variants, vd.object) {
			continue // *#D | #D | #P: one variant
		}
		vd.object.Union = u
		u.Variants = append(u.Variants, vd.object)
	}
	r.tellApart(d, u)
}

// sharedVariant is an object o that is a variant of u as well as of the
// union that has it first (o.Union), as d states at at.
type sharedVariant struct {
	o  *Object
	u  *Union
	d  *def
	at Pos
}

// shareVariant makes o, a variant of another union, a variant of u too,
// as d states at at: it is checked once every union is told apart
// (checkShared).
func (r *resolver) shareVariant(d *def, o *Object, u *Union, at Pos) {
	if !slices.Contains(u.Variants, o) {
		u.Variants = append(u.Variants, o)
	}
	r.shared = append(r.shared, sharedVariant{o, u, d, at})
}

// checkShared settles each object that is a variant of several unions.
// A union told apart by which members a value has holds its variants as
// they are. Of those told apart by a constant field, the object is a
// variant of each when every one is told apart by the same field, in
// which the object has its one value (its Tag): its Go type has one
// method for it, and writes it first, whichever union holds it. Unions
// told apart by different fields are refused.
func (r *resolver) checkShared() {
	for _, s := range r.shared {
		o, first := s.o, s.o.Union
		switch {
		case s.u.Discriminator == "" || first == s.u:
		case first == nil:
			o.Union = s.u // the union that had it first is untagged
		case first.Discriminator != s.u.Discriminator:
			r.errorf(s.at, "%s: #%s is a variant of #%s, told apart by %q, and of #%s, told apart by %q: a variant of several unions is carried when the same constant field tells the variants of each apart, the one its Go type has a method for", s.d.ref(), o.Name, first.Name, first.Discriminator, s.u.Name, s.u.Discriminator)
		case !slices.Contains(o.AlsoIn, s.u):
			o.AlsoIn = append(o.AlsoIn, s.u)
		}
	}
	r.shared = nil
}

// variantsOf adds the variants of vd's union, an alternative a of the
// disjunction d, to u, each once. A union told apart by a constant field
// among the alternatives is refused: its variants belong to it.
func (r *resolver) variantsOf(d, vd *def, at Pos, u *Union) bool {
	r.resolveUnion(vd)
	if !vd.union.Untagged() || len(vd.union.Variants) == 0 {
		r.errorf(at, "%s: #%s is a union told apart by %q, which is not carried among other alternatives: each of its variants belongs to it; list the alternatives of one union (#A | #B | #C)", d.ref(), vd.name, vd.union.Discriminator)
		return false
	}
	for _, o := range vd.union.Variants {
		if !slices.Contains(u.Variants, o) {
			u.Variants = append(u.Variants, o)
		}
	}
	return true
}

// tellApart finds what tells a union's variants apart: the discriminator,
// or, when no constant field does, their members (a union without a
// discriminator, checked once every object's if clauses are read).
func (r *resolver) tellApart(d *def, u *Union) {
	if len(u.Variants) == 0 {
		return
	}
	// The discriminator is the first field that every variant requires as a
	// string constant of its own: Kubernetes-style variants all state
	// apiVersion "v1" and differ in kind, so kind tells them apart.
	var shared string
	for _, f := range u.Variants[0].Fields {
		if !isTag(f) || !all(u.Variants, func(o *Object) bool { g := o.Field(f.Name); return g != nil && isTag(g) }) {
			continue
		}
		if distinctConsts(u.Variants, f.Name) {
			u.Discriminator = f.Name
			break
		}
		if shared == "" {
			shared = f.Name
		}
	}
	if u.Discriminator == "" && shared != "" {
		u.Discriminator = shared // its duplicates are reported below
	}
	if u.Discriminator == "" {
		if copied, handled := r.taggedCopies(d, u); copied {
			r.tellApart(d, u) // told apart by the field the copies require
			return
		} else if handled {
			return
		}
		// No constant field tells the variants apart: an untagged union,
		// told apart by which members a value has (see untagged).
		for _, o := range u.Variants {
			if o.Union == u {
				o.Union = nil
			}
		}
		r.untaggedUnions = append(r.untaggedUnions, d)
		return
	}
	seen := map[string]*Object{}
	for _, o := range u.Variants {
		f := o.Field(u.Discriminator)
		o.Tag = f.Type.Const
		if prev := seen[o.Tag]; prev != nil {
			r.errorf(f.Pos, "%s: #%s and #%s both have %s %q", d.ref(), prev.Name, o.Name, u.Discriminator, o.Tag)
		}
		seen[o.Tag] = o
	}
}

// distinctConsts reports whether the constant field name of each object
// holds a value no other's holds.
func distinctConsts(objects []*Object, name string) bool {
	seen := map[string]bool{}
	return all(objects, func(o *Object) bool {
		c := o.Field(name).Type.Const
		ok := !seen[c]
		seen[c] = true
		return ok
	})
}

func isTag(f *Field) bool {
	return !f.Optional && f.Type != nil && f.Type.Kind == ConstKind && f.Type.Base == String
}

func all[T any](xs []T, pred func(T) bool) bool {
	for _, x := range xs {
		if !pred(x) {
			return false
		}
	}
	return true
}

// comprehensionLits are the struct literals whose if clauses apply to the
// object d: its own, and those of the object definitions its value
// conjoins (#P & {…}) or embeds ({#P, …}), at any depth, each once. CUE
// evaluates a definition's if clauses in every value it is part of, with
// that value's fields (cuenv's #TypeScriptFile: #ProjectFile & {…}).
func (r *resolver) comprehensionLits(d *def) []*ast.StructLit {
	var out []*ast.StructLit
	seen := map[*def]bool{}
	added := map[*ast.StructLit]bool{}
	var expr func(e ast.Expr)
	var visit func(x *def)
	add := func(lit *ast.StructLit) {
		if added[lit] {
			return
		}
		added[lit] = true
		out = append(out, lit)
		for _, el := range lit.Elts {
			if emb, ok := el.(*ast.EmbedDecl); ok {
				expr(emb.Expr)
			}
		}
	}
	expr = func(e ast.Expr) {
		for _, x := range andOperands(e) {
			if lit, ok := structLit(x); ok {
				add(lit)
			} else if id, isIdent := x.(*ast.Ident); isIdent {
				if vd := r.identDef(id); vd != nil && vd.object != nil {
					visit(vd)
				}
			}
		}
	}
	visit = func(x *def) {
		if seen[x] {
			return
		}
		seen[x] = true
		if e, ok := sourceExpr(x.v).(ast.Expr); ok {
			expr(e)
		}
		if lit, ok := x.literal(); ok {
			add(lit)
		}
	}
	visit(d)
	return out
}

// resolveForbids finds the optional fields that an object's comprehensions
// forbid when an enum field holds a given member, by asking CUE: fill the
// enum field with each member and see which optional fields become bottom.
func (r *resolver) resolveForbids(d *def) {
	o := d.object
	if r.closedWithIf(d.v) {
		return // it admits no document, said once (resolveObject)
	}
	forbids := false
	for _, lit := range r.comprehensionLits(d) {
		forbids = r.comprehensions(d, lit) || forbids
	}
	if !forbids {
		return // nothing can forbid a field; skip the probing
	}
	for _, f := range o.Fields {
		if f.Type == nil || f.Type.Kind != EnumKind {
			continue
		}
		for _, m := range f.Type.Enum.Members {
			filled := d.v.FillPath(cue.MakePath(cue.Str(f.Name)), m.Value)
			var fb *Forbid
			for _, g := range o.Fields {
				if !g.Optional {
					continue
				}
				gv := filled.LookupPath(cue.MakePath(cue.Str(g.Name).Optional()))
				if gv.Err() == nil {
					continue
				}
				if fb == nil {
					fb = &Forbid{Field: f.Name, Value: m.Value, Pos: r.forbidPos(gv, g)}
					o.Forbids = append(o.Forbids, fb)
				}
				fb.Absent = append(fb.Absent, g.Name)
			}
		}
	}
	// A field forbidden for every member is a mistake, not a rule.
	for _, g := range o.Fields {
		n := 0
		var enumField *Field
		for _, fb := range o.Forbids {
			for _, a := range fb.Absent {
				if a == g.Name {
					n++
					enumField = o.Field(fb.Field)
				}
			}
		}
		if enumField != nil && n == len(enumField.Type.Enum.Members) {
			r.errorf(g.Pos, "#%s.%s is forbidden for every %s; remove the field instead", o.Name, g.Name, enumField.Name)
		}
	}
}

func (r *resolver) forbidPos(gv cue.Value, g *Field) Pos {
	if p := r.ps.of(gv.Pos()); p.IsValid() {
		return p
	}
	return g.Pos
}

// selected returns the field v refers to when v is a reference through a
// definition or a hidden field that does not enclose v (h: #Values.h
// inside #Spec, with #Values: #M; h: #M.h; h: _defaults.h): no data sets
// such a field, so its value is a type, default and all, which v has as
// written there. A reference through v's own enclosing structs only
// (x.h beside x) is to the data's value, and not read here.
func (r *resolver) selected(v cue.Value) (cue.Value, bool) {
	if op, _ := r.expr(v); op != cue.SelectorOp {
		return cue.Value{}, false
	}
	root, path := r.referencePath(v)
	sels, own := path.Selectors(), r.pathOf(v).Selectors()
	for i, s := range sels {
		if !s.IsDefinition() && s.LabelType() != cue.HiddenLabel {
			continue
		}
		if sharedPrefix(sels, own) > i {
			continue // a struct around v: its fields are the data's
		}
		t := root.LookupPath(path)
		return t, t.Exists()
	}
	return cue.Value{}, false
}

// typeField returns the field a reference v selects when it names a
// regular field of a definition of the package, through regular fields
// (#types.flake, #types.ports.http): a value the schema states, whatever
// the data, which was refused as one CUE resolves where it is used. A
// definition itself (#A, pkg.#A, #A.#B) is no such field: it is a type of
// its own; nor is a field of a definition inside the value's own
// definition, a template's input.
func (r *resolver) typeField(v cue.Value) (cue.Value, bool) {
	if op, _ := r.expr(v); op != cue.SelectorOp {
		return cue.Value{}, false
	}
	if _, isSel := sourceExpr(v).(*ast.SelectorExpr); !isSel {
		return cue.Value{}, false
	}
	root, path := r.referencePath(v)
	sels := path.Selectors()
	if len(sels) < 2 || !sels[0].IsDefinition() || sels[0].LabelType() != cue.DefinitionLabel || sels[0].String() == "#" {
		// Not a definition of the package's own: cue import's
		// _#defs."/x" and #."x-y" are types of their own (quotedDefs).
		return cue.Value{}, false
	}
	if sharedPrefix(sels, r.pathOf(v).Selectors()) > 0 {
		// #Svc: {#config: #Config, port: #config.controller.port}: a
		// template's input, which a CUE user of the schema sets.
		return cue.Value{}, false
	}
	for _, s := range sels[1:] {
		if s.IsDefinition() || s.LabelType() != cue.StringLabel {
			return cue.Value{}, false // #A.#B is a type of its own
		}
	}
	t := root.LookupPath(path)
	if !t.Exists() {
		return cue.Value{}, false
	}
	if _, isSel := sourceExpr(t).(*ast.SelectorExpr); isSel {
		return cue.Value{}, false // a chain of such: read by the reference, as before
	}
	return t, true
}

// sharedPrefix is how many selectors a and b begin with alike.
func sharedPrefix(a, b []cue.Selector) int {
	k := 0
	for k < len(a) && k < len(b) && a[k].String() == b[k].String() {
		k++
	}
	return k
}

// pathString writes selectors as a CUE path (a.b.#c).
func pathString(sels []cue.Selector) string {
	return cue.MakePath(sels...).String()
}

// dataDefault returns the reference a default marks in e (T | *a, T |
// *x.y) when it names a member of the data: a field by its regular name
// declared inside the definition (or anywhere, for a package's root
// object, whose top level is the document), not a definition, a hidden
// field, an import or a name CUE declares. It is "" for a default that
// is a type (string | *int) or a constant.
func dataDefault(e ast.Expr, root bool, top func(ast.Node) bool) string {
	for _, x := range orOperands(e) {
		if m, ok := x.(*ast.UnaryExpr); ok && m.Op == token.MUL {
			if ref := dataRef(m.X, root, top); ref != "" {
				return exprString(m.X)
			}
			if ref := defaultDataRef(m.X, root, top); ref != "" {
				return exprString(m.X) + ", which takes " + ref // *[{name: Name}]
			}
		}
	}
	return ""
}

// dataIdent reports whether a reference names a member of the data, or a
// member's name: a field by its regular name that is not a constant
// written in place (a: "x" is a constant, a: int is the data's), or a
// pattern's label (N in [N=string]: …). A definition, a hidden field, an
// import, a name CUE declares or a field declared at the package's top
// level (top says which scope that is: the files, or the struct at the
// typesAt path; unless that is the document, root) is the schema's; a let is
// what its expression names; a name declared inside within (the value
// being read) is read where it is declared. (A definition used inside
// the document that names a top-level field is read with the schema's
// value of it: validated against the document as a whole, CUE would take
// the document's. Not refused; a corner no corpus has shown.) Each let is
// followed once (seen): CUE refuses a cycle of lets, and the walk does not
// depend on that.
func dataIdent(id *ast.Ident, root bool, top func(ast.Node) bool, within ast.Node, seen map[*ast.LetClause]bool) bool {
	n := id.Node
	switch {
	case predeclared[id.Name], strings.HasPrefix(id.Name, "#"), strings.HasPrefix(id.Name, "_"):
		return false
	case n == nil:
		// Declared in another file of the package, so at its top level:
		// the document's, where the object is the package's root.
		return root
	case isImport(n):
		return false
	case within != nil && holds(within, n.Pos()):
		return false
	case !root && top(id.Scope):
		return false
	}
	if _, isFor := id.Scope.(*ast.ForClause); isFor {
		return false // a for clause's key or value: for is refused in an object, saying so
	}
	if let, ok := n.(*ast.LetClause); ok {
		if seen[let] {
			return false
		}
		if seen == nil {
			seen = map[*ast.LetClause]bool{}
		}
		seen[let] = true
		return dataRefSeen(let.Expr, root, top, seen, false, nil) != ""
	}
	return !literalValue(n)
}

// constantValue reports whether v is one concrete value, with no default
// beside others (a: "x", not a: *"x" | string, whose value the data
// chooses).
func constantValue(v cue.Value) bool {
	if _, has := v.Default(); has {
		return false
	}
	return v.Validate(cue.Concrete(true)) == nil
}

// literalValue reports whether n is a constant written in place: a
// string, number, boolean or null literal, or a closed list or struct of
// such (regular fields of names written as they are: no computed label).
// It is also what a default of data is (*{retries: 3} | #Opts, *[{path:
// "/"}] | [...#Rule]: objectDefault).
func literalValue(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return literalValue(x.X)
	case *ast.Ident:
		return x.Name == "true" || x.Name == "false" || x.Name == "null"
	case *ast.ListLit:
		for _, e := range x.Elts {
			if !literalValue(e) {
				return false
			}
		}
		return true
	case *ast.StructLit:
		for _, e := range x.Elts {
			f, ok := e.(*ast.Field)
			if !ok || f.Constraint != token.ILLEGAL || !literalValue(f.Value) {
				return false
			}
			if _, _, err := ast.LabelName(f.Label); err != nil {
				return false
			}
		}
		return true
	}
	return false
}

// labelSelfRef returns the first reference in the value of f, a pattern
// with a label alias ([name=K]: V), to that alias, outside the structs
// and comprehensions of V (their fields are read, and refused, one by
// one: [n=string]: {id: n}), with the alias's name; nil when V makes no
// such reference.
func labelSelfRef(f *ast.Field) (*ast.Ident, string) {
	lst, ok := f.Label.(*ast.ListLit)
	if !ok || len(lst.Elts) != 1 {
		return nil, ""
	}
	al, ok := lst.Elts[0].(*ast.Alias)
	if !ok {
		return nil, ""
	}
	var ref *ast.Ident
	ast.Walk(f.Value, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StructLit, *ast.Field, *ast.Comprehension:
			return false
		case *ast.Ident:
			// resolved to the alias's name or, as CUE's loader
			// resolves it, to the alias's expression
			if ref == nil && n.Name == al.Ident.Name && n.Node != nil && (n.Node == ast.Node(al.Ident) || n.Node == ast.Node(al.Expr)) {
				ref = n
			}
		}
		return ref == nil
	}, nil)
	return ref, al.Ident.Name
}

// labelSelfRefMsg says why the pattern value of what, value, computed from
// the member's name (the label alias name), is refused.
func labelSelfRefMsg(what, value, name string) string {
	return fmt.Sprintf("%s: the value of each member the pattern admits is computed from the member's own name (%s, the label [%s=…]): CUE requires the value to agree with the name, a check between a member's name and its value that no JSON Schema keyword states, nor a Go or TypeScript map's type; state the value's type (string), and the names' pattern in the label ([=~\"…\"]: T)", what, value, name)
}

// dataRef returns the first reference in e to a member of the data
// (dataIdent), as written, or "": y in len(y), N in {name: N}, a in >a.
func dataRef(e ast.Expr, root bool, top func(ast.Node) bool) string {
	return dataRefSeen(e, root, top, nil, false, nil)
}

// dataRefSeen is dataRef, with the lets followed so far (dataIdent); deep
// reads inside struct literals too, a comprehension there the data's
// (defaultDataRef); a name declared inside within (e when nil) is not the
// data's (checksData: a hidden struct's own fields).
func dataRefSeen(e ast.Expr, root bool, top func(ast.Node) bool, seen map[*ast.LetClause]bool, deep bool, within ast.Node) string {
	if within == nil {
		within = e
	}
	found := ""
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		if found != "" {
			return false
		}
		switch x := n.(type) {
		case *ast.StructLit:
			return deep // else an object of its own, whose fields are read one by one
		case *ast.Comprehension:
			if deep {
				found = "a comprehension"
				return false
			}
		case *ast.Field:
			ast.Walk(x.Value, walk, nil) // the label declares
			return false
		case *ast.Alias:
			ast.Walk(x.Expr, walk, nil)
			return false
		case *ast.SelectorExpr:
			if id := selectorRoot(x); id != nil {
				if dataIdent(id, root, top, within, seen) {
					found = exprString(x)
				}
				return false
			}
			ast.Walk(x.X, walk, nil) // (#W & {}).out: out is a label of #W's, not a reference
			return false
		case *ast.Ident:
			if dataIdent(x, root, top, within, seen) {
				found = x.Name
			}
			return false
		}
		return true
	}
	ast.Walk(e, walk, nil)
	return found
}

// emptyList reports whether v is the list [].
func emptyList(v cue.Value) bool {
	n, err := v.Len().Int64()
	return err == nil && n == 0
}
