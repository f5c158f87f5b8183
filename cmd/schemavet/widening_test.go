package main_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/schemagen/schemagen/internal/modcopy"
)

// TestWidening is the feature as a user meets it (ADR 0162: a new enum
// member is a widening every exhaustive consumer must answer). In a copy of
// the module, a consumer that switches over fleet.Pose and tables it in a map
// literal is clean under go vet -vettool=schemavet; after a member is added
// to #Pose in the CUE and generated/ is regenerated, the vet tool reports
// exactly the new member, at the switch and at the map, and nothing else.
func TestWidening(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the module and runs go; make test runs it")
	}
	start := time.Now()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(t.TempDir(), "mod")
	modcopy.Copy(t, root, mod)
	vettool := filepath.Join(t.TempDir(), "schemavet")
	modcopy.Go(t, mod, "build", "-o", vettool, "./cmd/schemavet")

	// A consumer that handles every member the schema has today.
	members := poseMembers(t, filepath.Join(mod, "generated/go/fleet/enums.go"))
	var cases, entries strings.Builder
	for _, m := range members {
		fmt.Fprintf(&cases, "\tcase fleet.%s:\n\t\treturn %q\n", m, m)
		fmt.Fprintf(&entries, "\tfleet.%s: %q,\n", m, m)
	}
	consumer := fmt.Sprintf(`// Package widen answers every pose.
package widen

import "github.com/schemagen/schemagen/generated/go/fleet"

// Animate names the animation of a pose.
func Animate(p fleet.Pose) string {
	switch p {
%s	}
	return ""
}

// Animation is the host's twin of the app's POSE_ANIMATION map.
var Animation = map[fleet.Pose]string{
%s}
`, cases.String(), entries.String())
	writeFile(t, filepath.Join(mod, "widen/widen.go"), consumer)
	switchLine := lineOf(t, consumer, "\tswitch p {")
	mapLine := lineOf(t, consumer, "var Animation")

	if out, diags, ok := vet(t, mod, vettool); !ok || len(diags) > 0 {
		t.Fatalf("before the widening, schemavet is not clean:\n%s", out)
	}

	// Widen #Pose by one member, documented as the schema requires.
	cue := filepath.Join(mod, "schema/fleet/enums.cue")
	src := readFile(t, cue)
	i := strings.Index(src, "\n#Pose:")
	end := strings.Index(src[i+1:], "\n\n")
	if i < 0 || end < 0 {
		t.Fatalf("cannot find the #Pose block in %s", cue)
	}
	end += i + 1
	src = src[:end] + " |\n\t// The agent is dozing; added by the widening test.\n\t\"dozing\"" + src[end:]
	writeFile(t, cue, src)
	modcopy.Go(t, mod, "run", "./cmd/schemagen", "generate")
	if got := poseMembers(t, filepath.Join(mod, "generated/go/fleet/enums.go")); !slices.Equal(got, append(members, "PoseDozing")) {
		t.Fatalf("after regenerating, the members of Pose are %v, want %v then PoseDozing", got, members)
	}

	out, diags, ok := vet(t, mod, vettool)
	if ok {
		t.Errorf("go vet succeeded after the widening:\n%s", out)
	}
	want := []string{
		fmt.Sprintf("widen.go:%d: missing cases in switch of type fleet.Pose: PoseDozing", switchLine),
		fmt.Sprintf("widen.go:%d: missing keys in map literal keyed by fleet.Pose: PoseDozing", mapLine),
	}
	slices.Sort(want)
	if !slices.Equal(diags, want) {
		t.Errorf("after the widening, schemavet reports\n\t%s\nwant\n\t%s\nfull output:\n%s",
			strings.Join(diags, "\n\t"), strings.Join(want, "\n\t"), out)
	}
	t.Logf("widening test took %s", time.Since(start).Round(time.Millisecond))
}

// diagLine matches a diagnostic as go vet prints it.
var diagLine = regexp.MustCompile(`^(\S+\.go):(\d+):\d+: (.*)$`)

// vet runs go vet with the tool over the consumer package and returns its
// output, its diagnostics as "file:line: message", sorted, and whether it
// exited 0.
func vet(t *testing.T, dir, vettool string) (string, []string, bool) {
	t.Helper()
	cmd := exec.Command("go", "vet", "-vettool="+vettool, "./widen")
	cmd.Dir = dir
	cmd.Env = modcopy.GoEnv()
	out, err := cmd.CombinedOutput()
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatal(err)
	}
	var diags []string
	for _, l := range strings.Split(string(out), "\n") {
		if m := diagLine.FindStringSubmatch(l); m != nil {
			diags = append(diags, filepath.Base(m[1])+":"+m[2]+": "+m[3])
		}
	}
	slices.Sort(diags)
	return string(out), diags, err == nil
}

// poseMembers returns the Go names of the constants of type Pose in file.
func poseMembers(t *testing.T, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.CONST {
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "Pose" {
					for _, n := range vs.Names {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	if len(names) == 0 {
		t.Fatalf("no constants of type Pose in %s", file)
	}
	return names
}

func lineOf(t *testing.T, src, prefix string) int {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	t.Fatalf("no line starts with %q", prefix)
	return 0
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
}
