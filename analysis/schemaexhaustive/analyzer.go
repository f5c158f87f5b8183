package schemaexhaustive

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Config says how strict the analyzer is. The zero Config is the strict one.
// Its JSON names are the flags' names, which the golangci-lint plugin
// (package golangci) reads its settings by.
type Config struct {
	// DefaultCountsAsExhaustive makes a switch or type switch with a
	// default clause exhaustive whatever cases it lists. It is off by
	// default, because a default answers a widening silently, which is
	// what this analyzer exists to prevent.
	DefaultCountsAsExhaustive bool `json:"default-counts-as-exhaustive"`
}

// New returns an analyzer that checks exhaustiveness as cfg says. Its flag
// -default-counts-as-exhaustive starts at cfg's value and belongs to this
// analyzer only, so two analyzers from New never share settings.
func New(cfg Config) *analysis.Analyzer {
	c := cfg
	var fs flag.FlagSet
	fs.BoolVar(&c.DefaultCountsAsExhaustive, "default-counts-as-exhaustive", c.DefaultCountsAsExhaustive,
		"a switch with a default clause need not list every member")
	return &analysis.Analyzer{
		Name: "schemaexhaustive",
		Doc: "check that switches and map literals over schema enums and unions are exhaustive\n\n" +
			"A switch over a //schemagen:enum type must list every member, a map literal keyed by one\n" +
			"must have every member as a key, and a type switch over a //schemagen:union interface must\n" +
			"have a case for every variant. A //schemavet:ignore <reason> comment on the line of the\n" +
			"switch or literal, or the line above it, exempts it. See the package documentation.",
		URL:       "https://pkg.go.dev/github.com/schemagen/schemagen/analysis/schemaexhaustive",
		Flags:     fs,
		FactTypes: []analysis.Fact{new(EnumFact), new(UnionFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			exportFacts(pass)
			for _, file := range pass.Files {
				if ast.IsGenerated(file) {
					continue
				}
				(&checker{cfg: c, pass: pass, file: file}).check()
			}
			return nil, nil
		},
	}
}

// hatchPrefix starts the comment that exempts one switch or map literal;
// directivePrefix starts every comment meant for schemavet.
const (
	hatchPrefix     = "//schemavet:ignore"
	directivePrefix = "//schemavet:"
)

// A hatch is one //schemavet:ignore comment.
type hatch struct {
	pos    token.Pos
	reason string
	alone  bool // nothing precedes it on its line
	used   bool // it is on a switch or literal that the analyzer checks
}

// checker checks one file that is not generated.
type checker struct {
	cfg     Config
	pass    *analysis.Pass
	file    *ast.File
	src     []byte         // the file's text; nil when the driver cannot read it
	hatches map[int]*hatch // by line
}

func (c *checker) check() {
	c.hatches = make(map[int]*hatch)
	if c.pass.ReadFile != nil {
		c.src, _ = c.pass.ReadFile(c.pass.Fset.File(c.file.FileStart).Name())
	}
	for _, cg := range c.file.Comments {
		for _, cm := range cg.List {
			c.directive(cm)
		}
	}

	ast.Inspect(c.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SwitchStmt:
			c.switchStmt(n)
		case *ast.TypeSwitchStmt:
			c.typeSwitchStmt(n)
		case *ast.CompositeLit:
			c.mapLit(n)
		}
		return true
	})

	for _, h := range sortedHatches(c.hatches) {
		switch {
		case h.reason == "":
			c.pass.Reportf(h.pos, "%s needs a reason: say why this need not handle every member", hatchPrefix)
		case !h.used:
			c.pass.Reportf(h.pos, "%s is not on a switch or map literal over a schema enum or union", hatchPrefix)
		}
	}
}

