module example.com/mcpgo121

go 1.26.0

require (
	github.com/mark3labs/mcp-go v1.2.1
	github.com/xeipuuv/gojsonschema v1.2.0
	github.com/yosida95/uritemplate/v3 v3.0.2
	golang.org/x/text v0.14.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2 // indirect
	github.com/spf13/cast v1.7.1 // indirect
	github.com/xeipuuv/gojsonpointer v0.0.0-20180127040702-4e3ac2762d5f // indirect
	github.com/xeipuuv/gojsonreference v0.0.0-20180127040603-bd5ef7bd5415 // indirect
)
