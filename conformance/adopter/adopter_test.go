// Package adopter plays a team that adopts schemagen from outside: module/
// is its own CUE module (acme.dev/shop) with its own schemagen.cue (the
// schema in contract/, the output in gen/, its own JSON Schema $id), a wire
// package with union fields, a list of unions and a named map, two packages
// both named common, and a layout package with its own catalog classes.
// The test generates it into a temporary folder with the schemagen binary,
// then uses every output the way the team would: the Go in a module of its
// own that imports the wire support through a replace of this checkout,
// schemavet over it, the JSON Schemas in santhosh-tekuri and ajv, the
// TypeScript through tsc, the C through gcc beside schemagen deck; and it
// searches every generated file for a name of this repository.
package adopter_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	jsv "github.com/santhosh-tekuri/jsonschema/v5"
)

// repo is this checkout's root.
var repo, _ = filepath.Abs(filepath.Join("..", ".."))

// require reports whether a missing tool (node, gcc) fails the test rather
// than skipping its part: make test sets it.
func require(what string) bool { return os.Getenv("SCHEMAGEN_REQUIRE_"+what) != "" }

// tools builds schemagen and schemavet from this checkout.
func tools(t *testing.T) (schemagen, schemavet string) {
	t.Helper()
	bin := t.TempDir()
	schemagen, schemavet = filepath.Join(bin, "schemagen"), filepath.Join(bin, "schemavet")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/schemagen", "./cmd/schemavet")
	cmd.Dir = repo
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return schemagen, schemavet
}

// run runs a command in dir and returns its exit status and output.
func run(t *testing.T, dir string, env []string, name string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return cmd.ProcessState.ExitCode(), string(out)
}

// copyTree copies the folder from into to.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// fixtures lists the JSON fixtures, valid/<kind>/… and invalid/<kind>/…,
// relative to testdata/.
func fixtures(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, which := range []string{"valid", "invalid"} {
		files, _ := filepath.Glob(filepath.Join("testdata", which, "*", "*.json"))
		for _, f := range files {
			rel, _ := filepath.Rel("testdata", f)
			out = append(out, filepath.ToSlash(rel))
		}
	}
	if len(out) == 0 {
		t.Fatal("no fixtures")
	}
	return out
}

// forbidden are the names of this repository's own schema and tooling that
// nothing generated for another module may contain. The wire support
// package is schemagen's library, as google.golang.org/protobuf is
// protobuf's, and its import path is allowed.
var forbidden = regexp.MustCompile(`(?i)\bfleet\b|\bdeck\b|herdr|\bADR\b|ADR[- ]?0\d\d|GWP-|make generate|DeckState|OwnershipBlob|\bseat|\bpose\b|celebrate|career|cartridge|\bmission|purchases|\boperator\b|generated/|schemagen/schemagen|schema/fleet|schema/deck`)

// allowed are the mentions of schemagen itself a generated file may make:
// the import of its wire support, and its commands and docs by name.
var allowed = regexp.MustCompile("github\\.com/schemagen/schemagen/wire\\b|`schemagen deck (new|inspect|migrate)`|schemagen's docs/deck\\.md")

