package ascending

import (
	"slices"
	"testing"
)

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		xs   []int
		want []bool
	}{
		{nil, []bool{}},
		{[]int{1, 2, 3}, []bool{true, true, true}},
		{[]int{1, 700, 2, 3}, []bool{true, false, true, true}}, // one item moved far
		{[]int{3, 1, 2}, []bool{false, true, true}},
		{[]int{2, 1}, []bool{false, true}},          // a swap: the run ending on the smallest value
		{[]int{1, 1, 2}, []bool{false, true, true}}, // equal values: the later one
	} {
		if got := Run(tc.xs); !slices.Equal(got, tc.want) {
			t.Errorf("Run(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
}
