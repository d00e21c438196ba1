package mcp

const (
	ContentTypeText = "text"
)

const JSONRPC_VERSION = "2.0"
