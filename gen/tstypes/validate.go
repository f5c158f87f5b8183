package tstypes

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/schemagen/schemagen/gen/escape"
	"github.com/schemagen/schemagen/gen/model"
)

// support is the validation runtime every module carries (the same text in
// each): the scanner, the date and length checks, the problem type and the
// writer's escaping. It is TypeScript checked by tsc --strict with the
// module (conformance/ts).
//
//go:embed support.ts
var support string

// supportNames are the exported names of support: no definition may take
// them.
var supportNames = []string{"Problem", "ProblemRule", "ParseError"}

// The exported functions a definition gets beside its type.
func isFunc(name string) string       { return "is" + name }
func validateFunc(name string) string { return "validate" + name }
func parseFunc(name string) string    { return "parse" + name }
func writeFunc(name string) string    { return "write" + name }
func matchFunc(name string) string    { return "match" + name }

// The unexported walkers: a definition's name never begins with "_".
func checkFn(name string) string  { return "_v_" + name }
func writerFn(name string) string { return "_w_" + name }

// derivedNames are the exported names a definition's functions take, to be
// claimed beside the definition's own.
func derivedNames(kind model.Kind, name string) []string {
	switch kind {
	case model.EnumKind:
		return []string{isFunc(name)}
	case model.ObjectKind, model.MapKind:
		return []string{isFunc(name), validateFunc(name), parseFunc(name), writeFunc(name)}
	case model.UnionKind:
		return []string{isFunc(name), validateFunc(name), parseFunc(name), writeFunc(name), matchFunc(name)}
	}
	return nil
}

// jsString is s as a TypeScript string literal: JSON's quoting, which
// escapes every character a JavaScript string may not hold as it is
// (U+2028 and U+2029 included).
func jsString(s string) string { return escape.TSString(s) }

// jsonText is s as encoding/json writes it as a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// code writes indented TypeScript.
type code struct {
	b     strings.Builder
	depth int
	vars  int
}

func (c *code) p(parts ...string) { c.line("", parts, "") }

// line writes head, parts and tail as one line at the current depth.
func (c *code) line(head string, parts []string, tail string) {
	for range c.depth {
		c.b.WriteString("  ")
	}
	c.b.WriteString(head)
	for _, s := range parts {
		c.b.WriteString(s)
	}
	c.b.WriteString(tail)
	c.b.WriteString("\n")
}

func (c *code) open(parts ...string) {
	if slices.ContainsFunc(parts, func(p string) bool { return p != "" }) {
		c.line("", parts, " {")
	} else {
		c.line("", nil, "{") // a block of its own, at the depth's indentation
	}
	c.depth++
}

func (c *code) close(tail ...string) {
	c.depth--
	c.line("}", tail, "")
}

func (c *code) fresh(name string) string {
	c.vars++
	return name + strconv.Itoa(c.vars)
}

// fail writes the statements for a problem found: in the fast mode (out
// null) the walker returns false at once; collecting, it records the
// problem and goes on.
func (c *code) fail(at, rule, msg string) { c.failRule(at, jsString(rule), msg) }

// failRule is fail with the rule an expression.
func (c *code) failRule(at, rule, msg string) {
	c.p("if (out === null) return false;")
	c.p("ok = false;")
	c.p("_p(out, ", at, ", ", rule, ", ", msg, ");")
}

// validators renders the walkers and exported functions of a package's
// enums, objects and unions, and the support they call, in source order.
func validators(p *model.Package) []decl {
	var ds []decl
	for _, e := range p.Enums {
		ds = append(ds, decl{e.Pos, e.TSName, enumGuard(e)})
	}
	for _, sc := range p.Scalars {
		if len(sc.Patterns) > 0 { // its first; the others are _rx's
			ds = append(ds, decl{sc.Pos, sc.TSName, fmt.Sprintf("const %s = /*#__PURE__*/ new RegExp(%s, \"u\");\n", patternVar(sc), jsString(model.ECMAPattern(sc.Patterns[0])))})
		}
	}
	strict := p.JudgedStrictly()
	for _, o := range p.Objects {
		ds = append(ds, decl{o.Pos, o.TSName, objectValidator(o, strict[o] || o.Strict, p.IsNullable(o.Name))})
	}
	for _, u := range p.Unions {
		ds = append(ds, decl{u.Pos, u.TSName, unionValidator(u, p.IsNullable(u.Name))})
	}
	for _, m := range p.Maps {
		ds = append(ds, decl{m.Pos, m.TSName, mapValidator(m)})
	}
	for _, o := range p.OneOfs {
		if o.Recursive {
			t := &model.Type{Kind: model.OneOfKind, OneOf: &model.OneOf{Name: o.Name, TSName: o.TSName, Alts: o.Alts}}
			ds = append(ds, decl{o.Pos, o.TSName, selfValidator(o.TSName, t)})
		}
	}
	for _, a := range p.Aliases {
		if a.Recursive {
			ds = append(ds, decl{a.Pos, a.TSName, selfValidator(a.TSName, a.Type)})
		}
	}
	if d, ok := documentType(p); ok {
		ds = append(ds, decl{d.pos, d.name + " document", documentValidator(d)})
	}
	// A scalar's pattern constant only where a check uses it: an unread
	// one is an error under noUnusedLocals. One scan of each declaration
	// finds both the pattern constants and the support names it uses.
	x := supportIdx()
	seen := x.seen()
	used := map[string]bool{}
	for _, sc := range p.Scalars {
		if len(sc.Patterns) > 0 {
			used[patternVar(sc)] = false
		}
	}
	names := newNameSet(seen, used)
	for _, d := range ds {
		if !strings.HasPrefix(d.text, "const _re_") {
			names.mark(d.text)
		}
	}
	ds = slices.DeleteFunc(ds, func(d decl) bool {
		name, ok := strings.CutPrefix(d.text, "const ")
		name, _, _ = strings.Cut(name, " ")
		return ok && strings.HasPrefix(name, "_re_") && !used[name]
	})
	support := newNameSet(seen)
	for _, d := range ds {
		if strings.HasPrefix(d.text, "const _re_") {
			support.mark(d.text) // a kept constant's text is code too
		}
	}
	return append(ds, decl{model.Pos{File: "\xff"}, "", x.keepUsed(seen)})
}

// declared returns the names a support block's top-level declarations
// declare, each a line that begins "function NAME", "const NAME", "let
// NAME", "class NAME", "interface NAME" or "type NAME", with "export "
// before it or not (NAME letters, digits and _), and whether one of them
// is exported. A scan of the lines: the regexp it replaces
// (supportDeclRE, which the tests hold it to) was 70% of indexing
// support, 3% of a generate of this repository's schema.
func declared(block string) (names []string, exported bool) {
	for line := range strings.Lines(block) {
		rest, exp := strings.CutPrefix(line, "export ")
		for _, kw := range [...]string{"function ", "const ", "let ", "class ", "interface ", "type "} {
			r, ok := strings.CutPrefix(rest, kw)
			if !ok {
				continue
			}
			n := 0
			for n < len(r) && (r[n] == '_' || '0' <= r[n] && r[n] <= '9' || 'a' <= r[n] && r[n] <= 'z' || 'A' <= r[n] && r[n] <= 'Z') {
				n++
			}
			if n > 0 {
				names = append(names, r[:n])
				exported = exported || exp
			}
			break
		}
	}
	return names, exported
}

// supportIndex is what pruning needs of a support text, read once: its
// declarations, blocks separated by a blank line, the support names each
// declares and refers to, and the blocks every module keeps.
type supportIndex struct {
	blocks []string
	refs   [][]int          // the blocks each block refers to
	keep   []int            // kept in every module: comments only, or exporting a name
	byName map[string][]int // the blocks declaring each name
}

// indexSupport reads src's blocks. A block of comments only, or one that
// exports a name, is every module's; any other (At too) only where
// something refers to it, or noUnusedLocals refuses the module.
func indexSupport(src string) *supportIndex {
	x := &supportIndex{blocks: strings.Split(strings.TrimSpace(src), "\n\n"), byName: map[string][]int{}}
	x.refs = make([][]int, len(x.blocks))
	for i, b := range x.blocks {
		names, exported := declared(b)
		for _, n := range names {
			x.byName[n] = append(x.byName[n], i)
		}
		if len(names) == 0 || exported {
			x.keep = append(x.keep, i)
		}
	}
	// Each block's references, each name once: the block it was last
	// found in (one map for all blocks, where a map of every name per
	// block cost 4% of a generate of this repository's schema).
	last := make(map[string]int, len(x.byName))
	for i, b := range x.blocks {
		words(withoutComments(b), func(w string) {
			if is, ok := x.byName[w]; ok && last[w] != i+1 {
				last[w] = i + 1
				x.refs[i] = append(x.refs[i], is...)
			}
		})
	}
	return x
}

// withoutComments is a support block with its comments blanked (/* … */,
// and lines that begin //), so that a name a comment mentions (_uint's
// doc names _int) is no reference that keeps its block: kept unused, it
// is an error under noUnusedLocals.
func withoutComments(b string) string {
	if !strings.Contains(b, "/*") && !strings.Contains(b, "//") {
		return b
	}
	var out strings.Builder
	for len(b) > 0 {
		i := strings.Index(b, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(b[i+2:], "*/")
		if j < 0 {
			break
		}
		out.WriteString(b[:i])
		b = b[i+2+j+2:]
	}
	out.WriteString(b)
	var code strings.Builder
	for line := range strings.Lines(out.String()) {
		if !strings.HasPrefix(strings.TrimSpace(line), "//") {
			code.WriteString(line)
		}
	}
	return code.String()
}

// seen is a fresh map of every name support declares, none referred to.
func (x *supportIndex) seen() map[string]bool {
	seen := make(map[string]bool, len(x.byName))
	for n := range x.byName {
		seen[n] = false
	}
	return seen
}

// supportIdx is support's index, read at first use.
var supportIdx = sync.OnceValue(func() *supportIndex { return indexSupport(support) })

// pruneSupport is the part of support that code uses: its exported
// names, and every unexported declaration code or a kept declaration
// refers to. A module then compiles under noUnusedLocals, and a package
// of enums only carries no scanner.
func pruneSupport(code ...string) string { return supportIdx().prune(code...) }

// prune is pruneSupport over the indexed text. A name is referred to where
// it stands as a whole identifier in code (each text read once: a regexp
// per name over all of it cost 94% of generate at 1,000 definitions); the
// blocks kept are those, the ones every module keeps, and every block a
// kept one refers to, read from the index.
func (x *supportIndex) prune(code ...string) string {
	seen := x.seen()
	names := newNameSet(seen)
	for _, c := range code {
		names.mark(c)
	}
	return x.keepUsed(seen)
}

// keepUsed is the support text of the blocks every module keeps, the
// blocks declaring a name seen marks used, and every block a kept one
// refers to.
func (x *supportIndex) keepUsed(seen map[string]bool) string {
	keep := make([]bool, len(x.blocks))
	var work []int
	mark := func(i int) {
		if !keep[i] {
			keep[i] = true
			work = append(work, i)
		}
	}
	for _, i := range x.keep {
		mark(i)
	}
	for n, used := range seen {
		if used {
			for _, i := range x.byName[n] {
				mark(i)
			}
		}
	}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		for _, j := range x.refs[i] {
			mark(j)
		}
	}
	var out strings.Builder
	for i, b := range x.blocks {
		if keep[i] {
			if out.Len() > 0 {
				out.WriteString("\n\n")
			}
			out.WriteString(b)
		}
	}
	out.WriteString("\n")
	return out.String()
}

