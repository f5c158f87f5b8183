package lock

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/gen/compat"
	"github.com/schemagen/schemagen/gen/model"
)

// Severity says whether a finding breaks a reader of the baseline or only
// widens what it must answer (compat.Severity).
type Severity = compat.Severity

// The severities (compat.Breaking, compat.Widening).
const (
	Breaking = compat.Breaking
	Widening = compat.Widening
)

// rule returns the rule named id; every id Compare and the model use is a
// constant of package compat, so an unknown one is a bug.
func rule(id string) compat.Rule {
	r, ok := compat.Lookup(id)
	if !ok {
		panic("lock: unknown rule " + id)
	}
	return r
}

// Finding is one difference between the baseline and the current schema:
// one cause, with what it brings about folded into its reason.
type Finding struct {
	Rule     string    `json:"rule"`
	Severity Severity  `json:"severity"`
	Subject  string    `json:"subject,omitempty"` // e.g. "fleet.Pose.celebrate"
	Pos      model.Pos `json:"-"`                 // the current schema's side: the edit, or what held the thing that is gone
	Position string    `json:"position"`
	Reason   string    `json:"reason"`
	// Accepted is the reason of the acceptance in the lock's history that
	// names this finding (see Accept); "" when none does.
	Accepted string `json:"accepted,omitempty"`

	// covers are the keys (Rule + " " + Subject; " " + Subject for a
	// problem with no rule) of what this finding brings about: the
	// model's refusals and the findings it explains.
	covers []string
}

func (f Finding) String() string {
	s := fmt.Sprintf("%s: %s %s: %s", f.Pos, f.Severity, f.Rule, f.Reason)
	if f.Subject != "" {
		s = fmt.Sprintf("%s: %s %s: %s: %s", f.Pos, f.Severity, f.Rule, f.Subject, f.Reason)
	}
	if f.Accepted != "" {
		s += " (accepted: " + f.Accepted + ")"
	}
	return s
}

// Key identifies a finding in an accepted-history entry.
func (f Finding) Key() string { return f.Rule + " " + f.Subject }

// HasBreaking reports whether any finding is breaking and not accepted.
func HasBreaking(fs []Finding) bool {
	return slices.ContainsFunc(fs, func(f Finding) bool { return f.Severity == Breaking && f.Accepted == "" })
}

// Accept marks each breaking finding that an acceptance names (by Key)
// as accepted, with that acceptance's reason.
func Accept(fs []Finding, accs []*Acceptance) {
	reason := map[string]string{}
	for _, a := range accs {
		for _, k := range a.Findings {
			reason[k] = a.Reason
		}
	}
	for i := range fs {
		if r, ok := reason[fs[i].Key()]; ok && fs[i].Severity == Breaking {
			fs[i].Accepted = r
		}
	}
}

// Compare returns every finding of cur against the baseline base, one per
// cause, in the order of their positions in the current schema. Its time
// is linear in the size of the two (n log n where it orders).
func Compare(base, cur *Lock) []Finding {
	c := &comparer{cur: cur, scalarFields: map[scalarChange][]string{}}
	curPkgs := index(cur.Packages, func(p *Package) string { return p.Name })
	for _, bp := range base.Packages {
		cp := curPkgs[bp.Name]
		if cp == nil {
			c.add(compat.PackageNoDelete, bp.Name, "package %s was removed", bp.Name)
			continue
		}
		c.pkg(bp, cp)
	}
	curLayouts := index(cur.Layouts, func(l *Layout) string { return l.Name })
	for _, bl := range base.Layouts {
		cl := curLayouts[bl.Name]
		if cl == nil {
			c.add(compat.LayoutNoDelete, bl.Name, "layout package %s was removed", bl.Name)
			continue
		}
		c.layout(bl, cl)
		c.catalog(bl, cl)
		c.layoutEnums(bl, cl)
	}
	return c.findings()
}

// Check is what `schemagen breaking` reports: the schema s as
// model.LoadPartial returned it (with loadErr) against the baseline base.
// A refusal of the model that carries a compatibility rule is a finding,
// unless a finding of Compare explains it (a field removed from version 3
// explains why version 3 and every later one no longer add up to their
// recorded sizes); invalid are the model's other errors that no finding
// explains: then the schema is invalid on its own.
func Check(base *Lock, s *model.Schema, loadErr error) (findings []Finding, invalid model.ErrorList) {
	var errs model.ErrorList
	if loadErr != nil {
		var ok bool
		if errs, ok = loadErr.(model.ErrorList); !ok {
			return nil, model.ErrorList{{Msg: loadErr.Error()}}
		}
	}
	if s != nil && base != nil {
		findings = Compare(base, FromModel(s))
	}
	explained := map[string]bool{}
	for _, f := range findings {
		explained[f.Key()] = true
		explained[" "+f.Subject] = true
		for _, k := range f.covers {
			explained[k] = true
		}
	}
	for _, e := range errs {
		switch {
		case e.Subject != "" && (explained[" "+e.Subject] || explained[e.Rule+" "+e.Subject]):
		case e.Rule != "":
			findings = append(findings, Finding{Rule: e.Rule, Severity: rule(e.Rule).Severity, Subject: e.Subject, Pos: e.Pos, Position: e.Pos.String(), Reason: e.Msg})
		default:
			invalid = append(invalid, e)
		}
	}
	sortFindings(findings)
	return findings, invalid
}

type comparer struct {
	cur *Lock
	out []*Finding
	// viewChange is the finding of a change to the ledger's view, which
	// explains a bitmap that shrank.
	viewChange *Finding
	// overCeiling are the versions whose fields now add up to more than
	// the ceiling.
	overCeiling map[int]bool
	// Constraint changes of the package being compared, by named scalar.
	scalarOrder  []scalarChange
	scalarFields map[scalarChange][]string
}

// add records a finding at the current position of subject.
func (c *comparer) add(id, subject, format string, args ...any) *Finding {
	return c.addAt(subject, id, subject, format, args...)
}

