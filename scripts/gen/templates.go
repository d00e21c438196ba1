package gen

// The generated code. In a variant, NNN stands for the handler's number.
// A return that mcperrlint must report carries a want comment, and the
// variant's want field lists the categories of those comments in order.

// A variant is one kind of tool handler, with what helpers it needs.
type variant struct {
	name     string   // what it exercises
	src      string   // its declarations
	register string   // the statement that registers it in Register
	want     []string // categories of its want comments
}

// goMod and goSum are the module's requirements: the SDK versions of
// testdata/modules/gosdk-v1.8.0 and mcpgo-v1.2.1, with their sums
// (TestGeneratedGoSumFromMatrix checks that every line comes from there).
const goMod = `module MODULE

go 1.26.0

require (
	github.com/mark3labs/mcp-go v1.2.1
	github.com/modelcontextprotocol/go-sdk v1.8.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/spf13/cast v1.7.1 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.14.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)
`

const goSum = `github.com/davecgh/go-spew v1.1.1 h1:vj9j/u1bqnvCEfJOwUhtlOARqs3+rkHYY13jYWTU97c=
github.com/davecgh/go-spew v1.1.1/go.mod h1:J7Y8YcW2NihsgmVo/mv3lAwl/skON4iLHjSsI+c5H38=
github.com/dlclark/regexp2 v1.11.0 h1:G/nrcoOa7ZXlpoa/91N3X7mM3r8eIlMBBJZvsz/mxKI=
github.com/dlclark/regexp2 v1.11.0/go.mod h1:DHkYz0B9wPfa6wondMfaivmHpzrQ3v9q8cnmRbL6yW8=
github.com/frankban/quicktest v1.14.6 h1:7Xjx+VpznH+oBnejlPUj8oUpdxnVs4f8XU8WnHkI4W8=
github.com/frankban/quicktest v1.14.6/go.mod h1:4ptaffx2x8+WTWXmUCuVU6aPUX1/Mz7zb5vbUoiM6w0=
github.com/golang-jwt/jwt/v5 v5.3.1 h1:kYf81DTWFe7t+1VvL7eS+jKFVWaUnK9cB1qbwn63YCY=
github.com/golang-jwt/jwt/v5 v5.3.1/go.mod h1:fxCRLWMO43lRc8nhHWY6LGqRcf+1gQWArsqaEUEa5bE=
github.com/google/go-cmp v0.7.0 h1:wk8382ETsv4JYUZwIsn6YpYiWiBsYLSJiTsyBybVuN8=
github.com/google/go-cmp v0.7.0/go.mod h1:pXiqmnSA92OHEEa9HXL2W4E7lf9JzCmGVUdgjX3N/iU=
github.com/google/jsonschema-go v0.4.3 h1:/DBOLZTfDow7pe2GmaJNhltueGTtDKICi8V8p+DQPd0=
github.com/google/jsonschema-go v0.4.3/go.mod h1:r5quNTdLOYEz95Ru18zA0ydNbBuYoo9tgaYcxEYhJVE=
github.com/google/uuid v1.6.0 h1:NIvaJDMOsjHA8n1jAhLSgzrAzy1Hgr+hNrb57e+94F0=
github.com/google/uuid v1.6.0/go.mod h1:TIyPZe4MgqvfeYDBFedMoGGpEw/LqOeaOT+nhxU+yHo=
github.com/kr/pretty v0.3.1 h1:flRD4NNwYAUpkphVc1HcthR4KEIFJ65n8Mw5qdRn3LE=
github.com/kr/pretty v0.3.1/go.mod h1:hoEshYVHaxMs3cyo3Yncou5ZscifuDolrwPKZanG3xk=
github.com/kr/text v0.2.0 h1:5Nx0Ya0ZqY2ygV366QzturHI13Jq95ApcVaJBhpS+AY=
github.com/kr/text v0.2.0/go.mod h1:eLer722TekiGuMkidMxC/pM04lWEeraHUUmBw8l2grE=
github.com/mark3labs/mcp-go v1.2.1 h1:gd8VD3feMAVycwAM0x1nhv42Q1oLLjfOyowoUzHULB8=
github.com/mark3labs/mcp-go v1.2.1/go.mod h1:r2fW4o3wsoJ7IMsx1Wuq5xeP8PRGXPDfNveoGAYbb/s=
github.com/modelcontextprotocol/go-sdk v1.8.0 h1:KIvahhYqwtbeniWVPs3TcXEA7b8jEtwfBpOTAI+Urx4=
github.com/modelcontextprotocol/go-sdk v1.8.0/go.mod h1:dL7u98E/zjJTGzEq+j30jQ8K2k1mb6LeAH4inEcSGts=
github.com/pmezard/go-difflib v1.0.0 h1:4DBwDE0NGyQoBHbLQYPwSUPoCMWR5BEzIk/f1lZbAQM=
github.com/pmezard/go-difflib v1.0.0/go.mod h1:iKH77koFhYxTK1pcRnkKkqfTogsbg7gZNVY4sRDYZ/4=
github.com/rogpeppe/go-internal v1.14.1 h1:UQB4HGPB6osV0SQTLymcB4TgvyWu6ZyliaW0tI/otEQ=
github.com/rogpeppe/go-internal v1.14.1/go.mod h1:MaRKkUm5W0goXpeCfT7UZI6fk/L7L7so1lCWt35ZSgc=
github.com/santhosh-tekuri/jsonschema/v6 v6.0.2 h1:KRzFb2m7YtdldCEkzs6KqmJw4nqEVZGK7IN2kJkjTuQ=
github.com/santhosh-tekuri/jsonschema/v6 v6.0.2/go.mod h1:JXeL+ps8p7/KNMjDQk3TCwPpBy0wYklyWTfbkIzdIFU=
github.com/segmentio/asm v1.1.3 h1:WM03sfUOENvvKexOLp+pCqgb/WDjsi7EK8gIsICtzhc=
github.com/segmentio/asm v1.1.3/go.mod h1:Ld3L4ZXGNcSLRg4JBsZ3//1+f/TjYl0Mzen/DQy1EJg=
github.com/segmentio/encoding v0.5.4 h1:OW1VRern8Nw6ITAtwSZ7Idrl3MXCFwXHPgqESYfvNt0=
github.com/segmentio/encoding v0.5.4/go.mod h1:HS1ZKa3kSN32ZHVZ7ZLPLXWvOVIiZtyJnO1gPH1sKt0=
github.com/spf13/cast v1.7.1 h1:cuNEagBQEHWN1FnbGEjCXL2szYEXqfJPbP2HNUaca9Y=
github.com/spf13/cast v1.7.1/go.mod h1:ancEpBxwJDODSW/UG4rDrAqiKolqNNh2DX3mk86cAdo=
github.com/stretchr/testify v1.11.1 h1:7s2iGBzp5EwR7/aIZr8ao5+dra3wiQyKjjFuvgVKu7U=
github.com/stretchr/testify v1.11.1/go.mod h1:wZwfW3scLgRK+23gO65QZefKpKQRnfz6sD981Nm4B6U=
github.com/yosida95/uritemplate/v3 v3.0.2 h1:Ed3Oyj9yrmi9087+NczuL5BwkIc4wvTb5zIM+UJPGz4=
github.com/yosida95/uritemplate/v3 v3.0.2/go.mod h1:ILOh0sOhIJR3+L/8afwt/kE++YT040gmv5BQTMR2HP4=
golang.org/x/oauth2 v0.35.0 h1:Mv2mzuHuZuY2+bkyWXIHMfhNdJAdwW3FuWeCPYN5GVQ=
golang.org/x/oauth2 v0.35.0/go.mod h1:lzm5WQJQwKZ3nwavOZ3IS5Aulzxi68dUSgRHujetwEA=
golang.org/x/sync v0.24.0 h1:iqiDrGoDgyuvAKrhLQthUEzU/R378N78gXbBjxed7oA=
golang.org/x/sync v0.24.0/go.mod h1:sUUOizhqBxiL6pEWpqNLUiaJn1ShEbZ6BBqskPbjZm0=
golang.org/x/sys v0.49.0 h1:XbzkgYJHdqh/8m2Uu0W/dQv8nktxx4BFHp1M0gROTXA=
golang.org/x/sys v0.49.0/go.mod h1:hNLxWAXmnKAxqDtdwIYC4bM9oQPEecfsnNMuSxOs3og=
golang.org/x/text v0.14.0 h1:ScX5w1eTa3QqT8oi6+ziP7dTV1S2+ALU0bI+0zXKWiQ=
golang.org/x/text v0.14.0/go.mod h1:18ZOQIKpY8NJVqYksKHtTdi31H5itFRjB5/qKTNYzSU=
golang.org/x/time v0.15.0 h1:bbrp8t3bGUeFOx08pvsMYRTCVSMk89u4tKbNOZbp88U=
golang.org/x/time v0.15.0/go.mod h1:Y4YMaQmXwGQZoFaVFk4YpCt4FLQMYKZe9oeV/f4MSno=
golang.org/x/tools v0.42.0 h1:uNgphsn75Tdz5Ji2q36v/nsFSfR/9BRFvqhGBaJGd5k=
golang.org/x/tools v0.42.0/go.mod h1:Ma6lCIwGZvHK6XtgbswSoWroEkhugApmsXyrUmBhfr0=
gopkg.in/yaml.v3 v3.0.1 h1:fxVm/GzAzEWqLHuvctI91KS9hhNmmWOoWu0XTYJS7CA=
gopkg.in/yaml.v3 v3.0.1/go.mod h1:K4uyk7z7BCEPqu6E+C64Yfv1cQ7kz7rIZviUmN+EgEM=
`

