package main

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	judges "github.com/schemagen/schemagen/internal/judge"
)

// The schema fuzzer: this repository's schema mutated the ways an author,
// a merge or an attacker would (renames to keywords of Go, TypeScript and C
// and to odd Unicode, retypes, deletions, duplicates, odd text in doc
// comments, deep nesting, huge enums, bad regexps, CRLF and a BOM, layout
// edits), and every mutant held to one rule: generate exits 0 and every
// output compiles under its consumer, or it exits 2 naming the CUE
// file:line:col and writes nothing. Never a panic, an unpositioned
// refusal, exit 1 (there is no lock to break) or a hang.
//
// TestSchemaMutants runs a fixed sample in make test; FuzzSchemaMutants
// (make fuzz) explores from any seed.

// mutantCount is the fixed sample make test runs; consumerSample how many
// of the accepted ones every consumer's tool compiles.
const (
	mutantCount    = 200
	consumerSample = 8
)

// baseSchema is the project's cue.mod and schema/, by slash path.
func baseSchema(t testing.TB) map[string]string {
	t.Helper()
	files := map[string]string{}
	for _, d := range []string{"cue.mod", "schema"} {
		root := filepath.Join("..", "..", d)
		err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			rel, _ := filepath.Rel(filepath.Join("..", ".."), p)
			files[filepath.ToSlash(rel)] = string(b)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

var (
	defRE   = regexp.MustCompile(`(?m)^#(\w+):`)
	fieldRE = regexp.MustCompile(`(?m)^\t(\w+)([!?]): (.*)$`)
	docRE   = regexp.MustCompile(`(?m)^\t?// .*$`)
	layRE   = regexp.MustCompile(`"(u?int(?:8|16|32|64)|char)(\[\d+\])?"`)

	defNames = []string{"type", "func", "go", "map", "chan", "readonly", "keyof", "unique", "infer", "as", "any", "number",
		"int", "struct", "errno", "NULL", "default", "class", "Record", "Int", "At", "Problem", "Café", "種類", "Ω", "X_", "A1", "HTTPServer", "ÉTAT", "Snapshot", "main", "_x", "Seat"}
	fieldNames = []string{"type", "\"a`b\"", "é", "\"1st\"", "\"a b\"", "__proto__", "constructor", "seatId", "\"\"", "\"a,b\"", "\"\\u2028\"", "default", "x"}
	types      = []string{"string", "int", "bool", "[...string]", "{[string]: int}", "#Unknown", "number", "float", "string | int",
		"_", "null", "[...]", `"x"`, "matchN(0, [null])", "!=null", "[...matchN(0, [null])]", "{[string]: matchN(0, [null])}", "int & >=5 & <=2", "int & >=0 & <=9007199254740993", "#Seat", "#Pose", "[...#Seat]",
		"{[string]: {[string]: {[string]: int & >=0 & <=3}}}", "time.Time()", "strings.MaxRunes(3)", "*\"a\" | \"b\"", "{...}",
		"string & =~\"^(?s).$\"", "string & =~\"[\\\\d-z]\"", "[...[...[...string]]]",
		"[string, int & >=0 & <=9]", "[string, ...number]", "[]", "[#Seat, [bool, null]]", "string & !~\"^x\"",
		"number & !=1.5 & !=3", "==1", "string & !=\"none\" & !~\" \"",
		// Choices among constraints: alternatives of one base.
		"*\"\" | (string & !=\"\" & strings.MaxRunes(4096))", "=~\"^a\" | =~\"^b\"", "int & (<0 | >10) & >=-9 & <=99", "1 | 2 | 3",
		"\"auto\" | =~\"^[0-9]+$\"", "number & <0 | number & >1.5", "int & >5 | number & <1", "=~\"(\" | \"x\"",
		// A Go duration, alone, nullable and beside a pattern (refused).
		"time.Duration", "time.Duration | null", "time.Duration & =~\"h$\"",
		// A URL, alone, nullable, a choice's alternative, beside a pattern and beside a time (refused).
		"net.AbsURL", "net.URL() | null", "net.AbsURL | \"none\"", "net.URL & =~\"^h\"", "net.URL & time.Time"}
	docTexts = []string{"\u2028export const injected = 1", "\u202e reversed", "*/ int x; /*", "\xff\xfe", "<script>", "`", "\\", "??/",
		"\r", "# heading", "| a | b |", "\u0000", "\ufeff", "/* open", "}\nfunc X() {}"}
	patterns = []string{"(", `\:`, `(?s).`, `[\d-z]`, `a{2,1}`, `\p{Greek}`, `x**`, `^[a-z]+$`, `\Qa\E`, `[[:alpha:]]`, `\x{41}`, `a{3}`, `\s+`, `^\d{4}-\d{2}$`}
	// ifBodies are if clauses for #If: the first carriedIfs carried (a
	// bound in a body, n: >=3, since 2026-12-06; an || of two fields'
	// tests since 2026-12-07; a match, && and || nested, and an
	// inner list's count since 2026-12-08), the others refused.
	ifBodies = []string{
		"if on {\n\t\t// A field.\n\t\tNAME: int & >=0 & <=3\n\t}",
		"if on {\n\t\t// A field.\n\t\tNAME: \"x\"\n\t\tn: 3\n\t}",
		"if flag != _|_ {\n\t\tinner: l: [_, ...]\n\t}",
		"if kind == \"a\" && on {\n\t\tn!: _\n\t\t// A field.\n\t\tNAME?: [...string]\n\t}",
		"if on {\n\t\tn: >=3\n\t}",
		"if on || kind == \"b\" {\n\t\tn: 1\n\t}",
		"if kind =~ \"^a\" || !(on && kind != \"b\") {\n\t\t// A field.\n\t\tNAME?: string\n\t}",
		"if inner != _|_ if (on && kind == \"a\") || kind > \"a\" {\n\t\tinner: l: [_, ...]\n\t}",
		"if flag {\n\t\tn: 1\n\t}",
		"if on {\n\t\tn: \"x\"\n\t}",
		"if on {\n\t\tinner: m: 1\n\t}",
	}
	layTypes = []string{"uint8", "uint16", "uint32", "uint64", "int8", "int32", "char[3]", "uint8[7]", "uint32[2]", "float", "uint8[0]", "uint8[100000]"}
)

// carriedIfs is how many of ifBodies, first, are carried.
const carriedIfs = 8

// ifDef is the definition #If with an if clause of ifBodies, its declared
// field named name.
func ifDef(body, name string) string {
	return "\n// If has an if clause.\n#If: {\n\t// On.\n\ton!: bool\n\t// Kind.\n\tkind!:\n\t\t// A.\n\t\t\"a\" |\n\t\t// B.\n\t\t\"b\"\n" +
		"\t// Flag.\n\tflag?: bool\n\t// Inner.\n\tinner?: {\n\t\t// L.\n\t\tl?: [...int & >=0 & <=3]\n\t}\n\t// N.\n\tn?: int & >=0 & <=9\n\t" +
		strings.ReplaceAll(body, "NAME", name) + "\n}\n"
}

// mutate returns a copy of base with one to three mutations, and what they
// were.
func mutate(base map[string]string, rng *rand.Rand) (map[string]string, []string) {
	files := map[string]string{}
	var paths []string
	for p, d := range base {
		files[p] = d
		if strings.HasPrefix(p, "schema/") {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	var did []string
	for range 1 + rng.IntN(3) {
		p := pick(paths)
		s := files[p]
		switch op := rng.IntN(15); op {
		case 0: // rename a definition everywhere
			if m := defRE.FindAllStringSubmatch(s, -1); len(m) > 0 {
				from, to := m[rng.IntN(len(m))][1], pick(defNames)
				re := regexp.MustCompile(`#` + regexp.QuoteMeta(from) + `\b`)
				for q := range files {
					files[q] = re.ReplaceAllString(files[q], "#"+to)
				}
				did = append(did, fmt.Sprintf("rename #%s to #%s", from, to))
				continue
			}
		case 1: // rename a field
			if m := fieldRE.FindAllStringSubmatchIndex(s, -1); len(m) > 0 {
				i := m[rng.IntN(len(m))]
				to := pick(fieldNames)
				did = append(did, fmt.Sprintf("%s: rename field %s to %s", p, s[i[2]:i[3]], to))
				s = s[:i[2]] + to + s[i[3]:]
			}
		case 2: // retype a field
			if m := fieldRE.FindAllStringSubmatchIndex(s, -1); len(m) > 0 {
				i := m[rng.IntN(len(m))]
				to := pick(types)
				did = append(did, fmt.Sprintf("%s: retype field %s to %s", p, s[i[2]:i[3]], to))
				s = s[:i[6]] + to + s[i[7]:]
			}
		case 3: // delete a line
			lines := strings.Split(s, "\n")
			if len(lines) > 3 {
				n := 1 + rng.IntN(len(lines)-1)
				did = append(did, fmt.Sprintf("%s: delete line %d %q", p, n+1, lines[n]))
				s = strings.Join(append(lines[:n:n], lines[n+1:]...), "\n")
			}
		case 4: // duplicate a definition under its own name
			if m := defRE.FindAllStringIndex(s, -1); len(m) > 0 {
				i := m[rng.IntN(len(m))]
				end := strings.Index(s[i[0]:], "\n}\n")
				if end > 0 {
					block := s[i[0] : i[0]+end+3]
					did = append(did, fmt.Sprintf("%s: duplicate %s", p, s[i[0]:i[1]]))
					s += "\n// A duplicate.\n" + block
				}
			}
		case 5: // odd text in a doc comment
			if m := docRE.FindAllStringIndex(s, -1); len(m) > 0 {
				i := m[rng.IntN(len(m))]
				text := pick(docTexts)
				did = append(did, fmt.Sprintf("%s: doc %q", p, text))
				s = s[:i[1]] + " " + text + s[i[1]:]
			}
		case 6: // a huge enum
			var b strings.Builder
			b.WriteString("\n// Huge is a huge enum.\n#Huge:\n")
			n := 50 + rng.IntN(600)
			for k := range n {
				sep := " |"
				if k == n-1 {
					sep = ""
				}
				fmt.Fprintf(&b, "\t// Member %d.\n\t\"m%d\"%s\n", k, k, sep)
			}
			did = append(did, fmt.Sprintf("%s: an enum of %d", p, n))
			s += b.String()
		case 7: // a regexp
			pat := pick(patterns)
			did = append(did, fmt.Sprintf("%s: pattern %q", p, pat))
			s += fmt.Sprintf("\n// Pat is a pattern.\n#Pat: string & =~%q\n", pat)
		case 8: // CRLF
			did = append(did, p+": CRLF")
			s = strings.ReplaceAll(s, "\n", "\r\n")
		case 9: // a BOM
			did = append(did, p+": BOM")
			s = "\ufeff" + s
		case 10: // deep nesting
			d := []int{3, 8, 19, 25, 60}[rng.IntN(5)]
			ty := "string"
			for k := range d {
				if k%2 == 0 {
					ty = "[..." + ty + "]"
				} else {
					ty = "{[string]: " + ty + "}"
				}
			}
			did = append(did, fmt.Sprintf("%s: nesting %d", p, d))
			s += fmt.Sprintf("\n// Deep nests.\n#Deep: {\n\t// D nests.\n\td?: %s\n}\n", ty)
		case 11: // a layout type
			if m := layRE.FindAllStringIndex(s, -1); len(m) > 0 {
				i := m[rng.IntN(len(m))]
				to := pick(layTypes)
				did = append(did, fmt.Sprintf("%s: layout %s to %q", p, s[i[0]:i[1]], to))
				s = s[:i[0]] + fmt.Sprintf("%q", to) + s[i[1]:]
			}
		case 12: // the package clause: of the file, or (mostly) of its whole folder
			to := pick([]string{"go", "other", "main", "fleet2", "deck", "type", "int"})
			clause := regexp.MustCompile(`(?m)^package \w+`)
			s = clause.ReplaceAllString(s, "package "+to)
			if rng.IntN(4) > 0 {
				for _, q := range paths {
					if filepath.Dir(q) == filepath.Dir(p) && q != p {
						files[q] = clause.ReplaceAllString(files[q], "package "+to)
					}
				}
				did = append(did, fmt.Sprintf("%s: package %s", filepath.Dir(p), to))
			} else {
				did = append(did, fmt.Sprintf("%s: package %s", p, to))
			}
		case 13: // a keyword as an enum value
			v := pick([]string{"default", "", "a b", "é", "\u2028", "*/", "null", "constructor"})
			did = append(did, fmt.Sprintf("%s: enum value %q", p, v))
			s += fmt.Sprintf("\n// Odd is an enum.\n#Odd:\n\t// A.\n\t%q |\n\t// B.\n\t\"b\"\n", v)
		case 14: // an if clause that declares or narrows a field, of an odd name
			name, body := pick(fieldNames), pick(ifBodies)
			did = append(did, fmt.Sprintf("%s: if %s, field %s", p, body, name))
			s += ifDef(body, name)
		}
		files[p] = s
	}
	return files, did
}

// positioned is a refusal's line: a CUE file (or schemagen.cue, or a
// schema folder) and, for a file, line:col.
var positioned = regexp.MustCompile(`^(schema/[^:]*\.cue:\d+:\d+|schemagen\.cue:\d+:\d+|cue\.mod/module\.cue:\d+:\d+|schema/[^:\s]*): `)

// judge writes files into dir, runs generate there and returns what is
// wrong with the outcome ("" if nothing), and whether it was accepted.
func judge(t testing.TB, dir string, files map[string]string) (problem string, accepted bool) {
	for p, d := range files {
		f := filepath.Join(dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(f), 0o755)
		if err := os.WriteFile(f, []byte(d), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var code int
	var stderr string
	func() {
		defer func() {
			if r := recover(); r != nil {
				code, stderr = -1, fmt.Sprintf("panic: %v", r)
			}
		}()
		var o, e strings.Builder
		code = run([]string{"-C", dir, "generate"}, &o, &e)
		stderr = e.String()
	}()
	_, statErr := os.Stat(filepath.Join(dir, "generated"))
	switch code {
	case 0:
		if statErr != nil {
			return "exit 0 and no generated/", false
		}
		return "", true
	case 2:
		if statErr == nil {
			return "exit 2, and generated/ was written:\n" + stderr, false
		}
		if strings.Contains(stderr, "schemagen bug") {
			return "a refusal by the Go compiler's parse of the output, not the model:\n" + stderr, false
		}
		for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
			if strings.HasPrefix(l, "schemagen: ") || strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "  ") {
				continue
			}
			if !positioned.MatchString(l) {
				return "an unpositioned refusal: " + l, false
			}
		}
		if !positioned.MatchString(stderr) {
			return "exit 2 with no position:\n" + stderr, false
		}
		return "", false
	}
	return fmt.Sprintf("exit %d:\n%s", code, stderr), false
}

// TestSchemaMutants: the fixed sample. The accepted mutants' outputs are
// then compiled together, each tool run once: go build, tsc --strict,
// gcc -std=c11 -Wall -Wextra -Werror, ajv (strict) over every bundle.
func TestSchemaMutants(t *testing.T) {
	base := baseSchema(t)
	root := t.TempDir()
	var accepted []string
	refused := 0
	for i := range mutantCount {
		rng := rand.New(rand.NewPCG(uint64(i), 25))
		files, did := mutate(base, rng)
		dir := filepath.Join(root, fmt.Sprintf("m%03d", i))
		problem, ok := judge(t, dir, files)
		if problem != "" {
			t.Errorf("mutant %d (%s): %s", i, strings.Join(did, "; "), problem)
			continue
		}
		if ok {
			accepted = append(accepted, dir)
		} else {
			refused++
		}
	}
	t.Logf("%d mutants: %d accepted, %d refused at their position", mutantCount, len(accepted), refused)
	if len(accepted) < mutantCount/10 || refused < mutantCount/10 {
		t.Errorf("the sample is lopsided: %d accepted, %d refused", len(accepted), refused)
	}
	// generate type-checked the Go of every accepted mutant before it
	// wrote it; the consumers' own tools run over an even spread of them,
	// which keeps make test fast.
	var sample []string
	for i, d := range accepted {
		if i%max(1, len(accepted)/consumerSample) == 0 && len(sample) < consumerSample {
			sample = append(sample, d)
		}
	}
	consumers(t, root, sample)
}

// consumers compiles every accepted mutant's outputs as their consumers
// do.
func consumers(t *testing.T, root string, dirs []string) {
	repo, _ := filepath.Abs(filepath.Join("..", ".."))
	sum, _ := os.ReadFile(filepath.Join(repo, "go.sum"))
	gomod := "module example.com/fz\n\ngo 1.24\n\nrequire github.com/schemagen/schemagen v0.0.0\n\nreplace github.com/schemagen/schemagen => " + repo + "\n"
	os.WriteFile(filepath.Join(root, "go.mod"), []byte(gomod), 0o644)
	os.WriteFile(filepath.Join(root, "go.sum"), sum, 0o644)
	var goPkgs, ts, headers, cfiles, bundles []string
	for i, d := range dirs {
		rel, _ := filepath.Rel(root, d)
		if i%2 == 0 { // go build is the slowest: half of them
			goPkgs = append(goPkgs, "./"+filepath.ToSlash(rel)+"/generated/go/...")
		}
		m, _ := filepath.Glob(filepath.Join(d, "generated", "ts", "*.ts"))
		ts = append(ts, m...)
		m, _ = filepath.Glob(filepath.Join(d, "generated", "c", "*.h"))
		headers = append(headers, m...)
		m, _ = filepath.Glob(filepath.Join(d, "generated", "c", "*.c"))
		cfiles = append(cfiles, m...)
		m, _ = filepath.Glob(filepath.Join(d, "generated", "jsonschema", "*.schema.json"))
		bundles = append(bundles, m...)
	}
	t.Run("go build", func(t *testing.T) {
		// -trimpath: the mutants are in a new folder each run; without
		// it the folder is part of every package's build cache key.
		cmd := exec.Command("go", append([]string{"build", "-trimpath"}, goPkgs...)...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go build: %v\n%s", err, out)
		}
	})
	t.Run("gcc", func(t *testing.T) {
		cc, err := exec.LookPath("gcc")
		if err != nil {
			need(t, "C", "gcc")
		}
		args := append([]string{"-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only"}, cfiles...)
		args = append(append(args, "-x", "c"), headers...)
		if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
			t.Errorf("gcc: %v\n%s", err, out)
		}
	})
	ts2 := judges.TypeScript7(filepath.Join(repo, "conformance", "ts", "node_modules"))
	t.Run("tsc", func(t *testing.T) {
		if _, err := os.Stat(ts2); err != nil {
			need(t, "NODE", "conformance/ts/node_modules (npm ci)")
		}
		args := append([]string{"--strict", "--noEmit", "--skipLibCheck", "--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler"}, ts...)
		if out, err := exec.Command(ts2, args...).CombinedOutput(); err != nil {
			t.Errorf("tsc: %v\n%s", err, out)
		}
	})
	t.Run("ajv", func(t *testing.T) {
		ajv := filepath.Join(repo, "conformance", "ts", "node_modules", "ajv", "dist", "2020.js")
		formats := filepath.Join(repo, "conformance", "ts", "node_modules", "ajv-formats", "dist", "index.js")
		if _, err := os.Stat(ajv); err != nil {
			need(t, "NODE", "conformance/ts/node_modules (npm ci)")
		}
		script := `
const {default: Ajv2020} = await import(process.argv[1]);
const {default: addFormats} = await import(process.argv[2]);
const fs = await import('node:fs');
let bad = 0;
for (const f of process.argv.slice(3)) {
  try {
    const ajv = new Ajv2020({strict: true, allErrors: true});
    addFormats(ajv);
    const doc = JSON.parse(fs.readFileSync(f, 'utf8'));
    ajv.addSchema(doc);
    for (const id of Object.values(doc.$defs ?? {}).map((d) => d.$id).filter(Boolean)) ajv.getSchema(id);
  } catch (e) { bad++; console.log(f + ': ' + String(e.message).slice(0, 300)); }
}
process.exit(bad ? 1 : 0);`
		node, err := exec.LookPath("node")
		if err != nil {
			need(t, "NODE", "node")
		}
		args := append([]string{"--input-type=module", "-e", script, "file://" + ajv, "file://" + formats}, bundles...)
		if out, err := exec.Command(node, args...).CombinedOutput(); err != nil {
			t.Errorf("ajv: %v\n%s", err, out)
		}
	})
}

// need skips, or fails where the Makefile promised the tool
// (SCHEMAGEN_REQUIRE_C, SCHEMAGEN_REQUIRE_NODE).
func need(t *testing.T, what, tool string) {
	t.Helper()
	if os.Getenv("SCHEMAGEN_REQUIRE_"+what) != "" {
		t.Fatalf("no %s", tool)
	}
	t.Skipf("no %s", tool)
}

// FuzzSchemaMutants: any seed's mutant is accepted or refused at its
// position, without a panic, exit 1 or writing on refusal.
func FuzzSchemaMutants(f *testing.F) {
	base := baseSchema(f)
	for i := range 8 {
		f.Add(uint64(i), uint64(25))
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		files, did := mutate(base, rand.New(rand.NewPCG(a, b)))
		if problem, _ := judge(t, t.TempDir(), files); problem != "" {
			t.Fatalf("%s: %s", strings.Join(did, "; "), problem)
		}
	})
}

// TestIfMutants: #If with each if clause of ifBodies, its declared field
// named constructor (a member every JavaScript object inherits, which the
// TypeScript reads as an own property only): the first carriedIfs are
// carried, the others refused at their position; the carried ones'
// outputs are compiled by their consumers.
func TestIfMutants(t *testing.T) {
	base := baseSchema(t)
	root := t.TempDir()
	var accepted []string
	for i, body := range ifBodies {
		files := map[string]string{}
		for p, d := range base {
			files[p] = d
		}
		const p = "schema/fleet/snapshot.cue"
		if _, ok := files[p]; !ok {
			t.Fatalf("%s is not in the schema", p)
		}
		files[p] += ifDef(body, "constructor")
		dir := filepath.Join(root, fmt.Sprintf("if%02d", i))
		problem, ok := judge(t, dir, files)
		switch {
		case problem != "":
			t.Errorf("if clause %d: %s", i, problem)
		case ok != (i < carriedIfs):
			t.Errorf("if clause %d (%q): accepted %v, want %v", i, body, ok, i < carriedIfs)
		case ok:
			accepted = append(accepted, dir)
		}
	}
	consumers(t, root, accepted)
}