// nameSet finds, in a text, the identifiers of some sets of names: each
// longest run of ASCII letters, digits, _ and $ (what the regexp
// (^|[^\w$])name($|[^\w$]) finds a name between) that a set holds is
// marked true in it. Only a run whose first byte begins some name is
// looked up: a module's text is mostly other words (a lookup of every
// word was a quarter of the TypeScript emitter at 1,000 definitions).
type nameSet struct {
	sets  []map[string]bool
	first [256]bool
}

func newNameSet(sets ...map[string]bool) *nameSet {
	n := &nameSet{sets: sets}
	for _, s := range sets {
		for name := range s {
			n.first[name[0]] = true
		}
	}
	return n
}

// mark marks every name of the sets that text holds as an identifier.
func (n *nameSet) mark(text string) {
	words(text, func(w string) {
		if !n.first[w[0]] {
			return
		}
		for _, s := range n.sets {
			if _, ok := s[w]; ok {
				s[w] = true
			}
		}
	})
}

// wordByte holds the bytes of an identifier: ASCII letters, digits, _ and $.
var wordByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c == '_' || c == '$' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	return t
}()

// words calls f with each run of identifier characters in text, in order.
func words(text string, f func(string)) {
	for i := 0; i < len(text); {
		if !wordByte[text[i]] {
			i++
			continue
		}
		j := i + 1
		for j < len(text) && wordByte[text[j]] {
			j++
		}
		f(text[i:j])
		i = j
	}
}

// notObject writes a walker's first check: v is an object.
func notObject(c *code) {
	c.open("if (!_obj(v))")
	c.p(`if (out !== null) _p(out, at, "type", _want("an object", v));`)
	c.p("return false;")
	c.close()
}

func patternVar(sc *model.Scalar) string { return "_re_" + sc.TSName }

func enumGuard(e *model.Enum) string {
	head := fmt.Sprintf("/** Whether s is a member of {@link %s}. */\nexport function %s(s: unknown): s is %s {\n", e.TSName, isFunc(e.TSName), e.TSName)
	if len(e.Members) > maxOrChain {
		// tsc's binder recurses once per ||: a chain of a few thousand
		// overflows its stack (SchemaStore's cryproj, 2,000 members);
		// a switch's cases are a list.
		var b strings.Builder
		b.WriteString(head)
		b.WriteString("  switch (s) {\n")
		for _, m := range e.Members {
			fmt.Fprintf(&b, "    case %s:\n", jsString(m.Value))
		}
		b.WriteString("      return true;\n  }\n  return false;\n}\n")
		return b.String()
	}
	var tests []string
	for _, m := range e.Members {
		tests = append(tests, "s === "+jsString(m.Value))
	}
	return head + "  return " + strings.Join(tests, " || ") + ";\n}\n"
}

// maxOrChain is the most members an enum's guard tests in one chain of
// ||; a larger enum's is a switch.
const maxOrChain = 64

// exported writes the functions every object and union has; when null is
// set (a definition that may be null as a whole, model.Package.Nullable)
// they take null as a value of it too, as its JSON Schema file does.
func exported(c *code, name, what string, null bool) {
	exportedAs(c, name, name, what, true, null)
}

// exportedAs is exported for a value of TypeScript type ts (a package's
// document: Maybe | null), without the is function when with is false (an
// enum's is its own already); with null, for a value of ts or null, which
// the walker and writer of ts are not called for.
func exportedAs(c *code, name, ts, what string, is, null bool) {
	check, write := checkFn(name), writerFn(name)+"(value)"
	if null {
		ts += " | null"
		check = "(v: unknown, at: At | null, out: Problem[] | null): boolean => v === null || " + check + "(v, at, out)"
		write = `value === null ? "null" : ` + write
	}
	if is {
		c.p("/** Whether value is a valid {@link ", name, "}: what ", parseFunc(name), " would return for its JSON. */")
		c.open("export function ", isFunc(name), "(value: unknown): value is ", ts)
		if null {
			c.p("return value === null || ", checkFn(name), "(value, null, null);")
		} else {
			c.p("return ", checkFn(name), "(value, null, null);")
		}
		c.close()
		c.p("")
	}
	c.p("/**")
	c.p(" * Every way value breaks the schema of {@link ", name, "}, each with its path;")
	c.p(" * none when it is valid. A value from JSON.parse has lost what its text")
	c.p(" * said of a number (1.0000000000000001 is 1 to it), so this judges such a")
	c.p(" * number as ajv does; ", parseFunc(name), " judges the text.")
	if null {
		c.p(" * null is valid: the schema lets a document of ", name, " be null.")
	}
	c.p(" */")
	c.open("export function ", validateFunc(name), "(value: unknown): Problem[]")
	c.p("return _validate(value, ", check, ");")
	c.close()
	c.p("")
	c.p("/**")
	c.p(" * Parses JSON text as ", what, ", exactly as the Go decoder and Validate")
	c.p(" * judge it: it throws a {@link ParseError} listing every problem. Unknown")
	c.p(" * members are kept in the value and otherwise ignored.")
	if null {
		c.p(" * The text null is null: the schema lets a document of ", name, " be null.")
	}
	c.p(" */")
	c.open("export function ", parseFunc(name), "(json: string): ", ts)
	c.p("return _parse<", ts, ">(json, ", jsString(name), ", ", check, ");")
	c.close()
	c.p("")
	c.p("/** The JSON the Go encoder writes for value: members in schema order, map keys sorted, unknown members dropped. */")
	c.open("export function ", writeFunc(name), "(value: ", ts, "): string")
	c.p("return ", write, ";")
	c.close()
}

// objectValidator renders an object's walker and exported functions;
// strict when a match part judges it strictly (_closed), everywhere when
// it is Strict; nullable when
// the definition may be null as a whole (model.Package.Nullable).
func objectValidator(o *model.Object, strict, nullable bool) string {
	c := &code{}
	exported(c, o.TSName, "a "+o.TSName, nullable)
	c.p("")
	c.open("function ", checkFn(o.TSName), "(v: unknown, at: At | null, out: Problem[] | null): boolean")
	notObject(c)
	c.p("let ok = _dups === null || _dup(v, [", fieldNames(o), "], at, out);")
	if strict {
		// In a match part, a member the object does not name makes it
		// no match, as CUE's match judges a closed definition
		// (model.Package.JudgedStrictly).
		pats := "null"
		if len(o.Members) > 0 {
			var ps []string
			for _, m := range o.Members {
				ps = append(ps, jsString(model.ECMAPattern(m.Key.KeyPattern())))
			}
			pats = "[" + strings.Join(ps, ", ") + "]"
		}
		when := "_strict > 0 && "
		if o.Strict {
			// Refused wherever it is read, as in Go and the open JSON
			// Schema: a match on the value holding it judges it.
			when = ""
		}
		if ops := o.Opens(); len(ops) > 0 && !o.Open {
			// An if clause that opens the object admits such a member
			// while its condition holds (MatchIf.Opens), as Go's
			// decoder reads it in a match (opened_T).
			opened := c.fresh("opened")
			c.p("let ", opened, " = false;")
			for _, m := range ops {
				c.open("if (_strict > 0 && !", opened, ")")
				c.p("const out: Problem[] = [];")
				c.p("let ok = true;")
				partCheck(c, m.If, "v", "null", "null", "at")
				c.p(opened, " = ok && out.length === 0;")
				c.close()
			}
			when += "!" + opened + " && "
		}
		c.open("if (", when, "!_closed(v, [", fieldNames(o), "], ", pats, ", at, out))")
		c.p("if (out === null) return false;")
		c.p("ok = false;")
		c.close()
	}
	// An object of many fields (cargo's clippy lints: 800) checks them in
	// functions of fieldsPerCheck each, which the walker calls: tsc
	// analyses one function's control flow whole, and refuses a body of
	// thousands of branches (TS2563).
	chunked := len(o.Fields) > fieldsPerCheck
	var parts *code
	if (len(o.Fields) > 0 && !chunked) || len(o.TypedAll()) > 0 {
		c.p("let x: unknown;") // unread in an object of no field, which noUnusedLocals refuses
	}
	if !chunked {
		fieldChecks(c, o.Fields)
	} else {
		parts = &code{vars: c.vars}
		for i := 0; i < len(o.Fields); i += fieldsPerCheck {
			fn := checkFn(o.TSName) + "__f" + strconv.Itoa(i/fieldsPerCheck+1)
			c.open("if (!", fn, "(v, at, out))")
			c.p("if (out === null) return false;")
			c.p("ok = false;")
			c.close()
			parts.p("")
			parts.open("function ", fn, "(v: Record<string, unknown>, at: At | null, out: Problem[] | null): boolean")
			parts.p("let ok = true;")
			parts.p("let x: unknown;")
			fieldChecks(parts, o.Fields[i:min(i+fieldsPerCheck, len(o.Fields))])
			parts.p("return ok;")
			parts.close()
		}
		c.vars = parts.vars
	}
	for _, a := range o.Absent {
		// type?: _|_: a member that may never be present.
		c.open("if (Object.prototype.hasOwnProperty.call(v, ", jsString(a.Name), "))")
		c.fail("_m(at, "+jsString(a.Name)+")", "absent", jsString("must be absent: the schema allows no value here"))
		c.close()
	}
	for _, m := range o.TypedAll() {
		// [=~"re"]: T: every other member whose name matches holds T
		// (a member several match holds each one's type).
		k := c.fresh("k")
		c.open("for (const ", k, " of _unknownKeys(v, [", fieldNames(o), "]))")
		if m.Key != nil {
			c.p("if (!_rx(", jsString(model.ECMAPattern(m.Key.KeyPattern())), ").test(", k, ")) continue;")
		}
		c.p("x = (v as Record<string, unknown>)[", k, "];")
		check(c, m.Type, "x", "v", k, "_m(at, "+k+")")
		c.close()
	}
	if o.MinFields != nil || o.MaxFields != nil {
		// struct.MinFields/MaxFields: the members the object holds, as
		// the Go types count them (a closed object's unknown members
		// are ignored).
		n := c.fresh("members")
		if m := o.Typed(); o.AdmitsUnknown() || (m != nil && m.Key == nil) {
			c.p("const ", n, " = Object.keys(v as object).length;")
		} else {
			var conds []string
			if len(o.Fields) > 0 {
				// [].includes(k) does not compile: [] is never[].
				conds = append(conds, "["+fieldNames(o)+"].includes(k)")
			}
			for _, m := range o.Members {
				conds = append(conds, "_rx("+jsString(model.ECMAPattern(m.Key.KeyPattern()))+").test(k)")
			}
			if len(conds) == 0 {
				c.p("const ", n, ": number = 0; // a closed object of no field or pattern")
			} else {
				c.p("const ", n, " = Object.keys(v as object).filter((k) => ", strings.Join(conds, " || "), ").length;")
			}
		}
		countChecks(c, "at", n, o.MinFields, o.MaxFields)
	}
	for _, m := range o.MatchIfs {
		// matchIf beside the fields: judged on the object itself.
		matchIfCheck(c, &model.Type{Kind: model.AnyKind, Constraints: model.Constraints{MatchIf: m}}, "v", "null", "null", "at")
	}
	for _, m := range o.MatchNs {
		objectMatchNCheck(c, m)
	}
	for _, rf := range o.Refusals {
		var conds []string
		for _, cd := range rf.When {
			val := jsString(cd.Str)
			if o.Field(cd.Field).Type.BaseOf() == model.Int {
				val = strconv.FormatInt(cd.Int, 10)
			}
			conds = append(conds, memberOf("v", cd.Field)+" === "+val)
		}
		c.open("if (", strings.Join(conds, " && "), ")")
		c.fail("at", "refused", jsString(refusalReason(o, rf)))
		c.close()
	}
	for _, fb := range o.Forbids {
		c.open("if (", memberOf("v", fb.Field), " === ", jsString(fb.Value), ")")
		for _, a := range fb.Absent {
			c.open("if (", memberOf("v", a), " !== undefined)")
			c.fail("_m(at, "+jsString(a)+")", "absent", jsString(fmt.Sprintf("must be absent when %s is %q", fb.Field, fb.Value)))
			c.close()
		}
		c.close()
	}
	for _, cd := range o.Conditionals {
		conditional(c, o, cd)
	}
	sharedAbsent(c, o)
	condDefaults(c, o)
	c.p("return ok;")
	c.close()
	if parts != nil {
		c.b.WriteString(parts.b.String())
	}
	c.p("")
	objectWriter(c, o)
	return c.b.String()
}

