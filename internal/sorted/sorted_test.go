package sorted

import (
	"fmt"
	"go/token"
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

// TestComparePositions checks that positions order by file name and
// offset, not by the order their files joined the file set (a loader that
// parses concurrently adds them in any order).
func TestComparePositions(t *testing.T) {
	fset := token.NewFileSet()
	b := fset.AddFile("b.go", -1, 100) // added first: smaller Pos values
	a := fset.AddFile("a.go", -1, 100)
	positions := []token.Pos{b.Pos(10), a.Pos(50), b.Pos(5), a.Pos(7)}
	slices.SortFunc(positions, func(x, y token.Pos) int { return ComparePositions(fset, x, y) })
	var got []string
	for _, p := range positions {
		pos := fset.Position(p)
		got = append(got, fmt.Sprintf("%s:%d", pos.Filename, pos.Offset))
	}
	if want := []string{"a.go:7", "a.go:50", "b.go:5", "b.go:10"}; !slices.Equal(got, want) {
		t.Errorf("sorted %v, want %v", got, want)
	}
}