// addAt records a finding at the current position of at.
func (c *comparer) addAt(at, id, subject, format string, args ...any) *Finding {
	pos := c.cur.Pos(at)
	f := &Finding{Rule: id, Severity: rule(id).Severity, Subject: subject, Pos: pos, Position: pos.String(), Reason: fmt.Sprintf(format, args...)}
	c.out = append(c.out, f)
	return f
}

// findings drops every finding another one covers and orders the rest by
// position.
func (c *comparer) findings() []Finding {
	covered := map[string]bool{}
	for _, f := range c.out {
		for _, k := range f.covers {
			covered[k] = true
		}
	}
	out := make([]Finding, 0, len(c.out))
	for _, f := range c.out {
		if !covered[f.Key()] {
			out = append(out, *f)
		}
	}
	sortFindings(out)
	return out
}

// sortFindings orders findings by position, those without one last, and
// keeps the order of findings at one position.
func sortFindings(fs []Finding) {
	order := make([]int, len(fs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		if c := comparePos(fs[i].Pos, fs[j].Pos); c != 0 {
			return c
		}
		return cmp.Compare(i, j)
	})
	sorted := make([]Finding, len(fs))
	for k, i := range order {
		sorted[k] = fs[i]
	}
	copy(fs, sorted)
}

func comparePos(pa, pb model.Pos) int {
	switch ea, eb := pa.File == "", pb.File == ""; {
	case ea && eb:
		return 0
	case ea:
		return 1
	case eb:
		return -1
	case pa.File != pb.File:
		return strings.Compare(pa.File, pb.File)
	case pa.Line != pb.Line:
		return cmp.Compare(pa.Line, pb.Line)
	}
	return cmp.Compare(pa.Col, pb.Col)
}

// lookup returns a function that finds the element of xs with a key:
// the first of equal keys. A short list is searched in place, which costs
// less than building a map; a longer one is indexed once, so that a
// compare stays linear however long the list.
func lookup[T any](xs []T, key func(T) string) func(string) (T, bool) {
	if len(xs) <= 8 {
		return func(k string) (T, bool) {
			for _, x := range xs {
				if key(x) == k {
					return x, true
				}
			}
			var zero T
			return zero, false
		}
	}
	m := index(xs, key)
	return func(k string) (T, bool) {
		x, ok := m[k]
		return x, ok
	}
}

// index maps each element of xs by its key; the first of equal keys wins.
func index[T any](xs []T, key func(T) string) map[string]T {
	m := make(map[string]T, len(xs))
	for _, x := range xs {
		if _, ok := m[key(x)]; !ok {
			m[key(x)] = x
		}
	}
	return m
}

// pkg compares one wire package. A removal folds in what it forces: the
// fields whose type was the removed enum or object, the conditional
// absences keyed on them, the discriminator field of every variant when
// a union's discriminator changes, the object of a variant that went.
func (c *comparer) pkg(bp, cp *Package) {
	p := bp.Name
	curEnums := index(cp.Enums, func(e *Enum) string { return e.Name })
	curObjects := index(cp.Objects, func(o *Object) string { return o.Name })
	curUnions := index(cp.Unions, func(u *Union) string { return u.Name })

	// What was removed, and the consequences each removal gathers.
	gone := map[string]*removal{} // enum, object or union name → its removal
	for _, e := range bp.Enums {
		if curEnums[e.Name] == nil {
			gone[e.Name] = &removal{}
		}
	}
	for _, o := range bp.Objects {
		if curObjects[o.Name] == nil {
			gone[o.Name] = &removal{}
		}
	}
	for _, u := range bp.Unions {
		if curUnions[u.Name] == nil {
			gone[u.Name] = &removal{}
		}
	}
	// Variant objects of a union whose discriminator changed: their old
	// discriminator field is not gone, it was renamed with the union's.
	disc := map[string][2]string{} // object → {old, new}
	for _, bu := range bp.Unions {
		if cu := curUnions[bu.Name]; cu != nil && cu.Discriminator != bu.Discriminator {
			for _, v := range bu.Variants {
				disc[v.Object] = [2]string{bu.Discriminator, cu.Discriminator}
			}
			for _, v := range cu.Variants {
				disc[v.Object] = [2]string{bu.Discriminator, cu.Discriminator}
			}
		}
	}

	for _, be := range bp.Enums {
		if ce := curEnums[be.Name]; ce != nil {
			c.enum(p+"."+be.Name, be, ce)
		}
	}
	for _, bo := range bp.Objects {
		if co := curObjects[bo.Name]; co != nil {
			c.object(p+"."+bo.Name, bo, co, gone, disc[bo.Name])
		}
	}
	if bp.Document != nil {
		// The package's document, a value of one type (package word;
		// =~"^[a-z]+$"): its type is judged as a required field's.
		switch {
		case cp.Document == nil:
			c.add(compat.FieldSameType, p, "the package's document was %s and is now no longer a value of one type", bp.Document)
		default:
			c.types(p, bp.Document, cp.Document)
		}
	}
	c.flushScalars(p)
	variantOf := c.unions(p, bp, curUnions, gone)
	for _, be := range bp.Enums {
		if r := gone[be.Name]; r != nil {
			c.add(compat.EnumNoDelete, p+"."+be.Name, "enum #%s was removed%s", be.Name, r.suffix())
		}
	}
	for _, bo := range bp.Objects {
		if r := gone[bo.Name]; r != nil && variantOf[bo.Name] == "" {
			c.add(compat.ObjectNoDelete, p+"."+bo.Name, "object #%s was removed%s", bo.Name, r.suffix())
		}
	}
}

// removal gathers what removing an enum or object forced.
type removal struct{ with []string }

func (r *removal) suffix() string {
	if len(r.with) == 0 {
		return ""
	}
	return "; with it " + strings.Join(r.with, ", ")
}

// refersTo returns the enum, object or union a wire type is built on, or "".
func refersTo(t *Type) string {
	for ; t != nil; t = t.Elem {
		if t.Kind == "enum" || t.Kind == "object" || t.Kind == "union" {
			return t.Name
		}
	}
	return ""
}

