package layoutmodel

import (
	"fmt"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"

	"github.com/schemagen/schemagen/gen/cuesrc"
)

// LayoutEnum is a layout enum: the named values an integer field of a
// layout struct holds. It is declared as a definition whose fields are
// integers,
//
//	// MissionOutcome is how a settled mission ended.
//	#MissionOutcome: {
//		// Not recorded.
//		unknown: 0
//		// Completed.
//		completed: 1
//	}
//
// and a field says it holds one with @enum(Name) beside its integer type:
// outcome: "uint8" @enum(MissionOutcome). The bytes are the field's type;
// the enum names its values (a C enum and Go constants).
type LayoutEnum struct {
	Name    string // CUE name without '#'
	GoName  string
	CName   string // the C type name: Name with the layout's C prefix, e.g. DeckMissionOutcome
	Doc     string
	Pos     Pos
	Members []*LayoutEnumMember // in declaration order
	// Prim is the integer type of the fields that hold it, which is also
	// the Go type's: every such field has the same one.
	Prim Prim
	// Fields are the fields that hold it, as "Struct.field", in
	// declaration order.
	Fields []string
}

// LayoutEnumMember is one named value of a layout enum.
type LayoutEnumMember struct {
	Name   string // snake_case, as in the schema
	Value  int64
	Doc    string
	Pos    Pos
	CName  string // e.g. DECK_MISSION_OUTCOME_COMPLETED
	GoName string // e.g. MissionOutcomeCompleted
}

