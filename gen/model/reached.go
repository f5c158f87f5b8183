package model

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"

	"github.com/schemagen/schemagen/gen/cuesrc"
)

// Definitions reached by a reference rather than listed at the package's
// top level: those of other packages, those within a definition (#x.#Baz)
// and hidden fields' structs (_node). Each is registered on first use and
// then classified and resolved like the package's own.
//
// A definition of another package (an import: a package of this module,
// or one in cue.mod/gen or cue.mod/pkg, such as what cue get go writes) is
// carried in the package that refers to it, as a definition of its own
// named after where it comes from: metav1.#ObjectMeta, from
// k8s.io/apimachinery/pkg/apis/meta/v1, is MetaV1ObjectMeta in Go, in the
// JSON Schemas' $defs and in TypeScript. Only the definitions a reference
// reaches are carried (and those they reach), each resolved by the same
// rules as the package's own; a refusal in one is reported at its
// position in the other package's file. docs/schema-language.md says why:
// each package's outputs stand alone, with no import between generated
// packages to keep in step.

// foreignPkg is a package whose definitions this one refers to.
type foreignPkg struct {
	inst      *build.Instance
	qualifier string // CoreV1: the prefix of its definitions' names here
	attrs     goAttrs
	syntax    ErrorList       // its files' attribute errors, reported for the definitions reached
	reached   map[string]bool // its top-level definitions reached, by CUE name without '#'
	// inSchema: the package is one of the module's schema packages, which
	// Load resolves on its own and whose errors it reports there, once.
	inSchema bool
}

// versionElem is an import path element that is an API version (v1,
// v1beta2), which says less than the element before it.
var versionElem = regexp.MustCompile(`^v[0-9]+([a-z]+[0-9]*)?$`)

// qualifier names the definitions of the package at importPath where
// another package carries them: the last element of the path made a Go
// name, after the element before it when the last is a version
// (k8s.io/api/core/v1: CoreV1; k8s.io/apimachinery/pkg/util/intstr:
// Intstr). A path with a package qualifier (example.com/x:name) is named
// by that package.
func qualifier(importPath string) string {
	p := importPath
	if i := strings.LastIndexByte(p, ':'); i >= 0 {
		return GoName(p[i+1:])
	}
	if i := strings.IndexByte(p, '@'); i >= 0 {
		p = p[:i]
	}
	els := strings.Split(p, "/")
	last := els[len(els)-1]
	q := GoName(last)
	if versionElem.MatchString(last) && len(els) > 1 {
		q = GoName(els[len(els)-2]) + q
	}
	return q
}

// foreignName is the name here of #name of the package qualified q.
func foreignName(q, name string) string {
	rs := []rune(name)
	if len(rs) > 0 {
		rs[0] = unicode.ToUpper(rs[0])
	}
	return q + string(rs)
}

// foreign returns the name here of the definition #name of the package bi,
// the value v refers to; the first reference registers it (and its
// package), classified, to be resolved with the package's own.
func (r *resolver) foreign(v, root cue.Value, bi *build.Instance, name string, path cue.Path) string {
	fp := r.foreignPkg(bi)
	key := foreignName(fp.qualifier, name)
	base := key
	for k := 2; r.defs[key] != nil; k++ {
		if d := r.defs[key]; d.from == fp && d.path.String() == path.String() {
			return key
		}
		// The name is another definition's (Kubernetes meta/v1 declares
		// #WatchEvent and refers to watch.#Event, named WatchEvent
		// here): the package's own keep theirs, which every package
		// registers before any reference reaches another's, and this
		// one is numbered until no other has the name (WatchEvent2),
		// as enum members that meet are. Neither file can be renamed
		// when it is cue get go's.
		key = base + strconv.Itoa(k)
	}
	fp.reached[strings.TrimPrefix(path.Selectors()[0].String(), "#")] = true
	return r.register(&def{name: key, from: fp, path: path}, v, root.LookupPath(path))
}

