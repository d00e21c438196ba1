package sdk

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
)

// Hermetic, minimal sources of what the descriptors match: a context
// package, go-sdk's mcp and jsonrpc2 (the request a generic
// ServerRequest, as in the real SDK) and mcp-go's mcp.
var sources = map[string]string{
	"context": `package context
type Context interface{ Done() <-chan struct{} }`,

	"github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2": `package jsonrpc2
type WireError struct { Code int64; Message string }
func (e *WireError) Error() string { return e.Message }`,

	"github.com/modelcontextprotocol/go-sdk/mcp": `package mcp
import "github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2"
var _ *jsonrpc2.WireError
type CallToolParamsRaw struct { Name string; Arguments []byte }
type ServerRequest[P any] struct { Session int; Params P }
type CallToolRequest = ServerRequest[*CallToolParamsRaw]
type CallToolResult struct { IsError bool }
func (r *CallToolResult) SetError(err error) {}`,

	"github.com/mark3labs/mcp-go/mcp": `package mcp
import "context"
type CallToolParams struct { Name string; Arguments any; RawArguments []byte }
type CallToolRequest struct { Method string; Params CallToolParams }
type CallToolResult struct { IsError bool }
type Other struct{}
var ErrInvalidParams, ErrOther error
func (r CallToolRequest) GetString(key, def string) string { return def }
func (r CallToolRequest) RequireString(key string) (string, error) { return "", nil }
func (r CallToolRequest) Unlisted() string { return "" }
func (Other) GetString(key, def string) string { return def }
func ParseString(r CallToolRequest, key, def string) string { return def }
func NewToolResultError(text string) *CallToolResult { return nil }
func NewTypedToolHandler[T any](h func(context.Context, CallToolRequest, T) (*CallToolResult, error)) func(context.Context, CallToolRequest) (*CallToolResult, error) { return nil }`,

	// An SDK version without the result type: not one the descriptor
	// understands.
	"old/github.com/mark3labs/mcp-go/mcp": `package mcp
type CallToolRequest struct{}`,

	// Sees go-sdk only through an import of its own.
	"example.com/indirect": `package indirect
import "github.com/modelcontextprotocol/go-sdk/mcp"
type Server struct{ R *mcp.CallToolResult }`,

	"example.com/app": `package app
import (
	"context"
	"errors"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)
type In struct{ N int }
type Out struct{}
func goRaw(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) { return nil, nil }
func goTyped(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, Out, error) { return nil, Out{}, nil }
func goByValue(ctx context.Context, req gosdk.CallToolRequest) (*gosdk.CallToolResult, error) { return nil, nil }
func goNoContext(ctx any, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) { return nil, nil }
func goNoError(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, string) { return nil, "" }
func goResultByValue(ctx context.Context, req *gosdk.CallToolRequest) (gosdk.CallToolResult, error) { return gosdk.CallToolResult{}, nil }
func goVariadic(ctx context.Context, req *gosdk.CallToolRequest, rest ...int) (*gosdk.CallToolResult, error) { return nil, nil }
func goBody(ctx context.Context, req *gosdk.CallToolRequest, cfg string) (*gosdk.CallToolResult, error) { return nil, nil }
func goBodyFirst(req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) { return nil, nil }
func goNoRequest(ctx context.Context, in In) (*gosdk.CallToolResult, error) { return nil, nil }
func goThreeResults(ctx context.Context, req *gosdk.CallToolRequest, cfg string) (*gosdk.CallToolResult, Out, error) { return nil, Out{}, nil }
func mgRaw(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) { return nil, nil }
func mgTyped(ctx context.Context, req mcpgo.CallToolRequest, args In) (*mcpgo.CallToolResult, error) { return nil, nil }
func mgByPointer(ctx context.Context, req *mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) { return nil, nil }
var (
	errPlain = errors.New("x")
	wire *jsonrpc2.WireError
)
type wrapped struct{ Params mcpgo.CallToolParams }
`,
}

// universe type-checks sources (src, when set, in their stead), each
// package from its own source, the standard library's packages from
// export data.
type universe struct {
	fset *token.FileSet
	pkgs map[string]*types.Package
	std  types.Importer
	src  map[string]string
}

