package wire

import (
	"math/big"
	"strconv"
	"testing"
)

// TestMultipleOfDec: a number is a multiple of a decimal fraction as CUE
// judges it, in decimal on the number's text (0.3 of 0.1, which math.Mod
// says is not), at magnitudes where a float quotient rounds.
func TestMultipleOfDec(t *testing.T) {
	for _, c := range []struct {
		v     float64
		num   int64
		scale int
		want  bool
	}{
		{0.3, 1, 1, true},
		{0.07, 1, 2, true},
		{12345678.07, 1, 2, true},
		{12345678.071, 1, 2, false},
		{-0.3, 1, 1, true},
		{0, 1, 2, true},
		{1e21, 1, 2, true},
		{1e-7, 1, 2, false},
		{2.5, 5, 1, true},
		{3, 5, 1, true},
		{3.2, 5, 1, false},
		{0.1, 3, 1, false},
		{0.9, 3, 1, true},
		{1e-15, 1, 15, true},
		{1.5e-15, 1, 15, false},
	} {
		if got := multipleOfDec(c.v, uint64(c.num), c.scale); got != c.want {
			t.Errorf("multipleOfDec(%v, %d, %d) = %v, want %v", c.v, c.num, c.scale, got, c.want)
		}
	}
}

// TestMultipleOfDecAllocs: the check allocates nothing, as Validate
// promises of the generated checks.
func TestMultipleOfDecAllocs(t *testing.T) {
	var p Problems
	path := Root("T")
	if n := testing.AllocsPerRun(100, func() { p.MultipleOfDec(&path, "cents", 12345678.07, 1, 2, "0.01") }); n != 0 {
		t.Errorf("MultipleOfDec allocates %v times a run", n)
	}
}

// FuzzMultipleOfDec: multipleOfDec agrees with exact rational arithmetic
// on the shortest text of the float64.
func FuzzMultipleOfDec(f *testing.F) {
	f.Add(0.3, int64(1), 2)
	f.Add(12345678.07, int64(7), 3)
	f.Add(1e300, int64(9), 0)
	f.Fuzz(func(t *testing.T, v float64, num int64, scale int) {
		if num <= 0 || num > 1<<53 || scale < 0 || scale > 15 || v != v || v > 1e308 || v < -1e308 {
			return
		}
		q, ok := new(big.Rat).SetString(strconv.FormatFloat(v, 'g', -1, 64))
		if !ok {
			return
		}
		k := new(big.Rat).SetFrac(big.NewInt(num), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil))
		want := new(big.Rat).Quo(q, k).IsInt()
		if got := multipleOfDec(v, uint64(num), scale); got != want {
			t.Fatalf("multipleOfDec(%v, %d, %d) = %v, exact %v", v, num, scale, got, want)
		}
	})
}
