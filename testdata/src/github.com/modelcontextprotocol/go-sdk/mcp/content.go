package mcp

// A Content is a [TextContent], [ImageContent], [AudioContent],
// [ResourceLink], or [EmbeddedResource].
type Content interface {
	MarshalJSON() ([]byte, error)
	fromWire(*wireContent)
}

// TextContent is a textual content.
type TextContent struct {
	Text        string
	Meta        Meta
	Annotations *Annotations
}

func (c *TextContent) MarshalJSON() ([]byte, error) {
	return []byte(`{"type":"text"}`), nil
}

func (c *TextContent) fromWire(wire *wireContent) {
	c.Text = wire.Text
}

// Annotations are optional annotations for the client.
type Annotations struct {
	// The moment the resource was last modified, as an ISO 8601 formatted string.
	LastModified string `json:"lastModified,omitempty"`
	// Describes how important this data is for operating the server.
	Priority float64 `json:"priority,omitempty"`
}

// wireContent is the wire format for content.
type wireContent struct {
	Type string `json:"type"`
	Text string `json:"text,omitempty"` // TextContent
}