func (c *comparer) enum(subject string, be, ce *Enum) {
	self := func(m string) string { return m }
	inBase, inCur := lookup(be.Members, self), lookup(ce.Members, self)
	for _, m := range be.Members {
		if _, ok := inCur(m); !ok {
			c.add(compat.EnumMemberNoDelete, subject+"."+m, "member %q was removed or renamed; data carrying it no longer decodes", m)
		}
	}
	for _, m := range ce.Members {
		if _, ok := inBase(m); !ok {
			c.add(compat.EnumMemberAdded, subject+"."+m, "member %q was added; every exhaustive consumer of #%s must answer it", m, be.Name)
		}
	}
}

func (c *comparer) object(subject string, bo, co *Object, gone map[string]*removal, disc [2]string) {
	// struct.MinFields/MaxFields: the object's own constraint, compared
	// as a field's.
	var tighter, looser []string
	bound := func(name string, bv, cv *int, lower bool) {
		switch {
		case bv == nil && cv == nil, bv != nil && cv != nil && *bv == *cv:
		case bv == nil:
			tighter = append(tighter, fmt.Sprintf("%s %d added", name, *cv))
		case cv == nil:
			looser = append(looser, fmt.Sprintf("%s %d removed", name, *bv))
		case (*cv > *bv) == lower:
			tighter = append(tighter, fmt.Sprintf("%s %d → %d", name, *bv, *cv))
		default:
			looser = append(looser, fmt.Sprintf("%s %d → %d", name, *bv, *cv))
		}
	}
	bound("minFields", bo.MinFields, co.MinFields, true)
	bound("maxFields", bo.MaxFields, co.MaxFields, false)
	switch {
	case bo.Nullable && !co.Nullable:
		tighter = append(tighter, "null as a whole no longer admitted")
	case !bo.Nullable && co.Nullable:
		looser = append(looser, "null as a whole now admitted")
	}
	// matchIf and matchN beside the fields: one added or changed may
	// refuse data valid before, one removed admits more.
	for _, vs := range [][2][]string{{bo.MatchIfs, co.MatchIfs}, {bo.MatchNs, co.MatchNs}} {
		for _, m := range vs[1] {
			if !slices.Contains(vs[0], m) {
				tighter = append(tighter, m+" added")
			}
		}
		for _, m := range vs[0] {
			if !slices.Contains(vs[1], m) {
				looser = append(looser, m+" removed")
			}
		}
	}
	if len(tighter) > 0 {
		c.add(compat.FieldConstraintNoTighten, subject, "#%s: %s; data valid before may now be refused", bo.Name, strings.Join(tighter, ", "))
	}
	if len(looser) > 0 {
		c.add(compat.FieldConstraintLoosened, subject, "#%s: %s; a reader validating against the old schema may refuse new data", bo.Name, strings.Join(looser, ", "))
	}
	typed := func(m string) bool { return strings.Contains(m, ": ") }
	for _, m := range co.Members {
		if !typed(m) || slices.Contains(bo.Members, m) {
			continue
		}
		// A typed pattern added where its members held other values:
		// in an open object any value; beside another typed pattern
		// (still there), a member both match must now hold both types.
		beside := ""
		for _, b := range bo.Members {
			if typed(b) && slices.Contains(co.Members, b) {
				beside = b
				break
			}
		}
		switch {
		case bo.Open && co.Open:
			c.add(compat.ObjectPatternNoAdd, subject, "#%s now requires the members whose names match %s to hold that type; they held any value, so data valid before may now be refused", bo.Name, m)
		case beside != "":
			c.add(compat.ObjectPatternNoAdd, subject, "#%s now has the pattern %s beside %s; a member whose name matches both must now hold both types, so data valid before may now be refused", bo.Name, m, beside)
		}
	}
	if bo.Open && co.Open {
		for _, m := range bo.Members {
			if typed(m) && !slices.Contains(co.Members, m) {
				c.add(compat.ObjectOpened, subject, "#%s no longer requires the members whose names match %s to hold that type; a reader validating against the old schema refuses other values", bo.Name, m)
			}
		}
	}
	switch {
	case bo.Open && !co.Open:
		c.add(compat.ObjectNoClose, subject, "#%s was open and is closed; data with members it does not name is now refused (by CUE and the strict JSON Schema)", bo.Name)
	case !bo.Open && co.Open:
		c.add(compat.ObjectOpened, subject, "#%s now admits members it does not name; a reader validating against the old strict schema refuses them", bo.Name)
	case !co.Open:
		// A closed object's member patterns ({[=~"^x-"]: _}): one gone
		// refuses members it admitted; one new admits members an old
		// strict reader refuses.
		for _, m := range bo.Members {
			if !slices.Contains(co.Members, m) {
				c.add(compat.ObjectNoClose, subject, "#%s no longer admits members whose names match %s; data with them is now refused (by CUE and the strict JSON Schema)", bo.Name, m)
			}
		}
		for _, m := range co.Members {
			if !bo.Open && !slices.Contains(bo.Members, m) {
				c.add(compat.ObjectOpened, subject, "#%s now admits members whose names match %s; a reader validating against the old strict schema refuses them", bo.Name, m)
			}
		}
	}
	// A member it never holds (type?: _|_): one new refuses data that
	// had it; one gone admits what an old reader refuses.
	for _, a := range co.Absent {
		if !slices.Contains(bo.Absent, a) {
			c.add(compat.ObjectNoClose, subject, "#%s never holds %s now; data with it is now refused (by every target)", bo.Name, a)
		}
	}
	for _, a := range bo.Absent {
		if !slices.Contains(co.Absent, a) {
			c.add(compat.ObjectOpened, subject, "#%s may hold %s now; a reader validating against the old schema refuses it", bo.Name, a)
		}
	}
	name := func(f *Field) string { return f.Name }
	curField, baseField := lookup(co.Fields, name), lookup(bo.Fields, name)
	for _, bf := range bo.Fields {
		fs := subject + "." + bf.Name
		cf, ok := curField(bf.Name)
		if !ok {
			if bf.Name != disc[0] {
				c.add(compat.FieldNoDelete, fs, "field %s was removed or renamed", bf.Name)
			}
			continue
		}
		switch {
		case !bf.Required && cf.Required:
			c.add(compat.FieldSamePresence, fs, "optional field %s was made required; data without it no longer decodes", bf.Name)
		case bf.Required && !cf.Required:
			c.add(compat.FieldSamePresence, fs, "required field %s was made optional; readers that rely on it will miss it", bf.Name)
		}
		if bf.Default != cf.Default || bf.DefaultFrom != cf.DefaultFrom {
			c.add(compat.FieldSameDefault, fs, "the default of %s changed from %s to %s; data that leaves it out now means something else", bf.Name, orNone(defaultText(bf)), orNone(defaultText(cf)))
		}
		if r := gone[refersTo(bf.Type)]; r != nil && !sameShape(bf.Type, cf.Type) {
			r.with = append(r.with, fmt.Sprintf("%s.%s changed from %s to %s", bo.Name, bf.Name, bf.Type, cf.Type))
			continue
		}
		c.types(fs, bf.Type, cf.Type)
	}
	for _, cf := range co.Fields {
		_, ok := baseField(cf.Name)
		if cf.Required && !ok && cf.Name != disc[1] {
			c.add(compat.FieldNoAddRequired, subject+"."+cf.Name, "required field %s was added; data written before it no longer decodes (add it as optional)", cf.Name)
		} else if !ok && bo.Strict && cf.Name != disc[1] {
			c.add(compat.ObjectStrictNoAdd, subject+"."+cf.Name, "field %s was added to #%s, which refuses a member it does not name in every target (a match on a value holding it judges it); a reader of the old schema refuses data with it", cf.Name, bo.Name)
		}
	}
	c.refusals(subject, bo, co)
	c.conditions(subject, bo, co)
	if len(bo.Forbids) == 0 && len(co.Forbids) == 0 {
		return
	}
	c.forbids(subject, bo, co, func(field string) *removal {
		if f, ok := baseField(field); ok {
			return gone[refersTo(f.Type)]
		}
		return nil
	})
}

