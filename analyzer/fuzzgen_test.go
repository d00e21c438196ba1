package analyzer_test

// The generator of FuzzHandlerFixes: a source file of tool handlers built
// from pieces a chooser selects. Every choice goes through pick with the
// name of its dimension, so the seed corpus can be built to cover every
// piece (fuzzSeeds) and a test can check that it does.
//
// The generator must only write code that type-checks against the SDK
// stubs: FuzzHandlerFixes treats a generated file with errors as a bug of
// the generator, not of the analyzer.

import (
	"fmt"
	"go/format"
	"slices"
	"sort"
	"strings"
)

// fuzzDims is every dimension the generator picks in, with its number of
// values. pick panics on a dimension missing here, so the table cannot
// fall behind the generator.
var fuzzDims = map[string]int{
	"handlers":  3, // handlers in the file: 1 + value
	"kind":      4, // kindGoRaw, kindGoTyped, kindMcpRaw, kindMcpTyped
	"goAlias":   4, // the go-sdk mcp import: mcp, gosdk "...", mcp "...", . "..."
	"mcpAlias":  4, // the mcp-go mcp import: mcp, mcpgo "...", mcp "...", . "..."
	"layout":    3, // imports: std and SDK groups, one block, one decl each
	"shape":     8, // function, literal, method, forwarded helper, generic function, method of a generic type, local variable, package variable
	"named":     2, // named results
	"steps":     4, // decode and check steps after the first: value
	"step":      2, // a later step decodes (0) or checks (1)
	"decodeGo":  5, // go-sdk decode: Unmarshal, Decoder, map + assertion, into new(Args), a helper
	"decodeMcp": 5, // mcp-go decode: BindArguments, Require*, assertion on GetArguments, Unmarshal of RawArguments, a helper
	"require":   4, // RequireString, RequireInt, RequireFloat, RequireBool
	"check":     6, // required, range, strconv, time.Parse, Validate(), switch default
	"errStyle":  2, // if err := X; err != nil, or err := X / err = X then if
	"correct":   6, // the failure returns correctly (0, 1, 2: which way) or not (3, 4, 5)
	"wrap":      7, // the error expression around a cause
	"fresh":     8, // an error expression with no cause
	"ret":       5, // how the failure is returned
	"retLayout": 5, // the return: plain, /* comment */, // comment after a result, (parenthesized), // comment in the error
	"res":       4, // the result beside the error
	"shadow":    5, // a local in the failure block shadowing an import name
	"end":       2, // the success return: plain or bare
}

const (
	kindGoRaw = iota
	kindGoTyped
	kindMcpRaw
	kindMcpTyped
)

// A chooser returns a value in [0, fuzzDims[dim]).
type chooser interface {
	pick(dim string) int
}

// byteChooser chooses with the fuzz input, one byte per choice, and 0
// once the input runs out, so that every input is a program.
type byteChooser struct{ data []byte }

func (c *byteChooser) pick(dim string) int {
	n := dimSize(dim)
	if len(c.data) == 0 {
		return 0
	}
	b := c.data[0]
	c.data = c.data[1:]
	return int(b) % n
}

func dimSize(dim string) int {
	n, ok := fuzzDims[dim]
	if !ok {
		panic("fuzz generator: dimension " + dim + " is not in fuzzDims")
	}
	return n
}

const (
	goMCP     = "github.com/modelcontextprotocol/go-sdk/mcp"
	goJSONRPC = "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	mcpgoMCP  = "github.com/mark3labs/mcp-go/mcp"
	mcpgoSrv  = "github.com/mark3labs/mcp-go/server"
)

// fuzzImports are the packages generated files may import.
var fuzzImports = []string{
	"bytes", "context", "encoding/json", "errors", "fmt", "strconv", "time",
	goMCP, goJSONRPC, mcpgoMCP, mcpgoSrv,
}

