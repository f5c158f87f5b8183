// Package modcopy copies this module into a scratch folder, for tests that
// change a copy (its schema, its generated code) and run go and the tools
// in it, as a user of the repository would.
package modcopy

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Copy copies the module's source at from into to, without .git, build
// output, node_modules and test binaries.
func Copy(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		name := d.Name()
		if d.IsDir() {
			if rel != "." && (name == ".git" || name == "node_modules" || rel == "bin" || strings.HasPrefix(name, ".generated.new-")) {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(to, rel), 0o777)
		}
		if !d.Type().IsRegular() || strings.HasSuffix(name, ".test") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o666)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Go runs the go command in dir with GoEnv and fails the test if it fails.
func Go(t testing.TB, dir string, args ...string) {
	t.Helper()
	if out, err := GoCmd(dir, args...).CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// GoCmd is the go command with args, to run in dir with GoEnv.
func GoCmd(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = GoEnv()
	return cmd
}

// GoEnv is the environment for go in a copy: no workspace, the module
// graph may be completed from the proxy if go.sum lacks a line, and
// -trimpath. A copy is a new folder each run, and without -trimpath the
// folder is part of every package's build cache key: each copy compiled
// schemagen and its dependencies anew (9 s on this 2-core machine, for
// each of the five copies make test makes); with it, a package that is
// the same in the copy is compiled once.
func GoEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod -trimpath")
}
