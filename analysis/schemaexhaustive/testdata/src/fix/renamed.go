package fix

import f "fleet"

func renamed(p f.Pose) {
	switch p { // want `^missing cases in switch of type fleet.Pose: PoseCelebrate$`
	case f.PoseWorking, f.PoseThinking, f.PoseResting:
	}
}
