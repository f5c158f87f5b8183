// Package room is a host package that TestHostRecipe vets with the commands
// of the README and docs/exhaustive.md, in a module that requires schemagen.
package room

import "github.com/schemagen/schemagen/generated/go/fleet"

// Frames is built on every GOOS.
func Frames(p fleet.Pose) int {
	switch p { // vet: every GOOS
	case fleet.PoseWorking:
		return 4
	}
	return 0
}
