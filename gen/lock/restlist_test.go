package lock_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
)

// TestRestListFromAnEarlierLock: a lock written while [#Contact,
// ...#Contact] was carried as a tuple (one leading item and a rest of one
// type) compares with the same schema, now carried as a list of at least
// one Contact, without a finding: the data admitted did not change. A
// count that did change is still reported, as a count.
func TestRestListFromAnEarlierLock(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "cue.mod"), 0o755)
	os.MkdirAll(filepath.Join(root, "schema", "w"), 0o755)
	os.WriteFile(filepath.Join(root, "cue.mod", "module.cue"), []byte(cueMod), 0o644)
	os.WriteFile(filepath.Join(root, "schema", "w", "a.cue"), []byte(`package w

import "list"

// Contact is a person.
#Contact: {
	// The name.
	name!: string
}

// Project is a project.
#Project: {
	// At least one, at most three.
	admins!: [#Contact, ...#Contact] & list.MaxItems(3)
	// At least two.
	names?: [string, string, ...string]
}
`), 0o644)
	s, err := model.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	cur := lock.FromModel(s)
	if got := fieldType(t, cur, "admins").String(); got != "list<object Contact>" {
		t.Fatalf("admins is %s in the lock, want list<object Contact>", got)
	}

	// The lock as schemagen wrote it before: tuples.
	base, err := lock.Parse(cur.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	contact := &lock.Type{Kind: "object", Name: "Contact"}
	three := 3
	*fieldType(t, base, "admins") = lock.Type{Kind: "tuple", Alts: []*lock.Type{contact}, Elem: contact, Constraints: &lock.Constraints{MaxItems: &three}}
	str := &lock.Type{Kind: "string"}
	*fieldType(t, base, "names") = lock.Type{Kind: "tuple", Alts: []*lock.Type{str, str}, Elem: str}
	if fs := lock.Compare(base, cur); len(fs) != 0 {
		t.Errorf("an earlier lock's tuple of the rest's type gives findings: %+v", fs)
	}

	// One leading string fewer before: the count grew from 1 to 2.
	*fieldType(t, base, "names") = lock.Type{Kind: "tuple", Alts: []*lock.Type{str}, Elem: str}
	fs := lock.Compare(base, cur)
	if len(fs) != 1 || fs[0].Subject != "w.Project.names" || fs[0].Reason != "minItems 1 → 2; data valid before may now be refused" {
		t.Errorf("a count raised from an earlier lock's tuple: got %+v, want one finding at w.Project.names, minItems 1 → 2", fs)
	}
}

// fieldType is the type of #Project's field name in l.
func fieldType(t *testing.T, l *lock.Lock, name string) *lock.Type {
	t.Helper()
	for _, p := range l.Packages {
		for _, o := range p.Objects {
			if o.Name != "Project" {
				continue
			}
			for _, f := range o.Fields {
				if f.Name == name {
					return f.Type
				}
			}
		}
	}
	t.Fatalf("no field %s of Project in the lock", name)
	return nil
}