// directive records cm if it is a hatch, and reports it if it is meant for
// schemavet but is not one: a mistyped hatch would otherwise exempt nothing
// without saying why. A hatch without a reason is recorded, and reported
// once every switch has been checked.
func (c *checker) directive(cm *ast.Comment) {
	rest, ok := strings.CutPrefix(cm.Text, directivePrefix)
	if !ok {
		if body, ok := strings.CutPrefix(cm.Text, "//"); ok && body != strings.TrimLeft(body, " \t") &&
			strings.HasPrefix(strings.TrimLeft(body, " \t"), "schemavet:") {
			verb, _, _ := strings.Cut(strings.TrimLeft(body, " \t"), " ")
			c.pass.Reportf(cm.Pos(), "%q is not a hatch: write %s <reason>, with no space after //", "// "+verb, hatchPrefix)
		}
		return
	}
	verb, reason := rest, ""
	if i := strings.IndexAny(rest, " \t"); i >= 0 {
		verb, reason = rest[:i], rest[i:]
	}
	switch {
	case verb == "ignore":
		reason, _, _ = strings.Cut(reason, "//") // a trailing comment is not the reason
		c.hatches[c.line(cm.Pos())] = &hatch{pos: cm.Pos(), reason: strings.TrimSpace(reason), alone: c.alone(cm.Pos())}
	case strings.HasPrefix(verb, "ignore"):
		c.pass.Reportf(cm.Pos(), "%q is not a hatch: write %s, a space, then the reason", directivePrefix+verb, hatchPrefix)
	default:
		c.pass.Reportf(cm.Pos(), "%q is not a hatch: the only schemavet directive is %s <reason>", directivePrefix+verb, hatchPrefix)
	}
}

// alone reports whether only blanks precede pos on its line; with no
// source to read, it assumes so.
func (c *checker) alone(pos token.Pos) bool {
	tf := c.pass.Fset.File(pos)
	start, off := tf.Offset(tf.LineStart(tf.Line(pos))), tf.Offset(pos)
	return c.src == nil || off > len(c.src) || len(bytes.TrimLeft(c.src[start:off], " \t")) == 0
}

// exempt reports whether a hatch with a reason is on the line of pos, or
// alone on the line above, and marks any hatch there as used.
func (c *checker) exempt(pos token.Pos) bool {
	l := c.line(pos)
	h := c.hatches[l]
	if above := c.hatches[l-1]; h == nil && above != nil && above.alone {
		h = above
	}
	if h == nil {
		return false
	}
	h.used = true
	return h.reason != ""
}

// qualifier names a type of another package by its package's name, as the
// code that uses it mostly does: fleet.Pose.
func (c *checker) qualifier(p *types.Package) string {
	if p == c.pass.Pkg {
		return ""
	}
	return p.Name()
}

func (c *checker) line(pos token.Pos) int { return c.pass.Fset.Position(pos).Line }

// enum returns the schema enum that t is (through any alias), if it is one.
func (c *checker) enum(t types.Type) (*types.TypeName, *EnumFact) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil, nil
	}
	f := new(EnumFact)
	if !c.pass.ImportObjectFact(n.Obj(), f) {
		return nil, nil
	}
	return n.Obj(), f
}

// union returns the schema union that t is (through any alias), if it is one.
func (c *checker) union(t types.Type) (*types.TypeName, *UnionFact) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil, nil
	}
	f := new(UnionFact)
	if !c.pass.ImportObjectFact(n.Obj(), f) {
		return nil, nil
	}
	return n.Obj(), f
}

// missingMembers returns the members whose value no constant in covered
// has, naming a value that two members share by the first of them.
func missingMembers(f *EnumFact, covered map[string]bool) []string {
	var missing []string
	seen := make(map[string]bool)
	for _, m := range f.Members {
		if !covered[m.Value] && !seen[m.Value] {
			missing = append(missing, m.Name)
		}
		seen[m.Value] = true
	}
	return missing
}

// switchStmt checks a switch whose tag is a schema enum. A case expression
// covers the member with its constant value, whatever it is called; a
// case expression that is not constant covers nothing.
func (c *checker) switchStmt(s *ast.SwitchStmt) {
	if s.Tag == nil {
		return
	}
	tn, f := c.enum(c.pass.TypesInfo.TypeOf(s.Tag))
	if f == nil {
		return
	}
	covered := make(map[string]bool)
	hasDefault := false
	for _, stmt := range s.Body.List {
		cc := stmt.(*ast.CaseClause)
		if cc.List == nil {
			hasDefault = true
		}
		for _, e := range cc.List {
			if tv := c.pass.TypesInfo.Types[e]; tv.Value != nil {
				covered[tv.Value.ExactString()] = true
			}
		}
	}
	if c.exempt(s.Pos()) || hasDefault && c.cfg.DefaultCountsAsExhaustive {
		return
	}
	missing := missingMembers(f, covered)
	if len(missing) == 0 {
		return
	}
	typ := types.TypeString(tn.Type(), c.qualifier)
	d := analysis.Diagnostic{
		Pos:     s.Pos(),
		End:     s.Tag.End(),
		Message: fmt.Sprintf("missing cases in switch of type %s: %s", typ, strings.Join(missing, ", ")),
	}
	if q, ok := c.importName(tn); ok && (tn.Pkg() == c.pass.Pkg || allExported(missing)) {
		var cases []string
		for _, m := range missing {
			cases = append(cases, q+m)
		}
		c.addFix(&d, s, s.Body, cases, false)
	}
	c.pass.Report(d)
}

