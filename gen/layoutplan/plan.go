// Package layoutplan computes the plan of a layout package's file codec
// once from the layout model, for every emitter that renders one: gen/clayout
// renders it to C (deck_file.c), gen/golayout to Go (the generated package's
// Parse, Load, Migrate and Encode). What a file's version means to the
// loader (current, migrates, reinitialize, newer, never shipped), the
// sizes the checks compare with, and how each older version's payload
// becomes the current layout — field by field and as runs of bytes — are
// decided here, so that the two renderings cannot disagree.
//
// The order of the checks, the same in both renderings and in the
// interpreter of internal/layoutfile: the magic; payload_len against the
// version's layout size, when it is not 0 and the version shipped; the
// file's length against the header (taking the version's size when
// payload_len is 0); the CRC; then the version (newer, older than
// migrate_from, never shipped); then the migration.
package layoutplan

import (
	"github.com/schemagen/schemagen/gen/layoutmodel"
)

// Plan is the file codec of one layout package with a file.
type Plan struct {
	Layout  *layoutmodel.Layout
	Current *layoutmodel.Version
	// First is the oldest shipped version; MigrateFrom the oldest that
	// migrates (older shipped ones are refused with "reinitialize").
	First, MigrateFrom int
	// Overhead is what a file adds to its payload: header and CRC.
	Overhead int
	// PayloadLenMax is the most the header's payload_len can state.
	PayloadLenMax int64
	// FileSizeMax is the size of the largest file of a shipped version.
	FileSizeMax int
	// Migrations are the versions from MigrateFrom up to the one before
	// the current, oldest first, each with how its payload becomes the
	// current layout.
	Migrations []*Migration
}

// Migration is how the payload of an older version becomes the current
// root: every field of the current layout read from where that version
// has it, and the fields it lacks zero-filled. A field is declared once in
// the schema and never retyped, so a kept field has the same type and
// size in both; a field only the older version has is dropped, which the
// model allows only where a version states the loss.
type Migration struct {
	Version *layoutmodel.Version
	// Moves has one entry per field of the current layout, in order.
	Moves []Move
	// Runs are the kept bytes as maximal runs, in the current layout's
	// order: the bytes no run writes are zero.
	Runs []Run
	// Kept and Zeroed are the names of the fields read from the old
	// payload and of those it lacks.
	Kept, Zeroed []string
}

// Move is one field of the current layout in a migration.
type Move struct {
	Field *layoutmodel.LayoutField
	// To is its offset in the current layout; From its offset in the old
	// payload, when Kept.
	To, From int
	Kept     bool
}

// Run is a stretch of Len bytes at From of the old payload that lands,
// byte for byte, at To of the current one.
type Run struct {
	From, To, Len int
}

// New returns the plan of l's file codec, or nil when l states no file.
func New(l *layoutmodel.Layout) *Plan {
	f := l.File
	if f == nil {
		return nil
	}
	cur := l.Current()
	p := &Plan{
		Layout:        l,
		Current:       cur,
		First:         l.Versions[0].Number,
		MigrateFrom:   l.MigrateFrom.Int(),
		Overhead:      f.Header.Size + layoutmodel.CRCSize,
		PayloadLenMax: 1<<(8*f.LengthField.Size()) - 1,
	}
	for _, v := range l.Versions {
		p.FileSizeMax = max(p.FileSizeMax, f.Size(v))
		if v.Number >= p.MigrateFrom && v != cur {
			p.Migrations = append(p.Migrations, migration(v, cur))
		}
	}
	return p
}

// migration works out how version v's payload becomes cur's.
func migration(v, cur *layoutmodel.Version) *Migration {
	at := map[*layoutmodel.LayoutField]int{}
	for _, pl := range v.Fields {
		at[pl.Field] = pl.Offset
	}
	m := &Migration{Version: v}
	for _, pl := range cur.Fields {
		off, ok := at[pl.Field]
		m.Moves = append(m.Moves, Move{Field: pl.Field, To: pl.Offset, From: off, Kept: ok})
		if !ok {
			m.Zeroed = append(m.Zeroed, pl.Field.Name)
			continue
		}
		m.Kept = append(m.Kept, pl.Field.Name)
		n := pl.Field.Size()
		if k := len(m.Runs) - 1; k >= 0 && m.Runs[k].From+m.Runs[k].Len == off && m.Runs[k].To+m.Runs[k].Len == pl.Offset {
			m.Runs[k].Len += n
			continue
		}
		m.Runs = append(m.Runs, Run{From: off, To: pl.Offset, Len: n})
	}
	return m
}

// Verdict is what the loader makes of a sound file's version.
type Verdict int

// The verdicts, in the order the loader tells them apart.
const (
	// Load: the current version, decoded as it is.
	Load Verdict = iota
	// Migrate: a version from MigrateFrom up, migrated.
	Migrate
	// Newer: a version after the current one; never written over.
	Newer
	// Reinitialize: a shipped version older than MigrateFrom.
	Reinitialize
	// NeverShipped: a version before the first one that shipped.
	NeverShipped
)

// VerdictOf returns what the loader makes of a file of version v.
func (p *Plan) VerdictOf(v int) Verdict {
	switch {
	case v == p.Current.Number:
		return Load
	case v > p.Current.Number:
		return Newer
	case v >= p.MigrateFrom:
		return Migrate
	case v >= p.First:
		return Reinitialize
	}
	return NeverShipped
}

// Migration returns the migration of version v, or nil when v does not
// migrate.
func (p *Plan) Migration(v int) *Migration {
	for _, m := range p.Migrations {
		if m.Version.Number == v {
			return m
		}
	}
	return nil
}
