package model

import (
	"cmp"
	"cuelang.org/go/cue/literal"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
)

// Conditional is an if clause of an object whose body declares fields or
// narrows fields the object has: what holds of a value only when every
// condition of When does.
//
//	external!: bool
//	if external { role: "minimal" }          // role only when external
//	if flag != _|_ { nested: f: [_, ...] }   // nested.f present, ≥ 1 item
//
// Each target checks Then when the conditions hold, and the absence of a
// field the body alone declares when they do not (CUE closes the object
// over its fields, and such a field is one only while the body applies).
//
// Refuses marks a clause whose body is _|_ alone on conditions a Refusal
// (== comparisons) does not state (if a != _|_ && b != _|_ {_|_}, if f
// {_|_}): the object admits no value while they hold, and Then is empty.
type Conditional struct {
	When    []Condition // all must hold for Then to apply
	Then    []*Narrowing
	Refuses bool
	Doc     string // the comment above the comprehension
	Pos     Pos
}

// Test is how a Condition tests its field.
type Test int

// The tests a Condition makes.
const (
	// TestTrue: a required boolean field is true (if external).
	TestTrue Test = iota + 1
	// TestPresent: an optional field is present (if flag != _|_).
	TestPresent
	// TestEqual: a required integer, string or enum field holds Cond's
	// value (if kind == "a").
	TestEqual
	// TestNotEqual: a required integer, string or enum field holds
	// another value than Cond's (if kind != "a").
	TestNotEqual
	// TestFalse: a required boolean field is false (if !external, if
	// external == false).
	TestFalse
	// TestLess, TestLessEq, TestGreater and TestGreaterEq: a required
	// integer field is <, <=, > or >= Cond's Int (if replicas > 1).
	TestLess
	TestLessEq
	TestGreater
	TestGreaterEq
	// TestAny: one of Any holds, each a test of a field (if kind == "a"
	// || kind == "b", if n < 1 || n > 9, if a == "x" || b != _|_).
	TestAny
	// TestAbsent: an optional field is absent (if flag == _|_, if
	// !(flag != _|_)).
	TestAbsent
	// TestMatch and TestNotMatch: a required string or enum field
	// matches, or does not match, the regular expression Cond's Str (if
	// name =~ "^a", if name !~ "^a"): RE2, as CUE's =~ reads it, in the
	// form every target's pattern reads alike (carriedPattern).
	TestMatch
	TestNotMatch
	// TestContains and TestNotContains: a list field of strings,
	// numbers, booleans or enum members holds, or does not hold, the
	// item Str, a JSON literal (if list.Contains(tags, "x")).
	TestContains
	TestNotContains
	// TestNull and TestNotNull: a field of T | null holds null, or a
	// value of T (if n == null, if n != null).
	TestNull
	TestNotNull
	// TestAll: every one of All holds, each a test of a field other than
	// a TestAny or a TestAll, of fields of its own (if (a && b) || c: a
	// side of an || that joins tests with &&). It is only ever one of a
	// TestAny's tests.
	TestAll
)

// Order is the operator of an ordering test (<, <=, > or >=), and
// whether the test is one.
func (t Test) Order() (string, bool) {
	switch t {
	case TestLess:
		return "<", true
	case TestLessEq:
		return "<=", true
	case TestGreater:
		return ">", true
	case TestGreaterEq:
		return ">=", true
	}
	return "", false
}

// Operator is the CUE operator of a comparison (==, !=) or an ordering
// (<, <=, >, >=), as Go writes it too; "" for another test.
func (t Test) Operator() string {
	switch t {
	case TestEqual:
		return "=="
	case TestNotEqual:
		return "!="
	}
	op, _ := t.Order()
	return op
}

// negated is the test that holds where t does not: of an order, a value
// compared, a boolean or a presence.
func (t Test) negated() Test {
	switch t {
	case TestEqual:
		return TestNotEqual
	case TestNotEqual:
		return TestEqual
	case TestTrue:
		return TestFalse
	case TestFalse:
		return TestTrue
	case TestPresent:
		return TestAbsent
	case TestAbsent:
		return TestPresent
	case TestMatch:
		return TestNotMatch
	case TestNotMatch:
		return TestMatch
	case TestContains:
		return TestNotContains
	case TestNotContains:
		return TestContains
	case TestNull:
		return TestNotNull
	case TestNotNull:
		return TestNull
	case TestLess:
		return TestGreaterEq
	case TestLessEq:
		return TestGreater
	case TestGreater:
		return TestLessEq
	case TestGreaterEq:
		return TestLess
	}
	return t
}

// flipped is the ordering test with its operands swapped: 3 < n is
// n > 3.
func (t Test) flipped() Test {
	switch t {
	case TestLess:
		return TestGreater
	case TestLessEq:
		return TestGreaterEq
	case TestGreater:
		return TestLess
	case TestGreaterEq:
		return TestLessEq
	}
	return t
}

// Number reports whether an ordering test compares a number field (if
// ratio > 0.5): its literal, as JSON writes the float64 nearest it, is
// Str, where an integer field's is Int.
func (c Condition) Number() bool {
	_, ordered := c.Test.Order()
	return ordered && c.Str != "" && !c.Text
}

// holdsOfNum reports whether an ordering test of a number field holds of
// x, compared as float64s, as every target compares them.
func (c Condition) holdsOfNum(x float64) bool {
	n, err := strconv.ParseFloat(c.Str, 64)
	return err == nil && holdsOrder(c.Test, x, n)
}

// holdsOrder reports whether x stands to y as the ordering test t says
// (x < y for TestLess); false for a test that is no ordering.
func holdsOrder[T cmp.Ordered](t Test, x, y T) bool {
	switch t {
	case TestLess:
		return x < y
	case TestLessEq:
		return x <= y
	case TestGreater:
		return x > y
	case TestGreaterEq:
		return x >= y
	}
	return false
}

// holdsOfItems reports whether a TestContains (or TestNotContains) holds
// of a list of items, each compared as JSON compares its item.
func (c Condition) holdsOfItems(items []any) bool {
	var want any
	if json.Unmarshal([]byte(c.Str), &want) != nil {
		return false
	}
	has := slices.ContainsFunc(items, func(it any) bool {
		if n, ok := it.(json.Number); ok {
			f, err := n.Float64()
			it = f
			if err != nil {
				return false
			}
		}
		if n, ok := it.(int64); ok {
			it = float64(n)
		}
		return it == want
	})
	return has == (c.Test == TestContains)
}

// holdsOfLen reports whether a Len test holds of a list of n items.
func (c Condition) holdsOfLen(n int) bool {
	switch c.Test {
	case TestEqual:
		return int64(n) == c.Int
	case TestNotEqual:
		return int64(n) != c.Int
	}
	return c.HoldsOf(int64(n))
}

// HoldsOf reports whether an ordering test holds of the integer n.
func (c Condition) HoldsOf(n int64) bool {
	if c.Number() {
		return c.holdsOfNum(float64(n))
	}
	return holdsOrder(c.Test, n, c.Int)
}

// Condition is one test of a Conditional: of the field Field, with Int or
// Str the value a TestEqual compares with. A TestAny holds where one of
// Any does: tests of a field each (Field when they all test one, else
// ""), none of them a TestAny; one may be a TestAll, which holds where
// every one of All does (Field "").
type Condition struct {
	Test Test
	Cond
	Any []Condition
	All []Condition
	// Len marks a test of the number of a list field's items, or of a
	// map field's members (if len(tags) > 0, if len(labels) == 0): a
	// TestEqual, TestNotEqual or ordering of Int.
	Len bool
	// Text marks an ordering of a string or enum field against the
	// string Str (if name > "m"), which CUE makes byte by byte: Go
	// compares the strings so, and a pattern (OrderPattern) states it
	// for JSON Schema and TypeScript.
	Text bool
}

// OrderPattern is the pattern a string matches exactly where a Text
// ordering holds of it (name > "m"), for targets that order strings
// otherwise or not at all.
func (c Condition) OrderPattern() string {
	op := map[Test]cue.Op{TestLess: cue.LessThanOp, TestLessEq: cue.LessThanEqualOp, TestGreater: cue.GreaterThanOp, TestGreaterEq: cue.GreaterThanEqualOp}[c.Test]
	re, _ := stringBoundPattern(op, c.Str)
	return re
}

// holdsOfText reports whether a Text ordering holds of s, ordered as
// CUE orders strings: byte by byte.
func (c Condition) holdsOfText(s string) bool {
	return holdsOrder(c.Test, s, c.Str)
}

// subject is what the test reads, in its words: the field, or the number
// of its items, len(tags).
func (c Condition) subject() string {
	if c.Len {
		return "len(" + c.Field + ")"
	}
	return c.Field
}

// value is the value the test compares with, as a literal: an integer
// (the number of items a Len test counts), a string, a number.
func (c Condition) value(o *Object) string {
	if c.Len {
		return strconv.FormatInt(c.Int, 10)
	}
	if c.Test == TestContains || c.Test == TestNotContains {
		return c.Str // the item, as JSON writes it
	}
	return c.Cond.value(o)
}

// Defaulted reports whether the condition tests the value of a field
// with a default (mode: *"managed" | "scaffold", if mode == "managed"):
// CUE compares the default where the data leaves the field out, so the
// test reads the field's value or its default. absentHolds is whether
// it then holds: the default is the value compared (or true).
func (c Condition) Defaulted(o *Object) (reads, absentHolds bool) {
	if c.Test == TestAny {
		// one reads a default; one holds of it where the data leaves
		// its field out
		for _, a := range c.Any {
			r, h := a.Defaulted(o)
			reads, absentHolds = reads || r, absentHolds || h
		}
		return reads, absentHolds
	}
	if c.Test == TestAll {
		// one reads a default; all hold where the data leaves their
		// fields out
		absentHolds = true
		for _, a := range c.All {
			r, h := a.Defaulted(o)
			reads, absentHolds = reads || r, absentHolds && h
		}
		return reads, absentHolds
	}
	if c.Test == TestAbsent {
		// if flag == _|_ reads no value, and holds where the data
		// leaves flag out: CUE applies the body to the schema itself
		return false, true
	}
	if c.Test == TestPresent || !defaulted(o, c.Field) {
		return false, false
	}
	// the default, read as the probe's samples are, holds of the test
	d, ok := jsonSample(o.Field(c.Field).Default)
	return true, ok && c.holdsOfSample(d)
}

// jsonSample is lit, a JSON literal (a field's default), as a value the
// probe fills a field with: an integer as int64, another number as
// float64 (a list's or an object's items as json.Number).
func jsonSample(lit string) (any, bool) {
	dec := json.NewDecoder(strings.NewReader(lit))
	dec.UseNumber()
	var d any
	if dec.Decode(&d) != nil {
		return nil, false
	}
	if n, ok := d.(json.Number); ok {
		if i, err := n.Int64(); err == nil {
			return i, true
		}
		f, err := n.Float64()
		return f, err == nil
	}
	return d, true
}

// Describe says when the condition holds: "external is true", "flag is
// present", `kind is "a"`, `mode is "managed" or absent (its default)`.
func (c Condition) Describe(o *Object) string {
	var s string
	switch c.Test {
	case TestAny:
		// kind is "a" or "b"; either n < 1 or n > 9
		if c.Field == "" {
			// either a is "x" or b is 2, each as it says alone
			return c.eachWords(o, false)
		}
		s = c.anyWords(o, false)
	case TestAll:
		// a is "x" and b is 2
		parts := make([]string, len(c.All))
		for i, a := range c.All {
			parts[i] = a.Describe(o)
		}
		return strings.Join(parts, " and ")
	case TestTrue:
		s = c.Field + " is true"
	case TestFalse:
		s = c.Field + " is false"
	case TestPresent:
		return c.Field + " is present"
	case TestAbsent:
		return c.Field + " is absent"
	case TestLess, TestLessEq, TestGreater, TestGreaterEq:
		op, _ := c.Test.Order()
		s = c.subject() + " " + op + " " + c.value(o)
	case TestNotEqual:
		s = c.subject() + " is not " + c.value(o)
	case TestMatch:
		s = c.Field + " matches " + c.value(o)
	case TestNotMatch:
		s = c.Field + " does not match " + c.value(o)
	case TestNull:
		s = c.Field + " is null"
	case TestNotNull:
		s = c.Field + " is not null"
	case TestContains:
		s = c.Field + " holds " + c.value(o)
	case TestNotContains:
		s = c.Field + " does not hold " + c.value(o)
	default:
		s = c.subject() + " is " + c.value(o)
	}
	if _, holds := c.Defaulted(o); holds {
		s += " or absent (its default)"
	}
	return s
}

// matches reports whether s matches a TestMatch's (or TestNotMatch's)
// pattern, as CUE's =~ does.
func (c Condition) matches(s string) bool {
	re, err := regexp.Compile(c.Str)
	return err == nil && re.MatchString(s)
}

// eachWords says when a TestAny of two fields' tests holds ("either a is
// \"x\" or b is 2", "one of …, …, … holds"), or when it fails (none: "a
// is not \"x\" and b is not 2"), each test as it says alone.
func (c Condition) eachWords(o *Object, none bool) string {
	parts := make([]string, len(c.Any))
	for i, a := range c.Any {
		if none {
			parts[i] = a.describeNot(o)
		} else {
			parts[i] = a.Describe(o)
		}
		if a.Test == TestAll {
			// either (a is "x" and b is 2) or c is true
			parts[i] = "(" + parts[i] + ")"
		}
	}
	return eitherWords(parts, none)
}

// eitherWords joins what alternatives say: "either X or Y", "one of X;
// Y; Z holds", or, none, what holds where each fails: "X and Y".
func eitherWords(parts []string, none bool) string {
	switch {
	case none:
		return strings.Join(parts, " and ")
	case len(parts) == 1:
		return parts[0]
	case len(parts) == 2:
		return "either " + parts[0] + " or " + parts[1]
	}
	return "one of " + strings.Join(parts, "; ") + " holds"
}

