// Package passes holds mcperrlint's analysis as go/analysis passes, one
// package each, chained with Requires and ResultOf. In the order they run
// on a package:
//
//	scope       the SSA form where there is work, the role table, fixed maps
//	handlers    the handler-shaped functions and the functions whose errors they forward
//	paths       the paths from the registrations: which handlers' errors reach the client
//	servers     the servers the package builds, and whether their middleware converts
//	summaries   what each function's errors mean to a handler that calls it
//	seeds       which parameters of each handler hold argument values
//	returns     check: argument errors returned as protocol errors
//	assertions  check: single-value type assertions on arguments
//	unflagged   check: results built from an error's text without IsError
//	sdkversion  check: SDK releases that answer bad arguments with protocol errors
//
// The analyzer users import, package analyzer, requires the checks.
// docs/how-it-works.md draws the graph.
package passes
