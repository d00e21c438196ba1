package sdk

import (
	"go/types"
	"slices"
	"strings"
)

// A Binding is a Descriptor resolved against the type-checked packages
// visible from one analyzed package. Its objects are the ones the analyzed
// code's types refer to, so they can be compared by identity.
type Binding struct {
	*Descriptor

	// MCP is the SDK package that declares the request and result types.
	MCP *types.Package

	// Request and Result are the call-tool request and result types.
	Request, Result types.Type

	// params is the type of the request's Params field, pointers removed.
	params types.Type

	// argumentFields holds the origin of each field in ArgumentFields.
	argumentFields map[*types.Var]bool

	// protocolErrors maps each protocol error type to its description.
	protocolErrors map[*types.TypeName]ProtocolError

	// invalidParams holds the InvalidParamsSentinels variables.
	invalidParams map[*types.Var]bool

	registrars map[*types.Func][]Shape
	named      map[*types.TypeName]Shape

	// shapes are the descriptor's shapes that this version of the SDK
	// has (see Shape.Type).
	shapes []Shape
}

// Bind resolves every descriptor whose MCP package is imported, directly or
// not, by pkg. It returns nil when pkg cannot see any SDK, which lets
// callers skip the package at once.
func (t Table) Bind(pkg *types.Package) Bindings {
	visible := make(map[string]*types.Package)
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		for _, imp := range p.Imports() {
			path := unvendor(imp.Path())
			if _, seen := visible[path]; seen {
				continue
			}
			visible[path] = imp
			walk(imp)
		}
	}
	visible[unvendor(pkg.Path())] = pkg
	walk(pkg)

	var bound []*Binding
	for _, d := range t {
		mcp := visible[d.MCP]
		if mcp == nil || mcp == pkg {
			continue // an SDK is not analyzed as its own user
		}
		if b := d.bind(mcp, visible); b != nil {
			bound = append(bound, b)
		}
	}
	return bound
}

// unvendor strips a GOPATH-style vendor prefix from a package path.
func unvendor(path string) string {
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		return path[i+len("/vendor/"):]
	}
	return strings.TrimPrefix(path, "vendor/")
}

func (d *Descriptor) bind(mcp *types.Package, visible map[string]*types.Package) *Binding {
	req, _ := mcp.Scope().Lookup(d.Request).(*types.TypeName)
	res, _ := mcp.Scope().Lookup(d.Result).(*types.TypeName)
	if req == nil || res == nil {
		return nil // not a version we understand
	}
	b := &Binding{
		Descriptor:     d,
		MCP:            mcp,
		Request:        req.Type(),
		Result:         res.Type(),
		argumentFields: make(map[*types.Var]bool),
		protocolErrors: make(map[*types.TypeName]ProtocolError),
		invalidParams:  make(map[*types.Var]bool),
		registrars:     make(map[*types.Func][]Shape),
		named:          make(map[*types.TypeName]Shape),
	}
	if f := lookupFieldPath(b.Request, []string{"Params"}); f != nil {
		b.params = deref(f.Type())
	}
	for _, sel := range d.ArgumentFields {
		if f := lookupFieldPath(b.Request, strings.Split(sel, ".")); f != nil {
			b.argumentFields[f.Origin()] = true
		}
	}
	for _, pe := range d.ProtocolErrors {
		if p := visible[pe.Path]; p != nil {
			if tn, ok := p.Scope().Lookup(pe.Name).(*types.TypeName); ok {
				b.protocolErrors[tn] = pe
			}
		}
	}
	for _, name := range d.InvalidParamsSentinels {
		if v, ok := mcp.Scope().Lookup(name).(*types.Var); ok {
			b.invalidParams[v] = true
		}
	}
	for _, s := range d.Shapes {
		if b.hasShapeType(s, visible) {
			b.shapes = append(b.shapes, s)
		}
		if fn, ok := mcp.Scope().Lookup(s.Registrar).(*types.Func); ok {
			b.registrars[fn] = append(b.registrars[fn], s)
		}
		if tn, ok := mcp.Scope().Lookup(s.Named).(*types.TypeName); ok {
			b.named[tn] = s
		}
	}
	return b
}

