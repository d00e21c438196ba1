package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// An SDK is one of the two Go MCP SDKs a generated package is written
// against.
type SDK int

const (
	mcpGo SDK = iota // github.com/mark3labs/mcp-go
	goSDK            // github.com/modelcontextprotocol/go-sdk
)

func (s SDK) String() string {
	if s == mcpGo {
		return "mcp-go"
	}
	return "go-sdk"
}

// A Flavor is a generated module: the pinned versions of both SDKs it
// builds against, and the committed go.mod and go.sum (testdata/NAME)
// that pin them.
type Flavor struct {
	Name          string // testdata directory of the go.mod and go.sum
	MCPGo, GoSDK  string // versions
	mcpgoInvalid  bool   // mcp.ErrInvalidParams exists
	gosdkJSONRPC  bool   // jsonrpc.Error exists
	mcpgoSentinel bool   // the client's errors wrap mcp.ErrInternalError and friends
}

// Flavors are the generated modules, each with both SDKs: the oldest
// pinned releases and the newest.
var Flavors = []Flavor{
	{Name: "old", MCPGo: "v0.29.0", GoSDK: "v1.0.0"},
	{Name: "new", MCPGo: "v1.2.1", GoSDK: "v1.8.0", mcpgoInvalid: true, gosdkJSONRPC: true, mcpgoSentinel: true},
}

func (f Flavor) version(s SDK) string {
	if s == mcpGo {
		return f.MCPGo
	}
	return f.GoSDK
}

// A frameKind is the shape of the function that holds a tool's steps.
type frameKind string

const (
	rawStruct   frameKind = "raw-struct"   // raw handler decoding into a struct
	rawMap      frameKind = "raw-map"      // raw handler reading an arguments map
	typedFrame  frameKind = "typed"        // go-sdk mcp.AddTool / mcp-go NewTypedToolHandler
	legacyFrame frameKind = "legacy"       // func(map[string]any) (*CallToolResult, error), adapted
	invokeConv  frameKind = "invoke-conv"  // interface Invoke method called by a converting closure
	invokeFwd   frameKind = "invoke-fwd"   // the same, forwarding the error
	providerReg frameKind = "provider-reg" // Handle method of an interface registry entry
)

// A registration says how a tool's handler reaches the SDK.
type registration string

const (
	regDirect  registration = "direct"
	regFactory registration = "factory" // closure returned by a constructor
	regMethod  registration = "method"  // method value
	regTable   registration = "table"   // table of structs (mcp-go: []server.ServerTool)
	regIface   registration = "iface"   // interface registry loop
	// regSession: mcp-go AddSessionTool in an OnRegisterSession hook.
	regSession registration = "session"
)

// A wrapperKind is a function from handler to handler between the body
// and the registration.
type wrapperKind string

const (
	wConvert    wrapperKind = "convert"     // every error becomes an IsError result
	wForward    wrapperKind = "forward"     // returns the error unchanged
	wAnnotate   wrapperKind = "annotate"    // returns fmt.Errorf("...: %w", err)
	wGuard      wrapperKind = "guard"       // recovers panics and converts errors
	wRecover    wrapperKind = "recover"     // recovers panics into IsError, forwards errors
	wRecoverErr wrapperKind = "recover-err" // recovers panics into a returned error
	wLog        wrapperKind = "log"         // logs, returns both results unchanged
)

var rawWrappers = []wrapperKind{wConvert, wForward, wAnnotate, wGuard, wRecover, wRecoverErr, wLog}
var typedWrappers = []wrapperKind{wConvert, wForward, wRecover, wLog}

// A wrapper is one wrapper on a tool's path, in the server's package or
// in the shared package wrap.
type wrapper struct {
	Kind  wrapperKind
	Xpkg  bool
	Typed bool // wraps the typed function, before NewTypedToolHandler / mcp.AddTool
}

func (w wrapper) String() string {
	s := string(w.Kind)
	if w.Typed {
		s = "typed-" + s
	}
	if w.Xpkg {
		s += "@wrap"
	}
	return s
}

// A middleware is a server-level option of a package's server.
type middleware string

const (
	mwRecovery      middleware = "mcpgo-WithRecovery"
	mwConvert       middleware = "mcpgo-convert-mw"
	mwLog           middleware = "mcpgo-log-mw"
	mwConvertLocal  middleware = "mcpgo-convert-mw-local"
	mwRecvConvert   middleware = "gosdk-recv-convert"
	mwRecvLog       middleware = "gosdk-recv-log"
	mwRecvRecover   middleware = "gosdk-recv-recover"
	mwRecvConvLocal middleware = "gosdk-recv-convert-local"
	mwRecvSetError  middleware = "gosdk-recv-seterror" // converting with (*CallToolResult).SetError (v1.8.0)
)

