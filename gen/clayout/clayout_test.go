package clayout_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/schemagen/schemagen/gen/clayout"
	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/golden"
)

// TestGolden emits the headers of each testdata/*.txtar schema, compares
// them with the archive's out/ files and compiles them as C11 with every
// warning an error.
func TestGolden(t *testing.T) {
	golden.RunEmitter(t, clayout.Generate, func(t *testing.T, s *model.Schema, got map[string]string) {
		checkIdents(t, s.Layouts[0], got)
		compile(t, got)
	})
}

// TestRealSchemaIdents checks that every identifier the project's headers
// declare is one the model decided (and so checked for collisions).
func TestRealSchemaIdents(t *testing.T) {
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := clayout.Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.Path] = string(f.Data)
	}
	if len(got) != 5 {
		t.Fatalf("emitted %d files, want types.h, catalog.h, ownership.h, deck_file.h and deck_file.c", len(got))
	}
	checkIdents(t, s.Layout("deck"), got)
}

// declared finds what the C declares at file scope with external
// linkage or in a header: macros, types, enum constants and functions.
// deck_file.c's static helpers are file-local and not counted.
var declared = []*regexp.Regexp{
	regexp.MustCompile(`(?m)^#define ([A-Za-z_][A-Za-z0-9_]*)`),
	regexp.MustCompile(`(?m)^} ([A-Za-z_][A-Za-z0-9_]*);`),
	regexp.MustCompile(`(?m)^static inline [^(]*?\b([a-z_][a-z0-9_]*)\(`),
	regexp.MustCompile(`(?m)^\t([A-Z][A-Z0-9_]*) = -?\d+,?$`),
	regexp.MustCompile(`(?m)^(?:const )?[A-Za-z_][A-Za-z0-9_]* \*?([a-z_][a-z0-9_]*)\(`),
}

func checkIdents(t *testing.T, l *layoutmodel.Layout, files map[string]string) {
	t.Helper()
	c, _ := l.LayoutIdents()
	known := map[string]bool{}
	for _, id := range c {
		known[id.Name] = true
	}
	var stray []string
	for path, data := range files {
		if strings.HasSuffix(path, ".c") {
			data = regexp.MustCompile(`(?m)^static .*$`).ReplaceAllString(data, "")
		}
		for _, re := range declared {
			for _, m := range re.FindAllStringSubmatch(data, -1) {
				if !known[m[1]] {
					stray = append(stray, m[1])
				}
			}
		}
	}
	sort.Strings(stray)
	if len(stray) > 0 {
		t.Errorf("the headers declare identifiers the model does not list in LayoutIdents (so no collision check covers them): %v", stray)
	}
	// Every C name carries the layout's prefix, so that two layouts, or a
	// layout and the firmware's own Settings, never collide.
	prefixes := []string{l.CPrefix, l.CMacro(""), l.CFunc(""), "SCHEMAGEN_" + l.CMacro("")}
	if l.File != nil && l.File.NewFunction != "" {
		prefixes = append(prefixes, l.File.NewFunction)
	}
	var bare []string
	for _, id := range c {
		if !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(id.Name, p) }) {
			bare = append(bare, id.Name)
		}
	}
	if len(bare) > 0 {
		t.Errorf("C names without the layout's prefix %s (%s, %s): %v", l.CPrefix, l.CMacro(""), l.CFunc(""), bare)
	}
}

// warnings are the flags firmware CI builds generated/c with.
var warnings = []string{"-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wconversion", "-Wsign-conversion", "-Wcast-align", "-Wswitch-default", "-Wpadded", "-Werror"}

// compile builds a translation unit including every header, and every .c
// file, with gcc and the firmware's warnings.
func compile(t *testing.T, files map[string]string) {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		if os.Getenv("SCHEMAGEN_REQUIRE_C") != "" {
			t.Fatal("gcc is required (SCHEMAGEN_REQUIRE_C is set) but not on PATH")
		}
		t.Skip("gcc not on PATH: the golden headers are compared but not compiled")
	}
	dir := t.TempDir()
	var src strings.Builder
	var names, units []string
	for p, data := range files {
		names = append(names, filepath.Base(p))
		os.WriteFile(filepath.Join(dir, filepath.Base(p)), []byte(data), 0o644)
	}
	sort.Strings(names)
	for _, n := range names {
		if strings.HasSuffix(n, ".h") {
			src.WriteString("#include \"" + n + "\"\n")
		} else {
			units = append(units, n)
		}
	}
	src.WriteString("int main(void) { return 0; }\n")
	os.WriteFile(filepath.Join(dir, "all.c"), []byte(src.String()), 0o644)
	for _, u := range append([]string{"all.c"}, units...) {
		cmd := exec.Command(gcc, append(append([]string{}, warnings...), "-c", "-o", os.DevNull, u)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s does not compile: %v\n%s", u, err, out)
		}
	}
}
