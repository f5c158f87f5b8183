package model

import (
	"fmt"
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
//  4. a path name that is still another's is refused at each place that
//     has it.

// placed is what a type written in place needs for its name: where it is,
// and what messages call it.
type placed struct {
	what string // its path, as messages name it: p.audit.level
	is   string // what it is, before its name: "an inline struct is the object"
	it   string // what to name as a definition of its own: "the struct"
	then string // and what else to do: " and refer to it"
}

// placeAt records d, a type written in place at what, to be named by
// settleInPlaceNames; d.name is the name derived from what (inlineName).
func (r *resolver) placeAt(d *def, what, is, it, then string) {
	d.placed = &placed{what: what, is: is, it: it, then: then}
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
// path, is renamed to its path name, or is refused where it is.
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
	// final is each type's name by rules 1 to 3; for one that does not
	// keep its derived name, first says what has that name, and why.
	type holder struct{ who, how string }
	final := make(map[*def]string, len(r.inPlace))
	first := map[*def]holder{}
	for _, d := range r.inPlace {
		final[d] = d.name
		if sd := stated[d.name]; sd != nil {
			final[d], first[d] = pathName(d.placed.what), holder{fmt.Sprintf("%s (%s)", sd.origin(), sd.pos), "has the first"}
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
		steps := len(inlineSteps(d.placed.what))
		if steps == fewest && at == 1 {
			continue // rule 2: it keeps the name
		}
		final[d] = pathName(d.placed.what)
		for _, o := range group {
			if o == d || len(inlineSteps(o.placed.what)) != fewest {
				continue
			}
			h := holder{fmt.Sprintf("the one at %s (%s)", o.pos, o.placed.what), "keeps the first, its path having fewer steps"}
			if steps == fewest {
				h.how = "has the first too, its path having as many steps"
			}
			first[d] = h
			break
		}
	}
	owners := map[string][]*def{}
	for _, d := range r.inPlace {
		owners[final[d]] = append(owners[final[d]], d)
	}
	for _, d := range r.inPlace {
		name, pl := final[d], d.placed
		var second string // what else has the name it would have
		if sd := stated[name]; sd != nil {
			second = fmt.Sprintf("%s (%s)", sd.origin(), sd.pos)
		}
		for _, o := range owners[name] {
			if o != d && second == "" {
				second = fmt.Sprintf("the one at %s (%s)", o.pos, o.placed.what)
			}
		}
		switch {
		case second == "" && name != d.name:
			if r.pathNamed == nil {
				r.pathNamed = map[string]bool{}
			}
			r.pathNamed[name] = true
			d.rename(name)
		case second == "":
			// It keeps its name.
		case name == d.name:
			// A path of one step, whose path name is its name.
			r.errorf(d.pos, "%s: %s %s, named after where it is, and so is %s; name %s as a definition of its own%s", pl.what, pl.is, name, second, pl.it, pl.then)
			r.dropPlaced(d)
		default:
			but := first[d].who + " " + first[d].how + ", and " + second + " has the second"
			if first[d].who == second {
				but = second + " has both"
			}
			r.errorf(d.pos, "%s: %s %s, named after where it is, or %s by its path; but %s; name %s as a definition of its own%s", pl.what, pl.is, d.name, name, but, pl.it, pl.then)
			r.dropPlaced(d)
		}
	}
}

// dropPlaced takes the types d, a type in place refused for its name,
// made out of the package, so that no other message is about them.
func (r *resolver) dropPlaced(d *def) {
	p := r.pkg
	p.Objects = slices.DeleteFunc(p.Objects, func(o *Object) bool { return o == d.object })
	p.Enums = slices.DeleteFunc(p.Enums, func(e *Enum) bool { return e == d.enum })
	p.Unions = slices.DeleteFunc(p.Unions, func(u *Union) bool { return u == d.union })
	p.OneOfs = slices.DeleteFunc(p.OneOfs, func(o *OneOf) bool { return o == d.oneOf })
	p.Tuples = slices.DeleteFunc(p.Tuples, func(t *Tuple) bool { return t == d.inTuple })
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