// gen writes one file.
type gen struct {
	c       chooser
	imports map[string]bool // paths used
	extra   map[string]string
	body    *strings.Builder
	n       int // for unique names

	goName, mcpName   string // local names of the two mcp packages ("." if dot-imported)
	goAlias, mcpAlias bool   // whether their imports name them
}

// qual returns the qualifier of a package's names: "mcp.", or "" for a
// dot import.
func qual(name string) string {
	if name == "." {
		return ""
	}
	return name + "."
}

// handler is the state of the function being written.
type handler struct {
	kind        int
	sdk         string // local name of its SDK's mcp package
	q           string // qual(sdk)
	named       bool
	errDeclared bool // err is declared in the function's top scope
	ind         string
}

// generate returns a gofmt'ed source file chosen by c.
func generate(c chooser) string {
	g := &gen{c: c, imports: map[string]bool{"context": true}, extra: map[string]string{}, body: new(strings.Builder)}
	kinds := make([]int, 1+g.c.pick("handlers"))
	for i := range kinds {
		kinds[i] = g.c.pick("kind")
	}
	usesGo := slices.ContainsFunc(kinds, func(k int) bool { return k <= kindGoTyped })
	usesMcp := slices.ContainsFunc(kinds, func(k int) bool { return k >= kindMcpRaw })
	g.goName, g.mcpName = "mcp", "mcp"
	if usesGo {
		switch g.c.pick("goAlias") {
		case 1:
			g.goName, g.goAlias = "gosdk", true
		case 2:
			g.goAlias = true
		case 3:
			g.goName, g.goAlias = ".", true
		}
	}
	if usesMcp {
		switch g.c.pick("mcpAlias") {
		case 1:
			g.mcpName, g.mcpAlias = "mcpgo", true
		case 2:
			g.mcpAlias = true
		case 3:
			g.mcpName, g.mcpAlias = ".", true
		}
	}
	if usesGo && usesMcp && (g.goName == g.mcpName || g.goName == "." && g.mcpName == "mcp") {
		// Two packages under one name, or two dot imports declaring the
		// same names, do not compile.
		g.mcpName, g.mcpAlias = "mcpgo", true
	}
	for i, k := range kinds {
		g.handler(i, k)
	}
	src := g.header(g.c.pick("layout")) + fuzzPrelude + g.extras() + g.body.String()
	out, err := format.Source([]byte(src))
	if err != nil {
		panic(fmt.Sprintf("fuzz generator wrote invalid syntax: %v\n%s", err, src))
	}
	return string(out)
}

// fuzzPrelude declares what every file may use, with no imports.
const fuzzPrelude = `
type Args struct {
	Name  string ` + "`json:\"name\"`" + `
	Count int    ` + "`json:\"count\"`" + `
	Num   string ` + "`json:\"num\"`" + `
	When  string ` + "`json:\"when\"`" + `
	Mode  string ` + "`json:\"mode\"`" + `
}

type Out struct{ N int }

type fieldError struct{ field string }

func (e fieldError) Error() string { return e.field + " is invalid" }

func (a Args) Validate() error {
	if a.Name == "" {
		return fieldError{"name"}
	}
	return nil
}

type tools struct{}
`

func (g *gen) use(path string) { g.imports[path] = true }

func (g *gen) fresh(prefix string) string {
	g.n++
	return fmt.Sprintf("%s%d", prefix, g.n)
}