// Fields lists the fields the condition tests: Field, or each that a
// TestAny's tests do.
func (c Condition) Fields() []string {
	var tests []Condition
	switch c.Test {
	case TestAny:
		tests = c.Any
	case TestAll:
		tests = c.All
	default:
		return []string{c.Field}
	}
	var names []string
	for _, a := range tests {
		for _, name := range a.Fields() {
			if !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
	}
	return names
}

// anyWords says when a TestAny holds, or when it fails (none): `kind is
// "a" or "b"`, `kind is "a", "b" or "c"`, `either n < 1 or n > 9`; `kind
// is neither "a" nor "b"`, `kind is none of "a", "b", "c"`, `neither n < 1
// nor n > 9`.
func (c Condition) anyWords(o *Object, none bool) string {
	values := true
	parts := make([]string, len(c.Any))
	for i, a := range c.Any {
		values = values && a.Test == TestEqual
		parts[i] = strings.TrimSuffix(a.Describe(o), " or absent (its default)")
	}
	if values {
		for i, a := range c.Any {
			parts[i] = a.value(o)
		}
	}
	list := func(last string) string {
		return strings.Join(parts[:len(parts)-1], ", ") + last + parts[len(parts)-1]
	}
	switch {
	case values && none && len(parts) == 2:
		return c.Field + " is neither " + parts[0] + " nor " + parts[1]
	case values && none:
		return c.Field + " is none of " + strings.Join(parts, ", ")
	case values:
		return c.Field + " is " + list(" or ")
	case none && len(parts) == 2:
		return "neither " + parts[0] + " nor " + parts[1]
	case none:
		return "none of " + strings.Join(parts, ", ") + " holds"
	case len(parts) == 2:
		return "either " + parts[0] + " or " + parts[1]
	}
	return "one of " + strings.Join(parts, ", ") + " holds"
}

// describeNot says when the condition fails.
func (c Condition) describeNot(o *Object) string {
	var s string
	switch c.Test {
	case TestAny:
		// kind is neither "a" nor "b"
		if c.Field == "" {
			// a is not "x" and b is not 2
			return c.eachWords(o, true)
		}
		s = c.anyWords(o, true)
	case TestAll:
		// a is not "x" or b is not 2
		parts := make([]string, len(c.All))
		for i, a := range c.All {
			parts[i] = a.describeNot(o)
		}
		return strings.Join(parts, " or ")
	case TestPresent:
		return c.Field + " is absent"
	case TestAbsent:
		return c.Field + " is present"
	default:
		s = c.failing(o)
	}
	if reads, holds := c.Defaulted(o); holds {
		rest := strings.TrimPrefix(s, c.Field+" is ")
		if c.Test == TestMatch || c.Test == TestNotMatch || c.Test == TestContains || c.Test == TestNotContains {
			rest = strings.TrimPrefix(s, c.Field+" ") // matches "^a", holds "x"
		}
		s = c.Field + " is present and " + rest
	} else if reads && (c.Test == TestNotEqual || c.Test == TestAny || c.Test == TestMatch || c.Test == TestNotMatch || c.Test == TestContains || c.Test == TestNotContains || c.Test == TestNull || c.Test == TestNotNull) {
		s += " or absent (its default)"
	}
	return s
}

// valueConstraint is the CUE constraint a value of the field meets where
// the test holds: _, true, "a", !="a", >3.
func (c Condition) valueConstraint(o *Object) string {
	switch c.Test {
	case TestTrue:
		return "true"
	case TestFalse:
		return "false"
	case TestEqual:
		return c.Value(o)
	case TestNotEqual:
		return "!=" + c.Value(o)
	case TestLess, TestLessEq, TestGreater, TestGreaterEq:
		op, _ := c.Test.Order()
		return op + c.Value(o)
	case TestMatch:
		return "=~" + c.Value(o)
	case TestNotMatch:
		return "!~" + c.Value(o)
	case TestNull:
		return "null"
	case TestNotNull:
		return "!=null"
	}
	return "_"
}

// valueTest reports whether the condition tests one field's value (its
// presence or absence aside): such tests of a field may join by && (if n
// > 1 && n < 9), each stated on its own.
func (c Condition) valueTest() bool {
	switch c.Test {
	case TestPresent, TestAbsent, TestAll:
		return false
	case TestAny:
		return c.Field != "" && !slices.ContainsFunc(c.Any, func(a Condition) bool { return !a.valueTest() })
	}
	return true
}

// holdsOfSample reports whether the test, of a field's value, holds of s,
// a value the probe would fill the field with; true where it cannot tell
// (s of another kind than the test compares), for CUE to judge.
func (c Condition) holdsOfSample(s any) bool {
	switch c.Test {
	case TestNull, TestNotNull:
		lit, null := s.(*ast.BasicLit) // (a probe's null: CUE's FillPath takes no Go nil)
		null = null && lit.Kind == token.NULL || s == nil
		return null == (c.Test == TestNull)
	case TestAny:
		return slices.ContainsFunc(c.Any, func(a Condition) bool { return a.holdsOfSample(s) })
	case TestAll:
		return !slices.ContainsFunc(c.All, func(a Condition) bool { return !a.holdsOfSample(s) })
	case TestTrue, TestFalse:
		b, ok := s.(bool)
		return !ok || b == (c.Test == TestTrue)
	}
	var equal, known bool
	switch x := s.(type) {
	case []any:
		if c.Len {
			return c.holdsOfLen(len(x))
		}
		if c.Test == TestContains || c.Test == TestNotContains {
			return c.holdsOfItems(x)
		}
	case map[string]any:
		if c.Len {
			return c.holdsOfLen(len(x))
		}
	case float64:
		if c.Number() {
			return c.holdsOfNum(x)
		}
	case int64:
		if _, ordered := c.Test.Order(); ordered {
			return c.HoldsOf(x)
		}
		equal, known = x == c.Int, true
	case int:
		return c.holdsOfSample(int64(x))
	case string:
		if c.Text {
			return c.holdsOfText(x)
		}
		if c.Test == TestMatch || c.Test == TestNotMatch {
			return c.matches(x) == (c.Test == TestMatch)
		}
		equal, known = x == c.Str, true
	}
	switch {
	case !known:
		return true
	case c.Test == TestEqual:
		return equal
	case c.Test == TestNotEqual:
		return !equal
	}
	return true
}

// failing says what the field's value is where a test of it other than
// TestAny and TestPresent fails: "external is false", `kind is not "a"`.
func (c Condition) failing(o *Object) string {
	switch c.Test {
	case TestTrue:
		return c.Field + " is false"
	case TestFalse:
		return c.Field + " is true"
	case TestLess, TestLessEq, TestGreater, TestGreaterEq:
		op, _ := c.Test.negated().Order()
		return c.subject() + " " + op + " " + c.value(o)
	case TestNotEqual:
		return c.subject() + " is " + c.value(o)
	case TestMatch:
		return c.Field + " does not match " + c.value(o)
	case TestNotMatch:
		return c.Field + " matches " + c.value(o)
	case TestNull:
		return c.Field + " is not null"
	case TestNotNull:
		return c.Field + " is null"
	case TestContains:
		return c.Field + " does not hold " + c.value(o)
	case TestNotContains:
		return c.Field + " holds " + c.value(o)
	}
	return c.subject() + " is not " + c.value(o)
}

// Value is a TestEqual's value as a JSON literal: 5, "a".
func (c Condition) Value(o *Object) string { return c.value(o) }

// Describe says when the conditional's body applies: "external is true",
// `flag is present and kind is "a"`.
func (cd *Conditional) Describe(o *Object) string {
	parts := make([]string, len(cd.When))
	for i, c := range cd.When {
		parts[i] = grouped(c, len(cd.When), c.Describe(o))
	}
	return strings.Join(parts, " and ")
}

// grouped is s, what c says, in parentheses where c is an || among n > 1
// tests joined by && (on is true and (either kind is "a" or n is 1)), so
// that the words read one way.
func grouped(c Condition, n int, s string) string {
	if c.Test == TestAny && n > 1 {
		return "(" + s + ")"
	}
	return s
}

// DescribeNot says when the conditional's body does not apply: "external
// is false", `flag is absent or kind is not "a"`.
func (cd *Conditional) DescribeNot(o *Object) string {
	parts := make([]string, len(cd.When))
	for i, c := range cd.When {
		parts[i] = grouped(c, len(cd.When), c.describeNot(o))
	}
	return strings.Join(parts, " or ")
}

// RefusedWhen is the problem a refusing conditional (Refuses) reports,
// "is refused when a is present and b is present", and after it the
// comment above the clause, which says why.
func RefusedWhen(o *Object, cd *Conditional) string {
	reason := "is refused when " + cd.Describe(o)
	if why := strings.TrimSuffix(strings.Join(strings.Fields(cd.Doc), " "), "."); why != "" {
		r, n := utf8.DecodeRuneInString(why)
		reason += ": " + string(unicode.ToLower(r)) + why[n:]
	}
	return reason
}

// Says what the conditional's body requires while it applies: "nested is
// present, nested.f is present and has at least 1 item when present".
func (cd *Conditional) Says() string {
	if cd.Refuses {
		return "the value is refused"
	}
	var parts []string
	for _, n := range cd.Then {
		path := strings.Join(n.Path, ".")
		var says []string
		if n.Required {
			says = append(says, "is present")
		}
		if n.Absent {
			says = append(says, "is absent")
		}
		if n.Const != nil {
			says = append(says, "is "+n.Const.ConstJSON()+" when present")
		}
		if n.Checks != nil {
			says = append(says, "meets "+n.Text+" when present")
		}
		if n.MinItems != nil {
			items := "items"
			if *n.MinItems == 1 {
				items = "item"
			}
			says = append(says, fmt.Sprintf("has at least %d %s when present", *n.MinItems, items))
		}
		if n.Declared && len(says) == 0 {
			says = append(says, "may be present")
		}
		if len(says) > 0 {
			parts = append(parts, path+" "+strings.Join(says, " and "))
		}
	}
	if len(parts) == 0 {
		return "its fields may be present"
	}
	return strings.Join(parts, ", ")
}

// Declares reports whether the body declares field name, which the object
// then has only while the conditions hold.
func (cd *Conditional) Declares(name string) bool {
	for _, n := range cd.Then {
		if n.Declared && n.Path[0] == name {
			return true
		}
	}
	return false
}

// Narrowing is what a Conditional's body says of one field, at Path from
// the object (["role"], or ["nested", "f"] for a field of the object
// field nested): while the conditions hold, it is present when Required,
// and when present it is Const (a ConstKind) or holds at least MinItems
// items, if those are set. Declared marks a field only the body declares
// (Path has one step, and the object's Field of that name is optional,
// of the type the body gives it): it must be absent while they do not.
// Absent marks a field the body forbids (if d != _|_ {c?: _|_}, or a
// field of an object field, if on {inner?: {c?: _|_}}; an optional
// field): it must be absent while they hold.
//
// Checks is the field's type as the body narrows it with constraints of
// its base (if a {b?: >3}, if k == "x" {s?: =~"^x"}): a BasicKind of the
// field's base whose constraints a value must meet while the conditions
// hold (the field's own among them), Text the body's CUE, as written.
type Narrowing struct {
	Path     []string
	Required bool
	Declared bool
	Absent   bool
	Const    *Type
	MinItems *int
	Checks   *Type
	Text     string
	Pos      Pos
}

// DeclaredBy returns the conditional that declares field name of the
// object, or nil when the field is the object's own.
func (o *Object) DeclaredBy(name string) *Conditional {
	for _, cd := range o.Conditionals {
		if cd.Declares(name) {
			return cd
		}
	}
	return nil
}

// Declarers are the if clauses that declare field name (if kind == "a"
// {extra?: string}, if kind == "b" {extra?: string}): it is absent
// unless one of them holds.
func (o *Object) Declarers(name string) []*Conditional {
	var cds []*Conditional
	for _, cd := range o.Conditionals {
		if cd.Declares(name) {
			cds = append(cds, cd)
		}
	}
	return cds
}

// SharedDeclared reports whether field name is declared by more than one
// if clause, whose absence rule the targets state once, of them all
// (DescribeDeclared), not in each clause's otherwise.
func (o *Object) SharedDeclared(name string) bool {
	return len(o.Declarers(name)) > 1
}

// DescribeDeclared says when a field if clauses declare may be present
// (`kind is "a"`, or `either (kind is "a") or (n > 3)` for two
// clauses), and, none, when it must be absent (`kind is not "a" and n <=
// 3`).
func (o *Object) DescribeDeclared(name string, none bool) string {
	cds := o.Declarers(name)
	parts := make([]string, len(cds))
	for i, cd := range cds {
		if none {
			parts[i] = cd.DescribeNot(o)
		} else {
			parts[i] = cd.Describe(o)
		}
		if len(cds) > 1 && len(cd.When) > 1 {
			parts[i] = "(" + parts[i] + ")"
		}
	}
	return eitherWords(parts, none)
}

// conditional reads an if clause whose body declares or narrows fields.
// What it cannot carry exactly is refused at its position with why.
func (r *resolver) conditional(d *def, lit *ast.StructLit, c *ast.Comprehension, ifc *ast.IfClause, body *ast.StructLit) {
	o := d.object
	cd := &Conditional{Pos: r.ps.of(c.Pos()), Doc: commentText(c)}
	if msg := r.conditions(o, ifc.Condition, cd); msg != "" {
		r.errorf(r.ps.of(ifc.Condition.Pos()), "%s: %s", d.ref(), msg)
		return
	}
	probe, msg := r.probe(d, cd)
	// The answers asked of the probe's values pin the whole evaluated
	// object each probe is (with every if clause of it applied): with an
	// if clause per kind of a large object, a few hundred probes were
	// live at once through the memos (1.1 GB at 1,000 clauses). The
	// body is read with memos of its own, dropped with the probe; the
	// object's, untouched, are kept for what follows.
	defer r.swapAsked(r.swapAsked(asked{}))
	if afterProbe != nil {
		defer afterProbe()
	}
	if msg != "" {
		r.errorf(r.ps.of(ifc.Condition.Pos()), "%s: %s", d.ref(), msg)
		return
	}
	at := r.fieldsBefore(d, lit, c) // where declared fields go: after the fields written before the if
	var declared []*Field
	declaredHere := map[string]bool{}
	ok := true
	var embeds []*ast.EmbedDecl
	for _, e := range body.Elts {
		if em, isEmbed := e.(*ast.EmbedDecl); isEmbed && onlyTop(em.Expr, false) {
			// if foo != _|_ { _ } (cue import's dependentSchemas of
			// true): _ adds nothing, and opens nothing (CUE refuses a
			// member a closed object does not name all the same).
			continue
		}
		if em, isEmbed := e.(*ast.EmbedDecl); isEmbed && !isStructExpr(em.Expr) {
			// if begin != _|_ { matchN(>=1, [K | {end!: _, ...}, …]) }
			embeds = append(embeds, em)
			continue
		}
		f, isField := e.(*ast.Field)
		if !isField {
			r.errorf(r.ps.of(e.Pos()), "%s: the body of an if clause declares or narrows fields (name: value); %s is not carried (an embedding, a let, a nested comprehension or a pattern would need a meaning no target states alike)", d.ref(), nodeWord(e))
			ok = false
			continue
		}
		name, _, err := ast.LabelName(f.Label)
		if err != nil || strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") {
			r.errorf(r.ps.of(f.Pos()), "%s: the body of an if clause declares or narrows data fields; %s is not one", d.ref(), labelText(f.Label))
			ok = false
			continue
		}
		pos := r.ps.of(f.Pos())
		if isBottom(f.Value) {
			// if d != _|_ {c?: _|_}: c is absent while the conditions
			// hold (a forbid keyed on one enum field alone is a Forbid,
			// comprehensions).
			fd := o.Field(name)
			switch {
			case holdsOfDefault(o, cd):
				r.errorf(pos, "%s: the if's condition holds where the data leaves a field out (%s), so CUE applies its body to the schema itself and lists %s forbidden whatever the data says; forbidding a field is carried on a condition of no default", d.ref(), cd.Describe(o), name)
				ok = false
			case f.Constraint != token.OPTION:
				r.errorf(pos, "%s: %s: _|_ in an if body makes every value an error while the condition holds; write %s?: _|_ to forbid the field then, or { _|_ } to refuse the combination", d.ref(), name, name)
				ok = false
			case fd == nil:
				if o.KeepsUnknown() {
					r.errorf(pos, "%s: the if body forbids %s, which the object does not declare: an open object keeps such a member as an unknown one, which no target's check reads by name; declare it (%s?: T) beside the if", d.ref(), name, name)
					ok = false
				}
				// A closed object admits no member it does not declare:
				// CUE refuses it whether the condition holds or not.
			case !fd.Optional:
				r.errorf(pos, "%s: the if body forbids %s, a required field: every value is refused while the condition holds; refuse the combination with { _|_ }, or make the field optional", d.ref(), name)
				ok = false
			default:
				cd.Then = append(cd.Then, &Narrowing{Path: []string{name}, Absent: true, Pos: pos})
			}
			continue
		}
		if declaredHere[name] {
			r.errorf(pos, "%s: %s is declared twice in one if clause; declare it once", d.ref(), name)
			ok = false
			continue
		}
		if prev := o.DeclaredBy(name); prev != nil {
			// if kind == "a" {extra?: string}, if kind == "b" {extra?:
			// string}: absent unless one of them holds, each clause's
			// narrowing while it holds
			if !r.declaredAgain(d, cd, probe, f, name, pos) {
				ok = false
			}
			continue
		}
		if o.Field(name) != nil && r.bodyOnly(d, c, cd, name) {
			// CUE applied the body to the schema itself, as its
			// condition holds of a default (if mode == "managed",
			// mode: *"managed" | …), and so lists the field: it is
			// still one only the body declares.
			// Declared fields go in at at, after the fields written
			// before the if: one of those removed moves it back.
			if i := slices.IndexFunc(o.Fields, func(f *Field) bool { return f.Name == name }); i >= 0 {
				o.Fields = slices.Delete(o.Fields, i, i+1)
				if i < at {
					at--
				}
			}
		}
		if fd := o.Field(name); fd != nil && !fd.Optional && holdsOfDefault(o, cd) && declaredOptional(lit, name) {
			// a: *"x" | "y", c?: int, if a == "x" {c!: _}: CUE applied
			// the body (its condition holds of the default) and lists
			// c required; c is optional as the object declares it, and
			// required while the condition holds (narrow, below).
			fd.Optional = true
		}
		if x, isDefault := defaultOnly(f.Value); isDefault && o.Field(name) != nil {
			if !r.condDefault(d, lit, cd, probe, f, x, name, pos) {
				ok = false
			}
			continue
		}
		if o.Field(name) == nil && o.KeepsUnknown() && isTop(f.Value) {
			// if bar != _|_ {foo!: _} on an open object (JSON Schema's
			// dependentRequired through cue import): foo is any value
			// whether the condition holds or not, as foo?: _ beside it
			// says, and required while it holds (narrow, below).
			fd := &Field{Name: name, Pos: pos, Doc: commentText(f), Optional: true, Type: &Type{Kind: AnyKind}}
			if fd.Doc == "" {
				r.docf(pos, "%s.%s has no doc comment: say what it means on the line above it", d.ref(), name)
			}
			o.Fields = slices.Insert(o.Fields, at, fd)
			at++
		}
		if o.Field(name) == nil {
			declaredHere[name] = true
			fd := r.declared(d, cd, probe, f, name, pos)
			if fd == nil {
				ok = false
				continue
			}
			declared = append(declared, fd)
			continue
		}
		if !r.narrow(d, cd, probe, o, []string{name}, f, pos) {
			ok = false
		}
	}
	if len(embeds) > 0 && !r.conditionalMatch(d, cd, embeds) {
		ok = false
	}
	if !ok || len(cd.Then) == 0 {
		return
	}
	fields := append([]*Field{}, o.Fields[:at]...)
	fields = append(fields, declared...)
	o.Fields = append(fields, o.Fields[at:]...)
	o.Conditionals = append(o.Conditionals, cd)
}

