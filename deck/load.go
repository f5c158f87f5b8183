package deck

import (
	"errors"
	"fmt"
	"io"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// Load decodes a deck file into *st, the state at the current version, and
// returns the version the file had. A file of the current version is
// decoded as it is. One from MigrateMinVersion up to the current version
// is migrated (see Migrate), and the caller saves it (WriteFile) to make
// the file current. Anything else is an error, and *st is left as it was:
// the errors of Parse, then a *VersionError for a version newer than this
// build (ErrNewerVersion), older than MigrateMinVersion (ErrReinitialize)
// or never shipped (ErrUnknownVersion), and a *MigrationError. Load never
// writes anything but *st and never panics.
func Load(file []byte, st *layout.DeckState) (version int, err error) {
	h, payload, err := Parse(file)
	if err != nil {
		return 0, err
	}
	v := int(h.Version)
	if v == layout.StructVersion {
		decode(st, payload)
		return v, nil
	}
	p, err := planFor(v, len(payload))
	if err != nil {
		return 0, err
	}
	if native {
		p.apply(payloadOf(st), payload)
		return v, nil
	}
	var buf [layout.DeckStateSize]byte
	p.apply(buf[:], payload)
	decode(st, buf[:])
	return v, nil
}

// ReadFile reads the deck file at path and loads it into *st (Load). Its
// errors name the path and wrap Load's. It reads at most MaxFileSize+1
// bytes.
func ReadFile(path string, st *layout.DeckState) (version int, err error) {
	b, size, err := readFile(path)
	if err != nil {
		return 0, err
	}
	v, err := Load(b, st)
	if err != nil {
		if le, ok := errors.AsType[*LengthError](err); ok && size > int64(len(b)) {
			le.Got = int(size)
		}
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// readFile reads up to MaxFileSize+1 bytes of path, and reports its size.
// It refuses anything but a regular file at once (Open).
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
	b, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, 0, err
	}
	return b, max(fi.Size(), int64(len(b))), nil
}

// Migrate returns the payload of a version-from file laid out as the
// current version, or a *VersionError or *MigrationError. It is generic
// over the layout history (generated Fields): each field of the current
// layout is copied from the field of the same name in the old one, at
// whatever offset each has, and a field the old layout lacks is
// zero-filled. Field names are never reused, so a field of the same name
// is the same field; one that changed its type is refused
// (*MigrationError), and one the current layout removed is dropped, which
// the generator allows only where the schema states that loss. For an
// append-only history, as every version so far, this is one copy of the
// old payload, the shared prefix, and zeros after it.
func Migrate(payload []byte, from int) ([]byte, error) {
	p, err := planFor(from, len(payload))
	if err != nil {
		return nil, err
	}
	out := make([]byte, layout.DeckStateSize)
	p.apply(out, payload)
	return out, nil
}

// planFor returns the plan that migrates a payload of n bytes of version
// from, or why there is none.
func planFor(from, n int) (*plan, error) {
	switch {
	case from > layout.StructVersion:
		return nil, &VersionError{Version: from, Err: ErrNewerVersion}
	case from < layout.MigrateMinVersion:
		if _, shipped := layout.PayloadSize(from); !shipped {
			return nil, &VersionError{Version: from, Err: ErrUnknownVersion}
		}
		return nil, &VersionError{Version: from, Err: ErrReinitialize}
	}
	p := &plans[from-layout.MigrateMinVersion]
	if p.err != nil {
		return nil, p.err
	}
	if n != p.size {
		return nil, &LengthError{Version: from, PayloadLen: n, Want: p.size + overhead, Got: n + overhead}
	}
	return p, nil
}

// apply writes into out, DeckStateSize bytes, the migration of payload,
// p.size bytes.
func (p *plan) apply(out, payload []byte) {
	at := 0
	for _, c := range p.copies {
		clear(out[at:c.dst])
		copy(out[c.dst:c.dst+c.n], payload[c.src:c.src+c.n])
		at = c.dst + c.n
	}
	clear(out[at:])
}

// plan is how a payload of one version becomes the current layout.
type plan struct {
	size   int    // the old payload's size
	copies []span // in order; the bytes no span writes are zero
	err    error  // the version cannot be migrated: a *VersionError or *MigrationError
}

// span copies n bytes from offset src of the old payload to dst of the new.
type span struct{ dst, src, n int }

// plans holds the plan of every version from MigrateMinVersion to the
// current one, worked out once from the generated layout history.
var plans = func() []plan {
	out := make([]plan, layout.StructVersion-layout.MigrateMinVersion+1)
	for i := range out {
		out[i] = planFrom(layout.MigrateMinVersion + i)
	}
	return out
}()

func planFrom(from int) plan {
	size, ok := layout.PayloadSize(from)
	if !ok {
		return plan{err: &VersionError{Version: from, Err: ErrUnknownVersion}}
	}
	return makePlan(from, size, layout.Fields(from), layout.Fields(layout.StructVersion))
}

// makePlan works out how a payload laid out as fields old (size bytes, of
// version from) becomes one laid out as fields cur.
func makePlan(from, size int, oldFields, cur []layout.FieldInfo) plan {
	old := map[string]layout.FieldInfo{}
	for _, f := range oldFields {
		old[f.Name] = f
	}
	p := plan{size: size}
	for _, f := range cur {
		o, ok := old[f.Name]
		if !ok {
			continue // added since: zero
		}
		if o.Type != f.Type || o.Size != f.Size {
			return plan{err: &MigrationError{From: from, Field: f.Name, OldType: o.Type, NewType: f.Type}}
		}
		if n := len(p.copies); n > 0 {
			if last := &p.copies[n-1]; last.dst+last.n == f.Offset && last.src+last.n == o.Offset {
				last.n += f.Size
				continue
			}
		}
		p.copies = append(p.copies, span{dst: f.Offset, src: o.Offset, n: f.Size})
	}
	return p
}
