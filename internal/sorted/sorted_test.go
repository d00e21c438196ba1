package sorted

import (
	"slices"
	"testing"
)

func TestUnion(t *testing.T) {
	for _, tc := range []struct{ a, b, want []int }{
		{nil, nil, nil},
		{[]int{3, 1}, nil, []int{1, 3}},
		{[]int{1, 2}, []int{2, 3}, []int{1, 2, 3}},
		{[]int{2, 2}, []int{1}, []int{1, 2}},
	} {
		if got := Union(tc.a, tc.b); !slices.Equal(got, tc.want) {
			t.Errorf("Union(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	a := []int{2, 1}
	Union(a, []int{0})
	if !slices.Equal(a, []int{2, 1}) {
		t.Errorf("Union changed its argument: %v", a)
	}
}
