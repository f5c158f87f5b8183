package model

import (
	"slices"
	"strings"
)

// Names of the types written in place.
//
// A type written in place — an inline struct, a disjunction, a tuple — is
// named after where it is: every step of its path made a Go name, the
// steps run together (#Order.lines[] is OrderLinesItem). Two places can
// give one name (p.audit.level and p.auditLevel are both PAuditLevel), and
// a definition can state it too (#Workflow.concurrency beside
// #Workflow.#concurrency, both WorkflowConcurrency). Which type has which
// name is settled once every type is known, by a rule that does not
// depend on the order CUE lists declarations in (settleInPlaceNames):
//
//  1. a name a definition states (#X, #A.#B, _#x, another package's
//     definition as it is named here, or its @go(Name)) is the
//     definition's;
//  2. among the types in place that derive one name, the one whose path
//     has fewest steps keeps it, if no other has as few;
//  3. every other is named by its path, its steps joined with _, as
//     protobuf-go's protogen names a nested message (Outer_Inner) and
//     CUE's gengotypes a nested definition: P_Audit_Level;
//  4. a name that is still another's — a definition's, or another type
//     in place's — is kept by the definition, or else by the type first
//     in the source (file, line, column); each later one takes an _
//     after it until the name is no definition's (in CUE, Go or
//     TypeScript) and no other type's: #A."b-c" and #A.b_c are A_BC and
//     A_BC_, as protogen names the later of two conflicting names.

// placed is what a type written in place needs for its name: where it is.
type placed struct {
	what string // its path, as messages name it: p.audit.level
}

// placeAt records d, a type written in place at what, to be named by
// settleInPlaceNames; d.name is the name derived from what (inlineName).
func (r *resolver) placeAt(d *def, what string) {
	d.placed = &placed{what: what}
	// Messages, and the paths of the types in place within it, name it
	// by where it is (#Order.address.street), not by a name it may not
	// keep.
	d.at = what
	r.inPlace = append(r.inPlace, d)
}

// inlineSteps are the steps of a path (what) a type in place is named
// after, each made a Go name: [] is Item, [string] Value, the i-th item of
// a tuple Item<i> (#Order.lines[] is Order, Lines, Item).
func inlineSteps(what string) []string {
	var out []string
	for _, part := range strings.Split(strings.TrimPrefix(what, "#"), ".") {
		var steps []string // from the last
		for {
			if p, ok := strings.CutSuffix(part, "[]"); ok {
				part, steps = p, append(steps, "Item")
			} else if p, ok := strings.CutSuffix(part, "[string]"); ok {
				part, steps = p, append(steps, "Value")
			} else if i := strings.LastIndexByte(part, '['); i >= 0 && strings.HasSuffix(part, "]") && isDigits(part[i+1:len(part)-1]) {
				part, steps = part[:i], append(steps, "Item"+part[i+1:len(part)-1]) // a tuple's item
			} else {
				break
			}
		}
		if g := GoName(part); g != "" {
			out = append(out, g)
		}
		for i := len(steps) - 1; i >= 0; i-- {
			out = append(out, steps[i])
		}
	}
	return out
}

// inlineName derives the name of a type in place from its path: its
// steps run together (#Order.lines[] is OrderLinesItem).
func inlineName(what string) string { return strings.Join(inlineSteps(what), "") }

// pathName is the name of a type in place that cannot have the name
// derived from its path: its steps joined with _ (P_Audit_Level).
func pathName(what string) string { return strings.Join(inlineSteps(what), "_") }

// settleInPlaceNames names every type written in place by the rule above,
// once every definition is known: each keeps the name derived from its
// path, or is renamed to its path name, with an _ after it for each
// earlier holder of that name (rule 4).
func (r *resolver) settleInPlaceNames() {
	if len(r.inPlace) == 0 {
		return
	}
	// The names definitions state, in CUE and in Go: a type in place is
	// one name in both.
	stated := map[string]*def{}
	state := func(d *def) {
		for _, n := range []string{d.name, r.defGoName(d.name)} {
			if stated[n] == nil {
				stated[n] = d
			}
		}
	}
	for _, d := range r.order {
		state(d)
	}
	byName := map[string][]*def{}
	for _, d := range r.inPlace {
		byName[d.name] = append(byName[d.name], d)
	}
	// final is each type's name by rules 1 to 3.
	final := make(map[*def]string, len(r.inPlace))
	for _, d := range r.inPlace {
		final[d] = d.name
		if stated[d.name] != nil {
			final[d] = pathName(d.placed.what)
			continue
		}
		group := byName[d.name]
		if len(group) == 1 {
			continue
		}
		fewest, at := -1, 0
		for _, o := range group {
			switch n := len(inlineSteps(o.placed.what)); {
			case fewest < 0 || n < fewest:
				fewest, at = n, 1
			case n == fewest:
				at++
			}
		}
		if len(inlineSteps(d.placed.what)) == fewest && at == 1 {
			continue // rule 2: it keeps the name
		}
		final[d] = pathName(d.placed.what)
	}
	// Rule 4. taken are the names no type in place takes from another:
	// the definitions' (in CUE, Go and TypeScript: #Record is Record_
	// there) and every name rules 1 to 3 gave, each kept by the first
	// to have it.
	taken := map[string]bool{}
	for n := range stated {
		taken[n] = true
	}
	for _, d := range r.order {
		taken[TSName(d.name)] = true
	}
	for _, n := range final {
		taken[n] = true
	}
	kept := map[string]bool{}
	ordered := slices.Clone(r.inPlace)
	slices.SortStableFunc(ordered, func(a, b *def) int { return comparePos(a.pos, b.pos) })
	for _, d := range ordered {
		name := final[d]
		if stated[name] != nil || kept[name] {
			for taken[name] {
				name += "_"
			}
			taken[name] = true
		}
		kept[name] = true
		if name != d.name {
			if r.pathNamed == nil {
				r.pathNamed = map[string]bool{}
			}
			r.pathNamed[name] = true
			d.rename(name)
		}
	}
}

// rename gives d, a type in place, the name name: in the model's type it
// made, and at the head of the doc comments made for it ("OrderLine is
// the value of #Order.line.").
func (d *def) rename(name string) {
	old := d.name
	re := func(n, doc *string) {
		*n = name
		if rest, ok := strings.CutPrefix(*doc, old+" "); ok {
			*doc = name + " " + rest
		}
	}
	re(&d.name, &d.doc)
	if d.object != nil {
		re(&d.object.Name, &d.object.Doc)
		d.object.ByPath = true
	}
	if d.enum != nil {
		re(&d.enum.Name, &d.enum.Doc)
		d.enum.ByPath = true
	}
	if d.union != nil {
		re(&d.union.Name, &d.union.Doc)
		d.union.ByPath = true
	}
	if d.oneOf != nil {
		re(&d.oneOf.Name, &d.oneOf.Doc)
	}
	if d.inTuple != nil {
		re(&d.inTuple.Name, &d.inTuple.Doc)
	}
}