// header writes the package clause and the imports in the chosen layout.
func (g *gen) header(layout int) string {
	spec := func(path string) string {
		switch {
		case path == goMCP && g.goAlias:
			return g.goName + " " + fmt.Sprintf("%q", path)
		case path == mcpgoMCP && g.mcpAlias:
			return g.mcpName + " " + fmt.Sprintf("%q", path)
		}
		return fmt.Sprintf("%q", path)
	}
	var std, third []string
	for path := range g.imports {
		if strings.Contains(path, ".") {
			third = append(third, spec(path))
		} else {
			std = append(std, spec(path))
		}
	}
	byPath := func(s []string) {
		sort.Slice(s, func(i, j int) bool { return s[i][strings.IndexByte(s[i], '"'):] < s[j][strings.IndexByte(s[j], '"'):] })
	}
	byPath(std)
	byPath(third)
	var b strings.Builder
	b.WriteString("package fuzz\n\n")
	switch layout {
	case 0:
		b.WriteString("import (\n\t" + strings.Join(std, "\n\t"))
		if len(third) > 0 {
			b.WriteString("\n\n\t" + strings.Join(third, "\n\t"))
		}
		b.WriteString("\n)\n")
	case 1:
		all := append(std, third...)
		byPath(all)
		b.WriteString("import (\n\t" + strings.Join(all, "\n\t") + "\n)\n")
	case 2:
		for _, s := range append(std, third...) {
			b.WriteString("import " + s + "\n")
		}
	}
	return b.String()
}

// need declares a package-level helper once.
func (g *gen) need(name string) {
	if _, ok := g.extra[name]; ok {
		return
	}
	var decl string
	switch name {
	case "errBad":
		g.use("errors")
		decl = `var errBad = errors.New("bad arguments")`
	case "wrap":
		g.use("fmt")
		decl = "func wrap(msg string, err error) error { return fmt.Errorf(\"%s: %w\", msg, err) }"
	case "newResultGo":
		decl = fmt.Sprintf("func newResultGo() *%[1]sCallToolResult { return &%[1]sCallToolResult{} }", qual(g.goName))
	case "newResultMcp":
		decl = fmt.Sprintf("func newResultMcp() *%[1]sCallToolResult { return %[1]sNewToolResultText(\"ok\") }", qual(g.mcpName))
	case "parseArgsGo":
		g.use("encoding/json")
		decl = fmt.Sprintf(`func parseArgsGo(req *%sCallToolRequest) (Args, error) {
	var a Args
	err := json.Unmarshal(req.Params.Arguments, &a)
	return a, err
}`, qual(g.goName))
	case "parseArgsMcp":
		decl = fmt.Sprintf(`func parseArgsMcp(req %sCallToolRequest) (Args, error) {
	var a Args
	return a, req.BindArguments(&a)
}`, qual(g.mcpName))
	default:
		panic("unknown helper " + name)
	}
	g.extra[name] = decl
}

func (g *gen) extras() string {
	var names []string
	for name := range g.extra {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		b.WriteString("\n" + g.extra[name] + "\n")
	}
	return b.String()
}

func (g *gen) printf(h *handler, format string, args ...any) {
	fmt.Fprintf(g.body, h.ind+format+"\n", args...)
}

// signature returns the parameters and results of a handler of kind, with
// extra parameters appended (for a forwarded helper).
func (g *gen) signature(h *handler, extra string) string {
	var params, results string
	switch h.kind {
	case kindGoRaw:
		params = "ctx context.Context, req *" + h.q + "CallToolRequest"
	case kindGoTyped:
		params = "ctx context.Context, req *" + h.q + "CallToolRequest, args Args"
	case kindMcpRaw:
		params = "ctx context.Context, req " + h.q + "CallToolRequest"
	case kindMcpTyped:
		params = "ctx context.Context, req " + h.q + "CallToolRequest, args Args"
	}
	params += extra
	switch {
	case h.kind == kindGoTyped && h.named:
		results = "(res *" + h.q + "CallToolResult, out Out, err error)"
	case h.kind == kindGoTyped:
		results = "(*" + h.q + "CallToolResult, Out, error)"
	case h.named:
		results = "(res *" + h.q + "CallToolResult, err error)"
	default:
		results = "(*" + h.q + "CallToolResult, error)"
	}
	return "(" + params + ") " + results
}

func typed(kind int) bool { return kind == kindGoTyped || kind == kindMcpTyped }

