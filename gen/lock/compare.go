package lock

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schemagen/schemagen/gen/model"
)

// Severity says whether a finding breaks a reader of the baseline or only
// widens what it must answer.
type Severity string

// The severities.
const (
	// Breaking: something a reader built against the baseline relies on is
	// gone or changed. `breaking` exits 1; `generate` refuses to move the lock.
	Breaking Severity = "breaking"
	// Widening: allowed, but every exhaustive consumer must answer it (a new
	// enum member or union variant), or an old strict reader may refuse new
	// data (a loosened constraint). Reported, exit 0.
	Widening Severity = "widening"
)

// Rule is one compatibility rule. Its ID is stable: CI logs and accepted
// history entries refer to it.
type Rule struct {
	ID       string
	Severity Severity
	Summary  string
}

// Rules lists every rule, documented with examples in docs/compatibility.md.
var Rules = []Rule{
	{"PACKAGE_NO_DELETE", Breaking, "a schema package was removed"},
	{"ENUM_NO_DELETE", Breaking, "an enum was removed"},
	{"ENUM_MEMBER_NO_DELETE", Breaking, "an enum member was removed or renamed"},
	{"ENUM_MEMBER_ADDED", Widening, "an enum member was added; every exhaustive consumer must answer it"},
	{"OBJECT_NO_DELETE", Breaking, "an object was removed"},
	{"FIELD_NO_DELETE", Breaking, "a field was removed or renamed"},
	{"FIELD_SAME_TYPE", Breaking, "a field's wire type changed"},
	{"FIELD_SAME_PRESENCE", Breaking, "a field changed between optional and required"},
	{"FIELD_NO_ADD_REQUIRED", Breaking, "a required field was added to an existing object"},
	{"FIELD_CONSTRAINT_NO_TIGHTEN", Breaking, "a constraint was added or tightened"},
	{"FIELD_CONSTRAINT_LOOSENED", Widening, "a constraint was removed or loosened"},
	{"FIELD_FORBID_NO_ADD", Breaking, "a field must now be absent when another holds a value"},
	{"FIELD_FORBID_REMOVED", Widening, "a field that had to be absent may now be present"},
	{"UNION_NO_DELETE", Breaking, "a union was removed"},
	{"UNION_SAME_DISCRIMINATOR", Breaking, "a union's discriminator field changed"},
	{"UNION_VARIANT_NO_DELETE", Breaking, "a union variant was removed"},
	{"UNION_VARIANT_SAME_OBJECT", Breaking, "a union tag now names another object"},
	{"UNION_VARIANT_ADDED", Widening, "a union variant was added; every exhaustive consumer must answer it"},

	{"LAYOUT_NO_DELETE", Breaking, "a layout package was removed"},
	{"LAYOUT_VERSION_NO_DELETE", Breaking, "a shipped version was removed from the history"},
	{"LAYOUT_VERSION_SAME_SIZE", Breaking, "a shipped version's size changed"},
	{"LAYOUT_VERSION_BUMPED", Breaking, "a field was added to a shipped version instead of a new one"},
	{"LAYOUT_FIELD_NO_DELETE", Breaking, "a field of a shipped layout was removed or renamed"},
	{"LAYOUT_FIELD_SAME_TYPE", Breaking, "a field of a shipped layout changed type"},
	{"LAYOUT_FIELD_SAME_SIZE", Breaking, "a field of a shipped layout changed size"},
	{"LAYOUT_FIELD_SAME_OFFSET", Breaking, "a field of a shipped layout moved to another offset"},
	{"LAYOUT_FIELD_SAME_ORDER", Breaking, "the fields of a shipped layout were reordered"},
	{"LAYOUT_APPEND_ONLY", Breaking, "a new version is not a pure append of the one before and states no accepted loss"},
	{"LAYOUT_LOSS_ACCEPTED", Widening, "a new version is not a pure append, and states the loss it accepts"},
	{"LAYOUT_SIZE_CEILING", Breaking, "a version is over the ceiling"},
	{"LAYOUT_MIGRATE_FROM_NO_RAISE", Breaking, "files that migrated would now be reinitialized"},
	{"LAYOUT_CONSTANT_SAME", Breaking, "a file or ledger magic or the blob version changed"},
	{"CATALOG_ID_NO_DELETE", Breaking, "a catalog id was removed"},
	{"CATALOG_ID_NO_REUSE", Breaking, "a catalog id now names another item"},
	{"CATALOG_ITEM_NO_MOVE", Breaking, "a catalog item moved to another id"},
	{"CATALOG_ID_SAME_CLASS", Breaking, "a catalog id's class changed"},
	{"CATALOG_ID_SAME_CHANNEL", Breaking, "a catalog id's acquisition channel changed"},
	{"CATALOG_ID_CAPACITY", Breaking, "a catalog id is outside the ledger's bitmap"},
	{"CATALOG_SLOT_SAME", Breaking, "a consumable's count slot changed"},
	{"CATALOG_SLOT_CAPACITY", Breaking, "a consumable slot is outside the ledger's counts"},
	{"CATALOG_SLOT_NO_REUSE", Breaking, "two consumables share a count slot"},
}

