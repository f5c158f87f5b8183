package golangci_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// TestCustomGCL proves the recipe of docs/exhaustive.md for real: it builds
// golangci-lint with the plugin from testdata/.custom-gcl.yml, runs it with
// testdata/.golangci.yml over a host module (testdata/host, which requires
// this module through a replace directive), and checks that schemaexhaustive
// reports exactly the lines marked "reported", beside exhaustive too; that
// each issues setting of the recipe is needed (without it, reports go); and
// that a mistyped setting stops the run.
//
// golangci-lint custom clones golangci-lint with git; this test takes the
// same version from the Go module proxy instead and then does what custom
// does (write cmd/golangci-lint/plugins.go, replace the plugin's module by
// the local checkout, go mod tidy, go build). Building golangci-lint takes
// minutes, so the test runs only with SCHEMAGEN_GOLANGCI=1:
//
//	SCHEMAGEN_GOLANGCI=1 go test ./analysis/schemaexhaustive/golangci -run CustomGCL -v
func TestCustomGCL(t *testing.T) {
	if os.Getenv("SCHEMAGEN_GOLANGCI") == "" {
		t.Skip("builds golangci-lint (minutes); set SCHEMAGEN_GOLANGCI=1 to run")
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Minute)
	defer cancel()
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}

	var custom struct {
		Version string
		Name    string
		Plugins []struct{ Module, Import, Version string }
	}
	if err := yaml.Unmarshal(readTestFile(t, filepath.Join("testdata", ".custom-gcl.yml")), &custom); err != nil {
		t.Fatal(err)
	}
	if len(custom.Plugins) != 1 || custom.Plugins[0].Module != "github.com/schemagen/schemagen" ||
		custom.Plugins[0].Import != "github.com/schemagen/schemagen/analysis/schemaexhaustive/golangci" {
		t.Fatalf(".custom-gcl.yml does not name this plugin: %+v", custom)
	}

	// What golangci-lint custom does, from the module proxy.
	tmp := t.TempDir()
	var dl struct{ Dir, Error string }
	out := run(t, ctx, tmp, nil, "go", "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+custom.Version)
	if err := json.Unmarshal(out, &dl); err != nil || dl.Dir == "" {
		t.Fatalf("go mod download: %v %s\n%s", err, dl.Error, out)
	}
	repo := filepath.Join(tmp, "golangci-lint")
	if err := os.CopyFS(repo, os.DirFS(dl.Dir)); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(repo, "cmd", "golangci-lint", "plugins.go"),
		fmt.Sprintf("package main\n\nimport _ %q\n", custom.Plugins[0].Import))
	run(t, ctx, repo, nil, "go", "mod", "edit", "-replace", custom.Plugins[0].Module+"="+root)
	// The checkout's go.sum vouches for its own requirements, so that no
	// checksum database is asked about them.
	appendFile(t, filepath.Join(repo, "go.sum"), readTestFile(t, filepath.Join(root, "go.sum")))
	run(t, ctx, repo, nil, "go", "mod", "tidy")
	gcl := filepath.Join(tmp, custom.Name)
	run(t, ctx, repo, nil, "go", "build", "-o", gcl, "./cmd/golangci-lint")
	t.Logf("built %s %s with the plugin in %s", custom.Name, custom.Version, time.Since(start).Round(time.Second))

	// The host module, with the recipe's .golangci.yml.
	host := filepath.Join(tmp, "host")
	if err := os.CopyFS(host, os.DirFS(filepath.Join("testdata", "host"))); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(host, "go.mod"), "module example.com/host\n\ngo 1.26.0\n\n"+
		"require github.com/schemagen/schemagen v0.0.0\n\nreplace github.com/schemagen/schemagen => "+root+"\n")
	writeFile(t, filepath.Join(host, "go.sum"), string(readTestFile(t, filepath.Join(root, "go.sum"))))
	writeFile(t, filepath.Join(host, ".golangci.yml"), string(readTestFile(t, filepath.Join("testdata", ".golangci.yml"))))
	run(t, ctx, host, nil, "go", "mod", "tidy")
	want := reportedLines(t, host)
	env := []string{"GOLANGCI_LINT_CACHE=" + filepath.Join(tmp, "cache")}
	run(t, ctx, host, env, gcl, "config", "verify")

	lint := func(args ...string) (ours, theirs []string) {
		t.Helper()
		args = append([]string{"run", "--output.text.print-issued-lines=false", "--show-stats=false"}, args...)
		cmd := exec.CommandContext(ctx, gcl, append(args, "./...")...)
		cmd.Dir, cmd.Env = host, append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); err != nil && code != 1 { // 1: issues found
			t.Fatalf("%s %s: %v\n%s", gcl, strings.Join(args, " "), err, out)
		}
		for _, m := range issueLine.FindAllStringSubmatch(string(out), -1) {
			at := m[1] + ":" + m[2]
			switch m[4] {
			case "schemaexhaustive":
				ours = append(ours, at)
			case "exhaustive":
				theirs = append(theirs, at)
			}
		}
		slices.Sort(ours)
		t.Logf("%s: schemaexhaustive %d, exhaustive %d\n%s", strings.Join(args[1:], " "), len(ours), len(theirs), out)
		return ours, theirs
	}

	if ours, _ := lint(); !slices.Equal(ours, want) {
		t.Errorf("with the recipe, schemaexhaustive reports\n\t%v\nwant\n\t%v", ours, want)
	}
	ours, theirs := lint("--enable=exhaustive")
	if !slices.Equal(ours, want) || len(theirs) == 0 {
		t.Errorf("beside exhaustive (%d reports), schemaexhaustive reports\n\t%v\nwant\n\t%v", len(theirs), ours, want)
	}
	// Each issues setting of the recipe is there because reports go without it.
	if ours, _ := lint("--enable=exhaustive", "--uniq-by-line=true"); len(ours) >= len(want) {
		t.Errorf("with uniq-by-line, schemaexhaustive still reports all %d lines beside exhaustive: the recipe's reason is wrong", len(ours))
	}
	if ours, _ := lint("--max-same-issues=3"); len(ours) >= len(want) {
		t.Errorf("with max-same-issues 3, schemaexhaustive still reports all %d lines: the recipe's reason is wrong", len(ours))
	}

	// A mistyped setting stops the run, naming it.
	bad := bytes.Replace(readTestFile(t, filepath.Join(host, ".golangci.yml")),
		[]byte("default-counts-as-exhaustive:"), []byte("default-counts-as-exhaustiv:"), 1)
	writeFile(t, filepath.Join(host, "bad.yml"), string(bad))
	cmd := exec.CommandContext(ctx, gcl, "run", "-c", "bad.yml", "./...")
	cmd.Dir, cmd.Env = host, append(os.Environ(), env...)
	out, err = cmd.CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte(`unknown field "default-counts-as-exhaustiv"`)) {
		t.Errorf("a mistyped setting: %v\n%s", err, out)
	}
	t.Logf("took %s", time.Since(start).Round(time.Second))
}

// issueLine matches an issue as golangci-lint prints it in text:
// file:line:col: message (linter).
var issueLine = regexp.MustCompile(`(?m)^(\S+\.go):(\d+):(\d+): .* \((\w+)\)$`)

// reportedLines returns "file:line" of every line under dir marked
// "// reported", sorted.
func reportedLines(t *testing.T, dir string) []string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for i, l := range strings.Split(string(readTestFile(t, path)), "\n") {
			if strings.Contains(l, "// reported") {
				lines = append(lines, filepath.ToSlash(rel)+":"+strconv.Itoa(i+1))
			}
		}
		return nil
	})
	if err != nil || len(lines) == 0 {
		t.Fatalf("no lines marked reported under %s (%v)", dir, err)
	}
	slices.Sort(lines)
	return lines
}

func run(t *testing.T, ctx context.Context, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s (in %s): %v\n%s%s", name, strings.Join(args, " "), dir, err, stdout.Bytes(), stderr.Bytes())
	}
	return stdout.Bytes()
}

func readTestFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
}

func appendFile(t *testing.T, name string, b []byte) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
