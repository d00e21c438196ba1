package mcp

type (
	CallToolRequest = ServerRequest[*CallToolParamsRaw]
)
