// Command yamljson prints a YAML file as JSON, so that tests of the
// main module can check YAML (the GitHub Actions workflow, the pre-commit
// hooks) without a YAML parser in the go.mod every golangci-lint plugin
// user builds. It is its own module for that reason.
//
// Usage:
//
//	go run . FILE
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"gopkg.in/yaml.v3"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: yamljson FILE")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	out, err := json.Marshal(v)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	fmt.Printf("%s\n", out)
}
