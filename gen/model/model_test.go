package model_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/layoutmodel"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/internal/golden"
)

// TestLoad loads each testdata/*.txtar module and compares the resolved
// model (or the errors) with the archive's "want" section.
func TestLoad(t *testing.T) {
	golden.Run(t, "testdata/*.txtar", []string{"want"}, func(t *testing.T, c *golden.Case) {
		s, err := model.Load(c.Dir)
		var got string
		if err != nil {
			if strings.HasPrefix(filepath.Base(c.File), "ok") {
				t.Errorf("unexpected error:\n%v", err)
			}
			if _, ok := err.(model.ErrorList); !ok {
				t.Errorf("error is %T, want model.ErrorList", err)
			}
			if s != nil {
				t.Errorf("Load returned a schema with its error")
			}
			got = err.Error() + "\n"
		} else {
			got = dump(s)
		}
		c.CheckSection(t, "want", got)
	})
}

// TestLoadForgetting resolves each testdata/*.txtar module again with
// memos that keep one answer (model.SetAskedLimit), as a package of
// thousands of definitions makes them forget: every answer must be the
// same as with everything remembered.
func TestLoadForgetting(t *testing.T) {
	load := func(dir string) string {
		s, err := model.Load(dir)
		if err != nil {
			return err.Error()
		}
		return dump(s)
	}
	golden.Run(t, "testdata/*.txtar", []string{"want"}, func(t *testing.T, c *golden.Case) {
		want := load(c.Dir)
		restore := model.SetAskedLimit(1)
		got := load(c.Dir)
		restore()
		if got != want {
			t.Errorf("resolved differently with memos that forget (-remembering +forgetting):\n%s", cmp.Diff(want, got))
		}
	})
}