// NamedShape returns the shape of the handlers whose type t is, an SDK
// function type (or an instance of one) that names a handler shape.
func (b *Binding) NamedShape(t types.Type) (Shape, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return Shape{}, false
	}
	s, ok := b.named[n.Origin().Obj()]
	return s, ok
}

// hasShapeType reports whether the version of the SDK bound has shape s:
// one with no Type always, one with a Type when that type is visible and
// its signature is the shape's.
func (b *Binding) hasShapeType(s Shape, visible map[string]*types.Package) bool {
	if s.Type == "" {
		return true
	}
	i := strings.LastIndex(s.Type, ".")
	p := visible[s.Type[:max(i, 0)]]
	if p == nil {
		return false
	}
	tn, ok := p.Scope().Lookup(s.Type[i+1:]).(*types.TypeName)
	if !ok {
		return false
	}
	sig, ok := tn.Type().Underlying().(*types.Signature)
	return ok && b.HasShape(sig, s)
}

// lookupFieldPath follows a chain of field names from t, through pointers,
// and returns the last field, or nil if the chain does not resolve.
func lookupFieldPath(t types.Type, path []string) *types.Var {
	var field *types.Var
	for _, name := range path {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		f, ok := obj.(*types.Var)
		if !ok || !f.IsField() {
			return nil
		}
		field, t = f, f.Type()
	}
	return field
}

// IsArgumentField reports whether f is a field holding the raw arguments.
func (b *Binding) IsArgumentField(f *types.Var) bool {
	return b.argumentFields[f.Origin()]
}

// IsRequestLevelField reports whether field, of the struct type st (or a
// pointer to it), is a field of the request or of its params other than
// the arguments: the tool name, metadata, the session, multi-round-trip
// state. Checks on these are request-level, and stay protocol errors.
func (b *Binding) IsRequestLevelField(st types.Type, field *types.Var) bool {
	st = deref(st)
	if b.IsArgumentField(field) {
		return false
	}
	return types.Identical(st, b.Request) || b.params != nil && types.Identical(st, b.params)
}

func deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// IsRequest reports whether t is the request type or a pointer to it.
func (b *Binding) IsRequest(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return types.Identical(t, b.Request)
}

// IsResultPointer reports whether t is a pointer to the result type.
func (b *Binding) IsResultPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && types.Identical(p.Elem(), b.Result)
}

// IsTextResultFunc reports whether fn is a function of the SDK that builds
// a result that is no error from a text, its first operand.
func (b *Binding) IsTextResultFunc(fn *types.Func) bool {
	return fn.Pkg() == b.MCP && fn.Signature().Recv() == nil && slices.Contains(b.TextResult.Funcs, fn.Name())
}

// IsErrorResultFunc reports whether fn is a function of the SDK that
// builds a tool execution error result (the ErrorResult functions).
func (b *Binding) IsErrorResultFunc(fn *types.Func) bool {
	if fn == nil || fn.Pkg() != b.MCP || fn.Signature().Recv() != nil {
		return false
	}
	er := b.ErrorResult
	return fn.Name() != "" && slices.Contains([]string{er.TextFunc, er.Formatf, er.FromErr}, fn.Name())
}

// IsTextContentFunc reports whether fn is a function of the SDK that
// builds a text content from a text, its first operand.
func (b *Binding) IsTextContentFunc(fn *types.Func) bool {
	return fn.Pkg() == b.MCP && fn.Signature().Recv() == nil && slices.Contains(b.TextResult.ContentFuncs, fn.Name())
}

// IsTextContent reports whether t is the SDK's text content type or a
// pointer to it.
func (b *Binding) IsTextContent(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	return ok && b.TextResult.Content != "" && named.Obj().Pkg() == b.MCP && named.Obj().Name() == b.TextResult.Content
}

