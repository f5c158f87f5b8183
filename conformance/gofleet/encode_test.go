package gofleet_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// The generated encoders write JSON without reflection. They must write
// exactly what encoding/json writes for the same value, which this file
// checks against a twin: the same value copied into types made with
// reflect.StructOf, which have the generated types' fields and tags but
// none of their methods, so encoding/json encodes the twin by reflection
// alone. (A union variant's twin carries its discriminator as its first
// field.) Optional fields are omitted exactly when nil: a present zero
// time (issue 12) is written.

// discriminators maps a union's tag method to its wire name.
var discriminators = map[string]string{"Kind": "kind", "Type": "type"}

var timeType = reflect.TypeFor[time.Time]()

// twinType is t without methods, recursively.
func twinType(t reflect.Type) reflect.Type {
	switch t.Kind() {
	case reflect.Pointer:
		return reflect.PointerTo(twinType(t.Elem()))
	case reflect.Slice:
		return reflect.SliceOf(twinType(t.Elem()))
	case reflect.Map:
		return reflect.MapOf(t.Key(), twinType(t.Elem()))
	case reflect.String:
		return reflect.TypeFor[string]()
	case reflect.Interface:
		return reflect.TypeFor[any]()
	case reflect.Struct:
		if t == timeType {
			return t
		}
		var fs []reflect.StructField
		for m, name := range discriminators {
			if _, ok := reflect.PointerTo(t).MethodByName(m); ok {
				fs = append(fs, reflect.StructField{Name: "Tag_", Type: reflect.TypeFor[string](), Tag: reflect.StructTag(`json:"` + name + `"`)})
			}
		}
		for i := range t.NumField() {
			f := t.Field(i)
			fs = append(fs, reflect.StructField{Name: f.Name, Type: twinType(f.Type), Tag: f.Tag})
		}
		return reflect.StructOf(fs)
	}
	return t
}

// twin copies v into its twin type.
func twin(v reflect.Value) reflect.Value {
	out := reflect.New(twinType(v.Type())).Elem()
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			out.Set(twin(v.Elem()).Addr())
		}
	case reflect.Slice:
		if !v.IsNil() {
			s := reflect.MakeSlice(out.Type(), v.Len(), v.Len())
			for i := range v.Len() {
				s.Index(i).Set(twin(v.Index(i)))
			}
			out.Set(s)
		}
	case reflect.Map:
		if !v.IsNil() {
			m := reflect.MakeMapWithSize(out.Type(), v.Len())
			for it := v.MapRange(); it.Next(); {
				m.SetMapIndex(it.Key(), twin(it.Value()))
			}
			out.Set(m)
		}
	case reflect.String:
		out.SetString(v.String())
	case reflect.Struct:
		if v.Type() == timeType {
			out.Set(v)
			break
		}
		if !v.CanAddr() { // a map value
			c := reflect.New(v.Type()).Elem()
			c.Set(v)
			v = c
		}
		j := 0
		for m := range discriminators {
			if meth := v.Addr().MethodByName(m); meth.IsValid() {
				out.Field(0).SetString(meth.Call(nil)[0].String())
				j = 1
			}
		}
		for i := range v.NumField() {
			f := out.Field(i + j)
			f.Set(twin(v.Field(i)))
			// A required list or map is written even when nil, as [] or {}
			// (a required field is always there), which the generated
			// encoders have always done.
			if tag := v.Type().Field(i).Tag.Get("json"); !strings.Contains(tag, ",omit") && (f.Kind() == reflect.Slice || f.Kind() == reflect.Map) && f.IsNil() {
				switch f.Kind() {
				case reflect.Slice:
					f.Set(reflect.MakeSlice(f.Type(), 0, 0))
				case reflect.Map:
					f.Set(reflect.MakeMap(f.Type()))
				}
			}
		}
	default:
		out.Set(v)
	}
	return out
}

type appender interface {
	AppendJSON([]byte) ([]byte, error)
}

// checkEncoding compares the generated encoding of x (a pointer) with
// encoding/json's of its twin, and with json.Marshal of x itself.
func checkEncoding(t *testing.T, x appender) {
	t.Helper()
	want, err := json.Marshal(twin(reflect.ValueOf(x).Elem()).Interface())
	if err != nil {
		t.Fatalf("encoding/json on the twin of %#v: %v", x, err)
	}
	got, err := x.AppendJSON([]byte("prefix"))
	if err != nil {
		t.Fatalf("AppendJSON(%#v): %v", x, err)
	}
	if string(got) != "prefix"+string(want) {
		t.Fatalf("AppendJSON wrote\n%s\nencoding/json writes\n%s", got[len("prefix"):], want)
	}
	viaStd, err := json.Marshal(x)
	if err != nil || string(viaStd) != string(want) {
		t.Fatalf("json.Marshal wrote %s, %v; want %s", viaStd, err, want)
	}
}

