package argflow_calls

import (
	"errors"
	"strconv"
)

var errFixed = errors.New("fixed")

func find(s string) (int, error) { return strconv.Atoi(s) }

func logErr(err *error) {}

// What Sources finds behind phis, conversions and local variables.
func phis(argS string, cond bool) error {
	var err error
	if cond {
		_, err = find(argS)
	} else {
		err = errFixed
	}
	sources(err) // want `sources Extract UnOp`
	var e2 error = errors.New("x")
	if cond {
		e2 = nil
	}
	sources(e2) // want `sources Call Const`
	return nil
}

// A named result read by a deferred closure, or given to a deferred
// call, still holds what the last store on each path put there.
func deferredReader(argS string) (err error) {
	defer func() { println(err) }()
	_, err = find(argS)
	sources(err) // want `sources Extract`
	return err
}

func deferredCall(argS string) (err error) {
	defer logErr(&err)
	if _, err = find(argS); err != nil {
		sources(err) // want `sources Extract`
		return err
	}
	err = errFixed
	sources(err) // want `sources UnOp`
	return nil
}

// A deferred closure that stores only errors that cannot be nil leaves
// the variable known; one that may clear it does too, before the
// deferred calls run; a closure called right away makes it unknowable.
func deferredSetter(argS string) (err error) {
	defer func() {
		if recover() != nil {
			err = errors.New("panic")
		}
	}()
	_, err = find(argS)
	sources(err) // want `sources Extract`
	return err
}

func deferredClear(argS string) (err error) {
	defer func() { err = nil }()
	_, err = find(argS)
	sources(err) // want `sources Extract`
	return err
}

func deferredMaybeNil(argS string) (err error) {
	defer func() { _, err = find(argS) }()
	_, err = find(argS)
	sources(err) // want `sources Extract`
	return err
}

func calledClosure(argS string) (err error) {
	clear := func() { err = nil }
	_, err = find(argS)
	clear()
	sources(err) // want `sources UnOp`
	return err
}

// Doubtful: a closure called before the load that stores a non-nil
// error is accepted like a deferred one (readsOnly), so what it stores
// is not among the sources: at run time err is errors.New("set") here.
func calledSetter(argS string) (err error) {
	set := func() { err = errors.New("set") }
	_, err = find(argS)
	set()
	sources(err) // want `sources Extract`
	return err
}

// The constants a composite literal stores.
type rpcError struct {
	Code    int
	Message string
}

func literals(n int) {
	stored(&rpcError{Code: -32602}, "Code")      // want `stored -32602`
	stored(&rpcError{Message: "bad"}, "Message") // want `stored "bad"`
	stored(&rpcError{Code: n}, "Code")           // want `stored none`
	stored(&rpcError{Code: 1}, "Message")        // want `stored none`
	x := 3
	stored(&x, "Code") // want `stored none`
}

// Package-level maps: fixed when nothing but the initializer writes
// them and they do not escape.
var levels = map[string]int{"low": 1, "high": 2} // want `fixed map levels`

var filled = map[string]int{} // want `fixed map filled`

func init() { filled["x"] = 1 }

var cache = map[string]int{}

func remember(k string) { cache[k] = 1 }

var escaped = map[string]int{}

func share() { use(escaped) }

func use(m map[string]int) {}

var measured = map[string]int{"a": 1} // want `fixed map measured`

func size() int {
	n := len(measured)
	for range measured {
		n++
	}
	return n
}

var replaced = map[string]int{}

func reset() { replaced = nil }

var counted int

func fixedMaps(argLevel string) {
	_, ok := levels[argLevel]
	taint(ok) // want `taint check`
	_, ok = cache[argLevel]
	taint(ok) // want `taint none`
	_, ok = filled[argLevel]
	taint(ok) // want `taint check`
	_, ok = escaped[argLevel]
	taint(ok) // want `taint none`
	// A map made here and only filled and read is a fixed set too,
	// unless it is stored as a value elsewhere.
	local := map[string]bool{"a": true}
	_, ok = local[argLevel]
	taint(ok) // want `taint check`
	self := map[string]any{}
	self["me"] = self
	_, ok = self[argLevel]
	taint(ok) // want `taint none`
	counted++
}
