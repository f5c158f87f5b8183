package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/output"
)

// scratch copies the project's cue.mod and schema/ into a temp module root.
func scratch(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"cue.mod", "schema"} {
		copyTree(t, filepath.Join("..", "..", d), filepath.Join(dir, d))
	}
	return dir
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// snapshotTree reads every file under dir.
func snapshotTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[rel] = string(b)
		}
		return nil
	})
	return out
}

func schemagen(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestGenerateIsDeterministic(t *testing.T) {
	dir := scratch(t)
	// The committed lock is the baseline, so its history carries over.
	lock, err := os.ReadFile(filepath.Join("..", "..", "generated", "schema.lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "generated"), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "generated", "schema.lock.json"), lock, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	first := snapshotTree(t, filepath.Join(dir, "generated"))
	if len(first) == 0 {
		t.Fatal("generate wrote nothing")
	}
	if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("second generate: exit %d: %s", code, stderr)
	}
	if diff := cmp.Diff(first, snapshotTree(t, filepath.Join(dir, "generated"))); diff != "" {
		t.Errorf("two runs differ (-first +second):\n%s", diff)
	}
	// And the tree matches the one committed in this repository.
	if diff := cmp.Diff(snapshotTree(t, filepath.Join("..", "..", "generated")), first); diff != "" {
		t.Errorf("committed generated/ differs from a fresh run (-committed +fresh); run make generate:\n%s", diff)
	}
	if code, _, stderr := schemagen(t, "-C", dir, "check"); code != 0 {
		t.Errorf("check after generate: exit %d: %s", code, stderr)
	}
	// No temporary tree is left behind.
	if left, _ := filepath.Glob(filepath.Join(dir, ".generated*")); len(left) > 0 {
		t.Errorf("generate left %v", left)
	}
}

func TestCheckDetectsStaleMissingAndExtra(t *testing.T) {
	dir := scratch(t)
	if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	gen := filepath.Join(dir, "generated", "go", "fleet")
	stale := filepath.Join(gen, "enums.go")
	b, _ := os.ReadFile(stale)
	os.WriteFile(stale, bytes.Replace(b, []byte(`"celebrate"`), []byte(`"celebrating"`), 1), 0o644)
	os.Remove(filepath.Join(gen, "ledger.go"))
	os.WriteFile(filepath.Join(gen, "handwritten.go"), []byte("package fleet\n"), 0o644)

	code, _, stderr := schemagen(t, "-C", dir, "check")
	if code != exitCheck {
		t.Fatalf("check: exit %d, want %d; stderr:\n%s", code, exitCheck, stderr)
	}
	for _, want := range []string{
		"generated/ is not what generate would write (3 file(s))",
		"generated/go/fleet/enums.go:",
		`want: 	PoseCelebrate Pose = "celebrate"`,
		`have: 	PoseCelebrate Pose = "celebrating"`,
		"generated/go/fleet/handwritten.go: not written by generate",
		"generated/go/fleet/ledger.go: missing",
		"Run `make generate`",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("check output lacks %q:\n%s", want, stderr)
		}
	}
	// check never writes.
	if _, err := os.Stat(filepath.Join(gen, "ledger.go")); err == nil {
		t.Error("check wrote a file")
	}
}

func TestSchemaErrorWritesNothing(t *testing.T) {
	for _, tc := range []struct {
		name, file, content, want string
	}{
		{"syntax error", "schema/fleet/zz.cue", "package fleet\n\n// Broken is broken.\n#Broken: {\n\ta!: \n}\n",
			"schema/fleet/zz.cue:6:1: expected operand, found '}'"},
		{"name collision", "schema/fleet/zz.cue", "package fleet\n\n// PoseWorking collides with a member constant.\n#PoseWorking: {\n\t// A.\n\ta!: string\n}\n",
			"schema/fleet/zz.cue:4:1: #PoseWorking: Go name PoseWorking is already taken by #Pose member \"working\" (schema/fleet/enums.cue:13:2)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := scratch(t)
			if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
				t.Fatalf("generate: exit %d: %s", code, stderr)
			}
			before := snapshotTree(t, dir)
			os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.content), 0o644)
			before[filepath.FromSlash(tc.file)] = tc.content
			for _, cmd := range []string{"generate", "check"} {
				code, _, stderr := schemagen(t, "-C", dir, cmd)
				if code != exitInput {
					t.Errorf("%s: exit %d, want %d", cmd, code, exitInput)
				}
				if !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "nothing was written") {
					t.Errorf("%s: stderr lacks %q:\n%s", cmd, tc.want, stderr)
				}
			}
			if diff := cmp.Diff(before, snapshotTree(t, dir)); diff != "" {
				t.Errorf("a failing run changed files (-before +after):\n%s", diff)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "usage: schemagen"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"-C", "/nonexistent", "generate"}, "has no cue.mod"},
		{[]string{"-C", "../..", "generate", "extra"}, "generate takes 0 argument(s)"},
		{[]string{"-nope"}, "flag provided but not defined"},
	} {
		code, _, stderr := schemagen(t, tc.args...)
		if code != exitInput || !strings.Contains(stderr, tc.want) {
			t.Errorf("schemagen %q: exit %d, stderr %q; want exit 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestCheckGoRunsOnWhatChanges: generate type-checks a Go package it is
// about to write, and refuses Go that does not compile (issue 13: code
// that did not compile was once written and check passed).
func TestCheckGoRunsOnWhatChanges(t *testing.T) {
	root := t.TempDir()
	bad := output.Set{{Path: "go/w/a.go", Data: []byte("package w\n\ntype T struct{}\n\ntype T int\n")}}
	if err := checkGo(root, bad); err == nil || !strings.Contains(err.Error(), "T redeclared") {
		t.Errorf("checkGo of a redeclared type = %v, want a refusal naming it", err)
	}
	good := output.Set{{Path: "go/w/a.go", Data: []byte("package w\n\ntype T struct{}\n")}, {Path: "x.json", Data: []byte("{}")}}
	if err := checkGo(root, good); err != nil {
		t.Errorf("checkGo of a clean package = %v", err)
	}
}
