package model

import "strings"

// TSName is the TypeScript name of a definition named name: the name
// itself, or, when the name is one TypeScript or the generated module
// cannot give a definition (TSTaken), the name and an underscore:
// #default is default_, #class class_, #Record Record_. Every use of the
// definition in the module (its type, its functions isdefault_,
// parsedefault_, …, the links of its docs) has that name; its JSON
// Schema, Go and wire names are unchanged. A definition whose name is
// already name_ is then refused where the TypeScript names are claimed
// (gen/tstypes), at its position and naming the other.
func TSName(name string) string {
	if TSTaken(name) {
		return name + "_"
	}
	return name
}

// TSTaken reports whether name cannot be a definition's TypeScript name
// as it is:
//   - a word TypeScript reserves, in a module's strict mode too (class,
//     default, delete, enum, function, interface, let, static, yield,
//     await), or one it refuses as a type's name (any, string, never,
//     object, symbol, unknown …);
//   - a contextual keyword tsc reads as an operator where a type is used
//     (keyof T, readonly T[], unique symbol, infer U, x as T, intrinsic);
//   - a name the module declares for its own use (the validation
//     support's Problem, ProblemRule, ParseError and At);
//   - a global the module refers to that a definition's name would hide:
//     the types Record, Readonly, Map and RegExp, and parseInt, which an
//     object #Int's parse function would be.
//
// gen/tstypes' TestTakenNamesCoverModule keeps the last two lists whole:
// it fails when the module's support refers to a global this list does
// not account for.
func TSTaken(name string) bool { return tsTaken[name] }

var tsTaken = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`any unknown never string number boolean symbol object bigint undefined null void
		break case catch class const continue debugger default delete do else enum export extends false finally for
		function if import in instanceof new return super switch this throw true try typeof var while with
		implements interface let package private protected public static yield await
		as infer intrinsic keyof readonly unique
		Problem ProblemRule ParseError At
		Record Readonly Map RegExp Int`) {
		tsTaken[w] = true
	}
}

// assignTSNames gives every definition its TypeScript name (TSName).
func (r *resolver) assignTSNames() {
	p := r.pkg
	for _, s := range p.Scalars {
		s.TSName = TSName(s.Name)
	}
	for _, e := range p.Enums {
		e.TSName = TSName(e.Name)
	}
	for _, o := range p.Objects {
		o.TSName = TSName(o.Name)
	}
	for _, u := range p.Unions {
		u.TSName = TSName(u.Name)
	}
	for _, m := range p.Maps {
		m.TSName = TSName(m.Name)
	}
	for _, o := range p.OneOfs {
		o.TSName = TSName(o.Name)
	}
	for _, a := range p.Aliases {
		a.TSName = TSName(a.Name)
	}
	for _, t := range p.Tuples {
		t.TSName = TSName(t.Name)
	}
}

// DocumentTSName is the TypeScript name of the definition a document of
// the package is (Document's), or "" when it has none.
func (p *Package) DocumentTSName() string {
	if p.Document == "" {
		return ""
	}
	return TSName(p.Document)
}
