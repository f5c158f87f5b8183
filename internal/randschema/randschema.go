// Package randschema writes random CUE modules of the constructs
// schemagen carries, and random JSON instances near their definition #A,
// for the differential tests (conformance/differential, and the random
// cases of conformance/constructs): each judge of the contract must give
// every instance CUE's verdict. The same seed always gives the same module
// and the same instances.
//
// The generator leaves out the forms where CUE v0.17.1's evaluator and
// the language part ways, which docs/jsonschema.md writes down: a list
// validator beside items that hold a struct literal, and an if beside
// optional members alone.
package randschema

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"

	"github.com/schemagen/schemagen/gen/model"
)

// typ is one CUE type the generator wrote: its text, and a sampler of
// JSON values near it (mostly what it admits, at its edges, sometimes
// not: the judges, not the generator, say which).
type typ struct {
	cue    string
	sample func(r *rand.Rand) any
	// scalar: the text may stand beside a default (*v | T) and in a named
	// scalar definition; lit is a value it admits, for such a default.
	scalar bool
	lit    string
	// noZero: the type refuses its Go zero value ("" or 0), so an
	// optional field of it may ask for the value itself, its zero
	// standing for absent (@go(,optional=zero)).
	noZero bool
	// refusing: an object with an if whose body is _|_; nullRefusing:
	// null | such an object, which two member patterns of a map must not
	// both hold (CUE v0.17.1 then admits values the object refuses:
	// docs/jsonschema.md, constructs refusal-two-patterns).
	refusing, nullRefusing bool
}

// gen writes one random module: named scalars, an enum, an object
// definition, and #A, the definition judged, whose fields use them.
type gen struct {
	r       *rand.Rand
	unknown bool
	// lib: the named types are top-level regular fields (N1: …), as a
	// library of types declares them, not definitions (#N1: …).
	lib    bool
	prefix string // of the fields' names: f0, f1, …
	decls  []string
	nnamed int
	// aux draws what was added to the generator later (a definition
	// within a struct), so that r's stream stays as it was and each
	// seed keeps its shape (FuzzDifferential's seeds).
	aux     *rand.Rand
	nscoped int
	// members draws a default taken from another member (dd: string |
	// *"\(dn)s"), added after aux, on a stream of its own for the same
	// reason.
	members *rand.Rand
	// strs draws a string's later forms (a bound on a string, >"ab"; a
	// pattern with RE2's flags, =~"(?i)^a"), on a stream of its own for
	// the same reason.
	strs *rand.Rand
	// nums draws a number's later forms (an integer up to a bound of its
	// own past int64, a pair 2 | 2.0, a float range with an int constant
	// beside it, a dead alternative), on a stream of its own for the same
	// reason.
	nums *rand.Rand
	// conds draws an if of the later forms (a condition on a boolean, on
	// an integer's value or on a field with a default; a body that
	// narrows a field declared beside it or forbids one), where no other
	// form beside a struct's fields was drawn, on a stream of its own for
	// the same reason.
	conds *rand.Rand
	// patterns draws a member pattern's later forms beside the ^x-
	// pattern (a second typed pattern of another Go type, whose names
	// ^x-'s never match: a map of its own in Go; a pattern naming a
	// few members, (c|m)?js), on a stream of its own for the same
	// reason.
	patterns *rand.Rand
	// counts draws an alternative of a count that is an object with a
	// count of members written in place (struct.MinFields(1) &
	// struct.MaxFields(1) & {…}, cue import's anyOf of an object with
	// minProperties and maxProperties), on a stream of its own for the
	// same reason.
	counts *rand.Rand
	// matchIfs draws a then whose if tests a member's presence and
	// requires another (cue import's dependentRequired inside an
	// if/then), with an embedded {} beside it, on a stream of its own
	// for the same reason.
	matchIfs *rand.Rand
	// embeds draws, for the counted object of counts, a pattern for its
	// other members embedded in it (cue import's additionalProperties
	// beside minProperties and maxProperties: Bamboo's task item), on a
	// stream of its own for the same reason.
	embeds *rand.Rand
	// kindCounts draws a count of kinds beside every JSON kind whose
	// object is struct.MinFields alone (cue import's minProperties on a
	// schema of no one type: resjson), on a stream of its own for the
	// same reason.
	kindCounts *rand.Rand
	// refCounts draws, for null | #Obj, a count of a reference to a
	// count of kinds apart and a list (JSON:API's relationship data:
	// matchN(1, [#toOne, [...T]]), #toOne: matchN(>=1, [null, #Obj])),
	// on a stream of its own for the same reason.
	refCounts *rand.Rand
	// allOfRefs draws, for #Base embedded, a reference beside {...} to a
	// count of all of two open objects (Cloudify's #A: #B & {...}, #B:
	// matchN(2, [#R & {...}, {use?: bool, ...}])), on a stream of its
	// own for the same reason.
	allOfRefs *rand.Rand
	// overlaps draws, for cue import's if/then, a count of one of two
	// open objects beside a struct, both of which the empty object
	// matches (dotnet's template forms), on a stream of its own for the
	// same reason.
	overlaps *rand.Rand
	// wholeTwice draws, for null | #Obj, exactly one of a reference to a
	// count of a list and null, bool and null (jscsrc's rules), on a
	// stream of its own for the same reason.
	wholeTwice *rand.Rand
	// unnamedParts draws, for close({...}), a count of one of two open
	// objects, one holding a closed definition inside a member the open
	// object beside the count does not name, that object's own field
	// holding the definition too (SchemaStore's hwsconfig hosts), on a
	// stream of its own for the same reason.
	unnamedParts *rand.Rand
	// strictHolders draws, for close({...}), a count of open objects or
	// of closed definitions beside a closed struct that holds a closed
	// definition where a part does (SchemaStore's gRPC API gateway's
	// bindings, bxci's stages), on a stream of its own for the same
	// reason.
	strictHolders *rand.Rand
	// openings draws, for close({...}), a definition whose if clause
	// embeds a disjunction that opens it while the condition holds
	// (cue import's dependentSchemas beside additionalProperties: false),
	// on a stream of its own for the same reason.
	openings *rand.Rand
	// trivialIfs draws, for a string, a matchIf whose parts admit every
	// string beside one that checks (SchemaStore's minecraft dimension
	// through cue import), on a stream of its own for the same reason.
	trivialIfs *rand.Rand
	// statedAgain draws, for a union of two named objects, a definition
	// of the union beside a struct that says again what each variant
	// says of kind (cue-labs/oci's #registry: #client | … beside
	// {kind!: string}), on a stream of its own for the same reason.
	statedAgain *rand.Rand
	// selfDefaults draws, for a union of two named objects outside a
	// library, *#A | #B whose #B holds the union, of which CUE reports
	// no default and yet takes #A (a union read without its default
	// until 2026-12-07), on a stream of its own for the same reason.
	selfDefaults *rand.Rand
	// declaredDefaults draws, for the field an if body declares on a
	// required member's value, a default where it is regular
	// (if mode == "a" {h: *v | T}), a stream of its own so that every
	// seed's schema is otherwise the same.
	declaredDefaults *rand.Rand
	// narrowedDefaults draws, for the number an if body narrows, a
	// default of its own beside the if, which the body's bound refuses
	// (*1) or meets (*5), and the body's declaration regular or not.
	narrowedDefaults *rand.Rand
	// defaultedModes draws, for the enum of strings an if body tests,
	// a regular field with a default (mode: "a" | *"b" | "c") in place
	// of a required one, so that the test reads the default where the
	// data leaves mode out.
	defaultedModes *rand.Rand
	// ors draws, for a later if that tests one field's value, an || of
	// two tests of it (if ck == 3 || ck == 5, if ck < 1 || ck > 4, if
	// cm == "a" || cm == "c") in place of one, on a stream of its own so
	// that every other draw of a seed stays as it was.
	ors *rand.Rand
	// matches draws the if conditions carried since 2026-12-08, on a
	// stream of its own: a string's match or order (if cs =~ "^a", if cs
	// > "m", strings.HasPrefix), a number's order (if cx > 0.5), a list's
	// or a map's count (if len(cl) > 0), a list's item (list.Contains),
	// a null (if cu == null), tests joined by && and || nested ((cb && ck
	// > 2) || ck == 0), an || or an absence opening a closed object, and
	// a declared field declared again (if cz {ch?: string}).
	matches *rand.Rand
	// zeros draws an optional field of a type that refuses its zero
	// value whose @go asks for the value itself (optional=zero), on a
	// stream of its own for the same reason.
	zeros *rand.Rand
	// nets draws one of net's address checks alone (ip?: net.IP), its
	// address as text or as the list of its bytes, where the text form
	// is drawn, on a stream of its own for the same reason.
	nets *rand.Rand
	// inPlace draws a choice of kinds whose named alternative holds an
	// object in place, and a union of objects in place that holds
	// itself, on a stream of its own for the same reason.
	inPlace *rand.Rand
	// rootLevel: the next struct is the package's top level, where a
	// field that refers to another makes the package a library of types
	// (model.TypeLibrary), so no member default is drawn there.
	rootLevel bool
}

// num is a JSON number written as its text.
func num(s string) json.Number { return json.Number(s) }

// wrong is a value of a random JSON kind, for the samplers' mistakes.
func wrong(r *rand.Rand) any {
	switch r.IntN(7) {
	case 0:
		return nil
	case 1:
		return true
	case 2:
		return num(strconv.Itoa(r.IntN(21) - 10))
	case 3:
		return num("2.5")
	case 4:
		return []string{"a"}[:r.IntN(2)]
	case 5:
		return map[string]any{}
	default:
		return "zz"
	}
}

// pick returns one of vs.
func pick[T any](r *rand.Rand, vs ...T) T { return vs[r.IntN(len(vs))] }

// intType is an int, bounded or not, or a fixed-size one.
func (g *gen) intType() typ {
	r := g.r
	lo := r.IntN(7) - 3
	hi := lo + 1 + r.IntN(5)
	var text string
	var edges []int
	var noZero bool // 0 is refused
	switch r.IntN(6) {
	case 0:
		text, edges = "int", []int{0, -1, 7}
	case 1:
		text, edges, noZero = fmt.Sprintf("int & >=%d", lo), []int{lo - 1, lo, lo + 1}, lo > 0
	case 2:
		text, edges, noZero = fmt.Sprintf("int & > %d & <= %d", lo, hi), []int{lo, lo + 1, hi, hi + 1}, lo >= 0 || hi < 0
	case 3:
		text, edges, noZero = fmt.Sprintf("int & >= %d & < %d", lo, hi), []int{lo - 1, lo, hi - 1, hi}, lo > 0 || hi <= 0
	case 4:
		text, edges = "uint8", []int{-1, 0, 255, 256}
	default:
		text, edges, noZero = fmt.Sprintf("int & !=%d", lo), []int{lo, lo + 1}, lo == 0
	}
	if noZero {
		edges = append(edges, 0) // the zero, present: refused
	}
	if g.nums.IntN(5) == 0 {
		// A uint64 up to a bound of its own past int64 (MySQL's cache
		// sizes), its edges numbers a double holds exactly.
		return numberForm("int & >=0 & <=18446744073709547520", "0", "-1", "0", "9223372036854775808", "18446744073709547520", "18446744073709549568")
	}
	lit := edges[len(edges)/2]
	if noZero {
		lit = edges[(len(edges)-1)/2] // (not the zero appended)
	}
	return typ{cue: text, scalar: true, lit: strconv.Itoa(lit), noZero: noZero, sample: func(r *rand.Rand) any {
		if r.IntN(10) == 0 {
			return wrong(r)
		}
		return num(strconv.Itoa(pick(r, edges...)))
	}}
}

