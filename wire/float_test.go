package wire

import (
	"encoding/json"
	"math"
	"testing"
)

// TestFloatEncodesAsEncodingJSON: Encoder.Float writes the bytes
// json.Marshal writes for the same float64.
func TestFloatEncodesAsEncodingJSON(t *testing.T) {
	for _, f := range []float64{0, -0.0, 1, -1, 0.1, 1.5, 1e-6, 9.99e-7, 1e-7, 123456789, 1e20, 1e21, 1.5e300, -2.5e-300,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 9007199254740993, 0.30000000000000004} {
		want, _ := json.Marshal(f)
		var e Encoder
		e.Float(f)
		if got, err := e.Result(); err != nil || string(got) != string(want) {
			t.Errorf("Float(%v) = %s, %v; json.Marshal writes %s", f, got, err, want)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		var e Encoder
		e.Float(f)
		if _, err := e.Result(); err == nil {
			t.Errorf("Float(%v) encoded; want an error", f)
		}
	}
}

// TestFloatReads: a number reads as the float64 nearest its text, an
// integer included; one beyond float64 and anything not a number are
// refused.
func TestFloatReads(t *testing.T) {
	for in, want := range map[string]float64{"0": 0, "-1.5": -1.5, "1e3": 1000, "0.1": 0.1, "9007199254740993": 9007199254740992, "1e-400": 0} {
		var f float64
		r := Reader{data: []byte(in)}
		if err := r.Float(&f); err != nil || f != want {
			t.Errorf("Float(%s) = %v, %v; want %v", in, f, err, want)
		}
	}
	for _, in := range []string{"1e400", `"1"`, "null", "true", "-", "01"} {
		var f float64
		r := Reader{data: []byte(in)}
		err := r.Float(&f)
		if err == nil {
			err = r.End()
		}
		if err == nil {
			t.Errorf("Float(%s) = %v; want an error", in, f)
		}
	}
}

// FuzzFloat: Reader.Float accepts exactly the JSON numbers encoding/json
// reads into a float64, with the same value, and Encoder.Float writes back
// what json.Marshal writes.
func FuzzFloat(f *testing.F) {
	for _, s := range []string{"0", "-0", "1.5", "1e400", "1e-400", "01", "-", "1.", ".5", "1e", "9007199254740993", "2.2250738585072011e-308"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var got float64
		r := Reader{data: []byte(s)}
		err := r.Float(&got)
		if err == nil {
			err = r.End()
		}
		var want float64
		jerr := json.Unmarshal([]byte(s), &want)
		if (err == nil) != (jerr == nil) {
			// encoding/json reads whitespace, true and null too, and
			// refuses what overflows only as a range error: compare on
			// numbers only.
			if jerr == nil && (len(s) == 0 || (s[0] != '-' && (s[0] < '0' || s[0] > '9'))) {
				return
			}
			t.Fatalf("Float(%q): %v; encoding/json: %v", s, err, jerr)
		}
		if err != nil {
			return
		}
		if got != want {
			t.Fatalf("Float(%q) = %v; encoding/json reads %v", s, got, want)
		}
		var e Encoder
		e.Float(got)
		b, _ := e.Result()
		if j, _ := json.Marshal(got); string(b) != string(j) {
			t.Fatalf("Float writes %s; json.Marshal %s", b, j)
		}
	})
}
