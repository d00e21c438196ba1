// Package roles is mcperrlint's one table of what functions mean to a tool
// call: which decode the arguments, which check them, which make errors or
// tool error results, which compute values from their operands alone, and
// which turn a tool handler's errors into tool results on a server. The
// built-in library knowledge, each SDK's rows and the user's configuration
// are rows of one Table, keyed by one function reference type, Ref.
//
// A new pattern of the same kind as an existing one is a new row; the code
// that acts on a role lives in one place, the pass that needs it.
package roles

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/mod/module"
)

// A Role is what calling a function means for the tool call's arguments
// and errors.
type Role uint8

const (
	// Decode functions turn argument data (operand Data) into values:
	// their error is a decoding error, and operand Target is filled.
	Decode Role = iota + 1
	// Validate functions check their operands: their error, when an
	// operand holds argument values, is a validation error.
	Validate
	// Pure functions compute their results from their operands alone: a
	// result of argument values is one too, and an error says that the
	// operands in Checks (all, when Checks is nil) are malformed.
	Pure
	// Sanitize functions are pure, and what they return cannot fail the
	// checks of the functions it is passed to (regexp.QuoteMeta): their
	// result holds no argument values.
	Sanitize
	// ErrorConstructor functions make a new error, possibly wrapping the
	// errors among their operands (errors.New, fmt.Errorf).
	ErrorConstructor
	// IsErrorResult functions return a tool execution error result:
	// returning what they return is correct.
	IsErrorResult
	// Middleware functions install, on the server they are called on or
	// build, their operand Param as middleware that sees every tool
	// call's result and error (server.WithToolHandlerMiddleware).
	Middleware
	// Server functions build an MCP server; their variadic options may
	// hold Middleware calls.
	Server
	// ErrorMatch functions test whether an error (operand Data) holds
	// the value operand Target is (errors.Is) or a value of the type it
	// points to (errors.As).
	ErrorMatch
	// SetIsError methods make their receiver, a tool result, a tool
	// execution error ((*mcp.CallToolResult).SetError).
	SetIsError
	// Register functions install tool handlers on a server: operand
	// Param and those after it, or, when Field is set, that field of
	// each (mcp-go's AddTools(server.ServerTool{Handler: h})). Kind says
	// what becomes of the errors of the handlers installed.
	Register
	// Adapter functions return a tool handler that calls the function
	// among their operands and returns its error unchanged (mcp-go's
	// NewTypedToolHandler).
	Adapter
)

var roleNames = [...]string{"", "decode", "validate", "pure", "sanitize", "error-constructor", "is-error-result", "middleware", "server", "error-match", "set-is-error", "register", "adapter"}

func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", r)
}

// Operand positions with a meaning of their own in a Row.
const (
	// AnyOperand: the data may be any operand.
	AnyOperand = -1
	// LastPointer: the target is the last pointer operand, whatever the
	// order of the parameters (a user's decode(data, &v)).
	LastPointer = -2
)

// A Ref names a function or method: by package path and name, and for a
// method, the name of its receiver's type (pointer or not: no type has a
// method of the same name on both).
type Ref struct {
	Pkg, Recv, Name string
}

// String spells r as "path.Func" or "path.Type.Method".
func (r Ref) String() string {
	if r.Recv != "" {
		return r.Pkg + "." + r.Recv + "." + r.Name
	}
	return r.Pkg + "." + r.Name
}

// RefOf returns the reference of fn, of its generic origin.
func RefOf(fn *types.Func) Ref {
	fn = fn.Origin()
	r := Ref{Name: fn.Name()}
	if fn.Pkg() != nil {
		r.Pkg = fn.Pkg().Path()
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			r.Recv = n.Obj().Name()
		}
	}
	return r
}

