// Package valueflow holds the shapes of value flow that the valueflow
// package resolves: each call of sink reports the functions its operand
// may hold, and whether that is all.
package valueflow

func sink(v any) {}

func a() error { return nil }
func b() error { return nil }
func c() error { return nil }

// Tool is a table entry: two literals of it are two objects.
type Tool struct {
	Name    string
	Handler func() error
}

func twoLiterals() {
	x := &Tool{Name: "x", Handler: a}
	y := &Tool{Name: "y", Handler: b}
	sink(x.Handler) // want `funcs a; complete`
	sink(y.Handler) // want `funcs b; complete`
}

var table []*Tool

func register(ts ...*Tool) {
	for _, t := range ts {
		table = append(table, wrap(t))
	}
}

func wrap(t *Tool) *Tool {
	return &Tool{Name: t.Name, Handler: func() error { return t.Handler() }}
}

var first = &Tool{Name: "first", Handler: a}

func init() { register(first, &Tool{Name: "second", Handler: c}) }

func serveTable() {
	for _, t := range table {
		sink(t.Handler) // want `funcs wrap\$1; complete`
	}
}

// inner is what wrap's literal calls: the tools register was given.
func inner(t *Tool) {
	sink(t.Handler) // want `funcs a c; complete`
}

func callInner() {
	for _, t := range []*Tool{first, {Handler: c}} {
		inner(t)
	}
}

// Values in a slice of structs held by value, filled in place.
func byValue() {
	ts := []Tool{{Name: "a", Handler: a}, {Name: "b", Handler: b}}
	for _, t := range ts {
		sink(t.Handler) // want `funcs a b; complete`
	}
}

// A map literal, read by key and by range.
var byName = map[string]func() error{"a": a, "c": c}

func fromMap(name string) {
	sink(byName[name]) // want `funcs a c; complete`
	for _, h := range byName {
		sink(h) // want `funcs a c; complete`
	}
}

// Factories, closures and method values.
func factory(ok bool) func() error {
	if ok {
		return a
	}
	return func() error { return b() }
}

type server struct{}

func (server) handle() error { return nil }

func made() {
	sink(factory(true)) // want `funcs a factory\$1; complete`
	var s server
	sink(s.handle) // want `funcs handle; complete`
	h := b
	f := func() error { return h() }
	sink(f) // want `funcs made\$1; complete`
}

// A parameter of an exported function may be given anything.
func Exported(h func() error) {
	sink(h) // want `funcs ; incomplete`
}

// A parameter of an unexported one is what its callers pass.
func unexported(h func() error) {
	sink(h) // want `funcs a b; complete`
}

func callers() {
	unexported(a)
	unexported(b)
}

// The stores into a global exported variable are not all there is.
var Hooks []func() error

func hooks() {
	Hooks = append(Hooks, a)
	sink(Hooks[0]) // want `funcs a; incomplete`
}
