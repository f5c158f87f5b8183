package wire

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
