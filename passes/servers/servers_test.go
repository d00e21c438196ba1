package servers_test

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/internal/stages"
	"github.com/mcperrlint/mcperrlint/passes/servers"
)

// newReporter returns an analyzer that reports each server the pass
// finds, at the call that builds it, as "server SDK converts=B
// recovers=B".
func newReporter() *analysis.Analyzer {
	srvs := stages.New().Servers
	return &analysis.Analyzer{
		Name:       "serversreport",
		Doc:        "report the servers the servers pass finds",
		Requires:   []*analysis.Analyzer{srvs},
		ResultType: reflect.TypeFor[*servers.Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[srvs].(*servers.Result)
			for _, s := range res.Servers {
				pass.Reportf(s.Pos, "server %s converts=%t recovers=%t", s.SDK, s.Converts, s.Recovers)
			}
			return res, nil
		},
	}
}

// TestServers checks the servers of servers_basic and their middleware
// (want lines); the servers its test file builds are left out, in the
// package's test variant too.
func TestServers(t *testing.T) {
	results := analysistest.Run(t, testbin.Testdata(t), newReporter(), "servers_basic")
	n := 0
	for _, r := range results {
		if r.Pass.Pkg.Path() != "servers_basic" || r.Err != nil {
			continue
		}
		n++
		res := r.Result.(*servers.Result)
		if len(res.Servers) != 5 {
			t.Errorf("%d servers in %s, want 5", len(res.Servers), r.Pass.Pkg.Path())
		}
		// Source order.
		if !slices.IsSortedFunc(res.Servers, func(a, b servers.Server) int { return int(a.Pos - b.Pos) }) {
			t.Errorf("servers out of source order: %v", res.Servers)
		}
		// Some go-sdk and some mcp-go server does not convert.
		if got := res.Converted(); got != nil {
			t.Errorf("Converted() = %v, want nil", got)
		}
		if got := res.Recovered(); got != nil {
			t.Errorf("Recovered() = %v, want nil", got)
		}
	}
	if n == 0 {
		t.Fatal("no result for servers_basic")
	}
}

// TestNoServers: a package of no SDK gets an empty result.
func TestNoServers(t *testing.T) {
	results := analysistest.Run(t, testbin.Testdata(t), newReporter(), "github.com/mark3labs/mcp-go/server")
	for _, r := range results {
		if res := r.Result.(*servers.Result); len(res.Servers) != 0 {
			t.Errorf("%s: servers %v, want none", r.Pass.Pkg.Path(), res.Servers)
		}
	}
}

// TestEveryServer checks that an SDK is converted, or recovered, when
// every server of it is, and only then.
func TestEveryServer(t *testing.T) {
	srv := func(sdk string, converts, recovers bool) servers.Server {
		return servers.Server{SDK: sdk, Converts: converts, Recovers: recovers}
	}
	for _, tc := range []struct {
		servers              []servers.Server
		converted, recovered []string
	}{
		{nil, nil, nil},
		{[]servers.Server{srv("go-sdk", true, false)}, []string{"go-sdk"}, nil},
		{[]servers.Server{srv("go-sdk", false, true)}, nil, []string{"go-sdk"}},
		{[]servers.Server{srv("go-sdk", true, true), srv("go-sdk", false, true)}, nil, []string{"go-sdk"}},
		{[]servers.Server{srv("go-sdk", false, false), srv("go-sdk", true, true)}, nil, nil},
		{[]servers.Server{srv("go-sdk", true, false), srv("mcp-go", true, true), srv("mcp-go", true, false)}, []string{"go-sdk", "mcp-go"}, nil},
		{[]servers.Server{srv("go-sdk", true, true), srv("mcp-go", false, true), srv("go-sdk", true, true)}, []string{"go-sdk"}, []string{"go-sdk", "mcp-go"}},
	} {
		name := fmt.Sprint(tc.servers)
		res := &servers.Result{Servers: tc.servers}
		check := func(what string, got map[string]bool, want []string) {
			if want == nil {
				if got != nil {
					t.Errorf("%s: %s = %v, want nil", name, what, got)
				}
				return
			}
			keys := slices.Sorted(maps.Keys(got))
			if !slices.Equal(keys, want) {
				t.Errorf("%s: %s = %v, want %v", name, what, keys, want)
			}
			for k, v := range got {
				if !v {
					t.Errorf("%s: %s[%s] is false", name, what, k)
				}
			}
		}
		check("Converted()", res.Converted(), tc.converted)
		check("ConvertedSDKs", servers.ConvertedSDKs(tc.servers), tc.converted)
		check("Recovered()", res.Recovered(), tc.recovered)
	}
}