// backendSrc is a package with no MCP code, which every tool calls: its
// errors are business errors, never argument errors.
const backendSrc = `// A Client is a connection to the service.
type Client struct {
	name string
	mu   sync.Mutex
	data map[string]string
}

// New returns a client named name.
func New(name string) *Client {
	return &Client{name: name, data: make(map[string]string)}
}

// Lookup returns the value stored under key.
func (c *Client) Lookup(ctx context.Context, key string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("%s: %w", c.name, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.data[key]
	if !ok {
		return "", fmt.Errorf("%s: %q not found", c.name, key)
	}
	return v, nil
}

// Store stores value under key.
func (c *Client) Store(ctx context.Context, key, value string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.data) >= 1<<20 {
		return errors.New(c.name + ": full")
	}
	c.data[key] = value
	return nil
}
`

// gosdkCommon holds the helpers of a go-sdk package.
const gosdkCommon = `var client = backend.New("go-sdk")

var schema = map[string]any{"type": "object"}

// errorResult returns msg as a tool execution error.
func errorResult(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// wrap decodes the arguments into In and calls h, whose errors it
// returns as its own: they reach the client as protocol errors.
func wrap[In any](h func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, any, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in In
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return errorResult("invalid arguments: " + err.Error()), nil
		}
		res, _, err := h(ctx, req, in)
		return res, err
	}
}
`