// numberType is a number, bounded or not.
func (g *gen) numberType() typ {
	r := g.r
	lo := float64(r.IntN(5)) - 1.5
	var text string
	edges := []string{"0", "-1.5", "2.25", "3"}
	switch r.IntN(3) {
	case 0:
		text = "number"
	case 1:
		text = fmt.Sprintf("number & >=%g", lo)
		edges = append(edges, strconv.FormatFloat(lo, 'f', -1, 64), strconv.FormatFloat(lo-0.5, 'f', -1, 64))
	default:
		text = fmt.Sprintf("number & > %g & < %g", lo, lo+2)
		edges = append(edges, strconv.FormatFloat(lo, 'f', -1, 64), strconv.FormatFloat(lo+1, 'f', -1, 64), strconv.FormatFloat(lo+2, 'f', -1, 64))
	}
	if g.nums.IntN(4) == 0 {
		switch g.nums.IntN(4) {
		case 3:
			// int | float of the same bounds: every number of them,
			// whether written 1 or 1.0.
			return numberForm("int & >0 & <=3 | float & >0 & <=3", "1", "0", "0.5", "1", "1.0", "3", "3.0", "3.5", "-1")
		case 0:
			// An int beside its float twin: both spellings.
			return numberForm("number & >0 & <=1 | 2 | 2.0", "0.5", "0", "0.5", "1", "2", "2.0", "2.5", "3")
		case 1:
			// A float range beside an int constant it admits as a
			// float (KubeBlocks' float & >=0 & <=0.99 | *0, the
			// default drawn as any other's); its samples are floats but
			// the constant, as CUE's float admits no other integer (the
			// documented difference).
			return typ{cue: "float & >=0 & <=1 | 1", scalar: true, lit: "1", sample: func(r *rand.Rand) any {
				if r.IntN(10) == 0 {
					return pick[any](r, nil, true, "zz", num("2.5"), num("3"), num("-1"))
				}
				return num(pick(r, "1", "1.0", "0.0", "0.25", "1.5", "-0.5"))
			}}
		}
		// An alternative that is a conflict by itself, which CUE drops.
		return numberForm("number & 1 & 2 | >=3 & <=4", "3", "1", "2", "3", "3.5", "4", "4.5")
	}
	return typ{cue: text, scalar: true, lit: strconv.FormatFloat(lo+1, 'f', -1, 64), sample: func(r *rand.Rand) any {
		if r.IntN(10) == 0 {
			return wrong(r)
		}
		return num(pick(r, edges...))
	}}
}

// stringType is a string, with patterns, lengths or an excluded value.
func (g *gen) stringType() typ {
	r := g.r
	words := []string{"", "a", "ab", "abc", "abcd", "B", "x-1", "é"}
	var parts []string
	lit := "ab"
	noZero := true // "" is refused, but by string and MaxRunes
	switch r.IntN(6) {
	case 0:
		parts, noZero = []string{"string"}, false
	case 1:
		parts = []string{`=~"^[a-c]+$"`}
	case 2:
		n := r.IntN(3)
		parts, noZero = []string{"string", fmt.Sprintf("strings.MinRunes(%d)", n)}, n > 0
	case 3:
		parts, noZero = []string{"string", fmt.Sprintf("strings.MaxRunes(%d)", 2+r.IntN(2))}, false
	case 4:
		parts = []string{`!="a"`, `=~"^[a-z]"`}
	default:
		parts = []string{`=~"b"`, `!~"^x"`, "strings.MaxRunes(3)"}
	}
	if g.strs.IntN(4) == 0 {
		noZero = false
		// CUE's order of strings (a pattern in every target) and a
		// pattern's flags (written out without them), around their
		// edges: a prefix, an extension, another case, a fold beyond
		// ASCII (the Kelvin sign).
		f := stringForms[g.strs.IntN(len(stringForms))]
		parts, lit, words = f.parts, f.lit, []string{"", "a", "ab", "abc", "AB", "Ab", "b", "ba", "c", "k", "K", "\u212a", "x-", "X-", "é"}
	}
	if slices.Contains(parts, "string") && g.trivialIfs.IntN(10) == 0 {
		// a matchIf that says nothing beside one that checks
		parts = append(parts, "matchIf(string, string, _)", `matchIf(=~"^a", strings.MaxRunes(2), _)`)
		if len([]rune(lit)) > 2 && strings.HasPrefix(lit, "a") {
			lit = "a"
		}
	}
	return typ{cue: strings.Join(parts, " & "), scalar: true, lit: strconv.Quote(lit), noZero: noZero, sample: func(r *rand.Rand) any {
		if r.IntN(10) == 0 {
			return wrong(r)
		}
		return pick(r, words...)
	}}
}

// numberForm is a number type written as text, lit a value it admits,
// its samples drawn from edges (or a value of another kind).
func numberForm(text, lit string, edges ...string) typ {
	return typ{cue: text, scalar: true, lit: lit, sample: func(r *rand.Rand) any {
		if r.IntN(10) == 0 {
			return wrong(r)
		}
		return num(pick(r, edges...))
	}}
}

// stringForms are a string's later forms (gen.strs), each with a value
// it admits.
var stringForms = []struct {
	parts []string
	lit   string
}{
	{[]string{`>"ab"`}, "b"},
	{[]string{"string", `<="b"`}, "ab"},
	{[]string{`>="a"`, `<"c"`}, "b"},
	{[]string{`=~"(?i)^a[b-c]"`}, "Ab"},
	{[]string{`=~"^(?i:k)"`, "strings.MaxRunes(2)"}, "K"},
	{[]string{`=~"(?i)^x-$"`}, "X-"},
}

// enumType is a disjunction of string or int constants.
func (g *gen) enumType() typ {
	if g.r.IntN(2) == 0 {
		return typ{cue: `"a" | "b" | "c"`, scalar: true, lit: `"b"`, noZero: true, sample: func(r *rand.Rand) any {
			return pick[any](r, "a", "b", "c", "d", "", num("1"))
		}}
	}
	return typ{cue: "1 | 2 | 3", scalar: true, lit: "2", noZero: true, sample: func(r *rand.Rand) any {
		return pick[any](r, num("1"), num("3"), num("4"), num("0"), "1")
	}}
}

// scalarType is any of the scalar types.
func (g *gen) scalarType() typ {
	switch g.r.IntN(8) {
	case 0, 1:
		return g.intType()
	case 2:
		return g.numberType()
	case 3, 4:
		return g.stringType()
	case 5:
		return g.enumType()
	case 6:
		return g.moreScalar()
	default:
		return typ{cue: "bool", scalar: true, lit: "true", sample: func(r *rand.Rand) any {
			if r.IntN(8) == 0 {
				return wrong(r)
			}
			return r.IntN(2) == 0
		}}
	}
}

// moreScalar is a scalar of the rarer kinds: multiples, times, bytes,
// URLs, addresses, constants.
func (g *gen) moreScalar() typ {
	r := g.r
	switch r.IntN(12) {
	case 11:
		// Choices as hand-written CUE states them: a choice of
		// patterns beside other constraints, which CUE distributes,
		// and an error("…") alternative, which CUE drops.
		c := pick(r, []struct{ cue, lit string }{
			{`string & !="" & (=~"a$" | =~"b$")`, `"xa"`},
			{`(=~"^[a-z]+$" | "Q") & strings.MaxRunes(3)`, `"Q"`},
			{`"p" | "q" | error("must be p or q")`, `"p"`},
			{`(string & !="") | error("must not be empty")`, `"x"`},
		}...)
		return typ{cue: c.cue, scalar: true, lit: c.lit, sample: func(r *rand.Rand) any {
			return pick[any](r, "xa", "b", "", "c", "ab", "Q", "q", "p", "abcd", "x", num("1"))
		}}
	case 10:
		// Checks CUE's packages state as patterns: addresses, times of
		// day.
		c := pick(r, []struct{ check, lit string }{
			{"net.IPv6", `"::1"`}, {"net.IP", `"::1"`}, {"net.IPCIDR", `"10.0.0.0/8"`}, {"net.IPv4", `"1.2.3.4"`},
			{`time.Format("15:04")`, `"7:30"`}, {"time.Format(time.Kitchen)", `"3:04PM"`}, {`time.Format("03:04:05 pm")`, `"01:02:03 am"`},
		}...)
		if strings.HasPrefix(c.check, "net.") && g.nets.IntN(3) == 0 {
			// Alone: the text, or 4 or 16 bytes (4 of net.IPv4, 16
			// of net.IPv6; net.IPCIDR's other form, bytes, is no JSON).
			cue := c.check
			withBool := g.nets.IntN(3) == 0 // net.IP | bool: beside another kind
			if withBool {
				cue += " | bool"
			}
			if g.nets.IntN(2) == 0 {
				cue += " | *" + c.lit
			}
			return typ{cue: cue, sample: func(r *rand.Rand) any {
				if withBool && r.IntN(4) == 0 {
					return r.IntN(2) == 0
				}
				if r.IntN(2) == 0 {
					return pick[any](r, "::1", "1.2.3.4", "10.0.0.0/8", "::ffff:1.2.3.4", "01.2.3.4", "")
				}
				n := pick(r, 4, 16, 4, 16, 0, 3, 5, 15, 17)
				b := make([]any, n)
				for i := range b {
					b[i] = num(pick(r, "0", "1", "255", "10", "256", "-1", "1.5"))
					if r.IntN(4) != 0 {
						b[i] = num("1") // mostly in range, so that a list of 4 or 16 often passes
					}
				}
				return b
			}}
		}
		return typ{cue: "string & " + c.check, scalar: true, lit: c.lit, sample: func(r *rand.Rand) any {
			return pick[any](r, "::1", "::", "1.2.3.4", "fe80::1%eth0", "::ffff:1.2.3.4", "1:2:3:4:5:6:7::", "10.0.0.0/8", "::/0", "::1/129", "1::2::3", "01.2.3.4", "", "x",
				"7:30", "07:30", "24:00", "3:04PM", "3:04pm", "13:04PM", "01:02:03 am", "01:02:03.5  pm", "01:02:03am")
		}}
	case 6:
		return typ{cue: pick(r, "int32", "uint", "int8"), scalar: true, lit: "7", sample: func(r *rand.Rand) any {
			return num(pick(r, "0", "-1", "127", "128", "-129", "2147483647", "2147483648", "4294967296"))
		}}
	case 7:
		return typ{cue: `string & strings.HasPrefix("ab")`, scalar: true, lit: `"abc"`, sample: func(r *rand.Rand) any {
			return pick[any](r, "ab", "abc", "a", "xab", "")
		}}
	case 8:
		return typ{cue: "net.AbsURL", scalar: true, lit: `"https://example.com"`, sample: func(r *rand.Rand) any {
			return pick[any](r, "https://example.com/a", "example.com", "/a", "mailto:x@y", "", "http://[::1]:80/")
		}}
	case 9:
		return typ{cue: "string & uuid.Valid", scalar: true, lit: `"123e4567-e89b-12d3-a456-426614174000"`, sample: func(r *rand.Rand) any {
			return pick[any](r, "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000", "123e4567e89b12d3a456426614174000", "x", "")
		}}
	case 0:
		return typ{cue: "int & math.MultipleOf(3)", scalar: true, lit: "6", sample: func(r *rand.Rand) any {
			return num(pick(r, "0", "3", "-3", "4", "9", "10"))
		}}
	case 1:
		return typ{cue: "number & math.MultipleOf(0.5)", scalar: true, lit: "1.5", sample: func(r *rand.Rand) any {
			return num(pick(r, "0", "0.5", "1", "1.25", "-2.5", "7"))
		}}
	case 2:
		return typ{cue: "time.Time", scalar: true, lit: `"2024-01-02T03:04:05Z"`, sample: func(r *rand.Rand) any {
			return pick[any](r, "2024-01-02T03:04:05Z", "2024-01-02T03:04:05.5+01:00", "2024-01-02", "2024-13-02T03:04:05Z", "x", num("1"))
		}}
	case 3:
		return typ{cue: `time.Format("2006-01-02")`, scalar: true, lit: `"2024-01-02"`, sample: func(r *rand.Rand) any {
			return pick[any](r, "2024-01-02", "2024-02-30", "2024-1-2", "2024-01-02T03:04:05Z", "")
		}}
	case 4:
		return typ{cue: "bytes", sample: func(r *rand.Rand) any {
			return pick[any](r, "", "YQ==", "YWJj", "YQ", "!!", num("1"))
		}}
	default:
		c := pick(r, `"k"`, "3", "true", "null")
		return typ{cue: c, sample: func(r *rand.Rand) any {
			return pick[any](r, "k", num("3"), true, nil, "K", num("3.5"))
		}}
	}
}

