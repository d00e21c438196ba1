package main

import (
	"fmt"
	"strings"
)

// An origin is where a site's error comes from.
type origin string

const (
	oDecode   origin = "decode"
	oValidate origin = "validate"
	oInvalid  origin = "invalid-params"
	oBusiness origin = "business"
	oNone     origin = "none" // an assertion on the handler's own value, a check that cannot fail
)

// A Site is one return or assertion of a generated tool, with the call
// that reaches it.
type Site struct {
	ID   string // TOOL.N
	Tool *Tool
	// Prod is the production the site comes from: the step, and which of
	// its sites this is.
	Prod   string
	Assert bool   // a single-value type assertion, not a return
	Origin origin // what the error is, by construction
	// NeverFails: no argument makes the site fail (a constant key's
	// check, the handler's own map); its call passes valid arguments.
	NeverFails bool
	// Chain are the marker IDs of the lines the error passes on its way
	// out of the tool's own code: the site's line first, then each
	// forwarding return.
	Chain []int
	// Args are the call's arguments.
	Args map[string]any
	// Expect is a text the client's error message or result text
	// contains when the call reaches the site ("" when the SDK's own
	// text is not predictable).
	Expect string
}

// Arg says the site's error is an argument error by its origin.
func (s *Site) Arg() bool {
	return s.Origin == oDecode || s.Origin == oValidate || s.Origin == oInvalid
}

// A Module is a generated module's files and sites.
type Module struct {
	Flavor   Flavor
	Files    map[string][]byte // by slash path
	Packages []*Package
	Sites    []*Site
	nextID   int

	backendCheck, backendAPI int         // markers of backend.Call's two returns
	wrapCheck                map[SDK]int // marker of CheckFormat's return, by SDK
}

func (m *Module) id() int { m.nextID++; return m.nextID }

// marker is the comment that names a line for the sites' chains.
func marker(id int) string { return fmt.Sprintf(" // @%d", id) }

// sdkText are the SDK-specific pieces of generated code.
type sdkText struct {
	req     string // the raw handler's request parameter type
	handler string // the raw handler type
	tool    func(name string) string
	wrapPkg string
}

func textFor(s SDK) sdkText {
	if s == mcpGo {
		return sdkText{
			req:     "mcp.CallToolRequest",
			handler: "server.ToolHandlerFunc",
			tool:    func(n string) string { return fmt.Sprintf("mcp.NewTool(%q)", n) },
			wrapPkg: "mwrap",
		}
	}
	return sdkText{
		req:     "*mcp.CallToolRequest",
		handler: "mcp.ToolHandler",
		tool:    func(n string) string { return fmt.Sprintf("rawTool(%q)", n) },
		wrapPkg: "gwrap",
	}
}

// body is the emission state of one tool's body.
type body struct {
	m      *Module
	t      *Tool
	b      *strings.Builder
	decls  *strings.Builder // the package's top-level declarations
	typed3 bool             // returns three values (go-sdk typed)
	isMap  bool             // arguments read from the map m
	valid  map[string]any
	sites  []*Site
	indent string
}

func (e *body) line(format string, args ...any) {
	e.b.WriteString(e.indent + fmt.Sprintf(format, args...) + "\n")
}

// mline writes a line with a new marker and returns the marker's ID.
func (e *body) mline(format string, args ...any) int {
	id := e.m.id()
	e.b.WriteString(e.indent + fmt.Sprintf(format, args...) + marker(id) + "\n")
	return id
}

func (e *body) retErr(err string) string {
	if e.typed3 {
		return "return nil, nil, " + err
	}
	return "return nil, " + err
}

func (e *body) retRes(res string) string {
	if e.typed3 {
		return "return " + res + ", nil, nil"
	}
	return "return " + res + ", nil"
}

// site records a site of step i of the body, reached by valid arguments
// for the steps before it and bad for its key.
func (e *body) site(prod string, o origin, chain []int, key string, bad any, expect string) *Site {
	s := &Site{
		ID: fmt.Sprintf("%s.%d", e.t.Name, len(e.sites)), Tool: e.t, Prod: prod, Origin: o, Chain: chain, Expect: expect,
		Args: map[string]any{},
	}
	for k, v := range e.valid {
		s.Args[k] = v
	}
	if key != "" {
		if bad == omit {
			delete(s.Args, key)
		} else {
			s.Args[key] = bad
		}
	}
	e.sites = append(e.sites, s)
	return s
}

// omit as a bad value leaves the key out of the call.
var omit = &struct{}{}