// dump renders a schema compactly, one line per definition, member, field
// and rule, with positions.
func dump(s *model.Schema) string {
	var b strings.Builder
	for _, p := range s.Packages {
		fmt.Fprintf(&b, "package %s (%s, path %s) %q\n", p.Name, p.Dir, p.Path, p.Doc)
		if p.GoName != model.GoPackageName(p.Name) {
			fmt.Fprintf(&b, "go package %s\n", p.GoName)
		}
		if p.Root != nil {
			fmt.Fprintf(&b, "root %s\n", p.Root.Name)
		}
		if p.Document != "" && (p.Root == nil || p.Root.Name != p.Document) {
			fmt.Fprintf(&b, "document %s\n", p.Document)
			if v := p.Value; v != nil {
				fmt.Fprintf(&b, "  %s\n", typ(v))
			}
		}
		if len(p.Nullable) > 0 {
			fmt.Fprintf(&b, "nullable: %s\n", strings.Join(p.Nullable, " "))
		}
		if len(p.GoOmit) > 0 {
			fmt.Fprintf(&b, "not in Go: %s\n", strings.Join(p.GoOmit, " "))
		}
		for _, sc := range p.Scalars {
			fmt.Fprintf(&b, "scalar %s %s%s @%s\n", sc.GoName, sc.Base, constraints(sc.Constraints), sc.Pos)
		}
		for _, e := range p.Enums {
			fmt.Fprintf(&b, "enum %s @%s\n", e.GoName, e.Pos)
			for _, m := range e.Members {
				fmt.Fprintf(&b, "  %q %s %q @%s\n", m.Value, m.GoName, m.Doc, m.Pos)
			}
		}
		for _, o := range p.Objects {
			variant := ""
			if o.Union != nil {
				variant = fmt.Sprintf(" variant of %s %s=%q", o.Union.GoName, o.Union.Discriminator, o.Tag)
			}
			for _, u := range o.AlsoIn {
				variant += " and of " + u.GoName
			}
			fmt.Fprintf(&b, "object %s%s%s @%s\n", o.GoName, variant, constraints(model.Constraints{MinFields: o.MinFields, MaxFields: o.MaxFields}), o.Pos)
			for _, f := range o.Fields {
				mark := "!"
				if f.Optional {
					mark = "?"
				}
				dflt := ""
				if f.Default != "" {
					dflt = " default=" + f.Default
				}
				if d := f.MemberDefault; d != nil {
					var parts []string
					for _, p := range d.Parts {
						if p.Member == "" {
							parts = append(parts, fmt.Sprintf("%q", p.Lit))
						} else {
							parts = append(parts, p.Name())
						}
					}
					dflt = " default from members=" + d.Source + " parts=" + strings.Join(parts, "+")
				}
				fmt.Fprintf(&b, "  %s%s %s %s%s @%s\n", f.Name, mark, f.GoName, typ(f.Type), dflt, f.Pos)
			}
			for _, h := range o.HeldDefaults {
				fmt.Fprintf(&b, "  held default %s\n", h.GetterName())
			}
			for _, m := range o.Members {
				key := "*" // every member the object does not declare
				if m.Key != nil {
					key = typ(m.Key)
				}
				in := "" // Matching, said when it is another map
				if m.Map != "" && m.Map != model.MatchingField {
					in = " in " + m.Map
				}
				fmt.Fprintf(&b, "  members %s %s%s @%s\n", key, typ(m.Type), in, m.Pos)
			}
			if o.Open {
				fmt.Fprintf(&b, "  open\n")
			}
			if o.Match {
				fmt.Fprintf(&b, "  match\n")
			}
			if o.Strict {
				fmt.Fprintf(&b, "  strict\n")
			}
			for _, m := range o.MatchIfs {
				fmt.Fprintf(&b, " %s\n", constraints(model.Constraints{MatchIf: m}))
				if m.Opens {
					fmt.Fprintf(&b, "  opens the object while its if holds\n")
				}
			}
			for _, m := range o.MatchNs {
				var alts []string
				for _, a := range m.Alts {
					alts = append(alts, "_")
					if a != nil {
						alts[len(alts)-1] = typ(a)
					}
				}
				fmt.Fprintf(&b, "  matchN %s [%s] @%s\n", m.Keyword(), strings.Join(alts, ", "), m.Pos)
			}
			for _, rf := range o.Refusals {
				fmt.Fprintf(&b, "  refuse %s (%s) @%s\n", rf.Describe(o), rf.Doc, rf.Pos)
			}
			for _, a := range o.Absent {
				fmt.Fprintf(&b, "  absent %s (%s) @%s\n", a.Name, a.Why, a.Pos)
			}
			for _, fb := range o.Forbids {
				fmt.Fprintf(&b, "  forbid when %s=%q: %s @%s\n", fb.Field, fb.Value, strings.Join(fb.Absent, " "), fb.Pos)
			}
			for _, p := range o.Decided {
				fmt.Fprintf(&b, "  clause decided by the schema @%s\n", p)
			}
			for _, cd := range o.Conditionals {
				fmt.Fprintf(&b, "  if %s (else %s) (%s) @%s\n", cd.Describe(o), cd.DescribeNot(o), cd.Doc, cd.Pos)
				if cd.Refuses {
					fmt.Fprintf(&b, "    then refused\n")
				}
				for _, n := range cd.Then {
					var says []string
					if n.Declared {
						says = append(says, "declared")
					}
					if n.Required {
						says = append(says, "required")
					}
					if n.Absent {
						says = append(says, "absent")
					}
					if n.Const != nil {
						says = append(says, "const "+n.Const.ConstJSON())
					}
					if n.MinItems != nil {
						says = append(says, fmt.Sprintf("minItems %d", *n.MinItems))
					}
					if n.Checks != nil {
						says = append(says, "checks "+typ(n.Checks)+" ("+n.Text+")")
					}
					fmt.Fprintf(&b, "    then %s %s @%s\n", strings.Join(n.Path, "."), strings.Join(says, " "), n.Pos)
				}
			}
		}
		for _, m := range p.Maps {
			key := ""
			if m.Key != nil {
				key = " keys " + typ(m.Key)
			}
			self := ""
			if m.Recursive {
				self = " recursive"
			}
			fmt.Fprintf(&b, "map %s%s%s of %s @%s\n", m.GoName, self, key, typ(m.Elem), m.Pos)
		}
		for _, a := range p.Aliases {
			if a.Recursive {
				// A list that holds itself (the others, types every use
				// has, show where they are used).
				fmt.Fprintf(&b, "list %s recursive of %s @%s\n", a.GoName, typ(a.Type.Elem), a.Pos)
			}
		}
		for _, u := range p.Unions {
			var vs []string
			for _, v := range u.Variants {
				vs = append(vs, v.GoName)
			}
			tells := "discriminator=" + u.Discriminator
			if u.Untagged() {
				tells = "untagged members=" + strings.Join(u.Members(), ",")
				if u.Default != nil {
					tells += " default=" + u.Default.Name
				}
				if u.Merge {
					tells += " merge"
				}
			}
			fmt.Fprintf(&b, "union %s %s %s @%s\n", u.GoName, tells, strings.Join(vs, " "), u.Pos)
		}
		for _, o := range p.OneOfs {
			if o.Recursive {
				// Its alternatives, which name it again (typ).
				fmt.Fprintf(&b, "recursive %s @%s\n", typ(&model.Type{Kind: model.OneOfKind, OneOf: &model.OneOf{GoName: o.GoName, Alts: o.Alts}}), o.Pos)
				continue
			}
			fmt.Fprintf(&b, "%s @%s\n", typ(&model.Type{Kind: model.OneOfKind, OneOf: o}), o.Pos)
		}
	}
	for _, l := range s.Layouts {
		dumpLayout(&b, l)
	}
	return b.String()
}

