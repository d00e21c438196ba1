package mcp

import (
	"context"
)

// A MethodHandler handles MCP messages.
type MethodHandler func(ctx context.Context, method string, req Request) (result Result, err error)

// A Session is either a [ClientSession] or a [ServerSession].
type Session interface {
	// ID returns the session ID, or the empty string if there is none.
	ID() string

	receivingMethodHandler() MethodHandler
}

// Middleware is a function from [MethodHandler] to [MethodHandler].
type Middleware func(MethodHandler) MethodHandler

// Meta is additional metadata for requests, responses and other types.
type Meta map[string]any

// GetMeta returns metadata from a value.
func (m Meta) GetMeta() map[string]any { return m }

// SetMeta sets the metadata on a value.
func (m *Meta) SetMeta(x map[string]any) { *m = x }

// Request is a method request with parameters and additional information, such as the session.
type Request interface {
	isRequest()
	GetSession() Session
	GetParams() Params
	// GetExtra returns the Extra field for ServerRequests, and nil for ClientRequests.
	GetExtra() *RequestExtra
}

// A ServerRequest is a request to a server.
type ServerRequest[P Params] struct {
	Session *ServerSession
	Params  P
	Extra   *RequestExtra
}

// RequestExtra is extra information included in requests, typically from
// the transport layer.
type RequestExtra struct {
	Header httpHeader // header from HTTP request, if any
}

func (*ServerRequest[P]) isRequest() {}

// GetSession returns the session.
func (r *ServerRequest[P]) GetSession() Session { return r.Session }

// GetParams returns the params.
func (r *ServerRequest[P]) GetParams() Params { return r.Params }

// GetExtra returns the extra information.
func (r *ServerRequest[P]) GetExtra() *RequestExtra { return r.Extra }

// Params is a parameter (input) type for an MCP call or notification.
type Params interface {
	// GetMeta returns metadata from a value.
	GetMeta() map[string]any
	// SetMeta sets the metadata on a value.
	SetMeta(map[string]any)

	// isParams discourages implementation of Params outside of this package.
	isParams()

	// isNil returns true if the underlying value is nil.
	isNil() bool
}

// Result is a result of an MCP call.
type Result interface {
	// isResult discourages implementation of Result outside of this package.
	isResult()

	// GetMeta returns metadata from a value.
	GetMeta() map[string]any
	// SetMeta sets the metadata on a value.
	SetMeta(map[string]any)
}

// httpHeader stands for net/http's Header, the type of the real SDK's
// field (TestStubsMatchRealSDK takes one for the other): importing
// net/http would have every test that loads this stub type-check net/http
// and crypto/tls from source, 190 packages where the rest needs 60.
type httpHeader map[string][]string
