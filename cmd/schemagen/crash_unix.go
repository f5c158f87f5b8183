//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"os"
	"strings"
	"syscall"

	"github.com/schemagen/schemagen/gen/output"
)

// crashEnv names a step of the publish of generated/ (output.SetStepHook)
// at which schemagen kills itself with SIGKILL, as a power cut or kill -9
// would stop it there: the crash test's way to stop generate at an exact
// step (TestCrashAtEveryStep). A value "renames:STEP" first makes the swap
// the two-rename fallback (output.UseRenameSwap). Unset, as always outside
// that test, it does nothing.
const crashEnv = "SCHEMAGEN_CRASH_AT"

func armCrash() {
	at := os.Getenv(crashEnv)
	if at == "" {
		return
	}
	if rest, ok := strings.CutPrefix(at, "renames:"); ok {
		output.UseRenameSwap()
		at = rest
	}
	output.SetStepHook(func(step string) error {
		if step == at {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {} // the signal is on its way
		}
		return nil
	})
}
