package fleetruntime

import (
	"fmt"
	"unicode/utf8"
)

// CheckNote reports whether note may ride a stance: valid UTF-8, at most
// MaxNoteRunes characters and no control characters (U+0000–U+001F,
// U+007F–U+009F), so that every surface that lists it can print it as is.
// It is the schema's #Note, with an error that says what to fix.
func CheckNote(note string) error {
	if !utf8.ValidString(note) {
		return fmt.Errorf("note is not valid UTF-8")
	}
	n := 0
	for _, c := range note {
		n++
		if c <= 0x1f || 0x7f <= c && c <= 0x9f {
			return fmt.Errorf("note has a control character, %U, at character %d; a note must print as is", c, n)
		}
	}
	if n > MaxNoteRunes {
		return fmt.Errorf("note is %d characters; at most %d are allowed", n, MaxNoteRunes)
	}
	return nil
}