var gosdkVariants = []variant{
	{
		name: "go-sdk raw, correct",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Name string ` + "`json:\"name\"`" + `
	Days int    ` + "`json:\"days\"`" + `
}

// toolNNN reports bad arguments as tool errors.
func toolNNN(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args ArgsNNN
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return errorResult("invalid arguments: " + err.Error()), nil
	}
	if args.Name == "" {
		return errorResult("name is required"), nil
	}
	v, err := client.Lookup(ctx, args.Name)
	if err != nil {
		return nil, fmt.Errorf("lookup %s: %w", args.Name, err)
	}
	return textResult(fmt.Sprintf("%s for %d days", v, args.Days)), nil
}
`,
		register: `s.AddTool(&mcp.Tool{Name: "toolNNN", InputSchema: schema}, toolNNN)`,
	},
	{
		name: "go-sdk raw, decode and range errors",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Name string ` + "`json:\"name\"`" + `
	Days int    ` + "`json:\"days\"`" + `
}

func toolNNN(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args ArgsNNN
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, fmt.Errorf("invalid arguments: %w", err) // want "argument decoding error"
	}
	if args.Days < 1 || args.Days > 14 {
		return nil, fmt.Errorf("days must be between 1 and 14, got %d", args.Days) // want "argument validation error"
	}
	v, err := client.Lookup(ctx, args.Name)
	if err != nil {
		return nil, err
	}
	return textResult(v), nil
}
`,
		register: `s.AddTool(&mcp.Tool{Name: "toolNNN", InputSchema: schema}, toolNNN)`,
		want:     []string{"decode", "validate"},
	},
	{
		name: "go-sdk raw, forwarding to a helper that validates",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Name string ` + "`json:\"name\"`" + `
}

func toolNNN(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args ArgsNNN
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return errorResult(err.Error()), nil
	}
	return runNNN(ctx, args)
}

// runNNN does toolNNN's work; toolNNN returns its error as its own.
func runNNN(ctx context.Context, args ArgsNNN) (*mcp.CallToolResult, error) {
	if args.Name == "" {
		return nil, errors.New("name is required") // want "` + "`runNNN`" + ` returns an argument validation error"
	}
	v, err := client.Lookup(ctx, args.Name)
	if err != nil {
		return nil, fmt.Errorf("lookup: %w", err)
	}
	return textResult(v), nil
}
`,
		register: `s.AddTool(&mcp.Tool{Name: "toolNNN", InputSchema: schema}, toolNNN)`,
		want:     []string{"validate"},
	},
	{
		name: "go-sdk typed, correct",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Name string ` + "`json:\"name\"`" + `
}

// OutNNN is the output of toolNNN.
type OutNNN struct {
	Value string ` + "`json:\"value\"`" + `
}

// toolNNN's plain errors become tool errors: the SDK wraps them.
func toolNNN(ctx context.Context, req *mcp.CallToolRequest, in ArgsNNN) (*mcp.CallToolResult, OutNNN, error) {
	if in.Name == "" {
		return nil, OutNNN{}, errors.New("name is required")
	}
	v, err := client.Lookup(ctx, in.Name)
	if err != nil {
		return nil, OutNNN{}, fmt.Errorf("lookup: %w", err)
	}
	return nil, OutNNN{Value: v}, nil
}
`,
		register: `mcp.AddTool(s, &mcp.Tool{Name: "toolNNN"}, toolNNN)`,
	},
	{
		name: "go-sdk typed, InvalidParams error",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Name string ` + "`json:\"name\"`" + `
	Days int    ` + "`json:\"days\"`" + `
}

// OutNNN is the output of toolNNN.
type OutNNN struct {
	Value string ` + "`json:\"value\"`" + `
}

func toolNNN(ctx context.Context, req *mcp.CallToolRequest, in ArgsNNN) (*mcp.CallToolResult, OutNNN, error) {
	if in.Days < 0 {
		return nil, OutNNN{}, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "days must not be negative"} // want "InvalidParams protocol error"
	}
	v, err := client.Lookup(ctx, in.Name)
	if err != nil {
		return nil, OutNNN{}, err
	}
	return nil, OutNNN{Value: v}, nil
}
`,
		register: `mcp.AddTool(s, &mcp.Tool{Name: "toolNNN"}, toolNNN)`,
		want:     []string{"invalid-params"},
	},
	{
		name: "go-sdk typed-looking function behind the generic wrapper",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Name string ` + "`json:\"name\"`" + `
}

// toolNNN is called by wrap, a raw handler, which returns its errors.
func toolNNN(ctx context.Context, req *mcp.CallToolRequest, args ArgsNNN) (*mcp.CallToolResult, any, error) {
	if args.Name == "" {
		return nil, nil, fmt.Errorf("name is required") // want "` + "`toolNNN`" + ` returns an argument validation error"
	}
	v, err := client.Lookup(ctx, args.Name)
	if err != nil {
		return nil, nil, err
	}
	return textResult(v), nil, nil
}
`,
		register: `s.AddTool(&mcp.Tool{Name: "toolNNN", InputSchema: schema}, wrap(toolNNN))`,
		want:     []string{"validate"},
	},
	{
		name: "go-sdk raw, parse and enum errors",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Limit string ` + "`json:\"limit\"`" + `
	Units string ` + "`json:\"units\"`" + `
}

func toolNNN(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args ArgsNNN
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return errorResult(err.Error()), nil
	}
	limit, err := strconv.Atoi(args.Limit)
	if err != nil {
		return nil, fmt.Errorf("limit: %w", err) // want "argument validation error"
	}
	switch args.Units {
	case "", "metric", "imperial":
	default:
		return nil, fmt.Errorf("unknown units %q", args.Units) // want "argument validation error"
	}
	v, err := client.Lookup(ctx, strings.Repeat("x", limit))
	if err != nil {
		return nil, err
	}
	return textResult(v + " " + args.Units), nil
}
`,
		register: `s.AddTool(&mcp.Tool{Name: "toolNNN", InputSchema: schema}, toolNNN)`,
		want:     []string{"validate", "validate"},
	},
	{
		name: "go-sdk raw method, decode error",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Key   string ` + "`json:\"key\"`" + `
	Value string ` + "`json:\"value\"`" + `
}

// serviceNNN holds the dependencies of its toolNNN method.
type serviceNNN struct {
	store *backend.Client
}

func (s *serviceNNN) toolNNN(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args ArgsNNN
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // want "argument decoding error"
	}
	if err := s.store.Store(ctx, args.Key, args.Value); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return textResult("stored"), nil
}
`,
		register: `s.AddTool(&mcp.Tool{Name: "toolNNN", InputSchema: schema}, (&serviceNNN{store: client}).toolNNN)`,
		want:     []string{"decode"},
	},
}