// withDefault is *v | T, v a value of T.
func withDefault(t typ) typ {
	t.cue = "*" + t.lit + " | " + paren(t.cue)
	t.scalar = false
	return t
}

// paren wraps a text that holds an operator of lower precedence than &.
func paren(s string) string {
	if strings.Contains(s, "|") {
		return "(" + s + ")"
	}
	return s
}

// named declares t as a definition of the module and returns a reference
// to it.
func (g *gen) named(t typ) typ {
	g.nnamed++
	name := g.typeName(g.nnamed)
	g.decls = append(g.decls, name+": "+t.cue)
	ref := t
	ref.cue = name
	return ref
}

// strictHolder draws a count beside a closed struct whose parts judge a
// closed object where the struct holds one: a binding of a get or a
// custom pattern (its pattern then Strict), or a stage of steps or of
// stages in parallel (the struct itself Strict). Only a Strict object's
// members are drawn unnamed: they are invalid in every target.
func (g *gen) strictHolder() typ {
	variant := g.strictHolders.IntN(3)
	if variant == 2 {
		// a stage of named stages in parallel, the holder's of several
		// kinds (bxci's): its object's pattern of stages is the part's
		one := g.named(typ{cue: "{\n\ts!: [...string]\n}"})
		stages := "{\n\t{[=~\"^[a-z]+$\"]: " + one.cue + "}\n\t...\n}"
		par := g.named(typ{cue: "{\n\tp!: " + stages + "\n}"})
		return typ{cue: "matchN(>=1, [" + one.cue + " & {\n\t...\n}, " + par.cue + " & {\n\t...\n}]) & close({\n\ts?: [...string]\n\tp?: null | bool | " + stages + "\n})", sample: func(r *rand.Rand) any {
			out := map[string]any{}
			if r.IntN(2) == 0 {
				out["s"] = []any{pick[any](r, "a", num("1"))}
			}
			if r.IntN(2) == 0 {
				switch r.IntN(4) {
				case 0:
					out["p"] = pick[any](r, nil, true, num("1"))
				default:
					st := map[string]any{}
					for _, k := range []string{"a", "B", "c"} {
						if r.IntN(2) == 0 {
							continue
						}
						v := map[string]any{}
						if r.IntN(4) != 0 {
							v["s"] = []any{"x"}
						}
						if r.IntN(4) == 0 {
							v["z"] = true
						}
						st[k] = v
					}
					out["p"] = st
				}
			}
			if r.IntN(6) == 0 {
				out["x"] = num("1")
			}
			return out
		}}
	}
	if variant == 0 {
		p := g.named(typ{cue: "{\n\tk!: string\n\tp?: int\n}"})
		return typ{cue: "matchN(1, [{\n\tg!: string\n\t...\n}, {\n\tc!: " + p.cue + "\n\t...\n}]) & close({\n\tg?: string\n\tc?: " + p.cue + "\n\tb?: string\n})", sample: func(r *rand.Rand) any {
			if r.IntN(8) == 0 {
				return pick[any](r, "s", num("1"), nil)
			}
			out := map[string]any{}
			if r.IntN(2) == 0 {
				out["g"] = pick[any](r, "a", num("1"))
			}
			if r.IntN(2) == 0 {
				c := map[string]any{}
				if r.IntN(4) != 0 {
					c["k"] = pick[any](r, "k", num("2"))
				}
				if r.IntN(3) == 0 {
					c["p"] = pick[any](r, num("1"), "x")
				}
				if r.IntN(4) == 0 {
					c["x"] = true
				}
				out["c"] = c
			}
			if r.IntN(3) == 0 {
				out["b"] = "b"
			}
			return out
		}}
	}
	one := g.named(typ{cue: "{\n\ts!: [...string]\n\tw?: string\n}"})
	par := g.named(typ{cue: "{\n\tp!: [...string]\n\tf?: bool\n\tw?: string\n}"})
	return typ{cue: "matchN(>=1, [" + one.cue + " & {\n\t...\n}, " + par.cue + " & {\n\t...\n}]) & close({\n\tw?: string\n\ts?: [...string]\n\tf?: bool\n\tp?: [...string]\n})", sample: func(r *rand.Rand) any {
		if r.IntN(8) == 0 {
			return pick[any](r, "s", num("1"), nil)
		}
		out := map[string]any{}
		for _, k := range []string{"w", "s", "f", "p", "x"} {
			if r.IntN(3) != 0 {
				continue
			}
			switch k {
			case "w":
				out[k] = pick[any](r, "w", num("1"))
			case "f":
				out[k] = pick[any](r, true, "t")
			case "x":
				out[k] = num("1")
			default:
				out[k] = []any{pick[any](r, "a", num("1"))}
			}
		}
		return out
	}}
}

// membersPQZ draws up to three members of an object: p an int or a
// string, q one of qs, and z, of another name, other.
func membersPQZ(r *rand.Rand, qs [2]any, other any) map[string]any {
	out := map[string]any{}
	for range r.IntN(4) {
		switch r.IntN(3) {
		case 0:
			out["p"] = pick[any](r, num("1"), "s")
		case 1:
			out["q"] = pick[any](r, qs[0], qs[1])
		default:
			out["z"] = other
		}
	}
	return out
}

// typeName names the n-th named type: #Nn, or Nn in a library of types.
func (g *gen) typeName(n int) string {
	if g.lib {
		return fmt.Sprintf("N%d", n)
	}
	return fmt.Sprintf("#N%d", n)
}

// typeAt writes a type; depth bounds how deep structures nest.
func (g *gen) typeAt(depth int) typ {
	r := g.r
	n := 11
	if depth <= 0 {
		n = 5
	}
	switch c := r.IntN(n); {
	case c < 3:
		t := g.scalarType()
		if r.IntN(5) == 0 && t.lit != "" {
			t = withDefault(t)
		}
		return t
	case c == 3:
		// a named scalar, its default sometimes in the definition
		t := g.scalarType()
		if r.IntN(3) == 0 && t.lit != "" {
			t2 := withDefault(t)
			t2.scalar = true
			return g.named(t2)
		}
		return g.named(t)
	case c == 4:
		// null | T, *null | T
		t := g.scalarType()
		text := "null | " + paren(t.cue)
		if r.IntN(3) == 0 {
			text = "*null | " + paren(t.cue)
		}
		return typ{cue: text, sample: func(r *rand.Rand) any {
			if r.IntN(3) == 0 {
				return nil
			}
			return t.sample(r)
		}}
	case c == 5:
		return g.listType(depth - 1)
	case c == 6:
		return g.mapType(depth - 1)
	case c == 7:
		return g.structType(depth-1, r.IntN(4) == 0)
	case c == 8:
		// a named object
		t := g.structType(depth-1, r.IntN(4) == 0)
		return g.named(t)
	case c == 9 && r.IntN(3) == 0:
		return g.unionType(depth - 1)
	case c == 9:
		return g.moreStructure(depth - 1)
	default:
		// string | int, a choice of kinds
		a, b := g.stringType(), g.intType()
		one := typ{cue: paren(a.cue) + " | " + paren(b.cue), sample: func(r *rand.Rand) any {
			if r.IntN(2) == 0 {
				return a.sample(r)
			}
			return b.sample(r)
		}}
		if g.inPlace.IntN(6) == 0 && !g.evaluatesAlone(one.cue, 0) {
			return g.inPlaceChoice(a, b)
		}
		if g.aux.IntN(4) == 0 && !g.evaluatesAlone(one.cue, 0) {
			// #K | [...#K], #K the choice named: a reference to a
			// choice of kinds among a choice's alternatives
			// (kind-ref-alts.txtar).
			k := g.named(one)
			return typ{cue: k.cue + " | [..." + k.cue + "]", sample: func(r *rand.Rand) any {
				if r.IntN(2) == 0 {
					return one.sample(r)
				}
				items := make([]any, r.IntN(3))
				for i := range items {
					items[i] = one.sample(r)
				}
				return items
			}}
		}
		return one
	}
}

// inPlaceChoice is a choice of kinds one of whose alternatives names a
// choice holding an object in place (#K: a | {v!: b}, then #K | [...#K]
// or #K | bool; kind-ref-alts-in-place.txtar), or a union of objects in
// place that holds itself (#U: {v!: b} | {next!: #U};
// union-self-in-place.txtar).
func (g *gen) inPlaceChoice(a, b typ) typ {
	obj := func(r *rand.Rand) any {
		if r.IntN(6) == 0 {
			return wrong(r)
		}
		return map[string]any{"v": b.sample(r)}
	}
	if g.inPlace.IntN(2) == 0 {
		g.nnamed++
		name := g.typeName(g.nnamed)
		v, next := "{v!: "+paren(b.cue)+"}", "{next!: "+name+"}"
		if g.lib {
			// Outside a definition the objects are open, and {v: …,
			// next: …} would be both: closed, as a definition's are.
			v, next = "close("+v+")", "close("+next+")"
		}
		g.decls = append(g.decls, name+": "+v+" | "+next)
		var sample func(r *rand.Rand, depth int) any
		sample = func(r *rand.Rand, depth int) any {
			if depth > 0 && r.IntN(2) == 0 {
				return map[string]any{"next": sample(r, depth-1)}
			}
			if r.IntN(8) == 0 {
				return map[string]any{"next": nil}
			}
			return obj(r)
		}
		return typ{cue: name, sample: func(r *rand.Rand) any { return sample(r, 3) }}
	}
	k := g.named(typ{cue: paren(a.cue) + " | {v!: " + paren(b.cue) + "}"})
	one := func(r *rand.Rand) any {
		if r.IntN(2) == 0 {
			return a.sample(r)
		}
		return obj(r)
	}
	if g.inPlace.IntN(2) == 0 {
		return typ{cue: k.cue + " | bool", sample: func(r *rand.Rand) any {
			if r.IntN(4) == 0 {
				return r.IntN(2) == 0
			}
			return one(r)
		}}
	}
	return typ{cue: k.cue + " | [..." + k.cue + "]", sample: func(r *rand.Rand) any {
		if r.IntN(2) == 0 {
			return one(r)
		}
		items := make([]any, r.IntN(3))
		for i := range items {
			items[i] = one(r)
		}
		return items
	}}
}

