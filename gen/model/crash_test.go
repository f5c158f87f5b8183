package model

import (
	"os"
	"testing"
)

// init makes a panic of the resolver fail every test of this package (and
// of the conformance tests, which set it too) rather than turn into an
// error the goldens would record.
func init() { os.Setenv("SCHEMAGEN_PANIC", "1") }

// TestResolveSafely: a resolver that panics (here one with no package to
// read) gives the panic as crashed, and no package, when SCHEMAGEN_PANIC
// is unset; with it set, the panic goes on.
func TestResolveSafely(t *testing.T) {
	t.Setenv("SCHEMAGEN_PANIC", "")
	pkg, crashed := resolveSafely(&resolver{})
	if crashed == nil || pkg != nil {
		t.Fatalf("resolveSafely(broken resolver) = %v, %v; want nil and the panic", pkg, crashed)
	}
	t.Setenv("SCHEMAGEN_PANIC", "1")
	defer func() {
		if recover() == nil {
			t.Error("with SCHEMAGEN_PANIC set, the panic did not go on")
		}
	}()
	resolveSafely(&resolver{})
}
