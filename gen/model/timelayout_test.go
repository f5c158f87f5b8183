package model

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestTimeLayoutPattern holds timeLayoutPattern to time.Parse, as CUE's
// time.Format reads a string: on layouts drawn from the fields it
// carries and literal text, and strings drawn from their parts and
// noise, each pattern matches exactly what time.Parse reads (and in
// JavaScript, through ECMAPattern, what Go's regexp matches); layouts of a
// date or a zone are refused, saying what.
func TestTimeLayoutPattern(t *testing.T) {
	for layout, want := range map[string]string{
		"15:04":        `^(?:[0-9]|[01][0-9]|2[0-3]):[0-5][0-9]$`,
		"3:04PM":       `^(?:[0-9]|0[0-9]|1[0-2]):[0-5][0-9](?:AM|PM)$`,
		"03:04:05 pm":  `^(?:0[0-9]|1[0-2]):[0-5][0-9]:[0-5][0-9](?:[.,][0-9]+)?(?: +|$)(?:am|pm)$`,
		"15h04":        `^(?:[0-9]|[01][0-9]|2[0-3])h[0-5][0-9]$`,
		"15:04:05.999": `^(?:[0-9]|[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:[.,][0-9]+)?$`,
	} {
		if got, why := timeLayoutPattern(layout); got != want {
			t.Errorf("timeLayoutPattern(%q) = %q (%s), want %q", layout, got, why, want)
		}
	}
	for _, layout := range []string{"2006-01-02", "Jan 2", "15:04 MST", "15:04Z07:00", "15:04-0700", "15:04:05.000", "1504", "05.7", "Monday 15:04", "15:04:05.999 x"} {
		if got, why := timeLayoutPattern(layout); got != "" || why == "" {
			t.Errorf("timeLayoutPattern(%q) = %q, %q; want it refused, saying why", layout, got, why)
		}
	}
	r := rand.New(rand.NewPCG(15, 4))
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	fields := []string{"15", "3", "03", "4", "04", "5", "05", "PM", "pm"}
	lits := []string{":", ":", " ", "  ", "h", "T", ".", ",", "7", "x", "-", "_", "/", "(", "é", "0"}
	var layouts []string
	for range 400 {
		var b strings.Builder
		for range 1 + r.IntN(5) {
			if r.IntN(3) == 0 {
				b.WriteString(pick(lits))
			} else {
				b.WriteString(pick(fields))
			}
		}
		if r.IntN(4) == 0 {
			b.WriteString(pick([]string{".999", ",9", ".9", " "}))
		}
		layouts = append(layouts, b.String())
	}
	parts := []string{"0", "1", "7", "9", "00", "07", "12", "13", "23", "24", "59", "60", "99", "123", "AM", "PM", "am", "pm", "Am", ":", " ", "  ", "h", "T", ".", ",", ".5", ",123", ".1234567890123", "x", "-", "_", "/", "(", "é", "+1", "7x", ""}
	carried, matched, refused := 0, 0, 0
	var js strings.Builder
	var want strings.Builder
	js.WriteString("const out = [];\n")
	for _, layout := range layouts {
		pat, _ := timeLayoutPattern(layout)
		if pat == "" {
			refused++
			continue
		}
		carried++
		re := regexp.MustCompile(pat)
		if why := portablePattern(pat); why != "" {
			t.Errorf("%q: %s is not portable: %s", layout, pat, why)
		}
		// Strings: the layout's own rendering of times, and pieces.
		var inputs []string
		for range 40 {
			tm := time.Date(2026, 1, 1, r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1e9), time.UTC)
			inputs = append(inputs, tm.Format(layout))
			var b strings.Builder
			for range 1 + r.IntN(6) {
				b.WriteString(pick(parts))
			}
			inputs = append(inputs, b.String())
			s := tm.Format(layout)
			if len(s) > 0 {
				k := r.IntN(len(s))
				inputs = append(inputs, s[:k]+pick(parts)+s[k+1:])
			}
		}
		js.WriteString("{ const re = new RegExp(" + jsonLit(ECMAPattern(pat)) + ", 'u');\n")
		for _, s := range inputs {
			_, err := time.ParseInLocation(layout, s, time.UTC)
			got := re.MatchString(s)
			if got != (err == nil) {
				t.Errorf("layout %q, %q: the pattern matches: %v; time.Parse says %v", layout, s, got, err)
			}
			if got {
				matched++
				want.WriteByte('1')
			} else {
				want.WriteByte('0')
			}
			js.WriteString("out.push(re.test(" + jsonLit(s) + ") ? '1' : '0');\n")
		}
		js.WriteString("}\n")
	}
	t.Logf("%d layouts carried, %d refused; %d strings matched", carried, refused, matched)
	if carried < 100 || matched < 1000 {
		t.Errorf("%d layouts carried and %d strings matched: the draw tests too little", carried, matched)
	}
	js.WriteString("process.stdout.write(out.join(''));\n")
	if inNode(t, js.String()) != want.String() {
		t.Errorf("Go and JavaScript disagree on a time layout's pattern")
	}
}

// FuzzTimeLayoutPattern: a layout's pattern, where there is one, matches
// what time.Parse reads.
func FuzzTimeLayoutPattern(f *testing.F) {
	f.Add("15:04", "7:30")
	f.Add("3:04PM", "12:00AM")
	f.Add("03:04:05 pm", "01:02:03.5  am")
	f.Fuzz(func(t *testing.T, layout, s string) {
		if !utf8.ValidString(layout) || !utf8.ValidString(s) {
			return // CUE's strings, and JSON's, are UTF-8
		}
		pat, _ := timeLayoutPattern(layout)
		if pat == "" {
			return
		}
		_, err := time.ParseInLocation(layout, s, time.UTC)
		if got := regexp.MustCompile(pat).MatchString(s); got != (err == nil) {
			t.Errorf("layout %q, %q: the pattern %s matches: %v; time.Parse says %v", layout, s, pat, got, err)
		}
	})
}