// foreignFieldType names a top-level regular field of another package
// that holds itself (prompt.Question: {…, Questions?: [...Question]},
// hof's schemas), which a reference reaches (Questions: [...prompt.Question]):
// read in place, as another package's field otherwise is (fieldRef), it
// would hold itself in place again without end, and CUE's evaluation of
// it where it is used reports a structural cycle. It is carried as that
// package's definitions are, a type of its own named after where it comes
// from (PromptQuestion), open as CUE leaves a regular field's struct, and
// within a definition, which CUE closes at every level, a closed copy
// (PromptQuestionClosed), as a library's own field is (fieldTypeRef).
func (r *resolver) foreignFieldType(v, root cue.Value, path cue.Path) (string, bool) {
	if r.ownPackage(root) || !r.foreignField(root, path) {
		return "", false
	}
	bi := root.BuildInstance()
	label := path.Selectors()[0].Unquoted()
	if !fieldHoldsItself(bi, label) {
		return "", false
	}
	dv := root.LookupPath(path)
	if !dv.Exists() || dv.IncompleteKind()&(cue.StructKind|cue.ListKind) == 0 {
		return "", false
	}
	fp := r.foreignPkg(bi)
	name := label
	if !ast.IsValidIdent(name) {
		name = spelledName(name)
	}
	key := foreignName(fp.qualifier, name)
	closedCtx := r.closedCtx
	if d := r.defs[key]; d == nil || !(d.from == fp && d.field && d.path.String() == path.String()) {
		if d != nil {
			r.errorf(r.pos(v), "%s: another package's field %s.%s is the type %s here, but %s (%s) has that name; rename one of them", path, bi.ImportPath, path, key, d.origin(), d.pos)
			return "", false
		}
		r.register(&def{name: key, from: fp, path: path, field: true, open: r.fieldOpen(dv)}, v, dv)
		r.closedCtx = closedCtx
	}
	d := r.defs[key]
	if !closedCtx || !d.open {
		return key, true
	}
	return r.closedFieldCopy(d, v), true
}

// fieldHoldsItself reports whether the top-level field label of the
// package bi refers to itself by name in its own value (Question: {…,
// Questions?: [...Question]}).
func fieldHoldsItself(bi *build.Instance, label string) bool {
	found := false
	topFields(bi, func(_ *ast.File, l string, fd *ast.Field) {
		if found || l != label {
			return
		}
		ast.Walk(fd.Value, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == label && topLevelIdent(id) {
				found = true
			}
			return !found
		}, nil)
	})
	return found
}

// nested returns the name of a definition within a definition (#x.#Baz,
// named xBaz) or of a hidden definition (_#base, named base), registering
// it on first use.
//
// A name another definition has (the package's own #xBaz beside #x.#Baz;
// cue import's _#defs."/properties/schemaVersion" beside
// _#defs."/properties/SchemaVersion", SchemaStore's SIL Kit participant
// configuration, which no one can rename in a file cue import writes) is
// numbered until no other has it (xBaz2), as a foreign definition's is:
// the package's own keep theirs, and the paths reached first theirs.
func (r *resolver) nested(v, root cue.Value, name string, path cue.Path) string {
	key := name
	for k := 2; r.defs[key] != nil; k++ {
		if r.defs[key].path.String() == path.String() {
			return key
		}
		key = name + strconv.Itoa(k)
	}
	return r.register(&def{name: key, path: path}, v, r.lookupThrough(root, path))
}

