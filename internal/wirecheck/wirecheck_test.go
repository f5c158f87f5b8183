package wirecheck

import (
	"strings"
	"testing"
)

// fakeT records a Fatalf instead of stopping the test.
type fakeT struct {
	testing.TB
	failed string
}

func (f *fakeT) Helper() {}
func (f *fakeT) Fatalf(format string, args ...any) {
	f.failed = format
	panic(f)
}

func check(line string) (failed string) {
	ft := &fakeT{}
	defer func() {
		if r := recover(); r != nil && r != ft {
			panic(r)
		}
		failed = ft.failed
	}()
	Snapshot(ft, []byte(line))
	return ""
}

// TestSnapshotCheck: the check passes a good snapshot and catches what only
// the strict schema, only the Go types, or only the round trip would.
func TestSnapshotCheck(t *testing.T) {
	for _, tc := range []struct{ name, line, want string }{
		{"good", `{"cursor":1,"at":"2026-09-06T10:00:00Z","seats":[],"edges":[],"day":"2026-09-06","tallies":{}}`, ""},
		{"unknown property", `{"cursor":1,"at":"2026-09-06T10:00:00Z","seats":[],"paneId":"p1"}`, "snapshot breaks"},
		{"not JSON", `{"cursor":`, "snapshot is not JSON"},
		{"not canonical", `{"at":"2026-09-06T10:00:00Z","cursor":1,"seats":[]}`, "round trip"},
	} {
		got := check(tc.line)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: failure %q, want %q", tc.name, got, tc.want)
		}
	}
}
