module example.com/mcpgo060

go 1.26.0

require github.com/mark3labs/mcp-go v0.6.0

require github.com/google/uuid v1.6.0 // indirect
