package wire

import (
	"errors"
	"math"
	"strconv"
)

// Float reads a JSON number as a float64, the nearest to its text. A
// number too large for a float64 is refused, not read as an infinity.
func (r *Reader) Float(dst *float64) error {
	c := r.peek()
	if c != '-' && (c < '0' || c > '9') {
		return r.TypeError("a number")
	}
	start := r.pos
	if err := r.number(); err != nil {
		return err
	}
	f, err := strconv.ParseFloat(string(r.data[start:r.pos]), 64)
	if err != nil {
		return errors.New("is beyond what a float64 holds")
	}
	*dst = f
	return nil
}

// Float writes a float64 as encoding/json writes one: the shortest text
// that reads back as the same float64, in exponent form below 1e-6 and
// from 1e21. NaN and the infinities have no JSON and fail the encoding.
func (e *Encoder) Float(f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		e.Fail(errors.New("a NaN or infinite float64 has no JSON encoding"))
		return
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(e.B, f, format, -1, 64)
	if format == 'e' {
		// 1e-07 → 1e-7, as encoding/json cleans it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	e.B = b
}

// MinNum checks a number is at least n, or above it when exclusive.
func (p *Problems) MinNum(path *Path, member string, v, n float64, exclusive bool) {
	switch {
	case exclusive && v <= n:
		p.Add(path, member, "must be more than %v (is %v)", n, v)
	case !exclusive && v < n:
		p.Add(path, member, "must be at least %v (is %v)", n, v)
	}
}

// MaxNum checks a number is at most n, or below it when exclusive.
func (p *Problems) MaxNum(path *Path, member string, v, n float64, exclusive bool) {
	switch {
	case exclusive && v >= n:
		p.Add(path, member, "must be less than %v (is %v)", n, v)
	case !exclusive && v > n:
		p.Add(path, member, "must be at most %v (is %v)", n, v)
	}
}
