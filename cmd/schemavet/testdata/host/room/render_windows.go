package room

import "github.com/schemagen/schemagen/generated/go/fleet"

// Native is built on windows only: a plain go vet on linux never sees it.
func Native(p fleet.Pose) int {
	switch p { // vet: GOOS=windows
	case fleet.PoseWorking:
		return 1
	}
	return 0
}
