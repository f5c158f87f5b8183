// Package cfg is checked with DefaultCountsAsExhaustive.
package cfg

import "fleet"

func f(p fleet.Pose, r fleet.LedgerRow) {
	switch p { // silent: a default counts under this config
	case fleet.PoseWorking:
	default:
	}

	switch p { // want `^missing cases in switch of type fleet.Pose: PoseResting, PoseCelebrate$`
	case fleet.PoseWorking, fleet.PoseThinking:
	}

	switch r.(type) { // silent: a default counts under this config
	default:
	}

	_ = map[fleet.Pose]int{ // want `^missing keys in map literal keyed by fleet.Pose: PoseCelebrate$`
		fleet.PoseWorking: 1, fleet.PoseThinking: 2, fleet.PoseResting: 3,
	}
}
