package argflow

import "testing"

// TestBitset checks the bit sets of the post-dominator computation,
// across word boundaries.
func TestBitset(t *testing.T) {
	for _, tc := range []struct {
		n         int
		a, b      []int // bits of two sets
		intersect []int
		equal     bool
	}{
		{n: 1, a: []int{0}, b: []int{0}, intersect: []int{0}, equal: true},
		{n: 64, a: []int{0, 63}, b: []int{63}, intersect: []int{63}},
		{n: 65, a: []int{63, 64}, b: []int{64}, intersect: []int{64}},
		{n: 130, a: []int{1, 64, 129}, b: []int{2, 64, 128}, intersect: []int{64}},
		{n: 130, a: []int{5}, b: []int{6}, intersect: nil},
	} {
		a, b := newBitset(tc.n), newBitset(tc.n)
		if want := (tc.n + 63) / 64; len(a) != want {
			t.Fatalf("newBitset(%d): %d words, want %d", tc.n, len(a), want)
		}
		for _, i := range tc.a {
			a.add(i)
		}
		for _, i := range tc.b {
			b.add(i)
		}
		if a.equal(b) != tc.equal {
			t.Errorf("n=%d: %v equal to %v: %v, want %v", tc.n, tc.a, tc.b, a.equal(b), tc.equal)
		}
		c := newBitset(tc.n)
		c.copyFrom(a)
		if !c.equal(a) {
			t.Errorf("n=%d: copy of %v differs", tc.n, tc.a)
		}
		c.intersect(b)
		for i := range tc.n {
			want := false
			for _, j := range tc.intersect {
				want = want || i == j
			}
			if c.has(i) != want {
				t.Errorf("n=%d: %v ∩ %v has %d: %v, want %v", tc.n, tc.a, tc.b, i, c.has(i), want)
			}
		}
		c.fill()
		for i := range tc.n {
			if !c.has(i) {
				t.Errorf("n=%d: filled set lacks %d", tc.n, i)
			}
		}
	}
}
