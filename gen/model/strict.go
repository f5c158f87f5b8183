package model

import "regexp"

// What a match judges strictly: CUE's match (matchN, matchIf,
// list.MatchN) refuses a member a closed definition does not name, where
// the Go decoder and the open JSON Schema otherwise ignore one (a newer
// writer may add it). A part of a match that holds a closed object is
// judged strictly in every target (docs/schema-language.md, "Closed
// definitions in a match").

// unionIn names a union without a discriminator t holds at any depth, or
// returns "": its decoders do not judge a match part strictly yet.
func unionIn(t *Type, seen map[*Type]bool) string {
	return unionWhere(t, seen, func(u *Union) bool { return u.Untagged() })
}

// anyUnionIn names a union t holds at any depth, with a discriminator or
// without, or "".
func anyUnionIn(t *Type, seen map[*Type]bool) string {
	return unionWhere(t, seen, func(*Union) bool { return true })
}

// unionWhere names a union t holds at any depth of which pred holds.
func unionWhere(t *Type, seen map[*Type]bool, pred func(*Union) bool) string {
	why := ""
	walkType(t, seen, false, func(t *Type) bool {
		if t.Kind == UnionKind && pred(t.Union) {
			why = "#" + t.Union.Name
		}
		return why == ""
	})
	return why
}

// walkType calls visit on t and every type t holds, at any depth (an
// object's fields and member patterns, a list's items, …; with parts,
// the parts of its matches too), each once, until visit returns false.
func walkType(t *Type, seen map[*Type]bool, parts bool, visit func(*Type) bool) bool {
	if t == nil || seen[t] {
		return true
	}
	seen[t] = true
	if !visit(t) {
		return false
	}
	var held []*Type
	held = append(held, t.Elem)
	if parts && t.MatchIf != nil {
		held = append(held, t.MatchIf.If, t.MatchIf.Then, t.MatchIf.Else)
	}
	if parts {
		for _, c := range t.Contains {
			held = append(held, c.Match)
		}
	}
	if parts && t.MatchN != nil {
		held = append(held, t.MatchN.Alts...) // a count of scalars or lists
	}
	held = append(held, t.Choice...)
	switch t.Kind {
	case ObjectKind:
		o := t.Object
		for _, f := range o.Fields {
			held = append(held, f.Type)
		}
		for _, m := range o.Members {
			held = append(held, m.Type)
		}
		for _, m := range o.MatchIfs {
			if parts {
				held = append(held, m.If, m.Then, m.Else)
			}
		}
		for _, m := range o.MatchNs {
			if parts {
				held = append(held, m.Alts...)
			}
		}
	case UnionKind:
		for _, v := range t.Union.Variants {
			held = append(held, &Type{Kind: ObjectKind, Object: v})
		}
	case OneOfKind:
		for _, a := range t.OneOf.Alts {
			held = append(held, a.Type)
		}
	case TupleKind:
		held = append(held, t.Tuple.Items...)
		held = append(held, t.Tuple.Rest)
	}
	for _, h := range held {
		if !walkType(h, seen, parts, visit) {
			return false
		}
	}
	return true
}

// HoldsClosed reports whether t, a part of a match (matchN's alternative,
// matchIf's parts, list.MatchN's T), holds an object at any depth that
// refuses a member it does not name (Object.RefusesUnknown): every
// target then judges the part strictly, as CUE's match does: Go decodes
// it with a reader that refuses such a member (wire.As), the open JSON
// Schema refers to the strict set's schema of it, TypeScript checks it
// in its strict mode.
func HoldsClosed(t *Type) bool {
	closed := false
	walkType(t, map[*Type]bool{}, true, func(t *Type) bool {
		if t.Kind == ObjectKind && t.Object.RefusesUnknown() {
			closed = true
		}
		return !closed
	})
	return closed
}

// keepsEveryMember reports whether a value of t, decoded into its Go type
// and encoded again, is the JSON it was read from but for spelling (order
// of members, numbers, escapes): no object at any depth drops a member it
// does not name. A match part that HoldsClosed is judged on that JSON in
// Go and on the JSON itself in the other targets, so it is carried only
// where they are the same.
func keepsEveryMember(t *Type) bool {
	keeps := true
	walkType(t, map[*Type]bool{}, false, func(t *Type) bool {
		switch t.Kind {
		case ObjectKind:
			// A Strict object refuses what it does not name; one an if
			// opens keeps every member, as an open one does.
			keeps = t.Object.AdmitsUnknown() || t.Object.Strict
		case UnionKind:
			keeps = false
		}
		return keeps
	})
	return keeps
}