// refusals compares the combinations of values an object refuses. One
// whose fields are gone goes with them: a removed field is its own finding.
func (c *comparer) refusals(subject string, bo, co *Object) {
	if len(bo.Refusals) == 0 && len(co.Refusals) == 0 {
		return
	}
	has := func(o *Object) map[string]bool {
		set := map[string]bool{}
		for _, r := range o.Refusals {
			set[r.key()] = true
		}
		return set
	}
	bset, cset := has(bo), has(co)
	for _, r := range co.Refusals {
		if k := r.key(); !bset[k] {
			c.addAt(subject+" refuses "+k, compat.ObjectRefusalNoAdd, subject, "%s is now refused; data valid before may now be refused", k)
		}
	}
	fields := map[string]bool{}
	for _, f := range co.Fields {
		fields[f.Name] = true
	}
outer:
	for _, r := range bo.Refusals {
		if cset[r.key()] {
			continue
		}
		for _, w := range r.When {
			if !fields[w.Field] {
				continue outer
			}
		}
		c.add(compat.ObjectRefusalRemoved, subject, "%s is no longer refused", r.key())
	}
}

// conditions compares what the object's if clauses say of its fields,
// fact by fact. A fact added may refuse data valid before, except that a
// new field declared only inside an if is a new optional field (it was
// refused before it existed); a fact removed admits more. A fact about a
// field that is gone goes with the field, its own finding.
func (c *comparer) conditions(subject string, bo, co *Object) {
	if len(bo.Conditions) == 0 && len(co.Conditions) == 0 {
		return
	}
	fieldOf := func(fact string) string {
		rest := fact[strings.Index(fact, ": ")+2:]
		return strings.FieldsFunc(rest, func(r rune) bool { return r == '.' || r == ' ' })[0]
	}
	has := func(o *Object) (map[string]bool, map[string]bool) {
		facts, fields := map[string]bool{}, map[string]bool{}
		for _, f := range o.Conditions {
			facts[f] = true
		}
		for _, f := range o.Fields {
			fields[f.Name] = true
		}
		return facts, fields
	}
	bfacts, bfields := has(bo)
	cfacts, cfields := has(co)
	// A default an if clause gives a field ("when …: gitignore default
	// true") is compared as a field's default is: changed, added or
	// removed, data that leaves the field out means something else.
	defaultAt := func(f string) int {
		if i := strings.Index(f, " default "); i >= 0 && !strings.Contains(f[strings.Index(f, ": ")+2:i], " ") {
			return i
		}
		return -1
	}
	defaults := func(o *Object) (map[string]string, []string) {
		m := map[string]string{}
		var keys []string
		for _, f := range o.Conditions {
			if i := defaultAt(f); i >= 0 {
				m[f[:i]] = f[i+len(" default "):]
				keys = append(keys, f[:i])
			}
		}
		return m, keys
	}
	bdef, bkeys := defaults(bo)
	cdef, ckeys := defaults(co)
	for _, k := range append(bkeys, ckeys...) {
		b, inB := bdef[k]
		cv, inC := cdef[k]
		field, when := fieldOf(k), k[:strings.Index(k, ": ")]
		switch {
		case inB && inC && b != cv:
			c.addAt(subject+" "+k+" default "+cv, compat.FieldSameDefault, subject+"."+field, "%s: the default of %s changed from %s to %s; data that leaves it out now means something else", when, field, b, cv)
		case inB && !inC && cfields[field]:
			c.add(compat.FieldSameDefault, subject+"."+field, "%s: %s no longer has the default %s; data that leaves it out now means something else", when, field, b)
		case !inB && inC && bfields[field]:
			c.addAt(subject+" "+k+" default "+cv, compat.FieldSameDefault, subject+"."+field, "%s: %s now has the default %s; data that leaves it out now means something else", when, field, cv)
		}
		delete(bdef, k) // each key once
		delete(cdef, k)
	}
	isDefault := func(f string) bool { return defaultAt(f) >= 0 }
	for _, f := range co.Conditions {
		if bfacts[f] || isDefault(f) || (strings.HasSuffix(f, " only then") && !bfields[fieldOf(f)]) {
			continue
		}
		c.addAt(subject+" "+f, compat.ObjectConditionNoAdd, subject, "%s; data valid before may now be refused", f)
	}
	for _, f := range bo.Conditions {
		if cfacts[f] || isDefault(f) || !cfields[fieldOf(f)] {
			continue
		}
		c.add(compat.ObjectConditionRemoved, subject, "no longer %s", f)
	}
}

