package server

// StdioServer wraps a MCPServer and handles stdio communication.
type StdioServer struct {
	server *MCPServer
}

// StdioOption defines a function type for configuring StdioServer
type StdioOption func(*StdioServer)

// ServeStdio is a convenience function that creates and starts a StdioServer with os.Stdin and os.Stdout.
func ServeStdio(server *MCPServer, opts ...StdioOption) error {
	s := &StdioServer{server: server}
	for _, opt := range opts {
		opt(s)
	}
	return nil
}