// lookupThrough is root.LookupPath(path), finding an optional field the
// path names without its ?, and looking through a value CUE leaves
// unresolved on the way: a definition within one whose value is a
// conjunction with disjunctions of structs (#LB: {{} | {ch: #CH}, #CH:
// …}, one-of groups) is found in the conjunct that declares it, as every
// alternative of the value holds it alike.
func (r *resolver) lookupThrough(root cue.Value, path cue.Path) cue.Value {
	dv := root.LookupPath(path)
	if dv.Err() == nil {
		return dv
	}
	cur := root
	sels := path.Selectors()
	last := len(sels) - 1
	for i, sel := range sels {
		p := cue.MakePath(sel)
		next := cur.LookupPath(p)
		if next.Err() != nil && sel.ConstraintType() == 0 && sel.LabelType() == cue.StringLabel {
			// An optional field (lineage?: schemas: [{#Mode: …}]),
			// which a reference's path names without its ?.
			if x := cur.LookupPath(cue.MakePath(sel.Optional())); x.Exists() {
				next = x
			}
		}
		if next.Err() != nil {
			op, args := r.expr(cur)
			if op == cue.AndOp || op == cue.OrOp {
				for _, c := range args {
					if x := c.LookupPath(p); x.Err() == nil {
						next = x
						break
					}
				}
			}
		}
		if !next.Exists() || i == last && next.Err() != nil {
			// A struct on the way that is incomplete for want of data
			// (a required member an if reads: #A: {mode!: …, if mode
			// != "a" {…}, f?: {#S: …}}, whose value CUE reports as
			// an error until the data gives mode) still holds its
			// definitions; the definition itself must be sound.
			return dv
		}
		cur = next
	}
	return cur
}

// register adds a definition reached by a reference v (of another package,
// or within a definition), whose value is dv, to be classified and
// resolved with the package's own.
func (r *resolver) register(d *def, v, dv cue.Value) string {
	d.v, d.pos, d.doc = dv, r.pos(dv), docText(dv.Doc())
	if !d.pos.IsValid() {
		d.pos = r.pos(v)
	}
	r.defs[d.name] = d
	r.order = append(r.order, d)
	r.classifyOnce(d)
	return d.name
}

// origin names a definition in a message about where it comes from: #Name,
// #x.#Baz for one within another, or importpath.#Name for another
// package's.
func (d *def) origin() string {
	switch {
	case d.from != nil:
		return d.from.inst.ImportPath + "." + d.path.String()
	case d.path.String() != "":
		return d.path.String()
	}
	return d.ref()
}

// foreignPkg returns the record of the package bi, made on first use: its
// qualifier, its doc comments indexed for enum members, and its @go
// attributes, read as the package's own are.
func (r *resolver) foreignPkg(bi *build.Instance) *foreignPkg {
	if r.foreigns == nil {
		r.foreigns = map[string]*foreignPkg{}
	}
	if fp := r.foreigns[bi.ImportPath]; fp != nil {
		return fp
	}
	fp := &foreignPkg{inst: bi, qualifier: qualifier(bi.ImportPath), reached: map[string]bool{}}
	fp.inSchema = r.schemaDir != "" && (bi.Dir == r.schemaDir || strings.HasPrefix(bi.Dir, r.schemaDir+string(filepath.Separator)))
	r.foreigns[bi.ImportPath] = fp
	if r.comments.LineComments == nil {
		r.comments.LineComments = cuesrc.LineComments{}
	}
	for f, lines := range cuesrc.IndexComments(bi) {
		r.comments.LineComments[f] = lines
	}
	fp.attrs, fp.syntax = checkSyntax(r.ps, bi, false)
	if r.goAttrs.fields == nil {
		r.goAttrs.fields = map[[2]string]goAttr{}
	}
	// A field's @go(Name) names its Go field, as in this package. A
	// definition's own @go(Name) is not read: the definition is named
	// after its package here, so that two packages' names cannot meet.
	for k, g := range fp.attrs.fields {
		r.goAttrs.fields[[2]string{foreignName(fp.qualifier, k[0]), k[1]}] = g
	}
	if r.goAttrs.nested == nil {
		r.goAttrs.nested = map[Pos]goAttr{}
	}
	for p, g := range fp.attrs.nested {
		r.goAttrs.nested[p] = g
	}
	return fp
}

