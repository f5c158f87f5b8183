package model

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
			keeps = t.Object.Open
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
// judge.
func judgedAlike(holder, part *Type) bool {
	if part == nil || !HoldsClosed(part) || keepsEveryMember(holder) {
		return true
	}
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
		if po.RefusesUnknown() {
			return false
		}
		for _, m := range po.MatchIfs {
			// Its parts judge the same value (utampageobject's
			// matchIf(…, matchN(0, [{apply!: _, ...}]) & {…}, _)).
			if !judgedAlike(holder, m.If) || !judgedAlike(holder, m.Then) || !judgedAlike(holder, m.Else) {
				return false
			}
		}
		for _, m := range po.MatchNs {
			for _, a := range m.Alts {
				if !judgedAlike(holder, a) {
					return false
				}
			}
		}
		for _, m := range po.Members {
			if HoldsClosed(m.Type) {
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
			if hf == nil || !judgedAlike(hf.Type, f.Type) {
				return false
			}
		}
		return true
	case part.Kind == ListKind && holder.Kind == ListKind, part.Kind == MapKind && holder.Kind == MapKind:
		return judgedAlike(holder.Elem, part.Elem)
	}
	return false
}