// JudgedStrictly returns the objects of p that a match part judges
// strictly: each object that refuses a member it does not name and is
// held by a part that HoldsClosed, at any depth. The TypeScript checks
// of these refuse such a member in a match (their strict mode); every
// other object's never meets one there.
func (p *Package) JudgedStrictly() map[*Object]bool {
	out := map[*Object]bool{}
	mark := func(part *Type) {
		if part == nil || !HoldsClosed(part) {
			return
		}
		walkType(part, map[*Type]bool{}, true, func(t *Type) bool {
			if t.Kind == ObjectKind && t.Object.RefusesUnknown() {
				out[t.Object] = true
			}
			return true
		})
	}
	seen := map[*Type]bool{}
	visit := func(t *Type) bool {
		if t.MatchIf != nil {
			mark(t.MatchIf.If)
			mark(t.MatchIf.Then)
			mark(t.MatchIf.Else)
		}
		for _, c := range t.Contains {
			mark(c.Match)
		}
		if t.MatchN != nil {
			for _, a := range t.MatchN.Alts {
				mark(a)
			}
		}
		if t.Kind == ObjectKind {
			for _, m := range t.Object.MatchIfs {
				mark(m.If)
				mark(m.Then)
				mark(m.Else)
			}
			for _, m := range t.Object.MatchNs {
				for _, a := range m.Alts {
					mark(a)
				}
			}
		}
		return true
	}
	for _, o := range p.Objects {
		walkType(&Type{Kind: ObjectKind, Object: o}, seen, true, visit)
	}
	for _, m := range p.Maps {
		walkType(m.Elem, seen, true, visit)
	}
	if p.Value != nil {
		walkType(p.Value, seen, true, visit)
	}
	return out
}

// judgedAlike reports whether the Go check of part, a part of a match on
// a value of holder, judges what the open JSON Schema and TypeScript
// judge on the JSON: wherever part holds a closed object, holder's type at
// that place keeps every member (keepsEveryMember), so that Go's decoded
// value still has the members the part refuses.
//
// It is read level by level. Where part is an object that admits any
// other member, a member holder's Go type drops (holder closed there) is
// one part ignores too, so only the members of part's fields that hold a
// closed object are asked about, each against holder's field of that name:
// GitHub Action's root, matchIf(…, {outputs?: #outputsComposite, ...}, …)
// & close({outputs?: _, …}), drops an unknown top-level member, which the
// open part ignores, and keeps outputs whole for #outputsComposite to
// judge. A member the holder does not name reaches the part whole where
// the holder is open (it keeps it as it came), and never where the holder
// is a closed object of no member pattern that refuses it in every target:
// such a holder is added to strict, to be marked Strict, wherever the
// part judges a closed object at its place or names a member it does not
// (gRPC API gateway's #CustomPattern, bxci's stages). A choice of kinds is
// read at its object alternative, and a member pattern of the part at the
// holder's of the same key.
func judgedAlike(holder, part *Type, strict *[]*Object) bool {
	return (&alike{strict: strict, seen: map[[2]*Type]bool{}}).judged(holder, part)
}

// alike is one judgement of judgedAlike: the objects to mark Strict, and
// the pairs of types already asked about, each judged alike while it is
// asked (a type that holds itself: gRPC API gateway's patterns).
type alike struct {
	strict *[]*Object
	seen   map[[2]*Type]bool
}

