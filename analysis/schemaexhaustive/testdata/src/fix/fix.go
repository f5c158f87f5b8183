// Package fix holds the switches whose suggested fixes the .golden files
// show. TestFixKeepsBehaviour calls every function of one schema value here
// with every member, before and after the fixes, and compares the results:
// each returns or panics with what shows the path it took.
package fix

import "fleet"

func atEnd(p fleet.Pose) int {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
		return 1
	case fleet.PoseThinking:
		return 2
	}
	return 0
}

func beforeDefault(p fleet.Pose) int {
	if p != "" {
		switch p { // want `^missing cases in switch of type fleet.Pose: PoseCelebrate$`
		case fleet.PoseWorking, fleet.PoseThinking, fleet.PoseResting:
			return 1
		// What is left.
		default:
			return 0
		}
	}
	return -1
}

func fallsThrough(p fleet.Pose) (n int) {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case fleet.PoseWorking:
		n++
		fallthrough
	default:
		n++
	}
	return n
}

func empty(o fleet.Outcome) {
	switch o { // want `^missing cases in switch of type fleet.Outcome: OutcomePassed, OutcomeFailed$`
	}
}

func rows(r fleet.LedgerRow) string {
	switch r := r.(type) { // want `^missing cases in type switch of type fleet.LedgerRow: \*FailedRow, \*ShippedRow$`
	case *fleet.PassedRow:
		return r.SeatID
	}
	return ""
}

func labelled(p fleet.Pose) (n int) {
loop:
	for ; n < 3; n++ {
		switch p { // want `^missing cases in switch of type fleet.Pose: PoseWorking, PoseThinking, PoseResting$`
		case fleet.PoseCelebrate:
			break loop
		}
	}
	return n
}

func noMapFix() {
	_ = map[fleet.Outcome]bool{fleet.OutcomePassed: true} // want `^missing keys in map literal keyed by fleet.Outcome: OutcomeFailed$`
}