// forbids compares conditional absences; one keyed on a field whose enum
// was removed goes with the enum (goneWith).
func (c *comparer) forbids(subject string, bo, co *Object, goneWith func(field string) *removal) {
	type key struct{ field, value, absent string }
	keys := func(o *Object) ([]key, map[key]bool) {
		var ks []key
		set := map[key]bool{}
		for _, fb := range o.Forbids {
			for _, a := range fb.Absent {
				k := key{fb.Field, fb.Value, a}
				ks = append(ks, k)
				set[k] = true
			}
		}
		return ks, set
	}
	bk, bset := keys(bo)
	ck, cset := keys(co)
	for _, k := range ck {
		if !bset[k] {
			c.add(compat.FieldForbidNoAdd, subject+"."+k.absent, "%s must now be absent when %s is %q", k.absent, k.field, k.value)
		}
	}
	for _, k := range bk {
		if cset[k] {
			continue
		}
		if r := goneWith(k.field); r != nil {
			r.with = append(r.with, fmt.Sprintf("%s.%s may now be present when %s is %q", bo.Name, k.absent, k.field, k.value))
			continue
		}
		c.add(compat.FieldForbidRemoved, subject+"."+k.absent, "%s may now be present when %s is %q", k.absent, k.field, k.value)
	}
}

