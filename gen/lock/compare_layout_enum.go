package lock

import (
	"fmt"

	"github.com/schemagen/schemagen/gen/compat"
)

// layoutEnums holds a layout's enums to the wire enums' rules: a member is
// a value stored in files, so removing, renaming or renumbering one breaks
// every file that holds it (ENUM_MEMBER_NO_DELETE), removing the enum
// breaks every reader of it (ENUM_NO_DELETE), and adding a member widens
// what an exhaustive reader must answer (ENUM_MEMBER_ADDED). A field that
// held an enum must go on holding it (LAYOUT_FIELD_SAME_TYPE): its stored
// values mean that enum's members. A field may start holding one: its
// bytes do not change.
func (c *comparer) layoutEnums(bl, cl *Layout) {
	name := bl.Name
	enumName := func(e *LayoutEnum) string { return e.Name }
	memberName := func(m *LayoutEnumMember) string { return m.Name }
	curEnum := lookup(cl.Enums, enumName)
	for _, be := range bl.Enums {
		subject := name + "." + be.Name
		ce, ok := curEnum(be.Name)
		if !ok {
			c.add(compat.EnumNoDelete, subject, "layout enum #%s was removed; the fields holding it still store its values", be.Name)
			continue
		}
		curMember, baseMember := lookup(ce.Members, memberName), lookup(be.Members, memberName)
		for _, bm := range be.Members {
			cm, ok := curMember(bm.Name)
			switch {
			case !ok:
				c.add(compat.EnumMemberNoDelete, subject+"."+bm.Name, "member %s (%d) was removed or renamed; files that store %d no longer read as a member", bm.Name, bm.Value, bm.Value)
			case cm.Value != bm.Value:
				c.add(compat.EnumMemberNoDelete, subject+"."+bm.Name, "member %s changed value from %d to %d; files that store %d no longer read as %s", bm.Name, bm.Value, cm.Value, bm.Value, bm.Name)
			}
		}
		for _, cm := range ce.Members {
			if _, ok := baseMember(cm.Name); !ok {
				c.add(compat.EnumMemberAdded, subject+"."+cm.Name, "member %s (%d) was added; every exhaustive consumer of #%s must answer it", cm.Name, cm.Value, be.Name)
			}
		}
	}
	type held struct{ subject, enum string }
	var base []held
	cur := map[string]string{}
	collect := func(prefix string, fs []*LayoutField, into func(subject, enum string)) {
		for _, f := range fs {
			into(prefix+"."+f.Name, f.Enum)
		}
	}
	if n := len(bl.Versions); n > 0 {
		collect(name+"."+bl.Root, bl.Versions[n-1].Fields, func(s, e string) { base = append(base, held{s, e}) })
	}
	for _, s := range bl.Structs {
		collect(name+"."+s.Name, s.Fields, func(s, e string) { base = append(base, held{s, e}) })
	}
	for _, v := range cl.Versions {
		collect(name+"."+cl.Root, v.Fields, func(s, e string) { cur[s] = e })
	}
	for _, s := range cl.Structs {
		collect(name+"."+s.Name, s.Fields, func(s, e string) { cur[s] = e })
	}
	for _, h := range base {
		now, ok := cur[h.subject]
		if h.enum == "" || !ok || now == h.enum {
			continue // a field that is gone is reported as such
		}
		c.add(compat.LayoutFieldSameType, h.subject, "%s", heldChange(h.subject, h.enum, now))
	}
}

func heldChange(subject, was, now string) string {
	if now == "" {
		return fmt.Sprintf("%s held #%s and now holds a plain integer; its stored values were that enum's members", subject, was)
	}
	return fmt.Sprintf("%s held #%s and now holds #%s; its stored values would be read as another enum's", subject, was, now)
}