// dumpLayout renders a layout package: every struct with its fields at
// their offsets, every version, the file, the ledger and the catalog.
func dumpLayout(b *strings.Builder, l *layoutmodel.Layout) {
	fmt.Fprintf(b, "layout %s (%s) root=%s ceiling=%d migrate_from=%d c_prefix=%s %q\n", l.Name, l.Dir, l.Root.Name, l.Ceiling.Value, l.MigrateFrom.Value, l.CPrefix, l.Doc)
	for _, s := range l.Structs {
		fmt.Fprintf(b, "struct %s %s %s size=%d align=%d @%s\n", s.Name, s.CName, s.GoName, s.Size, s.Align, s.Pos)
		fields := s.Fields
		if s.History != nil {
			fields = s.History
		}
		for _, f := range fields {
			hist := ""
			if f.Since != 0 {
				hist = fmt.Sprintf(" since=%d", f.Since)
			}
			if f.Removed != 0 {
				hist += fmt.Sprintf(" removed=%d", f.Removed)
			}
			if f.Enum != nil {
				hist += " enum=" + f.Enum.Name
			}
			fmt.Fprintf(b, "  %d+%d %s %s %s%s %q @%s\n", f.Offset, f.Size(), f.Name, f.GoName, f.Type.Spelling, hist, f.Doc, f.Pos)
		}
	}
	for _, e := range l.Enums {
		fmt.Fprintf(b, "enum %s %s %s %q @%s\n", e.Name, e.CName, e.GoName, e.Doc, e.Pos)
		for _, m := range e.Members {
			fmt.Fprintf(b, "  %d %s %s %s %q @%s\n", m.Value, m.Name, m.CName, m.GoName, m.Doc, m.Pos)
		}
	}
	for _, v := range l.Versions {
		var names []string
		for _, p := range v.Fields {
			names = append(names, fmt.Sprintf("%s@%d", p.Field.Name, p.Offset))
		}
		loss := ""
		if v.Loss != "" {
			loss = fmt.Sprintf(" loss=%q", v.Loss)
		}
		fmt.Fprintf(b, "version %d size=%d%s %q @%s: %s\n", v.Number, v.Size, loss, v.Doc, v.Pos, strings.Join(names, " "))
	}
	for _, r := range l.Budget() {
		fmt.Fprintf(b, "budget %+v\n", r)
	}
	if f := l.File; f != nil {
		fmt.Fprintf(b, "file header=%s magic=%#x\n", f.Header.Name, f.Magic.Value)
	}
	if g := l.Ledger; g != nil {
		fmt.Fprintf(b, "ledger field=%s view=%s magic=%#x version=%d capacity=%d slots=%d\n", g.Field.Name, g.View.Name, g.Magic.Value, g.BlobVersion.Value, g.Capacity(), g.Slots())
	}
	if c := l.Catalog; c != nil {
		for _, it := range c.Items {
			fmt.Fprintf(b, "item %d %s %s %s %s slot=%d %q @%s\n", it.ID, it.Name, it.CName, it.GoName, it.Class, it.Slot, it.Doc, it.Pos)
		}
		for _, it := range c.StarterKit {
			fmt.Fprintf(b, "starter %s\n", it.Name)
		}
	}
}