func (e *body) rewrite(s step, err string) string {
	switch s.Rewrite {
	case rwAnnotate:
		return fmt.Sprintf("annotate(%q, %s)", s.Key, err)
	case rwAnnotateX:
		return fmt.Sprintf("wrap.Annotate(%q, %s)", s.Key, err)
	case rwAsInvalid:
		return fmt.Sprintf("asInvalid(%s)", err)
	}
	return err
}

// originOf is the origin of an argument error after its rewrite: a
// *jsonrpc.Error InvalidParams stays an argument error.
func validValue(c checkKind) string {
	switch c {
	case cEnum:
		return "red"
	case cTime:
		return "2025-01-02T15:04:05Z"
	case cAtoi:
		return "5"
	case cLib:
		return "open"
	}
	return "fine"
}

// get emits the getter of a string argument and returns the variable.
func (e *body) get(s step, v string, arrayOf bool) {
	typ := "string"
	if arrayOf {
		typ = "[]any"
	}
	field := fieldName(s.Key)
	switch s.Getter {
	case gField:
		e.line("%s := a.%s", v, field)
	case gAssert:
		id := e.mline("%s := m[%q].(%s)", v, s.Key, typ)
		e.site("getter:assert", oDecode, []int{id}, s.Key, 5, "")
		e.sites[len(e.sites)-1].Assert = true
	case gCommaOK:
		e.line("%s, _ := m[%q].(%s)", v, s.Key, typ)
	case gCommaOKErr:
		e.line("%s, ok := m[%q].(%s)", v, s.Key, typ)
		e.line("if !ok {")
		tok := e.t.Name + "." + s.Key
		id := e.mline("\t%s", e.retErr(e.rewrite(s, fmt.Sprintf("errors.New(%q)", tok+": "+s.Key+" must be a "+typ))))
		e.line("}")
		e.site("getter:commaok-err"+rwSuffix(s), oValidate, []int{id}, s.Key, 5, tok)
	case gRequire:
		e.line("%s, err := req.RequireString(%q)", v, s.Key)
		e.line("if err != nil {")
		id := e.mline("\t%s", e.retErr(e.rewrite(s, "err")))
		e.line("}")
		e.site("getter:require"+rwSuffix(s), oDecode, []int{id}, s.Key, omit, "required argument")
	}
}

func rwSuffix(s step) string {
	if s.Rewrite != rwNone {
		return "+" + string(s.Rewrite)
	}
	return ""
}

func fieldName(key string) string { return strings.ToUpper(key[:1]) + key[1:] }

// emitSteps writes the tool's steps and its success return.
func (e *body) emitSteps() {
	for i, s := range e.t.Steps {
		e.line("{ // step %d: %s", i, s)
		e.indent += "\t"
		e.emitStep(s)
		e.indent = e.indent[:len(e.indent)-1]
		e.line("}")
	}
	e.line("%s", e.retRes(fmt.Sprintf("okResult(%q)", "done "+e.t.Name)))
	// A site that never fails is called with every argument valid: the
	// call goes through it to the success return.
	for _, s := range e.sites {
		if s.NeverFails {
			for k, v := range e.valid {
				s.Args[k] = v
			}
		}
	}
}

