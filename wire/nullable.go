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

// NullableOf returns the reader of a Nullable[T] whose value elem reads:
// the element reader generated code passes to List or Map for a list or
// map of nullable values.
func NullableOf[T any](elem func(*Reader, *T) error) func(*Reader, *Nullable[T]) error {
	return func(r *Reader, dst *Nullable[T]) error { return ReadNullable(r, dst, elem) }
}