func (u *universe) Import(path string) (*types.Package, error) {
	if p := u.pkgs[path]; p != nil {
		return p, nil
	}
	all := sources
	if u.src != nil {
		all = u.src
	}
	src, ok := all[path]
	if !ok {
		return u.std.Import(path)
	}
	f, err := parser.ParseFile(u.fset, path+".go", src, 0)
	if err != nil {
		return nil, err
	}
	conf := types.Config{Importer: u}
	p, err := conf.Check(path, u.fset, []*ast.File{f}, nil)
	if err != nil {
		return nil, err
	}
	u.pkgs[path] = p
	return p, nil
}

func load(t *testing.T, path string) *types.Package {
	t.Helper()
	u := &universe{fset: token.NewFileSet(), pkgs: make(map[string]*types.Package), std: importer.Default()}
	p, err := u.Import(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// pkgAt returns the package at path among p and its imports.
func pkgAt(p *types.Package, path string) *types.Package {
	if p.Path() == path {
		return p
	}
	for _, imp := range p.Imports() {
		if q := pkgAt(imp, path); q != nil {
			return q
		}
	}
	return nil
}

func lookup[T types.Object](t *testing.T, p *types.Package, name string) T {
	t.Helper()
	obj, ok := p.Scope().Lookup(name).(T)
	if !ok {
		t.Fatalf("%s.%s: no %T", p.Path(), name, *new(T))
	}
	return obj
}

func names(bs []*Binding) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Name)
	}
	return out
}

// bindApp binds Default in example.com/app: go-sdk's binding, then
// mcp-go's.
func bindApp(t *testing.T) (app *types.Package, gosdk, mcpgo *Binding) {
	t.Helper()
	app = load(t, "example.com/app")
	bs := Default.Bind(app)
	if got := names(bs); !slices.Equal(got, []string{"go-sdk", "mcp-go"}) {
		t.Fatalf("Bind(app) = %v, want [go-sdk mcp-go]", got)
	}
	return app, bs[0], bs[1]
}

func TestBind(t *testing.T) {
	for _, tc := range []struct {
		path string
		want []string
	}{
		{"example.com/app", []string{"go-sdk", "mcp-go"}},
		{"example.com/indirect", []string{"go-sdk"}},
		{"context", nil},
		// An SDK is not analyzed as its own user.
		{"github.com/modelcontextprotocol/go-sdk/mcp", nil},
		{"github.com/mark3labs/mcp-go/mcp", nil},
	} {
		if got := names(Default.Bind(load(t, tc.path))); !slices.Equal(got, tc.want) {
			t.Errorf("Bind(%s) = %v, want %v", tc.path, got, tc.want)
		}
	}

	_, gosdk, mcpgo := bindApp(t)
	if gosdk.MCP.Path() != "github.com/modelcontextprotocol/go-sdk/mcp" || mcpgo.MCP.Path() != "github.com/mark3labs/mcp-go/mcp" {
		t.Errorf("MCP packages = %s, %s", gosdk.MCP.Path(), mcpgo.MCP.Path())
	}
	if gosdk.Descriptor != Default[0] || mcpgo.Descriptor != Default[1] {
		t.Error("bindings do not point at their descriptors")
	}
	if got := types.TypeString(gosdk.Result, nil); got != "github.com/modelcontextprotocol/go-sdk/mcp.CallToolResult" {
		t.Errorf("go-sdk Result = %s", got)
	}
	if got := types.TypeString(types.Unalias(gosdk.Request), nil); got != "github.com/modelcontextprotocol/go-sdk/mcp.ServerRequest[*github.com/modelcontextprotocol/go-sdk/mcp.CallToolParamsRaw]" {
		t.Errorf("go-sdk Request = %s", got)
	}
}

