package deck

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"runtime"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// TestNative: on the machines the host team runs, a DeckState in memory
// is its payload, and the one-copy codec gives exactly the generated
// field-by-field codec's bytes and values.
func TestNative(t *testing.T) {
	if !native && (runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64") {
		t.Fatal("the one-copy codec is off on a little-endian machine: Go lays DeckState out unlike the schema")
	}
	if !native {
		t.Skip("not a little-endian machine whose Go lays DeckState out as the schema does")
	}
	r := rand.New(rand.NewPCG(15, 16))
	for range 100 {
		st := randomState(r)
		if !bytes.Equal(payloadOf(st), st.Encode()) {
			t.Fatal("payloadOf differs from Encode")
		}
		var got layout.DeckState
		decode(&got, st.Encode())
		if got != *st {
			t.Fatal("decode differs from DecodeDeckState")
		}
	}
}

// TestFallback runs the loader with the field-by-field codec, as on a
// machine without the one-copy codec, and requires the same results.
func TestFallback(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	files := [][]byte{v5Fixture(t), Encode(randomState(r)), reframe(Encode(randomState(r)), setPayloadLen(0))}
	var want []*layout.DeckState
	for _, f := range files {
		st, _, err := loadNew(f)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, st)
	}
	defer func(n bool) { native = n }(native)
	native = false
	for i, f := range files {
		st, _, err := loadNew(f)
		if err != nil || *st != *want[i] {
			t.Fatalf("file %d loads differently without the one-copy codec: %v", i, err)
		}
		if !bytes.Equal(Encode(st), Encode(want[i])) {
			t.Fatalf("file %d encodes differently without the one-copy codec", i)
		}
	}
}

// TestSameLayoutRefuses: the proof fails for a type laid out otherwise.
func TestSameLayoutRefuses(t *testing.T) {
	fs := []layout.FieldInfo{{Name: "a", Type: "uint16", Offset: 0, Size: 2}, {Name: "b", Type: "uint16", Offset: 2, Size: 2}}
	for _, typ := range []reflect.Type{
		reflect.TypeFor[struct{ A, B uint16 }](),
	} {
		if !sameLayout(typ, fs) {
			t.Errorf("%v: refused a matching layout", typ)
		}
	}
	for _, typ := range []reflect.Type{
		reflect.TypeFor[struct{ A uint16 }](),
		reflect.TypeFor[struct{ A, B int32 }](),
		reflect.TypeFor[struct {
			A uint8
			B uint16
		}](),
		reflect.TypeFor[struct{ A, B [2]bool }](),
		reflect.TypeFor[struct {
			A uint16
			B *uint16
		}](),
	} {
		if sameLayout(typ, fs) {
			t.Errorf("%v: accepted as %v", typ, fs)
		}
	}
}
