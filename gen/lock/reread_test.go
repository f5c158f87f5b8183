package lock_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
)

// projectLock is the lock of this repository's schema, as FromModel
// builds it.
func projectLock(t testing.TB) *lock.Lock {
	t.Helper()
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	return lock.FromModel(s)
}

// withHistory is a copy of l with hist.
func withHistory(l *lock.Lock, hist ...*lock.Acceptance) *lock.Lock {
	c := *l
	c.History = hist
	return &c
}

// agreesWithParse fails t unless Reread(data, cur) is what Parse(data)
// gives: the same error, or a lock alike to Parse's.
func agreesWithParse(t *testing.T, data []byte, cur *lock.Lock) (same bool) {
	t.Helper()
	want, werr := lock.Parse(data)
	got, same, file, err := lock.Reread(data, cur)
	if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
		t.Fatalf("Reread's error %v, Parse's %v", err, werr)
	}
	if err != nil {
		return false
	}
	// Alike in all a lock file holds: rendered the same (cmp.Diff says
	// where they differ; it is too slow to fuzz with).
	if !bytes.Equal(got.Marshal(), want.Marshal()) {
		t.Errorf("Reread's lock is not Parse's (-Parse +Reread):\n%s", cmp.Diff(want, got, cmpopts.IgnoreUnexported(lock.Lock{}, lock.Type{}, lock.Layout{})))
	}
	if same && !bytes.Equal(file, data) {
		t.Errorf("Reread found the file the same but gives other bytes to write")
	}
	if !same && file != nil {
		t.Errorf("Reread gives bytes to write for a file that is not the lock")
	}
	return same
}

// TestRereadRecognisesTheLock: the file of an unchanged schema — the
// lock's own rendering, with any history — is recognised without a
// parse, and read as Parse reads it; any other file is left to Parse.
func TestRereadRecognisesTheLock(t *testing.T) {
	cur := projectLock(t)
	acc := &lock.Acceptance{Reason: "renamed on purpose: \"ok\" <&> \u00e9\u2028", Findings: []string{"fleet.Pose.sitting: removed"}}
	two := &lock.Acceptance{Reason: "second", Findings: []string{"a", "b"}}
	for _, tc := range []struct {
		name string
		data []byte
		same bool
	}{
		{"no history", cur.Marshal(), true},
		{"one acceptance", withHistory(cur, acc).Marshal(), true},
		{"two acceptances", withHistory(cur, acc, two).Marshal(), true},
		{"an acceptance with no findings", withHistory(cur, &lock.Acceptance{Reason: "r"}).Marshal(), true},
		// Each of these Parse reads too, or refuses: Reread must agree.
		{"an empty history", bytes.Replace(cur.Marshal(), []byte("\n}\n"), []byte(",\n  \"history\": []\n}\n"), 1), false},
		{"the history compact", bytes.Replace(withHistory(cur, two).Marshal(), []byte("\"reason\": \"second\""), []byte("\"reason\":\"second\""), 1), false},
		{"a null history entry", bytes.Replace(withHistory(cur, two).Marshal(), []byte("\"history\": [\n"), []byte("\"history\": [\n    null,\n"), 1), false},
		{"an unknown member after the history", bytes.Replace(withHistory(cur, two).Marshal(), []byte("  ]\n}\n"), []byte("  ],\n  \"extra\": 1\n}\n"), 1), false},
		{"an unknown member in an acceptance", bytes.Replace(withHistory(cur, two).Marshal(), []byte("\"reason\": \"second\""), []byte("\"reason\": \"second\", \"x\": 1"), 1), false},
		{"a second document after it", append(withHistory(cur, two).Marshal(), "{}\n"...), false},
		{"trailing space", append(cur.Marshal(), ' '), false},
		{"no final newline", bytes.TrimSuffix(withHistory(cur, two).Marshal(), []byte("\n")), false},
		{"another contract", bytes.Replace(cur.Marshal(), []byte("\"resting\""), []byte("\"perched\""), 1), false},
		{"another lock version", bytes.Replace(cur.Marshal(), []byte("\"lockVersion\": 1"), []byte("\"lockVersion\": 2"), 1), false},
		{"not JSON", []byte("not json"), false},
		{"empty", []byte{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if same := agreesWithParse(t, tc.data, cur); same != tc.same {
				t.Errorf("Reread found the file the same: %v, want %v", same, tc.same)
			}
		})
	}
	if !strings.Contains(string(cur.Marshal()), "\"resting\"") {
		t.Fatal("the project's lock no longer has the member the test changes; pick another")
	}
}

// FuzzReread: whatever the file, Reread agrees with Parse (the same
// error, or a lock alike), and recognises only a file Parse reads.
func FuzzReread(f *testing.F) {
	cur := projectLock(f)
	f.Add(cur.Marshal())
	f.Add(withHistory(cur, &lock.Acceptance{Reason: "r", Findings: []string{"f"}}).Marshal())
	f.Add(bytes.Replace(cur.Marshal(), []byte("\n}\n"), []byte(",\n  \"history\": [null]\n}\n"), 1))
	f.Add([]byte(`{"lockVersion": 1, "packages": [null]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		agreesWithParse(t, data, cur)
	})
}
