// Package ascending finds a longest strictly increasing subsequence: what
// stayed in order when a few elements of a list moved. The compatibility
// checks use it to report the one catalog item or layout field that moved,
// not every item its move displaced.
package ascending

// Run marks the elements of xs on a longest strictly increasing
// subsequence, found in n log n. Of several such runs it keeps the one that
// ends on the smallest values.
func Run(xs []int) []bool {
	var tails []int // tails[k]: index of the smallest last element of a run of length k+1
	prev := make([]int, len(xs))
	for i, x := range xs {
		lo, hi := 0, len(tails)
		for lo < hi {
			m := (lo + hi) / 2
			if xs[tails[m]] < x {
				lo = m + 1
			} else {
				hi = m
			}
		}
		prev[i] = -1
		if lo > 0 {
			prev[i] = tails[lo-1]
		}
		if lo == len(tails) {
			tails = append(tails, i)
		} else {
			tails[lo] = i
		}
	}
	in := make([]bool, len(xs))
	if len(tails) > 0 {
		for i := tails[len(tails)-1]; i >= 0; i = prev[i] {
			in[i] = true
		}
	}
	return in
}
