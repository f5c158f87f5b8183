package fix

import "b"

// The file does not import fleet, so there is no name to write the cases
// with: the switch is reported without a fix.
func noImport() {
	switch b.Current() { // want `^missing cases in switch of type fleet.Pose: PoseThinking, PoseResting, PoseCelebrate$`
	case "working":
	}
}
