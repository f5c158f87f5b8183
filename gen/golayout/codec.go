package golayout

import (
	"bytes"
	"fmt"
	"go/format"
	"path"
	"strings"
	"sync"
	"text/template"

	"github.com/schemagen/schemagen/gen/escape"
	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/layoutplan"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
	"github.com/schemagen/schemagen/templates"
)

// The file codec (file.go) and the ledger (ledger.go) are rendered from
// templates/go/*.tmpl: the checks, the migration and the ledger's rules
// are the same for every layout, and what differs (names, offsets, sizes,
// each version's migration) is computed here from the model and from the
// plan gen/clayout renders to C (gen/layoutplan), so that the Go and C
// codecs cannot disagree. Each file is formatted with go/format.

// goTemplates parses the templates once, when a layout with a file is
// first rendered.
var goTemplates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").ParseFS(templates.GoFS, "go/*.tmpl"))
})

// fileView is what file.go.tmpl sees.
type fileView struct {
	Header, Dir, Pkg string
	// CFile is the C twin's path, e.g. generated/c/deck_file.c.
	CFile string
	// OwnershipH is the ledger's C twin, e.g. generated/c/ownership.h.
	OwnershipH                   string
	Root, RootSize, HeaderType   string
	MagicField, VersionField     string
	LengthField                  string
	VersionType, LengthType      string
	MagicBytes                   string
	MagicOffset, MagicHexWidth   int
	First                        int
	PayloadLenMax                int64
	UnknownStatus, MayOverwriteC string
	New, NewC                    string
	Migrations                   []goMigration
	Ledger                       *ledgerView
	// LedgerSince is the version that added the ledger's field when a
	// version older than migrate_from lacks it (its files are refused
	// with the reason that nothing can be owned in them), else 0.
	LedgerSince int
}

// goMigration is one case of migrate: the statements that lay a version's
// payload out as the current one, from the plan's runs.
type goMigration struct {
	Number int
	Note   string
	Lines  []string
}

// ledgerView is what ledger.go.tmpl sees of the ledger: its names, offsets
// and the statements that read and stamp its header.
type ledgerView struct {
	Name, Field, View, Owned, Consumables string
	MagicHex                              string
	BlobVersion                           int64
	Kind, Purchased, Discovered, Granted  string
	ConsumableBought, ConsumableUsed      string
	Outcome, Purchase, Discovery, Grant   string
	Bought, Used, Has, ConsumableCount    string
	Commit                                string
	ErrUnknownItem, ErrWrongClass         string
	ErrBadOutcome, ErrForeignBlob         string
	ErrUnknownSlot                        string
	Usable, Stamp, Known, SlotItems       string
	OwnedOffset, ConsumablesOffset        string
	Size                                  string
	MagicRead, VersionRead                string
	MagicConst, VersionConst              string
	StampLines                            []string
	CountedClass, CountedName             string
	// The C twins' names.
	COutcome, CCommit, CHas, CUsable, CErr string
}

// codecFiles renders file.go and, for a layout with a ledger and a
// catalog, ledger.go.
func codecFiles(l *layoutmodel.Layout, outDir, dir string) ([]output.File, error) {
	plan := layoutplan.New(l)
	if plan == nil {
		return nil, nil
	}
	var lv *ledgerView
	if l.Ledger != nil && l.Catalog != nil {
		lv = ledgerOf(l)
	}
	f := l.File
	cdir := path.Join(outDir, "c")
	v := fileView{
		Header:        output.GoHeader,
		Dir:           l.Dir,
		Pkg:           model.GoPackageName(l.Name),
		CFile:         path.Join(cdir, l.CFileHeader()+".c"),
		OwnershipH:    path.Join(cdir, "ownership.h"),
		Root:          l.Root.GoName,
		RootSize:      l.Root.GoSize(),
		HeaderType:    f.Header.GoName,
		MagicField:    f.MagicField.GoName,
		VersionField:  f.VersionField.GoName,
		LengthField:   f.LengthField.GoName,
		VersionType:   f.VersionField.Type.Prim.Go(),
		LengthType:    f.LengthField.Type.Prim.Go(),
		MagicOffset:   f.MagicField.Offset,
		MagicHexWidth: 2 * f.MagicField.Size(),
		First:         plan.First,
		// A Go int holds any length on a 64-bit machine; the cap keeps
		// MaxFileSize an int on a 32-bit one too.
		PayloadLenMax: min(plan.PayloadLenMax, 1<<31-1-int64(plan.Overhead)),
		UnknownStatus: l.CMacro("FILE_ERR_UNKNOWN_VERSION"),
		MayOverwriteC: l.CFunc("file_may_overwrite"),
		New:           l.GoNew(),
		NewC:          l.CNewFunc(),
		Ledger:        lv,
	}
	if lv != nil && l.Ledger.Field.Since > plan.First && plan.First < plan.MigrateFrom {
		v.LedgerSince = l.Ledger.Field.Since
	}
	var mb []string
	for i := 0; i < f.MagicField.Size(); i++ {
		mb = append(mb, fmt.Sprintf("0x%02X", (f.Magic.Value>>(8*i))&0xFF))
	}
	v.MagicBytes = strings.Join(mb, ", ")
	for _, m := range plan.Migrations {
		v.Migrations = append(v.Migrations, migrationCode(m, l.Root.Size))
	}
	files := []struct {
		tmpl, name string
		data       any
	}{{"file.go.tmpl", "file.go", v}, {"native.go.tmpl", "native.go", v}, {"purego.go.tmpl", "purego.go", v}}
	if lv != nil {
		files = append(files, struct {
			tmpl, name string
			data       any
		}{"ledger.go.tmpl", "ledger.go", v})
	}
	var out []output.File
	for _, file := range files {
		var buf bytes.Buffer
		if err := goTemplates().ExecuteTemplate(&buf, file.tmpl, file.data); err != nil {
			return nil, fmt.Errorf("golayout: %s: %w", file.name, err)
		}
		src, err := format.Source(reflow(buf.Bytes()))
		if err != nil {
			return nil, fmt.Errorf("golayout: %s: %w", file.name, err)
		}
		out = append(out, output.File{Path: path.Join(dir, file.name), Data: src})
	}
	return out, nil
}

// migrationCode is the case of migrate for one version: a copy per run of
// the plan, and a clear of every stretch no run writes.
func migrationCode(m *layoutplan.Migration, size int) goMigration {
	note := fmt.Sprintf("Version %d: the %d fields it shares with the current layout copied", m.Version.Number, len(m.Kept))
	if len(m.Zeroed) > 0 {
		note += fmt.Sprintf("; %s, which it lacks, zero-filled", strings.Join(m.Zeroed, ", "))
	}
	note += "."
	g := goMigration{Number: m.Version.Number, Note: escape.GoComment(note)}
	at := 0
	for _, r := range m.Runs {
		if r.To > at {
			g.Lines = append(g.Lines, fmt.Sprintf("clear(out[%d:%d])", at, r.To))
		}
		g.Lines = append(g.Lines, fmt.Sprintf("copy(out[%d:%d], payload[%d:%d])", r.To, r.To+r.Len, r.From, r.From+r.Len))
		at = r.To + r.Len
	}
	if at < size {
		g.Lines = append(g.Lines, fmt.Sprintf("clear(out[%d:])", at))
	}
	return g
}

// ledgerOf is the ledger's names and code.
func ledgerOf(l *layoutmodel.Layout) *ledgerView {
	g := l.Ledger
	low := func(s string) string { return lowerFirst(g.GoConst(s)) }
	v := &ledgerView{
		Name:        g.Field.Name,
		Field:       g.Field.GoName,
		View:        g.View.GoName,
		Owned:       g.Owned.Name,
		Consumables: g.Consumables.Name,
		MagicHex:    fmt.Sprintf("0x%X", g.Magic.Value),
		BlobVersion: g.BlobVersion.Value,
		Size:        g.View.GoSize(),

		Kind: g.GoConst("Kind"), Purchased: g.GoConst("Purchased"), Discovered: g.GoConst("Discovered"), Granted: g.GoConst("Granted"),
		ConsumableBought: g.GoConst("ConsumableBought"), ConsumableUsed: g.GoConst("ConsumableUsed"),
		Outcome: g.GoConst("Outcome"), Purchase: g.GoConst("Purchase"), Discovery: g.GoConst("Discovery"), Grant: g.GoConst("Grant"),
		Bought: g.GoConst("Bought"), Used: g.GoConst("Used"), Has: g.GoConst("Has"), ConsumableCount: g.GoConst("ConsumableCount"),
		Commit:         g.GoConst("Commit"),
		ErrUnknownItem: g.GoErr("UnknownItem"), ErrWrongClass: g.GoErr("WrongClass"), ErrBadOutcome: g.GoErr("BadOutcome"),
		ErrForeignBlob: g.GoErr("ForeignBlob"), ErrUnknownSlot: g.GoErr("UnknownSlot"),
		Usable: low("Usable"), Stamp: low("Stamp"), Known: low("Known"), SlotItems: low("SlotItems"),
		OwnedOffset:       g.View.GoOffset(g.Owned),
		ConsumablesOffset: g.View.GoOffset(g.Consumables),
		MagicConst:        g.GoConst("Magic"),
		VersionConst:      g.GoConst("BlobVersion"),
		CountedClass:      l.Catalog.Counted().GoName(),
		CountedName:       l.Catalog.Counted().Name,
		COutcome:          g.CType("Outcome"),
		CCommit:           g.CFunc("commit"),
		CHas:              g.CFunc("has"),
		CUsable:           g.CFunc("usable"),
		CErr:              g.CMacro("ERR_"),
	}
	read := func(m *layoutmodel.LayoutField) string {
		off := g.View.GoOffset(m)
		var parts []string
		for i := 0; i < m.Size(); i++ {
			p := fmt.Sprintf("uint64(b[%s+%d])", off, i)
			if i == 0 {
				p = fmt.Sprintf("uint64(b[%s])", off)
			}
			if i > 0 {
				p += fmt.Sprintf("<<%d", 8*i)
			}
			parts = append(parts, p)
		}
		return strings.Join(parts, " | ")
	}
	v.MagicRead, v.VersionRead = read(g.MagicField), read(g.VersionField)
	stamp := func(m *layoutmodel.LayoutField, value string) {
		off := g.View.GoOffset(m)
		for i := 0; i < m.Size(); i++ {
			at, shift := off, ""
			if i > 0 {
				at, shift = fmt.Sprintf("%s+%d", off, i), fmt.Sprintf(">>%d", 8*i)
			}
			v.StampLines = append(v.StampLines, fmt.Sprintf("b[%s] = %s%s & 0xFF", at, value, shift))
		}
	}
	stamp(g.MagicField, v.MagicConst)
	stamp(g.VersionField, v.VersionConst)
	return v
}

// reflow rewraps every paragraph of // comment lines the templates wrote
// to 77 columns at its indentation, as comment does for jennifer's files:
// the names a layout substitutes into them have any length. A line that
// is a directive (//go:build), the generated-code header or a blank //
// ends a paragraph.
func reflow(src []byte) []byte {
	var out []string
	var para []string
	indent := ""
	flush := func() {
		if len(para) == 0 {
			return
		}
		text := strings.Join(para, " ")
		width := 77 - len(strings.ReplaceAll(indent, "\t", "        "))
		for len(text) > width {
			j := strings.LastIndex(text[:width+1], " ")
			if j <= 0 {
				break
			}
			out = append(out, indent+"// "+text[:j])
			text = text[j+1:]
		}
		out = append(out, indent+"// "+text)
		para = nil
	}
	for _, line := range strings.Split(string(src), "\n") {
		trimmed := strings.TrimLeft(line, "\t")
		in := line[:len(line)-len(trimmed)]
		if !strings.HasPrefix(trimmed, "// ") || strings.HasPrefix(trimmed, "// Code generated") || strings.HasPrefix(trimmed, "// Source:") || (len(para) > 0 && in != indent) {
			flush()
		}
		if strings.HasPrefix(trimmed, "// ") && !strings.HasPrefix(trimmed, "// Code generated") && !strings.HasPrefix(trimmed, "// Source:") {
			indent = in
			para = append(para, strings.TrimPrefix(trimmed, "// "))
			continue
		}
		out = append(out, line)
	}
	flush()
	return []byte(strings.Join(out, "\n"))
}
