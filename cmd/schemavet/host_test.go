package main_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/internal/modcopy"
)

// TestHostRecipe runs the commands the README and docs/exhaustive.md give a
// host team, as written, in a scratch host module (testdata/host) that
// requires this module through a replace directive:
//
//   - the README's go get -tool and go vet -vettool=$(go tool -n schemavet)
//     add the tool to go.mod and report the switch every build sees, in the
//     format the README shows (no "# package" header line);
//   - the docs' GOOS/tag loop also reports the switch in render_windows.go
//     and the one behind //go:build integration, which the plain run cannot
//     see.
//
// Each switch is marked "// vet: <which runs see it>".
func TestHostRecipe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds schemavet and runs go vet several times; make test runs it")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme := readFile(t, filepath.Join(root, "README.md"))
	docs := readFile(t, filepath.Join(root, "docs", "exhaustive.md"))

	host := filepath.Join(t.TempDir(), "host")
	modcopy.Copy(t, filepath.Join("testdata", "host"), host)
	writeFile(t, filepath.Join(host, "go.mod"), "module example.com/host\n\ngo 1.26.0\n\n"+
		"require github.com/schemagen/schemagen v0.0.0\n\nreplace github.com/schemagen/schemagen => "+root+"\n")
	writeFile(t, filepath.Join(host, "go.sum"), readFile(t, filepath.Join(root, "go.sum")))
	marks := vetMarks(t, host)

	// The README's block: only the switch every GOOS builds.
	out, diags := hostBlock(t, host, markedBlock(t, readme, "README.md"))
	if !strings.Contains(readFile(t, filepath.Join(host, "go.mod")), "\ntool github.com/schemagen/schemagen/cmd/schemavet\n") {
		t.Errorf("after the README's commands, go.mod has no tool line:\n%s", readFile(t, filepath.Join(host, "go.mod")))
	}
	if want := marks["every GOOS"]; !slices.Equal(diags, want) {
		t.Errorf("the README's commands report\n\t%s\nwant\n\t%s\nfull output:\n%s", strings.Join(diags, "\n\t"), strings.Join(want, "\n\t"), out)
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "#") {
			t.Errorf("go vet prints a header line %q, which the README does not show", l)
		}
	}
	sample := regexp.MustCompile("(?s)so CI fails until\neach is answered:\n\n```\n(.*?)```").FindStringSubmatch(readme)
	if sample == nil {
		t.Fatal("README has no sample output after the commands")
	}
	for _, l := range strings.Split(strings.TrimSpace(sample[1]), "\n") {
		if !diagLine.MatchString(l) {
			t.Errorf("the README's sample line %q is not what go vet prints (file:line:col: message)", l)
		}
	}

	// The docs' matrix: every switch, the windows one once, the integration
	// one once, the common one in each of the four runs.
	out, diags = hostBlock(t, host, markedBlock(t, docs, "docs/exhaustive.md"))
	var want []string
	for _, m := range marks["every GOOS"] {
		want = append(want, m, m, m, m)
	}
	want = append(append(want, marks["GOOS=windows"]...), marks["-tags integration"]...)
	slices.Sort(want)
	if len(marks["GOOS=windows"]) == 0 || len(marks["-tags integration"]) == 0 || !slices.Equal(diags, want) {
		t.Errorf("the docs' GOOS and tag loop reports\n\t%s\nwant\n\t%s\nfull output:\n%s", strings.Join(diags, "\n\t"), strings.Join(want, "\n\t"), out)
	}
}

// markedBlock returns the sh block of doc after the marker that says this
// test runs it.
func markedBlock(t *testing.T, doc, name string) string {
	t.Helper()
	m := regexp.MustCompile("(?s)<!-- the block below is run by cmd/schemavet/host_test.go -->\n```sh\n(.*?)```").FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("%s has no sh block marked as run by cmd/schemavet/host_test.go", name)
	}
	return m[1]
}

// hostBlock runs script with bash in the host module and returns its
// output and its diagnostics as "file:line", sorted; it must exit 1, as go
// vet does when it reports. The module is not on any proxy: the replace
// directive supplies it and the copied go.sum the rest, so GOPROXY is off.
func hostBlock(t *testing.T, dir, script string) (string, []string) {
	t.Helper()
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOPROXY=off")
	b, err := cmd.CombinedOutput()
	out := string(b)
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("%s\nexits %v, want 1 (reports):\n%s", script, err, out)
	}
	var diags []string
	for _, l := range strings.Split(out, "\n") {
		if m := diagLine.FindStringSubmatch(l); m != nil {
			diags = append(diags, filepath.ToSlash(m[1])+":"+m[2])
		}
	}
	slices.Sort(diags)
	return out, diags
}

// vetMarks returns, by what follows "// vet: ", the lines so marked under
// dir as "file:line" relative to it.
func vetMarks(t *testing.T, dir string) map[string][]string {
	t.Helper()
	marks := map[string][]string{}
	names, err := filepath.Glob(filepath.Join(dir, "room", "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no host files under %s (%v)", dir, err)
	}
	for _, name := range names {
		for i, l := range strings.Split(readFile(t, name), "\n") {
			if _, mark, ok := strings.Cut(l, "// vet: "); ok {
				marks[mark] = append(marks[mark], fmt.Sprintf("room/%s:%d", filepath.Base(name), i+1))
			}
		}
	}
	return marks
}