// isStructExpr reports whether e is a struct literal or close({…}) of
// one: an embedding of fields, not of a validator.
func isStructExpr(e ast.Expr) bool {
	_, ok := structLit(closeArg(e))
	return ok
}

// conditionalMatch reads the embeddings of an if clause's body that are
// validators on the object (if begin != _|_ { matchN(>=1, [K | {end!:
// _, ...}, K | {while!: _, ...}]) }, if a != _|_ { K | {b!: _, ...} }:
// what cue import writes for JSON Schema's dependentSchemas and
// dependencies): while the conditions hold, the object must satisfy
// them, which is matchIf({f!: _, ...}, E, _) on the object, its if the
// conditions as a struct of required members. On a closed object CUE
// differs: the embedded struct's ... opens the object while the
// conditions hold (MatchIf.Opens): the strict JSON Schema says so, a
// match reads the condition (opened_T in Go), and such an object is
// refused where a Strict reading or a union's choice of variant judges
// its members by its fields alone (checkOpening).
func (r *resolver) conditionalMatch(d *def, cd *Conditional, embeds []*ast.EmbedDecl) bool {
	o := d.object
	pos := r.ps.of(embeds[0].Pos())
	// object is the match of tests joined by &&, as CUE states it: an
	// open object of a required member for each test of a value or a
	// presence (kind == "a": "kind"!: "a"), and beside it a count of
	// none for each absence (matchN(0, [{"a"!: _, ...}])).
	object := func(tests []Condition) string {
		var b strings.Builder
		b.WriteString("{")
		var absent []string
		for _, c := range tests {
			if c.Test == TestAbsent {
				absent = append(absent, " & matchN(0, [{"+strconv.Quote(c.Field)+"!: _, ...}])")
				continue
			}
			b.WriteString(strconv.Quote(c.Field) + "!: ")
			if c.Test == TestAny {
				// kind == "a" || kind == "b": "kind"!: "a" | "b"
				for i, a := range c.Any {
					if i > 0 {
						b.WriteString(" | ")
					}
					b.WriteString(a.valueConstraint(o))
				}
			} else {
				b.WriteString(c.valueConstraint(o))
			}
			b.WriteString(", ")
		}
		b.WriteString("...}")
		return b.String() + strings.Join(absent, "")
	}
	var tests, ors []string
	var when []Condition
	for _, c := range cd.When {
		if reads, _ := c.Defaulted(o); reads && c.Test != TestAbsent {
			r.errorf(pos, "%s: an if clause whose body embeds a validator is carried when its conditions test no field with a default (%s has one, which CUE compares where the data leaves it out)", d.ref(), strings.Join(c.Fields(), ", "))
			return false
		}
		// (a count, a list's item: no constraint of the member states
		// them without an import)
		counts := func(t Condition) bool { return t.Len || t.Test == TestContains || t.Test == TestNotContains }
		if counts(c) || slices.ContainsFunc(c.Any, func(a Condition) bool { return counts(a) || slices.ContainsFunc(a.All, counts) }) {
			r.errorf(pos, "%s: an if clause whose body embeds a validator is carried when its condition tests members' presence or values; this one tests %s's items or members (how many, or whether one is there), which the match's condition does not state: not carried yet", d.ref(), strings.Join(c.Fields(), " and "))
			return false
		}
		if c.Test != TestAny || c.Field != "" {
			when = append(when, c)
			continue
		}
		// a == "x" || b == 2, (a && b) || c: a count of one at least
		// of each side's object
		for _, a := range c.Any {
			all := []Condition{a}
			if a.Test == TestAll {
				all = a.All
			}
			if i := slices.IndexFunc(all, func(t Condition) bool { return t.Test == TestAbsent }); i >= 0 {
				r.errorf(pos, "%s: an if clause whose body embeds a validator is carried when an || of its condition tests members' presence or values; a side of this one tests that %s is absent, which a side of the match's count does not state: not carried yet", d.ref(), all[i].Field)
				return false
			}
			tests = append(tests, object(all))
		}
		ors = append(ors, " & matchN(>=1, ["+strings.Join(tests, ", ")+"])")
		tests = tests[:0]
	}
	src := object(when) + strings.Join(ors, "")
	if strings.Count(src, "matchN(") > 1 {
		// (a's absence and an ||, two ||s: counts the match's reading
		// of its condition does not join)
		r.errorf(pos, "%s: an if clause whose body embeds a validator is carried when its condition is tests joined by && of which one at most is an || of several fields' tests or a member's absence; this one holds more: not carried yet", d.ref())
		return false
	}
	ifv := d.v.Context().CompileString(src)
	ok := true
	for _, em := range embeds {
		what := fmt.Sprintf("%s.when%d", d.ref(), len(o.MatchIfs)+1)
		p := r.ps.of(em.Pos())
		x, why := r.embeddingAlone(em.Expr)
		if _, isCall := em.Expr.(*ast.CallExpr); !isCall && why == "" {
			why = unifiedEmbedding(em.Expr)
		}
		if why != "" {
			r.errorf(p, "%s: the if clause's embedding %s is not carried: %s", d.ref(), exprString(em.Expr), why)
			ok = false
			continue
		}
		if _, isCall := x.(*ast.CallExpr); isCall {
			// matchN(…) on the object: an open object judged by it.
			x = &ast.BinaryExpr{Op: token.AND, X: x, Y: &ast.StructLit{Elts: []ast.Decl{&ast.Ellipsis{}}}}
		}
		thenv := d.v.Context().BuildExpr(x, cue.Scope(r.v), cue.InferBuiltins(true))
		if err := thenv.Err(); err != nil && strings.Contains(err.Error(), "not found") {
			// With no data, a validator's error is only that {} fails
			// it, which is no reason; a reference not found is one.
			r.errorf(p, "%s: the if clause's embedding %s is not carried: CUE gives no value of it alone (%s)", d.ref(), exprString(em.Expr), cueErrText(err))
			ok = false
			continue
		}
		m := &MatchIf{Pos: p, Opens: !o.Open}
		var ok1, ok2 bool
		m.If, ok1 = r.objectMatch(ifv, "the if clause's conditions", p, what+".if")
		m.Then, ok2 = r.objectMatch(thenv, "the if clause's embedding", p, what+".then")
		if !ok1 || !ok2 {
			ok = false
			continue
		}
		if m.Then == nil {
			continue // if c { _ }: nothing more
		}
		if !r.checkObjectMatchIfs(o, []*MatchIf{m}, nil, d.ref()) {
			ok = false
			continue
		}
		o.MatchIfs = append(o.MatchIfs, m)
		if m.Opens {
			r.openings = append(r.openings, opening{o, m, d.ref()})
		}
	}
	return ok
}

// embeddingAlone returns e, an if clause's embedding, as a new expression
// whose references CUE resolves at the package's top level (its
// definitions, the builtins and their packages), or why it cannot be
// read alone: it refers to a field, or to a definition that is not one of
// the package's top level (one declared inside the struct, which the top
// level would not find, or would find another of that name).
func (r *resolver) embeddingAlone(e ast.Expr) (ast.Expr, string) {
	why := ""
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if why != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if _, isImport := identOf(n.X).(*ast.ImportSpec); isImport {
				return false // strings.MinRunes, a package's builtin
			}
		case *ast.Field:
			if _, isPattern := n.Label.(*ast.ListLit); isPattern {
				ast.Walk(n.Label, visit, nil)
			}
			ast.Walk(n.Value, visit, nil) // a field's name is no reference
			return false
		case *ast.Ident:
			switch {
			case predeclared[n.Name]:
			case strings.HasPrefix(n.Name, "#") && r.topScope(n.Scope) && r.v.LookupPath(cue.ParsePath(n.Name)).Exists():
			default:
				why = fmt.Sprintf("it refers to %s, which is not a definition of the package's top level; an embedding that refers to definitions alone is carried", n.Name)
			}
		}
		return true
	}
	ast.Walk(e, visit, nil)
	if why != "" {
		return nil, why
	}
	src, err := format.Node(e)
	if err != nil {
		return nil, err.Error()
	}
	x, err := parser.ParseExpr("embedding", src)
	if err != nil {
		return nil, err.Error()
	}
	return x, ""
}

// identOf returns the node an identifier refers to, or nil.
func identOf(e ast.Expr) ast.Node {
	if id, ok := e.(*ast.Ident); ok {
		return id.Node
	}
	return nil
}

// unifiedEmbedding says why e, an if clause's embedding that is no
// validator (K | {b!: _, ...}), is not carried as a match part, or "":
// CUE unifies such an embedding into the object, where a closed struct
// (close({…}), a definition) closes nothing, while a match part would
// judge it strictly (a validator's alternatives CUE itself judges alone).
// So its struct alternatives are literals open with ..., the others the
// other JSON kinds whole.
func unifiedEmbedding(e ast.Expr) string {
	for _, x := range orOperands(e) {
		if lit, ok := x.(*ast.StructLit); ok && hasEllipsis(lit) {
			continue
		}
		if wholeJSONKind(x) || wholeKind(x) {
			continue
		}
		return fmt.Sprintf("CUE unifies an embedding into the object, where %s, a closed struct or a reference, closes nothing, and no target reads it so yet; write its alternatives as open struct literals ({b!: _, ...}) beside the other JSON kinds, or its fields in the body", exprString(x))
	}
	return ""
}

// isFileScope reports whether a reference's scope is a file: what it
// names is declared at the package's top level.
func isFileScope(n ast.Node) bool {
	_, ok := n.(*ast.File)
	return ok
}

// predeclared are the identifiers CUE declares itself, which an
// embedding may use anywhere.
var predeclared = map[string]bool{
	"_": true, "null": true, "true": true, "false": true, "bool": true, "int": true, "float": true, "number": true, "string": true, "bytes": true,
	"int8": true, "int16": true, "int32": true, "int64": true, "int128": true, "uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uint128": true,
	"float32": true, "float64": true, "rune": true, "error": true, "matchN": true, "matchIf": true, "close": true, "and": true, "or": true, "len": true, "div": true, "mod": true, "quo": true, "rem": true,
}

// defaultOnly reports whether e only marks a default, *v | _ (or _ |
// *v), and returns v.
func defaultOnly(e ast.Expr) (ast.Expr, bool) {
	ops := orOperands(e)
	if len(ops) != 2 {
		return nil, false
	}
	for i, x := range ops {
		m, isMark := x.(*ast.UnaryExpr)
		if isMark && m.Op == token.MUL && isTop(ops[1-i]) {
			return m.X, true
		}
	}
	return nil, false
}

// condDefault reads a default the body gives the object's field name
// (gitignore: *true | _): CUE supplies it where the data leaves the field
// out while the conditions hold. It is carried on a regular field the
// object's own literal declares, without a default of its own, of a type
// whose default every target states, and where no other clause's default
// of it may hold at once (CUE would then have none).
func (r *resolver) condDefault(d *def, lit *ast.StructLit, cd *Conditional, probe cue.Value, f *ast.Field, x ast.Expr, name string, pos Pos) bool {
	o := d.object
	fd := o.Field(name)
	what := d.ref() + "." + name
	var own *ast.Field // its last declaration
	if fs := fieldsNamed(lit, name); len(fs) > 0 {
		own = fs[len(fs)-1]
	}
	switch {
	case own == nil:
		r.errorf(pos, "%s: an if body gives a default to a field its object's own struct declares (name: T, outside the if); this one comes from elsewhere (an embedding or a reference), which is not carried yet", what)
		return false
	case own.Constraint != token.ILLEGAL:
		r.errorf(pos, "%s: an if body gives a default to a regular field (name: T); CUE applies none to a required field (name!:), and the data decides an optional one (name?:)", what)
		return false
	case slices.ContainsFunc(orOperands(own.Value), func(e ast.Expr) bool { m, ok := e.(*ast.UnaryExpr); return ok && m.Op == token.MUL }):
		r.errorf(pos, "%s: the field has a default of its own beside the if body's, which is not carried yet: CUE takes the body's where its condition holds", what)
		return false
	}
	switch fd.Type.Kind {
	case BasicKind, EnumKind:
	default:
		r.errorf(pos, "%s: an if body's default is carried on a string, number, boolean or enum field; not on this one", what)
		return false
	}
	fv := probe.LookupPath(cue.MakePath(cue.Str(name)))
	dv, has := fv.Default()
	if err := fv.Err(); err != nil || !has {
		why := "CUE finds no default there"
		if err != nil {
			why = cueErrText(err)
		}
		r.errorf(pos, "%s: the if body's default %s: %s", what, exprString(x), why)
		return false
	}
	js, err := dv.MarshalJSON()
	if err != nil || dv.Validate(cue.Concrete(true)) != nil {
		r.errorf(pos, "%s: the if body's default %s is not a concrete value", what, exprString(x))
		return false
	}
	for _, prev := range fd.CondDefaults {
		if !exclusive(prev.When, cd.When) {
			r.errorf(pos, "%s: two if clauses give it a default, and nothing in their conditions keeps both from holding at once (where both hold CUE has no default); test one field for two values (mode == \"a\", mode == \"b\")", what)
			return false
		}
	}
	fd.CondDefaults = append(fd.CondDefaults, &CondDefault{When: cd.When, Value: string(js), Pos: pos})
	// CUE's own view of the object applied a body whose condition holds
	// of a default, and with it that body's default: the field has none
	// of its own.
	fd.Optional, fd.Default = true, ""
	return true
}

