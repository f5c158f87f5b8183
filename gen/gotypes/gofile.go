package gotypes

import (
	"bytes"
	"github.com/schemagen/schemagen/gen/model"
	"go/doc/comment"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemagen/schemagen/gen/escape"
)

// goFile writes one Go source file in gofmt's own layout, so that nothing
// needs formatting afterwards: tabs for indentation, one blank line
// between declarations, imports sorted in one block, doc comments in the
// form go/doc/comment prints them (which is what gofmt does to a doc
// comment), and the columns of a run of struct fields or constants
// aligned as gofmt's tabwriter aligns them. Every file the emitter writes
// is checked against go/format in the tests (TestGofmtIsIdentity), so a
// layout gofmt would change fails there, not in a user's diff.
type goFile struct {
	pkg     string
	header  []string        // comment lines above the package clause
	pkgDoc  string          // the package's doc comment
	imports map[string]bool // import paths used
	b       bytes.Buffer
	room    int // bytes reserved at the start of b for the header (reserve)
	depth   int
	decls   int // top-level declarations written, for the blank line between them
	// patterns names the compiled wire.Pattern of each field type that states
	// a pattern of its own (a named scalar's is its validator's).
	patterns map[*model.Type]string
	// notPatterns names the compiled wire.Pattern of each field type's !~.
	notPatterns map[*model.Type]string
	// compiled are the pattern variables declared so far in the package,
	// by any of its files: a type two fields share (an alias's, every
	// use of #Guarded: matchIf(=~"^\\$\\{", …)) is declared once.
	compiled map[string]bool
	// keyed are the OneOfs some list.UniqueItems list holds, which need a
	// key method.
	keyed map[*model.OneOf]bool
	// fit are the objects that are variants of a union without a
	// discriminator, which need a decoder that reads a value missing
	// required fields (decode_TFit), to tell whether they are possible.
	fit map[*model.Object]bool
	// zero are the zero-absent fields of the package (zeroabsent.go), each
	// with the Go literal of its zero value.
	zero map[*model.Field]string
	// mapWalk is how the validation walk of an enclosing map visits its
	// keys, for a map nested in it (see checks).
	mapWalk mapWalk
}

func newGoFile(pkg string, header ...string) *goFile {
	return &goFile{pkg: pkg, header: header, imports: map[string]bool{}, patterns: map[*model.Type]string{}, notPatterns: map[*model.Type]string{}, compiled: map[string]bool{}}
}

// use records an import and returns the package's name for qualifying.
func (f *goFile) use(path string) string {
	f.imports[path] = true
	return path[strings.LastIndexByte(path, '/')+1:]
}

// wire and the other qualifiers the emitter uses.
func (f *goFile) wire() string { return f.use(wirePkg) }

// decl starts a top-level declaration: a blank line before all but the
// first.
func (f *goFile) decl() {
	if f.decls > 0 {
		f.b.WriteByte('\n')
	}
	f.decls++
}

// p writes one line at the current depth.
func (f *goFile) p(parts ...string) {
	if len(parts) == 0 {
		f.b.WriteByte('\n')
		return
	}
	f.line("", parts, "")
}

// line writes head, parts and tail as one line at the current depth.
func (f *goFile) line(head string, parts []string, tail string) {
	for range f.depth {
		f.b.WriteByte('\t')
	}
	f.b.WriteString(head)
	for _, s := range parts {
		f.b.WriteString(s)
	}
	f.b.WriteString(tail)
	f.b.WriteByte('\n')
}

// label writes a switch's case (or default) line, one level out from the
// statements under it, as gofmt indents it.
func (f *goFile) label(parts ...string) {
	f.depth--
	f.p(parts...)
	f.depth++
}

// open writes "line {" and indents; close dedents and writes "}" + tail.
func (f *goFile) open(parts ...string) {
	f.line("", parts, " {")
	f.depth++
}

func (f *goFile) close(tail ...string) {
	f.depth--
	f.line("}", tail, "")
}

// doc writes text as a doc comment at the current depth, as gofmt would
// reformat it. A directive (//schemagen:enum) goes last, after an empty
// comment line, where gofmt moves directives.
func (f *goFile) doc(text string, directives ...string) {
	if t := strings.TrimSpace(escape.GoComment(text)); t != "" && plainDoc(t) {
		// docLines' lines, written in place.
		for l := range strings.Lines(t) {
			f.line("// ", []string{strings.TrimSuffix(l, "\n")}, "")
		}
	} else {
		for _, l := range docLines(text) {
			f.p(l)
		}
	}
	if len(directives) > 0 {
		if text != "" {
			f.p("//")
		}
		for _, d := range directives {
			f.p(d)
		}
	}
}

// comment writes text as plain // lines (not a doc comment: gofmt leaves
// those as written), trimming trailing space.
func (f *goFile) comment(text string) {
	for _, l := range strings.Split(strings.TrimSpace(escape.GoComment(text)), "\n") {
		if l = strings.TrimRight(l, " \t"); l == "" {
			f.p("//")
		} else {
			f.p("// ", l)
		}
	}
}

