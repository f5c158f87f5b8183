package judge

import (
	"encoding/base64"
	"fmt"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/token"
	cuejson "cuelang.org/go/encoding/json"
)

// Instance reads a JSON instance as CUE reads its own wire form against
// schema, for the CUE judges (cue vet unifies the JSON with the schema):
// JSON has no bytes, and cue export writes a bytes value as a string of
// standard base64 with padding, so where schema's value admits bytes and
// no string, a JSON string that is exactly such text (strict: no line
// break, no non-zero unused bits) is put in as the bytes it decodes to. A
// string that does not decode stays a string, which CUE then refuses as it
// refuses any string for bytes. Everything else is cuejson.Extract's.
func Instance(schema cue.Value, name string, data []byte) (ast.Expr, error) {
	expr, err := cuejson.Extract(name, data)
	if err != nil {
		return nil, err
	}
	return readBytes(expr, []cue.Value{schema}), nil
}

// readBytes returns x with the strings that schemas (the values x may be
// judged against, each alternative of a disjunction apart) want as bytes
// read as bytes; x itself when there are none. It never changes x.
func readBytes(x ast.Expr, schemas []cue.Value) ast.Expr {
	schemas = alternatives(schemas)
	switch x.(type) {
	case *ast.StructLit, *ast.ListLit:
	case *ast.BasicLit:
		return readString(x.(*ast.BasicLit), schemas)
	default:
		return x
	}
	if len(schemas) == 1 {
		return readIn(x, schemas[0])
	}
	// Alternatives (a union's variants) may want bytes in different
	// places: the reading is that of an alternative the value then does
	// not conflict with, complete or not, as CUE keeps the disjuncts that
	// unify (an incomplete one too, which makes the value ambiguous).
	for _, v := range schemas {
		r := readIn(x, v)
		if r != x && v.Unify(v.Context().BuildExpr(r)).Validate() == nil {
			return r
		}
	}
	return x
}

// readIn reads the members or items of x, an object or a list, against
// one schema value.
func readIn(x ast.Expr, v cue.Value) ast.Expr {
	switch x := x.(type) {
	case *ast.StructLit:
		var out *ast.StructLit
		for i, d := range x.Elts {
			f, ok := d.(*ast.Field)
			if !ok {
				continue
			}
			name, _, err := ast.LabelName(f.Label)
			if err != nil {
				continue
			}
			sels := []cue.Selector{cue.Str(name), cue.Str(name).Optional(), cue.Str(name).Required(), cue.AnyString}
			schemas := lookup(v, sels...)
			if schemas == nil {
				// A member an if body declares (if mode != "a" {h?:
				// bytes}): the schema with the instance's other members,
				// as CUE unifies them, decides the body.
				rest := *x
				rest.Elts = append(append([]ast.Decl(nil), x.Elts[:i]...), x.Elts[i+1:]...)
				if u, ok := unifySafely(v, &rest); ok {
					schemas = lookup(u, sels...)
				}
			}
			r := readBytes(f.Value, schemas)
			if r == f.Value {
				continue
			}
			if out == nil {
				c := *x
				c.Elts = append([]ast.Decl(nil), x.Elts...)
				out = &c
			}
			nf := *f
			nf.Value = r
			out.Elts[i] = &nf
		}
		if out != nil {
			return out
		}
	case *ast.ListLit:
		var out *ast.ListLit
		for i, e := range x.Elts {
			r := readBytes(e, lookup(v, cue.Index(i), cue.AnyIndex))
			if r == e {
				continue
			}
			if out == nil {
				c := *x
				c.Elts = append([]ast.Expr(nil), x.Elts...)
				out = &c
			}
			out.Elts[i] = r
		}
		if out != nil {
			return out
		}
	}
	return x
}

// readString reads a JSON string as bytes where the schemas want bytes
// and no string, when it is strict padded standard base64.
func readString(x *ast.BasicLit, schemas []cue.Value) ast.Expr {
	if x.Kind != token.STRING || !wantsBytes(schemas) {
		return x
	}
	s, err := literal.Unquote(x.Value)
	if err != nil {
		return x
	}
	b, ok := decodeBase64(s)
	if !ok {
		return x
	}
	return &ast.BasicLit{ValuePos: x.ValuePos, Kind: token.STRING, Value: literal.Bytes.Quote(string(b))}
}

// alternatives expands each disjunction among vs into its disjuncts
// (through the references that name them: #U: #V | #W), and drops the
// values that do not exist. CUE's LookupPath finds no member of a
// disjunction of structs, so each is looked into on its own.
func alternatives(vs []cue.Value) []cue.Value {
	var out []cue.Value
	var expand func(v cue.Value, depth int)
	expand = func(v cue.Value, depth int) {
		if !v.Exists() {
			return
		}
		if d := cue.Dereference(v); depth < 32 {
			op, args := d.Expr()
			if op == cue.OrOp {
				for _, a := range args {
					expand(a, depth+1)
				}
				return
			}
			if items, ok := matchNAlternatives(op, args); ok {
				// matchN(1, [N3, [...string]]): a value that matches
				// one of them is read as that one reads it, as a
				// disjunction's (differential seed 30386: bytes in an
				// object among them stayed a string, which CUE
				// refuses).
				for _, a := range items {
					expand(a, depth+1)
				}
				return
			}
		}
		out = append(out, v)
	}
	for _, v := range vs {
		expand(v, 0)
	}
	return out
}

