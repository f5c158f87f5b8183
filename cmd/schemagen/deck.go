package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/schemagen/schemagen/deck"
	"github.com/schemagen/schemagen/deck/inspect"
	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// runDeck reads, migrates or creates a deck-state file with this build's
// layout (generated/go/deck); it needs no schema and runs anywhere.
//
//	deck inspect FILE        the file as JSON
//	deck migrate FILE        migrate it to the current version in place
//	deck new [--force] FILE  write a new career with the starter kit
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
	path, ok := oneFile(e, flag.NewFlagSet("migrate", flag.ContinueOnError), args)
	if !ok {
		return exitInput
	}
	from, err := deck.MigrateFile(path)
	switch {
	case err != nil && from != 0:
		// Loaded, but saving failed.
		e.errorf("%v", err)
		return exitCheck
	case err != nil:
		e.errorf("%v", err)
		return exitInput
	case from == layout.StructVersion:
		fmt.Fprintf(e.stdout, "%s: already version %d; left as it is\n", path, from)
	default:
		fmt.Fprintf(e.stdout, "%s: migrated from version %d to %d\n", path, from, layout.StructVersion)
	}
	return exitOK
}

func deckNew(e *env, args []string) int {
	fl := flag.NewFlagSet("new", flag.ContinueOnError)
	force := fl.Bool("force", false, "replace an existing file (never one of a newer version)")
	path, ok := oneFile(e, fl, args)
	if !ok {
		return exitInput
	}
	if _, err := os.Stat(path); err == nil && !*force {
		e.errorf("%s exists; pass --force to replace it with a new career", path)
		return exitInput
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		e.errorf("%v", err)
		return exitInput
	}
	st, err := deck.New()
	if err != nil {
		e.errorf("%v", err)
		return exitCheck
	}
	if err := deck.WriteFile(path, st); err != nil {
		e.errorf("%v", err)
		if errors.Is(err, deck.ErrNewerVersion) {
			return exitInput
		}
		return exitCheck
	}
	fmt.Fprintf(e.stdout, "%s: a new career at version %d, the starter kit granted\n", path, layout.StructVersion)
	return exitOK
}

// readDeck reads a file that should be a deck file, refusing one longer
// than any deck file can be rather than reading it whole.
func readDeck(path string) ([]byte, error) {
	f, err := os.Open(path)
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
