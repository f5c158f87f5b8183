package judge

import (
	"bytes"
	"encoding/base64"
	"regexp"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/randschema"
)

// TestInstanceReadsBytes: a JSON string is read as bytes exactly where the
// schema wants bytes and not a string, and only when it is strict padded
// standard base64; CUE then judges it as cue export's own output.
func TestInstanceReadsBytes(t *testing.T) {
	ctx := cuecontext.New()
	v := ctx.CompileString(`
import lst "list"
#B: bytes
#U: #V | #W
#V: {kind!: "v", data!: bytes}
#W: {kind!: "w", data!: string}
#N: {v?: bytes, next?: #N, kids?: [...#N]}
#O1: {fa0: int, ...}
#O2: {fb0!: bytes, fb1: bool, ...}
#A: {
	req!: bytes
	reg:  bytes
	opt?: bytes
	nul?: bytes | null
	either?: bytes | int
	named?: #B
	list?: [...bytes]
	tuple?: [bytes, ...string]
	byName?: [string]: bytes
	sub?: {x?: bytes}
	text?: string
	any?: _
	u?: #U
	n?: #N
	counted?: [...*null | bytes] & lst.MinItems(2)
	open?: #O1 | #O2
	mode: *"a" | "b"
	if mode == "b" {
		cond?: bytes
	}
	viaMatch?: matchN(1, [matchN(>=1, [null, {b!: bytes}]), [...string]])
}`)
	if err := v.Err(); err != nil {
		t.Fatal(err)
	}
	a := v.LookupPath(cue.ParsePath("#A"))
	for _, tc := range []struct {
		doc string
		ok  bool
	}{
		{`{"req": "", "reg": "AA=="}`, true},
		{`{"req": "aGVsbG8=", "reg": "a\/8="}`, true}, // \/ is /
		{`{"req": "aGVsbG8", "reg": ""}`, false},      // padding missing
		{`{"req": "aGVs\nbG8=", "reg": ""}`, false},   // a line break
		{`{"req": "aGVsbG9=", "reg": ""}`, false},     // unused bits
		{`{"req": "a-_8", "reg": ""}`, false},         // URL alphabet
		{`{"req": 5, "reg": ""}`, false},
		{`{"req": "", "reg": "", "opt": "AAE=", "nul": null, "either": "AA==", "named": "AAEC"}`, true},
		{`{"req": "", "reg": "", "nul": "AAE="}`, true},
		{`{"req": "", "reg": "", "nul": "AAE"}`, false},
		{`{"req": "", "reg": "", "either": 3}`, true},
		// among matchN's alternatives, nested (differential seed 30386)
		{`{"req": "", "reg": "", "viaMatch": {"b": "YQ=="}}`, true},
		{`{"req": "", "reg": "", "viaMatch": {"b": "YQ"}}`, false},
		{`{"req": "", "reg": "", "viaMatch": ["YQ=="]}`, true},
		{`{"req": "", "reg": "", "list": ["AA==", ""], "tuple": ["AA==", "not base64"], "byName": {"k": "AA=="}, "sub": {"x": "AA=="}}`, true},
		{`{"req": "", "reg": "", "list": ["AA==", "A"]}`, false},
		{`{"req": "", "reg": "", "tuple": ["A", "x"]}`, false},
		{`{"req": "", "reg": "", "byName": {"k": "A"}}`, false},
		{`{"req": "", "reg": "", "text": "AA==", "any": "AA=="}`, true}, // a string stays a string
		{`{"req": "", "reg": "", "u": {"kind": "v", "data": "AA=="}}`, true},
		{`{"req": "", "reg": "", "u": {"kind": "w", "data": "not base64"}}`, true},
		{`{"req": "", "reg": "", "u": {"kind": "v", "data": "not base64"}}`, false},
		// a definition that holds itself, past the level CUE's lookup
		// unfolds (differential seed 5415)
		{`{"req": "", "reg": "", "n": {"v": "AA==", "next": {"v": "", "kids": [{"kids": [{"v": "AA=="}]}]}}}`, true},
		{`{"req": "", "reg": "", "n": {"kids": [{"kids": [{"v": "A"}]}]}}`, false},
		// items beside a list validator, which CUE's lookup of the
		// conjunction does not find (differential seed 12123)
		{`{"req": "", "reg": "", "counted": [null, "AA==", ""]}`, true},
		{`{"req": "", "reg": "", "counted": [null, "A"]}`, false},
		// an alternative the value is incomplete for reads it too: the
		// value is then ambiguous, as every target finds it
		// (differential seed 24806)
		{`{"req": "", "reg": "", "open": {"fa0": 1, "fb0": "AA=="}}`, false},
		{`{"req": "", "reg": "", "open": {"fa0": 1, "fb0": "AA==", "fb1": true}}`, true},
		{`{"req": "", "reg": "", "open": {"fa0": 1, "fb0": "not base64"}}`, true},
		{`{"req": "", "reg": "", "mode": "b", "cond": "AA=="}`, true}, // a member an if body declares
		{`{"req": "", "reg": "", "cond": "AA==", "mode": "b"}`, true},
		{`{"req": "", "reg": "", "mode": "b", "cond": "A"}`, false},
	} {
		expr, err := Instance(a, "doc.json", []byte(tc.doc))
		if err != nil {
			t.Fatalf("%s: %v", tc.doc, err)
		}
		err = a.Unify(ctx.BuildExpr(expr)).Validate(cue.Concrete(true))
		if (err == nil) != tc.ok {
			t.Errorf("%s: CUE says %v, want ok %v", tc.doc, err, tc.ok)
		}
	}
	if _, err := Instance(a, "doc.json", []byte(`{"req": `)); err == nil || !strings.Contains(err.Error(), "doc.json") {
		t.Errorf("broken JSON: %v, want an error naming the file", err)
	}
}

