//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package output_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/schemagen/schemagen/gen/output"
)

// TestWriteSweepsStaleTrees: the trees a crashed generate left beside
// generated/ (.generated.new-N, and .generated.new-N.old, the old tree
// moved aside) are removed by the next Write; nothing else is.
func TestWriteSweepsStaleTrees(t *testing.T) {
	root := t.TempDir()
	mk := func(name string) string {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Join(p, "go"), 0o755)
		os.WriteFile(filepath.Join(p, "go", "a.go"), []byte("half"), 0o644)
		return p
	}
	stale := []string{mk(".generated.new-123"), mk(".generated.new-4567.old")}
	keep := []string{mk(".generated.new-x1"), mk(".generated.newer"), mk("generated.new-5"), mk(".generated.new-9.bak")}
	os.WriteFile(filepath.Join(root, ".generated.new-77"), []byte("a file, not a tree"), 0o644)
	keep = append(keep, filepath.Join(root, ".generated.new-77"))
	set, _ := output.NewSet([]output.File{{Path: "a", Data: []byte("1")}})
	if err := set.Write(root); err != nil {
		t.Fatal(err)
	}
	for _, p := range stale {
		if _, err := os.Lstat(p); !os.IsNotExist(err) {
			t.Errorf("%s is still there", filepath.Base(p))
		}
	}
	for _, p := range keep {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
}

// TestWriteWaitsForALiveWriter: while another generate holds the module's
// lock, Write waits, and does not sweep the tree that generate is
// writing; once the lock is released it goes on.
func TestWriteWaitsForALiveWriter(t *testing.T) {
	root := t.TempDir()
	d, err := os.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := syscall.Flock(int(d.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	live := filepath.Join(root, ".generated.new-31337")
	os.Mkdir(live, 0o755)
	set, _ := output.NewSet([]output.File{{Path: "a", Data: []byte("1")}})
	done := make(chan error)
	go func() { done <- set.Write(root) }()
	select {
	case err := <-done:
		t.Fatalf("Write did not wait for the lock: %v", err)
	case <-time.After(200 * time.Millisecond):
	}
	if _, err := os.Stat(live); err != nil {
		t.Fatal("the live writer's tree was swept")
	}
	syscall.Flock(int(d.Fd()), syscall.LOCK_UN)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(live); !os.IsNotExist(err) {
		t.Error("the tree left behind is still there after the lock was released")
	}
}
