package gotypes

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/schemagen/schemagen/gen/model"
)

// An optional field's Go type is a pointer (nil where absent), unless its
// author asks for the value itself, as gengotypes writes it: a type= of
// the field's Go type without the pointer (Simple Streams' path?:
// #RelativePath @go(,type=RelativePath)), or optional=zero. The zero
// value then stands for absent, which is faithful only where the schema
// refuses that value in the field: #RelativePath is string & !="", so ""
// is no value path may hold, and Path == "" is path absent, with nothing
// lost either way. Such a field is zero-absent: its decoder refuses a
// present zero (wire.ZeroValue), its encoder omits a zero, and Validate,
// the Get methods and the if clauses read a zero as absent. Where the
// schema admits the zero value, absent and zero would read the same, and
// the attribute is refused saying so (checkTypeAttrs).

// zeroOf returns the Go literal of the zero value of t's Go type and
// whether the schema refuses that value in t, for the types whose Go type
// has a zero value that JSON can state: a string, an integer, a number (not
// bool, whose zero false is always a value, nor a time, whose zero is
// 0001-01-01T00:00:00Z), a named scalar of them, a constant, an enum.
func zeroOf(t *model.Type) (lit string, refused bool) {
	switch t.Kind {
	case model.EnumKind:
		return `""`, !slices.ContainsFunc(t.Enum.Members, func(m *model.Member) bool { return m.Value == "" })
	case model.ConstKind:
		switch t.Base {
		case model.String:
			return `""`, t.Const != ""
		case model.Int, model.Number:
			v, err := strconv.ParseFloat(t.Const, 64)
			return "0", err == nil && v != 0
		}
		return "", false
	case model.BasicKind, model.ScalarKind:
	default:
		return "", false
	}
	c := t.Effective()
	switch t.BaseOf() {
	case model.String:
		if len(t.Choice) > 0 {
			return `""`, everyRefuses(t.Choice)
		}
		return `""`, stringRefusesEmpty(c)
	case model.Date:
		return `""`, true // YYYY-MM-DD
	case model.Int, model.Number:
		if len(t.Choice) > 0 {
			return "0", everyRefuses(t.Choice)
		}
		return "0", numberRefusesZero(c)
	}
	return "", false
}

// everyRefuses reports whether no alternative of a choice admits its
// base's zero value.
func everyRefuses(alts []*model.Type) bool {
	for _, a := range alts {
		if _, refused := zeroOf(a); !refused {
			return false
		}
	}
	return true
}

// stringRefusesEmpty reports whether constraints c refuse "".
func stringRefusesEmpty(c model.Constraints) bool {
	if c.MinRunes != nil && *c.MinRunes > 0 || slices.Contains(c.Not, `""`) {
		return true
	}
	for _, p := range c.Patterns {
		if re, err := regexp.Compile(p); err == nil && !re.MatchString("") {
			return true
		}
	}
	for _, p := range c.NotPatterns {
		if re, err := regexp.Compile(p); err == nil && re.MatchString("") {
			return true
		}
	}
	return false
}

// numberRefusesZero reports whether constraints c of an integer or a
// number refuse 0.
func numberRefusesZero(c model.Constraints) bool {
	switch {
	case c.Min != nil && *c.Min > 0, c.Max != nil && *c.Max < 0:
		return true
	case c.MinNum != nil && (*c.MinNum > 0 || *c.MinNum == 0 && c.MinExclusive):
		return true
	case c.MaxNum != nil && (*c.MaxNum < 0 || *c.MaxNum == 0 && c.MaxExclusive):
		return true
	}
	for _, n := range c.Not {
		if v, err := strconv.ParseFloat(n, 64); err == nil && v == 0 {
			return true
		}
	}
	return false
}

// fieldType is fd's Go type as its struct declares it: a pointer where an
// optional field's value is not nilable, but for a zero-absent field.
func (f *goFile) fieldType(fd *model.Field) string {
	return goType(f, fd.Type, fd.Optional && f.zero[fd] == "")
}

// present is the Go test that optional field fd, at val, is present:
// val != nil, or for a zero-absent field val != its zero.
func (f *goFile) present(fd *model.Field, val string) string {
	if z := f.zero[fd]; z != "" {
		return val + " != " + z
	}
	return val + " != nil"
}

// absent is the Go test that optional field fd, at val, is absent.
func (f *goFile) absent(fd *model.Field, val string) string {
	if z := f.zero[fd]; z != "" {
		return val + " == " + z
	}
	return val + " == nil"
}

// value is the Go expression of optional field fd's value at val, where
// it is present: *val for a pointer, val itself for a nilable or
// zero-absent field, or one whose methods take a pointer.
func (f *goFile) value(fd *model.Field, val string) string {
	if f.zero[fd] != "" || nilable(fd.Type) || pointerMethods(fd.Type) {
		return val
	}
	return "*" + val
}

// held is the Go expression a Get method returns for optional field fd,
// at val, where it is present: *val where its Go field is a pointer (a
// copy of an object too), else val (a list, a map, a union, a zero-absent
// value).
func (f *goFile) held(fd *model.Field, val string) string {
	if strings.HasPrefix(f.fieldType(fd), "*") {
		return "*" + val
	}
	return val
}
