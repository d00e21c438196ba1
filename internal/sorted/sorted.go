// Package sorted holds operations on sorted sets kept as slices, the
// form facts and results use because they encode the same way every time.
package sorted

import (
	"cmp"
	"go/token"
	"slices"
)

// Union returns the sorted union of a and b, each element once.
func Union[T cmp.Ordered](a, b []T) []T {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// ComparePositions orders two positions of fset by file name, then offset.
// Comparing the token.Pos values themselves orders files by the order the
// loader added them to the file set, which a loader that parses files
// concurrently does not keep from run to run.
func ComparePositions(fset *token.FileSet, a, b token.Pos) int {
	pa, pb := fset.PositionFor(a, false), fset.PositionFor(b, false)
	if c := cmp.Compare(pa.Filename, pb.Filename); c != 0 {
		return c
	}
	return cmp.Compare(pa.Offset, pb.Offset)
}
