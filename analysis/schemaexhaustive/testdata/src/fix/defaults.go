package fix

import "fleet"

// Switches with a default clause: after the fix, every member that reached
// default still reaches it. And switches whose comments must stay with the
// statement they belong to.

func defaultLast(p fleet.Pose) string {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
		return "working"
	case fleet.PoseThinking:
		return "thinking"
	default:
		return "default"
	}
}

func defaultFirst(p fleet.Pose) string {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	default:
		return "default"
	case fleet.PoseWorking:
		return "working"
	}
}

func defaultMiddle(p fleet.Pose) (s string) {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseCelebrate$`
	case fleet.PoseWorking:
		s += "working,"
		fallthrough
	default:
		s += "default,"
		fallthrough
	case fleet.PoseResting:
		s += "resting"
	}
	return s
}

func defaultCommented(p fleet.Pose) string {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseCelebrate$`
	case fleet.PoseWorking, fleet.PoseThinking, fleet.PoseResting:
		return "known"
	// Whatever the schema adds lands here
	// until someone answers it.
	default: // the quiet path
		return "default"
	}
}

func defaultAfterBlank(p fleet.Pose) string {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
		return "working"

	// A comment of default's, after a blank line.
	default:
		return "default"
	}
}

func defaultEmpty(p fleet.Pose) (s string) {
	s = "before"
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
		s = "working"
	default:
	}
	return s
}

func defaultEmptyFallenInto(p fleet.Pose) (n int) {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
		n++
		fallthrough
	default:
		// Nothing to do.
	}
	return n
}

func trailingComment(p fleet.Pose) int {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
		return 1 // one for work
	default:
		return 0
	}
}

func trailingCommentNoDefault(p fleet.Pose) int {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
		return 1 // one for work
	}
	return 0
}

func switchLineComment(p fleet.Pose) int {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	default:
		return 0
	case fleet.PoseWorking:
		return 1
	}
}

func clauseEndsInComment(p fleet.Pose) int {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
		return 1
		// The last line of working's clause.
	default:
		return 0
	}
}

func clauseEndsInCommentNoDefault(p fleet.Pose) int {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
		return 1
		// The last line of working's clause.
	}
	return 0
}

func rowsEmptyDefault(r fleet.LedgerRow) (s string) {
	s = "none"
	switch x := r.(type) { // want `^missing cases in type switch of type fleet.LedgerRow: \*FailedRow, \*ShippedRow$`
	case *fleet.PassedRow:
		s = x.SeatID
	default:
	}
	return s
}

func rowsDefault(r fleet.LedgerRow) string {
	switch r.(type) { // want `^missing cases in type switch of type fleet.LedgerRow: \*ShippedRow \(no fix: they reach default today, and a type switch cannot fall through to it; decide which case each belongs in\)$`
	case *fleet.PassedRow, *fleet.FailedRow:
		return "settled"
	default:
		return "default"
	}
}

var favourite = fleet.PoseCelebrate

func variableAfterDefault(p fleet.Pose) string {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate \(no fix: they reach default today, and a case added before default would be tested before the non-constant case after it; decide where each belongs\)$`
	case fleet.PoseWorking:
		return "working"
	default:
		return "default"
	case favourite:
		return "favourite"
	}
}

func constantAfterDefault(p fleet.Pose) string {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseCelebrate$`
	default:
		return "default"
	case fleet.PoseWorking:
		return "working"
	case "resting":
		return "resting"
	}
}

func onlyDefault(p fleet.Pose) int {
	switch p { // frames per pose // want `^missing cases in switch of type fleet.Pose: PoseWorking, PoseThinking, PoseResting, PoseCelebrate$`
	default:
		return 0
	}
}
