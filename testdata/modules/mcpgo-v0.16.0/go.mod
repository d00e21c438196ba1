module example.com/mcpgo016

go 1.26.0

require github.com/mark3labs/mcp-go v0.16.0

require (
	github.com/google/uuid v1.6.0 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
)