// moreStructure is a structure of the rarer forms: an embedded
// definition, close(), a nullable object, a non-empty list, a count of
// kinds (matchN), keys that count their characters, a recursive
// definition.
func (g *gen) moreStructure(depth int) typ {
	r := g.r
	switch r.IntN(10) {
	case 7:
		// any JSON value, an open object of anything, a list of
		// anything; or a value of any type that none, or all, of its
		// alternatives admit (cue import's not and allOf alone), or "if
		// it has a then it has b" (anyOf of a not and a schema)
		switch r.IntN(6) {
		case 5:
			return typ{cue: "matchN(>=1, [matchN(0, [{a!: _, ...}]), {b!: _, ...}])", sample: func(r *rand.Rand) any {
				return pick[any](r, wrong(r), map[string]any{"a": num("1")}, map[string]any{"a": num("1"), "b": nil}, map[string]any{"b": "x"})
			}}
		case 3:
			return typ{cue: "matchN(0, [{a!: _, ...}])", sample: func(r *rand.Rand) any {
				return pick[any](r, wrong(r), map[string]any{"a": num("1")}, map[string]any{"b": num("1")})
			}}
		case 4:
			k := "null | bool | number | string | [...] | "
			return typ{cue: "matchN(2, [" + k + "{a?: string, ...}, " + k + "{b?: int, ...}])", sample: func(r *rand.Rand) any {
				return pick[any](r, wrong(r), map[string]any{"a": "s", "b": num("1")}, map[string]any{"a": num("1")}, map[string]any{"b": "x", "c": true})
			}}
		}
		text := pick(r, "_", "{...}", "[...]")
		return typ{cue: text, sample: func(r *rand.Rand) any { return wrong(r) }}
	case 8:
		// cue import's oneOf of required sets beside the properties;
		// at odd depths its anyOf of a not and a schema, "if a then
		// b" (hemtt's scripts; chosen by depth, so that no draw moves
		// the stream); at depths 2, 5, 8, … a oneOf of one schema of a
		// required member beside a struct of no ..., which the count's
		// literal, judged as a value of its own, leaves open; at depths
		// 0, 4, … (not 8) a count of one literal alone, a match's
		// (open, its regular field left out matching)
		count, fields := "matchN(1, [{a!: _, ...}, {b!: _, ...}])", " & {\n\ta?: int\n\tb?: string\n\t...\n}"
		switch {
		case depth%3 == 2:
			count, fields = "matchN(1, [{a!: _}])", " & {\n\ta?: int\n\tb?: string\n}"
		case depth%4 == 0:
			count, fields = "matchN(1, [{a: int, b?: string}])", ""
		case depth%2 == 1:
			count = "matchN(>=1, [matchN(0, [{a!: _, ...}]), {b!: _, ...}])"
		}
		return typ{cue: count + fields, sample: func(r *rand.Rand) any {
			out := map[string]any{}
			if r.IntN(2) == 0 {
				out["a"] = pick[any](r, num("1"), "x")
			}
			if r.IntN(2) == 0 {
				out["b"] = pick[any](r, "s", num("2"))
			}
			if r.IntN(5) == 0 {
				out["c"] = true
			}
			return out
		}}
	case 9:
		// cue import's if/then: a kind that requires a member
		if g.overlaps.IntN(4) == 0 {
			// ... or one of two kinds, each optional: {} matches both
			return typ{cue: "matchN(1, [{\n\tkind?: \"x\"\n\t...\n}, {\n\tkind?: \"y\"\n\tv!: int\n\t...\n}]) & {\n\tkind?: string\n\tv?: int\n\t...\n}", sample: func(r *rand.Rand) any {
				out := map[string]any{}
				if r.IntN(4) != 0 {
					out["kind"] = pick[any](r, "x", "y", "z", num("1"))
				}
				if r.IntN(2) == 0 {
					out["v"] = pick[any](r, num("1"), "1")
				}
				return out
			}}
		}
		if g.matchIfs.IntN(3) == 0 {
			// ... or, where v is given, w too
			return typ{cue: "matchIf({kind?: \"x\", ...}, {\n\tv?: int\n\tw?: string\n\tif v != _|_ {\n\t\tw!: string\n\t}\n\t{}\n\t...\n}, _) & {\n\tkind?: string\n\tv?: int\n\tw?: string\n\t...\n}", sample: func(r *rand.Rand) any {
				out := map[string]any{}
				if r.IntN(4) != 0 {
					out["kind"] = pick[any](r, "x", "y", num("1"))
				}
				if r.IntN(2) == 0 {
					out["v"] = pick[any](r, num("1"), num("2"), "1")
				}
				if r.IntN(2) == 0 {
					out["w"] = pick[any](r, "s", "t", num("1"))
				}
				return out
			}}
		}
		return typ{cue: "matchIf({kind?: \"x\", ...}, {v!: int, ...}, _) & {\n\tkind?: string\n\tv?: int\n\t...\n}", sample: func(r *rand.Rand) any {
			out := map[string]any{}
			if r.IntN(4) != 0 {
				out["kind"] = pick[any](r, "x", "y", num("1"))
			}
			if r.IntN(2) == 0 {
				out["v"] = pick[any](r, num("1"), "1")
			}
			return out
		}}
	case 0:
		// #Base embedded beside fields of its own
		if g.allOfRefs.IntN(4) == 0 {
			// ... or all of two open objects, named, beside {...}
			all := g.named(typ{cue: "matchN(2, [{\n\tp?: int\n\t...\n}, {\n\tq?: bool\n\t...\n}])"})
			return typ{cue: all.cue + " & {\n\t...\n}", sample: func(r *rand.Rand) any {
				if r.IntN(6) == 0 {
					return pick[any](r, "s", num("1"))
				}
				return membersPQZ(r, [2]any{true, num("2")}, "t")
			}}
		}
		base := g.named(g.structOf(depth, false, false))
		prefix := g.prefix
		g.prefix = "o" // the own fields are named apart from the base's
		own := g.structOf(depth, false, false)
		g.prefix = prefix
		text := "{\n\t" + base.cue + "\n" + strings.TrimPrefix(own.cue, "{\n")
		return typ{cue: text, sample: func(r *rand.Rand) any {
			a, _ := base.sample(r).(map[string]any)
			b, ok := own.sample(r).(map[string]any)
			if !ok || a == nil {
				return b
			}
			for k, v := range b {
				a[k] = v
			}
			return a
		}}
	case 1:
		// close({...}) inside the definition
		if g.unnamedParts.IntN(5) == 0 {
			// ... or a count whose part holds a closed definition in a
			// member the object beside it does not name
			meta := g.named(typ{cue: "{\n\ta?: int\n}"})
			// b, which #Meta does not name, is drawn only inside the
			// part, which judges it strictly in every target; beside
			// the count it would be open/, not invalid/.
			metaSample := func(r *rand.Rand, unnamed bool) any {
				out := map[string]any{}
				if r.IntN(2) == 0 {
					out["a"] = pick[any](r, num("1"), "x")
				}
				if unnamed && r.IntN(3) == 0 {
					out["b"] = num("2")
				}
				return out
			}
			return typ{cue: "matchN(1, [{\n\th!: {\n\t\tn!: string\n\t\t...\n\t}\n\t...\n}, {\n\tg!: {\n\t\tm?: " + meta.cue + "\n\t\t...\n\t}\n\t...\n}]) & {\n\tm?: " + meta.cue + "\n\tk?: int\n\t...\n}", sample: func(r *rand.Rand) any {
				if r.IntN(8) == 0 {
					return pick[any](r, "s", num("1"))
				}
				out := map[string]any{}
				if r.IntN(2) == 0 {
					out["h"] = map[string]any{"n": pick[any](r, "a", num("1"))}
				}
				if r.IntN(2) == 0 {
					gv := map[string]any{}
					if r.IntN(2) == 0 {
						gv["m"] = metaSample(r, true)
					}
					if r.IntN(4) == 0 {
						gv["o"] = true
					}
					out["g"] = gv
				}
				if r.IntN(3) == 0 {
					out["m"] = metaSample(r, false)
				}
				if r.IntN(3) == 0 {
					out["k"] = pick[any](r, num("1"), "s")
				}
				return out
			}}
		}
		if g.strictHolders.IntN(5) == 0 {
			// ... or a count whose parts judge a closed object where
			// the closed struct beside it holds one: Strict
			return g.strictHolder()
		}
		if g.openings.IntN(5) == 0 {
			// ... or a definition an if clause opens while a holds
			// k is required: a struct of optional members beside an if
			// takes values of other kinds to CUE (docs/jsonschema.md)
			// the condition a member's presence, or (on the matches
			// stream) an || of two fields' tests, or an absence
			cond, holds := "a != _|_", func(out map[string]any) bool { _, has := out["a"]; return has }
			switch g.matches.IntN(4) {
			case 1:
				cond, holds = "k || a != _|_", func(out map[string]any) bool { _, has := out["a"]; return has || out["k"] == true }
			case 2:
				cond, holds = "a == _|_ && k", func(out map[string]any) bool { _, has := out["a"]; return !has && out["k"] == true }
			}
			d := g.named(typ{cue: "{\n\tk!: bool\n\ta?: string\n\tb?: string\n\tc?: int\n\tif " + cond + " {\n\t\tnull | bool | number | string | [...] | {\n\t\t\tb!: _\n\t\t\t...\n\t\t}\n\t}\n}"})
			inMatch := g.openings.IntN(2) == 0
			text := d.cue
			if inMatch {
				// ... or it in a match, which reads the opening too
				text = "matchN(1, [" + d.cue + ", {\n\tq!: int\n\t...\n}])"
			}
			return typ{cue: text, sample: func(r *rand.Rand) any {
				if r.IntN(8) == 0 {
					return pick[any](r, "s", num("1"), nil)
				}
				out := map[string]any{}
				if r.IntN(8) != 0 {
					out["k"] = pick[any](r, true, false, "t")
				}
				if inMatch && r.IntN(3) == 0 {
					out["q"] = pick[any](r, num("1"), "q")
					if r.IntN(2) == 0 {
						// judged strictly in the match: refused unless
						// the condition holds
						out["z"] = true
					}
				}
				if r.IntN(2) == 0 {
					out["a"] = pick[any](r, "x", num("1"))
				}
				if r.IntN(2) == 0 {
					out["b"] = pick[any](r, "y", true)
				}
				if r.IntN(3) == 0 {
					out["c"] = pick[any](r, num("2"), "z")
				}
				if holds(out) && r.IntN(3) == 0 {
					// admitted while the condition holds; refused by
					// CUE otherwise, which would be open/, not invalid/
					out["z"] = true
				}
				return out
			}}
		}
		t := g.structOf(depth, false, false)
		t.cue = "close(" + t.cue + ")"
		return t
	case 2:
		// null | #Obj
		if g.wholeTwice.IntN(5) == 0 {
			// ... or a list or a bool, null matching two of them
			kw := g.named(typ{cue: "matchN(>=1, [[...\"a\" | \"b\"], null])"})
			return typ{cue: "matchN(1, [" + kw.cue + ", bool, null])", sample: func(r *rand.Rand) any {
				switch r.IntN(4) {
				case 0:
					return nil
				case 1:
					return pick[any](r, true, "a")
				}
				return []any{pick[any](r, "a", "b", "c")}
			}}
		}
		t := g.named(g.structOf(depth, false, false))
		if g.refCounts.IntN(4) == 0 {
			one := g.named(typ{cue: "matchN(>=1, [null, " + t.cue + "])"})
			return typ{cue: "matchN(1, [" + one.cue + ", [...string]])", nullRefusing: t.refusing, sample: func(r *rand.Rand) any {
				switch r.IntN(4) {
				case 0:
					return nil
				case 1:
					return []any{pick[any](r, "s", num("1"))}
				case 2:
					return pick[any](r, "s", num("2"))
				}
				return t.sample(r)
			}}
		}
		return typ{cue: "null | " + t.cue, nullRefusing: t.refusing, sample: func(r *rand.Rand) any {
			if r.IntN(3) == 0 {
				return nil
			}
			return t.sample(r)
		}}
	case 3:
		// a list that is not empty
		elem := g.scalarType()
		return typ{cue: "[...(" + elem.cue + ")] & [_, ...]", sample: func(r *rand.Rand) any {
			out := []any{}
			for range r.IntN(3) {
				out = append(out, elem.sample(r))
			}
			return out
		}}
	case 4:
		// matchN(>=1, [...]): a value of one kind or another
		a, b := g.stringType(), g.intType()
		if g.counts.IntN(3) == 0 {
			// one of them an object of one member or two, written in
			// place; other is what a member of another name holds
			counted := func(obj string, other any) typ {
				return typ{cue: "matchN(>=1, [" + a.cue + ", struct.MinFields(1) & struct.MaxFields(2) & " + obj + "])", sample: func(r *rand.Rand) any {
					if r.IntN(3) == 0 {
						return a.sample(r)
					}
					return membersPQZ(r, [2]any{"s", num("2")}, other)
				}}
			}
			if g.embeds.IntN(2) == 0 {
				// ... its other members strings
				return counted("{\n\tp?: int\n\t{[!~\"^(p)$\"]: string}\n}", "t")
			}
			return counted("{p?: int, q?: string}", num("3"))
		}
		if g.kindCounts.IntN(4) == 0 {
			// ... or a map of strings with at least one member
			return typ{cue: "matchN(>=1, [" + a.cue + ", {[string]: string}]) & (null | bool | number | string | [...] | struct.MinFields(1))", sample: func(r *rand.Rand) any {
				switch r.IntN(4) {
				case 0:
					return a.sample(r)
				case 1:
					return pick[any](r, nil, true, num("1"), []any{})
				}
				out := map[string]any{}
				for range r.IntN(3) {
					out[pick(r, "k", "l")] = pick[any](r, "v", "w", num("2"))
				}
				return out
			}}
		}
		return typ{cue: "matchN(>=1, [" + a.cue + ", " + b.cue + "])", sample: func(r *rand.Rand) any {
			if r.IntN(2) == 0 {
				return a.sample(r)
			}
			return b.sample(r)
		}}
	case 5:
		// keys that count their characters
		elem := g.scalarType()
		if g.members.IntN(4) == 0 {
			// a map beside the empty object (TiKV's labels in
			// KubeBlocks): the map in a definition, which closes the
			// {}; any object in a library's field, where it is open
			return typ{cue: "{[string]: " + elem.cue + "} | *{}", sample: func(r *rand.Rand) any {
				out := map[string]any{}
				for range r.IntN(3) {
					if r.IntN(4) == 0 {
						out[pick(r, "k", "kk")] = wrong(r)
					} else {
						out[pick(r, "k", "kk", "é")] = elem.sample(r)
					}
				}
				return out
			}}
		}
		return typ{cue: "{[string & strings.MaxRunes(2)]: " + elem.cue + "}", sample: func(r *rand.Rand) any {
			out := map[string]any{}
			for range r.IntN(3) {
				out[pick(r, "k", "kk", "kkk", "é")] = elem.sample(r)
			}
			return out
		}}
	default:
		// a definition that holds itself
		g.nnamed++
		name := g.typeName(g.nnamed)
		leaf := g.scalarType()
		g.decls = append(g.decls, name+": {\n\tv?: "+leaf.cue+"\n\tnext?: "+name+"\n\tkids?: [..."+name+"]\n}")
		var sample func(r *rand.Rand, depth int) any
		sample = func(r *rand.Rand, depth int) any {
			out := map[string]any{}
			if r.IntN(2) == 0 {
				out["v"] = leaf.sample(r)
			}
			if depth > 0 && r.IntN(2) == 0 {
				out["next"] = sample(r, depth-1)
			}
			if depth > 0 && r.IntN(3) == 0 {
				out["kids"] = []any{sample(r, depth-1)}
			}
			return out
		}
		return typ{cue: name, sample: func(r *rand.Rand) any { return sample(r, 3) }}
	}
}

