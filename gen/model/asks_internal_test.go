package model

import "testing"

func TestMemoAsksOnceAndForgets(t *testing.T) {
	defer SetAskedLimit(2)()
	var m memo[int, int]
	asks := 0
	get := func(k int) int {
		return m.get(k, func() int { asks++; return k * 10 })
	}
	for _, step := range []struct {
		key, asks int
	}{
		{1, 1}, {1, 1}, // asked once
		{2, 2}, {3, 3}, // 1 and 2 fill the first generation; 3 starts the next
		{1, 3}, // found in the previous generation, kept
		{4, 4}, // the second generation (3, 1) is full: 4 starts a third, 2 is dropped
		{2, 5}, // asked again
		{3, 5}, // still in the previous generation
	} {
		if got := get(step.key); got != step.key*10 {
			t.Fatalf("get(%d) = %d, want %d", step.key, got, step.key*10)
		}
		if asks != step.asks {
			t.Fatalf("after get(%d): %d questions asked, want %d", step.key, asks, step.asks)
		}
	}
}