// types compares a field's wire type: first its shape, then its constraints.
func (c *comparer) types(subject string, b, t *Type) {
	b, t = restList(b), restList(t)
	if !sameShape(b, t) {
		c.add(compat.FieldSameType, subject, "type changed from %s to %s", b, t)
		return
	}
	if bu, cu := b.Constraints != nil && b.Constraints.Uint64, t.Constraints != nil && t.Constraints.Uint64; bu != cu {
		// int64 and uint64 are two Go types: a reader built on one
		// does not compile, or holds other values, on the other.
		word := map[bool]string{false: "int64", true: "uint64"}
		c.add(compat.FieldSameType, subject, "integer type changed from %s to %s", word[bu], word[cu])
		return
	}
	if bs, cs := choiceText(b), choiceText(t); bs != cs {
		// A choice's alternatives changed: whether the new ones admit
		// every value the old did is not worked out here, so the change
		// is reported as one that may refuse data valid before.
		c.constraint(subject, t.scalar, compat.FieldConstraintNoTighten, fmt.Sprintf("alternatives %s → %s", bs, cs), "data valid before may now be refused")
	}
	var tighter, looser []string
	cmpMin := func(name string, bv, cv *int64) {
		switch {
		case bv == nil && cv == nil:
		case bv == nil:
			tighter = append(tighter, fmt.Sprintf("%s %d added", name, *cv))
		case cv == nil:
			looser = append(looser, fmt.Sprintf("%s %d removed", name, *bv))
		case *cv > *bv:
			tighter = append(tighter, fmt.Sprintf("%s %d → %d", name, *bv, *cv))
		case *cv < *bv:
			looser = append(looser, fmt.Sprintf("%s %d → %d", name, *bv, *cv))
		}
	}
	cmpMax := func(name string, bv, cv *int64) {
		switch {
		case bv == nil && cv == nil:
		case bv == nil:
			tighter = append(tighter, fmt.Sprintf("%s %d added", name, *cv))
		case cv == nil:
			looser = append(looser, fmt.Sprintf("%s %d removed", name, *bv))
		case *cv < *bv:
			tighter = append(tighter, fmt.Sprintf("%s %d → %d", name, *bv, *cv))
		case *cv > *bv:
			looser = append(looser, fmt.Sprintf("%s %d → %d", name, *bv, *cv))
		}
	}
	bc, cc := b.Constraints, t.Constraints
	if bc == nil {
		bc = &Constraints{}
	}
	if cc == nil {
		cc = &Constraints{}
	}
	cmpMin("minRunes", i64(bc.MinRunes), i64(cc.MinRunes))
	cmpMax("maxRunes", i64(bc.MaxRunes), i64(cc.MaxRunes))
	cmpMin("min", bc.Min, cc.Min)
	cmpMax("max", bc.Max, cc.Max)
	if bc.Uint64 && cc.Uint64 {
		// A uint64's own bound past int64 (absent: 2^64-1).
		bu, cu := uint64(math.MaxUint64), uint64(math.MaxUint64)
		if bc.UintMax != nil {
			bu = *bc.UintMax
		}
		if cc.UintMax != nil {
			cu = *cc.UintMax
		}
		switch {
		case cu < bu:
			tighter = append(tighter, fmt.Sprintf("max %d → %d", bu, cu))
		case cu > bu:
			looser = append(looser, fmt.Sprintf("max %d → %d", bu, cu))
		}
	}
	cmpMin("minItems", i64(bc.MinItems), i64(cc.MinItems))
	cmpMax("maxItems", i64(bc.MaxItems), i64(cc.MaxItems))
	// net.IP's bytes, 4 or 16: a count both ranges hold that one side's
	// lengths leave out (minItems and maxItems compare the ranges).
	lengths := func(c *Constraints) string { return model.Constraints{Lengths: c.Lengths}.LengthsText() }
	switch {
	case refusesCount(bc, cc) && len(bc.Lengths) == 0:
		tighter = append(tighter, "lengths "+lengths(cc)+" added")
	case refusesCount(bc, cc):
		tighter = append(tighter, "lengths "+lengths(bc)+" → "+lengths(cc))
	case refusesCount(cc, bc) && len(cc.Lengths) == 0:
		looser = append(looser, "lengths "+lengths(bc)+" removed")
	case refusesCount(cc, bc):
		looser = append(looser, "lengths "+lengths(bc)+" → "+lengths(cc))
	}
	cmpMin("minFields", i64(bc.MinFields), i64(cc.MinFields))
	cmpMax("maxFields", i64(bc.MaxFields), i64(cc.MaxFields))
	// A number's bounds: a point on the line, and whether it is in.
	numBound := func(name string, bv, cv *float64, bx, cx bool, lower bool) {
		show := func(v *float64, x bool) string {
			if v == nil {
				return "none"
			}
			op := map[[2]bool]string{{true, false}: ">=", {true, true}: ">", {false, false}: "<=", {false, true}: "<"}[[2]bool{lower, x}]
			return op + strconv.FormatFloat(*v, 'g', -1, 64)
		}
		switch {
		case bv == nil && cv == nil:
		case bv != nil && cv != nil && *bv == *cv && bx == cx:
		case cv == nil:
			looser = append(looser, fmt.Sprintf("%s %s removed", name, show(bv, bx)))
		case bv == nil:
			tighter = append(tighter, fmt.Sprintf("%s %s added", name, show(cv, cx)))
		case (lower && (*cv > *bv || (*cv == *bv && cx))) || (!lower && (*cv < *bv || (*cv == *bv && cx))):
			tighter = append(tighter, fmt.Sprintf("%s %s → %s", name, show(bv, bx), show(cv, cx)))
		default:
			looser = append(looser, fmt.Sprintf("%s %s → %s", name, show(bv, bx), show(cv, cx)))
		}
	}
	switch {
	case !bc.Duration && cc.Duration:
		tighter = append(tighter, "time.Duration added")
	case bc.Duration && !cc.Duration:
		looser = append(looser, "time.Duration removed")
	}
	switch {
	case !bc.NotNull && cc.NotNull:
		tighter = append(tighter, "not null added")
	case bc.NotNull && !cc.NotNull:
		looser = append(looser, "not null removed")
	}
	// net.AbsURL admits a part of what net.URL admits.
	switch {
	case bc.URL == cc.URL:
	case bc.URL == "":
		tighter = append(tighter, cc.URL+" added")
	case cc.URL == "":
		looser = append(looser, bc.URL+" removed")
	case cc.URL == string(model.URLAbs):
		tighter = append(tighter, bc.URL+" → "+cc.URL)
	default:
		looser = append(looser, bc.URL+" → "+cc.URL)
	}
	switch {
	case !bc.UniqueItems && cc.UniqueItems:
		tighter = append(tighter, "uniqueItems added")
	case bc.UniqueItems && !cc.UniqueItems:
		looser = append(looser, "uniqueItems removed")
	}
	numBound("minimum", bc.MinNum, cc.MinNum, bc.MinExclusive, cc.MinExclusive, true)
	numBound("maximum", bc.MaxNum, cc.MaxNum, bc.MaxExclusive, cc.MaxExclusive, false)
	pattern, notPattern := "pattern", ""
	if t.Kind == "map" {
		// [=~"re" & !~"not"]: T: the keys' patterns, compared as a
		// string's are, each added tighter, each removed looser.
		pattern, notPattern = "key pattern", "key"
	}
	patternEdits(pattern, "", bc.patterns(), cc.patterns(), &tighter, &looser)
	switch bm, cm := bc.MultipleOf, cc.MultipleOf; {
	case bm == nil && cm == nil, bm != nil && cm != nil && *bm == *cm && bc.MultipleOfScale == cc.MultipleOfScale:
	case bm == nil:
		tighter = append(tighter, fmt.Sprintf("multipleOf %s added", model.DecimalText(*cm, cc.MultipleOfScale)))
	case cm == nil:
		looser = append(looser, fmt.Sprintf("multipleOf %s removed", model.DecimalText(*bm, bc.MultipleOfScale)))
	case divides(*cm, cc.MultipleOfScale, *bm, bc.MultipleOfScale):
		// Every multiple of the old is one of the new.
		looser = append(looser, fmt.Sprintf("multipleOf %s → %s", model.DecimalText(*bm, bc.MultipleOfScale), model.DecimalText(*cm, cc.MultipleOfScale)))
	default:
		tighter = append(tighter, fmt.Sprintf("multipleOf %s → %s", model.DecimalText(*bm, bc.MultipleOfScale), model.DecimalText(*cm, cc.MultipleOfScale)))
	}
	for _, v := range cc.Not {
		if !slices.Contains(bc.Not, v) {
			tighter = append(tighter, fmt.Sprintf("!=%s added", v))
		}
	}
	for _, v := range bc.Not {
		if !slices.Contains(cc.Not, v) {
			looser = append(looser, fmt.Sprintf("!=%s removed", v))
		}
	}
	patternEdits(notPattern, "!~", bc.notPatterns(), cc.notPatterns(), &tighter, &looser)
	// Another count or T, another condition or branch, may refuse what
	// the old admitted.
	validatorEdit(bc.Contains, cc.Contains, &tighter, &looser)
	validatorEdit(bc.MatchIf, cc.MatchIf, &tighter, &looser)
	validatorEdit(bc.MatchN, cc.MatchN, &tighter, &looser)
	if len(tighter) > 0 {
		c.constraint(subject, t.scalar, compat.FieldConstraintNoTighten, strings.Join(tighter, ", "), "data valid before may now be refused")
	}
	if len(looser) > 0 {
		c.constraint(subject, t.scalar, compat.FieldConstraintLoosened, strings.Join(looser, ", "), "a reader validating against the old schema may refuse new data")
	}
	if b.Kind == "tuple" {
		// Each item's own constraints, as a list's element's.
		for i := range b.Alts {
			c.types(fmt.Sprintf("%s[%d]", subject, i), b.Alts[i], t.Alts[i])
		}
	}
	if b.Kind == "oneof" {
		// Each alternative's own constraints (sameShape holds them one
		// for one, each of its own kind): a choice's, a count of lists'.
		for i := range b.Alts {
			c.types(subject, b.Alts[i], t.Alts[i])
		}
	}
	if b.Elem != nil {
		c.types(subject+"[]", b.Elem, t.Elem)
	}
}

// scalarChange is one change to a named scalar's constraints.
type scalarChange struct {
	rule, scalar, detail, why string
}

// constraint records a constraint change to a field's type: at once for
// a constraint of its own, or with every field sharing the named scalar
// whose constraint changed the same way, for flushScalars to report once
// at the scalar.
func (c *comparer) constraint(subject, scalar, rule, detail, why string) {
	if scalar == "" {
		c.add(rule, subject, "%s; %s", detail, why)
		return
	}
	k := scalarChange{rule, scalar, detail, why}
	if _, ok := c.scalarFields[k]; !ok {
		c.scalarOrder = append(c.scalarOrder, k)
	}
	c.scalarFields[k] = append(c.scalarFields[k], subject)
}