// matchNAlternatives is the list of alternatives of a matchN call,
// given as CUE's Expr gives it (the function, the count, the list).
func matchNAlternatives(op cue.Op, args []cue.Value) ([]cue.Value, bool) {
	if op != cue.CallOp || len(args) != 3 {
		return nil, false
	}
	// CUE gives the builtin with no source; it prints as its name.
	if fn, ok := args[0].Source().(*ast.Ident); ok && fn.Name != "matchN" || !ok && fmt.Sprint(args[0]) != "matchN" {
		return nil, false
	}
	it, err := args[2].List()
	if err != nil {
		return nil, false
	}
	var items []cue.Value
	for it.Next() {
		items = append(items, it.Value())
	}
	return items, true
}

// unifySafely is v unified with x, or false where CUE's evaluator
// panics doing so: CUE v0.17.1 does on some schemas unified with part of
// an instance (an index out of range in its closedness check,
// differential seed 27419), where cue vet of the whole instance does
// not. The member is then read as written, which changes nothing where
// no bytes are wanted.
func unifySafely(v cue.Value, x ast.Expr) (u cue.Value, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return v.Unify(v.Context().BuildExpr(x)), true
}

// lookup returns v's child by the first selector that has one (a
// regular, optional or required field, else a pattern's value), or none;
// a child CUE gives as an error for a definition that holds itself, as
// the definition; one of a conjunction, in the conjunct that has it.
func lookup(v cue.Value, sels ...cue.Selector) []cue.Value {
	for _, s := range sels {
		if c := v.LookupPath(cue.MakePath(s)); c.Exists() {
			if c.IncompleteKind() == cue.BottomKind {
				// A definition that holds itself (#N: {next?: #N,
				// kids?: [...#N]}), which CUE's lookup does not unfold
				// past its first level: the definition it refers to.
				if d := cue.Dereference(c); d.Exists() && d.IncompleteKind() != cue.BottomKind {
					c = d
				}
			}
			return []cue.Value{c}
		}
	}
	if op, args := v.Expr(); op == cue.AndOp {
		// [...T] & list.MinItems(2): CUE's lookup finds no item of
		// the conjunction; the conjunct that states them does.
		for _, a := range args {
			if c := lookup(a, sels...); c != nil {
				return c
			}
		}
	}
	return nil
}

// wantsBytes reports whether the values admit bytes and none admits a
// string.
func wantsBytes(vs []cue.Value) bool {
	var k cue.Kind
	for _, v := range vs {
		k |= v.IncompleteKind()
	}
	return k&cue.BytesKind != 0 && k&cue.StringKind == 0
}

// decodeBase64 decodes standard base64 with padding, strictly: no byte
// outside the alphabet and its padding (Go's decoder skips line breaks),
// no non-zero unused bits.
func decodeBase64(s string) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=') {
			return nil, false
		}
	}
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	return b, err == nil
}

// Definition returns the definition #name of a package's value, or the
// top-level field name of a library of types when no definition has the
// name (cue vet -d Field reads it alone). A package
// whose value is not a struct, beside definitions (null | close({…}) and
// #A), is their conjunction to CUE, and its LookupPath finds none of them:
// the definition is looked up in the conjunct that holds it, as the
// package's own references to it find it.
func Definition(pkg cue.Value, name string) cue.Value {
	path := cue.MakePath(cue.Def(name))
	if d := pkg.LookupPath(path); d.Exists() {
		return d
	}
	if op, args := pkg.Expr(); op == cue.AndOp {
		for _, a := range args {
			if d := a.LookupPath(path); d.Exists() {
				return d
			}
		}
	}
	if f := pkg.LookupPath(cue.MakePath(cue.Str(name))); f.Exists() {
		// A top-level field of a library of types (model.TypeLibrary),
		// read alone as cue vet -d Field reads it.
		return f
	}
	return pkg.LookupPath(path)
}

// Vet is CUE's verdict on a JSON instance of schema, as cue vet -d gives
// it: the instance read as Instance reads it, the data unified first and
// then the schema (cmd/cue/cmd/common.go: i.v.Unify(schema); CUE v0.17.1's
// list.MatchN counts an item that leaves out a regular field of T as a
// match in this order, and not in the other), validated as concrete.
// verdict is nil when CUE accepts; err is for data that is not JSON.
func Vet(schema cue.Value, name string, data []byte) (verdict, err error) {
	expr, err := Instance(schema, name, data)
	if err != nil {
		return nil, err
	}
	return schema.Context().BuildExpr(expr).Unify(schema).Validate(cue.Concrete(true)), nil
}
