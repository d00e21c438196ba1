package main

import (
	"fmt"
	"strings"
)

// family groups a site's production with the others that ask the linter
// the same question.
func family(s *Site) string {
	p := s.Prod
	switch {
	case strings.HasPrefix(p, "getter:assert"):
		return "assertion on an argument"
	case strings.HasPrefix(p, "ownmap"):
		return "assertion on the handler's own map (shape 4)"
	case strings.HasPrefix(p, "client(const-key)"):
		return "client check of a constant key (shape 3)"
	case strings.HasPrefix(p, "client(arg-key)"):
		return "client check of an argument key (shape 3 twin)"
	case strings.HasPrefix(p, "redecode"):
		return "re-decoded array element (shape 5)"
	case strings.HasPrefix(p, "check:thirdparty-parse"):
		return "third-party parse (shape 5)"
	case strings.HasPrefix(p, "check:mixed-helper"):
		return "mixed helper (" + string(s.Origin) + ")"
	case strings.Contains(p, "converted"):
		return "converted in the body"
	}
	return string(s.Origin) + " return"
}

// pathElement is one thing between a site and the SDK's call.
type pathElement struct {
	name string
	// onError, onPanic: what it does with an error or a panic coming
	// up: "" passes it on, "result" makes an IsError result, "error"
	// makes a panic an error.
	onError, onPanic string
}

// path lists what a site's error or panic passes on its way out, inner
// first.
func path(s *Site) []pathElement {
	t := s.Tool
	var els []pathElement
	if t.Frame == invokeConv {
		els = append(els, pathElement{name: "converting Invoke closure (shape 2)", onError: "result"})
	}
	if t.Frame == invokeFwd {
		els = append(els, pathElement{name: "forwarding Invoke closure"})
	}
	for _, w := range t.Wrappers {
		if w.Typed {
			els = append(els, wrapperElement(w))
		}
	}
	if t.Frame == typedFrame && t.SDK == goSDK {
		if s.Origin == oInvalid {
			els = append(els, pathElement{name: "go-sdk typed (passes *jsonrpc.Error)"})
		} else {
			els = append(els, pathElement{name: "go-sdk typed (plain error becomes IsError)", onError: "result"})
		}
	}
	if t.Frame == typedFrame && t.SDK == mcpGo {
		els = append(els, pathElement{name: "NewTypedToolHandler"})
	}
	if t.Frame == legacyFrame {
		els = append(els, pathElement{name: "adapt"})
	}
	for _, w := range t.Wrappers {
		if !w.Typed {
			els = append(els, wrapperElement(w))
		}
	}
	for _, m := range t.Pkg.Middleware {
		e := pathElement{name: string(m)}
		switch m {
		case mwRecovery:
			e.onPanic = "error"
		case mwConvert, mwConvertLocal, mwRecvConvert, mwRecvConvLocal, mwRecvSetError:
			e.onError = "result"
		case mwRecvRecover:
			e.onPanic = "result"
		}
		els = append(els, e)
	}
	return els
}

func wrapperElement(w wrapper) pathElement {
	e := pathElement{name: w.String() + " wrapper"}
	switch w.Kind {
	case wConvert:
		e.onError = "result"
	case wGuard:
		e.onError, e.onPanic = "result", "result"
	case wRecover:
		e.onPanic = "result"
	case wRecoverErr:
		e.onPanic = "error"
	}
	return e
}

// Cause says, for a disagreement, what the linter did not follow: for a
// false report, what turned the site's error or panic into a tool result
// (or why it is not an argument error); for a missed one, the path the
// protocol error took.
func Cause(j *Judged) string {
	s := j.Site
	fam := family(s)
	if j.Verdict && !j.Truth {
		if !s.Arg() || s.NeverFails {
			return fmt.Sprintf("false report: %s, not an argument error (%s)", fam, s.Tool.SDK)
		}
		state := "error"
		if s.Assert {
			state = "panic"
		}
		for _, e := range path(s) {
			next := e.onError
			if state == "panic" {
				next = e.onPanic
			}
			switch next {
			case "result":
				return fmt.Sprintf("false report: %s, converted by %s (%s)", fam, e.name, s.Tool.SDK)
			case "error":
				state = "error"
			}
		}
		return fmt.Sprintf("false report: %s, client got %s (%s)", fam, j.Obs.Kind, s.Tool.SDK)
	}
	var through []string
	for _, e := range path(s) {
		through = append(through, e.name)
	}
	frame := string(s.Tool.Frame)
	if s.Tool.Frame2 != "" {
		frame += "/" + string(s.Tool.Frame2)
	}
	return fmt.Sprintf("missed: %s in %s %s, through [%s]", fam, s.Tool.SDK, frame, strings.Join(through, ", "))
}
