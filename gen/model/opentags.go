package model

import (
	"fmt"
	"slices"
)

// taggedCopies makes the union u of open objects a union told apart by a
// constant that its variants hold in a field they do not require (each
// variant's own value of it when the data leaves it out), when CUE admits
// no value of u without that field: u's variants are then copies of the
// objects that require the field, and the objects stay types of their
// own, in which it is optional. copied reports whether it did; handled
// whether it said why it could not (a name taken).
//
// Grafana's TableCellOptions: TableAutoCellOptions | … |
// TableJsonViewCellOptions, each variant open with type: "auto" (a
// regular field, filled in where the data leaves it out). Where the data
// gives type, every variant of another type conflicts with it, and the
// value is the one variant's. Where it does not, CUE keeps every variant
// no member of the data conflicts with, each with its own type filled in,
// and refuses the value unless exactly one is left, complete: a variant
// with no member but the constant (TableJsonViewCellOptions: {type:
// "json-view"}) conflicts with no such value, and is complete for all of
// them, so two of them leave at least two variants, always, and CUE
// admits no value of u without type. The copies state that exactly: type
// is required (TableCellOptionsAuto, TableCellOptionsJsonView, named
// after the union and their constant). Without two such variants the
// data may choose a variant by a conflict alone ({"salutation": "hi",
// "reason": 5} is a HelloMsg, as ByeMsg's reason is a string), which no
// target states: the union is left to untagged, which refuses open
// variants.
func (r *resolver) taggedCopies(d *def, u *Union) (copied, handled bool) {
	if len(u.Variants) < 2 || !all(u.Variants, func(o *Object) bool { return o.Open && o.Union == u && len(o.AlsoIn) == 0 }) {
		return false, false
	}
	tag := ""
	for _, f := range u.Variants[0].Fields {
		if !optionalTag(f) || !all(u.Variants, func(o *Object) bool { g := o.Field(f.Name); return g != nil && optionalTag(g) }) {
			continue
		}
		if distinctConsts(u.Variants, f.Name) {
			tag = f.Name
			break
		}
	}
	if tag == "" {
		return false, false
	}
	bare := 0
	for _, o := range u.Variants {
		if len(o.Fields) == 1 && len(o.Members) == 0 && len(o.MatchIfs) == 0 && len(o.MatchNs) == 0 && len(o.Conditionals) == 0 && len(o.Forbids) == 0 && o.MinFields == nil && o.MaxFields == nil {
			bare++
		}
	}
	if bare < 2 {
		return false, false
	}
	copies := make([]*Object, len(u.Variants))
	for i, o := range u.Variants {
		c := *o
		c.Name = u.Name + spelledName(o.Field(tag).Type.Const)
		if prev := r.defs[c.Name]; prev != nil {
			r.errorf(d.pos, "%s: its variant %s, which requires %s, takes the name %s, which %s (%s) has; rename one of them", d.ref(), r.objRef(o), tag, c.Name, prev.origin(), prev.pos)
			return false, true
		}
		c.Doc = fmt.Sprintf("%s is %s as a %s holds it: its %q is required, as CUE admits no %s without it.", c.Name, o.Name, u.Name, tag, u.Name)
		c.Fields = slices.Clone(o.Fields)
		for j, f := range c.Fields {
			if f.Name == tag {
				g := *f
				g.Optional, g.OptionalMark, g.Default = false, false, ""
				c.Fields[j] = &g
			}
		}
		c.Union, c.Tag = u, ""
		o.Union = nil
		copies[i] = &c
		r.pkg.Objects = append(r.pkg.Objects, &c)
	}
	u.Variants = copies
	return true, true
}

// optionalTag reports whether f is a field a variant may leave out that
// holds one string constant: a regular field of it (type: "auto"), whose
// value CUE fills in where the data leaves it out, or an optional one.
func optionalTag(f *Field) bool {
	return f.Optional && f.Type != nil && f.Type.Kind == ConstKind && f.Type.Base == String && len(f.CondDefaults) == 0
}