// fieldsPerCheck is how many fields one function checks.
const fieldsPerCheck = 64

// fieldChecks writes the checks of fields, each read into x from v.
func fieldChecks(c *code, fields []*model.Field) {
	for _, f := range fields {
		c.p("x = ", memberOf("v", f.Name), ";")
		mat := "_m(at, " + jsString(f.Name) + ")"
		if f.Optional {
			c.open("if (x !== undefined)")
		} else {
			c.open("if (x === undefined)")
			c.fail(mat, "required", `"required field is missing"`)
			c.close(" else {")
			c.depth++
		}
		check(c, f.Type, "x", "v", jsString(f.Name), mat)
		c.close()
	}
}

// condTests renders the conditions of an if clause as tests of v, to be
// joined by &&.
func condTests(o *model.Object, when []model.Condition) []string {
	var conds []string
	for _, cond := range when {
		if cond.Test != model.TestAny {
			conds = append(conds, condTest(o, cond))
			continue
		}
		// kind == "a" || kind == "b", a == "x" || b == 2
		alts := make([]string, len(cond.Any))
		for i, a := range cond.Any {
			if a.Test == model.TestAll {
				// (a && b) || c
				alts[i] = "(" + strings.Join(condTests(o, a.All), " && ") + ")"
				continue
			}
			alts[i] = condTest(o, a)
		}
		if len(when) == 1 {
			// alone: no parentheses, which gofmt would drop
			return []string{strings.Join(alts, " || ")}
		}
		conds = append(conds, "("+strings.Join(alts, " || ")+")")
	}
	return conds
}

// condTest is the test cond, other than a TestAny, makes of its member
// of v.
func condTest(o *model.Object, cond model.Condition) string {
	m := memberOf("v", cond.Field)
	if defaulted, _ := cond.Defaulted(o); defaulted {
		// the default where the data leaves the field out, as CUE
		// tests it
		m = "(" + m + " === undefined ? " + o.Field(cond.Field).Default + " : " + m + ")"
	}
	if cond.Len {
		// if len(tags) > 0 (a member that is not a list is refused by
		// the field's own check, a missing one by its presence's: ?. and
		// ?? only keep the test from throwing)
		op := cond.Test.Operator()
		if op == "==" || op == "!=" {
			op += "="
		}
		count := "((" + m + " as unknown[] | undefined)?.length ?? -1)"
		if o.Field(cond.Field).Type.Kind == model.MapKind {
			// if len(labels) > 0: a map's members
			count = "(typeof " + m + " === \"object\" && " + m + " !== null ? Object.keys(" + m + " as object).length : -1)"
		}
		return count + " " + op + " " + strconv.FormatInt(cond.Int, 10)
	}
	switch cond.Test {
	case model.TestNull:
		return m + " === null"
	case model.TestNotNull:
		return m + " !== null"
	case model.TestContains:
		// if list.Contains(tags, "x") (a member that is not a list is
		// refused by the field's own check)
		return "((" + m + " as unknown[] | undefined)?.includes(" + cond.Str + ") ?? false)"
	case model.TestNotContains:
		return "!((" + m + " as unknown[] | undefined)?.includes(" + cond.Str + ") ?? false)"
	case model.TestTrue:
		return m + " === true"
	case model.TestFalse:
		return m + " === false"
	case model.TestLess, model.TestLessEq, model.TestGreater, model.TestGreaterEq:
		op, _ := cond.Test.Order()
		// (the raw member's type is unknown; one that is not a
		// number is refused by the field's own check)
		if cond.Text {
			// if name > "m": ordered as CUE orders strings, by code
			// point, where JavaScript compares UTF-16 units
			return "_rx(" + jsString(model.ECMAPattern(cond.OrderPattern())) + ").test(" + m + " as string)"
		}
		n := strconv.FormatInt(cond.Int, 10)
		if cond.Number() {
			n = cond.Str // if ratio > 0.5
		}
		return "(" + m + " as number) " + op + " " + n
	case model.TestPresent:
		return m + " !== undefined"
	case model.TestAbsent:
		return m + " === undefined"
	case model.TestMatch, model.TestNotMatch:
		// (a member that is not a string is refused by the field's
		// own check)
		test := "_rx(" + jsString(model.ECMAPattern(cond.Str)) + ").test(" + m + " as string)"
		if cond.Test == model.TestNotMatch {
			return "!" + test
		}
		return test
	}
	val := jsString(cond.Str)
	if o.Field(cond.Field).Type.BaseOf() == model.Int {
		val = strconv.FormatInt(cond.Int, 10)
	}
	if cond.Test == model.TestNotEqual {
		return m + " !== " + val
	}
	return m + " === " + val
}

// condDefaults judges each field that if clauses give defaults
// (model.CondDefault), as Go's Validate does: where the data leaves it
// out and no default applies, it is required.
func condDefaults(c *code, o *model.Object) {
	for _, f := range o.Fields {
		if !f.RequiredUnlessDefault(o) {
			continue
		}
		tests := []string{memberOf("v", f.Name) + " === undefined"}
		for _, d := range f.CondDefaults {
			tests = append(tests, "!("+strings.Join(condTests(o, d.When), " && ")+")")
		}
		c.open("if (", strings.Join(tests, " && "), ")")
		c.fail("_m(at, "+jsString(f.Name)+")", "required", jsString(f.MissingUnlessDefault(o)))
		c.close()
	}
}

// conditional judges an if clause that declares or narrows fields, as Go's
// Validate does: while its conditions hold, each narrowing; while they do
// not, the absence of every field only it declares.
func conditional(c *code, o *model.Object, cd *model.Conditional) {
	conds := condTests(o, cd.When)
	when := cd.Describe(o)
	if cd.Refuses {
		c.open("if (", strings.Join(conds, " && "), ")")
		c.fail("at", "refused", jsString(model.RefusedWhen(o, cd)))
		c.close()
		return
	}
	var then []*model.Narrowing
	var declared []string
	for _, n := range cd.Then {
		if n.Required || n.Absent || n.Const != nil || n.MinItems != nil || n.Checks != nil {
			then = append(then, n)
		}
		if n.Declared && !o.SharedDeclared(n.Path[0]) {
			declared = append(declared, n.Path[0]) // (one several declare: sharedAbsent)
		}
	}
	absent := func() {
		for _, name := range declared {
			c.open("if (", memberOf("v", name), " !== undefined)")
			c.fail("_m(at, "+jsString(name)+")", "absent", jsString("must be absent when "+cd.DescribeNot(o)))
			c.close()
		}
	}
	if len(then) == 0 {
		c.open("if (!(", strings.Join(conds, " && "), "))")
		absent()
		c.close()
		return
	}
	c.open("if (", strings.Join(conds, " && "), ")")
	for _, n := range then {
		narrowing(c, n, when)
	}
	if len(declared) > 0 {
		c.close(" else {")
		c.depth++
		absent()
	}
	c.close()
}

// sharedAbsent judges the absence of each field several if clauses
// declare where none of them holds, as Go's Validate does.
func sharedAbsent(c *code, o *model.Object) {
	for _, f := range o.Fields {
		if !o.SharedDeclared(f.Name) {
			continue
		}
		tests := []string{memberOf("v", f.Name) + " !== undefined"}
		for _, cd := range o.Declarers(f.Name) {
			tests = append(tests, "!("+strings.Join(condTests(o, cd.When), " && ")+")")
		}
		c.open("if (", strings.Join(tests, " && "), ")")
		c.fail("_m(at, "+jsString(f.Name)+")", "absent", jsString("must be absent when "+o.DescribeDeclared(f.Name, true)))
		c.close()
	}
}

