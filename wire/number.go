package wire

import (
	"math"
	"math/bits"
)

// parseInt decides exactly from the text of a JSON number (already checked
// for syntax) whether its value is an integer an int64 holds, and returns
// it. JSON Schema's "integer" is any number whose value is an integer, so
// 1.0, 10e-1 and 1E3 are integers; 1.5 and 1e-400 are not, however closely
// a float64 would round them to one. Nothing is rounded: the digits are
// read as a decimal mantissa and a power of ten.
func parseInt(text []byte) (int64, error) {
	neg, u, ok, err := parseInteger(text)
	if err != nil {
		return 0, err
	}
	if !ok || (!neg && u > math.MaxInt64) || (neg && u > 1<<63) {
		return 0, fail(ErrOutOfRange, "must be an integer an int64 holds, not %s", text)
	}
	if neg {
		return int64(-u), nil // -(1<<63) wraps to math.MinInt64, as it should
	}
	return int64(u), nil
}

// parseUint is parseInt for an integer a uint64 holds (CUE's uint64, 0 to
// 2^64-1): -0 is 0; any other negative number is out of range.
func parseUint(text []byte) (uint64, error) {
	neg, u, ok, err := parseInteger(text)
	if err != nil {
		return 0, err
	}
	if !ok || (neg && u != 0) {
		return 0, fail(ErrOutOfRange, "must be an integer a uint64 holds, not %s", text)
	}
	return u, nil
}

// parseInteger reads the text of a JSON number as an integer: its sign and
// magnitude, ok false when the magnitude is beyond 2^64-1, an error when
// the value is no integer.
func parseInteger(text []byte) (neg bool, u uint64, ok bool, err error) {
	p := 0
	neg = text[0] == '-'
	if neg {
		p++
	}
	// The mantissa's significant digits, from the first nonzero one to the
	// last; zeros after a significant digit wait in zeros until another
	// nonzero digit shows they are inside the mantissa. The value is
	// mantissa × 10^(scale+zeros).
	var digits [20]byte
	nd, zeros, scale := 0, 0, 0
	long := false // more than 20 significant digits: beyond 2^64-1 in any case
	add := func(c byte) {
		if c == '0' {
			if nd > 0 {
				zeros++
			}
			return
		}
		if nd+zeros+1 > len(digits) {
			long = true
			return
		}
		for ; zeros > 0; zeros-- {
			digits[nd] = '0'
			nd++
		}
		digits[nd] = c
		nd++
	}
	for p < len(text) && text[p] >= '0' && text[p] <= '9' {
		add(text[p])
		p++
	}
	if p < len(text) && text[p] == '.' {
		for p++; p < len(text) && text[p] >= '0' && text[p] <= '9'; p++ {
			add(text[p])
			scale--
		}
	}
	if p < len(text) && (text[p] == 'e' || text[p] == 'E') {
		p++
		eneg := text[p] == '-'
		if text[p] == '+' || text[p] == '-' {
			p++
		}
		e := 0
		for ; p < len(text); p++ {
			if e < 1_000_000_000 { // saturate: far past any bound that matters
				e = e*10 + int(text[p]-'0')
			}
		}
		if eneg {
			e = -e
		}
		scale += e
	}
	scale += zeros
	switch {
	case nd == 0 && !long:
		return neg, 0, true, nil // zero, however it is written
	case long:
		return neg, 0, false, nil
	case scale < 0:
		return neg, 0, false, fail(ErrNotInteger, "must be an integer, not %s", text)
	case nd+scale > 20:
		return neg, 0, false, nil
	}
	// At most 20 digits: 2^64-1 has 20, so each step checks for overflow.
	for i := range nd + scale {
		d := uint64(0)
		if i < nd {
			d = uint64(digits[i] - '0')
		}
		hi, lo := bits.Mul64(u, 10)
		sum, carry := bits.Add64(lo, d, 0)
		if hi != 0 || carry != 0 {
			return neg, 0, false, nil
		}
		u = sum
	}
	return neg, u, true, nil
}
