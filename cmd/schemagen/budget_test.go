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
// written. budget has only the schema, so it says which version stopped
// adding up and which fields it adds; generate compares with the lock
// first and names the field that changed, once.
func TestLayoutChangeRefused(t *testing.T) {
	for _, tc := range []struct {
		name, old, new   string
		budget, generate []string
	}{
		{
			"a shipped field grows", `handle: "char[16]" @since(3)`, `handle: "char[20]" @since(3)`,
			[]string{
				"schema/deck/deck.cue:{{{version: 3, size: 2944}}}: LAYOUT_VERSION_SAME_SIZE: version 3: its fields add up to 2948 bytes, but version 3 is recorded as 2944 bytes (4 bytes more); versions 4, 5 and 6 are off by the same 4, so the change is in version 3. A field was added to version 3, or a type, an array length or a nested struct grew. A shipped layout never changes",
			},
			[]string{
				"schema/deck/deck.cue:{{handle: \"char}}: breaking LAYOUT_FIELD_SAME_TYPE: deck.DeckState.handle: handle changed from char[16] (16 bytes) to char[20] (20 bytes), at offset 0, in shipped versions 3, 4, 5 and 6",
			},
		},
		{
			"the newest version's field shrinks", `ownership: "uint8[128]" @since(6)`, `ownership: "uint8[120]" @since(6)`,
			[]string{
				"schema/deck/deck.cue:{{{version: 6, size: 4188}}}: LAYOUT_VERSION_SAME_SIZE: version 6: its fields add up to 4180 bytes, but version 6 is recorded as 4188 bytes (8 bytes fewer). Version 6 adds ownership (uint8[120], 120 bytes): 120 bytes, where it was recorded as 128 bytes larger than version 5: ownership changed, or a field of version 6 was removed.",
			},
			[]string{
				"schema/deck/deck.cue:{{ownership: \"uint8}}: breaking LAYOUT_FIELD_SAME_TYPE: deck.DeckState.ownership: ownership changed from uint8[128] (128 bytes) to uint8[120] (120 bytes), at offset 4060, in shipped version 6",
			},
		},
		{
			"a hole", `missions_failed: "uint16" @since(3)`, `missions_failed: "uint8" @since(3)`,
			[]string{"schema/deck/deck.cue:{{source_cartridge_bits:}}: #DeckState: hole: 1 byte of implicit padding at byte 31, between missions_failed (uint8 at offset 30, 1 byte) and source_cartridge_bits, which C aligns to 4 bytes"},
			[]string{"schema/deck/deck.cue:{{source_cartridge_bits:}}: #DeckState: hole: 1 byte of implicit padding at byte 31, between missions_failed (uint8 at offset 30, 1 byte) and source_cartridge_bits, which C aligns to 4 bytes"},
		},
		{
			"a field inserted in the middle", `board_seed: "uint32" @since(4)`, `board_seed: "uint32" @since(6)`,
			[]string{"version 6 is not a pure append of version 5: it inserts board_seed (@since(6)) before board_slots (since 4)"},
			[]string{"breaking LAYOUT_FIELD_NO_DELETE: deck.DeckState.board_seed: board_seed (uint32, 4 bytes at offset 2944) left a version it shipped in: it now says @since(6), in shipped versions 4 and 5"},
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
			for cmd, want := range map[string][]string{"generate": tc.generate, "budget": tc.budget} {
				code, _, stderr := schemagen(t, "-C", dir, cmd)
				if code != exitInput {
					t.Errorf("%s: exit %d, want %d", cmd, code, exitInput)
				}
				for _, w := range want {
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