// handler writes handler i of kind and its registration.
func (g *gen) handler(i, kind int) {
	h := &handler{kind: kind, sdk: g.goName, ind: "\t"}
	if kind >= kindMcpRaw {
		h.sdk = g.mcpName
	}
	h.q = qual(h.sdk)
	if kind <= kindGoTyped {
		g.use(goMCP)
	} else {
		g.use(mcpgoMCP)
	}
	name := fmt.Sprintf("handler%d", i)
	shape := g.c.pick("shape")
	h.named = g.c.pick("named") == 1

	register := func(value string) {
		switch kind {
		case kindGoRaw:
			g.printf(h, "s.AddTool(&%sTool{Name: %q}, %s)", h.q, name, value)
		case kindGoTyped:
			g.printf(h, "%sAddTool(s, &%sTool{Name: %q}, %s)", h.q, h.q, name, value)
		case kindMcpRaw:
			g.printf(h, "s.AddTool(%sNewTool(%q), %s)", h.q, name, value)
		case kindMcpTyped:
			g.printf(h, "s.AddTool(%sNewTool(%q), %sNewTypedToolHandler(%s))", h.q, name, h.q, value)
		}
	}
	server := "*" + h.q + "Server"
	if kind >= kindMcpRaw {
		g.use(mcpgoSrv)
		server = "*server.MCPServer"
	}
	openRegister := func() { fmt.Fprintf(g.body, "\nfunc register%d(s %s) {\n", i, server) }
	closeRegister := func() { g.body.WriteString("}\n") }

	// The handler as a declared function or method, then its registration.
	declared := func(recv, typeParams, ref string) {
		fmt.Fprintf(g.body, "\nfunc %s%s%s%s {\n", recv, name, typeParams, g.signature(h, ""))
		g.handlerBody(h)
		g.body.WriteString("}\n")
		openRegister()
		register(ref)
		closeRegister()
	}
	// The handler as a function literal, written where it is used.
	literal := func(ind string) string {
		saved := g.body
		g.body = new(strings.Builder)
		fmt.Fprintf(g.body, "func%s {\n", g.signature(h, ""))
		h.ind = ind + "\t"
		g.handlerBody(h)
		g.body.WriteString(ind + "}")
		text := g.body.String()
		g.body, h.ind = saved, "\t"
		return text
	}

	switch shape {
	case 0:
		declared("", "", name)
	case 1:
		openRegister()
		register(literal("\t"))
		closeRegister()
	case 2:
		declared("(t *tools) ", "", "(&tools{})."+name)
	case 3:
		// The handler forwards both results of a helper that takes one
		// more parameter: the helper is checked like a handler.
		plain := *h
		plain.named = false
		fmt.Fprintf(g.body, "\nfunc %s%s {\n", name, g.signature(&plain, ""))
		args := "ctx, req"
		if typed(kind) {
			args += ", args"
		}
		fmt.Fprintf(g.body, "\treturn %sImpl(%s, 0)\n}\n", name, args)
		saved := name
		name += "Impl"
		fmt.Fprintf(g.body, "\nfunc %s%s {\n", name, g.signature(h, ", n int"))
		g.handlerBody(h)
		g.body.WriteString("}\n")
		name = saved
		openRegister()
		register(name)
		closeRegister()
	case 4:
		declared("", "[T any]", name+"[Args]")
	case 5:
		box := fmt.Sprintf("box%d", i)
		fmt.Fprintf(g.body, "\ntype %s[T any] struct{ v T }\n", box)
		declared("(b *"+box+"[T]) ", "", "(&"+box+"[int]{})."+name)
	case 6:
		openRegister()
		g.printf(h, "h := %s", literal("\t"))
		register("h")
		closeRegister()
	case 7:
		fmt.Fprintf(g.body, "\nvar %s = %s\n", name, literal(""))
		openRegister()
		register(name)
		closeRegister()
	}
}

