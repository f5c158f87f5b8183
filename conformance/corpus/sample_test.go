package corpus_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/schemagen/schemagen/gen/model"
)

// sampled instances: with SCHEMAGEN_CORPUS_SAMPLES=n the corpus test draws
// n JSON values for every unit that generates, from the unit's strict JSON
// Schema (mostly values it admits, now and then one broken at a spot:
// a wrong kind, a bound crossed, a member left out), and has every judge
// decide each: CUE's verdict is the answer, and every other judge must
// give it. The real schemas of the corpus are so judged on values nobody
// wrote by hand (SCHEMAGEN_CORPUS_SAMPLE_SEED picks another draw).

// sampleSkip are the units whose sampled values meet a defect of CUE's
// evaluator that docs/jsonschema.md writes down, by Unit.Key, with where.
var sampleSkip = map[string]string{
	"cue-openapi oneof #Embed":                 "two embedded groups of closed structs (docs/jsonschema.md; constructs oneof-groups, notcue/)",
	"cue-openapi oneof_funcs #Embed":           "two embedded groups of closed structs (docs/jsonschema.md; constructs oneof-groups, notcue/)",
	"cue-openapi oneof_resolve #Embed":         "two embedded groups of closed structs (docs/jsonschema.md; constructs oneof-groups, notcue/)",
	"cue-openapi openapi #YourMessage2":        "two members of one one-of group (docs/jsonschema.md; constructs oneof-groups, onlycue/)",
	"cue-openapi openapi_norefs #YourMessage2": "two members of one one-of group (docs/jsonschema.md; constructs oneof-groups, onlycue/)",
	// #Item: {path?: …, mirrors?: …, if mirrors != _|_ {path!: …}},
	// which CUE lets any value of another kind through, itself and as
	// the values of #Version's items, a #Product's versions' and a
	// file's products'.
	"simplestreams schema #Item":        "an object of optional members beside an if (docs/jsonschema.md; constructs if-optional-embedding, onlycue/)",
	"simplestreams schema #Version":     "an object of optional members beside an if (docs/jsonschema.md; constructs if-optional-embedding, onlycue/)",
	"simplestreams schema #Product":     "an object of optional members beside an if (docs/jsonschema.md; constructs if-optional-embedding, onlycue/)",
	"simplestreams schema #ProductFile": "an object of optional members beside an if (docs/jsonschema.md; constructs if-optional-embedding, onlycue/)",
}

// sampleInstances draws n instances of every unit of runs that generates,
// written under dir. Their class is set from CUE's verdict by the caller.
func sampleInstances(t *testing.T, runs []*corpusRun, dir string, n int, seed uint64) []*instance {
	var out []*instance
	for _, r := range runs {
		for _, pkg := range slices.Sorted(maps.Keys(r.src.Pkgs)) {
			for _, u := range r.src.Pkgs[pkg] {
				if _, skip := sampleSkip[u.Key()]; skip {
					continue
				}
				if o := r.out[u]; o == nil || o.class != Generated || strings.HasPrefix(u.Name, "#.") || strings.HasPrefix(u.Name, "#\"") {
					continue // a quoted definition (#."a-b") is no name judge.Definition looks up
				}
				p := r.pkg(pkg)
				if p == nil {
					continue
				}
				in0 := unitInstance(r, pkg, u)
				folder := filepath.Join(r.work, r.cfg.Output, "jsonschema", filepath.FromSlash(pkg))
				if in0.file == "" || !hasGoType(p, in0.goName) || !p.InGo(modelName(p, u)) {
					continue // no Go type to judge with (@go(-))
				}
				b, err := os.ReadFile(filepath.Join(folder, "strict", in0.file))
				if err != nil {
					t.Errorf("%s: %v", u.Key(), err) // a unit that generates has its strict file
					continue
				}
				var doc any
				dec := json.NewDecoder(bytes.NewReader(b))
				dec.UseNumber() // bounds exactly as written (int64's 9223372036854775807)
				if err := dec.Decode(&doc); err != nil {
					t.Errorf("%s: %v", in0.file, err)
					continue
				}
				h := fnv.New64a()
				h.Write([]byte(u.Key()))
				s := &sampler{r: rand.New(rand.NewPCG(seed, h.Sum64())), root: doc}
				add := func(name string, data []byte) *instance {
					in := *in0
					in.name = name
					in.data = data
					in.path = filepath.Join(dir, fmt.Sprintf("%d.json", len(out)))
					if err := os.WriteFile(in.path, data, 0o644); err != nil {
						t.Fatal(err)
					}
					out = append(out, &in)
					return &in
				}
				for i := range n {
					s.closed = s.closed[:0]
					v := s.value(doc, 0)
					data, err := json.Marshal(v)
					if err != nil {
						t.Fatalf("%s: %v", u.Key(), err)
					}
					base := add(fmt.Sprintf("sample-%d-%d", seed, i), data)
					if twin := s.openTwin(v); twin != nil {
						add(fmt.Sprintf("sample-%d-%d-open", seed, i), twin).twinOf = base
					}
				}
			}
		}
	}
	return out
}

