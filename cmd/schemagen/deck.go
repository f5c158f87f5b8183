package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/schemagen/schemagen/deck"
	"github.com/schemagen/schemagen/deck/inspect"
	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// runDeck reads, migrates or creates a deck-state file with this build's
// layout (generated/go/deck); it needs no schema and runs anywhere.
//
//	deck inspect FILE        the file as JSON
//	deck migrate [--force] FILE  migrate it to the current version in place
//	deck new [--force] FILE      write a new career with the starter kit
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
	switch sub, args := args[0], args[1:]; sub {
	case "inspect":
		return deckInspect(e, args)
	case "migrate":
		return deckMigrate(e, args)
	case "new":
		return deckNew(e, args)
	default:
		e.errorf("deck: unknown subcommand %q; usage: schemagen deck inspect|migrate|new FILE", sub)
		return exitInput
	}
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

func deckInspect(e *env, args []string) int {
	path, ok := oneFile(e, flag.NewFlagSet("inspect", flag.ContinueOnError), args)
	if !ok {
		return exitInput
	}
	b, err := readDeck(path)
	if err != nil {
		e.errorf("%v", err)
		return exitInput
	}
	r, err := inspect.File(b)
	if err != nil {
		e.errorf("%s: %v", path, err)
		return exitInput
	}
	e.stdout.Write(r.JSON())
	if r.Load != nil {
		e.errorf("%s: %v", path, r.Load)
		return exitCheck
	}
	return exitOK
}

func deckMigrate(e *env, args []string) int {
	fl := flag.NewFlagSet("migrate", flag.ContinueOnError)
	force := fl.Bool("force", false, "replace a read-only file all the same (it stays read-only)")
	path, ok := oneFile(e, fl, args)
	if !ok {
		return exitInput
	}
	readOnly := *force && isReadOnly(path)
	from, err := deck.Options{ReplaceReadOnly: *force}.MigrateFile(path)
	switch {
	case err != nil:
		return saveFailed(e, err, from == 0)
	case from == layout.StructVersion:
		fmt.Fprintf(e.stdout, "%s: already version %d; left as it is\n", path, from)
	default:
		fmt.Fprintf(e.stdout, "%s: migrated from version %d to %d\n", path, from, layout.StructVersion)
		noteReadOnly(e, path, readOnly)
	}
	return exitOK
}

func deckNew(e *env, args []string) int {
	fl := flag.NewFlagSet("new", flag.ContinueOnError)
	force := fl.Bool("force", false, "replace an existing file, a read-only one too (never one of a newer version)")
	path, ok := oneFile(e, fl, args)
	if !ok {
		return exitInput
	}
	st, err := deck.New()
	if err != nil {
		e.errorf("%v", err)
		return exitCheck
	}
	readOnly := *force && isReadOnly(path)
	if err := (deck.Options{NoReplace: !*force, ReplaceReadOnly: *force}).WriteFile(path, st); err != nil {
		if errors.Is(err, deck.ErrExists) {
			e.errorf("%s exists; pass --force to replace it with a new career", path)
			return exitInput
		}
		return saveFailed(e, err, false)
	}
	fmt.Fprintf(e.stdout, "%s: a new career at version %d, the starter kit granted\n", path, layout.StructVersion)
	noteReadOnly(e, path, readOnly)
	return exitOK
}

// saveFailed reports a failed save and returns its exit status: 2 for a
// file that was refused (the reason is printed; nothing was written), 1
// for a write that failed. loadFailed says the error is the loader's, a
// refusal too.
func saveFailed(e *env, err error, loadFailed bool) int {
	e.errorf("%v", err)
	if errors.Is(err, deck.ErrReadOnly) {
		e.errorf("pass --force to replace it all the same (it stays read-only)")
	}
	if _, refused := errors.AsType[*deck.RefusedError](err); refused || loadFailed || errors.Is(err, deck.ErrNewerVersion) {
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

// readDeck reads a file that should be a deck file, refusing one longer
// than any deck file can be rather than reading it whole.
func readDeck(path string) ([]byte, error) {
	f, err := deck.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, deck.MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > deck.MaxFileSize {
		return nil, fmt.Errorf("%s is longer than any deck file (%d bytes): it is not one", path, deck.MaxFileSize)
	}
	return b, nil
}