func typ(t *model.Type) string {
	if t.HoldsItself() {
		// A list, map or choice that holds itself: by name, as it is
		// dumped.
		switch t.Kind {
		case model.OneOfKind:
			return "oneof " + t.OneOf.GoName + " (itself)"
		case model.ListKind:
			return "list " + t.Alias.GoName + " (itself)"
		}
		return "map " + t.Map.GoName + " (itself)"
	}
	switch t.Kind {
	case model.BasicKind:
		if len(t.Choice) > 0 {
			var alts []string
			for _, a := range t.Choice {
				alts = append(alts, typ(a))
			}
			return "basic " + t.Base.String() + " choice (" + strings.Join(alts, " | ") + ")"
		}
		return "basic " + t.Base.String() + constraints(t.Constraints)
	case model.ScalarKind:
		return "scalar " + t.Scalar.GoName
	case model.EnumKind:
		return "enum " + t.Enum.GoName
	case model.ObjectKind:
		return "object " + t.Object.GoName
	case model.ListKind:
		return "list" + constraints(t.Constraints) + " of " + typ(t.Elem)
	case model.MapKind:
		if t.Map != nil {
			return "map " + t.Map.GoName + " of " + typ(t.Elem)
		}
		if t.Key != nil {
			return "map keys " + typ(t.Key) + constraints(t.Constraints) + " of " + typ(t.Elem)
		}
		return "map" + constraints(t.Constraints) + " of " + typ(t.Elem)
	case model.UnionKind:
		return "union " + t.Union.GoName
	case model.ConstKind:
		return fmt.Sprintf("const %q", t.Const)
	case model.OneOfKind:
		var alts []string
		for _, a := range t.OneOf.Alts {
			alts = append(alts, a.GoName+":"+typ(a.Type))
		}
		return "oneof " + t.OneOf.GoName + " (" + strings.Join(alts, ", ") + ")"
	case model.NullableKind:
		return "nullable " + typ(t.Elem)
	case model.TupleKind:
		var items []string
		for _, it := range t.Tuple.Items {
			items = append(items, typ(it))
		}
		if t.Tuple.Rest != nil {
			items = append(items, "..."+typ(t.Tuple.Rest))
		}
		return "tuple " + t.Tuple.GoName + constraints(t.Constraints) + " [" + strings.Join(items, ", ") + "]"
	case model.AnyKind:
		return "any" + constraints(t.Constraints)
	case model.NullKind:
		return "null"
	}
	return "?"
}

