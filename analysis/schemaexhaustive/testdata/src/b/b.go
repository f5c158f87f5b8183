// Package b hands out schema values without its callers importing fleet.
package b

import "fleet"

// Current returns a pose.
func Current() fleet.Pose { return fleet.PoseWorking }
