package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// staleScratch is a generated scratch module with one generated file
// changed at its line 8 or later, one missing and one extra.
func staleScratch(t *testing.T) string {
	t.Helper()
	dir := generatedScratch(t)
	gen := filepath.Join(dir, "generated", "go", "fleet")
	b, _ := os.ReadFile(filepath.Join(gen, "enums.go"))
	os.WriteFile(filepath.Join(gen, "enums.go"), bytes.Replace(b, []byte(`"celebrate"`), []byte(`"celebrating"`), 1), 0o644)
	os.Remove(filepath.Join(gen, "ledger.go"))
	os.WriteFile(filepath.Join(gen, "handwritten.go"), []byte("package fleet\n"), 0o644)
	return dir
}

// TestCheckFormatGitHub: check's staleness report as workflow commands,
// one error per file, each naming the file (and the first line that
// differs), read back as the runner reads them.
func TestCheckFormatGitHub(t *testing.T) {
	dir := staleScratch(t)
	code, stdout, stderr := schemagen(t, "-C", dir, "check", "--format", "github")
	if code != exitCheck {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 4 || lines[3] != "schemagen check: generated/ is not what generate would write (3 file(s))" {
		t.Fatalf("output:\n%s", stdout)
	}
	type cmdSummary struct{ Level, File, Line, Title, Start string }
	var got []cmdSummary
	for _, l := range lines[:3] {
		c, err := parseWorkflowCommand(l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		start, _, _ := strings.Cut(c.msg, ":")
		got = append(got, cmdSummary{c.level, c.props["file"], c.props["line"], c.props["title"], start})
		if !strings.HasSuffix(c.msg, "Run `make generate` (or `go generate ./...`) and commit the result.") {
			t.Errorf("%q does not say how to fix it", c.msg)
		}
	}
	src, _ := os.ReadFile(filepath.Join("..", "..", "generated", "go", "fleet", "enums.go"))
	line := strings.SplitN(posOf(t, string(src), `{{PoseCelebrate Pose = "celebrate"}}`), ":", 2)[0]
	want := []cmdSummary{
		{"error", "generated/go/fleet/enums.go", line, "generated/ is stale", "generated/go/fleet/enums.go"},
		{"error", "generated/go/fleet/handwritten.go", "", "generated/ is stale", "generated/go/fleet/handwritten.go"},
		{"error", "generated/go/fleet/ledger.go", "", "generated/ is stale", "generated/go/fleet/ledger.go"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("commands (-want +got):\n%s", diff)
	}
}

func TestCheckFormatJSON(t *testing.T) {
	dir := staleScratch(t)
	code, stdout, _ := schemagen(t, "-C", dir, "check", "--format", "json")
	var out struct {
		Stale []struct{ Path, Kind, Want, Have string }
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != exitCheck {
		t.Fatalf("exit %d: %v\n%s", code, err, stdout)
	}
	var kinds []string
	for _, s := range out.Stale {
		kinds = append(kinds, s.Path+" "+s.Kind)
	}
	want := []string{"generated/go/fleet/enums.go stale", "generated/go/fleet/handwritten.go extra", "generated/go/fleet/ledger.go missing"}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if !strings.Contains(out.Stale[0].Have, `"celebrating"`) {
		t.Errorf("stale entry: %+v", out.Stale[0])
	}
	// Current: an empty list, exit 0.
	clean := generatedScratch(t)
	if code, stdout, _ := schemagen(t, "-C", clean, "check", "--format", "json"); code != 0 || strings.TrimSpace(stdout) != "{\n  \"stale\": []\n}" {
		t.Errorf("a current tree: exit %d: %s", code, stdout)
	}
	if code, _, stderr := schemagen(t, "-C", clean, "check", "--format", "xml"); code != exitInput || !strings.Contains(stderr, "--format must be text, json or github") {
		t.Errorf("--format xml: exit %d: %s", code, stderr)
	}
}

// TestCheckFormatGitHubSchemaError: a schema error is an annotation at
// its CUE position too.
func TestCheckFormatGitHubSchemaError(t *testing.T) {
	dir := generatedScratch(t)
	os.WriteFile(filepath.Join(dir, "schema", "fleet", "zz.cue"), []byte("package fleet\n\n// Broken is broken.\n#Broken: {\n\ta!: \n}\n"), 0o644)
	code, stdout, _ := schemagen(t, "-C", dir, "check", "--format", "github")
	if code != exitInput {
		t.Fatalf("exit %d: %s", code, stdout)
	}
	c, err := parseWorkflowCommand(strings.SplitN(stdout, "\n", 2)[0])
	if err != nil || c.level != "error" || c.props["file"] != "schema/fleet/zz.cue" || c.props["line"] != "6" || c.props["title"] != "schema error" {
		t.Errorf("%+v %v:\n%s", c, err, stdout)
	}
}
