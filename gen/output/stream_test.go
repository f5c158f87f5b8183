//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package output_test

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/output"
)

// TestStreamAbortLeavesNothing: a run that stops after some of its files
// were written into the next tree (an emitter's error, a breaking change,
// the Go check) leaves generated/ as it was and no temporary tree beside
// it.
func TestStreamAbortLeavesNothing(t *testing.T) {
	root := setUp(t)
	l := locked(t, root)
	st := l.Stream()
	if err := st.Add(newSet[:2]...); err != nil {
		t.Fatal(err)
	}
	if len(leftovers(root)) != 1 {
		t.Fatalf("the changed files were not written as they came: %v", leftovers(root))
	}
	st.Abort()
	untouched(t, root)
}

// TestStreamFaultMidway: a write that fails half-way through the stream
// is the error of every later Add, says nothing changed, and leaves
// generated/ as it was and no temporary tree once aborted.
func TestStreamFaultMidway(t *testing.T) {
	root := setUp(t)
	l := locked(t, root)
	fault := errors.New("injected fault")
	defer output.SetStepHook(output.SetStepHook(func(s string) error {
		if s == "write ts/fleet.ts" {
			return fault
		}
		return nil
	}))
	st := l.Stream()
	var first error
	for _, f := range newSet {
		if err := st.Add(f); err != nil && first == nil {
			first = err
		}
	}
	if !errors.Is(first, fault) || !strings.Contains(first.Error(), "nothing changed: generated/ is the previous tree") {
		t.Fatalf("Add = %v", first)
	}
	if err := st.Add(output.File{Path: "later.txt", Data: []byte("x")}); !errors.Is(err, fault) {
		t.Errorf("a later Add = %v, want the fault", err)
	}
	if _, err := st.Changes(); !errors.Is(err, fault) {
		t.Errorf("Changes = %v, want the fault", err)
	}
	if err := st.Publish(); !errors.Is(err, fault) {
		t.Errorf("Publish = %v, want the fault", err)
	}
	st.Abort()
	untouched(t, root)
}

// TestStreamNoChangeCreatesNothing: when every file is as on disk, the
// stream makes no temporary tree at all, and finds no change.
func TestStreamNoChangeCreatesNothing(t *testing.T) {
	root := setUp(t)
	l := locked(t, root)
	var steps []string
	defer output.SetStepHook(output.SetStepHook(func(s string) error { steps = append(steps, s); return nil }))
	st := l.Stream()
	defer st.Abort()
	if err := st.Add(oldSet...); err != nil {
		t.Fatal(err)
	}
	if c, err := st.Changes(); err != nil || len(c) != 0 {
		t.Errorf("Changes = %v, %v; want none", c, err)
	}
	if len(steps) > 0 || len(leftovers(root)) > 0 {
		t.Errorf("steps %q, trees %v; want none", steps, leftovers(root))
	}
}

// TestStreamIsWrite: the files added from several goroutines at once, in
// any order, make the tree Write makes, and Changes finds what Diff finds
// (the files' paths and kinds).
func TestStreamIsWrite(t *testing.T) {
	want := setUp(t)
	if err := newSet.Write(want, "generated"); err != nil {
		t.Fatal(err)
	}
	root := setUp(t)
	diff, err := newSet.Diff(root, "generated")
	if err != nil {
		t.Fatal(err)
	}
	l := locked(t, root)
	st := l.Stream()
	defer st.Abort()
	var wg sync.WaitGroup
	for _, f := range newSet {
		wg.Go(func() {
			if err := st.Add(f); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	changes, err := st.Changes()
	if err != nil {
		t.Fatal(err)
	}
	kinds := func(cs []output.Change) (s []string) {
		for _, c := range cs {
			s = append(s, c.Path+" "+c.Kind)
		}
		return s
	}
	if !cmp.Equal(kinds(diff), kinds(changes)) {
		t.Errorf("Changes (-Diff +Changes):\n%s", cmp.Diff(kinds(diff), kinds(changes)))
	}
	if err := st.Publish(); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, root+"/generated"); !cmp.Equal(got, readTree(t, want+"/generated")) {
		t.Errorf("the streamed tree is not Write's (-want +got):\n%s", cmp.Diff(readTree(t, want+"/generated"), got))
	}
	if l := leftovers(root); len(l) > 0 {
		t.Errorf("left behind: %v", l)
	}
}

// TestStreamRefusesTwoWriters: a path added twice (two emitters write it)
// or not clean is refused.
func TestStreamRefusesTwoWriters(t *testing.T) {
	root := t.TempDir()
	l := locked(t, root)
	st := l.Stream()
	defer st.Abort()
	if err := st.Add(output.File{Path: "a/b.go", Data: []byte("1")}); err != nil {
		t.Fatal(err)
	}
	if err := st.Add(output.File{Path: "a/b.go", Data: []byte("2")}); err == nil || !strings.Contains(err.Error(), "two emitters write a/b.go") {
		t.Errorf("a second a/b.go: %v", err)
	}
	st2 := l.Stream()
	defer st2.Abort()
	if err := st2.Add(output.File{Path: "../x", Data: []byte("1")}); err == nil {
		t.Error("../x was taken")
	}
}

// untouched fails t unless generated/ under root is the old set (with the
// user's own file) and no temporary tree is left beside it.
func untouched(t *testing.T, root string) {
	t.Helper()
	if got := readTree(t, root+"/generated"); !cmp.Equal(got, withUser(oldSet)) {
		t.Errorf("generated/ changed (-want +got):\n%s", cmp.Diff(withUser(oldSet), got))
	}
	if l := leftovers(root); len(l) > 0 {
		t.Errorf("left behind: %v", l)
	}
}

// locked takes generate's lock on root's generated/ for the test, and
// lets it go when the test ends.
func locked(t *testing.T, root string) *output.Locked {
	t.Helper()
	l, err := output.Lock(root, "generated")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Unlock)
	return l
}
