//go:build integration

package room

import (
	"testing"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// TestPoses is built with -tags integration only.
func TestPoses(t *testing.T) {
	for _, p := range []fleet.Pose{fleet.PoseWorking} {
		switch p { // vet: -tags integration
		case fleet.PoseWorking:
		}
	}
}
