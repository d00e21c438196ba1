package main_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// runtimeDir is a module of MCP servers on the real SDKs, with a driver
// (runtimeDir/driver) that starts them in process and calls their tools
// through each SDK's own client. Each return line the test calls ends in
// a comment "runtime: SERVER/TOOL", or "runtime: SERVER/TOOL#LABEL" when
// there are two in a tool.
const runtimeDir = "../../testdata/runtime"

var runtimeMarker = regexp.MustCompile(`// runtime: (\S+)$`)

// A runtimeCase is a call to one tool, with arguments that reach the
// marked return.
type runtimeCase struct {
	call string // SERVER/TOOL[#LABEL], as in the marker comment
	args string // JSON arguments

	// correct says the marked return is right as it is: a middleware of
	// the server turns the handler's error into an IsError result. It is
	// not reported, and the client gets an IsError result before any fix.
	correct bool

	// code is the JSON-RPC code of the protocol error the client gets
	// before the fix, for a case that is not correct.
	code int64

	// message starts the text the client gets: the protocol error's
	// message before the fix, then the IsError result's text, which must
	// be the same.
	message string
}

var runtimeCases = []runtimeCase{
	// go-sdk: a raw handler's plain error goes on the wire with code 0
	// (jsonrpc2's toWireError keeps a code only from a wrapped
	// *jsonrpc.Error).
	{call: "gosdk/forecast", args: `{"days":"soon"}`, code: 0, message: "invalid arguments: json: "},
	// A typed handler passes a *jsonrpc.Error from a helper through.
	{call: "gosdk/schedule", args: `{"days":40}`, code: -32602, message: "days must be between 1 and 14, got 40"},
	// A body whose error the project's wrapper returns as its own.
	{call: "gosdk/convert", args: `{"unit":"kelvin"}`, code: 0, message: `unit must be celsius or fahrenheit, got "kelvin"`},
	// A raw handler behind a telemetry wrapper that records its error
	// and returns it: after the fix the wrapper passes the IsError
	// result on.
	{call: "gosdk/lookup", args: `{"id":0}`, code: 0, message: "id must be a positive integer"},
	// Receiving middleware turns a tools/call error into an IsError result.
	{call: "gosdk-mw/greet", args: `{}`, correct: true, message: "name is required"},
	{call: "gosdk-mw/greet#decode", args: `{"name":5}`, correct: true, message: "json: "},

	// mcp-go: a raw handler's error is -32603.
	{call: "mcpgo/search", args: `{}`, code: -32603, message: `required argument "query" not found`},
	{call: "mcpgo/scale", args: `{"n":"x"}`, code: -32603, message: "n must be a number, got x"},
	// mcp.NewTypedToolHandler passes its function's error through.
	{call: "mcpgo/echo", args: `{}`, code: -32603, message: "text must not be empty"},
	// Tool handler middleware turns the error into an IsError result,
	// in the server's package (not the handler's) and in the same one.
	{call: "mcpgo-mw/search", args: `{}`, correct: true, message: `required argument "query" not found`},
	{call: "mcpgo-mwsame/search", args: `{}`, correct: true, message: `required argument "query" not found`},
}

// An outcome is the driver's line for a call: what the client got.
type outcome struct {
	Call  string `json:"call"`
	Error *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Result *struct {
		IsError bool   `json:"isError"`
		Text    string `json:"text"`
	} `json:"result"`
}

