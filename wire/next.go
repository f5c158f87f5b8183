package wire

// Next returns the first byte of the next value, after any whitespace,
// without reading it: a generated decoder of a value that is one of
// several JSON kinds chooses the alternative by it ('"' a string, '-' or a
// digit a number, 't' or 'f' a boolean, '{' an object, '[' an array).
func (r *Reader) Next() byte { return r.peek() }
