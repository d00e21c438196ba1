package seeds_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/internal/findtest"
	"github.com/mcperrlint/mcperrlint/passes/seeds"
)

// TestSeeds runs the families whose wrappers forward the functions they
// are given, method values among them, in one package and from another:
// the want lines check each handler's seeds, the ones it gains from a
// forwarding call in its package and those another package's seeds fact
// gives it, and the facts; then the seeds facts are checked whole.
func TestSeeds(t *testing.T) {
	results := analysistest.Run(t, testbin.Testdata(t), findtest.Analyzer, "handlers_gosdk", "handlers_xpkg/wrap", "handlers_xpkg/use")
	got := make(map[string][]handlers.ForwardedParam)
	for name, f := range findtest.Facts[findtest.Seeds](results) {
		got[name] = f.Forwards
	}
	findtest.Check(t, "seeds", got, map[string][]handlers.ForwardedParam{
		"handlers_gosdk.toolHandler":      {{Param: 0, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true}},
		"handlers_gosdk.handlerFunc":      {{Param: 0, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true}},
		"handlers_gosdk.withDeps":         {{Param: 0, Made: true, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true}},
		"handlers_gosdk.forwardFunc.Call": {{Param: 0, SDK: "go-sdk", Args: 2, Seeds: []int{1}, ResultFlow: true}},
		"wrap.NewTool":                    {{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true}},
		"wrap.Retry": {
			{Param: 0, SDK: "go-sdk", Args: 3, ResultFlow: true},
			{Param: 0, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true},
		},
	})
}

func TestString(t *testing.T) {
	for _, tc := range []struct {
		fps  []handlers.ForwardedParam
		want string
	}{
		{nil, ""},
		{[]handlers.ForwardedParam{{Param: 1, Seeds: []int{2}}}, "1 seeds 2"},
		{[]handlers.ForwardedParam{{Param: 0}, {Param: 0, Seeds: []int{1, 2}}}, "0 seeds none; 0 seeds 1 2"},
	} {
		if got := seeds.String(tc.fps); got != tc.want {
			t.Errorf("String(%v) = %q, want %q", tc.fps, got, tc.want)
		}
	}
}
