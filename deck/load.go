package deck

import (
	"errors"
	"fmt"
	"io"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// ReadFile reads the deck file at path and loads it into *st with the
// generated codec (layout.Load): the state at the current version, and the
// version the file had. Its errors name the path and wrap Load's. It
// reads at most layout.MaxFileSize+1 bytes, and refuses anything but a
// regular file at once (Open).
func ReadFile(path string, st *layout.DeckState) (version int, err error) {
	b, size, err := readFile(path)
	if err != nil {
		return 0, err
	}
	v, err := layout.Load(b, st)
	if err != nil {
		if le, ok := errors.AsType[*layout.LengthError](err); ok && size > int64(len(b)) {
			le.Got = int(size)
		}
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// readFile reads up to MaxFileSize+1 bytes of path, and reports its size.
func readFile(path string) ([]byte, int64, error) {
	f, err := Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	b, err := io.ReadAll(io.LimitReader(f, layout.MaxFileSize+1))
	if err != nil {
		return nil, 0, err
	}
	return b, max(fi.Size(), int64(len(b))), nil
}