// ParseRef parses "importpath.Func", "importpath.Type.Method",
// "(importpath.Type).Method" or "(*importpath.Type).Method", for any import
// path the go command accepts. The last element of a path may hold dots
// (gopkg.in/yaml.v3.Decoder.Decode), so the dotted form of a method can
// also read as a function of a longer path: ParseRef returns every
// reading, all of which spell the same String.
func ParseRef(s string) ([]Ref, error) {
	bad := fmt.Errorf("%q: want importpath.Func, importpath.Type.Method or (*importpath.Type).Method", s)
	if rest, ok := strings.CutPrefix(s, "("); ok {
		typ, name, ok := strings.Cut(strings.TrimPrefix(rest, "*"), ").")
		dot := strings.LastIndexByte(typ, '.')
		if !ok || dot < 0 || !isIdent(typ[dot+1:]) || !isIdent(name) || module.CheckImportPath(typ[:dot]) != nil {
			return nil, bad
		}
		return []Ref{{Pkg: typ[:dot], Recv: typ[dot+1:], Name: name}}, nil
	}
	slash := strings.LastIndexByte(s, '/')
	parts := strings.Split(s[slash+1:], ".")
	var refs []Ref
	for k := 1; k <= 2 && k < len(parts); k++ {
		ids := parts[len(parts)-k:]
		path := s[:slash+1] + strings.Join(parts[:len(parts)-k], ".")
		if !isIdent(ids[0]) || k == 2 && !isIdent(ids[1]) || module.CheckImportPath(path) != nil {
			continue
		}
		if k == 1 {
			refs = append(refs, Ref{Pkg: path, Name: ids[0]})
		} else {
			refs = append(refs, Ref{Pkg: path, Recv: ids[0], Name: ids[1]})
		}
	}
	if len(refs) == 0 {
		return nil, bad
	}
	return refs, nil
}

// MustParseRef returns the first reading of s, for the built-in rows,
// which spell functions "path.Func" and methods "(*path.Type).Method".
func MustParseRef(s string) Ref {
	refs, err := ParseRef(s)
	if err != nil {
		panic(err)
	}
	return refs[0]
}

func isIdent(s string) bool { return token.IsIdentifier(s) }

// A Row gives one function, one package or one method name a role.
type Row struct {
	// Exactly one of Func, Package and Method is set: the row is about
	// that function, every function of that package, or every method of
	// that name (on any receiver, with an error result).
	Func    Ref
	Package string
	Method  string

	Role Role

	// Data and Target are Decode's operand positions (receiver first for
	// a method), or AnyOperand and LastPointer.
	Data, Target int

	// Checks lists the operands an error of a Pure function reports as
	// malformed; nil means every operand. url.JoinPath fails only when
	// its base does not parse: its elements are joined as they are.
	Checks []int

	// Param is the first operand a Middleware function installs: the
	// middleware are that operand and those after it.
	Param int

	// SDK names the SDK a Server, Middleware, Register or Adapter row
	// belongs to.
	SDK string

	// Field names the field of a Register row's operands that holds
	// the handler, when they are tool structs rather than handlers.
	Field string

	// Typed marks a Register row whose handlers' plain errors become
	// tool execution errors (go-sdk's generic mcp.AddTool).
	Typed bool

	// NotCheck reports that a Pure function's error does not say an
	// operand is malformed at all (json.Marshal fails for the server's
	// own values).
	NotCheck bool

	// Impure marks the exceptions to a Pure package row (time.Now).
	Impure bool
}

// A Table answers what a function's role is. The zero Table has no rows.
type Table struct {
	funcs    map[Ref]Row
	packages map[string]Row
	methods  map[string]Row
}

// NewTable builds a table from groups of rows; a row of a later group
// replaces one of an earlier group for the same function, package or
// method name, so the user's configuration, given last, wins.
func NewTable(groups ...[]Row) *Table {
	t := &Table{funcs: make(map[Ref]Row), packages: make(map[string]Row), methods: make(map[string]Row)}
	for _, rows := range groups {
		for _, r := range rows {
			switch {
			case r.Package != "":
				t.packages[r.Package] = r
			case r.Method != "":
				t.methods[r.Method] = r
			default:
				t.funcs[r.Func] = r
			}
		}
	}
	return t
}

// Lookup returns the row that gives fn its role: fn's own, then one for
// its method name, then its package's.
func (t *Table) Lookup(fn *types.Func) (Row, bool) {
	if t == nil || fn == nil {
		return Row{}, false
	}
	ref := RefOf(fn)
	if r, ok := t.funcs[ref]; ok {
		return r, !r.Impure
	}
	if ref.Recv != "" && returnsError(fn.Signature()) {
		if r, ok := t.methods[ref.Name]; ok {
			return r, true
		}
	}
	if r, ok := t.packages[ref.Pkg]; ok {
		return r, true
	}
	return Row{}, false
}

// Has reports whether fn has role r.
func (t *Table) Has(fn *types.Func, r Role) bool {
	row, ok := t.Lookup(fn)
	return ok && row.Role == r
}

func returnsError(sig *types.Signature) bool {
	r := sig.Results()
	return r.Len() > 0 && types.Identical(r.At(r.Len()-1).Type(), types.Universe.Lookup("error").Type())
}