// judged is judgedAlike of holder and part within a.
func (a *alike) judged(holder, part *Type) bool {
	if part == nil || !HoldsClosed(part) || keepsEveryMember(holder) {
		return true
	}
	if a.seen[[2]*Type{holder, part}] {
		return true
	}
	a.seen[[2]*Type{holder, part}] = true
	if holder == nil {
		return false
	}
	if holder.Kind == NullableKind {
		holder = holder.Elem
	}
	if part.Kind == NullableKind {
		part = part.Elem
	}
	if part.MatchIf != nil || len(part.Contains) > 0 || len(part.Choice) > 0 {
		return false
	}
	switch {
	case part.Kind == ObjectKind && holder.Kind == ObjectKind:
		po, ho := part.Object, holder.Object
		// A closed holder of no member pattern can refuse a member it
		// does not name in every target, as CUE does (Strict): then no
		// member the part judges is dropped here.
		hoStrict := ho.RefusesUnknown() && len(ho.Members) == 0
		if po.RefusesUnknown() {
			// The part refuses a member it does not name, which the
			// holder, Strict, either names (Go decodes it, and its
			// AppendJSON writes it again for the part to refuse) or
			// refuses itself (bxcischema's #stage: matchN(>=1,
			// [#singleStage & {...}, …]) & close({when?: …, …})). A
			// field CUE fills where the data leaves it out (a default)
			// would be a member for CUE's match and none for the JSON:
			// not carried.
			if !hoStrict {
				return false
			}
			for _, hf := range ho.Fields {
				if po.Field(hf.Name) == nil && (hf.Default != "" || len(hf.CondDefaults) > 0 || hf.MemberDefault != nil) {
					return false
				}
			}
			*a.strict = append(*a.strict, ho)
		}
		for _, m := range po.MatchIfs {
			// Its parts judge the same value (utampageobject's
			// matchIf(…, matchN(0, [{apply!: _, ...}]) & {…}, _)).
			if !a.judged(holder, m.If) || !a.judged(holder, m.Then) || !a.judged(holder, m.Else) {
				return false
			}
		}
		for _, m := range po.MatchNs {
			for _, alt := range m.Alts {
				if !a.judged(holder, alt) {
					return false
				}
			}
		}
		for _, m := range po.Members {
			if !HoldsClosed(m.Type) {
				continue
			}
			// A member the pattern admits is judged at the holder's
			// pattern of the same key, which must be the only place
			// the holder reads such a member (bxci's parallel stages,
			// {[=~"^\\w+( \\w+)*$"]: #singleStage} in the part and the
			// holder alike).
			if m.Key == nil || !holdsOnlyAt(ho, m.Key.KeyPattern()) {
				return false
			}
			hm := ho.memberByKey(m.Key.KeyPattern())
			if !a.judged(hm.Type, m.Type) {
				return false
			}
		}
		for _, f := range po.Fields {
			if !HoldsClosed(f.Type) {
				continue
			}
			hf := ho.Field(f.Name)
			if hf == nil && ho.Open && ho.Typed() == nil {
				// The holder names no such field and keeps the member
				// as it came (Unknown, raw JSON): the part judges it
				// whole, as the other targets do (SchemaStore's
				// hwsconfig: hostGroup only in a part).
				continue
			}
			if hf == nil && hoStrict {
				// The holder names no such field and refuses the
				// member in every target, as CUE does.
				*a.strict = append(*a.strict, ho)
				continue
			}
			if hf == nil || !a.judged(hf.Type, f.Type) {
				return false
			}
		}
		return true
	case part.Kind == ListKind && holder.Kind == ListKind, part.Kind == MapKind && holder.Kind == MapKind:
		return a.judged(holder.Elem, part.Elem)
	case holder.Kind == OneOfKind && part.Kind == ObjectKind:
		// A value of several kinds: Go decodes an object into the
		// choice's object alternative and writes it again from there.
		for _, alt := range holder.OneOf.Alts {
			if alt.Kind == "object" {
				return a.judged(alt.Type, part)
			}
		}
	}
	return false
}

// memberByKey returns the object's member pattern whose key pattern is
// key, or nil.
func (o *Object) memberByKey(key string) *MemberPattern {
	for _, m := range o.Members {
		if m.Key != nil && m.Key.KeyPattern() == key {
			return m
		}
	}
	return nil
}

// holdsOnlyAt reports whether the object reads every member whose name
// matches key at its member pattern of that key, and at no field or
// other pattern: it has that pattern, no other, and no field whose name
// key matches.
func holdsOnlyAt(o *Object, key string) bool {
	if len(o.Members) != 1 || o.memberByKey(key) == nil {
		return false
	}
	re, err := regexp.Compile(key)
	if err != nil {
		return false
	}
	for _, f := range o.Fields {
		if re.MatchString(f.Name) {
			return false
		}
	}
	return true
}
