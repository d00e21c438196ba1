// Package sorted holds operations on sorted sets kept as slices, the
// form facts and results use because they encode the same way every time.
package sorted

import (
	"cmp"
	"slices"
)

// Union returns the sorted union of a and b, each element once.
func Union[T cmp.Ordered](a, b []T) []T {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}
