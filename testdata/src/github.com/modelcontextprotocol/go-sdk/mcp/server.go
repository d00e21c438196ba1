package mcp

// A Server is an instance of an MCP server.
type Server struct {
	impl *Implementation
	opts ServerOptions
}

// ServerOptions is used to configure behavior of the server.
type ServerOptions struct {
	// Optional instructions for connected clients.
	Instructions string
	// PageSize is the maximum number of items to return in a single page for
	// list methods (e.g. ListTools).
	PageSize int
}

// NewServer creates a new MCP server.
func NewServer(impl *Implementation, options *ServerOptions) *Server {
	if impl == nil {
		panic("nil Implementation")
	}
	var opts ServerOptions
	if options != nil {
		opts = *options
	}
	return &Server{impl: impl, opts: opts}
}

// AddTool adds a [Tool] to the server, or replaces one with the same name.
// The Tool argument must not be modified after this call.
//
// The tool's input schema must be non-nil and have the type "object".
func (s *Server) AddTool(t *Tool, h ToolHandler) {}

// AddTool adds a tool and typed tool handler to the server.
//
// An error returned by h becomes a tool error (IsError), except a
// *jsonrpc.Error, which becomes a protocol error.
func AddTool[In, Out any](s *Server, t *Tool, h ToolHandlerFor[In, Out]) {
	_ = h
	s.AddTool(t, nil)
}

// AddReceivingMiddleware wraps the current receiving method handler using
// the provided middleware.
func (s *Server) AddReceivingMiddleware(middleware ...Middleware) {}

// A ServerSession is a logical connection from a single MCP client.
type ServerSession struct{}

// ID returns the session ID.
func (ss *ServerSession) ID() string { return "" }

func (ss *ServerSession) receivingMethodHandler() MethodHandler { return nil }