// TestBindVersions checks that a version whose MCP package lacks the
// request or result type is not bound, and that a vendored SDK is.
func TestBindVersions(t *testing.T) {
	old := load(t, "old/github.com/mark3labs/mcp-go/mcp")
	if b := Default[1].bind(old, nil); b != nil {
		t.Errorf("bind of an MCP package without %s = %v, want nil", Default[1].Result, b)
	}

	// The same package under a vendor directory: the SDK is matched by
	// its path with the vendor prefix stripped.
	mcp := load(t, "github.com/mark3labs/mcp-go/mcp")
	vendored := types.NewPackage("example.com/app/vendor/github.com/mark3labs/mcp-go/mcp", "mcp")
	vendored.SetImports(mcp.Imports())
	scope := mcp.Scope()
	for _, name := range scope.Names() {
		vendored.Scope().Insert(scope.Lookup(name))
	}
	user := types.NewPackage("example.com/app", "app")
	user.SetImports([]*types.Package{vendored})
	if got := names(Default.Bind(user)); !slices.Equal(got, []string{"mcp-go"}) {
		t.Errorf("Bind of a user of a vendored mcp-go = %v, want [mcp-go]", got)
	}
	for path, want := range map[string]string{
		"example.com/app/vendor/github.com/mark3labs/mcp-go/mcp": "github.com/mark3labs/mcp-go/mcp",
		"vendor/golang.org/x/net/http":                           "golang.org/x/net/http",
		"github.com/mark3labs/mcp-go/mcp":                        "github.com/mark3labs/mcp-go/mcp",
	} {
		if got := unvendor(path); got != want {
			t.Errorf("unvendor(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestMatchShape(t *testing.T) {
	app, gosdk, mcpgo := bindApp(t)
	// want: the shape MatchShape returns, "" for none. IsToolBody does
	// not itself exclude the handler shapes (its doc says a body is "no
	// handler shape of its own"): the finder asks MatchShape first.
	for _, tc := range []struct {
		fn         string
		b          *Binding
		want       string
		isToolBody bool
	}{
		{"goRaw", gosdk, "raw", true},
		{"goTyped", gosdk, "typed input output", false},
		{"goByValue", gosdk, "", false},
		{"goNoContext", gosdk, "", true},
		{"goNoError", gosdk, "", false},
		{"goResultByValue", gosdk, "", false},
		{"goVariadic", gosdk, "", false},
		{"goBody", gosdk, "", true},
		{"goBodyFirst", gosdk, "", true},
		{"goNoRequest", gosdk, "", false},
		// Any third parameter is a typed handler's input.
		{"goThreeResults", gosdk, "typed input output", false},
		{"mgRaw", gosdk, "", false},
		{"mgRaw", mcpgo, "raw", true},
		// The typed shape needs its registrar: not by signature alone.
		{"mgTyped", mcpgo, "", true},
		{"mgByPointer", mcpgo, "", false},
		{"goRaw", mcpgo, "", false},
	} {
		sig := lookup[*types.Func](t, app, tc.fn).Signature()
		got := ""
		if s, ok := tc.b.MatchShape(sig); ok {
			got = describeShape(s)
		}
		if got != tc.want {
			t.Errorf("%s.MatchShape(%s) = %q, want %q", tc.b.Name, tc.fn, got, tc.want)
		}
		if got := tc.b.IsToolBody(sig); got != tc.isToolBody {
			t.Errorf("%s.IsToolBody(%s) = %v, want %v", tc.b.Name, tc.fn, got, tc.isToolBody)
		}
	}
	typedShape := mcpgo.Shapes[1]
	if !mcpgo.HasShape(lookup[*types.Func](t, app, "mgTyped").Signature(), typedShape) {
		t.Error("mcp-go HasShape(mgTyped, registrar shape) = false")
	}
	if mcpgo.HasShape(lookup[*types.Func](t, app, "mgRaw").Signature(), typedShape) {
		t.Error("mcp-go HasShape(mgRaw, registrar shape) = true")
	}
}

func describeShape(s Shape) string {
	words := []string{map[HandlerKind]string{Raw: "raw", Typed: "typed"}[s.Kind]}
	if s.Input {
		words = append(words, "input")
	}
	if s.Output {
		words = append(words, "output")
	}
	if s.Arguments {
		words = append(words, "arguments")
	}
	if s.Registrar != "" {
		words = append(words, "via "+s.Registrar)
	}
	return strings.Join(words, " ")
}

func TestRegistrarShapes(t *testing.T) {
	app, gosdk, mcpgo := bindApp(t)
	mcp := pkgAt(app, "github.com/mark3labs/mcp-go/mcp")
	typed := lookup[*types.Func](t, mcp, "NewTypedToolHandler")
	if got := mcpgo.RegistrarShapes(typed); len(got) != 1 || describeShape(got[0]) != "raw input via NewTypedToolHandler" || got[0].RegistrarParam != 0 {
		t.Errorf("RegistrarShapes(NewTypedToolHandler) = %+v", got)
	}
	for _, fn := range []*types.Func{lookup[*types.Func](t, mcp, "NewToolResultError"), lookup[*types.Func](t, mcp, "ParseString")} {
		if got := mcpgo.RegistrarShapes(fn); got != nil {
			t.Errorf("RegistrarShapes(%s) = %v, want nil", fn.Name(), got)
		}
	}
	if got := gosdk.RegistrarShapes(typed); got != nil {
		t.Errorf("go-sdk RegistrarShapes(mcp-go's NewTypedToolHandler) = %v, want nil", got)
	}
}

func TestRequestAndArguments(t *testing.T) {
	app, gosdk, mcpgo := bindApp(t)
	gomcp := pkgAt(app, "github.com/modelcontextprotocol/go-sdk/mcp")
	mgmcp := pkgAt(app, "github.com/mark3labs/mcp-go/mcp")
	goReq := lookup[*types.TypeName](t, gomcp, "CallToolRequest").Type()
	goRes := lookup[*types.TypeName](t, gomcp, "CallToolResult").Type()
	mgReq := lookup[*types.TypeName](t, mgmcp, "CallToolRequest").Type()
	mgRes := lookup[*types.TypeName](t, mgmcp, "CallToolResult").Type()

	for _, tc := range []struct {
		b                *Binding
		t                types.Type
		request, pointer bool
	}{
		{gosdk, goReq, true, false},
		{gosdk, types.NewPointer(goReq), true, false},
		{gosdk, goRes, false, false},
		{gosdk, types.NewPointer(goRes), false, true},
		{gosdk, types.NewPointer(mgRes), false, false},
		{mcpgo, mgReq, true, false},
		{mcpgo, types.NewPointer(mgRes), false, true},
		{mcpgo, types.Typ[types.String], false, false},
	} {
		if got := tc.b.IsRequest(tc.t); got != tc.request {
			t.Errorf("%s.IsRequest(%s) = %v", tc.b.Name, tc.t, got)
		}
		if got := tc.b.IsResultPointer(tc.t); got != tc.pointer {
			t.Errorf("%s.IsResultPointer(%s) = %v", tc.b.Name, tc.t, got)
		}
	}

	field := func(st types.Type, path string) *types.Var {
		t.Helper()
		f := lookupFieldPath(st, strings.Split(path, "."))
		if f == nil {
			t.Fatalf("no field %s in %s", path, st)
		}
		return f
	}
	goParams := types.NewPointer(lookup[*types.TypeName](t, gomcp, "CallToolParamsRaw").Type())
	mgParams := lookup[*types.TypeName](t, mgmcp, "CallToolParams").Type()
	wrapped := lookup[*types.TypeName](t, app, "wrapped").Type()
	for _, tc := range []struct {
		b                      *Binding
		st                     types.Type
		field                  *types.Var
		argument, requestLevel bool
	}{
		// go-sdk's request is an instance: its fields are matched by
		// their origin.
		{gosdk, goReq, field(goReq, "Params.Arguments"), true, false},
		{gosdk, goParams, field(goReq, "Params.Name"), false, true},
		{gosdk, goReq, field(goReq, "Session"), false, true},
		{gosdk, goReq, field(goReq, "Params"), false, true},
		{mcpgo, mgReq, field(mgReq, "Params.Arguments"), true, false},
		{mcpgo, mgParams, field(mgReq, "Params.RawArguments"), true, false},
		{mcpgo, types.NewPointer(mgParams), field(mgReq, "Params.Name"), false, true},
		{mcpgo, mgReq, field(mgReq, "Method"), false, true},
		// The same params in a struct of the project's own.
		{mcpgo, wrapped, field(wrapped, "Params"), false, false},
		{mcpgo, wrapped, field(wrapped, "Params.Arguments"), true, false},
	} {
		if got := tc.b.IsArgumentField(tc.field); got != tc.argument {
			t.Errorf("%s.IsArgumentField(%s) = %v", tc.b.Name, tc.field.Name(), got)
		}
		if got := tc.b.IsRequestLevelField(tc.st, tc.field); got != tc.requestLevel {
			t.Errorf("%s.IsRequestLevelField(%s, %s) = %v", tc.b.Name, tc.st, tc.field.Name(), got)
		}
	}
	if lookupFieldPath(mgReq, []string{"Params", "Missing"}) != nil || lookupFieldPath(mgReq, []string{"GetString"}) != nil {
		t.Error("lookupFieldPath resolved a missing field or a method")
	}
}

func TestArgumentMethodsAndFuncs(t *testing.T) {
	app, gosdk, mcpgo := bindApp(t)
	mcp := pkgAt(app, "github.com/mark3labs/mcp-go/mcp")
	method := func(typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(lookup[*types.TypeName](t, mcp, typ).Type(), true, mcp, name)
		return obj.(*types.Func)
	}
	for _, tc := range []struct {
		fn                     *types.Func
		argument, decode, argf bool
	}{
		{method("CallToolRequest", "GetString"), true, false, false},
		{method("CallToolRequest", "RequireString"), false, true, false},
		{method("CallToolRequest", "Unlisted"), false, false, false},
		{method("Other", "GetString"), false, false, false},
		{lookup[*types.Func](t, mcp, "ParseString"), false, false, true},
		{lookup[*types.Func](t, mcp, "NewToolResultError"), false, false, false},
	} {
		if got := mcpgo.IsArgumentMethod(tc.fn); got != tc.argument {
			t.Errorf("IsArgumentMethod(%s) = %v", tc.fn.FullName(), got)
		}
		if got := mcpgo.IsDecodeMethod(tc.fn); got != tc.decode {
			t.Errorf("IsDecodeMethod(%s) = %v", tc.fn.FullName(), got)
		}
		if got := mcpgo.IsArgumentFunc(tc.fn); got != tc.argf {
			t.Errorf("IsArgumentFunc(%s) = %v", tc.fn.FullName(), got)
		}
		// go-sdk names no accessors: none of mcp-go's is one of its.
		if gosdk.IsArgumentMethod(tc.fn) || gosdk.IsDecodeMethod(tc.fn) || gosdk.IsArgumentFunc(tc.fn) {
			t.Errorf("go-sdk takes mcp-go's %s for an accessor", tc.fn.FullName())
		}
	}
}

func TestProtocolErrorsAndSentinels(t *testing.T) {
	app, gosdk, mcpgo := bindApp(t)
	wire := lookup[*types.Var](t, app, "wire").Type() // *jsonrpc2.WireError
	for _, tc := range []struct {
		t    types.Type
		want bool
	}{
		{wire, true},
		{wire.(*types.Pointer).Elem(), true},
		{lookup[*types.Var](t, app, "errPlain").Type(), false},
		{types.NewPointer(types.Typ[types.Int]), false},
	} {
		pe, ok := gosdk.ProtocolError(tc.t)
		if ok != tc.want || ok && (pe.Name != "WireError" || pe.CodeField != "Code" || pe.MessageField != "Message") {
			t.Errorf("go-sdk ProtocolError(%s) = %+v, %v, want %v", tc.t, pe, ok, tc.want)
		}
		if _, ok := mcpgo.ProtocolError(tc.t); ok {
			t.Errorf("mcp-go ProtocolError(%s) = true: it declares none", tc.t)
		}
	}

	mcp := pkgAt(app, "github.com/mark3labs/mcp-go/mcp")
	if !mcpgo.IsInvalidParamsSentinel(lookup[*types.Var](t, mcp, "ErrInvalidParams")) {
		t.Error("IsInvalidParamsSentinel(ErrInvalidParams) = false")
	}
	if mcpgo.IsInvalidParamsSentinel(lookup[*types.Var](t, mcp, "ErrOther")) || gosdk.IsInvalidParamsSentinel(lookup[*types.Var](t, mcp, "ErrInvalidParams")) {
		t.Error("IsInvalidParamsSentinel took another variable, or another SDK's")
	}
}

func TestErrorAndContextTypes(t *testing.T) {
	app, _, _ := bindApp(t)
	errType := types.Universe.Lookup("error").Type()
	wire := lookup[*types.Var](t, app, "wire").Type()
	ctx := lookup[*types.TypeName](t, pkgAt(app, "context"), "Context").Type()
	for _, tc := range []struct {
		t                           types.Type
		isError, implements, isCtxt bool
	}{
		{errType, true, true, false},
		{wire, false, true, false},
		{wire.(*types.Pointer).Elem(), false, false, false},
		{types.Typ[types.String], false, false, false},
		{ctx, false, false, true},
		{types.NewPointer(ctx), false, false, false},
	} {
		if got := IsError(tc.t); got != tc.isError {
			t.Errorf("IsError(%s) = %v", tc.t, got)
		}
		if got := ImplementsError(tc.t); got != tc.implements {
			t.Errorf("ImplementsError(%s) = %v", tc.t, got)
		}
		if got := IsContext(tc.t); got != tc.isCtxt {
			t.Errorf("IsContext(%s) = %v", tc.t, got)
		}
	}
	for fn, want := range map[string]bool{"goRaw": true, "goNoError": false, "goTyped": true} {
		if got := ReturnsError(lookup[*types.Func](t, app, fn).Signature()); got != want {
			t.Errorf("ReturnsError(%s) = %v", fn, got)
		}
	}
	if ReturnsError(types.NewSignatureType(nil, nil, nil, nil, nil, false)) {
		t.Error("ReturnsError(func()) = true")
	}
}

func TestRoleRows(t *testing.T) {
	_, gosdk, mcpgo := bindApp(t)
	rows := RoleRows([]*Binding{gosdk, mcpgo})
	if want := len(gosdk.Roles) + len(mcpgo.Roles); len(rows) != want {
		t.Fatalf("RoleRows: %d rows, want %d", len(rows), want)
	}
	for i, r := range rows {
		b, d := gosdk, gosdk.Roles
		if i >= len(d) {
			b, d, i = mcpgo, mcpgo.Roles, i-len(d)
		}
		if r.SDK != b.Name || r.Role != d[i].Role || r.Param != d[i].Param || r.Field != d[i].Field || r.Typed != d[i].Typed {
			t.Errorf("row %+v from %s's %+v", r, b.Name, d[i])
		}
	}
	// The rows the finder relies on, parsed.
	for _, want := range []string{
		"register github.com/modelcontextprotocol/go-sdk/mcp.Server.AddTool 2",
		"register github.com/modelcontextprotocol/go-sdk/mcp.AddTool 2 typed",
		"register github.com/mark3labs/mcp-go/server.MCPServer.AddTools 1 Handler",
		"adapter github.com/mark3labs/mcp-go/mcp.NewTypedToolHandler 0",
	} {
		found := false
		for _, r := range rows {
			got := fmt.Sprintf("%s %s %d", roleName(r.Role), r.Func, r.Param)
			if r.Field != "" {
				got += " " + r.Field
			}
			if r.Typed {
				got += " typed"
			}
			found = found || got == want
		}
		if !found {
			t.Errorf("no role row %q", want)
		}
	}
	if RoleRows(nil) != nil {
		t.Error("RoleRows(nil) != nil")
	}
}

func roleName(r roles.Role) string {
	switch r {
	case roles.Register:
		return "register"
	case roles.Adapter:
		return "adapter"
	}
	return fmt.Sprint(int(r))
}

func TestIsMCPPackage(t *testing.T) {
	for path, want := range map[string]bool{
		"github.com/mark3labs/mcp-go/mcp":                        true,
		"github.com/modelcontextprotocol/go-sdk/mcp":             true,
		"example.com/app/vendor/github.com/mark3labs/mcp-go/mcp": true,
		"github.com/mark3labs/mcp-go/server":                     false,
		"github.com/modelcontextprotocol/go-sdk/jsonrpc":         false,
		"github.com/mark3labs/mcp-go/mcp/sub":                    false,
		"example.com/mcp":                                        false,
	} {
		if got := Default.IsMCPPackage(path); got != want {
			t.Errorf("IsMCPPackage(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestErrorResultTemplates checks that the templates the fixes fill in
// make Go expressions of the SDK's result type, under any import name.
func TestErrorResultTemplates(t *testing.T) {
	for _, d := range Default {
		for name, tmpl := range map[string]string{"Text": d.ErrorResult.Text, "Literal": d.ErrorResult.Literal} {
			if tmpl == "" {
				continue
			}
			for _, mcp := range []string{"mcp", "mcpgo"} {
				src := fmt.Sprintf(tmpl, mcp, `"bad input: " + err.Error()`)
				expr, err := parser.ParseExpr(src)
				if err != nil {
					t.Errorf("%s %s: %q: %v", d.Name, name, src, err)
					continue
				}
				if !strings.Contains(src, mcp+".") || !strings.Contains(src, `"bad input: " + err.Error()`) {
					t.Errorf("%s %s: %q does not use the import name and message", d.Name, name, src)
				}
				if _, ok := expr.(*ast.UnaryExpr); !ok && !strings.Contains(src, d.ErrorResult.TextFunc+"(") {
					t.Errorf("%s %s: %q is neither &%s{...} nor a call of %s", d.Name, name, src, d.Result, d.ErrorResult.TextFunc)
				}
			}
		}
		if d.ErrorResult.Text == "" {
			t.Errorf("%s has no ErrorResult.Text", d.Name)
		}
	}
	// The helpers the fixes prefer where the SDK version declares them.
	if er := Default[1].ErrorResult; er.TextFunc != "NewToolResultError" || er.Formatf != "NewToolResultErrorf" || er.FromErr != "NewToolResultErrorFromErr" {
		t.Errorf("mcp-go ErrorResult = %+v", er)
	}
}

// TestShapeByVersion binds mcp-go as two releases whose
// server.ToolHandlerFunc differ: before v0.15.0 a handler took the
// arguments map alone, and such a function is a handler only where the
// version in the build says so, and the package sees that type.
func TestShapeByVersion(t *testing.T) {
	const mcp = `package mcp
type CallToolRequest struct{ Params struct{ Arguments map[string]any } }
type CallToolResult struct{ IsError bool }`
	const app = `package app
import (
	"context"
	"github.com/mark3labs/mcp-go/mcp"
	_ "github.com/mark3labs/mcp-go/server"
)
func byMap(arguments map[string]interface{}) (*mcp.CallToolResult, error) { return nil, nil }
func byRequest(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }`
	for _, tc := range []struct {
		name, server     string
		byMap, byRequest string
	}{
		{"v0.6.0", `package server
import "github.com/mark3labs/mcp-go/mcp"
type ToolHandlerFunc func(arguments map[string]interface{}) (*mcp.CallToolResult, error)`, "raw arguments", "raw"},
		{"v0.16.0", `package server
import ("context"; "github.com/mark3labs/mcp-go/mcp")
type ToolHandlerFunc func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error)`, "", "raw"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := &universe{fset: token.NewFileSet(), pkgs: map[string]*types.Package{}, std: importer.Default(), src: map[string]string{
				"github.com/mark3labs/mcp-go/mcp":    mcp,
				"github.com/mark3labs/mcp-go/server": tc.server,
				"example.com/app":                    app,
			}}
			p, err := u.Import("example.com/app")
			if err != nil {
				t.Fatal(err)
			}
			bs := Default.Bind(p)
			if len(bs) != 1 {
				t.Fatalf("Bind = %v, want [mcp-go]", names(bs))
			}
			for fn, want := range map[string]string{"byMap": tc.byMap, "byRequest": tc.byRequest} {
				got := ""
				if s, ok := bs[0].MatchShape(lookup[*types.Func](t, p, fn).Signature()); ok {
					got = describeShape(s)
				}
				if got != want {
					t.Errorf("MatchShape(%s) = %q, want %q", fn, got, want)
				}
			}
		})
	}
}
