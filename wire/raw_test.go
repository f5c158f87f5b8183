package wire

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestAs: a value of any type held as raw JSON is read as a T by T's
// decoder; one it refuses (another kind, trailing bytes, absent) is one
// problem of rule type, saying what it must be.
func TestAs(t *testing.T) {
	for _, c := range []struct {
		in     json.RawMessage
		want   string
		ok     bool
		reason string
	}{
		{json.RawMessage(`"abc"`), "abc", true, ""},
		{json.RawMessage(` "" `), "", true, ""},
		{json.RawMessage(`1`), "", false, "must be a string: "},
		{json.RawMessage(`null`), "", false, "must be a string: "},
		{json.RawMessage(`"a" "b"`), "", false, "must be a string: "},
		{nil, "", false, "must be a string (is absent)"},
	} {
		var p Problems
		root := Root("T")
		got, ok := As(&p, &root, "v", c.in, "a string", (*Reader).String)
		if got != c.want || ok != c.ok {
			t.Errorf("As(%s) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
		if c.ok {
			if p.Len() != 0 {
				t.Errorf("As(%s): problems %v, want none", c.in, p.Err())
			}
			continue
		}
		if p.Len() != 1 || p.errs[0].Rule != RuleType || !strings.HasPrefix(p.errs[0].Reason, c.reason) || p.errs[0].Path != "v" {
			t.Errorf("As(%s): problems %#v, want one of rule type at v, reason %q…", c.in, p.errs, c.reason)
		}
	}
}

// FuzzAs: on any bytes, As reads a string that encoding/json reads alike,
// or adds exactly one problem of rule type; it never panics.
func FuzzAs(f *testing.F) {
	for _, s := range []string{`"abc"`, ` "" `, `1`, `null`, `{"a": 1}`, `"a" "b"`, `"\u00e9"`, `[`, ``} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p Problems
		root := Root("T")
		got, ok := As(&p, &root, "", json.RawMessage(data), "a string", (*Reader).String)
		if !ok {
			if p.Len() != 1 || p.errs[0].Rule != RuleType {
				t.Fatalf("As(%q) refused it with %v, want one problem of rule type", data, p.Err())
			}
			return
		}
		var want string
		if p.Len() != 0 || !json.Valid(data) || json.Unmarshal(data, &want) != nil || got != want {
			t.Fatalf("As(%q) = %q with %v; encoding/json reads %q", data, got, p.Err(), want)
		}
	})
}

// TestListJSON: raw items make one JSON array, which As reads whole; nil
// is [], an item nil is null.
func TestListJSON(t *testing.T) {
	for _, c := range []struct {
		in   []json.RawMessage
		want string
	}{
		{nil, `[]`},
		{[]json.RawMessage{}, `[]`},
		{[]json.RawMessage{json.RawMessage(`"a"`)}, `["a"]`},
		{[]json.RawMessage{json.RawMessage(` 1 `), nil, json.RawMessage(`{"a": [2]}`)}, `[ 1 ,null,{"a": [2]}]`},
	} {
		got := ListJSON(c.in)
		if string(got) != c.want {
			t.Errorf("ListJSON(%q) = %s, want %s", c.in, got, c.want)
		}
		if !json.Valid(got) {
			t.Errorf("ListJSON(%q) = %s, not JSON", c.in, got)
		}
	}
	var p Problems
	root := Root("T")
	got, ok := As(&p, &root, "v", ListJSON([]json.RawMessage{json.RawMessage(`"a"`), json.RawMessage(`"b"`)}), "a list of strings", ListOf((*Reader).String))
	if !ok || len(got) != 2 || got[1] != "b" {
		t.Errorf("As(ListJSON) = %q, %v; want [a b], true", got, ok)
	}
}