func (e *body) emitStep(s step) {
	t := e.t
	tok := t.Name + "." + s.Key
	wrapped := func(err string) string { return e.rewrite(s, err) }
	rwo := func(o origin) origin {
		if s.Rewrite == rwAsInvalid {
			return oInvalid
		}
		return o
	}
	switch s.Kind {
	case stDecode:
		var call string
		switch {
		case s.Xpkg && t.SDK == mcpGo:
			call = "wrap.Bind(req, &a)"
		case s.Xpkg:
			call = "wrap.Decode(req.Params.Arguments, &a)"
		case t.SDK == mcpGo:
			call = "req.BindArguments(&a)"
		default:
			call = "json.Unmarshal(req.Params.Arguments, &a)"
		}
		e.line("if err := %s; err != nil {", call)
		var id int
		o := rwo(oDecode)
		prod := "decode" + rwSuffix(s)
		if s.Converted {
			id = e.mline("\t%s", e.retRes("toolErr(err.Error())"))
			prod = "decode(converted)"
		} else {
			id = e.mline("\t%s", e.retErr(wrapped("err")))
		}
		e.line("}")
		e.site(prod, o, []int{id}, "n", "x", "cannot unmarshal")
		if s.Converted {
			e.sites[len(e.sites)-1].Origin = oDecode
			e.sites[len(e.sites)-1].Prod = "decode(converted)"
		}
	case stCheck:
		e.get(s, "v", false)
		e.valid[s.Key] = validValue(s.Check)
		e.check(s, tok, wrapped, rwo)
		e.line("_ = v")
	case stRedecode:
		e.get(s, "items", true)
		e.valid[s.Key] = []any{map[string]any{"name": "x"}}
		e.line("if len(items) > 0 {")
		e.line("\traw, _ := json.Marshal(items[0])")
		e.line("\tvar item struct {")
		e.line("\t\tName string `json:\"name\"`")
		e.line("\t}")
		e.line("\tif err := json.Unmarshal(raw, &item); err != nil {")
		id1 := e.mline("\t\t%s", e.retErr(wrapped("err")))
		e.line("\t}")
		e.line("\tif item.Name == \"\" {")
		id2 := e.mline("\t\t%s", e.retErr(wrapped(fmt.Sprintf("errors.New(%q)", tok+": item name is required"))))
		e.line("\t}")
		e.line("}")
		e.site("redecode:unmarshal"+rwSuffix(s), rwo(oDecode), []int{id1}, s.Key, []any{map[string]any{"name": 5}}, "cannot unmarshal")
		e.site("redecode:check"+rwSuffix(s), rwo(oValidate), []int{id2}, s.Key, []any{map[string]any{"name": ""}}, tok)
	case stOwnMap:
		val := "m[" + fmt.Sprintf("%q", s.Key) + "]"
		if !e.isMap {
			val = "a." + fieldName(s.Key)
		}
		e.valid[s.Key] = "fine"
		e.line("result := map[string]any{\"input\": %s, \"total\": 1, \"skipped\": 0, \"errors\": []string{}}", val)
		e.line("note := func(msg string) {")
		id1 := e.mline("\tresult[\"errors\"] = append(result[\"errors\"].([]string), msg)")
		e.line("}")
		e.line("for _, action := range []string{\"keep\", \"skip\"} {")
		e.line("\tif action == \"skip\" {")
		id2 := e.mline("\t\tresult[\"skipped\"] = result[\"skipped\"].(int) + 1")
		e.line("\t\tnote(action)")
		e.line("\t}")
		e.line("}")
		e.line("_ = result")
		for _, id := range []int{id1, id2} {
			st := e.site("ownmap:assert", oNone, []int{id}, "", nil, "done")
			st.Assert, st.NeverFails = true, true
		}
	case stClient:
		e.get(s, "v", false)
		e.valid[s.Key] = "fine"
		m := e.m
		if s.Const {
			e.line("if _, err := backend.NewClient().Call(map[string]any{\"accountId\": v, \"teamRefId\": \"team-1\"}); err != nil {")
			id := e.mline("\t%s", e.retErr(wrapped("err")))
			e.line("}")
			st := e.site("client(const-key):check", oNone, []int{m.backendCheck, id}, "", nil, "done")
			st.NeverFails = true
			e.site("client(const-key):api", oBusiness, []int{m.backendAPI, id}, s.Key, "fail-"+tok, "fail-"+tok)
		} else {
			e.line("p := map[string]any{\"accountId\": \"acc-1\"}")
			e.line("if v != \"\" {")
			e.line("\tp[\"teamRefId\"] = v")
			e.line("}")
			e.line("if _, err := backend.NewClient().Call(p); err != nil {")
			id := e.mline("\t%s", e.retErr(wrapped("err")))
			e.line("}")
			e.site("client(arg-key):check", rwo(oValidate), []int{m.backendCheck, id}, s.Key, "", "teamRefId is required")
			e.site("client(arg-key):api", rwo(oBusiness), []int{m.backendAPI, id}, s.Key, "fail-"+tok, "fail-"+tok)
		}
	}
}