// hasGoType reports whether the package declares a Go type of that name.
func hasGoType(p *model.Package, name string) bool {
	is := func(goName string) bool { return goName == name }
	return slices.ContainsFunc(p.Objects, func(o *model.Object) bool { return is(o.GoName) }) ||
		slices.ContainsFunc(p.Unions, func(u *model.Union) bool { return is(u.GoName) }) ||
		slices.ContainsFunc(p.Maps, func(m *model.Map) bool { return is(m.GoName) }) ||
		slices.ContainsFunc(p.Aliases, func(a *model.Alias) bool { return is(a.GoName) })
}

// sampler draws JSON values from a JSON Schema document of the subset
// schemagen writes.
type sampler struct {
	r    *rand.Rand
	root any
	// branched counts the anyOf, oneOf and if branches the value being
	// drawn is inside; closed holds the objects drawn outside any, from
	// a schema that refuses members it does not name and counts none
	// (closedPlain): where an unknown member is judged by closedness
	// alone.
	branched int
	closed   []map[string]any
}

// breakRate is the chance, at each value drawn, that it is drawn broken.
const breakRate = 0.04

func (s *sampler) value(schema any, depth int) any {
	m, ok := schema.(map[string]any)
	if !ok {
		if schema == false || depth > 12 {
			return s.junk()
		}
		return s.any(depth)
	}
	m, branched := s.merge(m, depth)
	if branched {
		s.branched++
		defer func() { s.branched-- }()
	}
	if s.r.Float64() < breakRate {
		return s.broken(m, depth)
	}
	if c, ok := m["const"]; ok {
		return c
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		return e[s.r.IntN(len(e))]
	}
	types := kinds(m)
	if len(types) == 0 {
		return s.any(depth)
	}
	switch t := types[s.r.IntN(len(types))]; t {
	case "null":
		return nil
	case "boolean":
		return s.r.IntN(2) == 0
	case "integer", "number":
		return s.number(m, t == "integer")
	case "string":
		return s.str(m)
	case "array":
		return s.array(m, depth)
	default:
		return s.object(m, depth)
	}
}

