package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/schemagen/schemagen/deck"
	"github.com/schemagen/schemagen/deck/inspect"
	"github.com/schemagen/schemagen/gen/model"
	layout "github.com/schemagen/schemagen/generated/go/deck"
	"github.com/schemagen/schemagen/internal/layoutfile"
)

// runDeck reads, migrates or creates a file of a layout package:
//
//	deck inspect FILE        the file as JSON
//	deck migrate [--force] FILE  migrate it to the current version in place
//	deck new [--force] FILE      write a new file with the starter kit
//
// Inside a module (the folder holding cue.mod, at or above the working
// directory, or -C), the layout is the module's own: its schema's layout
// package, read by the generic codec (internal/layoutfile). Outside any
// module it is the layout compiled into this build (generated/go/deck,
// through the deck package), so it needs no schema and runs anywhere.
//
// A symbolic link is written through; a file that is not regular, has
// several hard links, or is read-only (unless --force) is refused; the
// new file keeps the old one's owner, group and mode (deck.WriteFile).
//
// Exit status: 0 done; 1 inspect printed a file the loader refuses (a bad
// CRC, a version to reinitialize, ...), or a write failed and the file is
// as it was; 2 the file cannot be used as asked (the reason is printed and
// the file is untouched) or bad usage.
func runDeck(e *env, args []string) int {
	if len(args) == 0 {
		e.errorf("usage: schemagen deck inspect|migrate|new FILE")
		return exitInput
	}
	sub, args := args[0], args[1:]
	if sub != "inspect" && sub != "migrate" && sub != "new" {
		e.errorf("deck: unknown subcommand %q; usage: schemagen deck inspect|migrate|new FILE", sub)
		return exitInput
	}
	eng, code := deckEngineFor(e)
	if eng == nil {
		return code
	}
	switch sub {
	case "inspect":
		return deckInspect(e, eng, args)
	case "migrate":
		return deckMigrate(e, eng, args)
	default:
		return deckNew(e, eng, args)
	}
}

// deckEngine is what the deck subcommands do to a file of one layout.
type deckEngine interface {
	// maxFileSize is the longest a file can be.
	maxFileSize() int
	// inspect returns the file as JSON and why the loader refuses it
	// (nil when it loads), or an error for a file that cannot be read.
	inspect(file []byte) (report []byte, load error, err error)
	// migrate migrates the file at path in place, returning the version
	// it had and the current one.
	migrate(path string, o deck.Options) (from, cur int, err error)
	// create writes a new file, returning what it is, e.g. "a new career
	// at version 6, the starter kit granted".
	create(path string, o deck.Options) (what string, err error)
	// refusal reports whether a load error is the loader refusing the file.
	refusal(err error) bool
}

// deckEngineFor picks the layout: the module's, inside one; the built-in
// one outside.
func deckEngineFor(e *env) (deckEngine, int) {
	root, err := findRoot(e.dir)
	if err != nil {
		if e.dir != "" {
			e.errorf("%v", err)
			return nil, exitInput
		}
		return builtinDeck{}, exitOK
	}
	s, err := model.Load(root)
	if err != nil {
		if l, ok := err.(model.ErrorList); ok {
			e.printSchemaErrors(formatText, l)
		} else {
			fmt.Fprintln(e.stderr, err)
		}
		e.errorf("deck reads the module's layout from its schema (%s), which has errors", root)
		return nil, exitInput
	}
	if len(s.Layouts) == 0 {
		e.errorf("the module at %s has no layout package under %s/ (a package with a top-level layout field): there is no file format to read", root, s.Config.Schema)
		return nil, exitInput
	}
	c, err := layoutfile.New(s.Layouts[0])
	if err != nil {
		e.errorf("%v", err)
		return nil, exitInput
	}
	return moduleDeck{c}, exitOK
}

// oneFile parses a deck subcommand's flags and its one FILE argument.
func oneFile(e *env, fs *flag.FlagSet, args []string) (string, bool) {
	fs.SetOutput(e.stderr)
	if err := fs.Parse(args); err != nil {
		return "", false
	}
	if fs.NArg() != 1 {
		e.errorf("usage: schemagen deck %s FILE", fs.Name())
		return "", false
	}
	return fs.Arg(0), true
}

func deckInspect(e *env, eng deckEngine, args []string) int {
	path, ok := oneFile(e, flag.NewFlagSet("inspect", flag.ContinueOnError), args)
	if !ok {
		return exitInput
	}
	b, err := readDeck(path, eng.maxFileSize())
	if err != nil {
		e.errorf("%v", err)
		return exitInput
	}
	report, load, err := eng.inspect(b)
	if err != nil {
		e.errorf("%s: %v", path, err)
		return exitInput
	}
	e.stdout.Write(report)
	if load != nil {
		e.errorf("%s: %v", path, load)
		return exitCheck
	}
	return exitOK
}

