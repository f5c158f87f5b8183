// Package schemaexhaustive defines an Analyzer that checks that every switch
// and map literal over a schema enum, and every type switch over a schema
// union, handles every member.
//
// # Analyzer schemaexhaustive
//
// schemaexhaustive: check that switches and map literals over schema enums
// and unions are exhaustive
//
// Adding a member to an enum of the schema is a widening: every consumer that
// handles each member must now answer the new one (ADR 0162). This analyzer
// finds those consumers. It checks exactly the types the generator marks in
// their doc comment, and nothing it would have to guess:
//
//   - //schemagen:enum on a defined string or integer type: its members are
//     the package-level constants of exactly that type declared in its
//     package, in declaration order;
//   - //schemagen:union on an interface: its variants are the package's
//     defined non-interface types T whose pointer *T implements it.
//
// Each marked type gets an [EnumFact] or [UnionFact] in its own package, so a
// switch in any package that imports it is checked. Files marked
// "// Code generated … DO NOT EDIT." are read for the facts but never checked.
//
// It reports, naming the missing members by their Go names in declaration
// order:
//
//	missing cases in switch of type fleet.Pose: PoseResting, PoseCelebrate
//	missing keys in map literal keyed by fleet.Pose: PoseCelebrate
//	missing cases in type switch of type fleet.LedgerRow: *ShippedRow
//
// for
//
//   - a switch whose tag is of an enum type (through any alias), unless its
//     cases list every member. A case covers the member with its constant
//     value, whatever the expression is called (another constant of the same
//     value, an untyped literal). A case that is not a constant covers
//     nothing: a variable may hold anything, so the member stays missing. A
//     default clause does not count, unless Config.DefaultCountsAsExhaustive;
//   - a map composite literal whose key type is an enum, wherever it is (a
//     field value, an element of another literal with its type elided),
//     unless it has every member as a constant key. An empty literal, which
//     builds a map rather than tabling one, is not checked;
//   - a type switch on a value of a union type, unless a case catches each
//     variant: case *T for variant T, or a case of an interface type that *T
//     implements. nil catches none.
//
// A defined type whose underlying type is an enum (type MyPose fleet.Pose) is
// another type and is not checked; neither is a type parameter constrained by
// one.
//
// # Escape hatch
//
// A comment
//
//	//schemavet:ignore <reason>
//
// on the line of the switch or literal, or alone on the line above it,
// exempts it. The reason is the rest of the comment, up to any further "//";
// it is required: a hatch without one is reported and
// exempts nothing. A hatch that is on no checked switch or literal is
// reported too, so none outlives what it excused. So is every other comment
// meant for schemavet, since a mistyped hatch exempts nothing: one that
// starts with //schemavet: but is not a hatch (//schemavet:ignore: with a
// colon, //schemavet:ignoreall, any other word), and // schemavet: with a
// space.
//
// # Suggested fix
//
// A switch or type switch that misses members gets a fix that adds them
// without changing what the switch does for any value it handled before.
// With no default clause, each missing member gets a clause at the end,
// stubbed to fail loudly until someone answers it:
//
//	case fleet.PoseCelebrate:
//		panic("unhandled fleet.PoseCelebrate")
//
// With a default clause, wherever it is, the missing members reached it and
// still do: one clause lists them all just before default (and the comment
// lines above default, which are default's), with a body of fallthrough, or
// an empty one when default's is empty:
//
//	case fleet.PoseResting, fleet.PoseCelebrate:
//		fallthrough
//	default:
//
// No fix is offered, and the message ends with what is left to decide, for
// a type switch whose default has a body (a type switch cannot fall
// through), or a switch with a case after default that is not a constant
// (the new case would be tested before it). No fix is offered either when
// the file does not import the enum's package, nor for a map literal: an
// entry with a zero value would answer the widening silently and wrongly,
// which is worse than the diagnostic. The edit goes in at the start of a
// line and is gofmt-clean for gofmt-formatted code; every comment stays
// where it was.
package schemaexhaustive