// TestEncodingMatchesEncodingJSON runs every valid fixture and a stream of
// random values through both encoders.
func TestEncodingMatchesEncodingJSON(t *testing.T) {
	dirs := map[string]func() appender{
		"snapshot":     func() appender { return new(fleet.Snapshot) },
		"seat":         func() appender { return new(fleet.Seat) },
		"stance":       func() appender { return new(fleet.Stance) },
		"edge":         func() appender { return new(fleet.Edge) },
		"tally":        func() appender { return new(fleet.Tally) },
		"run-outcome":  func() appender { return new(fleet.RunOutcome) },
		"census-agent": func() appender { return new(fleet.CensusAgent) },
	}
	n := 0
	for dir, mk := range dirs {
		files, _ := filepath.Glob(filepath.Join("../fixtures/fleet/valid", dir, "*.json"))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			x := mk()
			if err := x.(json.Unmarshaler).UnmarshalJSON(data); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			checkEncoding(t, x)
			n++
		}
	}
	for _, dir := range []string{"ledger-row", "replay-event"} {
		files, _ := filepath.Glob(filepath.Join("../fixtures/fleet/valid", dir, "*.json"))
		for _, file := range files {
			data, _ := os.ReadFile(file)
			var x appender
			var err error
			if dir == "ledger-row" {
				x, err = fleet.UnmarshalLedgerRow(data)
			} else {
				x, err = fleet.UnmarshalReplayEvent(data)
			}
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			checkEncoding(t, x)
			n++
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		for _, mk := range []func() appender{
			func() appender { return new(fleet.Snapshot) },
			func() appender { return new(fleet.CensusEvent) },
			func() appender { return new(fleet.ShippedRow) },
			func() appender { return new(fleet.PromptedRow) },
			func() appender { return new(fleet.StanceEvent) },
		} {
			x := mk()
			fill(rng, reflect.ValueOf(x).Elem(), 0)
			checkEncoding(t, x)
			n++
		}
	}
	if n < 10000 {
		t.Errorf("only %d values compared", n)
	}
}

// strs are the strings random values draw from: escapes, HTML, control
// characters, U+2028, invalid UTF-8 and plain text.
var strs = []string{"", "t-0042", "Ada", `say "hi" \ bye`, "<b>&amp;</b>", "\x00\x1f\x7f", "tab\tnl\nff\fbs\b", "\u2028\u2029", "\xff\xfe bad", "日本語 🙂"}

// fill sets v to a random value, members of v's enums among them; depth
// bounds nesting.
func fill(rng *rand.Rand, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Pointer:
		if rng.IntN(3) > 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fill(rng, v.Elem(), depth+1)
		}
	case reflect.Slice:
		if rng.IntN(4) == 0 {
			return // nil: absent
		}
		n := rng.IntN(4)
		if depth > 2 {
			n = 0
		}
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			fill(rng, s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Map:
		if rng.IntN(4) == 0 {
			return
		}
		m := reflect.MakeMap(v.Type())
		for range rng.IntN(4) {
			e := reflect.New(v.Type().Elem()).Elem()
			fill(rng, e, depth+1)
			m.SetMapIndex(reflect.ValueOf(strs[rng.IntN(len(strs))]), e)
		}
		v.Set(m)
	case reflect.String:
		if _, isEnum := enumValues[v.Type().Name()]; isEnum {
			// An enum: one of its members.
			members := reflect.ValueOf(enumValues[v.Type().Name()]()).Elem()
			v.Set(members.Index(rng.IntN(members.Len())))
			return
		}
		v.SetString(strs[rng.IntN(len(strs))])
	case reflect.Int64:
		v.SetInt(rng.Int64() >> rng.IntN(63))
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 0)
	case reflect.Struct:
		if v.Type() == timeType {
			zones := []*time.Location{time.UTC, time.FixedZone("", 3600), time.FixedZone("", -(9*3600 + 1800))}
			tm := time.Unix(rng.Int64N(1<<36), rng.Int64N(1e9)).In(zones[rng.IntN(3)])
			if rng.IntN(8) == 0 {
				tm = time.Time{} // the zero time, present: issue 12's trap
			}
			v.Set(reflect.ValueOf(tm))
			return
		}
		for i := range v.NumField() {
			fill(rng, v.Field(i), depth)
		}
	}
}

// enumValues returns each enum's members as a pointer to a slice.
var enumValues = map[string]func() any{
	"Pose":        func() any { s := fleet.PoseValues(); return &s },
	"AgentStatus": func() any { s := fleet.AgentStatusValues(); return &s },
	"Outcome":     func() any { s := fleet.OutcomeValues(); return &s },
	"EdgeKind":    func() any { s := fleet.EdgeKindValues(); return &s },
}

// TestPresentZeroTimeIsKept is issue 12's second bug: a present optional
// time at the zero instant was dropped on encoding, turning present into
// absent on a round trip.
func TestPresentZeroTimeIsKept(t *testing.T) {
	for _, doc := range []string{
		`{"paneId":"p1","terminalId":"t1","name":"Ada","status":"idle","startedAt":"0001-01-01T00:00:00Z"}`,
		`{"paneId":"p1","terminalId":"t1","name":"Ada","status":"idle","startedAt":"0001-01-01T01:00:00+01:00"}`,
	} {
		var a fleet.CensusAgent
		if err := a.UnmarshalJSON([]byte(doc)); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(&a)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"startedAt":"0001-01-01T`) {
			t.Errorf("encoding %s dropped the present startedAt: %s", doc, b)
		}
		var back fleet.CensusAgent
		if err := back.UnmarshalJSON(b); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(a, back); diff != "" {
			t.Errorf("round trip of %s changed it (-before +after):\n%s", doc, diff)
		}
	}
}