// narrowing judges one narrowing of a conditional: the member at its path
// present when required, and when present its constant or its least
// number of items. An object on the way that is absent or no object holds
// nothing to judge (its own narrowing, or its type, says so).
func narrowing(c *code, n *model.Narrowing, when string) {
	cont, at := "v", "at"
	opened := 0
	for _, step := range n.Path[:len(n.Path)-1] {
		x := c.fresh("o")
		c.p("const ", x, " = ", memberOf(cont, step), ";")
		c.open("if (_obj(", x, "))")
		opened++
		a := c.fresh("at")
		c.p("const ", a, " = _m(", at, ", ", jsString(step), ");")
		cont, at = "("+x+" as Record<string, unknown>)", a
	}
	name := n.Path[len(n.Path)-1]
	x := c.fresh("x")
	mat := "_m(" + at + ", " + jsString(name) + ")"
	c.p("const ", x, " = ", memberOf(cont, name), ";")
	if n.Required {
		c.open("if (", x, " === undefined)")
		c.fail(mat, "required", jsString("must be present when "+when))
		c.close()
	}
	if n.Absent {
		c.open("if (", x, " !== undefined)")
		c.fail(mat, "absent", jsString("must be absent when "+when))
		c.close()
	}
	if n.Const != nil {
		lit := n.Const.ConstJSON()
		if n.Const.Base == model.String {
			lit = jsString(n.Const.Const)
		}
		c.open("if (", x, " !== undefined && ", x, " !== ", lit, ")")
		c.fail(mat, "const", jsString("must be "+n.Const.ConstJSON()+" when "+when))
		c.close()
	}
	if n.MinItems != nil {
		m := strconv.Itoa(*n.MinItems)
		c.open("if (Array.isArray(", x, ") && ", x, ".length < ", m, ")")
		c.fail(mat, "minItems", "`must have at least "+m+" items (has ${"+x+".length})`")
		c.close()
	}
	if n.Checks != nil {
		// The field's type as the body narrows it.
		c.open("if (", x, " !== undefined)")
		check(c, n.Checks, x, cont, jsString(name), mat)
		c.close()
	}
	for ; opened > 0; opened-- {
		c.close()
	}
}

// countChecks judges n, how many members an object or map holds, against
// struct.MinFields/MaxFields.
func countChecks(c *code, at, n string, lo, hi *int) {
	if lo != nil {
		m := strconv.Itoa(*lo)
		c.open("if (", n, " < ", m, ")")
		c.fail(at, "minProperties", "`must have at least "+m+" members (has ${"+n+"})`")
		c.close()
	}
	if hi != nil {
		m := strconv.Itoa(*hi)
		c.open("if (", n, " > ", m, ")")
		c.fail(at, "maxProperties", "`must have at most "+m+" members (has ${"+n+"})`")
		c.close()
	}
}

// fieldNames is the object's field names as a JavaScript array's
// elements: "a", "b".
func fieldNames(o *model.Object) string {
	names := make([]string, len(o.Fields))
	for i, f := range o.Fields {
		names[i] = jsString(f.Name)
	}
	return strings.Join(names, ", ")
}

// refusalReason is the problem a refused combination reports, as Go's
// Validate words it.
func refusalReason(o *model.Object, rf *model.Refusal) string {
	reason := "must not have " + rf.Describe(o)
	if why := strings.TrimSuffix(strings.Join(strings.Fields(rf.Doc), " "), "."); why != "" {
		reason += ": " + strings.ToLower(why[:1]) + why[1:]
	}
	return reason
}

// protoNames are the members every object inherits: a field of one of
// these names is read as an own property only.
var protoNames = map[string]bool{
	"constructor": true, "toString": true, "toLocaleString": true, "valueOf": true, "hasOwnProperty": true,
	"isPrototypeOf": true, "propertyIsEnumerable": true, "__proto__": true, "__defineGetter__": true,
	"__defineSetter__": true, "__lookupGetter__": true, "__lookupSetter__": true,
}

// memberOf reads a field of the object o (a Record<string, unknown>).
func memberOf(o, name string) string {
	if protoNames[name] {
		return "_own(" + o + ", " + jsString(name) + ")"
	}
	// Brackets, not a dot: a Record's member read with a dot does not
	// compile under noPropertyAccessFromIndexSignature.
	return o + "[" + jsString(name) + "]"
}

// check writes the statements judging x, a value of t held at key k of the
// container cont, whose place is at.
func check(c *code, t *model.Type, x, cont, k, at string) {
	if t.HoldsItself() {
		// A map or choice that holds itself: its own walker, as an
		// object's, since written out in place it has no end.
		// A choice's number is judged by its text, which the parser
		// keeps under its container and key: the walker is told them.
		where := ""
		if t.Kind == model.OneOfKind && cont != "null" {
			where = ", " + cont + ", " + k
		}
		c.p("if (!", checkFn(selfName(t)), "(", x, ", ", at, ", out", where, ")) { if (out === null) return false; ok = false; }")
		return
	}
	switch t.Kind {
	case model.EnumKind:
		c.open("if (!", isFunc(t.Enum.TSName), "(", x, "))")
		c.failRule(at, "typeof "+x+` === "string" ? "enum" : "type"`, "typeof "+x+` === "string" ? JSON.stringify(`+x+") + "+jsString(" is not a valid "+t.Enum.Name)+` : _want("a string", `+x+")")
		c.close()
	case model.ConstKind:
		if t.Base == model.String {
			c.open("if (", x, " !== ", jsString(t.Const), ")")
			c.fail(at, "discriminator", jsString("must be "+jsonText(t.Const)))
			c.close()
			break
		}
		c.open("if (", x, " !== ", t.ConstJSON(), ")")
		c.fail(at, "const", jsString("must be "+t.ConstJSON()))
		c.close()
	case model.NullKind:
		c.open("if (", x, " !== null)")
		c.fail(at, "type", `_want("null", `+x+")")
		c.close()
	case model.AnyKind:
		// Any JSON value: nothing to judge but null, where it may not
		// be, and a matchIf.
		if t.NotNull {
			c.open("if (", x, " === null)")
			c.fail(at, "not", jsString("must not be null"))
			c.close()
		}
		if t.MatchIf != nil {
			matchIfCheck(c, t, x, cont, k, at)
		}
		if m := t.MatchN; m != nil {
			// matchN(0, alts), matchN(n, alts) of all n: each
			// alternative judges the value as a part of a match; of
			// all, each one's problems are the value's.
			if m.Keyword() == "allOf" {
				for _, a := range m.Alts {
					if a != nil {
						partCheck(c, a, x, cont, k, at)
					}
				}
				break
			}
			var list []string
			for _, a := range m.Alts {
				list = append(list, matchWords(a))
			}
			countCheck(c, m, at, strings.Join(list, "; "), func(a *model.Type) {
				partCheck(c, a, x, cont, k, at)
			})
		}
	case model.NullableKind:
		c.open("if (", x, " !== null)")
		check(c, t.Elem, x, cont, k, at)
		c.close()
	case model.OneOfKind:
		kind := c.fresh("kind")
		c.p("const ", kind, " = _kind(", x, ");")
		var wants []string
		first := true
		for _, a := range t.OneOf.Alts {
			js := map[string]string{"string": "string", "number": "number", "boolean": "boolean", "object": "object", "array": "array"}[a.Kind]
			if first {
				c.open("if (", kind, " === ", jsString(js), ")")
				first = false
			} else {
				c.close(" else if (", kind, " === ", jsString(js), ") {")
				c.depth++
			}
			check(c, a.Type, x, cont, k, at)
			wants = append(wants, map[string]string{"string": "a string", "number": "a number", "boolean": "a boolean", "object": "an object", "array": "an array"}[a.Kind])
		}
		c.close(" else {")
		c.depth++
		c.fail(at, "type", "_want("+jsString(joinOr(wants))+", "+x+")")
		c.close()
	case model.ObjectKind:
		c.p("if (!", checkFn(t.Object.TSName), "(", x, ", ", at, ", out)) { if (out === null) return false; ok = false; }")
	case model.UnionKind:
		c.p("if (!", checkFn(t.Union.TSName), "(", x, ", ", at, ", out)) { if (out === null) return false; ok = false; }")
	case model.ListKind:
		c.open("if (!Array.isArray(", x, "))")
		c.fail(at, "type", `_want("an array", `+x+")")
		c.close(" else {")
		c.depth++
		itemChecks(c, t, x, at, !model.ScalarItems(t.Elem)) // objects, lists: by JSON value
		if judged(t.Elem) {                                 // items of any JSON: nothing to judge
			i, el := c.fresh("i"), c.fresh("e")
			c.open("for (let ", i, " = 0; ", i, " < ", x, ".length; ", i, "++)")
			c.p("const ", el, ": unknown = ", x, "[", i, "];")
			check(c, t.Elem, el, x, i, "_i("+at+", "+i+")")
			c.close()
		}
		if m := t.MatchN; m != nil {
			// [...string] | [...int]: the list alternatives count the
			// list, each judging it whole as a part of a match.
			var list []string
			for _, a := range m.Alts {
				list = append(list, matchWords(a))
			}
			countCheck(c, m, at, strings.Join(list, "; "), func(a *model.Type) {
				partCheck(c, a, x, cont, k, at)
			})
		}
		c.close()
	case model.TupleKind:
		tu := t.Tuple
		n := strconv.Itoa(len(tu.Items))
		c.open("if (!Array.isArray(", x, "))")
		c.fail(at, "type", `_want("an array", `+x+")")
		c.close(" else {")
		c.depth++
		switch {
		case tu.Rest == nil && len(tu.Items) == 0:
			c.open("if (", x, ".length !== 0)")
			c.fail(at, "maxItems", "`must be an empty array (has ${"+x+".length} items)`")
			c.close()
		case tu.Rest == nil:
			c.open("if (", x, ".length !== ", n, ")")
			c.failRule(at, x+".length < "+n+` ? "minItems" : "maxItems"`, "`must have exactly "+n+" items (has ${"+x+".length})`")
			c.close()
		case len(tu.Items) > 0:
			c.open("if (", x, ".length < ", n, ")")
			c.fail(at, "minItems", "`must have at least "+n+" items (has ${"+x+".length})`")
			c.close()
		}
		itemChecks(c, t, x, at, true) // a tuple's items are of several types
		for i, it := range tu.Items {
			if !judged(it) {
				continue
			}
			is := strconv.Itoa(i)
			el := c.fresh("e")
			c.open("if (", x, ".length > ", is, ")")
			c.p("const ", el, ": unknown = ", x, "[", is, "];")
			check(c, it, el, x, is, "_i("+at+", "+is+")")
			c.close()
		}
		if tu.Rest != nil && judged(tu.Rest) {
			i, el := c.fresh("i"), c.fresh("e")
			c.open("for (let ", i, " = ", n, "; ", i, " < ", x, ".length; ", i, "++)")
			c.p("const ", el, ": unknown = ", x, "[", i, "];")
			check(c, tu.Rest, el, x, i, "_i("+at+", "+i+")")
			c.close()
		}
		c.close()
	case model.MapKind:
		c.open("if (!_obj(", x, "))")
		c.fail(at, "type", `_want("an object", `+x+")")
		c.close(" else {")
		c.depth++
		c.open("if (_dups !== null && !_dup(", x, ", null, ", at, ", out))")
		c.p("if (out === null) return false;")
		c.p("ok = false;")
		c.close()
		if t.MinFields != nil || t.MaxFields != nil {
			countChecks(c, at, "Object.keys("+x+").length", t.MinFields, t.MaxFields)
		}
		if judged(t.Elem) || t.Key != nil { // values of any JSON, names of any string: nothing to judge
			key := c.fresh("k")
			c.open("for (const ", key, " of Object.keys(", x, "))")
			if t.Key != nil {
				// [=~"re"]: T: every member's name matches each re, one
				// check apiece, as a string's patterns are.
				for _, re := range t.Key.Patterns {
					c.open("if (!_rx(", jsString(model.ECMAPattern(re)), ").test(", key, "))")
					c.fail("_k("+at+", "+key+")", "pattern", jsString("its name must match "+re))
					c.close()
				}
				// [!~"re"]: T: no member's name matches any re.
				for _, re := range t.Key.NotPatterns {
					c.open("if (_rx(", jsString(model.ECMAPattern(re)), ").test(", key, "))")
					c.fail("_k("+at+", "+key+")", "pattern", jsString("its name must not match "+re))
					c.close()
				}
				// [string & strings.MaxRunes(63)]: T: its characters
				// (code points) counted, as a string's.
				if n := t.Key.MinRunes; n != nil {
					c.open("if (_cp(", key, ") < ", strconv.Itoa(*n), ")")
					c.fail("_k("+at+", "+key+")", "minLength", "`must be at least "+chars(*n)+" (has ${_cp("+key+")})`")
					c.close()
				}
				if n := t.Key.MaxRunes; n != nil {
					c.open("if (_cp(", key, ") > ", strconv.Itoa(*n), ")")
					c.fail("_k("+at+", "+key+")", "maxLength", "`must be at most "+chars(*n)+" (has ${_cp("+key+")})`")
					c.close()
				}
			}
			if judged(t.Elem) {
				el := c.fresh("e")
				c.p("const ", el, ": unknown = ", x, "[", key, "];")
				check(c, t.Elem, el, x, key, "_k("+at+", "+key+")")
			}
			c.close()
		}
		c.close()
	default:
		if len(t.Choice) > 0 {
			choiceCheck(c, t, x, cont, k, at)
			break
		}
		scalarCheck(c, t, x, cont, k, at)
		if t.Kind == model.BasicKind && t.MatchIf != nil {
			matchIfCheck(c, t, x, cont, k, at)
		}
		if t.Kind == model.BasicKind && t.MatchN != nil {
			scalarMatchNCheck(c, t, x, cont, k, at)
		}
	}
}

