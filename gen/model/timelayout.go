package model

import (
	"regexp"
	"strings"
)

// The layouts of time.Format that name a time of day alone (time.Kitchen,
// "3:04PM"; time.Kitchen24, "15:04"; "3:04:05 pm"): what CUE's time.Format
// admits, Go's time.Parse reading the string with the layout, is a
// regular language, stated here as a pattern every target reads alike.
// timeLayoutPattern follows time's own reading: its chunks as
// nextStdChunk cuts them, its numbers as getnum reads them (one or two
// digits, two where the layout pads with 0; a range per field), a run of
// spaces as skip reads it (one or more, or none where the string ends),
// and a fraction of a second after the seconds that the layout need not
// name. TestTimeLayoutPattern holds it to time.Parse.

// layoutFields is the pattern of each field of a time of day time reads,
// and whether it reads it as one or two digits (getnum, where the layout
// does not pad the field with 0).
var layoutFields = map[string]struct {
	re    string
	loose bool
}{
	"15": {`(?:[0-9]|[01][0-9]|2[0-3])`, true},
	"3":  {`(?:[0-9]|0[0-9]|1[0-2])`, true},
	"03": {`(?:0[0-9]|1[0-2])`, false},
	"4":  {`(?:[0-9]|[0-5][0-9])`, true},
	"5":  {`(?:[0-9]|[0-5][0-9])`, true},
	"04": {`[0-5][0-9]`, false},
	"05": {`[0-5][0-9]`, false},
	"PM": {`(?:AM|PM)`, false},
	"pm": {`(?:am|pm)`, false},
}

// layoutChunk is one piece of a layout: literal text, or a field.
type layoutChunk struct {
	lit   string
	field string // "15", "3", "03", "4", "04", "5", "05", ".999" (any run of 9s), "PM", "pm"; "" for a literal
}

// timeLayoutPattern returns the pattern of the strings time.Parse reads
// with layout, or "" and what in the layout it does not carry: a field of
// the date or of a zone, whose reading depends on the others (a day of
// its month and year) or on names, or a form whose reading the pattern
// would not follow exactly.
func timeLayoutPattern(layout string) (string, string) {
	var chunks []layoutChunk
	for rest := layout; rest != ""; {
		prefix, field, suffix, why := nextLayoutField(rest)
		if why != "" {
			return "", why
		}
		if prefix != "" {
			chunks = append(chunks, layoutChunk{lit: prefix})
		}
		if field == "" {
			break
		}
		chunks = append(chunks, layoutChunk{field: field})
		rest = suffix
	}
	var b strings.Builder
	b.WriteString("^")
	for i, c := range chunks {
		next := ""
		if i+1 < len(chunks) {
			if n := chunks[i+1]; n.field != "" {
				next = n.field
			} else {
				next = n.lit[:1]
			}
		}
		if c.field == "" {
			b.WriteString(layoutLiteral(c.lit, i == len(chunks)-1))
			continue
		}
		if isFraction(c.field) {
			if i != len(chunks)-1 {
				return "", "a fraction of a second (" + c.field + ") before the end of the layout"
			}
			b.WriteString(`(?:[.,][0-9]+)?`)
			continue
		}
		f := layoutFields[c.field]
		seconds := c.field == "5" || c.field == "05"
		if next != "" && (strings.ContainsAny(next[:1], "0123456789") && (f.loose || seconds) ||
			seconds && !isFraction(next) && strings.ContainsAny(next[:1], ".,")) {
			// time reads as many digits as it may, and a fraction after
			// the seconds: a field followed by digits (1504) or by a
			// literal . or , (05.7) is read otherwise than a pattern.
			return "", "a number right before " + next
		}
		b.WriteString(f.re)
		nextField := ""
		for _, n := range chunks[i+1:] {
			if n.field != "" {
				nextField = n.field
				break
			}
		}
		if seconds && !isFraction(nextField) {
			// time.Parse reads a fraction after the seconds that the
			// layout does not name, unless the next field, past any
			// text, is one: it looks that far.
			b.WriteString(`(?:[.,][0-9]+)?`)
		}
	}
	b.WriteString("$")
	return b.String(), ""
}

