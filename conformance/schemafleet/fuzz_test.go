package schemafleet_test

import (
	"bytes"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	jsv "github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/schemagen/schemagen/gen/jsonschema"
)

// FuzzDecoderAgreesWithSchemas is the differential of issue 12: for any
// bytes and any schema of the open set, the generated Go types (decode,
// then Validate) accept exactly what santhosh-tekuri accepts under the
// schema, after encoding/json has said the bytes are JSON at all. What the
// Go types accept they write back as encoding/json reads the same values:
// every member they wrote is in the input with an equal value. It would
// have found each of the bugs: a NUL byte after the document, a
// present zero time dropped on encoding, 1.0000000000000001 read as 1.
//
// The one input class skipped is a member name given twice in an object:
// RFC 8259 leaves it open, encoding/json and santhosh keep the last, CUE
// unifies them, and the Go decoder refuses it (docs/jsonschema.md).
func FuzzDecoderAgreesWithSchemas(f *testing.F) {
	names := fuzzSchemaNames(f)
	for i, name := range names {
		for _, kind := range []string{"valid", "invalid"} {
			files, _ := filepath.Glob(filepath.Join(fixtureDir, kind, name, "*.json"))
			for _, file := range files {
				data, err := os.ReadFile(file)
				if err != nil {
					f.Fatal(err)
				}
				f.Add(uint8(i), data)
			}
		}
	}
	idx := func(name string) uint8 { return uint8(slices.Index(names, name)) }
	for _, seed := range []struct {
		schema string
		doc    string
	}{
		{"ledger-row", `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}` + "\x00" + `{"kind":"failed"}`},
		{"census-agent", `{"paneId":"p1","terminalId":"t1","name":"Ada","status":"idle","startedAt":"0001-01-01T00:00:00Z"}`},
		{"tally", `{"passed":1.0000000000000001,"failed":0,"shipped":0,"prompted":0}`},
		{"tally", `{"passed":1e-400,"failed":1,"shipped":0,"prompted":0}`},
		{"tally", `{"passed":9007199254740993.0,"failed":0,"shipped":0,"prompted":0}`},
		{"tally", `{"passed":0,"failed":0,"shipped":0,"prompted":0}`},
		{"snapshot", `{"cursor":9223372036854775807.0,"at":"2026-09-06T10:00:00Z","seats":[]}`},
		{"edge", `{"kind":"spawn","fromSeatId":"a","toSeatId":"b","at":"2026-09-06T10:00:00Z","conversationId":"c"}`},
	} {
		f.Add(idx(seed.schema), []byte(seed.doc))
	}
	schemas := map[string]*jsv.Schema{}
	c := newCompiler("the fuzz target")
	for _, name := range names {
		file := filepath.Join(schemaDir, name+jsonschema.Suffix)
		addFile(f, c, file, idBase+"fleet/"+name+jsonschema.Suffix)
	}
	for _, name := range names {
		s, err := c.Compile(idBase + "fleet/" + name + jsonschema.Suffix)
		if err != nil {
			f.Fatal(err)
		}
		schemas[name] = s
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		name := names[int(which)%len(names)]
		if hasDuplicateName(data) {
			return
		}
		schemaOK := false
		var inst any
		if json.Valid(data) {
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.UseNumber()
			if err := dec.Decode(&inst); err != nil {
				t.Fatalf("encoding/json says %q is valid but does not decode it: %v", data, err)
			}
			schemaOK = schemas[name].Validate(inst) == nil
		}
		v, err := goTypes[name](data)
		goOK := err == nil
		if schemaOK != goOK {
			t.Fatalf("%s: the schema says valid=%v, the Go types %v (%v) for %q", name, schemaOK, goOK, err, data)
		}
		if !goOK {
			return
		}
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%s: encoding what was decoded: %v", name, err)
		}
		var back any
		dec := json.NewDecoder(bytes.NewReader(out))
		dec.UseNumber()
		if err := dec.Decode(&back); err != nil {
			t.Fatalf("%s: the encoding %s is not JSON: %v", name, out, err)
		}
		if err := schemas[name].Validate(back); err != nil {
			t.Fatalf("%s: the schema refuses what Go wrote back, %s: %v", name, out, err)
		}
		if !sameValues(back, inst) {
			t.Fatalf("%s: Go wrote back %s, which encoding/json reads differently from the input %q", name, out, data)
		}
		// And what was written decodes to the same value: nothing present
		// was dropped (a zero time), nothing absent invented.
		again, err := goTypes[name](out)
		if err != nil {
			t.Fatalf("%s: the Go types refuse their own encoding %s: %v", name, out, err)
		}
		if diff := cmp.Diff(v, again); diff != "" {
			t.Fatalf("%s: a round trip through %s changed the value (-decoded +again):\n%s", name, out, diff)
		}
	})
}

func fuzzSchemaNames(tb testing.TB) []string {
	files, err := filepath.Glob(filepath.Join(schemaDir, "*"+jsonschema.Suffix))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no schemas in %s", schemaDir)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f)[:len(filepath.Base(f))-len(jsonschema.Suffix)])
	}
	slices.Sort(names)
	return names
}

// sameValues reports whether every member of got is in want with an equal
// value (numbers by exact value, timestamps by instant), lists element by
// element: what the Go types wrote is what the input said, less the
// members they do not know.
func sameValues(got, want any) bool {
	switch g := got.(type) {
	case map[string]any:
		w, ok := want.(map[string]any)
		if !ok {
			return false
		}
		for k, gv := range g {
			wv, ok := w[k]
			if !ok || !sameValues(gv, wv) {
				return false
			}
		}
		return true
	case []any:
		w, ok := want.([]any)
		if !ok || len(w) != len(g) {
			return false
		}
		for i := range g {
			if !sameValues(g[i], w[i]) {
				return false
			}
		}
		return true
	case json.Number:
		w, ok := want.(json.Number)
		if !ok {
			return false
		}
		a, ok1 := new(big.Rat).SetString(string(g))
		b, ok2 := new(big.Rat).SetString(string(w))
		return ok1 && ok2 && a.Cmp(b) == 0
	case string:
		w, ok := want.(string)
		if !ok {
			return false
		}
		if g == w {
			return true
		}
		tg, err1 := time.Parse(time.RFC3339Nano, g)
		tw, err2 := time.Parse(time.RFC3339Nano, w)
		return err1 == nil && err2 == nil && tg.Equal(tw)
	}
	return got == want
}

// hasDuplicateName reports whether any object in data, which need not be
// JSON, gives a member name twice.
func hasDuplicateName(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		object bool
		names  map[string]bool
		key    bool // the next token of an object is a name
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.key {
			if s, ok := tok.(string); ok {
				if top.names[s] {
					return true
				}
				top.names[s] = true
				top.key = false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			if top != nil && top.object {
				top.key = true
			}
			stack = append(stack, &frame{object: true, names: map[string]bool{}, key: true})
			continue
		case json.Delim('['):
			if top != nil && top.object {
				top.key = true
			}
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].key = true
			}
			continue
		}
		if top != nil && top.object {
			top.key = true
		}
	}
}
