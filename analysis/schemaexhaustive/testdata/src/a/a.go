// Package a uses the fake generated package fleet the way a host package
// does: every diagnostic kind, and the lines that must stay silent.
package a

import (
	"b"
	"fleet"
)

type poseAlias = fleet.Pose // the same type under another name

type myPose fleet.Pose // another type: not a schema enum

const alsoWorking = fleet.PoseWorking // another name for a member

func switches(p fleet.Pose, q poseAlias, s string, c fleet.Color, m myPose, v fleet.Pose) {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseResting, PoseCelebrate$`
	case fleet.PoseWorking, fleet.PoseThinking:
	}

	switch p { // want `^missing cases in switch of type fleet.Pose: PoseCelebrate$`
	case fleet.PoseWorking, fleet.PoseThinking, fleet.PoseResting:
	default: // a default does not count
	}

	switch p { // silent: complete
	case fleet.PoseWorking:
	case fleet.PoseThinking:
	case fleet.PoseResting:
	case fleet.PoseCelebrate:
	}

	switch q { // silent: complete through an alias, another constant name and a literal
	case alsoWorking, "thinking", fleet.Pose("resting"), fleet.PoseCelebrate:
	}

	switch q { // want `^missing cases in switch of type fleet.Pose: PoseCelebrate$`
	case fleet.PoseWorking, fleet.PoseThinking, fleet.PoseResting: // through the alias: still fleet.Pose
	}

	switch x := fleet.Pose(s); x { // want `^missing cases in switch of type fleet.Pose: PoseWorking, PoseThinking, PoseResting$`
	case fleet.PoseCelebrate:
	}

	switch p { // want `^missing cases in switch of type fleet.Pose: PoseCelebrate$`
	case fleet.PoseWorking, fleet.PoseThinking, fleet.PoseResting, v: // v is not a constant: it covers nothing
	}

	switch b.Current() { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
	}

	switch s { // silent: a plain string
	case "working":
	}

	switch c { // silent: Color has constants but is not in the schema
	case fleet.Red:
	}

	switch m { // silent: myPose is another type
	case myPose(fleet.PoseWorking):
	}

	switch { // silent: no tag
	case p == fleet.PoseWorking:
	}

	//schemavet:ignore only the working poses animate here
	switch p { // silent: a hatch with a reason
	case fleet.PoseWorking:
	}

	switch p { //schemavet:ignore the rest are drawn by the app
	case fleet.PoseWorking:
	}

	//schemavet:ignore // want `^//schemavet:ignore needs a reason: say why this need not handle every member$`
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
	}

	//schemavet:ignore nothing here needs it // want `^//schemavet:ignore is not on a switch or map literal over a schema enum or union$`
	switch s {
	case "x":
	}

	//schemavet:ignoreall is not the hatch // want `^"//schemavet:ignoreall" is not a hatch: write //schemavet:ignore, a space, then the reason$`
	_ = s

	//schemavet:ignore: only loud poses // want `^"//schemavet:ignore:" is not a hatch: write //schemavet:ignore, a space, then the reason$`
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
	}

	// schemavet:ignore only loud poses // want `^"// schemavet:ignore" is not a hatch: write //schemavet:ignore <reason>, with no space after //$`
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
	}

	//schemavet:skip only loud poses // want `^"//schemavet:skip" is not a hatch: the only schemavet directive is //schemavet:ignore <reason>$`
	//schemavet: // want `^"//schemavet:" is not a hatch: the only schemavet directive is //schemavet:ignore <reason>$`
	_ = s

	// The hatch is //schemavet:ignore <reason>, silent: a comment that mentions it is not one.
	_ = s

	_ = s      //schemavet:ignore a hatch at the end of another line // want `^//schemavet:ignore is not on a switch or map literal over a schema enum or union$`
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseCelebrate$`
	case fleet.PoseWorking, fleet.PoseThinking, fleet.PoseResting:
	}
}

// settled switches over a union whose variants are another union's too.
func settled(s fleet.SettledRow) {
	switch s.(type) { // want `^missing cases in type switch of type fleet.SettledRow: \*FailedRow$`
	case *fleet.PassedRow:
	}

	switch s.(type) { // silent: complete, though LedgerRow has a third variant
	case *fleet.PassedRow, *fleet.FailedRow:
	}
}

func typeSwitches(r fleet.LedgerRow, k interface{ Kind() string }) {
	switch r.(type) { // want `^missing cases in type switch of type fleet.LedgerRow: \*FailedRow, \*ShippedRow$`
	case *fleet.PassedRow:
	}

	switch x := r.(type) { // want `^missing cases in type switch of type fleet.LedgerRow: \*ShippedRow$`
	case *fleet.PassedRow, *fleet.FailedRow:
		_ = x
	case nil: // nil catches no variant
	default: // a default does not count
	}

	switch r.(type) { // silent: complete
	case *fleet.PassedRow:
	case *fleet.FailedRow:
	case *fleet.ShippedRow:
	}

	switch r.(type) { // silent: an interface case catches every variant that implements it
	case *fleet.PassedRow:
	case interface{ Kind() string }:
	}

	switch k.(type) { // silent: not a schema union
	case *fleet.PassedRow:
	}

	//schemavet:ignore rows are only logged here
	switch r.(type) {
	case *fleet.PassedRow:
	}
}

// unionFields: a type switch over a union-typed field, a list element or a
// map value is checked as over any value of the union.
func unionFields(l fleet.Ledger) {
	switch l.Last.(type) { // want `^missing cases in type switch of type fleet.LedgerRow: \*ShippedRow$`
	case *fleet.PassedRow, *fleet.FailedRow:
	case nil: // an absent field; still no variant
	}

	for _, r := range l.Rows {
		switch r.(type) { // want `^missing cases in type switch of type fleet.LedgerRow: \*FailedRow$`
		case *fleet.PassedRow, *fleet.ShippedRow:
		}
	}

	switch x := l.BySeat["s-1"].(type) { // want `^missing cases in type switch of type fleet.LedgerRow: \*PassedRow, \*FailedRow$`
	case *fleet.ShippedRow:
		_ = x
	}

	switch l.Rows[0].(type) { // silent: complete
	case *fleet.PassedRow, *fleet.FailedRow, *fleet.ShippedRow:
	}
}

// Animation is the host's twin of the app's POSE_ANIMATION map.
var Animation = map[fleet.Pose]string{ // want `^missing keys in map literal keyed by fleet.Pose: PoseCelebrate$`
	fleet.PoseWorking:  "hammer",
	fleet.PoseThinking: "chin",
	fleet.PoseResting:  "nap",
}

// Complete is silent.
var Complete = map[poseAlias]int{
	fleet.PoseWorking:   1,
	fleet.PoseThinking:  2,
	fleet.PoseResting:   3,
	fleet.PoseCelebrate: 4,
}

type byOutcome map[fleet.Outcome]string

type theme struct {
	Names  map[fleet.Outcome]string
	Nested map[string]map[fleet.Pose]bool
	List   []byOutcome
}

func maps(key fleet.Pose) {
	_ = map[fleet.Pose]int{} // silent: an empty literal builds a map

	_ = theme{
		Names: map[fleet.Outcome]string{ // want `^missing keys in map literal keyed by fleet.Outcome: OutcomeFailed$`
			fleet.OutcomePassed: "green",
		},
		Nested: map[string]map[fleet.Pose]bool{
			"a": { // want `^missing keys in map literal keyed by fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
				fleet.PoseWorking: true,
			},
		},
		List: []byOutcome{
			{fleet.OutcomePassed: "p", fleet.OutcomeFailed: "f"}, // silent: complete, through a named map type
			{fleet.OutcomeFailed: "f"},                           // want `^missing keys in map literal keyed by fleet.Outcome: OutcomePassed$`
		},
	}

	_ = map[fleet.Pose]int{ // want `^missing keys in map literal keyed by fleet.Pose: PoseCelebrate$`
		fleet.PoseWorking:  1,
		fleet.PoseThinking: 2,
		fleet.PoseResting:  3,
		key:                4, // not a constant: covers nothing
	}

	_ = map[poseAlias]int{fleet.PoseWorking: 1} // want `^missing keys in map literal keyed by fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`

	//schemavet:ignore only two colors are drawn
	_ = map[fleet.Pose]int{fleet.PoseWorking: 1}

	_ = map[fleet.Color]int{fleet.Red: 1} // silent: not a schema enum
}

func generic[P fleet.Pose](p P) {
	switch p { // silent: a type parameter is not the enum type
	case P(fleet.PoseWorking):
	}
}
