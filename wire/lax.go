package wire

import "strconv"

// A lax reading is Try's: it reads a value as one variant of a union
// without a discriminator to learn whether the variant is possible, as
// CUE decides it. CUE keeps a variant possible where the value is only
// incomplete for it at any depth — a required field missing in a nested
// object, a nested union the value leaves more than one variant of
// possible — and drops it only where the value conflicts with it. So in
// a lax reading neither is an error: each leaves a hole, the path (below
// the variant) whose Validate problems come of what was not read, and
// the reading goes on to find a conflict anywhere else.
type laxState struct {
	frames []frame // the containers being read, the innermost last
	// holes are the paths whose problems Try ignores: a missing field,
	// a nested union's value (its own reading judged it possible).
	holes []string
	// incomplete is set when the value is incomplete below the
	// variant's own members: a missing field, an ambiguous union.
	incomplete bool
}

// A frame is one container being read: an object's current member, a
// map's current key, or a list's current index.
type frame struct {
	kind  uint8 // stepMember, stepKey or stepIndex
	name  string
	index int
}

func (l *laxState) push(kind uint8) { l.frames = append(l.frames, frame{kind: kind}) }

func (l *laxState) pop() {
	if n := len(l.frames); n > 0 {
		l.frames = l.frames[:n-1]
	}
}

func (l *laxState) top() *frame {
	if n := len(l.frames); n > 0 {
		return &l.frames[n-1]
	}
	return nil
}

// path renders where the reading is, and member below it unless it is
// "", as Path.String renders a Validate problem's path.
func (l *laxState) path(member string) string {
	var b []byte
	for _, f := range l.frames {
		switch f.kind {
		case stepIndex:
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(f.index), 10)
			b = append(b, ']')
		case stepKey:
			b = append(b, '[')
			b = strconv.AppendQuote(b, f.name)
			b = append(b, ']')
		default:
			if len(b) > 0 {
				b = append(b, '.')
			}
			b = append(b, f.name...)
		}
	}
	if member != "" {
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, member...)
	}
	return string(b)
}

// Lax reports whether r is reading a variant for Try: a generated union
// decoder then takes a value that leaves several variants possible as a
// hole (Hole) rather than an error.
func (r *Reader) Lax() bool { return r.lax != nil }

// Hole marks the value at r's position, a union's that leaves a variant
// possible, as judged: Try ignores the problems Validate finds below it
// (its variant's reading found no conflict there). incomplete says the
// union is left ambiguous, which makes the variant being tried
// incomplete.
func (r *Reader) Hole(incomplete bool) {
	if r.lax == nil {
		return
	}
	r.lax.holes = append(r.lax.holes, r.lax.path(""))
	if incomplete {
		r.lax.incomplete = true
	}
}

// MissingField is the error for the first required field of names
// (bits of req) not read (bits of have), or nil when every one was. In a
// lax reading a missing field is no error: each is a hole, and the
// variant being tried incomplete.
func (r *Reader) MissingField(names []string, req, have uint64) error {
	if r.lax == nil {
		return MissingField(names, req, have)
	}
	for i, n := range names {
		if req&(1<<i) != 0 && have&(1<<i) == 0 {
			r.lax.holes = append(r.lax.holes, r.lax.path(n))
			r.lax.incomplete = true
		}
	}
	return nil
}

// MissingFields is MissingField for an object of more than 64 fields.
func (r *Reader) MissingFields(names []string, req, have []uint64) error {
	if r.lax == nil {
		return MissingFields(names, req, have)
	}
	for i, n := range names {
		if req[i/64]&(1<<(i%64)) != 0 && have[i/64]&(1<<(i%64)) == 0 {
			r.lax.holes = append(r.lax.holes, r.lax.path(n))
			r.lax.incomplete = true
		}
	}
	return nil
}
