module github.com/mcperrlint/mcperrlint

go 1.26.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	golang.org/x/mod v0.42.0
	golang.org/x/tools v0.52.0
)

require (
	github.com/bradfitz/go-tool-cache v0.0.0-20260722201841-0bb331e19f64 // indirect
	github.com/pierrec/lz4/v4 v4.1.25 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

tool (
	github.com/bradfitz/go-tool-cache/cmd/go-cacher
	github.com/bradfitz/go-tool-cache/cmd/go-cacher-server
)
