package sdk

import "testing"

func TestInSDK(t *testing.T) {
	for path, want := range map[string]bool{
		"github.com/mark3labs/mcp-go/server":                     true,
		"github.com/mark3labs/mcp-go":                            true,
		"github.com/modelcontextprotocol/go-sdk/mcp":             true,
		"example.com/app/vendor/github.com/mark3labs/mcp-go/mcp": true,
		"github.com/mark3labs/mcp-gofish":                        false,
		"github.com/modelcontextprotocol/go-sdk-extras/tools":    false,
		"example.com/app/tools":                                  false,
	} {
		if got := Default.InSDK(path); got != want {
			t.Errorf("InSDK(%q) = %v, want %v", path, got, want)
		}
	}
}