// docLines is text as the lines of a doc comment: what go/doc/comment
// prints for it, each behind "// " ("//" for a blank one); the text is
// made safe by escape.GoComment first.
func docLines(text string) []string {
	text = strings.TrimSpace(escape.GoComment(text))
	if text == "" {
		return nil
	}
	if plainDoc(text) {
		// Nothing go/doc/comment would change: plain lines of prose.
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			lines[i] = "// " + l
		}
		return lines
	}
	var pr comment.Parser
	var printer comment.Printer
	out := strings.TrimRight(string(printer.Comment(pr.Parse(text))), "\n")
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		switch {
		case l == "":
			lines[i] = "//"
		case l[0] == '\t': // a code block: gofmt writes "//\tcode"
			lines[i] = "//" + l
		default:
			lines[i] = "// " + l
		}
	}
	return lines
}

// plainDoc reports whether go/doc/comment prints text as it is: one
// paragraph of lines that start with neither space nor a list, heading or
// code marker, have no trailing space, and no link syntax. Anything else
// takes the full parse (TestGofmtIsIdentity covers both).
func plainDoc(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		if l == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '#' || l[0] == '-' || l[0] == '*' || l[0] == '+' ||
			(l[0] >= '0' && l[0] <= '9') || l[len(l)-1] == ' ' || l[len(l)-1] == '\t' ||
			strings.Contains(l, "[") || strings.Contains(l, "://") {
			return false
		}
	}
	return true
}

// columns writes rows whose cells gofmt aligns: each cell but the last is
// padded to the widest in its column over the run. A row with fewer cells
// ends the alignment of the columns it lacks, as in gofmt.
func (f *goFile) columns(rows [][]string) {
	// As gofmt's tabwriter aligns them: cell i of a row is padded to the
	// widest cell i of the consecutive rows that have a cell after it (a
	// row with fewer cells ends the column there).
	width := make([][]int, len(rows))
	for i := 0; ; i++ {
		more := false
		for start := 0; start < len(rows); {
			if len(rows[start])-1 <= i {
				start++
				continue
			}
			more = true
			end, w := start, 0
			for ; end < len(rows) && len(rows[end])-1 > i; end++ {
				w = max(w, utf8.RuneCountInString(rows[end][i]))
			}
			for r := start; r < end; r++ {
				width[r] = append(width[r], w)
			}
			start = end
		}
		if !more {
			break
		}
	}
	for n, r := range rows {
		var line strings.Builder
		for i, c := range r {
			line.WriteString(c)
			if i < len(r)-1 {
				line.WriteString(strings.Repeat(" ", width[n][i]-utf8.RuneCountInString(c)+1))
			}
		}
		f.p(line.String())
	}
}

// reserve makes room for the file's header before a body of about size
// bytes: bytes writes the header into it, so that a large body (a 19 MB
// file at 5,000 definitions) is not copied again behind its header.
func (f *goFile) reserve(room, size int) {
	f.b.Grow(room + size)
	f.b.Write(make([]byte, room))
	f.room = room
}

// bytes is the whole file: header, package doc and clause, imports, body.
func (f *goFile) bytes() []byte {
	body := f.b.Bytes()[f.room:]
	var out bytes.Buffer
	if f.room == 0 {
		out.Grow(len(body) + len(f.pkgDoc) + 1024) // the body is copied once, at its size
	}
	for _, h := range f.header {
		out.WriteString("// " + h + "\n")
	}
	if len(f.header) > 0 {
		out.WriteByte('\n')
	}
	for _, l := range docLines(f.pkgDoc) {
		out.WriteString(l + "\n")
	}
	out.WriteString("package " + f.pkg + "\n")
	paths := make([]string, 0, len(f.imports))
	for p := range f.imports {
		paths = append(paths, p)
	}
	slices.SortFunc(paths, func(a, b string) int {
		if isStd(a) != isStd(b) {
			if isStd(a) {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	switch len(paths) {
	case 0:
	case 1:
		out.WriteString("\nimport " + strconv.Quote(paths[0]) + "\n")
	default:
		// The standard library's first, then the others, as goimports
		// groups them.
		out.WriteString("\nimport (\n")
		std := true
		for i, p := range paths {
			if isStd(p) != std {
				std = false
				if i > 0 {
					out.WriteByte('\n')
				}
			}
			out.WriteString("\t" + strconv.Quote(p) + "\n")
		}
		out.WriteString(")\n")
	}
	if len(body) > 0 {
		out.WriteByte('\n')
	}
	if h := out.Bytes(); len(h) <= f.room {
		// Into the room reserved before the body.
		buf := f.b.Bytes()
		start := f.room - len(h)
		copy(buf[start:], h)
		return buf[start:]
	}
	out.Write(body)
	return out.Bytes()
}

// isStd reports whether an import path is the standard library's: its
// first element has no dot.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// quote is a Go string literal for s.
func quote(s string) string { return strconv.Quote(s) }
