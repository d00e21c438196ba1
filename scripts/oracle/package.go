package main

import (
	"fmt"
	"slices"
	"strings"
)

// wrapperFunc is the name of a wrapper's function.
func wrapperFunc(w wrapper) string {
	var n string
	switch w.Kind {
	case wConvert:
		n = "convert"
	case wForward:
		n = "forward"
	case wAnnotate:
		n = "annotateErr"
	case wGuard:
		n = "guard"
	case wRecover:
		n = "recoverPanic"
	case wRecoverErr:
		n = "recoverErr"
	case wLog:
		n = "logged"
	}
	if w.Typed {
		n = "t" + strings.ToUpper(n[:1]) + n[1:]
		switch w.Kind {
		case wRecover:
			n = "tRecover"
		case wLog:
			n = "tLog"
		}
	}
	if w.Xpkg {
		return "wrap." + strings.ToUpper(n[:1]) + n[1:]
	}
	return n
}

// emitPackage writes a server package.
func (m *Module) emitPackage(p *Package) {
	tx := textFor(p.SDK)
	var decls, reg, table, providers, session strings.Builder
	invokeFwdID := m.id()
	for _, t := range p.Tools {
		expr, sites := m.emitTool(&decls, t, tx, invokeFwdID)
		m.Sites = append(m.Sites, sites...)
		// Typed wrappers go around the typed function, raw ones around
		// the raw handler.
		for _, w := range t.Wrappers {
			if w.Typed {
				expr = wrapperFunc(w) + "(" + expr + ")"
			}
		}
		if t.Frame == typedFrame && t.SDK == mcpGo {
			expr = "mcp.NewTypedToolHandler(" + expr + ")"
		}
		if t.Frame == legacyFrame {
			if t.Adapt {
				expr = "wrap.Adapt(" + expr + ")"
			} else {
				expr = "adapt(" + expr + ")"
			}
		}
		for _, w := range t.Wrappers {
			if !w.Typed {
				expr = wrapperFunc(w) + "(" + expr + ")"
			}
		}
		switch {
		case t.Reg == regIface:
			fmt.Fprintf(&providers, "\t%s{},\n", "prov"+fieldName(t.Name))
		case t.Reg == regSession:
			fmt.Fprintf(&session, "\t\t_ = s.AddSessionTool(session.SessionID(), %s, %s)\n", tx.tool(t.Name), expr)
		case t.Reg == regTable && p.SDK == mcpGo:
			fmt.Fprintf(&table, "\t\t{Tool: %s, Handler: %s},\n", tx.tool(t.Name), expr)
		case t.Reg == regTable:
			fmt.Fprintf(&table, "\t\t{name: %q, h: %s},\n", t.Name, expr)
		case t.Frame == typedFrame && t.SDK == goSDK:
			fmt.Fprintf(&reg, "\tmcp.AddTool(s, &mcp.Tool{Name: %q}, %s)\n", t.Name, expr)
		default:
			fmt.Fprintf(&reg, "\ts.AddTool(%s, %s)\n", tx.tool(t.Name), expr)
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "// Package %s is a generated MCP server on %s.\npackage %s\n\n", p.Name, p.SDK, p.Name)
	// Server.
	if p.SDK == mcpGo {
		var opts []string
		for _, mw := range p.Middleware {
			switch mw {
			case mwRecovery:
				opts = append(opts, "server.WithRecovery()")
			case mwConvert:
				opts = append(opts, "server.WithToolHandlerMiddleware(wrap.ConvertMiddleware)")
			case mwLog:
				opts = append(opts, "server.WithToolHandlerMiddleware(wrap.LogMiddleware)")
			case mwConvertLocal:
				opts = append(opts, "server.WithToolHandlerMiddleware(convertMiddleware)")
			}
		}
		fmt.Fprintf(&b, "// Server returns the server with its tools.\nfunc Server() *server.MCPServer {\n")
		if session.Len() > 0 {
			// Each session gets its tools when it registers.
			fmt.Fprintf(&b, "\tvar s *server.MCPServer\n\thooks := &server.Hooks{}\n")
			fmt.Fprintf(&b, "\thooks.AddOnRegisterSession(func(ctx context.Context, session server.ClientSession) {\n%s\t})\n", session.String())
			opts = append(opts, "server.WithHooks(hooks)")
			b.WriteString("\ts = ")
		} else {
			b.WriteString("\ts := ")
		}
		fmt.Fprintf(&b, "server.NewMCPServer(%q, \"1.0.0\"", p.Name)
		for _, o := range opts {
			b.WriteString(", " + o)
		}
		b.WriteString(")\n")
	} else {
		fmt.Fprintf(&b, "// Server returns the server with its tools.\nfunc Server() *mcp.Server {\n\ts := mcp.NewServer(&mcp.Implementation{Name: %q, Version: \"1.0.0\"}, nil)\n", p.Name)
		for _, mw := range p.Middleware {
			switch mw {
			case mwRecvConvert:
				b.WriteString("\ts.AddReceivingMiddleware(wrap.ConvertCalls)\n")
			case mwRecvLog:
				b.WriteString("\ts.AddReceivingMiddleware(wrap.LogCalls)\n")
			case mwRecvRecover:
				b.WriteString("\ts.AddReceivingMiddleware(wrap.RecoverCalls)\n")
			case mwRecvSetError:
				b.WriteString("\ts.AddReceivingMiddleware(wrap.ConvertCallsSetError)\n")
			case mwRecvConvLocal:
				b.WriteString("\ts.AddReceivingMiddleware(convertCalls)\n")
			}
		}
	}
	b.WriteString(reg.String())
	if table.Len() > 0 {
		if p.SDK == mcpGo {
			b.WriteString("\ts.AddTools(table()...)\n")
		} else {
			fmt.Fprintf(&b, "\tfor _, e := range table() {\n\t\ts.AddTool(rawTool(e.name), e.h)\n\t}\n")
		}
	}
	if providers.Len() > 0 {
		newTool := "rawTool"
		if p.SDK == mcpGo {
			newTool = "mcp.NewTool"
		}
		fmt.Fprintf(&b, "\tfor _, p := range providers {\n\t\ts.AddTool(%s(p.Name()), p.Handle)\n\t}\n", newTool)
	}
	b.WriteString("\treturn s\n}\n\n")
	if table.Len() > 0 {
		if p.SDK == mcpGo {
			fmt.Fprintf(&b, "func table() []server.ServerTool {\n\treturn []server.ServerTool{\n%s\t}\n}\n\n", table.String())
		} else {
			fmt.Fprintf(&b, "func table() []struct {\n\tname string\n\th    mcp.ToolHandler\n} {\n\treturn []struct {\n\t\tname string\n\t\th    mcp.ToolHandler\n\t}{\n%s\t}\n}\n\n", table.String())
		}
	}
	sig := fmt.Sprintf("(ctx context.Context, req %s) (*mcp.CallToolResult, error)", tx.req)
	fmt.Fprintf(&b, "// A provider is a tool of the registry.\ntype provider interface {\n\tName() string\n\tHandle%s\n}\n\n", sig)
	fmt.Fprintf(&b, "var providers = []provider{\n%s}\n\n", providers.String())
	// The invoker and its closures only where a tool uses them: an
	// unused handler factory is no server's code.
	usesInvoke := slices.ContainsFunc(p.Tools, func(t *Tool) bool { return t.Frame == invokeConv || t.Frame == invokeFwd })
	if usesInvoke {
		fmt.Fprintf(&b, "// An invoker runs a tool.\ntype invoker interface {\n\tInvoke%s\n}\n\n", sig)
	}
	uses := func(f frameKind) bool {
		return slices.ContainsFunc(p.Tools, func(t *Tool) bool { return t.Frame == f })
	}
	if uses(invokeConv) {
		fmt.Fprintf(&b, `// invokeConverting turns the invoker's error into an IsError result.
func invokeConverting(inv invoker) %[1]s {
	return func%[2]s {
		res, err := inv.Invoke(ctx, req)
		if err != nil {
			return toolErr("invocation failed: " + err.Error()), nil
		}
		return res, nil
	}
}

`, tx.handler, sig)
	}
	if uses(invokeFwd) {
		fmt.Fprintf(&b, `// invokeForwarding returns the invoker's error.
func invokeForwarding(inv invoker) %[1]s {
	return func%[2]s {
		res, err := inv.Invoke(ctx, req)
		if err != nil {
			return nil, err%[3]s
		}
		return res, nil
	}
}

`, tx.handler, sig, marker(invokeFwdID))
	}
	b.WriteString("func annotate(op string, err error) error { return fmt.Errorf(\"%s: %w\", op, err) }\n\n")
	if p.SDK == goSDK {
		b.WriteString("func rawTool(name string) *mcp.Tool {\n\treturn &mcp.Tool{Name: name, InputSchema: map[string]any{\"type\": \"object\"}}\n}\n\n")
		if p.Flavor.gosdkJSONRPC {
			b.WriteString("func asInvalid(err error) error {\n\treturn &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}\n}\n\n")
		}
	}
	b.WriteString(resultHelpers(p.SDK, false))
	b.WriteString(rawWrapperSrc(p.SDK, false))
	b.WriteString(decls.String())
	m.Files[p.Name+"/server.go"] = withImports(p.SDK, b.String())
}

// emitTool writes a tool's declarations and returns the expression of
// its handler (before wrappers) and its sites.
func (m *Module) emitTool(decls *strings.Builder, t *Tool, tx sdkText, invokeFwdID int) (string, []*Site) {
	var b strings.Builder
	e := &body{m: m, t: t, b: &b, decls: decls, valid: map[string]any{}, indent: "\t"}
	frame := t.Frame
	if t.Frame2 != "" {
		frame = t.Frame2
	}
	argsType := "args" + fieldName(t.Name)
	// The arguments struct.
	var fields strings.Builder
	fields.WriteString("\tN int `json:\"n,omitempty\"`\n")
	for _, s := range t.Steps {
		if s.Kind == stDecode {
			continue
		}
		typ := "string"
		if s.Kind == stRedecode {
			typ = "[]any"
		}
		fmt.Fprintf(&fields, "\t%s %s `json:\"%s,omitempty\"`\n", fieldName(s.Key), typ, s.Key)
	}
	if frame == rawStruct || frame == typedFrame {
		fmt.Fprintf(decls, "type %s struct {\n%s}\n\n", argsType, fields.String())
	}
	// The frame's prologue.
	switch frame {
	case rawStruct:
		e.line("var a %s", argsType)
	case rawMap:
		e.isMap = true
		if t.SDK == mcpGo {
			e.line("m := req.GetArguments()")
			e.line("_ = m")
		} else {
			e.line("var m map[string]any")
			e.line("_ = json.Unmarshal(req.Params.Arguments, &m)")
		}
	case legacyFrame:
		e.isMap = true
	case typedFrame:
		e.typed3 = t.SDK == goSDK
	}
	e.emitSteps()
	bodyText := b.String()

	rawSig := fmt.Sprintf("(ctx context.Context, req %s) (*mcp.CallToolResult, error)", tx.req)
	typedSig := fmt.Sprintf("(ctx context.Context, req %s, a %s) (*mcp.CallToolResult, any, error)", tx.req, argsType)
	typedType := fmt.Sprintf("mcp.ToolHandlerFor[%s, any]", argsType)
	if t.SDK == mcpGo {
		typedSig = fmt.Sprintf("(ctx context.Context, req %s, a %s) (*mcp.CallToolResult, error)", tx.req, argsType)
		typedType = fmt.Sprintf("mcp.TypedToolHandlerFunc[%s]", argsType)
	}
	fn := "tool" + fieldName(t.Name)
	var expr string
	switch t.Frame {
	case legacyFrame:
		fmt.Fprintf(decls, "func %s(m map[string]any) (*mcp.CallToolResult, error) {\n%s}\n\n", fn, bodyText)
		expr = fn
	case invokeConv, invokeFwd:
		impl := "impl" + fieldName(t.Name)
		fmt.Fprintf(decls, "type %s struct{}\n\nfunc (%s) Invoke%s {\n%s}\n\n", impl, impl, rawSig, bodyText)
		if t.Frame == invokeConv {
			expr = "invokeConverting(" + impl + "{})"
		} else {
			expr = "invokeForwarding(" + impl + "{})"
			for _, s := range e.sites {
				s.Chain = append(s.Chain, invokeFwdID)
			}
		}
	case providerReg:
		prov := "prov" + fieldName(t.Name)
		fmt.Fprintf(decls, "type %s struct{}\n\nfunc (%s) Name() string { return %q }\n\nfunc (%s) Handle%s {\n%s}\n\n", prov, prov, t.Name, prov, rawSig, bodyText)
	default:
		sig, typ := rawSig, tx.handler
		if t.Frame == typedFrame {
			sig, typ = typedSig, typedType
		}
		switch t.Reg {
		case regFactory:
			fmt.Fprintf(decls, "func new%s(prefix string) %s {\n\treturn func%s {\n%s\t}\n}\n\n", fieldName(t.Name), typ, sig, indent(bodyText))
			expr = fmt.Sprintf("new%s(%q)", fieldName(t.Name), t.Name)
		case regMethod:
			svc := "svc" + fieldName(t.Name)
			fmt.Fprintf(decls, "type %s struct{ prefix string }\n\nfunc (s *%s) handle%s {\n%s}\n\n", svc, svc, sig, bodyText)
			expr = fmt.Sprintf("(&%s{prefix: %q}).handle", svc, t.Name)
		default:
			fmt.Fprintf(decls, "func %s%s {\n%s}\n\n", fn, sig, bodyText)
			expr = fn
		}
	}
	return expr, e.sites
}

func indent(s string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "\t" + l
	}
	return strings.Join(lines, "\n") + "\n"
}
