package mcpssa_inert

import (
	"context"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestTable(t *testing.T) { // want `left out`
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			if _, err := lookup(name); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// A handler made by a call and kept in a local variable goes nowhere; a
// translation helper returns only strings.
func TestLocalHandler(t *testing.T) { // want `left out`
	h := makeHandler(translate)
	if _, err := h(context.Background(), &mcp.CallToolRequest{}); err != nil {
		t.Fatal(err)
	}
	check := func() error { return nil }
	if err := check(); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkLookup(b *testing.B) { // want `left out`
	for range b.N {
		lookup("a")
	}
}

func FuzzLookup(f *testing.F) { // want `left out`
	f.Fuzz(func(t *testing.T, key string) { lookup(key) })
}

func ExampleTable() { // want `left out`
	lookup("a")
}

func Example() { // want `left out`
	lookup("b")
}

// Kept: they make or hand on function values that can matter, or name a
// handler-shaped function or a package-level map.

func TestHandlerLiteral(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{}, nil)
	s.AddTool(&mcp.Tool{}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New("bad arguments")
	})
}

func TestRegistersMadeHandler(t *testing.T) {
	register(mcp.NewServer(&mcp.Implementation{}, nil), makeHandler(translate))
}

func TestPassesLocalHandler(t *testing.T) {
	h := makeHandler(translate)
	register(mcp.NewServer(&mcp.Implementation{}, nil), h)
}

func TestPassesFunctionValue(t *testing.T) {
	wrap(func(context.Context) error { return nil })
}

func TestStoresLiteral(t *testing.T) {
	checks := map[string]func() error{}
	checks["a"] = func() error { return nil }
}

func TestCallsBody(t *testing.T) {
	body(context.Background(), &mcp.CallToolRequest{}, 2)
}

func TestWritesMap(t *testing.T) {
	labels["b"] = "B"
}

func TestReadsMap(t *testing.T) {
	_ = labels["a"]
}

// Named only by functions left out.
func TestCalled(t *testing.T) {} // want `left out`

func TestCaller(t *testing.T) { // want `left out`
	TestCalled(t)
	request(t)
}

func request(t *testing.T) *mcp.CallToolRequest { // want `left out`
	return &mcp.CallToolRequest{}
}

func unused(t *testing.T) { lookup("a") } // want `left out`

// Named by functions kept, or able to matter themselves.

func TestKeptCaller(t *testing.T) {
	labels[keptHelper()] = "B"
}

func keptHelper() string { return "b" }

var fromInitializer = initHelper()

func initHelper() string { return "c" }

func Testable(t *testing.T) bool { return true }

func ExportedHelper(t *testing.T) { lookup("a") }

func handlerShaped(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("unused handler")
}

func init() {}
