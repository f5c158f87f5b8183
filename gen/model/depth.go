package model

import "fmt"

// Bounds on how deep a schema's types may nest, so that every accepted
// schema gives output its consumers can use: a list nested 50 deep crashed
// the Go compiler, and a chain of 200 objects each referring to the next
// overflowed ajv's stack when it compiled the JSON Schema. Both are far
// beyond what a contract needs; the refusal names where to cut.
const (
	// MaxNesting is how many lists and maps may nest inside one field's
	// or named map's type ([...[...T]], {[string]: [...T]}).
	MaxNesting = 20
	// MaxRefDepth is how long a chain of definitions, each referring to
	// the next through a field, list or map, may be (ajv compiles 100 and
	// overflows at 200).
	MaxRefDepth = 64
)

// nestingError is the refusal of a type nested deeper than MaxNesting.
func nestingError(pos Pos, what string) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf("%s: lists and maps nest more than %d deep here, beyond what the Go compiler and JSON Schema validators handle; give an inner type a definition of its own", what, MaxNesting)}
}

// checkRefDepth refuses a package whose longest chain of definitions is
// longer than MaxRefDepth, at the definition that begins it. A definition
// that refers back to one on the chain (a recursive type) ends the chain
// there.
func checkRefDepth(p *Package) ErrorList {
	var m partMemo[int]
	var typeDepth func(t *Type) int
	def := func(key any, inner func() int) int {
		return m.once(key, func() int { return 1 + inner() })
	}
	objDepth := func(o *Object) int {
		return def(o, func() int {
			m := 0
			for _, f := range o.Fields {
				m = max(m, typeDepth(f.Type))
			}
			return m
		})
	}
	typeDepth = func(t *Type) int {
		if t == nil {
			return 0
		}
		switch {
		case t.Object != nil:
			return objDepth(t.Object)
		case t.Union != nil:
			return def(t.Union, func() int {
				m := 0
				for _, v := range t.Union.Variants {
					m = max(m, objDepth(v))
				}
				return m
			})
		case t.Map != nil:
			return def(t.Map, func() int { return typeDepth(t.Map.Elem) })
		case t.Alias != nil:
			// A list that holds itself: a definition of its own.
			return def(t.Alias, func() int { return typeDepth(t.Alias.Type.Elem) })
		case t.Kind == OneOfKind && t.HoldsItself():
			return def(t.OneOf, func() int {
				m := 0
				for _, a := range t.OneOf.Alts {
					m = max(m, typeDepth(a.Type))
				}
				return m
			})
		case t.Tuple != nil:
			m := typeDepth(t.Tuple.Rest)
			for _, it := range t.Tuple.Items {
				m = max(m, typeDepth(it))
			}
			return m
		case t.Elem != nil:
			return typeDepth(t.Elem)
		}
		return 0
	}
	var worst Pos
	deepest, name := 0, ""
	for _, o := range p.Objects {
		if d := objDepth(o); d > deepest {
			deepest, worst, name = d, o.Pos, o.Name
		}
	}
	for _, u := range p.Unions {
		if d := typeDepth(&Type{Union: u}); d > deepest {
			deepest, worst, name = d, u.Pos, u.Name
		}
	}
	for _, m := range p.Maps {
		if d := typeDepth(&Type{Map: m}); d > deepest {
			deepest, worst, name = d, m.Pos, m.Name
		}
	}
	if deepest <= MaxRefDepth {
		return nil
	}
	return ErrorList{{Pos: worst, Msg: fmt.Sprintf("#%s begins a chain of %d definitions, each referring to the next; JSON Schema validators (ajv) overflow their stack compiling such chains, so schemagen stops at %d: flatten the chain", name, deepest, MaxRefDepth)}}
}

// checkASCIINames refuses an object or union definition (each gets a
// JSON Schema file of its own) whose name is not ASCII: the name becomes
// the file's name and its $id, which must be a URI — ajv cannot resolve a
// $ref to an IRI with é in it. Enums, scalars and maps, which live in the
// $defs of the files that use them (#/$defs/種類 resolves), keep any
// name.
func checkASCIINames(p *Package) ErrorList {
	var errs ErrorList
	check := func(name string, pos Pos) {
		for _, r := range name {
			if r >= 0x80 {
				errs = append(errs, &Error{Pos: pos, Msg: fmt.Sprintf("#%s: an object or union's name is ASCII (letters, digits, _): it names the definition's JSON Schema file and its $id, a URI that validators resolve references by", name)})
				return
			}
		}
	}
	for _, o := range p.Objects {
		if o.Union == nil {
			check(o.Name, o.Pos)
		}
	}
	for _, u := range p.Unions {
		check(u.Name, u.Pos)
	}
	return errs.Sorted()
}

// partMemo answers a question about each named part of a package (an
// object, a union, a map …) once, however often the walk meets it; a part
// met again while its own answer is being found (a type that holds
// itself) answers the zero value there, its other parts answering for it.
type partMemo[V any] struct {
	memo   map[any]V
	onPath map[any]bool
}

// once is the answer for key, asked of inner the first time.
func (m *partMemo[V]) once(key any, inner func() V) V {
	if v, ok := m.memo[key]; ok {
		return v
	}
	if m.onPath[key] {
		var zero V
		return zero
	}
	if m.memo == nil {
		m.memo, m.onPath = map[any]V{}, map[any]bool{}
	}
	m.onPath[key] = true
	v := inner()
	m.onPath[key] = false
	m.memo[key] = v
	return v
}