// handlerBody writes the statements of a handler: a decode step (for raw
// handlers, which get no decoded arguments), more steps, and the success
// return.
func (g *gen) handlerBody(h *handler) {
	if !typed(h.kind) {
		g.printf(h, "var args Args")
		g.printf(h, "_ = args")
	}
	if h.named {
		h.errDeclared = true
	}
	steps := g.c.pick("steps")
	if !typed(h.kind) {
		g.decode(h)
	} else {
		steps++
	}
	for range steps {
		if g.c.pick("step") == 0 {
			g.decode(h)
		} else {
			g.check(h)
		}
	}
	ok := g.okResult(h)
	if h.named && g.c.pick("end") == 1 {
		g.printf(h, "res = %s", ok)
		g.printf(h, "return")
		return
	}
	if h.kind == kindGoTyped {
		g.printf(h, "return %s, Out{}, nil", ok)
	} else {
		g.printf(h, "return %s, nil", ok)
	}
}

func (g *gen) okResult(h *handler) string {
	if h.kind >= kindMcpRaw {
		return h.q + `NewToolResultText("ok")`
	}
	return "&" + h.q + "CallToolResult{}"
}

// errStep writes a call returning only an error, and its failure.
func (g *gen) errStep(h *handler, call string) {
	if g.c.pick("errStyle") == 0 && !h.named {
		g.printf(h, "if err := %s; err != nil {", call)
	} else {
		op := ":="
		if h.errDeclared {
			op = "="
		}
		h.errDeclared = true
		g.printf(h, "err %s %s", op, call)
		g.printf(h, "if err != nil {")
	}
	g.fail(h, "err")
	g.printf(h, "}")
}

// valueStep writes a call returning a value and an error, and its failure.
func (g *gen) valueStep(h *handler, call string) {
	v := g.fresh("v")
	h.errDeclared = true
	g.printf(h, "%s, err := %s", v, call)
	g.printf(h, "if err != nil {")
	g.fail(h, "err")
	g.printf(h, "}")
	g.printf(h, "_ = %s", v)
}

// assertStep writes a comma-ok type assertion on an argument and its failure.
func (g *gen) assertStep(h *handler, x string) {
	v, ok := g.fresh("v"), g.fresh("ok")
	g.printf(h, "%s, %s := %s[\"name\"].(string)", v, ok, x)
	g.printf(h, "if !%s {", ok)
	g.fail(h, "")
	g.printf(h, "}")
	g.printf(h, "_ = %s", v)
}

func (g *gen) decode(h *handler) {
	if h.kind <= kindGoTyped {
		g.use("encoding/json")
		switch g.c.pick("decodeGo") {
		case 0:
			g.errStep(h, "json.Unmarshal(req.Params.Arguments, &args)")
		case 1:
			g.use("bytes")
			g.errStep(h, "json.NewDecoder(bytes.NewReader(req.Params.Arguments)).Decode(&args)")
		case 2:
			m := g.fresh("m")
			g.printf(h, "var %s map[string]any", m)
			g.errStep(h, "json.Unmarshal(req.Params.Arguments, &"+m+")")
			g.assertStep(h, m)
		case 3:
			p := g.fresh("p")
			g.printf(h, "%s := new(Args)", p)
			g.errStep(h, "json.Unmarshal(req.Params.Arguments, "+p+")")
		case 4:
			// A helper that decodes: its return is reported, with no fix
			// (the handler does not return its first result).
			g.need("parseArgsGo")
			g.valueStep(h, "parseArgsGo(req)")
		}
		return
	}
	switch g.c.pick("decodeMcp") {
	case 0:
		g.errStep(h, "req.BindArguments(&args)")
	case 1:
		method := [...]string{"RequireString", "RequireInt", "RequireFloat", "RequireBool"}[g.c.pick("require")]
		g.valueStep(h, "req."+method+`("name")`)
	case 2:
		g.assertStep(h, "req.GetArguments()")
	case 3:
		g.use("encoding/json")
		g.errStep(h, "json.Unmarshal(req.Params.RawArguments, &args)")
	case 4:
		g.need("parseArgsMcp")
		g.valueStep(h, "parseArgsMcp(req)")
	}
}

