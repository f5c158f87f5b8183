package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/atomicfile"
	"github.com/schemagen/schemagen/internal/layoutfile"
)

// runDeck reads, migrates or creates a file of a layout package:
//
//	deck inspect FILE        the file as JSON
//	deck migrate [--force] FILE  migrate it to the current version in place
//	deck new [--force] FILE      write a new file with the starter kit
//
// The layout is the module's own (the folder holding cue.mod, at or above
// the working directory, or -C): its schema's layout package, read by the
// one model-driven interpreter of layout files (internal/layoutfile). This
// repository's deck is read the same way as any other module's layout;
// nothing of it is compiled into schemagen, so outside a module there is
// no file format to read and the command says so.
//
// A symbolic link is written through; a file that is not regular, has
// several hard links, or is read-only (unless --force) is refused; the
// new file keeps the old one's owner, group and mode (internal/atomicfile).
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
	c, code := deckCodec(e)
	if c == nil {
		return code
	}
	switch sub {
	case "inspect":
		return deckInspect(e, c, args)
	case "migrate":
		return deckMigrate(e, c, args)
	default:
		return deckNew(e, c, args)
	}
}

// deckCodec reads the module's layout package and returns the interpreter
// of its files.
func deckCodec(e *env) (*layoutfile.Codec, int) {
	root, err := findRoot(e.dir)
	if err != nil {
		e.errorf("%v", err)
		if e.dir == "" {
			e.errorf("deck reads the file format from the module's layout package, so it runs inside a module")
		}
		return nil, exitInput
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
	return c, exitOK
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

func deckInspect(e *env, c *layoutfile.Codec, args []string) int {
	path, ok := oneFile(e, flag.NewFlagSet("inspect", flag.ContinueOnError), args)
	if !ok {
		return exitInput
	}
	b, err := readDeck(path, c.MaxFileSize())
	if err != nil {
		e.errorf("%v", err)
		return exitInput
	}
	r, err := c.Inspect(b)
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

func deckMigrate(e *env, c *layoutfile.Codec, args []string) int {
	fl := flag.NewFlagSet("migrate", flag.ContinueOnError)
	force := fl.Bool("force", false, "replace a read-only file all the same (it stays read-only)")
	path, ok := oneFile(e, fl, args)
	if !ok {
		return exitInput
	}
	readOnly := *force && isReadOnly(path)
	from, cur, err := migrate(c, path, atomicfile.Options{ReplaceReadOnly: *force})
	switch {
	case err != nil:
		return saveFailed(e, err, from == 0)
	case from == cur:
		fmt.Fprintf(e.stdout, "%s: already version %d; left as it is\n", path, from)
	default:
		fmt.Fprintf(e.stdout, "%s: migrated from version %d to %d\n", path, from, cur)
		noteReadOnly(e, path, readOnly)
	}
	return exitOK
}

func deckNew(e *env, c *layoutfile.Codec, args []string) int {
	fl := flag.NewFlagSet("new", flag.ContinueOnError)
	force := fl.Bool("force", false, "replace an existing file, a read-only one too (never one of a newer version)")
	path, ok := oneFile(e, fl, args)
	if !ok {
		return exitInput
	}
	readOnly := *force && isReadOnly(path)
	what, err := create(c, path, atomicfile.Options{NoReplace: !*force, ReplaceReadOnly: *force})
	if err != nil {
		if errors.Is(err, atomicfile.ErrExists) {
			e.errorf("%s exists; pass --force to replace it with a new one", path)
			return exitInput
		}
		return saveFailed(e, err, false)
	}
	fmt.Fprintf(e.stdout, "%s: %s\n", path, what)
	noteReadOnly(e, path, readOnly)
	return exitOK
}

// migrate migrates the file at path in place, returning the version it
// had and the current one. A file already current is left as it is.
func migrate(c *layoutfile.Codec, path string, o atomicfile.Options) (from, cur int, err error) {
	b, err := readDeck(path, c.MaxFileSize())
	if err != nil {
		return 0, c.Current(), err
	}
	from, payload, err := c.Load(b)
	if err != nil {
		return 0, c.Current(), fmt.Errorf("%s: %w", path, err)
	}
	if from == c.Current() {
		return from, from, nil
	}
	return from, c.Current(), save(c, path, c.Encode(payload), o)
}

// create writes a new file of the current version, the starter kit
// granted, returning what it is, e.g. "a new deck file at version 6, the
// starter kit granted".
func create(c *layoutfile.Codec, path string, o atomicfile.Options) (what string, err error) {
	what = fmt.Sprintf("a new %s file at version %d", c.Layout().Name, c.Current())
	if cat := c.Layout().Catalog; cat != nil && len(cat.StarterKit) > 0 {
		what += ", the starter kit granted"
	}
	return what, save(c, path, c.Encode(c.NewPayload()), o)
}

// save replaces path with file atomically, never over a file of a newer
// version than the layout's.
func save(c *layoutfile.Codec, path string, file []byte, o atomicfile.Options) error {
	o.Keep = c.Newer
	return atomicfile.Prefix("deck: ", o.Write(path, file))
}

// saveFailed reports a failed save and returns its exit status: 2 for a
// file that was refused (the reason is printed; nothing was written), 1
// for a write that failed. loadFailed says the error is the loader's, a
// refusal too.
func saveFailed(e *env, err error, loadFailed bool) int {
	e.errorf("%v", err)
	if errors.Is(err, atomicfile.ErrReadOnly) {
		e.errorf("pass --force to replace it all the same (it stays read-only)")
	}
	if _, refused := errors.AsType[*atomicfile.RefusedError](err); refused || loadFailed || errors.Is(err, layoutfile.ErrNewerVersion) {
		return exitInput
	}
	return exitCheck
}

// isReadOnly reports whether path (after its links) is a read-only file.
func isReadOnly(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && atomicfile.ReadOnly(fi.Mode())
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
	f, err := atomicfile.Open(path)
	if err != nil {
		return nil, atomicfile.Prefix("deck: ", err)
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
