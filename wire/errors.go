package wire

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The kinds of decode error, for errors.Is: every *DecodeError matches
// exactly one of them. A program that handles bad input branches on the
// kind and reads where from the *DecodeError:
//
//	var de *wire.DecodeError
//	switch {
//	case errors.Is(err, wire.ErrSyntax):          // not JSON at all: de.Offset says where
//	case errors.Is(err, wire.ErrMissingField):    // de.Path names the field
//	case errors.As(err, &de):                     // any other refusal
//	}
//
// There is no ErrUnknownField: the decoder skips a member the schema does
// not name, as the open JSON Schemas do, since a newer host may add
// optional ones.
var (
	// ErrSyntax: the bytes are not JSON (RFC 8259), or something follows
	// the document.
	ErrSyntax = errors.New("invalid JSON")
	// ErrTooDeep: arrays and objects nest more than 10000 deep.
	ErrTooDeep = errors.New("nested too deeply")
	// ErrNull: a null where the schema wants a value.
	ErrNull = errors.New("null")
	// ErrType: a value of the wrong JSON type (a string for an integer…).
	ErrType = errors.New("wrong type")
	// ErrMissingField: a required member is absent.
	ErrMissingField = errors.New("required field is missing")
	// ErrDuplicateMember: an object member, or a map key, is given twice.
	ErrDuplicateMember = errors.New("member given twice")
	// ErrNotMember: a string is not a member of the schema enum; the
	// error also is an *EnumError.
	ErrNotMember = errors.New("not an enum member")
	// ErrNotInteger: a number where an integer is wanted has a fraction
	// (1.5, 1e-400).
	ErrNotInteger = errors.New("not an integer")
	// ErrOutOfRange: an integer an int64 cannot hold. (The schema's own
	// range is Validate's to check: a *ValidationError with RuleMinimum or
	// RuleMaximum.)
	ErrOutOfRange = errors.New("integer out of range")
	// ErrTime: a string that is not an RFC 3339 date-time, or not a real
	// instant of the calendar.
	ErrTime = errors.New("not an RFC 3339 date-time")
	// ErrBase64: a string where the schema wants bytes that is not
	// standard base64 with padding (RFC 4648 §4), or has a line break or
	// non-zero unused bits.
	ErrBase64 = errors.New("not standard base64")
	// ErrItems: an array has fewer items than a tuple's leading ones
	// ([string, int] given ["a"]), or more than a closed tuple holds.
	ErrItems = errors.New("wrong number of items")
	// ErrNotAllowed: a member the schema says may never be present (an
	// optional field of _|_, or one its closed struct does not allow).
	ErrNotAllowed = errors.New("member not allowed")
	// ErrDiscriminator: a union's discriminator is missing or names no
	// variant, or a variant decoded directly carries another variant's tag.
	ErrDiscriminator = errors.New("missing or unknown discriminator")
	// ErrVariant: a value of a union without a discriminator fits none
	// of its variants, or several alike (CUE finds it ambiguous).
	ErrVariant = errors.New("no one variant")

	// ErrInvalid matches every *ValidationError: a value that decoded but
	// breaks a constraint of the schema. Its Rule says which. A decode
	// error matches it too where a member's value is its Go field's zero
	// and that zero stands for absent (ZeroValue).
	ErrInvalid = errors.New("breaks a constraint of the schema")
)

// problem is a decode error of one kind: its text is the message, and
// errors.Is finds its kind (and cause, when a library gave one).
type problem struct {
	kind  error
	msg   string
	cause error
}

func (e *problem) Error() string { return e.msg }

func (e *problem) Unwrap() []error {
	if e.cause != nil {
		return []error{e.kind, e.cause}
	}
	return []error{e.kind}
}