// judged reports whether a value of t has anything to judge: all but any
// JSON value that may be null and has no matchIf.
func judged(t *model.Type) bool { return t.Kind != model.AnyKind || t.Checked() }

// matchIfCheck judges x, once it is of t's base, by matchIf(if, then,
// else): the if's checks, into problems of their own (out and ok
// shadowed), choose whether the then's or the else's apply. On a value
// of any type (AnyKind) each part's checks tell its kind too.
func matchIfCheck(c *code, t *model.Type, x, cont, k, at string) {
	m := t.MatchIf
	js := typeofName[t.Base]
	holds := c.fresh("holds")
	if t.Kind == model.AnyKind {
		c.p("{")
		c.depth++
	} else {
		c.open("if (typeof ", x, " === ", jsString(js), ")")
	}
	c.p("let ", holds, " = false;")
	c.p("{")
	c.depth++
	c.p("const out: Problem[] = [];")
	c.p("let ok = true;")
	partCheck(c, m.If, x, cont, k, at)
	c.p(holds, " = ok && out.length === 0;")
	c.close()
	if m.Then != nil {
		c.open("if (", holds, ")")
		partCheck(c, m.Then, x, cont, k, at)
		c.close()
	}
	if m.Else != nil {
		c.open("if (!", holds, ")")
		partCheck(c, m.Else, x, cont, k, at)
		c.close()
	}
	c.close()
}

// partCheck is check for a part of a match (matchN's alternative,
// matchIf's parts, list.MatchN's T): one that holds a closed object is
// judged strictly (_strict, model.HoldsClosed), as CUE judges a match,
// until the checks end, a return among them too.
func partCheck(c *code, t *model.Type, x, cont, k, at string) {
	if !model.HoldsClosed(t) {
		check(c, t, x, cont, k, at)
		return
	}
	c.p("_strict++;")
	c.open("try")
	check(c, t, x, cont, k, at)
	c.close(" finally {")
	c.depth++
	c.p("_strict--;")
	c.close()
}

// objectMatchNCheck judges an object (v) by its matchN: each alternative's
// checks run with problems of their own, counted when there are none,
// and one problem when the count is not the schema's; of allOf, every
// alternative's problems are the object's.
func objectMatchNCheck(c *code, m *model.ObjectMatchN) {
	if m.Keyword() == "allOf" {
		for _, a := range m.Alts {
			if a != nil {
				partCheck(c, a, "v", "null", "null", "at")
			}
		}
		return
	}
	countCheck(c, m, "at", m.Describe(), func(a *model.Type) {
		partCheck(c, a, "v", "null", "null", "at")
	})
}

// scalarMatchNCheck judges x, once it is of t's base, by matchN(1,
// alts): each alternative's checks run with problems of their own (out
// and ok shadowed), counted when there are none; exactly one must pass.
func scalarMatchNCheck(c *code, t *model.Type, x, cont, k, at string) {
	js := typeofName[t.Base]
	var list []string
	for _, a := range t.MatchN.Alts {
		list = append(list, matchWords(a))
	}
	c.open("if (typeof ", x, " === ", jsString(js), ")")
	countCheck(c, t.MatchN, at, strings.Join(list, "; "), func(a *model.Type) {
		check(c, a, x, cont, k, at)
	})
	c.close()
}

// typeofName is what JavaScript's typeof says of a value of a scalar base.
var typeofName = map[model.Base]string{model.String: "string", model.Int: "number", model.Number: "number", model.Bool: "boolean"}

// countCheck writes a count of matchN alternatives (oneOf, anyOf or
// none): check writes an alternative's checks, run with problems of
// their own (out and ok shadowed), counted when there are none; one
// problem at at when the count is not the schema's, list saying what the
// alternatives are. _ (nil) matches every value.
func countCheck(c *code, m *model.ObjectMatchN, at, list string, check func(a *model.Type)) {
	matched := c.fresh("matched")
	c.p("let ", matched, " = 0;")
	for _, a := range m.Alts {
		if a == nil {
			c.p(matched, "++; // _ matches every object")
			continue
		}
		c.p("{")
		c.depth++
		c.p("const out: Problem[] = [];")
		c.p("let ok = true;")
		check(a)
		c.open("if (ok && out.length === 0)")
		c.p(matched, "++;")
		c.close()
		c.close()
	}
	switch m.Keyword() {
	case "oneOf":
		c.open("if (", matched, " !== 1)")
		c.fail(at, "oneOf", jsString("must match exactly one of: "+list+" (matches ")+" + "+matched+` + ")"`)
	case "anyOf":
		c.open("if (", matched, " === 0)")
		c.fail(at, "anyOf", jsString("must match at least one of: "+list))
	case "not":
		c.open("if (", matched, " !== 0)")
		c.fail(at, "not", jsString("must match none of: "+list+" (matches ")+" + "+matched+` + ")"`)
	}
	c.close()
}

// intFunc is the support function that judges an integer of t: _uint for
// CUE's uint64, _int for every other.
func intFunc(t *model.Type) string {
	if t.Unsigned() {
		return "_uint"
	}
	return "_int"
}

// choiceCheck judges x against a choice among constraints: of the base
// first (a problem of type when it is not one), then admitted when one
// alternative admits it, each alternative's checks run in a function of
// its own in the fast mode (out null), so that its failure returns from
// it, not from the walker.
func choiceCheck(c *code, t *model.Type, x, cont, k, at string) {
	n := c.fresh("n")
	c.p("const ", n, " = out === null ? 0 : out.length;")
	switch t.Base {
	case model.Int:
		why := c.fresh("why")
		c.p("const ", why, " = ", intFunc(t), "(", cont, ", ", k, ", ", x, ");")
		c.open("if (", why, ` !== "")`)
		c.failRule(at, "("+why+`.includes("int64") ? ((`+x+` as number) < 0 ? "minimum" : "maximum") : "type")`, why)
		c.close()
	case model.Number:
		c.open("if (typeof ", x, ` !== "number")`)
		c.fail(at, "type", `_want("a number", `+x+")")
		c.close(" else if (!Number.isFinite(", x, ")) {")
		c.depth++
		c.fail(at, "type", jsString("is beyond what a float64 holds"))
		c.close()
	default:
		c.open("if (typeof ", x, ` !== "string")`)
		c.fail(at, "type", `_want("a string", `+x+")")
		c.close()
	}
	var alts []string
	for _, a := range t.Choice {
		fn := c.fresh("alt")
		c.open("const ", fn, " = (out: Problem[] | null): boolean =>")
		c.p("let ok = true;")
		check(c, a, x, cont, k, at)
		c.p("return ok;")
		c.close(";")
		alts = append(alts, "!"+fn+"(null)")
	}
	c.open("if ((out === null || out.length === ", n, ") && ", strings.Join(alts, " && "), ")")
	c.fail(at, "anyOf", jsString("must be "+choiceWords(t)))
	c.close()
}

// choiceWords says what a choice admits, for a problem's message.
func choiceWords(t *model.Type) string {
	var alts []string
	for _, a := range t.Choice {
		if a.Kind == model.ConstKind {
			alts = append(alts, a.ConstJSON())
			continue
		}
		alts = append(alts, strings.TrimSuffix(strings.TrimPrefix(constraints(a.Base, a.Constraints), "The JSON Schema checks: "), "."))
	}
	return "one of: " + strings.Join(alts, "; ")
}