func constraints(c model.Constraints) string {
	var b strings.Builder
	if c.MinRunes != nil {
		fmt.Fprintf(&b, " minRunes=%d", *c.MinRunes)
	}
	if c.MaxRunes != nil {
		fmt.Fprintf(&b, " maxRunes=%d", *c.MaxRunes)
	}
	for _, p := range c.Patterns {
		fmt.Fprintf(&b, " pattern=%s", p)
	}
	for _, p := range c.NotPatterns {
		fmt.Fprintf(&b, " notPattern=%s", p)
	}
	for _, v := range c.Not {
		fmt.Fprintf(&b, " not=%s", v)
	}
	if c.MultipleOf != nil {
		fmt.Fprintf(&b, " multipleOf=%s", c.MultipleOfText())
	}
	if c.UniqueItems {
		b.WriteString(" uniqueItems")
	}
	if m := c.MatchIf; m != nil {
		part := func(t *model.Type) string {
			if t == nil {
				return "_"
			}
			return typ(t)
		}
		fmt.Fprintf(&b, " matchIf(%s; %s; %s @%s)", part(m.If), part(m.Then), part(m.Else), m.Pos)
	}
	if m := c.MatchN; m != nil {
		var alts []string
		for _, a := range m.Alts {
			alts = append(alts, typ(a))
		}
		fmt.Fprintf(&b, " matchN(%s [%s] @%s)", m.Keyword(), strings.Join(alts, "; "), m.Pos)
	}
	for _, m := range c.Contains {
		b.WriteString(" contains(")
		if m.Min != nil {
			fmt.Fprintf(&b, "min=%d ", *m.Min)
		}
		if m.Max != nil {
			fmt.Fprintf(&b, "max=%d ", *m.Max)
		}
		fmt.Fprintf(&b, "%s @%s)", typ(m.Match), m.Pos)
	}
	if c.Duration {
		b.WriteString(" duration")
	}
	if c.NotNull {
		b.WriteString(" notNull")
	}
	if c.URL != model.NoURL {
		b.WriteString(" " + string(c.URL))
	}
	if c.Min != nil {
		fmt.Fprintf(&b, " min=%d", *c.Min)
	}
	if c.Max != nil {
		fmt.Fprintf(&b, " max=%d", *c.Max)
	}
	if c.UintMax != nil {
		fmt.Fprintf(&b, " uintMax=%d", *c.UintMax)
	}
	if c.MinNum != nil {
		fmt.Fprintf(&b, " minNum=%g exclusive=%t", *c.MinNum, c.MinExclusive)
	}
	if c.MaxNum != nil {
		fmt.Fprintf(&b, " maxNum=%g exclusive=%t", *c.MaxNum, c.MaxExclusive)
	}
	if len(c.Lengths) > 0 {
		fmt.Fprintf(&b, " lengths=%v", c.Lengths)
	}
	if c.MinItems != nil {
		fmt.Fprintf(&b, " minItems=%d", *c.MinItems)
	}
	if c.MaxItems != nil {
		fmt.Fprintf(&b, " maxItems=%d", *c.MaxItems)
	}
	if c.MinFields != nil {
		fmt.Fprintf(&b, " minFields=%d", *c.MinFields)
	}
	if c.MaxFields != nil {
		fmt.Fprintf(&b, " maxFields=%d", *c.MaxFields)
	}
	return b.String()
}

// TestLoadRealSchema checks the figures of the project's own fleet schema
// that every target relies on.
func TestLoadRealSchema(t *testing.T) {
	s, err := model.Load("../..")
	if err != nil {
		t.Fatal(err)
	}
	fleet := s.Package("fleet")
	if fleet == nil {
		t.Fatal("no fleet package")
	}
	var poses []string
	for _, e := range fleet.Enums {
		if e.Name == "Pose" {
			for _, m := range e.Members {
				poses = append(poses, m.Value)
			}
		}
	}
	if diff := cmp.Diff([]string{"working", "thinking", "stuck", "hauling", "resting", "celebrate"}, poses); diff != "" {
		t.Errorf("Pose members (-want +got):\n%s", diff)
	}
}

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{
		"seatId": "SeatID", "parentSeatId": "ParentSeatID", "ttlSeconds": "TTLSeconds",
		"light-blue": "LightBlue", "seat_id": "SeatID", "cwd": "Cwd", "x2y": "X2y",
		"2fast": "X2fast", "---": "", "URL": "URL", "httpURL": "HTTPURL",
	} {
		if got := model.GoName(in); got != want {
			t.Errorf("GoName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLoadDotFolder: a module whose own folder's name starts with a dot
// (masse's .pipeline) is read, each package of it: CUE's pattern ./...
// skips such a folder, the module's own included ("matched no packages",
// which schemagen printed at no position until 2026-12-06), while each
// folder loads by itself.
func TestLoadDotFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".pipeline")
	files := map[string]string{
		"cue.mod/module.cue": "module: \"example.com/p@v0\"\nlanguage: version: \"v0.17.0\"\n",
		"schemagen.cue":      "schema: \".\"\n",
		"a.cue":              "package p\n\n// A is a.\n#A: {a?: string}\n",
		"sub/s.cue":          "package sub\n\n// S is s.\n#S: {s?: int & >=0 & <=9}\n",
	}
	golden.WriteTree(t, dir, files)
	s, err := model.Load(dir)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	var got []string
	for _, p := range s.Packages {
		for _, o := range p.Objects {
			got = append(got, p.Name+" #"+o.Name)
		}
	}
	if diff := cmp.Diff([]string{"p #A", "sub #S"}, got); diff != "" {
		t.Errorf("objects (-want +got):\n%s", diff)
	}
}