// checkForeignSyntax reports the attribute errors of the other packages'
// files that lie inside a definition this package carries: the others are
// that package's business.
func (r *resolver) checkForeignSyntax() {
	for _, fp := range r.foreigns {
		if len(fp.syntax) == 0 || fp.inSchema {
			continue
		}
		type span struct {
			file       string
			start, end int
		}
		var spans []span
		topFields(fp.inst, func(f *ast.File, label string, fd *ast.Field) {
			if strings.HasPrefix(label, "#") && fp.reached[strings.TrimPrefix(label, "#")] {
				spans = append(spans, span{filepath.ToSlash(relTo(r.ps.root, f.Filename)), fd.Pos().Line(), fd.End().Line()})
			}
		})
		for _, e := range fp.syntax {
			for _, s := range spans {
				if e.Pos.File == s.file && (e.Pos.Line == 0 || (e.Pos.Line >= s.start && e.Pos.Line <= s.end)) {
					r.errs = append(r.errs, e)
					break
				}
			}
		}
	}
}

// dropOwnPackagesErrors removes the errors placed in the files of another
// of the module's schema packages: resolving that package on its own
// reports each of them, by its own name, once.
func (r *resolver) dropOwnPackagesErrors() {
	own := map[string]bool{}
	for _, fp := range r.foreigns {
		if fp.inSchema {
			for _, f := range fp.inst.Files {
				own[filepath.ToSlash(relTo(r.ps.root, f.Filename))] = true
			}
		}
	}
	if len(own) == 0 {
		return
	}
	kept := r.errs[:0]
	for _, e := range r.errs {
		if !own[e.Pos.File] {
			kept = append(kept, e)
		}
	}
	dropped := len(kept) < len(r.errs)
	r.errs = kept
	if dropped {
		// A field of those packages that this one read without a type
		// (masse's config, whose state.#Copy.from holds state's refused
		// #ChainRef) is explained by that refusal, which its own package
		// reports and fails the run with: not said again here as a
		// field dropped without a word.
		r.deferred = slices.DeleteFunc(r.deferred, func(e *Error) bool { return own[e.Pos.File] })
	}
}

// hiddenRef returns the name of the object a reference to a hidden field
// of this package names when that field is a struct that holds itself,
// directly or through other hidden fields (t?: _node, _node: {next?:
// _node}), registering it on first use: node where the reference
// is open, nodeClosed inside a definition, which CUE closes recursively,
// the hidden struct included. A hidden struct that holds itself is then a
// type that refers to itself, as CUE evaluates it; any other value of a
// hidden field is read where it is used.
func (r *resolver) hiddenRef(v cue.Value) (string, bool) {
	root, path := r.referencePath(v)
	sels := path.Selectors()
	if len(sels) != 1 || sels[0].LabelType() != cue.HiddenLabel {
		return "", false
	}
	if bi := root.BuildInstance(); bi != nil && bi != r.inst && bi.Dir != r.inst.Dir {
		return "", false
	}
	if !r.selfHolding()[sels[0].String()] {
		return "", false // read in place, as any other hidden field's value
	}
	hv := root.LookupPath(path)
	lit, isLit := structLit(sourceExpr(hv))
	isStruct := isLit && !isMapLiteral(lit) && hv.IncompleteKind() == cue.StructKind
	if !isStruct && !r.kindChoice(hv) {
		return "", false
	}
	name := strings.TrimPrefix(sels[0].String(), "_")
	if r.closedCtx {
		name += "Closed"
	}
	if d := r.defs[name]; d != nil {
		if d.path.String() != path.String() {
			r.errorf(r.pos(v), "%s: the hidden struct %s is the object %s here, but %s (%s) has that name; rename one of them", sels[0], sels[0], name, d.origin(), d.pos)
		}
		return name, true
	}
	// close({…}) closes the hidden struct's own level, as a definition
	// around it closes every level.
	d := &def{name: name, path: path, open: !r.closedCtx && !r.closesItself(hv)}
	closedCtx := r.closedCtx
	r.register(d, v, hv)
	r.closedCtx = closedCtx
	return name, true
}

// kindChoice reports whether v, a hidden field's value, is a choice of
// JSON kinds among which an object or a list may be (_schema: null |
// bool | … | close({foo?: _schema}), cue import's root with no type that
// a $ref to "#" refers to): one that holds itself is a definition of its
// own (hiddenRef), as #Schema: null | … would be.
func (r *resolver) kindChoice(v cue.Value) bool {
	k := v.IncompleteKind()
	if k&(cue.StructKind|cue.ListKind) == 0 {
		return false
	}
	if _, one := kindClass(k); one {
		return false
	}
	op, _ := r.expr(v)
	return op == cue.OrOp || r.isMatchN(v)
}