// merge resolves $ref, allOf, one branch of anyOf or oneOf and if/then/else
// into one schema, shallowly: properties are joined, required added up.
// branched says whether it took a branch.
func (s *sampler) merge(m map[string]any, depth int) (_ map[string]any, branched bool) {
	out := map[string]any{}
	var add func(x any, n int)
	add = func(x any, n int) {
		xm, ok := x.(map[string]any)
		if !ok || n > 20 {
			return
		}
		for k, v := range xm {
			switch k {
			case "$ref":
				add(s.resolve(v.(string)), n+1)
			case "allOf":
				for _, sub := range v.([]any) {
					add(sub, n+1)
				}
			case "anyOf", "oneOf":
				subs := v.([]any)
				branched = true
				add(subs[s.r.IntN(len(subs))], n+1)
			case "if":
				branched = true
				if s.r.IntN(2) == 0 {
					add(v, n+1)
					if th, ok := xm["then"]; ok {
						add(th, n+1)
					}
				} else if el, ok := xm["else"]; ok {
					add(el, n+1)
				}
			case "then", "else", "not", "$defs", "$id", "$schema", "$comment", "title", "description":
			case "properties":
				ps, _ := out[k].(map[string]any)
				if ps == nil {
					ps = map[string]any{}
					out[k] = ps
				}
				for name, p := range v.(map[string]any) {
					if prev, ok := ps[name]; ok {
						ps[name] = map[string]any{"allOf": []any{prev, p}}
					} else {
						ps[name] = p
					}
				}
			case "required":
				prev, _ := out[k].([]any)
				out[k] = append(slices.Clip(prev), v.([]any)...)
			case "type":
				if prev, ok := out[k]; ok {
					out[k] = intersect(prev, v)
				} else {
					out[k] = v
				}
			default:
				if _, ok := out[k]; !ok {
					out[k] = v
				}
			}
		}
	}
	add(m, 0)
	return out, branched
}