// A stepKind is one production of a tool body's statements: reading an
// argument and checking it, or doing something that can fail.
type stepKind string

const (
	stDecode   stepKind = "decode"   // struct decode of all arguments (raw-struct only, first)
	stCheck    stepKind = "check"    // getter + check on a string argument
	stRedecode stepKind = "redecode" // json.Marshal+Unmarshal of an array element
	stOwnMap   stepKind = "ownmap"   // the handler's own map, constant-key assertion
	stClient   stepKind = "client"   // client call with a params map check
)

// getter kinds read a string argument.
type getterKind string

const (
	gField      getterKind = "field"       // a.K of a struct
	gAssert     getterKind = "assert"      // m["k"].(string)
	gCommaOK    getterKind = "commaok"     // v, _ := m["k"].(string)
	gCommaOKErr getterKind = "commaok-err" // v, ok := ...; if !ok return error
	gRequire    getterKind = "require"     // req.RequireString("k") (mcp-go)
)

// check kinds test a string value.
type checkKind string

const (
	cEmpty     checkKind = "empty"
	cEnum      checkKind = "enum"
	cTime      checkKind = "time-parse"
	cAtoi      checkKind = "atoi-range"
	cLib       checkKind = "thirdparty-parse"
	cHelper    checkKind = "helper"
	cHelperX   checkKind = "helper@wrap"
	cMixed     checkKind = "mixed-helper"
	cBusiness  checkKind = "business"
	cInvalid   checkKind = "invalid-params"
	cConverted checkKind = "converted"
	cNone      checkKind = "none"
)

// A rewrite is what happens to an error between its origin and the
// body's return.
type rewrite string

const (
	rwNone      rewrite = ""
	rwAnnotate  rewrite = "annotate" // a local helper wraps it with %w
	rwAnnotateX rewrite = "annotate@wrap"
	rwAsInvalid rewrite = "as-invalid" // a helper makes it a *jsonrpc.Error InvalidParams (go-sdk)
)

// A step is one production of a tool body.
type step struct {
	Kind    stepKind
	Getter  getterKind
	Check   checkKind
	Rewrite rewrite
	Xpkg    bool // decode through the wrap package's helper
	Const   bool // client: a constant key the handler put in the map
	// Converted: the decode's error becomes an IsError result in the body.
	Converted bool
	Key       string
}

func (s step) String() string {
	var b strings.Builder
	b.WriteString(string(s.Kind))
	switch s.Kind {
	case stCheck:
		fmt.Fprintf(&b, "(%s,%s)", s.Getter, s.Check)
	case stClient:
		if s.Const {
			b.WriteString("(const-key)")
		} else {
			b.WriteString("(arg-key)")
		}
	case stDecode:
		if s.Xpkg {
			b.WriteString("(helper@wrap)")
		}
		if s.Converted {
			b.WriteString("(converted)")
		}
	case stRedecode, stOwnMap:
		fmt.Fprintf(&b, "(%s)", s.Getter)
	}
	if s.Rewrite != rwNone {
		b.WriteString("+" + string(s.Rewrite))
	}
	return b.String()
}

// A Tool is one generated tool: its derivation in the grammar.
type Tool struct {
	Name     string
	Pkg      *Package
	SDK      SDK
	Frame    frameKind
	Frame2   frameKind // the body's frame (raw-struct or raw-map) in an Invoke or Handle method
	Reg      registration
	Wrappers []wrapper // innermost first
	Steps    []step
	Adapt    bool // legacy: adapt is in package wrap
	// Forced: one of the shapes every seed has, not drawn.
	Forced bool
}

// Derivation is the tool's grammar derivation, one line.
func (t *Tool) Derivation() string {
	var ws []string
	for _, w := range t.Wrappers {
		ws = append(ws, w.String())
	}
	var ss []string
	for _, s := range t.Steps {
		ss = append(ss, s.String())
	}
	var mw []string
	for _, m := range t.Pkg.Middleware {
		mw = append(mw, string(m))
	}
	adapt := ""
	if t.Frame == legacyFrame {
		adapt = " adapt@pkg"
		if t.Adapt {
			adapt = " adapt@wrap"
		}
	}
	frame := string(t.Frame)
	if t.Frame2 != "" {
		frame += "/" + string(t.Frame2)
	}
	return fmt.Sprintf("%s@%s mw=[%s] reg=%s frame=%s%s wrap=[%s] steps=[%s]",
		t.SDK, t.Pkg.Flavor.version(t.SDK), strings.Join(mw, ","), t.Reg, frame, adapt, strings.Join(ws, ","), strings.Join(ss, "; "))
}