// selfHolding returns the package's hidden fields (by label, _node) whose
// value refers back to themselves through hidden fields, found once from
// the syntax: only such a field needs a name of its own (hiddenRef); any
// other is read in place where it is used, named after where it is.
func (r *resolver) selfHolding() map[string]bool {
	if r.selfHeld != nil {
		return r.selfHeld
	}
	refs := map[string]map[string]bool{}
	hiddenField := func(name string) bool { return strings.HasPrefix(name, "_") && !strings.HasPrefix(name, "_#") }
	topFields(r.inst, func(_ *ast.File, label string, fd *ast.Field) {
		if !hiddenField(label) {
			return
		}
		if refs[label] == nil {
			refs[label] = map[string]bool{}
		}
		ast.Walk(fd.Value, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && hiddenField(id.Name) {
				refs[label][id.Name] = true
			}
			return true
		}, nil)
	})
	r.selfHeld = map[string]bool{}
	for start := range refs {
		seen := map[string]bool{}
		stack := []string{start}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for m := range refs[n] {
				if m == start {
					r.selfHeld[start] = true
				}
				if !seen[m] {
					seen[m] = true
					stack = append(stack, m)
				}
			}
		}
	}
	return r.selfHeld
}

// topFields calls fn for every top-level field of the files of inst whose
// label has a name, with that name (#Def, _hidden, field).
func topFields(inst *build.Instance, fn func(f *ast.File, label string, fd *ast.Field)) {
	for _, f := range inst.Files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.Field); ok {
				if label, _, err := ast.LabelName(fd.Label); err == nil {
					fn(f, label, fd)
				}
			}
		}
	}
}

// fieldDefName names a definition within regular fields by its path, the
// fields' names then the definitions' (a.#x is aX, a.b.#x.#y abXY, a list
// element written in place by its index, lineage.schemas[0].schema.#Mode
// lineageSchemasItem0SchemaMode, and a._#defs."/x" with quoted, the key
// made a name, aX), after the definitions the fields are in, if any
// (#A.spec.#Strategy is ASpecStrategy): ok is false unless sels is
// definitions, then one or more regular fields (or indices after the
// first), then definitions only, the last of them quoted's (# or a hidden
// definition) when quoted is set.
func fieldDefName(sels []cue.Selector, quoted string) (string, bool) {
	if quoted == "" && len(sels) > 2 {
		n := len(sels)
		if sels[n-2].LabelType() == cue.HiddenDefinitionLabel && sels[n-1].LabelType() == cue.StringLabel {
			quoted, sels = spelledName(sels[n-1].Unquoted()), sels[:n-2]
		}
	}
	h := 0
	for h < len(sels) && sels[h].IsDefinition() {
		h++
	}
	k := h
	for k < len(sels) && (sels[k].LabelType() == cue.StringLabel && !sels[k].IsDefinition() || k > h && sels[k].LabelType() == cue.IndexLabel) {
		k++
	}
	if k == h || (k == len(sels) && quoted == "") {
		return "", false
	}
	name := ""
	for i, s := range sels[:k] {
		part := strings.TrimLeft(s.String(), "_#")
		switch {
		case s.LabelType() == cue.IndexLabel:
			part = "item" + strconv.Itoa(s.Index())
		case !s.IsDefinition():
			part = s.Unquoted()
			if !ast.IsValidIdent(part) {
				// _#defs."/x".f.#y: a key made a name, as a quoted
				// definition's is.
				part = spelledName(part)
			}
		}
		if i == 0 {
			name = part
			continue
		}
		name = foreignName(name, part)
	}
	for _, s := range sels[k:] {
		if !s.IsDefinition() {
			return "", false
		}
		name = foreignName(name, strings.TrimLeft(s.String(), "_#"))
	}
	if quoted != "" {
		name = foreignName(name, quoted)
	}
	return name, true
}