func intersect(a, b any) any {
	as, bs := typeList(a), typeList(b)
	var out []any
	for _, t := range as {
		if slices.Contains(bs, t) || t == "number" && slices.Contains(bs, "integer") {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return a
	}
	return out
}

func typeList(t any) []string {
	switch t := t.(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func kinds(m map[string]any) []string {
	if t, ok := m["type"]; ok {
		return typeList(t)
	}
	switch {
	case m["properties"] != nil || m["required"] != nil || m["additionalProperties"] != nil || m["patternProperties"] != nil:
		return []string{"object"}
	case m["items"] != nil || m["prefixItems"] != nil:
		return []string{"array"}
	case m["pattern"] != nil || m["minLength"] != nil || m["maxLength"] != nil:
		return []string{"string"}
	case m["minimum"] != nil || m["maximum"] != nil || m["multipleOf"] != nil:
		return []string{"number"}
	}
	return nil
}

func (s *sampler) resolve(ref string) any {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		if _, f, found := strings.Cut(ref, "#"); found {
			frag = f // another file's definition: looked up here by name
		}
	}
	var cur any = s.root
	for _, step := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if step == "" {
			continue
		}
		step = strings.ReplaceAll(strings.ReplaceAll(step, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			return true
		}
		if cur, ok = m[step]; !ok {
			return true
		}
	}
	return cur
}

// exactBound reports whether the bound k of m is written with at most 15
// significant digits, where every judge reads it alike
// (docs/jsonschema.md: past that CUE compares decimals, the others
// doubles).
func exactBound(m map[string]any, k string) bool {
	b, ok := m[k].(json.Number)
	return ok && len(strings.TrimLeft(strings.NewReplacer("-", "", ".", "").Replace(string(b)), "0")) <= 15 && !strings.ContainsAny(string(b), "eE")
}

func num(m map[string]any, k string) (float64, bool) {
	n, ok := m[k].(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

func (s *sampler) number(m map[string]any, integer bool) any {
	lo, hi := -1e6, 1e6
	if f, ok := num(m, "minimum"); ok {
		lo = f
	}
	if f, ok := num(m, "exclusiveMinimum"); ok {
		lo = math.Nextafter(f, math.Inf(1))
		if integer {
			lo = math.Floor(f) + 1
		}
	}
	if f, ok := num(m, "maximum"); ok {
		hi = f
	}
	if f, ok := num(m, "exclusiveMaximum"); ok {
		hi = math.Nextafter(f, math.Inf(-1))
		if integer {
			hi = math.Ceil(f) - 1
		}
	}
	if _, ok := m["minimum"]; !ok && hi < lo+1e6 && hi-1e6 > lo {
		lo = hi - 1e6
	}
	// a bound as written, where it is one the value may take: int64's
	// 9223372036854775807 is past what a float64 holds exactly
	for _, k := range []string{"minimum", "maximum"} {
		if b, ok := m[k].(json.Number); ok && s.r.IntN(5) == 0 && exactBound(m, k) {
			// an integer bound of a number is written with a fraction
			// only where it is not one (CUE's float admits no 1)
			if _, err := b.Int64(); err == nil && integer || !integer && strings.Contains(string(b), ".") {
				if _, ok := m["multipleOf"]; !ok {
					return b
				}
			}
		}
	}
	// within what every judge holds exactly (docs/jsonschema.md: past
	// int64 and past float64 they differ, as written down)
	lo, hi = math.Max(lo, -(1<<53-1)), math.Min(hi, 1<<53-1)
	if !integer {
		// and with at most 15 significant digits, which every judge
		// reads alike (docs/jsonschema.md: CUE compares decimals)
		lo, hi = math.Max(lo, -1e15), math.Min(hi, 1e15)
	}
	var x float64
	switch s.r.IntN(5) {
	case 0:
		x = lo
	case 1:
		x = hi
	case 2:
		x = 0
	default:
		x = lo + s.r.Float64()*(hi-lo)
	}
	x = math.Max(lo, math.Min(hi, x))
	if mo, ok := num(m, "multipleOf"); ok && mo > 0 {
		k := math.Ceil(x / mo)
		x = k * mo
		if x > hi {
			x = (k - 1) * mo
		}
		if mo == math.Trunc(mo) {
			return json.Number(strconv.FormatFloat(x, 'f', 0, 64))
		}
		// a decimal multiple written with the multiple's own decimals
		d := len(strconv.FormatFloat(mo, 'f', -1, 64)) - strings.IndexByte(strconv.FormatFloat(mo, 'f', -1, 64), '.') - 1
		return json.Number(strconv.FormatFloat(x, 'f', d, 64))
	}
	if integer {
		// an integer written as one: 1e6 and 1.0 are floats to CUE and
		// integers to JSON Schema (docs/jsonschema.md)
		return json.Number(new(big.Float).SetFloat64(math.Trunc(x)).Text('f', 0))
	}
	// a fraction: CUE's float admits no integer literal, where JSON
	// Schema's number does (docs/jsonschema.md)
	if x == math.Trunc(x) {
		x += 0.5
		if x > hi {
			x -= 1
		}
	}
	return json.Number(strconv.FormatFloat(x, 'f', -1, 64))
}

var plain = []string{"", "a", "x-1", "hello world", "Ω≈ç√", "0", "true", "a/b.c", "ÄÖÜ", "\t", "2026-01-02", "null", "😀", "A_B"}

func (s *sampler) str(m map[string]any) string {
	min, max := 0, 12
	if f, ok := num(m, "minLength"); ok {
		min = int(f)
	}
	if f, ok := num(m, "maxLength"); ok {
		max = int(f)
	}
	if max > min+40 {
		max = min + 40
	}
	switch m["format"] {
	case "date-time":
		return fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02dZ", 1970+s.r.IntN(100), 1+s.r.IntN(12), 1+s.r.IntN(28), s.r.IntN(24), s.r.IntN(60), s.r.IntN(60))
	case "date":
		return fmt.Sprintf("%04d-%02d-%02d", 1970+s.r.IntN(100), 1+s.r.IntN(12), 1+s.r.IntN(28))
	case "uuid":
		return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", s.r.Uint32(), s.r.IntN(1<<16), s.r.IntN(1<<12), s.r.IntN(1<<12), s.r.Uint64()&(1<<48-1))
	case "ipv4":
		return fmt.Sprintf("%d.%d.%d.%d", s.r.IntN(256), s.r.IntN(256), s.r.IntN(256), s.r.IntN(256))
	case "uri":
		return "https://example.com/" + strconv.Itoa(s.r.IntN(100))
	}
	if m["contentEncoding"] == "base64" {
		b := make([]byte, s.r.IntN(6))
		for i := range b {
			b[i] = byte(s.r.IntN(256))
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	var out string
	if p, ok := m["pattern"].(string); ok {
		if re, err := syntax.Parse(p, syntax.Perl); err == nil {
			out = s.match(re.Simplify(), 0)
		}
	} else {
		out = plain[s.r.IntN(len(plain))]
	}
	n := utf8.RuneCountInString(out)
	for n < min {
		out += "a"
		n++
	}
	if n > max {
		out = string([]rune(out)[:max])
	}
	return out
}

// match draws a string re matches (mostly: anchors and word boundaries
// are passed over).
func (s *sampler) match(re *syntax.Regexp, depth int) string {
	if depth > 30 {
		return ""
	}
	switch re.Op {
	case syntax.OpLiteral:
		return string(re.Rune)
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			return ""
		}
		k := s.r.IntN(len(re.Rune)/2) * 2
		lo, hi := re.Rune[k], re.Rune[k+1]
		if hi-lo > 200 {
			hi = lo + 200
		}
		return string(lo + rune(s.r.IntN(int(hi-lo)+1)))
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		return string(rune('a' + s.r.IntN(26)))
	case syntax.OpCapture:
		return s.match(re.Sub[0], depth+1)
	case syntax.OpConcat:
		var b strings.Builder
		for _, sub := range re.Sub {
			b.WriteString(s.match(sub, depth+1))
		}
		return b.String()
	case syntax.OpAlternate:
		return s.match(re.Sub[s.r.IntN(len(re.Sub))], depth+1)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		min, max := 0, 3
		switch re.Op {
		case syntax.OpPlus:
			min = 1
		case syntax.OpQuest:
			max = 1
		case syntax.OpRepeat:
			min, max = re.Min, re.Max
			if max < 0 || max > min+3 {
				max = min + 3
			}
		}
		var b strings.Builder
		for range s.count(min, max) {
			b.WriteString(s.match(re.Sub[0], depth+1))
		}
		return b.String()
	}
	return ""
}

func (s *sampler) array(m map[string]any, depth int) any {
	min, max := 0, 3
	if f, ok := num(m, "minItems"); ok {
		min = int(f)
	}
	if f, ok := num(m, "maxItems"); ok {
		max = int(f)
	} else {
		max = min + 3
	}
	if max > min+3 {
		max = min + 3
	}
	if min > 50 {
		return []any{}
	}
	n := s.count(min, max)
	prefix, _ := m["prefixItems"].([]any)
	out := []any{}
	for i := range n {
		var sub any = true
		if i < len(prefix) {
			sub = prefix[i]
		} else if it, ok := m["items"]; ok {
			sub = it
		}
		if sub == false {
			break
		}
		out = append(out, s.value(sub, depth+1))
	}
	return out
}

func (s *sampler) object(m map[string]any, depth int) any {
	out := map[string]any{}
	if s.branched == 0 && closedPlain(m) {
		s.closed = append(s.closed, out)
	}
	props, _ := m["properties"].(map[string]any)
	required := map[string]bool{}
	for _, r := range asList(m["required"]) {
		if name, ok := r.(string); ok {
			required[name] = true
		}
	}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		if required[name] || s.r.IntN(2) == 0 {
			out[name] = s.value(props[name], depth+1)
		}
	}
	for name := range required {
		if _, ok := out[name]; !ok {
			out[name] = s.any(depth + 1)
		}
	}
	if pp, ok := m["patternProperties"].(map[string]any); ok {
		for _, p := range slices.Sorted(maps.Keys(pp)) {
			if s.r.IntN(3) == 0 {
				continue
			}
			if re, err := syntax.Parse(p, syntax.Perl); err == nil {
				out[s.match(re.Simplify(), 0)] = s.value(pp[p], depth+1)
			}
		}
	}
	if ap, ok := m["additionalProperties"]; ok && ap != false && s.r.IntN(2) == 0 {
		key := plain[s.r.IntN(len(plain))]
		if pn, ok := m["propertyNames"].(map[string]any); ok {
			if p, ok := pn["pattern"].(string); ok {
				if re, err := syntax.Parse(p, syntax.Perl); err == nil {
					key = s.match(re.Simplify(), 0)
				}
			}
		}
		if _, taken := props[key]; !taken {
			out[key] = s.value(ap, depth+1)
		}
	}
	return out
}

// closedPlain reports whether m refuses every member it does not name
// and says nothing else of its members as a whole: an unknown member
// there is judged by closedness alone.
func closedPlain(m map[string]any) bool {
	if m["unevaluatedProperties"] != false && m["additionalProperties"] != false {
		return false
	}
	for _, k := range []string{"patternProperties", "propertyNames", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "not"} {
		if _, ok := m[k]; ok {
			return false
		}
	}
	return true
}

// unknownMember is the name of the member an open twin adds: one no
// schema of the corpus names.
const unknownMember = "zzSampledUnknown"

// openTwin returns v with an unknown member added to one of the objects
// s.closed holds (drawn with v), or nil when it holds none.
func (s *sampler) openTwin(v any) []byte {
	if len(s.closed) == 0 {
		return nil
	}
	o := s.closed[s.r.IntN(len(s.closed))]
	o[unknownMember] = json.Number("1")
	defer delete(o, unknownMember)
	data, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return data
}

// count draws a count from least to most, least when most is below it.
func (s *sampler) count(least, most int) int {
	most = max(most, least)
	return least + s.r.IntN(most-least+1)
}

func asList(x any) []any { l, _ := x.([]any); return l }

// any is a small JSON value of any kind.
func (s *sampler) any(depth int) any {
	if depth > 8 {
		return nil
	}
	switch s.r.IntN(7) {
	case 0:
		return nil
	case 1:
		return s.r.IntN(2) == 0
	case 2:
		return json.Number(strconv.Itoa(s.r.IntN(2000) - 1000))
	case 3:
		return json.Number("1.5")
	case 4:
		return plain[s.r.IntN(len(plain))]
	case 5:
		return []any{s.any(depth + 1)}
	default:
		return map[string]any{} // no member: one the schema does not name is an unknown member, judged apart
	}
}

// junk is a value of a kind the schema likely refuses.
func (s *sampler) junk() any {
	// (not 1e400: past float64, CUE reads a decimal where the others
	// refuse; nor an integer, which CUE's float refuses and a JSON
	// Schema number admits: docs/jsonschema.md writes both down)
	return []any{nil, true, json.Number("-2.5"), json.Number("-0.5"), json.Number("0.5"), "", "zz", []any{}, map[string]any{}}[s.r.IntN(9)]
}

// broken draws a value of m broken at its top: of another kind, past a
// bound, or missing a required member.
func (s *sampler) broken(m map[string]any, depth int) any {
	switch s.r.IntN(3) {
	case 1:
		if f, ok := num(m, "maximum"); ok && exactBound(m, "maximum") && math.Abs(f) < 1e15 {
			return json.Number(strconv.FormatFloat(f+1, 'f', -1, 64))
		}
		if f, ok := num(m, "minimum"); ok && exactBound(m, "minimum") && math.Abs(f) < 1e15 {
			return json.Number(strconv.FormatFloat(f-1, 'f', -1, 64))
		}
		if f, ok := num(m, "maxLength"); ok && f < 100 {
			return strings.Repeat("b", int(f)+1)
		}
	case 2:
		if req := asList(m["required"]); len(req) > 0 && slices.Contains(kinds(m), "object") {
			o := s.object(m, depth).(map[string]any)
			if name, ok := req[s.r.IntN(len(req))].(string); ok {
				delete(o, name)
			}
			return o
		}
	}
	return s.junk()
}
