package corpus_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/schemagen/schemagen/gen/model"
)

// cueVersion is the cue command the gengotypes column measures: the
// version of cuelang.org/go this module requires.
const cueVersion = "v0.17.1"

// cueBinary returns the cue command: $SCHEMAGEN_CUE (make test sets it to
// bin/cue, which make installs), or one go install builds into a
// temporary folder.
func cueBinary(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("SCHEMAGEN_CUE"); p != "" {
		return p
	}
	dir := t.TempDir()
	cmd := exec.Command("go", "install", "cuelang.org/go/cmd/cue@"+cueVersion)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install cuelang.org/go/cmd/cue@%s: %v\n%s", cueVersion, err, b)
	}
	return filepath.Join(dir, "cue")
}

var cuePos = regexp.MustCompile(`([^\s:]+\.cue):(\d+):(\d+)`)

// runGengotypes runs `cue exp gengotypes ./<schema>/<pkg>`, a package at a
// time, over a pristine copy of every corpus. A unit is handled when the run succeeds and its
// output declares a Go type for it (the @go name, or the definition's name
// with its first letter upper-cased). When the run fails with errors at
// positions, the units there are not handled, their source is blanked as
// for schemagen, and it runs again; a failure with no position leaves
// every unit of the package still waiting unhandled. gengotypes generates only
// definitions, so a package's root is never handled. It returns, per
// corpus, "pkg #Name" → "" when handled or why not.
func runGengotypes(cue string, names []string, tmp string) (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	for _, name := range names {
		work := filepath.Join(tmp, name)
		if err := copyTree(name, work); err != nil {
			return nil, err
		}
		cfg, err := model.ReadConfig(work)
		if err != nil {
			return nil, err
		}
		src, err := ReadSource(name, work, cfg)
		if err != nil {
			return nil, err
		}
		res := map[string]string{}
		out[name] = res
		var blank []*Span
		// One package at a time, so that a package gengotypes fails on
		// as a whole (writing Go that does not format) is that package's
		// units, not the whole corpus's.
		pkgs := slices.Sorted(maps.Keys(src.Pkgs))
		for _, pkg := range pkgs {
			for {
				for file, data := range Blank(src.Files, blank) {
					if err := os.WriteFile(filepath.Join(work, filepath.FromSlash(file)), data, 0o644); err != nil {
						return nil, err
					}
				}
				cmd := exec.Command(cue, "exp", "gengotypes", "./"+path.Join(cfg.Schema, pkg))
				cmd.Dir = work
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Run(); err == nil {
					break
				}
				progress := false
				for _, m := range cuePos.FindAllStringSubmatch(stderr.String(), -1) {
					file := m[1]
					if filepath.IsAbs(file) {
						file, _ = filepath.Rel(work, file)
					}
					file = strings.TrimPrefix(filepath.ToSlash(file), "./")
					var line, col int
					fmt.Sscan(m[2], &line)
					fmt.Sscan(m[3], &col)
					sp := src.At(file, line, col)
					if sp == nil {
						continue
					}
					var us []*Unit
					if sp.Unit != nil {
						us = []*Unit{sp.Unit}
					} else {
						us = src.Pkgs[sp.Pkg]
					}
					for _, u := range us {
						if _, done := res[u.Pkg+" "+u.Name]; done {
							continue
						}
						res[u.Pkg+" "+u.Name] = "gengotypes: " + oneLine(stderr.String())
						progress = true
						for _, s := range src.Spans {
							if s.Unit == u {
								blank = append(blank, s)
							}
						}
					}
				}
				if !progress {
					for _, u := range src.Pkgs[pkg] {
						if _, done := res[u.Pkg+" "+u.Name]; !done {
							res[u.Pkg+" "+u.Name] = "gengotypes: " + oneLine(stderr.String())
						}
					}
					break
				}
			}
		}
		// The types its output declares, by package folder.
		types := map[string]bool{} // "pkg TypeName"
		base := filepath.Join(work, filepath.FromSlash(cfg.Schema))
		filepath.Walk(base, func(p string, fi os.FileInfo, err error) error {
			if err != nil || fi.IsDir() || !strings.HasPrefix(fi.Name(), "cue_types") || !strings.HasSuffix(p, "_gen.go") {
				return err
			}
			rel, _ := filepath.Rel(base, filepath.Dir(p))
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil
			}
			for _, d := range f.Decls {
				if gd, ok := d.(*ast.GenDecl); ok {
					for _, s := range gd.Specs {
						if ts, ok := s.(*ast.TypeSpec); ok {
							types[filepath.ToSlash(rel)+" "+ts.Name.Name] = true
						}
					}
				}
			}
			return nil
		})
		for _, u := range src.Units {
			k := u.Pkg + " " + u.Name
			if _, done := res[k]; done {
				continue
			}
			switch {
			case u.Name == Root || u.IsField():
				res[k] = "gengotypes generates definitions only"
			case types[u.Pkg+" "+ggName(u)]:
				res[k] = ""
			default:
				res[k] = "gengotypes declares no type " + ggName(u)
			}
		}
	}
	return out, nil
}

