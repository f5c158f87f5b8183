package cuesrc

import (
	"strings"
	"unicode"
)

// initialisms are written in capitals in Go names, as golint and the
// standard library do (SeatID, not SeatId).
var initialisms = map[string]bool{
	"API": true, "CPU": true, "CRC": true, "HTTP": true, "ID": true, "JSON": true,
	"TTL": true, "UI": true, "URL": true, "UTC": true, "UUID": true,
}

// GoName turns a wire or CUE name (seatId, parent_pane-id, ttlSeconds) into an
// exported Go identifier (SeatID, ParentPaneID, TTLSeconds). A name whose
// first character has no capital — a digit, or a letter of a script without
// case, as in 名前 — gets an X in front (X1st, X名前): Go exports only a
// name that begins with an upper-case letter, and an unexported field would
// silently drop out of the JSON. It returns "" if the name has no letters or
// digits to build one from.
func GoName(name string) string {
	var b strings.Builder
	for _, w := range Words(name) {
		if up := strings.ToUpper(w); initialisms[up] {
			b.WriteString(up)
			continue
		}
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		b.WriteString(string(r))
	}
	s := b.String()
	if s != "" && !unicode.IsUpper([]rune(s)[0]) {
		s = "X" + s
	}
	return s
}

// Words splits a name at non-alphanumerics and at lower-to-upper case
// changes: "parentSeatId" → parent, Seat, Id.
func Words(name string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	prev := rune(0)
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return out
}