func TestAdopter(t *testing.T) {
	schemagen, schemavet := tools(t)
	mod := filepath.Join(t.TempDir(), "shop")
	copyTree(t, "module", mod)

	// The team's commands, as its CI runs them.
	for _, args := range [][]string{{"generate"}, {"check"}, {"breaking"}} {
		if code, out := run(t, mod, nil, schemagen, args...); code != 0 {
			t.Fatalf("schemagen %v: exit %d\n%s", args, code, out)
		}
	}
	gen := filepath.Join(mod, "gen")
	for _, want := range []string{
		"go/orders/orders.go", "go/billing/common/money.go", "go/shipping/common/parcel.go", "go/vault/structs.go",
		"jsonschema/orders/order.schema.json", "jsonschema/orders/order-event.schema.json",
		"c/types.h", "c/vault_file.c", "docs/orders.md", "docs/vault-layout.md", "schema.lock.json",
	} {
		if _, err := os.Stat(filepath.Join(gen, want)); err != nil {
			t.Errorf("generate did not write gen/%s", want)
		}
	}

	t.Run("NoNameOfThisRepository", func(t *testing.T) {
		filepath.WalkDir(gen, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(mod, p)
			for i, line := range strings.Split(string(b), "\n") {
				if m := forbidden.FindString(allowed.ReplaceAllString(line, "")); m != "" {
					t.Errorf("%s:%d says %q: %s", rel, i+1, m, strings.TrimSpace(line))
				}
			}
			return nil
		})
		// The $id is the team's own.
		b, _ := os.ReadFile(filepath.Join(gen, "jsonschema", "orders", "order.schema.json"))
		if !bytes.Contains(b, []byte(`"$id": "https://schemas.acme.dev/shop/orders/order.schema.json"`)) {
			t.Errorf("order.schema.json's $id is not under the module's jsonschema.id:\n%.300s", b)
		}
	})

	t.Run("JSONSchema", func(t *testing.T) {
		// The files of the folder refer to each other by name: every one
		// is added under its $id, then each fixture's is compiled.
		c := jsv.NewCompiler()
		c.Draft = jsv.Draft2020
		c.AssertFormat = true
		ids := map[string]string{}
		files, _ := filepath.Glob(filepath.Join(gen, "jsonschema", "orders", "*.schema.json"))
		for _, path := range files {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var head struct {
				ID string `json:"$id"`
			}
			json.Unmarshal(data, &head)
			if err := c.AddResource(head.ID, bytes.NewReader(data)); err != nil {
				t.Fatal(err)
			}
			ids[strings.TrimSuffix(filepath.Base(path), ".schema.json")] = head.ID
		}
		compiled := map[string]*jsv.Schema{}
		for _, f := range fixtures(t) {
			kind := strings.Split(f, "/")[1]
			sch := compiled[kind]
			if sch == nil {
				var err error
				if sch, err = c.Compile(ids[kind]); err != nil {
					t.Fatalf("%s: %v", kind, err)
				}
				compiled[kind] = sch
			}
			var v any
			b, _ := os.ReadFile(filepath.Join("testdata", f))
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			err := sch.Validate(v)
			if valid := strings.HasPrefix(f, "valid/"); valid != (err == nil) {
				t.Errorf("%s: santhosh-tekuri says %v", f, err)
			}
		}
	})

	t.Run("Ajv", func(t *testing.T) {
		nm := filepath.Join(repo, "conformance", "ts", "node_modules")
		if _, err := exec.LookPath("node"); err != nil || !exists(filepath.Join(nm, "ajv")) {
			if require("NODE") {
				t.Fatal("node or conformance/ts/node_modules is missing (npm ci in conformance/ts)")
			}
			t.Skip("no node, or conformance/ts/node_modules not installed")
		}
		fx, _ := filepath.Abs("testdata")
		code, out := run(t, mod, []string{"NODE_PATH=" + nm}, "node", filepath.Join(fx, "app", "js", "validate.cjs"), filepath.Join(gen, "jsonschema", "orders.schema.json"), "https://schemas.acme.dev/shop/orders/", fx)
		if code != 0 {
			t.Fatalf("node: exit %d\n%s", code, out)
		}
		var lines []string
		for _, f := range fixtures(t) {
			want := "valid"
			if strings.HasPrefix(f, "invalid/") {
				want = "invalid"
			}
			lines = append(lines, f+": "+want)
		}
		slices.Sort(lines)
		got := strings.Split(strings.TrimSpace(out), "\n")
		slices.Sort(got)
		if !slices.Equal(got, lines) {
			t.Errorf("ajv says\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(lines, "\n"))
		}
	})

	t.Run("TypeScript", func(t *testing.T) {
		tsc := filepath.Join(repo, "conformance", "ts", "node_modules", "typescript", "bin", "tsc") // 5.9; docs/typescript.md
		if !exists(tsc) {
			if require("NODE") {
				t.Fatal("conformance/ts/node_modules has no tsc (npm ci in conformance/ts)")
			}
			t.Skip("conformance/ts/node_modules not installed")
		}
		app, _ := filepath.Abs(filepath.Join("testdata", "app", "ts", "app.ts"))
		os.MkdirAll(filepath.Join(mod, "app"), 0o755)
		b, _ := os.ReadFile(app)
		os.WriteFile(filepath.Join(mod, "app", "app.ts"), b, 0o644)
		code, out := run(t, mod, nil, tsc, "--strict", "--noEmit", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler", "--noUnusedLocals", "--noFallthroughCasesInSwitch", "app/app.ts")
		if code != 0 {
			t.Errorf("tsc --strict: exit %d\n%s", code, out)
		}
	})

	// The Go: a module of the team's own (acme.dev/shop, whose go.mod puts
	// the generated packages at acme.dev/shop/gen/go/...), requiring
	// schemagen for its wire support through a replace of this checkout.
	app, _ := filepath.Abs(filepath.Join("testdata", "app"))
	copyTree(t, filepath.Join(app, "cmd"), filepath.Join(mod, "cmd"))
	copyTree(t, filepath.Join(app, "incomplete"), filepath.Join(mod, "incomplete"))
	gomod := "module acme.dev/shop\n\ngo 1.26\n\nrequire github.com/schemagen/schemagen v0.0.0\n\nreplace github.com/schemagen/schemagen => " + repo + "\n"
	os.WriteFile(filepath.Join(mod, "go.mod"), []byte(gomod), 0o644)
	gosum, _ := os.ReadFile(filepath.Join(repo, "go.sum"))
	os.WriteFile(filepath.Join(mod, "go.sum"), gosum, 0o644)
	goEnv := []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off"}

	t.Run("Go", func(t *testing.T) {
		fx, _ := filepath.Abs("testdata")
		args := []string{"run", "./cmd/shopcheck"}
		for _, f := range fixtures(t) {
			args = append(args, filepath.Join(fx, f))
		}
		code, out := run(t, mod, goEnv, "go", args...)
		if code != 0 {
			t.Fatalf("go run ./cmd/shopcheck: exit %d\n%s", code, out)
		}
		results := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			path, result, _ := strings.Cut(line, ": ")
			rel, _ := filepath.Rel(fx, path)
			results[filepath.ToSlash(rel)] = result
		}
		for _, f := range fixtures(t) {
			r := results[f]
			if valid := strings.HasPrefix(f, "valid/"); valid != strings.HasPrefix(r, "ok ") {
				t.Errorf("%s: the Go types say %q", f, r)
			}
		}
		for f, want := range map[string]string{
			"valid/order/full.json":          "ok o-1 card 4242 [-150 +20] stock=2 Party",
			"valid/order/minimal.json":       "ok o-2 unpaid [] stock=0",
			"valid/order-event/placed.json":  "ok placed o-1 voucher X [] stock=0",
			"valid/order-event/shipped.json": "ok shipped o-1",
		} {
			if results[f] != want {
				t.Errorf("%s: %q, want %q", f, results[f], want)
			}
		}
	})

	t.Run("Schemavet", func(t *testing.T) {
		// A type switch over the union field that forgets a variant is
		// reported; the complete ones in cmd/shopcheck are not.
		code, out := run(t, mod, goEnv, "go", "vet", "-vettool="+schemavet, "./...")
		want := regexp.MustCompile(`(?m)^incomplete[/\\]incomplete\.go:8:2: missing cases in type switch of type orders\.Payment: \*Voucher$`)
		if code != 1 || !want.MatchString(out) || strings.Count(strings.TrimSpace(out), "\n") != 0 {
			t.Errorf("go vet -vettool=schemavet: exit %d, want 1 and one report:\n%s", code, out)
		}
	})

	t.Run("C", func(t *testing.T) {
		cc := "gcc"
		if _, err := exec.LookPath(cc); err != nil {
			if require("C") {
				t.Fatal("no gcc")
			}
			t.Skip("no gcc")
		}
		dir := t.TempDir()
		exe := filepath.Join(dir, "card")
		code, out := run(t, dir, nil, cc, "-std=c11", "-Wall", "-Wextra", "-Wpadded", "-Werror", "-pedantic", "-I", filepath.Join(gen, "c"),
			"-o", exe, filepath.Join(app, "c", "card.c"), filepath.Join(gen, "c", "vault_file.c"))
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", cc, code, out)
		}
		// A version 2 card: 24 bytes of payload, "VLT1", version 2.
		old := make([]byte, 24)
		copy(old, "AB")
		binary.LittleEndian.PutUint32(old[4:], 1234)
		os.WriteFile(filepath.Join(dir, "old.v"), vaultFile(2, old), 0o644)
		os.WriteFile(filepath.Join(dir, "old2.v"), vaultFile(2, old), 0o644)
		if code, out := run(t, dir, nil, exe, "new.v", "old.v", "migrated.v"); code != 0 {
			t.Fatalf("card: exit %d\n%s", code, out)
		}
		// schemagen deck, inside the team's module, reads its layout:
		// the same new card and the same migration as the generated C.
		if code, out := run(t, dir, nil, schemagen, "-C", mod, "deck", "new", "go-new.v"); code != 0 || !strings.Contains(out, "a new vault file at version 3, the starter kit granted") {
			t.Fatalf("schemagen deck new: exit %d\n%s", code, out)
		}
		if code, out := run(t, dir, nil, schemagen, "-C", mod, "deck", "migrate", "old2.v"); code != 0 || out != "old2.v: migrated from version 2 to 3\n" {
			t.Fatalf("schemagen deck migrate: exit %d\n%s", code, out)
		}
		for _, pair := range [][2]string{{"new.v", "go-new.v"}, {"migrated.v", "old2.v"}} {
			a, _ := os.ReadFile(filepath.Join(dir, pair[0]))
			b, _ := os.ReadFile(filepath.Join(dir, pair[1]))
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Errorf("the C wrote %s as\n%x\nschemagen deck as\n%x", pair[0], a, b)
			}
		}
		code, out = run(t, dir, nil, schemagen, "-C", mod, "deck", "inspect", "migrated.v")
		if code != 0 || !strings.Contains(out, `"initials": "AB"`) || !strings.Contains(out, `"points": 1234`) || !strings.Contains(out, `"last_seen": 0`) {
			t.Errorf("schemagen deck inspect: exit %d\n%s", code, out)
		}
	})
}

// vaultFile is a file of the team's layout: #Head (magic "VLT1" uint32,
// version uint16, payload_len uint16), the payload, the CRC-32.
func vaultFile(version int, payload []byte) []byte {
	b := []byte("VLT1")
	b = binary.LittleEndian.AppendUint16(b, uint16(version))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(payload)))
	b = append(b, payload...)
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