func (g *gen) check(h *handler) {
	switch g.c.pick("check") {
	case 0:
		g.printf(h, `if args.Name == "" {`)
		g.fail(h, "")
		g.printf(h, "}")
	case 1:
		g.printf(h, "if args.Count < 1 || args.Count > 10 {")
		g.fail(h, "")
		g.printf(h, "}")
	case 2:
		g.use("strconv")
		g.valueStep(h, "strconv.Atoi(args.Num)")
	case 3:
		g.use("time")
		g.valueStep(h, "time.Parse(time.RFC3339, args.When)")
	case 4:
		g.errStep(h, "args.Validate()")
	case 5:
		g.printf(h, "switch args.Mode {")
		g.printf(h, `case "a", "b":`)
		g.printf(h, "default:")
		g.fail(h, "")
		g.printf(h, "}")
	}
}

// fail writes the body of a failure block: a correct return (marked
// "// ok", which must never be reported) or a protocol-error return.
// cause is the error variable in scope, or "".
func (g *gen) fail(h *handler, cause string) {
	inner := *h
	inner.ind = h.ind + "\t"
	h = &inner
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }

	if c := g.c.pick("correct"); c < 3 {
		msg := `"bad arguments"`
		if cause != "" {
			msg = cause + ".Error()"
		}
		errOf := func() string {
			if cause != "" {
				return cause
			}
			g.use("errors")
			return `errors.New("bad arguments")`
		}
		out := ""
		if h.kind == kindGoTyped {
			out = ", Out{}"
		}
		switch {
		case h.kind <= kindGoTyped && c == 1:
			r := g.fresh("r")
			add("%s := &%sCallToolResult{}", r, h.q)
			add("%s.SetError(%s)", r, errOf())
			add("return %s%s, nil // ok", r, out)
		case h.kind == kindGoTyped && c == 2:
			// A plain error from a typed go-sdk handler is a tool error.
			add("return nil, Out{}, %s // ok", errOf())
		case h.kind <= kindGoTyped:
			add("return &%[1]sCallToolResult{IsError: true, Content: []%[1]sContent{&%[1]sTextContent{Text: %[2]s}}}%[3]s, nil // ok", h.q, msg, out)
		case c == 1:
			add("return %sNewToolResultErrorFromErr(\"bad\", %s), nil // ok", h.q, errOf())
		case c == 2:
			add("return %sNewToolResultErrorf(\"bad: %%v\", %s), nil // ok", h.q, errOf())
		default:
			add("return %sNewToolResultError(%s), nil // ok", h.q, msg)
		}
	} else {
		e := g.errExpr(h, cause)
		out := ""
		if h.kind == kindGoTyped {
			out = "Out{}, "
		}
		// retLine returns a return statement in the chosen layout.
		retLine := func(res, err string) string {
			switch g.c.pick("retLayout") {
			case 1:
				return fmt.Sprintf("return %s, %s/* bad */ %s", res, out, err)
			case 2:
				return fmt.Sprintf("return %s, // bad\n%s%s", res, out, err)
			case 3:
				return fmt.Sprintf("return %s, %s(%s)", res, out, err)
			case 4:
				return fmt.Sprintf("return %s, %s%s", res, out, strings.Replace(err, ", ", ", // bad\n", 1))
			}
			return fmt.Sprintf("return %s, %s%s", res, out, err)
		}
		switch ret := g.c.pick("ret"); {
		case ret == 1:
			v := g.fresh("e")
			add("%s := %s", v, e)
			add("%s", retLine(g.result(h), v))
		case ret == 2 && h.named:
			add("err = %s", e)
			add("return")
		case ret == 3 && h.named:
			if h.kind == kindGoTyped {
				add("res, out, err = %s, Out{}, %s", g.result(h), e)
			} else {
				add("res, err = %s, %s", g.result(h), e)
			}
			add("return")
		case ret == 4:
			v := g.fresh("e")
			add("var %s error = %s", v, e)
			add("%s", retLine(g.result(h), v))
		default:
			add("%s", retLine(g.result(h), e))
		}
	}

	// A local shadowing an import name the failure does not use: the fix
	// must then not use it either.
	text := strings.Join(lines, "\n")
	var shadow string
	switch g.c.pick("shadow") {
	case 2:
		shadow = h.sdk
		if shadow == "." {
			shadow = "mcp" // the name a fix would import it under
		}
	case 3:
		shadow = "errors"
	case 4:
		shadow = "fmt"
		if strings.Contains(text, "fmt.") {
			shadow = "jsonrpc"
		}
	}
	if shadow != "" && !strings.Contains(text, shadow+".") {
		g.printf(h, "%s := 0", shadow)
		g.printf(h, "_ = %s", shadow)
	}
	for _, l := range lines {
		g.printf(h, "%s", l)
	}
}

