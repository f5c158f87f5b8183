// Package compat is the table of compatibility rules (docs/compatibility.md):
// each rule's stable id, its severity and what it says, and the names of
// the things its findings are about. It is a leaf: the layout model, which
// enforces some rules while it loads a schema, and gen/lock, which
// compares a schema with its lock, both spell a rule id by its constant
// here, so each id exists once.
package compat

import "strconv"

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
	// Model is true for the rules the layout model itself enforces when it
	// loads a schema, because the schema alone shows the break (its own
	// recorded history contradicts it). They reach `breaking` as model
	// errors carrying the rule id, which lock.Check turns into findings
	// unless a finding of lock.Compare explains them; Compare checks the
	// rest, and these too where a lock alone shows them.
	Model bool
}

// The rule ids.
const (
	PackageNoDelete          = "PACKAGE_NO_DELETE"
	EnumNoDelete             = "ENUM_NO_DELETE"
	EnumMemberNoDelete       = "ENUM_MEMBER_NO_DELETE"
	EnumMemberAdded          = "ENUM_MEMBER_ADDED"
	ObjectNoDelete           = "OBJECT_NO_DELETE"
	FieldNoDelete            = "FIELD_NO_DELETE"
	FieldSameType            = "FIELD_SAME_TYPE"
	FieldSamePresence        = "FIELD_SAME_PRESENCE"
	FieldNoAddRequired       = "FIELD_NO_ADD_REQUIRED"
	FieldConstraintNoTighten = "FIELD_CONSTRAINT_NO_TIGHTEN"
	FieldConstraintLoosened  = "FIELD_CONSTRAINT_LOOSENED"
	FieldSameDefault         = "FIELD_SAME_DEFAULT"
	FieldForbidNoAdd         = "FIELD_FORBID_NO_ADD"
	FieldForbidRemoved       = "FIELD_FORBID_REMOVED"
	ObjectRefusalNoAdd       = "OBJECT_REFUSAL_NO_ADD"
	ObjectRefusalRemoved     = "OBJECT_REFUSAL_REMOVED"
	ObjectConditionNoAdd     = "OBJECT_CONDITION_NO_ADD"
	ObjectConditionRemoved   = "OBJECT_CONDITION_REMOVED"
	ObjectNoClose            = "OBJECT_NO_CLOSE"
	ObjectOpened             = "OBJECT_OPENED"
	ObjectStrictNoAdd        = "OBJECT_STRICT_NO_ADD"
	ObjectPatternNoAdd       = "OBJECT_PATTERN_NO_ADD"
	UnionNoDelete            = "UNION_NO_DELETE"
	UnionSameDiscriminator   = "UNION_SAME_DISCRIMINATOR"
	UnionVariantNoDelete     = "UNION_VARIANT_NO_DELETE"
	UnionVariantSameObject   = "UNION_VARIANT_SAME_OBJECT"
	UnionVariantAdded        = "UNION_VARIANT_ADDED"
	UnionUntaggedMembers     = "UNION_UNTAGGED_MEMBERS"
	UnionSameDefault         = "UNION_SAME_DEFAULT"

	LayoutNoDelete           = "LAYOUT_NO_DELETE"
	LayoutVersionNoDelete    = "LAYOUT_VERSION_NO_DELETE"
	LayoutVersionSameSize    = "LAYOUT_VERSION_SAME_SIZE"
	LayoutVersionBumped      = "LAYOUT_VERSION_BUMPED"
	LayoutFieldNoDelete      = "LAYOUT_FIELD_NO_DELETE"
	LayoutFieldSameType      = "LAYOUT_FIELD_SAME_TYPE"
	LayoutFieldSameSize      = "LAYOUT_FIELD_SAME_SIZE"
	LayoutFieldSameOffset    = "LAYOUT_FIELD_SAME_OFFSET"
	LayoutFieldSameOrder     = "LAYOUT_FIELD_SAME_ORDER"
	LayoutAppendOnly         = "LAYOUT_APPEND_ONLY"
	LayoutLossAccepted       = "LAYOUT_LOSS_ACCEPTED"
	LayoutSizeCeiling        = "LAYOUT_SIZE_CEILING"
	LayoutMigrateFromNoRaise = "LAYOUT_MIGRATE_FROM_NO_RAISE"
	LayoutConstantSame       = "LAYOUT_CONSTANT_SAME"
	CatalogIdNoDelete        = "CATALOG_ID_NO_DELETE"
	CatalogIdNoReuse         = "CATALOG_ID_NO_REUSE"
	CatalogItemNoMove        = "CATALOG_ITEM_NO_MOVE"
	CatalogIdSameClass       = "CATALOG_ID_SAME_CLASS"
	CatalogIdSameChannel     = "CATALOG_ID_SAME_CHANNEL"
	CatalogIdCapacity        = "CATALOG_ID_CAPACITY"
	CatalogSlotSame          = "CATALOG_SLOT_SAME"
	CatalogSlotCapacity      = "CATALOG_SLOT_CAPACITY"
	CatalogSlotNoReuse       = "CATALOG_SLOT_NO_REUSE"
)

