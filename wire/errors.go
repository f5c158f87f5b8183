package wire

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// EnumError says a string is not a member of a schema enum.
type EnumError struct {
	Enum  string   // the enum's Go name, e.g. "Pose"
	Value string   // the value that was refused
	Valid []string // every member, in schema order
}

func (e *EnumError) Error() string {
	return fmt.Sprintf("%q is not a valid %s (valid: %s)", e.Value, e.Enum, strings.Join(e.Valid, ", "))
}

// DecodeError says a JSON document does not decode into a schema type: it
// is not JSON, a required field is missing, a value is null or of the
// wrong type, or a union's discriminator is missing or unknown.
type DecodeError struct {
	// Type is the Go type the document was decoded into, e.g. "Snapshot".
	Type string
	// Path is where in the document, by wire names below Type, e.g.
	// "seats[2].stance.pose"; "" for the document itself.
	Path string
	Err  error
}

// Error reads "decoding Snapshot.seats[2].stance.pose: why".
func (e *DecodeError) Error() string {
	where := e.Type
	switch {
	case e.Path == "":
	case e.Path[0] == '[':
		where += e.Path
	default:
		where += "." + e.Path
	}
	return "decoding " + where + ": " + e.Err.Error()
}

func (e *DecodeError) Unwrap() error { return e.Err }

// pathError is an error on its way up from where it happened to the
// document's root; each level it passes prepends its step.
type pathError struct {
	path string
	err  error
}

func (e *pathError) Error() string { return e.path + ": " + e.err.Error() }

func (e *pathError) Unwrap() error { return e.err }

// InField puts err in the context of the object member named key.
func InField(key []byte, err error) error {
	if err == nil {
		return nil
	}
	if pe, ok := err.(*pathError); ok {
		if pe.path[0] == '[' {
			pe.path = string(key) + pe.path
		} else {
			pe.path = string(key) + "." + pe.path
		}
		return pe
	}
	return &pathError{path: string(key), err: err}
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

func indexStep(i int) string { return "[" + strconv.Itoa(i) + "]" }

func keyStep(k string) string { return "[" + strconv.Quote(k) + "]" }

// decodeError is the error a decode of a whole document into typ returns.
func decodeError(typ string, err error) error {
	if pe, ok := err.(*pathError); ok {
		return &DecodeError{Type: typ, Path: pe.path, Err: pe.err}
	}
	var de *DecodeError
	if errors.As(err, &de) {
		return de
	}
	return &DecodeError{Type: typ, Err: err}
}

// ValidationError is one way a value breaks a constraint of the schema.
type ValidationError struct {
	Path   string // where, by wire names, e.g. "Snapshot.seats[2].stance.note"
	Reason string
}

func (e *ValidationError) Error() string { return e.Path + ": " + e.Reason }

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
	return &pathError{path: name, err: errors.New("required field is missing")}
}

// Duplicate is the error for an object member given twice. RFC 8259 leaves
// its meaning open: encoding/json and JSON.parse keep the last, CUE
// unifies the two; a decoder that must agree with all of them refuses it.
func Duplicate(key []byte) error {
	return &pathError{path: string(key), err: errors.New("is given twice; each member may appear once")}
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
