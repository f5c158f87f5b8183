package c_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// cppSource includes every header from C++ and calls the codec, compiled
// as C, through its extern "C" declarations.
const cppSource = `#include "types.h"
#include "catalog.h"
#include "ownership.h"
#include "deck_file.h"

#include <cstdio>

static_assert(sizeof(DeckState) == DECK_PAYLOAD_SIZE_V6, "the layout from C++");

int main() {
	static DeckState ds, back;
	static uint8_t buf[DECK_FILE_SIZE_MAX];
	uint16_t from = 0;
	uint8_t applied = 0;
	deck_state_new_career(&ds);
	if (deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_VERB_SCAN, 0, &applied) != DECK_OWNERSHIP_OK || applied != 1) {
		return 1;
	}
	size_t n = deck_file_encode(&ds, buf, sizeof buf);
	if (n != DECK_FILE_SIZE_CURRENT || deck_file_decode(buf, n, &back, &from) != DECK_FILE_OK || from != DECK_STRUCT_VERSION) {
		return 1;
	}
	if (!deck_ownership_has(&back, DECK_CATALOG_VERB_SCAN) || deck_catalog_class(DECK_CATALOG_VERB_SCAN) != DECK_CATALOG_CLASS_VERB) {
		return 1;
	}
	std::puts(deck_catalog_name(DECK_CATALOG_VERB_SCAN));
	return deck_crc32(0, reinterpret_cast<const uint8_t *>("123456789"), 9) == 0xCBF43926u ? 0 : 1;
}
`

// TestCPlusPlus compiles a C++17 program that includes every header with
// g++ and clang++ at -Wall -Wextra -Wpedantic -Werror, links it with
// deck_file.c compiled as C, and runs it: extern "C", static_assert and no
// C-only syntax in what C++ sees.
func TestCPlusPlus(t *testing.T) {
	for _, c := range []struct{ cxx, cc string }{{"g++", "gcc"}, {"clang++", "clang"}} {
		t.Run(c.cxx, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "all.cpp"), []byte(cppSource), 0o644)
			abs, _ := filepath.Abs(headerDir)
			cc(t, target{c.cc, c.cc, []string{"-O2"}, true}, dir, "-c", "-o", "deck_file.o", filepath.Join(abs, "deck_file.c"))
			cmd := exec.Command(tool(t, c.cxx), "-std=c++17", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-I", abs, "-o", "all", "all.cpp", "deck_file.o")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", c.cxx, err, out)
			}
			out, err := exec.Command(filepath.Join(dir, "all")).CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "verb_scan" {
				t.Fatalf("the C++ program: %v\n%s", err, out)
			}
		})
	}
}

var errorLine = regexp.MustCompile(`(?m)^.*\berror\b.*$`)

// TestOldLanguages: a C99 compiler (and a C++98 one) including every
// header gets one clear #error that says what is needed, not a page of
// errors.
func TestOldLanguages(t *testing.T) {
	src := "#include \"types.h\"\n#include \"catalog.h\"\n#include \"ownership.h\"\n#include \"deck_file.h\"\n"
	for _, c := range []struct{ tool, std, ext, want string }{
		{"gcc", "-std=c99", "c", "needs C11 or newer"},
		{"clang", "-std=c99", "c", "needs C11 or newer"},
		{"g++", "-std=c++98", "cpp", "needs C++11 or newer"},
	} {
		t.Run(c.tool+c.std, func(t *testing.T) {
			dir := t.TempDir()
			name := "all." + c.ext
			os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644)
			abs, _ := filepath.Abs(headerDir)
			cmd := exec.Command(tool(t, c.tool), c.std, "-fsyntax-only", "-I", abs, name)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			var errs []string
			for _, l := range errorLine.FindAllString(string(out), -1) {
				if strings.Contains(l, "error:") { // the message, not the echoed source line
					errs = append(errs, l)
				}
			}
			if err == nil || len(errs) != 1 || !strings.Contains(errs[0], c.want) {
				t.Fatalf("%s %s: want exactly one error saying %q; got %d (%v):\n%s", c.tool, c.std, c.want, len(errs), err, out)
			}
		})
	}
}

// TestStampRefusesMixedFiles: every file checks the stamp of types.h, so
// a types.h of another run (here: its stamp changed) makes each of them
// refuse to compile, naming itself; the files of one run build together.
func TestStampRefusesMixedFiles(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"types.h", "catalog.h", "ownership.h", "deck_file.h", "deck_file.c"} {
		copyFile(t, filepath.Join(headerDir, n), filepath.Join(dir, n))
	}
	b, _ := os.ReadFile(filepath.Join(dir, "types.h"))
	stamp := regexp.MustCompile(`(?m)^#define DECK_SCHEMA_HASH (0x[0-9A-F]{16}ULL)$`)
	m := stamp.FindSubmatch(b)
	if m == nil {
		t.Fatal("types.h has no DECK_SCHEMA_HASH 0x…ULL")
	}
	for _, n := range []string{"catalog.h", "ownership.h", "deck_file.h", "deck_file.c"} {
		if o, _ := os.ReadFile(filepath.Join(dir, n)); !strings.Contains(string(o), string(m[1])) {
			t.Errorf("%s does not check the stamp %s", n, m[1])
		}
	}
	for _, unit := range []string{"probe.c", "deck_file.c"} {
		os.WriteFile(filepath.Join(dir, "probe.c"), []byte(probeSource), 0o644)
		cc(t, targets[0], dir, "-c", "-o", os.DevNull, unit) // one run's files build together
	}
	other := stamp.ReplaceAll(b, []byte("#define DECK_SCHEMA_HASH 0x0123456789ABCDEFULL"))
	os.WriteFile(filepath.Join(dir, "types.h"), other, 0o644)
	for unit, names := range map[string][]string{
		"probe.c":     {"catalog.h", "ownership.h", "deck_file.h"},
		"deck_file.c": {"deck_file.h", "deck_file.c"},
	} {
		cmd := exec.Command(tool(t, "gcc"), append(append([]string{}, strict...), "-c", "-o", os.DevNull, unit)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Fatalf("%s built beside a types.h of another run", unit)
		}
		for _, n := range names {
			if !strings.Contains(string(out), n+" and types.h are from different schemagen runs") {
				t.Errorf("%s: %s does not say it is from another run:\n%s", unit, n, out)
			}
		}
	}
}