// ggName is the Go name gengotypes gives a definition.
func ggName(u *Unit) string {
	if u.GoAttr != "" {
		return u.GoAttr
	}
	name := strings.TrimPrefix(u.Name, "#")
	r, n := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[n:]
}

// report renders the measured section of docs/corpus.md.
func report(runs []*corpusRun, gg map[string]map[string]string, js map[*Unit]string) string {
	var b strings.Builder
	pct := func(n, of int) string {
		if of == 0 {
			return "–"
		}
		return fmt.Sprintf("%d (%.1f%%)", n, 100*float64(n)/float64(of))
	}
	fmt.Fprintf(&b, "| corpus | units | schemagen generated | `cue exp gengotypes` handled | CUE's JSON Schema handled | schemagen's rounds |\n| --- | ---: | ---: | ---: | ---: | ---: |\n")
	var tu, ts, tg, tj int
	classes := map[string]int{}
	for _, r := range runs {
		var s, g, j int
		for _, u := range r.src.Units {
			classes[r.out[u].class]++
			if r.out[u].class == Generated {
				s++
			}
			if why, ok := gg[r.name][u.Pkg+" "+u.Name]; ok && why == "" {
				g++
			}
			if js[u] == "" {
				j++
			}
		}
		n := len(r.src.Units)
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %d |\n", r.name, n, pct(s, n), pct(g, n), pct(j, n), r.rounds)
		tu, ts, tg, tj = tu+n, ts+s, tg+g, tj+j
	}
	fmt.Fprintf(&b, "| **all** | **%d** | **%s** | **%s** | **%s** | |\n\n", tu, pct(ts, tu), pct(tg, tu), pct(tj, tu))

	fmt.Fprintf(&b, "Outcomes in schemagen: ")
	var parts []string
	for _, c := range []string{Generated, Refused, Unpositioned, Crashed, Dropped, NotCompiled} {
		parts = append(parts, fmt.Sprintf("%s %d", c, classes[c]))
	}
	fmt.Fprintf(&b, "%s.\n\n", strings.Join(parts, ", "))

	// The refusals, grouped by what they say.
	type count struct {
		msg   string
		units int
		times int
	}
	byMsg := map[string]*count{}
	for _, r := range runs {
		for _, u := range r.src.Units {
			seen := map[string]bool{}
			for _, m := range r.msgs[u] {
				k := normalize(m)
				c := byMsg[k]
				if c == nil {
					c = &count{msg: k}
					byMsg[k] = c
				}
				c.times++
				if !seen[k] {
					seen[k] = true
					c.units++
				}
			}
		}
	}
	counts := slices.Collect(func(yield func(*count) bool) {
		for _, c := range byMsg {
			if !yield(c) {
				return
			}
		}
	})
	slices.SortFunc(counts, func(a, b *count) int {
		if a.units != b.units {
			return b.units - a.units
		}
		return strings.Compare(a.msg, b.msg)
	})
	fmt.Fprintf(&b, "Refusals, by what they say (units hit; occurrences; a unit refused in an early round may hide later refusals):\n\n| refusal | units | times |\n| --- | ---: | ---: |\n")
	for _, c := range counts {
		fmt.Fprintf(&b, "| %s | %d | %d |\n", strings.ReplaceAll(c.msg, "|", `\|`), c.units, c.times)
	}
	return b.String()
}

var (
	pathPrefix = regexp.MustCompile(`^[#\w.\[\]?!$@/-]+: `)
	defName    = regexp.MustCompile(`#[A-Za-z0-9_$]+`)
	quoted     = regexp.MustCompile(`"[^"]*"`)
	parened    = regexp.MustCompile(`\([^()]*\)`)
)

// normalize groups refusal messages that say the same thing of different
// definitions and fields.
func normalize(msg string) string {
	// A message quoting CUE spans lines; a table row is one.
	msg = strings.Join(strings.Fields(msg), " ")
	for {
		m := pathPrefix.FindString(msg)
		if m == "" {
			break
		}
		msg = msg[len(m):]
	}
	msg, _, _ = strings.Cut(msg, "; ")
	msg = defName.ReplaceAllString(msg, "#…")
	msg = quoted.ReplaceAllString(msg, `"…"`)
	msg = parened.ReplaceAllString(msg, "(…)")
	if r := []rune(msg); len(r) > 140 {
		msg = string(r[:140]) + "…"
	}
	return msg
}