// flushScalars reports the changes to a package's named scalars, each
// once, at the scalar: under the one field of its type, or under the
// scalar when several fields have it.
func (c *comparer) flushScalars(pkg string) {
	for _, k := range c.scalarOrder {
		fields := c.scalarFields[k]
		at := pkg + "." + k.scalar
		if len(fields) == 1 {
			c.addAt(at, k.rule, fields[0], "%s (#%s); %s", k.detail, k.scalar, k.why)
			continue
		}
		names := make([]string, len(fields))
		for i, f := range fields {
			names[i] = strings.TrimPrefix(f, pkg+".")
		}
		c.add(k.rule, at, "%s on every field of type #%s (%s); %s", k.detail, k.scalar, strings.Join(names, ", "), k.why)
	}
	c.scalarOrder, c.scalarFields = nil, map[scalarChange][]string{}
}

// choiceText renders a type's choice among constraints for a finding:
// one of ("" | string{minRunes:1}), or none.
func choiceText(t *Type) string {
	if len(t.Choice) == 0 {
		return "none"
	}
	var alts []string
	for _, a := range t.Choice {
		s := a.String()
		if a.Constraints != nil {
			j, _ := json.Marshal(a.Constraints)
			s += string(j)
		}
		alts = append(alts, s)
	}
	return "one of (" + strings.Join(alts, " | ") + ")"
}

func sameShape(a, b *Type) bool {
	if a.Kind != b.Kind || a.Name != b.Name || (a.Elem == nil) != (b.Elem == nil) || len(a.Alts) != len(b.Alts) {
		return false
	}
	for i := range a.Alts {
		if !sameShape(a.Alts[i], b.Alts[i]) {
			return false
		}
	}
	return a.Elem == nil || sameShape(a.Elem, b.Elem)
}

// restList is t, or when t is an open tuple whose every leading item is
// of the rest's type ([#Contact, ...#Contact], as a lock written before
// the model carried it as a list recorded it) the list of that type with
// at least as many items, which admits the very same values: a lock
// written earlier compares with the schema as it is read now without a
// finding where the data admitted did not change.
func restList(t *Type) *Type {
	if t == nil || t.Kind != "tuple" || t.Elem == nil || len(t.Alts) == 0 {
		return t
	}
	for _, a := range t.Alts {
		if !reflect.DeepEqual(a, t.Elem) {
			return t
		}
	}
	n := len(t.Alts)
	c := Constraints{}
	if t.Constraints != nil {
		c = *t.Constraints
	}
	if c.MinItems == nil || *c.MinItems < n {
		c.MinItems = &n
	}
	return &Type{Kind: "list", Elem: t.Elem, Constraints: &c}
}

