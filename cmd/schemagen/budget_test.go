package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBudget(t *testing.T) {
	code, stdout, stderr := schemagen(t, "-C", "../..", "budget")
	if code != exitOK {
		t.Fatalf("budget: exit %d: %s", code, stderr)
	}
	want := `DeckState budget (schema/deck): ceiling 8192 bytes; file = 8-byte header + payload + 4-byte CRC-32
  version  sizeof(DeckState)  ceiling  headroom  file  reserved
       v3               2944     8192      5248  2956         0
       v4               3672     8192      4520  3684        14
       v5               4060     8192      4132  4072        14
       v6               4188     8192      4004  4200        14
current: v6; files from v5 migrate forward, older ones are reinitialized; reserved bytes are reclaimable without growing DeckState
`
	if diff := cmp.Diff(want, stdout); diff != "" {
		t.Errorf("budget output (-want +got):\n%s", diff)
	}
	if code, _, stderr := schemagen(t, "-C", "../..", "budget", "extra"); code != exitInput || !strings.Contains(stderr, "budget takes no arguments") {
		t.Errorf("budget extra: exit %d, stderr %q", code, stderr)
	}
}

// TestLayoutChangeRefused changes one field of a shipped version: generate
// and budget refuse with the CUE position and the reason, and nothing is
// written.
func TestLayoutChangeRefused(t *testing.T) {
	for _, tc := range []struct {
		name, old, new string
		want           []string
	}{
		{
			"a shipped field grows", `handle: "char[16]" @since(3)`, `handle: "char[20]" @since(3)`,
			[]string{
				"schema/deck/deck.cue:{{{version: 3, size: 2944}}}: LAYOUT_VERSION_SAME_SIZE: version 3: its fields add up to 2948 bytes, but version 3 is recorded as 2944 bytes. A shipped layout never changes",
				"schema/deck/deck.cue:{{{version: 6, size: 4188}}}: LAYOUT_VERSION_SAME_SIZE: version 6: its fields add up to 4192 bytes, but version 6 is recorded as 4188 bytes",
			},
		},
		{
			"a hole", `missions_failed: "uint16" @since(3)`, `missions_failed: "uint8" @since(3)`,
			[]string{"schema/deck/deck.cue:{{source_cartridge_bits:}}: #DeckState: hole: 1 byte of implicit padding at byte 31, between missions_failed (uint8 at offset 30, 1 byte) and source_cartridge_bits, which C aligns to 4 bytes"},
		},
		{
			"a field inserted in the middle", `board_seed: "uint32" @since(4)`, `board_seed: "uint32" @since(6)`,
			[]string{"version 6 is not a pure append of version 5: it inserts board_seed (@since(6)) before board_slots (since 4)"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := scratch(t)
			if code, _, stderr := schemagen(t, "-C", dir, "generate"); code != 0 {
				t.Fatalf("generate: exit %d: %s", code, stderr)
			}
			before := snapshotTree(t, filepath.Join(dir, "generated"))
			file := filepath.Join(dir, "schema", "deck", "deck.cue")
			src, _ := os.ReadFile(file)
			if !strings.Contains(string(src), tc.old) {
				t.Fatalf("deck.cue has no %q", tc.old)
			}
			os.WriteFile(file, []byte(strings.Replace(string(src), tc.old, tc.new, 1)), 0o644)
			for _, cmd := range []string{"generate", "budget"} {
				code, _, stderr := schemagen(t, "-C", dir, cmd)
				if code != exitInput {
					t.Errorf("%s: exit %d, want %d", cmd, code, exitInput)
				}
				for _, w := range tc.want {
					w = posOf(t, string(src), w)
					if !strings.Contains(stderr, w) {
						t.Errorf("%s: stderr lacks %q:\n%s", cmd, w, stderr)
					}
				}
			}
			if diff := cmp.Diff(before, snapshotTree(t, filepath.Join(dir, "generated"))); diff != "" {
				t.Errorf("a refused generate changed generated/:\n%s", diff)
			}
		})
	}
}

// posOf replaces {{text}} in want with the line:col where text starts in
// src, so that the expected positions follow the schema file.
func posOf(t *testing.T, src, want string) string {
	t.Helper()
	i := strings.Index(want, "{{")
	if i < 0 {
		return want
	}
	j := strings.Index(want, "}}")
	for j+2 < len(want) && want[j+2] == '}' {
		j++ // the text itself may end in }
	}
	text := want[i+2 : j]
	for n, line := range strings.Split(src, "\n") {
		if c := strings.Index(line, text); c >= 0 {
			return want[:i] + fmt.Sprintf("%d:%d", n+1, c+1) + want[j+2:]
		}
	}
	t.Fatalf("no %q in the schema", text)
	return ""
}