// exclusive reports whether two conjunctions of conditions never hold at
// once: each tests one field for a different value.
func exclusive(a, b []Condition) bool {
	for _, x := range a {
		for _, y := range b {
			if excludes(x, y) {
				return true
			}
		}
	}
	return false
}

// excludes reports whether two tests never hold at once: of one field,
// for two values (or for a value and against it); a TestAny where none
// of its tests holds with the other.
func excludes(x, y Condition) bool {
	switch {
	case x.Test == TestAny:
		return !slices.ContainsFunc(x.Any, func(a Condition) bool { return !excludes(a, y) })
	case y.Test == TestAny:
		return excludes(y, x)
	case x.Test == TestAll:
		return slices.ContainsFunc(x.All, func(a Condition) bool { return excludes(a, y) })
	case y.Test == TestAll:
		return excludes(y, x)
	case x.Field != y.Field || x.Len != y.Len:
		return false
	}
	return x.Test == TestPresent && y.Test == TestAbsent || x.Test == TestAbsent && y.Test == TestPresent ||
		x.Test == TestEqual && y.Test == TestEqual && x.Cond != y.Cond ||
		x.Test == TestEqual && y.Test == TestNotEqual && x.Cond == y.Cond ||
		x.Test == TestNotEqual && y.Test == TestEqual && x.Cond == y.Cond
}

// holdsOfDefault reports whether one of the conditional's conditions
// holds of a field's default, where the data leaves the field out: CUE
// then applies the body to the schema itself.
func holdsOfDefault(o *Object, cd *Conditional) bool {
	return slices.ContainsFunc(cd.When, func(w Condition) bool { _, holds := w.Defaulted(o); return holds })
}

// declaredOptional reports whether the struct literal declares field
// name, outside its comprehensions, and only as optional (name?: T).
func declaredOptional(lit *ast.StructLit, name string) bool {
	fs := fieldsNamed(lit, name)
	return len(fs) > 0 && !slices.ContainsFunc(fs, func(f *ast.Field) bool { return f.Constraint != token.OPTION })
}

// bodyOnly reports whether the object's field name comes from the body
// of the if clause c alone: the clause holds of a default, and every
// conjunct of the field's value is written inside it.
func (r *resolver) bodyOnly(d *def, c *ast.Comprehension, cd *Conditional, name string) bool {
	if !holdsOfDefault(d.object, cd) {
		return false
	}
	var fv cue.Value
	for _, sel := range []cue.Selector{cue.Str(name), cue.Str(name).Required(), cue.Str(name).Optional()} {
		if fv = d.v.LookupPath(cue.MakePath(sel)); fv.Exists() {
			break
		}
	}
	if !fv.Exists() {
		return false
	}
	start, end := c.Pos(), c.End()
	for _, a := range r.conjuncts(fv) {
		p := a.Pos()
		if !p.IsValid() || p.Filename() != start.Filename() || p.Offset() < start.Offset() || p.Offset() >= end.Offset() {
			return false
		}
	}
	return true
}

// fieldsBefore counts the object's fields that its literal writes before
// the comprehension c.
func (r *resolver) fieldsBefore(d *def, lit *ast.StructLit, c *ast.Comprehension) int {
	seen := map[string]bool{}
	for _, e := range lit.Elts {
		if e == ast.Decl(c) || within(c.Pos(), e) {
			break // c, or the if c was nested in (flatIfs)
		}
		if f, ok := e.(*ast.Field); ok {
			if name, _, err := ast.LabelName(f.Label); err == nil {
				seen[name] = true
			}
		}
	}
	n := 0
	for i, f := range d.object.Fields {
		if seen[f.Name] {
			n = i + 1
		}
	}
	return n
}

// within reports whether p lies inside the source of n.
func within(p token.Pos, n ast.Node) bool {
	start, end := n.Pos(), n.End()
	return p.IsValid() && start.IsValid() && p.Filename() == start.Filename() && p.Offset() >= start.Offset() && p.Offset() < end.Offset()
}

// nodeWord names a declaration of a struct for an error message.
func nodeWord(n ast.Node) string {
	switch n.(type) {
	case *ast.EmbedDecl:
		return "an embedding"
	case *ast.LetClause:
		return "a let"
	case *ast.Comprehension:
		return "a comprehension"
	}
	return fmt.Sprintf("%T", n)
}

// comparedField is the name of the field a comparison tests, its operand
// that names one (kind in kind == "a" or 3 < kind), or "".
func comparedField(x *ast.BinaryExpr) string {
	switch {
	case isFieldName(x.X):
		return x.X.(*ast.Ident).Name
	case isFieldName(x.Y):
		return x.Y.(*ast.Ident).Name
	}
	return ""
}

// boolComparison reads x == true, x != false, false == x, … as the test
// of the field x it is, want the value for which it holds.
func boolComparison(b *ast.BinaryExpr) (id *ast.Ident, want, ok bool) {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return nil, false, false
	}
	x, y := b.X, b.Y
	if !isFieldName(x) {
		x, y = y, x
	}
	ident, isIdent := x.(*ast.Ident)
	lit, isLit := y.(*ast.BasicLit)
	if !isIdent || !isFieldName(ident) || !isLit || lit.Kind != token.TRUE && lit.Kind != token.FALSE {
		return nil, false, false
	}
	return ident, (lit.Kind == token.TRUE) == (b.Op == token.EQL), true
}

// conditions parses a && b && … of tests: a required boolean field (x),
// an optional field's presence (x != _|_) or a required field compared
// with a literal (x == "v"), each a test CUE makes of data alone.
func (r *resolver) conditions(o *Object, e ast.Expr, cd *Conditional) string {
	r.unguarded = nil
	return r.conditionsOf(o, e, cd)
}

// conditionsOf is conditions of e, a part of the condition.
func (r *resolver) conditionsOf(o *Object, e ast.Expr, cd *Conditional) string {
	if p, ok := e.(*ast.ParenExpr); ok {
		return r.conditionsOf(o, p.X, cd)
	}
	// guarded reports whether the field's presence is tested before:
	// if x != _|_ if x (two clauses, read as one conjunction), where CUE
	// reads x only when it is there. A test in the same clause (if x !=
	// _|_ && x) guards nothing: CUE evaluates both sides of &&, and x
	// where it is absent is an error (unguardedTest).
	guarded := func(name string) bool {
		return !slices.Contains(r.unguarded, name) && slices.ContainsFunc(cd.When, func(c Condition) bool { return c.Test == TestPresent && c.Field == name })
	}
	add := func(c Condition) string {
		for _, prev := range cd.When {
			// tests of its value join (n > 1 && n < 9), after a test of
			// its presence or not; a presence or an absence beside
			// another test of the field says nothing more, or never holds
			if c.Field != "" && prev.Field == c.Field && !(c.valueTest() && (prev.valueTest() || prev.Test == TestPresent)) {
				return fmt.Sprintf("%s is tested twice: its presence or absence beside another test of it, which says nothing more or never holds", c.Field)
			}
		}
		cd.When = append(cd.When, c)
		return ""
	}
	// compared adds a test of a field's value against a literal, x == v
	// or x != v, read as CUE reads the field (its default where the data
	// leaves it out, or where a presence test guards it).
	compared := func(x *ast.BinaryExpr, test Test) string {
		name := comparedField(x)
		if f := o.Field(name); f != nil && f.MemberDefault != nil {
			return memberDefaultTested(f)
		}
		if slices.Contains(r.unguarded, name) && !defaulted(o, name) {
			return unguardedTest(exprString(x), name)
		}
		c, msg := r.comparisonOf(o, x, guarded(name) || defaulted(o, name))
		if msg != "" {
			return msg
		}
		return add(Condition{Test: test, Cond: c})
	}
	// ordered adds a test of an integer field's order against an
	// integer literal, n > 3 (or 3 < n), read as CUE reads the field.
	ordered := func(x *ast.BinaryExpr) string {
		test := TestLess
		switch x.Op {
		case token.LEQ:
			test = TestLessEq
		case token.GTR:
			test = TestGreater
		case token.GEQ:
			test = TestGreaterEq
		}
		if !isFieldName(x.X) && isFieldName(x.Y) {
			test = test.flipped()
		}
		name := comparedField(x)
		f := o.Field(name)
		text := f != nil && f.MemberDefault == nil && (f.Type.BaseOf() == String || f.Type.Kind == EnumKind)
		if f != nil && f.MemberDefault == nil && f.Type.BaseOf() != Int && f.Type.BaseOf() != Number && !text {
			return fmt.Sprintf("%s: an ordering (<, <=, >, >=) is carried on an integer or number field against a number, and on a string field against a string; %s is none of these", exprString(x), name)
		}
		if msg := compared(x, test); msg != "" || !text {
			return msg
		}
		// name > "m": ordered as CUE orders strings, byte by byte
		c := &cd.When[len(cd.When)-1]
		c.Text = true
		if c.OrderPattern() == "" {
			return fmt.Sprintf("%s: an ordering of strings is carried against a string of at most %d characters, which a pattern states", exprString(x), maxStringBound)
		}
		return ""
	}
	// matched adds a test of a string field's value against a regular
	// expression, name =~ "^a" (or !~), read as CUE reads the field: its
	// Str the pattern in the form every target reads alike.
	matched := func(x *ast.BinaryExpr) string {
		test := TestMatch
		if x.Op == token.NMAT {
			test = TestNotMatch
		}
		name := comparedField(x)
		if !isFieldName(x.X) {
			return fmt.Sprintf("%s: a match is carried of one of the object's own fields, by name, against a pattern (name =~ \"^a\", name !~ \"^a\"): the field on the left, the regular expression on the right", exprString(x))
		}
		if f := o.Field(name); f != nil && f.MemberDefault == nil && f.Type.BaseOf() != String && f.Type.Kind != EnumKind && f.Type.Kind != ConstKind {
			return fmt.Sprintf("%s: a match (=~, !~) is carried on a string or enum field; %s is not one", exprString(x), name)
		}
		if msg := compared(x, test); msg != "" {
			return msg
		}
		c := &cd.When[len(cd.When)-1]
		if _, err := regexp.Compile(c.Str); err != nil {
			return fmt.Sprintf("%s: %q is no regular expression CUE can evaluate (%v): CUE's =~ and !~ are Go's RE2", exprString(x), c.Str, err)
		}
		carried, why := carriedPattern(c.Str)
		if why != "" {
			return fmt.Sprintf("%s: pattern %q: %s", exprString(x), c.Str, why)
		}
		c.Str = carried
		return ""
	}
	// tested is field name, whose value a test written as written reads,
	// or why it cannot be read so: no field of o, a default taken from
	// other members, an optional field its presence does not guard.
	tested := func(written, name string) (*Field, string) {
		f := o.Field(name)
		switch {
		case f == nil:
			return nil, notOwnField(written, name, o.Name)
		case f.MemberDefault != nil:
			return nil, memberDefaultTested(f)
		case slices.Contains(r.unguarded, name) && !defaulted(o, name):
			return nil, unguardedTest(written, name)
		case f.Optional && !guarded(name) && !defaulted(o, name):
			return nil, fmt.Sprintf("%s: %s is optional; a comparison tests a required field, which is always there to compare (test an optional field's presence with != _|_)", written, name)
		}
		return f, ""
	}
	// counted adds a test of the number of a list field's items against
	// an integer, len(tags) > 0 (or 0 < len(tags), len(tags) == 2), read
	// as CUE reads the field.
	counted := func(x *ast.BinaryExpr, id *ast.Ident) string {
		test := map[token.Token]Test{token.EQL: TestEqual, token.NEQ: TestNotEqual, token.LSS: TestLess, token.LEQ: TestLessEq, token.GTR: TestGreater, token.GEQ: TestGreaterEq}[x.Op]
		other := x.Y
		if lenOf(x.Y) != nil {
			test, other = test.flipped(), x.X
		}
		if test == 0 {
			return fmt.Sprintf("%s: the number of a list's items is carried compared with an integer (==, !=, <, <=, >, >=)", exprString(x))
		}
		f, msg := tested(exprString(x), id.Name)
		if msg != "" {
			return msg
		}
		bl, isLit := namedLiteral(other)
		switch {
		case f.Type.BaseOf() == String:
			return fmt.Sprintf("%s: CUE's len of a string counts its bytes, which no JSON Schema keyword states (minLength and maxLength count characters) nor TypeScript (its length counts UTF-16 units); test the string with a pattern (=~)", exprString(x))
		case f.Type.Kind == ObjectKind:
			return fmt.Sprintf("%s: len is carried of a list field (its number of items) and of a map ([string]: T, its number of members); of an object, whose count CUE makes of its regular fields, defaults included, it is not carried yet", exprString(x))
		case f.Type.Kind != ListKind && f.Type.Kind != MapKind:
			return fmt.Sprintf("%s: len is carried of a list field (its number of items) and of a map ([string]: T, its number of members); %s is neither", exprString(x), id.Name)
		case !isLit || bl.Kind != token.INT:
			return fmt.Sprintf("%s: the number of a list's items is carried compared with an integer literal", exprString(x))
		}
		n, err := strconv.ParseInt(strings.ReplaceAll(bl.Value, "_", ""), 0, 64)
		if err != nil || n < 0 {
			return fmt.Sprintf("%s: %s is no count of items (an integer, 0 or more)", exprString(x), bl.Value)
		}
		return add(Condition{Test: test, Cond: Cond{Field: f.Name, Int: n}, Len: true})
	}
	// holding adds a test that a list field holds an item, if
	// list.Contains(tags, "x"), read as CUE reads the field.
	holding := func(x *ast.CallExpr, id *ast.Ident, item *ast.BasicLit) string {
		f, msg := tested(exprString(x), id.Name)
		if msg != "" {
			return msg
		}
		if f.Type.Kind != ListKind || f.Type.Elem.Kind != EnumKind && (f.Type.Elem.Kind != BasicKind && f.Type.Elem.Kind != ScalarKind || len(f.Type.Elem.Choice) > 0) {
			return fmt.Sprintf("%s: list.Contains is carried of a list field of strings, numbers, booleans or enum members; %s is not one", exprString(x), id.Name)
		}
		lit, ok := itemLiteral(f.Type.Elem, item)
		if !ok {
			return fmt.Sprintf("%s: list.Contains is carried with a literal of the list's items' kind (%s)", exprString(x), r.describeElem(f.Type.Elem))
		}
		return add(Condition{Test: TestContains, Cond: Cond{Field: f.Name, Str: lit}})
	}
	// nulled adds a test of whether a field of T | null holds null, if n
	// == null (or null == n, n != null), read as CUE reads the field.
	nulled := func(x *ast.BinaryExpr, test Test) string {
		name := comparedField(x)
		if name == "" {
			return fmt.Sprintf("%s: a test of null is carried of one of the object's own fields, by name", exprString(x))
		}
		f, msg := tested(exprString(x), name)
		if msg != "" {
			return msg
		}
		if f.Type.Kind != NullableKind {
			return fmt.Sprintf("%s: %s is never null (its type admits no null), so the test always holds or never does", exprString(x), name)
		}
		return add(Condition{Test: test, Cond: Cond{Field: f.Name}})
	}
	// boolean adds a test of a boolean field's value, if x (TestTrue),
	// if !x or if x == false (TestFalse), as CUE reads the field.
	boolean := func(x *ast.Ident, test Test, written string) string {
		f := o.Field(x.Name)
		switch {
		case f == nil:
			return notOwnField(written, x.Name, o.Name)
		case f.MemberDefault != nil:
			return memberDefaultTested(f)
		case f.Type.Kind != BasicKind || f.Type.Base != Bool || len(f.Type.Choice) > 0:
			return fmt.Sprintf("the condition %s is not a boolean field; test a field's value with ==, its presence with != _|_", written)
		case f.Optional && !defaulted(o, f.Name) && slices.Contains(r.unguarded, f.Name):
			return unguardedTest(written, x.Name)
		case f.Optional && !defaulted(o, f.Name) && !guarded(f.Name):
			// (on?: *true | bool too: CUE never supplies an optional
			// field's default, and the Go check read *x.On where the
			// data left it out, a nil pointer.)
			return fmt.Sprintf("if %s: %s is optional, and CUE refuses data without it (it cannot reference an optional field), which no other target would; make it required (%s!: bool), or test its presence (%s != _|_)", written, x.Name, x.Name, x.Name)
		}
		return add(Condition{Test: test, Cond: Cond{Field: f.Name}})
	}
	switch x := e.(type) {
	case *ast.Ident:
		return boolean(x, TestTrue, x.Name)
	case *ast.CallExpr:
		if m, ok := affixMatch(x); ok {
			// strings.HasPrefix(name, "x-"): name =~ "^x-"
			return matched(m)
		}
		if id, item, ok := listContains(x); ok {
			return holding(x, id, item)
		}
	case *ast.UnaryExpr:
		if id, ok := x.X.(*ast.Ident); ok && x.Op == token.NOT && isFieldName(id) {
			return boolean(id, TestFalse, exprString(e))
		}
		if x.Op == token.NOT {
			return r.negatedTest(o, x, cd, add)
		}
	case *ast.BinaryExpr:
		if id, want, ok := boolComparison(x); ok {
			// if x == true, if x != false: a boolean field's test,
			// which a comparison with a literal reads as if x or !x.
			if want {
				return boolean(id, TestTrue, exprString(e))
			}
			return boolean(id, TestFalse, exprString(e))
		}
		if id := lenOf(x.X); id != nil {
			return counted(x, id) // len(tags) > 0
		}
		if id := lenOf(x.Y); id != nil {
			return counted(x, id) // 0 < len(tags)
		}
		switch x.Op {
		case token.LOR:
			return r.anyOf(o, x, cd, add)
		case token.LAND:
			if msg := r.conditionsOf(o, x.X, cd); msg != "" {
				return msg
			}
			if r.clauseJoins[x] {
				r.unguarded = nil // the clauses before hold where CUE reads the next
			}
			return r.conditionsOf(o, x.Y, cd)
		case token.NEQ, token.EQL:
			value, presence := TestNotEqual, TestPresent // if kind != "a", if flag != _|_
			if x.Op == token.EQL {
				value, presence = TestEqual, TestAbsent // if kind == "a", if flag == _|_
			}
			id, ok := x.X.(*ast.Ident)
			if isNullLit(x.Y) || isNullLit(x.X) {
				// if n == null, if n != null
				test := TestNull
				if x.Op == token.NEQ {
					test = TestNotNull
				}
				return nulled(x, test)
			}
			if !isBottom(x.Y) && !isBottom(x.X) {
				return compared(x, value) // a value's test, as CUE reads it
			}
			if !ok || !isBottom(x.Y) {
				break
			}
			f := o.Field(id.Name)
			if f == nil {
				return notOwnField(exprString(e), id.Name, o.Name)
			}
			if !f.Optional || f.HasDefault() && !f.OptionalMark {
				// (f?: *255 | uint8 is absent where the data leaves it
				// out: CUE supplies the default of a regular field only)
				if presence == TestAbsent {
					return fmt.Sprintf("%s: %s is always present (required, or supplied by CUE when the data leaves it out), so the test never holds; leave the if out", exprString(e), id.Name)
				}
				return fmt.Sprintf("%s: %s is always present (required, or supplied by CUE when the data leaves it out), so the test always holds; write the body's fields outside the if", exprString(e), id.Name)
			}
			if presence == TestPresent {
				r.unguarded = append(r.unguarded, f.Name)
			}
			return add(Condition{Test: presence, Cond: Cond{Field: f.Name}})
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			return ordered(x)
		case token.MAT, token.NMAT:
			return matched(x)
		}
	}
	if def := definitionIn(e); def != "" {
		return definitionTested(e, def)
	}
	return fmt.Sprintf("the condition %s is not carried: an if that declares, narrows or forbids fields, or refuses the value, tests a required boolean field (x, !x, x == false), an optional field's presence (x != _|_), a required field's value (x == \"v\"), an integer or number field's order (n > 3) or a string's match (s =~ \"^a\"), joined by && or by ||, or negated (kind == \"a\" || kind == \"b\", !(n > 3))", exprString(e))
}

