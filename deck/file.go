package deck

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

const (
	// overhead is what a file adds to its payload: header and CRC.
	overhead = layout.FileHeaderSize + layout.FileCRCSize
	// MaxFileSize is the longest a deck file can be: payload_len is a
	// uint16. ReadFile reads no more than one byte past it.
	MaxFileSize = overhead + 0xFFFF
)

// magicBytes is FileMagic as it is on disk.
var magicBytes = binary.LittleEndian.AppendUint32(nil, layout.FileMagic)

// Parse splits a deck file into its header and payload and checks all that
// does not depend on which versions this build loads, in this order: the
// magic (*MagicError); payload_len against the version's layout size, when
// it is not 0 and the version is known (*PayloadLenError); the file's
// length against the header (*LengthError), taking the version's layout
// size when payload_len is 0; and the CRC (*CRCError).
//
// When payload_len is 0 and the version is not one this build knows, the
// payload's size cannot be known: the payload is then everything between
// header and CRC, and the CRC alone vouches for it.
//
// The payload is a subslice of file. Parse returns the header whenever the
// file has one past its magic, and the payload with a *CRCError too, for
// inspection; with any other error, no payload.
func Parse(file []byte) (layout.DeckFileHeader, []byte, error) {
	var h layout.DeckFileHeader
	if n := min(len(file), len(magicBytes)); !bytes.Equal(file[:n], magicBytes[:n]) {
		return h, nil, &MagicError{Got: bytes.Clone(file[:n])}
	}
	if len(file) < overhead {
		return h, nil, &LengthError{Version: -1, Want: overhead, Got: len(file)}
	}
	h, _ = layout.DecodeDeckFileHeader(file[:layout.FileHeaderSize])
	v, plen := int(h.Version), int(h.PayloadLen)
	known, ok := layout.PayloadSize(v)
	size := plen
	switch {
	case plen != 0 && ok && plen != known:
		return h, nil, &PayloadLenError{Version: v, PayloadLen: plen, Want: known}
	case plen == 0 && ok:
		size = known
	case plen == 0:
		if size = len(file) - overhead; size > 0xFFFF {
			return h, nil, &LengthError{Version: v, Want: MaxFileSize, Got: len(file)}
		}
	}
	if len(file) != size+overhead {
		return h, nil, &LengthError{Version: v, PayloadLen: plen, Want: size + overhead, Got: len(file)}
	}
	end := len(file) - layout.FileCRCSize
	payload := file[layout.FileHeaderSize:end]
	stored := binary.LittleEndian.Uint32(file[end:])
	if sum := crc32.ChecksumIEEE(file[:end]); sum != stored {
		return h, payload, &CRCError{Stored: stored, Computed: sum}
	}
	return h, payload, nil
}

// EncodeFile returns the deck file of a version with the given payload:
// the header (payload_len set to the payload's length), the payload and
// the CRC-32. It refuses a payload of another size than the version's
// layout when the version is known, and one payload_len cannot state.
func EncodeFile(version uint16, payload []byte) ([]byte, error) {
	if n, ok := layout.PayloadSize(int(version)); ok && n != len(payload) {
		return nil, &PayloadLenError{Version: int(version), PayloadLen: len(payload), Want: n}
	}
	if len(payload) == 0 || len(payload) > 0xFFFF {
		return nil, fmt.Errorf("deck: a payload of %d bytes: payload_len holds 1 to %d", len(payload), 0xFFFF)
	}
	return appendFile(make([]byte, 0, len(payload)+overhead), version, payload), nil
}

// Encode returns st as a deck file of the current version, which Load
// reads back as st.
func Encode(st *layout.DeckState) []byte {
	p := payloadOf(st)
	return appendFile(make([]byte, 0, len(p)+overhead), layout.StructVersion, p)
}

// appendFile appends the file of version with payload to b; len(payload)
// fits payload_len.
func appendFile(b []byte, version uint16, payload []byte) []byte {
	start := len(b)
	h := layout.DeckFileHeader{Magic: layout.FileMagic, Version: version, PayloadLen: uint16(len(payload))}
	b = append(b, h.Encode()...)
	b = append(b, payload...)
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}