// hasSession says some tool of p is a session tool.
func (p *Package) hasSession() bool {
	for _, t := range p.Tools {
		if t.Reg == regSession {
			return true
		}
	}
	return false
}

// A Package is a generated server package: one server with its
// middleware and tools.
type Package struct {
	Name       string
	SDK        SDK
	Flavor     Flavor
	Middleware []middleware
	Tools      []*Tool
}

// genTools draws n tools of one flavor from the grammar, spread over
// packages of at most perPkg tools, alternating the SDKs. The first tools
// of each SDK are the shapes (forced), so that every seed
// has them.
func genTools(r *rand.Rand, fl Flavor, n, perPkg int) []*Package {
	var pkgs []*Package
	counts := map[SDK]int{}
	forced := map[SDK][]func(*Tool){}
	for _, s := range []SDK{mcpGo, goSDK} {
		forced[s] = forcedShapes(s)
	}
	var cur [2]*Package
	for i := 0; i < n; i++ {
		s := SDK(i % 2)
		if cur[s] == nil || len(cur[s].Tools) >= perPkg {
			p := &Package{SDK: s, Flavor: fl}
			prefix := "m"
			if s == goSDK {
				prefix = "g"
			}
			p.Name = fmt.Sprintf("%s%03d", prefix, len(pkgs))
			p.Middleware = drawMiddleware(r, s, fl, len(pkgs) < 2)
			pkgs = append(pkgs, p)
			cur[s] = p
		}
		p := cur[s]
		t := &Tool{Name: fmt.Sprintf("t%05d", i), Pkg: p, SDK: s}
		if k := counts[s]; k < len(forced[s]) {
			forced[s][k](t)
			t.Forced = true
		} else {
			drawTool(r, t)
		}
		counts[s]++
		p.Tools = append(p.Tools, t)
	}
	return pkgs
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

// drawMiddleware draws a package's server-level middleware; the first
// packages have none, so that the forced shapes are judged on their own.
func drawMiddleware(r *rand.Rand, s SDK, fl Flavor, plain bool) []middleware {
	if plain || r.IntN(2) == 0 {
		return nil
	}
	if s == mcpGo {
		return pick(r, []middleware{mwRecovery}, []middleware{mwConvert}, []middleware{mwLog},
			[]middleware{mwConvertLocal}, []middleware{mwRecovery, mwConvert}, []middleware{mwLog, mwRecovery})
	}
	opts := [][]middleware{{mwRecvConvert}, {mwRecvLog}, {mwRecvRecover}, {mwRecvConvLocal}, {mwRecvRecover, mwRecvConvert}}
	if fl.gosdkJSONRPC {
		opts = append(opts, []middleware{mwRecvSetError})
	}
	return pick(r, opts...)
}

// forcedShapes are the five shapes and their twins, as
// derivations of the grammar.
func forcedShapes(s SDK) []func(*Tool) {
	assertEnum := step{Kind: stCheck, Getter: gAssert, Check: cEnum}
	commaEmpty := step{Kind: stCheck, Getter: gCommaOKErr, Check: cEmpty}
	return []func(*Tool){
		// 1: guard(adapt(legacy)), guard in another package; and the
		// forwarding twin.
		func(t *Tool) {
			t.Frame, t.Reg, t.Adapt = legacyFrame, regDirect, false
			t.Wrappers = []wrapper{{Kind: wGuard, Xpkg: true}}
			t.Steps = []step{assertEnum, commaEmpty}
		},
		func(t *Tool) {
			t.Frame, t.Reg, t.Adapt = legacyFrame, regDirect, true
			t.Wrappers = []wrapper{{Kind: wLog}, {Kind: wGuard, Xpkg: true}, {Kind: wForward, Xpkg: true}}
			t.Steps = []step{assertEnum, {Kind: stCheck, Getter: gCommaOK, Check: cAtoi}}
		},
		func(t *Tool) {
			t.Frame, t.Reg, t.Adapt = legacyFrame, regDirect, true
			t.Wrappers = []wrapper{{Kind: wForward, Xpkg: true}}
			t.Steps = []step{assertEnum, commaEmpty}
		},
		// 2: converting closure over an interface's Invoke (two
		// implementations: the next tool is the second), and the
		// forwarding twin.
		func(t *Tool) {
			t.Frame, t.Frame2, t.Reg = invokeConv, rawStruct, regFactory
			t.Steps = []step{{Kind: stDecode}, {Kind: stCheck, Getter: gField, Check: cEmpty}}
		},
		func(t *Tool) {
			t.Frame, t.Frame2, t.Reg = invokeConv, rawMap, regFactory
			t.Steps = []step{{Kind: stCheck, Getter: gCommaOKErr, Check: cEnum}, {Kind: stCheck, Getter: gCommaOK, Check: cTime}}
		},
		func(t *Tool) {
			t.Frame, t.Frame2, t.Reg = invokeFwd, rawStruct, regFactory
			t.Steps = []step{{Kind: stDecode}, {Kind: stCheck, Getter: gField, Check: cEmpty}}
		},
		// 3: a client check that cannot fail for a constant key, and
		// the twin whose key is an argument.
		func(t *Tool) {
			t.Frame, t.Reg = rawStruct, regDirect
			t.Steps = []step{{Kind: stCheck, Getter: gField, Check: cNone}, {Kind: stClient, Const: true}}
		},
		func(t *Tool) {
			t.Frame, t.Reg = rawStruct, regMethod
			t.Steps = []step{{Kind: stClient, Const: false}}
		},
		// 4: the handler's own map with a constant-key assertion.
		func(t *Tool) {
			t.Frame, t.Reg = rawMap, regFactory
			t.Steps = []step{{Kind: stCheck, Getter: gCommaOK, Check: cNone}, {Kind: stOwnMap}, {Kind: stCheck, Getter: gAssert, Check: cEmpty}}
		},
		// Session tools (mcp-go): a converting and a forwarding
		// wrapper.
		func(t *Tool) {
			if s != mcpGo {
				t.Frame, t.Reg = rawMap, regMethod
				t.Steps = []step{commaEmpty}
				return
			}
			t.Frame, t.Reg = rawMap, regSession
			t.Wrappers = []wrapper{{Kind: wConvert}}
			t.Steps = []step{assertEnum, commaEmpty}
		},
		func(t *Tool) {
			if s != mcpGo {
				t.Frame, t.Reg = rawStruct, regTable
				t.Steps = []step{{Kind: stCheck, Getter: gField, Check: cEnum}}
				return
			}
			t.Frame, t.Reg = rawStruct, regSession
			t.Wrappers = []wrapper{{Kind: wLog, Xpkg: true}}
			t.Steps = []step{{Kind: stDecode}, {Kind: stCheck, Getter: gField, Check: cEnum}}
		},
		// Wrappers the shapes are made of, on their own: a
		// converting wrapper in another package; a panic recovered
		// into an error that an outer recovering wrapper lets pass; a
		// typed function behind a generic forwarding wrapper.
		func(t *Tool) {
			t.Frame, t.Reg = rawStruct, regDirect
			t.Wrappers = []wrapper{{Kind: wConvert, Xpkg: true}}
			t.Steps = []step{{Kind: stDecode}, {Kind: stCheck, Getter: gField, Check: cEmpty}}
		},
		func(t *Tool) {
			t.Frame, t.Reg = rawStruct, regDirect
			t.Wrappers = []wrapper{{Kind: wLog}, {Kind: wConvert, Xpkg: true}}
			t.Steps = []step{{Kind: stDecode}, {Kind: stCheck, Getter: gField, Check: cEmpty}}
		},
		func(t *Tool) {
			t.Frame, t.Reg = rawMap, regDirect
			t.Wrappers = []wrapper{{Kind: wLog}, {Kind: wRecover, Xpkg: true}}
			t.Steps = []step{assertEnum}
		},
		func(t *Tool) {
			t.Frame, t.Reg = rawMap, regDirect
			t.Wrappers = []wrapper{{Kind: wRecoverErr, Xpkg: true}, {Kind: wRecover}}
			t.Steps = []step{assertEnum}
		},
		func(t *Tool) {
			t.Frame, t.Reg = typedFrame, regDirect
			t.Wrappers = []wrapper{{Kind: wForward, Xpkg: true, Typed: true}}
			t.Steps = []step{{Kind: stCheck, Getter: gField, Check: cEnum}}
		},
		// 5: re-decode of an array element; a third-party parse.
		func(t *Tool) {
			t.Frame, t.Reg = typedFrame, regDirect
			t.Steps = []step{{Kind: stRedecode, Getter: gField}, {Kind: stCheck, Getter: gField, Check: cLib}}
			if s == goSDK {
				t.Wrappers = nil
			}
		},
		func(t *Tool) {
			t.Frame, t.Reg = rawMap, regDirect
			t.Steps = []step{{Kind: stRedecode, Getter: gCommaOK}, {Kind: stCheck, Getter: gCommaOK, Check: cLib}}
		},
	}
}

// drawTool draws a tool's derivation.
func drawTool(r *rand.Rand, t *Tool) {
	fl := t.Pkg.Flavor
	frames := []frameKind{rawStruct, rawStruct, rawMap, rawMap, typedFrame, typedFrame, legacyFrame, invokeConv, invokeFwd, providerReg}
	t.Frame = pick(r, frames...)
	switch t.Frame {
	case rawStruct, rawMap:
		t.Reg = pick(r, regDirect, regFactory, regMethod, regTable)
		if t.SDK == mcpGo && r.IntN(6) == 0 {
			t.Reg = regSession
		}
	case typedFrame:
		t.Reg = pick(r, regDirect, regFactory, regMethod)
	case legacyFrame:
		t.Reg = pick(r, regDirect, regTable)
		t.Adapt = r.IntN(2) == 0
	case invokeConv, invokeFwd:
		t.Reg = regFactory
	case providerReg:
		t.Reg = regIface
	}
	// Wrappers: none for the interface registry (its loop registers
	// every provider alike).
	if t.Reg != regIface {
		depth := pick(r, 0, 0, 1, 1, 2, 3)
		if t.Frame == typedFrame && r.IntN(2) == 0 {
			for range pick(r, 1, 1, 2) {
				t.Wrappers = append(t.Wrappers, wrapper{Kind: pick(r, typedWrappers...), Xpkg: r.IntN(2) == 0, Typed: true})
			}
		}
		if t.Frame == typedFrame && t.SDK == goSDK {
			depth = 0 // mcp.AddTool takes the typed function itself
		}
		for range depth {
			t.Wrappers = append(t.Wrappers, wrapper{Kind: pick(r, rawWrappers...), Xpkg: r.IntN(2) == 0})
		}
	}
	hasMap := t.Frame == rawMap || t.Frame == legacyFrame || (t.Frame != rawStruct && t.Frame != typedFrame && r.IntN(2) == 0)
	if t.Frame == invokeConv || t.Frame == invokeFwd || t.Frame == providerReg {
		if hasMap {
			t.Frame2 = rawMap
		} else {
			t.Frame2 = rawStruct
		}
	}
	structural := t.Frame == rawStruct || t.Frame2 == rawStruct
	if structural {
		t.Steps = append(t.Steps, step{Kind: stDecode, Xpkg: r.IntN(3) == 0, Converted: r.IntN(4) == 0, Rewrite: drawRewrite(r, t, false)})
	}
	for range 1 + r.IntN(3) {
		var s step
		switch k := r.IntN(12); {
		case k < 8:
			s.Kind = stCheck
		case k == 8:
			s.Kind = stRedecode
		case k == 9:
			s.Kind = stOwnMap
		default:
			s.Kind = stClient
			s.Const = r.IntN(2) == 0
		}
		switch {
		case t.Frame == typedFrame || structural:
			s.Getter = gField
		case s.Kind == stRedecode:
			s.Getter = gCommaOK
		case t.SDK == mcpGo && t.Frame != legacyFrame:
			s.Getter = pick(r, gAssert, gCommaOK, gCommaOKErr, gRequire)
		default:
			s.Getter = pick(r, gAssert, gCommaOK, gCommaOKErr)
		}
		if s.Kind == stCheck {
			checks := []checkKind{cEmpty, cEnum, cTime, cAtoi, cLib, cHelper, cHelperX, cMixed, cBusiness, cBusiness, cConverted, cNone}
			if t.SDK == mcpGo && fl.mcpgoInvalid || t.SDK == goSDK && fl.gosdkJSONRPC {
				checks = append(checks, cInvalid, cInvalid)
			}
			s.Check = pick(r, checks...)
		}
		if s.Kind == stCheck && s.Check != cConverted && s.Check != cNone && s.Check != cInvalid || s.Kind == stRedecode {
			s.Rewrite = drawRewrite(r, t, true)
		}
		t.Steps = append(t.Steps, s)
	}
}

func drawRewrite(r *rand.Rand, t *Tool, asInvalid bool) rewrite {
	opts := []rewrite{rwNone, rwNone, rwNone, rwNone, rwAnnotate, rwAnnotateX}
	if asInvalid && t.SDK == goSDK && t.Pkg.Flavor.gosdkJSONRPC {
		opts = append(opts, rwAsInvalid)
	}
	return pick(r, opts...)
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
