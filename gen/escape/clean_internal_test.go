package escape

import "testing"

// TestCleanFastPathAgrees: clean returns text as it is only where the rune
// by rune walk would write it unchanged, for every ASCII byte between two
// letters, alone and at the ends, and for text beyond ASCII.
func TestCleanFastPathAgrees(t *testing.T) {
	var in []string
	for c := range 0x80 {
		in = append(in, string(rune(c)), "a"+string(rune(c))+"b", "x\r\ny"+string(rune(c)))
	}
	in = append(in, "", "plain text, with tabs\tand\nlines", "é", "a\u202eb", "a\u2028b", "\xff", "a\u00adb")
	for _, s := range in {
		if got, want := clean(s), cleanRunes(s); got != want {
			t.Errorf("clean(%q) = %q, the rune walk gives %q", s, got, want)
		}
	}
}
