package model

import "fmt"

// checkUniqueDefaults refuses list.UniqueItems over items that hold a
// default CUE supplies at any depth ([...#N] & list.UniqueItems() with
// #N: {f0: *7 | int}, a regular field's; an optional field's, f?: *7 |
// int, stays absent; a regular field CUE fills where the data leaves it
// out, f: [...int] with its [], too): CUE compares the items with their
// defaults filled in, so {}
// equals {"f0": 7} and the list [{"f0": 7}, {}] is refused, where JSON
// Schema's uniqueItems compares items as written, and so every target
// would admit it (conformance/differential, seed 32617). No target can
// state a uniqueness that fills defaults first, so it is refused at the
// field, the alias or the map that holds the list.
func checkUniqueDefaults(p *Package) ErrorList {
	var m partMemo[bool]
	var holds func(t *Type) bool
	once := m.once
	object := func(o *Object) bool {
		return once(o, func() bool {
			for _, f := range o.Fields {
				// A default CUE supplies (not one of f?: T, which
				// stays absent), here or inside; a regular field the
				// data may leave out is one CUE supplies too: an open
				// list's [] (f1: [...int], differential seed 109473: {}
				// and {"f1": []} are equal items to CUE), a struct of
				// optional fields' {}.
				if !f.OptionalMark && (f.HasDefault() || f.Optional) || holds(f.Type) {
					return true
				}
			}
			return false
		})
	}
	holds = func(t *Type) bool {
		switch {
		case t == nil:
			return false
		case t.Object != nil:
			return object(t.Object)
		case t.Union != nil:
			return once(t.Union, func() bool {
				for _, v := range t.Union.Variants {
					if object(v) {
						return true
					}
				}
				return false
			})
		case t.Map != nil:
			return once(t.Map, func() bool { return holds(t.Map.Elem) })
		case t.Alias != nil:
			return once(t.Alias, func() bool { return holds(t.Alias.Type.Elem) })
		case t.OneOf != nil:
			return once(t.OneOf, func() bool {
				for _, a := range t.OneOf.Alts {
					if holds(a.Type) {
						return true
					}
				}
				return false
			})
		case t.Tuple != nil:
			for _, it := range t.Tuple.Items {
				if holds(it) {
					return true
				}
			}
			return holds(t.Tuple.Rest)
		case t.Elem != nil:
			return holds(t.Elem)
		}
		return false
	}
	var errs ErrorList
	check := func(t *Type, what string, pos Pos) {
		for t != nil && t.Kind == NullableKind {
			t = t.Elem
		}
		if t != nil && t.Kind == ListKind && t.UniqueItems && holds(t.Elem) {
			errs = append(errs, &Error{Pos: pos, Msg: fmt.Sprintf("%s: list.UniqueItems over items that hold a default: CUE compares the items with their defaults filled in ({} equals {\"f\": 7} where f defaults to 7), and JSON Schema's uniqueItems, as every target, compares them as written; no target states the uniqueness CUE checks, so it is not carried: drop the default from the items' type, or the uniqueness", what)})
		}
	}
	for _, o := range p.Objects {
		for _, f := range o.Fields {
			check(f.Type, o.Name+"."+f.Name, f.Pos)
		}
	}
	for _, a := range p.Aliases {
		check(a.Type, a.Name, a.Pos)
	}
	for _, m := range p.Maps {
		check(m.Elem, m.Name, m.Pos)
	}
	for _, o := range p.OneOfs {
		for _, a := range o.Alts {
			check(a.Type, o.Name, o.Pos)
		}
	}
	return errs
}
