package wire

import "encoding/base64"

// Bytes reads a JSON string of standard base64 (RFC 4648 §4) into dst:
// padded, of the alphabet A–Z a–z 0–9 + / only (no line break, which Go's
// decoder would otherwise skip), with the unused bits of its last
// character zero. That is the one text of each byte string, the one cue
// export and Encoder.Bytes write, so a value read and written again is
// the same JSON; the JSON Schemas' pattern (model.Base64Pattern) admits
// exactly these strings. "" is an empty, non-nil slice.
func (r *Reader) Bytes(dst *[]byte) error {
	if r.peek() != '"' {
		return r.TypeError("a base64 string")
	}
	b, err := r.stringBytes()
	if err != nil {
		return err
	}
	out, ok := decodeBase64(b)
	if !ok {
		return fail(ErrBase64, "must be standard base64 with padding (A-Z a-z 0-9 + /, = to a multiple of 4 characters), not %q", b)
	}
	*dst = out
	return nil
}

// decodeBase64 decodes b as strict standard base64, refusing any byte
// outside the alphabet and its padding.
func decodeBase64(b []byte) ([]byte, bool) {
	if len(b)%4 != 0 {
		return nil, false
	}
	for _, c := range b {
		if !base64Byte[c] {
			return nil, false // Go's decoder skips \r and \n even when Strict
		}
	}
	out := make([]byte, base64.StdEncoding.DecodedLen(len(b)))
	n, err := base64.StdEncoding.Strict().Decode(out, b)
	if err != nil {
		return nil, false
	}
	return out[:n], true
}

// base64Byte marks the bytes of standard base64 text, padding included.
var base64Byte = func() (t [256]bool) {
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") {
		t[c] = true
	}
	return t
}()

// Bytes writes b as encoding/json writes a []byte: a string of standard
// base64 with padding ("" for an empty or nil slice).
func (e *Encoder) Bytes(b []byte) {
	e.B = append(e.B, '"')
	e.B = base64.StdEncoding.AppendEncode(e.B, b)
	e.B = append(e.B, '"')
}
