// Package argflow_calls holds the calls whose classification the argflow
// test reports (class), the project functions with summaries (sum*), the
// fields of structs seeded field by field, and the values Sources and
// StoredConst find.
package argflow_calls

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"regexp"
	"strconv"

	"example.org/statuslib"
	"github.com/mark3labs/mcp-go/mcp"
)

func taint(v any)                {}
func class(v any)                {}
func sources(v any)              {}
func stored(v any, field string) {}

// Functions the test's user rows give roles.
func anyDecode(data any, target any) error        { return nil }
func badDecode(data string, target *string) error { return nil }
func userValidate(v string) error                 { return nil }
func toolError(msg string) *mcp.CallToolResult    { return nil }
func clean(s string) string                       { return s }
func parseFirst(s, t string) (int, error)         { return 0, nil }
func newError(msg string) error                   { return nil }

type target struct{ N int }

type config struct{ Name string }

func (c config) Validate() error { return nil }

type getter interface{ Get() string }

// Calls of the library, classified by the built-in rows.
func library(argS string, argData []byte, g getter) {
	n, err := strconv.Atoi(argS)
	class(n)         // want `class pure Atoi operands=arg checked=arg`
	taint(err)       // want `taint check`
	class(len(argS)) // want `class pure operands=arg checked=arg`
	b, merr := json.Marshal(argS)
	class(b)    // want `class pure Marshal operands=arg checked=arg notcheck`
	taint(merr) // want `taint none`
	u, uerr := url.JoinPath("https://example.com", argS)
	class(u)    // want `class pure JoinPath operands=arg checked=none`
	taint(u)    // want `taint arg`
	taint(uerr) // want `taint none`
	q := regexp.QuoteMeta(argS)
	class(q)               // want `class pure QuoteMeta operands=none checked=none`
	taint(q)               // want `taint none`
	class(errors.New("x")) // want `class errorconstructor New`
	var t target
	derr := json.Unmarshal(argData, &t)
	class(derr) // want `class decode Unmarshal target=t`
	taint(t.N)  // want `taint arg`
	var local target
	lerr := json.Unmarshal([]byte("{}"), &local)
	class(lerr)                      // want `class other Unmarshal`
	taint(local.N)                   // want `taint none`
	class(g.Get())                   // want `class other Get`
	class(func() int { return 1 }()) // want `class other`
	class(argS)                      // want `no call`
}

// Calls the user's rows give a role.
func configured(argS string, argC config) {
	var t target
	class(anyDecode(argS, &t)) // want `class decode anyDecode target=t`
	taint(t)                   // want `taint arg`
	var u target
	class(anyDecode("{}", &u)) // want `class other anyDecode`
	var s string
	class(badDecode(argS, &s)) // want `class other badDecode`
	verr := userValidate(argS)
	class(verr)                  // want `class validate userValidate`
	taint(verr)                  // want `taint check`
	class(userValidate("fixed")) // want `class other userValidate`
	class(argC.Validate())       // want `class validate Validate`
	class(toolError(argS))       // want `class iserrorresult toolError`
	class(clean(argS))           // want `class pure clean operands=none checked=none`
	n, perr := parseFirst("1", argS)
	class(n)    // want `class pure parseFirst operands=arg checked=none`
	taint(perr) // want `taint none`
	_, perr2 := parseFirst(argS, "1")
	taint(perr2)          // want `taint check`
	class(newError(argS)) // want `class errorconstructor newError`
}

// An mcp-go handler: the SDK's accessors and decoders.
func handler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	class(req.GetString("city", ""))    // want `class source GetString`
	class(mcp.ParseInt(req, "days", 1)) // want `class source ParseInt`
	_, err := req.RequireString("city")
	class(err) // want `class decode RequireString target=Const`
	var t target
	class(req.BindArguments(&t)) // want `class decode BindArguments target=t`
	return nil, nil
}

// Project functions with summaries. The summarizer is asked once per
// call and set of operand taints: sumDecode twice, since the taint of &t
// is first asked while t's own is being computed (none, breaking the
// cycle), then once the call is known to fill it.
type Scope struct {
	AccountID string
	OrgID     string
}

