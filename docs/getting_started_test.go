package docs_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// repo is this checkout's root.
var repo, _ = filepath.Abs("..")

// block is one fenced block of a page: its language, its text, and the
// paragraph before it.
type block struct {
	lang, text, before string
}

var fenced = regexp.MustCompile("(?ms)^```([a-z]*)[^\n]*\n(.*?)^```\n")

// blocks returns the fenced blocks of page in order.
func blocks(page string) []block {
	var out []block
	last := 0
	for _, m := range fenced.FindAllStringSubmatchIndex(page, -1) {
		before := strings.TrimSpace(page[last:m[0]])
		if i := strings.LastIndex(before, "\n\n"); i >= 0 {
			before = before[i+2:]
		}
		out = append(out, block{lang: page[m[2]:m[3]], text: page[m[4]:m[5]], before: before})
		last = m[1]
	}
	return out
}

// fileName is the file a paragraph says its block is ("Write
// `schema/orders/orders.cue`:", "`validate.mjs`:"): the last code span
// in it that names a file, when the paragraph ends in a colon and the
// block is not one of commands.
var fileSpan = regexp.MustCompile("`([\\w./-]+\\.(?:cue|go|mjs|ts|c))`")

func (b block) fileName() string {
	if b.lang == "sh" || !strings.HasSuffix(b.before, ":") {
		return ""
	}
	if m := fileSpan.FindAllStringSubmatch(b.before, -1); m != nil {
		return m[len(m)-1][1]
	}
	return ""
}