// Enum looks a layout enum up by its CUE name (without '#').
func (l *Layout) Enum(name string) *LayoutEnum {
	for _, e := range l.Enums {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// isEnumDefinition reports whether a definition of a layout package is an
// enum: every field of it is an integer, where a struct's fields are
// strings (C types). A struct with an integer field among its strings is
// a struct with a mistake, and is reported as one.
func isEnumDefinition(v cue.Value) bool {
	it, err := v.Fields()
	if err != nil {
		return false
	}
	n := 0
	for it.Next() {
		if it.Value().IncompleteKind() != cue.IntKind {
			return false
		}
		n++
	}
	return n > 0
}

// declareEnum reads one definition as a layout enum.
func (r *layoutResolver) declareEnum(name string, v cue.Value) {
	pos := r.pos(v)
	e := &LayoutEnum{Name: name, GoName: cuesrc.GoName(name), Doc: cuesrc.DocText(v.Doc()), Pos: pos}
	if e.Doc == "" {
		r.docf(pos, "enum #%s has no doc comment: say what it means on the line above it", name)
	}
	if !structName.MatchString(name) {
		r.errorf(pos, "#%s: a layout enum's name is its C and Go type name: write it in PascalCase (letters and digits, starting with a capital)", name)
	}
	src, ok := v.Source().(*ast.Field)
	if !ok {
		r.errorf(pos, "#%s is declared in more than one place; declare a layout enum once, so its members are in the order you read", name)
		return
	}
	lit, ok := src.Value.(*ast.StructLit)
	if !ok {
		r.errorf(pos, "#%s: a layout enum is a struct of members (name: integer, ...); got %T", name, src.Value)
		return
	}
	byValue := map[int64]*LayoutEnumMember{}
	seen := map[string]bool{}
	for _, elt := range lit.Elts {
		f, ok := elt.(*ast.Field)
		if !ok {
			r.errorf(r.ps.Of(elt.Pos()), "#%s: a layout enum holds only members (name: integer)", name)
			continue
		}
		label, _, err := ast.LabelName(f.Label)
		fpos := r.ps.Of(f.Pos())
		if err != nil || label == "" {
			r.errorf(fpos, "#%s: a member name must be a plain identifier", name)
			continue
		}
		what := "#" + name + "." + label
		if seen[label] {
			r.errorf(fpos, "%s: duplicate member name", what)
			continue
		}
		seen[label] = true
		if !snakeName.MatchString(label) {
			r.errorf(fpos, "%s: write a member's name in snake_case (a-z, 0-9, single underscores); it becomes <ENUM>_<NAME> in C", what)
		}
		for _, a := range f.Attrs {
			if key, _ := a.Split(); !cuesrc.ForeignAttr(key) {
				r.errorf(r.ps.Of(a.Pos()), "%s: an enum member takes none of schemagen's attributes (@%s)", what, key)
				break
			}
		}
		fv := v.LookupPath(cue.MakePath(cue.Str(label)))
		m := &LayoutEnumMember{Name: label, Doc: cuesrc.DocText(fv.Doc()), Pos: fpos}
		if m.Doc == "" {
			r.docf(fpos, "%s has no doc comment: say what the value means on the line above it", what)
		}
		n, err := fv.Int64()
		if err != nil || !fv.IsConcrete() || fv.IncompleteKind() != cue.IntKind {
			r.errorf(fpos, "%s: every member of a layout enum is an integer literal, e.g. %s: 1", what, label)
			continue
		}
		m.Value = n
		if prev := byValue[n]; prev != nil {
			r.errorf(fpos, "%s: value %d is already %s's (%s); a stored value must read back as one member", what, n, prev.Name, prev.Pos)
			continue
		}
		byValue[n] = m
		m.GoName = e.GoName + cuesrc.GoName(label)
		e.Members = append(e.Members, m)
	}
	if len(lit.Elts) == 0 {
		r.errorf(pos, "enum #%s has no members", name)
	}
	r.enums[name] = e
	r.l.Enums = append(r.l.Enums, e)
}

// resolveEnum ties a field that says @enum(Name) to its enum and checks
// that the field can hold every member.
func (r *layoutResolver) resolveEnum(s *Struct, m *LayoutField) {
	what := "#" + s.Name + "." + m.Name
	ref, ok := r.enumRefs[m]
	if !ok {
		return
	}
	e := r.enums[ref.name]
	r.enumRefd[ref.name] = true
	if e == nil {
		r.errorf(ref.pos, "%s: @enum(%s): no layout enum #%s in this package", what, ref.name, ref.name)
		return
	}
	t := m.Type
	if !t.resolved() {
		return // its type is reported
	}
	if t.Struct != nil || !t.Prim.Integer() {
		r.errorf(ref.pos, "%s: @enum(%s) needs an integer field (int8 … uint64, or an array of one); %s is %s", what, e.Name, m.Name, t.Spelling)
		return
	}
	lo, hi := primRange(t.Prim)
	var out []string
	for _, mem := range e.Members {
		if mem.Value < lo || mem.Value > hi {
			out = append(out, fmt.Sprintf("%s (%d)", mem.Name, mem.Value))
		}
	}
	if len(out) > 0 {
		r.errorf(ref.pos, "%s: %s cannot hold every member of #%s: %s outside %d–%d", what, t.Prim, e.Name, strings.Join(out, ", "), lo, hi)
		return
	}
	if e.Prim != 0 && e.Prim != t.Prim {
		r.errorf(ref.pos, "%s: #%s is held by %s fields (%s); every field that holds an enum has the same integer type, which is its Go type too", what, e.Name, e.Prim, "#"+e.Fields[0])
		return
	}
	e.Prim = t.Prim
	e.Fields = append(e.Fields, s.Name+"."+m.Name)
	m.Enum = e
}

// checkEnums refuses an enum no field holds: it would name values of
// nothing (a forgotten @enum), and have no integer type.
func (r *layoutResolver) checkEnums() {
	for _, e := range r.l.Enums {
		if len(e.Fields) == 0 && !r.enumRefd[e.Name] {
			r.errorf(e.Pos, "enum #%s: no field holds it; say @enum(%s) beside the integer field whose values it names", e.Name, e.Name)
		}
	}
}

// primRange is the least and greatest value an integer scalar holds.
func primRange(p Prim) (lo, hi int64) {
	bits := 8 * p.Size()
	if p.Signed() {
		if bits == 64 {
			return -1 << 63, 1<<63 - 1
		}
		return -1 << (bits - 1), 1<<(bits-1) - 1
	}
	if bits == 64 {
		return 0, 1<<63 - 1 // schema integers are int64
	}
	return 0, 1<<bits - 1
}

// enumRef is an @enum(Name) attribute: the name and where it is.
type enumRef struct {
	name string
	pos  Pos
}