// check emits a check of v.
func (e *body) check(s step, tok string, wrapped func(string) string, rwo func(origin) origin) {
	prod := "check:" + string(s.Check) + rwSuffix(s)
	switch s.Check {
	case cNone:
	case cEmpty:
		e.line("if v == \"\" {")
		id := e.mline("\t%s", e.retErr(wrapped(fmt.Sprintf("errors.New(%q)", tok+": "+s.Key+" is required"))))
		e.line("}")
		e.site(prod, rwo(oValidate), []int{id}, s.Key, "", tok)
	case cEnum:
		e.line("switch v {")
		e.line("case \"red\", \"green\":")
		e.line("default:")
		id := e.mline("\t%s", e.retErr(wrapped(fmt.Sprintf("fmt.Errorf(%q, v)", tok+": "+s.Key+" must be red or green, got %q"))))
		e.line("}")
		e.site(prod, rwo(oValidate), []int{id}, s.Key, "blue", tok)
	case cTime:
		e.line("if _, err := time.Parse(time.RFC3339, v); err != nil {")
		id := e.mline("\t%s", e.retErr(wrapped(fmt.Sprintf("fmt.Errorf(%q, err)", tok+": %w"))))
		e.line("}")
		e.site(prod, rwo(oValidate), []int{id}, s.Key, "soon", tok)
	case cAtoi:
		e.line("n, err := strconv.Atoi(v)")
		e.line("if err != nil {")
		id1 := e.mline("\t%s", e.retErr(wrapped("err")))
		e.line("}")
		e.line("if n < 1 || n > 10 {")
		id2 := e.mline("\t%s", e.retErr(wrapped(fmt.Sprintf("fmt.Errorf(%q, n)", tok+": "+s.Key+" must be 1 to 10, got %d"))))
		e.line("}")
		e.site(prod+":parse", rwo(oValidate), []int{id1}, s.Key, "x", "strconv.Atoi")
		e.site(prod+":range", rwo(oValidate), []int{id2}, s.Key, "99", tok)
	case cLib:
		e.line("st, err := statuslib.ParseStatus(v)")
		e.line("if err != nil {")
		id := e.mline("\t%s", e.retErr(wrapped("err")))
		e.line("}")
		e.line("_ = st")
		e.site(prod, rwo(oValidate), []int{id}, s.Key, "bogus-"+tok, "bogus-"+tok)
	case cHelper, cHelperX, cMixed:
		name := "check" + fieldName(e.t.Name) + fieldName(s.Key)
		var chain1, chain2 []int
		switch s.Check {
		case cHelperX:
			name = "wrap.CheckFormat"
			e.line("if err := %s(%q, v); err != nil {", name, s.Key)
			chain1 = []int{e.m.wrapCheck[e.t.SDK]}
		default:
			d := e.decls
			fmt.Fprintf(d, "func %s(v string) error {\n", name)
			if s.Check == cHelper {
				fmt.Fprintf(d, "\tif strings.HasPrefix(v, \"bad\") {\n")
				id := e.m.id()
				fmt.Fprintf(d, "\t\treturn fmt.Errorf(%q, v)%s\n", tok+": "+s.Key+" is malformed: %q", marker(id))
				chain1 = []int{id}
			} else {
				fmt.Fprintf(d, "\tif v == \"\" {\n")
				id := e.m.id()
				fmt.Fprintf(d, "\t\treturn errors.New(%q)%s\n", tok+": "+s.Key+" is required", marker(id))
				fmt.Fprintf(d, "\t}\n")
				fmt.Fprintf(d, "\tif err := backend.Lookup(v); err != nil {\n")
				id2 := e.m.id()
				fmt.Fprintf(d, "\t\treturn err%s\n", marker(id2))
				chain1, chain2 = []int{id}, []int{id2}
			}
			fmt.Fprintf(d, "\t}\n\treturn nil\n}\n\n")
			e.line("if err := %s(v); err != nil {", name)
		}
		id := e.mline("\t%s", e.retErr(wrapped("err")))
		e.line("}")
		if s.Check == cMixed {
			e.site(prod+":validate", rwo(oValidate), append(chain1, id), s.Key, "", tok)
			e.site(prod+":business", rwo(oBusiness), append(chain2, id), s.Key, "fail-"+tok, "fail-"+tok)
		} else {
			e.site(prod, rwo(oValidate), append(chain1, id), s.Key, "bad-"+tok, "bad-"+tok)
		}
	case cBusiness:
		e.line("if err := backend.Lookup(v); err != nil {")
		id := e.mline("\t%s", e.retErr(wrapped("err")))
		e.line("}")
		e.site(prod, rwo(oBusiness), []int{id}, s.Key, "fail-"+tok, "fail-"+tok)
	case cInvalid:
		var err string
		if e.t.SDK == mcpGo {
			err = fmt.Sprintf("fmt.Errorf(\"%%w: %s\", mcp.ErrInvalidParams)", tok+": "+s.Key+" is required")
		} else {
			err = fmt.Sprintf("&jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: %q}", tok+": "+s.Key+" is required")
		}
		e.line("if v == \"\" {")
		id := e.mline("\t%s", e.retErr(err))
		e.line("}")
		e.site(prod, oInvalid, []int{id}, s.Key, "", tok)
	case cConverted:
		e.line("if v == \"\" {")
		id := e.mline("\t%s", e.retRes(fmt.Sprintf("toolErr(%q)", tok+": "+s.Key+" is required")))
		e.line("}")
		e.site(prod, oValidate, []int{id}, s.Key, "", tok)
	}
}