// listType is [...T], with bounds on its length, or a tuple.
func (g *gen) listType(depth int) typ {
	r := g.r
	elem := g.typeAt(depth)
	text := "[..." + elem.cue + "]"
	// A list validator beside items that hold a struct literal loses the
	// struct's closedness in CUE v0.17.1 (docs/jsonschema.md): not
	// written, as the judges would disagree by CUE's defect.
	validated := !strings.Contains(elem.cue, "{")
	switch c := r.IntN(5); {
	case c == 0 && validated:
		text += fmt.Sprintf(" & list.MinItems(%d)", 1+r.IntN(2))
	case c == 1 && validated:
		text += fmt.Sprintf(" & list.MaxItems(%d)", 1+r.IntN(2))
	case c == 3 && validated && r.IntN(2) == 0:
		text += " & list.UniqueItems()"
	case c == 4 && r.IntN(3) == 0:
		// Two list.MatchN on one list of integers, all of which hold
		// (cue import's allOf of contains).
		lo, hi := r.IntN(3), r.IntN(3)
		return typ{cue: fmt.Sprintf("[...int] & list.MatchN(>=1, >%d) & list.MatchN(<=1, <%d)", lo, hi), sample: func(r *rand.Rand) any {
			if r.IntN(12) == 0 {
				return wrong(r)
			}
			out := []any{}
			for range r.IntN(4) {
				out = append(out, r.IntN(9)-4)
			}
			return out
		}}
	case c == 2 && r.IntN(3) == 0:
		// [T, ...T]: a list of T with at least one item, sampled as
		// [...T] is (an empty one the judges refuse).
		text = "[" + elem.cue + ", ..." + elem.cue + "]"
	case c == 2:
		second := g.scalarType()
		return typ{cue: "[" + elem.cue + ", " + second.cue + "]", sample: func(r *rand.Rand) any {
			out := []any{elem.sample(r), second.sample(r)}
			return out[:pick(r, 2, 2, 2, 1)]
		}}
	}
	return typ{cue: text, sample: func(r *rand.Rand) any {
		if r.IntN(12) == 0 {
			return wrong(r)
		}
		out := []any{}
		for range r.IntN(4) {
			out = append(out, elem.sample(r))
		}
		return out
	}}
}

// mapType is {[string]: T}, or keys under a pattern.
func (g *gen) mapType(depth int) typ {
	r := g.r
	elem := g.typeAt(depth)
	key := "string"
	keys := []string{"k", "kk", "x", "K"}
	if r.IntN(3) == 0 {
		key = `=~"^k"`
	} else if len(elem.cue)%2 == 0 {
		// [_]: T, every label, is [string]: T (cuefig); chosen by the
		// element's text, so that no draw moves the stream.
		key = "_"
	}
	src := "{[" + key + "]: " + elem.cue + "}"
	if r.IntN(5) == 0 && !elem.nullRefusing {
		// Several patterns and no field: every pattern a member's name
		// matches applies (an object of member patterns alone).
		src = "{[" + key + "]: " + elem.cue + ", [=~\"k$\"]: " + elem.cue + "}"
		// Names each some pattern matches: one neither matches is a
		// member the closed object does not name, which the open
		// schema and the Go types leave alone (open/, not invalid/),
		// as the samplers draw no such member.
		keys = []string{"k", "kk", "ak", "ka"}
	}
	if len(elem.cue)%4 == 1 {
		// A count beside the map (tox's labeled factors, cue import's
		// additionalProperties beside an anyOf of required members);
		// chosen by the element's text, so that no draw moves the
		// stream.
		src = "matchN(>=1, [{k!: _, ...}, {kk!: _, ...}]) & " + src
	}
	return typ{cue: src, sample: func(r *rand.Rand) any {
		if r.IntN(12) == 0 {
			return wrong(r)
		}
		out := map[string]any{}
		for range r.IntN(3) {
			out[pick(r, keys...)] = elem.sample(r)
		}
		return out
	}}
}

// unionType is a union of two named objects told apart by a constant
// member, kind.
func (g *gen) unionType(depth int) typ {
	if g.lib && g.r.IntN(3) == 0 {
		return g.flatUnion()
	}
	var names []string
	var vs []typ
	// In a library its variants are open; half the time their kind is a
	// regular field, which CUE fills in where the data leaves it out:
	// a union without a discriminator of open variants, the data's
	// members choosing where it gives no kind.
	mark := "!"
	if g.lib && g.r.IntN(2) == 0 {
		mark = ""
	}
	// A quarter of the time (on the members stream) the first kind is
	// one of two strings (kind: "a" | "a2", Perses' #format units):
	// no constant tells the variants apart then, two sets of strings do.
	enumKind := g.members.IntN(4) == 0
	// Half the time that the kind is a regular field (on the
	// members stream), each variant's own members are under spec, an
	// object of its own in each (Kubernetes' and Grafana's dashboard v2
	// kind/spec): a member both variants have with two types, whose
	// incompleteness every target judges at every depth.
	nest := mark == "" && g.members.IntN(2) == 0
	for _, k := range []string{"a", "b"} {
		var body typ
		if nest {
			body = g.specBody(k)
		} else {
			body = g.structOf(depth, false, false)
		}
		kinds := []string{k}
		if enumKind && k == "a" {
			kinds = []string{"a", "a2"}
		}
		members, sample := strings.TrimPrefix(body.cue, "{\n"), body.sample
		if nest {
			members = "\tspec: " + body.cue + "\n}"
			sample = func(r *rand.Rand) any { return map[string]any{"spec": body.sample(r)} }
		}
		t := typ{cue: "{\n\tkind" + mark + ": \"" + strings.Join(kinds, "\" | \"") + "\"\n" + members, sample: sample}
		ref := g.named(t)
		names = append(names, ref.cue)
		vs = append(vs, typ{sample: func(r *rand.Rand) any {
			v := sample(r)
			if m, ok := v.(map[string]any); ok && r.IntN(8) != 0 {
				m["kind"] = pick(r, kinds...)
			}
			return v
		}})
	}
	text := strings.Join(names, " | ")
	if g.r.IntN(3) == 0 {
		// The same variants in a union of their own beside: each
		// object a variant of two unions told apart by kind.
		g.named(typ{cue: text})
	}
	nullable := false
	switch g.r.IntN(4) {
	case 0:
		text = "null | " + text
		nullable = true
	case 1:
		text = "*" + text // the first variant the default
		fallthrough
	default:
		if g.statedAgain.IntN(3) == 0 {
			// #U: (#A | #B) & {kind!: string}: the struct says again
			// what each variant says of kind, so #U is #A | #B (its
			// default the first where it is marked).
			again := pick(g.statedAgain, "!", "?")
			if mark == "" {
				again = pick(g.statedAgain, "!", "?", "")
			}
			val := pick(g.statedAgain, "string", `"a" | "a2" | "b"`, `=~"^[ab]"`)
			text = g.named(typ{cue: "(" + text + ") & {\n\tkind" + again + ": " + val + "\n}"}).cue
		}
	}
	if !g.lib && g.selfDefaults.IntN(6) == 0 {
		// drawn after the union above, which stays declared, so that
		// the main stream's draws are what they were
		return g.selfDefaultUnion()
	}
	return typ{cue: text, sample: func(r *rand.Rand) any {
		if nullable && r.IntN(4) == 0 {
			return nil
		}
		v := pick(r, vs...).sample(r)
		if m, ok := v.(map[string]any); ok && r.IntN(10) == 0 {
			if g.unknown {
				m["kind"] = pick(r, "a", "a2", "b", "c")
			} else {
				// another variant's kind would make this one's members
				// unknown to it
				m["kind"] = "c"
			}
		}
		return v
	}}
}

