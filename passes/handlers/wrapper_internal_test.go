package handlers

import "testing"

func TestWrapperString(t *testing.T) {
	for _, tc := range []struct {
		w    wrapper
		want string
	}{
		{wrapper{}, ""},
		{wrapper{Forwards: []ForwardedParam{{Param: 1}}}, "forwards 1"},
		{wrapper{Forwards: []ForwardedParam{{Param: 0}, {Param: 2, Made: true}}}, "forwards 0; forwards 2"},
		{wrapper{Forwards: []ForwardedParam{{Param: 0, Method: "Call"}, {Param: 1}}}, "forwards 0.Call; forwards 1"},
	} {
		if got := tc.w.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.w, got, tc.want)
		}
	}
}

// TestCompareForwardedParams checks the order the facts are sorted in:
// every field counts, so equal entries, and only those, are dropped.
func TestCompareForwardedParams(t *testing.T) {
	base := ForwardedParam{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2}}
	for _, later := range []ForwardedParam{
		{Param: 2, SDK: "go-sdk", Args: 3, Seeds: []int{2}},
		{Param: 1, Made: true, SDK: "go-sdk", Args: 3, Seeds: []int{2}},
		{Param: 1, SDK: "mcp-go", Args: 3, Seeds: []int{2}},
		{Param: 1, SDK: "go-sdk", Args: 4, Seeds: []int{2}},
		{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2, 3}},
		{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true},
	} {
		if c := CompareForwardedParams(base, later); c >= 0 {
			t.Errorf("compare(%+v, %+v) = %d, want < 0", base, later, c)
		}
		if c := CompareForwardedParams(later, base); c <= 0 {
			t.Errorf("compare(%+v, %+v) = %d, want > 0", later, base, c)
		}
	}
	if c := CompareForwardedParams(base, ForwardedParam{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2}}); c != 0 {
		t.Errorf("compare of equal params = %d, want 0", c)
	}
}
