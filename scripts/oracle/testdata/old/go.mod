module example.com/oracle

go 1.26.0

require (
	github.com/mark3labs/mcp-go v0.29.0
	github.com/modelcontextprotocol/go-sdk v1.0.0
)

require (
	github.com/google/jsonschema-go v0.4.2 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/spf13/cast v1.7.1 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
)