// result returns the result expression beside a returned error.
func (g *gen) result(h *handler) string {
	switch g.c.pick("res") {
	case 1:
		if h.kind >= kindMcpRaw {
			return h.q + `NewToolResultText("partial")`
		}
		return "&" + h.q + "CallToolResult{}"
	case 2:
		// A call: its effects must not be dropped by a fix.
		if h.kind >= kindMcpRaw {
			g.need("newResultMcp")
			return "newResultMcp()"
		}
		g.need("newResultGo")
		return "newResultGo()"
	case 3:
		r := g.fresh("r")
		g.printf(h, "var %s *%sCallToolResult", r, h.q)
		return r
	}
	return "nil"
}

// errExpr returns an error expression made from cause, or a fresh one.
func (g *gen) errExpr(h *handler, cause string) string {
	goSDK := h.kind <= kindGoTyped
	if cause != "" {
		switch g.c.pick("wrap") {
		case 1:
			g.use("fmt")
			return fmt.Sprintf("fmt.Errorf(\"decode: %%w\", %s)", cause)
		case 2:
			g.use("fmt")
			return fmt.Sprintf("fmt.Errorf(\"decode: %%v\", %s)", cause)
		case 3:
			g.use("fmt")
			return fmt.Sprintf("fmt.Errorf(\"%%s: %%w\", \"decode\", %s)", cause)
		case 4:
			g.need("errBad")
			return fmt.Sprintf("errors.Join(errBad, %s)", cause)
		case 5:
			g.need("wrap")
			return fmt.Sprintf("wrap(\"decode\", %s)", cause)
		case 6:
			if goSDK {
				g.use(goJSONRPC)
				return fmt.Sprintf("&jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: %s.Error()}", cause)
			}
			g.use("fmt")
			return fmt.Sprintf("fmt.Errorf(\"%%w: %%v\", %sErrInvalidParams, %s)", h.q, cause)
		}
		return cause
	}
	switch g.c.pick("fresh") {
	case 1:
		g.use("fmt")
		return `fmt.Errorf("invalid arguments")`
	case 2:
		g.use("fmt")
		return `fmt.Errorf("count %d out of range", args.Count)`
	case 3:
		g.need("errBad")
		return "errBad"
	case 4:
		g.need("errBad")
		g.need("wrap")
		return `wrap("name", errBad)`
	case 5:
		if goSDK {
			g.use(goJSONRPC)
			return `&jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "invalid arguments"}`
		}
		g.use("fmt")
		return fmt.Sprintf("fmt.Errorf(\"%%w: name\", %sErrInvalidParams)", h.q)
	case 6:
		g.use("fmt")
		if goSDK {
			g.use(goJSONRPC)
			return `&jsonrpc.Error{Code: -32602, Message: fmt.Sprintf("count %d", args.Count)}`
		}
		return fmt.Sprintf("fmt.Errorf(\"%%w: %%s\", %sErrInvalidParams, args.Name)", h.q)
	case 7:
		if goSDK {
			g.use(goJSONRPC)
			return `&jsonrpc.Error{jsonrpc.CodeInvalidParams, "invalid arguments", nil}`
		}
		g.use("errors")
		return `errors.Join(errors.New("invalid arguments"))`
	}
	g.use("errors")
	return `errors.New("invalid arguments")`
}