// selfDefaultUnion is #U: *#A | #B, #A and #B closed objects told apart
// by a kind the data may leave out, #B holding an optional #U: a value
// that leaves both possible ({}, {"r": …} deep inside) is #A, the
// default. Its samples mix the two, and break a digit's bound.
func (g *gen) selfDefaultUnion() typ {
	u := g.typeName(g.nnamed + 3) // the union, named after its variants
	a := g.named(typ{cue: "{\n\tkind: \"a\"\n\tx?: int & >=0 & <=9\n}"})
	b := g.named(typ{cue: "{\n\tkind: \"b\"\n\tr?: " + u + "\n}"})
	ref := g.named(typ{cue: "*" + a.cue + " | " + b.cue})
	if ref.cue != u {
		panic("randschema: selfDefaultUnion named " + ref.cue + ", not " + u)
	}
	var sample func(r *rand.Rand, depth int) any
	sample = func(r *rand.Rand, depth int) any {
		m := map[string]any{}
		if r.IntN(3) == 0 {
			m["kind"] = pick(r, "a", "b", "c")
		}
		if r.IntN(3) == 0 {
			m["x"] = num(pick(r, "0", "9", "10"))
		}
		if depth < 3 && r.IntN(3) == 0 {
			m["r"] = sample(r, depth+1)
		}
		return m
	}
	return typ{cue: ref.cue, sample: func(r *rand.Rand) any {
		if r.IntN(12) == 0 {
			return wrong(r)
		}
		return sample(r, 0)
	}}
}

// specBody is the spec of a kind/spec variant (unionType's nest): one
// to three scalar fields of its own, required, regular or optional, and
// half the time a list of objects with a required field each, so that a
// value is incomplete for one variant below its own members where it is
// complete for the other, or conflicts with it there.
func (g *gen) specBody(k string) typ {
	var b strings.Builder
	b.WriteString("{\n")
	var fs []field
	for i := range 1 + g.members.IntN(3) {
		f := field{name: fmt.Sprintf("%s%d", k, i), mark: pick(g.members, "", "?", "!"), t: g.scalarType()}
		fmt.Fprintf(&b, "\t%s%s: %s\n", f.name, f.mark, f.t.cue)
		fs = append(fs, f)
	}
	var item *field
	if g.members.IntN(2) == 0 {
		item = &field{name: k + "n", t: g.scalarType()}
		fmt.Fprintf(&b, "\titems?: [...{%s: %s}]\n", item.name, item.t.cue)
	}
	b.WriteString("}")
	return typ{cue: b.String(), sample: func(r *rand.Rand) any {
		m := map[string]any{}
		for _, f := range fs {
			if r.IntN(4) != 0 {
				m[f.name] = f.t.sample(r)
			}
		}
		if item != nil && r.IntN(2) == 0 {
			var items []any
			for range r.IntN(3) {
				it := map[string]any{}
				if r.IntN(4) != 0 {
					it[item.name] = item.t.sample(r)
				}
				items = append(items, it)
			}
			m["items"] = items
		}
		return m
	}}
}

// flatUnion is a union, in a library, of two open objects of scalar
// fields that no constant tells apart (cog's MyRefA | MyRefB): a value
// some fields of each, or all of both, which CUE finds one value
// (docs/schema-language.md, "Open variants that come out equal").
func (g *gen) flatUnion() typ {
	var names []string
	var all []field
	for _, k := range []string{"a", "b"} {
		var b strings.Builder
		b.WriteString("{\n")
		for i := range 1 + g.r.IntN(3) {
			f := field{name: fmt.Sprintf("%s%s%d", g.prefix, k, i), mark: pick(g.r, "", "?", "!"), t: g.scalarType()}
			fmt.Fprintf(&b, "\t%s%s: %s\n", f.name, f.mark, f.t.cue)
			all = append(all, f)
		}
		b.WriteString("}")
		names = append(names, g.named(typ{cue: b.String()}).cue)
	}
	return typ{cue: strings.Join(names, " | "), sample: func(r *rand.Rand) any {
		m := map[string]any{}
		for _, f := range all {
			if r.IntN(4) != 0 {
				m[f.name] = f.t.sample(r)
			}
		}
		return m
	}}
}

// field is one member of a struct the generator wrote.
type field struct {
	name, mark string
	t          typ
}

// structType is a struct literal of one to four fields, open or not.
func (g *gen) structType(depth int, open bool) typ { return g.structOf(depth, open, true) }

// structOf is structType; counted allows struct.MinFields beside it.
func (g *gen) structOf(depth int, open, counted bool) typ {
	r := g.r
	top := g.rootLevel
	g.rootLevel = false
	var fs []field
	for i := range 1 + r.IntN(4) {
		fs = append(fs, field{name: fmt.Sprintf("%s%d", g.prefix, i), mark: pick(r, "", "?", "?", "!"), t: g.typeAt(depth)})
	}
	var b strings.Builder
	b.WriteString("{\n")
	for _, f := range fs {
		attr := ""
		if f.mark == "?" && f.t.noZero && !top && !g.lib && g.zeros.IntN(3) == 0 {
			// The value itself in Go, its zero standing for absent
			// (constructs zero-absent).
			attr = " @go(,optional=zero)"
		}
		if g.aux.IntN(6) == 0 && !g.evaluatesAlone(f.t.cue, 0) {
			// The field's type as a definition within the struct
			// (#S0: T, f0: #S0), which no data sets: within a list's
			// element or a pattern's value CUE gives a reference to it
			// no path (scoped-defs.txtar).
			g.nscoped++
			name := fmt.Sprintf("#S%d", g.nscoped)
			fmt.Fprintf(&b, "\t%s: %s\n", name, f.t.cue)
			fmt.Fprintf(&b, "\t%s%s: %s%s\n", f.name, f.mark, name, attr)
			continue
		}
		fmt.Fprintf(&b, "\t%s%s: %s%s\n", f.name, f.mark, f.t.cue, attr)
	}
	// A default taken from another member of the struct (hof's Plural:
	// string | *"\(Name)s"): dn is required, dd may be left out.
	memberDefault := g.members.IntN(6) == 0 && !top
	var dn typ
	held := false
	if memberDefault {
		h := *g
		h.r = g.members // r's stream stays as it was
		// The forms of the default, each beside dn of a string (or an
		// integer) type: its text's format, dn's declaration first.
		forms := []struct {
			integer bool
			text    string
		}{
			{false, "\tdn: %s\n\tdd: string | *\"\\(dn)s\"\n"},
			{false, "\tdn: %s\n\tdd: string | *dn\n"},
			{true, "\tdn!: %s\n\tdd: int | *dn\n"},
			{true, "\tdn: %s\n\tdd: string | *\"n\\(dn)\"\n"},
			// a function of Go's own on the member
			{false, "\tdn: %s\n\tdd: string | *strings.ToUpper(strings.Replace(dn, \"a\", \"-\", 1))\n"},
		}
		form := forms[g.members.IntN(len(forms))]
		if form.integer {
			dn = h.intType()
		} else {
			dn = h.stringType()
		}
		fmt.Fprintf(&b, form.text, dn.cue)
		// and a struct in place whose default takes dn, the holder's
		// member (hof's Validation: {Max: int | *Length})
		held = g.members.IntN(2) == 0
		if held {
			fmt.Fprintf(&b, "\tdh: {dm: string | *\"\\(dn)-h\"}\n")
		}
	}
	var cond, mode *field
	modeKind := 0 // mode's kind: 0 an enum of strings, 1 an integer, 2 a boolean
	var later *laterIf
	refusing := false
	patterned, yPattern, jsPattern := false, false, false
	unknown := g.unknown || open
	switch {
	case open:
		b.WriteString("\t...\n")
	case r.IntN(6) == 0:
		// a pattern beside the fields
		b.WriteString("\t[=~\"^x-\"]: string\n")
		patterned = true
		switch g.patterns.IntN(3) {
		case 0:
			// of another Go type, no name matching both
			b.WriteString("\t[=~\"^y-\"]: int & >=0 & <=9\n")
			yPattern = true
		case 1:
			// naming a few members: optional fields
			b.WriteString("\t[=~\"^(c|m)?js$\"]: bool\n")
			jsPattern = true
		}
	case r.IntN(5) == 0 && fs[0].mark == "?" && slices.ContainsFunc(fs[1:], func(f field) bool { return f.mark != "?" }):
		// (beside optional members alone, CUE reads the if as an
		// embedding that admits values of other kinds: docs/jsonschema.md)
		// a field the body gives while another is present
		cond = &field{name: "g", t: g.scalarType()}
		fmt.Fprintf(&b, "\tif %s != _|_ {\n\t\t%s: %s\n\t}\n", fs[0].name, cond.name, cond.t.cue)
	case r.IntN(5) == 0 && len(fs) > 2 && fs[0].mark == "?" && fs[1].mark == "?" && slices.ContainsFunc(fs[2:], func(f field) bool { return f.mark != "?" }):
		// two fields that exclude each other: one forbidden while the
		// other is present, or the value refused while both are
		if r.IntN(2) == 0 {
			fmt.Fprintf(&b, "\tif %s != _|_ {\n\t\t%s?: _|_\n\t}\n", fs[0].name, fs[1].name)
		} else {
			fmt.Fprintf(&b, "\tif %s != _|_ && %s != _|_ {\n\t\t_|_\n\t}\n", fs[0].name, fs[1].name)
			refusing = true
		}
	case r.IntN(4) == 0:
		// a field the body gives while a required member holds a value
		// (==) or does not (!=)
		mode = &field{name: "mode", t: g.scalarType()}
		op := pick(r, "==", "!=")
		mark := pick(r, "", "!", "?")
		if mark != "!" && mode.t.lit != "" && g.declaredDefaults.IntN(3) == 0 {
			// a default CUE supplies while the condition holds (or,
			// on h?:, the one a Get method gives)
			mode.t = withDefault(mode.t)
		}
		switch modeKind = r.IntN(3); modeKind {
		case 0:
			decl := `mode!: "a" | "b" | "c"`
			if g.defaultedModes.IntN(3) == 0 {
				decl = pick(g.defaultedModes, `mode: "a" | *"b" | "c"`, `mode: *"a" | "b" | "c"`)
			}
			fmt.Fprintf(&b, "\t%s\n\tif mode %s \"a\" {\n\t\th%s: %s\n\t}\n", decl, op, mark, mode.t.cue)
		case 1:
			// an integer's order against a literal, either side
			test := fmt.Sprintf("mode %s %d", pick(r, "<", "<=", ">", ">="), r.IntN(5))
			if r.IntN(3) == 0 {
				test = fmt.Sprintf("%d %s mode", r.IntN(5), pick(r, "<", "<=", ">", ">="))
			}
			fmt.Fprintf(&b, "\tmode!: int & >=0 & <=4\n\tif %s {\n\t\th%s: %s\n\t}\n", test, mark, mode.t.cue)
		default:
			// a boolean, its value or its negation
			test := pick(r, "mode", "!mode", "mode == false", "mode != true", "mode == true")
			fmt.Fprintf(&b, "\tmode!: bool\n\tif %s {\n\t\th%s: %s\n\t}\n", test, mark, mode.t.cue)
		}
	default:
		later = g.laterIf(fs)
		if later != nil {
			b.WriteString(later.text)
		}
	}
	b.WriteString("}")
	text := b.String()
	if counted && r.IntN(8) == 0 {
		if r.IntN(2) == 0 {
			text = "struct.MinFields(1) & " + text
		} else {
			// embedded beside the fields, as 31eacae1 counts it
			text = strings.TrimSuffix(text, "}") + "\tstruct.MinFields(1)\n}"
		}
	}
	return typ{cue: text, refusing: refusing, sample: func(r *rand.Rand) any {
		if r.IntN(15) == 0 {
			return wrong(r)
		}
		out := map[string]any{}
		for _, f := range fs {
			if r.IntN(4) != 0 {
				out[f.name] = f.t.sample(r)
			}
		}
		if memberDefault {
			if r.IntN(12) != 0 {
				out["dn"] = dn.sample(r)
			}
			if r.IntN(3) == 0 {
				out["dd"] = pick[any](r, "s", num("3"), nil)
			}
			if held && r.IntN(2) == 0 {
				out["dh"] = pick[any](r, map[string]any{}, map[string]any{"dm": "x"}, map[string]any{"dm": num("1")}, "s")
			}
		}
		if unknown && r.IntN(8) == 0 {
			out["extra"] = num("1")
		}
		if (unknown || patterned) && r.IntN(6) == 0 {
			out["x-"+pick(r, "a", "b")] = pick[any](r, "s", num("1"))
		}
		if yPattern && g.patterns.IntN(2) == 0 {
			out["y-"+pick(g.patterns, "a", "b")] = pick[any](g.patterns, "s", num("1"), num("10"))
		}
		if jsPattern && g.patterns.IntN(2) == 0 {
			out[pick(g.patterns, "js", "cjs", "mjs")] = pick[any](g.patterns, true, "s")
		}
		if cond != nil && r.IntN(2) == 0 {
			out[cond.name] = cond.t.sample(r)
		}
		if later != nil {
			later.sample(r, out)
		}
		if mode != nil {
			if r.IntN(16) != 0 {
				switch modeKind {
				case 0:
					out["mode"] = pick(r, "a", "a", "b", "c", "c", "d")
				case 1:
					out["mode"] = pick[any](r, 0, 1, 2, 3, 4, 5, "a")
				default:
					out["mode"] = pick[any](r, true, false, true, false, "a")
				}
			}
			if r.IntN(2) == 0 {
				out["h"] = mode.t.sample(r)
			}
		}
		return out
	}}
}