// layoutLiteral is the pattern of a layout's literal text as time's skip
// reads it: a run of spaces is one or more, or none where the string
// ends; any other character is itself.
func layoutLiteral(lit string, last bool) string {
	var b strings.Builder
	for i := 0; i < len(lit); {
		if lit[i] == ' ' {
			for i < len(lit) && lit[i] == ' ' {
				i++
			}
			if last && i == len(lit) {
				b.WriteString(` *`)
			} else {
				b.WriteString(`(?: +|$)`)
			}
			continue
		}
		j := i + 1
		for j < len(lit) && lit[j] != ' ' {
			j++
		}
		b.WriteString(regexp.QuoteMeta(lit[i:j]))
		i = j
	}
	return b.String()
}

// nextLayoutField cuts layout as time's nextStdChunk does: the literal
// text before the first field, the field, and what follows; why is set
// for a field it does not carry.
func nextLayoutField(layout string) (prefix, field, suffix, why string) {
	for i := 0; i < len(layout); i++ {
		rest := layout[i:]
		at := func(n int) (string, string, string, string) { return layout[:i], rest[:n], rest[n:], "" }
		no := func(what string) (string, string, string, string) { return "", "", "", what }
		switch layout[i] {
		case 'J':
			if strings.HasPrefix(rest, "Jan") && (strings.HasPrefix(rest, "January") || !startsLower(rest[3:])) {
				return no("a month's name")
			}
		case 'M':
			if strings.HasPrefix(rest, "Mon") && (strings.HasPrefix(rest, "Monday") || !startsLower(rest[3:])) {
				return no("a weekday's name")
			}
			if strings.HasPrefix(rest, "MST") {
				return no("a zone's name (MST)")
			}
		case '0':
			if len(rest) >= 2 && rest[1] >= '1' && rest[1] <= '6' {
				switch rest[1] {
				case '3', '4', '5':
					return at(2)
				}
				return no("a field of the date (" + rest[:2] + ")")
			}
			if strings.HasPrefix(rest, "002") {
				return no("a day of the year (002)")
			}
		case '1':
			if strings.HasPrefix(rest, "15") {
				return at(2)
			}
			return no("a month's number (1)")
		case '2':
			if strings.HasPrefix(rest, "2006") {
				return no("a year (2006)")
			}
			return no("a day of the month (2)")
		case '_':
			if strings.HasPrefix(rest, "_2") || strings.HasPrefix(rest, "__2") {
				return no("a day (_2, __2)")
			}
		case '3', '4', '5':
			return at(1)
		case 'P':
			if strings.HasPrefix(rest, "PM") {
				return at(2)
			}
		case 'p':
			if strings.HasPrefix(rest, "pm") {
				return at(2)
			}
		case '-':
			if strings.HasPrefix(rest, "-07") {
				return no("a zone's offset (" + rest[:3] + "…)")
			}
		case 'Z':
			if strings.HasPrefix(rest, "Z07") {
				return no("a zone's offset (Z07…)")
			}
		case '.', ',':
			if len(rest) > 1 && (rest[1] == '0' || rest[1] == '9') {
				j := 1
				for j < len(rest) && rest[j] == rest[1] {
					j++
				}
				if j == len(rest) || rest[j] < '0' || rest[j] > '9' {
					if rest[1] == '0' {
						return no("a fraction of a second of fixed digits (" + rest[:j] + ")")
					}
					return at(j)
				}
			}
		}
	}
	return layout, "", "", ""
}

// isFraction reports whether a field is a fraction of a second (.999).
func isFraction(field string) bool {
	return field != "" && (field[0] == '.' || field[0] == ',') && len(field) > 1 && field[1] == '9'
}

// startsLower reports whether s begins with a lower-case ASCII letter, as
// time's startsWithLowerCase does.
func startsLower(s string) bool { return s != "" && s[0] >= 'a' && s[0] <= 'z' }