func sumDecode(data string, t *target) error { return nil }          // want `asked arg, arg\{N=arg\}; arg, none\{N=none\}`
func sumCheck(s string) error                { return nil }          // want `asked arg; none`
func sumValue(s string) string               { return s }            // want `asked none; request`
func sumWrap(err error) error                { return err }          // want `asked check`
func sumWrapAll(errs ...error) error         { return nil }          // want `asked check|decode`
func sumValid(s string) bool                 { return true }         // want `asked arg`
func sumScope() Scope                        { return Scope{} }      // want `asked `
func sumScopeErr() (Scope, error)            { return Scope{}, nil } // want `asked `
func sumUse(s Scope) error                   { return nil }          // want `asked arg\{AccountID=arg OrgID=arg\}; arg\{AccountID=none OrgID=arg\}`

func summarized(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	arg := req.GetString("s", "")
	var t target
	derr := sumDecode(arg, &t)
	class(derr)                      // want `class summarized sumDecode targets=1 wrapped=0`
	taint(derr)                      // want `taint decode`
	taint(t.N)                       // want `taint arg`
	taint(sumCheck(arg))             // want `taint check`
	taint(sumCheck("fixed"))         // want `taint none`
	taint(sumValue("fixed"))         // want `taint arg`
	taint(sumValue(req.Params.Name)) // want `taint arg|request`
	_, aerr := strconv.Atoi(arg)
	werr := sumWrap(aerr)
	class(werr) // want `class summarized sumWrap targets=0 wrapped=1`
	taint(werr) // want `taint check`
	_, rerr := req.RequireInt("n")
	taint(sumWrapAll(aerr, rerr)) // want `taint decode|check`
	taint(sumValid(arg))          // want `taint check`
	s := sumScope()
	taint(s.OrgID)     // want `taint arg`
	taint(s.AccountID) // want `taint none`
	s2, _ := sumScopeErr()
	taint(s2.OrgID)     // want `taint arg`
	taint(s2.AccountID) // want `taint none`
	return nil, nil
}

// Structs seeded, or built, field by field.
func seeded(field_OrgID Scope, argOrg string, cfg string) {
	taint(field_OrgID.OrgID)     // want `taint arg`
	taint(field_OrgID.AccountID) // want `taint none`
	taint(field_OrgID)           // want `taint arg`
	sc := Scope{AccountID: cfg}
	sc.OrgID = argOrg
	taint(sc.OrgID)            // want `taint arg`
	taint(sc.AccountID)        // want `taint none`
	taint(sumUse(sc))          // want `taint none`
	taint(sumUse(field_OrgID)) // want `taint none`
	// Its address passed on, the struct is no longer known field by
	// field: the whole holds argument values.
	esc := Scope{AccountID: cfg, OrgID: argOrg}
	escape(&esc)
	taint(esc.AccountID) // want `taint arg`
	taint(sumUse(esc))   // want `taint none`
}

func seededPointer(field_AccountID *Scope) {
	taint(field_AccountID.AccountID) // want `taint arg`
	taint(field_AccountID.OrgID)     // want `taint none`
}

func escape(s *Scope) {}

// Whole structs copied, and on two paths.
func copies(argOrg string, cfg string, cond bool) {
	var s Scope
	if cond {
		s = Scope{OrgID: argOrg}
	} else {
		s = Scope{AccountID: cfg}
	}
	taint(s.OrgID)     // want `taint arg`
	taint(s.AccountID) // want `taint none`
	// Pointers to two literals meet in a phi: a literal whose address
	// flows there is not known field by field (fieldsLocal), so every
	// field holds what the whole does.
	p := &Scope{AccountID: cfg}
	if cond {
		p = &Scope{OrgID: argOrg}
	}
	taint(p.OrgID)     // want `taint arg`
	taint(p.AccountID) // want `taint arg`
}

// Calls of a library no summary describes, classified by their shape.
func thirdParty(ctx context.Context, argS string, argData []byte, plain string) {
	st, err := statuslib.ParseStatus(argS)
	class(st)  // want `class pure ParseStatus operands=arg checked=arg`
	taint(err) // want `taint check`
	_, perr := statuslib.ParseStatus(plain)
	taint(perr) // want `taint none`
	var t target
	derr := statuslib.Unmarshal(argData, &t)
	class(derr) // want `class decode Unmarshal target=t`
	taint(t.N)  // want `taint arg`
	_, ferr := statuslib.Fetch(ctx, argS)
	taint(ferr) // want `taint none`
	_, merr := st.Parse(argS)
	taint(merr) // want `taint none`
	_, xerr := statuslib.Expand(argS)
	taint(xerr) // want `taint none`
}