// ModelRules are the rules the model itself enforces when it loads a
// schema, because the schema alone shows the break (its own recorded
// history contradicts it). They reach `breaking` as model errors carrying
// the rule id; Compare checks the rest, and these too where a lock alone
// shows them.
var ModelRules = []string{
	"LAYOUT_VERSION_SAME_SIZE", "LAYOUT_APPEND_ONLY", "LAYOUT_SIZE_CEILING",
	"CATALOG_ID_NO_REUSE", "CATALOG_ITEM_NO_MOVE", "CATALOG_ID_CAPACITY",
	"CATALOG_SLOT_CAPACITY", "CATALOG_SLOT_NO_REUSE",
}

func rule(id string) Rule {
	for _, r := range Rules {
		if r.ID == id {
			return r
		}
	}
	panic("lock: unknown rule " + id)
}

// Finding is one difference between the baseline and the current schema.
type Finding struct {
	Rule     string    `json:"rule"`
	Severity Severity  `json:"severity"`
	Subject  string    `json:"subject,omitempty"` // e.g. "fleet.Pose.celebrate"; "" when the model refused the schema
	Pos      model.Pos `json:"-"`                 // the current schema's side
	Position string    `json:"position"`
	Reason   string    `json:"reason"`
}

func (f Finding) String() string {
	if f.Subject == "" {
		return fmt.Sprintf("%s: %s %s: %s", f.Pos, f.Severity, f.Rule, f.Reason)
	}
	return fmt.Sprintf("%s: %s %s: %s: %s", f.Pos, f.Severity, f.Rule, f.Subject, f.Reason)
}

// Key identifies a finding in an accepted-history entry.
func (f Finding) Key() string { return f.Rule + " " + f.Subject }

// HasBreaking reports whether any finding is breaking.
func HasBreaking(fs []Finding) bool {
	return slices.ContainsFunc(fs, func(f Finding) bool { return f.Severity == Breaking })
}

// Compare returns every finding of cur against the baseline base, in the
// baseline's order, then the current schema's.
func Compare(base, cur *Lock) []Finding {
	c := &comparer{cur: cur}
	for _, bp := range base.Packages {
		cp := find(cur.Packages, func(p *Package) bool { return p.Name == bp.Name })
		if cp == nil {
			c.add("PACKAGE_NO_DELETE", bp.Name, "package %s was removed", bp.Name)
			continue
		}
		c.enums(bp, cp)
		c.objects(bp, cp)
		c.unions(bp, cp)
	}
	for _, bl := range base.Layouts {
		cl := find(cur.Layouts, func(l *Layout) bool { return l.Name == bl.Name })
		if cl == nil {
			c.add("LAYOUT_NO_DELETE", bl.Name, "layout package %s was removed", bl.Name)
			continue
		}
		c.layout(bl, cl)
		c.catalog(bl, cl)
		c.layoutEnums(bl, cl)
	}
	return c.out
}

type comparer struct {
	cur *Lock
	out []Finding
}