// laterIf is an if of the later forms beside a struct's fields: its text
// (the fields it tests and narrows declared beside it), and a sampler of
// those fields' members.
type laterIf struct {
	text   string
	sample func(r *rand.Rand, out map[string]any)
}

// laterIf draws, a time in four, an if of a later form beside the fields
// fs (nil otherwise). Its condition tests a required boolean (if cb); a
// required integer's value (if ck == 3, if ck != 3, an || of two tests,
// if ck < 1 || ck > 4, or tests of it joined by &&); a required string's
// match or order (if cs =~ "^a", if cs !~ #"^\d+$"#, if cs > "m"); a
// required number's order (if cx > 0.5); a list's number of items or a
// map's members (if len(cl) > 0, if len(cp) > 1); a null (if cu ==
// null); both a boolean and an integer (if cb && ck != 3, if cb || ck ==
// 3); or an enum with a default that the condition may hold of (cm:
// *"a" | "b" | "c", if cm == "a", if cm =~ "^[ab]$"). Its body declares a
// field, narrows a number or a string declared beside it (cn?: int, if …
// {cn?: >=3 & <=10}), or forbids an optional field of fs (f0?: _|_); a
// field it declares may be declared again by a clause of its own (if cz
// {ch?: string}). Every form has a required member or a regular one
// beside it: beside optional members alone CUE reads an if as an
// embedding (the package's doc).
func (g *gen) laterIf(fs []field) *laterIf {
	r := g.conds
	if r.IntN(4) != 0 {
		return nil
	}
	var b strings.Builder
	var condSample func(r *rand.Rand, out map[string]any)
	defaulted := false
	switch r.IntN(4) {
	case 3:
		// two tests joined by &&
		test := "cb && ck != 3"
		if g.ors.IntN(3) == 0 {
			test = "cb || ck == 3" // tests of two fields
		}
		if g.matches.IntN(3) == 0 {
			// && and || nested, written out as an || of &&s
			test = pick(g.matches, "(cb && ck > 2) || ck == 0", "!(cb && (ck == 1 || ck == 4))", "(cb || ck == 2) && !(ck == 5 && !cb)", "!((ck > 1 && ck < 4) || cb)")
		}
		fmt.Fprintf(&b, "\tcb!: bool\n\tck!: int & >=0 & <=5\n\tif %s {\n", test)
		condSample = func(r *rand.Rand, out map[string]any) {
			if r.IntN(12) != 0 {
				out["cb"] = pick[any](r, true, true, false)
			}
			if r.IntN(12) != 0 {
				out["ck"] = pick[any](r, num("3"), num("2"), num("5"), num("6"))
			}
		}
	case 0:
		if g.ors.IntN(4) == 0 {
			// an optional field's absence, or a boolean negated
			// co == _|_ holds where the data leaves co out, so CUE
			// applies the body to the schema: a declaration, as beside
			// a default; co != _|_ || cb, a presence among the sides
			test := "co != _|_ || cb"
			if g.ors.IntN(2) == 0 {
				test, defaulted = "co == _|_ || !(cb)", true
			}
			fmt.Fprintf(&b, "\tcb!: bool\n\tco?: int\n\tif %s {\n", test)
			condSample = func(r *rand.Rand, out map[string]any) {
				if r.IntN(12) != 0 {
					out["cb"] = pick[any](r, true, true, false)
				}
				if r.IntN(2) == 0 {
					out["co"] = pick[any](r, num("1"), "1")
				}
			}
			break
		}
		b.WriteString("\tcb!: bool\n\tif cb {\n")
		condSample = func(r *rand.Rand, out map[string]any) {
			if r.IntN(12) != 0 {
				out["cb"] = pick[any](r, true, true, false, "true")
			}
		}
	case 1:
		op := pick(r, "==", "!=")
		if g.matches.IntN(5) == 0 {
			// a string's pattern, a number's order or a list's number
			// of items in place of the integer
			switch g.matches.IntN(5) {
			case 3:
				// null or a value
				test := pick(g.matches, `cu == null`, `cu != null`, `null == cu || cu == 2`)
				fmt.Fprintf(&b, "\tcu!: null | int\n\tif %s {\n", test)
				condSample = func(r *rand.Rand, out map[string]any) {
					if r.IntN(12) != 0 {
						out["cu"] = pick[any](r, nil, num("2"), num("3"), "x")
					}
				}
			case 0:
				test := pick(g.matches, `cx > 0.5`, `cx <= -1.5 || cx > 2`, `cx >= -0.25 && cx < 1e3`)
				fmt.Fprintf(&b, "\tcx!: number\n\tif %s {\n", test)
				condSample = func(r *rand.Rand, out map[string]any) {
					if r.IntN(12) != 0 {
						out["cx"] = pick[any](r, num("0.25"), num("0.5"), num("0.75"), num("1"), num("-2"), num("2.5"), num("-0.25"), num("1000"), "1")
					}
				}
			case 1:
				// a list's number of items
				test := pick(g.matches, `len(cl) > 0`, `len(cl) == 2 || len(cl) > 3`, `!(len(cl) != 1)`, `2 >= len(cl)`, `list.Contains(cl, 2)`, `!list.Contains(cl, 1) || len(cl) > 3`)
				fmt.Fprintf(&b, "\tcl!: [...int]\n\tif %s {\n", test)
				condSample = func(r *rand.Rand, out map[string]any) {
					if r.IntN(12) != 0 {
						out["cl"] = pick[any](r, []any{}, []any{num("1")}, []any{num("1"), num("2")}, []any{num("1"), num("2"), num("3"), num("4")}, "x")
					}
				}
			case 2:
				// a map's number of members
				test := pick(g.matches, `len(cp) > 1`, `len(cp) == 0 || len(cp) > 2`)
				fmt.Fprintf(&b, "\tcp!: [string]: int\n\tif %s {\n", test)
				condSample = func(r *rand.Rand, out map[string]any) {
					if r.IntN(12) != 0 {
						out["cp"] = pick[any](r, map[string]any{}, map[string]any{"a": num("1")}, map[string]any{"a": num("1"), "b": num("2")}, map[string]any{"a": num("1"), "b": num("2"), "c": num("3")}, []any{})
					}
				}
			default:
				test := pick(g.matches, `cs =~ "^a"`, `cs !~ #"^\d+$"#`, `cs =~ "(?i)^ok$" || cs == "b"`, `cs =~ "^[a-z]+$" && cs !~ "x"`, `cs > "m"`, `"b" >= cs || cs =~ "^x"`, `strings.HasPrefix(cs, "a")`, `!strings.Contains(cs, "x") || cs == "b"`)
				fmt.Fprintf(&b, "\tcs!: string\n\tif %s {\n", test)
				condSample = func(r *rand.Rand, out map[string]any) {
					if r.IntN(12) != 0 {
						out["cs"] = pick[any](r, "a", "ab", "12", "OK", "ok", "b", "ax", "", num("1"), "m", "ma", "z", "xy")
					}
				}
			}
			break
		}
		test := "ck " + op + " 3"
		switch g.ors.IntN(4) {
		case 1:
			test = "ck == 3 || ck == 5"
		case 2:
			test = "ck < 1 || ck > 4"
		case 3:
			test = "ck > 1 && ck != 4 && !(ck >= 5)" // tests of one field joined
		}
		fmt.Fprintf(&b, "\tck!: int & >=0 & <=5\n\tif %s {\n", test)
		condSample = func(r *rand.Rand, out map[string]any) {
			if r.IntN(12) != 0 {
				out["ck"] = pick[any](r, num("3"), num("3"), num("2"), num("5"), num("6"), "3")
			}
		}
	default:
		// a field with a default: the body is applied to the schema by
		// CUE where the condition holds of the default, so it declares
		// a field of a plain type, or forbids one (docs/schema-language.md)
		if !slices.ContainsFunc(fs, func(f field) bool { return f.mark != "?" }) {
			return nil
		}
		defaulted = true
		test := `cm == "a"`
		if g.ors.IntN(3) == 0 {
			test = pick(g.ors, `cm == "a" || cm == "c"`, `cm == "b" || cm == "c"`)
		}
		if g.matches.IntN(4) == 0 {
			test = pick(g.matches, `cm =~ "^[ab]$"`, `cm !~ "c"`, `cm =~ "^a" || cm == "c"`)
		}
		fmt.Fprintf(&b, "\tcm: *\"a\" | \"b\" | \"c\"\n\tif %s {\n", test)
		condSample = func(r *rand.Rand, out map[string]any) {
			if r.IntN(3) != 0 {
				out["cm"] = pick[any](r, "a", "b", "c", "d")
			}
		}
	}
	var bodySample func(r *rand.Rand, out map[string]any)
	var decl string
	body := r.IntN(4)
	forbid := body == 1 && len(fs) > 0 && fs[0].mark == "?"
	if defaulted && !forbid || body == 1 && !forbid {
		// beside a default only a declaration or a forbid is carried
		body = 0
	}
	switch {
	case body == 0:
		// a field the body declares
		mark := pick(r, "!", "?")
		fmt.Fprintf(&b, "\t\tch%s: string\n", mark)
		bodySample = func(r *rand.Rand, out map[string]any) {
			if r.IntN(2) == 0 {
				out["ch"] = pick[any](r, "s", "", num("1"))
			}
		}
	case forbid:
		// an optional field of the struct forbidden
		fmt.Fprintf(&b, "\t\t%s?: _|_\n", fs[0].name)
		bodySample = func(*rand.Rand, map[string]any) {}
	case body == 2:
		// a number declared beside the if, narrowed in its body
		decl = "\tcn?: int\n"
		narrowed := "\t\tcn?: >=3 & <=10\n"
		if d := g.narrowedDefaults.IntN(4); d > 0 {
			// a default of the field's own, refused by the bound (*1)
			// or met (*5), beside an optional or a regular field, the
			// body's declaration regular or optional
			decl = fmt.Sprintf("\tcn%s: *%s | int\n", pick(g.narrowedDefaults, "", "?"), pick(g.narrowedDefaults, "1", "5"))
			narrowed = fmt.Sprintf("\t\tcn%s: >=3 & <=10\n", pick(g.narrowedDefaults, "", "?"))
		}
		b.WriteString(narrowed)
		bodySample = func(r *rand.Rand, out map[string]any) {
			if r.IntN(3) != 0 {
				out["cn"] = pick[any](r, num("2"), num("3"), num("10"), num("11"), num("-1"))
			}
		}
	default:
		// a string declared beside the if, narrowed in its body
		decl = "\tcs?: string\n"
		narrowed := "\t\tcs?: =~\"^x\" & strings.MaxRunes(3)\n"
		if g.narrowedDefaults.IntN(4) == 0 {
			// a default of the string's own, met (*"xy") or refused
			// (*"ab") by the body's pattern
			decl = fmt.Sprintf("\tcs%s: *%s | string\n", pick(g.narrowedDefaults, "", "?"), pick(g.narrowedDefaults, `"xy"`, `"ab"`))
			narrowed = fmt.Sprintf("\t\tcs%s: =~\"^x\" & strings.MaxRunes(3)\n", pick(g.narrowedDefaults, "", "?"))
		}
		b.WriteString(narrowed)
		bodySample = func(r *rand.Rand, out map[string]any) {
			if r.IntN(3) != 0 {
				out["cs"] = pick[any](r, "x", "xyz", "xyzw", "ab", "", num("1"))
			}
		}
	}
	b.WriteString("\t}\n")
	againSample := func(*rand.Rand, map[string]any) {}
	if body == 0 && g.matches.IntN(3) == 0 {
		// the declared field declared again by a clause of its own
		b.WriteString("\tcz!: bool\n\tif cz {\n\t\tch?: string\n\t}\n")
		againSample = func(r *rand.Rand, out map[string]any) {
			if r.IntN(12) != 0 {
				out["cz"] = pick[any](r, true, false, "t")
			}
		}
	}
	return &laterIf{text: decl + b.String(), sample: func(r *rand.Rand, out map[string]any) {
		condSample(r, out)
		bodySample(r, out)
		againSample(r, out)
	}}
}

