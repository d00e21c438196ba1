package fixpoint

import (
	"maps"
	"slices"
	"testing"
)

// reach is a Solver of the nodes a node of g reaches, itself included:
// every cycle of g is a component whose estimates grow until they hold.
func reach(g map[int][]int) func(int) []int {
	var s Solver[int, []int]
	s.Initial = func() []int { return nil }
	s.Join = func(computed, estimate []int) ([]int, bool) {
		set := make(map[int]bool)
		for _, x := range append(slices.Clone(computed), estimate...) {
			set[x] = true
		}
		out := slices.Sorted(maps.Keys(set))
		return out, len(out) != len(estimate)
	}
	var of func(n int) []int
	of = func(n int) []int {
		return s.Solve(n, func() []int {
			out := []int{n}
			for _, m := range g[n] {
				out = append(out, of(m)...)
			}
			return out
		})
	}
	return of
}

func TestSolveCycles(t *testing.T) {
	// 1 -> 2 -> 3 -> 1 is a cycle; 3 -> 4 leaves it; 5 -> 5 is a self
	// loop; 6 -> 1 enters the cycle from outside.
	g := map[int][]int{1: {2}, 2: {3}, 3: {1, 4}, 5: {5}, 6: {1}}
	for _, order := range [][]int{{1, 2, 3, 4, 5, 6}, {3, 6, 2, 5, 1, 4}, {6, 4, 5, 3, 2, 1}} {
		of := reach(g)
		want := map[int][]int{1: {1, 2, 3, 4}, 2: {1, 2, 3, 4}, 3: {1, 2, 3, 4}, 4: {4}, 5: {5}, 6: {1, 2, 3, 4, 6}}
		for _, n := range order {
			if got := of(n); !slices.Equal(got, want[n]) {
				t.Errorf("asked in order %v: reach(%d) = %v, want %v", order, n, got, want[n])
			}
		}
	}
}

func TestForget(t *testing.T) {
	var s Solver[string, int]
	s.Initial = func() int { return 0 }
	s.Join = func(c, e int) (int, bool) { return max(c, e), c > e }
	calls := 0
	get := func() int { return s.Solve("k", func() int { calls++; return calls }) }
	if get() != 1 || get() != 1 {
		t.Fatalf("an answer is computed once")
	}
	s.Forget()
	if got := get(); got != 2 {
		t.Errorf("after Forget: %d, want the answer computed again (2)", got)
	}
	if _, ok := s.Known("other"); ok {
		t.Errorf("Known of a key never asked: ok")
	}
}