// fail makes a decode error of kind with a formatted message.
func fail(kind error, format string, args ...any) error {
	return &problem{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// EnumError says a string is not a member of a schema enum. It matches
// ErrNotMember.
type EnumError struct {
	Enum  string   // the enum's Go name, e.g. "Pose"
	Value string   // the value that was refused
	Valid []string // every member, in schema order
}

func (e *EnumError) Error() string {
	return fmt.Sprintf("%q is not a valid %s (valid: %s)", e.Value, e.Enum, strings.Join(e.Valid, ", "))
}

// Is reports whether target is ErrNotMember.
func (e *EnumError) Is(target error) bool { return target == ErrNotMember }

// DecodeError says a JSON document does not decode into a schema type: it
// is not JSON, a required field is missing, a value is null or of the
// wrong type, or a union's discriminator is missing or unknown. It matches
// (errors.Is) exactly one of the Err kinds above, and an EnumError for a
// non-member (errors.As).
type DecodeError struct {
	// Type is the Go type the document was decoded into, e.g. "Snapshot".
	Type string
	// Path is where in the document, by wire names below Type, e.g.
	// "seats[2].stance.pose"; "" for the document itself. A
	// ValidationError's Path is written the same way.
	Path string
	// Offset is the byte offset in the document where decoding stopped:
	// the byte refused for a syntax error, just past the value refused
	// otherwise (past the object's '}' for a missing field; where a
	// union's object starts for its discriminator).
	Offset int
	// Err says why; it wraps the kind.
	Err error
}

// Error reads "decoding Snapshot.seats[2].stance.pose: why".
func (e *DecodeError) Error() string {
	return "decoding " + joinPath(e.Type, e.Path) + ": " + e.Err.Error()
}

// Unwrap returns Err, which wraps the error's kind.
func (e *DecodeError) Unwrap() error { return e.Err }

// joinPath renders a path below a root type, "Snapshot.seats[2]".
func joinPath(typ, path string) string {
	switch {
	case path == "":
		return typ
	case path[0] == '[':
		return typ + path
	}
	return typ + "." + path
}

// pathError is an error on its way up from where it happened to the
// document's root; each level it passes prepends its step.
type pathError struct {
	path string
	err  error
}

func (e *pathError) Error() string { return e.path + ": " + e.err.Error() }

func (e *pathError) Unwrap() error { return e.err }

// InField puts err in the context of the object member named key. A
// member named "" is written [""], as a map key is, so that the path
// still reads (and no step is empty).
func InField(key []byte, err error) error {
	if err == nil {
		return nil
	}
	name := memberPath(string(key))
	if pe, ok := err.(*pathError); ok {
		if pe.path[0] == '[' {
			pe.path = name + pe.path
		} else {
			pe.path = name + "." + pe.path
		}
		return pe
	}
	return &pathError{path: name, err: err}
}

// memberPath is a member name as a path step: itself, or [""] for "".
func memberPath(name string) string {
	if name == "" {
		return `[""]`
	}
	return name
}

// atStep puts err in the context of a list index or map key step.
func atStep(step string, err error) error {
	if pe, ok := err.(*pathError); ok {
		if pe.path[0] == '[' {
			pe.path = step + pe.path
		} else {
			pe.path = step + "." + pe.path
		}
		return pe
	}
	return &pathError{path: step, err: err}
}

// AtIndex places err, the error of an array's item i, at that item.
func AtIndex(i int, err error) error {
	if err == nil {
		return nil
	}
	return atStep(indexStep(i), err)
}

// TupleLength is the error of an array of a tuple of n leading items that
// has got items where it must have n (closed) or at least n (open).
func TupleLength(got, n int, closed bool) error {
	switch {
	case closed && n == 0:
		return fail(ErrItems, "must be an empty array (has %d items)", got)
	case closed:
		return fail(ErrItems, "must have exactly %d items (has %d)", n, got)
	}
	return fail(ErrItems, "must have at least %d items (has %d)", n, got)
}

func indexStep(i int) string { return "[" + strconv.Itoa(i) + "]" }

func keyStep(k string) string { return "[" + strconv.Quote(k) + "]" }

// decodeError is the error a decode of a whole document into typ returns.
func decodeError(typ string, offset int, err error) error {
	if pe, ok := err.(*pathError); ok {
		return &DecodeError{Type: typ, Path: pe.path, Offset: offset, Err: pe.err}
	}
	var de *DecodeError
	if errors.As(err, &de) {
		return de
	}
	return &DecodeError{Type: typ, Offset: offset, Err: err}
}

// ValidationError is one way a value breaks a constraint of the schema.
// It matches ErrInvalid (errors.Is). Validate returns ValidationErrors,
// every problem of the value; errors.As finds the first of them, and
// errors.As into a ValidationErrors finds them all.
type ValidationError struct {
	// Type is the Go type Validate was called on, e.g. "Snapshot".
	Type string
	// Path is where, by wire names below Type, written as a DecodeError's
	// is: "seats[2].stance.note"; "" for the value itself.
	Path string
	// Rule is the constraint broken.
	Rule Rule
	// Reason says it in words: "must be at most 280 characters (has 301)".
	Reason string
}

// Error reads "Snapshot.seats[2].stance.note: reason".
func (e *ValidationError) Error() string { return joinPath(e.Type, e.Path) + ": " + e.Reason }

// Is reports whether target is ErrInvalid.
func (e *ValidationError) Is(target error) bool { return target == ErrInvalid }

// Rule names a kind of constraint: the JSON Schema keyword that states it
// where there is one, so a problem reads the same from Go and from ajv.
type Rule string

// The rules Validate checks.
const (
	RuleMinLength Rule = "minLength" // a string has too few characters (code points)
	RuleMaxLength Rule = "maxLength" // a string has too many characters
	RulePattern   Rule = "pattern"   // a string does not match the schema's pattern
	RuleMinimum   Rule = "minimum"   // an integer is below the range
	RuleMaximum   Rule = "maximum"   // an integer is above the range
	RuleMinItems  Rule = "minItems"  // a list is too short
	RuleMaxItems  Rule = "maxItems"  // a list is too long
	RuleFormat    Rule = "format"    // a string is not a calendar day YYYY-MM-DD, a Go duration or a URL
	RuleEnum      Rule = "enum"      // a string is not a member of the enum
	RuleAbsent    Rule = "absent"    // a field is present that another field's value forbids
	RuleRefused   Rule = "refused"   // a combination of values the schema refuses (a tally of zeroes)
	RuleRequired  Rule = "required"  // a union-typed value is nil: it must hold a variant

	RuleExclusiveMinimum Rule = "exclusiveMinimum" // a number is not above the schema's >
	RuleExclusiveMaximum Rule = "exclusiveMaximum" // a number is not below the schema's <
	RuleUniqueItems      Rule = "uniqueItems"      // a list holds an item twice
	RuleConst            Rule = "const"            // a value is not the schema's constant
	RuleOneOf            Rule = "oneOf"            // a value of a union without a discriminator is not exactly one of its variants, or an object matches not exactly one of its matchN(1, …) alternatives
	RuleAnyOf            Rule = "anyOf"            // none or several of a disjunction's alternatives are set, no alternative of a choice admits a value, or an object matches none of its matchN(>=1, …) alternatives
	RuleUnknown          Rule = "unknown"          // an open object's Unknown holds a member the schema names
	RuleNot              Rule = "not"              // a value is one the schema excludes (!= v), or an object matches one of its matchN(0, …) alternatives
	RuleMultipleOf       Rule = "multipleOf"       // a number is not a multiple of the schema's math.MultipleOf
	RuleMinProperties    Rule = "minProperties"    // an object or map has too few members
	RuleMaxProperties    Rule = "maxProperties"    // an object or map has too many members
	RuleType             Rule = "type"             // a value of any type is not one matchIf's then or else asks for (wrong kind, a field of the wrong type, a required field missing)
)

// ValidationErrors is every problem one Validate call found, in the order
// of the value (a map's keys sorted); it is never empty.
type ValidationErrors []*ValidationError

// Error is every problem, one a line.
func (es ValidationErrors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap lists every problem, for errors.Is and errors.As.
func (es ValidationErrors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// MissingField is the error for the first required field, in schema order,
// that the document did not have: names are the object's fields, bit i of
// req set when names[i] is required, of have when it was read.
func MissingField(names []string, req, have uint64) error {
	for i, n := range names {
		if req&(1<<i) != 0 && have&(1<<i) == 0 {
			return missing(n)
		}
	}
	return nil
}

// MissingFields is MissingField for an object of more than 64 fields,
// whose bits are spread over words (bit i in word i/64); it returns nil
// when every required field was read.
func MissingFields(names []string, req, have []uint64) error {
	for i, n := range names {
		if req[i/64]&(1<<(i%64)) != 0 && have[i/64]&(1<<(i%64)) == 0 {
			return missing(n)
		}
	}
	return nil
}

func missing(name string) error {
	return &pathError{path: memberPath(name), err: errMissing}
}

// Duplicate is the error for an object member given twice. RFC 8259 leaves
// its meaning open: encoding/json and JSON.parse keep the last, CUE
// unifies the two; a decoder that must agree with all of them refuses it.
func Duplicate(key []byte) error {
	return &pathError{path: memberPath(string(key)), err: errTwice}
}

// Mark sets bit i-1 of have (bits over words, i from 1; 0 is an unknown
// member, not tracked) and reports whether it was set already.
func Mark(have []uint64, i int) bool {
	if i == 0 {
		return false
	}
	i--
	w, b := i/64, uint64(1)<<(i%64)
	seen := have[w]&b != 0
	have[w] |= b
	return seen
}

var (
	errMissing = &problem{kind: ErrMissingField, msg: "required field is missing"}
	errTwice   = &problem{kind: ErrDuplicateMember, msg: "is given twice; each member may appear once"}
	errAbsent  = &problem{kind: ErrNotAllowed, msg: "must be absent: the schema allows no value here"}
	errClosed  = &problem{kind: ErrNotAllowed, msg: "is not a member the closed object names, which a match refuses"}
	errStrict  = &problem{kind: ErrNotAllowed, msg: "is not a member the closed object names, which it refuses: a match on the value holding it judges it"}
)

// ZeroValue is the error for a member present with the zero value of its
// Go field (zero, as Go writes it: "" or 0) where that zero stands for
// absent (@go(,type=T) or @go(,optional=zero) on an optional field): the
// schema refuses that value there, as every other judge does, and the Go
// value could not tell it from absent.
func ZeroValue(zero string) error {
	return fail(ErrInvalid, "%s is refused: the schema's type of this member excludes it (the Go field holds it where the member is absent)", zero)
}

// NotAllowed is the error for a member the schema says may never be
// present (type?: _|_): every other judge refuses it too, the open JSON
// Schemas included, so the decoder does not skip it as an unknown one.
func NotAllowed(key []byte) error {
	return &pathError{path: memberPath(string(key)), err: errAbsent}
}
