package lock_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/internal/benchpair"
)

// synthLayout is a layout of n root fields over four versions, n/10
// nested structs of four fields (a root field of each type) and n catalog
// items. drop removes the first root field and moves the first catalog
// item to the end: one change that shifts every offset after it and every
// item's order.
func synthLayout(n int, drop bool) *lock.Layout {
	l := &lock.Layout{Name: "d", Root: "Root", Ceiling: 1 << 30, MigrateFrom: 1, Capacity: 8 * n, Slots: 16}
	var fields []*lock.LayoutField
	off := 0
	for i := range n {
		if drop && i == 0 {
			continue
		}
		typ, size := "uint32", 4
		if i%10 == 5 {
			typ, size = fmt.Sprintf("S%d[2]", i/10), 32
		}
		fields = append(fields, &lock.LayoutField{Name: fmt.Sprintf("f%d", i), Type: typ, Offset: off, Size: size})
		off += size
	}
	for v := 1; v <= 4; v++ {
		k := len(fields) * v / 4
		end := fields[k-1]
		l.Versions = append(l.Versions, &lock.LayoutVersion{Version: v, Size: end.Offset + end.Size, Fields: fields[:k]})
	}
	for s := range n / 10 {
		st := &lock.LayoutStruct{Name: fmt.Sprintf("S%d", s), Size: 16}
		for j := range 4 {
			st.Fields = append(st.Fields, &lock.LayoutField{Name: fmt.Sprintf("m%d", j), Type: "uint32", Offset: 4 * j, Size: 4})
		}
		l.Structs = append(l.Structs, st)
	}
	for i := range n {
		id := i
		if drop && i == 0 {
			id = n
		}
		l.Catalog = append(l.Catalog, &lock.CatalogEntry{ID: id, Name: fmt.Sprintf("item_%d", i), Class: "gear", Channel: "bought"})
	}
	return l
}

// synthPackage is a wire package of n definitions: n/10 enums of eight
// members, n/10 unions of two variants and the rest objects of eight
// fields. drop removes the first field of every object.
func synthPackage(n int, drop bool) *lock.Package {
	p := &lock.Package{Name: "w"}
	for e := range n / 10 {
		en := &lock.Enum{Name: fmt.Sprintf("E%d", e)}
		for m := range 8 {
			en.Members = append(en.Members, fmt.Sprintf("m%d", m))
		}
		p.Enums = append(p.Enums, en)
	}
	max := int64(100)
	for o := range n - 2*(n/10) {
		ob := &lock.Object{Name: fmt.Sprintf("O%d", o)}
		for f := range 8 {
			if drop && f == 0 {
				continue
			}
			t := &lock.Type{Kind: "int", Constraints: &lock.Constraints{Max: &max}}
			if f%4 == 1 {
				t = &lock.Type{Kind: "enum", Name: fmt.Sprintf("E%d", o%max1(n/10))}
			}
			ob.Fields = append(ob.Fields, &lock.Field{Name: fmt.Sprintf("f%d", f), Required: f%2 == 0, Type: t})
		}
		p.Objects = append(p.Objects, ob)
	}
	for u := range n / 10 {
		p.Unions = append(p.Unions, &lock.Union{Name: fmt.Sprintf("U%d", u), Discriminator: "kind",
			Variants: []*lock.Variant{{Tag: "a", Object: "O0"}, {Tag: "b", Object: fmt.Sprintf("O%d", u)}}})
	}
	return p
}

func max1(n int) int { return max(n, 1) }

func synthLocks(fields, defs int) (base, cur *lock.Lock) {
	base = &lock.Lock{LockVersion: lock.Version}
	cur = &lock.Lock{LockVersion: lock.Version}
	if fields > 0 {
		base.Layouts = []*lock.Layout{synthLayout(fields, false)}
		cur.Layouts = []*lock.Layout{synthLayout(fields, true)}
	}
	if defs > 0 {
		base.Packages = []*lock.Package{synthPackage(defs, false)}
		cur.Packages = []*lock.Package{synthPackage(defs, true)}
	}
	return base, cur
}

// BenchmarkCompare pairs lock.Compare of a layout of 1,000 and 5,000
// fields (and as many catalog items), and of a wire package of as many
// definitions, each against a baseline it changed once per list, with its
// floor in the same run: reflect.DeepEqual of the baseline and an equal
// copy of it, which walks two locks of that size once and decides
// nothing. Goal: at most compareGoal times the floor. Run with
// -benchtime=1x (it times itself).
func BenchmarkCompare(b *testing.B) {
	for _, kind := range []string{"fields", "defs"} {
		for _, n := range []int{1000, 5000} {
			b.Run(fmt.Sprintf("%s=%d", kind, n), func(b *testing.B) {
				locks := func() (*lock.Lock, *lock.Lock) {
					if kind == "defs" {
						return synthLocks(0, n)
					}
					return synthLocks(n, 0)
				}
				base, cur := locks()
				same, _ := locks()
				if !reflect.DeepEqual(base, same) {
					b.Fatal("the floor's two locks differ: it would stop at the first difference")
				}
				var r benchpair.Result
				for b.Loop() {
					r = benchpair.Compare(func(k int) {
						for range k {
							lock.Compare(base, cur)
						}
					}, func(k int) {
						for range k {
							reflect.DeepEqual(base, same)
						}
					}, benchpair.Options{})
				}
				fmt.Println("pair " + benchpair.Line(fmt.Sprintf("lock Compare, %d %s, vs reflect.DeepEqual walking both", n, kind), r, benchpair.AtMost(compareGoal)))
			})
		}
	}
}

// compareGoal is BenchmarkCompare's: Compare indexes both locks by name
// and checks every rule, so it may cost a few walks, not one per item.
const compareGoal = 5

// BenchmarkCompareScaling pairs Compare at 5,000 against Compare at 1,000
// (ABBA, median of the per-pair ratios): linear time is 5×; the goal is
// at most 6× (before: 23× for fields, 18× for definitions).
func BenchmarkCompareScaling(b *testing.B) {
	for _, kind := range []string{"fields", "defs"} {
		b.Run(kind, func(b *testing.B) {
			locks := func(n int) (*lock.Lock, *lock.Lock) {
				if kind == "defs" {
					return synthLocks(0, n)
				}
				return synthLocks(n, 0)
			}
			b5, c5 := locks(5000)
			b1, c1 := locks(1000)
			run := func(base, cur *lock.Lock) func(int) {
				return func(n int) {
					for range n {
						lock.Compare(base, cur)
					}
				}
			}
			var r benchpair.Result
			for b.Loop() { // one paired run is the measurement: run with -benchtime=1x
				r = benchpair.Compare(run(b5, c5), run(b1, c1), benchpair.Options{})
			}
			benchpair.Report(b, r, benchpair.AtMost(6))
		})
	}
}

// TestSynthCompare: the synthetic change is found once per list, so the
// benchmark measures a compare that does its work.
func TestSynthCompare(t *testing.T) {
	base, cur := synthLocks(100, 100)
	got := map[string]int{}
	for _, f := range lock.Compare(base, cur) {
		got[f.Rule]++
	}
	want := map[string]int{"LAYOUT_FIELD_NO_DELETE": 1, "CATALOG_ITEM_NO_MOVE": 1, "FIELD_NO_DELETE": 80}
	for r, n := range want {
		if got[r] != n {
			t.Errorf("%s: %d findings, want %d (all: %v)", r, got[r], n, got)
		}
	}
}