func scalarCheck(c *code, t *model.Type, x, cont, k, at string) {
	cs := t.Effective()
	switch t.BaseOf() {
	case model.Number:
		c.open("if (typeof ", x, ` !== "number")`)
		c.fail(at, "type", `_want("a number", `+x+")")
		c.close(" else if (!Number.isFinite(", x, ")) {")
		c.depth++
		c.fail(at, "type", jsString("is beyond what a float64 holds"))
		c.close(" else {")
		c.depth++
		if cs.MinNum != nil {
			m := strconv.FormatFloat(*cs.MinNum, 'g', -1, 64)
			op, rule, word := " < ", "minimum", "at least "
			if cs.MinExclusive {
				op, rule, word = " <= ", "exclusiveMinimum", "more than "
			}
			c.open("if (", x, op, m, ")")
			c.fail(at, rule, "`must be "+word+m+" (is ${"+x+"})`")
			c.close()
		}
		if cs.MaxNum != nil {
			m := strconv.FormatFloat(*cs.MaxNum, 'g', -1, 64)
			op, rule, word := " > ", "maximum", "at most "
			if cs.MaxExclusive {
				op, rule, word = " >= ", "exclusiveMaximum", "less than "
			}
			c.open("if (", x, op, m, ")")
			c.fail(at, rule, "`must be "+word+m+" (is ${"+x+"})`")
			c.close()
		}
		multipleCheck(c, x, at, cs)
		notChecks(c, x, at, cs.Not)
		c.close()
	case model.Bool:
		c.open("if (typeof ", x, ` !== "boolean")`)
		c.fail(at, "type", `_want("a boolean", `+x+")")
		c.close()
	case model.Int:
		why := c.fresh("why")
		c.p("const ", why, " = ", intFunc(t), "(", cont, ", ", k, ", ", x, ");")
		c.open("if (", why, ` !== "")`)
		// Beyond int64 (or uint64) the Go decoder refuses it; ajv, reading a float, finds it over the range.
		c.failRule(at, "("+why+`.includes("int64") ? ((`+x+` as number) < 0 ? "minimum" : "maximum") : "type")`, why)
		c.close(" else {")
		c.depth++
		n := c.fresh("n")
		c.p("const ", n, " = ", x, " as number;")
		if cs.Min != nil {
			m := strconv.FormatInt(*cs.Min, 10)
			c.open("if (", n, " < ", m, ")")
			c.fail(at, "minimum", "`must be at least "+m+" (is ${"+n+"})`")
			c.close()
		}
		max := ""
		if cs.Max != nil {
			max = strconv.FormatInt(*cs.Max, 10)
		} else if cs.Uint64 {
			max = cs.UintMaxText() // a value judged as ajv judges it (no text): as a double
		}
		if max != "" {
			c.open("if (", n, " > ", max, ")")
			c.fail(at, "maximum", "`must be at most "+max+" (is ${"+n+"})`")
			c.close()
		}
		multipleCheck(c, n, at, cs)
		notChecks(c, n, at, cs.Not)
		c.close()
	default:
		what := "a string"
		switch t.BaseOf() {
		case model.Time:
			what = "an RFC 3339 date-time string"
		case model.Bytes:
			what = "a base64 string"
		}
		c.open("if (typeof ", x, ` !== "string")`)
		c.fail(at, "type", "_want("+jsString(what)+", "+x+")")
		c.close(" else {")
		c.depth++
		if cs.MinRunes != nil {
			n := strconv.Itoa(*cs.MinRunes)
			// Fewer UTF-16 units than n is fewer code points; more than 2n is not.
			c.open("if (", x, ".length < ", strconv.Itoa(2**cs.MinRunes), " && _cp(", x, ") < ", n, ")")
			c.fail(at, "minLength", "`must be at least "+chars(*cs.MinRunes)+" (has ${_cp("+x+")})`")
			c.close()
		}
		if cs.MaxRunes != nil {
			n := strconv.Itoa(*cs.MaxRunes)
			c.open("if (", x, ".length > ", n, " && _cp(", x, ") > ", n, ")")
			c.fail(at, "maxLength", "`must be at most "+chars(*cs.MaxRunes)+" (has ${_cp("+x+")})`")
			c.close()
		}
		for i, re := range cs.Patterns { // each must match
			pattern := "_rx(" + jsString(model.ECMAPattern(re)) + ")"
			if i == 0 && t.Kind == model.ScalarKind {
				pattern = patternVar(t.Scalar)
			}
			c.open("if (!", pattern, ".test(", x, "))")
			msg := "must match " + re
			if what := model.PatternName(re); what != "" {
				msg = "must be " + what
			}
			c.fail(at, "pattern", jsString(msg))
			c.close()
		}
		for _, re := range cs.NotPatterns {
			c.open("if (_rx(", jsString(model.ECMAPattern(re)), ").test(", x, "))")
			c.fail(at, "pattern", jsString("must not match "+re))
			c.close()
		}
		notChecks(c, x, at, cs.Not)
		if cs.Duration {
			c.open("if (!_dur(", x, "))")
			c.fail(at, "format", "`must be a Go duration such as 1h30m (is ${JSON.stringify("+x+")})`")
			c.close()
		}
		if cs.URL != model.NoURL {
			// The JSON Schemas' pattern: url.Parse's language, exactly.
			msg := "must be a URL such as https://example.com/a or ../a"
			if cs.URL == model.URLAbs {
				msg = "must be an absolute URL, with a scheme, such as https://example.com/a"
			}
			c.open("if (!_rx(", jsString(model.URLPatternOf(cs.URL)), ").test(", x, "))")
			c.fail(at, "format", "`"+msg+" (is ${JSON.stringify("+x+")})`")
			c.close()
		}
		switch t.BaseOf() {
		case model.Time:
			c.open("if (!_time(", x, "))")
			c.fail(at, "format", "`must be an RFC 3339 date-time such as 2006-01-02T15:04:05Z, not ${JSON.stringify("+x+")}`")
			c.close()
		case model.Date:
			c.open("if (!_date(", x, "))")
			c.fail(at, "format", "`must be a calendar day written YYYY-MM-DD (is ${JSON.stringify("+x+")})`")
			c.close()
		case model.Bytes:
			// The JSON Schemas' pattern, as the Go reader decodes.
			c.open("if (!_rx(", jsString(model.Base64Pattern), ").test(", x, "))")
			c.fail(at, "pattern", jsString("must be standard base64 with padding (A-Z a-z 0-9 + /, = to a multiple of 4 characters)"))
			c.close()
		}
		c.close()
	}
}

// multipleCheck refuses x unless it is a whole multiple of k (JavaScript's
// % is exact, as Go's math.Mod is).
func multipleCheck(c *code, x, at string, cs model.Constraints) {
	k := cs.MultipleOf
	if k == nil {
		return
	}
	m := strconv.FormatInt(*k, 10)
	if cs.MultipleOfScale > 0 {
		// A decimal fraction (0.01): in decimal, as CUE judges it.
		m = cs.MultipleOfText()
		c.open("if (!_multipleDec(", x, ", ", strconv.FormatInt(*k, 10), "n, ", strconv.Itoa(cs.MultipleOfScale), "))")
		c.fail(at, "multipleOf", "`must be a multiple of "+m+" (is ${"+x+"})`")
		c.close()
		return
	}
	c.open("if (", x, " % ", m, " !== 0)")
	c.fail(at, "multipleOf", "`must be a multiple of "+m+" (is ${"+x+"})`")
	c.close()
}

// notChecks refuses x when it is one of the values != excludes (JSON
// literals: a number or a string).
func notChecks(c *code, x, at string, not []string) {
	for _, lit := range not {
		js := lit
		if strings.HasPrefix(lit, `"`) {
			var s string
			json.Unmarshal([]byte(lit), &s)
			js = jsString(s)
		}
		c.open("if (", x, " === ", js, ")")
		c.fail(at, "not", jsString("must not be "+lit))
		c.close()
	}
}