// IsArgumentMethod reports whether fn is a request method yielding argument values.
func (b *Binding) IsArgumentMethod(fn *types.Func) bool {
	return b.isRequestMethod(fn, b.ArgumentMethods)
}

// IsDecodeMethod reports whether fn is a request method that decodes arguments.
func (b *Binding) IsDecodeMethod(fn *types.Func) bool {
	return b.isRequestMethod(fn, b.DecodeMethods)
}

// IsArgumentFunc reports whether fn is an SDK function yielding argument values.
func (b *Binding) IsArgumentFunc(fn *types.Func) bool {
	return fn.Pkg() == b.MCP && fn.Signature().Recv() == nil && slices.Contains(b.ArgumentFuncs, fn.Name())
}

func (b *Binding) isRequestMethod(fn *types.Func, names []string) bool {
	recv := fn.Signature().Recv()
	return recv != nil && fn.Pkg() == b.MCP && b.IsRequest(recv.Type()) && slices.Contains(names, fn.Name())
}

// ProtocolError returns the description of t, or of the type t points to,
// if it is one of the SDK's protocol error types.
func (b *Binding) ProtocolError(t types.Type) (ProtocolError, bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return ProtocolError{}, false
	}
	pe, ok := b.protocolErrors[named.Obj()]
	return pe, ok
}

// IsInvalidParamsSentinel reports whether v is an "invalid params" error variable.
func (b *Binding) IsInvalidParamsSentinel(v *types.Var) bool {
	return b.invalidParams[v]
}

// RegistrarShapes returns the handler shapes whose functions are passed to
// fn, or nil if fn registers none.
func (b *Binding) RegistrarShapes(fn *types.Func) []Shape {
	return b.registrars[fn.Origin()]
}

// MatchShape returns the first shape of b whose signature sig has and that
// needs no registrar, for handlers identified by signature alone.
func (b *Binding) MatchShape(sig *types.Signature) (Shape, bool) {
	for _, s := range b.shapes {
		if s.Registrar == "" && b.HasShape(sig, s) {
			return s, true
		}
	}
	return Shape{}, false
}

// HasAnyShape reports whether sig is the signature of a handler of any
// shape of this version of the SDK, registrar or not.
func (b *Binding) HasAnyShape(sig *types.Signature) bool {
	return slices.ContainsFunc(b.shapes, func(s Shape) bool { return b.HasShape(sig, s) })
}

// HasShape reports whether sig is the signature of a handler of shape s:
// (context.Context, Request[, In]) (*Result[, Out], error), or for an
// Arguments shape (map[string]T) (*Result, error).
func (b *Binding) HasShape(sig *types.Signature, s Shape) bool {
	params, results := sig.Params(), sig.Results()
	if s.Arguments {
		if sig.Variadic() || params.Len() != 1 || results.Len() != 2 {
			return false
		}
		m, ok := params.At(0).Type().Underlying().(*types.Map)
		if !ok {
			return false
		}
		key, ok := m.Key().Underlying().(*types.Basic)
		return ok && key.Kind() == types.String && b.IsResultPointer(results.At(0).Type()) && IsError(results.At(1).Type())
	}
	if sig.Variadic() || params.Len() != 2+btoi(s.Input) || results.Len() != 2+btoi(s.Output) {
		return false
	}
	req := b.Request
	if b.RequestByPointer {
		req = types.NewPointer(req)
	}
	return IsContext(params.At(0).Type()) &&
		types.Identical(params.At(1).Type(), req) &&
		b.IsResultPointer(results.At(0).Type()) &&
		IsError(results.At(results.Len()-1).Type())
}