// FuzzDecodeBase64: the CUE judges read as bytes exactly the strings the
// JSON Schemas' pattern (model.Base64Pattern) admits, as Go's strict
// standard decoder decodes them.
func FuzzDecodeBase64(f *testing.F) {
	for _, s := range []string{"", "AA==", "AAE=", "AAEC", "aGVsbG8", "aGVsbG9=", "aGVs\nbG8=", "AB==", "-_8=", "A===", "QUJD\r\n"} {
		f.Add(s)
	}
	pattern := regexp.MustCompile(model.Base64Pattern)
	f.Fuzz(func(t *testing.T, s string) {
		b, ok := decodeBase64(s)
		if match := pattern.MatchString(s); ok != match {
			t.Fatalf("%q: decoded %v, the pattern matches: %v", s, ok, match)
		}
		if want, err := base64.StdEncoding.Strict().DecodeString(s); ok && (err != nil || !bytes.Equal(b, want)) {
			t.Fatalf("%q: read %v, Go's strict decoder %v, %v", s, b, want, err)
		}
	})
}

// TestVetSurvivesCUEPanic: reading an instance's bytes unifies the schema
// with the rest of a member's object where the schema names no such
// member, and CUE v0.17.1's evaluator panics doing so on differential
// seed 27419's schema (an index out of range in its closedness check),
// which took the whole differential test down. The member is read as
// written instead, and the verdict is CUE's: cue vet refuses both
// instances.
func TestVetSurvivesCUEPanic(t *testing.T) {
	const seed = 27419
	m := randschema.New(seed, randschema.Options{Unknown: true, Root: seed%4 == 0, Library: seed%4 == 2})
	dir := t.TempDir()
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
	insts := load.Instances([]string{"./schema/t"}, &load.Config{Dir: dir})
	if err := insts[0].Err; err != nil {
		t.Fatal(err)
	}
	def := Definition(cuecontext.New().BuildInstance(insts[0]), "A")
	for _, doc := range []string{
		`{"f1":{},"f2":{"dh":{"dm":1},"dn":"","f0":{"dn":0,"f2":{"extra":1,"f0":0,"f1":2.5,"f2":18446744073709547520},"x-a":"s"},"kind":"b","y-a":1}}`,
		`{"f0":3,"f1":{"f0":{}},"f2":{"dn":"B","f0":{"dd":"s","dn":255,"extra":1,"f1":2.5,"f2":{"extra":1,"f0":0,"f1":3}},"f1":"B","kind":"b"},"f3":0,"x-a":"s"}`,
	} {
		verdict, err := Vet(def, "instance.json", []byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		if verdict == nil {
			t.Errorf("%s: accepted; cue vet refuses it", doc)
		}
	}
}