func (c *comparer) add(id, subject, format string, args ...any) {
	r := rule(id)
	pos := c.cur.Pos(subject)
	c.out = append(c.out, Finding{Rule: id, Severity: r.Severity, Subject: subject, Pos: pos, Position: pos.String(), Reason: fmt.Sprintf(format, args...)})
}

func find[T any](xs []T, pred func(T) bool) T {
	for _, x := range xs {
		if pred(x) {
			return x
		}
	}
	var zero T
	return zero
}

func (c *comparer) enums(bp, cp *Package) {
	for _, be := range bp.Enums {
		subject := bp.Name + "." + be.Name
		ce := find(cp.Enums, func(e *Enum) bool { return e.Name == be.Name })
		if ce == nil {
			c.add("ENUM_NO_DELETE", subject, "enum #%s was removed", be.Name)
			continue
		}
		for _, m := range be.Members {
			if !slices.Contains(ce.Members, m) {
				c.add("ENUM_MEMBER_NO_DELETE", subject+"."+m, "member %q was removed or renamed; data carrying it no longer decodes", m)
			}
		}
		for _, m := range ce.Members {
			if !slices.Contains(be.Members, m) {
				c.add("ENUM_MEMBER_ADDED", subject+"."+m, "member %q was added; every exhaustive consumer of #%s must answer it", m, be.Name)
			}
		}
	}
}

func (c *comparer) objects(bp, cp *Package) {
	for _, bo := range bp.Objects {
		subject := bp.Name + "." + bo.Name
		co := find(cp.Objects, func(o *Object) bool { return o.Name == bo.Name })
		if co == nil {
			c.add("OBJECT_NO_DELETE", subject, "object #%s was removed", bo.Name)
			continue
		}
		for _, bf := range bo.Fields {
			fs := subject + "." + bf.Name
			cf := find(co.Fields, func(f *Field) bool { return f.Name == bf.Name })
			if cf == nil {
				c.add("FIELD_NO_DELETE", fs, "field %s was removed or renamed", bf.Name)
				continue
			}
			switch {
			case !bf.Required && cf.Required:
				c.add("FIELD_SAME_PRESENCE", fs, "optional field %s was made required; data without it no longer decodes", bf.Name)
			case bf.Required && !cf.Required:
				c.add("FIELD_SAME_PRESENCE", fs, "required field %s was made optional; readers that rely on it will miss it", bf.Name)
			}
			c.types(fs, bf.Type, cf.Type)
		}
		for _, cf := range co.Fields {
			if cf.Required && find(bo.Fields, func(f *Field) bool { return f.Name == cf.Name }) == nil {
				c.add("FIELD_NO_ADD_REQUIRED", subject+"."+cf.Name, "required field %s was added; data written before it no longer decodes (add it as optional)", cf.Name)
			}
		}
		c.forbids(subject, bo, co)
	}
}

func (c *comparer) forbids(subject string, bo, co *Object) {
	type key struct{ field, value, absent string }
	keys := func(o *Object) []key {
		var ks []key
		for _, fb := range o.Forbids {
			for _, a := range fb.Absent {
				ks = append(ks, key{fb.Field, fb.Value, a})
			}
		}
		return ks
	}
	bk, ck := keys(bo), keys(co)
	for _, k := range ck {
		if !slices.Contains(bk, k) {
			c.add("FIELD_FORBID_NO_ADD", subject+"."+k.absent, "%s must now be absent when %s is %q", k.absent, k.field, k.value)
		}
	}
	for _, k := range bk {
		if !slices.Contains(ck, k) {
			c.add("FIELD_FORBID_REMOVED", subject+"."+k.absent, "%s may now be present when %s is %q", k.absent, k.field, k.value)
		}
	}
}

