package wire

import (
	"math/bits"
	"reflect"
	"strings"
)

// A union without a discriminator (CUE's #A | #B of closed objects that no
// constant field tells apart) is decoded as CUE decides it: a variant is
// possible when the value has no member that another variant declares and
// it does not, and every member it has is one the variant admits, its
// missing required fields aside; exactly one variant must be possible,
// and the value must be complete for it. The generated decoder asks Fit
// which variants the members allow, Try each of those, and decodes the
// one left.

// Fit scans the object at the reader's position without consuming it and
// returns the variants, as bits of all, that declare every member it has
// that some variant declares: members maps each such name to the bits of
// the variants that declare it. A member no variant declares is skipped,
// as every decoder here skips an unknown member.
func (r *Reader) Fit(members map[string]uint64, all uint64) (uint64, error) {
	return r.FitOpen(members, all, all)
}

// FitOpen is Fit for a union of which some variants are open (they admit
// members they do not name, a library's fields in CUE): a member no
// variant declares leaves only the variants of unknown, the open ones,
// as CUE's closed variants conflict with it.
func (r *Reader) FitOpen(members map[string]uint64, all, unknown uint64) (uint64, error) {
	s := *r
	s.lax = nil // a look ahead
	if err := s.Object(); err != nil {
		return 0, err
	}
	fit := all
	for first := true; ; first = false {
		key, ok, err := s.Key(first)
		if err != nil {
			return 0, err
		}
		if !ok {
			break
		}
		if m, known := members[string(key)]; known {
			fit &= m
		} else {
			fit &= unknown
		}
		if err := s.Skip(); err != nil {
			return 0, err
		}
	}
	return fit, nil
}

// HasAll reports whether the object at r's position, which it does not
// consume, has a member of every one of names: a value of a union whose
// possible variants come out equal where it holds every member each
// declares (a union without a discriminator of open variants that no
// constant tells apart). An object that cannot be read has none.
func (r *Reader) HasAll(names []string) bool {
	s := *r
	s.lax = nil // a look ahead
	if s.Object() != nil {
		return false
	}
	have := 0
	for first := true; ; first = false {
		key, ok, err := s.Key(first)
		if err != nil {
			return false
		}
		if !ok {
			break
		}
		for _, n := range names {
			if string(key) == n {
				have++ // a member is not given twice: the decoder refuses that
				break
			}
		}
		if s.Skip() != nil {
			return false
		}
	}
	return have >= len(names)
}

// Try reads the object at r's position, without consuming it, as one
// variant: decode reads it without refusing a missing required field
// and returns the names of those missing, validate checks what it read.
// The reading is lax (lax.go): below the variant's own members too, a
// missing required field and a union left with several variants
// possible are holes, not errors, as CUE keeps a variant possible where
// the value is only incomplete for it at any depth. The variant is
// possible when it reads and every problem is at a missing field or
// hole (whose zero value is no value of the data's); it is complete when
// nothing is missing either, at any depth.
func Try[T any](r *Reader, decode func(*Reader, *T) ([]string, error), validate func(*T, *Problems, *Path)) (possible, complete bool) {
	s := *r
	s.lax = &laxState{}
	var x T
	missing, err := decode(&s, &x)
	if err != nil {
		return false, false
	}
	var p Problems
	root := Root("")
	validate(&x, &p, &root)
	holes := append(missing, s.lax.holes...)
	for _, e := range p.errs {
		if !below(e.Path, holes) {
			return false, false
		}
	}
	return true, len(missing) == 0 && !s.lax.incomplete
}

// below reports whether path is one of names, or below one.
func below(path string, names []string) bool {
	for _, n := range names {
		if rest, ok := strings.CutPrefix(path, n); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
			return true
		}
	}
	return false
}

// Missing returns the names of the required fields not read: names are
// the object's fields, bit i of req[i/64] set when names[i] is required,
// of have[i/64] when it was read.
func Missing(names []string, req, have []uint64) []string {
	var out []string
	for i, n := range names {
		if req[i/64]&(1<<(i%64)) != 0 && have[i/64]&(1<<(i%64)) == 0 {
			out = append(out, n)
		}
	}
	return out
}

// NoVariant is the error for a value of union typ that is possible for
// none of its variants, or for several alike (bits of possible, named by
// variants in order): CUE refuses both, the second as ambiguous.
func NoVariant(typ string, possible uint64, variants []string) error {
	if possible == 0 {
		return fail(ErrVariant, "fits no variant of %s (%s): it has a member none of them declares alike, or a value each refuses", typ, strings.Join(variants, ", "))
	}
	var names []string
	for possible != 0 {
		i := bits.TrailingZeros64(possible)
		names = append(names, variants[i])
		possible &^= 1 << i
	}
	return fail(ErrVariant, "is ambiguous: it may be a %s, each missing at most required fields; give the members that tell them apart", strings.Join(names, " or a "))
}

// One checks that v, a value of a union without a discriminator, is
// exactly one of its variants as its JSON is read: a value built in Go
// may be complete for its variant and still leave another possible (a
// value CUE finds ambiguous), which decode, the union's decoder, refuses.
func One[U interface {
	AppendJSON([]byte) ([]byte, error)
}](p *Problems, path *Path, member string, v U, decode func(*Reader) (U, error)) {
	got, ok := readBack(p, path, member, v, decode)
	if want := reflect.TypeOf(v); ok && reflect.TypeOf(got) != want {
		// The union's default (*#D | #P) is possible for the value: CUE
		// reads it as the default, whatever variant built it.
		p.Add(path, member, RuleOneOf, "is read as a %s, the union's default, which CUE takes wherever it is possible, not as the %s it was built as", typeName(reflect.TypeOf(got)), typeName(want))
	}
}

// OneValue is One for a union whose possible variants come out equal
// where a value holds every member each declares: its JSON must read as
// one value of the union, whichever variant reads it, since CUE finds
// them one.
func OneValue[U interface {
	AppendJSON([]byte) ([]byte, error)
}](p *Problems, path *Path, member string, v U, decode func(*Reader) (U, error)) {
	readBack(p, path, member, v, decode)
}

// readBack decodes v's JSON with decode, the union's decoder, adding its
// refusal to p; ok is false when v could not be encoded (validate
// reports that) or was refused.
func readBack[U interface {
	AppendJSON([]byte) ([]byte, error)
}](p *Problems, path *Path, member string, v U, decode func(*Reader) (U, error)) (got U, ok bool) {
	b, err := v.AppendJSON(nil)
	if err != nil {
		return got, false // the encoding's own problem, which validate reports
	}
	r := Reader{data: b}
	got, err = decode(&r)
	if err != nil {
		p.Add(path, member, RuleOneOf, "%s", err.Error())
		return got, false
	}
	return got, true
}

// typeName is a variant's Go type name, without its package and pointer.
func typeName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}
