// Package argflow_taint holds mcp-go handlers whose values the argflow
// test reports the taint of: argument values, decode and check failures,
// request-level values, and what is not argument data at all.
package argflow_taint

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"

	"argflow_tables"

	"github.com/mark3labs/mcp-go/mcp"
)

func taint(v any) {}

type args struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

// Accessors, decoders and their errors.
func accessors(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	taint(req.GetArguments())        // want `taint arg`
	taint(req.GetString("city", "")) // want `taint arg`
	taint(mcp.ParseInt(req, "n", 1)) // want `taint arg`
	city, err := req.RequireString("city")
	taint(city) // want `taint arg`
	taint(err)  // want `taint decode`
	var a args
	berr := req.BindArguments(&a)
	taint(berr)   // want `taint decode`
	taint(a.City) // want `taint arg`
	var b args
	uerr := json.Unmarshal(req.Params.RawArguments, &b)
	taint(uerr)   // want `taint decode`
	taint(b.Days) // want `taint arg`
	var c args
	_ = req.BindArguments(&c)
	taint(&c)                      // want `taint arg`
	taint(req.Params.Arguments)    // want `taint arg`
	taint(req.Params.RawArguments) // want `taint arg`
	return nil, nil
}

// Request-level fields are not arguments; the server's own data is
// neither.
func requestLevel(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	taint(req.Params.Name)                  // want `taint request`
	taint(req.Params.Meta)                  // want `taint request`
	taint(strings.ToUpper(req.Params.Name)) // want `taint request`
	taint(known(req.Params.Name))           // want `taint request`
	taint(os.Getenv("HOME"))                // want `taint none`
	taint(ctx)                              // want `taint none`
	taint(req.Header)                       // want `taint request`
	taint(known(req.GetString("city", ""))) // want `taint none`
	return nil, nil
}

func known(name string) bool { return name != "" }

// Assertions and lookups on the arguments.
func lookups(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	m := req.GetArguments()
	n, ok := m["n"].(float64)
	taint(n)  // want `taint arg`
	taint(ok) // want `taint decode`
	raw, present := m["count"]
	taint(raw)     // want `taint arg`
	taint(present) // want `taint check`
	taint(m["x"])  // want `taint arg`
	s := req.GetString("s", "")
	taint(s[0])   // want `taint arg`
	taint(s[1:])  // want `taint arg`
	taint(len(s)) // want `taint arg`
	var local any = 3
	v, ok2 := local.(int)
	taint(v)   // want `taint none`
	taint(ok2) // want `taint none`
	for k, v := range m {
		taint(k) // want `taint arg`
		taint(v) // want `taint arg`
	}
	ch := make(chan string, 1)
	ch <- s
	taint(<-ch) // want `taint none`
	got, okc := <-ch
	taint(got) // want `taint none`
	taint(okc) // want `taint none`
	return nil, nil
}

// Pure functions carry argument values and fail checks; others do not.
func pure(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s := req.GetString("page", "1")
	page, err := strconv.Atoi(s)
	taint(page) // want `taint arg`
	taint(err)  // want `taint check`
	_, merr := json.Marshal(s)
	taint(merr) // want `taint none`
	_, cerr := strconv.Atoi("12")
	taint(cerr)                             // want `taint none`
	taint(errors.Is(err, strconv.ErrRange)) // want `taint check`
	f, ferr := os.Open(s)
	taint(f)             // want `taint none`
	taint(ferr)          // want `taint none`
	taint(-page)         // want `taint arg`
	taint(page + 1)      // want `taint arg`
	taint(float64(page)) // want `taint arg`
	type myString string
	taint(myString(s)) // want `taint arg`
	taint([]byte(s))   // want `taint arg`
	return nil, nil
}

// Phis, locals and maps the handler fills.
func locals(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	x := "default"
	if ctx != nil {
		x = req.GetString("x", "")
	}
	taint(x) // want `taint arg`
	y := "a"
	if ctx != nil {
		y = "b"
	}
	taint(y) // want `taint none`
	opts := map[string]string{"mode": req.GetString("mode", "")}
	taint(opts) // want `taint arg`
	plain := map[string]string{"mode": "fast"}
	taint(plain) // want `taint none`
	arr := [2]string{req.GetString("a", ""), "b"}
	taint(arr[0]) // want `taint arg`
	sl := []string{"a", req.GetString("b", "")}
	taint(sl[0]) // want `taint arg`
	p := &arr
	taint(p[:])             // want `taint arg`
	taint((*[2]string)(sl)) // want `taint arg`
	var iface any = req.GetString("i", "")
	taint(iface.(interface{ Len() int })) // want `taint arg`
	return nil, nil
}

// Lookups of argument keys: in the server's own data they are business,
// in a fixed table of valid values a check.
var store = map[string]int{}

var valid = map[string]bool{"fast": true, "slow": true} // want `fixed map valid`

func setStore(k string) { store[k] = 1 }

func tables(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	mode := req.GetString("mode", "")
	taint(store[mode]) // want `taint none`
	_, ok := store[mode]
	taint(ok) // want `taint none`
	w, ok2 := valid[mode]
	taint(w)   // want `taint arg`
	taint(ok2) // want `taint check`
	_, ok3 := argflow_tables.FixedModes[mode]
	taint(ok3) // want `taint check`
	_, ok4 := argflow_tables.Modes[mode]
	taint(ok4) // want `taint none`
	local := map[string]int{"a": 1, "b": 2}
	_, ok5 := local[mode]
	taint(ok5) // want `taint check`
	_, ok6 := store[req.Params.Name]
	taint(ok6) // want `taint none`
	return nil, nil
}
