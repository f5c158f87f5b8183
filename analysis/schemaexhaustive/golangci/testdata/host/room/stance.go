// Package room is a host package with consumers of fleet.Pose, as a host
// team would have them: TestCustomGCL lints it with the recipe's
// golangci-lint. Every line marked "reported" must be reported by
// schemaexhaustive, and no other; several carry the same message, as every
// consumer does after a widening.
package room

import "github.com/schemagen/schemagen/generated/go/fleet"

// Frames is how many frames each pose's animation has.
func Frames(p fleet.Pose) int {
	switch p { // reported
	case fleet.PoseWorking:
		return 4
	}
	return 0
}

// Loops says whether a pose's animation loops.
func Loops(p fleet.Pose) bool {
	switch p { // reported
	case fleet.PoseWorking:
		return true
	}
	return false
}

// Sound names a pose's sound.
func Sound(p fleet.Pose) string {
	switch p { // reported
	case fleet.PoseWorking:
		return "hammer"
	}
	return ""
}

// Speed is a pose's animation speed.
func Speed(p fleet.Pose) float64 {
	switch p { // reported
	case fleet.PoseWorking:
		return 1
	default:
		return 0.5
	}
}

// Animation names each pose's animation.
var Animation = map[fleet.Pose]string{ // reported
	fleet.PoseWorking: "hammer",
}

// Quiet is deliberately partial.
func Quiet(p fleet.Pose) bool {
	//schemavet:ignore only working is loud
	switch p {
	case fleet.PoseWorking:
		return false
	}
	return true
}

// Mistyped has a hatch that is not one.
func Mistyped(p fleet.Pose) bool {
	//schemavet:ignore: only working is loud // reported
	switch p { // reported
	case fleet.PoseWorking:
		return false
	}
	return true
}

// Row names a ledger row's kind.
func Row(r fleet.LedgerRow) string {
	switch r.(type) { // reported
	case *fleet.PassedRow:
		return "passed"
	}
	return ""
}