func deckMigrate(e *env, eng deckEngine, args []string) int {
	fl := flag.NewFlagSet("migrate", flag.ContinueOnError)
	force := fl.Bool("force", false, "replace a read-only file all the same (it stays read-only)")
	path, ok := oneFile(e, fl, args)
	if !ok {
		return exitInput
	}
	readOnly := *force && isReadOnly(path)
	from, cur, err := eng.migrate(path, deck.Options{ReplaceReadOnly: *force})
	switch {
	case err != nil:
		return saveFailed(e, eng, err, from == 0)
	case from == cur:
		fmt.Fprintf(e.stdout, "%s: already version %d; left as it is\n", path, from)
	default:
		fmt.Fprintf(e.stdout, "%s: migrated from version %d to %d\n", path, from, cur)
		noteReadOnly(e, path, readOnly)
	}
	return exitOK
}

func deckNew(e *env, eng deckEngine, args []string) int {
	fl := flag.NewFlagSet("new", flag.ContinueOnError)
	force := fl.Bool("force", false, "replace an existing file, a read-only one too (never one of a newer version)")
	path, ok := oneFile(e, fl, args)
	if !ok {
		return exitInput
	}
	readOnly := *force && isReadOnly(path)
	what, err := eng.create(path, deck.Options{NoReplace: !*force, ReplaceReadOnly: *force})
	if err != nil {
		if errors.Is(err, deck.ErrExists) {
			e.errorf("%s exists; pass --force to replace it with a new one", path)
			return exitInput
		}
		return saveFailed(e, eng, err, false)
	}
	fmt.Fprintf(e.stdout, "%s: %s\n", path, what)
	noteReadOnly(e, path, readOnly)
	return exitOK
}

// builtinDeck is the layout compiled into this build, through the deck
// package.
type builtinDeck struct{}

func (builtinDeck) maxFileSize() int { return deck.MaxFileSize }

func (builtinDeck) inspect(b []byte) ([]byte, error, error) {
	r, err := inspect.File(b)
	if err != nil {
		return nil, nil, err
	}
	return r.JSON(), r.Load, nil
}

func (builtinDeck) migrate(path string, o deck.Options) (int, int, error) {
	from, err := o.MigrateFile(path)
	return from, layout.StructVersion, err
}

func (builtinDeck) create(path string, o deck.Options) (string, error) {
	st, err := deck.New()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("a new career at version %d, the starter kit granted", layout.StructVersion), o.WriteFile(path, st)
}

func (builtinDeck) refusal(err error) bool {
	return errors.Is(err, deck.ErrNewerVersion)
}

// moduleDeck is the module's own layout, read by the generic codec.
type moduleDeck struct{ c *layoutfile.Codec }

func (m moduleDeck) maxFileSize() int { return m.c.MaxFileSize() }

func (m moduleDeck) inspect(b []byte) ([]byte, error, error) {
	r, err := m.c.Inspect(b)
	if err != nil {
		return nil, nil, err
	}
	return r.JSON(), r.Load, nil
}

func (m moduleDeck) migrate(path string, o deck.Options) (int, int, error) {
	b, err := readDeck(path, m.c.MaxFileSize())
	if err != nil {
		return 0, m.c.Current(), err
	}
	from, payload, err := m.c.Load(b)
	if err != nil {
		return 0, m.c.Current(), fmt.Errorf("%s: %w", path, err)
	}
	if from == m.c.Current() {
		return from, from, nil
	}
	return from, m.c.Current(), o.WriteBytes(path, m.c.Encode(payload), m.c.Newer)
}

func (m moduleDeck) create(path string, o deck.Options) (string, error) {
	what := fmt.Sprintf("a new %s file at version %d", m.c.Layout().Name, m.c.Current())
	if cat := m.c.Layout().Catalog; cat != nil && len(cat.StarterKit) > 0 {
		what += ", the starter kit granted"
	}
	return what, o.WriteBytes(path, m.c.Encode(m.c.NewPayload()), m.c.Newer)
}

func (m moduleDeck) refusal(err error) bool {
	return errors.Is(err, layoutfile.ErrNewerVersion)
}

// saveFailed reports a failed save and returns its exit status: 2 for a
// file that was refused (the reason is printed; nothing was written), 1
// for a write that failed. loadFailed says the error is the loader's, a
// refusal too.
func saveFailed(e *env, eng deckEngine, err error, loadFailed bool) int {
	e.errorf("%v", err)
	if errors.Is(err, deck.ErrReadOnly) {
		e.errorf("pass --force to replace it all the same (it stays read-only)")
	}
	if _, refused := errors.AsType[*deck.RefusedError](err); refused || loadFailed || eng.refusal(err) {
		return exitInput
	}
	return exitCheck
}

// isReadOnly reports whether path (after its links) is a read-only file.
func isReadOnly(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && deck.ReadOnly(fi.Mode())
}

// noteReadOnly says, when --force replaced a read-only file, that it did.
func noteReadOnly(e *env, path string, readOnly bool) {
	if !readOnly {
		return
	}
	if fi, err := os.Stat(path); err == nil {
		e.errorf("note: %s was read-only (mode %04o) and stays so; it was replaced because --force was given", path, fi.Mode().Perm())
	}
}

// readDeck reads a file that should be a layout's file, refusing one
// longer than any such file can be rather than reading it whole.
func readDeck(path string, maxSize int) ([]byte, error) {
	f, err := deck.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, int64(maxSize)+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxSize {
		return nil, fmt.Errorf("%s is longer than any file of the layout (%d bytes): it is not one", path, maxSize)
	}
	return b, nil
}