// types compares a field's wire type: first its shape, then its constraints.
func (c *comparer) types(subject string, b, t *Type) {
	if b.Kind != t.Kind || b.Name != t.Name || (b.Elem == nil) != (t.Elem == nil) {
		c.add("FIELD_SAME_TYPE", subject, "type changed from %s to %s", b, t)
		return
	}
	if b.Elem != nil && (b.Elem.Kind != t.Elem.Kind || b.Elem.Name != t.Elem.Name || !sameShape(b.Elem, t.Elem)) {
		c.add("FIELD_SAME_TYPE", subject, "type changed from %s to %s", b, t)
		return
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
	cmpMin("minItems", i64(bc.MinItems), i64(cc.MinItems))
	cmpMax("maxItems", i64(bc.MaxItems), i64(cc.MaxItems))
	switch {
	case bc.Pattern == cc.Pattern:
	case cc.Pattern == "":
		looser = append(looser, fmt.Sprintf("pattern %s removed", bc.Pattern))
	case bc.Pattern == "":
		tighter = append(tighter, fmt.Sprintf("pattern %s added", cc.Pattern))
	default:
		tighter = append(tighter, fmt.Sprintf("pattern %s → %s", bc.Pattern, cc.Pattern))
	}
	if len(tighter) > 0 {
		c.add("FIELD_CONSTRAINT_NO_TIGHTEN", subject, "%s; data valid before may now be refused", strings.Join(tighter, ", "))
	}
	if len(looser) > 0 {
		c.add("FIELD_CONSTRAINT_LOOSENED", subject, "%s; a reader validating against the old schema may refuse new data", strings.Join(looser, ", "))
	}
	if b.Elem != nil {
		c.types(subject+"[]", b.Elem, t.Elem)
	}
}

func sameShape(a, b *Type) bool {
	if a.Kind != b.Kind || a.Name != b.Name || (a.Elem == nil) != (b.Elem == nil) {
		return false
	}
	return a.Elem == nil || sameShape(a.Elem, b.Elem)
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
	case "map":
		return "map<string, " + t.Elem.String() + ">"
	case "enum", "object":
		return t.Kind + " " + t.Name
	case "const":
		return fmt.Sprintf("const %q", t.Name)
	}
	return t.Kind
}

func (c *comparer) unions(bp, cp *Package) {
	for _, bu := range bp.Unions {
		subject := bp.Name + "." + bu.Name
		cu := find(cp.Unions, func(u *Union) bool { return u.Name == bu.Name })
		if cu == nil {
			c.add("UNION_NO_DELETE", subject, "union #%s was removed", bu.Name)
			continue
		}
		if cu.Discriminator != bu.Discriminator {
			c.add("UNION_SAME_DISCRIMINATOR", subject, "discriminator changed from %q to %q", bu.Discriminator, cu.Discriminator)
			continue
		}
		for _, bv := range bu.Variants {
			cv := find(cu.Variants, func(v *Variant) bool { return v.Tag == bv.Tag })
			switch {
			case cv == nil:
				c.add("UNION_VARIANT_NO_DELETE", subject+"."+bv.Object, "variant %s %q was removed; data carrying it no longer decodes", bu.Discriminator, bv.Tag)
			case cv.Object != bv.Object:
				c.add("UNION_VARIANT_SAME_OBJECT", subject+"."+cv.Object, "%s %q now names #%s instead of #%s", bu.Discriminator, bv.Tag, cv.Object, bv.Object)
			}
		}
		for _, cv := range cu.Variants {
			if find(bu.Variants, func(v *Variant) bool { return v.Tag == cv.Tag }) == nil {
				c.add("UNION_VARIANT_ADDED", subject+"."+cv.Object, "variant %s %q was added; every exhaustive consumer of #%s must answer it", bu.Discriminator, cv.Tag, bu.Name)
			}
		}
	}
}

// ModelFindings turns the model's refusal of a schema into findings when
// every error in it carries a compatibility rule (see ModelRules), and
// returns nil otherwise: then the schema is simply invalid.
func ModelFindings(err error) []Finding {
	list, ok := err.(model.ErrorList)
	if !ok {
		return nil
	}
	var out []Finding
	for _, e := range list {
		if e.Rule == "" {
			return nil
		}
		out = append(out, Finding{Rule: e.Rule, Severity: rule(e.Rule).Severity, Pos: e.Pos, Position: e.Pos.String(), Reason: e.Msg})
	}
	return out
}