// orNone is s, or "none" when it is empty.
// defaultText is a field's default as the lock says it: a JSON literal,
// or one taken from other members as written, "\\(Name)s" (from the
// members).
func defaultText(f *Field) string {
	if f.DefaultFrom != "" {
		return f.DefaultFrom + " (from the members)"
	}
	return f.Default
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func i64(p *int) *int64 {
	if p == nil {
		return nil
	}
	v := int64(*p)
	return &v
}

// String renders a type for messages, e.g. list<object Seat>.
func (t *Type) String() string {
	switch t.Kind {
	case "list":
		return "list<" + t.Elem.String() + ">"
	case "tuple":
		var items []string
		for _, a := range t.Alts {
			items = append(items, a.String())
		}
		if t.Elem != nil {
			items = append(items, "..."+t.Elem.String())
		}
		return "[" + strings.Join(items, ", ") + "]"
	case "nullable":
		return t.Elem.String() + " or null"
	case "oneof":
		var alts []string
		for _, a := range t.Alts {
			alts = append(alts, a.String())
		}
		return strings.Join(alts, " | ")
	case "map":
		if t.Constraints != nil && len(t.Constraints.patterns()) > 0 {
			return "map<string =~" + strings.Join(t.Constraints.patterns(), " & =~") + ", " + t.Elem.String() + ">"
		}
		return "map<string, " + t.Elem.String() + ">"
	case "enum", "object", "union":
		return t.Kind + " " + t.Name
	case "self":
		return "#" + t.Name + " (itself)"
	case "const":
		return fmt.Sprintf("const %q", t.Name)
	case "const-int", "const-bool":
		return "const " + t.Name
	}
	return t.Kind
}

// unions compares a package's unions. It returns, for each removed object
// that was a variant which went or now names another object, the union
// finding that reports it.
func (c *comparer) unions(p string, bp *Package, curUnions map[string]*Union, gone map[string]*removal) map[string]string {
	variantOf := map[string]string{}
	for _, bu := range bp.Unions {
		subject := p + "." + bu.Name
		cu := curUnions[bu.Name]
		if cu == nil {
			c.add(compat.UnionNoDelete, subject, "union #%s was removed%s", bu.Name, gone[bu.Name].suffix())
			continue
		}
		if cu.Discriminator != bu.Discriminator {
			objs := make([]string, len(cu.Variants))
			for i, v := range cu.Variants {
				objs[i] = "#" + v.Object
			}
			c.add(compat.UnionSameDiscriminator, subject, "discriminator changed from %q to %q (the field %s of %s); data tagged by %s no longer decodes",
				bu.Discriminator, cu.Discriminator, cu.Discriminator, strings.Join(objs, ", "), bu.Discriminator)
			continue
		}
		switch {
		case bu.Nullable && !cu.Nullable:
			c.add(compat.FieldConstraintNoTighten, subject, "#%s: null as a whole no longer admitted; data valid before may now be refused", bu.Name)
		case !bu.Nullable && cu.Nullable:
			c.add(compat.FieldConstraintLoosened, subject, "#%s: null as a whole now admitted; a reader validating against the old schema may refuse new data", bu.Name)
		}
		if bu.Discriminator == "" {
			c.untagged(subject, bu, cu, gone, variantOf)
			continue
		}
		curTags := index(cu.Variants, func(v *Variant) string { return v.Tag })
		baseTags := index(bu.Variants, func(v *Variant) string { return v.Tag })
		for _, bv := range bu.Variants {
			cv := curTags[bv.Tag]
			switch {
			case cv == nil:
				c.add(compat.UnionVariantNoDelete, subject+"."+bv.Object, "variant %s %q was removed%s; data carrying it no longer decodes", bu.Discriminator, bv.Tag, objectGone(gone, bv.Object, variantOf, subject))
			case cv.Object != bv.Object:
				c.add(compat.UnionVariantSameObject, subject+"."+cv.Object, "%s %q now names #%s instead of #%s%s", bu.Discriminator, bv.Tag, cv.Object, bv.Object, objectGone(gone, bv.Object, variantOf, subject))
			}
		}
		for _, cv := range cu.Variants {
			if baseTags[cv.Tag] == nil {
				c.add(compat.UnionVariantAdded, subject+"."+cv.Object, "variant %s %q was added; every exhaustive consumer of #%s must answer it", bu.Discriminator, cv.Tag, bu.Name)
			}
		}
	}
	return variantOf
}

// untagged compares a union without a discriminator, whose variants are
// told apart by their members: one removed breaks the data it held; one
// added, or a variant's members changed, may make a value that was one
// variant fit two, which CUE then refuses as ambiguous, so either breaks
// data too.
func (c *comparer) untagged(subject string, bu, cu *Union, gone map[string]*removal, variantOf map[string]string) {
	curs := index(cu.Variants, func(v *Variant) string { return v.Object })
	bases := index(bu.Variants, func(v *Variant) string { return v.Object })
	for _, bv := range bu.Variants {
		cv := curs[bv.Object]
		switch {
		case cv == nil:
			c.add(compat.UnionVariantNoDelete, subject+"."+bv.Object, "variant #%s was removed%s; data it held no longer decodes", bv.Object, objectGone(gone, bv.Object, variantOf, subject))
		case !slices.Equal(cv.Members, bv.Members):
			c.add(compat.UnionUntaggedMembers, subject+"."+bv.Object, "the members of variant #%s changed from %s to %s; no constant field tells the variants apart, so a value may now fit two of them, which CUE refuses as ambiguous", bv.Object, strings.Join(bv.Members, ", "), strings.Join(cv.Members, ", "))
		}
	}
	for _, cv := range cu.Variants {
		if bases[cv.Object] == nil {
			c.add(compat.UnionUntaggedMembers, subject+"."+cv.Object, "variant #%s was added to a union without a discriminator; a value that was one variant may now fit it too, which CUE refuses as ambiguous", cv.Object)
		}
	}
	if bu.Default != cu.Default {
		show := func(d string) string {
			if d == "" {
				return "none"
			}
			return "#" + d
		}
		c.add(compat.UnionSameDefault, subject, "the default variant changed from %s to %s; CUE takes the default wherever a value leaves it possible, so a value that fits several variants is now read as another, or refused as ambiguous", show(bu.Default), show(cu.Default))
	}
}

// objectGone folds the removal of a variant's object into the variant's
// finding.
func objectGone(gone map[string]*removal, object string, variantOf map[string]string, union string) string {
	r := gone[object]
	if r == nil || variantOf[object] != "" {
		return ""
	}
	variantOf[object] = union
	if len(r.with) == 0 {
		return fmt.Sprintf(" (#%s was removed with it)", object)
	}
	return fmt.Sprintf(" (#%s was removed with it, and with #%s %s)", object, object, strings.Join(r.with, ", "))
}

// validatorEdit lists how a validator the lock records as one text
// (list.MatchN's count and T, a matchIf's parts) changed: added or
// another is tighter, removed looser.
func validatorEdit(base, cur string, tighter, looser *[]string) {
	switch {
	case base == cur:
	case cur == "":
		*looser = append(*looser, base+" removed")
	case base == "":
		*tighter = append(*tighter, cur+" added")
	default:
		*tighter = append(*tighter, base+" → "+cur)
	}
}

// patternEdits lists how a value's patterns changed, each named as
// "name mark+pattern": one changed into another is tighter, as a new
// language may refuse what the old admitted; of several, each added is
// tighter, each removed looser (every pattern must match, or none).
func patternEdits(name, mark string, base, cur []string, tighter, looser *[]string) {
	show := func(p string) string {
		if name == "" {
			return mark + p
		}
		return name + " " + mark + p
	}
	if len(base) == 1 && len(cur) == 1 {
		if base[0] != cur[0] {
			*tighter = append(*tighter, fmt.Sprintf("%s → %s%s", show(base[0]), mark, cur[0]))
		}
		return
	}
	for _, p := range cur {
		if !slices.Contains(base, p) {
			*tighter = append(*tighter, show(p)+" added")
		}
	}
	for _, p := range base {
		if !slices.Contains(cur, p) {
			*looser = append(*looser, show(p)+" removed")
		}
	}
}

// divides reports whether d / 10^ds divides m / 10^ms a whole number of
// times: every multiple of m is then one of d.
func divides(d int64, ds int, m int64, ms int) bool {
	q := new(big.Rat).SetFrac(big.NewInt(m), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(ms)), nil))
	q.Quo(q, new(big.Rat).SetFrac(big.NewInt(d), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(ds)), nil)))
	return q.IsInt()
}

// refusesCount reports whether cur's Lengths refuse a count of items
// base admits where both ranges (minItems to maxItems) hold it.
func refusesCount(base, cur *Constraints) bool {
	if len(cur.Lengths) == 0 {
		return false
	}
	lo, hi := cur.Lengths[0], cur.Lengths[len(cur.Lengths)-1]
	if base.MinItems != nil {
		lo = max(lo, *base.MinItems)
	}
	if base.MaxItems != nil {
		hi = min(hi, *base.MaxItems)
	}
	for n := lo; n <= hi; n++ {
		if (len(base.Lengths) == 0 || slices.Contains(base.Lengths, n)) && !slices.Contains(cur.Lengths, n) {
			return true
		}
	}
	return false
}