// joinOr joins phrases with commas and "or".
func joinOr(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

func chars(n int) string {
	if n == 1 {
		return "1 character"
	}
	return strconv.Itoa(n) + " characters"
}

// unionValidator renders a union's walker and exported functions,
// nullable when the definition may be null as a whole.
func unionValidator(u *model.Union, nullable bool) string {
	if u.Untagged() {
		return untaggedValidator(u, nullable)
	}
	c := &code{}
	exported(c, u.TSName, "one of "+u.TSName+"'s variants, chosen by its "+strconv.Quote(u.Discriminator), nullable)
	c.p("")
	tags := make([]string, len(u.Variants))
	for i, v := range u.Variants {
		tags[i] = v.Tag
	}
	valid := " (valid: " + strings.Join(tags, ", ") + ")"
	c.p("/** Calls the case of value's variant: a switch on ", jsString(u.Discriminator), " that the compiler holds to every variant. */")
	c.p("export function ", matchFunc(u.TSName), "<R>(value: ", u.TSName, ", cases: {")
	for _, v := range u.Variants {
		c.p("  ", propName(v.Tag), ": (value: ", v.TSName, ") => R;")
	}
	c.open("}): R")
	c.open("switch (value.", u.Discriminator, ")")
	for _, v := range u.Variants {
		c.p("case ", jsString(v.Tag), ": return cases[", jsString(v.Tag), "](value);")
	}
	c.close()
	c.close()
	c.p("")
	c.open("function ", checkFn(u.TSName), "(v: unknown, at: At | null, out: Problem[] | null): boolean")
	notObject(c)
	c.p("let ok = true;")
	c.p("const tag = ", memberOf("v", u.Discriminator), ";")
	c.open("switch (tag)")
	for _, v := range u.Variants {
		c.p("case ", jsString(v.Tag), ": return ", checkFn(v.TSName), "(v, at, out);")
	}
	c.close()
	// No variant: the discriminator may have been given twice, which the Go
	// decoder refuses (it reads the first, JSON.parse keeps the last).
	c.p("if (_dups !== null) _dup(v, [", jsString(u.Discriminator), "], at, out);")
	tagAt := "_m(at, " + jsString(u.Discriminator) + ")"
	c.open("if (tag === undefined)")
	c.fail(tagAt, "discriminator", jsString("discriminator is missing"+valid))
	c.close(" else if (typeof tag !== \"string\") {")
	c.depth++
	c.fail(tagAt, "type", `_want("a string", tag)`)
	c.close(" else {")
	c.depth++
	c.fail(tagAt, "discriminator", "`unknown "+u.Discriminator+" ${JSON.stringify(tag)}"+valid+"`")
	c.close()
	c.p("return ok;")
	c.close()
	c.p("")
	c.open("function ", writerFn(u.TSName), "(v: ", u.TSName, "): string")
	c.open("switch (v.", u.Discriminator, ")")
	for _, v := range u.Variants {
		c.p("case ", jsString(v.Tag), ": return ", writerFn(v.TSName), "(v);")
	}
	c.close()
	c.close()
	return c.b.String()
}

// itemChecks judges the array x against a list's or a tuple's
// list.MinItems, MaxItems and UniqueItems; canon compares items by their
// JSON value (_canon) rather than as JavaScript values.
func itemChecks(c *code, t *model.Type, x, at string, canon bool) {
	if t.MinItems != nil {
		n := strconv.Itoa(*t.MinItems)
		c.open("if (", x, ".length < ", n, ")")
		c.fail(at, "minItems", "`must have at least "+n+" items (has ${"+x+".length})`")
		c.close()
	}
	if t.MaxItems != nil {
		n := strconv.Itoa(*t.MaxItems)
		c.open("if (", x, ".length > ", n, ")")
		c.fail(at, "maxItems", "`must have at most "+n+" items (has ${"+x+".length})`")
		c.close()
	}
	if len(t.Lengths) > 0 {
		// net.IP's bytes: 4 or 16 (MinItems and MaxItems checked the
		// least and the most).
		var cond []string
		for _, n := range t.Lengths {
			cond = append(cond, x+".length !== "+strconv.Itoa(n))
		}
		c.open("if (", strings.Join(cond, " && "), ")")
		c.fail(at, "not", "`must have "+t.LengthsText()+" items (has ${"+x+".length})`")
		c.close()
	}
	if t.UniqueItems {
		seen, j := c.fresh("seen"), c.fresh("j")
		c.p("const ", seen, " = new Map<unknown, number>();")
		c.open("for (let ", j, " = 0; ", j, " < ", x, ".length; ", j, "++)")
		item := x + "[" + j + "]"
		if canon {
			item = "_canon(" + item + ")"
		}
		c.p("const prev = ", seen, ".get(", item, ");")
		c.open("if (prev !== undefined)")
		c.fail(at, "uniqueItems", "`must have unique items (item ${"+j+"} repeats item ${prev})`")
		c.p("break;")
		c.close()
		c.p(seen, ".set(", item, ", ", j, ");")
		c.close()
	}
	for _, m := range t.Contains {
		// list.MatchN(n, T): count the items T's checks admit, each
		// judged into problems of its own (out and ok shadowed).
		n, i, el := c.fresh("n"), c.fresh("i"), c.fresh("e")
		c.p("let ", n, " = 0;")
		c.open("for (let ", i, " = 0; ", i, " < ", x, ".length; ", i, "++)")
		c.p("const out: Problem[] = [];")
		c.p("let ok = true;")
		c.p("const ", el, ": unknown = ", x, "[", i, "];")
		partCheck(c, m.Match, el, x, i, at)
		c.p("if (ok && out.length === 0) ", n, "++;")
		c.close()
		what := matchWords(m.Match)
		if m.Min != nil {
			k := strconv.Itoa(*m.Min)
			c.open("if (", n, " < ", k, ")")
			c.fail(at, "minItems", jsString("must have at least "+items(*m.Min)+" ("+what+")"))
			c.close()
		}
		if m.Max != nil {
			k := strconv.Itoa(*m.Max)
			c.open("if (", n, " > ", k, ")")
			c.fail(at, "maxItems", jsString("must have at most "+items(*m.Max)+" ("+what+")"))
			c.close()
		}
	}
}

// items is "1 item" or "n items".
func items(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}

// matchWords says what list.MatchN's T admits, for a problem's message.
func matchWords(t *model.Type) string {
	switch t.Kind {
	case model.ConstKind:
		return t.ConstJSON()
	case model.AnyKind:
		if m := t.MatchN; m != nil {
			return m.Words(matchWords) // a count of its own, a part of another's
		}
		return "any JSON value"
	case model.BasicKind:
	default:
		return "a " + typ(t)
	}
	if w := strings.TrimSuffix(strings.TrimPrefix(constraints(t.Base, t.Constraints), "The JSON Schema checks: "), "."); w != "" {
		return w
	}
	return "a " + typ(t) // string alone, on values of any type

}

// mapValidator exports a named map's is, validate, parse and write, as an
// object's: a document may be the map itself (compose's #ulimits), which
// the Go type decodes and validates on its own too.
func mapValidator(m *model.Map) string {
	c := &code{}
	exported(c, m.TSName, "a "+m.TSName, false)
	c.p("")
	// The map written out: a reference to it (Map set) is a call of
	// these functions when it holds itself.
	t := &model.Type{Kind: model.MapKind, Elem: m.Elem, Key: m.Key}
	c.open("function ", checkFn(m.TSName), "(v: unknown, at: At | null, out: Problem[] | null): boolean")
	c.p("let ok = true;")
	check(c, t, "v", "null", "null", "at")
	c.p("return ok;")
	c.close()
	c.p("")
	c.open("function ", writerFn(m.TSName), "(v: ", m.TSName, "): string")
	c.p("return ", writeExpr(c, t, "v"), ";")
	c.close()
	return c.b.String()
}

// selfValidator renders the walker, writer and exported functions of name,
// a OneOf or list that holds itself (#V: string | [...#V], #A: [...#A]),
// of type t written out (no HoldsItself at its top), which every use
// calls, as a named map's; any other OneOf or list is judged where it is
// used.
func selfValidator(name string, t *model.Type) string {
	c := &code{}
	exported(c, name, "a "+name, false)
	c.p("")
	if t.Kind == model.OneOfKind {
		// c and k are where the parser keeps a number's text: the
		// root's, unless the caller says.
		c.open("function ", checkFn(name), "(v: unknown, at: At | null, out: Problem[] | null, c: object = _ROOT, k: string | number = \"\"): boolean")
		c.p("let ok = true;")
		check(c, t, "v", "c", "k", "at")
	} else {
		c.open("function ", checkFn(name), "(v: unknown, at: At | null, out: Problem[] | null): boolean")
		c.p("let ok = true;")
		check(c, t, "v", "null", "null", "at")
	}
	c.p("return ok;")
	c.close()
	c.p("")
	c.open("function ", writerFn(name), "(v: ", name, "): string")
	c.p("return ", writeExpr(c, t, "v"), ";")
	c.close()
	return c.b.String()
}

// selfName is the TypeScript name of the list, map or OneOf that t, which
// HoldsItself, refers to.
func selfName(t *model.Type) string {
	switch t.Kind {
	case model.OneOfKind:
		return t.OneOf.TSName
	case model.ListKind:
		return t.Alias.TSName
	}
	return t.Map.TSName
}

// document is a package's document that is neither an object, union
// nor map, which have their functions already: a package whose value is
// not a struct (package test; 1 | 2 | "three").
type document struct {
	name string
	pos  model.Pos
	t    *model.Type
}

// documentType finds p's document when p's value is not a struct: a
// OneOf, a tuple, an enum, a scalar, a list or a constant.
func documentType(p *model.Package) (document, bool) {
	if p.Value == nil {
		return document{}, false
	}
	pos, _, _ := p.ValueDef()
	return document{p.DocumentTSName(), pos, p.Value}, true
}

// documentValidator exports a document's is, validate, parse and write,
// as a named map's: its value is the document itself, whose number text
// the parser keeps under the root (_ROOT, key "").
func documentValidator(d document) string {
	c := &code{}
	ts := typ(d.t)
	exportedAs(c, d.name, ts, "a "+d.name, !isEnum(d.t), false)
	c.p("")
	c.open("function ", checkFn(d.name), "(v: unknown, at: At | null, out: Problem[] | null): boolean")
	c.p("let ok = true;")
	check(c, d.t, "v", "_ROOT", `""`, "at")
	c.p("return ok;")
	c.close()
	c.p("")
	c.open("function ", writerFn(d.name), "(v: ", ts, "): string")
	c.p("return ", writeExpr(c, d.t, "v"), ";")
	c.close()
	return c.b.String()
}

// isEnum reports whether t is an enum, or a nullable one: its is function
// is the enum's own guard.
func isEnum(t *model.Type) bool {
	if t.Kind == model.NullableKind {
		t = t.Elem
	}
	return t.Kind == model.EnumKind
}

// objectWriter writes _w_X: the members in schema order (a variant's
// discriminator first), an optional one only when present, as the Go
// encoder writes them.
func objectWriter(c *code, o *model.Object) {
	c.open("function ", writerFn(o.TSName), "(v: ", o.TSName, "): string")
	fields := o.Fields
	if o.Union != nil {
		fields = nil
		for _, f := range o.Fields {
			if f.Name == o.Union.Discriminator {
				fields = append([]*model.Field{f}, fields...)
			} else {
				fields = append(fields, f)
			}
		}
	}
	c.p(`let s = "{";`)
	more := o.Typed() != nil || o.KeepsUnknown() // members after the fields
	if len(fields) > 0 && len(fields) <= fieldsPerCheck || more {
		c.p(`let sep = "";`) // unread in an object of no member, which noUnusedLocals refuses
	}
	var parts *code
	if len(fields) <= fieldsPerCheck {
		fieldWrites(c, fields, false)
	} else {
		// Many fields: written by functions of fieldsPerCheck each, as
		// they are checked (TS2563), each member after a comma.
		parts = &code{vars: c.vars}
		var calls []string
		for i := 0; i < len(fields); i += fieldsPerCheck {
			fn := writerFn(o.TSName) + "__f" + strconv.Itoa(i/fieldsPerCheck+1)
			calls = append(calls, fn+"(v)")
			parts.p("")
			parts.open("function ", fn, "(v: ", o.TSName, "): string")
			parts.p(`let s = "";`)
			fieldWrites(parts, fields[i:min(i+fieldsPerCheck, len(fields))], true)
			parts.p("return s;")
			parts.close()
		}
		c.vars = parts.vars
		members := c.fresh("members")
		c.p("const ", members, " = ", strings.Join(calls, " + "), ";")
		c.open("if (", members, ` !== "")`)
		c.p("s += ", members, ".slice(1);")
		if more {
			c.p(`sep = ",";`)
		}
		c.close()
	}
	for _, tm := range o.TypedMaps() {
		// The members the typed patterns admit, by name, as the Go
		// encoder writes its Matching, then Matching2, … (the types of
		// one map's patterns are of one TypeScript type).
		m := tm.Patterns[0]
		k := c.fresh("k")
		c.open("for (const ", k, " of _unknownKeys(v, [", fieldNames(o), "]))")
		if m.Key != nil {
			c.p("if (!(", typedTest(tm.Patterns, k), ")) continue;")
		}
		c.p("s += sep + _str(", k, ") + \":\" + ", writeExpr(c, m.Type, "((v as Record<string, unknown>)["+k+"] as "+typ(m.Type)+")"), ";")
		c.p(`sep = ",";`)
		c.close()
	}
	if o.KeepsUnknown() {
		// The members the schema does not name (of a closed object, those
		// its member patterns admit), after the others, by name, as the
		// Go encoder writes its Unknown.
		k := c.fresh("k")
		c.open("for (const ", k, " of _unknownKeys(v, [", fieldNames(o), "]))")
		if o.Typed() != nil {
			c.p("if (", typedTest(o.TypedAll(), k), ") continue; // written above")
		}
		if !o.AdmitsUnknown() {
			var conds []string
			for _, m := range o.Members {
				if m.Type.AnyJSON() {
					conds = append(conds, "_rx("+jsString(model.ECMAPattern(m.Key.KeyPattern()))+").test("+k+")")
				}
			}
			c.p("if (!(", strings.Join(conds, " || "), ")) continue;")
		}
		c.p("s += sep + _str(", k, `) + ":" + _any((v as Record<string, unknown>)[`, k, "]);")
		c.p(`sep = ",";`)
		c.close()
	}
	c.p(`return s + "}";`)
	c.close()
	if parts != nil {
		c.b.WriteString(parts.b.String())
	}
}

// fieldWrites writes, for each of fields, the statement that appends its
// member to s: after sep, the writer's own, or, in a chunk of a writer's
// fields, after a comma.
func fieldWrites(c *code, fields []*model.Field, chunk bool) {
	for _, f := range fields {
		val := "v" + accessor(f.Name)
		own := protoNames[f.Name]
		if own {
			// __proto__, toString, constructor: v's own member, not the
			// one every object inherits (an absent toString is no
			// function to write), held where TypeScript narrows it.
			c.open("")
			c.p("const own = Object.prototype.hasOwnProperty.call(v, ", jsString(f.Name), ") ? ", val, " : undefined;")
			val = "own"
		}
		if f.Optional {
			c.open("if (", val, " !== undefined)")
		} else {
			c.open("")
		}
		if chunk {
			c.p("s += ", jsString(","+jsonText(f.Name)+":"), " + ", writeExpr(c, f.Type, val), ";")
		} else {
			c.p("s += sep + ", jsString(jsonText(f.Name)+":"), " + ", writeExpr(c, f.Type, val), ";")
			c.p(`sep = ",";`)
		}
		c.close()
		if own {
			c.close()
		}
	}
}

// accessor reads a member of a typed value.
func accessor(name string) string {
	if isIdent(name) {
		return "." + name
	}
	return "[" + jsString(name) + "]"
}

// writeExpr is the expression writing v, a value of t.
func writeExpr(c *code, t *model.Type, v string) string {
	if t.HoldsItself() {
		return writerFn(selfName(t)) + "(" + v + ")"
	}
	switch t.Kind {
	case model.EnumKind:
		return "_str(" + v + ")"
	case model.ConstKind:
		if t.Base == model.String {
			return "_str(" + v + ")"
		}
		return "String(" + v + ")"
	case model.AnyKind:
		return "_any(" + v + ")"
	case model.NullKind:
		return `"null"`
	case model.NullableKind:
		n := c.fresh("n")
		return "((" + n + ") => " + n + " === null ? \"null\" : " + writeExpr(c, t.Elem, n) + ")(" + v + ")"
	case model.OneOfKind:
		a := c.fresh("a")
		expr := `""`
		for i := len(t.OneOf.Alts) - 1; i >= 0; i-- {
			alt := t.OneOf.Alts[i]
			js := map[string]string{"string": "string", "number": "number", "boolean": "boolean", "object": "object", "array": "array"}[alt.Kind]
			cast := "(" + a + " as " + typ(alt.Type) + ")"
			expr = "_kind(" + a + ") === " + jsString(js) + " ? " + writeExpr(c, alt.Type, cast) + " : " + expr
		}
		return "((" + a + ": unknown) => " + expr + ")(" + v + ")"
	case model.ObjectKind:
		return writerFn(t.Object.TSName) + "(" + v + ")"
	case model.UnionKind:
		return writerFn(t.Union.TSName) + "(" + v + ")"
	case model.ListKind:
		e := c.fresh("e")
		if t.MatchN != nil {
			// A union of list types, written as the list of JSON
			// values it is.
			v = "(" + v + " as readonly unknown[])"
		}
		return `"[" + ` + v + ".map((" + e + ") => " + writeExpr(c, t.Elem, e) + `).join(",") + "]"`
	case model.TupleKind:
		tu := t.Tuple
		if len(tu.Items) == 0 && tu.Rest == nil {
			return `"[]"`
		}
		x := c.fresh("t")
		var parts []string
		for i, it := range tu.Items {
			parts = append(parts, writeExpr(c, it, x+"["+strconv.Itoa(i)+"]"))
		}
		if tu.Rest != nil {
			e := c.fresh("e")
			parts = append(parts, "..."+x+".slice("+strconv.Itoa(len(tu.Items))+").map(("+e+") => "+writeExpr(c, tu.Rest, "("+e+" as "+typ(tu.Rest)+")")+")")
		}
		return "((" + x + ": " + tu.TSName + ") => \"[\" + [" + strings.Join(parts, ", ") + `].join(",") + "]")(` + v + ")"
	case model.MapKind:
		k := c.fresh("k")
		m := c.fresh("m")
		return "((" + m + ") => \"{\" + _keys(" + m + ").map((" + k + ") => _str(" + k + ") + \":\" + " + writeExpr(c, t.Elem, m+"["+k+"]!") + `).join(",") + "}")(` + v + ")"
	}
	switch t.BaseOf() {
	case model.Int:
		return "String(" + v + ")"
	case model.Number:
		return "_num(" + v + ")"
	case model.Bool:
		return "String(" + v + ")"
	case model.Time:
		return "_timeW(" + v + ")"
	}
	return "_str(" + v + ")"
}

// ambiguous begins the message of a value that leaves several variants of
// a union without a discriminator possible: incomplete, not wrong, which
// _fits tells by it where a variant is tried.
const ambiguous = "is ambiguous:"

// untaggedValidator judges a union without a discriminator as CUE and the
// Go decoder do: the variants possible are those that declare every
// member the value has that some variant declares (_fit) and admit its
// values, their required members aside (_fits); exactly one must be, and
// the value complete for it. _which_U says which one, for the check, the
// writer and matchU alike.
func untaggedValidator(u *model.Union, nullable bool) string {
	c := &code{}
	exported(c, u.TSName, "one of "+u.TSName+"'s variants, the one whose members it has", nullable)
	c.p("")
	fits := u.Fits()
	var entries []string
	for _, m := range u.Members() {
		entries = append(entries, jsString(m)+": "+strconv.FormatUint(fits[m], 10))
	}
	all := strconv.Itoa(1<<len(u.Variants) - 1)
	mv := "_M_" + u.TSName
	c.p("const ", mv, ": Readonly<Record<string, number>> = {", strings.Join(entries, ", "), "};")
	c.p("")
	c.p("/** The variants possible for v, as bits; when only one variant has v's members, that one, to judge v by. */")
	c.open("function _which_", u.TSName, "(v: Record<string, unknown>): [number, number]")
	if unknown := strconv.FormatUint(u.Unknown(), 10); unknown != all {
		c.p("const fit = _fit(v, ", mv, ", ", all, ", ", unknown, ");")
	} else {
		c.p("const fit = _fit(v, ", mv, ", ", all, ");")
	}
	c.p("let possible = 0;")
	for i, v := range u.Variants {
		var req []string
		for _, f := range v.Fields {
			if !f.Optional {
				req = append(req, jsString(f.Name))
			}
		}
		bit := strconv.Itoa(1 << i)
		c.p("if ((fit & ", bit, ") !== 0 && _fits(v, ", checkFn(v.TSName), ", [", strings.Join(req, ", "), "])) possible |= ", bit, ";")
	}
	for i, v := range u.Variants {
		if v == u.Default {
			bit := strconv.Itoa(1 << i)
			c.p("// ", v.TSName, " is the default: CUE takes it wherever the value leaves it possible.")
			c.p("if ((possible & ", bit, ") !== 0) return [possible, ", bit, "];")
		}
	}
	if u.Merge {
		var whole []string
		for _, names := range u.Whole() {
			var qs []string
			for _, n := range names {
				qs = append(qs, jsString(n))
			}
			whole = append(whole, "["+strings.Join(qs, ", ")+"]")
		}
		c.p("// Several possible are one value where it holds every member each declares: the first.")
		c.p("if ((possible & (possible - 1)) !== 0 && _whole(v, possible, [", strings.Join(whole, ", "), "])) return [possible, possible & -possible];")
	}
	c.p("return [possible, possible === 0 && fit !== 0 && (fit & (fit - 1)) === 0 ? fit : possible];")
	c.close()
	c.p("")
	var names []string // the variants' schema names, for the message
	for _, v := range u.Variants {
		names = append(names, v.Name)
	}
	c.p("/** Calls the case of value's variant: the one whose members it has, as ", parseFunc(u.TSName), " chooses it. */")
	c.p("export function ", matchFunc(u.TSName), "<R>(value: ", u.TSName, ", cases: {")
	for _, v := range u.Variants {
		c.p("  ", propName(v.TSName), ": (value: ", v.TSName, ") => R;")
	}
	c.open("}): R")
	c.open("switch (_which_", u.TSName, "(value as unknown as Record<string, unknown>)[1])")
	for i, v := range u.Variants {
		c.p("case ", strconv.Itoa(1<<i), ": return cases[", jsString(v.TSName), "](value as ", v.TSName, ");")
	}
	c.close()
	c.p("throw new Error(", jsString("not exactly one variant of "+u.Name), ");")
	c.close()
	c.p("")
	c.open("function ", checkFn(u.TSName), "(v: unknown, at: At | null, out: Problem[] | null): boolean")
	notObject(c)
	c.p("const [possible, one] = _which_", u.TSName, "(v);")
	c.open("switch (one)")
	for i, v := range u.Variants {
		c.p("case ", strconv.Itoa(1<<i), ": return ", checkFn(v.TSName), "(v, at, out);")
	}
	c.close()
	c.p("if (out === null) return false;")
	c.p("_p(out, at, \"oneOf\", possible === 0 ? ", jsString("fits no variant of "+u.Name+" ("+strings.Join(names, ", ")+"): it has a member none of them declares alike, or a value each refuses"), " : ", jsString(ambiguous+" more than one variant of "+u.Name+" is possible, each missing at most required fields; give the members that tell them apart"), ");")
	c.p("return false;")
	c.close()
	c.p("")
	c.open("function ", writerFn(u.TSName), "(v: ", u.TSName, "): string")
	c.open("switch (_which_", u.TSName, "(v as unknown as Record<string, unknown>)[1])")
	for i, v := range u.Variants {
		c.p("case ", strconv.Itoa(1<<i), ": return ", writerFn(v.TSName), "(v as ", v.TSName, ");")
	}
	c.close()
	c.p("throw new Error(", jsString("not exactly one variant of "+u.Name), ");")
	c.close()
	return c.b.String()
}

// typedTest is the TypeScript condition that k names a member one of
// the member patterns with a type of their own matches.
func typedTest(typed []*model.MemberPattern, k string) string {
	var cs []string
	for _, m := range typed {
		cs = append(cs, "_rx("+jsString(model.ECMAPattern(m.Key.KeyPattern()))+").test("+k+")")
	}
	return strings.Join(cs, " || ")
}