// TestGettingStarted follows docs/getting-started.md in a new folder as a
// newcomer would, with the checkout in place of a release: it runs every
// shell block as written (but the npm installs, for which
// conformance/ts/node_modules stands in, and the go get of a release tag),
// writes every file the page names with the page's text, and holds the
// page to what it says comes out: the generated tree, the Go program's
// answer, schemavet's report once a case is removed, node's two verdicts,
// tsc, the C compile and the $id a schemagen.cue sets.
func TestGettingStarted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the page's programs")
	}
	page, err := os.ReadFile("getting-started.md")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	shop := filepath.Join(root, "shop")
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	sh := func(dir, script string) (int, string) {
		t.Helper()
		cmd := exec.Command("sh", "-ec", script)
		cmd.Dir, cmd.Env = dir, env
		out, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(out)
	}
	must := func(dir, script string) string {
		t.Helper()
		code, out := sh(dir, script)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", script, code, out)
		}
		return out
	}
	have := func(tool, require string) bool {
		if _, err := exec.LookPath(tool); err == nil {
			return true
		}
		if os.Getenv("SCHEMAGEN_REQUIRE_"+require) != "" {
			t.Fatalf("%s is not installed", tool)
		}
		t.Logf("%s is not installed: its steps are skipped", tool)
		return false
	}
	node, cc := have("node", "NODE"), have("cc", "C")
	if node {
		if _, err := os.Stat(filepath.Join(repo, "conformance", "ts", "node_modules", "ajv")); err != nil {
			t.Fatalf("conformance/ts/node_modules has no ajv (make conformance/ts/node_modules/.schemagen-installed): %v", err)
		}
	}

	var (
		generated []string // the tree step 4 shows, under generated/
		reports   string   // what schemavet reports once a case is gone
		jsWant    []string // validate.mjs's verdicts, from its comments
		idBase    string   // what schemagen.cue sets
		steps     int
	)
	if m := regexp.MustCompile("it reports\\s+`([^`]+)`").FindStringSubmatch(string(page)); m != nil {
		reports = m[1]
	}
	for _, b := range blocks(string(page)) {
		switch name := b.fileName(); {
		case name != "":
			if err := os.MkdirAll(filepath.Dir(filepath.Join(shop, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(shop, name), []byte(b.text), 0o644); err != nil {
				t.Fatal(err)
			}
			switch name {
			case "validate.mjs":
				for _, m := range regexp.MustCompile(`console\.log\(.*\); // (\w+)`).FindAllStringSubmatch(b.text, -1) {
					jsWant = append(jsWant, m[1])
				}
			case "schemagen.cue":
				idBase = regexp.MustCompile(`id: "([^"]+)"`).FindStringSubmatch(b.text)[1]
			}
		case b.lang == "sh":
			script := b.text
			switch {
			case strings.HasPrefix(script, "npm "):
				// Installs: conformance/ts's lockfile stands in.
				if node {
					must(shop, "ln -s "+filepath.Join(repo, "conformance", "ts", "node_modules")+" node_modules")
				}
				continue
			case strings.Contains(script, "node ") || strings.Contains(script, "npx "):
				if !node {
					continue
				}
			case strings.HasPrefix(script, "cc "):
				if !cc {
					continue
				}
			}
			var lines []string
			for _, l := range strings.Split(script, "\n") {
				if !strings.Contains(l, "@VERSION") { // a release tag: the checkout stands in
					lines = append(lines, strings.ReplaceAll(l, "/path/to/schemagen", repo))
				}
			}
			script = strings.Join(lines, "\n")
			dir := shop
			if strings.HasPrefix(script, "mkdir shop") {
				dir = root
			}
			out := must(dir, script)
			steps++
			switch {
			case strings.HasPrefix(script, "go run ./cmd/orders"):
				if !strings.HasPrefix(out, "paid by card 4242\n") {
					t.Errorf("go run ./cmd/orders printed %q; want paid by card 4242 first", out)
				}
			case strings.HasPrefix(script, "node validate.mjs"):
				if got := strings.Fields(out); strings.Join(got, " ") != strings.Join(jsWant, " ") {
					t.Errorf("node validate.mjs printed %q; the page says %q", got, jsWant)
				}
			case strings.HasPrefix(script, "go vet -vettool"):
				// Remove the case the page removes: schemavet reports it.
				main := filepath.Join(shop, "cmd", "orders", "main.go")
				src, _ := os.ReadFile(main)
				cut := regexp.MustCompile(`(?m)^\tcase \*orders\.Voucher:\n.*\n`).ReplaceAll(src, nil)
				os.WriteFile(main, cut, 0o644)
				code, out := sh(shop, script)
				if code != 1 || !strings.Contains(out, reports) || reports == "" {
					t.Errorf("without its Voucher case, %s exits %d with\n%s\nthe page says exit 1 and %q", script, code, out, reports)
				}
				os.WriteFile(main, src, 0o644)
			case strings.HasPrefix(script, "go tool schemagen generate") && idBase != "":
				checkIDs(t, filepath.Join(shop, "generated", "jsonschema"), idBase)
			}
		case b.lang == "" && strings.HasPrefix(b.text, "generated/\n"):
			for _, l := range strings.Split(b.text, "\n") {
				if f := strings.Fields(l); len(f) > 0 && f[0] != "generated/" {
					generated = append(generated, f[0])
				}
			}
		}
	}
	for _, g := range generated {
		if _, err := os.Stat(filepath.Join(shop, "generated", g)); err != nil {
			t.Errorf("the page shows generated/%s, which generate did not write", g)
		}
	}
	for _, f := range []string{"generated/c/types.h", "generated/c/card_file.h", "generated/c/card_file.c"} {
		if _, err := os.Stat(filepath.Join(shop, f)); err != nil {
			t.Errorf("the page says generate writes %s: %v", f, err)
		}
	}
	if idBase == "" || jsWant == nil || len(generated) == 0 {
		t.Errorf("the page no longer has what this test follows: schemagen.cue's id %q, validate.mjs's verdicts %q, the generated tree %q", idBase, jsWant, generated)
	}
	if steps < 6 {
		t.Errorf("ran %d of the page's shell blocks; it has more", steps)
	}
}

// checkIDs holds every JSON Schema under dir to an $id under base.
func checkIDs(t *testing.T, dir, base string) {
	t.Helper()
	n := 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		var head struct {
			ID string `json:"$id"`
		}
		json.Unmarshal(b, &head)
		if !strings.HasPrefix(head.ID, base) {
			t.Errorf("%s: $id %q, not under %s", p, head.ID, base)
		}
		n++
		return nil
	})
	if n == 0 {
		t.Errorf("no JSON Schema under %s", dir)
	}
}
