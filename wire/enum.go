package wire

import "slices"

// Enum is a schema enum's name and members, in schema order, for the
// methods generated on its Go type.
type Enum struct {
	Name    string   // the Go type name, e.g. "Pose"
	Members []string // the wire values
}

// Has reports whether s is a member.
func (e *Enum) Has(s string) bool {
	for _, m := range e.Members {
		if m == s {
			return true
		}
	}
	return false
}

// Error is the *EnumError for a non-member s.
func (e *Enum) Error(s string) error {
	return &EnumError{Enum: e.Name, Value: s, Valid: slices.Clone(e.Members)}
}

// Parse returns s as a member of E, or an *EnumError.
func Parse[E ~string](e *Enum, s string) (E, error) {
	if !e.Has(s) {
		return "", e.Error(s)
	}
	return E(s), nil
}

// MarshalText encodes a member as its wire value and refuses a non-member.
func MarshalText[E ~string](e *Enum, x E) ([]byte, error) {
	if !e.Has(string(x)) {
		return nil, e.Error(string(x))
	}
	return []byte(x), nil
}

// UnmarshalText decodes a wire value into x, refusing a non-member; x is
// left as it was on error.
func UnmarshalText[E ~string](e *Enum, x *E, b []byte) error {
	for _, m := range e.Members {
		if string(b) == m {
			*x = E(m)
			return nil
		}
	}
	return e.Error(string(b))
}

// DecodeEnum reads a member of E from r without allocating.
func DecodeEnum[E ~string](r *Reader, e *Enum, x *E) error {
	if r.peek() != '"' {
		return r.TypeError("a string")
	}
	b, err := r.stringBytes()
	if err != nil {
		return err
	}
	return UnmarshalText(e, x, b)
}

// EncodeEnum writes a member, refusing a non-member.
func EncodeEnum[E ~string](w *Encoder, e *Enum, x E) {
	if !e.Has(string(x)) {
		w.Fail(e.Error(string(x)))
		return
	}
	w.B = AppendString(w.B, string(x))
}
