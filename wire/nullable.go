package wire

import "encoding/json"

// Nullable holds a value the schema lets be null (CUE's T | null): Valid is
// false for null. A field that may also be absent is a *Nullable, nil when
// absent, so absent, null and a value stay three answers.
type Nullable[T any] struct {
	V     T
	Valid bool
}

// Null is the JSON value null, a field of the schema that holds nothing
// else (CUE's null on its own): a *Null is nil when the field is absent.
type Null struct{}

// MarshalJSON writes null.
func (Null) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

// UnmarshalJSON reads null and refuses any other value.
func (n *Null) UnmarshalJSON(data []byte) error {
	return Unmarshal(data, "Null", n, (*Reader).Null)
}

// Null reads null and refuses any other value.
func (r *Reader) Null(dst *Null) error {
	if r.peek() == 'n' && r.literal("null") {
		*dst = Null{}
		return nil
	}
	return r.TypeError("null")
}

// Of returns a Nullable holding v.
func Of[T any](v T) Nullable[T] { return Nullable[T]{V: v, Valid: true} }

// ReadNullable reads null, or a value with elem.
func ReadNullable[T any](r *Reader, dst *Nullable[T], elem func(*Reader, *T) error) error {
	if r.peek() == 'n' && r.literal("null") {
		*dst = Nullable[T]{}
		return nil
	}
	var v T
	if err := elem(r, &v); err != nil {
		return err
	}
	*dst = Nullable[T]{V: v, Valid: true}
	return nil
}

// MarshalJSON writes null, or the value as encoding/json writes it, for a
// Nullable inside a type of the caller's own.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return json.Marshal(n.V)
}

// UnmarshalJSON reads null as a Nullable that is not Valid, and any other
// value as T's own UnmarshalJSON reads it (encoding/json's Unmarshal for a
// T without one): a document of a definition that may be null as a whole
// (CUE's #Network: null | close({…})) is read into a Nullable of its
// generated type. null with JSON whitespace around it is null; anything
// else, an error included, is T's.
func (n *Nullable[T]) UnmarshalJSON(data []byte) error {
	if IsNull(data) {
		*n = Nullable[T]{}
		return nil
	}
	var v T
	var err error
	if u, ok := any(&v).(json.Unmarshaler); ok {
		err = u.UnmarshalJSON(data)
	} else {
		err = json.Unmarshal(data, &v)
	}
	if err != nil {
		return err
	}
	*n = Nullable[T]{V: v, Valid: true}
	return nil
}

// IsNull reports whether the document data is null, with JSON whitespace
// around it or none: a generated Unmarshal function of a union that may
// be null as a whole gives a nil union for it. It allocates nothing for a
// document that does not begin with n, as every object does.
func IsNull(data []byte) bool {
	r := Reader{data: data}
	return r.peek() == 'n' && r.literal("null") && r.End() == nil
}

// Validate reports nothing for null, and for a value what T's Validate
// (generated, with a pointer receiver) reports; nothing when T has none.
func (n *Nullable[T]) Validate() error {
	if !n.Valid {
		return nil
	}
	if v, ok := any(&n.V).(interface{ Validate() error }); ok {
		return v.Validate()
	}
	return nil
}

// NullableOf returns the reader of a Nullable[T] whose value elem reads:
// the element reader generated code passes to List or Map for a list or
// map of nullable values.
func NullableOf[T any](elem func(*Reader, *T) error) func(*Reader, *Nullable[T]) error {
	return func(r *Reader, dst *Nullable[T]) error { return ReadNullable(r, dst, elem) }
}
