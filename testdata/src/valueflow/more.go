package valueflow

import "strings"

func sinkField(v any, name string) {}

// Captured variables: the cells the closures are given.
func captured(ok bool) {
	h := a
	func() {
		sink(h) // want `funcs a; complete`
	}()
	k := a
	if ok {
		k = b
	}
	func() {
		sink(k) // want `funcs a b; complete`
	}()
}

// Comma-ok forms: the value is what the map or interface holds; the ok
// flag holds no function, nor is it all.
func commaOK(name string, v any) {
	h, ok := byName[name]
	sink(h)  // want `funcs a c; complete`
	sink(ok) // want `funcs ; incomplete`
	// No caller passes v: nothing, and that is all.
	f, _ := v.(func() error)
	sink(f) // want `funcs ; complete`
	var local any = b
	g, _ := local.(func() error)
	sink(g) // want `funcs b; complete`
	for k := range byName {
		sink(k) // want `funcs ; incomplete`
	}
}

// Results of calls through function values, of methods of interfaces,
// and of other packages' functions.
func mkA() func() error { return a }
func mkB() func() error { return b }

type maker interface{ make() func() error }

// No caller passes mk3 to dynamic: its calls yield nothing.
func dynamic(ok bool, m maker, mk3 func() func() error) {
	mk := mkA
	if ok {
		mk = mkB
	}
	sink(mk())                          // want `funcs a b; complete`
	sink(m.make())                      // want `funcs ; incomplete`
	sink(mk3())                         // want `funcs ; complete`
	sink(strings.NewReplacer("a", "b")) // want `funcs ; incomplete`
}

// Through a function value from elsewhere: nothing is known.
func Dynamic(mk func() func() error) {
	sink(mk()) // want `funcs ; incomplete`
}

// An adapter's result holds the functions among its operands.
func adapt(h func() error, name string) func() error { return nil }

func adapted() {
	sink(adapt(a, "a")) // want `funcs a; complete`
}

// Loads through pointers from elsewhere, a package variable, and
// values that are no functions.
func deref(p *func() error) {
	sink(*p) // want `funcs b; complete`
}

func callDeref() {
	h := b
	deref(&h)
}

var hook = c

func others(ch chan func() error, s string, i int) {
	sink(hook)  // want `funcs c; complete`
	sink(<-ch)  // want `funcs ; incomplete`
	sink(s[i])  // want `funcs ; incomplete`
	sink(i + 1) // want `funcs ; incomplete`
	sink(nil)   // want `funcs ; complete`
}

// Field: a field of a struct, a pointer to one, or the elements of a
// slice or array of them.
func fields() {
	t := Tool{Name: "t", Handler: a}
	sinkField(t, "Handler") // want `funcs a; complete`
	p := &Tool{Name: "p", Handler: b}
	sinkField(p, "Handler") // want `funcs b; complete`
	ts := []*Tool{{Handler: c}}
	sinkField(ts, "Handler") // want `funcs c; complete`
	sinkField(p, "Missing")  // want `funcs ; incomplete`
	sinkField(3, "Handler")  // want `funcs ; incomplete`
}

func fieldOfParam(t *Tool) {
	sinkField(t, "Handler") // want `funcs a c; complete`
}

func callFieldOfParam() {
	fieldOfParam(first)
	fieldOfParam(&Tool{Handler: c})
}
