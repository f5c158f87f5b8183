package wire

import (
	"slices"
	"testing"
)

// laxValue reads any JSON value as a generated decoder would, every
// object requiring a member "id", an object's member "map" read as a map
// and "skipped" skipped, so that a lax reading's holes can be compared
// with the paths Validate writes.
func laxValue(r *Reader) error {
	switch r.peek() {
	case '{':
		return laxObject(r)
	case '[':
		var l []struct{}
		return List(r, &l, func(r *Reader, _ *struct{}) error { return laxValue(r) })
	}
	return r.Skip()
}

func laxObject(r *Reader) error {
	if err := r.Object(); err != nil {
		return err
	}
	var have uint64
	for first := true; ; first = false {
		key, ok, err := r.Key(first)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		switch string(key) {
		case "id":
			have, err = 1, r.Skip()
		case "map":
			var m map[string]struct{}
			err = Map(r, &m, func(r *Reader, _ *struct{}) error { return laxValue(r) })
		case "skipped":
			err = r.Skip()
		default:
			err = laxValue(r)
		}
		if err != nil {
			return err
		}
	}
	return r.MissingField([]string{"id"}, 1, have)
}

// TestLaxHoles checks that a lax reading names each missing field by the
// path Validate gives a problem there (Path.String), through members,
// list items, map keys and skipped values, and that outside a lax
// reading a missing field is the error it always was.
func TestLaxHoles(t *testing.T) {
	data := []byte(`{"id": 1, "a": [{"id": 2}, {"x": {}}], "skipped": {"deep": {"x": [1, {}]}}, "map": {"k.1": {}, "ok": {"id": 3}}, "t": {"id": 4, "u": {"v": [[{}]]}}}`)
	root := Root("")
	a := root.Member("a")
	a1 := a.Index(1)
	x := a1.Member("x")
	m := root.Member("map")
	k := m.Key("k.1")
	tt := root.Member("t")
	u := tt.Member("u")
	v := u.Member("v")
	v0 := v.Index(0)
	v00 := v0.Index(0)
	want := []string{x.String() + ".id", a1.String() + ".id", k.String() + ".id", v00.String() + ".id", u.String() + ".id"}

	r := NewReader(data)
	r.lax = &laxState{}
	if err := laxValue(&r); err != nil {
		t.Fatalf("lax reading: %v", err)
	}
	if !slices.Equal(r.lax.holes, want) {
		t.Errorf("holes %q, want %q", r.lax.holes, want)
	}
	if !r.lax.incomplete || len(r.lax.frames) != 0 {
		t.Errorf("incomplete %v, %d frames left; want true, 0", r.lax.incomplete, len(r.lax.frames))
	}

	strict := NewReader(data)
	if err := laxValue(&strict); err == nil {
		t.Error("a reading that is not lax took a missing field")
	}
}
