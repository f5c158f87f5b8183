package corpus_test

import (
	"os"
	"path/filepath"

	cueast "cuelang.org/go/cue/ast"
	cueparser "cuelang.org/go/cue/parser"

	"github.com/schemagen/schemagen/gen/model"
)

// lostRules returns the if clauses of a unit's own source (each a
// comprehension among a struct literal's declarations, which declares,
// narrows, forbids, defaults or refuses fields) that no rule of the model
// comes from: no Conditional, Refusal, Forbid, CondDefault, Decided
// clause, matchIf or matchN of any object is positioned inside it. Such a clause would be a constraint CUE applies
// and generate dropped with exit 0 (the GitHub workflow's #step, whose
// clauses beside matchN went unread); lostFields cannot see it.
func (r *corpusRun) lostRules(u *Unit) []string {
	var spans []*Span
	for _, sp := range r.src.Spans {
		if sp.Unit == u {
			spans = append(spans, sp)
		}
	}
	if len(spans) == 0 || r.schema == nil {
		return nil
	}
	var rules []model.Pos
	for _, p := range r.schema.Packages {
		for _, o := range p.Objects {
			for _, c := range o.Conditionals {
				rules = append(rules, c.Pos)
			}
			for _, rf := range o.Refusals {
				rules = append(rules, rf.Pos)
			}
			for _, fb := range o.Forbids {
				rules = append(rules, fb.Pos)
			}
			rules = append(rules, o.Decided...)
			// if a != _|_ {matchN(0, [{a!: _, ...}])} (cue import's
			// dependentSchemas, Chrome's manifest): a matchIf of the
			// object, positioned at the validator inside the clause.
			for _, m := range o.MatchIfs {
				rules = append(rules, m.Pos)
			}
			for _, m := range o.MatchNs {
				rules = append(rules, m.Pos)
			}
			for _, f := range o.Fields {
				for _, d := range f.CondDefaults {
					rules = append(rules, d.Pos)
				}
			}
		}
	}
	var lost []string
	files := map[string]*cueast.File{}
	for _, sp := range spans {
		f := files[sp.File]
		if f == nil {
			data, err := os.ReadFile(filepath.Join(r.work, filepath.FromSlash(sp.File)))
			if err != nil {
				continue
			}
			if f, err = cueparser.ParseFile(sp.File, data); err != nil {
				continue
			}
			files[sp.File] = f
		}
		cueast.Walk(f, func(n cueast.Node) bool {
			lit, ok := n.(*cueast.StructLit)
			if !ok {
				return true
			}
			for _, e := range lit.Elts {
				c, ok := e.(*cueast.Comprehension)
				if !ok || c.Pos().Offset() < sp.Start || c.Pos().Offset() >= sp.End {
					continue
				}
				start, end := c.Pos(), c.End()
				inside := func(p model.Pos) bool {
					after := p.Line > start.Line() || p.Line == start.Line() && p.Col >= start.Column()
					before := p.Line < end.Line() || p.Line == end.Line() && p.Col < end.Column()
					return p.File == sp.File && after && before
				}
				found := false
				for _, p := range rules {
					if inside(p) {
						found = true
						break
					}
				}
				if !found {
					lost = append(lost, sp.File+":"+start.String()[len(start.Filename())+1:])
				}
			}
			return true
		}, nil)
	}
	return lost
}
