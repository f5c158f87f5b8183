package layoutmodel

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/token"

	"github.com/schemagen/schemagen/gen/cuesrc"
)

// A layout package is recognised by its top-level "layout" field: a wire
// package states only definitions, so the two cannot be mistaken.
const layoutMarker = "layout"

// IsLayoutPackage reports whether a package value is a layout package: one
// with a top-level layout field.
func IsLayoutPackage(v cue.Value) bool {
	return v.LookupPath(cue.MakePath(cue.Str(layoutMarker))).Exists()
}

var (
	snakeName  = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	structName = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)
	typeSyntax = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)((\[[0-9]+\])*)$`)
	dimSyntax  = regexp.MustCompile(`\[([0-9]+)\]`)
)

// layoutResolver turns one layout package into a Layout. Like resolver, it
// records every problem and keeps going.
type layoutResolver struct {
	// requireDocs: the module's schemagen.cue asks for a doc comment on
	// everything (Config.RequireDocs).
	requireDocs bool
	ps          cuesrc.Positions
	inst        *build.Instance
	v           cue.Value
	comments    cuesrc.LineComments
	errs        ErrorList

	l        *Layout
	structs  map[string]*Struct
	enums    map[string]*LayoutEnum
	enumRefs map[*LayoutField]enumRef // the @enum(Name) of a field
	enumRefd map[string]bool          // enums some @enum names, rightly or not
	// roleOf says what a struct is used as, for messages and checks.
	laidOut map[*Struct]int // 0 not yet, 1 in progress, 2 done
	// complete is set when the layout was read without error and laid
	// out: what checks of the laid-out layout found (see LoadPartial)
	// leaves it whole enough to compare.
	complete bool
}

// Resolve turns one layout package, built and validated by CUE (v is inst's
// value), into a Layout, with ps placing its positions. requireDocs is the
// module's require: docs: true (Config.RequireDocs). It returns the layout
// (never nil, though partial when errs is not empty), every problem found,
// and whether the layout was read and laid out whole: then errs are only
// what the checks of a laid-out layout find, and the layout is whole
// enough to compare with its lock (see model.LoadPartial).
func Resolve(ps cuesrc.Positions, inst *build.Instance, v cue.Value, requireDocs bool) (l *Layout, errs ErrorList, complete bool) {
	r := newLayoutResolver(ps, inst, v)
	r.requireDocs = requireDocs
	l = r.resolve()
	return l, r.errs, r.complete
}

func newLayoutResolver(ps cuesrc.Positions, inst *build.Instance, v cue.Value) *layoutResolver {
	return &layoutResolver{ps: ps, inst: inst, v: v, comments: cuesrc.IndexComments(inst),
		structs: map[string]*Struct{}, enums: map[string]*LayoutEnum{}, enumRefs: map[*LayoutField]enumRef{}, enumRefd: map[string]bool{},
		laidOut: map[*Struct]int{}}
}

func (r *layoutResolver) errorf(pos Pos, format string, args ...any) {
	r.errs = append(r.errs, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// docf reports a missing doc comment, when the module requires them.
func (r *layoutResolver) docf(pos Pos, format string, args ...any) {
	if r.requireDocs {
		r.errorf(pos, format+cuesrc.DocRequired, args...)
	}
}

// rulef reports a problem that breaks what already shipped, under its
// compatibility rule id, about subject (see Error.Subject).
func (r *layoutResolver) rulef(rule, subject string, pos Pos, format string, args ...any) {
	r.errs = append(r.errs, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...), Rule: rule, Subject: subject})
}

func (r *layoutResolver) pos(v cue.Value) Pos { return r.ps.Of(v.Pos()) }

func (r *layoutResolver) resolve() *Layout {
	doc, ppos := cuesrc.PackageClause(r.inst)
	dir := r.ps.Of(ppos).File
	if i := strings.LastIndex(dir, "/"); i >= 0 {
		dir = dir[:i]
	}
	r.l = &Layout{Name: r.inst.PkgName, Dir: dir, Doc: doc, Pos: r.ps.Of(ppos), CPrefix: cuesrc.GoName(r.inst.PkgName)}

	var layoutV, catalogV cue.Value
	it, err := r.v.Fields(cue.Definitions(true))
	if err != nil {
		r.errs = append(r.errs, r.ps.FromCUE(err, r.inst.Files...)...)
		return r.l
	}
	for it.Next() {
		sel, v := it.Selector(), it.Value()
		switch {
		case sel.IsDefinition() && isEnumDefinition(v):
			r.declareEnum(strings.TrimPrefix(sel.String(), "#"), v)
		case sel.IsDefinition():
			r.declareStruct(strings.TrimPrefix(sel.String(), "#"), v)
		case sel.Unquoted() == "layout":
			layoutV = v
		case sel.Unquoted() == "catalog":
			catalogV = v
		default:
			r.errorf(r.pos(v), "top-level field %s: a layout package states its structs as definitions and its facts in layout and catalog; nothing else", sel)
		}
	}
	for _, s := range r.l.Structs {
		for _, f := range s.fieldsAll() {
			r.resolveType(s, f)
			r.resolveEnum(s, f)
		}
	}
	r.checkEnums()
	if !layoutV.Exists() {
		return r.l
	}
	r.readLayout(layoutV)
	if catalogV.Exists() && r.l.Root != nil {
		r.readCatalog(catalogV)
	}
	if r.l.Root == nil || len(r.l.Versions) == 0 {
		return r.l
	}
	before := len(r.errs)
	if r.layOut() {
		r.checkFile()
		r.checkLedger()
		r.checkCatalog()
		// A ledger whose view's roles could not be read has no capacity.
		r.complete = before == 0 && (r.l.Ledger == nil || r.l.Ledger.Owned != nil)
	}
	r.assignLayoutNames()
	return r.l
}

// fieldsAll is History for the root and Fields otherwise, during
// resolution (before the root's current Fields are known).
func (s *Struct) fieldsAll() []*LayoutField {
	if s.History != nil {
		return s.History
	}
	return s.Fields
}

// fieldInfo is what the resolver keeps about a member's source while
// resolving: its attributes and type spelling.
type attrs struct {
	since, removed       int
	sincePos, removedPos Pos
	enum                 *enumRef
}

// declareStruct reads one definition as a layout struct: a struct literal
// of fields name: "ctype", each with a doc comment.
func (r *layoutResolver) declareStruct(name string, v cue.Value) {
	pos := r.pos(v)
	s := &Struct{Name: name, Doc: cuesrc.DocText(v.Doc()), Pos: pos}
	if s.Doc == "" {
		r.docf(pos, "definition #%s has no doc comment: say what it means on the line above it", name)
	}
	if !structName.MatchString(name) {
		r.errorf(pos, "#%s: a layout struct's name is its C type name: write it in PascalCase (letters and digits, starting with a capital)", name)
	}
	src, ok := v.Source().(*ast.Field)
	if !ok {
		r.errorf(pos, "#%s is declared in more than one place; declare a layout struct once, so its field order is the order you read", name)
		return
	}
	lit, ok := src.Value.(*ast.StructLit)
	if !ok {
		r.errorf(pos, "#%s: a layout package's definitions are structs ({ name: \"ctype\", ... }); got %T", name, src.Value)
		return
	}
	r.structs[name] = s
	r.l.Structs = append(r.l.Structs, s)
	seen := map[string]*LayoutField{}
	for _, elt := range lit.Elts {
		f, ok := elt.(*ast.Field)
		if !ok {
			r.errorf(r.ps.Of(elt.Pos()), "#%s: a layout struct holds only fields (name: \"ctype\"); embeddings, comprehensions and let clauses have no layout", name)
			continue
		}
		label, _, err := ast.LabelName(f.Label)
		fpos := r.ps.Of(f.Pos())
		if err != nil || label == "" {
			r.errorf(fpos, "#%s: a field name must be a plain identifier", name)
			continue
		}
		what := "#" + name + "." + label
		if prev := seen[label]; prev != nil {
			r.errorf(fpos, "%s: duplicate name: %s is already a field of #%s (%s); every field, removed ones included, keeps its name for good", what, label, name, prev.Pos)
			continue
		}
		if f.Constraint != token.ILLEGAL {
			r.errorf(fpos, "%s: a layout field is always present: write %s: \"ctype\" (no ! or ?)", what, label)
			continue
		}
		if !snakeName.MatchString(label) {
			r.errorf(fpos, "%s: a layout field's name is its C member name: write it in snake_case (a-z, 0-9, single underscores)", what)
		} else if why := cReserved(label); why != "" {
			r.errorf(fpos, "%s: %s is %s; choose another name", what, label, why)
		}
		m := &LayoutField{Name: label, Pos: fpos, Offset: -1}
		fv := v.LookupPath(cue.MakePath(cue.Str(label)))
		m.Doc = cuesrc.DocText(fv.Doc())
		if m.Doc == "" {
			r.docf(fpos, "%s has no doc comment: say what it means on the line above it", what)
		}
		spelling, err := fv.String()
		if _, isLit := f.Value.(*ast.BasicLit); err != nil || !isLit {
			r.errorf(fpos, "%s: write the field's C type as a string literal, e.g. \"uint32\", \"char[16]\" or \"CartRecord[17]\"", what)
			spelling = "" // unresolved: the struct cannot be laid out
		}
		m.Type = &CType{Spelling: spelling}
		a := r.fieldAttrs(f, what)
		m.Since, m.Removed = a.since, a.removed
		if a.enum != nil {
			r.enumRefs[m] = *a.enum
		}
		seen[label] = m
		s.Fields = append(s.Fields, m)
	}
	if len(lit.Elts) == 0 {
		r.errorf(pos, "#%s has no fields", name)
	}
}

// fieldAttrs reads @since(N) and @removed(N).
func (r *layoutResolver) fieldAttrs(f *ast.Field, what string) attrs {
	var a attrs
	for _, at := range f.Attrs {
		key, body := at.Split()
		apos := r.ps.Of(at.Pos())
		n, err := strconv.Atoi(strings.TrimSpace(body))
		switch key {
		case "since", "removed":
			if err != nil || n < 1 || n > 65535 {
				r.errorf(apos, "%s: @%s takes one version number, e.g. @%s(4)", what, key, key)
				continue
			}
			if key == "since" {
				a.since, a.sincePos = n, apos
			} else {
				a.removed, a.removedPos = n, apos
			}
		case "enum":
			name := strings.TrimSpace(body)
			if !structName.MatchString(name) {
				r.errorf(apos, "%s: @enum takes the name of a layout enum of this package, e.g. @enum(MissionOutcome)", what)
				continue
			}
			a.enum = &enumRef{name: name, pos: apos}
		default:
			if cuesrc.ForeignAttr(key) {
				continue // another tool's
			}
			r.errorf(apos, "%s: attribute @%s means nothing in a layout; a layout field takes @since(N), @removed(N) and @enum(Name)", what, key)
		}
	}
	return a
}

// resolveType parses a member's type spelling: a scalar or a struct of this
// package, in zero or more array dimensions.
func (r *layoutResolver) resolveType(s *Struct, m *LayoutField) {
	what := "#" + s.Name + "." + m.Name
	t := m.Type
	if t.Spelling == "" {
		return // already reported
	}
	sub := typeSyntax.FindStringSubmatch(t.Spelling)
	if sub == nil {
		r.errorf(m.Pos, "%s: type %q is not a C type schemagen lays out; write a scalar (char, int8 … uint64, float32, float64) or a struct of this package, with array dimensions after it: \"uint8[256]\", \"char[16][80]\", \"CartRecord[17]\"", what, t.Spelling)
		return
	}
	if p := primByName(sub[1]); p != 0 {
		t.Prim = p
	} else if st := r.structs[sub[1]]; st != nil {
		t.Struct = st
	} else if r.enums[sub[1]] != nil {
		r.errorf(m.Pos, "%s: %s is a layout enum, not a type: write the integer type the bytes are and name the enum beside it, e.g. %s: \"uint8\" @enum(%s)", what, sub[1], m.Name, sub[1])
		return
	} else {
		r.errorf(m.Pos, "%s: unknown type %s: use char, int8, uint8, int16, uint16, int32, uint32, int64, uint64, float32, float64 or a layout struct of this package (#Name)", what, sub[1])
		return
	}
	for _, d := range dimSyntax.FindAllStringSubmatch(sub[2], -1) {
		n, err := strconv.Atoi(d[1])
		if err != nil || n < 1 || n > 1<<20 {
			r.errorf(m.Pos, "%s: array dimension [%s] must be between 1 and %d", what, d[1], 1<<20)
			t.Prim, t.Struct = 0, nil // unresolved
			return
		}
		t.Dims = append(t.Dims, n)
	}
}

// fields reads a struct value as named facts, refusing keys not in allowed.
func (r *layoutResolver) fields(v cue.Value, what string, allowed ...string) map[string]cue.Value {
	out := map[string]cue.Value{}
	if v.IncompleteKind() != cue.StructKind {
		r.errorf(r.pos(v), "%s: want a struct with %s", what, strings.Join(allowed, ", "))
		return out
	}
	it, err := v.Fields()
	if err != nil {
		r.errs = append(r.errs, r.ps.FromCUE(err, r.inst.Files...)...)
		return out
	}
	for it.Next() {
		k := it.Selector().Unquoted()
		if !slices.Contains(allowed, k) {
			r.errorf(r.pos(it.Value()), "%s: unknown field %s; it takes %s", what, k, strings.Join(allowed, ", "))
			continue
		}
		out[k] = it.Value()
	}
	return out
}

func (r *layoutResolver) need(m map[string]cue.Value, v cue.Value, what string, keys ...string) bool {
	ok := true
	for _, k := range keys {
		if _, has := m[k]; !has {
			r.errorf(r.pos(v), "%s: %s is missing", what, k)
			ok = false
		}
	}
	return ok
}

func (r *layoutResolver) fact(v cue.Value, what string, min, max int64) (Fact, bool) {
	n, err := v.Int64()
	if err != nil {
		r.errorf(r.pos(v), "%s: want an integer", what)
		return Fact{}, false
	}
	if n < min || n > max {
		r.errorf(r.pos(v), "%s: %d is out of range [%d, %d]", what, n, min, max)
		return Fact{}, false
	}
	return Fact{Value: n, Pos: r.pos(v), Doc: cuesrc.DocText(v.Doc())}, true
}

func (r *layoutResolver) str(v cue.Value, what string) (string, bool) {
	s, err := v.String()
	if err != nil {
		r.errorf(r.pos(v), "%s: want a string", what)
		return "", false
	}
	return s, true
}

// structRef resolves a reference to a layout struct (#Name).
func (r *layoutResolver) structRef(v cue.Value, what string) *Struct {
	_, path := v.ReferencePath()
	sels := path.Selectors()
	if len(sels) != 1 || !sels[0].IsDefinition() {
		r.errorf(r.pos(v), "%s: want a reference to a layout struct of this package (#Name)", what)
		return nil
	}
	s := r.structs[strings.TrimPrefix(sels[0].String(), "#")]
	if s == nil {
		r.errorf(r.pos(v), "%s: %s is not a layout struct of this package", what, sels[0])
	}
	return s
}

func (r *layoutResolver) readLayout(v cue.Value) {
	l := r.l
	l.Pos = r.pos(v)
	m := r.fields(v, "layout", "root", "ceiling", "migrate_from", "versions", "file", "ledger", "c_prefix")
	if !r.need(m, v, "layout", "root", "ceiling", "migrate_from", "versions") {
		return
	}
	if l.Root = r.structRef(m["root"], "layout.root"); l.Root == nil {
		return
	}
	if pv, ok := m["c_prefix"]; ok {
		l.CPrefixPos = r.pos(pv)
		if p, ok := r.str(pv, "layout.c_prefix"); ok && !structName.MatchString(p) {
			r.errorf(l.CPrefixPos, "layout.c_prefix %q: write the prefix of the C names in PascalCase (letters and digits, starting with a capital), e.g. %q: it starts the types (%sSettings), macros (%s_*) and functions (%s_*)", p, cuesrc.GoName(l.Name), cuesrc.GoName(l.Name), upperSnake(l.Name), lowerSnake(l.Name))
		} else if ok {
			l.CPrefix = p
		}
	}
	l.Ceiling, _ = r.fact(m["ceiling"], "layout.ceiling", 1, 1<<32)
	l.MigrateFrom, _ = r.fact(m["migrate_from"], "layout.migrate_from", 1, 65535)
	r.readVersions(m["versions"])

	// The root's fields carry their history; every other struct is fixed.
	l.Root.History, l.Root.Fields = l.Root.Fields, nil
	for _, s := range l.Structs {
		for _, f := range s.fieldsAll() {
			what := "#" + s.Name + "." + f.Name
			switch {
			case s == l.Root && f.Since == 0:
				r.errorf(f.Pos, "%s: a field of the root (#%s) says which version added it: @since(N)", what, s.Name)
			case s != l.Root && (f.Since != 0 || f.Removed != 0):
				r.errorf(f.Pos, "%s: @since and @removed belong on fields of the root (#%s) only; a nested struct never changes once a version uses it", what, l.Root.Name)
			case f.Removed != 0 && f.Removed <= f.Since:
				r.errorf(f.Pos, "%s: @removed(%d) must name a version after @since(%d)", what, f.Removed, f.Since)
			}
			if f.Type.Struct == l.Root {
				r.errorf(f.Pos, "%s: the root #%s cannot be nested in another struct", what, l.Root.Name)
			}
		}
	}
	if fv, ok := m["file"]; ok {
		r.readFile(fv)
	}
	if gv, ok := m["ledger"]; ok {
		r.readLedger(gv)
	}
}

func (r *layoutResolver) readVersions(v cue.Value) {
	list, err := v.List()
	if err != nil {
		r.errorf(r.pos(v), "layout.versions: want a list of {version: N, size: BYTES}")
		return
	}
	for list.Next() {
		e := list.Value()
		m := r.fields(e, "layout.versions entry", "version", "size", "loss")
		if !r.need(m, e, "layout.versions entry", "version", "size") {
			continue
		}
		n, ok1 := r.fact(m["version"], "version", 1, 65535)
		size, ok2 := r.fact(m["size"], "size", 1, 1<<32)
		if !ok1 || !ok2 {
			continue
		}
		ver := &Version{Number: n.Int(), Size: size.Int(), Pos: r.pos(e)}
		ver.Doc = r.comments.Above(e.Pos().Filename(), e.Pos().Line())
		if lv, ok := m["loss"]; ok {
			ver.Loss, _ = r.str(lv, "loss")
			ver.LossPos = r.pos(lv)
			if strings.TrimSpace(ver.Loss) == "" {
				r.errorf(ver.LossPos, "version %d: loss must say what is lost and why that is accepted", ver.Number)
			}
		}
		if k := len(r.l.Versions); k > 0 && ver.Number != r.l.Versions[k-1].Number+1 {
			r.errorf(ver.Pos, "version %d: versions are listed in order without gaps; the one before is %d", ver.Number, r.l.Versions[k-1].Number)
			continue
		}
		r.l.Versions = append(r.l.Versions, ver)
	}
	if len(r.l.Versions) == 0 {
		r.errorf(r.pos(v), "layout.versions: list at least one version with the size it shipped with")
	}
}

func (r *layoutResolver) readFile(v cue.Value) {
	m := r.fields(v, "layout.file", "header", "magic", "new_function")
	if !r.need(m, v, "layout.file", "header", "magic") {
		return
	}
	f := &File{Pos: r.pos(v)}
	if f.Header = r.structRef(m["header"], "layout.file.header"); f.Header == nil {
		return
	}
	var ok bool
	if f.Magic, ok = r.fact(m["magic"], "layout.file.magic", 0, 1<<63-1); !ok {
		return
	}
	if nv, has := m["new_function"]; has {
		f.NewFunctionPos = r.pos(nv)
		if f.NewFunction, ok = r.str(nv, "layout.file.new_function"); ok && !snakeName.MatchString(f.NewFunction) {
			r.errorf(f.NewFunctionPos, "layout.file.new_function %q: write a C function name in snake_case (a-z, 0-9, single underscores)", f.NewFunction)
		}
	}
	r.l.File = f
}

func (r *layoutResolver) readLedger(v cue.Value) {
	m := r.fields(v, "layout.ledger", "field", "view", "magic", "version")
	if !r.need(m, v, "layout.ledger", "field", "view", "magic", "version") {
		return
	}
	g := &Ledger{Pos: r.pos(v)}
	name, ok := r.str(m["field"], "layout.ledger.field")
	if !ok {
		return
	}
	for _, f := range r.l.Root.History {
		if f.Name == name {
			g.Field = f
		}
	}
	if g.Field == nil {
		r.errorf(r.pos(m["field"]), "layout.ledger.field: #%s has no field %s", r.l.Root.Name, name)
		return
	}
	if g.View = r.structRef(m["view"], "layout.ledger.view"); g.View == nil {
		return
	}
	var ok1, ok2 bool
	g.Magic, ok1 = r.fact(m["magic"], "layout.ledger.magic", 0, 1<<32-1)
	g.BlobVersion, ok2 = r.fact(m["version"], "layout.ledger.version", 1, 255)
	if ok1 && ok2 {
		r.l.Ledger = g
	}
}

func (r *layoutResolver) readCatalog(v cue.Value) {
	c := &Catalog{Pos: r.pos(v), Doc: cuesrc.DocText(v.Doc())}
	m := r.fields(v, "catalog", "classes", "channels", "items", "starter_kit")
	if !r.need(m, v, "catalog", "classes", "channels", "items") {
		return
	}
	c.Classes = r.readClasses(m["classes"])
	c.Channels = r.readChannels(m["channels"])
	list, err := m["items"].List()
	if err != nil {
		r.errorf(r.pos(m["items"]), "catalog.items: want a list of {id, name, class, channel, slot?}")
		return
	}
	counted := c.Counted()
	for list.Next() {
		e := list.Value()
		em := r.fields(e, "catalog item", "id", "name", "class", "channel", "slot")
		if !r.need(em, e, "catalog item", "id", "name", "class", "channel") {
			continue
		}
		it := &CatalogItem{Slot: -1, Pos: r.pos(e)}
		it.Doc = r.comments.Above(e.Pos().Filename(), e.Pos().Line())
		id, ok := r.fact(em["id"], "catalog item id", 0, 65535)
		if !ok {
			continue
		}
		it.ID = id.Int()
		if it.Name, ok = r.str(em["name"], "catalog item name"); !ok {
			continue
		}
		if !snakeName.MatchString(it.Name) {
			r.errorf(r.pos(em["name"]), "catalog item %q: write its name in snake_case (a-z, 0-9, single underscores); it becomes CATALOG_<NAME>", it.Name)
		}
		cls, _ := r.str(em["class"], "catalog item class")
		it.Class = c.Class(cls)
		if it.Class == nil && len(c.Classes) > 0 {
			r.errorf(r.pos(em["class"]), "catalog item %s: class %q is not one of catalog.classes (%s)", it.Name, cls, names(c.Classes))
		}
		ch, _ := r.str(em["channel"], "catalog item channel")
		for _, k := range c.Channels {
			if k.Name == ch {
				it.Channel = k
			}
		}
		if it.Channel == nil && len(c.Channels) > 0 {
			r.errorf(r.pos(em["channel"]), "catalog item %s: channel %q is not one of catalog.channels (%s)", it.Name, ch, names(c.Channels))
		}
		isCounted := it.Class != nil && it.Class == counted
		if sv, ok := em["slot"]; ok {
			if it.Class != nil && !isCounted {
				r.errorf(r.pos(sv), "catalog item %s: only an item of the counted class (%s) has a slot", it.Name, orNone(counted))
			} else if slot, ok := r.fact(sv, "catalog item slot", 0, 255); ok {
				it.Slot = slot.Int()
			}
		} else if isCounted {
			r.errorf(it.Pos, "catalog item %s: a %s is counted, so it needs slot: N, the index of its count in the ledger", it.Name, counted.Name)
		}
		c.Items = append(c.Items, it) // with its errors, if any: nothing is emitted then

	}
	if kv, ok := m["starter_kit"]; ok {
		c.StarterKitPos = r.pos(kv)
		kl, err := kv.List()
		if err != nil {
			r.errorf(c.StarterKitPos, "catalog.starter_kit: want a list of item names")
		}
		for err == nil && kl.Next() {
			e := kl.Value()
			name, ok := r.str(e, "catalog.starter_kit entry")
			if !ok {
				continue
			}
			var found *CatalogItem
			for _, it := range c.Items {
				if it.Name == name {
					found = it
				}
			}
			switch {
			case found == nil:
				r.errorf(r.pos(e), "catalog.starter_kit: no catalog item is named %s", name)
			case found.Class != nil && found.Class.Counted:
				r.errorf(r.pos(e), "catalog.starter_kit: %s is a %s, which the ledger counts; the starter kit grants owned items, one bit each", name, found.Class.Name)
			case slices.Contains(kitNames(c.StarterKit), name):
				r.errorf(r.pos(e), "catalog.starter_kit: %s is listed twice", name)
			default:
				c.StarterKit = append(c.StarterKit, found)
			}
		}
	}
	r.l.Catalog = c
}

// readClasses reads catalog.classes: [{name, counted?}, ...], each with a
// doc comment on the line above it, exactly one of them counted.
func (r *layoutResolver) readClasses(v cue.Value) []*Class {
	var out []*Class
	r.namedList(v, "catalog.classes", "class", []string{"name", "counted"}, func(name string, pos Pos, doc string, m map[string]cue.Value) {
		k := &Class{Number: len(out) + 1, Name: name, Pos: pos, Doc: doc}
		if cv, ok := m["counted"]; ok {
			b, err := cv.Bool()
			if err != nil {
				r.errorf(r.pos(cv), "catalog.classes %s: counted is true or false", name)
			}
			k.Counted = b
		}
		out = append(out, k)
	})
	var counted []*Class
	for _, k := range out {
		if k.Counted {
			counted = append(counted, k)
		}
	}
	switch {
	case len(out) == 0:
	case len(counted) == 0:
		r.errorf(r.pos(v), "catalog.classes: say which class the ledger counts in its consumables (counted: true on one of them): the ledger always has counts")
	case len(counted) > 1:
		r.errorf(counted[1].Pos, "catalog.classes %s: only one class is counted; %s is already (%s)", counted[1].Name, counted[0].Name, counted[0].Pos)
	}
	return out
}

// readChannels reads catalog.channels: [{name}, ...], each with a doc
// comment on the line above it.
func (r *layoutResolver) readChannels(v cue.Value) []*Channel {
	var out []*Channel
	r.namedList(v, "catalog.channels", "channel", []string{"name"}, func(name string, pos Pos, doc string, _ map[string]cue.Value) {
		out = append(out, &Channel{Number: len(out) + 1, Name: name, Pos: pos, Doc: doc})
	})
	return out
}

// namedList reads a non-empty list of structs with a snake_case name each,
// unique, each with a doc comment on the line above it, calling add for
// each good one.
func (r *layoutResolver) namedList(v cue.Value, what, one string, allowed []string, add func(name string, pos Pos, doc string, m map[string]cue.Value)) {
	list, err := v.List()
	if err != nil {
		r.errorf(r.pos(v), "%s: want a list of {%s}", what, strings.Join(allowed, ", "))
		return
	}
	seen := map[string]Pos{}
	n := 0
	for list.Next() {
		e := list.Value()
		n++
		m := r.fields(e, what+" entry", allowed...)
		if !r.need(m, e, what+" entry", "name") {
			continue
		}
		name, ok := r.str(m["name"], what+" entry name")
		if !ok {
			continue
		}
		pos := r.pos(e)
		switch {
		case !snakeName.MatchString(name):
			r.errorf(r.pos(m["name"]), "%s %q: write its name in snake_case (a-z, 0-9, single underscores)", what, name)
			continue
		case seen[name].IsValid():
			r.errorf(pos, "%s %s: listed twice (%s)", what, name, seen[name])
			continue
		}
		seen[name] = pos
		doc := r.comments.Above(e.Pos().Filename(), e.Pos().Line())
		if doc == "" {
			r.docf(pos, "%s %s has no doc comment: say what a %s %s is on the line above it", what, name, one, name)
		}
		add(name, pos, doc, m)
	}
	if n == 0 {
		r.errorf(r.pos(v), "%s: declare at least one %s", what, one)
	}
}

func names[T fmt.Stringer](xs []T) string {
	var s []string
	for _, x := range xs {
		s = append(s, x.String())
	}
	return strings.Join(s, ", ")
}

func orNone(k *Class) string {
	if k == nil {
		return "none is"
	}
	return k.Name
}

func kitNames(items []*CatalogItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Name)
	}
	return out
}