// affixMatch reads strings.HasPrefix(name, "x-"), strings.HasSuffix and
// strings.Contains of a field and a string literal as the match of the
// field against the literal's quoted pattern (name =~ "^x-"), as a
// field's own strings.HasPrefix is carried.
func affixMatch(call *ast.CallExpr) (*ast.BinaryExpr, bool) {
	fn := importedCall(call, "strings", 2)
	if fn == "" {
		return nil, false
	}
	lit, ok := call.Args[1].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil, false
	}
	s, err := literal.Unquote(lit.Value)
	if err != nil {
		return nil, false
	}
	if fn != "HasPrefix" && fn != "HasSuffix" && fn != "Contains" {
		return nil, false
	}
	re := affixPattern(fn, s)
	return &ast.BinaryExpr{X: call.Args[0], OpPos: call.Pos(), Op: token.MAT, Y: &ast.BasicLit{ValuePos: lit.Pos(), Kind: token.STRING, Value: literal.String.Quote(re)}}, true
}

// affixPattern is the pattern of strings.HasPrefix, HasSuffix or Contains
// (fn) of lit: its text quoted, every one of Go's and JavaScript's syntax
// characters escaped, anchored at the start or the end
// (strings.HasPrefix("x-") is =~"^x-").
func affixPattern(fn, lit string) string {
	re := regexp.QuoteMeta(lit)
	switch fn {
	case "HasPrefix":
		re = "^" + re
	case "HasSuffix":
		re += "$"
	}
	return re
}

// importedCall is the name of the function call calls when it is one of
// the imported package pkg's, with n arguments (strings.HasPrefix(a, b):
// "HasPrefix"), or "".
func importedCall(call *ast.CallExpr, pkg string, n int) string {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || len(call.Args) != n {
		return ""
	}
	p, ok := sel.X.(*ast.Ident)
	fn, ok2 := sel.Sel.(*ast.Ident)
	if !ok || !ok2 || p.Name != pkg || !isImport(p.Node) {
		return ""
	}
	return fn.Name
}

// listContains reads list.Contains(tags, "x") of a field and a literal.
func listContains(call *ast.CallExpr) (*ast.Ident, *ast.BasicLit, bool) {
	if importedCall(call, "list", 2) != "Contains" {
		return nil, nil, false
	}
	id, ok := call.Args[0].(*ast.Ident)
	if !ok || !isFieldName(id) {
		return nil, nil, false
	}
	lit, ok := namedLiteral(call.Args[1])
	return id, lit, ok
}

// itemLiteral is lit, a CUE literal, as the JSON literal of an item of a
// list of t: a string of a string or an enum, a number of a number (an
// integer of an integer), a boolean of a boolean.
func itemLiteral(t *Type, lit *ast.BasicLit) (string, bool) {
	switch {
	case lit.Kind == token.STRING && (t.Kind == EnumKind || t.BaseOf() == String):
		s, err := literal.Unquote(lit.Value)
		if err != nil {
			return "", false
		}
		js, _ := json.Marshal(s)
		return string(js), true
	case lit.Kind == token.INT && (t.BaseOf() == Int || t.BaseOf() == Number):
		n, err := strconv.ParseInt(strings.ReplaceAll(lit.Value, "_", ""), 0, 64)
		return strconv.FormatInt(n, 10), err == nil
	case lit.Kind == token.FLOAT && t.BaseOf() == Number:
		n, err := strconv.ParseFloat(strings.ReplaceAll(lit.Value, "_", ""), 64)
		return strconv.FormatFloat(n, 'g', -1, 64), err == nil && !math.IsInf(n, 0)
	case (lit.Kind == token.TRUE || lit.Kind == token.FALSE) && t.BaseOf() == Bool:
		return lit.Value, true
	}
	return "", false
}

// isNullLit reports whether e is the literal null.
func isNullLit(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Kind == token.NULL
}

// lenOf returns the field that e counts the items of, len(tags), or nil.
func lenOf(e ast.Expr) *ast.Ident {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	fn, ok := call.Fun.(*ast.Ident)
	if !ok || fn.Name != "len" || fn.Node != nil {
		return nil // (a field named len, not CUE's)
	}
	id, ok := call.Args[0].(*ast.Ident)
	if !ok || !isFieldName(id) {
		return nil
	}
	return id
}

// anyOf adds the test a || b || … makes (TestAny): each operand a test of
// one field's value, as the clause would read it alone (kind == "a" ||
// kind == "b", n < 1 || n > 9, a == "x" || b == 2). CUE reads the body
// where one holds; every target states that as one test (an enum, or an
// anyOf of the tests).
func (r *resolver) anyOf(o *Object, x *ast.BinaryExpr, cd *Conditional, add func(Condition) string) string {
	var sides [][]Condition
	for _, op := range operands(x, token.LOR) {
		added, msg := r.readAlone(o, op, cd)
		if msg != "" {
			return msg
		}
		sides = append(sides, added)
	}
	return sidesTest(x, sides, add)
}

// sidesTest adds the test of x, the || of sides, each tests joined by &&
// (a && b) || c, some of them an || themselves, (a && (b || c)) || d,
// written out as the || of tests joined by && it is.
func sidesTest(x ast.Expr, sides [][]Condition, add func(Condition) string) string {
	var alts []Condition
	for _, side := range sides {
		terms, ok := dnf(side)
		if !ok {
			return tooManySides(x)
		}
		for _, t := range terms {
			alts = append(alts, allTest(t))
		}
	}
	if len(alts) == 0 {
		return fmt.Sprintf("the condition %s never holds: each side tests one field for two values that exclude each other; leave the if out", exprString(x))
	}
	return add(anyTest(alts))
}

// maxSides bounds the sides of an || written out from tests joined by
// && and || (dnf): each is a test every target states.
const maxSides = 64

// tooManySides says why a condition whose || written out has more than
// maxSides sides is not carried.
func tooManySides(x ast.Expr) string {
	return fmt.Sprintf("the condition %s is not carried: written out as an || of tests joined by &&, as every target states it, it has more than %d sides; split the if into several", exprString(x), maxSides)
}

// dnf writes conj, tests joined by && some of which are an || (of tests,
// or of tests joined by &&), as the || of tests joined by && it is: (a ||
// b) && c is (a && c) || (b && c). A side two of whose tests exclude
// each other (k == "a" && k == "b") never holds and is left out; ok is
// false past maxSides sides.
func dnf(conj []Condition) (terms [][]Condition, ok bool) {
	terms = [][]Condition{nil}
	for _, c := range conj {
		alts := []Condition{c}
		if c.Test == TestAny {
			alts = c.Any
		}
		var next [][]Condition
		for _, t := range terms {
			for _, a := range alts {
				tests := []Condition{a}
				if a.Test == TestAll {
					tests = a.All
				}
				term := slices.Clone(t)
				for _, u := range tests {
					if !slices.ContainsFunc(term, func(v Condition) bool { return sameTest(u, v) }) {
						term = append(term, u)
					}
				}
				if !contradicts(term) {
					next = append(next, term)
				}
			}
			if len(next) > maxSides {
				return nil, false
			}
		}
		terms = next
	}
	return terms, true
}

// contradicts reports whether two of tests never hold at once.
func contradicts(tests []Condition) bool {
	for i, a := range tests {
		for _, b := range tests[i+1:] {
			if excludes(a, b) {
				return true
			}
		}
	}
	return false
}

// allTest is the test that holds where each of tests does, tests of fields
// none of which is a TestAny: a TestAll, or the one test they are.
func allTest(tests []Condition) Condition {
	if len(tests) == 1 {
		return tests[0]
	}
	return Condition{Test: TestAll, All: tests}
}

// sameTest reports whether two tests are one: the same test of the same
// field and value, or the same tests in the same order.
func sameTest(a, b Condition) bool {
	return a.Test == b.Test && a.Cond == b.Cond && a.Len == b.Len && slices.EqualFunc(a.Any, b.Any, sameTest) && slices.EqualFunc(a.All, b.All, sameTest)
}

// readAlone reads the tests of e, a part of a condition, as they would
// be read alone after the clauses before it (a presence test of an
// earlier clause guards the value's), without adding them to cd: the
// sides of an ||, or what a negation negates, each judged as it would be
// without the rest. A presence test read there guards nothing after it.
func (r *resolver) readAlone(o *Object, e ast.Expr, cd *Conditional) ([]Condition, string) {
	alone := &Conditional{When: slices.Clone(cd.When)}
	unguarded := slices.Clone(r.unguarded)
	msg := r.conditionsOf(o, e, alone)
	r.unguarded = unguarded
	return alone.When[len(cd.When):], msg
}

// anyTest is the test that holds where one of alts does: a TestAny, or
// the one test they are (kind == "a" || kind == "a" is one test).
func anyTest(alts []Condition) Condition {
	var tests []Condition
	for _, a := range alts {
		if !slices.ContainsFunc(tests, func(t Condition) bool { return sameTest(t, a) }) {
			tests = append(tests, a)
		}
	}
	if len(tests) == 1 {
		return tests[0]
	}
	test := Condition{Test: TestAny, Cond: Cond{Field: tests[0].Field}, Any: tests}
	if slices.ContainsFunc(tests, func(a Condition) bool {
		return a.Field != tests[0].Field || a.Test == TestAbsent || a.Test == TestAll || a.Len
	}) {
		// tests of two fields (if a == "x" || b == 2), an absence among
		// them, or tests joined by &&, which no schema of the field's
		// value states: each test stated alone
		test.Field = ""
	}
	return test
}