// Rules lists every rule, documented with examples in docs/compatibility.md.
var Rules = []Rule{
	{ID: PackageNoDelete, Severity: Breaking, Summary: "a schema package was removed"},
	{ID: EnumNoDelete, Severity: Breaking, Summary: "an enum was removed"},
	{ID: EnumMemberNoDelete, Severity: Breaking, Summary: "an enum member was removed or renamed"},
	{ID: EnumMemberAdded, Severity: Widening, Summary: "an enum member was added; every exhaustive consumer must answer it"},
	{ID: ObjectNoDelete, Severity: Breaking, Summary: "an object was removed"},
	{ID: FieldNoDelete, Severity: Breaking, Summary: "a field was removed or renamed"},
	{ID: FieldSameType, Severity: Breaking, Summary: "a field's wire type changed"},
	{ID: FieldSamePresence, Severity: Breaking, Summary: "a field changed between optional and required"},
	{ID: FieldNoAddRequired, Severity: Breaking, Summary: "a required field was added to an existing object"},
	{ID: FieldConstraintNoTighten, Severity: Breaking, Summary: "a constraint was added or tightened"},
	{ID: FieldConstraintLoosened, Severity: Widening, Summary: "a constraint was removed or loosened"},
	{ID: FieldSameDefault, Severity: Breaking, Summary: "a field's default was changed, added or removed"},
	{ID: FieldForbidNoAdd, Severity: Breaking, Summary: "a field must now be absent when another holds a value"},
	{ID: FieldForbidRemoved, Severity: Widening, Summary: "a field that had to be absent may now be present"},
	{ID: ObjectRefusalNoAdd, Severity: Breaking, Summary: "a combination of field values is now refused"},
	{ID: ObjectRefusalRemoved, Severity: Widening, Summary: "a combination of field values that was refused is now allowed"},
	{ID: ObjectConditionNoAdd, Severity: Breaking, Summary: "an if clause now requires, fixes or bounds a field, or a field is now present only when its condition holds"},
	{ID: ObjectConditionRemoved, Severity: Widening, Summary: "what an if clause required, fixed or bounded of a field no longer holds"},
	{ID: ObjectNoClose, Severity: Breaking, Summary: "an open object was closed: members it admitted are refused"},
	{ID: ObjectOpened, Severity: Widening, Summary: "a closed object now admits members it does not name"},
	{ID: ObjectStrictNoAdd, Severity: Breaking, Summary: "a field was added to an object that refuses members it does not name in every target (a match judges it): readers of the old schema refuse it"},
	{ID: ObjectPatternNoAdd, Severity: Breaking, Summary: "a member pattern with a type of its own was added where the members it names held other values: in an open object, or beside another typed pattern a member may also match"},
	{ID: UnionNoDelete, Severity: Breaking, Summary: "a union was removed"},
	{ID: UnionSameDiscriminator, Severity: Breaking, Summary: "a union's discriminator field changed"},
	{ID: UnionVariantNoDelete, Severity: Breaking, Summary: "a union variant was removed"},
	{ID: UnionVariantSameObject, Severity: Breaking, Summary: "a union tag now names another object"},
	{ID: UnionVariantAdded, Severity: Widening, Summary: "a union variant was added; every exhaustive consumer must answer it"},
	{ID: UnionUntaggedMembers, Severity: Breaking, Summary: "a union without a discriminator gained a variant, or a variant's members changed: a value that was one variant may now fit two, which CUE finds ambiguous"},
	{ID: UnionSameDefault, Severity: Breaking, Summary: "the default among a union's variants was changed, added or removed: a value that fits several is read as another variant, or refused as ambiguous"},

	{ID: LayoutNoDelete, Severity: Breaking, Summary: "a layout package was removed"},
	{ID: LayoutVersionNoDelete, Severity: Breaking, Summary: "a shipped version was removed from the history"},
	{ID: LayoutVersionSameSize, Severity: Breaking, Summary: "a shipped version's size changed", Model: true},
	{ID: LayoutVersionBumped, Severity: Breaking, Summary: "a field was added to a shipped version instead of a new one"},
	{ID: LayoutFieldNoDelete, Severity: Breaking, Summary: "a field of a shipped layout was removed or renamed"},
	{ID: LayoutFieldSameType, Severity: Breaking, Summary: "a field of a shipped layout changed type"},
	{ID: LayoutFieldSameSize, Severity: Breaking, Summary: "a field of a shipped layout changed size"},
	{ID: LayoutFieldSameOffset, Severity: Breaking, Summary: "a field of a shipped layout moved to another offset"},
	{ID: LayoutFieldSameOrder, Severity: Breaking, Summary: "the fields of a shipped layout were reordered"},
	{ID: LayoutAppendOnly, Severity: Breaking, Summary: "a new version is not a pure append of the one before and states no accepted loss", Model: true},
	{ID: LayoutLossAccepted, Severity: Widening, Summary: "a new version is not a pure append, and states the loss it accepts"},
	{ID: LayoutSizeCeiling, Severity: Breaking, Summary: "a version is over the ceiling", Model: true},
	{ID: LayoutMigrateFromNoRaise, Severity: Breaking, Summary: "files that migrated would now be reinitialized"},
	{ID: LayoutConstantSame, Severity: Breaking, Summary: "a file or ledger magic or the blob version changed"},
	{ID: CatalogIdNoDelete, Severity: Breaking, Summary: "a catalog id was removed"},
	{ID: CatalogIdNoReuse, Severity: Breaking, Summary: "a catalog id now names another item", Model: true},
	{ID: CatalogItemNoMove, Severity: Breaking, Summary: "a catalog item moved to another id", Model: true},
	{ID: CatalogIdSameClass, Severity: Breaking, Summary: "a catalog id's class changed"},
	{ID: CatalogIdSameChannel, Severity: Breaking, Summary: "a catalog id's acquisition channel changed"},
	{ID: CatalogIdCapacity, Severity: Breaking, Summary: "a catalog id is outside the ledger's bitmap", Model: true},
	{ID: CatalogSlotSame, Severity: Breaking, Summary: "a consumable's count slot changed"},
	{ID: CatalogSlotCapacity, Severity: Breaking, Summary: "a consumable slot is outside the ledger's counts", Model: true},
	{ID: CatalogSlotNoReuse, Severity: Breaking, Summary: "two consumables share a count slot", Model: true},
}

// Lookup returns the rule with the given id; ok is false for an id no rule has.
func Lookup(id string) (r Rule, ok bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// The Subject functions name the parts of a layout package as
// compatibility findings (gen/lock) and cuesrc.Error.Subject do.

// VersionSubject names version v of a layout package, e.g. "deck.v3".
func VersionSubject(layout string, v int) string { return layout + ".v" + strconv.Itoa(v) }

// FieldSubject names a field of a layout struct, e.g. "deck.DeckState.credits".
func FieldSubject(layout, strct, field string) string { return layout + "." + strct + "." + field }

// CatalogSubject names a catalog item, e.g. "deck.catalog.verb_scan".
func CatalogSubject(layout, item string) string { return layout + ".catalog." + item }

// CeilingSubject names a layout's ceiling, e.g. "deck.ceiling".
func CeilingSubject(layout string) string { return layout + ".ceiling" }