// Module is one generated schema: the CUE file of package t, and a
// sampler of JSON values near its definition #A.
type Module struct {
	// CUE is the file's text, schema/t/t.cue of a module.
	CUE string
	// Sample draws one value (for json.Marshal) from r.
	Sample func(r *rand.Rand) any
	// Root is set when the fields are the package's top level (its root
	// object, judged as the package's value) rather than #A's.
	Root bool
	// Library is set when the module is a library of types: A and the
	// named types are top-level fields (A: {…}, N1: …), judged as cue vet
	// -d A judges A. Without a named type for A to refer to, the module's
	// schemagen.cue names the package in typeLibraries.
	Library, setting bool
}

// Write writes the module into dir: cue.mod/module.cue and
// schema/t/t.cue.
func (m Module) Write(dir string) error {
	files := map[string]string{
		"cue.mod/module.cue": "module: \"example.com/random@v0\"\nlanguage: version: \"v0.17.0\"\n",
		"schema/t/t.cue":     m.CUE,
	}
	if m.setting {
		files["schemagen.cue"] = "typeLibraries: [\"t\"]\n"
	}
	for rel, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Instances draws n samples from a source seeded with seed and returns
// their JSON, each once (a sample drawn twice is left out).
func (m Module) Instances(seed uint64, n int) ([][]byte, error) {
	r := rand.New(rand.NewPCG(seed, 2))
	seen := map[string]bool{}
	var out [][]byte
	for range n {
		data, err := json.Marshal(m.Sample(r))
		if err != nil {
			return nil, err
		}
		if !seen[string(data)] {
			seen[string(data)] = true
			out = append(out, data)
		}
	}
	return out, nil
}

// Options say what the samplers may draw.
type Options struct {
	// Unknown lets a sample of a closed object hold a member it does not
	// name, which CUE and the strict schemas refuse and the open schemas
	// and the Go decoder ignore.
	Unknown bool
	// Root writes #A's fields at the package's top level instead: an
	// open root object, and every struct written in place under it open
	// too. Its samples may hold unknown members anywhere.
	Root bool
	// Library writes #A and the named types as top-level regular fields,
	// a library of types (A is open, as every struct in place under it).
	Library bool
}

// New writes the module of seed.
func New(seed uint64, opt Options) Module {
	g := &gen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), aux: rand.New(rand.NewPCG(seed^0x5bd1e995, seed)), members: rand.New(rand.NewPCG(seed^0x27d4eb2f, seed+1)), strs: rand.New(rand.NewPCG(seed^0x165667b1, seed+2)), nums: rand.New(rand.NewPCG(seed^0xd3a2646c, seed+3)), conds: rand.New(rand.NewPCG(seed^0x2545f491, seed+4)), zeros: rand.New(rand.NewPCG(seed^0x61c88647, seed+5)), nets: rand.New(rand.NewPCG(seed^0x7f4a7c15, seed+6)), inPlace: rand.New(rand.NewPCG(seed^0x3c6ef372, seed+7)), patterns: rand.New(rand.NewPCG(seed^0x9b05688c, seed+8)), counts: rand.New(rand.NewPCG(seed^0x85ebca6b, seed+9)), matchIfs: rand.New(rand.NewPCG(seed^0xc2b2ae35, seed+10)), embeds: rand.New(rand.NewPCG(seed^0x94d049bb, seed+11)), kindCounts: rand.New(rand.NewPCG(seed^0xbf58476d, seed+12)), refCounts: rand.New(rand.NewPCG(seed^0x1b873593, seed+13)), allOfRefs: rand.New(rand.NewPCG(seed^0xe6546b64, seed+14)), overlaps: rand.New(rand.NewPCG(seed^0x85ebca77, seed+15)), wholeTwice: rand.New(rand.NewPCG(seed^0xcc9e2d51, seed+16)), unnamedParts: rand.New(rand.NewPCG(seed^0x1b03738d, seed+17)), strictHolders: rand.New(rand.NewPCG(seed^0x5851f42d, seed+18)), openings: rand.New(rand.NewPCG(seed^0x14057b7e, seed+19)), trivialIfs: rand.New(rand.NewPCG(seed^0x7e3779b9, seed+20)), statedAgain: rand.New(rand.NewPCG(seed^0x2f6b9c1d, seed+21)), selfDefaults: rand.New(rand.NewPCG(seed^0x6a09e667, seed+22)), declaredDefaults: rand.New(rand.NewPCG(seed^0xbb67ae85, seed+23)), narrowedDefaults: rand.New(rand.NewPCG(seed^0x3c6ef373, seed+24)), defaultedModes: rand.New(rand.NewPCG(seed^0xa54ff53a, seed+25)), ors: rand.New(rand.NewPCG(seed^0x510e527f, seed+26)), matches: rand.New(rand.NewPCG(seed^0x9b05688d, seed+27)), unknown: opt.Unknown || opt.Root, prefix: "f"}
	if opt.Root {
		// the package's top level: open, as every struct written in
		// place under it (a member it does not name is data CUE keeps)
		g.rootLevel = true
		a := g.structOf(3, false, false)
		var b strings.Builder
		b.WriteString(header)
		for _, d := range g.decls {
			b.WriteString(d + "\n\n")
		}
		b.WriteString(strings.TrimSuffix(strings.TrimPrefix(a.cue, "{\n"), "}") + "\n")
		b.WriteString(usesImports)
		return Module{CUE: b.String(), Sample: a.sample, Root: true}
	}
	g.lib = opt.Library
	g.unknown = g.unknown || opt.Library
	a := g.structType(3, g.r.IntN(5) == 0)
	var b strings.Builder
	b.WriteString(header)
	for _, d := range g.decls {
		b.WriteString(d + "\n\n")
	}
	name := "#A"
	if opt.Library {
		name = "A"
	}
	b.WriteString(name + ": " + a.cue + "\n\n")
	b.WriteString(usesImports)
	// A library reads as one by itself when A uses a named type that is
	// no constant (model.TypeLibrary: N1: "k" is one value in a document
	// too); else schemagen.cue says it is one.
	return Module{CUE: b.String(), Sample: a.sample, Library: opt.Library, setting: opt.Library && !readsAsLibrary(b.String())}
}

// evaluatesAlone reports whether CUE v0.17.1 may find a definition of the
// type t an error where it is declared, before any data: a validator of a
// list or a struct's count ([...int] & list.MinItems(1) is [] there), a
// count of alternatives or a matchIf, or an if on a required member, in t
// or in a named type it refers to. Such a definition within an object
// makes CUE refuse every value of a union of which the object is a
// variant, and within a definition a list validator beside items that
// refer to a library's field loses their closedness (docs/jsonschema.md):
// the judges would disagree by CUE's evaluator, so the generator writes
// no such definition.
func (g *gen) evaluatesAlone(t string, depth int) bool {
	for _, s := range []string{"list.", "struct.", "matchN", "matchIf", "if "} {
		if strings.Contains(t, s) {
			return true
		}
	}
	if depth > 8 {
		return true
	}
	for _, m := range namedRef.FindAllStringSubmatch(t, -1) {
		for _, d := range g.decls {
			if text, ok := strings.CutPrefix(d, m[2]+": "); ok && g.evaluatesAlone(text, depth+1) {
				return true
			}
		}
	}
	return false
}

// namedRef finds the names of the module's named types (N1, #N2) in a
// type's text.
var namedRef = regexp.MustCompile(`(^|[^A-Za-z0-9_#])(#?N[0-9]+)\b`)

// readsAsLibrary reports whether schemagen reads src, a package's file,
// as a library of types without being told.
func readsAsLibrary(src string) bool {
	f, err := parser.ParseFile("t.cue", src)
	if err != nil {
		panic(fmt.Sprintf("randschema wrote CUE its parser refuses: %v\n%s", err, src))
	}
	return model.TypeLibrary([]*ast.File{f})
}

// header is the start of every module: its package and every import the
// generator may use.
const header = "package t\n\nimport (\n\t\"list\"\n\t\"math\"\n\t\"net\"\n\t\"strings\"\n\t\"struct\"\n\t\"time\"\n\t\"uuid\"\n)\n\n"

// usesImports uses every import whatever was drawn.
const usesImports = "#UsesImports: {l?: [...int] & list.MinItems(0), s?: string & strings.MinRunes(0), m?: int & math.MultipleOf(1), o?: struct.MinFields(0) & {}, t?: time.Time, n?: net.AbsURL, u?: string & uuid.Valid}\n"