// mcpgoCommon holds the helpers of an mcp-go package.
const mcpgoCommon = `var client = backend.New("mcp-go")

// wrapErr logs err and returns it with context, keeping its origin.
func wrapErr(msg string, err error) error {
	log.Printf("%s: %v", msg, err)
	return fmt.Errorf("%s: %w", msg, err)
}

// logging is middleware: it forwards what the handler returns.
func logging(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		start := time.Now()
		res, err := next(ctx, req)
		log.Printf("%s took %v", req.Params.Name, time.Since(start))
		return res, err
	}
}
`

var mcpgoVariants = []variant{
	{
		name: "mcp-go raw, correct",
		src: `// toolNNN reports bad arguments as tool errors.
func toolNNN(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	city, err := req.RequireString("city")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	days := req.GetInt("days", 1)
	if days < 1 || days > 14 {
		return mcp.NewToolResultErrorf("days must be between 1 and 14, got %d", days), nil
	}
	v, err := client.Lookup(ctx, city)
	if err != nil {
		return nil, fmt.Errorf("lookup: %w", err)
	}
	return mcp.NewToolResultText(v), nil
}
`,
		register: `s.AddTool(mcp.NewTool("toolNNN", mcp.WithString("city", mcp.Required()), mcp.WithNumber("days")), toolNNN)`,
	},
	{
		name: "mcp-go raw, Require and range errors, behind middleware",
		src: `func toolNNN(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	city, err := req.RequireString("city")
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	days := req.GetInt("days", 1)
	if days < 1 || days > 14 {
		return nil, fmt.Errorf("days must be between 1 and 14, got %d", days) // want "argument validation error"
	}
	v, err := client.Lookup(ctx, city)
	if err != nil {
		return nil, fmt.Errorf("lookup: %w", err)
	}
	return mcp.NewToolResultText(v), nil
}
`,
		register: `s.AddTool(mcp.NewTool("toolNNN", mcp.WithString("city", mcp.Required()), mcp.WithNumber("days")), logging(toolNNN))`,
		want:     []string{"decode", "validate"},
	},
	{
		name: "mcp-go raw, assertion, bind and InvalidParams errors",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Query string ` + "`json:\"query\"`" + `
	Limit int    ` + "`json:\"limit\"`" + `
}

func toolNNN(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, ok := req.GetArguments()["query"].(string); !ok {
		return nil, errors.New("query must be a string") // want "argument decoding error"
	}
	var args ArgsNNN
	if err := req.BindArguments(&args); err != nil {
		return nil, fmt.Errorf("bind arguments: %w", err) // want "argument decoding error"
	}
	if args.Limit > 100 {
		return nil, fmt.Errorf("%w: limit too large", mcp.ErrInvalidParams) // want "InvalidParams protocol error"
	}
	v, err := client.Lookup(ctx, args.Query)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(v), nil
}
`,
		register: `s.AddTool(mcp.NewTool("toolNNN", mcp.WithString("query", mcp.Required()), mcp.WithNumber("limit")), toolNNN)`,
		want:     []string{"decode", "decode", "invalid-params"},
	},
	{
		name: "mcp-go typed (NewTypedToolHandler), validation error",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Message string ` + "`json:\"message\"`" + `
	Times   int    ` + "`json:\"times\"`" + `
}

// toolNNN's errors pass through NewTypedToolHandler as protocol errors.
func toolNNN(ctx context.Context, req mcp.CallToolRequest, args ArgsNNN) (*mcp.CallToolResult, error) {
	if args.Times > 10 {
		return nil, fmt.Errorf("times must be at most 10, got %d", args.Times) // want "argument validation error"
	}
	return mcp.NewToolResultText(strings.Repeat(args.Message, args.Times)), nil
}
`,
		register: `s.AddTool(mcp.NewTool("toolNNN", mcp.WithString("message"), mcp.WithNumber("times")), mcp.NewTypedToolHandler(toolNNN))`,
		want:     []string{"validate"},
	},
	{
		name: "mcp-go raw, decode error through a logging helper",
		src: `func toolNNN(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	city, err := req.RequireString("city")
	if err != nil {
		return nil, wrapErr("city", err) // want "argument decoding error"
	}
	v, err := client.Lookup(ctx, city)
	if err != nil {
		return nil, wrapErr("lookup", err)
	}
	return mcp.NewToolResultText(v), nil
}
`,
		register: `s.AddTool(mcp.NewTool("toolNNN", mcp.WithString("city", mcp.Required())), toolNNN)`,
		want:     []string{"decode"},
	},
	{
		name: "mcp-go structured (NewStructuredToolHandler), correct",
		src: `// ArgsNNN are the arguments of toolNNN.
type ArgsNNN struct {
	Amount float64 ` + "`json:\"amount\"`" + `
}

// OutNNN is the output of toolNNN.
type OutNNN struct {
	Value float64 ` + "`json:\"value\"`" + `
}

// toolNNN's errors become tool errors: NewStructuredToolHandler wraps them.
func toolNNN(ctx context.Context, req mcp.CallToolRequest, args ArgsNNN) (OutNNN, error) {
	if args.Amount <= 0 {
		return OutNNN{}, errors.New("amount must be positive")
	}
	return OutNNN{Value: args.Amount * 1.1}, nil
}
`,
		register: `s.AddTool(mcp.NewTool("toolNNN", mcp.WithNumber("amount")), mcp.NewStructuredToolHandler(toolNNN))`,
	},
}
