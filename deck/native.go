package deck

import (
	"encoding/binary"
	"reflect"
	"unsafe"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// A DeckState in memory is laid out exactly as its payload on a
// little-endian machine when Go places every field at the schema's offset:
// C's natural alignment with no padding is also Go's. Then decoding and
// encoding are one copy of DeckStateSize bytes instead of a read or write
// per scalar (about 2 µs, ten times the CRC; see make bench). native says
// whether that holds on this machine, proved once by comparing every
// field's offset and size, recursively, with the generated layout; where it
// does not (a big-endian machine, a Go that lays the struct out otherwise,
// a type the proof does not know) the generated field-by-field codec is
// used. The tests check that both give the same bytes.
var native = binary.NativeEndian.Uint16([]byte{1, 0}) == 1 &&
	unsafe.Sizeof(layout.DeckState{}) == layout.DeckStateSize &&
	sameLayout(reflect.TypeFor[layout.DeckState](), layout.Fields(layout.StructVersion))

// sameLayout reports whether struct type t has exactly the fields fs at
// their offsets and sizes, each of a fixed-size integer type or an array or
// struct of them, recursively.
func sameLayout(t reflect.Type, fs []layout.FieldInfo) bool {
	if t.Kind() != reflect.Struct || t.NumField() != len(fs) {
		return false
	}
	for i, f := range fs {
		sf := t.Field(i)
		if sf.Offset != uintptr(f.Offset) || sf.Type.Size() != uintptr(f.Size) {
			return false
		}
		et := sf.Type
		for et.Kind() == reflect.Array {
			et = et.Elem()
		}
		switch et.Kind() {
		case reflect.Int8, reflect.Uint8, reflect.Int16, reflect.Uint16, reflect.Int32, reflect.Uint32, reflect.Int64, reflect.Uint64:
			if f.Members() != nil {
				return false
			}
		case reflect.Struct:
			if !sameLayout(et, f.Members()) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// decode sets *st from payload, DeckStateSize bytes.
func decode(st *layout.DeckState, payload []byte) {
	if native {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(st)), layout.DeckStateSize), payload)
		return
	}
	*st, _ = layout.DecodeDeckState(payload)
}

// payloadOf returns the payload of st: st's own memory when native, to be
// copied before st changes.
func payloadOf(st *layout.DeckState) []byte {
	if native {
		return unsafe.Slice((*byte)(unsafe.Pointer(st)), layout.DeckStateSize)
	}
	return st.Encode()
}