// negatedTest adds the test !(t) makes, t one test of a field read as it
// would be alone (!(kind == "a") is kind != "a", !(flag != _|_) is flag
// == _|_, !(n > 3) is n <= 3), or !(a || b), which holds where each of
// them fails: their negations, joined as by &&.
func (r *resolver) negatedTest(o *Object, x *ast.UnaryExpr, cd *Conditional, add func(Condition) string) string {
	added, msg := r.readAlone(o, x.X, cd)
	if msg != "" {
		return msg
	}
	// flip is the test that holds where a single test fails.
	flip := func(c Condition) Condition {
		c.Test = c.Test.negated()
		return c
	}
	// fails is what holds where c, one of the tests joined by &&, fails:
	// tests joined by && themselves (!(a || (b && c)) is !a && (!b ||
	// !c)).
	fails := func(c Condition) []Condition {
		if c.Test != TestAny {
			return []Condition{flip(c)}
		}
		var conj []Condition
		for _, a := range c.Any {
			if a.Test != TestAll {
				conj = append(conj, flip(a))
				continue
			}
			alts := make([]Condition, len(a.All))
			for i, t := range a.All {
				alts[i] = flip(t)
			}
			conj = append(conj, anyTest(alts))
		}
		return conj
	}
	if len(added) > 1 {
		// !(a && b) is !a || !b, each written out as tests joined by
		// && (!(a && (b || c)) is !a || (!b && !c))
		sides := make([][]Condition, len(added))
		for i, c := range added {
			sides[i] = fails(c)
		}
		return sidesTest(x, sides, add)
	}
	// !(a || b) is !a && !b; !((a && b) || c) is (!a || !b) && !c
	for _, c := range added {
		for _, f := range fails(c) {
			if f.Test == TestPresent {
				// !(flag == _|_) tests presence, which may guard a
				// later test of the value, as flag != _|_ does
				r.unguarded = append(r.unguarded, f.Field)
			}
			if msg := add(f); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// unguardedTest says why a test of the value of optional field name in the
// clause that tests its presence (if x != _|_ && x == "v") is not carried.
func unguardedTest(test, name string) string {
	return fmt.Sprintf("%s: CUE evaluates both sides of &&, so where %s is absent the test is an error (cannot reference optional field: %s) and CUE refuses the value, which no other target would; test its presence in an if clause of its own, whose next clause CUE reads only where it holds: if %s != _|_ if %s", test, name, name, name, test)
}

// memberDefaultTested says why a test of a field whose default takes
// other members is not carried.
func memberDefaultTested(f *Field) string {
	return fmt.Sprintf("the condition tests %s, whose default (%s) CUE takes from other members where the data leaves it out: a test of it is a test of those members, which is not carried; test the members, or give %s a constant default", f.Name, f.MemberDefault.Source, f.Name)
}

// definitionIn returns the first reference to a definition in e (#Values,
// #Values.sampleLimit), as written, or "".
func definitionIn(e ast.Expr) string {
	found := ""
	ast.Walk(e, func(n ast.Node) bool {
		if found != "" {
			return false
		}
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if root := selectorRoot(x); root != nil && strings.HasPrefix(root.Name, "#") {
				found = exprString(x)
				return false
			}
		case *ast.Ident:
			if strings.HasPrefix(x.Name, "#") {
				found = x.Name
			}
		}
		return true
	}, nil)
	return found
}

// selectorRoot is the identifier a.b.c starts with, or nil.
func selectorRoot(x *ast.SelectorExpr) *ast.Ident {
	for {
		switch y := x.X.(type) {
		case *ast.Ident:
			return y
		case *ast.SelectorExpr:
			x = y
		default:
			return nil
		}
	}
}

// defaulted reports whether name is a field of o with a default, whose
// value a test reads as CUE does: the default where the data leaves it
// out (Condition.Defaulted).
func defaulted(o *Object, name string) bool {
	f := o.Field(name)
	// a?: *"x" | "y" is not: CUE never supplies an optional field's
	// default, and refuses to compare the field where the data leaves it
	// out ("cannot reference optional field").
	return f != nil && f.Optional && f.Default != "" && !f.OptionalMark
}

// afterProbe, when set (by a test), is called once each if clause's
// probe is done with.
var afterProbe func()

// probe returns the object's value with its conditions made true, from
// which the body's fields are read as CUE evaluates them, or why it
// cannot be made.
func (r *resolver) probe(d *def, cd *Conditional) (cue.Value, string) {
	v := d.v
	o := d.object
	// holdsAll reports whether every test of field name's value holds of
	// s (if n > 1 && n < 9: a value of both).
	// also are the tests of a field beside the one filled in a side of
	// an || that joins them by && (if (n > 1 && n < 5) || k), which the
	// value filled must hold of too.
	also := map[string][]Condition{}
	holdsAll := func(name string, s any) bool {
		fails := func(c Condition) bool { return c.Field == name && c.valueTest() && !c.holdsOfSample(s) }
		return !slices.ContainsFunc(cd.When, fails) && !slices.ContainsFunc(also[name], fails)
	}
	// together says why no value was found for a field that several tests
	// of its value test (n > 5 && n < 3), or "" where one does.
	together := func(c Condition) string {
		var tests []string
		for _, t := range cd.When {
			if t.Field == c.Field && t.valueTest() {
				tests = append(tests, t.Describe(o))
			}
		}
		if len(tests) < 2 {
			return ""
		}
		return fmt.Sprintf("%s: schemagen found no value of %s that the tests of it (%s) hold of together, so the body may never apply; read alone, each holds of one", strings.Join(tests, " and "), c.Field, strings.Join(tests, ", "))
	}
	// unfilled says why no sample of c's field (a what: value, simple
	// list, …) was found: its tests hold of no value together, or none
	// schemagen tried holds.
	unfilled := func(c Condition, what string) string {
		if msg := together(c); msg != "" {
			return msg
		}
		return fmt.Sprintf("%s: schemagen found no %s of %s the test holds of to read the body with", c.Describe(o), what, c.Field)
	}
	// fillFirst fills the field at path with the first of samples CUE
	// takes as a concrete value of it and every test of it holds of.
	// (c, the test being filled, holds of the sample too: one of an
	// ||'s tests is none of the clause's own, which holdsAll reads.)
	fillFirst := func(c Condition, path cue.Path, samples []any) bool {
		name := path.Selectors()[0].Unquoted()
		for _, s := range samples {
			if !holdsAll(name, s) || !c.holdsOfSample(s) {
				continue
			}
			w := v.FillPath(path, s)
			if fv := w.LookupPath(path); fv.Err() == nil && fv.Validate(cue.Concrete(true)) == nil {
				v = w
				return true
			}
		}
		return false
	}
	// The body is one whichever test of an || holds (CUE applies it
	// once): it is read where the first test of each field it tests
	// holds, so that CUE has a value of every field the || reads.
	// A field another test fills already is left as it is (if (a == 1 ||
	// b == 2) && (b < 0 || c)): a test of another field makes the ||
	// hold.
	var fills []Condition
	filled := func(name string) bool {
		// (a presence test fills nothing where a value's test does)
		return slices.ContainsFunc(fills, func(f Condition) bool { return f.Field == name && f.Test != TestPresent })
	}
	for _, c := range cd.When {
		if c.Test != TestAny && !(c.valueTest() && filled(c.Field)) {
			fills = append(fills, c) // (the first test of a field's value: the others filter its samples)
		}
	}
	for _, c := range cd.When {
		for _, a := range c.Any {
			if a.Test != TestAll {
				if !filled(a.Field) {
					fills = append(fills, a)
				}
				continue
			}
			// (a && b) || c: the tests of the side, the first of each
			// field filled, the others its samples' filter
			for _, t := range a.All {
				if !filled(t.Field) {
					fills = append(fills, t)
					for _, u := range a.All {
						if u.Field == t.Field && !sameTest(u, t) {
							also[t.Field] = append(also[t.Field], u)
						}
					}
				}
			}
		}
	}
	for _, c := range fills {
		if c.Test == TestAbsent {
			continue // the schema holds no member the data leaves out
		}
		path := cue.MakePath(cue.Str(c.Field))
		if c.Test == TestNull || c.Test == TestNotNull {
			// null, or a value of the field's type
			samples := []any{ast.NewNull()}
			if c.Test == TestNotNull {
				samples = nil
				if s, ok := sampleOf(o.Field(c.Field).Type.Elem, 1); ok {
					samples = append(samples, s)
				}
				samples = append(samples, "a", int64(0), int64(1), true, false, 0.5, map[string]any{}, []any{})
			}
			if !fillFirst(c, path, samples) {
				return v, unfilled(c, "simple value")
			}
			continue
		}
		if c.Test == TestContains || c.Test == TestNotContains {
			// A list that holds the item (or not): the item alone, then
			// beside another the list's type builds.
			var want any
			json.Unmarshal([]byte(c.Str), &want)
			if n, err := strconv.ParseInt(c.Str, 10, 64); err == nil {
				want = n // an integer, which CUE's int takes, not 2.0
			}
			samples := []any{[]any{want}, []any{}}
			if other, ok := sampleOf(o.Field(c.Field).Type.Elem, 1); ok {
				samples = append(samples, []any{other}, []any{want, other})
			}
			if !fillFirst(c, path, samples) {
				return v, unfilled(c, "simple list")
			}
			continue
		}
		if c.Len {
			// A list of as many items as the test holds of, nearest
			// the count compared first: of items built from the
			// list's type, then of simple ones.
			t := o.Field(c.Field).Type
			var items []any
			if s, ok := sampleOf(t.Elem, 1); ok {
				items = append(items, s)
			}
			items = append(items, "a", int64(0), true, map[string]any{}, 0.5, nil)
			// a map's keys, each one its key patterns admit: k0, k1, …,
			// or built on a string the first matches (a0, ab, aa, …)
			keys := mapSampleKeys(t.Key, int(min(max(c.Int+2, 2), 4096)))
			var samples []any
			for _, k := range []int64{c.Int, c.Int + 1, c.Int - 1, c.Int + 2, 0, 1, 2} {
				if k < 0 || k > 4096 || !c.holdsOfLen(int(k)) {
					continue
				}
				for _, item := range items {
					if t.Kind != MapKind {
						samples = append(samples, slices.Repeat([]any{item}, int(k)))
						continue
					}
					if int(k) > len(keys) {
						continue
					}
					m := map[string]any{}
					for _, key := range keys[:k] {
						m[key] = item
					}
					samples = append(samples, m)
				}
			}
			if !fillFirst(c, path, samples) {
				return v, unfilled(c, "simple list")
			}
			continue
		}
		var fill any
		switch c.Test {
		case TestTrue:
			fill = true
		case TestFalse:
			fill = false
		case TestEqual:
			if o.Field(c.Field).Type.BaseOf() == Int {
				fill = c.Int
			} else {
				fill = c.Str
			}
		case TestLess, TestLessEq, TestGreater, TestGreaterEq:
			// A value the test holds of, nearest the literal first,
			// then the field's own bounds: the first CUE takes.
			var samples []any
			if c.Text {
				// name > "m": the literal, and strings about it
				cands := []string{c.Str, c.Str + "a", c.Str + "\x00", "", "a", "z", "~", "0", "A", "\u00ff"}
				if n := len(c.Str); n > 0 {
					cands = append(cands, c.Str[:n-1], c.Str[:n-1]+string(c.Str[n-1]+1), c.Str[:n-1]+string(c.Str[n-1]-1))
				}
				for _, re := range o.Field(c.Field).Type.Effective().Patterns {
					if s, ok := patternSample(re); ok {
						cands = append(cands, s)
					}
				}
				if t := o.Field(c.Field).Type; t.Kind == EnumKind {
					cands = nil
					for _, m := range t.Enum.Members {
						cands = append(cands, m.Value)
					}
				}
				for _, x := range cands {
					if utf8.ValidString(x) && c.holdsOfText(x) {
						samples = append(samples, x)
					}
				}
				if !fillFirst(c, path, samples) {
					return v, unfilled(c, "simple string")
				}
				continue
			}
			if c.Number() {
				n, _ := strconv.ParseFloat(c.Str, 64)
				cands := []float64{n, n + 1, n - 1, n + 0.5, n - 0.5, n + 0.25, n - 0.25, n * 2, n / 2, 0, 1, -1}
				if e := o.Field(c.Field).Type.Effective(); e.MinNum != nil || e.MaxNum != nil {
					for _, b := range []*float64{e.MinNum, e.MaxNum} {
						if b != nil {
							cands = append(cands, *b, (*b+n)/2)
						}
					}
				}
				for _, x := range cands {
					if c.holdsOfNum(x) {
						samples = append(samples, x)
					}
				}
				if !fillFirst(c, path, samples) {
					return v, unfilled(c, "value")
				}
				continue
			}
			cands := []int64{c.Int, c.Int + 1, c.Int - 1, c.Int + 2, c.Int - 2, 0, 1}
			if e := o.Field(c.Field).Type.Effective(); e.Min != nil || e.Max != nil {
				if e.Min != nil {
					cands = append(cands, *e.Min)
				}
				if e.Max != nil {
					cands = append(cands, *e.Max)
				}
			}
			for _, n := range cands {
				if c.HoldsOf(n) && (c.Test != TestGreater || n > c.Int) && (c.Test != TestLess || n < c.Int) {
					samples = append(samples, n)
				}
			}
			if !fillFirst(c, path, samples) {
				return v, unfilled(c, "value")
			}
			continue
		case TestNotEqual, TestMatch, TestNotMatch:
			// A value the field admits other than the one compared (or
			// one the pattern matches, or does not): the simplest that
			// CUE takes.
			var samples []any
			t := o.Field(c.Field).Type
			compared := any(c.Str)
			switch {
			case t.Kind == EnumKind:
				for _, m := range t.Enum.Members {
					samples = append(samples, m.Value)
				}
			case t.BaseOf() == Int:
				compared = c.Int
				samples = []any{c.Int + 1, c.Int - 1, int64(0), int64(1)}
				if e := t.Effective(); e.Min != nil {
					samples = append([]any{*e.Min}, samples...)
				}
			default:
				// a string each match of the field (this one, and the
				// others joined to it) holds of
				for _, t := range append(append([]Condition{c}, cd.When...), also[c.Field]...) {
					if t.Field == c.Field && t.Test == TestMatch {
						if s, ok := patternSample(t.Str); ok {
							samples = append(samples, s)
						}
					}
				}
				for _, re := range t.Effective().Patterns {
					// name: =~"^[a-z]+$", if name !~ "^a": the field's
					// own pattern's string
					if s, ok := patternSample(re); ok {
						samples = append(samples, s)
					}
				}
				samples = append(samples, "a", "b", "", "0", c.Str+"a", "z", "A", "Z", "_", "-", "a0", "0a", "x1")
			}
			if c.Test == TestNotEqual {
				samples = slices.DeleteFunc(samples, func(s any) bool { return s == compared })
			}
			if !fillFirst(c, path, samples) {
				if msg := together(c); msg != "" || c.Test != TestNotEqual {
					return v, unfilled(c, "simple value")
				}
				return v, fmt.Sprintf("%s: schemagen found no simple value of %s other than %s to read the body with; test the field with ==", c.Describe(o), c.Field, c.value(o))
			}
			continue
		case TestPresent:
			if cd.valueTested(c.Field) {
				continue // the value test fills it
			}
			// Any value the field admits makes it present: first one
			// built from its type (an enum's first member, a number at
			// its least, a string its first pattern matches, an object
			// with its required members, a list of its least length),
			// then the simplest of each JSON kind.
			t := o.Field(c.Field).Type
			var samples []any
			if s, ok := sampleOf(t, 0); ok {
				samples = append(samples, s)
				if t.Kind == ObjectKind {
					// and with one optional member more, for an object
					// that must hold one of them (matchN(1, [{a!: _,
					// ...}, {b!: _, ...}]))
					for _, f := range t.Object.Fields[:min(len(t.Object.Fields), 8)] {
						if v, ok := sampleOf(f.Type, 1); ok && f.Optional {
							one := maps.Clone(s.(map[string]any))
							one[f.Name] = v
							samples = append(samples, one)
						}
					}
				}
			}
			for _, re := range t.Effective().Patterns {
				// f?: =~"^a" & =~"[0-9]$": each pattern's own string
				if s, ok := patternSample(re); ok {
					samples = append(samples, s)
				}
			}
			samples = append(samples, true, false, 0, 1, "", "a", "b", "ab", "x1", "A", map[string]any{}, []any{}, 0.5, nil)
			// lists that must hold items ([_, ...], list.MinItems(2)):
			// one or two of a simple kind
			for _, item := range []any{0, "a", true, map[string]any{}, 0.5} {
				samples = append(samples, []any{item}, []any{item, item})
			}
			found := fillFirst(c, path, samples)
			if !found {
				// #pageObject's selector?: #selector, a count of
				// closed objects no simple value satisfies: the field
				// made present with its own type, which the test reads
				// as there.
				// Not for a union: CUE v0.17.1's evaluator overflows its
				// stack unifying some unions of objects with bounds in
				// their members with themselves so (a fatal error no
				// recover catches; found by conformance/differential).
				if fv := v.LookupPath(cue.MakePath(cue.Str(c.Field).Optional())); fv.Exists() && fv.Err() == nil && !holdsUnion(t) {
					if w := v.FillPath(path, fv); w.LookupPath(path).Err() == nil {
						v, found = w, true
					}
				}
			}
			if !found && holdsUnion(t) {
				return v, fmt.Sprintf("%s != _|_: schemagen found no simple value of %s (true, 0, \"\", {}, [] …) to read the body with, and does not fill it with its own type, which holds a union: CUE v0.17.1's evaluator can overflow its stack doing so, a fatal error; test another field", c.Field, c.Field)
			}
			if !found {
				return v, fmt.Sprintf("%s != _|_: schemagen found no simple value of %s (true, 0, \"\", {}, [] …) to read the body with; test another field", c.Field, c.Field)
			}
			continue
		}
		if !holdsAll(c.Field, fill) {
			return v, together(c)
		}
		v = v.FillPath(path, fill)
		if err := v.LookupPath(path).Err(); err != nil {
			return v, fmt.Sprintf("%s: %s", c.Describe(o), cueErrText(err))
		}
	}
	return v, ""
}

// holdsUnion reports whether t is a union or holds one at any depth (a
// field of an object, a list's items, a map's values, an alternative:
// differential seed 88251's f0?: {f1!: #N1 | #N6, …}, filled with its
// own type, overflowed CUE's stack as a union alone did).
func holdsUnion(t *Type) bool {
	return unionWhere(t, map[*Type]bool{}, func(*Union) bool { return true }) != ""
}

// conditionFields lists the fields a conditional's conditions test.
func conditionFields(cd *Conditional) string {
	var names []string
	for _, c := range cd.When {
		for _, name := range c.Fields() {
			if !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
	}
	return strings.Join(names, ", ")
}

// required reports whether the field at path must be present while the
// conditions hold, as CUE reads the body's field f: f!: always, f?:
// never, a regular f when its value (as the probe evaluates it) is not
// concrete.
func required(probe cue.Value, path []string, f *ast.Field) bool {
	switch f.Constraint {
	case token.NOT:
		return true
	case token.OPTION:
		return false
	}
	sels := make([]cue.Selector, len(path))
	for i, p := range path {
		sels[i] = cue.Str(p)
	}
	return probe.LookupPath(cue.MakePath(sels...)).Validate(cue.Concrete(true)) != nil
}

// declared reads a field that only the body declares: a field of the
// object, optional in its type, present only while the conditions hold.
func (r *resolver) declared(d *def, cd *Conditional, probe cue.Value, f *ast.Field, name string, pos Pos) *Field {
	o := d.object
	if o.KeepsUnknown() {
		r.errorf(pos, "%s: %s is declared only inside an if, but %s is open: when the condition fails, %s may hold any value, which a Go struct field of the body's type cannot keep; declare it outside the if (%s?: T) and narrow it inside", d.ref(), name, o.Name, name, name)
		return nil
	}
	v := probe.LookupPath(cue.MakePath(cue.Str(name).Optional()))
	if !v.Exists() {
		// f?: !="a" & =~"^[a-z]", then if f != _|_ {g: …}, with none of
		// the simple values tried admitted: the probe filled f with its
		// type, which CUE does not take as present.
		r.errorf(pos, "%s: %s is declared in an if body that schemagen could not read: no simple value it tried for the condition's fields (%s) is one CUE takes as concrete there, and CUE applies the body only then; carried when a value such as \"a\", \"b\", 0, 1, true, {} or [] satisfies the tested field", d.ref(), name, conditionFields(cd))
		return nil
	}
	if err := v.Err(); err != nil {
		r.errorf(pos, "%s: %s: %s", d.ref(), name, cueErrText(err))
		return nil
	}
	fd := &Field{Name: name, Pos: pos, Doc: commentText(f), Optional: true}
	if fd.Doc == "" {
		r.docf(pos, "%s.%s has no doc comment: say what it means on the line above it", d.ref(), name)
	}
	tv := v
	var dflt string
	if dv, has := v.Default(); has {
		// An open list's own default ([]) is no default of the schema's;
		// one the schema writes holds only while the condition does.
		var ok bool
		if tv, dflt, ok = r.withoutDefault(v, dv, d.ref()+"."+name); !ok {
			return nil
		}
		if f.Constraint == token.NOT {
			// name!: *v | T: the data must give it while the condition
			// holds, so no default ever applies, as outside an if.
			dflt = ""
		}
	}
	r.closedCtx = !o.Open
	t, ok := r.typeAt(tv, d.ref()+"."+name, pos)
	if !ok {
		return nil
	}
	fd.Type = t
	if dflt != "" {
		// if kind == "Deployment" {replicas: *1 | int}: CUE supplies 1
		// where the data leaves replicas out while the condition holds,
		// and the field is absent where it does not (the clause's own
		// check): a default of the clause's, as one an if body gives a
		// field declared outside it, without that field's "required
		// otherwise" (Field.RequiredUnlessDefault). replicas?: *1 | int
		// is read as it is outside an if: the default a reader's Get
		// method gives, while the condition holds.
		switch t.Kind {
		case BasicKind, EnumKind:
		default:
			r.errorf(pos, "%s.%s: a default on a field declared only inside an if is carried on a string, number, boolean or enum field; not on this one", d.ref(), name)
			return nil
		}
		fd.CondDefaults = []*CondDefault{{When: cd.When, Value: dflt, Pos: pos}}
	}
	cd.Then = append(cd.Then, &Narrowing{Path: []string{name}, Required: required(probe, []string{name}, f), Declared: true, Pos: pos})
	return fd
}

// declaredAgain reads field name, which an earlier if clause declares,
// declared by cd's body too: carried where both give it one type, of a
// definition or written in place without a type of its own (string,
// int & >=0, [...string], #Name), and no default, so that the field is
// one of that type, absent unless one of the clauses holds.
func (r *resolver) declaredAgain(d *def, cd *Conditional, probe cue.Value, f *ast.Field, name string, pos Pos) bool {
	o := d.object
	first := o.Field(name)
	fd := r.declared(d, cd, probe, f, name, pos)
	if fd == nil {
		return false
	}
	switch {
	case len(first.CondDefaults) > 0 || len(fd.CondDefaults) > 0:
		r.errorf(pos, "%s: %s is declared by two if clauses, with a default in one of them: not carried yet; declare it once, outside the ifs (%s?: T), and give the default inside", d.ref(), name, name)
		return false
	case !sameType(first.Type, fd.Type, map[[2]*Object]bool{}) || !noneInPlace(first.Type, fd.Type):
		r.errorf(pos, "%s: %s is declared by two if clauses as %s and as %s, two types (or one written in place twice, which names a type each time): not carried yet; declare it once, outside the ifs (%s?: T), and narrow it inside, or give both clauses one type, a definition's", d.ref(), name, r.describeElem(first.Type), r.describeElem(fd.Type), name)
		return false
	}
	return true
}

// noneInPlace reports whether a and b, of the same structure (sameType),
// are the same types where either names one of its own (an object, a
// choice of kinds or a tuple written in place), at any depth of lists
// and maps: two declarations of one field then declare no type twice.
func noneInPlace(a, b *Type) bool {
	for a != nil && b != nil {
		if a.Object != b.Object || a.OneOf != b.OneOf || a.Tuple != b.Tuple || len(a.Choice) > 0 {
			return false
		}
		a, b = a.Elem, b.Elem
	}
	return true
}

// narrow reads what the body says of a field the object (or an object
// field of it) has: a constant, _ (presence), at least n items ([_, …])
// or, for an object field, a struct of such narrowings of its fields.
func (r *resolver) narrow(d *def, cd *Conditional, probe cue.Value, o *Object, path []string, f *ast.Field, pos Pos) bool {
	name := path[len(path)-1]
	fd := o.Field(name)
	what := d.ref() + "." + strings.Join(path, ".")
	if fd == nil {
		r.errorf(pos, "%s: %s has no field %s: an if body narrows fields its object has, and declares new ones only at the object's own level", d.ref(), o.Name, name)
		return false
	}
	if isBottom(f.Value) {
		// if a { n: {c?: _|_} }: n.c absent while the conditions hold
		// (at the object's own level, conditional reads it).
		switch {
		case f.Constraint != token.OPTION || !fd.Optional:
			r.errorf(pos, "%s: the if body makes a field that is not optional _|_ (%s), so every value is refused while the condition holds; forbid an optional field (%s?: _|_), or refuse the combination with { _|_ }", what, labelText(f.Label), name)
			return false
		case holdsOfDefault(d.object, cd):
			r.errorf(pos, "%s: the if's condition holds where the data leaves a field out (%s), so CUE applies its body to the schema itself and lists the field forbidden whatever the data says; forbidding a field is carried on a condition of no default", what, cd.Describe(d.object))
			return false
		}
		cd.Then = append(cd.Then, &Narrowing{Path: path, Absent: true, Pos: pos})
		return true
	}
	// contradicts reports, once the body's syntax is known to be carried,
	// a body CUE refuses every value under.
	contradicts := func() bool {
		sels := make([]cue.Selector, len(path))
		for i, p := range path {
			sels[i] = cue.Str(p).Optional()
		}
		if err := probe.LookupPath(cue.MakePath(sels...)).Err(); err != nil {
			r.errorf(pos, "%s: the if body contradicts the field's type, so CUE refuses every value for which the condition holds: %s", what, cueErrText(err))
			return true
		}
		return false
	}
	// replicas: *1 | int, then if env == "prod" {replicas: >=3}: the
	// body's bound refuses the default, so CUE has none while the
	// condition holds, and the field, regular and not concrete, is
	// required then (the probe says so); where the default meets the
	// bound (>=0) it stays, and the field with it. Either is the
	// narrowing as read (it was refused as "not carried yet"); the Get
	// method's default then only ever stands for a value the data may
	// leave out.
	n := &Narrowing{Path: path, Required: required(probe, path, f), Pos: pos}
	if f.Constraint == token.OPTION && fd.regular && !fd.OptionalMark {
		// cn: *1 | int beside the if, cn?: >=3 in its body: the field is
		// regular by its own declaration, and without a concrete value
		// there (the bound refuses the default) CUE requires it
		// (differential seed 381: every target admitted {} there).
		n.Required = required(probe, path, &ast.Field{})
	}
	switch x := f.Value.(type) {
	case *ast.StructLit:
		if fd.Type.Kind != ObjectKind {
			r.errorf(pos, "%s: the if body narrows it as a struct, but its type is not an object; narrow a field's own fields only through object fields", what)
			return false
		}
		ok := true
		at := len(cd.Then) // the field's own narrowing goes before its fields'
		for _, e := range x.Elts {
			g, isField := e.(*ast.Field)
			if !isField {
				r.errorf(r.ps.of(e.Pos()), "%s: the body of an if clause declares or narrows fields (name: value); %s is not carried", what, nodeWord(e))
				ok = false
				continue
			}
			gname, _, err := ast.LabelName(g.Label)
			if err != nil || strings.HasPrefix(gname, "#") || strings.HasPrefix(gname, "_") {
				r.errorf(r.ps.of(g.Pos()), "%s: the body of an if clause narrows data fields; %s is not one", what, labelText(g.Label))
				ok = false
				continue
			}
			sub := append(append([]string{}, path...), gname)
			ok = r.narrow(d, cd, probe, fd.Type.Object, sub, g, r.ps.of(g.Pos())) && ok
		}
		if !ok || contradicts() {
			return false
		}
		if n.Required && fd.Optional {
			cd.Then = slices.Insert(cd.Then, at, n)
		}
		return true
	case *ast.ListLit:
		items, open := 0, false
		for _, e := range x.Elts {
			if el, isEll := e.(*ast.Ellipsis); isEll {
				open = isTop(el.Type)
				if !open {
					break
				}
				continue
			}
			if !isTop(e) {
				items = -1
				break
			}
			items++
		}
		if items < 1 || !open || (fd.Type.Kind != ListKind) {
			r.errorf(pos, "%s: an if body narrows a list with [_, ...] (at least one item; [_, _, ...] two, …); other list values are not carried yet", what)
			return false
		}
		n.MinItems = &items
	case *ast.BasicLit:
		t, msg := narrowConst(fd.Type, x)
		if msg != "" {
			r.errorf(pos, "%s: %s", what, msg)
			return false
		}
		n.Const = t
	case *ast.Ident:
		if ref := dataRef(x, d.root, r.topScope); ref != "" {
			r.errorf(pos, "%s: the if body gives it %s, a member of the data: the data may hold here only what it holds there, a check between two of its members that no JSON Schema states", what, ref)
			return false
		}
		if x.Name != "_" && !ownKind(x, fd.Type) && !r.ownDef(x, fd.Type) {
			r.errorf(pos, "%s: an if body narrows a field with a constant, _ (it must be present), the field's own kind (string on a string: it must be present), [_, ...] (at least one item) or a struct of such; %s is not carried yet", what, x.Name)
			return false
		}
	default:
		if ref := dataRef(f.Value, d.root, r.topScope); ref != "" {
			r.errorf(pos, "%s: the if body gives it a value computed from %s, a member of the data, which CUE evaluates once the data gives it: a check between two parts of the data that no JSON Schema keyword states", what, ref)
			return false
		}
		t, ok := r.narrowChecks(probe, path, fd, f.Value, what, pos)
		if !ok {
			return false
		}
		n.Checks, n.Text = t, exprString(f.Value)
	}
	if (n.Const != nil || n.MinItems != nil || n.Checks != nil) && holdsOfDefault(d.object, cd) {
		r.errorf(pos, "%s: the if's condition holds where the data leaves a field out (%s), so CUE applies its body to the schema itself and to every value that leaves the field out, and lists the field narrowed whatever the data says; narrowing a field the object declares outside the if is carried then only as a presence (%s!: _)", what, cd.Describe(d.object), name)
		return false
	}
	if fd.Type.Kind == ConstKind {
		r.errorf(pos, "%s: the field is a constant already (a union's discriminator, or a fixed value), so an if body has nothing to narrow", what)
		return false
	}
	if contradicts() {
		return false
	}
	if n.Const == nil && n.MinItems == nil && n.Checks == nil && (!n.Required || !fd.Optional) {
		return true // nothing more than the field already says
	}
	cd.Then = append(cd.Then, n)
	return true
}

// ownKind reports whether x names the kind of every value t admits
// (string on a string, an enum of strings or a named string; int on an
// integer; bool on a boolean): if p { source!: string } beside source?:
// string (open-platform-model's #Field) then says only that the field
// must be present, as source!: _ does.
func ownKind(x *ast.Ident, t *Type) bool {
	base, ok := memberDefaultKinds[x.Name]
	if !ok || x.Node != nil {
		return false
	}
	switch t.Kind {
	case EnumKind:
		return base == String
	case BasicKind, ScalarKind:
		return t.BaseOf() == base && !t.Effective().Uint64
	}
	return false
}

// ownDef reports whether x names the definition that is t, the field's
// own type: if mirrors != _|_ { path!: #RelativePath } beside path?:
// #RelativePath (Simple Streams' #ItemCore) says only that the field must
// be present.
func (r *resolver) ownDef(x *ast.Ident, t *Type) bool {
	d := r.identDef(x)
	if d == nil {
		return false
	}
	r.classifyOnce(d)
	switch t.Kind {
	case ScalarKind:
		return d.scalar != nil && d.scalar == t.Scalar
	case EnumKind:
		return d.enum != nil && d.enum == t.Enum
	case ObjectKind:
		return d.object != nil && d.object == t.Object
	case UnionKind:
		return d.union != nil && d.union == t.Union
	}
	return false
}

// narrowChecks reads a body that narrows a string, integer or number
// field with constraints of its base (b?: >3, s: =~"^x" &
// strings.MaxRunes(8)): the field's type as CUE evaluates it where the
// conditions hold (probe), which must be of the field's base and kind.
func (r *resolver) narrowChecks(probe cue.Value, path []string, fd *Field, x ast.Expr, what string, pos Pos) (*Type, bool) {
	notYet := func() (*Type, bool) {
		r.errorf(pos, "%s: an if body narrows a field with a constant, _ (it must be present), [_, ...] (at least one item), constraints of a string, integer or number field's own base (>3, =~\"^x\", strings.MaxRunes(8)) or a struct of such; %s is not carried yet", what, exprKind(x))
		return nil, false
	}
	if fd.Type.Kind != BasicKind || len(fd.Type.Choice) > 0 {
		return notYet()
	}
	switch fd.Type.Base {
	case Int, Number, String:
	default:
		return notYet()
	}
	sels := make([]cue.Selector, len(path))
	for i, p := range path {
		sels[i] = cue.Str(p).Optional()
	}
	v := probe.LookupPath(cue.MakePath(sels...))
	if v.Err() != nil {
		return nil, true // the body contradicts the field: narrow says so
	}
	if dv, isDefault := v.Default(); isDefault {
		// keep: *2 | int, then if … {keep: >=1}: the field's own default,
		// which meets the body's bound, stays; the type is read without
		// it, as the field's own is. Another is a default the body gives,
		// which CUE supplies only then.
		js, err := dv.MarshalJSON()
		if fd.Default == "" || err != nil || string(js) != fd.Default {
			return notYet()
		}
		tv, _, ok := r.withoutDefault(v, dv, what)
		if !ok {
			return nil, false
		}
		v = tv
	}
	t, ok := r.typeAt(v, what, pos)
	if !ok {
		return nil, false
	}
	if t.Kind != BasicKind || t.Base != fd.Type.Base || len(t.Choice) > 0 {
		// if k {note?: =~"^x"} beside another declaration that makes it
		// a constant or a choice where the condition holds.
		r.errorf(pos, "%s: where the condition holds, CUE evaluates the field with the body's constraints (and its every other declaration) to a value that is no %s with constraints of its own (a constant, a choice, or another kind); narrow it with constraints of its base alone", what, fd.Type.JSONKind())
		return nil, false
	}
	return t, true
}

// exprKind names an expression for an error message.
func exprKind(e ast.Expr) string {
	switch e.(type) {
	case *ast.BinaryExpr:
		return "the expression " + exprString(e)
	case *ast.UnaryExpr:
		return "a bound or negation"
	case *ast.CallExpr:
		return "a call"
	case *ast.SelectorExpr:
		return "a reference"
	}
	return "the value"
}

// narrowConst is the constant a literal narrows a field of type t to, or
// why it cannot.
func narrowConst(t *Type, lit *ast.BasicLit) (*Type, string) {
	base := t.BaseOf()
	if t.Kind == EnumKind {
		base = String
	}
	c := &Type{Kind: ConstKind, Base: base}
	switch {
	case lit.Kind == token.STRING && base == String:
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return nil, "only simple quoted strings narrow a field"
		}
		c.Const = s
	case lit.Kind == token.INT && (base == Int || base == Number):
		n, err := strconv.ParseInt(lit.Value, 0, 64)
		if err != nil {
			return nil, err.Error()
		}
		c.Const = strconv.FormatInt(n, 10)
	case lit.Kind == token.FLOAT && base == Number:
		if _, err := strconv.ParseFloat(lit.Value, 64); err != nil {
			return nil, err.Error()
		}
		c.Const = lit.Value
	case (lit.Kind == token.TRUE || lit.Kind == token.FALSE) && base == Bool:
		c.Const = lit.Value
	default:
		return nil, fmt.Sprintf("the constant %s narrows a field of another kind, or one whose type is not a string, number, boolean or enum", lit.Value)
	}
	return c, ""
}

// valueTested reports whether a condition already tests the field's value
// (true, or equal to a literal), alone or in an ||.
func (cd *Conditional) valueTested(name string) bool {
	tests := func(c Condition) bool { return c.Test != TestPresent && c.Test != TestAbsent && c.Field == name }
	return slices.ContainsFunc(cd.When, func(c Condition) bool {
		return tests(c) || slices.ContainsFunc(c.Any, func(a Condition) bool { return tests(a) || slices.ContainsFunc(a.All, tests) })
	})
}

// decidedBySchema reports whether an if's condition tests no member of
// the data: each name it uses is a definition (if #Values.sampleLimit !=
// _|_, timoni's wiring of a module's values into an object) or a hidden
// field (if _enabled), an import, a let or one CUE declares, and each
// definition or hidden field it names uses, in its own value, only names
// declared inside that value or names of the same kinds, followed in
// turn. No JSON value sets a definition or a hidden field, so CUE decides
// such a condition from the schema alone: it has applied the body, or
// left it out, before the object's fields are listed, which then say it,
// as for if true. A name of a regular field, or a hidden field computed
// from one (_x: a), is the data's, or may be computed from it: not
// decided here.
func decidedBySchema(cond ast.Expr) bool {
	seen := map[ast.Node]bool{}
	var free func(e ast.Node, within ast.Node) bool
	free = func(e ast.Node, within ast.Node) bool {
		ok := true
		var walk func(n ast.Node) bool
		walk = func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch x := n.(type) {
			case *ast.Field:
				ast.Walk(x.Value, walk, nil) // the label declares, refers to nothing
				return false
			case *ast.SelectorExpr:
				ast.Walk(x.X, walk, nil) // a.b: b is a's, named by a
				return false
			case *ast.Ident:
				switch {
				case x.Node == nil:
					ok = predeclared[x.Name]
				case within != nil && holds(within, x.Node.Pos()):
					// declared inside the definition's own value
				case isImport(x.Node):
				case isLet(x.Node):
					// a let decides as its value does
					if !seen[x.Node] {
						seen[x.Node] = true
						ok = free(x.Node.(*ast.LetClause).Expr, within)
					}
				case strings.HasPrefix(x.Name, "#"), hiddenField(x):
					// A definition, or a hidden field (_on: true), which
					// no JSON value sets either: decided as its own
					// value is (_x: a, a member of the data, is not).
					if !seen[x.Node] {
						seen[x.Node] = true
						ok = free(x.Node, x.Node)
					}
				default:
					ok = false
				}
				return false
			}
			return true
		}
		ast.Walk(e, walk, nil)
		return ok
	}
	return free(cond, nil)
}

// hiddenField reports whether a reference names a hidden field (_on:
// …), whose value CUE's resolver gives as the reference's node, not an
// alias spelled with an underscore (cue import's _t0="foo"?: _, a
// regular field, whose node is the field), nor a comprehension's
// variable.
func hiddenField(x *ast.Ident) bool {
	if !strings.HasPrefix(x.Name, "_") || strings.HasPrefix(x.Name, "_#") {
		return false
	}
	switch x.Node.(type) {
	case *ast.Field, *ast.Alias, *ast.ForClause, *ast.LetClause, *ast.ImportSpec:
		return false
	}
	return true
}

// isLet reports whether a reference names a let.
func isLet(n ast.Node) bool {
	_, ok := n.(*ast.LetClause)
	return ok
}

// isImport reports whether a reference names an imported package.
func isImport(n ast.Node) bool {
	_, ok := n.(*ast.ImportSpec)
	return ok
}

// definitionTested says why a condition that tests a definition, def, but
// is not decided by the schema alone (decidedBySchema) is not carried.
func definitionTested(e ast.Expr, def string) string {
	return fmt.Sprintf("the condition %s tests %s, a definition whose value names a member of the data (or a let, a hidden field or an alias, which may be computed from it): CUE decides a test of definitions alone from the schema, and an if that declares or narrows fields is carried when it tests the data's own fields", exprString(e), def)
}

// mapSampleKeys are up to n distinct keys that key, a map's key type
// (nil for any string), admits, for a probe that fills a map with as
// many members as a count of them needs: k0, k1, …, or built on the
// string the first key pattern's sample is.
func mapSampleKeys(key *Type, n int) []string {
	var must, mustNot []*regexp.Regexp
	if key != nil {
		for _, re := range key.Patterns {
			must = append(must, regexp.MustCompile(re))
		}
		for _, re := range key.NotPatterns {
			mustNot = append(mustNot, regexp.MustCompile(re))
		}
	}
	admits := func(s string) bool {
		return !slices.ContainsFunc(must, func(re *regexp.Regexp) bool { return !re.MatchString(s) }) &&
			!slices.ContainsFunc(mustNot, func(re *regexp.Regexp) bool { return re.MatchString(s) })
	}
	stem := "k"
	if key != nil && len(key.Patterns) > 0 {
		if s, ok := patternSample(key.Patterns[0]); ok {
			stem = s
		}
	}
	var keys []string
	for i := 0; len(keys) < n && i < 4*n+8; i++ {
		for _, k := range []string{stem + strconv.Itoa(i), stem + strings.Repeat("a", i+1), strings.Repeat(stem, i+1), "k" + strconv.Itoa(i)} {
			if admits(k) && !slices.Contains(keys, k) {
				keys = append(keys, k)
				break
			}
		}
	}
	return keys
}

// patternSample is a short string that matches the regular expression
// re (RE2, as CUE's =~), for a probe that must make a field present with
// a value CUE takes: each repetition its least, each alternation its
// first, each class its first character. ok is false when re does not
// parse or the string built does not match (an anchor inside, \b).
func patternSample(re string) (string, bool) {
	prog, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	var build func(x *syntax.Regexp)
	build = func(x *syntax.Regexp) {
		switch x.Op {
		case syntax.OpLiteral:
			b.WriteString(string(x.Rune))
		case syntax.OpCharClass:
			if len(x.Rune) > 0 {
				b.WriteRune(x.Rune[0])
			}
		case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
			b.WriteByte('a')
		case syntax.OpCapture:
			build(x.Sub[0])
		case syntax.OpPlus:
			build(x.Sub[0])
		case syntax.OpRepeat:
			for range x.Min {
				build(x.Sub[0])
			}
		case syntax.OpConcat:
			for _, s := range x.Sub {
				build(s)
			}
		case syntax.OpAlternate:
			build(x.Sub[0])
		}
	}
	build(prog.Simplify())
	s := b.String()
	m, err := regexp.MatchString(re, s)
	return s, err == nil && m
}

// sampleOf is a value of t built from the model, for a probe that must
// make a field present with a value CUE takes: an object's required
// fields each a sample of its type (with a variant's tag), a list of its
// least number of items, a number at its least, a string its first
// pattern matches, an enum's first member. CUE, not this, decides whether
// the value is admitted (fillFirst); ok is false where no sample is built.
func sampleOf(t *Type, depth int) (any, bool) {
	if depth > 8 || t == nil {
		return nil, false
	}
	c := t.Effective()
	switch t.Kind {
	case EnumKind:
		if len(t.Enum.Members) > 0 {
			return t.Enum.Members[0].Value, true
		}
	case ConstKind:
		var v any
		if json.Unmarshal([]byte(t.Const), &v) == nil {
			return v, true
		}
	case NullableKind, NullKind:
		return nil, true
	case AnyKind:
		return true, true
	case MapKind:
		return map[string]any{}, true
	case ListKind:
		out := []any{}
		if c.MinItems != nil && *c.MinItems > maxSampleLen {
			return nil, false // list.MinItems(1e9): no sample worth building
		}
		if c.MinItems != nil {
			for range *c.MinItems {
				item, ok := sampleOf(t.Elem, depth+1)
				if !ok {
					return nil, false
				}
				out = append(out, item)
			}
		}
		return out, true
	case ObjectKind:
		return objectSample(t.Object, depth)
	case UnionKind:
		if u := t.Union; len(u.Variants) > 0 {
			return objectSample(u.Variants[0], depth)
		}
	case BasicKind, ScalarKind:
		switch t.BaseOf() {
		case Bool:
			return true, true
		case Int, Number:
			switch {
			case c.Min != nil:
				return *c.Min, true
			case c.Max != nil && *c.Max < 0:
				return *c.Max, true
			}
			return 0, true
		case Time:
			return "2024-01-02T03:04:05Z", true
		case String:
			for _, re := range c.Patterns {
				if s, ok := patternSample(re); ok {
					return s, true
				}
			}
			n := 1
			if c.MinRunes != nil {
				n = max(n, *c.MinRunes)
			}
			if n > maxSampleLen {
				return nil, false
			}
			return strings.Repeat("a", n), true
		}
	}
	return nil, false
}

// maxSampleLen bounds the items or characters sampleOf writes: a schema
// asking for more (list.MinItems(1000000000)) gets no sample, not a
// probe that allocates without end.
const maxSampleLen = 256

// objectSample is an object with o's required fields, each a sample of
// its type, and a variant's tag.
func objectSample(o *Object, depth int) (any, bool) {
	out := map[string]any{}
	for _, f := range o.Fields {
		if f.Optional {
			continue
		}
		v, ok := sampleOf(f.Type, depth+1)
		if !ok {
			return nil, false
		}
		out[f.Name] = v
	}
	if o.Union != nil && o.Union.Discriminator != "" {
		out[o.Union.Discriminator] = o.Tag
	}
	return out, true
}

// notOwnField refuses an if's test of name, which is not a field of the
// object obj whose value holds the if: CUE finds it outside the object
// (timoni's requests: {if limits != _|_ {…}}, limits a member of the
// object around it), and JSON Schema's if/then, where the object's
// schema holds it, sees only the object's own members.
func notOwnField(test, name, obj string) string {
	return fmt.Sprintf("%s: %s is not a field of %s, whose value holds the if; an if is carried when it tests the object's own fields (JSON Schema's if/then there sees only those), and %s is a value outside it (a member of an object around it, or another definition's), a test between two parts of the data that no target states there; test a field of %s, or move the if to the object that holds %s", test, name, obj, name, obj, name)
}