// IsToolBody reports whether sig is that of a tool body: a function that is
// no handler shape of its own but takes the SDK's call-tool request, as the
// SDK passes it, among its parameters and returns exactly a result and an
// error (dns.HandleQuery(ctx, req, cfg)). Nothing but a tool call makes
// such a result from such a request, so its error reaches the client
// unless its caller converts it, as a raw handler's does.
func (b *Binding) IsToolBody(sig *types.Signature) bool {
	results := sig.Results()
	if sig.Variadic() || results.Len() != 2 || !b.IsResultPointer(results.At(0).Type()) || !IsError(results.At(1).Type()) {
		return false
	}
	req := b.Request
	if b.RequestByPointer {
		req = types.NewPointer(req)
	}
	params := sig.Params()
	for i := range params.Len() {
		if types.Identical(params.At(i).Type(), req) {
			return true
		}
	}
	return false
}

// ReturnsError reports whether sig's last result is an error.
func ReturnsError(sig *types.Signature) bool {
	r := sig.Results()
	return r.Len() > 0 && IsError(r.At(r.Len()-1).Type())
}

// IsError reports whether t is the predeclared error type.
func IsError(t types.Type) bool {
	return types.Identical(t, errorType)
}

// ImplementsError reports whether a value of type t is an error: the
// error type, or a type that implements it (*jsonrpc.Error).
func ImplementsError(t types.Type) bool {
	return types.Implements(t, errorType.Underlying().(*types.Interface))
}

var errorType = types.Universe.Lookup("error").Type()

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "context" && named.Obj().Name() == "Context"
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// InSDK reports whether the package at path belongs to one of the SDKs
// themselves: its behavior is what the descriptors describe.
func (t Table) InSDK(path string) bool {
	path = unvendor(path)
	for _, d := range t {
		if rest, ok := strings.CutPrefix(path, d.Module); ok && (rest == "" || rest[0] == '/') {
			return true
		}
	}
	return false
}

// IsMCPPackage reports whether the package at path is the MCP package of
// one of the SDKs, the package that declares their protocol types.
func (t Table) IsMCPPackage(path string) bool {
	path = unvendor(path)
	for _, d := range t {
		if path == d.MCP {
			return true
		}
	}
	return false
}

// Bindings are the SDKs one package sees. Their methods answer whether
// any of them says something of a type or an object.
type Bindings []*Binding

// Named returns the binding of the SDK whose descriptor is named name, or
// nil.
func (bs Bindings) Named(name string) *Binding {
	for _, b := range bs {
		if b.Name == name {
			return b
		}
	}
	return nil
}

// IsRequest reports whether t is one of the SDKs' tool call requests.
func (bs Bindings) IsRequest(t types.Type) bool {
	return slices.ContainsFunc(bs, func(b *Binding) bool { return b.IsRequest(t) })
}

// IsResultPointer reports whether t is a pointer to one of the SDKs'
// tool results.
// IsErrorResultFunc reports whether fn builds a tool execution error
// result of one of the SDKs.
func (bs Bindings) IsErrorResultFunc(fn *types.Func) bool {
	return slices.ContainsFunc(bs, func(b *Binding) bool { return b.IsErrorResultFunc(fn) })
}

func (bs Bindings) IsResultPointer(t types.Type) bool {
	return slices.ContainsFunc(bs, func(b *Binding) bool { return b.IsResultPointer(t) })
}

// ProtocolError returns the description of t when it is one of the SDKs'
// protocol error types, or a pointer to one.
func (bs Bindings) ProtocolError(t types.Type) (ProtocolError, bool) {
	for _, b := range bs {
		if pe, ok := b.ProtocolError(t); ok {
			return pe, true
		}
	}
	return ProtocolError{}, false
}

// IsProtocolErrorName reports whether name, a qualified type name
// (path.Name), is one of the SDKs' protocol error types.
func (bs Bindings) IsProtocolErrorName(name string) bool {
	for _, b := range bs {
		for _, pe := range b.ProtocolErrors {
			if pe.Path+"."+pe.Name == name {
				return true
			}
		}
	}
	return false
}

// IsInvalidParamsSentinel reports whether v is one of the SDKs'
// InvalidParams sentinel errors.
func (bs Bindings) IsInvalidParamsSentinel(v *types.Var) bool {
	return slices.ContainsFunc(bs, func(b *Binding) bool { return b.IsInvalidParamsSentinel(v) })
}