// typeSwitchStmt checks a type switch over a schema union. A case *T
// covers variant T; a case of an interface type covers every variant whose
// pointer implements it; nil covers nothing.
func (c *checker) typeSwitchStmt(s *ast.TypeSwitchStmt) {
	var x ast.Expr
	switch a := s.Assign.(type) {
	case *ast.AssignStmt: // switch v := x.(type)
		x = a.Rhs[0].(*ast.TypeAssertExpr).X
	case *ast.ExprStmt: // switch x.(type)
		x = a.X.(*ast.TypeAssertExpr).X
	}
	tn, f := c.union(c.pass.TypesInfo.TypeOf(x))
	if f == nil {
		return
	}
	covered := make(map[string]bool)
	hasDefault := false
	for _, stmt := range s.Body.List {
		cc := stmt.(*ast.CaseClause)
		if cc.List == nil {
			hasDefault = true
		}
		for _, e := range cc.List {
			t := c.pass.TypesInfo.TypeOf(e)
			for _, v := range f.Variants {
				if c.coversVariant(t, tn.Pkg(), v) {
					covered[v] = true
				}
			}
		}
	}
	if c.exempt(s.Pos()) || hasDefault && c.cfg.DefaultCountsAsExhaustive {
		return
	}
	var missing []string
	for _, v := range f.Variants {
		if !covered[v] {
			missing = append(missing, v)
		}
	}
	if len(missing) == 0 {
		return
	}
	typ := types.TypeString(tn.Type(), c.qualifier)
	names := make([]string, len(missing))
	for i, v := range missing {
		names[i] = "*" + v
	}
	d := analysis.Diagnostic{
		Pos:     s.Pos(),
		End:     s.Assign.End(),
		Message: fmt.Sprintf("missing cases in type switch of type %s: %s", typ, strings.Join(names, ", ")),
	}
	if q, ok := c.importName(tn); ok && (tn.Pkg() == c.pass.Pkg || allExported(missing)) {
		var cases []string
		for _, v := range missing {
			cases = append(cases, "*"+q+v)
		}
		c.addFix(&d, s, s.Body, cases, true)
	}
	c.pass.Report(d)
}

// addFix gives d the fix that adds cases to the switch sw, or, when a
// default clause rules one out, ends its message with why.
func (c *checker) addFix(d *analysis.Diagnostic, sw ast.Stmt, body *ast.BlockStmt, cases []string, typeSwitch bool) {
	if c.src == nil {
		return // every driver today reads files; without the text, an edit could not keep the layout
	}
	fixes, why := c.fixCases(sw, body, cases, typeSwitch)
	d.SuggestedFixes = fixes
	if why != "" {
		d.Message += " (" + why + ")"
	}
}

// coversVariant reports whether a case of type t catches a *v of pkg.
func (c *checker) coversVariant(t types.Type, pkg *types.Package, v string) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		n, ok := types.Unalias(p.Elem()).(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg.Path() && n.Obj().Name() == v
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	vt, ok := pkg.Scope().Lookup(v).(*types.TypeName)
	return ok && types.Implements(types.NewPointer(vt.Type()), iface)
}

// mapLit checks a map composite literal keyed by a schema enum, wherever
// it is (a nested literal with its type elided included). An empty literal
// is a map being built, not a table, and is not checked.
func (c *checker) mapLit(lit *ast.CompositeLit) {
	t := c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return
	}
	tn, f := c.enum(m.Key())
	if f == nil || len(lit.Elts) == 0 {
		return
	}
	covered := make(map[string]bool)
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if tv := c.pass.TypesInfo.Types[kv.Key]; tv.Value != nil {
				covered[tv.Value.ExactString()] = true
			}
		}
	}
	if c.exempt(lit.Pos()) {
		return
	}
	missing := missingMembers(f, covered)
	if len(missing) == 0 {
		return
	}
	typ := types.TypeString(tn.Type(), c.qualifier)
	c.pass.Report(analysis.Diagnostic{
		Pos:     lit.Pos(),
		End:     lit.Lbrace,
		Message: fmt.Sprintf("missing keys in map literal keyed by %s: %s", typ, strings.Join(missing, ", ")),
	})
}

func allExported(names []string) bool {
	for _, n := range names {
		if !token.IsExported(n) {
			return false
		}
	}
	return true
}
