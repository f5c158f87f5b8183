package wire

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strconv"
)

// Next returns the first byte of the next value, after any whitespace,
// without reading it: a generated decoder of a value that is one of
// several JSON kinds chooses the alternative by it ('"' a string, '-' or a
// digit a number, 't' or 'f' a boolean, '{' an object, '[' an array).
func (r *Reader) Next() byte { return r.peek() }

// UniqueItems checks that no two items of a list are equal, as CUE's
// list.UniqueItems and JSON Schema's uniqueItems require: it reports the
// first repeat, by its index and the index it repeats.
func UniqueItems[T comparable](p *Problems, path *Path, member string, items []T) {
	if len(items) < 2 {
		return
	}
	seen := make(map[T]int, len(items))
	for i, v := range items {
		if j, dup := seen[v]; dup {
			p.Add(path, member, RuleUniqueItems, "must have unique items (item %d repeats item %d)", i, j)
			return
		}
		seen[v] = i
	}
}

// UniqueItemsBy is UniqueItems for items that are not comparable
// themselves (a value of one of several JSON kinds): two items are equal
// when key gives equal keys.
func UniqueItemsBy[T any, K comparable](p *Problems, path *Path, member string, items []T, key func(*T) K) {
	if len(items) < 2 {
		return
	}
	seen := make(map[K]int, len(items))
	for i := range items {
		k := key(&items[i])
		if j, dup := seen[k]; dup {
			p.Add(path, member, RuleUniqueItems, "must have unique items (item %d repeats item %d)", i, j)
			return
		}
		seen[k] = i
	}
}

// JSONKeys is JSONKey of each item, in order: the keys of a tuple's items
// after its leading ones.
func JSONKeys[T any](items []T) []string {
	keys := make([]string, len(items))
	for i := range items {
		keys[i] = JSONKey(&items[i])
	}
	return keys
}

// JSONKey is the JSON value *v holds, as a key of UniqueItemsBy: its
// encoding (json.Marshal, which calls a generated type's AppendJSON) with
// every object's members sorted and every number written as the exact
// rational it is (1, 1.0 and 1e0 alike), so equal JSON values, as
// list.UniqueItems and JSON Schema's uniqueItems compare them, give equal
// keys.
func JSONKey[T any](v *T) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "\x00" + err.Error() // not JSON: equal only to the same failure
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		return "\x00" + err.Error()
	}
	return string(appendCanonical(nil, x))
}

// appendCanonical writes x (from a json.Decoder with UseNumber) with sorted
// members and exact numbers.
func appendCanonical(b []byte, x any) []byte {
	switch x := x.(type) {
	case map[string]any:
		b = append(b, '{')
		for i, k := range SortedKeys(x) {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendQuote(b, k)
			b = append(b, ':')
			b = appendCanonical(b, x[k])
		}
		return append(b, '}')
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCanonical(b, e)
		}
		return append(b, ']')
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(x)); ok {
			return append(b, r.RatString()...)
		}
		return append(b, x...)
	case string:
		return strconv.AppendQuote(b, x)
	case bool:
		return strconv.AppendBool(b, x)
	}
	return append(b, "null"...)
}