// TestRuntime proves the fixes where it matters: what an MCP client gets.
// It runs the servers of testdata/runtime through each SDK's own client
// (go-sdk's in-memory transports, mcp-go's in-process client) and calls
// each marked return's tool with arguments that reach it. Before
// mcperrlint -fix the client gets a protocol error with the SDK's code;
// after it, a result with IsError set and the same message. A handler
// behind a middleware that turns its error into an IsError result is not
// reported, and the client gets an IsError result without any fix.
func TestRuntime(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds servers on the real SDKs")
	}
	bin := buildCommand(t)
	dir := copyModule(t, runtimeDir)
	markers := runtimeMarkers(t, dir)
	var calls []string
	for _, c := range runtimeCases {
		if markers[c.call] == "" {
			t.Fatalf("%s: no line ends in // runtime: %s", c.call, c.call)
		}
		calls = append(calls, c.call+"="+c.args)
	}
	if len(markers) != len(runtimeCases) {
		t.Fatalf("%d marked lines, %d cases: every marked line needs a case", len(markers), len(runtimeCases))
	}

	// Build the servers before the fix, and call every tool in one process.
	bins := t.TempDir()
	before := runDriver(t, dir, filepath.Join(bins, "before"), calls)
	reports := runtimeReports(t, dir, bin)

	// -fix exits 0 even when a report has no fix: the cases below say
	// which returns are left as they were.
	if out, code := run(t, dir, bin, "-fix", "./..."); code != 0 {
		t.Fatalf("mcperrlint -fix: exit status %d\n%s", code, out)
	}
	// Building every package of the fixed module checks the fixes compile.
	after := runDriver(t, dir, filepath.Join(bins, "after"), calls)

	// Every report is on a marked line: reports there are the cases'.
	marked := map[string]bool{}
	for _, line := range markers {
		marked[line] = true
	}
	for line, fixes := range reports {
		if !marked[line] {
			t.Errorf("%s: reported (%d suggested fixes), but no case expects a report there", line, fixes)
		}
	}

	for _, c := range runtimeCases {
		t.Run(strings.ReplaceAll(c.call, "/", "_"), func(t *testing.T) {
			line := markers[c.call]
			b, a := before[c.call], after[c.call]
			if c.correct {
				if fixes, ok := reports[line]; ok {
					t.Errorf("%s: reported (%d suggested fixes), but the server's middleware returns the error as an IsError result", line, fixes)
				}
				if b.Result == nil || !b.Result.IsError || !strings.HasPrefix(b.Result.Text, c.message) {
					t.Errorf("%s %s: the client got %s, want an IsError result starting %q", c.call, c.args, describe(b), c.message)
				}
				if a.Result == nil || !a.Result.IsError || b.Result == nil || a.Result.Text != b.Result.Text {
					t.Errorf("after -fix, %s %s: the client got %s, want the same IsError result as before", c.call, c.args, describe(a))
				}
				return
			}

			fixes, reported := reports[line]
			switch {
			case !reported:
				t.Errorf("%s: not reported", line)
			case fixes != 1:
				t.Errorf("%s: reported with %d suggested fixes, want 1", line, fixes)
			}
			if b.Error == nil || b.Error.Code != c.code || !strings.HasPrefix(b.Error.Message, c.message) {
				t.Fatalf("before -fix, %s %s: the client got %s, want a protocol error %d starting %q", c.call, c.args, describe(b), c.code, c.message)
			}
			if a.Result == nil || !a.Result.IsError || a.Result.Text != b.Error.Message {
				t.Errorf("after -fix, %s %s: the client got %s, want an IsError result with the text %q", c.call, c.args, describe(a), b.Error.Message)
			}
		})
	}
}

// runtimeMarkers returns the "file:line" of each marked return by its call.
func runtimeMarkers(t *testing.T, dir string) map[string]string {
	t.Helper()
	markers := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(dir, path)
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			if m := runtimeMarker.FindStringSubmatch(sc.Text()); m != nil {
				if markers[m[1]] != "" {
					t.Errorf("%s marks two lines", m[1])
				}
				markers[m[1]] = filepath.ToSlash(rel) + ":" + strconv.Itoa(n)
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return markers
}

// runtimeReports runs mcperrlint -json in dir and returns the number of
// suggested fixes of each report by its "file:line".
func runtimeReports(t *testing.T, dir, bin string) map[string]int {
	t.Helper()
	out, code := run(t, dir, bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("mcperrlint -json: exit status %d\n%s", code, out)
	}
	var tree map[string]map[string][]struct {
		Posn  string `json:"posn"`
		Fixes []any  `json:"suggested_fixes"`
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("parsing -json output: %v\n%s", err, out)
	}
	reports := map[string]int{}
	for _, analyzers := range tree {
		for _, d := range analyzers["mcperrlint"] {
			rel, err := filepath.Rel(dir, d.Posn)
			if err != nil {
				t.Fatal(err)
			}
			parts := strings.Split(filepath.ToSlash(rel), ":")
			reports[parts[0]+":"+parts[1]] = len(d.Fixes)
		}
	}
	return reports
}

// runDriver builds every package of the module in dir, the driver into
// the directory bin, runs the driver with calls, and returns what the
// client got for each call.
func runDriver(t *testing.T, dir, bin string, calls []string) map[string]outcome {
	t.Helper()
	if out, code := run(t, dir, "go", "build", "-o", bin+string(filepath.Separator), "./..."); code != 0 {
		t.Fatalf("go build ./...:\n%s", out)
	}
	out, code := run(t, dir, filepath.Join(bin, "driver"), calls...)
	if code != 0 {
		t.Fatalf("driver: exit status %d\n%s", code, out)
	}
	outcomes := map[string]outcome{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var o outcome
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatalf("driver output %q: %v", line, err)
		}
		outcomes[o.Call] = o
	}
	for _, c := range calls {
		call, _, _ := strings.Cut(c, "=")
		if _, ok := outcomes[call]; !ok {
			t.Fatalf("driver printed nothing for %s:\n%s", call, out)
		}
	}
	return outcomes
}

// describe says what the client got, for a failure message.
func describe(o outcome) string {
	switch {
	case o.Error != nil:
		return "protocol error " + strconv.FormatInt(o.Error.Code, 10) + " " + strconv.Quote(o.Error.Message)
	case o.Result != nil && o.Result.IsError:
		return "an IsError result " + strconv.Quote(o.Result.Text)
	case o.Result != nil:
		return "a result " + strconv.Quote(o.Result.Text)
	}
	return "nothing"
}
