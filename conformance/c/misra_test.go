package c_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// advisory are the rules MISRA C:2012 (with its amendments 1 and 2)
// classes Advisory; every other rule is Required or Mandatory, and a
// finding of one fails TestMISRA outright.
var advisory = map[string]bool{}

func init() {
	for _, r := range strings.Fields("1.2 2.3 2.4 2.5 2.6 2.7 4.2 5.9 8.7 8.9 8.11 8.13 10.5 11.4 11.5 12.1 12.3 12.4 13.3 13.4 15.1 15.4 15.5 17.5 17.8 18.4 18.5 19.2 20.1 20.5 20.10 21.12") {
		advisory[r] = true
	}
}

var (
	misraFinding = regexp.MustCompile(`^(.+):(\d+):misra-c2012-(\d+\.\d+)$`)
	// A deviation as the generated C records it, at the line it covers.
	deviationMark = regexp.MustCompile(`MISRA C:2012 deviation (D\d+) \(rule (\d+\.\d+)\)(, for the whole file)?`)
	// A row of docs/deck.md's deviation table: | D1 | 2.5 | Advisory | ...
	deviationRow = regexp.MustCompile(`(?m)^\| (D\d+) \| (\d+\.\d+) \| Advisory \|`)
	funcStart    = regexp.MustCompile(`^[A-Za-z].*\) \{$`)
)

// deviation is one recorded deviation: its id, rule and the lines it covers.
type deviation struct {
	id, rule string
}

// deviations reads the deviation records of a generated C file: each
// covers the line it is on; a record on a line of its own covers the lines
// after it up to the next blank line, or, when a function definition starts
// there, the whole function; one that says "for the whole file" covers the
// file. The result maps a line number (0 for the whole file) to its records.
func deviations(t *testing.T, path string) map[int][]deviation {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	out := map[int][]deviation{}
	for i, l := range lines {
		m := deviationMark.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		d := deviation{m[1], m[2]}
		if m[3] != "" {
			out[0] = append(out[0], d)
			continue
		}
		out[i+1] = append(out[i+1], d)
		if !strings.HasPrefix(strings.TrimSpace(l), "/*") {
			continue // a comment at the end of a line covers that line only
		}
		inFunc := false
		for j := i + 1; j < len(lines); j++ {
			if funcStart.MatchString(lines[j]) {
				inFunc = true
			}
			if !inFunc && strings.TrimSpace(lines[j]) == "" {
				break
			}
			out[j+1] = append(out[j+1], d)
			if inFunc && lines[j] == "}" {
				break
			}
		}
	}
	return out
}

// TestMISRA runs Debian's cppcheck with its MISRA C:2012 addon over every
// file in generated/c (the checks need only the rule numbers, no rule
// texts). A Required or Mandatory finding fails; an Advisory one must be
// covered by a deviation recorded at its line in the generated C (see
// deviations) that docs/deck.md's deviation table lists with that rule,
// and every deviation the table lists must still be needed.
func TestMISRA(t *testing.T) {
	docs, err := os.ReadFile(filepath.Join(root, "docs", "deck.md"))
	if err != nil {
		t.Fatal(err)
	}
	table := map[string]string{}
	for _, m := range deviationRow.FindAllStringSubmatch(string(docs), -1) {
		table[m[1]] = m[2]
	}
	if len(table) == 0 {
		t.Fatal("docs/deck.md has no MISRA deviation table")
	}
	used, counts, nfiles := misraCheck(t, headerDir, table)
	for id := range table {
		if !used[id] {
			t.Errorf("docs/deck.md lists deviation %s, which no finding needs any more: remove it", id)
		}
	}
	var summary []string
	for r, n := range counts {
		summary = append(summary, fmt.Sprintf("%s ×%d", r, n))
	}
	sort.Strings(summary)
	t.Logf("cppcheck's MISRA addon over %d files: %s (all Advisory, each under a recorded deviation)", nfiles, strings.Join(summary, ", "))
}

// misraCheck runs cppcheck's MISRA addon over the C files of dir: a
// Required or Mandatory finding is an error, and so is an Advisory one no
// deviation recorded at its line covers, or one whose deviation table (the
// ids and rules of docs/deck.md) does not list it. It returns the
// deviations used, the findings by rule and the number of files.
func misraCheck(t *testing.T, dir string, table map[string]string) (map[string]bool, map[string]int, int) {
	t.Helper()
	cppcheck := tool(t, "cppcheck")
	files, _ := filepath.Glob(filepath.Join(dir, "*.[ch]"))
	abs, _ := filepath.Abs(dir)
	args := []string{"--addon=misra", "--std=c11", "--language=c", "-D__STDC_VERSION__=201112L", "-U__cplusplus",
		"-I", abs, "--quiet", "--error-exitcode=0", "--template={file}:{line}:{id}"}
	for _, f := range files {
		a, _ := filepath.Abs(f)
		args = append(args, a)
	}
	cmd := exec.Command(cppcheck, args...)
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("cppcheck: %v\n%s", err, out)
	}
	recs := map[string]map[int][]deviation{}
	used := map[string]bool{}
	counts := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		m := misraFinding.FindStringSubmatch(line)
		if m == nil {
			if strings.Contains(line, "misra") || strings.Contains(line, "error") {
				t.Errorf("cppcheck said: %s", line)
			}
			continue
		}
		file, rule := m[1], m[3]
		var n int
		fmt.Sscan(m[2], &n)
		counts[rule]++
		where := fmt.Sprintf("%s:%d", filepath.Base(file), n)
		if !advisory[rule] {
			t.Errorf("%s: MISRA C:2012 rule %s (Required or Mandatory)", where, rule)
			continue
		}
		if recs[file] == nil {
			recs[file] = deviations(t, file)
		}
		ok := false
		for _, d := range append(recs[file][n], recs[file][0]...) {
			if d.rule == rule {
				ok = true
				used[d.id] = true
				if table[d.id] != rule {
					t.Errorf("%s: deviation %s (rule %s) is not in docs/deck.md's deviation table with that rule", where, d.id, rule)
				}
			}
		}
		if !ok {
			t.Errorf("%s: MISRA C:2012 rule %s (Advisory) with no deviation recorded at the line", where, rule)
		}
	}
	return used, counts, len(files)
}

// TestMISRAFloatLayout holds the C of another layout — gen/clayout's small
// one, with float32, float64, uint64 and int64 fields, arrays of them and
// nested structs, under the prefix Tiny — to the same MISRA check: what a
// layout the deck does not exercise generates is clean too.
func TestMISRAFloatLayout(t *testing.T) {
	docs, err := os.ReadFile(filepath.Join(root, "docs", "deck.md"))
	if err != nil {
		t.Fatal(err)
	}
	table := map[string]string{}
	for _, m := range deviationRow.FindAllStringSubmatch(string(docs), -1) {
		table[m[1]] = m[2]
	}
	src := floatSources(t)
	_, counts, n := misraCheck(t, src, table)
	t.Logf("the float layout, %d files: %v", n, counts)
}
